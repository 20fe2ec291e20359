//! The cases of the 3D table: every 3D shape kind of `gjk-shapes` in `distance`, at
//! random placements from seeded generators (unit size, millimetre and kilometre
//! scales, far from the origin, a large shape against a small one), plus exact
//! contacts, invalid input, overlap tests near touching and warm starts.
//!
//! As in the plane's catalogue, each family draws from its own seed, so adding a
//! family adds rows without moving the others, and trigonometry goes through `libm`.

use gjk_conformance::{Placed3, Pose3, Query3, ShapeSpec3};

use super::catalogue::Draft;
use super::oracle3;
use super::rng::Rng;

/// The 3D shape kinds, one per `ShapeSpec3` variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind3 {
    Point,
    Sphere,
    Segment,
    Capsule,
    Cuboid,
    Triangle,
    Points,
    Cylinder,
    Cone,
    Ellipsoid,
    RoundedCuboid,
    TransformedCylinder,
    SweptCuboid,
    SphereHull,
}

impl Kind3 {
    /// Every kind, in table order.
    pub const ALL: [Self; 14] = [
        Self::Point,
        Self::Sphere,
        Self::Segment,
        Self::Capsule,
        Self::Cuboid,
        Self::Triangle,
        Self::Points,
        Self::Cylinder,
        Self::Cone,
        Self::Ellipsoid,
        Self::RoundedCuboid,
        Self::TransformedCylinder,
        Self::SweptCuboid,
        Self::SphereHull,
    ];

    /// The name in labels.
    fn name(self) -> &'static str {
        match self {
            Self::Point => "point",
            Self::Sphere => "sphere",
            Self::Segment => "segment",
            Self::Capsule => "capsule",
            Self::Cuboid => "cuboid",
            Self::Triangle => "triangle",
            Self::Points => "convex-points",
            Self::Cylinder => "cylinder",
            Self::Cone => "cone",
            Self::Ellipsoid => "ellipsoid",
            Self::RoundedCuboid => "rounded-cuboid",
            Self::TransformedCylinder => "transformed-cylinder",
            Self::SweptCuboid => "swept-cuboid",
            Self::SphereHull => "hull(sphere,sphere)",
        }
    }
}

/// Every case, family by family.
pub fn drafts() -> Vec<Draft<Query3>> {
    let mut drafts = Vec::new();
    every_pair_distance(&mut drafts);
    scaled_distance(&mut drafts);
    size_contrast(&mut drafts);
    exact_contacts(&mut drafts);
    invalid_input(&mut drafts);
    near_touching_overlap(&mut drafts);
    warm_starts(&mut drafts);
    drafts
}

/// `distance` on every unordered pair of kinds, unit size, random placement.
fn every_pair_distance(drafts: &mut Vec<Draft<Query3>>) {
    let mut rng = Rng::new(0x0101);
    for (i, &kind_a) in Kind3::ALL.iter().enumerate() {
        for &kind_b in Kind3::ALL.iter().skip(i) {
            let (a, b) = random_pair(&mut rng, kind_a, kind_b, 1.0, [0.0; 3], 3.5);
            drafts.push(Draft::valid(
                format!("distance3 {} / {}", kind_a.name(), kind_b.name()),
                Query3::Distance { a, b },
            ));
        }
    }
}

/// `distance` at millimetre and kilometre scales and 1e4 away from the origin.
fn scaled_distance(drafts: &mut Vec<Draft<Query3>>) {
    let mut rng = Rng::new(0x0102);
    let settings: [(&str, f64, [f64; 3]); 3] = [
        ("scale 1e-3", 1e-3, [0.0; 3]),
        ("scale 1e3", 1e3, [0.0; 3]),
        ("1e4 from origin", 1.0, [1.0e4, -1.0e4, 5.0e3]),
    ];
    for (setting, scale, base) in settings {
        for _ in 0..8 {
            let kind_a = Kind3::ALL[rng.below(Kind3::ALL.len())];
            let kind_b = Kind3::ALL[rng.below(Kind3::ALL.len())];
            let (a, b) = random_pair(&mut rng, kind_a, kind_b, scale, base, 3.0);
            drafts.push(Draft::valid(
                format!("distance3 {} / {}, {setting}", kind_a.name(), kind_b.name()),
                Query3::Distance { a, b },
            ));
        }
    }
}

