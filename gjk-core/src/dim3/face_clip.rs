//! 3D clipping: the incident face of one shape cut to the reference face of the other,
//! seen along the contact normal, and the points reduced to four.
//!
//! ```text
//! reference = the polygon whose normal lines up better with n (A's unless B's is
//!             clearly better); incident = the other shape's face or segment
//! up = n from the reference shape towards the incident one
//! side planes: through each reference edge, containing up (the face's prism)
//! candidates, each an incident point p with the ids of the features that meet there:
//!     incident vertices inside the prism            (reference face,   incident vertex)
//!     incident edges crossing a side plane           (reference edge,   incident edge)
//!     reference vertices inside the incident polygon (reference vertex, incident face)
//! gap t of p above the reference plane, along up; separation = t - radii
//! keep separation <= speculative distance
//! more than four: the deepest (ties within TIE of the patch to the first met),
//!     the farthest from it, the largest triangle with those two, and the point that
//!     adds the most area on the triangle's far side
//! ```
//!
//! Why along the normal, not the reference face's own normal: where faces meet at an
//! angle (two boxes crossing edge to edge, each face tilted from the normal) the point
//! where the incident edge crosses the reference edge's side plane is exactly the
//! edges' nearest point, and its gap along the normal is the shapes' distance there.
//! When the faces are parallel the two directions agree.
//!
//! No face has a size limit: vertices are read one at a time, the reference face's
//! side planes are kept only for faces of up to `SIDE_CACHE` edges, and the
//! reduction keeps the first `KEPT_CANDIDATES` candidates of its first pass; beyond
//! them each pass enumerates the candidates again.

use crate::dim2::clip::{FACE_ANGLE, FLIP_BIAS};
use crate::query::manifold::values::{ContactFeature, ContactId, Manifold, ManifoldPoint};
use crate::{FeatureId, Scalar, SupportFace, SupportPoint, Vec3};

/// The least cosine between the reference face's normal and the contact normal for
/// the faces to be clipped (about 84 degrees). Gaps divide by it; a face that meets
/// the normal at a grazing angle is not where the shapes touch, and the contact is a
/// single point. Boxes, whose face nearest any direction is within 55 degrees of it,
/// always pass; a triangle seen edge-on gives its edge instead of its face.
const MIN_FACING: f64 = 0.1;

/// The relative margin within which the reduction treats candidates as equally good
/// and keeps the one met first (the enumeration order follows the features, so it is
/// the same from frame to frame): depths within `TIE` times the patch's extent, and
/// distances and areas within `TIE` of the best. A resting shape that rocks by less
/// than a thousandth of a radian then keeps the same points and ids, where the
/// strictly deepest point would flip between its corners. The same thousandth as
/// the plane's face angle.
const TIE: f64 = FACE_ANGLE;

/// An edge of a face: its index around the face and its two ends.
type FaceEdge<S> = (u32, SupportPoint<S, Vec3<S>>, SupportPoint<S, Vec3<S>>);

/// A shape's face along the normal, in A's frame: the polygon or segment and a way to
/// read its vertices (one call per vertex, so that any size needs no buffer). A
/// segment's ends, and the vertices of a polygon of up to `SIDE_CACHE` of them, are
/// read once, when the face is made: the clipping reads each several times, and a vertex of B's face is a
/// shape's call and a transform (two boxes' clipping read 30 vertices, which took
/// two fifths of the query).
pub(crate) struct Face<S: Scalar, F> {
    kind: SupportFace<S>,
    vertex_of: F,
    /// The polygon's vertices when they are kept (`kept` of them), in order.
    vertices: [SupportPoint<S, Vec3<S>>; SIDE_CACHE],
    kept: u32,
}

