//! `Ellipse`: a centred ellipse with axes along the local x and y axes.

use gjk_core::{
    Aabb, Bounded, CastOutput, ContactShape, FeatureId, Ray, RayShape, Scalar, Support,
    SupportPoint, Transform, Vec2,
};

use crate::ShapeError;

/// An ellipse centred at the local origin with semi-axes `a` along x and `b` along y.
///
/// The whole boundary is curved, so every support point is [`FeatureId::SMOOTH`] and
/// GJK stops on its relative gap. Place it with a transform to move or turn it.
///
/// ```
/// use gjk_core::{distance, Support, Transform, Vec2};
/// use gjk_shapes::Ellipse;
///
/// let e = Ellipse::new(Vec2::new(2.0_f64, 1.0))?;
/// assert_eq!(e.support(Vec2::X).point, Vec2::new(2.0, 0.0));
/// let out = distance(&e, Transform::IDENTITY, &e, Transform::from_translation(Vec2::new(0.0, 5.0)));
/// assert!((out.distance - 3.0).abs() < 1e-12);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ellipse<S> {
    semi_axes: Vec2<S>,
}

impl<S: Scalar> Ellipse<S> {
    /// An ellipse with semi-axes `(a, b)`.
    ///
    /// Errors: [`ShapeError::NonFinite`] for a NaN or infinite axis,
    /// [`ShapeError::NonPositiveExtent`] for an axis `<= 0`.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// use gjk_shapes::{Ellipse, ShapeError};
    /// assert!(Ellipse::new(Vec2::new(2.0_f32, 1.0)).is_ok());
    /// assert_eq!(Ellipse::new(Vec2::new(2.0_f32, 0.0)), Err(ShapeError::NonPositiveExtent));
    /// ```
    pub fn new(semi_axes: Vec2<S>) -> Result<Self, ShapeError> {
        if !semi_axes.is_finite() {
            return Err(ShapeError::NonFinite);
        }
        if !(semi_axes.x > S::ZERO && semi_axes.y > S::ZERO) {
            return Err(ShapeError::NonPositiveExtent);
        }
        Ok(Self { semi_axes })
    }

    /// The semi-axes `(a, b)`.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// let e = gjk_shapes::Ellipse::new(Vec2::new(2.0_f32, 1.0))?;
    /// assert_eq!(e.semi_axes(), Vec2::new(2.0, 1.0));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn semi_axes(&self) -> Vec2<S> {
        self.semi_axes
    }
}

impl<S: Scalar> Support<S> for Ellipse<S> {
    /// The boundary point whose outward normal is parallel to `direction`, in closed
    /// form.
    ///
    /// The normal of the boundary `(x/a)^2 + (y/b)^2 = 1` at `(x, y)` is
    /// `(x/a^2, y/b^2)`; setting it parallel to `d` gives `(x, y) = k (a^2 dx, b^2 dy)`,
    /// and the boundary equation fixes `k = 1 / sqrt(a^2 dx^2 + b^2 dy^2)`. (The point
    /// `(a cos t, b sin t)` with `t` the angle of `d` is a different point unless
    /// `a = b`.)
    #[inline]
    fn support(&self, direction: Vec2<S>) -> SupportPoint<S> {
        let Vec2 { x: a, y: b } = self.semi_axes;
        let largest = direction.max_abs();
        // `max_abs` ignores a NaN coordinate, hence the separate finiteness test. A
        // zero, NaN or infinite direction has no usable direction: any boundary point
        // is a correct answer.
        let has_direction = largest > S::ZERO && direction.is_finite();
        if !has_direction {
            return SupportPoint::new(Vec2::new(a, S::ZERO), FeatureId::SMOOTH);
        }
        // The answer depends on the direction only, so divide by the larger coordinate:
        // one coordinate of `unit_box` is exactly +-1 and nothing below overflows or
        // underflows to zero however long or short `direction` is.
        let unit_box = direction / largest;
        // With s = (a dx, b dy) the point is (a sx, b sy) / |s|. Divide s by its larger
        // coordinate too (not zero: the +-1 coordinate of `unit_box` gives a or b) so
        // that |s| is taken in [1, sqrt 2] even for huge or tiny semi-axes.
        let stretched = Vec2::new(a * unit_box.x, b * unit_box.y);
        let s = stretched / stretched.max_abs();
        let length = s.length();
        SupportPoint::new(
            Vec2::new(a * s.x / length, b * s.y / length),
            FeatureId::SMOOTH,
        )
    }
}

