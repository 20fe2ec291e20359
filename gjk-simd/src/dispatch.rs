//! Which lanes a query runs on: [`Simd`], a token for an instruction set this
//! processor has, detected at run time on x86-64, and the dispatch of a kernel to
//! the lane type of that instruction set.

use core::fmt;

use gjk_core::Scalar;

use crate::lanes::{F32Lanes, F64Lanes, LaneFloat};

/// An instruction set gjk-simd can run its lanes on. Every path computes the same
/// bits as the scalar kernel; they differ only in speed.
///
/// ```
/// use gjk_simd::{Simd, SimdPath};
/// for path in SimdPath::ALL {
///     let available = Simd::new(path).is_some();
///     println!("{path}: {} f32 lanes, available: {available}", path.lanes::<f32>());
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SimdPath {
    /// No lanes: `gjk_core`'s scalar query pair by pair. The fallback where no SIMD
    /// instruction set is known to pay (targets without SIMD, like Cortex-M).
    Scalar,
    /// `wide`'s portable lanes, their instructions fixed when the crate is
    /// compiled: SSE2 on baseline x86-64 (4 `f32` / 2 `f64` lanes), AVX with
    /// `-C target-cpu=x86-64-v3` (8 / 4), NEON on aarch64 and `simd128` on wasm
    /// (4 / 2).
    Portable,
    /// AVX2 and FMA on x86-64, detected at run time: 8 `f32` / 4 `f64` lanes.
    Avx2,
    /// AVX-512F on x86-64, detected at run time: 16 `f32` / 8 `f64` lanes.
    Avx512,
}

impl SimdPath {
    /// Every path, from the slowest to the fastest.
    ///
    /// ```
    /// use gjk_simd::SimdPath;
    /// assert_eq!(SimdPath::ALL.last(), Some(&SimdPath::Avx512));
    /// ```
    pub const ALL: [SimdPath; 4] = [Self::Scalar, Self::Portable, Self::Avx2, Self::Avx512];

    /// The path's name, as [`Display`](fmt::Display) writes it.
    ///
    /// ```
    /// use gjk_simd::SimdPath;
    /// assert_eq!(SimdPath::Avx512.name(), "avx512");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Self::Scalar => "scalar",
            Self::Portable => "portable",
            Self::Avx2 => "avx2",
            Self::Avx512 => "avx512",
        }
    }

    /// Pairs per register for scalar `S` on this path (1 for [`SimdPath::Scalar`]).
    ///
    /// ```
    /// use gjk_simd::SimdPath;
    /// assert_eq!(SimdPath::Avx512.lanes::<f32>(), 16);
    /// assert_eq!(SimdPath::Avx2.lanes::<f64>(), 4);
    /// ```
    pub fn lanes<S: LaneScalar>(self) -> usize {
        match self {
            Self::Scalar => 1,
            Self::Portable => <S::Portable as LaneFloat>::COUNT,
            Self::Avx2 => 32 / core::mem::size_of::<S>(),
            Self::Avx512 => 64 / core::mem::size_of::<S>(),
        }
    }
}

impl fmt::Display for SimdPath {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.name())
    }
}

/// A [`SimdPath`] this processor can run: the proof the queries need before they run
/// lane code compiled for an instruction set the build does not assume.
///
/// [`Simd::detect`] picks the fastest path (what every query without a `Simd`
/// argument uses); the other constructors force one, for tests and benchmarks, and
/// give `None` where the processor lacks it. Detection on x86-64 reads CPUID (through
/// the `cpufeatures` crate, no `std` needed) once and caches it.
///
/// ```
/// use gjk_simd::{Simd, SimdPath};
/// let best = Simd::detect();
/// assert!(Simd::available().any(|simd| simd == best));
/// assert_eq!(Simd::scalar().path(), SimdPath::Scalar);
/// if let Some(avx2) = Simd::new(SimdPath::Avx2) {
///     assert_eq!(avx2.path(), SimdPath::Avx2);
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Simd {
    path: SimdPath,
}

#[cfg(target_arch = "x86_64")]
cpufeatures::new!(cpuid_avx2, "avx", "avx2", "fma");
#[cfg(target_arch = "x86_64")]
cpufeatures::new!(cpuid_avx512, "avx", "avx2", "fma", "avx512f");

impl Simd {
    /// The fastest path of this processor: AVX-512 where it has AVX-512F, else AVX2
    /// where it has AVX2 and FMA; else, on x86-64, the scalar kernel, and on other
    /// targets the portable lanes where the target has SIMD (NEON, wasm `simd128`),
    /// else the scalar kernel.
    ///
    /// Why not SSE2 on x86-64: its lanes have no blend instruction, and against the
    /// scalar kernel they run octagon distance at 0.99x the speed prepacked and 0.86x
    /// from slices, `f64` at 0.55x, the overlap test at 0.76x, and only ellipses
    /// faster (1.44x): not worth picking unasked. [`Simd::portable`] still runs them.
    ///
    /// ```
    /// use gjk_simd::{Simd, SimdPath};
    /// let path = Simd::detect().path();
    /// # #[cfg(target_arch = "x86_64")]
    /// assert_ne!(path, SimdPath::Portable);
    /// ```
    pub fn detect() -> Self {
        let fastest = [SimdPath::Avx512, SimdPath::Avx2];
        let fallback = if cfg!(target_arch = "x86_64") {
            Self::scalar()
        } else {
            Self::new(SimdPath::Portable).unwrap_or_else(Self::scalar)
        };
        fastest.into_iter().find_map(Self::new).unwrap_or(fallback)
    }

