//! The closest point to the origin of a 3D simplex of one to four points: the solver
//! the 3D GJK loop will run (Bullet's `btVoronoiSimplexSolver` regions, Ericson's
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

use crate::gjk::MinkowskiDifference;
use crate::gjk::simplex::{GjkSimplex, SimplexVertex};
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
    /// Cortex-M4F firmware).
    #[cfg_attr(gjk_compact, inline(never))]
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
    /// are tested ([`reduce_after_push`]).
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

/// What [`reduce`] decided: the closest point, the kept points (indices into the
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
enum Regions {
    /// Every region: an arbitrary simplex (a seed, a warm start's cached one).
    All,
    /// The loop has just added the simplex's last point, after reducing the others to
    /// their closest point `v` and checking that the new point makes progress: the new
    /// closest point lies on a sub-simplex that holds the new point (see
    /// `GjkSimplex::reduce_after_push`), as Jolt's `MustIncludeD` uses. A tetrahedron
    /// is then solved as its three faces through the new point: the fourth is the old
    /// triangle, whose plane has the origin and the new point on one side. That saves a
    /// face's measure, inside test and solve, 3 % of the instructions of a query
    /// between boxes or hulls (callgrind, 2026-11-27). Segments and triangles are
    /// solved whole: skipping their regions without the new point saves a few
    /// comparisons and cost 180 bytes of firmware code.
    WithNewest,
}

