//! The expanding polytope algorithm (EPA) in 2D: how deep two overlapping cores are.
//!
//! When GJK stops with the origin inside (or on) the Minkowski difference `D = B - A`
//! of the cores, the smallest translation that separates them is the point `p` of
//! D's boundary nearest the origin: B moved by `-p` just touches A. EPA finds `p` by
//! growing a convex polygon inside D from GJK's last simplex:
//!
//! ```text
//! polytope = GJK's simplex, grown to a counter-clockwise triangle around the origin
//! loop:
//!     e = the polytope edge nearest the origin: outward unit normal m, distance d = m.v
//!     w = support point of D along m (s = m.w >= d: D reaches at least that far)
//!     s - d small (relative to the shapes), or w's features already a vertex
//!         -> p = foot of the origin on e: depth d, B moves by d along -m
//!     insert w between e's ends (the polygon stays convex: w is D's extreme along m)
//! ```
//!
//! `d` only grows and `s` bounds the depth from above, so the gap `s - d` is the error
//! of the answer. On polytopes the loop ends exactly, when the support vertex along a
//! face normal is already a vertex of that face; smooth shapes end on the relative
//! gap. The polygon lives in a fixed array of [`CAPACITY`] vertices. When it fills
//! (curved `f64` shapes, whose faces converge slowly, and polygons with many sides),
//! the answer is bounded from both sides:
//!
//! ```text
//! upper bound U = the local minimum of D's support function near the nearest face
//!                 (first_bound), then every smaller support value EPA meets
//! prune:   faces at least U away (less the slack) are closed; a vertex between two
//!          closed faces is dropped, which frees room to grow the open faces
//! ends:    the nearest open face meets U -> U is the answer, converged
//!          nothing to drop, or SUPPORT_BUDGET spent -> the best local minimum from
//!          the open faces (improve_bound), reported as MaxIterations
//! ```

use crate::dim2::simplex::Simplex;
use crate::kernel::epa::{
    self as certificate, DifferencePoint, REFINE_STEPS, slack, support_budget,
};
use crate::kernel::simplex::{SimplexVertex, made_of};
use crate::kernel::{Deepest, EpaEnd, PlanePair};
use crate::{FeatureId, Scalar, Vec2};

/// Most vertices the polytope holds: 3 from GJK and up to 29 added. Two octagons need
/// at most 16 (the vertices of their Minkowski difference); smooth shapes gain about
/// two bits of depth per added vertex once the face is near (the gap shrinks with the
/// square of the angle between support directions), so `f64` ellipses converge well
/// within it.
pub(crate) const CAPACITY: usize = 64;

// `improve_bound` numbers the faces in bytes.
const _: () = assert!(CAPACITY <= 256);

/// The deepest point found, in A's frame.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Penetration<S> {
    /// Unit normal from A to B: moving B by `depth` along it separates the cores.
    pub normal: Vec2<S>,
    /// How far the cores overlap along `normal` (zero when they only touch).
    pub depth: S,
    /// The deepest point of A's core.
    pub core_a: Vec2<S>,
    /// The deepest point of B's core: `core_a - depth * normal`.
    pub core_b: Vec2<S>,
    /// The polytope vertices of the face the answer lies on, for feature ids.
    pub face: [PolytopeVertex<S>; 2],
    /// Support calls made by EPA.
    pub iterations: u32,
    pub end: EpaEnd,
}

/// A polytope vertex: the support points that made it, their difference (the point
/// of `D`) and their features. Smaller than a simplex vertex, which also keeps the
/// search direction: the polytope holds many.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PolytopeVertex<S> {
    pub witness_a: Vec2<S>,
    pub witness_b: Vec2<S>,
    pub w: Vec2<S>,
    pub feature_a: FeatureId,
    pub feature_b: FeatureId,
}

