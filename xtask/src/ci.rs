//! `cargo xtask ci`: the checks CI runs, in order, each under a header, then a summary
//! table of step, result and seconds. Every step runs even after a failure, so one run
//! shows everything that is wrong; the exit code is non-zero if any step failed.
//!
//! A step that needs programs from outside the Rust toolchain names them in
//! [`Step::needs`]; without one of them on `PATH` the step is reported as skipped,
//! loudly, never silently.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

/// The targets the `no_std` crates must build for: Cortex-M4F, Cortex-M0, RISC-V
/// microcontrollers and wasm.
const CROSS_TARGETS: [&str; 4] = [
    "thumbv7em-none-eabihf",
    "thumbv6m-none-eabi",
    "riscv32imac-unknown-none-elf",
    "wasm32-unknown-unknown",
];

/// The targets gjk-simd's tests run on besides the host, emulated: aarch64 (NEON
/// lanes) under `qemu-aarch64` and wasm32 with `simd128` under node.
const EMULATED_TEST_TARGETS: [&str; 2] = ["aarch64-unknown-linux-gnu", "wasm32-wasip1"];

/// Pairs and rays of each kind gjk-simd's long comparisons check on the emulated
/// targets (`GJK_SIMD_PER_KIND`; the host checks 100,000).
const EMULATED_PER_KIND: &str = "20000";

/// Stands for the workspace root in a step's environment values; replaced when the step
/// runs. (Cargo runs test binaries in their package's folder, so a runner script needs
/// an absolute path.)
const WORKSPACE: &str = "{workspace}";

