//! 3D `time_of_impact` on cases an engine meets: a box falling onto a box while it
//! turns, glancing hits, a bar spinning ten thousand turns in a step, a body swinging
//! about a far-off centre, and sweeps that start overlapping or touching. Each is
//! checked against the oracle's exact gap: at a hit the gap is within the tolerance,
//! and no sample before the reported fraction overlaps.

use core::f64::consts::{FRAC_PI_2, PI, TAU};

use gjk_core::{Quat, Scalar, Sweep3, ToiOutput, ToiStatus, Transform3, Vec3, time_of_impact};

use super::oracle3d::{ExactSweep3, exact_gap3};
use crate::harness3d::Spec;

fn v<S: Scalar>(x: f64, y: f64, z: f64) -> Vec3<S> {
    Vec3::new(S::from_f64(x), S::from_f64(y), S::from_f64(z))
}

fn cuboid(x: f64, y: f64, z: f64) -> Spec {
    Spec::Cuboid {
        half_extents: [x, y, z],
    }
}

/// What one sweep gave, with the oracle's view of it.
struct Checked {
    out: ToiOutput<f64>,
    /// The exact gap at the reported fraction.
    gap_at: f64,
    /// The smallest exact gap sampled before the reported fraction.
    least_before: f64,
}

/// Runs the query in `S` and checks it against the oracle: the reported fraction is
/// never past a sampled overlap (`samples` fractions before it), and at a hit the
/// exact gap is within `bar` (absolute).
fn sweep<S: Scalar + 'static>(
    [spec_a, spec_b]: [&Spec; 2],
    [sweep_a, sweep_b]: [Sweep3<S>; 2],
    samples: u32,
    bar: f64,
) -> Checked {
    let (a, b) = (spec_a.kernel::<S>(), spec_b.kernel::<S>());
    let out = time_of_impact(&*a, sweep_a, &*b, sweep_b, S::ONE);
    let c = sweep_a.center_start;
    let origin = [c.x, c.y, c.z].map(Scalar::to_f64);
    let exact_a = ExactSweep3::new(spec_a, sweep_a, origin);
    let exact_b = ExactSweep3::new(spec_b, sweep_b, origin);
    let gap = |t: f64| exact_gap3(&exact_a, &exact_b, t);
    let fraction = out.fraction.to_f64();
    let gap_at = gap(fraction);
    if out.status == ToiStatus::Hit {
        assert!(gap_at.abs() <= bar, "gap {gap_at:e} at the hit {out:?}");
    }
    let least_before = (0..samples)
        .map(|k| gap(fraction * f64::from(k) / f64::from(samples)))
        .fold(f64::INFINITY, f64::min);
    if out.status != ToiStatus::Overlapped {
        assert!(
            least_before > -bar,
            "overlap {least_before:e} before {out:?}"
        );
    }
    Checked {
        out: ToiOutput {
            status: out.status,
            fraction,
            iterations: out.iterations,
        },
        gap_at,
        least_before,
    }
}

/// A box falling onto a wide slab while it turns about a horizontal axis: it hits at
/// its first touch, before a box that did not turn would (its corner reaches down),
/// in both precisions and far from the origin. The bars are the kernel's tolerance:
/// 7.6e-6 (f32) and 1.1e-13 (f64) of the pair's size, 15 here.
#[test]
fn cuboid_falling_while_turning_hits_the_ground_at_first_touch() {
    fn case<S: Scalar + 'static>(origin: f64, bar: f64) {
        let ground = cuboid(10.0, 10.0, 0.5);
        let falling = cuboid(0.5, 0.5, 0.5);
        let at = |z: f64| v::<S>(origin, origin, origin + z);
        let sweep_ground = Sweep3::fixed(Transform3::from_translation(at(0.0)));
        for turn in [0.0, FRAC_PI_2, PI, 3.0 * TAU] {
            let sweep_box = Sweep3::new(
                Vec3::ZERO,
                at(3.0),
                at(-1.0),
                Quat::IDENTITY,
                v(turn, 0.0, 0.0),
            );
            let checked = sweep([&ground, &falling], [sweep_ground, sweep_box], 400, bar);
            assert_eq!(
                checked.out.status,
                ToiStatus::Hit,
                "{turn}: {:?}",
                checked.out
            );
            // Without turning the faces meet after 2 of the 4 units of the fall (the
            // tolerance, over a speed of 4, is 3e-5 of the step in f32).
            if turn == 0.0 {
                assert!((checked.out.fraction - 0.5).abs() < 4e-5);
            } else {
                assert!(checked.out.fraction < 0.5, "{turn}: {:?}", checked.out);
            }
        }
    }
    case::<f32>(0.0, 1.2e-4);
    case::<f64>(0.0, 2e-12);
    case::<f32>(1e3, 1.2e-4);
    case::<f64>(1e3, 2e-12);
}

