//! Every query through [`Shape`] equals, bit for bit, the same query on the shape it
//! wraps: support points and feature ids in every direction (ties, zeros, negative
//! zeros, NaN and infinities included), radius, feature points, bounding boxes and
//! support edges; `distance`, `intersects`, `penetration`, `manifold` and
//! `shape_cast` for every pair of variants over a grid of placements (apart, touching,
//! overlapping, axis-aligned, rotated, far from the origin, invalid); the generic
//! `ray_cast` and the analytic `Shape::ray_cast` for every variant over a fan of rays.
//! In `f32` and `f64`.
//!
//! Floats are compared as bits (NaN included) where the output is a plain struct, and
//! through their `Debug` text otherwise (`manifold`, `penetration`), which prints every
//! finite float exactly (shortest round trip) and tells `-0.0` from `0.0`.

use gjk_core::{
    Bounded, CastOutput, ContactShape, DistanceOutput, Ray, Rot, Scalar, ShapeCastInput, Support,
    Transform, Vec2, distance, intersects, manifold, penetration, ray_cast, shape_cast,
    support_ray_cast,
};
use gjk_shapes::{
    Capsule, Circle, Ellipse, Point, Polygon, Rect, Rounded, SHAPE_POLYGON_CAPACITY, Segment, Shape,
};

/// Evaluates `$body` with `$inner` bound to the shape `$shape` wraps, with its own
/// type in each arm (static dispatch, as a caller holding the plain shape would have).
macro_rules! wrapped {
    ($shape:expr, $inner:ident => $body:expr) => {
        match $shape {
            Shape::Point($inner) => $body,
            Shape::Circle($inner) => $body,
            Shape::Ellipse($inner) => $body,
            Shape::Segment($inner) => $body,
            Shape::Capsule($inner) => $body,
            Shape::Rect($inner) => $body,
            Shape::Polygon($inner) => $body,
            Shape::RoundedPolygon($inner) => $body,
            Shape::RoundedEllipse($inner) => $body,
        }
    };
}

fn v<S: Scalar>(x: f64, y: f64) -> Vec2<S> {
    Vec2::new(S::from_f64(x), S::from_f64(y))
}

/// Several shapes of every variant: boxes and polygons with edges along the axes
/// (where support ties are common), curved shapes, zero radii and off-centre cores.
fn every_variant<S: Scalar>() -> Vec<Shape<S>> {
    let s = S::from_f64;
    let octagon = Polygon::<S, SHAPE_POLYGON_CAPACITY>::regular(8, s(1.0)).unwrap();
    let square = Polygon::from_rect(Rect::new(v(0.75, 0.75)).unwrap()).unwrap();
    let triangle = Polygon::new(&[v(-1.0, -0.5), v(1.5, -0.5), v(0.0, 1.25)]).unwrap();
    let ellipse = Ellipse::new(v(1.5, 0.5)).unwrap();
    let shapes: [Shape<S>; 17] = [
        Point::new(v(0.25, -0.5)).unwrap().into(),
        Point::new(v(0.0, 0.0)).unwrap().into(),
        Circle::new(v(0.5, 0.25), s(0.75)).unwrap().into(),
        Circle::new(v(0.0, 0.0), s(0.0)).unwrap().into(),
        ellipse.into(),
        Ellipse::new(v(0.25, 1.0)).unwrap().into(),
        Segment::new(v(-1.0, 0.5), v(1.0, -0.25)).unwrap().into(),
        Segment::new(v(0.0, -1.0), v(0.0, 1.0)).unwrap().into(),
        Capsule::new(v(-1.0, 0.0), v(1.0, 0.0), s(0.5))
            .unwrap()
            .into(),
        Rect::new(v(1.0, 0.5)).unwrap().into(),
        Rect::new(v(0.5, 0.5)).unwrap().into(),
        octagon.into(),
        square.into(),
        triangle.into(),
        Rounded::new(octagon, s(0.25)).unwrap().into(),
        Rounded::new(triangle, s(0.0)).unwrap().into(),
        Rounded::new(ellipse, s(0.25)).unwrap().into(),
    ];
    shapes.to_vec()
}

