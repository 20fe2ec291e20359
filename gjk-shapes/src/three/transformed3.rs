//! `Transformed3`: a 3D shape placed in a parent frame by a fixed transform.

use gjk_core::{
    Aabb3, Bounded, CastOutput, FeatureId, Ray, RayShape, Scalar, Support, SupportPoint,
    Transform3, Vec3,
};

use crate::ShapeError;

/// A 3D shape moved and turned by a fixed `transform`: an off-centre or tilted
/// cylinder, a box offset inside a compound part. The 3D counterpart of
/// [`Transformed`](crate::Transformed), which holds a plane
/// [`Transform`](gjk_core::Transform); its local frame is the transform's parent frame.
///
/// `support(d) = transform(shape.support(R^T d))`: the direction is turned into the
/// shape's frame and the support point brought back. Radius and feature ids are the
/// shape's.
///
/// ```
/// use gjk_core::{Support, Transform3, Vec3};
/// use gjk_shapes::{Cylinder, Transformed3};
///
/// // A cylinder lying along x: a quarter turn about y takes local z to x.
/// let quarter = core::f64::consts::FRAC_PI_2;
/// let xf = Transform3::from_position_axis_angle(Vec3::new(0.0, 0.0, 5.0), Vec3::Y, quarter).unwrap();
/// let lying = Transformed3::new(Cylinder::new(2.0_f64, 0.5)?, xf)?;
/// let tip = lying.support(Vec3::new(1.0, 0.0, 1e-9)).point;
/// assert!((tip - Vec3::new(2.0, 0.0, 5.5)).length() < 1e-12);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Transformed3<S, T> {
    shape: T,
    transform: Transform3<S>,
}

impl<S: Scalar, T> Transformed3<S, T> {
    /// `shape` placed by `transform`.
    ///
    /// Errors: [`ShapeError::NonFinite`] for a NaN or infinite translation or
    /// quaternion entry; [`ShapeError::InvalidRotation`] for a quaternion that is not
    /// unit length within `Scalar::UNIT_TOLERANCE` (`Quat::is_valid`).
    ///
    /// ```
    /// use gjk_core::{Quat, Transform3, Vec3};
    /// use gjk_shapes::{Cuboid, ShapeError, Transformed3};
    /// let cuboid = Cuboid::new(Vec3::new(1.0_f32, 1.0, 1.0))?;
    /// let moved = Transform3::from_translation(Vec3::new(2.0, 0.0, 0.0));
    /// assert!(Transformed3::new(cuboid, moved).is_ok());
    /// let stretched = Transform3::new(Vec3::ZERO, Quat { x: 0.0, y: 0.0, z: 0.0, w: 2.0 });
    /// assert_eq!(Transformed3::new(cuboid, stretched), Err(ShapeError::InvalidRotation));
    /// # Ok::<(), ShapeError>(())
    /// ```
    pub fn new(shape: T, transform: Transform3<S>) -> Result<Self, ShapeError> {
        let q = transform.rotation;
        let quaternion_is_finite = Vec3::new(q.x, q.y, q.z).is_finite() && q.w.is_finite();
        if !transform.translation.is_finite() || !quaternion_is_finite {
            return Err(ShapeError::NonFinite);
        }
        if !q.is_valid() {
            return Err(ShapeError::InvalidRotation);
        }
        Ok(Self { shape, transform })
    }

    /// The shape being placed.
    ///
    /// ```
    /// use gjk_core::{Transform3, Vec3};
    /// use gjk_shapes::{Point3, Transformed3};
    /// let point = Point3::new(Vec3::new(1.0_f32, 0.0, 0.0))?;
    /// assert_eq!(*Transformed3::new(point, Transform3::<f32>::IDENTITY)?.shape(), point);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn shape(&self) -> &T {
        &self.shape
    }

    /// The transform from the shape's frame to this one.
    ///
    /// ```
    /// use gjk_core::{Transform3, Vec3};
    /// use gjk_shapes::{Point3, Transformed3};
    /// let xf = Transform3::from_translation(Vec3::new(0.0_f32, 3.0, 0.0));
    /// let placed = Transformed3::new(Point3::<f32>::new(Vec3::ZERO)?, xf)?;
    /// assert_eq!(placed.transform(), xf);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn transform(&self) -> Transform3<S> {
        self.transform
    }
}

impl<S: Scalar, T: Support<S, Vec3<S>>> Support<S, Vec3<S>> for Transformed3<S, T> {
    #[inline]
    fn support(&self, direction: Vec3<S>) -> SupportPoint<S, Vec3<S>> {
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
    fn feature_point(&self, feature: FeatureId) -> Option<Vec3<S>> {
        let local = self.shape.feature_point(feature)?;
        Some(self.transform.transform_point(local))
    }
}

impl<S: Scalar, T: Bounded<S, Vec3<S>>> Bounded<S, Vec3<S>> for Transformed3<S, T> {
    #[inline]
    fn local_aabb(&self) -> Aabb3<S> {
        self.shape.aabb(self.transform)
    }

