//! # gjk-conformance
//!
//! The conformance tables of the kernel: a few hundred queries over every plane shape
//! of `gjk-shapes` (distance, cached distance, overlap, ray and shape casts; [`CASES`])
//! and a few hundred over every 3D shape (distance, cached distance, overlap;
//! [`CASES3`]) in `f32`, each with the result bits the x86_64 host computed and an
//! independent answer from the exact `f64` oracle. The same `no_std` runner ([`run`])
//! executes each table on the host, on Cortex-M4F and Cortex-M0 firmware under QEMU
//! and in wasm under node, and every target must
//!
//! - reproduce the host's bits exactly ([`Case::expected`]): the scalar path promises
//!   bit-identical `f32` results on every IEEE-754 target (round to nearest,
//!   subnormals kept, no fused multiply-add contraction, which Rust never does on its
//!   own), NaN payloads aside (see [`Record`]);
//! - agree with the oracle within a tolerance ([`Case::reference`]), which bits alone
//!   cannot show;
//! - and print the same [`Summary::hash`] over all records of each table, which
//!   `cargo xtask` compares side by side.
//!
//! The two tables are hashed apart, so that cases added to one table leave the other
//! table's hash as it is.
//!
//! The tables, `src/cases.rs` and `src/cases3.rs`, are written by the host program
//! `gjk-conformance-gen` (`cargo xtask conformance`) and checked in; `cargo xtask
//! conformance --check` (run by CI) fails when the kernel's answers moved and the
//! tables were not regenerated.
//!
//! ```
//! let summary = gjk_conformance::run(gjk_conformance::CASES, |_| {});
//! assert!(summary.all_passed());
//! let summary3 = gjk_conformance::run(gjk_conformance::CASES3, |_| {});
//! assert!(summary3.all_passed());
//! ```
#![no_std]
#![forbid(unsafe_code)]

// Generated data: long lines, and exact values that may sit near named constants.
#[rustfmt::skip]
#[allow(
    clippy::approx_constant,
    reason = "generated inputs and references are exact values, not approximations"
)]
mod cases;
// The 3D table, generated like the plane's.
#[rustfmt::skip]
#[allow(
    clippy::approx_constant,
    reason = "generated inputs and references are exact values, not approximations"
)]
mod cases3;
mod check;
mod query;
mod query3;
mod shape;
mod shape3;

pub use cases::CASES;
pub use cases3::CASES3;
pub use check::{Answer, Case, Failure, Fnv1a, Reference, Summary, TableQuery, run};
pub use query::{
    Query, RECORD_WORDS, Record, cast_status_code, distance_status_code, float_bits,
    intersects_code,
};
pub use query3::{Query3, RECORD3_WORDS, Record3};
pub use shape::{Built, MAX_HULL_POINTS, Placed, Polygon8, Pose, ShapeSpec};
pub use shape3::{Built3, MAX_POINTS3, Placed3, Points16, Pose3, ShapeSpec3};
