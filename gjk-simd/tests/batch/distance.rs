//! Every lane of the batch queries equals the scalar query on the same pair:
//! `distance_batch` equals `gjk_core::distance` bit for bit (status, distance, witness
//! points, normal and iteration count), and `intersects_batch` answers what
//! `gjk_core::intersects` answers (overlap, or the same error).
//!
//! Random pairs of every lane shape kind (polygons of 3 to 8 vertices, rounded
//! polygons, circles, capsules, segments, points), mixed within batches, at scales from
//! 1e-3 to 1e3 and up to 1e4 from the origin, overlapping, touching and apart, with
//! batch lengths that are not multiples of the lane count and with invalid placements
//! among valid ones. The debug run checks a few thousand pairs; the `--ignored` run
//! (`cargo test --release -p gjk-simd -- --ignored`, a CI step) checks 100,000 pairs of
//! each kind.

use gjk_core::{
    Bounded, DistanceOutput, QueryError, Rot, Scalar, Transform, Vec2, distance, intersects,
};
use gjk_shapes::{Circle, Point, Polygon};
use gjk_simd::{
    BLOCK, LaneScalar, PackError, PairBlock, Simd, SimdPath, distance_batch, distance_batch_on,
    intersects_batch, intersects_batch_on,
};
use proptest::prelude::*;

use crate::common::{batches_per_kind, output_bits, per_kind};
use crate::lane_shapes::{EACH_KIND, Kinds, Shape, shape, transform_to_f64};
use proptest::test_runner::{Config, RngSeed, TestRunner};

/// A placement near a random centre up to 1e4 from the origin; one in forty is
/// invalid (a NaN translation or a rotation that is not unit).
fn placement() -> impl Strategy<Value = (Transform<f32>, Transform<f32>)> {
    let centre = prop_oneof![Just(0.0_f32), 1.0_f32..10.0, 1e3_f32..1e4];
    (
        centre,
        -3.0_f32..3.0,
        -3.0_f32..3.0,
        0.0_f32..7.0,
        0.0_f32..7.0,
        0_u8..40,
    )
        .prop_map(|(centre, dx, dy, angle_a, angle_b, invalid)| {
            let a = Transform::from_position_angle(Vec2::new(centre, -centre), angle_a);
            let mut b =
                Transform::from_position_angle(Vec2::new(centre + dx, -centre + dy), angle_b);
            match invalid {
                0 => b.translation.x = f32::NAN,
                1 => b.rotation = Rot { cos: 1.0, sin: 0.5 },
                _ => {}
            }
            (a, b)
        })
}

/// A pair and its placement.
type Case<S> = (Shape<S>, Shape<S>, Transform<S>, Transform<S>);

/// A pair and its placement, the placement scaled to the shapes' size.
fn case(kinds: Kinds) -> impl Strategy<Value = Case<f32>> {
    (shape(kinds), shape(kinds), placement()).prop_map(|(a, b, (xf_a, mut xf_b))| {
        let size = a.aabb(Transform::IDENTITY).half_extents().length()
            + b.aabb(Transform::IDENTITY).half_extents().length();
        let offset = xf_b.translation - xf_a.translation;
        xf_b.translation = xf_a.translation + offset * (size / 3.0);
        (a, b, xf_a, xf_b)
    })
}

/// The same pair and placement in `f64`, where the `f64` constructors take the shapes.
fn case_f64(kinds: Kinds) -> impl Strategy<Value = Case<f64>> {
    case(kinds).prop_filter_map("f64 shapes", |(a, b, xf_a, xf_b)| {
        Some((
            a.to_f64()?,
            b.to_f64()?,
            transform_to_f64(xf_a),
            transform_to_f64(xf_b),
        ))
    })
}

