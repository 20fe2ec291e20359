//! 3D `time_of_impact` on this crate's shapes against the exact f64 oracle
//! (`gjk-oracle`), property tests in f32 and f64, every shape class, sizes from 1e-3
//! to 1e4, up to 1e4 from the origin (`harness3d`'s cases).
//!
//! The oracle places each body at fraction `t` from the sweep in f64, from the exact
//! values the kernel receives: centre `c_0 + t (c_1 - c_0)` and rotation
//! `Q(t turn) q_0` relative to A's starting centre, as the kernel does; a body that
//! does not turn keeps the kernel's own quaternion.
//!
//! Pure translation: the distance along the motion is convex, so the closest approach
//! (ternary search) decides hit or miss, and the first contact `t0` is the root of the
//! distance below it (bisection). With `L` the scene's scale (`harness3d`), outside a
//! band of `band * L` around grazing and around starting in contact, each case checks
//! the status, the gap at a reported hit (within the tolerance), that the hit is not
//! past the closest approach, and, where the motion closes in at a rate of at least a
//! tenth of its speed, the position error `|t - t0| |motion| <= bar * L`.
//!
//! Rotation: both bodies turn by up to a turn and a bit in the step about random
//! axes, A about an off-centre point, while B moves. At a hit the exact gap is within
//! the tolerance, and at 200 sampled fractions before it (and over the whole step when
//! `Separated`) the shapes do not overlap, apart from the band.

use gjk_core::{
    Quat, Scalar, Sweep3, ToiConfig, ToiOutput, ToiStatus, Transform3, Vec3, time_of_impact_with,
};
use gjk_oracle::{P3, Shape3, SplitMix64, distance3, shallowest_exit3, transform3};
use proptest::prelude::*;

use crate::harness3d::{
    Case, Scene, Spec, case, cone, config, cylinder, ellipsoid, exact_class, norm,
};
use crate::motion_search::{convex_minimum, first_crossing};

/// One body's sweep as the oracle sees it.
pub(super) struct ExactSweep3 {
    spec: Spec,
    local: Shape3,
    local_center: P3,
    /// Centres at fractions 0 and 1, relative to the scene's origin.
    centers: [P3; 2],
    rotation_start: [f64; 4],
    turn: P3,
}

fn to_p3<S: Scalar>(v: Vec3<S>) -> P3 {
    [v.x.to_f64(), v.y.to_f64(), v.z.to_f64()]
}

/// The quaternion product `p q` (`[x, y, z, w]`).
fn quaternion_product(p: [f64; 4], q: [f64; 4]) -> [f64; 4] {
    let [px, py, pz, pw] = p;
    let [qx, qy, qz, qw] = q;
    [
        pw * qx + px * qw + py * qz - pz * qy,
        pw * qy - px * qz + py * qw + pz * qx,
        pw * qz + px * qy - py * qx + pz * qw,
        pw * qw - px * qx - py * qy - pz * qz,
    ]
}

impl ExactSweep3 {
    pub(super) fn new<S: Scalar>(spec: &Spec, sweep: Sweep3<S>, origin: P3) -> Self {
        let relative = |c: Vec3<S>| {
            let c = to_p3(c);
            [c[0] - origin[0], c[1] - origin[1], c[2] - origin[2]]
        };
        let q = sweep.rotation_start;
        Self {
            spec: spec.clone(),
            local: spec.oracle(),
            local_center: to_p3(sweep.local_center),
            centers: [relative(sweep.center_start), relative(sweep.center_end)],
            rotation_start: [q.x, q.y, q.z, q.w].map(Scalar::to_f64),
            turn: to_p3(sweep.turn),
        }
    }

    /// The rotation at fraction `t`.
    fn rotation_at(&self, t: f64) -> [f64; 4] {
        let angle = norm(self.turn);
        if angle == 0.0 {
            return self.rotation_start;
        }
        let axis = self.turn.map(|c| c / angle);
        let (sin, cos) = (0.5 * angle * t).sin_cos();
        let turned = [axis[0] * sin, axis[1] * sin, axis[2] * sin, cos];
        quaternion_product(turned, self.rotation_start)
    }

    /// The shape at fraction `t`.
    pub(super) fn at(&self, t: f64) -> Shape3 {
        let (translation, q) = self.placement_at(t);
        Shape3::new(
            transform3(&self.local.core, translation, q),
            self.local.radius,
        )
    }

