//! The standard workloads: fixed sizes and seeds shared by the benchmarks, the tests
//! and every library comparison, so all of them measure the same pairs.

use crate::motion::{MotionParameters, coherent_motion};
use crate::shape_data::{CapsuleData, EllipseData, PolygonData};
use crate::workload::{
    GapParameters, OCTAGON_RADIUS, Workload, capsule_polygon_pairs, ellipse_pairs,
    mixed_polygon_pairs, octagon_pairs, place_pairs,
};

/// Pairs per batch: large enough to average over placements, small enough that the
/// shapes, a frame of transforms and the caches stay in the L2 cache.
pub const BATCH_SIZE: usize = 1024;

/// Seed of [`standard_octagon_pairs`].
pub const OCTAGON_SEED: u64 = 0x6A4B_0C7A;
/// Seed of [`standard_ellipse_pairs`].
pub const ELLIPSE_SEED: u64 = 0x6A4B_E111;
/// Seed of [`standard_mixed_polygon_pairs`].
pub const MIXED_SEED: u64 = 0x6A4B_313D;
/// Seed of [`standard_capsule_polygon_pairs`].
pub const CAPSULE_SEED: u64 = 0x6A4B_CA95;
/// Seed of the velocities of [`standard_coherent_motion`].
pub const MOTION_SEED: u64 = 0x6A4B_3071;

/// [`BATCH_SIZE`] octagon pairs, one static frame.
pub fn standard_octagon_pairs() -> Workload<PolygonData> {
    octagon_pairs(BATCH_SIZE, OCTAGON_SEED)
}

/// Box2D's speculative distance, which `b2CollidePolygons` uses internally: the
/// manifold benchmarks ask every library for contacts within it.
pub const SPECULATIVE: f32 = 0.02;

/// [`BATCH_SIZE`] octagon pairs in contact, one static frame: half of them
/// overlapping by up to a twentieth of their size, the rest within [`SPECULATIVE`].
/// The manifold workload.
pub fn standard_octagons_in_contact() -> Workload<PolygonData> {
    let octagon = PolygonData::regular(8, OCTAGON_RADIUS);
    let gaps = GapParameters {
        max_gap: f64::from(SPECULATIVE),
        overlapping_fraction: 0.5,
        max_depth_ratio: 0.05,
    };
    place_pairs(
        (0..BATCH_SIZE).map(|_| (octagon.clone(), octagon.clone())),
        &gaps,
        OCTAGON_SEED,
    )
}

/// [`BATCH_SIZE`] pairs of random convex polygons of 3 to 8 vertices, half of them
/// overlapping, one static frame.
pub fn standard_mixed_polygon_pairs() -> Workload<PolygonData> {
    mixed_polygon_pairs(BATCH_SIZE, MIXED_SEED)
}

/// [`BATCH_SIZE`] pairs of a capsule and a random convex polygon of 3 to 8 vertices,
/// one in ten overlapping, one static frame.
pub fn standard_capsule_polygon_pairs() -> Workload<CapsuleData, PolygonData> {
    capsule_polygon_pairs(BATCH_SIZE, CAPSULE_SEED)
}

/// [`BATCH_SIZE`] ellipse pairs, one static frame.
pub fn standard_ellipse_pairs() -> Workload<EllipseData> {
    ellipse_pairs(BATCH_SIZE, ELLIPSE_SEED)
}

/// `workload` moving with [`MotionParameters::STANDARD`].
pub fn standard_coherent_motion<A: Clone, B: Clone>(workload: &Workload<A, B>) -> Workload<A, B> {
    coherent_motion(workload, &MotionParameters::STANDARD, MOTION_SEED)
}
