//! Named 3D `penetration` cases with known answers: what the 3D EPA gives where the
//! Minkowski difference is flat, where every direction is as deep, at the ends of the
//! floating-point range and on invalid input.

use gjk_core::{PenetrationStatus, Quat, Transform3, Vec3, intersects, penetration};
use gjk_shapes::{Cuboid, Point3, Segment3, Sphere, Triangle3};

fn at(x: f32, y: f32, z: f32) -> Transform3<f32> {
    Transform3::from_translation(Vec3::new(x, y, z))
}

/// Moving B by the depth along the normal, and a little more, clears A.
fn clears<A, B>(
    a: &A,
    xf_a: Transform3<f32>,
    b: &B,
    xf_b: Transform3<f32>,
    depth: f32,
    normal: Vec3<f32>,
) -> bool
where
    A: gjk_core::Support<f32, Vec3<f32>>,
    B: gjk_core::Support<f32, Vec3<f32>>,
{
    let margin = 1e-5 * (1.0 + depth.abs());
    let moved = Transform3::new(xf_b.translation + normal * (depth + margin), xf_b.rotation);
    intersects(a, xf_a, b, moved) == Ok(false)
}

#[test]
fn two_unit_cubes_at_the_same_place_are_one_size_deep() {
    let cube = Cuboid::new(Vec3::splat(0.5_f32)).unwrap();
    let out = penetration(&cube, at(0.0, 0.0, 0.0), &cube, at(0.0, 0.0, 0.0));
    assert_eq!(out.status, PenetrationStatus::Penetrating);
    assert!((out.depth - 1.0).abs() < 1e-6, "{out:?}");
    assert!(clears(
        &cube,
        at(0.0, 0.0, 0.0),
        &cube,
        at(0.0, 0.0, 0.0),
        out.depth,
        out.normal
    ));
}

#[test]
fn turned_cubes_separate_along_a_face_or_an_edge_pair_exactly() {
    let cube = Cuboid::new(Vec3::splat(0.5_f64)).unwrap();
    let turn = Quat::from_axis_angle(Vec3::new(1.0, 1.0, 0.0), 0.6).unwrap();
    let xf_b = Transform3::new(Vec3::new(0.7, 0.3, 0.2), turn);
    let out = penetration(&cube, Transform3::IDENTITY, &cube, xf_b);
    assert_eq!(out.status, PenetrationStatus::Penetrating);
    // The way out along the normal is the depth: B moved by it just touches.
    let touching = Transform3::new(xf_b.translation + out.normal * out.depth, turn);
    let apart = gjk_core::distance(&cube, Transform3::IDENTITY, &cube, touching);
    assert!(apart.distance < 1e-12, "{out:?} {apart:?}");
    let clear = Transform3::new(xf_b.translation + out.normal * (out.depth + 1e-9), turn);
    assert_eq!(
        intersects(&cube, Transform3::IDENTITY, &cube, clear),
        Ok(false)
    );
}

#[test]
fn coplanar_triangles_overlap_with_zero_depth_across_their_plane() {
    let a = Triangle3::new(
        Vec3::ZERO,
        Vec3::new(2.0_f32, 0.0, 0.0),
        Vec3::new(0.0, 2.0, 0.0),
    )
    .unwrap();
    let b = Triangle3::new(
        Vec3::ZERO,
        Vec3::new(1.0, 0.0, 0.0),
        Vec3::new(0.0, 1.0, 0.0),
    )
    .unwrap();
    let out = penetration(&a, at(0.0, 0.0, 0.0), &b, at(0.25, 0.25, 0.0));
    assert_eq!(out.status, PenetrationStatus::Penetrating);
    assert_eq!(out.depth, 0.0);
    assert!(out.normal.z.abs() > 0.999_999, "{out:?}");
}

#[test]
fn crossing_segments_touch_with_a_normal_across_both() {
    let a = Segment3::new(Vec3::new(-1.0_f32, 0.0, 0.0), Vec3::new(1.0, 0.0, 0.0)).unwrap();
    let b = Segment3::new(Vec3::new(0.0, -1.0, 0.0), Vec3::new(0.0, 1.0, 0.0)).unwrap();
    let out = penetration(&a, at(0.0, 0.0, 0.0), &b, at(0.0, 0.0, 0.0));
    assert_eq!(out.status, PenetrationStatus::Penetrating);
    assert_eq!(out.depth, 0.0);
    assert!(out.normal.z.abs() > 0.999_999, "{out:?}");
}

