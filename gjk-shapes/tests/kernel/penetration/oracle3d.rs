//! 3D `penetration` on this crate's 3D shapes against the exact f64 oracle, in f32 and
//! f64: the cases of `distance::oracle3d` (sizes, rotations, translations up to 1e4
//! and the scale `L` are documented there), placed mostly overlapping: B is moved from
//! A along a random direction to a gap of `-1` to `0.3` times the smaller size.
//!
//! Checks on every case:
//!
//! - the status is `Penetrating` or `Separated`; `MaxIterations` only with a curved
//!   core overlapping another core (EPA could not certify its answer, see
//!   `PenetrationStatus::MaxIterations`), and then only deeper than
//!   [`SHALLOW_WITHOUT_CAP`] of the smaller size;
//! - the normal is unit length and `witness_b = witness_a - depth * normal` within the
//!   bar;
//! - moving B by `depth` along the normal makes the shapes just touch: the oracle's
//!   separation along the normal is `-depth` within the bar (so the depth is never
//!   below the true one: it is a way out);
//! - exact depth where the oracle knows it (polytope, segment and point cores, and
//!   rounded shapes whose cores are apart): `|depth - exact| <= bar L`, and the
//!   classification outside the band around touching;
//! - with a curved core, the depth is never deeper than the shallowest way out the
//!   oracle finds searching the directions (`gjk_oracle::shallowest_exit3`), within the
//!   bar: a one-sided check, as that search only bounds the depth from above.
//!
//! Each test prints its worst errors, how many cases overlapped, how many ended
//! `MaxIterations`, and the mean support calls (`--nocapture`). Run it in release:
//! `cargo test -p gjk-shapes --release --test kernel penetration::oracle3d`.

use core::cell::RefCell;

use crate::harness3d::*;
use gjk_core::{PenetrationOutput, PenetrationStatus, Scalar, Vec3, penetration};
use gjk_oracle::{separation_along3, shallowest_exit3};
use proptest::prelude::*;
use proptest::test_runner::{TestCaseError, TestRunner};

/// The bars of one scalar type, relative to `L`.
#[derive(Clone, Copy, Debug)]
struct Bars {
    /// Depth, witness and identity error.
    depth: f64,
    /// Half-width of the band around touching where either status is accepted.
    band: f64,
}

/// f32: the bar of the 3D distance tests. EPA's faces are built from the same
/// Minkowski-difference points as GJK's simplex, rounded by a few epsilons of `L`.
const F32: Bars = Bars {
    depth: 2e-6,
    band: 1e-5,
};

/// f64: the 3D distance tests' bar, the kernel's aim of about 1e-12 L (docs/accuracy.md).
const F64: Bars = Bars {
    depth: 1e-12,
    band: 1e-5,
};

/// Depth below which, in units of the smaller shape's size, a curved pair must end
/// `Penetrating`. EPA's polytope fills only where the depth varies little around its
/// minimum, which is deep inside: on f64 ellipsoid pairs every `MaxIterations` is
/// deeper than a fifth of the larger semi-axis.
const SHALLOW_WITHOUT_CAP: f64 = 0.05;

/// Cases per test of a class without a curved core.
const POLYTOPE_CASES: u32 = 512;

/// Cases per test of a curved class: the oracle's search over directions dominates.
const SMOOTH_CASES: u32 = 128;

/// What one case measured.
#[derive(Clone, Copy, Debug, Default)]
struct Measured {
    /// Worst depth error against an exact depth, relative to `L`.
    depth_error: f64,
    /// Worst error of the separation along the normal, relative to `L`.
    exit_error: f64,
    /// Worst error of the witnesses' identity, relative to `L`.
    witness_error: f64,
    iterations: u32,
    overlapping: bool,
    capped: bool,
}

