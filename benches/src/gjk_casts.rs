//! The cast motions ([`cast_motions`]) as gjk-core queries in `f32` or `f64`.

use gjk_core::{Ray, Scalar, ShapeCastInput, Sweep, Transform, Vec2};

use crate::cast_motion::{CastMotion, cast_motions};
use crate::gjk_adapter::{to_transform, to_vec2};
use crate::placement::PairPlacement;

/// One pair's cast queries in precision `S`: A stays where its placement puts it; the
/// ray and B start at the motion's origin (B keeps its placement's angle).
#[derive(Clone, Copy, Debug)]
pub struct GjkCastQuery<S> {
    /// A's transform.
    pub xf_a: Transform<S>,
    /// The ray cast against A.
    pub ray: Ray<S>,
    /// B's transform at the start of its motion.
    pub xf_b: Transform<S>,
    /// B's translation, for `shape_cast`.
    pub motion: ShapeCastInput<S>,
    /// B's motion as a sweep without rotation, for `time_of_impact`.
    pub sweep_b: Sweep<S>,
    /// B's motion as a sweep that also turns by the motion's `turn`.
    pub turning_sweep_b: Sweep<S>,
    /// Whether the motion was aimed at A.
    pub aimed: bool,
}

impl<S: Scalar> GjkCastQuery<S> {
    /// The queries of `pair` moving by `motion`.
    pub fn new(pair: &PairPlacement, motion: &CastMotion) -> Self {
        let origin: Vec2<S> = to_vec2(motion.origin);
        let translation: Vec2<S> = to_vec2(motion.translation);
        let angle = S::from_f64(pair.b.angle);
        let end = origin + translation;
        Self {
            xf_a: to_transform(&pair.a),
            ray: Ray::new(origin, translation),
            xf_b: Transform::from_position_angle(origin, angle),
            motion: ShapeCastInput::moving_b(translation),
            sweep_b: Sweep::new(Vec2::ZERO, origin, end, angle, angle),
            turning_sweep_b: Sweep::new(
                Vec2::ZERO,
                origin,
                end,
                angle,
                angle + S::from_f64(motion.turn),
            ),
            aimed: motion.aimed,
        }
    }
}

/// The cast queries of every pair placed by `placements`.
///
/// ```
/// use gjk_benches::{gjk_cast_queries, octagon_pairs};
/// let queries = gjk_cast_queries::<f32>(&octagon_pairs(4, 1).frames[0]);
/// assert_eq!(queries.len(), 4);
/// ```
pub fn gjk_cast_queries<S: Scalar>(placements: &[PairPlacement]) -> Vec<GjkCastQuery<S>> {
    cast_motions(placements)
        .iter()
        .zip(placements)
        .map(|(motion, pair)| GjkCastQuery::new(pair, motion))
        .collect()
}
