//! Analytic ray casts in 3D: an inherent `ray_cast` on the shapes that have an exact
//! closed-form answer cheaper than the generic GJK ray cast ([`gjk_core::ray_cast`]),
//! with the conventions and helpers of `crate::ray`, which the plane's casts share:
//! the sphere is the circle's quadratic, the cuboid the rectangle's slab test, the
//! capsule the plane capsule's union of side and ends (its side a cylinder here), the
//! ellipsoid the ellipse's map onto the unit ball, each written once over the
//! dimension.

use gjk_core::{CastOutput, Ray, Scalar, Transform3, Vec3};

use crate::ray::{
    DiscEntry, ball_ray_cast, capsule_ray_cast, disc_entry, ellipse_ray_cast, slab_ray_cast,
};
use crate::{Capsule3, Cuboid, Ellipsoid, Sphere};

impl<S: Scalar> Sphere<S> {
    /// Where a ray first meets the sphere placed by `xf`: the exact root of
    /// `|origin + t translation - center| = radius`, with the conventions of
    /// [`gjk_core::ray_cast`] (see [`CastOutput`]).
    ///
    /// The nearer root is taken in a form that does not cancel, at a scale where the
    /// products keep their digits (the plane's `Circle::ray_cast`, written once for
    /// both). Starting inside, the normal points from the centre to the origin (zero at
    /// the centre). A sphere of radius zero is a point: only a ray through it exactly
    /// hits, with the normal facing the ray.
    ///
    /// ```
    /// use gjk_core::{CastStatus, Ray, Transform3, Vec3};
    /// use gjk_shapes::Sphere;
    ///
    /// let ball = Sphere::new(Vec3::new(0.0_f32, 0.0, 1.0), 1.0)?;
    /// let ray = Ray::new(Vec3::new(0.0, 0.0, -4.0), Vec3::new(0.0, 0.0, 8.0));
    /// let out = ball.ray_cast(Transform3::IDENTITY, ray);
    /// assert_eq!(out.status, CastStatus::Hit);
    /// assert_eq!((out.fraction, out.point, out.normal), (0.5, Vec3::ZERO, -Vec3::Z));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn ray_cast(&self, xf: Transform3<S>, ray: Ray<S, Vec3<S>>) -> CastOutput<S, Vec3<S>> {
        ball_ray_cast(self, self.center(), self.radius(), xf, ray)
    }
}

impl<S: Scalar> Ellipsoid<S> {
    /// Where a ray first meets the ellipsoid placed by `xf`, in closed form, with the
    /// conventions of [`gjk_core::ray_cast`] (see [`CastOutput`]).
    ///
    /// Dividing each local coordinate by its semi-axis maps the ellipsoid onto the
    /// unit ball and the ray onto a ray with the same fractions (the map is linear),
    /// solved as for [`Sphere::ray_cast`]; the normal at the hit point `(x, y, z)` is
    /// along `(x / a^2, y / b^2, z / c^2)` (the plane's `Ellipse::ray_cast`, written
    /// once for both). The GJK ray cast converges on a curved surface only to its
    /// relative gap, in 11 (`f32`) to 22 (`f64`) support calls; this is one square
    /// root. Starting inside, the normal is zero (the ellipsoid is all core). An
    /// ellipsoid whose smallest axis is too far below the ray's lengths for the map to
    /// keep its digits (below `2^-56` of them in `f32`) takes the GJK ray cast.
    ///
    /// ```
    /// use gjk_core::{CastStatus, Ray, Transform3, Vec3};
    /// use gjk_shapes::Ellipsoid;
    ///
    /// let egg = Ellipsoid::new(Vec3::new(1.0_f64, 1.0, 2.0))?;
    /// let down = Ray::new(Vec3::new(0.0, 0.0, 6.0), Vec3::new(0.0, 0.0, -8.0));
    /// let out = egg.ray_cast(Transform3::IDENTITY, down);
    /// assert_eq!(out.status, CastStatus::Hit);
    /// assert_eq!((out.fraction, out.point, out.normal), (0.5, Vec3::new(0.0, 0.0, 2.0), Vec3::Z));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn ray_cast(&self, xf: Transform3<S>, ray: Ray<S, Vec3<S>>) -> CastOutput<S, Vec3<S>> {
        ellipse_ray_cast(self, self.semi_axes(), xf, ray)
    }
}

