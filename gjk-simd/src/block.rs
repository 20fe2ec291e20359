//! [`PairBlock`]: a block of shape pairs packed into lanes once, queried for any
//! number of placements; [`distance_batch`] and [`intersects_batch`], the same over
//! slices; and the kernels that run them on any lane type.

use core::marker::PhantomData;

use gjk_core::{
    DistanceOutput, QueryError, SimplexCache, Support, Transform, distance, distance_cached,
    intersects,
};

use crate::dispatch::{Kernel, LaneScalar, Simd, run};
use crate::gjk::{Placed, distance_lanes, intersects_lanes, lanes_below, separation_lanes};
use crate::lanes::{LaneFloat, TransformLanes};
use crate::output::Separation;
use crate::rows::{BLOCK, CoreRows};
use crate::shape::{LaneShape, PackError};
use crate::warm::CacheLanes;

/// A block of up to [`BLOCK`] pairs (16, whatever the build and the processor)
/// packed once, to be queried for many placements (one per frame, say) with
/// [`PairBlock::distance`] and [`PairBlock::intersects`].
///
/// ```
/// use gjk_core::{DistanceStatus, Transform, Vec2, distance};
/// use gjk_shapes::Circle;
/// use gjk_simd::PairBlock;
///
/// let unit = Circle::new(Vec2::ZERO, 1.0_f32).unwrap();
/// let block = PairBlock::new(&[(unit, unit); 3])?;
/// let xf_b = [0.0_f32, 1.0, 5.0].map(|x| Transform::from_translation(Vec2::new(x, 0.0)));
/// let mut out = [distance(&unit, Transform::IDENTITY, &unit, Transform::IDENTITY); 3];
/// block.distance(&[Transform::IDENTITY; 3], &xf_b, &mut out)?;
/// assert_eq!(out[2].status, DistanceStatus::Separated);
/// assert_eq!(out[2].distance, 3.0);
/// assert_eq!(out[1].status, DistanceStatus::Overlapping);
///
/// // The same in f64.
/// let unit = Circle::new(Vec2::ZERO, 1.0_f64).unwrap();
/// let block = PairBlock::new(&[(unit, unit); 2])?;
/// let xf_b = [Transform::from_translation(Vec2::new(2.5, 0.0)); 2];
/// let mut out = [distance(&unit, Transform::IDENTITY, &unit, Transform::IDENTITY); 2];
/// block.distance(&[Transform::IDENTITY; 2], &xf_b, &mut out)?;
/// assert_eq!(out[1].distance, 0.5);
/// # Ok::<(), gjk_simd::PackError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairBlock<S: LaneScalar = f32> {
    a: CoreRows<S>,
    b: CoreRows<S>,
    len: usize,
}

impl<S: LaneScalar> PairBlock<S> {
    /// The most pairs a block holds: [`BLOCK`], in every build and on every
    /// processor.
    ///
    /// ```
    /// assert_eq!(gjk_simd::PairBlock::<f64>::CAPACITY, 16);
    /// ```
    pub const CAPACITY: usize = BLOCK;

    /// Packs up to [`CAPACITY`](Self::CAPACITY) pairs (more is a
    /// [`PackError::LengthMismatch`]).
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// use gjk_shapes::Circle;
    /// use gjk_simd::{PackError, PairBlock};
    /// let ball = Circle::new(Vec2::ZERO, 1.0_f32).unwrap();
    /// assert_eq!(PairBlock::new(&[(ball, ball); 16]).map(|block| block.len()), Ok(16));
    /// assert_eq!(PairBlock::new(&[(ball, ball); 17]), Err(PackError::LengthMismatch));
    /// ```
    pub fn new<A: LaneShape<S>, B: LaneShape<S>>(pairs: &[(A, B)]) -> Result<Self, PackError> {
        if pairs.len() > Self::CAPACITY {
            return Err(PackError::LengthMismatch);
        }
        Ok(Self {
            a: CoreRows::pack(pairs.iter().map(|pair| &pair.0))?,
            b: CoreRows::pack(pairs.iter().map(|pair| &pair.1))?,
            len: pairs.len(),
        })
    }

