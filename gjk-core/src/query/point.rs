//! The point queries, in either dimension: `contains_point`, whether a point lies in a
//! convex shape (Box2D's `b2PointInPolygon`, parry's `contains_point`), and
//! `project_point`, the point of a shape's surface nearest a point, inside or outside,
//! with the signed distance (parry's `PointQuery::project_point`); what a projection
//! finds (`PointProjection`), and the query point as a shape for both.

use crate::query::intersects::intersects;
use crate::{
    FeatureId, PenetrationStatus, QueryError, RigidTransform, Scalar, Space, Support, SupportPoint,
    Vec2, penetration,
};

/// The query point as a shape: a single point at its local origin, in any space (a
/// point query's point, a ray's origin).
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
/// [`project_point`] finds in the plane, and the shapes' closed
/// forms in either dimension (`V` is the vector type: [`Vec2`] by
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
    /// shape is closed, as for [`intersects`] and
    /// [`contains_point`].
    Inside,
    /// An iteration cap was reached: the values are the best found (see
    /// [`PenetrationStatus::MaxIterations`]).
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
/// [`intersects`] draws the line (Box2D's `b2PointInPolygon`,
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

/// The point of `shape`'s surface (placed by `xf`) nearest `point`, the signed
/// distance of `point` from the surface and the outward normal there; inside points
/// project to the surface too (parry's `project_point` with `solid = false`, and its
/// `distance_to_point` with the sign kept).
///
/// In the plane or in 3D. Outside, this is the distance between the shape and the
/// point (GJK); inside, the penetration of the point (EPA, see
/// [`penetration`]): exact on polytopes, within the kernel's
/// relative gap on curved shapes. Deep inside a nearly round curved shape, where the
/// depth is nearly the same every way, EPA may not certify its answer: the status is
/// then `MaxIterations` and the signed distance bounds the true one from below (the
/// surface point is a real way out, perhaps not the nearest). Many of gjk-shapes'
/// shapes have closed forms (`Polygon::project_point`, `Cuboid::project_point` and
/// the others), which give the same answers and cost less.
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
///
/// In 3D, on an ellipsoid (whose closed form is `Ellipsoid::project_point`):
///
/// ```
/// use gjk_core::{project_point, PointStatus, Transform3, Vec3};
/// use gjk_shapes::Ellipsoid;
///
/// let egg = Ellipsoid::new(Vec3::new(1.0_f64, 2.0, 3.0))?;
/// let xf = Transform3::from_translation(Vec3::new(0.0, 0.0, 10.0));
/// let inside = project_point(&egg, xf, Vec3::new(0.25, 0.0, 10.0));
/// assert_eq!(inside.status, PointStatus::Inside);
/// // The nearest way out is along x, the shortest semi-axis, to its end 0.75 away.
/// assert!((inside.signed_distance + 0.75).abs() < 1e-12);
/// // On a curved surface the direction is found to about the square root of the
/// // depth's precision: the depth changes only with its square.
/// assert!((inside.surface_point - Vec3::new(1.0, 0.0, 10.0)).length() < 1e-6);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
pub fn project_point<S, V, A>(shape: &A, xf: V::Transform, point: V) -> PointProjection<S, V>
where
    S: Scalar,
    V: Space<Scalar = S>,
    A: Support<S, V> + ?Sized,
{
    let out = penetration(
        shape,
        xf,
        &QueryPoint,
        V::Transform::from_translation(point),
    );
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
