//! parry2d's query functions on the workloads' plain data: convex polygons, distance,
//! ray cast and shape cast.

use gjk_benches::{CapsuleData, Placement, PolygonData};
use parry2d::math::{Pose, Vector};
use parry2d::query::gjk::{CsoPoint, GJKResult, VoronoiSimplex, closest_points};
use parry2d::query::{Ray, RayCast, ShapeCastOptions};
use parry2d::shape::{Capsule, ConvexPolygon, Shape};

fn vector(point: [f64; 2]) -> Vector {
    Vector::new(point[0] as f32, point[1] as f32)
}

/// parry2d's pose of a placement.
pub fn pose(placement: &Placement) -> Pose {
    Pose::new(vector(placement.position), placement.angle as f32)
}

/// The convex polygon of `data`, or `None` if parry2d rejects it.
pub fn polygon(data: &PolygonData) -> Option<ConvexPolygon> {
    ConvexPolygon::from_convex_polyline(data.vertices.iter().map(|&p| vector(p)).collect())
}

/// parry2d's capsule of `data`: the same segment and radius.
pub fn capsule(data: &CapsuleData) -> Capsule {
    let [start, end] = data.ends().map(vector);
    Capsule::new(start, end, data.radius as f32)
}

/// `parry2d::query::distance` between two placed shapes.
pub fn distance(a: &dyn Shape, pose_a: &Pose, b: &dyn Shape, pose_b: &Pose) -> f32 {
    parry2d::query::distance(pose_a, a, pose_b, b).map_or(f32::NAN, |out| out.distance)
}

/// parry2d's GJK entry point, `query::gjk::closest_points`, between two placed
/// polygons, its simplex seeded with the support point of A - B along `direction` (A's
/// frame) as `distance_support_map_support_map_with_params` seeds it with its
/// `init_dir`: `None` takes parry2d's own default (minus B's offset in A's frame), a cold
/// start; a warm start passes the direction this call left for the same pair last
/// frame. Returns the distance and leaves the normal GJK found in `direction` (kept
/// when the shapes overlap).
pub fn gjk_distance(
    a: &ConvexPolygon,
    pose_a: &Pose,
    b: &ConvexPolygon,
    pose_b: &Pose,
    direction: &mut Option<Vector>,
) -> f32 {
    let pos12 = pose_a.inv_mul(pose_b);
    let seed = direction
        .and_then(|dir| dir.try_normalize())
        .or_else(|| (-pos12.translation).try_normalize())
        .unwrap_or(Vector::X);
    let mut simplex = VoronoiSimplex::new();
    simplex.reset(CsoPoint::from_shapes(&pos12, a, b, seed));
    match closest_points(&pos12, a, b, f32::MAX, true, &mut simplex) {
        GJKResult::ClosestPoints(on_a, on_b, normal) => {
            *direction = Some(normal);
            (on_a - on_b).length()
        }
        _ => 0.0,
    }
}

/// `RayCast::cast_ray` (solid) of a world ray against a placed polygon: the hit
/// fraction of `translation`.
pub fn ray_cast(
    polygon: &ConvexPolygon,
    pose: &Pose,
    origin: [f64; 2],
    translation: [f64; 2],
) -> Option<f32> {
    let ray = Ray::new(vector(origin), vector(translation));
    polygon.cast_ray(pose, &ray, 1.0, true)
}

/// `parry2d::query::cast_shapes` of B moving by `translation_b` against a still A: the
/// time of impact (fraction of the translation).
pub fn shape_cast(
    a: &ConvexPolygon,
    pose_a: &Pose,
    b: &ConvexPolygon,
    pose_b: &Pose,
    translation_b: [f64; 2],
) -> Option<f32> {
    let options = ShapeCastOptions::with_max_time_of_impact(1.0);
    parry2d::query::cast_shapes(
        pose_a,
        Vector::ZERO,
        a,
        pose_b,
        vector(translation_b),
        b,
        options,
    )
    .ok()
    .flatten()
    .map(|hit| hit.time_of_impact)
}
