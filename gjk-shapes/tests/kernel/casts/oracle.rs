//! `shape_cast`, `ray_cast` and `support_ray_cast` on this crate's shapes against the exact f64 oracle, in
//! f32 and f64.
//!
//! The oracle's answer along a linear motion `m` of B comes from its exact signed
//! distance `d(t)` between A and B moved by `t m` (negative by the penetration depth
//! when they overlap). It is convex in `t`: a maximum over directions of functions
//! affine in `t`. Signed, so that a hit's closest approach lies clearly below a zero
//! target instead of on it (the unsigned distance left most hits inside the grazing
//! band, unchecked). So:
//! - the shapes start within the target `s` when `d(0) <= s`;
//! - the closest approach `min d` over `[0, max_fraction]` (ternary search) decides
//!   hit or miss;
//! - the first contact `t0` is the root of `d(t) = s` below the closest approach
//!   (bisection), independent of the kernel.
//!
//! With `L` the scene's length scale (largest of the shape extents, the distance, and
//! the length of the motion) every case checks, outside a band of `band * L` around
//! grazing (`|min d - s|`) and around starting in contact (`|d(0) - s|`):
//! - the status: `StartsInside`, `Hit` or `Miss` as the oracle says;
//! - for a hit at `t`: `|d(t) - s| <= bar * L` (the shapes touch there), `t` is not
//!   past the closest approach, and, where the motion approaches the contact at a rate
//!   of at least a tenth of `|m|`, the position error `|t - t0| |m| <= bar * L` (the
//!   required accuracy of the fraction); at shallower angles a small distance error
//!   moves the contact far along the motion, and the distance check above is the
//!   meaningful one;
//! - the normal is unit, and the contact point lies on A's surface at the contact.

use crate::harness::{Case, Scene, any_shape, case, config, ellipse, polytope, rounded};
use crate::motion_search::{convex_minimum, first_crossing};
use gjk_core::{
    CastOutput, CastStatus, Ray, Scalar, ShapeCastInput, Vec2, ray_cast, shape_cast,
    support_ray_cast,
};
use gjk_oracle::{Core, Shape as OracleShape, signed_distance_to_surface, transform};
use proptest::prelude::*;

/// Bars as fractions of `L`. The required floors are 2e-5 (f32) and 1e-9 (f64).
/// Measured against the signed oracle distance: the worst f32 case is 4.5e-6 L, a hit
/// just after the start where the touching margin (4 eps of the largest simplex
/// vertex) dominates; f64 passes at 1e-12.
#[derive(Clone, Copy)]
struct CastBars {
    /// Distance at the reported contact, and position error of transversal hits.
    contact: f64,
    /// Half-width of the grazing and starting-contact bands.
    band: f64,
}

const F32: CastBars = CastBars {
    contact: 5e-6,
    band: 5e-6,
};
const F64: CastBars = CastBars {
    contact: 1e-12,
    band: 1e-12,
};

/// B's motion, relative to the line between the shapes: `toward` times the offset
/// from B to A plus `aside` times its perpendicular. Near-zero `aside` hits, larger
/// values graze or miss; negative `toward` moves away.
#[derive(Clone, Copy, Debug)]
struct Motion {
    toward: f64,
    aside: f64,
    target_separation: f64,
}

fn motion() -> impl Strategy<Value = Motion> {
    let toward = prop_oneof![4 => 0.3..3.0, 1 => -1.0..0.3];
    let aside = prop_oneof![2 => Just(0.0), 3 => -1.0..1.0_f64];
    let target = prop_oneof![3 => Just(0.0), 1 => 0.0..0.2_f64];
    (toward, aside, target).prop_map(|(toward, aside, target_separation)| Motion {
        toward,
        aside,
        target_separation,
    })
}

/// The oracle's view of the cast: distances along the motion.
struct OracleCast<'s> {
    a: &'s OracleShape,
    b: &'s OracleShape,
    /// B's motion at fraction one, in f64 (the exact value the kernel receives).
    motion: [f64; 2],
    target: f64,
    max_fraction: f64,
}

impl OracleCast<'_> {
    fn distance_at(&self, t: f64) -> f64 {
        let moved = OracleShape::new(
            transform(
                &self.b.core,
                [t * self.motion[0], t * self.motion[1]],
                1.0,
                0.0,
            ),
            self.b.radius,
        );
        gjk_oracle::distance(self.a, &moved).signed()
    }

    /// The closest approach `(t, d)` over `[0, max_fraction]`.
    fn closest_approach(&self) -> (f64, f64) {
        convex_minimum(|t| self.distance_at(t), 0.0, self.max_fraction, 90)
    }

    /// The first `t` in `[0, before]` with `d(t) <= target`, given
    /// `d(0) > target >= d(before)`.
    fn first_contact(&self, before: f64) -> f64 {
        first_crossing(|t| self.distance_at(t) <= self.target, before, 80)
    }
}

