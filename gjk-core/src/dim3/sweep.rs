//! `Sweep3`: the motion of a body in space over one step, translating and turning
//! about a fixed axis at a constant rate.

use crate::{Quat, Scalar, Transform3, Vec3};

/// The motion of a rigid body in space over one step: its centre of rotation moves in
/// a straight line from `center_start` to `center_end` while the body turns about a
/// fixed world axis at a constant rate, from `rotation_start` through the angle
/// `|turn|` about `turn`.
///
/// At fraction `t` of the step (0 at the start, 1 at the end):
///
/// - the centre is `c(t) = center_start + t (center_end - center_start)`;
/// - the rotation is `R(t) = Q(t turn) rotation_start`, with `Q(w)` the rotation by
///   the angle `|w|` about the world axis `w` (the rotation vector: axis times angle,
///   the angular velocity times the step);
/// - the shape's local point `local_center` sits at `c(t)`, so the transform placing
///   the shape is `x -> R(t) (x - local_center) + c(t)`.
///
/// The turn is not wrapped: a body spinning three turns in a step has
/// `|turn| = 6 pi`, and [`time_of_impact`](crate::time_of_impact) follows all three.
///
/// ```
/// use gjk_core::{Quat, Sweep3, Vec3};
///
/// // A body whose centre of mass is 1 along x from its origin, moving 2 up while
/// // turning a quarter turn about the world z axis.
/// let sweep = Sweep3::new(
///     Vec3::new(1.0_f64, 0.0, 0.0),
///     Vec3::ZERO,
///     Vec3::new(0.0, 0.0, 2.0),
///     Quat::IDENTITY,
///     Vec3::new(0.0, 0.0, core::f64::consts::FRAC_PI_2),
/// );
/// let end = sweep.transform_at(1.0);
/// // The local centre lands on the centre path...
/// assert!((end.transform_point(Vec3::X) - Vec3::new(0.0, 0.0, 2.0)).length() < 1e-15);
/// // ...and the body's origin has swung round it.
/// assert!((end.translation - Vec3::new(0.0, -1.0, 2.0)).length() < 1e-15);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sweep3<S> {
    /// The centre of rotation in the shape's local frame (the centre of mass for a
    /// rigid body).
    pub local_center: Vec3<S>,
    /// Where the centre is at fraction 0 (world frame).
    pub center_start: Vec3<S>,
    /// Where the centre is at fraction 1 (world frame).
    pub center_end: Vec3<S>,
    /// The rotation at fraction 0.
    pub rotation_start: Quat<S>,
    /// The turn over the step as a rotation vector in the world frame: the unit axis
    /// times the angle in radians (the angular velocity times the step). Zero for a
    /// body that does not turn; not wrapped.
    pub turn: Vec3<S>,
}

impl<S: Scalar> Default for Sweep3<S> {
    fn default() -> Self {
        Self::fixed(Transform3::IDENTITY)
    }
}

impl<S: Scalar> Sweep3<S> {
    /// A sweep from its five parts (see [`Sweep3`] for their meaning).
    ///
    /// ```
    /// use gjk_core::{Quat, Sweep3, Vec3};
    /// let sweep = Sweep3::new(Vec3::ZERO, Vec3::ZERO, Vec3::new(1.0_f32, 0.0, 0.0), Quat::IDENTITY, Vec3::ZERO);
    /// assert_eq!(sweep.transform_at(0.5).translation, Vec3::new(0.5, 0.0, 0.0));
    /// ```
    #[inline]
    pub const fn new(
        local_center: Vec3<S>,
        center_start: Vec3<S>,
        center_end: Vec3<S>,
        rotation_start: Quat<S>,
        turn: Vec3<S>,
    ) -> Self {
        Self {
            local_center,
            center_start,
            center_end,
            rotation_start,
            turn,
        }
    }

    /// A body that does not move: it stays where `xf` puts it, exactly.
    ///
    /// ```
    /// use gjk_core::{Sweep3, Transform3, Vec3};
    /// let xf = Transform3::from_translation(Vec3::new(3.0_f64, -1.0, 2.0));
    /// assert_eq!(Sweep3::fixed(xf).transform_at(0.7), xf);
    /// ```
    #[inline]
    pub fn fixed(xf: Transform3<S>) -> Self {
        Self::linear(xf, Vec3::ZERO)
    }

