//! `Transformed`: a shape placed in a parent frame by a fixed transform.

use gjk_core::{
    Aabb, Bounded, CastOutput, ContactShape, FeatureId, Ray, RayShape, Scalar, Support,
    SupportEdge, SupportPoint, Transform, Vec2,
};

use crate::ShapeError;

/// A shape moved and turned by a fixed `transform`: an off-centre or tilted ellipse, a
/// box offset inside a compound part. Its local frame is the transform's parent frame.
///
/// `support(d) = transform(shape.support(R^T d))`: the direction is turned into the
/// shape's frame and the support point brought back. Radius and feature ids are the
/// shape's.
///
/// ```
/// use gjk_core::{Rot, Support, Transform, Vec2};
/// use gjk_shapes::{Ellipse, Transformed};
///
/// let quarter = Transform::new(Vec2::new(1.0, 0.0), Rot { cos: 0.0, sin: 1.0 });
/// let upright = Transformed::new(Ellipse::new(Vec2::new(2.0_f64, 1.0))?, quarter)?;
/// assert_eq!(upright.support(Vec2::Y).point, Vec2::new(1.0, 2.0));
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Transformed<S, T> {
    shape: T,
    transform: Transform<S>,
}

impl<S: Scalar, T> Transformed<S, T> {
    /// `shape` placed by `transform`.
    ///
    /// Errors: [`ShapeError::NonFinite`] for a NaN or infinite translation or rotation
    /// entry; [`ShapeError::InvalidRotation`] for a rotation that is not unit length
    /// within `Scalar::UNIT_TOLERANCE` (`Rot::is_valid`).
    ///
    /// ```
    /// use gjk_core::{Rot, Transform, Vec2};
    /// use gjk_shapes::{Rect, ShapeError, Transformed};
    /// let rect = Rect::new(Vec2::new(1.0_f32, 1.0))?;
    /// let tilted = Transform::from_position_angle(Vec2::new(2.0, 0.0), 0.5);
    /// assert!(Transformed::new(rect, tilted).is_ok());
    /// let stretched = Transform::new(Vec2::ZERO, Rot { cos: 2.0, sin: 0.0 });
    /// assert_eq!(Transformed::new(rect, stretched), Err(ShapeError::InvalidRotation));
    /// # Ok::<(), ShapeError>(())
    /// ```
    pub fn new(shape: T, transform: Transform<S>) -> Result<Self, ShapeError> {
        let rotation = transform.rotation;
        if !transform.translation.is_finite() || !Vec2::new(rotation.cos, rotation.sin).is_finite()
        {
            return Err(ShapeError::NonFinite);
        }
        if !rotation.is_valid() {
            return Err(ShapeError::InvalidRotation);
        }
        Ok(Self { shape, transform })
    }

    /// The shape being placed.
    ///
    /// ```
    /// use gjk_core::{Transform, Vec2};
    /// use gjk_shapes::{Point, Transformed};
    /// let point = Point::new(Vec2::new(1.0_f32, 0.0))?;
    /// assert_eq!(*Transformed::new(point, Transform::<f32>::IDENTITY)?.shape(), point);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn shape(&self) -> &T {
        &self.shape
    }

    /// The transform from the shape's frame to this one.
    ///
    /// ```
    /// use gjk_core::{Transform, Vec2};
    /// use gjk_shapes::{Point, Transformed};
    /// let xf = Transform::from_translation(Vec2::new(0.0_f32, 3.0));
    /// let placed = Transformed::new(Point::<f32>::new(Vec2::ZERO)?, xf)?;
    /// assert_eq!(placed.transform(), xf);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn transform(&self) -> Transform<S> {
        self.transform
    }
}

impl<S: Scalar, T: Support<S>> Support<S> for Transformed<S, T> {
    #[inline]
    fn support(&self, direction: Vec2<S>) -> SupportPoint<S> {
        let local = self
            .shape
            .support(self.transform.rotation.inv_rotate(direction));
        SupportPoint::new(self.transform.transform_point(local.point), local.feature)
    }

    #[inline]
    fn radius(&self) -> S {
        self.shape.radius()
    }

    #[inline]
    fn feature_point(&self, feature: FeatureId) -> Option<Vec2<S>> {
        let local = self.shape.feature_point(feature)?;
        Some(self.transform.transform_point(local))
    }
}

impl<S: Scalar, T: Bounded<S>> Bounded<S> for Transformed<S, T> {
    #[inline]
    fn local_aabb(&self) -> Aabb<S> {
        self.shape.aabb(self.transform)
    }

    #[inline]
    fn aabb(&self, transform: Transform<S>) -> Aabb<S> {
        self.shape.aabb(transform * self.transform)
    }
}

