//! The checks that make a vertex loop a valid polygon (finite, no repeated vertex, not
//! flat, counter-clockwise, strictly convex, winding once) and the one tolerance they
//! share. `Polygon::new` and `Polygon::hull` both use them.
//!
//! Every test runs on differences of points divided by the polygon's size (the larger
//! side of its bounding box): the tests are then independent of where the polygon sits
//! and how large it is, and the squares below stay near one, far from overflow and
//! underflow, for any finite input.

use gjk_core::{Scalar, Vec2};

use crate::ShapeError;
use crate::points::bounds_of_points;

/// The relative tolerance of every polygon test: 4 machine epsilons.
///
/// Where it comes from: each coordinate of an edge `(q - p) / size` is within one
/// epsilon (relative) of its exact value, after two roundings of half an epsilon (the
/// subtraction and the division). A product of two such coordinates is then off by
/// two epsilons, plus half an epsilon for rounding the product, and the difference
/// of the two products adds another half. With `|x1 y2| + |y1 x2| <= |e1| |e2|`, the
/// computed cross product `x1 y2 - y1 x2` of two edges is within `3 eps |e1| |e2|` of
/// the exact one. A turn smaller than that may have either sign, so a vertex counts
/// as convex only when the computed turn exceeds `4 eps |e1| |e2|`, one epsilon of
/// margin above the noise.
/// Lengths and distances below `4 eps * size` are likewise below the rounding noise of
/// coordinate differences at the polygon's size: such an edge has no reliable
/// direction, and points that close count as one point.
#[inline]
pub(crate) fn tolerance<S: Scalar>() -> S {
    (S::TWO + S::TWO) * S::EPS
}

/// The polygon's size: the larger side of the bounding box of `points`.
///
/// [`ShapeError::NonFinite`] when the points are finite but so far apart that the side
/// overflows: the support and simplex arithmetic on such a polygon would overflow too.
pub(crate) fn size_of<S: Scalar>(points: &[Vec2<S>]) -> Result<S, ShapeError> {
    let bounds = bounds_of_points(points.iter().copied());
    let side = bounds.max - bounds.min;
    let size = side.x.max(side.y);
    if size.is_finite() {
        Ok(size)
    } else {
        Err(ShapeError::NonFinite)
    }
}

/// Whether an offset measured in units of the polygon's size is too short to count:
/// `|offset| <= 4 eps`.
#[inline]
pub(crate) fn is_negligible<S: Scalar>(scaled_offset: Vec2<S>) -> bool {
    let limit = tolerance::<S>();
    scaled_offset.length_squared() <= limit * limit
}

/// Whether `p` and `q` count as the same point in a polygon of size `size`. Everything
/// coincides in a polygon of size zero.
#[inline]
pub(crate) fn coincide<S: Scalar>(p: Vec2<S>, q: Vec2<S>, size: S) -> bool {
    let has_size = size > S::ZERO;
    !has_size || is_negligible((q - p) / size)
}

/// Whether walking along `before` and then along `after` turns left by more than the
/// rounding noise: `cross(before, after) > 4 eps |before| |after|`. NaN fails.
#[inline]
pub(crate) fn is_strict_left_turn<S: Scalar>(before: Vec2<S>, after: Vec2<S>) -> bool {
    before.cross(after) > tolerance::<S>() * before.length() * after.length()
}

/// The edges `p[i + 1] - p[i]` (the last one closing the loop) in units of `size`.
pub(crate) fn scaled_edges<S: Scalar>(
    points: &[Vec2<S>],
    size: S,
) -> impl Iterator<Item = Vec2<S>> + Clone + '_ {
    let next_points = points.iter().cycle().skip(1);
    points
        .iter()
        .zip(next_points)
        .map(move |(&from, &to)| (to - from) / size)
}