/// `distance` from a shape 100 across to one 0.5 across, 1e-3 to 1e-1 apart: the
/// pairs whose simplex mixes long and short edges.
fn size_contrast(drafts: &mut Vec<Draft<Query3>>) {
    let mut rng = Rng::new(0x0103);
    for _ in 0..8 {
        let kind_a = Kind3::ALL[rng.below(Kind3::ALL.len())];
        let kind_b = Kind3::ALL[rng.below(Kind3::ALL.len())];
        let a = Placed3 {
            shape: random_shape(&mut rng, kind_a, 50.0),
            pose: random_pose(&mut rng, [0.0; 3], 10.0),
        };
        let mut b = Placed3 {
            shape: random_shape(&mut rng, kind_b, 0.25),
            pose: random_pose(&mut rng, [0.0; 3], 0.0),
        };
        // Start well apart along a random direction; the oracle then slides B in.
        let direction = unit_vector(&mut rng);
        let from_a = a.pose.position.map(f64::from);
        b.pose.position = [0, 1, 2].map(|i| (from_a[i] + 100.0 * direction[i]) as f32);
        let gap = 10.0_f64.powf(rng.uniform(-3.0, -1.0));
        if let Some(position) = oracle3::position_at_gap(&a, &b, gap) {
            b.pose.position = position;
        }
        drafts.push(Draft::valid(
            format!(
                "distance3 {} (size 100) / {} (size 0.5) at {gap:.1e}",
                kind_a.name(),
                kind_b.name()
            ),
            Query3::Distance { a, b },
        ));
    }
}

/// Exact contacts, containment and parallel faces, where the simplex degenerates.
fn exact_contacts(drafts: &mut Vec<Draft<Query3>>) {
    let z_axis = [0.0, 0.0, 1.0];
    let at = |shape, position: [f32; 3], axis: [f32; 3], angle: f32| Placed3 {
        shape,
        pose: Pose3 {
            position,
            axis,
            angle,
        },
    };
    let still = |shape, position| at(shape, position, z_axis, 0.0);
    let cuboid = |x, y, z| ShapeSpec3::Cuboid {
        half_extents: [x, y, z],
    };
    let sphere = |radius| ShapeSpec3::Sphere {
        center: [0.0; 3],
        radius,
    };
    let quarter = core::f32::consts::FRAC_PI_2;
    let eighth = core::f32::consts::FRAC_PI_4;
    let cases: [(&str, Placed3, Placed3); 15] = [
        (
            "cuboids touching face to face",
            still(cuboid(1.0, 0.5, 0.5), [0.0; 3]),
            still(cuboid(0.5, 0.25, 0.25), [1.5, 0.125, -0.125]),
        ),
        (
            "sphere touching a cuboid face",
            still(cuboid(1.0, 1.0, 1.0), [0.0; 3]),
            still(sphere(0.5), [1.5, 0.25, -0.25]),
        ),
        (
            "segment lying on a cuboid face",
            still(cuboid(1.0, 1.0, 1.0), [0.0; 3]),
            still(
                ShapeSpec3::Segment {
                    a: [1.0, -0.5, -0.5],
                    b: [1.0, 0.5, 0.5],
                },
                [0.0; 3],
            ),
        ),
        (
            "triangle lying on a cuboid face",
            still(cuboid(1.0, 1.0, 1.0), [0.0; 3]),
            still(
                ShapeSpec3::Triangle {
                    corners: [[-0.5, -0.5, 1.0], [0.5, -0.5, 1.0], [0.0, 0.5, 1.0]],
                },
                [0.0; 3],
            ),
        ),
        (
            "identical point sets at one pose",
            at(OCTAHEDRON, [0.5, -0.5, 0.25], [1.0, 2.0, 2.0], 0.3),
            at(OCTAHEDRON, [0.5, -0.5, 0.25], [1.0, 2.0, 2.0], 0.3),
        ),
        (
            "point inside a cuboid",
            at(cuboid(1.0, 2.0, 3.0), [0.0; 3], [0.0, 1.0, 1.0], 0.2),
            still(ShapeSpec3::Point([0.0; 3]), [0.25, 0.5, 0.1]),
        ),
        (
            "concentric spheres",
            still(sphere(1.0), [2.0, 3.0, -1.0]),
            still(sphere(0.25), [2.0, 3.0, -1.0]),
        ),
        (
            "parallel faces of turned cuboids",
            still(cuboid(1.0, 0.5, 0.5), [0.0; 3]),
            at(cuboid(0.5, 1.0, 0.5), [3.0, 0.25, 0.1], z_axis, quarter),
        ),
        (
            "capsule parallel to a cuboid face",
            still(cuboid(1.0, 1.0, 1.0), [0.0; 3]),
            still(
                ShapeSpec3::Capsule {
                    a: [0.0, 0.0, -0.5],
                    b: [0.0, 0.0, 0.5],
                    radius: 0.25,
                },
                [2.0, 0.0, 0.0],
            ),
        ),
        (
            "sphere inside an ellipsoid",
            at(
                ShapeSpec3::Ellipsoid {
                    semi_axes: [3.0, 1.0, 1.5],
                },
                [0.0; 3],
                [1.0, 1.0, 0.0],
                0.4,
            ),
            still(sphere(0.5), [0.5, 0.2, -0.1]),
        ),
        (
            "vertex to vertex of cubes",
            still(cuboid(1.0, 1.0, 1.0), [0.0; 3]),
            still(cuboid(1.0, 1.0, 1.0), [3.0, 3.0, 3.0]),
        ),
        (
            "edge across edge of turned cuboids",
            at(cuboid(1.0, 0.25, 0.25), [0.0; 3], [1.0, 0.0, 0.0], eighth),
            at(
                cuboid(0.25, 1.0, 0.25),
                [0.0, 0.0, 1.2],
                [0.0, 1.0, 0.0],
                eighth,
            ),
        ),
        (
            "cylinder standing on a cuboid",
            still(cuboid(1.0, 1.0, 1.0), [0.0; 3]),
            still(
                ShapeSpec3::Cylinder {
                    half_height: 0.5,
                    radius: 0.5,
                },
                [0.0, 0.0, 1.5],
            ),
        ),
        (
            "cone apex down on a cuboid face",
            still(cuboid(1.0, 1.0, 1.0), [0.0; 3]),
            at(
                ShapeSpec3::Cone {
                    half_height: 0.5,
                    radius: 0.5,
                },
                [0.25, -0.25, 1.5],
                [1.0, 0.0, 0.0],
                core::f32::consts::PI,
            ),
        ),
        (
            "cylinders side by side",
            at(
                ShapeSpec3::Cylinder {
                    half_height: 1.0,
                    radius: 0.5,
                },
                [0.0; 3],
                [1.0, 0.0, 0.0],
                quarter,
            ),
            at(
                ShapeSpec3::Cylinder {
                    half_height: 1.0,
                    radius: 0.5,
                },
                [0.0, 0.0, 1.25],
                [0.0, 1.0, 0.0],
                quarter,
            ),
        ),
    ];
    for (label, a, b) in cases {
        drafts.push(Draft::valid(
            format!("distance3 {label}"),
            Query3::Distance { a, b },
        ));
    }
}

