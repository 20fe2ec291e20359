//! Accuracy and iterations of gjk, parry2d and Box2D v3 on the peer benchmark's own
//! queries, against the exact f64 oracle (`gjk-oracle`), printed as markdown for
//! `cargo xtask bench` to append to its report:
//!
//! ```text
//! cargo run --release -p gjk-benches --example peer_accuracy
//! ```
//!
//! Each library is judged on the input it was actually given: the oracle places the
//! `f32` vertices every library receives with that library's own `f32` transform
//! (gjk and parry2d compute their rotations from an `f32` angle, the Box2D adapter
//! rounds an `f64` cosine and sine), so rounding of the inputs is not counted as an
//! error of the algorithm.

#[path = "../peers/mod.rs"]
#[allow(dead_code)] // The manifold's adapter is timed, not judged, here.
mod peers;

use gjk_benches::standard::{
    standard_capsule_polygon_pairs, standard_coherent_motion, standard_ellipse_pairs,
    standard_mixed_polygon_pairs, standard_octagon_pairs,
};
use gjk_benches::{
    CapsuleData, EllipseData, GjkWorkload, Placement, PolygonData, Workload, cast_motions,
    gjk_cast_queries,
};
use gjk_core::{
    CastOutput, CastStatus, DistanceOutput, DistanceStatus, SimplexCache, Transform, distance,
    distance_cached, ray_cast, shape_cast,
};
use gjk_oracle::{Core, Shape};
use gjk_shapes::Polygon;
use peers::{box2d, parry};

/// Pairs whose exact signed distance is within this of zero may be called either
/// touching or apart: a few `f32` epsilons (1.2e-7) of the coordinates, which reach
/// about 14 from the origin in these workloads, so about 2e-5 of input rounding
/// alone.
const TOUCHING_MARGIN: f64 = 2e-5;

/// A library's placement of a shape: translation, cosine and sine, as `f64`.
type Pose = ([f64; 2], f64, f64);

fn gjk_pose(xf: Transform<f32>) -> Pose {
    (
        [f64::from(xf.translation.x), f64::from(xf.translation.y)],
        f64::from(xf.rotation.cos),
        f64::from(xf.rotation.sin),
    )
}

fn box2d_pose(xf: boxdd_sys::ffi::b2Transform) -> Pose {
    (
        [f64::from(xf.p.x), f64::from(xf.p.y)],
        f64::from(xf.q.c),
        f64::from(xf.q.s),
    )
}

fn parry_pose(pose: &parry2d::math::Pose) -> Pose {
    (
        [f64::from(pose.translation.x), f64::from(pose.translation.y)],
        f64::from(pose.rotation.cos()),
        f64::from(pose.rotation.sin()),
    )
}

/// The polygon's vertices as every library receives them (rounded to `f32`), placed
/// exactly by `pose`.
fn world_polygon(data: &PolygonData, pose: Pose) -> Vec<[f64; 2]> {
    let (translation, cos, sin) = pose;
    data.vertices
        .iter()
        .map(|&[x, y]| {
            let (x, y) = (f64::from(x as f32), f64::from(y as f32));
            [
                translation[0] + cos * x - sin * y,
                translation[1] + sin * x + cos * y,
            ]
        })
        .collect()
}

/// The capsule's core segment placed exactly by `pose`, with its radius.
fn world_capsule(data: &CapsuleData, pose: Pose) -> Shape {
    let (translation, cos, sin) = pose;
    let [start, end] = data.ends().map(|[x, y]| {
        let (x, y) = (f64::from(x as f32), f64::from(y as f32));
        [
            translation[0] + cos * x - sin * y,
            translation[1] + sin * x + cos * y,
        ]
    });
    Shape::new(Core::Segment(start, end), f64::from(data.radius as f32))
}

