//! The bounding machinery of `time_of_impact`: the separating axis a GJK simplex
//! calls for, each body's reach about its centre of rotation, and the march along an
//! axis by certified steps, each the longer of two lower bounds on the time the
//! separation along it needs to close.

use crate::kernel::rescale::largest_magnitude;
use crate::query::time_of_impact::{
    AxisSeparation, Body, March, Model, march, step_within, trial_span,
};
use crate::{FeatureId, Rot, Scalar, SimplexCache, Support, Sweep, Transform, Vec2};

/// The separation at one fraction, its lower bound and the support points.
type Sample<S> = crate::query::time_of_impact::Sample<S, Supporting<S>>;

/// One march of `time_of_impact` in the plane, along the axis the final simplex of the
/// distance query at `fraction` calls for (see [`axis_kind`]).
pub(crate) fn march_to_target<S, A, B>(
    a: &Body<'_, S, Vec2<S>, A>,
    b: &Body<'_, S, Vec2<S>, B>,
    [xf_a, xf_b]: [Transform<S>; 2],
    cache: &SimplexCache<S>,
    normal: Vec2<S>,
    [fraction, t_max]: [S; 2],
    [target, aim]: [S; 2],
) -> March<S>
where
    S: Scalar,
    A: Support<S> + ?Sized,
    B: Support<S> + ?Sized,
{
    let motion = Motion::new(&a.sweep, &b.sweep, t_max);
    match axis_kind(a.shape, xf_a, b.shape, xf_b, cache) {
        AxisKind::FaceA => {
            let axis = xf_a.rotation.inv_rotate(normal);
            let separation = Separation::turning_with_first(a, b, motion, axis);
            march(&separation, fraction, t_max, target, aim)
        }
        AxisKind::FaceB => {
            let axis = xf_b.rotation.inv_rotate(-normal);
            let separation = Separation::turning_with_first(b, a, motion.reversed(), axis);
            march(&separation, fraction, t_max, target, aim)
        }
        AxisKind::Points => {
            let separation = Separation::fixed_in_world(a, b, motion, normal);
            march(&separation, fraction, t_max, target, aim)
        }
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

impl<S: Scalar, T: Support<S> + ?Sized> Body<'_, S, Vec2<S>, T> {
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
pub(crate) fn core_reach<S: Scalar, T: Support<S> + ?Sized>(shape: &T, center: Vec2<S>) -> (S, S) {
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
    let reach = reach_squared.square_root() * (S::ONE + S::from_f64(8.0) * S::EPS);
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
struct Separation<'b, 's, S: Scalar, P: ?Sized, Q: ?Sized> {
    first: &'b Body<'s, S, Vec2<S>, P>,
    second: &'b Body<'s, S, Vec2<S>, Q>,
    motion: Motion<S>,
    frame: AxisFrame<S>,
    /// Sum of the two radii.
    radius: S,
}

/// A body's support point along the axis at one fraction.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Supporting<S> {
    /// The support point about the centre of rotation, in the body's frame.
    lever: Vec2<S>,
    /// The unit direction it supports, in the body's frame.
    direction: Vec2<S>,
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

impl<'b, 's, S, P, Q> Separation<'b, 's, S, P, Q>
where
    S: Scalar,
    P: Support<S> + ?Sized,
    Q: Support<S> + ?Sized,
{
    /// Along a world-fixed unit axis from `first` towards `second`.
    fn fixed_in_world(
        first: &'b Body<'s, S, Vec2<S>, P>,
        second: &'b Body<'s, S, Vec2<S>, Q>,
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
        first: &'b Body<'s, S, Vec2<S>, P>,
        second: &'b Body<'s, S, Vec2<S>, Q>,
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
}

impl<S, P, Q> AxisSeparation<S> for Separation<'_, '_, S, P, Q>
where
    S: Scalar,
    P: Support<S> + ?Sized,
    Q: Support<S> + ?Sized,
{
    type Supporting = Supporting<S>;

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
        let lateral =
            |reach: S, extent: S| (reach * reach - extent * extent).max(S::ZERO).square_root();
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
        let Some(span) = trial_span(held, gap, span_limit) else {
            return S::ZERO;
        };
        let (first_end, second_end) = self.supports_at(t + span);
        let apex_first = wedge_apex(sample.first, first_end);
        let apex_second = wedge_apex(sample.second, second_end);
        let bound = self.rigid_points(t, apex_first, apex_second);
        // The apexes lie on the support lines at `t`, so the bound starts at the
        // separation.
        step_within(bound, gap, target, span)
    }
}

#[cfg(test)]
mod tests;
