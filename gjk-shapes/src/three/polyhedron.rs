//! `Polyhedron`: a convex polytope of up to `N` vertices with its faces and their
//! adjacency, stored inline; the 3D counterpart of [`Polygon`](crate::Polygon).

use gjk_core::{
    Aabb3, Bounded, ContactShape, FeatureId, RayShape, Scalar, Support, SupportFace, SupportPoint,
    Transform3, Vec3,
};

use crate::three::polyhedron_faces::Topology;
use crate::{ConvexPoints, ShapeError};

/// A convex polytope of up to `N` vertices with its faces, stored inline without
/// allocation: what a contact manifold needs of a hull. Its support mapping is that
/// of its vertices (a [`ConvexPoints`]); its faces, each a convex polygon of any
/// number of vertices counter-clockwise seen from outside, with the face across each
/// edge, let [`manifold`](gjk_core::manifold()) find the face facing a direction by
/// walking around the support vertex instead of scanning every face.
///
/// Feature ids are vertex indices (the order of [`vertices`](Self::vertices)) and
/// face indices. Faces merge coplanar triangles: a box given as eight points has six
/// square faces.
///
/// ```
/// use gjk_core::{manifold, ContactFeature, Transform3, Vec3};
/// use gjk_shapes::{Cuboid, Polyhedron};
///
/// // A hexagonal prism resting on a floor touches it at four of its six bottom corners.
/// let corners: Vec<Vec3<f32>> = (0..12)
///     .map(|k| {
///         let angle = core::f32::consts::TAU * (k % 6) as f32 / 6.0;
///         Vec3::new(angle.cos(), angle.sin(), if k < 6 { -0.5 } else { 0.5 })
///     })
///     .collect();
/// let prism = Polyhedron::<f32, 16>::new(&corners)?;
/// assert_eq!(prism.face_count(), 8);
/// let floor = Cuboid::new(Vec3::new(4.0, 4.0, 0.5))?;
/// let resting = Transform3::from_translation(Vec3::new(0.0, 0.0, 0.99));
/// let contact = manifold(&floor, Transform3::IDENTITY, &prism, resting, 0.02).unwrap();
/// assert_eq!(contact.points().len(), 4);
/// assert!(contact.points().iter().all(|point| matches!(point.id.feature_b, ContactFeature::Vertex(_))));
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Polyhedron<S, const N: usize> {
    vertices: ConvexPoints<S, N>,
    topology: Topology<S, N>,
}

impl<S: Scalar, const N: usize> Polyhedron<S, N> {
    /// The convex hull of `points`, with its faces: the vertices of
    /// [`ConvexPoints::hull`] (any number of points in any order, duplicates and
    /// interior points allowed), then the faces wrapped around them, coplanar ones
    /// (within `64 eps` of the size) merged. A flat set (all points in one plane)
    /// gives a polygon with two faces, its two sides.
    ///
    /// Errors: those of [`ConvexPoints::hull`]; [`ShapeError::TooFewPoints`] when
    /// the hull has fewer than three vertices (a point or a segment has no faces: use
    /// [`Point3`](crate::Point3) or [`Segment3`](crate::Segment3));
    /// [`ShapeError::Collinear`] when rounding leaves the hull's faces inconsistent
    /// (a set so close to flat or to a line that its faces cannot be told apart),
    /// where [`ConvexPoints`] still serves.
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// use gjk_shapes::{Polyhedron, ShapeError};
    /// let tetrahedron = [Vec3::ZERO, Vec3::X, Vec3::Y, Vec3::Z];
    /// let hull = Polyhedron::<f64, 4>::new(&tetrahedron)?;
    /// assert_eq!((hull.vertices().len(), hull.face_count()), (4, 4));
    /// let segment = [Vec3::ZERO, Vec3::X];
    /// assert_eq!(Polyhedron::<f64, 4>::new(&segment), Err(ShapeError::TooFewPoints { count: 2 }));
    /// # Ok::<(), ShapeError>(())
    /// ```
    pub fn new(points: &[Vec3<S>]) -> Result<Self, ShapeError> {
        let vertices = ConvexPoints::<S, N>::hull(points)?;
        if vertices.len() < 3 {
            return Err(ShapeError::TooFewPoints {
                count: vertices.len(),
            });
        }
        let topology = Topology::wrap(&vertices).ok_or(ShapeError::Collinear)?;
        Ok(Self { vertices, topology })
    }

