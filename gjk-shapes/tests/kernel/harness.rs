//! Shared harness of the oracle property tests: shape descriptions, their generation,
//! building them in `f32` or `f64`, handing the exact values the kernel sees to the
//! f64 oracle, and the checks of one query against the oracle.
//!
//! Frames: the oracle gets both shapes translated by minus A's translation (a rigid
//! shift of the whole scene, which changes no distance). In f32 the shift is exact
//! (the difference of two f32 numbers of similar size fits in an f64); in f64 it rounds
//! by at most an epsilon of the offset between the shapes, the same rounding the kernel
//! makes when it places B in A's frame. World coordinates up to 1e4 would otherwise
//! cost the oracle `1e4 * 1.1e-16` of absolute precision in f64.

use core::f64::consts::PI;

use gjk_core::{
    CastOutput, ContactShape, DistanceOutput, DistanceStatus, FeatureId, Ray, RayShape, Rot,
    Scalar, SimplexCache, Support, SupportEdge, SupportPoint, Transform, Vec2, distance,
    distance_cached, intersects,
};
use gjk_oracle::{Core, Exact, P, Shape as OracleShape, signed_distance_to_surface, transform};
use gjk_shapes::{Capsule, Circle, Ellipse, Polygon, Rect, Rounded, Segment};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestCaseError};

/// Polygon capacity used throughout (Box2D's maximum).
pub const N: usize = 8;

/// A shape described in f64 at its final scale, built in the kernel's scalar type.
#[derive(Clone, Debug)]
pub enum Spec {
    /// The convex hull of a point cloud (`Polygon::hull`); slivers too.
    Hull(Vec<P>),
    /// `Polygon::regular(sides, radius)`.
    Regular { sides: usize, radius: f64 },
    /// `Rect::new(half_extents)`.
    Rect { half_extents: P },
    /// `Segment::new(a, b)`.
    Segment(P, P),
    /// `Circle::new(center, radius)`.
    Circle { center: P, radius: f64 },
    /// `Capsule::new(a, b, radius)`.
    Capsule { a: P, b: P, radius: f64 },
    /// `Ellipse::new(semi_axes)`.
    Ellipse { semi_axes: P },
    /// `Rounded::new(core, radius)` around a polygon or ellipse spec.
    Rounded { core: Box<Spec>, radius: f64 },
}

impl Spec {
    /// The same shape scaled by `factor` about its local origin.
    pub fn scaled(&self, factor: f64) -> Spec {
        let s = |p: &P| [p[0] * factor, p[1] * factor];
        match self {
            Spec::Hull(points) => Spec::Hull(points.iter().map(s).collect()),
            Spec::Regular { sides, radius } => Spec::Regular {
                sides: *sides,
                radius: radius * factor,
            },
            Spec::Rect { half_extents } => Spec::Rect {
                half_extents: s(half_extents),
            },
            Spec::Segment(a, b) => Spec::Segment(s(a), s(b)),
            Spec::Circle { center, radius } => Spec::Circle {
                center: s(center),
                radius: radius * factor,
            },
            Spec::Capsule { a, b, radius } => Spec::Capsule {
                a: s(a),
                b: s(b),
                radius: radius * factor,
            },
            Spec::Ellipse { semi_axes } => Spec::Ellipse {
                semi_axes: s(semi_axes),
            },
            Spec::Rounded { core, radius } => Spec::Rounded {
                core: Box::new(core.scaled(factor)),
                radius: radius * factor,
            },
        }
    }

