//! gjk in every way a user calls it (`gjk_benches::patterns`: a plain loop, the user's
//! own enum with a `match` per pair, `gjk_shapes::Shape`, `&dyn Support`), beside
//! Box2D v3, timed round-robin in one process: each round runs one batch (1024
//! queries) of every function in turn, and the median over the rounds is printed in
//! nanoseconds per query, with its ratio to Box2D's time and to gjk's plain loop on
//! the same workload.
//!
//! ```text
//! cargo run --release -p gjk-benches --example patterns [-- ROUNDS]
//! ```
//!
//! Interleaving exposes every function to the same load on a shared machine. Default:
//! 1000 rounds, about 6 s.

#[path = "../peers/box2d.rs"]
#[allow(dead_code)] // Only the distance and shape cast adapters are timed here.
mod box2d;

use core::hint::black_box;
use std::time::Instant;

use boxdd_sys::ffi;
use gjk_benches::patterns::{
    Forms, Pairs, Patterns, ShapeForm, UserShape, shape_pairs, user_distance, user_distance_cached,
    user_shape_cast,
};
use gjk_benches::standard::{
    BATCH_SIZE, standard_capsule_polygon_pairs, standard_coherent_motion,
    standard_mixed_polygon_pairs, standard_octagon_pairs,
};
use gjk_benches::{
    GjkWorkload, Placement, PolygonData, ToGjkShape, Workload, cast_motions, gjk_cast_queries,
};
use gjk_core::{
    ShapeCastInput, SimplexCache, Support, Transform, Vec2, distance, distance_cached, shape_cast,
};
use gjk_shapes::{Polygon, Shape};

/// Pairs in the plane with their transforms.
type Pairs2<A, B = A> = Pairs<A, B, Transform<f32>>;

/// One workload's pairs in all four patterns.
struct Patterns2<A, B> {
    other: Patterns<A, B, Vec2<f32>, UserShape>,
    shape: Pairs2<Shape<f32>>,
}

impl<
    A: ShapeForm + Forms<Vec2<f32>, User = UserShape>,
    B: ShapeForm + Forms<Vec2<f32>, User = UserShape>,
> Patterns2<A, B>
{
    fn new(shapes: &[(A, B)], frame: &[(Transform<f32>, Transform<f32>)]) -> Self {
        Self {
            other: Patterns::new(shapes, frame),
            shape: shape_pairs(shapes, frame),
        }
    }
}

/// A named batch of queries.
type Batch<'a> = (String, Box<dyn FnMut() + 'a>);

/// `query` over every pair.
fn batch<'a, A, B, O>(
    pairs: &'a Pairs2<A, B>,
    query: impl Fn(&A, Transform<f32>, &B, Transform<f32>) -> O + 'a,
) -> Box<dyn FnMut() + 'a> {
    Box::new(move || {
        for (a, b, xf_a, xf_b) in pairs {
            black_box(query(a, *xf_a, b, *xf_b));
        }
    })
}

/// The four patterns of `distance` on `patterns`, named after `workload`.
fn distance_batches<'a, A: Support<f32>, B: Support<f32>>(
    workload: &str,
    patterns: &'a Patterns2<A, B>,
) -> Vec<Batch<'a>> {
    let name = |pattern: &str| format!("{workload} {pattern}");
    vec![
        (
            name("plain"),
            batch(&patterns.other.plain, |a, xf_a, b, xf_b| {
                distance(a, xf_a, b, xf_b)
            }),
        ),
        (name("enum"), batch(&patterns.other.user, user_distance)),
        (
            name("shape"),
            batch(&patterns.shape, |a, xf_a, b, xf_b| {
                distance(a, xf_a, b, xf_b)
            }),
        ),
        (
            name("dyn"),
            batch(&patterns.other.boxed, |a, xf_a, b, xf_b| {
                distance(&**a, xf_a, &**b, xf_b)
            }),
        ),
    ]
}

