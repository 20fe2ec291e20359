//! Box2D's public manifold cases and the contact shapes of each shape pair.

use gjk_core::{
    ContactFeature, ContactShape, PenetrationStatus, PointState, Support, Transform, Vec2,
    manifold, penetration, point_states,
};
use gjk_shapes::{Capsule, Circle, Polygon, Rect, Rounded, Segment};
use proptest::prelude::*;

/// Box2D's speculative distance: four linear slops of 5 mm.
const SPECULATIVE: f64 = 0.02;

fn v(x: f64, y: f64) -> Vec2<f64> {
    Vec2::new(x, y)
}

fn half_box() -> Rect<f64> {
    Rect::new(v(0.5, 0.5)).unwrap()
}

fn at(x: f64, y: f64) -> Transform<f64> {
    Transform::from_translation(v(x, y))
}

#[test]
fn boxes_with_centres_0_9_apart_touch_at_two_points_0_1_deep() {
    let contact = manifold(
        &half_box(),
        at(0.0, 0.0),
        &half_box(),
        at(0.9, 0.0),
        SPECULATIVE,
    )
    .unwrap();
    assert_eq!(contact.normal, v(1.0, 0.0));
    assert_eq!(contact.points().len(), 2);
    let world = contact.to_world(at(0.0, 0.0), at(0.9, 0.0));
    for point in world.points() {
        assert!((point.separation + 0.1).abs() < 1e-12, "{point:?}");
        assert!((point.point.x - 0.45).abs() < 1e-12, "{point:?}");
    }
    let heights: Vec<f64> = world.points().iter().map(|point| point.point.y).collect();
    assert!(
        heights.contains(&0.5) && heights.contains(&-0.5),
        "{heights:?}"
    );
}

#[test]
fn boxes_0_01_apart_give_two_speculative_points() {
    let contact = manifold(
        &half_box(),
        at(0.0, 0.0),
        &half_box(),
        at(1.01, 0.0),
        SPECULATIVE,
    )
    .unwrap();
    assert_eq!(contact.points().len(), 2);
    for point in contact.points() {
        assert!((point.separation - 0.01).abs() < 1e-12, "{point:?}");
    }
    // Beyond the speculative distance: nothing.
    let far = manifold(
        &half_box(),
        at(0.0, 0.0),
        &half_box(),
        at(1.03, 0.0),
        SPECULATIVE,
    )
    .unwrap();
    assert!(far.is_empty());
}

#[test]
fn corner_to_corner_gap_gives_one_point_with_the_diagonal_normal() {
    let contact = manifold(
        &half_box(),
        at(0.0, 0.0),
        &half_box(),
        at(1.01, 1.01),
        SPECULATIVE,
    )
    .unwrap();
    assert_eq!(contact.points().len(), 1);
    let diagonal = v(1.0, 1.0) / 2.0_f64.sqrt();
    assert!((contact.normal - diagonal).length() < 1e-12, "{contact:?}");
    let point = contact.points()[0];
    assert!(
        (point.separation - 0.01 * 2.0_f64.sqrt()).abs() < 1e-12,
        "{point:?}"
    );
    assert_eq!(point.id.feature_a, ContactFeature::Vertex(2));
    assert_eq!(point.id.feature_b, ContactFeature::Vertex(0));
}

#[test]
fn circle_on_a_box_touches_at_one_point() {
    let circle = Circle::new(Vec2::ZERO, 0.5).unwrap();
    let contact = manifold(
        &half_box(),
        at(0.0, 0.0),
        &circle,
        at(0.2, 0.95),
        SPECULATIVE,
    )
    .unwrap();
    assert_eq!(contact.points().len(), 1);
    assert_eq!(contact.normal, v(0.0, 1.0));
    assert!((contact.points()[0].separation + 0.05).abs() < 1e-12);
}

#[test]
fn capsule_lying_on_a_box_touches_at_two_points() {
    let capsule = Capsule::new(v(-0.3, 0.0), v(0.3, 0.0), 0.1).unwrap();
    let contact = manifold(
        &half_box(),
        at(0.0, 0.0),
        &capsule,
        at(0.1, 0.59),
        SPECULATIVE,
    )
    .unwrap();
    assert_eq!(contact.points().len(), 2, "{contact:?}");
    for point in contact.points() {
        assert!((point.separation + 0.01).abs() < 1e-12, "{point:?}");
    }
}

