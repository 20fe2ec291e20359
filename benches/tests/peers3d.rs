//! The parry3d adapter answers like gjk on the 3D benchmark's kind of pairs, so that a
//! wrong adapter (a mirrored pose, a lost radius, a hull missing points) cannot pass
//! for a speed-up: parry3d's polyhedra keep every point gjk's `ConvexPoints` holds,
//! and the distances agree within parry3d's accuracy, overlaps included.

#[path = "../peers/parry3d.rs"]
mod parry3d_peer;

use gjk_benches::three::{
    GjkWorkload3, HullData, ShapeData3, ToGjkShape3, Workload3, capsule_hull_pairs, cuboid_pairs,
    hull_pairs, sphere_hull_pairs,
};
use gjk_core::{DistanceStatus, distance};
use parry3d::math::Pose;
use parry3d_peer as parry;

/// Pairs checked per workload: a quarter of the benchmark's batch.
const PAIRS: usize = 256;

/// parry3d's GJK stops at a relative gap of sqrt(10 eps), about 1.1e-3 in `f32`
/// (`query::gjk::closest_points`): on the polytope pairs it came out up to 5.5e-4 of
/// the pair's scale off the exact distance (`peer_accuracy3d`).
const PARRY_POLYTOPES: f64 = 2e-3;

/// On a capsule parry3d's GJK runs on the round surface (its capsule support includes
/// the radius), where that gap leaves more: up to 4.8e-3 of the scale.
const PARRY_CAPSULE: f64 = 1e-2;

/// parry3d's separating-axis box distance is exact up to `f32` rounding.
const PARRY_SAT: f64 = 1e-5;

/// Checks parry3d's distance on every pair of `workload` against gjk's: within
/// `bound` of the pair's scale (the larger of gjk's distance and the two sizes), and
/// zero exactly where gjk finds an overlap, except within `bound` of touching.
fn agree<A, B>(
    workload: &Workload3<A, B>,
    bound: f64,
    parry_distance: impl Fn(&A, &Pose, &B, &Pose) -> f32,
) where
    A: ToGjkShape3<f32> + ShapeData3,
    B: ToGjkShape3<f32> + ShapeData3,
{
    let gjk = GjkWorkload3::<f32, _, _>::new(workload).unwrap();
    let pairs = workload.pairs.iter().zip(&workload.placements);
    for ((pair, placement), ((a, b), &(xf_a, xf_b))) in
        pairs.zip(gjk.shapes.iter().zip(&gjk.transforms))
    {
        let expected = distance(a, xf_a, b, xf_b);
        let found = parry_distance(
            &pair.a,
            &parry::pose(&placement.a),
            &pair.b,
            &parry::pose(&placement.b),
        );
        let scale = pair
            .a
            .size()
            .max(pair.b.size())
            .max(f64::from(expected.distance));
        let error = (f64::from(found) - f64::from(expected.distance)).abs();
        assert!(
            error <= bound * scale,
            "parry3d {found} vs gjk {} ({:?})",
            expected.distance,
            expected.status
        );
        if expected.status == DistanceStatus::Overlapping {
            assert_eq!(found, 0.0, "parry3d finds a gap where gjk finds an overlap");
        } else if f64::from(expected.distance) > bound * scale {
            assert!(found > 0.0, "parry3d finds an overlap at {expected:?}");
        }
    }
}

fn hull(data: &HullData) -> parry3d::shape::ConvexPolyhedron {
    parry::hull(data).unwrap()
}

#[test]
fn parry3d_hulls_keep_every_point() {
    for pair in hull_pairs(32, 7).pairs {
        for data in [&pair.a, &pair.b] {
            let mut expected: Vec<[f32; 3]> =
                data.points.iter().map(|p| p.map(|c| c as f32)).collect();
            let mut kept: Vec<[f32; 3]> =
                hull(data).points().iter().map(|p| p.to_array()).collect();
            for points in [&mut expected, &mut kept] {
                points.sort_by(|p, q| p.partial_cmp(q).unwrap());
            }
            assert_eq!(kept, expected);
        }
    }
}

#[test]
fn cuboid_distances_agree_with_gjk() {
    let workload = cuboid_pairs(PAIRS, 7);
    agree(&workload, PARRY_POLYTOPES, |a, pose_a, b, pose_b| {
        parry::gjk_distance(&parry::cuboid(a), pose_a, &parry::cuboid(b), pose_b)
    });
    agree(&workload, PARRY_SAT, |a, pose_a, b, pose_b| {
        parry::distance(&parry::cuboid(a), pose_a, &parry::cuboid(b), pose_b)
    });
}

#[test]
fn hull_distances_agree_with_gjk() {
    agree(
        &hull_pairs(PAIRS, 7),
        PARRY_POLYTOPES,
        |a, pose_a, b, pose_b| parry::gjk_distance(&hull(a), pose_a, &hull(b), pose_b),
    );
}

#[test]
fn capsule_hull_distances_agree_with_gjk() {
    let workload = capsule_hull_pairs(PAIRS, 7);
    agree(&workload, PARRY_CAPSULE, |a, pose_a, b, pose_b| {
        parry::gjk_distance(&parry::capsule(a), pose_a, &hull(b), pose_b)
    });
}

#[test]
fn sphere_hull_distances_agree_with_gjk() {
    let workload = sphere_hull_pairs(PAIRS, 7);
    agree(&workload, PARRY_POLYTOPES, |a, pose_a, b, pose_b| {
        parry::distance(&parry::ball(a), pose_a, &hull(b), pose_b)
    });
}
