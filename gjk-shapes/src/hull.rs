//! `Hull`: the convex hull of two shapes.

use gjk_core::{
    Aabb, Aabb3, Bounded, ContactShape, FeatureId, RayShape, Scalar, Space, Support, SupportPoint,
    Transform, Transform3, Vec2, Vec3,
};

/// The convex hull of two shapes (in the same frame): a capsule from two circles, a
/// swept shape from its start and end poses (with [`Transformed`](crate::Transformed)
/// parts), a rounded box joined to a disc.
///
/// How the radii are handled:
/// - **Equal radii** `r`: the hull of two shapes rounded by `r` is the hull of their
///   cores rounded by `r`. The support is the core support point of whichever part
///   reaches farther along the direction (A on ties), and `radius()` is `r`, so GJK
///   keeps working on cores.
/// - **Different radii**: the rounding is no longer uniform, so the hull has no core
///   and `radius()` is zero. The support inflates each part's core support point by
///   its radius along the unit direction and returns the farther of the two; its
///   feature is [`FeatureId::SMOOTH`] when the chosen part's radius is positive (the
///   point then slides with the direction). GJK then converges on the relative gap
///   rather than exactly, as for an ellipse.
///
/// Parts of the same space make a hull of that space: two plane shapes a plane shape,
/// two 3D shapes (two [`Sphere`](crate::Sphere)s: a capsule) a 3D one.
///
/// Vertex features of the parts are packed as `(i << 1) | side`, side 0 for A and 1 for
/// B; a smooth part feature or an index from `2^31` up gives [`FeatureId::SMOOTH`].
///
/// ```
/// use gjk_core::{distance, Support, Transform, Vec2};
/// use gjk_shapes::{Circle, Hull};
///
/// // Two unit circles: a capsule of length 4 along x.
/// let capsule = Hull::new(
///     Circle::new(Vec2::new(-2.0_f64, 0.0), 1.0)?,
///     Circle::new(Vec2::new(2.0, 0.0), 1.0)?,
/// );
/// assert_eq!(capsule.radius(), 1.0);
/// let xf_b = Transform::from_translation(Vec2::new(0.0, 5.0));
/// let out = distance(&capsule, Transform::IDENTITY, &capsule, xf_b);
/// assert!((out.distance - 3.0).abs() < 1e-12);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hull<A, B> {
    a: A,
    b: B,
}

impl<A, B> Hull<A, B> {
    /// The convex hull of `a` and `b`; infallible, since the parts are valid shapes.
    ///
    /// ```
    /// use gjk_core::{Support, Vec2};
    /// use gjk_shapes::{Hull, Point};
    /// let segment = Hull::new(Point::new(Vec2::ZERO)?, Point::new(Vec2::new(2.0_f32, 0.0))?);
    /// assert_eq!(segment.support(Vec2::X).point, Vec2::new(2.0, 0.0));
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
    /// use gjk_shapes::{Hull, Point};
    /// let p = Point::new(Vec2::new(1.0_f32, 0.0))?;
    /// assert_eq!(*Hull::new(p, p).a(), p);
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
    /// use gjk_shapes::{Hull, Point};
    /// let p = Point::new(Vec2::new(1.0_f32, 0.0))?;
    /// assert_eq!(*Hull::new(p, p).b(), p);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub const fn b(&self) -> &B {
        &self.b
    }
}

/// Which part a hull feature came from, in the low bit of the packed id.
const SIDE_A: u32 = 0;
/// See [`SIDE_A`].
const SIDE_B: u32 = 1;

/// `(i << 1) | side` for a part's vertex `i` below `2^31`, otherwise smooth.
#[inline]
fn pack(feature: FeatureId, side: u32) -> FeatureId {
    match feature.index() {
        Some(index) if index < (1 << 31) => FeatureId::vertex((index << 1) | side),
        _ => FeatureId::SMOOTH,
    }
}

