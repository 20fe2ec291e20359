//! `Rot`: a 2D rotation stored as its cosine and sine.

use core::ops::Mul;

use crate::{Scalar, Vec2};

/// A 2D rotation stored as `(cos, sin)` of its angle, as Box2D does: rotating a vector
/// costs four multiplications and no trigonometry.
///
/// ```
/// use gjk_core::{Rot, Vec2};
///
/// let quarter = Rot::from_angle(core::f64::consts::FRAC_PI_2);
/// let v = quarter.rotate(Vec2::new(1.0, 0.0));
/// assert!((v - Vec2::new(0.0, 1.0)).length() < 1e-15);
/// assert!((quarter.inv_rotate(v) - Vec2::new(1.0, 0.0)).length() < 1e-15);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::AnyBitPattern))]
#[repr(C)]
pub struct Rot<S> {
    /// Cosine of the angle.
    pub cos: S,
    /// Sine of the angle.
    pub sin: S,
}

impl<S: Scalar> Default for Rot<S> {
    #[inline]
    fn default() -> Self {
        Self::IDENTITY
    }
}

impl<S: Scalar> Rot<S> {
    /// The rotation by zero.
    ///
    /// ```
    /// use gjk_core::{Rot, Vec2};
    /// assert_eq!(Rot::<f32>::IDENTITY.rotate(Vec2::new(1.0, 2.0)), Vec2::new(1.0, 2.0));
    /// ```
    pub const IDENTITY: Self = Self {
        cos: S::ONE,
        sin: S::ZERO,
    };

    /// The rotation by `angle` radians, counter-clockwise.
    ///
    /// ```
    /// let r = gjk_core::Rot::from_angle(0.0_f32);
    /// assert_eq!(r, gjk_core::Rot::IDENTITY);
    /// ```
    #[inline]
    pub fn from_angle(angle: S) -> Self {
        let (sin, cos) = angle.sin_and_cos();
        Self { cos, sin }
    }

    /// The rotation with cosine `cos` and sine `sin`, checked: `None` unless both are
    /// finite and `cos^2 + sin^2` is within [`Scalar::UNIT_TOLERANCE`] of one (the
    /// check every query makes of its transforms, so a rotation built here is never
    /// rejected as invalid input). For angles kept as a cosine and sine, as engines
    /// and Box2D keep them; [`normalize`](Self::normalize) repairs a drifted pair.
    ///
    /// ```
    /// use gjk_core::Rot;
    /// let eighth = Rot::from_cos_sin(0.6_f32, 0.8).unwrap();
    /// assert_eq!((eighth.cos, eighth.sin), (0.6, 0.8));
    /// assert_eq!(Rot::from_cos_sin(1.0_f32, 0.5), None); // not unit length
    /// assert_eq!(Rot::from_cos_sin(f64::NAN, 0.0), None);
    /// ```
    #[inline]
    pub fn from_cos_sin(cos: S, sin: S) -> Option<Self> {
        let rotation = Self { cos, sin };
        rotation.is_valid().then_some(rotation)
    }

    /// The angle in radians, in `[-pi, pi]`.
    ///
    /// ```
    /// let r = gjk_core::Rot::from_angle(0.5_f64);
    /// assert!((r.angle() - 0.5).abs() < 1e-15);
    /// ```
    #[inline]
    pub fn angle(self) -> S {
        self.sin.atan2(self.cos)
    }

    /// The rotation scaled back to unit length (`cos^2 + sin^2 = 1`); the identity if it
    /// is zero or not finite.
    ///
    /// ```
    /// use gjk_core::Rot;
    /// let drifted = Rot { cos: 1.001_f32, sin: 0.0 };
    /// assert_eq!(drifted.normalize(), Rot::IDENTITY);
    /// ```
    #[inline]
    pub fn normalize(self) -> Self {
        match Vec2::new(self.cos, self.sin).normalize() {
            Some(unit) => Self {
                cos: unit.x,
                sin: unit.y,
            },
            None => Self::IDENTITY,
        }
    }

    /// Whether both entries are finite and `cos^2 + sin^2` is within
    /// [`Scalar::UNIT_TOLERANCE`] of one.
    ///
    /// ```
    /// use gjk_core::Rot;
    /// assert!(Rot::from_angle(1.0_f32).is_valid());
    /// assert!(!Rot { cos: 2.0_f32, sin: 0.0 }.is_valid());
    /// ```
    #[inline]
    pub fn is_valid(self) -> bool {
        let norm_squared = self.cos * self.cos + self.sin * self.sin;
        // NaN fails the comparison, so a NaN rotation is invalid.
        (norm_squared - S::ONE).abs() <= S::UNIT_TOLERANCE
    }

    /// Rotates a vector: `(c x - s y, s x + c y)`.
    ///
    /// ```
    /// use gjk_core::{Rot, Vec2};
    /// let r = Rot { cos: 0.0_f32, sin: 1.0 };
    /// assert_eq!(r.rotate(Vec2::X), Vec2::Y);
    /// ```
    #[inline]
    pub fn rotate(self, v: Vec2<S>) -> Vec2<S> {
        Vec2::new(
            self.cos * v.x - self.sin * v.y,
            self.sin * v.x + self.cos * v.y,
        )
    }

    /// Rotates a vector by the inverse rotation: `(c x + s y, -s x + c y)`.
    ///
    /// ```
    /// use gjk_core::{Rot, Vec2};
    /// let r = Rot { cos: 0.0_f32, sin: 1.0 };
    /// assert_eq!(r.inv_rotate(Vec2::Y), Vec2::X);
    /// ```
    #[inline]
    pub fn inv_rotate(self, v: Vec2<S>) -> Vec2<S> {
        Vec2::new(
            self.cos * v.x + self.sin * v.y,
            -self.sin * v.x + self.cos * v.y,
        )
    }

    /// The composition `self^-1 * other`: the rotation of `other` relative to `self`.
    ///
    /// ```
    /// use gjk_core::Rot;
    /// let r = Rot::from_angle(0.25_f64).inv_mul(Rot::from_angle(1.0));
    /// assert!((r.angle() - 0.75).abs() < 1e-15);
    /// ```
    #[inline]
    pub fn inv_mul(self, other: Self) -> Self {
        // [ c1 s1][c2 -s2]   [c1c2 + s1s2  ...]
        // [-s1 c1][s2  c2] = [c1s2 - s1c2  ...]
        Self {
            cos: self.cos * other.cos + self.sin * other.sin,
            sin: self.cos * other.sin - self.sin * other.cos,
        }
    }
}

impl<S: Scalar> Mul for Rot<S> {
    type Output = Self;

    /// The composition `self * other`: first `other`, then `self`.
    ///
    /// ```
    /// use gjk_core::Rot;
    /// let r = Rot::from_angle(0.25_f64) * Rot::from_angle(0.5);
    /// assert!((r.angle() - 0.75).abs() < 1e-15);
    /// ```
    #[inline]
    fn mul(self, other: Self) -> Self {
        // [c1 -s1][c2 -s2]   [c1c2 - s1s2  ...]
        // [s1  c1][s2  c2] = [s1c2 + c1s2  ...]
        Self {
            cos: self.cos * other.cos - self.sin * other.sin,
            sin: self.sin * other.cos + self.cos * other.sin,
        }
    }
}
