//! `time_of_impact` on cases with known answers: Box2D's public case, spinning bars
//! against thin walls, the statuses, bad input, the iteration cap, and sweeps far from
//! the origin.

use gjk_core::{
    DistanceStatus, FeatureId, Rot, Scalar, Support, SupportPoint, Sweep, ToiConfig, ToiOutput,
    ToiStatus, Transform, Vec2, distance, time_of_impact, time_of_impact_with,
};

use super::{Oval, Stick, default_tolerance, v};
use crate::shapes::Boxy;

/// Box2D's `test_collision.c` time-of-impact case: the box `[-1, 1]^2` at rest, the
/// segment from (2, -1) to (2, 1) sweeping by (-2, 0) without turning. The faces meet
/// at exactly one half, and the kernel lands there exactly: the separation along the
/// face normal is linear in time and the step to its root is `1 / 2`.
fn box2d_case<S: Scalar>() -> ToiOutput<S> {
    let square = Boxy::<S>::new(1.0, 1.0);
    let segment = Stick {
        a: v::<S>(2.0, -1.0),
        b: v(2.0, 1.0),
        radius: S::ZERO,
    };
    let sweep_a = Sweep::fixed(Transform::IDENTITY);
    let sweep_b = Sweep::linear(Transform::IDENTITY, v(-2.0, 0.0));
    time_of_impact(&square, sweep_a, &segment, sweep_b, S::ONE)
}

#[test]
fn box2d_segment_sweep_hits_at_one_half() {
    let out32 = box2d_case::<f32>();
    assert_eq!(out32.status, ToiStatus::Hit);
    assert_eq!(out32.fraction, 0.5);
    let out64 = box2d_case::<f64>();
    assert_eq!(out64.status, ToiStatus::Hit);
    assert_eq!(out64.fraction, 0.5);
    assert!(out64.iterations <= 2, "{out64:?}");
}

/// The size of a pair (sum of the reaches from the centres of rotation, radii
/// included) and a bound on how fast any point of one moves relative to the other.
#[derive(Clone, Copy, Debug)]
struct Scale {
    size: f64,
    speed: f64,
}

/// Checks a hit against dense sampling of `distance`: touching at the fraction (within
/// the tolerance) and apart at every sample before it, except within the tolerance's
/// worth of motion of it. Returns the first sampled overlap, if any.
fn check_hit_by_sampling<S: Scalar, A: Support<S>, B: Support<S>>(
    a: &A,
    sweep_a: Sweep<S>,
    b: &B,
    sweep_b: Sweep<S>,
    out: ToiOutput<S>,
    samples: u32,
    Scale { size, speed }: Scale,
) -> Option<f64> {
    let tolerance = default_tolerance::<S>(size, speed);
    let gap_at = |t: S| distance(a, sweep_a.transform_at(t), b, sweep_b.transform_at(t));
    let at_hit = gap_at(out.fraction);
    assert!(
        at_hit.distance.to_f64() <= tolerance,
        "gap {:?} at the reported fraction {:?}",
        at_hit,
        out.fraction
    );
    // Within `tolerance / speed` of the hit the gap may read as touching.
    let blind = tolerance / speed;
    let mut first_overlap = None;
    for k in 0..samples {
        let t = f64::from(k) / f64::from(samples);
        let out_k = gap_at(S::from_f64(t));
        if out_k.status == DistanceStatus::Overlapping {
            assert!(
                t >= out.fraction.to_f64() - blind,
                "overlapping at {t} before the reported hit {:?}",
                out
            );
            first_overlap.get_or_insert(t);
        }
    }
    first_overlap
}

