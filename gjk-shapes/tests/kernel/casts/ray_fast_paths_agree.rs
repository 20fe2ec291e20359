//! The analytic ray casts of gjk-shapes against the generic GJK ray cast
//! (`gjk_core::support_ray_cast`) on the same shapes: thousands of seeded random rays per
//! shape, in f32 and f64.
//!
//! Rays are aimed at points near the boundary (hits, grazes and near misses), thrown
//! at random, started inside, made zero-length or axis-aligned, with a `max_fraction`
//! of one or random. For every ray:
//!
//! - the statuses agree, except within a band of `band * L` of a tie, where either
//!   answer is right: an origin that close to the surface (inside or not), or a ray
//!   that close to missing, by the exact f64 oracle (`gjk-oracle`);
//! - on a hit, where the ray meets the surface at an angle (`|normal . u| >= 0.1`),
//!   the hit positions agree within `bar * L` and, away from vertices, the normals
//!   within `bar`; `L` is the larger of the shape's extent and the ray's length;
//! - a miss reports `max_fraction` in both; bad input is `InvalidInput` in both.

use gjk_core::{
    CastOutput, CastStatus, Ray, Scalar, Support, Transform, Vec2, ray_cast, support_ray_cast,
};
use gjk_oracle::{Core, Shape as OracleShape, signed_distance_to_surface, transform};
use gjk_shapes::{Capsule, Circle, Ellipse, Point, Polygon, Rect, Segment};