impl<S: Scalar, F: Fn(u32, u32) -> Option<SupportPoint<S, Vec3<S>>>> Face<S, F> {
    pub(crate) fn new(kind: SupportFace<S>, vertex_of: F) -> Self {
        let mut vertices = [SupportPoint::new(Vec3::ZERO, FeatureId::SMOOTH); SIDE_CACHE];
        let mut kept = 0;
        match kind {
            SupportFace::Polygon {
                id, vertex_count, ..
            } if vertex_count as usize <= SIDE_CACHE => {
                for (k, slot) in (0..vertex_count).zip(vertices.iter_mut()) {
                    let Some(vertex) = vertex_of(id, k) else {
                        break;
                    };
                    *slot = vertex;
                    kept += 1;
                }
            }
            SupportFace::Segment(start, end) => {
                vertices[0] = start;
                vertices[1] = end;
                kept = 2;
            }
            SupportFace::Polygon { .. } => {}
        }
        Self {
            kind,
            vertex_of,
            vertices,
            kept,
        }
    }

    pub(crate) fn is_polygon(&self) -> bool {
        matches!(self.kind, SupportFace::Polygon { .. })
    }

    /// The number of vertices: the polygon's, or two for a segment.
    fn count(&self) -> u32 {
        match self.kind {
            SupportFace::Polygon { vertex_count, .. } => vertex_count,
            SupportFace::Segment(..) => 2,
        }
    }

    /// Vertex `k` (wrapping around past the last one).
    #[inline]
    fn vertex(&self, k: u32) -> Option<SupportPoint<S, Vec3<S>>> {
        let count = self.count();
        // The clipping asks for at most one past the last; no division then.
        let k = if k < count || count == 0 {
            k
        } else if k == count {
            0
        } else {
            k % count
        };
        if k < self.kept {
            return self.vertices.get(k as usize).copied();
        }
        self.vertex_read(k)
    }

    /// Vertex `k` (below the count) of a polygon whose vertices are not kept, as the
    /// shape gives it. Out of line, so that the kept faces' reads stay small.
    #[inline(never)]
    fn vertex_read(&self, k: u32) -> Option<SupportPoint<S, Vec3<S>>> {
        match self.kind {
            SupportFace::Polygon { id, .. } => (self.vertex_of)(id, k),
            SupportFace::Segment(..) => None,
        }
    }

    /// The polygon's outward normal and id.
    fn plane(&self) -> Option<(Vec3<S>, u32)> {
        match self.kind {
            SupportFace::Polygon { id, normal, .. } => Some((normal, id)),
            SupportFace::Segment(..) => None,
        }
    }

    /// The edges `(k, start, end)`: around a polygon, the segment itself once.
    fn edges(&self) -> impl Iterator<Item = FaceEdge<S>> + '_ {
        let edge_count = if self.is_polygon() { self.count() } else { 1 };
        (0..edge_count).map_while(move |k| Some((k, self.vertex(k)?, self.vertex(k + 1)?)))
    }

    /// Whether every vertex can be read (a shape that names more vertices than it
    /// gives has no usable face).
    fn is_readable(&self) -> bool {
        self.kept == self.count() || (0..self.count()).all(|k| self.vertex(k).is_some())
    }
}

/// How close, in epsilons of `S` times an edge's length, a point must be to the edge
/// (or a segment's end) to lie on it: the rounding of GJK's and EPA's points on
/// polytopes, a few epsilons of the size, with room to spare. A point farther in lies
/// on the face.
const ON_EDGE_EPSILONS: f64 = 64.0;

/// The feature of `face` that `point` (on the face's shape, near the face) lies on:
/// the face itself, one of its edges or one of its vertices, to the rounding of the
/// point (`ON_EDGE_EPSILONS`). Names the single point of a contact that clipping
/// cannot make.
pub(crate) fn locate<S, F>(face: &Face<S, F>, point: Vec3<S>) -> ContactFeature
where
    S: Scalar,
    F: Fn(u32, u32) -> Option<SupportPoint<S, Vec3<S>>>,
{
    let tie = S::from_f64(ON_EDGE_EPSILONS) * S::EPS;
    match face.plane() {
        None => {
            let (Some(start), Some(end)) = (face.vertex(0), face.vertex(1)) else {
                return ContactFeature::Smooth;
            };
            let along = end.point - start.point;
            let fraction = along.dot(point - start.point) / along.length_squared();
            if fraction <= tie {
                ContactFeature::from_support(start.feature)
            } else if fraction >= S::ONE - tie {
                ContactFeature::from_support(end.feature)
            } else {
                ContactFeature::between(start.feature, end.feature)
            }
        }
        Some((normal, id)) => {
            // The edges `point` lies on (or beyond): at most two adjacent ones unless
            // the face is a sliver.
            let mut near = [None; 2];
            let mut count = 0;
            for (k, start, end) in face.edges() {
                let edge = end.point - start.point;
                // `|edge|` times the distance outside the edge, within the face's plane.
                let outward = edge.cross(normal).dot(point - start.point);
                if outward >= -tie * edge.length_squared() {
                    if let Some(slot) = near.get_mut(count) {
                        *slot = Some((k, start, end));
                    }
                    count += 1;
                }
            }
            match (count, near) {
                (0, _) => ContactFeature::Face(id),
                (1, [Some((_, start, end)), _]) => {
                    ContactFeature::between(start.feature, end.feature)
                }
                (2, [Some((first, start, first_end)), Some((second, _, _))]) => {
                    if second == first + 1 {
                        ContactFeature::from_support(first_end.feature)
                    } else if first == 0 && second + 1 == face.count() {
                        ContactFeature::from_support(start.feature)
                    } else {
                        ContactFeature::Face(id)
                    }
                }
                _ => ContactFeature::Face(id),
            }
        }
    }
}