/// A bar of 2 x 0.02 spinning three turns in the step while its centre crosses a wall
/// 0.02 thick: it must hit the wall, at the first contact.
fn spinning_bar_through_wall<S: Scalar>() {
    let bar = Boxy::<S>::new(1.0, 0.01);
    let wall = Boxy::<S>::new(0.01, 5.0);
    let turns = S::from_f64(6.0 * core::f64::consts::PI);
    let sweep_bar = Sweep::new(Vec2::ZERO, v(-3.0, 0.2), v(3.0, -0.1), S::ZERO, turns);
    let sweep_wall = Sweep::fixed(Transform::IDENTITY);
    let out = time_of_impact(&wall, sweep_wall, &bar, sweep_bar, S::ONE);
    assert_eq!(out.status, ToiStatus::Hit, "{out:?}");
    let size = 5.0_f64.hypot(0.01) + 1.0_f64.hypot(0.01);
    let speed = 6.0 + 6.0 * core::f64::consts::PI;
    let first = check_hit_by_sampling(
        &wall,
        sweep_wall,
        &bar,
        sweep_bar,
        out,
        20_000,
        Scale { size, speed },
    );
    assert!(first.is_some(), "the sampled sweep overlaps the wall");
}

#[test]
fn spinning_thin_bar_does_not_tunnel_through_thin_wall() {
    spinning_bar_through_wall::<f32>();
    spinning_bar_through_wall::<f64>();
}

/// The bar starts horizontal right above a wall whose top is 0.6 below it, and moves
/// sideways while spinning three turns, ending horizontal again, clear of the wall.
/// Along the first separating axis (the wall's top face) the end of the step is clear
/// by 0.59, so a root finder that looks for a bracket at the end of the step (as
/// Box2D's does) reports `Separated`, while the spinning bar swings into the wall.
fn spinning_bar_over_wall<S: Scalar>() {
    let bar = Boxy::<S>::new(1.0, 0.01);
    let wall = Boxy::<S>::new(0.01, 1.0);
    let turns = S::from_f64(6.0 * core::f64::consts::PI);
    let sweep_bar = Sweep::new(Vec2::ZERO, v(-0.5, 1.6), v(4.0, 1.6), S::ZERO, turns);
    let sweep_wall = Sweep::fixed(Transform::IDENTITY);
    let start = distance(
        &wall,
        Transform::IDENTITY,
        &bar,
        sweep_bar.transform_at(S::ZERO),
    );
    assert!(start.normal.y.to_f64() > 0.999, "{start:?}");
    let end = sweep_bar.transform_at(S::ONE);
    let lowest = -bar.support(end.rotation.inv_rotate(-Vec2::Y)).point.y;
    let clearance = end.translation.y.to_f64() - lowest.to_f64() - 1.0;
    assert!((clearance - 0.59).abs() < 1e-5, "{clearance}");
    let out = time_of_impact(&wall, sweep_wall, &bar, sweep_bar, S::ONE);
    assert_eq!(out.status, ToiStatus::Hit, "{out:?}");
    let size = 1.0_f64.hypot(0.01) * 2.0;
    let speed = 4.5 + 6.0 * core::f64::consts::PI;
    let first = check_hit_by_sampling(
        &wall,
        sweep_wall,
        &bar,
        sweep_bar,
        out,
        20_000,
        Scale { size, speed },
    );
    assert!(first.is_some());
}

#[test]
fn spinning_bar_passing_over_a_wall_hits_its_top() {
    spinning_bar_over_wall::<f32>();
    spinning_bar_over_wall::<f64>();
}

#[test]
fn sweeps_that_never_meet_are_separated_at_t_max() {
    let square = Boxy::<f64>::new(1.0, 1.0);
    let fixed = Sweep::fixed(Transform::IDENTITY);
    // Sliding past above, parallel to the top face.
    let above = Sweep::linear(Transform::from_translation(v(-5.0, 2.5)), v(10.0, 0.0));
    let out = time_of_impact(&square, fixed, &square, above, 1.0);
    assert_eq!(out.status, ToiStatus::Separated);
    assert_eq!(out.fraction, 1.0);
    // Moving away.
    let away = Sweep::linear(Transform::from_translation(v(3.0, 0.0)), v(4.0, 1.0));
    let out = time_of_impact(&square, fixed, &square, away, 0.75);
    assert_eq!(out.status, ToiStatus::Separated);
    assert_eq!(out.fraction, 0.75);
    // Spinning on the spot out of reach: 2.9 apart, reaches of sqrt 2 each.
    let spinning = Sweep::new(Vec2::ZERO, v(5.9, 0.0), v(5.9, 0.0), 0.0, 20.0);
    let out = time_of_impact(&square, fixed, &square, spinning, 1.0);
    assert_eq!(out.status, ToiStatus::Separated, "{out:?}");
    // Not moving at all.
    let still = Sweep::fixed(Transform::from_translation(v(3.0, 0.0)));
    assert_eq!(
        time_of_impact(&square, fixed, &square, still, 1.0).status,
        ToiStatus::Separated
    );
}

