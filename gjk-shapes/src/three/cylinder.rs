//! `Cylinder`: a solid circular cylinder along the local z axis.

use gjk_core::{
    Aabb3, Bounded, FeatureId, RayShape, Scalar, Support, SupportPoint, Transform3, Vec2, Vec3,
};

use crate::ShapeError;
use gjk_core::{ContactShape, SupportFace};

/// A solid cylinder centred at the local origin: axis along local z, caps at
/// `z = -h` and `z = +h` (`h` the half-height), radius `r`.
///
/// Its support points lie on the two rim circles, so every one is
/// [`FeatureId::SMOOTH`] (a cylinder has no vertices) and GJK stops on its relative
/// gap, as for an ellipse. For a rounded cylinder wrap it in
/// [`Rounded`](crate::Rounded).
///
/// ```
/// use gjk_core::{FeatureId, Support, Vec3};
/// use gjk_shapes::Cylinder;
///
/// let c = Cylinder::new(1.0_f64, 0.5)?;
/// let s = c.support(Vec3::new(3.0, 4.0, -1.0));
/// assert_eq!(s.point, Vec3::new(0.3, 0.4, -1.0));
/// assert_eq!(s.feature, FeatureId::SMOOTH);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cylinder<S> {
    half_height: S,
    radius: S,
}

impl<S: Scalar> Cylinder<S> {
    /// A cylinder of half-height `half_height` (along z) and radius `radius`.
    ///
    /// Errors: [`ShapeError::NonFinite`] for a NaN or infinite size, or a height
    /// `2 h` that overflows; [`ShapeError::NonPositiveExtent`] for a size `<= 0` (a
    /// [`Segment3`](crate::Segment3) models a cylinder of radius zero).
    ///
    /// ```
    /// use gjk_shapes::{Cylinder, ShapeError};
    /// assert!(Cylinder::new(1.0_f32, 0.5).is_ok());
    /// assert_eq!(Cylinder::new(1.0_f32, 0.0), Err(ShapeError::NonPositiveExtent));
    /// assert_eq!(Cylinder::new(f32::INFINITY, 1.0), Err(ShapeError::NonFinite));
    /// ```
    pub fn new(half_height: S, radius: S) -> Result<Self, ShapeError> {
        if !(half_height + half_height).is_finite() || !(radius + radius).is_finite() {
            return Err(ShapeError::NonFinite);
        }
        if !(half_height > S::ZERO && radius > S::ZERO) {
            return Err(ShapeError::NonPositiveExtent);
        }
        Ok(Self {
            half_height,
            radius,
        })
    }

    /// The half-height `h`: the caps are at `z = -h` and `z = +h`.
    ///
    /// ```
    /// assert_eq!(gjk_shapes::Cylinder::new(1.0_f32, 0.5)?.half_height(), 1.0);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn half_height(&self) -> S {
        self.half_height
    }

    /// The radius of the caps.
    ///
    /// ```
    /// assert_eq!(gjk_shapes::Cylinder::new(1.0_f32, 0.5)?.radius(), 0.5);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn radius(&self) -> S {
        self.radius
    }
}

/// The point of the circle of radius `radius` (around the z axis) farthest along the
/// plane part `(x, y)` of a direction: `radius (x, y) / |(x, y)|`, or `(radius, 0)`
/// when `(x, y)` is zero, where every point of the circle is farthest (the limit of
/// directions tilting towards +x).
///
/// `Vec2::normalize` divides by the larger magnitude before it squares, so a plane
/// part of subnormal or huge coordinates keeps its direction.
#[inline]
pub(crate) fn rim_point<S: Scalar>(x: S, y: S, radius: S) -> Vec2<S> {
    Vec2::new(x, y)
        .normalize()
        .map_or(Vec2::new(radius, S::ZERO), |unit| unit * radius)
}

impl<S: Scalar> Support<S, Vec3<S>> for Cylinder<S> {
    /// The rim point `(r d_xy / |d_xy|, sign(d_z) h)`, in closed form.
    ///
    /// `d_z >= 0` counts as the top cap (as [`Cuboid`](crate::Cuboid) counts zero
    /// positive); a direction along the axis (`d_xy` zero) supports a whole cap and
    /// gets its rim point on +x. A zero, NaN or infinite direction carries no
    /// direction and gets `(r, 0, h)`. Every point is [`FeatureId::SMOOTH`].
    #[inline]
    fn support(&self, direction: Vec3<S>) -> SupportPoint<S, Vec3<S>> {
        let (h, r) = (self.half_height, self.radius);
        let has_direction = direction.max_abs() > S::ZERO && direction.is_finite();
        if !has_direction {
            return SupportPoint::new(Vec3::new(r, S::ZERO, h), FeatureId::SMOOTH);
        }
        let rim = rim_point(direction.x, direction.y, r);
        let z = if direction.z >= S::ZERO { h } else { -h };
        SupportPoint::new(Vec3::new(rim.x, rim.y, z), FeatureId::SMOOTH)
    }
}

