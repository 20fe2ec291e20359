//! `time_of_impact`: the first fraction of a step at which two bodies that translate
//! and rotate come within a target separation of each other.
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
//!         two vertices of A's core: a face of A, the axis turns with A
//!         two vertices of B's core: a face of B, the axis turns with B
//!         otherwise (vertex pairs, curved shapes): the normal, fixed in the world
//!     s(u) = gap between the support lines of the two shapes along the axis at u,
//!            from the support functions at the swept transforms
//!     march u from t, at most ROOT_ITERATIONS steps, each to the first root of a
//!            lower bound s(u) + slope h - curvature h^2 / 2 of s(u + h), the longer
//!            of two: one from the shapes' reaches, one from the wedges between the
//!            support lines at u and at a trial end
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
//! - Each step is certified by the longer of two lower bounds: one from how far each
//!   shape reaches from its centre of rotation (valid for any shape, but it assumes
//!   the worst of the points it does not see) and one from the wedge between each
//!   shape's support lines at both ends of a trial step, exact when the support points
//!   stay the same (then the step is a Newton step with a safety margin and the march
//!   converges quadratically). Pure translations are linear in time and land on the
//!   root in one step.

use crate::gjk::rescale::{Scaled, factor_for, largest_magnitude};
use crate::gjk::{Core, CoreOf};
use crate::{
    DistanceStatus, FeatureId, Rot, Scalar, SimplexCache, Support, Sweep, Transform, Vec2,
    distance_cached,
};

