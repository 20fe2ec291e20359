//! The independent answers of the table, from the exact f64 oracle (`gjk-oracle`).
//!
//! Each placed shape becomes an oracle shape (a point, segment, polygon or ellipse
//! core with a radius, in world space) from the same f32 numbers the kernel receives:
//! the pose's rotation is the kernel's own `Rot::from_angle` in f32, and polygons
//! built on the target (regular polygons, hulls) are taken as the kernel built them.
//! Only `Hull` of parts with different radii has no such form; its cases carry no
//! reference.
//!
//! The bars are those of the oracle property tests in `gjk-shapes/tests/kernel`
//! (`distance/oracle.rs`, `casts/oracle.rs`): in f32 the distance, and the contact of
//! a transversal cast, within `2e-6 L` of the exact answer, with `L` the scene's
//! length scale (largest shape extent, the distance, the motion), and no overlap
//! verdict asked within `2e-6 L` of touching.

use gjk_conformance::{Built, Placed, Pose, Query, Reference, ShapeSpec, cast_status_code};
use gjk_core::Rot;
use gjk_oracle::{Core, Shape, distance, signed_distance_to_surface, transform};

/// Error bar and touching band in f32, as fractions of the length scale `L`.
const BAR: f64 = 2e-6;

/// Transversal casts: the fraction is checked where the gap closes at least this
/// fraction of the motion's speed; at shallower angles a distance error of `BAR L`
/// moves the contact far along the motion, and only the status is checked.
const TRANSVERSAL: f64 = 0.1;

/// The reference of a query, when the oracle can describe its shapes and the answer
/// is not within the touching band.
pub fn reference(query: &Query) -> Reference {
    reference_of(query).unwrap_or(Reference::None)
}

fn reference_of(query: &Query) -> Option<Reference> {
    match *query {
        Query::Distance { a, b } => distance_reference(&a, &b),
        Query::DistanceCached { a, b, b_next } => {
            distance_reference(&a, &Placed { pose: b_next, ..b })
        }
        Query::Intersects { a, b } => {
            let (a, b) = (world(&a)?, world(&b)?);
            let exact = distance(&a, &b);
            let scale = exact.distance.max(extent(&a)).max(extent(&b));
            (exact.signed().abs() > BAR * scale).then_some(Reference::Overlap(exact.overlapping))
        }
        Query::RayCast {
            shape,
            origin,
            translation,
            max_fraction,
        } => {
            let target = world(&shape)?;
            let origin = [f64::from(origin[0]), f64::from(origin[1])];
            let motion = [f64::from(translation[0]), f64::from(translation[1])];
            let gap = |t: f64| {
                signed_distance_to_surface(
                    &target,
                    [origin[0] + t * motion[0], origin[1] + t * motion[1]],
                )
            };
            let scale = extent(&target).max(gap(0.0).abs());
            cast_reference(gap, motion, f64::from(max_fraction), scale)
        }
        Query::ShapeCast {
            a,
            b,
            translation_a,
            translation_b,
            max_fraction,
            target_separation,
        } => {
            let (a, b) = (world(&a)?, world(&b)?);
            let motion = [
                f64::from(translation_b[0]) - f64::from(translation_a[0]),
                f64::from(translation_b[1]) - f64::from(translation_a[1]),
            ];
            let target = f64::from(target_separation);
            let gap = |t: f64| {
                let moved = Shape::new(
                    transform(&b.core, [t * motion[0], t * motion[1]], 1.0, 0.0),
                    b.radius,
                );
                distance(&a, &moved).signed() - target
            };
            let scale = extent(&a).max(extent(&b)).max(gap(0.0).abs());
            cast_reference(gap, motion, f64::from(max_fraction), scale)
        }
    }
}

/// Distance with its tolerance, and the overlap verdict outside the touching band.
fn distance_reference(a: &Placed, b: &Placed) -> Option<Reference> {
    let (a, b) = (world(a)?, world(b)?);
    let exact = distance(&a, &b);
    let scale = exact.distance.max(extent(&a)).max(extent(&b));
    let certain = exact.signed().abs() > BAR * scale;
    Some(Reference::Distance {
        distance: exact.distance,
        tolerance: BAR * scale,
        overlapping: certain.then_some(exact.overlapping),
    })
}

