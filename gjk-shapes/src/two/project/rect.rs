//! `Rect::project_point`: clamping to the box outside, the nearest face inside.

use gjk_core::{PointProjection, Scalar, Transform, Vec2};

use crate::Rect;
use crate::projection::{invalid, local_point, placed};

impl<S: Scalar> Rect<S> {
    /// The point of the box (placed by `xf`) nearest `point`, its signed distance and
    /// the outward normal, in closed form, with the conventions of
    /// [`gjk_core::project_point`].
    ///
    /// Outside, the nearest point is `point` clamped to the box (a face's point, or a
    /// corner with the normal pointing from it to `point`). Inside, it is on the nearest
    /// face, `h_x - |x|` or `h_y - |y|` away; the x faces win ties.
    ///
    /// ```
    /// use gjk_core::{PointStatus, Transform, Vec2};
    /// use gjk_shapes::Rect;
    ///
    /// let square = Rect::new(Vec2::new(1.0_f64, 1.0))?;
    /// let corner = square.project_point(Transform::IDENTITY, Vec2::new(4.0, 5.0));
    /// assert_eq!((corner.status, corner.signed_distance), (PointStatus::Outside, 5.0));
    /// assert_eq!(corner.surface_point, Vec2::new(1.0, 1.0));
    /// let inside = square.project_point(Transform::IDENTITY, Vec2::new(0.25, -0.5));
    /// assert_eq!((inside.signed_distance, inside.normal), (-0.5, Vec2::new(0.0, -1.0)));
    /// assert_eq!(inside.surface_point, Vec2::new(0.25, -1.0));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn project_point(&self, xf: Transform<S>, point: Vec2<S>) -> PointProjection<S> {
        let Some(local) = local_point(xf, point) else {
            return invalid();
        };
        let half = self.half_extents();
        let clamped = Vec2::new(
            local.x.max(-half.x).min(half.x),
            local.y.max(-half.y).min(half.y),
        );
        if let Some(normal) = (local - clamped).normalize() {
            let distance = normal.dot(local - clamped);
            return placed(xf, (clamped, distance, normal));
        }
        let side = |v: S| if v < S::ZERO { -S::ONE } else { S::ONE };
        let (to_x, to_y) = (half.x - local.x.abs(), half.y - local.y.abs());
        let (surface, depth, normal) = if to_x <= to_y {
            let sign = side(local.x);
            (
                Vec2::new(sign * half.x, local.y),
                to_x,
                Vec2::new(sign, S::ZERO),
            )
        } else {
            let sign = side(local.y);
            (
                Vec2::new(local.x, sign * half.y),
                to_y,
                Vec2::new(S::ZERO, sign),
            )
        };
        placed(xf, (surface, -depth, normal))
    }
}