    /// Whether the shape is far from degenerate: a hull has three points spanning a
    /// triangle at least `1e-5` of its size thick (slivers go down to `1e-4`), so the
    /// hull builder's tolerance of a few epsilons cannot call it collinear. Cases that
    /// are not get skipped: about 1 in 600 generated cases (the thinnest slivers), and
    /// the degenerate shapes shrinking produces.
    pub fn is_clearly_valid(&self) -> bool {
        match self {
            Spec::Hull(points) => {
                let (mut lo, mut hi) = ([f64::MAX; 2], [f64::MIN; 2]);
                for p in points {
                    lo = [lo[0].min(p[0]), lo[1].min(p[1])];
                    hi = [hi[0].max(p[0]), hi[1].max(p[1])];
                }
                let size = (hi[0] - lo[0]).max(hi[1] - lo[1]);
                let thick = |p: &P, q: &P, r: &P| {
                    let cross = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
                    // Twice the area over the longest possible side: a height.
                    cross.abs() / size >= 1e-5 * size
                };
                points
                    .iter()
                    .any(|p| points.iter().any(|q| points.iter().any(|r| thick(p, q, r))))
            }
            Spec::Rounded { core, .. } => core.is_clearly_valid(),
            _ => true,
        }
    }

    /// Builds the shape in `S`, rounding every number to `S` first.
    pub fn build<S: Scalar>(&self) -> Built<S> {
        let v = |p: &P| Vec2::new(S::from_f64(p[0]), S::from_f64(p[1]));
        let r = S::from_f64;
        let built = match self {
            Spec::Hull(points) => {
                let points: Vec<Vec2<S>> = points.iter().map(v).collect();
                Polygon::hull(&points).map(Built::Polygon)
            }
            Spec::Regular { sides, radius } => {
                Polygon::regular(*sides, r(*radius)).map(Built::Polygon)
            }
            Spec::Rect { half_extents } => Rect::new(v(half_extents)).map(Built::Rect),
            Spec::Segment(a, b) => Segment::new(v(a), v(b)).map(Built::Segment),
            Spec::Circle { center, radius } => {
                Circle::new(v(center), r(*radius)).map(Built::Circle)
            }
            Spec::Capsule { a, b, radius } => {
                Capsule::new(v(a), v(b), r(*radius)).map(Built::Capsule)
            }
            Spec::Ellipse { semi_axes } => Ellipse::new(v(semi_axes)).map(Built::Ellipse),
            Spec::Rounded { core, radius } => match core.build::<S>() {
                Built::Polygon(polygon) => {
                    Rounded::new(polygon, r(*radius)).map(Built::RoundedPolygon)
                }
                Built::Rect(rect) => Polygon::from_rect(rect)
                    .and_then(|polygon| Rounded::new(polygon, r(*radius)))
                    .map(Built::RoundedPolygon),
                Built::Ellipse(ellipse) => {
                    Rounded::new(ellipse, r(*radius)).map(Built::RoundedEllipse)
                }
                other => panic!("no rounded variant for {other:?}"),
            },
        };
        built.unwrap_or_else(|error| panic!("valid spec {self:?} rejected: {error}"))
    }
}

/// A built shape of any kind; `Support` is delegated to the shape itself.
#[derive(Clone, Copy, Debug)]
pub enum Built<S: Scalar> {
    Polygon(Polygon<S, N>),
    Rect(Rect<S>),
    Segment(Segment<S>),
    Circle(Circle<S>),
    Capsule(Capsule<S>),
    Ellipse(Ellipse<S>),
    RoundedPolygon(Rounded<S, Polygon<S, N>>),
    RoundedEllipse(Rounded<S, Ellipse<S>>),
}

/// Calls `$body` with `$shape` bound to the shape inside a `Built`.
macro_rules! each_shape {
    ($built:expr, $shape:ident => $body:expr) => {
        match $built {
            Built::Polygon($shape) => $body,
            Built::Rect($shape) => $body,
            Built::Segment($shape) => $body,
            Built::Circle($shape) => $body,
            Built::Capsule($shape) => $body,
            Built::Ellipse($shape) => $body,
            Built::RoundedPolygon($shape) => $body,
            Built::RoundedEllipse($shape) => $body,
        }
    };
}

impl<S: Scalar> Support<S> for Built<S> {
    fn support(&self, direction: Vec2<S>) -> SupportPoint<S> {
        each_shape!(self, shape => shape.support(direction))
    }

    fn radius(&self) -> S {
        each_shape!(self, shape => Support::radius(shape))
    }

    fn feature_point(&self, feature: FeatureId) -> Option<Vec2<S>> {
        each_shape!(self, shape => shape.feature_point(feature))
    }
}

