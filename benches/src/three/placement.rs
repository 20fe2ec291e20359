//! Where a 3D shape sits: a position and a unit quaternion, as plain `f64` data, and
//! the few vector helpers the generators need.

use crate::rng::SplitMix64;

/// A point or vector, `[x, y, z]`.
pub type P3 = [f64; 3];

/// A rigid placement in space: rotate by `rotation`, then move to `position`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placement3 {
    /// Where the shape's local origin lands.
    pub position: P3,
    /// The rotation as a unit quaternion `[x, y, z, w]` (`w` the real part).
    pub rotation: [f64; 4],
}

impl Placement3 {
    /// A world direction expressed in the shape's local frame (rotated by the inverse
    /// rotation).
    pub fn direction_to_local(&self, direction: P3) -> P3 {
        let [x, y, z, w] = self.rotation;
        rotate([-x, -y, -z, w], direction)
    }
}

/// The placements of the two shapes of a pair.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairPlacement3 {
    /// Placement of shape A.
    pub a: Placement3,
    /// Placement of shape B.
    pub b: Placement3,
}

/// `v` rotated by the unit quaternion `q = (u, w)`: `v + w t + u x t` with
/// `t = 2 u x v` (the expansion of `q v q*` for a unit `q`).
///
/// ```
/// use gjk_benches::three::rotate;
/// let half = core::f64::consts::FRAC_1_SQRT_2;
/// let quarter_about_z = [0.0, 0.0, half, half];
/// let v = rotate(quarter_about_z, [1.0, 0.0, 0.0]);
/// assert!((v[0]).abs() < 1e-15 && (v[1] - 1.0).abs() < 1e-15 && v[2] == 0.0);
/// ```
pub fn rotate(q: [f64; 4], v: P3) -> P3 {
    let u = [q[0], q[1], q[2]];
    let t = scale(cross(u, v), 2.0);
    add(add(v, scale(t, q[3])), cross(u, t))
}

/// A uniformly random rotation: Shoemake's method, three uniform numbers mapped to a
/// unit quaternion uniform on the 3-sphere.
pub fn random_rotation(rng: &mut SplitMix64) -> [f64; 4] {
    let u1 = rng.next_unit();
    let (a, b) = (rng.angle(), rng.angle());
    let (low, high) = (libm::sqrt(1.0 - u1), libm::sqrt(u1));
    [low * a.sin(), low * a.cos(), high * b.sin(), high * b.cos()]
}

/// A uniformly random unit vector: `z` uniform in `[-1, 1]` and a uniform longitude
/// (Archimedes: the sphere's area is uniform in height).
pub fn random_unit_vector(rng: &mut SplitMix64) -> P3 {
    let z = rng.uniform(-1.0, 1.0);
    let (sin, cos) = libm::sincos(rng.angle());
    let ring = libm::sqrt(1.0 - z * z);
    [ring * cos, ring * sin, z]
}

/// `p + q`.
pub fn add(p: P3, q: P3) -> P3 {
    [p[0] + q[0], p[1] + q[1], p[2] + q[2]]
}

/// `p - q`.
pub fn sub(p: P3, q: P3) -> P3 {
    [p[0] - q[0], p[1] - q[1], p[2] - q[2]]
}

/// `v * factor`.
pub fn scale(v: P3, factor: f64) -> P3 {
    [v[0] * factor, v[1] * factor, v[2] * factor]
}

/// Dot product.
pub fn dot(p: P3, q: P3) -> f64 {
    p[0] * q[0] + p[1] * q[1] + p[2] * q[2]
}

/// Cross product `p x q`.
pub fn cross(p: P3, q: P3) -> P3 {
    [
        p[1] * q[2] - p[2] * q[1],
        p[2] * q[0] - p[0] * q[2],
        p[0] * q[1] - p[1] * q[0],
    ]
}

/// Euclidean length.
pub fn length(v: P3) -> f64 {
    libm::sqrt(dot(v, v))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_rotations_are_unit_and_undo_by_their_conjugate() {
        let mut rng = SplitMix64::new(3);
        for _ in 0..100 {
            let q = random_rotation(&mut rng);
            assert!((q.iter().map(|c| c * c).sum::<f64>() - 1.0).abs() < 1e-15);
            let placement = Placement3 {
                position: [0.0; 3],
                rotation: q,
            };
            let v = random_unit_vector(&mut rng);
            assert!((length(v) - 1.0).abs() < 1e-15);
            let back = placement.direction_to_local(rotate(q, v));
            assert!(length(sub(back, v)) < 1e-15);
        }
    }
}
