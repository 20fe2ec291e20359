//! `time_of_impact` and its bounding machinery on cases worked by hand.

use super::*;
use crate::SupportPoint;

/// A box of half-extents `(hx, hy)` centred at the origin.
struct Boxy(f64, f64);

impl Support<f64> for Boxy {
    fn support(&self, d: Vec2<f64>) -> SupportPoint<f64> {
        let x = if d.x >= 0.0 { self.0 } else { -self.0 };
        let y = if d.y >= 0.0 { self.1 } else { -self.1 };
        SupportPoint::new(
            Vec2::new(x, y),
            FeatureId::vertex(u32::from(d.x >= 0.0) + 2 * u32::from(d.y >= 0.0)),
        )
    }
}

#[test]
fn core_reach_is_exact_for_boxes_and_bounds_the_corners_about_any_centre() {
    let (reach, _) = core_reach(&Boxy(2.0, 1.0), Vec2::ZERO);
    assert!((reach - 5.0_f64.sqrt()).abs() < 1e-14 && reach >= 5.0_f64.sqrt());
    let center = Vec2::new(3.0, -0.5);
    let (reach, _) = core_reach(&Boxy(2.0, 1.0), center);
    let farthest = Vec2::new(-2.0, 1.0).distance(center);
    assert!(
        reach >= farthest && reach <= farthest * 1.09,
        "{reach} vs {farthest}"
    );
}

#[test]
fn lower_bound_holds_along_a_fast_spin() {
    // A bar spinning 3 turns while moving past a fixed box: the sampled separation
    // never drops below the lower bound from any earlier sample.
    let bar = Body::new(
        &Boxy(1.0, 0.01),
        Sweep::new(
            Vec2::ZERO,
            Vec2::new(-2.0, 0.3),
            Vec2::new(2.0, 0.3),
            0.1,
            0.1 + 6.0 * core::f64::consts::PI,
        ),
    );
    let wall = Body::new(&Boxy(0.01, 3.0), Sweep::fixed(crate::Transform::IDENTITY));
    let motion = Motion::new(&wall.sweep, &bar.sweep, 1.0);
    for axis in [Vec2::X, Vec2::new(0.6, 0.8), -Vec2::Y] {
        let world = Separation::fixed_in_world(&wall, &bar, motion, axis);
        let face = Separation::turning_with_first(&wall, &bar, motion, axis);
        let face_of_bar = Separation::turning_with_first(&bar, &wall, motion.reversed(), axis);
        for separation in [&world, &face] {
            check_lower_bound(|t| separation.sample(t));
        }
        check_lower_bound(|t| face_of_bar.sample(t));
    }
}

#[test]
fn wedge_apex_is_the_support_point_when_it_stays_and_bounds_between() {
    let start = Supporting {
        lever: Vec2::new(1.0, 1.0),
        direction: Vec2::new(1.0, 0.0),
    };
    assert_eq!(wedge_apex(start, start), start.lever);
    // A unit circle's support points at 0 and 90 degrees: the apex is the corner
    // (1, 1) of the square around it.
    let east = Supporting {
        lever: Vec2::new(1.0, 0.0),
        direction: Vec2::new(1.0, 0.0),
    };
    let north = Supporting {
        lever: Vec2::new(0.0, 1.0),
        direction: Vec2::new(0.0, 1.0),
    };
    assert_eq!(wedge_apex(east, north), Vec2::new(1.0, 1.0));
    assert_eq!(wedge_apex(north, east), Vec2::new(1.0, 1.0));
}

#[test]
fn wedge_bound_holds_between_its_ends() {
    // The bar spinning past the box: over every sampled step of up to a quarter
    // turn, the separation of the two wedge apexes bounds the true separation from
    // below, and the step the wedge certifies is clear.
    let bar = Body::new(
        &Boxy(1.0, 0.01),
        Sweep::new(
            Vec2::new(0.3, 0.0),
            Vec2::new(-2.0, 0.3),
            Vec2::new(2.0, 0.3),
            0.1,
            7.0,
        ),
    );
    let wall = Body::new(
        &Boxy(0.2, 3.0),
        Sweep::new(Vec2::ZERO, Vec2::ZERO, Vec2::new(0.0, 0.5), 0.0, -2.0),
    );
    let motion = Motion::new(&wall.sweep, &bar.sweep, 1.0);
    for axis in [Vec2::X, Vec2::new(0.6, 0.8), -Vec2::Y] {
        let world = Separation::fixed_in_world(&wall, &bar, motion, axis);
        let face = Separation::turning_with_first(&wall, &bar, motion, axis);
        let face_of_bar = Separation::turning_with_first(&bar, &wall, motion.reversed(), axis);
        check_wedge(&world);
        check_wedge(&face);
        check_wedge(&face_of_bar);
    }
}

fn check_wedge<P: Support<f64>, Q: Support<f64>>(separation: &Separation<'_, '_, f64, P, Q>) {
    let span = core::f64::consts::FRAC_PI_2 / separation.support_turn_rate();
    for i in 0..100 {
        let t0 = f64::from(i) / 100.0;
        let at = separation.sample(t0);
        for fraction in [0.1, 0.5, 1.0] {
            let end = (t0 + span * fraction).min(1.0);
            let (first_end, second_end) = separation.supports_at(end);
            let apex_first = wedge_apex(at.first, first_end);
            let apex_second = wedge_apex(at.second, second_end);
            let bound = separation.rigid_points(t0, apex_first, apex_second);
            assert!((bound.value - at.separation).abs() < 1e-12);
            for k in 0..=20 {
                let h = (end - t0) * f64::from(k) / 20.0;
                let model = bound.value + bound.slope * h - bound.curvature * h * h / 2.0;
                let actual = separation.sample(t0 + h).separation;
                assert!(actual >= model - 1e-12, "t0 {t0} h {h}: {actual} < {model}");
            }
        }
        // And the step the march would take towards a target half a unit below the
        // separation here stays above the target.
        let target = at.separation - 0.5;
        let step = separation.wedge_step(t0, &at, 0.5, target, span.min(1.0 - t0));
        for k in 0..=20 {
            let t = t0 + step * f64::from(k) / 20.0;
            let actual = separation.sample(t).separation;
            assert!(actual >= target - 1e-12, "{t0} {step}");
        }
    }
}

fn check_lower_bound(sample: impl Fn(f64) -> Sample<f64>) {
    let steps = 400;
    for i in 0..steps {
        let t0 = f64::from(i) / f64::from(steps);
        let at = sample(t0);
        for j in (i + 1)..=steps {
            let t = f64::from(j) / f64::from(steps);
            let h = t - t0;
            let bound = at.separation + at.slope * h - at.curvature * h * h / 2.0;
            let actual = sample(t).separation;
            assert!(actual >= bound - 1e-12, "t0 {t0} t {t}: {actual} < {bound}");
        }
    }
}
