//! The GJK ray cast of a block of rays in lock-step, each against its own packed
//! shape.
//!
//! A ray is the linear cast of a point against the shape, so each lane runs the scalar
//! kernel's cast loop (gjk-core's `kernel/cast.rs`, which derives it) on the pair
//! "shape, ray origin": the seed of `distance`, then support, plane test, advance of
//! the query point along the ray, solve, until the cast hits, misses, or stops. A
//! lane that ends keeps its state while the others go on. Every test is the scalar
//! one in the scalar order, so each lane's output is `gjk_core::support_ray_cast`'s,
//! bit for bit.

use gjk_core::{CastOutput, CastStatus, DistanceOutput, Ray, Scalar, Transform, Vec2};
use num_traits::{Float, ToPrimitive};

use crate::gjk::{Placed, distance_lanes, rescue_lanes, seed, stop};
use crate::lanes::{LaneFloat, LaneMask, TransformLanes, Vec2Lanes, at_most, greater, select};
use crate::rows::{BLOCK, PackedCores};

/// How a lane's cast ended (as codes in a register).
const RUNNING: f64 = 0.0;
const INVALID: f64 = 1.0;
const HIT: f64 = 2.0;
const MISS: f64 = 3.0;
const MAX_ITERATIONS: f64 = 4.0;

/// Rays, one per lane.
struct RayLanes<F> {
    origin: Vec2Lanes<F>,
    translation: Vec2Lanes<F>,
    max_fraction: F,
}

impl<F: LaneFloat> RayLanes<F> {
    /// The rays `rays[offset..offset + F::COUNT]`; lanes past the slice's end get a
    /// ray from the origin that goes nowhere, never read back.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn gather(rays: &[Ray<F::Scalar>], offset: usize) -> Self {
        let mut origin_x = F::Array::default();
        let mut origin_y = F::Array::default();
        let mut translation_x = F::Array::default();
        let mut translation_y = F::Array::default();
        let mut max_fraction = F::Array::default();
        for lane in 0..F::COUNT {
            let Some(ray) = rays.get(offset + lane) else {
                break;
            };
            let rows = [
                (origin_x.as_mut(), ray.origin.x),
                (origin_y.as_mut(), ray.origin.y),
                (translation_x.as_mut(), ray.translation.x),
                (translation_y.as_mut(), ray.translation.y),
                (max_fraction.as_mut(), ray.max_fraction),
            ];
            for (row, value) in rows {
                if let Some(slot) = row.get_mut(lane) {
                    *slot = value;
                }
            }
        }
        Self {
            origin: Vec2Lanes {
                x: F::from_array(origin_x),
                y: F::from_array(origin_y),
            },
            translation: Vec2Lanes {
                x: F::from_array(translation_x),
                y: F::from_array(translation_y),
            },
            max_fraction: F::from_array(max_fraction),
        }
    }
}

/// `gjk_core::support_ray_cast` of `rays[offset + i]` against shape `i` of `shapes` placed by
/// `placements[offset + i]`, for the lanes of `candidates`, into the first lanes of
/// `out`. `origins` holds a point at the origin in every lane: the ray's origin as a
/// shape (the scalar kernel's `RayOrigin`).
///
/// Returns the lanes (as bits) whose rays the scalar kernel casts again rescaled by a
/// power of two, or whose exact starting normal it finds so (see `gjk::rescue_bits`):
/// the caller hands them to the scalar `support_ray_cast`.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn ray_cast_lanes<F: LaneFloat>(
    shapes: PackedCores<F>,
    origins: PackedCores<F>,
    placements: &[Transform<F::Scalar>],
    rays: &[Ray<F::Scalar>],
    offset: usize,
    candidates: F::Mask,
    out: &mut [CastOutput<F::Scalar>],
) -> u32 {
    let lanes = RayLanes::<F>::gather(rays, offset);
    // The scalar input checks beyond the transforms and radii: a usable
    // `max_fraction` and a reach `translation * max_fraction` that does not overflow.
    let max_fraction = lanes.max_fraction;
    let usable_max = max_fraction.cmp_ge(F::zero()) & max_fraction.is_finite();
    let reach_finite = lanes.translation.scale(max_fraction).is_finite();
    let origin_at = TransformLanes {
        cos: F::one(),
        sin: F::zero(),
        translation: lanes.origin,
    };
    let placed = Placed::new(
        shapes,
        origins,
        TransformLanes::gather(placements, offset),
        origin_at,
        candidates & usable_max & reach_finite,
    );
    let ends = cast(&placed, &lanes);
    ends.finish(&placed, &lanes, out);
    let rescue = with_exact_starting_normals(&placed, out);
    rescue | (ends.rescue & placed.usable).bitmask()
}

