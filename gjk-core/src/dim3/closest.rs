//! The closest point to the origin of a 3D simplex of one to four points: the solver
//! the 3D GJK loop runs (Bullet's `btVoronoiSimplexSolver` regions, Ericson's
//! derivations, hardened past Jolt's `ClosestPoint.h`). No absolute threshold appears
//! anywhere: every tolerance is relative to the lengths it compares.
//!
//! The points are Minkowski-difference points `w = b - a`; the origin is the query
//! point. A reduction keeps the smallest sub-simplex whose hull holds the closest point
//! and gives that point and its barycentric weights. A tetrahedron that holds the
//! origin stays whole and gives zero (the cores overlap).
//!
//! Where the precision goes, and what this solver does about it:
//!
//! - **Edges.** The closest point of the line through `p` and `q` is computed from the
//!   endpoint nearer the origin, `p - e (p . e) / (e . e)` with `e = q - p` (its
//!   rounding is a few epsilons of that endpoint, the floor set by the rounding of the
//!   points themselves).
//! - **Faces.** The closest point of a face's plane is `n (n . r) / (n . n)` (Jolt's
//!   plane form, not barycentrics), with `n` the cross product of the two shortest
//!   edges (the smallest rounding). The point `r` is not a vertex but the closest point
//!   of the line through the longest edge: on a flat, obtuse sliver the plane's normal
//!   is known only to about `eps / sin(angle)`, and the error of `n . r` is that angle
//!   times how far `r` lies from the foot of the origin in the plane. A vertex can be a
//!   whole edge away from the foot; the longest edge's foot is within the sliver's
//!   height of it, so the error stays a few epsilons of the sliver's size.
//! - **Degenerate faces.** A face whose normal is below 16 epsilons of the product of
//!   its two shortest edges (its angle below 16 epsilons, where `n` has no reliable
//!   direction) is handled as its three edges.
//! - **Tetrahedra.** The origin is inside only if it is on the inner side of all four
//!   face planes *and* each face's opposite vertex is reliably off that plane; every
//!   face that fails either test is solved and the nearest result taken. A flat
//!   tetrahedron (four nearly coplanar points of two near-parallel faces) thus never
//!   reads as holding an origin off its plane.

use crate::{Scalar, Vec3};

/// What [`reduce_regions`] decided: the closest point, the kept points (indices into the
/// simplex, in order) and their barycentric weights (summing to one over `count`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reduction3<S> {
    /// The point of the simplex closest to the origin.
    pub closest: Vec3<S>,
    /// Indices of the kept points; `kept[..count]` are meaningful. Bytes, so that a
    /// reduction (copied between the candidates of a tetrahedron) stays small.
    pub kept: [u8; 4],
    /// How many points are kept: 1 (vertex), 2 (edge), 3 (face) or 4 (the origin is
    /// inside the tetrahedron).
    pub count: usize,
    /// Barycentric weights of the kept points, in the order of `kept`.
    pub weights: [S; 4],
}

impl<S: Scalar> Reduction3<S> {
    /// Keep point `index`, at `point`.
    fn vertex(index: u8, point: Vec3<S>) -> Self {
        Self {
            closest: point,
            kept: [index; 4],
            count: 1,
            weights: [S::ONE, S::ZERO, S::ZERO, S::ZERO],
        }
    }

    /// The squared distance of the closest point from the origin.
    fn distance_squared(&self) -> S {
        self.closest.length_squared()
    }
}

/// The reduction of the simplex `points[..count]` (`count` from 1 to 4; a larger count
/// reads as 4, zero as 1).
#[cfg(test)]
pub(crate) fn reduce<S: Scalar>(points: &[Vec3<S>; 4], count: usize) -> Reduction3<S> {
    reduce_regions(points, count, Regions::All)
}

/// [`reduce`] of a simplex whose last point the GJK loop has just added (see
/// [`Regions::WithNewest`]).
#[cfg(test)]
pub(crate) fn reduce_after_push<S: Scalar>(points: &[Vec3<S>; 4], count: usize) -> Reduction3<S> {
    reduce_regions(points, count, Regions::WithNewest)
}

