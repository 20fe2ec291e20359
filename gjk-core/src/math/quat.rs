//! `Quat`: a 3D rotation stored as a unit quaternion.

use core::ops::Mul;

use crate::{Scalar, Vec3};

/// A 3D rotation stored as a unit quaternion `x i + y j + z k + w`: the rotation by
/// `angle` about the unit axis `n` is `(sin(angle / 2) n, cos(angle / 2))`. Rotating a
/// vector costs 18 multiplications and no trigonometry.
///
/// The fields are public, as [`Rot`](crate::Rot)'s are: a quaternion written by hand
/// is not checked until a query checks it ([`is_valid`](Self::is_valid));
/// [`from_xyzw`](Self::from_xyzw) checks at construction. `q` and `-q` are the same
/// rotation.
///
/// ```
/// use gjk_core::{Quat, Vec3};
///
/// let quarter = Quat::from_axis_angle(Vec3::Z, core::f64::consts::FRAC_PI_2).unwrap();
/// let v = quarter.rotate(Vec3::X);
/// assert!((v - Vec3::Y).length() < 1e-15);
/// assert!((quarter.inv_rotate(v) - Vec3::X).length() < 1e-15);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::AnyBitPattern))]
#[repr(C)]
pub struct Quat<S> {
    /// The `i` part: the rotation axis's x times `sin(angle / 2)`.
    pub x: S,
    /// The `j` part: the rotation axis's y times `sin(angle / 2)`.
    pub y: S,
    /// The `k` part: the rotation axis's z times `sin(angle / 2)`.
    pub z: S,
    /// The real part, `cos(angle / 2)`.
    pub w: S,
}

impl<S: Scalar> Default for Quat<S> {
    #[inline]
    fn default() -> Self {
        Self::IDENTITY
    }
}

impl<S: Scalar> Quat<S> {
    /// The rotation by zero, `(0, 0, 0, 1)`.
    ///
    /// ```
    /// use gjk_core::{Quat, Vec3};
    /// assert_eq!(Quat::<f64>::IDENTITY.rotate(Vec3::new(1.0, 2.0, 3.0)), Vec3::new(1.0, 2.0, 3.0));
    /// ```
    pub const IDENTITY: Self = Self {
        x: S::ZERO,
        y: S::ZERO,
        z: S::ZERO,
        w: S::ONE,
    };

    /// The rotation by `angle` radians about `axis`, counter-clockwise when the axis
    /// points at the viewer (right-handed). The axis need not be unit length: it is
    /// normalized first, robustly at every scale ([`Vec3::normalize`]). `None` when the
    /// axis is zero or not finite, or the angle is not finite.
    ///
    /// ```
    /// use gjk_core::{Quat, Vec3};
    /// let axis = Vec3::new(0.0_f64, 0.0, 5.0);
    /// let half_turn = Quat::from_axis_angle(axis, core::f64::consts::PI).unwrap();
    /// assert!((half_turn.rotate(Vec3::X) + Vec3::X).length() < 1e-15);
    /// assert_eq!(Quat::from_axis_angle(Vec3::<f32>::ZERO, 1.0), None);
    /// assert_eq!(Quat::from_axis_angle(Vec3::<f32>::X, f32::NAN), None);
    /// ```
    #[inline]
    pub fn from_axis_angle(axis: Vec3<S>, angle: S) -> Option<Self> {
        let unit = axis.normalize()?;
        if !angle.is_finite() {
            return None;
        }
        // Halving is exact (short of the subnormal range). The result's squared norm
        // is |unit|^2 sin^2 + cos^2, within a few epsilons of one: well inside
        // `UNIT_TOLERANCE`, so `is_valid` always accepts it.
        let (sin, cos) = (angle * S::HALF).sin_and_cos();
        Some(Self::from_vector_real(unit * sin, cos))
    }

