//! The page's browser test: headless Chromium loads the page with `?test=drag` and
//! `?test=overlap`, each of which picks two shapes through the menus and drags B (and
//! in "overlap" the ray's end) along a fixed path with synthetic pointer events; the
//! page then prints its stored inputs and results as `f32` bits. This side evaluates
//! the same scene natively (`gjk-scene`) and requires the same bits: the conformance
//! table shows `f32` results are bit-identical on x86_64 and wasm32, so any difference
//! is a bug in the page's plumbing, not rounding. A screenshot of each session goes to `target/`:
//! the shapes apart after "drag", penetrating after "overlap".

use core::time::Duration;
use std::path::Path;
use std::process::Command;

use gjk_core::{PenetrationStatus, Vec2};
use gjk_scene::{Kind, PAGE_INPUTS, PAGE_RESULTS, Scene};

use super::server;
use crate::firmware::run_with_timeout;

/// The browser the test drives (Debian's package `chromium`).
pub const BROWSER: &str = "chromium";
/// How long one browser run may take.
const BROWSER_TIMEOUT: Duration = Duration::from_secs(90);
/// How far a session's stored positions may end from start + its moves: the paths are
/// replayed through pixels and back, each step rounding in `f32` (40 steps of about
/// 1e-6).
const DRAG_SLACK: f32 = 1e-3;

/// One scripted session of the page (`TESTS` in `app.js`).
struct Session {
    /// Its name in `?test=`.
    name: &'static str,
    /// How far it drags B, in world units.
    move_b: [f32; 2],
    /// How far it drags the ray's end.
    move_ray_end: [f32; 2],
    /// Whether it ends with the shapes penetrating (else apart).
    penetrating: bool,
    /// The screenshot's file name in `target/`.
    screenshot: &'static str,
}

/// The sessions, in the order they run.
const SESSIONS: [Session; 2] = [
    Session {
        name: "drag",
        move_b: [-1.0, 2.2],
        move_ray_end: [0.0, 0.0],
        penetrating: false,
        screenshot: "web-screenshot.png",
    },
    Session {
        name: "overlap",
        move_b: [-2.4, -0.6],
        move_ray_end: [0.0, 1.5],
        penetrating: true,
        screenshot: "web-screenshot-penetrating.png",
    },
];

/// Serves the page, runs each scripted session in the browser and compares; writes
/// the screenshots.
pub fn test(workspace_root: &Path, site: &Path) -> Result<(), String> {
    let port = server::serve_in_background(site)?;
    for session in &SESSIONS {
        let url = format!("http://127.0.0.1:{port}/index.html?test={}", session.name);
        let dom = chromium(&["--dump-dom", &url])?;
        let report = PageReport::parse(&dom)
            .ok_or_else(|| format!("the page printed no test result; its DOM was:\n{dom}"))?;
        compare(session, &report)?;

        let screenshot = workspace_root.join("target").join(session.screenshot);
        chromium(&[
            &format!("--screenshot={}", screenshot.display()),
            "--window-size=1240,760",
            &url,
        ])?;
        if !screenshot.is_file() {
            return Err(format!(
                "chromium wrote no screenshot to {}",
                screenshot.display()
            ));
        }
        println!("screenshot: {}", screenshot.display());
    }
    Ok(())
}

/// Runs headless Chromium with `args` on a fresh profile and returns what it printed.
pub fn chromium(args: &[&str]) -> Result<String, String> {
    let profile = std::env::temp_dir().join(format!("gjk-web-test-{}", std::process::id()));
    // A profile from an earlier run of this process id may linger; start afresh.
    let _ = std::fs::remove_dir_all(&profile);
    let log_path = std::env::temp_dir().join(format!("gjk-web-test-{}.log", std::process::id()));
    let log = std::fs::File::create(&log_path).map_err(|error| error.to_string())?;
    let mut command = Command::new(BROWSER);
    // Chromium reports its missing system services (D-Bus and the like) on stderr at
    // every start: kept out of the output, shown when the run fails.
    command.stderr(log);
    command
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            // Lets the page's asynchronous start (fetching and compiling the module)
            // finish before the DOM is dumped or the screenshot taken.
            "--virtual-time-budget=10000",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args);
    let finished = run_with_timeout(&mut command, BROWSER_TIMEOUT);
    let _ = std::fs::remove_dir_all(&profile);
    let messages = std::fs::read_to_string(&log_path).unwrap_or_default();
    let _ = std::fs::remove_file(&log_path);
    match finished {
        Ok(finished) if finished.status.success() => Ok(finished.stdout),
        Ok(finished) => Err(format!(
            "{BROWSER} exited with {}; it said:\n{messages}",
            finished.status
        )),
        Err(error) => Err(format!("{error}; {BROWSER} said:\n{messages}")),
    }
}

