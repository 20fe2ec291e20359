//! `ConvexPoints::hull` against brute force: the oracle's exact point-to-polytope
//! distance (`gjk_oracle::distance3`, in f64) and support functions over many
//! directions, in f32 and f64, at every scale, far from the origin, on flat, collinear,
//! repeated and degenerate sets.
//!
//! What every built hull is checked for (`check`):
//!
//! - its vertices are input points, no two the same;
//! - its support value along every probe direction (axes, diagonals and a few hundred
//!   random ones) reaches the raw point set's within `slack * size` (it never exceeds
//!   it, its vertices being input points): what GJK reads of the shape;
//! - every input point lies within `slack * size` of it (the oracle's distance, with
//!   the allowance `check_with` explains for f64 sets far from the origin);
//! - `ConvexPoints::new` accepts its vertices and builds the same shape.
//!
//! `size` is the longest side of the points' bounding box and `slack` the guarantee
//! `ConvexPoints::hull` documents. Where the vertex set is known (corners of a box, a
//! regular polygon, points on a sphere, or brute force over a few dozen points) the
//! test checks it exactly, and that a capacity one short reports `TooManyPoints`; the
//! property runs check on small hulls that every vertex is a corner of the others'.
//! Run in release to see the worst measures: `cargo test -p gjk-shapes --release
//! --test kernel shapes::convex_hull3 -- --nocapture`.

use gjk_core::{Scalar, Support, Vec3};
use gjk_oracle::{Core3, P3, Shape3, SplitMix64, distance3};
use gjk_shapes::{ConvexPoints, Polygon, ShapeError};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestRunner};

/// The documented bound on how far an input point may lie outside the hull, in units
/// of the size: 16 machine epsilons.
fn slack<S: Scalar>() -> f64 {
    16.0 * S::EPS.to_f64()
}

fn v<S: Scalar>(x: f64, y: f64, z: f64) -> Vec3<S> {
    Vec3::new(S::from_f64(x), S::from_f64(y), S::from_f64(z))
}

fn p3<S: Scalar>(p: Vec3<S>) -> P3 {
    [p.x.to_f64(), p.y.to_f64(), p.z.to_f64()]
}

