//! `time_of_impact` on this crate's shapes against the exact f64 oracle (`gjk-oracle`),
//! property tests in f32 and f64.
//!
//! The oracle places each body at fraction `t` from the sweep in f64 (centre
//! `c_0 + t (c_1 - c_0)`, angle `a_0 + t (a_1 - a_0)`, relative to A's starting
//! centre like the kernel), from the exact values the kernel receives; a sweep without
//! rotation keeps the kernel's own `(cos, sin)`.
//!
//! Pure translation: the distance along the motion is convex, so the closest approach
//! (ternary search) decides hit or miss and the first contact `t0` is the root of the
//! distance below it (bisection). With `L` the largest of the shape extents, the
//! starting distance and the motion's length, outside a band of `band * L` around
//! grazing and around starting in contact, each case checks the status, the gap at a
//! reported hit (within the tolerance), that the hit is not past the closest approach,
//! and, where the motion closes in at a rate of at least a tenth of its speed, the
//! position error `|t - t0| |motion| <= bar * L`.
//!
//! Rotation: both bodies turn by up to a turn and a bit in the step, A about an
//! off-centre point, while B moves. At a hit the exact gap is within the tolerance and
//! at 200 sampled fractions before it (and over the whole step when `Separated`) the
//! shapes do not overlap, apart from the band.

use gjk_core::{
    Rot, Scalar, Support, Sweep, ToiConfig, ToiOutput, ToiStatus, Vec2, time_of_impact_with,
};
use gjk_oracle::{Core, Exact, P, Shape as OracleShape, transform};
use proptest::prelude::*;

use super::v;
use crate::harness::{
    Built, Case, Scene, any_shape, case, config, ellipse, polytope, rounded, to_p,
};
use crate::motion_search::{convex_minimum, first_crossing};

/// One body's sweep as the oracle sees it.
pub(super) struct ExactSweep {
    core: Core,
    radius: f64,
    local_center: P,
    /// Centres at fractions 0 and 1, relative to the scene's origin.
    centers: [P; 2],
    angles: [f64; 2],
    /// The kernel's `(cos, sin)` when the body does not turn.
    fixed_rotation: Option<(f64, f64)>,
}

impl ExactSweep {
    pub(super) fn new<S: Scalar>(shape: &Built<S>, sweep: Sweep<S>, origin: P) -> Self {
        let relative = |c: Vec2<S>| {
            let c = to_p(c);
            [c[0] - origin[0], c[1] - origin[1]]
        };
        let fixed_rotation = (sweep.angle_start == sweep.angle_end).then(|| {
            let rotation = Rot::from_angle(sweep.angle_start);
            (rotation.cos.to_f64(), rotation.sin.to_f64())
        });
        Self {
            core: shape.local_core(),
            radius: Support::radius(shape).to_f64(),
            local_center: to_p(sweep.local_center),
            centers: [relative(sweep.center_start), relative(sweep.center_end)],
            angles: [sweep.angle_start.to_f64(), sweep.angle_end.to_f64()],
            fixed_rotation,
        }
    }

    /// The shape at fraction `t`.
    fn at(&self, t: f64) -> OracleShape {
        let (cos, sin) = self.fixed_rotation.unwrap_or_else(|| {
            let (sin, cos) = (self.angles[0] + t * (self.angles[1] - self.angles[0])).sin_cos();
            (cos, sin)
        });
        let [c0, c1] = self.centers;
        let center = [c0[0] + t * (c1[0] - c0[0]), c0[1] + t * (c1[1] - c0[1])];
        let l = self.local_center;
        let translation = [
            center[0] - (cos * l[0] - sin * l[1]),
            center[1] - (sin * l[0] + cos * l[1]),
        ];
        OracleShape::new(transform(&self.core, translation, cos, sin), self.radius)
    }
}

