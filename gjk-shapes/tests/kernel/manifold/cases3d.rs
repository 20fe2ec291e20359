//! 3D manifolds on scenes whose contacts are known by hand: a box resting on a box,
//! tilted onto an edge and onto a corner, crossed edges, a cylinder standing and lying
//! on a box, a capsule lying on a box, capsules side by side, a sphere; ids kept over
//! frames of a resting box, cylinder and hexagonal prism jittered by 1e-4.

use gjk_core::{
    ContactFeature, ContactShape, Manifold, PointState, Quat, Scalar, Support, Transform3, Vec3,
    manifold, point_states,
};
use gjk_oracle::SplitMix64;
use gjk_shapes::{Capsule3, Cuboid, Cylinder, Polyhedron, Sphere};

fn floor<S: Scalar>() -> Cuboid<S> {
    Cuboid::new(Vec3::new(
        S::from_f64(4.0),
        S::from_f64(4.0),
        S::from_f64(0.5),
    ))
    .unwrap()
}

fn unit_box<S: Scalar>() -> Cuboid<S> {
    Cuboid::new(Vec3::splat(S::from_f64(0.5))).unwrap()
}

fn at<S: Scalar>(x: f64, y: f64, z: f64) -> Transform3<S> {
    Transform3::from_translation(Vec3::new(S::from_f64(x), S::from_f64(y), S::from_f64(z)))
}

fn turned<S: Scalar>(translation: [f64; 3], axis: [f64; 3], angle: f64) -> Transform3<S> {
    let [x, y, z] = axis.map(S::from_f64);
    let rotation = Quat::from_axis_angle(Vec3::new(x, y, z), S::from_f64(angle)).unwrap();
    Transform3::new(
        at::<S>(translation[0], translation[1], translation[2]).translation,
        rotation,
    )
}

/// The world contact points of `contact` (midway between the anchors).
fn world_points<S: Scalar>(
    contact: &Manifold<S, Vec3<S>>,
    xf_a: Transform3<S>,
    xf_b: Transform3<S>,
) -> Vec<[f64; 3]> {
    contact
        .to_world(xf_a, xf_b)
        .points()
        .iter()
        .map(|point| [point.point.x, point.point.y, point.point.z].map(Scalar::to_f64))
        .collect()
}

fn resting_box_on_floor<S: Scalar>(tolerance: f64) {
    let xf_b = at::<S>(0.3, -0.2, 0.99);
    let contact = manifold(
        &floor::<S>(),
        Transform3::IDENTITY,
        &unit_box::<S>(),
        xf_b,
        S::from_f64(0.02),
    )
    .unwrap();
    assert_eq!(contact.normal, Vec3::Z);
    assert_eq!(contact.points().len(), 4);
    let mut corners = world_points(&contact, Transform3::IDENTITY, xf_b);
    corners.sort_by(|p, q| p.partial_cmp(q).unwrap());
    let expected = [[-0.2, -0.7], [-0.2, 0.3], [0.8, -0.7], [0.8, 0.3]];
    for (point, [x, y]) in corners.iter().zip(expected) {
        assert!(
            (point[0] - x).abs() < tolerance && (point[1] - y).abs() < tolerance,
            "{point:?}"
        );
        assert!((point[2] - 0.495).abs() < tolerance, "{point:?}");
    }
    for point in contact.points() {
        assert!((point.separation.to_f64() + 0.01).abs() < tolerance);
        assert!(matches!(point.id.feature_a, ContactFeature::Face(4)));
        assert!(matches!(point.id.feature_b, ContactFeature::Vertex(0..=3)));
    }
}

#[test]
fn box_resting_on_a_box_touches_at_its_four_bottom_corners() {
    resting_box_on_floor::<f32>(1e-5);
    resting_box_on_floor::<f64>(1e-12);
}

