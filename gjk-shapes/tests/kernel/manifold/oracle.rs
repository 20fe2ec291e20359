//! `penetration` (EPA) and `manifold` on this crate's shapes against the exact f64
//! oracle (`gjk-oracle`), in f32 and f64, on the scenes of the distance tests: random
//! polygons, slivers, segments, circles, capsules, rounded polygons and ellipses at
//! scales from 1e-3 to 1e4, up to 1e4 from the origin, from deep overlap to far apart
//! and within a hair of touching.
//!
//! The oracle's depth is exact for polytope cores (the separating-axis maximum over
//! the edge normals of both shapes) and refined to 1e-12 of the size with an ellipse.
//! With `L` the scene's length scale (`Scene::length`), `penetration` must give:
//!
//! - `Penetrating` or `Separated` as the oracle says, outside the classification band;
//! - `|depth - exact depth| <= bar * L` (minus the distance when apart);
//! - a unit normal along which it separates: B moved by `depth * normal` just touches
//!   A, by the oracle (`|signed distance| <= bar * L`);
//! - witnesses on their rounded surfaces and `witness_b = witness_a - depth * normal`.
//!
//! `manifold` (speculative distance `0.05 L`) must have points exactly when the
//! oracle's signed distance is within the speculative distance (outside the band),
//! a unit normal, every anchor on its shape's surface, separations equal to the gap
//! between the anchors along the normal, and its deepest point at least as deep as the
//! oracle's depth (the reference face is at best the deepest axis).

use crate::harness::{
    Bars, Built, Scene, Spec, any_shape, case, config, ellipse, log_uniform, polygon, polytope,
    rounded, to_p, world_allowance,
};
use gjk_core::{Manifold, PenetrationStatus, QueryError, Scalar, manifold, penetration};
use gjk_oracle::{Core, Shape as OracleShape, separation_along, transform};
use gjk_shapes::collide_polygons;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// Cases per property test.
const CASES: u32 = 1024;

/// f32. Measured: depth error 1.3e-6 L for polytopes and rounded shapes, 2.1e-6 L with
/// an ellipse (EPA stops within `GJK_RELATIVE_GAP` of the depth plus `GJK_TOUCHING` of
/// the size, about 1.4e-6 L, before rounding); the moved shapes 2.2e-6 L from touching;
/// witnesses 1.5e-6 L off their surfaces. The classification band is that of the
/// distance tests.
const F32: Bars = Bars {
    distance: 3e-6,
    witness: 3e-6,
    band: 2e-6,
};

/// f64: the kernel's aim of about 1e-12 L (docs/accuracy.md). Measured as above: depth 3.4e-15 L
/// (polytopes, rounded), 2.1e-14 L (ellipses); witnesses 2.0e-14 L.
const F64: Bars = Bars {
    distance: 1e-12,
    witness: 1e-12,
    band: 1e-12,
};

/// The speculative distance of the manifold checks, relative to `L`.
const SPECULATIVE: f64 = 0.05;

/// B's oracle shape moved by `offset`.
fn moved(shape: &OracleShape, offset: [f64; 2]) -> OracleShape {
    OracleShape::new(transform(&shape.core, offset, 1.0, 0.0), shape.radius)
}