fn dot(a: P3, b: P3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// The longest side of the bounding box, in f64.
fn size_of<S: Scalar>(points: &[Vec3<S>]) -> f64 {
    let (low, high) = bounds(points);
    (0..3)
        .map(|axis| high[axis] - low[axis])
        .fold(0.0, f64::max)
}

/// The corners of the bounding box, in f64.
fn bounds<S: Scalar>(points: &[Vec3<S>]) -> (P3, P3) {
    let mut low = [f64::INFINITY; 3];
    let mut high = [f64::NEG_INFINITY; 3];
    for &p in points {
        for (axis, value) in p3(p).into_iter().enumerate() {
            low[axis] = low[axis].min(value);
            high[axis] = high[axis].max(value);
        }
    }
    (low, high)
}

/// The points mapped into the unit box of `reference` in f64, `(p - low) / size`:
/// the oracle's products then stay in range at every scale (at 1e-300 they would
/// underflow).
fn normalized<S: Scalar>(points: &[Vec3<S>], reference: &[Vec3<S>]) -> Vec<P3> {
    let (low, _) = bounds(reference);
    let size = size_of(reference);
    points
        .iter()
        .map(|&p| {
            let p = p3(p);
            [0, 1, 2].map(|axis| (p[axis] - low[axis]) / size)
        })
        .collect()
}

/// Unit probe directions: the 26 axes, face and corner diagonals, and `count` random
/// ones.
fn probes(seed: u64, count: usize) -> Vec<P3> {
    let mut directions = Vec::new();
    for x in -1..=1 {
        for y in -1..=1 {
            for z in -1..=1 {
                if (x, y, z) != (0, 0, 0) {
                    let d = [f64::from(x), f64::from(y), f64::from(z)];
                    let length = dot(d, d).sqrt();
                    directions.push(d.map(|c| c / length));
                }
            }
        }
    }
    let mut rng = SplitMix64(seed);
    directions.extend((0..count).map(|_| rng.unit_vector()));
    directions
}

/// The largest distance, over the probe directions, by which the raw points reach
/// beyond the hull's vertices (both maxima in f64: in `S`, the dot products of points
/// far from the origin carry a rounding of `eps |p|`, which is the support function's
/// own, not the hull's). Checks on the way that the vertices never reach beyond the
/// points and that the shape's support point is one of its vertices.
fn support_shortfall<S: Scalar, const N: usize>(
    hull: &ConvexPoints<S, N>,
    points: &[Vec3<S>],
    directions: &[P3],
) -> f64 {
    let mut worst: f64 = 0.0;
    for &u in directions {
        let reach = |set: &[Vec3<S>]| {
            set.iter()
                .map(|&p| dot(p3(p), u))
                .fold(f64::NEG_INFINITY, f64::max)
        };
        let (raw, reached) = (reach(points), reach(&vertices(hull)));
        assert!(reached <= raw, "the hull reaches beyond its points");
        let support = hull.support(v(u[0], u[1], u[2])).point;
        assert!(vertices(hull).contains(&support));
        worst = worst.max(raw - reached);
    }
    worst
}

/// The exact distance from `point` to the hull of `vertices` (zero inside).
fn oracle_distance(vertices: &[P3], point: P3) -> f64 {
    let polytope = Shape3::new(Core3::Polytope(vertices.to_vec()), 0.0);
    distance3(&Shape3::new(Core3::Point(point), 0.0), &polytope).distance
}

/// How the checks went: the worst support shortfall and outside distance, relative to
/// the size.
#[derive(Debug, Default, Clone, Copy)]
struct Measured {
    shortfall: f64,
    outside: f64,
}

/// Builds the hull and checks it (see the file's documentation). `oracle_points`
/// bounds how many input points are measured with the oracle (its cost grows with the
/// fourth power of the vertex count): all of them when there are no more, else an
/// evenly spaced selection.
#[track_caller]
fn check<S: Scalar, const N: usize>(
    points: &[Vec3<S>],
    oracle_points: usize,
) -> (ConvexPoints<S, N>, Measured) {
    check_with(points, None, oracle_points, slack::<S>())
}

/// [`check`], the oracle measuring in `reference` coordinates when given, and
/// accepting input points up to `allowance * size` outside the hull (the support
/// check keeps `slack`).
///
/// `reference[i]` is where point `i` is in an isometric copy of the points. The
/// oracle tells a flat point set by all its points lying within 1e-12 of a plane
/// through every non-collinear triple; a flat set turned out of the axes is flat only
/// to within its rounding, which the oracle can take for a solid with a few stray
/// faces. Its flat copy, before the turn, measures the same distances.
///
/// The allowance is the oracle's own error where the slack is below it: on a hull of
/// nearly coplanar vertices (an f64 box rounded far from the origin) it skips
/// triples within 1e-12 of collinear and counts near-faces, and measured a point
/// 2.2 epsilons outside (exactly, in rational arithmetic) as 39 epsilons outside.
fn check_with<S: Scalar, const N: usize>(
    points: &[Vec3<S>],
    reference: Option<&[P3]>,
    oracle_points: usize,
    allowance: f64,
) -> (ConvexPoints<S, N>, Measured) {
    let hull = ConvexPoints::<S, N>::hull(points)
        .unwrap_or_else(|error| panic!("hull of {} points: {error}", points.len()));
    let vertices = &vertices(&hull);
    for (index, vertex) in vertices.iter().enumerate() {
        assert!(
            points.contains(vertex),
            "vertex {vertex:?} is not an input point"
        );
        assert!(
            !vertices[..index].contains(vertex),
            "vertex {vertex:?} is stored twice"
        );
    }
    assert_eq!(ConvexPoints::<S, N>::new(vertices), Ok(hull));
    let size = size_of(points);
    let mut measured = Measured::default();
    if size == 0.0 {
        assert_eq!(hull.len(), 1);
        return (hull, measured);
    }
    let shortfall = support_shortfall(&hull, points, &probes(points.len() as u64, 300));
    measured.shortfall = shortfall / size;
    assert!(
        shortfall <= slack::<S>() * size,
        "support shortfall {:.2e} size",
        shortfall / size
    );
    let (corners, unit_points) = match reference {
        None => (normalized(vertices, points), normalized(points, points)),
        Some(reference) => {
            let index_of = |vertex| points.iter().position(|p| p == vertex).unwrap();
            let scaled = |p: P3| p.map(|c| c / size);
            (
                vertices
                    .iter()
                    .map(|v| scaled(reference[index_of(v)]))
                    .collect(),
                reference.iter().map(|&p| scaled(p)).collect(),
            )
        }
    };
    let step = points.len().div_ceil(oracle_points.max(1)).max(1);
    for (&point, &unit) in points.iter().zip(&unit_points).step_by(step) {
        let outside = oracle_distance(&corners, unit);
        measured.outside = measured.outside.max(outside);
        assert!(
            outside <= allowance,
            "{point:?} is {outside:.2e} size outside the hull of {} vertices",
            corners.len()
        );
    }
    (hull, measured)
}

/// Asserts that every stored vertex lies more than `margin * size` outside the hull
/// of the other stored vertices (a negative margin allows it that deep inside): each
/// is a corner, not a point of an edge or face.
fn assert_corners<S: Scalar, const N: usize>(hull: &ConvexPoints<S, N>, margin: f64) {
    let corners = normalized(&vertices(hull), &vertices(hull));
    if corners.len() < 2 {
        return;
    }
    for (index, &corner) in corners.iter().enumerate() {
        let others: Vec<P3> = corners
            .iter()
            .enumerate()
            .filter(|&(other, _)| other != index)
            .map(|(_, &p)| p)
            .collect();
        let outside = signed_oracle_distance(&others, corner);
        assert!(
            outside > margin,
            "vertex {corner:?} is {outside:.2e} size outside the others (margin {margin:.2e})",
        );
    }
}

/// The distance from `point` to the hull of `vertices`, negative inside: minus the
/// depth (the distance to the hull's boundary) the oracle gives for an overlap.
fn signed_oracle_distance(vertices: &[P3], point: P3) -> f64 {
    let polytope = Shape3::new(Core3::Polytope(vertices.to_vec()), 0.0);
    let exact = distance3(&Shape3::new(Core3::Point(point), 0.0), &polytope);
    if exact.overlapping {
        -exact.depth.unwrap_or(0.0)
    } else {
        exact.distance
    }
}

/// The corners of the points' hull by brute force: the distinct points outside the
/// hull of the other distinct points (the oracle's distance, in unit-box
/// coordinates, above zero). Quartic in the number of points: for a few dozen.
fn brute_force_corners<S: Scalar>(points: &[Vec3<S>]) -> Vec<Vec3<S>> {
    let mut distinct: Vec<Vec3<S>> = Vec::new();
    for &p in points {
        if !distinct.contains(&p) {
            distinct.push(p);
        }
    }
    let units = normalized(&distinct, points);
    distinct
        .iter()
        .zip(&units)
        .filter(|&(_, &unit)| {
            let others: Vec<P3> = units.iter().copied().filter(|&q| q != unit).collect();
            others.is_empty() || oracle_distance(&others, unit) > 0.0
        })
        .map(|(&p, _)| p)
        .collect()
}

/// The vertices as a sorted list of f64 triples, to compare sets.
fn sorted<S: Scalar>(points: &[Vec3<S>]) -> Vec<P3> {
    let mut list: Vec<P3> = points.iter().map(|&p| p3(p)).collect();
    list.sort_by(|a, b| a.partial_cmp(b).unwrap());
    list
}

/// `points` turned by `rotation`, scaled by `scale` and moved by `offset`, rounded
/// once to `S`.
fn placed<S: Scalar>(points: &[P3], rotation: [f64; 4], scale: f64, offset: P3) -> Vec<Vec3<S>> {
    let m = gjk_oracle::rotation_matrix3(rotation);
    points
        .iter()
        .map(|p| {
            let turned: Vec<f64> = (0..3).map(|row| dot(m[row], *p)).collect();
            v(
                turned[0] * scale + offset[0],
                turned[1] * scale + offset[1],
                turned[2] * scale + offset[2],
            )
        })
        .collect()
}

/// `count` points uniform in the cube `[-1, 1]^3`.
fn cloud(rng: &mut SplitMix64, count: usize) -> Vec<P3> {
    (0..count)
        .map(|_| [0, 1, 2].map(|_| rng.range(-1.0, 1.0)))
        .collect()
}

/// The eight corners of `[-1, 1]^3`, each `copies` times, and `extra` points on its
/// faces, on its edges and inside, shuffled.
fn cube_with_points(rng: &mut SplitMix64, copies: usize, extra: usize) -> Vec<P3> {
    let mut points: Vec<P3> = (0..8 * copies)
        .map(|i| [0, 1, 2].map(|axis| if i >> axis & 1 == 1 { 1.0 } else { -1.0 }))
        .collect();
    for k in 0..extra {
        let mut p = [0, 1, 2].map(|_| rng.range(-1.0, 1.0));
        let axis = k % 3;
        let sign = if rng.next_f64() < 0.5 { -1.0 } else { 1.0 };
        match k % 4 {
            // On a face.
            0 => p[axis] = sign,
            // On an edge.
            1 => {
                p[axis] = sign;
                p[(axis + 1) % 3] = -sign;
            }
            // At the middle of an edge.
            2 => {
                p = [0.0; 3];
                p[axis] = sign;
                p[(axis + 1) % 3] = -sign;
            }
            // Inside.
            _ => {}
        }
        points.push(p);
    }
    shuffle(rng, &mut points);
    points
}

/// Fisher-Yates.
fn shuffle(rng: &mut SplitMix64, points: &mut [P3]) {
    for i in (1..points.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        points.swap(i, j);
    }
}

/// `count` points on the unit sphere, at least 0.2 apart (so each is a clear corner
/// of their hull).
fn sphere_points(rng: &mut SplitMix64, count: usize) -> Vec<P3> {
    let mut points: Vec<P3> = Vec::new();
    while points.len() < count {
        let p = rng.unit_vector();
        let far = points.iter().all(|q| {
            let d = [p[0] - q[0], p[1] - q[1], p[2] - q[2]];
            dot(d, d) > 0.04
        });
        if far {
            points.push(p);
        }
    }
    points
}

fn random_rotation(rng: &mut SplitMix64) -> [f64; 4] {
    rng.quaternion()
}

const IDENTITY: [f64; 4] = [0.0, 0.0, 0.0, 1.0];

// ---------------------------------------------------------------------------------
// Known vertex sets.

/// The hull's points as a list.
fn vertices<S: Scalar, const N: usize>(hull: &ConvexPoints<S, N>) -> Vec<Vec3<S>> {
    hull.points().collect()
}

#[test]
fn hull_of_a_cube_with_points_on_faces_and_edges_keeps_its_eight_corners() {
    let mut rng = SplitMix64(1);
    for round in 0..40 {
        let points = cube_with_points(&mut rng, 1 + round % 3, 20 + round * 5);
        let rotation = if round % 2 == 0 {
            IDENTITY
        } else {
            random_rotation(&mut rng)
        };
        let f64_points = placed::<f64>(&points, rotation, 2.5, [0.5, -1.0, 3.0]);
        let (hull, _) = check::<f64, 8>(&f64_points, 40);
        assert_eq!(hull.len(), 8, "round {round}");
        let f32_points = placed::<f32>(&points, rotation, 2.5, [0.5, -1.0, 3.0]);
        let (hull, _) = check::<f32, 8>(&f32_points, 40);
        assert_eq!(hull.len(), 8, "round {round}");
    }
}

#[test]
fn hull_of_a_cube_reports_too_many_points_below_eight() {
    let mut rng = SplitMix64(2);
    let points = placed::<f64>(&cube_with_points(&mut rng, 2, 60), IDENTITY, 1.0, [0.0; 3]);
    assert_eq!(
        ConvexPoints::<f64, 7>::hull(&points),
        Err(ShapeError::TooManyPoints {
            count: 8,
            capacity: 7
        })
    );
    assert_eq!(
        ConvexPoints::<f64, 3>::hull(&points),
        Err(ShapeError::TooManyPoints {
            count: 4,
            capacity: 3
        })
    );
}

#[test]
fn hull_of_points_on_a_sphere_keeps_them_all() {
    let mut rng = SplitMix64(3);
    for round in 0..6 {
        let count = 20 + 4 * round;
        let points = sphere_points(&mut rng, count);
        let f64_points = placed::<f64>(&points, IDENTITY, 3.0, [1.0, 2.0, 3.0]);
        let (hull, _) = check::<f64, 48>(&f64_points, 12);
        assert_eq!(hull.len(), count);
        assert_eq!(
            sorted(&vertices(&hull)),
            sorted(&f64_points),
            "the vertices are the points"
        );
        let f32_points = placed::<f32>(&points, IDENTITY, 3.0, [1.0, 2.0, 3.0]);
        let (hull, _) = check::<f32, 48>(&f32_points, 12);
        assert_eq!(hull.len(), count);
    }
}

#[test]
fn hull_of_points_on_a_sphere_one_short_reports_too_many_points() {
    let mut rng = SplitMix64(4);
    let points = placed::<f32>(&sphere_points(&mut rng, 24), IDENTITY, 1.0, [0.0; 3]);
    assert!(ConvexPoints::<f32, 24>::hull(&points).is_ok());
    assert_eq!(
        ConvexPoints::<f32, 23>::hull(&points),
        Err(ShapeError::TooManyPoints {
            count: 24,
            capacity: 23
        })
    );
}

// ---------------------------------------------------------------------------------
// Degenerate sets.

#[test]
fn hull_of_one_repeated_point_is_that_point() {
    let p = v::<f32>(1e4, -3.0, 0.5);
    let hull = ConvexPoints::<f32, 4>::hull(&[p; 50]).unwrap();
    assert_eq!(vertices(&hull), [p]);
    let single = ConvexPoints::<f64, 1>::hull(&[v(1.0, 2.0, 3.0)]).unwrap();
    assert_eq!(vertices(&single), [v(1.0, 2.0, 3.0)]);
}

#[test]
fn hull_of_collinear_points_is_their_two_ends() {
    let mut rng = SplitMix64(5);
    for _ in 0..50 {
        let direction = rng.unit_vector();
        let start = [0, 1, 2].map(|_| rng.range(-10.0, 10.0));
        let along: Vec<f64> = (0..30).map(|_| rng.range(-2.0, 5.0)).collect();
        let points: Vec<Vec3<f64>> = along
            .iter()
            .map(|&t| {
                v(
                    start[0] + t * direction[0],
                    start[1] + t * direction[1],
                    start[2] + t * direction[2],
                )
            })
            .collect();
        let (hull, _) = check::<f64, 4>(&points, 30);
        assert_eq!(hull.len(), 2);
        let low = along.iter().copied().fold(f64::INFINITY, f64::min);
        let high = along.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let ends = [low, high].map(|t| points[along.iter().position(|&a| a == t).unwrap()]);
        assert_eq!(sorted(&vertices(&hull)), sorted(&ends));
        assert_eq!(
            ConvexPoints::<f64, 1>::hull(&points),
            Err(ShapeError::TooManyPoints {
                count: 2,
                capacity: 1
            })
        );
    }
}

#[test]
fn hull_of_a_flat_set_is_the_polygon_hull_in_its_plane() {
    let mut rng = SplitMix64(6);
    for round in 0..60 {
        let count = 10 + round;
        let flat: Vec<P3> = (0..count)
            .map(|_| [rng.range(-1.0, 1.0), rng.range(-1.0, 1.0), 0.0])
            .collect();
        let points = placed::<f64>(&flat, IDENTITY, 1.5, [0.0, 0.0, -2.0]);
        let (hull, _) = check::<f64, 32>(&points, 20);
        let plane: Vec<gjk_core::Vec2<f64>> = points
            .iter()
            .map(|p| gjk_core::Vec2::new(p.x, p.y))
            .collect();
        let polygon = Polygon::<f64, 32>::hull(&plane).unwrap();
        let expected: Vec<Vec3<f64>> = polygon
            .vertices()
            .iter()
            .map(|q| Vec3::new(q.x, q.y, -2.0))
            .collect();
        assert_eq!(sorted(&vertices(&hull)), sorted(&expected), "round {round}");
        // Turned out of the axes: rounding moves the points off their plane by an
        // epsilon or so, below the tolerance.
        let turned = placed::<f64>(&flat, random_rotation(&mut rng), 1.5, [3.0, 1.0, -2.0]);
        let reference: Vec<P3> = flat.iter().map(|p| p.map(|c| c * 1.5)).collect();
        let (hull, _) = check_with::<f64, 32>(&turned, Some(&reference), 20, slack::<f64>());
        assert_eq!(hull.len(), polygon.len(), "round {round}");
    }
}

#[test]
fn hull_of_a_regular_polygon_with_its_centre_keeps_its_corners() {
    for sides in [3, 5, 8, 17, 31] {
        let mut flat: Vec<P3> = (0..sides)
            .map(|k| {
                let angle = core::f64::consts::TAU * k as f64 / sides as f64;
                [angle.cos(), angle.sin(), 0.0]
            })
            .collect();
        flat.push([0.0; 3]);
        // Far from the origin, in the plane z = -1e4 exactly: rounding moves the
        // corners within the plane only.
        let points = placed::<f32>(&flat, IDENTITY, 2.0, [1e4, 0.0, -1e4]);
        let (hull, _) = check::<f32, 32>(&points, 40);
        assert_eq!(hull.len(), sides);
        let points = placed::<f64>(&flat, IDENTITY, 2.0, [1e4, 0.0, -1e4]);
        let (hull, _) = check::<f64, 32>(&points, 40);
        assert_eq!(hull.len(), sides);
    }
}

#[test]
fn hull_of_many_copies_of_the_cube_corners_is_the_cube() {
    let mut rng = SplitMix64(10);
    let mut points = cube_with_points(&mut rng, 50, 0);
    points.extend(cube_with_points(&mut rng, 0, 200));
    shuffle(&mut rng, &mut points);
    for scale in [1e-30, 1.0, 1e30] {
        let placed_f32 = placed::<f32>(&points, IDENTITY, scale, [0.0; 3]);
        let (hull, _) = check::<f32, 8>(&placed_f32, 50);
        assert_eq!(hull.len(), 8, "scale {scale:e}");
    }
    let placed_f64 = placed::<f64>(&points, random_rotation(&mut rng), 1e-3, [0.0; 3]);
    let (hull, _) = check::<f64, 8>(&placed_f64, 50);
    assert_eq!(hull.len(), 8);
}

/// A disc of points on a circle with an apex just above its centre: a thin cone
/// whose rim edges are so sharp that a point beyond the rim lies within a few
/// epsilons of both face planes there (a face-based build with a height tolerance
/// misses it), while being far outside. Every rim point is a corner, and the apex.
#[test]
fn hull_of_a_thin_cone_keeps_every_rim_point() {
    let mut rng = SplitMix64(11);
    // Heights relative to the size 2: in f64 all far above the tolerance (1.8e-15);
    // in f32 (9.5e-7) the first two, the third being below it.
    for height in [1e-3, 1e-5, 1e-9] {
        let rim = 40;
        let mut flat: Vec<P3> = (0..rim)
            .map(|k| {
                let angle = core::f64::consts::TAU * (k as f64 + rng.range(0.0, 0.3)) / rim as f64;
                [angle.cos(), angle.sin(), 0.0]
            })
            .collect();
        // Inside the rim, near it.
        flat.extend((0..rim).map(|k| {
            let angle = core::f64::consts::TAU * (k as f64 + 0.5) / rim as f64;
            [0.99 * angle.cos(), 0.99 * angle.sin(), 0.0]
        }));
        flat.push([0.0, 0.0, height]);
        shuffle(&mut rng, &mut flat);
        let points = placed::<f64>(&flat, IDENTITY, 1.0, [0.0, 0.0, 5.0]);
        let (hull, _) = check::<f64, 48>(&points, 30);
        assert_eq!(hull.len(), rim + 1, "height {height:e}");
        if height >= 1e-5 {
            let points = placed::<f32>(&flat, IDENTITY, 1.0, [0.0, 0.0, 5.0]);
            let (hull, _) = check::<f32, 48>(&points, 30);
            assert_eq!(hull.len(), rim + 1, "height {height:e}");
        }
    }
}

/// Points of a square grid lifted off their plane by less than the tolerance (a few
/// hundredths of an epsilon of the size): the set is flat, and its hull the square.
#[test]
fn hull_of_a_grid_with_noise_below_the_tolerance_is_its_square() {
    let mut rng = SplitMix64(12);
    let grid: Vec<P3> = (0..100)
        .map(|k| {
            let noise = rng.range(-0.1, 0.1) * f64::EPSILON;
            [(k % 10) as f64 / 9.0, (k / 10) as f64 / 9.0, 1.0 + noise]
        })
        .collect();
    let points = placed::<f64>(&grid, IDENTITY, 1.0, [0.0; 3]);
    let (hull, _) = check::<f64, 8>(&points, 25);
    let mut corners: Vec<(f64, f64)> = vertices(&hull).iter().map(|p| (p.x, p.y)).collect();
    corners.sort_by(|a, b| a.partial_cmp(b).unwrap());
    assert_eq!(corners, [(0.0, 0.0), (0.0, 1.0), (1.0, 0.0), (1.0, 1.0)]);
    // Lifted by a thousandth instead, every point stays: the corners, and the
    // points that stick out above or below the square's two triangles.
    let bumpy: Vec<P3> = grid
        .iter()
        .map(|p| [p[0], p[1], 1.0 + 1e-3 * rng.range(-1.0, 1.0)])
        .collect();
    let points = placed::<f64>(&bumpy, IDENTITY, 1.0, [0.0; 3]);
    let (hull, _) = check::<f64, 100>(&points, 25);
    assert_eq!(
        sorted(&vertices(&hull)),
        sorted(&brute_force_corners(&points))
    );
}

// ---------------------------------------------------------------------------------
// Scales and placements.

#[test]
fn hull_of_clouds_at_every_scale_contains_every_point() {
    let mut rng = SplitMix64(7);
    for exponent in (-30..=30).step_by(5) {
        let scale = 10f64.powi(exponent);
        let points = cloud(&mut rng, 40);
        let rotation = random_rotation(&mut rng);
        let f32_points = placed::<f32>(&points, rotation, scale, [0.0; 3]);
        let (hull, _) = check::<f32, 40>(&f32_points, 20);
        assert_corners(&hull, 1e-4);
        if exponent % 15 == 0 {
            let corners = brute_force_corners(&f32_points);
            assert_eq!(sorted(&vertices(&hull)), sorted(&corners));
        }
        let offset = [3.0 * scale, -scale, 0.5 * scale];
        let f32_points = placed::<f32>(&points, rotation, scale, offset);
        check::<f32, 40>(&f32_points, 20);
    }
    for exponent in (-300..=300).step_by(50) {
        let scale = 10f64.powi(exponent);
        let points = cloud(&mut rng, 40);
        let f64_points = placed::<f64>(&points, random_rotation(&mut rng), scale, [0.0; 3]);
        let (hull, _) = check::<f64, 40>(&f64_points, 20);
        assert_corners(&hull, 1e-8);
    }
}

#[test]
fn hull_of_clouds_far_from_the_origin_contains_every_point() {
    let mut rng = SplitMix64(8);
    for _ in 0..20 {
        let points = cloud(&mut rng, 60);
        let rotation = random_rotation(&mut rng);
        let offset = [1e4, -1e4, 1e4];
        check::<f32, 64>(&placed::<f32>(&points, rotation, 1.0, offset), 20);
        check::<f64, 64>(&placed::<f64>(&points, rotation, 1.0, offset), 20);
        let cube = cube_with_points(&mut rng, 2, 40);
        let (hull, _) = check::<f32, 16>(&placed::<f32>(&cube, IDENTITY, 0.5, offset), 20);
        assert_eq!(hull.len(), 8);
    }
}

// ---------------------------------------------------------------------------------
// Invalid input.

#[test]
fn hull_rejects_empty_and_non_finite_input() {
    assert_eq!(ConvexPoints::<f64, 4>::hull(&[]), Err(ShapeError::NoPoints));
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let points = [v(0.0, 0.0, 0.0), v(1.0, bad, 0.0), v(0.0, 0.0, 1.0)];
        assert_eq!(
            ConvexPoints::<f64, 4>::hull(&points),
            Err(ShapeError::NonFinite)
        );
    }
    let far = [v::<f32>(-3e38, 0.0, 0.0), v(3e38, 0.0, 0.0)];
    assert_eq!(
        ConvexPoints::<f32, 4>::hull(&far),
        Err(ShapeError::NonFinite)
    );
    assert_eq!(
        ConvexPoints::<f32, 0>::hull(&[v(1.0, 2.0, 3.0)]),
        Err(ShapeError::TooManyPoints {
            count: 1,
            capacity: 0
        })
    );
}