impl<S: Scalar> Bounded<S, Vec3<S>> for Cylinder<S> {
    #[inline]
    fn local_aabb(&self) -> Aabb3<S> {
        let half = Vec3::new(self.radius, self.radius, self.half_height);
        Aabb3::new(-half, half)
    }

    /// Half-extent along world axis `i`: `|R_iz| h + r |(R_ix, R_iy)|`, the support
    /// along the axis in closed form (`R_i*` is row `i` of the rotation matrix).
    #[inline]
    fn aabb(&self, transform: Transform3<S>) -> Aabb3<S> {
        let [x, y, z] = transform.rotation.to_matrix();
        let (h, r) = (self.half_height, self.radius);
        let half_along = |i: usize| {
            let row = |column: [S; 3]| column.get(i).copied().unwrap_or(S::ZERO);
            row(z).abs() * h + r * row(x).hypot(row(y))
        };
        let half = Vec3::new(half_along(0), half_along(1), half_along(2));
        Aabb3::new(transform.translation - half, transform.translation + half)
    }
}

/// No closed-form ray cast yet: `ray_cast` takes the GJK ray cast.
impl<S: Scalar> RayShape<S, Vec3<S>> for Cylinder<S> {}

/// The number of rim points a cap is given as a face: an inscribed regular octagon,
/// whose vertices lie on the rim. A cylinder standing on a face then touches it at up
/// to four of them instead of one flickering rim point.
pub(crate) const CAP_VERTICES: u32 = 8;

/// Rim point `k` of the cap polygon, at `k` eighths of a turn from +x.
pub(crate) fn cap_rim<S: Scalar>(k: u32, radius: S) -> (S, S) {
    let diagonal = S::from_f64(core::f64::consts::FRAC_1_SQRT_2) * radius;
    match k % CAP_VERTICES {
        0 => (radius, S::ZERO),
        1 => (diagonal, diagonal),
        2 => (S::ZERO, radius),
        3 => (-diagonal, diagonal),
        4 => (-radius, S::ZERO),
        5 => (-diagonal, -diagonal),
        6 => (S::ZERO, -radius),
        _ => (diagonal, -diagonal),
    }
}

/// The caps (id 0 on top, 1 below, each the octagon of eight rim points,
/// vertex ids 0 to 7 on top and 8 to 15 below) for directions within 45 degrees of
/// the axis; otherwise the side's segment under the direction, from its top rim point
/// (vertex id 16) to its bottom one (17): a cylinder lying on a face touches it along
/// that line.
impl<S: Scalar> ContactShape<S, Vec3<S>> for Cylinder<S> {
    #[inline]
    fn support_face(&self, direction: Vec3<S>) -> Option<SupportFace<S>> {
        let (h, r) = (self.half_height, self.radius);
        let across = direction.x.hypot(direction.y);
        // NaN and zero directions take the top cap.
        let towards_the_side = direction.z.abs() < across;
        if !towards_the_side {
            let below = direction.z < S::ZERO;
            let top = !below;
            return Some(SupportFace::Polygon {
                id: u32::from(!top),
                vertex_count: CAP_VERTICES,
                normal: if top { Vec3::Z } else { -Vec3::Z },
            });
        }
        let rim = rim_point(direction.x, direction.y, r);
        Some(SupportFace::Segment(
            SupportPoint::new(
                Vec3::new(rim.x, rim.y, h),
                FeatureId::vertex(2 * CAP_VERTICES),
            ),
            SupportPoint::new(
                Vec3::new(rim.x, rim.y, -h),
                FeatureId::vertex(2 * CAP_VERTICES + 1),
            ),
        ))
    }

