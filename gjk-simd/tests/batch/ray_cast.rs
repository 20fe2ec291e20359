//! Every batch ray cast equals its scalar query on the same shape, placement and ray,
//! bit for bit: status, fraction, point, normal and iteration count. The slice form
//! answers as `gjk_core::ray_cast` (closed forms where shapes have them, GJK lanes for
//! the rest), prepacked blocks as `gjk_core::support_ray_cast` (GJK lanes for all).
//!
//! Random shapes of every lane kind, mixed within batches, up to 1e4 from the origin;
//! rays from outside (aimed near the shape, so that about half hit), from inside and
//! from within the rounding, short and long, with invalid placements and rays among
//! valid ones and batch lengths that are not multiples of the lane count. The debug
//! run checks a few thousand rays; the `--ignored` run (`cargo test --release -p
//! gjk-simd -- --ignored`, a CI step) checks 100,000 rays against each kind.

use gjk_core::{
    Bounded, CastOutput, CastStatus, Ray, Rot, Scalar, Transform, Vec2, ray_cast, support_ray_cast,
};
use gjk_shapes::{Capsule, Circle, Polygon};
use gjk_simd::{
    BLOCK, LaneScalar, PackError, ShapeBlock, Simd, SimdPath, ray_cast_batch, ray_cast_batch_on,
};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestRunner};

use crate::common::{batches_per_kind, per_kind};
use crate::lane_shapes::{EACH_KIND, Kinds, Shape, shape, transform_to_f64};

/// Every field of a cast output as bits (of the value widened to `f64`, which is
/// exact), NaN included.
fn cast_bits<S: Scalar>(output: &CastOutput<S>) -> [u64; 7] {
    let bits = |value: S| Scalar::to_f64(value).to_bits();
    [
        bits(output.fraction),
        bits(output.point.x),
        bits(output.point.y),
        bits(output.normal.x),
        bits(output.normal.y),
        u64::from(output.iterations),
        output.status as u64,
    ]
}

/// A shape, its placement and a ray scaled to the shape's size. One case in forty
/// has an invalid transform, one in forty an invalid `max_fraction`, one in eighty an
/// infinite translation.
fn case(kinds: Kinds) -> impl Strategy<Value = (Shape, Transform<f32>, Ray<f32>)> {
    let centre = prop_oneof![Just(0.0_f32), 1.0_f32..10.0, 1e3_f32..1e4];
    (
        shape(kinds),
        (centre, 0.0_f32..7.0),
        // Where the ray starts, in shape sizes from the placement: inside, in the
        // rounding, or outside.
        (-3.0_f32..3.0, -3.0_f32..3.0),
        // Where it is aimed, in shape sizes from the placement, and how far it goes
        // (past the aim point or short of it).
        (-0.8_f32..0.8, -0.8_f32..0.8),
        (0.0_f32..3.0, prop_oneof![Just(1.0_f32), 0.0_f32..1.5]),
        0_u8..80,
    )
        .prop_map(
            |(shape, (centre, angle), start, aim, (reach, max_fraction), invalid)| {
                let size = shape.aabb(Transform::IDENTITY).half_extents().length();
                let mut xf = Transform::from_position_angle(Vec2::new(centre, -centre), angle);
                let origin = xf.translation + Vec2::new(start.0, start.1) * size;
                let target = xf.translation + Vec2::new(aim.0, aim.1) * size;
                let mut ray = Ray::new(origin, (target - origin) * reach);
                ray.max_fraction = max_fraction;
                match invalid {
                    0 => xf.rotation = Rot { cos: 1.0, sin: 0.5 },
                    1 => ray.max_fraction = -0.5,
                    2 => ray.translation.y = f32::INFINITY,
                    _ => {}
                }
                (shape, xf, ray)
            },
        )
}

