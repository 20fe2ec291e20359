//! 3D `shape_cast`, `ray_cast` and `support_ray_cast` on this crate's 3D shapes against
//! the exact f64 oracle, in f32 and f64: the 3D counterpart of `casts::oracle`, on the
//! pairs of `distance::oracle3d` (sizes 1e-3 to 1e4, random rotations, A up to 1e4
//! from the origin; the scale `L` is documented there, here grown by the length of
//! the motion).
//!
//! The oracle's answer along a motion `m` of B comes from its signed distance `d(t)`
//! between A and B moved by `t m`: the exact distance when apart, minus the exact
//! depth when they overlap (point, segment and polytope cores). Along a translation it
//! is convex in `t`. With a curved core the oracle knows no depth, and `d` is the
//! unsigned distance, still convex: those shape casts go to a positive target
//! separation, so that a hit's closest approach lies clearly below the target. So:
//!
//! - the shapes start within the target `s` when `d(0) <= s`;
//! - the closest approach `min d` over `[0, 1]` (ternary search) decides hit or miss;
//! - the first contact `t0` is the root of `d(t) = s` below the closest approach
//!   (bisection), independent of the kernel.
//!
//! Outside a band of `band L` around grazing (`|min d - s|`) and around starting in
//! contact (`|d(0) - s|`), every case checks:
//!
//! - the status: `StartsInside`, `Hit` or `Miss` as the oracle says (never
//!   `MaxIterations` or `InvalidInput` on valid input);
//! - for a hit at `t`: `|d(t) - s| <= bar L` (the shapes touch there), `t` is not past
//!   the closest approach, and where the motion approaches the contact at a rate of at
//!   least a tenth of `|m|`, `|t - t0| |m| <= bar L` (at shallower angles a small
//!   distance error moves the contact far along the motion, and the distance check is
//!   the meaningful one);
//! - the normal is unit and separates: B at the contact lies `s` beyond A along it,
//!   within the bar (`gjk_oracle::separation_along3`);
//! - a shape cast's contact point lies on A's surface at the contact (exact cores);
//!   a ray's hit point is the ray's point at the fraction, and its normal faces the
//!   ray.
//!
//! Rays against the curved shapes (cylinders, cones, ellipsoids) are checked in
//! closed form instead, as the oracle's distance from a point to a curved surface is
//! good only to about 1e-8 of the size (a cylinder's cap read as reached 2.7e-7 before
//! the exact entry of a 0.07 cylinder): along the ray, the shape's gauge about the
//! centre `c` of a ball of radius `rho` inside it (`g(p) <= k` when `p` lies in `c + k
//! (A - c)`) is convex and exact in f64. Scaling by `1 + delta / rho` grows the shape
//! by at least `delta` everywhere, and by `1 - delta / rho` shrinks it by at least
//! that, so with `delta = band L` the ray clearly hits when the gauge's minimum over
//! `[0, 1]` is below `1 - delta / rho` and clearly misses above `1 + delta / rho`; a
//! hit's fraction must lie before the minimum, with the gauge there within `bar L /
//! rho` of one (the hit point between the shape shrunk and grown by the bar).
//!
//! Each test prints how many cases hit, missed and started inside, and the mean support
//! calls (`--nocapture`). Run it in release:
//! `cargo test -p gjk-shapes --release --test kernel casts::oracle3d`.

use core::cell::RefCell;

use crate::harness3d::*;
use crate::motion_search::{convex_minimum, first_crossing};
use gjk_core::{
    CastOutput, CastStatus, Ray, Scalar, ShapeCastInput, Vec3, ray_cast, shape_cast,
    support_ray_cast,
};
use gjk_oracle::{Core3, P3, Shape3, distance3, rotation_matrix3, separation_along3, transform3};
use proptest::prelude::*;
use proptest::test_runner::{TestCaseError, TestRunner};

/// Bars as fractions of `L`: the 2D cast tests' bars. In f32 the touching margin (4
/// epsilons of the largest simplex vertex) sets the floor, as in the plane.
#[derive(Clone, Copy, Debug)]
struct Bars {
    /// Distance at the reported contact, position error of transversal hits, the
    /// separation along the normal and the contact point's distance from A.
    contact: f64,
    /// Half-width of the grazing and starting-contact bands.
    band: f64,
}

const F32: Bars = Bars {
    contact: 5e-6,
    band: 5e-6,
};
const F64: Bars = Bars {
    contact: 1e-12,
    band: 1e-12,
};

