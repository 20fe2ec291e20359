//! parry3d's distance queries on the 3D workloads' plain data: boxes, 32-point hulls,
//! capsules and balls, each library given the same `f32` numbers (positions, the
//! quaternion's four entries rounded once, shape parameters and points).
//!
//! Which parry3d function answers which workload, read from parry3d 0.31.1's sources
//! so that both sides run GJK on the same support maps and neither takes a path the
//! other has no counterpart of:
//!
//! - `query::distance`, the dispatcher a parry user calls first, sends two `Cuboid`s
//!   to `distance_cuboid_cuboid`, a separating-axis test over the 15 box axes followed
//!   by point projections: analytic box code, not GJK. The box rows therefore call
//!   parry's GJK distance directly, `query::details::distance_support_map_support_map`
//!   on the two `Cuboid` support maps ([`gjk_distance`]); the dispatcher's box path is
//!   timed beside it as a second row ([`distance`], `parry3d_sat`), for a user who
//!   keeps the default call.
//! - Two `ConvexPolyhedron`s, and a `Capsule` against one, go through the dispatcher to
//!   that same GJK function (on `&dyn SupportMap`); the rows call it directly on the
//!   concrete types ([`gjk_distance`]), as gjk is called, so neither side pays for
//!   dynamic dispatch. parry's capsule support map includes the radius (the segment's
//!   end pushed out by `radius` along the direction), so its GJK converges on a round
//!   surface, where gjk runs GJK on the core segment and subtracts the radius: each
//!   library's own design, same question.
//! - A `Ball` against a `ConvexPolyhedron` goes through the dispatcher
//!   ([`distance`]) to `distance_ball_convex_polyhedron`: the ball's centre projected
//!   onto the polyhedron by parry's GJK point projection
//!   (`local_point_projection_on_support_map`), minus the radius. That is GJK on the
//!   hull's support map against a point, which is what gjk runs for a sphere (a point
//!   core with a radius); calling the GJK distance on the `Ball`'s own round support
//!   map instead would iterate towards a curved surface, unfair to parry.
//!
//! `ConvexPolyhedron::from_convex_hull` keeps the hull's vertices; the workloads put
//! every point on an ellipsoid, so all 32 are vertices and both libraries scan the
//! same 32 points per support call (parry's polyhedron support is a scan over its
//! vertices, as `ConvexPoints`' is). The accuracy table judges parry on its own
//! polyhedron's points.

// The benchmarks, the accuracy table and the tests each use part of it.
#![allow(dead_code)]

use gjk_benches::three::{
    Capsule3Data, CuboidData, HullData, P3, Placement3, SphereData, Workload3,
};
use parry3d::math::{Pose, Rotation, Vector};
use parry3d::query::details::distance_support_map_support_map;
use parry3d::shape::{Ball, Capsule, ConvexPolyhedron, Cuboid, Shape, SupportMap};

fn vector(point: P3) -> Vector {
    Vector::new(point[0] as f32, point[1] as f32, point[2] as f32)
}

/// The quaternion's entries rounded to `f32`, as gjk's adapter rounds them
/// (`gjk_benches::three::to_quat`).
pub fn rotation(q: [f64; 4]) -> Rotation {
    Rotation::from_xyzw(q[0] as f32, q[1] as f32, q[2] as f32, q[3] as f32)
}

/// parry3d's pose of a placement.
pub fn pose(placement: &Placement3) -> Pose {
    Pose::from_parts(vector(placement.position), rotation(placement.rotation))
}

/// parry3d's box of `data`.
pub fn cuboid(data: &CuboidData) -> Cuboid {
    Cuboid::new(vector(data.half_extents))
}

/// The convex polyhedron of `data`'s points, or `None` if parry3d's hull fails.
pub fn hull(data: &HullData) -> Option<ConvexPolyhedron> {
    let points: Vec<Vector> = data.points.iter().map(|&p| vector(p)).collect();
    ConvexPolyhedron::from_convex_hull(&points)
}

/// parry3d's capsule of `data`: the same segment and radius.
pub fn capsule(data: &Capsule3Data) -> Capsule {
    let [start, end] = data.ends().map(vector);
    Capsule::new(start, end, data.radius as f32)
}

/// parry3d's ball of `data`.
pub fn ball(data: &SphereData) -> Ball {
    Ball::new(data.radius as f32)
}

/// `parry3d::query::distance` between two placed shapes: the dispatcher, with its
/// shape-specific paths (see the module documentation).
pub fn distance(a: &dyn Shape, pose_a: &Pose, b: &dyn Shape, pose_b: &Pose) -> f32 {
    parry3d::query::distance(pose_a, a, pose_b, b).map_or(f32::NAN, |out| out.distance)
}

/// parry3d's GJK distance between two placed support maps,
/// `query::details::distance_support_map_support_map` on B's pose in A's frame (what
/// the dispatcher computes before calling it), from parry's default start.
pub fn gjk_distance<A: SupportMap, B: SupportMap>(
    a: &A,
    pose_a: &Pose,
    b: &B,
    pose_b: &Pose,
) -> f32 {
    distance_support_map_support_map(&pose_a.inv_mul(pose_b), a, b)
}

/// parry3d's shapes and poses of `workload`'s pairs, each shape converted by `to_a` and
/// `to_b`.
pub fn pairs<A, B, PA, PB>(
    workload: &Workload3<A, B>,
    to_a: impl Fn(&A) -> PA,
    to_b: impl Fn(&B) -> PB,
) -> Vec<(PA, PB, Pose, Pose)> {
    let pairs = workload.pairs.iter().zip(&workload.placements);
    pairs
        .map(|(pair, placement)| {
            (
                to_a(&pair.a),
                to_b(&pair.b),
                pose(&placement.a),
                pose(&placement.b),
            )
        })
        .collect()
}
