//! `Segment`: a line segment, written once for both dimensions ([`Segment3`] in
//! space).

use gjk_core::{
    Bounded, CastOutput, ContactShape, FeatureId, Ray, RayShape, RigidTransform as _, Scalar,
    Space, Support, SupportEdge, SupportPoint, Transform, Vec2, Vec3,
};

use crate::ShapeError;
use crate::points::{bounds_of_points, support_of_points};
use crate::two::vertices::{support_edge_of_segment, vertex_index};
use gjk_core::SupportFace;

/// A line segment from `a` (feature 0) to `b` (feature 1), in the plane by default;
/// [`Segment3`] in space.
///
/// `a == b` is allowed: the segment is then a point, still a convex set GJK handles.
///
/// ```
/// use gjk_core::{distance, FeatureId, Support, Transform, Vec2, Vec3};
/// use gjk_shapes::{Segment, Segment3};
///
/// let s = Segment::new(Vec2::new(-1.0_f32, 0.0), Vec2::new(1.0, 0.0))?;
/// assert_eq!(s.support(Vec2::X).feature, FeatureId::vertex(1));
/// let out = distance(&s, Transform::IDENTITY, &s, Transform::from_translation(Vec2::new(0.0, 2.0)));
/// assert_eq!(out.distance, 2.0);
///
/// let s3 = Segment3::new(Vec3::new(-1.0_f32, 0.0, 0.0), Vec3::new(1.0, 0.0, 0.0))?;
/// assert_eq!(s3.support(-Vec3::X).point, Vec3::new(-1.0, 0.0, 0.0));
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Segment<S, V = Vec2<S>> {
    a: V,
    b: V,
    scalar: core::marker::PhantomData<S>,
}

/// A line segment in space: the 3D [`Segment`].
pub type Segment3<S> = Segment<S, Vec3<S>>;

impl<S: Scalar, V: Space<Scalar = S>> Segment<S, V> {
    /// The segment from `a` to `b`.
    ///
    /// Errors: [`ShapeError::NonFinite`] for a NaN or infinite coordinate.
    ///
    /// ```
    /// use gjk_core::{Vec2, Vec3};
    /// use gjk_shapes::{Segment, Segment3, ShapeError};
    /// assert!(Segment::new(Vec2::ZERO, Vec2::new(1.0_f64, 1.0)).is_ok());
    /// assert_eq!(Segment::new(Vec2::ZERO, Vec2::new(f64::NAN, 1.0)), Err(ShapeError::NonFinite));
    /// assert_eq!(
    ///     Segment3::new(Vec3::ZERO, Vec3::new(f64::NAN, 1.0, 0.0)),
    ///     Err(ShapeError::NonFinite)
    /// );
    /// ```
    pub fn new(a: V, b: V) -> Result<Self, ShapeError> {
        if !a.is_finite() || !b.is_finite() {
            return Err(ShapeError::NonFinite);
        }
        Ok(Self {
            a,
            b,
            scalar: core::marker::PhantomData,
        })
    }

    /// The first end point (feature 0).
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// let s = gjk_shapes::Segment::new(Vec2::ZERO, Vec2::new(1.0_f32, 0.0))?;
    /// assert_eq!(s.a(), Vec2::ZERO);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn a(&self) -> V {
        self.a
    }

    /// The second end point (feature 1).
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// let s = gjk_shapes::Segment3::new(Vec3::ZERO, Vec3::new(1.0_f32, 0.0, 0.0))?;
    /// assert_eq!(s.b(), Vec3::new(1.0, 0.0, 0.0));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn b(&self) -> V {
        self.b
    }
}

impl<S: Scalar, V: Space<Scalar = S>> Support<S, V> for Segment<S, V> {
    /// The end point farther along `direction`; `a` on ties and for NaN.
    #[inline]
    fn support(&self, direction: V) -> SupportPoint<S, V> {
        support_of_points(&[self.a, self.b], direction)
    }

