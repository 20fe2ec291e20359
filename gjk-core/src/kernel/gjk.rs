//! The GJK iteration shared by `distance` and `intersects`.
//!
//! Outline:
//! ```text
//! place B in A's frame once (relative transform)
//! seed the simplex (cached vertices, or one support along the centre offset)
//! v = closest point of the simplex to the origin
//! loop:
//!     triangle around the origin          -> cores overlap
//!     |v| <= touching * max |w_i|          -> cores touch
//!     iteration cap reached               -> best so far, MaxIterations
//!     w = support of B - A along -v
//!     w not finite                        -> InvalidInput
//!     (overlap test only) v.w > r |v|     -> separating axis: separated
//!     |v|^2 - v.w <= gap |v|^2            -> converged (van den Bergen, smooth shapes)
//!     (a, b) features already in simplex  -> converged (Box2D, exact for polytopes)
//!     add w, solve for the new v
//!     |v|^2 not below its least so far    -> keep the previous simplex, converged (Jolt)
//! ```

use crate::kernel::pair::MinkowskiDifference;
use crate::kernel::profile::{FIRST_RUN_OF_ITS_OWN, WINDOW_PRE_CHECK, scale_vertex};
use crate::kernel::rescale::surely_inside_window;
use crate::kernel::simplex::GjkSimplex;
use crate::{Scalar, SimplexCache, Space, Vec2};

/// The starting simplex: the cached vertices when there are any, otherwise one support
/// point along the offset between the shapes' origins (`offset`, B's translation in
/// A's frame), which lands near the closest feature for most placements.
///
/// Always inlined: built in its caller's frame, the simplex is not copied out of a
/// frame of its own, which saved about 200 bytes of stack per query on Cortex-M0.
#[inline(always)]
pub(crate) fn seed<S: Scalar, V: Space<Scalar = S>, D: MinkowskiDifference<S, V> + ?Sized>(
    pair: &D,
    offset: V,
    cache: Option<&SimplexCache<S, V>>,
) -> D::Simplex {
    D::Simplex::seeded(pair, offset, cache)
}

/// Why the iteration stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Termination {
    /// The closest point is found (gap, repeated features or no further progress).
    Converged,
    /// The cores overlap: a triangle encloses the origin, or `v` is numerically zero.
    CoresOverlap,
    /// Overlap test only: a support plane separates the rounded shapes.
    Separated,
    /// The iteration cap was reached; the simplex is the best found.
    MaxIterations,
    /// A support point or `v` was not finite.
    InvalidInput,
}

/// How GJK stopped; the simplex it stopped with is the caller's, updated in place.
pub(crate) struct GjkState<S, V = Vec2<S>> {
    /// Closest point of the simplex to the origin (A's frame): `witness_b - witness_a`,
    /// at the loop's scale (multiply lengths by `unscale`).
    pub closest: V,
    /// Support calls after the starting simplex.
    pub iterations: u32,
    pub termination: Termination,
    /// What takes the simplex's points and `closest` back to the query's scale: one,
    /// or the inverse of a rescue's factor (see [`iterate`]). Outputs scale lengths
    /// computed at the loop's scale back with it: the squares of the unscaled ones
    /// would underflow again.
    pub unscale: S,
}

/// Runs GJK from `simplex`, leaving the final simplex there. With `EARLY_EXIT`, stops
/// as soon as a support plane shows the rounded shapes (total radius `radius`) apart.
///
/// With `RESCUE`, a loop that ends on points outside the rescaling window goes on with
/// them multiplied by a power of two (see `rescale.rs`): the simplex is scaled in
/// place, solved again at the new scale, and every later support point is scaled as
/// it arrives; at the end the simplex is scaled back (exactly), while `closest` stays
/// at the loop's scale, where its length keeps its digits, and the state's `unscale`
/// takes lengths back. The points are the same points, exactly, and solving them
/// again at a scale where their products keep their digits gives the region rounding
/// may have missed. A loop that surely ended inside the window
/// (`Descent::surely_inside_window`, two comparisons) skips the exact check. Queries
/// that hand the simplex on (EPA) rescale as a whole instead.
#[cfg_attr(not(gjk_compact), inline(always))]
#[cfg_attr(gjk_compact, inline)]
pub(crate) fn iterate<
    S: Scalar,
    V: Space<Scalar = S>,
    D: MinkowskiDifference<S, V> + ?Sized,
    const EARLY_EXIT: bool,
    const RESCUE: bool,
