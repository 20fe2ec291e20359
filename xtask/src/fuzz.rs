//! `cargo xtask fuzz [--seconds N | --smoke]`: every fuzz target in `fuzz/`, with the
//! number of executions per target.
//!
//! - `--seconds N` (default 60 s): each target for N seconds, from the corpus kept in
//!   `target/fuzz-corpus/<target>`, with a fresh random seed: exploration, to find new
//!   failures.
//! - `--smoke` (what `cargo xtask ci` runs): each target for a fixed number of
//!   executions (about ten seconds' worth) from an empty corpus with a fixed seed, so
//!   that every run feeds the same inputs: a check that passes or fails the same way on
//!   every machine, not a lottery over what the fuzzer happens to find that day.
//!   Failures that exploration finds become regression tests, which CI runs anyway.
//!
//! The targets are cargo-fuzz targets (`cargo +nightly fuzz run <target>` works too),
//! but this command needs no nightly toolchain and no cargo-fuzz: it builds them with
//! the stable compiler's coverage instrumentation (LLVM's sanitizer-coverage pass, the
//! part of cargo-fuzz's flags that guides libFuzzer) and runs the binaries directly.
//! The sanitizers cargo-fuzz adds on nightly are for memory errors, which the kernel,
//! free of unsafe code, cannot have; its panics and failed invariants abort the run
//! either way. A failing input is written to `target/fuzz-artifacts/` and the command
//! fails.

use core::sync::atomic::{AtomicUsize, Ordering as AtomicOrdering};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The fuzz targets, as named in `fuzz/Cargo.toml`, with the executions of a smoke run:
/// about ten seconds each on one core of a 2-core Zen 4 machine, from its measured
/// rates: 40 thousand executions per second for `time_of_impact`, 35 thousand for
/// `batch` with its distance and ray casts, 18 thousand for `space`, whose 3D EPA runs
/// on every overlap, and 175 to 240 thousand for the others.
pub const TARGETS: [(&str, u64); 12] = [
    ("distance", 2_000_000),
    ("distance_cached", 1_500_000),
    ("intersects", 2_000_000),
    ("ray_cast", 2_000_000),
    ("shape_cast", 2_000_000),
    ("time_of_impact", 400_000),
    ("construction", 2_000_000),
    ("batch", 400_000),
    ("contact", 1_000_000),
    ("point", 1_000_000),
    ("space", 180_000),
    ("cast3", 1_500_000),
];

/// The seed of every smoke run.
const SMOKE_SEED: u32 = 20_261_124;

/// A smoke run's time limit per target: a slow machine stops early instead of taking
/// minutes (it then checks a prefix of the same input sequence).
const SMOKE_SECONDS_CAP: u64 = 60;

/// The instrumentation cargo-fuzz passes to rustc for libFuzzer's guidance.
const COVERAGE_FLAGS: &str = "-Cpasses=sancov-module \
    -Cllvm-args=-sanitizer-coverage-level=4 \
    -Cllvm-args=-sanitizer-coverage-inline-8bit-counters \
    -Cllvm-args=-sanitizer-coverage-pc-table \
    -Cllvm-args=-sanitizer-coverage-trace-compares \
    --cfg fuzzing";

/// Seconds per target without `--seconds`.
const DEFAULT_SECONDS: u64 = 60;

/// How long each target runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Budget {
    /// Exploration: this many seconds from the kept corpus, random seed.
    Seconds(u64),
    /// The fixed smoke run: [`TARGETS`]' executions, fixed seed, empty corpus.
    Smoke,
}

/// The budget the arguments ask for.
fn budget(args: &[String]) -> Result<Budget, String> {
    if args.iter().any(|arg| arg == "--smoke") {
        return Ok(Budget::Smoke);
    }
    match args.iter().position(|arg| arg == "--seconds") {
        Some(index) => args
            .get(index + 1)
            .and_then(|value| value.parse().ok())
            .map(Budget::Seconds)
            .ok_or_else(|| "--seconds needs a whole number".to_owned()),
        None => Ok(Budget::Seconds(DEFAULT_SECONDS)),
    }
}

