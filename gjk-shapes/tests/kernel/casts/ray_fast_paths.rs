//! The analytic ray casts of gjk-shapes (`Circle::ray_cast`, `Capsule::ray_cast`,
//! `Rect::ray_cast`, `Polygon::ray_cast`, `Segment::ray_cast`, `Point::ray_cast`,
//! `Ellipse::ray_cast`): Box2D's public cases, grazing and parallel rays, rays
//! through vertices, nearly parallel rays that barely hit, zero-length rays, rays
//! starting inside, bad input and large targets, in f32 and f64.

use gjk_core::{CastOutput, CastStatus, Ray, Scalar, Transform, Vec2};
use gjk_shapes::{Capsule, Circle, Ellipse, Point, Polygon, Rect, Segment};

fn v<S: Scalar>(x: f64, y: f64) -> Vec2<S> {
    Vec2::new(S::from_f64(x), S::from_f64(y))
}

fn ray<S: Scalar>(origin: (f64, f64), translation: (f64, f64)) -> Ray<S> {
    Ray::new(v(origin.0, origin.1), v(translation.0, translation.1))
}

/// The square `[-1, 1]^2` as every shape that can be one.
struct Squares<S: Scalar> {
    rect: Rect<S>,
    polygon: Polygon<S, 8>,
}

impl<S: Scalar> Squares<S> {
    fn new(half: f64) -> Self {
        let rect = Rect::new(v(half, half)).unwrap();
        Self {
            rect,
            polygon: Polygon::from_rect(rect).unwrap(),
        }
    }

    fn casts(&self, xf: Transform<S>, ray: Ray<S>) -> [CastOutput<S>; 2] {
        [self.rect.ray_cast(xf, ray), self.polygon.ray_cast(xf, ray)]
    }
}

fn box2d_cases<S: Scalar>() {
    // Box2D's `test_collision.c` ray cases: from (-4, 0) along (8, 0).
    let r = ray::<S>((-4.0, 0.0), (8.0, 0.0));
    let circle = Circle::new(v::<S>(1.0, 0.0), S::ONE).unwrap();
    let out = circle.ray_cast(Transform::IDENTITY, r);
    assert_eq!(out.status, CastStatus::Hit);
    assert_eq!(out.fraction, S::HALF);
    assert_eq!(out.normal, v(-1.0, 0.0));
    assert_eq!(out.point, Vec2::ZERO);
    for out in Squares::<S>::new(1.0).casts(Transform::IDENTITY, r) {
        assert_eq!(out.status, CastStatus::Hit);
        assert_eq!(out.fraction, S::from_f64(0.375));
        assert_eq!(out.normal, v(-1.0, 0.0));
        assert_eq!(out.point, v(-1.0, 0.0));
        assert_eq!(out.iterations, 0);
    }
    // A segment along the box's left face is hit at the same place.
    let side = Segment::new(v::<S>(-1.0, -1.0), v(-1.0, 1.0)).unwrap();
    let out = side.ray_cast(Transform::IDENTITY, r);
    assert_eq!(
        (out.status, out.fraction),
        (CastStatus::Hit, S::from_f64(0.375))
    );
    assert_eq!(out.normal, v(-1.0, 0.0));
}

#[test]
fn box2d_ray_cases_hit_where_box2d_says() {
    box2d_cases::<f32>();
    box2d_cases::<f64>();
}

fn grazing_rays<S: Scalar>() {
    let squares = Squares::<S>::new(1.0);
    // Along the top and bottom faces, both ways: entering at the first corner.
    for (origin, translation) in [
        ((-4.0, 1.0), (8.0, 0.0)),
        ((4.0, 1.0), (-8.0, 0.0)),
        ((-4.0, -1.0), (8.0, 0.0)),
        ((1.0, -4.0), (0.0, 8.0)),
    ] {
        for out in squares.casts(Transform::IDENTITY, ray(origin, translation)) {
            assert_eq!(out.status, CastStatus::Hit, "{origin:?}");
            assert_eq!(out.fraction, S::from_f64(0.375), "{origin:?}");
        }
    }
    // The capsule's flat side and the circle's top, grazed.
    let capsule = Capsule::new(v::<S>(-1.0, 0.0), v(1.0, 0.0), S::HALF).unwrap();
    let out = capsule.ray_cast(Transform::IDENTITY, ray((-4.0, 0.5), (8.0, 0.0)));
    assert_eq!(out.status, CastStatus::Hit);
    let circle = Circle::new(Vec2::ZERO, S::ONE).unwrap();
    let out = circle.ray_cast(Transform::IDENTITY, ray((-4.0, 1.0), (8.0, 0.0)));
    assert_eq!(out.status, CastStatus::Hit);
    // Within the rounding of |(-4, 1)| = sqrt(17).
    assert!((out.fraction - S::HALF).abs() <= S::TWO * S::EPS, "{out:?}");
    assert!(
        (out.normal - v(0.0, 1.0)).length() <= S::from_f64(16.0) * S::EPS,
        "{out:?}"
    );
}

