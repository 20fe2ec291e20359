//! Project automation, run as `cargo xtask <command>` (an alias in `.cargo/config.toml`).
//!
//! - `bench`: the peer benchmarks and their report in `docs/performance.md`, by running
//!   gjk-benches' `peer_report` ([`delegate`]).
//! - `ci`: every check CI runs, in order, with a summary table ([`ci`]).
//! - `demo`: a printed and drawn tour of the kernel on a few shape pairs, in the plane
//!   and in space, by running `gjk-demo` ([`delegate`]).
//! - `conformance`: generates (or with `--check` verifies) the conformance tables, by
//!   running `gjk-conformance-gen` ([`delegate`]).
//! - `embedded`, `wasm`: the table on Cortex-M under QEMU and in wasm under node,
//!   compared bit for bit with the host ([`embedded`], [`wasm`]).
//! - `fuzz`: every fuzz target for a given time or the fixed smoke run, executions per
//!   target ([`fuzz`]).
//! - `gallery`: SVG pictures of every query in `docs/gallery`, by running `gjk-demo`
//!   ([`delegate`]).
//! - `web`: the interactive page on localhost, and its browser test ([`web`]).
//! - `js`: the npm package, packed, installed into a sample project and tested in node
//!   and headless Chromium ([`js`]).
//! - `size`: flash and stack of the queries in firmware, and their panic-free link
//!   ([`size`]).

mod ci;
mod delegate;
mod elf;
mod embedded;
mod firmware;
mod fuzz;
mod js;
mod size;
mod wasm;
mod web;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// What `cargo xtask` without a known command prints.
const USAGE: &str = "\
usage: cargo xtask <command>

commands:
  bench [--quick]
         gjk side by side with parry2d and Box2D v3, and in 3D with parry3d
         (criterion), then markdown tables of ns/query, ratios and accuracy against
         the f64 oracles, written into docs/performance.md
  ci     run every check CI runs: fmt, clippy, tests, docs, no_std cross builds
  demo   print a tour of the kernel on a few shape pairs, in the plane and in space, and
         draw them to target/demo.svg and target/demo3d.svg
  conformance [--check]
         write the conformance table embedded/conformance/src/cases.rs (--check: fail
         if the checked-in table is out of date)
  embedded
         run the table on Cortex-M4F and Cortex-M0 firmware under qemu-system-arm
  wasm   run the table in wasm32 under node
  fuzz [--seconds N | --smoke]
         run every fuzz target in fuzz/ for N seconds (default 60), or the fixed,
         seeded smoke run CI makes; no nightly needed
  gallery [--check]
         draw every query to docs/gallery/*.svg (--check: fail if they are out of date)
  web [--port N] [--test]
         build the interactive page and serve it on localhost (--test: run its headless
         Chromium test instead)
  js     build the npm package gjk-kernel (js/), test it in node, pack it, install the
         tarball into the sample project and run it, and run its checks in headless
         Chromium
  size   kernel code and stack per query in firmware, checked against the budgets";

fn main() -> ExitCode {
    let command = std::env::args().nth(1);
    match command.as_deref() {
        Some("ci") => ci::run(&workspace_root()),
        Some("demo") => {
            let args: Vec<String> = std::env::args().skip(2).collect();
            report(
                "demo",
                delegate::run(&workspace_root(), &delegate::DEMO, &args),
            )
        }
        Some("conformance") => {
            let args: Vec<String> = std::env::args().skip(2).collect();
            report(
                "conformance",
                delegate::run(&workspace_root(), &delegate::CONFORMANCE, &args),
            )
        }
        Some("embedded") => report("embedded", embedded::run(&workspace_root())),
        Some("wasm") => report("wasm", wasm::run(&workspace_root())),
        Some("fuzz") => {
            let args: Vec<String> = std::env::args().skip(2).collect();
            report("fuzz", fuzz::run(&workspace_root(), &args))
        }
        Some("gallery") => {
            let args: Vec<String> = std::env::args().skip(2).collect();
            report(
                "gallery",
                delegate::run(&workspace_root(), &delegate::GALLERY, &args),
            )
        }
        Some("web") => {
            let args: Vec<String> = std::env::args().skip(2).collect();
            report("web", web::run(&workspace_root(), &args))
        }
        Some("size") => report("size", size::run(&workspace_root())),
        Some("js") => report("js", js::run(&workspace_root())),
        Some("bench") => {
            let args: Vec<String> = std::env::args().skip(2).collect();
            report(
                "bench",
                delegate::run(&workspace_root(), &delegate::BENCH, &args),
            )
        }
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

/// The exit code of a command, printing its error.
fn report(command: &str, outcome: Result<(), String>) -> ExitCode {
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{command} failed: {error}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace root: the parent of this crate's folder.
fn workspace_root() -> PathBuf {
    let manifest_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest_dir.parent().unwrap_or(manifest_dir).to_path_buf()
}
