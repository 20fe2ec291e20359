//! `distance_cached` over two placements agrees with cold `distance` at each, within
//! the fuzz tolerance, and never panics whatever the cache holds.
#![no_main]

use gjk_core::{DistanceStatus, SimplexCache, distance, distance_cached};
use gjk_fuzz::{Placement, ShapeSpec, tame_scale};
use libfuzzer_sys::fuzz_target;

/// See `distance.rs`.
const TOLERANCE: f32 = 1e-4;

fuzz_target!(
    |input: (ShapeSpec, ShapeSpec, [(Placement, Placement); 3])| {
        let (spec_a, spec_b, placements) = input;
        let (Ok(a), Ok(b)) = (spec_a.build(), spec_b.build()) else {
            return;
        };
        let mut cache = SimplexCache::new();
        for (place_a, place_b) in placements {
            let (xf_a, xf_b) = (place_a.transform(), place_b.transform());
            let warm = distance_cached(&a, xf_a, &b, xf_b, &mut cache);
            let cold = distance(&a, xf_a, &b, xf_b);
            if let Some(scale) = tame_scale(&[(&a, xf_a), (&b, xf_b)]) {
                assert_ne!(warm.status, DistanceStatus::InvalidInput, "{warm:?}");
                assert_ne!(cold.status, DistanceStatus::InvalidInput, "{cold:?}");
                assert!(
                    (warm.distance - cold.distance).abs() <= TOLERANCE * scale,
                    "warm {warm:?} vs cold {cold:?}"
                );
            }
        }
    }
);