>(
    pair: &D,
    simplex: &mut D::Simplex,
    radius: S,
) -> GjkState<S, V> {
    if FIRST_RUN_OF_ITS_OWN {
        let mut descent = Descent::start(simplex, 0);
        let termination = descend::<S, V, D, EARLY_EXIT>(pair, simplex, &mut descent, radius, None);
        if !RESCUE || descent.surely_inside_window(termination) {
            return descent.finish(termination, S::ONE);
        }
        return runs_after::<S, V, D, EARLY_EXIT>(pair, simplex, radius, (descent, termination));
    }
    runs::<S, V, D, EARLY_EXIT, RESCUE>(pair, simplex, radius, None)
}

/// [`runs`] after a first run of its own that may have ended outside the rescaling
/// window (see [`FIRST_RUN_OF_ITS_OWN`]): out of line, so that the hot path holds no
/// loop but its first run.
#[cold]
#[inline(never)]
fn runs_after<
    S: Scalar,
    V: Space<Scalar = S>,
    D: MinkowskiDifference<S, V> + ?Sized,
    const EARLY_EXIT: bool,
>(
    pair: &D,
    simplex: &mut D::Simplex,
    radius: S,
    first: (Descent<S, V>, Termination),
) -> GjkState<S, V> {
    runs::<S, V, D, EARLY_EXIT, true>(pair, simplex, radius, Some(first))
}

/// The runs of the GJK loop (see [`iterate`]): the first, then at most one rescued
/// run. `first` is a first run already made, whose rescue this then decides.
#[inline(always)]
fn runs<
    S: Scalar,
    V: Space<Scalar = S>,
    D: MinkowskiDifference<S, V> + ?Sized,
    const EARLY_EXIT: bool,
    const RESCUE: bool,
>(
    pair: &D,
    simplex: &mut D::Simplex,
    radius: S,
    mut first: Option<(Descent<S, V>, Termination)>,
) -> GjkState<S, V> {
    let mut scale = None;
    let mut iterations = 0;
    loop {
        let factor = scale.unwrap_or(S::ONE);
        let (descent, termination) = match first.take() {
            Some(made) => made,
            None => {
                let mut descent = Descent::start(simplex, iterations);
                let termination = descend::<S, V, D, EARLY_EXIT>(
                    pair,
                    simplex,
                    &mut descent,
                    radius * factor,
                    scale,
                );
                (descent, termination)
            }
        };
        iterations = descent.iterations;
        let surely_inside = WINDOW_PRE_CHECK && descent.surely_inside_window(termination);
        let rescue = if RESCUE && scale.is_none() && !surely_inside {
            rescue_factor(pair, simplex, S::ZERO, S::ZERO, false)
        } else {
            None
        };
        match rescue {
            None => {
                let unscale = S::ONE / factor;
                if scale.is_some() {
                    simplex.scale(unscale);
                }
                return descent.finish(termination, unscale);
            }
            Some(factor) => {
                simplex.scale(factor);
                scale = Some(factor);
            }
        }
    }
}

/// The factor a loop that ended on `simplex` goes on at (see `rescale.rs`):
/// [`GjkSimplex::rescue_factor`] of the points and `start` (`from_supports` for the
/// casts, see there), and when it scales up, no more than keeps every point the loop
/// can still meet inside the window.
///
/// A tiny simplex need not mean tiny shapes: two segments whose ends meet at a point
/// 1e-39 from the origin make a simplex of that size and a factor of 2^127, and the
/// long segments' other ends overflow at that scale (the loop would come out
/// overlapping with NaN witness points, found by fuzzing). So the factor is halved until the
/// extent of the pair times it is at most `RESCALE_ABOVE`: the largest coordinate of
/// the support points of `B - A` (and of A and B themselves) along the four axis
/// directions, which bound every point of the pair, plus `reach` (how far a cast's
/// query point travels, and its target). `None` when not even a factor above one is
/// left, or the extent is not finite: the loop's first answer stands. Four support
/// calls, on the rescue's path only: out of line, so that the loops' functions do not
/// carry it.
#[inline(never)]
pub(crate) fn rescue_factor<
    S: Scalar,
    V: Space<Scalar = S>,
    D: MinkowskiDifference<S, V> + ?Sized,
