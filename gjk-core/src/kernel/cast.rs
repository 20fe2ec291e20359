//! The GJK ray cast: the loop under `shape_cast` and `ray_cast` (van den Bergen, "Ray
//! Casting against General Convex Objects with Application to Continuous Collision
//! Detection", 2004), in either dimension, with its rescue and its world-space output.
//!
//! In A's frame, B moving by `r` touches A at fraction `t` when some point of the
//! Minkowski difference `D = B - A` of the cores comes within the total radius `s` of
//! `x(t) = -t r`. So the cast is a ray from the origin along `-r` against `D` grown by
//! `s`:
//!
//! ```text
//! t = 0, x = 0, simplex = one point of D
//! loop:
//!     u = closest point of the simplex, relative to x (u points from x towards D)
//!     |u| <= s + touching margin            -> hit at t
//!     p = support of D along -u (the point of D nearest x along u), w = p - x
//!     u.w > s |u|:  the plane {y : u.(y - p) = 0}, grown by s, separates x from D
//!         u.r >= 0                           -> miss: the ray runs away from the plane
//!         t += (u.w - s |u|) / (-u.r)        (x lands on the grown plane)
//!         t > max_fraction                   -> miss
//!         move x, shift the simplex to the new x
//!     else the lower bound is within s: when p adds nothing (relative gap closed or
//!         features repeated), D is within s of x  -> hit at t
//!     add w to the simplex and solve
//! ```
//!
//! Departures from the paper, and why:
//! - The radius stays out of the support points and enters the plane test as `s |u|`,
//!   as in Jolt's `CastShape`: support points of the cores stay exact vertices (so
//!   repeated features still end the loop on polytopes) and the final normal is the
//!   direction between the cores, exact for rounded shapes.
//! - Termination without an absolute epsilon: a hit needs `|u|` within a relative
//!   margin of `s` (the touching margin of `distance`), or a support point that cannot
//!   improve the closest point while the lower bound is within `s`. No slop: Box2D v3
//!   stops a linear slop short on purpose; this cast reports the exact fraction.

use crate::kernel::profile::{FIRST_RUN_OF_ITS_OWN, WINDOW_PRE_CHECK, scale_vertex};
use crate::kernel::rescale::surely_inside_window;
use crate::kernel::simplex::GjkSimplex;
use crate::kernel::{MinkowskiDifference, rescue_factor, seed};
use crate::{CastOutput, CastStatus, Ray, RigidTransform, Scalar, Space};

/// Why the cast loop stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CastEnd {
    /// The shapes come within the target at `fraction`.
    Hit,
    /// They never do within `max_fraction`.
    Miss,
    /// The iteration cap; `fraction` is a safe lower bound.
    MaxIterations,
    /// Non-finite support points or values.
    InvalidInput,
}

/// Where the cast loop stopped, in A's frame (the simplex is the caller's).
pub(crate) struct CastState<S, V> {
    /// Closest point of the simplex relative to the query point: at a hit, the vector
    /// from A's core to B's core at the time of contact.
    pub closest: V,
    /// The normal of the last plane that advanced the ray (from A towards B), zero if
    /// none did.
    pub advance_normal: V,
    pub fraction: S,
    pub iterations: u32,
    pub end: CastEnd,
}

/// Whether a cast that ended in `state` surely ended on points and a target inside
/// the rescaling window (`rescale::surely_inside_window`), from the largest squared
/// length of a simplex vertex as the loop last measured it (`largest_squared`, NaN
/// before it has).
#[inline(always)]
fn surely_inside<S: Scalar, V>(state: &CastState<S, V>, target: S, largest_squared: S) -> bool {
    state.end != CastEnd::InvalidInput && surely_inside_window(target, largest_squared)
}

/// Casts B (moving by `motion` relative to A, in A's frame) against A from the seeded
/// `simplex` until the cores come within `target` of each other; the final simplex is
/// left in `simplex`.
///
/// A cast that ends on points (or a target) outside the rescaling window is cast again
/// at a scale where their products keep their digits (see `rescale.rs`): from fraction
/// zero, not from where it stood, as `gjk::iterate` goes on, because the fraction
/// already advanced by steps whose products had lost their digits (going on from
/// there casts tiny boxes to a hit at the end of the motion). The simplex's points stay, as seen from
/// the start (each vertex's support points give it back exactly), and they, the
/// motion and the target are multiplied exactly; fractions are the same at any scale.
/// A cast that surely ended inside the window (`surely_inside`)
/// skips the exact check.
#[inline]
fn run_cast<S: Scalar, V: Space<Scalar = S>, D: MinkowskiDifference<S, V> + ?Sized>(
    pair: &D,
    simplex: &mut D::Simplex,
    cast: &LinearCast<S, V>,
) -> CastState<S, V> {
    if FIRST_RUN_OF_ITS_OWN {
        let (state, largest_squared) = cast_from(pair, simplex, cast, None, 0);
        if surely_inside(&state, cast.target, largest_squared) {
            return state;
        }
        return recast(pair, simplex, cast, (state, largest_squared));
    }
    casts(pair, simplex, cast, None)
}

