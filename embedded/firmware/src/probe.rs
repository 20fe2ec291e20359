//! The size and stack probe shared by `size-queries` and `size-baseline`: the same
//! inputs, shapes, stack painting and output, around either the kernel's queries or
//! stand-ins that only consume the inputs. The difference of the two `.text` sections
//! is the code the queries bring in.

use core::hint::black_box;

use gjk_conformance::{cast_status_code, distance_status_code};
use gjk_core::{CastOutput, CastStatus, DistanceOutput, Ray, Rot, ShapeCastInput, Transform, Vec2};
use gjk_shapes::{Circle, Polygon};

use crate::{Line, exit, peak_stack};

/// The polygon type the probe measures.
pub type Polygon8 = Polygon<f32, 8>;

/// The shapes and motions every query of the probe uses.
pub struct Scene {
    /// A regular octagon of radius 1.
    pub octagon: Polygon8,
    /// A circle of radius 0.5.
    pub circle: Circle<f32>,
    /// Where the octagon is.
    pub xf_octagon: Transform<f32>,
    /// Where the circle, or the second octagon, is.
    pub xf_other: Transform<f32>,
    /// A ray towards the shapes.
    pub ray: Ray<f32>,
    /// The other shape moving onto the octagon.
    pub cast: ShapeCastInput<f32>,
    /// Where the circle starts inside the octagon's reach: its centre outside the
    /// octagon, its rounding over it. A cast from there starts inside with the cores
    /// apart, the path that ends with a distance query for the exact normal.
    pub xf_circle_inside: Transform<f32>,
    /// A ray from inside the circle's rounding, off its centre: the same path.
    pub ray_inside: Ray<f32>,
}

/// The six queries the probe makes, for `Polygon<f32, 8>` and `Circle`.
pub trait Queries {
    /// `distance` between two octagons.
    fn distance_polygons(scene: &Scene) -> DistanceOutput<f32>;
    /// `distance` between the octagon and the circle.
    fn distance_polygon_circle(scene: &Scene) -> DistanceOutput<f32>;
    /// A ray cast (`support_ray_cast`, or `ray_cast` on `dyn Support`) against the octagon.
    fn ray_polygon(scene: &Scene) -> CastOutput<f32>;
    /// A ray cast (`support_ray_cast`, or `ray_cast` on `dyn Support`) against the circle.
    fn ray_circle(scene: &Scene) -> CastOutput<f32>;
    /// `shape_cast` of an octagon onto the octagon.
    fn cast_polygons(scene: &Scene) -> CastOutput<f32>;
    /// `shape_cast` of the circle onto the octagon.
    fn cast_polygon_circle(scene: &Scene) -> CastOutput<f32>;
    /// A ray cast (`support_ray_cast`, or `ray_cast` on `dyn Support`) against the circle from inside its rounding.
    fn ray_circle_from_inside(scene: &Scene) -> CastOutput<f32>;
    /// `shape_cast` of the circle onto the octagon from within reach.
    fn cast_polygon_circle_from_inside(scene: &Scene) -> CastOutput<f32>;
}

/// A distance query of the probe.
type DistanceQuery = fn(&Scene) -> DistanceOutput<f32>;

/// A cast query of the probe.
type CastQuery = fn(&Scene) -> CastOutput<f32>;

/// `cos(pi / 4)`, the coordinate of the octagon's diagonal vertices.
const DIAGONAL: f32 = core::f32::consts::FRAC_1_SQRT_2;

/// A regular octagon of radius 1, vertex k at angle k pi / 4, without trigonometry.
const OCTAGON: [[f32; 2]; 8] = [
    [1.0, 0.0],
    [DIAGONAL, DIAGONAL],
    [0.0, 1.0],
    [-DIAGONAL, DIAGONAL],
    [-1.0, 0.0],
    [-DIAGONAL, -DIAGONAL],
    [0.0, -1.0],
    [DIAGONAL, -DIAGONAL],
];

