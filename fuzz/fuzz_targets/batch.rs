//! gjk-simd against scalar gjk-core: every lane of `distance_batch` equals
//! `gjk_core::distance` on the same pair, every lane of `ray_cast_batch` equals
//! `gjk_core::ray_cast` and of `ShapeBlock::ray_cast` `gjk_core::support_ray_cast` on
//! the same shape and ray, bit for bit, for any batch length,
//! shapes of every lane kind mixed, and any placements and rays (invalid ones
//! included).
#![no_main]

use gjk_core::{
    CastOutput, DistanceOutput, FeatureId, Ray, RayShape, Support, SupportPoint, Transform, Vec2,
    distance, ray_cast, support_ray_cast,
};
use gjk_fuzz::{P, Placement, Shape, ShapeSpec};
use gjk_simd::{
    BLOCK, LaneCore, LaneShape, PackError, ShapeBlock, Simd, distance_batch_on, ray_cast_batch_on,
};
use libfuzzer_sys::fuzz_target;

/// The fuzz shapes that fit a lane.
#[derive(Clone, Copy, Debug)]
struct Lane(Shape);

impl Lane {
    fn inner(&self) -> Option<&dyn LaneShape> {
        match &self.0 {
            Shape::Point(s) => Some(s),
            Shape::Circle(s) => Some(s),
            Shape::Segment(s) => Some(s),
            Shape::Capsule(s) => Some(s),
            Shape::Polygon(s) => Some(s),
            Shape::Rounded(s) => Some(s),
            Shape::Ellipse(s) => Some(s),
            Shape::Rect(_) => None,
        }
    }
}

impl Support<f32> for Lane {
    fn support(&self, direction: Vec2<f32>) -> SupportPoint<f32> {
        self.0.support(direction)
    }
    fn radius(&self) -> f32 {
        self.0.radius()
    }
    fn feature_point(&self, feature: FeatureId) -> Option<Vec2<f32>> {
        self.0.feature_point(feature)
    }
}

impl RayShape<f32> for Lane {
    fn analytic_ray_cast(
        &self,
        transform: Transform<f32>,
        ray: Ray<f32>,
    ) -> Option<CastOutput<f32>> {
        self.0.analytic_ray_cast(transform, ray)
    }
}

impl LaneShape for Lane {
    fn lane_core(&self) -> Result<LaneCore, PackError> {
        self.inner()
            .map_or(Err(PackError::UnsupportedShape), |shape| shape.lane_core())
    }
}

fn bits(output: &DistanceOutput<f32>) -> [u32; 8] {
    [
        output.distance.to_bits(),
        output.witness_a.x.to_bits(),
        output.witness_a.y.to_bits(),
        output.witness_b.x.to_bits(),
        output.witness_b.y.to_bits(),
        output.normal.x.to_bits(),
        output.normal.y.to_bits(),
        output.iterations,
    ]
}

fn cast_bits(output: &CastOutput<f32>) -> [u32; 6] {
    [
        output.fraction.to_bits(),
        output.point.x.to_bits(),
        output.point.y.to_bits(),
        output.normal.x.to_bits(),
        output.normal.y.to_bits(),
        output.iterations,
    ]
}

fuzz_target!(
    |pairs: Vec<(ShapeSpec, Placement, ShapeSpec, Placement, P)>| {
        let mut a = Vec::new();
        let mut b = Vec::new();
        let mut xf_a = Vec::new();
        let mut xf_b = Vec::new();
        let mut rays = Vec::new();
        for (spec_a, place_a, spec_b, place_b, reach) in pairs.iter().take(19) {
            let (Ok(shape_a), Ok(shape_b)) = (spec_a.build(), spec_b.build()) else {
                continue;
            };
            let (lane_a, lane_b) = (Lane(shape_a), Lane(shape_b));
            if lane_a.inner().is_none() || lane_b.inner().is_none() {
                continue;
            }
            a.push(lane_a);
            b.push(lane_b);
            xf_a.push(place_a.transform());
            xf_b.push(place_b.transform());
            // A ray from B's position: any direction and length, invalid ones included.
            rays.push(Ray::new(place_b.transform().translation, reach.v()));
        }
        if a.is_empty() {
            return;
        }
        // Every lane path this processor has (SSE2, AVX2, AVX-512 on x86-64).
        for simd in Simd::available() {
            let path = simd.path();
            let mut out = vec![DistanceOutput::default(); a.len()];
            distance_batch_on(simd, &a, &xf_a, &b, &xf_b, &mut out).unwrap();
            for (index, batch) in out.iter().enumerate() {
                let scalar = distance(&a[index], xf_a[index], &b[index], xf_b[index]);
                assert!(
                    bits(batch) == bits(&scalar) && batch.status == scalar.status,
                    "{path}, pair {index}: batch {batch:?} vs scalar {scalar:?}"
                );
            }
            let mut casts = vec![CastOutput::default(); a.len()];
            ray_cast_batch_on(simd, &a, &xf_a, &rays, &mut casts).unwrap();
            for (index, batch) in casts.iter().enumerate() {
                let scalar = ray_cast(&a[index], xf_a[index], rays[index]);
                assert!(
                    cast_bits(batch) == cast_bits(&scalar) && batch.status == scalar.status,
                    "{path}, ray {index}: batch {batch:?} vs scalar {scalar:?}"
                );
            }
            // Prepacked blocks run the GJK ray cast in every lane.
            let chunks = a
                .chunks(BLOCK)
                .zip(xf_a.chunks(BLOCK).zip(rays.chunks(BLOCK)));
            for (block_index, (shapes, (placements, block_rays))) in chunks.enumerate() {
                let block = ShapeBlock::new(shapes).unwrap();
                let mut lanes = vec![CastOutput::default(); shapes.len()];
                block
                    .ray_cast_on(simd, placements, block_rays, &mut lanes)
                    .unwrap();
                for (lane, batch) in lanes.iter().enumerate() {
                    let index = block_index * BLOCK + lane;
                    let scalar = support_ray_cast(&a[index], xf_a[index], rays[index]);
                    assert!(
                        cast_bits(batch) == cast_bits(&scalar) && batch.status == scalar.status,
                        "{path}, block ray {index}: batch {batch:?} vs scalar {scalar:?}"
                    );
                }
            }
        }
    }
);
