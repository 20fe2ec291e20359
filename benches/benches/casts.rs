//! Ray casts, shape casts and times of impact per query on the standard octagon and
//! ellipse workloads, in `f32` and `f64`, half of the motions hitting
//! ([`gjk_benches::cast_motions`]).
//!
//! Each criterion iteration runs the whole batch, and the throughput is the batch size,
//! so criterion's time per element is the time per query. Per workload and precision:
//! - `ray_generic`: `gjk_core::support_ray_cast` (the GJK ray cast) from B's origin;
//! - `ray_analytic`: `gjk_core::ray_cast`, which takes the shape's closed form
//!   (gjk-shapes), on the same rays;
//! - `shape_cast`: `shape_cast` of B along the same translation;
//! - `toi_linear`: `time_of_impact` of the same motion as a sweep without rotation;
//! - `toi_rotating`: `time_of_impact` with B also turning by `SWEEP_TURN` radians.

use core::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gjk_benches::standard::{standard_ellipse_pairs, standard_octagon_pairs};
use gjk_benches::{GjkWorkload, ToGjkShape, Workload, gjk_cast_queries};
use gjk_core::{RayShape, Scalar, Sweep, ray_cast, shape_cast, support_ray_cast, time_of_impact};

/// The group `name` with the five benchmarks of one workload in precision `S`.
fn bench_workload<S, D>(criterion: &mut Criterion, name: &str, workload: &Workload<D>)
where
    S: Scalar,
    D: ToGjkShape<S>,
    D::Shape: RayShape<S>,
{
    let gjk = GjkWorkload::<S, D::Shape>::new(workload).expect("workload shapes are valid");
    let queries = gjk_cast_queries::<S>(&workload.frames[0]);
    let pairs = || gjk.shapes.iter().zip(&queries);

    let mut group = criterion.benchmark_group(name);
    group.throughput(Throughput::Elements(gjk.len() as u64));
    group.bench_function("ray_generic", |bencher| {
        bencher.iter(|| {
            for ((a, _), query) in pairs() {
                let _ = black_box(support_ray_cast(a, query.xf_a, query.ray));
            }
        });
    });
    group.bench_function("ray_analytic", |bencher| {
        bencher.iter(|| {
            for ((a, _), query) in pairs() {
                let _ = black_box(ray_cast(a, query.xf_a, query.ray));
            }
        });
    });
    group.bench_function("shape_cast", |bencher| {
        bencher.iter(|| {
            for ((a, b), query) in pairs() {
                let _ = black_box(shape_cast(a, query.xf_a, b, query.xf_b, query.motion));
            }
        });
    });
    group.bench_function("toi_linear", |bencher| {
        bencher.iter(|| {
            for ((a, b), query) in pairs() {
                let sweep_a = Sweep::fixed(query.xf_a);
                let _ = black_box(time_of_impact(a, sweep_a, b, query.sweep_b, S::ONE));
            }
        });
    });
    group.bench_function("toi_rotating", |bencher| {
        bencher.iter(|| {
            for ((a, b), query) in pairs() {
                let sweep_a = Sweep::fixed(query.xf_a);
                let _ = black_box(time_of_impact(a, sweep_a, b, query.turning_sweep_b, S::ONE));
            }
        });
    });
    group.finish();
}

/// One group per workload and precision, named `casts_<shape>_<precision>`.
fn cast_benchmarks(criterion: &mut Criterion) {
    let octagons = standard_octagon_pairs();
    let ellipses = standard_ellipse_pairs();
    bench_workload::<f32, _>(criterion, "casts_octagon_f32", &octagons);
    bench_workload::<f64, _>(criterion, "casts_octagon_f64", &octagons);
    bench_workload::<f32, _>(criterion, "casts_ellipse_f32", &ellipses);
    bench_workload::<f64, _>(criterion, "casts_ellipse_f64", &ellipses);
}

criterion_group!(benches, cast_benchmarks);
criterion_main!(benches);
