//! `cargo xtask bench [--quick]`: the peer benchmarks (`benches/benches/peers.rs`: gjk,
//! parry2d and Box2D v3 in one criterion run), then a markdown table of nanoseconds
//! per query and each library's time relative to gjk's, printed and written to
//! `target/bench-report.md`.
//!
//! The table is read from criterion's own results (`target/criterion/<group>/<function>/
//! new/estimates.json`, the mean time per iteration), divided by the batch of queries
//! each iteration runs. `--quick` shortens warm-up and measurement (1 s and 2 s per
//! function instead of criterion's 3 s and 5 s): noisier, for a first look.
//!
//! The accuracy and iteration tables that follow come from
//! `benches/examples/peer_accuracy.rs`, which judges every library on the same queries
//! against the exact f64 oracle; its markdown is appended as printed.

use core::fmt::Write as _;
use std::path::Path;
use std::process::Command;

/// The criterion groups of the peer benchmarks start with this.
const GROUP_PREFIX: &str = "peers_";

/// Queries per criterion iteration (`gjk_benches::standard::BATCH_SIZE`).
const BATCH_SIZE: f64 = 1024.0;

/// Where the report goes, relative to the workspace root.
const REPORT: &str = "target/bench-report.md";

/// Runs the peer benchmarks and writes the report.
pub fn run(workspace_root: &Path, args: &[String]) -> Result<(), String> {
    let quick = args.iter().any(|arg| arg == "--quick");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .args(["bench", "-p", "gjk-benches", "--bench", "peers", "--"])
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
    let results = read_results(&workspace_root.join("target").join("criterion"))?;
    let mut report = markdown(&results, quick);
    report.push('\n');
    report.push_str(&accuracy_tables(workspace_root)?);
    println!("\n{report}");
    let path = workspace_root.join(REPORT);
    std::fs::write(&path, &report).map_err(|error| format!("{}: {error}", path.display()))?;
    println!("written to {REPORT}");
    Ok(())
}

/// The accuracy and iteration tables printed by the `peer_accuracy` example.
fn accuracy_tables(workspace_root: &Path) -> Result<String, String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .args([
            "run",
            "--release",
            "-q",
            "-p",
            "gjk-benches",
            "--example",
            "peer_accuracy",
        ])
        .current_dir(workspace_root)
        .output()
        .map_err(|error| format!("could not start cargo: {error}"))?;
    if !output.status.success() {
        return Err(format!(
            "the accuracy tables failed ({}): {}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    String::from_utf8(output.stdout).map_err(|error| format!("accuracy tables: {error}"))
}

/// One measured function: its workload (criterion group), library (function) and
/// nanoseconds per query.
#[derive(Clone, Debug, PartialEq)]
struct Measurement {
    workload: String,
    library: String,
    nanoseconds: f64,
}

/// Every `peers_*` result under criterion's directory, sorted by workload then library.
fn read_results(criterion: &Path) -> Result<Vec<Measurement>, String> {
    let mut results = Vec::new();
    let groups = std::fs::read_dir(criterion)
        .map_err(|error| format!("{}: {error} (no benchmark results)", criterion.display()))?;
    for group in groups.flatten() {
        let workload = group.file_name().to_string_lossy().into_owned();
        let Some(workload) = workload.strip_prefix(GROUP_PREFIX) else {
            continue;
        };
        let Ok(functions) = std::fs::read_dir(group.path()) else {
            continue;
        };
        for function in functions.flatten() {
            let estimates = function.path().join("new").join("estimates.json");
            let Ok(json) = std::fs::read_to_string(&estimates) else {
                continue;
            };
            let per_iteration = mean_estimate(&json)
                .ok_or_else(|| format!("{}: no mean estimate", estimates.display()))?;
            results.push(Measurement {
                workload: workload.to_owned(),
                library: function.file_name().to_string_lossy().into_owned(),
                nanoseconds: per_iteration / BATCH_SIZE,
            });
        }
    }
    if results.is_empty() {
        return Err(format!(
            "no {GROUP_PREFIX}* results in {}",
            criterion.display()
        ));
    }
    results.sort_by(|a, b| (&a.workload, &a.library).cmp(&(&b.workload, &b.library)));
    Ok(results)
}

/// The mean's point estimate of criterion's `estimates.json`, in nanoseconds: the first
/// number after `"point_estimate":` following `"mean":` (the file is criterion's own,
/// one JSON object; no JSON dependency for one number).
fn mean_estimate(json: &str) -> Option<f64> {
    let mean = &json[json.find("\"mean\"")?..];
    let value = &mean[mean.find("\"point_estimate\":")? + "\"point_estimate\":".len()..];
    let end = value
        .find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | 'e' | 'E')))
        .unwrap_or(value.len());
    value[..end].parse().ok()
}

