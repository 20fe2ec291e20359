//! The GJK distance loop of eight pairs in lock-step.
//!
//! Each lane runs the scalar kernel's loop (gjk-core's `gjk.rs`: seed along the offset
//! between the shapes, then support, bound, reduce, until a termination rule fires),
//! with the same tests in the same order. A lane that terminates keeps its state while
//! the others go on; the loop ends when no lane runs. The outputs are then assembled
//! lane by lane with the scalar kernel's own formulas.

use gjk_core::{DistanceOutput, DistanceStatus, QueryError, Scalar, Transform, Vec2};
use wide::{CmpEq, CmpGe, CmpLt, f32x8};

use crate::block::PackedCores;
use crate::lanes::{LANES, Mask, TransformX8, Vec2x8, at_most, greater, select};
use crate::shape::MAX_VERTICES;
use crate::simplex::{SimplexX8, VertexX8};

/// How a lane's loop ended (as `f32` codes in a register).
const RUNNING: f32 = 0.0;
const INVALID: f32 = 1.0;
const CORES_OVERLAP: f32 = 2.0;
const MAX_ITERATIONS: f32 = 3.0;
const CONVERGED: f32 = 4.0;
const SEPARATED: f32 = 5.0;

/// Eight pairs at their placements: B's core in A's frame through the relative
/// transform of each lane (the scalar `Transform::inv_mul`, lane by lane).
pub(crate) struct Placed<'p> {
    pub a: &'p PackedCores,
    pub b: &'p PackedCores,
    pub xf_a: TransformX8,
    pub relative: TransformX8,
    /// Lanes holding a pair with valid transforms and radii.
    pub usable: Mask,
}

/// The lanes below `len`: those that hold a query.
pub(crate) fn lanes_below(len: usize) -> Mask {
    f32x8::new(core::array::from_fn(|lane| lane as f32)).cmp_lt(f32x8::splat(len as f32))
}

