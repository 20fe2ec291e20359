//! The bounds of the 3D march on bodies worked by hand: every bound is checked
//! against the separation sampled densely after it.

use super::*;
use crate::query::time_of_impact::Body;
use crate::{FeatureId, SupportPoint, Sweep3};

/// A box of half-extents `self.0` centred at the origin.
struct Boxy(Vec3<f64>);

impl Support<f64, Vec3<f64>> for Boxy {
    fn support(&self, d: Vec3<f64>) -> SupportPoint<f64, Vec3<f64>> {
        let pick = |half: f64, along: f64| if along >= 0.0 { half } else { -half };
        let corner = Vec3::new(
            pick(self.0.x, d.x),
            pick(self.0.y, d.y),
            pick(self.0.z, d.z),
        );
        let id = u32::from(d.x >= 0.0) + 2 * u32::from(d.y >= 0.0) + 4 * u32::from(d.z >= 0.0);
        SupportPoint::new(corner, FeatureId::vertex(id))
    }
}

/// An ellipsoid of semi-axes `self.0` centred at the origin: a curved core, whose
/// support point moves with every direction.
struct Egg(Vec3<f64>);

impl Support<f64, Vec3<f64>> for Egg {
    fn support(&self, d: Vec3<f64>) -> SupportPoint<f64, Vec3<f64>> {
        let axes = self.0;
        let scaled = Vec3::new(axes.x * d.x, axes.y * d.y, axes.z * d.z);
        let length = scaled.length();
        let point = Vec3::new(axes.x * scaled.x, axes.y * scaled.y, axes.z * scaled.z) / length;
        SupportPoint::new(point, FeatureId::SMOOTH)
    }
}

fn spinning<T: Support<f64, Vec3<f64>>>(
    shape: &T,
    sweep: Sweep3<f64>,
) -> Body<'_, f64, Vec3<f64>, T> {
    Body::new(shape, sweep)
}

/// A bar turning three turns about a tilted axis while it moves past a slab that
/// turns too, about another axis and an off-centre point.
fn scene() -> (Sweep3<f64>, Sweep3<f64>) {
    let tilted = Quat::from_axis_angle(Vec3::new(1.0, -2.0, 0.5), 0.8).unwrap();
    let bar = Sweep3::new(
        Vec3::new(0.3, 0.0, 0.1),
        Vec3::new(-2.0, 0.3, 0.2),
        Vec3::new(2.0, 0.3, -0.4),
        tilted,
        Vec3::new(0.2, 1.0, 0.3).normalize().unwrap() * (6.0 * core::f64::consts::PI),
    );
    let slab = Sweep3::new(
        Vec3::new(0.0, 0.5, 0.0),
        Vec3::ZERO,
        Vec3::new(0.0, 0.5, 0.1),
        Quat::IDENTITY,
        Vec3::new(0.0, 0.0, -2.0),
    );
    (bar, slab)
}

/// The separations of a pair along one axis: fixed in the world, turning with the
/// first body, and turning with the second.
type Separations<'b, 's, P, Q> = (
    Separation<'b, 's, f64, P, Q>,
    Separation<'b, 's, f64, P, Q>,
    Separation<'b, 's, f64, Q, P>,
);

/// The three separations of a pair along `axis`.
fn separations<'b, 's, P, Q>(
    first: &'b Body<'s, f64, Vec3<f64>, P>,
    second: &'b Body<'s, f64, Vec3<f64>, Q>,
    axis: Vec3<f64>,
) -> Separations<'b, 's, P, Q>
where
    P: Support<f64, Vec3<f64>>,
    Q: Support<f64, Vec3<f64>>,
{
    let motion = Motion::new(first, second, 1.0);
    (
        Separation::fixed_in_world(first, second, motion, axis),
        Separation::turning_with_first(first, second, motion, axis),
        Separation::turning_with_first(second, first, motion.reversed(), axis),
    )
}

const AXES: [Vec3<f64>; 3] = [
    Vec3::X,
    Vec3::new(0.0, 0.6, 0.8),
    Vec3::new(-0.48, 0.6, -0.64),
];

