//! Regression tests for what fuzzing found (`cargo xtask fuzz`), each named after the
//! failure it pins, with the inputs the fuzzer produced.

use gjk_core::{
    CastStatus, DistanceStatus, PenetrationStatus, Quat, Ray, RayShape, Rot, ShapeCastInput,
    Transform, Transform3, Vec2, Vec3, distance, distance_cached, intersects, penetration,
    project_point, ray_cast, shape_cast, support_ray_cast,
};
use gjk_shapes::{
    Capsule, Capsule3, Circle, Cone, ConvexPoints, Cuboid, Cylinder, Ellipse, Ellipsoid, Point,
    Polygon, Rect, Rounded, Segment, Segment3, Triangle3, collide_polygons,
};

fn v(x: f32, y: f32) -> Vec2<f32> {
    Vec2::new(x, y)
}

/// A triangle 67000 long and 9 tall: B - A for a point near its short corner has an
/// edge so flat that moving the closest point along it changed |v|^2 by less than an
/// epsilon, and GJK stopped on "no progress" at the far corner.
fn sliver() -> Polygon<f32, 8> {
    let points = [
        v(-67000.0, -0.125),
        v(1e-30, 8.875),
        v(-0.125, 0.875),
        v(1e-30, 1e-30),
    ];
    Polygon::hull(&points).unwrap()
}

#[test]
fn point_beside_the_corner_of_a_long_sliver_is_not_reported_at_the_far_corner() {
    let xf = Transform::from_translation(v(-5.375, -0.125));
    let probe = Point::new(v(-5.375, -0.198_943_66)).unwrap();
    let out = distance(&probe, Transform::IDENTITY, &sliver(), xf);
    assert_eq!(out.status, DistanceStatus::Separated);
    // The corner at (-5.375, -0.125) is 0.07394366 away; 8.949 was reported.
    assert!((out.distance - 0.073_943_66).abs() < 1e-6, "{out:?}");
}

#[test]
fn ray_passing_below_a_long_sliver_misses() {
    let xf = Transform::from_translation(v(-5.375, -0.125));
    let ray = Ray {
        origin: v(-0.125, -0.125),
        translation: v(-8.875, -0.125),
        max_fraction: 4.5,
    };
    // It passes below the corner and falls away faster than the bottom edge: the
    // analytic cast misses; the GJK cast reported a hit on the corner's plane.
    assert_eq!(sliver().ray_cast(xf, ray).status, CastStatus::Miss);
    assert_eq!(ray_cast(&sliver(), xf, ray).status, CastStatus::Miss);
}

#[test]
fn box_on_the_vertex_of_a_sliver_overlaps_whichever_shape_is_first() {
    let triangle =
        Polygon::<f32, 8>::hull(&[v(1e-30, -0.0004), v(-3.625, 0.0), v(0.0, 0.0)]).unwrap();
    let speck = Rect::new(v(1.469_368e-39, 1.469_368e-39)).unwrap();
    let xf_a = Transform::from_position_angle(v(-0.125, -0.125), 1e30);
    let xf_b = Transform::from_position_angle(v(-0.125, -0.125), -0.125);
    // The speck sits on the triangle's vertex; distance(triangle, speck) said 0.0004
    // apart (the sliver's thickness) while distance(speck, triangle) said overlapping.
    assert_eq!(
        distance(&triangle, xf_a, &speck, xf_b).status,
        DistanceStatus::Overlapping
    );
    assert_eq!(
        distance(&speck, xf_b, &triangle, xf_a).status,
        DistanceStatus::Overlapping
    );
}

#[test]
fn segment_ray_cast_with_overflowing_products_is_not_a_hit_at_nan() {
    let segment = Segment::new(v(-1e30, -1e30), v(1e-30, 1e-30)).unwrap();
    let xf = Transform::from_position_angle(v(1e-30, 1e-30), 1e-30);
    let ray = Ray {
        origin: v(1e-30, 0.625),
        translation: v(-13.875, -0.125),
        max_fraction: 6.125,
    };
    // Cross products of 1e30 coordinates overflowed, and the analytic cast said Hit at
    // a NaN fraction. It now computes at a scale where they do not. The origin is 0.44
    // from the segment's line `y = x`, which is within the rounding of a segment 1e30
    // long (4e-6 L is 4e24): on the segment or missing it are both right at its scale.
    let out = segment.ray_cast(xf, ray);
    assert!(
        matches!(out.status, CastStatus::StartsInside | CastStatus::Miss),
        "{out:?}"
    );
    assert!(out.fraction.is_finite() && out.point.is_finite(), "{out:?}");
}

#[test]
fn overlapping_capsule_and_segment_near_1e15_have_finite_witness_points() {
    let capsule = Capsule::new(
        v(951_495_800_000_000.0, 1.500_783_6e-36),
        v(-6.375, 1e-30),
        0.0,
    )
    .unwrap();
    let segment = Segment::new(
        v(1e-30, 1e-30),
        v(951_495_800_000_000.0, 951_495_800_000_000.0),
    )
    .unwrap();
    let xf_a = Transform::from_position_angle(v(1e-30, 0.0), 1e-30);
    let xf_b = Transform::from_position_angle(v(14_866_313_000_000.0, 1e-30), 1e-30);
    // The triangle weights multiplied four coordinates (1e60: infinite in f32) and
    // came out NaN: Overlapping with NaN witness points.
    for out in [
        distance(&capsule, xf_a, &segment, xf_b),
        distance(&segment, xf_b, &capsule, xf_a),
    ] {
        assert_eq!(out.status, DistanceStatus::Overlapping);
        assert!(
            out.witness_a.is_finite() && out.witness_b.is_finite(),
            "{out:?}"
        );
    }
}

