//! Support functions of the cores and the signed separation they give: the penetration
//! depth of overlapping cores.

use crate::ellipse::{Ellipse, minimize_periodic};
use crate::geometry::{dist, dot, edges};
use crate::{Core, P};

/// The support value `h(u) = max over the core of u.x`.
pub(crate) fn support_value(core: &Core, u: P) -> f64 {
    match core {
        Core::Point(p) => dot(*p, u),
        Core::Segment(a, b) => dot(*a, u).max(dot(*b, u)),
        Core::Polygon(vertices) => vertices
            .iter()
            .map(|&p| dot(p, u))
            .fold(f64::NEG_INFINITY, f64::max),
        &Core::Ellipse {
            center,
            semi_axes,
            cos,
            sin,
        } => Ellipse::new(center, semi_axes, cos, sin).support_value(u),
    }
}

/// The signed separation of two overlapping cores, minus their penetration depth:
///
/// ```text
/// max over unit u of ( min over B of u.x - max over A of u.x ) = max_u ( -h_B(-u) - h_A(u) )
/// ```
///
/// By the separating axis theorem for convex sets this is minus the length of the
/// shortest translation that separates the cores (and their distance when they are
/// apart, the one case not asked for here). For two polytopes (points, segments,
/// polygons) the maximum over overlapping cores lies on an edge normal of their
/// Minkowski difference, so the maximum over the edge normals of A and the negated
/// edge normals of B is exact: no iteration, just f64 arithmetic. With an ellipse, the
/// maximum over the direction angle is found by dense sampling and golden-section
/// refinement; the function is continuous and unimodal near its maximum, with a kink
/// where a polygon edge is the closest feature, which golden-section search does not
/// mind.
pub(crate) fn core_separation(a: &Core, b: &Core) -> f64 {
    match polytope_separation(a, b) {
        Some(separation) if separation <= 0.0 => separation,
        _ => sampled_separation(a, b),
    }
}

/// `-h_B(-u) - h_A(u)`: how far B lies beyond A along the unit direction `u`.
fn gap_along(a: &Core, b: &Core, u: P) -> f64 {
    -support_value(b, [-u[0], -u[1]]) - support_value(a, u)
}

/// The largest gap over the edge normals of two polytope cores (`None` with an
/// ellipse). Not positive exactly when the cores overlap (no edge normal separates
/// them), and then it is their signed separation; when positive, only a lower bound of
/// their distance (the closest features may be two vertices).
pub(crate) fn polytope_separation(a: &Core, b: &Core) -> Option<f64> {
    let (normals_a, normals_b) = (edge_normals(a)?, edge_normals(b)?);
    let axes = normals_a
        .into_iter()
        .chain(normals_b.into_iter().map(|n| [-n[0], -n[1]]));
    // Two points have no edges: coincident, they overlap with depth zero.
    let largest = axes
        .map(|u| gap_along(a, b, u))
        .fold(f64::NEG_INFINITY, f64::max);
    Some(if largest.is_finite() {
        largest
    } else {
        match (a, b) {
            (Core::Point(p), Core::Point(q)) => dist(*p, *q),
            _ => largest,
        }
    })
}

/// The signed separation by dense sampling of the direction angle and golden-section
/// refinement, for any pair of cores.
pub(crate) fn sampled_separation(a: &Core, b: &Core) -> f64 {
    let at_angle = |theta: f64| {
        let (sin, cos) = theta.sin_cos();
        gap_along(a, b, [cos, sin])
    };
    -minimize_periodic(|theta| -at_angle(theta)).1
}

/// The outward unit normals of a polytope core's edges: both sides of a segment, none
/// for a point; `None` for an ellipse.
fn edge_normals(core: &Core) -> Option<Vec<P>> {
    let unit = |edge: P| {
        let length = edge[0].hypot(edge[1]);
        [edge[1] / length, -edge[0] / length]
    };
    match core {
        Core::Point(_) => Some(Vec::new()),
        Core::Segment(a, b) => {
            let side = unit([b[0] - a[0], b[1] - a[1]]);
            Some(vec![side, [-side[0], -side[1]]])
        }
        Core::Polygon(vertices) => Some(
            edges(vertices)
                .into_iter()
                .map(|(start, end)| unit([end[0] - start[0], end[1] - start[1]]))
                .collect(),
        ),
        Core::Ellipse { .. } => None,
    }
}
