//! Batch distance and overlap tests (gjk-simd, eight pairs per `f32x8`) against scalar gjk-core on the
//! standard octagon workload, in `f32`.
//!
//! Each criterion iteration runs all pairs of the batch; the throughput is the pair
//! count, so criterion reports pairs per second. Per group:
//! - `scalar`: `gjk_core::distance` on every pair;
//! - `simd_prepacked`: `PairBlock::distance` on blocks packed once (pack once, query
//!   every frame);
//! - `simd_batch`: `distance_batch` from the shape and transform slices (packing
//!   included);
//! - `simd_batch_parallel`: `distance_batch_parallel`, the same over rayon's pool (all
//!   cores: not a single-core figure);
//! - and the overlap test, `gjk_core::intersects` against `intersects_batch`
//!   (`batch_octagon_intersects_f32`).
//!
//! `wide` chooses its instructions at compile time: run once as is (baseline x86-64:
//! two SSE registers per `f32x8`) and once with `RUSTFLAGS="-C target-cpu=x86-64-v3"`
//! (AVX2: one register), as `cargo xtask bench` would.

use core::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gjk_benches::GjkWorkload;
use gjk_benches::standard::standard_octagon_pairs;
use gjk_core::{DistanceOutput, QueryError, Transform, distance, intersects};
use gjk_simd::{LANES, PairBlock, distance_batch, distance_batch_parallel, intersects_batch};

fn batch_benchmarks(criterion: &mut Criterion) {
    let workload = GjkWorkload::<f32, _>::new(&standard_octagon_pairs()).expect("valid shapes");
    let frame = &workload.frames[0];
    let shapes_a: Vec<_> = workload.shapes.iter().map(|pair| pair.0).collect();
    let shapes_b: Vec<_> = workload.shapes.iter().map(|pair| pair.1).collect();
    let xf_a: Vec<Transform<f32>> = frame.iter().map(|pair| pair.0).collect();
    let xf_b: Vec<Transform<f32>> = frame.iter().map(|pair| pair.1).collect();
    let blocks: Vec<PairBlock> = workload
        .shapes
        .chunks(LANES)
        .map(|pairs| PairBlock::new(pairs).expect("octagons fit a lane"))
        .collect();
    let first = distance(&shapes_a[0], xf_a[0], &shapes_b[0], xf_b[0]);
    let mut out: Vec<DistanceOutput<f32>> = vec![first; workload.len()];

    let mut group = criterion.benchmark_group("batch_octagon_f32");
    group.throughput(Throughput::Elements(workload.len() as u64));
    group.bench_function("scalar", |bencher| {
        bencher.iter(|| {
            for ((a, b), &(xf_a, xf_b)) in workload.shapes.iter().zip(frame) {
                black_box(distance(a, xf_a, b, xf_b));
            }
        });
    });
    group.bench_function("simd_prepacked", |bencher| {
        bencher.iter(|| {
            let placements = frame.chunks(LANES).zip(out.chunks_mut(LANES));
            for (block, (placements, out)) in blocks.iter().zip(placements) {
                block.distance(placements, out).expect("lengths match");
            }
            black_box(&out);
        });
    });
    group.bench_function("simd_batch", |bencher| {
        bencher.iter(|| {
            distance_batch(&shapes_a, &xf_a, &shapes_b, &xf_b, &mut out).expect("lengths match");
            black_box(&out);
        });
    });
    group.bench_function("simd_batch_parallel", |bencher| {
        bencher.iter(|| {
            distance_batch_parallel(&shapes_a, &xf_a, &shapes_b, &xf_b, &mut out)
                .expect("lengths match");
            black_box(&out);
        });
    });
    group.finish();

    let mut overlaps = vec![Err(QueryError::InvalidInput); workload.len()];
    let mut group = criterion.benchmark_group("batch_octagon_intersects_f32");
    group.throughput(Throughput::Elements(workload.len() as u64));
    group.bench_function("scalar", |bencher| {
        bencher.iter(|| {
            for ((a, b), &(xf_a, xf_b)) in workload.shapes.iter().zip(frame) {
                let _ = black_box(intersects(a, xf_a, b, xf_b));
            }
        });
    });
    group.bench_function("simd_batch", |bencher| {
        bencher.iter(|| {
            intersects_batch(&shapes_a, &xf_a, &shapes_b, &xf_b, &mut overlaps)
                .expect("lengths match");
            black_box(&overlaps);
        });
    });
    group.finish();
}

criterion_group!(benches, batch_benchmarks);
criterion_main!(benches);
