//! Hand-computed cases, symmetry, invariance under rigid motions, witness consistency
//! with a duality-gap bound, and the named families.

use super::*;

fn assert_close(actual: f64, expected: f64, tolerance: f64) {
    assert!(
        (actual - expected).abs() <= tolerance,
        "{actual} != {expected} (tolerance {tolerance})"
    );
}

fn assert_point_close(actual: P3, expected: P3, tolerance: f64) {
    assert!(
        dist(actual, expected) <= tolerance,
        "{actual:?} != {expected:?} (tolerance {tolerance})"
    );
}

/// The axis-aligned box `[lo, hi]` as a polytope core.
fn aabb(lo: P3, hi: P3) -> Core3 {
    Core3::Polytope(
        (0..8)
            .map(|i| {
                let pick = |k: usize| if i >> k & 1 == 1 { hi[k] } else { lo[k] };
                [pick(0), pick(1), pick(2)]
            })
            .collect(),
    )
}

fn shape(core: Core3) -> Shape3 {
    Shape3::new(core, 0.0)
}

/// The quaternion of a turn by `angle` about the unit `axis`.
fn turn(axis: P3, angle: f64) -> [f64; 4] {
    let (s, c) = (0.5 * angle).sin_cos();
    [axis[0] * s, axis[1] * s, axis[2] * s, c]
}

const IDENTITY: [f64; 4] = [0.0, 0.0, 0.0, 1.0];

#[test]
fn cube_face_to_cube_face() {
    let a = shape(aabb([0.0; 3], [1.0; 3]));
    let b = shape(aabb([1.5, 0.25, 0.25], [2.5, 0.75, 0.75]));
    let exact = distance3(&a, &b);
    assert_eq!(exact.distance, 0.5);
    assert!(!exact.overlapping);
    assert_eq!(exact.witness_a[0], 1.0);
    assert_eq!(exact.witness_b[0], 1.5);
    assert_eq!(exact.depth, Some(0.0));
}

#[test]
fn cube_edge_to_cube_edge_at_right_angles() {
    // A: [-1, 1]^3 turned 45 degrees about x, so its top is an edge along x at
    // height sqrt 2. B: the same cube turned 45 degrees about y and lifted by 4, its
    // bottom an edge along y at height 4 - sqrt 2.
    let cube = aabb([-1.0; 3], [1.0; 3]);
    let quarter = core::f64::consts::FRAC_PI_4;
    let a = shape(transform3(&cube, [0.0; 3], turn([1.0, 0.0, 0.0], quarter)));
    let b = shape(transform3(
        &cube,
        [0.0, 0.0, 4.0],
        turn([0.0, 1.0, 0.0], quarter),
    ));
    let exact = distance3(&a, &b);
    let expected = 4.0 - 2.0 * 2.0_f64.sqrt();
    assert_close(exact.distance, expected, 1e-14);
    assert_point_close(exact.witness_a, [0.0, 0.0, 2.0_f64.sqrt()], 1e-14);
    assert_point_close(exact.witness_b, [0.0, 0.0, 4.0 - 2.0_f64.sqrt()], 1e-14);
}

#[test]
fn vertex_to_face() {
    let a = shape(aabb([-1.0; 3], [1.0; 3]));
    let b = shape(Core3::Polytope(vec![
        [0.2, 0.3, 1.5],
        [0.0, 0.0, 3.0],
        [1.0, 0.0, 3.0],
        [0.0, 1.0, 3.0],
    ]));
    let exact = distance3(&a, &b);
    assert_eq!(exact.distance, 0.5);
    assert_eq!(exact.witness_a, [0.2, 0.3, 1.0]);
    assert_eq!(exact.witness_b, [0.2, 0.3, 1.5]);
    let reversed = distance3(&b, &a);
    assert_eq!(reversed.distance, 0.5);
    assert_eq!(reversed.witness_a, [0.2, 0.3, 1.5]);
}

#[test]
fn point_inside_polytope_overlaps_with_depth_to_nearest_face() {
    let point = shape(Core3::Point([0.2, 0.3, 0.9]));
    let cube = shape(aabb([-1.0; 3], [1.0; 3]));
    for exact in [distance3(&point, &cube), distance3(&cube, &point)] {
        assert!(exact.overlapping);
        assert_eq!(exact.distance, 0.0);
        assert!(exact.witness_a[0].is_nan());
        assert_close(exact.depth.unwrap(), 0.1, 1e-15);
    }
}

