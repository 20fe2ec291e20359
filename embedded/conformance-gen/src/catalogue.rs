//! The cases of the table: every shape kind of `gjk-shapes` in every query, at random
//! placements from seeded generators, plus exact contacts and invalid input that
//! random placements never produce.
//!
//! Each family draws from its own seed, so adding a family (or a query kind) adds rows
//! without moving the existing ones. Trigonometry goes through `libm`, pure Rust, so
//! the table comes out the same on every host (the C library's `sin` may differ in the
//! last bit between versions).

use gjk_conformance::{Placed, Pose, Query, ShapeSpec};

use super::oracle;
use super::rng::Rng;

/// A case before it is run: a label and the query (of the plane unless named
/// otherwise).
pub struct Draft<Q = Query> {
    /// What the case is.
    pub label: String,
    /// The query.
    pub query: Q,
    /// Whether the query must report invalid input.
    pub invalid: bool,
}

impl<Q> Draft<Q> {
    /// A case with valid input.
    pub fn valid(label: String, query: Q) -> Self {
        Self {
            label,
            query,
            invalid: false,
        }
    }

    /// A case whose query must report invalid input.
    pub fn invalid(label: String, query: Q) -> Self {
        Self {
            label,
            query,
            invalid: true,
        }
    }
}

/// The shape kinds, one per `ShapeSpec` variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Point,
    Circle,
    Ellipse,
    Segment,
    Capsule,
    Rect,
    Polygon,
    Regular,
    HullOf,
    RoundedRegular,
    RoundedEllipse,
    TransformedRect,
    TransformedEllipse,
    SweptRect,
    EllipsePlusCircle,
    CircleHull,
    RectCircleHull,
    RegularPointHull,
}

impl Kind {
    /// Every kind, in table order.
    pub const ALL: [Self; 18] = [
        Self::Point,
        Self::Circle,
        Self::Ellipse,
        Self::Segment,
        Self::Capsule,
        Self::Rect,
        Self::Polygon,
        Self::Regular,
        Self::HullOf,
        Self::RoundedRegular,
        Self::RoundedEllipse,
        Self::TransformedRect,
        Self::TransformedEllipse,
        Self::SweptRect,
        Self::EllipsePlusCircle,
        Self::CircleHull,
        Self::RectCircleHull,
        Self::RegularPointHull,
    ];

    /// The name in labels.
    fn name(self) -> &'static str {
        match self {
            Self::Point => "point",
            Self::Circle => "circle",
            Self::Ellipse => "ellipse",
            Self::Segment => "segment",
            Self::Capsule => "capsule",
            Self::Rect => "rect",
            Self::Polygon => "polygon",
            Self::Regular => "regular",
            Self::HullOf => "hull-of-points",
            Self::RoundedRegular => "rounded-polygon",
            Self::RoundedEllipse => "rounded-ellipse",
            Self::TransformedRect => "transformed-rect",
            Self::TransformedEllipse => "transformed-ellipse",
            Self::SweptRect => "swept-rect",
            Self::EllipsePlusCircle => "ellipse+circle",
            Self::CircleHull => "hull(circle,circle)",
            Self::RectCircleHull => "hull(rect,circle)",
            Self::RegularPointHull => "hull(polygon,point)",
        }
    }

    /// Whether the kind has no area (a bare point or segment): a ray from its origin
    /// starts on its boundary, not inside.
    fn is_thin(self) -> bool {
        matches!(self, Self::Point | Self::Segment)
    }
}

/// Every case, family by family.
pub fn drafts() -> Vec<Draft> {
    let mut drafts = Vec::new();
    every_pair_distance(&mut drafts);
    scaled_distance(&mut drafts);
    exact_contacts(&mut drafts);
    invalid_input(&mut drafts);
    near_touching_overlap(&mut drafts);
    warm_starts(&mut drafts);
    ray_casts(&mut drafts);
    shape_casts(&mut drafts);
    drafts
}

