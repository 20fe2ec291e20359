//! Every peer adapter answers like gjk on the benchmark's own pairs, so that a wrong
//! adapter (a mirrored transform, a missed radius, a ray in the wrong frame) cannot
//! pass for a speed-up: distances agree within each library's accuracy, rays and
//! sweeps hit and miss together, and Box2D's polygon manifold has points for the
//! same pairs as gjk's, with the same deepest separation.

#[path = "../peers/mod.rs"]
mod peers;

use gjk_benches::standard::{standard_coherent_motion, standard_octagon_pairs};
use gjk_benches::{
    GjkWorkload, Placement, PolygonData, capsule_polygon_pairs, cast_motions, gjk_cast_queries,
    mixed_polygon_pairs, octagon_pairs,
};
use gjk_core::{CastStatus, distance, ray_cast, shape_cast};
use gjk_shapes::{Polygon, collide_polygons};
use peers::{box2d, parry};

/// Pairs checked per test: a quarter of the benchmark's batch.
const PAIRS: usize = 256;

/// parry2d stops GJK at a relative gap of about sqrt(10 eps): up to 2e-3 off on
/// unit shapes, and proportionally more at larger distances (see
/// [`parry_bound`]); Box2D's GJK is within a few f32 epsilons.
const PARRY_DISTANCE: f32 = 2e-3;
const BOX2D_DISTANCE: f32 = 1e-5;

/// parry2d's error bound at a distance of `distance`: its stopping gap is relative, so
/// its error grows with the distance (a capsule 2.74 from a polygon came out 2.2e-3
/// off).
fn parry_bound(distance: f32) -> f32 {
    PARRY_DISTANCE * distance.max(1.0)
}

fn octagon() -> PolygonData {
    standard_octagon_pairs().pairs[0].a.clone()
}

#[test]
fn distances_agree_with_gjk() {
    distances_agree_on(&octagon_pairs(PAIRS, 7));
    distances_agree_on(&mixed_polygon_pairs(PAIRS, 7));
}

fn distances_agree_on(workload: &gjk_benches::Workload<PolygonData>) {
    let gjk = GjkWorkload::<f32, Polygon<f32, 8>>::new(workload).unwrap();
    let pairs = gjk.shapes.iter().zip(&gjk.frames[0]);
    for (((a, b), &(xf_a, xf_b)), (shapes, pair)) in
        pairs.zip(workload.pairs.iter().zip(&workload.frames[0]))
    {
        let expected = distance(a, xf_a, b, xf_b).distance;
        let (parry_a, parry_b) = (
            parry::polygon(&shapes.a).unwrap(),
            parry::polygon(&shapes.b).unwrap(),
        );
        let parry = parry::distance(
            &parry_a,
            &parry::pose(&pair.a),
            &parry_b,
            &parry::pose(&pair.b),
        );
        let box2d_a = box2d::Box2dPolygon::new(&shapes.a).unwrap();
        let box2d_b = box2d::Box2dPolygon::new(&shapes.b).unwrap();
        let box2d = box2d::distance(
            &box2d_a,
            box2d::transform(&pair.a),
            &box2d_b,
            box2d::transform(&pair.b),
        );
        assert!(
            (parry - expected).abs() <= PARRY_DISTANCE,
            "parry2d {parry} vs {expected}"
        );
        assert!(
            (box2d - expected).abs() <= BOX2D_DISTANCE,
            "Box2D {box2d} vs {expected}"
        );
    }
}

#[test]
fn capsule_polygon_distances_agree_with_gjk() {
    let workload = capsule_polygon_pairs(PAIRS, 7);
    let gjk = GjkWorkload::<f32, _, _>::new(&workload).unwrap();
    let pairs = gjk.shapes.iter().zip(&gjk.frames[0]);
    let mut overlapping = 0;
    for (((a, b), &(xf_a, xf_b)), (shapes, pair)) in
        pairs.zip(workload.pairs.iter().zip(&workload.frames[0]))
    {
        let expected = distance(a, xf_a, b, xf_b);
        overlapping += usize::from(expected.is_overlapping());
        let parry = parry::distance(
            &parry::capsule(&shapes.a),
            &parry::pose(&pair.a),
            &parry::polygon(&shapes.b).unwrap(),
            &parry::pose(&pair.b),
        );
        let polygon = box2d::Box2dPolygon::new(&shapes.b).unwrap();
        let box2d = box2d::proxy_distance(
            &box2d::capsule_proxy(&shapes.a),
            box2d::transform(&pair.a),
            polygon.proxy(),
            box2d::transform(&pair.b),
            &mut box2d::empty_cache(),
        )
        .distance;
        let expected = expected.distance;
        assert!(
            (parry - expected).abs() <= parry_bound(expected),
            "parry2d {parry} vs {expected}"
        );
        assert!(
            (box2d - expected).abs() <= BOX2D_DISTANCE,
            "Box2D {box2d} vs {expected}"
        );
    }
    // The radii count: a capsule adapter that dropped its radius would see far fewer
    // overlaps (one pair in ten overlaps by construction).
    assert!(overlapping >= PAIRS / 20, "{overlapping} overlapping pairs");
}