#[test]
fn overlapping_cubes_have_the_separating_axis_depth() {
    let a = shape(aabb([-1.0; 3], [1.0; 3]));
    let b = Shape3::new(aabb([0.5, -0.2, -3.0], [2.5, 0.2, 3.0]), 0.25);
    let exact = distance3(&a, &b);
    assert!(exact.overlapping);
    // The shortest way out of the cores is along x, 0.5, plus the rounding.
    assert_close(exact.depth.unwrap(), 0.75, 1e-15);
}

#[test]
fn sphere_against_box() {
    let cube = shape(aabb([-1.0; 3], [1.0; 3]));
    let facing = Shape3::new(Core3::Point([3.0, 0.5, 0.2]), 1.0);
    let exact = distance3(&facing, &cube);
    assert_eq!(exact.distance, 1.0);
    assert_eq!(exact.witness_a, [2.0, 0.5, 0.2]);
    assert_eq!(exact.witness_b, [1.0, 0.5, 0.2]);
    let at_corner = Shape3::new(Core3::Point([2.0, 2.0, 2.0]), 0.5);
    let exact = distance3(&cube, &at_corner);
    assert_close(exact.distance, 3.0_f64.sqrt() - 0.5, 1e-15);
    assert_eq!(exact.witness_a, [1.0, 1.0, 1.0]);
    let touching_roundings = Shape3::new(Core3::Point([2.5, 0.0, 0.0]), 2.0);
    let exact = distance3(&cube, &touching_roundings);
    assert!(exact.overlapping);
    assert_eq!(exact.depth, Some(0.5));
}

#[test]
fn capsules_on_skew_lines() {
    // The x axis against a segment at height 3 turned 60 degrees from it, crossing
    // above x = 0.5: the common perpendicular is vertical there.
    let (s, c) = (60_f64.to_radians()).sin_cos();
    let a = Shape3::new(Core3::Segment([-1.0, 0.0, 0.0], [2.0, 0.0, 0.0]), 0.5);
    let b = Shape3::new(
        Core3::Segment([0.5 - 2.0 * c, -2.0 * s, 3.0], [0.5 + c, s, 3.0]),
        1.0,
    );
    let exact = distance3(&a, &b);
    assert_close(exact.distance, 1.5, 1e-15);
    assert_point_close(exact.witness_a, [0.5, 0.0, 0.5], 1e-15);
    assert_point_close(exact.witness_b, [0.5, 0.0, 2.0], 1e-15);
    // Shortened so that the crossing is off B: the closest point becomes B's end.
    let b = Shape3::new(
        Core3::Segment([0.5 + c, s, 3.0], [0.5 + 2.0 * c, 2.0 * s, 3.0]),
        0.0,
    );
    let a = shape(Core3::Segment([-1.0, 0.0, 0.0], [2.0, 0.0, 0.0]));
    let exact = distance3(&a, &b);
    assert_close(exact.distance, s.hypot(3.0), 1e-15);
}

fn ellipsoid(center: P3, semi_axes: P3, q: [f64; 4]) -> Core3 {
    Core3::Ellipsoid {
        center,
        semi_axes,
        rotation: rotation_matrix3(q),
    }
}

#[test]
fn ellipsoid_with_equal_axes_is_a_sphere() {
    let q = SplitMix64(11).quaternion();
    let ball = shape(ellipsoid([0.3, -0.2, 0.1], [0.75; 3], q));
    let sphere = Shape3::new(Core3::Point([0.3, -0.2, 0.1]), 0.75);
    let others = [
        shape(aabb([1.5, -0.5, -0.5], [2.5, 0.5, 0.5])),
        shape(Core3::Segment([-2.0, 2.0, -1.0], [1.0, 2.5, 1.0])),
        shape(Core3::Point([2.0, 2.0, 2.0])),
        shape(ellipsoid([3.0, 1.0, -1.0], [0.5; 3], IDENTITY)),
    ];
    for other in &others {
        let (from_ellipsoid, from_sphere) = (distance3(&ball, other), distance3(&sphere, other));
        assert_close(from_ellipsoid.distance, from_sphere.distance, 1e-12);
        assert!(!from_ellipsoid.overlapping);
        assert_point_close(from_ellipsoid.witness_a, from_sphere.witness_a, 1e-6);
    }
    // Two balls: the centre distance minus the radii.
    let expected = (2.7_f64.powi(2) + 1.2_f64.powi(2) + 1.1_f64.powi(2)).sqrt() - 1.25;
    assert_close(distance3(&ball, &others[3]).distance, expected, 1e-12);
}

