//! `Capsule`: a segment core with a radius, written once for both dimensions
//! ([`Capsule3`] in space).

use gjk_core::{
    Bounded, CastOutput, ContactShape, FeatureId, Ray, RayShape, RigidTransform as _, Scalar,
    Space, Support, SupportEdge, SupportPoint, Transform, Vec2, Vec3,
};

use crate::points::inflated_bounds_of_points;
use crate::{Segment, ShapeError};
use gjk_core::SupportFace;

/// A capsule: the segment from `a` (feature 0) to `b` (feature 1) grown by `radius`, a
/// stadium in the plane (the default) and a capsule in space ([`Capsule3`]). GJK runs
/// on the segment and subtracts the radius afterwards.
///
/// `a == b` is allowed: the capsule is then a ball.
///
/// ```
/// use gjk_core::{distance, Transform, Transform3, Vec2, Vec3};
/// use gjk_shapes::{Capsule, Capsule3};
///
/// let c = Capsule::new(Vec2::new(-1.0_f64, 0.0), Vec2::new(1.0, 0.0), 0.5)?;
/// let out = distance(&c, Transform::IDENTITY, &c, Transform::from_translation(Vec2::new(0.0, 3.0)));
/// assert_eq!(out.distance, 2.0);
///
/// let pill = Capsule3::new(Vec3::new(0.0, 0.0, -1.0_f64), Vec3::new(0.0, 0.0, 1.0), 0.5)?;
/// let beside = Transform3::from_translation(Vec3::new(3.0, 0.0, 0.0));
/// assert_eq!(distance(&pill, Transform3::IDENTITY, &pill, beside).distance, 2.0);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Capsule<S, V = Vec2<S>> {
    /// The segment core, whose support, feature points and edges the capsule's are.
    core: Segment<S, V>,
    radius: S,
}

/// A capsule in space: the 3D [`Capsule`].
pub type Capsule3<S> = Capsule<S, Vec3<S>>;

impl<S: Scalar, V: Space<Scalar = S>> Capsule<S, V> {
    /// The capsule around the segment from `a` to `b`. A zero radius is allowed (a
    /// segment).
    ///
    /// Errors: [`ShapeError::NonFinite`] for a NaN or infinite coordinate or radius,
    /// [`ShapeError::NegativeRadius`] for a radius below zero.
    ///
    /// ```
    /// use gjk_core::{Vec2, Vec3};
    /// use gjk_shapes::{Capsule, Capsule3, ShapeError};
    /// assert!(Capsule::new(Vec2::ZERO, Vec2::new(1.0_f32, 0.0), 0.25).is_ok());
    /// assert_eq!(Capsule::new(Vec2::ZERO, Vec2::new(1.0_f32, 0.0), -0.25), Err(ShapeError::NegativeRadius));
    /// assert_eq!(Capsule3::new(Vec3::ZERO, Vec3::X, f32::NAN), Err(ShapeError::NonFinite));
    /// ```
    pub fn new(a: V, b: V, radius: S) -> Result<Self, ShapeError> {
        let core = Segment::new(a, b)?;
        if !radius.is_finite() {
            return Err(ShapeError::NonFinite);
        }
        if radius < S::ZERO {
            return Err(ShapeError::NegativeRadius);
        }
        Ok(Self { core, radius })
    }

    /// The first end point of the core segment (feature 0).
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// let c = gjk_shapes::Capsule::new(Vec2::ZERO, Vec2::new(1.0_f32, 0.0), 0.5)?;
    /// assert_eq!(c.a(), Vec2::ZERO);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn a(&self) -> V {
        self.core.a()
    }

    /// The second end point of the core segment (feature 1).
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// let c = gjk_shapes::Capsule3::new(Vec3::ZERO, Vec3::new(1.0_f32, 0.0, 0.0), 0.5)?;
    /// assert_eq!(c.b(), Vec3::new(1.0, 0.0, 0.0));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn b(&self) -> V {
        self.core.b()
    }

    /// The radius around the core segment (the same value [`Support::radius`] gives).
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// let c = gjk_shapes::Capsule::new(Vec2::ZERO, Vec2::new(1.0_f32, 0.0), 0.5)?;
    /// assert_eq!(c.radius(), 0.5);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn radius(&self) -> S {
        self.radius
    }
}

