//! What the closed-form ray casts of both dimensions share: the ray in a shape's frame,
//! the exact rescaling that keeps their products' digits, the outputs, and a ray
//! against a disc or ball. The casts themselves are in `two/ray/` and `three/ray/`.
//!
//! Every closed-form cast follows the generic path's conventions ([`CastOutput`]):
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

use gjk_core::{CastOutput, CastStatus, Ray, RigidTransform, Scalar, Space, Support};

/// A ray taken into a shape's local frame.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LocalRay<V> {
    /// The origin in the shape's frame.
    pub origin: V,
    /// The translation in the shape's frame.
    pub translation: V,
}

/// The ray in the frame of a shape placed by `xf`, or `None` for unusable input.
#[inline]
pub(crate) fn local_ray<S: Scalar, V: Space<Scalar = S>>(
    xf: V::Transform,
    ray: Ray<S, V>,
) -> Option<LocalRay<V>> {
    // Written so that NaN fails, and without a branch per test (a chain of `&&` was a
    // twentieth of a polygon cast). The reach `translation * max_fraction` is finite
    // only if both factors are and their product does not overflow (a ray whose far
    // end is beyond the range of `S` has no representable hit point), which also
    // covers a NaN or infinite `max_fraction` (zero times infinity is NaN).
    usable_ray(xf, ray).then(|| LocalRay {
        origin: xf.inv_transform_point(ray.origin),
        translation: xf.inv_rotate(ray.translation),
    })
}

/// The checks of [`local_ray`] alone, for casts that work in world space (a ball
/// needs no local frame: taking the ray into one was a sixth of a sphere's cast, two
/// quaternion rotations thrown away).
#[inline]
pub(crate) fn usable_ray<S: Scalar, V: Space<Scalar = S>>(
    xf: V::Transform,
    ray: Ray<S, V>,
) -> bool {
    let reach = ray.translation * ray.max_fraction;
    xf.is_valid() & all_finite([ray.origin, reach]) & (ray.max_fraction >= S::ZERO)
}

