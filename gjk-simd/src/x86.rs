//! The AVX2 and AVX-512 lanes of x86-64, chosen at run time: the crate's one module
//! with `unsafe` code.
//!
//! `wide` fixes its instructions when the crate is compiled, so a baseline x86-64
//! build (what engines ship) would only ever run SSE2 lanes. Here the lane types wrap
//! `core::arch` registers (`__m256`, `__m256d`, `__m512`, `__m512d`), and the entry
//! functions at the bottom are compiled with AVX2 and FMA, or AVX-512F, enabled. The
//! lane code below an entry is all `#[inline(always)]` (see `lanes.rs`), so it is
//! compiled into the entry with those instructions, as in an `x86-64-v3` build.
//! Enabling FMA changes no result: Rust never fuses `a * b + c`.
//!
//! # Safety
//!
//! Every `unsafe` block here runs an AVX, AVX2 or AVX-512F instruction, which is
//! undefined behaviour on a processor without it. The lane types are private to the
//! crate and used only as the lane type of an entry function's kernel, and the entry
//! functions are called only by `dispatch::run` with a [`Simd`](crate::Simd) token
//! whose path was detected on this processor (by CPUID, through `cpufeatures`): a
//! value of these types never exists on a processor that lacks its instructions.
//!
//! AVX2 masks are whole lanes of ones or zeros, as the portable lanes' are; AVX-512
//! masks are mask registers, one bit per lane ([`Mask16`], [`Mask8`]), as its
//! compares give and its blends take.
#![allow(unsafe_code)]

use core::arch::x86_64::*;
use core::fmt;
use core::ops::{
    Add, AddAssign, BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Div, Mul, Not, Sub,
};

use crate::dispatch::{Kernel, LaneScalar, Simd, SimdPath};
use crate::lanes::{LaneFloat, LaneMask};

/// Implements the arithmetic and bitwise operators of a lane type from intrinsics.
macro_rules! operators {
    ($lanes:ident, $add:ident, $sub:ident, $mul:ident, $div:ident, $and:ident, $or:ident, $xor:ident) => {
        operators!(@binary $lanes, Add, add, $add);
        operators!(@binary $lanes, Sub, sub, $sub);
        operators!(@binary $lanes, Mul, mul, $mul);
        operators!(@binary $lanes, Div, div, $div);
        operators!(@binary $lanes, BitAnd, bitand, $and);
        operators!(@binary $lanes, BitOr, bitor, $or);
        operators!(@binary $lanes, BitXor, bitxor, $xor);
        impl AddAssign for $lanes {
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn add_assign(&mut self, other: Self) {
                *self = *self + other;
            }
        }
        impl BitAndAssign for $lanes {
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn bitand_assign(&mut self, other: Self) {
                *self = *self & other;
            }
        }
        impl BitOrAssign for $lanes {
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn bitor_assign(&mut self, other: Self) {
                *self = *self | other;
            }
        }
        impl Not for $lanes {
            type Output = Self;
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn not(self) -> Self {
                self ^ Self::ones()
            }
        }
        impl fmt::Debug for $lanes {
            fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
                formatter
                    .debug_tuple(stringify!($lanes))
                    .field(&self.to_array())
                    .finish()
            }
        }
    };
    (@binary $lanes:ident, $trait:ident, $method:ident, $intrinsic:ident) => {
        impl $trait for $lanes {
            type Output = Self;
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn $method(self, other: Self) -> Self {
                // SAFETY: see the module documentation.
                Self(unsafe { $intrinsic(self.0, other.0) })
            }
        }
    };
}

/// Eight `f32` lanes in an AVX register.
#[derive(Clone, Copy)]
pub struct Avx2F32(__m256);

/// Four `f64` lanes in an AVX register.
#[derive(Clone, Copy)]
pub struct Avx2F64(__m256d);

/// Sixteen `f32` lanes in an AVX-512 register.
#[derive(Clone, Copy)]
pub struct Avx512F32(__m512);

/// Eight `f64` lanes in an AVX-512 register.
#[derive(Clone, Copy)]
pub struct Avx512F64(__m512d);

