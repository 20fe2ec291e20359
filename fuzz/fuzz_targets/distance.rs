//! `distance`, `intersects` and their agreement: no panic, bounded iterations, finite
//! answers for tame input, witness points on their shapes, symmetry under swapping A
//! and B, and `intersects` agreeing with `distance` outside the touching band.
#![no_main]

use gjk_core::{DistanceStatus, QueryError, Scalar, distance, intersects};
use gjk_fuzz::{Placement, ShapeSpec, near_box, tame_scale};
use libfuzzer_sys::fuzz_target;

/// Invariants hold to this share of the scene's scale: 50 times the kernel's accuracy
/// bar of 2e-6 (relative to the largest coordinate, which also covers the rounding of
/// placements far from the origin).
const TOLERANCE: f32 = 1e-4;

fuzz_target!(|input: (ShapeSpec, Placement, ShapeSpec, Placement)| {
    let (spec_a, place_a, spec_b, place_b) = input;
    let (Ok(a), Ok(b)) = (spec_a.build(), spec_b.build()) else {
        return;
    };
    let (xf_a, xf_b) = (place_a.transform(), place_b.transform());
    let out = distance(&a, xf_a, &b, xf_b);
    // A rescue goes on with a cap of its own (see `Scalar::GJK_MAX_ITERATIONS`).
    assert!(out.iterations <= 2 * f32::GJK_MAX_ITERATIONS);
    let overlap = intersects(&a, xf_a, &b, xf_b);
    if out.status == DistanceStatus::InvalidInput {
        assert!(out.distance.is_nan());
        // Non-finite input is invalid for both queries. Finite input can overflow in
        // one and not the other: `intersects` may stop at its first separating axis
        // before anything overflows (coordinates near 3e38 did).
        if !(xf_a.is_valid() && xf_b.is_valid()) {
            assert_eq!(overlap, Err(QueryError::InvalidInput));
        }
        return;
    }
    assert!(out.distance >= 0.0, "{out:?}");
    let Some(scale) = tame_scale(&[(&a, xf_a), (&b, xf_b)]) else {
        return;
    };
    let slack = TOLERANCE * scale;
    assert_ne!(out.status, DistanceStatus::InvalidInput);
    assert!(
        out.distance.is_finite() && out.witness_a.is_finite() && out.witness_b.is_finite(),
        "{out:?}"
    );
    assert!(
        near_box(&a, xf_a, out.witness_a, slack),
        "witness A off A: {out:?}"
    );
    assert!(
        near_box(&b, xf_b, out.witness_b, slack),
        "witness B off B: {out:?}"
    );
    if out.status == DistanceStatus::Separated {
        let gap = (out.witness_b - out.witness_a).length();
        assert!(
            (gap - out.distance).abs() <= slack,
            "witness gap {gap} vs {out:?}"
        );
        // Below 1e-15 the squared gap nears f32's subnormal range and the normal's
        // length loses digits (a known limit of squared lengths).
        if out.distance > 1e-15 {
            assert!((out.normal.length() - 1.0).abs() <= 1e-3, "{out:?}");
        }
    }
    let swapped = distance(&b, xf_b, &a, xf_a);
    assert!(
        (swapped.distance - out.distance).abs() <= slack,
        "asymmetric: {out:?} vs {swapped:?}"
    );
    match overlap {
        Ok(true) => assert!(out.distance <= slack, "intersects but {out:?}"),
        Ok(false) => {}
        Err(error) => assert_eq!(error, QueryError::MaxIterations, "{out:?}"),
    }
    if out.status == DistanceStatus::Separated && out.distance > slack {
        assert_eq!(overlap, Ok(false), "{out:?}");
    }
});
