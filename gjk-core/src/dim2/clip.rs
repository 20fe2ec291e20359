//! The plane's clipping: the incident edge of one shape clipped to the slab of the
//! reference edge of the other (Box2D's clipping), the step of `manifold` that turns
//! two touching faces into contact points.

use crate::query::manifold::values::{ContactFeature, ContactId, Manifold, ManifoldPoint};
use crate::{Scalar, SupportEdge, Transform, Vec2};

/// How much better B's face must line up with the normal than A's (in cosine) to be
/// the reference face: about 2.5 degrees of tilt. Without a bias the choice flips
/// between A and B as a resting box tilts back and forth by rounding, and the points'
/// ids with it; Box2D biases by a tenth of its linear slop for the same reason.
pub(crate) const FLIP_BIAS: f64 = 1e-3;

/// The largest angle (its sine) between the normal and the better-aligned face normal
/// for the contact to count as face against face. GJK's and EPA's normals are a face
/// normal up to rounding (a few epsilons) when a face is involved; between two vertices
/// (box corners, capsule tips) they point anywhere in the vertices' normal cones, and
/// clipping a face there measures along the wrong axis: such contacts take the single
/// point. A thousandth of a radian is far above rounding in `f32` and far below the
/// tilt of any face pair that should give two points.
pub(crate) const FACE_ANGLE: f64 = 1e-3;

/// The radii and the speculative distance.
pub(crate) struct Radii<S> {
    pub(crate) a: S,
    pub(crate) b: S,
    pub(crate) speculative: S,
}

/// Two faces found to touch, in A's frame, for [`clip_faces`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FacePair<S> {
    /// The reference face: the one the contact is measured from.
    pub reference: SupportEdge<S>,
    /// The other shape's face most nearly opposite the reference face's normal.
    pub incident: SupportEdge<S>,
    /// Whether the reference face is A's (otherwise B's).
    pub reference_on_a: bool,
    /// A's radius.
    pub radius_a: S,
    /// B's radius.
    pub radius_b: S,
    /// Points up to this far apart are kept.
    pub speculative_distance: S,
}

/// The manifold of two faces in contact: the incident face clipped to the slab of the
/// reference face (Box2D's clipping), the clipped ends within the speculative distance
/// kept, each with both surface points, its separation along the reference normal and
/// the ids `(reference vertex, incident vertex)` in A/B order. This is the clipping
/// step of [`manifold`](crate::manifold), for pair-specific paths that find the faces by other means
/// (separating axes for two polygons, in `gjk-shapes`). The faces are in A's frame,
/// `b_in_a` places B in A's frame; the result is in the frames of [`Manifold`].
///
/// ```
/// use gjk_core::{clip_faces, FacePair, FeatureId, SupportEdge, SupportPoint, Transform, Vec2};
/// let point = |x: f32, y: f32, id| SupportPoint::new(Vec2::new(x, y), FeatureId::vertex(id));
/// // A's top face from (1, 1) to (-1, 1); B's bottom face from (-0.5, 0.9) to (0.5, 0.9).
/// let faces = FacePair {
///     reference: SupportEdge { start: point(1.0, 1.0, 2), end: point(-1.0, 1.0, 3) },
///     incident: SupportEdge { start: point(-0.5, 0.9, 0), end: point(0.5, 0.9, 1) },
///     reference_on_a: true,
///     radius_a: 0.0,
///     radius_b: 0.0,
///     speculative_distance: 0.02,
/// };
/// let contact = clip_faces(&faces, Transform::IDENTITY);
/// assert_eq!(contact.points().len(), 2);
/// assert!((contact.points()[0].separation + 0.1).abs() < 1e-6);
/// ```
pub fn clip_faces<S: Scalar>(faces: &FacePair<S>, b_in_a: Transform<S>) -> Manifold<S> {
    let side = if faces.reference_on_a {
        Side::A
    } else {
        Side::B
    };
    let radii = Radii {
        a: faces.radius_a,
        b: faces.radius_b,
        speculative: faces.speculative_distance,
    };
    clip(faces.reference, faces.incident, side, &radii).with_anchor_b_in_frame_of(b_in_a)
}

/// The shape whose face is the reference face.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Side {
    A,
    B,
}

