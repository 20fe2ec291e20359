//! Queries over a scene: shapes and their poses, and pairs of indices into them (what
//! a broad phase gives), without gathering each pair's shapes and poses first.

use core::marker::PhantomData;

use gjk_core::{DistanceOutput, QueryError, Transform};

use crate::block::{Distance, Indexed, Overlap, PairKernel, PairQuery, Separate};
use crate::dispatch::{LaneScalar, Simd, SimdPath, run};
use crate::output::Separation;
use crate::rows::{BLOCK, CoreRows};
use crate::shape::{LaneShape, PackError};

/// `gjk_core::distance` of every pair `[a, b]` of `pairs`, shape `shapes[a]` at
/// `poses[a]` against `shapes[b]` at `poses[b]`, into `out[i]` for `pairs[i]`, a
/// block at a time on the fastest lanes of this processor. Each output equals the
/// scalar query's bit for bit.
///
/// `poses` holds one pose per shape and `out` one output per pair, else
/// [`PackError::LengthMismatch`]; an index past the shapes is
/// [`PackError::IndexOutOfRange`] (checked before anything is written).
///
/// ```
/// use gjk_core::{DistanceOutput, DistanceStatus, Transform, Vec2};
/// use gjk_shapes::{Capsule, Circle, Polygon, Shape};
/// use gjk_simd::distance_pairs;
///
/// let shapes: [Shape; 3] = [
///     Circle::new(Vec2::ZERO, 0.5).unwrap().into(),
///     Polygon::regular(8, 1.0).unwrap().into(),
///     Capsule::new(Vec2::ZERO, Vec2::X, 0.25).unwrap().into(),
/// ];
/// let poses = [0.0_f32, 3.0, 6.0].map(|x| Transform::from_translation(Vec2::new(x, 0.0)));
/// let pairs = [[0, 1], [1, 2], [0, 2]];
/// let mut out = [DistanceOutput::default(); 3];
/// distance_pairs(&shapes, &poses, &pairs, &mut out)?;
/// assert_eq!(out[0].status, DistanceStatus::Separated);
/// assert_eq!(out[2], gjk_core::distance(&shapes[0], poses[0], &shapes[2], poses[2]));
/// # Ok::<(), gjk_simd::PackError>(())
/// ```
pub fn distance_pairs<S: LaneScalar, T: LaneShape<S>>(
    shapes: &[T],
    poses: &[Transform<S>],
    pairs: &[[u32; 2]],
    out: &mut [DistanceOutput<S>],
) -> Result<(), PackError> {
    distance_pairs_on(Simd::detect(), shapes, poses, pairs, out)
}

/// [`distance_pairs`] on the lanes of `simd`, to compare paths.
///
/// ```
/// use gjk_core::{DistanceOutput, Transform, Vec2};
/// use gjk_shapes::{Circle, Shape};
/// use gjk_simd::{Simd, distance_pairs_on};
///
/// let shapes = [Shape::from(Circle::new(Vec2::ZERO, 0.5_f32).unwrap()); 2];
/// let poses = [Transform::IDENTITY, Transform::from_translation(Vec2::new(2.0, 0.0))];
/// let mut out = [DistanceOutput::default()];
/// distance_pairs_on(Simd::scalar(), &shapes, &poses, &[[0, 1]], &mut out)?;
/// assert_eq!(out[0].distance, 1.0);
/// # Ok::<(), gjk_simd::PackError>(())
/// ```
pub fn distance_pairs_on<S: LaneScalar, T: LaneShape<S>>(
    simd: Simd,
    shapes: &[T],
    poses: &[Transform<S>],
    pairs: &[[u32; 2]],
    out: &mut [DistanceOutput<S>],
) -> Result<(), PackError> {
    in_pairs::<S, T, Distance>(simd, shapes, poses, pairs, out)
}

/// [`distance_pairs`] without the witness points ([`Separation`]: distance, normal,
/// iterations and status, each the scalar query's to the bit), for a narrow phase
/// that needs only those: the lanes skip the witness points' work.
///
/// ```
/// use gjk_core::{Transform, Vec2};
/// use gjk_shapes::{Circle, Shape};
/// use gjk_simd::{Separation, separation_pairs};
///
/// let shapes = [Shape::from(Circle::new(Vec2::ZERO, 0.5_f32).unwrap()); 2];
/// let poses = [Transform::IDENTITY, Transform::from_translation(Vec2::new(0.0, 2.0))];
/// let mut out = [Separation::default()];
/// separation_pairs(&shapes, &poses, &[[0, 1]], &mut out)?;
/// assert_eq!((out[0].distance, out[0].normal), (1.0, Vec2::Y));
/// # Ok::<(), gjk_simd::PackError>(())
/// ```
pub fn separation_pairs<S: LaneScalar, T: LaneShape<S>>(
    shapes: &[T],
    poses: &[Transform<S>],
    pairs: &[[u32; 2]],
    out: &mut [Separation<S>],
) -> Result<(), PackError> {
    separation_pairs_on(Simd::detect(), shapes, poses, pairs, out)
}

