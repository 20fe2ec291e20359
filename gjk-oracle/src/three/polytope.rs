//! Convex polytopes given by point sets: the brute-force hull, the exact closest-point
//! primitives (point-triangle by Voronoi regions, segment-segment in closed form), the
//! distance between two polytopes as a minimum over feature pairs, and the separating
//! axis test.

use super::P3;
use super::vector::{add_scaled, basis, cross, dist, dot, length, normalize, scale, sub};

/// Relative tolerance of the hull's plane tests: a point counts as on or below a
/// candidate face plane when it lies at most `HULL_TOLERANCE * D` above it, `D` the
/// diameter of the point set.
///
/// Why this value: the side test `n.(p - p_i) / |n|` is computed from differences of
/// stored coordinates, each rounded by about `eps = 1.1e-16` of the diameter, and a few
/// products and sums, so its rounding stays below `10 eps D = 2e-15 D`; the tolerance
/// is 500 times that, so no true face is rejected by rounding. Accepting a near-face
/// instead costs nothing: a triangle of input points lies inside the hull, so a
/// distance measured to it is never below the distance to the hull, and a separating
/// axis test over extra directions still finds the best one. The same tolerance, on
/// `|n| / (|b - a| |c - a|)` (the sine of the triangle's angle at `a`), skips
/// triples too close to collinear for their normal to mean anything.
pub(crate) const HULL_TOLERANCE: f64 = 1e-12;

/// A convex polytope in world space with everything the exact queries need.
#[derive(Clone, Debug)]
pub(crate) struct Hull {
    /// The hull's vertices (input points on no face are dropped).
    pub vertices: Vec<P3>,
    /// Triangles of vertices covering the boundary (a full-dimensional hull) or the
    /// whole polygon (a flat one); empty for a point or a segment. Faces with more
    /// than three vertices appear as every supporting triple, which overlap.
    pub triangles: Vec<[P3; 3]>,
    /// Segments covering every edge (plus face diagonals); a point is one degenerate
    /// edge `(p, p)`.
    pub edges: Vec<(P3, P3)>,
    /// Outward unit normals of the face planes with their offsets `n.x = offset`; the
    /// two sides of a flat polygon; empty for a point or a segment.
    pub planes: Vec<(P3, f64)>,
    /// Whether the hull has an inside (is full-dimensional).
    pub solid: bool,
}

impl Hull {
    /// The hull of one point.
    pub fn point(p: P3) -> Self {
        Self {
            vertices: vec![p],
            triangles: Vec::new(),
            edges: vec![(p, p)],
            planes: Vec::new(),
            solid: false,
        }
    }

    /// The hull of two points (a point when they coincide).
    pub fn segment(a: P3, b: P3) -> Self {
        if a == b {
            return Self::point(a);
        }
        Self {
            vertices: vec![a, b],
            triangles: Vec::new(),
            edges: vec![(a, b)],
            planes: Vec::new(),
            solid: false,
        }
    }

