//! Analytic ray casts in the plane: an inherent `ray_cast` on the shapes that have an
//! exact closed-form answer cheaper than the generic GJK ray cast
//! ([`gjk_core::ray_cast`]), one file per shape, with the conventions and helpers of
//! `crate::ray`.

mod capsule;
mod circle;
mod ellipse;
mod point;
mod polygon;
mod rect;
mod segment;
