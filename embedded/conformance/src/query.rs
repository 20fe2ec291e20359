//! The queries of the table and the record of their results: the f32 result bits that
//! must come out the same on every target.

use gjk_core::{
    CastOutput, CastStatus, DistanceOutput, DistanceStatus, QueryError, Ray, ShapeCastInput,
    SimplexCache, Vec2, distance, distance_cached, intersects, ray_cast, shape_cast,
};
use gjk_shapes::ShapeError;

use crate::check::{Answer, TableQuery};
use crate::shape::{Placed, Pose};

/// Words in a [`Record`].
pub const RECORD_WORDS: usize = 10;

/// The result bits of one query, in a fixed layout per query kind; unused words are
/// zero. Floats are stored as their IEEE-754 bits with every NaN replaced by the
/// canonical quiet NaN `0x7fc0_0000`: IEEE-754 leaves the sign and payload of a
/// computed NaN to the hardware (x86 and wasm produce negative NaNs where Arm produces
/// positive ones), so only "is NaN" is promised across targets.
///
/// | query | words |
/// | --- | --- |
/// | distance, cached distance | distance, witness a x y, witness b x y, normal x y, iterations, status, cache length (cached only) |
/// | intersects | answer |
/// | ray cast, shape cast | fraction, point x y, normal x y, iterations, status |
///
/// Status codes are listed at [`distance_status_code`], [`intersects_code`] and
/// [`cast_status_code`].
pub type Record = [u32; RECORD_WORDS];

/// A query of the table with its inputs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Query {
    /// `distance(a, b)`.
    Distance {
        /// Shape A.
        a: Placed,
        /// Shape B.
        b: Placed,
    },
    /// `distance_cached` twice with one cache: cold at B's pose, then warm at `b_next`.
    /// The record is the warm answer and the cache length after it.
    DistanceCached {
        /// Shape A.
        a: Placed,
        /// Shape B at its first pose.
        b: Placed,
        /// B's pose for the warm-started query.
        b_next: Pose,
    },
    /// `intersects(a, b)`.
    Intersects {
        /// Shape A.
        a: Placed,
        /// Shape B.
        b: Placed,
    },
    /// `ray_cast(shape, ray)`.
    RayCast {
        /// The shape the ray is cast against.
        shape: Placed,
        /// Where the ray starts.
        origin: [f32; 2],
        /// Direction and length at fraction 1.
        translation: [f32; 2],
        /// The largest fraction the ray reaches.
        max_fraction: f32,
    },
    /// `shape_cast(a, b, cast)`.
    ShapeCast {
        /// Shape A.
        a: Placed,
        /// Shape B.
        b: Placed,
        /// How far A moves at fraction 1.
        translation_a: [f32; 2],
        /// How far B moves at fraction 1.
        translation_b: [f32; 2],
        /// The largest fraction considered.
        max_fraction: f32,
        /// The gap that counts as contact.
        target_separation: f32,
    },
}

impl Query {
    /// Runs the query, building its shapes first, and records the result bits.
    ///
    /// # Errors
    ///
    /// A shape that does not build (the generator writes only shapes that do).
    ///
    /// ```
    /// use gjk_conformance::{Placed, Pose, Query, ShapeSpec};
    /// let at = |x: f32| Placed {
    ///     shape: ShapeSpec::Circle { center: [0.0, 0.0], radius: 1.0 },
    ///     pose: Pose { position: [x, 0.0], angle: 0.0 },
    /// };
    /// let record = Query::Distance { a: at(0.0), b: at(5.0) }.evaluate()?;
    /// assert_eq!(f32::from_bits(record[0]), 3.0);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn evaluate(&self) -> Result<Record, ShapeError> {
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
                let mut cache = SimplexCache::new();
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
                let mut record = [0; RECORD_WORDS];
                record[0] = intersects_code(answer);
                record
            }
            Self::RayCast {
                shape,
                origin,
                translation,
                max_fraction,
            } => {
                let built = shape.shape.build()?;
                let ray = Ray {
                    origin: vec(origin),
                    translation: vec(translation),
                    max_fraction,
                };
                cast_record(&ray_cast(built.as_support(), shape.pose.transform(), ray))
            }
            Self::ShapeCast {
                a,
                b,
                translation_a,
                translation_b,
                max_fraction,
                target_separation,
            } => {
                let (shape_a, shape_b) = (a.shape.build()?, b.shape.build()?);
                let cast = ShapeCastInput {
                    translation_a: vec(translation_a),
                    translation_b: vec(translation_b),
                    max_fraction,
                    target_separation,
                };
                let out = shape_cast(
                    shape_a.as_support(),
                    a.pose.transform(),
                    shape_b.as_support(),
                    b.pose.transform(),
                    cast,
                );
                cast_record(&out)
            }
        })
    }
}

