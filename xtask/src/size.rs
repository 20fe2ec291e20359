//! `cargo xtask size`: flash and stack of the kernel in firmware, and proof that the
//! query code has no panic path.
//!
//! For each board and for `opt-level` "s" and "z" (profiles `size-s`, `size-z` of the
//! embedded workspace) it builds two families of firmwares, each around one scene (see
//! `embedded/firmware/src/probe.rs` and `probe3.rs`):
//!
//! - the plane ([`PLANE`]):
//!   - `size-queries`: distance, ray cast and shape cast on `Polygon<f32, 8>` and
//!     `Circle`, generic over the shapes as users write them, with two casts that
//!     start inside (their exact starting normal is a distance query after the cast:
//!     the deepest stack);
//!   - `size-dyn`: the same queries on `&dyn Support<f32>`;
//!   - `size-baseline`: the same scaffolding with stand-ins instead of the queries;
//! - space ([`SPACE`]):
//!   - `size-queries3d`: 3D `distance` of `ConvexPoints<f32, 8>` against itself, a
//!     `Sphere` and a `Capsule3`, generic over the shapes, with `Transform3` poses;
//!   - `size-baseline3d`: the same scaffolding with stand-ins.
//!
//! What counts as kernel code: a probe's `.text` minus its family's baseline's, that
//! is everything the queries add to a firmware that already builds the same shapes
//! and prints the same lines: the kernel's own functions, the support functions of the
//! shapes, and whatever runtime routine only the queries call (on the Cortex-M0
//! `__aeabi_fcmpge`; before this measure caught it, a 1.5 KB `memmove`). The runtime
//! routines the baseline already links are *not* counted: in the plane the soft-float
//! add, multiply, divide and compares of compiler-builtins, the square root, `memcpy`
//! and `memclr` (about 3.3 KB on the Cortex-M0, 1.2 KB on the Cortex-M4F), because the
//! shape constructors use them too, and so does any firmware that computes in `f32`.
//! The 3D constructors neither divide nor take square roots, so in space the square
//! root (about 140 bytes) counts as kernel code, and on the Cortex-M0 the soft-float
//! divide and compares too (about 740 bytes); `memcpy` and `memclr` stay in the
//! baseline. `llvm-nm --size-sort -S -C` on the two
//! ELF files shows the split symbol by symbol.
//!
//! The peak stack of each query comes from painting the stack in a QEMU run; it
//! includes the probe's own closure and wrapper frames (a few tens of bytes), so it is
//! a slight overestimate of the kernel's share.
//!
//! The figures depend a little on the rest of the package: at opt-levels "s" and "z"
//! rustc shares generic instantiations between crates, and `gjk-conformance`, which
//! every firmware of the package links, instantiates the kernel's bare-metal body
//! (the loop and solvers on `dyn` shapes) that the probes then reuse, optimized in its
//! context. Without it the figures move by a few dozen bytes either way (the plane's
//! generic probe measured 24 and 48 bytes less, the 3D probe 12 more and 108 less),
//! and the 3D stack at "s" on the Cortex-M4F once measured 1820 bytes instead of 1048.
//!
//! The query firmwares link with a panic handler that calls an undefined symbol, so
//! they build only if no panic path survives in the query code; a build with the
//! `deliberate-panic` feature checks that this trap does fire.
//!
//! Budgets: each family has its own ([`Budgets`]: [`KERNEL_CODE_BUDGET`],
//! [`STACK_BUDGET`] and their Cortex-M0 forms in the plane, [`KERNEL_CODE_BUDGET_3D`],
//! [`STACK_BUDGET_3D`] and theirs in space); the command fails when a figure exceeds
//! them, except on the configurations the family does not enforce ([`NOT_ENFORCED`],
//! [`NOT_ENFORCED_3D`]), whose figures are printed with their verdict but do not fail
//! the command.

use std::path::Path;
use std::process::Command;

use crate::elf::section_size;
use crate::firmware::{
    BOARDS, Board, EMBEDDED_DIR, RUN_TIMEOUT, artifact, cargo_in_embedded, run_with_timeout,
};

