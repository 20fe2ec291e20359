//! `Polygon::ray_cast`: clipping the ray against each edge's half-plane.

use gjk_core::{CastOutput, Ray, Scalar, Transform, Vec2};

use crate::Polygon;
use crate::ray::{LocalRay, hit, invalid, largest_length, local_ray, miss, starts_inside};

impl<S: Scalar, const N: usize> Polygon<S, N> {
    /// Where a ray first meets the polygon placed by `xf`, by clipping the ray against
    /// the half-plane of each edge (as Box2D's `b2RayCastPolygon`), with the
    /// conventions of [`gjk_core::ray_cast`] (see [`CastOutput`]).
    ///
    /// The polygon is the intersection of the half-planes `n_i . (x - v_i) <= 0` (`n_i`
    /// the outward normal of the edge from `v_i`). Along the ray, with `p = o + t d`,
    /// edge `i` holds `t` on one side of `t_i = n_i . (v_i - o) / n_i . d`: the ray
    /// enters its half-plane there when `n_i . d < 0` and leaves it when `n_i . d > 0`.
    /// Clipping `[0, max_fraction]` by every edge leaves `[lower, upper]`; the ray hits
    /// at `lower`, through the edge that raised it last, if the interval is not empty.
    /// The polygon stores its unit normals: the hit's normal needs no square root, and
    /// every quantity is a length rather than a product of two, so the clip keeps its
    /// digits over a far wider range of scales than a product would (see
    /// `length_window`). Against computing each edge's normal per cast and rescaling
    /// for products, the stored normals take 1024 octagon casts from 21.4 to 15.1 µs
    /// (criterion, same run; Box2D's `b2RayCastPolygon` 14.8). An edge
    /// parallel to the ray
    /// (`n_i . d = 0`) keeps the whole ray or none of it, without a division. If no
    /// edge raises `lower` the origin is inside or on the polygon.
    ///
    /// ```
    /// use gjk_core::{CastStatus, Ray, Transform, Vec2};
    /// use gjk_shapes::Polygon;
    ///
    /// let triangle = Polygon::<f64, 8>::new(&[Vec2::new(0.0, 0.0), Vec2::new(2.0, 0.0), Vec2::new(0.0, 2.0)])?;
    /// let out = triangle.ray_cast(Transform::IDENTITY, Ray::new(Vec2::new(3.0, 3.0), Vec2::new(-3.0, -3.0)));
    /// assert_eq!(out.status, CastStatus::Hit);
    /// assert_eq!(out.fraction, 2.0 / 3.0);
    /// assert!((out.normal - Vec2::new(1.0, 1.0) / 2.0_f64.sqrt()).length() < 1e-15);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn ray_cast(&self, xf: Transform<S>, ray: Ray<S>) -> CastOutput<S> {
        let Some(local) = local_ray(xf, ray) else {
            return invalid();
        };
        // The window is tested after the clip, whose answer a cast outside it throws
        // away: tested before, the branch cost 5 % of every cast (21.4 against 20.3 µs
        // per 1024 octagon rays), and casts outside the window are rare.
        let out = clip(self, &self.vertices, local, xf, ray);
        let largest = largest_length(self.extent(), [local.origin, local.translation]);
        let (below, above) = length_window::<S>();
        if largest >= below && largest <= above {
            out
        } else {
            clip_scaled(self, local, xf, ray, largest)
        }
    }
}

/// The lengths the clip computes with keep their digits between these bounds:
/// `2^-84` and `2^84` in `f32` (`2^-720` and `2^720` in `f64`), the cube of the
/// kernel's window.
///
/// With unit normals every quantity of the clip is a length (a dot product of a unit
/// normal with a difference of points) or a fraction times a length, never a product
/// of two lengths, so it needs no window for products as the kernel's queries do.
/// It needs one only where lengths themselves fail: near the top of the range of `S`,
/// where a difference of two points overflows, and near subnormals, where a length
/// keeps fewer digits than `eps` of the cast's largest length. Inside these bounds the
/// cast is computed as given; outside them, scaled by a power of two (exact).
#[inline]
fn length_window<S: Scalar>() -> (S, S) {
    let (below, above) = (S::RESCALE_BELOW, S::RESCALE_ABOVE);
    (below * below * below, above * above * above)
}