/// Whether the faces facing the normal touch face to face, and if so which one is the
/// reference face (with its outward normal): A's unless B's lines up with the normal
/// clearly better ([`FLIP_BIAS`]).
pub(crate) fn reference_side<S: Scalar>(
    edge_a: SupportEdge<S>,
    edge_b: SupportEdge<S>,
    normal: Vec2<S>,
) -> Option<(Side, Vec2<S>)> {
    let (normal_a, normal_b) = (edge_a.outward_normal()?, edge_b.outward_normal()?);
    let alignment_a = normal_a.dot(normal);
    let alignment_b = -normal_b.dot(normal);
    let misalignment = if alignment_a >= alignment_b {
        normal_a.cross(normal)
    } else {
        normal_b.cross(normal)
    };
    let faces_touch =
        alignment_a.max(alignment_b) > S::ZERO && misalignment.abs() <= S::from_f64(FACE_ANGLE);
    if !faces_touch {
        return None;
    }
    Some(if alignment_b > alignment_a + S::from_f64(FLIP_BIAS) {
        (Side::B, normal_b)
    } else {
        (Side::A, normal_a)
    })
}

/// Clips the incident edge to the reference edge's slab, in A's frame, and returns the
/// points within the speculative distance (anchors of B still in A's frame).
pub(crate) fn clip<S: Scalar>(
    reference: SupportEdge<S>,
    incident: SupportEdge<S>,
    side: Side,
    radii: &Radii<S>,
) -> Manifold<S> {
    let (Some(reference_normal), Some(incident_normal)) =
        (reference.outward_normal(), incident.outward_normal())
    else {
        return Manifold::empty();
    };
    let flip = side == Side::B;
    let (radius_reference, radius_incident) = if flip {
        (radii.b, radii.a)
    } else {
        (radii.a, radii.b)
    };
    let origin = reference.start.point;
    let length = (reference.end.point - origin).length();
    let tangent = (reference.end.point - origin) / length;
    // The incident edge's ends along the reference edge, lower first (facing edges run
    // opposite ways, so that is usually its end).
    let along = |point: Vec2<S>| tangent.dot(point - origin);
    let (low, high) = if along(incident.end.point) <= along(incident.start.point) {
        (incident.end, incident.start)
    } else {
        (incident.start, incident.end)
    };
    let (low_along, high_along) = (along(low.point), along(high.point));
    // Written so that NaN fails: no overlap of the incident edge with the slab.
    if !(low_along <= length && high_along >= S::ZERO) {
        return Manifold::empty();
    }
    let span = high_along - low_along;
    let at = |offset: S| {
        if span > S::ZERO {
            low.point.lerp(high.point, (offset - low_along) / span)
        } else {
            low.point
        }
    };
    let low_point = if low_along < S::ZERO {
        at(S::ZERO)
    } else {
        low.point
    };
    let high_point = if high_along > length {
        at(length)
    } else {
        high.point
    };
    let manifold_normal = if flip {
        -reference_normal
    } else {
        reference_normal
    };
    // The incident vertex deepest along the reference normal: the incident shape's
    // support vertex along `-reference_normal`, whose rounded surface reaches deepest
    // straight below it.
    let deepest_end = if reference_normal.dot(low.point) <= reference_normal.dot(high.point) {
        low.point
    } else {
        high.point
    };
    let mut clipped = Manifold::with_normal(manifold_normal);
    for (point, reference_vertex, incident_vertex) in [
        (low_point, reference.start.feature, low.feature),
        (high_point, reference.end.feature, high.feature),
    ] {
        // The surface points: the foot of `point` on the reference face pushed out by
        // its radius; and on the incident side the support point of the rounded
        // shape along `-reference_normal` at the deepest vertex, elsewhere `point`
        // pushed out along the incident edge's own normal. Both lie exactly on their
        // rounded surfaces however the faces are tilted, and a tilted capsule's
        // rounded end is measured at its lowest point.
        let depth_along = reference_normal.dot(point - origin);
        let on_reference = point - reference_normal * (depth_along - radius_reference);
        let on_incident = if point == deepest_end {
            point - reference_normal * radius_incident
        } else {
            point + incident_normal * radius_incident
        };
        let separation = reference_normal.dot(on_incident - on_reference);
        // Written so that NaN fails.
        let within = separation <= radii.speculative;
        if !within {
            continue;
        }
        let (reference_feature, incident_feature) = (
            ContactFeature::from_support(reference_vertex),
            ContactFeature::from_support(incident_vertex),
        );
        let (anchor_a, anchor_b, id) = if flip {
            (
                on_incident,
                on_reference,
                ContactId {
                    feature_a: incident_feature,
                    feature_b: reference_feature,
                },
            )
        } else {
            (
                on_reference,
                on_incident,
                ContactId {
                    feature_a: reference_feature,
                    feature_b: incident_feature,
                },
            )
        };
        clipped.push(ManifoldPoint {
            anchor_a,
            anchor_b,
            separation,
            id,
        });
    }
    clipped
}