fn exact_distance(pair: &gjk_benches::ShapePair<PolygonData>, pose_a: Pose, pose_b: Pose) -> f64 {
    let shape = |data, pose| Shape::new(Core::Polygon(world_polygon(data, pose)), 0.0);
    gjk_oracle::distance(&shape(&pair.a, pose_a), &shape(&pair.b, pose_b)).signed()
}

/// Errors of one library on one workload.
#[derive(Default)]
struct Tally {
    errors: Vec<f64>,
    wrong: usize,
}

impl Tally {
    /// Records an answer: its error, and whether it classified (`said`) the pair
    /// differently from the exact answer (`truth`) outside the touching margin.
    fn record(&mut self, error: f64, said: bool, truth: bool, exact_gap: f64) {
        self.errors.push(error);
        if said != truth && exact_gap.abs() > TOUCHING_MARGIN {
            self.wrong += 1;
        }
    }

    fn row(&mut self, workload: &str, library: &str, what: &str) -> String {
        self.errors.sort_by(f64::total_cmp);
        let max = self.errors.last().copied().unwrap_or(0.0);
        let p99 = self
            .errors
            .get(self.errors.len() * 99 / 100)
            .copied()
            .unwrap_or(0.0);
        format!(
            "| {workload} | {library} | {what} | {max:.2e} | {p99:.2e} | {} |",
            self.wrong
        )
    }
}

/// Distance accuracy and mean iterations of the three libraries on one workload.
fn distance_rows(name: &str, workload: &Workload<PolygonData>, rows: &mut Vec<String>) -> String {
    let gjk = GjkWorkload::<f32, Polygon<f32, 8>>::new(workload).expect("gjk takes the polygons");
    let (mut gjk_tally, mut parry_tally, mut box2d_tally) =
        (Tally::default(), Tally::default(), Tally::default());
    let (mut gjk_iterations, mut gjk_separated_iterations, mut gjk_separated) = (0u64, 0u64, 0u64);
    let (mut box2d_iterations, mut box2d_separated) = (0u64, 0u64);
    let pairs = workload.pairs.iter().zip(&workload.frames[0]);
    for ((pair, placement), ((a, b), &(xf_a, xf_b))) in
        pairs.zip(gjk.shapes.iter().zip(&gjk.frames[0]))
    {
        let gap = |pose_a, pose_b| exact_distance(pair, pose_a, pose_b);

        let out = distance(a, xf_a, b, xf_b);
        let exact = gap(gjk_pose(xf_a), gjk_pose(xf_b));
        let said_overlap = out.status == DistanceStatus::Overlapping;
        gjk_tally.record(
            (f64::from(out.distance) - exact.max(0.0)).abs(),
            said_overlap,
            exact <= 0.0,
            exact,
        );
        gjk_iterations += u64::from(out.iterations);
        if !said_overlap {
            gjk_separated_iterations += u64::from(out.iterations);
            gjk_separated += 1;
        }

        let polygon = |data| parry::polygon(data).expect("parry2d takes the polygons");
        let (pose_a, pose_b) = (parry::pose(&placement.a), parry::pose(&placement.b));
        let found = parry::distance(&polygon(&pair.a), &pose_a, &polygon(&pair.b), &pose_b);
        let exact = gap(parry_pose(&pose_a), parry_pose(&pose_b));
        parry_tally.record(
            (f64::from(found) - exact.max(0.0)).abs(),
            found == 0.0,
            exact <= 0.0,
            exact,
        );

        let polygon = |data| box2d::Box2dPolygon::new(data).expect("Box2D takes the polygons");
        let (xf_a, xf_b) = (
            box2d::transform(&placement.a),
            box2d::transform(&placement.b),
        );
        let out = box2d::distance_output(&polygon(&pair.a), xf_a, &polygon(&pair.b), xf_b);
        let exact = gap(box2d_pose(xf_a), box2d_pose(xf_b));
        box2d_tally.record(
            (f64::from(out.distance) - exact.max(0.0)).abs(),
            out.distance == 0.0,
            exact <= 0.0,
            exact,
        );
        if out.distance > 0.0 {
            box2d_iterations += u64::try_from(out.iterations).unwrap_or(0);
            box2d_separated += 1;
        }
    }
    let workload = format!("distance {name}");
    rows.push(gjk_tally.row(&workload, "gjk", "distance"));
    rows.push(parry_tally.row(&workload, "parry2d", "distance"));
    rows.push(box2d_tally.row(&workload, "box2d", "distance"));
    let mean = |total: u64, count: u64| total as f64 / count.max(1) as f64;
    format!(
        "| {workload} | {:.2} | {:.2} | n/a | {:.2} |",
        mean(gjk_iterations, gjk.shapes.len() as u64),
        mean(gjk_separated_iterations, gjk_separated),
        mean(box2d_iterations, box2d_separated),
    )
}