/// B's motion, relative to the line from B to A: `toward` times the offset from B to A
/// plus `aside` times the shapes' reach along a random direction across it. Near-zero
/// `aside` hits, larger values graze or miss; negative `toward` moves away.
#[derive(Clone, Copy, Debug)]
struct Motion {
    toward: f64,
    aside: f64,
    across: P3,
    /// The target separation in units of the larger size.
    target: f64,
}

fn motion(positive_target: bool) -> impl Strategy<Value = Motion> {
    let toward = prop_oneof![4 => 0.3..3.0, 1 => -1.0..0.3];
    let aside = prop_oneof![2 => Just(0.0), 3 => -1.0..1.0_f64];
    let target = if positive_target {
        (0.01..0.2_f64).boxed()
    } else {
        prop_oneof![3 => Just(0.0), 1 => 0.0..0.2_f64].boxed()
    };
    (toward, aside, unit_vector(), target).prop_map(|(toward, aside, across, target)| Motion {
        toward,
        aside,
        across,
        target,
    })
}

/// The oracle's view of a cast: distances along the motion.
struct OracleCast<'s> {
    a: &'s Shape3,
    b: &'s Shape3,
    /// B's motion at fraction one, in f64 (the exact value the kernel receives).
    motion: P3,
    target: f64,
}

impl OracleCast<'_> {
    fn moved_b(&self, t: f64) -> Shape3 {
        let offset = self.motion.map(|m| t * m);
        Shape3::new(
            transform3(&self.b.core, offset, [0.0, 0.0, 0.0, 1.0]),
            self.b.radius,
        )
    }

    /// The signed distance where the oracle knows the depth, the distance otherwise.
    fn distance_at(&self, t: f64) -> f64 {
        let exact = distance3(self.a, &self.moved_b(t));
        if exact.overlapping {
            -exact.depth.unwrap_or(0.0)
        } else {
            exact.distance
        }
    }

    /// The closest approach `(t, d)` over `[0, 1]`.
    fn closest_approach(&self) -> (f64, f64) {
        convex_minimum(|t| self.distance_at(t), 0.0, 1.0, 90)
    }

    /// The first `t` in `[0, before]` with `d(t) <= target`, given
    /// `d(0) > target >= d(before)`.
    fn first_contact(&self, before: f64) -> f64 {
        first_crossing(|t| self.distance_at(t) <= self.target, before, 80)
    }
}

/// What one case found, for the printed counts.
#[derive(Clone, Copy, Default)]
struct Tally {
    hits: u64,
    misses: u64,
    inside: u64,
    unchecked: u64,
    iterations: u64,
    casts: u64,
}

fn to64<S: Scalar>(v: Vec3<S>) -> P3 {
    [v.x.to_f64(), v.y.to_f64(), v.z.to_f64()]
}