    /// How many pairs the block holds.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// use gjk_shapes::Point;
    /// let dot = Point::new(Vec2::<f64>::ZERO).unwrap();
    /// assert_eq!(gjk_simd::PairBlock::new(&[(dot, dot); 5]).unwrap().len(), 5);
    /// ```
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the block holds no pair.
    ///
    /// ```
    /// use gjk_shapes::Point;
    /// let none: [(Point<f32>, Point<f32>); 0] = [];
    /// assert!(gjk_simd::PairBlock::new(&none).unwrap().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// `gjk_core::distance` of every pair `i` at its placement `(xf_a[i], xf_b[i])`,
    /// all pairs in lock-step on the fastest lanes of this processor
    /// ([`Simd::detect`]), written to `out[i]`. `xf_a`, `xf_b` and `out` must hold
    /// one entry per pair.
    ///
    /// Each output equals, bit for bit, what `gjk_core::distance` returns for the same
    /// pair and placement: same statuses (invalid transforms or radii give
    /// `InvalidInput`), distances, witness points, normals and iteration counts.
    ///
    /// ```
    /// use gjk_core::{DistanceOutput, Transform, Vec2, distance};
    /// use gjk_shapes::Polygon;
    /// use gjk_simd::PairBlock;
    ///
    /// let hexagon = Polygon::<f32, 8>::regular(6, 1.0).unwrap();
    /// let block = PairBlock::new(&[(hexagon, hexagon); 4])?;
    /// let xf_b = [3.0_f32, 4.0, 5.0, 6.0].map(|x| Transform::from_position_angle(Vec2::new(x, 0.5), x));
    /// let mut out = [DistanceOutput::default(); 4];
    /// block.distance(&[Transform::IDENTITY; 4], &xf_b, &mut out)?;
    /// assert_eq!(out[3], distance(&hexagon, Transform::IDENTITY, &hexagon, xf_b[3]));
    /// # Ok::<(), gjk_simd::PackError>(())
    /// ```
    pub fn distance(
        &self,
        xf_a: &[Transform<S>],
        xf_b: &[Transform<S>],
        out: &mut [DistanceOutput<S>],
    ) -> Result<(), PackError> {
        self.distance_on(Simd::detect(), xf_a, xf_b, out)
    }

    /// [`PairBlock::distance`] on the lanes of `simd`, to compare paths.
    ///
    /// ```
    /// use gjk_core::{DistanceOutput, Transform, Vec2, distance};
    /// use gjk_shapes::Polygon;
    /// use gjk_simd::{PairBlock, Simd};
    ///
    /// let square = Polygon::<f32, 8>::regular(4, 1.0).unwrap();
    /// let block = PairBlock::new(&[(square, square); 16])?;
    /// let xf_b: Vec<_> = (0..16)
    ///     .map(|i| Transform::from_position_angle(Vec2::new(2.0 + 0.1 * i as f32, 0.5), 0.1 * i as f32))
    ///     .collect();
    /// let xf_a = [Transform::IDENTITY; 16];
    /// let mut reference = [distance(&square, xf_a[0], &square, xf_b[0]); 16];
    /// block.distance_on(Simd::scalar(), &xf_a, &xf_b, &mut reference)?;
    /// for simd in Simd::available() {
    ///     let mut out = reference;
    ///     block.distance_on(simd, &xf_a, &xf_b, &mut out)?;
    ///     assert_eq!(out, reference, "{}", simd.path());
    /// }
    /// # Ok::<(), gjk_simd::PackError>(())
    /// ```
    pub fn distance_on(
        &self,
        simd: Simd,
        xf_a: &[Transform<S>],
        xf_b: &[Transform<S>],
        out: &mut [DistanceOutput<S>],
    ) -> Result<(), PackError> {
        self.run::<Distance>(simd, xf_a, xf_b, out)
    }