impl<S: Scalar> Penetration<S> {
    /// The answer as the shared `penetration` takes it (without the face, which only
    /// the plane's manifold reads).
    #[inline]
    pub(crate) fn deepest(&self) -> Deepest<S, Vec2<S>> {
        Deepest {
            normal: self.normal,
            depth: self.depth,
            core_a: self.core_a,
            iterations: self.iterations,
            end: self.end,
        }
    }
}

impl<S: Scalar> PolytopeVertex<S> {
    fn from_simplex(vertex: &SimplexVertex<S>) -> Self {
        Self {
            witness_a: vertex.witness_a,
            witness_b: vertex.witness_b,
            w: vertex.w,
            feature_a: vertex.feature_a,
            feature_b: vertex.feature_b,
        }
    }

    /// Whether the vertex was made from the same two polytope features (never for
    /// smooth features, whose points move with the direction).
    fn same_features(&self, feature_a: FeatureId, feature_b: FeatureId) -> bool {
        made_of((self.feature_a, self.feature_b), feature_a, feature_b)
    }
}

impl<S: Scalar> DifferencePoint<Vec2<S>> for PolytopeVertex<S> {
    #[inline]
    fn w(&self) -> Vec2<S> {
        self.w
    }
}

/// A support direction bounding the depth from above (see `kernel/epa.rs`).
type Refined<S> = certificate::Refined<S, Vec2<S>, PolytopeVertex<S>>;

/// One polytope edge, from vertex `i` to `i + 1`: outward unit normal and distance
/// from the origin.
///
/// The distance is that of the edge's line (negative if the origin is outside it by
/// rounding) when the origin's foot on the line lies on the edge, and that of the
/// nearer end otherwise. Around the origin both are the same. They differ on the
/// sliver triangles GJK ends with when the shapes barely touch along a flat part of
/// their difference: every edge line of such a triangle passes within a hair of the
/// origin, and the line distance can choose an edge whose foot lies far beyond its
/// ends, which puts the witness points 3e-4 of the size off the surfaces (found by the
/// oracle tests).
#[derive(Clone, Copy, Debug)]
struct Face<S> {
    normal: Vec2<S>,
    distance: S,
}

/// The polygon EPA grows, counter-clockwise, with the face data of each edge.
struct Polytope<S> {
    vertices: [PolytopeVertex<S>; CAPACITY],
    faces: [Face<S>; CAPACITY],
    count: usize,
}

impl<S: Scalar> Polytope<S> {
    /// The face of the edge from `start` to `end`; an edge too short to have a normal
    /// is infinitely far, so it is never chosen.
    fn face(start: Vec2<S>, end: Vec2<S>) -> Face<S> {
        let edge = end - start;
        match (-edge.perp()).normalize() {
            Some(normal) => {
                let nearer = if start.length_squared() <= end.length_squared() {
                    start
                } else {
                    end
                };
                // The foot is on the edge when the origin projects between the ends:
                // `start.edge <= 0 <= end.edge`.
                let foot_on_edge = start.dot(edge) <= S::ZERO && end.dot(edge) >= S::ZERO;
                let distance = if foot_on_edge {
                    // The shorter end gives the smaller rounding (as in the simplex).
                    normal.dot(nearer)
                } else {
                    nearer.length()
                };
                Face { normal, distance }
            }
            None => Face {
                normal: Vec2::ZERO,
                distance: S::infinity(),
            },
        }
    }

    /// Recomputes the face of the edge leaving vertex `index`.
    fn update_face(&mut self, index: usize) {
        let next = if index + 1 == self.count {
            0
        } else {
            index + 1
        };
        self.faces[index] = Self::face(self.vertices[index].w, self.vertices[next].w);
    }

    /// The index of the face nearest the origin.
    fn nearest_face(&self) -> usize {
        let mut best = 0;
        for index in 1..self.count {
            if self.faces[index].distance < self.faces[best].distance {
                best = index;
            }
        }
        best
    }

