//! `Polygon`: a validated convex counter-clockwise polygon of fixed capacity.

use core::fmt;

use gjk_core::{
    Aabb, Bounded, CastOutput, ContactShape, FeatureId, Ray, RayShape, Scalar, Support,
    SupportEdge, SupportPoint, Transform, Vec2,
};

use crate::points::{bounds_of_points, support_of_points};
use crate::two::convexity::validate_loop;
use crate::two::vertices::{support_edge_of_loop, vertex_index};
use crate::{Rect, ShapeError};

/// A convex polygon of 3 to `N` vertices, counter-clockwise, stored inline without
/// allocation. Feature ids are vertex indices.
///
/// Every constructor validates: the vertices are finite, no vertex coincides with the
/// next, they do not all lie on a line, they run counter-clockwise, every vertex turns
/// strictly left and the outline goes round once. The tolerance of these tests is 4
/// machine epsilons relative to the polygon's size (see [`Polygon::new`]). Use
/// [`Polygon::hull`] to build one from any point set.
///
/// ```
/// use gjk_core::{distance, Transform, Vec2};
/// use gjk_shapes::Polygon;
///
/// let triangle = Polygon::<f32, 8>::new(&[
///     Vec2::new(0.0, 0.0),
///     Vec2::new(1.0, 0.0),
///     Vec2::new(0.0, 1.0),
/// ])?;
/// assert_eq!(triangle.len(), 3);
/// let xf_b = Transform::from_translation(Vec2::new(3.0, 0.0));
/// let out = distance(&triangle, Transform::IDENTITY, &triangle, xf_b);
/// assert_eq!(out.distance, 2.0);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, PartialEq)]
pub struct Polygon<S, const N: usize> {
    /// The vertices in `[..count]`; the rest are zero, so that equal polygons compare
    /// equal.
    pub(crate) vertices: [Vec2<S>; N],
    /// The outward unit normal of the edge from vertex `i` to vertex `i + 1` (the last
    /// edge closing the loop) in `[..count]`, zero beyond. Derived from the vertices in
    /// the constructor, as Box2D's `b2Polygon` keeps them: the ray cast and the
    /// manifold read them instead of computing and normalizing each edge's normal per
    /// query (see `ray/polygon.rs` and `collide.rs` for the measured gain).
    pub(crate) normals: [Vec2<S>; N],
    /// The number of vertices in use: a `u32`, so that `extent` fits in what a
    /// `usize` took (`Polygon<f32, 8>` is 136 bytes, Box2D's `b2Polygon` 144). Read
    /// through [`len`](Self::len), which bounds it by `N` for the compiler.
    count: u32,
    /// The largest coordinate magnitude of the vertices: the polygon's size in its own
    /// frame, which tells the analytic ray cast in O(1) whether its products of
    /// lengths keep their digits (`ray/polygon.rs`).
    extent: S,
}

impl<S: Scalar, const N: usize> Polygon<S, N> {
    /// A polygon with the given vertices, checked in this order:
    ///
    /// - 3 to `N` points: [`ShapeError::TooFewPoints`], [`ShapeError::TooManyPoints`];
    /// - finite coordinates, differences that do not overflow: [`ShapeError::NonFinite`];
    /// - no vertex closer than `4 eps * size` to the next one, `size` being the longer
    ///   side of the bounding box: [`ShapeError::DuplicatePoint`] names the first one;
    /// - not all points within `4 eps * size` of one line: [`ShapeError::Collinear`];
    /// - counter-clockwise (positive signed area): [`ShapeError::Clockwise`];
    /// - every vertex turning strictly left, `cross(e_in, e_out) > 4 eps |e_in| |e_out|`,
    ///   and the outline winding round once: [`ShapeError::NotConvex`].
    ///
    /// Four epsilons is just above the rounding error of the cross product of two
    /// edges (about three epsilons of `|e_in| |e_out|`): a turn smaller than that has
    /// no reliable sign.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// use gjk_shapes::{Polygon, ShapeError};
    ///
    /// let square = [Vec2::new(0.0_f64, 0.0), Vec2::new(1.0, 0.0), Vec2::new(1.0, 1.0), Vec2::new(0.0, 1.0)];
    /// assert!(Polygon::<f64, 4>::new(&square).is_ok());
    /// assert_eq!(
    ///     Polygon::<f64, 3>::new(&square),
    ///     Err(ShapeError::TooManyPoints { count: 4, capacity: 3 })
    /// );
    /// let dented = [square[0], square[1], Vec2::new(0.5, 0.5), square[3]];
    /// assert_eq!(Polygon::<f64, 4>::new(&dented), Err(ShapeError::NotConvex { index: 2 }));
    /// ```
    pub fn new(points: &[Vec2<S>]) -> Result<Self, ShapeError> {
        let count = check_vertex_count::<N>(points.len())?;
        validate_loop(points)?;
        let mut vertices = [Vec2::ZERO; N];
        let mut extent = S::ZERO;
        for (slot, &point) in vertices.iter_mut().zip(points) {
            *slot = point;
            extent = extent.max(point.max_abs());
        }
        let mut normals = [Vec2::ZERO; N];
        let ends = points.iter().skip(1).chain(points.first());
        for (index, ((slot, &start), &end)) in normals.iter_mut().zip(points).zip(ends).enumerate()
        {
            // The right perpendicular of a counter-clockwise edge points out. The
            // edge is finite and longer than zero (validated above), and `normalize`
            // scales before it squares, so every edge has its unit normal at any
            // scale; the error arm is unreachable.
            *slot = (-(end - start).perp())
                .normalize()
                .ok_or(ShapeError::DuplicatePoint { index })?;
        }
        Ok(Self {
            vertices,
            normals,
            count,
            extent,
        })
    }

