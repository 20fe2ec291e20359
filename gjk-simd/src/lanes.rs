//! Structure-of-arrays lane types: [`LaneFloat`], the SIMD vectors a batch runs on,
//! 2D vectors of lanes in two of them, and lane masks (lanes of all ones or all zeros,
//! as SIMD comparisons give).
//!
//! The portable lanes are `wide`'s types, one native register wide as this crate is
//! compiled: with AVX (`-C target-cpu=x86-64-v3`) `f32x8` and `f64x4`; without it
//! (baseline x86-64, wasm `simd128`, Arm, or no SIMD at all) `f32x4` and `f64x2`.
//! `wide` emulates a wider vector with two narrow ones, but a block of eight then
//! waits for the slowest of eight pairs where two blocks of four wait for the slowest
//! of four each: on baseline x86-64, octagon distance takes about 30 % less time per
//! pair with `f32x4` blocks than with emulated `f32x8` ones. On x86-64 the AVX2 and
//! AVX-512 lanes of `x86.rs` are chosen at run time instead (see `dispatch.rs`).
//!
//! Every operation does, lane by lane, exactly the scalar arithmetic of the [`Vec2`]
//! operation of the same name, in the same order (no fused multiply-add: neither Rust
//! nor the lane types contract `a * b + c`), so a lane computes the same bits as the
//! scalar kernel.
//!
//! Lane code must be inlined into the function that runs it: the AVX2 and AVX-512
//! lanes are compiled with those instructions only inside their `#[target_feature]`
//! entry functions. So every function over lane values is `#[inline(always)]` in
//! optimized builds and takes no closure that computes on lanes (a closure's body is a
//! function of its own, which the compiler may leave out of line, and a query whose
//! lane code is left out of line takes about 2.4 times as long per pair). Not in
//! debug builds (`debug_assertions`): there every temporary of the inlined loop keeps
//! a stack slot of its own, and an AVX-512 entry's frame reached 1.9 MB, past a
//! thread's default stack; called out of line the lane code is slower but computes the same bits.

use core::fmt::Debug;
use core::ops::{
    Add, AddAssign, BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Div, Mul, Neg, Not, Sub,
};

use gjk_core::{Scalar, Transform};
use wide::{CmpEq, CmpGe, CmpGt, CmpLe, CmpLt, f32x4, f32x8, f64x2, f64x4};

/// The portable lanes of an `f32` block: `f32x8` with AVX, `f32x4` without.
#[cfg(target_feature = "avx")]
pub type F32Lanes = f32x8;
/// The portable lanes of an `f32` block: `f32x8` with AVX, `f32x4` without.
#[cfg(not(target_feature = "avx"))]
pub type F32Lanes = f32x4;

/// The portable lanes of an `f64` block: `f64x4` with AVX, `f64x2` without.
#[cfg(target_feature = "avx")]
pub type F64Lanes = f64x4;
/// The portable lanes of an `f64` block: `f64x4` with AVX, `f64x2` without.
#[cfg(not(target_feature = "avx"))]
pub type F64Lanes = f64x2;

/// A lane mask: per lane, whether a condition holds. The portable and AVX2 lanes
/// keep masks in a vector register (all ones or all zeros per lane, as their
/// comparisons give: the mask type is the lane type); AVX-512 keeps them in a mask
/// register, one bit per lane, as its comparisons give and its blends take.
pub trait LaneMask:
    Copy
    + Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + Not<Output = Self>
{
    /// No lane set.
    fn clear() -> Self;
    /// Bit `i` set where lane `i` is set.
    fn bitmask(self) -> u32;
    /// `on_true` where `self` is set, `on_false` elsewhere.
    fn select(self, on_true: Self, on_false: Self) -> Self;

    /// Whether any lane is set.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn any(self) -> bool {
        self.bitmask() != 0
    }

    /// Whether no lane is set.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn none(self) -> bool {
        self.bitmask() == 0
    }
}

