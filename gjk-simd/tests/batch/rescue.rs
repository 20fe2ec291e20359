//! Pairs at the ends of the floating-point range, where gjk-core runs a query again
//! rescaled by a power of two: every batch form hands those pairs to the scalar
//! kernel and stays bit-identical to it on every run-time path.
//!
//! Boxes, octagons, circles, capsules and ellipses of size `L` (and rounded forms)
//! from 1e-37 to 1e37 in `f32` and 1e-300 to 1e300 in `f64`, apart, touching and
//! overlapping, mixed in blocks with pairs of unit size (which the lanes answer):
//! `distance`, `intersects` and the light `Separation` through slices, prepacked
//! blocks, index pairs and a warm-started `PairSet` over several frames, and ray casts.

use gjk_core::{
    CastOutput, QueryError, Ray, Scalar, Transform, Vec2, distance, intersects, ray_cast,
    support_ray_cast,
};
use gjk_shapes::{Capsule, Circle, Ellipse, Polygon, Rect, Rounded, Shape};
use gjk_simd::{
    BLOCK, LaneScalar, PairBlock, Separation, ShapeBlock, Simd, distance_batch_on,
    distance_pairs_on, intersects_batch_on, intersects_pairs_on, ray_cast_batch_on,
    separation_pairs_on,
};

use crate::common::output_bits;

fn v<S: Scalar>(x: f64, y: f64) -> Vec2<S> {
    Vec2::new(S::from_f64(x), S::from_f64(y))
}

/// The scales tried: every third power of ten across the normal range, and 1 (which
/// no rescale touches).
fn scales<S: Scalar>() -> Vec<f64> {
    let top = if S::EPS.to_f64() > 1e-10 { 37 } else { 300 };
    (-top..=top)
        .step_by(3)
        .map(|exponent| 10f64.powi(exponent))
        .chain([1.0])
        .collect()
}

/// Shapes of size `scale`: a box, an octagon, a circle, a capsule, an ellipse, and a
/// rounded box.
fn shapes<S: Scalar>(scale: f64) -> Vec<Shape<S>> {
    let size = S::from_f64(scale);
    let rect = Rect::new(Vec2::new(size, size)).unwrap();
    vec![
        // A box as a polygon: the lanes have no exact form of `Rect`'s own support.
        Shape::from(Polygon::from_rect(rect).unwrap()),
        Shape::from(Polygon::regular(8, size).unwrap()),
        Shape::from(Circle::new(Vec2::ZERO, size).unwrap()),
        Shape::from(Capsule::new(v(0.0, -scale / 2.0), v(0.0, scale / 2.0), size).unwrap()),
        Shape::from(Ellipse::new(v(scale, 2.0 * scale)).unwrap()),
        Shape::RoundedPolygon(
            Rounded::new(
                Polygon::from_rect(Rect::new(v(scale / 2.0, scale / 2.0)).unwrap()).unwrap(),
                S::from_f64(scale / 2.0),
            )
            .unwrap(),
        ),
    ]
}

/// One scene: every shape of every scale twice, placed in a row; `pairs` joins each
/// shape to its twin at an offset that varies from overlapping to apart with `frame`.
struct Scene<S: Scalar> {
    shapes: Vec<Shape<S>>,
    poses: Vec<Transform<S>>,
    pairs: Vec<[u32; 2]>,
}

fn scene<S: Scalar>(frame: u32) -> Scene<S> {
    let mut scene = Scene {
        shapes: Vec::new(),
        poses: Vec::new(),
        pairs: Vec::new(),
    };
    for scale in scales::<S>() {
        for (kind, shape) in shapes::<S>(scale).into_iter().enumerate() {
            // From 1.5 L (overlapping) to 3.5 L (apart) over the frames and kinds.
            let gap = 1.5 + f64::from((frame + kind as u32) % 5) * 0.5;
            let angle = S::from_f64(0.1 * f64::from(frame) + 0.3 * kind as f64);
            let index = scene.shapes.len() as u32;
            scene.shapes.extend([shape, shape]);
            scene.poses.extend([
                Transform::from_position_angle(Vec2::ZERO, S::ZERO),
                Transform::from_position_angle(v(gap * scale, 0.25 * scale), angle),
            ]);
            scene.pairs.push([index, index + 1]);
        }
    }
    scene
}

/// Bitwise equality of two cast outputs, NaN included.
fn same_cast<S: Scalar>(batch: &CastOutput<S>, scalar: &CastOutput<S>) -> bool {
    let bits = |out: &CastOutput<S>| {
        [
            out.fraction.to_f64().to_bits(),
            out.point.x.to_f64().to_bits(),
            out.point.y.to_f64().to_bits(),
            out.normal.x.to_f64().to_bits(),
            out.normal.y.to_f64().to_bits(),
            u64::from(out.iterations),
            out.status as u64,
        ]
    };
    bits(batch) == bits(scalar)
}

