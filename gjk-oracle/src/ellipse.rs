//! Ellipses: the point-to-ellipse distance (Eberly's method) and the distance from an
//! ellipse to another core by dense sampling of its boundary refined by golden-section
//! search.

use crate::P;
use crate::geometry::{
    add, cross, dot, edges, point_segment_distance, polygon_contains, polytope_signed_distance, sub,
};

/// Parameter samples along an ellipse boundary before refinement. At a 1:20 axis ratio
/// consecutive samples are at most `2 pi a / 4096 = 1.5e-3 a` apart, far finer than
/// any feature of the shapes the oracle compares (at most eight polygon vertices).
pub(crate) const SAMPLES: usize = 4096;

/// How many of the smallest sampled local minima are refined; more than one guards
/// against two nearly equal valleys, of which the sampled best need not be the true
/// best.
const REFINED_MINIMA: usize = 4;

/// A world-space ellipse: centre, unit direction of the first semi-axis, semi-axes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ellipse {
    pub center: P,
    /// Unit direction of the first semi-axis; the second is its left perpendicular.
    pub axis: P,
    pub semi_axes: [f64; 2],
}

impl Ellipse {
    /// An ellipse from the fields of `Core::Ellipse`; `(cos, sin)` is normalized.
    pub fn new(center: P, semi_axes: [f64; 2], cos: f64, sin: f64) -> Self {
        let norm = cos.hypot(sin);
        Self {
            center,
            axis: [cos / norm, sin / norm],
            semi_axes,
        }
    }

    /// World point to the ellipse's frame (coordinates along its two axes).
    pub fn local_of(&self, p: P) -> P {
        let d = sub(p, self.center);
        [dot(d, self.axis), cross(self.axis, d)]
    }

    /// Ellipse frame to world.
    pub fn world_of(&self, local: P) -> P {
        let [ux, uy] = self.axis;
        add(
            self.center,
            [ux * local[0] - uy * local[1], uy * local[0] + ux * local[1]],
        )
    }

    /// The boundary point of parameter `t`: `c + a cos t u + b sin t u_perp`.
    pub fn point(&self, t: f64) -> P {
        let (sin, cos) = t.sin_cos();
        self.world_of([self.semi_axes[0] * cos, self.semi_axes[1] * sin])
    }

    /// Whether a world point lies in the closed ellipse.
    pub fn contains(&self, p: P) -> bool {
        let [x, y] = self.local_of(p);
        let (u, v) = (x / self.semi_axes[0], y / self.semi_axes[1]);
        u * u + v * v <= 1.0
    }

    /// Whether the closed segment `[p, q]` meets the closed ellipse: in coordinates
    /// scaled by the semi-axes the ellipse is the unit disc, and the segment meets it
    /// when its distance to the origin is at most one.
    pub fn meets_segment(&self, p: P, q: P) -> bool {
        let unit = |w: P| {
            let [x, y] = self.local_of(w);
            [x / self.semi_axes[0], y / self.semi_axes[1]]
        };
        let (p, q) = (unit(p), unit(q));
        point_segment_distance([0.0, 0.0], p, q) <= 1.0
    }

    /// Signed distance from a world point to the ellipse boundary (negative inside)
    /// and the nearest boundary point.
    pub fn signed_distance(&self, p: P) -> (f64, P) {
        let [x, y] = self.local_of(p);
        let [a, b] = self.semi_axes;
        // Work with the longer axis first and in the first quadrant, then map back.
        let swapped = a < b;
        let (major, minor, along_major, along_minor) =
            if swapped { (b, a, y, x) } else { (a, b, x, y) };
        let [q0, q1] = closest_in_quadrant(major, minor, along_major.abs(), along_minor.abs());
        let q0 = q0.copysign(along_major);
        let q1 = q1.copysign(along_minor);
        let local = if swapped { [q1, q0] } else { [q0, q1] };
        let distance = (x - local[0]).hypot(y - local[1]);
        let (u, v) = (x / a, y / b);
        let sign = if u * u + v * v < 1.0 { -1.0 } else { 1.0 };
        (sign * distance, self.world_of(local))
    }

