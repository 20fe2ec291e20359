//! `penetration` (GJK then EPA) and `manifold` per query on octagon pairs, in `f32`
//! and `f64`.
//!
//! - `penetration_overlapping`: every pair overlapping, by up to a fifth of the smaller
//!   shape's reach along the centre line (EPA runs on all of them);
//! - `manifold_contact`: half the pairs overlapping by up to a twentieth of the reach,
//!   half apart by up to 0.02 (Box2D's speculative distance, which the query uses), so
//!   every pair has contact points: the manifold of a resting or arriving contact;
//! - `collide_polygons_contact`: the same pairs through the separating-axis path of
//!   `gjk-shapes` (Box2D's `b2CollidePolygons`).
//!
//! Criterion's time divided by the batch size (`BATCH_SIZE`) is the time per query.

use core::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gjk_benches::standard::{BATCH_SIZE, OCTAGON_SEED};
use gjk_benches::{
    GapParameters, GjkWorkload, OCTAGON_RADIUS, PolygonData, ToGjkShape, place_pairs,
};
use gjk_core::{ContactShape, Scalar, manifold, penetration};
use gjk_shapes::{PolygonCore, collide_polygons};

/// Box2D's speculative distance (four linear slops of 5 mm).
const SPECULATIVE: f64 = 0.02;

/// Octagon pairs placed with `gaps`.
fn octagons(gaps: &GapParameters) -> gjk_benches::Workload<PolygonData> {
    let octagon = PolygonData::regular(8, OCTAGON_RADIUS);
    let shapes = (0..BATCH_SIZE).map(|_| (octagon.clone(), octagon.clone()));
    place_pairs(shapes, gaps, OCTAGON_SEED)
}

fn bench_precision<S: Scalar>(criterion: &mut Criterion, precision: &str)
where
    PolygonData: ToGjkShape<S>,
    <PolygonData as ToGjkShape<S>>::Shape: ContactShape<S> + PolygonCore<S>,
{
    let overlapping = octagons(&GapParameters {
        max_gap: 0.0,
        overlapping_fraction: 1.0,
        max_depth_ratio: 0.2,
    });
    let touching = octagons(&GapParameters {
        max_gap: SPECULATIVE,
        overlapping_fraction: 0.5,
        max_depth_ratio: 0.05,
    });
    let overlapping = GjkWorkload::<S, <PolygonData as ToGjkShape<S>>::Shape>::new(&overlapping)
        .expect("octagons are valid");
    let touching = GjkWorkload::<S, <PolygonData as ToGjkShape<S>>::Shape>::new(&touching)
        .expect("octagons are valid");
    let speculative = S::from_f64(SPECULATIVE);

    let mut group = criterion.benchmark_group(format!("contacts_{precision}"));
    group.throughput(Throughput::Elements(BATCH_SIZE as u64));
    group.bench_function("penetration_overlapping", |bencher| {
        bencher.iter(|| {
            for ((a, b), &(xf_a, xf_b)) in overlapping.shapes.iter().zip(&overlapping.frames[0]) {
                let _ = black_box(penetration(a, xf_a, b, xf_b));
            }
        });
    });
    group.bench_function("manifold_contact", |bencher| {
        bencher.iter(|| {
            for ((a, b), &(xf_a, xf_b)) in touching.shapes.iter().zip(&touching.frames[0]) {
                let _ = black_box(manifold(a, xf_a, b, xf_b, speculative));
            }
        });
    });
    group.bench_function("collide_polygons_contact", |bencher| {
        bencher.iter(|| {
            for ((a, b), &(xf_a, xf_b)) in touching.shapes.iter().zip(&touching.frames[0]) {
                let _ = black_box(collide_polygons(a, xf_a, b, xf_b, speculative));
            }
        });
    });
    group.finish();
}

fn contacts(criterion: &mut Criterion) {
    bench_precision::<f32>(criterion, "f32");
    bench_precision::<f64>(criterion, "f64");
}

criterion_group!(benches, contacts);
criterion_main!(benches);
