//! Accuracy of gjk and parry3d on the 3D peer benchmark's own queries
//! (`benches/peers3d.rs`), against the exact f64 3D oracle (`gjk_oracle::distance3`),
//! and gjk's mean GJK iterations:
//!
//! ```text
//! cargo run --release -p gjk-benches --example peer_accuracy3d           # markdown
//! cargo run --release -p gjk-benches --example peer_accuracy3d -- --tsv  # peer_report
//! ```
//!
//! Each library is judged on the input it was actually given: the oracle places the
//! `f32` shape numbers that library received (parry3d's own hull vertices for its
//! polyhedra) with that library's `f32` translation and quaternion, rotating by the
//! library's own formula (gjk's `v + w t + u x t`, the oracle's matrix; glam's
//! `(w^2 - u.u) v + 2 (u.v) u + 2 w u x v`, which scales by the quaternion's squared
//! norm, within a few `f32` epsilons of one), so neither the rounding of the inputs
//! nor the two formulas' difference off unit length is counted as an error.
//!
//! Errors are relative to the pair's scale `L`, the larger of the exact distance and
//! the two shapes' sizes (the largest distance of a point of a shape from its local
//! origin), as in the kernel's own accuracy tests. The `--tsv` lines name each workload
//! and library as the criterion groups and functions do (`distance_cuboids`,
//! `parry3d_sat`), which is how `cargo xtask bench` joins them to the timings.

#[path = "../peers/parry3d.rs"]
mod parry3d_peer;

use gjk_benches::ShapePair;
use gjk_benches::three::standard::{
    standard_capsule_hull_pairs, standard_cuboid_pairs, standard_ellipsoid_pairs,
    standard_hull_pairs, standard_sphere_hull_pairs,
};
use gjk_benches::three::{
    Capsule3Data, CuboidData, EllipsoidData, GjkWorkload3, HullData, P3, PairPlacement3,
    ShapeData3, SphereData, ToGjkShape3, Workload3,
};
use gjk_core::{DistanceStatus, Transform3, distance};
use gjk_oracle::{Core3, Exact3, Shape3, distance3, transform3};
use parry3d::math::Pose;
use parry3d_peer as parry;

/// Pairs whose exact signed distance is within this of zero may be called either
/// touching or apart: as in the plane table (`peer_accuracy.rs`), a few `f32`
/// epsilons of the coordinates, which reach about 20 from the origin here.
const TOUCHING_MARGIN: f64 = 2e-5;

/// The f32 rounding every library's input went through, back in f64.
fn rounded(x: f64) -> f64 {
    f64::from(x as f32)
}

/// A plain shape as the oracle sees it in its local frame, its numbers rounded to
/// `f32` as every library receives them.
trait Oracle3 {
    fn local(&self) -> Shape3;
}

impl Oracle3 for CuboidData {
    fn local(&self) -> Shape3 {
        let rounded_box = CuboidData {
            half_extents: self.half_extents.map(rounded),
        };
        Shape3::new(Core3::Polytope(rounded_box.corners().to_vec()), 0.0)
    }
}

impl Oracle3 for HullData {
    fn local(&self) -> Shape3 {
        let points = self.points.iter().map(|p| p.map(rounded)).collect();
        Shape3::new(Core3::Polytope(points), 0.0)
    }
}

impl Oracle3 for Capsule3Data {
    fn local(&self) -> Shape3 {
        let [a, b] = self.ends().map(|p| p.map(rounded));
        Shape3::new(Core3::Segment(a, b), rounded(self.radius))
    }
}

impl Oracle3 for SphereData {
    fn local(&self) -> Shape3 {
        Shape3::new(Core3::Point([0.0; 3]), rounded(self.radius))
    }
}

impl Oracle3 for EllipsoidData {
    fn local(&self) -> Shape3 {
        let identity = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
        let core = Core3::Ellipsoid {
            center: [0.0; 3],
            semi_axes: self.semi_axes.map(rounded),
            rotation: identity,
        };
        Shape3::new(core, 0.0)
    }
}