/// Checks one kernel cast output against the oracle; `surface_a` is A as the oracle
/// sees it in world space when the contact point should lie on it (a shape cast with
/// an exact core), `None` otherwise.
fn check_cast<S: Scalar>(
    out: &CastOutput<S, Vec3<S>>,
    oracle: &OracleCast<'_>,
    length: f64,
    bars: Bars,
    surface_a: Option<&Shape3>,
    tally: &mut Tally,
) -> Result<(), TestCaseError> {
    tally.casts += 1;
    tally.iterations += u64::from(out.iterations);
    let band = bars.band * length;
    let start = oracle.distance_at(0.0);
    prop_assert!(
        matches!(
            out.status,
            CastStatus::Hit | CastStatus::Miss | CastStatus::StartsInside
        ),
        "status {:?}",
        out.status
    );
    if (start - oracle.target).abs() <= band {
        tally.unchecked += 1;
        return Ok(());
    }
    if start < oracle.target {
        prop_assert_eq!(out.status, CastStatus::StartsInside, "d(0) = {}", start);
        prop_assert_eq!(out.fraction.to_f64(), 0.0);
        tally.inside += 1;
        return Ok(());
    }
    let (approach_t, approach_d) = oracle.closest_approach();
    if (approach_d - oracle.target).abs() <= band {
        tally.unchecked += 1;
        return Ok(());
    }
    if approach_d > oracle.target {
        prop_assert_eq!(
            out.status,
            CastStatus::Miss,
            "closest approach {} at {}: {:?}",
            approach_d,
            approach_t,
            out
        );
        tally.misses += 1;
        return Ok(());
    }
    prop_assert_eq!(
        out.status,
        CastStatus::Hit,
        "closest approach {} at {}: {:?}",
        approach_d,
        approach_t,
        out
    );
    tally.hits += 1;
    let t = out.fraction.to_f64();
    let at_contact = oracle.distance_at(t);
    prop_assert!(
        (at_contact - oracle.target).abs() <= bars.contact * length,
        "distance {} at the reported fraction {} (target {}), error {:e} L",
        at_contact,
        t,
        oracle.target,
        (at_contact - oracle.target).abs() / length
    );
    prop_assert!(
        t <= approach_t + bars.contact,
        "fraction {} past the closest approach {}",
        t,
        approach_t
    );

    let t0 = oracle.first_contact(approach_t);
    let speed = norm(oracle.motion);
    let step = (1e-4 * t0).max(1e-12);
    let rate = (oracle.distance_at((t0 - step).max(0.0)) - oracle.distance_at(t0)) / step;
    if rate >= 0.1 * speed {
        prop_assert!(
            (t - t0).abs() * speed <= bars.contact * length,
            "fraction {} against exact {}: position error {:e} L",
            t,
            t0,
            (t - t0).abs() * speed / length
        );
    }

    let normal = to64(out.normal);
    prop_assert!((norm(normal) - 1.0).abs() <= 1e-5, "normal {:?}", normal);
    let beyond = separation_along3(oracle.a, &oracle.moved_b(t), normal);
    prop_assert!(
        (beyond - oracle.target).abs() <= bars.contact * length,
        "B lies {:e} beyond A along the normal {:?} at the contact (target {:e}): {:e} L",
        beyond,
        normal,
        oracle.target,
        (beyond - oracle.target).abs() / length
    );
    if let Some(surface) = surface_a {
        let point = Shape3::new(Core3::Point(to64(out.point)), 0.0);
        let exact = distance3(surface, &point);
        let off = if exact.overlapping {
            exact.depth.unwrap_or(0.0)
        } else {
            exact.distance
        };
        prop_assert!(
            off <= bars.contact * length,
            "contact point {:e} L off A's surface",
            off / length
        );
    }
    Ok(())
}

/// Whether the oracle knows the depth of overlaps with this shape (no curved core).
fn exact_core(spec: &Spec) -> bool {
    !matches!(
        spec,
        Spec::Cylinder { .. } | Spec::Cone { .. } | Spec::Ellipsoid { .. }
    )
}

/// B's motion for a case: toward A with a part across, scaled to the shapes.
fn motion_vector<S: Scalar>(scene: &Scene<S>, case: &Case, motion: Motion) -> Vec3<S> {
    let from_b_to_a: P3 =
        core::array::from_fn(|i| to64(scene.xf_a.translation)[i] - to64(scene.xf_b.translation)[i]);
    let reach = case.a.size() * case.sizes[0] + case.b.size() * case.sizes[1];
    let m: P3 = core::array::from_fn(|i| {
        motion.toward * from_b_to_a[i] + motion.aside * reach * motion.across[i]
    });
    Vec3::new(S::from_f64(m[0]), S::from_f64(m[1]), S::from_f64(m[2]))
}

fn run_shape_cast<S: Scalar + 'static>(
    case: &Case,
    motion: Motion,
    bars: Bars,
    tally: &mut Tally,
) -> Result<(), TestCaseError> {
    let scene = Scene::<S>::new(case);
    let translation = motion_vector(&scene, case, motion);
    let larger = (case.a.size() * case.sizes[0]).max(case.b.size() * case.sizes[1]);
    let target = S::from_f64(motion.target * larger);
    let input = ShapeCastInput {
        target_separation: target,
        ..ShapeCastInput::moving_b(translation)
    };
    let out = shape_cast(&*scene.a, scene.xf_a, &*scene.b, scene.xf_b, input);
    let oracle = OracleCast {
        a: &scene.world[0],
        b: &scene.world[1],
        motion: to64(translation),
        target: target.to_f64(),
    };
    let length = scene.length.max(norm(oracle.motion));
    let surface = exact_core(&case.a).then_some(&scene.world[0]);
    check_cast(&out, &oracle, length, bars, surface, tally)
}

