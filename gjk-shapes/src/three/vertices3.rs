//! Helpers shared by the 3D polytopes: support as the arg-max over a point list,
//! bounding boxes of point sets and the size check.

use gjk_core::{Aabb3, Scalar, SupportPoint, Vec3};

use crate::ShapeError;
use crate::two::vertices::vertex_feature;

/// The point with the largest dot product with `direction`, and its index as feature:
/// the 3D form of `vertices::support_of_vertices`, with the same rules.
///
/// The first of tied points wins. The running maximum starts at minus infinity and
/// the comparison is strict, so a NaN dot product never wins: a NaN direction gives
/// point 0, a valid core point. As in the plane the direction is not rescaled (one
/// division per coordinate on every call): a direction so huge that the dot products
/// overflow, or so tiny that they underflow, ties them and gives point 0, still a core
/// point.
#[inline]
pub(crate) fn support_of_points<S: Scalar>(
    points: &[Vec3<S>],
    direction: Vec3<S>,
) -> SupportPoint<S, Vec3<S>> {
    let mut best_index = 0;
    let mut best_dot = S::neg_infinity();
    for (index, point) in points.iter().enumerate() {
        let dot = point.dot(direction);
        let better = dot > best_dot;
        best_dot = if better { dot } else { best_dot };
        best_index = if better { index } else { best_index };
    }
    let best_point = points.get(best_index).copied().unwrap_or(Vec3::ZERO);
    SupportPoint::new(best_point, vertex_feature(best_index))
}

/// The smallest box containing the points (the box at the origin for none).
#[inline]
pub(crate) fn bounds_of_points<S: Scalar>(points: impl IntoIterator<Item = Vec3<S>>) -> Aabb3<S> {
    let mut points = points.into_iter();
    let Some(first) = points.next() else {
        return Aabb3::new(Vec3::ZERO, Vec3::ZERO);
    };
    points.fold(Aabb3::new(first, first), |bounds, point| {
        Aabb3::new(bounds.min.min(point), bounds.max.max(point))
    })
}

/// The box grown by `radius` on every side.
#[inline]
pub(crate) fn inflate<S: Scalar>(bounds: Aabb3<S>, radius: S) -> Aabb3<S> {
    let grow = Vec3::splat(radius);
    Aabb3::new(bounds.min - grow, bounds.max + grow)
}

/// The points' size: the longest side of their bounding box, as `convexity::size_of`
/// measures a polygon. [`ShapeError::NonFinite`] for a NaN or infinite coordinate, or
/// finite points so far apart that a side overflows (the support and simplex
/// arithmetic on them would overflow too).
pub(crate) fn size_of<S: Scalar>(points: &[Vec3<S>]) -> Result<S, ShapeError> {
    if !points.iter().all(|p| p.is_finite()) {
        return Err(ShapeError::NonFinite);
    }
    let bounds = bounds_of_points(points.iter().copied());
    let side = bounds.max - bounds.min;
    let size = side.x.max(side.y).max(side.z);
    if size.is_finite() {
        Ok(size)
    } else {
        Err(ShapeError::NonFinite)
    }
}

#[cfg(test)]
mod tests {
    use gjk_core::FeatureId;

    use super::*;

    const CORNERS: [Vec3<f64>; 4] = [
        Vec3::new(-1.0, -1.0, 0.0),
        Vec3::new(1.0, -1.0, 0.0),
        Vec3::new(1.0, 1.0, 0.0),
        Vec3::new(0.0, 0.0, 2.0),
    ];

    #[test]
    fn support_of_points_first_max_wins_ties() {
        let along_x = support_of_points(&CORNERS, Vec3::X);
        assert_eq!(along_x.point, CORNERS[1]);
        assert_eq!(along_x.feature, FeatureId::vertex(1));
        assert_eq!(
            support_of_points(&CORNERS, Vec3::Z).feature,
            FeatureId::vertex(3)
        );
    }

    #[test]
    fn support_of_points_nan_and_zero_give_point_zero() {
        for direction in [
            Vec3::ZERO,
            Vec3::new(f64::NAN, 1.0, 0.0),
            Vec3::splat(f64::NAN),
        ] {
            let support = support_of_points(&CORNERS, direction);
            assert_eq!(support.point, CORNERS[0]);
            assert_eq!(support.feature, FeatureId::vertex(0));
        }
        assert_eq!(support_of_points::<f64>(&[], Vec3::X).point, Vec3::ZERO);
    }

    #[test]
    fn size_is_the_longest_side_and_overflow_is_non_finite() {
        assert_eq!(size_of(&CORNERS), Ok(2.0));
        let far = [
            Vec3::new(-f64::MAX, 0.0, 0.0),
            Vec3::new(f64::MAX, 0.0, 0.0),
        ];
        assert_eq!(size_of(&far), Err(ShapeError::NonFinite));
        assert_eq!(
            size_of(&[Vec3::new(0.0, f64::NAN, 0.0)]),
            Err(ShapeError::NonFinite)
        );
    }

    #[test]
    fn bounds_and_inflate() {
        let bounds = bounds_of_points(CORNERS);
        assert_eq!(
            bounds,
            Aabb3::new(Vec3::new(-1.0, -1.0, 0.0), Vec3::new(1.0, 1.0, 2.0))
        );
        assert_eq!(
            inflate(bounds, 0.5),
            Aabb3::new(Vec3::new(-1.5, -1.5, -0.5), Vec3::new(1.5, 1.5, 2.5))
        );
        assert_eq!(bounds_of_points::<f64>([]), Aabb3::default());
    }
}