/// `shape` placed exactly by gjk's transform: the oracle's `transform3` computes
/// gjk's rotation formula from the same quaternion.
fn gjk_place(shape: &Shape3, xf: Transform3<f32>) -> Shape3 {
    let t = xf.translation;
    let q = xf.rotation;
    let translation = [t.x, t.y, t.z].map(f64::from);
    let quaternion = [q.x, q.y, q.z, q.w].map(f64::from);
    Shape3::new(
        transform3(&shape.core, translation, quaternion),
        shape.radius,
    )
}

/// `p` placed exactly by parry3d's pose, rotated by glam's formula
/// `(w^2 - u.u) p + 2 (u.p) u + 2 w (u x p)`.
fn parry_point(pose: &Pose, p: P3) -> P3 {
    let q = pose.rotation;
    let (u, w) = ([q.x, q.y, q.z].map(f64::from), f64::from(q.w));
    let t = pose.translation;
    let dot = |a: P3, b: P3| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    let cross = [
        u[1] * p[2] - u[2] * p[1],
        u[2] * p[0] - u[0] * p[2],
        u[0] * p[1] - u[1] * p[0],
    ];
    let (along, across, twist) = (w * w - dot(u, u), 2.0 * dot(u, p), 2.0 * w);
    let translation = [t.x, t.y, t.z].map(f64::from);
    core::array::from_fn(|i| along * p[i] + across * u[i] + twist * cross[i] + translation[i])
}

/// `shape` placed exactly by parry3d's pose (point, segment and polytope cores: the
/// shapes parry3d is given here).
fn parry_place(shape: &Shape3, pose: &Pose) -> Shape3 {
    let place = |p: &P3| parry_point(pose, *p);
    let core = match &shape.core {
        Core3::Point(p) => Core3::Point(place(p)),
        Core3::Segment(a, b) => Core3::Segment(place(a), place(b)),
        Core3::Polytope(points) => Core3::Polytope(points.iter().map(place).collect()),
        other => unreachable!("parry3d is given no {other:?}"),
    };
    Shape3::new(core, shape.radius)
}

/// Errors and misclassifications of one library on one workload.
#[derive(Default)]
struct Tally {
    /// |distance - exact| / L per pair.
    errors: Vec<f64>,
    /// Overlap called where the exact answer is apart, or the reverse, outside the
    /// touching margin.
    wrong: usize,
    /// gjk's iterations summed over all pairs, and its `MaxIterations` answers.
    iterations: Option<(u64, usize)>,
}

impl Tally {
    /// Records an answer: the distance `found` and whether the library called the
    /// pair overlapping, against the oracle's `exact` answer at scale `scale`.
    fn record(&mut self, found: f32, said_overlap: bool, exact: &Exact3, scale: f64) {
        let found = f64::from(found);
        // NaN (no answer) sorts last and so shows as the worst error.
        self.errors.push((found - exact.distance).abs() / scale);
        let near_touching = if exact.overlapping {
            // Without a known depth (two curved cores), a claimed gap within the
            // margin is as good as touching; a larger one is wrong by at least itself.
            exact.depth.unwrap_or(found) <= TOUCHING_MARGIN
        } else {
            exact.distance <= TOUCHING_MARGIN
        };
        if said_overlap != exact.overlapping && !near_touching {
            self.wrong += 1;
        }
    }

    /// `workload`, `library`, max and median error over L, wrong, mean iterations (with
    /// the number of `MaxIterations` answers, if any).
    fn fields(&mut self, workload: &str, library: &str) -> [String; 6] {
        self.errors.sort_by(f64::total_cmp);
        let max = self.errors.last().copied().unwrap_or(0.0);
        let median = self
            .errors
            .get(self.errors.len() / 2)
            .copied()
            .unwrap_or(0.0);
        let iterations = self.iterations.map_or_else(
            || "-".to_owned(),
            |(total, capped)| {
                let mean = total as f64 / self.errors.len().max(1) as f64;
                match capped {
                    0 => format!("{mean:.2}"),
                    _ => format!("{mean:.2} ({capped} at the cap)"),
                }
            },
        );
        [
            workload.to_owned(),
            library.to_owned(),
            format!("{max:.2e}"),
            format!("{median:.2e}"),
            self.wrong.to_string(),
            iterations,
        ]
    }
}

