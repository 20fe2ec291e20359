//! The GJK simplex in 2D (a point, a segment or a triangle of Minkowski-difference
//! points) and its closest point to the origin.

use crate::kernel::MinkowskiDifference;
use crate::kernel::simplex::{GjkSimplex, SimplexVertex};
use crate::{FeatureId, Scalar, SimplexCache, Vec2};

impl<S: Scalar> GjkSimplex<S, Vec2<S>> for Simplex<S> {
    type Reduction = Reduction<S>;

    #[inline(always)]
    fn seeded<D>(pair: &D, offset: Vec2<S>, cache: Option<&SimplexCache<S>>) -> Self
    where
        D: MinkowskiDifference<S, Vec2<S>, Simplex = Self> + ?Sized,
    {
        if let Some(cache) = cache {
            let mut cached = cache.vertices();
            if let Some(first) = cached.next() {
                let mut simplex = Simplex::from_vertex(pair.cached_vertex(&first));
                for vertex in cached {
                    simplex.push(pair.cached_vertex(&vertex));
                }
                return simplex;
            }
        }
        let direction = if offset == Vec2::ZERO {
            Vec2::X
        } else {
            offset
        };
        Simplex::from_vertex(pair.support(direction))
    }
    #[inline(always)]
    fn push(&mut self, vertex: SimplexVertex<S>) {
        Simplex::push(self, vertex);
    }
    #[inline(always)]
    fn pop(&mut self) {
        Simplex::pop(self);
    }
    #[inline(always)]
    fn vertex_iter<'s>(&'s self) -> impl Iterator<Item = &'s SimplexVertex<S>>
    where
        S: 's,
    {
        self.vertices()
    }
    #[inline(always)]
    fn is_full(&self) -> bool {
        self.count == 3
    }
    #[inline(always)]
    fn max_vertex_length_squared(&self) -> S {
        Simplex::max_vertex_length_squared(self)
    }
    #[inline(always)]
    fn contains_features(&self, feature_a: FeatureId, feature_b: FeatureId) -> bool {
        Simplex::contains_features(self, feature_a, feature_b)
    }
    #[inline(always)]
    fn solve(&mut self) -> Vec2<S> {
        Simplex::solve(self)
    }
    #[inline(always)]
    fn reduce(&self) -> Reduction<S> {
        Simplex::reduce(self)
    }
    #[inline(always)]
    fn apply(&mut self, reduction: &Reduction<S>) {
        Simplex::apply(self, reduction);
    }
    #[inline(always)]
    fn closest_of(reduction: &Reduction<S>) -> Vec2<S> {
        reduction.closest
    }
    #[inline(always)]
    fn keeps_edge(reduction: &Reduction<S>) -> bool {
        reduction.keeps_edge()
    }
    #[inline(always)]
    fn scale(&mut self, factor: S) {
        Simplex::scale(self, factor);
    }

    #[inline]
    fn shift(&mut self, offset: Vec2<S>) {
        Simplex::shift(self, offset);
    }

    #[inline]
    fn unshift(&mut self) {
        Simplex::unshift(self);
    }
    #[inline(always)]
    fn rescue_factor(&self, start: S, from_supports: bool) -> Option<S> {
        Simplex::rescue_factor(self, start, from_supports)
    }
    #[inline(always)]
    fn witness_points(&self) -> (Vec2<S>, Vec2<S>) {
        Simplex::witness_points(self)
    }
}

/// Up to three vertices and the barycentric weights of the closest point.
#[derive(Clone, Copy, Debug)]
pub struct Simplex<S> {
    pub vertices: [SimplexVertex<S>; 3],
    /// Barycentric weights of the closest point; they sum to one over `count`.
    pub weights: [S; 3],
    pub count: usize,
}

impl<S: Scalar> Simplex<S> {
    /// A one-vertex simplex.
    #[inline]
    pub fn from_vertex(vertex: SimplexVertex<S>) -> Self {
        Self {
            vertices: [vertex; 3],
            weights: [S::ONE, S::ZERO, S::ZERO],
            count: 1,
        }
    }

    /// Appends a vertex; callers keep `count < 3` before a push.
    #[inline]
    pub fn push(&mut self, vertex: SimplexVertex<S>) {
        if self.count < 3 {
            self.vertices[self.count] = vertex;
            self.count += 1;
        }
    }