/// gjk's classification and error against the exact signed distance `exact`.
fn judge_gjk(tally: &mut Tally, out: &DistanceOutput<f32>, exact: f64) {
    tally.record(
        (f64::from(out.distance) - exact.max(0.0)).abs(),
        out.status == DistanceStatus::Overlapping,
        exact <= 0.0,
        exact,
    );
}

/// Distance accuracy of the three libraries on capsules against polygons.
fn capsule_rows(workload: &Workload<CapsuleData, PolygonData>, rows: &mut Vec<String>) {
    let gjk = GjkWorkload::<f32, _, _>::new(workload).expect("gjk takes the shapes");
    let (mut gjk_tally, mut parry_tally, mut box2d_tally) =
        (Tally::default(), Tally::default(), Tally::default());
    let pairs = workload.pairs.iter().zip(&workload.frames[0]);
    for ((pair, placement), ((a, b), &(xf_a, xf_b))) in
        pairs.zip(gjk.shapes.iter().zip(&gjk.frames[0]))
    {
        let exact = |pose_a, pose_b| {
            let polygon = Shape::new(Core::Polygon(world_polygon(&pair.b, pose_b)), 0.0);
            gjk_oracle::distance(&world_capsule(&pair.a, pose_a), &polygon).signed()
        };
        let judge = |tally: &mut Tally, found: f32, exact: f64| {
            tally.record(
                (f64::from(found) - exact.max(0.0)).abs(),
                found == 0.0,
                exact <= 0.0,
                exact,
            );
        };
        let out = distance(a, xf_a, b, xf_b);
        judge_gjk(&mut gjk_tally, &out, exact(gjk_pose(xf_a), gjk_pose(xf_b)));

        let (pose_a, pose_b) = (parry::pose(&placement.a), parry::pose(&placement.b));
        let polygon = parry::polygon(&pair.b).expect("parry2d takes the polygons");
        let found = parry::distance(&parry::capsule(&pair.a), &pose_a, &polygon, &pose_b);
        judge(
            &mut parry_tally,
            found,
            exact(parry_pose(&pose_a), parry_pose(&pose_b)),
        );

        let (xf_a, xf_b) = (
            box2d::transform(&placement.a),
            box2d::transform(&placement.b),
        );
        let polygon = box2d::Box2dPolygon::new(&pair.b).expect("Box2D takes the polygons");
        let capsule = box2d::capsule_proxy(&pair.a);
        let out = box2d::proxy_distance(
            &capsule,
            xf_a,
            polygon.proxy(),
            xf_b,
            &mut box2d::empty_cache(),
        );
        judge(
            &mut box2d_tally,
            out.distance,
            exact(box2d_pose(xf_a), box2d_pose(xf_b)),
        );
    }
    let workload = "distance capsule polygon";
    rows.push(gjk_tally.row(workload, "gjk", "distance"));
    rows.push(parry_tally.row(workload, "parry2d", "distance"));
    rows.push(box2d_tally.row(workload, "box2d", "distance"));
}