/// The point of the triangle `corners` nearest the origin, with its weights: the
/// solver's face reduction, which EPA's faces use for their distances and witnesses.
pub(crate) fn closest_on_triangle<S: Scalar>(corners: [Vec3<S>; 3]) -> Reduction3<S> {
    let [a, b, c] = corners;
    triangle(&[a, b, c, c], [0, 1, 2])
}

/// Which regions a reduction tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Regions {
    /// Every region: an arbitrary simplex (a seed, a warm start's cached one).
    All,
    /// The loop has just added the simplex's last point, after reducing the others to
    /// their closest point `v` and checking that the new point makes progress: the new
    /// closest point lies on a sub-simplex that holds the new point (see
    /// `GjkSimplex::reduce_after_push`), as Jolt's `MustIncludeD` uses. A tetrahedron
    /// is then solved as its three faces through the new point: the fourth is the old
    /// triangle, whose plane has the origin and the new point on one side. That saves a
    /// face's measure, inside test and solve, 3 % of the instructions of a query
    /// between boxes or hulls (callgrind). Segments and triangles are
    /// solved whole: skipping their regions without the new point saves a few
    /// comparisons and cost 180 bytes of firmware code.
    WithNewest,
}

pub(crate) fn reduce_regions<S: Scalar>(
    points: &[Vec3<S>; 4],
    count: usize,
    regions: Regions,
) -> Reduction3<S> {
    match count {
        0 | 1 => Reduction3::vertex(0, at(points, 0)),
        2 => segment(points, [0, 1]),
        3 => triangle(points, [0, 1, 2]),
        _ => tetrahedron(points, regions),
    }
}

/// Point `index` of the simplex. The mask keeps every index provably in bounds (they
/// are 0 to 3 anyway), so no query path holds a panic.
#[inline]
fn at<S: Scalar>(points: &[Vec3<S>; 4], index: u8) -> Vec3<S> {
    points[usize::from(index) & 3]
}

/// Segment `p q` (`indices` into `points`).
///
/// With `e = q - p`, `u_p = q . e` and `u_q = -p . e` (so `u_p + u_q = e . e`):
/// - `u_q <= 0`: the origin is behind `p`, the closest point is `p`;
/// - `u_p <= 0`: the origin is beyond `q`, the closest point is `q`;
/// - otherwise the interior, with weights `(u_p, u_q) / (u_p + u_q)`.
///
/// `u_p + u_q` must be positive to divide by (an edge whose squared length underflows
/// is a vertex), and the test is written so that NaN takes the vertex.
fn segment<S: Scalar>(points: &[Vec3<S>; 4], indices: [u8; 2]) -> Reduction3<S> {
    let [first, second] = indices;
    let (p, q) = (at(points, first), at(points, second));
    let e = q - p;
    let u_p = q.dot(e);
    let u_q = -p.dot(e);
    let has_length = u_p + u_q > S::ZERO;
    if u_q <= S::ZERO || !has_length {
        return Reduction3::vertex(first, p);
    }
    if u_p <= S::ZERO {
        return Reduction3::vertex(second, q);
    }
    let sum = u_p + u_q;
    Reduction3 {
        closest: closest_on_line(p, q),
        kept: [first, second, second, second],
        count: 2,
        weights: [u_p / sum, u_q / sum, S::ZERO, S::ZERO],
    }
}