    /// `gjk_core::intersects` of every pair `i` at its placement `(xf_a[i],
    /// xf_b[i])`, all pairs in lock-step on the fastest lanes of this processor,
    /// written to `out[i]`. `xf_a`, `xf_b` and `out` must hold one entry per pair.
    ///
    /// Each answer equals `gjk_core::intersects` on the same pair and placement: `Ok`
    /// with whether the shapes touch or overlap, `Err(InvalidInput)` for invalid
    /// transforms or radii, `Err(MaxIterations)` where the scalar query gives it. A lane
    /// stops as soon as a support plane separates its pair, as the scalar test does.
    ///
    /// ```
    /// use gjk_core::{QueryError, Transform, Vec2};
    /// use gjk_shapes::Circle;
    /// use gjk_simd::PairBlock;
    ///
    /// let unit = Circle::new(Vec2::ZERO, 1.0_f32).unwrap();
    /// let block = PairBlock::new(&[(unit, unit); 3])?;
    /// let xf_b = [1.5_f32, 2.0, 5.0].map(|x| Transform::from_translation(Vec2::new(x, 0.0)));
    /// let mut out = [Err(QueryError::InvalidInput); 3];
    /// block.intersects(&[Transform::IDENTITY; 3], &xf_b, &mut out)?;
    /// assert_eq!(out, [Ok(true), Ok(true), Ok(false)]);
    /// # Ok::<(), gjk_simd::PackError>(())
    /// ```
    pub fn intersects(
        &self,
        xf_a: &[Transform<S>],
        xf_b: &[Transform<S>],
        out: &mut [Result<bool, QueryError>],
    ) -> Result<(), PackError> {
        self.intersects_on(Simd::detect(), xf_a, xf_b, out)
    }

    /// [`PairBlock::intersects`] on the lanes of `simd`, to compare paths.
    ///
    /// ```
    /// use gjk_core::{QueryError, Transform, Vec2};
    /// use gjk_shapes::Circle;
    /// use gjk_simd::{PairBlock, Simd};
    ///
    /// let unit = Circle::new(Vec2::ZERO, 1.0_f64).unwrap();
    /// let block = PairBlock::new(&[(unit, unit); 2])?;
    /// let xf_b = [Transform::from_translation(Vec2::new(1.0, 1.0)); 2];
    /// let mut out = [Err(QueryError::InvalidInput); 2];
    /// block.intersects_on(Simd::scalar(), &[Transform::IDENTITY; 2], &xf_b, &mut out)?;
    /// assert_eq!(out, [Ok(true); 2]);
    /// # Ok::<(), gjk_simd::PackError>(())
    /// ```
    pub fn intersects_on(
        &self,
        simd: Simd,
        xf_a: &[Transform<S>],
        xf_b: &[Transform<S>],
        out: &mut [Result<bool, QueryError>],
    ) -> Result<(), PackError> {
        self.run::<Overlap>(simd, xf_a, xf_b, out)
    }

    /// Runs query `Q` on the block at its placements, into `out`.
    fn run<Q: PairQuery<S>>(
        &self,
        simd: Simd,
        xf_a: &[Transform<S>],
        xf_b: &[Transform<S>],
        out: &mut [Q::Output],
    ) -> Result<(), PackError> {
        if [xf_a.len(), xf_b.len(), out.len()] != [self.len; 3] {
            return Err(PackError::LengthMismatch);
        }
        run(
            simd,
            PairKernel::<S, Q, _> {
                a: &self.a,
                b: &self.b,
                placements: Slices { xf_a, xf_b },
                out,
                query: PhantomData,
            },
        );
        Ok(())
    }
}

/// `gjk_core::distance` of every pair `(a[i], xf_a[i], b[i], xf_b[i])`, a block at a
/// time on the fastest lanes of this processor, into `out[i]`: the convenience form
/// of [`PairBlock`] for shapes that change every call. Any length works.
///
/// ```
/// use gjk_core::{Transform, Vec2, distance};
/// use gjk_shapes::{Capsule, Polygon};
/// use gjk_simd::distance_batch;
///
/// let boxes = [Polygon::<f32, 8>::regular(4, 1.0).unwrap(); 11];
/// let pills = [Capsule::new(Vec2::ZERO, Vec2::X, 0.25).unwrap(); 11];
/// let at: Vec<Transform<f32>> =
///     (0..11).map(|i| Transform::from_translation(Vec2::new(i as f32, 3.0))).collect();
/// let mut out = vec![distance(&boxes[0], at[0], &pills[0], at[0]); 11];
/// distance_batch(&boxes, &[Transform::IDENTITY; 11], &pills, &at, &mut out)?;
/// for i in 0..11 {
///     assert_eq!(out[i], distance(&boxes[i], Transform::IDENTITY, &pills[i], at[i]));
/// }
/// # Ok::<(), gjk_simd::PackError>(())
/// ```
pub fn distance_batch<S: LaneScalar, A: LaneShape<S>, B: LaneShape<S>>(
    a: &[A],
    xf_a: &[Transform<S>],
    b: &[B],
    xf_b: &[Transform<S>],
    out: &mut [DistanceOutput<S>],
) -> Result<(), PackError> {
    distance_batch_on(Simd::detect(), a, xf_a, b, xf_b, out)
}

