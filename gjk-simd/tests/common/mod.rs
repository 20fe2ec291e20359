//! Helpers shared by the batch tests.

use gjk_core::DistanceOutput;

/// Every field of an output as bits, NaN included: outputs compare equal exactly when
/// they are the same to the bit.
pub fn output_bits(output: &DistanceOutput<f32>) -> [u32; 9] {
    [
        output.distance.to_bits(),
        output.witness_a.x.to_bits(),
        output.witness_a.y.to_bits(),
        output.witness_b.x.to_bits(),
        output.witness_b.y.to_bits(),
        output.normal.x.to_bits(),
        output.normal.y.to_bits(),
        output.iterations,
        output.status as u32,
    ]
}