/// Checks one kernel cast output against the oracle.
fn check_cast<S: Scalar>(
    out: &CastOutput<S>,
    oracle: &OracleCast<'_>,
    length: f64,
    bars: CastBars,
    surface_a: &OracleShape,
    world_origin: [f64; 2],
) -> Result<(), TestCaseError> {
    let band = bars.band * length;
    let start = oracle.distance_at(0.0);
    prop_assert!(
        matches!(
            out.status,
            CastStatus::Hit | CastStatus::Miss | CastStatus::StartsInside
        ),
        "status {:?}",
        out.status
    );
    if (start - oracle.target).abs() <= band {
        return Ok(());
    }
    if start < oracle.target {
        prop_assert_eq!(out.status, CastStatus::StartsInside, "d(0) = {}", start);
        prop_assert_eq!(out.fraction.to_f64(), 0.0);
        return Ok(());
    }
    let (approach_t, approach_d) = oracle.closest_approach();
    if (approach_d - oracle.target).abs() <= band {
        return Ok(());
    }
    if approach_d > oracle.target {
        prop_assert_eq!(
            out.status,
            CastStatus::Miss,
            "closest approach {} at {}: {:?}",
            approach_d,
            approach_t,
            out
        );
        return Ok(());
    }
    prop_assert_eq!(
        out.status,
        CastStatus::Hit,
        "closest approach {} at {}",
        approach_d,
        approach_t
    );
    let t = out.fraction.to_f64();
    let at_contact = oracle.distance_at(t);
    prop_assert!(
        (at_contact - oracle.target).abs() <= bars.contact * length,
        "distance {} at the reported fraction {} (target {}), error {:e} L",
        at_contact,
        t,
        oracle.target,
        (at_contact - oracle.target).abs() / length
    );
    prop_assert!(
        t <= approach_t + bars.contact,
        "fraction {} past the closest approach {}",
        t,
        approach_t
    );

    let t0 = oracle.first_contact(approach_t);
    let speed = oracle.motion[0].hypot(oracle.motion[1]);
    let step = (1e-4 * t0).max(1e-12);
    let rate = (oracle.distance_at((t0 - step).max(0.0)) - oracle.distance_at(t0)) / step;
    if rate >= 0.1 * speed {
        prop_assert!(
            (t - t0).abs() * speed <= bars.contact * length,
            "fraction {} against exact {}: position error {:e} L",
            t,
            t0,
            (t - t0).abs() * speed / length
        );
    }

    let normal = Vec2::new(out.normal.x.to_f64(), out.normal.y.to_f64());
    prop_assert!((normal.length() - 1.0).abs() <= 1e-5, "normal {:?}", normal);
    let point = [
        out.point.x.to_f64() - world_origin[0],
        out.point.y.to_f64() - world_origin[1],
    ];
    let rounding = 4.0 * S::EPS.to_f64() * out.point.x.to_f64().hypot(out.point.y.to_f64());
    let off = signed_distance_to_surface(surface_a, point).abs();
    prop_assert!(
        off <= bars.contact * length + rounding,
        "contact point {:e} L off A's surface",
        off / length
    );
    Ok(())
}

/// The motion for a case: toward A with a sideways part, scaled to the shapes.
fn motion_vector<S: Scalar>(scene: &Scene<S>, motion: Motion) -> Vec2<S> {
    let from_b_to_a = [
        scene.xf_a.translation.x.to_f64() - scene.xf_b.translation.x.to_f64(),
        scene.xf_a.translation.y.to_f64() - scene.xf_b.translation.y.to_f64(),
    ];
    let reach = scene.a.extent() + scene.b.extent();
    let aside = [-from_b_to_a[1], from_b_to_a[0]];
    let norm = aside[0].hypot(aside[1]).max(f64::MIN_POSITIVE);
    let x = motion.toward * from_b_to_a[0] + motion.aside * reach * aside[0] / norm;
    let y = motion.toward * from_b_to_a[1] + motion.aside * reach * aside[1] / norm;
    Vec2::new(S::from_f64(x), S::from_f64(y))
}

