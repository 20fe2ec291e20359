//! The generic 3D `gjk_core::project_point` (GJK outside, EPA inside) on every 3D
//! shape class against the exact f64 oracle, in f32 and f64;
//! `points::oracle3d_closed_forms` checks the closed forms of points, spheres,
//! segments, capsules and boxes the same way.
//!
//! A case: a shape of the classes of `distance::oracle3d` at a size log-uniform in
//! `[1e-3, 1e4]`, turned by a random unit quaternion, placed as A is there (at the
//! origin, near it or up to 1e4 away); the query point along a random direction from
//! the shape's origin, deep inside (up to 0.3 of the size), near the surface (0.6 to
//! 1.1) or outside (1 to 10). With `L = max(size, |translation|, |point|)`, checks:
//!
//! - the status is `Inside` or `Outside`; `MaxIterations` only inside a curved shape,
//!   deeper than [`SHALLOW_WITHOUT_CAP`] of its size (EPA could not certify its answer);
//! - a unit normal and `point = surface_point + normal * signed_distance`, within
//!   `bar L`;
//! - outside: the signed distance is the oracle's distance, within `bar L`;
//! - inside a point, segment or polytope core: the signed distance is minus the
//!   oracle's exact depth, within `bar L`, and the surface point is on the surface;
//! - inside a curved core: the point leaves the shape moving by `-signed_distance`
//!   along the normal (the oracle's support values), and, unless the status is
//!   `MaxIterations`, no way out the oracle finds searching the directions
//!   (`gjk_oracle::shallowest_exit3`) is shorter, both within `bar L` (for
//!   `MaxIterations` the test prints how much longer its way out is);
//! - the classification and `contains_point` outside the band around the surface;
//! - the shape's closed form, where it has one (all but convex point sets and rounded
//!   boxes), passes the same checks and gives the generic projection's
//!   signed distance within `bar L` (or a shorter way out, within `bar L`, where the
//!   generic one ended `MaxIterations`).
//!
//! Each test prints its worst errors and how many cases were inside, outside and
//! capped (`--nocapture`). Run it in release:
//! `cargo test -p gjk-shapes --release --test kernel points::oracle3d`.

use core::cell::RefCell;

use crate::harness3d::*;
use gjk_core::{
    PointProjection, PointStatus, Quat, Scalar, Transform3, Vec3, contains_point, project_point,
};
use gjk_oracle::{Core3, P3, Shape3, distance3, separation_along3, shallowest_exit3, transform3};
use gjk_shapes::{
    Capsule3, Cone, Cuboid, Cylinder, Ellipsoid, Point3, Segment3, Sphere, Triangle3,
};
use proptest::prelude::*;
use proptest::test_runner::{TestCaseError, TestRunner};

/// The bars of one scalar type, relative to `L`: those of the 3D distance tests.
#[derive(Clone, Copy, Debug)]
struct Bars {
    error: f64,
    band: f64,
}

const F32: Bars = Bars {
    error: 2e-6,
    band: 1e-5,
};

const F64: Bars = Bars {
    error: 1e-12,
    band: 1e-5,
};

/// Depth below which, in units of the shape's size, a point inside a curved shape
/// must end `Inside` (see `penetration::oracle3d`).
const SHALLOW_WITHOUT_CAP: f64 = 0.05;

/// Cases per test.
const CASES: u32 = 1024;

/// A point query: the shape at its size and placement, the point's direction from
/// the shape's origin (in its local frame) and its distance in units of the size.
#[derive(Clone, Debug)]
struct PointCase {
    shape: Spec,
    size: f64,
    translation: P3,
    quaternion: [f64; 4],
    direction: P3,
    reach: f64,
}