/// `distance` on every unordered pair of kinds, unit size, random placement.
fn every_pair_distance(drafts: &mut Vec<Draft>) {
    let mut rng = Rng::new(0x0001);
    for (i, &kind_a) in Kind::ALL.iter().enumerate() {
        for &kind_b in Kind::ALL.iter().skip(i) {
            let (a, b) = random_pair(&mut rng, kind_a, kind_b, 1.0, [0.0, 0.0], 3.5);
            drafts.push(Draft::valid(
                format!("distance {} / {}", kind_a.name(), kind_b.name()),
                Query::Distance { a, b },
            ));
        }
    }
}

/// `distance` at millimetre and kilometre scales and 1e4 away from the origin.
fn scaled_distance(drafts: &mut Vec<Draft>) {
    let mut rng = Rng::new(0x0002);
    let settings: [(&str, f64, [f64; 2]); 3] = [
        ("scale 1e-3", 1e-3, [0.0, 0.0]),
        ("scale 1e3", 1e3, [0.0, 0.0]),
        ("1e4 from origin", 1.0, [1.0e4, -1.0e4]),
    ];
    for (setting, scale, base) in settings {
        for _ in 0..8 {
            let kind_a = Kind::ALL[rng.below(Kind::ALL.len())];
            let kind_b = Kind::ALL[rng.below(Kind::ALL.len())];
            let (a, b) = random_pair(&mut rng, kind_a, kind_b, scale, base, 3.0);
            drafts.push(Draft::valid(
                format!("distance {} / {}, {setting}", kind_a.name(), kind_b.name()),
                Query::Distance { a, b },
            ));
        }
    }
}

/// Exact contacts, containment and parallel faces, where the simplex degenerates.
fn exact_contacts(drafts: &mut Vec<Draft>) {
    let at = |shape, x: f32, y: f32, angle: f32| Placed {
        shape,
        pose: Pose {
            position: [x, y],
            angle,
        },
    };
    let rect = |hx, hy| ShapeSpec::Rect {
        half_extents: [hx, hy],
    };
    let circle = |radius| ShapeSpec::Circle {
        center: [0.0, 0.0],
        radius,
    };
    let hexagon = ShapeSpec::Regular {
        sides: 6,
        radius: 1.0,
    };
    let quarter = core::f32::consts::FRAC_PI_2;
    let cases: [(&str, Placed, Placed); 10] = [
        (
            "boxes touching along an edge",
            at(rect(1.0, 0.5), 0.0, 0.0, 0.0),
            at(rect(0.5, 0.25), 1.5, 0.125, 0.0),
        ),
        (
            "circle touching a box face",
            at(rect(1.0, 1.0), 0.0, 0.0, 0.0),
            at(circle(0.5), 1.5, 0.25, 0.0),
        ),
        (
            "segment lying on a box face",
            at(rect(1.0, 1.0), 0.0, 0.0, 0.0),
            at(
                ShapeSpec::Segment {
                    a: [1.0, -0.5],
                    b: [1.0, 0.5],
                },
                0.0,
                0.0,
                0.0,
            ),
        ),
        (
            "identical hexagons at one pose",
            at(hexagon, 0.5, -0.5, 0.3),
            at(hexagon, 0.5, -0.5, 0.3),
        ),
        (
            "point inside a box",
            at(rect(1.0, 2.0), 0.0, 0.0, 0.2),
            at(ShapeSpec::Point([0.0, 0.0]), 0.25, 0.5, 0.0),
        ),
        (
            "concentric circles",
            at(circle(1.0), 2.0, 3.0, 0.0),
            at(circle(0.25), 2.0, 3.0, 0.0),
        ),
        (
            "parallel faces of turned boxes",
            at(rect(1.0, 0.5), 0.0, 0.0, 0.0),
            at(rect(0.5, 1.0), 3.0, 0.25, quarter),
        ),
        (
            "capsule parallel to a box face",
            at(rect(1.0, 1.0), 0.0, 0.0, 0.0),
            at(
                ShapeSpec::Capsule {
                    a: [0.0, -0.5],
                    b: [0.0, 0.5],
                    radius: 0.25,
                },
                2.0,
                0.0,
                0.0,
            ),
        ),
        (
            "circle inside an ellipse",
            at(
                ShapeSpec::Ellipse {
                    semi_axes: [3.0, 1.0],
                },
                0.0,
                0.0,
                0.4,
            ),
            at(circle(0.5), 0.5, 0.2, 0.0),
        ),
        (
            "vertex to vertex of squares",
            at(rect(1.0, 1.0), 0.0, 0.0, 0.0),
            at(rect(1.0, 1.0), 3.0, 3.0, 0.0),
        ),
    ];
    for (label, a, b) in cases {
        drafts.push(Draft::valid(
            format!("distance {label}"),
            Query::Distance { a, b },
        ));
    }
}

