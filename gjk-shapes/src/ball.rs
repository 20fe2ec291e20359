//! `Ball`: a point core with a radius, written once for both dimensions: [`Circle`]
//! in the plane, [`Sphere`] in space.

use gjk_core::{
    Bounded, CastOutput, ContactShape, FeatureId, Ray, RayShape, Scalar, Space, Support,
    SupportPoint, Transform, Transform3, Vec2, Vec3,
};

use crate::ShapeError;

/// A point core (its centre, feature 0) with a radius: a disc in the plane
/// ([`Circle`]), a ball in space ([`Sphere`]).
///
/// GJK runs on the centre and subtracts the radius afterwards, so ball distances are
/// exact in one iteration.
///
/// ```
/// use gjk_core::{distance, Transform, Transform3, Vec2, Vec3};
/// use gjk_shapes::{Circle, Sphere};
///
/// let a = Circle::new(Vec2::ZERO, 1.0_f64)?;
/// let b = Circle::new(Vec2::ZERO, 0.5_f64)?;
/// let out = distance(&a, Transform::IDENTITY, &b, Transform::from_translation(Vec2::new(3.0, 4.0)));
/// assert_eq!(out.distance, 3.5);
///
/// let ball = Sphere::new(Vec3::ZERO, 1.0_f64)?;
/// let above = Transform3::from_translation(Vec3::new(0.0, 0.0, 4.0));
/// assert_eq!(distance(&ball, Transform3::IDENTITY, &ball, above).distance, 2.0);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ball<S, V = Vec2<S>> {
    center: V,
    radius: S,
}

/// A disc: the plane's [`Ball`].
pub type Circle<S> = Ball<S>;

/// A ball in space: the 3D [`Ball`], the counterpart of [`Circle`].
pub type Sphere<S> = Ball<S, Vec3<S>>;

impl<S: Scalar, V: Space<Scalar = S>> Ball<S, V> {
    /// A ball around `center`. A zero radius is allowed (a point).
    ///
    /// Errors: [`ShapeError::NonFinite`] for a NaN or infinite coordinate or radius,
    /// [`ShapeError::NegativeRadius`] for a radius below zero.
    ///
    /// ```
    /// use gjk_core::{Vec2, Vec3};
    /// use gjk_shapes::{Circle, ShapeError, Sphere};
    /// assert!(Circle::new(Vec2::ZERO, 1.0_f32).is_ok());
    /// assert_eq!(Circle::new(Vec2::ZERO, -1.0_f32), Err(ShapeError::NegativeRadius));
    /// assert_eq!(Sphere::new(Vec3::ZERO, f32::NAN), Err(ShapeError::NonFinite));
    /// ```
    pub fn new(center: V, radius: S) -> Result<Self, ShapeError> {
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
    /// use gjk_core::{Vec2, Vec3};
    /// let c = gjk_shapes::Circle::new(Vec2::new(1.0_f32, 2.0), 0.5)?;
    /// assert_eq!(c.center(), Vec2::new(1.0, 2.0));
    /// let s = gjk_shapes::Sphere::new(Vec3::new(1.0_f32, 2.0, 3.0), 0.5)?;
    /// assert_eq!(s.center(), Vec3::new(1.0, 2.0, 3.0));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn center(&self) -> V {
        self.center
    }

    /// The radius (the same value [`Support::radius`] gives).
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// let c = gjk_shapes::Circle::new(Vec2::ZERO, 0.5_f32)?;
    /// assert_eq!(c.radius(), 0.5);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn radius(&self) -> S {
        self.radius
    }
}

impl<S: Scalar, V: Space<Scalar = S>> Support<S, V> for Ball<S, V> {
    #[inline]
    fn support(&self, _direction: V) -> SupportPoint<S, V> {
        SupportPoint::new(self.center, FeatureId::vertex(0))
    }

    #[inline]
    fn radius(&self) -> S {
        self.radius
    }