operators!(
    Avx2F32,
    _mm256_add_ps,
    _mm256_sub_ps,
    _mm256_mul_ps,
    _mm256_div_ps,
    _mm256_and_ps,
    _mm256_or_ps,
    _mm256_xor_ps
);
operators!(
    Avx2F64,
    _mm256_add_pd,
    _mm256_sub_pd,
    _mm256_mul_pd,
    _mm256_div_pd,
    _mm256_and_pd,
    _mm256_or_pd,
    _mm256_xor_pd
);
operators!(
    Avx512F32,
    _mm512_add_ps,
    _mm512_sub_ps,
    _mm512_mul_ps,
    _mm512_div_ps,
    and_512_ps,
    or_512_ps,
    xor_512_ps
);
operators!(
    Avx512F64,
    _mm512_add_pd,
    _mm512_sub_pd,
    _mm512_mul_pd,
    _mm512_div_pd,
    and_512_pd,
    or_512_pd,
    xor_512_pd
);

/// Bitwise operations on AVX-512 floats through the integer instructions of
/// AVX-512F (the float forms need AVX-512DQ).
macro_rules! bitwise_512 {
    ($name:ident, $float:ty, $op:ident, $to_int:ident, $from_int:ident) => {
        /// # Safety
        ///
        /// The processor must have AVX-512F.
        #[cfg_attr(not(debug_assertions), inline(always))]
        unsafe fn $name(a: $float, b: $float) -> $float {
            // SAFETY: the caller's.
            unsafe { $from_int($op($to_int(a), $to_int(b))) }
        }
    };
}
bitwise_512!(
    and_512_ps,
    __m512,
    _mm512_and_si512,
    _mm512_castps_si512,
    _mm512_castsi512_ps
);
bitwise_512!(
    or_512_ps,
    __m512,
    _mm512_or_si512,
    _mm512_castps_si512,
    _mm512_castsi512_ps
);
bitwise_512!(
    xor_512_ps,
    __m512,
    _mm512_xor_si512,
    _mm512_castps_si512,
    _mm512_castsi512_ps
);
bitwise_512!(
    and_512_pd,
    __m512d,
    _mm512_and_si512,
    _mm512_castpd_si512,
    _mm512_castsi512_pd
);
bitwise_512!(
    or_512_pd,
    __m512d,
    _mm512_or_si512,
    _mm512_castpd_si512,
    _mm512_castsi512_pd
);
bitwise_512!(
    xor_512_pd,
    __m512d,
    _mm512_xor_si512,
    _mm512_castpd_si512,
    _mm512_castsi512_pd
);

/// The `LaneFloat` methods every register type writes alike: `splat`, the unaligned
/// load and store of its array, `abs`, `max`, `sqrt` and `is_finite`.
macro_rules! register_methods {
    ($scalar:ty, $count:expr, $set1:ident, $loadu:ident, $storeu:ident, $max:ident,
        $sqrt:ident) => {
        #[cfg_attr(not(debug_assertions), inline(always))]
        fn splat(value: $scalar) -> Self {
            // SAFETY: see the module documentation.
            Self(unsafe { $set1(value) })
        }
        #[cfg_attr(not(debug_assertions), inline(always))]
        fn from_array(array: Self::Array) -> Self {
            // SAFETY: see the module documentation; the pointer reads `COUNT`
            // scalars of `array` (an unaligned load).
            Self(unsafe { $loadu(array.as_ptr()) })
        }
        #[cfg_attr(not(debug_assertions), inline(always))]
        fn to_array(self) -> Self::Array {
            let mut array = [0.0; $count];
            // SAFETY: see the module documentation; the pointer writes `COUNT`
            // scalars of `array` (an unaligned store).
            unsafe { $storeu(array.as_mut_ptr(), self.0) };
            array
        }
        #[cfg_attr(not(debug_assertions), inline(always))]
        fn abs(self) -> Self {
            self & Self::splat(<$scalar>::from_bits(!0 >> 1))
        }
        #[cfg_attr(not(debug_assertions), inline(always))]
        fn max(self, other: Self) -> Self {
            // SAFETY: see the module documentation.
            Self(unsafe { $max(self.0, other.0) })
        }
        #[cfg_attr(not(debug_assertions), inline(always))]
        fn sqrt(self) -> Self {
            // SAFETY: see the module documentation.
            Self(unsafe { $sqrt(self.0) })
        }
        #[cfg_attr(not(debug_assertions), inline(always))]
        fn is_finite(self) -> Self::Mask {
            self.abs().cmp_lt(Self::splat(<$scalar>::INFINITY))
        }
    };
}