/// The contact normal and what the points are measured with.
pub(crate) struct FaceClip<S> {
    /// Unit normal from A to B.
    pub normal: Vec3<S>,
    pub radius_a: S,
    pub radius_b: S,
    pub speculative_distance: S,
}

/// One candidate point: where it lies on the reference plane (for the reduction's
/// distances and areas) and the point itself.
#[derive(Clone, Copy)]
struct Candidate<S> {
    on_reference: Vec3<S>,
    point: ManifoldPoint<S, Vec3<S>>,
}

/// The reference face as the candidates are measured against it.
struct Reference<S> {
    /// The contact normal from the reference shape towards the incident one.
    up: Vec3<S>,
    /// The reference face's outward normal, its id and a vertex of it.
    normal: Vec3<S>,
    id: u32,
    origin: Vec3<S>,
    /// `normal . up`, at least `MIN_FACING`.
    facing: S,
    radius: S,
    incident_radius: S,
    speculative_distance: S,
    on_a: bool,
}

impl<S: Scalar> Reference<S> {
    /// The candidate at the incident point `point` with the reference feature
    /// `reference_feature` and incident feature `incident_feature`, if within the
    /// speculative distance.
    fn candidate(
        &self,
        point: Vec3<S>,
        reference_feature: ContactFeature,
        incident_feature: ContactFeature,
    ) -> Option<Candidate<S>> {
        let gap = self.normal.dot(point - self.origin) / self.facing;
        let separation = gap - self.radius - self.incident_radius;
        // Written so that NaN fails.
        let within = separation <= self.speculative_distance;
        if !within {
            return None;
        }
        let on_reference = point - self.up * gap;
        let anchor_reference = on_reference + self.up * self.radius;
        let anchor_incident = point - self.up * self.incident_radius;
        let point = if self.on_a {
            ManifoldPoint {
                anchor_a: anchor_reference,
                anchor_b: anchor_incident,
                separation,
                id: ContactId {
                    feature_a: reference_feature,
                    feature_b: incident_feature,
                },
            }
        } else {
            ManifoldPoint {
                anchor_a: anchor_incident,
                anchor_b: anchor_reference,
                separation,
                id: ContactId {
                    feature_a: incident_feature,
                    feature_b: reference_feature,
                },
            }
        };
        Some(Candidate {
            on_reference,
            point,
        })
    }
}