#[test]
fn polygon_ray_hit_beyond_f32_range_is_invalid_not_an_infinite_point() {
    let points = [
        v(1e30, 1e30),
        v(1.469_368e-39, -0.0),
        v(1e-30, 1e30),
        v(15.875, 1e30),
        v(9.75, 9.75),
    ];
    let polygon = Polygon::<f32, 8>::hull(&points).unwrap();
    let xf = Transform::from_position_angle(v(9.75, 1e30), 1.469_368e-39);
    let ray = Ray {
        origin: v(-0.0, 1e30),
        translation: v(1e-30, 1e30),
        max_fraction: 1e30,
    };
    // The hit lies at y = 6.6e39, past f32's range: the point came out infinite.
    let out = polygon.ray_cast(xf, ray);
    assert_eq!(out.status, CastStatus::InvalidInput, "{out:?}");
}

/// Coordinates of 1.5e-39: subnormal in `f32`.
const SPECK: f32 = 1.469_368e-39;

#[test]
fn point_on_a_capsule_end_at_subnormal_offsets_keeps_its_witness_on_the_capsule() {
    let capsule = Capsule::new(v(12.25, 11.75), v(6.963_565_5e-23, SPECK), 3.25).unwrap();
    let point = Point::new(v(SPECK, SPECK)).unwrap();
    let xf = Transform::from_position_angle(v(SPECK, SPECK), SPECK);
    // The closest point of the cores was 4e-39 long: its square was subnormal and the
    // normal came out 7 % too long, pushing the witness 0.24 off the capsule.
    let out = distance(&capsule, xf, &point, xf);
    assert_eq!(out.status, DistanceStatus::Overlapping);
    assert!((out.normal.length() - 1.0).abs() < 1e-6, "{out:?}");
    assert!((out.witness_a.length() - 3.25).abs() < 1e-5, "{out:?}");
}

#[test]
fn warm_start_on_a_speck_of_a_box_keeps_finite_witness_points() {
    let speck = Rect::new(v(3.186_753_8e-23, SPECK)).unwrap();
    let point = Point::new(v(SPECK, SPECK)).unwrap();
    let at = Transform::from_position_angle(v(SPECK, SPECK), SPECK);
    let mut cache = gjk_core::SimplexCache::new();
    let _ = distance_cached(&speck, at, &point, at, &mut cache);
    let _ = distance_cached(&speck, at, &point, at, &mut cache);
    // Then the point moves 1e-5 up: the warm start's edge weights took the reciprocal
    // of a subnormal sum, infinite, and the witness points came out NaN.
    let above = Transform::from_position_angle(v(SPECK, 1.050_163_7e-5), 6.0);
    let warm = distance_cached(&speck, at, &point, above, &mut cache);
    let cold = distance(&speck, at, &point, above);
    assert!(
        warm.witness_a.is_finite() && warm.witness_b.is_finite(),
        "{warm:?}"
    );
    assert!(
        (warm.distance - cold.distance).abs() < 1e-9,
        "{warm:?} vs {cold:?}"
    );
}

#[test]
fn point_at_the_centre_of_an_ellipse_of_size_1e_11_overlaps_it_from_either_side() {
    let ellipse = Ellipse::new(v(9.385_572e-12, 9.834_108e-12)).unwrap();
    let xf_ellipse = Transform::from_position_angle(v(1e-30, 1e-30), 1e-30);
    let point = Point::new(v(1e-30, 1e-30)).unwrap();
    let xf_point = Transform::from_position_angle(v(1e-30, 1e-30), -0.125);
    // With the point first, GJK's triangle around the origin had sub-areas near 1e-23
    // and an orientation near 1e-22: their products underflowed to zero, an edge
    // region was chosen, and a chord of the ellipse 6e-14 from the point was reported
    // as its distance.
    for out in [
        distance(&ellipse, xf_ellipse, &point, xf_point),
        distance(&point, xf_point, &ellipse, xf_ellipse),
    ] {
        assert_eq!(out.status, DistanceStatus::Overlapping, "{out:?}");
        assert_eq!(out.distance, 0.0);
    }
}

#[test]
fn tiny_ellipse_cast_against_a_tiny_circle_stops_where_they_touch() {
    let ellipse = Ellipse::new(v(6.409_690_6e-10, 1.389_997_5e-9)).unwrap();
    let dot = Circle::new(v(6.409_690_6e-10, 6.409_690_6e-10), 8.483_155e-33).unwrap();
    let at = Transform::from_position_angle(v(6.409_690_6e-10, 6.409_690_6e-10), 6.409_690_6e-10);
    let (move_a, move_b) = (
        v(6.402_869_3e-10, 6.409_690_6e-10),
        v(1.812_994_1e-12, 7.085_586e-15),
    );
    let out = shape_cast(
        &ellipse,
        at,
        &dot,
        at,
        ShapeCastInput::moving(move_a, move_b),
    );
    assert_eq!(out.status, CastStatus::Hit, "{out:?}");
    let moved = |by: Vec2<f32>| Transform {
        translation: at.translation + by * out.fraction,
        rotation: at.rotation,
    };
    // The same underflow stopped the cast early: the shapes were still 2.4e-13 apart
    // (1.2e-4 of their size) at the reported fraction.
    let gap = distance(&ellipse, moved(move_a), &dot, moved(move_b)).distance;
    assert!(gap <= 1e-5 * 1.4e-9, "gap {gap} at {out:?}");
}

