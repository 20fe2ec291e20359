//! The bounding machinery of `time_of_impact` in space: the separating axis a GJK
//! simplex calls for, each body's reach about its centre of rotation, and the
//! separation along an axis with its certified lower bounds.
//!
//! The axis is the normal of the distance query, either fixed in the world or turning
//! with a body whose face (or edge) holds the closest point, as in the plane. Three
//! lower bounds certify each step, and the march takes the longest:
//!
//! - **Reach**: how fast a body's support value can grow while it turns, from how far
//!   its core reaches from its centre. Valid for any shape and any motion; it assumes
//!   the worst of the points it does not see.
//! - **Reach balls**: each support value is at most the body's reach, however it
//!   turns. A body spinning fast is its reach ball as seen from afar, and this bound
//!   closes the distance to that ball in one step.
//! - **Support planes at both ends of a trial step**: a body turning at a constant
//!   rate about a fixed axis, relative to the axis of the separation, sees that axis
//!   move along a circle in its own frame. The arc of a trial step lies in the
//!   triangle of its two ends and the meeting point of its tangents there, and a
//!   support function is sublinear, so the support value along the arc is bounded by
//!   the affine function that matches it at the triangle's three corners: a point
//!   fixed in the body (a lever) and a constant. When the support point stays the same
//!   (a polytope vertex), the lever is that point and the bound is exact: the step is
//!   a Newton step with a margin, and the march converges quadratically. (Along a face
//!   that turns with a body about another axis than the other body's, the relative
//!   path is no circle, and this bound is not used.)

use crate::kernel::rescale::largest_magnitude;
use crate::query::time_of_impact::{
    AxisSeparation, Body, March, Model, Sample, certified_step, march, step_within, trial_span,
};
use crate::{FeatureId, Quat, Scalar, SimplexCache, Support, Transform3, Vec3};

/// One march of `time_of_impact` in space, along the axis the final simplex of the
/// distance query at `fraction` calls for (see [`axis_kind`]).
pub(crate) fn march_to_target<S, A, B>(
    a: &Body<'_, S, Vec3<S>, A>,
    b: &Body<'_, S, Vec3<S>, B>,
    [xf_a, xf_b]: [Transform3<S>; 2],
    cache: &SimplexCache<S, Vec3<S>>,
    normal: Vec3<S>,
    [fraction, t_max]: [S; 2],
    [target, aim]: [S; 2],
) -> March<S>
where
    S: Scalar,
    A: Support<S, Vec3<S>> + ?Sized,
    B: Support<S, Vec3<S>> + ?Sized,
{
    let motion = Motion::new(a, b, t_max);
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

/// Which separating axis the GJK simplex calls for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum AxisKind {
    /// A face of A (three distinct vertices of A), or an edge of A against a vertex
    /// of B: the axis turns with A.
    FaceA,
    /// The same with the roles swapped.
    FaceB,
    /// Vertex pairs, edge against edge, curved features: the axis is the normal,
    /// fixed in the world.
    Points,
}

