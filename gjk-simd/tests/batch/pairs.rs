//! The scene queries over index pairs (`distance_pairs`, `separation_pairs`,
//! `intersects_pairs`) and the persistent `PairSet` answer, pair by pair, what the
//! scalar queries answer, bit for bit, on every lane path this processor has: on
//! random scenes of mixed shapes, and for the pair set over coherent frames in which
//! pairs come and go and move between iteration classes.

use gjk_core::{
    Bounded, DistanceOutput, QueryError, Scalar, SimplexCache, Transform, Vec2, distance,
    distance_cached, intersects,
};
use gjk_shapes::Circle;
use gjk_simd::{
    LaneScalar, PackError, PairId, PairSet, Separation, Simd, distance_pairs_on,
    intersects_pairs_on, separation_pairs_on,
};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestRunner};

use crate::common::output_bits;
use crate::lane_shapes::{Kinds, Shape, shape, transform_to_f64};

/// A scene: shapes and the poses of a first frame, near each other so that pairs
/// overlap, touch and are apart; one pose in forty invalid.
fn scene() -> impl Strategy<Value = (Vec<Shape>, Vec<Transform<f32>>)> {
    let body = (
        shape(Kinds::All),
        -4.0_f32..4.0,
        -4.0_f32..4.0,
        0.0_f32..7.0,
        0_u8..40,
    );
    prop::collection::vec(body, 2..40).prop_map(|bodies| {
        bodies
            .into_iter()
            .map(|(shape, x, y, angle, invalid)| {
                let size = shape.aabb(Transform::IDENTITY).half_extents().length();
                let mut pose = Transform::from_position_angle(Vec2::new(x, y) * size, angle);
                if invalid == 0 {
                    pose.translation.y = f32::INFINITY;
                }
                (shape, pose)
            })
            .unzip()
    })
}

/// Pairs of distinct bodies: every `stride`-th pair of the scene, so scenes of any
/// size give a few dozen pairs in an order that is not sorted by index.
fn pairs_of(count: usize, stride: usize) -> Vec<[u32; 2]> {
    let mut pairs = Vec::new();
    for a in 0..count as u32 {
        for b in 0..count as u32 {
            if a != b && (a as usize * 31 + b as usize * 7).is_multiple_of(stride) {
                pairs.push([a, b]);
            }
        }
    }
    pairs
}

fn runner(cases: u32) -> TestRunner {
    TestRunner::new(Config {
        cases,
        rng_seed: RngSeed::Fixed(0x09A1_B5E7),
        failure_persistence: None,
        ..Config::default()
    })
}

/// The scalar answers of `pairs` at `poses`.
fn scalar_answers(
    shapes: &[Shape],
    poses: &[Transform<f32>],
    pairs: &[[u32; 2]],
) -> Vec<(DistanceOutput<f32>, Result<bool, QueryError>)> {
    pairs
        .iter()
        .map(|&[a, b]| {
            let (a, b) = (a as usize, b as usize);
            (
                distance(&shapes[a], poses[a], &shapes[b], poses[b]),
                intersects(&shapes[a], poses[a], &shapes[b], poses[b]),
            )
        })
        .collect()
}

fn separation_bits<S: Scalar>(separation: &Separation<S>) -> [u64; 5] {
    let bits = |value: S| Scalar::to_f64(value).to_bits();
    [
        bits(separation.distance),
        bits(separation.normal.x),
        bits(separation.normal.y),
        u64::from(separation.iterations),
        separation.status as u64,
    ]
}

#[test]
fn index_pair_queries_equal_scalar_on_every_path() {
    let checked = core::cell::Cell::new(0);
    runner(150)
        .run(&(scene(), 3_usize..9), |((shapes, poses), stride)| {
            let pairs = pairs_of(shapes.len(), stride);
            let expected = scalar_answers(&shapes, &poses, &pairs);
            for simd in Simd::available() {
                let mut out = vec![DistanceOutput::default(); pairs.len()];
                let mut light = vec![Separation::default(); pairs.len()];
                let mut overlaps = vec![Err(QueryError::InvalidInput); pairs.len()];
                distance_pairs_on(simd, &shapes, &poses, &pairs, &mut out).unwrap();
                separation_pairs_on(simd, &shapes, &poses, &pairs, &mut light).unwrap();
                intersects_pairs_on(simd, &shapes, &poses, &pairs, &mut overlaps).unwrap();
                for (index, (scalar, overlap)) in expected.iter().enumerate() {
                    let path = simd.path();
                    prop_assert_eq!(
                        output_bits(&out[index]),
                        output_bits(scalar),
                        "{} {}",
                        path,
                        index
                    );
                    prop_assert_eq!(
                        separation_bits(&light[index]),
                        separation_bits(&Separation::from(*scalar)),
                        "{} {}",
                        path,
                        index
                    );
                    prop_assert_eq!(overlaps[index], *overlap, "{} {}", path, index);
                }
            }
            checked.set(checked.get() + pairs.len());
            Ok(())
        })
        .unwrap();
    assert!(checked.get() > 3000, "{}", checked.get());
}