    /// The kernel's f64 transform of the placement at `t`.
    fn transform_at(&self, t: f64) -> Transform3<f64> {
        let (translation, [x, y, z, w]) = self.placement_at(t);
        let [tx, ty, tz] = translation;
        Transform3::new(Vec3::new(tx, ty, tz), Quat { x, y, z, w })
    }

    /// The translation and rotation at fraction `t`.
    fn placement_at(&self, t: f64) -> (P3, [f64; 4]) {
        let q = self.rotation_at(t);
        let [c0, c1] = self.centers;
        let center: P3 = core::array::from_fn(|i| c0[i] + t * (c1[i] - c0[i]));
        // The local centre placed by the rotation alone, then moved onto the centre.
        let Shape3 { core, .. } = Shape3::new(
            transform3(&gjk_oracle::Core3::Point(self.local_center), [0.0; 3], q),
            0.0,
        );
        let gjk_oracle::Core3::Point(turned) = core else {
            unreachable!("a point maps to a point")
        };
        let translation: P3 = core::array::from_fn(|i| center[i] - turned[i]);
        (translation, q)
    }
}

/// The signed gap at fraction `t`: the distance apart, minus the depth overlapping.
///
/// Where a curved core's depth is not known exactly, the oracle's search for the
/// shallowest exit stands in. Every value it finds is an exact support-function value
/// and bounds the depth from above, so the gap it gives is never above the true one:
/// a check that the gap is not too negative cannot pass wrongly. Its search starts
/// from a lattice of directions and from the kernel's own `f64` penetration normal
/// (without that start, a compass search between a large box and a cylinder can stall
/// on the box's kinks far from the true exit).
pub(super) fn exact_gap3(a: &ExactSweep3, b: &ExactSweep3, t: f64) -> f64 {
    let (shape_a, shape_b) = (a.at(t), b.at(t));
    let exact = distance3(&shape_a, &shape_b);
    match (exact.overlapping, exact.depth) {
        (false, _) => exact.distance,
        (true, Some(depth)) => -depth,
        (true, None) => {
            let kernel = gjk_core::penetration(
                &*a.spec.kernel::<f64>(),
                a.transform_at(t),
                &*b.spec.kernel::<f64>(),
                b.transform_at(t),
            );
            let start = to_p3(kernel.normal);
            -shallowest_exit3(&shape_a, &shape_b, &[start]).0
        }
    }
}

/// Accuracy bars as fractions of `L`.
#[derive(Clone, Copy)]
struct Bars {
    /// Position error of transversal hits.
    position: f64,
    /// Half-width of the grazing and starting-contact bands, and the allowance for the
    /// gap at a hit beyond the tolerance.
    band: f64,
}

/// The floors the plane holds: 2e-5 L (f32) and 1e-9 L (f64).
const F32: Bars = Bars {
    position: 2e-5,
    band: 2e-5,
};
const F64: Bars = Bars {
    position: 1e-9,
    band: 1e-9,
};

/// B's motion relative to the line between the shapes: `toward` times the offset from
/// B to A plus `aside` times a unit vector across it (in units of the pair's size),
/// the turns of A and B over the step (rotation vectors), and A's centre of rotation
/// in units of its size.
#[derive(Clone, Copy, Debug)]
struct Motion {
    toward: f64,
    aside: f64,
    side: P3,
    target_separation: f64,
    turns: [P3; 2],
    center_a: P3,
}

fn translation() -> impl Strategy<Value = Motion> {
    let toward = prop_oneof![4 => 0.3..3.0, 1 => -1.0..0.3];
    let aside = prop_oneof![2 => Just(0.0), 3 => -1.0..1.0_f64];
    let target = prop_oneof![3 => Just(0.0), 1 => 0.0..0.2_f64];
    (toward, aside, any::<u64>(), target).prop_map(|(toward, aside, seed, target_separation)| {
        Motion {
            toward,
            aside,
            side: SplitMix64(seed).unit_vector(),
            target_separation,
            turns: [[0.0; 3]; 2],
            center_a: [0.0; 3],
        }
    })
}

fn curved() -> BoxedStrategy<Spec> {
    prop_oneof![cylinder(), cone(), ellipsoid()].boxed()
}

