//! Structure-of-arrays lane types: [`LaneFloat`], the SIMD vectors a batch runs on,
//! 2D vectors of lanes in two of them, and lane masks (lanes of all ones or all zeros,
//! as `wide`'s comparisons give).
//!
//! A block is one native register wide: with AVX (`target_feature = "avx"`, e.g.
//! `-C target-cpu=x86-64-v3`) `f32x8` and `f64x4`; without it (baseline x86-64, wasm
//! `simd128`, Arm, or no SIMD at all) `f32x4` and `f64x2`. `wide` emulates a wider
//! vector with two narrow ones, but a block of eight then waits for the slowest of
//! eight pairs where two blocks of four wait for the slowest of four each: on
//! baseline x86-64, octagon distance per pair took 148.7 ns with `f32x4` blocks
//! against 213.8 ns with emulated `f32x8` ones; with AVX2, `f32x8` blocks took 65.7 ns
//! against 96.0 ns for `f32x4` (criterion, 2026-11-24).
//!
//! Every operation does, lane by lane, exactly the scalar arithmetic of the [`Vec2`]
//! operation of the same name, in the same order (no fused multiply-add: neither Rust
//! nor `wide` contracts `a * b + c`), so a lane computes the same bits as the scalar
//! kernel.

use core::fmt::Debug;
use core::ops::{
    Add, AddAssign, BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Div, Mul, Neg, Not, Sub,
};

use gjk_core::{Scalar, Transform, Vec2};
use wide::{CmpEq, CmpGe, CmpGt, CmpLe, CmpLt, f32x4, f32x8, f64x2, f64x4};

/// The lanes of an `f32` block on this target: `f32x8` with AVX, `f32x4` without.
#[cfg(target_feature = "avx")]
pub type F32Lanes = f32x8;
/// The lanes of an `f32` block on this target: `f32x8` with AVX, `f32x4` without.
#[cfg(not(target_feature = "avx"))]
pub type F32Lanes = f32x4;

/// The lanes of an `f64` block on this target: `f64x4` with AVX, `f64x2` without.
#[cfg(target_feature = "avx")]
pub type F64Lanes = f64x4;
/// The lanes of an `f64` block on this target: `f64x4` with AVX, `f64x2` without.
#[cfg(not(target_feature = "avx"))]
pub type F64Lanes = f64x2;

/// Pairs per `f32` block on this target (8 with AVX, 4 without).
pub const LANES: usize = <F32Lanes as LaneFloat>::COUNT;

/// The most lanes of any lane type.
pub(crate) const MAX_LANES: usize = 8;

/// An `f32` lane mask: all bits set in the lanes where a condition holds.
pub type Mask = F32Lanes;

mod sealed {
    pub trait Sealed {}
    impl Sealed for wide::f32x4 {}
    impl Sealed for wide::f32x8 {}
    impl Sealed for wide::f64x2 {}
    impl Sealed for wide::f64x4 {}
}

