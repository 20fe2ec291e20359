//! `MinkowskiSum`: the set of sums `a + b` of points of two shapes.

use gjk_core::{
    Aabb, Aabb3, Bounded, ContactShape, FeatureId, RayShape, Scalar, Space, Support, SupportPoint,
    Transform, Transform3, Vec2, Vec3,
};

/// The Minkowski sum of two shapes: every `a + b` with `a` in A and `b` in B, such as a
/// box swept along a segment or an ellipse with a rounded box around it.
///
/// The support of a sum is the sum of the supports, and the radii add. Feature ids
/// pack the parts' vertex ids as `(ia << 16) | ib` while both are vertices below
/// 65536; otherwise (or if the packed id is `u32::MAX`) the sum's feature is
/// [`FeatureId::SMOOTH`], which only costs GJK its exact stop on repeated features.
///
/// Parts of the same space make a sum of that space: two plane shapes a plane shape,
/// two 3D shapes (a [`Cuboid`](crate::Cuboid) swept along a
/// [`Segment3`](crate::Segment3)) a 3D one.
///
/// ```
/// use gjk_core::{Support, Vec2};
/// use gjk_shapes::{Circle, MinkowskiSum, Rect, Segment};
///
/// let swept_box = MinkowskiSum::new(
///     Rect::new(Vec2::new(1.0_f32, 1.0))?,
///     Segment::new(Vec2::ZERO, Vec2::new(4.0, 0.0))?,
/// );
/// assert_eq!(swept_box.support(Vec2::new(1.0, 1.0)).point, Vec2::new(5.0, 1.0));
/// let fuzzy = MinkowskiSum::new(swept_box, Circle::new(Vec2::ZERO, 0.5)?);
/// assert_eq!(fuzzy.radius(), 0.5);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MinkowskiSum<A, B> {
    a: A,
    b: B,
}

impl<A, B> MinkowskiSum<A, B> {
    /// The sum of `a` and `b`; infallible, since the parts are valid shapes.
    ///
    /// ```
    /// use gjk_core::{Support, Vec2};
    /// use gjk_shapes::{MinkowskiSum, Point, Rect};
    /// let shifted = MinkowskiSum::new(Rect::new(Vec2::new(1.0_f64, 1.0))?, Point::new(Vec2::new(3.0, 0.0))?);
    /// assert_eq!(shifted.support(Vec2::X).point, Vec2::new(4.0, 1.0));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub const fn new(a: A, b: B) -> Self {
        Self { a, b }
    }

    /// The first part.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// use gjk_shapes::{MinkowskiSum, Point};
    /// let p = Point::new(Vec2::new(1.0_f32, 0.0))?;
    /// assert_eq!(*MinkowskiSum::new(p, p).a(), p);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub const fn a(&self) -> &A {
        &self.a
    }

    /// The second part.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// use gjk_shapes::{MinkowskiSum, Point};
    /// let p = Point::new(Vec2::new(1.0_f32, 0.0))?;
    /// assert_eq!(*MinkowskiSum::new(p, p).b(), p);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub const fn b(&self) -> &B {
        &self.b
    }
}

/// Bits of a packed sum feature id that hold the second part's vertex index.
const PART_BITS: u32 = 16;
/// Mask of the second part's index in a packed id, and the largest packable index.
const PART_MASK: u32 = (1 << PART_BITS) - 1;

/// `(ia << 16) | ib` when both parts name vertices below 65536, otherwise smooth.
#[inline]
fn pack(feature_a: FeatureId, feature_b: FeatureId) -> FeatureId {
    match (feature_a.index(), feature_b.index()) {
        (Some(ia), Some(ib)) if ia <= PART_MASK && ib <= PART_MASK => {
            FeatureId::vertex((ia << PART_BITS) | ib)
        }
        _ => FeatureId::SMOOTH,
    }
}

/// The parts' feature ids in a packed id; `None` for a smooth one.
#[inline]
fn unpack(feature: FeatureId) -> Option<(FeatureId, FeatureId)> {
    let packed = feature.index()?;
    Some((
        FeatureId::vertex(packed >> PART_BITS),
        FeatureId::vertex(packed & PART_MASK),
    ))
}

impl<S: Scalar, A: Support<S>, B: Support<S>> Support<S> for MinkowskiSum<A, B> {
    #[inline]
    fn support(&self, direction: Vec2<S>) -> SupportPoint<S> {
        let on_a = self.a.support(direction);
        let on_b = self.b.support(direction);
        SupportPoint::new(on_a.point + on_b.point, pack(on_a.feature, on_b.feature))
    }

    #[inline]
    fn radius(&self) -> S {
        self.a.radius() + self.b.radius()
    }

    #[inline]
    fn feature_point(&self, feature: FeatureId) -> Option<Vec2<S>> {
        let (feature_a, feature_b) = unpack(feature)?;
        Some(self.a.feature_point(feature_a)? + self.b.feature_point(feature_b)?)
    }
}