    #[inline]
    fn feature_point(&self, feature: FeatureId) -> Option<V> {
        match vertex_index(feature)? {
            0 => Some(self.a),
            1 => Some(self.b),
            _ => None,
        }
    }
}

impl<S: Scalar, V: Space<Scalar = S>> Bounded<S, V> for Segment<S, V> {
    #[inline]
    fn local_aabb(&self) -> V::Aabb {
        bounds_of_points([self.a, self.b])
    }

    #[inline]
    fn aabb(&self, transform: V::Transform) -> V::Aabb {
        bounds_of_points([self.a, self.b].map(|end| transform.transform_point(end)))
    }
}

/// [`Segment::ray_cast`], the closed form.
impl<S: Scalar> RayShape<S> for Segment<S> {
    #[inline]
    fn analytic_ray_cast(&self, transform: Transform<S>, ray: Ray<S>) -> Option<CastOutput<S>> {
        Some(self.ray_cast(transform, ray))
    }
}

/// No closed-form ray cast yet in space: `ray_cast` takes the GJK ray cast.
impl<S: Scalar> RayShape<S, Vec3<S>> for Segment3<S> {}

/// The segment itself, oriented to face `direction`.
impl<S: Scalar> ContactShape<S> for Segment<S> {
    #[inline]
    fn support_edge(&self, direction: Vec2<S>) -> Option<SupportEdge<S>> {
        Some(support_edge_of_segment(self.a, self.b, direction))
    }
}

/// The segment itself, from `a` (vertex id 0) to `b` (1): segments and capsules lying
/// on faces touch them along it.
impl<S: Scalar> ContactShape<S, Vec3<S>> for Segment3<S> {
    #[inline]
    fn support_face(&self, _direction: Vec3<S>) -> Option<SupportFace<S>> {
        Some(SupportFace::Segment(
            SupportPoint::new(self.a, FeatureId::vertex(0)),
            SupportPoint::new(self.b, FeatureId::vertex(1)),
        ))
    }
}

#[cfg(test)]
mod tests {
    use gjk_core::{Aabb, Aabb3, DistanceStatus, distance};

    use super::*;
    use crate::testing::{
        DEGENERATE_DIRECTIONS, DEGENERATE_DIRECTIONS3, DIRECTIONS, DIRECTIONS3, aabb_by_support,
        aabb_by_support3, aabb_close, aabb3_close, placements, placements3, random_directions3,
    };

    fn segment() -> Segment<f64> {
        Segment::new(Vec2::new(-1.0, 2.0), Vec2::new(3.0, -1.0)).unwrap()
    }

    #[test]
    fn segment_rejects_non_finite_end_points() {
        assert_eq!(
            Segment::new(Vec2::new(f64::INFINITY, 0.0), Vec2::ZERO),
            Err(ShapeError::NonFinite)
        );
        assert_eq!(
            Segment::new(Vec2::ZERO, Vec2::new(0.0, f64::NAN)),
            Err(ShapeError::NonFinite)
        );
    }

    #[test]
    fn segment_support_is_the_farther_end_point() {
        let s = segment();
        for d in DIRECTIONS {
            let support = s.support(d);
            let expected = if s.b().dot(d) > s.a().dot(d) {
                s.b()
            } else {
                s.a()
            };
            assert_eq!(support.point, expected, "{d:?}");
            assert_eq!(s.feature_point(support.feature), Some(support.point));
        }
        assert_eq!(
            s.support(Vec2::new(4.0, -3.0)).feature,
            FeatureId::vertex(1)
        );
        assert_eq!(
            s.support(Vec2::new(-4.0, 3.0)).feature,
            FeatureId::vertex(0)
        );
    }

    #[test]
    fn segment_support_ties_zero_and_nan_give_a() {
        let s = segment();
        // (3, 4) is perpendicular to b - a = (4, -3).
        assert_eq!(s.support(Vec2::new(3.0, 4.0)).point, s.a());
        for d in DEGENERATE_DIRECTIONS {
            assert_eq!(s.support(d).point, s.a());
        }
    }