/// [`casts`] after a first cast of its own that may have ended outside the rescaling
/// window (see `profile::FIRST_RUN_OF_ITS_OWN`): out of line, so that the hot path
/// holds no loop but its first cast.
#[cold]
#[inline(never)]
fn recast<S: Scalar, V: Space<Scalar = S>, D: MinkowskiDifference<S, V> + ?Sized>(
    pair: &D,
    simplex: &mut D::Simplex,
    cast: &LinearCast<S, V>,
    first: (CastState<S, V>, S),
) -> CastState<S, V> {
    casts(pair, simplex, cast, Some(first))
}

/// The casts of [`run_cast`]: the first, then at most one at a rescued scale. `first`
/// is a first cast already made (with its last measure of the simplex), whose rescue
/// this then decides.
#[inline(always)]
fn casts<S: Scalar, V: Space<Scalar = S>, D: MinkowskiDifference<S, V> + ?Sized>(
    pair: &D,
    simplex: &mut D::Simplex,
    cast: &LinearCast<S, V>,
    mut first: Option<(CastState<S, V>, S)>,
) -> CastState<S, V> {
    let mut scale = None;
    let mut iterations = 0;
    loop {
        let factor = scale.unwrap_or(S::ONE);
        let scaled = LinearCast {
            motion: cast.motion * factor,
            target: cast.target * factor,
            ..*cast
        };
        let (state, largest_squared) = match first.take() {
            Some(made) => made,
            None => cast_from(pair, simplex, &scaled, scale, iterations),
        };
        if scale.is_some() {
            simplex.scale(S::ONE / factor);
            return state;
        }
        if WINDOW_PRE_CHECK && surely_inside(&state, cast.target, largest_squared) {
            return state;
        }
        match rescue_factor(pair, simplex, cast.target, cast_reach(cast), true) {
            None => return state,
            Some(factor) => {
                iterations = state.iterations;
                simplex.unshift();
                simplex.scale(factor);
                scale = Some(factor);
            }
        }
    }
}

/// How far a cast reaches beyond the pair's points, for `gjk::rescue_factor`: the query
/// point's travel and the target around it.
#[inline]
fn cast_reach<S: Scalar, V: Space<Scalar = S>>(cast: &LinearCast<S, V>) -> S {
    (cast.motion * cast.max_fraction).max_abs() + cast.target
}

