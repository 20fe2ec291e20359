//! # gjk-firmware
//!
//! Cortex-M firmware for QEMU, driven by `cargo xtask embedded` and `cargo xtask size`:
//!
//! - `conformance`: runs the conformance tables (`gjk-conformance`, the plane's and
//!   the 3D one) and prints each summary and result hash over semihosting; exits
//!   non-zero on any mismatch, panic or fault.
//! - `size-queries`: distance, ray cast and shape cast on `Polygon<f32, 8>` and
//!   `Circle`, with the peak stack of each query measured by painting. Its panic
//!   handler calls an undefined symbol, so it links only if no panic path survives
//!   in the query code.
//! - `size-baseline`: the same firmware with the queries replaced by stand-ins; the
//!   difference in `.text` is the kernel's code.
//! - `size-queries3d` and `size-baseline3d`: the same pair for 3D `distance` on
//!   `ConvexPoints<f32, 8>`, `Sphere` and `Capsule3` ([`probe3`]).
//!
//! This library holds what the binaries share: text output without `core::fmt`
//! ([`Line`]), which would bring panic paths of its own, stack painting
//! ([`peak_stack`]) and the exits ([`exit`]).
#![no_std]

mod line;
pub mod probe;
pub mod probe3;
mod stack;

pub use line::Line;
pub use stack::peak_stack;

/// The QEMU machine the firmware is built for (set by the build script).
pub const MACHINE: &str = match option_env!("GJK_FIRMWARE_MACHINE") {
    Some(machine) => machine,
    None => "unknown machine",
};

/// Ends the QEMU run with a success or failure exit code (semihosting
/// `SYS_EXIT`), and waits if the host ignores it.
pub fn exit(success: bool) -> ! {
    let status = if success {
        cortex_m_semihosting::debug::EXIT_SUCCESS
    } else {
        cortex_m_semihosting::debug::EXIT_FAILURE
    };
    cortex_m_semihosting::debug::exit(status);
    loop {
        cortex_m::asm::wfi();
    }
}
