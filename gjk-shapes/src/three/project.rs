//! Closed-form point projections in space: `project_point` on points, spheres,
//! segments, capsules and boxes, with the plane's conventions (see
//! [`gjk_core::PointProjection`]: `point = surface_point + normal * signed_distance`,
//! `Inside` on or in the shape, `InvalidInput` for a NaN or infinite point or
//! transform or a rotation off unit length, zero iterations). The generic 3D
//! projection needs EPA in 3D, which is not built yet; these shapes do not need it.

use gjk_core::{PointProjection, Scalar, Transform3, Vec3};

use crate::projection::{
    ball_projection, invalid, local_point, nearest_on_segment, placed, rounded_segment_projection,
};
use crate::{Capsule3, Cuboid, Point3, Segment3, Sphere, Triangle3};

/// The segment `a b` rounded by `radius`: the ball around the core's nearest point,
/// with a direction across the segment for a point on it (the local x axis for a
/// segment of no length).
fn rounded_segment<S: Scalar>(
    a: Vec3<S>,
    b: Vec3<S>,
    radius: S,
    point: Vec3<S>,
) -> (Vec3<S>, S, Vec3<S>) {
    rounded_segment_projection(a, b, radius, point, across(b - a))
}

impl<S: Scalar> Point3<S> {
    /// The point itself, its distance from `point` and the direction from it to
    /// `point` (see [`gjk_core::PointProjection`]); `point` on it is inside, at
    /// distance zero, with the local x axis as normal.
    ///
    /// ```
    /// use gjk_core::{PointStatus, Transform3, Vec3};
    /// use gjk_shapes::Point3;
    ///
    /// let dot = Point3::new(Vec3::new(1.0_f64, 2.0, 2.0))?;
    /// let out = dot.project_point(Transform3::IDENTITY, Vec3::ZERO);
    /// assert_eq!((out.status, out.signed_distance), (PointStatus::Outside, 3.0));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn project_point(&self, xf: Transform3<S>, point: Vec3<S>) -> PointProjection<S, Vec3<S>> {
        match local_point(xf, point) {
            Some(local) => placed(
                xf,
                ball_projection(self.position(), S::ZERO, local, Vec3::X),
            ),
            None => invalid(),
        }
    }
}

impl<S: Scalar> Sphere<S> {
    /// The point of the sphere (placed by `xf`) nearest `point`, its signed distance
    /// and the outward normal (see [`gjk_core::PointProjection`]). At the centre, the
    /// normal is the local x axis.
    ///
    /// ```
    /// use gjk_core::{PointStatus, Transform3, Vec3};
    /// use gjk_shapes::Sphere;
    ///
    /// let ball = Sphere::new(Vec3::ZERO, 2.0_f32)?;
    /// let xf = Transform3::from_translation(Vec3::new(0.0, 0.0, 10.0));
    /// let out = ball.project_point(xf, Vec3::new(0.0, 0.0, 13.0));
    /// assert_eq!((out.status, out.signed_distance), (PointStatus::Outside, 1.0));
    /// assert_eq!((out.surface_point, out.normal), (Vec3::new(0.0, 0.0, 12.0), Vec3::Z));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn project_point(&self, xf: Transform3<S>, point: Vec3<S>) -> PointProjection<S, Vec3<S>> {
        match local_point(xf, point) {
            Some(local) => placed(
                xf,
                ball_projection(self.center(), self.radius(), local, Vec3::X),
            ),
            None => invalid(),
        }
    }
}

impl<S: Scalar> Segment3<S> {
    /// The point of the segment (placed by `xf`) nearest `point`, its distance and the
    /// direction from it to `point` (see [`gjk_core::PointProjection`]); a point on the
    /// segment is inside, at distance zero, with a direction across it as normal.
    ///
    /// ```
    /// use gjk_core::{PointStatus, Transform3, Vec3};
    /// use gjk_shapes::Segment3;
    ///
    /// let rod = Segment3::new(Vec3::ZERO, Vec3::new(0.0, 0.0, 4.0_f64))?;
    /// let out = rod.project_point(Transform3::IDENTITY, Vec3::new(3.0, 4.0, 2.0));
    /// assert_eq!((out.status, out.signed_distance), (PointStatus::Outside, 5.0));
    /// assert_eq!(out.surface_point, Vec3::new(0.0, 0.0, 2.0));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn project_point(&self, xf: Transform3<S>, point: Vec3<S>) -> PointProjection<S, Vec3<S>> {
        match local_point(xf, point) {
            Some(local) => placed(xf, rounded_segment(self.a(), self.b(), S::ZERO, local)),
            None => invalid(),
        }
    }
}