fn reduce_regions<S: Scalar>(
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
        // (an earlier version did, and called boxes 0.83 apart 0.78 apart).
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
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn v(x: f64, y: f64, z: f64) -> Vec3<f64> {
        Vec3::new(x, y, z)
    }

    fn simplex_of(points: &[Vec3<f64>]) -> [Vec3<f64>; 4] {
        let mut all = [Vec3::ZERO; 4];
        all[..points.len()].copy_from_slice(points);
        all
    }

    /// Certifies a reduction of `points[..count]` without re-deriving it: the kept
    /// weights are a convex combination whose point is `closest`, and `closest` is the
    /// minimum-norm point of the hull, which holds exactly when `closest . (p -
    /// closest) >= 0` for every point `p` (the hull lies beyond the plane through
    /// `closest` normal to it). `tolerance` is relative to the squared size.
    fn certify(points: &[Vec3<f64>], reduction: &Reduction3<f64>, tolerance: f64) {
        let size = points.iter().fold(0.0_f64, |m, p| m.max(p.length()));
        let count = reduction.count;
        let weights = &reduction.weights[..count];
        assert!(weights.iter().all(|&w| w >= -tolerance), "{reduction:?}");
        let sum: f64 = weights.iter().sum();
        assert!((sum - 1.0).abs() <= tolerance, "{reduction:?}");
        let mut combined = Vec3::ZERO;
        for (&index, &weight) in reduction.kept[..count].iter().zip(weights) {
            combined += points[usize::from(index)] * weight;
        }
        let mismatch = (combined - reduction.closest).length();
        assert!(mismatch <= tolerance * size, "{mismatch} {reduction:?}");
        let x = reduction.closest;
        for p in points {
            let gap = x.dot(*p - x);
            assert!(gap >= -tolerance * size * size, "{gap} {p:?} {reduction:?}");
        }
    }

    #[test]
    fn one_point_is_itself() {
        let points = simplex_of(&[v(1.0, 2.0, 3.0)]);
        let reduction = reduce(&points, 1);
        assert_eq!(reduction.count, 1);
        assert_eq!(reduction.closest, v(1.0, 2.0, 3.0));
    }

    #[test]
    fn segment_regions() {
        let points = simplex_of(&[v(-1.0, 2.0, 0.0), v(3.0, 2.0, 0.0)]);
        let interior = reduce(&points, 2);
        assert_eq!(interior.count, 2);
        assert_eq!(interior.closest, v(0.0, 2.0, 0.0));
        assert_eq!(interior.weights[..2], [0.75, 0.25]);
        let behind = reduce(&simplex_of(&[v(1.0, 1.0, 1.0), v(3.0, 1.0, 1.0)]), 2);
        assert_eq!((behind.count, behind.kept[0]), (1, 0));
        let beyond = reduce(&simplex_of(&[v(3.0, 1.0, 1.0), v(1.0, 1.0, 1.0)]), 2);
        assert_eq!((beyond.count, beyond.kept[0]), (1, 1));
        let point = reduce(&simplex_of(&[v(1.0, 1.0, 1.0), v(1.0, 1.0, 1.0)]), 2);
        assert_eq!(point.count, 1);
    }

    #[test]
    fn triangle_face_edge_and_vertex_regions() {
        // The plane z = 2 over the origin: the face.
        let face = simplex_of(&[v(-1.0, -1.0, 2.0), v(2.0, -1.0, 2.0), v(-1.0, 2.0, 2.0)]);
        let reduction = reduce(&face, 3);
        assert_eq!(reduction.count, 3);
        assert_eq!(reduction.closest, v(0.0, 0.0, 2.0));
        certify(&face[..3], &reduction, 1e-15);
        // Shifted so that the foot is beyond the edge from (1, 1) to (-2, 1)... of y = 1.
        let edge = simplex_of(&[v(-1.0, 1.0, 2.0), v(1.0, 1.0, 2.0), v(0.0, 3.0, 2.0)]);
        let reduction = reduce(&edge, 3);
        assert_eq!(
            (reduction.count, reduction.kept[0], reduction.kept[1]),
            (2, 0, 1)
        );
        assert_eq!(reduction.closest, v(0.0, 1.0, 2.0));
        let corner = simplex_of(&[v(3.0, 2.0, 1.0), v(2.0, 3.0, 1.0), v(1.0, 1.0, 1.0)]);
        let reduction = reduce(&corner, 3);
        assert_eq!((reduction.count, reduction.kept[0]), (1, 2));
    }

    #[test]
    fn collinear_triangle_is_its_edges() {
        let points = simplex_of(&[v(-2.0, 1.0, 1.0), v(3.0, 1.0, 1.0), v(1.0, 1.0, 1.0)]);
        let reduction = reduce(&points, 3);
        assert_eq!(reduction.count, 2);
        assert_eq!(reduction.closest, v(0.0, 1.0, 1.0));
        certify(&points[..3], &reduction, 1e-15);
    }

    #[test]
    fn tetrahedron_around_the_origin_is_kept_with_volume_weights() {
        let points = [
            v(-1.0, -1.0, -1.0),
            v(3.0, -1.0, -1.0),
            v(-1.0, 3.0, -1.0),
            v(-1.0, -1.0, 3.0),
        ];
        let reduction = reduce(&points, 4);
        assert_eq!(reduction.count, 4);
        assert_eq!(reduction.closest, Vec3::ZERO);
        certify(&points, &reduction, 1e-15);
        assert_eq!(reduction.weights, [0.25; 4]);
    }

    #[test]
    fn tetrahedron_beside_the_origin_gives_its_nearest_face() {
        let points = [
            v(-1.0, -1.0, 1.0),
            v(3.0, -1.0, 1.0),
            v(-1.0, 3.0, 1.0),
            v(0.0, 0.0, 4.0),
        ];
        let reduction = reduce(&points, 4);
        assert_eq!(reduction.count, 3);
        assert_eq!(reduction.closest, v(0.0, 0.0, 1.0));
        certify(&points, &reduction, 1e-15);
    }

    /// The near-parallel boxes' case: four points of two faces 1e-4 apart, nearly
    /// coplanar. A solver that trusts the sign of a flat tetrahedron's volume can call
    /// the origin inside (overlap); this one solves the faces.
    #[test]
    fn flat_tetrahedron_never_holds_an_origin_off_its_plane() {
        for tilt in [0.0, 1e-9, -1e-9, 1e-7, -1e-7, 1e-5] {
            let points = [
                v(-1.0, -1.0, 1e-4),
                v(1.0, -1.0, 1e-4 + tilt),
                v(1.0, 1.0, 1e-4),
                v(-1.0, 1.0, 1e-4 - tilt),
            ];
            let reduction = reduce(&points, 4);
            assert!(reduction.count < 4, "{tilt}: {reduction:?}");
            assert!(
                (reduction.closest.length() - 1e-4).abs() < 2e-5,
                "{tilt}: {reduction:?}"
            );
            certify(&points, &reduction, 1e-12);
            let points_f32 = points.map(|p| p.cast::<f32>());
            let reduction_f32 = reduce(&points_f32, 4);
            assert!(reduction_f32.count < 4, "{tilt}: {reduction_f32:?}");
        }
    }

    /// `p` turned by `angle` about the unit `axis` (Rodrigues' formula).
    fn rodrigues(p: Vec3<f64>, axis: Vec3<f64>, angle: f64) -> Vec3<f64> {
        let (sin, cos) = angle.sin_cos();
        p * cos + axis.cross(p) * sin + axis * (axis.dot(p) * (1.0 - cos))
    }

    fn point_in(range: f64) -> impl Strategy<Value = Vec3<f64>> {
        (-range..range, -range..range, -range..range).prop_map(|(x, y, z)| v(x, y, z))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// Every reduction of random simplices is certified optimal.
        #[test]
        fn random_simplices_reduce_to_their_closest_point(
            points in prop::array::uniform4(point_in(10.0)),
            count in 1..=4_usize,
        ) {
            let reduction = reduce(&points, count);
            certify(&points[..count], &reduction, 1e-9);
        }

        /// The loop's case: a random simplex reduced to its closest point `v`, and a
        /// new point `w` with `w . v < v . v` pushed onto what was kept. Testing only
        /// the regions through `w` still finds the closest point of the whole.
        #[test]
        fn regions_through_a_pushed_point_that_makes_progress_suffice(
            points in prop::array::uniform3(point_in(10.0)),
            count in 1..=3_usize,
            pushed in point_in(10.0),
            depth in -3.0..0.999_f64,
        ) {
            pushed_point_regions_suffice(points, count, pushed, depth)?;
        }

        /// As above, on triangles whose closest point is inside (so that the pushed
        /// point makes a tetrahedron), with the origin near them: each face through the
        /// new point is solved whole, since its own nearest point may be on the old
        /// triangle's edge while the tetrahedron's is elsewhere.
        #[test]
        fn tetrahedra_from_a_pushed_point_reduce_to_their_closest_point(
            corners in prop::array::uniform3(point_in(1.0)),
            lift in 0.01..2.0_f64,
            pushed in point_in(3.0),
            depth in -3.0..0.999_f64,
        ) {
            let points = corners.map(|p| p + v(0.0, 0.0, lift));
            pushed_point_regions_suffice(points, 3, pushed, depth)?;
        }
    }

    fn pushed_point_regions_suffice(
        points: [Vec3<f64>; 3],
        count: usize,
        pushed: Vec3<f64>,
        depth: f64,
    ) -> Result<(), TestCaseError> {
        {
            let simplex = simplex_of(&points[..count]);
            let old = reduce(&simplex, count);
            let v = old.closest;
            // `pushed` moved along `v` so that `w . v = depth |v|^2`, `depth < 1`.
            let length_squared = v.dot(v);
            prop_assume!(length_squared > 1e-12);
            let pushed = pushed + v * ((depth * length_squared - pushed.dot(v)) / length_squared);
            let mut kept = [Vec3::ZERO; 4];
            for (slot, &index) in kept.iter_mut().zip(&old.kept[..old.count]) {
                *slot = simplex[usize::from(index)];
            }
            kept[old.count] = pushed;
            let after = reduce_after_push(&kept, old.count + 1);
            certify(&kept[..=old.count], &after, 1e-9);
            prop_assert!(
                after.kept[..after.count].contains(&(old.count as u8)),
                "{after:?}"
            );
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// Thin triangles in `f32`: the distance within a few epsilons of the size of
        /// the `f64` answer on the same (rounded) points. Flat, obtuse slivers (height
        /// 1e-3 to 1e-6 of their length) with the origin over a point inside them, near
        /// or far: the face's plane is known only to `eps / sin(angle)` there.
        #[test]
        fn f32_slivers_keep_their_distance(
            length in 0.1..100.0_f64,
            height_ratio_exponent in -6.0..-3.0_f64,
            apex_at in 0.05..0.95_f64,
            foot_weights in (0.01..1.0_f64, 0.01..1.0_f64, 0.01..1.0_f64),
            gap_ratio in 1e-4..1.0_f64,
            spin in (-3.0..3.0_f64, -3.0..3.0_f64, -3.0..3.0_f64),
        ) {
            let height = length * 10.0_f64.powf(height_ratio_exponent);
            let local = [
                v(-length / 2.0, 0.0, 0.0),
                v(length / 2.0, 0.0, 0.0),
                v(length * (apex_at - 0.5), height, 0.0),
            ];
            let (w0, w1, w2) = foot_weights;
            let foot = (local[0] * w0 + local[1] * w1 + local[2] * w2) / (w0 + w1 + w2);
            let axis = v(spin.0, spin.1, spin.2 + 0.1).normalize().unwrap();
            let rotate = |p: Vec3<f64>| rodrigues(p, axis, spin.0 + spin.1);
            let shift = foot + v(0.0, 0.0, -gap_ratio * length);
            let placed = local.map(|p| rotate(p - shift));
            let points_f32 = simplex_of(&placed).map(|p| p.cast::<f32>());
            let points_f64 = points_f32.map(|p| p.cast::<f64>());
            let exact = reduce(&points_f64, 3).closest.length();
            let rounded = f64::from(reduce(&points_f32, 3).closest.length());
            let size = points_f64.iter().fold(0.0_f64, |m, p| m.max(p.length()));
            // 8 eps of the size: the points' own rounding (half an eps each, in the
            // edges and the cross product) over a handful of operations.
            prop_assert!((exact - rounded).abs() <= 8.0 * f64::from(f32::EPSILON) * size,
                "{exact} {rounded} size {size}");
        }
    }
}
