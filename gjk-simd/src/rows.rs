//! [`CoreRows`]: the shapes of one side of a block, packed lane-major for any lane
//! width, and [`PackedCores`], the view of one register's lanes of them.

use gjk_core::{FeatureId, Scalar, Support, SupportPoint, Vec2};
use gjk_shapes::Ellipse;

use crate::lanes::{LaneFloat, LaneMask, Vec2Lanes};
use crate::shape::{LaneCore, LaneShape, MAX_VERTICES, PackError};

/// The pairs (or shapes) a block holds, whatever the build and the processor: the
/// lanes of one AVX-512 `f32` register. Narrower paths run a block as two (AVX2),
/// four (SSE2) or more registers' worth of lanes, one after the other.
///
/// ```
/// use gjk_simd::{BLOCK, PairBlock, ShapeBlock};
/// assert_eq!(BLOCK, 16);
/// assert_eq!(PairBlock::<f32>::CAPACITY, BLOCK);
/// assert_eq!(ShapeBlock::<f64>::CAPACITY, BLOCK);
/// ```
pub const BLOCK: usize = 16;

/// The cores of one side (A or B) of a block, lane-major: `x[k][lane]` is the x of
/// vertex `k` of the shape in `lane`, so that a register of lanes is one load. A lane
/// with fewer vertices repeats its last one: a repeated vertex is never strictly
/// farther than the first copy, so the support point and its vertex index stay those
/// of the unpadded core. Ellipse lanes keep their semi-axes instead.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct CoreRows<S> {
    x: [[S; BLOCK]; MAX_VERTICES],
    y: [[S; BLOCK]; MAX_VERTICES],
    radii: [S; BLOCK],
    axes_x: [S; BLOCK],
    axes_y: [S; BLOCK],
    /// NaN in the ellipse lanes (a set mask lane), zero in the others.
    ellipses: [S; BLOCK],
    /// Each lane's vertex count (zero for ellipses and empty lanes).
    counts: [u8; BLOCK],
}

impl<S: Scalar> CoreRows<S> {
    /// No shape: every lane a point at the origin without radius.
    pub(crate) fn points_at_origin() -> Self {
        Self {
            x: [[S::ZERO; BLOCK]; MAX_VERTICES],
            y: [[S::ZERO; BLOCK]; MAX_VERTICES],
            radii: [S::ZERO; BLOCK],
            axes_x: [S::ZERO; BLOCK],
            axes_y: [S::ZERO; BLOCK],
            ellipses: [S::ZERO; BLOCK],
            counts: [1; BLOCK],
        }
    }

    /// Packs up to [`BLOCK`] shapes (the rest are ignored), written straight into
    /// the lane-major rows: building each lane's vertex list and transposing it
    /// afterwards cost as much as the query itself in `distance_batch`, which packs on
    /// every call (octagons).
    pub(crate) fn pack<'s, T: LaneShape<S> + 's>(
        shapes: impl Iterator<Item = &'s T>,
    ) -> Result<Self, PackError> {
        let mut rows = Self::points_at_origin();
        for (lane, shape) in shapes.take(BLOCK).enumerate() {
            rows.set(lane, shape.lane_core()?, shape.radius());
        }
        Ok(rows)
    }

    /// Lane `lane` holds `core` with `radius`.
    #[inline]
    pub(crate) fn set(&mut self, lane: usize, core: LaneCore<S>, radius: S) {
        let (Some(radius_slot), Some(count), Some(is_ellipse)) = (
            self.radii.get_mut(lane),
            self.counts.get_mut(lane),
            self.ellipses.get_mut(lane),
        ) else {
            return;
        };
        *radius_slot = radius;
        match core {
            LaneCore::Vertices(core) => {
                let rows = self.x.iter_mut().zip(self.y.iter_mut());
                for ((x_row, y_row), point) in rows.zip(core.padded()) {
                    if let (Some(x), Some(y)) = (x_row.get_mut(lane), y_row.get_mut(lane)) {
                        (*x, *y) = (point.x, point.y);
                    }
                }
                *count = u8::try_from(core.len()).unwrap_or(u8::MAX);
                *is_ellipse = S::ZERO;
            }
            LaneCore::Ellipse(axes) => {
                if let (Some(x), Some(y)) = (self.axes_x.get_mut(lane), self.axes_y.get_mut(lane)) {
                    (*x, *y) = (axes.x, axes.y);
                }
                *count = 0;
                // A NaN is a set lane of a mask.
                *is_ellipse = S::nan();
            }
        }
    }

