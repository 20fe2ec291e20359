//! `Aabb`: an axis-aligned bounding box.

use crate::{Scalar, Vec2};

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
