//! `Cuboid`: a centred box in 3D.

use gjk_core::{
    Aabb3, Bounded, CastOutput, FeatureId, Ray, RayShape, Scalar, Support, SupportPoint,
    Transform3, Vec3,
};

use crate::ShapeError;
use crate::two::vertices::vertex_index;
use gjk_core::{ContactShape, SupportFace};

/// A box centred at the local origin with half-extents `(hx, hy, hz)` along the local
/// axes. The 3D counterpart of [`Rect`](crate::Rect).
///
/// Vertex order and feature ids: bit 0 of the id is the side in x, bit 1 in y, bit 2
/// in z, a set bit meaning the positive side. So vertex 0 is `(-hx, -hy, -hz)`, 1 is
/// `(hx, -hy, -hz)`, 2 is `(-hx, hy, -hz)`, 3 is `(hx, hy, -hz)`, 4 to 7 the same four
/// at `+hz`, and vertex 7 is `(hx, hy, hz)`.
///
/// ```
/// use gjk_core::{FeatureId, Support, Vec3};
/// use gjk_shapes::Cuboid;
///
/// let b = Cuboid::new(Vec3::new(2.0_f32, 1.0, 0.5))?;
/// let corner = b.support(Vec3::new(1.0, -1.0, 1.0));
/// assert_eq!(corner.point, Vec3::new(2.0, -1.0, 0.5));
/// assert_eq!(corner.feature, FeatureId::vertex(0b101));
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cuboid<S> {
    half_extents: Vec3<S>,
}

impl<S: Scalar> Cuboid<S> {
    /// A box with half-extents `(hx, hy, hz)`.
    ///
    /// Errors: [`ShapeError::NonFinite`] for a NaN or infinite half-extent,
    /// [`ShapeError::NonPositiveExtent`] for one `<= 0` (use a
    /// [`ConvexPoints`](crate::ConvexPoints) of the four corners for a flat box).
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// use gjk_shapes::{Cuboid, ShapeError};
    /// assert!(Cuboid::new(Vec3::new(1.0_f64, 0.5, 2.0)).is_ok());
    /// assert_eq!(Cuboid::new(Vec3::new(1.0_f64, 0.0, 2.0)), Err(ShapeError::NonPositiveExtent));
    /// assert_eq!(Cuboid::new(Vec3::new(f64::NAN, 1.0, 2.0)), Err(ShapeError::NonFinite));
    /// ```
    pub fn new(half_extents: Vec3<S>) -> Result<Self, ShapeError> {
        if !half_extents.is_finite() {
            return Err(ShapeError::NonFinite);
        }
        let Vec3 { x, y, z } = half_extents;
        if !(x > S::ZERO && y > S::ZERO && z > S::ZERO) {
            return Err(ShapeError::NonPositiveExtent);
        }
        Ok(Self { half_extents })
    }

    /// The half-extents `(hx, hy, hz)`.
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// let b = gjk_shapes::Cuboid::new(Vec3::new(2.0_f32, 1.0, 0.5))?;
    /// assert_eq!(b.half_extents(), Vec3::new(2.0, 1.0, 0.5));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn half_extents(&self) -> Vec3<S> {
        self.half_extents
    }

    /// The eight corners in feature-id order (see [`Cuboid`]).
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// let b = gjk_shapes::Cuboid::new(Vec3::new(2.0_f32, 1.0, 0.5))?;
    /// assert_eq!(b.vertices()[0], Vec3::new(-2.0, -1.0, -0.5));
    /// assert_eq!(b.vertices()[6], Vec3::new(-2.0, 1.0, 0.5));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn vertices(&self) -> [Vec3<S>; 8] {
        core::array::from_fn(|index| self.corner(index))
    }

    /// The corner with id `index` (only its three low bits are read).
    #[inline]
    fn corner(&self, index: usize) -> Vec3<S> {
        let Vec3 { x, y, z } = self.half_extents;
        let side = |bit: usize, half: S| if index & bit != 0 { half } else { -half };
        Vec3::new(side(1, x), side(2, y), side(4, z))
    }
}