    /// The path `path` if this processor has it.
    ///
    /// ```
    /// use gjk_simd::{Simd, SimdPath};
    /// assert_eq!(Simd::new(SimdPath::Scalar), Some(Simd::scalar()));
    /// # #[cfg(not(target_arch = "x86_64"))]
    /// assert_eq!(Simd::new(SimdPath::Avx2), None);
    /// ```
    pub fn new(path: SimdPath) -> Option<Self> {
        let available = match path {
            SimdPath::Scalar => true,
            SimdPath::Portable => PORTABLE_HAS_SIMD,
            #[cfg(target_arch = "x86_64")]
            SimdPath::Avx2 => cpuid_avx2::get(),
            #[cfg(target_arch = "x86_64")]
            SimdPath::Avx512 => cpuid_avx512::get(),
            #[cfg(not(target_arch = "x86_64"))]
            SimdPath::Avx2 | SimdPath::Avx512 => false,
        };
        available.then_some(Self { path })
    }

    /// The scalar path, which every processor has.
    ///
    /// ```
    /// use gjk_simd::{Simd, SimdPath};
    /// assert_eq!(Simd::scalar().path(), SimdPath::Scalar);
    /// ```
    pub const fn scalar() -> Self {
        Self {
            path: SimdPath::Scalar,
        }
    }

    /// The portable lanes (`wide`'s types as compiled), which every processor can
    /// run; on targets without SIMD they are emulated and slower than
    /// [`Simd::scalar`], which [`Simd::detect`] picks there (and on x86-64 without
    /// AVX2, see there why).
    ///
    /// ```
    /// use gjk_simd::{Simd, SimdPath};
    /// assert_eq!(Simd::portable().path(), SimdPath::Portable);
    /// ```
    pub const fn portable() -> Self {
        Self {
            path: SimdPath::Portable,
        }
    }

    /// Every path this processor has, from the slowest to the fastest: what the
    /// equivalence tests run on.
    ///
    /// ```
    /// use gjk_simd::Simd;
    /// assert!(Simd::available().count() >= 2); // scalar and portable, at least
    /// ```
    pub fn available() -> impl Iterator<Item = Simd> {
        SimdPath::ALL.into_iter().filter_map(Self::new)
    }

    /// The instruction set.
    ///
    /// ```
    /// use gjk_simd::Simd;
    /// println!("gjk-simd runs on {}", Simd::detect().path());
    /// ```
    pub const fn path(self) -> SimdPath {
        self.path
    }
}

impl Default for Simd {
    /// [`Simd::detect`].
    fn default() -> Self {
        Self::detect()
    }
}

/// Whether `wide`'s portable lanes are real SIMD registers on this target.
const PORTABLE_HAS_SIMD: bool = cfg!(any(
    target_feature = "sse2",
    target_feature = "simd128",
    target_feature = "neon"
));

mod sealed {
    pub trait Sealed {}
    impl Sealed for f32 {}
    impl Sealed for f64 {}
}

/// A scalar gjk-simd has lanes for: `f32` and `f64` (sealed). Every batch type and
/// function is generic over it, and it is the scalar of the shapes.
///
/// ```
/// use gjk_simd::{LaneScalar, SimdPath};
/// fn widest<S: LaneScalar>() -> usize {
///     SimdPath::Avx512.lanes::<S>()
/// }
/// assert_eq!(widest::<f64>(), 8);
/// ```
pub trait LaneScalar: Scalar + sealed::Sealed {
    /// The portable lanes (`wide`).
    #[doc(hidden)]
    type Portable: LaneFloat<Scalar = Self>;
    /// The AVX2 lanes.
    #[doc(hidden)]
    #[cfg(target_arch = "x86_64")]
    type Avx2: LaneFloat<Scalar = Self>;
    /// The AVX-512 lanes.
    #[doc(hidden)]
    #[cfg(target_arch = "x86_64")]
    type Avx512: LaneFloat<Scalar = Self>;
}

impl LaneScalar for f32 {
    type Portable = F32Lanes;
    #[cfg(target_arch = "x86_64")]
    type Avx2 = crate::x86::Avx2F32;
    #[cfg(target_arch = "x86_64")]
    type Avx512 = crate::x86::Avx512F32;
}

impl LaneScalar for f64 {
    type Portable = F64Lanes;
    #[cfg(target_arch = "x86_64")]
    type Avx2 = crate::x86::Avx2F64;
    #[cfg(target_arch = "x86_64")]
    type Avx512 = crate::x86::Avx512F64;
}

/// A query over a batch, written once for any lane type and once pair by pair.
pub trait Kernel<S: LaneScalar> {
    /// What the query returns.
    type Output;
    /// The query on lanes `F`. Implementations must be `#[inline(always)]` (in optimized builds,
    /// see `lanes.rs`), and so
    /// must everything they call that computes on lanes (see `lanes.rs`).
    fn lanes<F: LaneFloat<Scalar = S>>(self) -> Self::Output;
    /// The query pair by pair with the scalar kernel.
    fn scalar(self) -> Self::Output;
}

/// Runs `kernel` on the lanes of `simd`'s path (on x86-64, `x86::run`, which holds
/// the unsafe calls of the entry functions compiled for AVX2 and AVX-512).
#[cfg(target_arch = "x86_64")]
pub(crate) use crate::x86::run;

/// Runs `kernel` on the lanes of `simd`'s path.
#[cfg(not(target_arch = "x86_64"))]
#[inline]
pub(crate) fn run<S: LaneScalar, K: Kernel<S>>(simd: Simd, kernel: K) -> K::Output {
    match simd.path() {
        SimdPath::Scalar => kernel.scalar(),
        // No `Simd` holds the x86 paths on other targets (`Simd::new`).
        SimdPath::Portable | SimdPath::Avx2 | SimdPath::Avx512 => kernel.lanes::<S::Portable>(),
    }
}
