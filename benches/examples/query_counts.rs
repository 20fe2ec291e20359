//! A fixed amount of query work on the standard workloads in f32, for instruction
//! counts under callgrind (repeatable on a loaded machine, unlike timings):
//!
//! ```text
//! cargo build --release -p gjk-benches --example query_counts
//! valgrind --tool=callgrind --toggle-collect='*measured*' \
//!     target/release/examples/query_counts cold [mixed]
//! ```
//!
//! The modes: `cold` (`distance` on the static pairs), `warm` (`distance_cached` on the
//! coherent frames, caches warmed beforehand), `ray` (`support_ray_cast`, the GJK ray cast, from B's centre
//! through A's; `ray-analytic`: `Polygon::ray_cast`), `cast` (`shape_cast` of B onto A
//! along the line of centres), `sweep` and `parry-sweep` (the peer benchmark's sweeps
//! of B onto A, half of them missing, by gjk's `shape_cast` and parry2d's
//! `cast_shapes`), `batch` and `block` (gjk-simd's `distance_batch`, and
//! `PairBlock::distance` on blocks packed beforehand, which the count leaves out),
//! `overlap-batch` (gjk-simd's `intersects_batch`),
//! `manifold` (`collide_polygons` on the octagons in contact of the manifold
//! benchmark), and for comparison `box2d` (Box2D's `b2ShapeDistance`
//! on the static pairs, cold), `box2d-ray` (`b2RayCastPolygon`, the same rays) and
//! `box2d-manifold` (`b2CollidePolygons`, the same pairs in contact); `cold3d` with a
//! second argument `boxes` (the default), `hulls`, `capsule-hull`, `sphere-hull` or
//! `ellipsoids` runs `distance` on the 3D peer workloads, and `ray3d` with the same
//! choices `support_ray_cast` from B's position through A's and out as far again (the
//! rays of `benches/benches/casts3d.rs`). The
//! second argument picks the workload: the octagon pairs (the default) or `mixed`, the
//! mixed polygons. Each mode runs [`PASSES`] passes over its 1024 pairs inside
//! `measured_*`, so the collected instructions divided by `PASSES * 1024` are the
//! instructions per query.

#[path = "../peers/mod.rs"]
#[allow(dead_code)] // Only some of the adapters are counted here.
mod peers;

use core::hint::black_box;

use gjk_benches::standard::{
    SPECULATIVE, standard_coherent_motion, standard_mixed_polygon_pairs, standard_octagon_pairs,
    standard_octagons_in_contact,
};
use gjk_benches::three::standard::{
    standard_capsule_hull_pairs, standard_cuboid_pairs, standard_ellipsoid_pairs,
    standard_hull_pairs, standard_sphere_hull_pairs,
};
use gjk_benches::three::{GjkWorkload3, ToGjkShape3, Workload3};
use gjk_benches::{
    GjkCastQuery, GjkWorkload, PairTransforms, PolygonData, Workload, cast_motions,
    gjk_cast_queries,
};
use gjk_core::{
    Ray, ShapeCastInput, SimplexCache, Support, Vec3, distance, distance_cached, shape_cast,
    support_ray_cast,
};
use gjk_shapes::{Polygon, collide_polygons};
use gjk_simd::{BLOCK, PairBlock, distance_batch, intersects_batch};
use peers::box2d::{self, Box2dPolygon};
use peers::parry;

/// Passes over the workload per run.
const PASSES: usize = 10;

/// `distance` on a 3D workload's pairs (`cold3d`).
#[inline(never)]
fn measured_cold3d<A, B>(workload: &GjkWorkload3<f32, A, B>)
where
    A: Support<f32, Vec3<f32>>,
    B: Support<f32, Vec3<f32>>,
{
    for _ in 0..PASSES {
        for ((a, b), &(xf_a, xf_b)) in workload.shapes.iter().zip(&workload.transforms) {
            let _ = black_box(distance(a, xf_a, b, xf_b));
        }
    }
}

/// `support_ray_cast` on a 3D workload's shapes A (`ray3d`).
#[inline(never)]
fn measured_ray3d<A, B>(workload: &GjkWorkload3<f32, A, B>)
where
    A: Support<f32, Vec3<f32>>,
{
    for _ in 0..PASSES {
        for ((a, _), &(xf_a, xf_b)) in workload.shapes.iter().zip(&workload.transforms) {
            let ray = Ray::new(
                xf_b.translation,
                (xf_a.translation - xf_b.translation) * 2.0,
            );
            let _ = black_box(support_ray_cast(a, xf_a, ray));
        }
    }
}

