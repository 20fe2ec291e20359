//! Library-independent 3D shape descriptions: plain `f64` parameters and points that
//! every adapter (gjk-shapes, parry3d) converts from.

use crate::three::placement::{P3, cross, dot, length, scale, sub};

/// What the 3D workload generator needs to know about a convex shape around its local
/// origin (the 3D counterpart of [`ShapeData`](crate::ShapeData)).
pub trait ShapeData3 {
    /// The support function `max p.d` over the shape's points `p`, for a unit
    /// direction `d` in the local frame: the distance from the origin to the supporting
    /// plane with normal `d`.
    fn extent_along(&self, direction: P3) -> f64;

    /// The radial function: the distance from the local origin to the boundary along a
    /// unit direction `d` in the local frame. The origin must lie inside the shape.
    fn reach_along(&self, direction: P3) -> f64;

    /// The largest distance of a point of the shape from its local origin: the
    /// shape's share of the scale `L` the accuracy tables divide errors by.
    fn size(&self) -> f64;
}

/// A box centred at the origin with its edges along the local axes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CuboidData {
    /// Half the edge lengths along x, y and z.
    pub half_extents: P3,
}

impl CuboidData {
    /// The eight corners, corner `i` taking the sign of bit 0, 1, 2 of `i` on x, y, z.
    ///
    /// ```
    /// let cuboid = gjk_benches::three::CuboidData { half_extents: [1.0, 2.0, 3.0] };
    /// assert_eq!(cuboid.corners()[0], [-1.0, -2.0, -3.0]);
    /// assert_eq!(cuboid.corners()[7], [1.0, 2.0, 3.0]);
    /// ```
    pub fn corners(&self) -> [P3; 8] {
        let h = self.half_extents;
        core::array::from_fn(|i| {
            let sign = |bit: usize| if i & bit == 0 { -1.0 } else { 1.0 };
            [sign(1) * h[0], sign(2) * h[1], sign(4) * h[2]]
        })
    }
}

impl ShapeData3 for CuboidData {
    /// `sum |h_i d_i|`: the corner with the signs of `d`.
    fn extent_along(&self, direction: P3) -> f64 {
        (0..3)
            .map(|i| (self.half_extents[i] * direction[i]).abs())
            .sum()
    }

    /// The first slab the ray `t d` leaves: `min h_i / |d_i|` over the axes it moves
    /// along.
    fn reach_along(&self, direction: P3) -> f64 {
        (0..3)
            .filter(|&i| direction[i] != 0.0)
            .map(|i| self.half_extents[i] / direction[i].abs())
            .fold(f64::INFINITY, f64::min)
    }

    fn size(&self) -> f64 {
        length(self.half_extents)
    }
}

/// The convex hull of points around the origin (the origin inside it).
#[derive(Clone, Debug, PartialEq)]
pub struct HullData {
    /// The points; the generators put every one on the hull's boundary (points on an
    /// ellipsoid), so no library drops any.
    pub points: Vec<P3>,
}

impl HullData {
    /// The hull's facet planes as `(unit outward normal, offset)`, `n.x <= offset`
    /// inside: every plane through three of the points with all the others on its
    /// inner side, by brute force (about 5000 triples for 32 points; the generators
    /// ask only for the overlapping pairs). Coplanar points repeat a plane, which does
    /// no harm to the minima taken over them.
    fn facets(&self) -> Vec<(P3, f64)> {
        let points = &self.points;
        let size = self.size();
        // A point within this of a plane counts as on it: far above the rounding of
        // the heights (a few eps of the size), far below any real gap.
        let tolerance = 1e-12 * size;
        let mut facets = Vec::new();
        for i in 0..points.len() {
            for j in i + 1..points.len() {
                for k in j + 1..points.len() {
                    let normal = cross(sub(points[j], points[i]), sub(points[k], points[i]));
                    let norm = length(normal);
                    if norm <= 1e-12 * size * size {
                        continue;
                    }
                    let normal = scale(normal, 1.0 / norm);
                    let heights = points.iter().map(|&p| dot(normal, sub(p, points[i])));
                    let (low, high) = heights.fold((0.0_f64, 0.0_f64), |(low, high), h| {
                        (low.min(h), high.max(h))
                    });
                    if high <= tolerance {
                        facets.push((normal, dot(normal, points[i])));
                    } else if low >= -tolerance {
                        facets.push((scale(normal, -1.0), -dot(normal, points[i])));
                    }
                }
            }
        }
        facets
    }