impl<S: Scalar> RayShape<S> for Built<S> {
    fn analytic_ray_cast(&self, transform: Transform<S>, ray: Ray<S>) -> Option<CastOutput<S>> {
        each_shape!(self, shape => shape.analytic_ray_cast(transform, ray))
    }
}

impl<S: Scalar> ContactShape<S> for Built<S> {
    fn support_edge(&self, direction: Vec2<S>) -> Option<SupportEdge<S>> {
        each_shape!(self, shape => shape.support_edge(direction))
    }
}

pub fn to_p<S: Scalar>(v: Vec2<S>) -> P {
    [v.x.to_f64(), v.y.to_f64()]
}

fn polygon_core<S: Scalar>(vertices: &[Vec2<S>]) -> Core {
    Core::Polygon(vertices.iter().map(|&v| to_p(v)).collect())
}

fn ellipse_core<S: Scalar>(ellipse: &Ellipse<S>) -> Core {
    Core::Ellipse {
        center: [0.0, 0.0],
        semi_axes: to_p(ellipse.semi_axes()),
        cos: 1.0,
        sin: 0.0,
    }
}

impl<S: Scalar> Built<S> {
    /// The core in the shape's local frame, from the exact values the kernel uses.
    pub fn local_core(&self) -> Core {
        match self {
            Built::Polygon(polygon) => polygon_core(polygon.vertices()),
            Built::Rect(rect) => polygon_core(&rect.vertices()),
            Built::Segment(segment) => Core::Segment(to_p(segment.a()), to_p(segment.b())),
            Built::Circle(circle) => Core::Point(to_p(circle.center())),
            Built::Capsule(capsule) => Core::Segment(to_p(capsule.a()), to_p(capsule.b())),
            Built::Ellipse(ellipse) => ellipse_core(ellipse),
            Built::RoundedPolygon(rounded) => polygon_core(rounded.core().vertices()),
            Built::RoundedEllipse(rounded) => ellipse_core(rounded.core()),
        }
    }

    /// The largest distance of a point of the rounded shape from its local origin.
    pub fn extent(&self) -> f64 {
        let norm = |p: &P| p[0].hypot(p[1]);
        let core = match self.local_core() {
            Core::Point(p) => norm(&p),
            Core::Segment(a, b) => norm(&a).max(norm(&b)),
            Core::Polygon(vertices) => vertices.iter().map(norm).fold(0.0, f64::max),
            Core::Ellipse { semi_axes, .. } => semi_axes[0].max(semi_axes[1]),
        };
        core + Support::radius(self).to_f64()
    }

    /// The oracle's shape: the local core placed by `xf`, moved by `-origin`.
    pub fn oracle(&self, xf: Transform<S>, origin: Vec2<S>) -> OracleShape {
        let t = to_p(xf.translation);
        let o = to_p(origin);
        let core = transform(
            &self.local_core(),
            [t[0] - o[0], t[1] - o[1]],
            xf.rotation.cos.to_f64(),
            xf.rotation.sin.to_f64(),
        );
        OracleShape::new(core, Support::radius(self).to_f64())
    }
}

/// Where the two shapes go.
#[derive(Clone, Debug)]
pub struct Placement {
    /// A's position.
    pub base: P,
    /// Rotation angles of A and B.
    pub angles: [f64; 2],
    /// Where B goes relative to A.
    pub mode: Mode,
}

/// How B is placed relative to A.
#[derive(Clone, Debug)]
pub enum Mode {
    /// Local origins `factor * (extent_a + extent_b)` apart along `direction`: from deep
    /// overlap (factor 0) to clearly apart (factor above 1).
    Near { direction: f64, factor: f64 },
    /// Start clearly apart along `direction`, then move B along the oracle's normal
    /// until the signed gap is about `gap * L`: contacts just apart, just touching
    /// and just overlapping, around and inside the classification band.
    Contact { direction: f64, gap: f64 },
    /// B anywhere, independently of A.
    Far { position: P },
}