fn run_ray_cast<S: Scalar + 'static>(
    case: &Case,
    motion: Motion,
    bars: Bars,
    tally: &mut Tally,
) -> Result<(), TestCaseError> {
    let scene = Scene::<S>::new(case);
    let translation = motion_vector(&scene, case, motion);
    let ray = Ray::new(scene.xf_b.translation, translation);
    let point = Shape3::new(Core3::Point(to64(ray.origin)), 0.0);
    let oracle = OracleCast {
        a: &scene.world[0],
        b: &point,
        motion: to64(translation),
        target: 0.0,
    };
    let length = scene.length.max(norm(oracle.motion));
    // The shape's closed-form cast where it has one, and the GJK ray cast.
    for out in [
        ray_cast(&*scene.a, scene.xf_a, ray),
        support_ray_cast(&*scene.a, scene.xf_a, ray),
    ] {
        check_cast(&out, &oracle, length, bars, None, tally)?;
        if out.status == CastStatus::Hit {
            check_ray_hit(&out, ray)?;
        }
    }
    Ok(())
}

/// What every ray hit shows: its point is the ray's point at the fraction, and its
/// normal faces the ray.
fn check_ray_hit<S: Scalar>(
    out: &CastOutput<S, Vec3<S>>,
    ray: Ray<S, Vec3<S>>,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(out.point, ray.point_at(out.fraction));
    prop_assert!(
        out.normal.dot(ray.translation) <= S::ZERO,
        "normal {:?} along the ray",
        out.normal
    );
    Ok(())
}

/// The radius of a ball inside a curved shape, and the shape's gauge about the ball's
/// centre `c` (local frame): the least `k` with `p` in `c + k (A - c)`.
fn gauge_of(spec: &Spec) -> (f64, impl Fn(P3) -> f64 + '_) {
    let (center, inradius) = match *spec {
        Spec::Cylinder {
            half_height,
            radius,
        } => ([0.0; 3], half_height.min(radius)),
        Spec::Ellipsoid { semi_axes } => {
            ([0.0; 3], semi_axes.iter().fold(f64::MAX, |m, &a| m.min(a)))
        }
        // Base disc at -h, apex at +h: the inscribed ball of the meridian triangle.
        Spec::Cone {
            half_height,
            radius,
        } => {
            let height = 2.0 * half_height;
            let rho = radius * height / (radius + radius.hypot(height));
            ([0.0, 0.0, -half_height + rho], rho)
        }
        _ => unreachable!("curved shapes only"),
    };
    let gauge = move |p: P3| -> f64 {
        let q: P3 = core::array::from_fn(|i| p[i] - center[i]);
        let rho = q[0].hypot(q[1]);
        match *spec {
            Spec::Cylinder {
                half_height,
                radius,
            } => (rho / radius).max(q[2].abs() / half_height),
            Spec::Ellipsoid { semi_axes } => norm(core::array::from_fn(|i| q[i] / semi_axes[i])),
            Spec::Cone {
                half_height,
                radius,
            } => {
                // Below the base plane, and outside the lateral surface, of the cone
                // scaled by k about the centre (the derivation in the test's text).
                let below_apex = half_height - center[2];
                let above_base = half_height + center[2];
                let slope = radius / (2.0 * half_height);
                (-q[2] / above_base).max((rho / slope + q[2]) / below_apex)
            }
            _ => unreachable!("curved shapes only"),
        }
    };
    (inradius, gauge)
}