    /// The vertices, as a point set; vertex `i` has feature id `i`.
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// use gjk_shapes::Polyhedron;
    /// let hull = Polyhedron::<f32, 8>::new(&[Vec3::ZERO, Vec3::X, Vec3::Y, Vec3::Z, Vec3::splat(0.1)])?;
    /// assert_eq!(hull.vertices().len(), 4);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn vertices(&self) -> &ConvexPoints<S, N> {
        &self.vertices
    }

    /// The number of faces.
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// use gjk_shapes::Polyhedron;
    /// let corners: Vec<Vec3<f64>> = (0..8)
    ///     .map(|i| Vec3::new((i & 1) as f64, ((i >> 1) & 1) as f64, (i >> 2) as f64))
    ///     .collect();
    /// assert_eq!(Polyhedron::<f64, 8>::new(&corners)?.face_count(), 6);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn face_count(&self) -> usize {
        self.topology.face_count()
    }

    /// Face `face`'s vertex indices, counter-clockwise seen from outside (empty past
    /// the last face).
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// use gjk_shapes::Polyhedron;
    /// let hull = Polyhedron::<f32, 4>::new(&[Vec3::ZERO, Vec3::X, Vec3::Y, Vec3::Z])?;
    /// assert!((0..hull.face_count()).all(|face| hull.face(face).count() == 3));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn face(&self, face: usize) -> impl Iterator<Item = usize> + '_ {
        self.topology.face(face)
    }

    /// Face `face`'s unit outward normal, or `None` past the last face.
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// use gjk_shapes::Polyhedron;
    /// let hull = Polyhedron::<f64, 4>::new(&[Vec3::ZERO, Vec3::X, Vec3::Y, Vec3::Z])?;
    /// assert!((0..hull.face_count()).any(|face| hull.face_normal(face) == Some(-Vec3::Z)));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn face_normal(&self, face: usize) -> Option<Vec3<S>> {
        self.topology.normal(face)
    }
}

impl<S: Scalar, const N: usize> Support<S, Vec3<S>> for Polyhedron<S, N> {
    /// The vertex farthest along `direction` (see [`ConvexPoints`]).
    #[inline]
    fn support(&self, direction: Vec3<S>) -> SupportPoint<S, Vec3<S>> {
        self.vertices.support(direction)
    }

    #[inline]
    fn feature_point(&self, feature: FeatureId) -> Option<Vec3<S>> {
        self.vertices.feature_point(feature)
    }
}

impl<S: Scalar, const N: usize> Bounded<S, Vec3<S>> for Polyhedron<S, N> {
    #[inline]
    fn local_aabb(&self) -> Aabb3<S> {
        self.vertices.local_aabb()
    }

    #[inline]
    fn aabb(&self, transform: Transform3<S>) -> Aabb3<S> {
        self.vertices.aabb(transform)
    }
}

/// No closed-form ray cast: `ray_cast` takes the GJK ray cast.
impl<S: Scalar, const N: usize> RayShape<S, Vec3<S>> for Polyhedron<S, N> {}

/// The face facing a direction best among the faces around the support vertex (those
/// of an edge perpendicular to the direction first), found by walking from face to
/// face across the vertex's edges.
impl<S: Scalar, const N: usize> ContactShape<S, Vec3<S>> for Polyhedron<S, N> {
    #[inline]
    fn support_face(&self, direction: Vec3<S>) -> Option<SupportFace<S>> {
        let vertex = self.vertices.support(direction).feature.index()?;
        let face = self
            .topology
            .best_face_around(vertex as usize, direction, |index| {
                self.vertices.point(index)
            })?;
        Some(SupportFace::Polygon {
            id: face as u32,
            vertex_count: self.topology.face_len(face) as u32,
            normal: self.topology.normal(face)?,
        })
    }

    #[inline]
    fn face_vertex(&self, face: u32, corner: u32) -> Option<SupportPoint<S, Vec3<S>>> {
        let index = self.topology.corner(face as usize, corner as usize)?;
        let point = self.vertices.point(index)?;
        Some(SupportPoint::new(point, FeatureId::vertex(index as u32)))
    }
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use gjk_oracle::SplitMix64;

    use super::*;