>(
    pair: &D,
    simplex: &D::Simplex,
    start: S,
    reach: S,
    from_supports: bool,
) -> Option<S> {
    let mut factor = simplex.rescue_factor(start, from_supports)?;
    if factor <= S::ONE {
        return Some(factor);
    }
    // Compared as integers (see `scalar::sealed::Bits`): no float routine calls on a
    // core without an FPU. A NaN coordinate counts as zero there, so the sum below,
    // not finite for an infinite one, is what rejects non-finite extents.
    let mut largest = reach.magnitude_key();
    // Both directions of every axis (X, Y, -X, -Y in the plane, each a quarter turn
    // of the last, exactly).
    for direction in V::extreme_directions() {
        let vertex = pair.support(direction);
        largest = vertex.w.largest_key(largest);
        largest = vertex.witness_a.largest_key(largest);
        largest = vertex.witness_b.largest_key(largest);
    }
    let extent = S::from_magnitude_key(largest) + reach;
    if !extent.is_finite() {
        return None;
    }
    while extent * factor > S::RESCALE_ABOVE {
        factor = factor * S::HALF;
        if factor <= S::ONE {
            return None;
        }
    }
    Some(factor)
}

/// Where a run of the GJK loop stands: the closest point of the simplex, its squared
/// length, the support calls so far, and the largest squared length of a simplex
/// vertex as the loop last measured it (NaN before it has).
#[derive(Clone, Copy)]
struct Descent<S, V> {
    closest: V,
    closest_squared: S,
    iterations: u32,
    largest_squared: S,
}

impl<S: Scalar, V: Space<Scalar = S>> Descent<S, V> {
    /// The descent from `simplex`, solved, after `iterations` support calls.
    #[inline(always)]
    fn start<X: GjkSimplex<S, V>>(simplex: &mut X, iterations: u32) -> Self {
        let closest = simplex.solve();
        Self {
            closest,
            closest_squared: closest.length_squared(),
            iterations,
            largest_squared: S::nan(),
        }
    }

    /// Whether the loop surely ended on points inside the rescaling window
    /// (`rescale::surely_inside_window`). The last measure is of the final simplex
    /// for every ending but a non-finite `|v|^2` (when the simplex changed after it):
    /// every other ending leaves the simplex as it was at the top of the last round
    /// (`pop` undoes a trial vertex).
    #[inline(always)]
    fn surely_inside_window(&self, termination: Termination) -> bool {
        termination != Termination::InvalidInput
            && surely_inside_window(S::ZERO, self.largest_squared)
    }

    /// The state the loop ended in; `unscale` takes its lengths back to the query's
    /// scale (one without a rescue).
    #[inline(always)]
    fn finish(self, termination: Termination, unscale: S) -> GjkState<S, V> {
        GjkState {
            closest: self.closest,
            iterations: self.iterations,
            termination,
            unscale,
        }
    }
}

/// How many steps in a row the loop takes without progress before it believes it has
/// converged (see the stall in [`descend`]). On a flat contact against a curved shape
/// GJK crawls: in `f32`, a flat ellipsoid 0.2 from a cylinder's cap 2.5 across gains
/// about one unit in the last place of `|v|^2` per step, within the rounding of the face
/// solve, for three steps in a row before the step that finds the right face. With one
/// stall step such pairs answer up to 2.3e-6 L long, with two 1.9e-6 L, with three
/// the face is found (worst 5.4e-7 L over 1000 random ellipsoid pairs). Only a loop
/// that has stopped making measurable progress pays them.
pub(crate) const STALL_STEPS: u32 = 3;

