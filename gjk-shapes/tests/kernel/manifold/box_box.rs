//! Two boxes take their normal from separating axes (`box_half_extents`) instead of
//! GJK and EPA. These tests hold that path to the generic one on the same boxes, seen
//! through a wrapper that hides that they are boxes: boxes resting on boxes (tilted,
//! overlapping or apart within the speculative distance, at sizes from 1e-3 to 1e3
//! and far from the origin), edges crossing edges, and corners apart, where the axes
//! give only a lower bound and the query must fall back.

use gjk_core::{
    ContactShape, FeatureId, Manifold, Quat, Scalar, Support, SupportFace, SupportPoint,
    Transform3, Vec3, manifold,
};
use gjk_oracle::SplitMix64;
use gjk_shapes::Cuboid;

/// A shape that answers everything as the one it wraps, but is not known as a box.
struct Generic<T>(T);

impl<S: Scalar, T: Support<S, Vec3<S>>> Support<S, Vec3<S>> for Generic<T> {
    fn support(&self, direction: Vec3<S>) -> SupportPoint<S, Vec3<S>> {
        self.0.support(direction)
    }
    fn feature_point(&self, feature: FeatureId) -> Option<Vec3<S>> {
        self.0.feature_point(feature)
    }
}

impl<S: Scalar, T: ContactShape<S, Vec3<S>>> ContactShape<S, Vec3<S>> for Generic<T> {
    fn support_face(&self, direction: Vec3<S>) -> Option<SupportFace<S>> {
        self.0.support_face(direction)
    }
    fn face_vertex(&self, face: u32, corner: u32) -> Option<SupportPoint<S, Vec3<S>>> {
        self.0.face_vertex(face, corner)
    }
}

fn cuboid<S: Scalar>(half: [f64; 3]) -> Cuboid<S> {
    Cuboid::new(Vec3::new(
        S::from_f64(half[0]),
        S::from_f64(half[1]),
        S::from_f64(half[2]),
    ))
    .unwrap()
}

fn pose<S: Scalar>(at: [f64; 3], axis: [f64; 3], angle: f64) -> Transform3<S> {
    let [x, y, z] = axis.map(S::from_f64);
    let rotation = Quat::from_axis_angle(Vec3::new(x, y, z), S::from_f64(angle)).unwrap();
    let [x, y, z] = at.map(S::from_f64);
    Transform3::new(Vec3::new(x, y, z), rotation)
}

/// Both paths' manifolds for the same boxes.
fn both<S: Scalar>(
    a: Cuboid<S>,
    xf_a: Transform3<S>,
    b: Cuboid<S>,
    xf_b: Transform3<S>,
    speculative: S,
) -> (Manifold<S, Vec3<S>>, Manifold<S, Vec3<S>>) {
    let boxes = manifold(&a, xf_a, &b, xf_b, speculative).expect("box path");
    let generic = manifold(&Generic(a), xf_a, &Generic(b), xf_b, speculative).expect("generic");
    (boxes, generic)
}

/// The points of `contact` with their ids, sorted by id, as `f64`.
fn by_id<S: Scalar>(contact: &Manifold<S, Vec3<S>>) -> Vec<(String, f64, [f64; 3], [f64; 3])> {
    let wide = |v: Vec3<S>| [v.x, v.y, v.z].map(Scalar::to_f64);
    let mut points: Vec<_> = contact
        .points()
        .iter()
        .map(|point| {
            (
                format!("{:?}", point.id),
                point.separation.to_f64(),
                wide(point.anchor_a),
                wide(point.anchor_b),
            )
        })
        .collect();
    points.sort_by(|p, q| p.0.cmp(&q.0));
    points
}

/// The two manifolds name the same points, at the same places and separations
/// within `tolerance` of `size`, along normals within `turn_tolerance` of each other;
/// the largest difference of the points, over `size`.
fn assert_same<S: Scalar>(
    boxes: &Manifold<S, Vec3<S>>,
    generic: &Manifold<S, Vec3<S>>,
    size: f64,
    [tolerance, turn_tolerance]: [f64; 2],
    case: &str,
) -> f64 {
    let (n, m) = (boxes.normal, generic.normal);
    let turn = (n - m).length().to_f64();
    assert!(turn <= turn_tolerance, "{case}: normals {n:?} and {m:?}");
    let (ours, theirs) = (by_id(boxes), by_id(generic));
    let ids = |points: &[(String, f64, [f64; 3], [f64; 3])]| -> Vec<String> {
        points.iter().map(|point| point.0.clone()).collect()
    };
    assert_eq!(ids(&ours), ids(&theirs), "{case}: ids");
    let apart =
        |p: [f64; 3], q: [f64; 3]| (0..3).map(|k| (p[k] - q[k]).powi(2)).sum::<f64>().sqrt();
    let mut worst = 0.0_f64;
    for (mine, other) in ours.iter().zip(&theirs) {
        let off = (mine.1 - other.1)
            .abs()
            .max(apart(mine.2, other.2))
            .max(apart(mine.3, other.3));
        assert!(
            off <= tolerance * size,
            "{case}: {mine:?} against {other:?}"
        );
        worst = worst.max(off / size);
    }
    worst
}

