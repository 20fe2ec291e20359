//! Seeded pairs of shapes placed at controlled gaps: the plain data every benchmark
//! and every library adapter starts from.

use crate::placement::{PairPlacement, Placement, add, rotate, scale, unit_vector};
use crate::rng::SplitMix64;
use crate::shape_data::{CapsuleData, EllipseData, PolygonData, ShapeData};

/// Two shapes of a pair and the gap they were placed at. The two may be of different
/// kinds (`A` and `B`), as in [`capsule_polygon_pairs`].
#[derive(Clone, Debug, PartialEq)]
pub struct ShapePair<A, B = A> {
    /// Shape A.
    pub a: A,
    /// Shape B.
    pub b: B,
    /// The gap as placed, measured along the line joining the shapes' origins.
    /// Non-negative: the distance between the two supporting lines normal to that line,
    /// so the true gap is at least this. Negative: minus the overlap of the segments from
    /// each origin to its boundary along that line, so the shapes certainly overlap.
    pub centre_line_gap: f64,
}

/// Shape pairs and their placements over one or more frames.
#[derive(Clone, Debug, PartialEq)]
pub struct Workload<A, B = A> {
    /// The pairs, with the gap of their generated placement.
    pub pairs: Vec<ShapePair<A, B>>,
    /// `frames[f][i]` places pair `i` in frame `f`. A static workload has one frame:
    /// the generated placements.
    pub frames: Vec<Vec<PairPlacement>>,
}

impl<A, B> Workload<A, B> {
    /// The number of pairs.
    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    /// Whether there are no pairs.
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }
}

/// How far apart the generated pairs are.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GapParameters {
    /// Separated pairs get a centre-line gap uniform in `[0, max_gap)`.
    pub max_gap: f64,
    /// The share of pairs placed with a negative centre-line gap (overlapping).
    pub overlapping_fraction: f64,
    /// Overlapping pairs get a depth uniform in `(0, max_depth_ratio]` times the smaller
    /// of the two shapes' reaches along the centre line, so neither origin is pushed
    /// past the other shape.
    pub max_depth_ratio: f64,
}

impl GapParameters {
    /// Gaps from 0 to 3 length units (shapes are about unit size), with one pair in
    /// ten overlapping by up to half the smaller shape's reach.
    pub const STANDARD: Self = Self {
        max_gap: 3.0,
        overlapping_fraction: 0.1,
        max_depth_ratio: 0.5,
    };

    /// Every pair overlapping, by up to half the smaller shape's reach: the
    /// penetration benchmarks' placements.
    pub const OVERLAPPING: Self = Self {
        max_gap: 0.0,
        overlapping_fraction: 1.0,
        max_depth_ratio: 0.5,
    };
}

/// Shape A's origin is uniform in the square `[-WORLD_HALF_WIDTH, WORLD_HALF_WIDTH]^2`.
pub const WORLD_HALF_WIDTH: f64 = 10.0;

/// Circumradius of the octagons of [`octagon_pairs`].
pub const OCTAGON_RADIUS: f64 = 1.0;

/// Range of the ellipse semi-axes of [`ellipse_pairs`], each drawn uniformly.
pub const ELLIPSE_SEMI_AXIS_RANGE: (f64, f64) = (0.2, 2.0);

/// Pairs of regular octagons of radius [`OCTAGON_RADIUS`] (Box2D's classic GJK
/// micro-benchmark shape), randomly rotated and placed with [`GapParameters::STANDARD`].
///
/// ```
/// let workload = gjk_benches::octagon_pairs(16, 1);
/// assert_eq!(workload.len(), 16);
/// assert_eq!(workload.frames.len(), 1);
/// ```
pub fn octagon_pairs(count: usize, seed: u64) -> Workload<PolygonData> {
    let octagon = PolygonData::regular(8, OCTAGON_RADIUS);
    let shapes = (0..count).map(|_| (octagon.clone(), octagon.clone()));
    place_pairs(shapes, &GapParameters::STANDARD, seed)
}

