//! Regression tests, each named after the failure it pins, with the exact inputs that
//! showed it.

use gjk_core::{
    DistanceStatus, PenetrationStatus, Rot, Transform, Vec2, distance, intersects, penetration,
};
use gjk_shapes::{Ellipse, Polygon, Rect, Segment};

fn v(x: f32, y: f32) -> Vec2<f32> {
    Vec2::new(x, y)
}

/// A gap of 3.4e-6 between two polygons of size about 1.5 was reported as touching
/// (distance 0, no normal) while the touching margin was 8 eps of the largest simplex
/// vertex: 2.7e-6 L of error, twice f32's rounding floor. Found by the oracle tests.
#[test]
fn gap_of_two_ppm_between_pentagons_is_not_called_touching() {
    let xf_a = Transform::new(
        v(-42.43285, 102.93805),
        Rot {
            cos: -0.451_573_58,
            sin: 0.892_233_9,
        },
    );
    let xf_b = Transform::new(
        v(-40.490097, 103.68168),
        Rot {
            cos: -0.722_446_3,
            sin: -0.691_427_05,
        },
    );
    let a = Polygon::<f32, 8>::new(&[
        v(-0.661_238_9, -0.596_383_7),
        v(0.528_831, 0.462_935_75),
        v(1.113_372_7, 0.993_581_2),
        v(1.139_598, 1.020_074_7),
        v(-0.155_274_51, -0.132_346_84),
    ])
    .unwrap();
    let b = Polygon::<f32, 8>::new(&[
        v(1.539_272_1, 0.0),
        v(0.475_661_2, 1.463_934_8),
        v(-1.245_297_3, 0.904_761_3),
        v(-1.245_297_2, -0.904_761_6),
        v(0.475_661_43, -1.463_934_7),
    ])
    .unwrap();
    let exact = 3.362_284e-6_f64;
    let out = distance(&a, xf_a, &b, xf_b);
    assert_eq!(out.status, DistanceStatus::Separated, "{out:?}");
    // 1.2e-6 L is the f32 floor on these workloads (L is about 2.6 here).
    assert!(
        (f64::from(out.distance) - exact).abs() <= 1.2e-6 * 2.6,
        "{out:?}"
    );
    assert!((out.normal.length() - 1.0).abs() <= 4.0 * f32::EPSILON);
}

/// `intersects` exited on the first support plane with a positive lower bound and
/// said "apart" for a 2e-9 gap between millimetre shapes, while `distance` called the
/// same pair touching. Found by the oracle tests; `intersects` now requires the bound
/// to clear the touching margin too.
#[test]
fn intersects_agrees_with_distance_inside_the_touching_margin() {
    let xf_a = Transform::new(
        v(-0.037_271_712, -0.076_459_415),
        Rot {
            cos: 0.628_066_1,
            sin: -0.778_16,
        },
    );
    let xf_b = Transform::new(
        v(-0.039_235_275, -0.076_776_564),
        Rot {
            cos: -0.727_909_5,
            sin: -0.685_673_2,
        },
    );
    let a = Segment::new(
        v(0.000_720_403_45, -0.000_851_381_1),
        v(-0.001_276_212, 0.000_259_331_22),
    )
    .unwrap();
    let b = Rect::new(v(0.000_742_831_9, 0.001_768_768_2)).unwrap();
    let out = distance(&a, xf_a, &b, xf_b);
    assert_eq!(
        intersects(&a, xf_a, &b, xf_b),
        Ok(out.is_overlapping()),
        "{out:?}"
    );
}

/// Two identical `f64` ellipses (semi-axes 2 and 1) at the same place: EPA's 64
/// vertices filled before `f64` precision (it refined both ends of the minor axis in
/// turn) and reported `MaxIterations` with depth 1.99999999986 and normal (1.2e-5, 1).
/// The refinement on the support function gives depth 2 and the minor axis.
#[test]
fn f64_penetration_of_coincident_ellipses_reaches_f64_precision() {
    let ellipse = Ellipse::new(Vec2::new(2.0_f64, 1.0)).unwrap();
    for angle in [0.0, 0.3, 1.0, 2.5] {
        let place = Transform::from_position_angle(Vec2::new(3.0, -1.0), angle);
        let out = penetration(&ellipse, place, &ellipse, place);
        assert_eq!(
            out.status,
            PenetrationStatus::Penetrating,
            "{angle}: {out:?}"
        );
        assert!((out.depth - 2.0).abs() <= 1e-13, "{angle}: {out:?}");
        // Along the minor axis, either way.
        let minor = place.rotation.rotate(Vec2::new(0.0, 1.0));
        assert!(
            (out.normal.dot(minor).abs() - 1.0).abs() <= 1e-13,
            "{angle}: {out:?}"
        );
        // Moving B by the depth along the normal leaves the ellipses just touching.
        let moved = Transform::new(place.translation + out.normal * out.depth, place.rotation);
        assert!(distance(&ellipse, place, &ellipse, moved).distance <= 1e-12);
    }
}

/// The same in `f32`, which converged before: unchanged.
#[test]
fn f32_penetration_of_coincident_ellipses_is_exact_to_f32() {
    let ellipse = Ellipse::new(Vec2::new(2.0_f32, 1.0)).unwrap();
    let out = penetration(&ellipse, Transform::IDENTITY, &ellipse, Transform::IDENTITY);
    assert_eq!(out.status, PenetrationStatus::Penetrating);
    assert!((out.depth - 2.0).abs() <= 4.0 * f32::EPSILON, "{out:?}");
}
