//! Analytic cases, and a cross-check of every code path of `distance` against the
//! independent support-function separation on deterministic pseudo-random pairs.

use crate::support::{core_separation, polytope_separation, sampled_separation};
use crate::*;

fn assert_close(actual: f64, expected: f64, tolerance: f64) {
    assert!(
        (actual - expected).abs() <= tolerance,
        "{actual} != {expected} (tolerance {tolerance})"
    );
}

fn assert_point_close(actual: P, expected: P, tolerance: f64) {
    assert!(
        dist(actual, expected) <= tolerance,
        "{actual:?} != {expected:?} (tolerance {tolerance})"
    );
}

fn square(center: P, half: f64) -> Core {
    let [x, y] = center;
    Core::Polygon(vec![
        [x - half, y - half],
        [x + half, y - half],
        [x + half, y + half],
        [x - half, y + half],
    ])
}

fn ellipse(center: P, semi_axes: [f64; 2], angle: f64) -> Core {
    Core::Ellipse {
        center,
        semi_axes,
        cos: angle.cos(),
        sin: angle.sin(),
    }
}

#[test]
fn circle_circle_distance_is_centre_distance_minus_radii() {
    let a = Shape::new(Core::Point([1.0, 1.0]), 0.5);
    let b = Shape::new(Core::Point([4.0, 5.0]), 1.5);
    let exact = distance(&a, &b);
    assert_eq!(exact.distance, 3.0);
    assert!(!exact.overlapping);
    assert_point_close(exact.witness_a, [1.3, 1.4], 1e-15);
    assert_point_close(exact.witness_b, [3.1, 3.8], 1e-15);
}

#[test]
fn overlapping_circles_report_depth_and_no_witnesses() {
    let a = Shape::new(Core::Point([0.0, 0.0]), 1.0);
    let b = Shape::new(Core::Point([0.0, 1.5]), 1.0);
    let exact = distance(&a, &b);
    assert!(exact.overlapping);
    assert_eq!(exact.distance, 0.0);
    assert_eq!(exact.depth, 0.5);
    assert!(exact.witness_a[0].is_nan() && exact.witness_b[1].is_nan());
}

#[test]
fn touching_circles_count_as_overlapping_with_zero_depth() {
    let a = Shape::new(Core::Point([0.0, 0.0]), 1.0);
    let b = Shape::new(Core::Point([2.0, 0.0]), 1.0);
    let exact = distance(&a, &b);
    assert!(exact.overlapping);
    assert_eq!(exact.depth, 0.0);
}

#[test]
fn box_corner_to_box_corner() {
    let a = Shape::new(square([0.0, 0.0], 1.0), 0.0);
    let b = Shape::new(square([3.0, 3.0], 1.0), 0.0);
    let exact = distance(&a, &b);
    assert_close(exact.distance, 2.0_f64.sqrt(), 1e-15);
    assert_eq!(exact.witness_a, [1.0, 1.0]);
    assert_eq!(exact.witness_b, [2.0, 2.0]);
}

#[test]
fn diamond_corner_to_box_edge() {
    let a = Shape::new(square([0.0, 0.0], 1.0), 0.0);
    // A unit square turned by 45 degrees: its left corner is sqrt 2 from its centre.
    let diamond = transform(
        &square([0.0, 0.0], 1.0),
        [2.0 + 2.0_f64.sqrt(), 0.3],
        core::f64::consts::FRAC_1_SQRT_2,
        core::f64::consts::FRAC_1_SQRT_2,
    );
    let exact = distance(&a, &Shape::new(diamond, 0.25));
    assert_close(exact.distance, 0.75, 1e-15);
    assert_point_close(exact.witness_a, [1.0, 0.3], 1e-15);
    assert_point_close(exact.witness_b, [1.75, 0.3], 1e-15);
}

#[test]
fn rounded_boxes_side_by_side() {
    let a = Shape::new(square([0.0, 0.0], 1.0), 0.1);
    let b = Shape::new(square([0.0, -5.0], 2.0), 0.4);
    let exact = distance(&a, &b);
    assert_close(exact.distance, 1.5, 1e-15);
    assert_close(exact.witness_a[1], -1.1, 1e-15);
    assert_close(exact.witness_b[1], -2.6, 1e-15);
}

