//! `Segment::ray_cast`: the 2x2 solve of ray against segment.

use gjk_core::{CastOutput, Ray, Scalar, Transform, Vec2};

use crate::Segment;
use crate::ray::{
    hit, into_window, invalid, largest_length, local_ray, miss, spans_too_far, starts_inside,
};

impl<S: Scalar> Segment<S> {
    /// Where a ray first meets the segment placed by `xf`, with the conventions of
    /// [`gjk_core::ray_cast`] (see [`CastOutput`]).
    ///
    /// The segment is two-sided and closed: a ray crossing it from either side, or
    /// through an end point, hits; the normal is the segment's normal on the side the
    /// ray comes from. Solving `o + t d = a + s (b - a)` by cross products gives
    /// `t = (a - o) x e / (d x e)` with `e = b - a`, and the hit point's place along the
    /// segment `s = (o + t d - a) . e / (e . e)`; the ray hits for `s` in `[0, 1]` and
    /// `t` in `[0, max_fraction]`. A ray parallel to the segment (`d x e = 0`) misses,
    /// unless it runs along the segment's own line: then it hits the nearer end point
    /// with the normal facing the ray (the limit of the end's normals), or starts
    /// inside if the origin is on the segment. A degenerate segment (`a = b`) is a
    /// point ([`Point::ray_cast`](crate::Point::ray_cast)).
    ///
    /// ```
    /// use gjk_core::{CastStatus, Ray, Transform, Vec2};
    /// use gjk_shapes::Segment;
    ///
    /// let s = Segment::new(Vec2::new(2.0_f64, -1.0), Vec2::new(2.0, 1.0))?;
    /// let out = s.ray_cast(Transform::IDENTITY, Ray::new(Vec2::new(-2.0, 0.5), Vec2::new(8.0, 0.0)));
    /// assert_eq!((out.status, out.fraction, out.normal), (CastStatus::Hit, 0.5, Vec2::new(-1.0, 0.0)));
    /// // Parallel beside it: a miss.
    /// let beside = s.ray_cast(Transform::IDENTITY, Ray::new(Vec2::new(2.5, -4.0), Vec2::new(0.0, 8.0)));
    /// assert_eq!(beside.status, CastStatus::Miss);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn ray_cast(&self, xf: Transform<S>, ray: Ray<S>) -> CastOutput<S> {
        let Some(local) = local_ray(xf, ray) else {
            return invalid();
        };
        let points = [self.a(), self.b(), local.origin, local.translation];
        let largest = largest_length(S::ZERO, points);
        let length = largest_length(S::ZERO, [self.b() - self.a()]);
        if spans_too_far(length, local.translation, largest) {
            return gjk_core::support_ray_cast(self, xf, ray);
        }
        let ([a, b, origin, translation], _) = into_window(points, S::ZERO, largest);
        let edge = b - a;
        let to_start = a - origin;
        let denominator = translation.cross(edge);
        if denominator == S::ZERO {
            return along_line(a, b, origin, translation, xf, ray);
        }
        let fraction = to_start.cross(edge) / denominator;
        // Where along the edge the hit point lies, `(o + t d - a) . e` against
        // `e . e`, taken from the point itself rather than from the second cross
        // product `(a - o) x d / (d x e)`. Nearly parallel, `t` is ill-conditioned
        // (its rounding over a small `d x e`), and the two quotients round apart: the
        // point then slid past an end point while the position said it was on the
        // segment (found by fuzzing). Measured on the point, a slide along the ray
        // stays on the segment's line and the end test sees it.
        let along = (translation * fraction - to_start).dot(edge);
        // Products of coordinates near 1e19 and beyond overflow to infinities and
        // NaN: the answer is then unknown, which is invalid input for the kernel (as
        // for squares that overflow), never a hit at a NaN fraction (found by fuzzing).
        if !(fraction.is_finite() && along.is_finite()) {
            return invalid();
        }
        let within_segment = along >= S::ZERO && along <= edge.dot(edge);
        if !within_segment || fraction < S::ZERO || fraction > ray.max_fraction {
            return miss(ray);
        }
        if fraction == S::ZERO {
            return starts_inside(ray, Vec2::ZERO);
        }
        let mut normal = edge.perp().normalize().unwrap_or_default();
        if normal.dot(translation) > S::ZERO {
            normal = -normal;
        }
        hit(ray, fraction, xf.rotation.rotate(normal))
    }
}

