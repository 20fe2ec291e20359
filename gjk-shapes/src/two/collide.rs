//! `collide_polygons`: the contact manifold of two (rounded) polygons by separating
//! axes, Box2D's `b2CollidePolygons`, several times faster than the generic
//! [`gjk_core::manifold`] (which runs GJK and, for overlapping shapes, EPA).
//!
//! ```text
//! separation of A's edge i = min over B's vertices v of n_i . (v - a_i)
//! (edge_a, sep_a) = A's edge of largest separation; (edge_b, sep_b) likewise for B
//! either separation beyond speculative + radii          -> no points
//! reference = A's edge, unless B's separates clearly more (bias)
//! incident = the other polygon's edge most nearly opposite the reference normal
//! apart, and the two edges nearest each other at two of their ends
//!                                                     -> the generic path (GJK)
//! otherwise clip the incident edge to the reference slab (gjk_core::clip_faces)
//! nothing left in the slab (corners meeting while overlapping)
//!                                                     -> the generic path
//! ```
//!
//! For overlapping polygons the largest edge separation is minus the penetration
//! depth (the separating-axis theorem: the Minkowski difference of two polygons has
//! only their edge normals), so the reference face is the face of least penetration.
//! For polygons apart it is a lower bound of their distance, exact unless the closest
//! features are two corners, which the corner test hands to GJK.

use gjk_core::{
    ContactShape, FacePair, FeatureId, Manifold, QueryError, Scalar, SupportEdge, SupportPoint,
    Transform, Vec2, clip_faces,
};

use crate::{Polygon, Rect, Rounded};

/// A convex polygon core with a radius: what [`collide_polygons`] takes (polygons,
/// boxes, and both rounded).
pub trait PolygonCore<S: Scalar>: ContactShape<S> {
    /// The number of vertices (at least three).
    fn vertex_count(&self) -> usize;
    /// Vertex `index` (counter-clockwise, local frame); callers keep `index` below
    /// [`vertex_count`](Self::vertex_count).
    fn vertex(&self, index: usize) -> Vec2<S>;
    /// The outward unit normal of the edge from vertex `index` to the next one (the
    /// last edge closes the loop). The default computes it from the two vertices (NaN
    /// for an edge without a direction, which sends the query to the generic path);
    /// polygons store theirs and boxes know them.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// use gjk_shapes::{PolygonCore, Rect};
    /// let rect = Rect::new(Vec2::new(2.0_f32, 1.0))?;
    /// assert_eq!(rect.edge_normal(1), Vec2::new(1.0, 0.0));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    fn edge_normal(&self, index: usize) -> Vec2<S> {
        let next = if index + 1 == self.vertex_count() {
            0
        } else {
            index + 1
        };
        let edge = self.vertex(next) - self.vertex(index);
        (-edge.perp())
            .normalize()
            .unwrap_or(Vec2::new(S::nan(), S::nan()))
    }
    /// The largest coordinate magnitude of the core's vertices. The default scans
    /// them; polygons keep it and boxes know it.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// use gjk_shapes::{PolygonCore, Rect};
    /// assert_eq!(Rect::new(Vec2::new(2.0_f32, 1.0))?.core_extent(), 2.0);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    fn core_extent(&self) -> S {
        (0..self.vertex_count()).fold(S::ZERO, |largest, index| {
            largest.max(self.vertex(index).max_abs())
        })
    }
}

impl<S: Scalar, const N: usize> PolygonCore<S> for Polygon<S, N> {
    #[inline]
    fn vertex_count(&self) -> usize {
        self.len()
    }
    #[inline]
    fn vertex(&self, index: usize) -> Vec2<S> {
        self.vertices().get(index).copied().unwrap_or(Vec2::ZERO)
    }
    #[inline]
    fn edge_normal(&self, index: usize) -> Vec2<S> {
        self.normals().get(index).copied().unwrap_or(Vec2::ZERO)
    }
    #[inline]
    fn core_extent(&self) -> S {
        self.extent()
    }
}

impl<S: Scalar> PolygonCore<S> for Rect<S> {
    #[inline]
    fn vertex_count(&self) -> usize {
        4
    }
    #[inline]
    fn vertex(&self, index: usize) -> Vec2<S> {
        self.vertices().get(index).copied().unwrap_or(Vec2::ZERO)
    }
    #[inline]
    fn edge_normal(&self, index: usize) -> Vec2<S> {
        // The edges of `vertices()`: bottom, right, top, left.
        let (zero, one) = (S::ZERO, S::ONE);
        [
            Vec2::new(zero, -one),
            Vec2::new(one, zero),
            Vec2::new(zero, one),
            Vec2::new(-one, zero),
        ]
        .get(index)
        .copied()
        .unwrap_or(Vec2::ZERO)
    }
    #[inline]
    fn core_extent(&self) -> S {
        self.half_extents().max_abs()
    }
}