    /// The convex hull of a point set, by brute force over triples.
    ///
    /// A triple `(p_i, p_j, p_k)` with normal `n = (p_j - p_i) x (p_k - p_i)` is a
    /// face when every point lies on one side of its plane, within
    /// [`HULL_TOLERANCE`]: `n.(p - p_i) <= tol D |n|` for all `p` (or all `>= -tol D
    /// |n|`, and then `-n` is outward). When some triple has points on both of its
    /// sides within tolerance for every triple, the set is flat: every
    /// non-collinear triple is then a triangle of the polygon and every pair an edge
    /// (at most a few dozen points, so the cubic count is fine). With no
    /// non-collinear triple the set is a segment between its two farthest points, or
    /// a point. `O(n^4)`: meant for up to about 64 points.
    ///
    /// # Panics
    ///
    /// On an empty point set or a non-finite coordinate.
    pub fn from_points(points: &[P3]) -> Self {
        assert!(
            !points.is_empty() && points.iter().flatten().all(|x| x.is_finite()),
            "oracle polytope needs finite points, at least one: {points:?}"
        );
        let n = points.len();
        let mut diameter: f64 = 0.0;
        let mut farthest = (points[0], points[0]);
        for i in 0..n {
            for j in i + 1..n {
                let d = dist(points[i], points[j]);
                if d > diameter {
                    diameter = d;
                    farthest = (points[i], points[j]);
                }
            }
        }
        if diameter == 0.0 {
            return Self::point(points[0]);
        }
        let slack = HULL_TOLERANCE * diameter;
        let mut triangles = Vec::new();
        let mut planes = Vec::new();
        let mut used = vec![false; n];
        let mut edge_pairs = Vec::new();
        let mut any_triple = None;
        for i in 0..n {
            for j in i + 1..n {
                for k in j + 1..n {
                    let (a, b, c) = (points[i], points[j], points[k]);
                    let (ab, ac) = (sub(b, a), sub(c, a));
                    let normal = cross(ab, ac);
                    let norm = length(normal);
                    if norm.is_nan() || norm <= HULL_TOLERANCE * length(ab) * length(ac) {
                        continue;
                    }
                    let unit = scale(normal, 1.0 / norm);
                    any_triple.get_or_insert(unit);
                    let (mut above, mut below) = (false, false);
                    for &p in points {
                        let side = dot(unit, sub(p, a));
                        above |= side > slack;
                        below |= side < -slack;
                    }
                    let outward = match (above, below) {
                        (true, true) => continue,
                        (false, true) => unit,
                        (true, false) => scale(unit, -1.0),
                        // Flat: handled below as a whole.
                        (false, false) => continue,
                    };
                    triangles.push([a, b, c]);
                    planes.push((outward, dot(outward, a)));
                    for index in [i, j, k] {
                        used[index] = true;
                    }
                    edge_pairs.extend([(i, j), (i, k), (j, k)]);
                }
            }
        }
        let Some(flat_normal) = any_triple else {
            return Self::segment(farthest.0, farthest.1);
        };
        if triangles.is_empty() {
            return Self::flat(points, flat_normal);
        }
        edge_pairs.sort_unstable();
        edge_pairs.dedup();
        Self {
            vertices: (0..n).filter(|&i| used[i]).map(|i| points[i]).collect(),
            triangles,
            edges: edge_pairs
                .into_iter()
                .map(|(i, j)| (points[i], points[j]))
                .collect(),
            planes,
            solid: true,
        }
    }

    /// A flat polygon: every non-collinear triple a triangle, every pair an edge, the
    /// two sides of its plane (normal `unit`) as its planes.
    fn flat(points: &[P3], unit: P3) -> Self {
        let n = points.len();
        let mut triangles = Vec::new();
        let mut edges = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                edges.push((points[i], points[j]));
                for k in j + 1..n {
                    let (ab, ac) = (sub(points[j], points[i]), sub(points[k], points[i]));
                    if length(cross(ab, ac)) > HULL_TOLERANCE * length(ab) * length(ac) {
                        triangles.push([points[i], points[j], points[k]]);
                    }
                }
            }
        }
        let offset = dot(unit, points[0]);
        Self {
            vertices: points.to_vec(),
            triangles,
            edges,
            planes: vec![(unit, offset), (scale(unit, -1.0), -offset)],
            solid: false,
        }
    }

    /// The support value `max over the hull of u.x`.
    pub fn support_value(&self, u: P3) -> f64 {
        self.vertices
            .iter()
            .map(|&p| dot(p, u))
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// Signed distance from `p` to the hull and the nearest hull point: negative
    /// inside a solid hull (minus the distance to the nearest face plane, which for an
    /// inside point is the distance to the boundary), else the exact minimum over the
    /// triangles (or edges) of the point-triangle (point-segment) distance.
    pub fn signed_distance(&self, p: P3) -> (f64, P3) {
        if self.solid {
            let mut deepest = (f64::NEG_INFINITY, p);
            for &(normal, offset) in &self.planes {
                let height = dot(normal, p) - offset;
                if height > deepest.0 {
                    deepest = (height, normal);
                }
            }
            if deepest.0 <= 0.0 {
                return (deepest.0, add_scaled(p, deepest.1, -deepest.0));
            }
        }
        let mut best = (f64::INFINITY, p);
        for t in &self.triangles {
            let q = closest_on_triangle(p, t[0], t[1], t[2]);
            let d = dist(p, q);
            if d < best.0 {
                best = (d, q);
            }
        }
        for &(a, b) in &self.edges {
            let q = closest_on_segment(p, a, b);
            let d = dist(p, q);
            if d < best.0 {
                best = (d, q);
            }
        }
        best
    }
}

/// The point of the closed segment `[a, b]` nearest to `p` (`a` if the segment is a
/// point).
///
/// `t = (p - a).(b - a) / |b - a|^2` clamped to `[0, 1]`; the point is built from the
/// nearer endpoint so that both ends come out exactly.
pub(crate) fn closest_on_segment(p: P3, a: P3, b: P3) -> P3 {
    let edge = sub(b, a);
    let length_squared = dot(edge, edge);
    if length_squared == 0.0 {
        return a;
    }
    let t = (dot(sub(p, a), edge) / length_squared).clamp(0.0, 1.0);
    if t <= 0.5 {
        add_scaled(a, edge, t)
    } else {
        add_scaled(b, edge, -(1.0 - t))
    }
}

