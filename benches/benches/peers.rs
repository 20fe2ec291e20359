//! gjk side by side with parry2d and Box2D v3 (its C API through boxdd-sys), in one
//! criterion run, on the same `f32` data: octagon pairs (Box2D's classic distance
//! micro-benchmark), mixed convex polygons of 3 to 8 vertices (half overlapping),
//! capsules against mixed polygons, ellipse pairs (gjk alone: neither peer has an
//! ellipse), the octagons in coherent motion (cold and warm-started: Box2D with its
//! simplex cache, parry2d through its GJK entry point seeded along last frame's normal),
//! rays and sweeps against
//! the octagons (half hitting), and the polygon manifold of octagons in contact. The
//! distance groups also time gjk as a user's code calls it: through the user's own
//! shape enum, `gjk_shapes::Shape` and `&dyn Support` (`gjk_benches::patterns`). Each
//! criterion iteration runs `BATCH_SIZE` queries, so its time divided by that is the
//! time per query; the groups name the workload, the functions the library.

#[path = "../peers/mod.rs"]
mod peers;

use core::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gjk_benches::patterns::{Patterns, shape_pairs, user_distance};
use gjk_benches::standard::{
    BATCH_SIZE, SPECULATIVE, standard_capsule_polygon_pairs, standard_coherent_motion,
    standard_ellipse_pairs, standard_mixed_polygon_pairs, standard_octagon_pairs,
    standard_octagons_in_contact,
};
use gjk_benches::{
    GjkWorkload, PairPlacement, PolygonData, Workload, cast_motions, gjk_cast_queries,
};
use gjk_core::{SimplexCache, distance, distance_cached, ray_cast, shape_cast};
use gjk_shapes::{Polygon, collide_polygons};
use peers::{box2d, parry};

/// Every library's view of one static workload of polygon pairs.
struct Scene {
    gjk: GjkWorkload<f32, Polygon<f32, 8>>,
    parry: Vec<ParryPair>,
    box2d: Vec<Box2dPair>,
    placements: Vec<PairPlacement>,
}

/// Shapes A and B and their poses, in parry2d.
type ParryPair = (
    parry2d::shape::ConvexPolygon,
    parry2d::shape::ConvexPolygon,
    parry2d::math::Pose,
    parry2d::math::Pose,
);

/// Shapes A and B and their transforms, in Box2D.
type Box2dPair = (
    box2d::Box2dPolygon,
    box2d::Box2dPolygon,
    boxdd_sys::ffi::b2Transform,
    boxdd_sys::ffi::b2Transform,
);

impl Scene {
    fn new(workload: &Workload<PolygonData>) -> Self {
        let placements = workload.frames[0].clone();
        let pairs = workload.pairs.iter().zip(&placements);
        Self {
            gjk: GjkWorkload::new(workload).expect("gjk takes the polygons"),
            parry: pairs
                .clone()
                .map(|(shapes, pair)| {
                    let polygon = |data| parry::polygon(data).expect("parry2d takes the polygons");
                    (
                        polygon(&shapes.a),
                        polygon(&shapes.b),
                        parry::pose(&pair.a),
                        parry::pose(&pair.b),
                    )
                })
                .collect(),
            box2d: pairs
                .map(|(shapes, pair)| {
                    let polygon =
                        |data| box2d::Box2dPolygon::new(data).expect("Box2D takes the polygons");
                    (
                        polygon(&shapes.a),
                        polygon(&shapes.b),
                        box2d::transform(&pair.a),
                        box2d::transform(&pair.b),
                    )
                })
                .collect(),
            placements,
        }
    }
}

