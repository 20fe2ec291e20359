//! `project_point`: the point of a 2D shape's surface nearest a point, inside or
//! outside, with the signed distance (parry's `PointQuery::project_point`), on any
//! support-mapped shape. (`contains_point`, for both dimensions, is in `gjk/`.)

use crate::gjk::point::QueryPoint;
use crate::{
    PenetrationStatus, PointProjection, PointStatus, Scalar, Support, Transform, Vec2, penetration,
};

/// The point of `shape`'s surface (placed by `xf`) nearest `point`, the signed
/// distance of `point` from the surface and the outward normal there; inside points
/// project to the surface too (parry's `project_point` with `solid = false`, and its
/// `distance_to_point` with the sign kept).
///
/// Outside, this is the distance between the shape and the point (GJK); inside, the
/// penetration of the point (EPA, see [`penetration`](crate::penetration)): exact on
/// polytopes, within the kernel's relative gap on curved shapes. gjk-shapes' shapes
/// have closed forms (`Polygon::project_point` and the others), which give the same
/// answers and cost less.
///
/// ```
/// use gjk_core::{project_point, FeatureId, PointStatus, Support, SupportPoint, Transform, Vec2};
///
/// /// The square [-1, 1]^2.
/// struct Square;
/// impl Support<f64> for Square {
///     fn support(&self, d: Vec2<f64>) -> SupportPoint<f64> {
///         let corner = Vec2::new(if d.x >= 0.0 { 1.0 } else { -1.0 }, if d.y >= 0.0 { 1.0 } else { -1.0 });
///         SupportPoint::new(corner, FeatureId::vertex(u32::from(d.x >= 0.0) + 2 * u32::from(d.y >= 0.0)))
///     }
/// }
///
/// let xf = Transform::from_translation(Vec2::new(10.0, 0.0));
/// let outside = project_point(&Square, xf, Vec2::new(13.0, 0.5));
/// assert_eq!(outside.status, PointStatus::Outside);
/// assert!((outside.signed_distance - 2.0).abs() < 1e-12);
/// assert!((outside.surface_point - Vec2::new(11.0, 0.5)).length() < 1e-12);
/// assert_eq!(outside.normal, Vec2::new(1.0, 0.0));
///
/// let inside = project_point(&Square, xf, Vec2::new(10.25, 0.5));
/// assert_eq!(inside.status, PointStatus::Inside);
/// assert!((inside.signed_distance + 0.5).abs() < 1e-12);
/// assert!((inside.surface_point - Vec2::new(10.25, 1.0)).length() < 1e-12);
/// assert_eq!(inside.normal, Vec2::new(0.0, 1.0));
/// ```
pub fn project_point<S, A>(shape: &A, xf: Transform<S>, point: Vec2<S>) -> PointProjection<S>
where
    S: Scalar,
    A: Support<S> + ?Sized,
{
    let out = penetration(shape, xf, &QueryPoint, Transform::from_translation(point));
    let status = match out.status {
        PenetrationStatus::Penetrating => PointStatus::Inside,
        PenetrationStatus::Separated => PointStatus::Outside,
        PenetrationStatus::MaxIterations => PointStatus::MaxIterations,
        PenetrationStatus::InvalidInput => PointStatus::InvalidInput,
    };
    // The surface point is placed from the depth and the normal, which makes
    // `point = surface_point + normal * signed_distance` hold by construction. On a
    // polytope it is the same point as the witness (the normal is a face's); on a
    // curved shape, where a direction off by `d` moves the witness by `d` times the
    // depth along the surface, it moves it off the surface only by the square of
    // that. (Fuzzing found witnesses failing the identity when EPA's polytope had
    // filled on a curved shape.)
    let surface_point = point + out.normal * out.depth;
    PointProjection {
        surface_point,
        signed_distance: -out.depth,
        normal: out.normal,
        iterations: out.iterations,
        status,
    }
}