#[test]
fn overlapping_or_touching_start_is_overlapped_at_zero() {
    let square = Boxy::<f32>::new(1.0, 1.0);
    let fixed = Sweep::fixed(Transform::IDENTITY);
    let inside = Sweep::linear(Transform::from_translation(v(1.5, 0.5)), v(3.0, 0.0));
    let out = time_of_impact(&square, fixed, &square, inside, 1.0);
    assert_eq!(out.status, ToiStatus::Overlapped);
    assert_eq!(out.fraction, 0.0);
    let touching = Sweep::linear(Transform::from_translation(v(2.0, 0.0)), v(3.0, 0.0));
    assert_eq!(
        time_of_impact(&square, fixed, &square, touching, 1.0).status,
        ToiStatus::Overlapped
    );
    // Apart, but closer than the target.
    let near = Sweep::linear(Transform::from_translation(v(2.05, 0.0)), v(3.0, 0.0));
    let config = ToiConfig {
        target_separation: 0.1,
        ..ToiConfig::default()
    };
    let out = time_of_impact_with(&square, fixed, &square, near, 1.0, config);
    assert_eq!(out.status, ToiStatus::Overlapped);
}

#[test]
fn target_separation_stops_the_rounded_surfaces_that_far_apart() {
    let ball = Boxy::<f64>::rounded(0.0, 0.0, 1.0);
    let fixed = Sweep::fixed(Transform::IDENTITY);
    let incoming = Sweep::linear(Transform::from_translation(v(6.0, 0.0)), v(-8.0, 0.0));
    let config = ToiConfig {
        target_separation: 0.5,
        ..ToiConfig::default()
    };
    let out = time_of_impact_with(&ball, fixed, &ball, incoming, 1.0, config);
    assert_eq!(out.status, ToiStatus::Hit);
    // The centres close from 6 to 2.5 at 8 per step.
    assert!((out.fraction - 3.5 / 8.0).abs() < 1e-15, "{out:?}");
    let first_touch = time_of_impact(&ball, fixed, &ball, incoming, 1.0);
    assert!(
        (first_touch.fraction - 0.5).abs() < 1e-15,
        "{first_touch:?}"
    );
}

#[test]
fn hits_on_rounded_and_curved_shapes_land_on_the_first_touch() {
    // A capsule turning a quarter about its centre while its tip swings onto a disc.
    let capsule = Stick {
        a: v::<f64>(-1.0, 0.0),
        b: v(1.0, 0.0),
        radius: 0.25,
    };
    let disc = Boxy::<f64>::rounded(0.0, 0.0, 0.5);
    let fixed = Sweep::fixed(Transform::from_translation(v(0.0, 1.5)));
    let turning = Sweep::new(
        Vec2::ZERO,
        Vec2::ZERO,
        Vec2::ZERO,
        0.0,
        core::f64::consts::FRAC_PI_2,
    );
    let out = time_of_impact(&disc, fixed, &capsule, turning, 1.0);
    assert_eq!(out.status, ToiStatus::Hit);
    // The tip R(a) (1, 0) is 0.75 from the disc's centre (0, 1.5) when
    // 1 + 2.25 - 3 sin a = 0.5625 (and the tip is the closest point of the core: the
    // centre projects beyond it, 1.5 sin a > 1).
    let angle = (2.6875_f64 / 3.0).asin();
    let exact = angle / core::f64::consts::FRAC_PI_2;
    assert!(
        (out.fraction - exact).abs() <= 1e-12,
        "{out:?} against {exact}"
    );
    let size = 1.25 + 0.5;
    check_hit_by_sampling(
        &disc,
        fixed,
        &capsule,
        turning,
        out,
        4000,
        Scale { size, speed: 2.0 },
    );

    // An ellipse turning while it moves onto a box.
    let oval = Oval {
        semi: v::<f64>(2.0, 0.5),
    };
    let square = Boxy::<f64>::new(1.0, 1.0);
    let moving = Sweep::new(Vec2::ZERO, v(0.0, 4.0), v(0.0, 1.0), 0.0, 2.0);
    let out = time_of_impact(
        &square,
        Sweep::fixed(Transform::IDENTITY),
        &oval,
        moving,
        1.0,
    );
    assert_eq!(out.status, ToiStatus::Hit);
    let size = 2.0 + 2.0_f64.sqrt();
    check_hit_by_sampling(
        &square,
        Sweep::fixed(Transform::IDENTITY),
        &oval,
        moving,
        out,
        4000,
        Scale { size, speed: 7.0 },
    );
}

