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
//! polygons and solids alike. The price is work (a GJK query per point and round) and
//! GJK's own precision, which is a few epsilons of the size except near clusters of
//! nearly coplanar vertices (see `Build::gap`).

use gjk_core::{CachedVertex, FeatureId, Scalar, SimplexCache, Transform3, Vec3, distance_cached};

use crate::points::bounds_of_points;
use crate::three::vertices3::size_of;
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
    /// plane), a solid's corners otherwise. The vertices come in the order found.
    ///
    /// Outline (distances in units of the size, see below):
    /// ```text
    /// store the point farthest from the bounding box's minimum corner
    /// repeat (at most 2 N times; each round stores a vertex, drops a point or returns):
    ///     for every point not yet settled:
    ///         gap = its distance from the hull of the stored vertices (GJK)
    ///         settle it when gap <= tolerance (the hull only grows)
    ///     D = the largest gap; D <= tolerance -> done
    ///     next = the point maximizing gap + weight |p - corner|^2,
    ///            weight = (D - tolerance) / 6
    ///     GJK from some stored vertex finds next within the tolerance
    ///         -> settle it instead (at most N times)
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
    /// progress. Ties between points on one edge or face (a box with points on its
    /// faces) are broken towards the corners by the weight, not by rounding.
    ///
    /// Tolerance and guarantee: a point counts as inside when GJK measures it within
    /// `8 eps * size` of the stored hull, `size` being the longest side of the
    /// points' bounding box and `eps` the machine epsilon of `S`. The stored vertices
    /// are input points, bit for bit, each stored once, and every input point lies
    /// inside the hull or within `16 eps * size` of it (the tolerance and the rounding
    /// of the measurement). The tolerance is relative: the result does not depend on
    /// where the points are or how large they are (1e-30 to 1e30 in `f32`), but
    /// points far from the origin carry the rounding of their coordinates, `eps |p|`,
    /// which may be many `eps * size`, and are kept as vertices when it pushes them
    /// out of their faces.
    ///
    /// One exception, GJK's precision near clusters of nearly coplanar vertices (a
    /// box's faces with many points rounded off them by more than the tolerance):
    /// there GJK's distances are good to some tens of epsilons only, and the build
    /// can keep a point that far inside the hull as a vertex, or leave one that far
    /// outside. Measured on 6000 random sets of each type (the families of
    /// `tests/kernel/shapes/convex_hull3.rs`; the clusters come from boxes with points
    /// on their faces placed 1e4 sizes from the origin), vertices checked on hulls of
    /// up to 24, the exceptions in exact rational arithmetic: in `f32` every point
    /// within 8.2 `eps * size` and every vertex a corner; in `f64` every point within
    /// 16 `eps * size` but in two sets (120 and 190), and every vertex a corner but
    /// two, 38 and 6.5 `eps * size` inside the others' hull.
    ///
    /// Work: at most `2 N` rounds of one or two passes over the points (the second
    /// when the previous round's weight did not single out a corner); each pass
    /// measures every unsettled point with one GJK query on at most `N` vertices (a
    /// few iterations each, at most `Scalar::GJK_MAX_ITERATIONS`; three queries for a
    /// point within `16 sqrt(eps)` of the hull), and each round checks its winner with
    /// up to `N` more. Points are marked settled in a bit set of `64 N` bits, so the
    /// first `64 N` points stop being measured once inside; beyond that, every pass
    /// measures them again. Measured in release on the build machine (an AMD EPYC
    /// core, `f64`, `N = 256`): 1000 random points in a cube (74 vertices) in 9 ms,
    /// 10 000 (120 vertices) in 90 ms, 200 points on a sphere (all vertices) in 70 ms.
    ///
    /// Stack: the two arrays of `N` points (the vertices, and their copy in the unit
    /// box that GJK runs on), `8 N` bytes of bit set, and GJK's frames: 4.2 KB for
    /// `N = 32` in `f32` on a Cortex-M4F at opt-level `"z"` (4.0 KB at `"s"`), of
    /// which 2.1 KB is one 3D distance query, and 32 bytes more per vertex of
    /// capacity (5.2 KB for `N = 64`), painted in QEMU. Its firmware
    /// linked with a panic handler that cannot link, so no panic path survives.
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
    /// // The corners of a box, each twice, with a point inside and one on a face.
    /// let mut points = vec![Vec3::new(0.5_f32, 1.0, 1.5), Vec3::new(1.0, 0.5, 2.0)];
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
    /// assert!(ConvexPoints::<f32, 8>::hull(&line)?.points().eq([Vec3::X, Vec3::ZERO]));
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
        // Each round stores one of at most N - 1 more vertices, drops one of at most N
        // points, or returns.
        let mut dropped = 0;
        for _ in 0..N.saturating_mul(2) {
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
            // A last check of the one point about to take a slot (see `Build::gap`).
            if dropped < N && build.reaches_from_a_vertex(chosen.point) {
                build.settle(chosen.index);
                dropped += 1;
                continue;
            }
            if !build.store(chosen.point) {
                return Err(ShapeError::TooManyPoints {
                    count: N.saturating_add(1),
                    capacity: N,
                });
            }
        }
        // Not reached: with at most N - 1 stores and N drops, round 2 N returns.
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
    index: usize,
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

    /// Marks point `index` as settled (nothing beyond `64 N` points).
    fn settle(&mut self, index: usize) {
        if let Some(bits) = self.settled.get_mut(index / 64) {
            *bits |= 1 << (index % 64);
        }
    }

    /// Whether GJK started from some stored vertex measures `point` within the
    /// tolerance of the stored hull: the check of a point about to take a slot.
    ///
    /// Where GJK stops short of a point inside the hull (see [`gap`](Self::gap)),
    /// other starts take other paths; one of `N` queries per round is cheap next to
    /// a pass. On the 6000 random sets of each type of `ConvexPoints::hull`'s
    /// measurement, it took the `f32` vertices lying inside the others' hull (by up
    /// to 124 `eps * size`) from a few to none.
    fn reaches_from_a_vertex(&self, point: Vec3<S>) -> bool {
        let unit = self.unit_box.map(point);
        (0..self.unit.len()).any(|index| {
            let mut start = start_at(&self.unit, index, unit);
            self.distance_from(unit, &mut start) <= tolerance::<S>()
        })
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
            let here = Measured { index, point, gap };
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

    /// The distance of `unit` (a point in the unit box) from the hull of the stored
    /// vertices: the smallest of GJK's distance, from one to three starts, and the
    /// distance to the nearest stored vertex.
    ///
    /// GJK's distance is the length of a vector from the point to a point of the
    /// hull, so it bounds the true distance from above (up to its rounding). Its
    /// search direction at a closest point `|v|` away is known to about `eps / |v|`,
    /// though, and on a nearly flat part of the hull (a chain of vertices nearly in
    /// line, a face of nearly coplanar ones) that can make it stop on a feature near
    /// the point instead of the one holding it: it then reports a gap for a point
    /// inside the hull, or even at a vertex (`f32`: 7e-5 for a vertex that far off
    /// the chord of its neighbours; see the test
    /// `hull_does_not_store_a_vertex_gjk_measures_off_its_chain`, where the build
    /// stored that vertex again in every round). The opposite happens too, more
    /// rarely: a flat simplex read as holding a point a few tens of epsilons outside
    /// it. The remedies for the first keep the answer an upper bound:
    ///
    /// - the distance to the nearest stored vertex, exact where GJK is not at a
    ///   vertex;
    /// - for a gap small enough to be such a stop (below `16 sqrt(eps)`: a stop
    ///   needs `|v|^2` within a few hundred epsilons), GJK again from a cold start
    ///   and from the nearest vertex, whose searches take other paths to the point;
    ///   the smallest answer counts. On 3000 random sets (the families of
    ///   `ConvexPoints::hull`'s measurement) this took the vertices lying inside the
    ///   others' hull from 14 to 1 (checked in exact arithmetic; see also the test
    ///   `hull_measures_again_where_gjk_stops_short_of_a_point_inside`).
    fn gap(&self, unit: Vec3<S>, cache: &mut SimplexCache<S, Vec3<S>>) -> S {
        let tolerance = tolerance::<S>();
        let measured = self.distance_from(unit, cache);
        if measured <= tolerance {
            return measured;
        }
        let (mut nearest, mut nearest_distance) = (0, S::infinity());
        for (index, vertex) in self.unit.points().enumerate() {
            let distance = (vertex - unit).length();
            if distance < nearest_distance {
                (nearest, nearest_distance) = (index, distance);
            }
        }
        let mut gap = measured.min(nearest_distance);
        let suspect = S::from_f64(16.0) * S::EPS.square_root();
        if gap > tolerance && gap <= suspect {
            let from_nearest = start_at(&self.unit, nearest, unit);
            for mut start in [SimplexCache::new(), from_nearest] {
                gap = gap.min(self.distance_from(unit, &mut start));
            }
        }
        gap
    }

    /// GJK's distance of `unit` from the stored hull, warm-started from `cache`.
    /// Unit-box input is finite and small, so GJK never rejects it; were it to, the
    /// answer is infinite, which the callers' other bounds override.
    fn distance_from(&self, unit: Vec3<S>, cache: &mut SimplexCache<S, Vec3<S>>) -> S {
        let out = distance_cached(
            &Point3::ORIGIN,
            Transform3::from_translation(unit),
            &self.unit,
            Transform3::IDENTITY,
            cache,
        );
        if out.distance.is_finite() {
            out.distance
        } else {
            S::infinity()
        }
    }
}