/// Runs every step and prints the summary; fails if any step failed.
pub fn run(workspace_root: &Path) -> ExitCode {
    let steps = steps();
    let started = Instant::now();
    let mut results = Vec::with_capacity(steps.len());
    for (index, step) in steps.iter().enumerate() {
        println!();
        println!(
            "==> [{}/{}] {}: {}",
            index + 1,
            steps.len(),
            step.name,
            step.action.describe()
        );
        let step_started = Instant::now();
        let outcome = step.run(workspace_root);
        results.push((step, outcome, step_started.elapsed().as_secs_f64()));
    }
    print_summary(&results, started.elapsed().as_secs_f64());
    if results
        .iter()
        .any(|(_, outcome, _)| *outcome == Outcome::Failed)
    {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// gjk-core's optional interop features, tested and built for a bare-metal target
/// by their own steps.
const OPTIONAL_FEATURES: &str = "gjk-core/mint,gjk-core/glam,gjk-core/bytemuck,gjk-shapes/serde";

/// The steps, in the order they run.
///
/// The tests run in the debug profile; gjk-simd's runs of 100k pairs per kind run in
/// the `ci-release` profile (optimized, built in parallel: see the workspace
/// `Cargo.toml`).
fn steps() -> Vec<Step> {
    let feature_tests = |name: &str, targets: &[&str]| {
        let mut args = vec![
            "test",
            "-p",
            "gjk-core",
            "-p",
            "gjk-shapes",
            "--features",
            OPTIONAL_FEATURES,
        ];
        args.extend(targets);
        Step::cargo(name, &args)
    };
    let mut steps = vec![
        Step::cargo("fmt", &["fmt", "--all", "--", "--check"]),
        Step::cargo(
            "clippy",
            &[
                "clippy",
                "--workspace",
                "--all-targets",
                "--",
                "-D",
                "warnings",
            ],
        ),
        // The conformance tables' tests apart (the generator's, and xtask's run of the
        // tables on the host): the tables hold the kernel bit for bit as firmware
        // builds it, without default features, and a whole-workspace build turns on
        // the members' defaults for every crate (gjk-shapes' `curved-witnesses`).
        Step::cargo(
            "test",
            &[
                "test",
                "--workspace",
                "--exclude",
                "gjk-conformance-gen",
                "--exclude",
                "xtask",
            ],
        ),
        Step::cargo(
            "test conformance tables",
            &["test", "-p", "gjk-conformance-gen", "-p", "xtask"],
        ),
        // The kernel's compact form (one shared copy of each loop behind a vtable, what
        // bare-metal targets compile) on the host: the same tests, so both forms of
        // every query are tested everywhere.
        Step::cargo(
            "test compact form",
            &[
                "test",
                "-p",
                "gjk-core",
                "-p",
                "gjk-shapes",
                "--features",
                "gjk-core/compact",
            ],
        ),
        // The optional interop features (no workspace member turns them on).
        Step::cargo(
            "clippy optional features",
            &[
                "clippy",
                "-p",
                "gjk-core",
                "-p",
                "gjk-shapes",
                "--all-targets",
                "--features",
                OPTIONAL_FEATURES,
                "--",
                "-D",
                "warnings",
            ],
        ),
        // The tests the features add live in the unit tests, the serde test file and
        // the doc examples; the property tests, which no feature changes, ran above
        // (running them again took 100 of this step's 120 s).
        feature_tests("test optional features", &["--lib", "--test", "serde"]),
        feature_tests("doc tests optional features", &["--doc"]),
        Step::cargo("doc", &["doc", "--workspace", "--no-deps"])
            .with_env("RUSTDOCFLAGS", "-D warnings"),
        Step::cargo("gallery up to date", &["xtask", "gallery", "--check"]),
        // The three published crates packaged and built from their packages, gjk-shapes
        // and gjk-simd against the packaged gjk-core (`--allow-dirty` so that a local
        // run on uncommitted work checks that work).
        Step {
            name: "publish dry run".to_owned(),
            needs: Vec::new(),
            needs_avx2: false,
            action: Action::PublishDryRun,
        },
        Step {
            name: "cross targets".to_owned(),
            needs: vec!["rustup"],
            needs_avx2: false,
            action: Action::AddCrossTargets,
        },
    ];
    steps.extend(CROSS_TARGETS.iter().map(|target| {
        Step::cargo(
            &format!("build {target}"),
            &[
                "build",
                "--release",
                "-p",
                "gjk-core",
                "-p",
                "gjk-shapes",
                "-p",
                "gjk-simd",
                "--target",
                target,
            ],
        )
    }));
    steps.push(Step::cargo(
        "optional features on thumbv7em-none-eabihf",
        &[
            "build",
            "--release",
            "-p",
            "gjk-core",
            "-p",
            "gjk-shapes",
            "--features",
            OPTIONAL_FEATURES,
            "--target",
            "thumbv7em-none-eabihf",
        ],
    ));
    steps.extend([
        // gjk-simd with wasm's SIMD instructions, which `wide` uses only when the
        // feature is on at compile time (its own target dir keeps the flags apart).
        Step::cargo(
            "build wasm32 +simd128",
            &[
                "build",
                "--release",
                "-p",
                "gjk-simd",
                "--target",
                "wasm32-unknown-unknown",
                "--target-dir",
                "target/simd128",
            ],
        )
        .with_env(
            "CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS",
            "-C target-feature=+simd128",
        ),
        // Every lane of the batch queries against scalar gjk-core on 100,000 random
        // pairs (distance, overlap) and rays of each shape kind, in f32 and f64, bit
        // for bit, on every lane path this processor has (the tests loop over
        // `Simd::available()`: scalar, SSE2, and AVX2 and AVX-512 where present), and
        // the pair set warm-started over coherent frames (about 60 s in release).
        Step::cargo(
            "gjk-simd = scalar, 100k pairs and rays per kind",
            &[
                "test",
                "--profile",
                "ci-release",
                "-p",
                "gjk-simd",
                "--tests",
                "--",
                "--ignored",
            ],
        ),
        // The same built for x86-64-v3, where `wide`'s portable lanes are its AVX
        // f32x8 and f64x4 instead of SSE2's f32x4 and f64x2: the other portable lane
        // code it compiles (the run-time AVX2 and AVX-512 lanes are the step above's).
        Step::cargo(
            "gjk-simd = scalar, portable lanes built for AVX2",
            &[
                "test",
                "--profile",
                "ci-release",
                "-p",
                "gjk-simd",
                "--tests",
                "--target-dir",
                "target/avx2",
                "--",
                "--ignored",
            ],
        )
        .with_env("RUSTFLAGS", "-C target-cpu=x86-64-v3")
        .needing_avx2(),
    ]);
    steps.extend(emulated_simd_steps());
    steps.extend(embedded_steps());
    steps
}

/// gjk-simd's tests on the other lane code `wide` compiles, under emulation: NEON on
/// aarch64 (`qemu-aarch64` with Debian's cross C library as the sysroot) and wasm32
/// `simd128` under node's WASI (`xtask/wasi-runner.mjs`). All of them, the long
/// comparisons too, since the other steps test only the host, but those on 20,000
/// pairs and rays of each kind instead of the host's 100,000
/// ([`EMULATED_PER_KIND`]): at the full count the aarch64 step took 315 s, 270 of
/// them in those four tests. The linkers, runners and flags are set for the step
/// only.
fn emulated_simd_steps() -> Vec<Step> {
    fn test(target: &str) -> [&str; 10] {
        [
            "test",
            "--profile",
            "ci-release",
            "-p",
            "gjk-simd",
            "--tests",
            "--target",
            target,
            "--",
            "--include-ignored",
        ]
    }
    vec![
        Step::cargo(
            "gjk-simd = scalar, aarch64 NEON (qemu)",
            &test(EMULATED_TEST_TARGETS[0]),
        )
        .with_env("GJK_SIMD_PER_KIND", EMULATED_PER_KIND)
        .with_env(
            "CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER",
            "aarch64-linux-gnu-gcc",
        )
        .with_env(
            "CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER",
            "qemu-aarch64 -L /usr/aarch64-linux-gnu",
        )
        .needing("qemu-aarch64")
        .needing("aarch64-linux-gnu-gcc"),
        Step::cargo(
            "gjk-simd = scalar, wasm32 simd128 (node)",
            &test(EMULATED_TEST_TARGETS[1]),
        )
        .with_env("GJK_SIMD_PER_KIND", EMULATED_PER_KIND)
        .with_env(
            "CARGO_TARGET_WASM32_WASIP1_RUSTFLAGS",
            "-C target-feature=+simd128",
        )
        .with_env(
            "CARGO_TARGET_WASM32_WASIP1_RUNNER",
            "node --no-warnings {workspace}/xtask/wasi-runner.mjs",
        )
        .needing("node"),
    ]
}

/// The embedded workspace (`embedded/`, outside the root workspace): the conformance
/// table up to date, its crates formatted, linted for their targets and tested, then
/// the table on Cortex-M under QEMU and in wasm under node, and the kernel's flash,
/// stack and panic-free link against their budgets (`cargo xtask size`).
fn embedded_steps() -> Vec<Step> {
    const MANIFEST: [&str; 2] = ["--manifest-path", "embedded/Cargo.toml"];
    // The conformance crate on the host with its tests; the firmware and the wasm
    // module for the targets they build for.
    let clippy = |package: &str, which: &[&str]| {
        let mut args = vec!["clippy", MANIFEST[0], MANIFEST[1], "-p", package];
        args.extend(which);
        args.extend(["--", "-D", "warnings"]);
        Step::cargo(&format!("clippy {package}"), &args)
    };
    vec![
        Step::cargo("conformance table", &["xtask", "conformance", "--check"]),
        // `-p` rather than `--all`, which would also format the path dependencies.
        Step::cargo(
            "fmt embedded",
            &[
                "fmt",
                MANIFEST[0],
                MANIFEST[1],
                "-p",
                "gjk-conformance",
                "-p",
                "gjk-firmware",
                "-p",
                "gjk-wasm",
                "-p",
                "gjk-scene",
                "-p",
                "gjk-web",
                "-p",
                "gjk-js",
                "--",
                "--check",
            ],
        ),
        clippy("gjk-conformance", &["--all-targets"]),
        clippy("gjk-firmware", &["--target", "thumbv7em-none-eabihf"]),
        clippy("gjk-wasm", &["--target", "wasm32-unknown-unknown"]),
        clippy("gjk-scene", &["--all-targets"]),
        clippy("gjk-web", &["--target", "wasm32-unknown-unknown"]),
        clippy("gjk-js", &["--target", "wasm32-unknown-unknown"]),
        Step::cargo(
            "test gjk-conformance",
            &["test", MANIFEST[0], MANIFEST[1], "-p", "gjk-conformance"],
        ),
        Step::cargo(
            "test gjk-scene",
            &["test", MANIFEST[0], MANIFEST[1], "-p", "gjk-scene"],
        ),
        Step::cargo("embedded (qemu)", &["xtask", "embedded"]).needing("qemu-system-arm"),
        Step::cargo("wasm (node)", &["xtask", "wasm"]).needing("node"),
        Step::cargo("size and stack (qemu)", &["xtask", "size"]).needing("qemu-system-arm"),
        // The interactive page in headless Chromium: a scripted drag, then the page's
        // numbers against native ones, bit for bit (about 5 s after the build).
        Step::cargo("web page (chromium)", &["xtask", "web", "--test"]).needing("chromium"),
        // The npm package: its checks in node, `npm pack`, the sample project installing
        // the tarball (and TypeScript from the npm registry, to type-check against
        // gjk.d.ts), then the checks in headless Chromium, which the step reports as
        // skipped when Chromium is missing (about 20 s after the build).
        Step::cargo("js package (node)", &["xtask", "js"])
            .needing("node")
            .needing("npm"),
        // Every fuzz target for a fixed, seeded number of executions, about 10 s each
        // (libFuzzer's C++ runtime needs a C++ compiler; about 100 s with the build).
        Step::cargo(
            "fmt fuzz",
            &["fmt", "--manifest-path", "fuzz/Cargo.toml", "--", "--check"],
        ),
        Step::cargo("fuzz smoke", &["xtask", "fuzz", "--smoke"]).needing("c++"),
        // The fuzz targets linted as the workspace is (libFuzzer's build script compiles
        // its C++ runtime, so this needs a C++ compiler too).
        Step::cargo(
            "clippy fuzz",
            &[
                "clippy",
                "--manifest-path",
                "fuzz/Cargo.toml",
                "--all-targets",
                "--",
                "-D",
                "warnings",
            ],
        )
        .needing("c++"),
        // The kernel and shapes as bare-metal targets compile them (the compact form,
        // and the shapes' code for targets without a vector unit), linted there.
        Step::cargo(
            "clippy kernel bare metal",
            &[
                "clippy",
                "-p",
                "gjk-core",
                "-p",
                "gjk-shapes",
                "--target",
                "thumbv6m-none-eabi",
                "--",
                "-D",
                "warnings",
            ],
        ),
    ]
}

/// Whether this processor runs AVX2 code (`-C target-cpu=x86-64-v3`).
fn cpu_has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("fma")
            && std::arch::is_x86_feature_detected!("bmi2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// One check of the CI run.
struct Step {
    /// Short name for the header and the summary table.
    name: String,
    /// Programs the step needs on `PATH` beyond cargo; without one of them the step is
    /// skipped.
    needs: Vec<&'static str>,
    /// Whether the step runs AVX2 code, skipped on a processor without it.
    needs_avx2: bool,
    /// What the step does.
    action: Action,
}

/// What a step does.
enum Action {
    /// Runs cargo with these arguments and extra environment variables (where
    /// [`WORKSPACE`] stands for the workspace root).
    Cargo {
        args: Vec<String>,
        env: Vec<(&'static str, &'static str)>,
    },
    /// Adds the [`CROSS_TARGETS`] and [`EMULATED_TEST_TARGETS`] that `rustup target list
    /// --installed` lacks.
    AddCrossTargets,
    /// `cargo publish --dry-run` of the [`PUBLISHED`] crates, after forgetting the
    /// copies of them an earlier dry run unpacked (see [`forget_unpacked_packages`]).
    PublishDryRun,
}

/// The crates published to crates.io, in dependency order.
const PUBLISHED: [&str; 3] = ["gjk-core", "gjk-shapes", "gjk-simd"];

/// The publish dry run's own target folder, relative to the workspace root, emptied
/// before every run (see [`forget_unpacked_packages`]).
const PUBLISH_TARGET_DIR: &str = "target/publish-check";

/// The arguments of the publish dry run.
fn publish_dry_run_args() -> Vec<String> {
    let mut args = vec![
        "publish",
        "--dry-run",
        "--allow-dirty",
        "--target-dir",
        PUBLISH_TARGET_DIR,
    ];
    for package in PUBLISHED {
        args.extend(["-p", package]);
    }
    args.into_iter().map(str::to_owned).collect()
}

/// Removes the copies of the [`PUBLISHED`] crates that a dry run unpacked from its
/// temporary registry into `$CARGO_HOME/registry/src`. Cargo keys that folder, and the
/// builds of what it holds, by the registry's path and the crate's version, not its
/// contents (a registry's crates never change), so without this and an empty
/// [`PUBLISH_TARGET_DIR`] a second dry run from the same checkout verifies gjk-shapes
/// against the gjk-core of the first: a stale API, and a failure that says nothing
/// about the code. The crates.io folders (`index.crates.io-*`) are left alone.
fn forget_unpacked_packages() -> Result<(), String> {
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cargo")))
        .ok_or("neither CARGO_HOME nor HOME is set")?;
    forget_unpacked_packages_in(&cargo_home.join("registry").join("src"))
}

/// What an earlier dry run left that a new one would verify against: the unpacked
/// copies of our crates ([`forget_unpacked_packages`]) and the builds in
/// [`PUBLISH_TARGET_DIR`].
fn forget_earlier_dry_runs(workspace_root: &Path) -> Result<(), String> {
    forget_unpacked_packages()?;
    let builds = workspace_root.join(PUBLISH_TARGET_DIR);
    match std::fs::remove_dir_all(&builds) {
        Err(error) if error.kind() != std::io::ErrorKind::NotFound => {
            Err(format!("{}: {error}", builds.display()))
        }
        _ => Ok(()),
    }
}

/// [`forget_unpacked_packages`] in the registry sources folder `sources`.
fn forget_unpacked_packages_in(sources: &Path) -> Result<(), String> {
    let Ok(registries) = std::fs::read_dir(sources) else {
        return Ok(());
    };
    for registry in registries.flatten() {
        let local = !registry.file_name().to_string_lossy().starts_with("index.");
        let Ok(crates) = std::fs::read_dir(registry.path()) else {
            continue;
        };
        for unpacked in crates.flatten() {
            let name = unpacked.file_name().to_string_lossy().into_owned();
            let ours = PUBLISHED.iter().any(|package| {
                name.strip_prefix(package)
                    .is_some_and(|rest| rest.starts_with('-'))
            });
            if local && ours {
                std::fs::remove_dir_all(unpacked.path())
                    .map_err(|error| format!("{}: {error}", unpacked.path().display()))?;
            }
        }
    }
    Ok(())
}

/// How a step ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Passed,
    Failed,
    Skipped,
}

impl Step {
    /// A step running `cargo <args>`.
    fn cargo(name: &str, args: &[&str]) -> Self {
        Self {
            name: name.to_owned(),
            needs: Vec::new(),
            needs_avx2: false,
            action: Action::Cargo {
                args: args.iter().map(|&arg| arg.to_owned()).collect(),
                env: Vec::new(),
            },
        }
    }

    /// The same step, skipped (loudly) when `tool` is not on `PATH`.
    fn needing(mut self, tool: &'static str) -> Self {
        self.needs.push(tool);
        self
    }

    /// The same step, skipped (loudly) on a processor without AVX2.
    fn needing_avx2(mut self) -> Self {
        self.needs_avx2 = true;
        self
    }

    /// The same step with an environment variable set for cargo.
    fn with_env(mut self, key: &'static str, value: &'static str) -> Self {
        if let Action::Cargo { env, .. } = &mut self.action {
            env.push((key, value));
        }
        self
    }

    fn run(&self, workspace_root: &Path) -> Outcome {
        let missing: Vec<&str> = self
            .needs
            .iter()
            .copied()
            .filter(|tool| find_on_path(tool).is_none())
            .collect();
        if !missing.is_empty() {
            println!(
                "SKIPPED: {} needs {}, not installed",
                self.name,
                missing.join(" and ")
            );
            return Outcome::Skipped;
        }
        if self.needs_avx2 && !cpu_has_avx2() {
            println!("SKIPPED: {} needs a processor with AVX2", self.name);
            return Outcome::Skipped;
        }
        let passed = match &self.action {
            Action::Cargo { args, env } => match expand_workspace(env, workspace_root) {
                Ok(env) => {
                    let mut command = Command::new(cargo_program());
                    command.args(args).envs(env).current_dir(workspace_root);
                    run_command(&mut command)
                }
                Err(error) => {
                    eprintln!("{error}");
                    false
                }
            },
            Action::AddCrossTargets => add_missing_cross_targets(),
            Action::PublishDryRun => match forget_earlier_dry_runs(workspace_root) {
                Ok(()) => {
                    let mut command = Command::new(cargo_program());
                    command
                        .args(publish_dry_run_args())
                        .current_dir(workspace_root);
                    run_command(&mut command)
                }
                Err(error) => {
                    eprintln!("{error}");
                    false
                }
            },
        };
        if passed {
            Outcome::Passed
        } else {
            Outcome::Failed
        }
    }
}

impl Action {
    /// The command line the action runs, for the step header.
    fn describe(&self) -> String {
        match self {
            Self::Cargo { args, env } => {
                let env: String = env
                    .iter()
                    .map(|(key, value)| format!("{key}=\"{value}\" "))
                    .collect();
                format!("{env}cargo {}", args.join(" "))
            }
            Self::AddCrossTargets => format!(
                "rustup target add (those missing of: {})",
                all_cross_targets().join(", ")
            ),
            Self::PublishDryRun => format!("cargo {}", publish_dry_run_args().join(" ")),
        }
    }
}

/// The environment values with [`WORKSPACE`] replaced by the workspace root. Cargo
/// splits a runner at whitespace, so a root with whitespace is an error there.
fn expand_workspace(
    env: &[(&'static str, &'static str)],
    workspace_root: &Path,
) -> Result<Vec<(&'static str, String)>, String> {
    let root = workspace_root.to_string_lossy();
    env.iter()
        .map(|&(key, value)| {
            if !value.contains(WORKSPACE) {
                Ok((key, value.to_owned()))
            } else if root.chars().any(char::is_whitespace) {
                Err(format!(
                    "{key} needs the workspace path, which has whitespace (cargo would \
                     split it): {root}"
                ))
            } else {
                Ok((key, value.replace(WORKSPACE, &root)))
            }
        })
        .collect()
}

/// The targets the "cross targets" step installs: [`CROSS_TARGETS`], then
/// [`EMULATED_TEST_TARGETS`].
fn all_cross_targets() -> Vec<&'static str> {
    CROSS_TARGETS
        .iter()
        .chain(&EMULATED_TEST_TARGETS)
        .copied()
        .collect()
}

/// Installs the cross targets rustup does not have yet; true when all are installed.
fn add_missing_cross_targets() -> bool {
    let listed = match Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
    {
        Ok(output) if output.status.success() => output.stdout,
        Ok(output) => {
            eprintln!(
                "`rustup target list --installed` failed: {}",
                String::from_utf8_lossy(&output.stderr)
            );
            return false;
        }
        Err(error) => {
            eprintln!("could not run rustup: {error}");
            return false;
        }
    };
    let installed = String::from_utf8_lossy(&listed);
    let missing: Vec<&str> = all_cross_targets()
        .into_iter()
        .filter(|target| !installed.lines().any(|line| line.trim() == *target))
        .collect();
    if missing.is_empty() {
        println!("all cross targets installed");
        return true;
    }
    println!("adding {}", missing.join(", "));
    run_command(
        Command::new("rustup")
            .args(["target", "add"])
            .args(&missing),
    )
}

/// Runs a command with inherited output; true when it exits successfully.
fn run_command(command: &mut Command) -> bool {
    match command.status() {
        Ok(status) => status.success(),
        Err(error) => {
            eprintln!("could not start {:?}: {error}", command.get_program());
            false
        }
    }
}

/// The cargo that runs this xtask (cargo sets `CARGO`), or `cargo` from `PATH`.
fn cargo_program() -> OsString {
    std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into())
}

