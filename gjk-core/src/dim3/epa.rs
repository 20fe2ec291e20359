//! The expanding polytope algorithm (EPA) in 3D: how deep two overlapping cores are.
//!
//! The plane's algorithm (`dim2/epa.rs`) with a polytope of triangles. When GJK stops
//! with the origin in (or on) the Minkowski difference `D = B - A` of the cores, the
//! smallest translation that separates them is the point `p` of D's boundary nearest
//! the origin; EPA finds it by growing a convex polytope inside `D` from GJK's last
//! simplex:
//!
//! ```text
//! polytope = GJK's simplex, grown to a tetrahedron around the origin
//! loop:
//!     f = the face nearest the origin: outward unit normal m, distance d
//!     w = support point of D along m (s = m.w >= d: D reaches at least that far)
//!     s - d small (relative to the shapes), or w's features already a vertex
//!         -> p = the point of f nearest the origin: depth d, B moves by d along -m
//!     remove the faces w sees, close the hole with a fan of faces from w to the
//!     hole's rim (the horizon): the polytope stays convex
//! ```
//!
//! Storage is fixed and small-indexed: [`CAPACITY`] vertices and the `2 CAPACITY - 4`
//! triangles a closed polytope of that many vertices has, each face with its three
//! corners and the three faces across its edges as bytes. A vertex is free again once
//! no face uses it (the faces `w` sees can enclose vertices), so the polytope fills
//! only when it holds `CAPACITY` vertices at once.
//!
//! On polytopes the loop ends exactly (the support vertex along a face normal is
//! already a vertex of that face). On curved shapes the faces near the answer close
//! in on it only slowly, and the answer is bounded from both sides, as in the plane
//! (see `dim2/epa.rs` for why a capped polytope alone is not enough):
//!
//! ```text
//! once the polytope cannot grow (full, or a horizon that rounding broke):
//!     upper bound U = the local minimum of D's support function near the nearest
//!                     face (first_bound), then every smaller support value EPA meets
//!     prune:  faces at least U away (less the slack) are closed; a vertex whose faces
//!             are all closed is dropped, its hole closed by a fan that keeps the
//!             origin strictly inside (closed too), which frees room
//! ends:    the nearest open face meets U -> U is the answer, converged
//!          nothing to drop, or SUPPORT_BUDGET spent -> the best local minimum from
//!          the faces that could hold a smaller one (improve_bound), MaxIterations
//! ```
//!
//! A pruned polytope need not be convex, so every new face is checked to keep the
//! origin on its inner side: the faces then still cover each direction from the
//! origin once, which is what the walk over visible faces and the certificate rely on
//! (see `Polytope::prune`). Where the depth varies little around its minimum (deep
//! inside a nearly round shape) the faces near the answer outnumber the polytope even
//! so, and the answer is an honest `MaxIterations` with its upper bound.

use crate::dim3::closest::closest_on_triangle;
use crate::dim3::polytope::{
    CAPACITY, FACE_CAPACITY, Polytope, Vertex, fraction_nearest_origin, triangle_normal,
};
use crate::dim3::simplex::Simplex3;
use crate::kernel::MinkowskiDifference;
use crate::kernel::epa::{
    self as certificate, DifferencePoint, REFINE_STEPS, slack, support_budget,
};
use crate::kernel::simplex::GjkSimplex;
use crate::kernel::{Deepest, EpaEnd};
use crate::{Scalar, Vec3};

/// D's support point along `direction` (the pair supports along the opposite).
#[inline]
fn support_along<S: Scalar, D: MinkowskiDifference<S, Vec3<S>> + ?Sized>(
    pair: &D,
    direction: Vec3<S>,
) -> Vertex<S> {
    Vertex::from_simplex(&pair.support(-direction))
}

/// Most support calls EPA makes before it reports `MaxIterations`, not counting the
/// refinements of the bound (see [`support_budget`]).
const SUPPORT_BUDGET: u32 = support_budget(CAPACITY);