/// The point of the closed triangle `abc` nearest to `p`, by its Voronoi regions.
///
/// With `p = a + v (b - a) + w (c - a) + h n`, the regions are told apart by the
/// dot products `d1 = ab.ap`, `d2 = ac.ap` (at `a`), `d3 = ab.bp`, `d4 = ac.bp` (at
/// `b`), `d5 = ab.cp`, `d6 = ac.cp` (at `c`):
///
/// ```text
/// vertex a:  d1 <= 0, d2 <= 0             (p behind both edges leaving a)
/// vertex b:  d3 >= 0, d4 <= d3            (p beyond ab and behind bc at b)
/// vertex c:  d6 >= 0, d5 <= d6
/// edge ab:   vc = d1 d4 - d3 d2 <= 0, d1 >= 0, d3 <= 0   (vc: the triple product
///            (ab x ap).(ab x ac) up to |..|, the barycentric weight of c)
/// edge ac:   vb = d5 d2 - d1 d6 <= 0, d2 >= 0, d6 <= 0
/// edge bc:   va = d3 d6 - d5 d4 <= 0, d4 - d3 >= 0, d5 - d6 >= 0
/// face:      otherwise
/// ```
///
/// On an edge the point is the clamped projection onto that segment. In the face
/// region the point is `p` minus its height over the plane, `h = n.(p - a) / |n|`
/// with `n = ab x ac`: the height is a difference of stored coordinates times a
/// normal, so a point 1e-2 above a 500-wide face keeps its distance to the last bits,
/// where `a + v ab + w ac` would carry the rounding of 500-sized terms into it. A
/// degenerate (collinear) triangle falls back to its three edges.
pub(crate) fn closest_on_triangle(p: P3, a: P3, b: P3, c: P3) -> P3 {
    let (ab, ac, ap) = (sub(b, a), sub(c, a), sub(p, a));
    let (d1, d2) = (dot(ab, ap), dot(ac, ap));
    if d1 <= 0.0 && d2 <= 0.0 {
        return a;
    }
    let bp = sub(p, b);
    let (d3, d4) = (dot(ab, bp), dot(ac, bp));
    if d3 >= 0.0 && d4 <= d3 {
        return b;
    }
    let cp = sub(p, c);
    let (d5, d6) = (dot(ab, cp), dot(ac, cp));
    if d6 >= 0.0 && d5 <= d6 {
        return c;
    }
    let vc = d1 * d4 - d3 * d2;
    if vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0 {
        return closest_on_segment(p, a, b);
    }
    let vb = d5 * d2 - d1 * d6;
    if vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 {
        return closest_on_segment(p, a, c);
    }
    let va = d3 * d6 - d5 * d4;
    if va <= 0.0 && d4 - d3 >= 0.0 && d5 - d6 >= 0.0 {
        return closest_on_segment(p, b, c);
    }
    let normal = cross(ab, ac);
    let norm_squared = dot(normal, normal);
    let area = va + vb + vc;
    if norm_squared.is_nan() || norm_squared <= 0.0 || area.is_nan() || area <= 0.0 {
        let candidates = [
            closest_on_segment(p, a, b),
            closest_on_segment(p, a, c),
            closest_on_segment(p, b, c),
        ];
        return candidates
            .into_iter()
            .min_by(|&q, &r| dist(p, q).total_cmp(&dist(p, r)))
            .unwrap_or(a);
    }
    let unit = normalize(normal);
    add_scaled(p, unit, -dot(unit, ap))
}