/// [`distance_batch`] on the lanes of `simd`, to compare paths.
///
/// ```
/// use gjk_core::{Transform, Vec2, distance};
/// use gjk_shapes::Circle;
/// use gjk_simd::{Simd, distance_batch_on};
///
/// let ball = [Circle::new(Vec2::ZERO, 0.5_f32).unwrap(); 3];
/// let at = [1.0_f32, 2.0, 3.0].map(|x| Transform::from_translation(Vec2::new(x, 0.0)));
/// let mut out = [distance(&ball[0], at[0], &ball[0], at[0]); 3];
/// distance_batch_on(Simd::portable(), &ball, &[Transform::IDENTITY; 3], &ball, &at, &mut out)?;
/// assert_eq!(out[2].distance, 2.0);
/// # Ok::<(), gjk_simd::PackError>(())
/// ```
pub fn distance_batch_on<S: LaneScalar, A: LaneShape<S>, B: LaneShape<S>>(
    simd: Simd,
    a: &[A],
    xf_a: &[Transform<S>],
    b: &[B],
    xf_b: &[Transform<S>],
    out: &mut [DistanceOutput<S>],
) -> Result<(), PackError> {
    in_blocks::<S, A, B, Distance>(simd, a, xf_a, b, xf_b, out)
}

/// `gjk_core::intersects` of every pair `(a[i], xf_a[i], b[i], xf_b[i])`, a block at
/// a time on the fastest lanes of this processor, into `out[i]`: the overlap test in
/// batches, each answer equal to the scalar query's (see [`PairBlock::intersects`]).
/// Any length works.
///
/// ```
/// use gjk_core::{QueryError, Transform, Vec2, intersects};
/// use gjk_shapes::{Capsule, Polygon};
/// use gjk_simd::intersects_batch;
///
/// let boxes = [Polygon::<f32, 8>::regular(4, 1.0).unwrap(); 11];
/// let pills = [Capsule::new(Vec2::ZERO, Vec2::X, 0.25).unwrap(); 11];
/// let at: Vec<Transform<f32>> =
///     (0..11).map(|i| Transform::from_translation(Vec2::new(0.0, 0.25 * i as f32))).collect();
/// let mut out = vec![Err(QueryError::InvalidInput); 11];
/// intersects_batch(&boxes, &[Transform::IDENTITY; 11], &pills, &at, &mut out)?;
/// for i in 0..11 {
///     assert_eq!(out[i], intersects(&boxes[i], Transform::IDENTITY, &pills[i], at[i]));
/// }
/// assert_eq!(out[0], Ok(true));
/// assert_eq!(out[10], Ok(false));
/// # Ok::<(), gjk_simd::PackError>(())
/// ```
pub fn intersects_batch<S: LaneScalar, A: LaneShape<S>, B: LaneShape<S>>(
    a: &[A],
    xf_a: &[Transform<S>],
    b: &[B],
    xf_b: &[Transform<S>],
    out: &mut [Result<bool, QueryError>],
) -> Result<(), PackError> {
    intersects_batch_on(Simd::detect(), a, xf_a, b, xf_b, out)
}

/// [`intersects_batch`] on the lanes of `simd`, to compare paths.
///
/// ```
/// use gjk_core::{QueryError, Transform, Vec2};
/// use gjk_shapes::Circle;
/// use gjk_simd::{Simd, intersects_batch_on};
///
/// let ball = [Circle::new(Vec2::ZERO, 0.5_f32).unwrap(); 2];
/// let at = [0.5_f32, 3.0].map(|x| Transform::from_translation(Vec2::new(x, 0.0)));
/// let mut out = [Err(QueryError::InvalidInput); 2];
/// intersects_batch_on(Simd::scalar(), &ball, &[Transform::IDENTITY; 2], &ball, &at, &mut out)?;
/// assert_eq!(out, [Ok(true), Ok(false)]);
/// # Ok::<(), gjk_simd::PackError>(())
/// ```
pub fn intersects_batch_on<S: LaneScalar, A: LaneShape<S>, B: LaneShape<S>>(
    simd: Simd,
    a: &[A],
    xf_a: &[Transform<S>],
    b: &[B],
    xf_b: &[Transform<S>],
    out: &mut [Result<bool, QueryError>],
) -> Result<(), PackError> {
    in_blocks::<S, A, B, Overlap>(simd, a, xf_a, b, xf_b, out)
}

