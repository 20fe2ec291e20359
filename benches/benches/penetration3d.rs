//! gjk's 3D `penetration` side by side with parry3d's `contact` in one criterion run,
//! on the 3D peer benchmark's pairs (`peers3d.rs`) placed again so that every pair
//! overlaps, by up to half the smaller shape's reach
//! (`gjk_benches::three::standard::overlapping`): boxes, 32-point hulls, capsules and
//! spheres against hulls, and ellipsoids (gjk alone). parry3d is timed twice: its
//! dispatcher, `query::contact` (`parry3d`: a separating-axis test for two boxes, a
//! point projection for a ball), and its GJK and EPA on the support maps
//! (`parry3d_epa`), the counterpart of gjk's for every pair. parry3d's EPA allocates
//! its polytope on the heap on every call; gjk's lives on the stack.
//!
//! Groups are `penetration3d_<workload>`, functions the library; each criterion
//! iteration runs `BATCH_SIZE` queries. Run it with
//! `cargo bench -p gjk-benches --bench penetration3d`.

#[path = "../peers/parry3d_contact.rs"]
mod parry3d_contact;
#[path = "../peers/parry3d.rs"]
mod parry3d_peer;

use core::hint::black_box;
use core::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gjk_benches::standard::BATCH_SIZE;
use gjk_benches::three::standard::{
    overlapping, standard_capsule_hull_pairs, standard_cuboid_pairs, standard_ellipsoid_pairs,
    standard_hull_pairs, standard_sphere_hull_pairs,
};
use gjk_benches::three::{GjkWorkload3, ToGjkShape3, Workload3};
use gjk_core::{Support, Vec3, penetration};
use parry3d::math::Pose;
use parry3d::shape::{Shape, SupportMap};
use parry3d_peer as parry;

/// gjk's shapes and transforms of `workload`, in `f32`.
fn gjk_side<A: ToGjkShape3<f32>, B: ToGjkShape3<f32>>(
    workload: &Workload3<A, B>,
) -> GjkWorkload3<f32, A::Shape, B::Shape> {
    GjkWorkload3::new(workload).expect("gjk takes the shapes")
}

/// The group of one workload with gjk's `penetration`, and parry3d's two paths when
/// it has the shapes.
fn group<A, B, PA, PB>(
    criterion: &mut Criterion,
    name: &str,
    gjk: &GjkWorkload3<f32, A, B>,
    parry: Option<&[(PA, PB, Pose, Pose)]>,
) where
    A: Support<f32, Vec3<f32>>,
    B: Support<f32, Vec3<f32>>,
    PA: Shape + SupportMap,
    PB: Shape + SupportMap,
{
    let mut group = criterion.benchmark_group(name);
    group.throughput(Throughput::Elements(BATCH_SIZE as u64));
    group.bench_function("gjk", |bencher| {
        bencher.iter(|| {
            for ((a, b), &(xf_a, xf_b)) in gjk.shapes.iter().zip(&gjk.transforms) {
                let _ = black_box(penetration(a, xf_a, b, xf_b));
            }
        });
    });
    if let Some(parry) = parry {
        group.bench_function("parry3d", |bencher| {
            bencher.iter(|| {
                for (a, b, pose_a, pose_b) in parry {
                    black_box(parry3d_contact::contact_depth(a, pose_a, b, pose_b));
                }
            });
        });
        group.bench_function("parry3d_epa", |bencher| {
            bencher.iter(|| {
                for (a, b, pose_a, pose_b) in parry {
                    black_box(parry3d_contact::epa_depth(a, pose_a, b, pose_b));
                }
            });
        });
    }
    group.finish();
}

fn penetration3d(criterion: &mut Criterion) {
    let hull = |data: &_| parry::hull(data).expect("parry3d takes the hulls");

    let cuboids = overlapping(standard_cuboid_pairs());
    let parry = parry::pairs(&cuboids, parry::cuboid, parry::cuboid);
    group(
        criterion,
        "penetration3d_cuboids",
        &gjk_side(&cuboids),
        Some(&parry),
    );

    let hulls = overlapping(standard_hull_pairs());
    let parry = parry::pairs(&hulls, hull, hull);
    group(
        criterion,
        "penetration3d_hulls",
        &gjk_side(&hulls),
        Some(&parry),
    );

    let capsules = overlapping(standard_capsule_hull_pairs());
    let parry = parry::pairs(&capsules, parry::capsule, hull);
    group(
        criterion,
        "penetration3d_capsule_hull",
        &gjk_side(&capsules),
        Some(&parry),
    );

    let spheres = overlapping(standard_sphere_hull_pairs());
    let parry = parry::pairs(&spheres, parry::ball, hull);
    group(
        criterion,
        "penetration3d_sphere_hull",
        &gjk_side(&spheres),
        Some(&parry),
    );

    let ellipsoids = overlapping(standard_ellipsoid_pairs());
    let none: Option<&[(parry3d::shape::Ball, parry3d::shape::Ball, Pose, Pose)]> = None;
    group(
        criterion,
        "penetration3d_ellipsoids",
        &gjk_side(&ellipsoids),
        none,
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(2))
        .measurement_time(Duration::from_secs(3));
    targets = penetration3d
}
criterion_main!(benches);