/// Runs EPA from the simplex GJK ended with (the origin in or on it).
pub(crate) fn expand<S, D>(pair: &D, simplex: &Simplex3<S>) -> Deepest<S, Vec3<S>>
where
    S: Scalar,
    D: MinkowskiDifference<S, Vec3<S>, Simplex = Simplex3<S>> + ?Sized,
{
    let mut start = [Vertex::from_simplex(
        &simplex
            .vertex_iter()
            .next()
            .copied()
            .unwrap_or_else(|| pair.support(Vec3::X)),
    ); 4];
    let mut count = 0;
    for (slot, vertex) in start.iter_mut().zip(simplex.vertex_iter()) {
        *slot = Vertex::from_simplex(vertex);
        count += 1;
    }
    let mut iterations = 0;
    if let Err(flat) = grow_to_tetrahedron(pair, &mut start, &mut count, &mut iterations) {
        return flat_answer(&start[..count.max(1)], iterations, flat);
    }
    let mut polytope = Polytope::new();
    polytope.vertices[..4].copy_from_slice(&start);
    polytope.tetrahedron();

    // Once the polytope cannot grow, the best support direction found so far: its
    // depth bounds the answer from above, as the nearest face bounds it from below.
    let mut bound: Option<Refined<S>> = None;
    // Whether the loop ended on the bound: no face could beat it.
    let mut met_bound = false;
    let end = loop {
        let Some(nearest) = polytope.nearest_face() else {
            // Every face closed: none can beat the bound (flat faces cover no
            // directions). With no bound, every face is flat: nothing to expand.
            if bound.is_some() {
                met_bound = true;
                break EpaEnd::Converged;
            }
            break EpaEnd::MaxIterations;
        };
        let face = *polytope.face(nearest);
        let scale = polytope.max_vertex_length();
        if let Some(found) = bound
            && face.distance >= found.depth - slack(found.depth, scale)
        {
            met_bound = true;
            break EpaEnd::Converged;
        }
        if iterations >= SUPPORT_BUDGET {
            break EpaEnd::MaxIterations;
        }
        let vertex = support_along(pair, face.normal);
        iterations += 1;
        if !vertex.w.is_finite() {
            break EpaEnd::InvalidInput;
        }
        let reach = face.normal.dot(vertex.w);
        // `reach - distance` bounds the error of the depth.
        if reach - face.distance <= slack(reach, scale)
            || polytope.contains_features(vertex.feature_a, vertex.feature_b)
        {
            break EpaEnd::Converged;
        }
        if let Some(found) = &mut bound {
            found.keep_least(face.normal, vertex);
        }
        if polytope.insert(vertex, nearest).is_err() {
            // The polytope cannot grow here: bound the answer from above (the first
            // time), close the faces the bound rules out and drop the vertices they
            // enclose, then go on from the nearest open face.
            let found = match bound {
                Some(found) => found,
                None => match first_bound(pair, face.normal, &mut iterations) {
                    Some(mut found) => {
                        found.keep_least(face.normal, vertex);
                        found
                    }
                    None => break EpaEnd::InvalidInput,
                },
            };
            bound = Some(found);
            if !polytope.prune(found.depth - slack(found.depth, scale)) {
                break EpaEnd::MaxIterations;
            }
        }
    };
    if end == EpaEnd::InvalidInput {
        let corners = [start[0]];
        return flat_answer(&corners, iterations, end);
    }
    if end == EpaEnd::MaxIterations {
        let mut found = match bound {
            Some(found) => found,
            None => {
                let normal = polytope
                    .nearest_face()
                    .map_or(Vec3::X, |face| polytope.face(face).normal);
                match first_bound(pair, normal, &mut iterations) {
                    Some(found) => found,
                    None => return flat_answer(&[start[0]], iterations, EpaEnd::InvalidInput),
                }
            }
        };
        let scale = polytope.max_vertex_length();
        improve_bound(pair, &polytope, &mut found, scale, &mut iterations);

        return bound_answer(&found, iterations, end);
    }
    if let Some(found) = bound
        && met_bound
    {
        return bound_answer(&found, iterations, end);
    }
    // Converged on the nearest face: the answer is its point nearest the origin.
    let Some(nearest) = polytope.nearest_face() else {
        return flat_answer(&[start[0]], iterations, EpaEnd::InvalidInput);
    };
    let face = *polytope.face(nearest);
    let corners = face.corners.map(|index| *polytope.vertex(index));
    let foot = closest_on_triangle(corners.map(|corner| corner.w));
    let mut core_a = Vec3::ZERO;
    for (&kept, &weight) in foot.kept.iter().zip(&foot.weights).take(foot.count) {
        core_a += corners[usize::from(kept) % 3].witness_a * weight;
    }
    Deepest {
        normal: -face.normal,
        depth: face.distance.max(S::ZERO),
        core_a,
        iterations,
        end,
    }
}