/// Packs the pairs a block at a time, straight from the input chunks, and runs query
/// `Q` on each block into its part of `out`; the scalar path queries the shapes
/// themselves.
fn in_blocks<S: LaneScalar, A: LaneShape<S>, B: LaneShape<S>, Q: PairQuery<S>>(
    simd: Simd,
    a: &[A],
    xf_a: &[Transform<S>],
    b: &[B],
    xf_b: &[Transform<S>],
    out: &mut [Q::Output],
) -> Result<(), PackError> {
    let count = out.len();
    if [a.len(), xf_a.len(), b.len(), xf_b.len()] != [count; 4] {
        return Err(PackError::LengthMismatch);
    }
    if simd.path() == crate::SimdPath::Scalar {
        let inputs = a.iter().zip(xf_a).zip(b.iter().zip(xf_b));
        for (slot, ((a, xf_a), (b, xf_b))) in out.iter_mut().zip(inputs) {
            *slot = Q::scalar(a, *xf_a, b, *xf_b);
        }
        return Ok(());
    }
    let chunks = a
        .chunks(BLOCK)
        .zip(b.chunks(BLOCK))
        .zip(xf_a.chunks(BLOCK).zip(xf_b.chunks(BLOCK)))
        .zip(out.chunks_mut(BLOCK));
    for (((a, b), (xf_a, xf_b)), out) in chunks {
        let rows_a = CoreRows::pack(a.iter())?;
        let rows_b = CoreRows::pack(b.iter())?;
        run(
            simd,
            PairKernel::<S, Q, _> {
                a: &rows_a,
                b: &rows_b,
                placements: Slices { xf_a, xf_b },
                out,
                query: PhantomData,
            },
        );
    }
    Ok(())
}

/// A query on pairs, in lanes and pair by pair.
pub(crate) trait PairQuery<S: LaneScalar> {
    /// One pair's answer.
    type Output;
    /// The query of the placed pairs, into the first lanes of `out`; returns the
    /// lanes (as bits) whose pairs the scalar query reruns rescaled, which the caller
    /// hands to [`scalar`](Self::scalar) (see `gjk::rescue_bits`).
    fn lanes<F: LaneFloat<Scalar = S>>(placed: &Placed<F>, out: &mut [Self::Output]) -> u32;
    /// The answer that stands for a pair not queried (`PairSet` only).
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    fn blank() -> Self::Output;
    /// The GJK iterations an answer took, where it tells them (`PairSet` only).
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    fn iterations(output: &Self::Output) -> Option<u32> {
        let _ = output;
        None
    }
    /// The scalar query of one pair.
    fn scalar<A: Support<S>, B: Support<S>>(
        a: &A,
        xf_a: Transform<S>,
        b: &B,
        xf_b: Transform<S>,
    ) -> Self::Output;
    /// The query warm-started from the lanes' caches, which it updates, as
    /// `gjk_core::distance_cached` does (`PairSet` only; queries without a cached form
    /// run cold and leave the caches alone).
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn lanes_warm<F: LaneFloat<Scalar = S>>(
        placed: &Placed<F>,
        cache: &mut CacheLanes<F>,
        out: &mut [Self::Output],
    ) -> u32 {
        let _ = cache;
        Self::lanes(placed, out)
    }
    /// The scalar query of one pair warm-started from `cache` (see
    /// [`lanes_warm`](Self::lanes_warm)).
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    fn scalar_warm<A: Support<S>, B: Support<S>>(
        a: &A,
        xf_a: Transform<S>,
        b: &B,
        xf_b: Transform<S>,
        cache: &mut SimplexCache<S>,
    ) -> Self::Output {
        let _ = cache;
        Self::scalar(a, xf_a, b, xf_b)
    }
}

/// `gjk_core::distance`.
pub(crate) struct Distance;