/// The path of an executable named `tool` in a folder on `PATH`, as `which` finds it.
pub(crate) fn find_on_path(tool: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    let file_name = format!("{tool}{}", std::env::consts::EXE_SUFFIX);
    std::env::split_paths(&path)
        .map(|folder| folder.join(&file_name))
        .find(|candidate| candidate.is_file())
}

/// Prints the table of step, result and seconds, and a closing line with the counts.
fn print_summary(results: &[(&Step, Outcome, f64)], total_seconds: f64) {
    let name_width = results
        .iter()
        .map(|(step, _, _)| step.name.len())
        .chain(["step".len()])
        .max()
        .unwrap_or(0);
    println!();
    println!("==> summary");
    println!("{:<name_width$}  {:<7}  {:>8}", "step", "result", "seconds");
    for (step, outcome, seconds) in results {
        let result = match outcome {
            Outcome::Passed => "passed",
            Outcome::Failed => "FAILED",
            Outcome::Skipped => "SKIPPED",
        };
        println!("{:<name_width$}  {result:<7}  {seconds:>8.1}", step.name);
    }
    println!("{:<name_width$}  {:<7}  {total_seconds:>8.1}", "total", "");
    let count = |wanted| {
        results
            .iter()
            .filter(|(_, outcome, _)| *outcome == wanted)
            .count()
    };
    let (failed, skipped) = (count(Outcome::Failed), count(Outcome::Skipped));
    println!();
    if failed == 0 {
        println!(
            "CI steps all green ({} run, {skipped} skipped)",
            count(Outcome::Passed)
        );
    } else {
        println!("CI FAILED in {failed} of {} steps", results.len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn publish_dry_run_forgets_only_the_local_copies_of_our_crates() {
        let sources =
            std::env::temp_dir().join(format!("gjk-xtask-sources-{}", std::process::id()));
        let make = |path: &str| std::fs::create_dir_all(sources.join(path)).unwrap();
        make("-1234abcd/gjk-core-0.1.0/src");
        make("-1234abcd/gjk-simd-0.1.0");
        make("-1234abcd/serde-1.0.0");
        make("index.crates.io-1949cf8c6b5b557f/gjk-core-0.1.0");
        assert_eq!(forget_unpacked_packages_in(&sources), Ok(()));
        let left = |path: &str| sources.join(path).exists();
        assert!(!left("-1234abcd/gjk-core-0.1.0"));
        assert!(!left("-1234abcd/gjk-simd-0.1.0"));
        assert!(left("-1234abcd/serde-1.0.0"));
        assert!(left("index.crates.io-1949cf8c6b5b557f/gjk-core-0.1.0"));
        std::fs::remove_dir_all(&sources).unwrap();
    }

    #[test]
    fn a_missing_tool_is_not_found_on_path() {
        assert_eq!(find_on_path("gjk-xtask-no-such-tool"), None);
    }

    #[test]
    fn qemu_and_node_steps_are_skipped_without_their_tool() {
        let needs: Vec<(String, Vec<&str>)> = steps()
            .into_iter()
            .filter(|step| step.name.contains("qemu") || step.name.contains("node"))
            .map(|step| (step.name, step.needs))
            .collect();
        assert_eq!(
            needs,
            [
                (
                    "gjk-simd = scalar, aarch64 NEON (qemu)".to_owned(),
                    vec!["qemu-aarch64", "aarch64-linux-gnu-gcc"]
                ),
                (
                    "gjk-simd = scalar, wasm32 simd128 (node)".to_owned(),
                    vec!["node"]
                ),
                ("embedded (qemu)".to_owned(), vec!["qemu-system-arm"]),
                ("wasm (node)".to_owned(), vec!["node"]),
                ("size and stack (qemu)".to_owned(), vec!["qemu-system-arm"]),
                ("js package (node)".to_owned(), vec!["node", "npm"]),
            ]
        );
    }

    #[test]
    fn a_step_is_skipped_when_a_tool_it_needs_is_missing() {
        // Cargo has no such command: the step would fail if it ran.
        let step = Step::cargo("missing tool", &["gjk-xtask-no-such-command"])
            .needing("gjk-xtask-no-such-tool")
            .needing("gjk-xtask-no-such-tool-either");
        assert_eq!(step.run(Path::new(".")), Outcome::Skipped);
    }

    #[test]
    fn emulated_steps_run_every_gjk_simd_test_with_their_linker_runner_and_count() {
        let commands: Vec<String> = steps()
            .iter()
            .filter(|step| step.name.contains("aarch64") || step.name.contains("wasm32 simd128"))
            .map(|step| step.action.describe())
            .collect();
        let test = "cargo test --profile ci-release -p gjk-simd --tests --target";
        assert_eq!(
            commands,
            [
                format!(
                    "GJK_SIMD_PER_KIND=\"20000\" \
                     CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=\"aarch64-linux-gnu-gcc\" \
                     CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER=\"qemu-aarch64 -L \
                     /usr/aarch64-linux-gnu\" {test} aarch64-unknown-linux-gnu -- \
                     --include-ignored"
                ),
                format!(
                    "GJK_SIMD_PER_KIND=\"20000\" \
                     CARGO_TARGET_WASM32_WASIP1_RUSTFLAGS=\"-C target-feature=+simd128\" \
                     CARGO_TARGET_WASM32_WASIP1_RUNNER=\"node --no-warnings \
                     {WORKSPACE}/xtask/wasi-runner.mjs\" {test} wasm32-wasip1 -- \
                     --include-ignored"
                ),
            ]
        );
    }

    #[test]
    fn the_wasi_runner_is_in_the_workspace() {
        let runner = Path::new(env!("CARGO_MANIFEST_DIR")).join("wasi-runner.mjs");
        assert!(runner.is_file(), "{}", runner.display());
    }

    #[test]
    fn the_workspace_root_replaces_its_placeholder_in_the_environment() {
        let env = [
            ("RUNNER", "node {workspace}/xtask/run.mjs"),
            ("FLAGS", "-C x"),
        ];
        assert_eq!(
            expand_workspace(&env, Path::new("/ci/gjk")),
            Ok(vec![
                ("RUNNER", "node /ci/gjk/xtask/run.mjs".to_owned()),
                ("FLAGS", "-C x".to_owned()),
            ])
        );
        // Cargo would split the path of the runner script.
        assert!(expand_workspace(&env, Path::new("/ci/my gjk")).is_err());
        assert!(expand_workspace(&env[1..], Path::new("/ci/my gjk")).is_ok());
    }

    #[test]
    fn the_cross_targets_step_installs_the_emulated_test_targets() {
        let add = steps()
            .iter()
            .find(|step| step.name == "cross targets")
            .map(|step| step.action.describe());
        assert_eq!(
            add.as_deref(),
            Some(
                "rustup target add (those missing of: thumbv7em-none-eabihf, \
                 thumbv6m-none-eabi, riscv32imac-unknown-none-elf, wasm32-unknown-unknown, \
                 aarch64-unknown-linux-gnu, wasm32-wasip1)"
            )
        );
    }

    #[test]
    fn every_cross_target_gets_a_release_build_of_the_no_std_crates() {
        let builds: Vec<String> = steps()
            .iter()
            .filter(|step| step.name.starts_with("build ") && !step.name.contains("simd128"))
            .map(|step| step.action.describe())
            .collect();
        assert_eq!(builds.len(), CROSS_TARGETS.len());
        for (build, target) in builds.iter().zip(CROSS_TARGETS) {
            assert_eq!(
                *build,
                format!(
                    "cargo build --release -p gjk-core -p gjk-shapes -p gjk-simd --target {target}"
                )
            );
        }
    }

    #[test]
    fn browser_and_fuzz_steps_are_skipped_without_their_tool() {
        let needs: Vec<(String, Vec<&str>)> = steps()
            .into_iter()
            .filter(|step| step.name.contains("chromium") || step.name.contains("fuzz smoke"))
            .map(|step| (step.name, step.needs))
            .collect();
        assert_eq!(
            needs,
            [
                ("web page (chromium)".to_owned(), vec!["chromium"]),
                ("fuzz smoke".to_owned(), vec!["c++"]),
            ]
        );
    }
}
