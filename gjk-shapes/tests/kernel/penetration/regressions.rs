//! Regression tests of `penetration`, each named after the failure it pins, with the
//! exact inputs that showed it.

use gjk_core::{
    PenetrationStatus, Quat, Transform, Transform3, Vec2, Vec3, distance, intersects, penetration,
};
use gjk_shapes::{Cuboid, Ellipse, Rounded};

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

/// The same in `f32`, where EPA reaches `f32` precision before its polytope fills.
#[test]
fn f32_penetration_of_coincident_ellipses_is_exact_to_f32() {
    let ellipse = Ellipse::new(Vec2::new(2.0_f32, 1.0)).unwrap();
    let out = penetration(&ellipse, Transform::IDENTITY, &ellipse, Transform::IDENTITY);
    assert_eq!(out.status, PenetrationStatus::Penetrating);
    assert!((out.depth - 2.0).abs() <= 4.0 * f32::EPSILON, "{out:?}");
}

/// A needle (a box 1.5e-39 wide and 11 long, turned by 0.125 rad) through the centre of
/// a ball (a speck of a box rounded by 13.25): their cores' difference is a segment,
/// every direction across it is as deep, and B must move out across the needle. The
/// 3D EPA read a copy of the segment's far end as off the segment's line (the
/// distance from the line, taken by subtracting the part along it, kept the rounding
/// of the segment's length), made a triangle with no area of it and answered along x,
/// which is not across the needle: B moved by the depth along x still overlapped.
#[test]
fn needle_through_a_ball_moves_out_across_the_needle() {
    let speck = 1.469_368e-39_f32;
    let ball = Rounded::new(Cuboid::new(Vec3::splat(speck)).unwrap(), 13.25).unwrap();
    let needle = Cuboid::new(Vec3::new(speck, speck, 5.5)).unwrap();
    let xf_ball = Transform3::from_translation(Vec3::splat(speck));
    let turn = Quat {
        x: -0.044_165_406,
        y: -0.044_165_406,
        z: -8.6527e-41,
        w: 0.998_047_5,
    };
    let xf_needle = Transform3::new(Vec3::splat(speck), turn);
    let out = penetration(&ball, xf_ball, &needle, xf_needle);
    assert_eq!(out.status, PenetrationStatus::Penetrating);
    assert_eq!(out.depth, 13.25);
    let along_needle = turn.rotate(Vec3::Z);
    assert!(out.normal.dot(along_needle).abs() < 1e-6, "{out:?}");
    let moved = Transform3::new(xf_needle.translation + out.normal * 13.26, turn);
    assert_eq!(intersects(&ball, xf_ball, &needle, moved), Ok(false));
}