    #[inline]
    fn aabb(&self, transform: Transform3<S>) -> Aabb3<S> {
        self.shape.aabb(transform * self.transform)
    }
}

/// The shape's own closed-form cast, if it has one, at the composed placement.
impl<S: Scalar, T: RayShape<S, Vec3<S>>> RayShape<S, Vec3<S>> for Transformed3<S, T> {
    #[inline]
    fn analytic_ray_cast(
        &self,
        transform: Transform3<S>,
        ray: Ray<S, Vec3<S>>,
    ) -> Option<CastOutput<S, Vec3<S>>> {
        self.shape
            .analytic_ray_cast(transform * self.transform, ray)
    }
}

#[cfg(test)]
mod tests {
    use gjk_core::Quat;

    use super::*;
    use crate::testing::{
        DEGENERATE_DIRECTIONS3, DIRECTIONS3, aabb_by_support3, aabb3_close, placements3,
    };
    use crate::{Cone, Cuboid, Sphere};

    fn placement() -> Transform3<f64> {
        Transform3::from_position_axis_angle(
            Vec3::new(2.0, -1.0, 0.5),
            Vec3::new(1.0, 1.0, 0.0),
            0.6,
        )
        .unwrap()
    }

    fn tilted_box() -> Transformed3<f64, Cuboid<f64>> {
        Transformed3::new(Cuboid::new(Vec3::new(2.0, 1.0, 0.5)).unwrap(), placement()).unwrap()
    }

    #[test]
    fn transformed3_rejects_non_finite_and_non_unit_transforms() {
        let cuboid = Cuboid::new(Vec3::splat(1.0)).unwrap();
        let nan_translation = Transform3::from_translation(Vec3::new(0.0, f64::NAN, 0.0));
        assert_eq!(
            Transformed3::new(cuboid, nan_translation),
            Err(ShapeError::NonFinite)
        );
        let infinite_rotation = Transform3::new(
            Vec3::ZERO,
            Quat {
                x: 0.0,
                y: 0.0,
                z: f64::INFINITY,
                w: 1.0,
            },
        );
        assert_eq!(
            Transformed3::new(cuboid, infinite_rotation),
            Err(ShapeError::NonFinite)
        );
        let scaled = Transform3::new(
            Vec3::ZERO,
            Quat {
                x: 0.0,
                y: 0.0,
                z: 0.0,
                w: 0.9,
            },
        );
        assert_eq!(
            Transformed3::new(cuboid, scaled),
            Err(ShapeError::InvalidRotation)
        );
    }

    #[test]
    fn transformed3_support_maps_the_shape_support() {
        let t = tilted_box();
        let xf = placement();
        for d in DIRECTIONS3.into_iter().chain(DEGENERATE_DIRECTIONS3) {
            let support = t.support(d);
            let expected = xf.transform_point(t.shape().support(xf.rotation.inv_rotate(d)).point);
            assert_eq!(support.point, expected);
            assert!(support.point.is_finite());
            assert_eq!(t.feature_point(support.feature), Some(support.point));
        }
        // The world vertex farthest along d is the support.
        for d in DIRECTIONS3.into_iter().take(12) {
            let best = t
                .shape()
                .vertices()
                .map(|v| xf.transform_point(v).dot(d))
                .into_iter()
                .fold(f64::NEG_INFINITY, f64::max);
            assert!((t.support(d).point.dot(d) - best).abs() < 1e-12, "{d:?}");
        }
    }

    #[test]
    fn transformed3_keeps_radius_and_features() {
        let sphere = Transformed3::new(Sphere::new(Vec3::ZERO, 0.5).unwrap(), placement()).unwrap();
        assert_eq!(sphere.radius(), 0.5);
        assert_eq!(sphere.support(Vec3::X).point, placement().translation);
        let cone = Transformed3::new(Cone::new(1.0, 0.5).unwrap(), placement()).unwrap();
        let apex = cone.support(placement().rotation.rotate(Vec3::Z));
        assert_eq!(apex.feature, FeatureId::vertex(0));
        assert_eq!(cone.feature_point(apex.feature), Some(apex.point));
        assert_eq!(cone.feature_point(FeatureId::SMOOTH), None);
    }

    #[test]
    fn transformed3_aabb_is_the_shape_box_under_the_transform() {
        let t = tilted_box();
        assert!(aabb3_close(
            t.local_aabb(),
            aabb_by_support3(&t, Transform3::IDENTITY),
            1e-12
        ));
        for transform in placements3() {
            assert!(aabb3_close(
                t.aabb(transform),
                aabb_by_support3(&t, transform),
                1e-12
            ));
        }
    }
}
