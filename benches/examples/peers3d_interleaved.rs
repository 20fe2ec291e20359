//! The 3D peer benchmark's functions (`benches/peers3d.rs`) timed round-robin in one
//! process: each round runs one batch (1024 queries) of every function in turn, and
//! the minimum and median over the rounds are printed in nanoseconds per query.
//!
//! ```text
//! cargo run --release -p gjk-benches --example peers3d_interleaved [-- ROUNDS]
//! ```
//!
//! On a machine shared with other work, criterion's means move with the load from one
//! function to the next (it measures them one after the other); interleaving exposes
//! every function to the same load, and the minimum over many batches is the least
//! disturbed figure. Default: 1500 rounds, about 10 s.

#[path = "../peers/parry3d.rs"]
mod parry3d_peer;

use core::hint::black_box;
use std::time::Instant;

use gjk_benches::standard::BATCH_SIZE;
use gjk_benches::three::standard::{
    standard_capsule_hull_pairs, standard_cuboid_pairs, standard_ellipsoid_pairs,
    standard_hull_pairs, standard_sphere_hull_pairs,
};
use gjk_benches::three::{GjkWorkload3, ToGjkShape3, Workload3};
use gjk_core::{Support, Vec3, distance};
use parry3d::math::Pose;
use parry3d_peer as parry;

/// A named batch of queries.
type Batch<'a> = (&'static str, Box<dyn FnMut() + 'a>);

/// gjk's `distance` over every pair of `gjk`.
fn gjk_batch<A, B>(gjk: &GjkWorkload3<f32, A, B>) -> Box<dyn FnMut() + '_>
where
    A: Support<f32, Vec3<f32>>,
    B: Support<f32, Vec3<f32>>,
{
    Box::new(move || {
        for ((a, b), &(xf_a, xf_b)) in gjk.shapes.iter().zip(&gjk.transforms) {
            let _ = black_box(distance(a, xf_a, b, xf_b));
        }
    })
}

/// `query` over every pair of parry3d's shapes and poses.
fn parry_batch<'a, PA, PB>(
    pairs: &'a [(PA, PB, Pose, Pose)],
    query: impl Fn(&PA, &Pose, &PB, &Pose) -> f32 + 'a,
) -> Box<dyn FnMut() + 'a> {
    Box::new(move || {
        for (a, b, pose_a, pose_b) in pairs {
            black_box(query(a, pose_a, b, pose_b));
        }
    })
}

fn gjk_side<A: ToGjkShape3<f32>, B: ToGjkShape3<f32>>(
    workload: &Workload3<A, B>,
) -> GjkWorkload3<f32, A::Shape, B::Shape> {
    GjkWorkload3::new(workload).expect("gjk takes the shapes")
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .map_or(1500, |arg| arg.parse().expect("ROUNDS is a number"));
    let hull = |data: &_| parry::hull(data).expect("parry3d takes the hulls");

    let cuboids = standard_cuboid_pairs();
    let hulls = standard_hull_pairs();
    let capsule_hull = standard_capsule_hull_pairs();
    let sphere_hull = standard_sphere_hull_pairs();
    let ellipsoids = standard_ellipsoid_pairs();
    let gjk_cuboids = gjk_side(&cuboids);
    let gjk_hulls = gjk_side(&hulls);
    let gjk_capsule_hull = gjk_side(&capsule_hull);
    let gjk_sphere_hull = gjk_side(&sphere_hull);
    let gjk_ellipsoids = gjk_side(&ellipsoids);
    let parry_cuboids = parry::pairs(&cuboids, parry::cuboid, parry::cuboid);
    let parry_hulls = parry::pairs(&hulls, hull, hull);
    let parry_capsule_hull = parry::pairs(&capsule_hull, parry::capsule, hull);
    let parry_sphere_hull = parry::pairs(&sphere_hull, parry::ball, hull);

    let mut batches: Vec<Batch<'_>> = vec![
        ("cuboids gjk", gjk_batch(&gjk_cuboids)),
        (
            "cuboids parry3d",
            parry_batch(&parry_cuboids, |a, pa, b, pb| {
                parry::gjk_distance(a, pa, b, pb)
            }),
        ),
        (
            "cuboids parry3d_sat",
            parry_batch(&parry_cuboids, |a, pa, b, pb| parry::distance(a, pa, b, pb)),
        ),
        ("hulls gjk", gjk_batch(&gjk_hulls)),
        (
            "hulls parry3d",
            parry_batch(&parry_hulls, |a, pa, b, pb| {
                parry::gjk_distance(a, pa, b, pb)
            }),
        ),
        ("capsule_hull gjk", gjk_batch(&gjk_capsule_hull)),
        (
            "capsule_hull parry3d",
            parry_batch(&parry_capsule_hull, |a, pa, b, pb| {
                parry::gjk_distance(a, pa, b, pb)
            }),
        ),
        ("sphere_hull gjk", gjk_batch(&gjk_sphere_hull)),
        (
            "sphere_hull parry3d",
            parry_batch(&parry_sphere_hull, |a, pa, b, pb| {
                parry::distance(a, pa, b, pb)
            }),
        ),
        ("ellipsoids gjk", gjk_batch(&gjk_ellipsoids)),
    ];

    let mut samples = vec![Vec::with_capacity(rounds); batches.len()];
    for _ in 0..rounds {
        for ((_, batch), times) in batches.iter_mut().zip(&mut samples) {
            let start = Instant::now();
            batch();
            times.push(start.elapsed().as_nanos() as f64 / BATCH_SIZE as f64);
        }
    }
    println!("{:<22} {:>9} {:>9}", "ns per query", "minimum", "median");
    for ((name, _), times) in batches.iter().zip(&mut samples) {
        times.sort_by(f64::total_cmp);
        let (minimum, median) = (times[0], times[times.len() / 2]);
        println!("{name:<22} {minimum:>9.1} {median:>9.1}");
    }
}
