//! Helpers for the unit tests: probe directions, a seeded generator and reference
//! bounding boxes computed from support points.

use gjk_core::{Aabb, Aabb3, Support, Transform, Transform3, Vec2, Vec3};

/// Directions every support test probes: the axes, the diagonals, skewed ones, and
/// tiny and huge ones.
pub(crate) const DIRECTIONS: [Vec2<f64>; 12] = [
    Vec2::new(1.0, 0.0),
    Vec2::new(-1.0, 0.0),
    Vec2::new(0.0, 1.0),
    Vec2::new(0.0, -1.0),
    Vec2::new(1.0, 1.0),
    Vec2::new(-1.0, 1.0),
    Vec2::new(-1.0, -1.0),
    Vec2::new(1.0, -1.0),
    Vec2::new(0.3, -2.0),
    Vec2::new(-5.0, 0.1),
    Vec2::new(1e-300, 2e-300),
    Vec2::new(-1e300, 3e299),
];

/// Directions that carry no usable direction: zero and NaN.
pub(crate) const DEGENERATE_DIRECTIONS: [Vec2<f64>; 4] = [
    Vec2::new(0.0, 0.0),
    Vec2::new(f64::NAN, 0.0),
    Vec2::new(1.0, f64::NAN),
    Vec2::new(f64::NAN, f64::NAN),
];

/// A small linear congruential generator (Knuth's MMIX constants): deterministic
/// point clouds without a dependency.
pub(crate) struct Lcg(u64);

impl Lcg {
    pub(crate) fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// A value in `[0, 1)` from the top 53 bits of the state.
    pub(crate) fn next_unit(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 11) as f64 / (1_u64 << 53) as f64
    }

    /// A value in `[low, high)`.
    pub(crate) fn next_in(&mut self, low: f64, high: f64) -> f64 {
        low + (high - low) * self.next_unit()
    }
}

/// The bounding box of a rounded shape placed by `transform`, from four support calls
/// along the world axes: the reference the closed forms are checked against.
pub(crate) fn aabb_by_support<T: Support<f64>>(shape: &T, transform: Transform<f64>) -> Aabb<f64> {
    let rotation = transform.rotation;
    let extreme = |axis: Vec2<f64>| {
        let local = shape.support(rotation.inv_rotate(axis)).point;
        rotation.rotate(local).dot(axis)
    };
    let r = shape.radius();
    let max = Vec2::new(extreme(Vec2::X) + r, extreme(Vec2::Y) + r);
    let min = Vec2::new(-extreme(-Vec2::X) - r, -extreme(-Vec2::Y) - r);
    Aabb::new(min + transform.translation, max + transform.translation)
}

/// Whether two boxes agree corner by corner within `tolerance`.
pub(crate) fn aabb_close(a: Aabb<f64>, b: Aabb<f64>, tolerance: f64) -> bool {
    (a.min - b.min).max_abs() <= tolerance && (a.max - b.max).max_abs() <= tolerance
}

/// A few placements (translation and rotation) for transformed checks.
pub(crate) fn placements() -> [Transform<f64>; 3] {
    [
        Transform::IDENTITY,
        Transform::from_position_angle(Vec2::new(3.0, -2.0), 0.7),
        Transform::from_position_angle(Vec2::new(-100.0, 40.0), -2.3),
    ]
}

/// The 3D directions every support test probes: the axes, the diagonals, skewed ones,
/// and tiny and huge ones.
pub(crate) const DIRECTIONS3: [Vec3<f64>; 16] = [
    Vec3::new(1.0, 0.0, 0.0),
    Vec3::new(-1.0, 0.0, 0.0),
    Vec3::new(0.0, 1.0, 0.0),
    Vec3::new(0.0, -1.0, 0.0),
    Vec3::new(0.0, 0.0, 1.0),
    Vec3::new(0.0, 0.0, -1.0),
    Vec3::new(1.0, 1.0, 1.0),
    Vec3::new(-1.0, 1.0, -1.0),
    Vec3::new(-1.0, -1.0, 1.0),
    Vec3::new(1.0, -1.0, -1.0),
    Vec3::new(0.3, -2.0, 0.7),
    Vec3::new(-5.0, 0.1, -0.2),
    Vec3::new(1e-300, 2e-300, -3e-300),
    Vec3::new(-1e300, 3e299, 2e299),
    Vec3::new(1e-30, 0.0, 1.0),
    Vec3::new(0.0, -1e-300, -1.0),
];