    /// A body that starts where `xf` puts it and moves by `translation` over the step
    /// without turning.
    ///
    /// ```
    /// use gjk_core::{Sweep3, Transform3, Vec3};
    /// let sweep = Sweep3::linear(Transform3::IDENTITY, Vec3::new(-2.0_f32, 0.0, 0.0));
    /// assert_eq!(sweep.transform_at(0.5).translation, Vec3::new(-1.0, 0.0, 0.0));
    /// assert_eq!(sweep.turn, Vec3::ZERO);
    /// ```
    #[inline]
    pub fn linear(xf: Transform3<S>, translation: Vec3<S>) -> Self {
        Self::new(
            Vec3::ZERO,
            xf.translation,
            xf.translation + translation,
            xf.rotation,
            Vec3::ZERO,
        )
    }

    /// A body placed by `xf` at the start, moving with the linear velocity
    /// `velocity` (of its centre of rotation `local_center`) and the angular velocity
    /// `angular_velocity` (a rotation vector per unit time, world frame) for a step of
    /// length `dt`: what a rigid-body integrator holds.
    ///
    /// ```
    /// use gjk_core::{Sweep3, Transform3, Vec3};
    /// // Spinning at 2 turns per second about z for half a second: one turn.
    /// let spin = Vec3::new(0.0_f64, 0.0, 4.0 * core::f64::consts::PI);
    /// let sweep = Sweep3::from_velocities(Vec3::ZERO, Transform3::IDENTITY, Vec3::X, spin, 0.5);
    /// assert!((sweep.turn.length() - core::f64::consts::TAU).abs() < 1e-15);
    /// assert_eq!(sweep.center_end, Vec3::new(0.5, 0.0, 0.0));
    /// ```
    #[inline]
    pub fn from_velocities(
        local_center: Vec3<S>,
        xf: Transform3<S>,
        velocity: Vec3<S>,
        angular_velocity: Vec3<S>,
        dt: S,
    ) -> Self {
        let center_start = xf.transform_point(local_center);
        Self::new(
            local_center,
            center_start,
            center_start + velocity * dt,
            xf.rotation,
            angular_velocity * dt,
        )
    }

    /// The sweep between two placements of a body whose centre of rotation is
    /// `local_center`, turning the short way round (by at most half a turn, about the
    /// axis of `end.rotation start.rotation^-1`).
    ///
    /// Use [`Sweep3::new`] or [`Sweep3::from_velocities`] for a body that turns by
    /// more than half a turn in the step.
    ///
    /// ```
    /// use gjk_core::{Sweep3, Transform3, Vec3};
    /// let start = Transform3::from_position_axis_angle(Vec3::new(1.0_f64, 0.0, 0.0), Vec3::Z, 0.5).unwrap();
    /// let end = Transform3::from_position_axis_angle(Vec3::new(2.0, 1.0, 0.0), Vec3::Z, 2.0).unwrap();
    /// let sweep = Sweep3::from_transforms(Vec3::ZERO, start, end);
    /// assert!((sweep.turn - Vec3::new(0.0, 0.0, 1.5)).length() < 1e-15);
    /// let at_end = sweep.transform_at(1.0);
    /// assert!((at_end.transform_point(Vec3::X) - end.transform_point(Vec3::X)).length() < 1e-15);
    /// ```
    pub fn from_transforms(
        local_center: Vec3<S>,
        start: Transform3<S>,
        end: Transform3<S>,
    ) -> Self {
        // The world-frame turn: end = Q start, Q = end start^-1.
        let turn = end.rotation * start.rotation.inverse();
        // q and -q are the same rotation; the one with w >= 0 turns the short way.
        let (vector, real) = if turn.w < S::ZERO {
            (Vec3::new(-turn.x, -turn.y, -turn.z), -turn.w)
        } else {
            (Vec3::new(turn.x, turn.y, turn.z), turn.w)
        };
        let sin_half = vector.length();
        // atan2 keeps the angle exact both near zero and near half a turn.
        let angle = S::TWO * sin_half.atan2(real);
        let turn = match vector.normalize() {
            Some(axis) => axis * angle,
            None => Vec3::ZERO,
        };
        Self::new(
            local_center,
            start.transform_point(local_center),
            end.transform_point(local_center),
            start.rotation,
            turn,
        )
    }