    /// Every face is a convex polygon in its plane, counter-clockwise about its
    /// normal, with every vertex of the hull on its inner side, and each edge is
    /// shared with exactly one other face, in the opposite direction.
    fn assert_consistent<const N: usize>(hull: &Polyhedron<f64, N>, tolerance: f64) {
        let vertex = |index: usize| hull.vertices().point(index).unwrap();
        let mut edges = Vec::new();
        for face in 0..hull.face_count() {
            let normal = hull.face_normal(face).unwrap();
            let corners: Vec<usize> = hull.face(face).collect();
            assert!(corners.len() >= 3);
            let origin = vertex(corners[0]);
            for k in 0..corners.len() {
                let (this, next, after) = (
                    vertex(corners[k]),
                    vertex(corners[(k + 1) % corners.len()]),
                    vertex(corners[(k + 2) % corners.len()]),
                );
                assert!(
                    normal.dot(this - origin).abs() <= tolerance,
                    "corner off its face's plane"
                );
                assert!(
                    (next - this).cross(after - next).dot(normal) > 0.0,
                    "face {face} not convex counter-clockwise"
                );
                edges.push((corners[k], corners[(k + 1) % corners.len()]));
            }
            for point in hull.vertices().points() {
                assert!(
                    normal.dot(point - origin) <= tolerance,
                    "a vertex beyond face {face}"
                );
            }
        }
        for &(from, to) in &edges {
            assert_eq!(
                edges.iter().filter(|&&edge| edge == (to, from)).count(),
                1,
                "edge {from} -> {to}"
            );
        }
        assert_eq!(
            hull.vertices().len() + hull.face_count(),
            edges.len() / 2 + 2
        );
    }

    #[test]
    fn a_cube_of_eight_points_has_six_square_faces() {
        let corners: Vec<Vec3<f64>> = (0..8)
            .map(|i| Vec3::new(f64::from(i & 1), f64::from((i >> 1) & 1), f64::from(i >> 2)))
            .collect();
        let cube = Polyhedron::<f64, 8>::new(&corners).unwrap();
        assert_eq!(cube.face_count(), 6);
        assert!((0..6).all(|face| cube.face(face).count() == 4));
        assert_consistent(&cube, 1e-12);
    }

    #[test]
    fn a_flat_polygon_has_its_two_sides_as_faces() {
        let square = [Vec3::ZERO, Vec3::X, Vec3::new(1.0, 1.0, 0.0), Vec3::Y];
        let flat = Polyhedron::<f64, 4>::new(&square).unwrap();
        assert_eq!(flat.face_count(), 2);
        assert_eq!(
            flat.face_normal(0)
                .unwrap()
                .dot(flat.face_normal(1).unwrap()),
            -1.0
        );
        let standing = [Vec3::ZERO, Vec3::Y, Vec3::new(0.0, 1.0, 1.0), Vec3::Z];
        assert_eq!(
            Polyhedron::<f64, 4>::new(&standing).unwrap().face_count(),
            2
        );
    }

    #[test]
    fn random_hulls_are_closed_convex_surfaces() {
        let mut random = SplitMix64(0x9e11);
        for round in 0..200 {
            let count = 4 + round % 60;
            let points: Vec<Vec3<f64>> = (0..count)
                .map(|_| {
                    let [x, y, z] = random.unit_vector().map(|c| c * random.range(0.2, 1.0));
                    Vec3::new(x, y, z)
                })
                .collect();
            let hull = Polyhedron::<f64, 64>::new(&points).unwrap();
            assert_consistent(&hull, 1e-12);
        }
    }

    #[test]
    fn the_face_found_by_walking_faces_the_direction_best_around_the_support_vertex() {
        // Random directions are never perpendicular to an edge: the nearest normal.
        let mut random = SplitMix64(0xface);
        let points: Vec<Vec3<f64>> = (0..40)
            .map(|_| {
                let [x, y, z] = random.unit_vector();
                Vec3::new(x, y, z)
            })
            .collect();
        let hull = Polyhedron::<f64, 40>::new(&points).unwrap();
        for _ in 0..500 {
            let [x, y, z] = random.unit_vector();
            let direction = Vec3::new(x, y, z);
            let Some(SupportFace::Polygon { id, normal, .. }) = hull.support_face(direction) else {
                panic!("a solid hull has faces");
            };
            let support = hull.support(direction).feature.index().unwrap() as usize;
            assert!(hull.face(id as usize).any(|vertex| vertex == support));
            let best_around = (0..hull.face_count())
                .filter(|&face| hull.face(face).any(|vertex| vertex == support))
                .map(|face| hull.face_normal(face).unwrap().dot(direction))
                .fold(f64::NEG_INFINITY, f64::max);
            assert_eq!(normal.dot(direction), best_around);
        }
    }
}