    /// The regular polygon with `sides` vertices on the circle of `radius` around the
    /// origin, vertex `k` at angle `2 pi k / sides`, so vertex 0 is `(radius, 0)`.
    ///
    /// Errors: [`ShapeError::TooFewPoints`] for fewer than 3 sides,
    /// [`ShapeError::TooManyPoints`] for more than `N`, [`ShapeError::NonFinite`] for a
    /// NaN or infinite radius, [`ShapeError::NonPositiveExtent`] for a radius `<= 0`; and
    /// the errors of [`Polygon::new`] if rounding makes the vertices invalid (a radius
    /// so small that the vertices collapse into subnormals, say).
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// use gjk_shapes::Polygon;
    /// let hexagon = Polygon::<f32, 8>::regular(6, 2.0)?;
    /// assert_eq!(hexagon.len(), 6);
    /// assert_eq!(hexagon.vertices()[0], Vec2::new(2.0, 0.0));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn regular(sides: usize, radius: S) -> Result<Self, ShapeError> {
        check_vertex_count::<N>(sides)?;
        if !radius.is_finite() {
            return Err(ShapeError::NonFinite);
        }
        if radius <= S::ZERO {
            return Err(ShapeError::NonPositiveExtent);
        }
        let mut points = [Vec2::ZERO; N];
        for (k, slot) in points.iter_mut().take(sides).enumerate() {
            // The angle is rounded once, from f64, whatever S is.
            let turn_fraction = k as f64 / sides as f64;
            let angle = S::from_f64(core::f64::consts::TAU * turn_fraction);
            let (sin, cos) = angle.sin_and_cos();
            *slot = Vec2::new(cos, sin) * radius;
        }
        Self::new(points.get(..sides).unwrap_or(&[]))
    }

    /// The box as a polygon with the same vertices in the same (feature-id) order.
    ///
    /// Errors: [`ShapeError::TooManyPoints`] when `N < 4`; the checks of
    /// [`Polygon::new`] otherwise, which fail only for a box so thin that its short
    /// side is below `4 eps` of its long one ([`ShapeError::DuplicatePoint`]).
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// use gjk_shapes::{Polygon, Rect};
    /// let rect = Rect::new(Vec2::new(2.0_f32, 1.0))?;
    /// let polygon = Polygon::<f32, 8>::from_rect(rect)?;
    /// assert_eq!(polygon.vertices(), rect.vertices());
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn from_rect(rect: Rect<S>) -> Result<Self, ShapeError> {
        Self::new(&rect.vertices())
    }

    /// The vertices, counter-clockwise; vertex `i` has feature id `i`.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// let p = gjk_shapes::Polygon::<f64, 4>::regular(4, 1.0)?;
    /// assert_eq!(p.vertices().len(), 4);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn vertices(&self) -> &[Vec2<S>] {
        self.vertices.get(..self.len()).unwrap_or(&[])
    }

    /// The outward unit edge normals: `normals()[i]` belongs to the edge from vertex
    /// `i` to vertex `i + 1` (the last one closes the loop to vertex 0).
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// use gjk_shapes::{Polygon, Rect};
    /// let square = Polygon::<f32, 4>::from_rect(Rect::new(Vec2::new(1.0, 1.0))?)?;
    /// assert_eq!(square.normals()[0], Vec2::new(0.0, -1.0));
    /// assert_eq!(square.normals()[3], Vec2::new(-1.0, 0.0));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn normals(&self) -> &[Vec2<S>] {
        self.normals.get(..self.len()).unwrap_or(&[])
    }

    /// The number of vertices, 3 to `N`.
    ///
    /// ```
    /// let p = gjk_shapes::Polygon::<f32, 8>::regular(5, 1.0)?;
    /// assert_eq!(p.len(), 5);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    #[expect(
        clippy::len_without_is_empty,
        reason = "a polygon always has at least three vertices"
    )]
    pub fn len(&self) -> usize {
        // `min(N)` changes nothing (the constructor checked the count) but tells the
        // compiler the count is at most `N`: without it, the vertex loops kept bounds
        // checks they drop for a `usize` count (`collide_polygons` 45 % slower). With
        // it they beat the `usize` count: distance between octagons in 75 ns against
        // 95 (criterion, same run).
        (self.count as usize).min(N)
    }

    /// The largest coordinate magnitude of the vertices.
    #[inline]
    pub(crate) fn extent(&self) -> S {
        self.extent
    }
}