    /// The quaternion `x i + y j + z k + w`, checked: `None` unless all four are finite
    /// and `x^2 + y^2 + z^2 + w^2` is within [`Scalar::UNIT_TOLERANCE`] of one (the
    /// check every query makes, as [`Rot::from_cos_sin`](crate::Rot::from_cos_sin)
    /// does in 2D, so a rotation built here is never rejected as invalid input).
    /// [`normalize`](Self::normalize) repairs a drifted quaternion.
    ///
    /// ```
    /// use gjk_core::Quat;
    /// let q = Quat::from_xyzw(0.0_f32, 0.6, 0.0, 0.8).unwrap();
    /// assert_eq!((q.x, q.y, q.z, q.w), (0.0, 0.6, 0.0, 0.8));
    /// assert_eq!(Quat::from_xyzw(0.0_f32, 0.0, 0.5, 1.0), None); // not unit length
    /// assert_eq!(Quat::from_xyzw(f64::NAN, 0.0, 0.0, 1.0), None);
    /// ```
    #[inline]
    pub fn from_xyzw(x: S, y: S, z: S, w: S) -> Option<Self> {
        let rotation = Self { x, y, z, w };
        rotation.is_valid().then_some(rotation)
    }

    /// The quaternion scaled to unit length, or `None` when it is zero or not finite.
    ///
    /// As [`Vec3::normalize`], the four entries are first divided by the largest
    /// magnitude among them, so that quaternions whose squared norm would underflow or
    /// overflow still normalize (the squared norm is then in `[1, 4]`).
    ///
    /// ```
    /// use gjk_core::Quat;
    /// let drifted = Quat { x: 0.0_f32, y: 0.0, z: 0.0, w: 1.001 };
    /// assert_eq!(drifted.normalize(), Some(Quat::IDENTITY));
    /// let tiny = Quat { x: 0.0_f32, y: 3.0e-30, z: 0.0, w: 4.0e-30 };
    /// assert_eq!(tiny.normalize(), Quat::from_xyzw(0.0, 0.6, 0.0, 0.8));
    /// assert_eq!(Quat { x: 0.0_f32, y: 0.0, z: 0.0, w: 0.0 }.normalize(), None);
    /// ```
    #[inline]
    pub fn normalize(self) -> Option<Self> {
        let largest = self.vector().max_abs().max(self.w.abs());
        // `max` ignores a NaN entry, hence the separate finiteness test.
        let has_direction = largest > S::ZERO && self.vector().is_finite() && self.w.is_finite();
        if !has_direction {
            return None;
        }
        // Divided rather than multiplied by `1 / largest`, which overflows for a
        // subnormal `largest`.
        let scaled = self.divided_by(largest);
        Some(scaled.divided_by(scaled.norm_squared().square_root()))
    }

    /// Whether all four entries are finite and `x^2 + y^2 + z^2 + w^2` is within
    /// [`Scalar::UNIT_TOLERANCE`] of one: the tolerance of
    /// [`Rot::is_valid`](crate::Rot::is_valid).
    ///
    /// The rotation formulas assume unit length; a quaternion of squared norm `1 + d`
    /// rotates and scales by about `1 + d`.
    ///
    /// ```
    /// use gjk_core::{Quat, Vec3};
    /// assert!(Quat::from_axis_angle(Vec3::new(1.0_f32, 2.0, 3.0), 1.0).unwrap().is_valid());
    /// assert!(!Quat { x: 0.0_f32, y: 0.0, z: 0.0, w: 2.0 }.is_valid());
    /// assert!(!Quat { x: f32::INFINITY, y: 0.0, z: 0.0, w: 1.0 }.is_valid());
    /// ```
    #[inline]
    pub fn is_valid(self) -> bool {
        // NaN fails the comparison, and an infinite entry makes the difference
        // infinite, so a NaN or infinite quaternion is invalid.
        (self.norm_squared() - S::ONE).abs() <= S::UNIT_TOLERANCE
    }

    /// The angle of the rotation in radians, in `[0, pi]`: `2 atan2(|(x, y, z)|, |w|)`
    /// (`q` and `-q` give the same angle).
    ///
    /// ```
    /// use gjk_core::{Quat, Vec3};
    /// let q = Quat::from_axis_angle(Vec3::new(1.0_f64, 1.0, 0.0), -0.5).unwrap();
    /// assert!((q.angle() - 0.5).abs() < 1e-15);
    /// ```
    #[inline]
    pub fn angle(self) -> S {
        // atan2 of the sine and cosine of the half angle: accurate at every angle,
        // where `2 acos(w)` loses half its digits near zero.
        self.vector().length().atan2(self.w.abs()) * S::TWO
    }