/// NaN and infinite poses for every query kind: `InvalidInput`, never an answer.
fn invalid_input(drafts: &mut Vec<Draft>) {
    let polygon = Placed {
        shape: ShapeSpec::Regular {
            sides: 5,
            radius: 1.0,
        },
        pose: Pose {
            position: [0.0, 0.0],
            angle: 0.0,
        },
    };
    let poses = [
        ("NaN position", [f32::NAN, 1.0], 0.0),
        ("infinite position", [f32::INFINITY, 0.0], 0.0),
        ("NaN angle", [3.0, 0.0], f32::NAN),
    ];
    for (what, position, angle) in poses {
        let b = Placed {
            shape: ShapeSpec::Circle {
                center: [0.0, 0.0],
                radius: 0.5,
            },
            pose: Pose { position, angle },
        };
        let a = polygon;
        drafts.push(Draft::invalid(
            format!("distance invalid: {what}"),
            Query::Distance { a, b },
        ));
        drafts.push(Draft::invalid(
            format!("intersects invalid: {what}"),
            Query::Intersects { a, b },
        ));
        drafts.push(Draft::invalid(
            format!("cached distance invalid: {what}"),
            Query::DistanceCached {
                a,
                b,
                b_next: b.pose,
            },
        ));
        drafts.push(Draft::invalid(
            format!("shape cast invalid: {what}"),
            Query::ShapeCast {
                a,
                b,
                translation_a: [0.0, 0.0],
                translation_b: [-3.0, 0.0],
                max_fraction: 1.0,
                target_separation: 0.0,
            },
        ));
        drafts.push(Draft::invalid(
            format!("ray cast invalid: {what}"),
            Query::RayCast {
                shape: Placed { pose: b.pose, ..a },
                origin: [-3.0, 0.5],
                translation: [6.0, 0.0],
                max_fraction: 1.0,
            },
        ));
    }
    drafts.push(Draft::invalid(
        "ray cast invalid: negative max fraction".to_owned(),
        Query::RayCast {
            shape: polygon,
            origin: [-3.0, 0.0],
            translation: [6.0, 0.0],
            max_fraction: -1.0,
        },
    ));
}

/// `intersects` on random pairs placed within a few percent of their size of
/// touching, on both sides.
fn near_touching_overlap(drafts: &mut Vec<Draft>) {
    let mut rng = Rng::new(0x0003);
    for index in 0..72 {
        let kind_a = Kind::ALL[index % Kind::ALL.len()];
        let kind_b = Kind::ALL[rng.below(Kind::ALL.len())];
        let (a, mut b) = random_pair(&mut rng, kind_a, kind_b, 1.0, [0.0, 0.0], 3.0);
        let gap = rng.uniform(-0.05, 0.05);
        if let Some(position) = oracle::position_at_gap(&a, &b, gap) {
            b.pose.position = position;
        }
        drafts.push(Draft::valid(
            format!(
                "intersects {} / {} near touching",
                kind_a.name(),
                kind_b.name()
            ),
            Query::Intersects { a, b },
        ));
    }
}