#[test]
fn core_reach_is_exact_for_boxes_and_bounds_the_corners_about_any_centre() {
    let shape = Boxy(Vec3::new(2.0, 1.0, 0.5));
    let (reach, _) = core_reach(&shape, Vec3::ZERO);
    let corner = Vec3::new(2.0, 1.0, 0.5).length();
    assert!(reach >= corner && reach - corner < 1e-14);
    let center = Vec3::new(3.0, -0.5, 0.2);
    let (reach, _) = core_reach(&shape, center);
    let farthest = (Vec3::new(-2.0, 1.0, -0.5) - center).length();
    assert!(
        reach >= farthest && reach < farthest * (1.0 + 1e-14),
        "{reach} {farthest}"
    );
}

#[test]
fn reach_bound_holds_along_a_fast_spin() {
    let (bar_sweep, slab_sweep) = scene();
    let (bar_shape, egg_shape) = (
        Boxy(Vec3::new(1.0, 0.01, 0.05)),
        Egg(Vec3::new(1.0, 0.2, 0.4)),
    );
    let slab_shape = Boxy(Vec3::new(0.2, 3.0, 2.0));
    let slab = spinning(&slab_shape, slab_sweep);
    let bar = spinning(&bar_shape, bar_sweep);
    let egg = spinning(&egg_shape, bar_sweep);
    for axis in AXES {
        let (world, face, face_of_bar) = separations(&slab, &bar, axis);
        check_reach_bound(&world);
        check_reach_bound(&face);
        check_reach_bound(&face_of_bar);
        let (world, face, face_of_slab) = separations(&egg, &slab, axis);
        check_reach_bound(&world);
        check_reach_bound(&face);
        check_reach_bound(&face_of_slab);
    }
}

/// The circle a body's support direction along the world axis follows over `span`.
fn circle_of(
    body: &Body<'_, f64, Vec3<f64>, impl Support<f64, Vec3<f64>>>,
    t: f64,
    span: f64,
) -> Circle<f64> {
    let turn = body.sweep.turn;
    Circle {
        axis: body.rotation_at(t).inv_rotate(turn.normalize().unwrap()),
        angle: turn.length() * span,
    }
}

#[test]
fn arc_bound_is_the_support_point_while_it_stays_and_bounds_the_arc() {
    let (bar_sweep, _) = scene();
    let shape = Egg(Vec3::new(1.0, 0.2, 0.4));
    let body = spinning(&shape, bar_sweep);
    let corner_shape = Boxy(Vec3::new(1.0, 0.5, 0.25));
    let corners = spinning(&corner_shape, bar_sweep);
    let quarter = core::f64::consts::FRAC_PI_2 / bar_sweep.turn.length();
    for axis in AXES {
        for i in 0..50 {
            let t = f64::from(i) / 50.0;
            for fraction in [1e-3, 0.1, 0.5, 1.0] {
                let span = quarter * fraction;
                let path = |tau: f64| body.rotation_at(tau).inv_rotate(axis);
                let start = body.supporting_local(path(t));
                let bound = body
                    .arc_bound(start, path, circle_of(&body, t, span), t, span)
                    .unwrap();
                for k in 0..=20 {
                    let tau = t + span * f64::from(k) / 20.0;
                    let at = body.supporting_local(path(tau));
                    let value = at.lever.dot(at.direction);
                    let limit = bound.lever.dot(at.direction) - bound.offset;
                    assert!(value <= limit + 1e-12, "{t} {tau}: {value} > {limit}");
                }
                // A box corner that stays the support point is its own bound.
                let path = |tau: f64| corners.rotation_at(tau).inv_rotate(axis);
                let start = corners.supporting_local(path(t));
                let end = corners.supporting_local(path(t + span));
                let circle = circle_of(&corners, t, span);
                let bound = corners.arc_bound(start, path, circle, t, span);
                let middle = corners.supporting_local(path(t + span * 0.5));
                if end.lever == start.lever && middle.lever == start.lever {
                    assert!(bound.is_some_and(|b| b.lever == start.lever && b.offset == 0.0));
                }
            }
        }
    }
}

