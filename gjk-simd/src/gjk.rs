//! The GJK distance loop of a block of pairs in lock-step.
//!
//! Each lane runs the scalar kernel's loop (gjk-core's `kernel/gjk.rs`: seed along the
//! offset between the shapes, then support, bound, reduce, until a termination rule
//! fires), with the same tests in the same order. A lane that terminates keeps its
//! state while the others go on; the loop ends when no lane runs. The outputs are then
//! assembled lane by lane with the scalar kernel's own formulas.

use gjk_core::{DistanceOutput, DistanceStatus, QueryError, Scalar, Vec2};
use num_traits::{Float, ToPrimitive};

use crate::lanes::{LaneFloat, LaneMask, TransformLanes, Vec2Lanes, at_most, greater, select};
use crate::output::Separation;
use crate::rows::PackedCores;
use crate::simplex::{SimplexLanes, VertexLanes};
use crate::warm::{CacheLanes, cached_simplex};

/// How a lane's loop ended (as codes in a register).
const RUNNING: f64 = 0.0;
const INVALID: f64 = 1.0;
const CORES_OVERLAP: f64 = 2.0;
const MAX_ITERATIONS: f64 = 3.0;
const CONVERGED: f64 = 4.0;
const SEPARATED: f64 = 5.0;

/// Steps in a row without progress a lane takes before it has converged: gjk-core's
/// `STALL_STEPS` (the lanes' agreement tests with the scalar kernel fail if the two
/// differ).
const STALL_STEPS: u8 = 3;

/// Pairs at their placements, one per lane: B's core in A's frame through the
/// relative transform of each lane (the scalar `Transform::inv_mul`, lane by lane).
pub(crate) struct Placed<F: LaneFloat> {
    pub a: PackedCores<F>,
    pub b: PackedCores<F>,
    pub xf_a: TransformLanes<F>,
    pub relative: TransformLanes<F>,
    /// Lanes holding a pair with valid transforms and radii.
    pub usable: F::Mask,
}

/// The lanes below `len`: those that hold a query.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn lanes_below<F: LaneFloat>(len: usize) -> F::Mask {
    F::indices().cmp_lt(F::lit(len as f64))
}

impl<F: LaneFloat> Placed<F> {
    /// The lanes of `candidates` placed by `xf_a` and `xf_b`; the other lanes are
    /// unused, and so are lanes with an invalid transform or radius.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn new(
        a: PackedCores<F>,
        b: PackedCores<F>,
        xf_a: TransformLanes<F>,
        xf_b: TransformLanes<F>,
        candidates: F::Mask,
    ) -> Self {
        let usable = candidates
            & xf_a.is_valid()
            & xf_b.is_valid()
            & radius_usable(a.radii)
            & radius_usable(b.radii);
        // Unusable lanes run on the identity (and finite data) and report invalid input.
        let identity = TransformLanes::<F>::identity();
        let relative = xf_a.inv_mul(&xf_b);
        Self {
            a,
            b,
            xf_a,
            relative: TransformLanes {
                cos: select(usable, relative.cos, identity.cos),
                sin: select(usable, relative.sin, identity.sin),
                translation: identity.translation.replaced(usable, relative.translation),
            },
            usable,
        }
    }

    /// The support point of `B - A` along `-direction` in every lane: A supported along
    /// `direction`, B along `-direction` taken into its frame, B's point brought into
    /// A's frame (the scalar `Pair::support`).
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn support(&self, direction: Vec2Lanes<F>) -> VertexLanes<F> {
        let (on_a, feature_a) = farthest(&self.a, direction);
        let (on_b, feature_b) = farthest(&self.b, self.relative.inv_rotate(-direction));
        let placed = self.relative.transform_point(on_b);
        VertexLanes {
            witness_a: on_a,
            witness_b: placed,
            w: placed - on_a,
            direction,
            feature_a,
            feature_b,
        }
    }
}

