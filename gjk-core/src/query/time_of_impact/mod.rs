//! `time_of_impact`: the first fraction of a step at which two bodies that translate
//! and rotate come within a target separation of each other, in the plane and in
//! space.
//!
//! Conservative advancement after Box2D's `b2TimeOfImpact`, with its root finder
//! replaced by steps to the first root of a certified lower bound:
//!
//! ```text
//! t = 0
//! loop, at most max_iterations times:
//!     d = distance at t (GJK, warm-started from the previous iteration)
//!     t = 0 and the shapes overlap or d < target  -> Overlapped
//!     d <= target + tolerance / 8                  -> Hit at t
//!     pick a separating axis from the GJK simplex:
//!         a face of A's core (two vertices in the plane; in space three, or two
//!             against one of B): the axis turns with A
//!         a face of B's core: the axis turns with B
//!         otherwise (vertex pairs, edge pairs, curved shapes): the normal, fixed in
//!             the world
//!     s(u) = gap between the support lines (planes) of the two shapes along the
//!            axis at u, from the support functions at the swept transforms
//!     march u from t, at most ROOT_ITERATIONS steps, each to the first root of a
//!            lower bound s(u) + slope h - curvature h^2 / 2 of s(u + h), the longest
//!            of those certified: from the shapes' reaches, from the support lines
//!            (planes) at u and at a trial end, in space also from the reach balls
//!         no root before t_max                     -> Separated
//!         s(u) <= target + tolerance / 8           -> t = u, next iteration
//! out of iterations or progress: Hit at the last t where d <= target + tolerance,
//!     Failed at t (clear before t) if there is none
//! ```
//!
//! Departures from Box2D, and why:
//! - Box2D finds the deepest vertex pair at the end of the step, then a root of the
//!   separation of that pair by a secant/bisection mix. When the bodies turn fast the
//!   separation along an axis goes up and down several times in a step; a bracketing
//!   root finder returns *a* crossing, not necessarily the first, and a body that
//!   comes back out on the same side by the end of the step is reported `Separated`
//!   (tunnelling). Here every step is bounded by how fast the separation can possibly
//!   fall, so the first crossing is never skipped, whatever the rotation.
//! - Smooth shapes (ellipses) have no vertices to name: the separation is evaluated
//!   with support functions along the axis at every time, never with stored vertices.
//! - No slop: the default target is first touch and the tolerance a few rounding
//!   errors of the distance (see [`ToiConfig`]), not Box2D's quarter of a linear slop.
//! - Each step is certified by the longest of the lower bounds: one from how far each
//!   shape reaches from its centre of rotation (valid for any shape, but it assumes
//!   the worst of the points it does not see) and one from each shape's support lines
//!   (planes in space) at both ends of a trial step, exact when the support points
//!   stay the same (then the step is a Newton step with a safety margin and the march
//!   converges quadratically). Pure translations are linear in time and land on the
//!   root in one step. Each dimension writes its bounds in its folder
//!   (`dim2/separation.rs`, `dim3/separation.rs`); the march is `march.rs`.

mod march;

pub(crate) use march::{
    AxisSeparation, March, Model, Sample, certified_step, march, step_within, trial_span,
};

use crate::kernel::rescale::{Scaled, factor_for};
use crate::kernel::{Core, CoreOf};
use crate::space::sealed::SweepMotion;
use crate::{DistanceStatus, Scalar, SimplexCache, Space, Support, distance_cached};