fn bench_distance(criterion: &mut Criterion, name: &str, scene: &Scene) {
    let mut group = criterion.benchmark_group(name);
    group.throughput(Throughput::Elements(BATCH_SIZE as u64));
    group.bench_function("gjk", |bencher| {
        bencher.iter(|| {
            for ((a, b), &(xf_a, xf_b)) in scene.gjk.shapes.iter().zip(&scene.gjk.frames[0]) {
                let _ = black_box(distance(a, xf_a, b, xf_b));
            }
        });
    });
    // The same queries as a user's code calls them (`gjk_benches::patterns`): through
    // the user's own shape enum (a `match` per pair), `gjk_shapes::Shape`, and
    // `&dyn Support`.
    let patterns = Patterns::new(&scene.gjk.shapes, &scene.gjk.frames[0]);
    let shapes = shape_pairs(&scene.gjk.shapes, &scene.gjk.frames[0]);
    group.bench_function("gjk_enum", |bencher| {
        bencher.iter(|| {
            for (a, b, xf_a, xf_b) in &patterns.user {
                let _ = black_box(user_distance(a, *xf_a, b, *xf_b));
            }
        });
    });
    group.bench_function("gjk_shape", |bencher| {
        bencher.iter(|| {
            for (a, b, xf_a, xf_b) in &shapes {
                let _ = black_box(distance(a, *xf_a, b, *xf_b));
            }
        });
    });
    group.bench_function("gjk_dyn", |bencher| {
        bencher.iter(|| {
            for (a, b, xf_a, xf_b) in &patterns.boxed {
                let _ = black_box(distance(&**a, *xf_a, &**b, *xf_b));
            }
        });
    });
    group.bench_function("parry2d", |bencher| {
        bencher.iter(|| {
            for (a, b, pose_a, pose_b) in &scene.parry {
                black_box(parry::distance(a, pose_a, b, pose_b));
            }
        });
    });
    group.bench_function("box2d", |bencher| {
        bencher.iter(|| {
            for (a, b, xf_a, xf_b) in &scene.box2d {
                black_box(box2d::distance(a, *xf_a, b, *xf_b));
            }
        });
    });
    group.finish();
}

fn bench_casts(criterion: &mut Criterion, scene: &Scene) {
    let motions = cast_motions(&scene.placements);
    let queries = gjk_cast_queries::<f32>(&scene.placements);
    let octagon = &scene.gjk.shapes[0].0;
    let mut group = criterion.benchmark_group("peers_ray_octagons");
    group.throughput(Throughput::Elements(BATCH_SIZE as u64));
    group.bench_function("gjk_analytic", |bencher| {
        bencher.iter(|| {
            for query in &queries {
                let _ = black_box(octagon.ray_cast(query.xf_a, query.ray));
            }
        });
    });
    group.bench_function("gjk_generic", |bencher| {
        bencher.iter(|| {
            for query in &queries {
                let _ = black_box(ray_cast(octagon, query.xf_a, query.ray));
            }
        });
    });
    group.bench_function("parry2d", |bencher| {
        bencher.iter(|| {
            for ((shape, _, pose_a, _), motion) in scene.parry.iter().zip(&motions) {
                black_box(parry::ray_cast(
                    shape,
                    pose_a,
                    motion.origin,
                    motion.translation,
                ));
            }
        });
    });
    group.bench_function("box2d", |bencher| {
        bencher.iter(|| {
            for ((shape, _, xf_a, _), motion) in scene.box2d.iter().zip(&motions) {
                black_box(box2d::ray_cast(
                    shape,
                    *xf_a,
                    motion.origin,
                    motion.translation,
                ));
            }
        });
    });
    group.finish();

    let mut group = criterion.benchmark_group("peers_sweep_octagons");
    group.throughput(Throughput::Elements(BATCH_SIZE as u64));
    group.bench_function("gjk", |bencher| {
        bencher.iter(|| {
            for query in &queries {
                let _ = black_box(shape_cast(
                    octagon,
                    query.xf_a,
                    octagon,
                    query.xf_b,
                    query.motion,
                ));
            }
        });
    });
    let starts: Vec<_> = motions
        .iter()
        .zip(&scene.placements)
        .map(|(motion, pair)| gjk_benches::Placement {
            position: motion.origin,
            angle: pair.b.angle,
        })
        .collect();
    group.bench_function("parry2d", |bencher| {
        let poses: Vec<_> = starts.iter().map(parry::pose).collect();
        bencher.iter(|| {
            for (((shape, _, pose_a, _), pose_b), motion) in
                scene.parry.iter().zip(&poses).zip(&motions)
            {
                black_box(parry::shape_cast(
                    shape,
                    pose_a,
                    shape,
                    pose_b,
                    motion.translation,
                ));
            }
        });
    });
    group.bench_function("box2d", |bencher| {
        let transforms: Vec<_> = starts.iter().map(box2d::transform).collect();
        bencher.iter(|| {
            for (((shape, _, xf_a, _), xf_b), motion) in
                scene.box2d.iter().zip(&transforms).zip(&motions)
            {
                black_box(box2d::shape_cast(
                    shape,
                    *xf_a,
                    shape,
                    *xf_b,
                    motion.translation,
                ));
            }
        });
    });
    group.finish();
}