impl<S: Scalar> Support<S, Vec3<S>> for Cuboid<S> {
    /// The corner on the side of each sign of `direction`, in O(1). `d.x >= 0` (and
    /// likewise in y and z) counts as the positive side, as in
    /// [`Rect`](crate::Rect): zero picks the positive corner and NaN, which fails the
    /// test, the negative one (a NaN direction gives vertex 0).
    #[inline]
    fn support(&self, direction: Vec3<S>) -> SupportPoint<S, Vec3<S>> {
        let Vec3 {
            x: hx,
            y: hy,
            z: hz,
        } = self.half_extents;
        let positive_x = direction.x >= S::ZERO;
        let positive_y = direction.y >= S::ZERO;
        let positive_z = direction.z >= S::ZERO;
        let point = Vec3::new(
            if positive_x { hx } else { -hx },
            if positive_y { hy } else { -hy },
            if positive_z { hz } else { -hz },
        );
        let id =
            u32::from(positive_x) | (u32::from(positive_y) << 1) | (u32::from(positive_z) << 2);
        SupportPoint::new(point, FeatureId::vertex(id))
    }

    #[inline]
    fn feature_point(&self, feature: FeatureId) -> Option<Vec3<S>> {
        let index = vertex_index(feature)?;
        (index < 8).then(|| self.corner(index))
    }
}

impl<S: Scalar> Bounded<S, Vec3<S>> for Cuboid<S> {
    #[inline]
    fn local_aabb(&self) -> Aabb3<S> {
        Aabb3::new(-self.half_extents, self.half_extents)
    }

    /// Half-extents `sum_j |R_ij| h_j`: row `i` of the rotation matrix, taken
    /// absolutely, against the half-extents (the support along a world axis in closed
    /// form).
    #[inline]
    fn aabb(&self, transform: Transform3<S>) -> Aabb3<S> {
        let [column_x, column_y, column_z] = transform.rotation.to_matrix().map(Vec3::from);
        let Vec3 {
            x: hx,
            y: hy,
            z: hz,
        } = self.half_extents;
        let half = column_x.abs() * hx + column_y.abs() * hy + column_z.abs() * hz;
        Aabb3::new(transform.translation - half, transform.translation + half)
    }
}

/// [`Cuboid::ray_cast`], the closed form.
impl<S: Scalar> RayShape<S, Vec3<S>> for Cuboid<S> {
    #[inline]
    fn analytic_ray_cast(
        &self,
        transform: Transform3<S>,
        ray: Ray<S, Vec3<S>>,
    ) -> Option<CastOutput<S, Vec3<S>>> {
        Some(self.ray_cast(transform, ray))
    }
}

/// Faces `2 axis` (the positive side) and `2 axis + 1` (the negative side), axis 0
/// to 2 for x to z: the face nearest any direction, the one across its largest
/// coordinate, four corners each.
impl<S: Scalar> ContactShape<S, Vec3<S>> for Cuboid<S> {
    #[inline]
    fn support_face(&self, direction: Vec3<S>) -> Option<SupportFace<S>> {
        let magnitude = direction.abs();
        // Ties and NaN go to the earlier axis.
        let axis = if magnitude.x >= magnitude.y && magnitude.x >= magnitude.z {
            0
        } else if magnitude.y >= magnitude.z {
            1
        } else {
            2
        };
        let coordinate = [direction.x, direction.y, direction.z][axis];
        // NaN counts as positive, as in the support.
        let negative = coordinate < S::ZERO;
        let positive = !negative;
        let mut normal = [S::ZERO; 3];
        normal[axis] = if positive { S::ONE } else { -S::ONE };
        Some(SupportFace::Polygon {
            id: 2 * axis as u32 + u32::from(!positive),
            vertex_count: 4,
            normal: Vec3::new(normal[0], normal[1], normal[2]),
        })
    }

    /// The corners counter-clockwise seen from outside: with `(u, v)` the next two
    /// axes after the face's in cyclic order, `(-,-), (+,-), (+,+), (-,+)` on a
    /// positive face and the reverse turn on a negative one.
    #[inline]
    fn face_vertex(&self, face: u32, corner: u32) -> Option<SupportPoint<S, Vec3<S>>> {
        if face >= 6 || corner >= 4 {
            return None;
        }
        let axis = face / 2;
        let positive = face.is_multiple_of(2);
        let (u, v) = ((axis + 1) % 3, (axis + 2) % 3);
        // Signs of (u, v) around the face, counter-clockwise about +axis.
        let (u_positive, v_positive) = match corner {
            0 => (false, false),
            1 => (positive, !positive),
            2 => (true, true),
            _ => (!positive, positive),
        };
        let index = (u32::from(positive) << axis)
            | (u32::from(u_positive) << u)
            | (u32::from(v_positive) << v);
        Some(SupportPoint::new(
            self.corner(index as usize),
            FeatureId::vertex(index),
        ))
    }

