//! Motions for the cast benchmarks, as plain `f64` data: for every pair of a static
//! workload, a ray from B's origin and a sweep of B, half of them aimed to hit A and
//! half aimed beside it.
//!
//! Aimed pairs travel twice the offset from B's origin to A's, so a ray or a moving B
//! crosses A's origin halfway and certainly meets A. The others travel the same way but
//! shifted sideways by [`MISS_OFFSET`], which clears A and B for shapes of the workloads'
//! size (octagons of radius 1, ellipses with semi-axes up to 1.5), so they certainly
//! miss: the benchmarks time both outcomes in equal numbers.

use crate::placement::{PairPlacement, add, scale, sub};

/// Sideways shift of the missing motions: larger than the sum of the two shapes'
/// reaches (at most 1.5 each in the standard workloads), so the path of B's origin, and
/// B itself, stay clear of A.
pub const MISS_OFFSET: f64 = 4.0;

/// The turn of B over a rotating sweep, in radians: about 57 degrees, enough that the
/// rotation matters to the time of impact.
pub const SWEEP_TURN: f64 = 1.0;

/// One pair's motion.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CastMotion {
    /// Where the ray starts and B's origin starts: B's position.
    pub origin: [f64; 2],
    /// The ray's translation and B's translation over the step.
    pub translation: [f64; 2],
    /// B's turn over a rotating sweep (radians); zero motion of A.
    pub turn: f64,
    /// Whether the motion was aimed at A (and certainly hits it).
    pub aimed: bool,
}

/// The motion of each pair in `placements`: even pairs aimed at A, odd pairs shifted
/// beside it.
///
/// ```
/// use gjk_benches::{cast_motions, octagon_pairs};
/// let workload = octagon_pairs(4, 1);
/// let motions = cast_motions(&workload.frames[0]);
/// assert_eq!(motions.len(), 4);
/// assert!(motions[0].aimed && !motions[1].aimed);
/// ```
pub fn cast_motions(placements: &[PairPlacement]) -> Vec<CastMotion> {
    placements
        .iter()
        .enumerate()
        .map(|(index, pair)| {
            let to_a = sub(pair.a.position, pair.b.position);
            let aimed = index % 2 == 0;
            // The left-hand perpendicular of the offset, MISS_OFFSET long: the start
            // of a missing motion, and so its whole path, shifted by it.
            let length = libm::hypot(to_a[0], to_a[1]);
            let side = scale([-to_a[1], to_a[0]], MISS_OFFSET / length);
            CastMotion {
                origin: if aimed {
                    pair.b.position
                } else {
                    add(pair.b.position, side)
                },
                translation: scale(to_a, 2.0),
                turn: SWEEP_TURN,
                aimed,
            }
        })
        .collect()
}
