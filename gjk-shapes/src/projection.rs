//! The pieces of the closed-form point projections both dimensions share (the plane's
//! in `two/project/`, space's in `three/project.rs`), written once over any
//! [`Space`].

use gjk_core::{PointProjection, PointStatus, RigidTransform, Scalar, Space};

/// The unit direction of `vector`, scaled by its largest coordinate first (as
/// `Vec2::normalize` and `Vec3::normalize` do, so squared lengths of tiny and huge
/// vectors keep their digits), with the vector's length along it; `None` for zero
/// and non-finite vectors.
#[inline]
fn direction_and_length<S: Scalar, V: Space<Scalar = S>>(vector: V) -> Option<(V, S)> {
    let largest = vector.max_abs();
    // `max_abs` ignores a NaN coordinate, hence the separate finiteness test.
    let has_direction = largest > S::ZERO && vector.is_finite();
    if !has_direction {
        return None;
    }
    let scaled = vector / largest;
    let unit = scaled / scaled.length();
    Some((unit, unit.dot(vector)))
}

/// The point of the ball (disc in the plane) of `radius` around `center` nearest
/// `point`, its signed distance and the outward normal there, all in one frame;
/// `fallback` is the normal for a point exactly at the centre (every direction is
/// nearest there).
///
/// The distance is the offset's dot product with its own unit direction, so offsets
/// whose squared length would overflow or underflow keep their digits.
#[inline]
pub(crate) fn ball_projection<S: Scalar, V: Space<Scalar = S>>(
    center: V,
    radius: S,
    point: V,
    fallback: V,
) -> (V, S, V) {
    let offset = point - center;
    let (normal, length) = direction_and_length(offset).unwrap_or((fallback, S::ZERO));
    (center + normal * radius, length - radius, normal)
}

/// The point of segment `a b` nearest `point` (all in one frame).
///
/// The fraction along the edge is computed with the edge divided by its largest
/// coordinate, so that its squared length neither overflows (edges 1e19 long in `f32`)
/// nor underflows.
#[inline]
pub(crate) fn nearest_on_segment<S: Scalar, V: Space<Scalar = S>>(a: V, b: V, point: V) -> V {
    segment_foot(a, b, point).0
}

/// [`nearest_on_segment`], and whether the nearest point lies strictly between the
/// ends: the fraction along the edge before it is clamped, not a comparison of points
/// (`a + (b - a) * 1` need not round to `b`).
#[inline]
fn segment_foot<S: Scalar, V: Space<Scalar = S>>(a: V, b: V, point: V) -> (V, bool) {
    let edge = b - a;
    let largest = edge.max_abs();
    // Written so that NaN and a zero-length edge take `a`.
    let has_length = largest > S::ZERO;
    if !has_length {
        return (a, false);
    }
    let unit = edge / largest;
    let t = ((point - a) / largest).dot(unit) / unit.length_squared();
    let between_ends = t > S::ZERO && t < S::ONE;
    (a + edge * t.max(S::ZERO).min(S::ONE), between_ends)
}

/// The point of the segment `a b` rounded by `radius` nearest `point`, its signed
/// distance and the outward normal (all in one frame); `fallback`, a direction across
/// the segment, is the normal for a point on the core (every direction across it is
/// nearest there).
///
/// Where the nearest core point lies between the ends, the normal is the offset's part
/// across the segment: the offset from a point on the core's line to its foot is
/// rounding noise along the segment as much as across it, and its direction put the
/// "surface point" of a capsule 0.86 of its radius inside it (a point 0.003 from the
/// end of a capsule's core, on the core, `f32`: found by an adversarial review).
/// Past the ends the nearest core point is an end, and the ball's formula holds.
#[inline]
pub(crate) fn rounded_segment_projection<S: Scalar, V: Space<Scalar = S>>(
    a: V,
    b: V,
    radius: S,
    point: V,
    fallback: V,
) -> (V, S, V) {
    let (core, between_ends) = segment_foot(a, b, point);
    let Some((along, _)) = direction_and_length(b - a).filter(|_| between_ends) else {
        return ball_projection(core, radius, point, fallback);
    };
    let offset = point - core;
    let across = offset - along * offset.dot(along);
    let normal = direction_and_length(across).map_or(fallback, |(normal, _)| normal);
    (core + normal * radius, normal.dot(offset) - radius, normal)
}

/// The outward normal and signed distance of `point` from its nearest surface point
/// `surface` (one frame) on a smooth shape: along the offset, towards the point outside
/// and away from it inside, or along `gradient` (the surface's outward gradient there;
/// `fallback` if it has no direction) for a point on the surface itself.
#[inline]
pub(crate) fn from_surface<S: Scalar, V: Space<Scalar = S>>(
    point: V,
    surface: V,
    inside: bool,
    gradient: V,
    fallback: V,
) -> (V, S) {
    match direction_and_length(point - surface) {
        Some((direction, length)) if inside => (-direction, -length),
        Some((direction, length)) => (direction, length),
        None => (
            direction_and_length(gradient).map_or(fallback, |(direction, _)| direction),
            S::ZERO,
        ),
    }
}

/// `point` in the frame of a shape placed by `xf`, or `None` for unusable input (a NaN
/// or infinite point or transform, a rotation off unit length).
#[inline]
pub(crate) fn local_point<S: Scalar, V: Space<Scalar = S>>(
    xf: V::Transform,
    point: V,
) -> Option<V> {
    (xf.is_valid() && point.is_finite()).then(|| xf.inv_rotate(point - xf.translation()))
}

/// The projection of rejected input: NaN values, a zero normal.
#[inline]
pub(crate) fn invalid<S: Scalar, V: Space<Scalar = S>>() -> PointProjection<S, V> {
    PointProjection {
        surface_point: V::nan(),
        signed_distance: S::nan(),
        normal: V::ZERO,
        iterations: 0,
        status: PointStatus::InvalidInput,
    }
}

/// A projection found in the shape's frame (surface point, signed distance, outward
/// normal), placed by `xf`: `Inside` for a signed distance of at most zero.
#[inline]
pub(crate) fn placed<S: Scalar, V: Space<Scalar = S>>(
    xf: V::Transform,
    (surface_point, signed_distance, normal): (V, S, V),
) -> PointProjection<S, V> {
    let status = if signed_distance <= S::ZERO {
        PointStatus::Inside
    } else {
        PointStatus::Outside
    };
    PointProjection {
        surface_point: xf.transform_point(surface_point),
        signed_distance,
        normal: xf.rotate(normal),
        iterations: 0,
        status,
    }
}
