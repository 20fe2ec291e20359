//! `project_point` (generic, and the shapes' closed forms) and `contains_point` on
//! this crate's shapes against the exact f64 oracle (`gjk-oracle`), in f32 and f64.
//!
//! The shapes and placements of `distance::oracle` (polygons, slivers, segments,
//! circles, capsules, rounded polygons, ellipses; scales 1e-3 to 1e4, up to 1e4 from
//! the origin), with B a point: deep inside, far outside, and within a hair of the
//! surface. With `L = max(|exact signed distance|, the shape's extent)` every case
//! checks:
//!
//! - the status is `Inside` or `Outside` (never `MaxIterations` or `InvalidInput`);
//! - `|signed_distance - exact| <= bar * L`;
//! - outside the band `|exact| <= band * L`, `Inside` exactly when the oracle says so,
//!   and `contains_point` agrees;
//! - the normal is unit, `surface_point` lies on the surface, and
//!   `point = surface_point + normal * signed_distance`, within `bar * L` plus the
//!   rounding of world coordinates in the kernel's scalar type.

use crate::harness::{Bars, Built, Scene, Spec, any_shape, case, config, to_p, world_allowance};
use gjk_core::{
    PointProjection, PointStatus, Scalar, Transform, Vec2, contains_point, project_point,
};
use gjk_oracle::{P, signed_distance_to_surface};
use proptest::prelude::*;

/// Cases per property test.
const CASES: u32 = 1024;

/// The bars of the penetration tests (`manifold::oracle`): inside, the answer is
/// EPA's, which stops within `GJK_RELATIVE_GAP` of the depth on curved shapes.
const F32: Bars = Bars {
    distance: 3e-6,
    witness: 3e-6,
    band: 2e-6,
};

/// f64: the kernel's aim of about 1e-12 L (docs/accuracy.md).
const F64: Bars = Bars {
    distance: 1e-12,
    witness: 1e-12,
    band: 1e-12,
};

/// B: a point (a circle of radius zero at its local origin).
fn point() -> impl Strategy<Value = Spec> {
    Just(Spec::Circle {
        center: [0.0, 0.0],
        radius: 0.0,
    })
}

/// The shape's closed-form `project_point`, where it has one.
fn closed_form<S: Scalar>(
    shape: &Built<S>,
    xf: Transform<S>,
    point: Vec2<S>,
) -> Option<PointProjection<S>> {
    Some(match shape {
        Built::Polygon(polygon) => polygon.project_point(xf, point),
        Built::Rect(rect) => rect.project_point(xf, point),
        Built::Segment(segment) => segment.project_point(xf, point),
        Built::Circle(circle) => circle.project_point(xf, point),
        Built::Capsule(capsule) => capsule.project_point(xf, point),
        Built::Ellipse(ellipse) => ellipse.project_point(xf, point),
        Built::RoundedPolygon(_) | Built::RoundedEllipse(_) => return None,
    })
}

/// Checks `project_point` (generic, and closed-form where the shape has one) and
/// `contains_point` of B's position against A.
fn check<S: Scalar>(scene: &Scene<S>, bars: Bars) -> Result<(), TestCaseError> {
    let point = scene.xf_b.translation;
    let generic = project_point(&scene.a, scene.xf_a, point);
    check_output(scene, bars, &generic)?;
    if let Some(out) = closed_form(&scene.a, scene.xf_a, point) {
        check_output(scene, bars, &out)?;
    }
    Ok(())
}

/// Checks one projection of B's position against A.
fn check_output<S: Scalar>(
    scene: &Scene<S>,
    bars: Bars,
    out: &PointProjection<S>,
) -> Result<(), TestCaseError> {
    let point = scene.xf_b.translation;
    let origin = to_p(scene.xf_a.translation);
    let p = to_p(point);
    let exact = signed_distance_to_surface(&scene.oracle_a, [p[0] - origin[0], p[1] - origin[1]]);
    let length = exact.abs().max(scene.a.extent());
    let allowance = world_allowance::<S>(p);
    prop_assert!(
        matches!(out.status, PointStatus::Inside | PointStatus::Outside),
        "status {:?} for valid input; exact {exact}",
        out.status
    );
    let error = ((out.signed_distance.to_f64() - exact).abs() - allowance) / length;
    prop_assert!(
        error <= bars.distance,
        "signed distance {} vs exact {exact} ({error:e} L); {out:?}",
        out.signed_distance
    );
    let contains = contains_point(&scene.a, scene.xf_a, point);
    if exact.abs() > bars.band * length {
        prop_assert_eq!(out.is_inside(), exact <= 0.0, "exact {}, {:?}", exact, out);
        prop_assert_eq!(contains, Ok(exact <= 0.0), "exact {}", exact);
    }
    let normal = to_p(out.normal);
    let unit_error = (normal[0].hypot(normal[1]) - 1.0).abs();
    prop_assert!(
        unit_error <= 8.0 * S::EPS.to_f64(),
        "normal not unit: {out:?}"
    );
    let off = scene.off_surface(&scene.oracle_a, out.surface_point) / length;
    prop_assert!(
        off <= bars.witness,
        "surface point {off:e} L off the surface: {out:?}"
    );
    let surface = to_p(out.surface_point);
    let signed = out.signed_distance.to_f64();
    let rebuilt = [
        surface[0] + normal[0] * signed - p[0],
        surface[1] + normal[1] * signed - p[1],
    ];
    let mismatch =
        (rebuilt[0].hypot(rebuilt[1]) - allowance - world_allowance::<S>(surface)) / length;
    prop_assert!(
        mismatch <= bars.witness,
        "point != surface point + normal * signed distance by {mismatch:e} L: {out:?}"
    );
    Ok(())
}