/// `distance_cached`: a cold query, then a warm one after a small motion.
fn warm_starts(drafts: &mut Vec<Draft>) {
    let mut rng = Rng::new(0x0004);
    for index in 0..36 {
        let kind_a = Kind::ALL[index % Kind::ALL.len()];
        let kind_b = Kind::ALL[rng.below(Kind::ALL.len())];
        let (a, b) = random_pair(&mut rng, kind_a, kind_b, 1.0, [0.0, 0.0], 3.5);
        let [x, y] = b.pose.position;
        let b_next = Pose {
            position: [
                x + rng.uniform_f32(-0.05, 0.05),
                y + rng.uniform_f32(-0.05, 0.05),
            ],
            angle: b.pose.angle + rng.uniform_f32(-0.05, 0.05),
        };
        drafts.push(Draft::valid(
            format!("cached distance {} / {}", kind_a.name(), kind_b.name()),
            Query::DistanceCached { a, b, b_next },
        ));
    }
}

/// `ray_cast` against every kind: a hit, a sideways miss, a ray too short to reach,
/// and a ray from inside.
fn ray_casts(drafts: &mut Vec<Draft>) {
    let mut rng = Rng::new(0x0005);
    for kind in Kind::ALL {
        let shape = Placed {
            shape: random_shape(&mut rng, kind, 1.0),
            pose: Pose {
                position: [rng.uniform_f32(-1.0, 1.0), rng.uniform_f32(-1.0, 1.0)],
                angle: rng.angle(),
            },
        };
        let [cx, cy] = shape.pose.position;
        let heading = f64::from(rng.angle());
        let (dx, dy) = (libm::cos(heading) as f32, libm::sin(heading) as f32);
        let origin = [cx - 4.0 * dx, cy - 4.0 * dy];
        let aim = [
            cx + rng.uniform_f32(-0.1, 0.1),
            cy + rng.uniform_f32(-0.1, 0.1),
        ];
        let toward = [1.5 * (aim[0] - origin[0]), 1.5 * (aim[1] - origin[1])];
        let rays: [(&str, [f32; 2], [f32; 2], f32); 4] = [
            ("hit", origin, toward, 1.0),
            ("sideways miss", origin, [-6.0 * dy, 6.0 * dx], 1.0),
            ("too short", origin, toward, 0.25),
            ("from inside", [cx, cy], [3.0 * dx, 3.0 * dy], 1.0),
        ];
        for (what, origin, translation, max_fraction) in rays {
            if what == "from inside" && kind.is_thin() {
                continue;
            }
            drafts.push(Draft::valid(
                format!("ray cast {} {what}", kind.name()),
                Query::RayCast {
                    shape,
                    origin,
                    translation,
                    max_fraction,
                },
            ));
        }
    }
}

/// `shape_cast` on random pairs: B moving towards A (sometimes both moving, sometimes
/// aside, sometimes to a target separation).
fn shape_casts(drafts: &mut Vec<Draft>) {
    let mut rng = Rng::new(0x0006);
    for index in 0..54 {
        let kind_a = Kind::ALL[index % Kind::ALL.len()];
        let kind_b = Kind::ALL[rng.below(Kind::ALL.len())];
        let (a, b) = random_pair(&mut rng, kind_a, kind_b, 1.0, [0.0, 0.0], 0.0);
        let heading = f64::from(rng.angle());
        let (dx, dy) = (libm::cos(heading) as f32, libm::sin(heading) as f32);
        let start = rng.uniform_f32(2.5, 4.0);
        let [ax, ay] = a.pose.position;
        let b = Placed {
            pose: Pose {
                position: [ax + start * dx, ay + start * dy],
                angle: b.pose.angle,
            },
            ..b
        };
        let reach = rng.uniform_f32(0.6, 1.6) * start;
        let aside = if index % 3 == 0 {
            rng.uniform_f32(-1.5, 1.5)
        } else {
            0.0
        };
        let motion = [-reach * dx - aside * dy, -reach * dy + aside * dx];
        let (translation_a, translation_b) = if index % 4 == 1 {
            (
                [-0.5 * motion[0], -0.5 * motion[1]],
                [0.5 * motion[0], 0.5 * motion[1]],
            )
        } else {
            ([0.0, 0.0], motion)
        };
        let target_separation = if index % 5 == 2 {
            rng.uniform_f32(0.0, 0.2)
        } else {
            0.0
        };
        drafts.push(Draft::valid(
            format!("shape cast {} / {}", kind_a.name(), kind_b.name()),
            Query::ShapeCast {
                a,
                b,
                translation_a,
                translation_b,
                max_fraction: 1.0,
                target_separation,
            },
        ));
    }
}

