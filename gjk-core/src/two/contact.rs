//! `manifold`: the contact points of two convex shapes, for any support-mapped pair.
//!
//! ```text
//! normal n (A -> B) and core gap: GJK on the cores, EPA when they overlap
//! separation = core gap - radii;  beyond the speculative distance -> no points
//! both cores have edges (polytopes, segments):
//!     edge of A facing n, edge of B facing -n
//!     reference = the one whose normal is closer to n (A unless B is clearly closer)
//!     clip the incident edge to the reference edge's slab (its two side planes)
//!     keep the clipped ends within the speculative distance -> up to two points
//! otherwise (or when clipping keeps nothing): one point, at GJK's / EPA's witnesses
//! ```
//!
//! This is Box2D's reference-face clipping, with the face found from the GJK/EPA
//! normal instead of a separating-axis search, so it needs nothing from a shape but its
//! support mapping and [`ContactShape::support_edge`].

use crate::gjk::EpaEnd;
use crate::gjk::rescale::{Scaled, scaled_about};
use crate::gjk::{Pair, Termination, checked_radii, iterate, rescue_factor, seed, shared};
use crate::two::epa::expand;
use crate::two::manifold::{ContactFeature, ContactId, Manifold, ManifoldPoint};
use crate::{ContactShape, FeatureId, QueryError, Scalar, SupportEdge, Transform, Vec2};

/// How much better B's face must line up with the normal than A's (in cosine) to be
/// the reference face: about 2.5 degrees of tilt. Without a bias the choice flips
/// between A and B as a resting box tilts back and forth by rounding, and the points'
/// ids with it; Box2D biases by a tenth of its linear slop for the same reason.
const FLIP_BIAS: f64 = 1e-3;

/// The largest angle (its sine) between the normal and the better-aligned face normal
/// for the contact to count as face against face. GJK's and EPA's normals are a face
/// normal up to rounding (a few epsilons) when a face is involved; between two vertices
/// (box corners, capsule tips) they point anywhere in the vertices' normal cones, and
/// clipping a face there measures along the wrong axis: such contacts take the single
/// point. A thousandth of a radian is far above rounding in `f32` and far below the
/// tilt of any face pair that should give two points.
const FACE_ANGLE: f64 = 1e-3;

/// The contact manifold of two shapes: a normal from A to B and up to two points,
/// each with the gap between the surfaces there and the features that make it.
///
/// Points appear once the surfaces come within `speculative_distance` of each other
/// (so that a solver sees a contact before the shapes touch) and stay while they
/// overlap. Edges against edges give two points (a box resting on a box, a capsule
/// lying on a polygon) by clipping one shape's edge against the other's; curved
/// shapes and vertex-on-vertex contacts give one. The result is in A's local frame;
/// [`Manifold::to_world`] places it.
///
/// Errors: [`QueryError::InvalidInput`] for NaN or infinite input, a negative radius
/// or speculative distance, or a rotation that is not unit length;
/// [`QueryError::MaxIterations`] when GJK hits its cap before it is certain whether
/// the shapes come within the speculative distance (never an empty manifold in place
/// of a contact); a capped loop that is already certain gives the contact it reached,
/// its separation no deeper than the truth. When
/// curved shapes overlap deeply and almost evenly in every direction (a small shape
/// near the centre of a large, nearly round ellipse), EPA cannot prove its answer
/// ([`penetration`](crate::penetration()) then reports `MaxIterations`); the manifold
/// still uses the direction EPA found, a sound contact whose depth is an upper bound
/// (moving B by it separates the shapes).
///
/// ```
/// use gjk_core::{manifold, Transform, Vec2};
/// use gjk_shapes::Rect;
///
/// // Box2D's case: unit boxes with centres 0.9 apart touch at two points, 0.1 deep.
/// let square = Rect::new(Vec2::new(0.5_f64, 0.5)).unwrap();
/// let xf_b = Transform::from_translation(Vec2::new(0.9, 0.0));
/// let contact = manifold(&square, Transform::IDENTITY, &square, xf_b, 0.02)?;
/// assert_eq!(contact.normal, Vec2::new(1.0, 0.0));
/// assert_eq!(contact.points().len(), 2);
/// for point in contact.points() {
///     assert!((point.separation + 0.1).abs() < 1e-12);
/// }
/// # Ok::<(), gjk_core::QueryError>(())
/// ```
pub fn manifold<S, A, B>(
    a: &A,
    xf_a: Transform<S>,
    b: &B,
    xf_b: Transform<S>,
    speculative_distance: S,
) -> Result<Manifold<S>, QueryError>
where
    S: Scalar,
    A: ContactShape<S> + ?Sized,
    B: ContactShape<S> + ?Sized,
{
    let (first, rescue) = measured(a, xf_a, b, xf_b, speculative_distance);
    match rescue {
        None => first,
        Some(factor) => rescaled(first, a, xf_a, b, xf_b, speculative_distance, factor),
    }
}