    /// Inserts `vertex` after `index` (splitting that face in two). The caller keeps
    /// `count < CAPACITY`.
    fn insert_after(&mut self, index: usize, vertex: PolytopeVertex<S>) {
        let at = index + 1;
        let mut slot = self.count;
        while slot > at {
            self.vertices[slot] = self.vertices[slot - 1];
            self.faces[slot] = self.faces[slot - 1];
            slot -= 1;
        }
        self.vertices[at] = vertex;
        self.count += 1;
        self.update_face(index);
        self.update_face(at);
    }

    /// Whether a vertex made from these polytope features is already present.
    fn contains_features(&self, feature_a: FeatureId, feature_b: FeatureId) -> bool {
        self.vertices[..self.count]
            .iter()
            .any(|vertex| vertex.same_features(feature_a, feature_b))
    }

    /// Closes every face whose distance is at least `bound` (it becomes infinitely far,
    /// never chosen again) and drops each vertex between two closed faces whose chord
    /// keeps the origin strictly inside; whether a vertex was dropped.
    ///
    /// Why this is sound: the ray from the origin along the deepest direction crosses
    /// the polytope (which lies inside `D`) through some face, at a distance of at least
    /// that face's and at most the depth. A face at least as far as an answer already
    /// found (`bound`: that answer's depth less the loop's slack) cannot hold a better
    /// one, and neither can a chord over several such faces: the open faces keep their
    /// ends, so their cones, and the argument, are unchanged. Keeping the origin inside
    /// keeps the cones a partition of the directions.
    fn prune(&mut self, bound: S) -> bool {
        for face in &mut self.faces[..self.count] {
            if face.distance >= bound {
                face.distance = S::infinity();
            }
        }
        let closed = |face: &Face<S>| face.distance == S::infinity();
        let mut dropped = false;
        let mut index = 0;
        while index < self.count && self.count > 3 {
            let previous = if index == 0 {
                self.count - 1
            } else {
                index - 1
            };
            let next = if index + 1 == self.count {
                0
            } else {
                index + 1
            };
            let (before, after) = (self.vertices[previous].w, self.vertices[next].w);
            // The origin strictly left of the chord `before -> after` (counter-clockwise).
            let origin_inside = (after - before).cross(-before) > S::ZERO;
            if closed(&self.faces[previous]) && closed(&self.faces[index]) && origin_inside {
                // The face leaving `previous` now ends at `next`; it stays closed.
                for slot in index..self.count - 1 {
                    self.vertices[slot] = self.vertices[slot + 1];
                    self.faces[slot] = self.faces[slot + 1];
                }
                self.count -= 1;
                dropped = true;
            } else {
                index += 1;
            }
        }
        dropped
    }

    /// The largest vertex length: the scale of the rounding.
    fn max_vertex_length(&self) -> S {
        self.vertices[..self.count]
            .iter()
            .fold(S::ZERO, |largest, vertex| {
                largest.max(vertex.w.length_squared())
            })
            .square_root()
    }
}

/// D's support point along `direction` (the pair supports along the opposite).
#[inline]
fn support_along<S: Scalar, D: PlanePair<S> + ?Sized>(
    pair: &D,
    direction: Vec2<S>,
) -> PolytopeVertex<S> {
    PolytopeVertex::from_simplex(&pair.support(-direction))
}