// ---------------------------------------------------------------------------------
// Properties.

/// A point set of one of the families, in f64 before placement.
fn family(rng: &mut SplitMix64, kind: u64, count: usize) -> Vec<P3> {
    match kind % 6 {
        0 => cloud(rng, count),
        1 => sphere_points(rng, count.min(30)),
        2 => cube_with_points(rng, 1, count),
        // A thin slab: a cloud squashed to a thousandth of its width.
        3 => cloud(rng, count)
            .into_iter()
            .map(|p| [p[0], p[1], p[2] * 1e-3])
            .collect(),
        // A cloud with every point repeated.
        4 => {
            let base = cloud(rng, count / 4 + 1);
            (0..count).map(|k| base[k % base.len()]).collect()
        }
        // A flat disc: every point in one plane.
        _ => (0..count)
            .map(|_| {
                let (x, y) = (rng.range(-1.0, 1.0), rng.range(-1.0, 1.0));
                [x, y, 0.0]
            })
            .collect(),
    }
}

/// `cases` random sets: one of the six families of [`family`] with 4 to 59 points,
/// turned at random, scaled by 1e-24 to 1e24 (powers of 1e4), at the origin or 1e4
/// sizes from it, rounded once to `S`; each checked by [`check_with`] and, for small
/// hulls, [`assert_corners`]. Prints the worst measures.
fn run_property<S: Scalar>(name: &str, cases: u32) {
    let config = Config {
        cases,
        failure_persistence: None,
        rng_seed: RngSeed::Fixed(0x0c0ffee),
        ..Config::default()
    };
    let mut runner = TestRunner::new(config);
    let strategy = (any::<u64>(), 0u64..6, 4usize..60, -6i32..=6, any::<bool>());
    let worst = core::cell::Cell::new(Measured::default());
    let result = runner.run(&strategy, |(seed, kind, count, exponent, far)| {
        let mut rng = SplitMix64(seed);
        let points = family(&mut rng, kind, count);
        let scale = 10f64.powi(exponent * 4);
        let offset = if far {
            [1e4 * scale, 0.0, -1e4 * scale]
        } else {
            [0.0; 3]
        };
        // A flat set stays exactly flat under a turn about z (the last row of its
        // matrix is exactly (0, 0, 1)), which the oracle needs (see `check_with`).
        let rotation = if kind % 6 == 5 {
            let (sin, cos) = rng.range(0.0, core::f64::consts::PI).sin_cos();
            [0.0, 0.0, sin, cos]
        } else {
            random_rotation(&mut rng)
        };
        let placed = placed::<S>(&points, rotation, scale, offset);
        // Far from the origin, f64 rounding makes clusters of nearly coplanar
        // vertices, where both GJK (see `ConvexPoints::hull`: up to 190 epsilons in
        // 6000 sets) and the oracle (see `check_with`) err by tens or hundreds of
        // epsilons. The f32 clusters are coarser than the oracle's tolerance, and
        // GJK's error there was never seen to exceed the slack.
        let allowance = if far && S::EPS.to_f64() < 1e-10 {
            256.0 * f64::EPSILON
        } else {
            slack::<S>()
        };
        let (hull, measured) = check_with::<S, 64>(&placed, None, 16, allowance);
        // Each vertex a corner of the others' hull, or inside it by no more than
        // GJK can see (`ConvexPoints::hull`: none in f32, up to 38 epsilons in f64):
        // no slot spent on a point of an edge or face. Small hulls only (the
        // oracle's cost), and not f64 sets far from the origin: their rounding makes
        // corners of 1e-13 of the size, below the oracle's plane tolerance (1e-12),
        // which takes some for inside.
        let oracle_sees_corners = !far || S::EPS.to_f64() > 1e-10;
        if hull.len() <= 20 && oracle_sees_corners {
            assert_corners(&hull, -64.0 * S::EPS.to_f64());
        }
        let mut so_far = worst.get();
        so_far.shortfall = so_far.shortfall.max(measured.shortfall);
        so_far.outside = so_far.outside.max(measured.outside);
        worst.set(so_far);
        Ok(())
    });
    println!("{name}: worst {:?} (slack {:e})", worst.get(), slack::<S>());
    if let Err(error) = result {
        panic!("{name}: {error}");
    }
}

