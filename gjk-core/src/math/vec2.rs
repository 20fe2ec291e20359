//! `Vec2`: a 2D vector or point.

use core::ops::{Add, AddAssign, Div, Mul, Neg, Sub, SubAssign};

use crate::Scalar;

/// A 2D vector or point.
///
/// ```
/// use gjk_core::Vec2;
///
/// let a = Vec2::new(3.0_f32, 4.0);
/// assert_eq!(a.length(), 5.0);
/// assert_eq!(a.dot(Vec2::new(1.0, 0.0)), 3.0);
/// assert_eq!(a.perp(), Vec2::new(-4.0, 3.0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::AnyBitPattern))]
#[repr(C)]
pub struct Vec2<S> {
    /// The x coordinate.
    pub x: S,
    /// The y coordinate.
    pub y: S,
}

impl<S: Scalar> Vec2<S> {
    /// The zero vector.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// assert_eq!(Vec2::<f32>::ZERO.length(), 0.0);
    /// ```
    pub const ZERO: Self = Self {
        x: S::ZERO,
        y: S::ZERO,
    };
    /// The unit x axis `(1, 0)`.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// assert_eq!(Vec2::<f64>::X.perp(), Vec2::Y);
    /// ```
    pub const X: Self = Self {
        x: S::ONE,
        y: S::ZERO,
    };
    /// The unit y axis `(0, 1)`.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// assert_eq!(Vec2::<f64>::X * 3.0 + Vec2::Y * 4.0, Vec2::new(3.0, 4.0));
    /// ```
    pub const Y: Self = Self {
        x: S::ZERO,
        y: S::ONE,
    };

    /// A vector from its coordinates.
    ///
    /// ```
    /// let v = gjk_core::Vec2::new(1.0_f64, 2.0);
    /// assert_eq!((v.x, v.y), (1.0, 2.0));
    /// ```
    #[inline]
    pub const fn new(x: S, y: S) -> Self {
        Self { x, y }
    }

    /// Dot product `x1 x2 + y1 y2`.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// assert_eq!(Vec2::new(1.0_f32, 2.0).dot(Vec2::new(3.0, 4.0)), 11.0);
    /// ```
    #[inline]
    pub fn dot(self, other: Self) -> S {
        self.x * other.x + self.y * other.y
    }

    /// 2D cross product (the z of the 3D cross product) `x1 y2 - y1 x2`: positive when
    /// `other` lies counter-clockwise of `self`.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// assert_eq!(Vec2::<f32>::X.cross(Vec2::Y), 1.0);
    /// ```
    #[inline]
    pub fn cross(self, other: Self) -> S {
        self.x * other.y - self.y * other.x
    }

    /// The vector turned a quarter counter-clockwise (left perpendicular) `(-y, x)`.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// assert_eq!(Vec2::<f32>::X.perp(), Vec2::Y);
    /// ```
    #[inline]
    pub fn perp(self) -> Self {
        Self::new(-self.y, self.x)
    }

    /// Squared length `x^2 + y^2`.
    ///
    /// ```
    /// assert_eq!(gjk_core::Vec2::new(3.0_f32, 4.0).length_squared(), 25.0);
    /// ```
    #[inline]
    pub fn length_squared(self) -> S {
        self.dot(self)
    }

    /// Length `sqrt(x^2 + y^2)`.
    ///
    /// ```
    /// assert_eq!(gjk_core::Vec2::new(3.0_f32, 4.0).length(), 5.0);
    /// ```
    #[inline]
    pub fn length(self) -> S {
        self.length_squared().square_root()
    }

    /// Distance between two points, `|self - other|`.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// assert_eq!(Vec2::new(1.0_f32, 1.0).distance(Vec2::new(4.0, 5.0)), 5.0);
    /// ```
    #[inline]
    pub fn distance(self, other: Self) -> S {
        (self - other).length()
    }

    /// The unit vector along `self`, or `None` when `self` is zero or not finite.
    ///
    /// The vector is first scaled by its largest coordinate, so tiny vectors whose
    /// squared length would underflow and huge ones whose squared length would
    /// overflow still normalize.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// assert_eq!(Vec2::new(0.0_f32, 2.0).normalize(), Some(Vec2::Y));
    /// assert_eq!(Vec2::new(1.0e-30_f32, 0.0).normalize(), Some(Vec2::X));
    /// assert_eq!(Vec2::new(0.0_f32, -3.0e30).normalize(), Some(-Vec2::Y));
    /// assert_eq!(Vec2::<f32>::ZERO.normalize(), None);
    /// assert_eq!(Vec2::new(f32::NAN, 1.0).normalize(), None);
    /// ```
    #[inline]
    pub fn normalize(self) -> Option<Self> {
        let largest = self.max_abs();
        // `max_abs` ignores a NaN coordinate, hence the separate finiteness test.
        let has_direction = largest > S::ZERO && self.is_finite();
        if !has_direction {
            return None;
        }
        let scaled = self / largest;
        Some(scaled / scaled.length())
    }

    /// `self + (other - self) * t`: the point at fraction `t` from `self` to `other`.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// assert_eq!(Vec2::new(0.0_f32, 0.0).lerp(Vec2::new(2.0, 4.0), 0.5), Vec2::new(1.0, 2.0));
    /// ```
    #[inline]
    pub fn lerp(self, other: Self, t: S) -> Self {
        self + (other - self) * t
    }

