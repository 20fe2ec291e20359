//! Shared harness of the 3D oracle property tests: shape descriptions in f64 at their
//! final size, their generation, building them in `f32` or `f64`, and a random pair
//! placed in both the kernel's scalar type and the oracle from the same rounded
//! numbers (`distance::oracle3d` documents the cases and their scale `L`).

use gjk_core::{ContactShape, Quat, RayShape, Scalar, Transform3, Vec3};
use gjk_oracle::{Core3, Exact3, P3, Shape3, SplitMix64, distance3, separation_along3, transform3};
use gjk_shapes::{
    Capsule3, Cone, ConvexPoints, Cuboid, Cylinder, Ellipsoid, Point3, Polyhedron, Rounded,
    Segment3, Sphere, Triangle3,
};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};

/// Capacity of the convex point sets.
pub const N: usize = 20;

/// A shape in its local frame at its final size, in f64.
#[derive(Clone, Debug)]
pub enum Spec {
    Point,
    Sphere { radius: f64 },
    Segment(P3, P3),
    Capsule { a: P3, b: P3, radius: f64 },
    Cuboid { half_extents: P3 },
    Triangle([P3; 3]),
    Points(Vec<P3>),
    RoundedCuboid { half_extents: P3, radius: f64 },
    Cylinder { half_height: f64, radius: f64 },
    Cone { half_height: f64, radius: f64 },
    Ellipsoid { semi_axes: P3 },
}

pub fn norm(p: P3) -> f64 {
    (p[0] * p[0] + p[1] * p[1] + p[2] * p[2]).sqrt()
}

/// The kernel's shape of `spec` in `S`, boxed as `target`, a point set's points
/// (already in `S`) turned into a shape by `points_arm`.
macro_rules! built {
    ($spec:expr, $scalar:ty, $target:ty, |$points:ident| $points_arm:expr) => {{
        let v = |p: &P3| {
            Vec3::new(
                <$scalar>::from_f64(p[0]),
                <$scalar>::from_f64(p[1]),
                <$scalar>::from_f64(p[2]),
            )
        };
        let s = <$scalar>::from_f64;
        let valid = "the generated shapes are valid";
        let shape: Box<$target> = match $spec {
            Spec::Point => Box::new(Point3::new(Vec3::ZERO).expect(valid)),
            Spec::Sphere { radius } => Box::new(Sphere::new(Vec3::ZERO, s(*radius)).expect(valid)),
            Spec::Segment(a, b) => Box::new(Segment3::new(v(a), v(b)).expect(valid)),
            Spec::Capsule { a, b, radius } => {
                Box::new(Capsule3::new(v(a), v(b), s(*radius)).expect(valid))
            }
            Spec::Cuboid { half_extents } => Box::new(Cuboid::new(v(half_extents)).expect(valid)),
            Spec::Triangle(t) => {
                Box::new(Triangle3::new(v(&t[0]), v(&t[1]), v(&t[2])).expect(valid))
            }
            Spec::Points(points) => {
                let $points: Vec<Vec3<$scalar>> = points.iter().map(v).collect();
                $points_arm
            }
            Spec::RoundedCuboid {
                half_extents,
                radius,
            } => Box::new(
                Rounded::new(Cuboid::new(v(half_extents)).expect(valid), s(*radius)).expect(valid),
            ),
            Spec::Cylinder {
                half_height,
                radius,
            } => Box::new(Cylinder::new(s(*half_height), s(*radius)).expect(valid)),
            Spec::Cone {
                half_height,
                radius,
            } => Box::new(Cone::new(s(*half_height), s(*radius)).expect(valid)),
            Spec::Ellipsoid { semi_axes } => Box::new(Ellipsoid::new(v(semi_axes)).expect(valid)),
        };
        shape
    }};
}

