//! `Ellipse::project_point`: Eberly's point-to-ellipse distance, bisecting a
//! parameter that keeps its relative precision near the centre.

use gjk_core::{PointProjection, Scalar, Transform, Vec2};

use crate::Ellipse;
use crate::projection::{from_surface, invalid, local_point, placed};

impl<S: Scalar> Ellipse<S> {
    /// The point of the ellipse (placed by `xf`) nearest `point`, its signed distance
    /// and the outward normal, with the conventions of [`gjk_core::project_point`].
    ///
    /// Eberly's method ("Distance from a Point to an Ellipse, an Ellipsoid, or a
    /// Hyperellipsoid"): by symmetry the point `y` is taken to the first quadrant, the
    /// larger semi-axis `a` first (`b` the other); the nearest point is
    /// `x_i = a_i^2 y_i / (t + a_i^2)` for the root `t` of
    /// `(a y_0 / (t + a^2))^2 + (b y_1 / (t + b^2))^2 = 1`. With `u = 1 + t / b^2`,
    /// `z_i = y_i / a_i`, `r = (a / b)^2` and `d = r - 1`, that is
    /// `(r z_0 / (u + d))^2 + (z_1 / u)^2 = 1`, whose left side falls as `u` grows,
    /// with the root in `[z_1, 1]` inside and `[z_1, |(r z_0, z_1)|]` outside;
    /// `x_0 = r y_0 / (u + d)`, `x_1 = y_1 / u`.
    ///
    /// Eberly bisects `t / b^2 = u - 1`, which near the centre is -1 to within less
    /// than its own rounding: `x_1` then divided by zero (found by fuzzing, in `f32`).
    /// `u` itself is a small positive number there, which floating point holds to
    /// full relative precision, and `d` is computed as `(a - b)(a + b) / b^2` without
    /// cancelling. The bisection runs to the last bit, bounded by the type's
    /// significand and exponent range.
    ///
    /// ```
    /// use gjk_core::{PointStatus, Transform, Vec2};
    /// use gjk_shapes::Ellipse;
    ///
    /// let ellipse = Ellipse::new(Vec2::new(2.0_f64, 1.0))?;
    /// let above = ellipse.project_point(Transform::IDENTITY, Vec2::new(0.0, 3.0));
    /// assert_eq!((above.status, above.signed_distance), (PointStatus::Outside, 2.0));
    /// assert_eq!(above.surface_point, Vec2::new(0.0, 1.0));
    /// let inside = ellipse.project_point(Transform::IDENTITY, Vec2::new(0.0, 0.25));
    /// assert_eq!((inside.status, inside.signed_distance), (PointStatus::Inside, -0.75));
    /// // On the major axis, within the evolute's cusp, the nearest points are off it:
    /// // from (1, 0), (4/3, +-sqrt(5)/3), sqrt(2/3) away, nearer than the axis's end.
    /// let off_axis = ellipse.project_point(Transform::IDENTITY, Vec2::new(1.0, 0.0));
    /// assert!((off_axis.signed_distance + (2.0_f64 / 3.0).sqrt()).abs() < 1e-12);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn project_point(&self, xf: Transform<S>, point: Vec2<S>) -> PointProjection<S> {
        let Some(local) = local_point(xf, point) else {
            return invalid();
        };
        let axes = self.semi_axes();
        let swapped = axes.y > axes.x;
        let (a, b, y0, y1) = if swapped {
            (axes.y, axes.x, local.y.abs(), local.x.abs())
        } else {
            (axes.x, axes.y, local.x.abs(), local.y.abs())
        };
        let (x0, x1) = nearest_in_first_quadrant(a, b, y0, y1);
        // An aspect ratio whose square leaves the range of `S` (about 1e19 in `f32`)
        // has no finite `r`: such slivers take the generic query (found by fuzzing).
        if !(x0.is_finite() && x1.is_finite()) {
            return gjk_core::project_point(self, xf, point);
        }
        // Back to the point's quadrant and the ellipse's own axes.
        let sign = |value: S, of: S| if of < S::ZERO { -value } else { value };
        let (along_x, along_y) = if swapped { (x1, x0) } else { (x0, x1) };
        let surface = Vec2::new(sign(along_x, local.x), sign(along_y, local.y));
        let (ratio_x, ratio_y) = (local.x / axes.x, local.y / axes.y);
        let inside = ratio_x * ratio_x + ratio_y * ratio_y <= S::ONE;
        // The gradient on the surface is `(x / a^2, y / b^2)`.
        let gradient = Vec2::new(surface.x / axes.x / axes.x, surface.y / axes.y / axes.y);
        let (normal, distance) = from_surface(local, surface, inside, gradient, Vec2::X);
        placed(xf, (surface, distance, normal))
    }
}