/// The support of the hull from the parts' support points `on_a`, `on_b` and radii,
/// and the unit direction (`None` for a zero, NaN or infinite one): the rules of
/// [`Hull`], shared by the plane and 3D impls.
#[inline]
fn hull_support<S: Scalar, V: Space<Scalar = S>>(
    on_a: SupportPoint<S, V>,
    on_b: SupportPoint<S, V>,
    (radius_a, radius_b): (S, S),
    unit: Option<V>,
) -> SupportPoint<S, V> {
    // Without a direction any point of either part will do.
    let Some(unit) = unit else {
        let feature = if radius_a == radius_b || radius_a == S::ZERO {
            pack(on_a.feature, SIDE_A)
        } else {
            FeatureId::SMOOTH
        };
        return SupportPoint::new(on_a.point, feature);
    };
    if radius_a == radius_b {
        // Equal radii: the rounded hull of the cores; compare the core points.
        return if on_b.point.dot(unit) > on_a.point.dot(unit) {
            SupportPoint::new(on_b.point, pack(on_b.feature, SIDE_B))
        } else {
            SupportPoint::new(on_a.point, pack(on_a.feature, SIDE_A))
        };
    }
    // Different radii: compare the surface points `p + r u` of the rounded parts.
    let surface = |point: V, radius: S, feature: FeatureId, side: u32| {
        let feature = if radius == S::ZERO {
            pack(feature, side)
        } else {
            FeatureId::SMOOTH
        };
        SupportPoint::new(point + unit * radius, feature)
    };
    let on_a = surface(on_a.point, radius_a, on_a.feature, SIDE_A);
    let on_b = surface(on_b.point, radius_b, on_b.feature, SIDE_B);
    if on_b.point.dot(unit) > on_a.point.dot(unit) {
        on_b
    } else {
        on_a
    }
}

/// The hull's radius in either space: the parts' common radius, or zero when they
/// differ (see [`Hull`]).
#[inline]
fn hull_radius<S, V, A, B>(a: &A, b: &B) -> S
where
    S: Scalar,
    V: Space<Scalar = S>,
    A: Support<S, V>,
    B: Support<S, V>,
{
    if a.radius() == b.radius() {
        a.radius()
    } else {
        S::ZERO
    }
}

/// The hull's feature point in either space: the part's. With different radii only a
/// part of radius zero names fixed points; the other part's support points are smooth.
#[inline]
fn hull_feature_point<S, V, A, B>(a: &A, b: &B, feature: FeatureId) -> Option<V>
where
    S: Scalar,
    V: Space<Scalar = S>,
    A: Support<S, V>,
    B: Support<S, V>,
{
    let packed = feature.index()?;
    let part_feature = FeatureId::vertex(packed >> 1);
    let (radius_a, radius_b) = (a.radius(), b.radius());
    let names_fixed_point = |radius: S| radius_a == radius_b || radius == S::ZERO;
    if packed & 1 == SIDE_A {
        if names_fixed_point(radius_a) {
            return a.feature_point(part_feature);
        }
    } else if names_fixed_point(radius_b) {
        return b.feature_point(part_feature);
    }
    None
}

impl<S: Scalar, A: Support<S>, B: Support<S>> Support<S> for Hull<A, B> {
    #[inline]
    fn support(&self, direction: Vec2<S>) -> SupportPoint<S> {
        // Compare along the unit direction so that huge directions do not overflow
        // the dot products.
        hull_support(
            self.a.support(direction),
            self.b.support(direction),
            (self.a.radius(), self.b.radius()),
            direction.normalize(),
        )
    }

    /// The common radius of the parts, or zero when they differ (see [`Hull`]).
    #[inline]
    fn radius(&self) -> S {
        hull_radius(&self.a, &self.b)
    }

    /// The part's feature point (see `hull_feature_point`).
    #[inline]
    fn feature_point(&self, feature: FeatureId) -> Option<Vec2<S>> {
        hull_feature_point(&self.a, &self.b, feature)
    }
}

