//! `distance`, `intersects` and `distance_cached` on this crate's shapes against the
//! exact f64 oracle (`gjk-oracle`), in f32 and f64.
//!
//! Random pairs of polygons (hulls, regular polygons, boxes, slivers), segments,
//! circles, capsules, rounded polygons and ellipses (axis ratios to 1:20, bare and
//! rounded), at scales from 1e-3 to 1e4 (common and independent), up to 1e4 from the
//! origin, at random rotations or turned by quarter turns against each other (parallel
//! edges); placed from deep overlap to far apart, and in contact within a hair of
//! touching (gaps and depths down to 1e-14 of the size). With
//! `L = max(exact distance, largest shape extent)` every case checks:
//!
//! - the status is `Separated` or `Overlapping` (never `MaxIterations` or
//!   `InvalidInput` for valid input);
//! - `|distance - exact| <= bar * L`;
//! - outside the band `|signed exact distance| <= band * L`, `Overlapping` exactly
//!   when the oracle says so, and `intersects` agrees;
//! - the normal is unit (or zero when the cores overlap), the witnesses lie on their
//!   rounded surfaces (inside the shapes when the cores overlap) and
//!   `witness_b - witness_a = distance * normal` when apart, within
//!   `bar * L` plus `4 eps |p|` for the rounding of world coordinates `p` in the
//!   kernel's scalar type;
//! - `distance_cached` from an empty cache equals `distance`, and the warm re-run
//!   passes the same checks, moves the distance by at most `bar * L` and takes no more
//!   iterations.
//!
//! The required floors are `1e-9 L'` in f64 and `2e-5 L'` in f32 for the distance and
//! a band of `1e-5 L'`, with `L' = max(1, L)`. The bars below are tighter: they hold
//! against `L` itself (so at scale 1e-3 too) and at the accuracy the kernel reaches.

use crate::harness::{
    Bars, Case, Mode, Placement, Scene, Spec, any_shape, case, config, ellipse, polytope, rounded,
};
use proptest::prelude::*;

/// Cases per property test: the file runs in a few seconds in a debug build.
const CASES: u32 = 1024;

/// f32: the kernel calls cores touching when `|v| <= 4 eps max |w|` over the simplex
/// vertices `w` (`Scalar::GJK_TOUCHING`), and `|w|` reaches a few `L`, so a gap of up
/// to about `16 eps L = 1.9e-6 L` can read as zero; away from touching the error stays
/// near `1e-6 L`. A margin of 8 eps gives 2.7e-6 L on a polytope pair (pinned in
/// `distance::regressions`); with 4 eps every class measures within 1.5e-6 L for
/// distance, witnesses and classification. The bar keeps a third of margin; the
/// required floor is 2e-5.
const F32: Bars = Bars {
    distance: 2e-6,
    witness: 2e-6,
    band: 2e-6,
};

/// f64: the kernel's aim of about 1e-12 L (docs/accuracy.md). Measured: distance error 2.3e-14 L for
/// polytopes, 1.2e-15 L rounded, 2.2e-14 L ellipses; witnesses 2.0e-14 L; pairs
/// classified against the oracle within 2.8e-15 L of touching. The required floor is
/// 1e-9.
const F64: Bars = Bars {
    distance: 1e-12,
    witness: 1e-12,
    band: 1e-12,
};

proptest! {
    #![proptest_config(config(CASES))]

    #[test]
    fn f32_polytope_pairs_match_oracle(case in case(polytope(), polytope())) {
        Scene::<f32>::new(&case)?.check(F32)?;
    }

    #[test]
    fn f64_polytope_pairs_match_oracle(case in case(polytope(), polytope())) {
        Scene::<f64>::new(&case)?.check(F64)?;
    }

    #[test]
    fn f32_rounded_pairs_match_oracle(
        case in case(rounded(), prop_oneof![polytope(), rounded()])
    ) {
        Scene::<f32>::new(&case)?.check(F32)?;
    }

    #[test]
    fn f64_rounded_pairs_match_oracle(
        case in case(rounded(), prop_oneof![polytope(), rounded()])
    ) {
        Scene::<f64>::new(&case)?.check(F64)?;
    }

    #[test]
    fn f32_ellipse_pairs_match_oracle(case in case(ellipse(), any_shape())) {
        Scene::<f32>::new(&case)?.check(F32)?;
    }

    #[test]
    fn f64_ellipse_pairs_match_oracle(case in case(ellipse(), any_shape())) {
        Scene::<f64>::new(&case)?.check(F64)?;
    }
}

// Exact contacts and containments, which random placements almost never hit: the
// simplex degenerates (collinear or coincident Minkowski points) exactly there.

/// A at `base` unturned, B at `position` turned by `angle`.
fn exact_case(a: Spec, b: Spec, base: [f64; 2], position: [f64; 2], angle: f64) -> Case {
    Case {
        a,
        b,
        placement: Placement {
            base,
            angles: [0.0, angle],
            mode: Mode::Far { position },
        },
    }
}

