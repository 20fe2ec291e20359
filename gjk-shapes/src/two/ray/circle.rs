//! `Circle::ray_cast`: the quadratic in closed form.

use gjk_core::{CastOutput, Ray, Scalar, Transform};

use crate::Circle;
use crate::ray::ball_ray_cast;

impl<S: Scalar> Circle<S> {
    /// Where a ray first meets the circle placed by `xf`: the exact root of
    /// `|origin + t translation - center| = radius`, with the conventions of
    /// [`gjk_core::ray_cast`] (see [`CastOutput`]).
    ///
    /// The nearer root is taken in a form that does not cancel (see the source).
    /// Starting inside, the normal points from the centre to the origin (zero at the
    /// centre). A circle of radius zero is a point: only a ray through it exactly hits,
    /// with the normal facing the ray.
    ///
    /// ```
    /// use gjk_core::{CastStatus, Ray, Transform, Vec2};
    /// use gjk_shapes::Circle;
    ///
    /// // Box2D's case: from (-4, 0) along (8, 0) against the circle at (1, 0), radius 1.
    /// let circle = Circle::new(Vec2::new(1.0_f32, 0.0), 1.0)?;
    /// let out = circle.ray_cast(Transform::IDENTITY, Ray::new(Vec2::new(-4.0, 0.0), Vec2::new(8.0, 0.0)));
    /// assert_eq!(out.status, CastStatus::Hit);
    /// assert_eq!(out.fraction, 0.5);
    /// assert_eq!(out.point, Vec2::ZERO);
    /// assert_eq!(out.normal, Vec2::new(-1.0, 0.0));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn ray_cast(&self, xf: Transform<S>, ray: Ray<S>) -> CastOutput<S> {
        ball_ray_cast(self, self.center(), self.radius(), xf, ray)
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

    fn unit_circle() -> Circle<f64> {
        Circle::new(Vec2::ZERO, 1.0).unwrap()
    }

    #[test]
    fn circle_ray_hits_the_near_side_with_the_outward_normal() {
        let xf = Transform::from_translation(Vec2::new(1.0, 0.0));
        let out = unit_circle().ray_cast(xf, ray((-4.0, 0.0), (8.0, 0.0)));
        assert_eq!(out.status, CastStatus::Hit);
        assert_eq!(out.fraction, 0.5);
        assert_eq!(out.normal, Vec2::new(-1.0, 0.0));
        // Off-centre: the line y = 0.6 meets the unit circle at x = -0.8.
        let out = unit_circle().ray_cast(Transform::IDENTITY, ray((-4.0, 0.6), (8.0, 0.0)));
        assert!((out.fraction - 3.2 / 8.0).abs() < 1e-16);
        assert!((out.normal - Vec2::new(-0.8, 0.6)).length() < 1e-15);
        assert_eq!(
            out.point,
            ray((-4.0, 0.6), (8.0, 0.0)).point_at(out.fraction)
        );
    }

    #[test]
    fn circle_ray_grazing_the_top_hits_and_just_above_misses() {
        let out = unit_circle().ray_cast(Transform::IDENTITY, ray((-4.0, 1.0), (8.0, 0.0)));
        assert_eq!(out.status, CastStatus::Hit);
        assert_eq!(out.fraction, 0.5);
        assert_eq!(out.normal, Vec2::new(0.0, 1.0));
        let above = ray((-4.0, 1.0 + 2.0 * f64::EPSILON), (8.0, 0.0));
        assert_eq!(
            unit_circle().ray_cast(Transform::IDENTITY, above).status,
            CastStatus::Miss
        );
    }

