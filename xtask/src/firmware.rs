//! What `cargo xtask embedded`, `wasm` and `size` share: the boards and their QEMU
//! command lines, cargo in the `embedded/` workspace, programs run under a timeout, the
//! conformance summary lines every target prints, and the host's own run.

use core::time::Duration;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::Instant;

/// The firmware and wasm workspace, relative to the workspace root.
pub const EMBEDDED_DIR: &str = "embedded";

/// How long one QEMU or node run may take; the table runs in well under a second.
pub const RUN_TIMEOUT: Duration = Duration::from_secs(60);

/// A Cortex-M target and the QEMU machine it runs on.
pub struct Board {
    /// The Rust target.
    pub target: &'static str,
    /// What it is, for tables.
    pub name: &'static str,
    /// `qemu-system-arm` arguments before `-kernel <elf>`.
    pub qemu: &'static [&'static str],
}

/// The boards: an FPU Cortex-M4 and a soft-float Cortex-M0 (ARMv6-M, the smallest
/// instruction set). QEMU's `microbit` is a real Cortex-M0 core; `mps2-an385` would run
/// the same code on a Cortex-M3.
pub const BOARDS: [Board; 2] = [
    Board {
        target: "thumbv7em-none-eabihf",
        name: "Cortex-M4F, mps2-an386",
        qemu: &["-machine", "mps2-an386", "-cpu", "cortex-m4"],
    },
    Board {
        target: "thumbv6m-none-eabi",
        name: "Cortex-M0, microbit",
        qemu: &["-machine", "microbit"],
    },
];

impl Board {
    /// The QEMU command that runs `elf`, with semihosting for output and exit code.
    pub fn qemu_command(&self, elf: &Path) -> Command {
        let mut command = Command::new("qemu-system-arm");
        command
            .args(self.qemu)
            .args([
                "-nographic",
                "-monitor",
                "none",
                "-semihosting-config",
                "enable=on,target=native",
                "-kernel",
            ])
            .arg(elf);
        command
    }
}

/// Runs `cargo <args>` in the embedded workspace with inherited output.
pub fn cargo_in_embedded(workspace_root: &Path, args: &[&str]) -> Result<(), String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    // The artifacts are looked for under embedded/target (`artifact`), so a target
    // directory set for the outer build must not redirect this one.
    let status = Command::new(cargo)
        .args(args)
        .current_dir(workspace_root.join(EMBEDDED_DIR))
        .env_remove("CARGO_TARGET_DIR")
        .status()
        .map_err(|error| format!("could not start cargo: {error}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`cargo {}` failed ({status})", args.join(" ")))
    }
}

/// The build output of `binary` for `target` in `profile`.
pub fn artifact(workspace_root: &Path, target: &str, profile: &str, binary: &str) -> PathBuf {
    workspace_root
        .join(EMBEDDED_DIR)
        .join("target")
        .join(target)
        .join(profile)
        .join(binary)
}

/// What a program printed and how it ended.
pub struct Finished {
    /// Its standard output.
    pub stdout: String,
    /// Its exit status.
    pub status: ExitStatus,
}

/// Runs `command` without input, collecting its standard output, and kills it after
/// `timeout`.
pub fn run_with_timeout(command: &mut Command, timeout: Duration) -> Result<Finished, String> {
    let program = command.get_program().to_string_lossy().into_owned();
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|error| format!("could not start {program}: {error}"))?;
    let mut pipe = child
        .stdout
        .take()
        .ok_or_else(|| format!("no output pipe from {program}"))?;
    // Read on a thread so that a chatty child never blocks on a full pipe.
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        pipe.read_to_string(&mut text).map(|_| text)
    });
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if started.elapsed() > timeout => {
                // The kill can only fail if the child just exited; wait reaps it.
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "{program} did not finish within {} s and was killed",
                    timeout.as_secs()
                ));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(20)),
            Err(error) => return Err(format!("waiting for {program}: {error}")),
        }
    };
    let stdout = reader
        .join()
        .map_err(|_| format!("reading the output of {program} failed"))?
        .map_err(|error| format!("reading the output of {program}: {error}"))?;
    Ok(Finished { stdout, status })
}

/// One target's run of the conformance table, from its closing lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRun {
    /// Where it ran.
    pub target: String,
    /// Cases run.
    pub cases: u32,
    /// Cases passed.
    pub passed: u32,
    /// The result hash, 16 hex digits.
    pub hash: String,
}

