//! `Placed`: a shape placed in a parent frame by a fixed transform, in either space
//! (`Transformed` in the plane, `Transformed3` in space).

use gjk_core::{
    Bounded, CastOutput, ContactShape, FeatureId, Ray, RayShape, RigidTransform, Scalar, Space,
    Support, SupportEdge, SupportPoint, Vec2, Vec3,
};

use crate::ShapeError;
use gjk_core::SupportFace;

/// A shape moved and turned by a fixed `transform`: an off-centre or tilted ellipse or
/// cylinder, a box offset inside a compound part. Its local frame is the transform's
/// parent frame. One type for both spaces, named [`Transformed`] in the plane and
/// [`Transformed3`] in space, where it holds a [`Transform3`](gjk_core::Transform3).
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
pub struct Placed<S, T, V: Space<Scalar = S>> {
    shape: T,
    transform: V::Transform,
}

/// A plane shape placed by a fixed [`Transform`](gjk_core::Transform): [`Placed`] in
/// the plane.
pub type Transformed<S, T> = Placed<S, T, Vec2<S>>;

/// A 3D shape placed by a fixed [`Transform3`](gjk_core::Transform3): [`Placed`] in
/// space.
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
pub type Transformed3<S, T> = Placed<S, T, Vec3<S>>;

impl<S: Scalar, T, V: Space<Scalar = S>> Placed<S, T, V> {
    /// `shape` placed by `transform`.
    ///
    /// Errors: [`ShapeError::NonFinite`] for a NaN or infinite translation or rotation
    /// entry; [`ShapeError::InvalidRotation`] for a rotation (a [`Rot`](gjk_core::Rot)
    /// or a [`Quat`](gjk_core::Quat)) that is not unit length within
    /// `Scalar::UNIT_TOLERANCE`.
    ///
    /// ```
    /// use gjk_core::{Quat, Rot, Transform, Transform3, Vec2, Vec3};
    /// use gjk_shapes::{Cuboid, Rect, ShapeError, Transformed, Transformed3};
    /// let rect = Rect::new(Vec2::new(1.0_f32, 1.0))?;
    /// let tilted = Transform::from_position_angle(Vec2::new(2.0, 0.0), 0.5);
    /// assert!(Transformed::new(rect, tilted).is_ok());
    /// let stretched = Transform::new(Vec2::ZERO, Rot { cos: 2.0, sin: 0.0 });
    /// assert_eq!(Transformed::new(rect, stretched), Err(ShapeError::InvalidRotation));
    ///
    /// let cuboid = Cuboid::new(Vec3::new(1.0_f32, 1.0, 1.0))?;
    /// let moved = Transform3::from_translation(Vec3::new(2.0, 0.0, 0.0));
    /// assert!(Transformed3::new(cuboid, moved).is_ok());
    /// let stretched = Transform3::new(Vec3::ZERO, Quat { x: 0.0, y: 0.0, z: 0.0, w: 2.0 });
    /// assert_eq!(Transformed3::new(cuboid, stretched), Err(ShapeError::InvalidRotation));
    /// # Ok::<(), ShapeError>(())
    /// ```
    pub fn new(shape: T, transform: V::Transform) -> Result<Self, ShapeError> {
        if !transform.is_finite() {
            return Err(ShapeError::NonFinite);
        }
        if !transform.is_valid() {
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
    /// use gjk_core::{Transform3, Vec3};
    /// use gjk_shapes::{Point3, Transformed3};
    /// let xf = Transform3::from_translation(Vec3::new(0.0_f32, 3.0, 0.0));
    /// let placed = Transformed3::new(Point3::<f32>::new(Vec3::ZERO)?, xf)?;
    /// assert_eq!(placed.transform(), xf);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn transform(&self) -> V::Transform {
        self.transform
    }
}

impl<S: Scalar, V: Space<Scalar = S>, T: Support<S, V>> Support<S, V> for Placed<S, T, V> {
    #[inline]
    fn support(&self, direction: V) -> SupportPoint<S, V> {
        let local = self.shape.support(self.transform.inv_rotate(direction));
        SupportPoint::new(self.transform.transform_point(local.point), local.feature)
    }

    #[inline]
    fn radius(&self) -> S {
        self.shape.radius()
    }

    #[inline]
    fn feature_point(&self, feature: FeatureId) -> Option<V> {
        let local = self.shape.feature_point(feature)?;
        Some(self.transform.transform_point(local))
    }
}

impl<S: Scalar, V: Space<Scalar = S>, T: Bounded<S, V>> Bounded<S, V> for Placed<S, T, V> {
    #[inline]
    fn local_aabb(&self) -> V::Aabb {
        self.shape.aabb(self.transform)
    }

    #[inline]
    fn aabb(&self, transform: V::Transform) -> V::Aabb {
        self.shape.aabb(transform * self.transform)
    }
}

/// The shape's own closed-form cast, if it has one, at the composed placement.
impl<S: Scalar, V: Space<Scalar = S>, T: RayShape<S, V>> RayShape<S, V> for Placed<S, T, V> {
    #[inline]
    fn analytic_ray_cast(
        &self,
        transform: V::Transform,
        ray: Ray<S, V>,
    ) -> Option<CastOutput<S, V>> {
        self.shape
            .analytic_ray_cast(transform * self.transform, ray)
    }
}

/// The shape's edge, placed by the transform (contacts are built in the plane).
impl<S: Scalar, T: ContactShape<S>> ContactShape<S> for Transformed<S, T> {
    #[inline]
    fn support_edge(&self, direction: Vec2<S>) -> Option<SupportEdge<S>> {
        let local = self
            .shape
            .support_edge(self.transform.rotation.inv_rotate(direction))?;
        Some(local.transformed(self.transform))
    }
}

/// The shape's faces, placed by the transform.
impl<S: Scalar, T: ContactShape<S, Vec3<S>>> ContactShape<S, Vec3<S>> for Transformed3<S, T> {
    #[inline]
    fn support_face(&self, direction: Vec3<S>) -> Option<SupportFace<S>> {
        let local = self
            .shape
            .support_face(self.transform.rotation.inv_rotate(direction))?;
        Some(local.transformed(self.transform))
    }

    #[inline]
    fn face_vertex(&self, face: u32, corner: u32) -> Option<SupportPoint<S, Vec3<S>>> {
        let local = self.shape.face_vertex(face, corner)?;
        Some(SupportPoint::new(
            self.transform.transform_point(local.point),
            local.feature,
        ))
    }
}

#[cfg(test)]
mod tests {
    use gjk_core::{DistanceStatus, Rot, distance};

    use gjk_core::{Transform, Vec2};

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

#[cfg(test)]
mod tests3 {
    use gjk_core::Quat;

    use gjk_core::{Transform3, Vec3};

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