/// libFuzzer's arguments for one target under `budget`, with its corpus folder.
fn libfuzzer_args(
    budget: Budget,
    smoke_runs: u64,
    root: &Path,
    target: &str,
) -> (Vec<String>, PathBuf) {
    let fuzz_dir = root.join("target");
    match budget {
        Budget::Seconds(seconds) => (
            vec![format!("-max_total_time={seconds}")],
            fuzz_dir.join("fuzz-corpus").join(target),
        ),
        Budget::Smoke => (
            vec![
                format!("-seed={SMOKE_SEED}"),
                format!("-runs={smoke_runs}"),
                format!("-max_total_time={SMOKE_SECONDS_CAP}"),
            ],
            fuzz_dir.join("fuzz-smoke-corpus").join(target),
        ),
    }
}

/// Builds the targets and runs each within the budget the arguments ask for.
pub fn run(workspace_root: &Path, args: &[String]) -> Result<(), String> {
    let budget = budget(args)?;
    let host = host_triple()?;
    let fuzz_dir = workspace_root.join("fuzz");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    // An explicit --target keeps the flags off build scripts and proc macros.
    let status = Command::new(cargo)
        .args(["build", "--release", "--bins", "--target", &host])
        .current_dir(&fuzz_dir)
        .env("RUSTFLAGS", COVERAGE_FLAGS)
        .env_remove("CARGO_TARGET_DIR")
        .status()
        .map_err(|error| format!("could not start cargo: {error}"))?;
    if !status.success() {
        return Err(format!("building the fuzz targets failed ({status})"));
    }
    let binaries = fuzz_dir.join("target").join(&host).join("release");
    // One target per core at a time: each run is a single-threaded libFuzzer process
    // with its own seed and corpus, so running them side by side changes no input.
    let next = AtomicUsize::new(0);
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let mut outcomes: Vec<(usize, Result<Outcome, String>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..cores.min(TARGETS.len()))
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let index = next.fetch_add(1, AtomicOrdering::Relaxed);
                        let Some(&(target, smoke_runs)) = TARGETS.get(index) else {
                            return done;
                        };
                        let outcome =
                            fuzz_one(budget, workspace_root, &binaries, target, smoke_runs);
                        done.push((index, outcome));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().unwrap_or_default())
            .collect()
    });
    if outcomes.len() != TARGETS.len() {
        return Err("a fuzzing worker stopped before its targets were done".to_owned());
    }
    outcomes.sort_by_key(|(index, _)| *index);
    let mut failures = Vec::new();
    let mut rows = Vec::new();
    for (index, outcome) in outcomes {
        let target = TARGETS[index].0;
        let outcome = outcome?;
        rows.push((target, outcome.executions, outcome.corpus));
        if !outcome.passed {
            println!("==> {target} failed:\n{}", outcome.log_tail);
            failures.push(target);
        }
    }
    println!("\n| target | executions | corpus inputs |\n| --- | ---: | ---: |");
    for (target, executions, corpus) in &rows {
        println!("| {target} | {executions} | {corpus} |");
    }
    if failures.is_empty() {
        println!("\nno failures in {} targets", TARGETS.len());
        Ok(())
    } else {
        Err(format!(
            "failing inputs for {} (in target/fuzz-artifacts/); each becomes a regression test",
            failures.join(", ")
        ))
    }
}

/// What one target's run found.
struct Outcome {
    /// libFuzzer's count of executed inputs.
    executions: u64,
    /// Files in its corpus afterwards.
    corpus: usize,
    /// Whether it ended without a failing input.
    passed: bool,
    /// The end of libFuzzer's log, shown for a failure.
    log_tail: String,
}