/// An octahedron of radius 1 with two extra points inside it.
const OCTAHEDRON: ShapeSpec3 = ShapeSpec3::Points {
    points: &[
        [1.0, 0.0, 0.0],
        [-1.0, 0.0, 0.0],
        [0.0, 1.0, 0.0],
        [0.0, -1.0, 0.0],
        [0.0, 0.0, 1.0],
        [0.0, 0.0, -1.0],
        [0.25, 0.25, 0.0],
        [0.0, -0.25, 0.25],
    ],
};

/// NaN and infinite positions and rotations that do not exist, for every 3D query
/// kind: `InvalidInput`, never an answer.
fn invalid_input(drafts: &mut Vec<Draft<Query3>>) {
    let a = Placed3 {
        shape: ShapeSpec3::Cuboid {
            half_extents: [1.0, 0.5, 0.25],
        },
        pose: Pose3 {
            position: [0.0; 3],
            axis: [0.0, 0.0, 1.0],
            angle: 0.0,
        },
    };
    let poses = [
        ("NaN position", [0.0, f32::NAN, 1.0], [0.0, 0.0, 1.0], 0.0),
        (
            "infinite position",
            [f32::INFINITY, 0.0, 0.0],
            [0.0, 0.0, 1.0],
            0.0,
        ),
        ("NaN angle", [3.0, 0.0, 0.0], [0.0, 0.0, 1.0], f32::NAN),
        ("zero axis", [3.0, 0.0, 0.0], [0.0; 3], 0.5),
    ];
    for (what, position, axis, angle) in poses {
        let b = Placed3 {
            shape: ShapeSpec3::Sphere {
                center: [0.0; 3],
                radius: 0.5,
            },
            pose: Pose3 {
                position,
                axis,
                angle,
            },
        };
        drafts.push(Draft::invalid(
            format!("distance3 invalid: {what}"),
            Query3::Distance { a, b },
        ));
        drafts.push(Draft::invalid(
            format!("intersects3 invalid: {what}"),
            Query3::Intersects { a, b },
        ));
        drafts.push(Draft::invalid(
            format!("cached distance3 invalid: {what}"),
            Query3::DistanceCached {
                a,
                b,
                b_next: b.pose,
            },
        ));
    }
}

