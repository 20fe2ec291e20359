//! [`PairBlock`]: a block of shape pairs packed into lanes once, queried for any
//! number of placements.

use gjk_core::{DistanceOutput, QueryError, Transform};
use num_traits::Float;

use crate::gjk::{Placed, distance_lanes, intersects_lanes, lanes_below};
use crate::lanes::{LaneFloat, LaneScalar, Vec2Lanes};
use crate::shape::{LaneCore, LaneShape, MAX_VERTICES, PackError};

/// The cores of one side (A or B) of a block of pairs, vertex `k` of every lane in one
/// [`Vec2Lanes`]. A lane with fewer vertices repeats its last one: a repeated vertex is
/// never strictly farther than the first copy, so the support point and its vertex
/// index stay those of the unpadded core. Ellipse lanes keep their semi-axes instead.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct PackedCores<F> {
    pub vertices: [Vec2Lanes<F>; MAX_VERTICES],
    /// The largest vertex count of the lanes: the support scans this many.
    pub scanned: usize,
    /// Each lane's radius.
    pub radii: F,
    /// The semi-axes of the ellipse lanes.
    pub semi_axes: Vec2Lanes<F>,
    /// The ellipse lanes.
    pub ellipses: F,
    /// Whether any lane is an ellipse (if not, the support skips the ellipse formula).
    pub any_ellipse: bool,
}

impl<F: LaneFloat> PackedCores<F> {
    /// Packs up to `F::COUNT` shapes (one block), written straight into the lane-major
    /// coordinate rows (`x[vertex][lane]`) that the vectors load: building each lane's
    /// vertex list and transposing it afterwards cost as much as the query itself in
    /// `distance_batch`, which packs on every call (callgrind, octagons, 2026-11-24).
    pub(crate) fn pack<'s, T: LaneShape<F::Scalar> + 's>(
        shapes: impl Iterator<Item = &'s T>,
    ) -> Result<Self, PackError> {
        let mut xs = [F::Array::default(); MAX_VERTICES];
        let mut ys = [F::Array::default(); MAX_VERTICES];
        let mut radii = F::Array::default();
        let mut axes_x = F::Array::default();
        let mut axes_y = F::Array::default();
        let mut ellipse_lanes = F::Array::default();
        let mut scanned = 0;
        let lanes = radii
            .as_mut()
            .iter_mut()
            .zip(ellipse_lanes.as_mut())
            .zip(axes_x.as_mut().iter_mut().zip(axes_y.as_mut()));
        for (lane, (((radius, is_ellipse), (axis_x, axis_y)), shape)) in
            lanes.zip(shapes).enumerate()
        {
            *radius = shape.radius();
            match shape.lane_core()? {
                LaneCore::Vertices(core) => {
                    let rows = xs.iter_mut().zip(ys.iter_mut());
                    for ((x_row, y_row), point) in rows.zip(core.padded()) {
                        if let (Some(x), Some(y)) =
                            (x_row.as_mut().get_mut(lane), y_row.as_mut().get_mut(lane))
                        {
                            (*x, *y) = (point.x, point.y);
                        }
                    }
                    scanned = scanned.max(core.len());
                }
                LaneCore::Ellipse(axes) => {
                    (*axis_x, *axis_y) = (axes.x, axes.y);
                    // Marked by a NaN, made a mask below.
                    *is_ellipse = F::Scalar::nan();
                }
            }
        }
        let mut vertices = [Vec2Lanes::zero(); MAX_VERTICES];
        for ((packed, x_row), y_row) in vertices.iter_mut().zip(xs).zip(ys) {
            *packed = Vec2Lanes {
                x: F::from_array(x_row),
                y: F::from_array(y_row),
            };
        }
        let ellipses = F::from_array(ellipse_lanes).is_nan();
        Ok(Self {
            vertices,
            scanned,
            radii: F::from_array(radii),
            semi_axes: Vec2Lanes {
                x: F::from_array(axes_x),
                y: F::from_array(axes_y),
            },
            ellipses,
            any_ellipse: ellipses.any(),
        })
    }

