//! Unusable transforms are reported, never answered: NaN or infinite translations, NaN
//! rotations and rotations that are not unit length give `DistanceStatus::InvalidInput`
//! from `distance` and `distance_cached` and `Err(QueryError::InvalidInput)` from
//! `intersects`, in f32 and f64, on either shape of the pair.

use gjk_core::{
    DistanceStatus, QueryError, Rot, Scalar, SimplexCache, Support, Transform, Vec2, distance,
    distance_cached, intersects,
};
use gjk_shapes::{Circle, Ellipse, Polygon};

/// A valid placement near the bad one, so only the bad transform is wrong.
fn good<S: Scalar>() -> Transform<S> {
    Transform::new(
        Vec2::new(S::from_f64(0.5), S::from_f64(-0.25)),
        Rot::from_angle(S::from_f64(0.3)),
    )
}

/// Checks every query on `(a at bad, b at good)` and `(a at good, b at bad)`.
fn assert_rejected<S: Scalar>(a: &impl Support<S>, b: &impl Support<S>, bad: Transform<S>) {
    for (xf_a, xf_b) in [(bad, good()), (good(), bad)] {
        let out = distance(a, xf_a, b, xf_b);
        assert_eq!(
            out.status,
            DistanceStatus::InvalidInput,
            "{xf_a:?} {xf_b:?}: {out:?}"
        );
        assert!(out.distance.is_nan(), "{out:?}");
        assert!(
            out.witness_a.x.is_nan() && out.witness_b.y.is_nan(),
            "{out:?}"
        );
        assert_eq!(out.normal, Vec2::ZERO);
        assert_eq!(
            intersects(a, xf_a, b, xf_b),
            Err(QueryError::InvalidInput),
            "{xf_a:?} {xf_b:?}"
        );
        // A cache filled by a valid query is emptied by the rejected one.
        let mut cache = SimplexCache::new();
        let _ = distance_cached(
            a,
            good(),
            b,
            Transform::from_translation(Vec2::new(S::from_f64(5.0), S::ZERO)),
            &mut cache,
        );
        assert!(!cache.is_empty());
        let cached = distance_cached(a, xf_a, b, xf_b, &mut cache);
        assert_eq!(cached.status, DistanceStatus::InvalidInput);
        assert!(cache.is_empty());
    }
}

/// Runs `assert_rejected` over the pairs of a circle, a polygon and an ellipse.
fn assert_rejected_for_all_pairs<S: Scalar>(bad: Transform<S>) {
    let circle = Circle::new(Vec2::new(S::from_f64(0.1), S::ZERO), S::ONE).unwrap();
    let polygon = Polygon::<S, 8>::regular(5, S::TWO).unwrap();
    let ellipse = Ellipse::new(Vec2::new(S::from_f64(3.0), S::from_f64(0.5))).unwrap();
    assert_rejected(&circle, &polygon, bad);
    assert_rejected(&polygon, &ellipse, bad);
    assert_rejected(&ellipse, &circle, bad);
    assert_rejected(&polygon, &polygon, bad);
}

fn bad_translations<S: Scalar>() -> [Vec2<S>; 5] {
    let (nan, inf) = (S::nan(), S::infinity());
    [
        Vec2::new(nan, S::ZERO),
        Vec2::new(S::ONE, nan),
        Vec2::new(inf, S::ZERO),
        Vec2::new(S::ZERO, -inf),
        Vec2::new(nan, inf),
    ]
}

fn nan_rotations<S: Scalar>() -> [Rot<S>; 3] {
    let nan = S::nan();
    [
        Rot {
            cos: nan,
            sin: S::ZERO,
        },
        Rot {
            cos: S::ONE,
            sin: nan,
        },
        Rot { cos: nan, sin: nan },
    ]
}

/// Rotations whose `cos^2 + sin^2` is clearly not one, from zero to infinite.
fn non_unit_rotations<S: Scalar>() -> [Rot<S>; 5] {
    let v = S::from_f64;
    [
        Rot {
            cos: v(1.1),
            sin: S::ZERO,
        },
        Rot {
            cos: v(0.6),
            sin: v(0.6),
        },
        Rot {
            cos: S::ZERO,
            sin: S::ZERO,
        },
        Rot {
            cos: v(-2.0),
            sin: v(1.0),
        },
        Rot {
            cos: S::infinity(),
            sin: S::ZERO,
        },
    ]
}