/// Runs one target within `budget`, from its own corpus folder.
fn fuzz_one(
    budget: Budget,
    workspace_root: &Path,
    binaries: &Path,
    target: &str,
    smoke_runs: u64,
) -> Result<Outcome, String> {
    let (limits, corpus) = libfuzzer_args(budget, smoke_runs, workspace_root, target);
    if budget == Budget::Smoke && corpus.exists() {
        // Every smoke run starts from nothing, as on a clean clone.
        std::fs::remove_dir_all(&corpus)
            .map_err(|error| format!("{}: {error}", corpus.display()))?;
    }
    let artifacts = workspace_root.join("target").join("fuzz-artifacts");
    for folder in [&corpus, &artifacts] {
        std::fs::create_dir_all(folder)
            .map_err(|error| format!("{}: {error}", folder.display()))?;
    }
    match budget {
        Budget::Seconds(seconds) => println!("==> fuzzing {target} for {seconds} s"),
        Budget::Smoke => {
            println!("==> fuzzing {target}: {smoke_runs} executions, seed {SMOKE_SEED}")
        }
    }
    let output = Command::new(binaries.join(target))
        .args(&limits)
        .arg(format!(
            "-artifact_prefix={}/{target}-",
            artifacts.display()
        ))
        .arg("-print_final_stats=1")
        .arg(&corpus)
        .output()
        .map_err(|error| format!("could not start the {target} target: {error}"))?;
    let log = String::from_utf8_lossy(&output.stderr);
    let tail: Vec<&str> = log.lines().rev().take(30).collect();
    let tail: Vec<&str> = tail.into_iter().rev().collect();
    Ok(Outcome {
        executions: stat(&log, "stat::number_of_executed_units:").unwrap_or(0),
        corpus: corpus_size(&corpus),
        passed: output.status.success(),
        log_tail: tail.join("\n"),
    })
}

/// The host's target triple, from `rustc -vV`.
fn host_triple() -> Result<String, String> {
    let output = Command::new("rustc")
        .arg("-vV")
        .output()
        .map_err(|error| format!("could not start rustc: {error}"))?;
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .find_map(|line| line.strip_prefix("host: "))
        .map(str::to_owned)
        .ok_or_else(|| "rustc -vV printed no host".to_owned())
}

/// The number after `name` in libFuzzer's final statistics.
fn stat(log: &str, name: &str) -> Option<u64> {
    log.lines()
        .find_map(|line| line.strip_prefix(name))
        .and_then(|value| value.trim().parse().ok())
}

/// Files in a corpus folder.
fn corpus_size(corpus: &Path) -> usize {
    std::fs::read_dir(corpus).map_or(0, |entries| entries.count())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|arg| (*arg).to_owned()).collect()
    }

    #[test]
    fn smoke_runs_are_seeded_counted_and_start_from_their_own_corpus() {
        let root = Path::new("repo");
        assert_eq!(budget(&strings(&["--smoke"])), Ok(Budget::Smoke));
        let (limits, corpus) = libfuzzer_args(Budget::Smoke, 1234, root, "distance");
        assert!(limits.contains(&format!("-seed={SMOKE_SEED}")));
        assert!(limits.contains(&"-runs=1234".to_owned()));
        assert_eq!(corpus, root.join("target/fuzz-smoke-corpus/distance"));
    }

    #[test]
    fn exploration_runs_for_the_seconds_asked_from_the_kept_corpus() {
        let root = Path::new("repo");
        assert_eq!(budget(&[]), Ok(Budget::Seconds(DEFAULT_SECONDS)));
        assert_eq!(
            budget(&strings(&["--seconds", "600"])),
            Ok(Budget::Seconds(600))
        );
        assert!(budget(&strings(&["--seconds", "soon"])).is_err());
        let (limits, corpus) = libfuzzer_args(Budget::Seconds(600), 1234, root, "batch");
        assert_eq!(limits, ["-max_total_time=600"]);
        assert_eq!(corpus, root.join("target/fuzz-corpus/batch"));
    }
}
