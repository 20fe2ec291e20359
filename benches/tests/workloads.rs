//! The standard workloads are deterministic and valid: every shape converts, the gaps
//! cover the intended range, about the intended share of pairs overlaps, the motion
//! steps are small, and GJK's mean iteration counts are plausible.

use gjk_benches::standard::{
    BATCH_SIZE, standard_capsule_polygon_pairs, standard_coherent_motion, standard_ellipse_pairs,
    standard_mixed_polygon_pairs, standard_octagon_pairs,
};
use gjk_benches::{
    CAPSULE_HALF_LENGTH_RANGE, GapParameters, GjkWorkload, MIXED_RADIUS_RANGE, MotionParameters,
    OCTAGON_RADIUS, PairPlacement, ShapeData, Start, ToGjkShape, Workload, capsule_polygon_pairs,
    coherent_motion, ellipse_pairs, mean_iterations, octagon_pairs,
};
use gjk_core::{DistanceStatus, Scalar, distance};

/// Slack for comparing an f64 GJK distance with a bound computed from the plain data.
const DISTANCE_SLACK: f64 = 1e-9;

#[test]
fn same_seed_gives_the_same_workload() {
    assert_eq!(octagon_pairs(64, 5), octagon_pairs(64, 5));
    assert_ne!(octagon_pairs(64, 5), octagon_pairs(64, 6));
    assert_eq!(ellipse_pairs(64, 5), ellipse_pairs(64, 5));
    assert_eq!(capsule_polygon_pairs(64, 5), capsule_polygon_pairs(64, 5));
    assert_ne!(capsule_polygon_pairs(64, 5), capsule_polygon_pairs(64, 6));
    assert_ne!(ellipse_pairs(64, 5), ellipse_pairs(64, 6));
    let moving = |seed| coherent_motion(&octagon_pairs(64, 5), &MotionParameters::STANDARD, seed);
    assert_eq!(moving(9), moving(9));
    assert_ne!(moving(9), moving(10));
}

#[test]
fn standard_workloads_convert_in_both_precisions() {
    fn check<D: ToGjkShape<f32> + ToGjkShape<f64> + Clone>(workload: &Workload<D>) {
        for candidate in [workload.clone(), standard_coherent_motion(workload)] {
            let single = GjkWorkload::<f32, _>::new(&candidate).expect("f32 shapes are valid");
            let double = GjkWorkload::<f64, _>::new(&candidate).expect("f64 shapes are valid");
            assert_eq!(single.len(), BATCH_SIZE);
            assert_eq!(double.frames.len(), candidate.frames.len());
            let transforms = double.frames.iter().flatten();
            assert!(
                transforms
                    .clone()
                    .all(|(a, b)| a.is_valid() && b.is_valid())
            );
            let transforms = single.frames.iter().flatten();
            assert!(
                transforms
                    .clone()
                    .all(|(a, b)| a.is_valid() && b.is_valid())
            );
        }
    }
    check(&standard_octagon_pairs());
    check(&standard_ellipse_pairs());
    check(&standard_mixed_polygon_pairs());
}

/// The f64 GJK gap of every pair of the workload's first frame.
fn measured_gaps<A: ToGjkShape<f64>, B: ToGjkShape<f64>>(
    workload: &Workload<A, B>,
) -> Vec<(f64, DistanceStatus)> {
    let converted = GjkWorkload::<f64, _, _>::new(workload).expect("shapes are valid");
    converted
        .shapes
        .iter()
        .zip(&converted.frames[0])
        .map(|((a, b), &(xf_a, xf_b))| {
            let output = distance(a, xf_a, b, xf_b);
            (output.distance, output.status)
        })
        .collect()
}

/// Each separated pair's true gap lies between its centre-line gap (a separating axis)
/// and the gap between the two inscribed discs; the gaps span the intended range.
fn check_gap_range<A, B>(workload: &Workload<A, B>, largest_gap: f64)
where
    A: ToGjkShape<f64> + ShapeData,
    B: ToGjkShape<f64> + ShapeData,
{
    let gaps = measured_gaps(workload);
    let mut separated = Vec::new();
    for ((pair, placement), &(gap, status)) in
        workload.pairs.iter().zip(&workload.frames[0]).zip(&gaps)
    {
        assert_ne!(status, DistanceStatus::MaxIterations);
        assert_ne!(status, DistanceStatus::InvalidInput);
        if pair.centre_line_gap > 0.0 {
            assert_eq!(status, DistanceStatus::Separated);
            assert!(gap >= pair.centre_line_gap - DISTANCE_SLACK);
            let disc_gap = disc_gap(pair.a.inradius(), pair.b.inradius(), placement);
            assert!(gap <= disc_gap + DISTANCE_SLACK);
            separated.push(gap);
        }
    }
    let smallest = separated.iter().copied().fold(f64::INFINITY, f64::min);
    let largest = separated.iter().copied().fold(0.0, f64::max);
    let max_gap = GapParameters::STANDARD.max_gap;
    assert!(
        smallest < 0.05 * max_gap,
        "smallest separated gap {smallest}"
    );
    assert!(largest > 0.95 * max_gap, "largest separated gap {largest}");
    assert!(largest <= largest_gap, "largest separated gap {largest}");
}

/// The gap between the discs of radii `radius_a` and `radius_b` around the origins.
fn disc_gap(radius_a: f64, radius_b: f64, placement: &PairPlacement) -> f64 {
    placement.centre_distance() - radius_a - radius_b
}

#[test]
fn octagon_gaps_span_zero_to_three() {
    let octagons = standard_octagon_pairs();
    let inradius = OCTAGON_RADIUS * (core::f64::consts::PI / 8.0).cos();
    // A centre-line gap below 3 leaves at most 3 plus the two circumradius-inradius slacks.
    let largest = GapParameters::STANDARD.max_gap + 2.0 * (OCTAGON_RADIUS - inradius);
    check_gap_range(&octagons, largest);
}