/// One generated case: two shapes at their final scales and a placement.
#[derive(Clone, Debug)]
pub struct Case {
    pub a: Spec,
    pub b: Spec,
    pub placement: Placement,
}

/// The tolerances a test holds the kernel to, as fractions of the scene's length
/// scale `L` ([`Scene::length`]).
#[derive(Clone, Copy, Debug)]
pub struct Bars {
    /// Distance error.
    pub distance: f64,
    /// Distance of each witness from its rounded surface, and of
    /// `witness_b - witness_a` from `distance * normal`, beyond the allowance for
    /// the rounding of world coordinates.
    pub witness: f64,
    /// Half-width of the classification band: closer than `band * L` to touching
    /// (apart or overlapping), the kernel may call the pair either way.
    pub band: f64,
}

/// The config of every property test: fixed seed, no files written, bounded shrinking.
pub fn config(cases: u32) -> Config {
    Config {
        cases,
        rng_seed: RngSeed::Fixed(0x6a6b_5eed),
        failure_persistence: None,
        max_shrink_iters: 2048,
        ..Config::default()
    }
}

/// Everything placed in `S`: shapes, transforms and the oracle's view of them.
pub struct Scene<S: Scalar> {
    pub a: Built<S>,
    pub b: Built<S>,
    pub xf_a: Transform<S>,
    pub xf_b: Transform<S>,
    pub oracle_a: OracleShape,
    pub oracle_b: OracleShape,
    pub exact: Exact,
    /// The length scale errors are measured against: `max(exact distance, extent of
    /// A, extent of B)`. Without the required floors' `max(1, ..)`, so that shapes of
    /// size 1e-3 are held to the same relative accuracy as large ones; bars against this
    /// `L` imply the same bars against the floors' `L'`, which is never smaller.
    pub length: f64,
}

fn to_vec<S: Scalar>(p: P) -> Vec2<S> {
    Vec2::new(S::from_f64(p[0]), S::from_f64(p[1]))
}

impl<S: Scalar> Scene<S> {
    /// Builds the case in `S` and asks the oracle about the exact geometry; rejects
    /// degenerate cases (see [`Spec::is_clearly_valid`]).
    pub fn new(case: &Case) -> Result<Self, TestCaseError> {
        prop_assume!(case.a.is_clearly_valid() && case.b.is_clearly_valid());
        let a = case.a.build::<S>();
        let b = case.b.build::<S>();
        let Placement { base, angles, mode } = &case.placement;
        let xf_a = Transform::new(to_vec(*base), Rot::from_angle(S::from_f64(angles[0])));
        let rot_b = Rot::from_angle(S::from_f64(angles[1]));
        let reach = a.extent() + b.extent();
        let along = |direction: f64, length: f64| {
            let (sin, cos) = direction.sin_cos();
            [base[0] + cos * length, base[1] + sin * length]
        };
        let place_b = |position: P| Transform::new(to_vec(position), rot_b);
        let xf_b = match mode {
            Mode::Near { direction, factor } => place_b(along(*direction, factor * reach)),
            Mode::Far { position } => place_b(*position),
            Mode::Contact { direction, gap } => {
                let start = place_b(along(*direction, 1.5 * reach));
                let exact = gjk_oracle::distance(
                    &a.oracle(xf_a, xf_a.translation),
                    &b.oracle(start, xf_a.translation),
                );
                let normal = normal_of(&exact);
                let shift = gap * a.extent().max(b.extent()) - exact.distance;
                let t = to_p(start.translation);
                place_b([t[0] + normal[0] * shift, t[1] + normal[1] * shift])
            }
        };
        let oracle_a = a.oracle(xf_a, xf_a.translation);
        let oracle_b = b.oracle(xf_b, xf_a.translation);
        let exact = gjk_oracle::distance(&oracle_a, &oracle_b);
        let length = exact.distance.max(a.extent()).max(b.extent());
        Ok(Self {
            a,
            b,
            xf_a,
            xf_b,
            oracle_a,
            oracle_b,
            exact,
            length,
        })
    }