/// Boxes passing each other at a hair's breadth: a hit just inside, a miss just
/// outside, whichever side the gap lies.
#[test]
fn glancing_sweeps_hit_inside_and_miss_outside() {
    let a = cuboid(1.0, 1.0, 1.0);
    let b = cuboid(0.5, 0.5, 0.5);
    let fixed = Sweep3::fixed(Transform3::<f64>::IDENTITY);
    for (offset, status) in [
        (1.5 - 1e-6, ToiStatus::Hit),
        (1.5 + 1e-6, ToiStatus::Separated),
    ] {
        let passing = Sweep3::linear(
            Transform3::from_translation(Vec3::new(-4.0, offset, 0.0)),
            Vec3::new(8.0, 0.0, 0.0),
        );
        let checked = sweep([&a, &b], [fixed, passing], 400, 1e-11);
        assert_eq!(checked.out.status, status, "{offset}: {:?}", checked.out);
    }
    // Turning past the corner: the spinning box's reach decides, and the sweep never
    // passes through.
    let spinning = Sweep3::new(
        Vec3::ZERO,
        Vec3::new(-4.0, 1.9, 0.3),
        Vec3::new(4.0, 1.9, -0.3),
        Quat::IDENTITY,
        Vec3::new(0.3, 0.4, 5.0),
    );
    let checked = sweep([&a, &b], [fixed, spinning], 2000, 1e-11);
    assert!(
        matches!(checked.out.status, ToiStatus::Hit | ToiStatus::Separated),
        "{:?}",
        checked.out
    );
}

/// A thin bar spinning ten thousand turns in the step while it closes in on a thin
/// wall: it stops at the wall, never through it.
#[test]
fn bar_spinning_ten_thousand_turns_does_not_tunnel() {
    let wall = cuboid(0.01, 3.0, 3.0);
    let bar = cuboid(1.0, 0.02, 0.02);
    let fixed = Sweep3::fixed(Transform3::<f64>::IDENTITY);
    let spinning = Sweep3::new(
        Vec3::ZERO,
        Vec3::new(-3.0, 0.2, 0.1),
        Vec3::new(3.0, 0.2, -0.1),
        Quat::IDENTITY,
        Vec3::new(0.0, 0.0, 1e4 * TAU),
    );
    let checked = sweep([&wall, &bar], [fixed, spinning], 20_000, 1e-9);
    // The bar reaches 1 from its centre: it cannot touch before its centre comes
    // within 1.01 of the wall's middle, at 1.99 / 6, and it must by the time it
    // crosses the wall's face at 2.99 / 6.
    let fraction = checked.out.fraction;
    assert!(
        matches!(checked.out.status, ToiStatus::Hit | ToiStatus::Failed),
        "{:?}",
        checked.out
    );
    assert!(
        (1.98 / 6.0..=2.99 / 6.0).contains(&fraction),
        "{:?}",
        checked.out
    );
    assert!(checked.least_before > 0.0);
}

