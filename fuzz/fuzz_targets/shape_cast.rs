//! `shape_cast`: no panic, fractions in range, and at a hit the moved shapes touch.
#![no_main]

use gjk_core::{CastStatus, ShapeCastInput, Transform, distance, shape_cast};
use gjk_fuzz::{P, Placement, ShapeSpec, tame_scale};
use libfuzzer_sys::fuzz_target;

/// See `distance.rs`.
const TOLERANCE: f32 = 1e-4;

fuzz_target!(
    |input: (ShapeSpec, Placement, ShapeSpec, Placement, P, P)| {
        let (spec_a, place_a, spec_b, place_b, move_a, move_b) = input;
        let (Ok(a), Ok(b)) = (spec_a.build(), spec_b.build()) else {
            return;
        };
        let (xf_a, xf_b) = (place_a.transform(), place_b.transform());
        let motion = ShapeCastInput::moving(move_a.v(), move_b.v());
        let out = shape_cast(&a, xf_a, &b, xf_b, motion);
        if out.status != CastStatus::Hit {
            return;
        }
        assert!(
            out.fraction >= 0.0 && out.fraction <= motion.max_fraction,
            "{out:?}"
        );
        let moved = |xf: Transform<f32>, by: gjk_core::Vec2<f32>| Transform {
            translation: xf.translation + by * out.fraction,
            rotation: xf.rotation,
        };
        let (at_a, at_b) = (moved(xf_a, move_a.v()), moved(xf_b, move_b.v()));
        let Some(scale) = tame_scale(&[(&a, xf_a), (&b, xf_b), (&a, at_a), (&b, at_b)]) else {
            return;
        };
        // The fraction is an f32 too: one rounding of it moves the shapes by an epsilon of
        // their travel, so the travel is part of the scale.
        let travel = (move_b.v() - move_a.v()).length();
        if travel.is_nan() || travel > 1e15 {
            return;
        }
        let scale = scale.max(travel);
        let gap = distance(&a, at_a, &b, at_b).distance;
        assert!(gap <= TOLERANCE * scale, "gap {gap} at the hit {out:?}");
    }
);