impl<S: Scalar> Capsule3<S> {
    /// The point of the capsule (placed by `xf`) nearest `point`, its signed distance
    /// and the outward normal (see [`gjk_core::PointProjection`]).
    ///
    /// ```
    /// use gjk_core::{PointStatus, Transform3, Vec3};
    /// use gjk_shapes::Capsule3;
    ///
    /// let capsule = Capsule3::new(Vec3::ZERO, Vec3::new(0.0, 0.0, 4.0_f64), 1.0)?;
    /// let out = capsule.project_point(Transform3::IDENTITY, Vec3::new(0.5, 0.0, 1.0));
    /// assert_eq!((out.status, out.signed_distance), (PointStatus::Inside, -0.5));
    /// assert_eq!((out.surface_point, out.normal), (Vec3::new(1.0, 0.0, 1.0), Vec3::X));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn project_point(&self, xf: Transform3<S>, point: Vec3<S>) -> PointProjection<S, Vec3<S>> {
        match local_point(xf, point) {
            Some(local) => placed(
                xf,
                rounded_segment(self.a(), self.b(), self.radius(), local),
            ),
            None => invalid(),
        }
    }
}

impl<S: Scalar> Cuboid<S> {
    /// The point of the box (placed by `xf`) nearest `point`, its signed distance and
    /// the outward normal (see [`gjk_core::PointProjection`]): `point` clamped to the
    /// box outside, the nearest face inside (x, then y, then z on ties).
    ///
    /// ```
    /// use gjk_core::{PointStatus, Transform3, Vec3};
    /// use gjk_shapes::Cuboid;
    ///
    /// let crate_box = Cuboid::new(Vec3::new(1.0_f64, 2.0, 3.0))?;
    /// let above = crate_box.project_point(Transform3::IDENTITY, Vec3::new(0.5, 0.5, 5.0));
    /// assert_eq!((above.status, above.signed_distance), (PointStatus::Outside, 2.0));
    /// assert_eq!(above.surface_point, Vec3::new(0.5, 0.5, 3.0));
    /// let inside = crate_box.project_point(Transform3::IDENTITY, Vec3::new(0.75, 0.0, 0.0));
    /// assert_eq!((inside.signed_distance, inside.normal), (-0.25, Vec3::X));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn project_point(&self, xf: Transform3<S>, point: Vec3<S>) -> PointProjection<S, Vec3<S>> {
        let Some(local) = local_point(xf, point) else {
            return invalid();
        };
        let half = self.half_extents();
        let clamped = local.max(-half).min(half);
        if let Some(normal) = (local - clamped).normalize() {
            return placed(xf, (clamped, normal.dot(local - clamped), normal));
        }
        let side = |v: S| if v < S::ZERO { -S::ONE } else { S::ONE };
        let depths = [
            half.x - local.x.abs(),
            half.y - local.y.abs(),
            half.z - local.z.abs(),
        ];
        let axis = if depths[0] <= depths[1] && depths[0] <= depths[2] {
            0
        } else if depths[1] <= depths[2] {
            1
        } else {
            2
        };
        let (surface, normal) = match axis {
            0 => (
                Vec3::new(side(local.x) * half.x, local.y, local.z),
                Vec3::X * side(local.x),
            ),
            1 => (
                Vec3::new(local.x, side(local.y) * half.y, local.z),
                Vec3::Y * side(local.y),
            ),
            _ => (
                Vec3::new(local.x, local.y, side(local.z) * half.z),
                Vec3::Z * side(local.z),
            ),
        };
        let depth = depths.get(axis).copied().unwrap_or(S::ZERO);
        placed(xf, (surface, -depth, normal))
    }
}