fn turn() -> impl Strategy<Value = P3> {
    let angle = prop_oneof![1 => Just(0.0), 4 => -7.0..7.0_f64];
    (angle, any::<u64>())
        .prop_map(|(angle, seed)| SplitMix64(seed).unit_vector().map(|c| c * angle))
}

fn rotation() -> impl Strategy<Value = Motion> {
    let center = [-0.5..0.5_f64, -0.5..0.5_f64, -0.5..0.5_f64];
    (translation(), turn(), turn(), center).prop_map(|(motion, turn_a, turn_b, center_a)| Motion {
        turns: [turn_a, turn_b],
        center_a,
        ..motion
    })
}

/// Everything about one case: the kernel's sweeps and the oracle's view of them.
struct SweepCase<S: Scalar> {
    scene: Scene<S>,
    sweep_a: Sweep3<S>,
    sweep_b: Sweep3<S>,
    exact_a: ExactSweep3,
    exact_b: ExactSweep3,
    target: S,
    /// `L`: the scene's scale, or the motion's length if longer.
    length: f64,
    /// An upper bound of the pair's size as the kernel's tolerance sees it (its reach
    /// bound is within `sqrt 3` of the reach).
    size: f64,
    /// An upper bound of the speed of any point of B relative to A.
    speed: f64,
}

impl<S: Scalar + 'static> SweepCase<S> {
    fn new(case: &Case, motion: Motion) -> Self {
        let scene = Scene::<S>::new(case);
        let [size_a, size_b] = [scene.specs[0].size(), scene.specs[1].size()];
        let from_b_to_a = to_p3(scene.xf_a.translation - scene.xf_b.translation);
        let along = norm(from_b_to_a).max(f64::MIN_POSITIVE);
        let u = from_b_to_a.map(|c| c / along);
        let side = motion.side;
        let dot = side[0] * u[0] + side[1] * u[1] + side[2] * u[2];
        let across: P3 = core::array::from_fn(|i| side[i] - dot * u[i]);
        let across_norm = norm(across).max(f64::MIN_POSITIVE);
        let reach = size_a + size_b;
        let m: P3 = core::array::from_fn(|i| {
            motion.toward * from_b_to_a[i] + motion.aside * reach * across[i] / across_norm
        });
        let v = |p: P3| Vec3::new(S::from_f64(p[0]), S::from_f64(p[1]), S::from_f64(p[2]));
        // A turns about `center_a` (in units of its size), placed so that A starts
        // where the scene put it.
        let local_center = v(motion.center_a.map(|c| c * size_a));
        let start_a = scene.xf_a.transform_point(local_center);
        let sweep_a = Sweep3::new(
            local_center,
            start_a,
            start_a,
            scene.xf_a.rotation,
            v(motion.turns[0]),
        );
        let start_b = scene.xf_b.translation;
        let sweep_b = Sweep3::new(
            Vec3::ZERO,
            start_b,
            start_b + v(m),
            scene.xf_b.rotation,
            v(motion.turns[1]),
        );
        let origin = to_p3(sweep_a.center_start);
        let exact_a = ExactSweep3::new(&scene.specs[0], sweep_a, origin);
        let exact_b = ExactSweep3::new(&scene.specs[1], sweep_b, origin);
        let motion_length = norm(to_p3(sweep_b.translation()));
        let target = S::from_f64(motion.target_separation * size_a.max(size_b));
        let reach_a = size_a + norm(to_p3(local_center));
        let length = scene.length.max(motion_length);
        Self {
            sweep_a,
            sweep_b,
            exact_a,
            exact_b,
            target,
            length,
            size: (reach_a + size_b) * 3.0_f64.sqrt() * 1.001,
            speed: motion_length
                + norm(to_p3(sweep_a.turn)) * reach_a
                + norm(to_p3(sweep_b.turn)) * size_b,
            scene,
        }
    }

    fn run(&self) -> ToiOutput<S> {
        let config = ToiConfig {
            target_separation: self.target,
            ..ToiConfig::default()
        };
        time_of_impact_with(
            &*self.scene.a,
            self.sweep_a,
            &*self.scene.b,
            self.sweep_b,
            S::ONE,
            config,
        )
    }

    /// The exact signed gap above the target at fraction `t`.
    fn gap(&self, t: f64) -> f64 {
        exact_gap3(&self.exact_a, &self.exact_b, t) - self.target.to_f64()
    }

    /// The exact distance above the target at fraction `t`, overlaps counted as zero
    /// distance: convex along a translation, and quick to evaluate where a curved
    /// core's depth would not be.
    fn distance_gap(&self, t: f64) -> f64 {
        distance3(&self.exact_a.at(t), &self.exact_b.at(t)).distance - self.target.to_f64()
    }

    /// An upper bound of the kernel's tolerance, absolute: relative to the size, plus
    /// four roundings of the fraction's worth of travel.
    fn tolerance(&self) -> f64 {
        let relative = ToiConfig::<S>::default().tolerance.to_f64();
        relative * self.size + 4.0 * S::EPS.to_f64() * self.speed * 3.0_f64.sqrt()
    }
}