/// The cast loop itself (see the module's outline), from fraction zero and the points
/// of `simplex`, after `iterations` support calls; support points are multiplied by
/// `scale` when there is one (a second cast), and `cast` is at that scale. The
/// closest point and the advancing plane come out as directions only, beside the
/// largest squared length of a simplex vertex as the loop last measured it (NaN
/// before it has), which the rescue's pre-check reads.
#[inline(always)]
fn cast_from<S: Scalar, V: Space<Scalar = S>, D: MinkowskiDifference<S, V> + ?Sized>(
    pair: &D,
    simplex: &mut D::Simplex,
    cast: &LinearCast<S, V>,
    scale: Option<S>,
    iterations: u32,
) -> (CastState<S, V>, S) {
    let max_fraction = cast.max_fraction;
    let mut iterations = iterations;
    let mut fraction = S::ZERO;
    let mut query = V::ZERO;
    let mut advance_normal = V::ZERO;
    let mut closest = simplex.solve();
    let mut closest_squared = closest.length_squared();
    let mut stalled = false;
    // The least |v|^2 since the query point last moved: progress is measured against
    // it, so that a step which only undoes a stall's rounding rise does not count
    // (see `gjk::descend`).
    let mut least_squared = closest_squared;
    // The last measure, for the rescue's cheap check.
    let mut largest_squared = S::nan();

    let end = loop {
        if !closest_squared.is_finite() {
            break CastEnd::InvalidInput;
        }
        // The cores overlap at `fraction` (a full simplex of D around the query point:
        // a triangle in the plane, a tetrahedron in 3D), or are within the target up
        // to the touching margin of `distance`.
        largest_squared = simplex.max_vertex_length_squared();
        let margin = S::GJK_TOUCHING * largest_squared.square_root();
        let reach = cast.target + margin;
        if simplex.is_full() || closest_squared <= reach * reach {
            break CastEnd::Hit;
        }
        if iterations >= S::GJK_MAX_ITERATIONS {
            // As a stall with no lower bound: a contact if the query point touches
            // (`touches`), the cap otherwise.
            break stall_end(
                closest_squared,
                -S::infinity(),
                S::ZERO,
                cast.target,
                margin,
                query,
            );
        }

        let mut vertex = pair.support(closest);
        scale_vertex(&mut vertex, scale);
        iterations += 1;
        if !vertex.w.is_finite() {
            break CastEnd::InvalidInput;
        }
        vertex.w -= query;

        let closest_length = closest_squared.square_root();
        // `u.w / |u|` bounds the distance from the query point to D from below; the
        // excess over the target, times |u|:
        let excess = closest.dot(vertex.w) - cast.target * closest_length;
        let mut moved = false;
        if excess > S::ZERO {
            // x(t) = -t motion moves along u at the rate -u.motion. The plane turns
            // the query point away (`approach` not negative), or the ray ends before
            // it (NaN included).
            let approach = closest.dot(cast.motion);
            let next_fraction = fraction - excess / approach;
            let within = next_fraction <= max_fraction;
            if approach >= S::ZERO || !within {
                // A miss, unless the query point already touches (`touches`, as at
                // the cap). At a contact the loop's points gather at the
                // query point and `|v|` holds the rounding of its coordinates, whose
                // direction is noise: without `touches`, rays through the middle of a
                // `Triangle3` are reported as misses in `f64`, the loop standing at
                // the contact with `|v| = 4e-16` (its own margin 2.6e-16) and a plane
                // through the noise pointing along the ray.
                break if touches(closest_squared, cast.target, margin, query) {
                    CastEnd::Hit
                } else {
                    CastEnd::Miss
                };
            }
            // A step below the resolution of `fraction` leaves the query point on the
            // grown support plane, within rounding. That is the contact when the plane
            // holds the nearest point of D, that is when the upper bound |u| agrees with
            // the lower bound up to the relative gap and the touching margin. Not
            // otherwise: on a long thin face of D the plane can touch D far from the
            // nearest point (fuzzing found a "hit" 296 000 units short of contact between
            // capsules 2.8e7 long, when any sub-resolution step was called a hit); GJK
            // then refines the simplex with the new point from where it stands.
            let bounds_agree = closest_squared - closest.dot(vertex.w)
                <= S::GJK_RELATIVE_GAP * closest_squared + margin * closest_length;
            if next_fraction == fraction && bounds_agree {
                break CastEnd::Hit;
            }
            if next_fraction > fraction {
                let next_query = -cast.motion * next_fraction;
                let shift = query - next_query;
                simplex.shift(shift);
                vertex.w += shift;
                fraction = next_fraction;
                query = next_query;
                advance_normal = closest;
                moved = true;
            }
        } else if closest_squared - closest.dot(vertex.w) <= S::GJK_RELATIVE_GAP * closest_squared
            || (simplex.contains_features(vertex.feature_a, vertex.feature_b)
                && upper_within(closest_length, cast.target, margin))
        {
            // The lower bound is within the target, and it agrees with the upper bound
            // |v| to the gap, or the support point is already in the simplex (the loop
            // has converged and |v| is the distance, as `distance` reads it) with |v|
            // within the target too. The lower bound alone says nothing: on a flat face
            // far wider than the gap, |v|'s direction is known only to the rounding of
            // the face over |v|, and the support point it picks is a rim point whose
            // bound dips below zero (fuzzing found a disc 3.6e-6 across, 5.6e-10 from a
            // point, cast as starting inside). A repeated point farther than the target
            // goes on, makes no progress, and ends on the stall below.
            break CastEnd::Hit;
        }

        simplex.push(vertex);
        let reduction = simplex.reduce();
        let next = D::Simplex::closest_of(&reduction);
        let next_squared = next.length_squared();
        let progressed = next_squared < least_squared;
        if !moved && !progressed {
            if next_squared.is_nan() {
                // The trial vertex goes, as in the SIMD lanes (which keep a stopped
                // lane's simplex as it was): the rescue reads the simplex's magnitude,
                // and a vertex 2e37 away kept here flagged a rescue the lanes did not
                // (found by fuzzing the batch against the scalar kernel).
                simplex.pop();
                break CastEnd::InvalidInput;
            }
            // A stall on a long, thin edge (see `gjk::iterate`) gets one step along
            // the edge's normal before it is believed. Otherwise no progress from a
            // standing query point: the simplex holds the closest point. That is a
            // contact if the lower bound is within the target and |v| too (as for a
            // repeated support point above), or (after a
            // step below the resolution of `fraction`) if the lower and upper bounds
            // agree to the relative gap: the query point is on the grown plane of the
            // nearest point. Otherwise the contact lies beyond what rounding lets the
            // loop resolve, and `fraction` is a safe lower bound.
            if !D::Simplex::keeps_edge(&reduction) || stalled {
                simplex.pop();
                let lower_bound_times_length = closest.dot(vertex.w);
                break stall_end(
                    closest_squared,
                    lower_bound_times_length,
                    excess,
                    cast.target,
                    margin,
                    query,
                );
            }
        }
        stalled = !moved && !progressed;
        if moved || progressed {
            least_squared = next_squared;
        }
        simplex.apply(&reduction);
        closest = next;
        closest_squared = next_squared;
    };

    let state = CastState {
        closest,
        advance_normal,
        fraction,
        iterations,
        end,
    };
    (state, largest_squared)
}