/// The scale of a pair: the larger of the exact distance and the two sizes.
fn scale_of<A: ShapeData3, B: ShapeData3>(pair: &ShapePair<A, B>, exact: &Exact3) -> f64 {
    pair.a.size().max(pair.b.size()).max(exact.distance)
}

/// `f` of every item, spread over the available cores (the oracle's surface
/// minimization for the ellipsoids takes most of this example's time); in order.
fn parallel_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = items.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let workers: Vec<_> = items
            .chunks(chunk)
            .map(|part| scope.spawn(|| part.iter().map(&f).collect::<Vec<R>>()))
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().expect("an oracle thread panicked"))
            .collect()
    })
}

/// gjk's tally on `workload`.
fn gjk_tally<A, B>(workload: &Workload3<A, B>) -> Tally
where
    A: ToGjkShape3<f32> + Oracle3 + ShapeData3 + Sync,
    B: ToGjkShape3<f32> + Oracle3 + ShapeData3 + Sync,
{
    let gjk = GjkWorkload3::<f32, _, _>::new(workload).expect("gjk takes the shapes");
    let queries: Vec<_> = workload
        .pairs
        .iter()
        .zip(gjk.shapes.iter().zip(&gjk.transforms))
        .map(|(pair, ((a, b), &(xf_a, xf_b)))| (pair, distance(a, xf_a, b, xf_b), xf_a, xf_b))
        .collect();
    let exact = parallel_map(&queries, |&(pair, _, xf_a, xf_b)| {
        distance3(
            &gjk_place(&pair.a.local(), xf_a),
            &gjk_place(&pair.b.local(), xf_b),
        )
    });
    let mut tally = Tally::default();
    let (mut iterations, mut capped) = (0u64, 0usize);
    for ((pair, out, ..), exact) in queries.iter().zip(&exact) {
        let said_overlap = out.status == DistanceStatus::Overlapping;
        tally.record(out.distance, said_overlap, exact, scale_of(pair, exact));
        iterations += u64::from(out.iterations);
        capped += usize::from(out.status == DistanceStatus::MaxIterations);
    }
    tally.iterations = Some((iterations, capped));
    tally
}

/// A parry3d query on one pair: the distance, and the two shapes in their local
/// frames as parry3d holds them.
type ParryQuery<'a, A, B> = dyn Fn(&A, &Pose, &B, &Pose) -> (f32, Shape3, Shape3) + 'a;

/// parry3d's tally on `workload` (a distance of zero is its overlap answer).
fn parry_tally<A: ShapeData3 + Sync, B: ShapeData3 + Sync>(
    workload: &Workload3<A, B>,
    query: &ParryQuery<'_, A, B>,
) -> Tally {
    let answers: Vec<_> = workload
        .pairs
        .iter()
        .zip(&workload.placements)
        .map(|(pair, PairPlacement3 { a, b })| {
            let (pose_a, pose_b) = (parry::pose(a), parry::pose(b));
            let (found, local_a, local_b) = query(&pair.a, &pose_a, &pair.b, &pose_b);
            (
                pair,
                found,
                parry_place(&local_a, &pose_a),
                parry_place(&local_b, &pose_b),
            )
        })
        .collect();
    let exact = parallel_map(&answers, |(_, _, a, b)| distance3(a, b));
    let mut tally = Tally::default();
    for ((pair, found, ..), exact) in answers.iter().zip(&exact) {
        tally.record(*found, *found == 0.0, exact, scale_of(pair, exact));
    }
    tally
}

/// parry3d's polyhedron of `data` and the oracle's view of it: its own vertices.
fn parry_hull(data: &HullData) -> (parry3d::shape::ConvexPolyhedron, Shape3) {
    let hull = parry::hull(data).expect("parry3d takes the hulls");
    let points = hull.points().iter().map(|p| [p.x, p.y, p.z].map(f64::from));
    let local = Shape3::new(Core3::Polytope(points.collect()), 0.0);
    (hull, local)
}