    /// Component-wise minimum.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// assert_eq!(Vec2::new(1.0_f32, 5.0).min(Vec2::new(2.0, 3.0)), Vec2::new(1.0, 3.0));
    /// ```
    #[inline]
    pub fn min(self, other: Self) -> Self {
        Self::new(self.x.min(other.x), self.y.min(other.y))
    }

    /// Component-wise maximum.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// assert_eq!(Vec2::new(1.0_f32, 5.0).max(Vec2::new(2.0, 3.0)), Vec2::new(2.0, 5.0));
    /// ```
    #[inline]
    pub fn max(self, other: Self) -> Self {
        Self::new(self.x.max(other.x), self.y.max(other.y))
    }

    /// Component-wise absolute value.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// assert_eq!(Vec2::new(-1.0_f32, 2.0).abs(), Vec2::new(1.0, 2.0));
    /// ```
    #[inline]
    pub fn abs(self) -> Self {
        Self::new(self.x.abs(), self.y.abs())
    }

    /// The larger absolute coordinate, `max(|x|, |y|)`. Like `Float::max`, it ignores
    /// a NaN coordinate (`(NaN, 1)` gives 1): test [`is_finite`](Self::is_finite) first
    /// where NaN matters.
    ///
    /// ```
    /// assert_eq!(gjk_core::Vec2::new(-3.0_f32, 2.0).max_abs(), 3.0);
    /// ```
    #[inline]
    pub fn max_abs(self) -> S {
        self.x.abs().max(self.y.abs())
    }

    /// Whether both coordinates are finite (neither NaN nor infinite).
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// assert!(Vec2::new(1.0_f32, 2.0).is_finite());
    /// assert!(!Vec2::new(f32::NAN, 2.0).is_finite());
    /// ```
    #[inline]
    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }

    /// Converts the coordinates to another scalar type through `f64`.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// let v: Vec2<f64> = Vec2::new(0.5_f32, 2.0).cast();
    /// assert_eq!(v, Vec2::new(0.5, 2.0));
    /// ```
    #[inline]
    pub fn cast<T: Scalar>(self) -> Vec2<T> {
        Vec2::new(T::from_f64(self.x.to_f64()), T::from_f64(self.y.to_f64()))
    }
}

impl<S: Scalar> Add for Vec2<S> {
    type Output = Self;
    #[inline]
    fn add(self, other: Self) -> Self {
        Self::new(self.x + other.x, self.y + other.y)
    }
}

impl<S: Scalar> AddAssign for Vec2<S> {
    #[inline]
    fn add_assign(&mut self, other: Self) {
        *self = *self + other;
    }
}

impl<S: Scalar> Sub for Vec2<S> {
    type Output = Self;
    #[inline]
    fn sub(self, other: Self) -> Self {
        Self::new(self.x - other.x, self.y - other.y)
    }
}

impl<S: Scalar> SubAssign for Vec2<S> {
    #[inline]
    fn sub_assign(&mut self, other: Self) {
        *self = *self - other;
    }
}

impl<S: Scalar> Neg for Vec2<S> {
    type Output = Self;
    #[inline]
    fn neg(self) -> Self {
        Self::new(-self.x, -self.y)
    }
}

impl<S: Scalar> Mul<S> for Vec2<S> {
    type Output = Self;
    #[inline]
    fn mul(self, factor: S) -> Self {
        Self::new(self.x * factor, self.y * factor)
    }
}

impl<S: Scalar> Div<S> for Vec2<S> {
    type Output = Self;
    #[inline]
    fn div(self, divisor: S) -> Self {
        Self::new(self.x / divisor, self.y / divisor)
    }
}

impl<S: Scalar> From<[S; 2]> for Vec2<S> {
    #[inline]
    fn from([x, y]: [S; 2]) -> Self {
        Self::new(x, y)
    }
}

impl<S: Scalar> From<Vec2<S>> for [S; 2] {
    #[inline]
    fn from(v: Vec2<S>) -> Self {
        [v.x, v.y]
    }
}

#[cfg(feature = "mint")]
impl<S: Scalar> From<mint::Vector2<S>> for Vec2<S> {
    #[inline]
    fn from(v: mint::Vector2<S>) -> Self {
        Self::new(v.x, v.y)
    }
}

#[cfg(feature = "mint")]
impl<S: Scalar> From<Vec2<S>> for mint::Vector2<S> {
    #[inline]
    fn from(v: Vec2<S>) -> Self {
        mint::Vector2 { x: v.x, y: v.y }
    }
}

#[cfg(feature = "mint")]
impl<S: Scalar> From<mint::Point2<S>> for Vec2<S> {
    #[inline]
    fn from(p: mint::Point2<S>) -> Self {
        Self::new(p.x, p.y)
    }
}

#[cfg(feature = "mint")]
impl<S: Scalar> From<Vec2<S>> for mint::Point2<S> {
    #[inline]
    fn from(v: Vec2<S>) -> Self {
        mint::Point2 { x: v.x, y: v.y }
    }
}