/// 3D directions that carry no usable direction: zero and NaN.
pub(crate) const DEGENERATE_DIRECTIONS3: [Vec3<f64>; 5] = [
    Vec3::new(0.0, 0.0, 0.0),
    Vec3::new(f64::NAN, 0.0, 0.0),
    Vec3::new(1.0, f64::NAN, 0.0),
    Vec3::new(0.0, 1.0, f64::NAN),
    Vec3::new(f64::NAN, f64::NAN, f64::NAN),
];

/// `count` pseudo-random directions, uniform in the cube `[-1, 1)^3` (not normalized).
pub(crate) fn random_directions3(seed: u64, count: usize) -> alloc::vec::Vec<Vec3<f64>> {
    let mut rng = Lcg::new(seed);
    (0..count)
        .map(|_| {
            Vec3::new(
                rng.next_in(-1.0, 1.0),
                rng.next_in(-1.0, 1.0),
                rng.next_in(-1.0, 1.0),
            )
        })
        .collect()
}

/// The bounding box of a rounded 3D shape placed by `transform`, from six support
/// calls along the world axes: the reference the closed forms are checked against.
pub(crate) fn aabb_by_support3<T: Support<f64, Vec3<f64>>>(
    shape: &T,
    transform: Transform3<f64>,
) -> Aabb3<f64> {
    let rotation = transform.rotation;
    let extreme = |axis: Vec3<f64>| {
        let local = shape.support(rotation.inv_rotate(axis)).point;
        rotation.rotate(local).dot(axis)
    };
    let r = shape.radius();
    let max = Vec3::new(extreme(Vec3::X), extreme(Vec3::Y), extreme(Vec3::Z)) + Vec3::splat(r);
    let min = -Vec3::new(extreme(-Vec3::X), extreme(-Vec3::Y), extreme(-Vec3::Z)) - Vec3::splat(r);
    Aabb3::new(min + transform.translation, max + transform.translation)
}

/// Whether two 3D boxes agree corner by corner within `tolerance`.
pub(crate) fn aabb3_close(a: Aabb3<f64>, b: Aabb3<f64>, tolerance: f64) -> bool {
    (a.min - b.min).max_abs() <= tolerance && (a.max - b.max).max_abs() <= tolerance
}

/// A few 3D placements (translation and rotation) for transformed checks.
pub(crate) fn placements3() -> [Transform3<f64>; 3] {
    let turned = |position: Vec3<f64>, axis: Vec3<f64>, angle: f64| {
        Transform3::from_position_axis_angle(position, axis, angle)
            .unwrap_or(Transform3::from_translation(position))
    };
    [
        Transform3::IDENTITY,
        turned(Vec3::new(3.0, -2.0, 1.0), Vec3::new(1.0, 2.0, 3.0), 0.7),
        turned(
            Vec3::new(-100.0, 40.0, 7.0),
            Vec3::new(-0.3, 0.1, 1.0),
            -2.3,
        ),
    ]
}

/// Whether `support` reaches at least as far along `direction` as every sample, and
/// no farther than `slack` beyond the best one (both measured along the unit
/// direction).
pub(crate) fn reaches_farthest(
    support: Vec3<f64>,
    samples: impl IntoIterator<Item = Vec3<f64>>,
    direction: Vec3<f64>,
    slack: f64,
) -> bool {
    let Some(unit) = direction.normalize() else {
        return false;
    };
    let best = samples
        .into_iter()
        .map(|p| p.dot(unit))
        .fold(f64::NEG_INFINITY, f64::max);
    let reach = support.dot(unit);
    let scale = 1.0 + best.abs();
    reach >= best - 1e-12 * scale && reach <= best + slack
}