/// `intersects` on random pairs placed within a few percent of their size of
/// touching, on both sides (on the outer side only where the oracle cannot tell how
/// deep two curved cores overlap).
fn near_touching_overlap(drafts: &mut Vec<Draft<Query3>>) {
    let mut rng = Rng::new(0x0104);
    for index in 0..28 {
        let kind_a = Kind3::ALL[index % Kind3::ALL.len()];
        let kind_b = Kind3::ALL[rng.below(Kind3::ALL.len())];
        let (a, mut b) = random_pair(&mut rng, kind_a, kind_b, 1.0, [0.0; 3], 3.0);
        let gap = rng.uniform(-0.05, 0.05);
        let size = oracle3::world(&a).map_or(1.0, |shape| oracle3::extent(&shape));
        let placed = oracle3::position_at_gap(&a, &b, gap * size)
            .or_else(|| oracle3::position_at_gap(&a, &b, -gap * size));
        if let Some(position) = placed {
            b.pose.position = position;
        }
        drafts.push(Draft::valid(
            format!(
                "intersects3 {} / {} near touching",
                kind_a.name(),
                kind_b.name()
            ),
            Query3::Intersects { a, b },
        ));
    }
}

/// `distance_cached`: a cold query, then a warm one after a small motion.
fn warm_starts(drafts: &mut Vec<Draft<Query3>>) {
    let mut rng = Rng::new(0x0105);
    for index in 0..28 {
        let kind_a = Kind3::ALL[index % Kind3::ALL.len()];
        let kind_b = Kind3::ALL[rng.below(Kind3::ALL.len())];
        let (a, b) = random_pair(&mut rng, kind_a, kind_b, 1.0, [0.0; 3], 3.5);
        let nudge = |rng: &mut Rng, value: f32| value + rng.uniform_f32(-0.05, 0.05);
        let [x, y, z] = b.pose.position;
        let b_next = Pose3 {
            position: [nudge(&mut rng, x), nudge(&mut rng, y), nudge(&mut rng, z)],
            axis: b.pose.axis,
            angle: nudge(&mut rng, b.pose.angle),
        };
        drafts.push(Draft::valid(
            format!("cached distance3 {} / {}", kind_a.name(), kind_b.name()),
            Query3::DistanceCached { a, b, b_next },
        ));
    }
}

/// Two shapes at size `scale`: A near `base`, B up to `spread * scale` away from it,
/// both turned about random axes by random angles.
fn random_pair(
    rng: &mut Rng,
    kind_a: Kind3,
    kind_b: Kind3,
    scale: f64,
    base: [f64; 3],
    spread: f64,
) -> (Placed3, Placed3) {
    let a = Placed3 {
        shape: random_shape(rng, kind_a, scale),
        pose: random_pose(rng, base, 0.5 * scale),
    };
    let direction = unit_vector(rng);
    let reach = rng.uniform(0.0, spread) * scale;
    let from_a = a.pose.position.map(f64::from);
    let b_at = [
        from_a[0] + reach * direction[0],
        from_a[1] + reach * direction[1],
        from_a[2] + reach * direction[2],
    ];
    let b = Placed3 {
        shape: random_shape(rng, kind_b, scale),
        pose: random_pose(rng, b_at, 0.0),
    };
    (a, b)
}

/// A pose within `jitter` of `center` along each axis, turned about a random axis by
/// a random angle.
fn random_pose(rng: &mut Rng, center: [f64; 3], jitter: f64) -> Pose3 {
    let mut coordinate = |c: f64| (c + rng.uniform(-1.0, 1.0) * jitter) as f32;
    let position = [
        coordinate(center[0]),
        coordinate(center[1]),
        coordinate(center[2]),
    ];
    Pose3 {
        position,
        axis: unit_vector(rng).map(|c| c as f32),
        angle: rng.angle(),
    }
}

/// A uniformly random unit vector: uniform height and longitude (Archimedes).
fn unit_vector(rng: &mut Rng) -> [f64; 3] {
    let z = rng.uniform(-1.0, 1.0);
    let longitude = rng.uniform(0.0, core::f64::consts::TAU);
    let r = (1.0 - z * z).max(0.0).sqrt();
    [r * libm::cos(longitude), r * libm::sin(longitude), z]
}

/// A random valid shape of `kind` about `scale` in size.
pub fn random_shape(rng: &mut Rng, kind: Kind3, scale: f64) -> ShapeSpec3 {
    loop {
        let spec = draw_shape(rng, kind, scale);
        if spec.build().is_ok() {
            return spec;
        }
    }
}

