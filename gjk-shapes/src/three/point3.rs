//! `Point3`: a single point in 3D.

use gjk_core::{Aabb3, FeatureId, RayShape, Scalar, Support, SupportPoint, Transform3, Vec3};

use crate::ShapeError;

/// A single point in the local frame: every direction supports it, as feature 0. The
/// 3D counterpart of [`Point`](crate::Point).
///
/// ```
/// use gjk_core::{FeatureId, Support, Vec3};
/// use gjk_shapes::Point3;
///
/// let p = Point3::new(Vec3::new(1.0_f32, 2.0, 3.0))?;
/// let support = p.support(Vec3::X);
/// assert_eq!(support.point, Vec3::new(1.0, 2.0, 3.0));
/// assert_eq!(support.feature, FeatureId::vertex(0));
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point3<S> {
    position: Vec3<S>,
}

impl<S: Scalar> Point3<S> {
    /// The point at the origin (for the crate's own queries; the constructor checks
    /// what this needs no check for).
    pub(crate) const ORIGIN: Self = Self {
        position: Vec3::ZERO,
    };

    /// A point at `position`; [`ShapeError::NonFinite`] if a coordinate is NaN or
    /// infinite.
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// use gjk_shapes::{Point3, ShapeError};
    /// assert!(Point3::new(Vec3::new(1.0_f64, 0.0, 0.0)).is_ok());
    /// assert_eq!(Point3::new(Vec3::new(0.0, f64::NAN, 0.0)), Err(ShapeError::NonFinite));
    /// ```
    pub fn new(position: Vec3<S>) -> Result<Self, ShapeError> {
        if !position.is_finite() {
            return Err(ShapeError::NonFinite);
        }
        Ok(Self { position })
    }

    /// Where the point is.
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// let p = gjk_shapes::Point3::new(Vec3::new(1.0_f32, 2.0, 3.0))?;
    /// assert_eq!(p.position(), Vec3::new(1.0, 2.0, 3.0));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn position(&self) -> Vec3<S> {
        self.position
    }
}

impl<S: Scalar> Support<S, Vec3<S>> for Point3<S> {
    #[inline]
    fn support(&self, _direction: Vec3<S>) -> SupportPoint<S, Vec3<S>> {
        SupportPoint::new(self.position, FeatureId::vertex(0))
    }

    #[inline]
    fn feature_point(&self, feature: FeatureId) -> Option<Vec3<S>> {
        (feature == FeatureId::vertex(0)).then_some(self.position)
    }

    #[inline]
    fn local_aabb(&self) -> Aabb3<S> {
        Aabb3::new(self.position, self.position)
    }

    #[inline]
    fn aabb(&self, transform: Transform3<S>) -> Aabb3<S> {
        let placed = transform.transform_point(self.position);
        Aabb3::new(placed, placed)
    }
}

/// No closed-form ray cast yet: `ray_cast` takes the GJK ray cast.
impl<S: Scalar> RayShape<S, Vec3<S>> for Point3<S> {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{
        DEGENERATE_DIRECTIONS3, DIRECTIONS3, aabb_by_support3, aabb3_close, placements3,
    };

    fn point() -> Point3<f64> {
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
            let support = point().support(direction);
            assert_eq!(support.point, point().position());
            assert_eq!(point().feature_point(support.feature), Some(support.point));
        }
        assert_eq!(point().feature_point(FeatureId::vertex(1)), None);
        assert_eq!(point().feature_point(FeatureId::SMOOTH), None);
    }

    #[test]
    fn point3_aabb_is_the_degenerate_box_at_the_point() {
        let p = point();
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
