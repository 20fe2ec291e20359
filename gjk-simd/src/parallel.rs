//! Large batches split over the cores with rayon (feature `rayon`, which needs `std`).
//!
//! Each task runs the single-core batch query on a run of [`PARALLEL_CHUNK`] pairs.
//! Lanes never mix their arithmetic, so how the pairs are grouped into blocks and
//! tasks changes no output: the parallel forms answer exactly what the single-core
//! forms answer.

use gjk_core::{DistanceOutput, QueryError, Transform};
use rayon::prelude::*;

use crate::block::{distance_batch, intersects_batch};
use crate::dispatch::LaneScalar;
use crate::shape::{LaneShape, PackError};

/// Pairs per rayon task, a multiple of the block size: 32 blocks of [`BLOCK`](crate::BLOCK).
/// A block of sixteen octagon pairs takes about half a microsecond with AVX-512, so
/// a task is tens of microseconds, well above rayon's cost of handing one out, and a
/// batch of a few thousand pairs still spreads over the cores.
///
/// ```
/// assert_eq!(gjk_simd::PARALLEL_CHUNK % gjk_simd::BLOCK, 0);
/// ```
pub const PARALLEL_CHUNK: usize = 512;

/// [`distance_batch`] with the pairs split over rayon's thread pool, in runs of
/// [`PARALLEL_CHUNK`]; the outputs are the same.
///
/// ```
/// use gjk_core::{Transform, Vec2, distance};
/// use gjk_shapes::Polygon;
/// use gjk_simd::distance_batch_parallel;
///
/// let octagon = Polygon::<f32, 8>::regular(8, 1.0).unwrap();
/// let shapes = vec![octagon; 2000];
/// let xf_a = vec![Transform::IDENTITY; 2000];
/// let xf_b: Vec<_> = (0..2000)
///     .map(|i| Transform::from_position_angle(Vec2::new(2.5, 0.001 * i as f32), 0.01 * i as f32))
///     .collect();
/// let mut out = vec![distance(&octagon, xf_a[0], &octagon, xf_b[0]); 2000];
/// distance_batch_parallel(&shapes, &xf_a, &shapes, &xf_b, &mut out)?;
/// assert_eq!(out[1999], distance(&octagon, xf_a[1999], &octagon, xf_b[1999]));
/// # Ok::<(), gjk_simd::PackError>(())
/// ```
pub fn distance_batch_parallel<S, A, B>(
    a: &[A],
    xf_a: &[Transform<S>],
    b: &[B],
    xf_b: &[Transform<S>],
    out: &mut [DistanceOutput<S>],
) -> Result<(), PackError>
where
    S: LaneScalar,
    A: LaneShape<S> + Sync,
    B: LaneShape<S> + Sync,
{
    in_parallel(a, xf_a, b, xf_b, out, distance_batch)
}

/// [`intersects_batch`] with the pairs split over rayon's thread pool, in runs of
/// [`PARALLEL_CHUNK`]; the answers are the same.
///
/// ```
/// use gjk_core::{QueryError, Transform, Vec2};
/// use gjk_shapes::Circle;
/// use gjk_simd::intersects_batch_parallel;
///
/// let unit = Circle::new(Vec2::ZERO, 1.0_f32).unwrap();
/// let xf_b: Vec<_> = (0..3000)
///     .map(|i| Transform::from_translation(Vec2::new(0.001 * i as f32, 0.0)))
///     .collect();
/// let mut out = vec![Err(QueryError::InvalidInput); 3000];
/// intersects_batch_parallel(&[unit; 3000], &[Transform::IDENTITY; 3000], &[unit; 3000], &xf_b, &mut out)?;
/// assert_eq!(out[1000], Ok(true)); // centres 1 apart
/// assert_eq!(out[2999], Ok(false)); // centres 2.999 apart
/// # Ok::<(), gjk_simd::PackError>(())
/// ```
pub fn intersects_batch_parallel<S, A, B>(
    a: &[A],
    xf_a: &[Transform<S>],
    b: &[B],
    xf_b: &[Transform<S>],
    out: &mut [Result<bool, QueryError>],
) -> Result<(), PackError>
where
    S: LaneScalar,
    A: LaneShape<S> + Sync,
    B: LaneShape<S> + Sync,
{
    in_parallel(a, xf_a, b, xf_b, out, intersects_batch)
}

/// Splits the slices into runs of [`PARALLEL_CHUNK`] pairs and runs `query` on each
/// run in rayon's pool; the first error, if any, is returned.
fn in_parallel<S, A, B, T>(
    a: &[A],
    xf_a: &[Transform<S>],
    b: &[B],
    xf_b: &[Transform<S>],
    out: &mut [T],
    query: impl Fn(&[A], &[Transform<S>], &[B], &[Transform<S>], &mut [T]) -> Result<(), PackError>
    + Sync,
) -> Result<(), PackError>
where
    S: LaneScalar,
    A: Sync,
    B: Sync,
    T: Send,
{
    let count = out.len();
    if [a.len(), xf_a.len(), b.len(), xf_b.len()] != [count; 4] {
        return Err(PackError::LengthMismatch);
    }
    a.par_chunks(PARALLEL_CHUNK)
        .zip(xf_a.par_chunks(PARALLEL_CHUNK))
        .zip(b.par_chunks(PARALLEL_CHUNK))
        .zip(xf_b.par_chunks(PARALLEL_CHUNK))
        .zip(out.par_chunks_mut(PARALLEL_CHUNK))
        .try_for_each(|((((a, xf_a), b), xf_b), out)| query(a, xf_a, b, xf_b, out))
}