/// A seeded generator (SplitMix64): the same rays on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `[lo, hi)`.
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        let unit = (self.next() >> 11) as f64 / (1u64 << 53) as f64;
        lo + (hi - lo) * unit
    }

    fn angle(&mut self) -> f64 {
        self.range(-core::f64::consts::PI, core::f64::consts::PI)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The shapes with a fast path.
#[derive(Clone, Copy, Debug)]
enum Shape<S: Scalar> {
    Circle(Circle<S>),
    Capsule(Capsule<S>),
    Rect(Rect<S>),
    Polygon(Polygon<S, 8>),
    Segment(Segment<S>),
    Ellipse(Ellipse<S>),
    Point(Point<S>),
}

macro_rules! each {
    ($shape:expr, $s:ident => $body:expr) => {
        match $shape {
            Shape::Circle($s) => $body,
            Shape::Capsule($s) => $body,
            Shape::Rect($s) => $body,
            Shape::Polygon($s) => $body,
            Shape::Segment($s) => $body,
            Shape::Ellipse($s) => $body,
            Shape::Point($s) => $body,
        }
    };
}

fn v<S: Scalar>(x: f64, y: f64) -> Vec2<S> {
    Vec2::new(S::from_f64(x), S::from_f64(y))
}

fn p<S: Scalar>(v: Vec2<S>) -> [f64; 2] {
    [v.x.to_f64(), v.y.to_f64()]
}

impl<S: Scalar> Shape<S> {
    /// A random shape of the kind `kind` (0 to 6), about unit size.
    fn random(kind: u64, rng: &mut Rng) -> Self {
        let size = |rng: &mut Rng| rng.range(0.1, 1.5);
        match kind {
            0 => Shape::Circle(
                Circle::new(
                    v(rng.range(-0.5, 0.5), rng.range(-0.5, 0.5)),
                    S::from_f64(size(rng)),
                )
                .unwrap(),
            ),
            1 => Shape::Capsule(
                Capsule::new(
                    v(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)),
                    v(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)),
                    S::from_f64(rng.range(0.02, 0.6)),
                )
                .unwrap(),
            ),
            2 => Shape::Rect(Rect::new(v(size(rng), size(rng))).unwrap()),
            3 => {
                let sides = 3 + rng.below(6) as usize;
                Shape::Polygon(Polygon::regular(sides, S::from_f64(size(rng))).unwrap())
            }
            4 => Shape::Segment(
                Segment::new(
                    v(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)),
                    v(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)),
                )
                .unwrap(),
            ),
            5 => Shape::Ellipse(Ellipse::new(v(size(rng), size(rng))).unwrap()),
            // On a grid of 2^-10, so that rays built through it pass exactly through it.
            _ => {
                let grid = |rng: &mut Rng| (rng.range(-0.5, 0.5) * 1024.0).round() / 1024.0;
                Shape::Point(Point::new(v(grid(rng), grid(rng))).unwrap())
            }
        }
    }

    fn fast(&self, xf: Transform<S>, ray: Ray<S>) -> CastOutput<S> {
        each!(self, s => s.ray_cast(xf, ray))
    }

    fn generic(&self, xf: Transform<S>, ray: Ray<S>) -> CastOutput<S> {
        each!(self, s => support_ray_cast(s, xf, ray))
    }

    fn support(&self, direction: Vec2<S>) -> Vec2<S> {
        each!(self, s => s.support(direction).point)
    }

    fn radius(&self) -> S {
        each!(self, s => Support::radius(s))
    }

    /// The local core's vertices, where it has any (for the normal check).
    fn vertices(&self) -> Vec<Vec2<S>> {
        match self {
            Shape::Rect(s) => s.vertices().to_vec(),
            Shape::Polygon(s) => s.vertices().to_vec(),
            Shape::Segment(s) => vec![s.a(), s.b()],
            Shape::Point(s) => vec![s.position()],
            _ => vec![],
        }
    }

    /// The exact shape placed by `xf`, in f64.
    fn oracle(&self, xf: Transform<S>) -> OracleShape {
        let core = match self {
            Shape::Circle(s) => Core::Point(p(s.center())),
            Shape::Capsule(s) => Core::Segment(p(s.a()), p(s.b())),
            Shape::Rect(s) => Core::Polygon(s.vertices().iter().map(|&q| p(q)).collect()),
            Shape::Polygon(s) => Core::Polygon(s.vertices().iter().map(|&q| p(q)).collect()),
            Shape::Segment(s) => Core::Segment(p(s.a()), p(s.b())),
            Shape::Ellipse(s) => Core::Ellipse {
                center: [0.0, 0.0],
                semi_axes: p(s.semi_axes()),
                cos: 1.0,
                sin: 0.0,
            },
            Shape::Point(s) => Core::Point(p(s.position())),
        };
        let placed = transform(
            &core,
            p(xf.translation),
            xf.rotation.cos.to_f64(),
            xf.rotation.sin.to_f64(),
        );
        OracleShape::new(placed, self.radius().to_f64())
    }

    /// The largest distance of a point of the rounded shape from its local origin.
    fn extent(&self) -> f64 {
        let reach = (0..16)
            .map(|k| {
                let (sin, cos) = (f64::from(k) * core::f64::consts::TAU / 16.0).sin_cos();
                let q = p(self.support(v(cos, sin)));
                q[0].hypot(q[1])
            })
            .fold(0.0, f64::max);
        reach + self.radius().to_f64()
    }
}