impl<S: Scalar, T: PolygonCore<S>> PolygonCore<S> for Rounded<S, T> {
    #[inline]
    fn vertex_count(&self) -> usize {
        self.core().vertex_count()
    }
    #[inline]
    fn vertex(&self, index: usize) -> Vec2<S> {
        self.core().vertex(index)
    }
    #[inline]
    fn edge_normal(&self, index: usize) -> Vec2<S> {
        self.core().edge_normal(index)
    }
    #[inline]
    fn core_extent(&self) -> S {
        self.core().core_extent()
    }
}

/// How much more B's best edge must separate than A's to be the reference face, as a
/// share of the smaller shape's size: a thousandth. Box2D uses a tenth of its linear slop
/// (0.5 mm on metre-sized shapes) for the same purpose: without a bias the reference
/// flips between the two faces of a resting contact as they tilt back and forth by
/// rounding, and the points' ids with it.
const FLIP_BIAS: f64 = 1e-3;

/// The contact manifold of two polygons (or boxes, rounded or not) by separating axes:
/// the same contract as [`gjk_core::manifold`] (points within `speculative_distance`,
/// ids `(reference vertex, incident vertex)`, the result in A's frame), without GJK or
/// EPA.
///
/// Errors: [`QueryError::InvalidInput`] for an invalid transform or a negative or
/// non-finite speculative distance.
///
/// ```
/// use gjk_core::{Transform, Vec2};
/// use gjk_shapes::{Rect, collide_polygons};
///
/// // Box2D's case: boxes of half-extent 0.5 with centres 0.9 apart.
/// let square = Rect::new(Vec2::new(0.5_f32, 0.5))?;
/// let xf_b = Transform::from_translation(Vec2::new(0.9, 0.0));
/// let contact = collide_polygons(&square, Transform::IDENTITY, &square, xf_b, 0.02).unwrap();
/// assert_eq!(contact.points().len(), 2);
/// assert!((contact.points()[0].separation + 0.1).abs() < 1e-6);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
pub fn collide_polygons<S, A, B>(
    a: &A,
    xf_a: Transform<S>,
    b: &B,
    xf_b: Transform<S>,
    speculative_distance: S,
) -> Result<Manifold<S>, QueryError>
where
    S: Scalar,
    A: PolygonCore<S> + ?Sized,
    B: PolygonCore<S> + ?Sized,
{
    let usable = xf_a.is_valid()
        && xf_b.is_valid()
        && speculative_distance >= S::ZERO
        && speculative_distance.is_finite();
    if !usable || a.vertex_count() < 3 || b.vertex_count() < 3 {
        return Err(QueryError::InvalidInput);
    }
    let (radius_a, radius_b) = (a.radius(), b.radius());
    let b_in_a = xf_a.inv_mul(xf_b);
    let a_in_b = xf_b.inv_mul(xf_a);
    let reach = speculative_distance + radius_a + radius_b;
    // A's faces first: shapes apart along one of them need nothing of B's (Box2D's
    // early out).
    let Some((edge_a, separation_a)) = max_separation(a, b, b_in_a) else {
        return generic_manifold(a, xf_a, b, xf_b, speculative_distance);
    };
    if separation_a > reach {
        return Ok(Manifold::empty());
    }
    let Some((edge_b, separation_b)) = max_separation(b, a, a_in_b) else {
        return generic_manifold(a, xf_a, b, xf_b, speculative_distance);
    };
    if separation_b > reach {
        return Ok(Manifold::empty());
    }
    // Relative to the smaller shape: a bias relative to the larger one could prefer a
    // small shape's face although a large one's separates far more.
    let size = extent(a).min(extent(b));
    let flip = separation_b > separation_a + S::from_f64(FLIP_BIAS) * size;
    // Both faces in A's frame.
    let (reference, incident) = if flip {
        let reference = edge_of(b, edge_b).transformed(b_in_a);
        let normal = b_in_a.rotation.rotate(b.edge_normal(edge_b));
        (reference, incident_edge(a, normal))
    } else {
        let reference = edge_of(a, edge_a);
        let normal_in_b = b_in_a.rotation.inv_rotate(a.edge_normal(edge_a));
        (reference, incident_edge(b, normal_in_b).transformed(b_in_a))
    };
    let faces = FacePair {
        reference,
        incident,
        reference_on_a: !flip,
        radius_a,
        radius_b,
        speculative_distance,
    };
    let clipped = if separation_a.max(separation_b) > S::ZERO && nearest_at_corners(&faces) {
        Manifold::empty()
    } else {
        clip_faces(&faces, b_in_a)
    };
    if clipped.is_empty() {
        // Apart corner to corner, where no face normal is the contact normal (Box2D's
        // boxes a gap of (0.01, 0.01) apart), or faces that miss each other's slab
        // although the polygons are within reach (corners meeting while overlapping,
        // slivers): rare, and the generic path answers them exactly from GJK (and EPA).
        return generic_manifold(a, xf_a, b, xf_b, speculative_distance);
    }
    Ok(clipped)
}