#[test]
fn point_inside_polygon_overlaps_with_depth_to_nearest_edge() {
    let a = Shape::new(Core::Point([0.2, 0.3]), 0.0);
    let b = Shape::new(square([0.0, 0.0], 1.0), 0.0);
    let exact = distance(&a, &b);
    assert!(exact.overlapping);
    assert_close(exact.depth, 0.7, 1e-12);
    let reversed = distance(&b, &a);
    assert!(reversed.overlapping);
    assert_close(reversed.depth, 0.7, 1e-12);
}

#[test]
fn crossing_segments_overlap_with_depth_of_the_short_arm() {
    let a = Shape::new(Core::Segment([-1.0, 0.0], [1.0, 0.0]), 0.0);
    let b = Shape::new(Core::Segment([0.0, -0.5], [0.0, 2.0]), 0.0);
    let exact = distance(&a, &b);
    assert!(exact.overlapping);
    assert_close(exact.depth, 0.5, 1e-12);
}

#[test]
fn parallel_segments_at_known_offset() {
    let a = Shape::new(Core::Segment([-1.0, 0.0], [1.0, 0.0]), 0.0);
    let b = Shape::new(Core::Segment([0.5, 0.75], [3.0, 0.75]), 0.0);
    let exact = distance(&a, &b);
    assert_eq!(exact.distance, 0.75);
    assert_close(exact.witness_a[1], 0.0, 0.0);
    assert_close(exact.witness_b[1], 0.75, 0.0);
}

#[test]
fn polygon_inside_polygon_overlaps() {
    let a = Shape::new(square([0.0, 0.0], 1.0), 0.0);
    let b = Shape::new(square([0.1, 0.0], 0.25), 0.0);
    let exact = distance(&a, &b);
    assert!(exact.overlapping);
    // Shortest way out is to the right: B's left side, at 0.1 - 0.25, must pass x = 1.
    assert_close(exact.depth, 1.15, 1e-12);
}

#[test]
fn ellipse_against_a_line_at_known_distance() {
    // First semi-axis 3 at 30 degrees, second 0.5: the top of the ellipse is at
    // sqrt((3 sin 30)^2 + (0.5 cos 30)^2) above its centre.
    let angle = core::f64::consts::FRAC_PI_6;
    let top = (3.0 * angle.sin()).hypot(0.5 * angle.cos());
    let a = Shape::new(ellipse([2.0, -1.0], [3.0, 0.5], angle), 0.0);
    let line = Shape::new(Core::Segment([-20.0, 1.5], [20.0, 1.5]), 0.0);
    let exact = distance(&a, &line);
    assert_close(exact.distance, 2.5 - top, 1e-14);
    assert_close(exact.witness_a[1], -1.0 + top, 1e-14);
    assert_close(exact.witness_b[1], 1.5, 0.0);
    // The same with the roles swapped and radii on both.
    let exact = distance(
        &Shape::new(line.core.clone(), 0.1),
        &Shape::new(a.core.clone(), 0.2),
    );
    assert_close(exact.distance, 2.2 - top, 1e-14);
}

#[test]
fn point_on_the_major_axis_outside_an_ellipse() {
    let a = Shape::new(ellipse([0.0, 0.0], [4.0, 1.0], 0.0), 0.0);
    let b = Shape::new(Core::Point([6.5, 0.0]), 0.5);
    let exact = distance(&a, &b);
    assert_close(exact.distance, 2.0, 1e-15);
    assert_point_close(exact.witness_a, [4.0, 0.0], 1e-15);
}

#[test]
fn circles_as_ellipses_match_the_circle_formula() {
    let a = Shape::new(ellipse([0.0, 0.0], [1.0, 1.0], 0.3), 0.0);
    let b = Shape::new(ellipse([3.0, 4.0], [2.0, 2.0], -1.1), 0.25);
    let exact = distance(&a, &b);
    assert_close(exact.distance, 1.75, 1e-14);
    assert_point_close(exact.witness_a, [0.6, 0.8], 1e-7);
    assert_point_close(exact.witness_b, [1.65, 2.2], 1e-7);
}