/// At most 8 KiB of kernel code in a firmware using distance, ray cast and shape cast
/// on the Cortex-M4F at opt-level "z", called on concrete shapes or through
/// `dyn Support`: what the kernel was designed to fit beside an application on a
/// 64 KiB part. A fix that costs bytes finds them elsewhere.
pub const KERNEL_CODE_BUDGET: u32 = 8 * 1024;

/// At most 8.5 KiB of kernel code on the Cortex-M0, where every float operation is a
/// call to the soft-float library with register moves around it: the same queries
/// take about a tenth more code than with an FPU.
pub const KERNEL_CODE_BUDGET_CORTEX_M0: u32 = 8 * 1024 + 512;

/// At most 1 KiB of stack for one query on the Cortex-M4F.
pub const STACK_BUDGET: u32 = 1024;

/// At most 1 KiB of stack for one query on the Cortex-M0 too, whose soft-float calls
/// leave fewer registers for the loops' state, so more of it spills: the deepest
/// queries (a ray, and the casts that start inside, whose exact starting normal is a
/// distance run after the cast's frames are gone) come closest.
pub const STACK_BUDGET_CORTEX_M0: u32 = 1024;

/// `(target, opt-level)` configurations of the plane's probes measured and reported
/// but not held to the budgets: opt-level "s", which a firmware that counts its flash
/// does not use.
///
/// - Cortex-M0: without an FPU every float operation is a call with register moves
///   around it, and "s" inlines the small vector helpers that "z" keeps out of line:
///   about a quarter more code than at "z", and more stack.
/// - Cortex-M4F: "s" inlines more of the loops, about a sixth more code than "z".
pub const NOT_ENFORCED: [(&str, &str); 2] =
    [("thumbv6m-none-eabi", "s"), ("thumbv7em-none-eabihf", "s")];

/// At most 8 KiB of kernel code for 3D `distance` at opt-level "z" on the Cortex-M4F,
/// as for the plane's three queries. What it holds beyond the plane's loop: the 3D
/// solver's face and tetrahedron regions, the rotation matrix the loops carry
/// (gjk-core's `Frame3`, built once per query), and the square root, which the 3D
/// constructors do not take, so that it counts here (the kernel's own, about 140
/// bytes, see `Scalar::square_root`).
pub const KERNEL_CODE_BUDGET_3D: u32 = 8 * 1024;

/// The 3D budget on the Cortex-M0: the plane's allowance of half a KiB for soft-float
/// calls, and a quarter KiB more for the rotation matrix (21 soft-float operations
/// inline, built once per query), which makes queries 6 % (boxes) to 20 % (capsule
/// against hull) faster on the host. The soft-float divide and compares count here,
/// since the 3D constructors do not use them.
pub const KERNEL_CODE_BUDGET_3D_CORTEX_M0: u32 = 8 * 1024 + 768;

/// At most 1.5 KiB of stack for one 3D `distance` on the Cortex-M4F, half as much
/// again as the plane's: the 3D simplex holds four vertices of three coordinates
/// (with both witness points) where the plane's holds three of two, and the solver's
/// face and tetrahedron regions keep several of them in flight.
pub const STACK_BUDGET_3D: u32 = 1024 + 512;

/// At most 1.75 KiB of stack for one 3D `distance` on the Cortex-M0, whose
/// soft-float calls leave fewer registers for the solver's state.
pub const STACK_BUDGET_3D_CORTEX_M0: u32 = 1024 + 768;

/// `(target, opt-level)` configurations of the 3D probe measured and reported but not
/// held to its budgets: opt-level "s", as in the plane.
///
/// The 3D solver keeps a permutation of its slots rather than moving kept vertices
/// down its array: any such move, however written (a copy guarded against
/// self-copies, a swap, a copy between the array's two halves, field by field),
/// links compiler-builtins' `memmove`, 1574 bytes.
pub const NOT_ENFORCED_3D: [(&str, &str); 2] =
    [("thumbv6m-none-eabi", "s"), ("thumbv7em-none-eabihf", "s")];