    /// Moves every vertex by `offset`: the simplex seen from a query point that moved
    /// by `-offset` (the ray cast advancing along its ray).
    #[inline]
    pub fn shift(&mut self, offset: Vec2<S>) {
        for vertex in self.vertices.iter_mut().take(self.count) {
            vertex.w += offset;
        }
    }

    /// Undoes every [`shift`](Self::shift): each vertex's Minkowski point computed
    /// again from its support points, exactly as it was made. Called once, by a cast
    /// that goes on rescaled, after its loop.
    #[inline]
    pub fn unshift(&mut self) {
        for vertex in self.vertices.iter_mut().take(self.count) {
            vertex.w = vertex.witness_b - vertex.witness_a;
        }
    }

    /// The vertices in use.
    #[inline]
    pub fn vertices(&self) -> impl Iterator<Item = &SimplexVertex<S>> {
        self.vertices.iter().take(self.count)
    }

    /// Whether a vertex made from these two polytope features is already present.
    #[inline]
    pub fn contains_features(&self, feature_a: FeatureId, feature_b: FeatureId) -> bool {
        self.vertices()
            .any(|vertex| vertex.same_features(feature_a, feature_b))
    }

    /// The largest squared length of a vertex: the scale of the rounding in `v`.
    #[inline]
    pub fn max_vertex_length_squared(&self) -> S {
        self.vertices().fold(S::ZERO, |largest, vertex| {
            largest.max(vertex.w.length_squared())
        })
    }

    /// Multiplies every vertex's points by `factor`, a power of two (exact). Out of
    /// line in the compact form: the distance and cast loops share it.
    #[cfg_attr(gjk_compact, inline(never))]
    pub fn scale(&mut self, factor: S) {
        for vertex in self.vertices.iter_mut().take(self.count) {
            vertex.scale(factor);
        }
    }

    /// The power of two a loop that ended on this simplex rescales by, if any (see
    /// `rescale.rs`): from the largest coordinate magnitude of the vertices' Minkowski
    /// points and `start` (a cast's target, which enters squared next to them; zero
    /// otherwise). NaN coordinates count as zero, as in the SIMD lanes' comparisons.
    /// With `from_supports` (the casts), when every one is zero, the scale of the
    /// support points instead, upward only.
    ///
    /// Zero points tell no scale: the cast's query point ended on a vertex of `B - A`.
    /// In `f64`, a ray through a round ellipse of radius 1e-162 that ends on its far
    /// side would be a hit there: its first step, from squares of 1e-324, jumps the
    /// whole way, and a rescue reading no scale keeps it. Upward only (the support
    /// points' magnitude counted as at most one): the support points of a ray 1e30
    /// long ending on a box's corner are its origin's, and scaling the box down to
    /// them would lose the digits the cast needs. Not for `distance` and the contact
    /// queries, where zero points mean touching shapes at any scale (and the SIMD
    /// lanes keep them). Inlined into `kernel::rescue_factor`, its one caller, which
    /// both loops share.
    #[inline]
    pub fn rescue_factor(&self, start: S, from_supports: bool) -> Option<S> {
        // A loop, not `rescale::factor_for` over chained iterators: that measured 76
        // bytes more code and 36 more of stack on the Cortex-M4F (`cargo xtask size`).
        let mut largest = start.magnitude_key();
        for vertex in self.vertices() {
            largest = largest
                .max(vertex.w.x.magnitude_key())
                .max(vertex.w.y.magnitude_key());
        }
        if from_supports && largest == S::ZERO.magnitude_key() {
            // Each vertex's support points coincide (their difference is zero); the
            // first vertex's set the scale, which the caller caps by the pair's extent.
            largest = self.vertices[0]
                .witness_a
                .max_abs()
                .min(S::ONE)
                .magnitude_key();
        }
        S::rescale_factor(largest)
    }

    /// The witness points on the two cores (A's frame): the barycentric combinations of
    /// the support points.
    #[inline]
    pub fn witness_points(&self) -> (Vec2<S>, Vec2<S>) {
        let mut witness_a = Vec2::ZERO;
        let mut witness_b = Vec2::ZERO;
        for (vertex, &weight) in self.vertices().zip(&self.weights) {
            witness_a += vertex.witness_a * weight;
            witness_b += vertex.witness_b * weight;
        }
        (witness_a, witness_b)
    }

