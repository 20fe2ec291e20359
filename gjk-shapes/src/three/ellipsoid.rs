//! `Ellipsoid`: a centred ellipsoid with axes along the local axes.

use gjk_core::{
    Aabb3, Bounded, CastOutput, FeatureId, Ray, RayShape, Scalar, Support, SupportPoint,
    Transform3, Vec3,
};

use crate::ShapeError;
use gjk_core::ContactShape;

/// An ellipsoid centred at the local origin with semi-axes `a`, `b`, `c` along x, y
/// and z. The 3D counterpart of [`Ellipse`](crate::Ellipse).
///
/// The whole boundary is curved, so every support point is [`FeatureId::SMOOTH`] and
/// GJK stops on its relative gap. Place it with a transform to move or turn it.
///
/// ```
/// use gjk_core::{Support, Vec3};
/// use gjk_shapes::Ellipsoid;
///
/// let e = Ellipsoid::new(Vec3::new(3.0_f64, 2.0, 1.0))?;
/// assert_eq!(e.support(Vec3::Y).point, Vec3::new(0.0, 2.0, 0.0));
/// assert_eq!(e.support(-Vec3::Z).point, Vec3::new(0.0, 0.0, -1.0));
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ellipsoid<S> {
    semi_axes: Vec3<S>,
}

impl<S: Scalar> Ellipsoid<S> {
    /// An ellipsoid with semi-axes `(a, b, c)`.
    ///
    /// Errors: [`ShapeError::NonFinite`] for a NaN or infinite axis,
    /// [`ShapeError::NonPositiveExtent`] for an axis `<= 0`.
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// use gjk_shapes::{Ellipsoid, ShapeError};
    /// assert!(Ellipsoid::new(Vec3::new(2.0_f32, 1.0, 0.5)).is_ok());
    /// assert_eq!(Ellipsoid::new(Vec3::new(2.0_f32, 1.0, 0.0)), Err(ShapeError::NonPositiveExtent));
    /// ```
    pub fn new(semi_axes: Vec3<S>) -> Result<Self, ShapeError> {
        if !semi_axes.is_finite() {
            return Err(ShapeError::NonFinite);
        }
        let Vec3 { x, y, z } = semi_axes;
        if !(x > S::ZERO && y > S::ZERO && z > S::ZERO) {
            return Err(ShapeError::NonPositiveExtent);
        }
        Ok(Self { semi_axes })
    }

    /// The semi-axes `(a, b, c)`.
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// let e = gjk_shapes::Ellipsoid::new(Vec3::new(2.0_f32, 1.0, 0.5))?;
    /// assert_eq!(e.semi_axes(), Vec3::new(2.0, 1.0, 0.5));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn semi_axes(&self) -> Vec3<S> {
        self.semi_axes
    }
}

impl<S: Scalar> Support<S, Vec3<S>> for Ellipsoid<S> {
    /// The boundary point whose outward normal is parallel to `direction`, in closed
    /// form, as for the ellipse.
    ///
    /// The normal of `(x/a)^2 + (y/b)^2 + (z/c)^2 = 1` at a point is
    /// `(x/a^2, y/b^2, z/c^2)`; setting it parallel to `d` gives the point
    /// `k (a^2 dx, b^2 dy, c^2 dz)`, and the boundary equation fixes
    /// `k = 1 / sqrt(a^2 dx^2 + b^2 dy^2 + c^2 dz^2)`.
    #[inline]
    fn support(&self, direction: Vec3<S>) -> SupportPoint<S, Vec3<S>> {
        let Vec3 { x: a, y: b, z: c } = self.semi_axes;
        let largest = direction.max_abs();
        // `max_abs` ignores a NaN coordinate, hence the separate finiteness test. A
        // zero, NaN or infinite direction has no usable direction: any boundary point
        // is a valid answer, and (a, 0, 0) is the one for +x.
        let has_direction = largest > S::ZERO && direction.is_finite();
        if !has_direction {
            return SupportPoint::new(Vec3::new(a, S::ZERO, S::ZERO), FeatureId::SMOOTH);
        }
        // The answer depends on the direction only, so divide by the largest
        // coordinate: one coordinate of `unit_box` is exactly +-1 and nothing below
        // overflows or underflows to zero however long or short `direction` is.
        let unit_box = direction / largest;
        // With s = (a dx, b dy, c dz) the point is (a sx, b sy, c sz) / |s|. Divide s
        // by its largest coordinate too (not zero: the +-1 coordinate of `unit_box`
        // gives a, b or c) so that |s| is taken in [1, sqrt 3] even for huge or tiny
        // semi-axes.
        let stretched = Vec3::new(a * unit_box.x, b * unit_box.y, c * unit_box.z);
        let s = stretched / stretched.max_abs();
        let length = s.length();
        SupportPoint::new(
            Vec3::new(a * s.x / length, b * s.y / length, c * s.z / length),
            FeatureId::SMOOTH,
        )
    }
}

