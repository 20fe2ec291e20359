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

/// The conformance tables, as the targets name them in their closing lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Table {
    /// The plane's table, `gjk_conformance::CASES`.
    Plane,
    /// The 3D table, `gjk_conformance::CASES3`.
    Space,
}

impl Table {
    /// Both tables, in the order the targets run them.
    pub const ALL: [Self; 2] = [Self::Plane, Self::Space];

    /// The tag after `conformance` and after `result hash` in the closing lines:
    /// nothing for the plane, `3D ` for the 3D table.
    fn tag(self) -> &'static str {
        match self {
            Self::Plane => "",
            Self::Space => "3D ",
        }
    }

    /// Its name in tables.
    fn name(self) -> &'static str {
        match self {
            Self::Plane => "plane",
            Self::Space => "3D",
        }
    }
}

/// One target's run of one conformance table, from its closing lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRun {
    /// Where it ran.
    pub target: String,
    /// Which table.
    pub table: Table,
    /// Cases run.
    pub cases: u32,
    /// Cases passed.
    pub passed: u32,
    /// The result hash, 16 hex digits.
    pub hash: String,
}

impl TableRun {
    /// Reads the `conformance <tag>on ...: N cases, P passed, ...` and `result hash
    /// <tag>H` lines of `table` (the tag is empty for the plane, `3D ` for space).
    pub fn parse(table: Table, target: &str, output: &str) -> Option<Self> {
        let summary_start = format!("conformance {}on ", table.tag());
        let summary = output
            .lines()
            .find(|line| line.starts_with(&summary_start))?;
        let counts = summary.split_once(": ")?.1;
        let number_before = |word: &str| {
            counts
                .split(", ")
                .find_map(|part| part.strip_suffix(word))
                .and_then(|number| number.trim().parse().ok())
        };
        let cases = number_before(" cases")?;
        let passed = number_before(" passed")?;
        let hash_start = format!("result hash {}", table.tag());
        let hash = output.lines().find_map(|line| {
            let hash = line.strip_prefix(&hash_start)?.trim();
            let is_hash = hash.len() == 16 && hash.chars().all(|c| c.is_ascii_hexdigit());
            is_hash.then(|| hash.to_owned())
        })?;
        Some(Self {
            target: target.to_owned(),
            table,
            cases,
            passed,
            hash,
        })
    }

    /// Both tables' runs from a target's output, failing with `what` when one is
    /// missing.
    pub fn parse_all(target: &str, output: &str, what: &str) -> Result<Vec<Self>, String> {
        Table::ALL
            .iter()
            .map(|&table| {
                Self::parse(table, target, output).ok_or_else(|| {
                    format!(
                        "{target}: the {what} printed no summary of the {} table",
                        table.name()
                    )
                })
            })
            .collect()
    }

    /// A table run on this machine, in-process: the reference column.
    pub fn host(table: Table) -> Self {
        let summary = match table {
            Table::Plane => gjk_conformance::run(gjk_conformance::CASES, |_| {}),
            Table::Space => gjk_conformance::run(gjk_conformance::CASES3, |_| {}),
        };
        Self {
            target: format!("{} host", std::env::consts::ARCH),
            table,
            cases: summary.cases,
            passed: summary.passed,
            hash: format!("{:016x}", summary.hash),
        }
    }
}

/// The host runs of both tables, failing with advice when a checked-in table does not
/// pass here (the kernel changed and the table was not regenerated).
pub fn host_runs() -> Result<Vec<TableRun>, String> {
    Table::ALL
        .iter()
        .map(|&table| {
            let host = TableRun::host(table);
            if host.passed == host.cases {
                Ok(host)
            } else {
                Err(format!(
                    "the {} conformance table fails on the host ({} of {} cases pass): run \
                     `cargo xtask conformance` to regenerate it, or fix the kernel",
                    table.name(),
                    host.passed,
                    host.cases
                ))
            }
        })
        .collect()
}