    /// Reduces the simplex to the smallest sub-simplex whose hull holds the point
    /// closest to the origin, sets the weights, and returns that point `v`.
    ///
    /// A triangle that encloses the origin stays a triangle and returns zero.
    ///
    /// Always inlined on hosted targets, where the compiler kept it out of line (once
    /// per query, before the loop); inlined it lets the seed's vertices stay in
    /// registers (callgrind, octagons).
    #[cfg_attr(not(gjk_compact), inline(always))]
    #[cfg_attr(gjk_compact, inline)]
    pub fn solve(&mut self) -> Vec2<S> {
        let reduction = self.reduce();
        self.apply(&reduction);
        reduction.closest
    }

    /// The reduction [`solve`](Self::solve) would make, without making it: GJK tries a
    /// new vertex, and keeps the result only if it brings the closest point nearer
    /// (otherwise it [`pop`](Self::pop)s the vertex and the simplex is as before, with
    /// no copy of it kept for the purpose).
    #[inline]
    pub fn reduce(&self) -> Reduction<S> {
        match self.count {
            1 => Reduction::vertex(0, self.vertices[0].w),
            2 => self.reduce_segment(),
            _ => self.reduce_triangle(),
        }
    }

    /// Makes a reduction computed by [`reduce`](Self::reduce) on this simplex.
    ///
    /// The kept vertices move down to the first slots, only those that are not there
    /// yet (most reductions keep `[0, 1]` or `[0]` and move nothing).
    #[inline]
    pub fn apply(&mut self, reduction: &Reduction<S>) {
        if reduction.count < 3 {
            let [first, second] = reduction.kept;
            if first != 0 {
                self.copy_vertex(first, 0);
            }
            if second != 1 && reduction.count == 2 {
                self.copy_vertex(second, 1);
            }
        }
        self.weights = reduction.weights;
        self.count = reduction.count;
    }

    /// Copies vertex `from` over vertex `to` field by field: a whole-struct assignment
    /// between two slots of the same array compiles to a call of `memmove` (the
    /// compiler cannot tell the slots apart), which costs 1.3 to 1.6 KB of flash on
    /// Cortex-M and a call per copy.
    #[inline]
    fn copy_vertex(&mut self, from: usize, to: usize) {
        // `min(2)` keeps the indices provably in bounds (they are 0, 1 or 2 anyway).
        let source = &self.vertices[from.min(2)];
        let (witness_a, witness_b, w, direction) = (
            source.witness_a,
            source.witness_b,
            source.w,
            source.direction,
        );
        let (feature_a, feature_b) = (source.feature_a, source.feature_b);
        let target = &mut self.vertices[to.min(2)];
        target.witness_a = witness_a;
        target.witness_b = witness_b;
        target.w = w;
        target.direction = direction;
        target.feature_a = feature_a;
        target.feature_b = feature_b;
    }

    /// Removes the vertex added last (after a trial that did not pay off).
    #[inline]
    pub fn pop(&mut self) {
        self.count = self.count.saturating_sub(1).max(1);
    }

    /// Segment `w1 w2`.
    ///
    /// With `e = w2 - w1`, the closest point is `w1 + t e` with `t = -w1.e / e.e`. Writing
    /// `u1 = w2.e` and `u2 = -w1.e` (so `u1 + u2 = e.e`), the Voronoi regions are:
    /// - `u2 <= 0`: the origin lies behind `w1`, the closest point is `w1`;
    /// - `u1 <= 0`: the origin lies beyond `w2`, the closest point is `w2`;
    /// - otherwise the interior, with barycentric weights `(u1, u2) / (u1 + u2)`.
    ///
    /// `u1 + u2 = e.e` must also be positive (not underflowed) to divide by it; an edge
    /// too short for that is a vertex.
    #[inline]
    fn reduce_segment(&self) -> Reduction<S> {
        let (w1, w2) = (self.vertices[0].w, self.vertices[1].w);
        let e12 = w2 - w1;
        let u1 = w2.dot(e12);
        let u2 = -w1.dot(e12);
        // `has_length` is false for an underflowed (or NaN) `e.e`.
        let has_length = u1 + u2 > S::ZERO;
        if u2 <= S::ZERO || !has_length {
            return Reduction::vertex(0, w1);
        }
        if u1 <= S::ZERO {
            return Reduction::vertex(1, w2);
        }
        Reduction::edge([0, 1], [w1, w2], u1, u2)
    }

