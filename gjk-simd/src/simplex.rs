//! The GJK simplex of a block of pairs at once, and its branch-free solve.
//!
//! The scalar kernel picks the Voronoi region of the origin with a chain of `if`s
//! (gjk-core's `simplex.rs` has the derivation). Here every lane evaluates every
//! region's test and result, and the results are blended from the lowest priority to
//! the highest, so that in each lane the first region whose test holds wins, as in
//! the scalar chain. The arithmetic of each candidate is the scalar one, operation for
//! operation, so the chosen lane values are bit-identical to the scalar kernel's.

use crate::lanes::{LaneFloat, Vec2Lanes, at_most, greater, negate, select};

/// A support point of `B - A` in every lane, with the points and vertex indices on
/// both shapes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct VertexLanes<F> {
    pub witness_a: Vec2Lanes<F>,
    pub witness_b: Vec2Lanes<F>,
    pub w: Vec2Lanes<F>,
    pub feature_a: F,
    pub feature_b: F,
}

impl<F: LaneFloat> VertexLanes<F> {
    /// `on_true` where `mask` is set, `self` elsewhere.
    #[inline(always)]
    pub fn replaced(self, mask: F, on_true: Self) -> Self {
        Self {
            witness_a: self.witness_a.replaced(mask, on_true.witness_a),
            witness_b: self.witness_b.replaced(mask, on_true.witness_b),
            w: self.w.replaced(mask, on_true.w),
            feature_a: mask.blend(on_true.feature_a, self.feature_a),
            feature_b: mask.blend(on_true.feature_b, self.feature_b),
        }
    }
}

/// Which of the three slots a reduced simplex keeps and with what weights, per lane.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ReductionLanes<F> {
    /// The simplex's point nearest the origin.
    pub closest: Vec2Lanes<F>,
    /// The slots moved to slots 0 and 1 (as `f32` indices).
    kept: [F; 2],
    /// Vertices kept (1, 2 or 3).
    count: F,
    weights: [F; 3],
}

impl<F: LaneFloat> ReductionLanes<F> {
    /// Lanes whose reduction keeps an edge (two vertices).
    #[inline(always)]
    pub fn keeps_edge(&self) -> F {
        self.count.cmp_eq(F::lit(2.0))
    }

    /// `on_true` where `mask` is set, `self` elsewhere.
    #[inline(always)]
    fn replaced(self, mask: F, on_true: Self) -> Self {
        Self {
            closest: self.closest.replaced(mask, on_true.closest),
            kept: [0, 1].map(|slot| mask.blend(on_true.kept[slot], self.kept[slot])),
            count: mask.blend(on_true.count, self.count),
            weights: [0, 1, 2].map(|slot| mask.blend(on_true.weights[slot], self.weights[slot])),
        }
    }
}

/// The Voronoi region a lane's reduction keeps: one vertex, an edge (with its
/// barycentric numerators), or, when neither mask is set, the triangle's interior.
#[derive(Clone, Copy, Debug)]
struct Choice<F> {
    vertex: F,
    edge: F,
    /// The vertex kept, or the edge's first slot.
    first: F,
    /// The edge's second slot.
    second: F,
    u_first: F,
    u_second: F,
}

impl<F: LaneFloat> Choice<F> {
    /// The interior of the triangle.
    #[inline(always)]
    fn interior() -> Self {
        Self {
            vertex: F::zero(),
            edge: F::zero(),
            first: F::zero(),
            second: F::one(),
            u_first: F::one(),
            u_second: F::one(),
        }
    }

    /// Keep the vertex in slot `index`.
    #[inline(always)]
    fn vertex(index: f64) -> Self {
        Self {
            vertex: F::all_set(),
            first: F::lit(index),
            ..Self::interior()
        }
    }

    /// Keep the edge of slots `kept`, with numerators `u_first` and `u_second`.
    #[inline(always)]
    fn edge(kept: [f64; 2], u_first: F, u_second: F) -> Self {
        Self {
            vertex: F::zero(),
            edge: F::all_set(),
            first: F::lit(kept[0]),
            second: F::lit(kept[1]),
            u_first,
            u_second,
        }
    }

    /// `on_true` where `mask` is set, `self` elsewhere.
    #[inline(always)]
    fn replaced(self, mask: F, on_true: Self) -> Self {
        Self {
            vertex: mask.blend(on_true.vertex, self.vertex),
            edge: mask.blend(on_true.edge, self.edge),
            first: mask.blend(on_true.first, self.first),
            second: mask.blend(on_true.second, self.second),
            u_first: mask.blend(on_true.u_first, self.u_first),
            u_second: mask.blend(on_true.u_second, self.u_second),
        }
    }
}