fn point_case(shape: BoxedStrategy<Spec>) -> impl Strategy<Value = PointCase> {
    (
        shape,
        log_uniform(1e-3, 1e4),
        translation(),
        quaternion(),
        unit_vector(),
        prop_oneof![0.0..=0.3, 0.6..=1.1, 1.0..=10.0],
    )
        .prop_map(
            |(shape, size, translation, quaternion, direction, reach)| PointCase {
                shape,
                size,
                translation,
                quaternion,
                direction,
                reach,
            },
        )
}

/// What one case measured.
#[derive(Clone, Copy, Debug, Default)]
struct Measured {
    error: f64,
    identity: f64,
    inside: u32,
    outside: u32,
    capped: u32,
    /// Worst relative excess of a `MaxIterations` depth over the oracle's.
    capped_excess: f64,
    closed_forms: u32,
}

/// The shape's closed-form projection, for the classes that have one.
fn closed_form<S: Scalar>(
    spec: &Spec,
    xf: Transform3<S>,
    point: Vec3<S>,
) -> Option<PointProjection<S, Vec3<S>>> {
    let v = |p: &P3| Vec3::new(S::from_f64(p[0]), S::from_f64(p[1]), S::from_f64(p[2]));
    let s = S::from_f64;
    let valid = "the generated shapes are valid";
    Some(match spec {
        Spec::Point => Point3::new(Vec3::ZERO)
            .expect(valid)
            .project_point(xf, point),
        Spec::Sphere { radius } => Sphere::new(Vec3::ZERO, s(*radius))
            .expect(valid)
            .project_point(xf, point),
        Spec::Segment(a, b) => Segment3::new(v(a), v(b))
            .expect(valid)
            .project_point(xf, point),
        Spec::Capsule { a, b, radius } => Capsule3::new(v(a), v(b), s(*radius))
            .expect(valid)
            .project_point(xf, point),
        Spec::Cuboid { half_extents } => Cuboid::new(v(half_extents))
            .expect(valid)
            .project_point(xf, point),
        Spec::Triangle(t) => Triangle3::new(v(&t[0]), v(&t[1]), v(&t[2]))
            .expect(valid)
            .project_point(xf, point),
        Spec::Cylinder {
            half_height,
            radius,
        } => Cylinder::new(s(*half_height), s(*radius))
            .expect(valid)
            .project_point(xf, point),
        Spec::Cone {
            half_height,
            radius,
        } => Cone::new(s(*half_height), s(*radius))
            .expect(valid)
            .project_point(xf, point),
        Spec::Ellipsoid { semi_axes } => Ellipsoid::new(v(semi_axes))
            .expect(valid)
            .project_point(xf, point),
        _ => return None,
    })
}

fn norm(p: P3) -> f64 {
    (p[0] * p[0] + p[1] * p[1] + p[2] * p[2]).sqrt()
}