/// Whether the upper bound `|v|` (`closest_length`) is within `target`, up to the
/// touching `margin` and the relative gap: what a converged cast loop's `|v|` must show
/// for a contact. Computed where it is needed, from values the loop keeps anyway: kept
/// in a variable across the support call it cost 8 bytes of Cortex-M0 stack, over the
/// budget (`cargo xtask size`).
#[inline(always)]
fn upper_within<S: Scalar>(closest_length: S, target: S, margin: S) -> bool {
    closest_length * (S::ONE - S::GJK_RELATIVE_GAP) <= target + margin
}

/// Whether the query point touches: the upper bound `|v|` within `target` up to the
/// loop's `margin` and the query point's (see [`stall_end`], which this is with no
/// lower bound), asked where a plane turns the query point away or the ray ends
/// before it; the cap calls `stall_end` so directly, whose result is then its end.
/// Through `stall_end` rather than a function of its own, which measured 100 bytes
/// more on the Cortex-M4F.
#[inline(always)]
fn touches<S: Scalar, V: Space<Scalar = S>>(
    closest_squared: S,
    target: S,
    margin: S,
    query: V,
) -> bool {
    stall_end(
        closest_squared,
        -S::infinity(),
        S::ZERO,
        target,
        margin,
        query,
    ) == CastEnd::Hit
}

/// How a cast loop that stalls from a standing query point ends (see `cast_from`):
/// a contact if the lower bound (`lower_bound_times_length / |v|`) is within the
/// target and the upper bound `|v|` too, or if the two bounds agree to the gap and the
/// margin; otherwise the iteration cap, the fraction a safe lower bound. Out of line in
/// the compact form: inlined, its soft-float calls kept one more value alive across the
/// loop's, 8 bytes of Cortex-M0 stack over the budget (`cargo xtask size`).
///
/// The margin here adds the touching margin of the query point's magnitude to the
/// loop's: every point the loop holds was taken from the query point's (`w - query`)
/// and carries its rounding. At a contact on a curved shape the points gather at the
/// query point and their own lengths, the loop's margin, vanish: in `f64`, a head-on
/// ray through a round ellipsoid of radius 0.1 reaches the contact in one step, then
/// with the loop's margin alone creeps to a stall at `|v| = 4e-17` against a margin of 4e-32
/// and ends `MaxIterations`.
/// Only here, where the loop has stopped making progress (or reached the iteration
/// cap, which the loop hands here with no lower bound and no excess: such rays can
/// creep on, a digit of `|v|^2` a step, to the cap): the loop's own margin keeps
/// converging while it can, and a curved contact's normal with it (the query's margin
/// throughout would stop such casts early, their normals up to 1e-3 off in `f32`).
#[cfg_attr(gjk_compact, inline(never))]
fn stall_end<S: Scalar, V: Space<Scalar = S>>(
    closest_squared: S,
    lower_bound_times_length: S,
    excess: S,
    target: S,
    margin: S,
    query: V,
) -> CastEnd {
    let margin = margin + S::GJK_TOUCHING * query.length();
    let closest_length = closest_squared.square_root();
    let bounds_agree = closest_squared - lower_bound_times_length
        <= S::GJK_RELATIVE_GAP * closest_squared + margin * closest_length;
    let bounds_within = excess <= S::ZERO && upper_within(closest_length, target, margin);
    if bounds_within || bounds_agree {
        CastEnd::Hit
    } else {
        CastEnd::MaxIterations
    }
}
/// A linear cast in A's frame: B starts at `offset` and moves by `motion` over
/// fractions `[0, max_fraction]`, until the cores come within `target`.
#[derive(Clone, Copy)]
pub(crate) struct LinearCast<S, V> {
    pub offset: V,
    pub motion: V,
    pub max_fraction: S,
    pub target: S,
}