/// The `LaneFloat` methods of an AVX lane type. Comparisons are ordered and quiet
/// (`_CMP_*_OQ`): false where a lane is NaN, as the scalar comparisons are.
macro_rules! avx_lanes {
    ($lanes:ident, $scalar:ty, $count:expr, $set1:ident, $loadu:ident, $storeu:ident,
        $blendv:ident, $max:ident, $sqrt:ident, $cmp:ident, $movemask:ident) => {
        impl $lanes {
            /// Every bit set.
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn ones() -> Self {
                Self::splat(<$scalar>::from_bits(!0))
            }
        }

        impl LaneMask for $lanes {
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn clear() -> Self {
                Self::zero()
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn bitmask(self) -> u32 {
                // SAFETY: see the module documentation.
                (unsafe { $movemask(self.0) }) as u32
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn select(self, on_true: Self, on_false: Self) -> Self {
                Self::blend(self, on_true, on_false)
            }
        }

        impl LaneFloat for $lanes {
            type Scalar = $scalar;
            type Array = [$scalar; $count];
            type Mask = Self;
            const COUNT: usize = $count;

            register_methods!($scalar, $count, $set1, $loadu, $storeu, $max, $sqrt);
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn blend(mask: Self, on_true: Self, on_false: Self) -> Self {
                // SAFETY: see the module documentation.
                Self(unsafe { $blendv(on_false.0, on_true.0, mask.0) })
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn cmp_eq(self, other: Self) -> Self {
                // SAFETY: see the module documentation.
                Self(unsafe { $cmp::<_CMP_EQ_OQ>(self.0, other.0) })
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn cmp_ge(self, other: Self) -> Self {
                // SAFETY: see the module documentation.
                Self(unsafe { $cmp::<_CMP_GE_OQ>(self.0, other.0) })
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn cmp_gt(self, other: Self) -> Self {
                // SAFETY: see the module documentation.
                Self(unsafe { $cmp::<_CMP_GT_OQ>(self.0, other.0) })
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn cmp_le(self, other: Self) -> Self {
                // SAFETY: see the module documentation.
                Self(unsafe { $cmp::<_CMP_LE_OQ>(self.0, other.0) })
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn cmp_lt(self, other: Self) -> Self {
                // SAFETY: see the module documentation.
                Self(unsafe { $cmp::<_CMP_LT_OQ>(self.0, other.0) })
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn is_nan(self) -> Self {
                // SAFETY: see the module documentation.
                Self(unsafe { $cmp::<_CMP_UNORD_Q>(self.0, self.0) })
            }
        }
    };
}

avx_lanes!(
    Avx2F32,
    f32,
    8,
    _mm256_set1_ps,
    _mm256_loadu_ps,
    _mm256_storeu_ps,
    _mm256_blendv_ps,
    _mm256_max_ps,
    _mm256_sqrt_ps,
    _mm256_cmp_ps,
    _mm256_movemask_ps
);
avx_lanes!(
    Avx2F64,
    f64,
    4,
    _mm256_set1_pd,
    _mm256_loadu_pd,
    _mm256_storeu_pd,
    _mm256_blendv_pd,
    _mm256_max_pd,
    _mm256_sqrt_pd,
    _mm256_cmp_pd,
    _mm256_movemask_pd
);

/// Sixteen lanes of an AVX-512 mask register (`__mmask16`), one bit per lane.
#[derive(Clone, Copy, Debug)]
pub struct Mask16(u16);

/// Eight lanes of an AVX-512 mask register (`__mmask8`), one bit per lane.
#[derive(Clone, Copy, Debug)]
pub struct Mask8(u8);

/// The operators and `LaneMask` methods of a mask register type: integer bit
/// operations, which the compiler keeps in mask registers where it can.
macro_rules! mask_register {
    ($mask:ident) => {
        impl BitAnd for $mask {
            type Output = Self;
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn bitand(self, other: Self) -> Self {
                Self(self.0 & other.0)
            }
        }
        impl BitOr for $mask {
            type Output = Self;
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn bitor(self, other: Self) -> Self {
                Self(self.0 | other.0)
            }
        }
        impl BitAndAssign for $mask {
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn bitand_assign(&mut self, other: Self) {
                self.0 &= other.0;
            }
        }
        impl BitOrAssign for $mask {
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn bitor_assign(&mut self, other: Self) {
                self.0 |= other.0;
            }
        }
        impl Not for $mask {
            type Output = Self;
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn not(self) -> Self {
                Self(!self.0)
            }
        }
        impl LaneMask for $mask {
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn clear() -> Self {
                Self(0)
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn bitmask(self) -> u32 {
                u32::from(self.0)
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn select(self, on_true: Self, on_false: Self) -> Self {
                (self & on_true) | (!self & on_false)
            }
        }
    };
}

mask_register!(Mask16);
mask_register!(Mask8);

/// The `LaneFloat` methods of an AVX-512 lane type: compares give mask registers,
/// blends take them.
macro_rules! avx512_lanes {
    ($lanes:ident, $scalar:ty, $count:expr, $mask:ident, $set1:ident, $loadu:ident,
        $storeu:ident, $blend:ident, $max:ident, $sqrt:ident, $cmp:ident) => {
        impl $lanes {
            /// Every bit set.
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn ones() -> Self {
                Self::splat(<$scalar>::from_bits(!0))
            }
        }

        impl LaneFloat for $lanes {
            type Scalar = $scalar;
            type Array = [$scalar; $count];
            type Mask = $mask;
            const COUNT: usize = $count;

            register_methods!($scalar, $count, $set1, $loadu, $storeu, $max, $sqrt);
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn blend(mask: $mask, on_true: Self, on_false: Self) -> Self {
                // SAFETY: see the module documentation.
                Self(unsafe { $blend(mask.0, on_false.0, on_true.0) })
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn cmp_eq(self, other: Self) -> $mask {
                // SAFETY: see the module documentation.
                $mask(unsafe { $cmp::<_CMP_EQ_OQ>(self.0, other.0) })
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn cmp_ge(self, other: Self) -> $mask {
                // SAFETY: see the module documentation.
                $mask(unsafe { $cmp::<_CMP_GE_OQ>(self.0, other.0) })
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn cmp_gt(self, other: Self) -> $mask {
                // SAFETY: see the module documentation.
                $mask(unsafe { $cmp::<_CMP_GT_OQ>(self.0, other.0) })
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn cmp_le(self, other: Self) -> $mask {
                // SAFETY: see the module documentation.
                $mask(unsafe { $cmp::<_CMP_LE_OQ>(self.0, other.0) })
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn cmp_lt(self, other: Self) -> $mask {
                // SAFETY: see the module documentation.
                $mask(unsafe { $cmp::<_CMP_LT_OQ>(self.0, other.0) })
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn is_nan(self) -> $mask {
                // SAFETY: see the module documentation.
                $mask(unsafe { $cmp::<_CMP_UNORD_Q>(self.0, self.0) })
            }
        }
    };
}

avx512_lanes!(
    Avx512F32,
    f32,
    16,
    Mask16,
    _mm512_set1_ps,
    _mm512_loadu_ps,
    _mm512_storeu_ps,
    _mm512_mask_blend_ps,
    _mm512_max_ps,
    _mm512_sqrt_ps,
    _mm512_cmp_ps_mask
);
avx512_lanes!(
    Avx512F64,
    f64,
    8,
    Mask8,
    _mm512_set1_pd,
    _mm512_loadu_pd,
    _mm512_storeu_pd,
    _mm512_mask_blend_pd,
    _mm512_max_pd,
    _mm512_sqrt_pd,
    _mm512_cmp_pd_mask
);

/// Runs `kernel` on the lanes of `simd`'s path.
#[inline]
pub(crate) fn run<S: LaneScalar, K: Kernel<S>>(simd: Simd, kernel: K) -> K::Output {
    match simd.path() {
        SimdPath::Scalar => kernel.scalar(),
        SimdPath::Portable => kernel.lanes::<S::Portable>(),
        // SAFETY: a `Simd` with this path exists only where CPUID showed AVX2 and FMA
        // on this processor (`Simd::new`).
        SimdPath::Avx2 => unsafe { run_avx2::<S, K>(kernel) },
        // SAFETY: a `Simd` with this path exists only where CPUID showed AVX-512F,
        // AVX2 and FMA on this processor (`Simd::new`).
        SimdPath::Avx512 => unsafe { run_avx512::<S, K>(kernel) },
    }
}

/// Runs `kernel` on AVX2 lanes, compiled with AVX2 and FMA.
///
/// # Safety
///
/// The processor must have AVX2 and FMA (and the OS must save the YMM registers).
#[target_feature(enable = "avx,avx2,fma")]
unsafe fn run_avx2<S: LaneScalar, K: Kernel<S>>(kernel: K) -> K::Output {
    kernel.lanes::<S::Avx2>()
}

/// Runs `kernel` on AVX-512 lanes, compiled with AVX-512F (and AVX2 and FMA, which
/// every AVX-512F processor has).
///
/// # Safety
///
/// The processor must have AVX-512F, AVX2 and FMA (and the OS must save the ZMM
/// registers).
#[target_feature(enable = "avx,avx2,fma,avx512f")]
unsafe fn run_avx512<S: LaneScalar, K: Kernel<S>>(kernel: K) -> K::Output {
    kernel.lanes::<S::Avx512>()
}
