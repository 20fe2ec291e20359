//! `Transform`: a rigid motion, rotation then translation.

use core::ops::Mul;

use crate::{Rot, Scalar, Vec2};

/// A rigid transform: rotate by `rotation`, then move by `translation`.
///
/// Queries take one transform per shape and compute the transform of B relative to A
/// once ([`Transform::inv_mul`]); all iterations then run in A's local frame. Two shapes
/// far from the world origin keep the precision of their relative position that way.
///
/// ```
/// use gjk_core::{Rot, Transform, Vec2};
///
/// let xf = Transform::new(Vec2::new(10.0_f64, 0.0), Rot::from_angle(core::f64::consts::FRAC_PI_2));
/// let world = xf.transform_point(Vec2::new(1.0, 0.0));
/// assert!((world - Vec2::new(10.0, 1.0)).length() < 1e-14);
/// assert!((xf.inv_transform_point(world) - Vec2::new(1.0, 0.0)).length() < 1e-14);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::AnyBitPattern))]
#[repr(C)]
pub struct Transform<S> {
    /// Where the local origin lands.
    pub translation: Vec2<S>,
    /// The rotation applied before the translation.
    pub rotation: Rot<S>,
}

impl<S: Scalar> Default for Transform<S> {
    #[inline]
    fn default() -> Self {
        Self::IDENTITY
    }
}

impl<S: Scalar> Transform<S> {
    /// The transform that changes nothing.
    ///
    /// ```
    /// use gjk_core::{Transform, Vec2};
    /// assert_eq!(Transform::<f32>::IDENTITY.transform_point(Vec2::X), Vec2::X);
    /// ```
    pub const IDENTITY: Self = Self {
        translation: Vec2::ZERO,
        rotation: Rot::IDENTITY,
    };

    /// A transform from its translation and rotation.
    ///
    /// ```
    /// use gjk_core::{Rot, Transform, Vec2};
    /// let xf = Transform::new(Vec2::new(1.0_f32, 2.0), Rot::IDENTITY);
    /// assert_eq!(xf.transform_point(Vec2::ZERO), Vec2::new(1.0, 2.0));
    /// ```
    #[inline]
    pub const fn new(translation: Vec2<S>, rotation: Rot<S>) -> Self {
        Self {
            translation,
            rotation,
        }
    }

    /// A transform from a position and an angle in radians.
    ///
    /// ```
    /// use gjk_core::{Transform, Vec2};
    /// let xf = Transform::from_position_angle(Vec2::new(1.0_f32, 2.0), 0.0);
    /// assert_eq!(xf, Transform::from_translation(Vec2::new(1.0, 2.0)));
    /// ```
    #[inline]
    pub fn from_position_angle(position: Vec2<S>, angle: S) -> Self {
        Self::new(position, Rot::from_angle(angle))
    }

    /// A pure translation.
    ///
    /// ```
    /// use gjk_core::{Transform, Vec2};
    /// let xf = Transform::from_translation(Vec2::new(0.0_f64, 3.0));
    /// assert_eq!(xf.transform_point(Vec2::X), Vec2::new(1.0, 3.0));
    /// ```
    #[inline]
    pub fn from_translation(translation: Vec2<S>) -> Self {
        Self::new(translation, Rot::IDENTITY)
    }

    /// Maps a local point to the parent frame: `R p + t`.
    ///
    /// ```
    /// use gjk_core::{Transform, Vec2};
    /// let xf = Transform::from_translation(Vec2::new(1.0_f32, 1.0));
    /// assert_eq!(xf.transform_point(Vec2::new(2.0, 0.0)), Vec2::new(3.0, 1.0));
    /// ```
    #[inline]
    pub fn transform_point(self, point: Vec2<S>) -> Vec2<S> {
        self.rotation.rotate(point) + self.translation
    }

    /// Maps a parent-frame point into the local frame: `R^T (p - t)`.
    ///
    /// ```
    /// use gjk_core::{Transform, Vec2};
    /// let xf = Transform::from_translation(Vec2::new(1.0_f32, 1.0));
    /// assert_eq!(xf.inv_transform_point(Vec2::new(3.0, 1.0)), Vec2::new(2.0, 0.0));
    /// ```
    #[inline]
    pub fn inv_transform_point(self, point: Vec2<S>) -> Vec2<S> {
        self.rotation.inv_rotate(point - self.translation)
    }

    /// The composition `self^-1 * other`: `other` expressed in the frame of `self`.
    ///
    /// This is how queries place shape B in shape A's frame. The translation is
    /// `R_self^T (t_other - t_self)`: the subtraction of two nearby positions is exact
    /// in floating point (Sterbenz), so shapes far from the origin keep their relative
    /// precision.
    ///
    /// ```
    /// use gjk_core::{Transform, Vec2};
    /// let a = Transform::from_translation(Vec2::new(10_000.0_f32, 0.0));
    /// let b = Transform::from_translation(Vec2::new(10_000.5_f32, 0.0));
    /// assert_eq!(a.inv_mul(b).translation, Vec2::new(0.5, 0.0));
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

    /// Whether the translation is finite and the rotation is valid ([`Rot::is_valid`]).
    ///
    /// ```
    /// use gjk_core::{Transform, Vec2};
    /// assert!(Transform::<f32>::IDENTITY.is_valid());
    /// assert!(!Transform::from_translation(Vec2::new(f32::NAN, 0.0)).is_valid());
    /// ```
    #[inline]
    pub fn is_valid(self) -> bool {
        self.translation.is_finite() && self.rotation.is_valid()
    }
}

impl<S: Scalar> Mul for Transform<S> {
    type Output = Self;

    /// The composition `self * other`: first `other`, then `self`.
    ///
    /// ```
    /// use gjk_core::{Transform, Vec2};
    /// let a = Transform::from_translation(Vec2::new(1.0_f32, 0.0));
    /// let b = Transform::from_translation(Vec2::new(0.0_f32, 2.0));
    /// assert_eq!((a * b).translation, Vec2::new(1.0, 2.0));
    /// ```
    #[inline]
    fn mul(self, other: Self) -> Self {
        Self {
            translation: self.rotation.rotate(other.translation) + self.translation,
            rotation: self.rotation * other.rotation,
        }
    }
}
