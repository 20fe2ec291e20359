//! The GJK distance loop of eight pairs in lock-step.
//!
//! Each lane runs the scalar kernel's loop (gjk-core's `gjk.rs`: seed along the offset
//! between the shapes, then support, bound, reduce, until a termination rule fires),
//! with the same tests in the same order. A lane that terminates keeps its state while
//! the others go on; the loop ends when no lane runs. The outputs are then assembled
//! lane by lane with the scalar kernel's own formulas.

use gjk_core::{DistanceOutput, DistanceStatus, Scalar, Transform, Vec2};
use wide::{CmpEq, CmpLt, f32x8};

use crate::block::PackedCores;
use crate::lanes::{LANES, Mask, Vec2x8, at_most, greater, select};
use crate::shape::MAX_VERTICES;
use crate::simplex::{SimplexX8, VertexX8};

/// How a lane's loop ended (as `f32` codes in a register).
const RUNNING: f32 = 0.0;
const INVALID: f32 = 1.0;
const CORES_OVERLAP: f32 = 2.0;
const MAX_ITERATIONS: f32 = 3.0;
const CONVERGED: f32 = 4.0;

/// Eight pairs at their placements: B's core in A's frame through the relative
/// transform of each lane, computed by the scalar `Transform::inv_mul`.
pub(crate) struct Placed<'p> {
    a: &'p PackedCores,
    b: &'p PackedCores,
    xf_a: [Transform<f32>; LANES],
    relative_cos: f32x8,
    relative_sin: f32x8,
    relative_translation: Vec2x8,
    /// Lanes holding a pair with valid transforms and radii.
    usable: [bool; LANES],
}

impl<'p> Placed<'p> {
    /// The first `len` lanes placed by `placements`; the rest are unused.
    pub fn new(
        a: &'p PackedCores,
        b: &'p PackedCores,
        placements: [(Transform<f32>, Transform<f32>); LANES],
        len: usize,
    ) -> Self {
        let mut usable = [false; LANES];
        let mut relative = [Transform::IDENTITY; LANES];
        for (lane, (xf_a, xf_b)) in placements.iter().enumerate().take(len) {
            let radius_ok = |radius: f32| radius >= 0.0 && radius.is_finite();
            let ok = xf_a.is_valid()
                && xf_b.is_valid()
                && a.radii.get(lane).is_some_and(|&r| radius_ok(r))
                && b.radii.get(lane).is_some_and(|&r| radius_ok(r));
            if let (Some(flag), Some(slot)) = (usable.get_mut(lane), relative.get_mut(lane)) {
                *flag = ok;
                // Unusable lanes run on the identity and are reported invalid.
                *slot = if ok {
                    xf_a.inv_mul(*xf_b)
                } else {
                    Transform::IDENTITY
                };
            }
        }
        Self {
            a,
            b,
            xf_a: placements.map(|(xf_a, _)| xf_a),
            relative_cos: f32x8::new(relative.map(|xf| xf.rotation.cos)),
            relative_sin: f32x8::new(relative.map(|xf| xf.rotation.sin)),
            relative_translation: Vec2x8::from_lanes(relative.map(|xf| xf.translation)),
            usable,
        }
    }

    /// The support point of `B - A` along `-direction` in every lane: A supported along
    /// `direction`, B along `-direction` taken into its frame, B's point brought into
    /// A's frame (the scalar `Pair::support`).
    #[inline(always)]
    fn support(&self, direction: Vec2x8) -> VertexX8 {
        let (on_a, feature_a) = farthest(self.a, direction);
        let (c, s) = (self.relative_cos, self.relative_sin);
        let against = -direction;
        let local = Vec2x8 {
            x: c * against.x + s * against.y,
            y: -s * against.x + c * against.y,
        };
        let (on_b, feature_b) = farthest(self.b, local);
        let placed = Vec2x8 {
            x: c * on_b.x - s * on_b.y,
            y: s * on_b.x + c * on_b.y,
        } + self.relative_translation;
        VertexX8 {
            witness_a: on_a,
            witness_b: placed,
            w: placed - on_a,
            feature_a,
            feature_b,
        }
    }
}

/// The vertex of `cores` farthest along `direction` in every lane and its index: the
/// first strict maximum, so ties, zero and NaN directions keep vertex 0, as gjk-shapes
/// does.
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
    (best, best_index)
}

/// `code` in the running lanes of `mask`, which stop.
#[inline(always)]
fn stop(termination: &mut f32x8, running: &mut Mask, mask: Mask, code: f32) {
    let stopping = *running & mask;
    *termination = select(stopping, f32x8::splat(code), *termination);
    *running &= !mask;
}

