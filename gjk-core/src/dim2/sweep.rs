//! `Sweep`: the motion of a body over one step, translating and rotating.

use crate::{Rot, Scalar, Transform, Vec2};

/// The motion of a rigid body over one step, as Box2D's `b2Sweep`: its centre of
/// rotation moves in a straight line from `center_start` to `center_end` while the
/// body turns from `angle_start` to `angle_end` at a constant rate.
///
/// At fraction `t` of the step (0 at the start, 1 at the end):
///
/// - the centre is `c(t) = center_start + t (center_end - center_start)`;
/// - the angle is `a(t) = angle_start + t (angle_end - angle_start)`, turned into a
///   rotation `R(t)` by [`Rot::from_angle`] (exact sine and cosine, no drift);
/// - the shape's local point `local_center` sits at `c(t)`, so the transform placing
///   the shape is `x -> R(t) (x - local_center) + c(t)`: rotation `R(t)` and
///   translation `c(t) - R(t) local_center`.
///
/// Angles are not wrapped: a body that spins three turns in a step has
/// `angle_end - angle_start = 6 pi`, and [`time_of_impact`](crate::time_of_impact)
/// follows all three turns.
///
/// ```
/// use gjk_core::{Sweep, Vec2};
///
/// // A body whose centre of mass is 1 to the right of its origin, moving 2 up and
/// // turning a quarter turn counter-clockwise.
/// let sweep = Sweep::new(
///     Vec2::new(1.0_f64, 0.0),
///     Vec2::new(0.0, 0.0),
///     Vec2::new(0.0, 2.0),
///     0.0,
///     core::f64::consts::FRAC_PI_2,
/// );
/// let end = sweep.transform_at(1.0);
/// // The local centre lands on the centre path...
/// assert!((end.transform_point(Vec2::new(1.0, 0.0)) - Vec2::new(0.0, 2.0)).length() < 1e-15);
/// // ...and the body's origin has swung round it.
/// assert!((end.translation - Vec2::new(0.0, 1.0)).length() < 1e-15);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Sweep<S> {
    /// The centre of rotation in the shape's local frame (the centre of mass for a
    /// rigid body).
    pub local_center: Vec2<S>,
    /// Where the centre is at fraction 0 (world frame).
    pub center_start: Vec2<S>,
    /// Where the centre is at fraction 1 (world frame).
    pub center_end: Vec2<S>,
    /// The angle in radians at fraction 0.
    pub angle_start: S,
    /// The angle in radians at fraction 1; not wrapped into `[-pi, pi]`.
    pub angle_end: S,
}

impl<S: Scalar> Sweep<S> {
    /// A sweep from its five parts (see [`Sweep`] for their meaning).
    ///
    /// ```
    /// use gjk_core::{Sweep, Vec2};
    /// let sweep = Sweep::new(Vec2::ZERO, Vec2::ZERO, Vec2::new(1.0_f32, 0.0), 0.0, 0.0);
    /// assert_eq!(sweep.transform_at(0.5).translation, Vec2::new(0.5, 0.0));
    /// ```
    #[inline]
    pub const fn new(
        local_center: Vec2<S>,
        center_start: Vec2<S>,
        center_end: Vec2<S>,
        angle_start: S,
        angle_end: S,
    ) -> Self {
        Self {
            local_center,
            center_start,
            center_end,
            angle_start,
            angle_end,
        }
    }

    /// A body that does not move: it stays where `xf` puts it.
    ///
    /// The centre of rotation is the shape's local origin and the angle is
    /// `xf.rotation.angle()`, so [`transform_at`](Self::transform_at) gives back `xf`
    /// up to the rounding of the angle (a few epsilons).
    ///
    /// ```
    /// use gjk_core::{Sweep, Transform, Vec2};
    /// let xf = Transform::from_translation(Vec2::new(3.0_f64, -1.0));
    /// let sweep = Sweep::fixed(xf);
    /// assert_eq!(sweep.transform_at(0.7), xf);
    /// ```
    #[inline]
    pub fn fixed(xf: Transform<S>) -> Self {
        Self::linear(xf, Vec2::ZERO)
    }

    /// A body that starts where `xf` puts it and moves by `translation` over the step
    /// without turning.
    ///
    /// ```
    /// use gjk_core::{Sweep, Transform, Vec2};
    /// let sweep = Sweep::linear(Transform::IDENTITY, Vec2::new(-2.0_f32, 0.0));
    /// assert_eq!(sweep.transform_at(0.5).translation, Vec2::new(-1.0, 0.0));
    /// assert_eq!(sweep.angle_start, sweep.angle_end);
    /// ```
    #[inline]
    pub fn linear(xf: Transform<S>, translation: Vec2<S>) -> Self {
        let angle = xf.rotation.angle();
        Self::new(
            Vec2::ZERO,
            xf.translation,
            xf.translation + translation,
            angle,
            angle,
        )
    }

