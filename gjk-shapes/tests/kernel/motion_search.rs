//! Searches along a motion's fraction `t`, shared by the cast and time-of-impact oracle
//! tests.
//!
//! Along a pure translation the exact separation of two convex shapes is a convex
//! function of `t`, so a ternary search finds its minimum; bisection then finds the first
//! `t` at which it reaches a target, given the two ends of a crossing.

/// The minimum `(t, f(t))` of a convex `f` over `[lo, hi]`, by ternary search. Each step
/// keeps two thirds of the interval, so `steps` steps leave `(2/3)^steps` of it.
pub fn convex_minimum(f: impl Fn(f64) -> f64, lo: f64, hi: f64, steps: u32) -> (f64, f64) {
    let (mut lo, mut hi) = (lo, hi);
    for _ in 0..steps {
        let m1 = lo + (hi - lo) / 3.0;
        let m2 = hi - (hi - lo) / 3.0;
        // On a plateau (two shapes overlapping along a stretch) either side holds a
        // minimum, so ties may go either way.
        if f(m1) <= f(m2) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    let t = 0.5 * (lo + hi);
    (t, f(t))
}

/// The first `t` in `[0, before]` at which `reached(t)` holds, by bisection, given that it
/// does not hold at 0 and holds at `before`. Each step halves the bracket, so `steps`
/// steps leave `2^-steps` of `before`; the answer is the bracket's upper end, a `t` at
/// which `reached` holds.
pub fn first_crossing(reached: impl Fn(f64) -> bool, before: f64, steps: u32) -> f64 {
    let (mut lo, mut hi) = (0.0, before);
    for _ in 0..steps {
        let mid = 0.5 * (lo + hi);
        if reached(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    hi
}