/// Every output equals the scalar query's on its pair (distance bit for bit).
fn compare<S: LaneScalar>(
    pairs: &[Case<S>],
    out: &[DistanceOutput<S>],
    overlaps: &[Result<bool, QueryError>],
    path: SimdPath,
    form: &str,
) -> Result<(), TestCaseError> {
    for (index, (a, b, xf_a, xf_b)) in pairs.iter().enumerate() {
        let scalar = distance(a, *xf_a, b, *xf_b);
        prop_assert!(
            same_bits(&out[index], &scalar),
            "{path} {form}, pair {index}: {a:?} at {xf_a:?}, {b:?} at {xf_b:?}\nbatch  {:?}\nscalar {scalar:?}",
            out[index]
        );
        let scalar_overlap = intersects(a, *xf_a, b, *xf_b);
        prop_assert_eq!(
            overlaps[index],
            scalar_overlap,
            "{} {}, intersects, pair {}: {:?} at {:?}, {:?} at {:?}",
            path,
            form,
            index,
            a,
            xf_a,
            b,
            xf_b
        );
    }
    Ok(())
}

/// Bitwise equality, NaN included.
fn same_bits<S: Scalar>(batch: &DistanceOutput<S>, scalar: &DistanceOutput<S>) -> bool {
    output_bits(batch) == output_bits(scalar)
}

fn check(kinds: Kinds, batches: u32, lengths: core::ops::RangeInclusive<usize>) -> usize {
    check_cases(case(kinds), batches, lengths)
}

fn check_f64(kinds: Kinds, batches: u32, lengths: core::ops::RangeInclusive<usize>) -> usize {
    check_cases(case_f64(kinds), batches, lengths)
}

