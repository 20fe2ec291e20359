//! Regression tests of `distance`, `distance_cached` and `intersects`, each named after
//! the failure it pins, with the exact inputs that showed it (from the oracle tests and
//! from fuzzing, `cargo xtask fuzz`).

use gjk_core::{
    CastStatus, DistanceStatus, PenetrationStatus, Quat, Rot, ShapeCastInput, Transform,
    Transform3, Vec2, Vec3, distance, distance_cached, intersects, penetration, shape_cast,
};
use gjk_shapes::{
    Capsule, ConvexPoints, Cylinder, Ellipse, Ellipsoid, Point, Polygon, Rect, Segment, Segment3,
};

fn v(x: f32, y: f32) -> Vec2<f32> {
    Vec2::new(x, y)
}

/// A gap of 3.4e-6 between two polygons of size about 1.5, which a touching margin of
/// 8 eps of the largest simplex vertex reads as touching (distance 0, no normal): 2.7e-6
/// L of error, twice f32's rounding floor. The margin is 4 eps.
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

/// A 2e-9 gap between millimetre shapes, which `distance` calls touching: exiting on
/// the first support plane with a positive lower bound, `intersects` would say "apart".
/// It requires the bound to clear the touching margin too.
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

/// A triangle 67000 long and 9 tall: B - A for a point near its short corner has an
/// edge so flat that moving the closest point along it changed |v|^2 by less than an
/// epsilon, and GJK stopped on "no progress" at the far corner.
pub fn sliver() -> Polygon<f32, 8> {
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

/// Coordinates of 1.5e-39: subnormal in `f32`.
pub const SPECK: f32 = 1.469_368e-39;

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

/// A cylinder and an ellipsoid that touch, in `f32`. Near the contact the tetrahedron
/// of `B - A` is all but flat, and one solve steps `|v|` from 9.3e-6 up to 0.155. Taken
/// as a stall step (kept for rounding-level rises on flat edges), three of them would
/// end the loop there with `distance` 0.033 apart, and the shape cast stopping at the
/// contact would fail the check with that distance. A rise of more than the touching
/// margin of the simplex is no stall, and the loop keeps the simplex before it.
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
/// (the bound is the support gap along the answer's normal, computed apart from the
/// kernel). `B - A` is flat along the segment: GJK creeps toward the gap for 49 steps,
/// then solves a flat tetrahedron, its new point on the plane of the old face, as
/// enclosing the origin. Taken at its word, `distance` would answer `Overlapping` with
/// witness points 0.019 apart and `penetration` a depth of zero, while `intersects`
/// says apart. A step into overlap after its support plane proved the cores apart ends
/// the loop on the simplex before it.
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
/// (the segment itself answers 0.033047): the same flat solve, taken at its word,
/// gives `Overlapping` with witness points 2.7 apart. (The segment lies along
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
