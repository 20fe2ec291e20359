//! Closed-form point projections: an inherent `project_point` on the shapes whose
//! nearest surface point has a direct formula, with the conventions of
//! [`gjk_core::project_point`] (see [`PointProjection`]), one file per kind of shape.
//!
//! - the surface point, the signed distance (negative inside) and the outward unit
//!   normal, with `point = surface_point + normal * signed_distance`;
//! - status `Inside` for points inside or on the surface, `Outside` otherwise;
//!   `InvalidInput` (NaN values, zero normal) for a NaN or infinite point or
//!   transform, or a rotation that is not unit length;
//! - `iterations` zero: no support point is asked for.
//!
//! A point with several nearest surface points (the centre of a circle, a point on a
//! box's diagonal) gets one of them, as the generic query does, though not always the
//! same one.

mod capsule;
mod circle;
mod ellipse;
mod polygon;
mod rect;

use gjk_core::{PointProjection, PointStatus, Scalar, Transform, Vec2};

/// `point` in the frame of a shape placed by `xf`, or `None` for unusable input.
#[inline]
fn local_point<S: Scalar>(xf: Transform<S>, point: Vec2<S>) -> Option<Vec2<S>> {
    (xf.is_valid() && point.is_finite()).then(|| xf.inv_transform_point(point))
}

/// The output for rejected input.
#[inline]
fn invalid<S: Scalar>() -> PointProjection<S> {
    PointProjection {
        surface_point: Vec2::new(S::nan(), S::nan()),
        signed_distance: S::nan(),
        normal: Vec2::ZERO,
        iterations: 0,
        status: PointStatus::InvalidInput,
    }
}

/// A projection found in the shape's frame, placed by `xf`.
#[inline]
fn placed<S: Scalar>(
    xf: Transform<S>,
    surface_point: Vec2<S>,
    signed_distance: S,
    normal: Vec2<S>,
) -> PointProjection<S> {
    let status = if signed_distance <= S::ZERO {
        PointStatus::Inside
    } else {
        PointStatus::Outside
    };
    PointProjection {
        surface_point: xf.transform_point(surface_point),
        signed_distance,
        normal: xf.rotation.rotate(normal),
        iterations: 0,
        status,
    }
}

/// The point of the circle of `radius` around `center` nearest `point`, its signed
/// distance and the outward normal there, all in one frame; `fallback` is the normal
/// for a point exactly at the centre (every direction is nearest there).
///
/// The distance is the offset's dot product with its own unit direction
/// (`Vec2::normalize` scales by the largest coordinate first), so offsets whose
/// squared length would overflow or underflow keep their digits.
#[inline]
fn disc_projection<S: Scalar>(
    center: Vec2<S>,
    radius: S,
    point: Vec2<S>,
    fallback: Vec2<S>,
) -> (Vec2<S>, S, Vec2<S>) {
    let offset = point - center;
    let (normal, length) = match offset.normalize() {
        Some(normal) => (normal, normal.dot(offset)),
        None => (fallback, S::ZERO),
    };
    (center + normal * radius, length - radius, normal)
}

/// The point of segment `a b` nearest `point` (all in one frame).
///
/// The fraction along the edge is computed with the edge divided by its largest
/// coordinate, so that its squared length neither overflows (edges 1e19 long in `f32`)
/// nor underflows.
#[inline]
fn nearest_on_segment<S: Scalar>(a: Vec2<S>, b: Vec2<S>, point: Vec2<S>) -> Vec2<S> {
    let edge = b - a;
    let largest = edge.max_abs();
    // Written so that NaN and a zero-length edge take `a`.
    let has_length = largest > S::ZERO;
    if !has_length {
        return a;
    }
    let unit = edge / largest;
    let t = ((point - a) / largest).dot(unit) / unit.length_squared();
    a + edge * t.max(S::ZERO).min(S::ONE)
}