/// Parameters of [`time_of_impact_with`].
///
/// ```
/// use gjk_core::ToiConfig;
/// let config = ToiConfig::<f32> { target_separation: 0.01, ..ToiConfig::default() };
/// assert_eq!(config.max_iterations, ToiConfig::<f32>::default().max_iterations);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ToiConfig<S> {
    /// The gap between the rounded surfaces that counts as impact. Zero (the default)
    /// is first touch. A physics engine that wants bodies to stop just short of each
    /// other sets a small positive value (Box2D uses a linear slop of 5 mm). Must be
    /// finite and not negative.
    pub target_separation: S,
    /// How close to the target the gap must come to count as a hit, as a fraction of
    /// the pair's size `L` (the sum of the two shapes' reaches from their centres of
    /// rotation, radii included). The hit is reported at a fraction where the gap is
    /// within `tolerance * L + 4 eps T` of the target, and the shapes are kept further
    /// apart than the target before it; `T` is how far a point of one body can travel
    /// relative to the other over `[0, t_max]`, and `eps T` what one rounding of the
    /// fraction moves the shapes by, below which no gap can be resolved. Must be finite
    /// and positive.
    ///
    /// Default: `8 * Scalar::GJK_RELATIVE_GAP`, i.e. 7.6e-6 in f32 and 1.1e-13 in f64.
    /// The gap is compared with the GJK distance, which is exact to about
    /// `GJK_RELATIVE_GAP * L` on curved shapes and a few epsilons of `L` on polytopes
    /// (the oracle tests of gjk-shapes measured 1.5e-6 L in f32 and 2.3e-14 L in f64);
    /// a tolerance below that noise could never be met. Eight times the gap keeps a
    /// margin of at least four over the measured noise in both types while staying well
    /// inside the accuracy the crate promises for sweeps (2e-5 L in f32, 1e-9 L in f64).
    pub tolerance: S,
    /// Cap on the outer iterations (distance queries). Reached, the query returns
    /// [`ToiStatus::Hit`] at the last fraction where the gap was measured within the
    /// tolerance, or [`ToiStatus::Failed`] with the last fraction known to be clear.
    ///
    /// Default 64. Each outer iteration marches to the root of the separation along its
    /// axis, so a query takes one distance query more than the number of axes it needs.
    /// Measured on the sweeps of gjk-shapes' `time_of_impact::oracle` tests (4000 per
    /// class): pure translations 1.6 to 2.1 on average and at most 9; bodies turning by
    /// up to a turn and a bit per step 1.8 to 3.0 on average and at most 22 (elongated
    /// ellipses). The cap leaves room above that for slivers and grazing contacts,
    /// which converge slowest.
    pub max_iterations: u32,
}

impl<S: Scalar> Default for ToiConfig<S> {
    fn default() -> Self {
        Self {
            target_separation: S::ZERO,
            tolerance: S::GJK_RELATIVE_GAP * S::from_f64(8.0),
            max_iterations: 64,
        }
    }
}

/// What [`time_of_impact`] found.
///
/// ```
/// use gjk_core::{time_of_impact, Sweep, ToiStatus, Transform, Vec2};
/// use gjk_shapes::Circle;
///
/// // A unit disc moving 10 to the right towards one resting 4 away: they touch after
/// // 2 of the 10, a fifth of the step.
/// let disc = Circle::new(Vec2::ZERO, 1.0_f64)?;
/// let moving = Sweep::linear(Transform::IDENTITY, Vec2::new(10.0, 0.0));
/// let resting = Sweep::linear(Transform::from_translation(Vec2::new(4.0, 0.0)), Vec2::ZERO);
/// let out = time_of_impact(&disc, moving, &disc, resting, 1.0);
/// assert_eq!(out.status, ToiStatus::Hit);
/// assert!((out.fraction - 0.2).abs() < 1e-3);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ToiStatus {
    /// The gap reaches the target (within the tolerance) at `fraction`, and is larger
    /// than the target at every earlier fraction.
    Hit,
    /// The gap stays above the target up to `t_max`; `fraction` is `t_max`.
    Separated,
    /// The shapes start overlapping, touching or closer than the target; `fraction`
    /// is zero.
    Overlapped,
    /// The iteration cap was reached, or rounding made the answer uncertain; the shapes
    /// are known to stay apart (beyond the target) up to `fraction`, a lower bound of
    /// the time of impact.
    Failed,
    /// An input was NaN or infinite, a radius or `target_separation` negative, the
    /// tolerance not positive or `t_max` negative; `fraction` is NaN.
    InvalidInput,
}