/// A pure translation against the oracle's bisection.
fn translation_case<S: Scalar + 'static>(
    case: &Case,
    motion: Motion,
    bars: Bars,
) -> Result<(), TestCaseError> {
    let sweep = SweepCase::<S>::new(case, motion);
    let out = sweep.run();
    let band = bars.band * sweep.length;
    prop_assert!(
        matches!(
            out.status,
            ToiStatus::Hit | ToiStatus::Separated | ToiStatus::Overlapped
        ),
        "status {:?}",
        out
    );
    let start = sweep.gap(0.0);
    if start.abs() <= band {
        return Ok(());
    }
    if start < 0.0 {
        prop_assert_eq!(
            out.status,
            ToiStatus::Overlapped,
            "gap at the start {}",
            start
        );
        return Ok(());
    }
    // (2/3)^70 = 5e-13 of the step: far below the bars. Where the shapes overlap, the
    // signed gap there says how deep.
    let (approach_t, approach_distance) = convex_minimum(|t| sweep.distance_gap(t), 0.0, 1.0, 70);
    let touching = approach_distance <= -sweep.target.to_f64();
    let approach_gap = if touching {
        sweep.gap(approach_t)
    } else {
        approach_distance
    };
    if approach_gap.abs() <= band {
        return Ok(());
    }
    if approach_gap > 0.0 {
        prop_assert_eq!(
            out.status,
            ToiStatus::Separated,
            "closest approach {}",
            approach_gap
        );
        return Ok(());
    }
    prop_assert_eq!(
        out.status,
        ToiStatus::Hit,
        "closest approach {}",
        approach_gap
    );
    let t = out.fraction.to_f64();
    let at_hit = sweep.gap(t);
    prop_assert!(
        at_hit.abs() <= sweep.tolerance() + band,
        "gap {:e} at the hit {:?} (tolerance {:e})",
        at_hit,
        out,
        sweep.tolerance()
    );
    prop_assert!(
        t <= approach_t,
        "hit {} past the closest approach {}",
        t,
        approach_t
    );
    // 2^-60 = 9e-19 of the step.
    let t0 = first_crossing(|t| sweep.distance_gap(t) <= 0.0, approach_t, 60);
    let speed = sweep.speed;
    let step = (1e-4 * t0).max(1e-12);
    let rate = (sweep.distance_gap((t0 - step).max(0.0)) - sweep.distance_gap(t0)) / step;
    if rate >= 0.1 * speed {
        let error = (t - t0).abs() * speed / sweep.length;
        prop_assert!(
            error <= bars.position,
            "fraction {} against exact {}: position error {:e} L",
            t,
            t0,
            error
        );
    }
    Ok(())
}

