//! The march along one separating axis, shared by both dimensions: certified steps,
//! each to the first root of a lower bound of the separation along the axis, which the
//! separation cannot cross before.
//!
//! Each dimension brings its separation (`dim2/separation.rs`, `dim3/separation.rs`):
//! the separation at a fraction with a lower bound `value + slope h - curvature h^2 / 2`
//! of it `h` later from how far the shapes reach, and a longer step certified by the
//! support planes at both ends of a trial step.

use crate::Scalar;

/// Cap on the steps of one march along one axis. A march that reaches it hands its
/// point, which is still known to be clear, back to the outer loop, which measures the
/// distance there and starts again along a fresh axis. Measured on the sweeps of
/// gjk-shapes' `time_of_impact::oracle` tests (4000 per class): without rotation every
/// march takes one or two steps (the separation is linear in time); turning by up to a
/// turn and a bit per step, about 1 % of the marches take more than 16 steps and the
/// longest reach the cap (bodies turning about far-off centres, elongated ellipses).
pub(crate) const ROOT_ITERATIONS: u32 = 64;

/// A lower bound `value + slope h - curvature h^2 / 2` of a separation `h` after the
/// fraction it was taken at.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Model<S> {
    pub(crate) value: S,
    pub(crate) slope: S,
    pub(crate) curvature: S,
}

/// The separation at one fraction and the coefficients of its lower bound
/// `s(t + h) >= separation + slope h - curvature h^2 / 2` for `h >= 0`, with the
/// support points (`P`, the dimension's) it was measured between.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sample<S, P> {
    pub(crate) separation: S,
    pub(crate) slope: S,
    pub(crate) curvature: S,
    /// The first body's support point (unused along a face of the first body, whose
    /// support value is constant).
    pub(crate) first: P,
    /// The second body's support point.
    pub(crate) second: P,
}

/// The separation of two swept shapes along one axis, as a march needs it.
pub(crate) trait AxisSeparation<S: Scalar> {
    /// A body's support point along the axis at one fraction.
    type Supporting: Copy;

    /// The separation at fraction `t` and its lower bound from the shapes' reaches.
    fn sample(&self, t: S) -> Sample<S, Self::Supporting>;

    /// How fast the support directions turn in the bodies' frames, per unit
    /// fraction.
    fn support_turn_rate(&self) -> S;

    /// A step from `t` certified by the support planes at `t` and at a trial end at
    /// most `span_limit` later; zero if it certifies nothing.
    fn wedge_step(
        &self,
        t: S,
        sample: &Sample<S, Self::Supporting>,
        gap: S,
        target: S,
        span_limit: S,
    ) -> S;
}

/// How a march along one axis ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum March<S> {
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

/// Marches from `start` towards `t_max`, each step to the first root of a lower bound
/// of the separation, which the separation cannot cross before, until the separation
/// is within `close_enough` of the target.
pub(crate) fn march<S: Scalar>(
    axis: &impl AxisSeparation<S>,
    start: S,
    t_max: S,
    target: S,
    close_enough: S,
) -> March<S> {
    let turn_rate = axis.support_turn_rate();
    // Trial steps over which the support directions turn by up to a quarter turn:
    // far from the half turn at which the support planes at both ends stop bounding
    // anything, and narrow enough to be useful.
    let wedge_span = if turn_rate > S::ZERO {
        S::from_f64(core::f64::consts::FRAC_PI_2) / turn_rate
    } else {
        S::ZERO
    };
    let mut t = start;
    for _ in 0..ROOT_ITERATIONS {
        let sample = axis.sample(t);
        let gap = sample.separation - target;
        let finite = gap.is_finite() && sample.slope.is_finite() && sample.curvature.is_finite();
        if !finite {
            return March::Invalid;
        }
        if gap <= close_enough {
            return March::Reached(t);
        }
        let mut step = certified_step(gap, sample.slope, sample.curvature);
        // Without turning the reach-based bound is exact (the separation is linear);
        // with turning the support planes usually certify a longer step.
        if wedge_span > S::ZERO {
            let wedge = axis.wedge_step(t, &sample, gap, target, wedge_span.min(t_max - t));
            step = step.max(wedge);
        }
        let next = t + step;
        if next >= t_max {
            // Clear up to t_max; touching there counts as reaching it.
            let at_end = axis.sample(t_max).separation - target;
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
pub(crate) fn certified_step<S: Scalar>(gap: S, slope: S, curvature: S) -> S {
    let root = (slope * slope + S::TWO * curvature * gap).square_root();
    if slope < S::ZERO {
        S::TWO * gap / (root - slope)
    } else if curvature > S::ZERO {
        (slope + root) / curvature
    } else {
        S::infinity()
    }
}

/// The step a lower bound of the separation over a trial span certifies: `bound`
/// starts at the separation `gap` above the target (the smaller of the two guards
/// against rounding), and the step is at most the span. Zero if it certifies nothing.
#[inline]
pub(crate) fn step_within<S: Scalar>(bound: Model<S>, gap: S, target: S, span: S) -> S {
    let bound_gap = (bound.value - target).min(gap);
    if bound_gap.is_nan() || bound_gap <= S::ZERO {
        return S::ZERO;
    }
    certified_step(bound_gap, bound.slope, bound.curvature).min(span)
}

/// The trial span of a wedge step: half as far again as where a lower bound of the
/// separation with the support points at `t` held (`held`) would reach the target,
/// and at most `span_limit`. `None` when that is no step at all.
#[inline]
pub(crate) fn trial_span<S: Scalar>(held: Model<S>, gap: S, span_limit: S) -> Option<S> {
    let guess = certified_step(gap, held.slope, held.curvature);
    let span = (guess * S::from_f64(1.5)).min(span_limit);
    let usable = span > S::ZERO;
    usable.then_some(span)
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
