//! Project automation, run as `cargo xtask <command>` (an alias in `.cargo/config.toml`).
//!
//! - `ci`: every check CI runs, in order, with a summary table ([`ci`]).
//! - `demo`: a printed and drawn tour of the kernel on a few shape pairs ([`demo`]).

mod ci;
mod demo;
mod svg;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// What `cargo xtask` without a known command prints.
const USAGE: &str = "\
usage: cargo xtask <command>

commands:
  ci     run every check CI runs: fmt, clippy, tests, docs, no_std cross builds
  demo   print a tour of the kernel on a few shape pairs and draw it to target/demo.svg";

fn main() -> ExitCode {
    let command = std::env::args().nth(1);
    match command.as_deref() {
        Some("ci") => ci::run(&workspace_root()),
        Some("demo") => match demo::run(&workspace_root()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("demo failed: {error}");
                ExitCode::FAILURE
            }
        },
        Some("help" | "--help" | "-h") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

/// The workspace root: the parent of this crate's folder.
fn workspace_root() -> PathBuf {
    let manifest_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest_dir.parent().unwrap_or(manifest_dir).to_path_buf()
}
