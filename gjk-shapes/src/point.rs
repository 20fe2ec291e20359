//! `Point`: a single point, written once for both dimensions ([`Point3`] in space).

use gjk_core::{
    Bounded, CastOutput, ContactShape, FeatureId, Ray, RayShape, RigidTransform as _, Scalar,
    Space, Support, SupportPoint, Transform, Vec2, Vec3,
};

use crate::ShapeError;

/// A single point in the local frame: every direction supports it, as feature 0. In
/// the plane by default; [`Point3`] in space.
///
/// ```
/// use gjk_core::{distance, FeatureId, Support, Transform, Vec2, Vec3};
/// use gjk_shapes::{Point, Point3};
///
/// let p = Point::new(Vec2::new(1.0_f32, 2.0))?;
/// assert_eq!(p.support(Vec2::X).point, Vec2::new(1.0, 2.0));
/// let q = Point::new(Vec2::new(4.0_f32, 6.0))?;
/// let out = distance(&p, Transform::IDENTITY, &q, Transform::IDENTITY);
/// assert_eq!(out.distance, 5.0);
///
/// let p3 = Point3::new(Vec3::new(1.0_f32, 2.0, 3.0))?;
/// assert_eq!(p3.support(Vec3::X).feature, FeatureId::vertex(0));
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point<S, V = Vec2<S>> {
    position: V,
    scalar: core::marker::PhantomData<S>,
}

/// A single point in space: the 3D [`Point`].
pub type Point3<S> = Point<S, Vec3<S>>;

impl<S: Scalar, V: Space<Scalar = S>> Point<S, V> {
    /// The point at the origin (for the crate's own queries; the constructor checks
    /// what this needs no check for).
    pub(crate) const ORIGIN: Self = Self {
        position: V::ZERO,
        scalar: core::marker::PhantomData,
    };

    /// A point at `position`.
    ///
    /// Errors: [`ShapeError::NonFinite`] for a NaN or infinite coordinate.
    ///
    /// ```
    /// use gjk_core::{Vec2, Vec3};
    /// use gjk_shapes::{Point, Point3, ShapeError};
    /// assert!(Point::new(Vec2::new(1.0_f64, 0.0)).is_ok());
    /// assert_eq!(Point::new(Vec2::new(f64::NAN, 0.0)), Err(ShapeError::NonFinite));
    /// assert_eq!(Point3::new(Vec3::new(0.0, f64::NAN, 0.0)), Err(ShapeError::NonFinite));
    /// ```
    pub fn new(position: V) -> Result<Self, ShapeError> {
        if !position.is_finite() {
            return Err(ShapeError::NonFinite);
        }
        Ok(Self {
            position,
            scalar: core::marker::PhantomData,
        })
    }

    /// The point's position in the local frame.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// let p = gjk_shapes::Point::new(Vec2::new(1.0_f32, 2.0))?;
    /// assert_eq!(p.position(), Vec2::new(1.0, 2.0));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn position(&self) -> V {
        self.position
    }
}

impl<S: Scalar, V: Space<Scalar = S>> Support<S, V> for Point<S, V> {
    #[inline]
    fn support(&self, _direction: V) -> SupportPoint<S, V> {
        SupportPoint::new(self.position, FeatureId::vertex(0))
    }

    #[inline]
    fn feature_point(&self, feature: FeatureId) -> Option<V> {
        (feature == FeatureId::vertex(0)).then_some(self.position)
    }
}

impl<S: Scalar, V: Space<Scalar = S>> Bounded<S, V> for Point<S, V> {
    #[inline]
    fn local_aabb(&self) -> V::Aabb {
        V::aabb_from_corners(self.position, self.position)
    }

    #[inline]
    fn aabb(&self, transform: V::Transform) -> V::Aabb {
        let placed = transform.transform_point(self.position);
        V::aabb_from_corners(placed, placed)
    }
}

/// [`Point::ray_cast`], the closed form.
impl<S: Scalar> RayShape<S> for Point<S> {
    #[inline]
    fn analytic_ray_cast(&self, transform: Transform<S>, ray: Ray<S>) -> Option<CastOutput<S>> {
        Some(self.ray_cast(transform, ray))
    }
}