impl<'p> Placed<'p> {
    /// The lanes of `candidates` placed by `placements`; the other lanes are unused,
    /// and so are lanes with an invalid transform or radius.
    pub fn new(
        a: &'p PackedCores,
        b: &'p PackedCores,
        placements: &[(Transform<f32>, Transform<f32>); LANES],
        candidates: Mask,
    ) -> Self {
        let xf_a = TransformX8::from_lanes(&placements.map(|(xf_a, _)| xf_a));
        let xf_b = TransformX8::from_lanes(&placements.map(|(_, xf_b)| xf_b));
        // Written so that NaN radii fail, as in the scalar `checked_radii`.
        let radius_ok = |radius: f32x8| radius.cmp_ge(f32x8::ZERO) & radius.is_finite();
        let usable = candidates
            & xf_a.is_valid()
            & xf_b.is_valid()
            & radius_ok(a.radii)
            & radius_ok(b.radii);
        // Unusable lanes run on the identity (and finite data) and report invalid input.
        let identity = TransformX8::from_lanes(&[Transform::IDENTITY; LANES]);
        let relative = xf_a.inv_mul(&xf_b);
        Self {
            a,
            b,
            xf_a,
            relative: TransformX8 {
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
    #[inline(always)]
    pub fn support(&self, direction: Vec2x8) -> VertexX8 {
        let (on_a, feature_a) = farthest(self.a, direction);
        let (on_b, feature_b) = farthest(self.b, self.relative.inv_rotate(-direction));
        let placed = self.relative.transform_point(on_b);
        VertexX8 {
            witness_a: on_a,
            witness_b: placed,
            w: placed - on_a,
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
#[inline(always)]
fn farthest(cores: &PackedCores, direction: Vec2x8) -> (Vec2x8, f32x8) {
    let mut best = cores.vertices[0];
    let mut best_index = f32x8::ZERO;
    let mut best_dot = f32x8::splat(f32::NEG_INFINITY);
    for (index, vertex) in cores
        .vertices
        .iter()
        .enumerate()
        .take(cores.scanned.min(MAX_VERTICES))
    {
        let dot = vertex.dot(direction);
        let better = greater(dot, best_dot);
        best_dot = select(better, dot, best_dot);
        best_index = select(better, f32x8::splat(index as f32), best_index);
        best = best.replaced(better, *vertex);
    }
    if cores.any_ellipse {
        best = best.replaced(cores.ellipses, ellipse_support(cores.semi_axes, direction));
        best_index = select(cores.ellipses, f32x8::splat(f32::NAN), best_index);
    }
    (best, best_index)
}

/// gjk-shapes' `Ellipse::support` per lane, operation for operation (its comment
/// derives the formula): the boundary point `(a^2 dx, b^2 dy) / |(a dx, b dy)|`, with
/// the direction and the stretched direction each divided by their larger coordinate
/// first, and `(a, 0)` for a direction that is zero or not finite.
#[inline(always)]
fn ellipse_support(semi_axes: Vec2x8, direction: Vec2x8) -> Vec2x8 {
    let largest = direction.x.abs().max(direction.y.abs());
    let has_direction = greater(largest, f32x8::ZERO) & direction.is_finite();
    let stretched = Vec2x8 {
        x: semi_axes.x * (direction.x / largest),
        y: semi_axes.y * (direction.y / largest),
    };
    let stretched_largest = stretched.x.abs().max(stretched.y.abs());
    let scaled = Vec2x8 {
        x: stretched.x / stretched_largest,
        y: stretched.y / stretched_largest,
    };
    let length = scaled.length_squared().sqrt();
    let boundary = Vec2x8 {
        x: semi_axes.x * scaled.x / length,
        y: semi_axes.y * scaled.y / length,
    };
    Vec2x8 {
        x: semi_axes.x,
        y: f32x8::ZERO,
    }
    .replaced(has_direction, boundary)
}

/// The scalar kernel's seed in every lane, solved: one support point along B's
/// offset in A's frame (x for a zero offset), and the closest point (that point).
#[inline(always)]
pub(crate) fn seed(placed: &Placed<'_>) -> (SimplexX8, Vec2x8) {
    let offset = placed.relative.translation;
    let zero_offset = offset.x.cmp_eq(f32x8::ZERO) & offset.y.cmp_eq(f32x8::ZERO);
    let seed_direction = offset.replaced(
        zero_offset,
        Vec2x8 {
            x: f32x8::ONE,
            y: f32x8::ZERO,
        },
    );
    let mut simplex = SimplexX8::from_vertex(placed.support(seed_direction));
    let first = simplex.reduce();
    simplex.apply(&first);
    (simplex, first.closest)
}

/// `code` in the running lanes of `mask`, which stop.
#[inline(always)]
pub(crate) fn stop(termination: &mut f32x8, running: &mut Mask, mask: Mask, code: f32) {
    let stopping = *running & mask;
    *termination = select(stopping, f32x8::splat(code), *termination);
    *running &= !mask;
}

/// `gjk_core::distance` of the placed pairs, one per lane.
pub(crate) fn distance_lanes(placed: &Placed<'_>) -> [DistanceOutput<f32>; LANES] {
    run::<false>(placed).finish(&placed.xf_a, placed.a.radii, placed.b.radii)
}

/// `gjk_core::intersects` of the placed pairs, one per lane: the same loop with the
/// overlap test's early exit, and the scalar query's reading of how it ended.
pub(crate) fn intersects_lanes(placed: &Placed<'_>) -> [Result<bool, QueryError>; LANES] {
    let ends = run::<true>(placed);
    let radius = placed.a.radii + placed.b.radii;
    // The comparison `intersects` and `distance` make, so they agree to the last bit.
    let apart = greater(ends.closest.length_squared().sqrt() - radius, f32x8::ZERO).to_array();
    let termination = ends.termination.to_array();
    core::array::from_fn(|lane| {
        let apart = apart[lane].to_bits() != 0;
        match termination[lane] {
            code if code == CORES_OVERLAP => Ok(true),
            code if code == SEPARATED => Ok(false),
            code if code == CONVERGED => Ok(!apart),
            // |v| bounds the core distance from above: within the radius, overlap is
            // certain even at the cap.
            code if code == MAX_ITERATIONS && !apart => Ok(true),
            code if code == MAX_ITERATIONS => Err(QueryError::MaxIterations),
            _ => Err(QueryError::InvalidInput),
        }
    })
}

/// The GJK loop of every lane, as gjk-core's `iterate`; with `EARLY_EXIT`, a lane stops
/// as soon as a support plane shows its rounded shapes apart (the overlap test).
#[inline(always)]
fn run<const EARLY_EXIT: bool>(placed: &Placed<'_>) -> Ends {
    let mut running = placed.usable;
    let mut termination = select(running, f32x8::splat(RUNNING), f32x8::splat(INVALID));

    let (mut simplex, mut closest) = seed(placed);
    let mut closest_squared = closest.length_squared();
    let mut iterations = f32x8::ZERO;
    let mut stalled = f32x8::ZERO;
    let touching_squared = f32x8::splat(f32::GJK_TOUCHING * f32::GJK_TOUCHING);
    let relative_gap = f32x8::splat(f32::GJK_RELATIVE_GAP);

    let mut round = 0;
    while running.any() {
        stop(
            &mut termination,
            &mut running,
            !closest_squared.is_finite(),
            INVALID,
        );
        let overlap = simplex.count.cmp_eq(f32x8::splat(3.0))
            | at_most(
                closest_squared,
                touching_squared * simplex.max_vertex_length_squared(),
            );
        stop(&mut termination, &mut running, overlap, CORES_OVERLAP);
        if round >= f32::GJK_MAX_ITERATIONS {
            let capped = running;
            stop(&mut termination, &mut running, capped, MAX_ITERATIONS);
            break;
        }
        if running.none() {
            break;
        }

        let vertex = placed.support(closest);
        iterations = select(running, iterations + f32x8::ONE, iterations);
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
                + f32x8::splat(f32::GJK_TOUCHING) * largest_squared.sqrt();
            let separated = greater(lower_bound_times_length, f32x8::ZERO)
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
        let progressed = next_squared.cmp_lt(closest_squared);
        // No strict progress: NaN is invalid input; otherwise the vertex is dropped
        // again (the simplex stays as it was) and the lane has converged.
        stop(
            &mut termination,
            &mut running,
            !progressed & next_squared.is_nan(),
            INVALID,
        );
        // A stall on a long, thin edge gets one step along the edge's normal (the
        // scalar kernel's rule, see gjk-core's `iterate`); a second stall in a row ends.
        let retry = !progressed & reduction.keeps_edge() & !stalled;
        stop(
            &mut termination,
            &mut running,
            !progressed & !retry,
            CONVERGED,
        );
        stalled = select(running, retry, stalled);
        grown.apply(&reduction);
        simplex = simplex.replaced(running, &grown);
        closest = closest.replaced(running, reduction.closest);
        closest_squared = select(running, next_squared, closest_squared);
    }

    let (core_a, core_b) = simplex.witness_points();
    Ends {
        termination,
        iterations,
        closest,
        core_a,
        core_b,
    }
}

/// How the lanes ended.
struct Ends {
    termination: f32x8,
    iterations: f32x8,
    closest: Vec2x8,
    core_a: Vec2x8,
    core_b: Vec2x8,
}

impl Ends {
    /// The scalar kernel's `finish` in every lane (square roots and divisions are
    /// correctly rounded in SIMD too, so the values are the scalar ones): world-space
    /// output with the radii applied, then one `DistanceOutput` per lane.
    fn finish(
        &self,
        xf_a: &TransformX8,
        radius_a: f32x8,
        radius_b: f32x8,
    ) -> [DistanceOutput<f32>; LANES] {
        let code = |value: f32| self.termination.cmp_eq(f32x8::splat(value));
        let (invalid, overlap) = (code(INVALID), code(CORES_OVERLAP));
        let core_distance = self.closest.length_squared().sqrt();
        // The scalar kernel's `unit_direction`: scaled up first where the squared
        // length is below the normal range.
        let direct = Vec2x8 {
            x: self.closest.x / core_distance,
            y: self.closest.y / core_distance,
        };
        let largest = self.closest.x.abs().max(self.closest.y.abs());
        let scaled = Vec2x8 {
            x: self.closest.x / largest,
            y: self.closest.y / largest,
        };
        let scaled_length = scaled.length_squared().sqrt();
        let tiny = (core_distance * core_distance).cmp_lt(f32x8::splat(f32::MIN_POSITIVE));
        let normal = direct.replaced(
            tiny,
            Vec2x8 {
                x: scaled.x / scaled_length,
                y: scaled.y / scaled_length,
            },
        );
        let gap = core_distance - (radius_a + radius_b);
        let apart = greater(gap, f32x8::ZERO);
        // Overlapping cores: the core witness points, no normal, distance zero.
        let witness_a = xf_a
            .transform_point(self.core_a + normal.scale(radius_a))
            .replaced(overlap, xf_a.transform_point(self.core_a));
        let witness_b = xf_a
            .transform_point(self.core_b - normal.scale(radius_b))
            .replaced(overlap, xf_a.transform_point(self.core_b));
        let world_normal = xf_a
            .rotate(normal)
            .replaced(overlap | invalid, Vec2x8::ZERO);
        let distance = select(apart & !overlap, gap, f32x8::ZERO);
        let nan = f32x8::splat(f32::NAN);
        let nan_point = Vec2x8 { x: nan, y: nan };
        let distance = select(invalid, nan, distance).to_array();
        let witness_a = witness_a.replaced(invalid, nan_point);
        let witness_b = witness_b.replaced(invalid, nan_point);
        let [ax, ay, bx, by] =
            [witness_a.x, witness_a.y, witness_b.x, witness_b.y].map(f32x8::to_array);
        let [nx, ny] = [world_normal.x, world_normal.y].map(f32x8::to_array);
        let (invalid, overlap, apart) = (invalid.to_array(), overlap.to_array(), apart.to_array());
        let max_iterations = code(MAX_ITERATIONS).to_array();
        let iterations = self.iterations.to_array();
        core::array::from_fn(|lane| {
            let set = |mask: &[f32; LANES]| mask[lane].to_bits() != 0;
            let status = if set(&invalid) {
                DistanceStatus::InvalidInput
            } else if set(&overlap) || !set(&apart) {
                DistanceStatus::Overlapping
            } else if set(&max_iterations) {
                DistanceStatus::MaxIterations
            } else {
                DistanceStatus::Separated
            };
            DistanceOutput {
                distance: distance[lane],
                witness_a: Vec2::new(ax[lane], ay[lane]),
                witness_b: Vec2::new(bx[lane], by[lane]),
                normal: Vec2::new(nx[lane], ny[lane]),
                iterations: iterations[lane] as u32,
                status,
            }
        })
    }
}
