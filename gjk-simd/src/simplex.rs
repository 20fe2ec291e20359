//! The GJK simplex of a block of pairs at once, and its branch-free solve.
//!
//! The scalar kernel picks the Voronoi region of the origin with a chain of `if`s
//! (gjk-core's `dim2/simplex.rs` has the derivation). Here every lane evaluates every
//! region's test and result, and the results are blended from the lowest priority to
//! the highest, so that in each lane the first region whose test holds wins, as in
//! the scalar chain. The arithmetic of each candidate is the scalar one, operation for
//! operation, so the chosen lane values are bit-identical to the scalar kernel's.

use crate::lanes::{LaneFloat, LaneMask, Vec2Lanes, at_most, greater, negate, select};

/// A support point of `B - A` in every lane, with the points and vertex indices on
/// both shapes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct VertexLanes<F> {
    pub witness_a: Vec2Lanes<F>,
    pub witness_b: Vec2Lanes<F>,
    pub w: Vec2Lanes<F>,
    /// The direction A was supported along (what a warm-start cache keeps).
    pub direction: Vec2Lanes<F>,
    pub feature_a: F,
    pub feature_b: F,
}

impl<F: LaneFloat> VertexLanes<F> {
    /// `on_true` where `mask` is set, `self` elsewhere.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn replaced(self, mask: F::Mask, on_true: Self) -> Self {
        Self {
            witness_a: self.witness_a.replaced(mask, on_true.witness_a),
            witness_b: self.witness_b.replaced(mask, on_true.witness_b),
            w: self.w.replaced(mask, on_true.w),
            direction: self.direction.replaced(mask, on_true.direction),
            feature_a: F::blend(mask, on_true.feature_a, self.feature_a),
            feature_b: F::blend(mask, on_true.feature_b, self.feature_b),
        }
    }
}

/// Which of the three slots a reduced simplex keeps, per lane. The barycentric
/// weights are not kept: only the final simplex's are read, and
/// [`SimplexLanes::weights`] derives them from its vertices.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ReductionLanes<F> {
    /// The simplex's point nearest the origin.
    pub closest: Vec2Lanes<F>,
    /// The slots moved to slots 0 and 1 (as `f32` indices).
    kept: [F; 2],
    /// Vertices kept (1, 2 or 3).
    count: F,
}

impl<F: LaneFloat> ReductionLanes<F> {
    /// Lanes whose reduction keeps an edge (two vertices).
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn keeps_edge(&self) -> F::Mask {
        self.count.cmp_eq(F::lit(2.0))
    }
}

/// The Voronoi region a lane's reduction keeps: the slots of its vertices and how
/// many (one vertex, an edge, or the whole triangle).
#[derive(Clone, Copy, Debug)]
struct Choice<F> {
    /// The vertex kept, or the edge's first slot (0 for the triangle).
    first: F,
    /// The edge's second slot (1 for the triangle, unused for a vertex).
    second: F,
    /// Vertices kept: 1, 2 or 3.
    count: F,
}

impl<F: LaneFloat> Choice<F> {
    /// The interior of the triangle.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn interior() -> Self {
        Self {
            first: F::zero(),
            second: F::one(),
            count: F::lit(3.0),
        }
    }

    /// Keep the vertex in slot `index`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn vertex(index: f64) -> Self {
        Self {
            first: F::lit(index),
            second: F::one(),
            count: F::one(),
        }
    }

    /// Keep the edge of slots `kept`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn edge(kept: [f64; 2]) -> Self {
        Self {
            first: F::lit(kept[0]),
            second: F::lit(kept[1]),
            count: F::lit(2.0),
        }
    }

    /// `on_true` where `mask` is set, `self` elsewhere.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn replaced(self, mask: F::Mask, on_true: Self) -> Self {
        Self {
            first: F::blend(mask, on_true.first, self.first),
            second: F::blend(mask, on_true.second, self.second),
            count: F::blend(mask, on_true.count, self.count),
        }
    }
}

/// Up to three support points per lane; `count` says how many (1, 2 or 3).
#[derive(Clone, Copy, Debug)]
pub(crate) struct SimplexLanes<F> {
    pub vertices: [VertexLanes<F>; 3],
    pub count: F,
}