#[test]
fn ray_reaching_beyond_f32_range_is_invalid_not_a_hit_at_infinity() {
    let points = [
        v(-0.0, -0.0),
        v(-0.125, 15.875),
        v(-0.125, -0.125),
        v(0.25, 11.625),
    ];
    let polygon = Polygon::<f32, 8>::hull(&points).unwrap();
    let xf = Transform::from_position_angle(v(1.285, -2.3758), SPECK);
    let ray = Ray {
        origin: v(-0.0, -0.0),
        translation: v(SPECK, 1e30),
        max_fraction: 1e30,
    };
    // The ray passes beside the polygon, but its reach of 1e60 overflows f32: the GJK
    // cast reported a hit at fraction 7.9e8 with an infinite point.
    assert_eq!(ray_cast(&polygon, xf, ray).status, CastStatus::InvalidInput);
    assert_eq!(polygon.ray_cast(xf, ray).status, CastStatus::InvalidInput);
}

#[test]
fn ray_passing_beyond_the_sharp_tip_of_a_long_triangle_misses() {
    let points = [
        v(9.625, SPECK),
        v(0.0, 0.0),
        v(9.0, 8.625),
        v(-0.125, -0.0),
        v(17_733_000.0, 14.125),
        v(8.125, SPECK),
    ];
    // A triangle 1.8e7 long and 14 wide: its tip angle is 5e-7 radians.
    let sliver = Polygon::<f32, 8>::hull(&points).unwrap();
    let xf = Transform::from_position_angle(v(17_733_000.0, 17_733_000.0), -2000.0);
    let ray = Ray {
        origin: v(-0.0, -0.0),
        translation: v(17_733_000.0, 14.125),
        max_fraction: 4.75,
    };
    // Clipping against the two long edges put the tip 1.3e6 beyond the true one, and
    // the analytic cast reported a hit there, 1.3e6 off the triangle.
    assert_eq!(ray_cast(&sliver, xf, ray).status, CastStatus::Miss);
    assert_eq!(sliver.ray_cast(xf, ray).status, CastStatus::Miss);
}

#[test]
fn cast_of_capsules_2_8e7_long_does_not_stop_on_a_distant_support_plane() {
    let a = Capsule::new(
        v(28_013_000.0, 28_013_000.0),
        v(28_527_000.0, 13.875),
        13.875,
    )
    .unwrap();
    let b = Capsule::new(v(13.875, 13.875), v(13.875, 28_013_000.0), 13.875).unwrap();
    let xf = Transform::from_position_angle(v(13.875, 13.875), 13.875);
    let (move_a, move_b) = (v(13.875, 13.625), v(28_013_000.0, 28_013_000.0));
    let out = shape_cast(&a, xf, &b, xf, ShapeCastInput::moving(move_a, move_b));
    assert_eq!(out.status, CastStatus::Hit, "{out:?}");
    // The support plane of a long face came within rounding of the query point at
    // fraction 0.8163 and was taken for a contact; the shapes were still 296 000
    // apart there. f64 puts the contact at 0.8250555.
    assert!((out.fraction - 0.825_055_5).abs() < 1e-6, "{out:?}");
    let moved = |by: Vec2<f32>| Transform {
        translation: xf.translation + by * out.fraction,
        rotation: xf.rotation,
    };
    let gap = distance(&a, moved(move_a), &b, moved(move_b)).distance;
    // Rounding of coordinates near 3e7 in f32 is a few units.
    assert!(gap < 100.0, "gap {gap} at {out:?}");
}

#[test]
fn separating_axes_on_boxes_1e_39_wide_hand_over_to_gjk() {
    let speck = Rect::new(v(SPECK, SPECK)).unwrap();
    let sliver = Rect::new(v(5.165_24e-22, 1.084_202_3e-19)).unwrap();
    let xf_speck = Transform::from_position_angle(v(SPECK, 15.75), SPECK);
    let xf_sliver = Transform::from_position_angle(v(SPECK, SPECK), 5.165_24e-22);
    // The edges' squared lengths underflow to zero: the separating axes read the two
    // specks 15.75 apart as 15.75 deep, with two contact points.
    let contact = collide_polygons(&speck, xf_speck, &sliver, xf_sliver, SPECK).unwrap();
    assert!(contact.is_empty(), "{contact:?}");
    let near = collide_polygons(&speck, xf_speck, &sliver, xf_sliver, 16.0).unwrap();
    assert_eq!(near.points().len(), 1, "{near:?}");
    assert!(
        (near.points()[0].separation - 15.75).abs() < 1e-5,
        "{near:?}"
    );
}

#[test]
fn ray_past_a_tiny_segment_7e9_away_does_not_hit_far_from_it() {
    // A segment 1e-37 long, 1e-30 from its frame's origin, placed 7e9 down; a ray from
    // the origin 8.2e9 long straight down passes it. Rescaled into the kernel's
    // window the segment's products went subnormal, and the cast hit 3e8 short of it;
    // such casts now go to the GJK ray cast.
    let segment = Segment::new(v(9.999_999e-31, 1e-30), v(1e-30, 1e-30)).unwrap();
    let xf = Transform::new(
        v(1e-30, -6_972_924_000.0),
        Rot {
            cos: 1.0,
            sin: 6.408_269_5e-10,
        },
    );
    let ray = Ray {
        origin: v(-0.0, -0.0),
        translation: v(-0.0, -6_677_447_700.0),
        max_fraction: 1.2336,
    };
    let reach = 6_677_447_700.0 * 1.2336;
    for out in [segment.ray_cast(xf, ray), ray_cast(&segment, xf, ray)] {
        if out.status == CastStatus::Hit {
            let probe = Point::new(out.point).unwrap();
            let gap = distance(&probe, Transform::IDENTITY, &segment, xf).distance;
            assert!(gap <= 1e-5 * reach, "hit {gap} from the segment: {out:?}");
        }
    }
}