#[test]
fn f32_hull_of_random_families_contains_every_point() {
    run_property::<f32>("f32_hull_of_random_families_contains_every_point", 96);
}

#[test]
fn f64_hull_of_random_families_contains_every_point() {
    run_property::<f64>("f64_hull_of_random_families_contains_every_point", 96);
}

#[test]
fn hull_support_matches_the_raw_points_along_random_directions() {
    let mut rng = SplitMix64(9);
    for _ in 0..30 {
        let points = placed::<f32>(
            &cloud(&mut rng, 200),
            random_rotation(&mut rng),
            7.0,
            [0.0; 3],
        );
        let hull = ConvexPoints::<f32, 64>::hull(&points).unwrap();
        let size = size_of(&points);
        let shortfall = support_shortfall(&hull, &points, &probes(1, 2000));
        assert!(shortfall <= slack::<f32>() * size, "{:e}", shortfall / size);
    }
}

// ---------------------------------------------------------------------------------
// Regressions, each named after the failure it pins.

/// The 28 points of the property case that failed (a cube with points on its faces
/// and edges, f32, size 3e8, 1e12 from the origin, where f32 rounds coordinates to
/// 65536), a hull of a dozen vertices that must fit in 64 slots. Its 12th vertex lies
/// 7e-5 (of the size) off the chord of its two neighbours along a quantized edge; GJK
/// (f32) can measure the point *at* that vertex as 7e-5 from the hull holding it, and
/// a build that trusted that would find it the farthest every round, store it again
/// and run out of slots (`TooManyPoints`). The nearest stored vertex bounds the
/// distance as well.
#[test]
fn hull_does_not_store_a_vertex_gjk_measures_off_its_chain() {
    let points = [
        v::<f32>(999958200000.0, 63441720.0, -1000039400000.0),
        v(1000017360000.0, -144678640.0, -1000093650000.0),
        v(1000089850000.0, -77890400.0, -1000076540000.0),
        v(999982600000.0, 144678640.0, -999906340000.0),
        v(999952740000.0, -56549510.0, -999969460000.0),
        v(1000082240000.0, 38111560.0, -999912200000.0),
        v(1000110300000.0, -4005462.5, -999866500000.0),
        v(1000076700000.0, -44728624.0, -1000081300000.0),
        v(999878400000.0, 21893742.0, -1000030600000.0),
        v(999953500000.0, -70336584.0, -1000113600000.0),
        v(1000034600000.0, 137581940.0, -1000099350000.0),
        v(999965400000.0, -137581940.0, -999900640000.0),
        v(999936560000.0, -94675180.0, -999909950000.0),
        v(1000008650000.0, 4930547.5, -1000021800000.0),
        v(1000014900000.0, 215119.08, -999905300000.0),
        v(1000162260000.0, -11102161.0, -1000059500000.0),
        v(1000136300000.0, -7553811.5, -999963030000.0),
        v(999937340000.0, 59359350.0, -1000079600000.0),
        v(999889700000.0, 4005462.5, -1000133500000.0),
        v(999837700000.0, 11102161.0, -999940500000.0),
        v(1000090570000.0, 18994334.0, -999872660000.0),
        v(999843360000.0, 10328010.0, -999961500000.0),
        v(999921300000.0, 88142590.0, -999920800000.0),
        v(1000089850000.0, -77890400.0, -1000076540000.0),
        v(999863700000.0, 7553811.5, -1000036960000.0),
        v(1000000850000.0, -103438170.0, -999987700000.0),
        v(1000122100000.0, -5611312.5, -999910200000.0),
        v(999960500000.0, -78382136.0, -1000111400000.0),
    ];
    let (hull, _) = check::<f32, 64>(&points, 28);
    // Rounding to 65536 moved many edge and face points off their lines and planes:
    // 17 of the 27 distinct points are corners, the closest 1.1e-5 of the size out.
    assert_eq!(
        sorted(&vertices(&hull)),
        sorted(&brute_force_corners(&points))
    );
    assert_eq!(hull.len(), 17);
}