/// Box2D proxies and transforms of a workload's pairs.
type Box2dPairs = Vec<(
    ffi::b2ShapeProxy,
    ffi::b2ShapeProxy,
    ffi::b2Transform,
    ffi::b2Transform,
)>;

/// Box2D's distance over proxy pairs, from a cold cache.
fn box2d_batch<'a>(workload: &str, pairs: &'a Box2dPairs) -> Batch<'a> {
    (
        format!("{workload} box2d"),
        Box::new(move || {
            for (a, b, xf_a, xf_b) in pairs {
                let mut cache = box2d::empty_cache();
                black_box(box2d::proxy_distance(a, *xf_a, b, *xf_b, &mut cache));
            }
        }),
    )
}

/// Box2D proxies and transforms of `workload`'s pairs.
fn box2d_pairs<A, B>(
    workload: &Workload<A, B>,
    proxy_a: impl Fn(&A) -> ffi::b2ShapeProxy,
    proxy_b: impl Fn(&B) -> ffi::b2ShapeProxy,
) -> Box2dPairs {
    workload
        .pairs
        .iter()
        .zip(&workload.frames[0])
        .map(|(pair, placement)| {
            (
                proxy_a(&pair.a),
                proxy_b(&pair.b),
                box2d::transform(&placement.a),
                box2d::transform(&placement.b),
            )
        })
        .collect()
}

fn polygon_proxy(data: &PolygonData) -> ffi::b2ShapeProxy {
    *box2d::Box2dPolygon::new(data)
        .expect("Box2D takes the polygons")
        .proxy()
}

fn gjk_patterns<DA, DB>(workload: &Workload<DA, DB>) -> Patterns2<DA::Shape, DB::Shape>
where
    DA: ToGjkShape<f32>,
    DB: ToGjkShape<f32>,
    DA::Shape: ShapeForm + Forms<Vec2<f32>, User = UserShape>,
    DB::Shape: ShapeForm + Forms<Vec2<f32>, User = UserShape>,
{
    let gjk = GjkWorkload::<f32, _, _>::new(workload).expect("gjk takes the shapes");
    Patterns2::new(&gjk.shapes, &gjk.frames[0])
}

/// Box2D's distance over proxy pairs in coherent motion, from a cold cache or from
/// each pair's cache of the previous frame.
fn box2d_coherent<'a>(
    proxy: &'a ffi::b2ShapeProxy,
    frames: &'a [Vec<(ffi::b2Transform, ffi::b2Transform)>],
    warm: bool,
) -> Box<dyn FnMut() + 'a> {
    let mut frame = 0;
    let mut caches = vec![box2d::empty_cache(); BATCH_SIZE];
    Box::new(move || {
        frame = (frame + 1) % frames.len();
        for (&(xf_a, xf_b), cache) in frames[frame].iter().zip(&mut caches) {
            if !warm {
                *cache = box2d::empty_cache();
            }
            black_box(box2d::proxy_distance(proxy, xf_a, proxy, xf_b, cache));
        }
    })
}

/// Octagon pairs in one frame, in every pattern.
type Octagons = Patterns2<Polygon<f32, 8>, Polygon<f32, 8>>;

/// `query` over every pair of the frames in turn, one frame per batch, with each
/// pair's cache of the previous frame.
fn coherent<'a, A, B, O>(
    frames: &'a [Octagons],
    pattern: impl Fn(&Octagons) -> &Pairs2<A, B> + 'a,
    query: impl Fn(&A, Transform<f32>, &B, Transform<f32>, &mut SimplexCache<f32>) -> O + 'a,
) -> Box<dyn FnMut() + 'a> {
    let mut frame = 0;
    let mut caches = vec![SimplexCache::new(); BATCH_SIZE];
    Box::new(move || {
        frame = (frame + 1) % frames.len();
        for ((a, b, xf_a, xf_b), cache) in pattern(&frames[frame]).iter().zip(&mut caches) {
            black_box(query(a, *xf_a, b, *xf_b, cache));
        }
    })
}