impl<S: Scalar> FaceClip<S> {
    /// The manifold of two faces at least one of which is a polygon (anchors of B in
    /// A's frame); empty when clipping keeps no point. `nearest` is the point at the
    /// cores' nearest (or deepest) points: kept as the deepest when the clipped points
    /// miss its depth (beyond the reduction's tie), which happens where a face stands
    /// in for a curved surface (a tilted cylinder's cap, whose octagon misses the
    /// rim's lowest point) or is not the one the shapes touch on.
    pub(crate) fn faces<FA, FB>(
        &self,
        face_a: &Face<S, FA>,
        face_b: &Face<S, FB>,
        nearest: ManifoldPoint<S, Vec3<S>>,
    ) -> Manifold<S, Vec3<S>>
    where
        FA: Fn(u32, u32) -> Option<SupportPoint<S, Vec3<S>>>,
        FB: Fn(u32, u32) -> Option<SupportPoint<S, Vec3<S>>>,
    {
        let alignment_a = face_a.plane().map(|(normal, _)| normal.dot(self.normal));
        let alignment_b = face_b.plane().map(|(normal, _)| -normal.dot(self.normal));
        let reference_on_a = match (alignment_a, alignment_b) {
            (Some(a), Some(b)) => b <= a + S::from_f64(FLIP_BIAS),
            (Some(_), None) => true,
            _ => false,
        };
        if reference_on_a {
            self.clipped(face_a, face_b, true, nearest)
        } else {
            self.clipped(face_b, face_a, false, nearest)
        }
    }

    fn clipped<FR, FI>(
        &self,
        reference: &Face<S, FR>,
        incident: &Face<S, FI>,
        on_a: bool,
        nearest: ManifoldPoint<S, Vec3<S>>,
    ) -> Manifold<S, Vec3<S>>
    where
        FR: Fn(u32, u32) -> Option<SupportPoint<S, Vec3<S>>>,
        FI: Fn(u32, u32) -> Option<SupportPoint<S, Vec3<S>>>,
    {
        let up = if on_a { self.normal } else { -self.normal };
        let (Some((normal, id)), Some(origin)) = (reference.plane(), reference.vertex(0)) else {
            return Manifold::empty();
        };
        let facing = normal.dot(up);
        // Written so that NaN fails.
        let faces_the_normal = facing >= S::from_f64(MIN_FACING);
        if !faces_the_normal || !reference.is_readable() || !incident.is_readable() {
            return Manifold::empty();
        }
        let (radius, incident_radius) = if on_a {
            (self.radius_a, self.radius_b)
        } else {
            (self.radius_b, self.radius_a)
        };
        let reference_plane = Reference {
            up,
            normal,
            id,
            origin: origin.point,
            facing,
            radius,
            incident_radius,
            speculative_distance: self.speculative_distance,
            on_a,
        };
        let clipping = Clipping {
            reference,
            incident,
            plane: &reference_plane,
            sides: side_planes(reference, up),
        };
        let nearest = Candidate {
            on_reference: nearest.anchor_a,
            point: nearest,
        };
        reduced(up, |visit| clipping.for_each(visit), nearest, self.normal)
    }
}

/// The candidates of one reference face and one incident face.
struct Clipping<'c, S: Scalar, FR, FI> {
    reference: &'c Face<S, FR>,
    incident: &'c Face<S, FI>,
    plane: &'c Reference<S>,
    /// The reference face's side planes, `(a point on it, its outward normal)` per
    /// edge, when the face has at most `SIDE_CACHE` edges (boxes, triangles, caps and
    /// most hull faces); larger faces read their vertices again per test.
    sides: Option<[(Vec3<S>, Vec3<S>); SIDE_CACHE]>,
}

/// The most edges a reference face's side planes are kept for: the eight of a cap.
const SIDE_CACHE: usize = 8;

/// The side plane of the reference edge `start -> end` seen along `up`: a point on it
/// and its outward normal (outward for a face counter-clockwise about `up`).
fn side_plane<S: Scalar>(
    start: SupportPoint<S, Vec3<S>>,
    end: SupportPoint<S, Vec3<S>>,
    up: Vec3<S>,
) -> (Vec3<S>, Vec3<S>) {
    (start.point, (end.point - start.point).cross(up))
}

/// The side planes of `reference` seen along `up`, if it has at most `SIDE_CACHE`
/// edges.
fn side_planes<S, F>(
    reference: &Face<S, F>,
    up: Vec3<S>,
) -> Option<[(Vec3<S>, Vec3<S>); SIDE_CACHE]>
where
    S: Scalar,
    F: Fn(u32, u32) -> Option<SupportPoint<S, Vec3<S>>>,
{
    if reference.count() as usize > SIDE_CACHE {
        return None;
    }
    let mut sides = [(Vec3::ZERO, Vec3::ZERO); SIDE_CACHE];
    for ((_, start, end), side) in reference.edges().zip(sides.iter_mut()) {
        *side = side_plane(start, end, up);
    }
    Some(sides)
}