/// The support point of `cores` along `direction` in every lane and its feature.
///
/// Vertex lanes: the first vertex of strict maximum dot product, so ties, zero and NaN
/// directions keep vertex 0, as gjk-shapes does; the feature is the vertex index.
/// Ellipse lanes: gjk-shapes' closed form, with a feature (NaN) that never equals
/// another, as the scalar `FeatureId::SMOOTH` never does.
#[cfg_attr(not(debug_assertions), inline(always))]
fn farthest<F: LaneFloat>(cores: &PackedCores<F>, direction: Vec2Lanes<F>) -> (Vec2Lanes<F>, F) {
    let vertices = cores.scanned_vertices();
    let mut best = vertices.first().copied().unwrap_or(Vec2Lanes::zero());
    let mut best_index = F::zero();
    let mut best_dot = F::splat(F::Scalar::neg_infinity());
    // The vertex index as a lane value, counted up rather than converted from the
    // loop index (an integer-to-float conversion and a broadcast per vertex).
    let mut index = F::zero();
    for &vertex in vertices {
        let dot = vertex.dot(direction);
        let better = greater(dot, best_dot);
        best_dot = select(better, dot, best_dot);
        best_index = select(better, index, best_index);
        best = best.replaced(better, vertex);
        index += F::one();
    }
    if cores.any_ellipse {
        best = best.replaced(cores.ellipses, ellipse_support(cores.semi_axes, direction));
        best_index = select(cores.ellipses, F::splat(F::Scalar::nan()), best_index);
    }
    (best, best_index)
}

/// gjk-shapes' `Ellipse::support` per lane, operation for operation (its comment
/// derives the formula): the boundary point `(a^2 dx, b^2 dy) / |(a dx, b dy)|`, with
/// the direction and the stretched direction each divided by their larger coordinate
/// first, and `(a, 0)` for a direction that is zero or not finite.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn ellipse_support<F: LaneFloat>(
    semi_axes: Vec2Lanes<F>,
    direction: Vec2Lanes<F>,
) -> Vec2Lanes<F> {
    let largest = direction.x.abs().max(direction.y.abs());
    let has_direction = greater(largest, F::zero()) & direction.is_finite();
    let stretched = Vec2Lanes {
        x: semi_axes.x * (direction.x / largest),
        y: semi_axes.y * (direction.y / largest),
    };
    let stretched_largest = stretched.x.abs().max(stretched.y.abs());
    let scaled = Vec2Lanes {
        x: stretched.x / stretched_largest,
        y: stretched.y / stretched_largest,
    };
    let length = scaled.length_squared().sqrt();
    let boundary = Vec2Lanes {
        x: semi_axes.x * scaled.x / length,
        y: semi_axes.y * scaled.y / length,
    };
    Vec2Lanes {
        x: semi_axes.x,
        y: F::zero(),
    }
    .replaced(has_direction, boundary)
}

/// The scalar kernel's seed in every lane, solved: the cached simplex where a lane's
/// cache holds one (warm starts), otherwise one support point along B's offset in
/// A's frame (x for a zero offset); and the closest point of the solved simplex.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn seed<F: LaneFloat>(
    placed: &Placed<F>,
    cache: Option<&CacheLanes<F>>,
) -> (SimplexLanes<F>, Vec2Lanes<F>) {
    let offset = placed.relative.translation;
    let zero_offset = offset.x.cmp_eq(F::zero()) & offset.y.cmp_eq(F::zero());
    let seed_direction = offset.replaced(
        zero_offset,
        Vec2Lanes {
            x: F::one(),
            y: F::zero(),
        },
    );
    let mut simplex = match cache {
        Some(cache) => {
            let warm = cached_simplex(placed, cache);
            // A cold start only for the lanes whose cache is empty, if any.
            let cold = cache.count.cmp_eq(F::zero());
            if cold.any() {
                warm.replaced(
                    cold,
                    &SimplexLanes::from_vertex(placed.support(seed_direction)),
                )
            } else {
                warm
            }
        }
        None => SimplexLanes::from_vertex(placed.support(seed_direction)),
    };
    let first = simplex.reduce();
    simplex.apply(&first);
    (simplex, first.closest)
}

/// `code` in the running lanes of `mask`, which stop.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn stop<F: LaneFloat>(
    termination: &mut F,
    running: &mut F::Mask,
    mask: F::Mask,
    code: f64,
) {
    let stopping = *running & mask;
    *termination = select(stopping, F::lit(code), *termination);
    *running &= !mask;
}

