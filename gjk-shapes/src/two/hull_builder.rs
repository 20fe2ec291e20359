//! `Polygon::hull`: the convex hull of any point set by gift wrapping (Jarvis march),
//! written straight into the polygon's fixed array: no sorting buffer, no allocation.

use gjk_core::{Scalar, Vec2};

use crate::two::convexity::{
    are_collinear, coincide, is_negligible, is_strict_left_turn, size_of, tolerance, vertex_turns,
};
use crate::{Polygon, ShapeError};

impl<S: Scalar, const N: usize> Polygon<S, N> {
    /// The convex hull of `points`, in any order, with duplicates and interior points
    /// allowed.
    ///
    /// Outline:
    /// ```text
    /// start at the lowest point (the leftmost of the lowest)
    /// repeat until back at the start or a stored vertex (at most n + 1 times):
    ///     next = the point no other point lies right of, seen from the current one;
    ///            of points in line, the farthest
    ///     take back stored vertices that do not turn strictly left towards next
    ///     store next; no free slot -> TooManyPoints
    /// put the start in front if it is a corner (it may lie on the bottom edge)
    /// drop vertices that turn by less than the tolerance
    /// validate as Polygon::new does
    /// ```
    /// Points closer than `4 eps * size` count as one, and points within that distance
    /// of a line count as on it, `size` being the longer side of the bounding box (the
    /// tolerances of [`Polygon::new`]). So the hull may leave an input point outside
    /// by a few epsilons of `size`, never more, and its vertices are input points.
    /// It runs counter-clockwise, from the lowest point whenever that point is one of
    /// its vertices. Work is O(n h) for `n` points and `h` hull vertices.
    ///
    /// Errors:
    /// - [`ShapeError::NonFinite`]: a NaN or infinite coordinate, or points so far apart
    ///   that their differences overflow;
    /// - [`ShapeError::TooFewPoints`]: fewer than 3 distinct points, `count` being the
    ///   number of distinct points (0, 1 or 2);
    /// - [`ShapeError::Collinear`]: all points on one line;
    /// - [`ShapeError::TooManyPoints`]: the hull has more than `N` vertices. The walk
    ///   stops at the first corner that finds no free slot, so `count` is `N + 1`
    ///   (the `N` stored and the one found): a lower bound on the hull's vertex count,
    ///   not the count itself.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// use gjk_shapes::{Polygon, ShapeError};
    ///
    /// let cloud = [
    ///     Vec2::new(0.5_f32, 0.5), Vec2::new(1.0, 1.0), Vec2::new(0.0, 0.0),
    ///     Vec2::new(1.0, 0.0), Vec2::new(0.5, 0.0), Vec2::new(0.0, 1.0),
    /// ];
    /// let square = Polygon::<f32, 8>::hull(&cloud)?;
    /// assert_eq!(
    ///     square.vertices(),
    ///     [Vec2::new(0.0, 0.0), Vec2::new(1.0, 0.0), Vec2::new(1.0, 1.0), Vec2::new(0.0, 1.0)]
    /// );
    /// assert_eq!(
    ///     Polygon::<f32, 3>::hull(&cloud),
    ///     Err(ShapeError::TooManyPoints { count: 4, capacity: 3 })
    /// );
    /// # Ok::<(), ShapeError>(())
    /// ```
    pub fn hull(points: &[Vec2<S>]) -> Result<Self, ShapeError> {
        if !points.iter().all(|p| p.is_finite()) {
            return Err(ShapeError::NonFinite);
        }
        let size = size_of(points)?;
        let distinct = count_distinct_up_to_three(points, size);
        if distinct < 3 {
            return Err(ShapeError::TooFewPoints { count: distinct });
        }
        if are_collinear(points, size) {
            return Err(ShapeError::Collinear);
        }
        let mut hull = [Vec2::ZERO; N];
        let wrapped = gift_wrap(points, size, &mut hull)?;
        let kept = drop_flat_vertices(hull.get_mut(..wrapped).unwrap_or(&mut []), size);
        if kept < 3 {
            return Err(ShapeError::Collinear);
        }
        Self::new(hull.get(..kept).unwrap_or(&[]))
    }
}

/// How many distinct points there are, counting no further than 3.
fn count_distinct_up_to_three<S: Scalar>(points: &[Vec2<S>], size: S) -> usize {
    let Some(&first) = points.first() else {
        return 0;
    };
    let Some(&second) = points.iter().find(|&&p| !coincide(p, first, size)) else {
        return 1;
    };
    let has_third = points
        .iter()
        .any(|&p| !coincide(p, first, size) && !coincide(p, second, size));
    if has_third { 3 } else { 2 }
}

