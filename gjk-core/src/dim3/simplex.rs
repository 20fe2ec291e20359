//! The 3D GJK simplex: one to four vertices with the support points that made them,
//! and the barycentric weights of its closest point to the origin, which the shared
//! loop keeps as it goes (`GjkSimplex`). The closest point itself is found by the
//! solver in `closest.rs`.

use crate::dim3::closest::{Reduction3, Regions, reduce_regions};
use crate::kernel::MinkowskiDifference;
use crate::kernel::simplex::{GjkSimplex, SimplexVertex};
use crate::space::sealed::Kernel;
use crate::{FeatureId, Scalar, SimplexCache, Vec3};

/// The 3D GJK simplex: one to four vertices (Minkowski-difference points with the
/// support points that made them) and the barycentric weights of the closest point.
#[derive(Clone, Copy, Debug)]
pub struct Simplex3<S> {
    /// The vertices in storage slots; [`order`](Self::order) says which is which.
    vertices: [SimplexVertex<S, Vec3<S>>; 4],
    /// The storage slot of each simplex vertex: `order[..count]` are the vertices in
    /// use, oldest first, and `order` is always a permutation of the four slots, so
    /// `order[count]` is a free one. A reduction rewrites these four bytes instead of
    /// moving vertices: moving them within the array compiled to calls of `memmove`
    /// (1.5 KB of firmware flash), however the copy was written.
    order: [u8; 4],
    weights: [S; 4],
    count: usize,
}

impl<S: Scalar> Simplex3<S> {
    /// A one-vertex simplex.
    #[inline]
    fn from_vertex(vertex: SimplexVertex<S, Vec3<S>>) -> Self {
        Self {
            vertices: [vertex; 4],
            order: [0, 1, 2, 3],
            weights: [S::ONE, S::ZERO, S::ZERO, S::ZERO],
            count: 1,
        }
    }

    /// The vertex in storage slot `slot` (masked into range: no panic path).
    #[inline]
    fn stored(&self, slot: u8) -> &SimplexVertex<S, Vec3<S>> {
        &self.vertices[usize::from(slot) & 3]
    }

    /// [`reduce_regions`] of the simplex: one routine for both reductions, out of line
    /// in the compact form (inlined into each, they took 180 bytes more of a
    /// Cortex-M4F firmware). Hinted inline on hosted targets, where the compiler
    /// otherwise kept this method out of line around the routine and copied the
    /// points into its frame: 130 more instructions per 3D box `distance`
    /// (callgrind), 6 % of its time.
    #[cfg_attr(gjk_compact, inline(never))]
    #[cfg_attr(not(gjk_compact), inline)]
    fn reduce_regions(&self, regions: Regions) -> Reduction3<S> {
        reduce_regions(&self.points(), self.count, regions)
    }

    /// The Minkowski points of the vertices, in simplex order (the unused ones are
    /// stale, and no reduction reads them).
    #[inline]
    fn points(&self) -> [Vec3<S>; 4] {
        self.order.map(|slot| self.stored(slot).w)
    }
}

impl<S: Scalar> GjkSimplex<S, Vec3<S>> for Simplex3<S> {
    type Reduction = Reduction3<S>;

