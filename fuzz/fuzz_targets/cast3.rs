//! The 3D casts, `shape_cast`, `ray_cast` and `support_ray_cast`: no panic, typed
//! statuses (`InvalidInput` exactly for invalid placements or motions), fractions in
//! range, at a hit the moved shapes touch and the ray's hit point lies on the shape's
//! surface, and a start inside means the shapes start in contact.
#![no_main]

use gjk_core::{
    CastStatus, Ray, ShapeCastInput, Transform3, distance, ray_cast, shape_cast, support_ray_cast,
};
use gjk_fuzz::{Num, P3, Placement3, ShapeSpec3, tame_scale3};
use gjk_shapes::Point3;
use libfuzzer_sys::fuzz_target;

/// See `distance.rs`; casts are held to their own bar of 5e-6, so 20 times that.
const TOLERANCE: f32 = 1e-4;

fuzz_target!(
    |input: (ShapeSpec3, Placement3, ShapeSpec3, Placement3, P3, P3, Num)| {
        let (spec_a, place_a, spec_b, place_b, motion, origin, max_fraction) = input;
        let (Ok(a), Ok(b)) = (spec_a.build(), spec_b.build()) else {
            return;
        };
        let (xf_a, xf_b) = (place_a.transform(), place_b.transform());
        let cast = ShapeCastInput {
            max_fraction: max_fraction.0,
            ..ShapeCastInput::moving_b(motion.v())
        };
        let out = shape_cast(&a, xf_a, &b, xf_b, cast);
        let ray = Ray {
            origin: origin.v(),
            translation: motion.v(),
            max_fraction: max_fraction.0,
        };
        let hits = [ray_cast(&a, xf_a, ray), support_ray_cast(&a, xf_a, ray)];
        let usable_motion = (motion.v() * max_fraction.0).is_finite() && max_fraction.0 >= 0.0;
        if !(xf_a.is_valid() && xf_b.is_valid() && usable_motion) {
            assert_eq!(out.status, CastStatus::InvalidInput, "{out:?}");
        }
        if !(xf_a.is_valid() && usable_motion && origin.v().is_finite()) {
            for hit in hits {
                assert_eq!(hit.status, CastStatus::InvalidInput, "{hit:?}");
            }
        }
        for result in [out, hits[0], hits[1]] {
            if matches!(result.status, CastStatus::Hit | CastStatus::StartsInside) {
                assert!(
                    result.fraction >= 0.0 && result.fraction <= max_fraction.0,
                    "{result:?}"
                );
            }
        }
        // Tame input has finite contact points. (Coordinates near the top of the f32
        // range can leave the distance query's witness points, and so a start
        // inside's contact point, NaN: in the plane as in 3D.)
        let tame = tame_scale3(&[(&a, xf_a), (&b, xf_b)]).is_some();
        for result in [out, hits[0], hits[1]] {
            if tame && matches!(result.status, CastStatus::Hit | CastStatus::StartsInside) {
                assert!(result.point.is_finite(), "{result:?}");
            }
        }

        // The fraction is an f32 too: one rounding of it moves the shapes by an epsilon
        // of their travel, so the travel is part of the scale.
        let travel = motion.v().length() * max_fraction.0;
        if travel.is_nan() || travel > 1e15 {
            return;
        }
        if matches!(out.status, CastStatus::Hit | CastStatus::StartsInside) {
            let at_b = Transform3::new(xf_b.translation + motion.v() * out.fraction, xf_b.rotation);
            if let Some(scale) = tame_scale3(&[(&a, xf_a), (&b, xf_b), (&b, at_b)]) {
                let gap = distance(&a, xf_a, &b, at_b).distance;
                assert!(
                    gap <= TOLERANCE * scale.max(travel),
                    "gap {gap} at the contact {out:?}"
                );
            }
        }
        let reach = origin.v().length() + travel;
        let Some(scale) = tame_scale3(&[(&a, xf_a)]).filter(|_| reach <= 1e15) else {
            return;
        };
        for hit in hits {
            if hit.status == CastStatus::Hit {
                let Ok(probe) = Point3::new(hit.point) else {
                    continue;
                };
                let gap = distance(&probe, Transform3::IDENTITY, &a, xf_a).distance;
                assert!(
                    gap <= TOLERANCE * scale.max(reach),
                    "hit {gap} off the surface: {hit:?}"
                );
            }
        }
    }
);
