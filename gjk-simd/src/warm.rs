//! Warm starts in lanes: each lane's `gjk_core::SimplexCache` as registers, the
//! cached simplex rebuilt as gjk-core's `seed` rebuilds it, and the final simplex
//! stored back, so that a lane answers what `gjk_core::distance_cached` answers with
//! the same cache, and leaves the cache as it does. Only `PairSet` keeps caches, so
//! without the `alloc` feature the conversions are unused.
#![cfg_attr(not(feature = "alloc"), allow(dead_code))]

use gjk_core::{CachedVertex, FeatureId, Scalar, SimplexCache, Vec2};
use num_traits::Float;

use crate::gjk::{Placed, ellipse_support};
use crate::lanes::{LaneFloat, Vec2Lanes, select};
use crate::rows::{BLOCK, PackedCores};
use crate::simplex::{SimplexLanes, VertexLanes};

/// The caches of a register of lanes: how many vertices each holds (0: start cold),
/// and per vertex the feature ids on A and B (vertex indices, NaN for a smooth
/// feature) and the direction A was supported along.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CacheLanes<F> {
    pub count: F,
    pub feature_a: [F; 3],
    pub feature_b: [F; 3],
    pub direction: [Vec2Lanes<F>; 3],
}

/// A feature id as a lane value: its vertex index, NaN for a smooth feature (the
/// lanes' smooth marker, which never equals another).
fn feature_value<S: Scalar>(feature: FeatureId) -> S {
    feature
        .index()
        .map_or_else(S::nan, |index| S::from_f64(f64::from(index)))
}

/// A lane value as a feature id (the inverse of [`feature_value`]).
fn feature_id<S: Scalar>(value: S) -> FeatureId {
    value
        .to_u32()
        .filter(|_| !value.is_nan())
        .map_or(FeatureId::SMOOTH, FeatureId::vertex)
}

/// The warm-start caches of a block, lane-major as the cores are (`count[lane]`,
/// `feature_a[slot][lane]`, ...): a register of lanes is one load, where converting
/// `SimplexCache`s lane by lane costs more than the iterations the warm start saves
/// (coherent octagon frames, AVX-512 pair set).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct CacheRows<S> {
    count: [S; BLOCK],
    feature_a: [[S; BLOCK]; 3],
    feature_b: [[S; BLOCK]; 3],
    direction_x: [[S; BLOCK]; 3],
    direction_y: [[S; BLOCK]; 3],
}

/// One lane of a [`CacheRows`]: a `SimplexCache` in lane values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct CacheColumn<S> {
    count: S,
    feature_a: [S; 3],
    feature_b: [S; 3],
    direction_x: [S; 3],
    direction_y: [S; 3],
}

impl<S: Scalar> CacheColumn<S> {
    /// An empty cache: the next query starts cold.
    pub fn empty() -> Self {
        Self {
            count: S::ZERO,
            feature_a: [S::ZERO; 3],
            feature_b: [S::ZERO; 3],
            direction_x: [S::ZERO; 3],
            direction_y: [S::ZERO; 3],
        }
    }

    /// The cache as gjk-core keeps it.
    pub fn to_cache(self) -> SimplexCache<S> {
        let vertex = |slot: usize| {
            CachedVertex::new(
                feature_id(self.feature_a[slot]),
                feature_id(self.feature_b[slot]),
                Vec2::new(self.direction_x[slot], self.direction_y[slot]),
            )
        };
        let vertices = [vertex(0), vertex(1), vertex(2)];
        let held = self.count.to_usize().unwrap_or(0).min(3);
        SimplexCache::from_vertices(vertices.get(..held).unwrap_or(&[]))
    }

    /// The cache `cache` in lane values.
    pub fn from_cache(cache: &SimplexCache<S>) -> Self {
        let mut column = Self::empty();
        for (slot, vertex) in cache.vertices().enumerate().take(3) {
            column.feature_a[slot] = feature_value(vertex.feature_a);
            column.feature_b[slot] = feature_value(vertex.feature_b);
            column.direction_x[slot] = vertex.direction.x;
            column.direction_y[slot] = vertex.direction.y;
            column.count = column.count + S::ONE;
        }
        column
    }
}

impl<S: Scalar> CacheRows<S> {
    /// Every cache empty.
    pub fn empty() -> Self {
        Self {
            count: [S::ZERO; BLOCK],
            feature_a: [[S::ZERO; BLOCK]; 3],
            feature_b: [[S::ZERO; BLOCK]; 3],
            direction_x: [[S::ZERO; BLOCK]; 3],
            direction_y: [[S::ZERO; BLOCK]; 3],
        }
    }

    /// The cache of lane `lane`.
    pub fn column(&self, lane: usize) -> CacheColumn<S> {
        let at = |row: &[S; BLOCK]| row.get(lane).copied().unwrap_or(S::ZERO);
        CacheColumn {
            count: at(&self.count),
            feature_a: self.feature_a.each_ref().map(at),
            feature_b: self.feature_b.each_ref().map(at),
            direction_x: self.direction_x.each_ref().map(at),
            direction_y: self.direction_y.each_ref().map(at),
        }
    }