/// One random ray against `shape` placed by `xf`.
fn random_ray<S: Scalar>(shape: &Shape<S>, xf: Transform<S>, rng: &mut Rng) -> Ray<S> {
    let size = shape.extent();
    let mode = rng.below(10);
    let direction = {
        let a = rng.angle();
        [a.cos(), a.sin()]
    };
    let (origin, translation) = match mode {
        // Aimed at a point near the boundary: hits, grazes and near misses.
        0..=4 => {
            let a = rng.angle();
            let u = v::<S>(a.cos(), a.sin());
            let surface = shape.support(u) + u * shape.radius();
            let aim = xf.transform_point(surface);
            let jitter = rng.range(-0.05, 0.05) * size;
            let aim = [p(aim)[0] + a.cos() * jitter, p(aim)[1] + a.sin() * jitter];
            let back = rng.range(0.5, 4.0) * size;
            let origin = [aim[0] - direction[0] * back, aim[1] - direction[1] * back];
            let reach = back * rng.range(0.5, 2.0);
            (origin, [direction[0] * reach, direction[1] * reach])
        }
        // Anywhere around.
        5..=7 => {
            let centre = p(xf.translation);
            let origin = [
                centre[0] + rng.range(-4.0, 4.0) * size,
                centre[1] + rng.range(-4.0, 4.0) * size,
            ];
            let reach = rng.range(0.5, 8.0) * size;
            (origin, [direction[0] * reach, direction[1] * reach])
        }
        // From near the centre (mostly inside), or zero-length.
        8 => {
            let centre = p(xf.translation);
            let origin = [
                centre[0] + rng.range(-0.3, 0.3) * size,
                centre[1] + rng.range(-0.3, 0.3) * size,
            ];
            let reach = if rng.below(2) == 0 { 0.0 } else { 3.0 * size };
            (origin, [direction[0] * reach, direction[1] * reach])
        }
        // Axis-aligned through a support point (exact zero components; hits a point).
        _ => {
            let surface = xf.transform_point(shape.support(v(1.0, 0.0)));
            let q = p(surface);
            let reach = rng.range(1.0, 4.0) * size;
            if rng.below(2) == 0 {
                ([q[0], q[1] - reach / 2.0], [0.0, reach])
            } else {
                ([q[0] - reach / 2.0, q[1]], [reach, 0.0])
            }
        }
    };
    let mut ray = Ray::new(v(origin[0], origin[1]), v(translation[0], translation[1]));
    if rng.below(4) == 0 {
        ray.max_fraction = S::from_f64(rng.range(0.0, 1.5));
    }
    ray
}

/// Agreement bars as fractions of `L` (positions) or absolute (unit normals).
#[derive(Clone, Copy, Debug)]
struct Bars {
    position: f64,
    normal: f64,
    /// Normals on curved surfaces: the generic path's normal there is the direction
    /// between the cores when GJK stops, good to about the square root of its relative
    /// gap times how sharply the surface curves (elongated ellipses).
    curved_normal: f64,
    band: f64,
}

/// The worst disagreements seen, for the failure messages.
#[derive(Default, Debug)]
struct Worst {
    position: f64,
    normal: f64,
    inside_normal: f64,
    excused: u32,
    hits: u32,
}

/// Equal field by field as bits, NaN included.
fn same_bits<S: Scalar>(a: &CastOutput<S>, b: &CastOutput<S>) -> bool {
    let bits = |value: S| value.to_f64().to_bits();
    let fields =
        |o: &CastOutput<S>| [o.fraction, o.point.x, o.point.y, o.normal.x, o.normal.y].map(bits);
    fields(a) == fields(b) && a.status == b.status && a.iterations == b.iterations
}

/// Whether the ray is within `band` of a tie, where either status is right: its origin
/// that close to the surface (inside or not), or its path that close to missing, by
/// the exact f64 oracle.
fn near_a_tie<S: Scalar>(shape: &Shape<S>, xf: Transform<S>, ray: Ray<S>, band: f64) -> bool {
    let exact = shape.oracle(xf);
    let origin = p(ray.origin);
    let on_boundary = signed_distance_to_surface(&exact, origin).abs() <= band;
    let end = p(ray.point_at(ray.max_fraction));
    let path = OracleShape::new(Core::Segment(origin, end), 0.0);
    let grazing = gjk_oracle::distance(&exact, &path).distance <= band;
    on_boundary || grazing
}