/// The lowest point, the leftmost of them on ties: certainly on the hull.
fn lowest_then_leftmost<S: Scalar>(points: &[Vec2<S>]) -> Option<Vec2<S>> {
    points.iter().copied().reduce(|lowest, p| {
        if p.y < lowest.y || (p.y == lowest.y && p.x < lowest.x) {
            p
        } else {
            lowest
        }
    })
}

/// Walks the hull counter-clockwise from the lowest point and stores its corners in
/// `hull`, the lowest point first; returns how many it stored.
///
/// The stored chain, preceded by the start, only holds vertices that turn strictly
/// left (the test of `Polygon::new`): before a vertex is stored, the ones before it
/// that do not turn strictly left towards it are taken back. So the slots fill with
/// corners only, and a nearly flat vertex never costs capacity.
///
/// The start is the lowest point, and it may lie on the bottom edge within the
/// tolerance. The walk then passes over it and comes back to the first vertex after
/// it instead; so the start is stored last, and only if the walk came back to it and
/// it is a corner. More generally, the walk stops when it comes back to the start or
/// to any stored vertex: near-duplicates (points just farther apart than the
/// tolerance) can make it miss the start and close its loop elsewhere.
///
/// In exact arithmetic every step finds a new input point, so `n + 1` steps close
/// the loop; the bound only guards against rounding. A walk that does not close
/// leaves its chain to the validation in `Polygon::hull`.
fn gift_wrap<S: Scalar, const N: usize>(
    points: &[Vec2<S>],
    size: S,
    hull: &mut [Vec2<S>; N],
) -> Result<usize, ShapeError> {
    let Some(start) = lowest_then_leftmost(points) else {
        return Ok(0);
    };
    let too_many = ShapeError::TooManyPoints {
        count: N.saturating_add(1),
        capacity: N,
    };
    let mut stored = 0;
    let mut current = start;
    // No point lies below the start, or level with it on its left, so arriving at the
    // start along +x keeps every point on the left.
    let mut heading = Vec2::X;
    let mut back_at_start = false;
    for _ in 0..=points.len() {
        let Some(next) = next_hull_vertex(points, current, heading, size) else {
            break;
        };
        if coincide(next, start, size) {
            back_at_start = true;
            break;
        }
        let chain = hull.get(..stored).unwrap_or(&[]);
        if let Some(loop_start) = chain.iter().position(|&v| coincide(v, next, size)) {
            // The walk passed over the start and closed its loop on a stored vertex:
            // that loop is the hull, and what came before it lies on the loop within
            // the tolerance (a flat start, or near-duplicates of loop vertices).
            if let Some(chain) = hull.get_mut(..stored) {
                chain.rotate_left(loop_start);
            }
            return Ok(stored - loop_start);
        }
        stored = drop_flat_tail(hull, stored, start, next, size);
        let Some(slot) = hull.get_mut(stored) else {
            return Err(too_many);
        };
        *slot = next;
        stored += 1;
        heading = (next - current) / size;
        current = next;
    }
    if !back_at_start {
        return Ok(stored);
    }
    stored = drop_flat_tail(hull, stored, start, start, size);
    let chain = hull.get(..stored).unwrap_or(&[]);
    let start_is_corner = match (chain.first(), chain.last()) {
        (Some(&first), Some(&last)) => {
            is_strict_left_turn((start - last) / size, (first - start) / size)
        }
        _ => false,
    };
    if !start_is_corner {
        return Ok(stored);
    }
    // Append the start, then rotate it to the front.
    let Some(with_start) = hull.get_mut(..=stored) else {
        return Err(too_many);
    };
    if let Some(slot) = with_start.last_mut() {
        *slot = start;
    }
    with_start.rotate_right(1);
    Ok(stored + 1)
}

/// Takes back stored vertices from the end of the chain `start, hull[..stored]`
/// while the last one does not turn strictly left on the way to `next`; returns the
/// new count.
fn drop_flat_tail<S: Scalar>(
    hull: &[Vec2<S>],
    stored: usize,
    start: Vec2<S>,
    next: Vec2<S>,
    size: S,
) -> usize {
    let mut kept = stored;
    while kept > 0 {
        let before = kept
            .checked_sub(2)
            .and_then(|index| hull.get(index))
            .copied()
            .unwrap_or(start);
        let Some(&last) = hull.get(kept - 1) else {
            break;
        };
        if is_strict_left_turn((last - before) / size, (next - last) / size) {
            break;
        }
        kept -= 1;
    }
    kept
}