/// The result of [`time_of_impact`] and [`time_of_impact_with`].
///
/// ```
/// use gjk_core::{time_of_impact, Sweep, ToiStatus, Transform, Vec2};
/// use gjk_shapes::Circle;
///
/// // A unit disc moving 10 to the right towards one resting 4 away: they touch after
/// // 2 of the 10, a fifth of the step.
/// let disc = Circle::new(Vec2::ZERO, 1.0_f64)?;
/// let moving = Sweep::linear(Transform::IDENTITY, Vec2::new(10.0, 0.0));
/// let resting = Sweep::linear(Transform::from_translation(Vec2::new(4.0, 0.0)), Vec2::ZERO);
/// let out = time_of_impact(&disc, moving, &disc, resting, 1.0);
/// assert_eq!(out.status, ToiStatus::Hit);
/// assert!((out.fraction - 0.2).abs() < 1e-3);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[must_use]
pub struct ToiOutput<S> {
    /// What the query found.
    pub status: ToiStatus,
    /// The fraction of the step at impact (see [`ToiStatus`] for each status).
    pub fraction: S,
    /// Outer iterations: distance queries.
    pub iterations: u32,
}

impl<S: Scalar> ToiOutput<S> {
    fn new(status: ToiStatus, fraction: S, iterations: u32) -> Self {
        Self {
            status,
            fraction,
            iterations,
        }
    }
}

/// The first fraction of the step at which two swept shapes touch, with the default
/// [`ToiConfig`] (first touch, tolerance a few rounding errors of the distance).
///
/// `sweep_a` and `sweep_b` describe both bodies' motion over fractions `[0, 1]`
/// (translation and rotation, see [`Sweep`](crate::Sweep) in the plane and
/// [`Sweep3`](crate::Sweep3) in space); the query looks at `[0, t_max]`.
/// Fractions beyond 1 extend the motion at the same rates. See [`time_of_impact_with`]
/// for the algorithm and [`ToiStatus`] for the outcomes.
///
/// Unlike a linear [`shape_cast`](crate::shape_cast), the bodies may turn, by any
/// amount: a thin bar spinning several turns in a step does not tunnel through a thin
/// wall.
///
/// ```
/// use gjk_core::{time_of_impact, Sweep, ToiStatus, Transform, Vec2};
/// use gjk_shapes::Rect;
///
/// // Squares of half-width 1; B starts 4 to the right of A and moves 4 to the left
/// // while turning a quarter.
/// let square = Rect::new(Vec2::new(1.0_f32, 1.0))?;
/// let sweep_a = Sweep::fixed(Transform::IDENTITY);
/// let sweep_b = Sweep::new(Vec2::ZERO, Vec2::new(4.0, 0.0), Vec2::ZERO, 0.0, core::f32::consts::FRAC_PI_2);
/// let out = time_of_impact(&square, sweep_a, &square, sweep_b, 1.0);
/// assert_eq!(out.status, ToiStatus::Hit);
/// // Not turning, B would touch at 0.5; turned, its corner reaches out further.
/// assert!(out.fraction > 0.2 && out.fraction < 0.5);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
///
/// In space the sweeps are [`Sweep3`](crate::Sweep3)s: a unit cube falling 4 onto a
/// slab while it turns half a turn about a horizontal axis.
///
/// ```
/// use gjk_core::{time_of_impact, Quat, Sweep3, ToiStatus, Transform3, Vec3};
/// use gjk_shapes::Cuboid;
///
/// let slab = Cuboid::new(Vec3::new(10.0_f64, 10.0, 0.5))?;
/// let cube = Cuboid::new(Vec3::new(0.5, 0.5, 0.5))?;
/// let resting = Sweep3::fixed(Transform3::IDENTITY);
/// let half_turn = Vec3::new(core::f64::consts::PI, 0.0, 0.0);
/// let falling = Sweep3::new(Vec3::ZERO, Vec3::new(0.0, 0.0, 3.0), Vec3::new(0.0, 0.0, -1.0), Quat::IDENTITY, half_turn);
/// let out = time_of_impact(&slab, resting, &cube, falling, 1.0);
/// assert_eq!(out.status, ToiStatus::Hit);
/// // Faces meet at 0.5 without turning; the turning cube's edge reaches down first.
/// assert!(out.fraction < 0.5);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
pub fn time_of_impact<S, V, A, B>(
    a: &A,
    sweep_a: V::Sweep,
    b: &B,
    sweep_b: V::Sweep,
    t_max: S,
) -> ToiOutput<S>
where
    S: Scalar,
    V: Space<Scalar = S>,
    A: Support<S, V> + ?Sized,
    B: Support<S, V> + ?Sized,
{
    time_of_impact_with(a, sweep_a, b, sweep_b, t_max, ToiConfig::default())
}

