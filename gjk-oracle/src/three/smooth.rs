//! Smooth cores (ellipsoid, cylinder, cone): their surfaces as a few parameter
//! charts, support functions, and the distance to another core by dense sampling of
//! the parameters followed by compass-search refinement.

use super::P3;
use super::polytope::Hull;
use super::vector::{M3, add, add_scaled, basis, column, dist, dot, length, mul_transposed, scale};

/// How many of each chart's lowest sampled local minima are refined; more than one
/// guards against near-ties between valleys, per chart so that a rim's candidates
/// are not crowded out by a cap's.
const REFINED_PER_CHART: usize = 2;

/// Compass-search halvings of the step after the grid spacing: the last steps are
/// `2^-40 = 9e-13` of the spacing, itself at most a fifth of the chart's extent (0.2
/// rad, or a fifth of a side or a disc). Near a smooth minimum the distance error is quadratic in
/// the parameter error, so far below the last bit of the distance; at a V-shaped
/// minimum (a kink, e.g. a clamped chart at its edge) the search lands on the kink
/// itself, since a step across it never improves.
const HALVINGS: u32 = 40;

/// Latitude range sampled in each of an ellipsoid's two charts. Every unit vector has
/// latitude at most 45 degrees in one of them (its smaller component along the two
/// pole axes is at most `1/sqrt 2`), so sampling to 0.85 rad (48.7 degrees) covers the
/// sphere, and neither chart is ever used near its poles, where it degenerates.
const LATITUDE_RANGE: f64 = 0.85;

/// A smooth core in world space.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Smooth {
    /// `{c + R diag(a) s : |s| <= 1}`; columns of `rotation` are the axis directions.
    Ellipsoid {
        center: P3,
        semi_axes: P3,
        rotation: M3,
    },
    /// Points within `radius` of the axis and `half_height` of the centre along it.
    Cylinder {
        center: P3,
        axis: P3,
        half_height: f64,
        radius: f64,
    },
    /// The hull of the base disc (centre, `radius`, normal `axis`) and the apex
    /// `base_center + height axis`.
    Cone {
        base_center: P3,
        axis: P3,
        height: f64,
        radius: f64,
    },
}

/// One chart of a smooth surface.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Chart {
    /// Ellipsoid, latitude/longitude about the local z axis: `(theta, phi)`.
    ShellZ,
    /// Ellipsoid, latitude/longitude about the local x axis: `(theta, phi)`.
    ShellX,
    /// Cylinder or cone side: `(theta, h)`, `h` clamped to the side's extent (for
    /// the cone, the height above the base).
    Side,
    /// Cone side as a graph over its base disc: Cartesian `(x, y)` in the base plane
    /// (pulled radially onto the disc when outside it), lifted onto the side. Unlike
    /// `(theta, h)` it has no coordinate singularity at the apex, where a compass
    /// search in `(theta, h)` stalls (every `theta` gives the apex there); but the
    /// apex is a conical kink in it, where a minimum just below the apex is reached
    /// only along a narrow fan of directions that the compass may all miss
    /// (measured: 4e-5 off for a steep cone). The two charts cover each other's
    /// weak spot, so the cone has both.
    ConeSide,
    /// A rim circle (cylinder cap rim at `+1` or `-1`, cone base rim at `0`):
    /// `(theta, unused)`. The rims are where two clamped charts meet in a kink, on
    /// which a search in either chart can stall; here the rim is smooth.
    Rim(i8),
    /// A disc (cylinder cap at `+1` or `-1` along the axis, cone base at `0`):
    /// Cartesian `(x, y)` in the disc plane, pulled radially onto the disc when
    /// outside it.
    Disc(i8),
}

