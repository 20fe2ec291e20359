//! Prints the tour of the kernel and draws its pairs to `target/demo.svg` and
//! `target/demo3d.svg` ([`gjk_demo::tour`]); `cargo xtask demo` runs it.

use std::process::ExitCode;

fn main() -> ExitCode {
    match gjk_demo::tour::run(&gjk_demo::workspace_root()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{error}");
            ExitCode::FAILURE
        }
    }
}