proptest! {
    #![proptest_config(config(CASES))]

    #[test]
    fn f32_points_against_any_shape_match_oracle(case in case(any_shape(), point())) {
        check(&Scene::<f32>::new(&case)?, F32)?;
    }

    #[test]
    fn f64_points_against_any_shape_match_oracle(case in case(any_shape(), point())) {
        check(&Scene::<f64>::new(&case)?, F64)?;
    }

    #[test]
    fn f32_deep_points_in_nearly_round_ellipses_are_never_too_deep(
        (ellipse, xf, offset) in deep_in_round_ellipse()
    ) {
        check_deep_in_round_ellipse::<f32>(&ellipse, xf, offset, F32)?;
    }

    #[test]
    fn f64_deep_points_in_nearly_round_ellipses_are_never_too_deep(
        (ellipse, xf, offset) in deep_in_round_ellipse()
    ) {
        check_deep_in_round_ellipse::<f64>(&ellipse, xf, offset, F64)?;
    }
}

/// Checks the generic `project_point` of a point deep in a nearly round ellipse, where
/// the depth is nearly the same every way and its direction ill-conditioned: the
/// support function has two shallow dips, and EPA must not report the shallower one's
/// depth as converged.
///
/// `Inside` is held to the bars. `MaxIterations` (the faces could not be certified, as
/// at the very centre of a circle, where every chord lies inside) promises an upper
/// bound of the depth: moving the point by the depth along the normal puts it on or
/// outside the surface; it is held to the bars too.
fn check_deep_in_round_ellipse<S: Scalar>(
    ellipse: &Spec,
    xf: (P, f64),
    offset: P,
    bars: Bars,
) -> Result<(), TestCaseError> {
    let Built::Ellipse(shape) = ellipse.build::<S>() else {
        unreachable!("an ellipse spec builds an ellipse");
    };
    let xf_a = Transform::from_position_angle(
        Vec2::new(S::from_f64(xf.0[0]), S::from_f64(xf.0[1])),
        S::from_f64(xf.1),
    );
    let point = xf_a.transform_point(Vec2::new(S::from_f64(offset[0]), S::from_f64(offset[1])));
    let out = project_point(&shape, xf_a, point);
    let oracle = Built::Ellipse(shape).oracle(xf_a, Vec2::ZERO);
    let p = to_p(point);
    let exact = signed_distance_to_surface(&oracle, p);
    let length = exact.abs().max(Built::Ellipse(shape).extent());
    let allowance = world_allowance::<S>(p) + world_allowance::<S>(to_p(xf_a.translation));
    let error = (out.signed_distance.to_f64() - exact) / length;
    let bar = bars.distance + allowance / length;
    prop_assert!(
        matches!(out.status, PointStatus::Inside | PointStatus::MaxIterations),
        "status of a deep point: {out:?}"
    );
    prop_assert!(
        error <= bar,
        "the depth is {error:e} L short of the exact {exact}: {out:?}"
    );
    // Not promised for `MaxIterations`, but measured: the refinement from every open
    // face finds the least minimum in every random case.
    prop_assert!(
        -error <= bar,
        "{:?} {:e} L deeper than the exact {exact}: {out:?}",
        out.status,
        -error
    );
    Ok(())
}

/// Ellipses from round to 10 % flat, at scales 1e-3 to 1e4, placed anywhere within
/// 1e4 of the origin, with points from 1e-6 to 0.3 of the size off their centre.
fn deep_in_round_ellipse() -> impl Strategy<Value = (Spec, (P, f64), P)> {
    (
        crate::harness::log_uniform(1e-7, 0.1),
        crate::harness::log_uniform(1e-3, 1e4),
        any::<bool>(),
        ([-1e4..=1e4, -1e4..=1e4], -3.2..=3.2_f64),
        crate::harness::log_uniform(1e-6, 0.3),
        -3.2..=3.2_f64,
    )
        .prop_map(|(flattening, scale, tall, place, reach, toward)| {
            let (long, short) = (scale, scale * (1.0 - flattening));
            let semi_axes = if tall { [short, long] } else { [long, short] };
            let offset = [reach * scale * toward.cos(), reach * scale * toward.sin()];
            (Spec::Ellipse { semi_axes }, place, offset)
        })
}