fn check_ray<S: Scalar>(
    shape: &Shape<S>,
    xf: Transform<S>,
    ray: Ray<S>,
    bars: Bars,
    worst: &mut Worst,
) {
    let fast = shape.fast(xf, ray);
    let generic = shape.generic(xf, ray);
    // `ray_cast` answers with the closed form, bit for bit.
    let chosen = each!(shape, s => ray_cast(s, xf, ray));
    assert!(same_bits(&chosen, &fast), "{shape:?} {xf:?} {ray:?}");
    let reach = p(ray.translation)[0].hypot(p(ray.translation)[1]);
    let length = shape.extent().max(reach * ray.max_fraction.to_f64());
    let band = bars.band * length;
    let context = || format!("{shape:?} {xf:?} {ray:?}\n fast {fast:?}\n generic {generic:?}");
    if fast.status != generic.status {
        assert!(
            near_a_tie(shape, xf, ray, band),
            "statuses differ: {}",
            context()
        );
        worst.excused += 1;
        return;
    }
    match fast.status {
        CastStatus::Miss => assert_eq!(fast.fraction, generic.fraction, "{}", context()),
        CastStatus::InvalidInput => {}
        CastStatus::StartsInside => {
            assert_eq!(
                (fast.fraction, fast.point),
                (S::ZERO, ray.origin),
                "{}",
                context()
            );
            assert_eq!(generic.fraction, S::ZERO, "{}", context());
            // In the rounding, clearly off the core, the fast path's normal points from
            // the nearest core point, exactly. (The generic path stops as soon as its
            // simplex is within the radius, so its normal there is only a direction
            // into the rounding, not compared.)
            let exact = shape.oracle(xf);
            let core = OracleShape::new(exact.core.clone(), 0.0);
            let origin = OracleShape::new(Core::Point(p(ray.origin)), 0.0);
            let nearest = gjk_oracle::distance(&core, &origin);
            if shape.radius() > S::ZERO && nearest.distance > band {
                let [x, y] = nearest.witness_a;
                let away = [p(ray.origin)[0] - x, p(ray.origin)[1] - y];
                let norm = away[0].hypot(away[1]);
                let normal = p(fast.normal);
                let turned = (normal[0] - away[0] / norm).hypot(normal[1] - away[1] / norm);
                worst.inside_normal = worst.inside_normal.max(turned);
                assert!(
                    turned <= bars.normal,
                    "normal {turned:e} off: {}",
                    context()
                );
            }
        }
        CastStatus::Hit => {
            worst.hits += 1;
            let unit = ray.translation.normalize().unwrap_or_default();
            let transversal = fast.normal.dot(unit).abs().to_f64() >= 0.1;
            if !transversal {
                return;
            }
            let moved = (fast.fraction - generic.fraction).abs().to_f64() * reach / length;
            worst.position = worst.position.max(moved);
            assert!(
                moved <= bars.position,
                "hit {moved:e} L apart: {}",
                context()
            );
            // Normals are defined away from vertices (where the fast path picks a face
            // and the generic path any direction of the normal cone).
            let hit_local = xf.inv_transform_point(fast.point);
            let near_vertex = shape
                .vertices()
                .iter()
                .any(|&q| (q - hit_local).length().to_f64() <= 1e-3 * length);
            if !near_vertex {
                let turned = (fast.normal - generic.normal).length().to_f64();
                worst.normal = worst.normal.max(turned);
                let bar = match shape {
                    Shape::Ellipse(_) => bars.curved_normal,
                    _ => bars.normal,
                };
                assert!(turned <= bar, "normals {turned:e} apart: {}", context());
            }
        }
        CastStatus::MaxIterations => panic!("the generic ray cast gave up: {}", context()),
        status => panic!(
            "a status this test does not know: {status:?}: {}",
            context()
        ),
    }
}

/// A random shape of the kind `kind` (see [`Shape::random`]) placed within 20 of the
/// origin at a random angle; points by whole translations without rotation, which
/// keep their image exact (rays built through them then hit them).
fn placed_shape<S: Scalar>(kind: u64, rng: &mut Rng) -> (Shape<S>, Transform<S>) {
    let shape = Shape::<S>::random(kind, rng);
    let position = v::<S>(rng.range(-20.0, 20.0), rng.range(-20.0, 20.0));
    let xf = match shape {
        Shape::Point(_) => {
            Transform::from_translation(Vec2::new(position.x.round(), position.y.round()))
        }
        _ => Transform::from_position_angle(position, S::from_f64(rng.angle())),
    };
    (shape, xf)
}