impl<S: Scalar> Bounded<S> for Ellipse<S> {
    #[inline]
    fn local_aabb(&self) -> Aabb<S> {
        Aabb::new(-self.semi_axes, self.semi_axes)
    }

    /// Half-extents `(hypot(a c, b s), hypot(a s, b c))` for a rotation `(c, s)`: the
    /// support along a world axis, in closed form.
    #[inline]
    fn aabb(&self, transform: Transform<S>) -> Aabb<S> {
        let Vec2 { x: a, y: b } = self.semi_axes;
        let (cos, sin) = (transform.rotation.cos, transform.rotation.sin);
        let half = Vec2::new((a * cos).hypot(b * sin), (a * sin).hypot(b * cos));
        Aabb::new(transform.translation - half, transform.translation + half)
    }
}

/// [`Ellipse::ray_cast`], the closed form.
impl<S: Scalar> RayShape<S> for Ellipse<S> {
    #[inline]
    fn analytic_ray_cast(&self, transform: Transform<S>, ray: Ray<S>) -> Option<CastOutput<S>> {
        Some(self.ray_cast(transform, ray))
    }
}

/// An ellipse touches others at one point: no edges.
impl<S: Scalar> ContactShape<S> for Ellipse<S> {}

#[cfg(test)]
mod tests {
    use gjk_core::{DistanceStatus, distance};

    use super::*;
    use crate::Circle;
    use crate::testing::{
        DEGENERATE_DIRECTIONS, DIRECTIONS, aabb_by_support, aabb_close, placements,
    };

    fn ellipse() -> Ellipse<f64> {
        Ellipse::new(Vec2::new(3.0, 1.0)).unwrap()
    }

    /// `(x/a)^2 + (y/b)^2`: one on the boundary.
    fn boundary_level(e: Ellipse<f64>, p: Vec2<f64>) -> f64 {
        let Vec2 { x: a, y: b } = e.semi_axes();
        (p.x / a).powi(2) + (p.y / b).powi(2)
    }

    #[test]
    fn ellipse_rejects_non_finite_axes() {
        assert_eq!(
            Ellipse::new(Vec2::new(f64::NAN, 1.0)),
            Err(ShapeError::NonFinite)
        );
        assert_eq!(
            Ellipse::new(Vec2::new(1.0, f64::INFINITY)),
            Err(ShapeError::NonFinite)
        );
    }

    #[test]
    fn ellipse_rejects_zero_or_negative_axes() {
        assert_eq!(
            Ellipse::new(Vec2::new(0.0, 1.0)),
            Err(ShapeError::NonPositiveExtent)
        );
        assert_eq!(
            Ellipse::new(Vec2::new(1.0, -2.0)),
            Err(ShapeError::NonPositiveExtent)
        );
    }

    #[test]
    fn ellipse_support_on_axes_and_diagonal_matches_closed_form() {
        let e = ellipse();
        assert_eq!(e.support(Vec2::X).point, Vec2::new(3.0, 0.0));
        assert_eq!(e.support(-Vec2::X).point, Vec2::new(-3.0, 0.0));
        assert_eq!(e.support(Vec2::Y).point, Vec2::new(0.0, 1.0));
        assert_eq!(e.support(-Vec2::Y).point, Vec2::new(0.0, -1.0));
        // (a^2, b^2) / sqrt(a^2 + b^2) = (9, 1) / sqrt(10) along (1, 1).
        let diagonal = e.support(Vec2::new(1.0, 1.0)).point;
        let expected = Vec2::new(9.0, 1.0) / 10.0_f64.sqrt();
        assert!((diagonal - expected).max_abs() < 1e-15);
    }