fn check<S: Scalar + 'static>(
    scene: &Scene<S>,
    smaller_size: f64,
    bars: Bars,
) -> Result<Measured, TestCaseError> {
    let out: PenetrationOutput<S, Vec3<S>> =
        penetration(&*scene.a, scene.xf_a, &*scene.b, scene.xf_b);
    let length = scene.length;
    let exact = &scene.exact;
    let context = || format!("{out:?}; exact {exact:?}, L = {length:e}");
    let depth = out.depth.to_f64();
    let normal = out.normal.cast::<f64>();
    let [world_a, world_b] = &scene.world;

    prop_assert!(
        matches!(
            out.status,
            PenetrationStatus::Penetrating
                | PenetrationStatus::Separated
                | PenetrationStatus::MaxIterations
        ),
        "status: {}",
        context()
    );
    prop_assert!(
        (normal.length() - 1.0).abs() <= 16.0 * S::EPS.to_f64(),
        "normal not unit: {}",
        context()
    );
    let rebuilt = (out.witness_a - out.normal * out.depth - out.witness_b)
        .cast::<f64>()
        .length()
        / length;
    prop_assert!(
        rebuilt <= bars.depth,
        "witness_b != witness_a - depth * normal ({rebuilt:e} L): {}",
        context()
    );

    // The depth is the way out along the normal.
    let exit = -separation_along3(world_a, world_b, [normal.x, normal.y, normal.z]);
    let exit_error = (exit - depth).abs() / length;
    prop_assert!(
        exit_error <= bars.depth,
        "separation along the normal {exit:e} vs depth {depth:e} ({exit_error:e} L): {}",
        context()
    );

    let band = bars.band * length;
    let mut depth_error = 0.0;
    match exact.depth {
        Some(exact_depth) if exact.overlapping => {
            depth_error = (depth - exact_depth).abs() / length;
            prop_assert!(
                depth_error <= bars.depth,
                "depth {depth:e} vs exact {exact_depth:e} ({depth_error:e} L): {}",
                context()
            );
            prop_assert!(
                out.status != PenetrationStatus::MaxIterations,
                "capped with an exact depth: {}",
                context()
            );
            for (shape, witness) in [(world_a, out.witness_a), (world_b, out.witness_b)] {
                let off = off_surface(shape, witness.cast::<f64>()) / length;
                prop_assert!(
                    off <= bars.depth,
                    "witness {off:e} L off its surface: {}",
                    context()
                );
            }
            if exact_depth > band {
                prop_assert_eq!(out.status, PenetrationStatus::Penetrating, "{}", context());
            }
        }
        Some(_) | None if !exact.overlapping => {
            depth_error = (depth + exact.distance).abs() / length;
            prop_assert!(
                depth_error <= bars.depth,
                "apart: depth {depth:e} vs minus the distance {:e}: {}",
                exact.distance,
                context()
            );
            if exact.distance > band {
                prop_assert_eq!(out.status, PenetrationStatus::Separated, "{}", context());
            }
        }
        _ => {
            // Curved cores overlapping: never deeper than a way out the oracle finds.
            let start = [normal.x, normal.y, normal.z];
            let (shallowest, _) = shallowest_exit3(world_a, world_b, &[start]);
            let too_deep = (depth - shallowest) / length;
            prop_assert!(
                too_deep <= bars.depth,
                "deeper than the oracle's way out {shallowest:e} ({too_deep:e} L): {}",
                context()
            );
            if out.status == PenetrationStatus::MaxIterations {
                prop_assert!(
                    shallowest > SHALLOW_WITHOUT_CAP * smaller_size,
                    "capped on a shallow overlap ({:.3} of the smaller size): {}",
                    shallowest / smaller_size,
                    context()
                );
            }
        }
    }
    Ok(Measured {
        depth_error,
        exit_error,
        witness_error: rebuilt,
        iterations: out.iterations,
        overlapping: exact.overlapping,
        capped: out.status == PenetrationStatus::MaxIterations,
    })
}

