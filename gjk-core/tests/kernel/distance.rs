//! Termination, bad input and status reporting of the GJK queries, on small shapes
//! written here so that gjk-core is tested without gjk-shapes.

use gjk_core::{
    DistanceStatus, FeatureId, QueryError, Rot, Scalar, SimplexCache, Support, SupportPoint,
    Transform, Vec2, distance, distance_cached, intersects,
};

use crate::shapes::Boxy;

/// A disc: a point core with a radius.
struct Disc<S>(S);

impl<S: Scalar> Support<S> for Disc<S> {
    fn support(&self, _d: Vec2<S>) -> SupportPoint<S> {
        SupportPoint::new(Vec2::ZERO, FeatureId::vertex(0))
    }
    fn radius(&self) -> S {
        self.0
    }
}

/// A unit circle as a smooth core (no radius): exercises the relative-gap stop.
struct SmoothCircle<S>(S);

impl<S: Scalar> Support<S> for SmoothCircle<S> {
    fn support(&self, d: Vec2<S>) -> SupportPoint<S> {
        let point = d
            .normalize()
            .map_or(Vec2::new(self.0, S::ZERO), |unit| unit * self.0);
        SupportPoint::new(point, FeatureId::SMOOTH)
    }
}

/// Returns a NaN point: a broken user shape.
struct NanShape;

impl Support<f32> for NanShape {
    fn support(&self, _d: Vec2<f32>) -> SupportPoint<f32> {
        SupportPoint::new(Vec2::new(f32::NAN, 0.0), FeatureId::vertex(0))
    }
}

/// Not convex-consistent: answers points that ignore the direction, from a fixed
/// pseudo-random sequence, and never repeats a feature. GJK must still stop.
struct Erratic {
    state: core::cell::Cell<u32>,
}

impl Support<f64> for Erratic {
    fn support(&self, _d: Vec2<f64>) -> SupportPoint<f64> {
        let next = self
            .state
            .get()
            .wrapping_mul(1_664_525)
            .wrapping_add(1_013_904_223);
        self.state.set(next);
        let angle = f64::from(next) / f64::from(u32::MAX) * core::f64::consts::TAU;
        SupportPoint::new(Vec2::new(angle.cos(), angle.sin()), FeatureId::SMOOTH)
    }
}

fn at<S: Scalar>(x: S, y: S) -> Transform<S> {
    Transform::from_translation(Vec2::new(x, y))
}

#[test]
fn box_pair_distance_is_exact_and_ends_on_repeated_features() {
    let unit = Boxy {
        half: Vec2::new(1.0_f64, 1.0),
        radius: 0.0,
    };
    let out = distance(&unit, Transform::IDENTITY, &unit, at(3.5, 0.25));
    assert_eq!(out.status, DistanceStatus::Separated);
    assert_eq!(out.distance, 1.5);
    assert_eq!(out.normal, Vec2::new(1.0, 0.0));
    assert!(out.iterations <= 4, "took {} iterations", out.iterations);
}

#[test]
fn rounded_surfaces_overlapping_report_zero_with_valid_normal() {
    let rounded = Boxy {
        half: Vec2::new(1.0_f32, 1.0),
        radius: 0.5,
    };
    let out = distance(&rounded, Transform::IDENTITY, &rounded, at(2.9, 0.0));
    assert_eq!(out.status, DistanceStatus::Overlapping);
    assert_eq!(out.distance, 0.0);
    assert_eq!(out.normal, Vec2::new(1.0, 0.0));
    // Witness points stay on the rounded surfaces.
    assert!((out.witness_a.x - 1.5).abs() < 1e-6);
    assert!((out.witness_b.x - 1.4).abs() < 1e-6);
}

#[test]
fn overlapping_cores_report_zero_distance_and_zero_normal() {
    let unit = Boxy {
        half: Vec2::new(1.0_f32, 1.0),
        radius: 0.0,
    };
    let out = distance(
        &unit,
        Transform::IDENTITY,
        &unit,
        Transform::from_position_angle(Vec2::new(0.5, 0.3), 0.7),
    );
    assert_eq!(out.status, DistanceStatus::Overlapping);
    assert_eq!(out.distance, 0.0);
    assert_eq!(out.normal, Vec2::ZERO);
}

#[test]
fn touching_boxes_count_as_overlapping() {
    let unit = Boxy {
        half: Vec2::new(1.0_f32, 1.0),
        radius: 0.0,
    };
    let out = distance(&unit, Transform::IDENTITY, &unit, at(2.0, 0.5));
    assert_eq!(out.status, DistanceStatus::Overlapping);
    assert_eq!(
        intersects(&unit, Transform::IDENTITY, &unit, at(2.0, 0.5)),
        Ok(true)
    );
}