    /// The top cap counter-clockwise seen from above, the bottom one counter-clockwise
    /// seen from below.
    #[inline]
    fn face_vertex(&self, face: u32, corner: u32) -> Option<SupportPoint<S, Vec3<S>>> {
        if corner >= CAP_VERTICES {
            return None;
        }
        let (h, r) = (self.half_height, self.radius);
        let (k, z) = match face {
            0 => (corner, h),
            1 => ((CAP_VERTICES - corner) % CAP_VERTICES, -h),
            _ => return None,
        };
        let (x, y) = cap_rim(k, r);
        let id = if face == 0 { k } else { CAP_VERTICES + k };
        Some(SupportPoint::new(Vec3::new(x, y, z), FeatureId::vertex(id)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{
        DEGENERATE_DIRECTIONS3, DIRECTIONS3, aabb_by_support3, aabb3_close, placements3,
        random_directions3, reaches_farthest,
    };

    const SAMPLES: usize = 4000;

    fn cylinder() -> Cylinder<f64> {
        Cylinder::new(1.5, 0.75).unwrap()
    }

    /// Points on both rim circles, `SAMPLES` each.
    fn rims(c: Cylinder<f64>) -> impl Iterator<Item = Vec3<f64>> {
        let (h, r) = (c.half_height(), c.radius());
        (0..SAMPLES).flat_map(move |k| {
            let t = core::f64::consts::TAU * k as f64 / SAMPLES as f64;
            let (x, y) = (r * t.cos(), r * t.sin());
            [Vec3::new(x, y, h), Vec3::new(x, y, -h)]
        })
    }

    #[test]
    fn cylinder_rejects_non_finite_and_non_positive_sizes() {
        assert_eq!(Cylinder::new(f64::NAN, 1.0), Err(ShapeError::NonFinite));
        assert_eq!(
            Cylinder::new(1.0, f64::INFINITY),
            Err(ShapeError::NonFinite)
        );
        assert_eq!(Cylinder::new(f64::MAX, 1.0), Err(ShapeError::NonFinite));
        assert_eq!(Cylinder::new(0.0, 1.0), Err(ShapeError::NonPositiveExtent));
        assert_eq!(Cylinder::new(1.0, -1.0), Err(ShapeError::NonPositiveExtent));
    }

    #[test]
    fn cylinder_support_beats_dense_rim_samples_and_lies_on_a_rim() {
        for c in [cylinder(), Cylinder::new(0.01, 5.0).unwrap()] {
            let slack = c.radius() * (core::f64::consts::PI / SAMPLES as f64).powi(2);
            for d in DIRECTIONS3.into_iter().chain(random_directions3(13, 100)) {
                let support = c.support(d);
                assert!(reaches_farthest(support.point, rims(c), d, slack), "{d:?}");
                let p = support.point;
                assert!((p.x.hypot(p.y) - c.radius()).abs() < 1e-15);
                assert_eq!(p.z.abs(), c.half_height());
                assert_eq!(support.feature, FeatureId::SMOOTH);
                assert_eq!(c.feature_point(support.feature), None);
            }
        }
    }

    #[test]
    fn cylinder_axis_zero_nan_tiny_and_huge_directions() {
        let c = cylinder();
        assert_eq!(c.support(Vec3::Z).point, Vec3::new(0.75, 0.0, 1.5));
        assert_eq!(c.support(-Vec3::Z).point, Vec3::new(0.75, 0.0, -1.5));
        assert_eq!(c.support(Vec3::X).point, Vec3::new(0.75, 0.0, 1.5));
        for d in DEGENERATE_DIRECTIONS3 {
            assert_eq!(c.support(d).point, Vec3::new(0.75, 0.0, 1.5));
        }
        assert_eq!(
            c.support(Vec3::new(f64::INFINITY, 1.0, 0.0)).point,
            Vec3::new(0.75, 0.0, 1.5)
        );
        let unit = c.support(Vec3::new(3.0, -4.0, -1.0)).point;
        assert_eq!(c.support(Vec3::new(3e-320, -4e-320, -1e-320)).point, unit);
        assert_eq!(c.support(Vec3::new(3e300, -4e300, -1e300)).point, unit);
        // A plane part far below the axial part still gives its own rim point.
        let tilted = c.support(Vec3::new(0.0, -1e-310, 1.0)).point;
        assert_eq!(tilted, Vec3::new(0.0, -0.75, 1.5));
    }

    #[test]
    fn cylinder_works_in_f32() {
        let c = Cylinder::new(1e30_f32, 1e-30).unwrap();
        let p = c.support(Vec3::new(1e-40, 1e-40, -1.0)).point;
        assert!(p.is_finite());
        assert!((p.x - 1e-30 / 2.0_f32.sqrt()).abs() < 1e-36);
        assert_eq!(p.z, -1e30);
    }

    #[test]
    fn cylinder_aabb_is_closed_form_and_agrees_when_rotated() {
        let c = cylinder();
        assert_eq!(
            c.local_aabb(),
            Aabb3::new(Vec3::new(-0.75, -0.75, -1.5), Vec3::new(0.75, 0.75, 1.5))
        );
        assert_eq!(c.local_aabb(), aabb_by_support3(&c, Transform3::IDENTITY));
        for transform in placements3() {
            assert!(aabb3_close(
                c.aabb(transform),
                aabb_by_support3(&c, transform),
                1e-12
            ));
        }
    }
}