#[test]
fn wedge_step_is_clear_of_the_target() {
    let (bar_sweep, slab_sweep) = scene();
    let bar_shape = Boxy(Vec3::new(1.0, 0.01, 0.05));
    let egg_shape = Egg(Vec3::new(1.0, 0.2, 0.4));
    let slab_shape = Boxy(Vec3::new(0.2, 3.0, 2.0));
    let slab = spinning(&slab_shape, slab_sweep);
    let bar = spinning(&bar_shape, bar_sweep);
    let egg = spinning(&egg_shape, bar_sweep);
    // The slab turns about z; a second bar turns about z too, so that along a face
    // of either the other's support direction follows a circle and the support planes
    // bound it.
    let (mut parallel_sweep, _) = scene();
    parallel_sweep.turn = Vec3::new(0.0, 0.0, 7.0);
    let parallel = spinning(&bar_shape, parallel_sweep);
    for axis in AXES {
        let (world, face, face_of_bar) = separations(&slab, &bar, axis);
        check_wedge(&world, true);
        check_wedge(&face, false);
        check_wedge(&face_of_bar, false);
        let (world, face, face_of_slab) = separations(&egg, &slab, axis);
        check_wedge(&world, true);
        check_wedge(&face, false);
        check_wedge(&face_of_slab, false);
        let (world, face, face_of_bar) = separations(&slab, &parallel, axis);
        check_wedge(&world, true);
        check_wedge(&face, true);
        check_wedge(&face_of_bar, true);
    }
}

fn check_reach_bound<P, Q>(separation: &Separation<'_, '_, f64, P, Q>)
where
    P: Support<f64, Vec3<f64>>,
    Q: Support<f64, Vec3<f64>>,
{
    let steps = 300;
    for i in 0..steps {
        let t0 = f64::from(i) / f64::from(steps);
        let at = separation.sample(t0);
        for j in (i + 1)..=steps {
            let t = f64::from(j) / f64::from(steps);
            let h = t - t0;
            let bound = at.separation + at.slope * h - at.curvature * h * h / 2.0;
            let actual = separation.sample(t).separation;
            assert!(actual >= bound - 1e-12, "t0 {t0} t {t}: {actual} < {bound}");
        }
    }
}

/// Every step `wedge_step` certifies stays above its target; where the support
/// planes apply (`planes`), most samples certify one.
fn check_wedge<P, Q>(separation: &Separation<'_, '_, f64, P, Q>, planes: bool)
where
    P: Support<f64, Vec3<f64>>,
    Q: Support<f64, Vec3<f64>>,
{
    let span = core::f64::consts::FRAC_PI_2 / separation.support_turn_rate();
    let mut certified = 0;
    for i in 0..100 {
        let t0 = f64::from(i) / 100.0;
        let at = separation.sample(t0);
        // The support planes' bound itself, over trial steps up to a quarter turn.
        for fraction in [0.01, 0.1, 0.5, 1.0] {
            let span = (span * fraction).min(1.0 - t0);
            let Some(bound) = separation.plane_bound(t0, &at, span) else {
                assert!(!planes, "no bound at {t0}");
                continue;
            };
            // It starts at the separation, less what rounding took off.
            let below = at.separation - bound.value;
            assert!((-1e-12..1e-9).contains(&below), "{below:e}");
            for k in 0..=20 {
                let h = span * f64::from(k) / 20.0;
                let model = bound.value + bound.slope * h - bound.curvature * h * h / 2.0;
                let actual = separation.sample(t0 + h).separation;
                assert!(actual >= model - 1e-12, "t0 {t0} h {h}: {actual} < {model}");
            }
        }
        // A target half a unit below the separation here: the certified step stays
        // above it all along.
        let target = at.separation - 0.5;
        let step = separation.wedge_step(t0, &at, 0.5, target, span.min(1.0 - t0));
        if step > 0.0 {
            certified += 1;
        }
        for k in 0..=40 {
            let t = t0 + step * f64::from(k) / 40.0;
            let actual = separation.sample(t).separation;
            assert!(actual >= target - 1e-12, "{t0} {step}: {actual} < {target}");
        }
    }
    // The bound is not vacuous: most samples certify a step.
    assert!(!planes || certified > 50, "{certified}");
}