    /// Everything lane `lane` holds (`PairSet` only).
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) fn column(&self, lane: usize) -> Column<S> {
        let at = |row: &[S; BLOCK]| row.get(lane).copied().unwrap_or(S::ZERO);
        Column {
            x: self.x.each_ref().map(at),
            y: self.y.each_ref().map(at),
            radius: at(&self.radii),
            axes: Vec2::new(at(&self.axes_x), at(&self.axes_y)),
            ellipse: at(&self.ellipses),
            count: self.counts.get(lane).copied().unwrap_or(0),
        }
    }

    /// Lane `lane` holds `column` (from [`CoreRows::column`]; `PairSet` only).
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) fn set_column(&mut self, lane: usize, column: &Column<S>) {
        let put = |row: &mut [S; BLOCK], value: S| {
            if let Some(slot) = row.get_mut(lane) {
                *slot = value;
            }
        };
        for (row, value) in self.x.iter_mut().zip(column.x) {
            put(row, value);
        }
        for (row, value) in self.y.iter_mut().zip(column.y) {
            put(row, value);
        }
        put(&mut self.radii, column.radius);
        put(&mut self.axes_x, column.axes.x);
        put(&mut self.axes_y, column.axes.y);
        put(&mut self.ellipses, column.ellipse);
        if let Some(count) = self.counts.get_mut(lane) {
            *count = column.count;
        }
    }

    /// The lanes `offset..offset + F::COUNT` as registers.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn lanes<F: LaneFloat<Scalar = S>>(&self, offset: usize) -> PackedCores<F> {
        let mut scanned = 0;
        for count in self.counts.iter().skip(offset).take(F::COUNT) {
            scanned = scanned.max(usize::from(*count));
        }
        let ellipses = F::load(&self.ellipses, offset).is_nan();
        let scanned = scanned.min(MAX_VERTICES);
        let mut vertices = [Vec2Lanes::zero(); MAX_VERTICES];
        for ((vertex, x), y) in vertices.iter_mut().zip(&self.x).zip(&self.y).take(scanned) {
            *vertex = Vec2Lanes::load(x, y, offset);
        }
        PackedCores {
            vertices,
            scanned,
            radii: F::load(&self.radii, offset),
            semi_axes: Vec2Lanes::load(&self.axes_x, &self.axes_y, offset),
            ellipses,
            any_ellipse: ellipses.any(),
        }
    }

    /// The shape in lane `lane`, for the scalar kernel.
    pub(crate) fn shape(&self, lane: usize) -> PackedShape<'_, S> {
        let at = |row: &[S; BLOCK]| row.get(lane).copied().unwrap_or(S::ZERO);
        let ellipse = if at(&self.ellipses).is_nan() {
            // Packed from a valid ellipse, so valid; `None` is never reached, and its
            // support would be the vertex list's.
            Ellipse::new(Vec2::new(at(&self.axes_x), at(&self.axes_y))).ok()
        } else {
            None
        };
        PackedShape {
            rows: self,
            lane,
            ellipse,
        }
    }
}

/// Everything one lane of a [`CoreRows`] holds.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Column<S> {
    x: [S; MAX_VERTICES],
    y: [S; MAX_VERTICES],
    radius: S,
    axes: Vec2<S>,
    ellipse: S,
    count: u8,
}

