//! The 3D workloads, laid out as the plane ones are, one file per layer:
//!
//! - plain data: shapes as `f64` parameters and points ([`CuboidData`], [`HullData`],
//!   [`Capsule3Data`], [`SphereData`], [`EllipsoidData`]), placements as positions and
//!   unit quaternions ([`Placement3`]), pairs placed at controlled gaps
//!   ([`place_pairs3`] and the generators beside it);
//! - the adapter to gjk-shapes and gjk-core in `f32` or `f64` ([`GjkWorkload3`]);
//! - [`standard`]: the sizes and seeds the 3D peer benchmark and its accuracy table
//!   use.
//!
//! The peers' adapters (parry3d) live with the benchmarks, in `peers/`.

mod gjk_adapter;
mod placement;
mod shape_data;
pub mod standard;
mod workload;

pub use gjk_adapter::{GjkWorkload3, ToGjkShape3, to_quat, to_transform3, to_vec3};
pub use placement::{P3, PairPlacement3, Placement3, random_rotation, random_unit_vector, rotate};
pub use shape_data::{Capsule3Data, CuboidData, EllipsoidData, HullData, ShapeData3, SphereData};
pub use workload::{
    CAPSULE3_HALF_LENGTH_RANGE, CAPSULE3_RADIUS_RANGE, CUBOID_HALF_EXTENT_RANGE,
    ELLIPSOID_SEMI_AXIS_RANGE, HULL_POINTS, HULL_SEMI_AXIS_RANGE, SPHERE_RADIUS_RANGE, Workload3,
    capsule_hull_pairs, cuboid_pairs, ellipsoid_pairs, hull_pairs, place_pairs3, random_hull,
    sphere_hull_pairs,
};