/// The point of the line through `p` and `q` closest to the origin, from the endpoint
/// nearer the origin (see the module's notes). A line whose squared length is not a
/// positive normal number (under 1e-19 long in `f32`) gives that endpoint.
fn closest_on_line<S: Scalar>(p: Vec3<S>, q: Vec3<S>) -> Vec3<S> {
    let (p_squared, q_squared) = (p.length_squared(), q.length_squared());
    let (base, other, base_squared) = if p_squared <= q_squared {
        (p, q, p_squared)
    } else {
        (q, p, q_squared)
    };
    let e = other - base;
    let e_squared = e.length_squared();
    // Written so that NaN takes the endpoint.
    let usable = e_squared >= S::min_positive_value();
    if !usable {
        return base;
    }
    let foot = base - e * (base.dot(e) / e_squared);
    // A foot much shorter than the endpoint is a difference of nearly equal numbers,
    // each coordinate off by about `eps |base|`: its direction, along which the loop
    // asks for the next support point, is then known only to `eps |base| / |foot|`.
    // Over the segment's length that turns the support values of its ends by about
    // `eps |base|^2 / |foot|`, more than the lead `|foot|` of a vertex at the origin
    // once `|foot|` is below `sqrt(eps) |base|`: a chain of vertices 7e-5 off
    // straight and 0.6 long read 7.1e-5 away from its middle vertex in `f32` (the
    // support along the turned direction returned the chord's end again). Below four
    // times that the foot is computed again to its own precision.
    let cancels = foot.length_squared() < S::from_f64(16.0) * S::EPS * base_squared;
    if cancels {
        refined_foot(base, e, e_squared)
    } else {
        foot
    }
}

/// The foot of the origin on the line through `base` along `e`, accurate to a few
/// epsilons of its own length rather than of `base`'s (when `base` and `e` are exact):
/// each coordinate `base - e t` takes back the rounding error of its product `e t`
/// (Dekker's exact product, so no fused multiply-add is needed), which leaves only
/// the rounding of `t` itself, a slide along the line; the second step projects that
/// slide out, from numbers that are now small.
fn refined_foot<S: Scalar>(base: Vec3<S>, e: Vec3<S>, e_squared: S) -> Vec3<S> {
    let t = base.dot(e) / e_squared;
    let coordinate = |from: S, along: S| {
        let (product, error) = two_product(along, t);
        (from - product) - error
    };
    let foot = Vec3::new(
        coordinate(base.x, e.x),
        coordinate(base.y, e.y),
        coordinate(base.z, e.z),
    );
    foot - e * (foot.dot(e) / e_squared)
}

/// `a b` as `product + error` exactly (Dekker's TwoProduct): `a` and `b` are split by
/// Veltkamp's method into halves whose products are exact. The kernel's window keeps
/// `SPLITTER a` far from overflow.
fn two_product<S: Scalar>(a: S, b: S) -> (S, S) {
    let split = |x: S| {
        let scaled = S::SPLITTER * x;
        let high = scaled - (scaled - x);
        (high, x - high)
    };
    let product = a * b;
    let (a_high, a_low) = split(a);
    let (b_high, b_low) = split(b);
    let error = ((a_high * b_high - product) + a_high * b_low + a_low * b_high) + a_low * b_low;
    (product, error)
}

/// Triangle `a b c` (`indices` into `points`): Ericson's regions, tested with the
/// signed areas the origin's projection makes with each edge.
///
/// With `n` the face normal, `t_a = n . (b x c)`, `t_b = n . (c x a)` and
/// `t_c = n . (a x b)` are the areas of the sub-triangles opposite each vertex, times
/// `|n|` (their sum is `|n|^2`), positive when the projection of the origin is on the
/// inner side of the edge opposite that vertex. With the edge quantities of
/// [`segment`] for each edge (`u`), the regions are:
/// - vertex `a`: the origin behind `a` along both edges from it;
/// - edge `a b`: inside the edge's slab (both `u` positive) and outside across it
///   (`t_c <= 0`); likewise the other edges and vertices;
/// - otherwise the face, with weights `t / (t_a + t_b + t_c)`.
///
/// `n` is scaled by its largest coordinate before the products (the weights are
/// ratios, and the region tests need signs), so the `t` are products of two lengths
/// like the `u`, as in the 2D solver.
fn triangle<S: Scalar>(points: &[Vec3<S>; 4], indices: [u8; 3]) -> Reduction3<S> {
    triangle_of(points, &Face::new(points, indices), None)
}