fn nan_and_infinite_translations_are_invalid_input<S: Scalar>() {
    for translation in bad_translations::<S>() {
        assert_rejected_for_all_pairs(Transform::new(translation, Rot::from_angle(S::ONE)));
    }
}

fn nan_rotations_are_invalid_input<S: Scalar>() {
    for rotation in nan_rotations::<S>() {
        assert_rejected_for_all_pairs(Transform::new(Vec2::new(S::ONE, S::TWO), rotation));
    }
}

fn non_unit_rotations_are_invalid_input<S: Scalar>() {
    for rotation in non_unit_rotations::<S>() {
        assert_rejected_for_all_pairs(Transform::new(Vec2::new(S::ONE, S::TWO), rotation));
    }
}

/// The edge of `Scalar::UNIT_TOLERANCE`: `cos^2 + sin^2` off by 32 epsilons is
/// accepted, off by 128 rejected.
fn rotation_unit_tolerance_edge<S: Scalar>() {
    let circle = Circle::new(Vec2::ZERO, S::ONE).unwrap();
    let far = Transform::from_translation(Vec2::new(S::from_f64(4.0), S::ZERO));
    // (1 + 16 eps)^2 = 1 + 32 eps + ..., (1 + 64 eps)^2 = 1 + 128 eps + ...
    let close = Rot {
        cos: S::ONE + S::from_f64(16.0) * S::EPS,
        sin: S::ZERO,
    };
    let off = Rot {
        cos: S::ONE + S::from_f64(64.0) * S::EPS,
        sin: S::ZERO,
    };
    let accepted = distance(&circle, Transform::new(Vec2::ZERO, close), &circle, far);
    assert_eq!(accepted.status, DistanceStatus::Separated);
    assert_rejected_for_all_pairs(Transform::new(Vec2::ZERO, off));
}

#[test]
fn f32_nan_and_infinite_translations_are_invalid_input() {
    nan_and_infinite_translations_are_invalid_input::<f32>();
}

#[test]
fn f64_nan_and_infinite_translations_are_invalid_input() {
    nan_and_infinite_translations_are_invalid_input::<f64>();
}

#[test]
fn f32_nan_rotations_are_invalid_input() {
    nan_rotations_are_invalid_input::<f32>();
}

#[test]
fn f64_nan_rotations_are_invalid_input() {
    nan_rotations_are_invalid_input::<f64>();
}

#[test]
fn f32_non_unit_rotations_are_invalid_input() {
    non_unit_rotations_are_invalid_input::<f32>();
}

#[test]
fn f64_non_unit_rotations_are_invalid_input() {
    non_unit_rotations_are_invalid_input::<f64>();
}

#[test]
fn f32_rotation_within_unit_tolerance_is_accepted_beyond_it_rejected() {
    rotation_unit_tolerance_edge::<f32>();
}

#[test]
fn f64_rotation_within_unit_tolerance_is_accepted_beyond_it_rejected() {
    rotation_unit_tolerance_edge::<f64>();
}

/// Positions so far apart that the squared distance overflows f32: answered (the
/// query runs rescaled by a power of two), not `InvalidInput`; and offsets that
/// overflow f32 themselves are `InvalidInput`.
#[test]
fn f32_offsets_whose_squares_overflow_are_answered() {
    let circle = Circle::new(Vec2::ZERO, 1.0_f32).unwrap();
    let here = Transform::from_translation(Vec2::new(-2e19_f32, 0.0));
    let there = Transform::from_translation(Vec2::new(2e19_f32, 0.0));
    let out = distance(&circle, here, &circle, there);
    assert_eq!(out.status, DistanceStatus::Separated, "{out:?}");
    assert_eq!(out.distance, 4e19 - 2.0);
    assert_eq!(out.normal, Vec2::new(1.0, 0.0));
    assert_eq!(intersects(&circle, here, &circle, there), Ok(false));

    let here = Transform::from_translation(Vec2::new(-3e38_f32, 0.0));
    let there = Transform::from_translation(Vec2::new(3e38_f32, 0.0));
    let out = distance(&circle, here, &circle, there);
    assert_eq!(out.status, DistanceStatus::InvalidInput, "{out:?}");
    assert_eq!(
        intersects(&circle, here, &circle, there),
        Err(QueryError::InvalidInput)
    );
}