    /// Rotates a vector: `q v q^-1`, computed as `v + w t + u x t` with `u = (x, y, z)`
    /// and `t = 2 u x v`.
    ///
    /// ```
    /// use gjk_core::{Quat, Vec3};
    /// let h = core::f32::consts::FRAC_1_SQRT_2;
    /// let quarter_about_x = Quat::from_xyzw(h, 0.0, 0.0, h).unwrap();
    /// assert!((quarter_about_x.rotate(Vec3::Y) - Vec3::Z).length() <= 2.0 * f32::EPSILON);
    /// ```
    #[inline]
    pub fn rotate(self, v: Vec3<S>) -> Vec3<S> {
        // For a unit q = (u, w) and v a pure quaternion, expanding the products,
        //   q v q* = (w^2 - u.u) v + 2 (u.v) u + 2 w (u x v).
        // With u x (u x v) = (u.v) u - (u.u) v the middle term is
        // 2 u x (u x v) + 2 (u.u) v, and w^2 + u.u = 1 leaves
        //   q v q* = v + 2 w (u x v) + 2 u x (u x v) = v + w t + u x t,  t = 2 u x v.
        let u = self.vector();
        let t = u.cross(v) * S::TWO;
        v + t * self.w + u.cross(t)
    }

    /// Rotates a vector by the inverse rotation: `q^-1 v q`, computed as
    /// `v - w t + u x t` with `u = (x, y, z)` and `t = 2 u x v`.
    ///
    /// ```
    /// use gjk_core::{Quat, Vec3};
    /// let h = core::f32::consts::FRAC_1_SQRT_2;
    /// let quarter_about_x = Quat::from_xyzw(h, 0.0, 0.0, h).unwrap();
    /// assert!((quarter_about_x.inv_rotate(Vec3::Z) - Vec3::Y).length() <= 2.0 * f32::EPSILON);
    /// ```
    #[inline]
    pub fn inv_rotate(self, v: Vec3<S>) -> Vec3<S> {
        // `rotate` by the conjugate (-u, w): t becomes -t, and (-u) x (-t) = u x t.
        let u = self.vector();
        let t = u.cross(v) * S::TWO;
        v - t * self.w + u.cross(t)
    }

    /// The inverse rotation: the conjugate `(-x, -y, -z, w)` (the inverse of a unit
    /// quaternion).
    ///
    /// ```
    /// use gjk_core::{Quat, Vec3};
    /// let q = Quat::from_axis_angle(Vec3::new(1.0_f64, 2.0, 3.0), 0.7).unwrap();
    /// let v = Vec3::new(-1.0, 0.5, 2.0);
    /// assert!((q.inverse().rotate(q.rotate(v)) - v).length() < 1e-14);
    /// ```
    #[inline]
    pub fn inverse(self) -> Self {
        Self::from_vector_real(-self.vector(), self.w)
    }

    /// The composition `self^-1 * other`: the rotation of `other` relative to `self`.
    ///
    /// ```
    /// use gjk_core::{Quat, Vec3};
    /// let a = Quat::from_axis_angle(Vec3::Z, 0.25_f64).unwrap();
    /// let b = Quat::from_axis_angle(Vec3::Z, 1.0_f64).unwrap();
    /// assert!((a.inv_mul(b).angle() - 0.75).abs() < 1e-15);
    /// ```
    #[inline]
    pub fn inv_mul(self, other: Self) -> Self {
        // The product below with (u1, w1) replaced by the conjugate (-u1, w1).
        let (u1, w1) = (self.vector(), self.w);
        let (u2, w2) = (other.vector(), other.w);
        Self::from_vector_real(u2 * w1 - u1 * w2 - u1.cross(u2), w1 * w2 + u1.dot(u2))
    }