#[test]
fn ray_1e_30_long_beside_a_segment_1e_15_long_does_not_hit_it() {
    // Unscaled, the cross products of this ray and segment are 1e-45, one subnormal
    // ulp: the cast hit (2e-30, 2e-30), 1e-15 from the segment. (Found by fuzzing
    // while the closed forms rescaled only outside a wider window.)
    let segment = Segment::new(v(1.030_278_8e-15, 1e-30), v(1e-30, 1e-30)).unwrap();
    let xf = Transform::new(
        v(1.030_278_8e-15, 1e-30),
        Rot {
            cos: 1.0,
            sin: 1e-30,
        },
    );
    let ray = Ray {
        origin: v(1e-30, 1e-30),
        translation: v(1e-30, 1e-30),
        max_fraction: 2.1845,
    };
    for out in [segment.ray_cast(xf, ray), ray_cast(&segment, xf, ray)] {
        assert_eq!(out.status, CastStatus::Miss, "{out:?}");
    }
}

#[test]
fn circle_ray_with_a_huge_translation_and_a_tiny_max_fraction_is_not_a_hit_at_its_origin() {
    let radius = 6.409_690_6e-10;
    let circle = Circle::new(v(radius, radius), radius).unwrap();
    let xf = Transform::from_position_angle(v(radius, -7.397_918e-16), 1.469_368e-39);
    let ray = Ray {
        origin: v(radius, 5.038_174_3e-10),
        translation: v(1.465_018_4e13, 1e-30),
        max_fraction: 1e-30,
    };
    // The origin is 1.45e-11 outside the circle and the ray sweeps 1.5e-17 of the
    // plane: a miss. Scaled into the window with the translation, the offset from
    // the centre underflowed and the cast hit at the origin.
    for out in [circle.ray_cast(xf, ray), ray_cast(&circle, xf, ray)] {
        assert_eq!(out.status, CastStatus::Miss, "{out:?}");
        assert_eq!(out.fraction, 1e-30);
    }
    // Aimed at the centre with a reach of 1e-10, it hits 1.45e-11 along, through
    // the near side.
    let reach = Ray {
        max_fraction: 1e-10 / 1.465_018_4e13,
        ..Ray::new(ray.origin, v(1.465_018_4e13, 3.125e12))
    };
    let out = circle.ray_cast(xf, reach);
    assert_eq!(out.status, CastStatus::Hit, "{out:?}");
    let gap = distance(
        &Point::new(out.point).unwrap(),
        Transform::IDENTITY,
        &circle,
        xf,
    )
    .distance;
    assert!(gap <= 1e-6 * radius, "{gap:e} {out:?}");
}

