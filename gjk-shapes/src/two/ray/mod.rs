//! Analytic ray casts: an inherent `ray_cast` on the shapes that have an exact
//! closed-form answer cheaper than the generic GJK ray cast
//! ([`gjk_core::ray_cast`]), one file per shape.
//!
//! Every fast path follows the generic path's conventions ([`CastOutput`]):
//!
//! - `Hit`: the first fraction in `[0, max_fraction]` at which the ray meets the
//!   (closed) shape, `point = ray.point_at(fraction)`, `normal` the outward unit
//!   surface normal there (against the ray);
//! - `StartsInside`: the origin is inside or on the shape; `fraction` 0, `point` the
//!   origin, `normal` the outward normal of the rounding when the origin lies in it and
//!   zero inside the core (shapes without a radius are all core);
//! - `Miss`: no hit up to `max_fraction`, which `fraction` then holds; `point` and
//!   `normal` zero. A zero-length ray that starts outside misses;
//! - `InvalidInput`: a NaN or infinite origin, translation or transform, a rotation
//!   that is not unit length, a negative or NaN `max_fraction`, a reach
//!   `translation * max_fraction` that overflows, or coordinates so large that the
//!   solve overflows; `fraction` and `point` NaN, `normal` zero.
//!
//! `iterations` is zero: no support point is asked for.

mod capsule;
mod circle;
mod ellipse;
mod point;
mod polygon;
mod rect;
mod segment;

use gjk_core::{CastOutput, CastStatus, Ray, Scalar, Transform, Vec2};

/// A ray taken into a shape's local frame.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LocalRay<S> {
    /// The origin in the shape's frame.
    pub origin: Vec2<S>,
    /// The translation in the shape's frame.
    pub translation: Vec2<S>,
}

/// The ray in the frame of a shape placed by `xf`, or `None` for unusable input.
#[inline]
pub(crate) fn local_ray<S: Scalar>(xf: Transform<S>, ray: Ray<S>) -> Option<LocalRay<S>> {
    // Written so that NaN fails, and without a branch per test (a chain of `&&` was a
    // twentieth of a polygon cast). The reach `translation * max_fraction` is finite
    // only if both factors are and their product does not overflow (a ray whose far
    // end is beyond the range of `S` has no representable hit point), which also
    // covers a NaN or infinite `max_fraction` (zero times infinity is NaN).
    let reach = ray.translation * ray.max_fraction;
    let coordinates = [xf.translation, ray.origin, reach];
    let usable = xf.rotation.is_valid() & all_finite(coordinates) & (ray.max_fraction >= S::ZERO);
    usable.then(|| LocalRay {
        origin: xf.inv_transform_point(ray.origin),
        translation: xf.rotation.inv_rotate(ray.translation),
    })
}

/// The largest of `start` and the coordinate magnitudes of `points`: the largest
/// length a closed-form cast computes with. Plain comparisons rather than `max`,
/// whose NaN handling cost a tenth of a polygon cast: no value is NaN here
/// (`local_ray` checked the ray and the transform, the constructors the shapes), and
/// an infinity from an overflowing placement compares as `max` would take it.
#[inline]
pub(crate) fn largest_length<S: Scalar, const K: usize>(start: S, points: [Vec2<S>; K]) -> S {
    let mut largest = start;
    for point in points.map(Vec2::abs) {
        for coordinate in [point.x, point.y] {
            if coordinate > largest {
                largest = coordinate;
            }
        }
    }
    largest
}

/// `points` and `radius`, the lengths a closed-form cast computes with, multiplied by
/// the power of two that brings `largest` (theirs, [`largest_length`]) into `[1, 2)`
/// when it lies outside the kernel's window ([`Scalar::window_factor`]); unchanged
/// inside it.
///
/// The casts multiply lengths in pairs (cross and dot products, `r^2 - h^2`): in `f32`
/// those underflow for lengths near 1e-20 and overflow near 1e19, and a circle of
/// radius 1e-30 then reads as containing every ray. Scaling by a power of two is
/// exact and leaves fractions and unit normals as they are, so the cast is computed
/// at a scale where the products keep their digits, as the kernel's queries are.
#[inline]
pub(crate) fn into_window<S: Scalar, const K: usize>(
    points: [Vec2<S>; K],
    radius: S,
    largest: S,
) -> ([Vec2<S>; K], S) {
    match largest.window_factor() {
        None => (points, radius),
        Some(factor) => (points.map(|point| point * factor), radius * factor),
    }
}