#[test]
fn ellipsoid_along_its_axes() {
    // Semi-axes 3, 1, 0.5 turned so the 3 lies along y: the floor below is 0.5 away
    // from its lowest point, the wall at x = 2 is 1 away.
    let q = turn([0.0, 0.0, 1.0], core::f64::consts::FRAC_PI_2);
    let e = shape(ellipsoid([0.0, 0.0, 0.0], [3.0, 1.0, 0.5], q));
    let floor = shape(aabb([-10.0, -10.0, -2.0], [10.0, 10.0, -1.0]));
    let exact = distance3(&e, &floor);
    assert_close(exact.distance, 0.5, 1e-14);
    assert_point_close(exact.witness_a, [0.0, 0.0, -0.5], 1e-6);
    let wall = shape(Core3::Triangle([
        [2.0, -9.0, -9.0],
        [2.0, 9.0, 0.0],
        [2.0, 0.0, 9.0],
    ]));
    assert_close(distance3(&e, &wall).distance, 1.0, 1e-14);
    let beyond_tip = shape(Core3::Point([0.0, -4.5, 0.0]));
    assert_close(distance3(&beyond_tip, &e).distance, 1.5, 1e-14);
}

fn cylinder(center: P3, axis_direction: P3, half_height: f64, radius: f64) -> Core3 {
    Core3::Cylinder {
        center,
        axis_direction,
        half_height,
        radius,
    }
}

#[test]
fn cylinder_side_cap_and_rim_against_points() {
    let c = shape(cylinder([0.0; 3], [0.0, 0.0, 1.0], 2.0, 1.0));
    let side = distance3(&c, &shape(Core3::Point([3.0, 0.0, 0.5])));
    assert_close(side.distance, 2.0, 1e-14);
    assert_point_close(side.witness_a, [1.0, 0.0, 0.5], 1e-7);
    let cap = distance3(&shape(Core3::Point([0.5, 0.25, 5.0])), &c);
    assert_close(cap.distance, 3.0, 1e-14);
    let rim = distance3(&c, &shape(Core3::Point([0.0, -2.0, 3.0])));
    assert_close(rim.distance, 2.0_f64.sqrt(), 1e-14);
    assert_point_close(rim.witness_a, [0.0, -1.0, 2.0], 1e-7);
    assert!(distance3(&c, &shape(Core3::Point([0.5, 0.5, 1.9]))).overlapping);
}

#[test]
fn cone_apex_base_and_slant_against_points() {
    // Base radius 1 at the origin, apex at height 2.
    let cone = shape(Core3::Cone {
        base_center: [0.0; 3],
        axis_direction: [0.0, 0.0, 1.0],
        height: 2.0,
        radius: 1.0,
    });
    let above = distance3(&cone, &shape(Core3::Point([0.0, 0.0, 3.0])));
    assert_close(above.distance, 1.0, 1e-14);
    let below = distance3(&cone, &shape(Core3::Point([0.2, 0.3, -0.5])));
    assert_close(below.distance, 0.5, 1e-14);
    // Off the slant: the side's outward normal is (2, 0, 1) / sqrt 5 and passes the
    // point (0.5, 0, 1) of the side.
    let normal = [2.0 / 5.0_f64.sqrt(), 0.0, 1.0 / 5.0_f64.sqrt()];
    let p = add_scaled([0.5, 0.0, 1.0], normal, 0.7);
    assert_close(
        distance3(&cone, &shape(Core3::Point(p))).distance,
        0.7,
        1e-14,
    );
}