/// Frame `frame` of a coherent motion: every body drifts and turns a little.
fn moved(poses: &[Transform<f32>], frame: usize) -> Vec<Transform<f32>> {
    poses
        .iter()
        .enumerate()
        .map(|(body, pose)| {
            let phase = 0.37 * body as f32 + 0.05 * frame as f32;
            let offset = Vec2::new(phase.cos(), phase.sin()) * (0.02 * frame as f32);
            let mut moved = Transform::from_position_angle(
                pose.translation + offset,
                pose.rotation.angle() + 0.03 * frame as f32,
            );
            // Every seventh frame body 0 is placed at NaN: its pairs are rejected
            // (which empties their warm-start caches) and come back the next frame.
            if body == 0 && frame % 7 == 3 {
                moved.translation.x = f32::NAN;
            }
            moved
        })
        .collect()
}

/// A pair in the set and, for the reference, its scalar warm-start cache.
struct Live<S: Scalar> {
    id: PairId,
    pair: [u32; 2],
    cache: SimplexCache<S>,
}

/// Over twenty coherent frames (the `f32` poses of `moved`, made `S` by `convert`),
/// with a pair removed and another inserted every few frames, every pair in the set
/// gets the scalar answer on every path, with and without grouping: with warm
/// starts, `distance_cached` with a cache of the pair's own (emptied when the pair is
/// inserted again), updated by the distance and the separation queries alike;
/// without, `distance`.
fn check_pair_set<S: LaneScalar>(
    shapes: &[Shape<S>],
    poses: &[Transform<f32>],
    pairs: &[[u32; 2]],
    convert: impl Fn(Transform<f32>) -> Transform<S>,
) -> Result<(), TestCaseError> {
    for simd in Simd::available() {
        for (grouping, warm_start) in [(true, true), (false, true), (true, false)] {
            let mut set = PairSet::<S>::new();
            set.set_grouping(grouping);
            set.set_warm_start(warm_start);
            let insert = |set: &mut PairSet<S>, pair| Live {
                id: set.insert(shapes, pair).unwrap(),
                pair,
                cache: SimplexCache::new(),
            };
            let mut live: Vec<Live<S>> = pairs.iter().map(|&pair| insert(&mut set, pair)).collect();
            for frame in 0..20 {
                if frame % 3 == 1 && !live.is_empty() {
                    let gone = live.swap_remove(frame % live.len());
                    prop_assert!(set.remove(gone.id));
                    live.push(insert(&mut set, gone.pair));
                }
                if frame % 5 == 2 && live.len() > 1 {
                    let gone = live.swap_remove(0);
                    prop_assert!(set.remove(gone.id));
                }
                let poses: Vec<Transform<S>> =
                    moved(poses, frame).into_iter().map(&convert).collect();
                let mut out = vec![DistanceOutput::default(); set.id_bound()];
                let mut light = vec![Separation::default(); set.id_bound()];
                let mut overlaps = vec![Err(QueryError::InvalidInput); set.id_bound()];
                set.distance_on(simd, &poses, &mut out).unwrap();
                set.separation_on(simd, &poses, &mut light).unwrap();
                set.intersects_on(simd, &poses, &mut overlaps).unwrap();
                prop_assert_eq!(set.len(), live.len());
                let path = simd.path();
                for entry in &mut live {
                    let [a, b] = entry.pair.map(|index| index as usize);
                    let (a, xf_a, b, xf_b) = (&shapes[a], poses[a], &shapes[b], poses[b]);
                    let (scalar, separation) = if warm_start {
                        (
                            distance_cached(a, xf_a, b, xf_b, &mut entry.cache),
                            distance_cached(a, xf_a, b, xf_b, &mut entry.cache),
                        )
                    } else {
                        (distance(a, xf_a, b, xf_b), distance(a, xf_a, b, xf_b))
                    };
                    let at = entry.id.index();
                    prop_assert_eq!(
                        output_bits(&out[at]),
                        output_bits(&scalar),
                        "{} frame {} warm {}",
                        path,
                        frame,
                        warm_start
                    );
                    prop_assert_eq!(
                        separation_bits(&light[at]),
                        separation_bits(&Separation::from(separation))
                    );
                    prop_assert_eq!(overlaps[at], intersects(a, xf_a, b, xf_b));
                }
            }
        }
    }
    Ok(())
}

