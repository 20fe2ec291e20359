//! A line of text built without `core::fmt`, written to the host over semihosting.
//!
//! `core::fmt` carries panic paths (slice indexing inside the formatting machinery),
//! which would defeat the size firmware's panic-free link; these few writers have none.

/// Up to [`Line::CAPACITY`] bytes of text; what does not fit is dropped.
pub struct Line {
    bytes: [u8; Line::CAPACITY],
    len: usize,
}

impl Line {
    /// The longest line kept.
    pub const CAPACITY: usize = 120;

    /// An empty line.
    pub const fn new() -> Self {
        Self {
            bytes: [0; Self::CAPACITY],
            len: 0,
        }
    }

    /// Appends text.
    pub fn text(mut self, text: &str) -> Self {
        for &byte in text.as_bytes() {
            self.push(byte);
        }
        self
    }

    /// Appends a number in decimal.
    pub fn number(mut self, mut value: u32) -> Self {
        // At most ten digits, collected from the least significant one.
        let mut digits = [0_u8; 10];
        let mut count = 0;
        for slot in digits.iter_mut() {
            *slot = b'0' + (value % 10) as u8;
            value /= 10;
            count += 1;
            if value == 0 {
                break;
            }
        }
        for &digit in digits.iter().take(count).rev() {
            self.push(digit);
        }
        self
    }

    /// Appends a number as 16 hexadecimal digits.
    pub fn hex64(mut self, value: u64) -> Self {
        for shift in (0..16).rev() {
            let nibble = ((value >> (4 * shift)) & 0xf) as u8;
            self.push(if nibble < 10 {
                b'0' + nibble
            } else {
                b'a' + nibble - 10
            });
        }
        self
    }

    /// Writes the line and a newline to the host's standard output; output that the
    /// host refuses is lost (there is nowhere else to report it).
    pub fn print(mut self) {
        self.push(b'\n');
        if let Ok(mut stdout) = cortex_m_semihosting::hio::hstdout() {
            let written = self.bytes.get(..self.len).unwrap_or(&[]);
            // A refused write has no one to be reported to.
            let _ = stdout.write_all(written);
        }
    }

    fn push(&mut self, byte: u8) {
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = byte;
            self.len += 1;
        }
    }
}

impl Default for Line {
    fn default() -> Self {
        Self::new()
    }
}