/// The count as stored: [`ShapeError::TooFewPoints`] below 3,
/// [`ShapeError::TooManyPoints`] above `N` (or above `u32::MAX`).
fn check_vertex_count<const N: usize>(count: usize) -> Result<u32, ShapeError> {
    if count < 3 {
        return Err(ShapeError::TooFewPoints { count });
    }
    match u32::try_from(count) {
        Ok(stored) if count <= N => Ok(stored),
        _ => Err(ShapeError::TooManyPoints { count, capacity: N }),
    }
}

impl<S: Scalar, const N: usize> fmt::Debug for Polygon<S, N> {
    /// Only the vertices in use, not the zero padding.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Polygon")
            .field("vertices", &self.vertices())
            .finish()
    }
}

impl<S: Scalar, const N: usize> Support<S> for Polygon<S, N> {
    /// The vertex with the largest dot product with `direction` (the first one on
    /// ties; vertex 0 for zero and NaN directions). A direction so long that the dot
    /// products overflow also gets a vertex, just not necessarily the farthest.
    #[inline]
    fn support(&self, direction: Vec2<S>) -> SupportPoint<S> {
        support_of_points(self.vertices(), direction)
    }

    #[inline]
    fn feature_point(&self, feature: FeatureId) -> Option<Vec2<S>> {
        self.vertices().get(vertex_index(feature)?).copied()
    }
}

impl<S: Scalar, const N: usize> Bounded<S> for Polygon<S, N> {
    #[inline]
    fn local_aabb(&self) -> Aabb<S> {
        bounds_of_points(self.vertices().iter().copied())
    }

    #[inline]
    fn aabb(&self, transform: Transform<S>) -> Aabb<S> {
        let placed = self
            .vertices()
            .iter()
            .map(|&v| transform.transform_point(v));
        bounds_of_points(placed)
    }
}

/// [`Polygon::ray_cast`], the closed form.
impl<S: Scalar, const N: usize> RayShape<S> for Polygon<S, N> {
    #[inline]
    fn analytic_ray_cast(&self, transform: Transform<S>, ray: Ray<S>) -> Option<CastOutput<S>> {
        Some(self.ray_cast(transform, ray))
    }
}

/// The polygon's edge facing `direction` (see [`ContactShape::support_edge`]).
impl<S: Scalar, const N: usize> ContactShape<S> for Polygon<S, N> {
    #[inline]
    fn support_edge(&self, direction: Vec2<S>) -> Option<SupportEdge<S>> {
        support_edge_of_loop(self.vertices(), direction)
    }
}

#[cfg(test)]
mod tests {
    use alloc::format;

    use gjk_core::{DistanceStatus, distance};

    use super::*;
    use crate::Capsule;
    use crate::testing::{
        DEGENERATE_DIRECTIONS, DIRECTIONS, aabb_by_support, aabb_close, placements,
    };

    fn v(x: f64, y: f64) -> Vec2<f64> {
        Vec2::new(x, y)
    }