/// Boxes resting on boxes: B's bottom face over A's top face, turned about the
/// vertical by any angle and tilted by up to 0.2 rad, its lowest corner from 0.04
/// deep to 0.015 apart (relative to the size, against a speculative distance of 0.02),
/// at sizes from 1e-3 to 1e3, up to `far` from the origin.
fn resting_pairs_agree<S: Scalar>(far: f64, tolerance: [f64; 2]) {
    let mut random = SplitMix64(0x0b0c_5eed);
    let mut worst = 0.0_f64;
    let mut worst_turn = 0.0_f64;
    for case in 0..2000 {
        let size = 10f64.powf(random.range(-3.0, 3.0));
        let half_a = [
            random.range(0.5, 4.0),
            random.range(0.5, 4.0),
            random.range(0.2, 1.0),
        ]
        .map(|h| h * size);
        let half_b = [
            random.range(0.2, 0.5),
            random.range(0.2, 0.5),
            random.range(0.2, 0.5),
        ]
        .map(|h| h * size);
        let centre = [
            random.range(-far, far),
            random.range(-far, far),
            random.range(-far, far),
        ];
        let yaw = random.range(0.0, core::f64::consts::TAU);
        let tilt_axis = [random.range(-1.0, 1.0), random.range(-1.0, 1.0), 0.0];
        let tilt = random.range(0.0, 0.2);
        let yawed = Quat::from_axis_angle(Vec3::new(0.0, 0.0, 1.0), yaw).unwrap();
        let tilted = Quat::from_axis_angle(
            Vec3::new(tilt_axis[0], tilt_axis[1], 1e-9)
                .normalize()
                .unwrap(),
            tilt,
        )
        .unwrap();
        let turn = tilted * yawed;
        // B's lowest corner below its centre, then placed by the chosen gap.
        let lowest = (0..8)
            .map(|k| {
                let corner = Vec3::new(
                    if k & 1 == 0 { -half_b[0] } else { half_b[0] },
                    if k & 2 == 0 { -half_b[1] } else { half_b[1] },
                    if k & 4 == 0 { -half_b[2] } else { half_b[2] },
                );
                turn.rotate(corner).z
            })
            .fold(f64::INFINITY, f64::min);
        let gap = random.range(-0.04, 0.015) * size;
        let over = [
            random.range(-0.5, 0.5) * half_a[0],
            random.range(-0.5, 0.5) * half_a[1],
        ];
        let b_at = [
            centre[0] + over[0],
            centre[1] + over[1],
            centre[2] + half_a[2] - lowest + gap,
        ];
        let xf_a = pose::<S>(centre, [0.0, 0.0, 1.0], 0.0);
        let xf_b = Transform3::new(
            Vec3::new(
                S::from_f64(b_at[0]),
                S::from_f64(b_at[1]),
                S::from_f64(b_at[2]),
            ),
            Quat {
                x: S::from_f64(turn.x),
                y: S::from_f64(turn.y),
                z: S::from_f64(turn.z),
                w: S::from_f64(turn.w),
            },
        );
        let speculative = S::from_f64(0.02 * size);
        let (boxes, generic) = both(
            cuboid::<S>(half_a),
            xf_a,
            cuboid::<S>(half_b),
            xf_b,
            speculative,
        );
        let reach = size.max(far);
        let off = assert_same(&boxes, &generic, reach, tolerance, &format!("case {case}"));
        worst = worst.max(off);
        worst_turn = worst_turn.max((boxes.normal - generic.normal).length().to_f64());
    }
    eprintln!(
        "largest difference of points: {worst:.1e} of the size and distance from the origin; of normals: {worst_turn:.1e}"
    );
}

/// Points within 16 epsilons of `L` (measured: 8.7e-8 in `f32`, 3.6e-19 in `f64`).
/// Normals within 16 epsilons in `f64` (measured 2.2e-16); in `f32` the generic
/// path's EPA normal is known only to epsilons of the distance from the origin over
/// the size (boxes 1e-3 across, 100 from the origin: about 1e-2 of the way; measured
/// 1.1e-4), while the axes' normal is a face's, exactly.
#[test]
fn resting_boxes_agree_with_the_generic_path_in_f64() {
    resting_pairs_agree::<f64>(1e4, [16.0 * f64::EPSILON, 16.0 * f64::EPSILON]);
}

#[test]
fn resting_boxes_agree_with_the_generic_path_in_f32() {
    resting_pairs_agree::<f32>(1e2, [16.0 * f64::from(f32::EPSILON), 1e-3]);
}