/// Checks the case in f32 and in f64 with the property tests' bars.
fn assert_matches_oracle(case: &Case) {
    for result in [
        Scene::<f32>::new(case).and_then(|scene| scene.check(F32)),
        Scene::<f64>::new(case).and_then(|scene| scene.check(F64)),
    ] {
        if let Err(error) = result {
            panic!("{error}\n{case:?}");
        }
    }
}

fn rect(hx: f64, hy: f64) -> Spec {
    Spec::Rect {
        half_extents: [hx, hy],
    }
}

#[test]
fn boxes_touching_along_an_edge_exactly() {
    // A's right side x = 1 is B's left side; B's side is shorter and inside A's.
    assert_matches_oracle(&exact_case(
        rect(1.0, 0.5),
        rect(0.5, 0.25),
        [0.0, 0.0],
        [1.5, 0.125],
        0.0,
    ));
    // The same 1e4 from the origin and with equal sides.
    assert_matches_oracle(&exact_case(
        rect(1.0, 0.5),
        rect(0.5, 0.5),
        [8192.0, -4096.0],
        [8193.5, -4096.0],
        0.0,
    ));
}

#[test]
fn boxes_touching_corner_to_corner_exactly() {
    assert_matches_oracle(&exact_case(
        rect(1.0, 0.5),
        rect(0.5, 0.25),
        [0.0, 0.0],
        [1.5, 0.75],
        0.0,
    ));
}

#[test]
fn boxes_a_hair_apart_along_parallel_edges() {
    // 2^-20 apart: clearly separated in both scalar types.
    let gap = 1.0 / 1_048_576.0;
    assert_matches_oracle(&exact_case(
        rect(1.0, 0.5),
        rect(0.5, 0.5),
        [0.0, 0.0],
        [1.5 + gap, 0.25],
        0.0,
    ));
}

#[test]
fn polygon_vertex_exactly_on_an_edge() {
    let wedge = Spec::Hull(vec![[0.0, 0.0], [1.0, -0.5], [1.0, 0.5]]);
    assert_matches_oracle(&exact_case(
        rect(1.0, 1.0),
        wedge,
        [0.0, 0.0],
        [1.0, 0.25],
        0.0,
    ));
}

#[test]
fn collinear_segments_overlapping_end_to_end() {
    // The Minkowski difference is a segment through the origin: no triangle can
    // enclose it.
    let a = Spec::Segment([-1.0, 0.0], [1.0, 0.0]);
    let b = Spec::Segment([-1.0, 0.0], [1.0, 0.0]);
    assert_matches_oracle(&exact_case(
        a.clone(),
        b.clone(),
        [0.0, 0.0],
        [1.5, 0.0],
        0.0,
    ));
    assert_matches_oracle(&exact_case(a, b, [3.0, 2.0], [3.0, 2.0], 0.0));
}

#[test]
fn collinear_segments_apart_on_one_line() {
    let a = Spec::Segment([-1.0, 0.0], [1.0, 0.0]);
    let b = Spec::Segment([-1.0, 0.0], [1.0, 0.0]);
    assert_matches_oracle(&exact_case(a, b, [0.0, 0.0], [3.0, 0.0], 0.0));
}

#[test]
fn identical_shapes_at_the_same_place_overlap() {
    for spec in [
        Spec::Regular {
            sides: 6,
            radius: 1.0,
        },
        Spec::Ellipse {
            semi_axes: [2.0, 0.1],
        },
        Spec::Capsule {
            a: [-1.0, 0.0],
            b: [1.0, 0.0],
            radius: 0.5,
        },
    ] {
        assert_matches_oracle(&exact_case(
            spec.clone(),
            spec,
            [5.0, -7.0],
            [5.0, -7.0],
            0.0,
        ));
    }
}

#[test]
fn shapes_inside_one_another_overlap() {
    let big_box = rect(10.0, 8.0);
    let small_ellipse = Spec::Ellipse {
        semi_axes: [0.5, 0.025],
    };
    let big_ellipse = Spec::Ellipse {
        semi_axes: [20.0, 5.0],
    };
    let small_box = rect(0.25, 0.5);
    assert_matches_oracle(&exact_case(
        big_box,
        small_ellipse,
        [0.0, 0.0],
        [3.0, 1.0],
        0.7,
    ));
    assert_matches_oracle(&exact_case(
        big_ellipse,
        small_box,
        [0.0, 0.0],
        [-4.0, 0.5],
        2.0,
    ));
}

#[test]
fn ellipse_tip_touching_a_box_side_exactly() {
    // Semi-axes 2 and 0.1 along x: the tip (2, 0) touches the box side x = 2.
    let needle = Spec::Ellipse {
        semi_axes: [2.0, 0.1],
    };
    assert_matches_oracle(&exact_case(
        needle,
        rect(0.5, 1.0),
        [0.0, 0.0],
        [2.5, 0.0],
        0.0,
    ));
}

#[test]
fn circles_a_quarter_apart_far_from_the_origin() {
    let circle = Spec::Circle {
        center: [0.0, 0.0],
        radius: 1.0,
    };
    assert_matches_oracle(&exact_case(
        circle.clone(),
        circle,
        [9000.0, 9000.0],
        [9002.25, 9000.0],
        0.0,
    ));
}