#[test]
fn rays_grazing_along_an_edge_hit() {
    grazing_rays::<f32>();
    grazing_rays::<f64>();
}

fn vertex_rays<S: Scalar>() {
    let squares = Squares::<S>::new(1.0);
    // Diagonal lines touching the square only at a corner.
    for (origin, translation, corner) in [
        ((0.0, 2.0), (2.0, -2.0), (1.0, 1.0)),
        ((-2.0, 0.0), (2.0, 2.0), (-1.0, 1.0)),
        ((0.0, -2.0), (-2.0, 2.0), (-1.0, -1.0)),
    ] {
        for out in squares.casts(Transform::IDENTITY, ray(origin, translation)) {
            assert_eq!(out.status, CastStatus::Hit, "{origin:?}");
            assert_eq!(out.fraction, S::HALF);
            assert_eq!(out.point, v(corner.0, corner.1));
            // A normal of one of the two faces meeting there, against the ray.
            let normal = out.normal;
            assert!(normal.x.abs() + normal.y.abs() == S::ONE, "{normal:?}");
            assert!(normal.dot(v(translation.0, translation.1)) < S::ZERO);
        }
    }
    let segment = Segment::new(v::<S>(-1.0, 0.0), v(1.0, 0.0)).unwrap();
    let out = segment.ray_cast(Transform::IDENTITY, ray((0.0, -1.0), (2.0, 2.0)));
    assert_eq!((out.status, out.fraction), (CastStatus::Hit, S::HALF));
    assert_eq!(out.point, v(1.0, 0.0));
}

#[test]
fn rays_through_a_vertex_hit_it() {
    vertex_rays::<f32>();
    vertex_rays::<f64>();
}

/// Rays almost parallel to the top face, aimed at points a hair inside the square:
/// every one must hit, at or before its aim point, on the top or left face.
fn nearly_parallel<S: Scalar>(inside: f64, slopes: [f64; 2]) {
    let squares = Squares::<S>::new(1.0);
    let count = 4096;
    for i in 0..count {
        let along = -0.999 + 1.998 * f64::from(i) / f64::from(count);
        // Slopes spread log-uniformly over the given range.
        let mix = f64::from(i % 64) / 63.0;
        let slope = slopes[0] * (slopes[1] / slopes[0]).powf(mix);
        let aim = v::<S>(along, 1.0 - inside);
        let back = v::<S>(-4.0, 4.0 * slope);
        let origin = aim + back;
        // Exactly `aim - origin` twice over, so the aim is at fraction one half.
        let translation = (aim - origin) * S::TWO;
        let r = Ray::new(origin, translation);
        for out in squares.casts(Transform::IDENTITY, r) {
            assert_eq!(out.status, CastStatus::Hit, "ray {i}: {r:?}");
            assert!(out.fraction <= S::HALF, "ray {i}: {out:?}");
            let on_top = out.normal == v(0.0, 1.0);
            let on_left = out.normal == v(-1.0, 0.0);
            assert!(on_top || on_left, "ray {i}: {out:?}");
        }
    }
}

#[test]
fn thousands_of_nearly_parallel_rays_barely_hitting_a_square_never_miss() {
    nearly_parallel::<f32>(2.0_f64.powi(-20), [1e-7, 1e-2]);
    nearly_parallel::<f64>(2.0_f64.powi(-45), [1e-15, 1e-2]);
}

