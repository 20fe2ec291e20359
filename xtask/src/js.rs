//! `cargo xtask js`: the npm package `gjk-kernel` (`js/`), built, packed and tested as
//! its users get it.
//!
//! 1. Builds the kernel's JavaScript module (`embedded/js`, `gjk-js`) for
//!    `wasm32-unknown-unknown` with the `wasm` profile, and checks that it carries no
//!    custom sections (debug info, names) and imports nothing.
//! 2. Stages the package in `target/js/package` and runs its checks under node
//!    (`node --test test/node.test.mjs`).
//! 3. Packs it with `npm pack` into `target/js/gjk-kernel-<version>.tgz` and checks the
//!    tarball holds exactly the package's files.
//! 4. Installs the tarball into the sample project (`js/sample`, copied to
//!    `target/js/sample`), runs it, checks its output, and type-checks its TypeScript
//!    with `tsc` (the sample's one development dependency, from the npm registry).
//! 5. Runs the same checks in headless Chromium (`test/browser.html`), when
//!    `chromium` is installed; otherwise says plainly that it skipped them.

use core::time::Duration;
use std::path::Path;
use std::process::Command;

use crate::firmware::{Finished, run_with_timeout};
use crate::web::{browser, server};

/// The package's own files, from `js/`, as they go into the tarball (with `gjk.wasm`).
const PACKAGE_FILES: [&str; 4] = ["gjk.js", "gjk.d.ts", "package.json", "README.md"];
/// The package's checks, from `js/test/`.
const TEST_FILES: [&str; 3] = ["checks.mjs", "node.test.mjs", "browser.html"];
/// The sample project's files, from `js/sample/`.
const SAMPLE_FILES: [&str; 4] = ["package.json", "index.mjs", "typecheck.ts", "tsconfig.json"];
/// How long one node or npm run may take (`npm install` fetches TypeScript).
const TOOL_TIMEOUT: Duration = Duration::from_secs(300);
/// Lines the sample must print: one per query, and the refused shape.
const SAMPLE_EXPECTS: [&str; 8] = [
    "distance ground-ball: 1.25 Separated, normal (0, 1)",
    "penetration ground-crate: depth 0.1 Penetrating, normal (0, 1)",
    "manifold ground-crate: 2 points, normal (0, 1)",
    "ray onto the crate: Hit at fraction 0.491667, point (-0.05, 1)",
    "ball falling onto the ground: Hit at fraction 0.375",
    "point in the crate: Inside, signed distance -0.5",
    "invalid capsule: ShapeError",
    "separation -0.1",
];

/// Builds, stages, packs and tests the package.
pub fn run(workspace_root: &Path) -> Result<(), String> {
    let module = crate::web::build_module(workspace_root, "gjk-js")?;
    check_module(&module)?;

    let out = workspace_root.join("target").join("js");
    // A fresh folder each run: a stale sample or tarball must not pass for a new one.
    let _ = std::fs::remove_dir_all(&out);
    let package = out.join("package");
    let source = workspace_root.join("js");
    copy_files(&source, &package, &PACKAGE_FILES)?;
    copy(&module, &package.join("gjk.wasm"))?;
    copy_files(&source.join("test"), &package.join("test"), &TEST_FILES)?;

    println!("\n==> node --test (the package's checks)");
    let tested = tool(&package, "node", &["--test", "test/node.test.mjs"])?;
    print_summary(&tested.stdout);
    succeeded("node --test", &tested)?;

    println!("\n==> npm pack");
    let packed = tool(&package, "npm", &["pack", "--pack-destination", ".."])?;
    succeeded("npm pack", &packed)?;
    let tarball_name = packed
        .stdout
        .lines()
        .rev()
        .find(|line| line.ends_with(".tgz"))
        .ok_or_else(|| format!("npm pack named no tarball:\n{}", packed.stdout))?
        .trim()
        .to_owned();
    let tarball = out.join(&tarball_name);
    check_tarball(&tarball)?;

    println!("\n==> the sample project, with {tarball_name} installed");
    let sample = out.join("sample");
    copy_files(&source.join("sample"), &sample, &SAMPLE_FILES)?;
    let installed = tool(&sample, "npm", &["install", "--no-audit", "--no-fund"])?;
    succeeded("npm install", &installed)?;
    let ran = tool(&sample, "node", &["index.mjs"])?;
    print!("{}", ran.stdout);
    succeeded("the sample", &ran)?;
    for expected in SAMPLE_EXPECTS {
        if !ran.stdout.contains(expected) {
            return Err(format!("the sample did not print {expected:?}"));
        }
    }
    let typed = tool(&sample, "npx", &["--no-install", "tsc", "-p", "."])?;
    print!("{}", typed.stdout);
    succeeded("tsc (the sample's TypeScript)", &typed)?;
    println!("tsc: the sample's TypeScript type-checks against gjk.d.ts");

    println!("\n==> the checks in headless Chromium");
    if crate::ci::find_on_path(browser::BROWSER).is_some() {
        browser_checks(&package, &out.join("browser"))
    } else {
        println!("SKIPPED: {} is not installed", browser::BROWSER);
        Ok(())
    }
}