    /// Whether the pair is clearly apart or clearly overlapping, outside the band.
    pub fn outside_band(&self, bars: Bars) -> bool {
        self.exact.signed().abs() > bars.band * self.length
    }

    /// Distance of a world-space kernel point from an oracle surface, with the
    /// allowance for the rounding of world coordinates of that size in `S` removed.
    pub fn off_surface(&self, shape: &OracleShape, world: Vec2<S>) -> f64 {
        let p = to_p(world);
        let o = to_p(self.xf_a.translation);
        let d = signed_distance_to_surface(shape, [p[0] - o[0], p[1] - o[1]]).abs();
        d - world_allowance::<S>(p)
    }

    /// Checks one `distance` output against the oracle and the bars.
    pub fn check_output(&self, out: &DistanceOutput<S>, bars: Bars) -> Result<(), TestCaseError> {
        let exact = &self.exact;
        let l = self.length;
        prop_assert!(
            matches!(
                out.status,
                DistanceStatus::Separated | DistanceStatus::Overlapping
            ),
            "status {:?} for valid input; exact {:?}",
            out.status,
            exact
        );
        let distance_error = (out.distance.to_f64() - exact.distance).abs() / l;
        prop_assert!(
            distance_error <= bars.distance,
            "distance {} vs exact {} (error {:e} L > {:e} L, L = {}); out {:?}",
            out.distance,
            exact.distance,
            distance_error,
            bars.distance,
            l,
            out
        );
        if self.outside_band(bars) {
            prop_assert_eq!(
                out.status == DistanceStatus::Overlapping,
                exact.overlapping,
                "classification outside the band: exact {:?}, out {:?}",
                exact,
                out
            );
        }
        let normal = to_p(out.normal);
        let normal_length = normal[0].hypot(normal[1]);
        let unit_error = (normal_length - 1.0).abs();
        let unit_tolerance = 8.0 * S::EPS.to_f64();
        let mut witness_error: f64 = 0.0;
        match out.status {
            DistanceStatus::Separated => {
                prop_assert!(unit_error <= unit_tolerance, "normal not unit: {:?}", out);
                witness_error = witness_error
                    .max(self.off_surface(&self.oracle_a, out.witness_a) / l)
                    .max(self.off_surface(&self.oracle_b, out.witness_b) / l);
                // witness_b - witness_a = distance * normal.
                let (wa, wb) = (to_p(out.witness_a), to_p(out.witness_b));
                let d = out.distance.to_f64();
                let gap = [wb[0] - wa[0] - d * normal[0], wb[1] - wa[1] - d * normal[1]];
                let along =
                    gap[0].hypot(gap[1]) - world_allowance::<S>(wa) - world_allowance::<S>(wb);
                witness_error = witness_error.max(along / l);
            }
            _ => {
                prop_assert!(
                    normal_length == 0.0 || unit_error <= unit_tolerance,
                    "overlap normal neither zero nor unit: {:?}",
                    out
                );
                prop_assert_eq!(out.distance.to_f64(), 0.0);
                if normal_length > 0.0 {
                    // Cores apart, roundings overlapping: the witnesses are still on the
                    // rounded surfaces.
                    witness_error = witness_error
                        .max(self.off_surface(&self.oracle_a, out.witness_a) / l)
                        .max(self.off_surface(&self.oracle_b, out.witness_b) / l);
                } else {
                    // Cores overlapping: the witnesses are core points, inside the shapes.
                    for (shape, w) in [
                        (&self.oracle_a, out.witness_a),
                        (&self.oracle_b, out.witness_b),
                    ] {
                        let p = to_p(w);
                        let o = to_p(self.xf_a.translation);
                        let inside = signed_distance_to_surface(shape, [p[0] - o[0], p[1] - o[1]])
                            - world_allowance::<S>(p);
                        witness_error = witness_error.max(inside / l);
                    }
                }
            }
        }
        prop_assert!(
            witness_error <= bars.witness,
            "witness off by {:e} L > {:e} L; exact {:?}, out {:?}",
            witness_error,
            bars.witness,
            exact,
            out
        );
        Ok(())
    }