    #[test]
    fn segment_feature_point_rejects_unknown_features() {
        assert_eq!(segment().feature_point(FeatureId::vertex(2)), None);
        assert_eq!(segment().feature_point(FeatureId::SMOOTH), None);
    }

    #[test]
    fn segment_aabb_spans_the_end_points() {
        let s = segment();
        assert_eq!(
            s.local_aabb(),
            Aabb::new(Vec2::new(-1.0, -1.0), Vec2::new(3.0, 2.0))
        );
        for transform in placements() {
            assert!(aabb_close(
                s.aabb(transform),
                aabb_by_support(&s, transform),
                1e-12
            ));
        }
    }

    #[test]
    fn degenerate_segment_is_a_point() {
        let p = Vec2::new(1.0_f64, 1.0);
        let s = Segment::new(p, p).unwrap();
        assert_eq!(s.support(Vec2::X).point, p);
        let out = distance(
            &s,
            Transform::IDENTITY,
            &s,
            Transform::from_translation(Vec2::new(3.0, 0.0)),
        );
        assert_eq!(out.status, DistanceStatus::Separated);
        assert!((out.distance - 3.0).abs() < 1e-12);
    }

    fn segment3() -> Segment3<f64> {
        Segment3::new(Vec3::new(-1.0, 2.0, 0.5), Vec3::new(3.0, -1.0, 0.5)).unwrap()
    }

    #[test]
    fn segment3_rejects_non_finite_end_points() {
        assert_eq!(
            Segment3::new(Vec3::new(f64::INFINITY, 0.0, 0.0), Vec3::ZERO),
            Err(ShapeError::NonFinite)
        );
        assert_eq!(
            Segment3::new(Vec3::ZERO, Vec3::new(0.0, 0.0, f64::NAN)),
            Err(ShapeError::NonFinite)
        );
    }

    #[test]
    fn segment3_support_is_the_farther_end_point() {
        let s = segment3();
        let directions = random_directions3(7, 200);
        for d in DIRECTIONS3.into_iter().chain(directions) {
            let support = s.support(d);
            let expected = if s.b().dot(d) > s.a().dot(d) {
                s.b()
            } else {
                s.a()
            };
            assert_eq!(support.point, expected, "{d:?}");
            assert_eq!(s.feature_point(support.feature), Some(support.point));
        }
    }

    #[test]
    fn segment3_support_ties_zero_and_nan_give_a() {
        let s = segment3();
        // (3, 4, 7) is perpendicular to b - a = (4, -3, 0).
        assert_eq!(s.support(Vec3::new(3.0, 4.0, 7.0)).point, s.a());
        for d in DEGENERATE_DIRECTIONS3 {
            let support = s.support(d);
            assert_eq!(support.point, s.a());
            assert_eq!(support.feature, FeatureId::vertex(0));
        }
        assert_eq!(s.feature_point(FeatureId::vertex(2)), None);
        assert_eq!(s.feature_point(FeatureId::SMOOTH), None);
    }

    #[test]
    fn segment3_aabb_spans_the_end_points() {
        let s = segment3();
        assert_eq!(
            s.local_aabb(),
            Aabb3::new(Vec3::new(-1.0, -1.0, 0.5), Vec3::new(3.0, 2.0, 0.5))
        );
        for transform in placements3() {
            assert!(aabb3_close(
                s.aabb(transform),
                aabb_by_support3(&s, transform),
                1e-12
            ));
        }
    }

    #[test]
    fn segment3_works_in_f32() {
        let s = Segment3::new(Vec3::ZERO, Vec3::new(1.0_f32, 1.0, 1.0)).unwrap();
        assert_eq!(s.support(Vec3::splat(1e-30)).feature, FeatureId::vertex(1));
        assert_eq!(s.support(Vec3::splat(f32::NAN)).point, Vec3::ZERO);
    }
}
