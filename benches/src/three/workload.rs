//! Seeded pairs of 3D shapes placed at controlled gaps: the plain data the 3D peer
//! benchmark and its accuracy table start from.

use crate::rng::SplitMix64;
use crate::three::placement::{
    P3, PairPlacement3, Placement3, add, random_rotation, random_unit_vector, rotate, scale,
};
use crate::three::shape_data::{
    Capsule3Data, CuboidData, EllipsoidData, HullData, ShapeData3, SphereData,
};
use crate::workload::{GapParameters, ShapePair, WORLD_HALF_WIDTH};

/// 3D shape pairs and their placements, one static frame.
#[derive(Clone, Debug, PartialEq)]
pub struct Workload3<A, B = A> {
    /// The pairs, with the gap of their generated placement (see
    /// [`ShapePair::centre_line_gap`]; in 3D the supporting lines are planes).
    pub pairs: Vec<ShapePair<A, B>>,
    /// `placements[i]` places pair `i`.
    pub placements: Vec<PairPlacement3>,
}

impl<A, B> Workload3<A, B> {
    /// The number of pairs.
    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    /// Whether there are no pairs.
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }
}

/// Range of the half-extents of the boxes of [`cuboid_pairs`], each drawn uniformly.
pub const CUBOID_HALF_EXTENT_RANGE: (f64, f64) = (0.2, 1.0);

/// Points per hull of [`hull_pairs`], [`capsule_hull_pairs`] and
/// [`sphere_hull_pairs`].
pub const HULL_POINTS: usize = 32;

/// Range of the semi-axes of the ellipsoid the hull points lie on, each drawn
/// uniformly.
pub const HULL_SEMI_AXIS_RANGE: (f64, f64) = (0.5, 1.5);

/// Range of the half-length of the capsules of [`capsule_hull_pairs`].
pub const CAPSULE3_HALF_LENGTH_RANGE: (f64, f64) = (0.25, 1.0);

/// Range of the radius of the capsules of [`capsule_hull_pairs`].
pub const CAPSULE3_RADIUS_RANGE: (f64, f64) = (0.1, 0.5);

/// Range of the radius of the spheres of [`sphere_hull_pairs`].
pub const SPHERE_RADIUS_RANGE: (f64, f64) = (0.2, 1.0);

/// Range of the semi-axes of [`ellipsoid_pairs`], each drawn uniformly: at most 1:5,
/// inside the ratios the oracle's surface sampling is checked at (its crate
/// documentation warns beyond 1:10).
pub const ELLIPSOID_SEMI_AXIS_RANGE: (f64, f64) = (0.3, 1.5);

/// Pairs of boxes with half-extents in [`CUBOID_HALF_EXTENT_RANGE`], randomly
/// rotated and placed with [`GapParameters::STANDARD`].
///
/// ```
/// let workload = gjk_benches::three::cuboid_pairs(16, 1);
/// assert_eq!(workload.len(), 16);
/// ```
pub fn cuboid_pairs(count: usize, seed: u64) -> Workload3<CuboidData> {
    let mut rng = SplitMix64::new(seed);
    let (low, high) = CUBOID_HALF_EXTENT_RANGE;
    let mut cuboid = || CuboidData {
        half_extents: [(); 3].map(|()| rng.uniform(low, high)),
    };
    let shapes: Vec<_> = (0..count).map(|_| (cuboid(), cuboid())).collect();
    let placement_seed = rng.next_u64();
    place_pairs3(shapes, &GapParameters::STANDARD, placement_seed)
}