/// A SIMD vector of scalars, one per lane: `f32x4`, `f32x8`, `f64x2` or `f64x4`. The
/// batch code is written once over this trait; it is sealed, those four are all there
/// is.
pub trait LaneFloat:
    sealed::Sealed
    + Copy
    + Debug
    + PartialEq
    + Send
    + Sync
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + AddAssign
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + Not<Output = Self>
    + CmpEq<Output = Self>
    + CmpGe<Output = Self>
    + CmpGt<Output = Self>
    + CmpLe<Output = Self>
    + CmpLt<Output = Self>
{
    /// The scalar of a lane.
    type Scalar: Scalar;
    /// One scalar per lane.
    type Array: Copy + Default + AsRef<[Self::Scalar]> + AsMut<[Self::Scalar]>;
    /// How many lanes.
    const COUNT: usize;

    /// `value` in every lane.
    fn splat(value: Self::Scalar) -> Self;
    /// The lanes of `array`.
    fn from_array(array: Self::Array) -> Self;
    /// The lanes as an array.
    fn to_array(self) -> Self::Array;
    /// `on_true` where `self` (a mask) is set, `on_false` elsewhere.
    fn blend(self, on_true: Self, on_false: Self) -> Self;
    /// `|x|` per lane.
    fn abs(self) -> Self;
    /// The larger of the two per lane (for values that are not NaN).
    fn max(self, other: Self) -> Self;
    /// The correctly rounded square root per lane.
    fn sqrt(self) -> Self;
    /// Lanes that are finite.
    fn is_finite(self) -> Self;
    /// Lanes that are NaN.
    fn is_nan(self) -> Self;
    /// Whether any lane of a mask is set.
    fn any(self) -> bool;
    /// Whether no lane of a mask is set.
    fn none(self) -> bool;

    /// Zero in every lane (and a mask with no lane set).
    #[inline(always)]
    fn zero() -> Self {
        Self::splat(<Self::Scalar as Scalar>::ZERO)
    }

    /// One in every lane.
    #[inline(always)]
    fn one() -> Self {
        Self::splat(<Self::Scalar as Scalar>::ONE)
    }

    /// The value `value` (exactly representable) in every lane.
    #[inline(always)]
    fn lit(value: f64) -> Self {
        Self::splat(<Self::Scalar as Scalar>::from_f64(value))
    }

    /// A mask with every lane set.
    #[inline(always)]
    fn all_set() -> Self {
        Self::zero().cmp_eq(Self::zero())
    }

    /// The lanes `lane(0), lane(1), ...`.
    #[inline(always)]
    fn from_fn(mut lane: impl FnMut(usize) -> Self::Scalar) -> Self {
        let mut array = Self::Array::default();
        for (index, slot) in array.as_mut().iter_mut().enumerate() {
            *slot = lane(index);
        }
        Self::from_array(array)
    }
}

/// Implements [`LaneFloat`] for a `wide` vector by forwarding to its own methods.
macro_rules! lane_float {
    ($lanes:ty, $scalar:ty, $count:expr) => {
        impl LaneFloat for $lanes {
            type Scalar = $scalar;
            type Array = [$scalar; $count];
            const COUNT: usize = $count;

            #[inline(always)]
            fn splat(value: $scalar) -> Self {
                <$lanes>::splat(value)
            }
            #[inline(always)]
            fn from_array(array: Self::Array) -> Self {
                <$lanes>::new(array)
            }
            #[inline(always)]
            fn to_array(self) -> Self::Array {
                <$lanes>::to_array(self)
            }
            #[inline(always)]
            fn blend(self, on_true: Self, on_false: Self) -> Self {
                <$lanes>::blend(self, on_true, on_false)
            }
            #[inline(always)]
            fn abs(self) -> Self {
                <$lanes>::abs(self)
            }
            #[inline(always)]
            fn max(self, other: Self) -> Self {
                <$lanes>::max(self, other)
            }
            #[inline(always)]
            fn sqrt(self) -> Self {
                <$lanes>::sqrt(self)
            }
            #[inline(always)]
            fn is_finite(self) -> Self {
                <$lanes>::is_finite(self)
            }
            #[inline(always)]
            fn is_nan(self) -> Self {
                <$lanes>::is_nan(self)
            }
            #[inline(always)]
            fn any(self) -> bool {
                <$lanes>::any(self)
            }
            #[inline(always)]
            fn none(self) -> bool {
                <$lanes>::none(self)
            }
        }
    };
}

lane_float!(f32x4, f32, 4);
lane_float!(f32x8, f32, 8);
lane_float!(f64x2, f64, 2);
lane_float!(f64x4, f64, 4);

/// A scalar type with a batch lane type, one native register wide: [`F32Lanes`] and
/// [`F64Lanes`] (see the module documentation for why).
pub trait LaneScalar: Scalar {
    /// The SIMD vector of this scalar's blocks.
    type Lanes: LaneFloat<Scalar = Self>;
}

impl LaneScalar for f32 {
    type Lanes = F32Lanes;
}

impl LaneScalar for f64 {
    type Lanes = F64Lanes;
}

/// Whether lane `index` of a mask's array is set (a set lane is all ones: NaN).
#[inline(always)]
pub(crate) fn is_set<S: Scalar>(mask: &[S], index: usize) -> bool {
    mask.get(index).is_some_and(|value| value.is_nan())
}