/// Prints the runs side by side and fails unless every one passed every case with
/// the hash of the first run of its table (the host's).
pub fn compare_runs(runs: &[TableRun]) -> Result<(), String> {
    let width = runs
        .iter()
        .map(|run| run.target.len())
        .chain(["target".len()])
        .max()
        .unwrap_or(0);
    let host_hash = |table: Table| {
        runs.iter()
            .find(|run| run.table == table)
            .map(|run| run.hash.clone())
            .unwrap_or_default()
    };
    println!();
    println!(
        "{:<width$}  {:<5}  {:>5}  {:>6}  {:>6}  {:<16}  same bits as host",
        "target", "table", "cases", "passed", "failed", "result hash"
    );
    let mut problems = Vec::new();
    for run in runs {
        let same = run.hash == host_hash(run.table);
        let failed = run.cases.saturating_sub(run.passed);
        println!(
            "{:<width$}  {:<5}  {:>5}  {:>6}  {:>6}  {:<16}  {}",
            run.target,
            run.table.name(),
            run.cases,
            run.passed,
            failed,
            run.hash,
            if same { "yes" } else { "NO" }
        );
        let what = format!("{} ({} table)", run.target, run.table.name());
        if failed > 0 || run.cases == 0 {
            problems.push(format!("{what}: {failed} of {} cases failed", run.cases));
        }
        if !same {
            problems.push(format!("{what}: result hash differs from the host's"));
        }
    }
    if problems.is_empty() {
        println!("\nevery target passed every case of both tables with bit-identical results");
        Ok(())
    } else {
        Err(problems.join("; "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_run_reads_the_closing_lines_of_each_table() {
        let output = "FAILED case 3 (x)\n\
            conformance on microbit (Cortex-M0): 453 cases, 452 passed, 1 failed (bits differ 1, off reference 0, unbuilt 0)\n\
            result hash 00112233445566ff\n\
            conformance 3D on microbit (Cortex-M0): 220 cases, 220 passed, 0 failed (bits differ 0, off reference 0, unbuilt 0)\n\
            result hash 3D 8899aabbccddeeff\n";
        let run = TableRun::parse(Table::Plane, "m0", output).expect("the lines are there");
        assert_eq!(
            run,
            TableRun {
                target: "m0".to_owned(),
                table: Table::Plane,
                cases: 453,
                passed: 452,
                hash: "00112233445566ff".to_owned(),
            }
        );
        let space = TableRun::parse(Table::Space, "m0", output).expect("the 3D lines too");
        assert_eq!((space.cases, space.passed), (220, 220));
        assert_eq!(space.hash, "8899aabbccddeeff");
        assert_eq!(
            TableRun::parse_all("m0", output, "firmware").map(|runs| runs.len()),
            Ok(2)
        );
        assert_eq!(
            TableRun::parse(Table::Plane, "m0", "conformance on x: garbage"),
            None
        );
        // The 3D hash line alone is not the plane's.
        let only_3d = "conformance on x: 1 cases, 1 passed\nresult hash 3D 8899aabbccddeeff\n";
        assert_eq!(TableRun::parse(Table::Plane, "x", only_3d), None);
        assert!(TableRun::parse_all("x", only_3d, "firmware").is_err());
    }

    #[test]
    fn a_differing_hash_or_a_failed_case_fails_the_comparison() {
        let run = |target: &str, table, passed, hash: &str| TableRun {
            target: target.to_owned(),
            table,
            cases: 2,
            passed,
            hash: hash.to_owned(),
        };
        let (plane, space) = (Table::Plane, Table::Space);
        let host = [run("host", plane, 2, "aa"), run("host", space, 2, "bb")];
        let with = |m4: [TableRun; 2]| {
            let mut runs = host.to_vec();
            runs.extend(m4);
            compare_runs(&runs)
        };
        assert!(with([run("m4", plane, 2, "aa"), run("m4", space, 2, "bb")]).is_ok());
        assert!(with([run("m4", plane, 2, "ab"), run("m4", space, 2, "bb")]).is_err());
        assert!(with([run("m4", plane, 2, "aa"), run("m4", space, 2, "aa")]).is_err());
        assert!(with([run("m4", plane, 1, "aa"), run("m4", space, 2, "bb")]).is_err());
        assert!(with([run("m4", plane, 2, "aa"), run("m4", space, 1, "bb")]).is_err());
    }

    #[test]
    fn the_host_passes_the_checked_in_tables() {
        let hosts = host_runs().unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(hosts.len(), 2);
        assert!(hosts.iter().all(|host| host.passed == host.cases));
    }
}