pub(super) fn exact_gap(a: &ExactSweep, b: &ExactSweep, t: f64) -> Exact {
    gjk_oracle::distance(&a.at(t), &b.at(t))
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

/// The required floors are 2e-5 L (f32) and 1e-9 L (f64) in position error; measured
/// errors are given with the property tests below.
const F32: Bars = Bars {
    position: 2e-5,
    band: 2e-5,
};
const F64: Bars = Bars {
    position: 1e-9,
    band: 1e-9,
};

/// B's motion relative to the line between the shapes: `toward` times the offset from
/// B to A plus `aside` times its perpendicular (in units of the pair's reach), and
/// the turns of A and B over the step.
#[derive(Clone, Copy, Debug)]
struct Motion {
    toward: f64,
    aside: f64,
    target_separation: f64,
    turns: [f64; 2],
    /// A's centre of rotation, in units of its extent.
    center_a: P,
}

fn translation() -> impl Strategy<Value = Motion> {
    let toward = prop_oneof![4 => 0.3..3.0, 1 => -1.0..0.3];
    let aside = prop_oneof![2 => Just(0.0), 3 => -1.0..1.0_f64];
    let target = prop_oneof![3 => Just(0.0), 1 => 0.0..0.2_f64];
    (toward, aside, target).prop_map(|(toward, aside, target_separation)| Motion {
        toward,
        aside,
        target_separation,
        turns: [0.0, 0.0],
        center_a: [0.0, 0.0],
    })
}

fn rotation() -> impl Strategy<Value = Motion> {
    let turn = prop_oneof![1 => Just(0.0), 4 => -7.0..7.0_f64];
    (
        translation(),
        turn.clone(),
        turn,
        [-0.5..0.5_f64, -0.5..0.5_f64],
    )
        .prop_map(|(motion, turn_a, turn_b, center_a)| Motion {
            turns: [turn_a, turn_b],
            center_a,
            ..motion
        })
}

/// Everything about one case: the kernel's sweeps and the oracle's view of them.
struct SweepCase<S: Scalar> {
    scene: Scene<S>,
    sweep_a: Sweep<S>,
    sweep_b: Sweep<S>,
    exact_a: ExactSweep,
    exact_b: ExactSweep,
    target: S,
    /// `L`: the largest extent, starting distance or motion length.
    length: f64,
    /// The pair's size as the kernel's tolerance sees it (reaches about the centres of
    /// rotation, radii included, with the 9 % its bound may add).
    size: f64,
    /// An upper bound of the speed of any point of B relative to A.
    speed: f64,
}

impl<S: Scalar> SweepCase<S> {
    fn new(case: &Case, motion: Motion) -> Result<Self, TestCaseError> {
        let scene = Scene::<S>::new(case)?;
        let [angle_a, angle_b] = case.placement.angles;
        let from_b_to_a = [
            scene.xf_a.translation.x.to_f64() - scene.xf_b.translation.x.to_f64(),
            scene.xf_a.translation.y.to_f64() - scene.xf_b.translation.y.to_f64(),
        ];
        let reach = scene.a.extent() + scene.b.extent();
        let aside = [-from_b_to_a[1], from_b_to_a[0]];
        let norm = aside[0].hypot(aside[1]).max(f64::MIN_POSITIVE);
        let m = [
            motion.toward * from_b_to_a[0] + motion.aside * reach * aside[0] / norm,
            motion.toward * from_b_to_a[1] + motion.aside * reach * aside[1] / norm,
        ];
        // A turns about `center_a` (in units of its extent), placed so that A starts
        // where the scene put it.
        let local_center = v::<S>(
            motion.center_a[0] * scene.a.extent(),
            motion.center_a[1] * scene.a.extent(),
        );
        let start_a = scene.xf_a.transform_point(local_center);
        let angle_a = S::from_f64(angle_a);
        let angle_b = S::from_f64(angle_b);
        let sweep_a = Sweep::new(
            local_center,
            start_a,
            start_a,
            angle_a,
            angle_a + S::from_f64(motion.turns[0]),
        );
        let start_b = scene.xf_b.translation;
        let sweep_b = Sweep::new(
            Vec2::ZERO,
            start_b,
            start_b + v(m[0], m[1]),
            angle_b,
            angle_b + S::from_f64(motion.turns[1]),
        );
        let origin = to_p(sweep_a.center_start);
        let exact_a = ExactSweep::new(&scene.a, sweep_a, origin);
        let exact_b = ExactSweep::new(&scene.b, sweep_b, origin);
        let motion_length = to_p(sweep_b.translation())[0].hypot(to_p(sweep_b.translation())[1]);
        let target = S::from_f64(motion.target_separation * scene.a.extent().max(scene.b.extent()));
        let reach_a = scene.a.extent() + local_center.length().to_f64();
        let length = scene.length.max(motion_length);
        Ok(Self {
            sweep_a,
            sweep_b,
            exact_a,
            exact_b,
            target,
            length,
            size: (reach_a + scene.b.extent()) * 1.09,
            speed: motion_length
                + motion.turns[0].abs() * reach_a
                + motion.turns[1].abs() * scene.b.extent(),
            scene,
        })
    }

    fn run(&self) -> ToiOutput<S> {
        let config = ToiConfig {
            target_separation: self.target,
            ..ToiConfig::default()
        };
        time_of_impact_with(
            &self.scene.a,
            self.sweep_a,
            &self.scene.b,
            self.sweep_b,
            S::ONE,
            config,
        )
    }

    fn gap(&self, t: f64) -> f64 {
        exact_gap(&self.exact_a, &self.exact_b, t).signed() - self.target.to_f64()
    }

    /// The kernel's tolerance, absolute: relative to the size, plus four roundings of
    /// the fraction's worth of travel.
    fn tolerance(&self) -> f64 {
        let relative = ToiConfig::<S>::default().tolerance.to_f64();
        relative * self.size + 4.0 * S::EPS.to_f64() * self.speed * 1.09
    }

    /// The closest approach `(t, gap)` over `[0, 1]` of a pure translation.
    fn closest_approach(&self) -> (f64, f64) {
        // (2/3)^70 = 5e-13 of the step: far below the bars.
        convex_minimum(|t| self.gap(t), 0.0, 1.0, 70)
    }

    /// The first `t` in `[0, before]` with a gap of at most zero, given a positive gap
    /// at 0 and none at `before`.
    fn first_contact(&self, before: f64) -> f64 {
        // 2^-60 = 9e-19 of the step.
        first_crossing(|t| self.gap(t) <= 0.0, before, 60)
    }
}

/// A pure translation against the oracle's bisection.
fn translation_case<S: Scalar>(
    case: &Case,
    motion: Motion,
    bars: Bars,
) -> Result<(), TestCaseError> {
    let sweep = SweepCase::<S>::new(case, motion)?;
    let out = sweep.run();
    let length = sweep.length;
    let band = bars.band * length;
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
    let (approach_t, approach_gap) = sweep.closest_approach();
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
        "gap {:e} at the hit {:?}",
        at_hit,
        out
    );
    prop_assert!(
        t <= approach_t,
        "hit {} past the closest approach {}",
        t,
        approach_t
    );
    let t0 = sweep.first_contact(approach_t);
    let speed = sweep.speed;
    let step = (1e-4 * t0).max(1e-12);
    let rate = (sweep.gap((t0 - step).max(0.0)) - sweep.gap(t0)) / step;
    if rate >= 0.1 * speed {
        let error = (t - t0).abs() * speed / length;
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

/// A rotating sweep: the exact gap at a hit is within the tolerance, and no sample
/// before it (or of the whole step when separated) overlaps beyond the band.
fn rotation_case<S: Scalar>(case: &Case, motion: Motion, bars: Bars) -> Result<(), TestCaseError> {
    let sweep = SweepCase::<S>::new(case, motion)?;
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
            "gap {:e} at the hit {:?}",
            at_hit,
            out
        );
    }
    for k in 0..200 {
        let t = end * f64::from(k) / 200.0;
        let gap = sweep.gap(t);
        prop_assert!(gap > -band, "gap {:e} at {} before {:?}", gap, t, out);
    }
    Ok(())
}