/// Runs EPA from the simplex GJK ended with (the origin in or on it).
pub(crate) fn expand<S: Scalar, D: PlanePair<S> + ?Sized>(
    pair: &D,
    simplex: &Simplex<S>,
) -> Penetration<S> {
    let first = PolytopeVertex::from_simplex(&simplex.vertices[0]);
    let mut polytope = Polytope {
        vertices: [first; CAPACITY],
        faces: [Face {
            normal: Vec2::ZERO,
            distance: S::infinity(),
        }; CAPACITY],
        count: 0,
    };
    for vertex in simplex.vertices() {
        polytope.vertices[polytope.count] = PolytopeVertex::from_simplex(vertex);
        polytope.count += 1;
    }
    let mut iterations = 0;
    if let Some(end) = grow_to_triangle(pair, &mut polytope, &mut iterations) {
        return flat_answer(&polytope, iterations, end);
    }
    // Counter-clockwise: swap the last two if the triangle turns clockwise.
    let [w0, w1, w2] = [0, 1, 2].map(|index| polytope.vertices[index].w);
    if (w1 - w0).cross(w2 - w0) < S::ZERO {
        polytope.vertices.swap(1, 2);
    }
    for index in 0..3 {
        polytope.update_face(index);
    }

    // Once the polytope has filled, the best support direction found so far: its
    // depth bounds the answer from above, as the nearest face bounds it from below.
    let mut bound: Option<Refined<S>> = None;
    // Whether the loop ended on the bound: no open face could beat it.
    let mut met_bound = false;
    let mut scale = S::ZERO;
    let end = loop {
        let nearest = polytope.nearest_face();
        let face = polytope.faces[nearest];
        if let Some(found) = bound
            && face.distance >= found.depth - slack(found.depth, scale)
        {
            // No face left can beat the answer found: converged from both sides.
            met_bound = true;
            break EpaEnd::Converged;
        }
        if polytope.count == CAPACITY {
            if iterations >= SUPPORT_BUDGET {
                break EpaEnd::MaxIterations;
            }
            let found = match bound {
                Some(found) => found,
                None => {
                    scale = polytope.max_vertex_length();
                    match first_bound(pair, face.normal, &mut iterations) {
                        Some(found) => found,
                        None => break EpaEnd::InvalidInput,
                    }
                }
            };
            bound = Some(found);
            if !polytope.prune(found.depth - slack(found.depth, scale)) {
                break EpaEnd::MaxIterations;
            }
            continue;
        }
        let vertex = support_along(pair, face.normal);
        iterations += 1;
        if !vertex.w.is_finite() {
            break EpaEnd::InvalidInput;
        }
        let reach = face.normal.dot(vertex.w);
        // `reach - distance` bounds the error of the depth.
        if reach - face.distance <= slack(reach, polytope.max_vertex_length())
            || polytope.contains_features(vertex.feature_a, vertex.feature_b)
        {
            break EpaEnd::Converged;
        }
        if let Some(found) = &mut bound {
            found.keep_least(face.normal, vertex);
        }
        polytope.insert_after(nearest, vertex);
    };
    if end == EpaEnd::InvalidInput {
        return flat_answer(&polytope, iterations, end);
    }
    if end == EpaEnd::MaxIterations
        && let Some(found) = &mut bound
    {
        improve_bound(
            pair,
            &polytope,
            found,
            &|depth| slack(depth, scale),
            &mut iterations,
        );
    }
    let nearest = polytope.nearest_face();
    let next = if nearest + 1 == polytope.count {
        0
    } else {
        nearest + 1
    };
    let (start, finish) = (polytope.vertices[nearest], polytope.vertices[next]);
    let face = polytope.faces[nearest];
    // The bound is the answer when no face can beat it, and the best values found when
    // the budget ran out: moving B by its depth along its normal separates the cores,
    // and its witnesses lie on them (the nearest face's chord lies inside curved
    // shapes).
    if let Some(found) = bound
        && (end == EpaEnd::MaxIterations || met_bound)
    {
        return Penetration {
            normal: -found.normal,
            depth: found.depth.max(S::ZERO),
            core_a: found.deepest.witness_a,
            core_b: found.deepest.witness_b,
            face: [start, finish],
            iterations,
            end,
        };
    }
    let edge = finish.w - start.w;
    // The foot of the origin on the face, as a fraction along it.
    let along = -start.w.dot(edge) / edge.length_squared();
    let t = along.max(S::ZERO).min(S::ONE);
    Penetration {
        normal: -face.normal,
        depth: face.distance.max(S::ZERO),
        core_a: start.witness_a.lerp(finish.witness_a, t),
        core_b: start.witness_b.lerp(finish.witness_b, t),
        face: [start, finish],
        iterations,
        end,
    }
}