/// A blob of [`HULL_POINTS`] points on an ellipsoid with semi-axes in
/// [`HULL_SEMI_AXIS_RANGE`]: points of a strictly convex surface, so every one is a
/// vertex of their hull and both libraries keep all of them.
///
/// The directions are spread evenly (a Fibonacci spiral: heights in equal steps, each
/// turned by the golden angle from the last), each jittered by up to 30 % of its
/// share, and the whole set turned at random: random hulls whose gaps between points
/// are never wide, so the origin is well inside (`tests/workloads3d.rs` checks every
/// face at least half the smallest semi-axis drawn from it).
pub fn random_hull(rng: &mut SplitMix64) -> HullData {
    let (low, high) = HULL_SEMI_AXIS_RANGE;
    let axes = [(); 3].map(|()| rng.uniform(low, high));
    let turn = random_rotation(rng);
    let golden_angle = core::f64::consts::PI * (3.0 - libm::sqrt(5.0));
    let step = 2.0 / HULL_POINTS as f64;
    let points = (0..HULL_POINTS)
        .map(|index| {
            let height = 1.0 - step * (index as f64 + 0.5 + rng.uniform(-0.3, 0.3));
            let longitude = golden_angle * (index as f64 + rng.uniform(-0.3, 0.3));
            let ring = libm::sqrt(1.0 - height * height);
            let (sin, cos) = libm::sincos(longitude);
            let [x, y, z] = rotate(turn, [ring * cos, ring * sin, height]);
            [axes[0] * x, axes[1] * y, axes[2] * z]
        })
        .collect();
    HullData { points }
}

/// Pairs of [`random_hull`]s, randomly rotated and placed with
/// [`GapParameters::STANDARD`].
///
/// ```
/// let workload = gjk_benches::three::hull_pairs(4, 1);
/// assert!(workload.pairs.iter().all(|pair| pair.a.points.len() == 32));
/// ```
pub fn hull_pairs(count: usize, seed: u64) -> Workload3<HullData> {
    let mut rng = SplitMix64::new(seed);
    let shapes: Vec<_> = (0..count)
        .map(|_| (random_hull(&mut rng), random_hull(&mut rng)))
        .collect();
    let placement_seed = rng.next_u64();
    place_pairs3(shapes, &GapParameters::STANDARD, placement_seed)
}

/// Pairs of a capsule (A; see [`CAPSULE3_HALF_LENGTH_RANGE`] and
/// [`CAPSULE3_RADIUS_RANGE`]) and a [`random_hull`] (B), randomly rotated and placed
/// with [`GapParameters::STANDARD`].
///
/// ```
/// let workload = gjk_benches::three::capsule_hull_pairs(4, 1);
/// assert!(workload.pairs.iter().all(|pair| pair.a.radius >= 0.1));
/// ```
pub fn capsule_hull_pairs(count: usize, seed: u64) -> Workload3<Capsule3Data, HullData> {
    let mut rng = SplitMix64::new(seed);
    let shapes: Vec<_> = (0..count)
        .map(|_| {
            let capsule = Capsule3Data {
                half_length: rng
                    .uniform(CAPSULE3_HALF_LENGTH_RANGE.0, CAPSULE3_HALF_LENGTH_RANGE.1),
                radius: rng.uniform(CAPSULE3_RADIUS_RANGE.0, CAPSULE3_RADIUS_RANGE.1),
            };
            (capsule, random_hull(&mut rng))
        })
        .collect();
    let placement_seed = rng.next_u64();
    place_pairs3(shapes, &GapParameters::STANDARD, placement_seed)
}

/// Pairs of a sphere (A; see [`SPHERE_RADIUS_RANGE`]) and a [`random_hull`] (B),
/// randomly rotated and placed with [`GapParameters::STANDARD`].
///
/// ```
/// let workload = gjk_benches::three::sphere_hull_pairs(4, 1);
/// assert!(workload.pairs.iter().all(|pair| pair.a.radius >= 0.2));
/// ```
pub fn sphere_hull_pairs(count: usize, seed: u64) -> Workload3<SphereData, HullData> {
    let mut rng = SplitMix64::new(seed);
    let (low, high) = SPHERE_RADIUS_RANGE;
    let shapes: Vec<_> = (0..count)
        .map(|_| {
            let sphere = SphereData {
                radius: rng.uniform(low, high),
            };
            (sphere, random_hull(&mut rng))
        })
        .collect();
    let placement_seed = rng.next_u64();
    place_pairs3(shapes, &GapParameters::STANDARD, placement_seed)
}