#[test]
fn rounded_polygon_and_segment_touch_at_two_points() {
    let square = Polygon::<f64, 8>::from_rect(Rect::new(v(0.4, 0.4)).unwrap()).unwrap();
    let rounded = Rounded::new(square, 0.1).unwrap();
    let ground = Segment::new(v(-5.0, 0.0), v(5.0, 0.0)).unwrap();
    let contact = manifold(&ground, at(0.0, 0.0), &rounded, at(1.0, 0.49), SPECULATIVE).unwrap();
    assert_eq!(contact.normal, v(0.0, 1.0));
    assert_eq!(contact.points().len(), 2, "{contact:?}");
    for point in contact.points() {
        assert!((point.separation + 0.01).abs() < 1e-12, "{point:?}");
    }
}

#[test]
fn sliding_box_keeps_its_point_ids() {
    let before = manifold(
        &half_box(),
        at(0.0, 0.0),
        &half_box(),
        at(0.3, 0.99),
        SPECULATIVE,
    )
    .unwrap();
    let after = manifold(
        &half_box(),
        at(0.0, 0.0),
        &half_box(),
        at(0.31, 0.985),
        SPECULATIVE,
    )
    .unwrap();
    let states = point_states(&before, &after);
    assert_eq!(states.old, [PointState::Persisted; 2]);
    assert_eq!(states.new, [PointState::Persisted; 2]);
}

/// A tiny seeded generator for the perturbations (SplitMix64).
struct Jitter(u64);

impl Jitter {
    /// Uniform in `[-1, 1]`.
    fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        (z >> 11) as f64 / (1u64 << 52) as f64 - 1.0
    }
}

/// A box of half-extent 0.5 resting on a wide ground box, moved each frame by up to a
/// millimetre and turned by up to a milliradian, in `S`.
fn resting_box_ids_persist<S: gjk_core::Scalar>() {
    let ground = Rect::new(Vec2::new(S::from_f64(5.0), S::from_f64(0.5))).unwrap();
    let crate_box = Rect::new(Vec2::new(S::from_f64(0.5), S::from_f64(0.5))).unwrap();
    let place = |x: f64, y: f64, angle: f64| {
        Transform::from_position_angle(
            Vec2::new(S::from_f64(x), S::from_f64(y)),
            S::from_f64(angle),
        )
    };
    let speculative = S::from_f64(SPECULATIVE);
    let mut jitter = Jitter(0x5eed);
    let first = manifold(
        &ground,
        place(0.0, 0.0, 0.0),
        &crate_box,
        place(0.3, 0.995, 0.0),
        speculative,
    )
    .unwrap();
    assert_eq!(first.points().len(), 2);
    let mut previous = first;
    for frame in 0..1000 {
        let xf_b = place(
            0.3 + 1e-3 * jitter.next(),
            0.995 + 1e-3 * jitter.next(),
            1e-3 * jitter.next(),
        );
        let contact =
            manifold(&ground, place(0.0, 0.0, 0.0), &crate_box, xf_b, speculative).unwrap();
        assert_eq!(contact.points().len(), 2, "frame {frame}: {contact:?}");
        for (point, initial) in contact.points().iter().zip(first.points()) {
            assert_eq!(point.id, initial.id, "frame {frame}: {contact:?}");
        }
        let states = point_states(&previous, &contact);
        assert_eq!(states.new, [PointState::Persisted; 2], "frame {frame}");
        previous = contact;
    }
}

#[test]
fn resting_box_keeps_its_two_ids_over_a_thousand_perturbations() {
    resting_box_ids_persist::<f32>();
    resting_box_ids_persist::<f64>();
}

#[test]
fn box_sliding_past_the_corner_keeps_its_ids_while_the_same_faces_touch() {
    let ground = half_box();
    let on = manifold(
        &ground,
        at(0.0, 0.0),
        &half_box(),
        at(0.2, 0.99),
        SPECULATIVE,
    )
    .unwrap();
    // The crate now overhangs the ground's corner: one point is clipped at the side
    // plane, but the same two faces touch, so both ids stay (Box2D's convention).
    let over = manifold(
        &ground,
        at(0.0, 0.0),
        &half_box(),
        at(0.7, 0.99),
        SPECULATIVE,
    )
    .unwrap();
    let states = point_states(&on, &over);
    assert_eq!(states.new, [PointState::Persisted; 2], "{on:?}\n{over:?}");
}

#[test]
fn box_turned_onto_another_face_gets_new_ids() {
    let ground = Rect::new(v(5.0, 0.5)).unwrap();
    let crate_box = Rect::new(v(0.5, 0.3)).unwrap();
    let flat = manifold(
        &ground,
        at(0.0, 0.0),
        &crate_box,
        at(0.0, 0.79),
        SPECULATIVE,
    )
    .unwrap();
    // Turned a quarter: a short side of the crate now rests on the ground.
    let upright = Transform::from_position_angle(v(0.0, 0.99), core::f64::consts::FRAC_PI_2);
    let turned = manifold(&ground, at(0.0, 0.0), &crate_box, upright, SPECULATIVE).unwrap();
    assert_eq!(turned.points().len(), 2);
    let states = point_states(&flat, &turned);
    assert_eq!(states.old, [PointState::Removed; 2], "{flat:?}\n{turned:?}");
    assert_eq!(states.new, [PointState::Added; 2]);
}

