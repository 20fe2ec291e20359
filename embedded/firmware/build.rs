//! Picks the memory layout of the QEMU machine each Cortex-M target runs on, and links
//! the binaries with cortex-m-rt's `link.x` (which includes `memory.x`).

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let target = std::env::var("TARGET").unwrap_or_default();
    let (memory, machine) = match target.as_str() {
        "thumbv7em-none-eabihf" => ("memory-mps2-an386.x", "mps2-an386 (Cortex-M4F)"),
        "thumbv6m-none-eabi" => ("memory-microbit.x", "microbit (Cortex-M0)"),
        // Other targets (a host `cargo check`) link nothing here.
        _ => return,
    };
    println!("cargo:rerun-if-changed={memory}");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default());
    if let Err(error) = std::fs::copy(memory, out.join("memory.x")) {
        panic!("cannot copy {memory} to {}: {error}", out.display());
    }
    println!("cargo:rustc-link-search={}", out.display());
    println!("cargo:rustc-link-arg-bins=-Tlink.x");
    println!("cargo:rustc-env=GJK_FIRMWARE_MACHINE={machine}");
}