    /// The sweep between two placements of a body whose centre of rotation is
    /// `local_center`, turning the short way round (by the angle of
    /// `start.rotation^-1 end.rotation`, in `[-pi, pi]`).
    ///
    /// Use [`Sweep::new`] for a body that turns by more than half a turn in the step.
    ///
    /// ```
    /// use gjk_core::{Sweep, Transform, Vec2};
    /// let start = Transform::from_position_angle(Vec2::new(0.0_f64, 0.0), 3.0);
    /// let end = Transform::from_position_angle(Vec2::new(1.0, 0.0), -3.0);
    /// let sweep = Sweep::from_transforms(Vec2::ZERO, start, end);
    /// // From 3 to -3 the short way is through pi, a turn of 2 pi - 6.
    /// let turn = sweep.angle_end - sweep.angle_start;
    /// assert!((turn - (core::f64::consts::TAU - 6.0)).abs() < 1e-14);
    /// assert!((sweep.transform_at(1.0).translation - end.translation).length() < 1e-15);
    /// ```
    #[inline]
    pub fn from_transforms(local_center: Vec2<S>, start: Transform<S>, end: Transform<S>) -> Self {
        let angle_start = start.rotation.angle();
        let turn = start.rotation.inv_mul(end.rotation).angle();
        Self::new(
            local_center,
            start.transform_point(local_center),
            end.transform_point(local_center),
            angle_start,
            angle_start + turn,
        )
    }

    /// The centre of rotation at fraction `t`: `center_start + t (center_end -
    /// center_start)`. Written as a correction to the start so that a body far from the
    /// origin keeps the precision of its small motion.
    ///
    /// ```
    /// use gjk_core::{Sweep, Vec2};
    /// let sweep = Sweep::new(Vec2::ZERO, Vec2::new(1.0_f32, 1.0), Vec2::new(3.0, 1.0), 0.0, 0.0);
    /// assert_eq!(sweep.center_at(0.25), Vec2::new(1.5, 1.0));
    /// ```
    #[inline]
    pub fn center_at(&self, t: S) -> Vec2<S> {
        self.center_start + self.translation() * t
    }

    /// The angle at fraction `t`: `angle_start + t (angle_end - angle_start)`.
    ///
    /// ```
    /// use gjk_core::{Sweep, Vec2};
    /// let sweep = Sweep::new(Vec2::ZERO, Vec2::ZERO, Vec2::ZERO, 1.0_f64, 3.0);
    /// assert_eq!(sweep.angle_at(0.5), 2.0);
    /// ```
    #[inline]
    pub fn angle_at(&self, t: S) -> S {
        self.angle_start + self.turn() * t
    }

    /// The transform placing the shape at fraction `t`: rotation `R(t)` from the exact
    /// angle, translation `c(t) - R(t) local_center`.
    ///
    /// ```
    /// use gjk_core::{Sweep, Vec2};
    /// let sweep = Sweep::new(Vec2::new(0.0_f64, 1.0), Vec2::ZERO, Vec2::ZERO, 0.0, core::f64::consts::PI);
    /// // Half a turn about the local point (0, 1), held at the world origin: the local
    /// // origin swings from (0, -1) to (0, 1).
    /// let xf = sweep.transform_at(1.0);
    /// assert!((xf.translation - Vec2::new(0.0, 1.0)).length() < 1e-15);
    /// assert!((xf.transform_point(Vec2::ZERO) - Vec2::new(0.0, 1.0)).length() < 1e-15);
    /// ```
    #[inline]
    pub fn transform_at(&self, t: S) -> Transform<S> {
        let rotation = Rot::from_angle(self.angle_at(t));
        let translation = self.center_at(t) - rotation.rotate(self.local_center);
        Transform::new(translation, rotation)
    }

    /// How far the centre moves over the whole step: `center_end - center_start`.
    ///
    /// ```
    /// use gjk_core::{Sweep, Transform, Vec2};
    /// let sweep = Sweep::linear(Transform::IDENTITY, Vec2::new(0.0_f32, 4.0));
    /// assert_eq!(sweep.translation(), Vec2::new(0.0, 4.0));
    /// ```
    #[inline]
    pub fn translation(&self) -> Vec2<S> {
        self.center_end - self.center_start
    }

    /// How far the body turns over the whole step, in radians: `angle_end -
    /// angle_start` (the angular velocity times the step).
    ///
    /// ```
    /// use gjk_core::{Sweep, Vec2};
    /// let sweep = Sweep::new(Vec2::ZERO, Vec2::ZERO, Vec2::ZERO, 0.5_f32, 2.5);
    /// assert_eq!(sweep.turn(), 2.0);
    /// ```
    #[inline]
    pub fn turn(&self) -> S {
        self.angle_end - self.angle_start
    }