/// `gjk_core::distance` of the placed pairs, one per lane, into the first lanes of
/// `out` (lanes past its end are not written).
///
/// Returns the bits of the lanes the scalar kernel would run again rescaled (see
/// [`rescue_bits`]): their outputs here are the first run's, and the caller replaces
/// them with the scalar query's.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn distance_lanes<F: LaneFloat>(
    placed: &Placed<F>,
    mut cache: Option<&mut CacheLanes<F>>,
    out: &mut [DistanceOutput<F::Scalar>],
) -> u32 {
    // Two copies of the loop, so that the one for vertex cores drops the carried
    // points; each ends in place (moving the ends out of a branch costs a `memcpy`).
    if placed.a.any_ellipse || placed.b.any_ellipse {
        let (ends, simplex) = run::<F, false>(placed, cache.as_deref());
        let rescue = rescue_bits(&ends, &simplex, placed);
        ends.finish(placed, carried_witness_points(&simplex), out);
        store(&mut cache, &simplex, placed);
        rescue
    } else {
        let (ends, simplex) = run::<F, false>(placed, cache.as_deref());
        let rescue = rescue_bits(&ends, &simplex, placed);
        ends.finish(placed, witness_points_from_features(&simplex, placed), out);
        store(&mut cache, &simplex, placed);
        rescue
    }
}

/// The lanes (as bits) holding a usable pair whose loop ended on points outside
/// gjk-core's rescaling window: the scalar query runs those again on the shapes
/// scaled by a power of two, so the batch hands them to it, and stays bit-identical.
/// Such pairs are shapes under about 4e-9 or over 3e8 in `f32` (5e-73 and 2e72 in
/// `f64`): rare, and the check costs a few operations per block.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn rescue_bits<F: LaneFloat>(
    ends: &Ends<F>,
    simplex: &SimplexLanes<F>,
    placed: &Placed<F>,
) -> u32 {
    let invalid = ends.termination.cmp_eq(F::lit(INVALID));
    rescue_lanes(
        simplex,
        F::zero(),
        ends.largest_squared,
        placed.usable,
        invalid,
    )
    .bitmask()
}

/// The lanes (of `usable`) the scalar kernel rescues: the magnitude of the simplex's
/// points, folded from `start` (a cast's target, which enters squared next to them;
/// zero for distance and overlap), outside the window.
///
/// gjk-core's cheap check first (`Descent::surely_inside_window`, and the casts'), on
/// the largest squared vertex length the loop measured at the top of its last round,
/// which is every lane's final simplex's (a lane that stops keeps its simplex): when
/// every usable lane is surely inside the window, the exact scan is skipped. Never for
/// lanes that ended on invalid input (`invalid`), as in the scalar kernel, whose last
/// measure may then be of another simplex. Unlike the scalar kernel, which scans only
/// where the check fails, the lanes scan all or none; both give the scan's answer, so
/// the bits are the same.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn rescue_lanes<F: LaneFloat>(
    simplex: &SimplexLanes<F>,
    start: F,
    largest_squared: F,
    usable: F::Mask,
    invalid: F::Mask,
) -> F::Mask {
    let (below, above) = (F::Scalar::RESCALE_BELOW, F::Scalar::RESCALE_ABOVE);
    let low = F::splat(below * below * F::Scalar::from_f64(4.0));
    let high = F::splat(above * above * F::Scalar::from_f64(0.25));
    let large_enough = start.cmp_ge(F::splat(below)) | largest_squared.cmp_ge(low);
    let small_enough = start.cmp_le(F::splat(above)) & largest_squared.cmp_le(high);
    let every_lane = u32::MAX >> (32 - F::COUNT as u32);
    if (large_enough & small_enough & !invalid | !usable).bitmask() == every_lane {
        return F::Mask::clear();
    }
    outside_rescale_window(simplex.magnitude(start)) & usable
}

