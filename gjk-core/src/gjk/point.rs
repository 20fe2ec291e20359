//! `contains_point`: whether a point lies in a convex shape, in either dimension
//! (Box2D's `b2PointInPolygon`, parry's `contains_point`); what a point projection
//! finds (`PointProjection`), and the query point as a shape for the point queries.

use crate::gjk::overlap::intersects;
use crate::{FeatureId, QueryError, RigidTransform, Scalar, Space, Support, SupportPoint, Vec2};

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

/// Where a point lies relative to a shape's surface: what
/// [`project_point`](crate::project_point) finds in the plane, and the shapes' closed
/// forms in either dimension (`V` is the vector type: [`Vec2`](crate::Vec2) by
/// default, [`Vec3`](crate::Vec3) in space).
///
/// For every status but `InvalidInput`,
/// `point = surface_point + normal * signed_distance`: the query point is
/// `signed_distance` from the surface along the outward normal there.
///
/// ```
/// use gjk_core::{PointStatus, Vec2};
/// use gjk_shapes::Circle;
/// # use gjk_core::Transform;
///
/// let out = Circle::new(Vec2::ZERO, 1.0_f64)?.project_point(Transform::IDENTITY, Vec2::new(0.0, 3.0));
/// assert_eq!((out.status, out.signed_distance), (PointStatus::Outside, 2.0));
/// assert_eq!(out.surface_point + out.normal * out.signed_distance, Vec2::new(0.0, 3.0));
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PointProjection<S, V = Vec2<S>> {
    /// The point of the shape's (rounded) surface nearest the query point: the query
    /// point's own projection from outside, the nearest way out from inside.
    pub surface_point: V,
    /// The query point's distance from the surface: positive outside, negative inside,
    /// zero on it.
    pub signed_distance: S,
    /// The outward unit normal of the surface at `surface_point`. A point with several
    /// nearest surface points (the centre of a circle, a point on a box's diagonal)
    /// gets one of them, and its normal.
    pub normal: V,
    /// Support calls of GJK and EPA together.
    pub iterations: u32,
    /// What was found.
    pub status: PointStatus,
}

/// What a point projection found.
///
/// ```
/// use gjk_core::{PointStatus, Transform, Vec2};
/// use gjk_shapes::Rect;
///
/// let square = Rect::new(Vec2::new(1.0_f32, 1.0))?;
/// let inside = square.project_point(Transform::IDENTITY, Vec2::new(0.5, 0.0));
/// assert_eq!(inside.status, PointStatus::Inside);
/// let nowhere = square.project_point(Transform::IDENTITY, Vec2::new(f32::NAN, 0.0));
/// assert_eq!(nowhere.status, PointStatus::InvalidInput);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PointStatus {
    /// The point is outside the shape: `signed_distance > 0`.
    Outside,
    /// The point is inside the shape or on its surface: `signed_distance <= 0`. The
    /// shape is closed, as for [`intersects`](crate::intersects) and
    /// [`contains_point`](crate::contains_point).
    Inside,
    /// An iteration cap was reached: the values are the best found (see
    /// [`PenetrationStatus::MaxIterations`](crate::PenetrationStatus::MaxIterations)).
    MaxIterations,
    /// A NaN or infinite coordinate, or a transform or shape the queries reject; the
    /// values are NaN.
    InvalidInput,
}

impl<S: Scalar, V> PointProjection<S, V> {
    /// Whether the point is inside the shape or on its surface (`status == Inside`).
    ///
    /// ```
    /// use gjk_core::{project_point, FeatureId, Support, SupportPoint, Transform, Vec2};
    /// struct Disc;
    /// impl Support<f32> for Disc {
    ///     fn support(&self, _d: Vec2<f32>) -> SupportPoint<f32> {
    ///         SupportPoint::new(Vec2::ZERO, FeatureId::vertex(0))
    ///     }
    ///     fn radius(&self) -> f32 { 1.0 }
    /// }
    /// assert!(project_point(&Disc, Transform::IDENTITY, Vec2::new(0.5, 0.5)).is_inside());
    /// assert!(!project_point(&Disc, Transform::IDENTITY, Vec2::new(1.5, 0.0)).is_inside());
    /// ```
    #[inline]
    pub fn is_inside(&self) -> bool {
        self.status == PointStatus::Inside
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