#[test]
fn manifold_rejects_bad_input_with_a_typed_error() {
    use gjk_core::QueryError;
    let nan = Transform::from_translation(v(f64::NAN, 0.0));
    assert_eq!(
        manifold(&half_box(), nan, &half_box(), at(0.9, 0.0), SPECULATIVE),
        Err(QueryError::InvalidInput)
    );
    assert_eq!(
        manifold(&half_box(), at(0.0, 0.0), &half_box(), at(0.9, 0.0), -1.0),
        Err(QueryError::InvalidInput)
    );
    assert_eq!(
        manifold(
            &half_box(),
            at(0.0, 0.0),
            &half_box(),
            at(0.9, 0.0),
            f64::INFINITY
        ),
        Err(QueryError::InvalidInput)
    );
    let out = penetration(&half_box(), nan, &half_box(), at(0.9, 0.0));
    assert_eq!(out.status, PenetrationStatus::InvalidInput);
    assert!(out.depth.is_nan());
}

/// The fast polygon path and the generic path on the same pair: the same number of
/// points, the same ids and separations.
fn assert_paths_agree<A, B>(a: &A, xf_a: Transform<f64>, b: &B, xf_b: Transform<f64>)
where
    A: gjk_shapes::PolygonCore<f64>,
    B: gjk_shapes::PolygonCore<f64>,
{
    let fast = gjk_shapes::collide_polygons(a, xf_a, b, xf_b, SPECULATIVE).unwrap();
    let generic = manifold(a, xf_a, b, xf_b, SPECULATIVE).unwrap();
    assert_eq!(
        fast.points().len(),
        generic.points().len(),
        "{fast:?}\n{generic:?}"
    );
    assert!(
        (fast.normal - generic.normal).length() < 1e-12,
        "{fast:?}\n{generic:?}"
    );
    for (f, g) in fast.points().iter().zip(generic.points()) {
        assert_eq!(f.id, g.id);
        assert!(
            (f.separation - g.separation).abs() < 1e-12,
            "{fast:?}\n{generic:?}"
        );
        assert!((f.anchor_a - g.anchor_a).length() < 1e-12);
        assert!((f.anchor_b - g.anchor_b).length() < 1e-12);
    }
}

#[test]
fn box2d_cases_by_separating_axes_match_the_generic_path() {
    // 0.1 deep, 0.01 apart, corner to corner 0.01 apart on both axes.
    // The generic path's answers are pinned by the tests above.
    for xf_b in [at(0.9, 0.0), at(1.01, 0.0), at(1.01, 1.01), at(0.2, 0.99)] {
        assert_paths_agree(&half_box(), at(0.0, 0.0), &half_box(), xf_b);
    }
}

#[test]
fn rounded_polygons_by_separating_axes_match_the_generic_path() {
    let hexagon = Polygon::<f64, 8>::regular(6, 1.0).unwrap();
    let rounded = Rounded::new(hexagon, 0.1).unwrap();
    let ground = Rect::new(v(4.0, 0.5)).unwrap();
    // Resting on a face (the hexagon's bottom face is flat), tilted onto a corner.
    let flat = Transform::from_position_angle(v(0.3, 0.5 + 0.866 + 0.095), 0.0);
    assert_paths_agree(&ground, at(0.0, 0.0), &rounded, flat);
    let tipped = Transform::from_position_angle(v(0.3, 0.5 + 1.08), 0.5);
    assert_paths_agree(&ground, at(0.0, 0.0), &rounded, tipped);
}

/// A regular polygon resting on one of its faces on a ground box, moved by a hair.
#[derive(Clone, Debug)]
struct Resting {
    sides: usize,
    radius: f64,
    /// Where along the ground's top face the polygon's centre is, in `[-1, 1]` of its
    /// half-length.
    along: f64,
    /// How deep the polygon sinks into the ground, as a share of its radius (negative:
    /// a speculative gap).
    depth: f64,
    /// The hair: a translation and a turn, as shares of the radius and radians.
    nudge: (f64, f64, f64),
}

fn resting() -> impl Strategy<Value = Resting> {
    (
        3..=8_usize,
        0.05..5.0_f64,
        -1.0..1.0_f64,
        -0.005..0.005_f64,
        (-1e-4..1e-4_f64, -1e-4..1e-4_f64, -1e-4..1e-4_f64),
    )
        .prop_map(|(sides, radius, along, depth, nudge)| Resting {
            sides,
            radius,
            along,
            depth,
            nudge,
        })
}