/// `cast` of `ray` against a shape placed by `xf` whose points lie within `extent`
/// (in coordinates) of its local origin, with the ray first restated so that its
/// translation is about as long as the larger of the geometry and the segment the ray
/// sweeps, when it is not within the kernel's window of the geometry's size.
///
/// A ray is a segment of the plane, `origin + t translation` for `t` in
/// `[0, max_fraction]`: the translation's length is a choice of units for `t`, not a
/// length of the geometry. Multiplying the translation by `2^k` and dividing
/// `max_fraction` by it gives the same segment, exactly, with fractions `2^-k` times
/// as large. The disc casts ([`disc_entry`]) bring their lengths into the window
/// together ([`into_window`]); with a translation 2^70 times the geometry's size the
/// window is the translation's, and the geometry's products underflow.
///
/// Found by fuzzing: a circle of radius 6.4e-10, a ray starting 1.4e-11 outside it
/// with a translation of 1.5e13 and a `max_fraction` of 1e-30. The offset from the
/// centre, scaled by 2^-44 with the translation, squared to nothing, and the cast
/// hit at the origin.
///
/// Casts whose translation is within the window of the geometry's size (every
/// realistic one) pay two comparisons and are computed as given.
#[inline]
pub(crate) fn at_geometry_scale<S: Scalar>(
    ray: Ray<S>,
    xf: Transform<S>,
    extent: S,
    cast: impl FnOnce(Ray<S>) -> CastOutput<S>,
) -> CastOutput<S> {
    let length = ray.translation.max_abs();
    let size = largest_length(extent, [ray.origin - xf.translation]);
    // Plain comparisons: NaN and infinities fail them or fail `binary_exponent` below,
    // and the cast as given then reports the bad input.
    let out_of_scale = length > size * S::RESCALE_ABOVE || length < size * S::RESCALE_BELOW;
    if !out_of_scale {
        return cast(ray);
    }
    // The segment's length, in the same measure (a ray longer than the geometry keeps
    // its length: its precision is relative to it).
    let reach = length * ray.max_fraction;
    // A negative `max_fraction` is bad input, and must stay so: divided by a large
    // power of two it would underflow to -0, which passes as zero (found by fuzzing).
    // NaN fails the comparison too.
    let usable = ray.max_fraction >= S::ZERO;
    if !usable {
        return cast(ray);
    }
    let target = if reach > size { reach } else { size };
    let (Some(from), Some(to)) = (length.binary_exponent(), target.binary_exponent()) else {
        return cast(ray);
    };
    // The restatement is exact only while `max_fraction / 2^exponent` stays a normal
    // number: deeper in the subnormals it rounds, and a translation of 1.5e-39 with a
    // `max_fraction` of 13.25 (stretched by 2^154 towards a capsule 2.5e7 long) came
    // back with the fraction 16, past the end of the ray (found by fuzzing). Such a
    // ray is stretched only as far as its `max_fraction` allows.
    let mut exponent = to - from;
    if exponent > 0
        && let (Some(fraction), Some(lowest)) = (
            ray.max_fraction.binary_exponent(),
            S::min_positive_value().binary_exponent(),
        )
    {
        exponent = exponent.min(fraction - lowest).max(0);
    }
    let stretch = |value: S| value.scale_by_power_of_two(exponent);
    let stretched = Ray {
        origin: ray.origin,
        translation: Vec2::new(stretch(ray.translation.x), stretch(ray.translation.y)),
        max_fraction: ray.max_fraction.scale_by_power_of_two(-exponent),
    };
    let mut out = cast(stretched);
    match out.status {
        // The hit point is the same point of the plane; only the fraction's units change.
        CastStatus::Hit => out.fraction = stretch(out.fraction),
        CastStatus::Miss => out.fraction = ray.max_fraction,
        _ => {}
    }
    out
}

/// Whether the shape's `size` and the ray's `translation`, the lengths a closed-form
/// cast multiplies, have a smaller one (zero counts as no length) so far below the
/// cast's `largest` that their product cannot keep its digits at the scale
/// [`into_window`] chooses: below `2^-56` of `largest` in `f32` (`2^-480` in `f64`,
/// the kernel's window squared). Such casts go to the GJK ray cast, whose simplex works from support
/// points and rescues its own scale.
///
/// Found by fuzzing: a segment 1e-37 long under a ray 7e9 long; scaled so that the ray
/// fits the window, the segment's cross products were subnormal, kept a bit or two,
/// and the cast hit 3e8 from the segment. (Not scaling such a cast fails the other
/// way: a ray 1e-30 long against a segment 1e-15 long had cross products of 1e-45.)
#[inline]
pub(crate) fn spans_too_far<S: Scalar>(size: S, translation: Vec2<S>, largest: S) -> bool {
    // Plain comparisons, as in `largest_length`.
    let reach = largest_length(S::ZERO, [translation]);
    let smallest = if reach < size { reach } else { size };
    smallest > S::ZERO && smallest < largest * (S::RESCALE_BELOW * S::RESCALE_BELOW)
}