    /// Triangle `w1 w2 w3` (Box2D's Solve3 regions).
    ///
    /// Edge quantities as in [`reduce_segment`](Self::reduce_segment) for each edge
    /// (`u12_1 = w2.e12`, `u12_2 = -w1.e12`, and likewise for `e13`, `e23`). The triangle
    /// barycentric weights are the signed areas of the sub-triangles the origin makes,
    /// each multiplied by the triangle's signed area `n` so that their signs do not
    /// depend on the winding:
    /// - `t1 = n cross(w2, w3)` (the area opposite `w1`),
    /// - `t2 = n cross(w3, w1)`,
    /// - `t3 = n cross(w1, w2)`.
    ///
    /// An edge region needs the origin inside the edge's slab (both edge weights
    /// positive) and outside the triangle across that edge (the opposite triangle weight
    /// not positive). A vertex region needs the origin behind both edges meeting there.
    /// Otherwise the origin is inside.
    ///
    /// `n` is taken from the two shortest edges: `cross(e12, e13) = cross(e12, e23) =
    /// cross(e13, e23)` in exact arithmetic, and the shortest pair has the smallest
    /// rounding error, which decides the sign on slivers.
    #[inline]
    fn reduce_triangle(&self) -> Reduction<S> {
        let (w1, w2, w3) = (self.vertices[0].w, self.vertices[1].w, self.vertices[2].w);
        let e12 = w2 - w1;
        let e13 = w3 - w1;
        let e23 = w3 - w2;

        let u12_1 = w2.dot(e12);
        let u12_2 = -w1.dot(e12);
        let u13_1 = w3.dot(e13);
        let u13_2 = -w1.dot(e13);
        let u23_1 = w3.dot(e23);
        let u23_2 = -w2.dot(e23);

        // The sub-areas `c` with the orientation of `n`: the region tests need only
        // the signs of `t = n c`, and the weights are `t / sum(t) = c / sum(c)`, where
        // `n` cancels. So `t` takes only the sign of `n` (exactly +-1), never its
        // magnitude: the product of four coordinates overflowed for coordinates near
        // 1e10 (NaN weights) and underflowed to zero for shapes of size 1e-11, which
        // lost the sign and put the closest point on an edge of a triangle around the
        // origin (both found by fuzzing).
        let n = signed_area_from_shortest_edges(e12, e13, e23);
        let orientation = sign_of(n);
        let (c1, c2, c3) = (w2.cross(w3), w3.cross(w1), w1.cross(w2));
        let (t1, t2, t3) = (orientation * c1, orientation * c2, orientation * c3);

        let zero = S::ZERO;
        if u12_2 <= zero && u13_2 <= zero {
            return Reduction::vertex(0, w1);
        }
        if u12_1 > zero && u12_2 > zero && t3 <= zero {
            return Reduction::edge([0, 1], [w1, w2], u12_1, u12_2);
        }
        if u13_1 > zero && u13_2 > zero && t2 <= zero {
            return Reduction::edge([0, 2], [w1, w3], u13_1, u13_2);
        }
        if u12_1 <= zero && u23_2 <= zero {
            return Reduction::vertex(1, w2);
        }
        if u13_1 <= zero && u23_1 <= zero {
            return Reduction::vertex(2, w3);
        }
        if u23_1 > zero && u23_2 > zero && t1 <= zero {
            return Reduction::edge([1, 2], [w2, w3], u23_1, u23_2);
        }

        // Inside: weights are the normalized sub-areas. `t1 + t2 + t3 = n^2 > 0` unless
        // the triangle is degenerate, where the region tests above cannot all fail in
        // exact arithmetic; guard the division anyway and fall back to equal weights.
        let sum = c1 + c2 + c3;
        let weights = if orientation * sum > zero {
            [c1 / sum, c2 / sum, c3 / sum]
        } else {
            [S::ONE / (S::TWO + S::ONE); 3]
        };
        Reduction {
            closest: Vec2::ZERO,
            kept: [0, 1],
            count: 3,
            weights,
        }
    }
}