/// The manifolds of the resting polygon before and after the nudge, by `collide`.
fn before_and_after<F>(
    case: &Resting,
    collide: F,
) -> (gjk_core::Manifold<f64>, gjk_core::Manifold<f64>)
where
    F: Fn(&Rect<f64>, &Polygon<f64, 8>, Transform<f64>, f64) -> gjk_core::Manifold<f64>,
{
    let ground = Rect::new(v(8.0, 0.5)).unwrap();
    let polygon = Polygon::<f64, 8>::regular(case.sides, case.radius).unwrap();
    let half_turn = core::f64::consts::PI / case.sides as f64;
    // Edge 0's outward normal points at angle pi / n: turn it straight down.
    let angle = -core::f64::consts::FRAC_PI_2 - half_turn;
    let apothem = case.radius * half_turn.cos();
    let height = 0.5 + apothem - case.depth * case.radius;
    let place = |x: f64, y: f64, turn: f64| Transform::from_position_angle(v(x, y), angle + turn);
    let x = case.along * 7.0;
    let speculative = 0.02 * case.radius;
    let before = collide(&ground, &polygon, place(x, height, 0.0), speculative);
    let (dx, dy, turn) = case.nudge;
    let moved = place(x + dx * case.radius, height + dy * case.radius, turn);
    (before, collide(&ground, &polygon, moved, speculative))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2048, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn resting_polygon_ids_persist_under_a_nudge(case in resting()) {
        let generic = |ground: &Rect<f64>, polygon: &Polygon<f64, 8>, xf, speculative| {
            manifold(ground, Transform::IDENTITY, polygon, xf, speculative).unwrap()
        };
        let fast = |ground: &Rect<f64>, polygon: &Polygon<f64, 8>, xf, speculative| {
            gjk_shapes::collide_polygons(ground, Transform::IDENTITY, polygon, xf, speculative).unwrap()
        };
        for (before, after) in [before_and_after(&case, generic), before_and_after(&case, fast)] {
            prop_assert_eq!(before.points().len(), 2, "{:?}", before);
            let states = point_states(&before, &after);
            prop_assert_eq!(states.new, [PointState::Persisted; 2], "{:?}\n{:?}", before, after);
        }
    }
}

/// A polygon core that states only its vertices, so that `collide_polygons` computes
/// each edge normal with `PolygonCore::edge_normal`'s default.
struct VerticesOnly(Polygon<f64, 8>);

impl Support<f64> for VerticesOnly {
    fn support(&self, direction: Vec2<f64>) -> gjk_core::SupportPoint<f64> {
        self.0.support(direction)
    }
    fn feature_point(&self, feature: gjk_core::FeatureId) -> Option<Vec2<f64>> {
        self.0.feature_point(feature)
    }
}

impl ContactShape<f64> for VerticesOnly {
    fn support_edge(&self, direction: Vec2<f64>) -> Option<gjk_core::SupportEdge<f64>> {
        self.0.support_edge(direction)
    }
}

impl gjk_shapes::PolygonCore<f64> for VerticesOnly {
    fn vertex_count(&self) -> usize {
        self.0.len()
    }
    fn vertex(&self, index: usize) -> Vec2<f64> {
        self.0.vertices()[index]
    }
}

proptest! {
    /// The stored normals of `Polygon` and the computed ones of the trait's default
    /// give the same manifold: the same ids, and points and normal within rounding.
    #[test]
    fn computed_and_stored_edge_normals_give_the_same_manifold(
        sides in 3..=8_usize,
        (x, y, angle) in (-2.5..2.5_f64, -2.5..2.5_f64, -3.2..3.2_f64),
    ) {
        let polygon = Polygon::<f64, 8>::regular(sides, 1.0).unwrap();
        let xf_b = Transform::from_position_angle(v(x, y), angle);
        let stored = gjk_shapes::collide_polygons(&polygon, at(0.0, 0.0), &polygon, xf_b, SPECULATIVE).unwrap();
        let computed = gjk_shapes::collide_polygons(
            &VerticesOnly(polygon), at(0.0, 0.0), &VerticesOnly(polygon), xf_b, SPECULATIVE,
        ).unwrap();
        prop_assert_eq!(stored.points().len(), computed.points().len());
        prop_assert!((stored.normal - computed.normal).length() < 1e-12);
        for (s, c) in stored.points().iter().zip(computed.points()) {
            prop_assert_eq!(s.id, c.id);
            prop_assert!((s.separation - c.separation).abs() < 1e-12);
            prop_assert!((s.anchor_a - c.anchor_a).length() < 1e-12);
        }
    }
}