    /// Whether every part is finite, and so are the motion and the turn (their
    /// differences do not overflow).
    ///
    /// ```
    /// use gjk_core::{Sweep, Transform, Vec2};
    /// assert!(Sweep::fixed(Transform::<f32>::IDENTITY).is_valid());
    /// let mut bad = Sweep::fixed(Transform::<f32>::IDENTITY);
    /// bad.angle_end = f32::NAN;
    /// assert!(!bad.is_valid());
    /// ```
    #[inline]
    pub fn is_valid(&self) -> bool {
        self.local_center.is_finite()
            && self.center_start.is_finite()
            && self.center_end.is_finite()
            && self.translation().is_finite()
            && self.turn().is_finite()
    }
}

impl<S: Scalar> crate::space::sealed::SweepMotion<Vec2<S>> for Sweep<S> {
    #[inline]
    fn local_center(&self) -> Vec2<S> {
        self.local_center
    }
    #[inline]
    fn center_start(&self) -> Vec2<S> {
        self.center_start
    }
    #[inline]
    fn translation(&self) -> Vec2<S> {
        Sweep::translation(self)
    }
    #[inline]
    fn turn_angle(&self) -> S {
        self.turn().abs()
    }
    #[inline]
    fn transform_at(&self, t: S) -> Transform<S> {
        Sweep::transform_at(self, t)
    }
    #[inline]
    fn is_valid(&self) -> bool {
        Sweep::is_valid(self)
    }
    #[inline]
    fn rebased(&self, origin: Vec2<S>, factor: S) -> Self {
        Self {
            local_center: self.local_center * factor,
            center_start: (self.center_start - origin) * factor,
            center_end: (self.center_end - origin) * factor,
            ..*self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_center_follows_the_center_path_while_turning() {
        let local_center = Vec2::new(0.3_f64, -0.7);
        let sweep = Sweep::new(
            local_center,
            Vec2::new(5.0, 1.0),
            Vec2::new(-1.0, 4.0),
            0.25,
            0.25 + 6.0 * core::f64::consts::PI,
        );
        for k in 0..=16 {
            let t = f64::from(k) / 16.0;
            let xf = sweep.transform_at(t);
            let center = xf.transform_point(local_center);
            assert!((center - sweep.center_at(t)).length() < 1e-14, "{t}");
            let expected_angle = 0.25 + t * 6.0 * core::f64::consts::PI;
            let rotation = Rot::from_angle(expected_angle);
            assert_eq!(xf.rotation, rotation);
        }
    }

    #[test]
    fn ends_of_the_step_are_the_given_centres_and_angles() {
        let sweep = Sweep::new(
            Vec2::new(1.0_f32, 2.0),
            Vec2::new(-3.0, 0.5),
            Vec2::new(2.0, 1.5),
            -1.0,
            2.0,
        );
        assert_eq!(sweep.center_at(0.0), sweep.center_start);
        assert_eq!(sweep.center_at(1.0), sweep.center_end);
        assert_eq!(sweep.angle_at(0.0), -1.0);
        assert_eq!(sweep.angle_at(1.0), 2.0);
    }

    #[test]
    fn from_transforms_reproduces_both_placements() {
        let local_center = Vec2::new(0.5_f64, 0.25);
        let start = Transform::from_position_angle(Vec2::new(10.0, -2.0), 0.4);
        let end = Transform::from_position_angle(Vec2::new(12.0, 1.0), -2.9);
        let sweep = Sweep::from_transforms(local_center, start, end);
        for (t, xf) in [(0.0, start), (1.0, end)] {
            let got = sweep.transform_at(t);
            assert!((got.translation - xf.translation).length() < 1e-14);
            assert!((got.rotation.cos - xf.rotation.cos).abs() < 1e-15);
            assert!((got.rotation.sin - xf.rotation.sin).abs() < 1e-15);
        }
        assert!(sweep.turn().abs() <= core::f64::consts::PI);
    }

    #[test]
    fn non_finite_parts_and_overflowing_motion_are_invalid() {
        let good = Sweep::new(Vec2::ZERO, Vec2::ZERO, Vec2::X, 0.0_f32, 1.0);
        assert!(good.is_valid());
        let with = |change: fn(&mut Sweep<f32>)| {
            let mut sweep = good;
            change(&mut sweep);
            sweep.is_valid()
        };
        assert!(!with(|s| s.local_center.x = f32::NAN));
        assert!(!with(|s| s.center_start.y = f32::INFINITY));
        assert!(!with(|s| s.center_end.x = f32::NEG_INFINITY));
        assert!(!with(|s| s.angle_start = f32::NAN));
        assert!(!with(|s| s.angle_end = f32::INFINITY));
        assert!(!with(|s| {
            s.center_start.x = -3.0e38;
            s.center_end.x = 3.0e38;
        }));
    }
}
