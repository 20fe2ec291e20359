//! The standard 3D workloads: fixed sizes and seeds shared by the 3D peer benchmark,
//! its accuracy table and the tests, so all of them measure the same pairs.

use crate::standard::BATCH_SIZE;
use crate::three::shape_data::{Capsule3Data, CuboidData, EllipsoidData, HullData, SphereData};
use crate::three::workload::{
    Workload3, capsule_hull_pairs, cuboid_pairs, ellipsoid_pairs, hull_pairs, sphere_hull_pairs,
};

/// Seed of [`standard_cuboid_pairs`].
pub const CUBOID_SEED: u64 = 0x6A4B_3D0B;
/// Seed of [`standard_hull_pairs`].
pub const HULL_SEED: u64 = 0x6A4B_3D32;
/// Seed of [`standard_capsule_hull_pairs`].
pub const CAPSULE_HULL_SEED: u64 = 0x6A4B_3DCA;
/// Seed of [`standard_sphere_hull_pairs`].
pub const SPHERE_HULL_SEED: u64 = 0x6A4B_3D5F;
/// Seed of [`standard_ellipsoid_pairs`].
pub const ELLIPSOID_SEED: u64 = 0x6A4B_3DE1;

/// [`BATCH_SIZE`] box pairs, one in ten overlapping.
pub fn standard_cuboid_pairs() -> Workload3<CuboidData> {
    cuboid_pairs(BATCH_SIZE, CUBOID_SEED)
}

/// [`BATCH_SIZE`] pairs of 32-point hulls, one in ten overlapping.
pub fn standard_hull_pairs() -> Workload3<HullData> {
    hull_pairs(BATCH_SIZE, HULL_SEED)
}

/// [`BATCH_SIZE`] pairs of a capsule and a 32-point hull, one in ten overlapping.
pub fn standard_capsule_hull_pairs() -> Workload3<Capsule3Data, HullData> {
    capsule_hull_pairs(BATCH_SIZE, CAPSULE_HULL_SEED)
}

/// [`BATCH_SIZE`] pairs of a sphere and a 32-point hull, one in ten overlapping.
pub fn standard_sphere_hull_pairs() -> Workload3<SphereData, HullData> {
    sphere_hull_pairs(BATCH_SIZE, SPHERE_HULL_SEED)
}

/// [`BATCH_SIZE`] ellipsoid pairs, one in ten overlapping.
pub fn standard_ellipsoid_pairs() -> Workload3<EllipsoidData> {
    ellipsoid_pairs(BATCH_SIZE, ELLIPSOID_SEED)
}
