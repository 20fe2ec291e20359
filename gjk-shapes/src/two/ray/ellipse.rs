//! `Ellipse::ray_cast`: the ellipse scaled to the unit circle.

use gjk_core::{CastOutput, Ray, Scalar, Transform};

use crate::Ellipse;
use crate::ray::ellipse_ray_cast;

impl<S: Scalar> Ellipse<S> {
    /// Where a ray first meets the ellipse placed by `xf`, in closed form, with the
    /// conventions of [`gjk_core::ray_cast`] (see [`CastOutput`]).
    ///
    /// Dividing local x by `a` and y by `b` maps the ellipse onto the unit disc and the
    /// ray onto a ray with the same fractions (the map is linear), which is then solved
    /// as for [`Circle::ray_cast`](crate::Circle::ray_cast). The normal at the hit
    /// point `(x, y)` is along `(x / a^2, y / b^2)`. The generic GJK ray cast converges
    /// on curved shapes only to its relative gap, in several iterations; this is one
    /// square root. Starting inside, the normal is zero (the ellipse is all core). An
    /// ellipse whose smallest axis is too far below the ray's lengths for the map to
    /// keep its digits (below `2^-56` of them in `f32`) takes the GJK ray cast.
    ///
    /// ```
    /// use gjk_core::{CastStatus, Ray, Transform, Vec2};
    /// use gjk_shapes::Ellipse;
    ///
    /// let e = Ellipse::new(Vec2::new(2.0_f64, 1.0))?;
    /// let out = e.ray_cast(Transform::IDENTITY, Ray::new(Vec2::new(-4.0, 0.0), Vec2::new(8.0, 0.0)));
    /// assert_eq!((out.status, out.fraction, out.normal), (CastStatus::Hit, 0.25, Vec2::new(-1.0, 0.0)));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn ray_cast(&self, xf: Transform<S>, ray: Ray<S>) -> CastOutput<S> {
        ellipse_ray_cast(self, self.semi_axes(), xf, ray)
    }
}

#[cfg(test)]
mod tests {
    use gjk_core::{CastStatus, Vec2};

    use super::*;

    #[test]
    fn ellipse_ray_hits_with_the_gradient_normal() {
        let e = Ellipse::new(Vec2::new(2.0_f64, 1.0)).unwrap();
        // The line y = 0.8 meets x^2 / 4 + y^2 = 1 at x = -1.2; the normal there is
        // along (-1.2 / 4, 0.8) = (-0.3, 0.8).
        let r = Ray::new(Vec2::new(-4.0, 0.8), Vec2::new(8.0, 0.0));
        let out = e.ray_cast(Transform::IDENTITY, r);
        assert_eq!(out.status, CastStatus::Hit);
        assert!((out.fraction - 2.8 / 8.0).abs() < 1e-15);
        let expected = Vec2::new(-0.3, 0.8) / 0.73_f64.sqrt();
        assert!((out.normal - expected).length() < 1e-15);
        let above = Ray::new(Vec2::new(-4.0, 1.0 + 1e-15), Vec2::new(8.0, 0.0));
        assert_eq!(
            e.ray_cast(Transform::IDENTITY, above).status,
            CastStatus::Miss
        );
        let inside = Ray::new(Vec2::new(1.9, 0.0), Vec2::new(8.0, 0.0));
        assert_eq!(
            e.ray_cast(Transform::IDENTITY, inside).status,
            CastStatus::StartsInside
        );
    }
}
