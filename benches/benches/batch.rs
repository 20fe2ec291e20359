//! Batch queries (gjk-simd, blocks of 16 pairs, one pair per SIMD lane) against scalar
//! gjk-core on the standard workloads.
//!
//! Each criterion iteration runs all queries of the batch; the throughput is the query
//! count, so criterion reports queries per second. Distance, per workload (octagons,
//! mixed polygons of 3 to 8 vertices, ellipses: `batch_<workload>_f32`; octagons in
//! `f64` too, `batch_octagon_f64`):
//! - `scalar`: `gjk_core::distance` on every pair;
//! - `simd_prepacked_<path>`: `PairBlock::distance_on` on blocks packed once (pack
//!   once, query every frame), on each lane path this processor has (`portable`:
//!   `wide` as compiled, SSE2 in a default build; `avx2`, `avx512`: detected at run
//!   time);
//! - `simd_batch_<path>`: `distance_batch_on` from the shape and transform slices
//!   (packing included);
//! - `simd_batch_parallel`: `distance_batch_parallel`, the same over rayon's pool (all
//!   cores: not a single-core figure).
//!
//! On the octagons also the overlap test, `gjk_core::intersects` against
//! `intersects_batch_on` (`batch_octagon_intersects_f32`), and ray casts on the cast
//! workload's rays (half hitting, as in `casts.rs`): `gjk_core::ray_cast` and the
//! analytic `Polygon::ray_cast` against `ShapeBlock::ray_cast_on` on prepacked blocks
//! and `ray_cast_batch_on` (`batch_octagon_rays_f32`).
//!
//! The AVX2 and AVX-512 paths are chosen at run time, so a default build (no
//! RUSTFLAGS) measures every path this processor has.

use core::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gjk_benches::standard::{
    standard_coherent_motion, standard_ellipse_pairs, standard_mixed_polygon_pairs,
    standard_octagon_pairs,
};
use gjk_benches::{GjkWorkload, ToGjkShape, Workload, gjk_cast_queries};
use gjk_core::{
    DistanceOutput, QueryError, Ray, SimplexCache, Transform, distance, distance_cached,
    intersects, ray_cast,
};
use gjk_simd::{
    BLOCK, LaneScalar, LaneShape, PairBlock, PairSet, ShapeBlock, Simd, SimdPath,
    distance_batch_on, distance_batch_parallel, distance_pairs_on, intersects_batch_on,
    ray_cast_batch_on,
};

/// The group `batch_<name>_<scalar>`: batch distance against scalar on `workload`'s
/// first frame.
fn distance_group<S, D>(criterion: &mut Criterion, name: &str, workload: &Workload<D>)
where
    S: LaneScalar,
    D: ToGjkShape<S>,
    D::Shape: LaneShape<S> + Copy + Send + Sync,
{
    let workload = GjkWorkload::<S, D::Shape>::new(workload).expect("valid shapes");
    let frame = &workload.frames[0];
    let shapes_a: Vec<_> = workload.shapes.iter().map(|pair| pair.0).collect();
    let shapes_b: Vec<_> = workload.shapes.iter().map(|pair| pair.1).collect();
    let xf_a: Vec<Transform<S>> = frame.iter().map(|pair| pair.0).collect();
    let xf_b: Vec<Transform<S>> = frame.iter().map(|pair| pair.1).collect();
    let blocks: Vec<PairBlock<S>> = workload
        .shapes
        .chunks(PairBlock::<S>::CAPACITY)
        .map(|pairs| PairBlock::new(pairs).expect("the shapes fit a lane"))
        .collect();
    let first = distance(&shapes_a[0], xf_a[0], &shapes_b[0], xf_b[0]);
    let mut out: Vec<DistanceOutput<S>> = vec![first; workload.len()];

    let mut group = criterion.benchmark_group(format!("batch_{name}_{}", precision::<S>()));
    group.throughput(Throughput::Elements(workload.len() as u64));
    group.bench_function("scalar", |bencher| {
        bencher.iter(|| {
            for ((a, b), &(xf_a, xf_b)) in workload.shapes.iter().zip(frame) {
                let _ = black_box(distance(a, xf_a, b, xf_b));
            }
        });
    });
    for simd in lane_paths() {
        let path = simd.path();
        group.bench_function(format!("simd_prepacked_{path}"), |bencher| {
            bencher.iter(|| {
                let placements = xf_a.chunks(BLOCK).zip(xf_b.chunks(BLOCK));
                for ((block, (xf_a, xf_b)), out) in
                    blocks.iter().zip(placements).zip(out.chunks_mut(BLOCK))
                {
                    block
                        .distance_on(simd, xf_a, xf_b, out)
                        .expect("lengths match");
                }
                black_box(&out);
            });
        });
        group.bench_function(format!("simd_batch_{path}"), |bencher| {
            bencher.iter(|| {
                distance_batch_on(simd, &shapes_a, &xf_a, &shapes_b, &xf_b, &mut out)
                    .expect("lengths match");
                black_box(&out);
            });
        });
    }
    group.bench_function("simd_batch_parallel", |bencher| {
        bencher.iter(|| {
            distance_batch_parallel(&shapes_a, &xf_a, &shapes_b, &xf_b, &mut out)
                .expect("lengths match");
            black_box(&out);
        });
    });
    group.finish();
}

