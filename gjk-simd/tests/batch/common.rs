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
