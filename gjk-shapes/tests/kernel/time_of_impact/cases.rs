//! `time_of_impact` on this crate's shapes, on cases with known answers: Box2D's
//! public case, thin spinning bars against thin walls, the statuses, and a rounded
//! polygon turning onto an ellipse (checked with the oracle's exact gap).

use core::f64::consts::PI;

use gjk_core::{
    Scalar, Support, Sweep, ToiConfig, ToiStatus, Transform, Vec2, distance, time_of_impact,
    time_of_impact_with,
};
use gjk_oracle::P;
use gjk_shapes::{Capsule, Circle, Ellipse, Polygon, Rect, Rounded, Segment};

use super::oracle::{ExactSweep, exact_gap};
use super::v;
use crate::harness::Built;

/// Box2D's time-of-impact case (`test_collision.c`) with this crate's shapes: the box
/// `[-1, 1]^2` at rest, the segment (2, -1)-(2, 1) sweeping by (-2, 0). The faces meet
/// at one half; the kernel lands there exactly (the separation along the face normal
/// is linear in time), well within its documented tolerance.
fn box2d_case<S: Scalar>() {
    let square =
        Polygon::<S, 8>::new(&[v(-1.0, -1.0), v(1.0, -1.0), v(1.0, 1.0), v(-1.0, 1.0)]).unwrap();
    let segment = Segment::new(v::<S>(2.0, -1.0), v(2.0, 1.0)).unwrap();
    let sweep_a = Sweep::fixed(Transform::IDENTITY);
    let sweep_b = Sweep::linear(Transform::IDENTITY, v(-2.0, 0.0));
    let out = time_of_impact(&square, sweep_a, &segment, sweep_b, S::ONE);
    assert_eq!(out.status, ToiStatus::Hit);
    assert_eq!(out.fraction, S::HALF);
    let rect = Rect::new(v::<S>(1.0, 1.0)).unwrap();
    let out = time_of_impact(&rect, sweep_a, &segment, sweep_b, S::ONE);
    assert_eq!(out.status, ToiStatus::Hit);
    assert_eq!(out.fraction, S::HALF);
}

#[test]
fn box2d_segment_sweep_hits_at_one_half() {
    box2d_case::<f32>();
    box2d_case::<f64>();
}

/// A thin bar (2 x 0.02) spinning three turns in the step while it moves past a wall
/// 0.02 thick: it hits, the gap at the reported fraction is within the tolerance, and
/// no sample of the motion before it overlaps the wall.
fn thin_bar_case<S: Scalar, T: Support<S>>(bar: &T, bar_reach: f64, start: P, end: P) {
    let wall = Rect::new(v::<S>(0.01, 2.0)).unwrap();
    let turns = 6.0 * PI;
    let sweep_bar = Sweep::new(
        Vec2::ZERO,
        v(start[0], start[1]),
        v(end[0], end[1]),
        S::ZERO,
        S::from_f64(turns),
    );
    let sweep_wall = Sweep::fixed(Transform::IDENTITY);
    let out = time_of_impact(&wall, sweep_wall, bar, sweep_bar, S::ONE);
    assert_eq!(out.status, ToiStatus::Hit, "{out:?}");
    let gap_at = |t: f64| {
        let t = S::from_f64(t);
        distance(&wall, Transform::IDENTITY, bar, sweep_bar.transform_at(t))
    };
    let size = 2.0_f64.hypot(0.01) + bar_reach;
    let tolerance = ToiConfig::<S>::default().tolerance.to_f64() * size * 1.09;
    let at_hit = gap_at(out.fraction.to_f64());
    assert!(
        at_hit.distance.to_f64() <= tolerance,
        "{at_hit:?} at {out:?}"
    );
    let speed = (end[0] - start[0]).hypot(end[1] - start[1]) + turns * bar_reach;
    let hit = out.fraction.to_f64();
    let samples = 20_000;
    for k in 0..samples {
        let t = hit * f64::from(k) / f64::from(samples);
        if hit - t <= tolerance / speed {
            break;
        }
        assert!(!gap_at(t).is_overlapping(), "overlap at {t} before {out:?}");
    }
    // And the hit is the first contact: just after it, the bar is in the wall.
    let beyond = gap_at(hit + 10.0 * tolerance.max(1e-6) / speed);
    assert!(
        beyond.distance.to_f64() < tolerance,
        "{beyond:?} after {out:?}"
    );
}