#[test]
fn triangle_through_an_ellipsoid_overlaps_and_above_it_does_not() {
    let e = shape(ellipsoid([0.0; 3], [1.0, 0.5, 0.25], IDENTITY));
    // A big triangle in the plane z = 0.1 with every vertex and edge far outside.
    let through = shape(Core3::Triangle([
        [-5.0, -5.0, 0.1],
        [5.0, -5.0, 0.1],
        [0.0, 5.0, 0.1],
    ]));
    assert!(distance3(&e, &through).overlapping);
    let above = shape(Core3::Triangle([
        [-5.0, -5.0, 0.75],
        [5.0, -5.0, 0.75],
        [0.0, 5.0, 0.75],
    ]));
    assert_close(distance3(&e, &above).distance, 0.5, 1e-14);
    // A box inside the ellipsoid, and the ellipsoid inside a box.
    assert!(distance3(&e, &shape(aabb([-0.1; 3], [0.1; 3]))).overlapping);
    assert!(distance3(&shape(aabb([-3.0; 3], [3.0; 3])), &e).overlapping);
}

/// Random world-space shapes of every core kind.
fn random_shape(random: &mut SplitMix64) -> Shape3 {
    let local = match random.next_u64() % 7 {
        0 => Core3::Point([0.0; 3]),
        1 => Core3::Segment(
            [-random.range(0.1, 1.5), 0.0, 0.0],
            [random.range(0.1, 1.5), 0.0, 0.0],
        ),
        2 => Core3::Triangle([
            random.unit_vector(),
            random.unit_vector(),
            random.unit_vector(),
        ]),
        3 => {
            let stretch = [
                random.range(0.2, 1.5),
                random.range(0.2, 1.5),
                random.range(0.2, 1.5),
            ];
            Core3::Polytope(
                (0..12)
                    .map(|_| {
                        let u = random.unit_vector();
                        [u[0] * stretch[0], u[1] * stretch[1], u[2] * stretch[2]]
                    })
                    .collect(),
            )
        }
        4 => ellipsoid(
            [0.0; 3],
            [
                random.range(0.15, 1.5),
                random.range(0.15, 1.5),
                random.range(0.15, 1.5),
            ],
            IDENTITY,
        ),
        5 => cylinder(
            [0.0; 3],
            [0.0, 0.0, 1.0],
            random.range(0.1, 1.5),
            random.range(0.1, 1.5),
        ),
        _ => Core3::Cone {
            base_center: [0.0, 0.0, -0.5],
            axis_direction: [0.0, 0.0, 1.0],
            height: random.range(0.2, 2.0),
            radius: random.range(0.1, 1.5),
        },
    };
    let center = [
        random.range(-2.0, 2.0),
        random.range(-2.0, 2.0),
        random.range(-2.0, 2.0),
    ];
    let radius = if random.next_f64() < 0.3 {
        random.range(0.0, 0.3)
    } else {
        0.0
    };
    Shape3::new(transform3(&local, center, random.quaternion()), radius)
}

fn kind(core: &Core3) -> usize {
    match core {
        Core3::Point(_) => 0,
        Core3::Segment(..) => 1,
        Core3::Triangle(_) => 2,
        Core3::Polytope(_) => 3,
        Core3::Ellipsoid { .. } => 4,
        Core3::Cylinder { .. } => 5,
        Core3::Cone { .. } => 6,
    }
}

