//! The peer report, `cargo xtask bench [--quick]`: the peer benchmarks
//! (`benches/benches/peers.rs`: gjk, parry2d and Box2D v3; `benches/benches/peers3d.rs`:
//! gjk and parry3d; one criterion run), then a markdown table of nanoseconds per query
//! and each library's time relative to gjk's, printed and written into
//! `docs/performance.md`.
//!
//! The report replaces what lies between two marker lines of that page ([`BEGIN`] and
//! [`END`]); the hand-kept prose around them (how the figures are measured, what they
//! mean, the benchmarks this command does not run) stays as it is, so the page always
//! holds the last run's report. A page without the markers is an error, not a page
//! rewritten from scratch.
//!
//! The table is read ([`tables`]) from criterion's own results
//! (`target/criterion/<group>/<function>/new/estimates.json`, the mean time per
//! iteration; `target` stands for `CARGO_TARGET_DIR` when that is set), divided by the
//! batch of queries each iteration runs. `--quick` shortens warm-up and measurement
//! (1 s and 2 s per function instead of criterion's 3 s and 5 s, which the 3D benchmark
//! already cuts to 2 s and 3 s): noisier, for a first look.
//!
//! The accuracy and iteration tables that follow come from
//! `benches/examples/peer_accuracy.rs`, which judges every library on the same queries
//! against the exact f64 oracle; its markdown is appended as printed, its headings one
//! level down to sit under the page's section.
//!
//! The 3D table comes last, one row per workload and parry3d variant: both libraries'
//! nanoseconds per query (criterion groups `peers3d_*`), gjk's time over parry3d's,
//! and each side's accuracy against the 3D oracle with gjk's mean iterations, read
//! from `benches/examples/peer_accuracy3d.rs --tsv`, whose lines name the workload and
//! library as the criterion group and function do.

mod tables;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use tables::{markdown, markdown_3d, parse_accuracy, read_results};

/// The criterion groups of the plane peer benchmarks start with this.
const GROUP_PREFIX: &str = "peers_";

/// The criterion groups of the 3D peer benchmarks start with this.
const GROUP_PREFIX_3D: &str = "peers3d_";

/// The page the report goes into, relative to the workspace root.
const REPORT: &str = "docs/performance.md";

/// The line after which the report begins in [`REPORT`].
const BEGIN: &str = "<!-- cargo xtask bench: generated from here -->";

/// The line before which the report ends in [`REPORT`].
const END: &str = "<!-- cargo xtask bench: generated up to here -->";

/// Runs the peer benchmarks and writes the report; `--quick` for short measurements.
fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&workspace_root(), &args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{error}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace root, where the benchmarks run and the report is written: the parent
/// of this crate's folder.
fn workspace_root() -> PathBuf {
    let manifest_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest_dir.parent().unwrap_or(manifest_dir).to_path_buf()
}

/// Runs the peer benchmarks and writes the report.
fn run(workspace_root: &Path, args: &[String]) -> Result<(), String> {
    let quick = args.iter().any(|arg| arg == "--quick");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .args([
            "bench",
            "-p",
            "gjk-benches",
            "--bench",
            "peers",
            "--bench",
            "peers3d",
            "--",
        ])
        .current_dir(workspace_root);
    if quick {
        command.args(["--warm-up-time", "1", "--measurement-time", "2"]);
    }
    let status = command
        .status()
        .map_err(|error| format!("could not start cargo: {error}"))?;
    if !status.success() {
        return Err(format!("the peer benchmarks failed ({status})"));
    }
    let target = target_dir(workspace_root);
    let criterion = target.join("criterion");
    let results = read_results(&criterion, GROUP_PREFIX)?;
    let mut report = markdown(&results, quick);
    report.push('\n');
    // The example prints `##` headings of its own; under the page's `##` section they
    // are one level down.
    report.push_str(&nest_headings(&example_output(
        workspace_root,
        "peer_accuracy",
        &[],
    )?));
    let results_3d = read_results(&criterion, GROUP_PREFIX_3D)?;
    let accuracy_3d = parse_accuracy(&example_output(
        workspace_root,
        "peer_accuracy3d",
        &["--tsv"],
    )?)?;
    report.push('\n');
    report.push_str(&markdown_3d(&results_3d, &accuracy_3d, quick));
    println!("\n{report}");
    let path = workspace_root.join(REPORT);
    let page =
        std::fs::read_to_string(&path).map_err(|error| format!("{}: {error}", path.display()))?;
    let page = splice(&page, &report).map_err(|error| format!("{}: {error}", path.display()))?;
    std::fs::write(&path, page).map_err(|error| format!("{}: {error}", path.display()))?;
    println!("written into {}", path.display());
    Ok(())
}