/// 2D vectors, one per lane of `F`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Vec2Lanes<F> {
    /// The x coordinates.
    pub x: F,
    /// The y coordinates.
    pub y: F,
}

/// Four `f32` 2D vectors.
pub type Vec2x4 = Vec2Lanes<f32x4>;

/// Eight `f32` 2D vectors.
pub type Vec2x8 = Vec2Lanes<f32x8>;

/// Two `f64` 2D vectors.
pub type DVec2x2 = Vec2Lanes<f64x2>;

/// Four `f64` 2D vectors.
pub type DVec2x4 = Vec2Lanes<f64x4>;

impl<F: LaneFloat> Vec2Lanes<F> {
    /// Zero in every lane.
    #[inline(always)]
    pub fn zero() -> Self {
        Self {
            x: F::zero(),
            y: F::zero(),
        }
    }

    /// `vector` in every lane.
    #[inline(always)]
    pub fn splat(vector: Vec2<F::Scalar>) -> Self {
        Self {
            x: F::splat(vector.x),
            y: F::splat(vector.y),
        }
    }

    /// The vectors `lane(0), lane(1), ...`.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// use gjk_simd::{DVec2x4, Vec2x8};
    /// let lanes = Vec2x8::from_fn(|index| Vec2::new(index as f32, 2.0));
    /// assert_eq!(lanes.lane(3), Vec2::new(3.0, 2.0));
    /// let wide = DVec2x4::from_fn(|_| Vec2::new(1.0, 0.5));
    /// assert_eq!(wide.lane(3), Vec2::new(1.0, 0.5));
    /// ```
    #[inline(always)]
    pub fn from_fn(mut lane: impl FnMut(usize) -> Vec2<F::Scalar>) -> Self {
        let (mut x, mut y) = (F::Array::default(), F::Array::default());
        for (index, (x, y)) in x.as_mut().iter_mut().zip(y.as_mut()).enumerate() {
            let vector = lane(index);
            (*x, *y) = (vector.x, vector.y);
        }
        Self {
            x: F::from_array(x),
            y: F::from_array(y),
        }
    }

    /// The vector of lane `index` (zero for an index past the last lane).
    pub fn lane(self, index: usize) -> Vec2<F::Scalar> {
        let (x, y) = (self.x.to_array(), self.y.to_array());
        match (x.as_ref().get(index), y.as_ref().get(index)) {
            (Some(&x), Some(&y)) => Vec2::new(x, y),
            _ => Vec2::ZERO,
        }
    }

    /// [`Vec2::dot`] per lane.
    #[inline(always)]
    pub fn dot(self, other: Self) -> F {
        self.x * other.x + self.y * other.y
    }

    /// [`Vec2::cross`] per lane.
    #[inline(always)]
    pub fn cross(self, other: Self) -> F {
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
    pub fn length_squared(self) -> F {
        self.dot(self)
    }

    /// `self * factor` per lane.
    #[inline(always)]
    pub fn scale(self, factor: F) -> Self {
        Self {
            x: self.x * factor,
            y: self.y * factor,
        }
    }

    /// `self / divisor` per lane.
    #[inline(always)]
    pub fn divided(self, divisor: F) -> Self {
        Self {
            x: self.x / divisor,
            y: self.y / divisor,
        }
    }

    /// [`Vec2::max_abs`] per lane (for coordinates that are not NaN).
    #[inline(always)]
    pub fn max_abs(self) -> F {
        self.x.abs().max(self.y.abs())
    }

    /// `on_true` where `mask` is set, `self` elsewhere.
    #[inline(always)]
    pub fn replaced(self, mask: F, on_true: Self) -> Self {
        Self {
            x: mask.blend(on_true.x, self.x),
            y: mask.blend(on_true.y, self.y),
        }
    }

    /// [`Vec2::normalize`] per lane: the unit vector (scaled by the largest coordinate
    /// first, as the scalar one is) and the lanes where it exists (a finite vector
    /// that is not zero). Other lanes hold garbage.
    #[inline(always)]
    pub fn normalized(self) -> (Self, F) {
        let largest = self.max_abs();
        let exists = greater(largest, F::zero()) & self.is_finite();
        let scaled = self.divided(largest);
        (scaled.divided(scaled.length_squared().sqrt()), exists)
    }

    /// Lanes where both coordinates are finite.
    #[inline(always)]
    pub fn is_finite(self) -> F {
        self.x.is_finite() & self.y.is_finite()
    }
}

impl<F: LaneFloat> Add for Vec2Lanes<F> {
    type Output = Self;
    #[inline(always)]
    fn add(self, other: Self) -> Self {
        Self {
            x: self.x + other.x,
            y: self.y + other.y,
        }
    }
}

impl<F: LaneFloat> Sub for Vec2Lanes<F> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, other: Self) -> Self {
        Self {
            x: self.x - other.x,
            y: self.y - other.y,
        }
    }
}