/// Cap on the steps of one march along one axis. A march that reaches it hands its
/// point, which is still known to be clear, back to the outer loop, which measures the
/// distance there and starts again along a fresh axis. Measured on the sweeps of
/// gjk-shapes' `toi_cases.rs` (4000 per class, 2026-11-21): without rotation every
/// march takes one or two steps (the separation is linear in time); turning by up to a
/// turn and a bit per step, about 1 % of the marches take more than 16 steps and the
/// longest reach the cap (bodies turning about far-off centres, elongated ellipses).
const ROOT_ITERATIONS: u32 = 64;

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
    /// Measured on the sweeps of gjk-shapes' `toi_cases.rs` (4000 per class,
    /// 2026-11-21): pure translations 1.6 to 2.1 on average and at most 9; bodies
    /// turning by up to a turn and a bit per step 1.8 to 3.0 on average and at most 22
    /// (elongated ellipses). The cap leaves room above that for slivers and grazing
    /// contacts, which converge slowest.
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
/// (translation and rotation, see [`Sweep`]); the query looks at `[0, t_max]`.
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
pub fn time_of_impact<S, A, B>(
    a: &A,
    sweep_a: Sweep<S>,
    b: &B,
    sweep_b: Sweep<S>,
    t_max: S,
) -> ToiOutput<S>
where
    S: Scalar,
    A: Support<S> + ?Sized,
    B: Support<S> + ?Sized,
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
pub fn time_of_impact_with<S, A, B>(
    a: &A,
    sweep_a: Sweep<S>,
    b: &B,
    sweep_b: Sweep<S>,
    t_max: S,
    config: ToiConfig<S>,
) -> ToiOutput<S>
where
    S: Scalar,
    A: Support<S> + ?Sized,
    B: Support<S> + ?Sized,
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
    let origin = sweep_a.center_start;
    let shift = |sweep: Sweep<S>| Sweep {
        center_start: sweep.center_start - origin,
        center_end: sweep.center_end - origin,
        ..sweep
    };
    let (sweep_a, sweep_b) = (shift(sweep_a), shift(sweep_b));
    let body_a = Body::new(a, sweep_a);
    let body_b = Body::new(b, sweep_b);
    let motion = Motion::new(&sweep_a, &sweep_b, t_max);
    // Known before the loop: a pair whose sizes, offset and motion lie outside the
    // window runs scaled by a power of two from the start (see `rescale.rs`), where its
    // distances and their squares keep their digits.
    let rescue = factor_for([
        body_a.extent,
        body_b.extent,
        a.radius(),
        b.radius(),
        motion.offset.x,
        motion.offset.y,
        motion.velocity.x * t_max,
        motion.velocity.y * t_max,
    ]);
    if let Some(factor) = rescue {
        return rescaled(
            &CoreOf(a),
            sweep_a,
            &CoreOf(b),
            sweep_b,
            t_max,
            config,
            factor,
        );
    }
    let Some(scale) = Scale::new(&body_a, &body_b, &motion, t_max) else {
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

    let mut cache = SimplexCache::new();
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

        let march = match axis_kind(a, xf_a, b, xf_b, &cache) {
            AxisKind::FaceA => {
                let axis = xf_a.rotation.inv_rotate(out.normal);
                Separation::turning_with_first(&body_a, &body_b, motion, axis)
                    .march(fraction, t_max, target, aim)
            }
            AxisKind::FaceB => {
                let axis = xf_b.rotation.inv_rotate(-out.normal);
                Separation::turning_with_first(&body_b, &body_a, motion.reversed(), axis)
                    .march(fraction, t_max, target, aim)
            }
            AxisKind::Points => Separation::fixed_in_world(&body_a, &body_b, motion, out.normal)
                .march(fraction, t_max, target, aim),
        };
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
fn rescaled<S: Scalar>(
    a: &dyn Core<S>,
    sweep_a: Sweep<S>,
    b: &dyn Core<S>,
    sweep_b: Sweep<S>,
    t_max: S,
    config: ToiConfig<S>,
    factor: S,
) -> ToiOutput<S> {
    let scale = |sweep: Sweep<S>| Sweep {
        local_center: sweep.local_center * factor,
        center_start: sweep.center_start * factor,
        center_end: sweep.center_end * factor,
        ..sweep
    };
    let config = ToiConfig {
        target_separation: config.target_separation * factor,
        ..config
    };
    time_of_impact_with(
        &CoreOf(&Scaled { shape: a, factor }) as &dyn Core<S>,
        scale(sweep_a),
        &CoreOf(&Scaled { shape: b, factor }) as &dyn Core<S>,
        scale(sweep_b),
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
    fn new<A, B>(
        a: &Body<'_, S, A>,
        b: &Body<'_, S, B>,
        motion: &Motion<S>,
        t_max: S,
    ) -> Option<Self>
    where
        A: Support<S> + ?Sized,
        B: Support<S> + ?Sized,
    {
        let size = a.reach + a.shape.radius() + b.reach + b.shape.radius();
        let travel = (motion.velocity.length()
            + motion.turn_first.abs() * a.reach
            + motion.turn_second.abs() * b.reach)
            * t_max;
        if !(size.is_finite() && travel.is_finite()) {
            return None;
        }
        let size = if size > S::ZERO {
            size
        } else {
            motion.max_offset.max(S::EPS)
        };
        Some(Self { size, travel })
    }
}

/// Which separating axis the GJK simplex calls for (Box2D's `b2SeparationFunction`
/// types).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum AxisKind {
    /// Two distinct vertices of A: the gap is measured from A's face, and the axis
    /// turns with A.
    FaceA,
    /// Two distinct vertices of B (and one of A).
    FaceB,
    /// A pair of points or curved features: the axis is the normal, fixed in the
    /// world.
    Points,
}

/// Reads the axis kind from the final simplex of the distance query (`xf_a`, `xf_b`
/// the transforms it ran at).
///
/// A face needs two distinct polytope vertices of one shape: smooth features never
/// form one (the support point of a curved shape moves with the direction), and two
/// feature ids naming the same point (a degenerate polygon) do not either. The points
/// are rebuilt from the cache as the warm start does: by feature id where the shape
/// can name its points, otherwise by support along the cached direction.
fn axis_kind<S, A, B>(
    a: &A,
    xf_a: Transform<S>,
    b: &B,
    xf_b: Transform<S>,
    cache: &SimplexCache<S>,
) -> AxisKind
where
    S: Scalar,
    A: Support<S> + ?Sized,
    B: Support<S> + ?Sized,
{
    let mut vertices = cache.vertices();
    let (Some(v0), Some(v1)) = (vertices.next(), vertices.next()) else {
        return AxisKind::Points;
    };
    let relative = xf_a.rotation.inv_mul(xf_b.rotation);
    let point_a = |feature: FeatureId, direction: Vec2<S>| {
        a.feature_point(feature)
            .unwrap_or_else(|| a.support(direction).point)
    };
    let point_b = |feature: FeatureId, direction: Vec2<S>| {
        b.feature_point(feature)
            .unwrap_or_else(|| b.support(relative.inv_rotate(-direction)).point)
    };
    let polytope_pair =
        |f0: FeatureId, f1: FeatureId| f0 != f1 && !f0.is_smooth() && !f1.is_smooth();
    if polytope_pair(v0.feature_a, v1.feature_a)
        && point_a(v0.feature_a, v0.direction) != point_a(v1.feature_a, v1.direction)
    {
        AxisKind::FaceA
    } else if polytope_pair(v0.feature_b, v1.feature_b)
        && point_b(v0.feature_b, v0.direction) != point_b(v1.feature_b, v1.direction)
    {
        AxisKind::FaceB
    } else {
        AxisKind::Points
    }
}

/// A swept shape and the bound on its extent that the lower bounds need.
struct Body<'s, S, T: ?Sized> {
    shape: &'s T,
    sweep: Sweep<S>,
    /// An upper bound of `|p - local_center|` over the points `p` of the core.
    reach: S,
    /// The largest support height `core_reach` measured, unsquared: the body's size
    /// where `reach`, a square root of squares, underflowed (see `rescale.rs`).
    extent: S,
}

impl<'s, S: Scalar, T: Support<S> + ?Sized> Body<'s, S, T> {
    fn new(shape: &'s T, sweep: Sweep<S>) -> Self {
        let (reach, extent) = core_reach(shape, sweep.local_center);
        Self {
            shape,
            reach,
            extent,
            sweep,
        }
    }

    /// The support point of the core about the centre of rotation along the world
    /// direction `direction` when the body is turned by `rotation`. Its support value
    /// `H = max over core points p of R (p - local_center) . n` is
    /// `lever . direction` (both in the body's frame).
    #[inline]
    fn supporting(&self, rotation: Rot<S>, direction: Vec2<S>) -> Supporting<S> {
        let local = rotation.inv_rotate(direction);
        Supporting {
            lever: self.shape.support(local).point - self.sweep.local_center,
            direction: local,
        }
    }

