//! [`PairBlock`]: up to eight shape pairs packed into lanes once, queried for any
//! number of placements.

use gjk_core::{DistanceOutput, QueryError, Transform, Vec2};
use wide::f32x8;

use crate::gjk::{Placed, distance_lanes, intersects_lanes, lanes_below};
use crate::lanes::{LANES, Mask, Vec2x8};
use crate::shape::{LaneCore, LaneShape, MAX_VERTICES, PackError};

/// The cores of one side (A or B) of eight pairs, vertex `k` of every lane in one
/// [`Vec2x8`]. A lane with fewer vertices repeats its last one: a repeated vertex is
/// never strictly farther than the first copy, so the support point and its vertex
/// index stay those of the unpadded core. Ellipse lanes keep their semi-axes instead.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct PackedCores {
    pub vertices: [Vec2x8; MAX_VERTICES],
    /// The largest vertex count of the lanes: the support scans this many.
    pub scanned: usize,
    /// Each lane's radius.
    pub radii: f32x8,
    /// The semi-axes of the ellipse lanes.
    pub semi_axes: Vec2x8,
    /// The ellipse lanes.
    pub ellipses: Mask,
    /// Whether any lane is an ellipse (if not, the support skips the ellipse formula).
    pub any_ellipse: bool,
}

impl PackedCores {
    /// Packs up to [`LANES`] shapes, written straight into the lane-major coordinate
    /// rows (`x[vertex][lane]`) that the vectors load: building each lane's vertex list
    /// and transposing it afterwards cost as much as the query itself in
    /// `distance_batch`, which packs on every call (callgrind, octagons, 2026-11-24).
    pub(crate) fn pack<'s, T: LaneShape + 's>(
        shapes: impl Iterator<Item = &'s T>,
    ) -> Result<Self, PackError> {
        let mut xs = [[0.0; LANES]; MAX_VERTICES];
        let mut ys = [[0.0; LANES]; MAX_VERTICES];
        let mut radii = [0.0; LANES];
        let mut semi_axes = [Vec2::ZERO; LANES];
        let mut ellipses = [0.0; LANES];
        let mut scanned = 0;
        for (lane, shape) in shapes.take(LANES).enumerate() {
            let lane = lane % LANES;
            radii[lane] = shape.radius();
            match shape.lane_core()? {
                LaneCore::Vertices(core) => {
                    for (index, point) in core.padded().iter().enumerate() {
                        xs[index][lane] = point.x;
                        ys[index][lane] = point.y;
                    }
                    scanned = scanned.max(core.len());
                }
                LaneCore::Ellipse(axes) => {
                    semi_axes[lane] = axes;
                    ellipses[lane] = f32::from_bits(u32::MAX);
                }
            }
        }
        let mut vertices = [Vec2x8::ZERO; MAX_VERTICES];
        for ((packed, x_row), y_row) in vertices.iter_mut().zip(xs).zip(ys) {
            *packed = Vec2x8 {
                x: f32x8::new(x_row),
                y: f32x8::new(y_row),
            };
        }
        let ellipses = f32x8::new(ellipses);
        Ok(Self {
            vertices,
            scanned,
            radii: f32x8::new(radii),
            semi_axes: Vec2x8::from_lanes(semi_axes),
            ellipses,
            any_ellipse: ellipses.any(),
        })
    }
}

/// Up to [`LANES`] pairs of shapes packed once, to be queried for many placements
/// (one per frame, say) with [`PairBlock::distance`].
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
/// # Ok::<(), gjk_simd::PackError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairBlock {
    a: PackedCores,
    b: PackedCores,
    len: usize,
}