    #[test]
    fn ellipse_support_is_not_the_angle_formula() {
        let e = ellipse();
        let d = Vec2::new(1.0_f64, 1.0);
        let t = d.y.atan2(d.x);
        let angle_formula = Vec2::new(3.0 * t.cos(), t.sin());
        let support = e.support(d).point;
        assert!((support - angle_formula).length() > 0.5);
        assert!(support.dot(d) > angle_formula.dot(d) + 0.3);
    }

    #[test]
    fn ellipse_support_beats_ten_thousand_boundary_samples() {
        let samples = 10_000;
        for e in [ellipse(), Ellipse::new(Vec2::new(0.01, 5.0)).unwrap()] {
            let Vec2 { x: a, y: b } = e.semi_axes();
            for d in DIRECTIONS {
                let unit = (d / d.max_abs()).normalize().unwrap();
                let brute_force = (0..samples)
                    .map(|k| {
                        let t = core::f64::consts::TAU * k as f64 / samples as f64;
                        Vec2::new(a * t.cos(), b * t.sin()).dot(unit)
                    })
                    .fold(f64::NEG_INFINITY, f64::max);
                let support = e.support(d);
                let reach = support.point.dot(unit);
                assert!(
                    reach >= brute_force - 1e-12,
                    "{d:?}: {reach} < {brute_force}"
                );
                // Dense samples come within (a + b) (pi / n)^2 / 2 of the maximum.
                assert!(reach - brute_force < 1e-6 * (a + b), "{d:?}");
                assert!((boundary_level(e, support.point) - 1.0).abs() < 1e-14);
                assert_eq!(support.feature, FeatureId::SMOOTH);
            }
        }
    }

    #[test]
    fn ellipse_support_survives_zero_nan_tiny_and_huge_directions() {
        let e = ellipse();
        for d in DEGENERATE_DIRECTIONS {
            assert_eq!(e.support(d).point, Vec2::new(3.0, 0.0));
        }
        let tiny = e.support(Vec2::new(1e-320, 1e-320)).point;
        let huge = e.support(Vec2::new(1e308, 1e308)).point;
        let unit = e.support(Vec2::new(1.0, 1.0)).point;
        assert_eq!(tiny, unit);
        assert_eq!(huge, unit);
        assert_eq!(
            e.support(Vec2::new(f64::INFINITY, 1.0)).point,
            Vec2::new(3.0, 0.0)
        );
    }

    #[test]
    fn ellipse_support_survives_extreme_axes_in_f32() {
        let e = Ellipse::new(Vec2::new(1e30_f32, 1e-30)).unwrap();
        for d in [
            Vec2::new(1.0_f32, 1.0),
            Vec2::new(1e-30, 1.0),
            Vec2::new(-1.0, 1e30),
        ] {
            let p = e.support(d).point;
            assert!(p.is_finite(), "{d:?} -> {p:?}");
            assert!(p.x.abs() <= 1e30 && p.y.abs() <= 1e-30);
        }
        assert_eq!(
            e.support(Vec2::new(0.0_f32, -1.0)).point,
            Vec2::new(0.0, -1e-30)
        );
    }

    #[test]
    fn ellipse_aabb_is_the_semi_axes_and_agrees_when_rotated() {
        let e = ellipse();
        assert_eq!(
            e.local_aabb(),
            Aabb::new(Vec2::new(-3.0, -1.0), Vec2::new(3.0, 1.0))
        );
        for transform in placements() {
            assert!(aabb_close(
                e.aabb(transform),
                aabb_by_support(&e, transform),
                1e-12
            ));
        }
    }

    #[test]
    fn ellipse_has_no_feature_points() {
        assert_eq!(
            ellipse().feature_point(ellipse().support(Vec2::X).feature),
            None
        );
    }

    #[test]
    fn ellipse_distance_smoke_test() {
        // The circle of radius 1 at (0, 3) is nearest the ellipse's top (0, 1).
        let circle = Circle::new(Vec2::ZERO, 1.0).unwrap();
        let out = distance(
            &ellipse(),
            Transform::IDENTITY,
            &circle,
            Transform::from_translation(Vec2::new(0.0, 3.0)),
        );
        assert_eq!(out.status, DistanceStatus::Separated);
        assert!((out.distance - 1.0).abs() < 1e-9);
    }
}