/// The answer from a support direction: moving B by its depth along its normal
/// separates the cores, and its witnesses lie on them.
fn bound_answer<S: Scalar>(
    found: &Refined<S>,
    iterations: u32,
    end: EpaEnd,
) -> Deepest<S, Vec3<S>> {
    Deepest {
        normal: -found.normal,
        depth: found.depth.max(S::ZERO),
        core_a: found.deepest.witness_a,
        iterations,
        end,
    }
}

impl<S: Scalar> DifferencePoint<Vec3<S>> for Vertex<S> {
    #[inline]
    fn w(&self) -> Vec3<S> {
        self.w
    }
}

/// A support direction bounding the depth from above (see `kernel/epa.rs`).
type Refined<S> = certificate::Refined<S, Vec3<S>, Vertex<S>>;

/// The best values EPA can give when it cannot certify them: the certificate's
/// [`improve_bound`](certificate::improve_bound) over the live faces of the polytope.
fn improve_bound<S: Scalar, D: MinkowskiDifference<S, Vec3<S>> + ?Sized>(
    pair: &D,
    polytope: &Polytope<S>,
    bound: &mut Refined<S>,
    scale: S,
    iterations: &mut u32,
) {
    let mut order = [0_u8; FACE_CAPACITY];
    let mut count = 0;
    for (index, face) in polytope.faces[..polytope.face_end].iter().enumerate() {
        if face.alive && face.distance < S::infinity() {
            order[count] = index as u8;
            count += 1;
        }
    }
    certificate::improve_bound(
        &mut order[..count],
        |index| {
            let face = polytope.face(index);
            (face.normal, face.distance)
        },
        bound,
        |depth| slack(depth, scale),
        |normal| first_bound(pair, normal, iterations),
    );
}