impl Smooth {
    /// The support value `max over the core of u.x`, for a unit `u`.
    pub fn support_value(&self, u: P3) -> f64 {
        match *self {
            Smooth::Ellipsoid {
                center,
                semi_axes,
                rotation,
            } => {
                // x = c + R D s, |s| <= 1: max u.x = c.u + |D R^T u|.
                let local = mul_rows_transposed(&rotation, u);
                let scaled = [
                    semi_axes[0] * local[0],
                    semi_axes[1] * local[1],
                    semi_axes[2] * local[2],
                ];
                dot(center, u) + length(scaled)
            }
            Smooth::Cylinder {
                center,
                axis,
                half_height,
                radius,
            } => {
                // Sum of a segment along the axis and a disc across it.
                let along = dot(axis, u);
                let across = length(add_scaled(u, axis, -along));
                dot(center, u) + half_height * along.abs() + radius * across
            }
            Smooth::Cone {
                base_center,
                axis,
                height,
                radius,
            } => {
                let apex = add_scaled(base_center, axis, height);
                let across = length(add_scaled(u, axis, -dot(axis, u)));
                dot(apex, u).max(dot(base_center, u) + radius * across)
            }
        }
    }

    /// The charts covering the surface, each with the parameter box sampled and its
    /// grid counts. The counts put samples at most about 0.2 rad or 0.1 of the size
    /// apart: the sampled functions (distances to a convex set along a smooth
    /// surface) have a few valleys, each wider than that for the shapes the tests
    /// build (axis ratios up to 1:10).
    pub fn charts(&self) -> Vec<Chart3> {
        let turn = [0.0, core::f64::consts::TAU];
        let none = [0.0, 0.0];
        let chart = |chart, ranges, counts| Chart3 {
            chart,
            ranges,
            counts,
        };
        match *self {
            Smooth::Ellipsoid { .. } => {
                let latitude = [-LATITUDE_RANGE, LATITUDE_RANGE];
                vec![
                    chart(Chart::ShellZ, [turn, latitude], [32, 16]),
                    chart(Chart::ShellX, [turn, latitude], [32, 16]),
                ]
            }
            Smooth::Cylinder {
                half_height,
                radius,
                ..
            } => {
                let disc = [-radius, radius];
                vec![
                    chart(Chart::Side, [turn, [-half_height, half_height]], [32, 12]),
                    chart(Chart::Disc(1), [disc, disc], [16, 16]),
                    chart(Chart::Disc(-1), [disc, disc], [16, 16]),
                    chart(Chart::Rim(1), [turn, none], [64, 1]),
                    chart(Chart::Rim(-1), [turn, none], [64, 1]),
                ]
            }
            Smooth::Cone { height, radius, .. } => {
                let disc = [-radius, radius];
                vec![
                    // Sampled up to a 1/24 of the height below the apex, not at it:
                    // every `theta` gives the apex, so a sampled minimum there
                    // would start the search where `theta` cannot move the point.
                    chart(Chart::Side, [turn, [0.0, height * (23.0 / 24.0)]], [32, 12]),
                    chart(Chart::ConeSide, [disc, disc], [20, 20]),
                    chart(Chart::Disc(0), [disc, disc], [16, 16]),
                    chart(Chart::Rim(0), [turn, none], [64, 1]),
                ]
            }
        }
    }

    /// Parameters `p` moved onto the chart's domain: a disc chart's `(x, y)` pulled
    /// radially onto the disc, a side's height clamped; the shells and rims have no
    /// edge. The charts clamp on their own as well; this keeps a search off the flat
    /// region beyond the edge (see [`compass_search`]).
    pub fn project(&self, chart: Chart, p: [f64; 2]) -> [f64; 2] {
        let disc = |radius: f64| {
            let r = p[0].hypot(p[1]);
            if r > radius {
                [p[0] * (radius / r), p[1] * (radius / r)]
            } else {
                p
            }
        };
        match (*self, chart) {
            (Smooth::Cylinder { radius, .. }, Chart::Disc(_))
            | (Smooth::Cone { radius, .. }, Chart::Disc(_) | Chart::ConeSide) => disc(radius),
            (Smooth::Cylinder { half_height, .. }, Chart::Side) => {
                [p[0], p[1].clamp(-half_height, half_height)]
            }
            (Smooth::Cone { height, .. }, Chart::Side) => [p[0], p[1].clamp(0.0, height)],
            _ => p,
        }
    }