/// [`time_of_impact`] with an explicit target separation, tolerance and iteration
/// cap.
///
/// The result is certified up to rounding: at every fraction before the reported one
/// the gap between the rounded surfaces is larger than the target, and at a
/// [`Hit`](ToiStatus::Hit) it is within the tolerance of it (see
/// [`ToiConfig::tolerance`]). No loop is unbounded: the outer loop is capped by
/// `config.max_iterations`, each march along an axis by a fixed cap.
///
/// ```
/// use gjk_core::{time_of_impact_with, FeatureId, Support, SupportPoint, Sweep, ToiConfig, ToiStatus, Transform, Vec2};
///
/// /// A disc of radius 1: a point core with a radius.
/// struct Ball;
/// impl Support<f64> for Ball {
///     fn support(&self, _d: Vec2<f64>) -> SupportPoint<f64> {
///         SupportPoint::new(Vec2::ZERO, FeatureId::vertex(0))
///     }
///     fn radius(&self) -> f64 { 1.0 }
/// }
///
/// // Two balls 10 apart close in at 8 per step: they touch at 1/1, and come within 0.5
/// // of each other at 7.5 / 8.
/// let a = Sweep::linear(Transform::IDENTITY, Vec2::new(4.0, 0.0));
/// let b = Sweep::linear(Transform::from_translation(Vec2::new(10.0, 0.0)), Vec2::new(-4.0, 0.0));
/// let config = ToiConfig { target_separation: 0.5, ..ToiConfig::default() };
/// let out = time_of_impact_with(&Ball, a, &Ball, b, 1.0, config);
/// assert_eq!(out.status, ToiStatus::Hit);
/// assert!((out.fraction - 7.5 / 8.0).abs() < 1e-12);
/// ```
pub fn time_of_impact_with<S, V, A, B>(
    a: &A,
    sweep_a: V::Sweep,
    b: &B,
    sweep_b: V::Sweep,
    t_max: S,
    config: ToiConfig<S>,
) -> ToiOutput<S>
where
    S: Scalar,
    V: Space<Scalar = S>,
    A: Support<S, V> + ?Sized,
    B: Support<S, V> + ?Sized,
{
    let invalid = |iterations| ToiOutput::new(ToiStatus::InvalidInput, S::nan(), iterations);
    let target = config.target_separation;
    // Written so that NaN fails every comparison.
    let usable_input = sweep_a.is_valid()
        && sweep_b.is_valid()
        && t_max >= S::ZERO
        && t_max.is_finite()
        && target >= S::ZERO
        && target.is_finite()
        && config.tolerance > S::ZERO
        && config.tolerance.is_finite()
        && usable_radius(a.radius())
        && usable_radius(b.radius());
    if !usable_input {
        return invalid(0);
    }
    // Shift the scene so that A's centre starts at the origin: a rigid motion of both
    // bodies, which changes no distance, and keeps the transforms at every fraction
    // as precise as the bodies' offset and motion, however far from the origin they
    // are.
    let origin = sweep_a.center_start();
    let (sweep_a, sweep_b) = (
        sweep_a.rebased(origin, S::ONE),
        sweep_b.rebased(origin, S::ONE),
    );
    let body_a = Body::new(a, sweep_a);
    let body_b = Body::new(b, sweep_b);
    let offset = sweep_b.center_start() - sweep_a.center_start();
    let velocity = sweep_b.translation() - sweep_a.translation();
    // Known before the loop: a pair whose sizes, offset and motion lie outside the
    // window runs scaled by a power of two from the start (see `rescale.rs`), where its
    // distances and their squares keep their digits.
    let lengths = [body_a.extent, body_b.extent, a.radius(), b.radius()];
    let motion = offset.coordinates().into_iter().chain(
        velocity
            .coordinates()
            .into_iter()
            .map(|coordinate| coordinate * t_max),
    );
    if let Some(factor) = factor_for(lengths.into_iter().chain(motion)) {
        return rescaled(
            &CoreOf::<_, true>(a),
            sweep_a,
            &CoreOf::<_, true>(b),
            sweep_b,
            t_max,
            config,
            factor,
        );
    }
    let Some(scale) = Scale::new(&body_a, &body_b, offset, velocity, t_max) else {
        return invalid(0);
    };
    // One rounding of the fraction moves the shapes by up to `eps * travel`, and the
    // transforms at a fraction are rounded as much: no gap finer than a few of those
    // can be aimed at, whatever the tolerance.
    let resolution = S::from_f64(4.0) * S::EPS * scale.travel;
    let tolerance = config.tolerance * scale.size + resolution;
    // The marches aim at the target itself, and the loop goes on until the gap is
    // within an eighth of the tolerance; the full tolerance is the band in which a hit
    // is accepted when rounding keeps the gap from getting any closer. Stopping at the
    // first gap inside the band would leave the fraction short by up to
    // `tolerance / closing speed`. Polytopes land on the target in one march; curved
    // shapes converge quadratically and pay about one more distance query.
    let aim = config.tolerance * scale.size / S::from_f64(8.0) + resolution;

    let mut cache = SimplexCache::<S, V>::new();
    let mut fraction = S::ZERO;
    let mut iterations = 0;
    // The latest fraction at which the gap was measured within the tolerance.
    let mut acceptable = None;
    let give_up = |acceptable: Option<S>, fraction: S, iterations: u32| match acceptable {
        Some(hit) => ToiOutput::new(ToiStatus::Hit, hit, iterations),
        None => ToiOutput::new(ToiStatus::Failed, fraction, iterations),
    };
    loop {
        if iterations >= config.max_iterations {
            return give_up(acceptable, fraction, iterations);
        }
        iterations += 1;
        let xf_a = sweep_a.transform_at(fraction);
        let xf_b = sweep_b.transform_at(fraction);
        let out = distance_cached(a, xf_a, b, xf_b, &mut cache);
        if out.status == DistanceStatus::InvalidInput {
            return invalid(iterations);
        }
        let gap = out.distance - target;
        let overlapping = out.status == DistanceStatus::Overlapping;
        if fraction == S::ZERO && (overlapping || gap < S::ZERO) {
            return ToiOutput::new(ToiStatus::Overlapped, S::ZERO, iterations);
        }
        // The marches never step past a root of a lower bound of the gap, so it cannot
        // be clearly below the target here unless rounding misled them.
        if gap < -tolerance {
            return give_up(acceptable, fraction, iterations);
        }
        // `distance` is an upper bound even when GJK hit its cap, so a small gap is a
        // sure hit.
        if gap <= aim {
            return ToiOutput::new(ToiStatus::Hit, fraction, iterations);
        }
        if gap <= tolerance {
            acceptable = Some(fraction);
        }

        let march = V::march_to_target(
            &body_a,
            &body_b,
            [xf_a, xf_b],
            &cache,
            out.normal,
            [fraction, t_max],
            [target, aim],
        );
        match march {
            // Never within the aim again; a gap already within the tolerance is the
            // closest the shapes come.
            March::Clear => {
                return match acceptable {
                    Some(hit) => ToiOutput::new(ToiStatus::Hit, hit, iterations),
                    None => ToiOutput::new(ToiStatus::Separated, t_max, iterations),
                };
            }
            March::Invalid => return invalid(iterations),
            // The axis puts the gap within the aim where the distance does not: rounding
            // (or GJK at its cap) leaves no progress to make along it.
            March::Reached(next) if next == fraction => {
                return give_up(acceptable, fraction, iterations);
            }
            March::Reached(next) | March::Capped(next) => fraction = next,
        }
    }
}

