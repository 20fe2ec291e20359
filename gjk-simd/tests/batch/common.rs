//! Helpers shared by the batch tests.

use gjk_core::{DistanceOutput, Scalar};

/// Every field of an output as bits (of the value widened to `f64`, which is exact),
/// NaN included: outputs compare equal exactly when they are the same to the bit.
pub fn output_bits<S: Scalar>(output: &DistanceOutput<S>) -> [u64; 9] {
    let bits = |value: S| Scalar::to_f64(value).to_bits();
    [
        bits(output.distance),
        bits(output.witness_a.x),
        bits(output.witness_a.y),
        bits(output.witness_b.x),
        bits(output.witness_b.y),
        bits(output.normal.x),
        bits(output.normal.y),
        u64::from(output.iterations),
        output.status as u64,
    ]
}

/// How many pairs or rays of each kind the long comparisons (`--include-ignored`)
/// check: 100,000, or the count in the environment variable `GJK_SIMD_PER_KIND`. CI
/// runs the full count on the host and a fifth of it on the emulated targets, where
/// the full count took four and a half minutes under `qemu-aarch64`.
pub fn per_kind() -> usize {
    std::env::var("GJK_SIMD_PER_KIND")
        .ok()
        .and_then(|count| count.parse().ok())
        .unwrap_or(100_000)
}

/// `batches`, the number of batches that gives 100,000 of each kind, for
/// [`per_kind`]: as given for 100,000; scaled for another count, with 5 % more to
/// spare, since the batches' lengths are random and the tests check that they reached
/// the count.
pub fn batches_per_kind(batches: u32) -> u32 {
    let per_kind = per_kind() as u64;
    if per_kind == 100_000 {
        return batches;
    }
    let scaled = (u64::from(batches) * per_kind * 105).div_ceil(100_000 * 100);
    u32::try_from(scaled).unwrap_or(u32::MAX)
}