/// [`measured_cold3d`], or [`measured_ray3d`] when `rays`, on the 3D workload named
/// `name`.
fn cold3d(name: &str, rays: bool) {
    fn counted<A, B, DataA, DataB>(workload: &Workload3<DataA, DataB>, rays: bool)
    where
        A: Support<f32, Vec3<f32>>,
        B: Support<f32, Vec3<f32>>,
        DataA: ToGjkShape3<f32, Shape = A>,
        DataB: ToGjkShape3<f32, Shape = B>,
    {
        let workload = GjkWorkload3::new(workload).expect("f32 shapes are valid");
        if rays {
            measured_ray3d(&workload);
        } else {
            measured_cold3d(&workload);
        }
    }
    match name {
        "hulls" => counted(&standard_hull_pairs(), rays),
        "capsule-hull" => counted(&standard_capsule_hull_pairs(), rays),
        "sphere-hull" => counted(&standard_sphere_hull_pairs(), rays),
        "ellipsoids" => counted(&standard_ellipsoid_pairs(), rays),
        _ => counted(&standard_cuboid_pairs(), rays),
    }
}

#[inline(never)]
fn measured_cold<T: Support<f32>>(shapes: &[(T, T)], frame: &[PairTransforms<f32>]) {
    for _ in 0..PASSES {
        for ((a, b), &(xf_a, xf_b)) in shapes.iter().zip(frame) {
            let _ = black_box(distance(a, xf_a, b, xf_b));
        }
    }
}

#[inline(never)]
fn measured_warm<T: Support<f32>>(
    shapes: &[(T, T)],
    frames: &[Vec<PairTransforms<f32>>],
    caches: &mut [SimplexCache<f32>],
) {
    for frame in frames.iter().cycle().take(PASSES) {
        for (((a, b), &(xf_a, xf_b)), cache) in shapes.iter().zip(frame).zip(&mut *caches) {
            let _ = black_box(distance_cached(a, xf_a, b, xf_b, cache));
        }
    }
}

#[inline(never)]
fn measured_ray<T: Support<f32>>(shapes: &[(T, T)], frame: &[PairTransforms<f32>]) {
    for _ in 0..PASSES {
        for ((a, _), &(xf_a, xf_b)) in shapes.iter().zip(frame) {
            let through = (xf_a.translation - xf_b.translation) * 2.0;
            let _ = black_box(support_ray_cast(
                a,
                xf_a,
                Ray::new(xf_b.translation, through),
            ));
        }
    }
}

#[inline(never)]
fn measured_ray_analytic(
    shapes: &[(Polygon<f32, 8>, Polygon<f32, 8>)],
    frame: &[PairTransforms<f32>],
) {
    for _ in 0..PASSES {
        for ((a, _), &(xf_a, xf_b)) in shapes.iter().zip(frame) {
            let through = (xf_a.translation - xf_b.translation) * 2.0;
            let _ = black_box(a.ray_cast(xf_a, Ray::new(xf_b.translation, through)));
        }
    }
}

#[inline(never)]
fn measured_box2d_ray(
    pairs: &[(Box2dPolygon, Box2dPolygon)],
    frame: &[gjk_benches::PairPlacement],
) {
    let transforms: Vec<_> = frame.iter().map(|pair| box2d::transform(&pair.a)).collect();
    for _ in 0..PASSES {
        for (((a, _), &xf_a), pair) in pairs.iter().zip(&transforms).zip(frame) {
            let [ax, ay] = pair.a.position;
            let [bx, by] = pair.b.position;
            let through = [2.0 * (ax - bx), 2.0 * (ay - by)];
            black_box(box2d::ray_cast(a, xf_a, pair.b.position, through));
        }
    }
}

#[inline(never)]
fn measured_manifold(shapes: &[(Polygon<f32, 8>, Polygon<f32, 8>)], frame: &[PairTransforms<f32>]) {
    for _ in 0..PASSES {
        for ((a, b), &(xf_a, xf_b)) in shapes.iter().zip(frame) {
            let _ = black_box(collide_polygons(a, xf_a, b, xf_b, SPECULATIVE));
        }
    }
}