/// Apart pairs: the witnesses lie on the rounded surfaces (moved back by the radius
/// along the witness direction, they lie on the cores), their distance is the
/// reported one, and the direction between them separates the shapes by about as
/// much: `separation_along3` along any direction is at most the true distance, and
/// the reported distance at least it, so their difference bounds the error from both
/// sides.
///
/// Tolerance of that last bound: 1e-12 for polytope pairs, whose witnesses are exact.
/// With a smooth core the witness points are found by minimizing a distance, which is
/// flat (quadratic) at its minimum, so they are only good to about `sqrt(eps)` (1e-8)
/// of the size along the surface; where the support function has a kink along the
/// witness direction (a cylinder side, a cone side, a polytope face), the separation
/// loses the first power of that, up to about 7e-8 (also with ten times the cases
/// of this test), hence 1e-6. The
/// distance itself is checked to 1e-12 against closed forms in
/// `smooth_distances_match_closed_forms`.
#[test]
fn witnesses_lie_on_the_surfaces_and_certify_the_distance() {
    let mut random = SplitMix64(0x3d_0001);
    let mut seen = [[0_u32; 2]; 7];
    for case in 0..150 {
        let (a, b) = (random_shape(&mut random), random_shape(&mut random));
        let exact = distance3(&a, &b);
        for s in [&a, &b] {
            seen[kind(&s.core)][usize::from(exact.overlapping)] += 1;
        }
        if exact.overlapping {
            continue;
        }
        let u = normalize(sub(exact.witness_b, exact.witness_a));
        for (s, core_point) in [
            (&a, add_scaled(exact.witness_a, u, -a.radius)),
            (&b, add_scaled(exact.witness_b, u, b.radius)),
        ] {
            let off = core_surface_distance(&s.core, core_point);
            assert!(off <= 1e-12, "case {case}: witness {off} off {s:?}");
        }
        assert_close(
            dist(exact.witness_a, exact.witness_b),
            exact.distance,
            1e-13,
        );
        let along = separation_along3(&a, &b, u);
        let polytopes = kind(&a.core) <= 3 && kind(&b.core) <= 3;
        let tolerance = if polytopes { 1e-12 } else { 1e-6 };
        assert!(
            exact.distance - along <= tolerance && along <= exact.distance + 1e-14,
            "case {case}: distance {} but separation {along} along the witnesses",
            exact.distance
        );
    }
    // Every kind met apart, and the solid ones overlapping too (points, segments
    // and triangles overlap only by meeting a thin target, rarely).
    for (k, counts) in seen.iter().enumerate() {
        assert!(
            counts[0] >= 5 && (k < 3 || counts[1] >= 2),
            "kind {k}: {counts:?}"
        );
    }
}

/// The sampled minimization against exact answers: random points against random
/// cylinders and cones (the closed-form distance in the plane through the axis),
/// balls given as ellipsoids with equal axes against random polytopes (the exact
/// polytope answer for a point with a radius) and against each other.
#[test]
fn smooth_distances_match_closed_forms() {
    let mut random = SplitMix64(0x3d_0004);
    let mut checked = 0;
    while checked < 60 {
        let smooth = random_shape(&mut random);
        let k = kind(&smooth.core);
        if k < 5 {
            continue;
        }
        let p = [
            random.range(-4.0, 4.0),
            random.range(-4.0, 4.0),
            random.range(-4.0, 4.0),
        ];
        let expected = core_surface_distance(&smooth.core, p) - smooth.radius;
        let exact = distance3(&shape(Core3::Point(p)), &smooth);
        if exact.overlapping {
            continue;
        }
        assert_close(exact.distance, expected, 1e-12);
        checked += 1;
    }
    for case in 0..40 {
        let other = random_shape(&mut random);
        if kind(&other.core) > 3 {
            continue;
        }
        let center = [
            random.range(-3.0, 3.0),
            random.range(-3.0, 3.0),
            random.range(-3.0, 3.0),
        ];
        let r = random.range(0.1, 1.0);
        let ball = shape(ellipsoid(center, [r; 3], random.quaternion()));
        let (sampled, exact) = (
            distance3(&ball, &other),
            distance3(&Shape3::new(Core3::Point(center), r), &other),
        );
        assert_eq!(sampled.overlapping, exact.overlapping, "case {case}");
        assert_close(sampled.distance, exact.distance, 1e-12);
        let second = random.unit_vector().map(|x| 3.0 * x);
        let r2 = random.range(0.1, 1.0);
        let other_ball = shape(ellipsoid(
            add_scaled(center, second, 1.0),
            [r2; 3],
            random.quaternion(),
        ));
        assert_close(
            distance3(&ball, &other_ball).distance,
            (3.0 - r - r2).max(0.0),
            1e-12,
        );
    }
}

