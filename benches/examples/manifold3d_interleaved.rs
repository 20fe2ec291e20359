//! 3D contact manifolds timed round-robin against parry3d's, and against the hull's
//! vertex count: a box resting on a floor, and hulls of 8 to 256 points (on a unit
//! sphere) resting on it, each pose tilted by up to 0.05 rad and 0.01 deep, 1024 pairs
//! per batch. gjk calls `manifold` on `Cuboid`s and `Polyhedron`s; parry3d calls its
//! dispatcher's `contact_manifolds` on `Cuboid`s and `ConvexPolyhedron`s, the call a
//! parry user makes (its box pair takes its separating-axis path). gjk's boxes are
//! also timed through `&dyn ContactShape`, and its `penetration` on them (GJK and
//! EPA, which the generic manifold runs first) beside them. Each round runs one
//! batch of every function; the minimum and median ns per query over the rounds are
//! printed.
//!
//! ```text
//! cargo run --release -p gjk-benches --example manifold3d_interleaved [-- ROUNDS]
//! ```

use core::hint::black_box;
use std::time::Instant;

use gjk_core::{ContactShape, Quat, Transform3, Vec3, manifold, penetration};
use gjk_shapes::{Cuboid, Polyhedron};
use parry3d::math::{Pose, Rotation, Vector};
use parry3d::query::{ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher};
use parry3d::shape::{ConvexPolyhedron, Cuboid as ParryCuboid, Shape};

/// Pairs per batch.
const BATCH: usize = 1024;

/// Speculative distance (parry's prediction).
const SPECULATIVE: f32 = 0.02;

/// A small deterministic generator (xorshift), so both libraries get the same numbers.
struct Random(u64);

impl Random {
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 40) as f32 / (1u64 << 24) as f32
    }

    fn signed(&mut self) -> f32 {
        2.0 * self.next() - 1.0
    }

    fn unit(&mut self) -> [f32; 3] {
        loop {
            let v = [self.signed(), self.signed(), self.signed()];
            let length = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
            if length > 0.1 && length <= 1.0 {
                return v.map(|c| c / length);
            }
        }
    }
}

/// One resting pose: a tilt of up to 0.05 rad about a random horizontal axis, a
/// random turn about z, and a height that puts the lowest point 0.01 into the floor.
fn resting_poses(random: &mut Random, lowest: impl Fn(Quat<f32>) -> f32) -> Vec<Transform3<f32>> {
    (0..BATCH)
        .map(|_| {
            let turn =
                Quat::from_axis_angle(Vec3::Z, core::f32::consts::TAU * random.next()).unwrap();
            let angle = 0.05 * random.next();
            let axis = Vec3::new(random.signed(), random.signed(), 0.0);
            let tilt = Quat::from_axis_angle(axis, angle).unwrap_or(Quat::IDENTITY);
            let rotation = tilt * turn;
            let height = 0.5 + lowest(rotation) - 0.01;
            Transform3::new(
                Vec3::new(random.signed(), random.signed(), height),
                rotation,
            )
        })
        .collect()
}

fn parry_pose(xf: Transform3<f32>) -> Pose {
    let q = xf.rotation;
    Pose::from_parts(
        Vector::new(xf.translation.x, xf.translation.y, xf.translation.z),
        Rotation::from_xyzw(q.x, q.y, q.z, q.w),
    )
}

type Batch<'a> = (String, Box<dyn FnMut() -> usize + 'a>);

fn gjk_batch<'a, B>(
    name: &str,
    floor: &'a Cuboid<f32>,
    shape: &'a B,
    poses: &'a [Transform3<f32>],
) -> Batch<'a>
where
    B: gjk_core::ContactShape<f32, Vec3<f32>>,
{
    (
        format!("{name} gjk"),
        Box::new(move || {
            poses
                .iter()
                .map(|&pose| {
                    let contact = manifold(
                        floor,
                        Transform3::IDENTITY,
                        shape,
                        black_box(pose),
                        SPECULATIVE,
                    );
                    contact.map_or(0, |contact| contact.points().len())
                })
                .sum()
        }),
    )
}

