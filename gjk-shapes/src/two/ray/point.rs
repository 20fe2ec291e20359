//! `Point::ray_cast`: a point has no area, so rays hit it only dead on.

use gjk_core::{CastOutput, Ray, Scalar, Transform, Vec2};

use crate::Point;
use crate::ray::{hit, invalid, local_ray, miss, starts_inside};

impl<S: Scalar> Point<S> {
    /// Where a ray meets the point placed by `xf`, with the conventions of
    /// [`gjk_core::ray_cast`] (see [`CastOutput`]).
    ///
    /// A point has no area: a ray hits it only if the point lies exactly on the ray
    /// (`(p - o) x d = 0` in the point's frame, with `t = (p - o) . d / d . d` in
    /// `[0, max_fraction]`), with the normal facing the ray; in practice rays miss,
    /// except those built through the point (axis-aligned ones, say). A ray starting
    /// exactly on the point starts inside, with a zero normal. Give the point a radius
    /// ([`Circle`](crate::Circle)) to hit it with rays near it.
    ///
    /// ```
    /// use gjk_core::{CastStatus, Ray, Transform, Vec2};
    /// use gjk_shapes::Point;
    ///
    /// let p = Point::new(Vec2::new(1.0_f32, 0.0))?;
    /// let through = p.ray_cast(Transform::IDENTITY, Ray::new(Vec2::new(-1.0, 0.0), Vec2::new(4.0, 0.0)));
    /// assert_eq!((through.status, through.fraction), (CastStatus::Hit, 0.5));
    /// let near = p.ray_cast(Transform::IDENTITY, Ray::new(Vec2::new(-1.0, 1e-3), Vec2::new(4.0, 0.0)));
    /// assert_eq!(near.status, CastStatus::Miss);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn ray_cast(&self, xf: Transform<S>, ray: Ray<S>) -> CastOutput<S> {
        let Some(local) = local_ray(xf, ray) else {
            return invalid();
        };
        let offset = self.position() - local.origin;
        if offset == Vec2::ZERO {
            return starts_inside(ray, Vec2::ZERO);
        }
        let Some(unit) = local.translation.normalize() else {
            return miss(ray);
        };
        let along = offset.dot(unit);
        if offset.cross(unit) != S::ZERO || along < S::ZERO {
            return miss(ray);
        }
        let fraction = along / local.translation.dot(unit);
        if fraction > ray.max_fraction {
            return miss(ray);
        }
        hit(ray, fraction, xf.rotation.rotate(-unit))
    }
}

#[cfg(test)]
mod tests {
    use gjk_core::CastStatus;

    use super::*;

    #[test]
    fn point_ray_hits_only_through_the_point() {
        let p = Point::new(Vec2::new(2.0, 3.0)).unwrap();
        let xf = Transform::from_translation(Vec2::new(-1.0, -1.0));
        let down = p.ray_cast(xf, Ray::new(Vec2::new(1.0, 4.0), Vec2::new(0.0, -4.0)));
        assert_eq!((down.status, down.fraction), (CastStatus::Hit, 0.5));
        assert_eq!(down.normal, Vec2::new(0.0, 1.0));
        assert_eq!(down.point, Vec2::new(1.0, 2.0));
        let short = p.ray_cast(xf, Ray::new(Vec2::new(1.0, 4.0), Vec2::new(0.0, -1.0)));
        assert_eq!(short.status, CastStatus::Miss);
        let away = p.ray_cast(xf, Ray::new(Vec2::new(1.0, 4.0), Vec2::new(0.0, 4.0)));
        assert_eq!(away.status, CastStatus::Miss);
        let on = p.ray_cast(xf, Ray::new(Vec2::new(1.0, 2.0), Vec2::new(0.0, 4.0)));
        assert_eq!(on.status, CastStatus::StartsInside);
        let still = p.ray_cast(xf, Ray::new(Vec2::new(1.0, 4.0), Vec2::ZERO));
        assert_eq!(still.status, CastStatus::Miss);
    }
}