impl<S: Scalar, A: Bounded<S>, B: Bounded<S>> Bounded<S> for MinkowskiSum<A, B> {
    /// The sum of the parts' boxes (a box of a sum is the sum of the boxes).
    #[inline]
    fn local_aabb(&self) -> Aabb<S> {
        let (a, b) = (self.a.local_aabb(), self.b.local_aabb());
        Aabb::new(a.min + b.min, a.max + b.max)
    }

    /// `R (a + b) + t = R a + (R b + t)`: A's box under the rotation alone plus B's
    /// box under the whole transform.
    #[inline]
    fn aabb(&self, transform: Transform<S>) -> Aabb<S> {
        let a = self.a.aabb(Transform::new(Vec2::ZERO, transform.rotation));
        let b = self.b.aabb(transform);
        Aabb::new(a.min + b.min, a.max + b.max)
    }
}

/// The 3D form of the plane impl above: supports and radii add, features pack alike.
impl<S: Scalar, A: Support<S, Vec3<S>>, B: Support<S, Vec3<S>>> Support<S, Vec3<S>>
    for MinkowskiSum<A, B>
{
    #[inline]
    fn support(&self, direction: Vec3<S>) -> SupportPoint<S, Vec3<S>> {
        let on_a = self.a.support(direction);
        let on_b = self.b.support(direction);
        SupportPoint::new(on_a.point + on_b.point, pack(on_a.feature, on_b.feature))
    }

    #[inline]
    fn radius(&self) -> S {
        self.a.radius() + self.b.radius()
    }

    #[inline]
    fn feature_point(&self, feature: FeatureId) -> Option<Vec3<S>> {
        let (feature_a, feature_b) = unpack(feature)?;
        Some(self.a.feature_point(feature_a)? + self.b.feature_point(feature_b)?)
    }
}

impl<S: Scalar, A: Bounded<S, Vec3<S>>, B: Bounded<S, Vec3<S>>> Bounded<S, Vec3<S>>
    for MinkowskiSum<A, B>
{
    /// The sum of the parts' boxes.
    #[inline]
    fn local_aabb(&self) -> Aabb3<S> {
        let (a, b) = (self.a.local_aabb(), self.b.local_aabb());
        Aabb3::new(a.min + b.min, a.max + b.max)
    }

    /// A's box under the rotation alone plus B's box under the whole transform.
    #[inline]
    fn aabb(&self, transform: Transform3<S>) -> Aabb3<S> {
        let a = self.a.aabb(Transform3::new(Vec3::ZERO, transform.rotation));
        let b = self.b.aabb(transform);
        Aabb3::new(a.min + b.min, a.max + b.max)
    }
}

/// Contacts with a Minkowski sum are single points (it names no edges).
impl<S: Scalar, A: Support<S>, B: Support<S>> ContactShape<S> for MinkowskiSum<A, B> {}

/// No closed-form ray cast: `ray_cast` takes the GJK ray cast.
impl<S: Scalar, V: Space<Scalar = S>, A, B> RayShape<S, V> for MinkowskiSum<A, B> where
    Self: Support<S, V>
{
}

#[cfg(test)]
mod tests {
    use gjk_core::{DistanceStatus, distance};

    use super::*;
    use crate::testing::{
        DEGENERATE_DIRECTIONS, DIRECTIONS, aabb_by_support, aabb_close, placements,
    };
    use crate::testing::{
        DEGENERATE_DIRECTIONS3, DIRECTIONS3, aabb_by_support3, aabb3_close, placements3,
    };
    use crate::{Circle, Cuboid, Ellipse, Polygon, Rect, Rounded, Segment, Segment3, Sphere};

    #[test]
    fn minkowski_sum_of_3d_parts_adds_supports_radii_and_boxes() {
        let cuboid = Cuboid::new(Vec3::new(1.0, 0.5, 0.25)).unwrap();
        let segment = Segment3::new(Vec3::new(-1.0, 0.0, 2.0), Vec3::new(3.0, 1.0, -1.0)).unwrap();
        let swept = MinkowskiSum::new(cuboid, segment);
        for d in DIRECTIONS3.into_iter().chain(DEGENERATE_DIRECTIONS3) {
            let support = swept.support(d);
            assert_eq!(
                support.point,
                cuboid.support(d).point + segment.support(d).point
            );
            assert!(support.point.is_finite());
            assert_eq!(swept.feature_point(support.feature), Some(support.point));
        }
        assert_eq!(
            swept.local_aabb(),
            Aabb3::new(Vec3::new(-2.0, -0.5, -1.25), Vec3::new(4.0, 1.5, 2.25))
        );
        let fuzzy = MinkowskiSum::new(swept, Sphere::new(Vec3::new(0.0, 0.0, 1.0), 0.5).unwrap());
        assert_eq!(fuzzy.radius(), 0.5);
        for transform in placements3() {
            for (closed_form, by_support) in [
                (swept.aabb(transform), aabb_by_support3(&swept, transform)),
                (fuzzy.aabb(transform), aabb_by_support3(&fuzzy, transform)),
            ] {
                assert!(aabb3_close(closed_form, by_support, 1e-12));
            }
        }
    }