/// `page` with the text between its [`BEGIN`] and [`END`] lines replaced by `report`,
/// set off by blank lines; everything outside the markers is kept byte for byte.
fn splice(page: &str, report: &str) -> Result<String, String> {
    let missing = |marker: &str| format!("no line {marker:?} to put the report after");
    let begin = page.find(BEGIN).ok_or_else(|| missing(BEGIN))? + BEGIN.len();
    let end = begin
        + page[begin..]
            .find(END)
            .ok_or_else(|| format!("no line {END:?} after {BEGIN:?}"))?;
    Ok(format!(
        "{}\n\n{}\n\n{}",
        &page[..begin],
        report.trim(),
        &page[end..]
    ))
}

/// `markdown` with every heading one level deeper (`## A` becomes `### A`).
fn nest_headings(markdown: &str) -> String {
    markdown
        .lines()
        .map(|line| {
            if line.starts_with('#') {
                format!("#{line}\n")
            } else {
                format!("{line}\n")
            }
        })
        .collect()
}

/// Cargo's target directory, where criterion writes its results:
/// `CARGO_TARGET_DIR` when set (relative to the workspace root, as cargo reads it),
/// `target/` otherwise.
fn target_dir(workspace_root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .filter(|dir| !dir.is_empty())
        .map_or_else(
            || workspace_root.join("target"),
            |dir| workspace_root.join(dir),
        )
}

/// What an example of gjk-benches prints, run in release with `args`.
fn example_output(workspace_root: &Path, example: &str, args: &[&str]) -> Result<String, String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .args([
            "run",
            "--release",
            "-q",
            "-p",
            "gjk-benches",
            "--example",
            example,
            "--",
        ])
        .args(args)
        .current_dir(workspace_root)
        .output()
        .map_err(|error| format!("could not start cargo: {error}"))?;
    if !output.status.success() {
        return Err(format!(
            "the {example} example failed ({}): {}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    String::from_utf8(output.stdout).map_err(|error| format!("{example}: {error}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn report_replaces_only_what_lies_between_the_markers() {
        let page =
            format!("# Performance\n\nProse.\n\n{BEGIN}\n\nold figures\n\n{END}\n\nMore prose.\n");
        let once = splice(&page, "### Table\n\n| new | figures |\n").expect("both markers");
        assert_eq!(
            once,
            format!(
                "# Performance\n\nProse.\n\n{BEGIN}\n\n### Table\n\n| new | figures |\n\n{END}\n\nMore prose.\n"
            )
        );
        assert_eq!(
            splice(&once, "### Table\n\n| new | figures |\n").as_ref(),
            Ok(&once),
            "a second run with the same figures changes nothing"
        );
    }

    #[test]
    fn report_needs_both_markers() {
        assert!(splice("# Performance\n", "report").is_err());
        assert!(splice(&format!("{BEGIN}\n"), "report").is_err());
        assert!(splice(&format!("{END}\n{BEGIN}\n"), "report").is_err());
    }

    #[test]
    fn the_pages_markers_are_in_place() {
        let page = include_str!("../../../../docs/performance.md");
        assert!(splice(page, "report").is_ok());
    }

    #[test]
    fn example_headings_go_one_level_down() {
        assert_eq!(
            nest_headings("## Accuracy\n\n| a | b |\n"),
            "### Accuracy\n\n| a | b |\n"
        );
    }
}