/// The point of the ellipse with semi-axes `a >= b > 0` nearest `(y0, y1)`, both
/// coordinates at least zero.
pub(crate) fn nearest_in_first_quadrant<S: Scalar>(a: S, b: S, y0: S, y1: S) -> (S, S) {
    let r = (a / b) * (a / b);
    let d = ((a - b) / b) * ((a + b) / b);
    // Branched on the ratios, not the coordinates, and a ratio below `eps^2` counts as
    // on the axis: the bisection's `u` is at least `z1`, and a `z1` of 1e-44
    // (subnormal in `f32`, a hair off a 1e15 ellipse's axis) kept three bits and put
    // the surface 8 % off, while `z1 = 0` ran `u` to zero (both found by fuzzing).
    // Moving the point onto the axis moves its nearest point by about `eps^2` of the
    // size.
    let (z0, z1) = (y0 / a, y1 / b);
    let hair = S::EPS * S::EPS;
    if z1 > hair {
        let off_minor_axis = z0 > hair;
        if !off_minor_axis {
            return (S::ZERO, b);
        }
        let g = z0 * z0 + z1 * z1 - S::ONE;
        if g == S::ZERO {
            return (y0, y1);
        }
        let n0 = r * z0;
        let mut low = z1;
        let mut high = if g < S::ZERO {
            S::ONE
        } else {
            let largest = n0.max(z1);
            let (p, q) = (n0 / largest, z1 / largest);
            largest * (p * p + q * q).square_root()
        };
        // A bracket past the range of `S` (a needle with `r z0` near the largest
        // value): not finite, so the caller takes the generic query.
        if !high.is_finite() {
            return (S::infinity(), S::infinity());
        }
        // f32: 24 + 125 halvings; f64: 53 + 1021 (Eberly's bound).
        let steps = if S::EPS > S::from_f64(1e-10) {
            149
        } else {
            1074
        };
        let mut u = high;
        for _ in 0..steps {
            // Halved before the sum: `low + high` overflowed for a needle 1e18 times
            // longer than wide (`u` near 2e38 in `f32`), `u` became infinite and the
            // nearest point the centre (found by fuzzing). Halving a normal number is
            // exact, and `low >= z1 > eps^2` is normal.
            u = low * S::HALF + high * S::HALF;
            if u == low || u == high {
                break;
            }
            let (p, q) = (n0 / (u + d), z1 / u);
            let value = p * p + q * q - S::ONE;
            if value > S::ZERO {
                low = u;
            } else if value < S::ZERO {
                high = u;
            } else {
                break;
            }
        }
        return (r * y0 / (u + d), y1 / u);
    }
    // On the major axis: the nearest point is off the axis while the point is within
    // the evolute's cusp (`a y0 < a^2 - b^2`), else the axis's end.
    let numerator = a * y0;
    let denominator = (a - b) * (a + b);
    if numerator < denominator {
        let x0 = a * (numerator / denominator);
        let ratio = x0 / a;
        (x0, b * (S::ONE - ratio * ratio).max(S::ZERO).square_root())
    } else {
        (a, S::ZERO)
    }
}