/// A unit vector across the nonzero vector `edge`: its cross product with the axis it
/// is least along (the local x axis for a vector with no direction).
fn across<S: Scalar>(edge: Vec3<S>) -> Vec3<S> {
    let magnitude = edge.abs();
    let axis = if magnitude.x <= magnitude.y && magnitude.x <= magnitude.z {
        Vec3::X
    } else if magnitude.y <= magnitude.z {
        Vec3::Y
    } else {
        Vec3::Z
    };
    edge.cross(axis).normalize().unwrap_or(Vec3::X)
}

/// The point of triangle `a b c` nearest `point` (all in one frame): the foot of
/// `point` on the triangle's plane when it lies inside the triangle (on the inner side
/// of every edge), else the nearest of the edges' nearest points. A triangle with no
/// area (collinear corners) is its edges.
fn nearest_on_triangle<S: Scalar>(corners: [Vec3<S>; 3], point: Vec3<S>) -> Vec3<S> {
    let [a, b, c] = corners;
    if let Some(normal) = (b - a).cross(c - a).normalize() {
        let foot = point - normal * normal.dot(point - a);
        let inside = [(a, b), (b, c), (c, a)]
            .iter()
            .all(|&(start, end)| (end - start).cross(foot - start).dot(normal) >= S::ZERO);
        if inside {
            return foot;
        }
    }
    let candidates = [
        nearest_on_segment(a, b, point),
        nearest_on_segment(b, c, point),
        nearest_on_segment(c, a, point),
    ];
    // Compared at a common scale, so that squared lengths neither over- nor underflow.
    let scale = candidates
        .iter()
        .fold(S::ZERO, |largest, &q| largest.max((point - q).max_abs()));
    let measure = |q: Vec3<S>| {
        if scale > S::ZERO {
            ((point - q) / scale).length_squared()
        } else {
            S::ZERO
        }
    };
    let mut nearest = candidates[0];
    for &candidate in &candidates[1..] {
        if measure(candidate) < measure(nearest) {
            nearest = candidate;
        }
    }
    nearest
}

impl<S: Scalar> Triangle3<S> {
    /// The point of the triangle (placed by `xf`) nearest `point`, its distance and the
    /// direction from it to `point` (see [`gjk_core::PointProjection`]). A triangle has
    /// no inside: a point on it is `Inside` at distance zero, with the triangle's
    /// normal (`(b - a) x (c - a)`, a direction across it for a triangle with no area)
    /// as normal.
    ///
    /// ```
    /// use gjk_core::{PointStatus, Transform3, Vec3};
    /// use gjk_shapes::Triangle3;
    ///
    /// let floor = Triangle3::new(Vec3::ZERO, Vec3::new(4.0_f64, 0.0, 0.0), Vec3::new(0.0, 4.0, 0.0))?;
    /// let above = floor.project_point(Transform3::IDENTITY, Vec3::new(1.0, 1.0, 2.0));
    /// assert_eq!((above.status, above.signed_distance), (PointStatus::Outside, 2.0));
    /// assert_eq!((above.surface_point, above.normal), (Vec3::new(1.0, 1.0, 0.0), Vec3::Z));
    /// let beside = floor.project_point(Transform3::IDENTITY, Vec3::new(-3.0, 1.0, 4.0));
    /// assert_eq!((beside.signed_distance, beside.surface_point), (5.0, Vec3::new(0.0, 1.0, 0.0)));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn project_point(&self, xf: Transform3<S>, point: Vec3<S>) -> PointProjection<S, Vec3<S>> {
        let Some(local) = local_point(xf, point) else {
            return invalid();
        };
        let [a, b, c] = self.vertices();
        let nearest = nearest_on_triangle([a, b, c], local);
        match (local - nearest).normalize() {
            Some(normal) => placed(xf, (nearest, normal.dot(local - nearest), normal)),
            None => {
                let normal = (b - a).cross(c - a).normalize().unwrap_or_else(|| {
                    let longest =
                        [b - a, c - b, a - c]
                            .into_iter()
                            .fold(Vec3::ZERO, |longest, edge| {
                                if edge.max_abs() > longest.max_abs() {
                                    edge
                                } else {
                                    longest
                                }
                            });
                    across(longest)
                });
                placed(xf, (local, S::ZERO, normal))
            }
        }
    }
}
