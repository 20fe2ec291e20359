//! `Rounded`: any shape with extra rounding around its core.

use gjk_core::{
    Aabb, Aabb3, Bounded, ContactShape, FeatureId, RayShape, Scalar, Space, Support, SupportEdge,
    SupportPoint, Transform, Transform3, Vec2, Vec3,
};

use crate::ShapeError;
use crate::three::vertices3;
use crate::two::vertices::inflate;
use gjk_core::SupportFace;

/// A shape grown by `rounding` on every side: a rounded box, a rounded polygon, a
/// thicker capsule. The core and its features are the inner shape's; only the radius
/// changes, so GJK cost and accuracy stay those of the core.
///
/// It rounds 3D shapes too (a rounded [`Cuboid`](crate::Cuboid), a rounded
/// [`Cylinder`](crate::Cylinder)): it implements `Support<S, V>` for the space `V` its
/// core implements it for.
///
/// ```
/// use gjk_core::{distance, Support, Transform, Vec2};
/// use gjk_shapes::{Rect, Rounded};
///
/// let rounded_box = Rounded::new(Rect::new(Vec2::new(1.0_f32, 1.0))?, 0.25)?;
/// assert_eq!(rounded_box.radius(), 0.25);
/// let xf_b = Transform::from_translation(Vec2::new(4.0, 0.0));
/// let out = distance(&rounded_box, Transform::IDENTITY, &rounded_box, xf_b);
/// assert_eq!(out.distance, 1.5);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rounded<S, T> {
    core: T,
    rounding: S,
}

impl<S: Scalar, T> Rounded<S, T> {
    /// `core` grown by `radius`; the total radius is `core.radius() + radius`.
    ///
    /// Errors: [`ShapeError::NonFinite`] for a NaN or infinite radius, or a total that
    /// overflows; [`ShapeError::NegativeRadius`] for a radius below zero.
    ///
    /// The space `V` is the one `core` is a shape of, inferred from it: a plane core
    /// gives a plane shape, a 3D core a 3D one.
    ///
    /// ```
    /// use gjk_core::{Support, Vec2, Vec3};
    /// use gjk_shapes::{Circle, Cuboid, Rounded, ShapeError};
    /// let circle = Circle::new(Vec2::ZERO, 1.0_f64)?;
    /// assert_eq!(Rounded::new(circle, 0.5)?.radius(), 1.5);
    /// assert_eq!(Rounded::new(circle, -0.5), Err(ShapeError::NegativeRadius));
    /// let rounded_box = Rounded::new(Cuboid::new(Vec3::new(1.0_f64, 1.0, 1.0))?, 0.25)?;
    /// assert_eq!(rounded_box.radius(), 0.25);
    /// # Ok::<(), ShapeError>(())
    /// ```
    pub fn new<V: Space<Scalar = S>>(core: T, radius: S) -> Result<Self, ShapeError>
    where
        T: Support<S, V>,
    {
        if !radius.is_finite() || !(core.radius() + radius).is_finite() {
            return Err(ShapeError::NonFinite);
        }
        if radius < S::ZERO {
            return Err(ShapeError::NegativeRadius);
        }
        Ok(Self {
            core,
            rounding: radius,
        })
    }

    /// The inner shape.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// use gjk_shapes::{Rect, Rounded};
    /// let rect = Rect::new(Vec2::new(1.0_f32, 2.0))?;
    /// assert_eq!(*Rounded::new(rect, 0.1)?.core(), rect);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn core(&self) -> &T {
        &self.core
    }

    /// The rounding added around the inner shape (without the inner shape's own
    /// radius).
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// use gjk_shapes::{Circle, Rounded};
    /// let rounded = Rounded::new(Circle::new(Vec2::ZERO, 1.0_f32)?, 0.5)?;
    /// assert_eq!(rounded.rounding(), 0.5);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn rounding(&self) -> S {
        self.rounding
    }
}

