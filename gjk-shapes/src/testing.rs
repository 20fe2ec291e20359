//! Helpers for the unit tests: probe directions, a seeded generator and reference
//! bounding boxes computed from support points.

use gjk_core::{Aabb, Support, Transform, Vec2};

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
