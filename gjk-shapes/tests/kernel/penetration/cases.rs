//! Named 2D `penetration` cases with known answers: overlapping boxes, concentric
//! circles, parallel overlapping segments and boxes apart.

use gjk_core::{PenetrationStatus, Transform, Vec2, penetration};
use gjk_shapes::{Circle, Rect, Segment};

fn v(x: f64, y: f64) -> Vec2<f64> {
    Vec2::new(x, y)
}

fn half_box() -> Rect<f64> {
    Rect::new(v(0.5, 0.5)).unwrap()
}

fn at(x: f64, y: f64) -> Transform<f64> {
    Transform::from_translation(v(x, y))
}

#[test]
fn penetration_of_boxes_is_the_overlap_along_x() {
    let out = penetration(&half_box(), at(0.0, 0.0), &half_box(), at(0.9, 0.3));
    assert_eq!(out.status, PenetrationStatus::Penetrating);
    assert!((out.depth - 0.1).abs() < 1e-12, "{out:?}");
    assert_eq!(out.normal, v(1.0, 0.0));
    assert!((out.witness_b - (out.witness_a - out.normal * out.depth)).length() < 1e-12);
}

#[test]
fn penetration_of_concentric_circles_is_the_radius_sum_along_x() {
    let circle = Circle::new(Vec2::ZERO, 0.5).unwrap();
    let out = penetration(&circle, at(2.0, 3.0), &circle, at(2.0, 3.0));
    assert_eq!(out.status, PenetrationStatus::Penetrating);
    assert_eq!(out.depth, 1.0);
    assert_eq!(out.normal, v(1.0, 0.0));
}

#[test]
fn penetration_of_parallel_overlapping_segments_is_zero_across_them() {
    let segment = Segment::new(v(-1.0, 0.0), v(1.0, 0.0)).unwrap();
    let out = penetration(&segment, at(0.0, 0.0), &segment, at(0.5, 0.0));
    assert_eq!(out.status, PenetrationStatus::Penetrating);
    assert_eq!(out.depth, 0.0);
    assert_eq!(out.normal.x, 0.0);
    assert_eq!(out.normal.y.abs(), 1.0);
}

#[test]
fn separated_penetration_is_minus_the_distance() {
    let out = penetration(&half_box(), at(0.0, 0.0), &half_box(), at(3.0, 0.0));
    assert_eq!(out.status, PenetrationStatus::Separated);
    assert_eq!(out.depth, -2.0);
    assert_eq!(out.normal, v(1.0, 0.0));
}