fn check<S: Scalar + 'static>(case: &PointCase, bars: Bars) -> Result<Measured, TestCaseError> {
    let round = |x: f64| S::from_f64(x).to_f64();
    let spec = case.shape.map(&|x| round(x * case.size));
    let size = spec.size();
    let shape = spec.kernel::<S>();
    let [x, y, z, w] = case.quaternion.map(S::from_f64);
    let rotation = Quat::from_xyzw(x, y, z, w)
        .or_else(|| Quat { x, y, z, w }.normalize())
        .expect("random quaternions are unit length");
    let translation = case.translation.map(round);
    let v = |p: P3| Vec3::new(S::from_f64(p[0]), S::from_f64(p[1]), S::from_f64(p[2]));
    let xf = Transform3::new(v(translation), rotation);
    let local = case
        .direction
        .map(|c| c * case.reach * size.max(1e-3 * case.size));
    let point = xf.transform_point(v(local));
    let point64 = [point.x, point.y, point.z].map(Scalar::to_f64);

    let quaternion = [rotation.x, rotation.y, rotation.z, rotation.w].map(Scalar::to_f64);
    let local_shape = spec.oracle();
    let placed = Shape3::new(
        transform3(&local_shape.core, translation, quaternion),
        local_shape.radius,
    );
    let query = Shape3::new(Core3::Point(point64), 0.0);
    let exact = distance3(&placed, &query);
    let length = size.max(norm(translation)).max(norm(point64));

    let out = project_point(&*shape, xf, point);
    let context = || format!("{spec:?} {xf:?} {point:?}: {out:?}; exact {exact:?}, L = {length:e}");
    prop_assert!(
        matches!(
            out.status,
            PointStatus::Inside | PointStatus::Outside | PointStatus::MaxIterations
        ),
        "status: {}",
        context()
    );
    let normal = out.normal.cast::<f64>();
    prop_assert!(
        (normal.length() - 1.0).abs() <= 16.0 * S::EPS.to_f64(),
        "normal not unit: {}",
        context()
    );
    let signed = out.signed_distance.to_f64();
    let rebuilt = out.surface_point.cast::<f64>() + normal * signed;
    let identity = (rebuilt - point.cast::<f64>()).length() / length;
    prop_assert!(
        identity <= bars.error,
        "point != surface_point + normal * signed_distance ({identity:e} L): {}",
        context()
    );

    let band = bars.band * length;
    let mut measured = Measured::default();
    let error = if !exact.overlapping {
        let error = (signed - exact.distance).abs() / length;
        prop_assert!(
            error <= bars.error,
            "outside: {signed:e} vs {:e} ({error:e} L): {}",
            exact.distance,
            context()
        );
        if exact.distance > band {
            prop_assert_eq!(out.status, PointStatus::Outside, "{}", context());
        }
        error
    } else if let Some(depth) = exact.depth {
        let error = (signed + depth).abs() / length;
        prop_assert!(
            error <= bars.error,
            "inside: {signed:e} vs {:e} ({error:e} L): {}",
            -depth,
            context()
        );
        if depth > band {
            prop_assert_eq!(out.status, PointStatus::Inside, "{}", context());
        }
        let surface = Shape3::new(
            Core3::Point(
                [
                    out.surface_point.x,
                    out.surface_point.y,
                    out.surface_point.z,
                ]
                .map(Scalar::to_f64),
            ),
            0.0,
        );
        let on = distance3(&placed, &surface);
        let off = if on.overlapping {
            on.depth.unwrap_or(0.0)
        } else {
            on.distance
        } / length;
        prop_assert!(
            off <= bars.error,
            "surface point {off:e} L off: {}",
            context()
        );
        error
    } else {
        // Inside a curved core: `-signed` is a way out, and none shorter is found.
        let depth = -signed;
        let exit = -separation_along3(&placed, &query, [normal.x, normal.y, normal.z]);
        let exit_error = (exit - depth).abs() / length;
        prop_assert!(
            exit_error <= bars.error,
            "the way out along the normal is {exit:e}, not {depth:e}: {}",
            context()
        );
        let (shallowest, _) = shallowest_exit3(&placed, &query, &[[normal.x, normal.y, normal.z]]);
        let too_deep = (depth - shallowest) / length;
        if out.status == PointStatus::MaxIterations {
            // Not certified: a way out, perhaps not the shortest.
            measured.capped_excess = (depth - shallowest) / shallowest;
            prop_assert!(
                shallowest > SHALLOW_WITHOUT_CAP * size,
                "capped {:.3} of the size deep: {}",
                shallowest / size,
                context()
            );
            0.0
        } else {
            prop_assert!(
                too_deep <= bars.error,
                "deeper than the oracle's way out {shallowest:e} ({too_deep:e} L): {}",
                context()
            );
            too_deep.max(0.0)
        }
    };
    if signed.abs() > band && out.status != PointStatus::MaxIterations {
        prop_assert_eq!(out.is_inside(), signed < 0.0, "{}", context());
        let contained = contains_point(&*shape, xf, point);
        prop_assert_eq!(contained, Ok(signed < 0.0), "contains_point: {}", context());
    }
    if let Some(fast) = closed_form(&spec, xf, point) {
        let fast_context = || format!("closed form {fast:?}; generic {}", context());
        prop_assert!(
            matches!(fast.status, PointStatus::Inside | PointStatus::Outside),
            "status: {}",
            fast_context()
        );
        let fast_normal = fast.normal.cast::<f64>();
        prop_assert!(
            (fast_normal.length() - 1.0).abs() <= 16.0 * S::EPS.to_f64(),
            "normal not unit: {}",
            fast_context()
        );
        let fast_signed = fast.signed_distance.to_f64();
        let rebuilt = fast.surface_point.cast::<f64>() + fast_normal * fast_signed;
        let fast_identity = (rebuilt - point.cast::<f64>()).length() / length;
        prop_assert!(
            fast_identity <= bars.error,
            "identity {fast_identity:e} L: {}",
            fast_context()
        );
        let gap = (fast_signed - signed) / length;
        if out.status == PointStatus::MaxIterations {
            prop_assert!(
                gap >= -bars.error,
                "deeper than the generic's way out: {}",
                fast_context()
            );
        } else {
            prop_assert!(
                gap.abs() <= bars.error,
                "{gap:e} L from the generic: {}",
                fast_context()
            );
        }
        if fast_signed < 0.0 {
            let exit = -separation_along3(
                &placed,
                &query,
                [fast_normal.x, fast_normal.y, fast_normal.z],
            );
            let exit_error = (exit + fast_signed).abs() / length;
            prop_assert!(
                exit_error <= bars.error,
                "the way out along the normal is {exit:e}: {}",
                fast_context()
            );
        }
        measured.closed_forms = 1;
    }
    match out.status {
        PointStatus::Inside => measured.inside = 1,
        PointStatus::Outside => measured.outside = 1,
        _ => measured.capped = 1,
    }
    measured.error = error;
    measured.identity = identity;
    Ok(measured)
}

