//! The generator of the conformance tables, `embedded/conformance/src/cases.rs` (the
//! plane) and `cases3.rs` (3D), which the firmware, the wasm module and the host run.
//! `cargo xtask conformance` runs it to write them; with `--check` it writes nothing
//! and fails if a checked-in table is not what it would write (CI runs the check).
//!
//! The generator draws the cases ([`catalogue`], [`catalogue3`]), runs each through
//! the same `gjk-conformance` code the targets run, on this host, and keeps the result
//! bits as the expected record. Each case also gets the exact f64 oracle's answer
//! ([`oracle`], [`oracle3`]); a host result outside its tolerance stops the generator,
//! so a table never enshrines a wrong answer.

mod catalogue;
mod catalogue3;
mod oracle;
mod oracle3;
mod render;
mod render3;
mod rng;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use gjk_conformance::{Case, Query3, Reference, TableQuery};

use catalogue::Draft;

/// Where the plane's table lives, relative to the workspace root.
pub const TABLE_PATH: &str = "embedded/conformance/src/cases.rs";

/// Where the 3D table lives, relative to the workspace root.
pub const TABLE3_PATH: &str = "embedded/conformance/src/cases3.rs";

/// Where the catalogues live, relative to the workspace root; the tables name them.
pub const CATALOGUE_DIR: &str = "embedded/conformance-gen/src";

/// The command that writes the tables, named in the files and in error messages.
const COMMAND: &str = "cargo xtask conformance";

/// Writes the tables, or with `--check` compares them with the checked-in ones.
fn main() -> ExitCode {
    let check = std::env::args().skip(1).any(|arg| arg == "--check");
    match run(&workspace_root(), check) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{error}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace root, two folders above this crate's.
fn workspace_root() -> PathBuf {
    let manifest_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest_dir
        .ancestors()
        .nth(2)
        .unwrap_or(manifest_dir)
        .to_path_buf()
}

/// Writes the tables, or with `check` compares them with the checked-in ones.
pub fn run(workspace_root: &Path, check: bool) -> Result<(), String> {
    let plane = generate()?;
    let space = generate3()?;
    let tables = [
        (TABLE_PATH, render::file(&plane, COMMAND), plane.len()),
        (TABLE3_PATH, render3::file(&space, COMMAND), space.len()),
    ];
    for (table, text, cases) in tables {
        let path: PathBuf = workspace_root.join(table);
        if check {
            let current = std::fs::read_to_string(&path)
                .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
            if current != text {
                return Err(format!(
                    "{table} is out of date: the kernel's answers or the catalogue changed \
                     since it was generated. Run `{COMMAND}`, review the diff and commit it."
                ));
            }
            println!("{table} is up to date ({cases} cases)");
        } else {
            std::fs::write(&path, text)
                .map_err(|error| format!("cannot write {}: {error}", path.display()))?;
            println!("wrote {cases} cases to {table}");
        }
    }
    Ok(())
}

/// Every case of the plane's table with its host record and oracle reference.
///
/// # Errors
///
/// The cases whose shapes do not build or whose host answer disagrees with the
/// oracle, one per line.
pub fn generate() -> Result<Vec<Case>, String> {
    generate_table(catalogue::drafts(), oracle::reference)
}

/// Every case of the 3D table with its host record and oracle reference.
///
/// # Errors
///
/// As [`generate`].
pub fn generate3() -> Result<Vec<Case<Query3>>, String> {
    generate_table(catalogue3::drafts(), oracle3::reference)
}

/// The cases of one table from its drafts, each run on this host and checked against
/// the oracle's reference.
fn generate_table<Q: TableQuery>(
    drafts: Vec<Draft<Q>>,
    oracle: impl Fn(&Q) -> Reference,
) -> Result<Vec<Case<Q>>, String> {
    let mut cases = Vec::new();
    let mut problems = Vec::new();
    for draft in drafts {
        let reference = if draft.invalid {
            Reference::InvalidInput
        } else {
            settled(oracle(&draft.query))
        };
        let label: &'static str = Box::leak(draft.label.into_boxed_str());
        match draft.query.evaluate() {
            Ok(record) => {
                if !reference.holds_for(&draft.query, &record) {
                    problems.push(format!(
                        "{label}: host answer {} is off the reference {reference:?}",
                        describe(record.as_ref())
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
fn describe(record: &[u32]) -> String {
    let words: Vec<String> = record
        .iter()
        .map(|&word| format!("{word:#010x} ({:e})", f32::from_bits(word)))
        .collect();
    format!("[{}]", words.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table holds the kernel as firmware builds it, without default features:
    /// run alone (`cargo test -p gjk-conformance-gen`), since a whole-workspace build
    /// turns gjk-shapes' default `curved-witnesses` on for every crate.
    #[test]
    fn checked_in_table_is_what_the_generator_writes() {
        let root = workspace_root();
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
    fn libm_and_std_square_roots_agree_bit_for_bit() {
        // The kernel's `sqrt` is `libm::sqrtf` without std and may be std's (the
        // `sqrtss` instruction) when a host build enables num-traits' `std`; the tables
        // hold this host's answers as what every target must give. Both are correctly
        // rounded, so they must agree on every input; this samples a million bit
        // patterns and the edges.
        let mut rng = rng::Rng::new(0x5eed);
        let edges = [0.0_f32, -0.0, f32::MIN_POSITIVE, 1e-45, 1.0, 2.0, f32::MAX];
        let samples = (0..1 << 20).map(|_| f32::from_bits((rng.next_u64() >> 33) as u32));
        for value in edges.into_iter().chain(samples) {
            assert_eq!(
                libm::sqrtf(value).to_bits(),
                value.sqrt().to_bits(),
                "{value:e}"
            );
        }
    }

    #[test]
    fn the_3d_table_has_every_query_and_shape_kind_and_mostly_oracle_references() {
        use gjk_conformance::Query3;
        let cases = gjk_conformance::CASES3;
        let count =
            |wanted: fn(&Query3) -> bool| cases.iter().filter(|case| wanted(&case.query)).count();
        assert!(count(|q| matches!(q, Query3::Distance { .. })) >= 150);
        assert!(count(|q| matches!(q, Query3::DistanceCached { .. })) >= 28);
        assert!(count(|q| matches!(q, Query3::Intersects { .. })) >= 28);
        // Every one of the 14 shape kinds appears in a distance query.
        let mut kinds = std::collections::HashSet::new();
        for case in cases {
            if let Query3::Distance { a, b } = case.query {
                kinds.insert(core::mem::discriminant(&a.shape));
                kinds.insert(core::mem::discriminant(&b.shape));
            }
        }
        assert_eq!(kinds.len(), 14);
        let referenced = cases
            .iter()
            .filter(|case| case.reference != Reference::None)
            .count();
        assert!(
            referenced * 10 >= cases.len() * 9,
            "{referenced} of {}",
            cases.len()
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