/// A SIMD vector of scalars, one per lane: `wide`'s `f32x4`, `f32x8`, `f64x2`,
/// `f64x4`, and on x86-64 the AVX2 and AVX-512 registers of `x86.rs`. The batch code
/// is written once over this trait. Comparisons are ordered: false where a lane is
/// NaN, as the scalar comparisons are.
pub trait LaneFloat:
    Copy
    + Debug
    + Send
    + Sync
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + AddAssign
    + BitAnd<Output = Self>
    + BitXor<Output = Self>
{
    /// The scalar of a lane.
    type Scalar: Scalar;
    /// One scalar per lane.
    type Array: Copy + Default + AsRef<[Self::Scalar]> + AsMut<[Self::Scalar]>;
    /// The masks of comparisons of these lanes.
    type Mask: LaneMask;
    /// How many lanes.
    const COUNT: usize;

    /// `value` in every lane.
    fn splat(value: Self::Scalar) -> Self;
    /// The lanes of `array`.
    fn from_array(array: Self::Array) -> Self;
    /// The lanes as an array.
    fn to_array(self) -> Self::Array;
    /// `on_true` where `mask` is set, `on_false` elsewhere.
    fn blend(mask: Self::Mask, on_true: Self, on_false: Self) -> Self;
    /// `|x|` per lane.
    fn abs(self) -> Self;
    /// The larger of the two per lane (for values that are not NaN).
    fn max(self, other: Self) -> Self;
    /// The correctly rounded square root per lane.
    fn sqrt(self) -> Self;
    /// Lanes where `self == other`.
    fn cmp_eq(self, other: Self) -> Self::Mask;
    /// Lanes where `self >= other`.
    fn cmp_ge(self, other: Self) -> Self::Mask;
    /// Lanes where `self > other`.
    fn cmp_gt(self, other: Self) -> Self::Mask;
    /// Lanes where `self <= other`.
    fn cmp_le(self, other: Self) -> Self::Mask;
    /// Lanes where `self < other`.
    fn cmp_lt(self, other: Self) -> Self::Mask;
    /// Lanes that are finite.
    fn is_finite(self) -> Self::Mask;
    /// Lanes that are NaN.
    fn is_nan(self) -> Self::Mask;

    /// The first [`COUNT`](Self::COUNT) scalars of `row` from `offset` on (zero past
    /// its end).
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn load(row: &[Self::Scalar], offset: usize) -> Self {
        let mut array = Self::Array::default();
        if let Some(values) = row.get(offset..offset + Self::COUNT) {
            array.as_mut().copy_from_slice(values);
        }
        Self::from_array(array)
    }

    /// Zero in every lane.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn zero() -> Self {
        Self::splat(<Self::Scalar as Scalar>::ZERO)
    }

    /// One in every lane.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn one() -> Self {
        Self::splat(<Self::Scalar as Scalar>::ONE)
    }

    /// The value `value` (exactly representable) in every lane.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn lit(value: f64) -> Self {
        Self::splat(<Self::Scalar as Scalar>::from_f64(value))
    }

    /// The lanes `0, 1, 2, ...`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn indices() -> Self {
        let mut array = Self::Array::default();
        let mut index = <Self::Scalar as Scalar>::ZERO;
        for slot in array.as_mut() {
            *slot = index;
            index = index + <Self::Scalar as Scalar>::ONE;
        }
        Self::from_array(array)
    }
}