/// Up to three support points per lane; `count` says how many (1, 2 or 3).
#[derive(Clone, Copy, Debug)]
pub(crate) struct SimplexLanes<F> {
    pub vertices: [VertexLanes<F>; 3],
    pub weights: [F; 3],
    pub count: F,
}

impl<F: LaneFloat> SimplexLanes<F> {
    /// One vertex, weight one.
    #[inline(always)]
    pub fn from_vertex(vertex: VertexLanes<F>) -> Self {
        Self {
            vertices: [vertex; 3],
            weights: [F::one(), F::zero(), F::zero()],
            count: F::one(),
        }
    }

    /// `on_true` where `mask` is set, `self` elsewhere.
    #[inline(always)]
    pub fn replaced(&self, mask: F, on_true: &Self) -> Self {
        Self {
            vertices: [0, 1, 2]
                .map(|slot| self.vertices[slot].replaced(mask, on_true.vertices[slot])),
            weights: [0, 1, 2].map(|slot| select(mask, on_true.weights[slot], self.weights[slot])),
            count: select(mask, on_true.count, self.count),
        }
    }

    /// Lanes holding `count` vertices.
    #[inline(always)]
    fn holds(&self, count: f64) -> F {
        self.count.cmp_eq(F::lit(count))
    }

    /// The vertex appended in every lane (none holds three when this is called).
    #[inline(always)]
    pub fn push(&mut self, vertex: VertexLanes<F>) {
        self.vertices[1] = self.vertices[1].replaced(self.holds(1.0), vertex);
        self.vertices[2] = self.vertices[2].replaced(self.holds(2.0), vertex);
        self.count += F::one();
    }

    /// Every vertex moved by `offset` in the lanes of `mask`: the simplex seen from a
    /// query point that moved by `-offset` (the ray cast advancing along its ray).
    /// Slots past `count` move too; nothing reads them.
    #[inline(always)]
    pub fn shift(&mut self, mask: F, offset: Vec2Lanes<F>) {
        for vertex in &mut self.vertices {
            vertex.w = vertex.w.replaced(mask, vertex.w + offset);
        }
    }

    /// Lanes whose simplex already holds a vertex with these two features (the
    /// shapes of a lane have vertex features only, never smooth ones).
    #[inline(always)]
    pub fn contains_features(&self, feature_a: F, feature_b: F) -> F {
        let mut found = F::zero();
        for (slot, vertex) in self.vertices.iter().enumerate() {
            let in_use = greater(self.count, F::lit(slot as f64));
            let same = vertex.feature_a.cmp_eq(feature_a) & vertex.feature_b.cmp_eq(feature_b);
            found |= in_use & same;
        }
        found
    }

    /// The largest `|w|^2` over the vertices in use, folded from zero in slot order
    /// with `f32::max`, as the scalar kernel does (its values are finite here).
    #[inline(always)]
    pub fn max_vertex_length_squared(&self) -> F {
        let mut largest = F::zero();
        for (slot, vertex) in self.vertices.iter().enumerate() {
            let in_use = greater(self.count, F::lit(slot as f64));
            largest = select(in_use, largest.max(vertex.w.length_squared()), largest);
        }
        largest
    }

    /// The closest point and the region to keep, per lane (see the module comment).
    ///
    /// The region tests are blended first, and only into a [`Choice`] (which slots,
    /// which barycentric numerators); the reduction is then computed once, for the
    /// chosen region, with the scalar formulas. This keeps the divisions to three per
    /// call instead of one pair per candidate edge.
    #[inline(always)]
    pub fn reduce(&self) -> ReductionLanes<F> {
        let (triangle, interior_weights) = self.triangle_choice();
        let choice = triangle
            .replaced(self.holds(2.0), self.segment_choice())
            .replaced(self.holds(1.0), Choice::vertex(0.0));
        let pick = |slot: F| {
            self.vertices[0]
                .w
                .replaced(slot.cmp_eq(F::one()), self.vertices[1].w)
                .replaced(slot.cmp_eq(F::lit(2.0)), self.vertices[2].w)
        };
        let (w_first, w_second) = (pick(choice.first), pick(choice.second));
        let edge_sum = choice.u_first + choice.u_second;
        let edge = ReductionLanes {
            closest: closest_on_edge_line(w_first, w_second),
            kept: [choice.first, choice.second],
            count: F::lit(2.0),
            weights: [
                choice.u_first / edge_sum,
                choice.u_second / edge_sum,
                F::zero(),
            ],
        };
        let vertex = ReductionLanes {
            closest: w_first,
            kept: [choice.first, choice.first],
            count: F::one(),
            weights: [F::one(), F::zero(), F::zero()],
        };
        let interior = ReductionLanes {
            closest: Vec2Lanes::zero(),
            kept: [F::zero(), F::one()],
            count: F::lit(3.0),
            weights: interior_weights,
        };
        interior
            .replaced(choice.edge, edge)
            .replaced(choice.vertex, vertex)
    }