#[test]
fn axis_aligned_ellipses_along_their_axes() {
    let a = Shape::new(ellipse([0.0, 0.0], [3.0, 1.0], 0.0), 0.0);
    let along_major = Shape::new(ellipse([10.0, 0.0], [2.0, 0.5], 0.0), 0.0);
    assert_close(distance(&a, &along_major).distance, 5.0, 1e-14);
    let along_minor = Shape::new(ellipse([0.0, 10.0], [2.0, 0.5], 0.0), 0.0);
    assert_close(distance(&a, &along_minor).distance, 8.5, 1e-14);
    let turned = Shape::new(
        ellipse([10.0, 0.0], [2.0, 0.5], core::f64::consts::FRAC_PI_2),
        0.0,
    );
    assert_close(distance(&a, &turned).distance, 6.5, 1e-14);
}

#[test]
fn ellipse_containment_both_ways_overlaps() {
    let big = Shape::new(ellipse([0.0, 0.0], [5.0, 2.0], 0.2), 0.0);
    let small = Shape::new(ellipse([0.5, 0.2], [1.0, 0.3], 1.0), 0.0);
    assert!(distance(&big, &small).overlapping);
    assert!(distance(&small, &big).overlapping);
    let inner_box = Shape::new(square([0.3, 0.1], 0.2), 0.0);
    assert!(distance(&big, &inner_box).overlapping);
    let outer_box = Shape::new(square([0.0, 0.0], 10.0), 0.0);
    assert!(distance(&outer_box, &small).overlapping);
}

#[test]
fn signed_distance_to_surface_of_each_core() {
    let rounded_box = Shape::new(square([0.0, 0.0], 1.0), 0.5);
    assert_close(
        signed_distance_to_surface(&rounded_box, [0.0, 0.0]),
        -1.5,
        0.0,
    );
    assert_close(
        signed_distance_to_surface(&rounded_box, [3.0, 0.2]),
        1.5,
        0.0,
    );
    assert_close(
        signed_distance_to_surface(&rounded_box, [4.0, 5.0]),
        5.0 - 0.5,
        1e-15,
    );
    let oval = Shape::new(
        ellipse([1.0, 1.0], [2.0, 1.0], core::f64::consts::FRAC_PI_2),
        0.0,
    );
    assert_close(signed_distance_to_surface(&oval, [1.0, 4.0]), 1.0, 1e-15);
    assert_close(signed_distance_to_surface(&oval, [1.0, 1.0]), -1.0, 1e-15);
}

#[test]
fn transform_scales_an_ellipse_by_a_non_unit_rotation() {
    let local = ellipse([1.0, 0.0], [2.0, 1.0], 0.0);
    let placed = transform(&local, [5.0, 5.0], 0.0, 2.0);
    let Core::Ellipse {
        center,
        semi_axes,
        cos,
        sin,
    } = placed
    else {
        panic!("transform changed the core kind");
    };
    assert_point_close(center, [5.0, 7.0], 1e-15);
    assert_eq!(semi_axes, [4.0, 2.0]);
    assert_point_close([cos, sin], [0.0, 1.0], 1e-15);
}

/// A small deterministic generator (splitmix64) for the cross-check.
struct Random(u64);

impl Random {
    fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (z ^ (z >> 31)) as f64 / u64::MAX as f64
    }

    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.next()
    }

    fn core(&mut self) -> Core {
        let center = [self.range(-1.5, 1.5), self.range(-1.5, 1.5)];
        let angle = self.range(-3.2, 3.2);
        let local = match (self.next() * 4.0) as u32 {
            0 => Core::Point([0.0, 0.0]),
            1 => Core::Segment([-self.range(0.1, 2.0), 0.0], [self.range(0.1, 2.0), 0.0]),
            2 => {
                let sides = 3 + (self.next() * 6.0) as usize;
                let size = self.range(0.2, 2.0);
                let squash = self.range(0.05, 1.0);
                Core::Polygon(
                    (0..sides)
                        .map(|k| {
                            let t = core::f64::consts::TAU * k as f64 / sides as f64;
                            [size * t.cos(), squash * size * t.sin()]
                        })
                        .collect(),
                )
            }
            _ => {
                // Axis ratios down to 1:20, either axis the longer.
                let long = self.range(0.1, 2.0);
                let short = long * self.range(0.05, 1.0);
                let semi_axes = if self.next() < 0.5 {
                    [long, short]
                } else {
                    [short, long]
                };
                ellipse([0.0, 0.0], semi_axes, 0.0)
            }
        };
        transform(&local, center, angle.cos(), angle.sin())
    }
}