/// Most support calls EPA makes (see [`support_budget`]).
const SUPPORT_BUDGET: u32 = support_budget(CAPACITY);

/// The best values EPA can give when it cannot certify them: the certificate's
/// [`improve_bound`](certificate::improve_bound) over every face of the polygon.
fn improve_bound<S: Scalar, D: PlanePair<S> + ?Sized>(
    pair: &D,
    polytope: &Polytope<S>,
    bound: &mut Refined<S>,
    slack: &impl Fn(S) -> S,
    iterations: &mut u32,
) {
    let mut order = [0_u8; CAPACITY];
    for (slot, index) in order.iter_mut().zip(0..) {
        *slot = index;
    }
    certificate::improve_bound(
        &mut order[..polytope.count],
        |index| {
            let face = polytope.faces[usize::from(index)];
            (face.normal, face.distance)
        },
        bound,
        slack,
        |normal| first_bound(pair, normal, iterations),
    );
}

/// The first upper bound of the depth, once the polytope has filled: the local minimum
/// of `D`'s support function near the nearest face (its outward normal `normal`), to
/// the precision of `S` where it is found within [`REFINE_STEPS`] support calls, and
/// the smallest value seen otherwise. `None` when a support point is not finite.
///
/// The full polytope places a face to about `R (pi / 64)^2` (`f64` curved shapes),
/// far above `f64` epsilon, and a tight bound lets the pruning close all but the
/// faces near the answer. It is only a bound: the support function can have several
/// local minima (a point near the centre of a nearly round ellipse is nearly as deep
/// every way), and the one near the nearest face need not be the least. Refining
/// from that face alone, and calling it converged, can answer 5e-4 of the size too
/// deep (found by fuzzing `project_point` on an ellipse against its closed form); the
/// pruned polytope certifies the answer from below.
///
/// The depth is the minimum over unit directions `u` of the support function
/// `h(u) = u . p(u)`, with `p(u)` the support point. Along the directions
/// `u(t) = normalize(m + t perp(m))` the derivative of `h` is proportional to
/// `g = perp(u) . p(u)`, the support point's offset across `u`: a minimum is where the
/// support point lies straight along `u`. Secant steps on `g` from `t = 0` (the first
/// one taking the curvature as twice the depth), each step limited to a tenth of a
/// radian, keep the direction of the smallest `h` seen. They stop when
/// `|g| <= GJK_RELATIVE_GAP |p|` (the support point lies along `u` to the relative
/// gap), when `g` stops growing along the steps (no smooth minimum here: a flat side
/// of `D`), or after [`REFINE_STEPS`] support calls.
fn first_bound<S: Scalar, D: PlanePair<S> + ?Sized>(
    pair: &D,
    normal: Vec2<S>,
    iterations: &mut u32,
) -> Option<Refined<S>> {
    let across = normal.perp();
    let probe = |offset: S, iterations: &mut u32| {
        let direction = (normal + across * offset).normalize()?;
        let deepest = support_along(pair, direction);
        *iterations += 1;
        deepest.w.is_finite().then_some((direction, deepest))
    };
    let (direction, deepest) = probe(S::ZERO, iterations)?;
    let mut best = Refined::new(direction, deepest);
    let converged = |direction: Vec2<S>, point: Vec2<S>| {
        direction.perp().dot(point).abs() <= S::GJK_RELATIVE_GAP * point.length()
    };
    if converged(direction, deepest.w) {
        return Some(best);
    }
    let largest_step = S::from_f64(0.1);
    let clamp = |step: S| step.max(-largest_step).min(largest_step);
    let mut previous = (S::ZERO, direction.perp().dot(deepest.w));
    let mut offset = clamp(-previous.1 / best.depth.max(S::EPS));
    for _ in 1..REFINE_STEPS {
        let (direction, deepest) = probe(offset, iterations)?;
        best.keep_least(direction, deepest);
        // `g` grows through the minimum; anything else is no smooth minimum.
        let slope_across = direction.perp().dot(deepest.w);
        let rise = slope_across - previous.1;
        let run = offset - previous.0;
        // Written so that NaN fails it.
        let growing = rise * run > S::ZERO;
        if converged(direction, deepest.w) || !growing {
            break;
        }
        previous = (offset, slope_across);
        offset = offset + clamp(-slope_across * run / rise);
    }
    Some(best)
}