/// A ray against a curved shape, checked in closed form (see the module's text).
fn run_curved_ray_cast<S: Scalar + 'static>(
    case: &Case,
    motion: Motion,
    bars: Bars,
    tally: &mut Tally,
) -> Result<(), TestCaseError> {
    let scene = Scene::<S>::new(case);
    let translation = motion_vector(&scene, case, motion);
    let ray = Ray::new(scene.xf_b.translation, translation);
    let q = scene.xf_a.rotation;
    let rows = rotation_matrix3([q.x, q.y, q.z, q.w].map(Scalar::to_f64));
    let to_local =
        |v: P3| -> P3 { core::array::from_fn(|i| (0..3).map(|j| rows[j][i] * v[j]).sum()) };
    let (m, t_a) = (to64(translation), to64(scene.xf_a.translation));
    let origin = to_local(core::array::from_fn(|i| to64(ray.origin)[i] - t_a[i]));
    let direction = to_local(m);
    let spec = case.a.map(&|x| S::from_f64(x * case.sizes[0]).to_f64());
    let (inradius, gauge) = gauge_of(&spec);
    let along = |t: f64| gauge(core::array::from_fn(|i| origin[i] + t * direction[i]));
    let length = scene.length.max(norm(m));
    let band = bars.band * length / inradius;
    let (deepest_t, deepest) = convex_minimum(along, 0.0, 1.0, 200);
    for out in [
        ray_cast(&*scene.a, scene.xf_a, ray),
        support_ray_cast(&*scene.a, scene.xf_a, ray),
    ] {
        tally.casts += 1;
        tally.iterations += u64::from(out.iterations);
        let start = along(0.0);
        if (start - 1.0).abs() <= band || (deepest - 1.0).abs() <= band {
            tally.unchecked += 1;
            continue;
        }
        if start < 1.0 {
            prop_assert_eq!(
                out.status,
                CastStatus::StartsInside,
                "gauge {} at the start",
                start
            );
            tally.inside += 1;
            continue;
        }
        if deepest > 1.0 {
            prop_assert_eq!(
                out.status,
                CastStatus::Miss,
                "least gauge {}: {:?}",
                deepest,
                out
            );
            tally.misses += 1;
            continue;
        }
        prop_assert_eq!(out.status, CastStatus::Hit, "least gauge {}", deepest);
        tally.hits += 1;
        let t = out.fraction.to_f64();
        prop_assert!(
            t <= deepest_t + 1e-9,
            "fraction {} past the deepest point {}",
            t,
            deepest_t
        );
        let at_hit = along(t);
        prop_assert!(
            (at_hit - 1.0).abs() * inradius <= bars.contact * length,
            "the hit point is {:e} L from the surface (gauge {})",
            (at_hit - 1.0).abs() * inradius / length,
            at_hit
        );
        check_ray_hit(&out, ray)?;
        let normal = to64(out.normal);
        prop_assert!((norm(normal) - 1.0).abs() <= 1e-5, "normal {:?}", normal);
        let point = Shape3::new(Core3::Point(to64(out.point)), 0.0);
        let beyond = separation_along3(&scene.world[0], &point, normal);
        prop_assert!(
            beyond.abs() <= bars.contact * length,
            "the hit point lies {:e} L beyond A along the normal {:?}",
            beyond / length,
            normal
        );
    }
    Ok(())
}

type Runner = fn(&Case, Motion, Bars, &mut Tally) -> Result<(), TestCaseError>;

/// Runs `cases` random cases in `S` and prints what they found.
fn run(
    name: &str,
    cases: u32,
    shapes: impl Strategy<Value = Case>,
    positive_target: bool,
    runner: Runner,
    bars: Bars,
) {
    let tally = RefCell::new(Tally::default());
    let strategy = (shapes, motion(positive_target));
    let result = TestRunner::new(config(cases)).run(&strategy, |(case, motion)| {
        runner(&case, motion, bars, &mut tally.borrow_mut())
    });
    if let Err(error) = result {
        panic!("{name}: {error}");
    }
    let tally = tally.into_inner();
    eprintln!(
        "MEASURE {name}: {} hits, {} misses, {} starting inside, {} in the bands; \
         mean support calls {:.1}",
        tally.hits,
        tally.misses,
        tally.inside,
        tally.unchecked,
        tally.iterations as f64 / tally.casts.max(1) as f64
    );
}

/// Exact pairs and rays against curved shapes are fast to check. Shape casts with a
/// curved core search the oracle's surface charts at every step along the motion, and
/// the search has a heavy tail: in a debug build the first 8 cases take 5 s, the next 8
/// six minutes, hence their count.
const EXACT_CASES: u32 = 256;
const CURVED_CASES: u32 = 8;

/// One f32 and one f64 test per kind of cast and pair.
macro_rules! cast_tests {
    ($($f32_name:ident, $f64_name:ident: $a:expr, $b:expr, $positive:expr, $runner:ident, $cases:expr;)*) => {$(
        #[test]
        fn $f32_name() {
            run(stringify!($f32_name), $cases, case($a, $b), $positive, $runner::<f32>, F32);
        }

        #[test]
        fn $f64_name() {
            run(stringify!($f64_name), $cases, case($a, $b), $positive, $runner::<f64>, F64);
        }
    )*};
}

cast_tests! {
    f32_exact_shape_casts_match_oracle, f64_exact_shape_casts_match_oracle:
        exact_class(), exact_class(), false, run_shape_cast, EXACT_CASES;
    f32_curved_shape_casts_match_oracle, f64_curved_shape_casts_match_oracle:
        prop_oneof![cylinder(), cone(), ellipsoid()].boxed(), exact_class(), true, run_shape_cast, CURVED_CASES;
    f32_exact_ray_casts_match_oracle, f64_exact_ray_casts_match_oracle:
        exact_class(), exact_class(), false, run_ray_cast, EXACT_CASES;
    f32_curved_ray_casts_match_oracle, f64_curved_ray_casts_match_oracle:
        prop_oneof![cylinder(), cone(), ellipsoid()].boxed(), point_spec(), false, run_curved_ray_cast, EXACT_CASES;
}