/// The octagon overlap test and ray cast groups.
fn octagon_overlap_and_rays(criterion: &mut Criterion) {
    let octagons = standard_octagon_pairs();
    let workload = GjkWorkload::<f32, _>::new(&octagons).expect("valid shapes");
    let frame = &workload.frames[0];
    let shapes_a: Vec<_> = workload.shapes.iter().map(|pair| pair.0).collect();
    let shapes_b: Vec<_> = workload.shapes.iter().map(|pair| pair.1).collect();
    let xf_a: Vec<Transform<f32>> = frame.iter().map(|pair| pair.0).collect();
    let xf_b: Vec<Transform<f32>> = frame.iter().map(|pair| pair.1).collect();

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
    for simd in lane_paths() {
        group.bench_function(format!("simd_batch_{}", simd.path()), |bencher| {
            bencher.iter(|| {
                intersects_batch_on(simd, &shapes_a, &xf_a, &shapes_b, &xf_b, &mut overlaps)
                    .expect("lengths match");
                black_box(&overlaps);
            });
        });
    }
    group.finish();

    let queries = gjk_cast_queries::<f32>(&octagons.frames[0]);
    let rays: Vec<Ray<f32>> = queries.iter().map(|query| query.ray).collect();
    let xf_a: Vec<Transform<f32>> = queries.iter().map(|query| query.xf_a).collect();
    let shape_blocks: Vec<ShapeBlock> = shapes_a
        .chunks(BLOCK)
        .map(|shapes| ShapeBlock::new(shapes).expect("octagons fit a lane"))
        .collect();
    let mut casts = vec![ray_cast(&shapes_a[0], xf_a[0], rays[0]); workload.len()];
    let mut group = criterion.benchmark_group("batch_octagon_rays_f32");
    group.throughput(Throughput::Elements(workload.len() as u64));
    group.bench_function("scalar", |bencher| {
        bencher.iter(|| {
            for ((a, &xf), &ray) in shapes_a.iter().zip(&xf_a).zip(&rays) {
                let _ = black_box(ray_cast(a, xf, ray));
            }
        });
    });
    group.bench_function("scalar_analytic", |bencher| {
        bencher.iter(|| {
            for ((a, &xf), &ray) in shapes_a.iter().zip(&xf_a).zip(&rays) {
                let _ = black_box(a.ray_cast(xf, ray));
            }
        });
    });
    for simd in lane_paths() {
        let path = simd.path();
        group.bench_function(format!("simd_prepacked_{path}"), |bencher| {
            bencher.iter(|| {
                let lanes = xf_a.chunks(BLOCK).zip(rays.chunks(BLOCK));
                for ((block, (xf, rays)), out) in
                    shape_blocks.iter().zip(lanes).zip(casts.chunks_mut(BLOCK))
                {
                    block
                        .ray_cast_on(simd, xf, rays, out)
                        .expect("lengths match");
                }
                black_box(&casts);
            });
        });
        group.bench_function(format!("simd_batch_{path}"), |bencher| {
            bencher.iter(|| {
                ray_cast_batch_on(simd, &shapes_a, &xf_a, &rays, &mut casts)
                    .expect("lengths match");
                black_box(&casts);
            });
        });
    }
    group.finish();
}

