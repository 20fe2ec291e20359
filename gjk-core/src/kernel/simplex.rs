//! What the shared GJK loop asks of each dimension's simplex: its vertices
//! ([`SimplexVertex`]) and its solver ([`GjkSimplex`]). The plane's simplex is in
//! `dim2/simplex.rs`, space's in `dim3/simplex.rs`.
//!
//! Every vertex is a point `w = b - a` of the Minkowski difference `B - A` of the two
//! cores, expressed in A's local frame, with the support points `a` and `b` that made
//! it. The simplex is origin-relative by construction: the origin is the query point.

use core::marker::PhantomData;

use crate::kernel::MinkowskiDifference;
use crate::{FeatureId, Scalar, SimplexCache, Space, Vec2};

/// One vertex of the simplex, in the space `V` (the plane by default).
#[derive(Clone, Copy, Debug)]
pub struct SimplexVertex<S, V = Vec2<S>> {
    /// Support point of A's core (A's frame).
    pub witness_a: V,
    /// Support point of B's core (A's frame).
    pub witness_b: V,
    /// `witness_b - witness_a`: the Minkowski-difference point.
    pub w: V,
    /// The direction (A's frame) along which A was supported to make this vertex; B was
    /// supported along its opposite. Kept for warm starts of smooth shapes.
    pub direction: V,
    /// The feature of A the support point lies on.
    pub feature_a: FeatureId,
    /// The feature of B the support point lies on.
    pub feature_b: FeatureId,
    /// The scalar type, which `V` carries.
    scalar: PhantomData<S>,
}

impl<S: Scalar, V: Space<Scalar = S>> SimplexVertex<S, V> {
    /// A vertex from its two support points.
    #[inline]
    pub fn new(
        witness_a: V,
        witness_b: V,
        direction: V,
        feature_a: FeatureId,
        feature_b: FeatureId,
    ) -> Self {
        Self {
            witness_a,
            witness_b,
            w: witness_b - witness_a,
            direction,
            feature_a,
            feature_b,
            scalar: PhantomData,
        }
    }

    /// Multiplies the vertex's points by `factor`, a power of two (exact; the support
    /// direction is kept, as only its direction matters).
    #[inline]
    pub fn scale(&mut self, factor: S) {
        self.witness_a = self.witness_a * factor;
        self.witness_b = self.witness_b * factor;
        self.w = self.w * factor;
    }

    /// Whether the vertex was made from the same two polytope features. Smooth
    /// features never match: their points move continuously with the direction.
    #[inline]
    pub fn same_features(&self, feature_a: FeatureId, feature_b: FeatureId) -> bool {
        made_of((self.feature_a, self.feature_b), feature_a, feature_b)
    }
}

/// Whether a point made from the features `made` (A's, B's) was made from the same
/// two polytope features as `feature_a` and `feature_b`: what the GJK loops and EPA
/// take as "this support point is already here". Smooth features never match: their
/// points move continuously with the direction.
#[inline]
pub(crate) fn made_of(
    made: (FeatureId, FeatureId),
    feature_a: FeatureId,
    feature_b: FeatureId,
) -> bool {
    made.0 == feature_a && made.1 == feature_b && !feature_a.is_smooth() && !feature_b.is_smooth()
}

/// A GJK simplex of the space `V` and its solver: what the shared loop (`gjk.rs`)
/// asks of each dimension's simplex. The plane's is [`Simplex`](crate::dim2::simplex::Simplex) (one to three
/// vertices, Box2D's regions, `dim2/simplex.rs`); 3D's holds one to four (`dim3/simplex.rs`).
pub trait GjkSimplex<S, V: Space<Scalar = S>>: Copy {
    /// What [`reduce`](Self::reduce) decided, kept until [`apply`](Self::apply)ed.
    type Reduction: Copy;
    /// The starting simplex of `pair` (see `gjk::seed`): the cached vertices when
    /// there are any, otherwise one support point along `offset` (or the first axis
    /// when it is zero). Each dimension's simplex builds it with its own constructor,
    /// in the caller's frame: through a generic one the compiler copied the simplex out
    /// with a `memcpy` (5 % of a warm-started 2D query's instructions).
    fn seeded<D>(pair: &D, offset: V, cache: Option<&SimplexCache<S, V>>) -> Self
    where
        D: MinkowskiDifference<S, V, Simplex = Self> + ?Sized;
    /// Appends a vertex (callers keep the simplex short of full before a push).
    fn push(&mut self, vertex: SimplexVertex<S, V>);
    /// Removes the vertex added last.
    fn pop(&mut self);
    /// The vertices in use, oldest first.
    fn vertex_iter<'s>(&'s self) -> impl Iterator<Item = &'s SimplexVertex<S, V>>
    where
        S: 's,
        V: 's;
    /// Whether the simplex has as many vertices as the space allows, which it keeps
    /// only around the origin: the cores overlap.
    fn is_full(&self) -> bool;
    /// The largest squared length of a vertex.
    fn max_vertex_length_squared(&self) -> S;
    /// Whether a vertex made from these two polytope features is already present.
    fn contains_features(&self, feature_a: FeatureId, feature_b: FeatureId) -> bool;
    /// Reduces the simplex and returns its closest point to the origin.
    fn solve(&mut self) -> V;
    /// The reduction `solve` would make, without making it.
    fn reduce(&self) -> Self::Reduction;
    /// The reduction of a simplex the loop has just pushed a vertex onto, after
    /// reducing it to its closest point `v` and checking that the new vertex `w`
    /// makes progress (`w . v < v . v`). Then the new closest point is nearer than
    /// `v`, while every point `x` of the old simplex has `x . v >= v . v` (the
    /// optimality of `v`), so it lies on a sub-simplex that holds `w`, and a solver
    /// may skip the others. [`reduce`](Self::reduce) by default.
    #[inline(always)]
    fn reduce_after_push(&self) -> Self::Reduction {
        self.reduce()
    }
    /// Makes a reduction computed by `reduce` on this simplex.
    fn apply(&mut self, reduction: &Self::Reduction);
    /// The closest point a reduction found.
    fn closest_of(reduction: &Self::Reduction) -> V;
    /// Whether a reduction keeps an edge (two vertices).
    fn keeps_edge(reduction: &Self::Reduction) -> bool;
    /// Multiplies every vertex's points by `factor`, a power of two.
    fn scale(&mut self, factor: S);
    /// Moves every vertex's Minkowski point by `offset`: the simplex seen from a query
    /// point that moved by `-offset` (a cast advancing along its ray). The support
    /// points stay as they were made.
    fn shift(&mut self, offset: V);
    /// Undoes every [`shift`](Self::shift): each vertex's Minkowski point computed
    /// again from its support points, exactly as it was made.
    fn unshift(&mut self);
    /// The power of two a loop that ended on this simplex rescales by, if any. With
    /// `from_supports` (the casts), a simplex whose points and `start` are all zero
    /// takes the scale of its support points, upward only.
    fn rescue_factor(&self, start: S, from_supports: bool) -> Option<S>;
    /// The witness points on the two cores (A's frame).
    fn witness_points(&self) -> (V, V);
}