    /// The support value of the core about the centre of rotation along a direction
    /// in the shape's frame.
    #[inline]
    fn extent_along_local(&self, local: Vec2<S>) -> S {
        (self.shape.support(local).point - self.sweep.local_center).dot(local)
    }
}

/// An upper bound of the distance from `center` to the farthest point of the core: the
/// farthest vertex of the octagon cut out by the eight support lines along the axes and
/// diagonals.
///
/// Each support line touches the core, so the octagon contains it and every line
/// contributes an edge (possibly of zero length): the octagon's vertices are the
/// meeting points of neighbouring lines, and the farthest point of a convex polygon
/// from any point is a vertex. For lines `x.d1 = h1` and `x.d2 = h2` with `d2` turned
/// 45 degrees from `d1`, the meeting point is `h1 d1 + b perp(d1)` with
/// `b = (h2 - h1 cos 45) / sin 45 = sqrt(2) h2 - h1`. The bound is exact for boxes
/// and points, and within `1 / cos(22.5 deg) = 1.08` of the true reach otherwise.
///
/// Also the largest magnitude of the eight heights, a measure of size that does not
/// underflow.
fn core_reach<S: Scalar, T: Support<S> + ?Sized>(shape: &T, center: Vec2<S>) -> (S, S) {
    let half_sqrt_2 = S::from_f64(core::f64::consts::FRAC_1_SQRT_2);
    let sqrt_2 = S::from_f64(core::f64::consts::SQRT_2);
    let (one, zero) = (S::ONE, S::ZERO);
    let directions = [
        Vec2::new(one, zero),
        Vec2::new(half_sqrt_2, half_sqrt_2),
        Vec2::new(zero, one),
        Vec2::new(-half_sqrt_2, half_sqrt_2),
        Vec2::new(-one, zero),
        Vec2::new(-half_sqrt_2, -half_sqrt_2),
        Vec2::new(zero, -one),
        Vec2::new(half_sqrt_2, -half_sqrt_2),
    ];
    let heights = directions.map(|d| (shape.support(d).point - center).dot(d));
    let mut reach_squared = S::ZERO;
    for (k, &h1) in heights.iter().enumerate() {
        let h2 = heights.get((k + 1) % heights.len()).copied().unwrap_or(h1);
        let b = sqrt_2 * h2 - h1;
        // NaN-propagating maximum: a NaN support point must not be dropped here.
        let squared = h1 * h1 + b * b;
        if squared.is_nan() || squared > reach_squared {
            reach_squared = squared;
        }
    }
    // A few roundings above the exact value, so that the bound stays an upper bound.
    let reach = reach_squared.sqrt() * (S::ONE + S::from_f64(8.0) * S::EPS);
    (reach, largest_magnitude(heights))
}

/// The relative motion of the two centres of rotation and the turns of the bodies.
#[derive(Clone, Copy, Debug)]
struct Motion<S> {
    /// `c_second - c_first` at fraction 0.
    offset: Vec2<S>,
    /// How much the offset changes per unit fraction.
    velocity: Vec2<S>,
    /// Turn of the first and second body per unit fraction.
    turn_first: S,
    turn_second: S,
    /// `max |c_second - c_first|` over `[0, t_max]` (the norm of a linear function is
    /// convex: the maximum is at an end).
    max_offset: S,
}

impl<S: Scalar> Motion<S> {
    fn new(first: &Sweep<S>, second: &Sweep<S>, t_max: S) -> Self {
        let offset = second.center_start - first.center_start;
        let velocity = second.translation() - first.translation();
        let end = offset + velocity * t_max;
        Self {
            offset,
            velocity,
            turn_first: first.turn(),
            turn_second: second.turn(),
            max_offset: offset.length().max(end.length()),
        }
    }

    /// The same motion seen with the bodies' roles swapped.
    fn reversed(self) -> Self {
        Self {
            offset: -self.offset,
            velocity: -self.velocity,
            turn_first: self.turn_second,
            turn_second: self.turn_first,
            max_offset: self.max_offset,
        }
    }

    /// `c_second - c_first` at fraction `t`.
    #[inline]
    fn offset_at(&self, t: S) -> Vec2<S> {
        self.offset + self.velocity * t
    }
}

/// Where the separating axis lives.
#[derive(Clone, Copy, Debug)]
enum AxisFrame<S> {
    /// Fixed in the world: the unit axis from the first body towards the second.
    World(Vec2<S>),
    /// Fixed in the first body's frame (it turns with the body): the unit axis in that
    /// frame, and the constant support value of the first core along it.
    First { axis: Vec2<S>, extent: S },
}

/// The separation of two swept shapes along one axis, `s(t)`, and the lower bound of
/// it that makes each step safe.
///
/// The first body owns the axis when the axis turns with a face; for a face of B the
/// bodies are passed in swapped order, which changes nothing else: the separation is
/// symmetric.
struct Separation<'b, 's, S, P: ?Sized, Q: ?Sized> {
    first: &'b Body<'s, S, P>,
    second: &'b Body<'s, S, Q>,
    motion: Motion<S>,
    frame: AxisFrame<S>,
    /// Sum of the two radii.
    radius: S,
}