    /// The surface point of chart parameters `p`.
    pub fn point(&self, chart: Chart, p: [f64; 2]) -> P3 {
        let (sin_t, cos_t) = p[0].sin_cos();
        match *self {
            Smooth::Ellipsoid {
                center,
                semi_axes,
                rotation,
            } => {
                let (sin_f, cos_f) = p[1].sin_cos();
                let s = match chart {
                    Chart::ShellX => [sin_f, cos_f * cos_t, cos_f * sin_t],
                    _ => [cos_f * cos_t, cos_f * sin_t, sin_f],
                };
                let local = [
                    semi_axes[0] * s[0],
                    semi_axes[1] * s[1],
                    semi_axes[2] * s[2],
                ];
                add(center, mul_columns(&rotation, local))
            }
            Smooth::Cylinder {
                center,
                axis,
                half_height,
                radius,
            } => {
                let (e1, e2) = basis(axis);
                match chart {
                    Chart::Disc(side) => {
                        let cap = add_scaled(center, axis, f64::from(side) * half_height);
                        disc_point(cap, e1, e2, radius, p)
                    }
                    Chart::Rim(side) => {
                        let cap = add_scaled(center, axis, f64::from(side) * half_height);
                        add(
                            cap,
                            add(scale(e1, radius * cos_t), scale(e2, radius * sin_t)),
                        )
                    }
                    _ => {
                        let h = p[1].clamp(-half_height, half_height);
                        let rim = add(scale(e1, radius * cos_t), scale(e2, radius * sin_t));
                        add(add_scaled(center, axis, h), rim)
                    }
                }
            }
            Smooth::Cone {
                base_center,
                axis,
                height,
                radius,
            } => {
                let (e1, e2) = basis(axis);
                match chart {
                    Chart::Disc(_) => disc_point(base_center, e1, e2, radius, p),
                    Chart::Rim(_) => add(
                        base_center,
                        add(scale(e1, radius * cos_t), scale(e2, radius * sin_t)),
                    ),
                    Chart::Side => {
                        // The generator from the base rim (h = 0) to the apex
                        // (h = height), the radius shrinking linearly.
                        let h = p[1].clamp(0.0, height);
                        let r = radius * (1.0 - h / height);
                        let rim = add(scale(e1, r * cos_t), scale(e2, r * sin_t));
                        add(add_scaled(base_center, axis, h), rim)
                    }
                    _ => {
                        // Above the disc point at distance rho from the axis the side
                        // is at height `height (1 - rho / radius)`.
                        let on_disc = disc_point(base_center, e1, e2, radius, p);
                        let rho = p[0].hypot(p[1]).min(radius);
                        add_scaled(on_disc, axis, height * (1.0 - rho / radius))
                    }
                }
            }
        }
    }

    /// Distance from a point to the surface, for checks: exact for the cylinder and
    /// the cone; for the ellipsoid the first-order estimate `(|q| - 1) min(a)` from
    /// the scaled local coordinates `q = D^-1 R^T (x - c)`, good to the square of the
    /// offset near the surface.
    #[cfg(test)]
    pub fn surface_distance(&self, x: P3) -> f64 {
        match *self {
            Smooth::Ellipsoid {
                center,
                semi_axes,
                rotation,
            } => {
                let local = mul_rows_transposed(&rotation, super::vector::sub(x, center));
                let q = [
                    local[0] / semi_axes[0],
                    local[1] / semi_axes[1],
                    local[2] / semi_axes[2],
                ];
                let smallest = semi_axes[0].min(semi_axes[1]).min(semi_axes[2]);
                ((length(q) - 1.0) * smallest).abs()
            }
            Smooth::Cylinder {
                center,
                axis,
                half_height,
                radius,
            } => {
                let d = super::vector::sub(x, center);
                let h = dot(axis, d);
                let rho = length(add_scaled(d, axis, -h));
                let (dh, dr) = (h.abs() - half_height, rho - radius);
                if dh <= 0.0 && dr <= 0.0 {
                    -dh.max(dr)
                } else {
                    dh.max(0.0).hypot(dr.max(0.0))
                }
            }
            Smooth::Cone {
                base_center,
                axis,
                height,
                radius,
            } => {
                // In the half-plane through the axis the cone is the triangle
                // (0, 0), (radius, 0), (0, height) mirrored: the distance to its
                // boundary is the least distance to its three sides there.
                let d = super::vector::sub(x, base_center);
                let h = dot(axis, d);
                let rho = length(add_scaled(d, axis, -h));
                let p = [rho, h, 0.0];
                let corners = [[-radius, 0.0, 0.0], [radius, 0.0, 0.0], [0.0, height, 0.0]];
                (0..3)
                    .map(|i| {
                        let q = super::polytope::closest_on_segment(
                            p,
                            corners[i],
                            corners[(i + 1) % 3],
                        );
                        dist(p, q)
                    })
                    .fold(f64::INFINITY, f64::min)
            }
        }
    }
}

