//! `ConvexPoints::hull`: the vertices of the convex hull of any point set, by
//! farthest-point insertion with distances measured by GJK itself, written straight
//! into the fixed array: no faces, no buffer, no allocation.
//!
//! Why no faces: a triangulated hull built incrementally must keep its topology valid
//! while rounding flips the side tests of nearly coplanar faces, and a thin set (a
//! slab, a nearly flat polygon) meets its faces at edges so sharp that a point beyond
//! the rim lies within the tolerance of both face planes yet far outside. Measuring
//! each point's distance from the hull found so far (the hull of the stored vertices,
//! exactly what GJK will see) has neither problem, and handles points, segments, flat
//! polygons and solids alike.

use gjk_core::{Scalar, SimplexCache, Transform3, Vec3, distance_cached};

use crate::three::vertices3::{bounds_of_points, size_of};
use crate::{ConvexPoints, Point3, ShapeError};

impl<S: Scalar, const N: usize> ConvexPoints<S, N> {
    /// The vertices of the convex hull of `points`: any number of points in any order,
    /// with duplicates, interior points, and flat, collinear or coincident sets
    /// allowed. Only the hull's vertices are stored (at most `N` of them), each an
    /// input point, so the shape's support function is the point set's at the cost of
    /// its vertices alone.
    ///
    /// The hull is what the points span: one point for coincident points, the two
    /// ends of a collinear set, the corners of its polygon for a flat set (in that
    /// plane), a solid's corners otherwise.
    ///
    /// Outline (distances in units of the size, see below):
    /// ```text
    /// store the point farthest from the bounding box's minimum corner
    /// repeat (at most N times; each round stores a vertex or returns):
    ///     for every point not yet settled:
    ///         gap = its distance from the hull of the stored vertices (GJK)
    ///         settle it when gap <= tolerance (the hull only grows)
    ///     D = the largest gap; D <= tolerance -> done
    ///     next = the point maximizing gap + weight |p - corner|^2,
    ///            weight = (D - tolerance) / 6
    ///     no free slot -> TooManyPoints
    ///     store next
    /// ```
    ///
    /// Why `next` is a vertex of the final hull: the distance from a convex set is a
    /// convex function of the point, and adding a positive multiple of `|p - c|^2`
    /// makes it strictly convex; a strictly convex function takes its maximum over a
    /// point set only at corners of the set's hull (a point between corners scores
    /// less than the best of them, by `weight` times the spread of those corners). So
    /// every stored point is a corner of the hull of *all* the points, and the build
    /// never spends a slot on a point a later vertex makes redundant: the vertex count
    /// stays at or below the hull's. The weight is small enough that the winner's gap
    /// is at least `(D + tolerance) / 2` (`|p - corner|^2` is at most 3 in units of
    /// the size), so it is outside the hull stored so far and each round makes
    /// progress. Ties between points on one edge or face (a cube with points on its
    /// faces) are broken towards the corners by the weight, not by rounding.
    ///
    /// Tolerance and guarantee: points count as inside when GJK measures them within
    /// `8 eps * size` of the stored hull, `size` being the longest side of the
    /// points' bounding box (`eps` the machine epsilon of `S`). So every input point
    /// lies inside the hull or within `16 eps * size` of it (the tolerance plus the
    /// rounding of the measurement), and the stored vertices are input points, bit
    /// for bit, each stored once. In the tests the largest distance measured was
    /// 4.6 `eps * size` in `f32` and 0.7 in `f64`. The tolerance is relative, so the
    /// result does not depend on where the points are or how large they are (1e-30
    /// to 1e30 in `f32`); but points far from the origin carry the rounding of their
    /// coordinates, `eps * |p|`, which may be many `eps * size`: such points are
    /// kept as vertices when that rounding pushes them out of their faces.
    ///
    /// Work: at most `N` rounds of at most two passes over the points (the second only
    /// when the previous round's weight did not single out a vertex); each pass
    /// measures every unsettled point with one GJK query on at most `N` vertices (a
    /// few iterations each, at most `Scalar::GJK_MAX_ITERATIONS`). Points are marked
    /// settled in a bit set of `64 N` bits, so the first `64 N` points stop being
    /// measured once inside. Stack: two arrays of `N` points (the vertices, and
    /// their copy in the unit box that GJK runs on), `8 N` bytes of bit set, and one
    /// GJK query: about 2.2 KB for `N = 32` in `f32`.
    ///
    /// Errors:
    /// - [`ShapeError::NoPoints`]: no points;
    /// - [`ShapeError::NonFinite`]: a NaN or infinite coordinate, or points so far
    ///   apart that their differences overflow;
    /// - [`ShapeError::TooManyPoints`]: the hull has more than `N` vertices. The build
    ///   stops at the first vertex that finds no free slot, so `count` is `N + 1`
    ///   (the `N` stored and the one found): a lower bound on the hull's vertex count,
    ///   not the count itself.
    ///
    /// ```
    /// use gjk_core::{Support, Vec3};
    /// use gjk_shapes::{ConvexPoints, ShapeError};
    ///
    /// // The corners of a box, each twice, with its centre and points on its faces.
    /// let mut points = vec![Vec3::new(0.5_f32, 1.0, 1.5), Vec3::new(1.0, 0.5, 3.0)];
    /// for i in 0..16 {
    ///     let corner = |bit: u32, high: f32| if i >> bit & 1 == 1 { high } else { 0.0 };
    ///     points.push(Vec3::new(corner(0, 1.0), corner(1, 2.0), corner(2, 3.0)));
    /// }
    /// let cuboid = ConvexPoints::<f32, 8>::hull(&points)?;
    /// assert_eq!(cuboid.len(), 8);
    /// assert_eq!(cuboid.support(Vec3::new(1.0, 1.0, 1.0)).point, Vec3::new(1.0, 2.0, 3.0));
    ///
    /// // Seven slots are too few for eight corners.
    /// assert_eq!(
    ///     ConvexPoints::<f32, 7>::hull(&points),
    ///     Err(ShapeError::TooManyPoints { count: 8, capacity: 7 })
    /// );
    /// // A flat set gives its polygon, a collinear one its two ends.
    /// let square = [Vec3::ZERO, Vec3::X, Vec3::Y, Vec3::new(1.0, 1.0, 0.0), Vec3::new(0.5, 0.5, 0.0)];
    /// assert_eq!(ConvexPoints::<f32, 8>::hull(&square)?.len(), 4);
    /// let line = [Vec3::ZERO, Vec3::X, Vec3::new(0.25, 0.0, 0.0)];
    /// assert_eq!(ConvexPoints::<f32, 8>::hull(&line)?.points(), [Vec3::X, Vec3::ZERO]);
    /// # Ok::<(), ShapeError>(())
    /// ```
    pub fn hull(points: &[Vec3<S>]) -> Result<Self, ShapeError> {
        if points.is_empty() {
            return Err(ShapeError::NoPoints);
        }
        let size = size_of(points)?;
        let unit_box = UnitBox::new(points, size);
        let mut build = Build::<S, N>::new(unit_box);
        // |p - corner|^2 is strictly convex: its maximum is a corner of the hull.
        let first = points
            .iter()
            .copied()
            .reduce(|best, p| {
                if unit_box.spread(p) > unit_box.spread(best) {
                    p
                } else {
                    best
                }
            })
            .unwrap_or(Vec3::ZERO);
        if !build.store(first) {
            return Err(ShapeError::TooManyPoints {
                count: 1,
                capacity: N,
            });
        }
        if size == S::ZERO {
            return Ok(build.hull);
        }
        let tolerance = tolerance::<S>();
        let six = S::TWO * (S::TWO + S::ONE);
        // Gaps are at most the unit box's diagonal, sqrt(3) < 2: a first weight at
        // least the exact one, which the first round checks like any other.
        let mut weight = (S::TWO - tolerance) / six;
        for _ in 0..N {
            let pass = build.measure(points, weight);
            let Some(farthest) = pass.farthest.filter(|p| p.gap > tolerance) else {
                return Ok(build.hull);
            };
            let exact_weight = (farthest.gap - tolerance) / six;
            let chosen = match pass.best {
                Some((best, score)) if pass.singles_out(best, score, weight) => best,
                _ => build
                    .measure(points, exact_weight)
                    .best
                    .map(|(best, _)| best)
                    .filter(|best| best.gap > tolerance)
                    .unwrap_or(farthest),
            };
            weight = exact_weight;
            if !build.store(chosen.point) {
                return Err(ShapeError::TooManyPoints {
                    count: N.saturating_add(1),
                    capacity: N,
                });
            }
        }
        // Not reached: the N-th round finds the N slots full and returns.
        Ok(build.hull)
    }
}