/// Lanes whose `magnitude` lies outside gjk-core's rescaling window
/// (`Scalar::RESCALE_BELOW` to `RESCALE_ABOVE`), zero and non-finite magnitudes
/// excepted: gjk-core's `factor_for` is `Some` there.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn outside_rescale_window<F: LaneFloat>(magnitude: F) -> F::Mask {
    let below = F::splat(F::Scalar::RESCALE_BELOW);
    let above = F::splat(F::Scalar::RESCALE_ABOVE);
    let inside = magnitude.cmp_ge(below) & magnitude.cmp_le(above);
    !inside & greater(magnitude, F::zero()) & magnitude.is_finite()
}

/// The final simplex into the lanes' warm-start caches, if there are any.
#[cfg_attr(not(debug_assertions), inline(always))]
fn store<F: LaneFloat>(
    cache: &mut Option<&mut CacheLanes<F>>,
    simplex: &SimplexLanes<F>,
    placed: &Placed<F>,
) {
    if let Some(cache) = cache {
        **cache = CacheLanes::from_simplex(simplex, placed.usable);
    }
}

/// `gjk_core::intersects` of the placed pairs, one per lane: the same loop with the
/// overlap test's early exit, and the scalar query's reading of how it ended.
/// The first lanes of `out` are written; returns the lanes to rescue, as
/// [`distance_lanes`] does.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn intersects_lanes<F: LaneFloat>(
    placed: &Placed<F>,
    out: &mut [Result<bool, QueryError>],
) -> u32 {
    let (ends, simplex) = run::<F, true>(placed, None);
    let radius = placed.a.radii + placed.b.radii;
    // The comparison `intersects` and `distance` make, so they agree to the last bit.
    let apart = greater(ends.closest.length_squared().sqrt() - radius, F::zero()).bitmask();
    let termination = ends.termination.to_array();
    let codes = termination
        .as_ref()
        .iter()
        .map(|&code| Scalar::to_f64(code));
    for (lane, (slot, code)) in out.iter_mut().zip(codes).enumerate() {
        let apart = apart & (1 << lane) != 0;
        *slot = match code {
            code if code == CORES_OVERLAP => Ok(true),
            code if code == SEPARATED => Ok(false),
            code if code == CONVERGED => Ok(!apart),
            // |v| bounds the core distance from above: within the radius, overlap is
            // certain even at the cap.
            code if code == MAX_ITERATIONS && !apart => Ok(true),
            code if code == MAX_ITERATIONS => Err(QueryError::MaxIterations),
            _ => Err(QueryError::InvalidInput),
        };
    }
    rescue_bits(&ends, &simplex, placed)
}