#[test]
fn box_tilted_onto_an_edge_touches_at_the_edge_ends() {
    // Turned by 0.3 about y: its lowest edge runs along y.
    let angle = 0.3_f64;
    let lowest = 0.5 * (angle.cos() + angle.sin());
    let xf_b = turned::<f64>([0.0, 0.0, 0.5 + lowest - 0.01], [0.0, 1.0, 0.0], angle);
    let contact = manifold(
        &floor::<f64>(),
        Transform3::IDENTITY,
        &unit_box::<f64>(),
        xf_b,
        0.02,
    )
    .unwrap();
    assert_eq!(contact.points().len(), 2, "{contact:?}");
    for point in contact.points() {
        assert!((point.separation + 0.01).abs() < 1e-12);
    }
    let points = world_points(&contact, Transform3::IDENTITY, xf_b);
    assert!(
        (points[0][1] - points[1][1]).abs() > 0.99,
        "the edge's two ends: {points:?}"
    );
}

#[test]
fn box_on_a_corner_touches_at_one_point_named_by_the_corner() {
    let rotation = Quat::from_axis_angle(Vec3::new(1.0, 1.0, 0.0), 0.6).unwrap();
    let probe = Transform3::new(Vec3::ZERO, rotation);
    let lowest = unit_box::<f64>().support(probe.rotation.inv_rotate(-Vec3::Z));
    let depth_below = -probe.transform_point(lowest.point).z;
    let xf_b = Transform3::new(Vec3::new(0.0, 0.0, 0.5 + depth_below - 0.01), rotation);
    let contact = manifold(
        &floor::<f64>(),
        Transform3::IDENTITY,
        &unit_box::<f64>(),
        xf_b,
        0.02,
    )
    .unwrap();
    assert_eq!(contact.points().len(), 1, "{contact:?}");
    let point = contact.points()[0];
    assert!((point.separation + 0.01).abs() < 1e-12);
    assert_eq!(point.id.feature_a, ContactFeature::Face(4));
    assert_eq!(
        point.id.feature_b,
        ContactFeature::from_support(lowest.feature)
    );
}

#[test]
fn crossed_edges_touch_at_one_point_between_the_edges() {
    // A's top edge along x (A turned 45 degrees about x), B's bottom edge along y (B
    // turned 45 degrees about y), 0.01 apart.
    let quarter = core::f64::consts::FRAC_PI_4;
    let reach = 0.5 * 2.0_f64.sqrt();
    let xf_a = turned::<f64>([0.0; 3], [1.0, 0.0, 0.0], quarter);
    let xf_b = turned::<f64>([0.1, 0.2, 2.0 * reach + 0.01], [0.0, 1.0, 0.0], quarter);
    let contact = manifold(&unit_box::<f64>(), xf_a, &unit_box::<f64>(), xf_b, 0.02).unwrap();
    assert_eq!(contact.points().len(), 1, "{contact:?}");
    let point = contact.points()[0];
    assert!((point.separation - 0.01).abs() < 1e-12, "{point:?}");
    assert!(
        matches!(point.id.feature_a, ContactFeature::Edge(..)),
        "{point:?}"
    );
    assert!(
        matches!(point.id.feature_b, ContactFeature::Edge(..)),
        "{point:?}"
    );
    let world = world_points(&contact, xf_a, xf_b)[0];
    assert!(
        (world[0] - 0.1).abs() < 1e-12 && world[1].abs() < 1e-12,
        "{world:?}"
    );
}

#[test]
fn cylinder_standing_on_a_box_touches_at_four_rim_points() {
    let cylinder = Cylinder::new(0.5_f64, 0.4).unwrap();
    let xf_b = at::<f64>(0.1, 0.0, 0.99);
    let contact = manifold(&floor::<f64>(), Transform3::IDENTITY, &cylinder, xf_b, 0.02).unwrap();
    assert_eq!(contact.points().len(), 4, "{contact:?}");
    for point in contact.points() {
        assert!((point.separation + 0.01).abs() < 1e-12);
        let rim = point.anchor_b;
        assert!(
            ((rim.x * rim.x + rim.y * rim.y).sqrt() - 0.4).abs() < 1e-12,
            "on the rim: {rim:?}"
        );
    }
    // The four span the octagon's largest square, not four neighbours.
    let points = world_points(&contact, Transform3::IDENTITY, xf_b);
    let spread = points
        .iter()
        .map(|p| (p[0] - 0.1).hypot(p[1]))
        .fold(0.0, f64::max);
    assert!(spread > 0.39);
    let (xs, ys): (Vec<f64>, Vec<f64>) = points.iter().map(|p| (p[0] - 0.1, p[1])).unzip();
    assert!(
        xs.iter().any(|&x| x > 0.2) && xs.iter().any(|&x| x < -0.2),
        "{points:?}"
    );
    assert!(
        ys.iter().any(|&y| y > 0.2) && ys.iter().any(|&y| y < -0.2),
        "{points:?}"
    );
}