/// Every row: workload, library, max error / L, median error / L, wrong, mean
/// iterations.
fn rows() -> Vec<[String; 6]> {
    let mut rows = Vec::new();

    let cuboids = standard_cuboid_pairs();
    rows.push(gjk_tally(&cuboids).fields("distance_cuboids", "gjk"));
    let gjk_path: &ParryQuery<'_, CuboidData, CuboidData> = &|a, pose_a, b, pose_b| {
        let found = parry::gjk_distance(&parry::cuboid(a), pose_a, &parry::cuboid(b), pose_b);
        (found, a.local(), b.local())
    };
    rows.push(parry_tally(&cuboids, gjk_path).fields("distance_cuboids", "parry3d"));
    let sat_path: &ParryQuery<'_, CuboidData, CuboidData> = &|a, pose_a, b, pose_b| {
        let found = parry::distance(&parry::cuboid(a), pose_a, &parry::cuboid(b), pose_b);
        (found, a.local(), b.local())
    };
    rows.push(parry_tally(&cuboids, sat_path).fields("distance_cuboids", "parry3d_sat"));

    let hulls = standard_hull_pairs();
    rows.push(gjk_tally(&hulls).fields("distance_hulls", "gjk"));
    let query: &ParryQuery<'_, HullData, HullData> = &|a, pose_a, b, pose_b| {
        let ((hull_a, local_a), (hull_b, local_b)) = (parry_hull(a), parry_hull(b));
        let found = parry::gjk_distance(&hull_a, pose_a, &hull_b, pose_b);
        (found, local_a, local_b)
    };
    rows.push(parry_tally(&hulls, query).fields("distance_hulls", "parry3d"));

    let capsule_hull = standard_capsule_hull_pairs();
    rows.push(gjk_tally(&capsule_hull).fields("distance_capsule_hull", "gjk"));
    let query: &ParryQuery<'_, Capsule3Data, HullData> = &|a, pose_a, b, pose_b| {
        let (hull, local_b) = parry_hull(b);
        let found = parry::gjk_distance(&parry::capsule(a), pose_a, &hull, pose_b);
        (found, a.local(), local_b)
    };
    rows.push(parry_tally(&capsule_hull, query).fields("distance_capsule_hull", "parry3d"));

    let sphere_hull = standard_sphere_hull_pairs();
    rows.push(gjk_tally(&sphere_hull).fields("distance_sphere_hull", "gjk"));
    let query: &ParryQuery<'_, SphereData, HullData> = &|a, pose_a, b, pose_b| {
        let (hull, local_b) = parry_hull(b);
        let found = parry::distance(&parry::ball(a), pose_a, &hull, pose_b);
        (found, a.local(), local_b)
    };
    rows.push(parry_tally(&sphere_hull, query).fields("distance_sphere_hull", "parry3d"));

    rows.push(gjk_tally(&standard_ellipsoid_pairs()).fields("distance_ellipsoids", "gjk"));
    rows
}

fn main() {
    let rows = rows();
    if std::env::args().any(|arg| arg == "--tsv") {
        for row in &rows {
            println!("{}", row.join("\t"));
        }
        return;
    }
    println!("## 3D accuracy against the exact f64 oracle\n");
    println!(
        "Every query of the 3D benchmark's batch (1024 pairs per workload), each library \
         judged on its own `f32` input. Error: |distance - exact| / L, L the larger of the \
         exact distance and the two shapes' sizes. Wrong: overlap reported where the \
         exact answer is apart, or the reverse, counting only pairs farther than \
         {TOUCHING_MARGIN:e} from touching. Iterations: gjk's mean support calls after \
         its start, over all pairs, with its answers at the iteration cap if any; \
         parry3d does not report its iterations.\n"
    );
    println!("| workload | library | max error / L | median error / L | wrong | mean iterations |");
    println!("| --- | --- | ---: | ---: | ---: | ---: |");
    for row in &rows {
        let [workload, rest @ ..] = row;
        println!("| {} | {} |", workload.replace('_', " "), rest.join(" | "));
    }
}