/// Range of the circumradius of the polygons of [`mixed_polygon_pairs`].
pub const MIXED_RADIUS_RANGE: (f64, f64) = (0.5, 1.5);

/// Half the pairs of [`mixed_polygon_pairs`] overlap, half are apart.
pub const MIXED_GAPS: GapParameters = GapParameters {
    max_gap: 3.0,
    overlapping_fraction: 0.5,
    max_depth_ratio: 0.5,
};

/// A random convex polygon of `sides` vertices: angles spread around the circle (each
/// jittered by up to 30 % of its share, so no two vertices meet) on a circle of random
/// radius, then squashed along x by up to half. Points on a circle are in convex
/// position, and scaling an axis keeps them so.
fn random_convex_polygon(rng: &mut SplitMix64, sides: usize) -> PolygonData {
    let (low, high) = MIXED_RADIUS_RANGE;
    let radius = rng.uniform(low, high);
    let squash = rng.uniform(0.5, 1.0);
    let share = core::f64::consts::TAU / sides as f64;
    let turn = rng.angle();
    let vertices = (0..sides)
        .map(|index| {
            let angle = turn + share * (index as f64 + rng.uniform(-0.3, 0.3));
            [squash * radius * angle.cos(), radius * angle.sin()]
        })
        .collect();
    PolygonData { vertices }
}

/// Pairs of random convex polygons of 3 to 8 vertices (see
/// [`MIXED_RADIUS_RANGE`]), randomly rotated and placed with [`MIXED_GAPS`]: half of
/// them overlapping.
///
/// ```
/// let workload = gjk_benches::mixed_polygon_pairs(16, 1);
/// assert!(workload.pairs.iter().all(|pair| (3..=8).contains(&pair.a.vertices.len())));
/// ```
pub fn mixed_polygon_pairs(count: usize, seed: u64) -> Workload<PolygonData> {
    let mut rng = SplitMix64::new(seed);
    let mut polygon = || {
        let sides = 3 + (rng.next_u64() % 6) as usize;
        random_convex_polygon(&mut rng, sides)
    };
    let shapes: Vec<_> = (0..count).map(|_| (polygon(), polygon())).collect();
    let placement_seed = rng.next_u64();
    place_pairs(shapes, &MIXED_GAPS, placement_seed)
}

/// Pairs of ellipses with semi-axes uniform in [`ELLIPSE_SEMI_AXIS_RANGE`], randomly
/// rotated and placed with [`GapParameters::STANDARD`].
///
/// ```
/// let workload = gjk_benches::ellipse_pairs(16, 1);
/// assert!(workload.pairs.iter().all(|pair| pair.a.semi_axes[0] >= 0.2));
/// ```
pub fn ellipse_pairs(count: usize, seed: u64) -> Workload<EllipseData> {
    let mut rng = SplitMix64::new(seed);
    let (low, high) = ELLIPSE_SEMI_AXIS_RANGE;
    let mut ellipse = || EllipseData {
        semi_axes: [rng.uniform(low, high), rng.uniform(low, high)],
    };
    let shapes: Vec<_> = (0..count).map(|_| (ellipse(), ellipse())).collect();
    let placement_seed = rng.next_u64();
    place_pairs(shapes, &GapParameters::STANDARD, placement_seed)
}

/// Range of the half-length of the capsules of [`capsule_polygon_pairs`].
pub const CAPSULE_HALF_LENGTH_RANGE: (f64, f64) = (0.25, 1.0);

/// Range of the radius of the capsules of [`capsule_polygon_pairs`].
pub const CAPSULE_RADIUS_RANGE: (f64, f64) = (0.1, 0.5);

