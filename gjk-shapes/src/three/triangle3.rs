//! `Triangle3`: a triangle in 3D.

use gjk_core::{
    Aabb3, Bounded, FeatureId, RayShape, Scalar, Support, SupportPoint, Transform3, Vec3,
};

use crate::ShapeError;
use crate::points::{bounds_of_points, support_of_points};
use crate::three::vertices3::size_of;
use crate::two::convexity::tolerance;
use crate::two::vertices::vertex_index;
use gjk_core::{ContactShape, SupportFace};

/// A flat triangle with vertices `a`, `b`, `c` (features 0, 1, 2), of either winding:
/// GJK needs no face orientation.
///
/// The constructor rejects triangles that are degenerate relative to their size, with
/// the tolerance of [`Polygon`](crate::Polygon): 4 machine epsilons of the longest
/// side of the bounding box (see [`Triangle3::new`]). Use a [`Segment3`](crate::Segment3)
/// or [`Point3`](crate::Point3) for the degenerate cases.
///
/// ```
/// use gjk_core::{FeatureId, Support, Vec3};
/// use gjk_shapes::Triangle3;
///
/// let t = Triangle3::new(Vec3::ZERO, Vec3::new(1.0_f32, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0))?;
/// assert_eq!(t.support(Vec3::new(0.0, 1.0, 0.5)).feature, FeatureId::vertex(2));
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Triangle3<S> {
    vertices: [Vec3<S>; 3],
}

impl<S: Scalar> Triangle3<S> {
    /// The triangle `a`, `b`, `c`, checked in this order:
    ///
    /// - finite coordinates whose differences do not overflow: [`ShapeError::NonFinite`];
    /// - no vertex closer than `4 eps * size` to the next one (`c`'s next is `a`),
    ///   `size` being the longest side of the bounding box:
    ///   [`ShapeError::DuplicatePoint`] names the first one;
    /// - not all three within `4 eps * size` of one line: [`ShapeError::Collinear`].
    ///
    /// The line of the last test runs through `a` and the vertex farthest from it, as
    /// for a polygon.
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// use gjk_shapes::{ShapeError, Triangle3};
    /// let (o, x) = (Vec3::ZERO, Vec3::new(1.0_f64, 0.0, 0.0));
    /// assert!(Triangle3::new(o, x, Vec3::new(0.0, 0.0, 1.0)).is_ok());
    /// assert_eq!(Triangle3::new(o, x, x), Err(ShapeError::DuplicatePoint { index: 1 }));
    /// assert_eq!(Triangle3::new(o, x, x * 2.0), Err(ShapeError::Collinear));
    /// ```
    pub fn new(a: Vec3<S>, b: Vec3<S>, c: Vec3<S>) -> Result<Self, ShapeError> {
        let vertices = [a, b, c];
        let size = size_of(&vertices)?;
        if size == S::ZERO {
            return Err(ShapeError::DuplicatePoint { index: 0 });
        }
        let limit = tolerance::<S>();
        let edges = [b - a, c - b, a - c].map(|edge| edge / size);
        if let Some(index) = edges
            .iter()
            .position(|edge| edge.length_squared() <= limit * limit)
        {
            return Err(ShapeError::DuplicatePoint { index });
        }
        // Distances from the line through `a` and the farthest vertex, in units of
        // `size`: `|axis x offset| / |axis|`, compared without the division.
        let (to_b, to_c) = ((b - a) / size, (c - a) / size);
        let (axis, other) = if to_c.length_squared() > to_b.length_squared() {
            (to_c, to_b)
        } else {
            (to_b, to_c)
        };
        if axis.cross(other).length() <= limit * axis.length() {
            return Err(ShapeError::Collinear);
        }
        Ok(Self { vertices })
    }