/// The generic manifold (GJK, and EPA for overlapping cores), out of line: the rare
/// pairs separating axes cannot answer. Separations that are not finite (coordinates
/// whose products under- or overflow: boxes 1e-39 wide, found by fuzzing, read as
/// 15.75 deep instead of 15.75 apart before the normals were unit), which GJK scales
/// its way through; and faces that leave no clipped point (see the caller).
#[cold]
#[inline(never)]
fn generic_manifold<S, A, B>(
    a: &A,
    xf_a: Transform<S>,
    b: &B,
    xf_b: Transform<S>,
    speculative_distance: S,
) -> Result<Manifold<S>, QueryError>
where
    S: Scalar,
    A: PolygonCore<S> + ?Sized,
    B: PolygonCore<S> + ?Sized,
{
    gjk_core::manifold(a, xf_a, b, xf_b, speculative_distance)
}

/// The edge of `shape` whose outward normal separates `other` (placed in `shape`'s
/// frame by `other_in_shape`) the most, and that separation: `min over other's
/// vertices v of n . (v - start)` for the edge's unit normal `n`. `None` when a
/// separation is not finite (coordinates whose products overflow, or a core without
/// usable normals).
///
/// Box2D's `b2FindMaxSeparation`, reading the stored unit normals: against ranking
/// unnormalized normals by `g |g| / |m|^2`, cross-multiplied, with one square root for
/// the winner, the stored normals with Box2D's early out after A's faces take the
/// whole manifold query from 144.5 to 109.7 µs per 1024 octagon pairs in contact
/// (criterion, same run; Box2D 130.9).
fn max_separation<S, P, Q>(shape: &P, other: &Q, other_in_shape: Transform<S>) -> Option<(usize, S)>
where
    S: Scalar,
    P: PolygonCore<S> + ?Sized,
    Q: PolygonCore<S> + ?Sized,
{
    let mut best = (0, S::neg_infinity());
    // The sum of every separation: finite exactly when each is (or, rarely, when
    // they overflow together, which only sends the query to the generic path).
    let mut total = S::ZERO;
    for index in 0..shape.vertex_count() {
        let normal = shape.edge_normal(index);
        // The normal in the other's frame, and the start relative to its origin there.
        let normal_there = other_in_shape.rotation.inv_rotate(normal);
        let offset = normal.dot(shape.vertex(index) - other_in_shape.translation);
        let separation = min_along(other, normal_there) - offset;
        total = total + separation;
        if separation > best.1 {
            best = (index, separation);
        }
    }
    total.is_finite().then_some(best)
}

/// `min over shape's vertices v of direction . v`, with four running minima: one
/// running minimum is a chain of dependent comparisons, each waiting for the last
/// (about 5.6 cycles per vertex measured on octagons, 70 % of the whole query);
/// four chains overlap. Vertices are validated finite, so the plain `<` minimum needs
/// none of `min`'s NaN handling.
fn min_along<S: Scalar, P: PolygonCore<S> + ?Sized>(shape: &P, direction: Vec2<S>) -> S {
    let lower = |a: S, b: S| if b < a { b } else { a };
    let count = shape.vertex_count();
    let mut minima = [S::infinity(); 4];
    let mut index = 0;
    while index + 4 <= count {
        for (lane, minimum) in minima.iter_mut().enumerate() {
            *minimum = lower(*minimum, direction.dot(shape.vertex(index + lane)));
        }
        index += 4;
    }
    while index < count {
        minima[0] = lower(minima[0], direction.dot(shape.vertex(index)));
        index += 1;
    }
    lower(lower(minima[0], minima[1]), lower(minima[2], minima[3]))
}