impl<S, FR, FI> Clipping<'_, S, FR, FI>
where
    S: Scalar,
    FR: Fn(u32, u32) -> Option<SupportPoint<S, Vec3<S>>>,
    FI: Fn(u32, u32) -> Option<SupportPoint<S, Vec3<S>>>,
{
    /// Reference edge `k`'s side plane: a point on it and its outward normal.
    fn side(&self, k: u32) -> Option<(Vec3<S>, Vec3<S>)> {
        match &self.sides {
            Some(sides) => sides.get(k as usize).copied(),
            None => {
                let (start, end) = (self.reference.vertex(k)?, self.reference.vertex(k + 1)?);
                Some(side_plane(start, end, self.plane.up))
            }
        }
    }

    /// Whether `point` lies in the reference face's prism, the side plane of edge
    /// `skip` not tested (the point lies on it).
    fn in_prism(&self, point: Vec3<S>, skip: Option<u32>) -> bool {
        (0..self.reference.count()).all(|k| {
            // Written so that NaN fails.
            Some(k) == skip
                || self
                    .side(k)
                    .is_some_and(|(on_side, outward)| outward.dot(point - on_side) <= S::ZERO)
        })
    }

    /// Every candidate, in the same order each time.
    fn for_each(&self, visit: &mut dyn FnMut(Candidate<S>)) {
        let face = ContactFeature::Face(self.plane.id);
        // Incident vertices inside the prism.
        for k in 0..self.incident.count() {
            let Some(vertex) = self.incident.vertex(k) else {
                continue;
            };
            if self.in_prism(vertex.point, None) {
                let feature = ContactFeature::from_support(vertex.feature);
                if let Some(candidate) = self.plane.candidate(vertex.point, face, feature) {
                    visit(candidate);
                }
            }
        }
        // Incident edges crossing a side plane, where the crossing is in the prism.
        for (_, start, end) in self.incident.edges() {
            let incident_edge = ContactFeature::between(start.feature, end.feature);
            for k in 0..self.reference.count() {
                let Some((side_point, outward)) = self.side(k) else {
                    continue;
                };
                let at_start = outward.dot(start.point - side_point);
                let at_end = outward.dot(end.point - side_point);
                let crosses = (at_start < S::ZERO && at_end > S::ZERO)
                    || (at_start > S::ZERO && at_end < S::ZERO);
                if !crosses {
                    continue;
                }
                let crossing = start.point.lerp(end.point, at_start / (at_start - at_end));
                let (Some(side_start), Some(side_end)) =
                    (self.reference.vertex(k), self.reference.vertex(k + 1))
                else {
                    continue;
                };
                if self.in_prism(crossing, Some(k)) {
                    let reference_edge =
                        ContactFeature::between(side_start.feature, side_end.feature);
                    if let Some(candidate) =
                        self.plane
                            .candidate(crossing, reference_edge, incident_edge)
                    {
                        visit(candidate);
                    }
                }
            }
        }
        // Reference vertices inside the incident polygon, seen along up.
        let (Some((incident_normal, incident_id)), Some(incident_origin)) =
            (self.incident.plane(), self.incident.vertex(0))
        else {
            return;
        };
        let incident_facing = incident_normal.dot(self.plane.up);
        let faces_the_reference = -incident_facing >= S::from_f64(MIN_FACING);
        if !faces_the_reference {
            return;
        }
        for k in 0..self.reference.count() {
            let Some(vertex) = self.reference.vertex(k) else {
                continue;
            };
            let along = incident_normal.dot(incident_origin.point - vertex.point) / incident_facing;
            let below = vertex.point + self.plane.up * along;
            let inside = self.incident.edges().all(|(_, start, end)| {
                // Written so that NaN fails.
                (end.point - start.point)
                    .cross(incident_normal)
                    .dot(below - start.point)
                    < S::ZERO
            });
            if inside {
                let feature = ContactFeature::from_support(vertex.feature);
                let incident_face = ContactFeature::Face(incident_id);
                if let Some(candidate) = self.plane.candidate(below, feature, incident_face) {
                    visit(candidate);
                }
            }
        }
    }
}

