//! Library-independent shape descriptions: plain `f64` vertices and semi-axes that
//! every adapter (gjk-shapes today, other libraries later) converts from.

use crate::placement::{dot, sub, unit_vector};

/// What the workload generator needs to know about a convex shape centred near its
/// local origin.
pub trait ShapeData {
    /// The support function `max p.d` over the shape's points `p`, for a unit direction
    /// `d` in the shape's local frame: the distance from the origin to the supporting
    /// line with normal `d`.
    fn extent_along(&self, direction: [f64; 2]) -> f64;

    /// The radial function: the distance from the local origin to the boundary along a
    /// unit direction `d` in the local frame. The origin must lie inside the shape.
    fn reach_along(&self, direction: [f64; 2]) -> f64;

    /// The radius of the largest disc around the local origin inside the shape.
    fn inradius(&self) -> f64;
}

/// A convex polygon: its vertices in counter-clockwise order, local frame.
#[derive(Clone, Debug, PartialEq)]
pub struct PolygonData {
    /// Counter-clockwise vertices.
    pub vertices: Vec<[f64; 2]>,
}

impl PolygonData {
    /// The regular polygon with `sides` vertices on the circle of `radius` around the
    /// origin, vertex 0 at `(radius, 0)` (the layout of `gjk_shapes::Polygon::regular`).
    ///
    /// ```
    /// let octagon = gjk_benches::PolygonData::regular(8, 1.0);
    /// assert_eq!(octagon.vertices.len(), 8);
    /// assert_eq!(octagon.vertices[0], [1.0, 0.0]);
    /// ```
    pub fn regular(sides: usize, radius: f64) -> Self {
        let step = core::f64::consts::TAU / sides as f64;
        let vertices = (0..sides)
            .map(|index| {
                let [x, y] = unit_vector(step * index as f64);
                [radius * x, radius * y]
            })
            .collect();
        Self { vertices }
    }

    /// Each edge's start vertex and unit outward normal: `(e.y, -e.x) / |e|` for a
    /// counter-clockwise edge `e`.
    fn edges(&self) -> impl Iterator<Item = ([f64; 2], [f64; 2])> + '_ {
        let count = self.vertices.len();
        (0..count).map(move |index| {
            let start = self.vertices[index];
            let edge = sub(self.vertices[(index + 1) % count], start);
            let length = libm::hypot(edge[0], edge[1]);
            (start, [edge[1] / length, -edge[0] / length])
        })
    }
}

impl ShapeData for PolygonData {
    fn extent_along(&self, direction: [f64; 2]) -> f64 {
        self.vertices
            .iter()
            .map(|&vertex| dot(vertex, direction))
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// The nearest crossing of the ray with an edge's line: an edge at distance
    /// `n.p` from the origin along its outward normal `n` is met at `n.p / n.d` if
    /// `n.d > 0`.
    fn reach_along(&self, direction: [f64; 2]) -> f64 {
        self.edges()
            .filter_map(|(start, normal)| {
                let approach = dot(normal, direction);
                (approach > 0.0).then(|| dot(normal, start) / approach)
            })
            .fold(f64::INFINITY, f64::min)
    }

    /// The smallest distance from the origin to an edge's line.
    fn inradius(&self) -> f64 {
        self.edges()
            .map(|(start, normal)| dot(normal, start))
            .fold(f64::INFINITY, f64::min)
    }
}

/// An ellipse centred at the local origin with its axes along local x and y.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EllipseData {
    /// Semi-axes `(a, b)` along local x and y.
    pub semi_axes: [f64; 2],
}

impl ShapeData for EllipseData {
    /// `sqrt(a^2 dx^2 + b^2 dy^2)`: the support point `(a^2 dx, b^2 dy) / sqrt(...)`
    /// dotted with `d`.
    fn extent_along(&self, direction: [f64; 2]) -> f64 {
        let [a, b] = self.semi_axes;
        libm::hypot(a * direction[0], b * direction[1])
    }

    /// `a b / sqrt(b^2 dx^2 + a^2 dy^2)`: the `t` with `(t d)` on `x^2/a^2 + y^2/b^2 = 1`.
    fn reach_along(&self, direction: [f64; 2]) -> f64 {
        let [a, b] = self.semi_axes;
        a * b / libm::hypot(b * direction[0], a * direction[1])
    }

    fn inradius(&self) -> f64 {
        self.semi_axes[0].min(self.semi_axes[1])
    }
}