/// Reads the axis kind from the final simplex of the distance query (`xf_a`, `xf_b`
/// the transforms it ran at), counting the distinct polytope vertices each shape
/// brings to it.
///
/// Smooth features never count (the support point of a curved shape moves with the
/// direction), nor do two feature ids naming the same point. The points are rebuilt
/// from the cache as the warm start does: by feature id where the shape can name its
/// points, otherwise by support along the cached direction.
fn axis_kind<S, A, B>(
    a: &A,
    xf_a: Transform3<S>,
    b: &B,
    xf_b: Transform3<S>,
    cache: &SimplexCache<S, Vec3<S>>,
) -> AxisKind
where
    S: Scalar,
    A: Support<S, Vec3<S>> + ?Sized,
    B: Support<S, Vec3<S>> + ?Sized,
{
    let relative = xf_a.rotation.inv_mul(xf_b.rotation);
    let point_a = |feature: FeatureId, direction: Vec3<S>| {
        a.feature_point(feature)
            .unwrap_or_else(|| a.support(direction).point)
    };
    let point_b = |feature: FeatureId, direction: Vec3<S>| {
        b.feature_point(feature)
            .unwrap_or_else(|| b.support(relative.inv_rotate(-direction)).point)
    };
    let (mut on_a, mut on_b) = ([None; 4], [None; 4]);
    let (mut count_a, mut count_b) = (0, 0);
    let mut smooth = false;
    for vertex in cache.vertices() {
        smooth |= vertex.feature_a.is_smooth() || vertex.feature_b.is_smooth();
        // A point counts once, however many feature ids name it.
        let add = |seen: &mut [Option<Vec3<S>>; 4], count: &mut usize, point: Vec3<S>| {
            let new = seen.iter().flatten().all(|&other| other != point);
            if let (true, Some(slot)) = (new, seen.get_mut(*count)) {
                *slot = Some(point);
                *count += 1;
            }
        };
        add(
            &mut on_a,
            &mut count_a,
            point_a(vertex.feature_a, vertex.direction),
        );
        add(
            &mut on_b,
            &mut count_b,
            point_b(vertex.feature_b, vertex.direction),
        );
    }
    match (smooth, count_a, count_b) {
        (true, ..) => AxisKind::Points,
        (false, 3.., _) | (false, 2, 1) => AxisKind::FaceA,
        (false, _, 3..) | (false, 1, 2) => AxisKind::FaceB,
        _ => AxisKind::Points,
    }
}

/// An upper bound of the distance from `center` to the farthest point of the core:
/// the farthest corner of the box cut out by the six support planes along the axes,
/// a few roundings up. Exact for boxes centred on `center`, within `sqrt 3` of the
/// true reach otherwise.
///
/// Also the largest magnitude of the six heights, a measure of size that does not
/// underflow.
pub(crate) fn core_reach<S, T>(shape: &T, center: Vec3<S>) -> (S, S)
where
    S: Scalar,
    T: Support<S, Vec3<S>> + ?Sized,
{
    let height = |direction: Vec3<S>| (shape.support(direction).point - center).dot(direction);
    let heights = [Vec3::X, Vec3::Y, Vec3::Z].map(|axis| [height(axis), height(-axis)]);
    // The box spans `[-h-, h+]` along each axis (relative to the centre); its farthest
    // corner is the larger magnitude along each. NaN-propagating: a NaN support point
    // must not be dropped here.
    let mut reach_squared = S::ZERO;
    for [up, down] in heights {
        let far = if up.is_nan() || up.abs() > down.abs() {
            up
        } else {
            down
        };
        reach_squared = reach_squared + far * far;
    }
    let reach = reach_squared.square_root() * (S::ONE + S::from_f64(8.0) * S::EPS);
    (reach, largest_magnitude(heights.into_iter().flatten()))
}

/// The relative motion of the two centres of rotation and the turns of the bodies.
#[derive(Clone, Copy, Debug)]
struct Motion<S> {
    /// `c_second - c_first` at fraction 0.
    offset: Vec3<S>,
    /// How much the offset changes per unit fraction.
    velocity: Vec3<S>,
    /// The turns of the first and second body per unit fraction (rotation vectors,
    /// world frame).
    turn_first: Vec3<S>,
    turn_second: Vec3<S>,
    /// `max |c_second - c_first|` over `[0, t_max]` (the norm of a linear function is
    /// convex: the maximum is at an end).
    max_offset: S,
}

impl<S: Scalar> Motion<S> {
    fn new<A: ?Sized, B: ?Sized>(
        first: &Body<'_, S, Vec3<S>, A>,
        second: &Body<'_, S, Vec3<S>, B>,
        t_max: S,
    ) -> Self {
        let offset = second.sweep.center_start - first.sweep.center_start;
        let velocity = second.sweep.translation() - first.sweep.translation();
        let end = offset + velocity * t_max;
        Self {
            offset,
            velocity,
            turn_first: first.sweep.turn,
            turn_second: second.sweep.turn,
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
    fn offset_at(&self, t: S) -> Vec3<S> {
        self.offset + self.velocity * t
    }
}

/// Where the separating axis lives.
#[derive(Clone, Copy, Debug)]
enum AxisFrame<S> {
    /// Fixed in the world: the unit axis from the first body towards the second.
    World(Vec3<S>),
    /// Fixed in the first body's frame (it turns with the body): the unit axis in that
    /// frame, and the constant support value of the first core along it.
    First { axis: Vec3<S>, extent: S },
}

/// A body's support point along the axis at one fraction.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Supporting<S> {
    /// The support point about the centre of rotation, in the body's frame.
    lever: Vec3<S>,
    /// The unit direction it supports, in the body's frame.
    direction: Vec3<S>,
}

/// The circle a body's support direction follows in its frame: it turns about the
/// unit `axis` by `angle` over a trial step.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Circle<S> {
    axis: Vec3<S>,
    angle: S,
}