impl<F: LaneFloat> Neg for Vec2Lanes<F> {
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
pub fn negate<F: LaneFloat>(x: F) -> F {
    x ^ F::splat(-<F::Scalar as Scalar>::ZERO)
}

/// Lanes where `a > b` (false for NaN).
#[inline(always)]
pub fn greater<F: LaneFloat>(a: F, b: F) -> F {
    a.cmp_gt(b)
}

/// Lanes where `a <= b` (false for NaN).
#[inline(always)]
pub fn at_most<F: LaneFloat>(a: F, b: F) -> F {
    a.cmp_le(b)
}

/// `on_true` where `mask` is set, `on_false` elsewhere.
#[inline(always)]
pub fn select<F: LaneFloat>(mask: F, on_true: F, on_false: F) -> F {
    mask.blend(on_true, on_false)
}

/// Rigid transforms, one per lane, with the scalar [`Transform`]'s arithmetic.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct TransformLanes<F> {
    pub cos: F,
    pub sin: F,
    pub translation: Vec2Lanes<F>,
}

impl<F: LaneFloat> TransformLanes<F> {
    /// The transforms `lane(0), lane(1), ...`.
    #[inline(always)]
    pub fn from_fn(mut lane: impl FnMut(usize) -> Transform<F::Scalar>) -> Self {
        let mut cos = F::Array::default();
        let mut sin = F::Array::default();
        let mut x = F::Array::default();
        let mut y = F::Array::default();
        let rows = cos
            .as_mut()
            .iter_mut()
            .zip(sin.as_mut())
            .zip(x.as_mut().iter_mut().zip(y.as_mut()));
        for (index, ((cos, sin), (x, y))) in rows.enumerate() {
            let transform = lane(index);
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
    #[inline(always)]
    pub fn identity() -> Self {
        Self {
            cos: F::one(),
            sin: F::zero(),
            translation: Vec2Lanes::zero(),
        }
    }

    /// [`Transform::is_valid`] per lane: a finite translation and a rotation of unit
    /// length within the scalar kernel's tolerance.
    #[inline(always)]
    pub fn is_valid(&self) -> F {
        let norm_squared = self.cos * self.cos + self.sin * self.sin;
        let unit = at_most(
            (norm_squared - F::one()).abs(),
            F::splat(<F::Scalar as Scalar>::UNIT_TOLERANCE),
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
    pub fn rotate(&self, v: Vec2Lanes<F>) -> Vec2Lanes<F> {
        Vec2Lanes {
            x: self.cos * v.x - self.sin * v.y,
            y: self.sin * v.x + self.cos * v.y,
        }
    }

    /// `Rot::inv_rotate` per lane.
    #[inline(always)]
    pub fn inv_rotate(&self, v: Vec2Lanes<F>) -> Vec2Lanes<F> {
        Vec2Lanes {
            x: self.cos * v.x + self.sin * v.y,
            y: negate(self.sin) * v.x + self.cos * v.y,
        }
    }

    /// [`Transform::transform_point`] per lane.
    #[inline(always)]
    pub fn transform_point(&self, point: Vec2Lanes<F>) -> Vec2Lanes<F> {
        self.rotate(point) + self.translation
    }
}