    const PENTAGON: [Vec2<f64>; 5] = [
        Vec2::new(0.0, -1.0),
        Vec2::new(2.0, -0.5),
        Vec2::new(2.5, 1.0),
        Vec2::new(0.5, 2.0),
        Vec2::new(-1.0, 0.5),
    ];

    fn pentagon() -> Polygon<f64, 8> {
        Polygon::new(&PENTAGON).unwrap()
    }

    #[test]
    fn polygon_accepts_a_convex_ccw_loop() {
        let p = pentagon();
        assert_eq!(p.vertices(), PENTAGON);
        assert_eq!(p.len(), 5);
    }

    /// Each stored normal is unit, perpendicular to its edge and has every other
    /// vertex behind it, at every scale the constructor accepts (the normal is
    /// normalized after scaling, so a polygon of size 1e-30 in `f32` has its normals).
    #[test]
    fn polygon_normals_are_the_unit_outward_normals_of_its_edges_at_every_scale() {
        for exponent in [-37, -30, -10, 0, 10, 30, 37] {
            let scale = 10.0_f32.powi(exponent);
            let points = PENTAGON.map(|p| Vec2::new(p.x as f32 * scale, p.y as f32 * scale));
            let polygon = Polygon::<f32, 8>::new(&points).unwrap();
            assert_eq!(polygon.normals().len(), polygon.len());
            for (index, &normal) in polygon.normals().iter().enumerate() {
                let start = points[index];
                let end = points[(index + 1) % points.len()];
                let edge_direction = (end - start).normalize().unwrap();
                assert!(
                    (normal.length() - 1.0).abs() <= 2.0 * f32::EPSILON,
                    "{exponent}"
                );
                assert!(
                    normal.dot(edge_direction).abs() <= 2.0 * f32::EPSILON,
                    "{exponent}"
                );
                for (other, &vertex) in points.iter().enumerate() {
                    if other != index && other != (index + 1) % points.len() {
                        let behind = normal.dot((vertex - start) / scale);
                        assert!(behind < -0.1, "{exponent}: vertex {other} edge {index}");
                    }
                }
            }
        }
    }

    #[test]
    fn polygon_normals_of_a_box_are_the_axes() {
        let square = Polygon::<f64, 4>::from_rect(Rect::new(Vec2::new(2.0, 0.5)).unwrap()).unwrap();
        assert_eq!(
            square.normals(),
            [v(0.0, -1.0), v(1.0, 0.0), v(0.0, 1.0), v(-1.0, 0.0)]
        );
    }

    #[test]
    fn polygon_rejects_too_few_points() {
        assert_eq!(
            Polygon::<f64, 8>::new(&[]),
            Err(ShapeError::TooFewPoints { count: 0 })
        );
        assert_eq!(
            Polygon::<f64, 8>::new(&PENTAGON[..2]),
            Err(ShapeError::TooFewPoints { count: 2 })
        );
    }

    #[test]
    fn polygon_rejects_more_points_than_its_capacity() {
        assert_eq!(
            Polygon::<f64, 4>::new(&PENTAGON),
            Err(ShapeError::TooManyPoints {
                count: 5,
                capacity: 4
            })
        );
    }

