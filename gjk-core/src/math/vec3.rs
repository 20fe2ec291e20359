//! `Vec3`: a 3D vector or point.

use core::ops::{Add, AddAssign, Div, Mul, MulAssign, Neg, Sub, SubAssign};

use crate::Scalar;

/// A 3D vector or point.
///
/// ```
/// use gjk_core::Vec3;
///
/// let a = Vec3::new(2.0_f32, 3.0, 6.0);
/// assert_eq!(a.length(), 7.0);
/// assert_eq!(a.dot(Vec3::new(1.0, 0.0, 0.0)), 2.0);
/// assert_eq!(Vec3::<f32>::X.cross(Vec3::Y), Vec3::Z);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::AnyBitPattern))]
#[repr(C)]
pub struct Vec3<S> {
    /// The x coordinate.
    pub x: S,
    /// The y coordinate.
    pub y: S,
    /// The z coordinate.
    pub z: S,
}

impl<S: Scalar> Vec3<S> {
    /// The zero vector.
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// assert_eq!(Vec3::<f32>::ZERO.length(), 0.0);
    /// ```
    pub const ZERO: Self = Self {
        x: S::ZERO,
        y: S::ZERO,
        z: S::ZERO,
    };
    /// The unit x axis `(1, 0, 0)`.
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// assert_eq!(Vec3::<f64>::X.cross(Vec3::Y), Vec3::Z);
    /// ```
    pub const X: Self = Self {
        x: S::ONE,
        y: S::ZERO,
        z: S::ZERO,
    };
    /// The unit y axis `(0, 1, 0)`.
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// assert_eq!(Vec3::<f64>::Y.cross(Vec3::Z), Vec3::X);
    /// ```
    pub const Y: Self = Self {
        x: S::ZERO,
        y: S::ONE,
        z: S::ZERO,
    };
    /// The unit z axis `(0, 0, 1)`.
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// assert_eq!(Vec3::<f64>::Z.cross(Vec3::X), Vec3::Y);
    /// ```
    pub const Z: Self = Self {
        x: S::ZERO,
        y: S::ZERO,
        z: S::ONE,
    };

    /// A vector from its coordinates.
    ///
    /// ```
    /// let v = gjk_core::Vec3::new(1.0_f64, 2.0, 3.0);
    /// assert_eq!((v.x, v.y, v.z), (1.0, 2.0, 3.0));
    /// ```
    #[inline]
    pub const fn new(x: S, y: S, z: S) -> Self {
        Self { x, y, z }
    }

    /// The vector with every coordinate equal to `value`, `(v, v, v)`.
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// assert_eq!(Vec3::splat(2.0_f32), Vec3::new(2.0, 2.0, 2.0));
    /// ```
    #[inline]
    pub const fn splat(value: S) -> Self {
        Self::new(value, value, value)
    }

    /// Dot product `x1 x2 + y1 y2 + z1 z2`.
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// assert_eq!(Vec3::new(1.0_f32, 2.0, 3.0).dot(Vec3::new(4.0, 5.0, 6.0)), 32.0);
    /// ```
    #[inline]
    pub fn dot(self, other: Self) -> S {
        self.x * other.x + self.y * other.y + self.z * other.z
    }

