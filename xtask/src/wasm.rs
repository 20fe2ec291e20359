//! `cargo xtask wasm`: builds the conformance tables (the plane's and the 3D one) as a
//! `wasm32-unknown-unknown` module (`embedded/wasm`), runs them under node with
//! `embedded/wasm/run.mjs`, and compares the results with the host's.

use std::path::Path;
use std::process::Command;

use crate::firmware::{
    EMBEDDED_DIR, RUN_TIMEOUT, TableRun, artifact, cargo_in_embedded, compare_runs, host_runs,
    run_with_timeout,
};

/// The wasm target.
const TARGET: &str = "wasm32-unknown-unknown";

/// Builds, runs and compares; fails on any failed case, differing hash or trap.
pub fn run(workspace_root: &Path) -> Result<(), String> {
    let mut runs = host_runs()?;
    println!("\n==> conformance module for {TARGET}");
    cargo_in_embedded(
        workspace_root,
        &["build", "--release", "-p", "gjk-wasm", "--target", TARGET],
    )?;
    let module = artifact(workspace_root, TARGET, "release", "gjk_wasm.wasm");
    let script = workspace_root
        .join(EMBEDDED_DIR)
        .join("wasm")
        .join("run.mjs");
    let finished = run_with_timeout(Command::new("node").arg(script).arg(module), RUN_TIMEOUT)?;
    print!("{}", finished.stdout);
    let label = format!("{TARGET} (node)");
    let wasm = TableRun::parse_all(&label, &finished.stdout, "module")?;
    if !finished.status.success() {
        println!("{label}: node exited with {}", finished.status);
    }
    runs.extend(wasm);
    compare_runs(&runs)
}