    /// Vertex `index` of every lane's core (an index per lane, as the support reports
    /// it; vertex lanes only): the very coordinates the support read.
    #[inline(always)]
    pub(crate) fn vertex_at(&self, index: F) -> Vec2Lanes<F> {
        let mut vertex = self.vertices[0];
        for (k, candidate) in self.vertices.iter().enumerate().take(self.scanned).skip(1) {
            vertex = vertex.replaced(index.cmp_eq(F::lit(k as f64)), *candidate);
        }
        vertex
    }
}

/// A block of pairs ([`PairBlock::CAPACITY`]: one register of lanes, 8 `f32` or 4
/// `f64` pairs with AVX, 4 or 2 without) packed once, to be queried for many
/// placements (one per frame, say) with [`PairBlock::distance`] and
/// [`PairBlock::intersects`].
///
/// ```
/// use gjk_core::{DistanceStatus, Transform, Vec2, distance};
/// use gjk_shapes::Circle;
/// use gjk_simd::PairBlock;
///
/// let unit = Circle::new(Vec2::ZERO, 1.0_f32).unwrap();
/// let block = PairBlock::new(&[(unit, unit); 3])?;
/// let placements = [0.0_f32, 1.0, 5.0].map(|x| {
///     (Transform::IDENTITY, Transform::from_translation(Vec2::new(x, 0.0)))
/// });
/// let mut out = [distance(&unit, Transform::IDENTITY, &unit, Transform::IDENTITY); 3];
/// block.distance(&placements, &mut out)?;
/// assert_eq!(out[2].status, DistanceStatus::Separated);
/// assert_eq!(out[2].distance, 3.0);
/// assert_eq!(out[1].status, DistanceStatus::Overlapping);
///
/// // The same in f64 (four pairs per block with AVX, two without).
/// let unit = Circle::new(Vec2::ZERO, 1.0_f64).unwrap();
/// let block = PairBlock::new(&[(unit, unit); 2])?;
/// let placements = [(Transform::IDENTITY, Transform::from_translation(Vec2::new(2.5, 0.0))); 2];
/// let mut out = [distance(&unit, Transform::IDENTITY, &unit, Transform::IDENTITY); 2];
/// block.distance(&placements, &mut out)?;
/// assert_eq!(out[1].distance, 0.5);
/// assert!(PairBlock::<f64>::CAPACITY >= 2);
/// # Ok::<(), gjk_simd::PackError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairBlock<S: LaneScalar = f32> {
    a: PackedCores<S::Lanes>,
    b: PackedCores<S::Lanes>,
    len: usize,
}

impl<S: LaneScalar> PairBlock<S> {
    /// The most pairs a block holds: its lane count ([`LaneScalar`]).
    pub const CAPACITY: usize = <S::Lanes as LaneFloat>::COUNT;

    /// Packs up to [`CAPACITY`](Self::CAPACITY) pairs (more is a
    /// [`PackError::LengthMismatch`]).
    pub fn new<A: LaneShape<S>, B: LaneShape<S>>(pairs: &[(A, B)]) -> Result<Self, PackError> {
        if pairs.len() > Self::CAPACITY {
            return Err(PackError::LengthMismatch);
        }
        Ok(Self {
            a: PackedCores::pack(pairs.iter().map(|pair| &pair.0))?,
            b: PackedCores::pack(pairs.iter().map(|pair| &pair.1))?,
            len: pairs.len(),
        })
    }

    /// How many pairs the block holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the block holds no pair.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// `gjk_core::distance` of every pair at its placement `(xf_a, xf_b)`, all pairs in
    /// lock-step, written to `out`. `placements` and `out` must hold one entry per pair.
    ///
    /// Each output equals, bit for bit, what `gjk_core::distance` returns for the same
    /// pair and placement: same statuses (invalid transforms or radii give
    /// `InvalidInput`), distances, witness points, normals and iteration counts.
    pub fn distance(
        &self,
        placements: &[(Transform<S>, Transform<S>)],
        out: &mut [DistanceOutput<S>],
    ) -> Result<(), PackError> {
        self.run(placements, out, distance_lanes)
    }