/// Two shapes at size `scale`: A near `base`, B up to `spread * scale` away from it,
/// both at random angles.
fn random_pair(
    rng: &mut Rng,
    kind_a: Kind,
    kind_b: Kind,
    scale: f64,
    base: [f64; 2],
    spread: f64,
) -> (Placed, Placed) {
    let a = Placed {
        shape: random_shape(rng, kind_a, scale),
        pose: Pose {
            position: [
                (base[0] + rng.uniform(-0.5, 0.5) * scale) as f32,
                (base[1] + rng.uniform(-0.5, 0.5) * scale) as f32,
            ],
            angle: rng.angle(),
        },
    };
    let heading = f64::from(rng.angle());
    let reach = rng.uniform(0.0, spread) * scale;
    let b = Placed {
        shape: random_shape(rng, kind_b, scale),
        pose: Pose {
            position: [
                (f64::from(a.pose.position[0]) + reach * libm::cos(heading)) as f32,
                (f64::from(a.pose.position[1]) + reach * libm::sin(heading)) as f32,
            ],
            angle: rng.angle(),
        },
    };
    (a, b)
}

/// A random valid shape of `kind` about `scale` in size.
pub fn random_shape(rng: &mut Rng, kind: Kind, scale: f64) -> ShapeSpec {
    loop {
        let spec = draw_shape(rng, kind, scale);
        if spec.build().is_ok() {
            return spec;
        }
    }
}

