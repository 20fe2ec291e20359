//! The floating-point trait every algorithm is generic over, with its tolerances.

use core::fmt::{Debug, Display};

/// A floating-point type the kernel computes in: `f32` or `f64`.
///
/// Besides arithmetic (through [`num_traits::Float`], backed by `libm` so it works in
/// `no_std`), a `Scalar` carries the tolerances the algorithms use. No algorithm
/// hard-codes a literal such as `1e-6`: each tolerance lives here, per type, with the
/// reason for its value.
///
/// ```
/// use gjk_core::Scalar;
///
/// fn half<S: Scalar>(x: S) -> S {
///     x * S::HALF
/// }
/// assert_eq!(half(3.0_f32), 1.5);
/// assert!(f64::from(f32::GJK_RELATIVE_GAP) > f64::GJK_RELATIVE_GAP);
/// ```
pub trait Scalar: num_traits::Float + Default + Debug + Display + Send + Sync + 'static {
    /// `0`.
    const ZERO: Self;
    /// `1`.
    const ONE: Self;
    /// `2`.
    const TWO: Self;
    /// `0.5`.
    const HALF: Self;
    /// Machine epsilon: the gap between `1` and the next representable value.
    const EPS: Self;

    /// Relative gap at which GJK stops on smooth shapes (van den Bergen's criterion
    /// `|v|^2 - v.w <= GJK_RELATIVE_GAP * |v|^2`, with `v` the closest point of the
    /// simplex and `w` the new support point).
    ///
    /// The gap bounds the distance error: `|v| - distance <= GJK_RELATIVE_GAP * |v|`.
    /// The value is a small multiple of machine epsilon, the smallest gap the rounded
    /// arithmetic can still resolve; below it the loop would stop on "no progress"
    /// anyway, one iteration later. parry uses `sqrt(10 eps)` here and loses three
    /// digits on curved shapes.
    const GJK_RELATIVE_GAP: Self;

    /// Relative size below which the closest point `v` of the simplex counts as the
    /// origin: `|v| <= GJK_TOUCHING * max |w_i|` over the simplex vertices `w_i`.
    ///
    /// Rounding makes `v` uncertain by a few epsilons of the largest vertex, so a
    /// shorter `v` carries no direction and the cores touch. Relative, not absolute:
    /// absolute thresholds break at large and small scales (openGJK, libccd and Bullet
    /// have bug reports from that).
    const GJK_TOUCHING: Self;

    /// How far `cos^2 + sin^2` of a rotation may be from `1` before a query rejects it
    /// as [`InvalidInput`](crate::DistanceStatus::InvalidInput).
    ///
    /// A rotation of norm `1 + d` scales shape B by `1 + d`, an error of `d` times its
    /// size. `Rot::from_angle` is within a few epsilons; rotations integrated over many
    /// steps drift and should be renormalized with `Rot::normalize`. The bound, 64
    /// epsilons, keeps the scaling error well inside the accuracy the kernel promises.
    const UNIT_TOLERANCE: Self;

    /// Default cap on GJK iterations (support calls).
    ///
    /// Polytopes finish in at most about `n_a + n_b` iterations (Box2D caps at 20).
    /// Curved shapes converge about linearly: on 20 000 random ellipse pairs (semi-axes
    /// 0.2 to 2, gaps 0 to 3) GJK took 7.0 iterations on average and 19 at most in f32,
    /// 16.3 and 28 in f64 (2026-11-21). The cap leaves room above that for slivers and
    /// is reported as [`MaxIterations`](crate::DistanceStatus::MaxIterations) when hit.
    const GJK_MAX_ITERATIONS: u32;

    /// Converts from `f64`, rounding to nearest.
    fn from_f64(value: f64) -> Self;

    /// Converts to `f64` exactly (`f32` to `f64` is exact).
    fn to_f64(self) -> f64;

    /// Sine and cosine of an angle in radians, `(sin, cos)`, in one `libm` call.
    fn sin_cos_libm(self) -> (Self, Self);
}

impl Scalar for f32 {
    const ZERO: Self = 0.0;
    const ONE: Self = 1.0;
    const TWO: Self = 2.0;
    const HALF: Self = 0.5;
    const EPS: Self = f32::EPSILON;
    // 8 eps = 9.5e-7: about 1e-6 relative distance error at most on curved shapes.
    const GJK_RELATIVE_GAP: Self = 8.0 * f32::EPSILON;
    // 4 eps = 4.8e-7 of the largest simplex vertex: about the rounding of the vertices
    // themselves (each is a difference of two transformed support points), so a
    // shorter `v` is indistinguishable from touching. 8 eps measured 2.7e-6 L of
    // reported-as-touching gaps on the oracle workloads, twice the f32 floor.
    const GJK_TOUCHING: Self = 4.0 * f32::EPSILON;
    const UNIT_TOLERANCE: Self = 64.0 * f32::EPSILON;
    const GJK_MAX_ITERATIONS: u32 = 48;

    #[inline]
    fn from_f64(value: f64) -> Self {
        value as f32
    }

    #[inline]
    fn to_f64(self) -> f64 {
        f64::from(self)
    }

    #[inline]
    fn sin_cos_libm(self) -> (Self, Self) {
        libm::sincosf(self)
    }
}

impl Scalar for f64 {
    const ZERO: Self = 0.0;
    const ONE: Self = 1.0;
    const TWO: Self = 2.0;
    const HALF: Self = 0.5;
    const EPS: Self = f64::EPSILON;
    // 64 eps = 1.4e-14: f64 keeps more guard digits, so the gap can sit further above
    // epsilon and still be resolved on slivers, for about 1e-14 relative error.
    const GJK_RELATIVE_GAP: Self = 64.0 * f64::EPSILON;
    const GJK_TOUCHING: Self = 4.0 * f64::EPSILON;
    const UNIT_TOLERANCE: Self = 64.0 * f64::EPSILON;
    const GJK_MAX_ITERATIONS: u32 = 64;

    #[inline]
    fn from_f64(value: f64) -> Self {
        value
    }

    #[inline]
    fn to_f64(self) -> f64 {
        self
    }

    #[inline]
    fn sin_cos_libm(self) -> (Self, Self) {
        libm::sincos(self)
    }
}