fn parallel_misses<S: Scalar>() {
    let segment = Segment::new(v::<S>(-1.0, 0.0), v(1.0, 0.0)).unwrap();
    let beside = ray::<S>((-4.0, 0.25), (8.0, 0.0));
    assert_eq!(
        segment.ray_cast(Transform::IDENTITY, beside).status,
        CastStatus::Miss
    );
    let below = ray::<S>((4.0, -0.25), (-8.0, 0.0));
    assert_eq!(
        segment.ray_cast(Transform::IDENTITY, below).status,
        CastStatus::Miss
    );
    // Turned, the segment from (0, 0) to (1, 1) and a ray along y = x + 0.5.
    let diagonal = Segment::new(v::<S>(0.0, 0.0), v(1.0, 1.0)).unwrap();
    let parallel = ray::<S>((-2.0, -1.5), (4.0, 4.0));
    assert_eq!(
        diagonal.ray_cast(Transform::IDENTITY, parallel).status,
        CastStatus::Miss
    );
    let capsule = Capsule::new(v::<S>(-1.0, 0.0), v(1.0, 0.0), S::from_f64(0.25)).unwrap();
    let out = capsule.ray_cast(Transform::IDENTITY, ray((-4.0, 0.3), (8.0, 0.0)));
    assert_eq!(out.status, CastStatus::Miss);
}

#[test]
fn a_ray_parallel_to_a_segment_beside_it_misses() {
    parallel_misses::<f32>();
    parallel_misses::<f64>();
}