#[test]
fn cylinder_lying_on_a_box_touches_along_its_side() {
    let cylinder = Cylinder::new(0.5_f64, 0.4).unwrap();
    let xf_b = turned::<f64>(
        [0.0, 0.0, 0.5 + 0.4 - 0.01],
        [1.0, 0.0, 0.0],
        core::f64::consts::FRAC_PI_2,
    );
    let contact = manifold(&floor::<f64>(), Transform3::IDENTITY, &cylinder, xf_b, 0.02).unwrap();
    assert_eq!(contact.points().len(), 2, "{contact:?}");
    for point in contact.points() {
        assert!((point.separation + 0.01).abs() < 1e-12);
    }
    assert_ne!(contact.points()[0].id, contact.points()[1].id);
}

#[test]
fn capsule_lying_on_a_box_touches_at_both_ends_of_its_core() {
    let capsule = Capsule3::new(
        Vec3::new(-0.5_f64, 0.0, 0.0),
        Vec3::new(0.5, 0.0, 0.0),
        0.25,
    )
    .unwrap();
    let xf_b = at::<f64>(0.0, 0.0, 0.5 + 0.25 - 0.01);
    let contact = manifold(&floor::<f64>(), Transform3::IDENTITY, &capsule, xf_b, 0.02).unwrap();
    assert_eq!(contact.points().len(), 2, "{contact:?}");
    for point in contact.points() {
        assert!((point.separation + 0.01).abs() < 1e-12);
        assert!(
            (point.anchor_b.z + 0.25).abs() < 1e-12,
            "on the capsule's underside"
        );
        assert!(matches!(point.id.feature_b, ContactFeature::Vertex(0 | 1)));
    }
}

#[test]
fn parallel_capsules_touch_at_two_points_and_crossed_ones_at_one() {
    let capsule = Capsule3::new(
        Vec3::new(-0.5_f64, 0.0, 0.0),
        Vec3::new(0.5, 0.0, 0.0),
        0.25,
    )
    .unwrap();
    let side_by_side = at::<f64>(0.3, 0.0, 0.49);
    let contact = manifold(&capsule, Transform3::IDENTITY, &capsule, side_by_side, 0.02).unwrap();
    assert_eq!(contact.points().len(), 2, "{contact:?}");
    for point in contact.points() {
        assert!((point.separation + 0.01).abs() < 1e-12);
    }
    let crossed = turned::<f64>([0.0, 0.0, 0.49], [0.0, 0.0, 1.0], 1.0);
    let contact = manifold(&capsule, Transform3::IDENTITY, &capsule, crossed, 0.02).unwrap();
    assert_eq!(contact.points().len(), 1, "{contact:?}");
    assert!((contact.points()[0].separation + 0.01).abs() < 1e-12);
    assert_eq!(contact.points()[0].id.feature_a, ContactFeature::Edge(0, 1));
}

#[test]
fn sphere_on_a_box_touches_at_one_point_on_the_face() {
    let ball = Sphere::new(Vec3::ZERO, 0.3_f64).unwrap();
    let xf_b = at::<f64>(1.0, 2.0, 0.79);
    let contact = manifold(&floor::<f64>(), Transform3::IDENTITY, &ball, xf_b, 0.02).unwrap();
    assert_eq!(contact.points().len(), 1);
    let point = contact.points()[0];
    assert!((point.separation + 0.01).abs() < 1e-12);
    assert_eq!(point.id.feature_a, ContactFeature::Face(4));
    // The sphere's core is its centre, vertex 0, as a circle's in the plane.
    assert_eq!(point.id.feature_b, ContactFeature::Vertex(0));
}