fn check_penetration<S: Scalar>(scene: &Scene<S>, bars: Bars) -> Result<(), TestCaseError> {
    let out = penetration(&scene.a, scene.xf_a, &scene.b, scene.xf_b);
    let (exact, l) = (&scene.exact, scene.length);
    if out.status == PenetrationStatus::MaxIterations {
        // EPA's 64 vertices cannot certify the depth of a smooth boundary that is about
        // as deep in every direction (a small shape near the centre of a large
        // ellipse): it says so, and its depth is an upper bound, a real way out.
        prop_assert!(
            has_ellipse(scene),
            "MaxIterations without a smooth shape: {:?}",
            out
        );
        prop_assert!(
            out.depth.to_f64() >= -exact.signed() - bars.distance * l,
            "depth {} below the exact {} at the cap",
            out.depth,
            -exact.signed()
        );
        return Ok(());
    }
    prop_assert!(
        matches!(
            out.status,
            PenetrationStatus::Penetrating | PenetrationStatus::Separated
        ),
        "status {:?} for valid input; exact {:?}",
        out.status,
        exact
    );
    if scene.outside_band(bars) {
        prop_assert_eq!(
            out.status == PenetrationStatus::Penetrating,
            exact.overlapping,
            "classification outside the band: exact {:?}, out {:?}",
            exact,
            out
        );
    }
    let depth = out.depth.to_f64();
    let depth_error = (depth + exact.signed()).abs() / l;
    prop_assert!(
        depth_error <= bars.distance,
        "depth {} vs exact {} (error {:e} L); out {:?}",
        depth,
        -exact.signed(),
        depth_error,
        out
    );
    let normal = to_p(out.normal);
    let unit_error = (normal[0].hypot(normal[1]) - 1.0).abs();
    prop_assert!(
        unit_error <= 8.0 * S::EPS.to_f64(),
        "normal not unit: {:?}",
        out
    );
    // B moved by depth * normal just touches A.
    let shift = [depth * normal[0], depth * normal[1]];
    let after = gjk_oracle::distance(&scene.oracle_a, &moved(&scene.oracle_b, shift));
    let residue = after.signed().abs() / l;
    prop_assert!(
        residue <= bars.distance + bars.witness,
        "B moved by depth * normal is {} from touching ({:e} L); out {:?}, exact {:?}",
        after.signed(),
        residue,
        out,
        exact
    );
    let (wa, wb) = (to_p(out.witness_a), to_p(out.witness_b));
    let gap = [
        wb[0] - wa[0] + depth * normal[0],
        wb[1] - wa[1] + depth * normal[1],
    ];
    let witness_error = (scene.off_surface(&scene.oracle_a, out.witness_a) / l)
        .max(scene.off_surface(&scene.oracle_b, out.witness_b) / l)
        .max((gap[0].hypot(gap[1]) - world_allowance::<S>(wa) - world_allowance::<S>(wb)) / l);
    prop_assert!(
        witness_error <= bars.witness,
        "witness off by {:e} L; out {:?}, exact {:?}",
        witness_error,
        out,
        exact
    );
    Ok(())
}

fn check_manifold<S: Scalar>(scene: &Scene<S>, bars: Bars) -> Result<(), TestCaseError> {
    let speculative = S::from_f64(SPECULATIVE * scene.length);
    let contact = manifold(&scene.a, scene.xf_a, &scene.b, scene.xf_b, speculative);
    check_manifold_output(scene, bars, contact)
}

/// Calls `$body` with `$shape` bound to the polygon inside a `Built`, `None` for other
/// kinds.
macro_rules! polygon_kind {
    ($built:expr, $shape:ident => $body:expr) => {
        match $built {
            Built::Polygon($shape) => Some($body),
            Built::Rect($shape) => Some($body),
            Built::RoundedPolygon($shape) => Some($body),
            _ => None,
        }
    };
}

/// `collide_polygons` on a scene of two polygon kinds, held to the same checks as the
/// generic manifold.
fn check_fast_manifold<S: Scalar>(scene: &Scene<S>, bars: Bars) -> Result<(), TestCaseError> {
    let speculative = S::from_f64(SPECULATIVE * scene.length);
    let (xf_a, xf_b) = (scene.xf_a, scene.xf_b);
    let fast = polygon_kind!(&scene.a, a => polygon_kind!(&scene.b, b => {
        collide_polygons(a, xf_a, b, xf_b, speculative)
    }))
    .flatten();
    prop_assert!(
        fast.is_some(),
        "not two polygons: {:?}, {:?}",
        scene.a,
        scene.b
    );
    let Some(contact) = fast else {
        return Ok(());
    };
    check_manifold_output(scene, bars, contact)
}