/// The separation at one fraction and the coefficients of its lower bound
/// `s(t + h) >= separation + slope h - curvature h^2 / 2` for `h >= 0`, with the
/// support points it was measured between.
#[derive(Clone, Copy, Debug)]
struct Sample<S> {
    separation: S,
    slope: S,
    curvature: S,
    /// The first body's support point (unused along a face of the first body, whose
    /// support value is constant).
    first: Supporting<S>,
    /// The second body's support point.
    second: Supporting<S>,
}

/// A body's support point along the axis at one fraction.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Supporting<S> {
    /// The support point about the centre of rotation, in the body's frame.
    lever: Vec2<S>,
    /// The unit direction it supports, in the body's frame.
    direction: Vec2<S>,
}

/// A lower bound `value + slope h - curvature h^2 / 2` of a separation `h` after the
/// fraction it was taken at.
#[derive(Clone, Copy, Debug)]
struct Model<S> {
    value: S,
    slope: S,
    curvature: S,
}

/// The apex of the wedge between the support lines of a body at two fractions: a
/// point (about the centre, in the body's frame) whose value along any direction
/// between the two support directions bounds the body's support value there.
///
/// The body lies in both half-planes `x . d_1 <= h_1` and `x . d_2 <= h_2`, so in the
/// wedge they cut out, whose support value along a direction between `d_1` and `d_2`
/// (less than half a turn apart) is that of its apex. The apex is the first support
/// point moved along its support line, `p_1 + lambda perp(d_1)`, until it reaches the
/// second line: `lambda = (p_2 - p_1) . d_2 / perp(d_1) . d_2`. Written from the
/// difference of the two support points, it is exact when they coincide (a polytope
/// vertex that stays the support) and close to them when they are near (curved
/// shapes), whatever the angle. On a support line that did not turn, the first point
/// serves.
fn wedge_apex<S: Scalar>(start: Supporting<S>, end: Supporting<S>) -> Vec2<S> {
    let turn = start.direction.perp().dot(end.direction);
    if start.lever == end.lever || turn == S::ZERO {
        return start.lever;
    }
    let along = (end.lever - start.lever).dot(end.direction) / turn;
    start.lever + start.direction.perp() * along
}

/// How a march along one axis ended.
#[derive(Clone, Copy, Debug, PartialEq)]
enum March<S> {
    /// The separation stays above the target up to `t_max`.
    Clear,
    /// The separation is within the aim of the target at this fraction; it is above the
    /// target before it.
    Reached(S),
    /// The step cap; the separation is above the target up to this fraction.
    Capped(S),
    /// A support point or a value was not finite.
    Invalid,
}