fn agree<S: Scalar>(kind: u64, bars: Bars, seed: u64) -> Worst {
    let mut rng = Rng(seed);
    let mut worst = Worst::default();
    for _ in 0..4096 {
        let (shape, xf) = placed_shape::<S>(kind, &mut rng);
        let ray = random_ray(&shape, xf, &mut rng);
        check_ray(&shape, xf, ray, bars, &mut worst);
    }
    // Bad input agrees too.
    let shape = Shape::<S>::random(kind, &mut rng);
    let nan = Ray::new(Vec2::new(S::nan(), S::ZERO), v(1.0, 0.0));
    check_ray(&shape, Transform::IDENTITY, nan, bars, &mut worst);
    // A point is hit only by the rays built through it.
    let enough = if kind == 6 { 100 } else { 500 };
    assert!(worst.hits >= enough, "too few hits to compare: {worst:?}");
    eprintln!(
        "MEASURE kind {kind} {} {worst:?}",
        core::any::type_name::<S>()
    );
    worst
}

/// Measured, worst over the shapes: hit positions 5.5e-6 L apart in f32 (world
/// coordinates near 20 rounded to f32 dominate) and 1.5e-14 L in f64; normals 2.2e-5
/// and 5.4e-14 apart, 5.6e-3 and 5.2e-7 on ellipses; the fast path's normal inside a
/// rounding within 3.2e-5 and 1.7e-13 of the exact one. The position bar is the
/// required floor in f32 and a thousandth of it in f64.
const F32: Bars = Bars {
    position: 2e-5,
    normal: 1e-4,
    curved_normal: 2e-2,
    band: 2e-6,
};
const F64: Bars = Bars {
    position: 1e-12,
    normal: 1e-12,
    curved_normal: 5e-6,
    band: 1e-12,
};

#[test]
fn circle_fast_path_agrees_with_generic_ray_cast() {
    agree::<f32>(0, F32, 1);
    agree::<f64>(0, F64, 1);
}

#[test]
fn capsule_fast_path_agrees_with_generic_ray_cast() {
    agree::<f32>(1, F32, 2);
    agree::<f64>(1, F64, 2);
}

#[test]
fn rect_fast_path_agrees_with_generic_ray_cast() {
    agree::<f32>(2, F32, 3);
    agree::<f64>(2, F64, 3);
}

#[test]
fn polygon_fast_path_agrees_with_generic_ray_cast() {
    agree::<f32>(3, F32, 4);
    agree::<f64>(3, F64, 4);
}

#[test]
fn segment_fast_path_agrees_with_generic_ray_cast() {
    agree::<f32>(4, F32, 5);
    agree::<f64>(4, F64, 5);
}

#[test]
fn ellipse_fast_path_agrees_with_generic_ray_cast() {
    agree::<f32>(5, F32, 6);
    agree::<f64>(5, F64, 6);
}

#[test]
fn point_fast_path_agrees_with_generic_ray_cast() {
    agree::<f32>(6, F32, 7);
    agree::<f64>(6, F64, 7);
}

/// The same ray with its translation multiplied by `2^exponent` and its
/// `max_fraction` divided by it: the same segment of the plane, so the same answer,
/// with the fraction scaled back (powers of two are exact).
fn stretched<S: Scalar>(ray: Ray<S>, exponent: i32) -> Ray<S> {
    let factor = S::from_f64(2f64.powi(exponent));
    let mut out = Ray::new(ray.origin, ray.translation * factor);
    out.max_fraction = ray.max_fraction / factor;
    out
}