/// A GJK start at stored vertex `index` (in the unit box) for a query from `unit`.
/// A vertex index the cache cannot name (255 and above) is supported again along the
/// direction towards it instead.
fn start_at<S: Scalar, const N: usize>(
    unit_hull: &ConvexPoints<S, N>,
    index: usize,
    unit: Vec3<S>,
) -> SimplexCache<S, Vec3<S>> {
    let towards = unit_hull.point(index).map_or(Vec3::X, |v| unit - v);
    SimplexCache::from_vertices(&[CachedVertex::new(
        FeatureId::vertex(0),
        FeatureId::vertex(u32::try_from(index).unwrap_or(u32::MAX)),
        towards,
    )])
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
                index: 2,
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
    fn a_point_gjk_stops_short_of_is_found_inside_from_another_vertex() {
        // The 20 first vertices a build (f64, a box with points on its faces, 1e4
        // sizes from the origin) had stored when it chose the 21st, which lies inside
        // their hull (exactly, in rational arithmetic). GJK measures it 1.7e-14 of
        // the size outside from a cold start, from its nearest vertex and from most
        // others; from one vertex it finds it inside.
        #[rustfmt::skip]
        let points: [[f64; 3]; 23] = [
            [1.00007381113064, 0.00015574892819910234, -0.9999828480800349],
            [0.9999113210177232, -3.8020599448851335e-05, -0.999856158169784],
            [1.000122710611644, -0.00011955487901590592, -1.0000254703100382],
            [0.9998921572399929, 1.826550265654911e-06, -1.000135523440143],
            [1.000107842760007, -1.826550265654911e-06, -0.999864476559857],
            [0.999877289388356, 0.00011955487901590592, -0.9999745296899618],
            [1.000088678982277, 3.8020599448851335e-05, -1.000143841830216],
            [0.9999261888693601, -0.00015574892819910234, -1.000017151919965],
            [1.0001025907807626, 2.2491507898003997e-05, -0.9998827444118138],
            [0.9999821044948226, -0.00014545076538729018, -1.0000195187216145],
            [0.9999121800277238, -9.08842724471498e-05, -1.0000658785872232],
            [1.0001103650200012, -0.00012182860682800729, -1.000024947744719],
            [0.9998847233141744, 6.069071464078042e-05, -1.0000550265650525],
            [1.0000635222707182, 0.00015385399536510833, -0.999982412572242],
            [0.9999755502594979, 0.00013765190360750412, -0.9999786888849984],
            [0.999882114478733, 8.134829476746133e-05, -1.0000267772784994],
            [1.0000974238169968, 4.641592182497265e-05, -0.9999007165561695],
            [0.9998776988063146, 0.00011631297875991722, -0.9999789629957385],
            [0.9999134970303628, -6.259814058845802e-05, -0.9999116889796612],
            [0.9998958670354675, 3.216829262969484e-07, -1.0000544274321685],
            [0.9999893388385486, 0.00014019139110911635, -0.9999792725292189],
            [0.9998877517873237, 3.6710311067074564e-05, -1.000087819820025],
            [0.9999091730546765, -7.696118896672372e-05, -1.000076337680054],
        ];
        let points = points.map(Vec3::from);
        let mut build = Build::<f64, 32>::new(UnitBox::new(&points, size_of(&points).unwrap()));
        for &vertex in &points[..20] {
            assert!(build.store(vertex));
        }
        let unit = build.unit_box.map(points[20]);
        let gap = build.gap(unit, &mut SimplexCache::new());
        assert!(gap > tolerance::<f64>(), "{gap:e}");
        assert!(build.reaches_from_a_vertex(points[20]));
    }

    #[test]
    fn store_fails_once_the_capacity_is_used() {
        let mut build = Build::<f32, 1>::new(UnitBox {
            corner: Vec3::ZERO,
            size: 1.0,
        });
        assert!(build.store(Vec3::X));
        assert!(!build.store(Vec3::Y));
        assert!(build.hull.points().eq([Vec3::X]));
    }
}
