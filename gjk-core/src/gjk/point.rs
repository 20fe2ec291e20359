//! `contains_point`: whether a point lies in a convex shape, in either dimension
//! (Box2D's `b2PointInPolygon`, parry's `contains_point`), and the query point as a
//! shape for the point queries.

use crate::gjk::overlap::intersects;
use crate::{FeatureId, QueryError, RigidTransform, Scalar, Space, Support, SupportPoint};

/// The query point as a shape: a single point at its local origin, in any space.
pub(crate) struct QueryPoint;

impl<S: Scalar, V: Space<Scalar = S>> Support<S, V> for QueryPoint {
    #[inline]
    fn support(&self, _direction: V) -> SupportPoint<S, V> {
        SupportPoint::new(V::ZERO, FeatureId::vertex(0))
    }

    #[inline]
    fn feature_point(&self, _feature: FeatureId) -> Option<V> {
        Some(V::ZERO)
    }
}

/// Whether `point` lies in `shape` placed by `xf` (its rounded surface included):
/// the overlap test of the shape and the point, in either dimension, as
/// [`intersects`](crate::intersects) draws the line (Box2D's `b2PointInPolygon`,
/// parry's `contains_point`).
///
/// Errors are typed as `intersects`'s: [`QueryError::InvalidInput`] for NaN or
/// infinite input, [`QueryError::MaxIterations`] if the cap is hit first.
///
/// ```
/// use gjk_core::{contains_point, FeatureId, Support, SupportPoint, Transform3, Vec3};
///
/// struct Ball;
/// impl Support<f32, Vec3<f32>> for Ball {
///     fn support(&self, _d: Vec3<f32>) -> SupportPoint<f32, Vec3<f32>> {
///         SupportPoint::new(Vec3::ZERO, FeatureId::vertex(0))
///     }
///     fn radius(&self) -> f32 { 1.0 }
/// }
/// let xf = Transform3::from_translation(Vec3::new(0.0, 0.0, 5.0));
/// assert_eq!(contains_point(&Ball, xf, Vec3::new(0.0, 0.5, 5.5)), Ok(true));
/// assert_eq!(contains_point(&Ball, xf, Vec3::new(0.0, 0.0, 3.5)), Ok(false));
/// ```
pub fn contains_point<S, V, A>(shape: &A, xf: V::Transform, point: V) -> Result<bool, QueryError>
where
    S: Scalar,
    V: Space<Scalar = S>,
    A: Support<S, V> + ?Sized,
{
    intersects(
        shape,
        xf,
        &QueryPoint,
        V::Transform::from_translation(point),
    )
}