/// One draw of a shape of `kind`; it may fail to build (the caller draws again).
fn draw_shape(rng: &mut Rng, kind: Kind3, s: f64) -> ShapeSpec3 {
    let mut length = |low: f64, high: f64| rng.uniform_f32(low * s, high * s);
    match kind {
        Kind3::Point => {
            ShapeSpec3::Point([length(-0.2, 0.2), length(-0.2, 0.2), length(-0.2, 0.2)])
        }
        Kind3::Sphere => ShapeSpec3::Sphere {
            center: [length(-0.2, 0.2), length(-0.2, 0.2), length(-0.2, 0.2)],
            radius: length(0.2, 1.0),
        },
        Kind3::Segment => ShapeSpec3::Segment {
            a: [length(-1.2, -0.2), length(-0.6, 0.6), length(-0.6, 0.6)],
            b: [length(0.2, 1.2), length(-0.6, 0.6), length(-0.6, 0.6)],
        },
        Kind3::Capsule => ShapeSpec3::Capsule {
            a: [length(-1.0, -0.2), length(-0.4, 0.4), length(-0.4, 0.4)],
            b: [length(0.2, 1.0), length(-0.4, 0.4), length(-0.4, 0.4)],
            radius: length(0.1, 0.5),
        },
        Kind3::Cuboid => ShapeSpec3::Cuboid {
            half_extents: [length(0.2, 1.2), length(0.1, 0.8), length(0.1, 0.8)],
        },
        Kind3::Triangle => ShapeSpec3::Triangle {
            corners: [
                [length(-1.0, 1.0), length(-1.0, 1.0), length(-0.3, 0.3)],
                [length(-1.0, 1.0), length(-1.0, 1.0), length(-0.3, 0.3)],
                [length(-1.0, 1.0), length(-1.0, 1.0), length(-0.3, 0.3)],
            ],
        },
        Kind3::Points => ShapeSpec3::Points {
            points: leak(points_in_box(rng, s)),
        },
        Kind3::Cylinder => ShapeSpec3::Cylinder {
            half_height: length(0.2, 1.0),
            radius: length(0.2, 0.8),
        },
        Kind3::Cone => ShapeSpec3::Cone {
            half_height: length(0.2, 1.0),
            radius: length(0.2, 0.8),
        },
        // Axis ratios up to 6: the oracle samples curved surfaces finely enough up to
        // about 10 (see gjk-oracle's documentation).
        Kind3::Ellipsoid => ShapeSpec3::Ellipsoid {
            semi_axes: [length(0.3, 1.2), length(0.25, 1.0), length(0.2, 0.8)],
        },
        Kind3::RoundedCuboid => ShapeSpec3::RoundedCuboid {
            half_extents: [length(0.2, 0.8), length(0.1, 0.6), length(0.1, 0.6)],
            rounding: length(0.05, 0.4),
        },
        Kind3::TransformedCylinder => {
            let half_height = length(0.2, 0.8);
            let radius = length(0.1, 0.6);
            ShapeSpec3::TransformedCylinder {
                half_height,
                radius,
                pose: random_pose(rng, [0.0; 3], 0.5 * s),
            }
        }
        Kind3::SweptCuboid => ShapeSpec3::SweptCuboid {
            half_extents: [length(0.2, 0.6), length(0.1, 0.5), length(0.1, 0.5)],
            sweep: [length(0.3, 1.5), length(-1.0, 1.0), length(-1.0, 1.0)],
        },
        Kind3::SphereHull => ShapeSpec3::SphereHull {
            first: [length(-1.0, -0.2), length(-0.5, 0.5), length(-0.5, 0.5)],
            second: [length(0.2, 1.0), length(-0.5, 0.5), length(-0.5, 0.5)],
            radius: length(0.1, 0.6),
        },
    }
}

/// 4 to 16 points in a random box about `s` across (interior points included: the
/// hull is implicit).
fn points_in_box(rng: &mut Rng, s: f64) -> Vec<[f32; 3]> {
    let count = 4 + rng.below(13);
    let half = [
        rng.uniform(0.5, 1.2) * s,
        rng.uniform(0.3, 1.0) * s,
        rng.uniform(0.3, 1.0) * s,
    ];
    (0..count)
        .map(|_| half.map(|h| rng.uniform_f32(-h, h)))
        .collect()
}

/// A point list that lives as long as the generator (the table is written once per
/// run).
fn leak(points: Vec<[f32; 3]>) -> &'static [[f32; 3]] {
    Box::leak(points.into_boxed_slice())
}