    /// The rotation matrix, as its three columns: `matrix[j]` is the image of the
    /// `j`-th axis (`rotate(X)`, `rotate(Y)`, `rotate(Z)`), so `matrix[j][i]` is the
    /// entry in row `i`, column `j` (column-major, as `mint::ColumnMatrix3` and most
    /// graphics APIs store it).
    ///
    /// ```
    /// use gjk_core::{Quat, Vec3};
    /// let q = Quat::from_axis_angle(Vec3::Z, core::f64::consts::FRAC_PI_2).unwrap();
    /// let [x, y, z] = q.to_matrix().map(Vec3::from);
    /// assert!((x - Vec3::Y).length() < 1e-15);
    /// assert!((y + Vec3::X).length() < 1e-15);
    /// assert_eq!(z, Vec3::Z);
    /// ```
    #[inline]
    pub fn to_matrix(self) -> [[S; 3]; 3] {
        // `rotate` expanded at v = X, Y, Z: column j is
        // e_j + 2 w (u x e_j) + 2 u x (u x e_j), e.g. for X
        //   (1 - 2 (y^2 + z^2), 2 (x y + w z), 2 (x z - w y)).
        let Self { x, y, z, w } = self;
        let (x2, y2, z2) = (x + x, y + y, z + z);
        let (xx, yy, zz) = (x * x2, y * y2, z * z2);
        let (xy, xz, yz) = (x * y2, x * z2, y * z2);
        let (wx, wy, wz) = (w * x2, w * y2, w * z2);
        [
            [S::ONE - (yy + zz), xy + wz, xz - wy],
            [xy - wz, S::ONE - (xx + zz), yz + wx],
            [xz + wy, yz - wx, S::ONE - (xx + yy)],
        ]
    }

    /// The vector part `(x, y, z)`.
    #[inline]
    fn vector(self) -> Vec3<S> {
        Vec3::new(self.x, self.y, self.z)
    }

    /// The quaternion with vector part `vector` and real part `w`.
    #[inline]
    fn from_vector_real(vector: Vec3<S>, w: S) -> Self {
        Self {
            x: vector.x,
            y: vector.y,
            z: vector.z,
            w,
        }
    }

    /// `x^2 + y^2 + z^2 + w^2`.
    #[inline]
    fn norm_squared(self) -> S {
        self.vector().length_squared() + self.w * self.w
    }

    /// Every entry divided by `divisor`.
    #[inline]
    fn divided_by(self, divisor: S) -> Self {
        Self::from_vector_real(self.vector() / divisor, self.w / divisor)
    }
}

impl<S: Scalar> Mul for Quat<S> {
    type Output = Self;

    /// The composition `self * other`: first `other`, then `self`, so that
    /// `(a * b).rotate(v) == a.rotate(b.rotate(v))` up to rounding.
    ///
    /// ```
    /// use gjk_core::{Quat, Vec3};
    /// let a = Quat::from_axis_angle(Vec3::Z, core::f64::consts::FRAC_PI_2).unwrap();
    /// let b = Quat::from_axis_angle(Vec3::X, core::f64::consts::FRAC_PI_2).unwrap();
    /// // b takes Y to Z, and a leaves Z alone.
    /// assert!(((a * b).rotate(Vec3::Y) - Vec3::Z).length() < 1e-15);
    /// ```
    #[inline]
    fn mul(self, other: Self) -> Self {
        // Hamilton's product with i^2 = j^2 = k^2 = ijk = -1, in vector form:
        //   (u1, w1)(u2, w2) = (w1 u2 + w2 u1 + u1 x u2, w1 w2 - u1.u2).
        let (u1, w1) = (self.vector(), self.w);
        let (u2, w2) = (other.vector(), other.w);
        Self::from_vector_real(u2 * w1 + u1 * w2 + u1.cross(u2), w1 * w2 - u1.dot(u2))
    }
}

#[cfg(feature = "mint")]
impl<S: Scalar> From<mint::Quaternion<S>> for Quat<S> {
    /// Unchecked, as the fields are: see [`Quat::is_valid`].
    #[inline]
    fn from(q: mint::Quaternion<S>) -> Self {
        Self::from_vector_real(Vec3::from(q.v), q.s)
    }
}