/// No closed-form ray cast yet in space: `ray_cast` takes the GJK ray cast.
impl<S: Scalar> RayShape<S, Vec3<S>> for Point3<S> {}

/// A point touches others at one point: no edges.
impl<S: Scalar> ContactShape<S> for Point<S> {}

/// A point touches others at one point: no faces.
impl<S: Scalar> ContactShape<S, Vec3<S>> for Point3<S> {}

#[cfg(test)]
mod tests {
    use gjk_core::{Aabb, Aabb3};

    use super::*;
    use crate::testing::{
        DEGENERATE_DIRECTIONS, DEGENERATE_DIRECTIONS3, DIRECTIONS, DIRECTIONS3, aabb_by_support,
        aabb_by_support3, aabb_close, aabb3_close, placements, placements3,
    };

    fn point() -> Point<f64> {
        Point::new(Vec2::new(1.5, -2.0)).unwrap()
    }

    #[test]
    fn point_rejects_non_finite_coordinates() {
        for bad in [Vec2::new(f64::NAN, 0.0), Vec2::new(0.0, f64::INFINITY)] {
            assert_eq!(Point::new(bad), Err(ShapeError::NonFinite));
        }
    }

    #[test]
    fn point_supports_itself_in_every_direction() {
        for direction in DIRECTIONS.into_iter().chain(DEGENERATE_DIRECTIONS) {
            let support = point().support(direction);
            assert_eq!(support.point, Vec2::new(1.5, -2.0));
            assert_eq!(support.feature, FeatureId::vertex(0));
        }
    }

    #[test]
    fn point_feature_point_round_trips_vertex_zero_only() {
        let p = point();
        assert_eq!(
            p.feature_point(p.support(Vec2::X).feature),
            Some(p.position())
        );
        assert_eq!(p.feature_point(FeatureId::vertex(1)), None);
        assert_eq!(p.feature_point(FeatureId::SMOOTH), None);
    }

    #[test]
    fn point_aabb_is_degenerate_box_at_the_point() {
        let p = point();
        assert_eq!(p.local_aabb(), Aabb::new(p.position(), p.position()));
        for transform in placements() {
            assert!(aabb_close(
                p.aabb(transform),
                aabb_by_support(&p, transform),
                1e-12
            ));
        }
    }

    fn point3() -> Point3<f64> {
        Point3::new(Vec3::new(1.5, -2.0, 0.25)).unwrap()
    }

    #[test]
    fn point3_rejects_non_finite_coordinates() {
        for bad in [
            Vec3::new(f64::NAN, 0.0, 0.0),
            Vec3::new(0.0, f64::INFINITY, 0.0),
            Vec3::new(0.0, 0.0, f64::NEG_INFINITY),
        ] {
            assert_eq!(Point3::new(bad), Err(ShapeError::NonFinite));
        }
    }

    #[test]
    fn point3_supports_itself_in_every_direction() {
        for direction in DIRECTIONS3.into_iter().chain(DEGENERATE_DIRECTIONS3) {
            let support = point3().support(direction);
            assert_eq!(support.point, point3().position());
            assert_eq!(point3().feature_point(support.feature), Some(support.point));
        }
        assert_eq!(point3().feature_point(FeatureId::vertex(1)), None);
        assert_eq!(point3().feature_point(FeatureId::SMOOTH), None);
    }

    #[test]
    fn point3_aabb_is_the_degenerate_box_at_the_point3() {
        let p = point3();
        assert_eq!(p.local_aabb(), Aabb3::new(p.position(), p.position()));
        for transform in placements3() {
            assert!(aabb3_close(
                p.aabb(transform),
                aabb_by_support3(&p, transform),
                1e-12
            ));
        }
    }

    #[test]
    fn point3_works_in_f32() {
        let p = Point3::new(Vec3::new(1.0_f32, 2.0, 3.0)).unwrap();
        assert_eq!(p.support(Vec3::new(f32::NAN, 0.0, 0.0)).point, p.position());
    }
}
