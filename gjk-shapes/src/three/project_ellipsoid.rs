//! `Ellipsoid::project_point`: Eberly's point-to-ellipsoid distance, bisecting a
//! parameter that keeps its relative precision near the centre, as the plane's
//! `Ellipse::project_point` does.

use gjk_core::{PointProjection, Scalar, Transform3, Vec3, project_point};

use crate::Ellipsoid;
use crate::projection::{from_surface, invalid, local_point, placed};
use crate::two::project::ellipse::nearest_in_first_quadrant;

impl<S: Scalar> Ellipsoid<S> {
    /// The point of the ellipsoid (placed by `xf`) nearest `point`, its signed
    /// distance and the outward normal, in closed form, with the conventions of
    /// [`gjk_core::PointProjection`].
    ///
    /// Eberly's method ("Distance from a Point to an Ellipse, an Ellipsoid, or a
    /// Hyperellipsoid"): by symmetry the point `y` is taken to the first octant, the
    /// semi-axes sorted `e0 >= e1 >= e2`; the nearest point is
    /// `x_i = e_i^2 y_i / (t + e_i^2)` for the largest root `t` of
    /// `sum (e_i y_i / (t + e_i^2))^2 = 1`. With `u = 1 + t / e2^2`, `z_i = y_i / e_i`,
    /// `r_i = (e_i / e2)^2` and `d_i = r_i - 1` (computed as
    /// `(e_i - e2)(e_i + e2) / e2^2`, without cancelling), that is
    /// `(r0 z0 / (u + d0))^2 + (r1 z1 / (u + d1))^2 + (z2 / u)^2 = 1`, whose left side
    /// falls as `u` grows, with the root in `[z2, 1]` inside and
    /// `[z2, |(r0 z0, r1 z1, z2)|]` outside; `u` is bisected to the last bit. A point
    /// in a plane of two axes takes the plane's ellipse (or, in the plane of the two
    /// largest, a point off it when it lies within the evolute). A shape whose squared
    /// aspect leaves the range of `S` takes the generic [`gjk_core::project_point`].
    ///
    /// Unlike the generic projection, it never ends `MaxIterations` deep inside.
    ///
    /// ```
    /// use gjk_core::{PointStatus, Transform3, Vec3};
    /// use gjk_shapes::Ellipsoid;
    ///
    /// let egg = Ellipsoid::new(Vec3::new(1.0_f64, 2.0, 3.0))?;
    /// let inside = egg.project_point(Transform3::IDENTITY, Vec3::new(0.25, 0.0, 0.0));
    /// assert_eq!((inside.status, inside.signed_distance), (PointStatus::Inside, -0.75));
    /// assert_eq!((inside.surface_point, inside.normal), (Vec3::X, Vec3::X));
    /// let above = egg.project_point(Transform3::IDENTITY, Vec3::new(0.0, 0.0, 5.0));
    /// assert_eq!((above.status, above.signed_distance), (PointStatus::Outside, 2.0));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn project_point(&self, xf: Transform3<S>, point: Vec3<S>) -> PointProjection<S, Vec3<S>> {
        let Some(local) = local_point(xf, point) else {
            return invalid();
        };
        let axes = self.semi_axes();
        let coordinates = [local.x, local.y, local.z];
        let semi = [axes.x, axes.y, axes.z];
        // The axes by decreasing length (ties keep their order): three exchanges.
        let mut order = [0_usize, 1, 2];
        for (first, second) in [(0, 1), (1, 2), (0, 1)] {
            if semi[order[second]] > semi[order[first]] {
                order.swap(first, second);
            }
        }
        let e = order.map(|i| semi[i]);
        let y = order.map(|i| coordinates[i].abs());
        let x = nearest_in_first_octant(e, y);
        if !x.iter().all(|value| value.is_finite()) {
            return project_point(self, xf, point);
        }
        // Back to the point's octant and the ellipsoid's own axes.
        let mut surface = [S::ZERO; 3];
        for (slot, &axis) in order.iter().enumerate() {
            let value = x[slot];
            surface[axis] = if coordinates[axis] < S::ZERO {
                -value
            } else {
                value
            };
        }
        let surface = Vec3::new(surface[0], surface[1], surface[2]);
        let ratio = Vec3::new(local.x / axes.x, local.y / axes.y, local.z / axes.z);
        let inside = ratio.length_squared() <= S::ONE;
        // The gradient on the surface is `x / e^2`.
        let gradient = Vec3::new(
            surface.x / axes.x / axes.x,
            surface.y / axes.y / axes.y,
            surface.z / axes.z / axes.z,
        );
        let (normal, distance) = from_surface(local, surface, inside, gradient, Vec3::X);
        placed(xf, (surface, distance, normal))
    }
}