/// Seven points of a property case (a box with points on its faces, f32, size 3e8,
/// 1e12 from the origin, 57 points; these seven keep the trap): the build stored a point
/// lying inside the hull of the vertices it had, 7 vertices for a hull of 6. Its gap
/// was GJK's stop on a nearly flat part of the hull (1.2e-5 of the size for a point
/// inside); measured again from a cold start and from the nearest vertex, the point
/// reads as inside.
#[test]
fn hull_measures_again_where_gjk_stops_short_of_a_point_inside() {
    let points = [
        v::<f32>(1000160100000.0, 26250722.0, -999939300000.0),
        v(1000038700000.0, 33014648.0, -999860670000.0),
        v(999992400000.0, 35595090.0, -999830650000.0),
        v(999839960000.0, -26250722.0, -1000060750000.0),
        v(1000071000000.0, -104218140.0, -999981800000.0),
        v(1000042000000.0, 32831010.0, -999862760000.0),
        v(1000071040000.0, 55611108.0, -999946300000.0),
    ];
    let (hull, _) = check::<f32, 8>(&points, 7);
    assert_eq!(
        sorted(&vertices(&hull)),
        sorted(&brute_force_corners(&points))
    );
    assert_eq!(hull.len(), 6);
}

/// Six points of a property case (a box with points on its faces, f32, size 3e24,
/// 1e28 from the origin, 52 points; these six keep the trap): a point lying inside the
/// hull of the other vertices (in the full case by 1.5e-5 of the size, 124 epsilons)
/// that GJK measures outside from the three starts the passes try. Started from every
/// stored vertex in turn, one query finds it inside: the build checks so the one
/// point per round about to take a slot.
#[test]
fn hull_checks_the_point_it_stores_from_every_vertex() {
    let points = [
        v::<f32>(9.999008e27, -8.0468365e23, -1.0001169e28),
        v(1.0001308e28, 8.0052845e23, -1.0000806e28),
        v(9.998693e27, -8.0052845e23, -9.999194e27),
        v(9.998763e27, -8.0146275e23, -9.999638e27),
        v(9.998873e27, -8.029132e23, -1.0000328e28),
        v(1.0000048e28, -1.053084e24, -9.998977e27),
    ];
    let (hull, _) = check::<f32, 8>(&points, 6);
    assert_eq!(
        sorted(&vertices(&hull)),
        sorted(&brute_force_corners(&points))
    );
}