    /// Cross product `(y1 z2 - z1 y2, z1 x2 - x1 z2, x1 y2 - y1 x2)`: perpendicular to
    /// both, of length `|a| |b| sin(angle)`, right-handed (`X x Y = Z`).
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// assert_eq!(Vec3::<f32>::X.cross(Vec3::Y), Vec3::Z);
    /// assert_eq!(Vec3::<f32>::Y.cross(Vec3::X), -Vec3::Z);
    /// let c = Vec3::new(1.0_f32, 2.0, 3.0).cross(Vec3::new(4.0, 5.0, 6.0));
    /// assert_eq!(c, Vec3::new(-3.0, 6.0, -3.0));
    /// ```
    #[inline]
    pub fn cross(self, other: Self) -> Self {
        // Each coordinate is a 2x2 determinant, a difference of two products, written
        // as the plain `a b - c d` that `Vec2::cross` uses. Why: Rust never fuses it
        // into a fused multiply-add, so the result is the same bit for bit on every
        // target, and it costs two multiplications and a subtraction where the
        // FMA-based form (Kahan's) would call `libm::fma`, a software routine on
        // targets without a hardware FMA (the x86-64 baseline; every Cortex-M in f64).
        //
        // Rounding: each product rounds once and the difference once, so a
        // coordinate is off by at most `eps (|a b| + |c d|)` (the unit roundoff is
        // eps/2; three roundings, to first order). That bound is absolute: when the
        // two products nearly cancel (nearly parallel vectors, whose cross product is
        // short) the relative error of the coordinate can be large. The tests check
        // the bound against an f64 computation.
        Self::new(
            self.y * other.z - self.z * other.y,
            self.z * other.x - self.x * other.z,
            self.x * other.y - self.y * other.x,
        )
    }

    /// Squared length `x^2 + y^2 + z^2`.
    ///
    /// ```
    /// assert_eq!(gjk_core::Vec3::new(2.0_f32, 3.0, 6.0).length_squared(), 49.0);
    /// ```
    #[inline]
    pub fn length_squared(self) -> S {
        self.dot(self)
    }

    /// Length `sqrt(x^2 + y^2 + z^2)`. Underflows to zero for vectors shorter than
    /// about the square root of the smallest normal number and overflows beyond the
    /// square root of the largest; [`normalize`](Self::normalize) does not.
    ///
    /// ```
    /// assert_eq!(gjk_core::Vec3::new(2.0_f32, 3.0, 6.0).length(), 7.0);
    /// ```
    #[inline]
    pub fn length(self) -> S {
        self.length_squared().square_root()
    }

    /// Distance between two points, `|self - other|`.
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// assert_eq!(Vec3::new(1.0_f32, 1.0, 1.0).distance(Vec3::new(3.0, 4.0, 7.0)), 7.0);
    /// ```
    #[inline]
    pub fn distance(self, other: Self) -> S {
        (self - other).length()
    }

    /// The unit vector along `self`, or `None` when `self` is zero or not finite.
    ///
    /// The vector is first scaled by its largest coordinate magnitude, so tiny vectors
    /// whose squared length would underflow and huge ones whose squared length would
    /// overflow still normalize: after the scaling the largest coordinate is one and
    /// the squared length lies in `[1, 3]`.
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// assert_eq!(Vec3::new(0.0_f32, 0.0, 2.0).normalize(), Some(Vec3::Z));
    /// assert_eq!(Vec3::new(1.0e-30_f32, 0.0, 0.0).normalize(), Some(Vec3::X));
    /// assert_eq!(Vec3::new(0.0_f32, -3.0e30, 0.0).normalize(), Some(-Vec3::Y));
    /// assert_eq!(Vec3::<f32>::ZERO.normalize(), None);
    /// assert_eq!(Vec3::new(f32::NAN, 1.0, 0.0).normalize(), None);
    /// assert_eq!(Vec3::new(f32::INFINITY, 1.0, 0.0).normalize(), None);
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
    /// use gjk_core::Vec3;
    /// let mid = Vec3::ZERO.lerp(Vec3::new(2.0_f32, 4.0, 6.0), 0.5);
    /// assert_eq!(mid, Vec3::new(1.0, 2.0, 3.0));
    /// ```
    #[inline]
    pub fn lerp(self, other: Self, t: S) -> Self {
        self + (other - self) * t
    }

    /// Component-wise minimum.
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// let v = Vec3::new(1.0_f32, 5.0, -2.0).min(Vec3::new(2.0, 3.0, -1.0));
    /// assert_eq!(v, Vec3::new(1.0, 3.0, -2.0));
    /// ```
    #[inline]
    pub fn min(self, other: Self) -> Self {
        Self::new(
            self.x.min(other.x),
            self.y.min(other.y),
            self.z.min(other.z),
        )
    }

