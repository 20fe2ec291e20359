//! Checking a table: each case's record against its expected bits and against the
//! independent reference, and the hash of all records.
//!
//! The runner serves both tables, the plane's ([`Query`]) and the 3D one
//! ([`Query3`](crate::Query3)), through [`TableQuery`]: each kind of query evaluates
//! to its own record layout and says where the reference finds its words.

use core::fmt::Debug;

use gjk_core::{CastStatus, DistanceStatus, QueryError};
use gjk_shapes::ShapeError;

use crate::query::{Query, cast_status_code, distance_status_code, intersects_code};

/// A query of a table, as the runner sees it.
pub trait TableQuery {
    /// The result words of one query, in a fixed layout per query kind.
    type Record: Copy + PartialEq + Debug + AsRef<[u32]>;

    /// The record hashed for a case whose shapes did not build: every word
    /// `u32::MAX`.
    const UNBUILT: Self::Record;

    /// Runs the query, building its shapes first, and records the result bits.
    ///
    /// # Errors
    ///
    /// A shape that does not build (the generator writes only shapes that do).
    fn evaluate(&self) -> Result<Self::Record, ShapeError>;

    /// What the record answers and where its status is, for [`Reference::holds_for`].
    fn answer(&self) -> Answer;
}

/// What a record holds, for the reference: its first word is the distance, the
/// overlap code or the cast fraction, and `status` the index of its status word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A distance query's record.
    Distance {
        /// Index of the [`distance_status_code`] word.
        status: usize,
    },
    /// An `intersects` record: the [`intersects_code`] in word 0.
    Overlap,
    /// A cast's record.
    Cast {
        /// Index of the [`cast_status_code`] word.
        status: usize,
    },
}

/// One row of a table: of the plane's ([`Query`]) unless named otherwise.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Case<Q: TableQuery = Query> {
    /// What the case is, for failure reports.
    pub label: &'static str,
    /// The query and its inputs.
    pub query: Q,
    /// The record the host computed, which every target must reproduce bit for bit.
    pub expected: Q::Record,
    /// The answer of the exact f64 oracle, checked with a tolerance.
    pub reference: Reference,
}

/// The independent answer a case is checked against, from the exact f64 oracle
/// (`gjk-oracle`) on the host. Where the bits promise sameness across targets, the
/// reference checks that the shared answer is also right.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Reference {
    /// No independent answer (shapes the oracle cannot describe, pairs within the
    /// tolerance of touching or grazing): the bits are the check.
    None,
    /// The query must report invalid input (NaN or infinite poses, a negative
    /// `max_fraction`).
    InvalidInput,
    /// Distance queries: the exact gap within `tolerance`, a `Separated` or
    /// `Overlapping` status, and the oracle's overlap answer when the pair is not
    /// within the tolerance of touching (`None` when it is).
    Distance {
        /// The exact gap between the rounded shapes.
        distance: f64,
        /// How far the f32 answer may be from it.
        tolerance: f64,
        /// Whether the shapes overlap, when that is certain.
        overlapping: Option<bool>,
    },
    /// `intersects`: the oracle's overlap answer (cases near touching are not given
    /// one).
    Overlap(bool),
    /// Casts: the status code and the exact fraction within `tolerance`.
    Cast {
        /// The expected [`cast_status_code`](crate::cast_status_code).
        status: u32,
        /// The exact fraction.
        fraction: f64,
        /// How far the f32 fraction may be from it.
        tolerance: f64,
    },
}

