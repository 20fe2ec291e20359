//! The 3D size and stack probe shared by `size-queries3d` and `size-baseline3d`: the
//! same inputs, shapes, stack painting and output, around either the kernel's 3D
//! `distance` or stand-ins that only consume the inputs. As for the plane probe
//! ([`crate::probe`]), the difference of the two `.text` sections is the code the
//! queries bring in.

use core::hint::black_box;

use gjk_conformance::distance_status_code;
use gjk_core::{DistanceOutput, Quat, Transform3, Vec3};
use gjk_shapes::{Capsule3, ConvexPoints, Sphere};

use crate::probe::report;
use crate::{Line, exit, peak_stack};

/// The polytope type the probe measures: the hull of up to eight points.
pub type Hull8 = ConvexPoints<f32, 8>;

/// A 3D distance answer in `f32`.
pub type Distance3 = DistanceOutput<f32, Vec3<f32>>;

/// The shapes and placements every query of the probe uses.
pub struct Scene3 {
    /// An irregular polytope of eight points about 1 from its origin.
    pub hull: Hull8,
    /// A sphere of radius 0.5.
    pub sphere: Sphere<f32>,
    /// A capsule of length about 1.2 and radius 0.25.
    pub capsule: Capsule3<f32>,
    /// Where the polytope is: off the origin and turned about a tilted axis.
    pub xf_hull: Transform3<f32>,
    /// Where the other shape (the second polytope, the sphere or the capsule) is.
    pub xf_other: Transform3<f32>,
}

/// The three queries the probe makes: `distance` of `ConvexPoints<f32, 8>` against
/// itself, a `Sphere` and a `Capsule3`.
pub trait Queries3 {
    /// `distance` between two polytopes.
    fn distance_hulls(scene: &Scene3) -> Distance3;
    /// `distance` between the polytope and the sphere.
    fn distance_hull_sphere(scene: &Scene3) -> Distance3;
    /// `distance` between the polytope and the capsule.
    fn distance_hull_capsule(scene: &Scene3) -> Distance3;
}

/// A query of the probe.
type Query3 = fn(&Scene3) -> Distance3;

/// The polytope's points: an irregular solid around the origin, no trigonometry.
const HULL: [[f32; 3]; 8] = [
    [1.0, 0.2, 0.5],
    [-0.8, 0.9, 0.4],
    [-0.3, -1.0, 0.6],
    [0.7, -0.6, -0.5],
    [-0.9, -0.2, -0.7],
    [0.2, 0.95, -0.6],
    [0.1, 0.1, 1.1],
    [0.0, -0.1, -1.1],
];

/// A turn of `2 acos(0.8)` (about 74 degrees) about the unit axis `(0.6, 0.8, 0)`:
/// `(sin(angle / 2) axis, cos(angle / 2)) = (0.36, 0.48, 0, 0.8)`, unit length
/// without trigonometry.
const TURN: [f32; 4] = [0.36, 0.48, 0.0, 0.8];

/// Builds the scene from inputs the optimizer cannot see through, runs each query
/// under [`peak_stack`], prints `stack <query> <bytes> status <code>` per query and
/// exits. Code 0 means the query answered `Separated`; otherwise the code is one
/// more than the status code of `gjk-conformance`. Shapes that do not build end the
/// run with failure.
pub fn probe3<Q: Queries3>() -> ! {
    let Some(scene) = scene() else {
        Line::new().text("probe: the shapes did not build").print();
        exit(false)
    };
    let scene = &scene;
    let queries: [(&str, Query3); 3] = [
        ("distance3-hull-hull", Q::distance_hulls),
        ("distance3-hull-sphere", Q::distance_hull_sphere),
        ("distance3-hull-capsule", Q::distance_hull_capsule),
    ];
    for (name, query) in queries {
        let mut status = 0;
        let bytes = peak_stack(&mut || {
            status = distance_status_code(black_box(query(black_box(scene))).status);
        });
        let code = if status == 0 { 0 } else { status + 1 };
        report(name, bytes, code);
    }
    Line::new().text("probe done").print();
    exit(true)
}

/// `[x, y, z]` as a vector.
fn vec3([x, y, z]: [f32; 3]) -> Vec3<f32> {
    Vec3::new(x, y, z)
}

/// The scene, from `black_box`ed inputs.
fn scene() -> Option<Scene3> {
    let mut points = [Vec3::ZERO; 8];
    for (slot, point) in points.iter_mut().zip(black_box(HULL)) {
        *slot = vec3(point);
    }
    let hull = Hull8::new(&points).ok()?;
    let sphere = Sphere::new(Vec3::ZERO, black_box(0.5)).ok()?;
    let capsule = Capsule3::new(
        black_box(Vec3::new(-0.5, 0.0, 0.0)),
        black_box(Vec3::new(0.5, 0.3, 0.2)),
        black_box(0.25),
    )
    .ok()?;
    let [x, y, z, w] = black_box(TURN);
    let turn = Quat::from_xyzw(x, y, z, w)?;
    Some(Scene3 {
        hull,
        sphere,
        capsule,
        xf_hull: Transform3::new(black_box(Vec3::new(0.25, -0.5, 0.1)), turn),
        // 3.5 along x from the polytope: every pair is apart by more than a unit.
        xf_other: Transform3::from_translation(black_box(Vec3::new(3.75, 0.2, -0.3))),
    })
}