/// `R^T x` for a matrix stored by rows: the coordinates of `x` along R's columns.
fn mul_rows_transposed(m: &M3, x: P3) -> P3 {
    [
        dot(column(m, 0), x),
        dot(column(m, 1), x),
        dot(column(m, 2), x),
    ]
}

/// `R x` for a matrix stored by rows, as the sum of its columns weighted by `x`.
fn mul_columns(m: &M3, x: P3) -> P3 {
    mul_transposed(&transpose(m), x)
}

fn transpose(m: &M3) -> M3 {
    [column(m, 0), column(m, 1), column(m, 2)]
}

/// The disc point of Cartesian parameters `p`, pulled radially onto the disc.
fn disc_point(center: P3, e1: P3, e2: P3, radius: f64, p: [f64; 2]) -> P3 {
    let r = p[0].hypot(p[1]);
    let k = if r > radius { radius / r } else { 1.0 };
    add(add(center, scale(e1, k * p[0])), scale(e2, k * p[1]))
}

/// Compass search from `start` with initial steps `steps`, every point projected by
/// `project` onto the parameter domain first: try every move in
/// `{-1, 0, 1}^N` with one or two nonzero entries times the steps (the axes and the
/// diagonals of every pair of them), move on any
/// improvement, halve all steps when none improves, [`HALVINGS`] times; then restart
/// from the result with the initial steps while that still improves (at most
/// [`RESTARTS`] times). Returns the best parameters and value.
///
/// The diagonals and the restarts are for kinks: where two charts meet (a cylinder's
/// or a cone's rim, clamped from both sides) the descent direction may be a
/// combination of coordinates along which no single coordinate descends, and a
/// search that has halved its steps there stalls; a fresh start with full steps
/// walks off. Without them a cone-ellipsoid pair stalls 2.3e-4 above its minimum at
/// a rim.
///
/// The projection keeps the search on the domain's edge instead of in the flat
/// region a clamped chart has beyond it: there, steps along the flat direction change
/// nothing, the search drifts outward, and a step back inside that is shorter than
/// the drift never reaches the surface again. Without it a point stays 2.7e-5 off
/// its distance to a cone, stuck 0.07 outside the base disc's parameter edge.
pub(crate) fn compass_search<const N: usize>(
    f: &impl Fn([f64; N]) -> f64,
    project: &impl Fn([f64; N]) -> [f64; N],
    start: [f64; N],
    steps: [f64; N],
) -> ([f64; N], f64) {
    let mut directions: Vec<[f64; N]> = Vec::new();
    for code in 0..3_usize.pow(N as u32) {
        let mut d = [0.0; N];
        let mut rest = code;
        for x in &mut d {
            *x = (rest % 3) as f64 - 1.0;
            rest /= 3;
        }
        let moved = d.iter().filter(|&&x| x != 0.0).count();
        if (1..=2).contains(&moved) {
            directions.push(d);
        }
    }
    let start = project(start);
    let mut best = (start, f(start));
    for _ in 0..RESTARTS {
        let before = best.1;
        best = compass_round(f, project, best, steps, &directions);
        if best.1 >= before || best.1.is_nan() {
            break;
        }
    }
    best
}

