//! `Aabb3`: a 3D axis-aligned bounding box.

use crate::{Scalar, Vec3};

/// A 3D axis-aligned bounding box, `min <= max` component-wise when valid. The 3D
/// counterpart of [`Aabb`](crate::Aabb), with the same methods but the ray cast (there
/// is no 3D ray type yet).
///
/// ```
/// use gjk_core::{Aabb3, Vec3};
///
/// let a = Aabb3::new(Vec3::new(0.0_f32, 0.0, 0.0), Vec3::new(2.0, 1.0, 1.0));
/// let b = Aabb3::new(Vec3::new(1.0_f32, 0.5, 0.5), Vec3::new(3.0, 3.0, 3.0));
/// assert!(a.overlaps(b));
/// assert_eq!(a.union(b), Aabb3::new(Vec3::ZERO, Vec3::new(3.0, 3.0, 3.0)));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::AnyBitPattern))]
#[repr(C)]
pub struct Aabb3<S> {
    /// The corner with the smallest coordinates.
    pub min: Vec3<S>,
    /// The corner with the largest coordinates.
    pub max: Vec3<S>,
}

impl<S: Scalar> Aabb3<S> {
    /// A box from its corners.
    ///
    /// ```
    /// use gjk_core::{Aabb3, Vec3};
    /// let b = Aabb3::new(Vec3::splat(-1.0_f32), Vec3::splat(1.0));
    /// assert_eq!(b.center(), Vec3::ZERO);
    /// ```
    #[inline]
    pub const fn new(min: Vec3<S>, max: Vec3<S>) -> Self {
        Self { min, max }
    }

    /// The box around a point grown by `radius` on every side.
    ///
    /// ```
    /// use gjk_core::{Aabb3, Vec3};
    /// let b = Aabb3::around(Vec3::new(1.0_f32, 1.0, 1.0), 0.5);
    /// assert_eq!(b, Aabb3::new(Vec3::splat(0.5), Vec3::splat(1.5)));
    /// ```
    #[inline]
    pub fn around(point: Vec3<S>, radius: S) -> Self {
        let r = Vec3::splat(radius);
        Self::new(point - r, point + r)
    }

    /// The centre `(min + max) / 2`.
    ///
    /// ```
    /// use gjk_core::{Aabb3, Vec3};
    /// let b = Aabb3::new(Vec3::ZERO, Vec3::new(2.0_f32, 4.0, 6.0));
    /// assert_eq!(b.center(), Vec3::new(1.0, 2.0, 3.0));
    /// ```
    #[inline]
    pub fn center(self) -> Vec3<S> {
        (self.min + self.max) * S::HALF
    }

    /// Half the size along each axis `(max - min) / 2`.
    ///
    /// ```
    /// use gjk_core::{Aabb3, Vec3};
    /// let b = Aabb3::new(Vec3::ZERO, Vec3::new(2.0_f32, 4.0, 6.0));
    /// assert_eq!(b.half_extents(), Vec3::new(1.0, 2.0, 3.0));
    /// ```
    #[inline]
    pub fn half_extents(self) -> Vec3<S> {
        (self.max - self.min) * S::HALF
    }

    /// Whether the two boxes share a point (touching counts).
    ///
    /// ```
    /// use gjk_core::{Aabb3, Vec3};
    /// let a = Aabb3::new(Vec3::ZERO, Vec3::splat(1.0_f32));
    /// let b = Aabb3::new(Vec3::new(1.0, 0.0, 0.0), Vec3::new(2.0, 1.0, 1.0));
    /// assert!(a.overlaps(b));
    /// ```
    #[inline]
    pub fn overlaps(self, other: Self) -> bool {
        self.min.x <= other.max.x
            && other.min.x <= self.max.x
            && self.min.y <= other.max.y
            && other.min.y <= self.max.y
            && self.min.z <= other.max.z
            && other.min.z <= self.max.z
    }

