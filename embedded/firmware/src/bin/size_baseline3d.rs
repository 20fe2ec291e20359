//! The 3D size probe without the kernel: the same scene, stack painting and output as
//! `size-queries3d`, with stand-ins that consume the inputs and return a fixed answer.
//! `.text` of `size-queries3d` minus `.text` of this is the code the 3D queries bring
//! in.
#![no_std]
#![no_main]

use core::hint::black_box;

use cortex_m_rt::entry;
use gjk_core::{DistanceStatus, Vec3};
use gjk_firmware::probe3::{Distance3, Queries3, Scene3, probe3};

/// Stand-ins for the queries.
struct StandIn;

/// A fixed distance answer, after letting the optimizer believe the scene is used.
fn no_distance(s: &Scene3) -> Distance3 {
    black_box(s);
    Distance3 {
        distance: 0.0,
        witness_a: Vec3::ZERO,
        witness_b: Vec3::ZERO,
        normal: Vec3::ZERO,
        iterations: 0,
        status: DistanceStatus::Separated,
    }
}

impl Queries3 for StandIn {
    #[inline(never)]
    fn distance_hulls(s: &Scene3) -> Distance3 {
        no_distance(s)
    }

    #[inline(never)]
    fn distance_hull_sphere(s: &Scene3) -> Distance3 {
        no_distance(s)
    }

    #[inline(never)]
    fn distance_hull_capsule(s: &Scene3) -> Distance3 {
        no_distance(s)
    }
}

#[entry]
fn main() -> ! {
    probe3::<StandIn>()
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