/// The GJK loop of every lane, as gjk-core's `iterate`; with `EARLY_EXIT`, a lane stops
/// as soon as a support plane shows its rounded shapes apart (the overlap test).
#[cfg_attr(not(debug_assertions), inline(always))]
fn run<F: LaneFloat, const EARLY_EXIT: bool>(
    placed: &Placed<F>,
    cache: Option<&CacheLanes<F>>,
) -> (Ends<F>, SimplexLanes<F>) {
    let mut running = placed.usable;
    let mut termination = select(running, F::lit(RUNNING), F::lit(INVALID));

    let (mut simplex, mut closest) = seed(placed, cache);
    let mut closest_squared = closest.length_squared();
    let mut iterations = F::zero();
    // Steps in a row without progress, per lane.
    let mut stalls = F::zero();
    // The least |v|^2 reached, against which progress is measured (the scalar
    // kernel's rule: a step that only undoes a stall's rounding rise is no progress).
    let mut least_squared = closest_squared;
    let touching_squared = F::splat(F::Scalar::GJK_TOUCHING * F::Scalar::GJK_TOUCHING);
    let relative_gap = F::splat(F::Scalar::GJK_RELATIVE_GAP);

    let mut round = 0;
    let mut largest_squared = F::splat(F::Scalar::nan());
    while running.any() {
        stop(
            &mut termination,
            &mut running,
            !closest_squared.is_finite(),
            INVALID,
        );
        largest_squared = simplex.max_vertex_length_squared();
        let overlap = simplex.count.cmp_eq(F::lit(3.0))
            | at_most(closest_squared, touching_squared * largest_squared);
        stop(&mut termination, &mut running, overlap, CORES_OVERLAP);
        if round >= F::Scalar::GJK_MAX_ITERATIONS {
            let capped = running;
            stop(&mut termination, &mut running, capped, MAX_ITERATIONS);
            break;
        }
        if running.none() {
            break;
        }

        let vertex = placed.support(closest);
        iterations = select(running, iterations + F::one(), iterations);
        round += 1;
        stop(
            &mut termination,
            &mut running,
            !vertex.w.is_finite(),
            INVALID,
        );

        let lower_bound_times_length = closest.dot(vertex.w);
        if EARLY_EXIT {
            // The scalar overlap test's separating-plane exit, same operations in the
            // same order: the bound must clear the radius and the touching margin.
            let largest_squared = simplex
                .max_vertex_length_squared()
                .max(vertex.w.length_squared());
            let clearance = (placed.a.radii + placed.b.radii)
                + F::splat(F::Scalar::GJK_TOUCHING) * largest_squared.sqrt();
            let separated = greater(lower_bound_times_length, F::zero())
                & greater(
                    lower_bound_times_length * lower_bound_times_length,
                    clearance * clearance * closest_squared,
                );
            stop(&mut termination, &mut running, separated, SEPARATED);
        }
        let converged = at_most(
            closest_squared - lower_bound_times_length,
            relative_gap * closest_squared,
        ) | simplex.contains_features(vertex.feature_a, vertex.feature_b);
        stop(&mut termination, &mut running, converged, CONVERGED);

        let mut grown = simplex;
        grown.push(vertex);
        let reduction = grown.reduce();
        let next_squared = reduction.closest.length_squared();
        // A step into overlap after its support plane proved the cores apart is the
        // solve's rounding: the lane ends on the simplex before it (gjk-core's
        // `proves_apart`, same operations in the same order).
        let plane_largest = largest_squared.max(vertex.w.length_squared());
        let proven_apart = greater(lower_bound_times_length, F::zero())
            & greater(
                lower_bound_times_length * lower_bound_times_length,
                touching_squared * closest_squared * plane_largest,
            );
        stop(
            &mut termination,
            &mut running,
            at_most(next_squared, touching_squared * largest_squared) & proven_apart,
            CONVERGED,
        );
        let progressed = next_squared.cmp_lt(least_squared);
        // No strict progress: NaN is invalid input; otherwise the vertex is dropped
        // again (the simplex stays as it was) and the lane has converged.
        stop(
            &mut termination,
            &mut running,
            !progressed & next_squared.is_nan(),
            INVALID,
        );
        // A stall on a long, thin edge or a face gets a step along its normal, up to
        // `STALL_STEPS` in a row, when its rise is rounding: `|v|` up by at most the
        // touching margin of the largest vertex (the scalar kernel's rules, see
        // gjk-core's `iterate` and `rise_is_rounding`).
        let reach =
            least_squared.sqrt() + F::splat(F::Scalar::GJK_TOUCHING) * largest_squared.sqrt();
        let rise_is_rounding = at_most(next_squared, reach * reach);
        let retry = !progressed
            & reduction.keeps_edge()
            & stalls.cmp_lt(F::lit(f64::from(STALL_STEPS)))
            & rise_is_rounding;
        stop(
            &mut termination,
            &mut running,
            !progressed & !retry,
            CONVERGED,
        );
        stalls = select(
            running,
            select(progressed, F::zero(), stalls + F::one()),
            stalls,
        );
        least_squared = select(running & progressed, next_squared, least_squared);
        grown.apply(&reduction);
        simplex = simplex.replaced(running, &grown);
        closest = closest.replaced(running, reduction.closest);
        closest_squared = select(running, next_squared, closest_squared);
    }

    let ends = Ends {
        termination,
        iterations,
        closest,
        largest_squared,
    };
    (ends, simplex)
}

/// The witness points on the cores from the points each support point carried.
#[cfg_attr(not(debug_assertions), inline(always))]
fn carried_witness_points<F: LaneFloat>(simplex: &SimplexLanes<F>) -> (Vec2Lanes<F>, Vec2Lanes<F>) {
    let [first, second, third] = &simplex.vertices;
    simplex.witness_points([
        (first.witness_a, first.witness_b),
        (second.witness_a, second.witness_b),
        (third.witness_a, third.witness_b),
    ])
}