/// Where the lanes' casts ended, in each shape's frame.
struct Ends<F: LaneFloat> {
    end: F,
    closest: Vec2Lanes<F>,
    advance_normal: Vec2Lanes<F>,
    fraction: F,
    iterations: F,
    /// Lanes whose final simplex is a triangle.
    triangle: F::Mask,
    /// Lanes whose final points and target lie outside the rescaling window.
    rescue: F::Mask,
}

/// The scalar `run_cast` in every lane, from the seed to the end.
#[cfg_attr(not(debug_assertions), inline(always))]
fn cast<F: LaneFloat>(placed: &Placed<F>, rays: &RayLanes<F>) -> Ends<F> {
    let zero = F::zero();
    let mut running = placed.usable;
    let mut end = select(running, F::lit(RUNNING), F::lit(INVALID));
    // In the shape's frame the ray's point moves by `motion`; the target is the radius.
    let motion = placed.xf_a.inv_rotate(rays.translation);
    let target = placed.a.radii;
    let max_fraction = rays.max_fraction;
    let relative_gap = F::splat(F::Scalar::GJK_RELATIVE_GAP);

    let (mut simplex, mut closest) = seed(placed, None);
    let mut closest_squared = closest.length_squared();
    let mut fraction = zero;
    let mut query = Vec2Lanes::zero();
    let mut advance_normal = Vec2Lanes::zero();
    let mut iterations = zero;
    let mut stalled = F::Mask::clear();
    // The least |v|^2 since the query point last moved (the scalar cast's rule).
    let mut least_squared = closest_squared;
    let mut largest_squared = F::splat(F::Scalar::nan());

    let mut round = 0;
    while running.any() {
        stop(
            &mut end,
            &mut running,
            !closest_squared.is_finite(),
            INVALID,
        );
        largest_squared = simplex.max_vertex_length_squared();
        let margin = F::splat(F::Scalar::GJK_TOUCHING) * largest_squared.sqrt();
        let reach = target + margin;
        let within = simplex.count.cmp_eq(F::lit(3.0)) | at_most(closest_squared, reach * reach);
        stop(&mut end, &mut running, within, HIT);
        if round >= F::Scalar::GJK_MAX_ITERATIONS {
            // A contact if the query point touches (the scalar cast's `touches`), the
            // cap otherwise.
            let within = touches(closest_squared.sqrt(), target, margin, &query);
            let capped = running;
            stop(&mut end, &mut running, capped & within, HIT);
            let capped = running;
            stop(&mut end, &mut running, capped, MAX_ITERATIONS);
            break;
        }
        if running.none() {
            break;
        }

        let mut vertex = placed.support(closest);
        iterations = select(running, iterations + F::one(), iterations);
        round += 1;
        stop(&mut end, &mut running, !vertex.w.is_finite(), INVALID);
        vertex.w = vertex.w - query;

        let closest_length = closest_squared.sqrt();
        let lower_bound_times_length = closest.dot(vertex.w);
        let excess = lower_bound_times_length - target * closest_length;
        let gap = closest_squared - lower_bound_times_length;
        let bounds_agree = at_most(
            gap,
            relative_gap * closest_squared + margin * closest_length,
        );
        // The plane grown by the target separates the query point from the shape:
        // advance along the ray to it, or miss.
        let ahead = greater(excess, zero);
        let approach = closest.dot(motion);
        // A miss, unless the query point already touches (the scalar cast's rule).
        let touching = touches(closest_length, target, margin, &query);
        let turned_away = ahead & approach.cmp_ge(zero);
        stop(&mut end, &mut running, turned_away & touching, HIT);
        stop(&mut end, &mut running, turned_away, MISS);
        let next_fraction = fraction - excess / approach;
        let beyond = ahead & !at_most(next_fraction, max_fraction);
        stop(&mut end, &mut running, beyond & touching, HIT);
        stop(&mut end, &mut running, beyond, MISS);
        let standing_on_plane = next_fraction.cmp_eq(fraction) & bounds_agree;
        stop(&mut end, &mut running, ahead & standing_on_plane, HIT);
        let moved = running & ahead & greater(next_fraction, fraction);
        let next_query = (-motion).scale(next_fraction);
        let shift = query - next_query;
        simplex.shift(moved, shift);
        vertex.w = vertex.w.replaced(moved, vertex.w + shift);
        fraction = select(moved, next_fraction, fraction);
        query = query.replaced(moved, next_query);
        advance_normal = advance_normal.replaced(moved, closest);
        // Otherwise (NaN included) the lower bound is within the target: bounds that
        // agree to the gap mean contact, and so does a repeated support point when
        // the upper bound |v| is within the target too; a repeated one farther goes
        // on and ends on the stall below (the scalar cast's rule).
        let upper_within = at_most(closest_length * (F::one() - relative_gap), reach);
        let gap_closed = at_most(gap, relative_gap * closest_squared);
        let repeated = simplex.contains_features(vertex.feature_a, vertex.feature_b);
        stop(
            &mut end,
            &mut running,
            !ahead & (gap_closed | (repeated & upper_within)),
            HIT,
        );

        let mut grown = simplex;
        grown.push(vertex);
        let reduction = grown.reduce();
        let next_squared = reduction.closest.length_squared();
        let progressed = next_squared.cmp_lt(least_squared);
        let standing = !moved & !progressed;
        stop(
            &mut end,
            &mut running,
            standing & next_squared.is_nan(),
            INVALID,
        );
        // A second stall in a row, or one not on an edge, ends the cast: the vertex is
        // dropped again (the simplex stays as it was), and the end is a contact when
        // the bounds allow it, else a safe lower bound.
        let gives_up = standing & (!reduction.keeps_edge() | stalled);
        // Its contact test adds the margin of the query point's magnitude (the scalar
        // `stall_end`'s rule).
        let settled = settled_margin(margin, &query);
        let settled_within = touches(closest_length, target, margin, &query);
        let settled_agree = at_most(
            gap,
            relative_gap * closest_squared + settled * closest_length,
        );
        let contact = (at_most(excess, zero) & settled_within) | settled_agree;
        stop(&mut end, &mut running, gives_up & contact, HIT);
        stop(&mut end, &mut running, gives_up, MAX_ITERATIONS);
        stalled = running.select(standing, stalled);
        least_squared = select(running & (moved | progressed), next_squared, least_squared);
        grown.apply(&reduction);
        simplex = simplex.replaced(running, &grown);
        closest = closest.replaced(running, reduction.closest);
        closest_squared = select(running, next_squared, closest_squared);
    }

    Ends {
        end,
        closest,
        advance_normal,
        fraction,
        iterations,
        triangle: simplex.count.cmp_eq(F::lit(3.0)),
        rescue: rescue_lanes(
            &simplex,
            target,
            largest_squared,
            placed.usable,
            end.cmp_eq(F::lit(INVALID)),
        ) | landed_on_vertex(target, largest_squared, placed.usable),
    }
}