#[test]
fn distance_is_symmetric() {
    let mut random = SplitMix64(0x3d_0002);
    for case in 0..60 {
        let (a, b) = (random_shape(&mut random), random_shape(&mut random));
        let (ab, ba) = (distance3(&a, &b), distance3(&b, &a));
        assert_eq!(ab.overlapping, ba.overlapping, "case {case}");
        assert_close(ab.distance, ba.distance, 1e-12 * ab.distance.max(1e-3));
        if let (Some(x), Some(y)) = (ab.depth, ba.depth) {
            assert_close(x, y, 1e-12);
        }
    }
}

#[test]
fn distance_is_invariant_under_rigid_motions() {
    let mut random = SplitMix64(0x3d_0003);
    for case in 0..60 {
        let (a, b) = (random_shape(&mut random), random_shape(&mut random));
        let q = random.quaternion();
        let t = [
            random.range(-5.0, 5.0),
            random.range(-5.0, 5.0),
            random.range(-5.0, 5.0),
        ];
        let moved = |s: &Shape3| Shape3::new(transform3(&s.core, t, q), s.radius);
        let (before, after) = (distance3(&a, &b), distance3(&moved(&a), &moved(&b)));
        assert_eq!(before.overlapping, after.overlapping, "case {case}");
        // Relative to the distance, or to 1e-2 for closer pairs: moving rounds the
        // coordinates (up to about 8) by about 1e-15 absolute.
        assert_close(
            after.distance,
            before.distance,
            1e-12 * before.distance.max(1e-2),
        );
    }
}

#[test]
fn named_families_meet_their_constructed_gap() {
    type Family = fn(u64) -> FamilyPair3;
    let families: [(Family, f64); 3] = [
        (slab_vs_hull, 1e-2),
        (large_vs_small_hull, 1e-2),
        (near_parallel_boxes, 1e-4),
    ];
    for (family, nominal) in families {
        for seed in 0..20 {
            let pair = family(seed);
            // The realized gap is the nominal one up to the rounding of B's
            // translation and world heights (below 4.5, so a few 1e-16).
            assert_close(pair.gap, nominal, 4e-15);
            assert!(
                (pair.distance - pair.gap).abs() <= 1e-12 * pair.gap,
                "seed {seed}: distance {} gap {}",
                pair.distance,
                pair.gap
            );
            let (a, b) = pair.shapes();
            let exact = distance3(&a, &b);
            assert!(!exact.overlapping);
            assert_eq!(exact.distance, pair.distance);
        }
    }
}

/// Overlapping polytope pairs: the separating-axis depth is minus the largest
/// separation over all directions, so no direction (1000 random ones) separates the
/// cores by more than `-depth` (a missing axis would make the depth too large and
/// fail this), and the best sampled one comes close to it (a depth too small fails).
#[test]
fn polytope_depth_bounds_every_direction() {
    let mut random = SplitMix64(0x3d_0005);
    let mut checked = 0;
    while checked < 40 {
        let (a, b) = (random_shape(&mut random), random_shape(&mut random));
        if kind(&a.core) > 3 || kind(&b.core) > 3 {
            continue;
        }
        let exact = distance3(&a, &b);
        let Some(depth) = exact.depth.filter(|_| exact.overlapping) else {
            continue;
        };
        checked += 1;
        let mut best = f64::NEG_INFINITY;
        for _ in 0..1000 {
            best = best.max(separation_along3(&a, &b, random.unit_vector()));
        }
        // 1000 directions are about 0.11 rad apart; the separation falls off from
        // its best at most linearly in the angle times the size (up to 3 here),
        // and the nearest sample is within half the spacing: 0.2 is a safe bound.
        assert!(best <= -depth + 1e-12, "{best} vs depth {depth}");
        assert!(best >= -depth - 0.2, "{best} vs depth {depth}");
    }
}