#[test]
fn touching_test_is_relative_at_large_and_small_scales() {
    // The same configuration at scales 1e-4 and 1e4 must give the same relative answer:
    // an absolute epsilon would call the small pair touching or the large pair apart.
    for scale in [1.0e-4_f64, 1.0, 1.0e4] {
        let shape = Boxy {
            half: Vec2::new(scale, scale),
            radius: 0.0,
        };
        let gap = 1.0e-6 * scale;
        let out = distance(
            &shape,
            Transform::IDENTITY,
            &shape,
            at(2.0 * scale + gap, 0.3 * scale),
        );
        assert_eq!(out.status, DistanceStatus::Separated, "scale {scale}");
        assert!(
            (out.distance - gap).abs() <= 1e-12 * scale,
            "scale {scale}: {}",
            out.distance
        );
    }
}

#[test]
fn smooth_circles_converge_by_relative_gap() {
    for (radius, gap) in [(1.0_f64, 0.5), (1.0, 1.0e-3), (1.0e3, 2.0)] {
        let circle = SmoothCircle(radius);
        let offset = Vec2::new(0.6, 0.8) * (2.0 * radius + gap);
        let out = distance(
            &circle,
            Transform::IDENTITY,
            &circle,
            at(offset.x, offset.y),
        );
        assert_eq!(out.status, DistanceStatus::Separated);
        let scale = radius.max(gap);
        assert!(
            (out.distance - gap).abs() <= 1e-12 * scale,
            "r {radius} gap {gap}: {}",
            out.distance
        );
        assert!(out.iterations < f64::GJK_MAX_ITERATIONS);
    }
}

#[test]
fn smooth_circles_in_f32_stay_within_a_few_ulps() {
    let circle = SmoothCircle(1.0_f32);
    let out = distance(&circle, Transform::IDENTITY, &circle, at(1.8, 1.6));
    let exact = (1.8_f64.hypot(1.6)) - 2.0;
    assert_eq!(out.status, DistanceStatus::Separated);
    assert!(
        (f64::from(out.distance) - exact).abs() < 2.0e-6,
        "{}",
        out.distance
    );
}

#[test]
fn nan_translation_is_invalid_input() {
    let disc = Disc(1.0_f32);
    let out = distance(&disc, Transform::IDENTITY, &disc, at(f32::NAN, 0.0));
    assert_eq!(out.status, DistanceStatus::InvalidInput);
    assert!(out.distance.is_nan());
    assert_eq!(out.normal, Vec2::ZERO);
    assert_eq!(
        intersects(&disc, Transform::IDENTITY, &disc, at(f32::NAN, 0.0)),
        Err(QueryError::InvalidInput)
    );
}

#[test]
fn infinite_translation_is_invalid_input() {
    let disc = Disc(1.0_f64);
    let out = distance(&disc, at(f64::INFINITY, 0.0), &disc, Transform::IDENTITY);
    assert_eq!(out.status, DistanceStatus::InvalidInput);
}

#[test]
fn non_unit_or_nan_rotation_is_invalid_input() {
    let disc = Disc(1.0_f32);
    let stretched = Transform::new(Vec2::new(5.0, 0.0), Rot { cos: 1.5, sin: 0.0 });
    assert_eq!(
        distance(&disc, Transform::IDENTITY, &disc, stretched).status,
        DistanceStatus::InvalidInput
    );
    let nan = Transform::new(
        Vec2::new(5.0, 0.0),
        Rot {
            cos: f32::NAN,
            sin: 0.0,
        },
    );
    assert_eq!(
        distance(&disc, nan, &disc, Transform::IDENTITY).status,
        DistanceStatus::InvalidInput
    );
}

#[test]
fn negative_or_nan_radius_is_invalid_input() {
    let far = at(10.0_f32, 0.0);
    assert_eq!(
        distance(&Disc(-1.0), Transform::IDENTITY, &Disc(1.0), far).status,
        DistanceStatus::InvalidInput
    );
    assert_eq!(
        distance(&Disc(f32::NAN), Transform::IDENTITY, &Disc(1.0), far).status,
        DistanceStatus::InvalidInput
    );
    assert_eq!(
        intersects(&Disc(1.0), Transform::IDENTITY, &Disc(-0.5), far),
        Err(QueryError::InvalidInput)
    );
}

#[test]
fn nan_support_point_is_invalid_input_not_separated() {
    let disc = Disc(1.0_f32);
    let out = distance(&NanShape, Transform::IDENTITY, &disc, at(5.0, 0.0));
    assert_eq!(out.status, DistanceStatus::InvalidInput);
    assert_eq!(
        intersects(&NanShape, Transform::IDENTITY, &disc, at(5.0, 0.0)),
        Err(QueryError::InvalidInput)
    );
}

#[test]
fn squares_overflowing_f32_are_rescaled_not_invalid_input() {
    // Finite coordinates whose squares overflow f32: the query runs scaled down by a
    // power of two and gets the exact distance, not invalid input.
    let huge = Boxy {
        half: Vec2::new(1.0e30_f32, 1.0e30),
        radius: 0.0,
    };
    let out = distance(&huge, Transform::IDENTITY, &huge, at(3.0e30, 0.0));
    assert_eq!(out.status, DistanceStatus::Separated);
    assert!(
        (out.distance - 1.0e30).abs() <= 2e-6 * 1.0e30,
        "{}",
        out.distance
    );
    assert_eq!(out.normal, Vec2::new(1.0, 0.0));
}