/// The margin a lane that has stopped making progress ends with: `margin` and the
/// touching margin of the query point's magnitude (the scalar cast's `stall_end`).
#[cfg_attr(not(debug_assertions), inline(always))]
fn settled_margin<F: LaneFloat>(margin: F, query: &Vec2Lanes<F>) -> F {
    margin + F::splat(F::Scalar::GJK_TOUCHING) * query.length_squared().sqrt()
}

/// Lanes whose query point touches: `|v|` (`closest_length`) within `target` up to the
/// settled margin, the scalar cast's `touches` (its `stall_end` with no lower bound),
/// same operations in the same order.
#[cfg_attr(not(debug_assertions), inline(always))]
fn touches<F: LaneFloat>(closest_length: F, target: F, margin: F, query: &Vec2Lanes<F>) -> F::Mask {
    let relative_gap = F::splat(F::Scalar::GJK_RELATIVE_GAP);
    at_most(
        closest_length * (F::one() - relative_gap),
        target + settled_margin(margin, query),
    )
}

/// Lanes that may have ended with no target and the ray's point on a vertex of the
/// shape, every simplex point zero: gjk-core reads their scale from the support points
/// instead (`Simplex::rescue_factor`), so they go to the scalar cast. A zero largest
/// squared length, which every such lane has, picks them, with lanes whose points
/// merely square to zero; the scalar cast gives those back unchanged, so handing them
/// over keeps the bits and costs only time, on lanes that are rare.
#[cfg_attr(not(debug_assertions), inline(always))]
fn landed_on_vertex<F: LaneFloat>(target: F, largest_squared: F, usable: F::Mask) -> F::Mask {
    target.cmp_eq(F::zero()) & largest_squared.cmp_eq(F::zero()) & usable
}