impl<S: Scalar, V: Space<Scalar = S>> Support<S, V> for Capsule<S, V> {
    /// The core end point farther along `direction`; `a` on ties and for NaN.
    #[inline]
    fn support(&self, direction: V) -> SupportPoint<S, V> {
        self.core.support(direction)
    }

    #[inline]
    fn radius(&self) -> S {
        self.radius
    }

    #[inline]
    fn feature_point(&self, feature: FeatureId) -> Option<V> {
        self.core.feature_point(feature)
    }
}

impl<S: Scalar, V: Space<Scalar = S>> Bounded<S, V> for Capsule<S, V> {
    #[inline]
    fn local_aabb(&self) -> V::Aabb {
        inflated_bounds_of_points([self.a(), self.b()], self.radius)
    }

    #[inline]
    fn aabb(&self, transform: V::Transform) -> V::Aabb {
        let ends = [self.a(), self.b()].map(|end| transform.transform_point(end));
        inflated_bounds_of_points(ends, self.radius)
    }
}

/// [`Capsule::ray_cast`], the closed form.
impl<S: Scalar> RayShape<S> for Capsule<S> {
    #[inline]
    fn analytic_ray_cast(&self, transform: Transform<S>, ray: Ray<S>) -> Option<CastOutput<S>> {
        Some(self.ray_cast(transform, ray))
    }
}

/// [`Capsule3::ray_cast`], the closed form.
impl<S: Scalar> RayShape<S, Vec3<S>> for Capsule3<S> {
    #[inline]
    fn analytic_ray_cast(
        &self,
        transform: gjk_core::Transform3<S>,
        ray: Ray<S, Vec3<S>>,
    ) -> Option<CastOutput<S, Vec3<S>>> {
        Some(self.ray_cast(transform, ray))
    }
}

/// The core segment, oriented to face `direction`: capsules lying on faces touch at two points.
impl<S: Scalar> ContactShape<S> for Capsule<S> {
    #[inline]
    fn support_edge(&self, direction: Vec2<S>) -> Option<SupportEdge<S>> {
        self.core.support_edge(direction)
    }
}

/// The core segment: capsules lying on faces touch them at two points.
impl<S: Scalar> ContactShape<S, Vec3<S>> for Capsule3<S> {
    #[inline]
    fn support_face(&self, direction: Vec3<S>) -> Option<SupportFace<S>> {
        self.core.support_face(direction)
    }
}

#[cfg(test)]
mod tests {
    use gjk_core::{Aabb, Aabb3, DistanceStatus, distance};

    use super::*;
    use crate::Circle;
    use crate::testing::{
        DEGENERATE_DIRECTIONS, DEGENERATE_DIRECTIONS3, DIRECTIONS, DIRECTIONS3, aabb_by_support,
        aabb_by_support3, aabb_close, aabb3_close, placements, placements3, random_directions3,
        reaches_farthest,
    };

    fn capsule() -> Capsule<f64> {
        Capsule::new(Vec2::new(-2.0, 0.0), Vec2::new(2.0, 1.0), 0.5).unwrap()
    }

    #[test]
    fn capsule_rejects_non_finite_input() {
        let nan = Vec2::new(f64::NAN, 0.0);
        assert_eq!(
            Capsule::new(nan, Vec2::ZERO, 1.0),
            Err(ShapeError::NonFinite)
        );
        assert_eq!(
            Capsule::new(Vec2::ZERO, nan, 1.0),
            Err(ShapeError::NonFinite)
        );
        assert_eq!(
            Capsule::new(Vec2::ZERO, Vec2::X, f64::INFINITY),
            Err(ShapeError::NonFinite)
        );
    }

    #[test]
    fn capsule_rejects_negative_radius() {
        assert_eq!(
            Capsule::new(Vec2::ZERO, Vec2::X, -1.0),
            Err(ShapeError::NegativeRadius)
        );
    }

    #[test]
    fn capsule_support_is_the_farther_core_end_point() {
        let c = capsule();
        for d in DIRECTIONS {
            let support = c.support(d);
            let expected = if c.b().dot(d) > c.a().dot(d) {
                c.b()
            } else {
                c.a()
            };
            assert_eq!(support.point, expected, "{d:?}");
            assert_eq!(c.feature_point(support.feature), Some(support.point));
        }
        for d in DEGENERATE_DIRECTIONS {
            assert_eq!(c.support(d).point, c.a());
        }
        assert_eq!(c.feature_point(FeatureId::vertex(2)), None);
        assert_eq!(Support::radius(&c), 0.5);
    }