/// Box2D warm-started from each pair's previous simplex answers what it answers cold,
/// frame after frame: the warm benchmark times the same work, not a broken cache.
#[test]
fn box2d_warm_starts_agree_with_cold_starts() {
    let moving = standard_coherent_motion(&octagon_pairs(PAIRS, 7));
    let octagon = box2d::Box2dPolygon::new(&moving.pairs[0].a).unwrap();
    let proxy = octagon.proxy();
    let mut caches = vec![box2d::empty_cache(); PAIRS];
    let mut warm_iterations = 0;
    let mut cold_iterations = 0;
    for frame in &moving.frames {
        for (pair, cache) in frame.iter().zip(&mut caches) {
            let (xf_a, xf_b) = (box2d::transform(&pair.a), box2d::transform(&pair.b));
            let cold = box2d::proxy_distance(proxy, xf_a, proxy, xf_b, &mut box2d::empty_cache());
            let warm = box2d::proxy_distance(proxy, xf_a, proxy, xf_b, cache);
            assert!(
                (warm.distance - cold.distance).abs() <= BOX2D_DISTANCE,
                "warm {} vs cold {}",
                warm.distance,
                cold.distance
            );
            if cold.distance > 0.0 {
                warm_iterations += warm.iterations;
                cold_iterations += cold.iterations;
            }
        }
    }
    assert!(
        warm_iterations < cold_iterations,
        "warm {warm_iterations} iterations, cold {cold_iterations}"
    );
}

/// parry2d's GJK entry point answers like its distance query, cold or seeded along
/// the pair's normal of the previous frame: the warm benchmark times the same work.
#[test]
fn parry_gjk_entry_point_agrees_with_its_distance_query() {
    let moving = standard_coherent_motion(&octagon_pairs(PAIRS, 7));
    let octagon = parry::polygon(&moving.pairs[0].a).unwrap();
    let mut directions = vec![None; PAIRS];
    for frame in &moving.frames {
        for (pair, direction) in frame.iter().zip(&mut directions) {
            let (pose_a, pose_b) = (parry::pose(&pair.a), parry::pose(&pair.b));
            let query = parry::distance(&octagon, &pose_a, &octagon, &pose_b);
            let cold = parry::gjk_distance(&octagon, &pose_a, &octagon, &pose_b, &mut None);
            let warm = parry::gjk_distance(&octagon, &pose_a, &octagon, &pose_b, direction);
            assert!(
                (cold - query).abs() <= parry_bound(query),
                "cold {cold} vs {query}"
            );
            assert!(
                (warm - query).abs() <= parry_bound(query),
                "warm {warm} vs {query}"
            );
        }
    }
    assert!(directions.iter().any(Option::is_some));
}

/// The cast queries of `PAIRS` octagon pairs placed with `seed`, and the octagon in
/// each library.
struct Casts {
    placements: Vec<gjk_benches::PairPlacement>,
    motions: Vec<gjk_benches::CastMotion>,
    queries: Vec<gjk_benches::GjkCastQuery<f32>>,
    gjk_octagon: Polygon<f32, 8>,
    parry_octagon: parry2d::shape::ConvexPolygon,
    box2d_octagon: box2d::Box2dPolygon,
}

fn casts(seed: u64) -> Casts {
    let placements = octagon_pairs(PAIRS, seed).frames[0].clone();
    Casts {
        motions: cast_motions(&placements),
        queries: gjk_cast_queries::<f32>(&placements),
        placements,
        gjk_octagon: Polygon::<f32, 8>::regular(8, 1.0).unwrap(),
        parry_octagon: parry::polygon(&octagon()).unwrap(),
        box2d_octagon: box2d::Box2dPolygon::new(&octagon()).unwrap(),
    }
}

