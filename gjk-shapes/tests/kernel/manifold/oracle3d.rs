//! 3D `manifold` on this crate's 3D shapes against the exact f64 oracle, in f32 and
//! f64: the cases of `distance::oracle3d` (sizes, rotations, translations up to 1e4
//! and the scale `L` are documented there), B moved from A along a random direction
//! to a gap of `-0.3` to `0.1` times the smaller size, the speculative distance
//! `0.05 L`.
//!
//! Checks on every case:
//!
//! - points exactly when the oracle's signed distance is within the speculative
//!   distance (outside the band around it), a unit normal, at most four points;
//! - each point's anchors, placed in the world, differ by `separation * normal`: the
//!   separation is the gap between them along the normal, and they face each other
//!   across it;
//! - anchors on their surfaces where the oracle knows the surface exactly (point,
//!   segment and polytope cores without rounding); with a rounding, never outside it;
//! - no point deeper than the shapes reach along the normal (the oracle's separation
//!   along it), and the deepest point at that depth within the reduction's tie, a
//!   thousandth of `L` (for polytope, segment and point cores);
//! - every id names features that hold the point: a vertex at its core point, an
//!   edge through it, a face (its plane) under it, on shapes whose vertices are
//!   fixed points (boxes, triangles, segments, capsules, polyhedra).
//!
//! Point sets are built as `Polyhedron`s of their hulls, which have faces.
//!
//! Each test prints its worst errors and how many cases had points (`--nocapture`).
//! Run it in release: `cargo test -p gjk-shapes --release --test kernel manifold::oracle3d`.

use core::cell::RefCell;

use crate::harness3d::*;
use gjk_core::{
    ContactFeature, ContactShape, FeatureId, Manifold, Quat, QueryError, Scalar, Transform3, Vec3,
    manifold,
};
use gjk_oracle::separation_along3;
use proptest::prelude::*;
use proptest::test_runner::{TestCaseError, TestRunner};

/// The bars of one scalar type, relative to `L`.
#[derive(Clone, Copy, Debug)]
struct Bars {
    /// Error of positions and separations.
    position: f64,
    /// Error of the points on a pair with a curved core: GJK's witnesses there are
    /// the bar of `distance::witness3d` off the true closest points.
    curved: f64,
    /// Half-width of the band around the speculative distance where points may or
    /// may not appear.
    band: f64,
}

/// f32: the bar of the 3D penetration tests (points are built from EPA's and GJK's
/// normal, faces rotated into A's frame and clipped, a few roundings of `L` more).
const F32: Bars = Bars {
    position: 1e-5,
    curved: 4e-5,
    band: 1e-5,
};

/// f64: the kernel's aim of about 1e-12 L (docs/accuracy.md).
const F64: Bars = Bars {
    position: 1e-12,
    curved: 4e-9,
    band: 1e-5,
};

/// The speculative distance, relative to `L`.
const SPECULATIVE: f64 = 0.05;

/// The reduction keeps the first point met within a thousandth of the patch's
/// extent of the deepest (`dim3/face_clip.rs`), so the deepest point kept may be
/// that much shallower.
const TIE: f64 = 1e-3;

/// Cases per test.
const CASES: u32 = 512;

/// What one case measured.
#[derive(Clone, Copy, Debug, Default)]
struct Measured {
    /// Worst position or separation error, relative to `L`.
    position_error: f64,
    /// Worst distance of an anchor from its surface, relative to `L`.
    surface_error: f64,
    /// Worst distance of a point from the features its id names, relative to `L`.
    feature_error: f64,
    points: usize,
}

/// Whether the shape's vertex ids are fixed points of its core (a cylinder's and a
/// cone's rim ids name points of its cap octagon and of its side, not checked here).
fn fixed_vertices(spec: &Spec) -> bool {
    !matches!(
        spec,
        Spec::Cylinder { .. } | Spec::Cone { .. } | Spec::Ellipsoid { .. } | Spec::Sphere { .. }
    )
}

/// Whether the shape's core is curved.
fn curved(spec: &Spec) -> bool {
    matches!(
        spec,
        Spec::Cylinder { .. } | Spec::Cone { .. } | Spec::Ellipsoid { .. }
    )
}

/// Whether the oracle knows the shape's surface exactly and it has no rounding.
fn exact_surface(spec: &Spec) -> bool {
    matches!(
        spec,
        Spec::Point
            | Spec::Segment(..)
            | Spec::Cuboid { .. }
            | Spec::Triangle(..)
            | Spec::Points(..)
    )
}