#[test]
fn invalid_inputs_are_reported_with_a_nan_fraction() {
    let square = Boxy::<f64>::new(1.0, 1.0);
    let fixed = Sweep::fixed(Transform::IDENTITY);
    let moving = Sweep::linear(Transform::from_translation(v(4.0, 0.0)), v(-4.0, 0.0));
    let check = |sweep_a: Sweep<f64>, sweep_b: Sweep<f64>, t_max: f64, config: ToiConfig<f64>| {
        let out = time_of_impact_with(&square, sweep_a, &square, sweep_b, t_max, config);
        assert_eq!(
            out.status,
            ToiStatus::InvalidInput,
            "{sweep_a:?} {sweep_b:?} {t_max} {config:?}"
        );
        assert!(out.fraction.is_nan());
    };
    let default = ToiConfig::default();
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let mut parts = [moving; 6];
        parts[0].local_center.x = bad;
        parts[1].center_start.y = bad;
        parts[2].center_end.x = bad;
        parts[3].angle_start = bad;
        parts[4].angle_end = bad;
        parts[5].center_end.y = bad;
        for sweep in parts {
            check(fixed, sweep, 1.0, default);
            check(sweep, fixed, 1.0, default);
        }
        check(fixed, moving, bad, default);
        check(
            fixed,
            moving,
            1.0,
            ToiConfig {
                target_separation: bad,
                ..default
            },
        );
        check(
            fixed,
            moving,
            1.0,
            ToiConfig {
                tolerance: bad,
                ..default
            },
        );
    }
    check(fixed, moving, -0.5, default);
    check(
        fixed,
        moving,
        1.0,
        ToiConfig {
            target_separation: -0.1,
            ..default
        },
    );
    check(
        fixed,
        moving,
        1.0,
        ToiConfig {
            tolerance: 0.0,
            ..default
        },
    );
    check(
        fixed,
        moving,
        1.0,
        ToiConfig {
            tolerance: -1e-6,
            ..default
        },
    );

    let negative = Boxy::<f64>::rounded(1.0, 1.0, -0.5);
    let out = time_of_impact(&negative, fixed, &square, moving, 1.0);
    assert_eq!(out.status, ToiStatus::InvalidInput);

    /// A broken user shape whose support points are NaN.
    struct NanShape;
    impl Support<f64> for NanShape {
        fn support(&self, _d: Vec2<f64>) -> SupportPoint<f64> {
            SupportPoint::new(Vec2::new(f64::NAN, 0.0), FeatureId::vertex(0))
        }
    }
    let out = time_of_impact(&NanShape, fixed, &square, moving, 1.0);
    assert_eq!(out.status, ToiStatus::InvalidInput);
    let out = time_of_impact(&square, fixed, &NanShape, moving, 1.0);
    assert_eq!(out.status, ToiStatus::InvalidInput);
}