    /// Whether the point lies inside or on the box.
    ///
    /// ```
    /// use gjk_core::{Aabb3, Vec3};
    /// let a = Aabb3::new(Vec3::ZERO, Vec3::splat(1.0_f32));
    /// assert!(a.contains_point(Vec3::new(0.5, 1.0, 0.0)));
    /// assert!(!a.contains_point(Vec3::new(0.5, 0.5, 1.5)));
    /// ```
    #[inline]
    pub fn contains_point(self, point: Vec3<S>) -> bool {
        self.min.x <= point.x
            && point.x <= self.max.x
            && self.min.y <= point.y
            && point.y <= self.max.y
            && self.min.z <= point.z
            && point.z <= self.max.z
    }

    /// The smallest box containing both.
    ///
    /// ```
    /// use gjk_core::{Aabb3, Vec3};
    /// let a = Aabb3::around(Vec3::ZERO, 1.0_f32);
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

    fn unit_box() -> Aabb3<f64> {
        Aabb3::new(Vec3::splat(-1.0), Vec3::splat(1.0))
    }

    /// The unit box moved by `offset`.
    fn moved(offset: Vec3<f64>) -> Aabb3<f64> {
        let b = unit_box();
        Aabb3::new(b.min + offset, b.max + offset)
    }

    #[test]
    fn boxes_apart_along_any_single_axis_do_not_overlap() {
        let b = unit_box();
        for axis in [Vec3::X, Vec3::Y, Vec3::Z] {
            for sign in [1.0, -1.0] {
                // Touching faces count; a gap of a few epsilons does not, although
                // the boxes overlap along the other two axes.
                assert!(b.overlaps(moved(axis * (2.0 * sign))), "{axis:?}");
                let apart = moved(axis * ((2.0 + 4.0 * f64::EPSILON) * sign));
                assert!(!b.overlaps(apart), "{axis:?}");
                assert!(!apart.overlaps(b), "{axis:?}");
                assert!(b.overlaps(moved(axis * (1.5 * sign))), "{axis:?}");
            }
        }
        // Overlap is symmetric and a box overlaps itself.
        let offset = moved(Vec3::new(0.5, -1.9, 1.2));
        assert!(b.overlaps(offset) && offset.overlaps(b));
        assert!(b.overlaps(b));
    }

    #[test]
    fn contains_point_includes_the_faces_and_excludes_beyond_them() {
        let b = unit_box();
        assert!(b.contains_point(Vec3::ZERO));
        assert!(b.contains_point(Vec3::splat(1.0)));
        assert!(b.contains_point(Vec3::splat(-1.0)));
        let beyond = 1.0 + 2.0 * f64::EPSILON;
        for axis in [Vec3::X, Vec3::Y, Vec3::Z] {
            assert!(b.contains_point(axis));
            assert!(b.contains_point(-axis));
            assert!(!b.contains_point(axis * beyond), "{axis:?}");
            assert!(!b.contains_point(-axis * beyond), "{axis:?}");
        }
        assert!(!b.contains_point(Vec3::new(f64::NAN, 0.0, 0.0)));
    }

    #[test]
    fn union_center_and_half_extents() {
        let a = Aabb3::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 2.0, 3.0));
        let b = Aabb3::new(Vec3::new(-1.0, 1.0, 2.0), Vec3::new(0.5, 4.0, 2.5));
        let both = a.union(b);
        assert_eq!(
            both,
            Aabb3::new(Vec3::new(-1.0, 0.0, 0.0), Vec3::new(1.0, 4.0, 3.0))
        );
        assert_eq!(b.union(a), both);
        assert_eq!(both.center(), Vec3::new(0.0, 2.0, 1.5));
        assert_eq!(both.half_extents(), Vec3::new(1.0, 2.0, 1.5));
        let around = Aabb3::around(Vec3::new(1.0, -2.0, 3.0), 0.25);
        assert_eq!(around.center(), Vec3::new(1.0, -2.0, 3.0));
        assert_eq!(around.half_extents(), Vec3::splat(0.25));
        assert_eq!(Aabb3::<f32>::default(), Aabb3::new(Vec3::ZERO, Vec3::ZERO));
    }
}