/// Whether a step without progress, from the least `|v|^2` reached to `next_squared`,
/// rose by no more than rounding, on a simplex whose largest squared vertex length is
/// `largest_squared` (as the loop measured it at the top of the round, before the
/// trial vertex): `|v_next| <= |v_least| + t |w|max`, `t` the touching margin
/// (`Scalar::GJK_TOUCHING`, 4 epsilons), compared as squares. The loop's own measure
/// costs no code; the check itself adds 76 bytes to the 3D kernel on the Cortex-M4F
/// (`libm`'s `sqrtf` goes out of line), and the 3D budget allows an eighth of a KiB
/// for it.
///
/// The closest point is a weighted sum of the vertices, so the solve's rounding moves
/// it by a few epsilons of the largest vertex; below `t |w|max` the loop cannot tell
/// `|v|` from zero either. Over every test in gjk-shapes the stall steps rise by at
/// most 0.86 epsilons of `|w|max` in `f32` (1.0 in `f64`). A larger rise is no stall
/// but a solve that went wrong on a nearly flat tetrahedron: a cylinder touching an
/// ellipsoid in `f32` (found by fuzzing the 3D casts) steps from `|v| = 9.3e-6` to
/// 0.155, 88 000 epsilons of `|w|max`, and taken as a stall, three stall steps later
/// the query would answer 0.033 apart for shapes that touch. Such a step ends the loop
/// on the simplex before it, as any step without progress does.
#[inline]
fn rise_is_rounding<S: Scalar>(next_squared: S, least_squared: S, largest_squared: S) -> bool {
    let reach = least_squared.square_root() + S::GJK_TOUCHING * largest_squared.square_root();
    next_squared <= reach * reach
}

/// Whether the support plane of a step proves the cores apart: every point `x` of
/// `B - A` has `v.x >= v.w`, so the cores are at least `v.w / |v|` apart, and a bound
/// above the rounding of `v.w` (the touching margin, `GJK_TOUCHING` times `|v|` and
/// the largest of `|w|` and the simplex's vertices, compared as squares) is certain.
///
/// The loop must then not end in overlap, yet without this test it can: a segment's
/// core against an ellipsoid, 1.35e-6 apart in `f64`, creeps for 49 steps toward the
/// gap and then solves a flat tetrahedron (its new point on the plane of the old face,
/// the surface of `B - A` being flat along the segment) as enclosing the origin, and
/// `distance` would answer `Overlapping` while `intersects` says apart; in `f32` a
/// collinear point set 0.033 from a cylinder does the same (both found by an
/// adversarial review). Only a step that would end in overlap pays for this test.
#[inline]
fn proves_apart<S: Scalar, V: Space<Scalar = S>>(
    lower_bound_times_length: S,
    closest_squared: S,
    vertex: V,
    largest_squared: S,
) -> bool {
    let largest_squared = largest_squared.max(vertex.length_squared());
    let touching_squared = S::GJK_TOUCHING * S::GJK_TOUCHING;
    lower_bound_times_length > S::ZERO
        && lower_bound_times_length * lower_bound_times_length
            > touching_squared * closest_squared * largest_squared
}

/// The GJK loop itself (see [`iterate`] and the module's outline), from `descent` until
/// a termination rule fires. Support points are multiplied by `scale` when there is
/// one (a rescue), and `radius` is at that scale.
#[inline(always)]
fn descend<
    S: Scalar,
    V: Space<Scalar = S>,
    D: MinkowskiDifference<S, V> + ?Sized,
    const EARLY_EXIT: bool,