/// Stretching a ray (its translation longer, its `max_fraction` shorter by the same
/// power of two) must not change its answer: a ray's length is not the scale of the
/// geometry it is cast against.
///
/// The trap: a circle of radius 6.4e-10, a ray starting 1.4e-11 outside it with a
/// translation of 1.5e13 and a `max_fraction` of 1e-30. Scaled together with the
/// translation, the offset from the centre underflows, and the cast would report a
/// hit at the origin.
fn stretching_keeps_the_answer<S: Scalar>(kind: u64, bars: Bars, seed: u64, exponents: &[i32]) {
    let mut rng = Rng(seed);
    let mut compared = 0;
    for _ in 0..512 {
        let (shape, xf) = placed_shape::<S>(kind, &mut rng);
        let ray = random_ray(&shape, xf, &mut rng);
        let base = [shape.fast(xf, ray), shape.generic(xf, ray)];
        let reach = p(ray.translation)[0].hypot(p(ray.translation)[1]);
        let length = shape.extent().max(reach * ray.max_fraction.to_f64());
        for &exponent in exponents {
            let long = stretched(ray, exponent);
            let scaled = [shape.fast(xf, long), shape.generic(xf, long)];
            for (before, after) in base.iter().zip(&scaled) {
                let context =
                    || format!("{shape:?} {xf:?} {long:?}\n before {before:?}\n after {after:?}");
                if before.status != after.status {
                    assert!(
                        near_a_tie(&shape, xf, ray, bars.band * length),
                        "statuses differ: {}",
                        context()
                    );
                    continue;
                }
                if before.status == CastStatus::Hit {
                    let moved = (p(before.point)[0] - p(after.point)[0])
                        .hypot(p(before.point)[1] - p(after.point)[1]);
                    assert!(
                        moved <= bars.position * length,
                        "hit moved {moved:e}: {}",
                        context()
                    );
                    compared += 1;
                }
            }
        }
    }
    // Bad input stays bad: a negative or NaN `max_fraction` with a translation far
    // from the shape's size (a restated ray divides it by a large power of two, which
    // must not come out as a valid -0).
    let shape = Shape::<S>::random(kind, &mut rng);
    for max_fraction in [-4.75, -1e-30, f64::NAN] {
        for &exponent in exponents {
            let mut ray = Ray::new(v(0.5, 0.25), v(1.0, 0.5) * S::from_f64(2f64.powi(exponent)));
            ray.max_fraction = S::from_f64(max_fraction);
            for out in [
                shape.fast(Transform::IDENTITY, ray),
                shape.generic(Transform::IDENTITY, ray),
            ] {
                assert_eq!(
                    out.status,
                    CastStatus::InvalidInput,
                    "{shape:?} {ray:?} {out:?}"
                );
            }
        }
    }
    // A point is hit only by the rays built through it.
    let enough = if kind == 6 { 50 } else { 500 };
    assert!(compared >= enough, "too few hits compared: {compared}");
}

const F32_EXPONENTS: [i32; 8] = [-100, -60, -30, -10, 10, 30, 60, 100];
const F64_EXPONENTS: [i32; 6] = [-900, -500, -100, 100, 500, 900];

macro_rules! stretching_tests {
    ($($name:ident: $kind:expr,)*) => {$(
        #[test]
        fn $name() {
            stretching_keeps_the_answer::<f32>($kind, F32, 100 + $kind, &F32_EXPONENTS);
            stretching_keeps_the_answer::<f64>($kind, F64, 200 + $kind, &F64_EXPONENTS);
        }
    )*};
}

stretching_tests! {
    stretching_a_ray_at_a_circle_keeps_the_answer: 0,
    stretching_a_ray_at_a_capsule_keeps_the_answer: 1,
    stretching_a_ray_at_a_rect_keeps_the_answer: 2,
    stretching_a_ray_at_a_polygon_keeps_the_answer: 3,
    stretching_a_ray_at_a_segment_keeps_the_answer: 4,
    stretching_a_ray_at_an_ellipse_keeps_the_answer: 5,
    stretching_a_ray_at_a_point_keeps_the_answer: 6,
}