/// Runs `cases` random cases of `strategy` in `S` and prints what it measured.
fn run<S: Scalar + 'static>(
    name: &str,
    cases: u32,
    strategy: impl Strategy<Value = Case>,
    bars: Bars,
) {
    let stats = RefCell::new((Measured::default(), 0_u64, 0_u64, 0_u64, 0_u64));
    let result = TestRunner::new(config(cases)).run(&strategy, |case| {
        let scene = Scene::<S>::new(&case);
        let smaller = case.a.size() * case.sizes[0];
        let smaller = smaller.min(case.b.size() * case.sizes[1]);
        let measured = check(&scene, smaller, bars)?;
        let mut stats = stats.borrow_mut();
        stats.0.depth_error = stats.0.depth_error.max(measured.depth_error);
        stats.0.exit_error = stats.0.exit_error.max(measured.exit_error);
        stats.0.witness_error = stats.0.witness_error.max(measured.witness_error);
        stats.1 += u64::from(measured.iterations);
        stats.2 += 1;
        stats.3 += u64::from(measured.overlapping);
        stats.4 += u64::from(measured.capped);
        Ok(())
    });
    if let Err(error) = result {
        panic!("{name}: {error}");
    }
    let (worst, iterations, count, overlapping, capped) = stats.into_inner();
    eprintln!(
        "MEASURE {name}: worst depth error {:.1e} L, exit {:.1e} L, witnesses {:.1e} L; \
         {overlapping} of {count} overlapping, {capped} MaxIterations; mean support calls {:.1}",
        worst.depth_error,
        worst.exit_error,
        worst.witness_error,
        iterations as f64 / count.max(1) as f64
    );
}

/// One f32 and one f64 test per class of shape A.
macro_rules! class_tests {
    ($($f32_name:ident, $f64_name:ident: $a:expr, $b:expr, $cases:expr;)*) => {$(
        #[test]
        fn $f32_name() {
            run::<f32>(stringify!($f32_name), $cases, overlapping_case($a, $b, -1.0..=0.3), F32);
        }

        #[test]
        fn $f64_name() {
            run::<f64>(stringify!($f64_name), $cases, overlapping_case($a, $b, -1.0..=0.3), F64);
        }
    )*};
}

class_tests! {
    f32_point_depth_matches_oracle, f64_point_depth_matches_oracle:
        point_spec(), exact_class(), POLYTOPE_CASES;
    f32_sphere_depth_matches_oracle, f64_sphere_depth_matches_oracle:
        sphere(), exact_class(), POLYTOPE_CASES;
    f32_segment_depth_matches_oracle, f64_segment_depth_matches_oracle:
        segment(), exact_class(), POLYTOPE_CASES;
    f32_capsule_depth_matches_oracle, f64_capsule_depth_matches_oracle:
        capsule(), exact_class(), POLYTOPE_CASES;
    f32_cuboid_depth_matches_oracle, f64_cuboid_depth_matches_oracle:
        cuboid(), exact_class(), POLYTOPE_CASES;
    f32_triangle_depth_matches_oracle, f64_triangle_depth_matches_oracle:
        triangle(), exact_class(), POLYTOPE_CASES;
    f32_convex_points_depth_match_oracle, f64_convex_points_depth_match_oracle:
        points(), exact_class(), POLYTOPE_CASES;
    f32_rounded_cuboid_depth_matches_oracle, f64_rounded_cuboid_depth_matches_oracle:
        rounded_cuboid(), exact_class(), POLYTOPE_CASES;
    f32_cylinder_depth_matches_oracle, f64_cylinder_depth_matches_oracle:
        cylinder(), any_class(), SMOOTH_CASES;
    f32_cone_depth_matches_oracle, f64_cone_depth_matches_oracle:
        cone(), any_class(), SMOOTH_CASES;
    f32_ellipsoid_depth_matches_oracle, f64_ellipsoid_depth_matches_oracle:
        ellipsoid(), any_class(), SMOOTH_CASES;
}