    /// Runs `distance`, `intersects` and `distance_cached` (cold then warm) on the scene
    /// and checks them all.
    pub fn check(&self, bars: Bars) -> Result<(), TestCaseError> {
        let out = distance(&self.a, self.xf_a, &self.b, self.xf_b);
        self.check_output(&out, bars)?;

        let overlapping = intersects(&self.a, self.xf_a, &self.b, self.xf_b);
        prop_assert!(overlapping.is_ok(), "intersects failed: {:?}", overlapping);
        if self.outside_band(bars) {
            prop_assert_eq!(
                overlapping,
                Ok(self.exact.overlapping),
                "intersects outside the band; exact {:?}",
                self.exact
            );
        }

        let mut cache = SimplexCache::new();
        let cold = distance_cached(&self.a, self.xf_a, &self.b, self.xf_b, &mut cache);
        prop_assert_eq!(cold, out, "cold cached query differs from distance");
        let warm = distance_cached(&self.a, self.xf_a, &self.b, self.xf_b, &mut cache);
        self.check_output(&warm, bars)?;
        let change = (warm.distance.to_f64() - cold.distance.to_f64()).abs() / self.length;
        prop_assert!(
            change <= bars.distance,
            "warm distance moved by {:e} L; cold {:?}, warm {:?}",
            change,
            cold,
            warm
        );
        prop_assert!(
            warm.iterations <= cold.iterations,
            "warm start took more iterations; cold {:?}, warm {:?}",
            cold,
            warm
        );
        Ok(())
    }
}

/// The unit normal from A to B of a separated oracle answer.
fn normal_of(exact: &Exact) -> P {
    let d = [
        exact.witness_b[0] - exact.witness_a[0],
        exact.witness_b[1] - exact.witness_a[1],
    ];
    let length = d[0].hypot(d[1]);
    [d[0] / length, d[1] / length]
}

/// The rounding of a world coordinate of this size in `S`: `4 eps |p|`.
pub fn world_allowance<S: Scalar>(p: P) -> f64 {
    4.0 * S::EPS.to_f64() * p[0].hypot(p[1])
}

/// A log-uniform value in `[lo, hi]`.
pub fn log_uniform(lo: f64, hi: f64) -> impl Strategy<Value = f64> {
    (lo.log10()..=hi.log10()).prop_map(|e| 10.0_f64.powf(e))
}

fn point(half: f64) -> impl Strategy<Value = P> {
    [-half..=half, -half..=half]
}

/// Polygons of unit size: random hulls, regular polygons, boxes and slivers.
pub fn polygon() -> impl Strategy<Value = Spec> {
    prop_oneof![
        prop::collection::vec(point(1.0), 3..=N).prop_map(Spec::Hull),
        (3..=N).prop_map(|sides| Spec::Regular { sides, radius: 1.0 }),
        point(1.0).prop_map(|p| Spec::Rect {
            half_extents: [0.05 + p[0].abs(), 0.05 + p[1].abs()]
        }),
        sliver(),
    ]
}

/// A thin hull: points in a band of relative width 1e-4 to 1e-1, turned at random.
pub fn sliver() -> impl Strategy<Value = Spec> {
    (
        prop::collection::vec([-1.0..=1.0, -1.0..=1.0_f64], 3..=5),
        log_uniform(1e-4, 1e-1),
        -PI..PI,
    )
        .prop_map(|(points, width, angle)| {
            let (sin, cos) = angle.sin_cos();
            Spec::Hull(
                points
                    .iter()
                    .map(|&[x, y]| {
                        let y = y * width;
                        [cos * x - sin * y, sin * x + cos * y]
                    })
                    .collect(),
            )
        })
}

/// Point-like and flat polytopes and polygons: the kernel's exact-termination cases.
pub fn polytope() -> impl Strategy<Value = Spec> {
    prop_oneof![
        4 => polygon(),
        1 => (point(1.0), point(1.0)).prop_map(|(a, b)| Spec::Segment(a, b)),
    ]
}

