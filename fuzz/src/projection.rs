//! The invariants of a point projection both dimensions' targets check (the `point`
//! and `space` targets, in `fuzz_targets/`).

use gjk_core::{PointProjection, PointStatus, QueryError, Space};

/// Checks the generic projection `generic`, the shape's closed form `fast` (when it has
/// one) and `contains` (`contains_point`'s answer) for `point`: for invalid input
/// (`valid` false) only that both projections say so; for tame input (`slack`, the
/// tolerance at the scene's scale, `Some`) typed statuses, finite values, a unit
/// normal, `point = surface_point + normal * signed_distance`, the closed form and the
/// generic projection agreeing (the closed form never deeper than an uncertified
/// generic answer, which is a way out but perhaps not the shortest), and
/// `contains_point` agreeing with the sign outside the touching band.
pub fn check_projection<V: Space<Scalar = f32>>(
    generic: PointProjection<f32, V>,
    fast: Option<PointProjection<f32, V>>,
    contains: Result<bool, QueryError>,
    point: V,
    valid: bool,
    slack: Option<f32>,
) {
    for out in [Some(generic), fast].into_iter().flatten() {
        if !valid {
            assert_eq!(out.status, PointStatus::InvalidInput, "{out:?}");
        }
    }
    let Some(slack) = slack.filter(|_| valid) else {
        return;
    };
    for out in [Some(generic), fast].into_iter().flatten() {
        // EPA may end at its cap inside curved shapes whose deepest direction is
        // ill-conditioned (a point near the centre of a near-circular ellipse): typed,
        // with the best values found, as `penetration` documents.
        assert!(
            matches!(
                out.status,
                PointStatus::Inside | PointStatus::Outside | PointStatus::MaxIterations
            ),
            "{out:?} for tame input"
        );
        assert!(
            out.surface_point.is_finite() && out.signed_distance.is_finite(),
            "{out:?}"
        );
        assert!((out.normal.length() - 1.0).abs() < 1e-3, "{out:?}");
        let rebuilt = out.surface_point + out.normal * out.signed_distance;
        assert!((rebuilt - point).length() <= slack, "{out:?} for {point:?}");
        if out.status != PointStatus::MaxIterations {
            assert_eq!(out.is_inside(), out.signed_distance <= 0.0, "{out:?}");
        }
    }
    if let Some(fast) = fast {
        let gap = fast.signed_distance - generic.signed_distance;
        if generic.status == PointStatus::MaxIterations {
            // Uncertified, but a way out: never shorter than the nearest.
            assert!(gap >= -slack, "closed form {fast:?} vs generic {generic:?}");
        } else {
            assert!(
                gap.abs() <= slack,
                "closed form {fast:?} vs generic {generic:?}"
            );
        }
    }
    if generic.status != PointStatus::MaxIterations && generic.signed_distance.abs() > slack {
        assert_eq!(contains, Ok(generic.is_inside()), "{generic:?}");
    }
}