fn run_shape_cast<S: Scalar>(
    case: &Case,
    motion: Motion,
    bars: CastBars,
) -> Result<(), TestCaseError> {
    let scene = Scene::<S>::new(case)?;
    let translation = motion_vector(&scene, motion);
    let target = S::from_f64(motion.target_separation * scene.a.extent().max(scene.b.extent()));
    let input = ShapeCastInput {
        target_separation: target,
        ..ShapeCastInput::moving_b(translation)
    };
    let out = shape_cast(&scene.a, scene.xf_a, &scene.b, scene.xf_b, input);
    let oracle = OracleCast {
        a: &scene.oracle_a,
        b: &scene.oracle_b,
        motion: [translation.x.to_f64(), translation.y.to_f64()],
        target: target.to_f64(),
        max_fraction: 1.0,
    };
    let length = scene.length.max(oracle.motion[0].hypot(oracle.motion[1]));
    let origin = [
        scene.xf_a.translation.x.to_f64(),
        scene.xf_a.translation.y.to_f64(),
    ];
    check_cast(&out, &oracle, length, bars, &scene.oracle_a, origin)
}

fn run_ray_cast<S: Scalar>(
    case: &Case,
    motion: Motion,
    bars: CastBars,
) -> Result<(), TestCaseError> {
    let scene = Scene::<S>::new(case)?;
    let translation = motion_vector(&scene, motion);
    let ray = Ray::new(scene.xf_b.translation, translation);
    let origin = [
        scene.xf_a.translation.x.to_f64(),
        scene.xf_a.translation.y.to_f64(),
    ];
    let start = [
        ray.origin.x.to_f64() - origin[0],
        ray.origin.y.to_f64() - origin[1],
    ];
    let point = OracleShape::new(Core::Point(start), 0.0);
    let oracle = OracleCast {
        a: &scene.oracle_a,
        b: &point,
        motion: [translation.x.to_f64(), translation.y.to_f64()],
        target: 0.0,
        max_fraction: 1.0,
    };
    let length = scene
        .a
        .extent()
        .max(oracle.motion[0].hypot(oracle.motion[1]));
    // The shape's closed-form cast where it has one, and the GJK ray cast.
    for out in [
        ray_cast(&scene.a, scene.xf_a, ray),
        support_ray_cast(&scene.a, scene.xf_a, ray),
    ] {
        check_cast(&out, &oracle, length, bars, &scene.oracle_a, origin)?;
        if out.status == CastStatus::Hit {
            // The hit point is on the ray, and the normal faces the ray.
            let along = ray.point_at(out.fraction);
            prop_assert_eq!(out.point, along);
            prop_assert!(
                out.normal.dot(translation) <= S::ZERO,
                "normal {:?} along the ray",
                out.normal
            );
        }
    }
    Ok(())
}

/// Oracle evaluations along the motion are slow for ellipses (each one samples the
/// boundary): fewer cases there.
const CASES: u32 = 256;
const ELLIPSE_CASES: u32 = 24;

proptest! {
    #![proptest_config(config(CASES))]

    #[test]
    fn f32_polytope_shape_casts_match_oracle(case in case(polytope(), polytope()), motion in motion()) {
        run_shape_cast::<f32>(&case, motion, F32)?;
    }

    #[test]
    fn f64_polytope_shape_casts_match_oracle(case in case(polytope(), polytope()), motion in motion()) {
        run_shape_cast::<f64>(&case, motion, F64)?;
    }

    #[test]
    fn f32_rounded_shape_casts_match_oracle(case in case(rounded(), any_shape()), motion in motion()) {
        run_shape_cast::<f32>(&case, motion, F32)?;
    }

    #[test]
    fn f64_rounded_shape_casts_match_oracle(case in case(rounded(), polytope()), motion in motion()) {
        run_shape_cast::<f64>(&case, motion, F64)?;
    }

    #[test]
    fn f32_ray_casts_match_oracle(case in case(any_shape(), polytope()), motion in motion()) {
        run_ray_cast::<f32>(&case, motion, F32)?;
    }

    #[test]
    fn f64_ray_casts_match_oracle(case in case(any_shape(), polytope()), motion in motion()) {
        run_ray_cast::<f64>(&case, motion, F64)?;
    }
}

proptest! {
    #![proptest_config(config(ELLIPSE_CASES))]

    #[test]
    fn f32_ellipse_shape_casts_match_oracle(case in case(ellipse(), any_shape()), motion in motion()) {
        run_shape_cast::<f32>(&case, motion, F32)?;
    }

    #[test]
    fn f64_ellipse_shape_casts_match_oracle(case in case(ellipse(), any_shape()), motion in motion()) {
        run_shape_cast::<f64>(&case, motion, F64)?;
    }
}
