//! The size and stack probe with the kernel's queries: distance, ray cast and shape
//! cast on `Polygon<f32, 8>` and `Circle` (see `gjk_firmware::probe`), each query
//! generic over the concrete shapes, as a user writes them: six monomorphized copies.
//! The rays take the kernel's GJK ray cast, `support_ray_cast`. `ray_cast` would add
//! the two shapes' closed-form casts, faster and about 2.1 KB larger at opt-level "z"
//! on the Cortex-M4F: a firmware short of flash calls `support_ray_cast`.
//!
//! The panic handler calls a symbol that exists nowhere, so this firmware links only
//! when the optimizer removed every panic path from the query code: a surviving bounds
//! check, `unwrap` or overflow check fails the build. `cargo xtask size` builds it with
//! the `deliberate-panic` feature too, and expects that link to fail.
#![no_std]
#![no_main]

use cortex_m_rt::entry;
use gjk_core::{CastOutput, DistanceOutput, distance, shape_cast, support_ray_cast};
use gjk_firmware::probe::{Queries, Scene, probe};

/// The kernel's queries.
struct Kernel;

impl Queries for Kernel {
    #[inline(never)]
    fn distance_polygons(s: &Scene) -> DistanceOutput<f32> {
        distance(&s.octagon, s.xf_octagon, &s.octagon, s.xf_other)
    }

    #[inline(never)]
    fn distance_polygon_circle(s: &Scene) -> DistanceOutput<f32> {
        distance(&s.octagon, s.xf_octagon, &s.circle, s.xf_other)
    }

    #[inline(never)]
    fn ray_polygon(s: &Scene) -> CastOutput<f32> {
        support_ray_cast(&s.octagon, s.xf_octagon, s.ray)
    }

    #[inline(never)]
    fn ray_circle(s: &Scene) -> CastOutput<f32> {
        support_ray_cast(&s.circle, s.xf_other, s.ray)
    }

    #[inline(never)]
    fn cast_polygons(s: &Scene) -> CastOutput<f32> {
        deliberate_panic();
        shape_cast(&s.octagon, s.xf_octagon, &s.octagon, s.xf_other, s.cast)
    }

    #[inline(never)]
    fn cast_polygon_circle(s: &Scene) -> CastOutput<f32> {
        shape_cast(&s.octagon, s.xf_octagon, &s.circle, s.xf_other, s.cast)
    }

    #[inline(never)]
    fn ray_circle_from_inside(s: &Scene) -> CastOutput<f32> {
        support_ray_cast(&s.circle, s.xf_other, s.ray_inside)
    }

    #[inline(never)]
    fn cast_polygon_circle_from_inside(s: &Scene) -> CastOutput<f32> {
        shape_cast(
            &s.octagon,
            s.xf_octagon,
            &s.circle,
            s.xf_circle_inside,
            s.cast,
        )
    }
}

/// With the `deliberate-panic` feature: an index the optimizer cannot prove in
/// bounds, whose panic path must make the link fail.
#[inline(always)]
fn deliberate_panic() {
    #[cfg(feature = "deliberate-panic")]
    {
        use core::hint::black_box;
        let slots = black_box([0_u8; 4]);
        black_box(slots[black_box(4_usize)]);
    }
}

#[entry]
fn main() -> ! {
    probe::<Kernel>()
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
