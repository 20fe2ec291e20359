//! The 3D queries, `distance`, `intersects`, `penetration`, `project_point` (generic
//! and closed forms) and `contains_point`: no panic, typed statuses, finite answers
//! for tame input, `witness_b = witness_a - depth * normal`, B moved out along the
//! normal by the depth (and a little) no longer overlapping, the queries agreeing on
//! the classification outside the touching band, and `point = surface_point + normal
//! * signed_distance` with the closed forms and the generic projection agreeing.
#![no_main]

use gjk_core::{
    DistanceStatus, PenetrationStatus, PointProjection, QueryError, Transform3, Vec3,
    contains_point, distance, intersects, penetration, project_point,
};
use gjk_fuzz::{P3, Placement3, Shape3, ShapeSpec3, check_projection, tame_scale3};
use libfuzzer_sys::fuzz_target;

/// See `distance.rs`.
const TOLERANCE: f32 = 1e-4;

fn closed_form(
    shape: &Shape3,
    xf: Transform3<f32>,
    point: Vec3<f32>,
) -> Option<PointProjection<f32, Vec3<f32>>> {
    Some(match shape {
        Shape3::Point(s) => s.project_point(xf, point),
        Shape3::Sphere(s) => s.project_point(xf, point),
        Shape3::Segment(s) => s.project_point(xf, point),
        Shape3::Capsule(s) => s.project_point(xf, point),
        Shape3::Cuboid(s) => s.project_point(xf, point),
        Shape3::Triangle(s) => s.project_point(xf, point),
        Shape3::Cylinder(s) => s.project_point(xf, point),
        Shape3::Cone(s) => s.project_point(xf, point),
        Shape3::Ellipsoid(s) => s.project_point(xf, point),
        Shape3::RoundedCuboid(_) | Shape3::Points(_) => return None,
    })
}

fn projection(shape: &Shape3, xf: Transform3<f32>, point: Vec3<f32>) {
    let generic = project_point(shape, xf, point);
    let fast = closed_form(shape, xf, point);
    let contains = contains_point(shape, xf, point);
    let valid = xf.is_valid() && point.is_finite();
    let slack = tame_scale3(&[(shape, xf)])
        .map(|scale| scale.max(point.max_abs()))
        .filter(|&reach| reach <= 1e15)
        .map(|reach| TOLERANCE * reach);
    check_projection(generic, fast, contains, point, valid, slack);
}

fuzz_target!(
    |input: (ShapeSpec3, Placement3, ShapeSpec3, Placement3, P3)| {
        let (spec_a, place_a, spec_b, place_b, point) = input;
        let (Ok(a), Ok(b)) = (spec_a.build(), spec_b.build()) else {
            return;
        };
        let (xf_a, xf_b) = (place_a.transform(), place_b.transform());
        projection(&a, xf_a, point.v());

        let apart = distance(&a, xf_a, &b, xf_b);
        let deep = penetration(&a, xf_a, &b, xf_b);
        let overlap = intersects(&a, xf_a, &b, xf_b);
        if !(xf_a.is_valid() && xf_b.is_valid()) {
            assert_eq!(deep.status, PenetrationStatus::InvalidInput, "{deep:?}");
            assert_eq!(overlap, Err(QueryError::InvalidInput));
            return;
        }
        let Some(scale) = tame_scale3(&[(&a, xf_a), (&b, xf_b)]) else {
            return;
        };
        let slack = TOLERANCE * scale;
        assert!(
            matches!(
                deep.status,
                PenetrationStatus::Penetrating
                    | PenetrationStatus::Separated
                    | PenetrationStatus::MaxIterations
            ),
            "{deep:?} for tame input"
        );
        assert!(deep.depth.is_finite(), "{deep:?}");
        assert!((deep.normal.length() - 1.0).abs() < 1e-3, "{deep:?}");
        assert!(
            deep.witness_a.is_finite() && deep.witness_b.is_finite(),
            "{deep:?}"
        );
        let rebuilt = deep.witness_a - deep.normal * deep.depth;
        assert!(
            (rebuilt - deep.witness_b).length() <= slack,
            "witness_b != witness_a - depth * normal: {deep:?}"
        );
        let capped = deep.status == PenetrationStatus::MaxIterations
            || apart.status == DistanceStatus::MaxIterations;
        if capped {
            return;
        }
        if apart.status == DistanceStatus::Separated && apart.distance > slack {
            assert_eq!(
                deep.status,
                PenetrationStatus::Separated,
                "{deep:?} vs {apart:?}"
            );
            assert!(
                (deep.depth + apart.distance).abs() <= slack,
                "{deep:?} vs {apart:?}"
            );
        }
        if deep.status == PenetrationStatus::Penetrating && deep.depth > slack {
            assert_eq!(
                apart.status,
                DistanceStatus::Overlapping,
                "{deep:?} vs {apart:?}"
            );
            assert_eq!(overlap, Ok(true), "{deep:?}");
            // B moved out along the normal by the depth, and a little, is clear of A.
            let out = deep.normal * (deep.depth + 2.0 * slack);
            let moved = Transform3::new(xf_b.translation + out, xf_b.rotation);
            assert_eq!(
                intersects(&a, xf_a, &b, moved),
                Ok(false),
                "B moved by {out:?} still overlaps: {deep:?}"
            );
        }
    }
);
