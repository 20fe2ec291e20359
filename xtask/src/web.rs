//! `cargo xtask web [--port N] [--test]`: the interactive page.
//!
//! Builds the page's kernel (`embedded/web`, `gjk-web`) for `wasm32-unknown-unknown`,
//! stages it with the page (`web/index.html`, `web/app.js`) in `target/web/`, and
//! serves that folder on localhost until stopped ([`server`]).
//!
//! With `--test`, it serves on a free port instead, loads the page in headless
//! Chromium with a scripted drag (`?test=drag`), and checks the page's numbers against
//! a native run of the same scene ([`browser`]); a screenshot goes to
//! `target/web-screenshot.png`.

pub mod browser;
pub mod server;

use std::path::{Path, PathBuf};

use crate::firmware::{artifact, cargo_in_embedded};

/// The wasm target.
const TARGET: &str = "wasm32-unknown-unknown";
/// The page's static files, in `web/`.
const PAGE_FILES: [&str; 2] = ["index.html", "app.js"];
/// The port `cargo xtask web` serves on unless told otherwise.
const DEFAULT_PORT: u16 = 8080;

/// Builds and stages the page, then serves it or runs the browser test.
pub fn run(workspace_root: &Path, args: &[String]) -> Result<(), String> {
    let site = stage(workspace_root)?;
    if args.iter().any(|arg| arg == "--test") {
        return browser::test(workspace_root, &site);
    }
    let port = match args.iter().position(|arg| arg == "--port") {
        Some(index) => args
            .get(index + 1)
            .and_then(|port| port.parse().ok())
            .ok_or("--port needs a port number")?,
        None => DEFAULT_PORT,
    };
    let listener = std::net::TcpListener::bind(("127.0.0.1", port))
        .map_err(|error| format!("cannot listen on 127.0.0.1:{port}: {error}"))?;
    println!("serving the page on http://127.0.0.1:{port}/ (Ctrl-C stops)");
    server::serve(&listener, &site);
    Ok(())
}

/// Builds `package` of the embedded workspace for the wasm target with the `wasm`
/// profile (no debug info or names, which made up 442 of the page module's 473 KB in
/// the release build); returns the module's path.
pub fn build_module(workspace_root: &Path, package: &str) -> Result<PathBuf, String> {
    cargo_in_embedded(
        workspace_root,
        &[
            "build",
            "--profile",
            "wasm",
            "-p",
            package,
            "--target",
            TARGET,
        ],
    )?;
    let file = format!("{}.wasm", package.replace('-', "_"));
    Ok(artifact(workspace_root, TARGET, "wasm", &file))
}

/// Builds the module and copies it and the page into `target/web`; returns that folder.
fn stage(workspace_root: &Path) -> Result<PathBuf, String> {
    let module = build_module(workspace_root, "gjk-web")?;
    let site = workspace_root.join("target").join("web");
    std::fs::create_dir_all(&site).map_err(|error| format!("{}: {error}", site.display()))?;
    let copies = PAGE_FILES
        .iter()
        .map(|file| (workspace_root.join("web").join(file), site.join(file)))
        .chain([(module, site.join("gjk_web.wasm"))]);
    for (from, to) in copies {
        std::fs::copy(&from, &to).map_err(|error| format!("{}: {error}", from.display()))?;
    }
    Ok(site)
}
