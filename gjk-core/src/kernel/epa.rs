//! What both dimensions' EPA share: the certificate of a depth the polytope cannot
//! reach exactly.
//!
//! On curved shapes the faces of EPA's polytope close in on the answer only slowly,
//! and a polytope of fixed capacity fills before its nearest face meets the support
//! function. Each dimension's EPA (`dim2/epa.rs`, `dim3/epa.rs`) then bounds the
//! depth from both sides:
//!
//! - from below by the nearest face of the polytope (the polytope lies inside the
//!   Minkowski difference `D`, and its faces cover every direction from the origin);
//! - from above by a [`Refined`] support direction: `D` reaches `depth` along
//!   `normal`, so moving B by `depth` that way separates the shapes. Each dimension
//!   finds a first one by refining the nearest face's normal towards a local minimum
//!   of `D`'s support function (`first_bound`: secant steps on a circle of
//!   directions in the plane, quasi-Newton steps on the sphere in space), then keeps
//!   every smaller support value it meets.
//!
//! Faces the upper bound rules out (at least the bound away, less [`slack`]) are
//! closed, which frees room to grow the others; the answer is certified when no open
//! face can beat the bound. When the room or the [`support_budget`] runs out first,
//! [`improve_bound`] takes the least of the local minima found from every face that
//! could still hold a smaller one, and the query reports that its answer, an upper
//! bound of the depth, is not certified.

use core::cmp::Ordering;

use crate::Scalar;
use crate::space::Space;

/// A polytope vertex as the certificate reads it: its point of `D = B - A`.
pub(crate) trait DifferencePoint<V> {
    /// The point of `D`.
    fn w(&self) -> V;
}

/// A support direction of `D`: outward unit normal, the depth along it (an upper
/// bound of the answer: `D` reaches that far that way) and `D`'s support point there,
/// a polytope vertex `P` with its witnesses.
#[derive(Clone, Copy)]
pub(crate) struct Refined<S, V, P> {
    pub(crate) normal: V,
    pub(crate) depth: S,
    pub(crate) deepest: P,
}

impl<S: Scalar, V: Space<Scalar = S>, P: DifferencePoint<V> + Copy> Refined<S, V, P> {
    /// The support direction `normal` with `D`'s support point `deepest` there.
    #[inline]
    pub(crate) fn new(normal: V, deepest: P) -> Self {
        Self {
            normal,
            depth: normal.dot(deepest.w()),
            deepest,
        }
    }

    /// Takes the support direction `normal`, with `D`'s support point `deepest` there,
    /// if `D` reaches less far that way; the depth along it.
    #[inline]
    pub(crate) fn keep_least(&mut self, normal: V, deepest: P) -> S {
        let depth = normal.dot(deepest.w());
        if depth < self.depth {
            *self = Refined {
                normal,
                depth,
                deepest,
            };
        }
        depth
    }
}

/// The error a depth may keep: relative to the depth, with the touching margin of GJK
/// (relative to the shapes' size, `scale`) for depths near zero, where a relative gap
/// alone could never be met.
#[inline]
pub(crate) fn slack<S: Scalar>(depth: S, scale: S) -> S {
    S::GJK_RELATIVE_GAP * depth.abs() + S::GJK_TOUCHING * scale
}

/// Most support calls EPA makes on a polytope of `capacity` vertices, not counting
/// the refinements of [`improve_bound`]: twelve per vertex. The full polytope is
/// pruned and grown again until the nearest face meets the bound; where the deepest
/// direction is ill-conditioned, many faces stay open at every step. In the plane,
/// in `f64`, a point 4e-3 of the size from the centre of an ellipse whose axes differ
/// by 0.3 % takes 356 calls, 517 at its centre, 655 a point 1e-3 from the centre of a
/// circle given as an ellipse (`f32` takes about 40 % of these); two ellipses 2:1 at
/// the same place take 96. A point at the very centre of a circle can never be
/// certified (every chord lies inside): it ends at this budget with the exact depth.
pub(crate) const fn support_budget(capacity: usize) -> u32 {
    12 * capacity as u32
}

/// Most support calls a dimension's `first_bound` makes in its quasi-Newton or secant
/// steps: from a full polytope's face the steps converge superlinearly, and two
/// curved `f64` ellipses at the same place take four.
pub(crate) const REFINE_STEPS: u32 = 12;

/// The best values EPA can give when it cannot certify them (the polytope full and
/// every face open, or the budget spent): the least of the local minima found by
/// `first_bound` from each face that could still hold a smaller one, nearest first.
///
/// `faces` numbers the candidate faces (as bytes: a firmware's stack holds the
/// polytope too), `face` gives a face's outward unit normal and distance from the
/// origin, and `first_bound` refines a normal to a local minimum (`None` when a
/// support point is not finite, which ends the search).
///
/// Near the centre of a nearly round shape every face stays open (each chord sags
/// more than the depth varies), and the bound from the nearest face alone can lie in
/// the shallower of two dips of the support function: 2 % of the size too deep in
/// random points near the centres of ellipses flattened by 1e-7 to 0.1. The answer
/// stays an upper bound of the depth, and the status says it is not certified.
pub(crate) fn improve_bound<S, V, P>(
    faces: &mut [u8],
    face: impl Fn(u8) -> (V, S),
    bound: &mut Refined<S, V, P>,
    slack: impl Fn(S) -> S,
    mut first_bound: impl FnMut(V) -> Option<Refined<S, V, P>>,
) where
    S: Scalar,
    V: Space<Scalar = S>,
    P: DifferencePoint<V> + Copy,
{
    faces.sort_unstable_by(|first, second| {
        face(*first)
            .1
            .partial_cmp(&face(*second).1)
            .unwrap_or(Ordering::Equal)
    });
    for &index in faces.iter() {
        let (normal, distance) = face(index);
        if distance >= bound.depth - slack(bound.depth) {
            return;
        }
        match first_bound(normal) {
            Some(found) if found.depth < bound.depth => *bound = found,
            Some(_) => {}
            None => return,
        }
    }
}