/// Restarts of [`compass_search`]; each costs at least `HALVINGS` sweeps.
const RESTARTS: usize = 8;

/// One round of [`compass_search`] from `best`.
fn compass_round<const N: usize>(
    f: &impl Fn([f64; N]) -> f64,
    project: &impl Fn([f64; N]) -> [f64; N],
    mut best: ([f64; N], f64),
    mut steps: [f64; N],
    directions: &[[f64; N]],
) -> ([f64; N], f64) {
    let mut halvings = 0;
    // Each improving move lowers the value; the cap only guards a pathological
    // plateau walk.
    let mut moves = 0;
    while halvings < HALVINGS && moves < 100_000 {
        let mut improved = false;
        for d in directions {
            let mut trial = best.0;
            for i in 0..N {
                trial[i] += d[i] * steps[i];
            }
            let trial = project(trial);
            let value = f(trial);
            if value < best.1 {
                best = (trial, value);
                improved = true;
                moves += 1;
                break;
            }
        }
        if !improved {
            halvings += 1;
            for step in &mut steps {
                *step *= 0.5;
            }
        }
    }
    best
}

/// A chart with its sampled parameter box and grid counts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Chart3 {
    pub chart: Chart,
    pub ranges: [[f64; 2]; 2],
    pub counts: [usize; 2],
}

/// One sampled surface point.
#[derive(Clone, Copy, Debug)]
struct Sample {
    chart: Chart,
    params: [f64; 2],
    spacing: [f64; 2],
    value: f64,
}

/// The grid samples of every chart with `value(point)`, and per chart the indices of
/// its local minima among grid neighbours (`theta` wraps around), lowest first.
fn sample(smooth: &Smooth, value: &impl Fn(P3) -> f64) -> (Vec<Sample>, Vec<Vec<usize>>) {
    let mut samples = Vec::new();
    let mut minima_per_chart = Vec::new();
    for Chart3 {
        chart,
        ranges,
        counts,
    } in smooth.charts()
    {
        let periodic = matches!(
            chart,
            Chart::ShellZ | Chart::ShellX | Chart::Side | Chart::Rim(_)
        );
        let [nu, nv] = counts;
        let step = |range: [f64; 2], n: usize, wraps: bool| {
            let intervals = if wraps { n } else { n - 1 };
            if intervals == 0 {
                0.0
            } else {
                (range[1] - range[0]) / intervals as f64
            }
        };
        let spacing = [step(ranges[0], nu, periodic), step(ranges[1], nv, false)];
        let first = samples.len();
        for i in 0..nu {
            for j in 0..nv {
                let params = [
                    ranges[0][0] + i as f64 * spacing[0],
                    ranges[1][0] + j as f64 * spacing[1],
                ];
                let value = value(smooth.point(chart, params));
                samples.push(Sample {
                    chart,
                    params,
                    spacing,
                    value,
                });
            }
        }
        let at = |i: usize, j: usize| samples[first + i * nv + j].value;
        let mut minima = Vec::new();
        for i in 0..nu {
            for j in 0..nv {
                let v = at(i, j);
                let mut lowest = true;
                for di in [-1_isize, 0, 1] {
                    for dj in [-1_isize, 0, 1] {
                        let (ni, nj) = (i as isize + di, j as isize + dj);
                        let ni = if periodic {
                            ni.rem_euclid(nu as isize)
                        } else {
                            ni
                        };
                        if ni < 0 || ni >= nu as isize || nj < 0 || nj >= nv as isize {
                            continue;
                        }
                        lowest &= v <= at(ni as usize, nj as usize);
                    }
                }
                if lowest {
                    minima.push(first + i * nv + j);
                }
            }
        }
        minima.sort_by(|&i, &j| samples[i].value.total_cmp(&samples[j].value));
        minima.truncate(REFINED_PER_CHART);
        minima_per_chart.push(minima);
    }
    (samples, minima_per_chart)
}