/// Builds the scene from inputs the optimizer cannot see through, runs each query
/// under [`peak_stack`], prints `stack <query> <bytes> status <code>` per query and
/// exits. Code 0 means the query answered as expected: `Separated` for the distances,
/// `Hit` for the casts, and `StartsInside` with a normal for the casts from inside
/// (otherwise the code is one more than the status code of `gjk-conformance`). Shapes
/// that do not build end the run with failure.
pub fn probe<Q: Queries>() -> ! {
    let Some(scene) = scene() else {
        Line::new().text("probe: the shapes did not build").print();
        exit(false)
    };
    let scene = &scene;
    let distances: [(&str, DistanceQuery); 2] = [
        ("distance-polygon-polygon", Q::distance_polygons),
        ("distance-polygon-circle", Q::distance_polygon_circle),
    ];
    for (name, query) in distances {
        let mut status = 0;
        let bytes = peak_stack(&mut || {
            status = distance_status_code(black_box(query(black_box(scene))).status);
        });
        let code = if status == 0 { 0 } else { status + 1 };
        report(name, bytes, code);
    }
    let casts: [(&str, CastQuery, CastStatus); 6] = [
        ("ray-polygon", Q::ray_polygon, CastStatus::Hit),
        ("ray-circle", Q::ray_circle, CastStatus::Hit),
        (
            "shape-cast-polygon-polygon",
            Q::cast_polygons,
            CastStatus::Hit,
        ),
        (
            "shape-cast-polygon-circle",
            Q::cast_polygon_circle,
            CastStatus::Hit,
        ),
        (
            "ray-circle-from-inside",
            Q::ray_circle_from_inside,
            CastStatus::StartsInside,
        ),
        (
            "shape-cast-polygon-circle-from-inside",
            Q::cast_polygon_circle_from_inside,
            CastStatus::StartsInside,
        ),
    ];
    for (name, query, expected) in casts {
        let mut answer = (CastStatus::InvalidInput, Vec2::ZERO);
        let bytes = peak_stack(&mut || {
            let out = black_box(query(black_box(scene)));
            answer = (out.status, out.normal);
        });
        let (status, normal) = answer;
        let as_expected = status == expected && normal != Vec2::ZERO;
        let code = if as_expected {
            0
        } else {
            cast_status_code(status) + 1
        };
        report(name, bytes, code);
    }
    Line::new().text("probe done").print();
    exit(true)
}

/// One result line: `stack <name> <bytes> status <code>`.
pub(crate) fn report(name: &str, bytes: u32, status: u32) {
    Line::new()
        .text("stack ")
        .text(name)
        .text(" ")
        .number(bytes)
        .text(" status ")
        .number(status)
        .print();
}

/// The scene, from `black_box`ed inputs.
fn scene() -> Option<Scene> {
    let mut vertices = [Vec2::ZERO; 8];
    for (slot, [x, y]) in vertices.iter_mut().zip(black_box(OCTAGON)) {
        *slot = Vec2::new(x, y);
    }
    let octagon = Polygon8::new(&vertices).ok()?;
    let circle = Circle::new(Vec2::ZERO, black_box(0.5)).ok()?;
    // A turn of 0.3 rad as (cos, sin) rounded to f32: no trigonometry in the probe.
    let turn = Rot {
        cos: black_box(0.955_336_5),
        sin: black_box(0.295_520_2),
    };
    Some(Scene {
        octagon,
        circle,
        xf_octagon: Transform::new(black_box(Vec2::new(0.25, -0.5)), turn),
        xf_other: Transform::new(black_box(Vec2::new(3.5, 0.0)), Rot::IDENTITY),
        ray: Ray::new(
            black_box(Vec2::new(-4.0, 0.1)),
            black_box(Vec2::new(12.0, 0.0)),
        ),
        cast: ShapeCastInput::moving_b(black_box(Vec2::new(-4.0, -0.5))),
        // The octagon reaches x = 0.25 + 0.924 (its inradius) along its rotated face
        // normals; a circle centred 1.45 away is 0.2 to 0.3 outside the octagon,
        // within its radius 0.5.
        xf_circle_inside: Transform::new(black_box(Vec2::new(1.45, 0.0)), Rot::IDENTITY),
        ray_inside: Ray::new(
            black_box(Vec2::new(3.6, 0.1)),
            black_box(Vec2::new(12.0, 0.0)),
        ),
    })
}
