//! The module's memory shared with JavaScript: one scratch array of `f64` that the host
//! writes the inputs into and reads the results from, and one byte buffer for text
//! (error messages, status names). Both are atomics, so the module holds no
//! `static mut` and needs no `unsafe` to read what the host wrote between calls.

use core::fmt;
use core::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// Slots a shape takes: its kind, then up to 19 parameters (a polygon's rounding, point
/// count, hull flag and 8 points).
pub const SHAPE_LEN: usize = 20;
/// Slots a placement takes: x, y, angle.
pub const PLACEMENT_LEN: usize = 3;
/// Shape A.
pub const SHAPE_A: usize = 0;
/// A's placement.
pub const PLACEMENT_A: usize = SHAPE_A + SHAPE_LEN;
/// Shape B.
pub const SHAPE_B: usize = PLACEMENT_A + PLACEMENT_LEN;
/// B's placement.
pub const PLACEMENT_B: usize = SHAPE_B + SHAPE_LEN;
/// A query's further arguments (a ray, a point, translations, sweeps).
pub const ARGS: usize = PLACEMENT_B + PLACEMENT_LEN;
/// Slots for the arguments.
pub const ARGS_LEN: usize = 16;
/// A query's results.
pub const OUT: usize = ARGS + ARGS_LEN;
/// Slots for the results.
pub const OUT_LEN: usize = 32;
/// An outline's points, x and y in turn.
pub const OUTLINE: usize = OUT + OUT_LEN;
/// Most points an outline holds.
pub const OUTLINE_POINTS: usize = 256;
/// All the slots.
pub const SCRATCH_LEN: usize = OUTLINE + 2 * OUTLINE_POINTS;
/// Bytes of text.
pub const TEXT_LEN: usize = 256;

static SCRATCH: [AtomicU64; SCRATCH_LEN] = [const { AtomicU64::new(0) }; SCRATCH_LEN];
static TEXT: [AtomicU8; TEXT_LEN] = [const { AtomicU8::new(0) }; TEXT_LEN];

/// The scratch array's address in the module's memory.
pub fn scratch_address() -> usize {
    SCRATCH.as_ptr() as usize
}

/// The text buffer's address in the module's memory.
pub fn text_address() -> usize {
    TEXT.as_ptr() as usize
}

/// Slot `index` (NaN past the end).
pub fn read(index: usize) -> f64 {
    SCRATCH.get(index).map_or(f64::NAN, |slot| {
        f64::from_bits(slot.load(Ordering::Relaxed))
    })
}

/// Writes slot `index` (ignored past the end).
pub fn write(index: usize, value: f64) {
    if let Some(slot) = SCRATCH.get(index) {
        slot.store(value.to_bits(), Ordering::Relaxed);
    }
}

/// Writes `values` from slot `start` on.
pub fn write_all(start: usize, values: &[f64]) {
    for (offset, &value) in values.iter().enumerate() {
        write(start + offset, value);
    }
}

/// Writes `value` as text (UTF-8, cut at [`TEXT_LEN`] bytes on a character boundary)
/// and returns its length in bytes.
pub fn write_text(value: fmt::Arguments<'_>) -> u32 {
    let mut text = Text {
        length: 0,
        cut: false,
    };
    // `Text` never fails; a value's own formatting error leaves what was written.
    let _ = fmt::write(&mut text, value);
    text.length as u32
}

/// The text buffer as a `fmt::Write` sink.
struct Text {
    length: usize,
    /// Whether a character did not fit: nothing more is written.
    cut: bool,
}

impl fmt::Write for Text {
    fn write_str(&mut self, piece: &str) -> fmt::Result {
        for character in piece.chars() {
            let mut bytes = [0; 4];
            let encoded = character.encode_utf8(&mut bytes).as_bytes();
            if self.cut || self.length + encoded.len() > TEXT_LEN {
                self.cut = true;
                break;
            }
            for &byte in encoded {
                TEXT[self.length].store(byte, Ordering::Relaxed);
                self.length += 1;
            }
        }
        Ok(())
    }
}
