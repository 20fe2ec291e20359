//! `Capsule`: a segment core with a radius.

use gjk_core::{
    Aabb, CastOutput, ContactShape, FeatureId, Ray, RayShape, Scalar, Support, SupportEdge,
    SupportPoint, Transform, Vec2,
};

use crate::ShapeError;
use crate::two::vertices::{
    bounds_of_points, inflate, support_edge_of_segment, support_of_vertices, vertex_index,
};

/// A capsule (stadium): the segment from `a` (feature 0) to `b` (feature 1) grown by
/// `radius`. GJK runs on the segment and subtracts the radius afterwards.
///
/// `a == b` is allowed: the capsule is then a circle.
///
/// ```
/// use gjk_core::{distance, Transform, Vec2};
/// use gjk_shapes::Capsule;
///
/// let c = Capsule::new(Vec2::new(-1.0_f64, 0.0), Vec2::new(1.0, 0.0), 0.5)?;
/// let out = distance(&c, Transform::IDENTITY, &c, Transform::from_translation(Vec2::new(0.0, 3.0)));
/// assert_eq!(out.distance, 2.0);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Capsule<S> {
    a: Vec2<S>,
    b: Vec2<S>,
    radius: S,
}

impl<S: Scalar> Capsule<S> {
    /// The capsule around the segment from `a` to `b`. A zero radius is allowed (a
    /// segment).
    ///
    /// Errors: [`ShapeError::NonFinite`] for a NaN or infinite coordinate or radius,
    /// [`ShapeError::NegativeRadius`] for a radius below zero.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// use gjk_shapes::{Capsule, ShapeError};
    /// assert!(Capsule::new(Vec2::ZERO, Vec2::new(1.0_f32, 0.0), 0.25).is_ok());
    /// assert_eq!(Capsule::new(Vec2::ZERO, Vec2::new(1.0_f32, 0.0), -0.25), Err(ShapeError::NegativeRadius));
    /// ```
    pub fn new(a: Vec2<S>, b: Vec2<S>, radius: S) -> Result<Self, ShapeError> {
        if !a.is_finite() || !b.is_finite() || !radius.is_finite() {
            return Err(ShapeError::NonFinite);
        }
        if radius < S::ZERO {
            return Err(ShapeError::NegativeRadius);
        }
        Ok(Self { a, b, radius })
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
    pub fn a(&self) -> Vec2<S> {
        self.a
    }

    /// The second end point of the core segment (feature 1).
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// let c = gjk_shapes::Capsule::new(Vec2::ZERO, Vec2::new(1.0_f32, 0.0), 0.5)?;
    /// assert_eq!(c.b(), Vec2::new(1.0, 0.0));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn b(&self) -> Vec2<S> {
        self.b
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

impl<S: Scalar> Support<S> for Capsule<S> {
    /// The core end point farther along `direction`; `a` on ties and for NaN.
    #[inline]
    fn support(&self, direction: Vec2<S>) -> SupportPoint<S> {
        support_of_vertices(&[self.a, self.b], direction)
    }

    #[inline]
    fn radius(&self) -> S {
        self.radius
    }

    #[inline]
    fn feature_point(&self, feature: FeatureId) -> Option<Vec2<S>> {
        match vertex_index(feature)? {
            0 => Some(self.a),
            1 => Some(self.b),
            _ => None,
        }
    }

    #[inline]
    fn local_aabb(&self) -> Aabb<S> {
        inflate(bounds_of_points([self.a, self.b]), self.radius)
    }

    #[inline]
    fn aabb(&self, transform: Transform<S>) -> Aabb<S> {
        let ends = [self.a, self.b].map(|end| transform.transform_point(end));
        inflate(bounds_of_points(ends), self.radius)
    }
}

/// [`Capsule::ray_cast`], the closed form.
impl<S: Scalar> RayShape<S> for Capsule<S> {
    #[inline]
    fn analytic_ray_cast(&self, transform: Transform<S>, ray: Ray<S>) -> Option<CastOutput<S>> {
        Some(self.ray_cast(transform, ray))
    }
}

/// The core segment, oriented to face `direction`: capsules lying on faces touch at two points.
impl<S: Scalar> ContactShape<S> for Capsule<S> {
    #[inline]
    fn support_edge(&self, direction: Vec2<S>) -> Option<SupportEdge<S>> {
        Some(support_edge_of_segment(self.a, self.b, direction))
    }
}

#[cfg(test)]
mod tests {
    use gjk_core::{DistanceStatus, distance};

    use super::*;
    use crate::Circle;
    use crate::testing::{
        DEGENERATE_DIRECTIONS, DIRECTIONS, aabb_by_support, aabb_close, placements,
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
}
