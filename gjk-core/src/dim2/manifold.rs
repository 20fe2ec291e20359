//! The plane's contact manifold: the contact points of two convex shapes, for any
//! support-mapped pair.
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

use crate::dim2::clip::{Radii, Side, clip, reference_side};
use crate::dim2::epa::expand;
use crate::kernel::EpaEnd;
use crate::kernel::{Pair, Termination, checked_radii, iterate, rescue_factor, seed, shared};
use crate::query::manifold::values::{ContactFeature, ContactId, Manifold, ManifoldPoint};
use crate::{ContactShape, FeatureId, QueryError, Scalar, Transform, Vec2};

/// The query as it is, with the rescaling factor of the points GJK ended on, if any.
#[inline]
pub(crate) fn measured<S, A, B>(
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
        // (1e-30) in a circle of radius 0.0031 is rescued no further than 3e-20, where
        // the squares are subnormal and GJK crawls; it would answer `MaxIterations` for
        // shapes that `distance` shows overlapping (found by fuzzing).
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
