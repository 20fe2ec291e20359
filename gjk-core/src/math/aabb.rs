//! `Aabb`: an axis-aligned bounding box.

use crate::{Ray, Scalar, Vec2};

/// An axis-aligned bounding box, `min <= max` component-wise when valid.
///
/// ```
/// use gjk_core::{Aabb, Vec2};
///
/// let a = Aabb::new(Vec2::new(0.0_f32, 0.0), Vec2::new(2.0, 1.0));
/// let b = Aabb::new(Vec2::new(1.0_f32, 0.5), Vec2::new(3.0, 3.0));
/// assert!(a.overlaps(b));
/// assert_eq!(a.union(b), Aabb::new(Vec2::new(0.0, 0.0), Vec2::new(3.0, 3.0)));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::AnyBitPattern))]
#[repr(C)]
pub struct Aabb<S> {
    /// The lower-left corner.
    pub min: Vec2<S>,
    /// The upper-right corner.
    pub max: Vec2<S>,
}

impl<S: Scalar> Aabb<S> {
    /// A box from its corners.
    ///
    /// ```
    /// use gjk_core::{Aabb, Vec2};
    /// let b = Aabb::new(Vec2::new(-1.0_f32, -1.0), Vec2::new(1.0, 1.0));
    /// assert_eq!(b.center(), Vec2::ZERO);
    /// ```
    #[inline]
    pub const fn new(min: Vec2<S>, max: Vec2<S>) -> Self {
        Self { min, max }
    }

    /// The box around a point grown by `radius` on every side.
    ///
    /// ```
    /// use gjk_core::{Aabb, Vec2};
    /// let b = Aabb::around(Vec2::new(1.0_f32, 1.0), 0.5);
    /// assert_eq!(b, Aabb::new(Vec2::new(0.5, 0.5), Vec2::new(1.5, 1.5)));
    /// ```
    #[inline]
    pub fn around(point: Vec2<S>, radius: S) -> Self {
        let r = Vec2::new(radius, radius);
        Self::new(point - r, point + r)
    }

    /// The centre `(min + max) / 2`.
    ///
    /// ```
    /// use gjk_core::{Aabb, Vec2};
    /// assert_eq!(Aabb::new(Vec2::ZERO, Vec2::new(2.0_f32, 4.0)).center(), Vec2::new(1.0, 2.0));
    /// ```
    #[inline]
    pub fn center(self) -> Vec2<S> {
        (self.min + self.max) * S::HALF
    }

    /// Half the size along each axis `(max - min) / 2`.
    ///
    /// ```
    /// use gjk_core::{Aabb, Vec2};
    /// assert_eq!(Aabb::new(Vec2::ZERO, Vec2::new(2.0_f32, 4.0)).half_extents(), Vec2::new(1.0, 2.0));
    /// ```
    #[inline]
    pub fn half_extents(self) -> Vec2<S> {
        (self.max - self.min) * S::HALF
    }

    /// Whether the two boxes share a point (touching counts).
    ///
    /// ```
    /// use gjk_core::{Aabb, Vec2};
    /// let a = Aabb::new(Vec2::ZERO, Vec2::new(1.0_f32, 1.0));
    /// let b = Aabb::new(Vec2::new(1.0, 0.0), Vec2::new(2.0, 1.0));
    /// assert!(a.overlaps(b));
    /// ```
    #[inline]
    pub fn overlaps(self, other: Self) -> bool {
        self.min.x <= other.max.x
            && other.min.x <= self.max.x
            && self.min.y <= other.max.y
            && other.min.y <= self.max.y
    }

    /// Whether the point lies inside or on the box.
    ///
    /// ```
    /// use gjk_core::{Aabb, Vec2};
    /// let a = Aabb::new(Vec2::ZERO, Vec2::new(1.0_f32, 1.0));
    /// assert!(a.contains_point(Vec2::new(0.5, 1.0)));
    /// assert!(!a.contains_point(Vec2::new(0.5, 1.5)));
    /// ```
    #[inline]
    pub fn contains_point(self, point: Vec2<S>) -> bool {
        self.min.x <= point.x
            && point.x <= self.max.x
            && self.min.y <= point.y
            && point.y <= self.max.y
    }