/// A local minimum of `D`'s support function near the direction `normal`, to the
/// precision of `S` where it is found within [`REFINE_STEPS`] support calls (a kink
/// adds at most `2 KINK_STEPS`), and the smallest value seen otherwise. `None` when a
/// support point is not finite.
///
/// The depth is the minimum over unit directions `u` of `h(u) = u . p(u)`, with `p(u)`
/// the support point; its gradient on the sphere is the part of `p(u)` across `u`,
/// `q = p - (u . p) u`, so a minimum is where the support point lies straight along
/// `u`. With `u(t) = normalize(m + t1 e1 + t2 e2)` (`e1`, `e2` across `m = normal`),
/// `g(t) = (e1 . q, e2 . q)` vanishes there. Quasi-Newton steps on `g` (Broyden's
/// update of its Jacobian, first taken as the depth times the identity, as the plane's
/// secant steps start), each limited to a tenth of a radian, keep the direction of the
/// smallest `h` seen. They stop when `|q| <= GJK_RELATIVE_GAP |p|`, when `g` stops
/// growing along the step (no smooth minimum here: a flat side or an edge of `D`), or
/// after [`REFINE_STEPS`] support calls. Unless they converged, the last two support
/// points may straddle a kink, where the support point jumps from one feature to
/// another and the steps stall: [`across_kink`] solves there. When both lie on one
/// vertex of `D` (where `h` is linear), the steps go on, twice as far each time, until
/// another feature takes over.
fn first_bound<S: Scalar, D: MinkowskiDifference<S, Vec3<S>> + ?Sized>(
    pair: &D,
    normal: Vec3<S>,
    iterations: &mut u32,
) -> Option<Refined<S>> {
    let (across, second) = perpendiculars(normal);
    let probe = |offset: [S; 2], iterations: &mut u32| {
        let direction = (normal + across * offset[0] + second * offset[1]).normalize()?;
        let deepest = support_along(pair, direction);
        *iterations += 1;
        deepest.w.is_finite().then_some((direction, deepest))
    };
    // The part of the support point across the direction, in the frame `e1`, `e2`.
    let slope = |direction: Vec3<S>, point: Vec3<S>| {
        let tangential = point - direction * direction.dot(point);
        (
            [across.dot(tangential), second.dot(tangential)],
            tangential.length() <= S::GJK_RELATIVE_GAP * point.length(),
        )
    };
    let (direction, deepest) = probe([S::ZERO; 2], iterations)?;
    let mut best = Refined::new(direction, deepest);
    let (mut gradient, converged) = slope(direction, deepest.w);
    if converged {
        return Some(best);
    }
    // The support points of the last two probes.
    let (mut previous, mut latest) = (deepest, deepest);
    let curvature = best.depth.max(S::EPS);
    // The Jacobian of `g`, by rows.
    let mut jacobian = [[curvature, S::ZERO], [S::ZERO, curvature]];
    let mut offset = [S::ZERO; 2];
    let largest_step = S::from_f64(0.1);
    for _ in 1..REFINE_STEPS {
        let [[j00, j01], [j10, j11]] = jacobian;
        let determinant = j00 * j11 - j01 * j10;
        // Written so that NaN fails it.
        let invertible = determinant.abs() > S::ZERO;
        if !invertible {
            break;
        }
        let mut step = [
            -(j11 * gradient[0] - j01 * gradient[1]) / determinant,
            -(j00 * gradient[1] - j10 * gradient[0]) / determinant,
        ];
        let length = (step[0] * step[0] + step[1] * step[1]).square_root();
        let moves = length > S::ZERO;
        if !moves {
            break;
        }
        if length > largest_step {
            step = step.map(|part| part * (largest_step / length));
        }
        let next = [offset[0] + step[0], offset[1] + step[1]];
        let (direction, deepest) = probe(next, iterations)?;
        best.keep_least(direction, deepest);
        let (next_gradient, converged) = slope(direction, deepest.w);
        let change = [
            next_gradient[0] - gradient[0],
            next_gradient[1] - gradient[1],
        ];
        // `g` grows along the step through a minimum; anything else is none.
        let rise = change[0] * step[0] + change[1] * step[1];
        let growing = rise > S::ZERO;
        previous = latest;
        latest = deepest;
        if converged {
            return Some(best);
        }
        if !growing {
            if latest.w == previous.w {
                // Both probes on one vertex of `D`, where the support value is linear
                // and its least is where another feature takes over: step on (twice as
                // far each time) until the support point changes, for the kink step
                // below.
                let mut reach = step;
                for _ in 0..KINK_STEPS {
                    reach = reach.map(|part| part * S::TWO);
                    let (direction, deepest) =
                        probe([next[0] + reach[0], next[1] + reach[1]], iterations)?;
                    best.keep_least(direction, deepest);
                    if deepest.w != latest.w {
                        previous = latest;
                        latest = deepest;
                        break;
                    }
                }
            }
            break;
        }
        // Broyden: the Jacobian takes the change seen along the step.
        let step_squared = step[0] * step[0] + step[1] * step[1];
        for (row, change) in jacobian.iter_mut().zip(change) {
            let predicted = row[0] * step[0] + row[1] * step[1];
            let correction = (change - predicted) / step_squared;
            row[0] = row[0] + correction * step[0];
            row[1] = row[1] + correction * step[1];
        }
        offset = next;
        gradient = next_gradient;
    }
    // Not converged: the steps may have stalled at a kink, where the support point
    // jumps from one feature to another between the last two probes.
    if (latest.w - previous.w).length() > S::GJK_RELATIVE_GAP * latest.w.length() {
        across_kink(pair, [previous, latest], &mut best, iterations)?;
    }
    Some(best)
}

/// Most support calls [`across_kink`] makes.
const KINK_STEPS: u32 = 4;