/// The reference of a cast with signed gap `gap(t)` to the target along `motion`.
///
/// `gap` is convex in `t` (the distance between convex sets under a linear motion),
/// so its minimum over `[0, max_fraction]` decides hit or miss and the first contact
/// is the root below the minimum. Casts within the band of starting in contact or of
/// grazing get no reference.
fn cast_reference(
    gap: impl Fn(f64) -> f64,
    motion: [f64; 2],
    max_fraction: f64,
    scale: f64,
) -> Option<Reference> {
    let speed = libm::hypot(motion[0], motion[1]);
    let scale = scale.max(speed * max_fraction);
    let band = BAR * scale;
    let start = gap(0.0);
    if start.abs() <= band {
        return None;
    }
    if start < 0.0 {
        return Some(Reference::Cast {
            status: cast_status_code(gjk_core::CastStatus::StartsInside),
            fraction: 0.0,
            tolerance: 0.0,
        });
    }
    let closest = argmin(&gap, max_fraction);
    let lowest = gap(closest);
    if lowest.abs() <= band {
        return None;
    }
    if lowest > 0.0 {
        return Some(Reference::Cast {
            status: cast_status_code(gjk_core::CastStatus::Miss),
            fraction: max_fraction,
            tolerance: 0.0,
        });
    }
    let contact = root(&gap, 0.0, closest);
    // Closing rate at the contact per unit of motion length, from a step back along it.
    let step = 1e-4 * contact.max(1e-3);
    let rate = (gap(contact - step) - gap(contact)) / (step * speed);
    let tolerance = if rate >= TRANSVERSAL {
        BAR * scale / speed
    } else {
        f64::INFINITY
    };
    Some(Reference::Cast {
        status: cast_status_code(gjk_core::CastStatus::Hit),
        fraction: contact,
        tolerance,
    })
}