/// A ray parallel to the segment `a b` (or a degenerate segment, or a zero-length
/// ray): it meets the segment only along the segment's own line.
fn along_line<S: Scalar>(
    a: Vec2<S>,
    b: Vec2<S>,
    origin: Vec2<S>,
    translation: Vec2<S>,
    xf: Transform<S>,
    ray: Ray<S>,
) -> CastOutput<S> {
    let edge = b - a;
    let on_line = |p: Vec2<S>| edge.cross(p - a) == S::ZERO && edge.cross(p - b) == S::ZERO;
    if !on_line(origin) {
        return miss(ray);
    }
    // On the line: is the origin between the end points?
    let (from_a, from_b) = (origin - a, origin - b);
    if from_a.dot(from_b) <= S::ZERO {
        return starts_inside(ray, Vec2::ZERO);
    }
    let Some(unit) = translation.normalize() else {
        return miss(ray);
    };
    // The fractions of the two end points, if the ray runs through them.
    let length = translation.dot(unit);
    let fraction_to = |p: Vec2<S>| {
        let offset = p - origin;
        (offset.cross(unit) == S::ZERO).then(|| offset.dot(unit) / length)
    };
    let nearest = [fraction_to(a), fraction_to(b)]
        .into_iter()
        .flatten()
        .filter(|&fraction| fraction >= S::ZERO)
        .fold(None, |best: Option<S>, fraction| {
            Some(best.map_or(fraction, |best| best.min(fraction)))
        });
    match nearest {
        Some(fraction) if fraction <= ray.max_fraction => {
            hit(ray, fraction, xf.rotation.rotate(-unit))
        }
        _ => miss(ray),
    }
}

#[cfg(test)]
mod tests {
    use gjk_core::CastStatus;

    use super::*;

    fn ray(origin: (f64, f64), translation: (f64, f64)) -> Ray<f64> {
        Ray::new(
            Vec2::new(origin.0, origin.1),
            Vec2::new(translation.0, translation.1),
        )
    }

    fn segment() -> Segment<f64> {
        Segment::new(Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0)).unwrap()
    }

    #[test]
    fn segment_ray_hits_from_both_sides_with_the_facing_normal() {
        let up = segment().ray_cast(Transform::IDENTITY, ray((0.5, -2.0), (0.0, 4.0)));
        assert_eq!((up.status, up.fraction), (CastStatus::Hit, 0.5));
        assert_eq!(up.normal, Vec2::new(0.0, -1.0));
        let down = segment().ray_cast(Transform::IDENTITY, ray((0.5, 2.0), (0.0, -4.0)));
        assert_eq!(down.normal, Vec2::new(0.0, 1.0));
    }

    #[test]
    fn segment_ray_through_an_end_point_hits_and_past_it_misses() {
        let end = segment().ray_cast(Transform::IDENTITY, ray((0.0, -1.0), (2.0, 2.0)));
        assert_eq!((end.status, end.fraction), (CastStatus::Hit, 0.5));
        assert_eq!(end.point, Vec2::new(1.0, 0.0));
        let past = segment().ray_cast(Transform::IDENTITY, ray((0.0, -1.0 - 1e-12), (2.0, 2.0)));
        assert_eq!(past.status, CastStatus::Miss);
    }

    #[test]
    fn segment_ray_parallel_beside_it_misses_and_along_it_hits_the_near_end() {
        let beside = segment().ray_cast(Transform::IDENTITY, ray((-4.0, 1e-300), (8.0, 0.0)));
        assert_eq!(beside.status, CastStatus::Miss);
        let along = segment().ray_cast(Transform::IDENTITY, ray((-4.0, 0.0), (8.0, 0.0)));
        assert_eq!((along.status, along.fraction), (CastStatus::Hit, 0.375));
        assert_eq!(along.normal, Vec2::new(-1.0, 0.0));
        let back = segment().ray_cast(Transform::IDENTITY, ray((4.0, 0.0), (-8.0, 0.0)));
        assert_eq!((back.fraction, back.normal), (0.375, Vec2::new(1.0, 0.0)));
        let away = segment().ray_cast(Transform::IDENTITY, ray((4.0, 0.0), (8.0, 0.0)));
        assert_eq!(away.status, CastStatus::Miss);
        let on = segment().ray_cast(Transform::IDENTITY, ray((0.25, 0.0), (8.0, 0.0)));
        assert_eq!(on.status, CastStatus::StartsInside);
    }

    #[test]
    fn segment_ray_starting_on_it_or_zero_length() {
        let on = segment().ray_cast(Transform::IDENTITY, ray((0.25, 0.0), (0.0, 3.0)));
        assert_eq!(on.status, CastStatus::StartsInside);
        assert_eq!(on.normal, Vec2::ZERO);
        let still_on = segment().ray_cast(Transform::IDENTITY, ray((0.25, 0.0), (0.0, 0.0)));
        assert_eq!(still_on.status, CastStatus::StartsInside);
        let still_off = segment().ray_cast(Transform::IDENTITY, ray((0.25, 0.5), (0.0, 0.0)));
        assert_eq!(still_off.status, CastStatus::Miss);
    }

    #[test]
    fn degenerate_segment_is_hit_only_through_its_point() {
        let dot = Segment::new(Vec2::new(1.0, 1.0), Vec2::new(1.0, 1.0)).unwrap();
        let through = dot.ray_cast(Transform::IDENTITY, ray((1.0, -1.0), (0.0, 4.0)));
        assert_eq!((through.status, through.fraction), (CastStatus::Hit, 0.5));
        assert_eq!(through.normal, Vec2::new(0.0, -1.0));
        let beside = dot.ray_cast(Transform::IDENTITY, ray((1.5, -1.0), (0.0, 4.0)));
        assert_eq!(beside.status, CastStatus::Miss);
    }
}
