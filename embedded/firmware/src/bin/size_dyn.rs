//! The size and stack probe with the kernel's queries on `&dyn Support<f32>`: the same
//! distance, ray cast and shape cast on `Polygon<f32, 8>` and `Circle` as
//! `size-queries`, with one copy of each query for all shapes, the support functions
//! called through a vtable. The smallest way to use several queries on several shapes.
//!
//! Like `size-queries`, it links only if no panic path survives in the query code.
#![no_std]
#![no_main]

use cortex_m_rt::entry;
use gjk_core::{
    CastOutput, DistanceOutput, Ray, ShapeCastInput, Support, Transform, distance, ray_cast,
    shape_cast,
};
use gjk_firmware::probe::{Queries, Scene, probe};

/// The kernel's queries.
struct Kernel;

impl Queries for Kernel {
    #[inline(never)]
    fn distance_polygons(s: &Scene) -> DistanceOutput<f32> {
        one_distance(polygon(s), s.xf_octagon, polygon(s), s.xf_other)
    }

    #[inline(never)]
    fn distance_polygon_circle(s: &Scene) -> DistanceOutput<f32> {
        one_distance(polygon(s), s.xf_octagon, circle(s), s.xf_other)
    }

    #[inline(never)]
    fn ray_polygon(s: &Scene) -> CastOutput<f32> {
        one_ray_cast(polygon(s), s.xf_octagon, s.ray)
    }

    #[inline(never)]
    fn ray_circle(s: &Scene) -> CastOutput<f32> {
        one_ray_cast(circle(s), s.xf_other, s.ray)
    }

    #[inline(never)]
    fn cast_polygons(s: &Scene) -> CastOutput<f32> {
        one_shape_cast(polygon(s), s.xf_octagon, polygon(s), s.xf_other, s.cast)
    }

    #[inline(never)]
    fn cast_polygon_circle(s: &Scene) -> CastOutput<f32> {
        one_shape_cast(polygon(s), s.xf_octagon, circle(s), s.xf_other, s.cast)
    }

    #[inline(never)]
    fn ray_circle_from_inside(s: &Scene) -> CastOutput<f32> {
        one_ray_cast(circle(s), s.xf_other, s.ray_inside)
    }

    #[inline(never)]
    fn cast_polygon_circle_from_inside(s: &Scene) -> CastOutput<f32> {
        one_shape_cast(
            polygon(s),
            s.xf_octagon,
            circle(s),
            s.xf_circle_inside,
            s.cast,
        )
    }
}

/// The one copy of `distance`.
#[inline(never)]
fn one_distance(
    a: &dyn Support<f32>,
    xf_a: Transform<f32>,
    b: &dyn Support<f32>,
    xf_b: Transform<f32>,
) -> DistanceOutput<f32> {
    distance(a, xf_a, b, xf_b)
}

/// The one copy of `ray_cast`: on `dyn Support`, the GJK ray cast.
#[inline(never)]
fn one_ray_cast(shape: &dyn Support<f32>, xf: Transform<f32>, ray: Ray<f32>) -> CastOutput<f32> {
    ray_cast(shape, xf, ray)
}

/// The one copy of `shape_cast`.
#[inline(never)]
fn one_shape_cast(
    a: &dyn Support<f32>,
    xf_a: Transform<f32>,
    b: &dyn Support<f32>,
    xf_b: Transform<f32>,
    cast: ShapeCastInput<f32>,
) -> CastOutput<f32> {
    shape_cast(a, xf_a, b, xf_b, cast)
}

/// The octagon as a trait object.
fn polygon(s: &Scene) -> &dyn Support<f32> {
    &s.octagon
}

/// The circle as a trait object.
fn circle(s: &Scene) -> &dyn Support<f32> {
    &s.circle
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
