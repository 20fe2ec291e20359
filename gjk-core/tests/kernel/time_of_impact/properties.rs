//! Property tests of `time_of_impact` on random pairs of the local shapes: pure
//! translations against a bisection on `distance`, rotating sweeps against dense
//! sampling.

use gjk_core::{DistanceStatus, Scalar, Sweep, ToiStatus, Vec2, distance, time_of_impact};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};

use super::{Oval, Shape, Stick, default_tolerance, v};
use crate::shapes::Boxy;

/// The first fraction of a pure-translation sweep at which `distance` reports contact,
/// by bisection in f64 on the f64 images of the shapes and sweeps; `None` if the
/// closest approach stays apart. The distance along a linear motion is convex, so
/// its minimum (found by ternary search) splits the step into a falling part, where
/// the first contact lies, and a rising part.
fn bisection_reference(
    a: &Shape<f64>,
    sweep_a: Sweep<f64>,
    b: &Shape<f64>,
    sweep_b: Sweep<f64>,
) -> (Option<f64>, f64) {
    let gap = |t: f64| distance(a, sweep_a.transform_at(t), b, sweep_b.transform_at(t)).distance;
    let (mut lo, mut hi) = (0.0, 1.0);
    for _ in 0..100 {
        let m1 = lo + (hi - lo) / 3.0;
        let m2 = hi - (hi - lo) / 3.0;
        if gap(m1) <= gap(m2) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    let closest = 0.5 * (lo + hi);
    let closest_gap = gap(closest);
    if closest_gap > 0.0 {
        return (None, closest_gap);
    }
    let (mut lo, mut hi) = (0.0, closest);
    for _ in 0..100 {
        let mid = 0.5 * (lo + hi);
        if gap(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (Some(hi), 0.0)
}

fn cast_shape<S: Scalar>(shape: &Shape<f64>) -> Shape<S> {
    let c = |p: Vec2<f64>| Vec2::new(S::from_f64(p.x), S::from_f64(p.y));
    match *shape {
        Shape::Box(s) => Shape::Box(Boxy {
            half: c(s.half),
            radius: S::from_f64(s.radius),
        }),
        Shape::Stick(s) => Shape::Stick(Stick {
            a: c(s.a),
            b: c(s.b),
            radius: S::from_f64(s.radius),
        }),
        Shape::Oval(s) => Shape::Oval(Oval { semi: c(s.semi) }),
    }
}

fn to_f64<S: Scalar>(shape: &Shape<S>) -> Shape<f64> {
    let c = |p: Vec2<S>| Vec2::new(p.x.to_f64(), p.y.to_f64());
    match *shape {
        Shape::Box(s) => Shape::Box(Boxy {
            half: c(s.half),
            radius: s.radius.to_f64(),
        }),
        Shape::Stick(s) => Shape::Stick(Stick {
            a: c(s.a),
            b: c(s.b),
            radius: s.radius.to_f64(),
        }),
        Shape::Oval(s) => Shape::Oval(Oval { semi: c(s.semi) }),
    }
}

fn sweep_to_f64<S: Scalar>(sweep: Sweep<S>) -> Sweep<f64> {
    let c = |p: Vec2<S>| Vec2::new(p.x.to_f64(), p.y.to_f64());
    Sweep::new(
        c(sweep.local_center),
        c(sweep.center_start),
        c(sweep.center_end),
        sweep.angle_start.to_f64(),
        sweep.angle_end.to_f64(),
    )
}

fn shape() -> impl Strategy<Value = Shape<f64>> {
    let size = 0.05..1.5_f64;
    prop_oneof![
        (size.clone(), size.clone()).prop_map(|(hx, hy)| Shape::Box(Boxy::new(hx, hy))),
        (size.clone(), size.clone(), 0.01..0.5_f64)
            .prop_map(|(hx, hy, r)| Shape::Box(Boxy::rounded(hx, hy, r))),
        (0.01..1.0_f64).prop_map(|r| Shape::Box(Boxy::rounded(0.0, 0.0, r))),
        (-1.0..1.0_f64, -1.0..1.0_f64, 0.0..0.5_f64).prop_map(|(x, y, r)| Shape::Stick(Stick {
            a: Vec2::new(x, y),
            b: Vec2::new(-y, x * 0.5),
            radius: r,
        })),
        (size.clone(), size).prop_map(|(a, b)| Shape::Oval(Oval {
            semi: Vec2::new(a, b)
        })),
    ]
}

/// A pure-translation sweep of B past or into A (fixed at the origin): B starts
/// `distance` away along `direction` and moves back towards A with an offset `aside`
/// (in units of the pair's size) that decides hit, graze or miss.
#[derive(Clone, Copy, Debug)]
struct Approach {
    direction: f64,
    distance: f64,
    aside: f64,
    angle_a: f64,
    angle_b: f64,
}

fn approach() -> impl Strategy<Value = Approach> {
    (
        -3.2..3.2_f64,
        1.0..3.0_f64,
        prop_oneof![2 => Just(0.0), 3 => -1.2..1.2_f64],
        -3.2..3.2_f64,
        -3.2..3.2_f64,
    )
        .prop_map(|(direction, distance, aside, angle_a, angle_b)| Approach {
            direction,
            distance,
            aside,
            angle_a,
            angle_b,
        })
}

fn config(cases: u32) -> Config {
    Config {
        cases,
        rng_seed: RngSeed::Fixed(0x70_1c),
        failure_persistence: None,
        ..Config::default()
    }
}

/// Runs one pure-translation case in `S` and compares it with the f64 bisection on
/// `distance`. `bar` is the required accuracy in units of `L` (the larger extent).
fn translation_case<S: Scalar>(
    a: &Shape<f64>,
    b: &Shape<f64>,
    approach: Approach,
    bar: f64,
) -> Result<(), TestCaseError> {
    let (a, b) = (cast_shape::<S>(a), cast_shape::<S>(b));
    let length = a.extent().max(b.extent());
    let reach = a.extent() + b.extent();
    let (sin, cos) = approach.direction.sin_cos();
    let start = [
        cos * approach.distance * reach,
        sin * approach.distance * reach,
    ];
    let aside = approach.aside * reach;
    let motion = [-2.0 * start[0] - sin * aside, -2.0 * start[1] + cos * aside];
    let sweep_a = Sweep::new(
        Vec2::ZERO,
        Vec2::ZERO,
        Vec2::ZERO,
        S::from_f64(approach.angle_a),
        S::from_f64(approach.angle_a),
    );
    let start_b = v::<S>(start[0], start[1]);
    let sweep_b = Sweep::new(
        Vec2::ZERO,
        start_b,
        start_b + v(motion[0], motion[1]),
        S::from_f64(approach.angle_b),
        S::from_f64(approach.angle_b),
    );
    let out = time_of_impact(&a, sweep_a, &b, sweep_b, S::ONE);
    let (sweep_a64, sweep_b64) = (sweep_to_f64(sweep_a), sweep_to_f64(sweep_b));
    let (a64, b64) = (to_f64(&a), to_f64(&b));
    let (reference, closest_gap) = bisection_reference(&a64, sweep_a64, &b64, sweep_b64);
    let speed = sweep_b64.translation().length();
    let band = bar * length;
    match reference {
        None if closest_gap > band => {
            prop_assert_eq!(
                out.status,
                ToiStatus::Separated,
                "closest gap {}",
                closest_gap
            );
        }
        None => {}
        Some(0.0) => prop_assert_eq!(out.status, ToiStatus::Overlapped),
        Some(t) => {
            let gap = |t: f64| {
                distance(
                    &a64,
                    sweep_a64.transform_at(t),
                    &b64,
                    sweep_b64.transform_at(t),
                )
                .distance
            };
            // The rate at which the gap closes just before contact, against the speed:
            // where the motion grazes the contact, a tiny gap error moves it far along
            // the motion, and only the gap at the reported fraction is meaningful.
            let step = 1e-4 * t;
            let rate = (gap(t - step) - gap(t)) / step;
            if rate < 0.1 * speed {
                if out.status == ToiStatus::Hit {
                    prop_assert!(gap(out.fraction.to_f64()) <= band);
                }
                return Ok(());
            }
            prop_assert_eq!(out.status, ToiStatus::Hit, "reference {}", t);
            let error = (out.fraction.to_f64() - t).abs() * speed / length;
            prop_assert!(
                error <= bar,
                "fraction {:?} against {} : position error {:e} L",
                out.fraction,
                t,
                error
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(512))]

    #[test]
    fn f64_translation_sweeps_match_bisection_on_distance(
        a in shape(), b in shape(), approach in approach()
    ) {
        translation_case::<f64>(&a, &b, approach, 1e-9)?;
    }

    #[test]
    fn f32_translation_sweeps_match_bisection_on_distance(
        a in shape(), b in shape(), approach in approach()
    ) {
        translation_case::<f32>(&a, &b, approach, 2e-5)?;
    }

    #[test]
    fn f64_rotating_sweeps_hit_without_earlier_overlap(
        a in shape(), b in shape(), approach in approach(),
        turn_a in -7.0..7.0_f64, turn_b in -7.0..7.0_f64,
        center_a in (-0.5..0.5_f64, -0.5..0.5_f64)
    ) {
        rotating_case::<f64>(&a, &b, approach, [turn_a, turn_b], center_a)?;
    }

    #[test]
    fn f32_rotating_sweeps_hit_without_earlier_overlap(
        a in shape(), b in shape(), approach in approach(),
        turn_a in -7.0..7.0_f64, turn_b in -7.0..7.0_f64,
        center_a in (-0.5..0.5_f64, -0.5..0.5_f64)
    ) {
        rotating_case::<f32>(&a, &b, approach, [turn_a, turn_b], center_a)?;
    }
}

/// One rotating case: both bodies turn (A about an off-centre point), B translates
/// too. At a hit the gap is within the tolerance; no sample before it overlaps;
/// `Separated` means no sample of the whole step overlaps.
fn rotating_case<S: Scalar>(
    a: &Shape<f64>,
    b: &Shape<f64>,
    approach: Approach,
    turns: [f64; 2],
    center_a: (f64, f64),
) -> Result<(), TestCaseError> {
    let (a, b) = (cast_shape::<S>(a), cast_shape::<S>(b));
    let reach = a.extent() + b.extent();
    let (sin, cos) = approach.direction.sin_cos();
    let start = [
        cos * approach.distance * reach,
        sin * approach.distance * reach,
    ];
    let aside = approach.aside * reach;
    let motion = [-2.0 * start[0] - sin * aside, -2.0 * start[1] + cos * aside];
    let local_center = v::<S>(center_a.0, center_a.1);
    let sweep_a = Sweep::new(
        local_center,
        Vec2::ZERO,
        Vec2::ZERO,
        S::from_f64(approach.angle_a),
        S::from_f64(approach.angle_a + turns[0]),
    );
    let start_b = v::<S>(start[0], start[1]);
    let sweep_b = Sweep::new(
        Vec2::ZERO,
        start_b,
        start_b + v(motion[0], motion[1]),
        S::from_f64(approach.angle_b),
        S::from_f64(approach.angle_b + turns[1]),
    );
    let out = time_of_impact(&a, sweep_a, &b, sweep_b, S::ONE);
    let size = a.extent() + local_center.length().to_f64() + b.extent();
    // Bound on how fast any point moves relative to the other body.
    let speed = motion[0].hypot(motion[1])
        + turns[0].abs() * (a.extent() + local_center.length().to_f64())
        + turns[1].abs() * b.extent();
    let tolerance = default_tolerance::<S>(size, speed);
    let blind = 2.0 * tolerance / speed;
    let gap_at = |t: f64| {
        let t = S::from_f64(t);
        distance(&a, sweep_a.transform_at(t), &b, sweep_b.transform_at(t))
    };
    match out.status {
        ToiStatus::Hit => {
            let at_hit = gap_at(out.fraction.to_f64());
            prop_assert!(
                at_hit.distance.to_f64() <= 2.0 * tolerance,
                "gap {:?} at the hit {:?}",
                at_hit,
                out
            );
        }
        ToiStatus::Separated | ToiStatus::Overlapped => {}
        other => prop_assert!(false, "status {:?}: {:?}", other, out),
    }
    if out.status == ToiStatus::Overlapped {
        prop_assert!(gap_at(0.0).distance.to_f64() <= tolerance);
        return Ok(());
    }
    let end = out.fraction.to_f64();
    for k in 0..200 {
        let t = end * f64::from(k) / 200.0;
        if end - t <= blind {
            break;
        }
        let sample = gap_at(t);
        prop_assert!(
            sample.status != DistanceStatus::Overlapping,
            "overlapping at {} before {:?}",
            t,
            out
        );
    }
    Ok(())
}
