//! The independent answers of the 3D table, from the exact f64 3D oracle
//! (`gjk_oracle::distance3`).
//!
//! Each placed shape becomes an oracle shape (a point, segment, triangle, polytope,
//! ellipsoid, cylinder or cone core with a radius, in world space) from the same f32
//! numbers the kernel receives: the pose's rotation is the kernel's own quaternion
//! ([`Pose3::transform`], in f32), handed to the oracle as it is.
//!
//! The bars are those of the 3D oracle property tests
//! (`gjk-shapes/tests/kernel/distance/oracle3d.rs`) in f32: the distance within
//! `2e-6 L` of the exact one, and no overlap verdict asked within `1e-5 L` of touching,
//! with `L` the pair's length scale (the larger shape extent, or the distance). Where
//! two cores overlap and one of them is curved the oracle does not know how deep, and
//! the case asks for no overlap verdict.

use gjk_conformance::{Placed3, Pose3, Query3, Reference, ShapeSpec3};
use gjk_oracle::{Core3, Exact3, P3, Shape3, distance3, separation_along3, transform3};

/// Error bar of the distance in f32, as a fraction of the length scale `L`.
const BAR: f64 = 2e-6;

/// Half-width of the band around touching where either overlap verdict is accepted,
/// as a fraction of `L`: the 3D tests' band, which covers the kernel's touching
/// margin and the oracle's sampled minimum on curved surfaces.
const BAND: f64 = 1e-5;

/// The reference of a query, when the oracle can describe its shapes.
pub fn reference(query: &Query3) -> Reference {
    reference_of(query).unwrap_or(Reference::None)
}

fn reference_of(query: &Query3) -> Option<Reference> {
    match *query {
        Query3::Distance { a, b } => distance_reference(&a, &b),
        Query3::DistanceCached { a, b, b_next } => {
            distance_reference(&a, &Placed3 { pose: b_next, ..b })
        }
        Query3::Intersects { a, b } => {
            let (a, b) = (world(&a)?, world(&b)?);
            let exact = distance3(&a, &b);
            let scale = exact.distance.max(extent(&a)).max(extent(&b));
            let certain = signed(&exact).is_some_and(|gap| gap.abs() > BAND * scale);
            certain.then_some(Reference::Overlap(exact.overlapping))
        }
    }
}

/// Distance with its tolerance, and the overlap verdict outside the touching band.
fn distance_reference(a: &Placed3, b: &Placed3) -> Option<Reference> {
    let (a, b) = (world(a)?, world(b)?);
    let exact = distance3(&a, &b);
    let scale = exact.distance.max(extent(&a)).max(extent(&b));
    let certain = signed(&exact).is_some_and(|gap| gap.abs() > BAND * scale);
    Some(Reference::Distance {
        distance: exact.distance,
        tolerance: BAR * scale,
        overlapping: certain.then_some(exact.overlapping),
    })
}

/// The signed distance of the rounded shapes: the gap when apart, minus the depth when
/// overlapping, `None` when the oracle does not know the depth (overlapping cores, one
/// of them curved).
fn signed(exact: &Exact3) -> Option<f64> {
    if exact.overlapping {
        exact.depth.map(|depth| -depth)
    } else {
        Some(exact.distance)
    }
}

