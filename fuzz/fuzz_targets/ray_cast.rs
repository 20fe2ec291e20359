//! The GJK ray cast (`support_ray_cast`) and the shapes' analytic ray casts: no
//! panic, outputs in range, both hit points on the surface; and `ray_cast` answers
//! with the analytic cast, bit for bit, where the shape has one.
#![no_main]

use gjk_core::{CastOutput, CastStatus, Ray, Transform, distance, ray_cast, support_ray_cast};
use gjk_fuzz::{Num, P, Placement, Shape, ShapeSpec, tame_scale};
use gjk_shapes::Point;
use libfuzzer_sys::fuzz_target;

/// See `distance.rs`; casts are held to their own bar of 5e-6, so 20 times that.
const TOLERANCE: f32 = 1e-4;

fn analytic(shape: &Shape, xf: Transform<f32>, ray: Ray<f32>) -> Option<CastOutput<f32>> {
    Some(match shape {
        Shape::Point(s) => s.ray_cast(xf, ray),
        Shape::Circle(s) => s.ray_cast(xf, ray),
        Shape::Segment(s) => s.ray_cast(xf, ray),
        Shape::Capsule(s) => s.ray_cast(xf, ray),
        Shape::Rect(s) => s.ray_cast(xf, ray),
        Shape::Polygon(s) => s.ray_cast(xf, ray),
        Shape::Ellipse(s) => s.ray_cast(xf, ray),
        Shape::Rounded(_) => return None,
    })
}

fuzz_target!(|input: (ShapeSpec, Placement, P, P, Num)| {
    let (spec, place, origin, translation, max_fraction) = input;
    let Ok(shape) = spec.build() else {
        return;
    };
    let xf = place.transform();
    let ray = Ray {
        origin: origin.v(),
        translation: translation.v(),
        max_fraction: max_fraction.0,
    };
    let generic = support_ray_cast(&shape, xf, ray);
    let fast = analytic(&shape, xf, ray);
    let chosen = ray_cast(&shape, xf, ray);
    let same = |a: &CastOutput<f32>, b: &CastOutput<f32>| {
        let bits = |o: &CastOutput<f32>| {
            [o.fraction, o.point.x, o.point.y, o.normal.x, o.normal.y].map(f32::to_bits)
        };
        bits(a) == bits(b) && a.status == b.status && a.iterations == b.iterations
    };
    assert!(
        same(&chosen, fast.as_ref().unwrap_or(&generic)),
        "{chosen:?}"
    );
    for out in [Some(generic), fast].into_iter().flatten() {
        if out.status == CastStatus::Hit {
            assert!(
                out.fraction >= 0.0 && out.fraction <= ray.max_fraction,
                "{out:?}"
            );
            assert!(out.point.is_finite(), "{out:?}");
        }
    }
    let (Some(fast), Some(scale)) = (fast, tame_scale(&[(&shape, xf)])) else {
        return;
    };
    let reach = ray.origin.length() + ray.translation.length() * ray.max_fraction;
    if !reach.is_finite() || reach > 1e15 {
        return;
    }
    // Where both hit, each hit point lies on the shape's surface. (The points
    // themselves may differ by far more than the rounding near tangency, where the
    // crossing is ill-conditioned: a grazing ray's hit moves by sqrt(r * rounding).)
    let slack = TOLERANCE * scale.max(reach);
    for out in [generic, fast] {
        if out.status == CastStatus::Hit {
            let Ok(probe) = Point::new(out.point) else {
                continue;
            };
            let gap = distance(&probe, Transform::IDENTITY, &shape, xf).distance;
            assert!(gap <= slack, "hit {gap} off the surface: {out:?}");
        }
    }
});
