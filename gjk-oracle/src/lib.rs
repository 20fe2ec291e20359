//! Exact f64 oracle.
