//! The 3D contact manifold: the contact normal from GJK (EPA when the cores overlap),
//! each shape's face along it, one clipped against the other (`face_clip.rs`).
//!
//! ```text
//! two boxes: normal n (A -> B) and core gap from separating axes (box_axis.rs);
//!     only clipped points, and when apart, only if one reaches the axes' gap,
//!     else on as for any pair
//! normal n (A -> B) and core gap: GJK on the cores, EPA when they overlap
//! separation = core gap - radii;  beyond the speculative distance -> no points
//! A's face along n, B's face along -n (each a polygon, a segment, or none)
//! a polygon on either side -> clip (face_clip.rs): up to four points
//! two segments, parallel   -> the one clipped to the other's slab: up to two points
//! otherwise, or when clipping keeps nothing: one point, at GJK's / EPA's witnesses,
//!     named by where it lies on each shape's face
//! ```
//!
//! This is the plane's scheme (`dim2/manifold.rs`) with faces instead of edges, and
//! Jolt's and Box2D's: the normal comes from GJK and EPA rather than a separating-axis
//! search, so it needs nothing from a shape but its support mapping and its faces.

use crate::dim3::box_axis::box_axis;
use crate::dim3::face_clip::{Face, FaceClip, locate, segments_clipped};
use crate::dim3::witness::polished;
use crate::kernel::simplex::GjkSimplex as _;
use crate::kernel::{
    EpaEnd, Pair, Termination, checked_radii, iterate, rescue_factor, seed, shared,
};
use crate::query::manifold::Measured;
use crate::query::manifold::values::{ContactFeature, ContactId, Manifold, ManifoldPoint};
use crate::space::sealed::{Frame as _, Frame3, Kernel as _};
use crate::{ContactShape, QueryError, Scalar, SupportPoint, Transform3, Vec3};

/// The query as it is, with the rescaling factor of the points GJK ended on, if any.
#[inline]
pub(crate) fn measured<S, A, B>(
    a: &A,
    xf_a: Transform3<S>,
    b: &B,
    xf_b: Transform3<S>,
    speculative_distance: S,
) -> Measured<S, Vec3<S>>
where
    S: Scalar,
    A: ContactShape<S, Vec3<S>> + ?Sized,
    B: ContactShape<S, Vec3<S>> + ?Sized,
{
    let usable_speculation = speculative_distance >= S::ZERO && speculative_distance.is_finite();
    let Some((radius_a, radius_b)) = checked_radii(a, xf_a, b, xf_b).filter(|_| usable_speculation)
    else {
        return (Err(QueryError::InvalidInput), None);
    };
    let pair = Pair::<S, A, B, Vec3<S>>::placed(a, xf_a, b, xf_b);
    let placed = Placed {
        a,
        b,
        frame: pair.relative,
        relative: xf_a.inv_mul(xf_b),
        radius_a,
        radius_b,
        speculative_distance,
    };
    let radius = radius_a + radius_b;
    if let (Some(half_a), Some(half_b)) = (a.box_half_extents(), b.box_half_extents()) {
        let found = box_axis(
            half_a,
            half_b,
            pair.relative.columns(),
            pair.relative.translation(),
        );
        if let Some(axis) = found {
            if axis.gap - radius > speculative_distance {
                return (Ok(Manifold::empty()), None);
            }
            // Only clipped points, each on both surfaces (the axis has no point of
            // its own).
            let cores = [Vec3::ZERO; 2];
            let (contact, clipped) = placed.contacts(axis.normal, axis.gap, cores, false);
            // Apart, the axis's separation is only a lower bound of the distance: it
            // stands when a clipped point reaches it (see `box_axis.rs`).
            let reached = axis.gap <= S::ZERO
                || contact
                    .points()
                    .iter()
                    .any(|point| point.separation <= axis.gap - radius + axis.rounding);
            if clipped && reached {
                return (Ok(contact), None);
            }
        }
    }
    let mut simplex = seed(shared(&pair), pair.relative.translation(), None);
    let state = iterate::<S, Vec3<S>, _, false, false>(shared(&pair), &mut simplex, radius);
    // Capped by the pair's extent, radii included, as in the plane's manifold.
    let rescue = rescue_factor(shared(&pair), &simplex, S::ZERO, radius, false);
    let fail = |error| (Err(error), rescue);
    // The normal from A to B, the cores' gap along it (negative when they overlap)
    // and the cores' nearest (or deepest) points, in A's frame.
    let (normal, core_gap, core_a, core_b) = match state.termination {
        Termination::InvalidInput => return fail(QueryError::InvalidInput),
        // Not even whether the shapes come within the speculative distance is known
        // (as in the plane).
        Termination::MaxIterations
            if state.closest.length() * state.unscale - radius > speculative_distance =>
        {
            return fail(QueryError::MaxIterations);
        }
        Termination::CoresOverlap => {
            let deepest = Vec3::expand(shared(&pair), &simplex);
            if deepest.end == EpaEnd::InvalidInput {
                return fail(QueryError::InvalidInput);
            }
            // A capped polytope still holds a sound contact (see `manifold`).
            let core_b = deepest.core_a - deepest.normal * deepest.depth;
            (deepest.normal, -deepest.depth, deepest.core_a, core_b)
        }
        Termination::Converged | Termination::Separated | Termination::MaxIterations => {
            let (core_a, _) = simplex.witness_points();
            let normal = state.closest.normalized().unwrap_or(Vec3::X);
            // Back from the scale of a rescue inside the loop (`gjk::iterate`).
            let closest = state.closest * state.unscale;
            // Curved cores' own points, as `distance` takes them (`dim3/witness.rs`).
            let apart = cfg!(feature = "curved-witnesses")
                && state.termination != Termination::MaxIterations
                && state.unscale == S::ONE;
            match apart
                .then(|| polished(shared(&pair), &simplex, state.closest))
                .flatten()
            {
                Some([core_a, core_b, normal]) => (normal, closest.length(), core_a, core_b),
                // B's point from A's and the closest point, as `distance` takes it.
                None => (normal, closest.length(), core_a, core_a + closest),
            }
        }
    };
    if core_gap - radius > speculative_distance {
        return (Ok(Manifold::empty()), rescue);
    }
    let (contact, _) = placed.contacts(normal, core_gap, [core_a, core_b], true);
    (Ok(contact), rescue)
}