/// The kernel code and stack budgets of a family of probes, per board.
pub struct Budgets {
    /// Kernel code on the Cortex-M4F.
    pub code: u32,
    /// Kernel code on the Cortex-M0.
    pub code_cortex_m0: u32,
    /// Stack of one query on the Cortex-M4F.
    pub stack: u32,
    /// Stack of one query on the Cortex-M0.
    pub stack_cortex_m0: u32,
    /// `(target, opt-level)` configurations measured but not held to the budgets.
    pub not_enforced: &'static [(&'static str, &'static str)],
}

/// Probe firmwares measured against one baseline, with the same queries and budgets.
pub struct Family {
    /// What the family measures, for headings.
    pub name: &'static str,
    /// The firmware without the queries.
    pub baseline: &'static str,
    /// The query firmwares and how they call the kernel.
    pub probes: &'static [(&'static str, &'static str)],
    /// The `stack` lines a probe prints (see `probe.rs` and `probe3.rs`).
    pub queries: usize,
    /// Its budgets.
    pub budgets: Budgets,
}

/// The plane: distance, ray cast and shape cast on `Polygon<f32, 8>` and `Circle`,
/// generic and through `dyn Support`. Its probes print a stack line for each of the
/// two distances, the two rays and two shape casts, and the two casts that start
/// inside (whose exact starting normal is a distance query after the cast).
pub const PLANE: Family = Family {
    name: "plane: distance, ray cast, shape cast",
    baseline: "size-baseline",
    probes: &[("size-queries", "generic"), ("size-dyn", "dyn Support")],
    queries: 8,
    budgets: Budgets {
        code: KERNEL_CODE_BUDGET,
        code_cortex_m0: KERNEL_CODE_BUDGET_CORTEX_M0,
        stack: STACK_BUDGET,
        stack_cortex_m0: STACK_BUDGET_CORTEX_M0,
        not_enforced: &NOT_ENFORCED,
    },
};

/// Space: 3D `distance` of `ConvexPoints<f32, 8>` against itself, a `Sphere` and a
/// `Capsule3`, generic over the shapes; a stack line for each.
pub const SPACE: Family = Family {
    name: "space: 3D distance",
    baseline: "size-baseline3d",
    probes: &[("size-queries3d", "3D generic")],
    queries: 3,
    budgets: Budgets {
        code: KERNEL_CODE_BUDGET_3D,
        code_cortex_m0: KERNEL_CODE_BUDGET_3D_CORTEX_M0,
        stack: STACK_BUDGET_3D,
        stack_cortex_m0: STACK_BUDGET_3D_CORTEX_M0,
        not_enforced: &NOT_ENFORCED_3D,
    },
};

/// The families, in the order of the tables.
const FAMILIES: [&Family; 2] = [&PLANE, &SPACE];

/// The size profiles and their `opt-level`.
const PROFILES: [(&str, &str); 2] = [("size-s", "s"), ("size-z", "z")];

/// The symbol the size firmwares' panic handler calls; defined nowhere.
const PANIC_SYMBOL: &str = "gjk_panic_path_survives_in_query_code";

/// One probe firmware, measured.
struct Measured {
    family: &'static Family,
    board: &'static Board,
    opt_level: &'static str,
    probe: &'static str,
    text: u32,
    baseline_text: u32,
    /// `(query, peak stack bytes)` from the QEMU run.
    stacks: Vec<(String, u32)>,
}

impl Measured {
    /// Whether the budgets hold this configuration (see [`Budgets::not_enforced`]).
    fn enforced(&self) -> bool {
        !self
            .family
            .budgets
            .not_enforced
            .contains(&(self.board.target, self.opt_level))
    }

    fn on_cortex_m0(&self) -> bool {
        self.board.target == "thumbv6m-none-eabi"
    }

    /// The code budget of this configuration's family and board.
    fn code_budget(&self) -> u32 {
        let budgets = &self.family.budgets;
        if self.on_cortex_m0() {
            budgets.code_cortex_m0
        } else {
            budgets.code
        }
    }