/// [`separation_pairs`] on the lanes of `simd`, to compare paths.
///
/// ```
/// use gjk_core::{Transform, Vec2};
/// use gjk_shapes::{Circle, Shape};
/// use gjk_simd::{Separation, Simd, separation_pairs_on};
///
/// let shapes = [Shape::from(Circle::new(Vec2::ZERO, 0.5_f64).unwrap()); 2];
/// let poses = [Transform::IDENTITY, Transform::from_translation(Vec2::new(3.0, 0.0))];
/// let mut out = [Separation::default()];
/// separation_pairs_on(Simd::portable(), &shapes, &poses, &[[1, 0]], &mut out)?;
/// assert_eq!((out[0].distance, out[0].normal), (2.0, -Vec2::X));
/// # Ok::<(), gjk_simd::PackError>(())
/// ```
pub fn separation_pairs_on<S: LaneScalar, T: LaneShape<S>>(
    simd: Simd,
    shapes: &[T],
    poses: &[Transform<S>],
    pairs: &[[u32; 2]],
    out: &mut [Separation<S>],
) -> Result<(), PackError> {
    in_pairs::<S, T, Separate>(simd, shapes, poses, pairs, out)
}

/// `gjk_core::intersects` of every pair of `pairs` (see [`distance_pairs`]), into
/// `out[i]` for `pairs[i]`: the overlap test of a narrow phase, each answer the
/// scalar query's.
///
/// ```
/// use gjk_core::{QueryError, Transform, Vec2};
/// use gjk_shapes::{Circle, Shape};
/// use gjk_simd::intersects_pairs;
///
/// let shapes = [Shape::from(Circle::new(Vec2::ZERO, 1.0_f32).unwrap()); 3];
/// let poses = [0.0_f32, 1.5, 5.0].map(|x| Transform::from_translation(Vec2::new(x, 0.0)));
/// let mut out = [Err(QueryError::InvalidInput); 2];
/// intersects_pairs(&shapes, &poses, &[[0, 1], [0, 2]], &mut out)?;
/// assert_eq!(out, [Ok(true), Ok(false)]);
/// # Ok::<(), gjk_simd::PackError>(())
/// ```
pub fn intersects_pairs<S: LaneScalar, T: LaneShape<S>>(
    shapes: &[T],
    poses: &[Transform<S>],
    pairs: &[[u32; 2]],
    out: &mut [Result<bool, QueryError>],
) -> Result<(), PackError> {
    intersects_pairs_on(Simd::detect(), shapes, poses, pairs, out)
}

/// [`intersects_pairs`] on the lanes of `simd`, to compare paths.
///
/// ```
/// use gjk_core::{QueryError, Transform, Vec2};
/// use gjk_shapes::{Circle, Shape};
/// use gjk_simd::{Simd, intersects_pairs_on};
///
/// let shapes = [Shape::from(Circle::new(Vec2::ZERO, 1.0_f32).unwrap()); 2];
/// let poses = [Transform::IDENTITY; 2];
/// let mut out = [Err(QueryError::InvalidInput)];
/// intersects_pairs_on(Simd::scalar(), &shapes, &poses, &[[0, 1]], &mut out)?;
/// assert_eq!(out, [Ok(true)]);
/// // An index past the shapes is an error, not a panic.
/// let far = intersects_pairs_on(Simd::scalar(), &shapes, &poses, &[[0, 2]], &mut out);
/// assert_eq!(far, Err(gjk_simd::PackError::IndexOutOfRange));
/// # Ok::<(), gjk_simd::PackError>(())
/// ```
pub fn intersects_pairs_on<S: LaneScalar, T: LaneShape<S>>(
    simd: Simd,
    shapes: &[T],
    poses: &[Transform<S>],
    pairs: &[[u32; 2]],
    out: &mut [Result<bool, QueryError>],
) -> Result<(), PackError> {
    in_pairs::<S, T, Overlap>(simd, shapes, poses, pairs, out)
}

/// Checks the lengths and indices, then packs the pairs a block at a time and runs
/// query `Q` on each block into its part of `out`; the scalar path queries the
/// shapes themselves.
fn in_pairs<S: LaneScalar, T: LaneShape<S>, Q: PairQuery<S>>(
    simd: Simd,
    shapes: &[T],
    poses: &[Transform<S>],
    pairs: &[[u32; 2]],
    out: &mut [Q::Output],
) -> Result<(), PackError> {
    if shapes.len() != poses.len() || pairs.len() != out.len() {
        return Err(PackError::LengthMismatch);
    }
    if pairs
        .iter()
        .flatten()
        .any(|&index| index as usize >= shapes.len())
    {
        return Err(PackError::IndexOutOfRange);
    }
    let shape = |index: u32| shapes.get(index as usize);
    if simd.path() == SimdPath::Scalar {
        for (slot, &[a, b]) in out.iter_mut().zip(pairs) {
            let placed = (
                shape(a),
                poses.get(a as usize),
                shape(b),
                poses.get(b as usize),
            );
            if let (Some(a), Some(xf_a), Some(b), Some(xf_b)) = placed {
                *slot = Q::scalar(a, *xf_a, b, *xf_b);
            }
        }
        return Ok(());
    }
    for (pairs, out) in pairs.chunks(BLOCK).zip(out.chunks_mut(BLOCK)) {
        let rows_a = CoreRows::pack(pairs.iter().filter_map(|pair| shape(pair[0])))?;
        let rows_b = CoreRows::pack(pairs.iter().filter_map(|pair| shape(pair[1])))?;
        let (mut a, mut b) = ([0; BLOCK], [0; BLOCK]);
        for ((a, b), pair) in a.iter_mut().zip(b.iter_mut()).zip(pairs) {
            [*a, *b] = *pair;
        }
        let (a, b) = (&a, &b);
        run(
            simd,
            PairKernel::<S, Q, _> {
                a: &rows_a,
                b: &rows_b,
                placements: Indexed { poses, a, b },
                out,
                query: PhantomData,
            },
        );
    }
    Ok(())
}