fn batches_equal_scalar_at_every_scale<S: LaneScalar>() {
    let scene = scene::<S>(0);
    let count = scene.pairs.len();
    let a: Vec<Shape<S>> = scene
        .pairs
        .iter()
        .map(|p| scene.shapes[p[0] as usize])
        .collect();
    let b: Vec<Shape<S>> = scene
        .pairs
        .iter()
        .map(|p| scene.shapes[p[1] as usize])
        .collect();
    let xf_a: Vec<_> = scene
        .pairs
        .iter()
        .map(|p| scene.poses[p[0] as usize])
        .collect();
    let xf_b: Vec<_> = scene
        .pairs
        .iter()
        .map(|p| scene.poses[p[1] as usize])
        .collect();
    let scalar: Vec<_> = (0..count)
        .map(|i| distance(&a[i], xf_a[i], &b[i], xf_b[i]))
        .collect();
    let scalar_overlap: Vec<_> = (0..count)
        .map(|i| intersects(&a[i], xf_a[i], &b[i], xf_b[i]))
        .collect();
    let blank = gjk_core::DistanceOutput::<S>::default();
    for simd in Simd::available() {
        let path = simd.path();
        let mut out = vec![blank; count];
        let mut overlaps = vec![Err(QueryError::InvalidInput); count];
        distance_batch_on(simd, &a, &xf_a, &b, &xf_b, &mut out).unwrap();
        intersects_batch_on(simd, &a, &xf_a, &b, &xf_b, &mut overlaps).unwrap();
        for i in 0..count {
            assert_eq!(
                output_bits(&out[i]),
                output_bits(&scalar[i]),
                "{path} slices {i}"
            );
            assert_eq!(
                overlaps[i], scalar_overlap[i],
                "{path} slices intersects {i}"
            );
        }

        let pairs: Vec<(Shape<S>, Shape<S>)> = a.iter().copied().zip(b.iter().copied()).collect();
        for (block, start) in pairs.chunks(BLOCK).zip((0..).step_by(BLOCK)) {
            let block = PairBlock::new(block).unwrap();
            let end = start + block.len();
            let mut out = vec![blank; block.len()];
            let mut overlaps = vec![Err(QueryError::InvalidInput); block.len()];
            block
                .distance_on(simd, &xf_a[start..end], &xf_b[start..end], &mut out)
                .unwrap();
            block
                .intersects_on(simd, &xf_a[start..end], &xf_b[start..end], &mut overlaps)
                .unwrap();
            for (i, (out, overlap)) in out.iter().zip(&overlaps).enumerate() {
                let index = start + i;
                assert_eq!(
                    output_bits(out),
                    output_bits(&scalar[index]),
                    "{path} block {index}"
                );
                assert_eq!(
                    *overlap, scalar_overlap[index],
                    "{path} block intersects {index}"
                );
            }
        }

        let mut out = vec![blank; count];
        let mut light = vec![Separation::default(); count];
        let mut overlaps = vec![Err(QueryError::InvalidInput); count];
        distance_pairs_on(simd, &scene.shapes, &scene.poses, &scene.pairs, &mut out).unwrap();
        separation_pairs_on(simd, &scene.shapes, &scene.poses, &scene.pairs, &mut light).unwrap();
        intersects_pairs_on(
            simd,
            &scene.shapes,
            &scene.poses,
            &scene.pairs,
            &mut overlaps,
        )
        .unwrap();
        for i in 0..count {
            assert_eq!(
                output_bits(&out[i]),
                output_bits(&scalar[i]),
                "{path} pairs {i}"
            );
            assert_eq!(
                light[i],
                Separation::from(scalar[i]),
                "{path} separation {i}"
            );
            assert_eq!(
                overlaps[i], scalar_overlap[i],
                "{path} pairs intersects {i}"
            );
        }
    }
}

/// A `PairSet` over frames of motion equals `distance_cached` with one cache per pair.
#[cfg(feature = "alloc")]
fn pair_set_equals_distance_cached_at_every_scale<S: LaneScalar>() {
    for simd in Simd::available() {
        let mut set = gjk_simd::PairSet::<S>::new();
        let first = scene::<S>(0);
        let ids: Vec<_> = first
            .pairs
            .iter()
            .map(|&pair| set.insert(&first.shapes, pair).unwrap())
            .collect();
        let mut caches = vec![gjk_core::SimplexCache::<S>::new(); ids.len()];
        let mut out = vec![gjk_core::DistanceOutput::<S>::default(); set.id_bound()];
        for frame in 0..4 {
            let scene = scene::<S>(frame);
            set.distance_on(simd, &scene.poses, &mut out).unwrap();
            for ((id, pair), cache) in ids.iter().zip(&scene.pairs).zip(&mut caches) {
                let [i, j] = pair.map(|index| index as usize);
                let scalar = gjk_core::distance_cached(
                    &scene.shapes[i],
                    scene.poses[i],
                    &scene.shapes[j],
                    scene.poses[j],
                    cache,
                );
                assert_eq!(
                    output_bits(&out[id.index()]),
                    output_bits(&scalar),
                    "{} frame {frame} pair {pair:?}",
                    simd.path()
                );
            }
        }
    }
}

