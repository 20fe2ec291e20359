//! The commands whose programs live beside what they serve, in crates of their own:
//! xtask runs them with `cargo run`, passing the command's arguments on.
//!
//! | command | runs |
//! | --- | --- |
//! | `bench [--quick]` | `gjk-benches`' `peer_report` (`benches/`) |
//! | `conformance [--check]` | `gjk-conformance-gen` (`embedded/conformance-gen`) |
//! | `demo` | `gjk-demo`'s `demo` (`demo/`) |
//! | `gallery [--check]` | `gjk-demo`'s `gallery` (`demo/`) |

use std::path::Path;
use std::process::Command;

/// A program of the workspace: the package that holds it and its binary's name.
pub struct Program {
    /// The package, as `cargo run -p` takes it.
    pub package: &'static str,
    /// The binary, for a package with more than one.
    pub bin: Option<&'static str>,
}

/// The peer report.
pub const BENCH: Program = Program {
    package: "gjk-benches",
    bin: Some("peer_report"),
};

/// The conformance tables' generator.
pub const CONFORMANCE: Program = Program {
    package: "gjk-conformance-gen",
    bin: None,
};

/// The tour of the kernel.
pub const DEMO: Program = Program {
    package: "gjk-demo",
    bin: Some("demo"),
};

/// The gallery's pictures.
pub const GALLERY: Program = Program {
    package: "gjk-demo",
    bin: Some("gallery"),
};

/// Runs `program` with `args` from the workspace root, its output inherited; cargo's
/// own lines are left out (`--quiet`), as for xtask itself.
pub fn run(workspace_root: &Path, program: &Program, args: &[String]) -> Result<(), String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command.args(["run", "--quiet", "--package", program.package]);
    if let Some(bin) = program.bin {
        command.args(["--bin", bin]);
    }
    let status = command
        .arg("--")
        .args(args)
        .current_dir(workspace_root)
        .status()
        .map_err(|error| format!("could not start cargo: {error}"))?;
    if status.success() {
        Ok(())
    } else {
        let bin = program
            .bin
            .map(|bin| format!(" --bin {bin}"))
            .unwrap_or_default();
        Err(format!(
            "`cargo run -p {}{bin}` failed ({status})",
            program.package
        ))
    }
}
