//! Witness points on curved cores, taken from the shapes themselves.
//!
//! GJK's witness points are the weighted sums of its last simplex's support points.
//! On a polytope those lie on one face or edge and so does the sum. On a curved core
//! (an ellipsoid, a cylinder's rim) they are different points of the curved surface,
//! a few steps of the loop apart, and their sum lies inside the shape, along the
//! surface from the closest point by about as much as they are apart. The distance
//! does not see that (it is flat to first order around the answer) but the points
//! do: a cylinder over a box face gave its witness 1.3e-5 of the size off in `f32`.
//!
//! The normal is another matter: where the other core is flat there (a face), the
//! simplex's face lies in that face's plane and the normal is exact to rounding. The
//! curved core's own point along it, its support point, is then the closest point to
//! rounding too, and the other core's is where that point meets it:
//!
//! ```text
//! n = GJK's normal (A to B), d its gap; s_A, s_B = the cores' supports along n, -n
//! a core whose simplex points are smooth ("curved") may take its support point; the
//! other takes the point of its simplex points' hull nearest to it
//! try: both curved cores supported, then B's alone, then A's alone
//! take the first pair (p_a, p_b) that is a closest pair: p_b - p_a along n, within
//!     rounding across it, and no longer than d
//! none: the normal turns by Newton's steps until the first way's pair lies along
//!     it (where both cores curve, or the other's feature is an edge or a corner,
//!     GJK's normal is off by about as much as its points are apart), and that pair
//!     is taken if it is a closest pair
//! ```
//!
//! The check is what makes this safe: a pair of points of the two cores whose
//! difference lies along `n` and whose supports (or the other core's nearest simplex
//! feature) face each other across the gap is a closest pair. A flat part of a smooth
//! core (a cylinder's cap, whose support is a rim point) fails it unless that rim point
//! is itself a closest point, and the loop's own witnesses stand.

use crate::dim3::closest::{Regions, reduce_regions};
use crate::kernel::MinkowskiDifference;
use crate::kernel::simplex::GjkSimplex;
use crate::{FeatureId, Scalar, Vec3};

/// One core's points in GJK's last simplex: the distinct ones (at most three, as a
/// loop that ends apart keeps at most a triangle) and whether any is smooth.
struct SideOfSimplex<S> {
    points: [Vec3<S>; 4],
    count: usize,
    smooth: bool,
}

impl<S: Scalar> SideOfSimplex<S> {
    fn new() -> Self {
        Self {
            points: [Vec3::ZERO; 4],
            count: 0,
            smooth: false,
        }
    }

    fn add(&mut self, point: Vec3<S>, feature: FeatureId) {
        self.smooth |= feature.is_smooth();
        let known = self
            .points
            .iter()
            .take(self.count)
            .any(|&seen| seen == point);
        if !known && let Some(slot) = self.points.get_mut(self.count) {
            *slot = point;
            self.count += 1;
        }
    }

    /// Whether this core's witness comes from smooth points: their sum when they
    /// differ, or one support point taken along the loop's last search direction,
    /// not along the normal it ended with.
    fn is_curved(&self) -> bool {
        self.smooth
    }

    /// The point of the hull of these points nearest to `point`.
    fn nearest_to(&self, point: Vec3<S>) -> Vec3<S> {
        let relative = self.points.map(|corner| corner - point);
        point + reduce_regions(&relative, self.count, Regions::All).closest
    }
}

/// How many Newton steps the normal may take (see [`polished`]); three support
/// calls each.
const NEWTON_STEPS: u32 = 6;

/// Which cores take their support points (the other the nearest point of its
/// simplex points' hull).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Supported {
    a: bool,
    b: bool,
}

/// The cores' witness points and the normal (A's frame) where a core is curved and
/// its support point makes a closest pair (see the module's notes); `None` keeps the
/// loop's. `closest` is the loop's closest point of `B - A`, at the query's scale.
#[inline(never)]
pub(crate) fn polished<S, D>(
    pair: &D,
    simplex: &D::Simplex,
    closest: Vec3<S>,
) -> Option<[Vec3<S>; 3]>
where
    S: Scalar,
    D: MinkowskiDifference<S, Vec3<S>> + ?Sized,
{
    let mut side_a = SideOfSimplex::new();
    let mut side_b = SideOfSimplex::new();
    for vertex in simplex.vertex_iter() {
        side_a.add(vertex.witness_a, vertex.feature_a);
        side_b.add(vertex.witness_b, vertex.feature_b);
    }
    let (curved_a, curved_b) = (side_a.is_curved(), side_b.is_curved());
    if !curved_a && !curved_b {
        return None;
    }
    let gap = closest.length();
    let normal = closest.normalize()?;
    let points = |supported: Supported, normal: Vec3<S>| {
        // A's support along the normal and B's against it.
        let support = pair.support(normal);
        match (supported.a, supported.b) {
            (true, true) => (support.witness_a, support.witness_b),
            (false, _) => (side_a.nearest_to(support.witness_b), support.witness_b),
            (true, false) => (support.witness_a, side_b.nearest_to(support.witness_a)),
        }
    };
    let tries = [
        Supported {
            a: curved_a,
            b: curved_b,
        },
        Supported {
            a: false,
            b: curved_b,
        },
        Supported {
            a: curved_a,
            b: false,
        },
    ];
    let usable = |index: usize, supported: Supported| {
        let repeated = tries
            .iter()
            .take(index)
            .any(|&earlier| earlier == supported);
        (supported.a || supported.b) && !repeated
    };
    // Along the loop's normal first: exact wherever the other core is flat there.
    for (index, &supported) in tries.iter().enumerate() {
        if usable(index, supported) {
            let (point_a, point_b) = points(supported, normal);
            if is_closest_pair(point_a, point_b, normal, gap) {
                return Some([point_a, point_b, normal]);
            }
        }
    }
    // Where both sides curve, the loop's normal is off by about as much as its
    // points are apart: Newton's method on it, for the first way of taking points.
    let first = tries[0];
    let (turned, (point_a, point_b)) = newton(&|normal| points(first, normal), normal)?;
    is_closest_pair(point_a, point_b, turned, gap).then_some([point_a, point_b, turned])
}