/// Edges crossing at right angles: two unit cubes, the lower turned 45 degrees about
/// x so that an edge along x is on top, the upper about y so that an edge along y is
/// below, 0.01 deep: one point, between the two edges, as GJK and EPA find it.
#[test]
fn crossed_edges_meet_at_one_point_as_the_generic_path_finds() {
    let unit = cuboid::<f64>([0.5, 0.5, 0.5]);
    let quarter = core::f64::consts::FRAC_PI_4;
    let xf_a = pose::<f64>([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], quarter);
    let xf_b = pose::<f64>([0.1, 0.2, 2f64.sqrt() - 0.01], [0.0, 1.0, 0.0], quarter);
    let (boxes, generic) = both(unit, xf_a, unit, xf_b, 0.02);
    assert_eq!(boxes.points().len(), 1);
    assert!((boxes.points()[0].separation + 0.01).abs() < 1e-12);
    assert_same(&boxes, &generic, 1.0, [1e-12, 1e-12], "crossed edges");
}

/// Corners apart within the speculative distance, no face normal between them: the
/// axes give only a lower bound of the distance, and the query answers as GJK does.
#[test]
fn corners_apart_fall_back_to_the_generic_path() {
    let unit = cuboid::<f64>([0.5, 0.5, 0.5]);
    let xf_b = pose::<f64>([1.005, 1.005, 1.005], [0.0, 0.0, 1.0], 0.0);
    let (boxes, generic) = both(unit, Transform3::IDENTITY, unit, xf_b, 0.02);
    assert_eq!(boxes, generic);
    assert_eq!(boxes.points().len(), 1);
    let expected = 0.005 * 3f64.sqrt();
    assert!((boxes.points()[0].separation - expected).abs() < 1e-12);
}

/// Boxes in any orientation, overlapping by up to a fifth of the smaller one or apart
/// within the speculative distance: the same deepest separation as GJK and EPA find
/// (edge pairs included), and where the normals agree, the same points.
#[test]
fn tumbling_boxes_agree_with_the_generic_path() {
    let mut random = SplitMix64(0x7e57_b0c5);
    let mut edges = 0;
    for case in 0..1000 {
        let half = |random: &mut SplitMix64| {
            [
                random.range(0.2, 1.0),
                random.range(0.2, 1.0),
                random.range(0.2, 1.0),
            ]
        };
        let (half_a, half_b) = (half(&mut random), half(&mut random));
        let turn = |random: &mut SplitMix64| {
            let axis = random.unit_vector();
            (axis, random.range(0.0, core::f64::consts::PI))
        };
        let ((axis_a, angle_a), (axis_b, angle_b)) = (turn(&mut random), turn(&mut random));
        let xf_a = pose::<f64>([0.0; 3], axis_a, angle_a);
        let direction = random.unit_vector();
        let a = cuboid::<f64>(half_a);
        let b = cuboid::<f64>(half_b);
        // Slide B in along `direction` until the generic path finds the depth wanted.
        let wanted = random.range(-0.2, 0.015) * half_b.iter().fold(1.0_f64, |m, &h| m.min(h));
        let at = |distance: f64| {
            pose::<f64>(
                direction.map(|coordinate| coordinate * distance),
                axis_b,
                angle_b,
            )
        };
        let gap_at = |distance: f64| {
            let contact = manifold(&Generic(a), xf_a, &Generic(b), at(distance), 10.0).unwrap();
            contact
                .points()
                .iter()
                .map(|point| point.separation)
                .fold(f64::INFINITY, f64::min)
        };
        let (mut near, mut far) = (0.0_f64, 4.0_f64);
        for _ in 0..50 {
            let middle = 0.5 * (near + far);
            if gap_at(middle) < wanted {
                near = middle;
            } else {
                far = middle;
            }
        }
        let xf_b = at(far);
        let (boxes, generic) = both(a, xf_a, b, xf_b, 0.02);
        let deepest = |contact: &Manifold<f64, Vec3<f64>>| {
            contact
                .points()
                .iter()
                .map(|point| point.separation)
                .fold(f64::INFINITY, f64::min)
        };
        let (ours, theirs) = (deepest(&boxes), deepest(&generic));
        assert!(
            (ours - theirs).abs() <= 1e-12 || (ours.is_infinite() && theirs.is_infinite()),
            "case {case}: deepest {ours} against {theirs}"
        );
        let edge_pair = boxes.points().iter().any(|point| {
            matches!(
                (point.id.feature_a, point.id.feature_b),
                (
                    gjk_core::ContactFeature::Edge(..),
                    gjk_core::ContactFeature::Edge(..)
                )
            )
        });
        edges += usize::from(edge_pair);
        if (boxes.normal - generic.normal).length() <= 1e-9 {
            assert_same(
                &boxes,
                &generic,
                1.0,
                [1e-12, 1e-9],
                &format!("case {case}"),
            );
        }
    }
    eprintln!("{edges} of 1000 manifolds with a point between two edges");
    // Edge pairs are a good part of random contacts: the test reaches them.
    assert!(edges > 100, "only {edges} edge contacts");
}
