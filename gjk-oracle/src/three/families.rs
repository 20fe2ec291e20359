//! Seeded generators of the named families the kernel's tests use, each with its
//! gap fixed by construction and the oracle's distance.
//!
//! How the gaps are made exact is documented on [`FamilyPair3`].

use super::vector::{add, mul};
use super::{Core3, P3, Shape3, distance3, place_point, rotation_matrix3, transform3};

/// A small deterministic generator (splitmix64): the same seed gives the same
/// families on every platform.
///
/// ```
/// let mut random = gjk_oracle::SplitMix64(7);
/// let x = random.next_f64();
/// assert!((0.0..1.0).contains(&x));
/// assert_eq!(gjk_oracle::SplitMix64(7).next_f64(), x);
/// ```
#[derive(Clone, Debug)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`: the top 53 bits as a fraction.
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1_u64 << 53) as f64
    }

    /// Uniform in `[lo, hi)`.
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.next_f64()
    }

    /// A uniformly distributed unit vector (uniform height and longitude, by
    /// Archimedes' hat-box theorem).
    pub fn unit_vector(&mut self) -> P3 {
        let z = self.range(-1.0, 1.0);
        let angle = self.range(0.0, core::f64::consts::TAU);
        let r = (1.0 - z * z).max(0.0).sqrt();
        [r * angle.cos(), r * angle.sin(), z]
    }

    /// A uniformly distributed rotation as a unit quaternion `[x, y, z, w]`
    /// (Shoemake's subgroup algorithm).
    pub fn quaternion(&mut self) -> [f64; 4] {
        let (u1, u2, u3) = (self.next_f64(), self.next_f64(), self.next_f64());
        let (a, b) = ((1.0 - u1).sqrt(), u1.sqrt());
        let (s2, c2) = (core::f64::consts::TAU * u2).sin_cos();
        let (s3, c3) = (core::f64::consts::TAU * u3).sin_cos();
        [a * s2, a * c2, b * s3, b * c3]
    }
}

/// One pair of a named family: for each shape its local points (a convex polytope
/// core, radius zero), translation and rotation quaternion `[x, y, z, w]`, exactly
/// the numbers to hand the kernel; the gap the construction fixes; the oracle's
/// distance.
///
/// Every family is built the same way, so that the gap is known exactly in world
/// space: A is turned about the world z axis only (a quaternion `[0, 0, s, c]`,
/// whose matrix has the exact last row `[0, 0, 1]`), so the points of A's top face
/// (local `z = top`) all land on the world height `z_top = top + t_z` and every other
/// point of A below it (rounding is monotone). B is turned freely; its lowest world
/// vertex is put at `z_top + gap` above a point well inside A's top face. Then A lies
/// in `z <= z_top`, B in `z >= z_low`, and the lowest vertex of B is straight above a
/// point of A, so the distance of the world shapes is exactly `z_low - z_top`: the
/// difference of two f64 numbers within a factor two of each other (`z_top >= 1`),
/// hence itself exact. [`FamilyPair3::gap`] is that realized gap; it differs from the
/// nominal one only by the rounding of the translation, about `1e-16` absolute.
#[derive(Clone, Debug)]
pub struct FamilyPair3 {
    /// A's points in its local frame.
    pub points_a: Vec<P3>,
    /// A's translation.
    pub translation_a: P3,
    /// A's rotation, `[x, y, z, w]`.
    pub quaternion_a: [f64; 4],
    /// B's points in its local frame.
    pub points_b: Vec<P3>,
    /// B's translation.
    pub translation_b: P3,
    /// B's rotation, `[x, y, z, w]`.
    pub quaternion_b: [f64; 4],
    /// The gap realized in world space by the construction (above): the true
    /// distance of the world shapes.
    pub gap: f64,
    /// The oracle's [`distance3`] of the world shapes.
    pub distance: f64,
}

impl FamilyPair3 {
    /// The two world-space shapes ([`transform3`] of the local points).
    ///
    /// ```
    /// let pair = gjk_oracle::near_parallel_boxes(1);
    /// let (a, b) = pair.shapes();
    /// assert_eq!(gjk_oracle::distance3(&a, &b).distance, pair.distance);
    /// ```
    pub fn shapes(&self) -> (Shape3, Shape3) {
        let place = |points: &[P3], t: P3, q: [f64; 4]| {
            Shape3::new(transform3(&Core3::Polytope(points.to_vec()), t, q), 0.0)
        };
        (
            place(&self.points_a, self.translation_a, self.quaternion_a),
            place(&self.points_b, self.translation_b, self.quaternion_b),
        )
    }
}

/// Family (a): a 500 x 500 x 1 slab (box) against a random convex hull of about 0.5
/// across (20 points on a sphere of radius 0.25), 1e-2 above the slab's top face.
///
/// ```
/// let pair = gjk_oracle::slab_vs_hull(3);
/// assert!((pair.distance - 1e-2).abs() < 1e-14);
/// ```
pub fn slab_vs_hull(seed: u64) -> FamilyPair3 {
    let mut random = SplitMix64(seed);
    let slab = box_points([250.0, 250.0, 0.5]);
    let hull = sphere_points(&mut random, 20, 0.25);
    build(&mut random, slab, 0.5, 200.0, hull, None, 1e-2)
}