/// Pairs of ellipsoids with semi-axes in [`ELLIPSOID_SEMI_AXIS_RANGE`], randomly
/// rotated and placed with [`GapParameters::STANDARD`].
///
/// ```
/// let workload = gjk_benches::three::ellipsoid_pairs(4, 1);
/// assert!(workload.pairs.iter().all(|pair| pair.b.semi_axes[2] >= 0.3));
/// ```
pub fn ellipsoid_pairs(count: usize, seed: u64) -> Workload3<EllipsoidData> {
    let mut rng = SplitMix64::new(seed);
    let (low, high) = ELLIPSOID_SEMI_AXIS_RANGE;
    let mut ellipsoid = || EllipsoidData {
        semi_axes: [(); 3].map(|()| rng.uniform(low, high)),
    };
    let shapes: Vec<_> = (0..count).map(|_| (ellipsoid(), ellipsoid())).collect();
    let placement_seed = rng.next_u64();
    place_pairs3(shapes, &GapParameters::STANDARD, placement_seed)
}

/// Places each pair as the plane workloads do ([`place_pairs`](crate::place_pairs)),
/// in space: A at a random position in the cube of half-width
/// [`WORLD_HALF_WIDTH`] with a random rotation, B with a random rotation in a random
/// direction `u` from A, at the centre distance that leaves the drawn gap between the
/// two supporting planes normal to `u` (separated: the true gap is at least that), or
/// the drawn depth of overlap of the segments from each origin to its boundary along
/// `u` (overlapping: the shapes certainly share a point).
pub fn place_pairs3<A: ShapeData3, B: ShapeData3>(
    shapes: impl IntoIterator<Item = (A, B)>,
    gaps: &GapParameters,
    seed: u64,
) -> Workload3<A, B> {
    let mut rng = SplitMix64::new(seed);
    let (pairs, placements) = shapes
        .into_iter()
        .map(|(a, b)| place_pair3(a, b, gaps, &mut rng))
        .unzip();
    Workload3 { pairs, placements }
}

/// One pair placed as [`place_pairs3`] describes.
fn place_pair3<A: ShapeData3, B: ShapeData3>(
    a: A,
    b: B,
    gaps: &GapParameters,
    rng: &mut SplitMix64,
) -> (ShapePair<A, B>, PairPlacement3) {
    let position: P3 = [(); 3].map(|()| rng.uniform(-WORLD_HALF_WIDTH, WORLD_HALF_WIDTH));
    let placement_a = Placement3 {
        position,
        rotation: random_rotation(rng),
    };
    let rotation_b = random_rotation(rng);
    let towards_b = random_unit_vector(rng);
    let placement_b_turned = Placement3 {
        position: [0.0; 3],
        rotation: rotation_b,
    };
    let local_a = placement_a.direction_to_local(towards_b);
    let local_b = placement_b_turned.direction_to_local(scale(towards_b, -1.0));
    let (centre_distance, centre_line_gap) = if rng.chance(gaps.overlapping_fraction) {
        let (reach_a, reach_b) = (a.reach_along(local_a), b.reach_along(local_b));
        let depth = (1.0 - rng.next_unit()) * gaps.max_depth_ratio * reach_a.min(reach_b);
        (reach_a + reach_b - depth, -depth)
    } else {
        let gap = rng.uniform(0.0, gaps.max_gap);
        (a.extent_along(local_a) + b.extent_along(local_b) + gap, gap)
    };
    let placement_b = Placement3 {
        position: add(position, scale(towards_b, centre_distance)),
        rotation: rotation_b,
    };
    let pair = ShapePair {
        a,
        b,
        centre_line_gap,
    };
    let placement = PairPlacement3 {
        a: placement_a,
        b: placement_b,
    };
    (pair, placement)
}