/// Where the contact point of a hit lies, given the fraction and the local normal.
/// Small, since the cast loop carries it to its output: the ray by reference, and A's
/// placement is the output's own `xf_a`.
pub(crate) enum Contact<'r, S, V: Space<Scalar = S>> {
    /// A ray: the point of the ray at the fraction.
    Ray(&'r Ray<S, V>),
    /// Two shapes: A's core witness point pushed out by A's radius along the normal,
    /// with A moved by `translation_a` times the fraction.
    Shapes { translation_a: V, radius_a: S },
}

/// The cast on checked input: the loop and its world-space output.
#[inline]
pub(crate) fn run<S: Scalar, V: Space<Scalar = S>, D: MinkowskiDifference<S, V> + ?Sized>(
    pair: &D,
    cast: &LinearCast<S, V>,
    contact: Contact<'_, S, V>,
    xf_a: V::Transform,
) -> CastOutput<S, V> {
    let mut simplex = seed(pair, cast.offset, None);
    let state = run_cast(pair, &mut simplex, cast);
    finish(
        &state,
        &simplex,
        cast.max_fraction,
        cast.target,
        contact,
        xf_a,
    )
}

/// Output of a rejected input.
pub(crate) fn invalid_output<S: Scalar, V: Space<Scalar = S>>(iterations: u32) -> CastOutput<S, V> {
    CastOutput {
        fraction: S::nan(),
        point: V::nan(),
        normal: V::ZERO,
        iterations,
        status: CastStatus::InvalidInput,
    }
}

/// Turns the loop state into world-space output; `contact` says where the contact
/// point lies for a local unit normal (from A to B), `xf_a` places A's frame.
///
/// Out of line in the compact form: its temporaries then never share a frame with the
/// loop's (measured on Cortex-M0, `cargo xtask size`).
#[cfg_attr(gjk_compact, inline(never))]
fn finish<S: Scalar, V: Space<Scalar = S>, X: GjkSimplex<S, V>>(
    state: &CastState<S, V>,
    simplex: &X,
    max_fraction: S,
    target: S,
    contact: Contact<'_, S, V>,
    xf_a: V::Transform,
) -> CastOutput<S, V> {
    let iterations = state.iterations;
    let none = |fraction: S, status: CastStatus| CastOutput {
        fraction,
        point: V::ZERO,
        normal: V::ZERO,
        iterations,
        status,
    };
    match state.end {
        CastEnd::InvalidInput => invalid_output(iterations),
        CastEnd::Miss => none(max_fraction, CastStatus::Miss),
        CastEnd::MaxIterations => none(state.fraction, CastStatus::MaxIterations),
        CastEnd::Hit => {
            // With a positive target the cores are `target` apart at contact and the
            // vector between them is the normal, exact for rounded shapes. With a zero
            // target they touch and that vector vanishes: the last advancing plane
            // holds the normal (the face normal for polytopes).
            let between_cores = state.closest.normalized();
            let normal = if target > S::ZERO {
                between_cores.or_else(|| state.advance_normal.normalized())
            } else {
                state.advance_normal.normalized().or(between_cores)
            };
            let starts_inside = state.fraction == S::ZERO;
            let status = if starts_inside {
                CastStatus::StartsInside
            } else {
                CastStatus::Hit
            };
            // Starting with the cores overlapping leaves no direction to report.
            let cores_overlap = simplex.is_full() || between_cores.is_none();
            let normal = match normal {
                Some(normal) if !(starts_inside && cores_overlap) => normal,
                _ => V::ZERO,
            };
            let point = match contact {
                Contact::Ray(ray) => ray.point_at(state.fraction),
                Contact::Shapes {
                    translation_a,
                    radius_a,
                } => {
                    let (core_a, _) = simplex.witness_points();
                    let xf_a_at_contact =
                        V::moved(&xf_a, xf_a.translation() + translation_a * state.fraction);
                    xf_a_at_contact.transform_point(core_a + normal * radius_a)
                }
            };
            CastOutput {
                fraction: state.fraction,
                point,
                normal: xf_a.rotate(normal),
                iterations,
                status,
            }
        }
    }
}
