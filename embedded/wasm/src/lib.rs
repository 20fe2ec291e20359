//! # gjk-wasm
//!
//! The conformance tables as a `wasm32-unknown-unknown` module with a small
//! `extern "C"` interface: no bindgen, no imports, numbers in and out. `run.mjs` beside
//! this crate loads it under node:
//!
//! ```text
//! gjk_conformance_run() -> u32            runs the plane's table; the number of failed cases
//! gjk_conformance_run_3d() -> u32         runs the 3D table; the number of failed cases
//! gjk_conformance_cases() -> u32          cases in the last run
//! gjk_conformance_passed() -> u32         cases that passed
//! gjk_conformance_bits_differ() -> u32    cases whose bits differ from the host's
//! gjk_conformance_off_reference() -> u32  cases off the exact oracle's answer
//! gjk_conformance_unbuilt() -> u32        cases whose shapes did not build
//! gjk_conformance_first_failure() -> i32  index of the first failed case, or -1
//! gjk_conformance_hash() -> u64           FNV-1a of all result records (a BigInt in JS)
//! ```
#![no_std]

use core::sync::atomic::{AtomicI32, AtomicU32, AtomicU64, Ordering};

use gjk_conformance::{CASES, CASES3, Case, TableQuery, run};

/// Cases in the last run.
static CASES_RUN: AtomicU32 = AtomicU32::new(0);
/// Cases that passed in the last run.
static PASSED: AtomicU32 = AtomicU32::new(0);
/// Cases whose bits differ from the host's in the last run.
static BITS_DIFFER: AtomicU32 = AtomicU32::new(0);
/// Cases off the oracle's answer in the last run.
static OFF_REFERENCE: AtomicU32 = AtomicU32::new(0);
/// Cases whose shapes did not build in the last run.
static UNBUILT: AtomicU32 = AtomicU32::new(0);
/// Index of the first failed case in the last run, or -1.
static FIRST_FAILURE: AtomicI32 = AtomicI32::new(-1);
/// Result hash of the last run.
static HASH: AtomicU64 = AtomicU64::new(0);

/// Runs the plane's conformance table and returns the number of failed cases; the
/// other exports report on this run.
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_conformance_run() -> u32 {
    run_table(CASES)
}

/// Runs the 3D conformance table and returns the number of failed cases; the other
/// exports report on this run.
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_conformance_run_3d() -> u32 {
    run_table(CASES3)
}

/// Runs one table, keeps its summary for the other exports and returns the number of
/// failed cases.
fn run_table<Q: TableQuery>(cases: &[Case<Q>]) -> u32 {
    let mut first_failure = -1;
    let summary = run(cases, |failure| {
        if first_failure < 0 {
            first_failure = i32::try_from(failure.index).unwrap_or(i32::MAX);
        }
    });
    CASES_RUN.store(summary.cases, Ordering::Relaxed);
    PASSED.store(summary.passed, Ordering::Relaxed);
    BITS_DIFFER.store(summary.bits_differ, Ordering::Relaxed);
    OFF_REFERENCE.store(summary.off_reference, Ordering::Relaxed);
    UNBUILT.store(summary.unbuilt, Ordering::Relaxed);
    FIRST_FAILURE.store(first_failure, Ordering::Relaxed);
    HASH.store(summary.hash, Ordering::Relaxed);
    summary.cases - summary.passed
}

/// Cases in the last run.
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_conformance_cases() -> u32 {
    CASES_RUN.load(Ordering::Relaxed)
}

/// Cases that passed in the last run.
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_conformance_passed() -> u32 {
    PASSED.load(Ordering::Relaxed)
}

/// Cases whose result bits differ from the host's in the last run.
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_conformance_bits_differ() -> u32 {
    BITS_DIFFER.load(Ordering::Relaxed)
}

/// Cases off the exact oracle's answer in the last run.
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_conformance_off_reference() -> u32 {
    OFF_REFERENCE.load(Ordering::Relaxed)
}

/// Cases whose shapes did not build in the last run.
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_conformance_unbuilt() -> u32 {
    UNBUILT.load(Ordering::Relaxed)
}

/// Index of the first failed case in the last run, or -1 when all passed.
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_conformance_first_failure() -> i32 {
    FIRST_FAILURE.load(Ordering::Relaxed)
}

/// FNV-1a (64-bit) of every result record of the last run.
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_conformance_hash() -> u64 {
    HASH.load(Ordering::Relaxed)
}

/// A panic traps: the JavaScript host sees a `RuntimeError`.
#[cfg(target_arch = "wasm32")]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    core::arch::wasm32::unreachable()
}