impl Spec {
    /// Every number of the spec passed through `f`: scaling, or rounding to a scalar
    /// type and back.
    pub fn map(&self, f: &impl Fn(f64) -> f64) -> Spec {
        let p = |p: &P3| p.map(f);
        match self {
            Spec::Point => Spec::Point,
            Spec::Sphere { radius } => Spec::Sphere { radius: f(*radius) },
            Spec::Segment(a, b) => Spec::Segment(p(a), p(b)),
            Spec::Capsule { a, b, radius } => Spec::Capsule {
                a: p(a),
                b: p(b),
                radius: f(*radius),
            },
            Spec::Cuboid { half_extents } => Spec::Cuboid {
                half_extents: p(half_extents),
            },
            Spec::Triangle(t) => Spec::Triangle([p(&t[0]), p(&t[1]), p(&t[2])]),
            Spec::Points(points) => Spec::Points(points.iter().map(p).collect()),
            Spec::RoundedCuboid {
                half_extents,
                radius,
            } => Spec::RoundedCuboid {
                half_extents: p(half_extents),
                radius: f(*radius),
            },
            Spec::Cylinder {
                half_height,
                radius,
            } => Spec::Cylinder {
                half_height: f(*half_height),
                radius: f(*radius),
            },
            Spec::Cone {
                half_height,
                radius,
            } => Spec::Cone {
                half_height: f(*half_height),
                radius: f(*radius),
            },
            Spec::Ellipsoid { semi_axes } => Spec::Ellipsoid {
                semi_axes: p(semi_axes),
            },
        }
    }

    /// The size: the largest distance of a point of the shape from its local origin.
    pub fn size(&self) -> f64 {
        let farthest = |points: &[P3]| points.iter().map(|&p| norm(p)).fold(0.0, f64::max);
        match self {
            Spec::Point => 0.0,
            Spec::Sphere { radius } => *radius,
            Spec::Segment(a, b) => farthest(&[*a, *b]),
            Spec::Capsule { a, b, radius } => farthest(&[*a, *b]) + radius,
            Spec::Cuboid { half_extents } => norm(*half_extents),
            Spec::Triangle(t) => farthest(t),
            Spec::Points(points) => farthest(points),
            Spec::RoundedCuboid {
                half_extents,
                radius,
            } => norm(*half_extents) + radius,
            Spec::Cylinder {
                half_height,
                radius,
            }
            | Spec::Cone {
                half_height,
                radius,
            } => half_height.hypot(*radius),
            Spec::Ellipsoid { semi_axes } => semi_axes.iter().fold(0.0, |m, &a| m.max(a)),
        }
    }

    /// The oracle's shape in the local frame.
    pub fn oracle(&self) -> Shape3 {
        let corners = |h: P3| -> Vec<P3> {
            (0..8)
                .map(|i| {
                    let sign = |bit: usize| if i & bit == 0 { -1.0 } else { 1.0 };
                    [sign(1) * h[0], sign(2) * h[1], sign(4) * h[2]]
                })
                .collect()
        };
        let z = [0.0, 0.0, 1.0];
        let (core, radius) = match self {
            Spec::Point => (Core3::Point([0.0; 3]), 0.0),
            Spec::Sphere { radius } => (Core3::Point([0.0; 3]), *radius),
            Spec::Segment(a, b) => (Core3::Segment(*a, *b), 0.0),
            Spec::Capsule { a, b, radius } => (Core3::Segment(*a, *b), *radius),
            Spec::Cuboid { half_extents } => (Core3::Polytope(corners(*half_extents)), 0.0),
            Spec::Triangle(t) => (Core3::Triangle(*t), 0.0),
            Spec::Points(points) => (Core3::Polytope(points.clone()), 0.0),
            Spec::RoundedCuboid {
                half_extents,
                radius,
            } => (Core3::Polytope(corners(*half_extents)), *radius),
            &Spec::Cylinder {
                half_height,
                radius,
            } => (
                Core3::Cylinder {
                    center: [0.0; 3],
                    axis_direction: z,
                    half_height,
                    radius,
                },
                0.0,
            ),
            &Spec::Cone {
                half_height,
                radius,
            } => (
                Core3::Cone {
                    base_center: [0.0, 0.0, -half_height],
                    axis_direction: z,
                    height: 2.0 * half_height,
                    radius,
                },
                0.0,
            ),
            Spec::Ellipsoid { semi_axes } => (
                Core3::Ellipsoid {
                    center: [0.0; 3],
                    semi_axes: *semi_axes,
                    rotation: [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
                },
                0.0,
            ),
        };
        Shape3::new(core, radius)
    }

    /// The kernel's shape with its faces, for contact manifolds: the same shape, but
    /// a point set as a `Polyhedron` of its hull (`None` when its faces cannot be
    /// told apart, see `Polyhedron::new`).
    pub fn contact_kernel<S: Scalar + 'static>(&self) -> Option<Box<dyn ContactShape<S, Vec3<S>>>> {
        Some(built!(self, S, dyn ContactShape<S, Vec3<S>>, |points| {
            Box::new(Polyhedron::<S, N>::new(&points).ok()?)
        }))
    }

