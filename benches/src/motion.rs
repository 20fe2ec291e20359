//! Coherent motion: the same pairs moved a little each frame, for warm starts.

use crate::placement::{PairPlacement, Placement, scale, unit_vector};
use crate::rng::SplitMix64;
use crate::workload::Workload;

/// How the shapes move between frames.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MotionParameters {
    /// Frames in one cycle. The shapes move forwards for half the cycle and back for
    /// the other half, so stepping from the last frame to the first is one more small
    /// step and a benchmark can loop over the frames for ever. Use an even count.
    pub frame_count: usize,
    /// Largest translation of a shape per frame.
    pub max_speed: f64,
    /// Largest rotation of a shape per frame, in radians.
    pub max_spin: f64,
}

impl MotionParameters {
    /// A 16-frame cycle with steps of up to 0.02 length units and 0.02 rad per frame:
    /// 1.2 units/s and 1.2 rad/s at 60 frames per second for unit-size shapes.
    pub const STANDARD: Self = Self {
        frame_count: 16,
        max_speed: 0.02,
        max_spin: 0.02,
    };

    /// How many steps along its velocity a shape is from its generated placement in
    /// `frame`: a triangle wave from `-frame_count / 4` up to `frame_count / 4` and back,
    /// changing by one per frame, wrap-around included.
    pub fn steps_at(&self, frame: usize) -> f64 {
        let count = self.frame_count;
        frame.min(count.saturating_sub(frame)) as f64 - count as f64 / 4.0
    }
}

/// One shape's motion per frame.
#[derive(Clone, Copy, Debug)]
struct Velocity {
    translation: [f64; 2],
    rotation: f64,
}

impl Velocity {
    fn random(motion: &MotionParameters, rng: &mut SplitMix64) -> Self {
        let direction = unit_vector(rng.angle());
        Self {
            translation: scale(direction, rng.uniform(0.0, motion.max_speed)),
            rotation: rng.uniform(-motion.max_spin, motion.max_spin),
        }
    }

    fn apply(&self, placement: &Placement, steps: f64) -> Placement {
        placement.moved(scale(self.translation, steps), self.rotation * steps)
    }
}

/// The pairs of `workload` (from its first frame) moving coherently: each shape gets a
/// random constant velocity and spin and the cycle of [`MotionParameters::frame_count`]
/// frames goes out and back around the generated placement.
///
/// ```
/// use gjk_benches::{coherent_motion, octagon_pairs, MotionParameters};
/// let moving = coherent_motion(&octagon_pairs(8, 1), &MotionParameters::STANDARD, 2);
/// assert_eq!(moving.frames.len(), 16);
/// assert_eq!(moving.frames[0].len(), 8);
/// ```
pub fn coherent_motion<A: Clone, B: Clone>(
    workload: &Workload<A, B>,
    motion: &MotionParameters,
    seed: u64,
) -> Workload<A, B> {
    let mut rng = SplitMix64::new(seed);
    let base = workload.frames.first().map_or(&[][..], Vec::as_slice);
    let velocities: Vec<(Velocity, Velocity)> = base
        .iter()
        .map(|_| {
            (
                Velocity::random(motion, &mut rng),
                Velocity::random(motion, &mut rng),
            )
        })
        .collect();
    let frames = (0..motion.frame_count)
        .map(|frame| {
            let steps = motion.steps_at(frame);
            base.iter()
                .zip(&velocities)
                .map(|(placement, (velocity_a, velocity_b))| PairPlacement {
                    a: velocity_a.apply(&placement.a, steps),
                    b: velocity_b.apply(&placement.b, steps),
                })
                .collect()
        })
        .collect();
    Workload {
        pairs: workload.pairs.clone(),
        frames,
    }
}
