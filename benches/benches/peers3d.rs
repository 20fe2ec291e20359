//! gjk side by side with parry3d in one criterion run, on the same `f32` data: box
//! pairs, pairs of 32-point hulls, capsules against hulls, spheres against hulls, and
//! ellipsoid pairs (gjk alone: parry3d has no ellipsoid), 1024 pairs each, mostly
//! separated by gaps of up to three sizes and one in ten overlapping, every shape
//! turned by a random rotation (`gjk_benches::three::standard`). Which parry3d
//! function answers each workload, and why, is in `peers/parry3d.rs`.
//!
//! Each criterion iteration runs `BATCH_SIZE` queries, so its time divided by that is
//! the time per query; the groups (`peers3d_distance_<workload>`) name the workload,
//! the functions the library, as in the plane benchmark (`benches/peers.rs`), and
//! `cargo xtask bench` reads them back by these names.

#[path = "../peers/parry3d.rs"]
mod parry3d_peer;

use core::hint::black_box;
use core::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gjk_benches::standard::BATCH_SIZE;
use gjk_benches::three::standard::{
    standard_capsule_hull_pairs, standard_cuboid_pairs, standard_ellipsoid_pairs,
    standard_hull_pairs, standard_sphere_hull_pairs,
};
use gjk_benches::three::{GjkWorkload3, ToGjkShape3, Workload3};
use gjk_core::{Support, Vec3, distance};
use parry3d_peer as parry;

/// gjk's shapes and transforms of `workload`, in `f32`.
fn gjk_side<A: ToGjkShape3<f32>, B: ToGjkShape3<f32>>(
    workload: &Workload3<A, B>,
) -> GjkWorkload3<f32, A::Shape, B::Shape> {
    GjkWorkload3::new(workload).expect("gjk takes the shapes")
}

/// The group of one workload, with gjk's `distance` timed first.
fn gjk_group<'a, A, B>(
    criterion: &'a mut Criterion,
    name: &str,
    gjk: &GjkWorkload3<f32, A, B>,
) -> criterion::BenchmarkGroup<'a, criterion::measurement::WallTime>
where
    A: Support<f32, Vec3<f32>>,
    B: Support<f32, Vec3<f32>>,
{
    let mut group = criterion.benchmark_group(name);
    group.throughput(Throughput::Elements(BATCH_SIZE as u64));
    group.bench_function("gjk", |bencher| {
        bencher.iter(|| {
            for ((a, b), &(xf_a, xf_b)) in gjk.shapes.iter().zip(&gjk.transforms) {
                let _ = black_box(distance(a, xf_a, b, xf_b));
            }
        });
    });
    group
}

fn bench_cuboids(criterion: &mut Criterion) {
    let workload = standard_cuboid_pairs();
    let gjk = gjk_side(&workload);
    let parry = parry::pairs(&workload, parry::cuboid, parry::cuboid);
    let mut group = gjk_group(criterion, "peers3d_distance_cuboids", &gjk);
    group.bench_function("parry3d", |bencher| {
        bencher.iter(|| {
            for (a, b, pose_a, pose_b) in &parry {
                black_box(parry::gjk_distance(a, pose_a, b, pose_b));
            }
        });
    });
    group.bench_function("parry3d_sat", |bencher| {
        bencher.iter(|| {
            for (a, b, pose_a, pose_b) in &parry {
                black_box(parry::distance(a, pose_a, b, pose_b));
            }
        });
    });
    group.finish();
}

fn bench_hulls(criterion: &mut Criterion) {
    let workload = standard_hull_pairs();
    let gjk = gjk_side(&workload);
    let hull = |data: &_| parry::hull(data).expect("parry3d takes the hulls");
    let parry = parry::pairs(&workload, hull, hull);
    let mut group = gjk_group(criterion, "peers3d_distance_hulls", &gjk);
    group.bench_function("parry3d", |bencher| {
        bencher.iter(|| {
            for (a, b, pose_a, pose_b) in &parry {
                black_box(parry::gjk_distance(a, pose_a, b, pose_b));
            }
        });
    });
    group.finish();
}

fn bench_capsule_hull(criterion: &mut Criterion) {
    let workload = standard_capsule_hull_pairs();
    let gjk = gjk_side(&workload);
    let hull = |data: &_| parry::hull(data).expect("parry3d takes the hulls");
    let parry = parry::pairs(&workload, parry::capsule, hull);
    let mut group = gjk_group(criterion, "peers3d_distance_capsule_hull", &gjk);
    group.bench_function("parry3d", |bencher| {
        bencher.iter(|| {
            for (a, b, pose_a, pose_b) in &parry {
                black_box(parry::gjk_distance(a, pose_a, b, pose_b));
            }
        });
    });
    group.finish();
}

fn bench_sphere_hull(criterion: &mut Criterion) {
    let workload = standard_sphere_hull_pairs();
    let gjk = gjk_side(&workload);
    let hull = |data: &_| parry::hull(data).expect("parry3d takes the hulls");
    let parry = parry::pairs(&workload, parry::ball, hull);
    let mut group = gjk_group(criterion, "peers3d_distance_sphere_hull", &gjk);
    group.bench_function("parry3d", |bencher| {
        bencher.iter(|| {
            for (a, b, pose_a, pose_b) in &parry {
                black_box(parry::distance(a, pose_a, b, pose_b));
            }
        });
    });
    group.finish();
}

/// Ellipsoid pairs: gjk alone (parry3d has no ellipsoid shape).
fn bench_ellipsoids(criterion: &mut Criterion) {
    let gjk = gjk_side(&standard_ellipsoid_pairs());
    gjk_group(criterion, "peers3d_distance_ellipsoids", &gjk).finish();
}

fn peers3d(criterion: &mut Criterion) {
    bench_cuboids(criterion);
    bench_hulls(criterion);
    bench_capsule_hull(criterion);
    bench_sphere_hull(criterion);
    bench_ellipsoids(criterion);
}

criterion_group! {
    name = benches;
    // Shorter than criterion's defaults (3 s and 5 s), which keeps `cargo xtask bench`,
    // the plane and 3D benchmarks and both accuracy tables, within about 7 minutes;
    // the command line's `--warm-up-time` and `--measurement-time` still override
    // these (`--quick`).
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(2))
        .measurement_time(Duration::from_secs(3));
    targets = peers3d
}
criterion_main!(benches);