#[test]
fn iteration_cap_gives_failed_with_a_clear_lower_bound() {
    // A disc falling onto a box corner at a slant: the closest features change, so
    // the query needs more than one distance query.
    let square = Boxy::<f64>::new(1.0, 1.0);
    let disc = Boxy::<f64>::rounded(0.0, 0.0, 0.5);
    let fixed = Sweep::fixed(Transform::IDENTITY);
    let falling = Sweep::new(Vec2::ZERO, v(3.0, 3.0), v(0.9, 0.0), 0.0, 0.0);
    let full = time_of_impact(&square, fixed, &disc, falling, 1.0);
    assert_eq!(full.status, ToiStatus::Hit);
    assert!(full.iterations >= 2, "{full:?}");
    for cap in 0..full.iterations {
        let config = ToiConfig {
            max_iterations: cap,
            ..ToiConfig::default()
        };
        let out = time_of_impact_with(&square, fixed, &disc, falling, 1.0, config);
        assert_eq!(out.status, ToiStatus::Failed, "cap {cap}");
        assert_eq!(out.iterations, cap);
        assert!(out.fraction <= full.fraction, "cap {cap}: {out:?}");
        // Apart there, unless the fraction already is the exact contact.
        let gap = distance(
            &square,
            Transform::IDENTITY,
            &disc,
            falling.transform_at(out.fraction),
        );
        assert!(
            gap.status == DistanceStatus::Separated || out.fraction == full.fraction,
            "cap {cap}: {gap:?}"
        );
    }
}

#[test]
fn t_max_zero_checks_the_start_only() {
    let square = Boxy::<f32>::new(1.0, 1.0);
    let fixed = Sweep::fixed(Transform::IDENTITY);
    let moving = Sweep::linear(Transform::from_translation(v(4.0, 0.0)), v(-4.0, 0.0));
    let out = time_of_impact(&square, fixed, &square, moving, 0.0);
    assert_eq!(out.status, ToiStatus::Separated);
    assert_eq!(out.fraction, 0.0);
}

#[test]
fn far_from_the_origin_is_as_exact_as_near_it() {
    let bar = Boxy::<f32>::new(1.0, 0.05);
    let square = Boxy::<f32>::new(0.5, 0.5);
    let run = |offset: Vec2<f32>| {
        let sweep_a = Sweep::new(Vec2::ZERO, offset, offset + v(0.5, 0.0), 0.3, 0.3);
        let sweep_b = Sweep::new(
            v(0.2, 0.0),
            offset + v(3.0, 0.375),
            offset + v(-1.0, 0.375),
            0.0,
            2.5,
        );
        time_of_impact(&bar, sweep_a, &square, sweep_b, 1.0)
    };
    let near = run(Vec2::ZERO);
    let far = run(v(1.0e4, -1.0e4));
    assert_eq!(near.status, ToiStatus::Hit);
    assert_eq!(far.status, ToiStatus::Hit);
    // Every coordinate is a multiple of f32's rounding unit at 1e4 (2^-10), so both
    // scenes hold exactly the same relative motion, and the query, which works
    // relative to A's starting centre, answers the same.
    assert_eq!(near, far);
}

#[test]
fn sweep_transforms_drive_the_query_with_exact_angles() {
    // A quarter turn of a box about its corner: at the end, the box occupies the
    // quadrant turned by 90 degrees; the query sees exactly `Rot::from_angle`.
    let sweep = Sweep::new(
        v::<f64>(1.0, 1.0),
        v(1.0, 1.0),
        v(1.0, 1.0),
        0.0,
        core::f64::consts::FRAC_PI_2,
    );
    let xf = sweep.transform_at(1.0);
    assert_eq!(xf.rotation, Rot::from_angle(core::f64::consts::FRAC_PI_2));
    assert!((xf.transform_point(v(1.0, 1.0)) - v(1.0, 1.0)).length() < 1e-15);
    assert!((xf.transform_point(v(-1.0, -1.0)) - v(3.0, -1.0)).length() < 1e-15);
}