#[cfg(feature = "mint")]
impl<S: Scalar> From<Quat<S>> for mint::Quaternion<S> {
    #[inline]
    fn from(q: Quat<S>) -> Self {
        mint::Quaternion {
            v: q.vector().into(),
            s: q.w,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rot;
    use core::f64::consts::{FRAC_PI_2, PI};
    use proptest::prelude::*;
    use proptest::test_runner::{Config, RngSeed};

    fn quat<S: Scalar>(axis: Vec3<f64>, angle: f64) -> Quat<S> {
        Quat::from_axis_angle(axis.cast(), S::from_f64(angle)).expect("a finite nonzero axis")
    }

    /// `|a - b|` in units of the type's epsilon.
    fn error_in_eps<S: Scalar>(a: Vec3<S>, b: Vec3<S>) -> f64 {
        (a - b).length().to_f64() / S::EPS.to_f64()
    }

    fn quarter_turns_map_the_axes<S: Scalar>() {
        // Within 4 eps: pi/2 rounded to S is off by up to half an epsilon, the sine
        // and cosine of the half angle by about one, and `rotate` rounds a handful of
        // times on values at most 2.
        let axes = [Vec3::X, Vec3::Y, Vec3::Z];
        for i in 0..3 {
            let (axis, next, last) = (axes[i], axes[(i + 1) % 3], axes[(i + 2) % 3]);
            let quarter = quat::<S>(axis, FRAC_PI_2);
            // About X: Y to Z and Z to -Y (and cyclically about Y and Z).
            let cases = [(axis, axis), (next, last), (last, -next)];
            for (from, to) in cases {
                let from = from.cast::<S>();
                let to = to.cast::<S>();
                let error = error_in_eps(quarter.rotate(from), to);
                assert!(
                    error <= 4.0,
                    "axis {i}: {from:?} -> {to:?} off by {error} eps"
                );
                let error = error_in_eps(quarter.inv_rotate(to), from);
                assert!(
                    error <= 4.0,
                    "axis {i}: back to {from:?} off by {error} eps"
                );
            }
            // A quarter turn the other way, and a half turn.
            let back = quat::<S>(axis, -FRAC_PI_2);
            let error = error_in_eps(back.rotate(next.cast()), -last.cast::<S>());
            assert!(error <= 4.0, "axis {i}: {error} eps");
            let half = quat::<S>(axis, PI);
            let error = error_in_eps(half.rotate(next.cast()), -next.cast::<S>());
            assert!(error <= 4.0, "axis {i}: {error} eps");
        }
    }

    #[test]
    fn f32_quarter_turns_about_each_axis_map_the_axes() {
        quarter_turns_map_the_axes::<f32>();
    }

    #[test]
    fn f64_quarter_turns_about_each_axis_map_the_axes() {
        quarter_turns_map_the_axes::<f64>();
    }

    #[test]
    fn from_axis_angle_normalizes_the_axis_at_every_scale() {
        let unit = quat::<f32>(Vec3::new(1.0, 2.0, 2.0), 1.0);
        for scale in [1.0e-30_f32, 1.0e30, 1.0e-44] {
            let axis = Vec3::new(1.0_f32, 2.0, 2.0) * scale;
            let scaled = Quat::from_axis_angle(axis, 1.0).expect("nonzero axis");
            let difference = [
                scaled.x - unit.x,
                scaled.y - unit.y,
                scaled.z - unit.z,
                scaled.w - unit.w,
            ];
            // The scaled axis is rounded (1e-44 is subnormal: (1, 2, 2) e-44 keeps
            // about 3 bits), so compare directions loosely there: 4 eps elsewhere, and
            // the subnormal's own rounding, 1/8 relative, at 1e-44.
            let bound = if scale < 1.0e-40 {
                0.125
            } else {
                4.0 * f32::EPSILON
            };
            for d in difference {
                assert!(d.abs() <= bound, "scale {scale:e}: {scaled:?} vs {unit:?}");
            }
        }
    }

    #[test]
    fn from_axis_angle_rejects_zero_and_non_finite_input() {
        for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            assert_eq!(Quat::from_axis_angle(Vec3::new(bad, 1.0, 0.0), 1.0), None);
            assert_eq!(Quat::from_axis_angle(Vec3::new(0.0, 0.0, bad), 1.0), None);
            assert_eq!(Quat::from_axis_angle(Vec3::X, bad), None);
        }
        assert_eq!(Quat::from_axis_angle(Vec3::<f32>::ZERO, 1.0), None);
        assert_eq!(
            Quat::from_axis_angle(Vec3::new(-0.0_f32, 0.0, 0.0), 0.0),
            None
        );
        // A zero angle about any axis is the identity.
        assert_eq!(
            Quat::from_axis_angle(Vec3::Y, 0.0_f64),
            Some(Quat::IDENTITY)
        );
    }

    #[test]
    fn from_xyzw_rejects_nan_infinite_and_non_unit_input() {
        for bad in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
            assert_eq!(Quat::from_xyzw(bad, 0.0, 0.0, 1.0), None);
            assert_eq!(Quat::from_xyzw(0.0, bad, 0.0, 1.0), None);
            assert_eq!(Quat::from_xyzw(0.0, 0.0, bad, 1.0), None);
            assert_eq!(Quat::from_xyzw(0.0, 0.0, 0.0, bad), None);
        }
        assert_eq!(Quat::from_xyzw(0.0_f64, 0.0, 0.0, 0.0), None);
        assert_eq!(Quat::from_xyzw(0.5_f64, 0.5, 0.5, 0.5001), None);
        assert_eq!(Quat::from_xyzw(1.0_f64, 0.0, 0.0, 1.0), None);
        let accepted = Quat::from_xyzw(0.5_f64, -0.5, 0.5, -0.5);
        assert_eq!(
            accepted,
            Some(Quat {
                x: 0.5,
                y: -0.5,
                z: 0.5,
                w: -0.5
            })
        );
    }