/// What [`Simplex::reduce`] decided: the closest point, which vertices stay (in
/// order) and their barycentric weights.
#[derive(Clone, Copy, Debug)]
pub struct Reduction<S> {
    /// The point of the simplex closest to the origin.
    pub closest: Vec2<S>,
    /// Indices of the vertices kept, for one- and two-vertex results.
    kept: [usize; 2],
    count: usize,
    weights: [S; 3],
}

impl<S: Scalar> Reduction<S> {
    /// Whether the reduction keeps an edge (two vertices).
    #[inline]
    pub fn keeps_edge(&self) -> bool {
        self.count == 2
    }

    /// Keep vertex `index`, at `w`.
    #[inline]
    fn vertex(index: usize, w: Vec2<S>) -> Self {
        Self {
            closest: w,
            kept: [index, index],
            count: 1,
            weights: [S::ONE, S::ZERO, S::ZERO],
        }
    }

    /// Keep the edge between vertices `kept` at `ends`, with the unnormalized weights
    /// `u_first`, `u_second` (both positive).
    #[inline]
    fn edge(kept: [usize; 2], ends: [Vec2<S>; 2], u_first: S, u_second: S) -> Self {
        // Divided, not multiplied by a reciprocal: the reciprocal of a sum in the
        // subnormal range overflows to infinity and made the witness points NaN for
        // shapes of size 1e-23 (found by fuzzing); each quotient is at most one.
        let sum = u_first + u_second;
        Self {
            closest: closest_on_edge_line(ends[0], ends[1]),
            kept,
            count: 2,
            weights: [u_first / sum, u_second / sum, S::ZERO],
        }
    }
}

/// `+1`, `-1` or `0` with the sign of `value` (NaN stays NaN), so that multiplying by
/// it changes no magnitude: no overflow, no underflow, no rounding.
#[inline]
fn sign_of<S: Scalar>(value: S) -> S {
    if value > S::ZERO {
        S::ONE
    } else if value < S::ZERO {
        -S::ONE
    } else {
        // Zero for zero, NaN for NaN.
        value * S::ZERO
    }
}

/// The triangle's signed area times two, from the two shortest of its three edges.
#[inline]
fn signed_area_from_shortest_edges<S: Scalar>(e12: Vec2<S>, e13: Vec2<S>, e23: Vec2<S>) -> S {
    let (l12, l13, l23) = (
        e12.length_squared(),
        e13.length_squared(),
        e23.length_squared(),
    );
    if l12 >= l13 && l12 >= l23 {
        e13.cross(e23)
    } else if l13 >= l23 {
        e12.cross(e23)
    } else {
        e12.cross(e13)
    }
}