#[inline(never)]
fn measured_box2d_manifold(
    pairs: &[(Box2dPolygon, Box2dPolygon)],
    frame: &[gjk_benches::PairPlacement],
) {
    let transforms: Vec<_> = frame
        .iter()
        .map(|pair| (box2d::transform(&pair.a), box2d::transform(&pair.b)))
        .collect();
    for _ in 0..PASSES {
        for ((a, b), &(xf_a, xf_b)) in pairs.iter().zip(&transforms) {
            black_box(box2d::manifold(a, xf_a, b, xf_b));
        }
    }
}

#[inline(never)]
fn measured_batch(
    shapes: &[(Polygon<f32, 8>, Polygon<f32, 8>)],
    frame: &[PairTransforms<f32>],
    prepacked: bool,
) {
    let shapes_a: Vec<_> = shapes.iter().map(|pair| pair.0).collect();
    let shapes_b: Vec<_> = shapes.iter().map(|pair| pair.1).collect();
    let xf_a: Vec<_> = frame.iter().map(|pair| pair.0).collect();
    let xf_b: Vec<_> = frame.iter().map(|pair| pair.1).collect();
    let blocks: Vec<_> = shapes
        .chunks(BLOCK)
        .map(|pairs| PairBlock::new(pairs).expect("polygons of 8 vertices fit a lane"))
        .collect();
    let first = distance(&shapes_a[0], xf_a[0], &shapes_b[0], xf_b[0]);
    let mut out = vec![first; shapes.len()];
    for _ in 0..PASSES {
        if prepacked {
            let placements = xf_a.chunks(BLOCK).zip(xf_b.chunks(BLOCK));
            for ((block, (xf_a, xf_b)), out) in
                blocks.iter().zip(placements).zip(out.chunks_mut(BLOCK))
            {
                block.distance(xf_a, xf_b, out).expect("lengths match");
            }
        } else {
            distance_batch(&shapes_a, &xf_a, &shapes_b, &xf_b, &mut out).expect("lengths match");
        }
        black_box(&out);
    }
}

#[inline(never)]
fn measured_overlap_batch(
    shapes: &[(Polygon<f32, 8>, Polygon<f32, 8>)],
    frame: &[PairTransforms<f32>],
) {
    let shapes_a: Vec<_> = shapes.iter().map(|pair| pair.0).collect();
    let shapes_b: Vec<_> = shapes.iter().map(|pair| pair.1).collect();
    let xf_a: Vec<_> = frame.iter().map(|pair| pair.0).collect();
    let xf_b: Vec<_> = frame.iter().map(|pair| pair.1).collect();
    let mut out = vec![Ok(false); shapes.len()];
    for _ in 0..PASSES {
        intersects_batch(&shapes_a, &xf_a, &shapes_b, &xf_b, &mut out).expect("lengths match");
        black_box(&out);
    }
}

#[inline(never)]
fn measured_sweep(shapes: &[(Polygon<f32, 8>, Polygon<f32, 8>)], queries: &[GjkCastQuery<f32>]) {
    for _ in 0..PASSES {
        for ((a, b), query) in shapes.iter().zip(queries) {
            let _ = black_box(shape_cast(a, query.xf_a, b, query.xf_b, query.motion));
        }
    }
}

#[inline(never)]
fn measured_parry_sweep(
    polygons: &[parry2d::shape::ConvexPolygon],
    poses: &[(parry2d::math::Pose, parry2d::math::Pose)],
    motions: &[gjk_benches::CastMotion],
) {
    for _ in 0..PASSES {
        for ((polygon, (pose_a, pose_b)), motion) in polygons.iter().zip(poses).zip(motions) {
            black_box(parry::shape_cast(
                polygon,
                pose_a,
                polygon,
                pose_b,
                motion.translation,
            ));
        }
    }
}

#[inline(never)]
fn measured_cast<T: Support<f32>>(shapes: &[(T, T)], frame: &[PairTransforms<f32>]) {
    for _ in 0..PASSES {
        for ((a, b), &(xf_a, xf_b)) in shapes.iter().zip(frame) {
            let motion = ShapeCastInput::moving_b(xf_a.translation - xf_b.translation);
            let _ = black_box(shape_cast(a, xf_a, b, xf_b, motion));
        }
    }
}

