//! Regression tests of `manifold` and the polygons' separating-axis contacts, each named
//! after the failure it pins, with the inputs fuzzing (`cargo xtask fuzz`) produced.

use gjk_core::{DistanceStatus, Rot, Transform, Vec2, distance};
use gjk_shapes::{Capsule, Circle, Ellipse, Rect, collide_polygons};

use crate::distance::regressions::SPECK;

fn v(x: f32, y: f32) -> Vec2<f32> {
    Vec2::new(x, y)
}

#[test]
fn separating_axes_on_boxes_1e_39_wide_hand_over_to_gjk() {
    let speck = Rect::new(v(SPECK, SPECK)).unwrap();
    let sliver = Rect::new(v(5.165_24e-22, 1.084_202_3e-19)).unwrap();
    let xf_speck = Transform::from_position_angle(v(SPECK, 15.75), SPECK);
    let xf_sliver = Transform::from_position_angle(v(SPECK, SPECK), 5.165_24e-22);
    // The edges' squared lengths underflow to zero: the separating axes read the two
    // specks 15.75 apart as 15.75 deep, with two contact points.
    let contact = collide_polygons(&speck, xf_speck, &sliver, xf_sliver, SPECK).unwrap();
    assert!(contact.is_empty(), "{contact:?}");
    let near = collide_polygons(&speck, xf_speck, &sliver, xf_sliver, 16.0).unwrap();
    assert_eq!(near.points().len(), 1, "{near:?}");
    assert!(
        (near.points()[0].separation - 15.75).abs() < 1e-5,
        "{near:?}"
    );
}

/// The manifold's rescue (for cores too small for the kernel's window) scaled the
/// world transforms by its factor, as `penetration`'s did before it ran in A's frame: a
/// capsule with a speck of a core and a circle at the same place 1.5 from the origin
/// asked for a factor near 2^127, their positions overflowed, and the contact was
/// lost. Its points are relative to the bodies, so where the pair is must not matter.
#[test]
fn manifold_of_a_speck_cored_capsule_away_from_the_origin_survives_its_rescue() {
    let speck = 1.469_368e-39;
    let capsule = Capsule::new(v(speck, speck), v(speck, speck), 1.5).unwrap();
    let circle = Circle::new(v(0.0, 0.0), 1.0).unwrap();
    for far in [0.0, 1.5, 1000.0, -3e31] {
        let xf_a = Transform::from_position_angle(v(far, far), 1.5);
        let xf_b = Transform::from_translation(v(far, far));
        let contact = gjk_core::manifold(&capsule, xf_a, &circle, xf_b, 0.0)
            .unwrap_or_else(|error| panic!("{far}: {error:?}"));
        assert_eq!(contact.points().len(), 1, "{far}: {contact:?}");
        let point = contact.points()[0];
        // Radii 1.5 and 1 about the same centre: they overlap by 2.5.
        assert!((point.separation + 2.5).abs() < 1e-5, "{far}: {contact:?}");
        assert!(
            point.anchor_a.is_finite() && point.anchor_b.is_finite(),
            "{far}: {contact:?}"
        );
    }
}

/// A round ellipse 1e-30 across inside a circle of radius 0.0031, in `f32`. GJK on the
/// cores (the ellipse and the circle's centre, 9.3e-31 apart) could be rescued only to
/// 3e-20, where the circle's radius reaches the top of the window; the squares there
/// are subnormal, the loop crept to its cap, and `manifold` answered `MaxIterations`
/// although `distance` found the shapes overlapping. A capped loop whose closest point
/// is within the radii is certain of the contact and gives it: one point, as deep as
/// the radius to the rounding of 0.0031.
#[test]
fn speck_of_an_ellipse_in_a_small_circle_has_a_contact_not_max_iterations() {
    let speck = Ellipse::new(v(1e-30, 1e-30)).unwrap();
    let circle = Circle::new(v(1e-30, 1e-30), 0.003_1).unwrap();
    let xf_a = Transform::new(
        v(1e-30, -0.0),
        Rot {
            cos: 1.0,
            sin: 1e-30,
        },
    );
    let xf_b = Transform::from_position_angle(v(1e-30, 1e-30), -0.5226);
    assert_eq!(
        distance(&speck, xf_a, &circle, xf_b).status,
        DistanceStatus::Overlapping
    );
    let contact = gjk_core::manifold(&speck, xf_a, &circle, xf_b, 1e-30).unwrap();
    assert_eq!(contact.points().len(), 1, "{contact:?}");
    assert!((contact.normal.length() - 1.0).abs() <= 1e-6, "{contact:?}");
    let point = contact.points()[0];
    assert!((point.separation + 0.003_1).abs() <= 1e-9, "{contact:?}");
    assert!(point.anchor_a.is_finite() && point.anchor_b.is_finite());
}