fn bench_manifold(criterion: &mut Criterion) {
    let scene = Scene::new(&standard_octagons_in_contact());
    let mut group = criterion.benchmark_group("peers_manifold_octagons");
    group.throughput(Throughput::Elements(BATCH_SIZE as u64));
    group.bench_function("gjk_collide_polygons", |bencher| {
        bencher.iter(|| {
            for ((a, b), &(xf_a, xf_b)) in scene.gjk.shapes.iter().zip(&scene.gjk.frames[0]) {
                let _ = black_box(collide_polygons(a, xf_a, b, xf_b, SPECULATIVE));
            }
        });
    });
    group.bench_function("gjk_generic", |bencher| {
        bencher.iter(|| {
            for ((a, b), &(xf_a, xf_b)) in scene.gjk.shapes.iter().zip(&scene.gjk.frames[0]) {
                let _ = black_box(gjk_core::manifold(a, xf_a, b, xf_b, SPECULATIVE));
            }
        });
    });
    group.bench_function("box2d", |bencher| {
        bencher.iter(|| {
            for (a, b, xf_a, xf_b) in &scene.box2d {
                black_box(box2d::manifold(a, *xf_a, b, *xf_b));
            }
        });
    });
    group.finish();
}

/// Capsules against mixed polygons: gjk's `Capsule` and `Polygon`, parry2d's
/// `Capsule` and `ConvexPolygon`, Box2D's proxies (a segment with a radius, the
/// polygon's vertices).
fn bench_capsule_polygon(criterion: &mut Criterion) {
    let workload = standard_capsule_polygon_pairs();
    let gjk = GjkWorkload::<f32, _, _>::new(&workload).expect("gjk takes the shapes");
    let placements = &workload.frames[0];
    let parry: Vec<_> = workload
        .pairs
        .iter()
        .zip(placements)
        .map(|(pair, placement)| {
            (
                parry::capsule(&pair.a),
                parry::polygon(&pair.b).expect("parry2d takes the polygons"),
                parry::pose(&placement.a),
                parry::pose(&placement.b),
            )
        })
        .collect();
    let box2d: Vec<_> = workload
        .pairs
        .iter()
        .zip(placements)
        .map(|(pair, placement)| {
            let polygon = box2d::Box2dPolygon::new(&pair.b).expect("Box2D takes the polygons");
            (
                box2d::capsule_proxy(&pair.a),
                *polygon.proxy(),
                box2d::transform(&placement.a),
                box2d::transform(&placement.b),
            )
        })
        .collect();
    let mut group = criterion.benchmark_group("peers_distance_capsule_polygon");
    group.throughput(Throughput::Elements(BATCH_SIZE as u64));
    group.bench_function("gjk", |bencher| {
        bencher.iter(|| {
            for ((a, b), &(xf_a, xf_b)) in gjk.shapes.iter().zip(&gjk.frames[0]) {
                let _ = black_box(distance(a, xf_a, b, xf_b));
            }
        });
    });
    group.bench_function("parry2d", |bencher| {
        bencher.iter(|| {
            for (a, b, pose_a, pose_b) in &parry {
                black_box(parry::distance(a, pose_a, b, pose_b));
            }
        });
    });
    group.bench_function("box2d", |bencher| {
        bencher.iter(|| {
            for (a, b, xf_a, xf_b) in &box2d {
                black_box(box2d::proxy_distance(
                    a,
                    *xf_a,
                    b,
                    *xf_b,
                    &mut box2d::empty_cache(),
                ));
            }
        });
    });
    group.finish();
}

/// Ellipse pairs: gjk alone (neither peer has an ellipse shape).
fn bench_ellipses(criterion: &mut Criterion) {
    let gjk = GjkWorkload::<f32, _>::new(&standard_ellipse_pairs()).expect("gjk takes the shapes");
    let mut group = criterion.benchmark_group("peers_distance_ellipses");
    group.throughput(Throughput::Elements(BATCH_SIZE as u64));
    group.bench_function("gjk", |bencher| {
        bencher.iter(|| {
            for ((a, b), &(xf_a, xf_b)) in gjk.shapes.iter().zip(&gjk.frames[0]) {
                let _ = black_box(distance(a, xf_a, b, xf_b));
            }
        });
    });
    group.finish();
}