    fn swept_box() -> MinkowskiSum<Rect<f64>, Segment<f64>> {
        MinkowskiSum::new(
            Rect::new(Vec2::new(1.0, 0.5)).unwrap(),
            Segment::new(Vec2::new(-1.0, -1.0), Vec2::new(3.0, 1.0)).unwrap(),
        )
    }

    #[test]
    fn minkowski_support_is_the_sum_of_supports() {
        let sum = swept_box();
        for d in DIRECTIONS.into_iter().chain(DEGENERATE_DIRECTIONS) {
            let support = sum.support(d);
            assert_eq!(
                support.point,
                sum.a().support(d).point + sum.b().support(d).point
            );
            assert_eq!(sum.feature_point(support.feature), Some(support.point));
        }
        // Corner 2 (1, 0.5) of the box plus end 1 (3, 1) of the segment.
        let corner = sum.support(Vec2::new(1.0, 1.0));
        assert_eq!(corner.point, Vec2::new(4.0, 1.5));
        assert_eq!(corner.feature, FeatureId::vertex((2 << 16) | 1));
    }

    #[test]
    fn minkowski_feature_is_smooth_when_a_part_is_smooth_or_too_large() {
        let ellipse = Ellipse::new(Vec2::new(1.0, 2.0)).unwrap();
        let with_ellipse = MinkowskiSum::new(ellipse, Rect::new(Vec2::new(1.0, 1.0)).unwrap());
        assert_eq!(with_ellipse.support(Vec2::X).feature, FeatureId::SMOOTH);
        assert_eq!(with_ellipse.feature_point(FeatureId::SMOOTH), None);
        assert_eq!(
            pack(FeatureId::vertex(1 << 16), FeatureId::vertex(0)),
            FeatureId::SMOOTH
        );
        assert_eq!(
            pack(FeatureId::vertex(0), FeatureId::vertex(1 << 16)),
            FeatureId::SMOOTH
        );
        assert_eq!(
            pack(FeatureId::vertex(65_535), FeatureId::vertex(65_535)),
            FeatureId::SMOOTH
        );
        assert_eq!(
            unpack(pack(FeatureId::vertex(7), FeatureId::vertex(9))),
            Some((FeatureId::vertex(7), FeatureId::vertex(9)))
        );
    }

    #[test]
    fn minkowski_feature_point_rejects_out_of_range_parts() {
        let sum = swept_box();
        assert_eq!(sum.feature_point(FeatureId::vertex((4 << 16) | 1)), None);
        assert_eq!(sum.feature_point(FeatureId::vertex(2)), None);
    }

    #[test]
    fn minkowski_radii_add() {
        let a = Circle::new(Vec2::ZERO, 0.25).unwrap();
        let b = Rounded::new(Rect::new(Vec2::new(1.0, 1.0)).unwrap(), 0.5).unwrap();
        assert_eq!(MinkowskiSum::new(a, b).radius(), 0.75);
    }

    #[test]
    fn minkowski_aabb_is_the_sum_of_boxes() {
        let sum = swept_box();
        assert_eq!(
            sum.local_aabb(),
            Aabb::new(Vec2::new(-2.0, -1.5), Vec2::new(4.0, 1.5))
        );
        let rounded = MinkowskiSum::new(sum, Circle::new(Vec2::new(1.0, 0.0), 0.5).unwrap());
        for transform in placements() {
            assert!(aabb_close(
                sum.aabb(transform),
                aabb_by_support(&sum, transform),
                1e-12
            ));
            assert!(aabb_close(
                rounded.aabb(transform),
                aabb_by_support(&rounded, transform),
                1e-12
            ));
        }
    }

    #[test]
    fn minkowski_sum_with_a_circle_matches_the_rounded_shape() {
        let hexagon = Polygon::<f64, 8>::regular(6, 1.0).unwrap();
        let circle = Circle::new(Vec2::ZERO, 0.3).unwrap();
        let sum = MinkowskiSum::new(hexagon, circle);
        let rounded = Rounded::new(hexagon, 0.3).unwrap();
        let other = Rect::new(Vec2::new(0.5, 2.0)).unwrap();
        let xf_b = Transform::from_position_angle(Vec2::new(4.0, 1.0), 0.4);
        let via_sum = distance(&sum, Transform::IDENTITY, &other, xf_b);
        let via_rounded = distance(&rounded, Transform::IDENTITY, &other, xf_b);
        assert_eq!(via_sum.status, DistanceStatus::Separated);
        assert!((via_sum.distance - via_rounded.distance).abs() < 1e-12);
    }
}