    /// The fraction at which a ray enters the box (the slab test), or `None` if it
    /// misses within `ray.max_fraction`.
    ///
    /// The box is closed: a ray that only grazes a face or passes exactly through a
    /// corner hits it. Conventions:
    ///
    /// - a ray starting inside or on the box enters at fraction 0;
    /// - a zero component of the translation makes the ray parallel to that slab: it is
    ///   handled explicitly (inside the slab for every fraction, or outside for every
    ///   fraction) instead of dividing by zero, which would give NaN for an origin on
    ///   the slab's boundary; a zero-length ray hits only if it starts in the box;
    /// - a NaN or infinite ray, a negative or NaN `max_fraction`, or a box with a NaN
    ///   corner gives `None`, as does a box with `min > max` (empty).
    ///
    /// Per axis, the ray is within the slab `[min, max]` for fractions between
    /// `(min - o) / d` and `(max - o) / d` (swapped when `d < 0`); it is in the box where
    /// all the slab intervals and `[0, max_fraction]` overlap, and enters at the
    /// largest of their lower ends.
    ///
    /// ```
    /// use gjk_core::{Aabb, Ray, Vec2};
    ///
    /// let b = Aabb::new(Vec2::new(-1.0_f32, -1.0), Vec2::new(1.0, 1.0));
    /// // Box2D's case: from (-4, 0) along (8, 0) enters at 3/8.
    /// assert_eq!(b.ray_cast(Ray::new(Vec2::new(-4.0, 0.0), Vec2::new(8.0, 0.0))), Some(0.375));
    /// // Grazing the top face still counts.
    /// assert_eq!(b.ray_cast(Ray::new(Vec2::new(-4.0, 1.0), Vec2::new(8.0, 0.0))), Some(0.375));
    /// // Starting inside: fraction 0. Passing above: a miss.
    /// assert_eq!(b.ray_cast(Ray::new(Vec2::ZERO, Vec2::new(8.0, 0.0))), Some(0.0));
    /// assert_eq!(b.ray_cast(Ray::new(Vec2::new(-4.0, 1.5), Vec2::new(8.0, 0.0))), None);
    /// ```
    #[inline]
    pub fn ray_cast(self, ray: Ray<S>) -> Option<S> {
        let usable = ray.origin.is_finite()
            && ray.translation.is_finite()
            && ray.max_fraction >= S::ZERO
            && ray.max_fraction.is_finite()
            && !(self.min.x.is_nan() || self.min.y.is_nan())
            && !(self.max.x.is_nan() || self.max.y.is_nan());
        if !usable {
            return None;
        }
        let mut enter = S::ZERO;
        let mut exit = ray.max_fraction;
        let slabs = [
            (ray.origin.x, ray.translation.x, self.min.x, self.max.x),
            (ray.origin.y, ray.translation.y, self.min.y, self.max.y),
        ];
        for (origin, direction, min, max) in slabs {
            if direction == S::ZERO {
                // Parallel: in the slab at every fraction or at none.
                if origin < min || origin > max {
                    return None;
                }
                continue;
            }
            let to_min = (min - origin) / direction;
            let to_max = (max - origin) / direction;
            let (near, far) = if direction > S::ZERO {
                (to_min, to_max)
            } else {
                (to_max, to_min)
            };
            enter = enter.max(near);
            exit = exit.min(far);
            if enter > exit {
                return None;
            }
        }
        Some(enter)
    }