/// `shape_cast` of every pair by its cast.
fn sweeps<'a, A, B, O>(
    pairs: &'a Pairs2<A, B>,
    casts: &'a [ShapeCastInput<f32>],
    query: impl Fn(&A, Transform<f32>, &B, Transform<f32>, ShapeCastInput<f32>) -> O + 'a,
) -> Box<dyn FnMut() + 'a> {
    Box::new(move || {
        for ((a, b, xf_a, xf_b), cast) in pairs.iter().zip(casts) {
            black_box(query(a, *xf_a, b, *xf_b, *cast));
        }
    })
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .map_or(1000, |arg| arg.parse().expect("ROUNDS is a number"));

    let octagons = standard_octagon_pairs();
    let mixed = standard_mixed_polygon_pairs();
    let capsules = standard_capsule_polygon_pairs();
    let gjk_octagons = gjk_patterns(&octagons);
    let gjk_mixed = gjk_patterns(&mixed);
    let gjk_capsules = gjk_patterns(&capsules);
    let box2d_octagons = box2d_pairs(&octagons, polygon_proxy, polygon_proxy);
    let box2d_mixed = box2d_pairs(&mixed, polygon_proxy, polygon_proxy);
    let box2d_capsules = box2d_pairs(&capsules, box2d::capsule_proxy, polygon_proxy);

    // Linear sweeps of octagons, half hitting: B starts at the motion's origin.
    let placements = &octagons.frames[0];
    let motions = cast_motions(placements);
    let queries = gjk_cast_queries::<f32>(placements);
    let octagon = gjk_octagons.other.plain[0].0;
    let sweep_shapes = vec![(octagon, octagon); queries.len()];
    let sweep_frame: Vec<_> = queries
        .iter()
        .map(|query| (query.xf_a, query.xf_b))
        .collect();
    let sweep = Patterns2::new(&sweep_shapes, &sweep_frame);
    let casts: Vec<ShapeCastInput<f32>> = queries.iter().map(|query| query.motion).collect();
    let box2d_octagon =
        box2d::Box2dPolygon::new(&octagons.pairs[0].a).expect("Box2D takes the octagon");
    let box2d_sweeps: Vec<_> = motions
        .iter()
        .zip(placements)
        .map(|(motion, pair)| {
            let start = Placement {
                position: motion.origin,
                angle: pair.b.angle,
            };
            (
                box2d::transform(&pair.a),
                box2d::transform(&start),
                motion.translation,
            )
        })
        .collect();

    // Octagons in coherent motion.
    let moving = standard_coherent_motion(&octagons);
    let gjk_moving = GjkWorkload::<f32, _>::new(&moving).expect("gjk takes the shapes");
    let frames: Vec<Octagons> = gjk_moving
        .frames
        .iter()
        .map(|frame| Patterns2::new(&gjk_moving.shapes, frame))
        .collect();
    let box2d_proxy = *box2d_octagon.proxy();
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

    let mut batches: Vec<Batch<'_>> = Vec::new();
    batches.extend(distance_batches("octagons", &gjk_octagons));
    batches.push(box2d_batch("octagons", &box2d_octagons));
    batches.extend(distance_batches("mixed", &gjk_mixed));
    batches.push(box2d_batch("mixed", &box2d_mixed));
    batches.extend(distance_batches("capsule_polygon", &gjk_capsules));
    batches.push(box2d_batch("capsule_polygon", &box2d_capsules));

    batches.extend([
        (
            "sweep plain".to_owned(),
            sweeps(&sweep.other.plain, &casts, |a, xf_a, b, xf_b, cast| {
                shape_cast(a, xf_a, b, xf_b, cast)
            }),
        ),
        (
            "sweep enum".to_owned(),
            sweeps(&sweep.other.user, &casts, user_shape_cast),
        ),
        (
            "sweep shape".to_owned(),
            sweeps(&sweep.shape, &casts, |a, xf_a, b, xf_b, cast| {
                shape_cast(a, xf_a, b, xf_b, cast)
            }),
        ),
        (
            "sweep dyn".to_owned(),
            sweeps(&sweep.other.boxed, &casts, |a, xf_a, b, xf_b, cast| {
                shape_cast(&**a, xf_a, &**b, xf_b, cast)
            }),
        ),
    ]);
    let (box2d_octagon, box2d_sweeps) = (&box2d_octagon, &box2d_sweeps);
    batches.push((
        "sweep box2d".to_owned(),
        Box::new(move || {
            for &(xf_a, xf_b, translation) in box2d_sweeps {
                let (a, b) = (box2d_octagon, box2d_octagon);
                black_box(box2d::shape_cast(a, xf_a, b, xf_b, translation));
            }
        }),
    ));

    let frames = &frames;
    batches.extend([
        (
            "cold plain".to_owned(),
            coherent(
                frames,
                |p| &p.other.plain,
                |a, xf_a, b, xf_b, _| distance(a, xf_a, b, xf_b),
            ),
        ),
        (
            "cold enum".to_owned(),
            coherent(
                frames,
                |p| &p.other.user,
                |a, xf_a, b, xf_b, _| user_distance(a, xf_a, b, xf_b),
            ),
        ),
        (
            "cold shape".to_owned(),
            coherent(
                frames,
                |p| &p.shape,
                |a, xf_a, b, xf_b, _| distance(a, xf_a, b, xf_b),
            ),
        ),
        (
            "cold dyn".to_owned(),
            coherent(
                frames,
                |p| &p.other.boxed,
                |a, xf_a, b, xf_b, _| distance(&**a, xf_a, &**b, xf_b),
            ),
        ),
        (
            "cold box2d".to_owned(),
            box2d_coherent(&box2d_proxy, &box2d_frames, false),
        ),
        (
            "warm plain".to_owned(),
            coherent(frames, |p| &p.other.plain, distance_cached),
        ),
        (
            "warm enum".to_owned(),
            coherent(frames, |p| &p.other.user, user_distance_cached),
        ),
        (
            "warm shape".to_owned(),
            coherent(frames, |p| &p.shape, distance_cached),
        ),
        (
            "warm dyn".to_owned(),
            coherent(
                frames,
                |p| &p.other.boxed,
                |a, xf_a, b, xf_b, cache| distance_cached(&**a, xf_a, &**b, xf_b, cache),
            ),
        ),
        (
            "warm box2d".to_owned(),
            box2d_coherent(&box2d_proxy, &box2d_frames, true),
        ),
    ]);

    let mut samples = vec![Vec::with_capacity(rounds); batches.len()];
    for _ in 0..rounds {
        for ((_, batch), times) in batches.iter_mut().zip(&mut samples) {
            let start = Instant::now();
            batch();
            times.push(start.elapsed().as_nanos() as f64 / BATCH_SIZE as f64);
        }
    }
    let medians: Vec<(String, f64)> = batches
        .iter()
        .zip(&mut samples)
        .map(|((name, _), times)| {
            times.sort_by(f64::total_cmp);
            (name.clone(), times[times.len() / 2])
        })
        .collect();
    let median_of = |name: &str| {
        medians
            .iter()
            .find(|(other, _)| other == name)
            .map(|&(_, time)| time)
    };
    println!(
        "{:<24} {:>8} {:>8} {:>8}",
        "median ns per query", "ns", "/ box2d", "/ plain"
    );
    for (name, time) in &medians {
        let workload = name.split(' ').next().unwrap_or_default();
        let ratio = |reference: Option<f64>| {
            reference.map_or_else(
                || "-".to_owned(),
                |reference| format!("{:.2}", time / reference),
            )
        };
        println!(
            "{name:<24} {time:>8.1} {:>8} {:>8}",
            ratio(median_of(&format!("{workload} box2d"))),
            ratio(median_of(&format!("{workload} plain"))),
        );
    }
}