impl<S: Scalar> Cuboid<S> {
    /// Where a ray first meets the box placed by `xf`, by the slab test in the box's
    /// frame, with the conventions of [`gjk_core::ray_cast`] (see [`CastOutput`]).
    ///
    /// Per axis the ray is between the two faces for a range of fractions; it enters
    /// the box at the largest of the ranges' lower ends, through the face that gives
    /// it, whose normal is the hit normal (through an edge or a corner, the first
    /// axis's face). A translation parallel to a face is handled without dividing by
    /// zero. The box is closed: a ray grazing a face hits it. Only differences and
    /// quotients are formed, so the relative precision does not depend on the size.
    ///
    /// ```
    /// use gjk_core::{CastStatus, Ray, Transform3, Vec3};
    /// use gjk_shapes::Cuboid;
    ///
    /// let table = Cuboid::new(Vec3::new(5.0_f64, 5.0, 1.0))?;
    /// let down = Ray::new(Vec3::new(1.0, 2.0, 5.0), Vec3::new(0.0, 0.0, -8.0));
    /// let out = table.ray_cast(Transform3::IDENTITY, down);
    /// assert_eq!(out.status, CastStatus::Hit);
    /// assert_eq!((out.fraction, out.normal), (0.5, Vec3::Z));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn ray_cast(&self, xf: Transform3<S>, ray: Ray<S, Vec3<S>>) -> CastOutput<S, Vec3<S>> {
        slab_ray_cast(self.half_extents(), xf, ray)
    }
}

impl<S: Scalar> Capsule3<S> {
    /// Where a ray first meets the capsule placed by `xf`, in closed form, with the
    /// conventions of [`gjk_core::ray_cast`] (see [`CastOutput`]).
    ///
    /// The capsule is the union of the cylinder about its core segment and the balls
    /// at its ends; a ray from outside enters it where it enters the first of them
    /// (the plane's `Capsule::ray_cast`, written once for both: across the axis the
    /// cylinder is a disc). Starting inside, the normal points from the nearest core
    /// point to the origin (zero on the core).
    ///
    /// ```
    /// use gjk_core::{CastStatus, Ray, Transform3, Vec3};
    /// use gjk_shapes::Capsule3;
    ///
    /// let capsule = Capsule3::new(Vec3::new(-1.0_f64, 0.0, 0.0), Vec3::new(1.0, 0.0, 0.0), 0.5)?;
    /// // Down onto the side, and along the axis onto a round end.
    /// let side = capsule.ray_cast(Transform3::IDENTITY, Ray::new(Vec3::new(0.5, 0.0, 2.0), Vec3::new(0.0, 0.0, -4.0)));
    /// assert_eq!((side.status, side.fraction, side.normal), (CastStatus::Hit, 0.375, Vec3::Z));
    /// let end = capsule.ray_cast(Transform3::IDENTITY, Ray::new(Vec3::new(-4.0, 0.0, 0.0), Vec3::new(5.0, 0.0, 0.0)));
    /// assert_eq!((end.fraction, end.normal), (0.5, -Vec3::X));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn ray_cast(&self, xf: Transform3<S>, ray: Ray<S, Vec3<S>>) -> CastOutput<S, Vec3<S>> {
        capsule_ray_cast(
            self,
            [self.a(), self.b()],
            self.radius(),
            xf,
            ray,
            side_entry,
        )
    }
}

/// Where the ray `from_a + t translation` enters the side of the capsule whose core
/// runs from the origin along `unit` for `length`, with the side's outward normal
/// there.
///
/// The side is a cylinder about the core's line: across the axis (the parts of
/// `from_a` and `translation` perpendicular to it, with the same fractions) it is the
/// disc of `radius`, entered as [`disc_entry`] finds; the entry counts when its point
/// lies between the core's ends along the axis.
#[inline]
fn side_entry<S: Scalar>(
    from_a: Vec3<S>,
    translation: Vec3<S>,
    unit: Vec3<S>,
    length: S,
    radius: S,
) -> Option<(S, Vec3<S>)> {
    let across = from_a - unit * from_a.dot(unit);
    let across_rate = translation - unit * translation.dot(unit);
    let DiscEntry::Enters(fraction, normal) = disc_entry(across, across_rate, radius) else {
        return None;
    };
    let along = from_a.dot(unit) + translation.dot(unit) * fraction;
    (along >= S::ZERO && along <= length).then_some((fraction, normal))
}

#[cfg(test)]
mod tests {
    use gjk_core::{CastStatus, Quat, support_ray_cast};

    use super::*;

    fn ray(origin: [f64; 3], translation: [f64; 3]) -> Ray<f64, Vec3<f64>> {
        Ray::new(Vec3::from(origin), Vec3::from(translation))
    }