/// Grows GJK's point or segment to a triangle around the origin by support points
/// along new directions. `Some` when `D` has no area (a point or a segment) or a
/// support point is not finite: then there is no triangle to expand.
fn grow_to_triangle<S: Scalar, D: PlanePair<S> + ?Sized>(
    pair: &D,
    polytope: &mut Polytope<S>,
    iterations: &mut u32,
) -> Option<EpaEnd> {
    // A second vertex: the farthest of the support points along the axes.
    if polytope.count == 1 {
        let origin_vertex = polytope.vertices[0].w;
        let mut best = polytope.vertices[0];
        let mut best_gap = S::ZERO;
        for direction in [Vec2::X, -Vec2::X, Vec2::Y, -Vec2::Y] {
            let vertex = support_along(pair, direction);
            *iterations += 1;
            if !vertex.w.is_finite() {
                return Some(EpaEnd::InvalidInput);
            }
            let gap = (vertex.w - origin_vertex).length_squared();
            if gap > best_gap {
                best = vertex;
                best_gap = gap;
            }
        }
        let scale = origin_vertex.length_squared().max(best.w.length_squared());
        if best_gap <= S::GJK_TOUCHING * S::GJK_TOUCHING * scale {
            return Some(EpaEnd::Flat);
        }
        polytope.vertices[1] = best;
        polytope.count = 2;
    }
    // A third: the support point on the side of the segment D reaches farther.
    if polytope.count == 2 {
        let (w0, w1) = (polytope.vertices[0].w, polytope.vertices[1].w);
        let Some(side) = (w1 - w0).perp().normalize() else {
            return Some(EpaEnd::Flat);
        };
        let left = support_along(pair, side);
        let right = support_along(pair, -side);
        *iterations += 2;
        if !(left.w.is_finite() && right.w.is_finite()) {
            return Some(EpaEnd::InvalidInput);
        }
        let (left_reach, right_reach) = (side.dot(left.w - w0), -side.dot(right.w - w0));
        let (vertex, reach) = if left_reach >= right_reach {
            (left, left_reach)
        } else {
            (right, right_reach)
        };
        let scale = w0.length().max(w1.length());
        if reach <= S::GJK_TOUCHING * scale {
            return Some(EpaEnd::Flat);
        }
        polytope.vertices[2] = vertex;
        polytope.count = 3;
    }
    None
}

/// The answer when there is no polygon to expand: a flat `D` (the origin on it, the
/// depth zero, the normal across the segment) or invalid input.
fn flat_answer<S: Scalar>(polytope: &Polytope<S>, iterations: u32, end: EpaEnd) -> Penetration<S> {
    let (start, finish) = (polytope.vertices[0], polytope.vertices[1]);
    let across = if polytope.count >= 2 {
        (finish.w - start.w).perp().normalize()
    } else {
        None
    };
    // The origin's foot on the segment (or the point) carries the witness points.
    let edge = finish.w - start.w;
    let t = if polytope.count >= 2 && edge.length_squared() > S::ZERO {
        (-start.w.dot(edge) / edge.length_squared())
            .max(S::ZERO)
            .min(S::ONE)
    } else {
        S::ZERO
    };
    Penetration {
        normal: across.unwrap_or(Vec2::X),
        depth: S::ZERO,
        core_a: start.witness_a.lerp(finish.witness_a, t),
        core_b: start.witness_b.lerp(finish.witness_b, t),
        face: [start, finish],
        iterations,
        end,
    }
}
