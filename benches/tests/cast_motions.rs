//! The cast workloads do what the cast benchmarks claim: every aimed motion hits A and
//! every other one misses it, for the ray, the shape cast and both sweeps, so the
//! benchmarks time hits and misses in equal numbers.

use gjk_benches::standard::{BATCH_SIZE, standard_ellipse_pairs, standard_octagon_pairs};
use gjk_benches::{GjkWorkload, ToGjkShape, Workload, gjk_cast_queries};
use gjk_core::{CastStatus, Sweep, ToiStatus, ray_cast, shape_cast, time_of_impact};

fn check<D: ToGjkShape<f64>>(workload: &Workload<D>) {
    let gjk = GjkWorkload::<f64, D::Shape>::new(workload).expect("shapes are valid");
    let queries = gjk_cast_queries::<f64>(&workload.frames[0]);
    assert_eq!(queries.len(), BATCH_SIZE);
    assert_eq!(
        queries.iter().filter(|query| query.aimed).count(),
        BATCH_SIZE / 2
    );
    for (index, ((a, b), query)) in gjk.shapes.iter().zip(&queries).enumerate() {
        let ray = ray_cast(a, query.xf_a, query.ray).status;
        let cast = shape_cast(a, query.xf_a, b, query.xf_b, query.motion).status;
        let sweep_a = Sweep::fixed(query.xf_a);
        let linear = time_of_impact(a, sweep_a, b, query.sweep_b, 1.0).status;
        let turning = time_of_impact(a, sweep_a, b, query.turning_sweep_b, 1.0).status;
        let outcomes = (ray, cast, linear, turning);
        if query.aimed {
            // The ray starts at B's origin, outside A (the workloads never push an
            // origin into the other shape); B itself may start overlapping A.
            assert_eq!(ray, CastStatus::Hit, "pair {index}: {outcomes:?}");
            assert!(
                matches!(cast, CastStatus::Hit | CastStatus::StartsInside),
                "pair {index}: {outcomes:?}"
            );
            for sweep in [linear, turning] {
                assert!(
                    matches!(sweep, ToiStatus::Hit | ToiStatus::Overlapped),
                    "pair {index}: {outcomes:?}"
                );
            }
        } else {
            assert_eq!(
                outcomes,
                (
                    CastStatus::Miss,
                    CastStatus::Miss,
                    ToiStatus::Separated,
                    ToiStatus::Separated
                ),
                "pair {index}"
            );
        }
    }
}

#[test]
fn octagon_cast_motions_hit_when_aimed_and_miss_otherwise() {
    check(&standard_octagon_pairs());
}

#[test]
fn ellipse_cast_motions_hit_when_aimed_and_miss_otherwise() {
    check(&standard_ellipse_pairs());
}