    /// The kernel's shape, from numbers already representable in `S` (a `RayShape`, so
    /// that `ray_cast` takes the shape's closed form where it has one).
    pub fn kernel<S: Scalar + 'static>(&self) -> Box<dyn RayShape<S, Vec3<S>>> {
        built!(self, S, dyn RayShape<S, Vec3<S>>, |points| {
            Box::new(ConvexPoints::<S, N>::new(&points).expect("the generated shapes are valid"))
        })
    }
}

/// One random pair: shapes at unit size, their sizes, A's translation, the two
/// rotations, the direction from A to B and the gap along it in units of the smaller
/// size.
#[derive(Clone, Debug)]
pub struct Case {
    pub a: Spec,
    pub b: Spec,
    pub sizes: [f64; 2],
    pub translation_a: P3,
    pub quaternions: [[f64; 4]; 2],
    pub direction: P3,
    pub gap: f64,
}

pub fn log_uniform(lo: f64, hi: f64) -> impl Strategy<Value = f64> {
    (lo.log10()..=hi.log10()).prop_map(|e| 10.0_f64.powf(e))
}

pub fn point(half: f64) -> impl Strategy<Value = P3> {
    [-half..=half, -half..=half, -half..=half]
}

/// A uniformly random unit vector (from a seed, by the oracle's generator).
pub fn unit_vector() -> impl Strategy<Value = P3> {
    any::<u64>().prop_map(|seed| SplitMix64(seed).unit_vector())
}

/// A uniformly random unit quaternion `[x, y, z, w]`.
pub fn quaternion() -> impl Strategy<Value = [f64; 4]> {
    any::<u64>().prop_map(|seed| SplitMix64(seed).quaternion())
}

/// Half extents from 0.05 to 1 (aspect ratios up to 1:20).
pub fn half_extents() -> impl Strategy<Value = P3> {
    [0.05..=1.0, 0.05..=1.0, 0.05..=1.0]
}

pub fn point_spec() -> BoxedStrategy<Spec> {
    Just(Spec::Point).boxed()
}
pub fn sphere() -> BoxedStrategy<Spec> {
    (0.05..=1.0)
        .prop_map(|radius| Spec::Sphere { radius })
        .boxed()
}
pub fn segment() -> BoxedStrategy<Spec> {
    (point(1.0), point(1.0))
        .prop_map(|(a, b)| Spec::Segment(a, b))
        .boxed()
}
pub fn capsule() -> BoxedStrategy<Spec> {
    (point(1.0), point(1.0), log_uniform(0.02, 0.5))
        .prop_map(|(a, b, radius)| Spec::Capsule { a, b, radius })
        .boxed()
}
pub fn cuboid() -> BoxedStrategy<Spec> {
    half_extents()
        .prop_map(|half_extents| Spec::Cuboid { half_extents })
        .boxed()
}
pub fn triangle() -> BoxedStrategy<Spec> {
    [point(1.0), point(1.0), point(1.0)]
        .prop_map(Spec::Triangle)
        .boxed()
}
pub fn points() -> BoxedStrategy<Spec> {
    prop::collection::vec(point(1.0), 8..=N)
        .prop_map(Spec::Points)
        .boxed()
}
pub fn rounded_cuboid() -> BoxedStrategy<Spec> {
    (half_extents(), log_uniform(0.01, 0.5))
        .prop_map(|(half_extents, radius)| Spec::RoundedCuboid {
            half_extents,
            radius,
        })
        .boxed()
}
pub fn cylinder() -> BoxedStrategy<Spec> {
    (0.05..=1.0, 0.05..=1.0)
        .prop_map(|(half_height, radius)| Spec::Cylinder {
            half_height,
            radius,
        })
        .boxed()
}
pub fn cone() -> BoxedStrategy<Spec> {
    (0.05..=1.0, 0.05..=1.0)
        .prop_map(|(half_height, radius)| Spec::Cone {
            half_height,
            radius,
        })
        .boxed()
}
pub fn ellipsoid() -> BoxedStrategy<Spec> {
    half_extents()
        .prop_map(|semi_axes| Spec::Ellipsoid { semi_axes })
        .boxed()
}