/// Family (b): a random hull about 100 across against one about 1 across, 1e-2
/// apart. The large hull is 40 points on the lower half of a sphere of radius 50
/// plus a triangle of circumradius 40 on its equator plane, whose face the small hull
/// (20 points on a sphere of radius 0.5) faces within 5 of its centre.
///
/// ```
/// let pair = gjk_oracle::large_vs_small_hull(3);
/// assert!((pair.distance - 1e-2).abs() < 1e-14);
/// ```
pub fn large_vs_small_hull(seed: u64) -> FamilyPair3 {
    let mut random = SplitMix64(seed);
    let mut large: Vec<P3> = (0..40)
        .map(|_| {
            let [x, y, z] = random.unit_vector();
            [50.0 * x, 50.0 * y, -50.0 * z.abs()]
        })
        .collect();
    for k in 0..3 {
        let angle = core::f64::consts::TAU * k as f64 / 3.0 + random.range(-0.2, 0.2);
        large.push([40.0 * angle.cos(), 40.0 * angle.sin(), 0.0]);
    }
    let small = sphere_points(&mut random, 20, 0.5);
    build(&mut random, large, 0.0, 5.0, small, None, 1e-2)
}

/// Family (c): two unit boxes, B turned from A by a tiny random angle (log-uniform in
/// `[1e-6, 1e-3]` radians about a random horizontal axis), B's lowest corner 1e-4
/// above A's top face and within 0.3 of its centre along each side.
///
/// ```
/// let pair = gjk_oracle::near_parallel_boxes(3);
/// assert!((pair.distance - 1e-4).abs() < 1e-15);
/// ```
pub fn near_parallel_boxes(seed: u64) -> FamilyPair3 {
    let mut random = SplitMix64(seed);
    let unit_box = box_points([0.5; 3]);
    let angle = 10_f64.powf(random.range(-6.0, -3.0));
    let heading = random.range(0.0, core::f64::consts::TAU);
    let (s, c) = (0.5 * angle).sin_cos();
    let tilt = [s * heading.cos(), s * heading.sin(), 0.0, c];
    build(
        &mut random,
        unit_box.clone(),
        0.5,
        0.3,
        unit_box,
        Some(tilt),
        1e-4,
    )
}

/// The corners `(+-h0, +-h1, +-h2)` of a box.
fn box_points(half: P3) -> Vec<P3> {
    (0..8)
        .map(|i| {
            let sign = |k: usize| if i >> k & 1 == 1 { 1.0 } else { -1.0 };
            [sign(0) * half[0], sign(1) * half[1], sign(2) * half[2]]
        })
        .collect()
}

/// `count` random points on the sphere of `radius` about the origin.
fn sphere_points(random: &mut SplitMix64, count: usize, radius: f64) -> Vec<P3> {
    (0..count)
        .map(|_| random.unit_vector().map(|x| radius * x))
        .collect()
}

/// The Hamilton product `p q` of quaternions `[x, y, z, w]` (rotate by `q`, then `p`).
fn quaternion_product(p: [f64; 4], q: [f64; 4]) -> [f64; 4] {
    let [px, py, pz, pw] = p;
    let [qx, qy, qz, qw] = q;
    [
        pw * qx + px * qw + py * qz - pz * qy,
        pw * qy - px * qz + py * qw + pz * qx,
        pw * qz + px * qy - py * qx + pz * qw,
        pw * qw - px * qx - py * qy - pz * qz,
    ]
}

/// The common construction described on [`FamilyPair3`]. `top` is the local height
/// of A's top face; `reach` bounds the horizontal offset, in A's frame, of the point
/// of that face B's lowest vertex sits over; `relative_turn`, when given, makes B's
/// rotation A's composed with it, else B's rotation is uniformly random.
fn build(
    random: &mut SplitMix64,
    points_a: Vec<P3>,
    top: f64,
    reach: f64,
    points_b: Vec<P3>,
    relative_turn: Option<[f64; 4]>,
    gap: f64,
) -> FamilyPair3 {
    let heading = random.range(0.0, core::f64::consts::TAU);
    let (s, c) = (0.5 * heading).sin_cos();
    let quaternion_a = [0.0, 0.0, s, c];
    let translation_a = [
        random.range(-10.0, 10.0),
        random.range(-10.0, 10.0),
        random.range(1.0, 3.0),
    ];
    let quaternion_b = match relative_turn {
        Some(turn) => quaternion_product(quaternion_a, turn),
        None => random.quaternion(),
    };
    // B turned in place: its lowest vertex, relative to B's origin.
    let turn_b = rotation_matrix3(quaternion_b);
    let lowest = points_b
        .iter()
        .map(|&p| place_point(&turn_b, [0.0; 3], p))
        .fold([0.0, 0.0, f64::INFINITY], |low, p| {
            if p[2] < low[2] { p } else { low }
        });
    // The point of A's top face it sits over: a square offset in A's frame, turned
    // into the world.
    let offset = [
        random.range(-reach, reach),
        random.range(-reach, reach),
        0.0,
    ];
    let target = add(translation_a, mul(&rotation_matrix3(quaternion_a), offset));
    let z_top = top + translation_a[2];
    let translation_b = [
        target[0] - lowest[0],
        target[1] - lowest[1],
        z_top + gap - lowest[2],
    ];
    let mut pair = FamilyPair3 {
        points_a,
        translation_a,
        quaternion_a,
        points_b,
        translation_b,
        quaternion_b,
        gap: f64::NAN,
        distance: f64::NAN,
    };
    let z_low = pair
        .points_b
        .iter()
        .map(|&p| place_point(&turn_b, translation_b, p)[2])
        .fold(f64::INFINITY, f64::min);
    pair.gap = z_low - z_top;
    let (a, b) = pair.shapes();
    pair.distance = distance3(&a, &b).distance;
    pair
}
