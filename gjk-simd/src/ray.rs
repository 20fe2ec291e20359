//! The GJK ray cast of eight rays in lock-step, each against its own packed shape.
//!
//! A ray is the linear cast of a point against the shape, so each lane runs the scalar
//! kernel's cast loop (gjk-core's `shape_cast.rs`, which derives it) on the pair
//! "shape, ray origin": the seed of `distance`, then support, plane test, advance of
//! the query point along the ray, solve, until the cast hits, misses, or stops. A
//! lane that ends keeps its state while the others go on. Every test is the scalar
//! one in the scalar order, so each lane's output is `gjk_core::ray_cast`'s, bit for
//! bit.

use gjk_core::{CastOutput, CastStatus, Ray, Scalar, Transform, Vec2};
use wide::{CmpEq, CmpGe, CmpLt, f32x8};

use crate::block::PackedCores;
use crate::gjk::{Placed, distance_lanes, seed, stop};
use crate::lanes::{LANES, Mask, Vec2x8, at_most, greater, select};
use crate::shape::MAX_VERTICES;

/// How a lane's cast ended (as `f32` codes in a register).
const RUNNING: f32 = 0.0;
const INVALID: f32 = 1.0;
const HIT: f32 = 2.0;
const MISS: f32 = 3.0;
const MAX_ITERATIONS: f32 = 4.0;

/// The ray's origin as a shape in every lane: one vertex at its local origin, no
/// radius (the scalar kernel's `RayOrigin`).
const RAY_ORIGIN: PackedCores = PackedCores {
    vertices: [Vec2x8::ZERO; MAX_VERTICES],
    scanned: 1,
    radii: f32x8::ZERO,
    semi_axes: Vec2x8::ZERO,
    ellipses: f32x8::ZERO,
    any_ellipse: false,
};

/// Eight rays, one per lane.
struct RaysX8 {
    origin: Vec2x8,
    translation: Vec2x8,
    max_fraction: f32x8,
}

/// `gjk_core::ray_cast` of `rays[i]` against shape `i` of `shapes` placed by
/// `placements[i]`, for the lanes of `candidates`.
pub(crate) fn ray_cast_lanes(
    shapes: &PackedCores,
    placements: &[Transform<f32>; LANES],
    rays: &[Ray<f32>; LANES],
    candidates: Mask,
) -> [CastOutput<f32>; LANES] {
    let lanes = RaysX8 {
        origin: Vec2x8::from_lanes(rays.map(|ray| ray.origin)),
        translation: Vec2x8::from_lanes(rays.map(|ray| ray.translation)),
        max_fraction: f32x8::new(rays.map(|ray| ray.max_fraction)),
    };
    // The scalar input checks beyond the transforms and radii: a usable
    // `max_fraction` and a reach `translation * max_fraction` that does not overflow.
    let max_fraction = lanes.max_fraction;
    let usable_max = max_fraction.cmp_ge(f32x8::ZERO) & max_fraction.is_finite();
    let reach_finite = lanes.translation.scale(max_fraction).is_finite();
    let pairs: [(Transform<f32>, Transform<f32>); LANES] = core::array::from_fn(|lane| {
        (
            placements[lane],
            Transform::from_translation(rays[lane].origin),
        )
    });
    let placed = Placed::new(
        shapes,
        &RAY_ORIGIN,
        &pairs,
        candidates & usable_max & reach_finite,
    );
    let ends = cast(&placed, &lanes);
    let mut out = ends.finish(&placed, &lanes);
    with_exact_starting_normals(&placed, &mut out);
    out
}

/// Where the lanes' casts ended, in each shape's frame.
struct Ends {
    end: f32x8,
    closest: Vec2x8,
    advance_normal: Vec2x8,
    fraction: f32x8,
    iterations: f32x8,
    /// Lanes whose final simplex is a triangle.
    triangle: Mask,
}