/// The closest points of two closed segments `[p0, p1]`, `[q0, q1]` and their
/// distance, in closed form.
///
/// Minimizing `|p0 + s d1 - q0 - t d2|^2` over the unit square (`d1 = p1 - p0`,
/// `d2 = q1 - q0`, `r = p0 - q0`, `a = d1.d1`, `b = d1.d2`, `e = d2.d2`, `c = d1.r`,
/// `f = d2.r`): the unconstrained stationary point solves
///
/// ```text
/// [ a  -b ] [s]   [-c]          s = (b f - c e) / (a e - b^2)
/// [ b  -e ] [t] = [-f],         t = (b s + f) / e
/// ```
///
/// `s` is clamped to `[0, 1]` (0 for parallel segments, `a e - b^2 = 0`), `t`
/// computed for it, and when `t` leaves `[0, 1]` it is clamped and `s` recomputed as
/// the projection for that `t`, clamped: the quadratic is convex, so this lands on
/// the minimum of the square. The points returned are points of the two segments, so
/// a rounding-degraded `s` (near-parallel segments) can only overestimate; the caller
/// also takes the minimum with the endpoint-to-segment distances, which are exact for
/// parallel and non-crossing pairs alike.
pub(crate) fn segment_segment(p0: P3, p1: P3, q0: P3, q1: P3) -> (f64, P3, P3) {
    let (d1, d2, r) = (sub(p1, p0), sub(q1, q0), sub(p0, q0));
    let (a, e, f) = (dot(d1, d1), dot(d2, d2), dot(d2, r));
    let (s, t) = if a == 0.0 && e == 0.0 {
        (0.0, 0.0)
    } else if a == 0.0 {
        (0.0, (f / e).clamp(0.0, 1.0))
    } else {
        let c = dot(d1, r);
        if e == 0.0 {
            ((-c / a).clamp(0.0, 1.0), 0.0)
        } else {
            let b = dot(d1, d2);
            let denominator = a * e - b * b;
            let mut s = if denominator > 0.0 {
                ((b * f - c * e) / denominator).clamp(0.0, 1.0)
            } else {
                0.0
            };
            let mut t = (b * s + f) / e;
            if t < 0.0 {
                t = 0.0;
                s = (-c / a).clamp(0.0, 1.0);
            } else if t > 1.0 {
                t = 1.0;
                s = ((b - c) / a).clamp(0.0, 1.0);
            }
            (s, t)
        }
    };
    let on_p = add_scaled(p0, d1, s);
    let on_q = add_scaled(q0, d2, t);
    let mut best = (dist(on_p, on_q), on_p, on_q);
    let ends = [
        (p0, closest_on_segment(p0, q0, q1)),
        (p1, closest_on_segment(p1, q0, q1)),
        (closest_on_segment(q0, p0, p1), q0),
        (closest_on_segment(q1, p0, p1), q1),
    ];
    for (x, y) in ends {
        let d = dist(x, y);
        if d < best.0 {
            best = (d, x, y);
        }
    }
    best
}

/// The minimum distance between two hulls over their feature pairs, with the closest
/// points: vertex of A to triangle of B, triangle of A to vertex of B, edge to edge.
/// Exact when the hulls are apart (the closest pair of two disjoint convex polytopes
/// is realized by one of these pairs); meaningless when they overlap.
pub(crate) fn feature_distance(a: &Hull, b: &Hull) -> (f64, P3, P3) {
    let mut best = (f64::INFINITY, a.vertices[0], b.vertices[0]);
    let mut consider = |d: f64, on_a: P3, on_b: P3| {
        if d < best.0 {
            best = (d, on_a, on_b);
        }
    };
    for &p in &a.vertices {
        for t in &b.triangles {
            let q = closest_on_triangle(p, t[0], t[1], t[2]);
            consider(dist(p, q), p, q);
        }
    }
    for &q in &b.vertices {
        for t in &a.triangles {
            let p = closest_on_triangle(q, t[0], t[1], t[2]);
            consider(dist(p, q), p, q);
        }
    }
    for &(p0, p1) in &a.edges {
        for &(q0, q1) in &b.edges {
            let (d, p, q) = segment_segment(p0, p1, q0, q1);
            consider(d, p, q);
        }
    }
    best
}

/// How far B lies beyond A along `u` (any length, normalized here):
/// `min over B of u.x - max over A of u.x`.
pub(crate) fn gap_along(a: &Hull, b: &Hull, u: P3) -> f64 {
    let u = normalize(u);
    -b.support_value(scale(u, -1.0)) - a.support_value(u)
}