impl Reference {
    /// Whether the record of `query` agrees with the reference.
    ///
    /// ```
    /// use gjk_conformance::{Placed, Pose, Query, Reference, ShapeSpec};
    /// let dot = Placed {
    ///     shape: ShapeSpec::Point([0.0, 0.0]),
    ///     pose: Pose { position: [0.0, 0.0], angle: 0.0 },
    /// };
    /// let query = Query::Distance { a: dot, b: dot };
    /// let mut record = [0; 10];
    /// record[0] = 1.0_f32.to_bits();
    /// let reference = Reference::Distance { distance: 1.0, tolerance: 1e-6, overlapping: Some(false) };
    /// assert!(reference.holds_for(&query, &record));
    /// ```
    pub fn holds_for<Q: TableQuery>(&self, query: &Q, record: &Q::Record) -> bool {
        let record = record.as_ref();
        let float = |index: usize| f64::from(f32::from_bits(word(record, index)));
        let answer = query.answer();
        match *self {
            Self::None => true,
            Self::InvalidInput => match answer {
                Answer::Distance { status } => {
                    word(record, status) == distance_status_code(DistanceStatus::InvalidInput)
                }
                Answer::Overlap => {
                    word(record, 0) == intersects_code(Err(QueryError::InvalidInput))
                }
                Answer::Cast { status } => {
                    word(record, status) == cast_status_code(CastStatus::InvalidInput)
                }
            },
            Self::Distance {
                distance,
                tolerance,
                overlapping,
            } => {
                let Answer::Distance { status } = answer else {
                    return false;
                };
                let status = word(record, status);
                // Separated (0) or Overlapping (1): valid input never gives another.
                let settled = status <= 1;
                let close = (float(0) - distance).abs() <= tolerance;
                let classified = overlapping.is_none_or(|overlapping| overlapping == (status == 1));
                settled && close && classified
            }
            Self::Overlap(overlapping) => {
                answer == Answer::Overlap && word(record, 0) == u32::from(overlapping)
            }
            Self::Cast {
                status,
                fraction,
                tolerance,
            } => {
                let Answer::Cast { status: at } = answer else {
                    return false;
                };
                word(record, at) == status && (float(0) - fraction).abs() <= tolerance
            }
        }
    }
}

/// A record word, zero past the end.
fn word(record: &[u32], index: usize) -> u32 {
    record.get(index).copied().unwrap_or(0)
}

/// A case that did not pass.
#[derive(Clone, Copy, Debug)]
pub struct Failure<'t, Q: TableQuery = Query> {
    /// Its index in the table.
    pub index: usize,
    /// The case.
    pub case: &'t Case<Q>,
    /// What the target computed (or why it could not).
    pub actual: Result<Q::Record, ShapeError>,
    /// Whether the bits equal the expected ones.
    pub bits_match: bool,
    /// Whether the reference holds.
    pub reference_holds: bool,
}

/// The outcome of running a table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Cases run.
    pub cases: u32,
    /// Cases whose bits equal the expected ones and whose reference holds.
    pub passed: u32,
    /// Cases whose bits differ from the host's: a determinism failure.
    pub bits_differ: u32,
    /// Cases whose answer is off the oracle's: an accuracy failure.
    pub off_reference: u32,
    /// Cases whose shapes did not build.
    pub unbuilt: u32,
    /// FNV-1a (64-bit) of every record word, little-endian, in table order.
    pub hash: u64,
}

impl Summary {
    /// Whether every case passed.
    ///
    /// ```
    /// assert!(gjk_conformance::Summary::default().all_passed());
    /// ```
    pub fn all_passed(&self) -> bool {
        self.passed == self.cases
    }
}

