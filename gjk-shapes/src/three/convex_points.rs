//! `ConvexPoints`: the convex hull of up to `N` points, stored inline.

use gjk_core::{
    Aabb3, Bounded, FeatureId, RayShape, Scalar, Support, SupportPoint, Transform3, Vec3,
};

use crate::ShapeError;
use crate::points::bounds_of_points;
use crate::three::vertices3::{farthest_of_columns, size_of};
use crate::two::vertices::{vertex_feature, vertex_index};

/// The convex hull of 1 to `N` points, stored inline without allocation: a 3D
/// polytope given by its points alone. Feature ids are point indices.
///
/// GJK needs no faces: the support is the point farthest along the direction, so the
/// hull is implicit and points inside it are allowed (they are never the unique
/// support). One point is a point, two a segment, three a triangle: every count from
/// one up is a valid convex set, and the constructor does not ask for a solid.
/// [`ConvexPoints::hull`] keeps only the hull's vertices of any number of points, so
/// that a large set fits a small capacity and costs only its corners per support call.
///
/// ```
/// use gjk_core::{FeatureId, Support, Vec3};
/// use gjk_shapes::ConvexPoints;
///
/// let tetrahedron = ConvexPoints::<f32, 8>::new(&[
///     Vec3::ZERO,
///     Vec3::new(1.0, 0.0, 0.0),
///     Vec3::new(0.0, 1.0, 0.0),
///     Vec3::new(0.0, 0.0, 1.0),
/// ])?;
/// assert_eq!(tetrahedron.len(), 4);
/// assert_eq!(tetrahedron.support(Vec3::new(-1.0, 0.5, 2.0)).feature, FeatureId::vertex(3));
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
///
/// The points are stored by coordinate (all x, then all y, then all z), so that the
/// support computes its dot products four points at a time: on pairs of 32-point
/// hulls that took the supports from 58 % to 16 % of the instructions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ConvexPoints<S, const N: usize> {
    /// The points' x, y and z coordinates in `[..count]`; the rest are zero, so that
    /// equal sets compare equal.
    columns: [[S; N]; 3],
    /// The number of points in use, 1 to `N`.
    count: usize,
}

impl<S: Scalar, const N: usize> ConvexPoints<S, N> {
    /// The hull of `points`, checked in this order:
    ///
    /// - at least one point: [`ShapeError::NoPoints`];
    /// - at most `N`: [`ShapeError::TooManyPoints`];
    /// - finite coordinates whose differences do not overflow (the longest side of
    ///   the bounding box is finite): [`ShapeError::NonFinite`].
    ///
    /// Repeated and interior points are accepted; they cost a dot product each per
    /// support call ([`hull`](Self::hull) drops them, and takes more than `N`).
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// use gjk_shapes::{ConvexPoints, ShapeError};
    /// let corners = [Vec3::ZERO, Vec3::new(1.0_f64, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0)];
    /// assert!(ConvexPoints::<f64, 4>::new(&corners).is_ok());
    /// assert_eq!(
    ///     ConvexPoints::<f64, 2>::new(&corners),
    ///     Err(ShapeError::TooManyPoints { count: 3, capacity: 2 })
    /// );
    /// assert_eq!(ConvexPoints::<f64, 4>::new(&[]), Err(ShapeError::NoPoints));
    /// ```
    pub fn new(points: &[Vec3<S>]) -> Result<Self, ShapeError> {
        let count = points.len();
        if count == 0 {
            return Err(ShapeError::NoPoints);
        }
        if count > N {
            return Err(ShapeError::TooManyPoints { count, capacity: N });
        }
        size_of(points)?;
        let mut stored = Self::empty();
        for &point in points {
            stored.push(point);
        }
        Ok(stored)
    }