    /// The vertices `[a, b, c]`; vertex `i` has feature id `i`.
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// let t = gjk_shapes::Triangle3::new(Vec3::ZERO, Vec3::new(1.0_f32, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0))?;
    /// assert_eq!(t.vertices()[1], Vec3::new(1.0, 0.0, 0.0));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn vertices(&self) -> [Vec3<S>; 3] {
        self.vertices
    }
}

impl<S: Scalar> Support<S, Vec3<S>> for Triangle3<S> {
    /// The vertex farthest along `direction`; the first on ties, vertex 0 for NaN.
    #[inline]
    fn support(&self, direction: Vec3<S>) -> SupportPoint<S, Vec3<S>> {
        support_of_points(&self.vertices, direction)
    }

    #[inline]
    fn feature_point(&self, feature: FeatureId) -> Option<Vec3<S>> {
        self.vertices.get(vertex_index(feature)?).copied()
    }
}

impl<S: Scalar> Bounded<S, Vec3<S>> for Triangle3<S> {
    #[inline]
    fn local_aabb(&self) -> Aabb3<S> {
        bounds_of_points(self.vertices)
    }

    #[inline]
    fn aabb(&self, transform: Transform3<S>) -> Aabb3<S> {
        bounds_of_points(self.vertices.map(|v| transform.transform_point(v)))
    }
}

/// No closed-form ray cast yet: `ray_cast` takes the GJK ray cast.
impl<S: Scalar> RayShape<S, Vec3<S>> for Triangle3<S> {}

/// Two faces, the front (id 0: `a, b, c`, normal along `(b - a) x (c - a)`) and the
/// back (id 1: `a, c, b`), for directions within 60 degrees of either normal; an edge
/// (the two vertices farthest along the direction) for directions nearer the
/// triangle's plane, where the triangle meets others edge-on.
impl<S: Scalar> ContactShape<S, Vec3<S>> for Triangle3<S> {
    #[inline]
    fn support_face(&self, direction: Vec3<S>) -> Option<SupportFace<S>> {
        let [a, b, c] = self.vertices;
        let normal = (b - a).cross(c - a).normalize()?;
        let facing = direction.dot(normal);
        // cos 60 degrees, compared without dividing by the direction's length.
        if facing.abs() >= S::HALF * direction.length() {
            let front = facing >= S::ZERO;
            return Some(SupportFace::Polygon {
                id: u32::from(!front),
                vertex_count: 3,
                normal: if front { normal } else { -normal },
            });
        }
        // The edge opposite the vertex least far along the direction.
        let heights = self.vertices.map(|vertex| vertex.dot(direction));
        let lowest = if heights[0] <= heights[1] && heights[0] <= heights[2] {
            0
        } else if heights[1] <= heights[2] {
            1
        } else {
            2
        };
        let (first, second) = match lowest {
            0 => (1, 2),
            1 => (0, 2),
            _ => (0, 1),
        };
        let vertex =
            |index: usize| SupportPoint::new(self.vertices[index], FeatureId::vertex(index as u32));
        Some(SupportFace::Segment(vertex(first), vertex(second)))
    }

