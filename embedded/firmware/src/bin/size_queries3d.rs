//! The 3D size and stack probe with the kernel's queries: `distance` of
//! `ConvexPoints<f32, 8>` against itself, a `Sphere` and a `Capsule3` (see
//! `gjk_firmware::probe3`), each generic over the concrete shapes as a user writes
//! them, with `Transform3` placements: the same call as in the plane, in 3D.
//!
//! Like `size-queries`, its panic handler calls a symbol that exists nowhere, so this
//! firmware links only when the optimizer removed every panic path from the 3D query
//! code.
#![no_std]
#![no_main]

use cortex_m_rt::entry;
use gjk_core::distance;
use gjk_firmware::probe3::{Distance3, Queries3, Scene3, probe3};

/// The kernel's queries.
struct Kernel;

impl Queries3 for Kernel {
    #[inline(never)]
    fn distance_hulls(s: &Scene3) -> Distance3 {
        distance(&s.hull, s.xf_hull, &s.hull, s.xf_other)
    }

    #[inline(never)]
    fn distance_hull_sphere(s: &Scene3) -> Distance3 {
        distance(&s.hull, s.xf_hull, &s.sphere, s.xf_other)
    }

    #[inline(never)]
    fn distance_hull_capsule(s: &Scene3) -> Distance3 {
        distance(&s.hull, s.xf_hull, &s.capsule, s.xf_other)
    }
}

#[entry]
fn main() -> ! {
    probe3::<Kernel>()
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    #[expect(unsafe_code, reason = "declares the symbol that must stay unresolved")]
    unsafe extern "C" {
        /// Defined nowhere: referencing it makes the link fail.
        fn gjk_panic_path_survives_in_query_code() -> !;
    }
    #[expect(
        unsafe_code,
        reason = "the call only has to exist for the link to fail"
    )]
    unsafe {
        gjk_panic_path_survives_in_query_code()
    }
}
