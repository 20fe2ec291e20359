//! # gjk-simd
//!
//! Many GJK queries at once: one query per SIMD lane, in lock-step, for engines that
//! run thousands of narrow-phase queries a frame. Every lane runs the scalar
//! kernel's algorithm with the same arithmetic in the same order, so every output is
//! bit-identical to the `gjk_core` query on the same input, statuses and iteration
//! counts included; the tests check exactly that on every instruction set.
//! `#![no_std]`; only `PairSet` allocates (feature `alloc`, on by default). Every
//! type and function is generic over the scalar ([`LaneScalar`]: `f32` or `f64`), the
//! scalar of the shapes.
//!
//! - `PairSet` (feature `alloc`): an engine's narrow phase on coherent frames. Pairs
//!   are packed once when the broad phase reports them and removed by `PairId` when it
//!   drops them; every frame they are queried at the shapes' poses, each warm-started
//!   from its last simplex (as `gjk_core::distance_cached`) and grouped with pairs of
//!   the same iteration count, so that a block's lanes finish together.
//! - [`distance_pairs`], [`separation_pairs`], [`intersects_pairs`]: a scene's
//!   shapes, their poses and `[a, b]` index pairs, no state.
//! - [`Separation`]: the light output, without witness points.
//! - [`PairBlock`]: up to [`BLOCK`] (16) pairs packed once, then queried for any
//!   placements with [`PairBlock::distance`] and [`PairBlock::intersects`].
//! - [`distance_batch`], [`intersects_batch`]: slices of shapes and transforms in, a
//!   caller-owned slice of outputs out, any length, packing included.
//! - Ray casts the same two ways. [`ray_cast_batch`] answers as `gjk_core::ray_cast`:
//!   a shape's closed-form cast where it has one (a polygon clip is cheaper than a
//!   lane of GJK), the GJK ray cast in lanes for the others. [`ShapeBlock::ray_cast`]
//!   runs `gjk_core::support_ray_cast`, the GJK ray cast, in every lane.
//! - With the `rayon` feature (which needs `std`), `distance_batch_parallel` and
//!   `intersects_batch_parallel` split large batches over the cores.
//!
//! A lane holds a shape whose core is a list of at most [`MAX_VERTICES`] vertices or
//! an ellipse ([`LaneShape`]): `gjk_shapes::Shape` (any engine shape but `Rect`),
//! polygons of up to eight vertices, rounded polygons, circles, capsules, segments,
//! points, ellipses and rounded ellipses, mixed freely within a block.
//!
//! ## Instruction sets, chosen at run time
//!
//! The block size is fixed ([`BLOCK`]); how many of its pairs run at once depends on
//! the processor, never on the build. Every query without a [`Simd`] argument runs on
//! [`Simd::detect`]: on x86-64 it reads CPUID once (no `std` needed) and runs lane
//! code compiled for AVX-512F (16 `f32` / 8 `f64` lanes) or AVX2 with FMA (8 / 4)
//! even in a default `cargo build --release` for baseline x86-64, else the scalar
//! kernel (SSE2's 4 / 2 lanes do not pay: see [`Simd::detect`]). Other targets run
//! `wide`'s lanes as compiled: NEON on aarch64, `simd128` on wasm with
//! `-C target-feature=+simd128`, and the scalar kernel where there is no SIMD.
//! The `_on` forms of every query ([`PairBlock::distance_on`],
//! [`distance_batch_on`], ...) take a [`Simd`] to force a path, for tests and
//! benchmarks; [`Simd::available`] lists the paths this processor has.
//!
//! The crate's `unsafe` code is one module, the AVX2 and AVX-512 lanes and their
//! entry functions, each block with its safety argument.
//!
//! ```
//! use gjk_core::{DistanceOutput, Transform, Vec2, distance};
//! use gjk_shapes::Polygon;
//! use gjk_simd::distance_batch;
//!
//! let octagon = Polygon::<f32, 8>::regular(8, 1.0).unwrap();
//! let shapes = [octagon; 20];
//! let xf_a = [Transform::IDENTITY; 20];
//! let xf_b: Vec<Transform<f32>> = (0..20)
//!     .map(|i| Transform::from_position_angle(Vec2::new(2.5, 0.1 * i as f32), 0.05 * i as f32))
//!     .collect();
//! let mut out = vec![DistanceOutput::default(); 20];
//! distance_batch(&shapes, &xf_a, &shapes, &xf_b, &mut out)?;
//! for (i, output) in out.iter().enumerate() {
//!     assert_eq!(*output, distance(&octagon, xf_a[i], &octagon, xf_b[i]));
//! }
//! # Ok::<(), gjk_simd::PackError>(())
//! ```
#![no_std]

#[cfg(feature = "alloc")]
extern crate alloc;

mod block;
mod dispatch;
mod gjk;
mod lanes;
mod output;
#[cfg(feature = "alloc")]
mod pair_set;
mod pairs;
#[cfg(feature = "rayon")]
mod parallel;
mod ray;
mod rows;
mod shape;
mod shape_block;
mod simplex;
mod warm;
#[cfg(target_arch = "x86_64")]
mod x86;

pub use block::{
    PairBlock, distance_batch, distance_batch_on, intersects_batch, intersects_batch_on,
};
pub use dispatch::{LaneScalar, Simd, SimdPath};
pub use output::Separation;
#[cfg(feature = "alloc")]
pub use pair_set::{PairId, PairSet};
pub use pairs::{
    distance_pairs, distance_pairs_on, intersects_pairs, intersects_pairs_on, separation_pairs,
    separation_pairs_on,
};
#[cfg(feature = "rayon")]
pub use parallel::{PARALLEL_CHUNK, distance_batch_parallel, intersects_batch_parallel};
pub use rows::BLOCK;
pub use shape::{CoreVertices, LaneCore, LaneShape, MAX_VERTICES, PackError};
pub use shape_block::{ShapeBlock, ray_cast_batch, ray_cast_batch_on};