/// Where to put B, along the line from A's position to B's, so that the exact gap is
/// `gap` (a length); for a negative `gap`, B goes about `-gap` past touching along
/// the line, an overlap at most about that deep (the oracle cannot tell how deep
/// curved cores overlap, and is slowest on them). `None` for shapes the oracle cannot
/// describe and for lines along which B does not approach A.
///
/// The gap along the line is a convex function of the reach (the signed distance
/// of a point moving on a line to a convex set, the Minkowski difference), rising
/// where it crosses any target: Newton's steps from beyond the target, with the slope
/// `n . u` of the oracle's normal `n` and the line's direction `u`, stay beyond it and
/// converge quadratically. Each oracle call on a curved shape is a minimization, so a
/// few such steps replace the plane's bisection.
pub fn position_at_gap(a: &Placed3, b: &Placed3, gap: f64) -> Option<[f32; 3]> {
    let oracle_a = world(a)?;
    let from = a.pose.position.map(f64::from);
    let to = b.pose.position.map(f64::from);
    let line = [to[0] - from[0], to[1] - from[1], to[2] - from[2]];
    let length = norm(line);
    let unit = if length > 0.0 {
        line.map(|c| c / length)
    } else {
        [1.0, 0.0, 0.0]
    };
    let place = |reach: f64| [0, 1, 2].map(|i| (from[i] + reach * unit[i]) as f32);
    let exact_at = |reach: f64| -> Option<Exact3> {
        let moved = Placed3 {
            pose: Pose3 {
                position: place(reach),
                ..b.pose
            },
            ..*b
        };
        Some(distance3(&oracle_a, &world(&moved)?))
    };
    // A negative gap: first to a hundredth of it outside (Newton's steps stay apart),
    // then back along the line past touching.
    let target = gap.max(-0.01 * gap);
    // Start beyond the target, where the balls about the two origins that hold the
    // shapes are apart by more than it: the oracle is slowest on overlapping curved
    // cores, and never asked about them here.
    let oracle_b = world(b)?;
    let mut reach = (ball_radius(&oracle_a, from) + ball_radius(&oracle_b, to) + 2.0 * target)
        .max(f64::MIN_POSITIVE);
    let mut exact = exact_at(reach)?;
    while exact.overlapping || exact.distance <= target {
        reach *= 2.0;
        exact = exact_at(reach)?;
    }
    for _ in 0..40 {
        let normal = [0, 1, 2].map(|i| exact.witness_b[i] - exact.witness_a[i]);
        let slope = (0..3).map(|i| normal[i] * unit[i]).sum::<f64>() / norm(normal);
        if slope.is_nan() || slope <= 0.0 {
            return None;
        }
        let next = reach - (exact.distance - target) / slope;
        if place(next) == place(reach) {
            reach = next;
            break;
        }
        reach = next;
        exact = exact_at(reach)?;
        // Rounding at the touching point may tip the pair into contact: done.
        if exact.overlapping || exact.distance <= target {
            break;
        }
    }
    Some(place(reach + 1.01 * gap.min(0.0)))
}

/// The radius of a ball about `center` that holds the shape: the distance from
/// `center` to the farthest corner of the shape's world bounding box, from the
/// supports along the axes (as [`extent`]).
fn ball_radius(shape: &Shape3, center: P3) -> f64 {
    let at_center = Shape3::new(Core3::Point(center), 0.0);
    let reach = |u: P3| -separation_along3(shape, &at_center, u);
    let axes: [P3; 3] = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    norm(axes.map(|u| reach(u).max(reach(u.map(|c| -c))).max(0.0)))
}

/// The largest side of the shape's world bounding box, radius included, from the
/// oracle's exact support functions: the support of the shape along `u` is minus its
/// separation from a point at the origin along `u`.
pub fn extent(shape: &Shape3) -> f64 {
    let origin = Shape3::new(Core3::Point([0.0; 3]), 0.0);
    let reach = |u: P3| -separation_along3(shape, &origin, u);
    let axes: [P3; 3] = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    axes.iter()
        .map(|&u| reach(u) + reach(u.map(|c| -c)))
        .fold(0.0, f64::max)
}

/// The placed shape in world space, from the kernel's f32 numbers; `None` when its
/// pose or inner pose is not a valid transform.
pub fn world(placed: &Placed3) -> Option<Shape3> {
    let (core, radius) = local(&placed.shape)?;
    let (translation, rotation) = frame(&placed.pose)?;
    Some(Shape3::new(
        transform3(&core, translation, rotation),
        radius,
    ))
}

/// The translation and the kernel's f32 quaternion `[x, y, z, w]` of a pose, in f64;
/// `None` when the kernel would reject them.
fn frame(pose: &Pose3) -> Option<(P3, [f64; 4])> {
    let transform = pose.transform();
    if !transform.is_valid() {
        return None;
    }
    let t = transform.translation;
    let q = transform.rotation;
    Some((
        [t.x, t.y, t.z].map(f64::from),
        [q.x, q.y, q.z, q.w].map(f64::from),
    ))
}