/// An affine bound `lever . d - offset` of a body's support value (about its centre)
/// along the directions `d` of a trial step.
#[derive(Clone, Copy, Debug, PartialEq)]
struct ArcBound<S> {
    lever: Vec3<S>,
    offset: S,
}

/// The separation of two swept shapes along one axis, `s(t)`, and its lower bounds.
///
/// The first body owns the axis when the axis turns with a face; for a face of B the
/// bodies are passed in swapped order, which changes nothing else: the separation is
/// symmetric.
struct Separation<'b, 's, S: Scalar, P: ?Sized, Q: ?Sized> {
    first: &'b Body<'s, S, Vec3<S>, P>,
    second: &'b Body<'s, S, Vec3<S>, Q>,
    motion: Motion<S>,
    frame: AxisFrame<S>,
    /// Sum of the two radii.
    radius: S,
}

impl<S, T> Body<'_, S, Vec3<S>, T>
where
    S: Scalar,
    T: Support<S, Vec3<S>> + ?Sized,
{
    /// The body's rotation at fraction `t`.
    #[inline]
    fn rotation_at(&self, t: S) -> Quat<S> {
        self.sweep.rotation_at(t)
    }

    /// The support point about the centre along a direction in the body's frame.
    #[inline]
    fn supporting_local(&self, local: Vec3<S>) -> Supporting<S> {
        Supporting {
            lever: self.shape.support(local).point - self.sweep.local_center,
            direction: local,
        }
    }

    /// An affine bound of the body's support value along the directions its support
    /// direction takes over `[t, t + span]`, from its support point `start` at `t`:
    /// the arc of `circle` (about its unit axis, by its angle, below half a turn) that
    /// starts at `start.direction`, turning the way `path(t + span)` lies. `None`
    /// where the support values do not make a finite bound.
    ///
    /// With `h = d_1 . a` and `rho e_1 = d_1 - h a` (`a` the axis, `e_2 = a x e_1`,
    /// `sigma` the sense), the arc is `d(phi) = h a + rho (cos phi e_1 + sigma sin phi
    /// e_2)` for `phi` in `[0, theta]`. It lies in the triangle of its ends `d_1`,
    /// `d_2 = d(theta)` and the meeting point of its tangents there,
    /// `m = h a + rho (e_1 + sigma tan(theta / 2) e_2)`, so every `d` on it is a
    /// convex combination of the three. A support function `H` is sublinear, so `H(d)`
    /// is at most the same combination of `H(d_1)`, `H(d_2)` and `H(m)`: at most any
    /// affine function that matches `H` at the three corners.
    ///
    /// That function is `B(d) = (p_1 + x) . d - x . d_1`, with `p_1` the support
    /// point at `d_1` and `x = alpha e_1 + beta e_2` in the plane of the arc: it
    /// matches at `d_1` for any such `x`, and at `d_2` and `m` when
    /// `x . (d_2 - d_1) = r_2 = (p_2 - p_1) . d_2` and `x . (m - d_1) = r_m =
    /// (p_m - p_1) . m`. With `s = sin(theta / 2)`, `c = cos(theta / 2)`,
    /// `d_2 - d_1 = rho (-2 s^2 e_1 + 2 sigma s c e_2)` and
    /// `m - d_1 = rho sigma (s / c) e_2`, so
    /// `beta = sigma c r_m / (rho s)` and `alpha = (2 c^2 r_m - r_2) / (2 rho s^2)`.
    /// The corners and these differences are written from the angle, never by
    /// subtracting nearby directions: over a short step the triangle is a sliver, and
    /// differences of rounded directions would leave `x` with a few digits.
    ///
    /// Written from the differences of the support points, `x` is exactly zero when
    /// the support point stays the same (a polytope vertex), and small when it moves a
    /// little (curved shapes over short steps). What rounding leaves of the match at
    /// `d_2` and `m` is measured and taken off the bound, with a margin of a few
    /// roundings of the lever.
    fn arc_bound(
        &self,
        start: Supporting<S>,
        path: impl Fn(S) -> Vec3<S>,
        Circle { axis, angle }: Circle<S>,
        t: S,
        span: S,
    ) -> Option<ArcBound<S>> {
        let held = ArcBound {
            lever: start.lever,
            offset: S::ZERO,
        };
        let d1 = start.direction;
        let center = axis * d1.dot(axis);
        let radial = d1 - center;
        let (Some(e1), false) = (radial.normalize(), angle == S::ZERO) else {
            // A direction along the axis, or no turn: it does not move.
            return Some(held);
        };
        let rho = radial.length();
        let e2 = axis.cross(e1);
        let sense = if (path(t + span) - d1).dot(e2) < S::ZERO {
            -S::ONE
        } else {
            S::ONE
        };
        let (sin_half, cos_half) = (angle * S::HALF).sin_and_cos();
        let to_end = (e1 * (-S::TWO * sin_half * sin_half)
            + e2 * (S::TWO * sense * sin_half * cos_half))
            * rho;
        let to_corner = e2 * (rho * sense * sin_half / cos_half);
        let (d2, corner) = (d1 + to_end, d1 + to_corner);
        let end = self.supporting_local(d2);
        let corner_lever = self.supporting_local(corner).lever;
        if end.lever == start.lever && corner_lever == start.lever {
            return Some(held);
        }
        let r2 = (end.lever - start.lever).dot(d2);
        let r3 = (corner_lever - start.lever).dot(corner);
        let beta = sense * cos_half * r3 / (rho * sin_half);
        let alpha = (S::TWO * cos_half * cos_half * r3 - r2) / (S::TWO * rho * sin_half * sin_half);
        let x = e1 * alpha + e2 * beta;
        let lever = start.lever + x;
        let offset = alpha * rho;
        // What rounding left of the match at the two far corners.
        let miss_end = end.lever.dot(d2) - (lever.dot(d2) - offset);
        let miss_corner = corner_lever.dot(corner) - (lever.dot(corner) - offset);
        let margin =
            S::from_f64(16.0) * S::EPS * (start.lever.length() + x.length()) * corner.length();
        let bound = ArcBound {
            lever,
            offset: offset - miss_end.max(miss_corner).max(S::ZERO) - margin,
        };
        let finite = bound.lever.is_finite() && bound.offset.is_finite();
        finite.then_some(bound)
    }
}