/// How far `core_point` (in the shape's frame) lies from the feature `feature`.
fn off_feature<S: Scalar>(
    shape: &dyn ContactShape<S, Vec3<S>>,
    feature: ContactFeature,
    core_point: Vec3<f64>,
) -> Option<f64> {
    let vertex = |index: u32| {
        shape
            .feature_point(FeatureId::vertex(index))
            .map(|p| p.cast::<f64>())
    };
    match feature {
        ContactFeature::Vertex(index) => Some((vertex(index)? - core_point).length()),
        ContactFeature::Edge(first, second) => {
            let (start, end) = (vertex(first)?, vertex(second)?);
            let along = end - start;
            let t = if along.length_squared() > 0.0 {
                (along.dot(core_point - start) / along.length_squared()).clamp(0.0, 1.0)
            } else {
                0.0
            };
            Some((start + along * t - core_point).length())
        }
        ContactFeature::Face(id) => {
            let corners: Vec<Vec3<f64>> = (0..)
                .map_while(|k| shape.face_vertex(id, k).map(|p| p.point.cast::<f64>()))
                .collect();
            let normal = (corners[1] - corners[0])
                .cross(corners[2] - corners[0])
                .normalize()?;
            Some(normal.dot(core_point - corners[0]).abs())
        }
        ContactFeature::Smooth => None,
    }
}

/// The transform in f64, its rotation's components as they are (unit length to
/// the rounding of `S`).
fn widened<S: Scalar>(xf: Transform3<S>) -> Transform3<f64> {
    let q = xf.rotation;
    Transform3 {
        translation: xf.translation.cast(),
        rotation: Quat {
            x: q.x.to_f64(),
            y: q.y.to_f64(),
            z: q.z.to_f64(),
            w: q.w.to_f64(),
        },
    }
}

fn check<S: Scalar + 'static>(
    scene: &Scene<S>,
    case: &Case,
    bars: Bars,
) -> Result<Measured, TestCaseError> {
    let length = scene.length;
    let speculative = SPECULATIVE * length;
    let (Some(shape_a), Some(shape_b)) = (
        scene.specs[0].contact_kernel::<S>(),
        scene.specs[1].contact_kernel::<S>(),
    ) else {
        // A point set too close to flat for its faces: not a polyhedron.
        return Ok(Measured::default());
    };
    let result = manifold(
        &*shape_a,
        scene.xf_a,
        &*shape_b,
        scene.xf_b,
        S::from_f64(speculative),
    );
    let exact = &scene.exact;
    let signed = if exact.overlapping {
        -exact.depth.unwrap_or(0.0)
    } else {
        exact.distance
    };
    let contact: Manifold<S, Vec3<S>> = match result {
        Ok(contact) => contact,
        // GJK's cap on a curved pair, not certain to be within the speculative distance.
        Err(QueryError::MaxIterations) => return Ok(Measured::default()),
        Err(error) => return Err(TestCaseError::fail(format!("{error:?}; exact {exact:?}"))),
    };
    let context = || format!("{contact:?}; exact {exact:?}, L = {length:e}");
    let band = bars.band * length;
    if exact.depth.is_some() || !exact.overlapping {
        if signed < speculative - band {
            prop_assert!(
                !contact.is_empty(),
                "no points within the speculative distance: {}",
                context()
            );
        }
        if signed > speculative + band {
            prop_assert!(
                contact.is_empty(),
                "points beyond the speculative distance: {}",
                context()
            );
        }
    }
    let mut measured = Measured {
        points: contact.points().len(),
        ..Measured::default()
    };
    if contact.is_empty() {
        return Ok(measured);
    }
    prop_assert!(contact.points().len() <= 4);
    let world_normal = scene.xf_a.rotation.rotate(contact.normal).cast::<f64>();
    prop_assert!(
        (world_normal.length() - 1.0).abs() <= 1e-5,
        "normal not unit: {}",
        context()
    );
    let radius_a = shape_a.radius().to_f64();
    let radius_b = shape_b.radius().to_f64();
    let reach = separation_along3(
        &scene.world[0],
        &scene.world[1],
        [world_normal.x, world_normal.y, world_normal.z],
    );
    let (xf_a, xf_b) = (widened(scene.xf_a), widened(scene.xf_b));
    let bar = bars.position * length;
    let point_bar = if curved(&case.a) || curved(&case.b) {
        bars.curved * length
    } else {
        bar
    };
    let mut deepest = f64::INFINITY;
    for point in contact.points() {
        let on_a = xf_a.transform_point(point.anchor_a.cast::<f64>());
        let on_b = xf_b.transform_point(point.anchor_b.cast::<f64>());
        let separation = point.separation.to_f64();
        deepest = deepest.min(separation);
        let identity = (on_b - on_a - world_normal * separation).length();
        measured.position_error = measured.position_error.max(identity / length);
        prop_assert!(
            identity <= bar,
            "anchors {identity:e} off the separation: {}",
            context()
        );
        prop_assert!(
            separation >= reach - bar,
            "deeper ({separation:e}) than the shapes reach ({reach:e}): {}",
            context()
        );
        for (spec, shape, placed, on_surface) in [
            (&case.a, &scene.world[0], xf_a, on_a),
            (&case.b, &scene.world[1], xf_b, on_b),
        ] {
            let _ = placed;
            if exact_surface(spec) {
                let off = off_surface(shape, on_surface);
                measured.surface_error = measured.surface_error.max(off / length);
                prop_assert!(
                    off <= point_bar,
                    "anchor {off:e} off its surface: {}",
                    context()
                );
            }
        }
        // The core points in each shape's frame, and the features their ids name.
        let core_a = point.anchor_a.cast::<f64>() - contact.normal.cast::<f64>() * radius_a;
        let normal_b = xf_b.rotation.inv_rotate(world_normal);
        let core_b = point.anchor_b.cast::<f64>() + normal_b * radius_b;
        for (spec, shape, feature, core) in [
            (&case.a, &*shape_a, point.id.feature_a, core_a),
            (&case.b, &*shape_b, point.id.feature_b, core_b),
        ] {
            if !fixed_vertices(spec) {
                continue;
            }
            if let Some(off) = off_feature(shape, feature, core) {
                measured.feature_error = measured.feature_error.max(off / length);
                prop_assert!(
                    off <= point_bar,
                    "{feature:?} {off:e} from its point {core:?} on {spec:?}: {}",
                    context()
                );
            }
        }
    }
    if exact_surface(&case.a) && exact_surface(&case.b) {
        prop_assert!(
            deepest <= reach + bar + TIE * length,
            "the deepest point ({deepest:e}) short of the shapes' reach ({reach:e}): {}",
            context()
        );
    }
    Ok(measured)
}