/// Directions for the support comparisons: axes and diagonals (ties on boxes and
/// axis-aligned edges), signed zeros, NaN, infinities, tiny and huge lengths.
fn directions<S: Scalar>() -> Vec<Vec2<S>> {
    let special = [0.0, -0.0, 1.0, -1.0, 0.5, -3.0, 1e-30, -1e30];
    let odd = [f64::NAN, f64::INFINITY, f64::NEG_INFINITY];
    let mut out = Vec::new();
    for &x in special.iter().chain(&odd) {
        for &y in special.iter().chain(&odd) {
            out.push(v(x, y));
        }
    }
    out
}

/// Pairs of placements: B along the axes and the diagonal at distances from deep
/// overlap to far apart, unrotated (ties) and rotated, near the origin and 1e3 away;
/// and invalid ones (NaN translation, a rotation that is not unit).
fn placements<S: Scalar>() -> Vec<(Transform<S>, Transform<S>)> {
    let mut out = Vec::new();
    for centre in [0.0, 1e3] {
        let xf_a = Transform::from_position_angle(v(centre, -centre), S::from_f64(0.0));
        let rotated_a = Transform::from_position_angle(v(centre, -centre), S::from_f64(0.7));
        for offset in [
            (0.0, 0.0),
            (0.5, 0.0),
            (2.0, 0.0),
            (2.5, 0.0),
            (0.0, 1.5),
            (3.0, 3.0),
        ] {
            for angle in [0.0, core::f64::consts::FRAC_PI_2, 2.5] {
                let xf_b = Transform::from_position_angle(
                    v(centre + offset.0, -centre + offset.1),
                    S::from_f64(angle),
                );
                out.push((xf_a, xf_b));
                out.push((rotated_a, xf_b));
            }
        }
    }
    let nowhere = Transform::from_translation(v(f64::NAN, 0.0));
    let skewed = Transform::new(
        Vec2::ZERO,
        Rot {
            cos: S::ONE,
            sin: S::HALF,
        },
    );
    out.push((Transform::IDENTITY, nowhere));
    out.push((skewed, Transform::IDENTITY));
    out
}

/// Every field of a distance output as bits (widened to `f64`, which is exact).
fn distance_bits<S: Scalar>(out: &DistanceOutput<S>) -> [u64; 9] {
    let bits = |value: S| value.to_f64().to_bits();
    [
        bits(out.distance),
        bits(out.witness_a.x),
        bits(out.witness_a.y),
        bits(out.witness_b.x),
        bits(out.witness_b.y),
        bits(out.normal.x),
        bits(out.normal.y),
        u64::from(out.iterations),
        out.status as u64,
    ]
}

/// Every field of a cast output as bits (widened to `f64`, which is exact).
fn cast_bits<S: Scalar>(out: &CastOutput<S>) -> [u64; 7] {
    let bits = |value: S| value.to_f64().to_bits();
    [
        bits(out.fraction),
        bits(out.point.x),
        bits(out.point.y),
        bits(out.normal.x),
        bits(out.normal.y),
        u64::from(out.iterations),
        out.status as u64,
    ]
}

fn vec_bits<S: Scalar>(point: Vec2<S>) -> [u64; 2] {
    [point.x.to_f64().to_bits(), point.y.to_f64().to_bits()]
}

/// The single-shape answers of `shape` against those of `inner`, the shape it wraps.
fn check_shape<S: Scalar, T: ContactShape<S> + Bounded<S>>(shape: &Shape<S>, inner: &T) {
    assert_eq!(
        Support::radius(shape).to_f64().to_bits(),
        Support::radius(inner).to_f64().to_bits(),
        "{shape:?}"
    );
    assert_eq!(shape.local_aabb(), inner.local_aabb(), "{shape:?}");
    for (xf, _) in placements::<S>().into_iter().take(4) {
        assert_eq!(
            format!("{:?}", shape.aabb(xf)),
            format!("{:?}", inner.aabb(xf))
        );
    }
    for d in directions::<S>() {
        let (through, direct) = (shape.support(d), inner.support(d));
        assert_eq!(through.feature, direct.feature, "{shape:?} along {d:?}");
        assert_eq!(
            vec_bits(through.point),
            vec_bits(direct.point),
            "{shape:?} {d:?}"
        );
        assert_eq!(
            shape.feature_point(through.feature).map(vec_bits),
            inner.feature_point(direct.feature).map(vec_bits)
        );
        assert_eq!(
            format!("{:?}", shape.support_edge(d)),
            format!("{:?}", inner.support_edge(d)),
            "{shape:?} edge along {d:?}"
        );
    }
}