    #[test]
    fn sphere_ray_hits_the_near_side_off_centre_with_the_outward_normal() {
        let ball = Sphere::new(Vec3::ZERO, 1.0).unwrap();
        // The line at height 0.6 and depth 0 meets the unit sphere at x = -0.8.
        let r = ray([-4.0, 0.6, 0.0], [8.0, 0.0, 0.0]);
        let out = ball.ray_cast(Transform3::IDENTITY, r);
        assert_eq!(out.status, CastStatus::Hit);
        assert!((out.fraction - 3.2 / 8.0).abs() < 1e-16);
        assert!((out.normal - Vec3::new(-0.8, 0.6, 0.0)).length() < 1e-15);
        assert_eq!(out.point, r.point_at(out.fraction));
        // The GJK ray cast agrees.
        let gjk = support_ray_cast(&ball, Transform3::IDENTITY, r);
        assert!((gjk.fraction - out.fraction).abs() < 1e-14, "{gjk:?}");
    }

    #[test]
    fn sphere_ray_starting_inside_points_from_the_centre_and_misses_away() {
        let ball = Sphere::new(Vec3::new(0.0, 0.0, 1.0), 1.0).unwrap();
        let inside = ball.ray_cast(Transform3::IDENTITY, ray([0.0, 0.5, 1.0], [3.0, 0.0, 0.0]));
        assert_eq!(inside.status, CastStatus::StartsInside);
        assert_eq!((inside.fraction, inside.normal), (0.0, Vec3::Y));
        let away = ball.ray_cast(
            Transform3::IDENTITY,
            ray([0.0, 0.0, -4.0], [0.0, 0.0, -8.0]),
        );
        assert_eq!((away.status, away.fraction), (CastStatus::Miss, 1.0));
        let beside = ball.ray_cast(
            Transform3::IDENTITY,
            ray([-4.0, 0.0, 2.0 + 1e-12], [8.0, 0.0, 0.0]),
        );
        assert_eq!(beside.status, CastStatus::Miss);
    }

    #[test]
    fn sphere_ray_far_from_the_origin_and_tiny_keeps_its_precision() {
        // A ball of radius 1e-30 at 1e-29: the products are computed at a scale where
        // they keep their digits, as in the plane.
        let tiny = Sphere::new(Vec3::new(1e-29, 0.0, 0.0), 1e-30).unwrap();
        let out = tiny.ray_cast(
            Transform3::IDENTITY,
            ray([0.0, 0.0, 0.0], [2e-29, 0.0, 0.0]),
        );
        assert_eq!(out.status, CastStatus::Hit);
        assert!((out.fraction - 0.45).abs() < 1e-15, "{out:?}");
        let far = Transform3::from_translation(Vec3::new(1e4, -1e4, 1e4));
        let unit = Sphere::new(Vec3::ZERO, 1.0).unwrap();
        let r = ray([1e4 - 3.0, -1e4, 1e4], [4.0, 0.0, 0.0]);
        let out = unit.ray_cast(far, r);
        assert!((out.fraction - 0.5).abs() < 1e-15, "{out:?}");
    }

    #[test]
    fn cuboid_ray_enters_through_each_face_with_its_normal() {
        let crate_box = Cuboid::new(Vec3::new(2.0, 1.0, 0.5)).unwrap();
        let cases = [
            (ray([-6.0, 0.5, 0.25], [8.0, 0.0, 0.0]), 0.5, -Vec3::X),
            (ray([6.0, 0.5, 0.25], [-8.0, 0.0, 0.0]), 0.5, Vec3::X),
            (ray([1.0, -5.0, 0.25], [0.0, 8.0, 0.0]), 0.5, -Vec3::Y),
            (ray([1.0, 5.0, 0.25], [0.0, -8.0, 0.0]), 0.5, Vec3::Y),
            (ray([1.0, 0.5, -4.5], [0.0, 0.0, 8.0]), 0.5, -Vec3::Z),
            (ray([1.0, 0.5, 4.5], [0.0, 0.0, -8.0]), 0.5, Vec3::Z),
        ];
        for (r, fraction, normal) in cases {
            let out = crate_box.ray_cast(Transform3::IDENTITY, r);
            assert_eq!(
                (out.status, out.fraction, out.normal),
                (CastStatus::Hit, fraction, normal)
            );
            assert_eq!(out.point, r.point_at(fraction));
        }
    }