    #[inline]
    fn seeded<D>(pair: &D, offset: Vec3<S>, cache: Option<&SimplexCache<S, Vec3<S>>>) -> Self
    where
        D: MinkowskiDifference<S, Vec3<S>, Simplex = Self> + ?Sized,
    {
        if let Some(cache) = cache {
            let mut cached = cache.vertices();
            if let Some(first) = cached.next() {
                let mut simplex = Self::from_vertex(pair.cached_vertex(&first));
                for vertex in cached {
                    simplex.push(pair.cached_vertex(&vertex));
                }
                return simplex;
            }
        }
        let direction = if offset == Vec3::ZERO {
            Vec3::X
        } else {
            offset
        };
        Self::from_vertex(pair.support(direction))
    }
    #[inline]
    fn push(&mut self, vertex: SimplexVertex<S, Vec3<S>>) {
        if let Some(&slot) = self.order.get(self.count) {
            self.vertices[usize::from(slot) & 3] = vertex;
            self.count += 1;
        }
    }
    #[inline]
    fn pop(&mut self) {
        self.count = self.count.saturating_sub(1).max(1);
    }
    #[inline]
    fn vertex_iter<'s>(&'s self) -> impl Iterator<Item = &'s SimplexVertex<S, Vec3<S>>>
    where
        S: 's,
    {
        self.order
            .iter()
            .take(self.count)
            .map(|&slot| self.stored(slot))
    }
    #[inline]
    fn is_full(&self) -> bool {
        self.count == 4
    }
    #[inline]
    fn max_vertex_length_squared(&self) -> S {
        self.vertex_iter().fold(S::ZERO, |largest, vertex| {
            largest.max(vertex.w.length_squared())
        })
    }
    #[inline]
    fn contains_features(&self, feature_a: FeatureId, feature_b: FeatureId) -> bool {
        self.vertex_iter()
            .any(|vertex| vertex.same_features(feature_a, feature_b))
    }
    #[inline]
    fn solve(&mut self) -> Vec3<S> {
        let reduction = self.reduce();
        self.apply(&reduction);
        reduction.closest
    }
    #[inline]
    fn reduce(&self) -> Reduction3<S> {
        self.reduce_regions(Regions::All)
    }
    /// The newest vertex is the last in simplex order: only the regions that hold it
    /// are tested ([`reduce_after_push`](GjkSimplex::reduce_after_push)).
    #[inline]
    fn reduce_after_push(&self) -> Reduction3<S> {
        self.reduce_regions(Regions::WithNewest)
    }
    /// Keeps the reduction's vertices: their slots go first in `order`, in the
    /// reduction's order, and the others' slots follow as free ones.
    #[inline]
    fn apply(&mut self, reduction: &Reduction3<S>) {
        let count = reduction.count.min(4);
        let mut order = [0_u8; 4];
        let mut taken = 0_u8;
        for (place, &kept) in order.iter_mut().zip(&reduction.kept).take(count) {
            *place = self.order[usize::from(kept) & 3];
            taken |= 1 << (*place & 3);
        }
        let mut next = count;
        for slot in 0..4_u8 {
            if taken & (1 << slot) == 0 {
                if let Some(place) = order.get_mut(next) {
                    *place = slot;
                }
                next += 1;
            }
        }
        self.order = order;
        self.weights = reduction.weights;
        self.count = count;
    }
    #[inline]
    fn closest_of(reduction: &Reduction3<S>) -> Vec3<S> {
        reduction.closest
    }
    /// An edge or a face: both can stall `|v|^2` by rounding while the closest point
    /// is still far (see `gjk::descend`), a face of a flat, curved shape (two thin
    /// discs) most of all.
    #[inline]
    fn keeps_edge(reduction: &Reduction3<S>) -> bool {
        reduction.count == 2 || reduction.count == 3
    }
    #[inline]
    fn scale(&mut self, factor: S) {
        for &slot in self.order.iter().take(self.count) {
            self.vertices[usize::from(slot) & 3].scale(factor);
        }
    }
    #[inline]
    fn shift(&mut self, offset: Vec3<S>) {
        for &slot in self.order.iter().take(self.count) {
            self.vertices[usize::from(slot) & 3].w += offset;
        }
    }
    #[inline]
    fn unshift(&mut self) {
        for &slot in self.order.iter().take(self.count) {
            let vertex = &mut self.vertices[usize::from(slot) & 3];
            vertex.w = vertex.witness_b - vertex.witness_a;
        }
    }
    #[inline]
    fn rescue_factor(&self, start: S, from_supports: bool) -> Option<S> {
        let mut largest = start.magnitude_key();
        for vertex in self.vertex_iter() {
            largest = vertex.w.largest_key(largest);
        }
        // As the plane's `Simplex::rescue_factor`, from every vertex's support points
        // (each pair coincides); no size budget measures the 3D casts yet.
        if from_supports && largest == S::ZERO.magnitude_key() {
            for vertex in self.vertex_iter() {
                largest = vertex
                    .witness_b
                    .largest_key(vertex.witness_a.largest_key(largest));
            }
            largest = largest.min(S::ONE.magnitude_key());
        }
        S::rescale_factor(largest)
    }
    #[inline]
    fn witness_points(&self) -> (Vec3<S>, Vec3<S>) {
        let mut witness_a = Vec3::ZERO;
        let mut witness_b = Vec3::ZERO;
        for (vertex, &weight) in self.vertex_iter().zip(&self.weights) {
            witness_a += vertex.witness_a * weight;
            witness_b += vertex.witness_b * weight;
        }
        (witness_a, witness_b)
    }
}