#[test]
fn ellipse_gaps_span_zero_to_three() {
    let ellipses = standard_ellipse_pairs();
    // Elongated ellipses can reach further apart than along the centre line, by at
    // most the semi-axis spread of each: 2 * (2.0 - 0.2).
    check_gap_range(&ellipses, GapParameters::STANDARD.max_gap + 3.6);
}

#[test]
fn capsule_polygon_gaps_span_zero_to_three() {
    let pairs = standard_capsule_polygon_pairs();
    // Beyond the centre-line gap, each shape can reach further apart than along the
    // centre line by at most its largest extent less its inradius: the capsule by its
    // half-length (at most 1), the polygon by its circumradius (at most 1.5).
    let largest =
        GapParameters::STANDARD.max_gap + CAPSULE_HALF_LENGTH_RANGE.1 + MIXED_RADIUS_RANGE.1;
    check_gap_range(&pairs, largest);
}

/// The share of pairs GJK finds overlapping, and the share of the pairs placed
/// overlapping that it finds so.
fn overlap_shares<A: ToGjkShape<f64>, B: ToGjkShape<f64>>(workload: &Workload<A, B>) -> (f64, f64) {
    let overlapping: Vec<bool> = measured_gaps(workload)
        .iter()
        .map(|&(_, status)| status == DistanceStatus::Overlapping)
        .collect();
    let share =
        overlapping.iter().filter(|&&overlaps| overlaps).count() as f64 / overlapping.len() as f64;
    let placed: Vec<bool> = workload
        .pairs
        .iter()
        .zip(&overlapping)
        .filter(|(pair, _)| pair.centre_line_gap < 0.0)
        .map(|(_, &overlaps)| overlaps)
        .collect();
    let placed_share =
        placed.iter().filter(|&&overlaps| overlaps).count() as f64 / placed.len() as f64;
    (share, placed_share)
}

#[test]
fn about_one_pair_in_ten_overlaps() {
    let intended = GapParameters::STANDARD.overlapping_fraction;
    for (share, placed_share) in [
        overlap_shares(&standard_octagon_pairs()),
        overlap_shares(&standard_ellipse_pairs()),
        overlap_shares(&standard_capsule_polygon_pairs()),
    ] {
        assert!((share - intended).abs() < 0.03, "overlapping share {share}");
        assert_eq!(placed_share, 1.0, "share of placed overlaps that overlap");
    }
}

#[test]
fn motion_steps_are_small_and_wrap_around() {
    let motion = MotionParameters::STANDARD;
    let moving = standard_coherent_motion(&standard_octagon_pairs());
    assert_eq!(moving.frames.len(), motion.frame_count);
    let count = moving.frames.len();
    for (index, frame) in moving.frames.iter().enumerate() {
        let next = &moving.frames[(index + 1) % count];
        for (now, then) in frame.iter().zip(next) {
            for (shape_now, shape_then) in [(now.a, then.a), (now.b, then.b)] {
                let dx = shape_then.position[0] - shape_now.position[0];
                let dy = shape_then.position[1] - shape_now.position[1];
                assert!(dx.hypot(dy) <= motion.max_speed * (1.0 + 1e-12));
                assert!(
                    (shape_then.angle - shape_now.angle).abs() <= motion.max_spin * (1.0 + 1e-12)
                );
            }
        }
    }
}

/// Cold means are at least one iteration and well below the cap; warm starts on the
/// coherent motion take fewer iterations than cold starts on the same frames.
fn check_iteration_means<S: Scalar, D: ToGjkShape<S> + Clone>(workload: &Workload<D>) {
    let plausible = 1.0..f64::from(S::GJK_MAX_ITERATIONS) / 2.0;
    let still = GjkWorkload::<S, _>::new(workload).expect("shapes are valid");
    let moving =
        GjkWorkload::<S, _>::new(&standard_coherent_motion(workload)).expect("shapes are valid");
    let cold_still = mean_iterations(&still, Start::Cold);
    let cold = mean_iterations(&moving, Start::Cold);
    let warm = mean_iterations(&moving, Start::Warm);
    assert!(plausible.contains(&cold_still), "cold mean {cold_still}");
    assert!(plausible.contains(&cold), "cold mean {cold}");
    assert!(warm < cold, "warm mean {warm} not below cold mean {cold}");
}

#[test]
fn octagon_warm_starts_take_fewer_iterations() {
    check_iteration_means::<f32, _>(&standard_octagon_pairs());
    check_iteration_means::<f64, _>(&standard_octagon_pairs());
}

#[test]
fn ellipse_warm_starts_take_fewer_iterations() {
    check_iteration_means::<f32, _>(&standard_ellipse_pairs());
    check_iteration_means::<f64, _>(&standard_ellipse_pairs());
}

#[test]
fn mixed_polygons_have_3_to_8_vertices_and_half_overlap() {
    let mixed = standard_mixed_polygon_pairs();
    let sizes: Vec<usize> = mixed
        .pairs
        .iter()
        .flat_map(|pair| [pair.a.vertices.len(), pair.b.vertices.len()])
        .collect();
    for sides in 3..=8 {
        assert!(sizes.contains(&sides), "no polygon of {sides} vertices");
    }
    assert!(sizes.iter().all(|sides| (3..=8).contains(sides)));
    let (share, placed_share) = overlap_shares(&mixed);
    assert!(
        (share - gjk_benches::MIXED_GAPS.overlapping_fraction).abs() < 0.05,
        "overlapping share {share}"
    );
    assert_eq!(placed_share, 1.0, "share of placed overlaps that overlap");
}