/// Whether `point_a` and `point_b` make a closest pair along `normal` for cores the
/// loop found `gap` apart: their difference along `normal`, across it no more than
/// the rounding of points of their magnitude, and no longer than `gap` (16 epsilons
/// of the larger coordinate: a few for each support point, and the loop's gap).
fn is_closest_pair<S: Scalar>(point_a: Vec3<S>, point_b: Vec3<S>, normal: Vec3<S>, gap: S) -> bool {
    let between = point_b - point_a;
    let along = between.dot(normal);
    let across = (between - normal * along).length();
    let rounding = S::from_f64(16.0) * S::EPS * point_a.max_abs().max(point_b.max_abs());
    // Written so that NaN fails.
    along > S::ZERO && across <= rounding && along <= gap + rounding
}

/// A normal and the pair of points taken along it.
type Along<S> = (Vec3<S>, (Vec3<S>, Vec3<S>));

/// The normal `n` near `start` at which `points(n)` gives a pair whose difference
/// lies along `n`, with that pair, by Newton's method in the plane across `start`: the
/// residual is the difference's part across `n`, its derivative taken once, at
/// `start`, by forward differences (the chord method: two support calls for the
/// derivative, then one per step). `None` when a step cannot be taken; the caller
/// checks whether the last pair settled.
///
/// Where both cores curve with radii of curvature `R` (summed) a gap `d` apart, a
/// turn of the normal by `e` moves the supports' difference across it by about
/// `(R + d) e`: the fixed-point iteration `n <- unit(difference)` multiplies the error
/// by `-R / d` and diverges for shapes closer than their curvature; Newton's method
/// divides by the measured `R + d` instead. Forward differences over a step of 4
/// square roots of epsilon err by about that fraction, and so does the derivative
/// kept from the start over a turn that small, so each step gains that many digits:
/// two steps from GJK's normal, whose error is about the square root of epsilon.
#[inline(never)]
fn newton<S: Scalar>(
    points: &dyn Fn(Vec3<S>) -> (Vec3<S>, Vec3<S>),
    start: Vec3<S>,
) -> Option<Along<S>> {
    let [across_1, across_2] = plane_across(start);
    let evaluate = |e: [S; 2]| -> Option<([S; 2], Along<S>)> {
        let normal = (start + across_1 * e[0] + across_2 * e[1]).normalize()?;
        let pair = points(normal);
        let between = pair.1 - pair.0;
        let off = between - normal * between.dot(normal);
        Some(([off.dot(across_1), off.dot(across_2)], (normal, pair)))
    };
    let step = S::from_f64(4.0) * S::EPS.square_root();
    let mut e = [S::ZERO; 2];
    let (mut value, mut along) = evaluate(e)?;
    let (moved_1, _) = evaluate([step, S::ZERO])?;
    let (moved_2, _) = evaluate([S::ZERO, step])?;
    // Columns of the derivative.
    let d1 = [
        (moved_1[0] - value[0]) / step,
        (moved_1[1] - value[1]) / step,
    ];
    let d2 = [
        (moved_2[0] - value[0]) / step,
        (moved_2[1] - value[1]) / step,
    ];
    let determinant = d1[0] * d2[1] - d2[0] * d1[1];
    let solvable = determinant.abs() > S::ZERO && determinant.is_finite();
    if !solvable {
        return None;
    }
    let size = |r: [S; 2]| r[0].abs().max(r[1].abs());
    for _ in 0..NEWTON_STEPS {
        let mut change = [
            (value[1] * d2[0] - value[0] * d2[1]) / determinant,
            (value[0] * d1[1] - value[1] * d1[0]) / determinant,
        ];
        // A step that leaves a larger residual crossed a kink of a support mapping
        // (a cylinder's rim between its cap and its side): halved, up to three times.
        let mut next = evaluate([e[0] + change[0], e[1] + change[1]])?;
        for _ in 0..3 {
            if size(next.0) <= size(value) {
                break;
            }
            change = [change[0] * S::HALF, change[1] * S::HALF];
            next = evaluate([e[0] + change[0], e[1] + change[1]])?;
        }
        e = [e[0] + change[0], e[1] + change[1]];
        (value, along) = next;
        // Settled when the step no longer moves the normal beyond rounding.
        if change[0].abs().max(change[1].abs()) <= step * step {
            break;
        }
    }
    Some(along)
}

/// Two unit vectors across `normal` (unit), at right angles to it and to each other
/// (Duff and others' branch-free basis, 2017).
fn plane_across<S: Scalar>(normal: Vec3<S>) -> [Vec3<S>; 2] {
    let sign = if normal.z >= S::ZERO { S::ONE } else { -S::ONE };
    let a = -S::ONE / (sign + normal.z);
    let b = normal.x * normal.y * a;
    [
        Vec3::new(
            S::ONE + sign * normal.x * normal.x * a,
            sign * b,
            -sign * normal.x,
        ),
        Vec3::new(b, sign + normal.y * normal.y * a, -normal.y),
    ]
}