/// The least support value along a kink of `D`'s support function, where the support
/// point jumps from one feature to another (a cone's apex and its rim, a cylinder's
/// rims), from the two support points on either side of it: `first_bound`'s
/// quasi-Newton steps stall there (the gradient jumps): on a cone's axis the capped
/// answer would be 1.5e-3 of the depth too deep without these steps, 3.7e-9 with
/// them in `f64` (`a_point_on_a_cone_s_axis_gets_the_shortest_way_out`).
///
/// `D` contains the segment between the two points, so the direction to its point
/// nearest the origin is the least support value a polytope of the two could have
/// (the plane's EPA in one dimension, on this segment). The support point along it
/// either reaches no farther (the kink's minimum: along a cone's straight generator
/// it lies on the segment's line) or splits the segment, and the nearer half goes
/// on, at most [`KINK_STEPS`] times. `None` when a support point is not finite.
fn across_kink<S: Scalar, D: MinkowskiDifference<S, Vec3<S>> + ?Sized>(
    pair: &D,
    ends: [Vertex<S>; 2],
    best: &mut Refined<S>,
    iterations: &mut u32,
) -> Option<()> {
    let nearest_on =
        |start: Vec3<S>, end: Vec3<S>| start + (end - start) * fraction_nearest_origin(start, end);
    let [mut start, mut end] = ends;
    for _ in 0..KINK_STEPS {
        let foot = nearest_on(start.w, end.w);
        let Some(direction) = foot.normalize() else {
            return Some(());
        };
        let deepest = support_along(pair, direction);
        *iterations += 1;
        if !deepest.w.is_finite() {
            return None;
        }
        let depth = best.keep_least(direction, deepest);
        // Reaching no farther than the segment: the kink's minimum.
        if depth - direction.dot(foot) <= S::GJK_RELATIVE_GAP * depth.abs() {
            return Some(());
        }
        // The nearer half.
        let (to_start, to_end) = (
            nearest_on(start.w, deepest.w).length_squared(),
            nearest_on(deepest.w, end.w).length_squared(),
        );
        if to_start <= to_end {
            end = deepest;
        } else {
            start = deepest;
        }
    }
    Some(())
}

/// Two unit vectors across the unit vector `normal` and across each other: the cross
/// product with the axis `normal` is least along, and the cross product of the two.
fn perpendiculars<S: Scalar>(normal: Vec3<S>) -> (Vec3<S>, Vec3<S>) {
    let magnitude = normal.abs();
    let axis = if magnitude.x <= magnitude.y && magnitude.x <= magnitude.z {
        Vec3::X
    } else if magnitude.y <= magnitude.z {
        Vec3::Y
    } else {
        Vec3::Z
    };
    let across = normal.cross(axis).normalize().unwrap_or(Vec3::Y);
    let second = normal.cross(across).normalize().unwrap_or(Vec3::Z);
    (across, second)
}

/// Grows GJK's simplex to a tetrahedron around the origin by support points along new
/// directions, oriented as [`TETRAHEDRON`](crate::dim3::polytope::TETRAHEDRON) needs. `Err` when `D` is flat (a point, a
/// segment or a polygon: the origin on it, the depth zero) or a support point is not
/// finite; `start[..count]` then holds what was found.
fn grow_to_tetrahedron<S: Scalar, D: MinkowskiDifference<S, Vec3<S>> + ?Sized>(
    pair: &D,
    start: &mut [Vertex<S>; 4],
    count: &mut usize,
    iterations: &mut u32,
) -> Result<(), EpaEnd> {
    let probe = |direction: Vec3<S>, iterations: &mut u32| {
        let vertex = support_along(pair, direction);
        *iterations += 1;
        if vertex.w.is_finite() {
            Ok(vertex)
        } else {
            Err(EpaEnd::InvalidInput)
        }
    };
    // A tetrahedron too flat to orient is its first three points.
    if *count == 4 {
        let [w0, w1, w2, w3] = start.map(|vertex| vertex.w);
        let (e1, e2, e3) = (w1 - w0, w2 - w0, w3 - w0);
        let volume = e1.cross(e2).dot(e3);
        let measure = e1.length() * e2.length() * e3.length();
        let solid = volume.abs() > S::GJK_TOUCHING * measure;
        if !solid {
            *count = 3;
        }
    }
    // A second point: the farthest of the supports along the axes.
    if *count == 1 {
        let first = start[0].w;
        let mut best = (start[0], S::ZERO);
        for direction in [Vec3::X, -Vec3::X, Vec3::Y, -Vec3::Y, Vec3::Z, -Vec3::Z] {
            let vertex = probe(direction, iterations)?;
            let gap = (vertex.w - first).length_squared();
            if gap > best.1 {
                best = (vertex, gap);
            }
        }
        let scale = first.length_squared().max(best.0.w.length_squared());
        let apart = best.1 > S::GJK_TOUCHING * S::GJK_TOUCHING * scale;
        if !apart {
            return Err(EpaEnd::Flat);
        }
        start[1] = best.0;
        *count = 2;
    }
    // A third: the farthest support across the segment, among four directions.
    if *count == 2 {
        let (w0, w1) = (start[0].w, start[1].w);
        let Some(along) = (w1 - w0).normalize() else {
            return Err(EpaEnd::Flat);
        };
        let (across, second) = perpendiculars(along);
        let mut best = (start[0], S::ZERO);
        for direction in [across, -across, second, -second] {
            let vertex = probe(direction, iterations)?;
            // The distance from the line as a cross product: subtracting the part
            // along it left the rounding of the segment's length, which read a copy
            // of its far end as off the line (found by fuzzing).
            let gap = (vertex.w - w0).cross(along).length();
            if gap > best.1 {
                best = (vertex, gap);
            }
        }
        let off_line = best.1 > S::GJK_TOUCHING * w0.length().max(w1.length());
        if !off_line {
            return Err(EpaEnd::Flat);
        }
        start[2] = best.0;
        *count = 3;
    }
    // A fourth: the support on the side of the triangle `D` reaches farther.
    if *count == 3 {
        let [w0, w1, w2] = [0, 1, 2].map(|index| start[index].w);
        let Some(normal) = triangle_normal(w0, w1, w2) else {
            return Err(EpaEnd::Flat);
        };
        let above = probe(normal, iterations)?;
        let below = probe(-normal, iterations)?;
        let (above_reach, below_reach) = (normal.dot(above.w - w0), -normal.dot(below.w - w0));
        let (vertex, reach) = if above_reach >= below_reach {
            (above, above_reach)
        } else {
            (below, below_reach)
        };
        let scale = w0.length().max(w1.length()).max(w2.length());
        let off_plane = reach > S::GJK_TOUCHING * scale;
        if !off_plane {
            return Err(EpaEnd::Flat);
        }
        start[3] = vertex;
        *count = 4;
    }
    // Positively oriented: swap two points if the fourth is below the first three.
    let [w0, w1, w2, w3] = start.map(|vertex| vertex.w);
    if (w1 - w0).cross(w2 - w0).dot(w3 - w0) < S::ZERO {
        start.swap(1, 2);
    }
    Ok(())
}

