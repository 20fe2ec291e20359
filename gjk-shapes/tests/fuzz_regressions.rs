//! Regression tests for what fuzzing found (`cargo xtask fuzz`), each named after the
//! failure it pins, with the inputs the fuzzer produced.

use gjk_core::{
    CastStatus, DistanceStatus, Ray, Transform, Vec2, distance, distance_cached, ray_cast,
};
use gjk_shapes::{Capsule, Point, Polygon, Rect, Segment};

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
fn overflowing_segment_ray_cast_is_invalid_not_a_hit_at_nan() {
    let segment = Segment::new(v(-1e30, -1e30), v(1e-30, 1e-30)).unwrap();
    let xf = Transform::from_position_angle(v(1e-30, 1e-30), 1e-30);
    let ray = Ray {
        origin: v(1e-30, 0.625),
        translation: v(-13.875, -0.125),
        max_fraction: 6.125,
    };
    // Cross products of 1e30 coordinates overflow: the answer is unknown, and the
    // analytic cast said Hit at a NaN fraction.
    let out = segment.ray_cast(xf, ray);
    assert_eq!(out.status, CastStatus::InvalidInput, "{out:?}");
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
    distance_cached(&speck, at, &point, at, &mut cache);
    distance_cached(&speck, at, &point, at, &mut cache);
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