/// For each vertex `i`, in order from vertex 1 round to vertex 0: `(i, edge into i,
/// edge out of i)`, edges in units of `size`.
pub(crate) fn vertex_turns<S: Scalar>(
    points: &[Vec2<S>],
    size: S,
) -> impl Iterator<Item = (usize, Vec2<S>, Vec2<S>)> + '_ {
    let count = points.len();
    let edges = scaled_edges(points, size);
    let next_edges = edges.clone().cycle().skip(1);
    edges
        .zip(next_edges)
        .enumerate()
        // `checked_rem`: the closure never runs for zero points, but the optimizer
        // cannot see that, and `%` would leave a divide-by-zero panic in firmware.
        .map(move |(into_index, (into, out))| {
            let index = (into_index + 1).checked_rem(count).unwrap_or(0);
            (index, into, out)
        })
}

/// Whether all points lie within `4 eps * size` of one line.
///
/// The line runs through the first point and the point farthest from it. That point is
/// at least `size / 2` away (along the bounding box's longer side the first point is
/// at least that far from one of the two extremes), so the line's direction is
/// well-conditioned. The distance of a point at offset `o` from the line is
/// `|cross(axis, o)| / |axis|`.
pub(crate) fn are_collinear<S: Scalar>(points: &[Vec2<S>], size: S) -> bool {
    let Some(&anchor) = points.first() else {
        return true;
    };
    let has_size = size > S::ZERO;
    if !has_size {
        return true;
    }
    let mut offsets = points.iter().map(move |&p| (p - anchor) / size);
    let axis = offsets.clone().fold(Vec2::ZERO, |farthest, offset| {
        if offset.length_squared() > farthest.length_squared() {
            offset
        } else {
            farthest
        }
    });
    let limit = tolerance::<S>() * axis.length();
    offsets.all(|offset| axis.cross(offset).abs() <= limit)
}

/// Twice the signed area of the loop in units of `size^2` (shoelace formula around the
/// first point): positive for counter-clockwise loops.
fn twice_signed_area<S: Scalar>(points: &[Vec2<S>], size: S) -> S {
    let Some(&anchor) = points.first() else {
        return S::ZERO;
    };
    let offsets = points.iter().map(|&p| (p - anchor) / size);
    let next_offsets = offsets.clone().cycle().skip(1);
    offsets
        .zip(next_offsets)
        .fold(S::ZERO, |sum, (o, next)| sum + o.cross(next))
}

/// Whether an edge points into the lower half-plane of directions, angles in
/// `[pi, 2 pi)`: `y < 0`, or `y = 0` and `x < 0`.
#[inline]
fn points_down<S: Scalar>(edge: Vec2<S>) -> bool {
    edge.y < S::ZERO || (edge.y == S::ZERO && edge.x < S::ZERO)
}