impl<S: LaneScalar> PairQuery<S> for Distance {
    type Output = DistanceOutput<S>;
    fn blank() -> Self::Output {
        DistanceOutput::default()
    }
    fn iterations(output: &Self::Output) -> Option<u32> {
        Some(output.iterations)
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn lanes<F: LaneFloat<Scalar = S>>(placed: &Placed<F>, out: &mut [Self::Output]) -> u32 {
        distance_lanes(placed, None, out)
    }
    #[inline]
    fn scalar<A: Support<S>, B: Support<S>>(
        a: &A,
        xf_a: Transform<S>,
        b: &B,
        xf_b: Transform<S>,
    ) -> Self::Output {
        distance(a, xf_a, b, xf_b)
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn lanes_warm<F: LaneFloat<Scalar = S>>(
        placed: &Placed<F>,
        cache: &mut CacheLanes<F>,
        out: &mut [Self::Output],
    ) -> u32 {
        distance_lanes(placed, Some(cache), out)
    }
    fn scalar_warm<A: Support<S>, B: Support<S>>(
        a: &A,
        xf_a: Transform<S>,
        b: &B,
        xf_b: Transform<S>,
        cache: &mut SimplexCache<S>,
    ) -> Self::Output {
        distance_cached(a, xf_a, b, xf_b, cache)
    }
}

/// `gjk_core::distance` without the witness points.
pub(crate) struct Separate;

impl<S: LaneScalar> PairQuery<S> for Separate {
    type Output = Separation<S>;
    fn blank() -> Self::Output {
        Separation::default()
    }
    fn iterations(output: &Self::Output) -> Option<u32> {
        Some(output.iterations)
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn lanes<F: LaneFloat<Scalar = S>>(placed: &Placed<F>, out: &mut [Self::Output]) -> u32 {
        separation_lanes(placed, None, out)
    }
    #[inline]
    fn scalar<A: Support<S>, B: Support<S>>(
        a: &A,
        xf_a: Transform<S>,
        b: &B,
        xf_b: Transform<S>,
    ) -> Self::Output {
        distance(a, xf_a, b, xf_b).into()
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn lanes_warm<F: LaneFloat<Scalar = S>>(
        placed: &Placed<F>,
        cache: &mut CacheLanes<F>,
        out: &mut [Self::Output],
    ) -> u32 {
        separation_lanes(placed, Some(cache), out)
    }
    fn scalar_warm<A: Support<S>, B: Support<S>>(
        a: &A,
        xf_a: Transform<S>,
        b: &B,
        xf_b: Transform<S>,
        cache: &mut SimplexCache<S>,
    ) -> Self::Output {
        distance_cached(a, xf_a, b, xf_b, cache).into()
    }
}

/// `gjk_core::intersects`.
pub(crate) struct Overlap;

impl<S: LaneScalar> PairQuery<S> for Overlap {
    type Output = Result<bool, QueryError>;
    fn blank() -> Self::Output {
        Err(QueryError::InvalidInput)
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn lanes<F: LaneFloat<Scalar = S>>(placed: &Placed<F>, out: &mut [Self::Output]) -> u32 {
        intersects_lanes(placed, out)
    }
    #[inline]
    fn scalar<A: Support<S>, B: Support<S>>(
        a: &A,
        xf_a: Transform<S>,
        b: &B,
        xf_b: Transform<S>,
    ) -> Self::Output {
        intersects(a, xf_a, b, xf_b)
    }
}

/// Where the placements of a block's pairs come from.
pub(crate) trait Placements<S: LaneScalar> {
    /// The placements of pairs `offset..offset + F::COUNT` (the identity past the
    /// last pair).
    fn lanes<F: LaneFloat<Scalar = S>>(
        &self,
        offset: usize,
    ) -> (TransformLanes<F>, TransformLanes<F>);
    /// The placement of pair `index`.
    fn pair(&self, index: usize) -> (Transform<S>, Transform<S>);
}

/// Placements given as two slices, one entry per pair.
pub(crate) struct Slices<'q, S> {
    pub xf_a: &'q [Transform<S>],
    pub xf_b: &'q [Transform<S>],
}

impl<S: LaneScalar> Placements<S> for Slices<'_, S> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn lanes<F: LaneFloat<Scalar = S>>(
        &self,
        offset: usize,
    ) -> (TransformLanes<F>, TransformLanes<F>) {
        (
            TransformLanes::gather(self.xf_a, offset),
            TransformLanes::gather(self.xf_b, offset),
        )
    }
    fn pair(&self, index: usize) -> (Transform<S>, Transform<S>) {
        let at = |xfs: &[Transform<S>]| xfs.get(index).copied().unwrap_or(Transform::IDENTITY);
        (at(self.xf_a), at(self.xf_b))
    }
}

/// Placements looked up by each pair's shape indices in a slice of poses.
pub(crate) struct Indexed<'q, S> {
    pub poses: &'q [Transform<S>],
    pub a: &'q [u32],
    pub b: &'q [u32],
}

impl<S: LaneScalar> Placements<S> for Indexed<'_, S> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn lanes<F: LaneFloat<Scalar = S>>(
        &self,
        offset: usize,
    ) -> (TransformLanes<F>, TransformLanes<F>) {
        (
            TransformLanes::gather_indexed(self.poses, self.a, offset),
            TransformLanes::gather_indexed(self.poses, self.b, offset),
        )
    }
    fn pair(&self, index: usize) -> (Transform<S>, Transform<S>) {
        let at = |indices: &[u32]| {
            indices
                .get(index)
                .and_then(|&shape| self.poses.get(shape as usize))
                .copied()
                .unwrap_or(Transform::IDENTITY)
        };
        (at(self.a), at(self.b))
    }
}