impl<'b, 's, S, P, Q> Separation<'b, 's, S, P, Q>
where
    S: Scalar,
    P: Support<S, Vec3<S>> + ?Sized,
    Q: Support<S, Vec3<S>> + ?Sized,
{
    /// Along a world-fixed unit axis from `first` towards `second`.
    fn fixed_in_world(
        first: &'b Body<'s, S, Vec3<S>, P>,
        second: &'b Body<'s, S, Vec3<S>, Q>,
        motion: Motion<S>,
        axis: Vec3<S>,
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
        first: &'b Body<'s, S, Vec3<S>, P>,
        second: &'b Body<'s, S, Vec3<S>, Q>,
        motion: Motion<S>,
        axis: Vec3<S>,
    ) -> Self {
        let extent = first.supporting_local(axis).lever.dot(axis);
        Self {
            first,
            second,
            motion,
            frame: AxisFrame::First { axis, extent },
            radius: first.shape.radius() + second.shape.radius(),
        }
    }

    /// The world axis at fraction `t`.
    #[inline]
    fn normal_at(&self, t: S) -> Vec3<S> {
        match self.frame {
            AxisFrame::World(axis) => axis,
            AxisFrame::First { axis, .. } => self.first.rotation_at(t).rotate(axis),
        }
    }

    /// The direction the first body is supported along at fraction `t`, in its frame.
    #[inline]
    fn first_direction(&self, t: S) -> Vec3<S> {
        match self.frame {
            AxisFrame::World(axis) => self.first.rotation_at(t).inv_rotate(axis),
            AxisFrame::First { axis, .. } => axis,
        }
    }

    /// The direction the second body is supported along at fraction `t`, in its
    /// frame.
    #[inline]
    fn second_direction(&self, t: S) -> Vec3<S> {
        self.second.rotation_at(t).inv_rotate(-self.normal_at(t))
    }

    /// The offset term `f(t) = (c_2 - c_1)(t) . n(t)`, its slope and a bound on its
    /// curvature. Along a world axis it is linear. Along an axis turning with the
    /// first body, `n' = w_1 x n` and `n'' = w_1 x (w_1 x n)`, so
    /// `f' = v . n + (c_2 - c_1) . (w_1 x n)` and
    /// `|f''| <= 2 |w_1| |v| + |w_1|^2 D`, `D` bounding `|c_2 - c_1|` over the step.
    fn offset_term(&self, t: S) -> Model<S> {
        let motion = &self.motion;
        let offset = motion.offset_at(t);
        let normal = self.normal_at(t);
        match self.frame {
            AxisFrame::World(_) => Model {
                value: offset.dot(normal),
                slope: motion.velocity.dot(normal),
                curvature: S::ZERO,
            },
            AxisFrame::First { .. } => {
                let turn = motion.turn_first;
                let spin = turn.length();
                Model {
                    value: offset.dot(normal),
                    slope: motion.velocity.dot(normal) + offset.dot(turn.cross(normal)),
                    curvature: S::TWO * spin * motion.velocity.length()
                        + spin * spin * motion.max_offset,
                }
            }
        }
    }

    /// The separation along the axis of two points fixed in the bodies (`lever_first`,
    /// `lever_second` about their centres, in their frames) standing for the support
    /// points, plus the bounds' offsets (`offsets`, their sum), with its exact slope
    /// and a bound on its curvature, at fraction `t`.
    ///
    /// World axis: with `a_i = R_i(t) lever_i` and `q = (c_2 - c_1) + a_2 - a_1`, the
    /// value is `q . n + offsets - r`; `a_i' = w_i x a_i` and
    /// `a_i'' = w_i x (w_i x a_i)`, so `slope = (v + w_2 x a_2 - w_1 x a_1) . n` and
    /// `|value''| <= |w_1|^2 |a_1| + |w_2|^2 |a_2|`.
    ///
    /// Axis turning with the first body: its support value is the constant `H_1`,
    /// `q = (c_2 - c_1) + a_2`, `value = q . n - H_1 + offsets - r`,
    /// `slope = (v + w_2 x a_2) . n + q . (w_1 x n)`, and
    /// `value'' = q'' . n + 2 q' . n' + q . n''` gives
    /// `|value''| <= |w_2|^2 |a_2| + 2 |w_1| (|v| + |w_2| |a_2|) + |w_1|^2 (D + |a_2|)`.
    fn rigid_points(
        &self,
        t: S,
        lever_first: Vec3<S>,
        lever_second: Vec3<S>,
        offsets: S,
    ) -> Model<S> {
        let motion = &self.motion;
        let (turn_1, turn_2) = (motion.turn_first, motion.turn_second);
        let normal = self.normal_at(t);
        let arm_2 = self.second.rotation_at(t).rotate(lever_second);
        let arm_2_length = lever_second.length();
        let spin_2 = turn_2.length_squared();
        match self.frame {
            AxisFrame::World(_) => {
                let arm_1 = self.first.rotation_at(t).rotate(lever_first);
                let q = motion.offset_at(t) + arm_2 - arm_1;
                let rate = motion.velocity + turn_2.cross(arm_2) - turn_1.cross(arm_1);
                Model {
                    value: q.dot(normal) + offsets - self.radius,
                    slope: rate.dot(normal),
                    curvature: turn_1.length_squared() * lever_first.length()
                        + spin_2 * arm_2_length,
                }
            }
            AxisFrame::First { extent, .. } => {
                let q = motion.offset_at(t) + arm_2;
                let rate = motion.velocity + turn_2.cross(arm_2);
                let spin_1 = turn_1.length();
                let speed = motion.velocity.length() + turn_2.length() * arm_2_length;
                Model {
                    value: q.dot(normal) - extent + offsets - self.radius,
                    slope: rate.dot(normal) + q.dot(turn_1.cross(normal)),
                    curvature: spin_2 * arm_2_length
                        + S::TWO * spin_1 * speed
                        + spin_1 * spin_1 * (motion.max_offset + arm_2_length),
                }
            }
        }
    }

    /// The step from `t` before the separation of the bodies' reach balls about their
    /// centres (along a face, of the face and the second body's ball) reaches
    /// `target`; zero when they are already that close.
    fn ball_step(&self, t: S, target: S) -> S {
        let offset = self.offset_term(t);
        let first = match self.frame {
            AxisFrame::World(_) => self.first.reach,
            AxisFrame::First { extent, .. } => extent,
        };
        let gap = offset.value - first - self.second.reach - self.radius - target;
        if gap > S::ZERO {
            certified_step(gap, offset.slope, offset.curvature)
        } else {
            S::ZERO
        }
    }

    /// The turn of each body relative to the axis, when both are about one fixed
    /// axis at a constant rate (so that each body's support direction follows a
    /// circle in its frame): a body's own turn along a world axis; along a face, the
    /// second body's turn less the first's, if the two turns are parallel. `None`
    /// when they are not.
    fn relative_turns(&self) -> Option<[Vec3<S>; 2]> {
        let motion = &self.motion;
        match self.frame {
            AxisFrame::World(_) => Some([motion.turn_first, motion.turn_second]),
            AxisFrame::First { .. } => {
                let parallel = motion.turn_first.cross(motion.turn_second) == Vec3::ZERO;
                parallel.then_some([Vec3::ZERO, motion.turn_second - motion.turn_first])
            }
        }
    }
}