    /// The centre of rotation at fraction `t`, written as a correction to the start so
    /// that a body far from the origin keeps the precision of its small motion.
    ///
    /// ```
    /// use gjk_core::{Quat, Sweep3, Vec3};
    /// let sweep = Sweep3::new(Vec3::ZERO, Vec3::new(1.0_f32, 1.0, 0.0), Vec3::new(3.0, 1.0, 0.0), Quat::IDENTITY, Vec3::ZERO);
    /// assert_eq!(sweep.center_at(0.25), Vec3::new(1.5, 1.0, 0.0));
    /// ```
    #[inline]
    pub fn center_at(&self, t: S) -> Vec3<S> {
        self.center_start + self.translation() * t
    }

    /// The rotation at fraction `t`: `rotation_start` turned by the angle `t |turn|`
    /// about the axis of `turn`.
    ///
    /// ```
    /// use gjk_core::{Quat, Sweep3, Vec3};
    /// let sweep = Sweep3::new(Vec3::ZERO, Vec3::ZERO, Vec3::ZERO, Quat::IDENTITY, Vec3::new(0.0_f64, 0.0, 2.0));
    /// let half = sweep.rotation_at(0.5);
    /// assert!((half.rotate(Vec3::X) - Vec3::new(1.0_f64.cos(), 1.0_f64.sin(), 0.0)).length() < 1e-15);
    /// ```
    #[inline]
    pub fn rotation_at(&self, t: S) -> Quat<S> {
        let angle = self.turn.length();
        match Quat::from_axis_angle(self.turn, angle * t) {
            Some(turned) => turned * self.rotation_start,
            None => self.rotation_start,
        }
    }

    /// The transform placing the shape at fraction `t`: rotation `R(t)`, translation
    /// `c(t) - R(t) local_center`.
    ///
    /// ```
    /// use gjk_core::{Quat, Sweep3, Vec3};
    /// // Half a turn about z, about the local point (0, 1, 0) held at the origin.
    /// let pi = core::f64::consts::PI;
    /// let sweep = Sweep3::new(Vec3::Y, Vec3::ZERO, Vec3::ZERO, Quat::IDENTITY, Vec3::new(0.0, 0.0, pi));
    /// let xf = sweep.transform_at(1.0);
    /// assert!((xf.translation - Vec3::new(0.0, 1.0, 0.0)).length() < 1e-15);
    /// ```
    #[inline]
    pub fn transform_at(&self, t: S) -> Transform3<S> {
        let rotation = self.rotation_at(t);
        let translation = self.center_at(t) - rotation.rotate(self.local_center);
        Transform3::new(translation, rotation)
    }

    /// How far the centre moves over the whole step: `center_end - center_start`.
    ///
    /// ```
    /// use gjk_core::{Sweep3, Transform3, Vec3};
    /// let sweep = Sweep3::linear(Transform3::IDENTITY, Vec3::new(0.0_f32, 4.0, 0.0));
    /// assert_eq!(sweep.translation(), Vec3::new(0.0, 4.0, 0.0));
    /// ```
    #[inline]
    pub fn translation(&self) -> Vec3<S> {
        self.center_end - self.center_start
    }

    /// Whether every part is finite, the motion does not overflow and the starting
    /// rotation is a unit quaternion ([`Quat::is_valid`]).
    ///
    /// ```
    /// use gjk_core::{Sweep3, Transform3, Vec3};
    /// assert!(Sweep3::fixed(Transform3::<f32>::IDENTITY).is_valid());
    /// let mut bad = Sweep3::fixed(Transform3::<f32>::IDENTITY);
    /// bad.turn.x = f32::NAN;
    /// assert!(!bad.is_valid());
    /// ```
    #[inline]
    pub fn is_valid(&self) -> bool {
        self.local_center.is_finite()
            && self.center_start.is_finite()
            && self.center_end.is_finite()
            && self.translation().is_finite()
            && self.turn.is_finite()
            && self.turn.length().is_finite()
            && self.rotation_start.is_valid()
    }
}

