//! One module per public query, in both dimensions unless its name says `_2d`:
//!
//! - `distance.rs`: `distance` and its warm-started form `distance_cached`;
//! - `intersects.rs`: the boolean overlap test;
//! - `penetration.rs`: depth and direction of an overlap (GJK, then the dimension's
//!   EPA);
//! - `point.rs`: `contains_point` and `project_point`;
//! - `ray_cast.rs` and `shape_cast.rs`, with their value types in `cast.rs`;
//! - `manifold/`: contact manifolds (each dimension's clipping in its folder);
//! - `time_of_impact/`: sweeps that turn (each dimension's separation bounds in its
//!   folder);
//! - the plane only: `outline_2d.rs` (debug outlines).
//!
//! Each is built on the shared machinery in `kernel/`.

pub(crate) mod cast;
pub(crate) mod distance;
pub(crate) mod intersects;
pub(crate) mod manifold;
pub(crate) mod outline_2d;
pub(crate) mod penetration;
pub(crate) mod point;
pub(crate) mod ray_cast;
pub(crate) mod shape_cast;
pub(crate) mod time_of_impact;
