//! `Rect::ray_cast`: the slab test in the box's frame.

use gjk_core::{CastOutput, Ray, Scalar, Transform};

use crate::Rect;
use crate::ray::slab_ray_cast;

impl<S: Scalar> Rect<S> {
    /// Where a ray first meets the box placed by `xf`, by the slab test in the box's
    /// frame, with the conventions of [`gjk_core::ray_cast`] (see [`CastOutput`]).
    ///
    /// Per axis the ray is between the two faces for fractions from
    /// `(-+h - o) / d` to `(+-h - o) / d` (the signs following `d`); it enters the box
    /// at the largest of the lower ends, through the face that gives it, whose normal is
    /// the hit normal. Where two faces give the same fraction (a ray through a corner)
    /// the x face wins. A translation parallel to an axis (a zero component) is
    /// handled without dividing by zero: the ray is then between those faces always or
    /// never. The box is closed: a ray grazing a face hits it. Relative precision does
    /// not depend on the size of the box.
    ///
    /// ```
    /// use gjk_core::{CastStatus, Ray, Transform, Vec2};
    /// use gjk_shapes::Rect;
    ///
    /// // Box2D's case: from (-4, 0) along (8, 0) against half-extents (1, 1).
    /// let square = Rect::new(Vec2::new(1.0_f32, 1.0))?;
    /// let out = square.ray_cast(Transform::IDENTITY, Ray::new(Vec2::new(-4.0, 0.0), Vec2::new(8.0, 0.0)));
    /// assert_eq!(out.status, CastStatus::Hit);
    /// assert_eq!(out.fraction, 0.375);
    /// assert_eq!(out.normal, Vec2::new(-1.0, 0.0));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn ray_cast(&self, xf: Transform<S>, ray: Ray<S>) -> CastOutput<S> {
        slab_ray_cast(self.half_extents(), xf, ray)
    }
}

#[cfg(test)]
mod tests {
    use gjk_core::{CastStatus, Vec2};

    use super::*;

    fn ray(origin: (f64, f64), translation: (f64, f64)) -> Ray<f64> {
        Ray::new(
            Vec2::new(origin.0, origin.1),
            Vec2::new(translation.0, translation.1),
        )
    }

    fn rect() -> Rect<f64> {
        Rect::new(Vec2::new(2.0, 1.0)).unwrap()
    }

    #[test]
    fn rect_ray_enters_through_each_face_with_its_normal() {
        let r = rect();
        let cases = [
            (ray((-6.0, 0.5), (8.0, 0.0)), 0.5, Vec2::new(-1.0, 0.0)),
            (ray((6.0, 0.5), (-8.0, 0.0)), 0.5, Vec2::new(1.0, 0.0)),
            (ray((1.0, -5.0), (0.0, 8.0)), 0.5, Vec2::new(0.0, -1.0)),
            (ray((1.0, 5.0), (0.0, -8.0)), 0.5, Vec2::new(0.0, 1.0)),
        ];
        for (r_in, fraction, normal) in cases {
            let out = r.ray_cast(Transform::IDENTITY, r_in);
            assert_eq!(out.status, CastStatus::Hit);
            assert_eq!(out.fraction, fraction);
            assert_eq!(out.normal, normal);
            assert_eq!(out.point, r_in.point_at(fraction));
        }
    }

    #[test]
    fn rect_ray_along_a_face_and_through_a_corner() {
        let r = rect();
        let along_top = r.ray_cast(Transform::IDENTITY, ray((-6.0, 1.0), (8.0, 0.0)));
        assert_eq!(along_top.status, CastStatus::Hit);
        assert_eq!(along_top.fraction, 0.5);
        assert_eq!(along_top.normal, Vec2::new(-1.0, 0.0));
        // The line y = -x - 3 touches the box only at its corner (-2, -1); on the tie
        // the x face gives the normal.
        let corner = r.ray_cast(Transform::IDENTITY, ray((-3.0, 0.0), (2.0, -2.0)));
        assert_eq!(corner.status, CastStatus::Hit);
        assert_eq!(corner.fraction, 0.5);
        assert_eq!(corner.point, Vec2::new(-2.0, -1.0));
        assert_eq!(corner.normal, Vec2::new(-1.0, 0.0));
        let past_corner = r.ray_cast(Transform::IDENTITY, ray((-3.0 - 1e-12, 0.0), (2.0, -2.0)));
        assert_eq!(past_corner.status, CastStatus::Miss);
    }

    #[test]
    fn rect_ray_inside_zero_length_and_short() {
        let r = rect();
        let inside = r.ray_cast(Transform::IDENTITY, ray((1.5, 0.0), (8.0, 0.0)));
        assert_eq!(inside.status, CastStatus::StartsInside);
        assert_eq!(inside.normal, Vec2::ZERO);
        let on_face = r.ray_cast(Transform::IDENTITY, ray((-2.0, 0.0), (8.0, 0.0)));
        assert_eq!(on_face.status, CastStatus::StartsInside);
        assert_eq!(
            r.ray_cast(Transform::IDENTITY, ray((3.0, 0.0), (0.0, 0.0)))
                .status,
            CastStatus::Miss
        );
        assert_eq!(
            r.ray_cast(Transform::IDENTITY, ray((0.0, 0.0), (0.0, 0.0)))
                .status,
            CastStatus::StartsInside
        );
        let short = r.ray_cast(Transform::IDENTITY, ray((-6.0, 0.0), (3.9, 0.0)));
        assert_eq!((short.status, short.fraction), (CastStatus::Miss, 1.0));
    }

    #[test]
    fn turned_rect_normal_is_turned_too() {
        let xf =
            Transform::from_position_angle(Vec2::new(10.0, -3.0), core::f64::consts::FRAC_PI_2);
        // Turned a quarter: half-extents (1, 2) along the world axes.
        let out = rect().ray_cast(xf, ray((10.0, 3.0), (0.0, -8.0)));
        assert_eq!(out.status, CastStatus::Hit);
        assert!((out.fraction - 0.5).abs() < 1e-15);
        assert!((out.normal - Vec2::new(0.0, 1.0)).length() < 1e-15);
    }
}