/// Edge `index` of `shape` as support points (local frame).
fn edge_of<S: Scalar, P: PolygonCore<S> + ?Sized>(shape: &P, index: usize) -> SupportEdge<S> {
    let next = if index + 1 == shape.vertex_count() {
        0
    } else {
        index + 1
    };
    SupportEdge {
        start: SupportPoint::new(shape.vertex(index), vertex_id(index)),
        end: SupportPoint::new(shape.vertex(next), vertex_id(next)),
    }
}

/// The edge of `shape` whose outward unit normal is most nearly opposite `normal`
/// (both in `shape`'s frame): the smallest cosine.
fn incident_edge<S: Scalar, P: PolygonCore<S> + ?Sized>(
    shape: &P,
    normal: Vec2<S>,
) -> SupportEdge<S> {
    let mut best = (0, S::infinity());
    for index in 0..shape.vertex_count() {
        let cosine = shape.edge_normal(index).dot(normal);
        if cosine < best.1 {
            best = (index, cosine);
        }
    }
    edge_of(shape, best.0)
}

/// The outward unit normal of a polygon edge (its vertices are distinct: the polygon
/// was validated).
fn outward<S: Scalar>(edge: &SupportEdge<S>) -> Vec2<S> {
    edge.outward_normal().unwrap_or(Vec2::X)
}

/// The largest coordinate of a polygon's vertices and its radius: its size, for the
/// flip bias.
fn extent<S: Scalar, P: PolygonCore<S> + ?Sized>(shape: &P) -> S {
    shape.core_extent() + shape.radius()
}

/// The sine of the largest angle between a gap and the reference normal for two
/// nearest corners to count as faces in contact (as in `gjk_core::manifold`).
const FACE_ANGLE: f64 = 1e-3;

fn vertex_id(index: usize) -> FeatureId {
    u32::try_from(index).map_or(FeatureId::SMOOTH, FeatureId::vertex)
}

/// For polygons apart: whether the reference and incident edges are nearest at an end
/// of each, with the gap between those ends leaving the reference normal (by more
/// than [`FACE_ANGLE`]): the polygons are then nearest corner to corner and the face
/// normal is not the contact normal. (Ends of parallel faces can be nearest too, boxes
/// side by side: their gap runs along the normal, and clipping is right.)
fn nearest_at_corners<S: Scalar>(faces: &FacePair<S>) -> bool {
    let (reference, incident) = (faces.reference, faces.incident);
    let nearest = closest_between_segments(
        [reference.start.point, reference.end.point],
        [incident.start.point, incident.end.point],
    );
    let Some(direction) = (nearest.on_second - nearest.on_first).normalize() else {
        return false;
    };
    nearest.first_at_end
        && nearest.second_at_end
        && outward(&reference).cross(direction).abs() > S::from_f64(FACE_ANGLE)
}

/// The closest points of two segments, and whether each is an end of its segment.
struct SegmentsNearest<S> {
    on_first: Vec2<S>,
    first_at_end: bool,
    on_second: Vec2<S>,
    second_at_end: bool,
}

/// The closest points of segments `p0 p1` and `q0 q1` (Ericson's clamped solve: the
/// lines' closest parameters, each clamped to its segment and the other recomputed).
fn closest_between_segments<S: Scalar>(
    first: [Vec2<S>; 2],
    second: [Vec2<S>; 2],
) -> SegmentsNearest<S> {
    let ([p0, p1], [q0, q1]) = (first, second);
    let (d1, d2, r) = (p1 - p0, q1 - q0, p0 - q0);
    let (a, e, f) = (d1.dot(d1), d2.dot(d2), d2.dot(r));
    let (c, b) = (d1.dot(r), d1.dot(d2));
    let clamp = |t: S| t.max(S::ZERO).min(S::ONE);
    let denominator = a * e - b * b;
    // The parameter on the first segment for the infinite lines, clamped (any value
    // for parallel segments, where every pair along the overlap is as close).
    let mut s = if denominator > S::ZERO {
        clamp((b * f - c * e) / denominator)
    } else {
        S::ZERO
    };
    let mut t = (b * s + f) / e;
    if t < S::ZERO {
        t = S::ZERO;
        s = clamp(-c / a);
    } else if t > S::ONE {
        t = S::ONE;
        s = clamp((b - c) / a);
    }
    let at_end = |u: S| u <= S::ZERO || u >= S::ONE;
    SegmentsNearest {
        on_first: p0 + d1 * s,
        first_at_end: at_end(s),
        on_second: q0 + d2 * t,
        second_at_end: at_end(t),
    }
}
