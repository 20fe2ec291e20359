//! gjk-shapes' integration tests, one binary: gjk-core's queries on this crate's shapes,
//! a module per query, each with its tests against the exact f64 oracle
//! (`gjk-oracle`), its hand-made cases and its regressions; then the shapes themselves
//! and the queries at the ends of the floating-point range.
//!
//! The harness the oracle tests share is compiled once, here: `harness` for the plane,
//! `harness3d` for space, `motion_search` for the searches along a motion.

mod harness;
mod harness3d;
mod motion_search;

mod casts;
mod distance;
mod manifold;
mod penetration;
mod points;
mod scale;
mod shapes;
mod time_of_impact;