/// A small box swinging on an arm a thousand times its size (its centre of rotation
/// far outside it) into a wall: the hit is at first touch.
#[test]
fn box_swinging_about_a_far_centre_hits_at_first_touch() {
    fn case<S: Scalar + 'static>(bar: f64) {
        let wall = cuboid(0.5, 50.0, 50.0);
        let small = cuboid(0.1, 0.1, 0.1);
        // The box sits 1000 from its centre of rotation at the origin, at angle -0.2
        // about z, and swings by 0.4; the wall stands across its path at y = 0.
        let local_center = v::<S>(-1000.0, 0.0, 0.0);
        let start = Quat::from_axis_angle(Vec3::Z, S::from_f64(-0.2)).unwrap();
        let swing = Sweep3::new(
            local_center,
            Vec3::ZERO,
            Vec3::ZERO,
            start,
            v(0.0, 0.0, 0.4),
        );
        let wall_sweep = Sweep3::fixed(Transform3::from_translation(v::<S>(1000.0, 0.0, 0.0)));
        let checked = sweep([&wall, &small], [wall_sweep, swing], 2000, bar);
        assert_eq!(checked.out.status, ToiStatus::Hit, "{:?}", checked.out);
        // The box's centre comes within 0.6 of the wall's middle plane once
        // `1000 cos(angle) >= 999.4`, at an angle of about -0.0346, so about 0.413 of
        // the swing in (the turned box reaches a little further).
        let fraction = checked.out.fraction;
        assert!(fraction > 0.40 && fraction < 0.414, "{:?}", checked.out);
    }
    case::<f32>(1e-2);
    case::<f64>(1e-10);
}

/// Sweeps that start overlapping report it at fraction zero; sweeps that start
/// touching stop there (a hit at zero or an overlap, never a later fraction).
#[test]
fn starting_overlapped_or_touching_stops_at_zero() {
    let a = cuboid(1.0, 1.0, 1.0);
    let fixed = Sweep3::fixed(Transform3::<f64>::IDENTITY);
    let moving = |x: f64| {
        Sweep3::new(
            Vec3::ZERO,
            Vec3::new(x, 0.0, 0.0),
            Vec3::new(x - 3.0, 0.0, 0.0),
            Quat::IDENTITY,
            Vec3::new(0.0, 2.0, 0.0),
        )
    };
    let overlapping = sweep([&a, &a], [fixed, moving(1.5)], 1, 1e-11);
    assert_eq!(overlapping.out.status, ToiStatus::Overlapped);
    assert_eq!(overlapping.out.fraction, 0.0);
    let touching = sweep([&a, &a], [fixed, moving(2.0)], 1, 1e-11);
    assert!(
        matches!(touching.out.status, ToiStatus::Hit | ToiStatus::Overlapped),
        "{:?}",
        touching.out
    );
    assert_eq!(touching.out.fraction, 0.0);
    assert_eq!(touching.gap_at, 0.0);
}

/// Not-finite parts, a turn that overflows and a quaternion off unit length are
/// invalid input, with a NaN fraction.
#[test]
fn invalid_sweeps_are_rejected() {
    let a = Spec::Sphere { radius: 1.0 }.kernel::<f32>();
    let good = Sweep3::linear(Transform3::<f32>::IDENTITY, Vec3::new(9.0, 0.0, 0.0));
    let fixed = Sweep3::fixed(Transform3::from_translation(Vec3::new(10.0, 0.0, 0.0)));
    assert_eq!(
        time_of_impact(&*a, good, &*a, fixed, 1.0).status,
        ToiStatus::Hit
    );
    for bad in [
        Sweep3 {
            turn: Vec3::new(f32::NAN, 0.0, 0.0),
            ..good
        },
        Sweep3 {
            turn: Vec3::splat(3e38),
            ..good
        },
        Sweep3 {
            rotation_start: Quat {
                x: 0.0,
                y: 0.0,
                z: 0.0,
                w: 2.0,
            },
            ..good
        },
        Sweep3 {
            center_end: Vec3::new(f32::INFINITY, 0.0, 0.0),
            ..good
        },
    ] {
        let out = time_of_impact(&*a, bad, &*a, fixed, 1.0);
        assert_eq!(out.status, ToiStatus::InvalidInput, "{bad:?}");
        assert!(out.fraction.is_nan());
    }
    let out = time_of_impact(&*a, good, &*a, fixed, -1.0);
    assert_eq!(out.status, ToiStatus::InvalidInput);
}