impl PairBlock {
    /// Packs up to [`LANES`] pairs (more is a [`PackError::LengthMismatch`]).
    pub fn new<A: LaneShape + Copy, B: LaneShape + Copy>(
        pairs: &[(A, B)],
    ) -> Result<Self, PackError> {
        if pairs.len() > LANES {
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
        placements: &[(Transform<f32>, Transform<f32>)],
        out: &mut [DistanceOutput<f32>],
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
        placements: &[(Transform<f32>, Transform<f32>)],
        out: &mut [Result<bool, QueryError>],
    ) -> Result<(), PackError> {
        self.run(placements, out, intersects_lanes)
    }

    /// Runs `lanes` on the block at `placements` and copies the used lanes to `out`.
    fn run<T>(
        &self,
        placements: &[(Transform<f32>, Transform<f32>)],
        out: &mut [T],
        lanes: impl Fn(&Placed<'_>) -> [T; LANES],
    ) -> Result<(), PackError> {
        if placements.len() != self.len || out.len() != self.len {
            return Err(PackError::LengthMismatch);
        }
        let mut placed = [(Transform::IDENTITY, Transform::IDENTITY); LANES];
        for (lane, placement) in placed.iter_mut().zip(placements) {
            *lane = *placement;
        }
        let outputs = lanes(&Placed::new(
            &self.a,
            &self.b,
            &placed,
            lanes_below(self.len),
        ));
        for (slot, output) in out.iter_mut().zip(outputs) {
            *slot = output;
        }
        Ok(())
    }
}

/// `gjk_core::distance` of every pair `(a[i], xf_a[i], b[i], xf_b[i])`, eight at a
/// time in SIMD lanes, into `out[i]`: the convenience form of [`PairBlock`] for
/// shapes that change every call. Any length works; the last block is partly filled.
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
pub fn distance_batch<A: LaneShape + Copy, B: LaneShape + Copy>(
    a: &[A],
    xf_a: &[Transform<f32>],
    b: &[B],
    xf_b: &[Transform<f32>],
    out: &mut [DistanceOutput<f32>],
) -> Result<(), PackError> {
    in_blocks(a, xf_a, b, xf_b, out, PairBlock::distance)
}

/// `gjk_core::intersects` of every pair `(a[i], xf_a[i], b[i], xf_b[i])`, eight at a
/// time in SIMD lanes, into `out[i]`: the overlap test in batches, each answer equal to
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
pub fn intersects_batch<A: LaneShape + Copy, B: LaneShape + Copy>(
    a: &[A],
    xf_a: &[Transform<f32>],
    b: &[B],
    xf_b: &[Transform<f32>],
    out: &mut [Result<bool, QueryError>],
) -> Result<(), PackError> {
    in_blocks(a, xf_a, b, xf_b, out, PairBlock::intersects)
}

/// Packs the pairs block by block, straight from the input chunks, and runs `query`
/// on each block into its part of `out`.
fn in_blocks<A: LaneShape + Copy, B: LaneShape + Copy, T>(
    a: &[A],
    xf_a: &[Transform<f32>],
    b: &[B],
    xf_b: &[Transform<f32>],
    out: &mut [T],
    query: impl Fn(&PairBlock, &[(Transform<f32>, Transform<f32>)], &mut [T]) -> Result<(), PackError>,
) -> Result<(), PackError> {
    let count = out.len();
    if [a.len(), xf_a.len(), b.len(), xf_b.len()] != [count; 4] {
        return Err(PackError::LengthMismatch);
    }
    let chunks = a
        .chunks(LANES)
        .zip(b.chunks(LANES))
        .zip(xf_a.chunks(LANES).zip(xf_b.chunks(LANES)))
        .zip(out.chunks_mut(LANES));
    for (((a, b), (xf_a, xf_b)), out) in chunks {
        let block = PairBlock {
            a: PackedCores::pack(a.iter())?,
            b: PackedCores::pack(b.iter())?,
            len: out.len(),
        };
        let mut placements = [(Transform::IDENTITY, Transform::IDENTITY); LANES];
        for (placement, (&xf_a, &xf_b)) in placements.iter_mut().zip(xf_a.iter().zip(xf_b)) {
            *placement = (xf_a, xf_b);
        }
        query(&block, placements.get(..out.len()).unwrap_or(&[]), out)?;
    }
    Ok(())
}
