//! `Sphere`: a point core with a radius.

use gjk_core::{
    Aabb3, CastOutput, FeatureId, Ray, RayShape, Scalar, Support, SupportPoint, Transform3, Vec3,
};

use crate::ShapeError;

/// A ball: a point core (its centre, feature 0) with a radius. The 3D counterpart of
/// [`Circle`](crate::Circle).
///
/// GJK runs on the centre and subtracts the radius afterwards, so sphere distances are
/// exact in one iteration.
///
/// ```
/// use gjk_core::{Aabb3, Support, Vec3};
/// use gjk_shapes::Sphere;
///
/// let ball = Sphere::new(Vec3::new(1.0_f64, 0.0, 0.0), 0.5)?;
/// assert_eq!(ball.support(Vec3::Y).point, Vec3::new(1.0, 0.0, 0.0));
/// assert_eq!(ball.radius(), 0.5);
/// assert_eq!(ball.local_aabb(), Aabb3::around(Vec3::new(1.0, 0.0, 0.0), 0.5));
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sphere<S> {
    center: Vec3<S>,
    radius: S,
}

impl<S: Scalar> Sphere<S> {
    /// A sphere around `center`. A zero radius is allowed (a point).
    ///
    /// Errors: [`ShapeError::NonFinite`] for a NaN or infinite coordinate or radius,
    /// [`ShapeError::NegativeRadius`] for a radius below zero.
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// use gjk_shapes::{ShapeError, Sphere};
    /// assert!(Sphere::new(Vec3::ZERO, 1.0_f32).is_ok());
    /// assert_eq!(Sphere::new(Vec3::ZERO, -1.0_f32), Err(ShapeError::NegativeRadius));
    /// assert_eq!(Sphere::new(Vec3::ZERO, f32::NAN), Err(ShapeError::NonFinite));
    /// ```
    pub fn new(center: Vec3<S>, radius: S) -> Result<Self, ShapeError> {
        if !center.is_finite() || !radius.is_finite() {
            return Err(ShapeError::NonFinite);
        }
        if radius < S::ZERO {
            return Err(ShapeError::NegativeRadius);
        }
        Ok(Self { center, radius })
    }

    /// The centre: the core point.
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// let s = gjk_shapes::Sphere::new(Vec3::new(1.0_f32, 2.0, 3.0), 0.5)?;
    /// assert_eq!(s.center(), Vec3::new(1.0, 2.0, 3.0));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn center(&self) -> Vec3<S> {
        self.center
    }

    /// The radius (the same value [`Support::radius`] gives).
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// let s = gjk_shapes::Sphere::new(Vec3::ZERO, 0.5_f32)?;
    /// assert_eq!(s.radius(), 0.5);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn radius(&self) -> S {
        self.radius
    }
}

impl<S: Scalar> Support<S, Vec3<S>> for Sphere<S> {
    #[inline]
    fn support(&self, _direction: Vec3<S>) -> SupportPoint<S, Vec3<S>> {
        SupportPoint::new(self.center, FeatureId::vertex(0))
    }

    #[inline]
    fn radius(&self) -> S {
        self.radius
    }

    #[inline]
    fn feature_point(&self, feature: FeatureId) -> Option<Vec3<S>> {
        (feature == FeatureId::vertex(0)).then_some(self.center)
    }

    #[inline]
    fn local_aabb(&self) -> Aabb3<S> {
        Aabb3::around(self.center, self.radius)
    }

    #[inline]
    fn aabb(&self, transform: Transform3<S>) -> Aabb3<S> {
        Aabb3::around(transform.transform_point(self.center), self.radius)
    }
}

/// [`Sphere::ray_cast`], the closed form.
impl<S: Scalar> RayShape<S, Vec3<S>> for Sphere<S> {
    #[inline]
    fn analytic_ray_cast(
        &self,
        transform: Transform3<S>,
        ray: Ray<S, Vec3<S>>,
    ) -> Option<CastOutput<S, Vec3<S>>> {
        Some(self.ray_cast(transform, ray))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{
        DEGENERATE_DIRECTIONS3, DIRECTIONS3, aabb_by_support3, aabb3_close, placements3,
    };

    fn sphere() -> Sphere<f64> {
        Sphere::new(Vec3::new(1.0, 2.0, -3.0), 0.75).unwrap()
    }

    #[test]
    fn sphere_rejects_non_finite_centre_or_radius() {
        assert_eq!(
            Sphere::new(Vec3::new(0.0, 0.0, f64::NAN), 1.0),
            Err(ShapeError::NonFinite)
        );
        assert_eq!(
            Sphere::new(Vec3::ZERO, f64::INFINITY),
            Err(ShapeError::NonFinite)
        );
    }

    #[test]
    fn sphere_rejects_negative_radius_and_accepts_zero() {
        assert_eq!(
            Sphere::new(Vec3::ZERO, -0.1),
            Err(ShapeError::NegativeRadius)
        );
        assert!(Sphere::new(Vec3::ZERO, 0.0).is_ok());
        assert_eq!(
            Sphere::new(Vec3::ZERO, -1.0_f32),
            Err(ShapeError::NegativeRadius)
        );
    }

    #[test]
    fn sphere_support_is_the_centre_with_feature_zero() {
        for direction in DIRECTIONS3.into_iter().chain(DEGENERATE_DIRECTIONS3) {
            let support = sphere().support(direction);
            assert_eq!(support.point, sphere().center());
            assert_eq!(sphere().feature_point(support.feature), Some(support.point));
        }
        assert_eq!(sphere().feature_point(FeatureId::vertex(1)), None);
        assert_eq!(Support::radius(&sphere()), 0.75);
    }

    #[test]
    fn sphere_aabb_is_the_centre_grown_by_the_radius() {
        let expected = Aabb3::new(Vec3::new(0.25, 1.25, -3.75), Vec3::new(1.75, 2.75, -2.25));
        assert_eq!(sphere().local_aabb(), expected);
        for transform in placements3() {
            assert!(aabb3_close(
                sphere().aabb(transform),
                aabb_by_support3(&sphere(), transform),
                1e-12
            ));
        }
    }
}
