//! Mean GJK iterations of a workload, cold or warm-started.

use gjk_core::{Scalar, SimplexCache, Support, distance, distance_cached};

use crate::gjk_adapter::GjkWorkload;

/// How each query starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// `distance`: from one support point along the centre offset.
    Cold,
    /// `distance_cached`, one cache per pair carried from frame to frame. The caches
    /// are filled by a first pass over all frames, so the mean is the steady state.
    Warm,
}

/// Mean `DistanceOutput::iterations` per query over every pair of every frame.
///
/// ```
/// use gjk_benches::{mean_iterations, octagon_pairs, GjkWorkload, Start};
/// let workload = GjkWorkload::<f64, _>::new(&octagon_pairs(32, 1)).unwrap();
/// assert!(mean_iterations(&workload, Start::Cold) > 1.0);
/// ```
pub fn mean_iterations<S: Scalar, T: Support<S>>(
    workload: &GjkWorkload<S, T>,
    start: Start,
) -> f64 {
    let queries = workload.len() * workload.frames.len();
    if queries == 0 {
        return 0.0;
    }
    let total = match start {
        Start::Cold => workload
            .frames
            .iter()
            .flat_map(|frame| workload.shapes.iter().zip(frame))
            .map(|((a, b), &(xf_a, xf_b))| u64::from(distance(a, xf_a, b, xf_b).iterations))
            .sum::<u64>(),
        Start::Warm => {
            let mut caches = vec![SimplexCache::new(); workload.len()];
            let mut pass = || -> u64 {
                let mut total = 0;
                for frame in &workload.frames {
                    let queries = workload.shapes.iter().zip(frame).zip(&mut caches);
                    for (((a, b), &(xf_a, xf_b)), cache) in queries {
                        total += u64::from(distance_cached(a, xf_a, b, xf_b, cache).iterations);
                    }
                }
                total
            };
            pass();
            pass()
        }
    };
    total as f64 / queries as f64
}