/// A turning sweep: the exact gap at a hit is within the tolerance, and no sample
/// before it (or of the whole step when separated) overlaps beyond the band.
///
/// `Failed` is accepted with the same check: the march along a world-fixed axis
/// converges only linearly where a curved shape turns against a thin one, and the
/// iteration cap can come first; the fraction it reports must still be clear.
fn rotation_case<S: Scalar + 'static>(
    case: &Case,
    motion: Motion,
    bars: Bars,
) -> Result<(), TestCaseError> {
    let sweep = SweepCase::<S>::new(case, motion);
    let out = sweep.run();
    let band = bars.band * sweep.length;
    prop_assert!(
        matches!(
            out.status,
            ToiStatus::Hit | ToiStatus::Separated | ToiStatus::Overlapped | ToiStatus::Failed
        ),
        "status {:?}",
        out
    );
    let start = sweep.gap(0.0);
    if out.status == ToiStatus::Overlapped {
        prop_assert!(
            start <= band,
            "overlapped with a gap of {} at the start",
            start
        );
        return Ok(());
    }
    prop_assert!(start > -band, "apart at the start by {}? {:?}", start, out);
    let end = out.fraction.to_f64();
    if out.status == ToiStatus::Hit {
        let at_hit = sweep.gap(end);
        prop_assert!(
            at_hit.abs() <= sweep.tolerance() + band,
            "gap {:e} at the hit {:?} (tolerance {:e})",
            at_hit,
            out,
            sweep.tolerance()
        );
    }
    for k in 0..200 {
        let t = end * f64::from(k) / 200.0;
        let gap = sweep.gap(t);
        prop_assert!(gap > -band, "gap {:e} at {} before {:?}", gap, t, out);
    }
    Ok(())
}

/// Oracle evaluations of curved cores are slower (each one searches the surface):
/// fewer cases there, each a cylinder, cone or ellipsoid against any exact class, and
/// only turning: a pure translation's search for the closest approach takes a hundred
/// and more of them (a curved shape translating is a shape cast, which
/// `casts::oracle3d` checks against the oracle).
const CASES: u32 = 256;
const CURVED_CASES: u32 = 8;

proptest! {
    #![proptest_config(config(CASES))]

    #[test]
    fn f32_translations_match_oracle_3d(case in case(exact_class(), exact_class()), motion in translation()) {
        translation_case::<f32>(&case, motion, F32)?;
    }

    #[test]
    fn f64_translations_match_oracle_3d(case in case(exact_class(), exact_class()), motion in translation()) {
        translation_case::<f64>(&case, motion, F64)?;
    }

    #[test]
    fn f32_rotations_never_pass_through_3d(case in case(exact_class(), exact_class()), motion in rotation()) {
        rotation_case::<f32>(&case, motion, F32)?;
    }

    #[test]
    fn f64_rotations_never_pass_through_3d(case in case(exact_class(), exact_class()), motion in rotation()) {
        rotation_case::<f64>(&case, motion, F64)?;
    }
}

proptest! {
    #![proptest_config(config(CURVED_CASES))]

    #[test]
    fn f32_curved_rotations_never_pass_through_3d(case in case(curved(), exact_class()), motion in rotation()) {
        rotation_case::<f32>(&case, motion, F32)?;
    }

    #[test]
    fn f64_curved_rotations_never_pass_through_3d(case in case(curved(), exact_class()), motion in rotation()) {
        rotation_case::<f64>(&case, motion, F64)?;
    }
}

#[test]
fn exact_sweep_places_bodies_as_the_kernel_does() {
    // The oracle's placement at a fraction matches the kernel's transform, so the two
    // see the same motion.
    let spec = Spec::Cuboid {
        half_extents: [1.0, 0.5, 0.25],
    };
    let sweep = Sweep3::new(
        Vec3::new(0.1_f64, 0.2, -0.3),
        Vec3::new(1.0, 2.0, 3.0),
        Vec3::new(-1.0, 0.5, 2.0),
        Quat::from_axis_angle(Vec3::new(1.0, 1.0, 0.0), 0.4).unwrap(),
        Vec3::new(0.3, -2.0, 1.0),
    );
    let exact = ExactSweep3::new(&spec, sweep, [0.0; 3]);
    for k in 0..=8 {
        let t = f64::from(k) / 8.0;
        let xf = sweep.transform_at(t);
        let gjk_oracle::Core3::Polytope(corners) = exact.at(t).core else {
            unreachable!("a cuboid is a polytope")
        };
        for (i, corner) in corners.iter().enumerate() {
            let sign = |bit: usize| if i & bit == 0 { -1.0 } else { 1.0 };
            let local = Vec3::new(sign(1), 0.5 * sign(2), 0.25 * sign(4));
            let placed = to_p3(xf.transform_point(local));
            let error = norm(core::array::from_fn(|j| placed[j] - corner[j]));
            assert!(error < 1e-14, "{t} {i}: {error}");
        }
    }
}
