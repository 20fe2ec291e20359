//! `Circle::project_point` and `Point::project_point`: the disc's formula.

use gjk_core::{PointProjection, Scalar, Transform, Vec2};

use crate::projection::{ball_projection, invalid, local_point, placed};
use crate::{Circle, Point};

impl<S: Scalar> Circle<S> {
    /// The point of the circle (placed by `xf`) nearest `point`, its signed distance
    /// and the outward normal, in closed form, with the conventions of
    /// [`gjk_core::project_point`]. At the centre, the normal is the circle's local x
    /// axis.
    ///
    /// ```
    /// use gjk_core::{PointStatus, Transform, Vec2};
    /// use gjk_shapes::Circle;
    ///
    /// let circle = Circle::new(Vec2::ZERO, 2.0_f64)?;
    /// let xf = Transform::from_translation(Vec2::new(5.0, 0.0));
    /// let out = circle.project_point(xf, Vec2::new(5.0, 3.0));
    /// assert_eq!((out.status, out.signed_distance), (PointStatus::Outside, 1.0));
    /// assert_eq!((out.surface_point, out.normal), (Vec2::new(5.0, 2.0), Vec2::new(0.0, 1.0)));
    /// assert_eq!(circle.project_point(xf, Vec2::new(5.5, 0.0)).signed_distance, -1.5);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn project_point(&self, xf: Transform<S>, point: Vec2<S>) -> PointProjection<S> {
        let Some(local) = local_point(xf, point) else {
            return invalid();
        };
        placed(
            xf,
            ball_projection(self.center(), self.radius(), local, Vec2::X),
        )
    }
}

impl<S: Scalar> Point<S> {
    /// The point itself, its distance from `point` and the direction from it to
    /// `point`, with the conventions of [`gjk_core::project_point`]; `point` on it is
    /// inside, at distance zero, with the local x axis as normal.
    ///
    /// ```
    /// use gjk_core::{PointStatus, Transform, Vec2};
    /// use gjk_shapes::Point;
    ///
    /// let dot = Point::new(Vec2::new(1.0_f32, 1.0))?;
    /// let out = dot.project_point(Transform::IDENTITY, Vec2::new(4.0, 5.0));
    /// assert_eq!((out.status, out.signed_distance), (PointStatus::Outside, 5.0));
    /// assert_eq!(out.surface_point, Vec2::new(1.0, 1.0));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn project_point(&self, xf: Transform<S>, point: Vec2<S>) -> PointProjection<S> {
        let Some(local) = local_point(xf, point) else {
            return invalid();
        };
        placed(
            xf,
            ball_projection(self.position(), S::ZERO, local, Vec2::X),
        )
    }
}