/// Distance accuracy of gjk on ellipse pairs (no peer has an ellipse).
fn ellipse_rows(workload: &Workload<EllipseData>, rows: &mut Vec<String>) {
    let gjk = GjkWorkload::<f32, _>::new(workload).expect("gjk takes the shapes");
    let mut tally = Tally::default();
    let ellipse = |data: &EllipseData, xf: Transform<f32>| {
        let (center, cos, sin) = gjk_pose(xf);
        let semi_axes = data.semi_axes.map(|axis| f64::from(axis as f32));
        Shape::new(
            Core::Ellipse {
                center,
                semi_axes,
                cos,
                sin,
            },
            0.0,
        )
    };
    for (pair, ((a, b), &(xf_a, xf_b))) in workload
        .pairs
        .iter()
        .zip(gjk.shapes.iter().zip(&gjk.frames[0]))
    {
        let exact = gjk_oracle::distance(&ellipse(&pair.a, xf_a), &ellipse(&pair.b, xf_b)).signed();
        judge_gjk(&mut tally, &distance(a, xf_a, b, xf_b), exact);
    }
    rows.push(tally.row("distance ellipses", "gjk", "distance"));
}

/// Mean iterations on the octagons in coherent motion, cold and warm-started (the
/// caches warmed by one pass over the frames first), for gjk and Box2D (Box2D's over
/// its separated answers only).
fn coherent_iterations() -> [String; 2] {
    let moving = standard_coherent_motion(&standard_octagon_pairs());
    let gjk = GjkWorkload::<f32, _>::new(&moving).expect("gjk takes the shapes");
    let mut caches = vec![SimplexCache::new(); gjk.len()];
    let octagon = box2d::Box2dPolygon::new(&moving.pairs[0].a).expect("Box2D takes it");
    let proxy = octagon.proxy();
    let mut box2d_caches = vec![box2d::empty_cache(); gjk.len()];
    // [gjk cold, gjk warm, Box2D cold, Box2D warm] totals and counts.
    let mut totals = [0u64; 4];
    let mut counts = [0u64; 4];
    for pass in 0..2 {
        for (frame, placements) in gjk.frames.iter().zip(&moving.frames) {
            let queries = gjk.shapes.iter().zip(frame).zip(placements);
            for ((((a, b), &(xf_a, xf_b)), placement), (cache, box2d_cache)) in
                queries.zip(caches.iter_mut().zip(&mut box2d_caches))
            {
                let warm = distance_cached(a, xf_a, b, xf_b, cache);
                let (box2d_a, box2d_b) = (
                    box2d::transform(&placement.a),
                    box2d::transform(&placement.b),
                );
                let box2d_warm = box2d::proxy_distance(proxy, box2d_a, proxy, box2d_b, box2d_cache);
                if pass == 0 {
                    continue;
                }
                let cold = distance(a, xf_a, b, xf_b);
                let box2d_cold = box2d::proxy_distance(
                    proxy,
                    box2d_a,
                    proxy,
                    box2d_b,
                    &mut box2d::empty_cache(),
                );
                let counted = [
                    Some(cold.iterations),
                    Some(warm.iterations),
                    (box2d_cold.distance > 0.0).then_some(box2d_cold.iterations.unsigned_abs()),
                    (box2d_warm.distance > 0.0).then_some(box2d_warm.iterations.unsigned_abs()),
                ];
                for (slot, iterations) in counted.into_iter().enumerate() {
                    if let Some(iterations) = iterations {
                        totals[slot] += u64::from(iterations);
                        counts[slot] += 1;
                    }
                }
            }
        }
    }
    let mean = |slot: usize| totals[slot] as f64 / counts[slot].max(1) as f64;
    [
        format!(
            "| coherent octagons, cold | {:.2} | - | n/a | {:.2} |",
            mean(0),
            mean(2)
        ),
        format!(
            "| coherent octagons, warm-started | {:.2} | - | n/a | {:.2} |",
            mean(1),
            mean(3)
        ),
    ]
}

