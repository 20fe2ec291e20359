//! `Transform3`: a 3D rigid motion, rotation then translation.

use core::ops::Mul;

use crate::{Quat, Scalar, Vec3};

/// A 3D rigid transform: rotate by `rotation`, then move by `translation`. The 3D
/// counterpart of [`Transform`](crate::Transform), with the same methods.
///
/// As in 2D, a query between two shapes would compute the transform of B relative to A
/// once ([`Transform3::inv_mul`]) and run in A's local frame, which keeps the precision
/// of the relative position of two shapes far from the world origin.
///
/// ```
/// use gjk_core::{Quat, Transform3, Vec3};
///
/// let quarter = Quat::from_axis_angle(Vec3::Z, core::f64::consts::FRAC_PI_2).unwrap();
/// let xf = Transform3::new(Vec3::new(10.0_f64, 0.0, 0.0), quarter);
/// let world = xf.transform_point(Vec3::new(1.0, 0.0, 2.0));
/// assert!((world - Vec3::new(10.0, 1.0, 2.0)).length() < 1e-14);
/// assert!((xf.inv_transform_point(world) - Vec3::new(1.0, 0.0, 2.0)).length() < 1e-14);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::AnyBitPattern))]
#[repr(C)]
pub struct Transform3<S> {
    /// Where the local origin lands.
    pub translation: Vec3<S>,
    /// The rotation applied before the translation.
    pub rotation: Quat<S>,
}

impl<S: Scalar> Default for Transform3<S> {
    #[inline]
    fn default() -> Self {
        Self::IDENTITY
    }
}

impl<S: Scalar> Transform3<S> {
    /// The transform that changes nothing.
    ///
    /// ```
    /// use gjk_core::{Transform3, Vec3};
    /// assert_eq!(Transform3::<f32>::IDENTITY.transform_point(Vec3::Z), Vec3::Z);
    /// ```
    pub const IDENTITY: Self = Self {
        translation: Vec3::ZERO,
        rotation: Quat::IDENTITY,
    };

    /// A transform from its translation and rotation.
    ///
    /// ```
    /// use gjk_core::{Quat, Transform3, Vec3};
    /// let xf = Transform3::new(Vec3::new(1.0_f32, 2.0, 3.0), Quat::IDENTITY);
    /// assert_eq!(xf.transform_point(Vec3::ZERO), Vec3::new(1.0, 2.0, 3.0));
    /// ```
    #[inline]
    pub const fn new(translation: Vec3<S>, rotation: Quat<S>) -> Self {
        Self {
            translation,
            rotation,
        }
    }

    /// A transform from a position and a rotation by `angle` radians about `axis`
    /// ([`Quat::from_axis_angle`]; the axis need not be unit length). `None` when the
    /// axis is zero or not finite, or the angle is not finite.
    ///
    /// ```
    /// use gjk_core::{Transform3, Vec3};
    /// let xf = Transform3::from_position_axis_angle(Vec3::new(1.0_f32, 2.0, 3.0), Vec3::Z, 0.0);
    /// assert_eq!(xf, Some(Transform3::from_translation(Vec3::new(1.0, 2.0, 3.0))));
    /// assert_eq!(Transform3::from_position_axis_angle(Vec3::ZERO, Vec3::<f32>::ZERO, 1.0), None);
    /// ```
    #[inline]
    pub fn from_position_axis_angle(position: Vec3<S>, axis: Vec3<S>, angle: S) -> Option<Self> {
        Some(Self::new(position, Quat::from_axis_angle(axis, angle)?))
    }

    /// A pure translation.
    ///
    /// ```
    /// use gjk_core::{Transform3, Vec3};
    /// let xf = Transform3::from_translation(Vec3::new(0.0_f64, 3.0, -1.0));
    /// assert_eq!(xf.transform_point(Vec3::X), Vec3::new(1.0, 3.0, -1.0));
    /// ```
    #[inline]
    pub fn from_translation(translation: Vec3<S>) -> Self {
        Self::new(translation, Quat::IDENTITY)
    }