impl<S: Scalar, A: Bounded<S>, B: Bounded<S>> Bounded<S> for Hull<A, B> {
    /// The union of the parts' boxes: the box of a hull is the box of its parts.
    #[inline]
    fn local_aabb(&self) -> Aabb<S> {
        self.a.local_aabb().union(self.b.local_aabb())
    }

    #[inline]
    fn aabb(&self, transform: Transform<S>) -> Aabb<S> {
        self.a.aabb(transform).union(self.b.aabb(transform))
    }
}

/// The 3D form of the plane impl above, with the same rules.
impl<S: Scalar, A: Support<S, Vec3<S>>, B: Support<S, Vec3<S>>> Support<S, Vec3<S>> for Hull<A, B> {
    #[inline]
    fn support(&self, direction: Vec3<S>) -> SupportPoint<S, Vec3<S>> {
        hull_support(
            self.a.support(direction),
            self.b.support(direction),
            (self.a.radius(), self.b.radius()),
            direction.normalize(),
        )
    }

    /// The common radius of the parts, or zero when they differ (see [`Hull`]).
    #[inline]
    fn radius(&self) -> S {
        hull_radius(&self.a, &self.b)
    }

    #[inline]
    fn feature_point(&self, feature: FeatureId) -> Option<Vec3<S>> {
        hull_feature_point(&self.a, &self.b, feature)
    }
}

impl<S: Scalar, A: Bounded<S, Vec3<S>>, B: Bounded<S, Vec3<S>>> Bounded<S, Vec3<S>> for Hull<A, B> {
    /// The union of the parts' boxes.
    #[inline]
    fn local_aabb(&self) -> Aabb3<S> {
        self.a.local_aabb().union(self.b.local_aabb())
    }

    #[inline]
    fn aabb(&self, transform: Transform3<S>) -> Aabb3<S> {
        self.a.aabb(transform).union(self.b.aabb(transform))
    }
}

/// Contacts with a hull of two shapes are single points (it names no edges).
impl<S: Scalar, A: Support<S>, B: Support<S>> ContactShape<S> for Hull<A, B> {}

/// No closed-form ray cast: `ray_cast` takes the GJK ray cast.
impl<S: Scalar, V: Space<Scalar = S>, A, B> RayShape<S, V> for Hull<A, B> where Self: Support<S, V> {}

#[cfg(test)]
mod tests {
    use gjk_core::{DistanceStatus, distance};

    use super::*;
    use crate::testing::{
        DEGENERATE_DIRECTIONS, DIRECTIONS, aabb_by_support, aabb_close, placements,
    };
    use crate::testing::{
        DEGENERATE_DIRECTIONS3, DIRECTIONS3, aabb_by_support3, aabb3_close, placements3,
        random_directions3, reaches_farthest,
    };
    use crate::{
        Capsule, Capsule3, Circle, Cuboid, Ellipse, Point, Polygon, Rect, Sphere, Transformed,
    };

    #[test]
    fn hull_of_two_equal_spheres_is_their_capsule() {
        let (p, q) = (Vec3::new(-2.0, 0.0, 1.0), Vec3::new(2.0, 1.0, -1.0));
        let hull = Hull::new(Sphere::new(p, 0.5).unwrap(), Sphere::new(q, 0.5).unwrap());
        let capsule = Capsule3::new(p, q, 0.5).unwrap();
        assert_eq!(hull.radius(), 0.5);
        for d in DIRECTIONS3.into_iter().chain(DEGENERATE_DIRECTIONS3) {
            let support = hull.support(d);
            assert_eq!(support.point, capsule.support(d).point, "{d:?}");
            assert_eq!(hull.feature_point(support.feature), Some(support.point));
        }
        assert!(aabb3_close(hull.local_aabb(), capsule.local_aabb(), 0.0));
    }