#[test]
fn pair_set_equals_scalar_over_coherent_frames() {
    runner(12)
        .run(&(scene(), 2_usize..5), |((shapes, poses), stride)| {
            check_pair_set(&shapes, &poses, &pairs_of(shapes.len(), stride), |pose| {
                pose
            })
        })
        .unwrap();
}

/// The same in `f64`, where the `f64` constructors take the scene's shapes.
#[test]
fn f64_pair_set_equals_scalar_over_coherent_frames() {
    runner(8)
        .run(&(scene(), 2_usize..5), |((shapes, poses), stride)| {
            let Some(shapes) = shapes
                .iter()
                .map(|shape| shape.to_f64())
                .collect::<Option<Vec<_>>>()
            else {
                return Ok(());
            };
            check_pair_set(
                &shapes,
                &poses,
                &pairs_of(shapes.len(), stride),
                transform_to_f64,
            )
        })
        .unwrap();
}

#[test]
fn index_pair_queries_reject_bad_input_without_writing() {
    let ball = Circle::new(Vec2::ZERO, 1.0_f32).unwrap();
    let shapes = [ball; 3];
    let poses = [Transform::IDENTITY; 3];
    let untouched = DistanceOutput {
        iterations: 7,
        ..DistanceOutput::default()
    };
    for simd in Simd::available() {
        let mut out = [untouched; 2];
        let beyond = distance_pairs_on(simd, &shapes, &poses, &[[0, 1], [2, 3]], &mut out);
        assert_eq!(beyond, Err(PackError::IndexOutOfRange));
        assert_eq!(out[0].iterations, 7, "nothing written before the check");
        let short = distance_pairs_on(simd, &shapes, &poses[..2], &[[0, 1], [1, 2]], &mut out);
        assert_eq!(short, Err(PackError::LengthMismatch));
        let mismatch = distance_pairs_on(simd, &shapes, &poses, &[[0, 1]], &mut out);
        assert_eq!(mismatch, Err(PackError::LengthMismatch));
    }
    let mut set = PairSet::new();
    set.insert(&shapes, [0, 2]).unwrap();
    let mut out = [DistanceOutput::default(); 1];
    assert_eq!(
        set.distance(&poses[..2], &mut out),
        Err(PackError::LengthMismatch)
    );
    assert_eq!(
        set.distance(&poses, &mut []),
        Err(PackError::LengthMismatch)
    );
    assert_eq!(set.insert(&shapes, [3, 0]), Err(PackError::IndexOutOfRange));
}

/// The poses must cover the pairs in the set, not those removed from it: an engine
/// that drops its last bodies (and their pairs) passes a shorter slice of poses.
#[test]
fn pair_set_needs_poses_only_for_the_pairs_it_holds() {
    let ball = Circle::new(Vec2::ZERO, 1.0_f32).unwrap();
    let shapes = [ball; 4];
    let poses = [0.0_f32, 3.0, 6.0, 9.0].map(|x| Transform::from_translation(Vec2::new(x, 0.0)));
    let mut set = PairSet::new();
    let near = set.insert(&shapes, [0, 1]).unwrap();
    let last = set.insert(&shapes, [2, 3]).unwrap();
    let mut out = vec![DistanceOutput::default(); set.id_bound()];
    assert_eq!(
        set.distance(&poses[..3], &mut out),
        Err(PackError::LengthMismatch)
    );
    assert!(set.remove(last));
    set.distance(&poses[..2], &mut out).unwrap();
    assert_eq!(out[near.index()].distance, 1.0);
}

/// Ids of removed pairs are reused, and a removed pair's output slot is left alone.
#[test]
fn pair_set_reuses_ids_and_skips_free_ones() {
    let ball = Circle::new(Vec2::ZERO, 1.0_f32).unwrap();
    let shapes = [ball; 4];
    let poses = [0.0_f32, 3.0, 6.0, 9.0].map(|x| Transform::from_translation(Vec2::new(x, 0.0)));
    let mut set = PairSet::new();
    let ids: Vec<PairId> = [[0, 1], [1, 2], [2, 3]]
        .iter()
        .map(|&pair| set.insert(&shapes, pair).unwrap())
        .collect();
    assert!(set.remove(ids[1]));
    let mut out = [DistanceOutput::default(); 3];
    set.distance(&poses, &mut out).unwrap();
    assert!(
        out[1].distance.is_nan(),
        "a free id's output is not written"
    );
    assert_eq!(out[2].distance, 1.0);
    let reused = set.insert(&shapes, [0, 3]).unwrap();
    assert_eq!(reused, ids[1]);
    set.distance(&poses, &mut out).unwrap();
    assert_eq!(out[1].distance, 7.0);
}
