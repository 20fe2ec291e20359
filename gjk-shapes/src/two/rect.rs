//! `Rect`: a centred box.

use gjk_core::{
    Aabb, Bounded, CastOutput, ContactShape, FeatureId, Ray, RayShape, Scalar, Support,
    SupportEdge, SupportPoint, Transform, Vec2,
};

use crate::ShapeError;
use crate::two::vertices::{support_edge_of_loop, vertex_index};

/// A box centred at the local origin with half-extents `(hx, hy)` along the local axes.
///
/// Vertex order and feature ids, counter-clockwise as Box2D's `b2MakeBox`:
/// 0 `(-hx, -hy)`, 1 `(hx, -hy)`, 2 `(hx, hy)`, 3 `(-hx, hy)`.
///
/// ```
/// use gjk_core::{distance, FeatureId, Support, Transform, Vec2};
/// use gjk_shapes::Rect;
///
/// let r = Rect::new(Vec2::new(2.0_f32, 1.0))?;
/// let corner = r.support(Vec2::new(1.0, 1.0));
/// assert_eq!(corner.point, Vec2::new(2.0, 1.0));
/// assert_eq!(corner.feature, FeatureId::vertex(2));
/// let out = distance(&r, Transform::IDENTITY, &r, Transform::from_translation(Vec2::new(5.0, 0.0)));
/// assert_eq!(out.distance, 1.0);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect<S> {
    half_extents: Vec2<S>,
}

impl<S: Scalar> Rect<S> {
    /// A box with half-extents `(hx, hy)`.
    ///
    /// Errors: [`ShapeError::NonFinite`] for a NaN or infinite half-extent,
    /// [`ShapeError::NonPositiveExtent`] for one `<= 0` (use a [`Segment`](crate::Segment)
    /// for a flat box).
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// use gjk_shapes::{Rect, ShapeError};
    /// assert!(Rect::new(Vec2::new(1.0_f64, 0.5)).is_ok());
    /// assert_eq!(Rect::new(Vec2::new(1.0_f64, 0.0)), Err(ShapeError::NonPositiveExtent));
    /// ```
    pub fn new(half_extents: Vec2<S>) -> Result<Self, ShapeError> {
        if !half_extents.is_finite() {
            return Err(ShapeError::NonFinite);
        }
        if !(half_extents.x > S::ZERO && half_extents.y > S::ZERO) {
            return Err(ShapeError::NonPositiveExtent);
        }
        Ok(Self { half_extents })
    }

    /// The half-extents `(hx, hy)`.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// let r = gjk_shapes::Rect::new(Vec2::new(2.0_f32, 1.0))?;
    /// assert_eq!(r.half_extents(), Vec2::new(2.0, 1.0));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn half_extents(&self) -> Vec2<S> {
        self.half_extents
    }

    /// The four corners in feature-id order (counter-clockwise from `(-hx, -hy)`).
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// let r = gjk_shapes::Rect::new(Vec2::new(2.0_f32, 1.0))?;
    /// assert_eq!(r.vertices()[1], Vec2::new(2.0, -1.0));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn vertices(&self) -> [Vec2<S>; 4] {
        let Vec2 { x, y } = self.half_extents;
        [
            Vec2::new(-x, -y),
            Vec2::new(x, -y),
            Vec2::new(x, y),
            Vec2::new(-x, y),
        ]
    }
}

impl<S: Scalar> Support<S> for Rect<S> {
    /// The corner on the side of each sign of `direction`, in O(1). `d.x >= 0` (and
    /// likewise `d.y >= 0`) counts as the positive side, so zero picks the positive
    /// corner and NaN, which fails the test, the negative one.
    #[inline]
    fn support(&self, direction: Vec2<S>) -> SupportPoint<S> {
        let Vec2 { x: hx, y: hy } = self.half_extents;
        let positive_x = direction.x >= S::ZERO;
        let positive_y = direction.y >= S::ZERO;
        let point = Vec2::new(
            if positive_x { hx } else { -hx },
            if positive_y { hy } else { -hy },
        );
        // (x side, y side) -> id: (-,-) 0, (+,-) 1, (+,+) 2, (-,+) 3, which is
        // x_bit XOR (3 * y_bit).
        let id = u32::from(positive_x) ^ (3 * u32::from(positive_y));
        SupportPoint::new(point, FeatureId::vertex(id))
    }

    #[inline]
    fn feature_point(&self, feature: FeatureId) -> Option<Vec2<S>> {
        self.vertices().get(vertex_index(feature)?).copied()
    }
}

impl<S: Scalar> Bounded<S> for Rect<S> {
    #[inline]
    fn local_aabb(&self) -> Aabb<S> {
        Aabb::new(-self.half_extents, self.half_extents)
    }

