//! gjk side by side with parry2d and Box2D v3 (its C API through boxdd-sys), in one
//! criterion run, on the same `f32` data: octagon pairs (Box2D's classic distance
//! micro-benchmark) and mixed convex polygons of 3 to 8 vertices (half overlapping),
//! rays and sweeps against the octagons (half hitting), and the polygon manifold of
//! octagons in contact. Criterion's time divided by the batch size
//! (`BATCH_SIZE`) is the time per query; the groups name the workload, the functions
//! the library.

#[path = "../peers/mod.rs"]
mod peers;

use core::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gjk_benches::standard::{
    BATCH_SIZE, OCTAGON_SEED, standard_mixed_polygon_pairs, standard_octagon_pairs,
};
use gjk_benches::{
    GapParameters, GjkWorkload, OCTAGON_RADIUS, PairPlacement, PolygonData, Workload, cast_motions,
    gjk_cast_queries, place_pairs,
};
use gjk_core::{distance, ray_cast, shape_cast};
use gjk_shapes::{Polygon, collide_polygons};
use peers::{box2d, parry};

/// Box2D's speculative distance, which `b2CollidePolygons` uses internally.
const SPECULATIVE: f32 = 0.02;

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

fn octagons_in_contact() -> Workload<PolygonData> {
    let octagon = PolygonData::regular(8, OCTAGON_RADIUS);
    let gaps = GapParameters {
        max_gap: f64::from(SPECULATIVE),
        overlapping_fraction: 0.5,
        max_depth_ratio: 0.05,
    };
    place_pairs(
        (0..BATCH_SIZE).map(|_| (octagon.clone(), octagon.clone())),
        &gaps,
        OCTAGON_SEED,
    )
}

fn bench_distance(criterion: &mut Criterion, name: &str, scene: &Scene) {
    let mut group = criterion.benchmark_group(name);
    group.throughput(Throughput::Elements(BATCH_SIZE as u64));
    group.bench_function("gjk", |bencher| {
        bencher.iter(|| {
            for ((a, b), &(xf_a, xf_b)) in scene.gjk.shapes.iter().zip(&scene.gjk.frames[0]) {
                black_box(distance(a, xf_a, b, xf_b));
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
                black_box(octagon.ray_cast(query.xf_a, query.ray));
            }
        });
    });
    group.bench_function("gjk_generic", |bencher| {
        bencher.iter(|| {
            for query in &queries {
                black_box(ray_cast(octagon, query.xf_a, query.ray));
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
                black_box(shape_cast(
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
    let scene = Scene::new(&octagons_in_contact());
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

fn peers(criterion: &mut Criterion) {
    let scene = Scene::new(&standard_octagon_pairs());
    bench_distance(criterion, "peers_distance_octagons", &scene);
    bench_distance(
        criterion,
        "peers_distance_mixed_polygons",
        &Scene::new(&standard_mixed_polygon_pairs()),
    );
    bench_casts(criterion, &scene);
    bench_manifold(criterion);
}

criterion_group!(benches, peers);
criterion_main!(benches);
