//! `cargo xtask embedded`: builds the conformance firmware for each board, runs it under
//! `qemu-system-arm` with a timeout, and compares every board's results with the host's
//! (the tables' expected bits and the hash of all result records of each table, the
//! plane's and the 3D one).

use std::path::Path;

use crate::firmware::{
    BOARDS, RUN_TIMEOUT, TableRun, artifact, cargo_in_embedded, compare_runs, host_runs,
    run_with_timeout,
};

/// The profile of the conformance firmware (`embedded/Cargo.toml`): the release build
/// at opt-level "z", where the Cortex-M0's flash holds both tables with room to grow
/// (at "s" they left 1.5 KiB of its 256 KiB free).
const FIRMWARE_PROFILE: &str = "firmware";

/// Builds, runs and compares; fails on any failed case, differing hash, crash or
/// timeout.
pub fn run(workspace_root: &Path) -> Result<(), String> {
    let mut runs = host_runs()?;
    for board in &BOARDS {
        println!(
            "\n==> conformance firmware for {} ({})",
            board.target, board.name
        );
        cargo_in_embedded(
            workspace_root,
            &[
                "build",
                "--profile",
                FIRMWARE_PROFILE,
                "-p",
                "gjk-firmware",
                "--bin",
                "conformance",
                "--target",
                board.target,
            ],
        )?;
        let elf = artifact(
            workspace_root,
            board.target,
            FIRMWARE_PROFILE,
            "conformance",
        );
        let finished = run_with_timeout(&mut board.qemu_command(&elf), RUN_TIMEOUT)?;
        print!("{}", finished.stdout);
        let label = format!("{} ({})", board.target, board.name);
        let table_runs = TableRun::parse_all(&label, &finished.stdout, "firmware")?;
        if !finished.status.success() {
            println!("{label}: QEMU exited with {}", finished.status);
        }
        runs.extend(table_runs);
    }
    compare_runs(&runs)
}
