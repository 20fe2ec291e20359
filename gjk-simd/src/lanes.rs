//! Structure-of-arrays lane types: eight 2D vectors in two `f32x8` registers, and
//! lane masks (`f32x8` lanes of all ones or all zeros, as `wide`'s comparisons give).
//!
//! Every operation does, lane by lane, exactly the `f32` arithmetic of the scalar
//! [`Vec2`] operation of the same name, in the same order (no fused multiply-add:
//! neither Rust nor `wide` contracts `a * b + c`), so a lane computes the same bits as
//! the scalar kernel.

use core::ops::{Add, Neg, Sub};

use gjk_core::{Transform, Vec2};
use wide::{CmpGt, CmpLe, f32x8};

/// Lanes per batch.
pub const LANES: usize = 8;

/// A lane mask: all bits set in the lanes where a condition holds.
pub type Mask = f32x8;

/// Eight 2D vectors, one per lane.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Vec2x8 {
    /// The x coordinates.
    pub x: f32x8,
    /// The y coordinates.
    pub y: f32x8,
}

impl Vec2x8 {
    /// Zero in every lane.
    pub const ZERO: Self = Self {
        x: f32x8::ZERO,
        y: f32x8::ZERO,
    };

    /// The vectors of `lanes`, lane `i` from `lanes[i]`.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// use gjk_simd::Vec2x8;
    /// let lanes = [Vec2::new(1.0, 2.0); 8];
    /// assert_eq!(Vec2x8::from_lanes(lanes).lane(3), Vec2::new(1.0, 2.0));
    /// ```
    pub fn from_lanes(lanes: [Vec2<f32>; LANES]) -> Self {
        Self {
            x: f32x8::new(lanes.map(|v| v.x)),
            y: f32x8::new(lanes.map(|v| v.y)),
        }
    }

    /// The vector of lane `index` (zero for an index past the last lane).
    pub fn lane(self, index: usize) -> Vec2<f32> {
        let (x, y) = (self.x.to_array(), self.y.to_array());
        match (x.get(index), y.get(index)) {
            (Some(&x), Some(&y)) => Vec2::new(x, y),
            _ => Vec2::ZERO,
        }
    }

    /// [`Vec2::dot`] per lane.
    #[inline(always)]
    pub fn dot(self, other: Self) -> f32x8 {
        self.x * other.x + self.y * other.y
    }

    /// [`Vec2::cross`] per lane.
    #[inline(always)]
    pub fn cross(self, other: Self) -> f32x8 {
        self.x * other.y - self.y * other.x
    }

    /// [`Vec2::perp`] per lane.
    #[inline(always)]
    pub fn perp(self) -> Self {
        Self {
            x: negate(self.y),
            y: self.x,
        }
    }

    /// [`Vec2::length_squared`] per lane.
    #[inline(always)]
    pub fn length_squared(self) -> f32x8 {
        self.dot(self)
    }

    /// `self * factor` per lane.
    #[inline(always)]
    pub fn scale(self, factor: f32x8) -> Self {
        Self {
            x: self.x * factor,
            y: self.y * factor,
        }
    }

    /// `on_true` where `mask` is set, `self` elsewhere.
    #[inline(always)]
    pub fn replaced(self, mask: Mask, on_true: Self) -> Self {
        Self {
            x: mask.blend(on_true.x, self.x),
            y: mask.blend(on_true.y, self.y),
        }
    }

    /// [`Vec2::normalize`] per lane: the unit vector (scaled by the largest coordinate
    /// first, as the scalar one is) and the lanes where it exists (a finite vector
    /// that is not zero). Other lanes hold garbage.
    #[inline(always)]
    pub fn normalized(self) -> (Self, Mask) {
        let largest = self.x.abs().max(self.y.abs());
        let exists = greater(largest, f32x8::ZERO) & self.is_finite();
        let scaled = Self {
            x: self.x / largest,
            y: self.y / largest,
        };
        let length = scaled.length_squared().sqrt();
        let unit = Self {
            x: scaled.x / length,
            y: scaled.y / length,
        };
        (unit, exists)
    }

    /// Lanes where both coordinates are finite.
    #[inline(always)]
    pub fn is_finite(self) -> Mask {
        self.x.is_finite() & self.y.is_finite()
    }
}