    /// The stack budget of this configuration's family and board.
    fn stack_budget(&self) -> u32 {
        let budgets = &self.family.budgets;
        if self.on_cortex_m0() {
            budgets.stack_cortex_m0
        } else {
            budgets.stack
        }
    }

    fn kernel_code(&self) -> u32 {
        self.text.saturating_sub(self.baseline_text)
    }

    fn peak_stack(&self) -> u32 {
        self.stacks
            .iter()
            .map(|(_, bytes)| *bytes)
            .max()
            .unwrap_or(0)
    }
}

/// Builds, measures, checks the panic trap and the budgets.
pub fn run(workspace_root: &Path) -> Result<(), String> {
    let mut measured = Vec::new();
    for board in &BOARDS {
        for (profile, opt_level) in PROFILES {
            println!(
                "\n==> size firmwares for {} at opt-level \"{opt_level}\"",
                board.target
            );
            let mut args = vec!["build", "--profile", profile, "-p", "gjk-firmware"];
            args.extend(["--target", board.target]);
            for family in FAMILIES {
                args.extend(["--bin", family.baseline]);
                for (binary, _) in family.probes {
                    args.extend(["--bin", binary]);
                }
            }
            cargo_in_embedded(workspace_root, &args).map_err(|error| {
                format!(
                    "{error}. If the linker names `{PANIC_SYMBOL}`, a panic path survives in \
                     the query code: find it with `cargo rustc --profile {profile} --target {} \
                     -p gjk-firmware --bin <probe> -- --emit asm` and remove it",
                    board.target
                )
            })?;
            for family in FAMILIES {
                let baseline_text =
                    text_size(workspace_root, board.target, profile, family.baseline)?;
                for &(binary, probe) in family.probes {
                    let elf = artifact(workspace_root, board.target, profile, binary);
                    measured.push(Measured {
                        family,
                        board,
                        opt_level,
                        probe,
                        text: text_size(workspace_root, board.target, profile, binary)?,
                        baseline_text,
                        stacks: stack_run(board, &elf, family.queries)?,
                    });
                }
            }
        }
    }
    println!("\n==> negative control: a deliberate panic path must fail the link");
    deliberate_panic_fails_to_link(workspace_root)?;
    print_sizes(&measured);
    for family in FAMILIES {
        let of_family: Vec<&Measured> = measured
            .iter()
            .filter(|m| core::ptr::eq(m.family, family))
            .collect();
        print_stacks(family, &of_family);
    }
    check_budgets(&measured)
}

/// `.text` bytes of a built firmware.
fn text_size(
    workspace_root: &Path,
    target: &str,
    profile: &str,
    binary: &str,
) -> Result<u32, String> {
    let path = artifact(workspace_root, target, profile, binary);
    let bytes =
        std::fs::read(&path).map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    section_size(&bytes, ".text").map_err(|error| format!("{}: {error}", path.display()))
}

/// Runs a probe under QEMU and reads its `stack <query> <bytes> status <code>` lines,
/// `queries` of them. Every query must have answered as the probe expects (code 0):
/// `Separated` (distances), `Hit` (casts), `StartsInside` with a normal (the casts from
/// inside).
fn stack_run(board: &Board, elf: &Path, queries: usize) -> Result<Vec<(String, u32)>, String> {
    let finished = run_with_timeout(&mut board.qemu_command(elf), RUN_TIMEOUT)?;
    let name = elf.display();
    if !finished.status.success() || !finished.stdout.contains("probe done") {
        return Err(format!(
            "{name} failed under QEMU ({}):\n{}",
            finished.status, finished.stdout
        ));
    }
    let mut stacks = Vec::new();
    for line in finished.stdout.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if let ["stack", query, bytes, "status", status] = words.as_slice() {
            let bytes = bytes
                .parse()
                .map_err(|_| format!("{name}: bad stack line {line:?}"))?;
            if *status != "0" {
                return Err(format!(
                    "{name}: {query} did not answer as expected (code {status}, see the probe)"
                ));
            }
            stacks.push(((*query).to_owned(), bytes));
        }
    }
    if stacks.len() == queries {
        Ok(stacks)
    } else {
        Err(format!(
            "{name}: expected {queries} stack lines:\n{}",
            finished.stdout
        ))
    }
}