impl<S: Scalar, T: Support<S>> Support<S> for Rounded<S, T> {
    #[inline]
    fn support(&self, direction: Vec2<S>) -> SupportPoint<S> {
        self.core.support(direction)
    }

    #[inline]
    fn radius(&self) -> S {
        self.core.radius() + self.rounding
    }

    #[inline]
    fn feature_point(&self, feature: FeatureId) -> Option<Vec2<S>> {
        self.core.feature_point(feature)
    }
}

impl<S: Scalar, T: Bounded<S>> Bounded<S> for Rounded<S, T> {
    #[inline]
    fn local_aabb(&self) -> Aabb<S> {
        inflate(self.core.local_aabb(), self.rounding)
    }

    #[inline]
    fn aabb(&self, transform: Transform<S>) -> Aabb<S> {
        inflate(self.core.aabb(transform), self.rounding)
    }
}

/// The 3D form of the plane impl above: the core's support, radius plus rounding, the
/// core's boxes grown by the rounding.
impl<S: Scalar, T: Support<S, Vec3<S>>> Support<S, Vec3<S>> for Rounded<S, T> {
    #[inline]
    fn support(&self, direction: Vec3<S>) -> SupportPoint<S, Vec3<S>> {
        self.core.support(direction)
    }

    #[inline]
    fn radius(&self) -> S {
        self.core.radius() + self.rounding
    }

    #[inline]
    fn feature_point(&self, feature: FeatureId) -> Option<Vec3<S>> {
        self.core.feature_point(feature)
    }
}

impl<S: Scalar, T: Bounded<S, Vec3<S>>> Bounded<S, Vec3<S>> for Rounded<S, T> {
    #[inline]
    fn local_aabb(&self) -> Aabb3<S> {
        vertices3::inflate(self.core.local_aabb(), self.rounding)
    }

    #[inline]
    fn aabb(&self, transform: Transform3<S>) -> Aabb3<S> {
        vertices3::inflate(self.core.aabb(transform), self.rounding)
    }
}

/// The core's edge.
impl<S: Scalar, T: ContactShape<S>> ContactShape<S> for Rounded<S, T> {
    #[inline]
    fn support_edge(&self, direction: Vec2<S>) -> Option<SupportEdge<S>> {
        self.core.support_edge(direction)
    }
}

/// No closed-form ray cast here (a rounded polygon is bounded by segments and arcs):
/// `ray_cast` takes the GJK ray cast.
impl<S: Scalar, V: Space<Scalar = S>, T> RayShape<S, V> for Rounded<S, T> where Self: Support<S, V> {}

/// The core's faces.
impl<S: Scalar, T: ContactShape<S, Vec3<S>>> ContactShape<S, Vec3<S>> for Rounded<S, T> {
    #[inline]
    fn support_face(&self, direction: Vec3<S>) -> Option<SupportFace<S>> {
        self.core.support_face(direction)
    }

    #[inline]
    fn face_vertex(&self, face: u32, corner: u32) -> Option<SupportPoint<S, Vec3<S>>> {
        self.core.face_vertex(face, corner)
    }

    #[inline]
    fn box_half_extents(&self) -> Option<Vec3<S>> {
        self.core.box_half_extents()
    }
}

#[cfg(test)]
mod tests {
    use gjk_core::{DistanceStatus, distance};

    use super::*;
    use crate::testing::{
        DEGENERATE_DIRECTIONS, DEGENERATE_DIRECTIONS3, DIRECTIONS, DIRECTIONS3, aabb_by_support,
        aabb_by_support3, aabb_close, aabb3_close, placements, placements3,
    };
    use crate::{Capsule, Cuboid, Polygon, Rect, Sphere};

    fn rounded_box() -> Rounded<f64, Rect<f64>> {
        Rounded::new(Rect::new(Vec2::new(2.0, 1.0)).unwrap(), 0.5).unwrap()
    }

