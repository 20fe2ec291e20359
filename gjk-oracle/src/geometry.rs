//! Plain f64 vector helpers and the exact primitives on points, segments and convex
//! polygons.

use crate::P;

/// `a + b`.
pub(crate) fn add(a: P, b: P) -> P {
    [a[0] + b[0], a[1] + b[1]]
}

/// `a - b`.
pub(crate) fn sub(a: P, b: P) -> P {
    [a[0] - b[0], a[1] - b[1]]
}

/// `s a`.
pub(crate) fn scale(a: P, s: f64) -> P {
    [a[0] * s, a[1] * s]
}

/// `a . b`.
pub(crate) fn dot(a: P, b: P) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}

/// `a x b = a.x b.y - a.y b.x`: positive when `b` is counter-clockwise from `a`.
pub(crate) fn cross(a: P, b: P) -> f64 {
    a[0] * b[1] - a[1] * b[0]
}

/// `|a|`, without overflow or underflow in the squares.
pub(crate) fn length(a: P) -> f64 {
    a[0].hypot(a[1])
}

/// `|a - b|`.
pub(crate) fn dist(a: P, b: P) -> f64 {
    length(sub(a, b))
}

/// The point of the closed segment `[a, b]` nearest to `p` (`a` if the segment is a
/// point).
///
/// The projection parameter `t = (p - a).(b - a) / |b - a|^2` is clamped to `[0, 1]`;
/// the point is then built from the nearer endpoint so that `t = 0` and `t = 1` give
/// the endpoints exactly.
pub(crate) fn closest_on_segment(p: P, a: P, b: P) -> P {
    let edge = sub(b, a);
    let length_squared = dot(edge, edge);
    if length_squared == 0.0 {
        return a;
    }
    let t = (dot(sub(p, a), edge) / length_squared).clamp(0.0, 1.0);
    if t <= 0.5 {
        add(a, scale(edge, t))
    } else {
        sub(b, scale(edge, 1.0 - t))
    }
}

/// Distance from `p` to the closed segment `[a, b]`.
pub(crate) fn point_segment_distance(p: P, a: P, b: P) -> f64 {
    dist(p, closest_on_segment(p, a, b))
}

/// The closest points of two closed segments and their distance.
///
/// Two segments either cross (distance zero, the crossing point on both) or have a
/// closest pair with at least one endpoint involved, so the minimum of the four
/// endpoint-to-segment distances is exact for them.
pub(crate) fn segment_segment(a0: P, a1: P, b0: P, b1: P) -> (f64, P, P) {
    let side_a0 = cross(sub(b1, b0), sub(a0, b0));
    let side_a1 = cross(sub(b1, b0), sub(a1, b0));
    let side_b0 = cross(sub(a1, a0), sub(b0, a0));
    let side_b1 = cross(sub(a1, a0), sub(b1, a0));
    let strictly_opposite = |s: f64, t: f64| (s > 0.0 && t < 0.0) || (s < 0.0 && t > 0.0);
    if strictly_opposite(side_a0, side_a1) && strictly_opposite(side_b0, side_b1) {
        // The crossing divides [a0, a1] in the ratio of the distances of its
        // endpoints to the line of b: t = side_a0 / (side_a0 - side_a1).
        let t = side_a0 / (side_a0 - side_a1);
        let point = add(a0, scale(sub(a1, a0), t));
        return (0.0, point, point);
    }
    let candidates = [
        (a0, closest_on_segment(a0, b0, b1)),
        (a1, closest_on_segment(a1, b0, b1)),
        (closest_on_segment(b0, a0, a1), b0),
        (closest_on_segment(b1, a0, a1), b1),
    ];
    let mut best = (f64::INFINITY, a0, b0);
    for (on_a, on_b) in candidates {
        let d = dist(on_a, on_b);
        if d < best.0 {
            best = (d, on_a, on_b);
        }
    }
    best
}

/// The edges of a polytope given by its vertices: a point is one degenerate edge, a
/// segment one edge, a polygon (three or more vertices, counter-clockwise) its closed
/// boundary.
pub(crate) fn edges(vertices: &[P]) -> Vec<(P, P)> {
    match vertices.len() {
        0 => Vec::new(),
        1 => vec![(vertices[0], vertices[0])],
        2 => vec![(vertices[0], vertices[1])],
        n => (0..n)
            .map(|i| (vertices[i], vertices[(i + 1) % n]))
            .collect(),
    }
}

/// Whether `p` lies in the closed convex counter-clockwise polygon `vertices` (three or
/// more vertices): on the left of, or on, every edge line.
pub(crate) fn polygon_contains(vertices: &[P], p: P) -> bool {
    vertices.len() >= 3
        && edges(vertices)
            .iter()
            .all(|&(a, b)| cross(sub(b, a), sub(p, a)) >= 0.0)
}

/// Signed distance from `p` to the boundary of a polytope (negative inside a polygon;
/// points and segments have no inside).
///
/// Outside, the distance to the nearest edge; inside a convex polygon, minus the
/// distance to the nearest edge line, which for an inside point is the distance to the
/// nearest edge.
pub(crate) fn polytope_signed_distance(vertices: &[P], p: P) -> (f64, P) {
    let mut best = (f64::INFINITY, p);
    for (a, b) in edges(vertices) {
        let q = closest_on_segment(p, a, b);
        let d = dist(p, q);
        if d < best.0 {
            best = (d, q);
        }
    }
    if polygon_contains(vertices, p) {
        let mut inside = (f64::INFINITY, p);
        for (a, b) in edges(vertices) {
            let edge = sub(b, a);
            let depth = cross(edge, sub(p, a)) / length(edge);
            if depth < inside.0 {
                let q = sub(p, scale([edge[1], -edge[0]], -depth / length(edge)));
                inside = (depth, q);
            }
        }
        return (-inside.0, inside.1);
    }
    best
}

/// Whether a list of vertices is a convex counter-clockwise polygon, up to relative
/// rounding of `tolerance` (cross products of consecutive edges may dip that far below
/// zero relative to the product of the edge lengths).
pub(crate) fn is_convex_ccw(vertices: &[P], tolerance: f64) -> bool {
    let n = vertices.len();
    if n < 3 {
        return true;
    }
    let mut area2 = 0.0;
    for i in 0..n {
        let (p, q, r) = (vertices[i], vertices[(i + 1) % n], vertices[(i + 2) % n]);
        let (e, f) = (sub(q, p), sub(r, q));
        if cross(e, f) < -tolerance * length(e) * length(f) {
            return false;
        }
        // About the first vertex, not the origin: far from the origin the terms
        // would be huge and cancel.
        area2 += cross(sub(p, vertices[0]), sub(q, vertices[0]));
    }
    area2 > 0.0
}