/// How far from the hull stored so far, in units of the points' size, a point must
/// be measured to count as outside: 8 machine epsilons.
///
/// Where it comes from: GJK reads a gap as touching (distance zero) when it is below
/// `GJK_TOUCHING = 4 eps` times its largest simplex vertex, at most the unit box's
/// diagonal `sqrt(3)` here, so at most `6.9 eps`. Smaller gaps are invisible to the
/// very queries the shape will answer, and measured ones are as uncertain (the
/// rounding of the mapped points and of GJK's closest point, a few epsilons). Eight is
/// the first power of two above that floor.
#[inline]
fn tolerance<S: Scalar>() -> S {
    S::TWO * S::TWO * S::TWO * S::EPS
}

/// The map of the point set into the unit box: `(p - corner) / size`, `corner` the
/// minimum corner of the bounding box and `size` its longest side, so every mapped
/// coordinate lies in `[0, 1]`.
///
/// GJK runs on the mapped points: the measurements are then relative to the size
/// wherever the points are and however large (coordinates differences near the
/// box are exact or nearly so, and products of unit-sized values neither overflow
/// nor underflow), and the same on bare metal, where GJK does not rescale.
#[derive(Clone, Copy, Debug)]
struct UnitBox<S> {
    corner: Vec3<S>,
    size: S,
}