    #[inline]
    fn feature_point(&self, feature: FeatureId) -> Option<V> {
        (feature == FeatureId::vertex(0)).then_some(self.center)
    }
}

impl<S: Scalar, V: Space<Scalar = S>> Bounded<S, V> for Ball<S, V> {
    #[inline]
    fn local_aabb(&self) -> V::Aabb {
        V::aabb_around(self.center, self.radius)
    }

    #[inline]
    fn aabb(&self, transform: V::Transform) -> V::Aabb {
        use gjk_core::RigidTransform as _;
        V::aabb_around(transform.transform_point(self.center), self.radius)
    }
}

/// [`Circle::ray_cast`], the closed form.
impl<S: Scalar> RayShape<S> for Circle<S> {
    #[inline]
    fn analytic_ray_cast(&self, transform: Transform<S>, ray: Ray<S>) -> Option<CastOutput<S>> {
        Some(self.ray_cast(transform, ray))
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

/// A circle touches others at one point: no edges.
impl<S: Scalar> ContactShape<S> for Circle<S> {}

/// A sphere touches others at one point: no faces.
impl<S: Scalar> ContactShape<S, Vec3<S>> for Sphere<S> {}

#[cfg(test)]
mod tests {
    use gjk_core::{Aabb, Aabb3, DistanceStatus, distance};

    use super::*;
    use crate::testing::{
        DEGENERATE_DIRECTIONS, DEGENERATE_DIRECTIONS3, DIRECTIONS, DIRECTIONS3, aabb_by_support,
        aabb_by_support3, aabb_close, aabb3_close, placements, placements3,
    };

    fn circle() -> Circle<f64> {
        Circle::new(Vec2::new(1.0, 2.0), 0.75).unwrap()
    }

    #[test]
    fn circle_rejects_non_finite_centre_or_radius() {
        assert_eq!(
            Circle::new(Vec2::new(f64::NAN, 0.0), 1.0),
            Err(ShapeError::NonFinite)
        );
        assert_eq!(
            Circle::new(Vec2::ZERO, f64::INFINITY),
            Err(ShapeError::NonFinite)
        );
        assert_eq!(
            Circle::new(Vec2::ZERO, f64::NEG_INFINITY),
            Err(ShapeError::NonFinite)
        );
    }

    #[test]
    fn circle_rejects_negative_radius_and_accepts_zero() {
        assert_eq!(
            Circle::new(Vec2::ZERO, -0.1),
            Err(ShapeError::NegativeRadius)
        );
        assert!(Circle::new(Vec2::ZERO, 0.0).is_ok());
    }

    #[test]
    fn circle_support_is_the_centre_with_feature_zero() {
        for direction in DIRECTIONS.into_iter().chain(DEGENERATE_DIRECTIONS) {
            let support = circle().support(direction);
            assert_eq!(support.point, Vec2::new(1.0, 2.0));
            assert_eq!(circle().feature_point(support.feature), Some(support.point));
        }
        assert_eq!(circle().feature_point(FeatureId::vertex(1)), None);
        assert_eq!(Support::radius(&circle()), 0.75);
    }

    #[test]
    fn circle_aabb_is_the_centre_grown_by_the_radius() {
        let expected = Aabb::new(Vec2::new(0.25, 1.25), Vec2::new(1.75, 2.75));
        assert_eq!(circle().local_aabb(), expected);
        for transform in placements() {
            let closed_form = circle().aabb(transform);
            assert!(aabb_close(
                closed_form,
                aabb_by_support(&circle(), transform),
                1e-12
            ));
        }
    }

    #[test]
    fn circle_distance_smoke_test() {
        let a = Circle::new(Vec2::ZERO, 1.0).unwrap();
        let out = distance(
            &a,
            Transform::IDENTITY,
            &circle(),
            Transform::from_translation(Vec2::new(2.0, 2.0)),
        );
        assert_eq!(out.status, DistanceStatus::Separated);
        let centres = Vec2::new(3.0, 4.0).length();
        assert!((out.distance - (centres - 1.75)).abs() < 1e-12);
    }

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
