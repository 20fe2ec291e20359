//! The 3D peer benchmark's functions (`benches/peers3d.rs`) timed round-robin in one
//! process: each round runs one batch (1024 queries) of every function in turn, and
//! the minimum and median over the rounds are printed in nanoseconds per query. gjk
//! runs in three calling patterns (`gjk_benches::patterns`): the plain loop on
//! concrete shapes (`gjk`), the user's own shape enum with a `match` per pair
//! (`gjk_enum`) and `&dyn Support` (`gjk_dyn`).
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

use gjk_benches::patterns::{Forms, Patterns, UserShape3, user_distance3};
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
type Batch<'a> = (String, Box<dyn FnMut() + 'a>);

/// gjk's `distance` over every pair, in the plain loop, through the user's enum and
/// through `dyn Support` (`gjk_benches::patterns`).
fn gjk_batches<'a, A, B>(
    workload: &str,
    patterns: &'a Patterns<A, B, Vec3<f32>, UserShape3>,
) -> [Batch<'a>; 3]
where
    A: Support<f32, Vec3<f32>>,
    B: Support<f32, Vec3<f32>>,
{
    [
        (
            format!("{workload} gjk"),
            Box::new(move || {
                for (a, b, xf_a, xf_b) in &patterns.plain {
                    let _ = black_box(distance(a, *xf_a, b, *xf_b));
                }
            }),
        ),
        (
            format!("{workload} gjk_enum"),
            Box::new(move || {
                for (a, b, xf_a, xf_b) in &patterns.user {
                    let _ = black_box(user_distance3(a, *xf_a, b, *xf_b));
                }
            }),
        ),
        (
            format!("{workload} gjk_dyn"),
            Box::new(move || {
                for (a, b, xf_a, xf_b) in &patterns.boxed {
                    let _ = black_box(distance(&**a, *xf_a, &**b, *xf_b));
                }
            }),
        ),
    ]
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
) -> Patterns<A::Shape, B::Shape, Vec3<f32>, UserShape3>
where
    A::Shape: Forms<Vec3<f32>, User = UserShape3>,
    B::Shape: Forms<Vec3<f32>, User = UserShape3>,
{
    let gjk = GjkWorkload3::new(workload).expect("gjk takes the shapes");
    Patterns::new(&gjk.shapes, &gjk.transforms)
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

    let mut batches: Vec<Batch<'_>> = Vec::new();
    batches.extend(gjk_batches("cuboids", &gjk_cuboids));
    batches.push((
        "cuboids parry3d".to_owned(),
        parry_batch(&parry_cuboids, |a, pa, b, pb| {
            parry::gjk_distance(a, pa, b, pb)
        }),
    ));
    batches.push((
        "cuboids parry3d_sat".to_owned(),
        parry_batch(&parry_cuboids, |a, pa, b, pb| parry::distance(a, pa, b, pb)),
    ));
    batches.extend(gjk_batches("hulls", &gjk_hulls));
    batches.push((
        "hulls parry3d".to_owned(),
        parry_batch(&parry_hulls, |a, pa, b, pb| {
            parry::gjk_distance(a, pa, b, pb)
        }),
    ));
    batches.extend(gjk_batches("capsule_hull", &gjk_capsule_hull));
    batches.push((
        "capsule_hull parry3d".to_owned(),
        parry_batch(&parry_capsule_hull, |a, pa, b, pb| {
            parry::gjk_distance(a, pa, b, pb)
        }),
    ));
    batches.extend(gjk_batches("sphere_hull", &gjk_sphere_hull));
    batches.push((
        "sphere_hull parry3d".to_owned(),
        parry_batch(&parry_sphere_hull, |a, pa, b, pb| {
            parry::distance(a, pa, b, pb)
        }),
    ));
    batches.extend(gjk_batches("ellipsoids", &gjk_ellipsoids));

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