/// Any class whose core is a point, segment or polytope.
pub fn exact_class() -> BoxedStrategy<Spec> {
    prop_oneof![
        point_spec(),
        sphere(),
        segment(),
        capsule(),
        cuboid(),
        triangle(),
        points(),
        rounded_cuboid(),
    ]
    .boxed()
}

/// Any class at all.
pub fn any_class() -> BoxedStrategy<Spec> {
    prop_oneof![8 => exact_class(), 1 => cylinder(), 1 => cone(), 1 => ellipsoid()].boxed()
}

/// A's translation: at the origin, near it (1e-3 to 1), or far (1 to 1e4, and 1e3 to
/// 1e4 for a third of the cases).
pub fn translation() -> impl Strategy<Value = P3> {
    prop_oneof![
        Just(0.0),
        log_uniform(1e-3, 1.0),
        log_uniform(1.0, 1e4),
        1e3..=1e4,
    ]
    .prop_flat_map(|distance| unit_vector().prop_map(move |u| u.map(|c| c * distance)))
}

pub fn case(a: BoxedStrategy<Spec>, b: BoxedStrategy<Spec>) -> impl Strategy<Value = Case> {
    (
        a,
        b,
        [log_uniform(1e-3, 1e4), log_uniform(1e-3, 1e4)],
        translation(),
        [quaternion(), quaternion()],
        unit_vector(),
        -0.2..=2.0,
    )
        .prop_map(
            |(a, b, sizes, translation_a, quaternions, direction, gap)| Case {
                a,
                b,
                sizes,
                translation_a,
                quaternions,
                direction,
                gap,
            },
        )
}

/// The same deterministic configuration as the 2D oracle tests.
pub fn config(cases: u32) -> Config {
    Config {
        cases,
        rng_seed: RngSeed::Fixed(0x6a6b_5eed),
        failure_persistence: None,
        max_shrink_iters: 2048,
        ..Config::default()
    }
}

/// A quaternion in `S` from f64 components: rounded, and renormalized in `S` only if
/// rounding left it outside the unit tolerance.
pub fn kernel_quaternion<S: Scalar>(q: [f64; 4]) -> Quat<S> {
    let [x, y, z, w] = q.map(S::from_f64);
    Quat::from_xyzw(x, y, z, w)
        .or_else(|| Quat { x, y, z, w }.normalize())
        .expect("random quaternions are unit length")
}

/// A case built in `S` and, from the same rounded numbers, in the oracle.
pub struct Scene<S: Scalar> {
    pub a: Box<dyn RayShape<S, Vec3<S>>>,
    pub b: Box<dyn RayShape<S, Vec3<S>>>,
    /// The shapes as built, at their final sizes.
    pub specs: [Spec; 2],
    pub xf_a: Transform3<S>,
    pub xf_b: Transform3<S>,
    pub exact: Exact3,
    /// The scale `L` of the module documentation.
    pub length: f64,
    /// The shapes in world space, as the oracle sees them.
    pub world: [Shape3; 2],
}