/// Runs every case of a table, calls `on_failure` for each one that fails, and sums
/// up.
///
/// ```
/// let summary = gjk_conformance::run(gjk_conformance::CASES, |failure| {
///     panic!("case {} ({}) failed", failure.index, failure.case.label)
/// });
/// assert!(summary.all_passed());
/// ```
pub fn run<Q: TableQuery>(
    cases: &[Case<Q>],
    mut on_failure: impl FnMut(&Failure<'_, Q>),
) -> Summary {
    let mut summary = Summary::default();
    let mut hash = Fnv1a::new();
    for (index, case) in cases.iter().enumerate() {
        let actual = case.query.evaluate();
        let (bits_match, reference_holds) = match &actual {
            Ok(record) => {
                hash.write_words(record.as_ref());
                (
                    *record == case.expected,
                    case.reference.holds_for(&case.query, record),
                )
            }
            Err(_) => {
                hash.write_words(Q::UNBUILT.as_ref());
                summary.unbuilt += 1;
                (false, false)
            }
        };
        summary.cases += 1;
        if bits_match && reference_holds {
            summary.passed += 1;
        } else {
            summary.bits_differ += u32::from(!bits_match && actual.is_ok());
            summary.off_reference += u32::from(!reference_holds && actual.is_ok());
            on_failure(&Failure {
                index,
                case,
                actual,
                bits_match,
                reference_holds,
            });
        }
    }
    summary.hash = hash.finish();
    summary
}

/// The 64-bit FNV-1a hash: a byte at a time, xor then multiply by the FNV prime.
///
/// ```
/// use gjk_conformance::Fnv1a;
/// // The empty input hashes to the offset basis.
/// assert_eq!(Fnv1a::new().finish(), 0xcbf2_9ce4_8422_2325);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Fnv1a(u64);

impl Fnv1a {
    /// The FNV-1a 64-bit offset basis.
    const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
    /// The FNV 64-bit prime, 2^40 + 2^8 + 0xb3.
    const PRIME: u64 = 0x0000_0100_0000_01b3;

    /// A hash of nothing yet.
    pub const fn new() -> Self {
        Self(Self::OFFSET_BASIS)
    }

    /// Adds the words, each as four little-endian bytes.
    ///
    /// ```
    /// use gjk_conformance::Fnv1a;
    /// let mut one = Fnv1a::new();
    /// one.write_words(&[1]);
    /// assert_ne!(one.finish(), Fnv1a::new().finish());
    /// ```
    pub fn write_words(&mut self, words: &[u32]) {
        for byte in words.iter().flat_map(|word| word.to_le_bytes()) {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(Self::PRIME);
        }
    }

    /// The hash so far.
    pub const fn finish(&self) -> u64 {
        self.0
    }
}

impl Default for Fnv1a {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Placed, Pose, RECORD_WORDS, ShapeSpec};

    #[test]
    fn fnv1a_matches_the_published_test_vector() {
        // FNV-1a 64 of the ASCII bytes "a" is 0xaf63dc4c8601ec8c (the reference test
        // suite); the word 0x61 writes "a" followed by three zero bytes, so hash "a"
        // alone by hand through the same step.
        let mut hash = Fnv1a::OFFSET_BASIS;
        hash = (hash ^ 0x61).wrapping_mul(Fnv1a::PRIME);
        assert_eq!(hash, 0xaf63_dc4c_8601_ec8c);
        let mut words = Fnv1a::new();
        words.write_words(&[0x0403_0201]);
        let mut bytes = Fnv1a::OFFSET_BASIS;
        for byte in [1_u64, 2, 3, 4] {
            bytes = (bytes ^ byte).wrapping_mul(Fnv1a::PRIME);
        }
        assert_eq!(words.finish(), bytes);
    }

    #[test]
    fn distance_reference_rejects_a_wrong_status_or_a_far_value() {
        let reference = Reference::Distance {
            distance: 1.0,
            tolerance: 1e-6,
            overlapping: Some(false),
        };
        let dot = Placed {
            shape: ShapeSpec::Point([0.0, 0.0]),
            pose: Pose {
                position: [0.0, 0.0],
                angle: 0.0,
            },
        };
        let query = Query::Distance { a: dot, b: dot };
        let mut record = [0; RECORD_WORDS];
        record[0] = 1.0_f32.to_bits();
        assert!(reference.holds_for(&query, &record));
        record[8] = 1;
        assert!(!reference.holds_for(&query, &record));
        record[8] = 2;
        assert!(!reference.holds_for(&query, &record));
        record[8] = 0;
        record[0] = 1.001_f32.to_bits();
        assert!(!reference.holds_for(&query, &record));
    }

    #[test]
    fn every_case_of_the_table_passes_on_the_host() {
        let mut failed = 0;
        let summary = run(crate::CASES, |_| failed += 1);
        assert_eq!(failed, 0);
        assert!(summary.all_passed());
        assert!(summary.cases >= 300);
    }

    #[test]
    fn every_case_of_the_3d_table_passes_on_the_host() {
        let mut failed = 0;
        let summary = run(crate::CASES3, |_| failed += 1);
        assert_eq!(failed, 0);
        assert!(summary.all_passed());
        assert!(summary.cases >= 200);
    }

    #[test]
    fn a_reference_of_one_kind_rejects_a_record_of_another() {
        let dot = Placed {
            shape: ShapeSpec::Point([0.0, 0.0]),
            pose: Pose {
                position: [0.0, 0.0],
                angle: 0.0,
            },
        };
        let overlap = Query::Intersects { a: dot, b: dot };
        let mut record = [0; RECORD_WORDS];
        record[0] = 1;
        assert!(Reference::Overlap(true).holds_for(&overlap, &record));
        let distance = Reference::Distance {
            distance: 0.0,
            tolerance: 1.0,
            overlapping: None,
        };
        assert!(!distance.holds_for(&overlap, &record));
    }
}