#[test]
fn apart_beyond_the_speculative_distance_no_points() {
    let contact = manifold(
        &floor::<f64>(),
        Transform3::IDENTITY,
        &unit_box::<f64>(),
        at(0.0, 0.0, 1.03),
        0.02,
    )
    .unwrap();
    assert!(contact.is_empty());
    let within = manifold(
        &floor::<f64>(),
        Transform3::IDENTITY,
        &unit_box::<f64>(),
        at(0.0, 0.0, 1.01),
        0.02,
    )
    .unwrap();
    assert_eq!(within.points().len(), 4);
    assert!(
        within
            .points()
            .iter()
            .all(|point| (point.separation - 0.01).abs() < 1e-12)
    );
}

/// The share of `frames` frames in which every point of `shape` resting on `base`
/// keeps its id, the pose jittered by up to `jitter` in position and angle around
/// `rest` each frame.
fn kept_share<B, T>(base: &B, shape: &T, rest: Transform3<f64>, jitter: f64, frames: usize) -> f64
where
    B: ContactShape<f64, Vec3<f64>>,
    T: ContactShape<f64, Vec3<f64>>,
{
    let mut random = SplitMix64(0x1d5);
    let mut previous: Option<Manifold<f64, Vec3<f64>>> = None;
    let mut kept = 0;
    for _ in 0..frames {
        let offset = random.unit_vector().map(|c| c * jitter * random.next_f64());
        let axis = random.unit_vector();
        let rotation = Quat::from_axis_angle(
            Vec3::new(axis[0], axis[1], axis[2]),
            jitter * random.next_f64(),
        )
        .unwrap();
        let pose = Transform3::new(
            rest.translation + Vec3::new(offset[0], offset[1], offset[2]),
            rotation * rest.rotation,
        );
        let contact = manifold(base, Transform3::IDENTITY, shape, pose, 0.02).unwrap();
        assert!(!contact.is_empty());
        if let Some(before) = previous {
            let states = point_states(&before, &contact);
            let all_kept = states
                .new
                .iter()
                .take(contact.points().len())
                .all(|state| *state == PointState::Persisted)
                && before.points().len() == contact.points().len();
            kept += usize::from(all_kept);
        }
        previous = Some(contact);
    }
    kept as f64 / (frames - 1) as f64
}

#[test]
fn resting_shapes_keep_their_ids_when_jittered() {
    let floor = floor::<f64>();
    let resting_box = at::<f64>(0.3, -0.2, 0.995);
    let share = kept_share(&floor, &unit_box::<f64>(), resting_box, 1e-4, 1000);
    eprintln!("MEASURE ids kept, box: {share}");
    assert!(share >= 0.99, "box: {share}");
    let cylinder = Cylinder::new(0.5_f64, 0.4).unwrap();
    let share = kept_share(&floor, &cylinder, resting_box, 1e-4, 1000);
    eprintln!("MEASURE ids kept, cylinder: {share}");
    assert!(share >= 0.99, "cylinder: {share}");
    // A hexagonal prism: six bottom corners reduced to four, the same four each frame.
    let corners: Vec<Vec3<f64>> = (0..12)
        .map(|k| {
            let angle = core::f64::consts::TAU * f64::from(k % 6) / 6.0;
            Vec3::new(
                0.6 * angle.cos(),
                0.6 * angle.sin(),
                if k < 6 { -0.5 } else { 0.5 },
            )
        })
        .collect();
    let prism = Polyhedron::<f64, 16>::new(&corners).unwrap();
    let share = kept_share(&floor, &prism, resting_box, 1e-4, 1000);
    eprintln!("MEASURE ids kept, hull: {share}");
    assert!(share >= 0.99, "hull: {share}");
}