    /// Maps a local point to the parent frame: `R p + t`.
    ///
    /// ```
    /// use gjk_core::{Transform3, Vec3};
    /// let xf = Transform3::from_translation(Vec3::new(1.0_f32, 1.0, 1.0));
    /// assert_eq!(xf.transform_point(Vec3::new(2.0, 0.0, 0.0)), Vec3::new(3.0, 1.0, 1.0));
    /// ```
    #[inline]
    pub fn transform_point(self, point: Vec3<S>) -> Vec3<S> {
        self.rotation.rotate(point) + self.translation
    }

    /// Maps a parent-frame point into the local frame: `R^T (p - t)`.
    ///
    /// ```
    /// use gjk_core::{Transform3, Vec3};
    /// let xf = Transform3::from_translation(Vec3::new(1.0_f32, 1.0, 1.0));
    /// assert_eq!(xf.inv_transform_point(Vec3::new(3.0, 1.0, 1.0)), Vec3::new(2.0, 0.0, 0.0));
    /// ```
    #[inline]
    pub fn inv_transform_point(self, point: Vec3<S>) -> Vec3<S> {
        self.rotation.inv_rotate(point - self.translation)
    }

    /// The composition `self^-1 * other`: `other` expressed in the frame of `self`.
    ///
    /// The translation is `R_self^T (t_other - t_self)`: the subtraction of two nearby
    /// positions is exact in floating point (Sterbenz), so shapes far from the origin
    /// keep their relative precision.
    ///
    /// ```
    /// use gjk_core::{Transform3, Vec3};
    /// let a = Transform3::from_translation(Vec3::new(10_000.0_f32, 0.0, -20_000.0));
    /// let b = Transform3::from_translation(Vec3::new(10_000.5_f32, 0.0, -20_000.25));
    /// assert_eq!(a.inv_mul(b).translation, Vec3::new(0.5, 0.0, -0.25));
    /// ```
    #[inline]
    pub fn inv_mul(self, other: Self) -> Self {
        Self {
            translation: self
                .rotation
                .inv_rotate(other.translation - self.translation),
            rotation: self.rotation.inv_mul(other.rotation),
        }
    }

    /// Whether the translation is finite and the rotation is valid ([`Quat::is_valid`]).
    ///
    /// ```
    /// use gjk_core::{Transform3, Vec3};
    /// assert!(Transform3::<f32>::IDENTITY.is_valid());
    /// assert!(!Transform3::from_translation(Vec3::new(0.0, f32::NAN, 0.0)).is_valid());
    /// ```
    #[inline]
    pub fn is_valid(self) -> bool {
        self.translation.is_finite() && self.rotation.is_valid()
    }
}

impl<S: Scalar> Mul for Transform3<S> {
    type Output = Self;

