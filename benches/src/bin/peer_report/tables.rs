//! The report's tables: criterion's measurements read back, and the markdown of the
//! plane's and space's tables.

use core::fmt::Write as _;
use std::path::Path;

/// The 3D peer's criterion function; other functions starting with it are variants
/// (`parry3d_sat`).
const PEER_3D: &str = "parry3d";

/// Queries per criterion iteration.
const BATCH_SIZE: f64 = gjk_benches::standard::BATCH_SIZE as f64;

/// One measured function: its workload (criterion group), library (function) and
/// nanoseconds per query.
#[derive(Clone, Debug, PartialEq)]
pub struct Measurement {
    workload: String,
    library: String,
    nanoseconds: f64,
}

/// Every result of a group named `<prefix><workload>` under criterion's directory,
/// sorted by workload then library.
pub fn read_results(criterion: &Path, prefix: &str) -> Result<Vec<Measurement>, String> {
    let mut results = Vec::new();
    let groups = std::fs::read_dir(criterion)
        .map_err(|error| format!("{}: {error} (no benchmark results)", criterion.display()))?;
    for group in groups.flatten() {
        let workload = group.file_name().to_string_lossy().into_owned();
        let Some(workload) = workload.strip_prefix(prefix) else {
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
        return Err(format!("no {prefix}* results in {}", criterion.display()));
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
pub fn markdown(results: &[Measurement], quick: bool) -> String {
    let mut report = String::from("### gjk, parry2d and Box2D v3: nanoseconds per query\n\n");
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
        "\nWarm starts (gjk's target: at most 0.40 of the cold time):\n\n\
         | workload | library | warm time / cold time |\n| --- | --- | ---: |\n{lines}"
    )
}

/// One library's accuracy on one 3D workload, as `peer_accuracy3d --tsv` prints it
/// (the numbers kept as printed).
#[derive(Clone, Debug, PartialEq)]
pub struct Accuracy {
    workload: String,
    library: String,
    max_error: String,
    median_error: String,
    wrong: String,
    iterations: String,
}

/// The lines of `peer_accuracy3d --tsv`: workload, library, max and median error over
/// L, misclassified pairs, mean iterations (`-` when not reported), tab-separated.
pub fn parse_accuracy(tsv: &str) -> Result<Vec<Accuracy>, String> {
    tsv.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| match line.split('\t').collect::<Vec<_>>()[..] {
            [
                workload,
                library,
                max_error,
                median_error,
                wrong,
                iterations,
            ] => Ok(Accuracy {
                workload: workload.to_owned(),
                library: library.to_owned(),
                max_error: max_error.to_owned(),
                median_error: median_error.to_owned(),
                wrong: wrong.to_owned(),
                iterations: iterations.to_owned(),
            }),
            _ => Err(format!("peer_accuracy3d: unexpected line {line:?}")),
        })
        .collect()
}

/// The 3D table: per workload and parry3d variant, both libraries' nanoseconds per
/// query, gjk's time over parry3d's (below 1, gjk is faster), each side's accuracy and
/// gjk's mean iterations. A workload parry3d has no shape for gets one row with
/// dashes on parry3d's side.
pub fn markdown_3d(results: &[Measurement], accuracy: &[Accuracy], quick: bool) -> String {
    let mut report = String::from("### 3D: gjk and parry3d\n\n");
    if quick {
        report.push_str("Quick run (`--quick`): short measurements, noisier figures.\n\n");
    }
    report.push_str(
        "Same run, same `f32` data, 1024 pairs per workload, one in ten overlapping \
         (`benches/benches/peers3d.rs`; which parry3d function answers each workload and \
         why is in `benches/peers/parry3d.rs`: its GJK distance on the support maps, and \
         for the sphere its ball-against-polyhedron path, a GJK point projection). \
         \"gjk / parry3d\" is gjk's time over parry3d's: below 1, gjk is faster. \
         Errors are |distance - exact| / L against the f64 oracle, L the larger of the \
         exact distance and the two shapes' sizes; wrong: overlap misreported, outside \
         2e-5 of touching (`benches/examples/peer_accuracy3d.rs`). parry3d does not \
         report its iterations. \"cuboids (parry3d sat)\": `parry3d::query::distance` \
         on two boxes, which takes parry's separating-axis box code instead of GJK.\n\n\
         | workload | gjk ns/query | parry3d ns/query | gjk / parry3d \
         | gjk max error / L | gjk median error / L | gjk wrong \
         | parry3d max error / L | parry3d median error / L | parry3d wrong \
         | gjk mean iterations |\n\
         | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n",
    );
    let find = |workload: &str, library: &str| {
        accuracy
            .iter()
            .find(|row| row.workload == workload && row.library == library)
    };
    let dash = || "-".to_owned();
    let mut workloads: Vec<&str> = results.iter().map(|m| m.workload.as_str()).collect();
    workloads.dedup();
    for workload in workloads {
        let rows: Vec<&Measurement> = results.iter().filter(|m| m.workload == workload).collect();
        let Some(gjk) = rows.iter().find(|m| m.library == "gjk") else {
            continue;
        };
        let gjk_accuracy = find(workload, "gjk");
        let peers: Vec<Option<&Measurement>> = {
            let found: Vec<_> = rows
                .iter()
                .filter(|m| m.library.starts_with(PEER_3D))
                .map(|m| Some(*m))
                .collect();
            if found.is_empty() { vec![None] } else { found }
        };
        for peer in peers {
            let name = workload.strip_prefix("distance_").unwrap_or(workload);
            let label = match peer {
                Some(m) if m.library != PEER_3D => format!("{name} ({})", m.library),
                Some(_) => name.to_owned(),
                None => format!("{name} (no parry3d shape)"),
            };
            let peer_accuracy = peer.and_then(|m| find(workload, &m.library));
            let field = |row: Option<&Accuracy>, pick: fn(&Accuracy) -> &String| {
                row.map_or_else(dash, |row| pick(row).clone())
            };
            let _ = writeln!(
                report,
                "| {} | {:.1} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                label.replace('_', " "),
                gjk.nanoseconds,
                peer.map_or_else(dash, |m| format!("{:.1}", m.nanoseconds)),
                peer.map_or_else(dash, |m| format!("{:.2}", gjk.nanoseconds / m.nanoseconds)),
                field(gjk_accuracy, |row| &row.max_error),
                field(gjk_accuracy, |row| &row.median_error),
                field(gjk_accuracy, |row| &row.wrong),
                field(peer_accuracy, |row| &row.max_error),
                field(peer_accuracy, |row| &row.median_error),
                field(peer_accuracy, |row| &row.wrong),
                field(gjk_accuracy, |row| &row.iterations),
            );
        }
    }
    report
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

    #[test]
    fn accuracy_lines_are_read_field_by_field() {
        let rows = parse_accuracy("distance_cuboids\tgjk\t6.3e-7\t7.9e-8\t0\t2.73\n\n")
            .expect("one valid line");
        assert_eq!(
            rows,
            [Accuracy {
                workload: "distance_cuboids".to_owned(),
                library: "gjk".to_owned(),
                max_error: "6.3e-7".to_owned(),
                median_error: "7.9e-8".to_owned(),
                wrong: "0".to_owned(),
                iterations: "2.73".to_owned(),
            }]
        );
        assert!(parse_accuracy("distance_cuboids\tgjk\t1e-7").is_err());
    }

    #[test]
    fn table_3d_gives_a_row_per_parry3d_variant_with_both_sides_accuracy() {
        let row = |workload: &str, library: &str, nanoseconds| Measurement {
            workload: workload.to_owned(),
            library: library.to_owned(),
            nanoseconds,
        };
        let accuracy = |workload: &str, library: &str, max: &str, iterations: &str| Accuracy {
            workload: workload.to_owned(),
            library: library.to_owned(),
            max_error: max.to_owned(),
            median_error: "1e-8".to_owned(),
            wrong: "0".to_owned(),
            iterations: iterations.to_owned(),
        };
        let report = markdown_3d(
            &[
                row("distance_cuboids", "gjk", 300.0),
                row("distance_cuboids", "parry3d", 400.0),
                row("distance_cuboids", "parry3d_sat", 600.0),
                row("distance_ellipsoids", "gjk", 1800.0),
            ],
            &[
                accuracy("distance_cuboids", "gjk", "6e-7", "2.73"),
                accuracy("distance_cuboids", "parry3d", "3e-4", "-"),
                accuracy("distance_cuboids", "parry3d_sat", "5e-7", "-"),
                accuracy("distance_ellipsoids", "gjk", "1e-6", "9.50"),
            ],
            false,
        );
        assert!(
            report.contains(
                "| cuboids | 300.0 | 400.0 | 0.75 | 6e-7 | 1e-8 | 0 | 3e-4 | 1e-8 | 0 | 2.73 |"
            ),
            "{report}"
        );
        assert!(
            report.contains(
                "| cuboids (parry3d sat) | 300.0 | 600.0 | 0.50 | 6e-7 | 1e-8 | 0 | 5e-7 | 1e-8 | 0 | 2.73 |"
            ),
            "{report}"
        );
        assert!(
            report.contains(
                "| ellipsoids (no parry3d shape) | 1800.0 | - | - | 1e-6 | 1e-8 | 0 | - | - | - | 9.50 |"
            ),
            "{report}"
        );
    }
}