    /// Support value `max over the ellipse of u.x`: `c.u + sqrt((a u.e0)^2 + (b u.e1)^2)`.
    pub fn support_value(&self, u: P) -> f64 {
        let along = dot(u, self.axis);
        let across = cross(self.axis, u);
        dot(self.center, u) + (self.semi_axes[0] * along).hypot(self.semi_axes[1] * across)
    }
}

/// The point of the ellipse `(x/e0)^2 + (y/e1)^2 = 1`, `e0 >= e1 > 0`, nearest to the
/// first-quadrant point `(y0, y1)` (inside or outside).
///
/// Eberly ("Distance from a point to an ellipse, an ellipsoid, or a hyperellipsoid",
/// 2011): the nearest point is `x_i = e_i^2 y_i / (t + e_i^2)` where `t` is the root of
/// `F(t) = sum (e_i y_i / (t + e_i^2))^2 - 1`. Here in the scaled variable
/// `sigma = t / e1^2 + 1` and with `z_i = y_i / e_i`, `r = (e0 / e1)^2`:
///
/// ```text
/// g(sigma) = (r z0 / (sigma + r - 1))^2 + (z1 / sigma)^2 - 1,   x0 = r y0 / (sigma + r - 1),  x1 = y1 / sigma
/// ```
///
/// `g` is convex and decreasing on `sigma > 0`, with `g(z1) >= 0` and
/// `g(hypot(r z0, z1)) <= 0`, so the root is bracketed. Newton from the left end of a
/// convex decreasing function never overshoots; a bisection fallback guards rounding.
/// On the axes the root can sit at the pole, and the closed forms are used instead.
fn closest_in_quadrant(e0: f64, e1: f64, y0: f64, y1: f64) -> P {
    if y1 > 0.0 {
        if y0 > 0.0 {
            let (z0, z1) = (y0 / e0, y1 / e1);
            let r = (e0 / e1) * (e0 / e1);
            // r - 1 = (e0 - e1)(e0 + e1) / e1^2 without cancellation.
            let r_minus_1 = (e0 - e1) * (e0 + e1) / (e1 * e1);
            let n0 = r * z0;
            let sigma = solve_sigma(n0, z1, r_minus_1);
            return [r * y0 / (sigma + r_minus_1), y1 / sigma];
        }
        return [0.0, e1];
    }
    // On the major axis: off-axis nearest point while y0 < (e0^2 - e1^2) / e0.
    let numerator = e0 * y0;
    let denominator = (e0 - e1) * (e0 + e1);
    if numerator < denominator {
        let x0 = e0 * numerator / denominator;
        let ratio = x0 / e0;
        [x0, e1 * (1.0 - ratio * ratio).max(0.0).sqrt()]
    } else {
        [e0, 0.0]
    }
}

/// The root of `g(sigma) = (n0 / (sigma + k))^2 + (z1 / sigma)^2 - 1` on
/// `[z1, hypot(n0, z1)]`, for `n0 >= 0`, `z1 > 0`, `k >= 0`.
fn solve_sigma(n0: f64, z1: f64, k: f64) -> f64 {
    let g = |s: f64| {
        let (p, q) = (n0 / (s + k), z1 / s);
        (p * p + q * q - 1.0, -2.0 * (p * p / (s + k) + q * q / s))
    };
    let (mut lo, mut hi) = (z1, n0.hypot(z1));
    let mut s = lo;
    // Newton's slowest phase, next to the pole at zero, still grows sigma by half of
    // itself per step: this many steps cross the whole f64 exponent range.
    for _ in 0..4096 {
        let (value, slope) = g(s);
        if value == 0.0 {
            return s;
        }
        if value > 0.0 {
            lo = s;
        } else {
            hi = s;
        }
        let newton = s - value / slope;
        let next = if newton > lo && newton < hi {
            newton
        } else {
            0.5 * (lo + hi)
        };
        if next == s {
            return s;
        }
        s = next;
    }
    s
}

