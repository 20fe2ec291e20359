//! `Segment3`: a line segment in 3D.

use gjk_core::{Aabb3, FeatureId, RayShape, Scalar, Support, SupportPoint, Transform3, Vec3};

use crate::ShapeError;
use crate::three::vertices3::{bounds_of_points, support_of_points};
use crate::two::vertices::vertex_index;

/// A line segment from `a` (feature 0) to `b` (feature 1). The 3D counterpart of
/// [`Segment`](crate::Segment).
///
/// `a == b` is allowed: the segment is then a point, still a convex set GJK handles.
///
/// ```
/// use gjk_core::{FeatureId, Support, Vec3};
/// use gjk_shapes::Segment3;
///
/// let s = Segment3::new(Vec3::new(-1.0_f32, 0.0, 0.0), Vec3::new(1.0, 0.0, 0.0))?;
/// assert_eq!(s.support(Vec3::X).feature, FeatureId::vertex(1));
/// assert_eq!(s.support(-Vec3::X).point, Vec3::new(-1.0, 0.0, 0.0));
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Segment3<S> {
    a: Vec3<S>,
    b: Vec3<S>,
}

impl<S: Scalar> Segment3<S> {
    /// The segment from `a` to `b`; [`ShapeError::NonFinite`] if a coordinate is NaN or
    /// infinite.
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// use gjk_shapes::{Segment3, ShapeError};
    /// assert!(Segment3::new(Vec3::ZERO, Vec3::new(1.0_f64, 1.0, 1.0)).is_ok());
    /// assert_eq!(
    ///     Segment3::new(Vec3::ZERO, Vec3::new(f64::NAN, 1.0, 0.0)),
    ///     Err(ShapeError::NonFinite)
    /// );
    /// ```
    pub fn new(a: Vec3<S>, b: Vec3<S>) -> Result<Self, ShapeError> {
        if !a.is_finite() || !b.is_finite() {
            return Err(ShapeError::NonFinite);
        }
        Ok(Self { a, b })
    }

    /// The first end point (feature 0).
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// let s = gjk_shapes::Segment3::new(Vec3::ZERO, Vec3::new(1.0_f32, 0.0, 0.0))?;
    /// assert_eq!(s.a(), Vec3::ZERO);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn a(&self) -> Vec3<S> {
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
    pub fn b(&self) -> Vec3<S> {
        self.b
    }
}

impl<S: Scalar> Support<S, Vec3<S>> for Segment3<S> {
    /// The end point farther along `direction`; `a` on ties and for NaN.
    #[inline]
    fn support(&self, direction: Vec3<S>) -> SupportPoint<S, Vec3<S>> {
        support_of_points(&[self.a, self.b], direction)
    }

    #[inline]
    fn feature_point(&self, feature: FeatureId) -> Option<Vec3<S>> {
        match vertex_index(feature)? {
            0 => Some(self.a),
            1 => Some(self.b),
            _ => None,
        }
    }

    #[inline]
    fn local_aabb(&self) -> Aabb3<S> {
        bounds_of_points([self.a, self.b])
    }

    #[inline]
    fn aabb(&self, transform: Transform3<S>) -> Aabb3<S> {
        bounds_of_points([self.a, self.b].map(|end| transform.transform_point(end)))
    }
}

/// No closed-form ray cast yet: `ray_cast` takes the GJK ray cast.
impl<S: Scalar> RayShape<S, Vec3<S>> for Segment3<S> {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{
        DEGENERATE_DIRECTIONS3, DIRECTIONS3, aabb_by_support3, aabb3_close, placements3,
        random_directions3,
    };

    fn segment() -> Segment3<f64> {
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
        let s = segment();
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
        let s = segment();
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
        let s = segment();
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