/// The pair queries through `Shape` against the same queries on the wrapped shapes.
fn check_pair<S, A, B>(a: &Shape<S>, inner_a: &A, b: &Shape<S>, inner_b: &B) -> usize
where
    S: Scalar,
    A: ContactShape<S>,
    B: ContactShape<S>,
{
    let mut checked = 0;
    for (xf_a, xf_b) in placements::<S>() {
        let context = || format!("{a:?} at {xf_a:?}, {b:?} at {xf_b:?}");
        assert_eq!(
            distance_bits(&distance(a, xf_a, b, xf_b)),
            distance_bits(&distance(inner_a, xf_a, inner_b, xf_b)),
            "distance: {}",
            context()
        );
        assert_eq!(
            intersects(a, xf_a, b, xf_b),
            intersects(inner_a, xf_a, inner_b, xf_b),
            "intersects: {}",
            context()
        );
        assert_eq!(
            format!("{:?}", penetration(a, xf_a, b, xf_b)),
            format!("{:?}", penetration(inner_a, xf_a, inner_b, xf_b)),
            "penetration: {}",
            context()
        );
        let margin = S::from_f64(0.1);
        assert_eq!(
            format!("{:?}", manifold(a, xf_a, b, xf_b, margin)),
            format!("{:?}", manifold(inner_a, xf_a, inner_b, xf_b, margin)),
            "manifold: {}",
            context()
        );
        let cast = ShapeCastInput::moving_b(xf_a.translation - xf_b.translation);
        assert_eq!(
            cast_bits(&shape_cast(a, xf_a, b, xf_b, cast)),
            cast_bits(&shape_cast(inner_a, xf_a, inner_b, xf_b, cast)),
            "shape_cast: {}",
            context()
        );
        checked += 1;
    }
    checked
}

/// The analytic cast each wrapped shape has, or the generic one for the rounded
/// variants, which have none: what `Shape::ray_cast` must equal.
fn wrapped_ray_cast<S: Scalar>(shape: &Shape<S>, xf: Transform<S>, ray: Ray<S>) -> CastOutput<S> {
    match shape {
        Shape::Point(inner) => inner.ray_cast(xf, ray),
        Shape::Circle(inner) => inner.ray_cast(xf, ray),
        Shape::Ellipse(inner) => inner.ray_cast(xf, ray),
        Shape::Segment(inner) => inner.ray_cast(xf, ray),
        Shape::Capsule(inner) => inner.ray_cast(xf, ray),
        Shape::Rect(inner) => inner.ray_cast(xf, ray),
        Shape::Polygon(inner) => inner.ray_cast(xf, ray),
        Shape::RoundedPolygon(inner) => ray_cast(inner, xf, ray),
        Shape::RoundedEllipse(inner) => ray_cast(inner, xf, ray),
    }
}

/// Rays from a ring of origins (outside, in the rounding, inside, at the centre) aimed
/// at a grid of targets (through the middle, along the faces, past the shape), with
/// `max_fraction` 1 and 0.5, zero-length rays, and invalid ones.
fn rays<S: Scalar>() -> Vec<Ray<S>> {
    let mut out = Vec::new();
    let origins = [
        (-4.0, 0.0),
        (0.0, 3.0),
        (2.5, -2.5),
        (-1.1, 0.3),
        (0.0, 0.0),
        (0.3, 0.2),
        (1.0, 0.5),
    ];
    let targets = [
        (0.0, 0.0),
        (1.0, 0.5),
        (-0.5, 1.0),
        (0.75, -0.6),
        (6.0, 0.0),
    ];
    for origin in origins {
        for target in targets {
            let translation = v::<S>(target.0 - origin.0, target.1 - origin.1) * S::TWO;
            let mut ray = Ray::new(v(origin.0, origin.1), translation);
            out.push(ray);
            ray.max_fraction = S::HALF;
            out.push(ray);
        }
        out.push(Ray::new(v(origin.0, origin.1), Vec2::ZERO));
    }
    let mut backwards = Ray::new(v(-4.0, 0.0), v(8.0, 0.0));
    backwards.max_fraction = -S::ONE;
    out.push(backwards);
    out.push(Ray::new(v(f64::NAN, 0.0), v(8.0, 0.0)));
    out.push(Ray::new(v(-4.0, 0.0), v(f64::INFINITY, 0.0)));
    out
}