/// The GJK measurement behind `hull_does_not_store_a_vertex_gjk_measures_off_its_chain`,
/// on its three points (mapped into the unit box): a point at the middle vertex of a
/// chain 7e-5 off straight is inside the chain's hull. The closest point of the chord,
/// 7e-5 from the query, is known from a difference of numbers near 0.3 only to about
/// `eps / 7e-5` in direction, enough for the support along it to return the chord's
/// end again instead of the middle vertex: a loop that stopped on that repeated
/// feature would report the point 7.1e-5 away after two iterations. gjk-core's 3D
/// solver computes such a foot to its own precision.
#[test]
fn f32_gjk_finds_a_point_at_a_chain_vertex_off_the_chord() {
    let chain = [
        v::<f32>(0.839_862_7, 0.433_461_73, 0.822_697_9),
        v(1.0, 0.411_594_36, 0.227_988_69),
        v(0.920_032_3, 0.422_528_06, 0.525_242_3),
    ];
    let out = distance_to_last_vertex(chain);
    assert_eq!(out.distance, 0.0, "{out:?}");
}

/// `distance` from the chain's last point to the chain's hull (zero in exact
/// arithmetic: the point is a vertex of it).
fn distance_to_last_vertex(chain: [Vec3<f32>; 3]) -> gjk_core::DistanceOutput<f32, Vec3<f32>> {
    let hull = ConvexPoints::<f32, 3>::new(&chain).unwrap();
    let at_vertex = gjk_shapes::Point3::new(chain[2]).unwrap();
    gjk_core::distance(
        &at_vertex,
        gjk_core::Transform3::IDENTITY,
        &hull,
        gjk_core::Transform3::IDENTITY,
    )
}

