//! `Capsule::project_point` and `Segment::project_point`: the disc's formula around
//! the nearest point of the core segment.

use gjk_core::{PointProjection, Scalar, Transform, Vec2};

use crate::projection::{invalid, local_point, placed, rounded_segment_projection};
use crate::{Capsule, Segment};

/// The projection onto the segment `a b` rounded by `radius`, in its frame: on the
/// core itself the normal is the segment's left side (the local x axis for a
/// segment of no length).
fn rounded_segment<S: Scalar>(
    a: Vec2<S>,
    b: Vec2<S>,
    radius: S,
    point: Vec2<S>,
) -> (Vec2<S>, S, Vec2<S>) {
    let left = (b - a).perp().normalize().unwrap_or(Vec2::X);
    rounded_segment_projection(a, b, radius, point, left)
}

impl<S: Scalar> Capsule<S> {
    /// The point of the capsule (placed by `xf`) nearest `point`, its signed distance
    /// and the outward normal, in closed form, with the conventions of
    /// [`gjk_core::project_point`].
    ///
    /// ```
    /// use gjk_core::{PointStatus, Transform, Vec2};
    /// use gjk_shapes::Capsule;
    ///
    /// let capsule = Capsule::new(Vec2::new(-1.0, 0.0), Vec2::new(1.0_f64, 0.0), 0.5)?;
    /// let side = capsule.project_point(Transform::IDENTITY, Vec2::new(0.25, 2.0));
    /// assert_eq!((side.status, side.signed_distance), (PointStatus::Outside, 1.5));
    /// assert_eq!(side.surface_point, Vec2::new(0.25, 0.5));
    /// let inside = capsule.project_point(Transform::IDENTITY, Vec2::new(1.25, 0.0));
    /// assert_eq!((inside.status, inside.signed_distance), (PointStatus::Inside, -0.25));
    /// assert_eq!(inside.normal, Vec2::new(1.0, 0.0));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn project_point(&self, xf: Transform<S>, point: Vec2<S>) -> PointProjection<S> {
        let Some(local) = local_point(xf, point) else {
            return invalid();
        };
        placed(
            xf,
            rounded_segment(self.a(), self.b(), self.radius(), local),
        )
    }
}

impl<S: Scalar> Segment<S> {
    /// The point of the segment (placed by `xf`) nearest `point`, its distance and
    /// the direction from it to `point`, with the conventions of
    /// [`gjk_core::project_point`]; a point on the segment is inside, at distance zero,
    /// with the segment's left side as normal.
    ///
    /// ```
    /// use gjk_core::{PointStatus, Transform, Vec2};
    /// use gjk_shapes::Segment;
    ///
    /// let segment = Segment::new(Vec2::new(0.0, 0.0), Vec2::new(4.0_f32, 0.0))?;
    /// let out = segment.project_point(Transform::IDENTITY, Vec2::new(7.0, 4.0));
    /// assert_eq!((out.status, out.signed_distance), (PointStatus::Outside, 5.0));
    /// assert_eq!(out.surface_point, Vec2::new(4.0, 0.0));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn project_point(&self, xf: Transform<S>, point: Vec2<S>) -> PointProjection<S> {
        let Some(local) = local_point(xf, point) else {
            return invalid();
        };
        placed(xf, rounded_segment(self.a(), self.b(), S::ZERO, local))
    }
}