/// [`triangle`] on a face already measured (a tetrahedron measures each face once for
/// its inside test and its solve), with the face's foot ([`Face::longest_edge_foot`])
/// when it is known.
fn triangle_of<S: Scalar>(
    points: &[Vec3<S>; 4],
    face: &Face<S>,
    foot: Option<Vec3<S>>,
) -> Reduction3<S> {
    let [ia, ib, ic] = face.indices;
    let [a, b, c] = face.corners;
    let (ab, ac, bc) = face.edges;
    let Some(normal) = face.normal else {
        return nearest_edge(points, face.indices);
    };

    let zero = S::ZERO;
    let (u_ab_a, u_ab_b) = (b.dot(ab), -a.dot(ab));
    let (u_ac_a, u_ac_c) = (c.dot(ac), -a.dot(ac));
    let (u_bc_b, u_bc_c) = (c.dot(bc), -b.dot(bc));
    let t_a = normal.dot(b.cross(c));
    let t_b = normal.dot(c.cross(a));
    let t_c = normal.dot(a.cross(b));

    if u_ab_b <= zero && u_ac_c <= zero {
        return Reduction3::vertex(ia, a);
    }
    if u_ab_a <= zero && u_bc_c <= zero {
        return Reduction3::vertex(ib, b);
    }
    if u_ac_a <= zero && u_bc_b <= zero {
        return Reduction3::vertex(ic, c);
    }
    if u_ab_a > zero && u_ab_b > zero && t_c <= zero {
        return segment(points, [ia, ib]);
    }
    if u_ac_a > zero && u_ac_c > zero && t_b <= zero {
        return segment(points, [ia, ic]);
    }
    if u_bc_b > zero && u_bc_c > zero && t_a <= zero {
        return segment(points, [ib, ic]);
    }

    // The face. The weights are the normalized areas; their sum is `n . n` in exact
    // arithmetic, positive, but guard the division as the 2D solver does.
    let sum = t_a + t_b + t_c;
    let weights = if sum > zero {
        [t_a / sum, t_b / sum, t_c / sum, zero]
    } else {
        let third = S::ONE / (S::TWO + S::ONE);
        [third, third, third, zero]
    };
    let reference = foot.unwrap_or_else(|| face.longest_edge_foot());
    let normal_squared = normal.length_squared();
    Reduction3 {
        closest: normal * (normal.dot(reference) / normal_squared),
        kept: [ia, ib, ic, ic],
        count: 3,
        weights,
    }
}

/// A triangle of the simplex, measured once: its corners and edges, its normal, and
/// its longest edge, which the region tests, the face's foot and a tetrahedron's
/// inside test all read.
struct Face<S> {
    /// Indices of the corners into the simplex.
    indices: [u8; 3],
    /// The corners `a`, `b`, `c`.
    corners: [Vec3<S>; 3],
    /// The edges `ab`, `ac`, `bc`.
    edges: (Vec3<S>, Vec3<S>, Vec3<S>),
    /// The normal (see [`Face::new`]), `None` for a face too flat to have one.
    normal: Option<Vec3<S>>,
    /// The ends of the longest edge.
    longest: (Vec3<S>, Vec3<S>),
}

