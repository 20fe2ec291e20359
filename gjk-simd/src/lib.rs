//! # gjk-simd
//!
//! Many GJK queries at once: one query per SIMD lane, in lock-step, for engines that
//! run thousands of narrow-phase queries a frame. `f32` queries run eight lanes
//! (`wide::f32x8`), `f64` queries four (`wide::f64x4`): every type and function is
//! generic over the scalar ([`LaneScalar`]), and the scalar is that of the shapes.
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
//! features enabled then: build with `RUSTFLAGS="-C target-cpu=x86-64-v3"` (AVX2; one
//! `f32x8` per register) or `-C target-cpu=native`, `-C target-feature=+avx512f`, and
//! for wasm `-C target-feature=+simd128`. Without them it falls back to narrower
//! vectors (two SSE registers on baseline x86-64) or to scalar code, with the same
//! results.
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