/// Every fast path on one ray, as `(name, output)`.
fn all_shapes<S: Scalar>(xf: Transform<S>, r: Ray<S>) -> [(&'static str, CastOutput<S>); 7] {
    let circle = Circle::new(Vec2::ZERO, S::ONE).unwrap();
    let capsule = Capsule::new(v::<S>(-1.0, 0.0), v(1.0, 0.0), S::HALF).unwrap();
    let squares = Squares::<S>::new(1.0);
    let segment = Segment::new(v::<S>(-1.0, 0.0), v(1.0, 0.0)).unwrap();
    let point = Point::new(Vec2::ZERO).unwrap();
    let ellipse = Ellipse::new(v::<S>(2.0, 1.0)).unwrap();
    let [rect, polygon] = squares.casts(xf, r);
    [
        ("circle", circle.ray_cast(xf, r)),
        ("capsule", capsule.ray_cast(xf, r)),
        ("rect", rect),
        ("polygon", polygon),
        ("segment", segment.ray_cast(xf, r)),
        ("point", point.ray_cast(xf, r)),
        ("ellipse", ellipse.ray_cast(xf, r)),
    ]
}

fn zero_length<S: Scalar>() {
    let xf = Transform::from_position_angle(v(3.0, -2.0), S::from_f64(0.7));
    // From the local origin, which every shape contains (on the segment and the point).
    let at_centre = Ray::new(xf.translation, Vec2::ZERO);
    for (name, out) in all_shapes(xf, at_centre) {
        assert_eq!(out.status, CastStatus::StartsInside, "{name}");
        assert_eq!(out.fraction, S::ZERO, "{name}");
        assert_eq!(out.point, at_centre.origin, "{name}");
    }
    let outside = Ray::new(xf.translation + v(10.0, 0.0), Vec2::ZERO);
    for (name, out) in all_shapes(xf, outside) {
        assert_eq!(out.status, CastStatus::Miss, "{name}");
        assert_eq!(out.fraction, S::ONE, "{name}");
        assert_eq!((out.point, out.normal), (Vec2::ZERO, Vec2::ZERO), "{name}");
    }
}

#[test]
fn zero_length_rays_start_inside_or_miss() {
    zero_length::<f32>();
    zero_length::<f64>();
}

fn starting_inside<S: Scalar>() {
    // A point inside every shape with area, off their cores.
    let r = ray::<S>((0.25, 0.125), (5.0, 1.0));
    for (name, out) in all_shapes(Transform::IDENTITY, r) {
        match name {
            "segment" | "point" => assert_eq!(out.status, CastStatus::Miss, "{name}"),
            _ => {
                assert_eq!(out.status, CastStatus::StartsInside, "{name}");
                assert_eq!((out.fraction, out.point), (S::ZERO, r.origin), "{name}");
            }
        }
    }
    // Inside the rounding, the normal points out of the core; inside a core, zero.
    let circle = Circle::new(Vec2::ZERO, S::ONE).unwrap();
    let out = circle.ray_cast(Transform::IDENTITY, ray((0.0, -0.5), (1.0, 0.0)));
    assert_eq!(out.normal, v(0.0, -1.0));
    let capsule = Capsule::new(v::<S>(-1.0, 0.0), v(1.0, 0.0), S::HALF).unwrap();
    let out = capsule.ray_cast(Transform::IDENTITY, ray((0.5, -0.25), (1.0, 0.0)));
    assert_eq!(out.normal, v(0.0, -1.0));
    let rect = Rect::new(v::<S>(1.0, 1.0)).unwrap();
    let out = rect.ray_cast(Transform::IDENTITY, ray((0.5, -0.25), (1.0, 0.0)));
    assert_eq!(out.normal, Vec2::ZERO);
}

#[test]
fn rays_starting_inside_report_the_origin_at_fraction_zero() {
    starting_inside::<f32>();
    starting_inside::<f64>();
}

fn bad_input<S: Scalar>() {
    let nan = S::nan();
    let rays = [
        Ray::new(Vec2::new(nan, S::ZERO), v(1.0, 0.0)),
        Ray::new(v(-4.0, 0.0), Vec2::new(S::ZERO, S::infinity())),
        Ray {
            max_fraction: -S::ONE,
            ..ray((-4.0, 0.0), (8.0, 0.0))
        },
        Ray {
            max_fraction: nan,
            ..ray((-4.0, 0.0), (8.0, 0.0))
        },
    ];
    for r in rays {
        for (name, out) in all_shapes(Transform::IDENTITY, r) {
            assert_eq!(out.status, CastStatus::InvalidInput, "{name} {r:?}");
            assert!(out.fraction.is_nan());
            assert_eq!(out.normal, Vec2::ZERO);
        }
    }
    let bad_xf = Transform::from_translation(Vec2::new(nan, S::ZERO));
    for (name, out) in all_shapes(bad_xf, ray((-4.0, 0.0), (8.0, 0.0))) {
        assert_eq!(out.status, CastStatus::InvalidInput, "{name}");
    }
}

#[test]
fn nan_and_negative_input_is_invalid() {
    bad_input::<f32>();
    bad_input::<f64>();
}

/// The largest relative error of hit points on a box of half-extent `half`, against
/// the exact f64 answer, over rays that scale with the box: in units of the box.
fn box_errors<S: Scalar>(half: f64) -> f64 {
    let squares = Squares::<S>::new(half);
    let mut worst: f64 = 0.0;
    for i in 0..512 {
        let k = f64::from(i);
        // Rays from the left towards points on the left face at odd heights.
        let height = ((k * 0.618_034) % 1.0) * 1.8 - 0.9;
        let origin = (
            -4.0 * half,
            (height + 0.37 * ((k * 0.414_2) % 1.0 - 0.5)) * half,
        );
        let aim = (-half, height * half);
        let translation = (2.0 * (aim.0 - origin.0), 2.0 * (aim.1 - origin.1));
        let r = ray::<S>(origin, translation);
        // Exact entry: the left face, from the rounded ray the kernel received.
        let (o, d) = (
            [r.origin.x.to_f64(), r.origin.y.to_f64()],
            [r.translation.x.to_f64(), r.translation.y.to_f64()],
        );
        let face = -S::from_f64(half).to_f64();
        let exact = (face - o[0]) / d[0];
        let exact_point = [o[0] + exact * d[0], o[1] + exact * d[1]];
        for out in squares.casts(Transform::IDENTITY, r) {
            assert_eq!(out.status, CastStatus::Hit);
            let point = [out.point.x.to_f64(), out.point.y.to_f64()];
            let error = (point[0] - exact_point[0]).hypot(point[1] - exact_point[1]);
            worst = worst.max(error / half);
        }
    }
    worst
}

#[test]
fn large_boxes_are_as_exact_relative_to_their_size_as_small_ones() {
    for half in [1.0, 5000.0] {
        // A few roundings of the point `o + t d` (o about 4 half-extents away).
        let f32_error = box_errors::<f32>(half);
        assert!(
            f32_error <= 8.0 * f64::from(f32::EPSILON),
            "{half}: {f32_error:e}"
        );
        let f64_error = box_errors::<f64>(half);
        assert!(f64_error <= 8.0 * f64::EPSILON, "{half}: {f64_error:e}");
    }
}
