//! The `f32` square root of the compact form: digit by digit, in integer operations.
//!
//! A Cortex-M4F has a square-root instruction, but no stable Rust reaches it without
//! `std`, and `libm`'s portable `sqrtf` is 264 bytes of code and a 256-byte table on
//! it (326 and 256 on a Cortex-M0): in a 3D firmware, whose shape constructors take no
//! roots, the largest routine the kernel brings. This one is about 140 bytes on either
//! core and has no table. It takes about 25 loop turns, a few times `libm`'s time,
//! which a query calls a handful of times.
//!
//! Both roots are correctly rounded, as IEEE 754 requires, so they agree bit for bit
//! on every number; the tests compare them on a spread of bit patterns, and on all
//! 2^32 with `--ignored`.

/// `sqrt(x)` correctly rounded to nearest; NaN for NaN and negative numbers, `x` for
/// zeros and positive infinity.
///
/// The restoring method, one bit of the root per turn: with `m` the significand as an
/// integer and the exponent made even (`x = m 2^(2e)`, `m` in `[2^24, 2^26)` after
/// a shift by one or two), the root is `sqrt(m) 2^e`. Each turn tries the next bit
/// `b` of the root `r`: `(r + b)^2 <= m` exactly when `2 r b + b^2 <= m - r^2`, the
/// remainder so far. Scaling the remainder by two each turn instead of halving `b^2`
/// keeps every quantity an integer below `2^27`: `doubled` holds `2 r` and `trial`
/// `2 r + b` at the remainder's scale. After 25 turns `doubled / 2` is the root
/// truncated to one bit beyond the significand's 24, and the remainder is zero only if
/// that is the exact root. A square root is never exactly halfway between two floats,
/// so rounding to nearest rounds up exactly when that extra bit is set, and then the
/// remainder is not zero: `root & 1`, added when the remainder is not zero, is the
/// rounding.
pub(super) fn sqrt_f32(x: f32) -> f32 {
    let bits = x.to_bits();
    // Everything but the positive normal and subnormal numbers: +0, -0 and +inf are
    // their own roots, negative numbers and NaN have none.
    if bits.wrapping_sub(1) >= 0x7f7f_ffff {
        return if bits << 1 == 0 || bits == 0x7f80_0000 {
            x
        } else {
            f32::NAN
        };
    }
    let mut exponent = (bits >> 23) as i32 - 127;
    let mut significand = bits & 0x007f_ffff;
    if exponent == -127 {
        // Subnormal: normalized by shifting, the exponent lowered to match.
        exponent = -126;
        while significand & 0x0080_0000 == 0 {
            significand <<= 1;
            exponent -= 1;
        }
    } else {
        significand |= 0x0080_0000;
    }
    // One shift more for an odd exponent, so that `exponent >> 1` halves it exactly.
    let mut remainder = significand << (1 + (exponent & 1) as u32);
    let mut doubled = 0u32;
    let mut bit = 1u32 << 24;
    while bit != 0 {
        let trial = doubled + bit;
        if trial <= remainder {
            doubled = trial + bit;
            remainder -= trial;
        }
        remainder <<= 1;
        bit >>= 1;
    }
    let root = doubled >> 1;
    let rounded = root + (root & u32::from(remainder != 0));
    // `rounded >> 1` is the significand with its leading bit at 2^23, which carries
    // one into the exponent field: 126 there makes the root of a number in `[1, 4)`,
    // and the halved exponent (from -75 to 63) moves it.
    let field = ((exponent >> 1) + 126) as u32;
    f32::from_bits((rounded >> 1) + (field << 23))
}

#[cfg(test)]
mod tests {
    use super::sqrt_f32;

    /// Equal bits, or both NaN: the NaN `libm` and the hardware return differ in
    /// sign and payload, and no query reads them.
    fn agrees(bits: u32) -> bool {
        let x = f32::from_bits(bits);
        let ours = sqrt_f32(x);
        let reference = libm::sqrtf(x);
        ours.to_bits() == reference.to_bits() || (ours.is_nan() && reference.is_nan())
    }

    #[test]
    fn agrees_with_libm_on_a_spread_of_bit_patterns() {
        // Every 4099th pattern (odd, so every residue of the significand's low bits
        // comes up), and every pattern near the ends of each range.
        let spread = (0..=u32::MAX).step_by(4099);
        let ends = [0, 0x0080_0000, 0x7f80_0000, 0x8000_0000, 0xff80_0000]
            .into_iter()
            .flat_map(|end: u32| {
                (0..4096).flat_map(move |i| [end.wrapping_add(i), end.wrapping_sub(i)])
            });
        for bits in spread.chain(ends) {
            assert!(agrees(bits), "{bits:#010x}");
        }
    }

    #[test]
    fn perfect_squares_and_their_neighbours_round_as_libm_does() {
        for root in 1u32..5000 {
            let square = (root * root) as f32;
            for bits in [square.to_bits() - 1, square.to_bits(), square.to_bits() + 1] {
                assert!(agrees(bits), "{bits:#010x}");
            }
        }
        assert_eq!(sqrt_f32(4.0), 2.0);
        // 2^-148, a subnormal, and 2^-74.
        assert_eq!(
            sqrt_f32(f32::from_bits(2)),
            f32::from_bits((127 - 74) << 23)
        );
    }

    #[test]
    fn special_values_keep_ieee_meaning() {
        assert_eq!(sqrt_f32(0.0).to_bits(), 0.0_f32.to_bits());
        assert_eq!(sqrt_f32(-0.0).to_bits(), (-0.0_f32).to_bits());
        assert_eq!(sqrt_f32(f32::INFINITY), f32::INFINITY);
        assert!(sqrt_f32(-1.0).is_nan());
        assert!(sqrt_f32(f32::NEG_INFINITY).is_nan());
        assert!(sqrt_f32(f32::NAN).is_nan());
    }

    /// All 2^32 patterns: about two minutes in release
    /// (`cargo test -p gjk-core --release -- --ignored every_f32`).
    #[test]
    #[ignore = "two minutes in release"]
    fn agrees_with_libm_on_every_f32() {
        for bits in 0..=u32::MAX {
            assert!(agrees(bits), "{bits:#010x}");
        }
    }
}