/// Oracle evaluations are slow for ellipses (each one samples the boundary): fewer
/// cases there.
const CASES: u32 = 256;
const ELLIPSE_CASES: u32 = 24;

proptest! {
    #![proptest_config(config(CASES))]

    #[test]
    fn f32_polytope_translations_match_oracle(case in case(polytope(), polytope()), motion in translation()) {
        translation_case::<f32>(&case, motion, F32)?;
    }

    #[test]
    fn f64_polytope_translations_match_oracle(case in case(polytope(), polytope()), motion in translation()) {
        translation_case::<f64>(&case, motion, F64)?;
    }

    #[test]
    fn f32_rounded_translations_match_oracle(case in case(rounded(), any_shape()), motion in translation()) {
        translation_case::<f32>(&case, motion, F32)?;
    }

    #[test]
    fn f64_rounded_translations_match_oracle(case in case(rounded(), polytope()), motion in translation()) {
        translation_case::<f64>(&case, motion, F64)?;
    }

    #[test]
    fn f32_polytope_rotations_never_pass_through(case in case(polytope(), polytope()), motion in rotation()) {
        rotation_case::<f32>(&case, motion, F32)?;
    }

    #[test]
    fn f64_polytope_rotations_never_pass_through(case in case(polytope(), polytope()), motion in rotation()) {
        rotation_case::<f64>(&case, motion, F64)?;
    }

    #[test]
    fn f32_rounded_rotations_never_pass_through(case in case(rounded(), polytope()), motion in rotation()) {
        rotation_case::<f32>(&case, motion, F32)?;
    }

    #[test]
    fn f64_rounded_rotations_never_pass_through(case in case(rounded(), polytope()), motion in rotation()) {
        rotation_case::<f64>(&case, motion, F64)?;
    }
}

proptest! {
    #![proptest_config(config(ELLIPSE_CASES))]

    #[test]
    fn f32_ellipse_translations_match_oracle(case in case(ellipse(), any_shape()), motion in translation()) {
        translation_case::<f32>(&case, motion, F32)?;
    }

    #[test]
    fn f64_ellipse_translations_match_oracle(case in case(ellipse(), any_shape()), motion in translation()) {
        translation_case::<f64>(&case, motion, F64)?;
    }

    #[test]
    fn f32_ellipse_rotations_never_pass_through(case in case(ellipse(), any_shape()), motion in rotation()) {
        rotation_case::<f32>(&case, motion, F32)?;
    }

    #[test]
    fn f64_ellipse_rotations_never_pass_through(case in case(ellipse(), any_shape()), motion in rotation()) {
        rotation_case::<f64>(&case, motion, F64)?;
    }
}