impl<S: Scalar> Face<S> {
    /// The face `points[indices]`.
    ///
    /// The normal is the cross product of the two shortest edges (the smallest
    /// rounding), divided by its largest coordinate magnitude (so that its length is
    /// between 1 and `sqrt(3)` whatever the triangle's size). There is none for a face
    /// too flat to have a reliable one: the cross product's length below 16 epsilons of
    /// the product of the two edges' lengths, that is an angle between them below 16
    /// epsilons. Each coordinate of the cross product carries a rounding of about two
    /// epsilons of that product (its two products, and the rounding of the edges
    /// themselves), so below this bound its direction is mostly rounding.
    fn new(points: &[Vec3<S>; 4], indices: [u8; 3]) -> Self {
        let [ia, ib, ic] = indices;
        let (a, b, c) = (at(points, ia), at(points, ib), at(points, ic));
        let (ab, ac, bc) = (b - a, c - a, c - b);
        let (l_ab, l_ac, l_bc) = (
            ab.length_squared(),
            ac.length_squared(),
            bc.length_squared(),
        );
        // The longest edge, and the two shortest oriented so that the normal is
        // `ab x ac`'s direction: `ab x ac = ab x bc = ac x bc`.
        let (longest, first, second, first_squared, second_squared) =
            if l_ab >= l_ac && l_ab >= l_bc {
                ((a, b), ac, bc, l_ac, l_bc)
            } else if l_ac >= l_bc {
                ((a, c), ab, bc, l_ab, l_bc)
            } else {
                ((b, c), ab, ac, l_ab, l_ac)
            };
        Self {
            indices,
            corners: [a, b, c],
            edges: (ab, ac, bc),
            normal: reliable_normal(first, second, first_squared, second_squared),
            longest,
        }
    }

    /// The closest point to the origin of the line through the longest edge (see the
    /// module's notes for why the face's foot is measured from it).
    fn longest_edge_foot(&self) -> Vec3<S> {
        closest_on_line(self.longest.0, self.longest.1)
    }
}

/// `first x second` divided by its largest coordinate magnitude, or `None` when it is
/// below 16 epsilons of `|first| |second|` (see [`Face::new`]).
fn reliable_normal<S: Scalar>(
    first: Vec3<S>,
    second: Vec3<S>,
    first_squared: S,
    second_squared: S,
) -> Option<Vec3<S>> {
    let normal = first.cross(second);
    let largest = normal.max_abs();
    // Written so that NaN fails.
    let usable = largest > S::ZERO && normal.is_finite();
    if !usable {
        return None;
    }
    let inverse = S::ONE / largest;
    let normal = normal * inverse;
    // |n|^2 compared with (16 eps)^2 |first|^2 |second|^2, both sides divided by
    // `largest^2` (the normal was): the products of four lengths would leave the
    // window the kernel keeps its points in, and each quotient below is a ratio of
    // squared lengths. No square root: the comparison is of squares.
    let flatness = S::from_f64(16.0) * S::EPS;
    let bound_squared =
        (flatness * flatness) * (first_squared * inverse) * (second_squared * inverse);
    (normal.length_squared() > bound_squared).then_some(normal)
}

/// A flat triangle as its three edges: the nearest of their reductions.
fn nearest_edge<S: Scalar>(points: &[Vec3<S>; 4], indices: [u8; 3]) -> Reduction3<S> {
    let [ia, ib, ic] = indices;
    nearest([
        segment(points, [ia, ib]),
        segment(points, [ia, ic]),
        segment(points, [ib, ic]),
    ])
}

/// The reduction with the smallest squared distance (the first on ties; a NaN
/// distance never wins over a number).
fn nearest<S: Scalar, const K: usize>(candidates: [Reduction3<S>; K]) -> Reduction3<S> {
    let mut best = candidates[0];
    let mut best_squared = best.distance_squared();
    for candidate in candidates.into_iter().skip(1) {
        let squared = candidate.distance_squared();
        if squared < best_squared || best_squared.is_nan() {
            best = candidate;
            best_squared = squared;
        }
    }
    best
}

