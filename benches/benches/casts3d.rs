//! gjk's 3D `ray_cast` and `shape_cast` side by side with parry3d's in one criterion
//! run, on the 3D peer benchmark's pairs (`peers3d.rs`: boxes, 32-point hulls, capsules
//! and spheres against hulls, one pair in ten overlapping).
//!
//! Every pair gets the same motion on both sides: B moves by twice the offset from B
//! to A (through A and out), so most casts hit and the rest start inside.
//!
//! - Shape casts: gjk's `shape_cast` against `parry3d::query::cast_shapes`, the
//!   dispatcher a parry user calls (the GJK ray cast on the support maps for these
//!   pairs), to first touch.
//! - Ray casts: from B's position along the motion against shape A: gjk's `ray_cast`
//!   against parry3d's `cast_ray_and_get_normal` (both give the fraction and the
//!   normal), solid. Both libraries answer boxes, balls and capsules in closed form
//!   and hulls by a GJK ray cast.
//!
//! Groups are `casts3d_<workload>`, functions `<cast>_<library>`; each criterion
//! iteration runs `BATCH_SIZE` casts. Run it with
//! `cargo bench -p gjk-benches --bench casts3d`.

#[path = "../peers/parry3d.rs"]
mod parry3d_peer;

use core::hint::black_box;
use core::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gjk_benches::standard::BATCH_SIZE;
use gjk_benches::three::standard::{
    standard_capsule_hull_pairs, standard_cuboid_pairs, standard_hull_pairs,
    standard_sphere_hull_pairs,
};
use gjk_benches::three::{GjkWorkload3, ToGjkShape3, Workload3};
use gjk_core::{Ray, RayShape, ShapeCastInput, Support, Vec3, ray_cast, shape_cast};
use parry3d::math::{Pose, Vector};
use parry3d::query::{Ray as ParryRay, RayCast, ShapeCastOptions, cast_shapes};
use parry3d::shape::Shape;
use parry3d_peer as parry;

/// gjk's side of a workload: its shapes and transforms in `f32`, and each pair's
/// motion of B.
struct Casts<A, B> {
    gjk: GjkWorkload3<f32, A, B>,
    motions: Vec<Vec3<f32>>,
}

fn gjk_side<A: ToGjkShape3<f32>, B: ToGjkShape3<f32>>(
    workload: &Workload3<A, B>,
) -> Casts<A::Shape, B::Shape> {
    let gjk = GjkWorkload3::new(workload).expect("gjk takes the shapes");
    let motions = gjk
        .transforms
        .iter()
        .map(|(xf_a, xf_b)| (xf_a.translation - xf_b.translation) * 2.0)
        .collect();
    Casts { gjk, motions }
}

/// The group of one workload: both casts in both libraries.
fn group<A, B, PA, PB>(
    criterion: &mut Criterion,
    name: &str,
    Casts { gjk, motions }: &Casts<A, B>,
    parry: &[(PA, PB, Pose, Pose)],
) where
    A: RayShape<f32, Vec3<f32>>,
    B: Support<f32, Vec3<f32>>,
    PA: Shape + RayCast,
    PB: Shape,
{
    let vector = |v: Vec3<f32>| Vector::new(v.x, v.y, v.z);
    let mut group = criterion.benchmark_group(name);
    group.throughput(Throughput::Elements(BATCH_SIZE as u64));
    let cases = || gjk.shapes.iter().zip(&gjk.transforms).zip(motions);
    group.bench_function("shape_cast_gjk", |bencher| {
        bencher.iter(|| {
            for (((a, b), &(xf_a, xf_b)), &motion) in cases() {
                let cast = ShapeCastInput::moving_b(motion);
                let _ = black_box(shape_cast(a, xf_a, b, xf_b, cast));
            }
        });
    });
    group.bench_function("shape_cast_parry3d", |bencher| {
        let options = ShapeCastOptions::with_max_time_of_impact(1.0);
        bencher.iter(|| {
            for ((a, b, pose_a, pose_b), &motion) in parry.iter().zip(motions) {
                let velocity = vector(motion);
                let hit = cast_shapes(pose_a, Vector::ZERO, a, pose_b, velocity, b, options);
                black_box(hit.ok().flatten().map(|hit| hit.time_of_impact));
            }
        });
    });
    group.bench_function("ray_cast_gjk", |bencher| {
        bencher.iter(|| {
            for (((a, _), &(xf_a, xf_b)), &motion) in cases() {
                let ray = Ray::new(xf_b.translation, motion);
                let _ = black_box(ray_cast(a, xf_a, ray));
            }
        });
    });
    group.bench_function("ray_cast_parry3d", |bencher| {
        bencher.iter(|| {
            for ((a, _, pose_a, pose_b), &motion) in parry.iter().zip(motions) {
                let ray = ParryRay::new(pose_b.translation, vector(motion));
                black_box(a.cast_ray_and_get_normal(pose_a, &ray, 1.0, true));
            }
        });
    });
    group.finish();
}

fn casts3d(criterion: &mut Criterion) {
    let hull = |data: &_| parry::hull(data).expect("parry3d takes the hulls");

    let cuboids = standard_cuboid_pairs();
    let parry = parry::pairs(&cuboids, parry::cuboid, parry::cuboid);
    group(criterion, "casts3d_cuboids", &gjk_side(&cuboids), &parry);

    let hulls = standard_hull_pairs();
    let parry = parry::pairs(&hulls, hull, hull);
    group(criterion, "casts3d_hulls", &gjk_side(&hulls), &parry);

    let capsules = standard_capsule_hull_pairs();
    let parry = parry::pairs(&capsules, parry::capsule, hull);
    group(
        criterion,
        "casts3d_capsule_hull",
        &gjk_side(&capsules),
        &parry,
    );

    let spheres = standard_sphere_hull_pairs();
    let parry = parry::pairs(&spheres, parry::ball, hull);
    group(
        criterion,
        "casts3d_sphere_hull",
        &gjk_side(&spheres),
        &parry,
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(2))
        .measurement_time(Duration::from_secs(3));
    targets = casts3d
}
criterion_main!(benches);
