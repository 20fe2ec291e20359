//! The standard 3D workloads: fixed sizes and seeds shared by the 3D peer benchmark,
//! its accuracy table and the tests, so all of them measure the same pairs.

use crate::standard::BATCH_SIZE;
use crate::three::shape_data::ShapeData3;
use crate::three::shape_data::{Capsule3Data, CuboidData, EllipsoidData, HullData, SphereData};
use crate::three::workload::{
    Workload3, capsule_hull_pairs, cuboid_pairs, ellipsoid_pairs, hull_pairs, place_pairs3,
    sphere_hull_pairs,
};
use crate::workload::GapParameters;

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

/// Seed of the placements of [`overlapping`].
pub const OVERLAPPING_SEED: u64 = 0x6A4B_3D0E;

/// The pairs of `workload` placed again with [`GapParameters::OVERLAPPING`]: every
/// pair overlapping, for the penetration benchmark.
///
/// ```
/// use gjk_benches::three::standard::{overlapping, standard_cuboid_pairs};
/// let deep = overlapping(standard_cuboid_pairs());
/// assert!(deep.pairs.iter().all(|pair| pair.centre_line_gap < 0.0));
/// ```
pub fn overlapping<A: ShapeData3, B: ShapeData3>(workload: Workload3<A, B>) -> Workload3<A, B> {
    let shapes = workload.pairs.into_iter().map(|pair| (pair.a, pair.b));
    place_pairs3(shapes, &GapParameters::OVERLAPPING, OVERLAPPING_SEED)
}