#[test]
fn smooth_pairs_along_their_axes() {
    // Ellipsoids tip to tip along x: 10 - 3 - 2.
    let a = shape(ellipsoid([0.0; 3], [3.0, 1.0, 0.5], IDENTITY));
    let b = shape(ellipsoid([10.0, 0.0, 0.0], [2.0, 0.5, 1.0], IDENTITY));
    let exact = distance3(&a, &b);
    assert_close(exact.distance, 5.0, 1e-13);
    assert_point_close(exact.witness_a, [3.0, 0.0, 0.0], 1e-6);
    // Parallel cylinders side by side, and cap to cap along a shared axis.
    let z = [0.0, 0.0, 1.0];
    let c = shape(cylinder([0.0; 3], z, 1.0, 0.5));
    let beside = Shape3::new(cylinder([3.0, 4.0, 0.5], z, 1.0, 1.0), 0.25);
    assert_close(distance3(&c, &beside).distance, 5.0 - 1.75, 1e-13);
    let above = shape(cylinder([0.0, 0.0, 3.5], z, 0.5, 2.0));
    assert_close(distance3(&above, &c).distance, 2.0, 1e-13);
    // A cone standing on a cylinder's cap: base 0.25 above it.
    let cone = shape(Core3::Cone {
        base_center: [0.2, 0.1, 1.25],
        axis_direction: z,
        height: 1.0,
        radius: 0.4,
    });
    assert_close(distance3(&c, &cone).distance, 0.25, 1e-13);
}

#[test]
fn smooth_containment_overlaps() {
    let z = [0.0, 0.0, 1.0];
    let big_cylinder = shape(cylinder([0.0; 3], z, 2.0, 2.0));
    let small_ball = shape(ellipsoid([0.3, 0.2, 0.1], [0.5, 0.2, 0.3], IDENTITY));
    let big_ball = shape(ellipsoid([0.0; 3], [5.0, 5.0, 4.0], IDENTITY));
    let small_cone = shape(Core3::Cone {
        base_center: [0.0, 0.0, -0.5],
        axis_direction: z,
        height: 1.0,
        radius: 0.5,
    });
    for (a, b) in [
        (&big_cylinder, &small_ball),
        (&big_ball, &big_cylinder),
        (&big_cylinder, &small_cone),
        (&small_cone, &big_ball),
    ] {
        assert!(distance3(a, b).overlapping);
        assert!(distance3(b, a).overlapping);
    }
    // Inside a solid polytope and holding one.
    let cube = shape(aabb([-3.0; 3], [3.0; 3]));
    assert!(distance3(&cube, &small_cone).overlapping);
    let tiny_box = shape(aabb([-0.1; 3], [0.1; 3]));
    assert!(distance3(&tiny_box, &big_cylinder).overlapping);
}

#[test]
fn flat_and_degenerate_pairs() {
    // Coplanar triangles: apart by 0.5 in their plane, then overlapping.
    let t = |dx: f64| {
        shape(Core3::Triangle([
            [dx, 0.0, 1.0],
            [dx + 1.0, 0.0, 1.0],
            [dx, 1.0, 1.0],
        ]))
    };
    let mirrored = shape(Core3::Triangle([
        [-0.5, 0.0, 1.0],
        [-0.5, 1.0, 1.0],
        [-1.5, 0.0, 1.0],
    ]));
    assert_eq!(distance3(&t(0.0), &mirrored).distance, 0.5);
    let overlapping = distance3(&t(0.0), &t(0.5));
    assert!(overlapping.overlapping);
    assert_eq!(overlapping.depth, Some(0.0));
    // Collinear segments: a gap of 1, then overlapping.
    let s = |a: f64, b: f64| shape(Core3::Segment([a, 2.0, 2.0], [b, 2.0, 2.0]));
    assert_eq!(distance3(&s(0.0, 1.0), &s(2.0, 3.0)).distance, 1.0);
    assert!(distance3(&s(0.0, 2.0), &s(1.0, 3.0)).overlapping);
    // A point on a triangle, a point on a segment, two equal points.
    let on = shape(Core3::Point([0.25, 0.25, 1.0]));
    assert!(distance3(&on, &t(0.0)).overlapping);
    assert!(distance3(&shape(Core3::Point([0.5, 2.0, 2.0])), &s(0.0, 1.0)).overlapping);
    let p = shape(Core3::Point([1.0, 2.0, 3.0]));
    assert!(distance3(&p, &p).overlapping);
    // A degenerate triangle is its segment.
    let flat = shape(Core3::Triangle([
        [0.0; 3],
        [2.0, 0.0, 0.0],
        [1.0, 0.0, 0.0],
    ]));
    assert_eq!(
        distance3(&flat, &shape(Core3::Point([3.0, 0.0, 0.0]))).distance,
        1.0
    );
}