#[test]
fn coincident_points_touch_along_the_local_x_axis() {
    let dot = Point3::new(Vec3::new(1.0_f32, 2.0, 3.0)).unwrap();
    let out = penetration(&dot, at(0.0, 0.0, 0.0), &dot, at(0.0, 0.0, 0.0));
    assert_eq!(out.status, PenetrationStatus::Penetrating);
    assert_eq!((out.depth, out.normal), (0.0, Vec3::X));
}

#[test]
fn the_centre_of_a_ball_in_a_box_leaves_through_the_nearest_face() {
    let slab = Cuboid::new(Vec3::new(2.0_f32, 1.0, 0.25)).unwrap();
    let ball = Sphere::new(Vec3::ZERO, 0.1).unwrap();
    let out = penetration(&slab, at(0.0, 0.0, 0.0), &ball, at(0.5, 0.25, 0.05));
    assert_eq!(out.status, PenetrationStatus::Penetrating);
    // The ball's centre is 0.2 below the top face; with its radius, 0.3.
    assert!((out.depth - 0.3).abs() < 1e-6, "{out:?}");
    assert_eq!(out.normal, Vec3::Z);
}

#[test]
fn boxes_a_millionth_and_a_million_across_keep_their_relative_precision() {
    for scale in [1e-30_f32, 1e-6, 1e6, 1e30] {
        let cube = Cuboid::new(Vec3::splat(0.5 * scale)).unwrap();
        let xf_b = at(0.9 * scale, 0.2 * scale, 0.1 * scale);
        let out = penetration(&cube, at(0.0, 0.0, 0.0), &cube, xf_b);
        assert_eq!(out.status, PenetrationStatus::Penetrating, "{scale:e}");
        assert!((out.depth / scale - 0.1).abs() < 1e-6, "{scale:e}: {out:?}");
        // Within an epsilon: the rescued query solves the scaled pair, whose placement
        // rounds differently from the unscaled one's.
        assert!(
            (out.normal - Vec3::X).length() < 2.0 * f32::EPSILON,
            "{scale:e}: {out:?}"
        );
    }
}

#[test]
fn boxes_far_from_the_origin_keep_the_rounding_of_their_coordinates() {
    let cube = Cuboid::new(Vec3::splat(0.5_f64)).unwrap();
    let far = 1e9;
    let out = penetration(
        &cube,
        at64(far, far, far),
        &cube,
        at64(far + 0.9, far + 0.2, far),
    );
    assert_eq!(out.status, PenetrationStatus::Penetrating);
    // Coordinates near 1e9 round by 1.2e-7 in f64.
    assert!((out.depth - 0.1).abs() < 1e-6, "{out:?}");
}

fn at64(x: f64, y: f64, z: f64) -> Transform3<f64> {
    Transform3::from_translation(Vec3::new(x, y, z))
}

#[test]
fn nan_and_unnormalized_placements_are_invalid_input() {
    let cube = Cuboid::new(Vec3::splat(0.5_f32)).unwrap();
    let nan = at(f32::NAN, 0.0, 0.0);
    assert_eq!(
        penetration(&cube, nan, &cube, at(0.0, 0.0, 0.0)).status,
        PenetrationStatus::InvalidInput
    );
    let stretched = Transform3::new(
        Vec3::ZERO,
        Quat {
            x: 0.0,
            y: 0.0,
            z: 0.0,
            w: 2.0,
        },
    );
    let out = penetration(&cube, at(0.0, 0.0, 0.0), &cube, stretched);
    assert_eq!(out.status, PenetrationStatus::InvalidInput);
    assert!(out.depth.is_nan());
}

/// A point on a cone's axis: every way out across the lateral surface is as short, so
/// EPA cannot certify the depth, and the least support value lies on the kink between
/// the apex's region and the rim's, where quasi-Newton steps stall on the apex (the
/// support value is linear there), leaving a capped answer 1.5e-3 of the depth too
/// deep. Stepping on until the support point changes, then solving across the kink
/// (the segment from the apex to a rim point lies on the surface), gives the shortest
/// way out; 1e-3 off the axis, EPA then certifies it.
#[test]
fn a_point_on_a_cone_s_axis_gets_the_shortest_way_out() {
    let cone = gjk_shapes::Cone::new(0.693_695_203_956_338_4_f64, 0.714_193_051_987_530_2).unwrap();
    for (point, certified) in [(Vec3::ZERO, false), (Vec3::new(1e-3, 0.0, 0.0), true)] {
        let generic = gjk_core::project_point(&cone, Transform3::IDENTITY, point);
        let closed = cone.project_point(Transform3::IDENTITY, point);
        let gap = (generic.signed_distance - closed.signed_distance).abs();
        assert!(gap < 1e-12, "{generic:?} vs {closed:?}");
        if certified {
            assert_eq!(generic.status, gjk_core::PointStatus::Inside);
        }
    }
}