impl<S, P, Q> AxisSeparation<S> for Separation<'_, '_, S, P, Q>
where
    S: Scalar,
    P: Support<S, Vec3<S>> + ?Sized,
    Q: Support<S, Vec3<S>> + ?Sized,
{
    type Supporting = Supporting<S>;

    /// The separation along the axis at fraction `t` and its lower bound from the
    /// reaches.
    ///
    /// With `c` the centres of rotation, `H` the support value of each core about its
    /// centre (along `n` for the first body, `-n` for the second) and `r` the radii:
    /// `s(t) = (c_2 - c_1) . n - H_1 - H_2 - r_1 - r_2`, never more than the distance.
    ///
    /// How fast `H` can grow while a body's support direction turns by the angle
    /// `delta` in its frame: a core point `p` with `|p| <= R` and `p . n <= H` makes an
    /// angle of at least `phi` with `n`, `cos phi = H / R`, and the turn brings it at
    /// most `delta` closer, so, as in the plane,
    /// `H(delta) <= H + sqrt(R^2 - H^2) |delta| + R delta^2 / 2`. A world axis turns in
    /// a body's frame at the body's rate `|w|`; a face's axis, in the second body's
    /// frame, at most at `|w_2 - w_1|`. So, with the offset term `f` of
    /// [`offset_term`](Separation::offset_term):
    ///
    /// - world axis: `slope = f' - |w_1| sqrt(R_1^2 - H_1^2) - |w_2| sqrt(R_2^2 - H_2^2)`,
    ///   `curvature = R_1 |w_1|^2 + R_2 |w_2|^2`;
    /// - axis turning with the first body (whose `H_1` is constant):
    ///   `slope = f' - |w_2 - w_1| sqrt(R_2^2 - H_2^2)`,
    ///   `curvature = |f''| + R_2 |w_2 - w_1|^2`.
    fn sample(&self, t: S) -> Sample<S, Supporting<S>> {
        let motion = &self.motion;
        let offset = self.offset_term(t);
        let second = self.second.supporting_local(self.second_direction(t));
        let extent_2 = second.lever.dot(second.direction);
        let lateral =
            |reach: S, extent: S| (reach * reach - extent * extent).max(S::ZERO).square_root();
        let reach_2 = self.second.reach;
        match self.frame {
            AxisFrame::World(_) => {
                let first = self.first.supporting_local(self.first_direction(t));
                let extent_1 = first.lever.dot(first.direction);
                let reach_1 = self.first.reach;
                let (turn_1, turn_2) = (motion.turn_first.length(), motion.turn_second.length());
                Sample {
                    separation: offset.value - extent_1 - extent_2 - self.radius,
                    slope: offset.slope
                        - turn_1 * lateral(reach_1, extent_1)
                        - turn_2 * lateral(reach_2, extent_2),
                    curvature: reach_1 * turn_1 * turn_1 + reach_2 * turn_2 * turn_2,
                    first,
                    second,
                }
            }
            AxisFrame::First { axis, extent } => {
                let relative_turn = (motion.turn_second - motion.turn_first).length();
                Sample {
                    separation: offset.value - extent - extent_2 - self.radius,
                    slope: offset.slope - relative_turn * lateral(reach_2, extent_2),
                    curvature: offset.curvature + reach_2 * relative_turn * relative_turn,
                    first: Supporting {
                        lever: Vec3::ZERO,
                        direction: axis,
                    },
                    second,
                }
            }
        }
    }

    /// How fast the support directions turn in the bodies' frames: both bodies'
    /// turns along a world axis; along a face of the first body, the second's
    /// relative to the first.
    fn support_turn_rate(&self) -> S {
        let motion = &self.motion;
        match self.frame {
            AxisFrame::World(_) => motion.turn_first.length().max(motion.turn_second.length()),
            AxisFrame::First { .. } => (motion.turn_second - motion.turn_first).length(),
        }
    }

    /// The longer of the step the reach balls certify ([`ball_step`](Separation::ball_step))
    /// and the step certified by each body's [`arc_bound`](Body::arc_bound) over a
    /// trial span: half as far again as where the separation would reach the target
    /// if the support points at `t` stayed the support points, and at most
    /// `span_limit` (a quarter turn of the faster support direction).
    fn wedge_step(
        &self,
        t: S,
        sample: &Sample<S, Supporting<S>>,
        gap: S,
        target: S,
        span_limit: S,
    ) -> S {
        let balls = self.ball_step(t, target);
        let held = self.rigid_points(t, sample.first.lever, sample.second.lever, S::ZERO);
        let Some(span) = trial_span(held, gap, span_limit) else {
            return balls;
        };
        match self.plane_bound(t, sample, span) {
            // Both bounds match the support values at `t` (up to what rounding took
            // off), so the bound starts at the separation.
            Some(bound) => step_within(bound, gap, target, span).max(balls),
            None => balls,
        }
    }
}