/// One draw of a shape of `kind`; it may fail to build (the caller draws again).
fn draw_shape(rng: &mut Rng, kind: Kind, s: f64) -> ShapeSpec {
    let mut length = |low: f64, high: f64| rng.uniform_f32(low * s, high * s);
    match kind {
        Kind::Point => ShapeSpec::Point([length(-0.2, 0.2), length(-0.2, 0.2)]),
        Kind::Circle => ShapeSpec::Circle {
            center: [length(-0.2, 0.2), length(-0.2, 0.2)],
            radius: length(0.2, 1.0),
        },
        Kind::Ellipse => ShapeSpec::Ellipse {
            semi_axes: [length(0.3, 1.5), length(0.2, 1.0)],
        },
        Kind::Segment => ShapeSpec::Segment {
            a: [length(-1.2, -0.2), length(-0.6, 0.6)],
            b: [length(0.2, 1.2), length(-0.6, 0.6)],
        },
        Kind::Capsule => ShapeSpec::Capsule {
            a: [length(-1.0, -0.2), length(-0.4, 0.4)],
            b: [length(0.2, 1.0), length(-0.4, 0.4)],
            radius: length(0.1, 0.5),
        },
        Kind::Rect => ShapeSpec::Rect {
            half_extents: [length(0.2, 1.2), length(0.1, 0.8)],
        },
        Kind::Polygon => ShapeSpec::Polygon {
            vertices: leak(points_on_ellipse(rng, s)),
        },
        Kind::Regular => ShapeSpec::Regular {
            sides: sides(rng),
            radius: rng.uniform_f32(0.4 * s, 1.2 * s),
        },
        Kind::HullOf => {
            let points = (0..9)
                .map(|_| {
                    let (angle, reach) = (rng.uniform(0.0, 6.3), rng.unit().sqrt() * s);
                    [
                        (reach * libm::cos(angle)) as f32,
                        (reach * libm::sin(angle)) as f32,
                    ]
                })
                .collect();
            ShapeSpec::HullOf {
                points: leak(points),
            }
        }
        Kind::RoundedRegular => ShapeSpec::RoundedRegular {
            sides: sides(rng),
            radius: rng.uniform_f32(0.3 * s, 1.0 * s),
            rounding: rng.uniform_f32(0.05 * s, 0.4 * s),
        },
        Kind::RoundedEllipse => ShapeSpec::RoundedEllipse {
            semi_axes: [length(0.3, 1.2), length(0.1, 0.8)],
            rounding: length(0.05, 0.4),
        },
        Kind::TransformedRect => ShapeSpec::TransformedRect {
            half_extents: [length(0.2, 1.0), length(0.1, 0.6)],
            pose: inner_pose(rng, s),
        },
        Kind::TransformedEllipse => ShapeSpec::TransformedEllipse {
            semi_axes: [length(0.3, 1.2), length(0.2, 0.8)],
            pose: inner_pose(rng, s),
        },
        Kind::SweptRect => ShapeSpec::SweptRect {
            half_extents: [length(0.2, 0.6), length(0.1, 0.5)],
            sweep: [length(0.3, 1.5), length(-1.0, 1.0)],
        },
        Kind::EllipsePlusCircle => ShapeSpec::EllipsePlusCircle {
            semi_axes: [length(0.3, 1.2), length(0.1, 0.8)],
            center: [length(-0.2, 0.2), length(-0.2, 0.2)],
            radius: length(0.05, 0.4),
        },
        Kind::CircleHull => ShapeSpec::CircleHull {
            first: [length(-1.0, -0.2), length(-0.5, 0.5)],
            second: [length(0.2, 1.0), length(-0.5, 0.5)],
            radius: length(0.1, 0.6),
        },
        Kind::RectCircleHull => ShapeSpec::RectCircleHull {
            half_extents: [length(0.2, 0.8), length(0.2, 0.6)],
            center: [length(0.6, 1.5), length(-0.5, 0.5)],
            radius: length(0.2, 0.7),
        },
        Kind::RegularPointHull => {
            let apex_angle = rng.uniform(0.0, 6.3);
            let apex_reach = rng.uniform(1.3, 2.0) * s;
            ShapeSpec::RegularPointHull {
                sides: sides(rng),
                radius: rng.uniform_f32(0.4 * s, 1.0 * s),
                apex: [
                    (apex_reach * libm::cos(apex_angle)) as f32,
                    (apex_reach * libm::sin(apex_angle)) as f32,
                ],
            }
        }
    }
}

/// A vertex count from 3 to 8.
fn sides(rng: &mut Rng) -> u8 {
    3 + rng.below(6) as u8
}

/// A small placement inside a shape's frame.
fn inner_pose(rng: &mut Rng, s: f64) -> Pose {
    Pose {
        position: [
            rng.uniform_f32(-0.5 * s, 0.5 * s),
            rng.uniform_f32(-0.5 * s, 0.5 * s),
        ],
        angle: rng.angle(),
    }
}

/// 3 to 8 points counter-clockwise on an ellipse at random angles at least 0.3 rad
/// apart: a strictly convex polygon by construction.
fn points_on_ellipse(rng: &mut Rng, s: f64) -> Vec<[f32; 2]> {
    let count = 3 + rng.below(6);
    let (a, b) = (rng.uniform(0.5, 1.3) * s, rng.uniform(0.3, 1.0) * s);
    let slack = core::f64::consts::TAU - 0.3 * count as f64;
    let mut cuts: Vec<f64> = (0..count).map(|_| rng.uniform(0.0, slack)).collect();
    cuts.sort_by(f64::total_cmp);
    let start = rng.uniform(0.0, core::f64::consts::TAU);
    cuts.iter()
        .enumerate()
        .map(|(k, cut)| {
            let angle = start + cut + 0.3 * k as f64;
            [(a * libm::cos(angle)) as f32, (b * libm::sin(angle)) as f32]
        })
        .collect()
}

/// A point list that lives as long as the generator (the table is written once per
/// run).
fn leak(points: Vec<[f32; 2]>) -> &'static [[f32; 2]] {
    Box::leak(points.into_boxed_slice())
}