impl<S: Scalar + 'static> Scene<S> {
    pub fn new(case: &Case) -> Scene<S> {
        let round = |x: f64| S::from_f64(x).to_f64();
        let a = case.a.map(&|x| round(x * case.sizes[0]));
        let b = case.b.map(&|x| round(x * case.sizes[1]));
        let q_a = kernel_quaternion::<S>(case.quaternions[0]);
        let q_b = kernel_quaternion::<S>(case.quaternions[1]);
        let back = |q: Quat<S>| [q.x, q.y, q.z, q.w].map(Scalar::to_f64);
        let (q_a64, q_b64) = (back(q_a), back(q_b));
        let translation_a = case.translation_a.map(round);

        // B from A along u: at the origin each has its rotation; the separation of B
        // beyond A along u is then `separation0`, and moving B by `(gap - separation0)
        // u` makes it `gap` (before rounding the translation).
        let (local_a, local_b) = (a.oracle(), b.oracle());
        let at_origin = |shape: &Shape3, q: [f64; 4]| {
            Shape3::new(transform3(&shape.core, [0.0; 3], q), shape.radius)
        };
        let u = case.direction;
        let separation0 =
            separation_along3(&at_origin(&local_a, q_a64), &at_origin(&local_b, q_b64), u);
        let gap = case.gap * case.sizes[0].min(case.sizes[1]);
        let offset = gap - separation0;
        let translation_b: P3 = core::array::from_fn(|i| round(translation_a[i] + offset * u[i]));
        Scene::placed(a, b, [translation_a, translation_b], [q_a, q_b])
    }

    /// The scene of `a` and `b` (sizes and translations representable in `S`) placed
    /// by the translations and rotations given.
    pub fn placed(a: Spec, b: Spec, translations: [P3; 2], rotations: [Quat<S>; 2]) -> Scene<S> {
        let [translation_a, translation_b] = translations;
        let [q_a, q_b] = rotations;
        let back = |q: Quat<S>| [q.x, q.y, q.z, q.w].map(Scalar::to_f64);
        let (q_a64, q_b64) = (back(q_a), back(q_b));
        let (local_a, local_b) = (a.oracle(), b.oracle());
        let world = |shape: &Shape3, t: P3, q: [f64; 4]| {
            Shape3::new(transform3(&shape.core, t, q), shape.radius)
        };
        let placed = [
            world(&local_a, translation_a, q_a64),
            world(&local_b, translation_b, q_b64),
        ];
        let exact = distance3(&placed[0], &placed[1]);
        let length = [a.size(), b.size(), norm(translation_a), norm(translation_b)]
            .into_iter()
            .fold(0.0, f64::max);
        let v = |p: P3| Vec3::new(S::from_f64(p[0]), S::from_f64(p[1]), S::from_f64(p[2]));
        Scene {
            a: a.kernel(),
            b: b.kernel(),
            specs: [a.clone(), b.clone()],
            xf_a: Transform3::new(v(translation_a), q_a),
            xf_b: Transform3::new(v(translation_b), q_b),
            exact,
            length,
            world: placed,
        }
    }
}

/// How far `point` is from the rounded surface of `shape` (a point, segment or
/// polytope core): its distance outside, its depth inside.
pub fn off_surface(shape: &Shape3, point: Vec3<f64>) -> f64 {
    let point = Shape3::new(Core3::Point([point.x, point.y, point.z]), 0.0);
    let exact = distance3(shape, &point);
    if exact.overlapping {
        exact.depth.unwrap_or(0.0)
    } else {
        exact.distance
    }
}

/// Pairs mostly in contact: A at a size log-uniform in `[1e-3, 1e4]`, B within a
/// factor of ten of it, B moved from A along a random direction to a gap in `gaps`
/// times the smaller size.
pub fn overlapping_case(
    a: BoxedStrategy<Spec>,
    b: BoxedStrategy<Spec>,
    gaps: core::ops::RangeInclusive<f64>,
) -> impl Strategy<Value = Case> {
    (
        a,
        b,
        log_uniform(1e-3, 1e4),
        log_uniform(0.1, 10.0),
        translation(),
        [quaternion(), quaternion()],
        unit_vector(),
        gaps,
    )
        .prop_map(
            |(a, b, size, ratio, translation_a, quaternions, direction, gap)| Case {
                a,
                b,
                sizes: [size, size * ratio],
                translation_a,
                quaternions,
                direction,
                gap,
            },
        )
}
