//! `time_of_impact` on this crate's shapes: hand-made cases with known answers, and
//! translating and rotating sweeps against the exact f64 oracle.

use gjk_core::{Scalar, Vec2};

mod cases;
mod cases3d;
mod oracle;
mod oracle3d;

fn v<S: Scalar>(x: f64, y: f64) -> Vec2<S> {
    Vec2::new(S::from_f64(x), S::from_f64(y))
}
