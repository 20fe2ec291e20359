//! The size probe without the kernel: the same scene, stack painting and output as
//! `size-queries`, with stand-ins that consume the inputs and return fixed answers.
//! `.text` of `size-queries` minus `.text` of this is the code the queries bring in.
#![no_std]
#![no_main]

use core::hint::black_box;

use cortex_m_rt::entry;
use gjk_core::{CastOutput, CastStatus, DistanceOutput, DistanceStatus, Vec2};
use gjk_firmware::probe::{Queries, Scene, probe};

/// Stand-ins for the queries.
struct StandIn;

/// A fixed distance answer, after letting the optimizer believe the scene is used.
fn no_distance(s: &Scene) -> DistanceOutput<f32> {
    black_box(s);
    DistanceOutput {
        distance: 0.0,
        witness_a: Vec2::ZERO,
        witness_b: Vec2::ZERO,
        normal: Vec2::ZERO,
        iterations: 0,
        status: DistanceStatus::Separated,
    }
}

/// A fixed cast answer, after letting the optimizer believe the scene is used.
fn no_cast(s: &Scene) -> CastOutput<f32> {
    black_box(s);
    CastOutput {
        fraction: 0.0,
        point: Vec2::ZERO,
        normal: Vec2::ZERO,
        iterations: 0,
        status: CastStatus::Hit,
    }
}

impl Queries for StandIn {
    #[inline(never)]
    fn distance_polygons(s: &Scene) -> DistanceOutput<f32> {
        no_distance(s)
    }

    #[inline(never)]
    fn distance_polygon_circle(s: &Scene) -> DistanceOutput<f32> {
        no_distance(s)
    }

    #[inline(never)]
    fn ray_polygon(s: &Scene) -> CastOutput<f32> {
        no_cast(s)
    }

    #[inline(never)]
    fn ray_circle(s: &Scene) -> CastOutput<f32> {
        no_cast(s)
    }

    #[inline(never)]
    fn cast_polygons(s: &Scene) -> CastOutput<f32> {
        no_cast(s)
    }

    #[inline(never)]
    fn cast_polygon_circle(s: &Scene) -> CastOutput<f32> {
        no_cast(s)
    }

    #[inline(never)]
    fn ray_circle_from_inside(s: &Scene) -> CastOutput<f32> {
        no_cast(s)
    }

    #[inline(never)]
    fn cast_polygon_circle_from_inside(s: &Scene) -> CastOutput<f32> {
        no_cast(s)
    }
}

#[entry]
fn main() -> ! {
    probe::<StandIn>()
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
