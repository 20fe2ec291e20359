//! Peak stack of a call, measured by painting: fill the free stack below the caller
//! with a pattern, make the call, and find the deepest word it overwrote.

/// The pattern painted on free stack. A call that writes this exact word at its
/// deepest point would be under-measured by one word; any other value is seen.
const PAINT: u32 = 0x5ca1_ab1e;

/// The most stack painted below the caller, in bytes: eight times the kernel's budget.
const DEPTH: usize = 8 * 1024;

#[expect(unsafe_code, reason = "a symbol of the linker script")]
unsafe extern "C" {
    /// The lowest address the stack may reach: the end of `.bss` and `.uninit`
    /// (cortex-m-rt's linker script).
    static _stack_end: u32;
}

/// Runs `call` and returns the bytes of stack it used below this function's frame:
/// its own frame, everything it called, and the registers saved on the way.
///
/// The stack pointer does not move inside this function after its prologue (nothing
/// here is allocated dynamically), so the painted words are exactly the free stack the
/// call starts from; painting and scanning use volatile accesses and no calls.
#[inline(never)]
pub fn peak_stack(call: &mut dyn FnMut()) -> u32 {
    let top = stack_pointer();
    let floor = (&raw const _stack_end) as usize;
    let bottom = top.saturating_sub(DEPTH).max(floor) & !3;
    for address in (bottom..top).step_by(4) {
        // SAFETY: `[bottom, top)` is free stack below the current stack pointer and
        // above the end of the static data: nothing lives there until `call` runs,
        // and no interrupt is enabled to use it meanwhile.
        #[expect(
            unsafe_code,
            reason = "painting the free stack below the stack pointer"
        )]
        unsafe {
            core::ptr::write_volatile(address as *mut u32, PAINT);
        }
    }
    call();
    let deepest = (bottom..top).step_by(4).find(|&address| {
        // SAFETY: the same free stack, now below the stack pointer again.
        #[expect(unsafe_code, reason = "reading back the painted stack")]
        let word = unsafe { core::ptr::read_volatile(address as *const u32) };
        word != PAINT
    });
    deepest.map_or(0, |address| {
        u32::try_from(top - address).unwrap_or(u32::MAX)
    })
}

/// The current stack pointer.
#[inline(always)]
fn stack_pointer() -> usize {
    let sp: usize;
    // SAFETY: reads a register into a local; no memory is touched.
    #[expect(
        unsafe_code,
        reason = "reading the stack pointer needs inline assembly"
    )]
    unsafe {
        core::arch::asm!("mov {}, sp", out(reg) sp, options(nomem, nostack, preserves_flags));
    }
    sp
}