/// Runs `program args` in `folder`, with the tool timeout.
fn tool(folder: &Path, program: &str, args: &[&str]) -> Result<Finished, String> {
    run_with_timeout(
        Command::new(program).args(args).current_dir(folder),
        TOOL_TIMEOUT,
    )
}

/// `Ok` when `finished` exited successfully; its output in the error otherwise.
fn succeeded(what: &str, finished: &Finished) -> Result<(), String> {
    if finished.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{what} exited with {}:\n{}",
            finished.status, finished.stdout
        ))
    }
}

/// Prints node's test summary (the `# tests`, `# pass`, `# fail` lines).
fn print_summary(output: &str) {
    for line in output.lines() {
        if line.starts_with("# ") || line.starts_with("not ok") {
            println!("{line}");
        }
    }
}

/// Copies `names` from `from` into `to` (created).
fn copy_files(from: &Path, to: &Path, names: &[&str]) -> Result<(), String> {
    std::fs::create_dir_all(to).map_err(|error| format!("{}: {error}", to.display()))?;
    for name in names {
        copy(&from.join(name), &to.join(name))?;
    }
    Ok(())
}

fn copy(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::copy(from, to)
        .map(|_| ())
        .map_err(|error| format!("{} -> {}: {error}", from.display(), to.display()))
}

/// Checks the module ships without custom sections (debug info, the name section)
/// and imports nothing; prints its size and its code's.
fn check_module(module: &Path) -> Result<(), String> {
    let bytes = std::fs::read(module).map_err(|error| format!("{}: {error}", module.display()))?;
    let sections = wasm_sections(&bytes).ok_or("gjk.wasm is not a wasm module")?;
    let size_of = |id: u8| {
        sections
            .iter()
            .filter(|(section, _)| *section == id)
            .map(|(_, size)| size)
            .sum::<usize>()
    };
    println!(
        "gjk.wasm: {} bytes, of which code {} and data {}",
        bytes.len(),
        size_of(10),
        size_of(11)
    );
    if size_of(0) > 0 {
        return Err(format!(
            "gjk.wasm carries {} bytes of custom sections (debug info or names)",
            size_of(0)
        ));
    }
    if size_of(2) > 0 {
        return Err("gjk.wasm imports something; the package provides no imports".to_owned());
    }
    Ok(())
}

/// The sections of a wasm module as (id, size), or `None` if it is malformed.
fn wasm_sections(bytes: &[u8]) -> Option<Vec<(u8, usize)>> {
    let magic = b"\0asm";
    if bytes.get(..4)? != magic {
        return None;
    }
    let mut sections = Vec::new();
    let mut at = 8;
    while at < bytes.len() {
        let id = bytes[at];
        let (size, next) = leb128(bytes, at + 1)?;
        sections.push((id, size));
        at = next.checked_add(size)?;
    }
    Some(sections)
}

/// An unsigned LEB128 number at `at`, and where it ends.
fn leb128(bytes: &[u8], mut at: usize) -> Option<(usize, usize)> {
    let mut value = 0usize;
    let mut shift = 0;
    loop {
        let byte = *bytes.get(at)?;
        at += 1;
        value |= usize::from(byte & 0x7f).checked_shl(shift)?;
        if byte < 0x80 {
            return Some((value, at));
        }
        shift += 7;
    }
}

/// Checks the tarball holds exactly the package's files.
fn check_tarball(tarball: &Path) -> Result<(), String> {
    let listed = run_with_timeout(
        Command::new("tar").arg("tzf").arg(tarball),
        Duration::from_secs(30),
    )?;
    succeeded("tar", &listed)?;
    let mut files: Vec<&str> = listed.stdout.lines().map(str::trim).collect();
    files.sort_unstable();
    let mut expected: Vec<String> = PACKAGE_FILES
        .iter()
        .chain(&["gjk.wasm"])
        .map(|name| format!("package/{name}"))
        .collect();
    expected.sort_unstable();
    if files != expected {
        return Err(format!(
            "{} holds {files:?}, expected {expected:?}",
            tarball.display()
        ));
    }
    let size = std::fs::metadata(tarball).map_or(0, |meta| meta.len());
    println!("{}: {size} bytes, files {files:?}", tarball.display());
    Ok(())
}

/// Serves the package's module, `gjk.js` and the checks from one flat folder, loads
/// `browser.html` in headless Chromium and requires every check to pass.
fn browser_checks(package: &Path, site: &Path) -> Result<(), String> {
    std::fs::create_dir_all(site).map_err(|error| format!("{}: {error}", site.display()))?;
    copy_files(package, site, &["gjk.js", "gjk.wasm"])?;
    copy_files(&package.join("test"), site, &["checks.mjs", "browser.html"])?;
    let port = server::serve_in_background(site)?;
    let dom = browser::chromium(&[
        "--dump-dom",
        &format!("http://127.0.0.1:{port}/browser.html"),
    ])?;
    let report = browser::test_result(&dom)
        .ok_or_else(|| format!("the page printed no result; its DOM was:\n{dom}"))?;
    println!("{report}");
    let passed = report
        .lines()
        .any(|line| line.starts_with("browser checks:") && line.ends_with(" 0 failed"));
    if passed {
        Ok(())
    } else {
        Err("the checks failed in Chromium (above)".to_owned())
    }
}