/// `gjk_core::distance` of the placed pairs, one per lane.
pub(crate) fn distance_lanes(placed: &Placed<'_>) -> [DistanceOutput<f32>; LANES] {
    let usable = f32x8::new(placed.usable.map(|ok| if ok { 1.0 } else { 0.0 }));
    let mut running = usable.cmp_eq(f32x8::ONE);
    let mut termination = select(running, f32x8::splat(RUNNING), f32x8::splat(INVALID));

    // The seed: one support point along B's offset in A's frame (x for a zero offset).
    let offset = placed.relative_translation;
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
    let mut closest = first.closest;
    let mut closest_squared = closest.length_squared();
    let mut iterations = f32x8::ZERO;
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
        stop(&mut termination, &mut running, !progressed, CONVERGED);
        grown.apply(&reduction);
        simplex = SimplexX8 {
            vertices: [0, 1, 2]
                .map(|slot| simplex.vertices[slot].replaced(running, grown.vertices[slot])),
            weights: [0, 1, 2]
                .map(|slot| select(running, grown.weights[slot], simplex.weights[slot])),
            count: select(running, grown.count, simplex.count),
        };
        closest = closest.replaced(running, reduction.closest);
        closest_squared = select(running, next_squared, closest_squared);
    }

    let (core_a, core_b) = simplex.witness_points();
    let mut outputs = [DistanceOutput {
        distance: f32::NAN,
        witness_a: Vec2::new(f32::NAN, f32::NAN),
        witness_b: Vec2::new(f32::NAN, f32::NAN),
        normal: Vec2::ZERO,
        iterations: 0,
        status: DistanceStatus::InvalidInput,
    }; LANES];
    let termination = termination.to_array();
    let iterations = iterations.to_array();
    for (lane, output) in outputs.iter_mut().enumerate() {
        let state = LaneState {
            termination: termination.get(lane).copied().unwrap_or(INVALID),
            iterations: iterations.get(lane).map_or(0, |&count| count as u32),
            closest: closest.lane(lane),
            core_a: core_a.lane(lane),
            core_b: core_b.lane(lane),
        };
        let radii = (
            placed.a.radii.get(lane).copied().unwrap_or(f32::NAN),
            placed.b.radii.get(lane).copied().unwrap_or(f32::NAN),
        );
        let xf_a = placed
            .xf_a
            .get(lane)
            .copied()
            .unwrap_or(Transform::IDENTITY);
        *output = state.finish(xf_a, radii);
    }
    outputs
}

/// One lane's end state.
struct LaneState {
    termination: f32,
    iterations: u32,
    closest: Vec2<f32>,
    core_a: Vec2<f32>,
    core_b: Vec2<f32>,
}

impl LaneState {
    /// The scalar kernel's `finish`: world-space output with the radii applied.
    fn finish(
        &self,
        xf_a: Transform<f32>,
        (radius_a, radius_b): (f32, f32),
    ) -> DistanceOutput<f32> {
        let iterations = self.iterations;
        let to_world = |point| xf_a.transform_point(point);
        if self.termination == INVALID {
            return DistanceOutput {
                distance: f32::NAN,
                witness_a: Vec2::new(f32::NAN, f32::NAN),
                witness_b: Vec2::new(f32::NAN, f32::NAN),
                normal: Vec2::ZERO,
                iterations,
                status: DistanceStatus::InvalidInput,
            };
        }
        if self.termination == CORES_OVERLAP {
            return DistanceOutput {
                distance: 0.0,
                witness_a: to_world(self.core_a),
                witness_b: to_world(self.core_b),
                normal: Vec2::ZERO,
                iterations,
                status: DistanceStatus::Overlapping,
            };
        }
        let core_distance = self.closest.length();
        let normal = self.closest / core_distance;
        let witness_a = to_world(self.core_a + normal * radius_a);
        let witness_b = to_world(self.core_b - normal * radius_b);
        let gap = core_distance - (radius_a + radius_b);
        let (distance, status) = if gap > 0.0 {
            let status = if self.termination == MAX_ITERATIONS {
                DistanceStatus::MaxIterations
            } else {
                DistanceStatus::Separated
            };
            (gap, status)
        } else {
            (0.0, DistanceStatus::Overlapping)
        };
        DistanceOutput {
            distance,
            witness_a,
            witness_b,
            normal: xf_a.rotation.rotate(normal),
            iterations,
            status,
        }
    }
}