/// The class of `f32_gjk_finds_a_point_at_a_chain_vertex_off_the_chord`: chains of
/// three points with the middle one 1e-6 to 1e-2 of the chord's length off it, chords
/// 0.01 to 100 long in random directions, up to 10 chord lengths from the origin; a
/// point at the middle vertex must read within 2e-6 L of it (L the largest
/// coordinate), the bar of the 3D oracle tests. Before the fix, heights below about
/// `sqrt(eps)` of the length read up to the height away.
#[test]
fn f32_gjk_finds_points_at_the_vertices_of_nearly_straight_chains() {
    let mut state = 0x5eed_c4a1_u64;
    let mut uniform = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 11) as f64 / (1_u64 << 53) as f64
    };
    let mut worst = 0.0_f64;
    for _ in 0..4000 {
        let length = 10_f64.powf(uniform() * 4.0 - 2.0);
        let height = length * 10_f64.powf(uniform() * 4.0 - 6.0);
        let offset = length * 10.0 * uniform();
        let unit = |u: &mut dyn FnMut() -> f64| {
            let (z, angle) = (u() * 2.0 - 1.0, u() * core::f64::consts::TAU);
            let r = (1.0 - z * z).sqrt();
            [r * angle.cos(), r * angle.sin(), z]
        };
        let along = unit(&mut uniform);
        let mut across = unit(&mut uniform);
        let dot: f64 = (0..3).map(|i| along[i] * across[i]).sum();
        let norm = (0..3)
            .map(|i| (across[i] - dot * along[i]).powi(2))
            .sum::<f64>()
            .sqrt();
        across = core::array::from_fn(|i| (across[i] - dot * along[i]) / norm);
        let centre = unit(&mut uniform).map(|c| c * offset);
        let point = |t: f64, h: f64| {
            v::<f32>(
                centre[0] + t * along[0] + h * across[0],
                centre[1] + t * along[1] + h * across[1],
                centre[2] + t * along[2] + h * across[2],
            )
        };
        let chain = [
            point(-0.5 * length, 0.0),
            point(0.5 * length, 0.0),
            point(0.1 * length, height),
        ];
        let out = distance_to_last_vertex(chain);
        let scale = chain
            .iter()
            .flat_map(|p| [p.x, p.y, p.z])
            .fold(0.0_f32, |m, c| m.max(c.abs()));
        let error = f64::from(out.distance) / f64::from(scale);
        worst = worst.max(error);
        assert!(error <= 2e-6, "{error:e} L: {chain:?} {out:?}");
    }
    eprintln!("worst {worst:e} L");
}