    /// Two boxes take the separating-axis normal in `manifold`.
    #[inline]
    fn box_half_extents(&self) -> Option<Vec3<S>> {
        Some(self.half_extents)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{
        DEGENERATE_DIRECTIONS3, DIRECTIONS3, aabb_by_support3, aabb3_close, placements3,
        random_directions3, reaches_farthest,
    };

    fn cuboid() -> Cuboid<f64> {
        Cuboid::new(Vec3::new(2.0, 1.0, 0.5)).unwrap()
    }

    #[test]
    fn cuboid_rejects_non_finite_and_non_positive_extents() {
        assert_eq!(
            Cuboid::new(Vec3::new(1.0, f64::INFINITY, 1.0)),
            Err(ShapeError::NonFinite)
        );
        assert_eq!(
            Cuboid::new(Vec3::new(1.0, 1.0, f64::NAN)),
            Err(ShapeError::NonFinite)
        );
        for bad in [
            Vec3::new(0.0, 1.0, 1.0),
            Vec3::new(1.0, -1.0, 1.0),
            Vec3::new(1.0, 1.0, -0.0),
        ] {
            assert_eq!(Cuboid::new(bad), Err(ShapeError::NonPositiveExtent));
        }
    }

    #[test]
    fn cuboid_vertices_follow_the_bit_order() {
        let b = cuboid();
        for (index, vertex) in b.vertices().into_iter().enumerate() {
            let expected_sign = |bit: usize| if index & bit != 0 { 1.0 } else { -1.0 };
            assert_eq!(vertex.x, 2.0 * expected_sign(1));
            assert_eq!(vertex.y, expected_sign(2));
            assert_eq!(vertex.z, 0.5 * expected_sign(4));
            let feature = FeatureId::vertex(index as u32);
            assert_eq!(b.feature_point(feature), Some(vertex));
            // The direction of a corner supports that corner.
            assert_eq!(b.support(vertex).feature, feature);
        }
        assert_eq!(b.feature_point(FeatureId::vertex(8)), None);
        assert_eq!(b.feature_point(FeatureId::SMOOTH), None);
    }

    #[test]
    fn cuboid_support_is_the_farthest_vertex() {
        let b = cuboid();
        for d in DIRECTIONS3.into_iter().chain(random_directions3(11, 500)) {
            let support = b.support(d);
            assert!(
                reaches_farthest(support.point, b.vertices(), d, 0.0),
                "{d:?}"
            );
            assert_eq!(b.feature_point(support.feature), Some(support.point));
        }
    }

    #[test]
    fn cuboid_ties_pick_the_positive_side_and_nan_the_negative_one() {
        let b = cuboid();
        assert_eq!(b.support(Vec3::X).feature, FeatureId::vertex(7));
        assert_eq!(b.support(-Vec3::Z).feature, FeatureId::vertex(3));
        assert_eq!(b.support(Vec3::ZERO).feature, FeatureId::vertex(7));
        assert_eq!(
            b.support(Vec3::splat(f64::NAN)).feature,
            FeatureId::vertex(0)
        );
        for d in DEGENERATE_DIRECTIONS3 {
            let support = b.support(d);
            assert!(support.point.is_finite());
            assert_eq!(b.feature_point(support.feature), Some(support.point));
        }
        // A tiny and a huge direction give the corner of a unit one.
        let corner = b.support(Vec3::new(1.0, -1.0, 1.0)).point;
        assert_eq!(b.support(Vec3::new(1e-30, -1e-30, 1e-30)).point, corner);
        assert_eq!(b.support(Vec3::new(1e30, -1e30, 1e30)).point, corner);
    }

    #[test]
    fn cuboid_aabb_is_the_half_extents_and_agrees_when_rotated() {
        let b = cuboid();
        assert_eq!(
            b.local_aabb(),
            Aabb3::new(Vec3::new(-2.0, -1.0, -0.5), Vec3::new(2.0, 1.0, 0.5))
        );
        assert_eq!(b.local_aabb(), aabb_by_support3(&b, Transform3::IDENTITY));
        for transform in placements3() {
            assert!(aabb3_close(
                b.aabb(transform),
                aabb_by_support3(&b, transform),
                1e-12
            ));
        }
    }

    #[test]
    fn cuboid_works_in_f32() {
        let b = Cuboid::new(Vec3::new(1e30_f32, 1e-30, 1.0)).unwrap();
        let support = b.support(Vec3::new(-1e-30, 1e30, f32::NAN));
        assert_eq!(support.point, Vec3::new(-1e30, 1e-30, -1.0));
        assert_eq!(support.feature, FeatureId::vertex(0b010));
    }
}