/// The separating axis test: the largest [`gap_along`] over the face normals of both
/// hulls, the cross products of every pair of their edges, two perpendiculars of every
/// edge, the coordinate axes and `extra` (the caller passes the direction of the
/// closest pair found by [`feature_distance`]).
///
/// Why these axes. The Minkowski difference `A - B` is a convex polytope whose facet
/// normals are face normals of A, of B, or cross products of an edge of each; when
/// the hulls overlap, the best axis is a facet normal of `A - B` and the maximum is
/// minus the penetration depth, exactly. Degenerate differences are covered too: a
/// flat `A - B` has its plane normal among those axes and, containing the origin,
/// depth zero, which the plane normal gives; a `A - B` on a line (points and
/// collinear segments) gets depth zero from an edge's perpendicular, and a point from
/// a coordinate axis. When the hulls are apart, `extra` (the direction between the
/// exact closest points) separates them by their distance, whatever their dimension,
/// so the maximum is positive exactly when they are apart.
pub(crate) fn separation(a: &Hull, b: &Hull, extra: P3) -> f64 {
    let mut axes: Vec<P3> = Vec::new();
    axes.extend(a.planes.iter().map(|&(n, _)| n));
    axes.extend(b.planes.iter().map(|&(n, _)| n));
    for &(p0, p1) in a.edges.iter().chain(&b.edges) {
        let edge = sub(p1, p0);
        if length(edge) > 0.0 {
            let (e1, e2) = basis(normalize(edge));
            axes.extend([e1, e2]);
        }
    }
    for &(p0, p1) in &a.edges {
        for &(q0, q1) in &b.edges {
            axes.push(normalize(cross(sub(p1, p0), sub(q1, q0))));
        }
    }
    axes.extend([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]);
    axes.push(normalize(extra));
    axes.into_iter()
        .filter(|u| length(*u) > 0.0)
        .flat_map(|u| [gap_along(a, b, u), gap_along(a, b, scale(u, -1.0))])
        .fold(f64::NEG_INFINITY, f64::max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closest_on_triangle_in_each_region() {
        let (a, b, c) = ([0.0, 0.0, 0.0], [2.0, 0.0, 0.0], [0.0, 2.0, 0.0]);
        let cases = [
            ([-1.0, -1.0, 1.0], a),
            ([3.0, -1.0, 0.0], b),
            ([-0.5, 3.0, -2.0], c),
            ([1.0, -1.0, 0.5], [1.0, 0.0, 0.0]),
            ([-1.0, 1.5, 0.0], [0.0, 1.5, 0.0]),
            ([2.0, 2.0, 3.0], [1.0, 1.0, 0.0]),
            ([0.5, 0.25, -7.0], [0.5, 0.25, 0.0]),
        ];
        for (p, expected) in cases {
            assert_eq!(closest_on_triangle(p, a, b, c), expected, "{p:?}");
        }
    }

    #[test]
    fn skew_segments_meet_their_common_perpendicular() {
        // x axis against a segment along y at height 2 crossing above x = 0.5.
        let (d, p, q) = segment_segment(
            [0.0, 0.0, 0.0],
            [1.0, 0.0, 0.0],
            [0.5, -1.0, 2.0],
            [0.5, 3.0, 2.0],
        );
        assert_eq!(d, 2.0);
        assert_eq!(p, [0.5, 0.0, 0.0]);
        assert_eq!(q, [0.5, 0.0, 2.0]);
    }

    #[test]
    fn hull_of_a_cube_with_an_inner_point() {
        let mut points = Vec::new();
        for i in 0..8 {
            let bit = |k: usize| if i >> k & 1 == 1 { 1.0 } else { -1.0 };
            points.push([bit(0), bit(1), bit(2)]);
        }
        points.push([0.1, 0.2, 0.3]);
        let hull = Hull::from_points(&points);
        assert!(hull.solid);
        assert_eq!(hull.vertices.len(), 8);
        // Six faces of four vertices: four supporting triples each.
        assert_eq!(hull.triangles.len(), 24);
        // Twelve edges and twelve face diagonals.
        assert_eq!(hull.edges.len(), 24);
        assert_eq!(hull.signed_distance([0.0, 0.0, 0.5]).0, -0.5);
        assert_eq!(hull.signed_distance([3.0, 0.0, 0.5]).0, 2.0);
    }

    #[test]
    fn flat_and_collinear_point_sets() {
        let square = Hull::from_points(&[
            [0.0, 0.0, 1.0],
            [1.0, 0.0, 1.0],
            [1.0, 1.0, 1.0],
            [0.0, 1.0, 1.0],
        ]);
        assert!(!square.solid);
        assert_eq!(square.planes.len(), 2);
        assert_eq!(square.signed_distance([0.5, 0.5, 3.0]).0, 2.0);
        assert_eq!(square.signed_distance([0.5, 0.5, 1.0]).0, 0.0);
        let line = Hull::from_points(&[[0.0, 0.0, 0.0], [2.0, 0.0, 0.0], [1.0, 0.0, 0.0]]);
        assert_eq!(line.edges, vec![([0.0, 0.0, 0.0], [2.0, 0.0, 0.0])]);
        assert!(line.triangles.is_empty());
    }
}