    fn validity_matches_rot<S: Scalar>() {
        // `Quat::is_valid` of (0, 0, sin, cos) against `Rot::is_valid` of (cos, sin),
        // on pairs stepping across the tolerance (64 eps on the squared norm, 32 eps
        // on cos): some are accepted and some rejected, and the two must agree.
        let (mut accepted, mut rejected) = (0, 0);
        for steps in 0..80 {
            for sin in [S::ZERO, S::from_f64(0.6)] {
                let cos = (S::ONE - sin * sin).sqrt() + S::EPS * S::from_f64(f64::from(steps));
                let rot_valid = Rot::from_cos_sin(cos, sin).is_some();
                let quat_valid = Quat::from_xyzw(S::ZERO, S::ZERO, sin, cos).is_some();
                assert_eq!(rot_valid, quat_valid, "cos {cos:?} sin {sin:?}");
                // The same rotation about x and y.
                assert_eq!(
                    quat_valid,
                    Quat::from_xyzw(sin, S::ZERO, S::ZERO, cos).is_some()
                );
                assert_eq!(
                    quat_valid,
                    Quat::from_xyzw(S::ZERO, sin, S::ZERO, cos).is_some()
                );
                if quat_valid {
                    accepted += 1;
                } else {
                    rejected += 1;
                }
            }
        }
        assert!(accepted > 0 && rejected > 0, "{accepted} {rejected}");
    }

    #[test]
    fn f32_validity_uses_the_tolerance_of_rot() {
        validity_matches_rot::<f32>();
    }

    #[test]
    fn f64_validity_uses_the_tolerance_of_rot() {
        validity_matches_rot::<f64>();
    }

    fn normalizes_at_scale<S: Scalar>(scale: f64) {
        let unit = Quat::<f64> {
            x: 0.1,
            y: -0.5,
            z: 0.7,
            w: 0.5,
        }
        .normalize()
        .expect("nonzero");
        let scaled = Quat {
            x: S::from_f64(unit.x * scale),
            y: S::from_f64(unit.y * scale),
            z: S::from_f64(unit.z * scale),
            w: S::from_f64(unit.w * scale),
        };
        let normal = scaled.normalize().expect("nonzero and finite");
        assert!(normal.is_valid(), "scale {scale:e}: {normal:?}");
        // 4 eps per entry: the rounding of the scaled input (half an epsilon), the
        // divisions by the largest entry and by the norm, and the square root.
        let entries = [
            (normal.x, unit.x),
            (normal.y, unit.y),
            (normal.z, unit.z),
            (normal.w, unit.w),
        ];
        for (got, expected) in entries {
            let error = (got.to_f64() - expected).abs() / S::EPS.to_f64();
            assert!(error <= 4.0, "scale {scale:e}: {error} eps");
        }
    }

    #[test]
    fn f32_normalize_works_from_1e_minus_30_to_1e30() {
        for scale in [1.0e-30, 1.0e-3, 1.0, 1.0e3, 1.0e30] {
            normalizes_at_scale::<f32>(scale);
        }
    }

    #[test]
    fn f64_normalize_works_from_1e_minus_300_to_1e300() {
        for scale in [1.0e-300, 1.0e-3, 1.0, 1.0e3, 1.0e300] {
            normalizes_at_scale::<f64>(scale);
        }
    }