impl<F: LaneFloat> SimplexLanes<F> {
    /// One vertex.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn from_vertex(vertex: VertexLanes<F>) -> Self {
        Self {
            vertices: [vertex; 3],
            count: F::one(),
        }
    }

    /// `on_true` where `mask` is set, `self` elsewhere.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn replaced(&self, mask: F::Mask, on_true: &Self) -> Self {
        Self {
            vertices: [
                self.vertices[0].replaced(mask, on_true.vertices[0]),
                self.vertices[1].replaced(mask, on_true.vertices[1]),
                self.vertices[2].replaced(mask, on_true.vertices[2]),
            ],
            count: select(mask, on_true.count, self.count),
        }
    }

    /// Lanes holding `count` vertices.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn holds(&self, count: f64) -> F::Mask {
        self.count.cmp_eq(F::lit(count))
    }

    /// The vertex appended in every lane (none holds three when this is called).
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn push(&mut self, vertex: VertexLanes<F>) {
        self.vertices[1] = self.vertices[1].replaced(self.holds(1.0), vertex);
        self.vertices[2] = self.vertices[2].replaced(self.holds(2.0), vertex);
        self.count += F::one();
    }

    /// Every vertex moved by `offset` in the lanes of `mask`: the simplex seen from a
    /// query point that moved by `-offset` (the ray cast advancing along its ray).
    /// Slots past `count` move too; nothing reads them.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn shift(&mut self, mask: F::Mask, offset: Vec2Lanes<F>) {
        for vertex in &mut self.vertices {
            vertex.w = vertex.w.replaced(mask, vertex.w + offset);
        }
    }

    /// Lanes whose simplex already holds a vertex with these two features (the
    /// shapes of a lane have vertex features only, never smooth ones).
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn contains_features(&self, feature_a: F, feature_b: F) -> F::Mask {
        let mut found = F::Mask::clear();
        for (slot, vertex) in self.vertices.iter().enumerate() {
            let in_use = greater(self.count, F::lit(slot as f64));
            let same = vertex.feature_a.cmp_eq(feature_a) & vertex.feature_b.cmp_eq(feature_b);
            found |= in_use & same;
        }
        found
    }

    /// The largest `|w|^2` over the vertices in use, folded from zero in slot order
    /// with `f32::max`, as the scalar kernel does (its values are finite here).
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn max_vertex_length_squared(&self) -> F {
        let mut largest = F::zero();
        for (slot, vertex) in self.vertices.iter().enumerate() {
            let in_use = greater(self.count, F::lit(slot as f64));
            largest = select(in_use, largest.max(vertex.w.length_squared()), largest);
        }
        largest
    }

    /// The largest coordinate magnitude of the vertices in use, and `start`: the fold
    /// of gjk-core's `Simplex::rescue_factor` (from zero, or from a cast's target),
    /// compare for compare (NaN coordinates skipped), so every lane gets the scalar value.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn magnitude(&self, start: F) -> F {
        let mut largest = start;
        for (slot, vertex) in self.vertices.iter().enumerate() {
            let in_use = greater(self.count, F::lit(slot as f64));
            for coordinate in [vertex.w.x, vertex.w.y] {
                let magnitude = coordinate.abs();
                largest = select(in_use & greater(magnitude, largest), magnitude, largest);
            }
        }
        largest
    }

    /// The closest point and the region to keep, per lane (see the module comment).
    ///
    /// The region tests are blended first, and only into a [`Choice`] (which slots);
    /// the closest point is then computed once, for the chosen region, with the scalar
    /// formulas: one division per call instead of one per candidate edge.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn reduce(&self) -> ReductionLanes<F> {
        // Each solve runs only when some lane of the block needs it: in the first
        // round every lane holds a segment, later mostly triangles.
        let mut choice = Choice::vertex(0.0);
        let (segments, triangles) = (self.holds(2.0), self.holds(3.0));
        if triangles.any() {
            choice = choice.replaced(triangles, self.triangle_choice());
        }
        if segments.any() {
            choice = choice.replaced(segments, self.segment_choice());
        }
        let (w_first, w_second) = (self.w_at(choice.first), self.w_at(choice.second));
        let closest = Vec2Lanes::zero()
            .replaced(
                choice.count.cmp_eq(F::lit(2.0)),
                closest_on_edge_line(w_first, w_second),
            )
            .replaced(choice.count.cmp_eq(F::one()), w_first);
        ReductionLanes {
            closest,
            kept: [choice.first, choice.second],
            count: choice.count,
        }
    }

    /// Keeps the reduction's vertices: the kept slots move down to 0 and 1 (selected
    /// from the vertices before the move, as the scalar copies are). A triangle keeps
    /// slots 0 and 1 in place; slot 1 of a lane left with one vertex holds a copy
    /// that nothing reads.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn apply(&mut self, reduction: &ReductionLanes<F>) {
        let before = self.vertices;
        self.vertices[0] = vertex_at(&before, reduction.kept[0]);
        self.vertices[1] = vertex_at(&before, reduction.kept[1]);
        self.count = reduction.count;
    }

    /// The `w` of slot `slot` (0, 1 or 2) per lane.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn w_at(&self, slot: F) -> Vec2Lanes<F> {
        self.vertices[0]
            .w
            .replaced(slot.cmp_eq(F::one()), self.vertices[1].w)
            .replaced(slot.cmp_eq(F::lit(2.0)), self.vertices[2].w)
    }

    /// The scalar `reduce_segment`'s region on slots 0 and 1 of every lane.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn segment_choice(&self) -> Choice<F> {
        let zero = F::zero();
        let (u1, u2) = edge_numerators(self.vertices[0].w, self.vertices[1].w);
        let has_length = greater(u1 + u2, zero);
        let first = at_most(u2, zero) | !has_length;
        let second = at_most(u1, zero);
        Choice::edge([0.0, 1.0])
            .replaced(second, Choice::vertex(1.0))
            .replaced(first, Choice::vertex(0.0))
    }

    /// The scalar `reduce_triangle`'s region on the three slots of every lane.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn triangle_choice(&self) -> Choice<F> {
        let zero = F::zero();
        let (w1, w2, w3) = (self.vertices[0].w, self.vertices[1].w, self.vertices[2].w);
        let (u12_1, u12_2) = edge_numerators(w1, w2);
        let (u13_1, u13_2) = edge_numerators(w1, w3);
        let (u23_1, u23_2) = edge_numerators(w2, w3);
        let (orientation, [c1, c2, c3]) = self.sub_areas();
        let (t1, t2, t3) = (orientation * c1, orientation * c2, orientation * c3);
        // The scalar chain's tests, in its order; blended from the last to the first
        // so that the first test that holds decides.
        let regions = [
            (
                at_most(u12_2, zero) & at_most(u13_2, zero),
                Choice::vertex(0.0),
            ),
            (
                greater(u12_1, zero) & greater(u12_2, zero) & at_most(t3, zero),
                Choice::edge([0.0, 1.0]),
            ),
            (
                greater(u13_1, zero) & greater(u13_2, zero) & at_most(t2, zero),
                Choice::edge([0.0, 2.0]),
            ),
            (
                at_most(u12_1, zero) & at_most(u23_2, zero),
                Choice::vertex(1.0),
            ),
            (
                at_most(u13_1, zero) & at_most(u23_1, zero),
                Choice::vertex(2.0),
            ),
            (
                greater(u23_1, zero) & greater(u23_2, zero) & at_most(t1, zero),
                Choice::edge([1.0, 2.0]),
            ),
        ];
        let mut chosen = Choice::interior();
        for (test, region) in regions.iter().rev() {
            chosen = chosen.replaced(*test, *region);
        }
        chosen
    }

    /// The scalar kernel's triangle orientation (the sign of its area) and the
    /// sub-areas the origin makes with each edge, per lane.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn sub_areas(&self) -> (F, [F; 3]) {
        let zero = F::zero();
        let (w1, w2, w3) = (self.vertices[0].w, self.vertices[1].w, self.vertices[2].w);
        let n = signed_area_from_shortest_edges(w2 - w1, w3 - w1, w3 - w2);
        let orientation = select(
            greater(n, zero),
            F::one(),
            select(greater(zero, n), negate(F::one()), n * zero),
        );
        (orientation, [w2.cross(w3), w3.cross(w1), w1.cross(w2)])
    }

    /// The barycentric weights of each lane's closest point, as the reduction that
    /// left the simplex computed them (the loop does not carry them: only the final
    /// simplex's are read). One vertex weighs one. An edge, always in slots 0 and 1
    /// after a reduction, weighs `(u1, u2) / (u1 + u2)` with its [`edge_numerators`],
    /// which both solves use for every edge, on its two points in the same order, so
    /// the bits agree whichever solve kept the edge. A triangle (the cores overlap)
    /// weighs its normalized sub-areas, or a third each where they do not sum to a
    /// positive area.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn weights(&self) -> [F; 3] {
        let zero = F::zero();
        let (u1, u2) = edge_numerators(self.vertices[0].w, self.vertices[1].w);
        let edge_sum = u1 + u2;
        let (orientation, [c1, c2, c3]) = self.sub_areas();
        let sum = c1 + c2 + c3;
        let positive = greater(orientation * sum, zero);
        let third = F::one() / (F::lit(2.0) + F::one());
        let edge = self.holds(2.0);
        let vertex = self.holds(1.0);
        [
            select(
                vertex,
                F::one(),
                select(edge, u1 / edge_sum, select(positive, c1 / sum, third)),
            ),
            select(
                vertex,
                zero,
                select(edge, u2 / edge_sum, select(positive, c2 / sum, third)),
            ),
            select(vertex | edge, zero, select(positive, c3 / sum, third)),
        ]
    }

    /// The witness points on A and B: the weighted sums, over the vertices in use, of
    /// each vertex's points on A and on B, `points[slot]`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn witness_points(
        &self,
        points: [(Vec2Lanes<F>, Vec2Lanes<F>); 3],
    ) -> (Vec2Lanes<F>, Vec2Lanes<F>) {
        let mut witness_a = Vec2Lanes::zero();
        let mut witness_b = Vec2Lanes::zero();
        let weights = self.weights();
        for slot in 0..3 {
            let in_use = greater(self.count, F::lit(slot as f64));
            let (on_a, on_b) = points[slot];
            let weight = weights[slot];
            witness_a = witness_a.replaced(in_use, witness_a + on_a.scale(weight));
            witness_b = witness_b.replaced(in_use, witness_b + on_b.scale(weight));
        }
        (witness_a, witness_b)
    }
}