    /// The distance from the origin to the nearest facet plane: the radius of the
    /// largest ball around the origin inside the hull (negative if the origin is
    /// outside).
    ///
    /// ```
    /// use gjk_benches::three::HullData;
    /// let octahedron = HullData {
    ///     points: vec![
    ///         [1.0, 0.0, 0.0], [-1.0, 0.0, 0.0], [0.0, 1.0, 0.0],
    ///         [0.0, -1.0, 0.0], [0.0, 0.0, 1.0], [0.0, 0.0, -1.0],
    ///     ],
    /// };
    /// assert!((octahedron.inradius() - 1.0 / 3.0_f64.sqrt()).abs() < 1e-15);
    /// ```
    pub fn inradius(&self) -> f64 {
        self.facets()
            .iter()
            .map(|&(_, offset)| offset)
            .fold(f64::INFINITY, f64::min)
    }
}

impl ShapeData3 for HullData {
    fn extent_along(&self, direction: P3) -> f64 {
        self.points
            .iter()
            .map(|&p| dot(p, direction))
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// The nearest crossing of the ray with a facet plane: a plane `n.x = offset` in
    /// front of the ray (`n.d > 0`) is met at `offset / n.d`.
    fn reach_along(&self, direction: P3) -> f64 {
        self.facets()
            .iter()
            .filter_map(|&(normal, offset)| {
                let approach = dot(normal, direction);
                (approach > 0.0).then(|| offset / approach)
            })
            .fold(f64::INFINITY, f64::min)
    }

    fn size(&self) -> f64 {
        self.points.iter().map(|&p| length(p)).fold(0.0, f64::max)
    }
}

/// A capsule: the segment from `(0, 0, -half_length)` to `(0, 0, half_length)` grown by
/// `radius`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Capsule3Data {
    /// Half the length of the core segment.
    pub half_length: f64,
    /// The rounding around the segment.
    pub radius: f64,
}

impl Capsule3Data {
    /// The core segment's two ends, in the capsule's frame.
    ///
    /// ```
    /// let capsule = gjk_benches::three::Capsule3Data { half_length: 1.0, radius: 0.5 };
    /// assert_eq!(capsule.ends(), [[0.0, 0.0, -1.0], [0.0, 0.0, 1.0]]);
    /// ```
    pub fn ends(&self) -> [P3; 2] {
        [[0.0, 0.0, -self.half_length], [0.0, 0.0, self.half_length]]
    }
}

impl ShapeData3 for Capsule3Data {
    fn extent_along(&self, direction: P3) -> f64 {
        self.half_length * direction[2].abs() + self.radius
    }

    /// As the plane capsule's ([`CapsuleData`](crate::CapsuleData)) with `|d_z|`
    /// for the cosine to the axis and `rho = |(d_x, d_y)|` for the sine: through the
    /// side, `t = r / rho`, when `r |d_z| <= h rho`; otherwise through the cap,
    /// `t = h |d_z| + sqrt(r^2 - h^2 rho^2)`.
    fn reach_along(&self, direction: P3) -> f64 {
        let along = direction[2].abs();
        let across = libm::hypot(direction[0], direction[1]);
        let (half, radius) = (self.half_length, self.radius);
        if radius * along <= half * across {
            radius / across
        } else {
            half * along + libm::sqrt(radius * radius - half * half * across * across)
        }
    }

    fn size(&self) -> f64 {
        self.half_length + self.radius
    }
}

/// A ball centred at the local origin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SphereData {
    /// The radius.
    pub radius: f64,
}

impl ShapeData3 for SphereData {
    fn extent_along(&self, _direction: P3) -> f64 {
        self.radius
    }