fn kind(core: &Core) -> usize {
    match core {
        Core::Point(_) => 0,
        Core::Segment(..) => 1,
        Core::Polygon(_) => 2,
        Core::Ellipse { .. } => 3,
    }
}

/// The main methods (edge-pair distances, Eberly, parameter sampling) and the
/// support-function separation share no code on the distance path, so agreement to
/// 1e-13 on random pairs of every core kind, apart and overlapping, checks both.
#[test]
fn distance_agrees_with_support_function_separation() {
    let mut random = Random(0x5eed);
    // [kind a][kind b][overlapping]
    let mut seen = [[[0_u32; 2]; 4]; 4];
    for case in 0..800 {
        let a = Shape::new(random.core(), 0.0);
        let b = Shape::new(random.core(), 0.0);
        let exact = distance(&a, &b);
        seen[kind(&a.core)][kind(&b.core)][usize::from(exact.overlapping)] += 1;
        let separation = core_separation(&a.core, &b.core);
        assert!(
            (exact.signed() - separation).abs() <= 1e-13,
            "case {case}: {exact:?} vs separation {separation}"
        );
        if !exact.overlapping {
            let on_a = signed_distance_to_surface(&a, exact.witness_a);
            let on_b = signed_distance_to_surface(&b, exact.witness_b);
            assert!(on_a.abs() < 1e-14 && on_b.abs() < 1e-14, "case {case}");
            assert_close(
                dist(exact.witness_a, exact.witness_b),
                exact.distance,
                1e-14,
            );
        }
    }
    // Every pair of core kinds was met both apart and overlapping, except where an
    // overlap has probability zero (a point on a point or on a segment).
    for (i, row) in seen.iter().enumerate() {
        for (j, counts) in row.iter().enumerate() {
            let needed_overlaps = u32::from(i.max(j) >= 2 || i + j == 2);
            assert!(
                counts[0] >= 5 && counts[1] >= needed_overlaps,
                "kinds {i} {j}: {counts:?}"
            );
        }
    }
}

#[test]
fn tiny_sliver_far_from_the_origin_is_accepted_as_convex() {
    // A counter-clockwise triangle 3e-3 long and 1e-5 thick, 1e4 from the origin: its
    // area, taken about the origin, would drown in the rounding of 7e7-sized terms.
    let sliver = Core::Polygon(vec![
        [8057.129851108893, 8657.529789997297],
        [8057.129829250353, 8657.529413647117],
        [8057.1297230793425, 8657.527040221403],
    ]);
    let exact = distance(
        &Shape::new(sliver, 0.0),
        &Shape::new(Core::Point([8057.0, 8657.0]), 0.0),
    );
    assert!(!exact.overlapping);
}

#[test]
fn polytope_penetration_by_edge_normals_agrees_with_sampled_directions() {
    let mut random = Random(0x5eed_0002);
    let mut overlapping = 0;
    for case in 0..2000 {
        let (a, b) = (random.core(), random.core());
        let Some(exact) = polytope_separation(&a, &b) else {
            continue;
        };
        let sampled = sampled_separation(&a, &b);
        if exact <= 0.0 {
            overlapping += 1;
            assert!(
                (exact - sampled).abs() <= 1e-12,
                "case {case}: edge normals {exact} vs sampled {sampled}"
            );
        } else {
            // Apart: an edge normal separates, and the true distance is at least that.
            assert!(
                sampled >= exact - 1e-12,
                "case {case}: {exact} vs {sampled}"
            );
        }
    }
    assert!(
        overlapping >= 100,
        "only {overlapping} overlapping polytope pairs"
    );
}