/// The two shapes of a manifold query, B placed in A's frame (as the support calls
/// take it, and as a transform for B's faces), with their radii and the speculative
/// distance.
struct Placed<'s, S: Scalar, A: ?Sized, B: ?Sized> {
    a: &'s A,
    b: &'s B,
    frame: Frame3<S>,
    relative: Transform3<S>,
    radius_a: S,
    radius_b: S,
    speculative_distance: S,
}

impl<S, A, B> Placed<'_, S, A, B>
where
    S: Scalar,
    A: ContactShape<S, Vec3<S>> + ?Sized,
    B: ContactShape<S, Vec3<S>> + ?Sized,
{
    /// The manifold along `normal` (unit, A to B, in A's frame), the cores `core_gap`
    /// apart along it (negative when they overlap) at `core_a` and `core_b`; and
    /// whether clipping made its points (rather than the single point at `core_a`
    /// and `core_b`). With `nearest_joins`, the point at `core_a` and `core_b` joins
    /// the clipped points when they miss its depth, and stands alone when clipping
    /// keeps nothing; without, only clipped points are given (none when clipping
    /// keeps none).
    fn contacts(
        &self,
        normal: Vec3<S>,
        core_gap: S,
        [core_a, core_b]: [Vec3<S>; 2],
        nearest_joins: bool,
    ) -> (Manifold<S, Vec3<S>>, bool) {
        let Self {
            a,
            b,
            frame,
            relative,
            radius_a,
            radius_b,
            speculative_distance,
        } = *self;
        // B's face, its vertices and normal taken into A's frame.
        let place = |vertex: SupportPoint<S, Vec3<S>>| {
            SupportPoint::new(frame.transform_point(vertex.point), vertex.feature)
        };
        let face_a = a
            .support_face(normal)
            .map(|face| Face::new(face, |id, k| a.face_vertex(id, k)));
        let face_b = b.support_face(frame.inv_rotate(-normal)).map(|face| {
            Face::new(face.transformed(relative), move |id, k| {
                b.face_vertex(id, k).map(place)
            })
        });
        // The single point at the cores' nearest (or deepest) points. A point core without
        // faces (a point, a sphere's centre: its support a vertex, whatever the direction)
        // gives its own point, exact where GJK's and EPA's witnesses on a curved partner
        // are not (EPA's on a cylinder's side can be anywhere along the side); the other
        // core's point is then across the gap from it. Only a shape without a face is
        // asked for its support point, which also names its feature.
        let nearest = || {
            let support_a = face_a.is_none().then(|| a.support(normal));
            let support_b = face_b
                .is_none()
                .then(|| b.support(frame.inv_rotate(-normal)));
            let (core_a, core_b) = match (support_a, support_b) {
                (_, Some(on_b)) if !on_b.feature.is_smooth() => {
                    let on_b = frame.transform_point(on_b.point);
                    (on_b - normal * core_gap, on_b)
                }
                (Some(on_a), None) if !on_a.feature.is_smooth() => {
                    (on_a.point, on_a.point + normal * core_gap)
                }
                _ => (core_a, core_b),
            };
            let named = |support: Option<SupportPoint<S, Vec3<S>>>| {
                support.map_or(ContactFeature::Smooth, |on_shape| {
                    ContactFeature::from_support(on_shape.feature)
                })
            };
            let feature_a = face_a
                .as_ref()
                .map_or_else(|| named(support_a), |face| locate(face, core_a));
            let feature_b = face_b
                .as_ref()
                .map_or_else(|| named(support_b), |face| locate(face, core_b));
            let anchor_a = core_a + normal * radius_a;
            // In A's frame for now; taken into B's below.
            let anchor_b = core_b - normal * radius_b;
            ManifoldPoint {
                anchor_a,
                anchor_b,
                separation: normal.dot(anchor_b - anchor_a),
                id: ContactId {
                    feature_a,
                    feature_b,
                },
            }
        };
        // A point that may not join reads as infinitely far: clipping never misses
        // its depth. It is then never computed.
        let joining = if nearest_joins {
            nearest()
        } else {
            ManifoldPoint {
                anchor_a: core_a,
                anchor_b: core_b,
                separation: S::infinity(),
                id: ContactId::SMOOTH,
            }
        };
        let clip = FaceClip {
            normal,
            radius_a,
            radius_b,
            speculative_distance,
        };
        if let (Some(face_a), Some(face_b)) = (&face_a, &face_b) {
            let clipped = match (face_a.is_polygon(), face_b.is_polygon()) {
                (false, false) => segments_clipped(face_a, face_b, &clip),
                _ => clip.faces(face_a, face_b, joining),
            };
            if !clipped.is_empty() {
                return (clipped.with_anchor_b_in_frame_of(relative), true);
            }
        }
        let mut single = Manifold::with_normal(normal);
        if nearest_joins {
            single.push(joining);
        }
        (single.with_anchor_b_in_frame_of(relative), false)
    }
}