impl<S: Scalar> UnitBox<S> {
    fn new(points: &[Vec3<S>], size: S) -> Self {
        Self {
            corner: bounds_of_points(points.iter().copied()).min,
            size,
        }
    }

    /// `p` in the unit box (the origin for a set of size zero).
    #[inline]
    fn map(self, p: Vec3<S>) -> Vec3<S> {
        if self.size > S::ZERO {
            (p - self.corner) / self.size
        } else {
            Vec3::ZERO
        }
    }

    /// `|map(p)|^2`, in `[0, 3]`: strictly convex in `p`.
    #[inline]
    fn spread(self, p: Vec3<S>) -> S {
        self.map(p).length_squared()
    }
}

/// An input point and its measured distance from the hull stored so far, in units of
/// the size.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Measured<S> {
    point: Vec3<S>,
    gap: S,
}

/// What one pass over the points found.
#[derive(Clone, Copy, Debug)]
struct Pass<S> {
    /// The unsettled point farthest from the hull (the first on ties); `None` when
    /// every point is settled.
    farthest: Option<Measured<S>>,
    /// The unsettled point with the largest score `gap + weight * spread`, and that
    /// score.
    best: Option<(Measured<S>, S)>,
}

impl<S: Scalar> Pass<S> {
    /// Whether `best`, found with `weight`, is the maximum over *all* points, settled
    /// ones included, and outside the hull: the conditions under which it is a
    /// corner worth storing.
    ///
    /// A settled point has a gap of at most the tolerance and a spread of at most 3,
    /// so a score above `tolerance + 3 weight` beats every one of them. With the
    /// exact weight `(D - tolerance) / 6` that always holds (the farthest point alone
    /// scores at least `D`); a larger weight left from the previous round may let the
    /// spread outweigh the gaps, and then the round measures again.
    fn singles_out(&self, best: Measured<S>, score: S, weight: S) -> bool {
        let tolerance = tolerance::<S>();
        let settled_at_most = tolerance + (S::TWO + S::ONE) * weight;
        best.gap > tolerance && score > settled_at_most
    }
}

/// The build's state: the vertices stored so far, their copies in the unit box, and
/// which points are settled.
struct Build<S, const N: usize> {
    /// The vertices as given: the result.
    hull: ConvexPoints<S, N>,
    /// The same vertices mapped into the unit box, for GJK.
    unit: ConvexPoints<S, N>,
    /// Bit `i % 64` of word `i / 64` is set once point `i` has been measured within
    /// the tolerance of the hull: the hull only grows, so it stays within, and later
    /// passes skip it. Points beyond `64 N` are measured in every pass.
    settled: [u64; N],
    unit_box: UnitBox<S>,
}

impl<S: Scalar, const N: usize> Build<S, N> {
    fn new(unit_box: UnitBox<S>) -> Self {
        Self {
            hull: ConvexPoints::empty(),
            unit: ConvexPoints::empty(),
            settled: [0; N],
            unit_box,
        }
    }

    /// Stores a vertex; `false` when all `N` slots are in use.
    fn store(&mut self, point: Vec3<S>) -> bool {
        self.hull.push(point) && self.unit.push(self.unit_box.map(point))
    }

    /// One pass over the unsettled points: each one's gap, the farthest, and the best
    /// score with `weight`. Points found within the tolerance are settled.
    fn measure(&mut self, points: &[Vec3<S>], weight: S) -> Pass<S> {
        let tolerance = tolerance::<S>();
        let mut pass = Pass {
            farthest: None,
            best: None,
        };
        // Consecutive points are often near each other: the last query's simplex is
        // a good start (a cache from another pair is only ever slower).
        let mut cache = SimplexCache::new();
        for (index, &point) in points.iter().enumerate() {
            let (word, bit) = (index / 64, 1_u64 << (index % 64));
            if self.settled.get(word).is_some_and(|bits| bits & bit != 0) {
                continue;
            }
            let unit = self.unit_box.map(point);
            let gap = self.gap(unit, &mut cache);
            if gap <= tolerance {
                if let Some(bits) = self.settled.get_mut(word) {
                    *bits |= bit;
                }
                continue;
            }
            let here = Measured { point, gap };
            if pass.farthest.is_none_or(|farthest| gap > farthest.gap) {
                pass.farthest = Some(here);
            }
            let score = gap + weight * unit.length_squared();
            if pass.best.is_none_or(|(_, best)| score > best) {
                pass.best = Some((here, score));
            }
        }
        pass
    }