    /// Lane `lane` holds the cache `column`.
    pub fn set_column(&mut self, lane: usize, column: &CacheColumn<S>) {
        let put = |row: &mut [S; BLOCK], value: S| {
            if let Some(slot) = row.get_mut(lane) {
                *slot = value;
            }
        };
        put(&mut self.count, column.count);
        let rows = [
            (&mut self.feature_a, column.feature_a),
            (&mut self.feature_b, column.feature_b),
            (&mut self.direction_x, column.direction_x),
            (&mut self.direction_y, column.direction_y),
        ];
        for (rows, values) in rows {
            for (row, value) in rows.iter_mut().zip(values) {
                put(row, value);
            }
        }
    }
}

impl<F: LaneFloat> CacheLanes<F> {
    /// The caches of lanes `offset..offset + F::COUNT` of `rows`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn load(rows: &CacheRows<F::Scalar>, offset: usize) -> Self {
        let [a0, a1, a2] = &rows.feature_a;
        let [b0, b1, b2] = &rows.feature_b;
        let [x0, x1, x2] = &rows.direction_x;
        let [y0, y1, y2] = &rows.direction_y;
        Self {
            count: F::load(&rows.count, offset),
            feature_a: [
                F::load(a0, offset),
                F::load(a1, offset),
                F::load(a2, offset),
            ],
            feature_b: [
                F::load(b0, offset),
                F::load(b1, offset),
                F::load(b2, offset),
            ],
            direction: [
                Vec2Lanes::load(x0, y0, offset),
                Vec2Lanes::load(x1, y1, offset),
                Vec2Lanes::load(x2, y2, offset),
            ],
        }
    }

    /// Writes the lanes into lanes `offset..offset + F::COUNT` of `rows`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn store(&self, rows: &mut CacheRows<F::Scalar>, offset: usize) {
        store_row(&mut rows.count, offset, self.count);
        for slot in 0..3 {
            store_row(&mut rows.feature_a[slot], offset, self.feature_a[slot]);
            store_row(&mut rows.feature_b[slot], offset, self.feature_b[slot]);
            store_row(&mut rows.direction_x[slot], offset, self.direction[slot].x);
            store_row(&mut rows.direction_y[slot], offset, self.direction[slot].y);
        }
    }

    /// The final simplex of every lane of `usable` as its cache; the other lanes'
    /// caches empty (gjk-core clears the cache of rejected input).
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn from_simplex(simplex: &SimplexLanes<F>, usable: F::Mask) -> Self {
        let [first, second, third] = &simplex.vertices;
        Self {
            count: select(usable, simplex.count, F::zero()),
            feature_a: [first.feature_a, second.feature_a, third.feature_a],
            feature_b: [first.feature_b, second.feature_b, third.feature_b],
            direction: [first.direction, second.direction, third.direction],
        }
    }
}

/// `lanes` into `row[offset..offset + F::COUNT]`.
#[cfg_attr(not(debug_assertions), inline(always))]
fn store_row<F: LaneFloat>(row: &mut [F::Scalar; BLOCK], offset: usize, lanes: F) {
    if let Some(slots) = row.get_mut(offset..offset + F::COUNT) {
        slots.copy_from_slice(lanes.to_array().as_ref());
    }
}

/// gjk-core's `cached_vertex` in every lane: each shape's point from its feature id
/// where the shape names its points (vertex cores: the vertex, as the shape's
/// `feature_point` gives it), supported again along the cached direction where it
/// does not (ellipses), B's point brought into A's frame.
#[cfg_attr(not(debug_assertions), inline(always))]
fn cached_vertex<F: LaneFloat>(
    placed: &Placed<F>,
    feature_a: F,
    feature_b: F,
    direction: Vec2Lanes<F>,
) -> VertexLanes<F> {
    let (on_a, feature_a) = cached_point(&placed.a, feature_a, direction);
    let (on_b, feature_b) =
        cached_point(&placed.b, feature_b, placed.relative.inv_rotate(-direction));
    let placed_b = placed.relative.transform_point(on_b);
    VertexLanes {
        witness_a: on_a,
        witness_b: placed_b,
        w: placed_b - on_a,
        direction,
        feature_a,
        feature_b,
    }
}

/// One shape's cached point and feature per lane (see [`cached_vertex`]).
#[cfg_attr(not(debug_assertions), inline(always))]
fn cached_point<F: LaneFloat>(
    cores: &PackedCores<F>,
    feature: F,
    direction: Vec2Lanes<F>,
) -> (Vec2Lanes<F>, F) {
    let point = cores.vertex_at(feature);
    if cores.any_ellipse {
        let supported = ellipse_support(cores.semi_axes, direction);
        (
            point.replaced(cores.ellipses, supported),
            select(cores.ellipses, F::splat(F::Scalar::nan()), feature),
        )
    } else {
        (point, feature)
    }
}

/// The simplex gjk-core's `seed` builds from the caches, before it is solved: the
/// cached vertices in order (meaningful in the lanes whose cache holds any).
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn cached_simplex<F: LaneFloat>(
    placed: &Placed<F>,
    cache: &CacheLanes<F>,
) -> SimplexLanes<F> {
    let [a0, a1, a2] = cache.feature_a;
    let [b0, b1, b2] = cache.feature_b;
    let [d0, d1, d2] = cache.direction;
    SimplexLanes {
        vertices: [
            cached_vertex(placed, a0, b0, d0),
            cached_vertex(placed, a1, b1, d1),
            cached_vertex(placed, a2, b2, d2),
        ],
        count: cache.count,
    }
}
