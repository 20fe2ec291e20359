//! The three 3D families that defeat solvers with absolute thresholds: a
//! 500-unit slab against a 0.5 hull 1e-2 apart, a size-100 hull against a size-1 hull
//! 1e-2 apart, and near-parallel boxes 1e-4 apart. Each pair is built by the oracle
//! (`gjk_oracle::slab_vs_hull` and the others), which also gives its exact distance;
//! the kernel gets the same numbers, rounded to `f32` or kept in `f64`.

use gjk_core::{
    DistanceStatus, FeatureId, Quat, Support, SupportPoint, Transform3, Vec3, distance,
};
use gjk_oracle::FamilyPair3;

/// A convex hull of points as a support mapping: the arg-max over the points, first
/// on ties, naming the point by its index (written here so that the test does not
/// depend on the shapes under test).
struct Points<S>(Vec<Vec3<S>>);

impl<S: gjk_core::Scalar> Support<S, Vec3<S>> for Points<S> {
    fn support(&self, direction: Vec3<S>) -> SupportPoint<S, Vec3<S>> {
        let mut best = (S::neg_infinity(), 0);
        for (index, point) in self.0.iter().enumerate() {
            let dot = point.dot(direction);
            if dot > best.0 {
                best = (dot, index);
            }
        }
        let point = self.0.get(best.1).copied().unwrap_or(Vec3::ZERO);
        SupportPoint::new(point, FeatureId::vertex(best.1 as u32))
    }
    fn feature_point(&self, feature: FeatureId) -> Option<Vec3<S>> {
        self.0.get(feature.index()? as usize).copied()
    }
}

fn placed<S: gjk_core::Scalar>(
    points: &[[f64; 3]],
    translation: [f64; 3],
    rotation: [f64; 4],
) -> (Points<S>, Transform3<S>) {
    let s = S::from_f64;
    let shape = Points(
        points
            .iter()
            .map(|p| Vec3::new(s(p[0]), s(p[1]), s(p[2])))
            .collect(),
    );
    let rotation = Quat::from_xyzw(
        s(rotation[0]),
        s(rotation[1]),
        s(rotation[2]),
        s(rotation[3]),
    )
    .or_else(|| {
        Quat {
            x: s(rotation[0]),
            y: s(rotation[1]),
            z: s(rotation[2]),
            w: s(rotation[3]),
        }
        .normalize()
    })
    .expect("the families' rotations are unit quaternions");
    let xf = Transform3::new(
        Vec3::new(s(translation[0]), s(translation[1]), s(translation[2])),
        rotation,
    );
    (shape, xf)
}

/// The largest world coordinate of the pair: the scale `L` its error is judged by.
fn scale(pair: &FamilyPair3) -> f64 {
    let world = |points: &[[f64; 3]], t: [f64; 3]| {
        points
            .iter()
            .map(|p| p.iter().map(|c| c.abs()).fold(0.0, f64::max))
            .fold(0.0, f64::max)
            + t.iter().map(|c| c.abs()).fold(0.0, f64::max)
    };
    world(&pair.points_a, pair.translation_a).max(world(&pair.points_b, pair.translation_b))
}

/// The kernel's distance of a family pair in `S`, and the worst error over the
/// seeds relative to the pair's scale.
fn worst_relative_error<S: gjk_core::Scalar>(family: fn(u64) -> FamilyPair3, seeds: u64) -> f64 {
    let mut worst = 0.0_f64;
    for seed in 0..seeds {
        let pair = family(seed);
        let (a, xf_a) = placed::<S>(&pair.points_a, pair.translation_a, pair.quaternion_a);
        let (b, xf_b) = placed::<S>(&pair.points_b, pair.translation_b, pair.quaternion_b);
        let out = distance(&a, xf_a, &b, xf_b);
        assert_eq!(
            out.status,
            DistanceStatus::Separated,
            "seed {seed}: {out:?}"
        );
        let error = (out.distance.to_f64() - pair.distance).abs() / scale(&pair);
        worst = worst.max(error);
    }
    worst
}

#[test]
fn slab_against_a_small_hull_1e_2_apart() {
    let f32_error = worst_relative_error::<f32>(gjk_oracle::slab_vs_hull, 200);
    let f64_error = worst_relative_error::<f64>(gjk_oracle::slab_vs_hull, 200);
    eprintln!("slab: f32 {f32_error:e} f64 {f64_error:e}");
    assert!(f32_error <= 2e-6, "{f32_error}");
    assert!(f64_error <= 1e-12, "{f64_error}");
}

#[test]
fn large_hull_against_a_small_one_1e_2_apart() {
    let f32_error = worst_relative_error::<f32>(gjk_oracle::large_vs_small_hull, 200);
    let f64_error = worst_relative_error::<f64>(gjk_oracle::large_vs_small_hull, 200);
    eprintln!("large/small: f32 {f32_error:e} f64 {f64_error:e}");
    assert!(f32_error <= 2e-6, "{f32_error}");
    assert!(f64_error <= 1e-12, "{f64_error}");
}

#[test]
fn near_parallel_boxes_1e_4_apart() {
    let f32_error = worst_relative_error::<f32>(gjk_oracle::near_parallel_boxes, 200);
    let f64_error = worst_relative_error::<f64>(gjk_oracle::near_parallel_boxes, 200);
    eprintln!("near-parallel: f32 {f32_error:e} f64 {f64_error:e}");
    assert!(f32_error <= 2e-6, "{f32_error}");
    assert!(f64_error <= 1e-12, "{f64_error}");
}
