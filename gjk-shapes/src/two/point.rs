//! `Point`: a single point.

use gjk_core::{
    Aabb, CastOutput, ContactShape, FeatureId, Ray, RayShape, Scalar, Support, SupportPoint,
    Transform, Vec2,
};

use crate::ShapeError;

/// A single point in the local frame: every direction supports it, as feature 0.
///
/// ```
/// use gjk_core::{distance, Support, Transform, Vec2};
/// use gjk_shapes::Point;
///
/// let p = Point::new(Vec2::new(1.0_f32, 2.0))?;
/// assert_eq!(p.support(Vec2::X).point, Vec2::new(1.0, 2.0));
/// let q = Point::new(Vec2::new(4.0_f32, 6.0))?;
/// let out = distance(&p, Transform::IDENTITY, &q, Transform::IDENTITY);
/// assert_eq!(out.distance, 5.0);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point<S> {
    position: Vec2<S>,
}

impl<S: Scalar> Point<S> {
    /// A point at `position`; [`ShapeError::NonFinite`] if a coordinate is NaN or
    /// infinite.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// use gjk_shapes::{Point, ShapeError};
    /// assert!(Point::new(Vec2::new(1.0_f64, 0.0)).is_ok());
    /// assert_eq!(Point::new(Vec2::new(f64::NAN, 0.0)), Err(ShapeError::NonFinite));
    /// ```
    pub fn new(position: Vec2<S>) -> Result<Self, ShapeError> {
        if !position.is_finite() {
            return Err(ShapeError::NonFinite);
        }
        Ok(Self { position })
    }

    /// Where the point is.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// let p = gjk_shapes::Point::new(Vec2::new(1.0_f32, 2.0))?;
    /// assert_eq!(p.position(), Vec2::new(1.0, 2.0));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn position(&self) -> Vec2<S> {
        self.position
    }
}

impl<S: Scalar> Support<S> for Point<S> {
    #[inline]
    fn support(&self, _direction: Vec2<S>) -> SupportPoint<S> {
        SupportPoint::new(self.position, FeatureId::vertex(0))
    }

    #[inline]
    fn feature_point(&self, feature: FeatureId) -> Option<Vec2<S>> {
        (feature == FeatureId::vertex(0)).then_some(self.position)
    }

    #[inline]
    fn local_aabb(&self) -> Aabb<S> {
        Aabb::new(self.position, self.position)
    }

    #[inline]
    fn aabb(&self, transform: Transform<S>) -> Aabb<S> {
        let placed = transform.transform_point(self.position);
        Aabb::new(placed, placed)
    }
}

/// [`Point::ray_cast`], the closed form.
impl<S: Scalar> RayShape<S> for Point<S> {
    #[inline]
    fn analytic_ray_cast(&self, transform: Transform<S>, ray: Ray<S>) -> Option<CastOutput<S>> {
        Some(self.ray_cast(transform, ray))
    }
}

/// A point touches others at one point: no edges.
impl<S: Scalar> ContactShape<S> for Point<S> {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{
        DEGENERATE_DIRECTIONS, DIRECTIONS, aabb_by_support, aabb_close, placements,
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
}
