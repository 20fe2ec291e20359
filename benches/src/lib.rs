//! Shared seeded workloads for the benchmarks.
//!
//! Two layers, kept apart so every library sees the same pairs:
//! - plain data, independent of any collision library: a tiny seeded generator
//!   ([`SplitMix64`]), shapes as `f64` vertices and semi-axes ([`PolygonData`],
//!   [`EllipseData`]), placements as positions and angles ([`Placement`]), pairs placed
//!   at controlled gaps ([`octagon_pairs`], [`ellipse_pairs`]) and coherent motion over
//!   frames ([`coherent_motion`]), rays and sweeps for the casts ([`cast_motions`]);
//! - adapters from that data to a library: gjk-shapes and gjk-core in `f32` or `f64`
//!   ([`GjkWorkload`]), and the mean GJK iterations of a workload ([`mean_iterations`]).
//!
//! [`standard`] fixes the sizes and seeds the benchmarks use; [`three`] holds the 3D
//! workloads, in the same layers.

mod cast_motion;
mod gjk_adapter;
mod gjk_casts;
mod iterations;
mod motion;
pub mod patterns;
mod placement;
mod rng;
pub mod scene;
mod shape_data;
pub mod standard;
pub mod three;
mod workload;

pub use cast_motion::{CastMotion, MISS_OFFSET, SWEEP_TURN, cast_motions};
pub use gjk_adapter::{
    GjkWorkload, POLYGON_CAPACITY, PairTransforms, ToGjkShape, to_transform, to_vec2,
};
pub use gjk_casts::{GjkCastQuery, gjk_cast_queries};
pub use iterations::{Start, mean_iterations};
pub use motion::{MotionParameters, coherent_motion};
pub use placement::{PairPlacement, Placement};
pub use rng::SplitMix64;
pub use shape_data::{CapsuleData, EllipseData, PolygonData, ShapeData};
pub use workload::{
    CAPSULE_HALF_LENGTH_RANGE, CAPSULE_RADIUS_RANGE, ELLIPSE_SEMI_AXIS_RANGE, GapParameters,
    MIXED_GAPS, MIXED_RADIUS_RANGE, OCTAGON_RADIUS, ShapePair, WORLD_HALF_WIDTH, Workload,
    capsule_polygon_pairs, ellipse_pairs, mixed_polygon_pairs, octagon_pairs, place_pairs,
};