fn check_manifold_output<S: Scalar>(
    scene: &Scene<S>,
    bars: Bars,
    contact: Result<Manifold<S>, QueryError>,
) -> Result<(), TestCaseError> {
    let (exact, l) = (&scene.exact, scene.length);
    let speculative = SPECULATIVE * l;
    prop_assert!(contact.is_ok(), "{:?} for valid input", contact);
    let Ok(contact) = contact else {
        return Ok(());
    };
    let gap = exact.signed() - speculative;
    if gap.abs() > bars.band * l {
        prop_assert_eq!(
            contact.is_empty(),
            gap > 0.0,
            "points iff within the speculative distance; exact {:?}, {:?}",
            exact,
            contact
        );
    }
    if contact.is_empty() {
        return Ok(());
    }
    let world = contact.to_world(scene.xf_a, scene.xf_b);
    let normal = to_p(world.normal);
    prop_assert!(
        (normal[0].hypot(normal[1]) - 1.0).abs() <= 8.0 * S::EPS.to_f64(),
        "normal not unit: {:?}",
        contact
    );
    let mut deepest = f64::INFINITY;
    for (local, placed) in contact.points().iter().zip(world.points()) {
        let on_a = scene.xf_a.transform_point(local.anchor_a);
        let on_b = scene.xf_b.transform_point(local.anchor_b);
        let off = (scene.off_surface(&scene.oracle_a, on_a) / l)
            .max(scene.off_surface(&scene.oracle_b, on_b) / l);
        prop_assert!(
            off <= bars.witness,
            "anchor off its surface by {:e} L: {:?} in {:?}; exact {:?}",
            off,
            local,
            contact,
            exact
        );
        let separation = local.separation.to_f64();
        let remeasured = placed.separation.to_f64();
        let allowance = (world_allowance::<S>(to_p(on_a)) + world_allowance::<S>(to_p(on_b))) / l;
        prop_assert!(
            (separation - remeasured).abs() / l <= bars.witness + allowance,
            "separation {} but the anchors are {} apart along the normal; {:?}",
            separation,
            remeasured,
            contact
        );
        deepest = deepest.min(separation);
    }
    let tolerance = (bars.distance + bars.witness) * l;
    // No point is deeper than the shapes overlap along the manifold's normal.
    let along = separation_along(&scene.oracle_a, &scene.oracle_b, normal);
    prop_assert!(
        deepest >= along - tolerance,
        "deepest point {} deeper than the overlap {} along the normal; {:?}",
        deepest,
        along,
        contact
    );
    let epa_capped = penetration(&scene.a, scene.xf_a, &scene.b, scene.xf_b).status
        == PenetrationStatus::MaxIterations;
    if exact.signed() >= -speculative && !epa_capped {
        // A resting or speculative contact: measured along the reference face, which
        // may be tilted from the true normal by up to the flip bias (a cosine of
        // 1e-3), so as deep as the contact within a few thousandths of the size.
        prop_assert!(
            (deepest - exact.signed()).abs() <= TILT * l + tolerance,
            "deepest point at {} against the exact signed distance {}; {:?}",
            deepest,
            exact.signed(),
            contact
        );
    }
    Ok(())
}

/// How far the deepest manifold point may be from the exact signed distance,
/// relative to `L`, because the reference face may be tilted from the true normal.
const TILT: f64 = 2e-3;

/// Whether either shape is curved (an ellipse core).
fn has_ellipse<S: Scalar>(scene: &Scene<S>) -> bool {
    [&scene.oracle_a, &scene.oracle_b]
        .iter()
        .any(|shape| matches!(shape.core, Core::Ellipse { .. }))
}

fn check<S: Scalar>(scene: &Scene<S>, bars: Bars) -> Result<(), TestCaseError> {
    check_penetration(scene, bars)?;
    check_manifold(scene, bars)
}

proptest! {
    #![proptest_config(config(CASES))]

    #[test]
    fn f32_polytope_contacts_match_oracle(case in case(polytope(), polytope())) {
        check(&Scene::<f32>::new(&case)?, F32)?;
    }

    #[test]
    fn f64_polytope_contacts_match_oracle(case in case(polytope(), polytope())) {
        check(&Scene::<f64>::new(&case)?, F64)?;
    }

    #[test]
    fn f32_rounded_contacts_match_oracle(
        case in case(rounded(), prop_oneof![polytope(), rounded()])
    ) {
        check(&Scene::<f32>::new(&case)?, F32)?;
    }

    #[test]
    fn f64_rounded_contacts_match_oracle(
        case in case(rounded(), prop_oneof![polytope(), rounded()])
    ) {
        check(&Scene::<f64>::new(&case)?, F64)?;
    }

    #[test]
    fn f32_ellipse_contacts_match_oracle(case in case(ellipse(), any_shape())) {
        check(&Scene::<f32>::new(&case)?, F32)?;
    }

    #[test]
    fn f64_ellipse_contacts_match_oracle(case in case(ellipse(), any_shape())) {
        check(&Scene::<f64>::new(&case)?, F64)?;
    }

    #[test]
    fn f32_polygons_by_separating_axes_match_oracle(
        case in case(polygon_core(), polygon_core())
    ) {
        check_fast_manifold(&Scene::<f32>::new(&case)?, F32)?;
    }

    #[test]
    fn f64_polygons_by_separating_axes_match_oracle(
        case in case(polygon_core(), polygon_core())
    ) {
        check_fast_manifold(&Scene::<f64>::new(&case)?, F64)?;
    }
}

/// Polygons, boxes and slivers, bare or rounded: what `collide_polygons` takes.
fn polygon_core() -> impl Strategy<Value = Spec> {
    prop_oneof![
        3 => polygon(),
        1 => (polygon(), log_uniform(0.01, 0.5)).prop_map(|(core, radius)| Spec::Rounded {
            core: Box::new(core),
            radius
        }),
    ]
}
