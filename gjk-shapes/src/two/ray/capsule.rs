//! `Capsule::ray_cast`: the capsule as its two side faces and two end discs.

use gjk_core::{CastOutput, Ray, Scalar, Transform, Vec2};

use crate::Capsule;
use crate::ray::capsule_ray_cast;

impl<S: Scalar> Capsule<S> {
    /// Where a ray first meets the capsule placed by `xf`, in closed form, with the
    /// conventions of [`gjk_core::ray_cast`] (see [`CastOutput`]).
    ///
    /// The capsule is the union of the rectangle along its core segment and the discs
    /// at its two ends, and a ray from outside enters a union first where it enters
    /// the first of its parts. A ray entering the rectangle through an end enters that
    /// end's disc no later, so only the two long sides of the rectangle are tested,
    /// each a line at distance `radius` from the core; the discs are solved as for
    /// [`Circle::ray_cast`](crate::Circle::ray_cast). Starting inside, the normal
    /// points from the nearest core point to the origin (zero on the core).
    ///
    /// ```
    /// use gjk_core::{CastStatus, Ray, Transform, Vec2};
    /// use gjk_shapes::Capsule;
    ///
    /// let capsule = Capsule::new(Vec2::new(-1.0_f64, 0.0), Vec2::new(1.0, 0.0), 0.5)?;
    /// // Down onto the flat side, and along the axis onto the round end.
    /// let side = capsule.ray_cast(Transform::IDENTITY, Ray::new(Vec2::new(0.5, 2.0), Vec2::new(0.0, -4.0)));
    /// assert_eq!((side.status, side.fraction, side.normal), (CastStatus::Hit, 0.375, Vec2::new(0.0, 1.0)));
    /// let end = capsule.ray_cast(Transform::IDENTITY, Ray::new(Vec2::new(-4.0, 0.0), Vec2::new(5.0, 0.0)));
    /// assert_eq!((end.fraction, end.normal), (0.5, Vec2::new(-1.0, 0.0)));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn ray_cast(&self, xf: Transform<S>, ray: Ray<S>) -> CastOutput<S> {
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

/// Where the ray `from_a + t translation` enters a side of the capsule whose core runs
/// from the origin along `unit` for `length`, with the side's outward normal there.
///
/// In the frame along the core (`along` from its start, `across` to its left) the
/// sides are the lines `across = +-radius`. From outside the slab between them, the
/// ray meets the near side where its `across` has come down to the radius; the entry
/// counts when it lies between the core's ends.
#[inline]
fn side_entry<S: Scalar>(
    from_a: Vec2<S>,
    translation: Vec2<S>,
    unit: Vec2<S>,
    length: S,
    radius: S,
) -> Option<(S, Vec2<S>)> {
    let left = unit.perp();
    let across = from_a.dot(left);
    let across_rate = translation.dot(left);
    let side = if across > S::ZERO { S::ONE } else { -S::ONE };
    let approaching = across_rate * side < S::ZERO;
    if across.abs() > radius && approaching {
        let fraction = (across.abs() - radius) / across_rate.abs();
        let along = from_a.dot(unit) + translation.dot(unit) * fraction;
        if along >= S::ZERO && along <= length {
            return Some((fraction, left * side));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use gjk_core::{CastStatus, Vec2};

    use super::*;

    fn ray(origin: (f64, f64), translation: (f64, f64)) -> Ray<f64> {
        Ray::new(
            Vec2::new(origin.0, origin.1),
            Vec2::new(translation.0, translation.1),
        )
    }

    fn capsule() -> Capsule<f64> {
        Capsule::new(Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0), 0.5).unwrap()
    }

    #[test]
    fn capsule_ray_hits_sides_and_ends() {
        let c = capsule();
        let below = c.ray_cast(Transform::IDENTITY, ray((0.25, -3.0), (0.0, 5.0)));
        assert_eq!(below.status, CastStatus::Hit);
        assert_eq!(below.fraction, 0.5);
        assert_eq!(below.normal, Vec2::new(0.0, -1.0));
        let right = c.ray_cast(Transform::IDENTITY, ray((4.0, 0.3), (-4.0, 0.0)));
        // (x - 1)^2 + 0.09 = 0.25 at x = 1.4.
        assert!((right.fraction - 0.65).abs() < 1e-15);
        assert!((right.normal - Vec2::new(0.8, 0.6)).length() < 1e-15);
    }

    #[test]
    fn capsule_ray_grazing_a_side_hits_and_parallel_outside_misses() {
        let c = capsule();
        let graze = c.ray_cast(Transform::IDENTITY, ray((-4.0, 0.5), (8.0, 0.0)));
        assert_eq!(graze.status, CastStatus::Hit);
        // Along the side line y = 0.5 the first point of the capsule is the top of
        // the left end disc, (-1, 0.5).
        assert!((graze.fraction - 3.0 / 8.0).abs() <= 1e-16, "{graze:?}");
        assert!((graze.normal - Vec2::new(0.0, 1.0)).length() <= 1e-15);
        let beside = c.ray_cast(Transform::IDENTITY, ray((-4.0, 0.5 + 1e-15), (8.0, 0.0)));
        assert_eq!(beside.status, CastStatus::Miss);
    }

    #[test]
    fn capsule_ray_from_inside_points_away_from_the_core() {
        let c = capsule();
        let out = c.ray_cast(Transform::IDENTITY, ray((0.3, 0.25), (1.0, 1.0)));
        assert_eq!(out.status, CastStatus::StartsInside);
        assert!((out.normal - Vec2::new(0.0, 1.0)).length() <= 1e-15);
        let on_core = c.ray_cast(Transform::IDENTITY, ray((0.3, 0.0), (1.0, 1.0)));
        assert_eq!(on_core.normal, Vec2::ZERO);
        let in_cap = c.ray_cast(Transform::IDENTITY, ray((1.3, 0.0), (1.0, 1.0)));
        assert_eq!(in_cap.normal, Vec2::new(1.0, 0.0));
    }

    #[test]
    fn turned_capsule_and_point_capsule() {
        let xf = Transform::from_position_angle(Vec2::new(2.0, 1.0), core::f64::consts::FRAC_PI_2);
        // Turned upright around (2, 1): the side x = 2.5 faces +x.
        let out = capsule().ray_cast(xf, ray((5.0, 1.2), (-5.0, 0.0)));
        assert_eq!(out.status, CastStatus::Hit);
        assert!((out.fraction - 0.5).abs() < 1e-15);
        assert!((out.normal - Vec2::new(1.0, 0.0)).length() < 1e-15);
        let round = Capsule::new(Vec2::new(1.0, 1.0), Vec2::new(1.0, 1.0), 1.0).unwrap();
        let out = round.ray_cast(Transform::IDENTITY, ray((1.0, -3.0), (0.0, 6.0)));
        assert_eq!(out.fraction, 0.5);
        assert_eq!(out.normal, Vec2::new(0.0, -1.0));
    }
}