/// Rays from 3 L outside each shape, 4 L long, and rays starting inside: the slice
/// form against `ray_cast` (closed forms where the shapes have them, lanes for the
/// rounded box), prepacked blocks against `support_ray_cast` (lanes for every shape).
/// And rays along the diagonal that end exactly on the box's far corner, where a cast
/// ends with every simplex point zero and gjk-core takes its scale from the support
/// points (the lanes hand such rays over).
fn rays_equal_scalar_at_every_scale<S: LaneScalar>() {
    let mut targets = Vec::new();
    let mut placements = Vec::new();
    let mut rays = Vec::new();
    for scale in scales::<S>() {
        for shape in shapes::<S>(scale) {
            for start in [-3.0, -0.5, 0.0] {
                targets.push(shape);
                placements.push(Transform::from_position_angle(Vec2::ZERO, S::from_f64(0.2)));
                rays.push(Ray::new(v(start * scale, 0.1 * scale), v(4.0 * scale, 0.0)));
            }
            targets.push(shape);
            placements.push(Transform::IDENTITY);
            rays.push(Ray::new(
                v(-3.0 * scale, -3.0 * scale),
                v(4.0 * scale, 4.0 * scale),
            ));
        }
    }
    let scalar: Vec<_> = (0..targets.len())
        .map(|i| ray_cast(&targets[i], placements[i], rays[i]))
        .collect();
    let gjk: Vec<_> = (0..targets.len())
        .map(|i| support_ray_cast(&targets[i], placements[i], rays[i]))
        .collect();
    for simd in Simd::available() {
        let mut out = vec![CastOutput::<S>::default(); targets.len()];
        ray_cast_batch_on(simd, &targets, &placements, &rays, &mut out).unwrap();
        let mut blocks = vec![CastOutput::<S>::default(); targets.len()];
        let chunks = targets
            .chunks(BLOCK)
            .zip(placements.chunks(BLOCK).zip(rays.chunks(BLOCK)))
            .zip(blocks.chunks_mut(BLOCK));
        for ((shapes, (placements, rays)), out) in chunks {
            let block = ShapeBlock::new(shapes).unwrap();
            block.ray_cast_on(simd, placements, rays, out).unwrap();
        }
        for i in 0..targets.len() {
            assert!(
                same_cast(&out[i], &scalar[i]),
                "{} slices, ray {i}: {:?} vs {:?}",
                simd.path(),
                out[i],
                scalar[i]
            );
            assert!(
                same_cast(&blocks[i], &gjk[i]),
                "{} blocks, ray {i}: {:?} vs {:?}",
                simd.path(),
                blocks[i],
                gjk[i]
            );
        }
    }
}

#[test]
fn batches_equal_scalar_at_every_scale_f32() {
    batches_equal_scalar_at_every_scale::<f32>();
}

#[test]
fn batches_equal_scalar_at_every_scale_f64() {
    batches_equal_scalar_at_every_scale::<f64>();
}

#[test]
#[cfg(feature = "alloc")]
fn pair_set_equals_distance_cached_at_every_scale_f32() {
    pair_set_equals_distance_cached_at_every_scale::<f32>();
}

#[test]
#[cfg(feature = "alloc")]
fn pair_set_equals_distance_cached_at_every_scale_f64() {
    pair_set_equals_distance_cached_at_every_scale::<f64>();
}

#[test]
fn rays_equal_scalar_at_every_scale_f32() {
    rays_equal_scalar_at_every_scale::<f32>();
}

#[test]
fn rays_equal_scalar_at_every_scale_f64() {
    rays_equal_scalar_at_every_scale::<f64>();
}

/// A capsule 2e37 long: its far end's support point makes the scalar kernel's trial
/// simplex NaN. Were the scalar loop to keep that vertex while the lanes drop a stopped
/// lane's trial vertex, the rescue would read different magnitudes, and the scalar
/// kernel would answer overlapping where the lanes say invalid input.
#[test]
fn a_support_point_that_overflows_the_reduction_is_dropped_everywhere() {
    use gjk_core::Rot;
    let a: Shape<f32> =
        Shape::from(Capsule::new(v(14.125, 14.125), v(14.125, 6.125), 14.125).unwrap());
    let b: Shape<f32> =
        Shape::from(Capsule::new(v(14.125, 14.125), v(-2.005_831e37, 6.125), 14.125).unwrap());
    let rotation = |cos: u32, sin: u32| Rot {
        cos: f32::from_bits(cos),
        sin: f32::from_bits(sin),
    };
    let xf_a = Transform::new(v(14.125, 14.125), rotation(0x3c47_5698, 0x3f7f_fb26));
    let xf_b = Transform::new(v(14.125, 14.125), rotation(0xbf7f_c61b, 0xbd2c_21ba));
    let scalar = distance(&a, xf_a, &b, xf_b);
    for simd in Simd::available() {
        let mut out = [gjk_core::DistanceOutput::default(); 2];
        distance_batch_on(simd, &[a, a], &[xf_a; 2], &[b, b], &[xf_b; 2], &mut out).unwrap();
        assert_eq!(
            output_bits(&out[1]),
            output_bits(&scalar),
            "{}",
            simd.path()
        );
    }
}