impl<S: Scalar> Bounded<S, Vec3<S>> for Ellipsoid<S> {
    #[inline]
    fn local_aabb(&self) -> Aabb3<S> {
        Aabb3::new(-self.semi_axes, self.semi_axes)
    }

    /// Half-extent along world axis `i`: `|(a R_ix, b R_iy, c R_iz)|`, the support
    /// along the axis in closed form (`R_i*` is row `i` of the rotation matrix), with
    /// `hypot` so that huge or tiny axes do not overflow or underflow when squared.
    #[inline]
    fn aabb(&self, transform: Transform3<S>) -> Aabb3<S> {
        let [x, y, z] = transform.rotation.to_matrix();
        let Vec3 { x: a, y: b, z: c } = self.semi_axes;
        let half_along = |i: usize| {
            let row = |column: [S; 3]| column.get(i).copied().unwrap_or(S::ZERO);
            (a * row(x)).hypot(b * row(y)).hypot(c * row(z))
        };
        let half = Vec3::new(half_along(0), half_along(1), half_along(2));
        Aabb3::new(transform.translation - half, transform.translation + half)
    }
}

/// No closed-form ray cast yet: `ray_cast` takes the GJK ray cast.
impl<S: Scalar> RayShape<S, Vec3<S>> for Ellipsoid<S> {
    #[inline]
    fn analytic_ray_cast(
        &self,
        transform: Transform3<S>,
        ray: Ray<S, Vec3<S>>,
    ) -> Option<CastOutput<S, Vec3<S>>> {
        Some(self.ray_cast(transform, ray))
    }
}

/// An ellipsoid touches others at one point: no faces.
impl<S: Scalar> ContactShape<S, Vec3<S>> for Ellipsoid<S> {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{
        DEGENERATE_DIRECTIONS3, DIRECTIONS3, aabb_by_support3, aabb3_close, placements3,
        random_directions3, reaches_farthest,
    };

    fn ellipsoid() -> Ellipsoid<f64> {
        Ellipsoid::new(Vec3::new(3.0, 1.0, 0.5)).unwrap()
    }

    /// `(x/a)^2 + (y/b)^2 + (z/c)^2`: one on the boundary.
    fn boundary_level(e: Ellipsoid<f64>, p: Vec3<f64>) -> f64 {
        let Vec3 { x: a, y: b, z: c } = e.semi_axes();
        (p.x / a).powi(2) + (p.y / b).powi(2) + (p.z / c).powi(2)
    }

    /// A latitude-longitude grid of `n` by `2 n` boundary points.
    fn boundary_samples(e: Ellipsoid<f64>, n: usize) -> impl Iterator<Item = Vec3<f64>> {
        let Vec3 { x: a, y: b, z: c } = e.semi_axes();
        (0..=n).flat_map(move |i| {
            let theta = core::f64::consts::PI * i as f64 / n as f64;
            (0..2 * n).map(move |j| {
                let phi = core::f64::consts::PI * j as f64 / n as f64;
                Vec3::new(
                    a * theta.sin() * phi.cos(),
                    b * theta.sin() * phi.sin(),
                    c * theta.cos(),
                )
            })
        })
    }

    #[test]
    fn ellipsoid_rejects_non_finite_and_non_positive_axes() {
        assert_eq!(
            Ellipsoid::new(Vec3::new(f64::NAN, 1.0, 1.0)),
            Err(ShapeError::NonFinite)
        );
        assert_eq!(
            Ellipsoid::new(Vec3::new(1.0, 1.0, f64::INFINITY)),
            Err(ShapeError::NonFinite)
        );
        assert_eq!(
            Ellipsoid::new(Vec3::new(1.0, -2.0, 1.0)),
            Err(ShapeError::NonPositiveExtent)
        );
        assert_eq!(
            Ellipsoid::new(Vec3::new(1.0, 2.0, 0.0)),
            Err(ShapeError::NonPositiveExtent)
        );
    }