impl<'b, 's, S, P, Q> Separation<'b, 's, S, P, Q>
where
    S: Scalar,
    P: Support<S> + ?Sized,
    Q: Support<S> + ?Sized,
{
    /// Along a world-fixed unit axis from `first` towards `second`.
    fn fixed_in_world(
        first: &'b Body<'s, S, P>,
        second: &'b Body<'s, S, Q>,
        motion: Motion<S>,
        axis: Vec2<S>,
    ) -> Self {
        Self {
            first,
            second,
            motion,
            frame: AxisFrame::World(axis),
            radius: first.shape.radius() + second.shape.radius(),
        }
    }

    /// Along a unit axis fixed in `first`'s frame (the normal of one of its faces),
    /// pointing towards `second`.
    fn turning_with_first(
        first: &'b Body<'s, S, P>,
        second: &'b Body<'s, S, Q>,
        motion: Motion<S>,
        axis: Vec2<S>,
    ) -> Self {
        Self {
            first,
            second,
            motion,
            frame: AxisFrame::First {
                axis,
                extent: first.extent_along_local(axis),
            },
            radius: first.shape.radius() + second.shape.radius(),
        }
    }

    /// The rotations of both bodies at fraction `t` and the world axis there.
    #[inline]
    fn frame_at(&self, t: S) -> (Rot<S>, Rot<S>, Vec2<S>) {
        let rotation_first = Rot::from_angle(self.first.sweep.angle_at(t));
        let rotation_second = Rot::from_angle(self.second.sweep.angle_at(t));
        let normal = match self.frame {
            AxisFrame::World(axis) => axis,
            AxisFrame::First { axis, .. } => rotation_first.rotate(axis),
        };
        (rotation_first, rotation_second, normal)
    }

    /// Both bodies' support points along the axis at fraction `t` (the first body's
    /// along `n`, the second's along `-n`). Along a face of the first body its support
    /// value is the constant `H_1` and its support point is not asked for: the axis
    /// itself stands in, with a zero lever.
    #[inline]
    fn supports_at(&self, t: S) -> (Supporting<S>, Supporting<S>) {
        let (rotation_first, rotation_second, normal) = self.frame_at(t);
        let first = match self.frame {
            AxisFrame::World(_) => self.first.supporting(rotation_first, normal),
            AxisFrame::First { axis, .. } => Supporting {
                lever: Vec2::ZERO,
                direction: axis,
            },
        };
        (first, self.second.supporting(rotation_second, -normal))
    }

    /// The separation along the axis at fraction `t` and its lower bound.
    ///
    /// With `c` the centres of rotation, `H` the support value of each core about its
    /// centre (along `n` for the first body, `-n` for the second) and `r` the radii:
    ///
    /// `s(t) = (c_2 - c_1) . n - H_1 - H_2 - r_1 - r_2`.
    ///
    /// Every point of each shape lies behind its support line, so `s(t)` never exceeds
    /// the distance: the shapes cannot touch before `s` reaches the target.
    ///
    /// How fast `H` can grow while a body turns: every core point `p` (about the
    /// centre) has `|p| <= R` (the reach) and `p . n <= H`. Turned by `delta`, the best
    /// such point sits on the circle of radius `R` at the angle `phi` from `n` with
    /// `cos phi = H / R` and turns straight towards `n`, reaching `R cos(phi - delta)`
    /// (points on the chord `p . n = H` reach `H cos delta + R sin phi sin delta`, no
    /// more). Taylor's bound on the cosine gives
    ///
    /// `H(delta) <= H + sqrt(R^2 - H^2) |delta| + R delta^2 / 2`.
    ///
    /// World axis, turns `w_1`, `w_2` per unit fraction, `v` the rate of `c_2 - c_1`:
    /// the offset term is linear, so
    /// `slope = v . n - |w_1| sqrt(R_1^2 - H_1^2) - |w_2| sqrt(R_2^2 - H_2^2)` and
    /// `curvature = R_1 w_1^2 + R_2 w_2^2`.
    ///
    /// Axis turning with the first body, `n(t) = R_1(t) n_1`: `H_1` is constant, the
    /// second body turns at `w_2 - w_1` relative to the axis, and the offset term
    /// `f = (c_2 - c_1) . n` has `f' = v . n + w_1 (c_2 - c_1) . perp(n)` and
    /// `f'' = 2 w_1 v . perp(n) - w_1^2 (c_2 - c_1) . n`, so
    /// `slope = f' - |w_2 - w_1| sqrt(R_2^2 - H_2^2)` and
    /// `curvature = 2 |w_1| |v| + w_1^2 D + R_2 (w_2 - w_1)^2`, `D` bounding
    /// `|c_2 - c_1|` over the step.
    ///
    /// This bound holds for any shape but assumes the worst of the points it does not
    /// see; [`wedge_step`](Self::wedge_step) improves on it where the support points
    /// are known at both ends of a step.
    fn sample(&self, t: S) -> Sample<S> {
        let motion = &self.motion;
        let offset = motion.offset_at(t);
        let (first, second) = self.supports_at(t);
        let extent_second = second.lever.dot(second.direction);
        let lateral = |reach: S, extent: S| (reach * reach - extent * extent).max(S::ZERO).sqrt();
        let reach_2 = self.second.reach;
        match self.frame {
            AxisFrame::World(axis) => {
                let extent_first = first.lever.dot(first.direction);
                let (turn_1, turn_2) = (motion.turn_first, motion.turn_second);
                let reach_1 = self.first.reach;
                Sample {
                    separation: offset.dot(axis) - extent_first - extent_second - self.radius,
                    slope: motion.velocity.dot(axis)
                        - turn_1.abs() * lateral(reach_1, extent_first)
                        - turn_2.abs() * lateral(reach_2, extent_second),
                    curvature: reach_1 * turn_1 * turn_1 + reach_2 * turn_2 * turn_2,
                    first,
                    second,
                }
            }
            AxisFrame::First { axis, extent } => {
                let rotation_first = Rot::from_angle(self.first.sweep.angle_at(t));
                let normal = rotation_first.rotate(axis);
                let turn_1 = motion.turn_first;
                let relative_turn = motion.turn_second - turn_1;
                let offset_rate = motion.velocity.dot(normal) + turn_1 * offset.dot(normal.perp());
                Sample {
                    separation: offset.dot(normal) - extent - extent_second - self.radius,
                    slope: offset_rate - relative_turn.abs() * lateral(reach_2, extent_second),
                    curvature: S::TWO * turn_1.abs() * motion.velocity.length()
                        + turn_1 * turn_1 * motion.max_offset
                        + reach_2 * relative_turn * relative_turn,
                    first,
                    second,
                }
            }
        }
    }

    /// The separation along the axis of two points rigidly attached to the bodies
    /// (`lever_first`, `lever_second` about their centres, in their frames) taken as
    /// the support points, with its exact slope and a bound on its curvature, at
    /// fraction `t`.
    ///
    /// With `a_i = R_i(t) lever_i` and `q = (c_2 - c_1) + a_2 - a_1` (world axis) the
    /// value is `q . n - r`; `a_i' = w_i perp(a_i)` and `a_i'' = -w_i^2 a_i`, so
    /// `slope = (v + w_2 perp(a_2) - w_1 perp(a_1)) . n` and
    /// `|value''| <= w_1^2 |a_1| + w_2^2 |a_2|`.
    ///
    /// Axis turning with the first body: the first body's support value is the
    /// constant `H_1`, `q = (c_2 - c_1) + a_2` and `n' = w_1 perp(n)`, `n'' = -w_1^2 n`:
    /// `value = q . n - H_1 - r`, `slope = (v + w_2 perp(a_2)) . n + w_1 q . perp(n)`,
    /// and `value'' = q'' . n + 2 q' . n' + q . n''` gives
    /// `|value''| <= w_2^2 |a_2| + 2 |w_1| (|v| + |w_2| |a_2|) + w_1^2 (D + |a_2|)`.
    fn rigid_points(&self, t: S, lever_first: Vec2<S>, lever_second: Vec2<S>) -> Model<S> {
        let motion = &self.motion;
        let (turn_1, turn_2) = (motion.turn_first, motion.turn_second);
        let (rotation_first, rotation_second, normal) = self.frame_at(t);
        let arm_2 = rotation_second.rotate(lever_second);
        let arm_2_length = lever_second.length();
        match self.frame {
            AxisFrame::World(_) => {
                let arm_1 = rotation_first.rotate(lever_first);
                let q = motion.offset_at(t) + arm_2 - arm_1;
                let rate = motion.velocity + arm_2.perp() * turn_2 - arm_1.perp() * turn_1;
                Model {
                    value: q.dot(normal) - self.radius,
                    slope: rate.dot(normal),
                    curvature: turn_1 * turn_1 * lever_first.length()
                        + turn_2 * turn_2 * arm_2_length,
                }
            }
            AxisFrame::First { extent, .. } => {
                let q = motion.offset_at(t) + arm_2;
                let rate = motion.velocity + arm_2.perp() * turn_2;
                let speed = motion.velocity.length() + turn_2.abs() * arm_2_length;
                Model {
                    value: q.dot(normal) - extent - self.radius,
                    slope: rate.dot(normal) + turn_1 * q.dot(normal.perp()),
                    curvature: turn_2 * turn_2 * arm_2_length
                        + S::TWO * turn_1.abs() * speed
                        + turn_1 * turn_1 * (motion.max_offset + arm_2_length),
                }
            }
        }
    }

    /// How fast the support directions turn in the bodies' frames: both bodies'
    /// turns along a world axis; along a face of the first body, only the second's,
    /// relative to the first.
    fn support_turn_rate(&self) -> S {
        let motion = &self.motion;
        match self.frame {
            AxisFrame::World(_) => motion.turn_first.abs().max(motion.turn_second.abs()),
            AxisFrame::First { .. } => (motion.turn_second - motion.turn_first).abs(),
        }
    }

    /// A step from `t` certified by the wedges of the support lines at `t` and at a
    /// trial end, at most that long; zero if it certifies nothing.
    ///
    /// The trial end is half as far again as where the separation would reach the
    /// target if the support points at `t` stayed the support points (the root of
    /// their separation's lower bound), and at most `span_limit`. Over `[t, end]` each
    /// body's support value is bounded by the apex of the wedge between its support
    /// lines at `t` and at `end` ([`wedge_apex`]), so the separation is bounded below
    /// by that of the two apexes, a pair of rigid points with the exact slope and a
    /// curvature bound ([`rigid_points`](Self::rigid_points)). When the support points
    /// do not change over the step (a polytope vertex, or a curved shape over a short
    /// step) the apexes are the support points and the step is a Newton step with a
    /// safety margin: the march converges quadratically, where the reach-based bound
    /// of [`sample`](Self::sample) converges only geometrically on turning bodies.
    fn wedge_step(&self, t: S, sample: &Sample<S>, gap: S, target: S, span_limit: S) -> S {
        let held = self.rigid_points(t, sample.first.lever, sample.second.lever);
        let guess = certified_step(gap, held.slope, held.curvature);
        let span = (guess * S::from_f64(1.5)).min(span_limit);
        if span.is_nan() || span <= S::ZERO {
            return S::ZERO;
        }
        let (first_end, second_end) = self.supports_at(t + span);
        let apex_first = wedge_apex(sample.first, first_end);
        let apex_second = wedge_apex(sample.second, second_end);
        let bound = self.rigid_points(t, apex_first, apex_second);
        // The apexes lie on the support lines at `t`, so the bound starts at the
        // separation; the smaller of the two guards against rounding.
        let bound_gap = (bound.value - target).min(gap);
        if bound_gap.is_nan() || bound_gap <= S::ZERO {
            return S::ZERO;
        }
        certified_step(bound_gap, bound.slope, bound.curvature).min(span)
    }

    /// Marches from `start` towards `t_max`, each step to the first root of a lower
    /// bound of the separation, which the separation cannot cross before, until the
    /// separation is within `close_enough` of the target.
    fn march(&self, start: S, t_max: S, target: S, close_enough: S) -> March<S> {
        let turn_rate = self.support_turn_rate();
        // Wedges between support lines up to a quarter turn apart: far from the half
        // turn at which a wedge stops bounding anything, and narrow enough to be
        // useful.
        let wedge_span = if turn_rate > S::ZERO {
            S::from_f64(core::f64::consts::FRAC_PI_2) / turn_rate
        } else {
            S::ZERO
        };
        let mut t = start;
        for _ in 0..ROOT_ITERATIONS {
            let sample = self.sample(t);
            let gap = sample.separation - target;
            if !(gap.is_finite() && sample.slope.is_finite() && sample.curvature.is_finite()) {
                return March::Invalid;
            }
            if gap <= close_enough {
                return March::Reached(t);
            }
            let mut step = certified_step(gap, sample.slope, sample.curvature);
            // Without turning the reach-based bound is exact (the separation is
            // linear); with turning the wedges usually certify a longer step.
            if wedge_span > S::ZERO {
                let wedge = self.wedge_step(t, &sample, gap, target, wedge_span.min(t_max - t));
                step = step.max(wedge);
            }
            let next = t + step;
            if next >= t_max {
                // Clear up to t_max; touching there counts as reaching it.
                let at_end = self.sample(t_max).separation - target;
                return if at_end > close_enough {
                    March::Clear
                } else {
                    March::Reached(t_max)
                };
            }
            // A step below the resolution of the fraction: as close as it gets.
            if next <= t {
                return March::Reached(t);
            }
            t = next;
        }
        March::Capped(t)
    }
}