    /// An upper bound on the distance of `unit` (a point in the unit box) from the
    /// hull of the stored vertices.
    ///
    /// GJK's distance is the length of a vector from the point to a point of the
    /// hull, so it bounds the true distance from above (up to its rounding). The
    /// distance to the nearest stored vertex bounds it too, and it is exact where GJK
    /// is not: on a nearly collinear chain of vertices GJK can end on the chain's
    /// chord, its search direction being known to about `eps / |v|` for a closest
    /// point `|v|` away, and report a point *at* the middle vertex as `|v|` away
    /// (`f32`, a gap of 7e-5 for a vertex that far off the chord; see the test
    /// `hull_does_not_store_a_vertex_gjk_measures_off_its_chain`). Without this bound
    /// the build stored that vertex again in every round.
    fn gap(&self, unit: Vec3<S>, cache: &mut SimplexCache<S, Vec3<S>>) -> S {
        let out = distance_cached(
            &Point3::ORIGIN,
            Transform3::from_translation(unit),
            &self.unit,
            Transform3::IDENTITY,
            cache,
        );
        // Unit-box input is finite and small, so GJK never rejects it; were it to,
        // an infinite gap leaves the point to the bound below.
        let measured = if out.distance.is_finite() {
            out.distance
        } else {
            S::infinity()
        };
        if measured <= tolerance::<S>() {
            return measured;
        }
        self.unit
            .points()
            .iter()
            .map(|&vertex| (vertex - unit).length())
            .fold(measured, S::min)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tolerance_is_eight_epsilons() {
        assert_eq!(tolerance::<f32>(), 8.0 * f32::EPSILON);
        assert_eq!(tolerance::<f64>(), 8.0 * f64::EPSILON);
    }

    #[test]
    fn unit_box_maps_the_bounding_box_onto_the_unit_cube() {
        let points = [
            Vec3::new(1e4_f32, -2.0, 3.0),
            Vec3::new(1e4 + 2.0, 0.0, 3.5),
        ];
        let unit_box = UnitBox::new(&points, size_of(&points).unwrap());
        assert_eq!(unit_box.map(points[0]), Vec3::ZERO);
        assert_eq!(unit_box.map(points[1]), Vec3::new(1.0, 1.0, 0.25));
        assert_eq!(unit_box.spread(points[1]), 2.0625);
        let single = UnitBox::new(&points[..1], 0.0);
        assert_eq!(single.map(points[1]), Vec3::ZERO);
    }

    #[test]
    fn settled_points_are_skipped_and_far_ones_always_measured() {
        let points: [Vec3<f64>; 3] = [Vec3::ZERO, Vec3::new(0.5, 0.0, 0.0), Vec3::X];
        let unit_box = UnitBox::new(&points, 1.0);
        let mut build = Build::<f64, 1>::new(unit_box);
        assert!(build.store(Vec3::ZERO));
        let pass = build.measure(&points, 0.0);
        // The first point is the stored vertex: settled.
        assert_eq!(build.settled, [1]);
        assert_eq!(
            pass.farthest,
            Some(Measured {
                point: Vec3::X,
                gap: 1.0
            })
        );
        // Beyond 64 N points there are no bits: measured every time, never settled.
        let many = [Vec3::ZERO; 70];
        build.measure(&many, 0.0);
        assert_eq!(build.settled, [u64::MAX]);
        assert!(build.measure(&many, 0.0).farthest.is_none());
    }

    #[test]
    fn a_stored_vertex_measures_zero_even_where_gjk_misses_it() {
        // The chain of `hull_does_not_store_a_vertex_gjk_measures_off_its_chain`,
        // mapped: GJK alone measures the middle vertex 7e-5 from the other two.
        let chain = [
            Vec3::new(0.839_862_7_f32, 0.433_461_73, 0.822_697_9),
            Vec3::new(1.0, 0.411_594_36, 0.227_988_69),
            Vec3::new(0.920_032_3, 0.422_528_06, 0.525_242_3),
        ];
        let mut build = Build::<f32, 4>::new(UnitBox {
            corner: Vec3::ZERO,
            size: 1.0,
        });
        for vertex in chain {
            assert!(build.store(vertex));
        }
        let mut cache = SimplexCache::new();
        assert_eq!(build.gap(chain[2], &mut cache), 0.0);
    }

    #[test]
    fn store_fails_once_the_capacity_is_used() {
        let mut build = Build::<f32, 1>::new(UnitBox {
            corner: Vec3::ZERO,
            size: 1.0,
        });
        assert!(build.store(Vec3::X));
        assert!(!build.store(Vec3::Y));
        assert_eq!(build.hull.points(), [Vec3::X]);
    }
}
