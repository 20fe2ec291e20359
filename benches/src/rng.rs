//! `SplitMix64`: a tiny seeded generator, so the workloads need no `rand` and come out
//! the same on every platform.

/// Sebastiano Vigna's SplitMix64: a 64-bit counter scrambled by two multiply-xorshift
/// rounds. Statistically sound for workload generation, not for cryptography.
///
/// ```
/// use gjk_benches::SplitMix64;
/// let mut a = SplitMix64::new(7);
/// let mut b = SplitMix64::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// ```
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// The counter's increment: 2^64 divided by the golden ratio, an odd number, so the
    /// counter visits every 64-bit value once per period.
    const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

    /// A generator whose sequence is fixed by `seed`.
    pub const fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(Self::GOLDEN_GAMMA);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform value in `[0, 1)`: the top 53 bits as the mantissa of an `f64`.
    ///
    /// ```
    /// let x = gjk_benches::SplitMix64::new(1).next_unit();
    /// assert!((0.0..1.0).contains(&x));
    /// ```
    pub fn next_unit(&mut self) -> f64 {
        const INV_2_POW_53: f64 = 1.0 / (1_u64 << 53) as f64;
        (self.next_u64() >> 11) as f64 * INV_2_POW_53
    }

    /// A uniform value in `[low, high)`.
    pub fn uniform(&mut self, low: f64, high: f64) -> f64 {
        low + (high - low) * self.next_unit()
    }

    /// A uniform angle in `[-pi, pi)`.
    pub fn angle(&mut self) -> f64 {
        self.uniform(-core::f64::consts::PI, core::f64::consts::PI)
    }

    /// `true` with probability `probability`.
    pub fn chance(&mut self, probability: f64) -> bool {
        self.next_unit() < probability
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_zero_matches_the_reference_sequence() {
        // First outputs of the reference C implementation for seed 0.
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn uniform_stays_in_range() {
        let mut rng = SplitMix64::new(42);
        for _ in 0..10_000 {
            let x = rng.uniform(-2.0, 3.0);
            assert!((-2.0..3.0).contains(&x));
        }
    }
}