/// The hull vertex after `current` going counter-clockwise, having arrived along
/// `heading`: the point that no other point lies right of, seen from `current`.
/// `None` if every point coincides with `current`.
fn next_hull_vertex<S: Scalar>(
    points: &[Vec2<S>],
    current: Vec2<S>,
    heading: Vec2<S>,
    size: S,
) -> Option<Vec2<S>> {
    let mut best: Option<(Vec2<S>, Vec2<S>)> = None;
    for &candidate in points {
        // Offsets in units of the size keep the products below near one.
        let offset = (candidate - current) / size;
        if is_negligible(offset) {
            continue;
        }
        let replaces = match best {
            None => true,
            Some((_, best_offset)) => wraps_tighter(best_offset, offset, heading),
        };
        if replaces {
            best = Some((candidate, offset));
        }
    }
    best.map(|(point, _)| point)
}

/// Whether a candidate at `offset` from the current vertex makes a better next hull
/// vertex than the best so far at `best` (offsets in units of the size), the walk
/// having arrived along `heading`.
///
/// The next vertex is the point with the smallest angle, counter-clockwise, from
/// `heading`. Every point lies left of the line along `heading` through the current
/// vertex (up to rounding: the walk got here because nothing lay right of the last
/// edge), so the angles lie in `[0, pi]`, or just outside. They are compared in two
/// halves, split where no point can be, straight right of `heading`: points ahead
/// (`dot(heading, offset) > 0`, angles below `pi / 2`) come before points behind.
/// Within a half, two offsets are less than half a turn apart, and the sign of their
/// cross product orders them:
///
/// | halves  | `cross(best, offset)` | meaning                     | replace when      |
/// |---------|-----------------------|-----------------------------|-------------------|
/// | differ  |                       | one is ahead, one behind    | candidate ahead   |
/// | same    | below `-limit`        | candidate clockwise of best | always            |
/// | same    | above `limit`         | candidate counter-clockwise | never             |
/// | same    | within `limit`        | both on one ray             | candidate farther |
///
/// The three points (current vertex, best, candidate) count as on one ray when the
/// middle one lies within `4 eps` (in units of the size: the collinearity tolerance
/// of `Polygon::new`) of the line through the other two. That distance is
/// `|cross(best, offset)|` over the longest side of their triangle, hence
/// `limit = 4 eps * longest side`. The farthest of such points is taken, so points
/// along a hull edge, bumps below the tolerance and near-duplicates of the current
/// vertex are passed over. (An angular test, `|cross| <= 4 eps |best| |offset|`,
/// would make a corner of every rounding-level bump between two close points.)
///
/// Splitting by halves rather than comparing all pairs by the cross product keeps
/// the order right at a nearly flat vertex, where points ahead and behind lie almost
/// in one line and rounding can put one just right of `heading`.
fn wraps_tighter<S: Scalar>(best: Vec2<S>, offset: Vec2<S>, heading: Vec2<S>) -> bool {
    let offset_ahead = is_ahead(offset, heading);
    if is_ahead(best, heading) != offset_ahead {
        return offset_ahead;
    }
    // The distance of the middle point of the three (current vertex, best,
    // candidate) from the line through the other two: |cross| / longest side.
    let turn = best.cross(offset);
    let longest_side = best
        .length()
        .max(offset.length())
        .max((offset - best).length());
    let limit = tolerance::<S>() * longest_side;
    if turn < -limit {
        return true;
    }
    turn <= limit && best.dot(offset) > S::ZERO && offset.length_squared() > best.length_squared()
}

/// Whether `offset` points into the half turn of directions that starts straight
/// right of `heading`: `dot > 0`, or perpendicular and on the right.
#[inline]
fn is_ahead<S: Scalar>(offset: Vec2<S>, heading: Vec2<S>) -> bool {
    let along = heading.dot(offset);
    along > S::ZERO || (along == S::ZERO && heading.cross(offset) < S::ZERO)
}