/// Slot `index` (0, 1 or 2) of `vertices` per lane.
#[cfg_attr(not(debug_assertions), inline(always))]
fn vertex_at<F: LaneFloat>(vertices: &[VertexLanes<F>; 3], index: F) -> VertexLanes<F> {
    vertices[0]
        .replaced(index.cmp_eq(F::one()), vertices[1])
        .replaced(index.cmp_eq(F::lit(2.0)), vertices[2])
}

/// The barycentric numerators `(u1, u2)` of the origin's projection on the line
/// through `w1` and `w2`: `(w2 . e, -(w1 . e))` with `e = w2 - w1`, the scalar
/// kernel's expressions for a segment and for each edge of a triangle (the weights
/// are `(u1, u2) / (u1 + u2)`; a non-positive numerator puts the origin beyond an
/// end).
#[cfg_attr(not(debug_assertions), inline(always))]
fn edge_numerators<F: LaneFloat>(w1: Vec2Lanes<F>, w2: Vec2Lanes<F>) -> (F, F) {
    let edge = w2 - w1;
    (w2.dot(edge), negate(w1.dot(edge)))
}

/// The scalar kernel's triangle orientation: the cross product of the two shortest
/// edges, chosen by the same comparisons.
#[cfg_attr(not(debug_assertions), inline(always))]
fn signed_area_from_shortest_edges<F: LaneFloat>(
    e12: Vec2Lanes<F>,
    e13: Vec2Lanes<F>,
    e23: Vec2Lanes<F>,
) -> F {
    let (l12, l13, l23) = (
        e12.length_squared(),
        e13.length_squared(),
        e23.length_squared(),
    );
    let longest_12 = l12.cmp_ge(l13) & l12.cmp_ge(l23);
    let longest_13 = l13.cmp_ge(l23);
    select(
        longest_12,
        e13.cross(e23),
        select(longest_13, e12.cross(e23), e12.cross(e13)),
    )
}

/// The scalar kernel's closest point of the line through `w1` and `w2`: the normal
/// scaled from the end point nearer the origin.
#[cfg_attr(not(debug_assertions), inline(always))]
fn closest_on_edge_line<F: LaneFloat>(w1: Vec2Lanes<F>, w2: Vec2Lanes<F>) -> Vec2Lanes<F> {
    let normal = (w2 - w1).perp();
    let base = w2.replaced(at_most(w1.length_squared(), w2.length_squared()), w1);
    let normal_squared = normal.length_squared();
    // The scalar kernel's fallback for edges whose squared length is subnormal.
    let short = normal_squared.cmp_lt(F::splat(
        <F::Scalar as num_traits::Float>::min_positive_value(),
    ));
    normal
        .scale(normal.dot(base) / normal_squared)
        .replaced(short, base)
}