    #[test]
    fn normalize_rejects_zero_nan_and_infinite_quaternions() {
        let zero = Quat {
            x: 0.0_f32,
            y: 0.0,
            z: -0.0,
            w: 0.0,
        };
        assert_eq!(zero.normalize(), None);
        for bad in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
            let entries = [
                Quat {
                    x: bad,
                    ..Quat::IDENTITY
                },
                Quat {
                    y: bad,
                    ..Quat::IDENTITY
                },
                Quat {
                    z: bad,
                    ..Quat::IDENTITY
                },
                Quat {
                    w: bad,
                    ..Quat::IDENTITY
                },
            ];
            for q in entries {
                assert_eq!(q.normalize(), None, "{q:?}");
                assert!(!q.is_valid(), "{q:?}");
            }
        }
    }

    #[test]
    fn rotate_and_inv_rotate_round_trip() {
        let q = quat::<f64>(Vec3::new(-0.3, 0.8, 0.1), 2.4);
        for v in [
            Vec3::new(1.0, 2.0, 3.0),
            Vec3::new(-7.5, 0.25, 1.0e-3),
            Vec3::new(1.0e6, -1.0e6, 4.0),
        ] {
            let scale = v.length() * f64::EPSILON;
            // 8 eps of |v|: two rotations of a handful of roundings each.
            assert!((q.inv_rotate(q.rotate(v)) - v).length() <= 8.0 * scale);
            assert!((q.rotate(q.inv_rotate(v)) - v).length() <= 8.0 * scale);
            assert!((q.inverse().rotate(v) - q.inv_rotate(v)).length() <= 8.0 * scale);
            // A rotation keeps lengths.
            assert!((q.rotate(v).length() - v.length()).abs() <= 8.0 * scale);
        }
    }

    #[test]
    fn composition_matches_rotating_in_turn() {
        let a = quat::<f64>(Vec3::new(1.0, -2.0, 0.5), 0.9);
        let b = quat::<f64>(Vec3::new(0.0, 3.0, 1.0), -2.2);
        let c = quat::<f64>(Vec3::new(-1.0, 0.0, 0.0), 4.0);
        for v in [Vec3::new(1.0, 2.0, 3.0), Vec3::new(-0.5, 0.0, 9.0)] {
            // 16 eps of |v|: up to three rotations and two products, each a handful of
            // roundings on values of size |v|.
            let bound = 16.0 * f64::EPSILON * v.length();
            let in_turn = a.rotate(b.rotate(v));
            assert!(((a * b).rotate(v) - in_turn).length() <= bound);
            let three = a.rotate(b.rotate(c.rotate(v)));
            assert!(((a * b * c).rotate(v) - three).length() <= bound);
            assert!((a.inv_mul(b).rotate(v) - a.inv_rotate(b.rotate(v))).length() <= bound);
            assert!(((a.inverse() * b).rotate(v) - a.inv_mul(b).rotate(v)).length() <= bound);
        }
        // Not commutative: rotations about different axes.
        assert!(((a * b).rotate(Vec3::X) - (b * a).rotate(Vec3::X)).length() > 0.1);
        assert_eq!(a * Quat::IDENTITY, a);
        assert_eq!(Quat::IDENTITY * a, a);
    }

    #[test]
    fn composition_of_turns_about_one_axis_adds_the_angles() {
        let a = quat::<f64>(Vec3::Z, 0.25);
        let b = quat::<f64>(Vec3::Z, 1.0);
        assert!(((a * b).angle() - 1.25).abs() <= 4.0 * f64::EPSILON);
        assert!((a.inv_mul(b).angle() - 0.75).abs() <= 4.0 * f64::EPSILON);
        assert!((b.inv_mul(a).angle() - 0.75).abs() <= 4.0 * f64::EPSILON);
        assert_eq!(Quat::<f32>::IDENTITY.angle(), 0.0);
        let half = quat::<f64>(Vec3::X, PI);
        assert!((half.angle() - PI).abs() <= 4.0 * f64::EPSILON);
        // `q` and `-q` are one rotation with one angle.
        let negated = Quat {
            x: -b.x,
            y: -b.y,
            z: -b.z,
            w: -b.w,
        };
        assert_eq!(negated.angle(), b.angle());
    }

    #[test]
    fn matrix_columns_are_the_rotated_axes() {
        let q = quat::<f64>(Vec3::new(0.2, -0.4, 0.9), 1.3);
        let columns = q.to_matrix().map(Vec3::from);
        let axes = [Vec3::X, Vec3::Y, Vec3::Z];
        for (column, axis) in columns.into_iter().zip(axes) {
            // 4 eps: both are a few roundings of values at most 2.
            assert!((column - q.rotate(axis)).length() <= 4.0 * f64::EPSILON);
        }
        let v = Vec3::new(0.5, -2.0, 3.0);
        let product = columns[0] * v.x + columns[1] * v.y + columns[2] * v.z;
        assert!((product - q.rotate(v)).length() <= 8.0 * f64::EPSILON * v.length());
        assert_eq!(Quat::<f64>::IDENTITY.to_matrix().map(Vec3::from), axes);
    }

    #[test]
    fn default_is_the_identity() {
        assert_eq!(Quat::<f32>::default(), Quat::IDENTITY);
        let v = Vec3::new(1.0_f32, -2.0, 3.0);
        assert_eq!(Quat::IDENTITY.rotate(v), v);
        assert_eq!(Quat::IDENTITY.inv_rotate(v), v);
    }

    #[cfg(feature = "mint")]
    #[test]
    fn mint_quaternions_round_trip() {
        let q = quat::<f32>(Vec3::new(1.0, 2.0, 3.0), 0.5);
        let m: mint::Quaternion<f32> = q.into();
        assert_eq!((m.v.x, m.v.y, m.v.z, m.s), (q.x, q.y, q.z, q.w));
        assert_eq!(Quat::from(m), q);
    }

    /// The rotation of `v` by `angle` about `axis` in f64 by Rodrigues' formula
    /// `v cos + (n x v) sin + n (n.v)(1 - cos)`: a different formula from `rotate`'s.
    fn rodrigues(axis: Vec3<f64>, angle: f64, v: Vec3<f64>) -> Vec3<f64> {
        let n = axis.normalize().expect("nonzero axis");
        let (sin, cos) = angle.sin_and_cos();
        v * cos + n.cross(v) * sin + n * (n.dot(v) * (1.0 - cos))
    }

    fn config(cases: u32) -> Config {
        Config {
            cases,
            rng_seed: RngSeed::Fixed(0x9a7),
            failure_persistence: None,
            ..Config::default()
        }
    }

    fn vector(range: f32) -> impl Strategy<Value = Vec3<f32>> {
        (-range..range, -range..range, -range..range).prop_map(|(x, y, z)| Vec3::new(x, y, z))
    }

    proptest! {
        #![proptest_config(config(4096))]

        #[test]
        fn f32_rotate_matches_an_f64_rotation(
            axis in vector(1.0), axis_exponent in -30..30_i32,
            angle in -7.0..7.0_f32, v in vector(100.0)
        ) {
            let axis = axis * 10.0_f32.powi(axis_exponent);
            prop_assume!(axis.max_abs() > 0.0);
            let q = Quat::from_axis_angle(axis, angle).expect("finite nonzero axis");
            prop_assert!(q.is_valid());
            let reference = rodrigues(axis.cast(), f64::from(angle), v.cast());
            let scale = v.cast::<f64>().length() * f64::from(f32::EPSILON);
            // 10 eps of |v|. The f32 sine and cosine of the half angle are within an
            // epsilon, the normalized axis within about one, the quaternion's norm
            // (which scales the result) within a few, and `rotate` rounds a handful of
            // times on values up to 2 |v|. The largest error measured on a million
            // cases drawn like these (axes at unit scale) was 6.4 eps;
            // 10 leaves room for rarer cases without hiding a wrong formula, which is
            // off by about |v|.
            let bound = 10.0 * scale;
            let error = (q.rotate(v).cast::<f64>() - reference).length();
            prop_assert!(error <= bound, "{} eps of |v|", error / scale);
            let back = rodrigues(axis.cast(), -f64::from(angle), v.cast());
            let error = (q.inv_rotate(v).cast::<f64>() - back).length();
            prop_assert!(error <= bound, "inverse: {} eps of |v|", error / scale);
            // The same f32 quaternion in f64, made unit there and applied as a matrix:
            // what is left is `rotate`'s own rounding and the f32 norm's scaling
            // (measured 6.3 eps at most on the same million cases).
            let exact = Quat {
                x: f64::from(q.x),
                y: f64::from(q.y),
                z: f64::from(q.z),
                w: f64::from(q.w),
            }
            .normalize()
            .expect("a valid quaternion");
            let [x, y, z] = exact.to_matrix().map(Vec3::from);
            let v64 = v.cast::<f64>();
            let reference = x * v64.x + y * v64.y + z * v64.z;
            let error = (q.rotate(v).cast::<f64>() - reference).length();
            prop_assert!(error <= bound, "same quaternion: {} eps of |v|", error / scale);
        }
    }
}