    #[test]
    fn capsule_aabb_is_the_segment_box_grown_by_the_radius() {
        let c = capsule();
        assert_eq!(
            c.local_aabb(),
            Aabb::new(Vec2::new(-2.5, -0.5), Vec2::new(2.5, 1.5))
        );
        for transform in placements() {
            assert!(aabb_close(
                c.aabb(transform),
                aabb_by_support(&c, transform),
                1e-12
            ));
        }
    }

    #[test]
    fn capsule_distance_to_circle_smoke_test() {
        // The circle at (0, 4) is nearest the core segment at the foot of the
        // perpendicular from (0, 4) onto the line through (-2, 0) and (2, 1).
        let circle = Circle::new(Vec2::ZERO, 1.0).unwrap();
        let out = distance(
            &capsule(),
            Transform::IDENTITY,
            &circle,
            Transform::from_translation(Vec2::new(0.0, 4.0)),
        );
        assert_eq!(out.status, DistanceStatus::Separated);
        let (a, b, p) = (capsule().a(), capsule().b(), Vec2::new(0.0, 4.0));
        let t = (p - a).dot(b - a) / (b - a).length_squared();
        let expected = (a.lerp(b, t) - p).length() - 1.5;
        assert!((out.distance - expected).abs() < 1e-12);
    }

    fn capsule3() -> Capsule3<f64> {
        Capsule3::new(Vec3::new(-2.0, 0.0, 1.0), Vec3::new(2.0, 1.0, -1.0), 0.5).unwrap()
    }

    #[test]
    fn capsule3_rejects_non_finite_input() {
        let nan = Vec3::new(0.0, f64::NAN, 0.0);
        assert_eq!(
            Capsule3::new(nan, Vec3::ZERO, 1.0),
            Err(ShapeError::NonFinite)
        );
        assert_eq!(
            Capsule3::new(Vec3::ZERO, nan, 1.0),
            Err(ShapeError::NonFinite)
        );
        assert_eq!(
            Capsule3::new(Vec3::ZERO, Vec3::X, f64::INFINITY),
            Err(ShapeError::NonFinite)
        );
    }

    #[test]
    fn capsule3_rejects_negative_radius() {
        assert_eq!(
            Capsule3::new(Vec3::ZERO, Vec3::X, -1.0),
            Err(ShapeError::NegativeRadius)
        );
    }

    #[test]
    fn capsule3_support_is_the_farther_core_end_point() {
        let c = capsule3();
        for d in DIRECTIONS3.into_iter().chain(random_directions3(3, 200)) {
            let support = c.support(d);
            let expected = if c.b().dot(d) > c.a().dot(d) {
                c.b()
            } else {
                c.a()
            };
            assert_eq!(support.point, expected, "{d:?}");
            assert!(reaches_farthest(support.point, [c.a(), c.b()], d, 0.0));
            assert_eq!(c.feature_point(support.feature), Some(support.point));
        }
        for d in DEGENERATE_DIRECTIONS3 {
            assert_eq!(c.support(d).point, c.a());
        }
        assert_eq!(c.feature_point(FeatureId::vertex(2)), None);
        assert_eq!(Support::radius(&c), 0.5);
    }

    #[test]
    fn capsule3_aabb_is_the_segment_box_grown_by_the_radius() {
        let c = capsule3();
        assert_eq!(
            c.local_aabb(),
            Aabb3::new(Vec3::new(-2.5, -0.5, -1.5), Vec3::new(2.5, 1.5, 1.5))
        );
        for transform in placements3() {
            assert!(aabb3_close(
                c.aabb(transform),
                aabb_by_support3(&c, transform),
                1e-12
            ));
        }
    }

    #[test]
    fn capsule3_works_in_f32() {
        let c = Capsule3::new(Vec3::ZERO, Vec3::new(0.0_f32, 0.0, 2.0), 1.0).unwrap();
        assert_eq!(
            c.support(Vec3::new(0.0, 0.0, 1e-30)).feature,
            FeatureId::vertex(1)
        );
        assert_eq!(c.local_aabb().max, Vec3::new(1.0, 1.0, 3.0));
    }
}