impl Add for Vec2x8 {
    type Output = Self;
    #[inline(always)]
    fn add(self, other: Self) -> Self {
        Self {
            x: self.x + other.x,
            y: self.y + other.y,
        }
    }
}

impl Sub for Vec2x8 {
    type Output = Self;
    #[inline(always)]
    fn sub(self, other: Self) -> Self {
        Self {
            x: self.x - other.x,
            y: self.y - other.y,
        }
    }
}

impl Neg for Vec2x8 {
    type Output = Self;
    #[inline(always)]
    fn neg(self) -> Self {
        Self {
            x: negate(self.x),
            y: negate(self.y),
        }
    }
}

/// IEEE negation per lane, the sign bit flipped, as the scalar `-x`. (`wide`'s `Neg`
/// computes `0 - x`, which gives `+0.0` for `+0.0` where `-x` gives `-0.0`: a sign
/// of zero that showed in normals, found by fuzzing the batch against the scalar
/// kernel.)
#[inline(always)]
pub fn negate(x: f32x8) -> f32x8 {
    x ^ f32x8::splat(-0.0)
}

/// Lanes where `a > b` (false for NaN).
#[inline(always)]
pub fn greater(a: f32x8, b: f32x8) -> Mask {
    a.cmp_gt(b)
}

/// Lanes where `a <= b` (false for NaN).
#[inline(always)]
pub fn at_most(a: f32x8, b: f32x8) -> Mask {
    a.cmp_le(b)
}

/// `on_true` where `mask` is set, `on_false` elsewhere.
#[inline(always)]
pub fn select(mask: Mask, on_true: f32x8, on_false: f32x8) -> f32x8 {
    mask.blend(on_true, on_false)
}

/// Eight rigid transforms, one per lane, with the scalar [`Transform`]'s arithmetic.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct TransformX8 {
    pub cos: f32x8,
    pub sin: f32x8,
    pub translation: Vec2x8,
}

impl TransformX8 {
    /// The transforms of `lanes`.
    pub fn from_lanes(lanes: &[Transform<f32>; LANES]) -> Self {
        Self {
            cos: f32x8::new(lanes.map(|xf| xf.rotation.cos)),
            sin: f32x8::new(lanes.map(|xf| xf.rotation.sin)),
            translation: Vec2x8::from_lanes(lanes.map(|xf| xf.translation)),
        }
    }

    /// [`Transform::is_valid`] per lane: a finite translation and a rotation of unit
    /// length within the scalar kernel's tolerance.
    #[inline(always)]
    pub fn is_valid(&self) -> Mask {
        let norm_squared = self.cos * self.cos + self.sin * self.sin;
        let unit = at_most(
            (norm_squared - f32x8::ONE).abs(),
            f32x8::splat(<f32 as gjk_core::Scalar>::UNIT_TOLERANCE),
        );
        self.translation.is_finite() & unit
    }

    /// [`Transform::inv_mul`] per lane: `other` in this transform's frame.
    #[inline(always)]
    pub fn inv_mul(&self, other: &Self) -> Self {
        Self {
            cos: self.cos * other.cos + self.sin * other.sin,
            sin: self.cos * other.sin - self.sin * other.cos,
            translation: self.inv_rotate(other.translation - self.translation),
        }
    }

    /// `Rot::rotate` per lane.
    #[inline(always)]
    pub fn rotate(&self, v: Vec2x8) -> Vec2x8 {
        Vec2x8 {
            x: self.cos * v.x - self.sin * v.y,
            y: self.sin * v.x + self.cos * v.y,
        }
    }

    /// `Rot::inv_rotate` per lane.
    #[inline(always)]
    pub fn inv_rotate(&self, v: Vec2x8) -> Vec2x8 {
        Vec2x8 {
            x: self.cos * v.x + self.sin * v.y,
            y: negate(self.sin) * v.x + self.cos * v.y,
        }
    }

    /// [`Transform::transform_point`] per lane.
    #[inline(always)]
    pub fn transform_point(&self, point: Vec2x8) -> Vec2x8 {
        self.rotate(point) + self.translation
    }
}