/// The point of the line through `w1` and `w2` closest to the origin.
///
/// Computed as the projection onto the edge's normal, `p (p.w) / (p.p)` with
/// `p = perp(w2 - w1)`, rather than as `w1 + t (w2 - w1)`: the result is exactly
/// perpendicular to the edge up to the rounding of `p`, so the next search direction
/// stays accurate even when `v` is tiny next to the vertices (a point a hair away from
/// a long plank). `w` is the shorter of the two endpoints, which gives the same value
/// in exact arithmetic and less rounding.
///
/// Out of line in the compact form with a hardware FPU (`eabihf`): four call sites share one
/// copy, which keeps the Cortex-M4F build within its flash budget; without an FPU
/// (Cortex-M0) the extra frame cost more stack than the copies cost flash. Inlined
/// elsewhere (`cargo xtask size` measures both).
#[cfg_attr(all(gjk_compact, target_abi = "eabihf"), inline(never))]
#[cfg_attr(not(all(gjk_compact, target_abi = "eabihf")), inline)]
fn closest_on_edge_line<S: Scalar>(w1: Vec2<S>, w2: Vec2<S>) -> Vec2<S> {
    let normal = (w2 - w1).perp();
    let base = if w1.length_squared() <= w2.length_squared() {
        w1
    } else {
        w2
    };
    let normal_squared = normal.length_squared();
    // An edge shorter than about 1e-19 in `f32` has a subnormal squared length, which
    // has lost its digits (fuzzing found a warm-started distance 3 % short beside a box
    // 1e-23 wide); its nearer end point is then the answer to within its length.
    if normal_squared < S::min_positive_value() {
        return base;
    }
    normal * (normal.dot(base) / normal_squared)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vertex(x: f64, y: f64) -> SimplexVertex<f64> {
        SimplexVertex::new(
            Vec2::ZERO,
            Vec2::new(x, y),
            Vec2::X,
            FeatureId::SMOOTH,
            FeatureId::SMOOTH,
        )
    }

    fn simplex(points: &[(f64, f64)]) -> Simplex<f64> {
        let mut s = Simplex::from_vertex(vertex(points[0].0, points[0].1));
        for &(x, y) in &points[1..] {
            s.push(vertex(x, y));
        }
        s
    }

    #[test]
    fn segment_interior_is_perpendicular_foot() {
        let mut s = simplex(&[(-1.0, 2.0), (3.0, 2.0)]);
        let v = s.solve();
        assert_eq!(v, Vec2::new(0.0, 2.0));
        assert_eq!(s.count, 2);
        assert!((s.weights[0] - 0.75).abs() < 1e-15 && (s.weights[1] - 0.25).abs() < 1e-15);
    }

    #[test]
    fn segment_vertex_regions_reduce_to_one_vertex() {
        let mut behind_first = simplex(&[(1.0, 1.0), (3.0, 1.0)]);
        assert_eq!(behind_first.solve(), Vec2::new(1.0, 1.0));
        assert_eq!(behind_first.count, 1);
        let mut beyond_second = simplex(&[(3.0, 1.0), (1.0, 1.0)]);
        assert_eq!(beyond_second.solve(), Vec2::new(1.0, 1.0));
        assert_eq!(beyond_second.count, 1);
    }

    #[test]
    fn zero_length_segment_is_a_vertex() {
        let mut s = simplex(&[(1.0, 1.0), (1.0, 1.0)]);
        assert_eq!(s.solve(), Vec2::new(1.0, 1.0));
        assert_eq!(s.count, 1);
    }

    #[test]
    fn triangle_enclosing_origin_stays_full_with_area_weights() {
        let mut s = simplex(&[(-1.0, -1.0), (2.0, -1.0), (-1.0, 2.0)]);
        assert_eq!(s.solve(), Vec2::ZERO);
        assert_eq!(s.count, 3);
        let sum: f64 = s.weights.iter().sum();
        assert!((sum - 1.0).abs() < 1e-15);
        // The weighted vertices reproduce the origin.
        let (_, b) = s.witness_points();
        assert!(b.length() < 1e-15);
    }

    #[test]
    fn triangle_reduces_to_each_edge_and_vertex_region() {
        // Triangle with vertices around (0, 2) .. the origin is below edge w1 w2.
        let mut edge = simplex(&[(-1.0, 1.0), (1.0, 1.0), (0.0, 3.0)]);
        assert_eq!(edge.solve(), Vec2::new(0.0, 1.0));
        assert_eq!(edge.count, 2);
        // Both windings give the same answer.
        let mut edge_cw = simplex(&[(1.0, 1.0), (-1.0, 1.0), (0.0, 3.0)]);
        assert_eq!(edge_cw.solve(), Vec2::new(0.0, 1.0));
        // Vertex region of w3.
        let mut corner = simplex(&[(3.0, 2.0), (2.0, 3.0), (1.0, 1.0)]);
        assert_eq!(corner.solve(), Vec2::new(1.0, 1.0));
        assert_eq!(corner.count, 1);
    }

    #[test]
    fn collinear_triangle_picks_the_edge_holding_the_foot() {
        let mut s = simplex(&[(-2.0, 1.0), (3.0, 1.0), (1.0, 1.0)]);
        let v = s.solve();
        assert!((v - Vec2::new(0.0, 1.0)).length() < 1e-15);
        assert_eq!(s.count, 2);
    }

    #[test]
    fn closest_point_of_long_edge_is_exactly_perpendicular() {
        // A point 1e-9 beside an edge 1e3 long: the foot direction must stay (0, 1).
        let v: Vec2<f64> =
            closest_on_edge_line(Vec2::new(-1.0e3, 1.0e-9), Vec2::new(1.0e3, 1.0e-9));
        assert_eq!(v.x, 0.0);
        assert!((v.y - 1.0e-9).abs() < 1e-24);
    }
}