/// The largest of `start` and the coordinate magnitudes of `points`: the largest
/// length a closed-form cast computes with. Plain comparisons rather than `max`,
/// whose NaN handling cost a tenth of a polygon cast: no value is NaN here
/// (`local_ray` checked the ray and the transform, the constructors the shapes), and
/// an infinity from an overflowing placement compares as `max` would take it.
#[inline]
pub(crate) fn largest_length<S: Scalar, V: Space<Scalar = S>, const K: usize>(
    start: S,
    points: [V; K],
) -> S {
    let mut largest = start;
    for point in points.map(V::abs) {
        for coordinate in point.coordinates() {
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
pub(crate) fn into_window<S: Scalar, V: Space<Scalar = S>, const K: usize>(
    points: [V; K],
    radius: S,
    largest: S,
) -> ([V; K], S) {
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
pub(crate) fn at_geometry_scale<S: Scalar, V: Space<Scalar = S>>(
    ray: Ray<S, V>,
    xf: V::Transform,
    extent: S,
    cast: impl FnOnce(Ray<S, V>) -> CastOutput<S, V>,
) -> CastOutput<S, V> {
    let length = ray.translation.max_abs();
    let size = largest_length(extent, [ray.origin - xf.translation()]);
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
        translation: ray.translation.map(stretch),
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
pub(crate) fn spans_too_far<S: Scalar, V: Space<Scalar = S>>(
    size: S,
    translation: V,
    largest: S,
) -> bool {
    // Plain comparisons, as in `largest_length`.
    let reach = largest_length(S::ZERO, [translation]);
    let smallest = if reach < size { reach } else { size };
    smallest > S::ZERO && smallest < largest * (S::RESCALE_BELOW * S::RESCALE_BELOW)
}

/// Whether every coordinate of `points` is finite, in one sum: `x - x` is zero for
/// every finite `x` and NaN for infinities and NaN.
#[inline]
#[expect(clippy::eq_op, reason = "x - x is zero exactly when x is finite")]
fn all_finite<S: Scalar, V: Space<Scalar = S>, const K: usize>(points: [V; K]) -> bool {
    let sum = points.iter().fold(S::ZERO, |sum, point| {
        point
            .coordinates()
            .into_iter()
            .fold(sum, |sum, coordinate| sum + (coordinate - coordinate))
    });
    sum == S::ZERO
}

/// The output for rejected input.
#[inline]
pub(crate) fn invalid<S: Scalar, V: Space<Scalar = S>>() -> CastOutput<S, V> {
    CastOutput {
        fraction: S::nan(),
        point: V::nan(),
        normal: V::ZERO,
        iterations: 0,
        status: CastStatus::InvalidInput,
    }
}

/// The output of a miss.
#[inline]
pub(crate) fn miss<S: Scalar, V: Space<Scalar = S>>(ray: Ray<S, V>) -> CastOutput<S, V> {
    CastOutput {
        fraction: ray.max_fraction,
        point: V::ZERO,
        normal: V::ZERO,
        iterations: 0,
        status: CastStatus::Miss,
    }
}

/// The output of a ray starting inside, with a world-space normal (zero inside the
/// core).
#[inline]
pub(crate) fn starts_inside<S: Scalar, V: Space<Scalar = S>>(
    ray: Ray<S, V>,
    normal: V,
) -> CastOutput<S, V> {
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
pub(crate) fn hit<S: Scalar, V: Space<Scalar = S>>(
    ray: Ray<S, V>,
    fraction: S,
    normal: V,
) -> CastOutput<S, V> {
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
pub(crate) enum DiscEntry<S, V> {
    /// The origin is inside or on the disc.
    Inside,
    /// The ray enters at this fraction (before or after `max_fraction`; the caller
    /// compares), with the outward unit normal there.
    Enters(S, V),
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
///
/// The root is at most `-a`, where the line comes closest to the centre (`sqrt(q)` is
/// not negative), and is clamped to it: `q` and `|offset|^2 - r^2` are rounded apart,
/// and for a line tangent at an origin that lies on the circle both are rounding
/// noise, their quotient anything. An ellipse hit 46 units up such a tangent, 36 off
/// its surface (found by fuzzing); the clamp keeps the entry within `|a|`, rounding
/// away from the origin.
pub(crate) fn disc_entry<S: Scalar, V: Space<Scalar = S>>(
    offset: V,
    translation: V,
    radius: S,
) -> DiscEntry<S, V> {
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
    let line_distance = offset.cross_length(unit);
    // Compared directly: the product below can underflow to zero for a line a hair
    // beside a point (radius zero).
    if line_distance > radius {
        return DiscEntry::Misses;
    }
    let q = (radius - line_distance) * (radius + line_distance);
    // `|offset|^2 - r^2` as a product: exact for an offset along an axis (the square
    // root of a square is exact), and as good as the direct difference otherwise.
    let outside = (origin_distance - radius) * (origin_distance + radius);
    let distance = (outside / (q.square_root() - along)).min(-along);
    let length = translation.dot(unit);
    let fraction = distance / length;
    // At the entry point `offset + distance u`, radius away from the centre; a circle
    // of radius zero (a point hit dead on) has no normal of its own: use the one
    // facing the ray.
    let normal = (offset + unit * distance).normalize().unwrap_or(-unit);
    DiscEntry::Enters(fraction, normal)
}

/// Where a ray first meets the box of half-extents `half` about the local origin of a
/// placement `xf`, by the slab test in the box's frame (`Rect::ray_cast`,
/// `Cuboid::ray_cast`).
///
/// Per axis the ray is between the two faces for fractions from `(-+h - o) / d` to
/// `(+-h - o) / d` (the signs following `d`); it enters the box at the largest of the
/// lower ends, through the face that gives it, whose normal is the hit normal. Where
/// two faces give the same fraction (a ray through an edge or a corner) the first
/// axis's face wins. A translation parallel to an axis (a zero component) is handled
/// without dividing by zero: the ray is then between those faces always or never. The
/// box is closed: a ray grazing a face hits it. Relative precision does not depend on
/// the size of the box: only differences and quotients are formed.
#[inline]
pub(crate) fn slab_ray_cast<S: Scalar, V: Space<Scalar = S>>(
    half: V,
    xf: V::Transform,
    ray: Ray<S, V>,
) -> CastOutput<S, V> {
    let Some(local) = local_ray(xf, ray) else {
        return invalid();
    };
    let mut enter = S::ZERO;
    let mut exit = ray.max_fraction;
    let mut entry_normal = None;
    let axes = local
        .origin
        .coordinates()
        .into_iter()
        .zip(local.translation.coordinates())
        .zip(half.coordinates())
        .zip(V::AXES);
    for (((origin, direction), half), axis) in axes {
        if direction == S::ZERO {
            if origin.abs() > half {
                return miss(ray);
            }
            continue;
        }
        let (near_face, far_face) = if direction > S::ZERO {
            (-half, half)
        } else {
            (half, -half)
        };
        let near = (near_face - origin) / direction;
        let far = (far_face - origin) / direction;
        if near > enter {
            enter = near;
            // The near face faces against the ray.
            entry_normal = Some(if direction > S::ZERO { -axis } else { axis });
        }
        exit = exit.min(far);
        if enter > exit {
            return miss(ray);
        }
    }
    match entry_normal {
        Some(normal) => hit(ray, enter, xf.rotate(normal)),
        // No face lies ahead of the origin: it is inside or on the box.
        None => starts_inside(ray, V::ZERO),
    }
}

/// Where a ray first meets the ball (disc in the plane) of `radius` about `center` in
/// the frame of a placement `xf` (`Circle::ray_cast`, `Sphere::ray_cast`): the exact
/// root of `|origin + t translation - center| = radius` by [`disc_entry`], at a scale
/// where its products keep their digits ([`at_geometry_scale`], [`into_window`]).
/// Starting inside, the normal points from the centre to the origin (zero at the
/// centre). A radius too far below the ray for their products to keep their digits
/// at one scale ([`spans_too_far`]) goes to the GJK ray cast on `shape`.
#[inline]
pub(crate) fn ball_ray_cast<S: Scalar, V: Space<Scalar = S>, T: Support<S, V>>(
    shape: &T,
    center: V,
    radius: S,
    xf: V::Transform,
    ray: Ray<S, V>,
) -> CastOutput<S, V> {
    let extent = largest_length(radius, [center]);
    at_geometry_scale(ray, xf, extent, |ray| {
        if !usable_ray(xf, ray) {
            return invalid();
        }
        let offset = ray.origin - xf.transform_point(center);
        let points = [offset, ray.translation];
        let largest = largest_length(radius, points);
        if spans_too_far(radius, ray.translation, largest) {
            return gjk_core::support_ray_cast(shape, xf, ray);
        }
        let ([scaled_offset, translation], radius) = into_window(points, radius, largest);
        match disc_entry(scaled_offset, translation, radius) {
            DiscEntry::Inside => starts_inside(ray, offset.normalize().unwrap_or(V::ZERO)),
            DiscEntry::Enters(fraction, normal) if fraction <= ray.max_fraction => {
                hit(ray, fraction, normal)
            }
            DiscEntry::Enters(..) | DiscEntry::Misses => miss(ray),
        }
    })
}

/// Where a ray first meets the ellipse (an ellipsoid in 3D) with `semi_axes` along
/// the local axes of a placement `xf` (`Ellipse::ray_cast`, `Ellipsoid::ray_cast`).
///
/// Dividing each local coordinate by its semi-axis maps the shape onto the unit disc
/// (ball) and the ray onto a ray with the same fractions (the map is linear), which
/// [`disc_entry`] solves. The normal at the hit point `p` is the gradient `p / a^2`,
/// divided twice: the squares of the axes underflow for an ellipse of size 1e-20 in
/// `f32`, and the normal came out zero.
///
/// The division stretches the ray by up to the largest length over the smallest
/// axis, and the disc's solve squares what it gives. A smallest axis too far below
/// the ray's lengths for that ([`spans_too_far`]) goes to the GJK ray cast on
/// `shape`: a ray from 1e10 through an ellipse of size 1e-30 (`f32`) overflowed to
/// infinity in the division and missed it. The ray is first restated to the
/// geometry's scale ([`at_geometry_scale`]), as for the balls.
#[inline]
pub(crate) fn ellipse_ray_cast<S: Scalar, V: Space<Scalar = S>, T: Support<S, V>>(
    shape: &T,
    semi_axes: V,
    xf: V::Transform,
    ray: Ray<S, V>,
) -> CastOutput<S, V> {
    let extent = largest_length(S::ZERO, [semi_axes]);
    at_geometry_scale(ray, xf, extent, |ray| {
        let Some(local) = local_ray(xf, ray) else {
            return invalid();
        };
        let largest = largest_length(extent, [local.origin, local.translation]);
        let smallest_axis = semi_axes
            .coordinates()
            .into_iter()
            .fold(
                extent,
                |smallest, axis| if axis < smallest { axis } else { smallest },
            );
        if spans_too_far(smallest_axis, local.translation, largest) {
            return gjk_core::support_ray_cast(shape, xf, ray);
        }
        let origin = local.origin.component_div(semi_axes);
        match disc_entry(origin, local.translation.component_div(semi_axes), S::ONE) {
            DiscEntry::Inside => starts_inside(ray, V::ZERO),
            DiscEntry::Enters(fraction, _) if fraction <= ray.max_fraction => {
                let point = local.origin + local.translation * fraction;
                let gradient = point.component_div(semi_axes).component_div(semi_axes);
                hit(
                    ray,
                    fraction,
                    xf.rotate(gradient.normalize().unwrap_or(V::ZERO)),
                )
            }
            DiscEntry::Enters(..) | DiscEntry::Misses => miss(ray),
        }
    })
}

/// Where a ray first meets the capsule of core `a` to `b` and `radius` in the frame of
/// a placement `xf` (`Capsule::ray_cast`, `Capsule3::ray_cast`), at a scale where its
/// products keep their digits.
///
/// The capsule is the union of its side (the region within the radius of the core's
/// line, between the ends) and the balls at its two ends, and a ray from outside enters
/// a union first where it enters the first of its parts. A ray entering the side
/// region through an end's cap enters that end's ball no later, so only the side
/// itself is tested, by the dimension's `side_entry(from_a, translation, unit, length,
/// radius)`: where the ray `from_a + t translation` (from outside the side region)
/// enters the side of a capsule whose core runs from the origin along `unit` for
/// `length`, with the side's outward normal there, and `None` when it does not enter
/// it between the core's ends (two lines in the plane, a cylinder in 3D). The balls
/// are solved by [`disc_entry`]. Starting inside, the normal points from
/// the nearest core point to the origin (zero on the core). A radius too far below the
/// ray ([`spans_too_far`]) goes to the GJK ray cast on `shape`: fuzzing found a
/// capsule of radius 1.5e-39 around a core 2.2e-15 long, under a ray restated to a
/// length of 1, hit 1.2e-18 from its surface (the offsets' squares had underflowed).
#[inline]
pub(crate) fn capsule_ray_cast<S: Scalar, V: Space<Scalar = S>, T: Support<S, V>>(
    shape: &T,
    core: [V; 2],
    radius: S,
    xf: V::Transform,
    ray: Ray<S, V>,
    side_entry: impl Fn(V, V, V, S, S) -> Option<(S, V)>,
) -> CastOutput<S, V> {
    let extent = largest_length(radius, core);
    at_geometry_scale(ray, xf, extent, |ray| {
        let Some(local) = local_ray(xf, ray) else {
            return invalid();
        };
        let points = [core[0], core[1], local.origin, local.translation];
        let largest = largest_length(radius, points);
        if spans_too_far(radius, local.translation, largest) {
            return gjk_core::support_ray_cast(shape, xf, ray);
        }
        let ([a, b, origin, translation], radius) = into_window(points, radius, largest);
        let axis = b - a;

        // Inside: within the radius of the nearest core point `a + s (b - a)`.
        let length_squared = axis.length_squared();
        let from_a = origin - a;
        let s = if length_squared > S::ZERO {
            (from_a.dot(axis) / length_squared).max(S::ZERO).min(S::ONE)
        } else {
            S::ZERO
        };
        let from_core = from_a - axis * s;
        if from_core.length() <= radius {
            let normal = from_core.normalize().unwrap_or(V::ZERO);
            return starts_inside(ray, xf.rotate(normal));
        }

        let mut best: Option<(S, V)> = None;
        let mut keep = |fraction: S, normal: V| {
            if fraction <= ray.max_fraction && best.is_none_or(|(first, _)| fraction < first) {
                best = Some((fraction, normal));
            }
        };
        if let Some(unit) = axis.normalize()
            && let Some((fraction, normal)) =
                side_entry(from_a, translation, unit, axis.dot(unit), radius)
        {
            keep(fraction, normal);
        }
        for end in [a, b] {
            if let DiscEntry::Enters(fraction, normal) =
                disc_entry(origin - end, translation, radius)
            {
                keep(fraction, normal);
            }
        }
        match best {
            Some((fraction, normal)) => hit(ray, fraction, xf.rotate(normal)),
            None => miss(ray),
        }
    })
}