/// The octagon pairs in coherent motion, one frame (`BATCH_SIZE` queries) per
/// criterion iteration, cycling through the frames, every library cold and warm: gjk
/// and Box2D from the previous frame's simplex of each pair, parry2d through its GJK
/// entry point seeded along the normal it found for the pair last frame (its way of
/// warm-starting: `init_dir`), cold with its default seed. The caches and directions
/// are carried across iterations, so the figures are the steady state.
fn bench_coherent(criterion: &mut Criterion) {
    let moving = standard_coherent_motion(&standard_octagon_pairs());
    let gjk = GjkWorkload::<f32, _>::new(&moving).expect("gjk takes the shapes");
    let octagon = &moving.pairs[0].a;
    let parry_shape = parry::polygon(octagon).expect("parry2d takes the octagon");
    let box2d_shape = box2d::Box2dPolygon::new(octagon).expect("Box2D takes the octagon");
    let parry_frames: Vec<Vec<_>> = moving
        .frames
        .iter()
        .map(|frame| {
            frame
                .iter()
                .map(|pair| (parry::pose(&pair.a), parry::pose(&pair.b)))
                .collect()
        })
        .collect();
    let box2d_frames: Vec<Vec<_>> = moving
        .frames
        .iter()
        .map(|frame| {
            frame
                .iter()
                .map(|pair| (box2d::transform(&pair.a), box2d::transform(&pair.b)))
                .collect()
        })
        .collect();
    let mut group = criterion.benchmark_group("peers_coherent_octagons");
    group.throughput(Throughput::Elements(BATCH_SIZE as u64));
    group.bench_function("gjk_cold", |bencher| {
        let mut frames = gjk.frames.iter().cycle();
        bencher.iter(|| {
            let frame = frames.next().expect("the frames cycle");
            for ((a, b), &(xf_a, xf_b)) in gjk.shapes.iter().zip(frame) {
                let _ = black_box(distance(a, xf_a, b, xf_b));
            }
        });
    });
    group.bench_function("gjk_warm", |bencher| {
        let mut caches = vec![SimplexCache::new(); gjk.len()];
        let mut frames = gjk.frames.iter().cycle();
        bencher.iter(|| {
            let frame = frames.next().expect("the frames cycle");
            let queries = gjk.shapes.iter().zip(frame).zip(&mut caches);
            for (((a, b), &(xf_a, xf_b)), cache) in queries {
                let _ = black_box(distance_cached(a, xf_a, b, xf_b, cache));
            }
        });
    });
    group.bench_function("parry2d_cold", |bencher| {
        let mut frames = parry_frames.iter().cycle();
        bencher.iter(|| {
            let frame = frames.next().expect("the frames cycle");
            for (pose_a, pose_b) in frame {
                black_box(parry::gjk_distance(
                    &parry_shape,
                    pose_a,
                    &parry_shape,
                    pose_b,
                    &mut None,
                ));
            }
        });
    });
    group.bench_function("parry2d_warm", |bencher| {
        let mut directions = vec![None; gjk.len()];
        let mut frames = parry_frames.iter().cycle();
        bencher.iter(|| {
            let frame = frames.next().expect("the frames cycle");
            for ((pose_a, pose_b), direction) in frame.iter().zip(&mut directions) {
                black_box(parry::gjk_distance(
                    &parry_shape,
                    pose_a,
                    &parry_shape,
                    pose_b,
                    direction,
                ));
            }
        });
    });
    let proxy = box2d_shape.proxy();
    group.bench_function("box2d_cold", |bencher| {
        let mut frames = box2d_frames.iter().cycle();
        bencher.iter(|| {
            let frame = frames.next().expect("the frames cycle");
            for &(xf_a, xf_b) in frame {
                let mut cache = box2d::empty_cache();
                black_box(box2d::proxy_distance(proxy, xf_a, proxy, xf_b, &mut cache));
            }
        });
    });
    group.bench_function("box2d_warm", |bencher| {
        let mut caches = vec![box2d::empty_cache(); gjk.len()];
        let mut frames = box2d_frames.iter().cycle();
        bencher.iter(|| {
            let frame = frames.next().expect("the frames cycle");
            for (&(xf_a, xf_b), cache) in frame.iter().zip(&mut caches) {
                black_box(box2d::proxy_distance(proxy, xf_a, proxy, xf_b, cache));
            }
        });
    });
    group.finish();
}

fn peers(criterion: &mut Criterion) {
    let scene = Scene::new(&standard_octagon_pairs());
    bench_distance(criterion, "peers_distance_octagons", &scene);
    bench_distance(
        criterion,
        "peers_distance_mixed_polygons",
        &Scene::new(&standard_mixed_polygon_pairs()),
    );
    bench_capsule_polygon(criterion);
    bench_ellipses(criterion);
    bench_coherent(criterion);
    bench_casts(criterion, &scene);
    bench_manifold(criterion);
}

criterion_group!(benches, peers);
criterion_main!(benches);