/// Whether every coordinate of `points` is finite, in one sum: `x - x` is zero for
/// every finite `x` and NaN for infinities and NaN.
#[inline]
#[expect(clippy::eq_op, reason = "x - x is zero exactly when x is finite")]
fn all_finite<S: Scalar, const K: usize>(points: [Vec2<S>; K]) -> bool {
    let sum = points.iter().fold(S::ZERO, |sum, point| {
        sum + (point.x - point.x) + (point.y - point.y)
    });
    sum == S::ZERO
}

/// The output for rejected input.
#[inline]
pub(crate) fn invalid<S: Scalar>() -> CastOutput<S> {
    CastOutput {
        fraction: S::nan(),
        point: Vec2::new(S::nan(), S::nan()),
        normal: Vec2::ZERO,
        iterations: 0,
        status: CastStatus::InvalidInput,
    }
}

/// The output of a miss.
#[inline]
pub(crate) fn miss<S: Scalar>(ray: Ray<S>) -> CastOutput<S> {
    CastOutput {
        fraction: ray.max_fraction,
        point: Vec2::ZERO,
        normal: Vec2::ZERO,
        iterations: 0,
        status: CastStatus::Miss,
    }
}

/// The output of a ray starting inside, with a world-space normal (zero inside the
/// core).
#[inline]
pub(crate) fn starts_inside<S: Scalar>(ray: Ray<S>, normal: Vec2<S>) -> CastOutput<S> {
    CastOutput {
        fraction: S::ZERO,
        point: ray.origin,
        normal,
        iterations: 0,
        status: CastStatus::StartsInside,
    }
}

/// The output of a hit at `fraction` with a world-space unit normal.
#[inline]
pub(crate) fn hit<S: Scalar>(ray: Ray<S>, fraction: S, normal: Vec2<S>) -> CastOutput<S> {
    let point = ray.point_at(fraction);
    // A hit point beyond the range of `S` (coordinates near its maximum) is not an
    // answer: invalid input, as for an overflowing solve (found by fuzzing).
    if !point.is_finite() {
        return invalid();
    }
    CastOutput {
        fraction,
        point,
        normal,
        iterations: 0,
        status: CastStatus::Hit,
    }
}

/// Where a ray meets a disc.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum DiscEntry<S> {
    /// The origin is inside or on the disc.
    Inside,
    /// The ray enters at this fraction (before or after `max_fraction`; the caller
    /// compares), with the outward unit normal there.
    Enters(S, Vec2<S>),
    /// The ray's line misses the disc, or the ray runs away from it.
    Misses,
}

/// The ray `offset + t translation` (`offset` the origin relative to the centre)
/// against the disc of `radius` around the origin.
///
/// With `u` the unit direction, `a = offset . u` (negative when heading towards the
/// centre) and `h = |offset x u|` the distance from the centre to the line, the line
/// meets the circle at distances `-a -+ sqrt(q)` along `u`, `q = r^2 - h^2`, written
/// `(r - h)(r + h)` so that a grazing line keeps its precision. The nearer root is
/// taken in the stable form `(|offset|^2 - r^2) / (sqrt(q) - a)`, a quotient of two
/// positive numbers (Vieta: the product of the roots is `|offset|^2 - r^2`), which
/// does not cancel when the origin is near the circle.
pub(crate) fn disc_entry<S: Scalar>(
    offset: Vec2<S>,
    translation: Vec2<S>,
    radius: S,
) -> DiscEntry<S> {
    let origin_distance = offset.length();
    if origin_distance <= radius {
        return DiscEntry::Inside;
    }
    let Some(unit) = translation.normalize() else {
        return DiscEntry::Misses;
    };
    let along = offset.dot(unit);
    if along >= S::ZERO {
        return DiscEntry::Misses;
    }
    let line_distance = offset.cross(unit).abs();
    // Compared directly: the product below can underflow to zero for a line a hair
    // beside a point (radius zero).
    if line_distance > radius {
        return DiscEntry::Misses;
    }
    let q = (radius - line_distance) * (radius + line_distance);
    // `|offset|^2 - r^2` as a product: exact for an offset along an axis (the square
    // root of a square is exact), and as good as the direct difference otherwise.
    let outside = (origin_distance - radius) * (origin_distance + radius);
    let distance = outside / (q.sqrt() - along);
    let length = translation.dot(unit);
    let fraction = distance / length;
    // At the entry point `offset + distance u`, radius away from the centre; a circle
    // of radius zero (a point hit dead on) has no normal of its own: use the one
    // facing the ray.
    let normal = (offset + unit * distance).normalize().unwrap_or(-unit);
    DiscEntry::Enters(fraction, normal)
}