/// The core and radius of a shape in its local frame.
fn local(spec: &ShapeSpec3) -> Option<(Core3, f64)> {
    let p = |point: [f32; 3]| point.map(f64::from);
    let z_axis = [0.0, 0.0, 1.0];
    let corners = |half_extents: [f32; 3]| -> Vec<P3> {
        let h = p(half_extents);
        (0..8)
            .map(|i| {
                let sign = |bit: usize| if i & bit == 0 { -1.0 } else { 1.0 };
                [sign(1) * h[0], sign(2) * h[1], sign(4) * h[2]]
            })
            .collect()
    };
    let cylinder = |half_height: f32, radius: f32| Core3::Cylinder {
        center: [0.0; 3],
        axis_direction: z_axis,
        half_height: f64::from(half_height),
        radius: f64::from(radius),
    };
    Some(match *spec {
        ShapeSpec3::Point(position) => (Core3::Point(p(position)), 0.0),
        ShapeSpec3::Sphere { center, radius } => (Core3::Point(p(center)), f64::from(radius)),
        ShapeSpec3::Segment { a, b } => (Core3::Segment(p(a), p(b)), 0.0),
        ShapeSpec3::Capsule { a, b, radius } => (Core3::Segment(p(a), p(b)), f64::from(radius)),
        ShapeSpec3::Cuboid { half_extents } => (Core3::Polytope(corners(half_extents)), 0.0),
        ShapeSpec3::Triangle { corners } => (Core3::Triangle(corners.map(p)), 0.0),
        ShapeSpec3::Points { points } => (
            Core3::Polytope(points.iter().copied().map(p).collect()),
            0.0,
        ),
        ShapeSpec3::Cylinder {
            half_height,
            radius,
        } => (cylinder(half_height, radius), 0.0),
        ShapeSpec3::Cone {
            half_height,
            radius,
        } => {
            let h = f64::from(half_height);
            let cone = Core3::Cone {
                base_center: [0.0, 0.0, -h],
                axis_direction: z_axis,
                height: 2.0 * h,
                radius: f64::from(radius),
            };
            (cone, 0.0)
        }
        ShapeSpec3::Ellipsoid { semi_axes } => {
            let ellipsoid = Core3::Ellipsoid {
                center: [0.0; 3],
                semi_axes: p(semi_axes),
                rotation: [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
            };
            (ellipsoid, 0.0)
        }
        ShapeSpec3::RoundedCuboid {
            half_extents,
            rounding,
        } => (Core3::Polytope(corners(half_extents)), f64::from(rounding)),
        ShapeSpec3::TransformedCylinder {
            half_height,
            radius,
            pose,
        } => {
            let (translation, rotation) = frame(&pose)?;
            let placed = transform3(&cylinder(half_height, radius), translation, rotation);
            (placed, 0.0)
        }
        ShapeSpec3::SweptCuboid {
            half_extents,
            sweep,
        } => {
            let s = p(sweep);
            let box_corners = corners(half_extents);
            let swept = box_corners
                .iter()
                .map(|c| [c[0] + s[0], c[1] + s[1], c[2] + s[2]]);
            let all: Vec<P3> = box_corners.iter().copied().chain(swept).collect();
            (Core3::Polytope(all), 0.0)
        }
        ShapeSpec3::SphereHull {
            first,
            second,
            radius,
        } => (Core3::Segment(p(first), p(second)), f64::from(radius)),
    })
}

fn norm(v: P3) -> f64 {
    (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extent_is_the_largest_side_of_the_world_box() {
        let stick = Placed3 {
            shape: ShapeSpec3::Capsule {
                a: [-1.0, 0.0, 0.0],
                b: [1.0, 0.0, 0.0],
                radius: 0.25,
            },
            pose: Pose3 {
                position: [10.0, 0.0, 0.0],
                axis: [0.0, 0.0, 1.0],
                angle: 0.0,
            },
        };
        let shape = world(&stick).expect("a valid pose");
        assert!((extent(&shape) - 2.5).abs() < 1e-12);
    }

    #[test]
    fn a_sphere_slides_to_the_asked_gap() {
        let ball = |x: f32| Placed3 {
            shape: ShapeSpec3::Sphere {
                center: [0.0; 3],
                radius: 0.5,
            },
            pose: Pose3 {
                position: [x, 0.0, 0.0],
                axis: [0.0, 0.0, 1.0],
                angle: 0.0,
            },
        };
        let position = position_at_gap(&ball(0.0), &ball(5.0), 0.25).expect("spheres");
        assert!((f64::from(position[0]) - 1.25).abs() < 1e-6);
        assert!(position_at_gap(&ball(0.0), &ball(5.0), -0.25).is_some());
    }

    #[test]
    fn invalid_poses_have_no_oracle_shape() {
        let nowhere = Placed3 {
            shape: ShapeSpec3::Point([0.0; 3]),
            pose: Pose3 {
                position: [0.0; 3],
                axis: [0.0; 3],
                angle: 1.0,
            },
        };
        assert!(world(&nowhere).is_none());
    }
}
