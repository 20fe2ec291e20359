//! The 3D queries of the table and the record of their results: `distance`,
//! `distance_cached` and `intersects` on `Support<f32, Vec3<f32>>` shapes placed by
//! `Transform3`, the same calls as in the plane.

use gjk_core::{DistanceOutput, SimplexCache, Vec3, distance, distance_cached, intersects};
use gjk_shapes::ShapeError;

use crate::check::{Answer, TableQuery};
use crate::query::{distance_status_code, float_bits, intersects_code, word_of_count};
use crate::shape3::{Placed3, Pose3};

/// Words in a [`Record3`].
pub const RECORD3_WORDS: usize = 13;

/// The result bits of one 3D query, in a fixed layout per query kind; unused words are
/// zero. Floats are stored as by [`float_bits`] (every NaN canonical, see
/// [`Record`](crate::Record)).
///
/// | query | words |
/// | --- | --- |
/// | distance, cached distance | distance, witness a x y z, witness b x y z, normal x y z, iterations, status, cache length (cached only) |
/// | intersects | answer |
///
/// Status codes are listed at [`distance_status_code`] and [`intersects_code`].
pub type Record3 = [u32; RECORD3_WORDS];

/// Where a 3D distance record holds its status.
const STATUS_WORD: usize = 11;

/// A 3D query of the table with its inputs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Query3 {
    /// `distance(a, b)`.
    Distance {
        /// Shape A.
        a: Placed3,
        /// Shape B.
        b: Placed3,
    },
    /// `distance_cached` twice with one cache: cold at B's pose, then warm at `b_next`.
    /// The record is the warm answer and the cache length after it.
    DistanceCached {
        /// Shape A.
        a: Placed3,
        /// Shape B at its first pose.
        b: Placed3,
        /// B's pose for the warm-started query.
        b_next: Pose3,
    },
    /// `intersects(a, b)`.
    Intersects {
        /// Shape A.
        a: Placed3,
        /// Shape B.
        b: Placed3,
    },
}

impl Query3 {
    /// Runs the query, building its shapes first, and records the result bits.
    ///
    /// # Errors
    ///
    /// A shape that does not build (the generator writes only shapes that do).
    ///
    /// ```
    /// use gjk_conformance::{Placed3, Pose3, Query3, ShapeSpec3};
    /// let at = |z: f32| Placed3 {
    ///     shape: ShapeSpec3::Sphere { center: [0.0; 3], radius: 1.0 },
    ///     pose: Pose3 { position: [0.0, 0.0, z], axis: [1.0, 0.0, 0.0], angle: 0.0 },
    /// };
    /// let record = Query3::Distance { a: at(0.0), b: at(5.0) }.evaluate()?;
    /// assert_eq!(f32::from_bits(record[0]), 3.0);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn evaluate(&self) -> Result<Record3, ShapeError> {
        Ok(match *self {
            Self::Distance { a, b } => {
                let (shape_a, shape_b) = (a.shape.build()?, b.shape.build()?);
                let out = distance(
                    shape_a.as_support(),
                    a.pose.transform(),
                    shape_b.as_support(),
                    b.pose.transform(),
                );
                distance_record(&out, 0)
            }
            Self::DistanceCached { a, b, b_next } => {
                let (shape_a, shape_b) = (a.shape.build()?, b.shape.build()?);
                let (shape_a, shape_b) = (shape_a.as_support(), shape_b.as_support());
                let xf_a = a.pose.transform();
                let mut cache = SimplexCache::<f32, Vec3<f32>>::new();
                let _ = distance_cached(shape_a, xf_a, shape_b, b.pose.transform(), &mut cache);
                let out = distance_cached(shape_a, xf_a, shape_b, b_next.transform(), &mut cache);
                distance_record(&out, word_of_count(cache.len()))
            }
            Self::Intersects { a, b } => {
                let (shape_a, shape_b) = (a.shape.build()?, b.shape.build()?);
                let answer = intersects(
                    shape_a.as_support(),
                    a.pose.transform(),
                    shape_b.as_support(),
                    b.pose.transform(),
                );
                let mut record = [0; RECORD3_WORDS];
                record[0] = intersects_code(answer);
                record
            }
        })
    }
}

impl TableQuery for Query3 {
    type Record = Record3;

    const UNBUILT: Record3 = [u32::MAX; RECORD3_WORDS];

    fn evaluate(&self) -> Result<Record3, ShapeError> {
        Query3::evaluate(self)
    }

    /// The layouts of [`Record3`]: a distance's status in word 11.
    fn answer(&self) -> Answer {
        match self {
            Self::Distance { .. } | Self::DistanceCached { .. } => Answer::Distance {
                status: STATUS_WORD,
            },
            Self::Intersects { .. } => Answer::Overlap,
        }
    }
}

/// The record of a 3D distance answer; `extra` is the last word.
fn distance_record(out: &DistanceOutput<f32, Vec3<f32>>, extra: u32) -> Record3 {
    let [wa, wb, n] = [out.witness_a, out.witness_b, out.normal];
    [
        float_bits(out.distance),
        float_bits(wa.x),
        float_bits(wa.y),
        float_bits(wa.z),
        float_bits(wb.x),
        float_bits(wb.y),
        float_bits(wb.z),
        float_bits(n.x),
        float_bits(n.y),
        float_bits(n.z),
        out.iterations,
        distance_status_code(out.status),
        extra,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ShapeSpec3;

    #[test]
    fn the_status_word_is_where_the_layout_says() {
        let ball = |x: f32| Placed3 {
            shape: ShapeSpec3::Sphere {
                center: [0.0; 3],
                radius: 0.5,
            },
            pose: Pose3 {
                position: [x, 0.0, 0.0],
                axis: [0.0, 0.0, 1.0],
                angle: 0.0,
            },
        };
        let apart = Query3::Distance {
            a: ball(0.0),
            b: ball(2.0),
        };
        let record = apart.evaluate().expect("spheres build");
        assert_eq!(f32::from_bits(record[0]), 1.0);
        assert_eq!(record[STATUS_WORD], 0);
        let inside = Query3::Distance {
            a: ball(0.0),
            b: ball(0.5),
        };
        let record = inside.evaluate().expect("spheres build");
        assert_eq!(record[STATUS_WORD], 1);
    }
}
