//! `manifold`: the contact points of two convex shapes, in either dimension, for any
//! pair of [`ContactShape`]s. Each dimension finds and clips its own features
//! (`dim2/manifold.rs` with `dim2/clip.rs`, `dim3/manifold.rs` with
//! `dim3/face_clip.rs`); the values are shared (`values.rs`).

pub(crate) mod values;

use crate::kernel::rescale::{Scaled, scaled_about};
use crate::query::manifold::values::Manifold;
use crate::{ContactShape, QueryError, RigidTransform, Scalar, Space, Support};

/// The contact manifold of two shapes: a normal from A to B and up to two points in
/// the plane, four in 3D, each with the gap between the surfaces there and the
/// features that make it.
///
/// Points appear once the surfaces come within `speculative_distance` of each other
/// (so that a solver sees a contact before the shapes touch) and stay while they
/// overlap. The normal comes from GJK on the cores (EPA when they overlap); each
/// shape's feature facing it (an edge in the plane; a face, or a segment, in 3D) is
/// found, and the other shape's feature is clipped against the one that lines up
/// better with the normal (the reference face). Edges against edges give two points
/// in the plane (a box resting on a box, a capsule lying on a polygon); faces against
/// faces give up to four in 3D, reduced from any number to the deepest point and the
/// three that span the largest area with it. Curved shapes and vertex-on-vertex
/// contacts give one point. The result is in A's local frame;
/// [`Manifold::to_world`] places it.
///
/// Errors: [`QueryError::InvalidInput`] for NaN or infinite input, a negative radius
/// or speculative distance, or a rotation that is not unit length;
/// [`QueryError::MaxIterations`] when GJK hits its cap before it is certain whether
/// the shapes come within the speculative distance (never an empty manifold in place
/// of a contact); a capped loop that is already certain gives the contact it reached,
/// its separation no deeper than the truth. When curved shapes overlap deeply and
/// almost evenly in every direction (a small shape near the centre of a large, nearly
/// round ellipse), EPA cannot prove its answer ([`penetration`](crate::penetration())
/// then reports `MaxIterations`); the manifold still uses the direction EPA found, a
/// sound contact whose depth is an upper bound (moving B by it separates the shapes).
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
///
/// In 3D, a box resting on a wider one touches at its four bottom corners:
///
/// ```
/// use gjk_core::{manifold, ContactFeature, Transform3, Vec3};
/// use gjk_shapes::Cuboid;
///
/// let floor = Cuboid::new(Vec3::new(4.0_f32, 4.0, 0.5))?;
/// let crate_box = Cuboid::new(Vec3::new(0.5, 0.5, 0.5))?;
/// let resting = Transform3::from_translation(Vec3::new(0.0, 0.0, 0.99));
/// let contact = manifold(&floor, Transform3::IDENTITY, &crate_box, resting, 0.02).unwrap();
/// assert_eq!(contact.normal, Vec3::Z);
/// assert_eq!(contact.points().len(), 4);
/// for point in contact.points() {
///     assert!((point.separation + 0.01).abs() < 1e-6);
///     // The floor's top face against one of the crate's corners.
///     assert!(matches!(point.id.feature_a, ContactFeature::Face(_)));
///     assert!(matches!(point.id.feature_b, ContactFeature::Vertex(_)));
/// }
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
pub fn manifold<S, V, A, B>(
    a: &A,
    xf_a: V::Transform,
    b: &B,
    xf_b: V::Transform,
    speculative_distance: S,
) -> Result<Manifold<S, V>, QueryError>
where
    S: Scalar,
    V: Space<Scalar = S>,
    A: ContactShape<S, V> + Support<S, V> + ?Sized,
    B: ContactShape<S, V> + Support<S, V> + ?Sized,
{
    let (first, rescue) = V::manifold(a, xf_a, b, xf_b, speculative_distance);
    match rescue {
        None => first,
        Some(factor) => rescaled(
            first,
            [xf_a, xf_b],
            speculative_distance,
            factor,
            |xf_a, xf_b, speculative| {
                V::manifold(
                    &Scaled { shape: a, factor },
                    xf_a,
                    &Scaled { shape: b, factor },
                    xf_b,
                    speculative,
                )
            },
        ),
    }
}

/// A manifold query's answer with the rescaling factor of the points GJK ended on, if
/// any (see `rescale.rs`).
pub(crate) type Measured<S, V> = (Result<Manifold<S, V>, QueryError>, Option<S>);

/// The manifold of the shapes scaled by `factor`, its lengths scaled back; `first`
/// when the scaled query cannot be computed. `scaled_query` runs the dimension's
/// query on the scaled shapes at the transforms and speculative distance it is given.
/// Out of line: it runs only on badly scaled input.
#[cold]
#[inline(never)]
pub(crate) fn rescaled<S: Scalar, V: Space<Scalar = S>>(
    first: Result<Manifold<S, V>, QueryError>,
    [xf_a, xf_b]: [V::Transform; 2],
    speculative_distance: S,
    factor: S,
    scaled_query: impl FnOnce(V::Transform, V::Transform, S) -> Measured<S, V>,
) -> Result<Manifold<S, V>, QueryError> {
    // In A's frame moved to the world origin, as `penetration`'s rescue: the factor is
    // capped by the pair's extent, not by where the pair is, and the manifold's points
    // are relative to the bodies.
    let origin = xf_a.translation();
    let (scaled, _) = scaled_query(
        scaled_about::<S, V>(xf_a, origin, factor),
        scaled_about::<S, V>(xf_b, origin, factor),
        speculative_distance * factor,
    );
    match scaled {
        Ok(manifold) => Ok(manifold.scaled(S::ONE / factor)),
        Err(QueryError::InvalidInput) => first,
        Err(error) => Err(error),
    }
}