/// Removes, one at a time, vertices that do not turn left by more than the tolerance
/// (the test `Polygon::new` applies), keeping the order; returns how many remain.
/// Each pass removes one vertex, so there are at most as many passes as vertices.
fn drop_flat_vertices<S: Scalar>(vertices: &mut [Vec2<S>], size: S) -> usize {
    let mut count = vertices.len();
    for _ in 0..vertices.len() {
        if count < 3 {
            break;
        }
        let Some(live) = vertices.get_mut(..count) else {
            break;
        };
        let flat = vertex_turns(live, size)
            .find(|&(_, into, out)| !is_strict_left_turn(into, out))
            .map(|(index, _, _)| index);
        let Some(flat) = flat else {
            break;
        };
        if let Some(tail) = live.get_mut(flat..) {
            tail.rotate_left(1);
        }
        count -= 1;
    }
    count
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::*;
    use crate::testing::Lcg;

    fn v(x: f64, y: f64) -> Vec2<f64> {
        Vec2::new(x, y)
    }

    /// The largest distance by which a point lies outside the polygon, in f64.
    fn outside_distance<S: Scalar, const N: usize>(polygon: &Polygon<S, N>, point: Vec2<S>) -> f64 {
        let vertices = polygon.vertices();
        let next = vertices.iter().cycle().skip(1);
        let point = point.cast::<f64>();
        vertices
            .iter()
            .zip(next)
            .map(|(&from, &to)| {
                let (from, to) = (from.cast::<f64>(), to.cast::<f64>());
                let edge = to - from;
                -edge.cross(point - from) / edge.length()
            })
            .fold(0.0, f64::max)
    }

    /// Builds the hull and checks it: every point inside or outside by at most
    /// `16 eps * size`, every vertex an input point, and `Polygon::new` accepting the
    /// vertices (`hull` validates already; this pins that it stays so).
    fn check_hull_of<S: Scalar, const N: usize>(points: &[Vec2<S>]) -> Polygon<S, N> {
        let hull = Polygon::<S, N>::hull(points).unwrap();
        let slack = 16.0 * S::EPS.to_f64() * size_of(points).unwrap().to_f64();
        for &p in points {
            let outside = outside_distance(&hull, p);
            assert!(outside <= slack, "{p:?} is {outside:e} outside {hull:?}");
        }
        for vertex in hull.vertices() {
            assert!(
                points.contains(vertex),
                "hull vertex {vertex:?} is not an input point"
            );
        }
        assert_eq!(Polygon::<S, N>::new(hull.vertices()), Ok(hull));
        hull
    }

    fn cloud(rng: &mut Lcg, count: usize, scale: f64, offset: Vec2<f64>) -> Vec<Vec2<f64>> {
        (0..count)
            .map(|_| v(rng.next_in(-1.0, 1.0), rng.next_in(-1.0, 1.0)) * scale + offset)
            .collect()
    }

    #[test]
    fn hull_of_random_clouds_contains_every_point_and_validates() {
        let mut rng = Lcg::new(0x5eed);
        for round in 0..200 {
            let count = 3 + round % 60;
            let (scale, offset) = match round % 4 {
                0 => (1.0, v(0.0, 0.0)),
                1 => (1e-3, v(5.0, -3.0)),
                2 => (1e4, v(1e4, 1e4)),
                _ => (1.0, v(-1e4, 2e3)),
            };
            check_hull_of::<f64, 64>(&cloud(&mut rng, count, scale, offset));
        }
    }

    #[test]
    fn hull_of_random_clouds_in_f32_contains_every_point_and_validates() {
        let mut rng = Lcg::new(99);
        for _ in 0..100 {
            let points: Vec<Vec2<f32>> = cloud(&mut rng, 40, 3.0, v(100.0, 0.0))
                .iter()
                .map(|p| p.cast())
                .collect();
            check_hull_of::<f32, 40>(&points);
        }
    }

    #[test]
    fn hull_of_random_points_on_a_circle_keeps_them_all() {
        let mut rng = Lcg::new(7);
        let mut angles: Vec<f64> = (0..24)
            .map(|_| rng.next_in(0.0, core::f64::consts::TAU))
            .collect();
        angles.sort_by(f64::total_cmp);
        angles.dedup_by(|a, b| (*a - *b).abs() < 1e-3);
        let ring: Vec<_> = angles.iter().map(|t| v(t.cos(), t.sin()) * 3.0).collect();
        let hull = check_hull_of::<f64, 32>(&ring);
        assert_eq!(hull.len(), ring.len());
    }

    #[test]
    fn hull_of_a_grid_keeps_only_the_corners_from_the_lowest_leftmost() {
        let grid: Vec<_> = (0..25)
            .map(|k| v((k % 5) as f64, (k / 5) as f64))
            .rev()
            .collect();
        let hull = check_hull_of::<f64, 8>(&grid);
        assert_eq!(
            hull.vertices(),
            [v(0.0, 0.0), v(4.0, 0.0), v(4.0, 4.0), v(0.0, 4.0)]
        );
    }

    fn rotated_grid(rng: &mut Lcg, origin: Vec2<f64>) -> Vec<Vec2<f64>> {
        let (sin, cos) = rng.next_in(0.0, core::f64::consts::TAU).sin_cos();
        (0..100)
            .map(|k| {
                let (x, y) = ((k % 10) as f64, (k / 10) as f64);
                v(cos * x - sin * y, sin * x + cos * y) + origin
            })
            .collect()
    }

    #[test]
    fn hull_of_a_grid_along_other_axes_keeps_its_four_corners() {
        // Grid steps (3, 4) and (-4, 3): integer points, exactly in line along edges.
        let grid: Vec<_> = (0..100)
            .map(|k| {
                let (x, y) = ((k % 10) as f64, (k / 10) as f64);
                v(3.0 * x - 4.0 * y, 4.0 * x + 3.0 * y)
            })
            .collect();
        let hull = check_hull_of::<f64, 4>(&grid);
        assert_eq!(
            hull.vertices(),
            [v(0.0, 0.0), v(27.0, 36.0), v(-9.0, 63.0), v(-36.0, 27.0)]
        );
    }

    #[test]
    fn hull_of_a_rotated_grid_passes_over_rounded_edge_points() {
        // Rounding moves the points along each edge off its line by about an epsilon
        // of their size, mostly below the tolerance; now and then one point sticks
        // out by a little more and stays as a fifth, nearly flat vertex.
        let mut rng = Lcg::new(3);
        for _ in 0..200 {
            let grid = rotated_grid(&mut rng, v(-4.5, -4.5));
            let corners = check_hull_of::<f64, 8>(&grid).len();
            assert!((4..=5).contains(&corners), "{corners}");
        }
    }

    #[test]
    fn hull_of_a_rotated_grid_far_from_the_origin_contains_it() {
        // Far from the origin, rounding moves the edge points off their lines by an
        // epsilon of their coordinates, here more than the tolerance (relative to the
        // grid's size): some stay as nearly flat vertices, all inside the capacity.
        let mut rng = Lcg::new(4);
        for _ in 0..200 {
            let origin = v(rng.next_in(0.0, 1e3), rng.next_in(0.0, 1e3));
            let grid = rotated_grid(&mut rng, origin);
            check_hull_of::<f64, 16>(&grid);
            let grid_f32: Vec<Vec2<f32>> = grid.iter().map(|p| p.cast()).collect();
            check_hull_of::<f32, 16>(&grid_f32);
        }
    }

    #[test]
    fn hull_passes_over_a_lowest_point_lying_on_the_bottom_edge() {
        let points = [
            v(0.0, 0.0),
            v(2.0, 0.0),
            v(1.0, -1e-17),
            v(2.0, 2.0),
            v(0.0, 2.0),
        ];
        let hull = check_hull_of::<f64, 4>(&points);
        assert_eq!(hull.len(), 4);
        assert!(!hull.vertices().contains(&v(1.0, -1e-17)));
    }

    #[test]
    fn hull_merges_near_duplicates_and_nearly_flat_vertices() {
        let eps = f64::EPSILON;
        let points = [
            v(0.0, 0.0),
            v(1.0, 0.0),
            v(1.0 + eps, 0.0),
            v(0.5, -1e-17),
            v(1.0, 1.0),
            v(0.0, 1.0),
            v(0.0, 1.0 - eps / 2.0),
        ];
        assert_eq!(check_hull_of::<f64, 4>(&points).len(), 4);
    }

    #[test]
    fn hull_of_noisy_square_edges_fits_a_small_capacity() {
        // Points along the sides of the unit square, off their line by up to 5e-8,
        // a tenth of the f32 tolerance: the sides stay straight.
        let mut rng = Lcg::new(11);
        for _ in 0..200 {
            let points: Vec<Vec2<f32>> = (0..60)
                .map(|_| {
                    let along = rng.next_unit();
                    let off = rng.next_in(-5e-8, 5e-8);
                    let side = match (rng.next_unit() * 4.0) as u32 {
                        0 => v(along, off),
                        1 => v(1.0 + off, along),
                        2 => v(along, 1.0 + off),
                        _ => v(off, along),
                    };
                    side.cast()
                })
                .collect();
            check_hull_of::<f32, 8>(&points);
        }
    }

    #[test]
    fn hull_of_tight_clusters_closes_its_loop() {
        // Five clusters of points a few tolerances apart: the walk can miss the start
        // among its near-duplicates and must still close on a stored vertex.
        let mut rng = Lcg::new(5);
        for _ in 0..300 {
            let centres = cloud(&mut rng, 5, 1.0, v(0.0, 0.0));
            let points: Vec<_> = (0..50)
                .map(|k| centres[k % 5] + v(rng.next_unit() - 0.5, rng.next_unit() - 0.5) * 1e-15)
                .collect();
            check_hull_of::<f64, 8>(&points);
        }
    }

    #[test]
    fn hull_with_too_many_vertices_reports_capacity_plus_one() {
        let ring: Vec<_> = (0..12)
            .map(|k| {
                let t = core::f64::consts::TAU * k as f64 / 12.0;
                v(t.cos(), t.sin())
            })
            .collect();
        assert_eq!(check_hull_of::<f64, 12>(&ring).len(), 12);
        assert_eq!(
            Polygon::<f64, 11>::hull(&ring),
            Err(ShapeError::TooManyPoints {
                count: 12,
                capacity: 11
            })
        );
        assert_eq!(
            Polygon::<f64, 5>::hull(&ring),
            Err(ShapeError::TooManyPoints {
                count: 6,
                capacity: 5
            })
        );
    }

    #[test]
    fn hull_rejects_fewer_than_three_distinct_points() {
        assert_eq!(
            Polygon::<f64, 8>::hull(&[]),
            Err(ShapeError::TooFewPoints { count: 0 })
        );
        let p = v(1.0, 2.0);
        assert_eq!(
            Polygon::<f64, 8>::hull(&[p, p, p]),
            Err(ShapeError::TooFewPoints { count: 1 })
        );
        let q = v(3.0, 2.0);
        assert_eq!(
            Polygon::<f64, 8>::hull(&[p, q, p, q]),
            Err(ShapeError::TooFewPoints { count: 2 })
        );
    }

    #[test]
    fn hull_rejects_collinear_points() {
        let line: Vec<_> = (0..10).map(|k| v(k as f64, 2.0 * k as f64 + 1.0)).collect();
        assert_eq!(Polygon::<f64, 8>::hull(&line), Err(ShapeError::Collinear));
    }

    #[test]
    fn hull_rejects_non_finite_points() {
        let points = [v(0.0, 0.0), v(1.0, 0.0), v(f64::NAN, 1.0)];
        assert_eq!(Polygon::<f64, 8>::hull(&points), Err(ShapeError::NonFinite));
        let far = [v(-1e308, 0.0), v(1e308, 0.0), v(0.0, 1.0)];
        assert_eq!(Polygon::<f64, 8>::hull(&far), Err(ShapeError::NonFinite));
    }

    #[test]
    fn wraps_tighter_orders_by_angle_from_the_heading() {
        let heading = v(1.0, 0.0);
        assert!(wraps_tighter(v(0.0, 1.0), v(1.0, 0.5), heading));
        assert!(!wraps_tighter(v(1.0, 0.5), v(0.0, 1.0), heading));
        // On one ray: the farther wins.
        assert!(wraps_tighter(v(1.0, 0.0), v(5.0, 1e-18), heading));
        assert!(!wraps_tighter(v(5.0, 0.0), v(1.0, 1e-18), heading));
        // Nearly opposite: the one ahead wins, however far the other.
        assert!(!wraps_tighter(v(1.0, 0.0), v(-5.0, 1e-18), heading));
        assert!(wraps_tighter(v(-5.0, 1e-18), v(1.0, 0.0), heading));
        // Ahead but just right of the heading (rounding) still comes first.
        assert!(wraps_tighter(v(-1.0, 1e-3), v(1.0, -1e-12), heading));
        assert!(!wraps_tighter(v(1.0, -1e-12), v(-1.0, 1e-3), heading));
    }

    #[test]
    fn drop_flat_vertices_removes_in_line_and_repeated_vertices() {
        let mut with_flats = [
            v(0.0, 0.0),
            v(1.0, 0.0),
            v(2.0, 0.0),
            v(2.0, 2.0),
            v(2.0, 2.0),
            v(0.0, 2.0),
        ];
        let kept = drop_flat_vertices(&mut with_flats, 2.0);
        assert_eq!(
            &with_flats[..kept],
            [v(0.0, 0.0), v(2.0, 0.0), v(2.0, 2.0), v(0.0, 2.0)]
        );
    }
}
