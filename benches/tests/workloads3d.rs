//! The standard 3D workloads are deterministic and valid: every shape converts in both
//! precisions, every hull has the origin well inside, the gaps
//! cover the intended range and about one pair in ten overlaps, as `f64` GJK
//! measures them.

use gjk_benches::GapParameters;
use gjk_benches::three::standard::{
    standard_capsule_hull_pairs, standard_cuboid_pairs, standard_ellipsoid_pairs,
    standard_hull_pairs, standard_sphere_hull_pairs,
};
use gjk_benches::three::{
    GjkWorkload3, HULL_POINTS, HULL_SEMI_AXIS_RANGE, HullData, ShapeData3, ToGjkShape3, Workload3,
    capsule_hull_pairs, cuboid_pairs, ellipsoid_pairs, hull_pairs,
};
use gjk_core::{DistanceStatus, distance};

/// Slack for comparing an f64 GJK distance with a bound computed from the plain data.
const DISTANCE_SLACK: f64 = 1e-9;

#[test]
fn same_seed_gives_the_same_workload() {
    assert_eq!(cuboid_pairs(32, 5), cuboid_pairs(32, 5));
    assert_ne!(cuboid_pairs(32, 5), cuboid_pairs(32, 6));
    assert_eq!(hull_pairs(8, 5), hull_pairs(8, 5));
    assert_ne!(hull_pairs(8, 5), hull_pairs(8, 6));
    assert_eq!(capsule_hull_pairs(8, 5), capsule_hull_pairs(8, 5));
    assert_eq!(ellipsoid_pairs(32, 5), ellipsoid_pairs(32, 5));
}

/// A hull has its 32 points, none beyond the largest semi-axis drawn, and the
/// origin well inside: its inradius above half the smallest semi-axis drawn. That
/// every point is a vertex is checked by parry3d keeping them all
/// (`tests/peers3d.rs`).
fn check_hull(hull: &HullData) {
    assert_eq!(hull.points.len(), HULL_POINTS);
    let inradius = hull.inradius();
    assert!(
        inradius > 0.5 * HULL_SEMI_AXIS_RANGE.0,
        "inradius {inradius}"
    );
    assert!(hull.size() <= HULL_SEMI_AXIS_RANGE.1 + 1e-12);
}

#[test]
fn hulls_have_the_origin_well_inside() {
    let hulls = standard_hull_pairs();
    for pair in hulls.pairs.iter().take(64) {
        check_hull(&pair.a);
        check_hull(&pair.b);
    }
    for pair in standard_capsule_hull_pairs().pairs.iter().take(32) {
        check_hull(&pair.b);
    }
}

/// The f64 GJK gap and status of every pair.
fn measured<A, B>(workload: &Workload3<A, B>) -> Vec<(f64, DistanceStatus)>
where
    A: ToGjkShape3<f32> + ToGjkShape3<f64>,
    B: ToGjkShape3<f32> + ToGjkShape3<f64>,
{
    let converted: GjkWorkload3<f64, _, _> =
        GjkWorkload3::new(workload).expect("f64 shapes are valid");
    assert!(
        GjkWorkload3::<f32, <A as ToGjkShape3<f32>>::Shape, <B as ToGjkShape3<f32>>::Shape>::new(
            workload
        )
        .is_ok(),
        "f32 shapes are valid"
    );
    assert!(
        converted
            .transforms
            .iter()
            .all(|(a, b)| a.is_valid() && b.is_valid())
    );
    converted
        .shapes
        .iter()
        .zip(&converted.transforms)
        .map(|((a, b), &(xf_a, xf_b))| {
            let output = distance(a, xf_a, b, xf_b);
            (output.distance, output.status)
        })
        .collect()
}

/// Separated pairs are at least their centre-line gap apart and the gaps span the
/// intended range; the pairs placed overlapping all overlap, about one in ten of all.
fn check_gaps<A, B>(workload: &Workload3<A, B>)
where
    A: ToGjkShape3<f32> + ToGjkShape3<f64> + ShapeData3,
    B: ToGjkShape3<f32> + ToGjkShape3<f64> + ShapeData3,
{
    let gaps = measured(workload);
    let mut separated = Vec::new();
    let mut overlapping = 0;
    for (pair, &(gap, status)) in workload.pairs.iter().zip(&gaps) {
        assert!(
            matches!(
                status,
                DistanceStatus::Separated | DistanceStatus::Overlapping
            ),
            "{status:?}"
        );
        if pair.centre_line_gap > 0.0 {
            assert_eq!(status, DistanceStatus::Separated);
            assert!(gap >= pair.centre_line_gap - DISTANCE_SLACK);
            separated.push(gap);
        } else {
            assert_eq!(status, DistanceStatus::Overlapping);
        }
        overlapping += usize::from(status == DistanceStatus::Overlapping);
    }
    let max_gap = GapParameters::STANDARD.max_gap;
    let smallest = separated.iter().copied().fold(f64::INFINITY, f64::min);
    let largest = separated.iter().copied().fold(0.0, f64::max);
    assert!(smallest < 0.05 * max_gap, "smallest gap {smallest}");
    assert!(largest > 0.95 * max_gap, "largest gap {largest}");
    let share = overlapping as f64 / workload.len() as f64;
    let intended = GapParameters::STANDARD.overlapping_fraction;
    assert!((share - intended).abs() < 0.03, "overlapping share {share}");
}

#[test]
fn cuboid_gaps_span_zero_to_three_and_one_in_ten_overlap() {
    check_gaps(&standard_cuboid_pairs());
}

#[test]
fn hull_gaps_span_zero_to_three_and_one_in_ten_overlap() {
    check_gaps(&standard_hull_pairs());
}

#[test]
fn capsule_hull_gaps_span_zero_to_three_and_one_in_ten_overlap() {
    check_gaps(&standard_capsule_hull_pairs());
}

#[test]
fn sphere_hull_gaps_span_zero_to_three_and_one_in_ten_overlap() {
    check_gaps(&standard_sphere_hull_pairs());
}

#[test]
fn ellipsoid_gaps_span_zero_to_three_and_one_in_ten_overlap() {
    check_gaps(&standard_ellipsoid_pairs());
}