impl TableQuery for Query {
    type Record = Record;

    const UNBUILT: Record = [u32::MAX; RECORD_WORDS];

    fn evaluate(&self) -> Result<Record, ShapeError> {
        Query::evaluate(self)
    }

    /// The layouts of [`Record`]: a distance's status in word 8, a cast's in word 6.
    fn answer(&self) -> Answer {
        match self {
            Self::Distance { .. } | Self::DistanceCached { .. } => Answer::Distance { status: 8 },
            Self::Intersects { .. } => Answer::Overlap,
            Self::RayCast { .. } | Self::ShapeCast { .. } => Answer::Cast { status: 6 },
        }
    }
}

/// The record of a distance answer; `extra` is the last word.
fn distance_record(out: &DistanceOutput<f32>, extra: u32) -> Record {
    [
        float_bits(out.distance),
        float_bits(out.witness_a.x),
        float_bits(out.witness_a.y),
        float_bits(out.witness_b.x),
        float_bits(out.witness_b.y),
        float_bits(out.normal.x),
        float_bits(out.normal.y),
        out.iterations,
        distance_status_code(out.status),
        extra,
    ]
}

/// The record of a cast answer.
fn cast_record(out: &CastOutput<f32>) -> Record {
    [
        float_bits(out.fraction),
        float_bits(out.point.x),
        float_bits(out.point.y),
        float_bits(out.normal.x),
        float_bits(out.normal.y),
        out.iterations,
        cast_status_code(out.status),
        0,
        0,
        0,
    ]
}

/// The bits of `value`, with every NaN as the canonical quiet NaN (see [`Record`]).
///
/// ```
/// use gjk_conformance::float_bits;
/// assert_eq!(float_bits(1.0), 0x3f80_0000);
/// assert_eq!(float_bits(-f32::NAN), float_bits(f32::NAN));
/// ```
#[inline]
pub fn float_bits(value: f32) -> u32 {
    if value.is_nan() {
        0x7fc0_0000
    } else {
        value.to_bits()
    }
}

/// The code of a status or error this table does not know (they are
/// `#[non_exhaustive]`): no expected record holds it.
const UNKNOWN: u32 = u32::MAX;

/// `Separated` 0, `Overlapping` 1, `MaxIterations` 2, `InvalidInput` 3.
///
/// ```
/// use gjk_conformance::distance_status_code;
/// assert_eq!(distance_status_code(gjk_core::DistanceStatus::Overlapping), 1);
/// ```
pub fn distance_status_code(status: DistanceStatus) -> u32 {
    match status {
        DistanceStatus::Separated => 0,
        DistanceStatus::Overlapping => 1,
        DistanceStatus::MaxIterations => 2,
        DistanceStatus::InvalidInput => 3,
        // The statuses are `#[non_exhaustive]`: one added later gets a code no table
        // holds, so the conformance check fails until it is given one here.
        _ => UNKNOWN,
    }
}

/// `Ok(false)` 0, `Ok(true)` 1, `Err(InvalidInput)` 2, `Err(MaxIterations)` 3.
///
/// ```
/// use gjk_conformance::intersects_code;
/// assert_eq!(intersects_code(Ok(true)), 1);
/// ```
pub fn intersects_code(answer: Result<bool, QueryError>) -> u32 {
    match answer {
        Ok(false) => 0,
        Ok(true) => 1,
        Err(QueryError::InvalidInput) => 2,
        Err(QueryError::MaxIterations) => 3,
        Err(_) => UNKNOWN,
    }
}

/// `Hit` 0, `Miss` 1, `StartsInside` 2, `MaxIterations` 3, `InvalidInput` 4.
///
/// ```
/// use gjk_conformance::cast_status_code;
/// assert_eq!(cast_status_code(gjk_core::CastStatus::Miss), 1);
/// ```
pub fn cast_status_code(status: CastStatus) -> u32 {
    match status {
        CastStatus::Hit => 0,
        CastStatus::Miss => 1,
        CastStatus::StartsInside => 2,
        CastStatus::MaxIterations => 3,
        CastStatus::InvalidInput => 4,
        _ => UNKNOWN,
    }
}

/// A small count as a record word (saturating; counts here are at most 4).
pub(crate) fn word_of_count(count: usize) -> u32 {
    u32::try_from(count).unwrap_or(u32::MAX)
}

/// `[x, y]` as a vector.
#[inline]
fn vec([x, y]: [f32; 2]) -> Vec2<f32> {
    Vec2::new(x, y)
}