/// Minimizes a 2 pi-periodic function: dense samples, then golden-section search in the
/// bracket of each of the smallest sampled local minima. Returns `(t, f(t))`.
pub(crate) fn minimize_periodic(f: impl Fn(f64) -> f64) -> (f64, f64) {
    let step = core::f64::consts::TAU / SAMPLES as f64;
    let values: Vec<f64> = (0..SAMPLES).map(|i| f(i as f64 * step)).collect();
    let mut minima: Vec<usize> = (0..SAMPLES)
        .filter(|&i| {
            let before = values[(i + SAMPLES - 1) % SAMPLES];
            let after = values[(i + 1) % SAMPLES];
            values[i] <= before && values[i] <= after
        })
        .collect();
    minima.sort_by(|&i, &j| values[i].total_cmp(&values[j]));
    let mut best = (0.0, f64::INFINITY);
    for &i in minima.iter().take(REFINED_MINIMA) {
        let centre = i as f64 * step;
        let candidate = golden_section(&f, centre - step, centre + step);
        let candidate = if values[i] < candidate.1 {
            (centre, values[i])
        } else {
            candidate
        };
        if candidate.1 < best.1 {
            best = candidate;
        }
    }
    best
}

/// Golden-section search for the minimum of a unimodal `f` on `[lo, hi]`, until the
/// bracket stops shrinking in f64. Returns `(t, f(t))`.
fn golden_section(f: &impl Fn(f64) -> f64, mut lo: f64, mut hi: f64) -> (f64, f64) {
    // 1 / phi: each step keeps this fraction of the bracket and one interior point.
    let inv_phi = (5.0_f64.sqrt() - 1.0) / 2.0;
    let mut x1 = hi - inv_phi * (hi - lo);
    let mut x2 = lo + inv_phi * (hi - lo);
    let (mut f1, mut f2) = (f(x1), f(x2));
    for _ in 0..200 {
        if hi - lo <= 4.0 * f64::EPSILON * (1.0 + lo.abs().max(hi.abs())) {
            break;
        }
        if f1 <= f2 {
            hi = x2;
            x2 = x1;
            f2 = f1;
            x1 = hi - inv_phi * (hi - lo);
            f1 = f(x1);
        } else {
            lo = x1;
            x1 = x2;
            f1 = f2;
            x2 = lo + inv_phi * (hi - lo);
            f2 = f(x2);
        }
    }
    if f1 <= f2 { (x1, f1) } else { (x2, f2) }
}

/// The distance from an ellipse to a point, segment or polygon core (given by its
/// vertices) when they are apart, or `None` when they overlap.
///
/// Overlap: the ellipse centre lies in the polygon, or an edge meets the ellipse (in
/// axis-scaled coordinates, an edge within distance one of the centre). Otherwise the
/// distance is the minimum over the ellipse boundary of the exact distance to the
/// polytope, found by [`minimize_periodic`] on the ellipse parameter.
pub(crate) fn ellipse_polytope(ellipse: &Ellipse, vertices: &[P]) -> Option<(f64, P, P)> {
    let edges = edges(vertices);
    if polygon_contains(vertices, ellipse.center)
        || edges.iter().any(|&(p, q)| ellipse.meets_segment(p, q))
    {
        return None;
    }
    if let [p] = vertices {
        let (d, on_ellipse) = ellipse.signed_distance(*p);
        return Some((d, on_ellipse, *p));
    }
    let to_polytope = |t: f64| polytope_signed_distance(vertices, ellipse.point(t));
    let (t, d) = minimize_periodic(|t| to_polytope(t).0);
    let on_ellipse = ellipse.point(t);
    Some((d, on_ellipse, to_polytope(t).1))
}