    #[test]
    fn ellipsoid_support_on_axes_and_diagonal_matches_closed_form() {
        let e = ellipsoid();
        assert_eq!(e.support(Vec3::X).point, Vec3::new(3.0, 0.0, 0.0));
        assert_eq!(e.support(-Vec3::Y).point, Vec3::new(0.0, -1.0, 0.0));
        assert_eq!(e.support(Vec3::Z).point, Vec3::new(0.0, 0.0, 0.5));
        // (a^2, b^2, c^2) / sqrt(a^2 + b^2 + c^2) along (1, 1, 1).
        let diagonal = e.support(Vec3::splat(1.0)).point;
        let expected = Vec3::new(9.0, 1.0, 0.25) / 10.25_f64.sqrt();
        assert!((diagonal - expected).max_abs() < 1e-15);
    }

    #[test]
    fn ellipsoid_support_beats_dense_boundary_samples() {
        let n = 300;
        for e in [
            ellipsoid(),
            Ellipsoid::new(Vec3::new(0.01, 5.0, 2.0)).unwrap(),
        ] {
            let Vec3 { x: a, y: b, z: c } = e.semi_axes();
            // A grid step of pi / n leaves the best sample within about
            // max_axis (pi / n)^2 of the maximum.
            let slack = a.max(b).max(c) * (core::f64::consts::PI / n as f64).powi(2);
            for d in DIRECTIONS3.into_iter().chain(random_directions3(19, 30)) {
                let support = e.support(d);
                assert!(
                    reaches_farthest(support.point, boundary_samples(e, n), d, slack),
                    "{d:?}"
                );
                assert!((boundary_level(e, support.point) - 1.0).abs() < 1e-14);
                assert_eq!(support.feature, FeatureId::SMOOTH);
                assert_eq!(e.feature_point(support.feature), None);
            }
        }
    }

    #[test]
    fn ellipsoid_support_survives_zero_nan_tiny_and_huge_directions() {
        let e = ellipsoid();
        for d in DEGENERATE_DIRECTIONS3 {
            assert_eq!(e.support(d).point, Vec3::new(3.0, 0.0, 0.0));
        }
        let unit = e.support(Vec3::new(1.0, -1.0, 1.0)).point;
        assert_eq!(e.support(Vec3::new(1e-320, -1e-320, 1e-320)).point, unit);
        assert_eq!(e.support(Vec3::new(1e308, -1e308, 1e308)).point, unit);
        assert_eq!(
            e.support(Vec3::new(f64::INFINITY, 1.0, 0.0)).point,
            Vec3::new(3.0, 0.0, 0.0)
        );
    }

    #[test]
    fn ellipsoid_support_survives_extreme_axes_in_f32() {
        let e = Ellipsoid::new(Vec3::new(1e30_f32, 1e-30, 1.0)).unwrap();
        for d in [
            Vec3::new(1.0_f32, 1.0, 1.0),
            Vec3::new(1e-30, 1.0, 1e-30),
            Vec3::new(-1.0, 1e30, 0.0),
            Vec3::new(1e-40, 0.0, -1e-40),
        ] {
            let p = e.support(d).point;
            assert!(p.is_finite(), "{d:?} -> {p:?}");
            assert!(p.x.abs() <= 1e30 && p.y.abs() <= 1e-30 && p.z.abs() <= 1.0);
        }
        assert_eq!(
            e.support(Vec3::new(0.0_f32, -1.0, 0.0)).point,
            Vec3::new(0.0, -1e-30, 0.0)
        );
    }

    #[test]
    fn ellipsoid_aabb_is_the_semi_axes_and_agrees_when_rotated() {
        let e = ellipsoid();
        assert_eq!(
            e.local_aabb(),
            Aabb3::new(Vec3::new(-3.0, -1.0, -0.5), Vec3::new(3.0, 1.0, 0.5))
        );
        assert_eq!(e.local_aabb(), aabb_by_support3(&e, Transform3::IDENTITY));
        for transform in placements3() {
            assert!(aabb3_close(
                e.aabb(transform),
                aabb_by_support3(&e, transform),
                1e-12
            ));
        }
    }
}
