//! `intersects` alone, with extreme placements: no panic, and `Ok` only for valid
//! input.
#![no_main]

use gjk_core::{QueryError, intersects};
use gjk_fuzz::{Placement, ShapeSpec};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (ShapeSpec, Placement, ShapeSpec, Placement)| {
    let (spec_a, place_a, spec_b, place_b) = input;
    let (Ok(a), Ok(b)) = (spec_a.build(), spec_b.build()) else {
        return;
    };
    let (xf_a, xf_b) = (place_a.transform(), place_b.transform());
    let result = intersects(&a, xf_a, &b, xf_b);
    if !(xf_a.is_valid() && xf_b.is_valid()) {
        assert_eq!(result, Err(QueryError::InvalidInput));
    }
});