#[test]
fn capsule_ray_with_a_negative_max_fraction_stays_invalid_when_restated() {
    let capsule = Capsule::new(v(-0.125, -0.0), v(22_102_000.0, 1.282_511_4e-32), -0.0).unwrap();
    let xf = Transform::from_position_angle(v(-6.0, -0.0), 1.469_368e-39);
    let ray = Ray {
        origin: v(1.469_368e-39, 1.469_368e-39),
        translation: v(1.469_368e-39, 1.469_368e-39),
        max_fraction: -4.75,
    };
    // The translation is 2^-154 of the capsule's size: restating the ray at the
    // capsule's scale divided -4.75 by 2^154, which underflowed to -0 and passed as a
    // valid `max_fraction`; the cast hit at fraction 0.
    for out in [capsule.ray_cast(xf, ray), ray_cast(&capsule, xf, ray)] {
        assert_eq!(out.status, CastStatus::InvalidInput, "{out:?}");
    }
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

/// The manifold's rescue (for cores too small for the kernel's window) scaled the
/// world transforms by its factor, as `penetration`'s did before it ran in A's frame: a
/// capsule with a speck of a core and a circle at the same place 1.5 from the origin
/// asked for a factor near 2^127, their positions overflowed, and the contact was
/// lost. Its points are relative to the bodies, so where the pair is must not matter.
#[test]
fn manifold_of_a_speck_cored_capsule_away_from_the_origin_survives_its_rescue() {
    let speck = 1.469_368e-39;
    let capsule = Capsule::new(v(speck, speck), v(speck, speck), 1.5).unwrap();
    let circle = Circle::new(v(0.0, 0.0), 1.0).unwrap();
    for far in [0.0, 1.5, 1000.0, -3e31] {
        let xf_a = Transform::from_position_angle(v(far, far), 1.5);
        let xf_b = Transform::from_translation(v(far, far));
        let contact = gjk_core::manifold(&capsule, xf_a, &circle, xf_b, 0.0)
            .unwrap_or_else(|error| panic!("{far}: {error:?}"));
        assert_eq!(contact.points().len(), 1, "{far}: {contact:?}");
        let point = contact.points()[0];
        // Radii 1.5 and 1 about the same centre: they overlap by 2.5.
        assert!((point.separation + 2.5).abs() < 1e-5, "{far}: {contact:?}");
        assert!(
            point.anchor_a.is_finite() && point.anchor_b.is_finite(),
            "{far}: {contact:?}"
        );
    }
}

/// A ray with a subnormal translation (1.5e-39) and a `max_fraction` of 13.25, from a
/// point on the core of a capsule 2.5e7 long: the cast restates such a ray at the
/// geometry's scale, stretching the translation by 2^154 and dividing `max_fraction`
/// by it, which put `max_fraction` deep in the subnormals, where it rounded. The cast
/// came back as a hit at fraction 16, past the end of the ray.
#[test]
fn ray_with_a_subnormal_translation_never_hits_past_its_end() {
    let speck = 1.469_368e-39;
    let capsule = Capsule::new(v(speck, -24_673_000.0), v(speck, speck), speck).unwrap();
    let xf = Transform::new(
        v(speck, speck),
        Rot {
            cos: 1.0,
            sin: speck,
        },
    );
    let ray = Ray {
        origin: v(speck, -12.125),
        translation: v(speck, speck),
        max_fraction: 13.25,
    };
    for out in [capsule.ray_cast(xf, ray), ray_cast(&capsule, xf, ray)] {
        assert!(out.fraction <= ray.max_fraction, "{out:?}");
        if out.status == CastStatus::Hit {
            assert!(out.fraction >= 0.0 && out.point.is_finite(), "{out:?}");
        }
    }
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

/// A cone 3.6e-6 across with a subnormal height (a flat disc) 5.6e-10 from a speck: the
/// closest point's direction is known only to the rounding of the disc over 5.6e-10
/// (1.6e-4 rad), so the support along it was a rim point whose lower bound dipped below
/// zero, and the cast stopped there "within the target" and reported a start inside,
/// though `distance` finds them 5.6e-10 apart. A converged cast now needs its upper
/// bound within the target too.
#[test]
fn flat_disc_cast_does_not_start_inside_from_a_tilted_lower_bound() {
    let speck = 1.469_368e-39_f32;
    let disc = Cone::new(speck, 3.579_083_6e-6).unwrap();
    let dot = Cone::new(speck, speck).unwrap();
    let turn = Quat {
        x: 0.067_242_265,
        y: 0.123_481_244,
        z: 0.012_071_331,
        w: -0.989_992_5,
    };
    let xf_disc = Transform3::new(
        Vec3::new(6.409_690_6e-10, 6.409_690_6e-10, 6.555_209_7e-10),
        turn,
    );
    let xf_dot = Transform3::from_translation(Vec3::splat(speck));
    let apart = distance(&disc, xf_disc, &dot, xf_dot);
    assert_eq!(apart.status, DistanceStatus::Separated);
    assert!(apart.distance > 5e-10, "{apart:?}");
    let cast = ShapeCastInput {
        max_fraction: 1e30,
        ..ShapeCastInput::moving_b(Vec3::splat(speck))
    };
    let ray = Ray {
        origin: Vec3::splat(speck),
        translation: Vec3::splat(speck),
        max_fraction: 1e30,
    };
    for out in [
        shape_cast(&disc, xf_disc, &dot, xf_dot, cast),
        ray_cast(&disc, xf_disc, ray),
    ] {
        assert_ne!(out.status, CastStatus::StartsInside, "{out:?}");
        if out.status == CastStatus::Hit {
            let at = Transform3::from_translation(
                xf_dot.translation + cast.translation_b * out.fraction,
            );
            assert!(
                distance(&disc, xf_disc, &dot, at).distance <= 1e-4 * 3.6e-6,
                "{out:?}"
            );
        }
    }
}

/// A capsule of radius 1.5e-39 around a core 2.2e-15 long, under a ray 1e-30 long
/// with a `max_fraction` of 1e30 (restated to a length of 1): the closed form's
/// offsets from the core squared to nothing at that scale, and the ray hit 1.2e-18
/// from the capsule (in 3D; the plane's capsule shares the code). Such a radius, too
/// far below the ray, now goes to the GJK ray cast, as a segment's length does.
#[test]
fn hair_thin_capsule_is_not_hit_off_its_surface_by_a_stretched_ray() {
    let speck = 1.469_368e-39_f32;
    let hair = Capsule3::new(
        Vec3::new(1e-30, 1.615_587e-27, 1e-30),
        Vec3::new(2.239_268_2e-15, speck, speck),
        speck,
    )
    .unwrap();
    let xf = Transform3::from_translation(Vec3::new(3.184_645_4e-23, speck, speck));
    let ray = Ray {
        origin: Vec3::splat(1e-30),
        translation: Vec3::new(-0.0, 1e-30, 1e-30),
        max_fraction: 1e30,
    };
    let out = ray_cast(&hair, xf, ray);
    assert_eq!(out.status, CastStatus::Miss, "{out:?}");
    let flat = Capsule::new(v(1e-30, 1.615_587e-27), v(2.239_268_2e-15, speck), speck).unwrap();
    let ray2 = Ray {
        origin: v(1e-30, 1e-30),
        translation: v(-0.0, 1e-30),
        max_fraction: 1e30,
    };
    let out = ray_cast(
        &flat,
        Transform::from_translation(v(3.184_645_4e-23, speck)),
        ray2,
    );
    assert_eq!(out.status, CastStatus::Miss, "{out:?}");
}

/// A ray along the diagonal through the end point of a segment that is turned off the
/// diagonal by 3e-5 about that end: nearly parallel, the crossing's fraction rounds by
/// a thousandth, and the position along the segment, from a second quotient, rounded
/// apart from it. The hit point came out 0.0092 before the end, off the segment.
#[test]
fn segment_ray_nearly_along_it_is_not_hit_before_its_end_point() {
    let segment = Segment::new(v(9.625, 9.625), v(-0.0, -0.0)).unwrap();
    let xf = Transform::from_position_angle(v(9.625, 9.625), 3.056_163e-5);
    let ray = Ray {
        origin: v(7.0, 7.0),
        translation: v(7.0, 7.0),
        max_fraction: 7.0,
    };
    // The fuzz target's bar: 1e-4 of the reach, 56 here.
    assert_hit_on_surface(&segment, xf, ray, 5.6e-3);
}

/// The fuzz target's check of a ray cast: a hit, if any, lies within `bar` of the
/// shape's surface.
#[track_caller]
fn assert_hit_on_surface<T: RayShape<f32>>(shape: &T, xf: Transform<f32>, ray: Ray<f32>, bar: f32) {
    let out = ray_cast(shape, xf, ray);
    if out.status == CastStatus::Hit {
        let probe = Point::new(out.point).unwrap();
        let gap = distance(&probe, Transform::IDENTITY, shape, xf).distance;
        assert!(gap <= bar, "hit {gap} off the surface: {out:?}");
    }
}

/// A circle-shaped ellipse turned by 5.125 radians and a ray that starts on its left
/// edge and runs straight up its tangent. Through the rotation the origin lands a
/// rounding outside the unit disc and the line a rounding inside it; the entry, a
/// quotient of those two roundings, came out 46.5 up the tangent, 36 off the ellipse.
#[test]
fn ellipse_ray_up_the_tangent_at_its_origin_is_not_hit_far_up_it() {
    let ellipse = Ellipse::new(v(11.625, 11.625)).unwrap();
    let xf = Transform::from_position_angle(v(11.625, 11.625), 5.125);
    let ray = Ray {
        origin: v(1e-30, 11.625),
        translation: v(f32::from_bits(1_048_576), 8.25),
        max_fraction: 8.25,
    };
    // The fuzz target's bar: 1e-4 of the reach, 81 here.
    assert_hit_on_surface(&ellipse, xf, ray, 8.1e-3);
}

/// A cylinder and an ellipsoid that touch, in `f32`. Near the contact the tetrahedron
/// of `B - A` is all but flat, and one solve stepped `|v|` from 9.3e-6 up to 0.155; the
/// loop took that as a stall step (kept for rounding-level rises on flat edges), three
/// of them ended it there, and `distance` answered 0.033 apart. The shape cast stopping
/// at the contact was checked with that distance and failed. A rise of more than the
/// touching margin of the simplex is no stall now, and the loop keeps the simplex before
/// it.
#[test]
fn cylinder_touching_an_ellipsoid_is_not_reported_far_apart_after_a_flat_solve() {
    let cylinder = Cylinder::new(9.125_f32, 9.125).unwrap();
    let xf_a = Transform3::from_position_axis_angle(
        Vec3::new(14.625, 14.625, 14.625),
        Vec3::new(-14.75, 14.625, 14.625),
        13.875,
    )
    .unwrap();
    let ellipsoid = Ellipsoid::new(Vec3::new(4.5_f32, 4.375, 4.375)).unwrap();
    let start = Vec3::new(4.375_f32, 4.375, 4.375);
    let motion = Vec3::new(0.899_499_95_f32, 4.375, 4.375);
    // The f64 contact is at 0.51339612: past it the shapes overlap by a few 1e-6.
    let touching = Transform3::from_translation(start + motion * 0.513_396_4);
    let out = distance(&cylinder, xf_a, &ellipsoid, touching);
    assert!(out.distance <= 3e-5, "{out:?}");
    let cast = ShapeCastInput {
        max_fraction: 4.375,
        ..ShapeCastInput::moving_b(motion)
    };
    let hit = shape_cast(
        &cylinder,
        xf_a,
        &ellipsoid,
        Transform3::from_translation(start),
        cast,
    );
    assert_eq!(hit.status, CastStatus::Hit);
    let at_hit = Transform3::from_translation(start + motion * hit.fraction);
    let gap = distance(&cylinder, xf_a, &ellipsoid, at_hit).distance;
    assert!(gap <= 3e-5, "gap {gap} at {hit:?}");
}

/// A round ellipse 1e-30 across inside a circle of radius 0.0031, in `f32`. GJK on the
/// cores (the ellipse and the circle's centre, 9.3e-31 apart) could be rescued only to
/// 3e-20, where the circle's radius reaches the top of the window; the squares there
/// are subnormal, the loop crept to its cap, and `manifold` answered `MaxIterations`
/// although `distance` found the shapes overlapping. A capped loop whose closest point
/// is within the radii is certain of the contact and gives it: one point, as deep as
/// the radius to the rounding of 0.0031.
#[test]
fn speck_of_an_ellipse_in_a_small_circle_has_a_contact_not_max_iterations() {
    let speck = Ellipse::new(v(1e-30, 1e-30)).unwrap();
    let circle = Circle::new(v(1e-30, 1e-30), 0.003_1).unwrap();
    let xf_a = Transform::new(
        v(1e-30, -0.0),
        Rot {
            cos: 1.0,
            sin: 1e-30,
        },
    );
    let xf_b = Transform::from_position_angle(v(1e-30, 1e-30), -0.5226);
    assert_eq!(
        distance(&speck, xf_a, &circle, xf_b).status,
        DistanceStatus::Overlapping
    );
    let contact = gjk_core::manifold(&speck, xf_a, &circle, xf_b, 1e-30).unwrap();
    assert_eq!(contact.points().len(), 1, "{contact:?}");
    assert!((contact.normal.length() - 1.0).abs() <= 1e-6, "{contact:?}");
    let point = contact.points()[0];
    assert!((point.separation + 0.003_1).abs() <= 1e-9, "{contact:?}");
    assert!(point.anchor_a.is_finite() && point.anchor_b.is_finite());
}

/// The answers of `distance`, `intersects` and `penetration` for a pair whose cores
/// are `gap` apart (to `tolerance`): separated, and `distance`'s output.
#[track_caller]
fn apart_by<A, B, S>(
    a: &A,
    xf_a: Transform3<S>,
    b: &B,
    xf_b: Transform3<S>,
    gap: S,
    tolerance: S,
) -> gjk_core::DistanceOutput<S, Vec3<S>>
where
    S: gjk_core::Scalar,
    A: gjk_core::Support<S, Vec3<S>>,
    B: gjk_core::Support<S, Vec3<S>>,
{
    let out = distance(a, xf_a, b, xf_b);
    assert_eq!(out.status, DistanceStatus::Separated, "{out:?}");
    assert!((out.distance - gap).abs() <= tolerance, "{out:?}");
    assert_eq!(intersects(a, xf_a, b, xf_b), Ok(false));
    let deep = penetration(a, xf_a, b, xf_b);
    assert_eq!(deep.status, PenetrationStatus::Separated, "{deep:?}");
    out
}

/// A segment 0.13 long against an ellipsoid 0.1 across, 1.3477e-6 apart, in `f64`
/// (found by an adversarial review; the bound is the support gap along the answer's
/// normal, computed apart from the kernel). `B - A` is flat along the segment: GJK
/// crept toward the gap for 49 steps, then solved a flat tetrahedron, its new point
/// on the plane of the old face, as enclosing the origin. `distance` answered
/// `Overlapping` with witness points 0.019 apart, `penetration` a depth of zero, while
/// `intersects` said apart. A step into overlap after its support plane proved the
/// cores apart now ends the loop on the simplex before it.
#[test]
fn segment_near_an_ellipsoid_is_not_reported_overlapping_after_a_flat_solve() {
    let ellipsoid = Ellipsoid::new(Vec3::new(
        0.050879059005624554_f64,
        0.03427522159579338,
        0.03204454073666238,
    ))
    .unwrap();
    let segment = Segment3::new(
        Vec3::new(
            0.040922387201377,
            -0.017056633999663652,
            0.06764973711574054,
        ),
        Vec3::new(
            -0.04205942803592955,
            -0.03271783574106844,
            -0.0326840143524965,
        ),
    )
    .unwrap();
    let xf_a = Transform3::from_translation(Vec3::new(
        -0.04903027345849015,
        -0.05219022879183777,
        -0.03367724478362603,
    ));
    let xf_b = Transform3::new(
        Vec3::new(
            0.029710814835170685,
            -0.050075454555628576,
            -0.06895923606238802,
        ),
        Quat {
            x: -0.24935725675749212,
            y: 0.4375747804366843,
            z: -0.47217801443791846,
            w: 0.7234619497317261,
        },
    );
    let out = apart_by(&ellipsoid, xf_a, &segment, xf_b, 1.3477e-6, 1e-10);
    let between = (out.witness_b - out.witness_a).length();
    assert!((between - out.distance).abs() <= 1e-12, "{out:?}");
}

/// Three collinear points (a segment as a point set) 0.033 from a cylinder, in `f32`
/// (found by the same review; the segment itself answers 0.033047): the same flat
/// solve gave `Overlapping` with witness points 2.7 apart. (The segment lies along
/// the cylinder's side, where the witness points slide along it: they are 0.038
/// apart, not checked here.)
#[test]
fn collinear_points_near_a_cylinder_are_not_reported_overlapping_after_a_flat_solve() {
    let points = [
        [0xc1a8a74a_u32, 0xc228a74a, 0x41a8a74a],
        [0xc1aa59b4, 0xc22a59b4, 0x41aa59b4],
        [0x41925f0d, 0x42125f0d, 0xc1925f0d],
    ]
    .map(|bits| {
        Vec3::new(
            f32::from_bits(bits[0]),
            f32::from_bits(bits[1]),
            f32::from_bits(bits[2]),
        )
    });
    let hull = ConvexPoints::<f32, 12>::new(&points).unwrap();
    let cylinder = Cylinder::new(17.25344_f32, 3.7484806).unwrap();
    let xf_a = Transform3::from_translation(Vec3::new(11.146123, -4.45049, 11.442986));
    let xf_b = Transform3::new(
        Vec3::new(-2.2911143, -2.4612436, 7.92165),
        Quat {
            x: 0.5462068,
            y: 0.3504116,
            z: 0.75398034,
            w: 0.10189967,
        },
    );
    let _ = apart_by(&hull, xf_a, &cylinder, xf_b, 0.033047, 1e-5);
    let segment = Segment3::new(points[1], points[2]).unwrap();
    let _ = apart_by(&segment, xf_a, &cylinder, xf_b, 0.033047, 1e-5);
}

/// Points on the core of a capsule, in `f32` (found by an adversarial review: 222 of
/// 12,000 random queries, among them rotated capsules of size 35 whose "surface
/// point" was 22.75 inside). The offset from such a point to its foot on the core is
/// rounding noise, along the core as much as across it; its direction was taken as
/// the normal, and `(0.003, 0.001)` on the core from `(0, 0)` to `(3, 1)` got the
/// surface point `(0.897, 0.448)`, 0.86 of the radius inside. The normal is now the
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

/// The first ray through a triangle's interior that the GJK ray cast missed (`f64`,
/// found by an adversarial review: 148 of 80,000 random rays through interiors in
/// `f64`, 167 in `f32`). The loop stood at the contact, fraction 0.5, with `|v| =
/// 4e-16`, the rounding of the query point's coordinates, above its own margin of
/// 2.6e-16 (the simplex's points, gathered at the query point); the plane through that
/// noise pointed along the ray, and the cast answered `Miss`. A plane that turns the
/// query point away is now a miss only if `|v|` is beyond the query point's touching
/// margin too.
#[test]
fn ray_through_the_middle_of_a_triangle_is_not_a_miss() {
    let triangle = Triangle3::new(
        Vec3::new(
            -0.7233102012927513_f64,
            -0.40149738741709373,
            0.43460578229925995,
        ),
        Vec3::new(
            -0.5822178996544711,
            -0.605326265119785,
            0.010396320641619994,
        ),
        Vec3::new(
            -0.22331849661903735,
            -0.4890543179114992,
            0.11280407433184392,
        ),
    )
    .unwrap();
    let ray = Ray::new(
        Vec3::new(-2.8906877554327948, 3.789565383101854, -1.130676168496362),
        Vec3::new(4.823385103632038, -8.543635987934138, 2.6747208953172636),
    );
    for out in [
        ray_cast(&triangle, Transform3::IDENTITY, ray),
        support_ray_cast(&triangle, Transform3::IDENTITY, ray),
    ] {
        assert_eq!(out.status, CastStatus::Hit, "{out:?}");
        assert!((out.fraction - 0.5).abs() < 1e-14, "{out:?}");
    }
}

/// Rays through the interiors of random triangles (every barycentric weight at least
/// 0.05, the ray at least 0.2 rad off the plane), in `f32` and `f64`: every one hits,
/// at the fraction of the exact `f64` plane intersection to a few epsilons of the
/// ray's reach over its translation.
fn rays_through_triangle_interiors<S: gjk_core::Scalar>() {
    fn uniform(state: &mut u64) -> f64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        (*state >> 11) as f64 / (1u64 << 53) as f64
    }
    fn point(state: &mut u64) -> [f64; 3] {
        [0, 1, 2].map(|_| uniform(state) * 2.0 - 1.0)
    }
    let state = &mut 0x2545_f491_4f6c_dd1d_u64;
    let to_s = |p: [f64; 3]| Vec3::new(S::from_f64(p[0]), S::from_f64(p[1]), S::from_f64(p[2]));
    let back = |p: Vec3<S>| [p.x.to_f64(), p.y.to_f64(), p.z.to_f64()];
    let sub = |a: [f64; 3], b: [f64; 3]| [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
    let dot = |a: [f64; 3], b: [f64; 3]| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    let cross = |a: [f64; 3], b: [f64; 3]| {
        [
            a[1] * b[2] - a[2] * b[1],
            a[2] * b[0] - a[0] * b[2],
            a[0] * b[1] - a[1] * b[0],
        ]
    };
    let mut checked = 0;
    while checked < 20_000 {
        let corners = [to_s(point(state)), to_s(point(state)), to_s(point(state))];
        let Ok(triangle) = Triangle3::new(corners[0], corners[1], corners[2]) else {
            continue;
        };
        let [a, b, c] = corners.map(back);
        let normal = cross(sub(b, a), sub(c, a));
        let area = dot(normal, normal).sqrt();
        if area < 0.05 {
            continue;
        }
        let weights = [0.05 + 0.9 * uniform(state), 0.05 + 0.9 * uniform(state)];
        if weights[0] + weights[1] > 0.95 {
            continue;
        }
        let aim: [f64; 3] = core::array::from_fn(|i| {
            a[i] + weights[0] * (b[i] - a[i]) + weights[1] * (c[i] - a[i])
        });
        let direction = point(state);
        let length = dot(direction, direction).sqrt();
        if length < 0.1 || dot(direction, normal).abs() < 0.2 * length * area {
            continue;
        }
        let reach = 2.0 + 3.0 * uniform(state);
        let origin: [f64; 3] = core::array::from_fn(|i| aim[i] - direction[i] / length * reach);
        let translation: [f64; 3] = core::array::from_fn(|i| 2.0 * direction[i] / length * reach);
        let ray = Ray::new(to_s(origin), to_s(translation));
        // The exact fraction of the rounded ray at the rounded triangle's plane.
        let (o, t) = (back(ray.origin), back(ray.translation));
        let exact = dot(normal, sub(a, o)) / dot(normal, t);
        let out = support_ray_cast(&triangle, Transform3::IDENTITY, ray);
        assert_eq!(out.status, CastStatus::Hit, "{triangle:?} {ray:?}: {out:?}");
        let bar = 64.0 * S::EPS.to_f64() * (reach + 2.0) / (2.0 * reach);
        assert!(
            (out.fraction.to_f64() - exact).abs() <= bar,
            "{triangle:?} {ray:?}: {out:?}, want {exact}"
        );
        checked += 1;
    }
}

#[test]
fn rays_through_triangle_interiors_hit_f32() {
    rays_through_triangle_interiors::<f32>();
}

#[test]
fn rays_through_triangle_interiors_hit_f64() {
    rays_through_triangle_interiors::<f64>();
}