    /// Half-extents `(|c| hx + |s| hy, |s| hx + |c| hy)` for a rotation `(c, s)`.
    #[inline]
    fn aabb(&self, transform: Transform<S>) -> Aabb<S> {
        let Vec2 { x: hx, y: hy } = self.half_extents;
        let (cos, sin) = (transform.rotation.cos.abs(), transform.rotation.sin.abs());
        let half = Vec2::new(cos * hx + sin * hy, sin * hx + cos * hy);
        Aabb::new(transform.translation - half, transform.translation + half)
    }
}

/// [`Rect::ray_cast`], the closed form.
impl<S: Scalar> RayShape<S> for Rect<S> {
    #[inline]
    fn analytic_ray_cast(&self, transform: Transform<S>, ray: Ray<S>) -> Option<CastOutput<S>> {
        Some(self.ray_cast(transform, ray))
    }
}

/// The box's side facing `direction`.
impl<S: Scalar> ContactShape<S> for Rect<S> {
    #[inline]
    fn support_edge(&self, direction: Vec2<S>) -> Option<SupportEdge<S>> {
        support_edge_of_loop(&self.vertices(), direction)
    }
}

#[cfg(test)]
mod tests {
    use gjk_core::{DistanceStatus, distance};

    use super::*;
    use crate::Segment;
    use crate::testing::{
        DEGENERATE_DIRECTIONS, DIRECTIONS, aabb_by_support, aabb_close, placements,
    };

    fn rect() -> Rect<f64> {
        Rect::new(Vec2::new(2.0, 1.0)).unwrap()
    }

    #[test]
    fn rect_rejects_non_finite_half_extents() {
        assert_eq!(
            Rect::new(Vec2::new(f64::NAN, 1.0)),
            Err(ShapeError::NonFinite)
        );
        assert_eq!(
            Rect::new(Vec2::new(1.0, f64::INFINITY)),
            Err(ShapeError::NonFinite)
        );
    }

    #[test]
    fn rect_rejects_zero_or_negative_half_extents() {
        assert_eq!(
            Rect::new(Vec2::new(0.0, 1.0)),
            Err(ShapeError::NonPositiveExtent)
        );
        assert_eq!(
            Rect::new(Vec2::new(1.0, -1.0)),
            Err(ShapeError::NonPositiveExtent)
        );
    }

    #[test]
    fn rect_support_matches_the_vertex_arg_max() {
        let r = rect();
        for d in DIRECTIONS {
            let support = r.support(d);
            let best = r
                .vertices()
                .iter()
                .map(|v| v.dot(d))
                .fold(f64::NEG_INFINITY, f64::max);
            assert_eq!(support.point.dot(d), best, "{d:?}");
            assert_eq!(r.feature_point(support.feature), Some(support.point));
        }
    }

    #[test]
    fn rect_feature_ids_follow_the_ccw_vertex_order() {
        let r = rect();
        let quadrants = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)];
        for (id, (x, y)) in quadrants.into_iter().enumerate() {
            let support = r.support(Vec2::new(x, y));
            assert_eq!(support.feature, FeatureId::vertex(id as u32));
            assert_eq!(support.point, r.vertices()[id]);
        }
    }

    #[test]
    fn rect_zero_counts_as_positive_and_nan_as_negative() {
        let r = rect();
        assert_eq!(r.support(Vec2::ZERO).feature, FeatureId::vertex(2));
        assert_eq!(
            r.support(Vec2::new(0.0, -1.0)).feature,
            FeatureId::vertex(1)
        );
        assert_eq!(
            r.support(Vec2::new(-0.0, 1.0)).feature,
            FeatureId::vertex(2)
        );
        for d in DEGENERATE_DIRECTIONS {
            assert!(r.vertices().contains(&r.support(d).point));
        }
        assert_eq!(
            r.support(Vec2::new(f64::NAN, f64::NAN)).feature,
            FeatureId::vertex(0)
        );
    }

    #[test]
    fn rect_feature_point_rejects_unknown_features() {
        assert_eq!(rect().feature_point(FeatureId::vertex(4)), None);
        assert_eq!(rect().feature_point(FeatureId::SMOOTH), None);
    }

    #[test]
    fn rect_aabb_is_the_half_extents_and_agrees_when_rotated() {
        assert_eq!(
            rect().local_aabb(),
            Aabb::new(Vec2::new(-2.0, -1.0), Vec2::new(2.0, 1.0))
        );
        for transform in placements() {
            assert!(aabb_close(
                rect().aabb(transform),
                aabb_by_support(&rect(), transform),
                1e-12
            ));
        }
    }

    #[test]
    fn rect_distance_to_segment_smoke_test() {
        // A vertical segment from (4, -5) to (4, 5) is 2 from the box's right side.
        let s = Segment::new(Vec2::new(0.0, -5.0), Vec2::new(0.0, 5.0)).unwrap();
        let out = distance(
            &rect(),
            Transform::IDENTITY,
            &s,
            Transform::from_translation(Vec2::new(4.0, 0.0)),
        );
        assert_eq!(out.status, DistanceStatus::Separated);
        assert!((out.distance - 2.0).abs() < 1e-12);
        assert_eq!(out.normal, Vec2::X);
    }
}