#[test]
fn spinning_thin_bar_does_not_tunnel_through_thin_wall() {
    // Centre crossing the wall, and centre passing over its top end.
    for (start, end) in [([-3.0, 0.3], [3.0, -0.2]), ([-3.0, 2.6], [3.0, 2.6])] {
        let bar32 = Rect::new(v::<f32>(1.0, 0.01)).unwrap();
        thin_bar_case::<f32, _>(&bar32, 1.0_f64.hypot(0.01), start, end);
        let bar64 = Polygon::<f64, 8>::from_rect(Rect::new(v(1.0, 0.01)).unwrap()).unwrap();
        thin_bar_case::<f64, _>(&bar64, 1.0_f64.hypot(0.01), start, end);
        let capsule = Capsule::new(v::<f64>(-0.99, 0.0), v(0.99, 0.0), 0.01).unwrap();
        thin_bar_case::<f64, _>(&capsule, 1.0, start, end);
    }
}

#[test]
fn statuses_on_crate_shapes() {
    let circle = Circle::new(v::<f64>(0.0, 0.0), 0.5).unwrap();
    let capsule = Capsule::new(v::<f64>(-1.0, 0.0), v(1.0, 0.0), 0.25).unwrap();
    let fixed = Sweep::fixed(Transform::IDENTITY);
    // Passing above the capsule with room to spare.
    let above = Sweep::linear(Transform::from_translation(v(-4.0, 1.0)), v(8.0, 0.0));
    let out = time_of_impact(&capsule, fixed, &circle, above, 1.0);
    assert_eq!(out.status, ToiStatus::Separated);
    assert_eq!(out.fraction, 1.0);
    // Starting inside.
    let inside = Sweep::linear(Transform::from_translation(v(0.5, 0.5)), v(8.0, 0.0));
    let out = time_of_impact(&capsule, fixed, &circle, inside, 1.0);
    assert_eq!(out.status, ToiStatus::Overlapped);
    assert_eq!(out.fraction, 0.0);
    // NaN in a sweep, a negative t_max.
    let nan = Sweep::linear(Transform::from_translation(v(f64::NAN, 0.5)), v(8.0, 0.0));
    let out = time_of_impact(&capsule, fixed, &circle, nan, 1.0);
    assert_eq!(out.status, ToiStatus::InvalidInput);
    assert!(out.fraction.is_nan());
    let out = time_of_impact(&capsule, fixed, &circle, above, -1.0);
    assert_eq!(out.status, ToiStatus::InvalidInput);
    // Falling onto the capsule: the circle touches its top at 0.5 + 0.25 + 0.5.
    let falling = Sweep::linear(Transform::from_translation(v(0.3, 3.0)), v(0.0, -3.0));
    let out = time_of_impact(&capsule, fixed, &circle, falling, 1.0);
    assert_eq!(out.status, ToiStatus::Hit);
    assert!((out.fraction - 2.25 / 3.0).abs() < 1e-15, "{out:?}");
    // With a target separation of 0.1 it stops 0.1 higher.
    let config = ToiConfig {
        target_separation: 0.1,
        ..ToiConfig::default()
    };
    let out = time_of_impact_with(&capsule, fixed, &circle, falling, 1.0, config);
    assert!((out.fraction - 2.15 / 3.0).abs() < 1e-15, "{out:?}");
}

#[test]
fn rounded_polygon_turning_onto_an_ellipse_stops_at_first_touch() {
    let square = Rounded::new(Polygon::<f64, 8>::regular(4, 1.0).unwrap(), 0.2).unwrap();
    let ellipse = Ellipse::new(v::<f64>(3.0, 0.5)).unwrap();
    let fixed = Sweep::fixed(Transform::IDENTITY);
    let sweep = Sweep::new(v(0.1, 0.0), v(0.0, 3.5), v(0.0, 1.0), 0.0, PI);
    let out = time_of_impact(&ellipse, fixed, &square, sweep, 1.0);
    assert_eq!(out.status, ToiStatus::Hit);
    let a = Built::Ellipse(ellipse);
    let b = Built::RoundedPolygon(square);
    let exact_a = ExactSweep::new(&a, fixed, [0.0, 0.0]);
    let exact_b = ExactSweep::new(&b, sweep, [0.0, 0.0]);
    let size = 3.0 + 1.1 + 0.2;
    let tolerance = ToiConfig::<f64>::default().tolerance * size * 1.09;
    let at_hit = exact_gap(&exact_a, &exact_b, out.fraction);
    assert!(at_hit.signed().abs() <= tolerance, "{at_hit:?}");
    for k in 0..200 {
        let t = out.fraction * f64::from(k) / 200.0;
        assert!(!exact_gap(&exact_a, &exact_b, t).overlapping, "{t}");
    }
}