    /// The points, in the order given; point `i` has feature id `i`.
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// use gjk_shapes::ConvexPoints;
    /// let p = ConvexPoints::<f32, 4>::new(&[Vec3::ZERO, Vec3::new(1.0, 2.0, 3.0)])?;
    /// assert_eq!(p.points().collect::<Vec<_>>(), [Vec3::ZERO, Vec3::new(1.0, 2.0, 3.0)]);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn points(&self) -> impl ExactSizeIterator<Item = Vec3<S>> + Clone + '_ {
        (0..self.len()).map(|index| self.stored_point(index))
    }

    /// Point `index`, or `None` past the last one.
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// use gjk_shapes::ConvexPoints;
    /// let p = ConvexPoints::<f32, 4>::new(&[Vec3::ZERO, Vec3::new(1.0, 2.0, 3.0)])?;
    /// assert_eq!(p.point(1), Some(Vec3::new(1.0, 2.0, 3.0)));
    /// assert_eq!(p.point(2), None);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn point(&self, index: usize) -> Option<Vec3<S>> {
        (index < self.len()).then(|| self.stored_point(index))
    }

    /// Slot `index` (zero past the points), assembled from the columns.
    #[inline]
    fn stored_point(&self, index: usize) -> Vec3<S> {
        let [xs, ys, zs] = &self.columns;
        match (xs.get(index), ys.get(index), zs.get(index)) {
            (Some(&x), Some(&y), Some(&z)) => Vec3::new(x, y, z),
            _ => Vec3::ZERO,
        }
    }

    /// The number of points, 1 to `N`.
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// use gjk_shapes::ConvexPoints;
    /// assert_eq!(ConvexPoints::<f32, 4>::new(&[Vec3::ZERO])?.len(), 1);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    #[expect(
        clippy::len_without_is_empty,
        reason = "a point set always has at least one point"
    )]
    pub fn len(&self) -> usize {
        // `min(N)` changes nothing (the constructor checked the count) but tells the
        // compiler the count is at most `N`, as `Polygon::len` does.
        self.count.min(N)
    }
}

impl<S: Scalar, const N: usize> ConvexPoints<S, N> {
    /// No points yet: the start of a builder, never handed out (the public
    /// constructors return at least one point).
    pub(super) fn empty() -> Self {
        Self {
            columns: [[S::ZERO; N]; 3],
            count: 0,
        }
    }

    /// Appends a point; `false`, changing nothing, when all `N` slots are in use.
    pub(super) fn push(&mut self, point: Vec3<S>) -> bool {
        if self.count >= N {
            return false;
        }
        for (column, coordinate) in self.columns.iter_mut().zip([point.x, point.y, point.z]) {
            if let Some(slot) = column.get_mut(self.count) {
                *slot = coordinate;
            }
        }
        self.count += 1;
        true
    }
}

impl<S: Scalar, const N: usize> Support<S, Vec3<S>> for ConvexPoints<S, N> {
    /// The point farthest along `direction`; the first on ties, point 0 for NaN.
    #[inline]
    fn support(&self, direction: Vec3<S>) -> SupportPoint<S, Vec3<S>> {
        let index = farthest_of_columns(&self.columns, self.len(), direction);
        SupportPoint::new(self.stored_point(index), vertex_feature(index))
    }

    #[inline]
    fn feature_point(&self, feature: FeatureId) -> Option<Vec3<S>> {
        self.point(vertex_index(feature)?)
    }
}

impl<S: Scalar, const N: usize> Bounded<S, Vec3<S>> for ConvexPoints<S, N> {
    #[inline]
    fn local_aabb(&self) -> Aabb3<S> {
        bounds_of_points(self.points())
    }

    #[inline]
    fn aabb(&self, transform: Transform3<S>) -> Aabb3<S> {
        bounds_of_points(self.points().map(|p| transform.transform_point(p)))
    }
}

/// No closed-form ray cast: `ray_cast` takes the GJK ray cast.
impl<S: Scalar, const N: usize> RayShape<S, Vec3<S>> for ConvexPoints<S, N> {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{
        DEGENERATE_DIRECTIONS3, DIRECTIONS3, Lcg, aabb_by_support3, aabb3_close, placements3,
        random_directions3, reaches_farthest,
    };

