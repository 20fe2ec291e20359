//! `Capsule3`: a segment core with a radius, in 3D.

use gjk_core::{
    Aabb3, CastOutput, FeatureId, Ray, RayShape, Scalar, Support, SupportPoint, Transform3, Vec3,
};

use crate::ShapeError;
use crate::three::vertices3::{bounds_of_points, inflate, support_of_points};
use crate::two::vertices::vertex_index;

/// A capsule: the segment from `a` (feature 0) to `b` (feature 1) grown by `radius`.
/// GJK runs on the segment and subtracts the radius afterwards. The 3D counterpart of
/// [`Capsule`](crate::Capsule).
///
/// `a == b` is allowed: the capsule is then a sphere.
///
/// ```
/// use gjk_core::{Aabb3, Support, Vec3};
/// use gjk_shapes::Capsule3;
///
/// let c = Capsule3::new(Vec3::new(0.0_f64, 0.0, -1.0), Vec3::new(0.0, 0.0, 1.0), 0.5)?;
/// assert_eq!(c.support(Vec3::Z).point, Vec3::new(0.0, 0.0, 1.0));
/// assert_eq!(c.local_aabb(), Aabb3::new(Vec3::new(-0.5, -0.5, -1.5), Vec3::new(0.5, 0.5, 1.5)));
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Capsule3<S> {
    a: Vec3<S>,
    b: Vec3<S>,
    radius: S,
}

impl<S: Scalar> Capsule3<S> {
    /// The capsule around the segment from `a` to `b`. A zero radius is allowed (a
    /// segment).
    ///
    /// Errors: [`ShapeError::NonFinite`] for a NaN or infinite coordinate or radius,
    /// [`ShapeError::NegativeRadius`] for a radius below zero.
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// use gjk_shapes::{Capsule3, ShapeError};
    /// assert!(Capsule3::new(Vec3::ZERO, Vec3::new(1.0_f32, 0.0, 0.0), 0.25).is_ok());
    /// assert_eq!(
    ///     Capsule3::new(Vec3::ZERO, Vec3::new(1.0_f32, 0.0, 0.0), -0.25),
    ///     Err(ShapeError::NegativeRadius)
    /// );
    /// ```
    pub fn new(a: Vec3<S>, b: Vec3<S>, radius: S) -> Result<Self, ShapeError> {
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
    /// use gjk_core::Vec3;
    /// let c = gjk_shapes::Capsule3::new(Vec3::ZERO, Vec3::new(1.0_f32, 0.0, 0.0), 0.5)?;
    /// assert_eq!(c.a(), Vec3::ZERO);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn a(&self) -> Vec3<S> {
        self.a
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
    pub fn b(&self) -> Vec3<S> {
        self.b
    }

    /// The radius around the core segment (the same value [`Support::radius`] gives).
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// let c = gjk_shapes::Capsule3::new(Vec3::ZERO, Vec3::new(1.0_f32, 0.0, 0.0), 0.5)?;
    /// assert_eq!(c.radius(), 0.5);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn radius(&self) -> S {
        self.radius
    }
}

impl<S: Scalar> Support<S, Vec3<S>> for Capsule3<S> {
    /// The core end point farther along `direction`; `a` on ties and for NaN.
    #[inline]
    fn support(&self, direction: Vec3<S>) -> SupportPoint<S, Vec3<S>> {
        support_of_points(&[self.a, self.b], direction)
    }

    #[inline]
    fn radius(&self) -> S {
        self.radius
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
        inflate(bounds_of_points([self.a, self.b]), self.radius)
    }

    #[inline]
    fn aabb(&self, transform: Transform3<S>) -> Aabb3<S> {
        let ends = [self.a, self.b].map(|end| transform.transform_point(end));
        inflate(bounds_of_points(ends), self.radius)
    }
}

/// [`Capsule3::ray_cast`], the closed form.
impl<S: Scalar> RayShape<S, Vec3<S>> for Capsule3<S> {
    #[inline]
    fn analytic_ray_cast(
        &self,
        transform: Transform3<S>,
        ray: Ray<S, Vec3<S>>,
    ) -> Option<CastOutput<S, Vec3<S>>> {
        Some(self.ray_cast(transform, ray))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{
        DEGENERATE_DIRECTIONS3, DIRECTIONS3, aabb_by_support3, aabb3_close, placements3,
        random_directions3, reaches_farthest,
    };

    fn capsule() -> Capsule3<f64> {
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
        let c = capsule();
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
        let c = capsule();
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