    #[test]
    fn polygon_rejects_non_finite_coordinates() {
        for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            let mut points = PENTAGON;
            points[3].y = bad;
            assert_eq!(Polygon::<f64, 8>::new(&points), Err(ShapeError::NonFinite));
        }
    }

    #[test]
    fn polygon_rejects_coordinates_whose_differences_overflow() {
        let huge = [v(-1e308, -1e308), v(1e308, -1e308), v(0.0, 1e308)];
        assert_eq!(Polygon::<f64, 8>::new(&huge), Err(ShapeError::NonFinite));
    }

    #[test]
    fn polygon_rejects_a_vertex_equal_to_the_next() {
        let points = [PENTAGON[0], PENTAGON[1], PENTAGON[1], PENTAGON[2]];
        assert_eq!(
            Polygon::<f64, 8>::new(&points),
            Err(ShapeError::DuplicatePoint { index: 1 })
        );
        let closing = [PENTAGON[0], PENTAGON[1], PENTAGON[2], PENTAGON[0]];
        assert_eq!(
            Polygon::<f64, 8>::new(&closing),
            Err(ShapeError::DuplicatePoint { index: 3 })
        );
        let same = [v(1.0, 1.0); 3];
        assert_eq!(
            Polygon::<f64, 8>::new(&same),
            Err(ShapeError::DuplicatePoint { index: 0 })
        );
    }

    #[test]
    fn polygon_duplicate_tolerance_is_relative_to_its_size() {
        // 1e-13 apart: a duplicate in a polygon of size 1e4, a real edge in one of 1.
        let nearly = |size: f64| [v(0.0, 0.0), v(size, 0.0), v(size, 1e-13), v(0.0, size)];
        assert_eq!(
            Polygon::<f64, 8>::new(&nearly(1e4)),
            Err(ShapeError::DuplicatePoint { index: 1 })
        );
        assert!(!matches!(
            Polygon::<f64, 8>::new(&nearly(1.0)),
            Err(ShapeError::DuplicatePoint { .. })
        ));
    }

    #[test]
    fn polygon_rejects_collinear_points() {
        let line = [v(0.0, 0.0), v(1.0, 1.0), v(3.0, 3.0), v(2.0, 2.0)];
        assert_eq!(Polygon::<f64, 8>::new(&line), Err(ShapeError::Collinear));
    }

    #[test]
    fn polygon_rejects_clockwise_order() {
        let mut clockwise = PENTAGON;
        clockwise.reverse();
        assert_eq!(
            Polygon::<f64, 8>::new(&clockwise),
            Err(ShapeError::Clockwise)
        );
    }

    #[test]
    fn polygon_rejects_a_reflex_vertex() {
        let dented = [
            v(0.0, 0.0),
            v(2.0, 0.0),
            v(1.0, 0.5),
            v(2.0, 2.0),
            v(0.0, 2.0),
        ];
        assert_eq!(
            Polygon::<f64, 8>::new(&dented),
            Err(ShapeError::NotConvex { index: 2 })
        );
    }

    #[test]
    fn polygon_rejects_a_vertex_collinear_with_its_neighbours() {
        let flat = [v(0.0, 0.0), v(1.0, 0.0), v(2.0, 0.0), v(1.0, 1.0)];
        assert_eq!(
            Polygon::<f64, 8>::new(&flat),
            Err(ShapeError::NotConvex { index: 1 })
        );
    }

    #[test]
    fn polygon_rejects_a_star_that_winds_twice() {
        let regular = Polygon::<f64, 8>::regular(5, 1.0).unwrap();
        let star: [Vec2<f64>; 5] = core::array::from_fn(|k| regular.vertices()[(2 * k) % 5]);
        assert!(matches!(
            Polygon::<f64, 8>::new(&star),
            Err(ShapeError::NotConvex { .. })
        ));
        let seven = Polygon::<f64, 8>::regular(7, 1.0).unwrap();
        let heptagram: [Vec2<f64>; 7] = core::array::from_fn(|k| seven.vertices()[(3 * k) % 7]);
        assert!(matches!(
            Polygon::<f64, 8>::new(&heptagram),
            Err(ShapeError::NotConvex { .. })
        ));
    }

    #[test]
    fn polygon_tolerance_holds_at_large_and_small_scales() {
        for scale in [1e-30, 1e-3, 1.0, 1e4, 1e30] {
            let points = PENTAGON.map(|p| p * scale);
            assert!(Polygon::<f64, 8>::new(&points).is_ok(), "{scale}");
            let far = PENTAGON.map(|p| p * scale + v(1e4, -1e4) * scale);
            assert!(Polygon::<f64, 8>::new(&far).is_ok(), "{scale}");
        }
        let single: [Vec2<f32>; 5] = PENTAGON.map(|p| p.cast::<f32>() * 1e-20);
        assert!(Polygon::<f32, 8>::new(&single).is_ok());
    }

    #[test]
    fn regular_polygon_vertices_lie_on_the_circle() {
        let p = Polygon::<f64, 8>::regular(8, 2.0).unwrap();
        assert_eq!(p.vertices()[0], v(2.0, 0.0));
        for (k, vertex) in p.vertices().iter().enumerate() {
            let angle = core::f64::consts::TAU * k as f64 / 8.0;
            assert!((*vertex - v(2.0 * angle.cos(), 2.0 * angle.sin())).max_abs() < 1e-15);
        }
        let p32 = Polygon::<f32, 16>::regular(16, 1.0).unwrap();
        assert!(
            p32.vertices()
                .iter()
                .all(|v| (v.length() - 1.0).abs() < 1e-6)
        );
    }

    #[test]
    fn regular_polygon_rejects_bad_sides_and_radius() {
        assert_eq!(
            Polygon::<f64, 8>::regular(2, 1.0),
            Err(ShapeError::TooFewPoints { count: 2 })
        );
        assert_eq!(
            Polygon::<f64, 8>::regular(9, 1.0),
            Err(ShapeError::TooManyPoints {
                count: 9,
                capacity: 8
            })
        );
        assert_eq!(
            Polygon::<f64, 8>::regular(5, f64::NAN),
            Err(ShapeError::NonFinite)
        );
        assert_eq!(
            Polygon::<f64, 8>::regular(5, 0.0),
            Err(ShapeError::NonPositiveExtent)
        );
        assert_eq!(
            Polygon::<f64, 8>::regular(5, -1.0),
            Err(ShapeError::NonPositiveExtent)
        );
    }

    #[test]
    fn from_rect_keeps_the_rect_vertex_order() {
        let rect = Rect::new(v(2.0, 1.0)).unwrap();
        let p = Polygon::<f64, 4>::from_rect(rect).unwrap();
        assert_eq!(p.vertices(), rect.vertices());
        // Same reach in every direction; on ties (d.y = 0 here) the box picks by sign
        // and the polygon the first vertex, both correct.
        for d in DIRECTIONS {
            assert_eq!(
                p.support(d).point.dot(d),
                rect.support(d).point.dot(d),
                "{d:?}"
            );
        }
        assert_eq!(p.support(v(1.0, -1.0)), rect.support(v(1.0, -1.0)));
        assert_eq!(
            Polygon::<f64, 3>::from_rect(rect),
            Err(ShapeError::TooManyPoints {
                count: 4,
                capacity: 3
            })
        );
    }

    #[test]
    fn polygon_support_is_the_arg_max_vertex() {
        let p = pentagon();
        for d in DIRECTIONS {
            let support = p.support(d);
            let best = PENTAGON
                .iter()
                .map(|v| v.dot(d))
                .fold(f64::NEG_INFINITY, f64::max);
            assert_eq!(support.point.dot(d), best, "{d:?}");
            assert_eq!(p.feature_point(support.feature), Some(support.point));
        }
        assert_eq!(p.support(v(1.0, 0.0)).feature, FeatureId::vertex(2));
        assert_eq!(p.support(v(0.0, -1.0)).feature, FeatureId::vertex(0));
    }

    #[test]
    fn polygon_support_first_vertex_wins_ties_and_degenerate_directions() {
        let square =
            Polygon::<f64, 4>::new(&[v(0.0, 0.0), v(1.0, 0.0), v(1.0, 1.0), v(0.0, 1.0)]).unwrap();
        // Along +x vertices 1 (1, 0) and 2 (1, 1) tie.
        assert_eq!(square.support(v(1.0, 0.0)).feature, FeatureId::vertex(1));
        for d in DEGENERATE_DIRECTIONS {
            assert_eq!(square.support(d).feature, FeatureId::vertex(0));
        }
    }

    #[test]
    fn polygon_feature_point_rejects_unused_slots() {
        let p = pentagon();
        assert_eq!(p.feature_point(FeatureId::vertex(4)), Some(PENTAGON[4]));
        assert_eq!(p.feature_point(FeatureId::vertex(5)), None);
        assert_eq!(p.feature_point(FeatureId::SMOOTH), None);
    }

    #[test]
    fn polygon_aabb_spans_the_vertices() {
        let p = pentagon();
        assert_eq!(p.local_aabb(), Aabb::new(v(-1.0, -1.0), v(2.5, 2.0)));
        for transform in placements() {
            assert!(aabb_close(
                p.aabb(transform),
                aabb_by_support(&p, transform),
                1e-12
            ));
        }
    }

    #[test]
    fn polygon_debug_shows_only_the_vertices_in_use() {
        let text = format!("{:?}", Polygon::<f64, 8>::regular(3, 1.0).unwrap());
        assert_eq!(text.matches("Vec2").count(), 3);
    }

    #[test]
    fn polygon_distance_to_capsule_smoke_test() {
        let square = Polygon::<f64, 8>::from_rect(Rect::new(v(1.0, 1.0)).unwrap()).unwrap();
        let capsule = Capsule::new(v(0.0, -3.0), v(0.0, 3.0), 0.5).unwrap();
        let xf_b = Transform::from_translation(v(4.0, 0.0));
        let out = distance(&square, Transform::IDENTITY, &capsule, xf_b);
        assert_eq!(out.status, DistanceStatus::Separated);
        assert!((out.distance - 2.5).abs() < 1e-12);
    }
}
