//! Helpers shared by the polytopes: support as the arg-max over a vertex list, vertex
//! feature ids, and growing a box by a radius.

use crate::points::support_of_points;
use gjk_core::{Aabb, FeatureId, Scalar, SupportEdge, SupportPoint, Vec2};

/// The feature id of vertex `index` ([`FeatureId::SMOOTH`] if it does not fit a `u32`).
#[inline]
pub(crate) fn vertex_feature(index: usize) -> FeatureId {
    u32::try_from(index).map_or(FeatureId::SMOOTH, FeatureId::vertex)
}

/// The vertex index a feature id names, `None` for [`FeatureId::SMOOTH`].
#[inline]
pub(crate) fn vertex_index(feature: FeatureId) -> Option<usize> {
    feature
        .index()
        .and_then(|index| usize::try_from(index).ok())
}

/// The edge of a convex counter-clockwise loop of vertices that faces `direction`
/// best: of the two edges at the support vertex, the one whose outward normal makes
/// the smaller angle with `direction`.
///
/// At the support vertex both outward normals lie within a right angle of `d`, so the
/// normal nearer `d` belongs to the edge more nearly perpendicular to it: the smaller
/// `|e . d| / |e|`. Compared squared and cross-multiplied, as `(e_in . d)^2 |e_out|^2`
/// against `(e_out . d)^2 |e_in|^2`: no square root (this function is linked into
/// every firmware that builds manifolds on polygons). On a tie (a direction
/// along the vertex's bisector) the edge leaving the vertex wins.
#[inline]
pub(crate) fn support_edge_of_loop<S: Scalar>(
    vertices: &[Vec2<S>],
    direction: Vec2<S>,
) -> Option<SupportEdge<S>> {
    let count = vertices.len();
    if count < 3 {
        return None;
    }
    let index = vertex_index(support_of_points(vertices, direction).feature)?;
    let previous = if index == 0 { count - 1 } else { index - 1 };
    let next = if index + 1 == count { 0 } else { index + 1 };
    let corner = vertices.get(index).copied()?;
    let (before, after) = (
        vertices.get(previous).copied()?,
        vertices.get(next).copied()?,
    );
    // The edges divided by their largest coordinates: the comparison below is of
    // squared cosines, the same for edges of any length, but its products of four
    // coordinates underflowed for polygons 1e-20 wide in `f32` (and overflowed for
    // huge ones), which picked the wrong side and lost a manifold point.
    let (edge_in, edge_out) = (corner - before, after - corner);
    let (edge_in, edge_out) = (edge_in / edge_in.max_abs(), edge_out / edge_out.max_abs());
    let (along_in, along_out) = (edge_in.dot(direction), edge_out.dot(direction));
    let take_in = along_in * along_in * edge_out.length_squared()
        < along_out * along_out * edge_in.length_squared();
    let vertex = |at: usize, point: Vec2<S>| SupportPoint::new(point, vertex_feature(at));
    Some(if take_in {
        SupportEdge {
            start: vertex(previous, before),
            end: vertex(index, corner),
        }
    } else {
        SupportEdge {
            start: vertex(index, corner),
            end: vertex(next, after),
        }
    })
}

/// A segment core (vertices 0 and 1) as the edge facing `direction`: the side whose
/// outward normal has a non-negative dot product with it.
#[inline]
pub(crate) fn support_edge_of_segment<S: Scalar>(
    a: Vec2<S>,
    b: Vec2<S>,
    direction: Vec2<S>,
) -> SupportEdge<S> {
    let (first, second) = (
        SupportPoint::new(a, vertex_feature(0)),
        SupportPoint::new(b, vertex_feature(1)),
    );
    if (-(b - a).perp()).dot(direction) >= S::ZERO {
        SupportEdge {
            start: first,
            end: second,
        }
    } else {
        SupportEdge {
            start: second,
            end: first,
        }
    }
}

/// The box grown by `radius` on every side.
#[inline]
pub(crate) fn inflate<S: Scalar>(bounds: Aabb<S>, radius: S) -> Aabb<S> {
    let grow = Vec2::new(radius, radius);
    Aabb::new(bounds.min - grow, bounds.max + grow)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::points::bounds_of_points;

    const SQUARE: [Vec2<f64>; 4] = [
        Vec2::new(-1.0, -1.0),
        Vec2::new(1.0, -1.0),
        Vec2::new(1.0, 1.0),
        Vec2::new(-1.0, 1.0),
    ];

    #[test]
    fn support_of_points_first_max_wins_ties() {
        let along_x = support_of_points(&SQUARE, Vec2::X);
        assert_eq!(along_x.point, Vec2::new(1.0, -1.0));
        assert_eq!(along_x.feature, FeatureId::vertex(1));
    }

    #[test]
    fn support_of_points_nan_and_zero_give_vertex_zero() {
        for direction in [
            Vec2::ZERO,
            Vec2::new(f64::NAN, 1.0),
            Vec2::new(f64::NAN, f64::NAN),
        ] {
            let support = support_of_points(&SQUARE, direction);
            assert_eq!(support.point, SQUARE[0]);
            assert_eq!(support.feature, FeatureId::vertex(0));
        }
    }

    #[test]
    fn support_of_points_of_nothing_is_the_origin() {
        assert_eq!(
            support_of_points::<f64, Vec2<f64>>(&[], Vec2::X).point,
            Vec2::ZERO
        );
    }

    #[test]
    fn vertex_feature_round_trips_and_saturates() {
        assert_eq!(vertex_index(vertex_feature(5)), Some(5));
        assert_eq!(vertex_index(FeatureId::SMOOTH), None);
        assert_eq!(vertex_feature(usize::MAX), FeatureId::SMOOTH);
    }

    #[test]
    fn bounds_of_points_and_inflate() {
        let bounds = bounds_of_points(SQUARE);
        assert_eq!(
            bounds,
            Aabb::new(Vec2::new(-1.0, -1.0), Vec2::new(1.0, 1.0))
        );
        assert_eq!(
            inflate(bounds, 0.5),
            Aabb::new(Vec2::new(-1.5, -1.5), Vec2::new(1.5, 1.5))
        );
        assert_eq!(bounds_of_points::<f64, Vec2<f64>>([]), Aabb::default());
    }
}