/// The witness points on the cores, for blocks without ellipses: a support point of
/// vertex cores is a function of its two vertex indices, so its points are looked up
/// again, with the support's own operations (the same bits), instead of being
/// carried. The loop then never reads the carried points, and the compiler drops
/// them and their blends from every round: with the weights also derived only at the
/// end, about 12 % fewer instructions per prepacked octagon pair.
/// The simplex must not reach a function that is not inlined, or the points are
/// stored and live again.
#[cfg_attr(not(debug_assertions), inline(always))]
fn witness_points_from_features<F: LaneFloat>(
    simplex: &SimplexLanes<F>,
    placed: &Placed<F>,
) -> (Vec2Lanes<F>, Vec2Lanes<F>) {
    let [first, second, third] = &simplex.vertices;
    // A third vertex is in use only where the cores overlap: most blocks have none.
    let third = if simplex.count.cmp_eq(F::lit(3.0)).any() {
        looked_up_points(third, placed)
    } else {
        (Vec2Lanes::zero(), Vec2Lanes::zero())
    };
    simplex.witness_points([
        looked_up_points(first, placed),
        looked_up_points(second, placed),
        third,
    ])
}

/// A support point's points on A and on B (in A's frame), from its vertex indices.
#[cfg_attr(not(debug_assertions), inline(always))]
fn looked_up_points<F: LaneFloat>(
    vertex: &VertexLanes<F>,
    placed: &Placed<F>,
) -> (Vec2Lanes<F>, Vec2Lanes<F>) {
    let on_b = placed.b.vertex_at(vertex.feature_b);
    (
        placed.a.vertex_at(vertex.feature_a),
        placed.relative.transform_point(on_b),
    )
}

/// Lanes whose radius is usable: written so that NaN radii fail, as in the scalar
/// `checked_radii`.
#[cfg_attr(not(debug_assertions), inline(always))]
fn radius_usable<F: LaneFloat>(radius: F) -> F::Mask {
    radius.cmp_ge(F::zero()) & radius.is_finite()
}

/// How the lanes' loops ended.
pub(crate) struct Ends<F> {
    termination: F,
    iterations: F,
    closest: Vec2Lanes<F>,
    /// The largest squared vertex length of each lane's final simplex (see
    /// [`rescue_bits`]).
    largest_squared: F,
}

impl<F: LaneFloat> Ends<F> {
    /// The scalar kernel's `finish` in every lane (square roots and divisions are
    /// correctly rounded in SIMD too, so the values are the scalar ones): what every
    /// output mode reads, in world space with the radii applied.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn summary(&self, placed: &Placed<F>) -> Summary<F> {
        let radii = placed.a.radii + placed.b.radii;
        let invalid = self.termination.cmp_eq(F::lit(INVALID));
        let overlap = self.termination.cmp_eq(F::lit(CORES_OVERLAP));
        let core_distance = self.closest.length_squared().sqrt();
        // The scalar kernel's `unit_direction`: scaled up first where the squared
        // length is below the normal range.
        let direct = self.closest.divided(core_distance);
        let scaled = self.closest.divided(self.closest.max_abs());
        let scaled_length = scaled.length_squared().sqrt();
        let tiny =
            (core_distance * core_distance).cmp_lt(F::splat(F::Scalar::min_positive_value()));
        let normal = direct.replaced(tiny, scaled.divided(scaled_length));
        let gap = core_distance - radii;
        let apart = greater(gap, F::zero());
        let world_normal = placed
            .xf_a
            .rotate(normal)
            .replaced(overlap | invalid, Vec2Lanes::zero());
        let distance = select(apart & !overlap, gap, F::zero());
        let distance = select(invalid, F::splat(F::Scalar::nan()), distance);
        Summary {
            normal,
            invalid,
            overlap,
            distance: distance.to_array(),
            normal_x: world_normal.x.to_array(),
            normal_y: world_normal.y.to_array(),
            iterations: self.iterations.to_array(),
            invalid_bits: invalid.bitmask(),
            overlap_bits: overlap.bitmask(),
            apart_bits: apart.bitmask(),
            capped_bits: self.termination.cmp_eq(F::lit(MAX_ITERATIONS)).bitmask(),
        }
    }

    /// One `DistanceOutput` per lane of `out`: the summary and the witness points,
    /// from the points on the cores.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn finish(
        &self,
        placed: &Placed<F>,
        (core_a, core_b): (Vec2Lanes<F>, Vec2Lanes<F>),
        out: &mut [DistanceOutput<F::Scalar>],
    ) {
        let summary = self.summary(placed);
        let (xf_a, normal) = (&placed.xf_a, summary.normal);
        // Overlapping cores: the core witness points, no normal, distance zero.
        let (overlap, invalid) = (summary.overlap, summary.invalid);
        let witness_a = xf_a
            .transform_point(core_a + normal.scale(placed.a.radii))
            .replaced(overlap, xf_a.transform_point(core_a));
        let witness_b = xf_a
            .transform_point(core_b - normal.scale(placed.b.radii))
            .replaced(overlap, xf_a.transform_point(core_b));
        let nan = F::splat(F::Scalar::nan());
        let nan_point = Vec2Lanes { x: nan, y: nan };
        let witness_a = witness_a.replaced(invalid, nan_point);
        let witness_b = witness_b.replaced(invalid, nan_point);
        let (ax, ay) = (witness_a.x.to_array(), witness_a.y.to_array());
        let (bx, by) = (witness_b.x.to_array(), witness_b.y.to_array());
        for (lane, slot) in out.iter_mut().take(F::COUNT).enumerate() {
            let separation = summary.lane(lane);
            *slot = DistanceOutput {
                distance: separation.distance,
                witness_a: Vec2::new(value(&ax, lane), value(&ay, lane)),
                witness_b: Vec2::new(value(&bx, lane), value(&by, lane)),
                normal: separation.normal,
                iterations: separation.iterations,
                status: separation.status,
            };
        }
    }
}