/// The minimum of a convex function on `[0, high]` by golden-section search, one new
/// evaluation per step, until the bracket stops shrinking in f64.
fn argmin(f: &impl Fn(f64) -> f64, high: f64) -> f64 {
    let ratio = (5.0_f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = (0.0, high);
    let mut left = high - ratio * (high - low);
    let mut right = low + ratio * (high - low);
    let (mut f_left, mut f_right) = (f(left), f(right));
    for _ in 0..100 {
        if f_left <= f_right {
            high = right;
            (right, f_right) = (left, f_left);
            left = high - ratio * (high - low);
            f_left = f(left);
        } else {
            low = left;
            (left, f_left) = (right, f_right);
            right = low + ratio * (high - low);
            f_right = f(right);
        }
        if high - low <= f64::EPSILON * high.abs() {
            break;
        }
    }
    0.5 * (low + high)
}

/// The root of `f` in `[low, high]` with `f(low) > 0 >= f(high)`, by bisection to the
/// last bit.
fn root(f: &impl Fn(f64) -> f64, mut low: f64, mut high: f64) -> f64 {
    for _ in 0..200 {
        let middle = 0.5 * (low + high);
        if middle <= low || middle >= high {
            break;
        }
        if f(middle) > 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    high
}

/// Where to put B, along the line from A's position to B's, so that the exact gap is
/// `gap` times the pair's size; `None` for shapes the oracle cannot describe.
pub fn position_at_gap(a: &Placed, b: &Placed, gap: f64) -> Option<[f32; 2]> {
    let oracle_a = world(a)?;
    world(b)?;
    let [ax, ay] = a.pose.position.map(f64::from);
    let [bx, by] = b.pose.position.map(f64::from);
    let (dx, dy) = (bx - ax, by - ay);
    let length = libm::hypot(dx, dy);
    let (ux, uy) = if length > 0.0 {
        (dx / length, dy / length)
    } else {
        (1.0, 0.0)
    };
    let place = |reach: f64| [ax + reach * ux, ay + reach * uy];
    let signed_at = |reach: f64| {
        let [x, y] = place(reach);
        let moved = Placed {
            pose: Pose {
                position: [x as f32, y as f32],
                angle: b.pose.angle,
            },
            ..*b
        };
        world(&moved).map(|moved| distance(&oracle_a, &moved).signed())
    };
    let size = extent(&oracle_a);
    let target = gap * size;
    // The gap grows without bound along the line: bracket, then bisect.
    let mut far = size.max(1.0);
    while signed_at(far)? < target {
        far *= 2.0;
    }
    let (mut near, mut far) = (0.0, far);
    for _ in 0..80 {
        let middle = 0.5 * (near + far);
        if signed_at(middle)? < target {
            near = middle;
        } else {
            far = middle;
        }
    }
    let [x, y] = place(far);
    Some([x as f32, y as f32])
}

/// The largest side of the shape's world bounding box, radius included.
pub fn extent(shape: &Shape) -> f64 {
    let points: Vec<[f64; 2]> = match &shape.core {
        Core::Point(p) => vec![*p],
        Core::Segment(p, q) => vec![*p, *q],
        Core::Polygon(vertices) => vertices.clone(),
        Core::Ellipse {
            center, semi_axes, ..
        } => {
            let reach = semi_axes[0].max(semi_axes[1]);
            vec![
                [center[0] - reach, center[1] - reach],
                [center[0] + reach, center[1] + reach],
            ]
        }
    };
    let side = |axis: usize| {
        let low = points.iter().map(|p| p[axis]).fold(f64::INFINITY, f64::min);
        let high = points
            .iter()
            .map(|p| p[axis])
            .fold(f64::NEG_INFINITY, f64::max);
        high - low
    };
    side(0).max(side(1)) + 2.0 * shape.radius
}

/// The placed shape in world space, from the kernel's f32 numbers.
pub fn world(placed: &Placed) -> Option<Shape> {
    let (core, radius) = local(&placed.shape)?;
    let (translation, cos, sin) = frame(&placed.pose)?;
    Some(Shape::new(transform(&core, translation, cos, sin), radius))
}

/// The translation and the kernel's f32 rotation of a pose, in f64; `None` when not
/// finite.
fn frame(pose: &Pose) -> Option<([f64; 2], f64, f64)> {
    let rotation = Rot::from_angle(pose.angle);
    let values = [
        f64::from(pose.position[0]),
        f64::from(pose.position[1]),
        f64::from(rotation.cos),
        f64::from(rotation.sin),
    ];
    values.iter().all(|value| value.is_finite()).then_some((
        [values[0], values[1]],
        values[2],
        values[3],
    ))
}

/// The core and radius of a shape in its local frame.
fn local(spec: &ShapeSpec) -> Option<(Core, f64)> {
    let p = |[x, y]: [f32; 2]| [f64::from(x), f64::from(y)];
    let ellipse = |semi_axes: [f32; 2], center: [f64; 2]| Core::Ellipse {
        center,
        semi_axes: p(semi_axes),
        cos: 1.0,
        sin: 0.0,
    };
    let box_corners = |[hx, hy]: [f32; 2]| {
        let (hx, hy) = (f64::from(hx), f64::from(hy));
        vec![[-hx, -hy], [hx, -hy], [hx, hy], [-hx, hy]]
    };
    let built_vertices = |spec: &ShapeSpec| -> Option<Vec<[f64; 2]>> {
        match spec.build().ok()? {
            Built::Polygon(polygon) => Some(
                polygon
                    .vertices()
                    .iter()
                    .map(|v| [f64::from(v.x), f64::from(v.y)])
                    .collect(),
            ),
            _ => None,
        }
    };
    Some(match *spec {
        ShapeSpec::Point(position) => (Core::Point(p(position)), 0.0),
        ShapeSpec::Circle { center, radius } => (Core::Point(p(center)), f64::from(radius)),
        ShapeSpec::Ellipse { semi_axes } => (ellipse(semi_axes, [0.0, 0.0]), 0.0),
        ShapeSpec::Segment { a, b } => (Core::Segment(p(a), p(b)), 0.0),
        ShapeSpec::Capsule { a, b, radius } => (Core::Segment(p(a), p(b)), f64::from(radius)),
        ShapeSpec::Rect { half_extents } => (Core::Polygon(box_corners(half_extents)), 0.0),
        ShapeSpec::Polygon { vertices } => (
            Core::Polygon(vertices.iter().copied().map(p).collect()),
            0.0,
        ),
        ShapeSpec::Regular { .. } | ShapeSpec::HullOf { .. } => {
            (Core::Polygon(built_vertices(spec)?), 0.0)
        }
        ShapeSpec::RoundedRegular {
            sides,
            radius,
            rounding,
        } => {
            let core = ShapeSpec::Regular { sides, radius };
            (Core::Polygon(built_vertices(&core)?), f64::from(rounding))
        }
        ShapeSpec::RoundedEllipse {
            semi_axes,
            rounding,
        } => (ellipse(semi_axes, [0.0, 0.0]), f64::from(rounding)),
        ShapeSpec::TransformedRect { half_extents, pose } => {
            let (translation, cos, sin) = frame(&pose)?;
            let core = Core::Polygon(box_corners(half_extents));
            (transform(&core, translation, cos, sin), 0.0)
        }
        ShapeSpec::TransformedEllipse { semi_axes, pose } => {
            let (translation, cos, sin) = frame(&pose)?;
            let core = ellipse(semi_axes, [0.0, 0.0]);
            (transform(&core, translation, cos, sin), 0.0)
        }
        ShapeSpec::SweptRect {
            half_extents,
            sweep,
        } => {
            let [sx, sy] = p(sweep);
            let corners = box_corners(half_extents);
            let swept = corners.iter().map(|&[x, y]| [x + sx, y + sy]);
            let all: Vec<[f64; 2]> = corners.iter().copied().chain(swept).collect();
            (Core::Polygon(convex_hull(all)), 0.0)
        }
        ShapeSpec::EllipsePlusCircle {
            semi_axes,
            center,
            radius,
        } => (ellipse(semi_axes, p(center)), f64::from(radius)),
        ShapeSpec::CircleHull {
            first,
            second,
            radius,
        } => (Core::Segment(p(first), p(second)), f64::from(radius)),
        ShapeSpec::RectCircleHull { .. } => return None,
        ShapeSpec::RegularPointHull {
            sides,
            radius,
            apex,
        } => {
            let mut points = built_vertices(&ShapeSpec::Regular { sides, radius })?;
            points.push(p(apex));
            (Core::Polygon(convex_hull(points)), 0.0)
        }
    })
}

/// The convex hull, counter-clockwise, by Andrew's monotone chain (collinear points
/// dropped).
fn convex_hull(mut points: Vec<[f64; 2]>) -> Vec<[f64; 2]> {
    points.sort_by(|p, q| p[0].total_cmp(&q[0]).then(p[1].total_cmp(&q[1])));
    points.dedup();
    let turn = |o: [f64; 2], a: [f64; 2], b: [f64; 2]| {
        (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
    };
    let mut hull: Vec<[f64; 2]> = Vec::with_capacity(2 * points.len());
    for pass in 0..2 {
        let floor = hull.len();
        let ordered: Vec<[f64; 2]> = if pass == 0 {
            points.clone()
        } else {
            points.iter().rev().copied().collect()
        };
        for point in ordered {
            while hull.len() >= floor + 2
                && turn(hull[hull.len() - 2], hull[hull.len() - 1], point) <= 0.0
            {
                hull.pop();
            }
            hull.push(point);
        }
        // The last point of each chain starts the next one.
        hull.pop();
    }
    hull
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn convex_hull_keeps_corners_counter_clockwise() {
        let square = convex_hull(vec![
            [1.0, 1.0],
            [0.0, 0.0],
            [0.5, 0.5],
            [1.0, 0.0],
            [0.0, 1.0],
            [0.5, 0.0],
        ]);
        assert_eq!(square, vec![[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]]);
    }

    #[test]
    fn regular_polygon_core_is_the_polygon_the_kernel_built() {
        let spec = ShapeSpec::Regular {
            sides: 5,
            radius: 1.0,
        };
        let (core, _) = local(&spec).expect("a regular pentagon has an oracle form");
        let Core::Polygon(vertices) = core else {
            panic!("a polygon core")
        };
        assert_eq!(vertices.len(), 5);
        assert_eq!(vertices[0], [1.0, 0.0]);
    }

    #[test]
    fn miss_and_hit_references_follow_the_exact_gap() {
        // A unit-speed point approaching a wall at distance 2: contact at t = 0.5 of a
        // motion of length 4.
        let hit = cast_reference(|t| 2.0 - 4.0 * t, [4.0, 0.0], 1.0, 1.0);
        let Some(Reference::Cast {
            status, fraction, ..
        }) = hit
        else {
            panic!("a hit")
        };
        assert_eq!(status, 0);
        assert!((fraction - 0.5).abs() < 1e-12);
        let miss = cast_reference(|t| 2.0 + t, [1.0, 0.0], 1.0, 1.0);
        assert!(matches!(miss, Some(Reference::Cast { status: 1, .. })));
    }
}