    #[test]
    fn hull_of_3d_parts_with_different_radii_reaches_the_farthest_surface_point() {
        let cuboid = Cuboid::new(Vec3::new(1.0, 1.0, 1.0)).unwrap();
        let hull = Hull::new(Sphere::new(Vec3::new(3.0, 0.0, 0.0), 0.5).unwrap(), cuboid);
        assert_eq!(hull.radius(), 0.0);
        for d in DIRECTIONS3.into_iter().chain(random_directions3(23, 200)) {
            let unit = d.normalize().unwrap();
            let sphere_reach = Vec3::new(3.0, 0.0, 0.0) + unit * 0.5;
            let support = hull.support(d);
            let candidates = cuboid.vertices().into_iter().chain([sphere_reach]);
            assert!(
                reaches_farthest(support.point, candidates, d, 1e-12),
                "{d:?}"
            );
        }
        for d in DEGENERATE_DIRECTIONS3 {
            assert!(hull.support(d).point.is_finite());
        }
        let corner = hull.support(-Vec3::X);
        assert_eq!(hull.feature_point(corner.feature), Some(corner.point));
        for transform in placements3() {
            assert!(aabb3_close(
                hull.aabb(transform),
                aabb_by_support3(&hull, transform),
                1e-12
            ));
        }
    }

    fn two_circles() -> Hull<Circle<f64>, Circle<f64>> {
        Hull::new(
            Circle::new(Vec2::new(-2.0, 0.0), 1.0).unwrap(),
            Circle::new(Vec2::new(2.0, 1.0), 1.0).unwrap(),
        )
    }

    fn circle_and_box() -> Hull<Circle<f64>, Rect<f64>> {
        Hull::new(
            Circle::new(Vec2::new(3.0, 0.0), 0.5).unwrap(),
            Rect::new(Vec2::new(1.0, 1.0)).unwrap(),
        )
    }

    #[test]
    fn hull_of_equal_radii_is_the_rounded_hull_of_the_cores() {
        let hull = two_circles();
        assert_eq!(hull.radius(), 1.0);
        assert_eq!(hull.support(Vec2::X).point, Vec2::new(2.0, 1.0));
        assert_eq!(hull.support(Vec2::X).feature, FeatureId::vertex(1));
        assert_eq!(hull.support(-Vec2::X).point, Vec2::new(-2.0, 0.0));
        assert_eq!(hull.support(-Vec2::X).feature, FeatureId::vertex(0));
        for d in DIRECTIONS.into_iter().chain(DEGENERATE_DIRECTIONS) {
            let support = hull.support(d);
            assert_eq!(
                hull.feature_point(support.feature),
                Some(support.point),
                "{d:?}"
            );
        }
        // Same core distance as the capsule with the same end points.
        let capsule = Capsule::new(Vec2::new(-2.0, 0.0), Vec2::new(2.0, 1.0), 1.0).unwrap();
        let xf_b = Transform::from_translation(Vec2::new(1.0, 6.0));
        let via_hull = distance(
            &hull,
            Transform::IDENTITY,
            &Point::new(Vec2::ZERO).unwrap(),
            xf_b,
        );
        let via_capsule = distance(
            &capsule,
            Transform::IDENTITY,
            &Point::new(Vec2::ZERO).unwrap(),
            xf_b,
        );
        assert!((via_hull.distance - via_capsule.distance).abs() < 1e-12);
    }

    #[test]
    fn hull_ties_go_to_the_first_part() {
        let a = Point::new(Vec2::new(0.0, 1.0)).unwrap();
        let b = Point::new(Vec2::new(0.0, -1.0)).unwrap();
        assert_eq!(
            Hull::new(a, b).support(Vec2::X).feature,
            FeatureId::vertex(0)
        );
        assert_eq!(Hull::new(a, b).support(Vec2::X).point, a.position());
    }