impl<S: Scalar> crate::space::sealed::SweepMotion<Vec3<S>> for Sweep3<S> {
    #[inline]
    fn local_center(&self) -> Vec3<S> {
        self.local_center
    }
    #[inline]
    fn center_start(&self) -> Vec3<S> {
        self.center_start
    }
    #[inline]
    fn translation(&self) -> Vec3<S> {
        Sweep3::translation(self)
    }
    #[inline]
    fn turn_angle(&self) -> S {
        self.turn.length()
    }
    #[inline]
    fn transform_at(&self, t: S) -> Transform3<S> {
        Sweep3::transform_at(self, t)
    }
    #[inline]
    fn is_valid(&self) -> bool {
        Sweep3::is_valid(self)
    }
    #[inline]
    fn rebased(&self, origin: Vec3<S>, factor: S) -> Self {
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
        let local_center = Vec3::new(0.3_f64, -0.7, 0.2);
        let rotation_start = Quat::from_axis_angle(Vec3::new(1.0, 2.0, 3.0), 0.7).unwrap();
        let sweep = Sweep3::new(
            local_center,
            Vec3::new(5.0, 1.0, -2.0),
            Vec3::new(-1.0, 4.0, 3.0),
            rotation_start,
            Vec3::new(0.0, 3.0, 4.0) * (1.2 * core::f64::consts::PI),
        );
        for k in 0..=16 {
            let t = f64::from(k) / 16.0;
            let xf = sweep.transform_at(t);
            let center = xf.transform_point(local_center);
            assert!((center - sweep.center_at(t)).length() < 1e-14, "{t}");
        }
    }

    #[test]
    fn the_turn_is_about_a_fixed_world_axis_at_a_constant_rate() {
        let axis = Vec3::new(0.0_f64, 0.6, 0.8);
        let rotation_start = Quat::from_axis_angle(Vec3::X, 1.0).unwrap();
        let sweep = Sweep3::new(
            Vec3::ZERO,
            Vec3::ZERO,
            Vec3::ZERO,
            rotation_start,
            axis * 9.0,
        );
        // The axis itself, fixed in the world, is the image of one body direction all
        // along: R(t)^-1 axis does not move.
        let held = rotation_start.inv_rotate(axis);
        for k in 0..=10 {
            let t = f64::from(k) / 10.0;
            let rotation = sweep.rotation_at(t);
            assert!((rotation.inv_rotate(axis) - held).length() < 1e-14);
            // And the angle turned since the start is 9 t (modulo a turn).
            let turned = rotation * rotation_start.inverse();
            let expected = Quat::from_axis_angle(axis, 9.0 * t).unwrap();
            let same = (turned.x - expected.x).abs()
                + (turned.y - expected.y).abs()
                + (turned.z - expected.z).abs()
                + (turned.w - expected.w).abs();
            assert!(same < 1e-14, "{t}: {turned:?} {expected:?}");
        }
    }

    #[test]
    fn from_transforms_reproduces_both_placements_the_short_way() {
        let local_center = Vec3::new(0.5_f64, 0.25, -0.1);
        let start =
            Transform3::from_position_axis_angle(Vec3::new(10.0, -2.0, 1.0), Vec3::Y, 0.4).unwrap();
        let end = Transform3::from_position_axis_angle(
            Vec3::new(12.0, 1.0, 0.0),
            Vec3::new(1.0, 1.0, 0.0),
            2.9,
        )
        .unwrap();
        let sweep = Sweep3::from_transforms(local_center, start, end);
        for (t, xf) in [(0.0, start), (1.0, end)] {
            let got = sweep.transform_at(t);
            for point in [Vec3::ZERO, Vec3::X, Vec3::Y, Vec3::Z] {
                let error = (got.transform_point(point) - xf.transform_point(point)).length();
                assert!(error < 1e-14, "{t} {point:?}: {error}");
            }
        }
        assert!(sweep.turn.length() <= core::f64::consts::PI);
        let still = Sweep3::from_transforms(local_center, start, start);
        assert_eq!(still.turn, Vec3::ZERO);
    }

    #[test]
    fn non_finite_parts_and_overflowing_motion_are_invalid() {
        let good = Sweep3::new(
            Vec3::ZERO,
            Vec3::ZERO,
            Vec3::X,
            Quat::IDENTITY,
            Vec3::Z * 1.0_f32,
        );
        assert!(good.is_valid());
        let with = |change: fn(&mut Sweep3<f32>)| {
            let mut sweep = good;
            change(&mut sweep);
            sweep.is_valid()
        };
        assert!(!with(|s| s.local_center.x = f32::NAN));
        assert!(!with(|s| s.center_start.y = f32::INFINITY));
        assert!(!with(|s| s.center_end.z = f32::NEG_INFINITY));
        assert!(!with(|s| s.turn.y = f32::NAN));
        assert!(!with(|s| s.turn = Vec3::splat(3.0e38)));
        assert!(!with(|s| s.rotation_start.w = 2.0));
        assert!(!with(|s| {
            s.center_start.x = -3.0e38;
            s.center_end.x = 3.0e38;
        }));
    }
}