/// The convex hull of `points`, counter-clockwise (Andrew's monotone chain), exact in
/// `f64` for the few points of a Minkowski difference.
fn convex_hull(mut points: Vec<[f64; 2]>) -> Vec<[f64; 2]> {
    points.sort_by(|p, q| p[0].total_cmp(&q[0]).then(p[1].total_cmp(&q[1])));
    points.dedup();
    let turn = |o: [f64; 2], a: [f64; 2], b: [f64; 2]| {
        (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
    };
    let mut hull: Vec<[f64; 2]> = Vec::with_capacity(points.len() + 1);
    let lower = points.clone();
    let upper: Vec<[f64; 2]> = points.iter().rev().copied().collect();
    for chain in [lower, upper] {
        let start = hull.len();
        for point in chain {
            while hull.len() >= start + 2
                && turn(hull[hull.len() - 2], hull[hull.len() - 1], point) <= 0.0
            {
                hull.pop();
            }
            hull.push(point);
        }
        hull.pop();
    }
    hull
}

/// Sweep accuracy on the octagons: B moving by the cast motion's translation onto A.
/// B + t T first touches A where the ray from the origin along T enters the
/// Minkowski difference A - B, so the exact fraction is that ray's (`f64`, on the hull
/// of the vertex differences). Box2D's cast aims for a linear slop (0.005) short of
/// contact on purpose; its errors are shown as measured.
fn sweep_rows(workload: &Workload<PolygonData>, rows: &mut Vec<String>) {
    let placements = &workload.frames[0];
    let motions = cast_motions(placements);
    let queries = gjk_cast_queries::<f32>(placements);
    let gjk = GjkWorkload::<f32, Polygon<f32, 8>>::new(workload).expect("gjk takes the polygons");
    let (mut gjk_tally, mut parry_tally, mut box2d_tally) =
        (Tally::default(), Tally::default(), Tally::default());
    for (((pair, placement), motion), (query, (octagon, _))) in workload
        .pairs
        .iter()
        .zip(placements)
        .zip(&motions)
        .zip(queries.iter().zip(&gjk.shapes))
    {
        let translation = motion.translation.map(|c| f64::from(c as f32));
        let length = translation[0].hypot(translation[1]);
        let judge = |tally: &mut Tally, pose_a: Pose, pose_b: Pose, found: Option<f32>| {
            let a = world_polygon(&pair.a, pose_a);
            let b = world_polygon(&pair.b, pose_b);
            let differences = a
                .iter()
                .flat_map(|p| b.iter().map(move |q| [p[0] - q[0], p[1] - q[1]]))
                .collect();
            let difference = convex_hull(differences);
            let exact = exact_ray_fraction(&difference, [0.0, 0.0], translation);
            let error = match (found, exact) {
                (Some(found), Some(exact)) => (f64::from(found) - exact).abs() * length,
                _ => 0.0,
            };
            let path = Shape::new(Core::Segment([0.0, 0.0], translation), 0.0);
            let margin =
                gjk_oracle::distance(&path, &Shape::new(Core::Polygon(difference), 0.0)).signed();
            tally.record(error, found.is_some(), exact.is_some(), margin);
        };
        let start = Placement {
            position: motion.origin,
            angle: placement.b.angle,
        };

        let out = shape_cast(octagon, query.xf_a, octagon, query.xf_b, query.motion);
        judge(
            &mut gjk_tally,
            gjk_pose(query.xf_a),
            gjk_pose(query.xf_b),
            hit_fraction(&out),
        );

        let polygon = parry::polygon(&pair.a).expect("parry2d takes the polygons");
        let (pose_a, pose_b) = (parry::pose(&placement.a), parry::pose(&start));
        let found = parry::shape_cast(&polygon, &pose_a, &polygon, &pose_b, motion.translation);
        judge(
            &mut parry_tally,
            parry_pose(&pose_a),
            parry_pose(&pose_b),
            found,
        );

        let polygon = box2d::Box2dPolygon::new(&pair.a).expect("Box2D takes the polygons");
        let (xf_a, xf_b) = (box2d::transform(&placement.a), box2d::transform(&start));
        let found = box2d::shape_cast(&polygon, xf_a, &polygon, xf_b, motion.translation);
        judge(&mut box2d_tally, box2d_pose(xf_a), box2d_pose(xf_b), found);
    }
    let what = "hit fraction x length";
    rows.push(gjk_tally.row("sweep octagons", "gjk", what));
    rows.push(parry_tally.row("sweep octagons", "parry2d", what));
    rows.push(box2d_tally.row(
        "sweep octagons (stops 0.005 short by design)",
        "box2d",
        what,
    ));
}

/// The first fraction of `translation` at which the ray from `origin` enters the
/// convex counter-clockwise `polygon` (zero from inside), exactly in `f64`, clipped
/// to `[0, 1]`; `None` for a miss.
fn exact_ray_fraction(
    polygon: &[[f64; 2]],
    origin: [f64; 2],
    translation: [f64; 2],
) -> Option<f64> {
    let (mut enter, mut leave) = (0.0_f64, 1.0_f64);
    for (index, &start) in polygon.iter().enumerate() {
        let end = polygon[(index + 1) % polygon.len()];
        // Outward normal of the counter-clockwise edge and the origin's signed
        // distance past it.
        let normal = [end[1] - start[1], start[0] - end[0]];
        let outside = normal[0] * (origin[0] - start[0]) + normal[1] * (origin[1] - start[1]);
        let approach = normal[0] * translation[0] + normal[1] * translation[1];
        if approach == 0.0 {
            if outside > 0.0 {
                return None;
            }
        } else if approach < 0.0 {
            enter = enter.max(-outside / approach);
        } else {
            leave = leave.min(-outside / approach);
        }
        if enter > leave {
            return None;
        }
    }
    Some(enter)
}

/// gjk's hit fraction: zero for a ray that starts inside.
fn hit_fraction(out: &CastOutput<f32>) -> Option<f32> {
    match out.status {
        CastStatus::Hit => Some(out.fraction),
        CastStatus::StartsInside => Some(0.0),
        _ => None,
    }
}

/// Ray accuracy against the octagons: hit fraction error in length units and
/// hit/miss disagreements (rays whose exact hit is within the margin of a graze, or
/// of the ray's end, may go either way).
fn ray_rows(workload: &Workload<PolygonData>, rows: &mut Vec<String>) {
    let placements = &workload.frames[0];
    let motions = cast_motions(placements);
    let queries = gjk_cast_queries::<f32>(placements);
    let gjk = GjkWorkload::<f32, Polygon<f32, 8>>::new(workload).expect("gjk takes the polygons");
    let (mut gjk_tally, mut analytic_tally, mut parry_tally, mut box2d_tally) = (
        Tally::default(),
        Tally::default(),
        Tally::default(),
        Tally::default(),
    );
    for (((pair, placement), motion), (query, (octagon, _))) in workload
        .pairs
        .iter()
        .zip(placements)
        .zip(&motions)
        .zip(queries.iter().zip(&gjk.shapes))
    {
        let origin32 = motion.origin.map(|c| f64::from(c as f32));
        let translation32 = motion.translation.map(|c| f64::from(c as f32));
        let length = translation32[0].hypot(translation32[1]);
        let judge = |tally: &mut Tally, pose: Pose, found: Option<f32>| {
            let polygon = world_polygon(&pair.a, pose);
            let exact = exact_ray_fraction(&polygon, origin32, translation32);
            let error = match (found, exact) {
                (Some(found), Some(exact)) => (f64::from(found) - exact).abs() * length,
                _ => 0.0,
            };
            // How far the exact answer is from flipping: the gap between the ray's
            // segment and the polygon for a miss, the depth of their overlap (the
            // shortest move that parts them: small for a graze, or for a hit near the
            // ray's end) for a hit.
            let ray_end = [
                origin32[0] + translation32[0],
                origin32[1] + translation32[1],
            ];
            let segment = Shape::new(Core::Segment(origin32, ray_end), 0.0);
            let margin =
                gjk_oracle::distance(&segment, &Shape::new(Core::Polygon(polygon), 0.0)).signed();
            tally.record(error, found.is_some(), exact.is_some(), margin);
        };

        let out = ray_cast(octagon, query.xf_a, query.ray);
        let found = hit_fraction(&out);
        judge(&mut gjk_tally, gjk_pose(query.xf_a), found);
        let analytic = octagon.ray_cast(query.xf_a, query.ray);
        let found = hit_fraction(&analytic);
        judge(&mut analytic_tally, gjk_pose(query.xf_a), found);

        let polygon = parry::polygon(&pair.a).expect("parry2d takes the polygons");
        let pose = parry::pose(&placement.a);
        let found = parry::ray_cast(&polygon, &pose, motion.origin, motion.translation);
        judge(&mut parry_tally, parry_pose(&pose), found);

        let polygon = box2d::Box2dPolygon::new(&pair.a).expect("Box2D takes the polygons");
        let xf = box2d::transform(&placement.a);
        let found = box2d::ray_cast(&polygon, xf, motion.origin, motion.translation);
        judge(&mut box2d_tally, box2d_pose(xf), found);
    }
    rows.push(gjk_tally.row("ray octagons", "gjk generic", "hit fraction x length"));
    rows.push(analytic_tally.row("ray octagons", "gjk analytic", "hit fraction x length"));
    rows.push(parry_tally.row("ray octagons", "parry2d", "hit fraction x length"));
    rows.push(box2d_tally.row("ray octagons", "box2d", "hit fraction x length"));
}

fn main() {
    let octagons = standard_octagon_pairs();
    let mut accuracy = Vec::new();
    let [cold, warm] = coherent_iterations();
    let iterations = [
        distance_rows("octagons", &octagons, &mut accuracy),
        distance_rows(
            "mixed polygons",
            &standard_mixed_polygon_pairs(),
            &mut accuracy,
        ),
        cold,
        warm,
    ];
    capsule_rows(&standard_capsule_polygon_pairs(), &mut accuracy);
    ellipse_rows(&standard_ellipse_pairs(), &mut accuracy);
    ray_rows(&octagons, &mut accuracy);
    sweep_rows(&octagons, &mut accuracy);

    println!("## Accuracy against the exact f64 oracle\n");
    println!(
        "Every query of the benchmark's batch, each library judged on its own `f32` input. \
         Error: absolute, in length units (shapes are about unit size, placed up to 14 \
         from the origin). Wrong: overlap (or hit) reported where the exact answer is \
         apart (or a miss), or the reverse, counting only pairs farther than {TOUCHING_MARGIN:e} \
         from the boundary case.\n"
    );
    println!("| workload | library | value | max error | p99 error | wrong |");
    println!("| --- | --- | --- | ---: | ---: | ---: |");
    for row in &accuracy {
        println!("{row}");
    }
    println!("\n## Mean GJK iterations (support calls after the start)\n");
    println!(
        "gjk starts from one support point along the line of centres (not counted); Box2D \
         from the first vertex of each shape, for free. Box2D does not report its \
         iterations when the shapes overlap (it returns before setting them), so its \
         column covers the separated pairs only; parry2d does not report them.\n"
    );
    println!(
        "| workload | gjk, all pairs | gjk, separated pairs | parry2d | box2d, separated pairs |"
    );
    println!("| --- | ---: | ---: | ---: | ---: |");
    for row in &iterations {
        println!("{row}");
    }
}