/// The same shape, placement and ray in `f64`, where the `f64` constructors take the
/// shape.
fn case_f64(kinds: Kinds) -> impl Strategy<Value = (Shape<f64>, Transform<f64>, Ray<f64>)> {
    case(kinds).prop_filter_map("f64 shape", |(shape, xf, ray)| {
        let wide = |v: Vec2<f32>| Vec2::new(f64::from(v.x), f64::from(v.y));
        let mut wide_ray = Ray::new(wide(ray.origin), wide(ray.translation));
        wide_ray.max_fraction = f64::from(ray.max_fraction);
        Some((shape.to_f64()?, transform_to_f64(xf), wide_ray))
    })
}

fn check(kinds: Kinds, batches: u32, lengths: core::ops::RangeInclusive<usize>) -> [usize; 2] {
    check_cases(case(kinds), batches, lengths)
}

fn check_f64(kinds: Kinds, batches: u32, lengths: core::ops::RangeInclusive<usize>) -> [usize; 2] {
    check_cases(case_f64(kinds), batches, lengths)
}

fn check_cases<S: LaneScalar>(
    case: impl Strategy<Value = (Shape<S>, Transform<S>, Ray<S>)>,
    batches: u32,
    lengths: core::ops::RangeInclusive<usize>,
) -> [usize; 2] {
    let config = Config {
        cases: batches,
        rng_seed: RngSeed::Fixed(0x5EED_7A75),
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = TestRunner::new(config);
    let strategy = prop::collection::vec(case, lengths);
    let (checked, hits) = (core::cell::Cell::new(0), core::cell::Cell::new(0));
    runner
        .run(&strategy, |cases| {
            let shapes: Vec<Shape<S>> = cases.iter().map(|case| case.0).collect();
            let placements: Vec<Transform<S>> = cases.iter().map(|case| case.1).collect();
            let rays: Vec<Ray<S>> = cases.iter().map(|case| case.2).collect();
            let blank = ray_cast(&shapes[0], placements[0], rays[0]);
            let fail = |error: PackError| TestCaseError::fail(error.to_string());
            let blocks = shapes
                .chunks(BLOCK)
                .map(ShapeBlock::new)
                .collect::<Result<Vec<_>, _>>()
                .map_err(fail)?;
            for simd in Simd::available() {
                let path = simd.path();
                let mut out = vec![blank; cases.len()];
                // The slice form; on the scalar path it calls the scalar query.
                if path != SimdPath::Scalar {
                    ray_cast_batch_on(simd, &shapes, &placements, &rays, &mut out).map_err(fail)?;
                    compare(&shapes, &placements, &rays, &out, path, "slices", ray_cast)?;
                }
                // Prepacked blocks, whose scalar path casts against the packed shapes.
                let chunks = placements
                    .chunks(BLOCK)
                    .zip(rays.chunks(BLOCK))
                    .zip(out.chunks_mut(BLOCK));
                for (block, ((placements, rays), out)) in blocks.iter().zip(chunks) {
                    block
                        .ray_cast_on(simd, placements, rays, out)
                        .map_err(fail)?;
                }
                compare(
                    &shapes,
                    &placements,
                    &rays,
                    &out,
                    path,
                    "blocks",
                    support_ray_cast,
                )?;
            }
            for (index, shape) in shapes.iter().enumerate() {
                let scalar = ray_cast(shape, placements[index], rays[index]);
                hits.set(hits.get() + usize::from(scalar.status == CastStatus::Hit));
            }
            checked.set(checked.get() + cases.len());
            Ok(())
        })
        .unwrap();
    [checked.get(), hits.get()]
}

/// A scalar ray cast: `ray_cast` or `support_ray_cast`.
type ScalarCast<S> = fn(&Shape<S>, Transform<S>, Ray<S>) -> CastOutput<S>;

/// Every output equals the scalar cast's (`ray_cast` or `support_ray_cast`), bit for
/// bit.
fn compare<S: LaneScalar>(
    shapes: &[Shape<S>],
    placements: &[Transform<S>],
    rays: &[Ray<S>],
    out: &[CastOutput<S>],
    path: SimdPath,
    form: &str,
    scalar_cast: ScalarCast<S>,
) -> Result<(), TestCaseError> {
    for (index, shape) in shapes.iter().enumerate() {
        let scalar = scalar_cast(shape, placements[index], rays[index]);
        prop_assert!(
            cast_bits(&out[index]) == cast_bits(&scalar),
            "{path} {form}, ray {index}: {shape:?} at {:?}, {:?}\nbatch  {:?}\nscalar {scalar:?}",
            placements[index],
            rays[index],
            out[index]
        );
    }
    Ok(())
}

/// The signature of `check` and `check_f64`.
type Check = fn(Kinds, u32, core::ops::RangeInclusive<usize>) -> [usize; 2];

/// `check` on mixed kinds in `batches` batches of up to `longest` rays, at least
/// `at_least` rays in all.
fn mixed_kinds(check: Check, batches: u32, longest: usize, at_least: usize) {
    let [checked, hits] = check(Kinds::All, batches, 1..=longest);
    assert!(checked >= at_least, "{checked} rays");
    // The comparison covers hits, not only misses.
    assert!(hits * 5 > checked, "{hits} hits of {checked}");
}

/// `check` on 100,000 rays against each kind (see `per_kind`) on every path, in
/// `batches` batches of a full block and a partial one (`lengths`) for that many.
fn each_kind(check: Check, batches: u32, lengths: core::ops::RangeInclusive<usize>) {
    let (batches, at_least) = (batches_per_kind(batches), per_kind());
    for kinds in EACH_KIND {
        let [checked, hits] = check(kinds, batches, lengths.clone());
        assert!(checked >= at_least, "{kinds:?}");
        // Hits are compared too, not only misses (circles, the sparsest: a quarter).
        assert!(hits * 5 > checked, "{kinds:?}: {hits} hits of {checked}");
    }
}

#[test]
fn batch_ray_cast_equals_scalar_on_mixed_kinds() {
    mixed_kinds(check, 400, 21, 4000);
}

#[test]
#[ignore = "100,000 rays per kind: run in release (a CI step does)"]
fn batch_ray_cast_equals_scalar_on_100k_rays_per_kind() {
    each_kind(check, 4100, 24..=26);
}

#[test]
fn f64_batch_ray_cast_equals_scalar_on_mixed_kinds() {
    mixed_kinds(check_f64, 400, 13, 2000);
}

#[test]
#[ignore = "100,000 rays per kind: run in release (a CI step does)"]
fn f64_batch_ray_cast_equals_scalar_on_100k_rays_per_kind() {
    each_kind(check_f64, 7700, 12..=14);
}

/// Each outcome of a cast comes out of the lanes as the scalar cast gives it: a hit, a
/// miss, a ray starting in the core, one starting in the rounding (with the outward
/// normal), a ray stopping short, and invalid input.
#[test]
fn batch_ray_cast_meets_every_outcome() {
    let pill = Capsule::new(Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0), 0.5_f32).unwrap();
    let at = Transform::from_position_angle(Vec2::new(3.0, 1.0), 0.3);
    let toward = |origin: Vec2<f32>| Ray::new(origin, at.translation - origin);
    let mut short = toward(Vec2::new(-3.0, 1.0));
    short.max_fraction = 0.5;
    let rays = [
        toward(Vec2::new(-3.0, 1.0)),
        Ray::new(Vec2::new(-3.0, 5.0), Vec2::new(8.0, 0.0)),
        toward(at.translation),
        toward(at.transform_point(Vec2::new(0.0, 0.4))),
        short,
        Ray::new(Vec2::new(f32::NAN, 0.0), Vec2::X),
    ];
    // The slice form answers with the capsule's closed form, the block with lanes.
    let mut out = [ray_cast(&pill, at, rays[0]); 6];
    ray_cast_batch(&[pill; 6], &[at; 6], &rays, &mut out).unwrap();
    let mut lanes = out;
    let block = ShapeBlock::new(&[pill; 6]).unwrap();
    block.ray_cast(&[at; 6], &rays, &mut lanes).unwrap();
    for (index, ray) in rays.iter().enumerate() {
        assert_eq!(
            cast_bits(&out[index]),
            cast_bits(&ray_cast(&pill, at, *ray)),
            "{index}"
        );
        assert_eq!(
            cast_bits(&lanes[index]),
            cast_bits(&support_ray_cast(&pill, at, *ray)),
            "{index}"
        );
    }
    for outputs in [out, lanes] {
        let statuses = outputs.map(|output| output.status);
        assert_eq!(
            statuses,
            [
                CastStatus::Hit,
                CastStatus::Miss,
                CastStatus::StartsInside,
                CastStatus::StartsInside,
                CastStatus::Miss,
                CastStatus::InvalidInput,
            ]
        );
        // In the core no normal; in the rounding, the outward one.
        assert_eq!(outputs[2].normal, Vec2::ZERO);
        assert!((outputs[3].normal - at.rotation.rotate(Vec2::new(0.0, 1.0))).length() < 1e-6);
    }
}

