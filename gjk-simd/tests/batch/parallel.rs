//! The rayon forms answer exactly what the single-core batch forms answer, whatever
//! the batch length (full runs of `PARALLEL_CHUNK`, a tail, fewer pairs than one run),
//! with invalid placements among valid ones.

use crate::common::output_bits;
use gjk_core::{QueryError, Transform, Vec2, distance};
use gjk_shapes::Polygon;
use gjk_simd::{
    PARALLEL_CHUNK, PackError, distance_batch, distance_batch_parallel, intersects_batch,
    intersects_batch_parallel,
};

/// A deterministic stream of numbers in `[0, 1)` (SplitMix64).
struct Stream(u64);

impl Stream {
    fn next(&mut self) -> f32 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 40) as f32 / (1u64 << 24) as f32
    }
}

/// Shapes (both sides of each pair) and the transforms of A and B.
type Pairs = (
    Vec<Polygon<f32, 8>>,
    Vec<Transform<f32>>,
    Vec<Transform<f32>>,
);

/// `count` pairs of regular polygons of 3 to 8 sides, placed 0 to 4 apart, every 97th
/// with a NaN translation.
fn pairs(count: usize) -> Pairs {
    let mut stream = Stream(7);
    let mut shapes = Vec::with_capacity(count);
    let mut xf_a = Vec::with_capacity(count);
    let mut xf_b = Vec::with_capacity(count);
    for index in 0..count {
        let sides = 3 + (stream.next() * 6.0) as usize;
        shapes.push(Polygon::regular(sides.min(8), 0.5 + stream.next()).unwrap());
        xf_a.push(Transform::from_position_angle(
            Vec2::new(stream.next() * 10.0, stream.next() * 10.0),
            stream.next() * 6.0,
        ));
        let mut b = Transform::from_position_angle(
            xf_a[index].translation + Vec2::new(stream.next() * 4.0, stream.next() * 4.0),
            stream.next() * 6.0,
        );
        if index % 97 == 0 {
            b.translation.x = f32::NAN;
        }
        xf_b.push(b);
    }
    (shapes, xf_a, xf_b)
}

#[test]
fn parallel_batches_answer_what_single_core_batches_answer() {
    for count in [
        0,
        5,
        PARALLEL_CHUNK - 3,
        PARALLEL_CHUNK,
        3 * PARALLEL_CHUNK + 11,
    ] {
        let (shapes, xf_a, xf_b) = pairs(count);
        let triangle = Polygon::<f32, 8>::regular(3, 1.0).unwrap();
        let blank = distance(
            &triangle,
            Transform::IDENTITY,
            &triangle,
            Transform::IDENTITY,
        );
        let mut serial = vec![blank; count];
        let mut parallel = vec![blank; count];
        distance_batch(&shapes, &xf_a, &shapes, &xf_b, &mut serial).unwrap();
        distance_batch_parallel(&shapes, &xf_a, &shapes, &xf_b, &mut parallel).unwrap();
        let serial_bits: Vec<_> = serial.iter().map(output_bits).collect();
        let parallel_bits: Vec<_> = parallel.iter().map(output_bits).collect();
        assert_eq!(serial_bits, parallel_bits, "{count} pairs");

        let mut serial = vec![Err(QueryError::MaxIterations); count];
        let mut parallel = vec![Err(QueryError::MaxIterations); count];
        intersects_batch(&shapes, &xf_a, &shapes, &xf_b, &mut serial).unwrap();
        intersects_batch_parallel(&shapes, &xf_a, &shapes, &xf_b, &mut parallel).unwrap();
        assert_eq!(serial, parallel, "{count} pairs");
        if count > 100 {
            // The comparison above saw every kind of answer.
            assert!(serial.contains(&Ok(true)) && serial.contains(&Ok(false)));
            assert!(serial.contains(&Err(QueryError::InvalidInput)));
        }
    }
}

#[test]
fn parallel_batch_with_mismatched_lengths_is_an_error() {
    let (shapes, xf_a, xf_b) = pairs(10);
    let mut out = vec![Err(QueryError::InvalidInput); 9];
    let result = intersects_batch_parallel(&shapes, &xf_a, &shapes, &xf_b, &mut out);
    assert_eq!(result, Err(PackError::LengthMismatch));
}
