//! Regression tests of `project_point` (generic and closed-form), each named after the
//! failure it pins, with the inputs fuzzing (`cargo xtask fuzz`) produced.

use gjk_core::{Transform, Transform3, Vec2, Vec3, penetration, project_point};
use gjk_shapes::{Capsule, Capsule3, Ellipse, Point, Polygon};

fn v(x: f32, y: f32) -> Vec2<f32> {
    Vec2::new(x, y)
}

#[test]
fn point_at_a_polygon_vertex_projects_to_itself() {
    let polygon = Polygon::<f32, 8>::new(&[
        v(-0.0, -14.75),
        v(7.375, -0.125),
        v(0.0, 11.625),
        v(-8.125, -8.125),
    ])
    .unwrap();
    let vertex = v(-8.125, -8.125);
    // A separation a rounding above zero sent the closed form to its outside branch,
    // which skipped the two edges through the point and answered 10.2 away.
    let out = polygon.project_point(Transform::IDENTITY, vertex);
    assert_eq!(out.signed_distance, 0.0, "{out:?}");
    assert_eq!(out.surface_point, vertex);
    assert!(out.is_inside());
}

#[test]
fn point_at_the_centre_of_a_capsule_with_a_speck_of_a_core_has_a_finite_witness() {
    let speck = 1.469_368e-39;
    let capsule = Capsule::new(v(speck, speck), v(speck, speck), 1.5).unwrap();
    let xf = Transform::from_position_angle(v(1.5, 1.5), 1.5);
    // The core's size asked for a rescue by 2^127, and the penetration query scaled
    // the capsule's world position with it: its witness came out infinite.
    let out = project_point(&capsule, xf, v(1.5, 1.5));
    assert!(out.surface_point.is_finite(), "{out:?}");
    assert!((out.signed_distance + 1.5).abs() < 1e-6, "{out:?}");
    assert!(
        ((out.surface_point - v(1.5, 1.5)).length() - 1.5).abs() < 1e-6,
        "{out:?}"
    );
    let deepest = penetration(
        &capsule,
        xf,
        &Point::new(v(1.5, 1.5)).unwrap(),
        Transform::IDENTITY,
    );
    assert!(deepest.witness_a.is_finite(), "{deepest:?}");
}

#[test]
fn ellipse_projection_a_hair_off_its_axis_keeps_its_precision() {
    let ellipse = Ellipse::new(v(951_495_850_000_000.0, 951_493_300_000_000.0)).unwrap();
    // 1.1e-29 off the major axis of a 1e15 ellipse: the ratio y / b was subnormal in
    // f32, kept three bits, and the surface came out 8 % off.
    let out = ellipse.project_point(Transform::IDENTITY, v(11.0, -1.1e-29));
    let minor = 951_493_300_000_000.0_f32;
    assert!(
        (out.signed_distance + minor).abs() <= 1e-6 * minor,
        "{out:?}"
    );
    assert!(out.surface_point.is_finite());
}

/// A point 4e-3 of the size from the centre of an ellipse whose axes differ by 0.3 %:
/// the depth has two shallow minima over the directions, 5e-4 of the size apart. EPA's
/// polytope filled with its nearest face in the shallower one, the refinement from that
/// face found its minimum, and `project_point` (and `penetration`) reported it as
/// converged: 5e-4 of the size too deep, in `f32` and in `f64`.
#[test]
fn point_near_the_centre_of_a_nearly_round_ellipse_is_not_reported_too_deep() {
    fn check<S: gjk_core::Scalar>(bar: f64) {
        let s = S::from_f64;
        let ellipse = Ellipse::new(Vec2::new(s(9.543_648e14), s(9.514_980_6e14))).unwrap();
        let point = Vec2::new(s(3.704_838e12), s(-2.991_781_6e11));
        let generic = project_point(&ellipse, Transform::IDENTITY, point);
        let closed = ellipse.project_point(Transform::IDENTITY, point);
        assert_eq!(generic.status, gjk_core::PointStatus::Inside, "{generic:?}");
        // The closed form's surface point, checked on the ellipse in f64.
        let exact = -950_068_714_977_309.3;
        for out in [generic, closed] {
            let error = (out.signed_distance.to_f64() - exact).abs() / 9.543_648e14;
            assert!(error <= bar, "{error:e} of the size: {out:?}");
        }
    }
    check::<f32>(3e-6);
    check::<f64>(1e-12);
}