/// The ray `local` (`ray` in the frame of `polygon`, placed by `xf`) clipped against
/// the half-planes of the counter-clockwise loop `vertices`, which are `polygon`'s
/// own or those scaled by a power of two, whose edges have the polygon's stored unit
/// normals (see [`Polygon::ray_cast`]). Inlined into both callers: as a call it cost a
/// third of the cast.
#[inline(always)]
#[expect(
    clippy::needless_range_loop,
    reason = "two arrays indexed within count <= N: no bounds checks, no zip bookkeeping"
)]
fn clip<S: Scalar, const N: usize>(
    polygon: &Polygon<S, N>,
    vertices: &[Vec2<S>; N],
    local: LocalRay<Vec2<S>>,
    xf: Transform<S>,
    ray: Ray<S>,
) -> CastOutput<S> {
    let (origin, translation) = (local.origin, local.translation);
    let mut lower = S::ZERO;
    let mut upper = ray.max_fraction;
    let mut entry = None;
    let count = polygon.len();
    // Indexed within `count <= N` rather than zipped: the zip's bookkeeping was a
    // twentieth of the cast.
    for index in 0..count {
        let (start, normal) = (vertices[index], polygon.normals[index]);
        let numerator = normal.dot(start - origin);
        let denominator = normal.dot(translation);
        // The fraction `numerator / denominator` is compared with the bounds by
        // multiplying (the denominator's sign flips the comparison where it is
        // negative), and divided only where it moves one: Box2D's way, a division
        // per edge fewer.
        if denominator < S::ZERO {
            if numerator < lower * denominator {
                lower = numerator / denominator;
                entry = Some(index);
            }
        } else if denominator > S::ZERO {
            if numerator < upper * denominator {
                upper = numerator / denominator;
            }
        } else if numerator < S::ZERO {
            // Parallel to the edge and outside its half-plane: for every fraction.
            return miss(ray);
        }
        if upper < lower {
            return miss(ray);
        }
    }
    let Some(index) = entry else {
        return starts_inside(ray, Vec2::ZERO);
    };
    let next = if index + 1 < count { index + 1 } else { 0 };
    let start = vertices.get(index).copied().unwrap_or_default();
    let end = vertices.get(next).copied().unwrap_or_default();
    let normal = polygon.normals.get(index).copied().unwrap_or_default();
    if !lies_on_edge(origin + translation * lower, start, end, normal) {
        return gjk_core::support_ray_cast(polygon, xf, ray);
    }
    hit(ray, lower, xf.rotation.rotate(normal))
}

/// [`clip`] with every length multiplied by the power of two that brings `largest`
/// into `[1, 2)`: exact (short of subnormals), and it leaves the fraction and the
/// normals as they are. Without it a polygon and a ray near the top of the range of
/// `S` overflow their differences, and near subnormals lose their digits.
#[cold]
#[inline(never)]
fn clip_scaled<S: Scalar, const N: usize>(
    polygon: &Polygon<S, N>,
    local: LocalRay<Vec2<S>>,
    xf: Transform<S>,
    ray: Ray<S>,
    largest: S,
) -> CastOutput<S> {
    if !largest.is_finite() {
        // The ray's origin taken into the polygon's frame overflowed.
        return invalid();
    }
    let Some(factor) = largest.window_factor() else {
        // Zero: a polygon of zero extent and a ray going nowhere from the origin.
        return clip(polygon, &polygon.vertices, local, xf, ray);
    };
    let mut scaled = [Vec2::ZERO; N];
    for (slot, &vertex) in scaled.iter_mut().zip(polygon.vertices()) {
        *slot = vertex * factor;
    }
    let local = LocalRay {
        origin: local.origin * factor,
        translation: local.translation * factor,
    };
    clip(polygon, &scaled, local, xf, ray)
}

