//! `time_of_impact` on this crate's shapes: hand-made cases with known answers, and
//! translating and rotating sweeps against the exact f64 oracle.

mod cases;
mod oracle;