/// How many candidates the reduction keeps from its first pass (two boxes' faces
/// give up to 16); more are enumerated again on each pass.
const KEPT_CANDIDATES: usize = 16;

/// The candidates `for_each` enumerates, four of them at most: all when there are no
/// more, else the deepest, the farthest from it, the largest triangle with those two
/// and the point adding the most area beyond the triangle (see the module's outline).
fn reduced<S: Scalar>(
    up: Vec3<S>,
    clipped: impl Fn(&mut dyn FnMut(Candidate<S>)),
    nearest: Candidate<S>,
    normal: Vec3<S>,
) -> Manifold<S, Vec3<S>> {
    let tie = S::from_f64(TIE);
    let mut manifold = Manifold::with_normal(normal);
    let mut count = 0_usize;
    let mut deepest: Option<S> = None;
    let mut first = None;
    let mut extent = S::ZERO;
    // The candidates kept from the first pass, so that the later passes need not
    // clip again unless there are more of them.
    let mut kept: [Option<Candidate<S>>; KEPT_CANDIDATES] = [None; KEPT_CANDIDATES];
    clipped(&mut |candidate| {
        if let Some(slot) = kept.get_mut(count) {
            *slot = Some(candidate);
        }
        count += 1;
        let separation = candidate.point.separation;
        deepest = Some(deepest.map_or(separation, |least: S| least.min(separation)));
        let start = *first.get_or_insert(candidate.on_reference);
        extent = extent.max((candidate.on_reference - start).length_squared());
    });
    let (Some(clipped_deepest), Some(first)) = (deepest, first) else {
        return manifold;
    };
    // The nearest point joins (first, so that it is the deepest kept) when the
    // clipped points miss its depth by more than the tie across the patch it would
    // span, and more than the rounding of the points' coordinates.
    let spread = extent.square_root() + (nearest.on_reference - first).length();
    let rounding =
        S::from_f64(ON_EDGE_EPSILONS) * S::EPS * (nearest.on_reference.max_abs() + spread);
    let add_nearest = nearest.point.separation < clipped_deepest - tie * spread - rounding;
    let all_kept = count <= KEPT_CANDIDATES;
    let for_each = |visit: &mut dyn FnMut(Candidate<S>)| {
        if add_nearest {
            visit(nearest);
        }
        if all_kept {
            kept.iter()
                .flatten()
                .for_each(|&candidate| visit(candidate));
        } else {
            clipped(visit);
        }
    };
    let (count, deepest, extent) = if add_nearest {
        let from_first = (nearest.on_reference - first).length_squared();
        (count + 1, nearest.point.separation, extent.max(from_first))
    } else {
        (count, clipped_deepest, extent)
    };
    if count <= 4 {
        for_each(&mut |candidate| manifold.push(candidate.point));
        return manifold;
    }
    let depth_tie = deepest + tie * extent.square_root();
    let mut chosen: [Option<Candidate<S>>; 4] = [None; 4];
    // The deepest, the first met among those within the tie.
    for_each(&mut |candidate| {
        if chosen[0].is_none() && candidate.point.separation <= depth_tie {
            chosen[0] = Some(candidate);
        }
    });
    let Some(first) = chosen[0] else {
        return manifold;
    };
    let better = |value: S, best: S| value > best + best * tie;
    // The farthest from it.
    let mut best = S::ZERO;
    for_each(&mut |candidate| {
        let spread = (candidate.on_reference - first.on_reference).length_squared();
        if better(spread, best) {
            best = spread;
            chosen[1] = Some(candidate);
        }
    });
    let area = |p: Vec3<S>, q: Vec3<S>, r: Vec3<S>| (q - p).cross(r - p).dot(up);
    if let Some(second) = chosen[1] {
        // The largest triangle with both.
        let mut best = S::ZERO;
        for_each(&mut |candidate| {
            let size = area(
                first.on_reference,
                second.on_reference,
                candidate.on_reference,
            )
            .abs();
            if better(size, best) {
                best = size;
                chosen[2] = Some(candidate);
            }
        });
        if let Some(third) = chosen[2] {
            // The most area added beyond one of the triangle's edges.
            let orientation = area(first.on_reference, second.on_reference, third.on_reference);
            let sign = if orientation >= S::ZERO {
                S::ONE
            } else {
                -S::ONE
            };
            let mut best = S::ZERO;
            for_each(&mut |candidate| {
                let at = candidate.on_reference;
                let added = [
                    area(first.on_reference, second.on_reference, at),
                    area(second.on_reference, third.on_reference, at),
                    area(third.on_reference, first.on_reference, at),
                ]
                .into_iter()
                .fold(S::ZERO, |most, signed| most.max(-sign * signed));
                if better(added, best) {
                    best = added;
                    chosen[3] = Some(candidate);
                }
            });
        }
    }
    for candidate in chosen.into_iter().flatten() {
        manifold.push(candidate.point);
    }
    manifold
}