/// The first `h > 0` at which `gap + slope h - curvature h^2 / 2` reaches zero, for
/// `gap > 0` and `curvature >= 0`; infinite if it never does.
///
/// The roots of `curvature h^2 - 2 slope h - 2 gap = 0` are
/// `(slope +- sqrt(slope^2 + 2 curvature gap)) / curvature`, one of each sign. With
/// `root = sqrt(slope^2 + 2 curvature gap)`, the positive one is written without
/// cancellation: `2 gap / (root - slope)` for a negative slope (multiply through by
/// `root - slope`; this is also `gap / -slope` when the curvature is zero) and
/// `(slope + root) / curvature` otherwise.
#[inline]
fn certified_step<S: Scalar>(gap: S, slope: S, curvature: S) -> S {
    let root = (slope * slope + S::TWO * curvature * gap).sqrt();
    if slope < S::ZERO {
        S::TWO * gap / (root - slope)
    } else if curvature > S::ZERO {
        (slope + root) / curvature
    } else {
        S::infinity()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SupportPoint;

    /// A box of half-extents `(hx, hy)` centred at the origin.
    struct Boxy(f64, f64);

    impl Support<f64> for Boxy {
        fn support(&self, d: Vec2<f64>) -> SupportPoint<f64> {
            let x = if d.x >= 0.0 { self.0 } else { -self.0 };
            let y = if d.y >= 0.0 { self.1 } else { -self.1 };
            SupportPoint::new(
                Vec2::new(x, y),
                FeatureId::vertex(u32::from(d.x >= 0.0) + 2 * u32::from(d.y >= 0.0)),
            )
        }
    }

    #[test]
    fn certified_step_is_the_first_root_of_the_lower_bound() {
        // Linear: gap 1 falling at 2 per unit.
        assert_eq!(certified_step(1.0_f64, -2.0, 0.0), 0.5);
        // Rising and flat without curvature: never.
        assert_eq!(certified_step(1.0_f64, 0.5, 0.0), f64::INFINITY);
        assert_eq!(certified_step(1.0_f64, 0.0, 0.0), f64::INFINITY);
        // 1 - h - h^2 / 2 = 0 at h = sqrt(3) - 1; 1 + h - h^2 = 0 at (1 + sqrt 5) / 2.
        assert!((certified_step(1.0_f64, -1.0, 1.0) - (3.0_f64.sqrt() - 1.0)).abs() < 1e-15);
        let golden = (1.0 + 5.0_f64.sqrt()) / 2.0;
        assert!((certified_step(1.0_f64, 1.0, 2.0) - golden).abs() < 1e-15);
        // A tiny gap against a steep slope keeps its relative precision.
        let step = certified_step(1e-300_f64, -1.0, 1e10);
        assert!((step - 1e-300).abs() <= 1e-315);
    }

    #[test]
    fn core_reach_is_exact_for_boxes_and_bounds_the_corners_about_any_centre() {
        let (reach, _) = core_reach(&Boxy(2.0, 1.0), Vec2::ZERO);
        assert!((reach - 5.0_f64.sqrt()).abs() < 1e-14 && reach >= 5.0_f64.sqrt());
        let center = Vec2::new(3.0, -0.5);
        let (reach, _) = core_reach(&Boxy(2.0, 1.0), center);
        let farthest = Vec2::new(-2.0, 1.0).distance(center);
        assert!(
            reach >= farthest && reach <= farthest * 1.09,
            "{reach} vs {farthest}"
        );
    }

    #[test]
    fn lower_bound_holds_along_a_fast_spin() {
        // A bar spinning 3 turns while moving past a fixed box: the sampled separation
        // never drops below the lower bound from any earlier sample.
        let bar = Body::new(
            &Boxy(1.0, 0.01),
            Sweep::new(
                Vec2::ZERO,
                Vec2::new(-2.0, 0.3),
                Vec2::new(2.0, 0.3),
                0.1,
                0.1 + 6.0 * core::f64::consts::PI,
            ),
        );
        let wall = Body::new(&Boxy(0.01, 3.0), Sweep::fixed(crate::Transform::IDENTITY));
        let motion = Motion::new(&wall.sweep, &bar.sweep, 1.0);
        for axis in [Vec2::X, Vec2::new(0.6, 0.8), -Vec2::Y] {
            let world = Separation::fixed_in_world(&wall, &bar, motion, axis);
            let face = Separation::turning_with_first(&wall, &bar, motion, axis);
            let face_of_bar = Separation::turning_with_first(&bar, &wall, motion.reversed(), axis);
            for separation in [&world, &face] {
                check_lower_bound(|t| separation.sample(t));
            }
            check_lower_bound(|t| face_of_bar.sample(t));
        }
    }

    #[test]
    fn wedge_apex_is_the_support_point_when_it_stays_and_bounds_between() {
        let start = Supporting {
            lever: Vec2::new(1.0, 1.0),
            direction: Vec2::new(1.0, 0.0),
        };
        assert_eq!(wedge_apex(start, start), start.lever);
        // A unit circle's support points at 0 and 90 degrees: the apex is the corner
        // (1, 1) of the square around it.
        let east = Supporting {
            lever: Vec2::new(1.0, 0.0),
            direction: Vec2::new(1.0, 0.0),
        };
        let north = Supporting {
            lever: Vec2::new(0.0, 1.0),
            direction: Vec2::new(0.0, 1.0),
        };
        assert_eq!(wedge_apex(east, north), Vec2::new(1.0, 1.0));
        assert_eq!(wedge_apex(north, east), Vec2::new(1.0, 1.0));
    }

    #[test]
    fn wedge_bound_holds_between_its_ends() {
        // The bar spinning past the box: over every sampled step of up to a quarter
        // turn, the separation of the two wedge apexes bounds the true separation from
        // below, and the step the wedge certifies is clear.
        let bar = Body::new(
            &Boxy(1.0, 0.01),
            Sweep::new(
                Vec2::new(0.3, 0.0),
                Vec2::new(-2.0, 0.3),
                Vec2::new(2.0, 0.3),
                0.1,
                7.0,
            ),
        );
        let wall = Body::new(
            &Boxy(0.2, 3.0),
            Sweep::new(Vec2::ZERO, Vec2::ZERO, Vec2::new(0.0, 0.5), 0.0, -2.0),
        );
        let motion = Motion::new(&wall.sweep, &bar.sweep, 1.0);
        for axis in [Vec2::X, Vec2::new(0.6, 0.8), -Vec2::Y] {
            let world = Separation::fixed_in_world(&wall, &bar, motion, axis);
            let face = Separation::turning_with_first(&wall, &bar, motion, axis);
            let face_of_bar = Separation::turning_with_first(&bar, &wall, motion.reversed(), axis);
            check_wedge(&world);
            check_wedge(&face);
            check_wedge(&face_of_bar);
        }
    }

    fn check_wedge<P: Support<f64>, Q: Support<f64>>(separation: &Separation<'_, '_, f64, P, Q>) {
        let span = core::f64::consts::FRAC_PI_2 / separation.support_turn_rate();
        for i in 0..100 {
            let t0 = f64::from(i) / 100.0;
            let at = separation.sample(t0);
            for fraction in [0.1, 0.5, 1.0] {
                let end = (t0 + span * fraction).min(1.0);
                let (first_end, second_end) = separation.supports_at(end);
                let apex_first = wedge_apex(at.first, first_end);
                let apex_second = wedge_apex(at.second, second_end);
                let bound = separation.rigid_points(t0, apex_first, apex_second);
                assert!((bound.value - at.separation).abs() < 1e-12);
                for k in 0..=20 {
                    let h = (end - t0) * f64::from(k) / 20.0;
                    let model = bound.value + bound.slope * h - bound.curvature * h * h / 2.0;
                    let actual = separation.sample(t0 + h).separation;
                    assert!(actual >= model - 1e-12, "t0 {t0} h {h}: {actual} < {model}");
                }
            }
            // And the step the march would take towards a target half a unit below the
            // separation here stays above the target.
            let target = at.separation - 0.5;
            let step = separation.wedge_step(t0, &at, 0.5, target, span.min(1.0 - t0));
            for k in 0..=20 {
                let t = t0 + step * f64::from(k) / 20.0;
                let actual = separation.sample(t).separation;
                assert!(actual >= target - 1e-12, "{t0} {step}");
            }
        }
    }

    fn check_lower_bound(sample: impl Fn(f64) -> Sample<f64>) {
        let steps = 400;
        for i in 0..steps {
            let t0 = f64::from(i) / f64::from(steps);
            let at = sample(t0);
            for j in (i + 1)..=steps {
                let t = f64::from(j) / f64::from(steps);
                let h = t - t0;
                let bound = at.separation + at.slope * h - at.curvature * h * h / 2.0;
                let actual = sample(t).separation;
                assert!(actual >= bound - 1e-12, "t0 {t0} t {t}: {actual} < {bound}");
            }
        }
    }
}
