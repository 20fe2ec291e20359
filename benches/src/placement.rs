//! Where a shape sits: a position and an angle, as plain `f64` data.

/// A rigid placement in the world: rotate by `angle`, then move to `position`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placement {
    /// Where the shape's local origin lands.
    pub position: [f64; 2],
    /// Counter-clockwise rotation in radians.
    pub angle: f64,
}

impl Placement {
    /// A world direction expressed in the shape's local frame (rotated by `-angle`).
    pub fn direction_to_local(&self, direction: [f64; 2]) -> [f64; 2] {
        rotate(direction, -self.angle)
    }

    /// The placement moved by `translation` and turned by `rotation` radians.
    pub fn moved(&self, translation: [f64; 2], rotation: f64) -> Self {
        Self {
            position: add(self.position, translation),
            angle: self.angle + rotation,
        }
    }
}

/// The placements of the two shapes of a pair.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairPlacement {
    /// Placement of shape A.
    pub a: Placement,
    /// Placement of shape B.
    pub b: Placement,
}

impl PairPlacement {
    /// Distance between the two shapes' origins.
    pub fn centre_distance(&self) -> f64 {
        let [dx, dy] = sub(self.b.position, self.a.position);
        libm::hypot(dx, dy)
    }
}

/// The unit vector at `angle` radians from the x axis: `(cos, sin)`.
pub fn unit_vector(angle: f64) -> [f64; 2] {
    let (sin, cos) = libm::sincos(angle);
    [cos, sin]
}

/// `v` rotated counter-clockwise by `angle` radians.
pub fn rotate(v: [f64; 2], angle: f64) -> [f64; 2] {
    let [cos, sin] = unit_vector(angle);
    [cos * v[0] - sin * v[1], sin * v[0] + cos * v[1]]
}

/// `p + q`.
pub fn add(p: [f64; 2], q: [f64; 2]) -> [f64; 2] {
    [p[0] + q[0], p[1] + q[1]]
}

/// `p - q`.
pub fn sub(p: [f64; 2], q: [f64; 2]) -> [f64; 2] {
    [p[0] - q[0], p[1] - q[1]]
}

/// `v * factor`.
pub fn scale(v: [f64; 2], factor: f64) -> [f64; 2] {
    [v[0] * factor, v[1] * factor]
}

/// Dot product `x1 x2 + y1 y2`.
pub fn dot(p: [f64; 2], q: [f64; 2]) -> f64 {
    p[0] * q[0] + p[1] * q[1]
}