>(
    pair: &D,
    simplex: &mut D::Simplex,
    descent: &mut Descent<S, V>,
    radius: S,
    scale: Option<S>,
) -> Termination {
    let Descent {
        mut closest,
        mut closest_squared,
        mut iterations,
        mut largest_squared,
    } = *descent;
    // A cap of its own for every run, a rescue's counted on from the first run's
    // calls. Where the squares are subnormal the first run creeps by steps of their
    // last digits: a point about its radius from a round ellipse 1e-20 across, in
    // `f32`, spends the whole cap there, and with one cap for both runs the rescue
    // would have none left and `distance` would answer `MaxIterations` 0.5 % long;
    // with a cap of its own the rescue converges in two steps (gjk-shapes'
    // `tests/kernel/scale.rs`).
    let cap = iterations + S::GJK_MAX_ITERATIONS;
    let mut stalls = 0_u32;
    // The least |v|^2 the loop has reached. Progress is measured against it, not
    // against the step before: a stall step may raise |v|^2 by rounding, and a step
    // that only undoes that rise is no progress. Measured against the stalled value,
    // the pair (stall, return) passed both tests and repeated until the cap (a point
    // against a 1.4-long ellipsoid, 2e-4 apart in f32, found alternating between two
    // simplices for 48 iterations).
    let mut least_squared = closest_squared;
    let touching_squared = S::GJK_TOUCHING * S::GJK_TOUCHING;

    let termination = loop {
        if !closest_squared.is_finite() {
            break Termination::InvalidInput;
        }
        largest_squared = simplex.max_vertex_length_squared();
        if simplex.is_full() || closest_squared <= touching_squared * largest_squared {
            break Termination::CoresOverlap;
        }
        if iterations >= cap {
            break Termination::MaxIterations;
        }

        let mut vertex = pair.support(closest);
        scale_vertex(&mut vertex, scale);
        iterations += 1;
        if !vertex.w.is_finite() {
            break Termination::InvalidInput;
        }

        // Every point x of B - A has v.x >= v.w, so distance >= v.w / |v|. The overlap
        // test calls the shapes apart only when that bound clears the radius *and* the
        // touching margin `distance` applies, so the two queries draw the line at the
        // same place.
        let lower_bound_times_length = closest.dot(vertex.w);
        if EARLY_EXIT && lower_bound_times_length > S::ZERO {
            let largest_squared = simplex
                .max_vertex_length_squared()
                .max(vertex.w.length_squared());
            let clearance = radius + S::GJK_TOUCHING * largest_squared.square_root();
            if lower_bound_times_length * lower_bound_times_length
                > clearance * clearance * closest_squared
            {
                break Termination::Separated;
            }
        }
        // |v| - distance <= (|v|^2 - v.w) / |v|: stop when that is a small part of |v|.
        if closest_squared - lower_bound_times_length <= S::GJK_RELATIVE_GAP * closest_squared
            || simplex.contains_features(vertex.feature_a, vertex.feature_b)
        {
            break Termination::Converged;
        }

        simplex.push(vertex);
        let reduction = simplex.reduce_after_push();
        let next = D::Simplex::closest_of(&reduction);
        let next_squared = next.length_squared();
        // A step that ends the loop in overlap after this support plane proved the
        // cores apart is the solve's rounding, not geometry (see `proves_apart`): the
        // vertex goes and the loop ends on the simplex before it, whose `|v|` the
        // plane's bound confirms.
        if next_squared <= touching_squared * largest_squared
            && proves_apart(
                lower_bound_times_length,
                closest_squared,
                vertex.w,
                largest_squared,
            )
        {
            simplex.pop();
            break Termination::Converged;
        }
        // Progress must be strict. Written so that NaN fails it: `progressed` is false
        // for NaN, where the reverse test `next_squared >= closest_squared` would also
        // be false and let a NaN through.
        let progressed = next_squared < least_squared;
        if !progressed {
            if next_squared.is_nan() {
                // The trial vertex goes, as in the SIMD lanes (which keep a stopped
                // lane's simplex as it was): the rescue reads the simplex's magnitude,
                // and a vertex 2e37 away kept here flagged a rescue the lanes did not
                // (found by fuzzing the batch against the scalar kernel).
                simplex.pop();
                break Termination::InvalidInput;
            }
            // Rounding can stall |v|^2 on a long, thin edge of B - A although the
            // bound above shows the closest point still far: moving the foot along a
            // nearly flat edge changes |v|^2 by less than an epsilon. The edge's
            // closest point is the foot of its exact normal all the same, so one step
            // along that normal reaches the vertices the old direction could not
            // (fuzzing found a point 0.07 from a triangle 67000 long reported 8.9
            // away). At most `STALL_STEPS` in a row: one more ends the loop, and only
            // a step whose rise is rounding (`rise_is_rounding`) stalls at all.
            if !D::Simplex::keeps_edge(&reduction)
                || stalls >= STALL_STEPS
                || !rise_is_rounding(next_squared, least_squared, largest_squared)
            {
                simplex.pop();
                break Termination::Converged;
            }
        }
        stalls = if progressed { 0 } else { stalls + 1 };
        if progressed {
            least_squared = next_squared;
        }
        simplex.apply(&reduction);
        closest = next;
        closest_squared = next_squared;
    };
    *descent = Descent {
        closest,
        closest_squared,
        iterations,
        largest_squared,
    };
    termination
}