fn check_rays<S: Scalar>(shape: &Shape<S>) -> usize {
    let mut checked = 0;
    for (xf, _) in placements::<S>() {
        // Rays in the shape's placed frame, so that they aim at it wherever it is.
        for local in rays::<S>() {
            let mut ray = Ray::new(xf.transform_point(local.origin), local.translation);
            ray.max_fraction = local.max_fraction;
            let analytic = shape.ray_cast(xf, ray);
            assert_eq!(
                cast_bits(&analytic),
                cast_bits(&wrapped_ray_cast(shape, xf, ray)),
                "Shape::ray_cast: {shape:?} at {xf:?}, {ray:?}"
            );
            assert_eq!(
                cast_bits(&ray_cast(shape, xf, ray)),
                cast_bits(&wrapped!(shape, inner => ray_cast(inner, xf, ray))),
                "gjk_core::ray_cast: {shape:?} at {xf:?}, {ray:?}"
            );
            assert_eq!(
                cast_bits(&ray_cast(shape, xf, ray)),
                cast_bits(&analytic),
                "gjk_core::ray_cast against Shape::ray_cast: {shape:?} at {xf:?}, {ray:?}"
            );
            let generic = support_ray_cast(shape, xf, ray);
            assert_eq!(
                cast_bits(&generic),
                cast_bits(&wrapped!(shape, inner => support_ray_cast(inner, xf, ray))),
                "gjk_core::support_ray_cast: {shape:?} at {xf:?}, {ray:?}"
            );
            checked += 1;
        }
    }
    checked
}

fn check_every_variant<S: Scalar>() {
    let shapes = every_variant::<S>();
    let mut pairs = 0;
    for a in &shapes {
        wrapped!(a, inner => check_shape(a, inner));
        for b in &shapes {
            pairs +=
                wrapped!(a, inner_a => wrapped!(b, inner_b => check_pair(a, inner_a, b, inner_b)));
        }
    }
    assert_eq!(pairs, shapes.len() * shapes.len() * placements::<S>().len());
    let cast: usize = shapes.iter().map(check_rays).sum();
    assert_eq!(
        cast,
        shapes.len() * placements::<S>().len() * rays::<S>().len()
    );
}

#[test]
fn shape_queries_equal_the_wrapped_shapes_bit_for_bit_in_f32() {
    check_every_variant::<f32>();
}

#[test]
fn shape_queries_equal_the_wrapped_shapes_bit_for_bit_in_f64() {
    check_every_variant::<f64>();
}

/// The fixture covers every variant (a new variant fails to compile in `wrapped!`
/// and `wrapped_ray_cast`; this pins that each existing one is exercised).
#[test]
fn shape_fixture_holds_every_variant() {
    let mut seen = [false; 9];
    for shape in every_variant::<f32>() {
        let index = match shape {
            Shape::Point(_) => 0,
            Shape::Circle(_) => 1,
            Shape::Ellipse(_) => 2,
            Shape::Segment(_) => 3,
            Shape::Capsule(_) => 4,
            Shape::Rect(_) => 5,
            Shape::Polygon(_) => 6,
            Shape::RoundedPolygon(_) => 7,
            Shape::RoundedEllipse(_) => 8,
        };
        seen[index] = true;
    }
    assert_eq!(seen, [true; 9]);
}

/// The ray fan meets every outcome, so the comparison above is not of misses only.
#[test]
fn shape_ray_fan_meets_every_outcome() {
    use gjk_core::CastStatus;
    let mut statuses = Vec::new();
    for shape in every_variant::<f64>() {
        for ray in rays::<f64>() {
            statuses.push(shape.ray_cast(Transform::IDENTITY, ray).status);
        }
    }
    for status in [
        CastStatus::Hit,
        CastStatus::Miss,
        CastStatus::StartsInside,
        CastStatus::InvalidInput,
    ] {
        assert!(statuses.contains(&status), "{status:?}");
    }
}