/// The text of a dumped page's `<pre id="test-result">` (the page's and the npm
/// package's checks both report there), or `None` if it has none.
pub fn test_result(dom: &str) -> Option<&str> {
    let start = dom.find(r#"<pre id="test-result""#)?;
    let text = &dom[start..];
    text.get(text.find('>')? + 1..text.find("</pre>")?)
}

/// What the page printed into `#test-result`.
struct PageReport {
    kind_a: u32,
    kind_b: u32,
    inputs: [f32; PAGE_INPUTS],
    results: [f32; PAGE_RESULTS],
    shown_distance: String,
}

impl PageReport {
    /// The report in a dumped DOM, or `None` if it is missing or malformed.
    fn parse(dom: &str) -> Option<Self> {
        let text = test_result(dom)?;
        let line = |name: &str| {
            text.lines()
                .find_map(|line| line.strip_prefix(name)?.strip_prefix(' '))
        };
        let mut kinds = line("kinds")?.split_whitespace().map(str::parse);
        let (kind_a, kind_b) = (kinds.next()?.ok()?, kinds.next()?.ok()?);
        Some(Self {
            kind_a,
            kind_b,
            inputs: bits(line("inputs")?)?,
            results: bits(line("results")?)?,
            shown_distance: line("shown")?.strip_prefix("distance ")?.to_owned(),
        })
    }
}

/// `N` hexadecimal `f32` bit patterns separated by spaces.
fn bits<const N: usize>(line: &str) -> Option<[f32; N]> {
    let mut values = [0.0; N];
    let mut words = line.split_whitespace();
    for value in &mut values {
        *value = f32::from_bits(u32::from_str_radix(words.next()?, 16).ok()?);
    }
    words.next().is_none().then_some(values)
}

/// Checks the page's report against the native evaluation of its scene.
fn compare(session: &Session, report: &PageReport) -> Result<(), String> {
    let kind = |number| Kind::from_number(number).ok_or(format!("unknown kind {number}"));
    let scene = Scene::from_page_inputs(kind(report.kind_a)?, kind(report.kind_b)?, report.inputs);
    let moved_by = |now: Vec2<f32>, then: Vec2<f32>, expected: [f32; 2], what: &str| {
        let moved = now - then;
        if (moved.x - expected[0]).abs() > DRAG_SLACK || (moved.y - expected[1]).abs() > DRAG_SLACK
        {
            return Err(format!(
                "{}: the scripted drag moved {what} by {moved:?}, not by {expected:?}: the page's pointer handling is off",
                session.name
            ));
        }
        Ok(())
    };
    let start = Scene::START;
    moved_by(
        scene.placement_b.position,
        start.placement_b.position,
        session.move_b,
        "B",
    )?;
    moved_by(
        scene.ray.origin + scene.ray.translation,
        start.ray.origin + start.ray.translation,
        session.move_ray_end,
        "the ray's end",
    )?;
    let native = scene
        .evaluate()
        .map_err(|error| format!("native scene: {error}"))?;
    let expected = native.page_values();
    let differing: Vec<usize> = (0..PAGE_RESULTS)
        .filter(|&index| expected[index].to_bits() != report.results[index].to_bits())
        .collect();
    if !differing.is_empty() {
        return Err(format!(
            "{}: page and native results differ at {differing:?}:\npage   {:?}\nnative {:?}",
            session.name, report.results, expected
        ));
    }
    let shown = format!("{:.4}", native.distance);
    if report.shown_distance != shown {
        return Err(format!(
            "{}: the page shows distance {}, native {shown}",
            session.name, report.shown_distance
        ));
    }
    let contacts = native.manifold.map_or(0, |contact| contact.points().len());
    let penetrating = native.penetration.status == PenetrationStatus::Penetrating;
    if penetrating != session.penetrating || (penetrating && contacts == 0) {
        return Err(format!(
            "{}: the session should end {}, but penetration says {:?} with {contacts} contact points",
            session.name,
            if session.penetrating {
                "penetrating, with contacts"
            } else {
                "apart"
            },
            native.penetration.status
        ));
    }
    println!(
        "browser test {:?}: {:?} vs {:?}, distance {shown} ({:?}), depth {:.4} ({:?}), {contacts} contact points, \
         ray to A {:?}, ray to B {:?}, sweep {:?}: all {PAGE_RESULTS} results bit-identical to native",
        session.name,
        scene.kind_a,
        scene.kind_b,
        native.status,
        native.penetration.depth,
        native.penetration.status,
        native.ray_a.status,
        native.ray_b.status,
        native.sweep_status
    );
    Ok(())
}