/// Tetrahedron `points[0..4]`.
///
/// For each face, with `n` its normal, the origin is on the face's inner side when
/// `n . (0 - r)` (`r` a point of the face) has the sign of `n . (d - r)`, `d` the
/// opposite vertex. The origin is inside when it is on the inner side of every face;
/// the closest point is then itself (weights: the signed volumes the origin makes with
/// each face, normalized). Otherwise the closest point lies on a face the origin is
/// outside of, and every such face is solved as a triangle and the nearest taken.
///
/// A face whose opposite vertex lies within rounding of its plane (`|n . (d - r)|`
/// below 16 epsilons of `|n| |d - r|`), or whose normal is unreliable, cannot vouch for
/// the origin being inside: it is solved too. So a flat tetrahedron is solved as its
/// faces and an origin off its plane is never called inside.
///
/// With [`Regions::WithNewest`] the first face (the old triangle) is skipped; the
/// others are solved whole.
fn tetrahedron<S: Scalar>(points: &[Vec3<S>; 4], regions: Regions) -> Reduction3<S> {
    // Each face with its opposite vertex; faces keep the order of the points.
    const FACES: [([u8; 3], u8); 4] = [
        ([0, 1, 2], 3),
        ([0, 1, 3], 2),
        ([0, 2, 3], 1),
        ([1, 2, 3], 0),
    ];
    // The nearest solve of a face the origin is outside of, kept as the faces go (no
    // array of candidates to copy): ties keep the earlier face, and a NaN distance
    // never wins over a number, as in [`nearest`].
    let mut best: Option<(Reduction3<S>, S)> = None;
    let skipped = match regions {
        Regions::All => 0,
        Regions::WithNewest => 1,
    };
    for &(indices, opposite) in FACES.iter().skip(skipped) {
        let face = Face::new(points, indices);
        let foot = face.longest_edge_foot();
        if origin_inside_face(&face, foot, at(points, opposite)) {
            continue;
        }
        // Each face whole: the tetrahedron's closest point holds the new point, but a
        // face's own may lie on its edge of the old triangle, and a face solved
        // without that region would give its plane's foot, outside it and too near
        // (boxes 0.83 apart would be called 0.78 apart).
        let candidate = triangle_of(points, &face, Some(foot));
        let squared = candidate.distance_squared();
        let better = match best {
            Some((_, best_squared)) => squared < best_squared || best_squared.is_nan(),
            None => true,
        };
        if better {
            best = Some((candidate, squared));
        }
    }
    match best {
        Some((nearest_face, _)) => nearest_face,
        None => enclosing(points),
    }
}

/// Whether the origin is reliably on the inner side of `face` (the side of `apex`,
/// the tetrahedron's opposite vertex); see [`tetrahedron`].
fn origin_inside_face<S: Scalar>(face: &Face<S>, foot: Vec3<S>, apex: Vec3<S>) -> bool {
    let Some(normal) = face.normal else {
        return false;
    };
    let apex = apex - face.corners[0];
    let origin_side = -normal.dot(foot);
    let apex_side = normal.dot(apex);
    // |n . (d - r)| > 16 eps |n| |d - r|, squared: `n` is scaled to length 1 to
    // sqrt(3), so both sides are squared lengths.
    let flatness = S::from_f64(16.0) * S::EPS;
    let reliable = apex_side * apex_side
        > (flatness * flatness) * normal.length_squared() * apex.length_squared();
    // Strictly on the apex's side: an origin on the face's plane is solved on the face
    // (touching), as the 2D solver keeps a triangle only for an origin inside it.
    reliable && origin_side * apex_side.signum() > S::ZERO
}

/// The tetrahedron holding the origin: all four points, weighted by the signed volumes
/// of the tetrahedra the origin makes with each face (normalized by their sum, the
/// whole volume).
fn enclosing<S: Scalar>(points: &[Vec3<S>; 4]) -> Reduction3<S> {
    let [p0, p1, p2, p3] = *points;
    // The volume opposite point i is det of the other three (times six), with the
    // signs of an even permutation.
    let volumes = [
        p1.dot(p2.cross(p3)),
        -p0.dot(p2.cross(p3)),
        p0.dot(p1.cross(p3)),
        -p0.dot(p1.cross(p2)),
    ];
    let sum = volumes[0] + volumes[1] + volumes[2] + volumes[3];
    let weights = if sum != S::ZERO && sum.is_finite() {
        volumes.map(|volume| volume / sum)
    } else {
        [S::from_f64(0.25); 4]
    };
    Reduction3 {
        closest: Vec3::ZERO,
        kept: [0, 1, 2, 3],
        count: 4,
        weights,
    }
}

#[cfg(test)]
mod tests;