/// The shape's own closed-form cast, if it has one, at the composed placement.
impl<S: Scalar, T: RayShape<S>> RayShape<S> for Transformed<S, T> {
    #[inline]
    fn analytic_ray_cast(&self, transform: Transform<S>, ray: Ray<S>) -> Option<CastOutput<S>> {
        self.shape
            .analytic_ray_cast(transform * self.transform, ray)
    }
}

/// The shape's edge, placed by the transform.
impl<S: Scalar, T: ContactShape<S>> ContactShape<S> for Transformed<S, T> {
    #[inline]
    fn support_edge(&self, direction: Vec2<S>) -> Option<SupportEdge<S>> {
        let local = self
            .shape
            .support_edge(self.transform.rotation.inv_rotate(direction))?;
        Some(local.transformed(self.transform))
    }
}

#[cfg(test)]
mod tests {
    use gjk_core::{DistanceStatus, Rot, distance};

    use super::*;
    use crate::testing::{
        DEGENERATE_DIRECTIONS, DIRECTIONS, aabb_by_support, aabb_close, placements,
    };
    use crate::{Circle, Ellipse, Rect};

    fn placement() -> Transform<f64> {
        Transform::from_position_angle(Vec2::new(2.0, -1.0), 0.6)
    }

    fn tilted_box() -> Transformed<f64, Rect<f64>> {
        Transformed::new(Rect::new(Vec2::new(2.0, 1.0)).unwrap(), placement()).unwrap()
    }

    #[test]
    fn transformed_rejects_non_finite_transforms() {
        let rect = Rect::new(Vec2::new(1.0, 1.0)).unwrap();
        let nan_translation = Transform::from_translation(Vec2::new(f64::NAN, 0.0));
        assert_eq!(
            Transformed::new(rect, nan_translation),
            Err(ShapeError::NonFinite)
        );
        let nan_rotation = Transform::new(
            Vec2::ZERO,
            Rot {
                cos: f64::NAN,
                sin: 0.0,
            },
        );
        assert_eq!(
            Transformed::new(rect, nan_rotation),
            Err(ShapeError::NonFinite)
        );
    }

    #[test]
    fn transformed_rejects_a_rotation_that_is_not_unit_length() {
        let rect = Rect::new(Vec2::new(1.0, 1.0)).unwrap();
        let scaled = Transform::new(Vec2::ZERO, Rot { cos: 0.9, sin: 0.0 });
        assert_eq!(
            Transformed::new(rect, scaled),
            Err(ShapeError::InvalidRotation)
        );
    }

    #[test]
    fn transformed_support_maps_the_shape_support() {
        let t = tilted_box();
        let xf = placement();
        for d in DIRECTIONS.into_iter().chain(DEGENERATE_DIRECTIONS) {
            let support = t.support(d);
            let expected = xf.transform_point(t.shape().support(xf.rotation.inv_rotate(d)).point);
            assert_eq!(support.point, expected);
            assert_eq!(t.feature_point(support.feature), Some(support.point));
        }
        // The world vertex farthest along d is the support.
        for d in DIRECTIONS.into_iter().take(10) {
            let best = t
                .shape()
                .vertices()
                .map(|v| xf.transform_point(v).dot(d))
                .into_iter()
                .fold(f64::NEG_INFINITY, f64::max);
            assert!((t.support(d).point.dot(d) - best).abs() < 1e-12);
        }
    }

    #[test]
    fn transformed_keeps_radius_and_smooth_features() {
        let circle = Transformed::new(Circle::new(Vec2::ZERO, 0.5).unwrap(), placement()).unwrap();
        assert_eq!(circle.radius(), 0.5);
        assert_eq!(circle.support(Vec2::X).point, Vec2::new(2.0, -1.0));
        let ellipse =
            Transformed::new(Ellipse::new(Vec2::new(2.0, 1.0)).unwrap(), placement()).unwrap();
        assert_eq!(ellipse.support(Vec2::X).feature, FeatureId::SMOOTH);
        assert_eq!(ellipse.feature_point(FeatureId::SMOOTH), None);
    }

    #[test]
    fn transformed_aabb_is_the_shape_box_under_the_transform() {
        let t = tilted_box();
        assert!(aabb_close(
            t.local_aabb(),
            aabb_by_support(&t, Transform::IDENTITY),
            1e-12
        ));
        for transform in placements() {
            assert!(aabb_close(
                t.aabb(transform),
                aabb_by_support(&t, transform),
                1e-12
            ));
        }
    }

    #[test]
    fn transformed_distance_matches_placing_the_shape_directly() {
        let other = Circle::new(Vec2::ZERO, 1.0).unwrap();
        let xf_b = Transform::from_translation(Vec2::new(7.0, 3.0));
        let nested = distance(&tilted_box(), Transform::IDENTITY, &other, xf_b);
        let direct = distance(tilted_box().shape(), placement(), &other, xf_b);
        assert_eq!(nested.status, DistanceStatus::Separated);
        assert!((nested.distance - direct.distance).abs() < 1e-12);
    }
}
