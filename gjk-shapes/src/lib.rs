//! Concrete convex shapes for `gjk-core`.
#![no_std]
#![forbid(unsafe_code)]