impl TableRun {
    /// Reads the `conformance on ...: N cases, P passed, ...` and `result hash H` lines.
    pub fn parse(target: &str, output: &str) -> Option<Self> {
        let summary = output
            .lines()
            .find(|line| line.starts_with("conformance on "))?;
        let counts = summary.split_once(": ")?.1;
        let number_before = |word: &str| {
            counts
                .split(", ")
                .find_map(|part| part.strip_suffix(word))
                .and_then(|number| number.trim().parse().ok())
        };
        let cases = number_before(" cases")?;
        let passed = number_before(" passed")?;
        let hash = output
            .lines()
            .find_map(|line| line.strip_prefix("result hash "))?
            .trim()
            .to_owned();
        Some(Self {
            target: target.to_owned(),
            cases,
            passed,
            hash,
        })
    }

    /// The table run on this machine, in-process: the reference column.
    pub fn host() -> Self {
        let summary = gjk_conformance::run(gjk_conformance::CASES, |_| {});
        Self {
            target: format!("{} host", std::env::consts::ARCH),
            cases: summary.cases,
            passed: summary.passed,
            hash: format!("{:016x}", summary.hash),
        }
    }
}

/// The host run, failing with advice when the checked-in table does not pass here
/// (the kernel changed and the table was not regenerated).
pub fn host_run() -> Result<TableRun, String> {
    let host = TableRun::host();
    if host.passed == host.cases {
        Ok(host)
    } else {
        Err(format!(
            "the conformance table fails on the host ({} of {} cases pass): run \
             `cargo xtask conformance` to regenerate it, or fix the kernel",
            host.passed, host.cases
        ))
    }
}

/// Prints the runs side by side and fails unless every one passed every case with
/// the host's hash.
pub fn compare_runs(runs: &[TableRun]) -> Result<(), String> {
    let width = runs
        .iter()
        .map(|run| run.target.len())
        .chain(["target".len()])
        .max()
        .unwrap_or(0);
    let host_hash = runs.first().map(|run| run.hash.clone()).unwrap_or_default();
    println!();
    println!(
        "{:<width$}  {:>5}  {:>6}  {:>6}  {:<16}  same bits as host",
        "target", "cases", "passed", "failed", "result hash"
    );
    let mut problems = Vec::new();
    for run in runs {
        let same = run.hash == host_hash;
        let failed = run.cases.saturating_sub(run.passed);
        println!(
            "{:<width$}  {:>5}  {:>6}  {:>6}  {:<16}  {}",
            run.target,
            run.cases,
            run.passed,
            failed,
            run.hash,
            if same { "yes" } else { "NO" }
        );
        if failed > 0 || run.cases == 0 {
            problems.push(format!(
                "{}: {failed} of {} cases failed",
                run.target, run.cases
            ));
        }
        if !same {
            problems.push(format!(
                "{}: result hash differs from the host's",
                run.target
            ));
        }
    }
    if problems.is_empty() {
        println!("\nevery target passed every case with bit-identical results");
        Ok(())
    } else {
        Err(problems.join("; "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_run_reads_the_closing_lines() {
        let output = "FAILED case 3 (x)\n\
            conformance on microbit (Cortex-M0): 453 cases, 452 passed, 1 failed (bits differ 1, off reference 0, unbuilt 0)\n\
            result hash 00112233445566ff\n";
        let run = TableRun::parse("m0", output).expect("the lines are there");
        assert_eq!(
            run,
            TableRun {
                target: "m0".to_owned(),
                cases: 453,
                passed: 452,
                hash: "00112233445566ff".to_owned(),
            }
        );
        assert_eq!(TableRun::parse("m0", "conformance on x: garbage"), None);
    }

    #[test]
    fn a_differing_hash_or_a_failed_case_fails_the_comparison() {
        let run = |target: &str, passed, hash: &str| TableRun {
            target: target.to_owned(),
            cases: 2,
            passed,
            hash: hash.to_owned(),
        };
        assert!(compare_runs(&[run("host", 2, "aa"), run("m4", 2, "aa")]).is_ok());
        assert!(compare_runs(&[run("host", 2, "aa"), run("m4", 2, "ab")]).is_err());
        assert!(compare_runs(&[run("host", 2, "aa"), run("m4", 1, "aa")]).is_err());
    }

    #[test]
    fn libm_and_std_square_roots_agree_bit_for_bit() {
        // The kernel's `sqrt` is `libm::sqrtf` without std and may be std's (the
        // `sqrtss` instruction) when a host build enables num-traits' `std`. Both are
        // correctly rounded, so they must agree on every input; this samples a million
        // bit patterns and the edges.
        let mut rng = crate::conformance::Rng::new(0x5eed);
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
    fn the_host_passes_the_checked_in_table() {
        let host = host_run().unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(host.passed, host.cases);
    }
}