    /// Component-wise maximum.
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// let v = Vec3::new(1.0_f32, 5.0, -2.0).max(Vec3::new(2.0, 3.0, -1.0));
    /// assert_eq!(v, Vec3::new(2.0, 5.0, -1.0));
    /// ```
    #[inline]
    pub fn max(self, other: Self) -> Self {
        Self::new(
            self.x.max(other.x),
            self.y.max(other.y),
            self.z.max(other.z),
        )
    }

    /// Component-wise absolute value.
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// assert_eq!(Vec3::new(-1.0_f32, 2.0, -3.0).abs(), Vec3::new(1.0, 2.0, 3.0));
    /// ```
    #[inline]
    pub fn abs(self) -> Self {
        Self::new(self.x.abs(), self.y.abs(), self.z.abs())
    }

    /// The largest absolute coordinate, `max(|x|, |y|, |z|)`. Like `Float::max`, it
    /// ignores a NaN coordinate (`(NaN, 1, 0)` gives 1): test
    /// [`is_finite`](Self::is_finite) first where NaN matters.
    ///
    /// ```
    /// assert_eq!(gjk_core::Vec3::new(-3.0_f32, 2.0, 1.0).max_abs(), 3.0);
    /// ```
    #[inline]
    pub fn max_abs(self) -> S {
        self.x.abs().max(self.y.abs()).max(self.z.abs())
    }

    /// Whether all three coordinates are finite (neither NaN nor infinite).
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// assert!(Vec3::new(1.0_f32, 2.0, 3.0).is_finite());
    /// assert!(!Vec3::new(1.0_f32, 2.0, f32::NAN).is_finite());
    /// ```
    #[inline]
    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite() && self.z.is_finite()
    }

    /// Converts the coordinates to another scalar type through `f64`.
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// let v: Vec3<f64> = Vec3::new(0.5_f32, 2.0, -1.0).cast();
    /// assert_eq!(v, Vec3::new(0.5, 2.0, -1.0));
    /// ```
    #[inline]
    pub fn cast<T: Scalar>(self) -> Vec3<T> {
        Vec3::new(
            T::from_f64(self.x.to_f64()),
            T::from_f64(self.y.to_f64()),
            T::from_f64(self.z.to_f64()),
        )
    }
}

impl<S: Scalar> Add for Vec3<S> {
    type Output = Self;
    #[inline]
    fn add(self, other: Self) -> Self {
        Self::new(self.x + other.x, self.y + other.y, self.z + other.z)
    }
}

impl<S: Scalar> AddAssign for Vec3<S> {
    #[inline]
    fn add_assign(&mut self, other: Self) {
        *self = *self + other;
    }
}

impl<S: Scalar> Sub for Vec3<S> {
    type Output = Self;
    #[inline]
    fn sub(self, other: Self) -> Self {
        Self::new(self.x - other.x, self.y - other.y, self.z - other.z)
    }
}

impl<S: Scalar> SubAssign for Vec3<S> {
    #[inline]
    fn sub_assign(&mut self, other: Self) {
        *self = *self - other;
    }
}

impl<S: Scalar> Neg for Vec3<S> {
    type Output = Self;
    #[inline]
    fn neg(self) -> Self {
        Self::new(-self.x, -self.y, -self.z)
    }
}

impl<S: Scalar> Mul<S> for Vec3<S> {
    type Output = Self;
    #[inline]
    fn mul(self, factor: S) -> Self {
        Self::new(self.x * factor, self.y * factor, self.z * factor)
    }
}

impl<S: Scalar> MulAssign<S> for Vec3<S> {
    #[inline]
    fn mul_assign(&mut self, factor: S) {
        *self = *self * factor;
    }
}

