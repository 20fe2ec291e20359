//! Regression tests of the ray and shape casts (generic and closed-form), each named
//! after the failure it pins, with the inputs fuzzing (`cargo xtask fuzz`) produced.

use gjk_core::{
    CastStatus, DistanceStatus, Quat, Ray, RayShape, Rot, ShapeCastInput, Transform, Transform3,
    Vec2, Vec3, distance, ray_cast, shape_cast, support_ray_cast,
};
use gjk_shapes::{Capsule, Capsule3, Circle, Cone, Ellipse, Point, Polygon, Segment, Triangle3};

use crate::distance::regressions::{SPECK, sliver};

fn v(x: f32, y: f32) -> Vec2<f32> {
    Vec2::new(x, y)
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
fn segment_ray_cast_with_overflowing_products_is_not_a_hit_at_nan() {
    let segment = Segment::new(v(-1e30, -1e30), v(1e-30, 1e-30)).unwrap();
    let xf = Transform::from_position_angle(v(1e-30, 1e-30), 1e-30);
    let ray = Ray {
        origin: v(1e-30, 0.625),
        translation: v(-13.875, -0.125),
        max_fraction: 6.125,
    };
    // Cross products of 1e30 coordinates overflow, and unscaled the analytic cast would
    // say Hit at a NaN fraction; it computes at a scale where they do not. The origin
    // is 0.44 from the segment's line `y = x`, which is within the rounding of a
    // segment 1e30 long (4e-6 L is 4e24): on the segment or missing it are both right
    // at its scale.
    let out = segment.ray_cast(xf, ray);
    assert!(
        matches!(out.status, CastStatus::StartsInside | CastStatus::Miss),
        "{out:?}"
    );
    assert!(out.fraction.is_finite() && out.point.is_finite(), "{out:?}");
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
fn ray_past_a_tiny_segment_7e9_away_does_not_hit_far_from_it() {
    // A segment 1e-37 long, 1e-30 from its frame's origin, placed 7e9 down; a ray from
    // the origin 8.2e9 long straight down passes it. Rescaled into the kernel's
    // window the segment's products go subnormal, and the closed form would hit 3e8
    // short of it; such casts go to the GJK ray cast.
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
    // ulp, and the cast would hit (2e-30, 2e-30), 1e-15 from the segment: the closed
    // forms' window is narrow enough that they rescale it.
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

/// A cone 3.6e-6 across with a subnormal height (a flat disc) 5.6e-10 from a speck: the
/// closest point's direction is known only to the rounding of the disc over 5.6e-10
/// (1.6e-4 rad), so the support along it is a rim point whose lower bound dips below
/// zero; a cast stopping there "within the target" would report a start inside, though
/// `distance` finds them 5.6e-10 apart. A converged cast needs its upper bound within
/// the target too.
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
/// offsets from the core square to nothing at that scale, and the ray would hit
/// 1.2e-18 from the capsule (in 3D; the plane's capsule shares the code). Such a
/// radius, too far below the ray, goes to the GJK ray cast, as a segment's length
/// does.
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

/// A ray through a triangle's interior, in `f64`. At the contact, fraction 0.5, the
/// loop stands with `|v| = 4e-16`, the rounding of the query point's coordinates, above
/// its own margin of 2.6e-16 (the simplex's points, gathered at the query point); the
/// plane through that noise points along the ray and would make the cast a `Miss`. A
/// plane that turns the query point away is a miss only if `|v|` is beyond the query
/// point's touching margin too.
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
