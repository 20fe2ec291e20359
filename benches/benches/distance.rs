//! `distance` (cold) and `distance_cached` (warm-started) per query on the standard
//! octagon and ellipse workloads, in `f32` and `f64`.
//!
//! Each criterion iteration runs a whole batch of pairs and the throughput is the batch
//! size (`gjk_benches::standard::BATCH_SIZE`), so criterion's time divided by the batch
//! size is the time per query. Per
//! workload and precision:
//! - `cold`: `distance` on the static pairs;
//! - `warm_coherent`: `distance_cached` on the moving pairs, every iteration one frame
//!   further, one cache per pair;
//! - `cold_coherent`: `distance` on the same frames, so `warm_coherent / cold_coherent`
//!   is the warm-start speed-up on identical queries.

use core::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gjk_benches::standard::{
    standard_coherent_motion, standard_ellipse_pairs, standard_octagon_pairs,
};
use gjk_benches::{GjkWorkload, PairTransforms, ToGjkShape, Workload};
use gjk_core::{Scalar, SimplexCache, Support, distance, distance_cached};

/// `distance` on every pair of one frame.
fn cold_batch<S: Scalar, T: Support<S>>(shapes: &[(T, T)], frame: &[PairTransforms<S>]) {
    for ((a, b), &(xf_a, xf_b)) in shapes.iter().zip(frame) {
        let _ = black_box(distance(a, xf_a, b, xf_b));
    }
}

/// `distance_cached` on every pair of one frame, each with its own cache.
fn warm_batch<S: Scalar, T: Support<S>>(
    shapes: &[(T, T)],
    frame: &[PairTransforms<S>],
    caches: &mut [SimplexCache<S>],
) {
    for (((a, b), &(xf_a, xf_b)), cache) in shapes.iter().zip(frame).zip(caches) {
        let _ = black_box(distance_cached(a, xf_a, b, xf_b, cache));
    }
}

/// The index of the frame after `frame` in a cycle of `count` frames.
fn next_frame(frame: usize, count: usize) -> usize {
    (frame + 1) % count
}

/// The group `name` with the three benchmarks of one workload in precision `S`.
fn bench_workload<S, D>(criterion: &mut Criterion, name: &str, workload: &Workload<D>)
where
    S: Scalar,
    D: ToGjkShape<S> + Clone,
{
    let still = GjkWorkload::<S, D::Shape>::new(workload).expect("workload shapes are valid");
    let moving = GjkWorkload::<S, D::Shape>::new(&standard_coherent_motion(workload))
        .expect("workload shapes are valid");
    let frame_count = moving.frames.len();

    let mut group = criterion.benchmark_group(name);
    group.throughput(Throughput::Elements(still.len() as u64));
    group.bench_function("cold", |bencher| {
        bencher.iter(|| cold_batch(&still.shapes, &still.frames[0]));
    });

    group.bench_function("warm_coherent", |bencher| {
        let mut caches = vec![SimplexCache::new(); moving.len()];
        for frame in &moving.frames {
            warm_batch(&moving.shapes, frame, &mut caches);
        }
        let mut frame = frame_count - 1;
        bencher.iter(|| {
            frame = next_frame(frame, frame_count);
            warm_batch(&moving.shapes, &moving.frames[frame], &mut caches);
        });
    });

    group.bench_function("cold_coherent", |bencher| {
        let mut frame = 0;
        bencher.iter(|| {
            frame = next_frame(frame, frame_count);
            cold_batch(&moving.shapes, &moving.frames[frame]);
        });
    });
    group.finish();
}

/// One group per workload and precision, named `<shape>_<precision>`.
fn distance_benchmarks(criterion: &mut Criterion) {
    let octagons = standard_octagon_pairs();
    let ellipses = standard_ellipse_pairs();
    bench_workload::<f32, _>(criterion, "octagon_f32", &octagons);
    bench_workload::<f64, _>(criterion, "octagon_f64", &octagons);
    bench_workload::<f32, _>(criterion, "ellipse_f32", &ellipses);
    bench_workload::<f64, _>(criterion, "ellipse_f64", &ellipses);
}

criterion_group!(benches, distance_benchmarks);
criterion_main!(benches);