/// The report: per workload, each library's nanoseconds per query and its time over
/// gjk's (the first `gjk*` function of the workload; above 1, gjk is faster).
fn markdown(results: &[Measurement], quick: bool) -> String {
    let mut report = String::from("# gjk, parry2d and Box2D v3: nanoseconds per query\n\n");
    if quick {
        report.push_str("Quick run (`--quick`): short measurements, noisier figures.\n\n");
    }
    report.push_str(
        "Same run, same `f32` data (`benches/benches/peers.rs`). \"time / gjk\" is a \
         library's time over gjk's first variant on the workload: above 1, gjk is faster.\n\n\
         | workload | library | ns/query | time / gjk |\n| --- | --- | ---: | ---: |\n",
    );
    let mut workloads: Vec<&str> = results.iter().map(|m| m.workload.as_str()).collect();
    workloads.dedup();
    for workload in workloads {
        let rows: Vec<&Measurement> = results.iter().filter(|m| m.workload == workload).collect();
        let reference = rows
            .iter()
            .find(|m| m.library.starts_with("gjk"))
            .map(|m| m.nanoseconds);
        let alone = rows.iter().all(|m| m.library.starts_with("gjk"));
        for row in rows {
            let ratio = reference.map_or_else(
                || "-".to_owned(),
                |gjk| format!("{:.2}", row.nanoseconds / gjk),
            );
            let _ = writeln!(
                report,
                "| {} | {} | {:.1} | {} |",
                workload.replace('_', " "),
                row.library.replace('_', " "),
                row.nanoseconds,
                ratio
            );
        }
        if alone {
            let _ = writeln!(
                report,
                "| {} | parry2d, box2d | - | no peer has this shape |",
                workload.replace('_', " ")
            );
        }
    }
    report.push_str(&warm_over_cold(results));
    report
}

/// For workloads timed both cold and warm-started (functions `<library>_cold` and
/// `<library>_warm`), each library's warm time over its cold time; empty when there are
/// none.
fn warm_over_cold(results: &[Measurement]) -> String {
    let mut lines = String::new();
    for warm in results.iter().filter(|m| m.library.ends_with("_warm")) {
        let library = warm.library.trim_end_matches("_warm");
        let cold = results.iter().find(|m| {
            m.workload == warm.workload && m.library.strip_suffix("_cold") == Some(library)
        });
        if let Some(cold) = cold {
            let _ = writeln!(
                lines,
                "| {} | {library} | {:.2} |",
                warm.workload.replace('_', " "),
                warm.nanoseconds / cold.nanoseconds
            );
        }
    }
    if lines.is_empty() {
        return lines;
    }
    format!(
        "\nWarm starts (the issue's goal for gjk: at most 0.40 of the cold time):\n\n\
         | workload | library | warm time / cold time |\n| --- | --- | ---: |\n{lines}"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mean_estimate_reads_criterions_mean_not_its_median() {
        let json = r#"{"mean":{"confidence_interval":{"lower_bound":1.0,"upper_bound":3.0},"point_estimate":2048.5,"standard_error":4.0},"median":{"point_estimate":99.0}}"#;
        assert_eq!(mean_estimate(json), Some(2048.5));
        assert_eq!(mean_estimate("{}"), None);
    }

    #[test]
    fn report_gives_each_library_its_time_over_gjks() {
        let row = |workload: &str, library: &str, nanoseconds| Measurement {
            workload: workload.to_owned(),
            library: library.to_owned(),
            nanoseconds,
        };
        let report = markdown(
            &[
                row("distance_octagons", "box2d", 90.0),
                row("distance_octagons", "gjk", 100.0),
                row("distance_octagons", "parry2d", 150.0),
            ],
            false,
        );
        assert!(
            report.contains("| distance octagons | box2d | 90.0 | 0.90 |"),
            "{report}"
        );
        assert!(
            report.contains("| distance octagons | gjk | 100.0 | 1.00 |"),
            "{report}"
        );
        assert!(
            report.contains("| distance octagons | parry2d | 150.0 | 1.50 |"),
            "{report}"
        );
    }

    #[test]
    fn report_says_when_no_peer_runs_a_workload() {
        let report = markdown(
            &[Measurement {
                workload: "distance_ellipses".to_owned(),
                library: "gjk".to_owned(),
                nanoseconds: 200.0,
            }],
            false,
        );
        assert!(
            report.contains("| distance ellipses | parry2d, box2d | - | no peer has this shape |"),
            "{report}"
        );
        assert!(!report.contains("Warm starts"), "{report}");
    }

    #[test]
    fn report_gives_each_library_its_warm_time_over_its_cold_time() {
        let row = |library: &str, nanoseconds| Measurement {
            workload: "coherent_octagons".to_owned(),
            library: library.to_owned(),
            nanoseconds,
        };
        let report = markdown(
            &[
                row("box2d_cold", 100.0),
                row("box2d_warm", 50.0),
                row("gjk_cold", 120.0),
                row("gjk_warm", 30.0),
                row("parry2d_cold", 200.0),
            ],
            false,
        );
        assert!(
            report.contains("| coherent octagons | box2d | 0.50 |"),
            "{report}"
        );
        assert!(
            report.contains("| coherent octagons | gjk | 0.25 |"),
            "{report}"
        );
        assert!(
            !report.contains("| coherent octagons | parry2d |"),
            "{report}"
        );
    }
}