#[inline(never)]
fn measured_box2d(pairs: &[(Box2dPolygon, Box2dPolygon)], frame: &[gjk_benches::PairPlacement]) {
    let transforms: Vec<_> = frame
        .iter()
        .map(|pair| (box2d::transform(&pair.a), box2d::transform(&pair.b)))
        .collect();
    for _ in 0..PASSES {
        for ((a, b), &(xf_a, xf_b)) in pairs.iter().zip(&transforms) {
            black_box(box2d::distance(a, xf_a, b, xf_b));
        }
    }
}

/// The workload's pairs as Box2D polygons.
fn box2d_pairs(workload: &Workload<PolygonData>) -> Vec<(Box2dPolygon, Box2dPolygon)> {
    let polygon = |data| Box2dPolygon::new(data).expect("Box2D takes the polygons");
    workload
        .pairs
        .iter()
        .map(|pair| (polygon(&pair.a), polygon(&pair.b)))
        .collect()
}

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_default();
    let workload = match std::env::args().nth(2).as_deref() {
        Some("mixed") => standard_mixed_polygon_pairs(),
        _ => standard_octagon_pairs(),
    };
    let still = GjkWorkload::<f32, _>::new(&workload).expect("f32 shapes are valid");
    if mode == "cold3d" || mode == "ray3d" {
        cold3d(
            std::env::args().nth(2).as_deref().unwrap_or("boxes"),
            mode == "ray3d",
        );
        return;
    }
    match mode.as_str() {
        "cold" => measured_cold(&still.shapes, &still.frames[0]),
        "ray" => measured_ray(&still.shapes, &still.frames[0]),
        "cast" => measured_cast(&still.shapes, &still.frames[0]),
        "sweep" => {
            let queries = gjk_cast_queries::<f32>(&workload.frames[0]);
            measured_sweep(&still.shapes, &queries);
        }
        "parry-sweep" => {
            let placements = &workload.frames[0];
            let motions = cast_motions(placements);
            let polygons: Vec<_> = workload
                .pairs
                .iter()
                .map(|pair| parry::polygon(&pair.a).expect("parry2d takes the polygons"))
                .collect();
            let poses: Vec<_> = placements
                .iter()
                .zip(&motions)
                .map(|(pair, motion)| {
                    let start = gjk_benches::Placement {
                        position: motion.origin,
                        angle: pair.b.angle,
                    };
                    (parry::pose(&pair.a), parry::pose(&start))
                })
                .collect();
            measured_parry_sweep(&polygons, &poses, &motions);
        }
        "batch" => measured_batch(&still.shapes, &still.frames[0], false),
        "block" => measured_batch(&still.shapes, &still.frames[0], true),
        "overlap-batch" => measured_overlap_batch(&still.shapes, &still.frames[0]),
        "ray-analytic" => measured_ray_analytic(&still.shapes, &still.frames[0]),
        "box2d-ray" => measured_box2d_ray(&box2d_pairs(&workload), &workload.frames[0]),
        "box2d" => measured_box2d(&box2d_pairs(&workload), &workload.frames[0]),
        "manifold" => {
            let contact = standard_octagons_in_contact();
            let shapes = GjkWorkload::<f32, _>::new(&contact).expect("f32 shapes are valid");
            measured_manifold(&shapes.shapes, &shapes.frames[0]);
        }
        "box2d-manifold" => {
            let contact = standard_octagons_in_contact();
            measured_box2d_manifold(&box2d_pairs(&contact), &contact.frames[0]);
        }
        "warm" => {
            let moving = GjkWorkload::<f32, _>::new(&standard_coherent_motion(&workload))
                .expect("f32 shapes are valid");
            let mut caches = vec![SimplexCache::new(); moving.len()];
            for frame in &moving.frames {
                for (((a, b), &(xf_a, xf_b)), cache) in
                    moving.shapes.iter().zip(frame).zip(&mut caches)
                {
                    let _ = black_box(distance_cached(a, xf_a, b, xf_b, cache));
                }
            }
            measured_warm(&moving.shapes, &moving.frames, &mut caches);
        }
        _ => {
            eprintln!(
                "usage: query_counts cold | warm | ray | ray-analytic | cast | sweep | parry-sweep | batch | block | manifold | box2d | box2d-ray | box2d-manifold [mixed]"
            );
            std::process::exit(2);
        }
    }
}