    fn reach_along(&self, _direction: P3) -> f64 {
        self.radius
    }

    fn size(&self) -> f64 {
        self.radius
    }
}

/// An ellipsoid centred at the local origin with its axes along local x, y and z.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EllipsoidData {
    /// Semi-axes along local x, y and z.
    pub semi_axes: P3,
}

impl ShapeData3 for EllipsoidData {
    /// `|diag(a) d|`: the support point `diag(a)^2 d / |diag(a) d|` dotted with `d`.
    fn extent_along(&self, direction: P3) -> f64 {
        let a = self.semi_axes;
        length([
            a[0] * direction[0],
            a[1] * direction[1],
            a[2] * direction[2],
        ])
    }

    /// `1 / |diag(a)^-1 d|`: the `t` with `t d` on `sum (x_i / a_i)^2 = 1`.
    fn reach_along(&self, direction: P3) -> f64 {
        let a = self.semi_axes;
        1.0 / length([
            direction[0] / a[0],
            direction[1] / a[1],
            direction[2] / a[2],
        ])
    }

    fn size(&self) -> f64 {
        self.semi_axes.iter().fold(0.0, |m, &a| m.max(a))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DIAGONAL: P3 = [
        core::f64::consts::FRAC_1_SQRT_2,
        0.0,
        core::f64::consts::FRAC_1_SQRT_2,
    ];

    #[test]
    fn cuboid_reaches_its_faces_and_extends_to_its_corners() {
        let cuboid = CuboidData {
            half_extents: [1.0, 2.0, 3.0],
        };
        assert_eq!(cuboid.extent_along([0.0, -1.0, 0.0]), 2.0);
        assert!((cuboid.extent_along(DIAGONAL) - 4.0 * DIAGONAL[0]).abs() < 1e-15);
        assert_eq!(cuboid.reach_along([0.0, 0.0, 1.0]), 3.0);
        // Along (1, 0, 1) / sqrt 2 the x faces come first, at sqrt 2.
        assert!((cuboid.reach_along(DIAGONAL) - core::f64::consts::SQRT_2).abs() < 1e-15);
    }

    #[test]
    fn cube_hull_reaches_its_faces_like_the_cuboid() {
        let cuboid = CuboidData {
            half_extents: [1.0, 2.0, 3.0],
        };
        let hull = HullData {
            points: cuboid.corners().to_vec(),
        };
        assert!((hull.inradius() - 1.0).abs() < 1e-15);
        for direction in [[0.0, 0.0, 1.0], [0.0, -1.0, 0.0], DIAGONAL] {
            assert!((hull.reach_along(direction) - cuboid.reach_along(direction)).abs() < 1e-14);
            assert!((hull.extent_along(direction) - cuboid.extent_along(direction)).abs() < 1e-14);
        }
    }

    #[test]
    fn capsule_reaches_its_caps_along_its_axis_and_its_side_across_it() {
        let capsule = Capsule3Data {
            half_length: 1.0,
            radius: 0.5,
        };
        assert_eq!(capsule.extent_along([0.0, 0.0, -1.0]), 1.5);
        assert_eq!(capsule.reach_along([0.0, 0.0, 1.0]), 1.5);
        assert_eq!(capsule.reach_along([0.0, 1.0, 0.0]), 0.5);
        // At 45 degrees the side is reached at z = 0.5, within the segment.
        assert!((capsule.reach_along(DIAGONAL) - 0.5 * core::f64::consts::SQRT_2).abs() < 1e-15);
    }

    #[test]
    fn ellipsoid_extent_and_reach_are_the_semi_axes_along_the_axes() {
        let ellipsoid = EllipsoidData {
            semi_axes: [2.0, 0.5, 1.0],
        };
        assert_eq!(ellipsoid.extent_along([-1.0, 0.0, 0.0]), 2.0);
        assert_eq!(ellipsoid.reach_along([0.0, 1.0, 0.0]), 0.5);
        assert_eq!(ellipsoid.size(), 2.0);
    }
}