/// A box has a closed-form cast but no lane form: the slice form answers it without
/// packing, beside rounded boxes that go into lanes, each ray back in its own slot.
#[test]
fn ray_cast_batch_takes_boxes_beside_lane_shapes() {
    use gjk_shapes::{Rect, Rounded, Shape as EngineShape};
    let rect = Rect::new(Vec2::new(1.0_f32, 0.5)).unwrap();
    let rounded = Rounded::new(Polygon::<f32, 8>::from_rect(rect).unwrap(), 0.25).unwrap();
    let shapes: Vec<EngineShape<f32>> = (0..37)
        .map(|index| {
            if index % 3 == 0 {
                rect.into()
            } else {
                rounded.into()
            }
        })
        .collect();
    let placements: Vec<Transform<f32>> = (0..37)
        .map(|index| Transform::from_position_angle(Vec2::new(3.0, 0.05 * index as f32), 0.1))
        .collect();
    let rays = vec![Ray::new(Vec2::ZERO, Vec2::new(6.0, 0.0)); 37];
    let mut out = vec![CastOutput::default(); 37];
    for simd in Simd::available() {
        ray_cast_batch_on(simd, &shapes, &placements, &rays, &mut out).unwrap();
        for index in 0..37 {
            let scalar = ray_cast(&shapes[index], placements[index], rays[index]);
            assert_eq!(
                cast_bits(&out[index]),
                cast_bits(&scalar),
                "{} {index}",
                simd.path()
            );
            assert_eq!(scalar.iterations == 0, index % 3 == 0, "{index}");
        }
    }
    assert_eq!(
        ShapeBlock::new(&shapes[..BLOCK]).err(),
        Some(PackError::UnsupportedShape)
    );
}

#[test]
fn ray_cast_batch_with_mismatched_lengths_is_an_error() {
    let ball = Circle::new(Vec2::ZERO, 1.0_f32).unwrap();
    let ray = Ray::new(Vec2::ZERO, Vec2::X);
    let mut out = [ray_cast(&ball, Transform::IDENTITY, ray); 2];
    let result = ray_cast_batch(&[ball; 3], &[Transform::IDENTITY; 3], &[ray; 2], &mut out);
    assert_eq!(result, Err(PackError::LengthMismatch));
    let too_many = ShapeBlock::new(&[ball; ShapeBlock::<f32>::CAPACITY + 1]);
    assert_eq!(too_many, Err(PackError::LengthMismatch));
    let octagon = Polygon::<f32, 8>::regular(8, 1.0).unwrap();
    let block = ShapeBlock::new(&[octagon; 2]).unwrap();
    let result = block.ray_cast(&[Transform::IDENTITY; 2], &[ray; 1], &mut out[..1]);
    assert_eq!(result, Err(PackError::LengthMismatch));
}