/// Runs `cases` random cases of `strategy` in `S` and prints what it measured.
fn run<S: Scalar + 'static>(name: &str, strategy: impl Strategy<Value = Case>, bars: Bars) {
    let stats = RefCell::new((Measured::default(), 0_usize, 0_usize));
    let result = TestRunner::new(config(CASES)).run(&strategy, |case| {
        let scene = Scene::<S>::new(&case);
        let measured = check(&scene, &case, bars)?;
        let mut stats = stats.borrow_mut();
        stats.0.position_error = stats.0.position_error.max(measured.position_error);
        stats.0.surface_error = stats.0.surface_error.max(measured.surface_error);
        stats.0.feature_error = stats.0.feature_error.max(measured.feature_error);
        stats.1 += usize::from(measured.points > 0);
        stats.2 += measured.points;
        Ok(())
    });
    if let Err(error) = result {
        panic!("{name}: {error}");
    }
    let (worst, with_points, points) = stats.into_inner();
    eprintln!(
        "MEASURE {name}: worst anchors {:.1e} L, surfaces {:.1e} L, features {:.1e} L; \
         {with_points} of {CASES} with points, {points} points",
        worst.position_error, worst.surface_error, worst.feature_error
    );
}

/// One f32 and one f64 test per class of shape A.
macro_rules! class_tests {
    ($($f32_name:ident, $f64_name:ident: $a:expr, $b:expr;)*) => {$(
        #[test]
        fn $f32_name() {
            run::<f32>(stringify!($f32_name), overlapping_case($a, $b, -0.3..=0.1), F32);
        }

        #[test]
        fn $f64_name() {
            run::<f64>(stringify!($f64_name), overlapping_case($a, $b, -0.3..=0.1), F64);
        }
    )*};
}

class_tests! {
    f32_cuboid_manifold_matches_oracle, f64_cuboid_manifold_matches_oracle: cuboid(), any_class();
    f32_triangle_manifold_matches_oracle, f64_triangle_manifold_matches_oracle: triangle(), any_class();
    f32_capsule_manifold_matches_oracle, f64_capsule_manifold_matches_oracle: capsule(), any_class();
    f32_segment_manifold_matches_oracle, f64_segment_manifold_matches_oracle: segment(), exact_class();
    f32_rounded_cuboid_manifold_matches_oracle, f64_rounded_cuboid_manifold_matches_oracle: rounded_cuboid(), any_class();
    f32_points_manifold_matches_oracle, f64_points_manifold_matches_oracle: points(), exact_class();
    f32_cylinder_manifold_matches_oracle, f64_cylinder_manifold_matches_oracle: cylinder(), any_class();
    f32_cone_manifold_matches_oracle, f64_cone_manifold_matches_oracle: cone(), any_class();
    f32_sphere_manifold_matches_oracle, f64_sphere_manifold_matches_oracle: sphere(), any_class();
}
