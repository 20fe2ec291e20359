//! `cargo xtask conformance [--check]`: generates the conformance table,
//! `embedded/conformance/src/cases.rs`, or with `--check` fails if the checked-in one
//! is not what the generator writes today.
//!
//! The generator draws the cases ([`catalogue`]), runs each through the same
//! `gjk-conformance` code the targets run, on this host, and keeps the result bits as
//! the expected record. Each case also gets the exact f64 oracle's answer
//! ([`oracle`]); a host result outside its tolerance stops the generator, so the
//! table never enshrines a wrong answer.

mod catalogue;
mod oracle;
mod render;
mod rng;

#[cfg(test)]
pub use rng::Rng;

use std::path::{Path, PathBuf};

use gjk_conformance::{Case, Reference};

/// Where the table lives, relative to the workspace root.
pub const TABLE_PATH: &str = "embedded/conformance/src/cases.rs";

/// The command that writes the table, named in the file and in error messages.
const COMMAND: &str = "cargo xtask conformance";

/// Writes the table, or with `check` compares it with the checked-in one.
pub fn run(workspace_root: &Path, check: bool) -> Result<(), String> {
    let cases = generate()?;
    let text = render::file(&cases, COMMAND);
    let path: PathBuf = workspace_root.join(TABLE_PATH);
    if check {
        let current = std::fs::read_to_string(&path)
            .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
        if current != text {
            return Err(format!(
                "{TABLE_PATH} is out of date: the kernel's answers or the catalogue changed \
                 since it was generated. Run `{COMMAND}`, review the diff and commit it."
            ));
        }
        println!("{TABLE_PATH} is up to date ({} cases)", cases.len());
    } else {
        std::fs::write(&path, text)
            .map_err(|error| format!("cannot write {}: {error}", path.display()))?;
        println!("wrote {} cases to {TABLE_PATH}", cases.len());
    }
    Ok(())
}

/// Every case with its host record and oracle reference.
///
/// # Errors
///
/// The cases whose shapes do not build or whose host answer disagrees with the
/// oracle, one per line.
pub fn generate() -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    let mut problems = Vec::new();
    for draft in catalogue::drafts() {
        let reference = if draft.invalid {
            Reference::InvalidInput
        } else {
            settled(oracle::reference(&draft.query))
        };
        let label: &'static str = Box::leak(draft.label.into_boxed_str());
        match draft.query.evaluate() {
            Ok(record) => {
                if !reference.holds_for(&draft.query, &record) {
                    problems.push(format!(
                        "{label}: host answer {} is off the reference {reference:?}",
                        describe(&record)
                    ));
                }
                cases.push(Case {
                    label,
                    query: draft.query,
                    expected: record,
                    reference,
                });
            }
            Err(error) => problems.push(format!("{label}: shape does not build: {error}")),
        }
    }
    if problems.is_empty() {
        Ok(cases)
    } else {
        Err(format!(
            "{} of the table's cases fail on the host:\n{}",
            problems.len(),
            problems.join("\n")
        ))
    }
}

/// The reference as the table stores it: its values to 12 significant digits.
///
/// The oracle calls the C library's `sin`, `cos` and `hypot`, whose last bits may
/// differ between hosts; 12 digits are the same everywhere and far finer than the
/// tolerances (`2e-6 L`). The host check runs on these values, as the targets do.
fn settled(reference: Reference) -> Reference {
    let round = |value: f64| {
        if value.is_finite() && value != 0.0 {
            format!("{value:.11e}").parse().unwrap_or(value)
        } else {
            value
        }
    };
    match reference {
        Reference::Distance {
            distance,
            tolerance,
            overlapping,
        } => Reference::Distance {
            distance: round(distance),
            tolerance: round(tolerance),
            overlapping,
        },
        Reference::Cast {
            status,
            fraction,
            tolerance,
        } => Reference::Cast {
            status,
            fraction: round(fraction),
            tolerance: round(tolerance),
        },
        Reference::None | Reference::InvalidInput | Reference::Overlap(_) => reference,
    }
}

/// A record as its words read as floats, for messages.
fn describe(record: &gjk_conformance::Record) -> String {
    let words: Vec<String> = record
        .iter()
        .map(|&word| format!("{word:#010x} ({:e})", f32::from_bits(word)))
        .collect();
    format!("[{}]", words.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checked_in_table_is_what_the_generator_writes() {
        let root = crate::workspace_root();
        if let Err(error) = run(&root, true) {
            panic!("{error}");
        }
    }

    #[test]
    fn settled_references_keep_twelve_significant_digits() {
        let settled = settled(Reference::Distance {
            distance: 1.0 / 3.0,
            tolerance: 2e-6,
            overlapping: None,
        });
        assert_eq!(
            settled,
            Reference::Distance {
                distance: 0.333333333333,
                tolerance: 2e-6,
                overlapping: None,
            }
        );
    }

    #[test]
    fn table_has_every_query_kind_and_mostly_oracle_references() {
        let cases = gjk_conformance::CASES;
        let count = |wanted: fn(&gjk_conformance::Query) -> bool| {
            cases.iter().filter(|case| wanted(&case.query)).count()
        };
        use gjk_conformance::Query;
        assert!(count(|q| matches!(q, Query::Distance { .. })) >= 171);
        assert!(count(|q| matches!(q, Query::DistanceCached { .. })) >= 30);
        assert!(count(|q| matches!(q, Query::Intersects { .. })) >= 60);
        assert!(count(|q| matches!(q, Query::RayCast { .. })) >= 60);
        assert!(count(|q| matches!(q, Query::ShapeCast { .. })) >= 50);
        let referenced = cases
            .iter()
            .filter(|case| case.reference != Reference::None)
            .count();
        assert!(
            referenced * 10 >= cases.len() * 8,
            "{referenced} of {}",
            cases.len()
        );
    }
}