/// A capsule: the segment from `(-half_length, 0)` to `(half_length, 0)` grown by
/// `radius`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CapsuleData {
    /// Half the length of the core segment.
    pub half_length: f64,
    /// The rounding around the segment.
    pub radius: f64,
}

impl CapsuleData {
    /// The core segment's two ends, in the capsule's frame.
    ///
    /// ```
    /// let capsule = gjk_benches::CapsuleData { half_length: 1.0, radius: 0.5 };
    /// assert_eq!(capsule.ends(), [[-1.0, 0.0], [1.0, 0.0]]);
    /// ```
    pub fn ends(&self) -> [[f64; 2]; 2] {
        [[-self.half_length, 0.0], [self.half_length, 0.0]]
    }
}

impl ShapeData for CapsuleData {
    fn extent_along(&self, direction: [f64; 2]) -> f64 {
        self.half_length * direction[0].abs() + self.radius
    }

    /// The ray `t d`, `d = (c, s)`, leaves through a side where `|t s| = r` if that
    /// point is within the segment's span, `t |c| <= h`, that is `r |c| <= h |s|`;
    /// otherwise through the end cap round `(h sign(c), 0)`, at the larger root of
    /// `t^2 - 2 t h |c| + h^2 - r^2 = 0`, `t = h |c| + sqrt(r^2 - h^2 s^2)` (the root is
    /// real there, since `h |s| < r |c| <= r`).
    fn reach_along(&self, direction: [f64; 2]) -> f64 {
        let (cos, sin) = (direction[0].abs(), direction[1].abs());
        let (half, radius) = (self.half_length, self.radius);
        if radius * cos <= half * sin {
            radius / sin
        } else {
            half * cos + libm::sqrt(radius * radius - half * half * sin * sin)
        }
    }

    fn inradius(&self) -> f64 {
        self.radius
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capsule_reaches_its_caps_along_its_axis_and_its_sides_across_it() {
        let capsule = CapsuleData {
            half_length: 1.0,
            radius: 0.5,
        };
        assert_eq!(capsule.extent_along([1.0, 0.0]), 1.5);
        assert_eq!(capsule.extent_along([0.0, -1.0]), 0.5);
        assert_eq!(capsule.reach_along([-1.0, 0.0]), 1.5);
        assert_eq!(capsule.reach_along([0.0, 1.0]), 0.5);
        // At 45 degrees the side is reached at t = 0.5 / sin 45 = 0.707, at x = 0.5,
        // within the segment.
        let diagonal = unit_vector(core::f64::consts::FRAC_PI_4);
        assert!((capsule.reach_along(diagonal) - 0.5 * core::f64::consts::SQRT_2).abs() < 1e-15);
        // Nearly along the axis the ray leaves through the cap: the exit point is 0.5
        // from the segment's end.
        let shallow = unit_vector(0.1);
        let reach = capsule.reach_along(shallow);
        let exit = [reach * shallow[0] - 1.0, reach * shallow[1]];
        assert!((libm::hypot(exit[0], exit[1]) - 0.5).abs() < 1e-15);
    }

    #[test]
    fn regular_octagon_reaches_its_vertices_and_edges() {
        let octagon = PolygonData::regular(8, 1.0);
        assert!((octagon.extent_along([1.0, 0.0]) - 1.0).abs() < 1e-15);
        let inradius = (core::f64::consts::PI / 8.0).cos();
        assert!((octagon.inradius() - inradius).abs() < 1e-15);
        let between = unit_vector(core::f64::consts::PI / 8.0);
        assert!((octagon.extent_along(between) - inradius).abs() < 1e-15);
        assert!((octagon.reach_along([1.0, 0.0]) - 1.0).abs() < 1e-15);
        assert!((octagon.reach_along(between) - inradius).abs() < 1e-15);
    }

    #[test]
    fn ellipse_extent_is_the_semi_axis_along_an_axis() {
        let ellipse = EllipseData {
            semi_axes: [2.0, 0.5],
        };
        assert_eq!(ellipse.extent_along([1.0, 0.0]), 2.0);
        assert_eq!(ellipse.extent_along([0.0, -1.0]), 0.5);
        assert_eq!(ellipse.inradius(), 0.5);
        assert_eq!(ellipse.reach_along([-1.0, 0.0]), 2.0);
        assert_eq!(ellipse.reach_along([0.0, 1.0]), 0.5);
    }
}