/// The point of the ellipsoid with semi-axes `e[0] >= e[1] >= e[2] > 0` nearest `y`,
/// every coordinate at least zero; not finite when the ellipsoid's squared aspect
/// leaves the range of `S`.
fn nearest_in_first_octant<S: Scalar>(e: [S; 3], y: [S; 3]) -> [S; 3] {
    let [e0, e1, e2] = e;
    let [y0, y1, y2] = y;
    let z = [y0 / e0, y1 / e1, y2 / e2];
    // A ratio below `eps^2` counts as on the plane of the other two axes, as in the
    // plane's ellipse: moving the point there moves its nearest point by about
    // `eps^2` of the size.
    let hair = S::EPS * S::EPS;
    let off = z.map(|ratio| ratio > hair);
    if off[2] {
        return match (off[0], off[1]) {
            (true, true) => bisected(e, y, z),
            (false, true) => {
                let (x1, x2) = nearest_in_first_quadrant(e1, e2, y1, y2);
                [S::ZERO, x1, x2]
            }
            (true, false) => {
                let (x0, x2) = nearest_in_first_quadrant(e0, e2, y0, y2);
                [x0, S::ZERO, x2]
            }
            (false, false) => [S::ZERO, S::ZERO, e2],
        };
    }
    // In the plane of the two largest axes: the nearest point is off the plane while
    // the point lies within the evolute (both `e_i y_i < e_i^2 - e2^2` and the
    // remaining height real), else the plane's ellipse.
    let numerators = [e0 * y0, e1 * y1];
    let denominators = [(e0 - e2) * (e0 + e2), (e1 - e2) * (e1 + e2)];
    if numerators[0] < denominators[0] && numerators[1] < denominators[1] {
        let scaled = [
            numerators[0] / denominators[0],
            numerators[1] / denominators[1],
        ];
        let height = S::ONE - scaled[0] * scaled[0] - scaled[1] * scaled[1];
        if height > S::ZERO {
            return [e0 * scaled[0], e1 * scaled[1], e2 * height.square_root()];
        }
    }
    let (x0, x1) = nearest_in_first_quadrant(e0, e1, y0, y1);
    [x0, x1, S::ZERO]
}

/// The general case of [`nearest_in_first_octant`], every ratio `z_i` above `eps^2`.
fn bisected<S: Scalar>(e: [S; 3], y: [S; 3], z: [S; 3]) -> [S; 3] {
    let e2 = e[2];
    let r = [(e[0] / e2) * (e[0] / e2), (e[1] / e2) * (e[1] / e2)];
    let d = [
        ((e[0] - e2) / e2) * ((e[0] + e2) / e2),
        ((e[1] - e2) / e2) * ((e[1] + e2) / e2),
    ];
    let n = [r[0] * z[0], r[1] * z[1]];
    let g = z[0] * z[0] + z[1] * z[1] + z[2] * z[2] - S::ONE;
    if g == S::ZERO {
        return y;
    }
    let mut low = z[2];
    let mut high = if g < S::ZERO {
        S::ONE
    } else {
        let largest = n[0].max(n[1]).max(z[2]);
        let (p, q, s) = (n[0] / largest, n[1] / largest, z[2] / largest);
        largest * (p * p + q * q + s * s).square_root()
    };
    if !(high.is_finite() && r[0].is_finite() && r[1].is_finite()) {
        return [S::infinity(); 3];
    }
    // f32: 24 + 125 halvings; f64: 53 + 1021 (Eberly's bound).
    let steps = if S::EPS > S::from_f64(1e-10) {
        149
    } else {
        1074
    };
    let mut u = high;
    for _ in 0..steps {
        // Halved before the sum, which could overflow (see the plane's ellipse).
        u = low * S::HALF + high * S::HALF;
        if u == low || u == high {
            break;
        }
        let (p, q, s) = (n[0] / (u + d[0]), n[1] / (u + d[1]), z[2] / u);
        let value = p * p + q * q + s * s - S::ONE;
        if value > S::ZERO {
            low = u;
        } else if value < S::ZERO {
            high = u;
        } else {
            break;
        }
    }
    [r[0] * y[0] / (u + d[0]), r[1] * y[1] / (u + d[1]), y[2] / u]
}