/// Two parallel segments (capsule cores lying side by side): the segment of B clipped
/// to the slab of A's, up to two points; empty when they are not parallel (within
/// `TIE`) or do not overlap along A's, for the single point.
pub(crate) fn segments_clipped<S, FA, FB>(
    face_a: &Face<S, FA>,
    face_b: &Face<S, FB>,
    clip: &FaceClip<S>,
) -> Manifold<S, Vec3<S>>
where
    S: Scalar,
    FA: Fn(u32, u32) -> Option<SupportPoint<S, Vec3<S>>>,
    FB: Fn(u32, u32) -> Option<SupportPoint<S, Vec3<S>>>,
{
    let mut manifold = Manifold::with_normal(clip.normal);
    let (Some(a0), Some(a1), Some(b0), Some(b1)) = (
        face_a.vertex(0),
        face_a.vertex(1),
        face_b.vertex(0),
        face_b.vertex(1),
    ) else {
        return manifold;
    };
    let (along_a, along_b) = (a1.point - a0.point, b1.point - b0.point);
    let parallel = along_a.cross(along_b).length_squared()
        <= S::from_f64(TIE * TIE) * along_a.length_squared() * along_b.length_squared();
    let length_squared = along_a.length_squared();
    let has_length = length_squared > S::ZERO;
    if !parallel || !has_length {
        return Manifold::empty();
    }
    let fraction = |point: Vec3<S>| along_a.dot(point - a0.point) / length_squared;
    let (low, high) = if fraction(b0.point) <= fraction(b1.point) {
        (b0, b1)
    } else {
        (b1, b0)
    };
    let (low_fraction, high_fraction) = (fraction(low.point), fraction(high.point));
    // Written so that NaN fails.
    if !(low_fraction <= S::ONE && high_fraction >= S::ZERO) {
        return Manifold::empty();
    }
    let edge_a = ContactFeature::between(a0.feature, a1.feature);
    let edge_b = ContactFeature::between(b0.feature, b1.feature);
    let span = high_fraction - low_fraction;
    let on_b = |at: S| {
        if span > S::ZERO {
            low.point.lerp(high.point, (at - low_fraction) / span)
        } else {
            low.point
        }
    };
    let ends = [
        if low_fraction < S::ZERO {
            (
                S::ZERO,
                on_b(S::ZERO),
                ContactFeature::from_support(a0.feature),
                edge_b,
            )
        } else {
            (
                low_fraction,
                low.point,
                edge_a,
                ContactFeature::from_support(low.feature),
            )
        },
        if high_fraction > S::ONE {
            (
                S::ONE,
                on_b(S::ONE),
                ContactFeature::from_support(a1.feature),
                edge_b,
            )
        } else {
            (
                high_fraction,
                high.point,
                edge_a,
                ContactFeature::from_support(high.feature),
            )
        },
    ];
    for (at, point_b, feature_a, feature_b) in ends {
        let point_a = a0.point + along_a * at;
        let anchor_a = point_a + clip.normal * clip.radius_a;
        let anchor_b = point_b - clip.normal * clip.radius_b;
        let separation = clip.normal.dot(anchor_b - anchor_a);
        // Written so that NaN fails.
        if separation <= clip.speculative_distance {
            manifold.push(ManifoldPoint {
                anchor_a,
                anchor_b,
                separation,
                id: ContactId {
                    feature_a,
                    feature_b,
                },
            });
        }
    }
    manifold
}