/// Builds `size-queries` with the `deliberate-panic` feature, which adds one bounds
/// check the optimizer cannot remove, and requires the link to fail on the trap symbol:
/// the panic-free links above then mean something.
fn deliberate_panic_fails_to_link(workspace_root: &Path) -> Result<(), String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .args([
            "build",
            "--profile",
            "size-s",
            "-p",
            "gjk-firmware",
            "--bin",
            "size-queries",
            "--features",
            "deliberate-panic",
            "--target",
        ])
        .arg(BOARDS[0].target)
        .current_dir(workspace_root.join(EMBEDDED_DIR))
        .output()
        .map_err(|error| format!("could not start cargo: {error}"))?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() && stderr.contains(PANIC_SYMBOL) {
        println!("the link failed on `{PANIC_SYMBOL}`, as it must: the trap works");
        Ok(())
    } else {
        Err(format!(
            "the deliberate-panic firmware did not fail to link on {PANIC_SYMBOL}, so the \
             panic-free links prove nothing:\n{stderr}"
        ))
    }
}

fn print_sizes(measured: &[Measured]) {
    println!(
        "\n.text bytes: a probe firmware, its baseline without queries, and the difference \
         (kernel code)"
    );
    for family in FAMILIES {
        let budgets = &family.budgets;
        println!(
            "  {}: budget {}, on the Cortex-M0 {}",
            family.name, budgets.code, budgets.code_cortex_m0
        );
    }
    println!(
        "{:<22}  {:<3}  {:<11}  {:>6}  {:>8}  {:>11}",
        "target", "opt", "queries", ".text", "baseline", "kernel code"
    );
    for m in measured {
        println!(
            "{:<22}  {:<3}  {:<11}  {:>6}  {:>8}  {:>11}  {}",
            m.board.target,
            m.opt_level,
            m.probe,
            m.text,
            m.baseline_text,
            m.kernel_code(),
            verdict(m.kernel_code(), m.code_budget(), m.enforced())
        );
    }
}

/// The stack table of one family, whose probes all report the same queries.
fn print_stacks(family: &Family, measured: &[&Measured]) {
    let budgets = &family.budgets;
    println!(
        "\npeak stack bytes per query, painted in QEMU, {} (budget {}, on the \
         Cortex-M0 {})",
        family.name, budgets.stack, budgets.stack_cortex_m0
    );
    let queries: Vec<&str> = measured
        .first()
        .map(|m| m.stacks.iter().map(|(query, _)| query.as_str()).collect())
        .unwrap_or_default();
    print!("{:<22}  {:<3}  {:<11}", "target", "opt", "queries");
    for query in &queries {
        print!("  {query}");
    }
    println!();
    for m in measured {
        print!(
            "{:<22}  {:<3}  {:<11}",
            m.board.target, m.opt_level, m.probe
        );
        for (query, bytes) in &m.stacks {
            print!("  {bytes:>width$}", width = query.len());
        }
        println!(
            "  {}",
            verdict(m.peak_stack(), m.stack_budget(), m.enforced())
        );
    }
}

/// `ok`, `OVER BUDGET`, or for a configuration the budgets do not hold, `over
/// budget (not enforced)`.
fn verdict(value: u32, budget: u32, enforced: bool) -> &'static str {
    match (value <= budget, enforced) {
        (true, _) => "ok",
        (false, true) => "OVER BUDGET",
        (false, false) => "over budget (not enforced)",
    }
}