/// An ellipse 1e18 times longer than wide (semi-axes 5e-22 and 4.9e-4) and a point
/// 0.18 off its centre: the closed form's bisection bracketed `u` near 2.3e38, the sum
/// of the bracket's ends overflowed `f32`, `u` became infinite and the nearest point
/// came out as the centre, 3e-3 too far (0.17677 against 0.17643 to the needle's tip).
#[test]
fn ellipse_projection_of_a_needle_does_not_overflow_its_bisection() {
    let needle = Ellipse::new(v(5.165_24e-22, 0.000_488_281_25)).unwrap();
    let point = v(-0.125, -0.125);
    let out = needle.project_point(Transform::IDENTITY, point);
    let tip = v(0.0, -0.000_488_281_25);
    let expected = (point - tip).length();
    assert!(
        (out.signed_distance - expected).abs() <= 4.0 * f32::EPSILON * expected,
        "{out:?}"
    );
    assert!((out.surface_point - tip).length() <= 1e-9, "{out:?}");
    // The generic query agrees.
    let generic = project_point(&needle, Transform::IDENTITY, point);
    assert!(
        (generic.signed_distance - expected).abs() <= 1e-6,
        "{generic:?}"
    );
}

/// Points on the core of a capsule, in `f32`. The offset from such a point to its foot
/// on the core is rounding noise, along the core as much as across it; taken as the
/// normal, its direction gives `(0.003, 0.001)` on the core from `(0, 0)` to `(3, 1)`
/// the surface point `(0.897, 0.448)`, 0.86 of the radius inside. The normal is the
/// offset's part across the core: every surface point is a radius from the core, and
/// the signed distance minus the radius.
#[test]
fn points_on_a_capsule_core_project_onto_its_side_not_inside_it() {
    let capsule = Capsule::new(v(0.0, 0.0), v(3.0, 1.0), 1.0).unwrap();
    let on_core = v(f32::from_bits(0x3b449ba6), f32::from_bits(0x3a83126f));
    let out = capsule.project_point(Transform::IDENTITY, on_core);
    assert_eq!(out.signed_distance, -1.0, "{out:?}");
    let across = Vec2::new(-1.0, 3.0) / 10.0_f32.sqrt();
    assert!(out.normal.dot(across).abs() > 1.0 - 1e-6, "{out:?}");
    let placements = [
        Transform::IDENTITY,
        Transform::from_position_angle(v(20.0, -7.5), 2.3),
    ];
    let capsule3 =
        Capsule3::new(Vec3::new(-2.0, 1.0, 0.5), Vec3::new(7.0, 4.0, -3.0), 1.5).unwrap();
    let axis3 = (capsule3.b() - capsule3.a()).normalize().unwrap();
    for step in 1..100 {
        let t = step as f32 / 100.0;
        for xf in placements {
            let point = xf.transform_point(v(3.0 * t, t));
            let out = capsule.project_point(xf, point);
            let core = xf.transform_point(v(3.0, 1.0)) - xf.transform_point(v(0.0, 0.0));
            assert!(
                out.normal.dot(core).abs() <= 1e-5 * core.length(),
                "{t}: {out:?}"
            );
            assert!((out.signed_distance + 1.0).abs() <= 1e-5, "{t}: {out:?}");
            let surface = (out.surface_point - point).length();
            assert!((surface - 1.0).abs() <= 1e-5, "{t}: {out:?}");
        }
        let point = capsule3.a() + (capsule3.b() - capsule3.a()) * t;
        let out = capsule3.project_point(Transform3::IDENTITY, point);
        assert!(out.normal.dot(axis3).abs() <= 1e-5, "{t}: {out:?}");
        assert!((out.signed_distance + 1.5).abs() <= 1e-5, "{t}: {out:?}");
        assert!(
            ((out.surface_point - point).length() - 1.5).abs() <= 1e-5,
            "{t}: {out:?}"
        );
    }
}