/// The distance between two ellipses when they are apart, or `None` when they overlap.
///
/// The signed distance to `b` (Eberly) is minimized over the boundary of `a`; it is
/// negative somewhere when the boundaries cross or `a` lies in `b`, and the one
/// remaining overlap, `b` inside `a`, puts the centre of `b` in `a`.
pub(crate) fn ellipse_ellipse(a: &Ellipse, b: &Ellipse) -> Option<(f64, P, P)> {
    if a.contains(b.center) || b.contains(a.center) {
        return None;
    }
    let (t, d) = minimize_periodic(|t| b.signed_distance(a.point(t)).0);
    if d <= 0.0 {
        return None;
    }
    let on_a = a.point(t);
    Some((d, on_a, b.signed_distance(on_a).1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::length;

    #[test]
    fn eberly_nearest_point_lies_on_the_ellipse_and_is_normal_to_it() {
        let ellipse = Ellipse::new([1.0, -2.0], [3.0, 0.2], 0.6, 0.8);
        for k in 0..200 {
            let angle = k as f64 * 0.1;
            let radius = 0.05 + 0.04 * k as f64;
            let p = add(ellipse.center, [radius * angle.cos(), radius * angle.sin()]);
            let (d, q) = ellipse.signed_distance(p);
            let [x, y] = ellipse.local_of(q);
            let on = (x / 3.0).powi(2) + (y / 0.2).powi(2);
            assert!((on - 1.0).abs() < 1e-13, "{on}");
            // The gradient of the implicit function at q is parallel to p - q.
            let normal = [x / 9.0, y / 0.04];
            let offset = ellipse.local_of(p);
            let offset = sub(offset, [x, y]);
            let sine = cross(normal, offset) / (length(normal) * length(offset).max(1e-300));
            assert!(sine.abs() < 1e-10, "p {p:?}: sine {sine}");
            assert_eq!(d < 0.0, ellipse.contains(p), "{p:?}");
        }
    }

    #[test]
    fn point_on_major_axis_inside_has_off_axis_nearest_point() {
        // For e0 = 2, e1 = 1 the evolute meets the axis at (e0^2 - e1^2)/e0 = 1.5.
        let ellipse = Ellipse::new([0.0, 0.0], [2.0, 1.0], 1.0, 0.0);
        let (d, q) = ellipse.signed_distance([0.75, 0.0]);
        // x0 = e0^2 y0 / (e0^2 - e1^2) = 1, x1 = sqrt(1 - 1/4).
        assert!((q[0] - 1.0).abs() < 1e-15);
        assert!((q[1].abs() - 0.75_f64.sqrt()).abs() < 1e-15);
        assert!((d + (0.0625_f64 + 0.75).sqrt()).abs() < 1e-15);
    }

    #[test]
    fn golden_section_finds_the_minimum_of_a_parabola() {
        let (t, v) = golden_section(&|t: f64| (t - 0.3) * (t - 0.3) + 2.0, 0.0, 1.0);
        assert!((t - 0.3).abs() < 1e-7);
        assert_eq!(v, 2.0);
    }

    #[test]
    fn sampled_minimum_of_a_periodic_function_is_refined() {
        let (t, v) = minimize_periodic(|t| 3.0 - (t - 1.234_567).cos());
        assert!((t - 1.234_567).abs() < 1e-7, "{t}");
        assert!((v - 2.0).abs() < 1e-15, "{v}");
    }

    #[test]
    fn support_value_of_a_rotated_ellipse() {
        let ellipse = Ellipse::new([1.0, 1.0], [2.0, 1.0], 0.0, 1.0);
        // First axis along +y: extent 2 along y, 1 along x.
        assert!((ellipse.support_value([0.0, 1.0]) - 3.0).abs() < 1e-15);
        assert!((ellipse.support_value([1.0, 0.0]) - 2.0).abs() < 1e-15);
    }
}