    #[inline]
    fn face_vertex(&self, face: u32, corner: u32) -> Option<SupportPoint<S, Vec3<S>>> {
        let index = match (face, corner) {
            (0, 0..=2) => corner,
            (1, 0) => 0,
            (1, 1) => 2,
            (1, 2) => 1,
            _ => return None,
        };
        let point = self.vertices[index as usize];
        Some(SupportPoint::new(point, FeatureId::vertex(index)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{
        DEGENERATE_DIRECTIONS3, DIRECTIONS3, aabb_by_support3, aabb3_close, placements3,
        random_directions3, reaches_farthest,
    };

    fn triangle() -> Triangle3<f64> {
        Triangle3::new(
            Vec3::new(1.0, 0.0, 0.0),
            Vec3::new(0.0, 2.0, 0.5),
            Vec3::new(-1.0, -1.0, 3.0),
        )
        .unwrap()
    }

    #[test]
    fn triangle3_rejects_non_finite_and_overflowing_input() {
        let o = Vec3::ZERO;
        assert_eq!(
            Triangle3::new(o, Vec3::X, Vec3::new(0.0, f64::NAN, 0.0)),
            Err(ShapeError::NonFinite)
        );
        assert_eq!(
            Triangle3::new(
                Vec3::new(-f64::MAX, 0.0, 0.0),
                Vec3::new(f64::MAX, 0.0, 0.0),
                Vec3::Y
            ),
            Err(ShapeError::NonFinite)
        );
    }

    #[test]
    fn triangle3_rejects_coinciding_vertices_relative_to_its_size() {
        let (o, x, y) = (Vec3::ZERO, Vec3::X * 1e6, Vec3::Y * 1e6);
        assert_eq!(
            Triangle3::new(o, o, y),
            Err(ShapeError::DuplicatePoint { index: 0 })
        );
        assert_eq!(
            Triangle3::new(o, x, o),
            Err(ShapeError::DuplicatePoint { index: 2 })
        );
        let nudge = Vec3::new(0.0, 0.0, 1e-10);
        assert_eq!(
            Triangle3::new(o, x, x + nudge),
            Err(ShapeError::DuplicatePoint { index: 1 })
        );
        assert_eq!(
            Triangle3::new(o, o, o),
            Err(ShapeError::DuplicatePoint { index: 0 })
        );
        // The same shape scaled down is just as valid.
        assert!(Triangle3::new(o, x * 1e-300, y * 1e-300).is_ok());
    }

    #[test]
    fn triangle3_rejects_collinear_points_within_four_epsilons() {
        let (a, b) = (Vec3::new(1.0, 2.0, 3.0), Vec3::new(3.0, 4.0, 5.0));
        let mid = (a + b) * 0.5;
        assert_eq!(Triangle3::new(a, mid, b), Err(ShapeError::Collinear));
        let off_line = Vec3::new(1.0, -1.0, 0.0) * f64::EPSILON;
        assert_eq!(
            Triangle3::new(a, mid + off_line, b),
            Err(ShapeError::Collinear)
        );
        assert!(Triangle3::new(a, mid + off_line * 1e3, b).is_ok());
        let f32_line = Triangle3::new(Vec3::ZERO, Vec3::new(1.0_f32, 1.0, 1.0), Vec3::splat(2.0));
        assert_eq!(f32_line, Err(ShapeError::Collinear));
    }

    #[test]
    fn triangle3_support_is_the_farthest_vertex() {
        let t = triangle();
        for d in DIRECTIONS3.into_iter().chain(random_directions3(5, 300)) {
            let support = t.support(d);
            assert!(
                reaches_farthest(support.point, t.vertices(), d, 0.0),
                "{d:?}"
            );
            assert_eq!(t.feature_point(support.feature), Some(support.point));
        }
        for d in DEGENERATE_DIRECTIONS3 {
            assert_eq!(t.support(d).feature, FeatureId::vertex(0));
        }
        // The triangle's normal direction ties all three: the first wins.
        let normal = (t.vertices()[1] - t.vertices()[0]).cross(t.vertices()[2] - t.vertices()[0]);
        let flat = Triangle3::<f64>::new(Vec3::ZERO, Vec3::X, Vec3::Y).unwrap();
        assert_eq!(flat.support(Vec3::Z).feature, FeatureId::vertex(0));
        assert!(t.support(normal).point.is_finite());
        assert_eq!(t.feature_point(FeatureId::vertex(3)), None);
    }

    #[test]
    fn triangle3_aabb_spans_the_vertices() {
        let t = triangle();
        assert_eq!(
            t.local_aabb(),
            Aabb3::new(Vec3::new(-1.0, -1.0, 0.0), Vec3::new(1.0, 2.0, 3.0))
        );
        for transform in placements3() {
            assert!(aabb3_close(
                t.aabb(transform),
                aabb_by_support3(&t, transform),
                1e-12
            ));
        }
    }
}
