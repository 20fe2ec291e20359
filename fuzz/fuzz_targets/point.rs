//! `project_point`, the shapes' closed-form `project_point` and `contains_point`: no
//! panic, typed statuses, finite answers for tame input, `point = surface_point + normal *
//! signed_distance`, the closed form and the generic query agreeing on the signed
//! distance, and `contains_point` agreeing with the sign outside the touching band.
#![no_main]

use gjk_core::{PointProjection, Transform, Vec2, contains_point, project_point};
use gjk_fuzz::{P, Placement, Shape, ShapeSpec, check_projection, tame_scale};
use libfuzzer_sys::fuzz_target;

/// See `distance.rs`.
const TOLERANCE: f32 = 1e-4;

fn closed_form(
    shape: &Shape,
    xf: Transform<f32>,
    point: Vec2<f32>,
) -> Option<PointProjection<f32>> {
    Some(match shape {
        Shape::Point(s) => s.project_point(xf, point),
        Shape::Circle(s) => s.project_point(xf, point),
        Shape::Segment(s) => s.project_point(xf, point),
        Shape::Capsule(s) => s.project_point(xf, point),
        Shape::Rect(s) => s.project_point(xf, point),
        Shape::Polygon(s) => s.project_point(xf, point),
        Shape::Ellipse(s) => s.project_point(xf, point),
        Shape::Rounded(_) => return None,
    })
}

fuzz_target!(|input: (ShapeSpec, Placement, P)| {
    let (spec, place, point) = input;
    let Ok(shape) = spec.build() else {
        return;
    };
    let (xf, point) = (place.transform(), point.v());
    let generic = project_point(&shape, xf, point);
    let fast = closed_form(&shape, xf, point);
    let contains = contains_point(&shape, xf, point);
    let valid = xf.is_valid() && point.is_finite();
    let slack = tame_scale(&[(&shape, xf)])
        .map(|scale| scale.max(point.x.abs()).max(point.y.abs()))
        .filter(|&reach| reach <= 1e15)
        .map(|reach| TOLERANCE * reach);
    check_projection(generic, fast, contains, point, valid, slack);
});