/// The group `batch_coherent_<name>_<scalar>`: the coherent frames of `workload`
/// (each iteration queries one frame, the next in the cycle), the scalar kernel cold
/// and warm-started (`distance_cached`) against the index-pair queries and the
/// persistent `PairSet`, cold and warm-started, grouped by iteration count and not,
/// on each lane path. The scene is the pairs' shapes, `[a0, b0, a1, b1, ...]`.
fn coherent_group<S, D>(criterion: &mut Criterion, name: &str, workload: &Workload<D>)
where
    S: LaneScalar,
    D: ToGjkShape<S> + Clone,
    D::Shape: LaneShape<S> + Copy,
{
    let moving =
        GjkWorkload::<S, D::Shape>::new(&standard_coherent_motion(workload)).expect("valid shapes");
    let frame_count = moving.frames.len();
    let shapes: Vec<D::Shape> = moving.shapes.iter().flat_map(|&(a, b)| [a, b]).collect();
    let pairs: Vec<[u32; 2]> = (0..moving.len() as u32)
        .map(|pair| [2 * pair, 2 * pair + 1])
        .collect();
    let poses: Vec<Vec<Transform<S>>> = moving
        .frames
        .iter()
        .map(|frame| frame.iter().flat_map(|&(a, b)| [a, b]).collect())
        .collect();
    let mut out = vec![DistanceOutput::default(); moving.len()];
    let mut group =
        criterion.benchmark_group(format!("batch_coherent_{name}_{}", precision::<S>()));
    group.throughput(Throughput::Elements(moving.len() as u64));
    let mut frame = 0;
    group.bench_function("scalar", |bencher| {
        bencher.iter(|| {
            frame = (frame + 1) % frame_count;
            for ((a, b), &(xf_a, xf_b)) in moving.shapes.iter().zip(&moving.frames[frame]) {
                let _ = black_box(distance(a, xf_a, b, xf_b));
            }
        });
    });
    let mut caches = vec![SimplexCache::new(); moving.len()];
    group.bench_function("scalar_warm", |bencher| {
        bencher.iter(|| {
            frame = (frame + 1) % frame_count;
            let pairs = moving.shapes.iter().zip(&moving.frames[frame]);
            for (((a, b), &(xf_a, xf_b)), cache) in pairs.zip(&mut caches) {
                let _ = black_box(distance_cached(a, xf_a, b, xf_b, cache));
            }
        });
    });
    for simd in lane_paths() {
        let path = simd.path();
        group.bench_function(format!("pairs_{path}"), |bencher| {
            bencher.iter(|| {
                frame = (frame + 1) % frame_count;
                distance_pairs_on(simd, &shapes, &poses[frame], &pairs, &mut out)
                    .expect("valid pairs");
                black_box(&out);
            });
        });
        for (label, grouping, warm_start) in [
            ("cold_ungrouped", false, false),
            ("cold_grouped", true, false),
            ("warm_ungrouped", false, true),
            ("warm_grouped", true, true),
        ] {
            let mut set = PairSet::new();
            set.set_grouping(grouping);
            set.set_warm_start(warm_start);
            for &pair in &pairs {
                set.insert(&shapes, pair).expect("valid pairs");
            }
            group.bench_function(format!("pair_set_{label}_{path}"), |bencher| {
                bencher.iter(|| {
                    frame = (frame + 1) % frame_count;
                    set.distance_on(simd, &poses[frame], &mut out)
                        .expect("valid poses");
                    black_box(&out);
                });
            });
        }
    }
    group.finish();
}

/// The lane paths this processor has (every path but scalar, which `scalar` measures
/// through the gjk-core query itself).
fn lane_paths() -> impl Iterator<Item = Simd> {
    Simd::available().filter(|simd| simd.path() != SimdPath::Scalar)
}

/// The precision's name in group names: `f32` or `f64`.
fn precision<S: LaneScalar>() -> &'static str {
    core::any::type_name::<S>()
}

fn batch_benchmarks(criterion: &mut Criterion) {
    distance_group::<f32, _>(criterion, "octagon", &standard_octagon_pairs());
    distance_group::<f32, _>(criterion, "mixed", &standard_mixed_polygon_pairs());
    distance_group::<f32, _>(criterion, "ellipse", &standard_ellipse_pairs());
    distance_group::<f64, _>(criterion, "octagon", &standard_octagon_pairs());
    octagon_overlap_and_rays(criterion);
    coherent_group::<f32, _>(criterion, "octagon", &standard_octagon_pairs());
}

criterion_group!(benches, batch_benchmarks);
criterion_main!(benches);