impl<F: LaneFloat> Ends<F> {
    /// The scalar cast's `finish` in every lane: the normal between the cores (or of
    /// the last advancing plane), the ray's point at the fraction, world space.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn finish(&self, placed: &Placed<F>, rays: &RayLanes<F>, out: &mut [CastOutput<F::Scalar>]) {
        let zero = F::zero();
        let (between_cores, has_between) = self.closest.normalized();
        let (advance, has_advance) = self.advance_normal.normalized();
        // A positive target keeps the cores apart at contact: the vector between them
        // is the normal. A zero target makes them touch: the advancing plane's is.
        let positive_target = greater(placed.a.radii, zero);
        let prefer_between = positive_target & has_between | !has_advance;
        let normal = advance.replaced(prefer_between, between_cores);
        let starts_inside = self.fraction.cmp_eq(zero);
        let cores_overlap = self.triangle | !has_between;
        let keep_normal = (has_between | has_advance) & !(starts_inside & cores_overlap);
        // Zeroed before the rotation, as the scalar cast does (the sign of a zero shows).
        let normal = placed
            .xf_a
            .rotate(Vec2Lanes::zero().replaced(keep_normal, normal));
        let point = rays.origin + rays.translation.scale(self.fraction);

        let (px, py) = (point.x.to_array(), point.y.to_array());
        let (nx, ny) = (normal.x.to_array(), normal.y.to_array());
        let fraction = self.fraction.to_array();
        let max_fraction = rays.max_fraction.to_array();
        let iterations = self.iterations.to_array();
        let hit = self.end.cmp_eq(F::lit(HIT)).bitmask();
        let miss = self.end.cmp_eq(F::lit(MISS)).bitmask();
        let capped = self.end.cmp_eq(F::lit(MAX_ITERATIONS)).bitmask();
        let starts_inside = starts_inside.bitmask();
        let value = |array: &F::Array, lane: usize| {
            array.as_ref().get(lane).copied().unwrap_or(F::Scalar::ZERO)
        };
        for (lane, slot) in out.iter_mut().take(F::COUNT).enumerate() {
            let set = |mask: u32| mask & (1 << lane) != 0;
            let iterations = value(&iterations, lane).to_u32().unwrap_or(0);
            let none = |fraction: F::Scalar, status: CastStatus| CastOutput {
                fraction,
                point: Vec2::ZERO,
                normal: Vec2::ZERO,
                iterations,
                status,
            };
            *slot = if set(hit) {
                CastOutput {
                    fraction: value(&fraction, lane),
                    point: Vec2::new(value(&px, lane), value(&py, lane)),
                    normal: Vec2::new(value(&nx, lane), value(&ny, lane)),
                    iterations,
                    status: if set(starts_inside) {
                        CastStatus::StartsInside
                    } else {
                        CastStatus::Hit
                    },
                }
            } else if set(miss) {
                none(value(&max_fraction, lane), CastStatus::Miss)
            } else if set(capped) {
                none(value(&fraction, lane), CastStatus::MaxIterations)
            } else {
                let nan = F::Scalar::nan();
                CastOutput {
                    point: Vec2::new(nan, nan),
                    ..none(nan, CastStatus::InvalidInput)
                }
            };
        }
    }
}

/// The scalar `with_exact_starting_normal`: a ray that starts in a shape's rounding
/// stops before its closest point converges, so where such a lane reports a normal,
/// the converged distance query's normal replaces it (when that one exists). The
/// distance lanes run only if some lane needs them. Returns the lanes needing one
/// whose distance query the scalar kernel reruns rescaled.
#[cfg_attr(not(debug_assertions), inline(always))]
fn with_exact_starting_normals<F: LaneFloat>(
    placed: &Placed<F>,
    out: &mut [CastOutput<F::Scalar>],
) -> u32 {
    let needs_exact = |output: &CastOutput<F::Scalar>| {
        output.status == CastStatus::StartsInside && output.normal != Vec2::ZERO
    };
    let out = out.get_mut(..F::COUNT.min(out.len())).unwrap_or(&mut []);
    if !out.iter().any(needs_exact) {
        return 0;
    }
    let mut exact = [DistanceOutput::default(); BLOCK];
    let exact = exact.get_mut(..out.len()).unwrap_or(&mut []);
    let rescue = distance_lanes(placed, None, exact);
    let mut needed = 0;
    for (lane, (output, exact)) in out.iter_mut().zip(exact.iter()).enumerate() {
        if needs_exact(output) {
            needed |= 1 << lane;
            if exact.normal != Vec2::ZERO {
                output.normal = exact.normal;
            }
        }
    }
    rescue & needed
}