    /// The composition `self * other`: first `other`, then `self`.
    ///
    /// ```
    /// use gjk_core::{Transform3, Vec3};
    /// let a = Transform3::from_translation(Vec3::new(1.0_f32, 0.0, 0.0));
    /// let b = Transform3::from_translation(Vec3::new(0.0_f32, 2.0, 3.0));
    /// assert_eq!((a * b).translation, Vec3::new(1.0, 2.0, 3.0));
    /// ```
    #[inline]
    fn mul(self, other: Self) -> Self {
        Self {
            translation: self.rotation.rotate(other.translation) + self.translation,
            rotation: self.rotation * other.rotation,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn transform(position: [f64; 3], axis: [f64; 3], angle: f64) -> Transform3<f64> {
        Transform3::from_position_axis_angle(position.into(), axis.into(), angle)
            .expect("a finite nonzero axis")
    }

    fn points() -> [Vec3<f64>; 4] {
        [
            Vec3::ZERO,
            Vec3::new(1.0, 2.0, 3.0),
            Vec3::new(-4.5, 0.25, 7.0),
            Vec3::new(100.0, -50.0, 0.5),
        ]
    }

    #[test]
    fn inv_transform_point_undoes_transform_point() {
        let xf = transform([3.0, -1.0, 8.0], [1.0, 1.0, -2.0], 2.1);
        for p in points() {
            // 16 eps of the largest length involved: a rotation each way, a handful
            // of roundings each on values of that size, and the translation's
            // subtraction.
            let size = p.length().max(xf.translation.length());
            let bound = 16.0 * f64::EPSILON * size;
            assert!((xf.inv_transform_point(xf.transform_point(p)) - p).length() <= bound);
            assert!((xf.transform_point(xf.inv_transform_point(p)) - p).length() <= bound);
        }
    }

    #[test]
    fn inv_mul_agrees_with_inv_transform_point() {
        let a = transform([3.0, -1.0, 8.0], [1.0, 1.0, -2.0], 2.1);
        let b = transform([-2.0, 5.0, 0.5], [0.0, -3.0, 1.0], -0.7);
        let relative = a.inv_mul(b);
        for p in points() {
            // B's local point in A's frame, two ways. 32 eps of the largest length
            // involved: up to four rotations and a product of rotations.
            let size = p
                .length()
                .max(a.translation.length() + b.translation.length());
            let bound = 32.0 * f64::EPSILON * size;
            let direct = a.inv_transform_point(b.transform_point(p));
            assert!((relative.transform_point(p) - direct).length() <= bound);
            // And `a * (a^-1 * b)` is `b` again.
            let back = (a * relative).transform_point(p);
            assert!((back - b.transform_point(p)).length() <= bound);
        }
        assert!(relative.is_valid());
        // A transform relative to itself is the identity.
        let own = a.inv_mul(a);
        assert_eq!(own.translation, Vec3::ZERO);
        assert!((own.rotation.angle()).abs() <= 4.0 * f64::EPSILON);
    }

    #[test]
    fn composition_applies_the_right_transform_first() {
        let a = transform(
            [1.0, 0.0, 0.0],
            [0.0, 0.0, 1.0],
            core::f64::consts::FRAC_PI_2,
        );
        let b = transform(
            [0.0, 2.0, 0.0],
            [1.0, 0.0, 0.0],
            core::f64::consts::FRAC_PI_2,
        );
        for p in points() {
            let bound = 32.0 * f64::EPSILON * (p.length() + 3.0);
            let in_turn = a.transform_point(b.transform_point(p));
            assert!(((a * b).transform_point(p) - in_turn).length() <= bound);
        }
        // b then a: (0, 0, 1) -> b: about X, Z to -Y, then + (0, 2, 0) = (0, 1, 0);
        // -> a: about Z, Y to -X, then + (1, 0, 0) = (0, 0, 0).
        let p = (a * b).transform_point(Vec3::Z);
        assert!(p.length() <= 8.0 * f64::EPSILON, "{p:?}");
        assert_eq!(a * Transform3::IDENTITY, a);
        assert_eq!(Transform3::IDENTITY * a, a);
    }

    #[test]
    fn inv_mul_keeps_relative_precision_far_from_the_origin() {
        // Two f32 boxes 1e4 from the origin, half a unit apart, turned alike: the
        // relative translation is exact (Sterbenz) and then only rotated.
        let turn = Quat::from_axis_angle(Vec3::new(1.0_f32, 2.0, 3.0), 0.9).expect("axis");
        let a = Transform3::new(Vec3::new(10_000.0, -10_000.0, 5_000.0), turn);
        let b = Transform3::new(Vec3::new(10_000.5, -10_000.0, 5_000.0), turn);
        let relative = a.inv_mul(b);
        let expected = turn.inv_rotate(Vec3::new(0.5, 0.0, 0.0));
        assert_eq!(relative.translation, expected);
        // Within 8 eps of the exact 0.5 length: one rotation's rounding.
        let error = (relative.translation.length() - 0.5).abs();
        assert!(error <= 8.0 * f32::EPSILON * 0.5, "{error:e}");
    }

    #[test]
    fn validity_needs_a_finite_translation_and_a_unit_rotation() {
        assert!(Transform3::<f64>::IDENTITY.is_valid());
        assert_eq!(Transform3::<f64>::default(), Transform3::IDENTITY);
        for bad in [f64::NAN, f64::INFINITY] {
            let moved = Transform3::from_translation(Vec3::new(0.0, 0.0, bad));
            assert!(!moved.is_valid());
        }
        let scaled = Quat {
            w: 1.5,
            ..Quat::IDENTITY
        };
        assert!(!Transform3::new(Vec3::ZERO, scaled).is_valid());
        assert_eq!(
            Transform3::from_position_axis_angle(Vec3::ZERO, Vec3::X, f64::NAN),
            None
        );
        assert_eq!(
            Transform3::from_position_axis_angle(Vec3::ZERO, Vec3::ZERO, 1.0_f64),
            None
        );
    }
}