    #[test]
    fn cuboid_ray_turned_grazing_inside_and_bad_input() {
        let cube = Cuboid::new(Vec3::new(1.0, 1.0, 1.0)).unwrap();
        // A quarter turn about z: the face against -y is still a face.
        let turn = Quat::from_axis_angle(Vec3::Z, core::f64::consts::FRAC_PI_2).unwrap();
        let turned = Transform3::new(Vec3::ZERO, turn);
        let out = cube.ray_cast(turned, ray([0.0, -4.0, 0.0], [0.0, 8.0, 0.0]));
        assert!((out.fraction - 0.375).abs() < 1e-15 && (out.normal + Vec3::Y).length() < 1e-15);
        // Along a face's plane: the closed box is hit; a hair outside, missed.
        let along = cube.ray_cast(Transform3::IDENTITY, ray([-4.0, 1.0, 0.0], [8.0, 0.0, 0.0]));
        assert_eq!(along.status, CastStatus::Hit);
        let outside = ray([-4.0, 1.0 + 1e-15, 0.0], [8.0, 0.0, 0.0]);
        assert_eq!(
            cube.ray_cast(Transform3::IDENTITY, outside).status,
            CastStatus::Miss
        );
        let inside = cube.ray_cast(Transform3::IDENTITY, ray([0.5, 0.0, 0.0], [8.0, 0.0, 0.0]));
        assert_eq!(
            (inside.status, inside.normal),
            (CastStatus::StartsInside, Vec3::ZERO)
        );
        let nan = cube.ray_cast(
            Transform3::IDENTITY,
            ray([f64::NAN, 0.0, 0.0], [1.0, 0.0, 0.0]),
        );
        assert_eq!(nan.status, CastStatus::InvalidInput);
        let stretched = Transform3::new(
            Vec3::ZERO,
            Quat {
                x: 0.0,
                y: 0.0,
                z: 0.0,
                w: 2.0,
            },
        );
        let bad = cube.ray_cast(stretched, ray([-4.0, 0.0, 0.0], [8.0, 0.0, 0.0]));
        assert_eq!(bad.status, CastStatus::InvalidInput);
    }

    #[test]
    fn capsule_ray_meets_the_side_the_ends_and_agrees_with_gjk() {
        let capsule =
            Capsule3::new(Vec3::new(-1.0, 0.0, 0.0), Vec3::new(1.0, 0.0, 0.0), 0.5).unwrap();
        // Obliquely onto the cylinder: the line along (0, -1, 1) at x = 0.3 meets the
        // circle of radius 0.5 in the plane x = 0.3 at the point of y = -z.
        let r = ray([0.3, 2.0, -2.0], [0.0, -4.0, 4.0]);
        let out = capsule.ray_cast(Transform3::IDENTITY, r);
        assert_eq!(out.status, CastStatus::Hit);
        let h = 0.5 / 2.0_f64.sqrt();
        assert!(
            (out.point - Vec3::new(0.3, h, -h)).length() < 1e-15,
            "{out:?}"
        );
        assert!((out.normal - Vec3::new(0.0, 1.0, -1.0) / 2.0_f64.sqrt()).length() < 1e-15);
        // Past the end along the side's line: the round end takes it.
        let past = ray([1.4, 2.0, 0.0], [0.0, -4.0, 0.0]);
        let out = capsule.ray_cast(Transform3::IDENTITY, past);
        let expected = 2.0 - (0.25_f64 - 0.16).sqrt();
        assert!((out.fraction * 4.0 - expected).abs() < 1e-15, "{out:?}");
        for r in [r, past, ray([-3.0, 0.1, 0.2], [6.0, 0.0, 0.1])] {
            let exact = capsule.ray_cast(Transform3::IDENTITY, r);
            let gjk = support_ray_cast(&capsule, Transform3::IDENTITY, r);
            assert_eq!(exact.status, gjk.status);
            assert!(
                (exact.fraction - gjk.fraction).abs() < 1e-12,
                "{exact:?} {gjk:?}"
            );
        }
        let inside = capsule.ray_cast(Transform3::IDENTITY, ray([0.5, 0.0, 0.25], [1.0, 0.0, 0.0]));
        assert_eq!(
            (inside.status, inside.normal),
            (CastStatus::StartsInside, Vec3::Z)
        );
        let degenerate = Capsule3::new(Vec3::ZERO, Vec3::ZERO, 1.0).unwrap();
        let ball =
            degenerate.ray_cast(Transform3::IDENTITY, ray([-4.0, 0.0, 0.0], [8.0, 0.0, 0.0]));
        assert_eq!((ball.fraction, ball.normal), (0.375, -Vec3::X));
    }
}