    fn cloud() -> ConvexPoints<f64, 32> {
        let mut rng = Lcg::new(42);
        let points: [Vec3<f64>; 24] = core::array::from_fn(|_| {
            Vec3::new(
                rng.next_in(-2.0, 3.0),
                rng.next_in(-1.0, 1.0),
                rng.next_in(0.0, 4.0),
            )
        });
        ConvexPoints::new(&points).unwrap()
    }

    #[test]
    fn convex_points_rejects_empty_too_many_and_non_finite_input() {
        assert_eq!(ConvexPoints::<f64, 4>::new(&[]), Err(ShapeError::NoPoints));
        let five = [Vec3::ZERO; 5];
        assert_eq!(
            ConvexPoints::<f64, 4>::new(&five),
            Err(ShapeError::TooManyPoints {
                count: 5,
                capacity: 4
            })
        );
        assert_eq!(
            ConvexPoints::<f64, 4>::new(&[Vec3::ZERO, Vec3::new(0.0, 0.0, f64::INFINITY)]),
            Err(ShapeError::NonFinite)
        );
        let far = [
            Vec3::new(0.0, -f32::MAX, 0.0),
            Vec3::new(0.0, f32::MAX, 0.0),
        ];
        assert_eq!(
            ConvexPoints::<f32, 4>::new(&far),
            Err(ShapeError::NonFinite)
        );
    }

    #[test]
    fn convex_points_support_is_the_first_farthest_point() {
        let hull = cloud();
        for d in DIRECTIONS3.into_iter().chain(random_directions3(9, 500)) {
            let support = hull.support(d);
            assert!(reaches_farthest(support.point, hull.points(), d, 0.0));
            let best = hull
                .points()
                .map(|p| p.dot(d))
                .fold(f64::NEG_INFINITY, f64::max);
            let first = hull.points().position(|p| p.dot(d) == best);
            assert_eq!(support.feature.index(), first.map(|i| i as u32), "{d:?}");
            assert_eq!(hull.feature_point(support.feature), Some(support.point));
        }
    }

    #[test]
    fn convex_points_ties_and_nan_give_the_first_point() {
        let square = [
            Vec3::new(1.0, -1.0, 0.0),
            Vec3::new(1.0, 1.0, 0.0),
            Vec3::new(-1.0, 1.0, 0.0),
            Vec3::new(1.0, -1.0, 0.0),
        ];
        let hull = ConvexPoints::<f64, 4>::new(&square).unwrap();
        assert_eq!(hull.support(Vec3::X).feature, FeatureId::vertex(0));
        assert_eq!(hull.support(-Vec3::Y).feature, FeatureId::vertex(0));
        assert_eq!(hull.support(Vec3::Y).feature, FeatureId::vertex(1));
        for d in DEGENERATE_DIRECTIONS3 {
            assert_eq!(hull.support(d).feature, FeatureId::vertex(0));
            assert_eq!(hull.support(d).point, square[0]);
        }
        assert_eq!(hull.feature_point(FeatureId::vertex(4)), None);
        assert_eq!(hull.feature_point(FeatureId::SMOOTH), None);
    }

    #[test]
    fn convex_points_of_one_point_is_that_point() {
        let p = Vec3::new(1.0_f32, 2.0, 3.0);
        let single = ConvexPoints::<f32, 1>::new(&[p]).unwrap();
        assert_eq!(single.support(Vec3::new(-1.0, 0.0, 0.0)).point, p);
        assert_eq!(single.local_aabb(), Aabb3::new(p, p));
    }

    #[test]
    fn convex_points_aabb_spans_the_points() {
        let hull = cloud();
        assert_eq!(
            hull.local_aabb(),
            aabb_by_support3(&hull, Transform3::IDENTITY)
        );
        for transform in placements3() {
            assert!(aabb3_close(
                hull.aabb(transform),
                aabb_by_support3(&hull, transform),
                1e-12
            ));
        }
    }
}