/// The query on the shapes, sweeps and target scaled by `factor` (the fraction is the
/// same at every scale).
///
/// On `Core` shapes, so the body is generated once per scalar type, off the hot path:
/// out of line on hosted targets, inlined in the compact form (where the queries run on
/// `Core` shapes anyway).
#[cold]
#[cfg_attr(not(gjk_compact), inline(never))]
#[cfg_attr(gjk_compact, inline)]
fn rescaled<S: Scalar, V: Space<Scalar = S>>(
    a: &dyn Core<S, V>,
    sweep_a: V::Sweep,
    b: &dyn Core<S, V>,
    sweep_b: V::Sweep,
    t_max: S,
    config: ToiConfig<S>,
    factor: S,
) -> ToiOutput<S> {
    let config = ToiConfig {
        target_separation: config.target_separation * factor,
        ..config
    };
    time_of_impact_with(
        &CoreOf::<_, true>(&Scaled { shape: a, factor }) as &dyn Core<S, V>,
        sweep_a.rebased(V::ZERO, factor),
        &CoreOf::<_, true>(&Scaled { shape: b, factor }) as &dyn Core<S, V>,
        sweep_b.rebased(V::ZERO, factor),
        t_max,
        config,
    )
}

/// Whether a radius is finite and not negative (NaN fails).
fn usable_radius<S: Scalar>(radius: S) -> bool {
    radius >= S::ZERO && radius.is_finite()
}