fn parry_batch<'a>(
    name: &str,
    floor: &'a ParryCuboid,
    shape: &'a dyn Shape,
    poses: &'a [Transform3<f32>],
) -> Batch<'a> {
    let dispatcher = DefaultQueryDispatcher;
    let mut manifolds: Vec<ContactManifold<(), ()>> = Vec::new();
    let mut workspace = None;
    (
        format!("{name} parry3d"),
        Box::new(move || {
            let mut points = 0;
            for &pose in poses {
                manifolds.clear();
                let pos12 = parry_pose(black_box(pose));
                let _ = dispatcher.contact_manifolds(
                    &pos12,
                    floor,
                    shape,
                    SPECULATIVE,
                    &mut manifolds,
                    &mut workspace,
                );
                points += manifolds.iter().map(|m| m.points.len()).sum::<usize>();
            }
            points
        }),
    )
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(300);
    let mut random = Random(0x9e37_79b9_7f4a_7c15);
    let floor = Cuboid::new(Vec3::new(4.0_f32, 4.0, 0.5)).unwrap();
    let parry_floor = ParryCuboid::new(Vector::new(4.0, 4.0, 0.5));
    let cube = Cuboid::new(Vec3::splat(0.5_f32)).unwrap();
    let parry_cube = ParryCuboid::new(Vector::splat(0.5));
    let cube_poses = resting_poses(&mut random, |rotation| {
        let down = rotation.inv_rotate(-Vec3::Z);
        0.5 * (down.x.abs() + down.y.abs() + down.z.abs())
    });
    let sizes = [8_usize, 16, 32, 64, 128, 256];
    let hulls: Vec<(Polyhedron<f32, 256>, ConvexPolyhedron, Vec<Transform3<f32>>)> = sizes
        .iter()
        .map(|&count| {
            let points: Vec<Vec3<f32>> = (0..count)
                .map(|_| {
                    let [x, y, z] = random.unit();
                    Vec3::new(x, y, z)
                })
                .collect();
            let hull =
                Polyhedron::<f32, 256>::new(&points).expect("points on a sphere have a hull");
            let parry_points: Vec<Vector> =
                points.iter().map(|p| Vector::new(p.x, p.y, p.z)).collect();
            let parry_hull =
                ConvexPolyhedron::from_convex_hull(&parry_points).expect("parry's hull");
            let poses = resting_poses(&mut random, |rotation| {
                let down = rotation.inv_rotate(-Vec3::Z);
                hull.vertices()
                    .points()
                    .map(|p| p.dot(down))
                    .fold(f32::MIN, f32::max)
            });
            (hull, parry_hull, poses)
        })
        .collect();
    let mut batches: Vec<Batch<'_>> = vec![
        gjk_batch("box on box", &floor, &cube, &cube_poses),
        (
            "box on box gjk penetration".to_owned(),
            Box::new(|| {
                cube_poses
                    .iter()
                    .map(|&pose| {
                        let out = penetration(&floor, Transform3::IDENTITY, &cube, black_box(pose));
                        usize::from(out.depth > 0.0)
                    })
                    .sum()
            }),
        ),
        parry_batch("box on box", &parry_floor, &parry_cube, &cube_poses),
        (
            "box on box gjk &dyn".to_owned(),
            Box::new(|| {
                let floor: &dyn ContactShape<f32, Vec3<f32>> = black_box(&floor);
                let cube: &dyn ContactShape<f32, Vec3<f32>> = black_box(&cube);
                cube_poses
                    .iter()
                    .map(|&pose| {
                        let contact = manifold(
                            floor,
                            Transform3::IDENTITY,
                            cube,
                            black_box(pose),
                            SPECULATIVE,
                        );
                        contact.map_or(0, |contact| contact.points().len())
                    })
                    .sum()
            }),
        ),
    ];
    for (count, (hull, parry_hull, poses)) in sizes.iter().zip(&hulls) {
        let name = format!("hull {count} on box");
        batches.push(gjk_batch(&name, &floor, hull, poses));
        batches.push(parry_batch(&name, &parry_floor, parry_hull, poses));
    }
    let mut times = vec![Vec::with_capacity(rounds); batches.len()];
    let mut points = vec![0; batches.len()];
    for _ in 0..rounds {
        for ((_, run), (samples, count)) in batches
            .iter_mut()
            .zip(times.iter_mut().zip(points.iter_mut()))
        {
            let start = Instant::now();
            *count = black_box(run());
            samples.push(start.elapsed().as_nanos() as f64 / BATCH as f64);
        }
    }
    println!(
        "{:<28} {:>9} {:>9} {:>12}",
        "workload", "min ns", "median ns", "points/pair"
    );
    for ((name, _), (samples, count)) in batches.iter().zip(times.iter_mut().zip(&points)) {
        samples.sort_by(f64::total_cmp);
        println!(
            "{name:<28} {:>9.1} {:>9.1} {:>12.2}",
            samples[0],
            samples[samples.len() / 2],
            *count as f64 / BATCH as f64
        );
    }
}