/// One register's lanes of a [`CoreRows`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct PackedCores<F: LaneFloat> {
    /// Vertex `k` of every lane, loaded once (zero past `scanned`): the support reads
    /// them every round. (Loading them from the rows in the support instead takes
    /// 1.4 % fewer instructions per prepacked octagon pair, but needs
    /// the rows borrowed for the whole query; within noise either way.)
    vertices: [Vec2Lanes<F>; MAX_VERTICES],
    /// The largest vertex count of the lanes: the support scans this many.
    pub scanned: usize,
    /// Each lane's radius.
    pub radii: F,
    /// The semi-axes of the ellipse lanes.
    pub semi_axes: Vec2Lanes<F>,
    /// The ellipse lanes.
    pub ellipses: F::Mask,
    /// Whether any lane is an ellipse (if not, the support skips the ellipse formula).
    pub any_ellipse: bool,
}

impl<F: LaneFloat> PackedCores<F> {
    /// The vertices the support scans: `scanned` of them.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn scanned_vertices(&self) -> &[Vec2Lanes<F>] {
        self.vertices.get(..self.scanned).unwrap_or(&[])
    }

    /// Vertex `index` of every lane's core (an index per lane, as the support reports
    /// it; vertex lanes only): the very coordinates the support read.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn vertex_at(&self, index: F) -> Vec2Lanes<F> {
        let mut vertex = self.vertices[0];
        let mut k = F::zero();
        for candidate in self.scanned_vertices().iter().skip(1) {
            k += F::one();
            vertex = vertex.replaced(index.cmp_eq(k), *candidate);
        }
        vertex
    }
}

/// The shape of one lane of a [`CoreRows`], for the scalar path of a prepacked block
/// or pair set: its support is the lanes' (the first vertex of strict maximum dot
/// product, or gjk-shapes' ellipse), which is the packed shape's own (the
/// [`LaneShape`] contract), so the scalar kernel answers for it what it answers for
/// that shape. An ellipse is built once, not at every support call.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PackedShape<'r, S> {
    rows: &'r CoreRows<S>,
    lane: usize,
    ellipse: Option<Ellipse<S>>,
}

impl<S: Scalar> Support<S> for PackedShape<'_, S> {
    fn support(&self, direction: Vec2<S>) -> SupportPoint<S> {
        if let Some(ellipse) = &self.ellipse {
            return ellipse.support(direction);
        }
        let rows = self.rows;
        let at = |row: &[S; BLOCK]| row.get(self.lane).copied().unwrap_or(S::ZERO);
        let count = rows.counts.get(self.lane).copied().unwrap_or(0);
        // Branch-free, as gjk-shapes' polygon support: a branch on each comparison
        // mispredicts, and makes this path about 1.6x slower than the scalar kernel.
        let mut best_index = 0;
        let mut best_dot = S::neg_infinity();
        let vertices = rows.x.iter().zip(&rows.y).take(usize::from(count));
        for (index, (x, y)) in vertices.enumerate() {
            let dot = at(x) * direction.x + at(y) * direction.y;
            let better = dot > best_dot;
            best_dot = if better { dot } else { best_dot };
            best_index = if better { index } else { best_index };
        }
        let (x, y) = (rows.x.get(best_index), rows.y.get(best_index));
        SupportPoint::new(
            Vec2::new(x.map_or(S::ZERO, at), y.map_or(S::ZERO, at)),
            FeatureId::vertex(best_index as u32),
        )
    }

    fn radius(&self) -> S {
        self.rows.radii.get(self.lane).copied().unwrap_or(S::ZERO)
    }

    /// The vertex of a vertex id below the count, as every shape with a vertex lane
    /// core answers (the warm starts rebuild cached vertices from it); `None` for an
    /// ellipse, as gjk-shapes' ellipses answer.
    fn feature_point(&self, feature: FeatureId) -> Option<Vec2<S>> {
        if self.ellipse.is_some() {
            return None;
        }
        let index = feature.index()? as usize;
        let count = self.rows.counts.get(self.lane).copied().unwrap_or(0);
        if index >= usize::from(count) {
            return None;
        }
        let at = |rows: &[[S; BLOCK]; MAX_VERTICES]| {
            rows.get(index).and_then(|row| row.get(self.lane)).copied()
        };
        Some(Vec2::new(at(&self.rows.x)?, at(&self.rows.y)?))
    }
}