fn check_cases<S: LaneScalar>(
    case: impl Strategy<Value = Case<S>>,
    batches: u32,
    lengths: core::ops::RangeInclusive<usize>,
) -> usize {
    let config = Config {
        cases: batches,
        rng_seed: RngSeed::Fixed(0x5EED_51AD),
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = TestRunner::new(config);
    let strategy = prop::collection::vec(case, lengths);
    let checked = core::cell::Cell::new(0);
    runner
        .run(&strategy, |pairs| {
            let a: Vec<Shape<S>> = pairs.iter().map(|pair| pair.0).collect();
            let b: Vec<Shape<S>> = pairs.iter().map(|pair| pair.1).collect();
            let xf_a: Vec<Transform<S>> = pairs.iter().map(|pair| pair.2).collect();
            let xf_b: Vec<Transform<S>> = pairs.iter().map(|pair| pair.3).collect();
            let fail = |error: PackError| TestCaseError::fail(error.to_string());
            let shape_pairs: Vec<(Shape<S>, Shape<S>)> =
                pairs.iter().map(|pair| (pair.0, pair.1)).collect();
            let blocks = shape_pairs
                .chunks(BLOCK)
                .map(PairBlock::new)
                .collect::<Result<Vec<_>, _>>()
                .map_err(fail)?;
            for simd in Simd::available() {
                let path = simd.path();
                let mut out = vec![distance(&a[0], xf_a[0], &b[0], xf_b[0]); pairs.len()];
                let mut overlaps = vec![Err(QueryError::InvalidInput); pairs.len()];
                // The slice forms; on the scalar path they call the scalar queries.
                if path != SimdPath::Scalar {
                    distance_batch_on(simd, &a, &xf_a, &b, &xf_b, &mut out).map_err(fail)?;
                    intersects_batch_on(simd, &a, &xf_a, &b, &xf_b, &mut overlaps).map_err(fail)?;
                    compare(&pairs, &out, &overlaps, path, "slices")?;
                }
                // Prepacked blocks, whose scalar path queries the packed shapes.
                let chunks = xf_a
                    .chunks(BLOCK)
                    .zip(xf_b.chunks(BLOCK))
                    .zip(out.chunks_mut(BLOCK).zip(overlaps.chunks_mut(BLOCK)));
                for (block, ((xf_a, xf_b), (out, overlaps))) in blocks.iter().zip(chunks) {
                    block.distance_on(simd, xf_a, xf_b, out).map_err(fail)?;
                    block
                        .intersects_on(simd, xf_a, xf_b, overlaps)
                        .map_err(fail)?;
                }
                compare(&pairs, &out, &overlaps, path, "blocks")?;
            }
            checked.set(checked.get() + pairs.len());
            Ok(())
        })
        .unwrap();
    checked.get()
}

#[test]
fn batch_equals_scalar_on_mixed_kinds() {
    assert!(check(Kinds::All, 400, 1..=21) > 4000);
}

/// `check` on 100,000 pairs of each kind (see `per_kind`) on every path, in
/// `batches` batches of a full block and a partial one (`lengths`) for that many.
fn each_kind(
    check: fn(Kinds, u32, core::ops::RangeInclusive<usize>) -> usize,
    batches: u32,
    lengths: core::ops::RangeInclusive<usize>,
) {
    let (batches, at_least) = (batches_per_kind(batches), per_kind());
    for kinds in EACH_KIND {
        assert!(
            check(kinds, batches, lengths.clone()) >= at_least,
            "{kinds:?}"
        );
    }
}

#[test]
#[ignore = "100,000 pairs per kind: run in release (a CI step does)"]
fn batch_equals_scalar_on_100k_pairs_per_kind() {
    each_kind(check, 4000, 24..=26);
}

#[test]
fn f64_batch_equals_scalar_on_mixed_kinds() {
    assert!(check_f64(Kinds::All, 400, 1..=13) > 2000);
}

#[test]
#[ignore = "100,000 pairs per kind: run in release (a CI step does)"]
fn f64_batch_equals_scalar_on_100k_pairs_per_kind() {
    each_kind(check_f64, 7700, 12..=14);
}

/// The overlap test's early exit decides pairs apart before GJK converges; the lanes
/// must take it at the same iteration, and the batch must have answered every kind of
/// outcome for the comparison above to mean something.
#[test]
fn batch_overlap_test_meets_every_outcome() {
    let circle = Circle::new(Vec2::ZERO, 1.0_f32).unwrap();
    let octagon = Polygon::<f32, 8>::regular(8, 1.0).unwrap();
    let at = |x: f32| Transform::from_translation(Vec2::new(x, 0.3));
    let xf_b = [at(0.5), at(1.9), at(2.5), at(40.0), at(f32::NAN)];
    let mut out = [Ok(false); 5];
    intersects_batch(
        &[octagon; 5],
        &[Transform::IDENTITY; 5],
        &[circle; 5],
        &xf_b,
        &mut out,
    )
    .unwrap();
    for (index, xf) in xf_b.iter().enumerate() {
        assert_eq!(
            out[index],
            intersects(&octagon, Transform::IDENTITY, &circle, *xf)
        );
    }
    assert_eq!(out[0], Ok(true));
    assert_eq!(out[1], Ok(true));
    assert_eq!(out[3], Ok(false));
    assert_eq!(out[4], Err(QueryError::InvalidInput));
}

#[test]
fn mismatched_lengths_are_an_error() {
    let circle = Circle::new(Vec2::ZERO, 1.0_f32).unwrap();
    let mut out = [distance(&circle, Transform::IDENTITY, &circle, Transform::IDENTITY); 2];
    let result = distance_batch(
        &[circle; 3],
        &[Transform::IDENTITY; 3],
        &[circle; 3],
        &[Transform::IDENTITY; 3],
        &mut out,
    );
    assert_eq!(result, Err(PackError::LengthMismatch));
}

/// The stall rule on long, thin edges (which gjk-shapes' distance regression tests pin
/// in the scalar kernel, on this sliver) runs in the lanes as in the scalar kernel.
#[test]
fn point_beside_a_long_sliver_matches_scalar() {
    let points = [
        Vec2::new(-67000.0_f32, -0.125),
        Vec2::new(1e-30, 8.875),
        Vec2::new(-0.125, 0.875),
        Vec2::new(1e-30, 1e-30),
    ];
    let sliver = Polygon::<f32, 8>::hull(&points).unwrap();
    let probe = Point::new(Vec2::new(-5.375, -0.198_943_66)).unwrap();
    let xf = Transform::from_translation(Vec2::new(-5.375, -0.125));
    let scalar = distance(&probe, Transform::IDENTITY, &sliver, xf);
    let mut batch = [scalar];
    distance_batch(
        &[probe],
        &[Transform::IDENTITY],
        &[sliver],
        &[xf],
        &mut batch,
    )
    .unwrap();
    assert!(
        same_bits(&batch[0], &scalar),
        "{:?} vs {scalar:?}",
        batch[0]
    );
    assert!((scalar.distance - 0.073_943_66).abs() < 1e-6);
}