fn run<S: Scalar + 'static>(name: &str, shape: BoxedStrategy<Spec>, bars: Bars) {
    let stats = RefCell::new(Measured::default());
    let result = TestRunner::new(config(CASES)).run(&point_case(shape), |case| {
        let measured = check::<S>(&case, bars)?;
        let mut stats = stats.borrow_mut();
        stats.error = stats.error.max(measured.error);
        stats.identity = stats.identity.max(measured.identity);
        stats.inside += measured.inside;
        stats.outside += measured.outside;
        stats.capped += measured.capped;
        stats.capped_excess = stats.capped_excess.max(measured.capped_excess);
        stats.closed_forms += measured.closed_forms;
        Ok(())
    });
    if let Err(error) = result {
        panic!("{name}: {error}");
    }
    let stats = stats.into_inner();
    eprintln!(
        "MEASURE {name}: worst error {:.1e} L, identity {:.1e} L; {} inside, {} outside, {} \
         MaxIterations, at most {:.1e} deeper than the oracle's way out; {} closed forms \
         compared",
        stats.error,
        stats.identity,
        stats.inside,
        stats.outside,
        stats.capped,
        stats.capped_excess,
        stats.closed_forms
    );
}

/// One f32 and one f64 test per class.
macro_rules! class_tests {
    ($($f32_name:ident, $f64_name:ident: $shape:expr;)*) => {$(
        #[test]
        fn $f32_name() {
            run::<f32>(stringify!($f32_name), $shape, F32);
        }

        #[test]
        fn $f64_name() {
            run::<f64>(stringify!($f64_name), $shape, F64);
        }
    )*};
}

class_tests! {
    f32_generic_projection_on_polytopes, f64_generic_projection_on_polytopes:
        exact_class();
    f32_generic_projection_on_cylinders, f64_generic_projection_on_cylinders: cylinder();
    f32_generic_projection_on_cones, f64_generic_projection_on_cones: cone();
    f32_generic_projection_on_ellipsoids, f64_generic_projection_on_ellipsoids: ellipsoid();
}