/// The lengths the tolerance is measured against.
struct Scale<S> {
    /// The pair's size: the sum of the shapes' reaches from their centres of
    /// rotation, radii included. Two bare points have none; their largest separation
    /// over the step stands in.
    size: S,
    /// How far a point of B can move relative to A over `[0, t_max]`: `|v| t_max`
    /// plus each reach times its turn.
    travel: S,
}

impl<S: Scalar> Scale<S> {
    /// `None` if a support point was not finite.
    fn new<V, A, B>(
        a: &Body<'_, S, V, A>,
        b: &Body<'_, S, V, B>,
        offset: V,
        velocity: V,
        t_max: S,
    ) -> Option<Self>
    where
        V: Space<Scalar = S>,
        A: Support<S, V> + ?Sized,
        B: Support<S, V> + ?Sized,
    {
        let size = a.reach + a.shape.radius() + b.reach + b.shape.radius();
        let travel =
            (velocity.length() + a.sweep.turn_angle() * a.reach + b.sweep.turn_angle() * b.reach)
                * t_max;
        if !(size.is_finite() && travel.is_finite()) {
            return None;
        }
        // The norm of a linear function is convex: its maximum is at an end.
        let max_offset = offset.length().max((offset + velocity * t_max).length());
        let size = if size > S::ZERO {
            size
        } else {
            max_offset.max(S::EPS)
        };
        Some(Self { size, travel })
    }
}

/// A swept shape and the bound on its extent that the lower bounds need.
pub struct Body<'s, S, V: Space<Scalar = S>, T: ?Sized> {
    pub shape: &'s T,
    pub sweep: V::Sweep,
    /// An upper bound of `|p - local_center|` over the points `p` of the core.
    pub reach: S,
    /// The largest support height the reach was measured from, unsquared: the body's
    /// size where `reach`, a square root of squares, underflowed (see `rescale.rs`).
    pub extent: S,
}

impl<'s, S, V, T> Body<'s, S, V, T>
where
    S: Scalar,
    V: Space<Scalar = S>,
    T: Support<S, V> + ?Sized,
{
    pub(crate) fn new(shape: &'s T, sweep: V::Sweep) -> Self {
        let (reach, extent) = V::core_reach(shape, sweep.local_center());
        Self {
            shape,
            sweep,
            reach,
            extent,
        }
    }
}