/// Checks that `points` (at least one) form a valid polygon outline, reporting the first
/// problem in this order: a non-finite coordinate, a vertex coinciding with the next,
/// all points on a line, clockwise order, a vertex that does not turn strictly left,
/// an outline winding more than once.
pub(crate) fn validate_loop<S: Scalar>(points: &[Vec2<S>]) -> Result<(), ShapeError> {
    if !points.iter().all(|p| p.is_finite()) {
        return Err(ShapeError::NonFinite);
    }
    // `size_of` is finite and not negative here.
    let size = size_of(points)?;
    if size == S::ZERO {
        return Err(ShapeError::DuplicatePoint { index: 0 });
    }
    if let Some(index) = scaled_edges(points, size).position(is_negligible) {
        return Err(ShapeError::DuplicatePoint { index });
    }
    if are_collinear(points, size) {
        return Err(ShapeError::Collinear);
    }
    if twice_signed_area(points, size) < S::ZERO {
        return Err(ShapeError::Clockwise);
    }
    for (index, into, out) in vertex_turns(points, size) {
        if !is_strict_left_turn(into, out) {
            return Err(ShapeError::NotConvex { index });
        }
    }
    // Every vertex turns left by less than half a turn, so the direction of the edges
    // only ever increases and, round the closed loop, by a whole number of turns. It
    // wraps past angle zero exactly where an edge pointing down (angle in [pi, 2 pi))
    // is followed by one pointing up (angle in [0, pi)): a simple convex polygon does
    // that once, a star twice or more.
    let mut windings = 0_usize;
    for (index, into, out) in vertex_turns(points, size) {
        if points_down(into) && !points_down(out) {
            windings += 1;
            if windings > 1 {
                return Err(ShapeError::NotConvex { index });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f64, y: f64) -> Vec2<f64> {
        Vec2::new(x, y)
    }

    #[test]
    fn tolerance_is_four_epsilons() {
        assert_eq!(tolerance::<f32>(), 4.0 * f32::EPSILON);
        assert_eq!(tolerance::<f64>(), 4.0 * f64::EPSILON);
    }

    #[test]
    fn size_is_the_longer_bounding_box_side_and_overflow_is_non_finite() {
        assert_eq!(size_of(&[v(1.0, 1.0), v(4.0, 2.0)]), Ok(3.0));
        assert_eq!(
            size_of(&[v(-1e308, 0.0), v(1e308, 0.0)]),
            Err(ShapeError::NonFinite)
        );
    }

    #[test]
    fn coincidence_is_relative_to_the_size() {
        assert!(coincide(v(1.0, 0.0), v(1.0 + 1e-16, 0.0), 1.0));
        assert!(!coincide(v(1.0, 0.0), v(1.0 + 1e-14, 0.0), 1.0));
        assert!(coincide(v(1e6, 0.0), v(1e6 + 1e-10, 0.0), 1e6));
        assert!(coincide(v(1.0, 0.0), v(2.0, 0.0), 0.0));
    }

    #[test]
    fn left_turn_needs_more_than_the_noise() {
        assert!(is_strict_left_turn(v(1.0, 0.0), v(0.0, 1.0)));
        assert!(!is_strict_left_turn(v(1.0, 0.0), v(0.0, -1.0)));
        assert!(!is_strict_left_turn(v(1.0, 0.0), v(1.0, 1e-16)));
        assert!(!is_strict_left_turn(v(f64::NAN, 0.0), v(0.0, 1.0)));
    }

    #[test]
    fn collinear_tolerates_noise_only() {
        let nearly = [v(0.0, 0.0), v(1.0, 1e-17), v(2.0, 0.0)];
        assert!(are_collinear(&nearly, 2.0));
        let bent = [v(0.0, 0.0), v(1.0, 1e-9), v(2.0, 0.0)];
        assert!(!are_collinear(&bent, 2.0));
    }

    #[test]
    fn vertex_turns_of_no_points_is_empty() {
        assert_eq!(vertex_turns::<f64>(&[], 1.0).count(), 0);
    }

    #[test]
    fn vertex_turns_pair_each_vertex_with_its_two_edges() {
        let triangle = [v(0.0, 0.0), v(2.0, 0.0), v(0.0, 2.0)];
        let turns: alloc::vec::Vec<_> = vertex_turns(&triangle, 2.0).collect();
        assert_eq!(
            turns,
            [
                (1, v(1.0, 0.0), v(-1.0, 1.0)),
                (2, v(-1.0, 1.0), v(0.0, -1.0)),
                (0, v(0.0, -1.0), v(1.0, 0.0)),
            ]
        );
    }

    #[test]
    fn pentagram_winds_twice_and_is_not_convex() {
        // Every second vertex of a regular pentagon: all turns are left, the outline
        // goes round twice.
        let star: alloc::vec::Vec<_> = (0..5)
            .map(|k| {
                let angle = core::f64::consts::TAU * (2 * k) as f64 / 5.0;
                v(angle.cos(), angle.sin())
            })
            .collect();
        assert!(vertex_turns(&star, 2.0).all(|(_, into, out)| is_strict_left_turn(into, out)));
        assert!(matches!(
            validate_loop(&star),
            Err(ShapeError::NotConvex { .. })
        ));
    }
}
