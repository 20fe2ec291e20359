//! # gjk-simd
//!
//! Many GJK queries at once: one query per SIMD lane, in lock-step, for engines that
//! run thousands of narrow-phase queries a frame. A block is one SIMD register of
//! lanes: eight `f32` or four `f64` queries with AVX, four or two without (see
//! below). Every type and function is generic over the scalar ([`LaneScalar`]), and
//! the scalar is that of the shapes.
//! `#![no_std]`, no allocation, no unsafe code.
//!
//! - [`PairBlock`]: a block of pairs packed once (their cores as structure-of-arrays
//!   lanes), then queried for any placements with [`PairBlock::distance`].
//! - [`distance_batch`]: slices of gjk-shapes values and transforms in, a caller-owned
//!   slice of `DistanceOutput` out, any length.
//! - The overlap test the same two ways, [`PairBlock::intersects`] and
//!   [`intersects_batch`]: each lane answers what `gjk_core::intersects` answers, and
//!   stops as soon as a support plane separates its pair.
//! - Ray casts the same two ways, [`ShapeBlock::ray_cast`] (shapes packed once) and
//!   [`ray_cast_batch`]: each lane runs `gjk_core::ray_cast`, the exact GJK ray cast.
//! - With the `rayon` feature (which needs `std`), `distance_batch_parallel` and
//!   `intersects_batch_parallel` split large batches over the cores, with the same
//!   outputs.
//!
//! A lane holds a shape whose core is a list of at most [`MAX_VERTICES`] vertices or
//! an ellipse ([`LaneShape`], [`LaneCore`]): `Polygon<f32, N>`, rounded polygons,
//! circles, capsules, segments, points, ellipses and rounded ellipses, mixed freely
//! within a block. Every lane runs the scalar kernel's algorithm with the same
//! arithmetic in the same order: the support as a masked arg-max over the vertices
//! (or the ellipse's closed form), the simplex solve with its Voronoi-region branches
//! turned into blends, per-lane termination masks. So every output is bit-identical
//! to the scalar query on the same input, including statuses and iteration counts;
//! the tests check exactly that.
//!
//! ## Instruction sets
//!
//! `wide` picks its instructions when this crate is compiled, from the target
//! features enabled then, and so does this crate's block width ([`LANES`],
//! [`F32Lanes`], [`F64Lanes`]). Build with `RUSTFLAGS="-C target-cpu=x86-64-v3"` (or
//! `-C target-cpu=native` on such a machine) for AVX2 and blocks of eight `f32` or
//! four `f64` pairs; `wide` 0.7 has no 16-lane float type, so an AVX-512 build runs
//! the same eight-lane blocks. Without AVX a block is one 128-bit register, four `f32`
//! or two `f64` pairs: SSE2 on baseline x86-64, wasm SIMD with
//! `-C target-feature=+simd128`, or plain scalar code where `wide` has no SIMD for the
//! target, always with the same results. On baseline x86-64 the lanes are about as
//! fast as the scalar kernel (SSE2 has no blend instruction); AVX2 is where
//! they pay (see the README for measured figures).
//!
//! ```
//! use gjk_core::{Transform, Vec2, distance};
//! use gjk_shapes::Polygon;
//! use gjk_simd::distance_batch;
//!
//! let octagon = Polygon::<f32, 8>::regular(8, 1.0).unwrap();
//! let shapes = [octagon; 20];
//! let xf_a = [Transform::IDENTITY; 20];
//! let xf_b: Vec<Transform<f32>> = (0..20)
//!     .map(|i| Transform::from_position_angle(Vec2::new(2.5, 0.1 * i as f32), 0.05 * i as f32))
//!     .collect();
//! let mut out = vec![distance(&octagon, xf_a[0], &octagon, xf_b[0]); 20];
//! distance_batch(&shapes, &xf_a, &shapes, &xf_b, &mut out)?;
//! for (i, output) in out.iter().enumerate() {
//!     assert_eq!(*output, distance(&octagon, xf_a[i], &octagon, xf_b[i]));
//! }
//! # Ok::<(), gjk_simd::PackError>(())
//! ```
#![no_std]
#![forbid(unsafe_code)]

mod block;
mod gjk;
mod lanes;
#[cfg(feature = "rayon")]
mod parallel;
mod ray;
mod shape;
mod shape_block;
mod simplex;

pub use block::{PairBlock, distance_batch, intersects_batch};
pub use lanes::{
    DVec2x2, DVec2x4, F32Lanes, F64Lanes, LANES, LaneFloat, LaneScalar, Mask, Vec2Lanes, Vec2x4,
    Vec2x8,
};
#[cfg(feature = "rayon")]
pub use parallel::{PARALLEL_CHUNK, distance_batch_parallel, intersects_batch_parallel};
pub use shape::{CoreVertices, LaneCore, LaneShape, MAX_VERTICES, PackError};
pub use shape_block::{ShapeBlock, ray_cast_batch};