impl<S: Scalar> Div<S> for Vec3<S> {
    type Output = Self;
    #[inline]
    fn div(self, divisor: S) -> Self {
        Self::new(self.x / divisor, self.y / divisor, self.z / divisor)
    }
}

impl<S: Scalar> From<[S; 3]> for Vec3<S> {
    #[inline]
    fn from([x, y, z]: [S; 3]) -> Self {
        Self::new(x, y, z)
    }
}

impl<S: Scalar> From<Vec3<S>> for [S; 3] {
    #[inline]
    fn from(v: Vec3<S>) -> Self {
        [v.x, v.y, v.z]
    }
}

#[cfg(feature = "mint")]
impl<S: Scalar> From<mint::Vector3<S>> for Vec3<S> {
    #[inline]
    fn from(v: mint::Vector3<S>) -> Self {
        Self::new(v.x, v.y, v.z)
    }
}

#[cfg(feature = "mint")]
impl<S: Scalar> From<Vec3<S>> for mint::Vector3<S> {
    #[inline]
    fn from(v: Vec3<S>) -> Self {
        mint::Vector3 {
            x: v.x,
            y: v.y,
            z: v.z,
        }
    }
}

#[cfg(feature = "mint")]
impl<S: Scalar> From<mint::Point3<S>> for Vec3<S> {
    #[inline]
    fn from(p: mint::Point3<S>) -> Self {
        Self::new(p.x, p.y, p.z)
    }
}