/// The minimum over the smooth surface of `value` (a distance to another core), with
/// the surface point reaching it: the [`REFINED_PER_CHART`] lowest sampled local
/// minima of every chart refined by [`compass_search`] in their chart.
pub(crate) fn minimize_over_surface(smooth: &Smooth, value: &impl Fn(P3) -> f64) -> (f64, P3) {
    let (samples, minima) = sample(smooth, value);
    let mut best = (
        f64::INFINITY,
        smooth.point(samples[0].chart, samples[0].params),
    );
    for &index in minima.iter().flatten() {
        let s = samples[index];
        let f = |p: [f64; 2]| value(smooth.point(s.chart, p));
        let project = |p: [f64; 2]| smooth.project(s.chart, p);
        let (params, v) = compass_search(&f, &project, s.params, s.spacing);
        if v < best.0 {
            best = (v, smooth.point(s.chart, params));
        }
    }
    best
}

/// Distance from a smooth core to a hull: the minimum over the smooth surface of the
/// hull's exact signed distance (negative when the surface dips into a solid hull),
/// with the two closest points.
pub(crate) fn smooth_hull(smooth: &Smooth, hull: &Hull) -> (f64, P3, P3) {
    let (d, on_smooth) = minimize_over_surface(smooth, &|x| hull.signed_distance(x).0);
    (d, on_smooth, hull.signed_distance(on_smooth).1)
}

/// Distance between two smooth surfaces, minimized over the parameters of both. Every
/// sample of A gets its distance to the nearest sample of B; from each of the lowest
/// local minima of that (per chart of A) and the nearest sample of B in each chart of
/// B, a compass search runs over the four parameters of the two charts. Returns the
/// distance and the two points.
pub(crate) fn smooth_smooth(a: &Smooth, b: &Smooth) -> (f64, P3, P3) {
    let (samples_b, _) = sample(b, &|_| 0.0);
    let points_b: Vec<P3> = samples_b
        .iter()
        .map(|s| b.point(s.chart, s.params))
        .collect();
    let charts_b: Vec<Chart> = b.charts().iter().map(|c| c.chart).collect();
    // The nearest sample of B to `x` in each chart of B.
    let nearest = |x: P3| {
        let mut best = vec![(f64::INFINITY, 0); charts_b.len()];
        for (k, (&y, s)) in points_b.iter().zip(&samples_b).enumerate() {
            let c = charts_b.iter().position(|&c| c == s.chart).unwrap_or(0);
            let d = dist(x, y);
            if d < best[c].0 {
                best[c] = (d, k);
            }
        }
        best
    };
    let (samples_a, minima) = sample(a, &|x| {
        nearest(x)
            .iter()
            .map(|&(d, _)| d)
            .fold(f64::INFINITY, f64::min)
    });
    let mut best = (f64::INFINITY, [0.0; 3], [0.0; 3]);
    for &index in minima.iter().flatten() {
        let sa = samples_a[index];
        for (_, k) in nearest(a.point(sa.chart, sa.params)) {
            let sb = samples_b[k];
            let f = |p: [f64; 4]| {
                dist(
                    a.point(sa.chart, [p[0], p[1]]),
                    b.point(sb.chart, [p[2], p[3]]),
                )
            };
            let start = [sa.params[0], sa.params[1], sb.params[0], sb.params[1]];
            let steps = [sa.spacing[0], sa.spacing[1], sb.spacing[0], sb.spacing[1]];
            let project = |p: [f64; 4]| {
                let [u, v] = a.project(sa.chart, [p[0], p[1]]);
                let [x, y] = b.project(sb.chart, [p[2], p[3]]);
                [u, v, x, y]
            };
            let (p, d) = compass_search(&f, &project, start, steps);
            if d < best.0 {
                best = (
                    d,
                    a.point(sa.chart, [p[0], p[1]]),
                    b.point(sb.chart, [p[2], p[3]]),
                );
            }
        }
    }
    best
}