/// Lane `lane` of `array` (zero past its end).
#[inline]
fn value<S: Scalar, A: AsRef<[S]>>(array: &A, lane: usize) -> S {
    array.as_ref().get(lane).copied().unwrap_or(S::ZERO)
}

/// What every distance output mode reads of the lanes' ends.
struct Summary<F: LaneFloat> {
    /// The unit vector from A's core to B's, in A's frame.
    normal: Vec2Lanes<F>,
    invalid: F::Mask,
    overlap: F::Mask,
    distance: F::Array,
    normal_x: F::Array,
    normal_y: F::Array,
    iterations: F::Array,
    invalid_bits: u32,
    overlap_bits: u32,
    apart_bits: u32,
    capped_bits: u32,
}

impl<F: LaneFloat> Summary<F> {
    /// Lane `lane`'s distance, normal, iterations and status, as `gjk_core::distance`
    /// reports them.
    #[inline]
    fn lane(&self, lane: usize) -> Separation<F::Scalar> {
        let set = |mask: u32| mask & (1 << lane) != 0;
        let status = if set(self.invalid_bits) {
            DistanceStatus::InvalidInput
        } else if set(self.overlap_bits) || !set(self.apart_bits) {
            DistanceStatus::Overlapping
        } else if set(self.capped_bits) {
            DistanceStatus::MaxIterations
        } else {
            DistanceStatus::Separated
        };
        Separation {
            distance: value(&self.distance, lane),
            normal: Vec2::new(value(&self.normal_x, lane), value(&self.normal_y, lane)),
            iterations: value(&self.iterations, lane).to_u32().unwrap_or(0),
            status,
        }
    }
}

/// `gjk_core::distance` of the placed pairs without the witness points, one per
/// lane, into the first lanes of `out`; returns the lanes to rescue, as
/// [`distance_lanes`] does.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn separation_lanes<F: LaneFloat>(
    placed: &Placed<F>,
    mut cache: Option<&mut CacheLanes<F>>,
    out: &mut [Separation<F::Scalar>],
) -> u32 {
    let (ends, simplex) = run::<F, false>(placed, cache.as_deref());
    store(&mut cache, &simplex, placed);
    let summary = ends.summary(placed);
    for (lane, slot) in out.iter_mut().take(F::COUNT).enumerate() {
        *slot = summary.lane(lane);
    }
    rescue_bits(&ends, &simplex, placed)
}