    /// The smallest box containing both.
    ///
    /// ```
    /// use gjk_core::{Aabb, Vec2};
    /// let a = Aabb::around(Vec2::ZERO, 1.0_f32);
    /// assert_eq!(a.union(a), a);
    /// ```
    #[inline]
    pub fn union(self, other: Self) -> Self {
        Self::new(self.min.min(other.min), self.max.max(other.max))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit_box() -> Aabb<f64> {
        Aabb::new(Vec2::new(-1.0, -1.0), Vec2::new(1.0, 1.0))
    }

    fn ray(origin: (f64, f64), translation: (f64, f64)) -> Ray<f64> {
        Ray::new(
            Vec2::new(origin.0, origin.1),
            Vec2::new(translation.0, translation.1),
        )
    }

    #[test]
    fn aabb_ray_enters_at_the_nearest_face_from_every_side() {
        let b = unit_box();
        assert_eq!(b.ray_cast(ray((-4.0, 0.5), (8.0, 0.0))), Some(0.375));
        assert_eq!(b.ray_cast(ray((4.0, 0.5), (-8.0, 0.0))), Some(0.375));
        assert_eq!(b.ray_cast(ray((0.5, -5.0), (0.0, 8.0))), Some(0.5));
        assert_eq!(b.ray_cast(ray((0.5, 5.0), (0.0, -8.0))), Some(0.5));
        // A slanted ray enters through the face it reaches last: x = -1 at 1/4,
        // y = -1 at 1/2.
        assert_eq!(b.ray_cast(ray((-3.0, -3.0), (8.0, 4.0))), Some(0.5));
    }

    #[test]
    fn aabb_rays_grazing_a_face_hit_and_just_outside_miss() {
        let b = unit_box();
        for y in [1.0, -1.0] {
            assert_eq!(b.ray_cast(ray((-4.0, y), (8.0, 0.0))), Some(0.375));
            assert_eq!(b.ray_cast(ray((4.0, y), (-8.0, 0.0))), Some(0.375));
        }
        let above = 1.0 + f64::EPSILON;
        assert_eq!(b.ray_cast(ray((-4.0, above), (8.0, 0.0))), None);
        // Along a vertical face, upwards and downwards.
        assert_eq!(b.ray_cast(ray((1.0, -3.0), (0.0, 4.0))), Some(0.5));
        assert_eq!(b.ray_cast(ray((-1.0, 3.0), (0.0, -4.0))), Some(0.5));
    }

    #[test]
    fn aabb_rays_through_a_corner_hit_and_beside_it_miss() {
        let b = unit_box();
        // Diagonal through the corner (1, 1) only: enters and leaves at the same
        // fraction.
        assert_eq!(b.ray_cast(ray((0.0, 2.0), (2.0, -2.0))), Some(0.5));
        assert_eq!(b.ray_cast(ray((3.0, 3.0), (-4.0, -4.0))), Some(0.5));
        assert_eq!(b.ray_cast(ray((0.0, 2.0 + 1e-12), (2.0, -2.0))), None);
        // Crossing the box diagonally from corner to corner.
        assert_eq!(b.ray_cast(ray((-2.0, -2.0), (4.0, 4.0))), Some(0.25));
    }

    #[test]
    fn aabb_ray_starting_inside_or_on_the_box_enters_at_zero() {
        let b = unit_box();
        assert_eq!(b.ray_cast(ray((0.0, 0.0), (5.0, 1.0))), Some(0.0));
        assert_eq!(b.ray_cast(ray((1.0, 0.0), (5.0, 1.0))), Some(0.0));
        assert_eq!(b.ray_cast(ray((1.0, 1.0), (-5.0, 0.0))), Some(0.0));
    }

    #[test]
    fn aabb_zero_length_and_short_rays() {
        let b = unit_box();
        assert_eq!(b.ray_cast(ray((0.5, 0.5), (0.0, 0.0))), Some(0.0));
        assert_eq!(b.ray_cast(ray((1.0, -1.0), (0.0, 0.0))), Some(0.0));
        assert_eq!(b.ray_cast(ray((2.0, 0.5), (0.0, 0.0))), None);
        // Ends before the box, and exactly on it.
        assert_eq!(b.ray_cast(ray((-4.0, 0.0), (2.0, 0.0))), None);
        assert_eq!(b.ray_cast(ray((-4.0, 0.0), (3.0, 0.0))), Some(1.0));
        let mut limited = ray((-4.0, 0.0), (8.0, 0.0));
        limited.max_fraction = 0.25;
        assert_eq!(b.ray_cast(limited), None);
        limited.max_fraction = 0.375;
        assert_eq!(b.ray_cast(limited), Some(0.375));
    }

    #[test]
    fn aabb_ray_parallel_to_a_slab_outside_it_misses() {
        let b = unit_box();
        assert_eq!(b.ray_cast(ray((-4.0, 1.5), (8.0, 0.0))), None);
        assert_eq!(b.ray_cast(ray((1.5, -4.0), (0.0, 8.0))), None);
        assert_eq!(b.ray_cast(ray((1.5, -4.0), (-0.0, 8.0))), None);
    }

    #[test]
    fn aabb_ray_cast_rejects_nan_infinite_and_negative_input() {
        let b = unit_box();
        assert_eq!(b.ray_cast(ray((f64::NAN, 0.0), (1.0, 0.0))), None);
        assert_eq!(b.ray_cast(ray((0.0, 0.0), (f64::NAN, 0.0))), None);
        assert_eq!(b.ray_cast(ray((0.0, 0.0), (f64::INFINITY, 0.0))), None);
        let mut negative = ray((0.0, 0.0), (1.0, 0.0));
        negative.max_fraction = -1.0;
        assert_eq!(b.ray_cast(negative), None);
        negative.max_fraction = f64::NAN;
        assert_eq!(b.ray_cast(negative), None);
        let nan_box = Aabb::new(Vec2::new(f64::NAN, -1.0), Vec2::new(1.0, 1.0));
        assert_eq!(nan_box.ray_cast(ray((-4.0, 0.0), (8.0, 0.0))), None);
        let empty = Aabb::new(Vec2::new(1.0, -1.0), Vec2::new(-1.0, 1.0));
        assert_eq!(empty.ray_cast(ray((-4.0, 0.0), (8.0, 0.0))), None);
        assert_eq!(empty.ray_cast(ray((0.0, 0.0), (0.0, 1.0))), None);
    }

    #[test]
    fn aabb_ray_cast_keeps_relative_precision_on_large_boxes() {
        let big = Aabb::new(Vec2::new(-5000.0_f32, -5000.0), Vec2::new(5000.0, 5000.0));
        let r = Ray::new(Vec2::new(-20_000.0_f32, 1234.5), Vec2::new(40_000.0, 0.0));
        assert_eq!(big.ray_cast(r), Some(0.375));
        let small = Aabb::new(Vec2::new(-1.0_f32, -1.0), Vec2::new(1.0, 1.0));
        let r = Ray::new(Vec2::new(-4.0_f32, 0.2469), Vec2::new(8.0, 0.0));
        assert_eq!(small.ray_cast(r), Some(0.375));
    }
}