/// Pairs `offset..offset + F::COUNT` of a block of `len` packed in `a` and `b`, at
/// their placements (the lanes past `len` unused).
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn place<S: LaneScalar, F: LaneFloat<Scalar = S>, P: Placements<S>>(
    a: &CoreRows<S>,
    b: &CoreRows<S>,
    placements: &P,
    offset: usize,
    len: usize,
) -> Placed<F> {
    let (xf_a, xf_b) = placements.lanes::<F>(offset);
    Placed::new(
        a.lanes::<F>(offset),
        b.lanes::<F>(offset),
        xf_a,
        xf_b,
        lanes_below::<F>(len.saturating_sub(offset)),
    )
}

/// Query `Q` on the packed pairs of one block at their placements, into `out` (one
/// output per pair: `out.len()` pairs).
pub(crate) struct PairKernel<'q, S: LaneScalar, Q: PairQuery<S>, P> {
    pub a: &'q CoreRows<S>,
    pub b: &'q CoreRows<S>,
    pub placements: P,
    pub out: &'q mut [Q::Output],
    pub query: PhantomData<Q>,
}

impl<S: LaneScalar, Q: PairQuery<S>, P: Placements<S>> Kernel<S> for PairKernel<'_, S, Q, P> {
    type Output = ();

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn lanes<F: LaneFloat<Scalar = S>>(mut self) {
        let len = self.out.len();
        let mut offset = 0;
        while offset < len {
            let placed = place::<S, F, _>(self.a, self.b, &self.placements, offset, len);
            let rescue = Q::lanes(&placed, self.out.get_mut(offset..).unwrap_or(&mut []));
            if rescue != 0 {
                self.rescue(rescue, offset);
            }
            offset += F::COUNT;
        }
    }

    fn scalar(self) {
        for (lane, slot) in self.out.iter_mut().enumerate() {
            let (xf_a, xf_b) = self.placements.pair(lane);
            *slot = Q::scalar(&self.a.shape(lane), xf_a, &self.b.shape(lane), xf_b);
        }
    }
}

impl<S: LaneScalar, Q: PairQuery<S>, P: Placements<S>> PairKernel<'_, S, Q, P> {
    /// The scalar query of the pairs in the lanes `bits` of the register at `offset`,
    /// in place of the lanes' answers (pairs the scalar kernel reruns rescaled).
    #[cold]
    #[inline(never)]
    fn rescue(&mut self, bits: u32, offset: usize) {
        for index in set_lanes(bits).map(|lane| offset + lane) {
            let (xf_a, xf_b) = self.placements.pair(index);
            if let Some(slot) = self.out.get_mut(index) {
                *slot = Q::scalar(&self.a.shape(index), xf_a, &self.b.shape(index), xf_b);
            }
        }
    }
}

/// The indices of the bits set in `bits`, lowest first.
pub(crate) fn set_lanes(bits: u32) -> impl Iterator<Item = usize> {
    (0..32).filter(move |lane| bits & (1 << lane) != 0)
}