impl<S, P, Q> Separation<'_, '_, S, P, Q>
where
    S: Scalar,
    P: Support<S, Vec3<S>> + ?Sized,
    Q: Support<S, Vec3<S>> + ?Sized,
{
    /// A lower bound of the separation over `[t, t + span]` from each body's
    /// [`arc_bound`](Body::arc_bound), as the separation of two rigid points
    /// ([`rigid_points`](Separation::rigid_points)); `None` where the support
    /// directions follow no circle or the planes pin down no bound.
    fn plane_bound(&self, t: S, sample: &Sample<S, Supporting<S>>, span: S) -> Option<Model<S>> {
        let [turn_1, turn_2] = self.relative_turns()?;
        // Each body's circle: its support direction turns about the relative turn's
        // axis, taken into its frame at `t` (the axis is fixed in the world, and the
        // frame turns about it).
        let circle = |rotation: Quat<S>, turn: Vec3<S>| {
            turn.normalize().map(|axis| Circle {
                axis: rotation.inv_rotate(axis),
                angle: turn.length() * span,
            })
        };
        let held = |supporting: Supporting<S>| ArcBound {
            lever: supporting.lever,
            offset: S::ZERO,
        };
        let first = match (self.frame, circle(self.first.rotation_at(t), turn_1)) {
            (AxisFrame::World(_), Some(circle)) => self.first.arc_bound(
                sample.first,
                |tau| self.first_direction(tau),
                circle,
                t,
                span,
            )?,
            // A support point that does not turn relative to the axis holds.
            _ => held(sample.first),
        };
        let second = match circle(self.second.rotation_at(t), turn_2) {
            Some(circle) => self.second.arc_bound(
                sample.second,
                |tau| self.second_direction(tau),
                circle,
                t,
                span,
            )?,
            None => held(sample.second),
        };
        Some(self.rigid_points(t, first.lever, second.lever, first.offset + second.offset))
    }
}

#[cfg(test)]
mod tests;
