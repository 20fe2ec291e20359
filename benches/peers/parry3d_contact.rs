//! parry3d's penetration queries for the 3D penetration benchmark
//! (`benches/penetration3d.rs`): its dispatcher `query::contact`, and its GJK and EPA on
//! two support maps, each answering with the depth (minus parry's signed distance).

use parry3d::math::Pose;
use parry3d::query::details::contact_support_map_support_map;
use parry3d::shape::{Shape, SupportMap};

/// The penetration depth (minus parry's signed distance) by parry3d's dispatcher,
/// `query::contact` with no prediction: `contact_cuboid_cuboid` (a separating-axis
/// test) for two boxes, `contact_ball_convex_polyhedron` for a ball, GJK and EPA on
/// the support maps otherwise. NaN when parry finds no contact.
pub fn contact_depth(a: &dyn Shape, pose_a: &Pose, b: &dyn Shape, pose_b: &Pose) -> f32 {
    parry3d::query::contact(pose_a, a, pose_b, b, 0.0)
        .ok()
        .flatten()
        .map_or(f32::NAN, |contact| -contact.dist)
}

/// The penetration depth by parry3d's GJK and EPA on the support maps,
/// `query::details::contact_support_map_support_map` on B's pose in A's frame: the
/// counterpart of gjk's `penetration` for every pair. NaN when parry finds no contact.
pub fn epa_depth<A: SupportMap, B: SupportMap>(a: &A, pose_a: &Pose, b: &B, pose_b: &Pose) -> f32 {
    contact_support_map_support_map(&pose_a.inv_mul(pose_b), a, b, 0.0)
        .map_or(f32::NAN, |contact| -contact.dist)
}