/// The answer when there is no polytope to expand: a flat `D` (the origin on it, the
/// depth zero, the normal across it: the polygon's normal, a direction across the
/// segment, or the local x axis for a point) or invalid input. The witnesses are the
/// ones of the point of `D` nearest the origin.
fn flat_answer<S: Scalar>(
    points: &[Vertex<S>],
    iterations: u32,
    end: EpaEnd,
) -> Deepest<S, Vec3<S>> {
    let first = points[0];
    // Across the longest edge, when there is no plane.
    let across_longest = || {
        let mut longest = Vec3::ZERO;
        for (index, start) in points.iter().enumerate() {
            for end in &points[index + 1..] {
                let edge = end.w - start.w;
                if edge.length_squared() > longest.length_squared() {
                    longest = edge;
                }
            }
        }
        longest
            .normalize()
            .map_or(Vec3::X, |along| perpendiculars(along).0)
    };
    let (normal, weights, corners): (Vec3<S>, [S; 3], [Vertex<S>; 3]) = match *points {
        [_, second, third, ..] => {
            let corners = [first, second, third];
            // A triangle with no area (a repeated point) is a segment.
            let normal = triangle_normal(first.w, second.w, third.w).unwrap_or_else(across_longest);
            let foot = closest_on_triangle(corners.map(|corner| corner.w));
            let mut weights = [S::ZERO; 3];
            for (&kept, &weight) in foot.kept.iter().zip(&foot.weights).take(foot.count) {
                let slot = &mut weights[usize::from(kept) % 3];
                *slot = *slot + weight;
            }
            (normal, weights, corners)
        }
        [_, second] => {
            let normal = across_longest();
            let t = fraction_nearest_origin(first.w, second.w);
            (normal, [S::ONE - t, t, S::ZERO], [first, second, second])
        }
        _ => (Vec3::X, [S::ONE, S::ZERO, S::ZERO], [first; 3]),
    };
    let mut core_a = Vec3::ZERO;
    for (corner, weight) in corners.iter().zip(weights) {
        core_a += corner.witness_a * weight;
    }
    Deepest {
        normal,
        depth: S::ZERO,
        core_a,
        iterations,
        end,
    }
}
