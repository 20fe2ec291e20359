//! `cargo xtask fuzz [--seconds N]`: every fuzz target in `fuzz/` for N seconds each
//! (default 60), with the number of executions per target.
//!
//! The targets are cargo-fuzz targets (`cargo +nightly fuzz run <target>` works too),
//! but this command needs no nightly toolchain and no cargo-fuzz: it builds them with
//! the stable compiler's coverage instrumentation (LLVM's sanitizer-coverage pass, the
//! part of cargo-fuzz's flags that guides libFuzzer) and runs the binaries directly.
//! The sanitizers cargo-fuzz adds on nightly are for memory errors, which the kernel,
//! free of unsafe code, cannot have; its panics and failed invariants abort the run
//! either way. Corpora persist in `target/fuzz-corpus/<target>`; a failing input is
//! written to `target/fuzz-artifacts/` and the command fails.

use std::path::Path;
use std::process::Command;

/// The fuzz targets, as named in `fuzz/Cargo.toml`.
pub const TARGETS: [&str; 8] = [
    "distance",
    "distance_cached",
    "intersects",
    "ray_cast",
    "shape_cast",
    "time_of_impact",
    "construction",
    "batch",
];

/// The instrumentation cargo-fuzz passes to rustc for libFuzzer's guidance.
const COVERAGE_FLAGS: &str = "-Cpasses=sancov-module \
    -Cllvm-args=-sanitizer-coverage-level=4 \
    -Cllvm-args=-sanitizer-coverage-inline-8bit-counters \
    -Cllvm-args=-sanitizer-coverage-pc-table \
    -Cllvm-args=-sanitizer-coverage-trace-compares \
    --cfg fuzzing";

/// Seconds per target without `--seconds`.
const DEFAULT_SECONDS: u64 = 60;

/// Builds the targets and runs each for the given time.
pub fn run(workspace_root: &Path, args: &[String]) -> Result<(), String> {
    let seconds = match args.iter().position(|arg| arg == "--seconds") {
        Some(index) => args
            .get(index + 1)
            .and_then(|value| value.parse().ok())
            .ok_or("--seconds needs a whole number")?,
        None => DEFAULT_SECONDS,
    };
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
    let mut failures = Vec::new();
    let mut rows = Vec::new();
    for target in TARGETS {
        let corpus = workspace_root
            .join("target")
            .join("fuzz-corpus")
            .join(target);
        let artifacts = workspace_root.join("target").join("fuzz-artifacts");
        for folder in [&corpus, &artifacts] {
            std::fs::create_dir_all(folder)
                .map_err(|error| format!("{}: {error}", folder.display()))?;
        }
        println!("==> fuzzing {target} for {seconds} s");
        let output = Command::new(binaries.join(target))
            .arg(format!("-max_total_time={seconds}"))
            .arg(format!(
                "-artifact_prefix={}/{target}-",
                artifacts.display()
            ))
            .arg("-print_final_stats=1")
            .arg(&corpus)
            .output()
            .map_err(|error| format!("could not start the {target} target: {error}"))?;
        let log = String::from_utf8_lossy(&output.stderr);
        let executions = stat(&log, "stat::number_of_executed_units:").unwrap_or(0);
        rows.push((target, executions, corpus_size(&corpus)));
        if !output.status.success() {
            let tail: Vec<&str> = log.lines().rev().take(30).collect();
            let tail: Vec<&str> = tail.into_iter().rev().collect();
            println!("{}", tail.join("\n"));
            failures.push(target);
        }
    }
    println!("\n| target | executions | corpus inputs |\n| --- | ---: | ---: |");
    for (target, executions, corpus) in &rows {
        println!("| {target} | {executions} | {corpus} |");
    }
    if failures.is_empty() {
        println!("\nno failures in {} targets x {seconds} s", TARGETS.len());
        Ok(())
    } else {
        Err(format!(
            "failing inputs for {} (in target/fuzz-artifacts/); each becomes a regression test",
            failures.join(", ")
        ))
    }
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
