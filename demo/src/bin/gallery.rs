//! Draws every query to `docs/gallery/*.svg` (and gjk-core's embedded picture), or with
//! `--check` fails if a committed picture is out of date ([`gjk_demo::gallery`]);
//! `cargo xtask gallery [--check]` runs it.

use std::process::ExitCode;

fn main() -> ExitCode {
    let check = std::env::args().skip(1).any(|arg| arg == "--check");
    match gjk_demo::gallery::run(&gjk_demo::workspace_root(), check) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{error}");
            ExitCode::FAILURE
        }
    }
}