    #[test]
    fn circle_ray_starting_inside_points_from_the_centre() {
        let out = unit_circle().ray_cast(Transform::IDENTITY, ray((0.0, 0.5), (8.0, 0.0)));
        assert_eq!(out.status, CastStatus::StartsInside);
        assert_eq!(out.fraction, 0.0);
        assert_eq!(out.point, Vec2::new(0.0, 0.5));
        assert_eq!(out.normal, Vec2::new(0.0, 1.0));
        let centre = unit_circle().ray_cast(Transform::IDENTITY, ray((0.0, 0.0), (1.0, 0.0)));
        assert_eq!(centre.normal, Vec2::ZERO);
        let on_surface = unit_circle().ray_cast(Transform::IDENTITY, ray((1.0, 0.0), (1.0, 0.0)));
        assert_eq!(on_surface.status, CastStatus::StartsInside);
    }

    #[test]
    fn circle_ray_misses_when_short_away_or_zero_length() {
        let c = unit_circle();
        let short = ray((-4.0, 0.0), (2.9, 0.0));
        assert_eq!(
            c.ray_cast(Transform::IDENTITY, short).status,
            CastStatus::Miss
        );
        assert_eq!(c.ray_cast(Transform::IDENTITY, short).fraction, 1.0);
        let away = ray((-4.0, 0.0), (-8.0, 0.0));
        assert_eq!(
            c.ray_cast(Transform::IDENTITY, away).status,
            CastStatus::Miss
        );
        let still = ray((-4.0, 0.0), (0.0, 0.0));
        assert_eq!(
            c.ray_cast(Transform::IDENTITY, still).status,
            CastStatus::Miss
        );
        let mut limited = ray((-4.0, 0.0), (8.0, 0.0));
        limited.max_fraction = 0.25;
        let out = c.ray_cast(Transform::IDENTITY, limited);
        assert_eq!((out.status, out.fraction), (CastStatus::Miss, 0.25));
    }

    #[test]
    fn circle_ray_near_the_surface_keeps_its_precision() {
        // The origin about 1e-12 outside, heading in: the root keeps its relative
        // precision (the gap itself, `-x - 1`, is exact by Sterbenz's lemma).
        let x = -1.0 - 1e-12;
        let gap = -x - 1.0;
        let out = unit_circle().ray_cast(Transform::IDENTITY, ray((x, 0.0), (8.0, 0.0)));
        assert_eq!(out.status, CastStatus::Hit);
        assert!(
            (out.fraction * 8.0 - gap).abs() <= gap * 4.0 * f64::EPSILON,
            "{out:?}"
        );
    }

    #[test]
    fn zero_radius_circle_is_hit_only_dead_on() {
        let dot = Circle::new(Vec2::new(1.0, 0.0), 0.0).unwrap();
        let out = dot.ray_cast(Transform::IDENTITY, ray((-3.0, 0.0), (8.0, 0.0)));
        assert_eq!(out.status, CastStatus::Hit);
        assert_eq!(out.fraction, 0.5);
        assert_eq!(out.normal, Vec2::new(-1.0, 0.0));
        let beside = dot.ray_cast(Transform::IDENTITY, ray((-3.0, 1e-300), (8.0, 0.0)));
        assert_eq!(beside.status, CastStatus::Miss);
    }

    #[test]
    fn circle_ray_rejects_bad_input() {
        let c = unit_circle();
        let nan = c.ray_cast(Transform::IDENTITY, ray((f64::NAN, 0.0), (1.0, 0.0)));
        assert_eq!(nan.status, CastStatus::InvalidInput);
        assert!(nan.fraction.is_nan());
        let mut negative = ray((-4.0, 0.0), (8.0, 0.0));
        negative.max_fraction = -1.0;
        assert_eq!(
            c.ray_cast(Transform::IDENTITY, negative).status,
            CastStatus::InvalidInput
        );
        let bad_xf = Transform::new(Vec2::ZERO, gjk_core::Rot { cos: 2.0, sin: 0.0 });
        assert_eq!(
            c.ray_cast(bad_xf, ray((-4.0, 0.0), (8.0, 0.0))).status,
            CastStatus::InvalidInput
        );
    }
}
