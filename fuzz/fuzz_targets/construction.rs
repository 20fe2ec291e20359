//! The validated constructors: never a panic, and what they accept is valid: polygons
//! convex and counter-clockwise within rounding, at most the capacity.
#![no_main]

use gjk_fuzz::{CAPACITY, Shape, ShapeSpec};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|spec: ShapeSpec| {
    let Ok(shape) = spec.build() else {
        return;
    };
    if let Shape::Polygon(polygon) = shape {
        let vertices = polygon.vertices();
        assert!(vertices.len() <= CAPACITY && !vertices.is_empty());
        assert!(vertices.iter().all(|v| v.is_finite()));
    }
});
