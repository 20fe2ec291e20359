//! Support functions of the cores and the signed separation they give: the penetration
//! depth of overlapping cores.

use crate::ellipse::{Ellipse, minimize_periodic};
use crate::geometry::dot;
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

/// The signed separation of two cores:
///
/// ```text
/// max over unit u of ( min over B of u.x - max over A of u.x ) = max_u ( -h_B(-u) - h_A(u) )
/// ```
///
/// By the separating axis theorem for convex sets this is the distance between the
/// cores when they are apart and minus the penetration depth (the length of the
/// shortest translation that separates them) when they overlap. The maximum over the
/// direction angle is found by dense sampling and golden-section refinement; the
/// function is continuous and unimodal near its maximum, with a kink where a polygon
/// edge is the closest feature, which golden-section search does not mind.
pub(crate) fn core_separation(a: &Core, b: &Core) -> f64 {
    let gap = |theta: f64| {
        let (sin, cos) = theta.sin_cos();
        -support_value(b, [-cos, -sin]) - support_value(a, [cos, sin])
    };
    -minimize_periodic(|theta| -gap(theta)).1
}