    #[test]
    fn rounded_rejects_non_finite_and_overflowing_radii() {
        let rect = Rect::new(Vec2::new(1.0, 1.0)).unwrap();
        assert_eq!(Rounded::new(rect, f64::NAN), Err(ShapeError::NonFinite));
        let fat = Capsule::new(Vec2::ZERO, Vec2::X, f64::MAX).unwrap();
        assert_eq!(Rounded::new(fat, f64::MAX), Err(ShapeError::NonFinite));
    }

    #[test]
    fn rounded_rejects_negative_radius() {
        let rect = Rect::new(Vec2::new(1.0, 1.0)).unwrap();
        assert_eq!(Rounded::new(rect, -1e-9), Err(ShapeError::NegativeRadius));
    }

    #[test]
    fn rounded_passes_support_and_features_through_and_adds_radii() {
        let r = rounded_box();
        for d in DIRECTIONS.into_iter().chain(DEGENERATE_DIRECTIONS) {
            let support = r.support(d);
            assert_eq!(support, r.core().support(d));
            assert_eq!(r.feature_point(support.feature), Some(support.point));
        }
        let capsule = Capsule::new(Vec2::ZERO, Vec2::X, 0.25).unwrap();
        assert_eq!(Rounded::new(capsule, 0.5).unwrap().radius(), 0.75);
    }

    #[test]
    fn rounded_aabb_grows_the_core_box() {
        let r = rounded_box();
        assert_eq!(
            r.local_aabb(),
            Aabb::new(Vec2::new(-2.5, -1.5), Vec2::new(2.5, 1.5))
        );
        for transform in placements() {
            assert!(aabb_close(
                r.aabb(transform),
                aabb_by_support(&r, transform),
                1e-12
            ));
        }
    }

    #[test]
    fn rounded_rounds_3d_cores() {
        let cuboid = Cuboid::new(Vec3::new(2.0, 1.0, 0.5)).unwrap();
        let rounded = Rounded::new(cuboid, 0.25).unwrap();
        assert_eq!(rounded.radius(), 0.25);
        for d in DIRECTIONS3.into_iter().chain(DEGENERATE_DIRECTIONS3) {
            let support = rounded.support(d);
            assert_eq!(support, cuboid.support(d));
            assert_eq!(rounded.feature_point(support.feature), Some(support.point));
        }
        assert_eq!(
            rounded.local_aabb(),
            Aabb3::new(Vec3::new(-2.25, -1.25, -0.75), Vec3::new(2.25, 1.25, 0.75))
        );
        for transform in placements3() {
            assert!(aabb3_close(
                rounded.aabb(transform),
                aabb_by_support3(&rounded, transform),
                1e-12
            ));
        }
        let sphere = Sphere::new(Vec3::ZERO, 1.0_f32).unwrap();
        assert_eq!(Rounded::new(sphere, 0.5).unwrap().radius(), 1.5);
        let huge = Sphere::new(Vec3::ZERO, f32::MAX).unwrap();
        assert_eq!(Rounded::new(huge, f32::MAX), Err(ShapeError::NonFinite));
        assert_eq!(Rounded::new(sphere, -1.0), Err(ShapeError::NegativeRadius));
    }

    #[test]
    fn rounded_polygon_distance_smoke_test() {
        let hexagon = Polygon::<f64, 8>::regular(6, 1.0).unwrap();
        let rounded = Rounded::new(hexagon, 0.25).unwrap();
        // Vertex 0 (1, 0) of each faces the other along x.
        let out = distance(
            &rounded,
            Transform::IDENTITY,
            &rounded,
            Transform::from_position_angle(Vec2::new(5.0, 0.0), core::f64::consts::PI),
        );
        assert_eq!(out.status, DistanceStatus::Separated);
        assert!((out.distance - 2.5).abs() < 1e-12);
    }
}