/// Pairs of a capsule (A; see [`CAPSULE_HALF_LENGTH_RANGE`] and
/// [`CAPSULE_RADIUS_RANGE`]) and a random convex polygon of 3 to 8 vertices (B; as in
/// [`mixed_polygon_pairs`]), randomly rotated and placed with
/// [`GapParameters::STANDARD`].
///
/// ```
/// let workload = gjk_benches::capsule_polygon_pairs(16, 1);
/// assert!(workload.pairs.iter().all(|pair| pair.a.radius >= 0.1));
/// assert!(workload.pairs.iter().all(|pair| (3..=8).contains(&pair.b.vertices.len())));
/// ```
pub fn capsule_polygon_pairs(count: usize, seed: u64) -> Workload<CapsuleData, PolygonData> {
    let mut rng = SplitMix64::new(seed);
    let shapes: Vec<_> = (0..count)
        .map(|_| {
            let capsule = CapsuleData {
                half_length: rng.uniform(CAPSULE_HALF_LENGTH_RANGE.0, CAPSULE_HALF_LENGTH_RANGE.1),
                radius: rng.uniform(CAPSULE_RADIUS_RANGE.0, CAPSULE_RADIUS_RANGE.1),
            };
            let sides = 3 + (rng.next_u64() % 6) as usize;
            (capsule, random_convex_polygon(&mut rng, sides))
        })
        .collect();
    let placement_seed = rng.next_u64();
    place_pairs(shapes, &GapParameters::STANDARD, placement_seed)
}

/// Places each pair: A at a random position and angle, B at a random angle in a random
/// direction from A, at the centre distance that leaves the drawn gap along that
/// direction (see [`ShapePair::centre_line_gap`]).
pub fn place_pairs<A: ShapeData, B: ShapeData>(
    shapes: impl IntoIterator<Item = (A, B)>,
    gaps: &GapParameters,
    seed: u64,
) -> Workload<A, B> {
    let mut rng = SplitMix64::new(seed);
    let (pairs, placements) = shapes
        .into_iter()
        .map(|(a, b)| place_pair(a, b, gaps, &mut rng))
        .unzip();
    Workload {
        pairs,
        frames: vec![placements],
    }
}

/// One pair placed as [`place_pairs`] describes.
fn place_pair<A: ShapeData, B: ShapeData>(
    a: A,
    b: B,
    gaps: &GapParameters,
    rng: &mut SplitMix64,
) -> (ShapePair<A, B>, PairPlacement) {
    let placement_a = Placement {
        position: [
            rng.uniform(-WORLD_HALF_WIDTH, WORLD_HALF_WIDTH),
            rng.uniform(-WORLD_HALF_WIDTH, WORLD_HALF_WIDTH),
        ],
        angle: rng.angle(),
    };
    let angle_b = rng.angle();
    let towards_b = unit_vector(rng.angle());
    let local_a = placement_a.direction_to_local(towards_b);
    let local_b = rotate(scale(towards_b, -1.0), -angle_b);
    let (centre_distance, centre_line_gap) = if rng.chance(gaps.overlapping_fraction) {
        // The segments from each origin to its boundary along the centre line overlap
        // by `depth > 0`: the shapes share a point.
        let (reach_a, reach_b) = (a.reach_along(local_a), b.reach_along(local_b));
        let depth = (1.0 - rng.next_unit()) * gaps.max_depth_ratio * reach_a.min(reach_b);
        (reach_a + reach_b - depth, -depth)
    } else {
        // The supporting lines normal to the centre line are `gap` apart: a separating
        // axis, so the shapes are at least `gap` apart.
        let gap = rng.uniform(0.0, gaps.max_gap);
        (a.extent_along(local_a) + b.extent_along(local_b) + gap, gap)
    };
    let placement_b = Placement {
        position: add(placement_a.position, scale(towards_b, centre_distance)),
        angle: angle_b,
    };
    let pair = ShapePair {
        a,
        b,
        centre_line_gap,
    };
    let placement = PairPlacement {
        a: placement_a,
        b: placement_b,
    };
    (pair, placement)
}