    /// `gjk_core::intersects` of every pair at its placement `(xf_a, xf_b)`, all pairs
    /// in lock-step, written to `out`. `placements` and `out` must hold one entry per
    /// pair.
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
    /// let placements = [1.5_f32, 2.0, 5.0].map(|x| {
    ///     (Transform::IDENTITY, Transform::from_translation(Vec2::new(x, 0.0)))
    /// });
    /// let mut out = [Err(QueryError::InvalidInput); 3];
    /// block.intersects(&placements, &mut out)?;
    /// assert_eq!(out, [Ok(true), Ok(true), Ok(false)]);
    /// # Ok::<(), gjk_simd::PackError>(())
    /// ```
    pub fn intersects(
        &self,
        placements: &[(Transform<S>, Transform<S>)],
        out: &mut [Result<bool, QueryError>],
    ) -> Result<(), PackError> {
        self.run(placements, out, intersects_lanes)
    }

    /// Runs `lanes` on the block at `placements`, writing the used lanes to `out`.
    fn run<T>(
        &self,
        placements: &[(Transform<S>, Transform<S>)],
        out: &mut [T],
        lanes: impl Fn(&Placed<'_, S::Lanes>, &mut [T]),
    ) -> Result<(), PackError> {
        if placements.len() != self.len || out.len() != self.len {
            return Err(PackError::LengthMismatch);
        }
        let placement = |lane: usize| {
            placements
                .get(lane)
                .copied()
                .unwrap_or((Transform::IDENTITY, Transform::IDENTITY))
        };
        let placed = Placed::new(
            &self.a,
            &self.b,
            |lane| placement(lane).0,
            |lane| placement(lane).1,
            lanes_below(self.len),
        );
        lanes(&placed, out);
        Ok(())
    }
}

/// `gjk_core::distance` of every pair `(a[i], xf_a[i], b[i], xf_b[i])`, a block of
/// lanes at a time ([`PairBlock::CAPACITY`]), into `out[i]`: the convenience
/// form of [`PairBlock`] for shapes that change every call. Any length works; the
/// last block is partly filled.
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
    in_blocks(a, xf_a, b, xf_b, out, distance_lanes)
}

/// `gjk_core::intersects` of every pair `(a[i], xf_a[i], b[i], xf_b[i])`, a block of
/// lanes at a time, into `out[i]`: the overlap test in batches, each answer equal to
/// the scalar query's (see [`PairBlock::intersects`]). Any length works.
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
    in_blocks(a, xf_a, b, xf_b, out, intersects_lanes)
}

/// Packs the pairs block by block, straight from the input chunks, and runs `lanes`
/// on each block into its part of `out`.
fn in_blocks<S: LaneScalar, A: LaneShape<S>, B: LaneShape<S>, T>(
    a: &[A],
    xf_a: &[Transform<S>],
    b: &[B],
    xf_b: &[Transform<S>],
    out: &mut [T],
    lanes: impl Fn(&Placed<'_, S::Lanes>, &mut [T]),
) -> Result<(), PackError> {
    let count = out.len();
    if [a.len(), xf_a.len(), b.len(), xf_b.len()] != [count; 4] {
        return Err(PackError::LengthMismatch);
    }
    let width = <S::Lanes as LaneFloat>::COUNT;
    let chunks = a
        .chunks(width)
        .zip(b.chunks(width))
        .zip(xf_a.chunks(width).zip(xf_b.chunks(width)))
        .zip(out.chunks_mut(width));
    for (((a, b), (xf_a, xf_b)), out) in chunks {
        let cores_a = PackedCores::pack(a.iter())?;
        let cores_b = PackedCores::pack(b.iter())?;
        let transform = |transforms: &[Transform<S>], lane: usize| {
            transforms.get(lane).copied().unwrap_or(Transform::IDENTITY)
        };
        let placed = Placed::new(
            &cores_a,
            &cores_b,
            |lane| transform(xf_a, lane),
            |lane| transform(xf_b, lane),
            lanes_below(out.len()),
        );
        lanes(&placed, out);
    }
    Ok(())
}