#[cfg(feature = "mint")]
impl<S: Scalar> From<Vec3<S>> for mint::Point3<S> {
    #[inline]
    fn from(v: Vec3<S>) -> Self {
        mint::Point3 {
            x: v.x,
            y: v.y,
            z: v.z,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `|normalize(v) - expected|` for a vector whose direction is known exactly, in
    /// units of the type's epsilon.
    fn direction_error<S: Scalar>(v: Vec3<S>, expected: Vec3<f64>) -> f64 {
        let unit = v.normalize().map(Vec3::cast::<f64>);
        match unit {
            Some(unit) => (unit - expected).length() / S::EPS.to_f64(),
            None => f64::INFINITY,
        }
    }

    fn normalizes_at_every_scale<S: Scalar>(scales: [f64; 4]) {
        // (1, 2, 2) / 3 is the direction at every scale; each scale is a power of
        // ten, so the scaled coordinates are rounded, and the direction is off by
        // about an epsilon before normalize runs: the bound of 4 eps covers that
        // rounding, the division by the largest coordinate, the square root and the
        // final division.
        let expected = Vec3::new(1.0, 2.0, 2.0) / 3.0;
        for scale in scales {
            for sign in [1.0, -1.0] {
                let v = Vec3::new(1.0, 2.0, 2.0) * (sign * scale);
                let v: Vec3<S> = v.cast();
                let error = direction_error(v, expected * sign);
                assert!(error <= 4.0, "scale {scale:e}: {error} eps");
            }
            // An axis-aligned vector normalizes to the axis exactly.
            let on_axis = Vec3::new(0.0, 0.0, -scale).cast::<S>();
            assert_eq!(on_axis.normalize(), Some(-Vec3::Z), "scale {scale:e}");
        }
    }

    #[test]
    fn f32_normalize_is_accurate_from_1e_minus_30_to_1e30() {
        // The squared lengths of the ends, 1e-60 and 1e60, are out of f32's range.
        normalizes_at_every_scale::<f32>([1.0e-30, 1.0e-3, 1.0e3, 1.0e30]);
    }

    #[test]
    fn f64_normalize_is_accurate_from_1e_minus_300_to_1e300() {
        normalizes_at_every_scale::<f64>([1.0e-300, 1.0e-3, 1.0e3, 1.0e300]);
    }

    #[test]
    fn normalize_handles_subnormal_and_largest_finite_coordinates() {
        let tiny = f32::from_bits(1);
        assert_eq!(Vec3::new(0.0, tiny, 0.0).normalize(), Some(Vec3::Y));
        // Scaled by the largest coordinate, (tiny, tiny, 0) becomes (1, 1, 0) exactly;
        // then one square root and one division, each within half an epsilon.
        let unit = Vec3::new(tiny, tiny, 0.0).normalize();
        let half_diagonal = core::f32::consts::FRAC_1_SQRT_2;
        let error = unit.map(|u| (u - Vec3::new(half_diagonal, half_diagonal, 0.0)).max_abs());
        assert!(error.is_some_and(|e| e <= f32::EPSILON), "{unit:?}");
        let huge = Vec3::new(f64::MAX, -f64::MAX, f64::MAX).normalize();
        let third = 1.0 / 3.0_f64.sqrt();
        let error = huge.map(|u| (u - Vec3::new(third, -third, third)).length());
        assert!(error.is_some_and(|e| e <= 2.0 * f64::EPSILON), "{huge:?}");
    }

    #[test]
    fn normalize_rejects_zero_nan_and_infinite_vectors() {
        assert_eq!(Vec3::<f32>::ZERO.normalize(), None);
        assert_eq!(Vec3::new(-0.0_f64, 0.0, -0.0).normalize(), None);
        for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            assert_eq!(Vec3::new(bad, 1.0, 1.0).normalize(), None);
            assert_eq!(Vec3::new(1.0, bad, 1.0).normalize(), None);
            assert_eq!(Vec3::new(1.0, 1.0, bad).normalize(), None);
            assert_eq!(Vec3::new(bad, 0.0, 0.0).normalize(), None);
        }
    }

    #[test]
    fn cross_follows_the_right_hand_rule_and_is_anticommutative() {
        let (x, y, z) = (Vec3::<f64>::X, Vec3::Y, Vec3::Z);
        assert_eq!(x.cross(y), z);
        assert_eq!(y.cross(z), x);
        assert_eq!(z.cross(x), y);
        assert_eq!(y.cross(x), -z);
        let a = Vec3::new(0.3_f64, -1.7, 2.5);
        let b = Vec3::new(-4.1, 0.2, 0.9);
        assert_eq!(a.cross(b), -b.cross(a));
        assert_eq!(a.cross(a), Vec3::ZERO);
        // Perpendicular to both, up to the rounding of the dot products.
        let c = a.cross(b);
        let scale = a.length() * b.length();
        assert!(c.dot(a).abs() <= 8.0 * f64::EPSILON * scale * a.length());
        assert!(c.dot(b).abs() <= 8.0 * f64::EPSILON * scale * b.length());
    }

    #[test]
    fn f32_cross_is_within_its_stated_rounding_bound() {
        // The products of two f32 are exact in f64 and their difference is rounded
        // once there, 2^-29 of an f32 epsilon: the f64 value stands for the exact one.
        // Nearly parallel pairs make the products cancel, the case the bound is about.
        let pairs = [
            (Vec3::new(1.0_f32, 2.0, 3.0), Vec3::new(1.0, 2.0, 3.000_001)),
            (Vec3::new(0.1, 0.2, 0.3), Vec3::new(0.100_000_01, 0.2, 0.3)),
            (
                Vec3::new(1.0e10, -3.0e-5, 7.0),
                Vec3::new(-2.0e-3, 4.0e8, 1.5),
            ),
            (
                Vec3::new(0.7, 0.7, 0.7),
                Vec3::new(0.699_999_9, 0.7, 0.700_000_1),
            ),
        ];
        for (a, b) in pairs {
            let got = a.cross(b).cast::<f64>();
            let (a, b) = (a.cast::<f64>(), b.cast::<f64>());
            let exact = [
                (a.y * b.z - a.z * b.y, (a.y * b.z).abs() + (a.z * b.y).abs()),
                (a.z * b.x - a.x * b.z, (a.z * b.x).abs() + (a.x * b.z).abs()),
                (a.x * b.y - a.y * b.x, (a.x * b.y).abs() + (a.y * b.x).abs()),
            ];
            let coordinates = [got.x, got.y, got.z];
            for (value, (exact, magnitude)) in coordinates.into_iter().zip(exact) {
                let bound = f64::from(f32::EPSILON) * magnitude;
                assert!((value - exact).abs() <= bound, "{a:?} x {b:?}");
            }
        }
    }

    #[test]
    fn distance_lerp_and_component_wise_helpers() {
        let a = Vec3::new(1.0_f64, -2.0, 3.0);
        let b = Vec3::new(4.0, 2.0, 3.0);
        assert_eq!(a.distance(b), 5.0);
        assert_eq!(a.lerp(b, 0.0), a);
        assert_eq!(a.lerp(b, 1.0), b);
        assert_eq!(a.lerp(b, 0.5), Vec3::new(2.5, 0.0, 3.0));
        assert_eq!(a.min(b), Vec3::new(1.0, -2.0, 3.0));
        assert_eq!(a.max(b), Vec3::new(4.0, 2.0, 3.0));
        assert_eq!((-a).abs(), Vec3::new(1.0, 2.0, 3.0));
        assert_eq!(Vec3::new(1.0, -5.0, 4.0).max_abs(), 5.0);
        assert_eq!(Vec3::new(1.0, 4.0, -5.0).max_abs(), 5.0);
        assert_eq!(Vec3::new(-5.0, 4.0, 1.0).max_abs(), 5.0);
    }

    #[test]
    fn operators_act_on_every_coordinate() {
        let a = Vec3::new(1.0_f32, 2.0, 3.0);
        let b = Vec3::new(0.5_f32, -1.0, 4.0);
        assert_eq!(a + b, Vec3::new(1.5, 1.0, 7.0));
        assert_eq!(a - b, Vec3::new(0.5, 3.0, -1.0));
        assert_eq!(-a, Vec3::new(-1.0, -2.0, -3.0));
        assert_eq!(a * 2.0, Vec3::new(2.0, 4.0, 6.0));
        assert_eq!(a / 2.0, Vec3::new(0.5, 1.0, 1.5));
        let mut c = a;
        c += b;
        assert_eq!(c, a + b);
        c -= b;
        assert_eq!(c, a);
        c *= -2.0;
        assert_eq!(c, Vec3::new(-2.0, -4.0, -6.0));
        assert_eq!(Vec3::<f32>::default(), Vec3::ZERO);
        assert_eq!(Vec3::splat(1.5_f32), Vec3::new(1.5, 1.5, 1.5));
        let array: [f32; 3] = a.into();
        assert_eq!(array, [1.0, 2.0, 3.0]);
        assert_eq!(Vec3::from(array), a);
    }

    #[test]
    fn is_finite_looks_at_every_coordinate() {
        assert!(Vec3::new(1.0_f64, 2.0, 3.0).is_finite());
        assert!(!Vec3::new(f64::NAN, 2.0, 3.0).is_finite());
        assert!(!Vec3::new(1.0, f64::INFINITY, 3.0).is_finite());
        assert!(!Vec3::new(1.0, 2.0, f64::NEG_INFINITY).is_finite());
    }

    #[cfg(feature = "mint")]
    #[test]
    fn mint_vectors_and_points_round_trip() {
        let v = Vec3::new(1.0_f32, -2.0, 3.5);
        let vector: mint::Vector3<f32> = v.into();
        assert_eq!((vector.x, vector.y, vector.z), (1.0, -2.0, 3.5));
        assert_eq!(Vec3::from(vector), v);
        let point: mint::Point3<f32> = v.into();
        assert_eq!((point.x, point.y, point.z), (1.0, -2.0, 3.5));
        assert_eq!(Vec3::from(point), v);
    }
}