#[test]
fn rays_hit_and_miss_with_gjk() {
    let Casts {
        placements,
        motions,
        queries,
        gjk_octagon,
        parry_octagon,
        box2d_octagon,
    } = casts(8);
    for ((query, motion), pair) in queries.iter().zip(&motions).zip(&placements) {
        let expected = ray_cast(&gjk_octagon, query.xf_a, query.ray);
        let parry = parry::ray_cast(
            &parry_octagon,
            &parry::pose(&pair.a),
            motion.origin,
            motion.translation,
        );
        let box2d = box2d::ray_cast(
            &box2d_octagon,
            box2d::transform(&pair.a),
            motion.origin,
            motion.translation,
        );
        for (library, fraction) in [("parry2d", parry), ("Box2D", box2d)] {
            assert_eq!(
                fraction.is_some(),
                expected.status == CastStatus::Hit,
                "{library}: {expected:?}"
            );
            if let Some(fraction) = fraction {
                assert!(
                    (fraction - expected.fraction).abs() < 1e-4,
                    "{library} {fraction} vs {expected:?}"
                );
            }
        }
    }
}

#[test]
fn sweeps_hit_and_miss_with_gjk() {
    let Casts {
        placements,
        motions,
        queries,
        gjk_octagon,
        parry_octagon,
        box2d_octagon,
    } = casts(9);
    for ((query, motion), pair) in queries.iter().zip(&motions).zip(&placements) {
        let expected = shape_cast(
            &gjk_octagon,
            query.xf_a,
            &gjk_octagon,
            query.xf_b,
            query.motion,
        );
        // Pairs that start overlapping: each library has its own convention (parry2d
        // none, Box2D a hit at zero, gjk StartsInside); nothing to compare.
        if expected.status == CastStatus::StartsInside {
            continue;
        }
        let start = Placement {
            position: motion.origin,
            angle: pair.b.angle,
        };
        let parry = parry::shape_cast(
            &parry_octagon,
            &parry::pose(&pair.a),
            &parry_octagon,
            &parry::pose(&start),
            motion.translation,
        );
        let box2d = box2d::shape_cast(
            &box2d_octagon,
            box2d::transform(&pair.a),
            &box2d_octagon,
            box2d::transform(&start),
            motion.translation,
        );
        // Box2D stops a linear slop short of contact on purpose, within a quarter slop:
        // 5 to 6.25 mm along the contact normal, that many units of approach earlier.
        let translation =
            gjk_core::Vec2::new(motion.translation[0] as f32, motion.translation[1] as f32);
        let approach = translation.dot(expected.normal).abs().max(f32::EPSILON);
        let slop = 0.00625 / approach;
        for (library, fraction, early) in [("parry2d", parry, 0.0), ("Box2D", box2d, slop)] {
            assert_eq!(
                fraction.is_some(),
                expected.status == CastStatus::Hit,
                "{library}: {expected:?}"
            );
            if let Some(fraction) = fraction {
                let error = expected.fraction - fraction;
                assert!(
                    error >= -1e-4 && error <= early + 1e-4,
                    "{library} {fraction} vs {expected:?}"
                );
            }
        }
    }
}

#[test]
fn box2d_polygon_manifolds_match_collide_polygons() {
    let octagon_data = octagon();
    let gaps = gjk_benches::GapParameters {
        max_gap: 0.02,
        overlapping_fraction: 0.5,
        max_depth_ratio: 0.05,
    };
    let workload = gjk_benches::place_pairs(
        (0..PAIRS).map(|_| (octagon_data.clone(), octagon_data.clone())),
        &gaps,
        10,
    );
    let gjk = GjkWorkload::<f32, Polygon<f32, 8>>::new(&workload).unwrap();
    let box2d_octagon = box2d::Box2dPolygon::new(&octagon_data).unwrap();
    for (((a, b), &(xf_a, xf_b)), pair) in gjk
        .shapes
        .iter()
        .zip(&gjk.frames[0])
        .zip(&workload.frames[0])
    {
        let expected = collide_polygons(a, xf_a, b, xf_b, 0.02).unwrap();
        let (count, deepest) = box2d::manifold(
            &box2d_octagon,
            box2d::transform(&pair.a),
            &box2d_octagon,
            box2d::transform(&pair.b),
        );
        // Points exist for the same pairs; their number can differ where the second
        // point's separation is near the speculative distance, which the two paths
        // measure along slightly different reference faces.
        assert_eq!(count > 0, !expected.is_empty(), "{expected:?}");
        let ours = expected
            .points()
            .iter()
            .map(|point| point.separation)
            .fold(f32::INFINITY, f32::min);
        if count > 0 {
            // Measured along reference faces that can differ by the flip biases
            // (Box2D's 0.5 mm, gjk's thousandth of the size), as in the oracle tests.
            assert!((deepest - ours).abs() < 2e-3, "Box2D {deepest} vs {ours}");
        }
    }
}