fn check_budgets(measured: &[Measured]) -> Result<(), String> {
    let mut over = Vec::new();
    for m in measured.iter().filter(|m| m.enforced()) {
        let what = format!(
            "{} opt-level {} {} ({})",
            m.board.target, m.opt_level, m.probe, m.family.name
        );
        if m.kernel_code() > m.code_budget() {
            over.push(format!(
                "{what}: {} bytes of kernel code (budget {})",
                m.kernel_code(),
                m.code_budget()
            ));
        }
        if m.peak_stack() > m.stack_budget() {
            over.push(format!(
                "{what}: {} bytes of stack (budget {})",
                m.peak_stack(),
                m.stack_budget()
            ));
        }
    }
    println!("\npanic-free link: every size firmware linked with the trap panic handler");
    if over.is_empty() {
        println!("every enforced figure within budget");
        Ok(())
    } else {
        Err(format!("over budget:\n  {}", over.join("\n  ")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn measured(board: usize, opt_level: &'static str, text: u32, stack: u32) -> Measured {
        in_family(&PLANE, board, opt_level, text, stack)
    }

    fn in_family(
        family: &'static Family,
        board: usize,
        opt_level: &'static str,
        text: u32,
        stack: u32,
    ) -> Measured {
        Measured {
            family,
            board: &BOARDS[board],
            opt_level,
            probe: "generic",
            text,
            baseline_text: 1000,
            stacks: vec![("distance".to_owned(), stack)],
        }
    }

    #[test]
    fn verdicts_name_enforced_and_informational_overruns() {
        assert_eq!(verdict(8192, 8192, true), "ok");
        assert_eq!(verdict(8193, 8192, true), "OVER BUDGET");
        assert_eq!(verdict(8193, 8192, false), "over budget (not enforced)");
    }

    #[test]
    fn only_enforced_configurations_fail_the_budget_check() {
        let within = 1000 + KERNEL_CODE_BUDGET;
        // The Cortex-M4F at "z" over either budget fails ...
        assert!(check_budgets(&[measured(0, "z", within + 1, 512)]).is_err());
        assert!(check_budgets(&[measured(0, "z", within, STACK_BUDGET + 4)]).is_err());
        assert!(check_budgets(&[measured(0, "z", within, STACK_BUDGET)]).is_ok());
        // ... "s" is reported, not held to them, on both boards ...
        let m0_s = measured(1, "s", within + 900, STACK_BUDGET + 12);
        assert!(!m0_s.enforced());
        assert!(check_budgets(&[m0_s]).is_ok());
        assert!(check_budgets(&[measured(0, "s", within + 900, 512)]).is_ok());
        let m0_within = 1000 + KERNEL_CODE_BUDGET_CORTEX_M0;
        assert!(check_budgets(&[measured(1, "z", m0_within, 512)]).is_ok());
        assert!(check_budgets(&[measured(1, "z", m0_within + 1, 512)]).is_err());
        // ... and the Cortex-M0 has its own stack budget.
        let m0_stack = STACK_BUDGET_CORTEX_M0;
        assert!(check_budgets(&[measured(1, "z", within, m0_stack)]).is_ok());
        assert!(check_budgets(&[measured(1, "z", within, m0_stack + 4)]).is_err());
    }

    #[test]
    fn the_3d_family_has_its_own_budgets_and_exemptions() {
        let within = 1000 + KERNEL_CODE_BUDGET_3D;
        let m4_z = in_family(&SPACE, 0, "z", within + 1, STACK_BUDGET_3D);
        assert_eq!(m4_z.code_budget(), KERNEL_CODE_BUDGET_3D);
        assert_eq!(m4_z.stack_budget(), STACK_BUDGET_3D);
        let m0_z = in_family(&SPACE, 1, "z", within, STACK_BUDGET_3D_CORTEX_M0);
        assert_eq!(m0_z.code_budget(), KERNEL_CODE_BUDGET_3D_CORTEX_M0);
        assert_eq!(m0_z.stack_budget(), STACK_BUDGET_3D_CORTEX_M0);
        // Each configuration the 3D family lists is reported, not held; the plane's
        // "z" configurations stay enforced whatever the 3D list says.
        for (board, target) in BOARDS.iter().enumerate() {
            for (_, opt_level) in PROFILES {
                let over = in_family(&SPACE, board, opt_level, within + 4096, 4096);
                let listed = NOT_ENFORCED_3D.contains(&(target.target, opt_level));
                assert_eq!(over.enforced(), !listed);
                assert_eq!(check_budgets(&[over]).is_ok(), listed);
            }
        }
        assert!(measured(0, "z", 1000 + KERNEL_CODE_BUDGET + 1, 512).enforced());
    }
}