/// The manifold of the shapes scaled by `factor` (see `rescale.rs`), its lengths
/// scaled back; `first` when the scaled query cannot be computed. Out of line.
#[cold]
#[inline(never)]
fn rescaled<S, A, B>(
    first: Result<Manifold<S>, QueryError>,
    a: &A,
    xf_a: Transform<S>,
    b: &B,
    xf_b: Transform<S>,
    speculative_distance: S,
    factor: S,
) -> Result<Manifold<S>, QueryError>
where
    S: Scalar,
    A: ContactShape<S> + ?Sized,
    B: ContactShape<S> + ?Sized,
{
    // In A's frame moved to the world origin, as `penetration`'s rescue: the factor is
    // capped by the pair's extent, not by where the pair is, and the manifold's points
    // are relative to the bodies.
    let origin = xf_a.translation;
    let (scaled, _) = measured(
        &Scaled { shape: a, factor },
        scaled_about(xf_a, origin, factor),
        &Scaled { shape: b, factor },
        scaled_about(xf_b, origin, factor),
        speculative_distance * factor,
    );
    match scaled {
        Ok(manifold) => Ok(manifold.scaled(S::ONE / factor)),
        Err(QueryError::InvalidInput) => first,
        Err(error) => Err(error),
    }
}

/// The query as it is, with the rescaling factor of the points GJK ended on, if any.
#[inline]
fn measured<S, A, B>(
    a: &A,
    xf_a: Transform<S>,
    b: &B,
    xf_b: Transform<S>,
    speculative_distance: S,
) -> (Result<Manifold<S>, QueryError>, Option<S>)
where
    S: Scalar,
    A: ContactShape<S> + ?Sized,
    B: ContactShape<S> + ?Sized,
{
    let usable_speculation = speculative_distance >= S::ZERO && speculative_distance.is_finite();
    let Some((radius_a, radius_b)) = checked_radii(a, xf_a, b, xf_b).filter(|_| usable_speculation)
    else {
        return (Err(QueryError::InvalidInput), None);
    };
    let pair = Pair {
        a,
        b,
        relative: xf_a.inv_mul(xf_b),
    };
    let radius = radius_a + radius_b;
    let mut simplex = seed(shared(&pair), pair.relative.translation, None);
    let state = iterate::<S, Vec2<S>, _, false, false>(shared(&pair), &mut simplex, radius);
    // Capped by the pair's extent, as in `gjk::rescue_factor`: a polygon with a vertex
    // at its origin touching a point there made a simplex of 1e-39 and a factor that
    // overflowed the polygon's other vertices (an infinite depth, found by fuzzing).
    // The radii count in the extent, as in `penetration`: the scaled query adds them
    // to the core points, and a capsule with a speck of a core and a circle at one
    // place had their radii scaled to infinity (an infinite separation).
    let rescue = rescue_factor(shared(&pair), &simplex, S::ZERO, radius, false);
    let fail = |error| (Err(error), rescue);
    let nearest = match state.termination {
        Termination::InvalidInput => return fail(QueryError::InvalidInput),
        // Capped with the simplex's closest point beyond the speculative distance:
        // not even whether the shapes come within it is known. Within it they surely
        // do (`|v|` bounds the core distance from above), and the capped simplex
        // gives the contact (below).
        Termination::MaxIterations if state.closest.length() - radius > speculative_distance => {
            return fail(QueryError::MaxIterations);
        }
        Termination::CoresOverlap => {
            let deepest = expand(shared(&pair), &simplex);
            match deepest.end {
                EpaEnd::InvalidInput => return fail(QueryError::InvalidInput),
                // A full polytope still holds the deepest face found, a sound contact
                // (see `manifold`'s documentation).
                EpaEnd::MaxIterations | EpaEnd::Converged | EpaEnd::Flat => Nearest {
                    normal: deepest.normal,
                    core_gap: -deepest.depth,
                    core_a: deepest.core_a,
                    core_b: deepest.core_b,
                    features: features_of(
                        deepest
                            .face
                            .map(|vertex| (vertex.feature_a, vertex.feature_b)),
                    ),
                },
            }
        }
        // `|v|` bounds the core distance from above, so a capped loop's contact is no
        // deeper than the truth, by at most the loop's gap. A speck of an ellipse
        // (1e-30) in a circle of radius 0.0031 rescued no further than 3e-20, where the
        // squares are subnormal and GJK crawls; it answered `MaxIterations` for shapes
        // that `distance` showed overlapping (found by fuzzing).
        Termination::Converged | Termination::Separated | Termination::MaxIterations => {
            let (core_a, core_b) = simplex.witness_points();
            let count = simplex.count.min(2);
            Nearest {
                normal: state.closest.normalize().unwrap_or(Vec2::X),
                core_gap: state.closest.length(),
                core_a,
                core_b,
                features: features_of(
                    simplex.vertices[..count]
                        .iter()
                        .map(|vertex| (vertex.feature_a, vertex.feature_b)),
                ),
            }
        }
    };
    if nearest.core_gap - radius > speculative_distance {
        return (Ok(Manifold::empty()), rescue);
    }
    let radii = Radii {
        a: radius_a,
        b: radius_b,
        speculative: speculative_distance,
    };
    let edge_a = a.support_edge(nearest.normal);
    let edge_b = b
        .support_edge(pair.relative.rotation.inv_rotate(-nearest.normal))
        .map(|edge| edge.transformed(pair.relative));
    let face_contact = match (edge_a, edge_b) {
        (Some(edge_a), Some(edge_b)) => reference_side(edge_a, edge_b, nearest.normal),
        _ => None,
    };
    if let Some((side, reference_normal)) = face_contact {
        // The incident edge is the other shape's edge most nearly opposite the
        // reference normal (Box2D's incident edge), which need not be the one facing
        // the GJK/EPA normal when the faces are tilted.
        let faces = match side {
            Side::A => edge_a.zip(
                b.support_edge(pair.relative.rotation.inv_rotate(-reference_normal))
                    .map(|edge| edge.transformed(pair.relative)),
            ),
            Side::B => edge_b.zip(a.support_edge(-reference_normal)),
        };
        if let Some((reference, incident)) = faces {
            let clipped = clip(reference, incident, side, &radii);
            if !clipped.is_empty() {
                return (Ok(clipped.with_anchor_b_in_frame_of(pair.relative)), rescue);
            }
        }
    }
    let mut single = Manifold::with_normal(nearest.normal);
    let anchor_a = nearest.core_a + nearest.normal * radius_a;
    // In A's frame for now; taken into B's below.
    let anchor_b = nearest.core_b - nearest.normal * radius_b;
    single.push(ManifoldPoint {
        anchor_a,
        anchor_b,
        // The gap between the anchors along the normal: `core_gap - radius` up to
        // rounding, and consistent with the anchors when EPA stopped at its cap.
        separation: nearest.normal.dot(anchor_b - anchor_a),
        id: nearest.features,
    });
    (Ok(single.with_anchor_b_in_frame_of(pair.relative)), rescue)
}