    /// Keeps the reduction's vertices and weights: the kept slots move down to 0 and
    /// 1 (selected from the vertices before the move, as the scalar copies are).
    #[inline(always)]
    pub fn apply(&mut self, reduction: &ReductionLanes<F>) {
        let before = self.vertices;
        let pick = |index: F| {
            before[0]
                .replaced(index.cmp_eq(F::one()), before[1])
                .replaced(index.cmp_eq(F::lit(2.0)), before[2])
        };
        let reduced = reduction.count.cmp_lt(F::lit(3.0));
        let edge = reduction.count.cmp_eq(F::lit(2.0));
        self.vertices[0] = before[0].replaced(reduced, pick(reduction.kept[0]));
        self.vertices[1] = before[1].replaced(edge, pick(reduction.kept[1]));
        self.weights = reduction.weights;
        self.count = reduction.count;
    }

    /// The scalar `reduce_segment`'s region on slots 0 and 1 of every lane.
    #[inline(always)]
    fn segment_choice(&self) -> Choice<F> {
        let zero = F::zero();
        let (w1, w2) = (self.vertices[0].w, self.vertices[1].w);
        let e12 = w2 - w1;
        let u1 = w2.dot(e12);
        let u2 = negate(w1.dot(e12));
        let has_length = greater(u1 + u2, zero);
        let first = at_most(u2, zero) | !has_length;
        let second = at_most(u1, zero);
        Choice::edge([0.0, 1.0], u1, u2)
            .replaced(second, Choice::vertex(1.0))
            .replaced(first, Choice::vertex(0.0))
    }

    /// The scalar `reduce_triangle`'s region on the three slots of every lane, and the
    /// interior weights (used where no region test holds).
    #[inline(always)]
    fn triangle_choice(&self) -> (Choice<F>, [F; 3]) {
        let zero = F::zero();
        let (w1, w2, w3) = (self.vertices[0].w, self.vertices[1].w, self.vertices[2].w);
        let e12 = w2 - w1;
        let e13 = w3 - w1;
        let e23 = w3 - w2;
        let u12_1 = w2.dot(e12);
        let u12_2 = negate(w1.dot(e12));
        let u13_1 = w3.dot(e13);
        let u13_2 = negate(w1.dot(e13));
        let u23_1 = w3.dot(e23);
        let u23_2 = negate(w2.dot(e23));
        // The scalar kernel's sub-areas, orientation and interior weights.
        let n = signed_area_from_shortest_edges(e12, e13, e23);
        let orientation = select(
            greater(n, zero),
            F::one(),
            select(greater(zero, n), negate(F::one()), n * zero),
        );
        let (c1, c2, c3) = (w2.cross(w3), w3.cross(w1), w1.cross(w2));
        let (t1, t2, t3) = (orientation * c1, orientation * c2, orientation * c3);

        let sum = c1 + c2 + c3;
        let positive = greater(orientation * sum, zero);
        let third = F::one() / (F::lit(2.0) + F::one());
        let interior_weights = [c1, c2, c3].map(|c| select(positive, c / sum, third));
        // The scalar chain's tests, in its order; blended from the last to the first
        // so that the first test that holds decides.
        let regions = [
            (
                at_most(u12_2, zero) & at_most(u13_2, zero),
                Choice::vertex(0.0),
            ),
            (
                greater(u12_1, zero) & greater(u12_2, zero) & at_most(t3, zero),
                Choice::edge([0.0, 1.0], u12_1, u12_2),
            ),
            (
                greater(u13_1, zero) & greater(u13_2, zero) & at_most(t2, zero),
                Choice::edge([0.0, 2.0], u13_1, u13_2),
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
                Choice::edge([1.0, 2.0], u23_1, u23_2),
            ),
        ];
        let choice = regions
            .iter()
            .rev()
            .fold(Choice::interior(), |chosen, (test, region)| {
                chosen.replaced(*test, *region)
            });
        (choice, interior_weights)
    }

    /// The witness points on A and B: the weighted sums over the vertices in use.
    pub fn witness_points(&self) -> (Vec2Lanes<F>, Vec2Lanes<F>) {
        let mut witness_a = Vec2Lanes::zero();
        let mut witness_b = Vec2Lanes::zero();
        for (slot, (vertex, weight)) in self.vertices.iter().zip(self.weights).enumerate() {
            let in_use = greater(self.count, F::lit(slot as f64));
            witness_a = witness_a.replaced(in_use, witness_a + vertex.witness_a.scale(weight));
            witness_b = witness_b.replaced(in_use, witness_b + vertex.witness_b.scale(weight));
        }
        (witness_a, witness_b)
    }
}

/// The scalar kernel's triangle orientation: the cross product of the two shortest
/// edges, chosen by the same comparisons.
#[inline(always)]
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
#[inline(always)]
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
