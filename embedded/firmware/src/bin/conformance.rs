//! Runs the conformance tables, the plane's and the 3D one, and reports over
//! semihosting:
//!
//! ```text
//! conformance on <machine>: <n> cases, <p> passed, <f> failed (bits differ <b>, off reference <r>, unbuilt <u>)
//! result hash <16 hex digits>
//! conformance 3D on <machine>: <n> cases, <p> passed, <f> failed (...)
//! result hash 3D <16 hex digits>
//! ```
//!
//! each summary preceded by one line per failed case of its table. Exits with failure
//! on any failed case, on a panic and on a hard fault, so a QEMU run's exit code is
//! the verdict.
#![no_std]
#![no_main]

use cortex_m_rt::{ExceptionFrame, entry, exception};
use cortex_m_semihosting::hprintln;
use gjk_conformance::{CASES, CASES3, Case, TableQuery, run};
use gjk_firmware::{MACHINE, exit};

#[entry]
fn main() -> ! {
    let plane = run_table(CASES, "");
    let space = run_table(CASES3, "3D ");
    exit(plane && space)
}

/// Runs one table and prints its failures, its summary and its hash, each closing
/// line tagged with `tag` after its first word; whether every case passed.
fn run_table<Q: TableQuery>(cases: &[Case<Q>], tag: &str) -> bool {
    let summary = run(cases, |failure| {
        hprintln!(
            "FAILED {}case {} ({}): bits {}, reference {}, got {:08x?}, expected {:08x?}",
            tag,
            failure.index,
            failure.case.label,
            if failure.bits_match { "same" } else { "DIFFER" },
            if failure.reference_holds {
                "holds"
            } else {
                "OFF"
            },
            failure.actual,
            failure.case.expected,
        );
    });
    hprintln!(
        "conformance {}on {}: {} cases, {} passed, {} failed (bits differ {}, off reference {}, unbuilt {})",
        tag,
        MACHINE,
        summary.cases,
        summary.passed,
        summary.cases - summary.passed,
        summary.bits_differ,
        summary.off_reference,
        summary.unbuilt,
    );
    hprintln!("result hash {}{:016x}", tag, summary.hash);
    summary.all_passed()
}

#[panic_handler]
fn panic(info: &core::panic::PanicInfo<'_>) -> ! {
    hprintln!("PANIC: {}", info);
    exit(false)
}

#[exception]
#[allow(
    unsafe_code,
    reason = "cortex-m-rt requires the hard fault handler to be declared unsafe"
)]
unsafe fn HardFault(frame: &ExceptionFrame) -> ! {
    hprintln!("HARD FAULT at pc {:#010x}", frame.pc());
    exit(false)
}