/// Whether `point`, found on the line of the edge `start -> end`, lies between its
/// ends up to the rounding of its coordinates.
///
/// In exact arithmetic the clipped entry point is on the entry edge. In floating point
/// each half-plane's line is placed with an error of a few epsilons of the
/// coordinates, and where two edges meet at a very sharp vertex the error of their
/// crossing grows by one over the vertex angle: fuzzing found a triangle 1.8e7 long
/// and 14 wide whose clipped tip lay 1.3e6 beyond the true one, so a ray passing
/// beyond the tip "hit" it. Such an entry point lands off its edge, and the caller
/// then asks the GJK ray cast, which works from the vertices themselves and is exact.
/// A well-conditioned hit is off the edge by its rounding alone, a few epsilons of
/// its coordinates; 16 epsilons keeps every such hit on the fast path.
///
/// Measured along the edge's unit direction (the stored normal turned left), so that
/// every quantity is a length and none a product of two.
#[inline]
fn lies_on_edge<S: Scalar>(point: Vec2<S>, start: Vec2<S>, end: Vec2<S>, normal: Vec2<S>) -> bool {
    let along = normal.perp();
    // Plain comparisons (`largest_length`): a NaN point fails the tests below anyway.
    let scale = largest_length(S::ZERO, [point]) + largest_length(S::ZERO, [start, end]);
    let slack = S::from_f64(16.0) * S::EPS * scale;
    // Written so that NaN fails.
    (point - start).dot(along) >= -slack && (point - end).dot(along) <= slack
}

#[cfg(test)]
mod tests {
    use gjk_core::CastStatus;

    use super::*;
    use crate::Rect;

    fn ray(origin: (f64, f64), translation: (f64, f64)) -> Ray<f64> {
        Ray::new(
            Vec2::new(origin.0, origin.1),
            Vec2::new(translation.0, translation.1),
        )
    }

    fn square() -> Polygon<f64, 8> {
        Polygon::from_rect(Rect::new(Vec2::new(1.0, 1.0)).unwrap()).unwrap()
    }

    #[test]
    fn polygon_ray_matches_box2d_box_case() {
        let out = square().ray_cast(Transform::IDENTITY, ray((-4.0, 0.0), (8.0, 0.0)));
        assert_eq!(out.status, CastStatus::Hit);
        assert_eq!(out.fraction, 0.375);
        assert_eq!(out.normal, Vec2::new(-1.0, 0.0));
        assert_eq!(out.point, Vec2::new(-1.0, 0.0));
    }

    #[test]
    fn polygon_ray_along_an_edge_hits_and_beside_it_misses() {
        let along = square().ray_cast(Transform::IDENTITY, ray((-4.0, 1.0), (8.0, 0.0)));
        assert_eq!(along.status, CastStatus::Hit);
        assert_eq!(along.fraction, 0.375);
        let beside = square().ray_cast(Transform::IDENTITY, ray((-4.0, 1.0 + 1e-15), (8.0, 0.0)));
        assert_eq!(beside.status, CastStatus::Miss);
    }

    #[test]
    fn polygon_ray_through_a_vertex_hits_it() {
        let hexagon = Polygon::<f64, 8>::regular(6, 1.0).unwrap();
        // The line x = 1 touches the hexagon only at its vertex (1, 0).
        let out = hexagon.ray_cast(Transform::IDENTITY, ray((1.0, 2.0), (0.0, -4.0)));
        assert_eq!(out.status, CastStatus::Hit);
        assert_eq!(out.fraction, 0.5);
        assert_eq!(out.point, Vec2::new(1.0, 0.0));
        let beside = hexagon.ray_cast(Transform::IDENTITY, ray((1.0 + 1e-15, 2.0), (0.0, -4.0)));
        assert_eq!(beside.status, CastStatus::Miss);
        // Along the top edge, entering at its first vertex.
        let vertex = hexagon.vertices()[1];
        let along = hexagon.ray_cast(
            Transform::IDENTITY,
            Ray::new(vertex + Vec2::new(2.0, 0.0), Vec2::new(-4.0, 0.0)),
        );
        assert_eq!(along.status, CastStatus::Hit);
        assert_eq!(along.fraction, 0.5);
        // The origin `vertex + (2, 0)` rounds the vertex's x by an ulp.
        assert!((along.point - vertex).length() <= 1e-15);
    }

    #[test]
    fn polygon_ray_from_inside_and_on_the_boundary() {
        for origin in [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0)] {
            let out = square().ray_cast(Transform::IDENTITY, ray(origin, (3.0, 0.5)));
            assert_eq!(out.status, CastStatus::StartsInside, "{origin:?}");
            assert_eq!(out.normal, Vec2::ZERO);
            assert_eq!(out.fraction, 0.0);
        }
        let away = square().ray_cast(Transform::IDENTITY, ray((2.0, 0.0), (3.0, 0.5)));
        assert_eq!(away.status, CastStatus::Miss);
        let still = square().ray_cast(Transform::IDENTITY, ray((2.0, 0.0), (0.0, 0.0)));
        assert_eq!(still.status, CastStatus::Miss);
    }
}
