//! The floating-point trait every algorithm is generic over, with its tolerances.

use core::fmt::{Debug, Display};

mod square_root;

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
///
/// The trait is sealed: it is implemented for `f32` and `f64`, and the kernel relies on
/// their bit layout for its rescaling (see [`RESCALE_ABOVE`](Self::RESCALE_ABOVE)).
pub trait Scalar:
    num_traits::Float + Default + Debug + Display + Send + Sync + sealed::Bits + 'static
{
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
    /// as [`InvalidInput`](crate::DistanceStatus::InvalidInput). The same bound applies
    /// to `x^2 + y^2 + z^2 + w^2` of a 3D rotation ([`Quat::is_valid`](crate::Quat::is_valid)).
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
    /// 16.3 and 28 in f64. In 3D the tail is longer: on 100 000 random
    /// pairs of ellipsoids, cylinders and cones against each other, spheres and
    /// cuboids (sizes 0.01 to 10, offsets up to 30), GJK took at most 40 iterations in
    /// f32 and 76 in f64, where the f64 gap of 64 eps asks for the
    /// distance to within a few epsilons of the coordinates and a curved contact gains
    /// a factor of about three per iteration. The cap leaves room above that for
    /// slivers and is reported as
    /// [`MaxIterations`](crate::DistanceStatus::MaxIterations) when hit.
    ///
    /// A query whose points end outside the rescaling window (see
    /// [`RESCALE_BELOW`](Self::RESCALE_BELOW)) goes on at the new scale with a cap of
    /// its own, so its output counts up to twice this many. Where the squares are
    /// subnormal the loop creeps by steps of their last digits: a point about its
    /// radius from a round ellipse 1e-20 across, in `f32`, spent the whole cap there
    /// and then had nothing left for the rescue, which converges in two steps.
    const GJK_MAX_ITERATIONS: u32;

    /// Smallest magnitude of the points a query ends on that the kernel computes with
    /// as they are; below it the query is run again rescaled by a power of two (see
    /// [`RESCALE_ABOVE`](Self::RESCALE_ABOVE) for the window and why it is exact).
    ///
    /// The loops multiply up to four coordinates together (the overlap test compares
    /// `(v.w)^2` with `s^2 |v|^2`), and decide on parts of such products as small as
    /// `eps^2`. The window keeps fourth powers and their `eps^2` parts in the normal
    /// range: `2^-28` in `f32` (fourth power `2^-112`, normal down to `2^-126`) and
    /// `2^-240` in `f64`.
    const RESCALE_BELOW: Self;

    /// Largest magnitude of the points a query ends on that the kernel computes with
    /// as they are; above it the query is run again scaled down by a power of two.
    ///
    /// Scaling every length of a query by a power of two is exact (every operation
    /// commutes with it as long as nothing under- or overflows), so the rerun gives the
    /// answer of the same query at unit scale, scaled back. `2^28` in `f32` (fourth
    /// power `2^112`, finite up to `2^128`) and `2^240` in `f64`. Queries whose points
    /// stay inside the window, every realistic one, pay only the check.
    const RESCALE_ABOVE: Self;

    /// Converts from `f64`, rounding to nearest.
    fn from_f64(value: f64) -> Self;

    /// Converts to `f64` exactly (`f32` to `f64` is exact).
    fn to_f64(self) -> f64;

    /// Sine and cosine of an angle in radians, `(sin, cos)`.
    ///
    /// `f32` computes in `f32` only: `libm`'s `sincosf` works in `f64`, which on a
    /// Cortex-M4F links the double-precision software routines (a firmware calling
    /// `distance` on two polygons placed by angle grew from 6.6 KB to 13.4 KB of
    /// `.text`). Within one `f32::EPSILON` of the exact values for angles up to 20
    /// radians and two up to 8192 (`scalar.rs`'s tests); beyond that the error grows,
    /// staying below the spacing of `f32` angles themselves (0.004 radian at 51471),
    /// and every finite angle gives a unit rotation. `f64` calls `libm::sincos`.
    ///
    /// ```
    /// use gjk_core::Scalar;
    /// let (sin, cos) = 0.5_f32.sin_and_cos();
    /// assert!((sin - 0.5_f32.sin()).abs() <= 2.0 * f32::EPSILON);
    /// assert!((cos - 0.5_f32.cos()).abs() <= 2.0 * f32::EPSILON);
    /// ```
    fn sin_and_cos(self) -> (Self, Self);

    /// The square root, correctly rounded as IEEE 754 requires, so the same bits as
    /// [`Float::sqrt`](num_traits::Float::sqrt) for every number; NaN for negative
    /// numbers. The kernel and the shapes take their roots with it.
    ///
    /// In the compact form (bare-metal targets and the `compact` feature) `f32`
    /// computes it digit by digit in integer operations: `libm`'s portable `sqrtf`,
    /// which a Cortex-M4F also gets since no stable Rust reaches its square-root
    /// instruction without `std`, is 264 bytes of code and a 256-byte table there,
    /// this one about 140 bytes and no table, at a few times its time. Elsewhere, and
    /// for `f64`, it is [`Float::sqrt`](num_traits::Float::sqrt): the standard
    /// library's where it is linked (one inlined instruction on x86-64 and aarch64),
    /// otherwise `libm`'s.
    ///
    /// ```
    /// use gjk_core::Scalar;
    /// assert_eq!(2.25_f32.square_root(), 1.5);
    /// assert_eq!(2.0_f64.square_root(), 2.0_f64.sqrt());
    /// assert!((-1.0_f32).square_root().is_nan());
    /// ```
    fn square_root(self) -> Self;

    /// The power of two that brings `|self|` into `[1, 2)` when it lies outside
    /// [`RESCALE_BELOW`](Self::RESCALE_BELOW) to [`RESCALE_ABOVE`](Self::RESCALE_ABOVE);
    /// `None` inside that window, and for zero, infinity and NaN (nothing to rescale,
    /// or nothing a rescale repairs). Computed from the bits, exactly.
    ///
    /// Multiplying every length of a query by a power of two is exact (short of the
    /// subnormal range), and its fractions and unit normals do not change: shapes with
    /// their own closed-form queries use this, as the kernel does, to compute with
    /// lengths whose products keep their digits. `self` is the largest length.
    ///
    /// ```
    /// use gjk_core::Scalar;
    /// assert_eq!(1.0e3_f32.window_factor(), None);
    /// assert_eq!(1.0e-30_f32.window_factor(), Some(2.0_f32.powi(100)));
    /// assert_eq!(3.0e30_f64.window_factor(), None);
    /// assert_eq!(3.0e300_f64.window_factor(), Some(2.0_f64.powi(-998)));
    /// assert_eq!(f32::NAN.window_factor(), None);
    /// ```
    #[inline]
    fn window_factor(self) -> Option<Self> {
        Self::rescale_factor(self.magnitude_key())
    }

    /// `floor(log2 |self|)`, the exponent of `self` in binary, read from the bits;
    /// `None` for zero, infinities and NaN. Subnormals count from their highest set
    /// bit.
    ///
    /// With [`scale_by_power_of_two`](Self::scale_by_power_of_two) this moves a
    /// length to the scale of another exactly, for example a ray's translation to
    /// the size of the shape it is cast against.
    ///
    /// ```
    /// use gjk_core::Scalar;
    /// assert_eq!(12.0_f32.binary_exponent(), Some(3));
    /// assert_eq!((-0.25_f64).binary_exponent(), Some(-2));
    /// assert_eq!(f32::from_bits(1).binary_exponent(), Some(-149));
    /// assert_eq!(0.0_f32.binary_exponent(), None);
    /// assert_eq!(f64::INFINITY.binary_exponent(), None);
    /// ```
    fn binary_exponent(self) -> Option<i32>;

    /// `self * 2^exponent`, exact unless the result leaves the normal range (then
    /// rounded, to zero or infinity at the ends, as one multiplication would round).
    /// The exponent may be larger than any single power of two the type holds.
    ///
    /// ```
    /// use gjk_core::Scalar;
    /// assert_eq!(3.0_f32.scale_by_power_of_two(-2), 0.75);
    /// // 2^200 is beyond f32, the product is not:
    /// assert_eq!(1.0e-30_f32.scale_by_power_of_two(200).binary_exponent(), Some(100));
    /// assert_eq!(1.0_f64.scale_by_power_of_two(2000), f64::INFINITY);
    /// ```
    fn scale_by_power_of_two(self, exponent: i32) -> Self;
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
    // 2^-28 and 2^28, written as the exact decimal values of those powers of two.
    const RESCALE_BELOW: Self = 3.725_290_3e-9;
    const RESCALE_ABOVE: Self = 268_435_456.0;

    #[inline]
    fn from_f64(value: f64) -> Self {
        value as f32
    }

    #[inline]
    fn to_f64(self) -> f64 {
        f64::from(self)
    }

    #[inline]
    fn sin_and_cos(self) -> (Self, Self) {
        sin_cos_f32(self)
    }

    #[inline]
    fn square_root(self) -> Self {
        if cfg!(gjk_compact) {
            square_root::sqrt_f32(self)
        } else {
            num_traits::Float::sqrt(self)
        }
    }

    #[inline]
    fn binary_exponent(self) -> Option<i32> {
        let key = self.to_bits() & 0x7fff_ffff;
        match key {
            0 | 0x7f80_0000.. => None,
            // Normal: the exponent field; subnormal (field zero): the highest set bit.
            0x0080_0000.. => Some((key >> 23) as i32 - 127),
            _ => Some(31 - key.leading_zeros() as i32 - 149),
        }
    }

    #[inline]
    fn scale_by_power_of_two(self, exponent: i32) -> Self {
        libm::scalbnf(self, exponent)
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
    const GJK_MAX_ITERATIONS: u32 = 128;
    // 2^-240 and 2^240.
    const RESCALE_BELOW: Self = 5.659_799_424_266_695e-73;
    const RESCALE_ABOVE: Self = 1.766_847_064_778_384_3e72;

    #[inline]
    fn from_f64(value: f64) -> Self {
        value
    }

    #[inline]
    fn to_f64(self) -> f64 {
        self
    }

    #[inline]
    fn sin_and_cos(self) -> (Self, Self) {
        libm::sincos(self)
    }

    #[inline]
    fn square_root(self) -> Self {
        num_traits::Float::sqrt(self)
    }

    #[inline]
    fn binary_exponent(self) -> Option<i32> {
        let key = self.to_bits() & 0x7fff_ffff_ffff_ffff;
        match key {
            0 | 0x7ff0_0000_0000_0000.. => None,
            0x0010_0000_0000_0000.. => Some((key >> 52) as i32 - 1023),
            _ => Some(63 - key.leading_zeros() as i32 - 1074),
        }
    }

    #[inline]
    fn scale_by_power_of_two(self, exponent: i32) -> Self {
        libm::scalbn(self, exponent)
    }
}

/// `(sin x, cos x)` in `f32` arithmetic (see [`Scalar::sin_and_cos`]).
///
/// Cody and Waite's reduction: `x = y pi/4 + z` with `y` the even multiple of `pi/4`
/// nearest `|x|` from above, `pi/4` split in three parts so that `y` times the first
/// two is exact for `y` below 2^14 (`|x|` below about 8192), and `|z| <= pi/4`. Then
/// the minimax polynomials of Cephes' `sinf` and `cosf` on `[-pi/4, pi/4]` (errors
/// below one unit in the last place there), and the quadrant's signs and swap.
fn sin_cos_f32(x: f32) -> (f32, f32) {
    if !x.is_finite() {
        return (f32::NAN, f32::NAN);
    }
    const FOUR_OVER_PI: f32 = 1.273_239_5;
    // pi/4 = PART_1 + PART_2 + PART_3: 8, 15 and 24 significant bits.
    const PART_1: f32 = 0.785_156_25;
    const PART_2: f32 = 2.418_756_5e-4;
    const PART_3: f32 = 3.774_895e-8;
    // Beyond 2^16 multiples of pi/4 (51471 rad) `multiple * PART_1` is no longer
    // exact: the angle is first reduced by the f32 value of 2 pi, exactly (`fmodf` is
    // exact and works on the bits), at the cost of 3e-8 of the angle (the difference
    // between that value and 2 pi), below the angle's own spacing there (0.004 rad).
    let magnitude = x.abs();
    let magnitude = if magnitude > 51_471.0 {
        libm::fmodf(magnitude, core::f32::consts::TAU)
    } else {
        magnitude
    };
    let mut octant = (magnitude * FOUR_OVER_PI) as u32;
    let mut multiple = octant as f32;
    if octant & 1 == 1 {
        octant = octant.wrapping_add(1);
        multiple += 1.0;
    }
    let z = ((magnitude - multiple * PART_1) - multiple * PART_2) - multiple * PART_3;
    let zz = z * z;
    let sin_z = z + z * zz * (-1.666_665_5e-1 + zz * (8.332_161e-3 + zz * -1.951_529_6e-4));
    let cos_z =
        1.0 - 0.5 * zz + zz * zz * (4.166_664_6e-2 + zz * (-1.388_731_6e-3 + zz * 2.443_315_7e-5));
    let (sin, cos) = match octant & 7 {
        0 => (sin_z, cos_z),
        2 => (cos_z, -sin_z),
        4 => (-sin_z, -cos_z),
        _ => (-cos_z, sin_z),
    };
    (if x.is_sign_negative() { -sin } else { sin }, cos)
}

/// What the kernel reads of a scalar's bits (not nameable outside the crate, which
/// seals [`Scalar`]).
pub(crate) mod sealed {
    /// Magnitudes and powers of two from the IEEE 754 bits: integer operations only,
    /// so the rescaling check costs a firmware without an FPU no float routine calls.
    pub trait Bits: Copy {
        /// An unsigned integer wide enough for the bits.
        type Key: Copy + Ord;

        /// The magnitude as an integer that orders as magnitudes do (the bits without
        /// the sign: IEEE 754 orders non-negative values as their bits), NaN as zero,
        /// so that a NaN never counts as the largest.
        fn magnitude_key(self) -> Self::Key;

        /// The non-negative value of a key (`from_magnitude_key(x.magnitude_key())` is
        /// `|x|` for every number).
        fn from_magnitude_key(key: Self::Key) -> Self;

        /// The power of two that brings a magnitude (given by its key) into `[1, 2)`,
        /// when it lies outside `[RESCALE_BELOW, RESCALE_ABOVE]`; `None` inside the
        /// window and for zero or infinity. The exponent is clamped so that the factor
        /// is representable (`2^127` at most in `f32`): a subnormal magnitude then
        /// lands a few powers of two below 1, still inside the window.
        fn rescale_factor(key: Self::Key) -> Option<Self>;

        /// Veltkamp's splitter, `2^ceil(p / 2) + 1` for `p` bits of significand: it
        /// splits a number into two halves whose products are exact (see
        /// `two_product` in the 3D solver).
        const SPLITTER: Self;
    }

    impl Bits for f32 {
        type Key = u32;
        // 2^12 + 1 for 24 bits.
        const SPLITTER: f32 = 4097.0;

        #[inline]
        fn magnitude_key(self) -> u32 {
            let key = self.to_bits() & 0x7fff_ffff;
            if key > 0x7f80_0000 { 0 } else { key }
        }

        #[inline]
        fn from_magnitude_key(key: u32) -> f32 {
            f32::from_bits(key)
        }

        #[inline]
        fn rescale_factor(key: u32) -> Option<f32> {
            use super::Scalar;
            let inside = key >= f32::RESCALE_BELOW.to_bits() && key <= f32::RESCALE_ABOVE.to_bits();
            if inside || key == 0 || key >= 0x7f80_0000 {
                return None;
            }
            // The binary logarithm rounded down: from the exponent field, or for a
            // subnormal (field zero) from the highest set bit of the fraction.
            let field = (key >> 23) as i32;
            let log2 = if field > 0 {
                field - 127
            } else {
                31 - key.leading_zeros() as i32 - 149
            };
            let exponent = (-log2).clamp(-127, 127);
            Some(if exponent >= -126 {
                f32::from_bits(((exponent + 127) as u32) << 23)
            } else {
                f32::from_bits(1 << (exponent + 149))
            })
        }
    }

    impl Bits for f64 {
        type Key = u64;
        // 2^27 + 1 for 53 bits.
        const SPLITTER: f64 = 134_217_729.0;

        #[inline]
        fn magnitude_key(self) -> u64 {
            let key = self.to_bits() & 0x7fff_ffff_ffff_ffff;
            if key > 0x7ff0_0000_0000_0000 { 0 } else { key }
        }

        #[inline]
        fn from_magnitude_key(key: u64) -> f64 {
            f64::from_bits(key)
        }

        #[inline]
        fn rescale_factor(key: u64) -> Option<f64> {
            use super::Scalar;
            let inside = key >= f64::RESCALE_BELOW.to_bits() && key <= f64::RESCALE_ABOVE.to_bits();
            if inside || key == 0 || key >= 0x7ff0_0000_0000_0000 {
                return None;
            }
            let field = (key >> 52) as i32;
            let log2 = if field > 0 {
                field - 1023
            } else {
                63 - key.leading_zeros() as i32 - 1074
            };
            let exponent = (-log2).clamp(-1023, 1023);
            Some(if exponent >= -1022 {
                f64::from_bits(((exponent + 1023) as u64) << 52)
            } else {
                f64::from_bits(1 << (exponent + 1074))
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The largest error of `sin_cos_f32` against `f64` over `angles`, in units of
    /// `f32::EPSILON` (absolute: the values are at most one).
    fn largest_error(angles: impl Iterator<Item = f32>) -> f64 {
        let mut largest = 0.0_f64;
        for angle in angles {
            let (sin, cos) = sin_cos_f32(angle);
            let exact = f64::from(angle);
            let error = (f64::from(sin) - exact.sin())
                .abs()
                .max((f64::from(cos) - exact.cos()).abs());
            largest = largest.max(error / f64::from(f32::EPSILON));
        }
        largest
    }

    #[test]
    fn f32_sine_and_cosine_are_within_two_epsilons_up_to_8192_radians() {
        let near = (-200_000..=200_000).map(|i| i as f32 * 1.0e-4);
        let error = largest_error(near);
        assert!(error <= 1.0, "{error}");
        let far = (-100_000..=100_000).map(|i| i as f32 * 0.081_92);
        let error = largest_error(far);
        assert!(error <= 2.0, "{error}");
    }

    #[test]
    fn f32_sine_and_cosine_keep_signs_at_quadrant_ends() {
        use core::f32::consts::{FRAC_PI_2, PI};
        assert_eq!(sin_cos_f32(0.0), (0.0, 1.0));
        assert!(sin_cos_f32(-0.0).0.is_sign_negative());
        let (sin, cos) = sin_cos_f32(FRAC_PI_2);
        assert!((sin - 1.0).abs() <= f32::EPSILON && cos.abs() <= f32::EPSILON);
        let (sin, cos) = sin_cos_f32(-PI);
        assert!(sin.abs() <= f32::EPSILON && (cos + 1.0).abs() <= f32::EPSILON);
    }

    #[test]
    fn f32_sine_and_cosine_of_huge_angles_stay_within_the_angles_spacing_and_unit() {
        // The fuzzer's rotation of 1e30 rad came out NaN from a saturated octant.
        for exponent in 4..=38 {
            for mantissa in [1.0_f32, 1.7, 3.3, 9.1] {
                let angle = mantissa * 10f32.powi(exponent);
                if !angle.is_finite() {
                    continue;
                }
                let (sin, cos) = sin_cos_f32(angle);
                let norm = f64::from(sin).hypot(f64::from(cos));
                assert!(
                    (norm - 1.0).abs() <= 4.0 * f64::from(f32::EPSILON),
                    "{angle:e}"
                );
                if angle < 1.0e6 {
                    let exact = f64::from(angle);
                    let spacing = f64::from(angle) * f64::from(f32::EPSILON);
                    assert!((f64::from(sin) - exact.sin()).abs() <= spacing, "{angle:e}");
                    assert!((f64::from(cos) - exact.cos()).abs() <= spacing, "{angle:e}");
                }
            }
        }
    }

    #[test]
    fn f32_sine_and_cosine_of_non_finite_angles_are_nan() {
        for angle in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
            let (sin, cos) = sin_cos_f32(angle);
            assert!(sin.is_nan() && cos.is_nan());
        }
    }
}