/// Shapes with a radius: circles, capsules, rounded polygons.
pub fn rounded() -> impl Strategy<Value = Spec> {
    prop_oneof![
        (point(0.5), 0.05..=1.0).prop_map(|(center, radius)| Spec::Circle { center, radius }),
        (point(1.0), point(1.0), log_uniform(0.02, 0.5)).prop_map(|(a, b, radius)| Spec::Capsule {
            a,
            b,
            radius
        }),
        (polygon(), log_uniform(0.01, 0.5)).prop_map(|(core, radius)| Spec::Rounded {
            core: Box::new(core),
            radius
        }),
    ]
}

/// An ellipse with axis ratio from 1:1 to 1:20, longer along x or along y.
fn bare_ellipse() -> impl Strategy<Value = Spec> {
    (log_uniform(0.05, 1.0), any::<bool>()).prop_map(|(ratio, tall)| {
        let semi_axes = if tall { [ratio, 1.0] } else { [1.0, ratio] };
        Spec::Ellipse { semi_axes }
    })
}

/// Ellipses with axis ratios from 1:1 to 1:20, bare or rounded.
pub fn ellipse() -> impl Strategy<Value = Spec> {
    prop_oneof![
        3 => bare_ellipse(),
        1 => (bare_ellipse(), log_uniform(0.01, 0.5)).prop_map(|(core, radius)| Spec::Rounded {
            core: Box::new(core),
            radius
        }),
    ]
}

/// Any shape.
pub fn any_shape() -> impl Strategy<Value = Spec> {
    prop_oneof![polytope(), rounded(), ellipse()]
}

/// Scales from 1e-3 to 1e4: one common factor for both shapes, or two independent
/// ones.
pub fn scales() -> impl Strategy<Value = (f64, f64)> {
    prop_oneof![
        log_uniform(1e-3, 1e4).prop_map(|s| (s, s)),
        (log_uniform(1e-3, 1e4), log_uniform(1e-3, 1e4)),
    ]
}

/// A's position (the origin, near it, or up to 1e4 away), the rotations, and B's
/// placement.
pub fn placement() -> impl Strategy<Value = Placement> {
    let base = prop_oneof![
        1 => Just([0.0, 0.0]),
        3 => (log_uniform(1e-2, 1e4), -PI..PI).prop_map(|(r, a)| [r * a.cos(), r * a.sin()]),
    ];
    let signed_gap = (log_uniform(1e-14, 1e-2), any::<bool>())
        .prop_map(|(gap, apart)| if apart { gap } else { -gap });
    let mode = prop_oneof![
        3 => (-PI..PI, 0.0..1.6).prop_map(|(direction, factor)| Mode::Near { direction, factor }),
        2 => (-PI..PI, signed_gap).prop_map(|(direction, gap)| Mode::Contact { direction, gap }),
        1 => point(1e4).prop_map(|position| Mode::Far { position }),
    ];
    // Independent angles, or B turned from A by a multiple of a quarter turn (plus at
    // most a hair): boxes, rectangles and even-sided regular polygons then meet
    // along parallel edges, where the simplex degenerates.
    let angles = prop_oneof![
        3 => [-PI..PI, -PI..PI],
        1 => (-PI..PI, 0..4_u8, prop_oneof![Just(0.0), -1e-6..1e-6])
            .prop_map(|(a, quarters, hair)| [a, a + f64::from(quarters) * PI / 2.0 + hair]),
    ];
    (base, angles, mode).prop_map(|(base, angles, mode)| Placement { base, angles, mode })
}

/// A case from two shape strategies (in either order), scales and a placement.
pub fn case(
    a: impl Strategy<Value = Spec>,
    b: impl Strategy<Value = Spec>,
) -> impl Strategy<Value = Case> {
    (a, b, any::<bool>(), scales(), placement()).prop_map(
        |(a, b, swap, (scale_a, scale_b), placement)| {
            let (a, b) = if swap { (b, a) } else { (a, b) };
            Case {
                a: a.scaled(scale_a),
                b: b.scaled(scale_b),
                placement,
            }
        },
    )
}