#[test]
fn unrepresentable_distance_is_still_invalid_input() {
    // Points 6e38 apart: the distance itself overflows f32, and no rescale can give
    // it back in f32.
    let out = distance(
        &Disc(0.0_f32),
        at(-3.0e38, 0.0),
        &Disc(0.0),
        at(3.0e38, 0.0),
    );
    assert_eq!(out.status, DistanceStatus::InvalidInput);
}

#[test]
fn erratic_support_stops_at_the_cap_or_earlier() {
    let erratic = Erratic {
        state: core::cell::Cell::new(7),
    };
    let out = distance(&erratic, Transform::IDENTITY, &Disc(0.0_f64), at(3.0, 0.0));
    assert!(out.iterations <= f64::GJK_MAX_ITERATIONS);
    assert_ne!(out.status, DistanceStatus::InvalidInput);
    if out.status != DistanceStatus::Overlapping {
        assert!(out.distance.is_finite());
    }
}

#[test]
fn warm_start_repeats_with_fewer_iterations_for_boxes_and_smooth_circles() {
    // Long planks side by side: the centre offset points at the wrong corners, so the
    // cold query has to walk (at least two iterations, checked), the warm one does not.
    let plank = Boxy {
        half: Vec2::new(4.0_f32, 0.25),
        radius: 0.0,
    };
    let xf_a = Transform::from_position_angle(Vec2::new(0.0, 0.0), 0.05);
    let xf_b = Transform::from_position_angle(Vec2::new(1.0, 1.5), -0.1);
    let mut cache = SimplexCache::new();
    let cold = distance_cached(&plank, xf_a, &plank, xf_b, &mut cache);
    let warm = distance_cached(&plank, xf_a, &plank, xf_b, &mut cache);
    assert!(cold.iterations >= 2, "cold {}", cold.iterations);
    assert!(
        warm.iterations < cold.iterations,
        "warm {} cold {}",
        warm.iterations,
        cold.iterations
    );
    assert_eq!(warm.distance, cold.distance);

    // A smooth circle against the plank: the closest point is off the centre line, so
    // the cold query iterates on the curve; the warm one re-supports along the cached
    // directions.
    let circle = SmoothCircle(1.0_f32);
    let mut cache = SimplexCache::new();
    let xf_c = at(2.5, 1.6);
    let cold = distance_cached(&circle, xf_c, &plank, xf_a, &mut cache);
    let warm = distance_cached(&circle, xf_c, &plank, xf_a, &mut cache);
    assert!(cold.iterations >= 2, "cold {}", cold.iterations);
    assert!(
        warm.iterations < cold.iterations,
        "warm {} cold {}",
        warm.iterations,
        cold.iterations
    );
    assert!((warm.distance - cold.distance).abs() < 1e-12);
}

#[test]
fn cache_from_another_pair_only_costs_iterations() {
    let unit = Boxy {
        half: Vec2::new(1.0_f64, 1.0),
        radius: 0.0,
    };
    let thin = Boxy {
        half: Vec2::new(3.0_f64, 0.1),
        radius: 0.2,
    };
    let mut cache = SimplexCache::new();
    let _ = distance_cached(
        &unit,
        Transform::IDENTITY,
        &unit,
        at(-3.0, -3.0),
        &mut cache,
    );
    let xf_b = Transform::from_position_angle(Vec2::new(0.5, 4.0), 1.0);
    let reused = distance_cached(&unit, Transform::IDENTITY, &thin, xf_b, &mut cache);
    let fresh = distance(&unit, Transform::IDENTITY, &thin, xf_b);
    assert_eq!(reused.status, fresh.status);
    assert!((reused.distance - fresh.distance).abs() < 1e-12);
}

#[test]
fn invalid_query_clears_the_cache() {
    let disc = Disc(1.0_f32);
    let mut cache = SimplexCache::new();
    let _ = distance_cached(&disc, Transform::IDENTITY, &disc, at(3.0, 0.0), &mut cache);
    assert!(!cache.is_empty());
    let _ = distance_cached(
        &disc,
        Transform::IDENTITY,
        &disc,
        at(f32::NAN, 0.0),
        &mut cache,
    );
    assert!(cache.is_empty());
}

#[test]
fn intersects_agrees_with_distance_on_a_sweep_of_offsets() {
    let rounded = Boxy {
        half: Vec2::new(1.0_f64, 0.5),
        radius: 0.25,
    };
    let disc = Disc(0.5_f64);
    for step in 0..200 {
        let angle = f64::from(step) * 0.0314;
        let reach = 1.0 + f64::from(step % 17) * 0.2;
        let xf_b = at(reach * angle.cos(), reach * angle.sin());
        let out = distance(&rounded, Transform::IDENTITY, &disc, xf_b);
        let overlap = intersects(&rounded, Transform::IDENTITY, &disc, xf_b);
        assert_eq!(overlap, Ok(out.is_overlapping()), "step {step}: {out:?}");
    }
}
