//! gjk-simd's integration tests, one binary: every batch form answers, lane by lane and
//! bit for bit, what the scalar gjk-core query answers on the same pair, on every lane
//! path this processor has. A module per batch query: `distance` (with `intersects`),
//! `ray_cast`, `pairs` (index pairs and the persistent `PairSet`), `parallel` (the
//! rayon forms) and `rescue` (pairs at the ends of the floating-point range).
//!
//! The `--ignored` tests run 100,000 cases of each shape kind (in release, a CI step).

mod common;
mod lane_shapes;

mod distance;
#[cfg(feature = "alloc")]
mod pairs;
#[cfg(feature = "rayon")]
mod parallel;
mod ray_cast;
mod rescue;