/// Implements [`LaneFloat`] and [`LaneMask`] for a `wide` vector, its own mask type,
/// by forwarding to its own methods.
macro_rules! lane_float {
    ($lanes:ty, $scalar:ty, $count:expr) => {
        impl LaneMask for $lanes {
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn clear() -> Self {
                <$lanes>::splat(0.0)
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn bitmask(self) -> u32 {
                <$lanes>::move_mask(self) as u32
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn select(self, on_true: Self, on_false: Self) -> Self {
                <$lanes>::blend(self, on_true, on_false)
            }
        }

        impl LaneFloat for $lanes {
            type Scalar = $scalar;
            type Array = [$scalar; $count];
            type Mask = Self;
            const COUNT: usize = $count;

            #[cfg_attr(not(debug_assertions), inline(always))]
            fn splat(value: $scalar) -> Self {
                <$lanes>::splat(value)
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from_array(array: Self::Array) -> Self {
                <$lanes>::new(array)
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn to_array(self) -> Self::Array {
                <$lanes>::to_array(self)
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn blend(mask: Self, on_true: Self, on_false: Self) -> Self {
                <$lanes>::blend(mask, on_true, on_false)
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn abs(self) -> Self {
                <$lanes>::abs(self)
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn max(self, other: Self) -> Self {
                <$lanes>::max(self, other)
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn sqrt(self) -> Self {
                <$lanes>::sqrt(self)
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn cmp_eq(self, other: Self) -> Self {
                CmpEq::cmp_eq(self, other)
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn cmp_ge(self, other: Self) -> Self {
                CmpGe::cmp_ge(self, other)
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn cmp_gt(self, other: Self) -> Self {
                CmpGt::cmp_gt(self, other)
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn cmp_le(self, other: Self) -> Self {
                CmpLe::cmp_le(self, other)
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn cmp_lt(self, other: Self) -> Self {
                CmpLt::cmp_lt(self, other)
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn is_finite(self) -> Self {
                <$lanes>::is_finite(self)
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn is_nan(self) -> Self {
                <$lanes>::is_nan(self)
            }
        }
    };
}

lane_float!(f32x4, f32, 4);
lane_float!(f32x8, f32, 8);
lane_float!(f64x2, f64, 2);
lane_float!(f64x4, f64, 4);

/// 2D vectors, one per lane of `F`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Vec2Lanes<F> {
    /// The x coordinates.
    pub x: F,
    /// The y coordinates.
    pub y: F,
}

impl<F: LaneFloat> Vec2Lanes<F> {
    /// Zero in every lane.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn zero() -> Self {
        Self {
            x: F::zero(),
            y: F::zero(),
        }
    }

    /// The vectors `(x[offset + lane], y[offset + lane])` (zero past the rows' end).
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn load(x: &[F::Scalar], y: &[F::Scalar], offset: usize) -> Self {
        Self {
            x: F::load(x, offset),
            y: F::load(y, offset),
        }
    }

    /// [`Vec2::dot`] per lane.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn dot(self, other: Self) -> F {
        self.x * other.x + self.y * other.y
    }

    /// [`Vec2::cross`] per lane.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn cross(self, other: Self) -> F {
        self.x * other.y - self.y * other.x
    }

    /// [`Vec2::perp`] per lane.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn perp(self) -> Self {
        Self {
            x: negate(self.y),
            y: self.x,
        }
    }

    /// [`Vec2::length_squared`] per lane.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn length_squared(self) -> F {
        self.dot(self)
    }

    /// `self * factor` per lane.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn scale(self, factor: F) -> Self {
        Self {
            x: self.x * factor,
            y: self.y * factor,
        }
    }

    /// `self / divisor` per lane.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn divided(self, divisor: F) -> Self {
        Self {
            x: self.x / divisor,
            y: self.y / divisor,
        }
    }

    /// [`Vec2::max_abs`] per lane (for coordinates that are not NaN).
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn max_abs(self) -> F {
        self.x.abs().max(self.y.abs())
    }

    /// `on_true` where `mask` is set, `self` elsewhere.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn replaced(self, mask: F::Mask, on_true: Self) -> Self {
        Self {
            x: F::blend(mask, on_true.x, self.x),
            y: F::blend(mask, on_true.y, self.y),
        }
    }

    /// [`Vec2::normalize`] per lane: the unit vector (scaled by the largest coordinate
    /// first, as the scalar one is) and the lanes where it exists (a finite vector
    /// that is not zero). Other lanes hold garbage.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn normalized(self) -> (Self, F::Mask) {
        let largest = self.max_abs();
        let exists = greater(largest, F::zero()) & self.is_finite();
        let scaled = self.divided(largest);
        (scaled.divided(scaled.length_squared().sqrt()), exists)
    }

    /// Lanes where both coordinates are finite.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn is_finite(self) -> F::Mask {
        self.x.is_finite() & self.y.is_finite()
    }
}

impl<F: LaneFloat> Add for Vec2Lanes<F> {
    type Output = Self;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn add(self, other: Self) -> Self {
        Self {
            x: self.x + other.x,
            y: self.y + other.y,
        }
    }
}

impl<F: LaneFloat> Sub for Vec2Lanes<F> {
    type Output = Self;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn sub(self, other: Self) -> Self {
        Self {
            x: self.x - other.x,
            y: self.y - other.y,
        }
    }
}

impl<F: LaneFloat> Neg for Vec2Lanes<F> {
    type Output = Self;
    #[cfg_attr(not(debug_assertions), inline(always))]
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
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn negate<F: LaneFloat>(x: F) -> F {
    x ^ F::splat(-<F::Scalar as Scalar>::ZERO)
}

/// Lanes where `a > b` (false for NaN).
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn greater<F: LaneFloat>(a: F, b: F) -> F::Mask {
    a.cmp_gt(b)
}

/// Lanes where `a <= b` (false for NaN).
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn at_most<F: LaneFloat>(a: F, b: F) -> F::Mask {
    a.cmp_le(b)
}

/// `on_true` where `mask` is set, `on_false` elsewhere.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn select<F: LaneFloat>(mask: F::Mask, on_true: F, on_false: F) -> F {
    F::blend(mask, on_true, on_false)
}

/// Rigid transforms, one per lane, with the scalar [`Transform`]'s arithmetic.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct TransformLanes<F> {
    pub cos: F,
    pub sin: F,
    pub translation: Vec2Lanes<F>,
}

impl<F: LaneFloat> TransformLanes<F> {
    /// The transforms `transforms[offset..offset + F::COUNT]` (the identity past the
    /// slice's end).
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn gather(transforms: &[Transform<F::Scalar>], offset: usize) -> Self {
        Self::from_transforms(transforms.get(offset..).unwrap_or(&[]).iter().copied())
    }

    /// The transforms `poses[indices[offset + lane]]` (the identity past either
    /// slice's end).
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn gather_indexed(poses: &[Transform<F::Scalar>], indices: &[u32], offset: usize) -> Self {
        let indices = indices.get(offset..).unwrap_or(&[]);
        Self::from_transforms(indices.iter().map(|&index| {
            poses
                .get(index as usize)
                .copied()
                .unwrap_or(Transform::IDENTITY)
        }))
    }

    /// The first [`F::COUNT`](LaneFloat::COUNT) transforms of `transforms` (the
    /// identity past its end), written lane by lane into the rows without a bounds
    /// check per lane. `transforms` is scalar code: whether it is inlined changes the
    /// speed only.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn from_transforms(transforms: impl Iterator<Item = Transform<F::Scalar>>) -> Self {
        let mut cos = F::one().to_array();
        let mut sin = F::Array::default();
        let mut x = F::Array::default();
        let mut y = F::Array::default();
        let rotations = cos.as_mut().iter_mut().zip(sin.as_mut().iter_mut());
        let translations = x.as_mut().iter_mut().zip(y.as_mut().iter_mut());
        for (((cos, sin), (x, y)), transform) in rotations.zip(translations).zip(transforms) {
            (*cos, *sin) = (transform.rotation.cos, transform.rotation.sin);
            (*x, *y) = (transform.translation.x, transform.translation.y);
        }
        Self {
            cos: F::from_array(cos),
            sin: F::from_array(sin),
            translation: Vec2Lanes {
                x: F::from_array(x),
                y: F::from_array(y),
            },
        }
    }

    /// The identity in every lane.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn identity() -> Self {
        Self {
            cos: F::one(),
            sin: F::zero(),
            translation: Vec2Lanes::zero(),
        }
    }

    /// [`Transform::is_valid`] per lane: a finite translation and a rotation of unit
    /// length within the scalar kernel's tolerance.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn is_valid(&self) -> F::Mask {
        let norm_squared = self.cos * self.cos + self.sin * self.sin;
        let unit = at_most(
            (norm_squared - F::one()).abs(),
            F::splat(<F::Scalar as Scalar>::UNIT_TOLERANCE),
        );
        self.translation.is_finite() & unit
    }

    /// [`Transform::inv_mul`] per lane: `other` in this transform's frame.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn inv_mul(&self, other: &Self) -> Self {
        Self {
            cos: self.cos * other.cos + self.sin * other.sin,
            sin: self.cos * other.sin - self.sin * other.cos,
            translation: self.inv_rotate(other.translation - self.translation),
        }
    }

    /// `Rot::rotate` per lane.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn rotate(&self, v: Vec2Lanes<F>) -> Vec2Lanes<F> {
        Vec2Lanes {
            x: self.cos * v.x - self.sin * v.y,
            y: self.sin * v.x + self.cos * v.y,
        }
    }

    /// `Rot::inv_rotate` per lane.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn inv_rotate(&self, v: Vec2Lanes<F>) -> Vec2Lanes<F> {
        Vec2Lanes {
            x: self.cos * v.x + self.sin * v.y,
            y: negate(self.sin) * v.x + self.cos * v.y,
        }
    }

    /// [`Transform::transform_point`] per lane.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn transform_point(&self, point: Vec2Lanes<F>) -> Vec2Lanes<F> {
        self.rotate(point) + self.translation
    }
}