    #[test]
    fn hull_of_different_radii_inflates_support_points() {
        let hull = circle_and_box();
        assert_eq!(hull.radius(), 0.0);
        // Along +x the circle's surface (3.5, 0) is farthest: smooth.
        let right = hull.support(Vec2::X);
        assert_eq!(right.point, Vec2::new(3.5, 0.0));
        assert_eq!(right.feature, FeatureId::SMOOTH);
        assert_eq!(hull.feature_point(right.feature), None);
        // Along -x the box corner (-1, 1) wins (d.y = 0 counts as positive): a vertex.
        let left = hull.support(-Vec2::X);
        assert_eq!(left.point, Vec2::new(-1.0, 1.0));
        assert_eq!(left.feature, FeatureId::vertex((3 << 1) | 1));
        assert_eq!(hull.feature_point(left.feature), Some(left.point));
        // Along +y the box top (1) beats the circle top (0.5).
        assert_eq!(hull.support(Vec2::Y).point, Vec2::new(1.0, 1.0));
        // A vertex id naming the rounded circle is not a fixed point.
        assert_eq!(hull.feature_point(FeatureId::vertex(0)), None);
    }

    #[test]
    fn hull_support_reaches_the_farthest_rounded_point() {
        let hull = circle_and_box();
        for d in DIRECTIONS {
            let unit = (d / d.max_abs()).normalize().unwrap();
            let circle_reach = Vec2::new(3.0, 0.0).dot(unit) + 0.5;
            let box_reach = hull
                .b()
                .vertices()
                .map(|v| v.dot(unit))
                .into_iter()
                .fold(f64::NEG_INFINITY, f64::max);
            let reach = hull.support(d).point.dot(unit);
            assert!((reach - circle_reach.max(box_reach)).abs() < 1e-12, "{d:?}");
        }
    }

    #[test]
    fn hull_survives_zero_and_nan_directions() {
        for d in DEGENERATE_DIRECTIONS {
            assert!(circle_and_box().support(d).point.is_finite());
            assert_eq!(circle_and_box().support(d).feature, FeatureId::SMOOTH);
            assert!(two_circles().support(d).point.is_finite());
        }
    }

    #[test]
    fn hull_feature_is_smooth_for_smooth_or_huge_part_features() {
        assert_eq!(pack(FeatureId::SMOOTH, SIDE_A), FeatureId::SMOOTH);
        assert_eq!(pack(FeatureId::vertex(1 << 31), SIDE_B), FeatureId::SMOOTH);
        assert_eq!(pack(FeatureId::vertex(5), SIDE_B), FeatureId::vertex(11));
        let ellipses = Hull::new(
            Ellipse::new(Vec2::new(1.0, 2.0)).unwrap(),
            Ellipse::new(Vec2::new(2.0, 1.0)).unwrap(),
        );
        assert_eq!(
            ellipses.support(Vec2::new(1.0, 1.0)).feature,
            FeatureId::SMOOTH
        );
    }

    #[test]
    fn hull_aabb_is_the_union_of_the_parts() {
        let hull = circle_and_box();
        assert_eq!(
            hull.local_aabb(),
            Aabb::new(Vec2::new(-1.0, -1.0), Vec2::new(3.5, 1.0))
        );
        for transform in placements() {
            assert!(aabb_close(
                hull.aabb(transform),
                aabb_by_support(&hull, transform),
                1e-12
            ));
            let circles = two_circles();
            assert!(aabb_close(
                circles.aabb(transform),
                aabb_by_support(&circles, transform),
                1e-12
            ));
        }
    }

    #[test]
    fn hull_of_two_poses_is_a_swept_box() {
        // A unit box swept from x = 0 to x = 4 covers [-1, 5] x [-1, 1].
        let square = Polygon::<f64, 4>::from_rect(Rect::new(Vec2::new(1.0, 1.0)).unwrap()).unwrap();
        let end =
            Transformed::new(square, Transform::from_translation(Vec2::new(4.0, 0.0))).unwrap();
        let swept = Hull::new(square, end);
        let probe = Circle::new(Vec2::ZERO, 0.5).unwrap();
        let out = distance(
            &swept,
            Transform::IDENTITY,
            &probe,
            Transform::from_translation(Vec2::new(2.0, 3.0)),
        );
        assert_eq!(out.status, DistanceStatus::Separated);
        assert!((out.distance - 1.5).abs() < 1e-12);
    }
}