/// Where the cores are nearest (or deepest), in A's frame.
struct Nearest<S> {
    /// Unit normal from A to B.
    normal: Vec2<S>,
    /// The distance of the cores (minus their overlap depth when they overlap).
    core_gap: S,
    core_a: Vec2<S>,
    core_b: Vec2<S>,
    features: ContactId,
}

/// The radii and the speculative distance.
struct Radii<S> {
    a: S,
    b: S,
    speculative: S,
}

/// The features of the one or two simplex (or polytope face) vertices the nearest
/// points lie between, given as `(feature of A, feature of B)` per vertex.
fn features_of(vertices: impl IntoIterator<Item = (FeatureId, FeatureId)>) -> ContactId {
    let mut vertices = vertices.into_iter();
    let Some(first) = vertices.next() else {
        return ContactId {
            feature_a: ContactFeature::Smooth,
            feature_b: ContactFeature::Smooth,
        };
    };
    let last = vertices.last().unwrap_or(first);
    ContactId {
        feature_a: ContactFeature::between(first.0, last.0),
        feature_b: ContactFeature::between(first.1, last.1),
    }
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
/// step of [`manifold`], for pair-specific paths that find the faces by other means
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
enum Side {
    A,
    B,
}

/// Whether the faces facing the normal touch face to face, and if so which one is the
/// reference face (with its outward normal): A's unless B's lines up with the normal
/// clearly better ([`FLIP_BIAS`]).
fn reference_side<S: Scalar>(
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
fn clip<S: Scalar>(
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