/// The scalar `run_cast` in every lane, from the seed to the end.
#[inline(always)]
fn cast(placed: &Placed<'_>, rays: &RaysX8) -> Ends {
    let zero = f32x8::ZERO;
    let mut running = placed.usable;
    let mut end = select(running, f32x8::splat(RUNNING), f32x8::splat(INVALID));
    // In the shape's frame the ray's point moves by `motion`; the target is the radius.
    let motion = placed.xf_a.inv_rotate(rays.translation);
    let target = placed.a.radii;
    let max_fraction = rays.max_fraction;
    let relative_gap = f32x8::splat(f32::GJK_RELATIVE_GAP);

    let (mut simplex, mut closest) = seed(placed);
    let mut closest_squared = closest.length_squared();
    let mut fraction = zero;
    let mut query = Vec2x8::ZERO;
    let mut advance_normal = Vec2x8::ZERO;
    let mut iterations = zero;
    let mut stalled = zero;

    let mut round = 0;
    while running.any() {
        stop(
            &mut end,
            &mut running,
            !closest_squared.is_finite(),
            INVALID,
        );
        let margin = f32x8::splat(f32::GJK_TOUCHING) * simplex.max_vertex_length_squared().sqrt();
        let reach = target + margin;
        let within =
            simplex.count.cmp_eq(f32x8::splat(3.0)) | at_most(closest_squared, reach * reach);
        stop(&mut end, &mut running, within, HIT);
        if round >= f32::GJK_MAX_ITERATIONS {
            let capped = running;
            stop(&mut end, &mut running, capped, MAX_ITERATIONS);
            break;
        }
        if running.none() {
            break;
        }

        let mut vertex = placed.support(closest);
        iterations = select(running, iterations + f32x8::ONE, iterations);
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
        stop(&mut end, &mut running, ahead & approach.cmp_ge(zero), MISS);
        let next_fraction = fraction - excess / approach;
        stop(
            &mut end,
            &mut running,
            ahead & !at_most(next_fraction, max_fraction),
            MISS,
        );
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
        // Otherwise (NaN included) the lower bound is within the target: a support
        // point that cannot bring the simplex closer means contact.
        let no_better = at_most(gap, relative_gap * closest_squared)
            | simplex.contains_features(vertex.feature_a, vertex.feature_b);
        stop(&mut end, &mut running, !ahead & no_better, HIT);

        let mut grown = simplex;
        grown.push(vertex);
        let reduction = grown.reduce();
        let next_squared = reduction.closest.length_squared();
        let progressed = next_squared.cmp_lt(closest_squared);
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
        let contact = at_most(excess, zero) | bounds_agree;
        stop(&mut end, &mut running, gives_up & contact, HIT);
        stop(&mut end, &mut running, gives_up, MAX_ITERATIONS);
        stalled = select(running, standing, stalled);
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
        triangle: simplex.count.cmp_eq(f32x8::splat(3.0)),
    }
}

impl Ends {
    /// The scalar cast's `finish` in every lane: the normal between the cores (or of
    /// the last advancing plane), the ray's point at the fraction, world space.
    fn finish(&self, placed: &Placed<'_>, rays: &RaysX8) -> [CastOutput<f32>; LANES] {
        let code = |value: f32| self.end.cmp_eq(f32x8::splat(value));
        let zero = f32x8::ZERO;
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
            .rotate(Vec2x8::ZERO.replaced(keep_normal, normal));
        let point = rays.origin + rays.translation.scale(self.fraction);

        let [px, py, nx, ny] = [point.x, point.y, normal.x, normal.y].map(f32x8::to_array);
        let fraction = self.fraction.to_array();
        let max_fraction = rays.max_fraction.to_array();
        let iterations = self.iterations.to_array();
        let [hit, miss, capped] = [HIT, MISS, MAX_ITERATIONS].map(|value| code(value).to_array());
        let starts_inside = starts_inside.to_array();
        core::array::from_fn(|lane| {
            let set = |mask: &[f32; LANES]| mask[lane].to_bits() != 0;
            let iterations = iterations[lane] as u32;
            let none = |fraction: f32, status: CastStatus| CastOutput {
                fraction,
                point: Vec2::ZERO,
                normal: Vec2::ZERO,
                iterations,
                status,
            };
            if set(&hit) {
                CastOutput {
                    fraction: fraction[lane],
                    point: Vec2::new(px[lane], py[lane]),
                    normal: Vec2::new(nx[lane], ny[lane]),
                    iterations,
                    status: if set(&starts_inside) {
                        CastStatus::StartsInside
                    } else {
                        CastStatus::Hit
                    },
                }
            } else if set(&miss) {
                none(max_fraction[lane], CastStatus::Miss)
            } else if set(&capped) {
                none(fraction[lane], CastStatus::MaxIterations)
            } else {
                CastOutput {
                    fraction: f32::NAN,
                    point: Vec2::new(f32::NAN, f32::NAN),
                    ..none(f32::NAN, CastStatus::InvalidInput)
                }
            }
        })
    }
}

/// The scalar `with_exact_starting_normal`: a ray that starts in a shape's rounding
/// stops before its closest point converges, so where such a lane reports a normal,
/// the converged distance query's normal replaces it (when that one exists). The
/// distance lanes run only if some lane needs them.
fn with_exact_starting_normals(placed: &Placed<'_>, out: &mut [CastOutput<f32>; LANES]) {
    let needs_exact = |output: &CastOutput<f32>| {
        output.status == CastStatus::StartsInside && output.normal != Vec2::ZERO
    };
    if !out.iter().any(needs_exact) {
        return;
    }
    let exact = distance_lanes(placed);
    for (output, exact) in out.iter_mut().zip(exact) {
        if needs_exact(output) && exact.normal != Vec2::ZERO {
            output.normal = exact.normal;
        }
    }
}
