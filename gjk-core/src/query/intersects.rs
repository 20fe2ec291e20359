//! `intersects`: the boolean overlap test with an early exit.

use core::fmt;

use crate::kernel::profile::erase;
use crate::kernel::{GjkState, Pair, Termination, checked_radii, iterate, seed, shared};
use crate::space::sealed::Frame as _;
use crate::{Scalar, Space, Support};

/// Why a query could not give an answer.
///
/// ```
/// use gjk_core::{intersects, QueryError, Transform, Vec2};
/// use gjk_shapes::Circle;
///
/// let disc = Circle::new(Vec2::ZERO, 1.0_f32)?;
/// let nowhere = Transform::from_translation(Vec2::new(f32::INFINITY, 0.0));
/// assert_eq!(intersects(&disc, Transform::IDENTITY, &disc, nowhere), Err(QueryError::InvalidInput));
/// // A conservative boolean for a broad phase: unknown counts as overlapping.
/// assert!(intersects(&disc, Transform::IDENTITY, &disc, nowhere).unwrap_or(true));
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum QueryError {
    /// An input was not usable: a NaN or infinite coordinate, radius or transform, a
    /// negative radius, a rotation that is not unit length, or values so large that
    /// their squares overflow.
    InvalidInput,
    /// The iteration cap was reached before the answer was certain.
    MaxIterations,
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InvalidInput => f.write_str(
                "invalid query input: a coordinate, radius or transform is NaN, infinite, \
                 negative where it must not be, or a rotation is not unit length",
            ),
            Self::MaxIterations => f.write_str(
                "the query reached its iteration cap before the answer was certain; \
                 the shapes may be degenerate slivers",
            ),
        }
    }
}

impl core::error::Error for QueryError {}

/// Whether two convex shapes touch or overlap (rounded surfaces included).
///
/// Faster than [`distance`](crate::distance) when the answer is "apart": it stops at the
/// first support plane that separates the shapes, often after one or two iterations.
/// It runs the same iteration as `distance` and calls the shapes apart only when a
/// support plane clears them by more than the touching margin `distance` uses
/// ([`Scalar::GJK_TOUCHING`]), so the two answers agree.
///
/// Errors are typed, never guessed: [`QueryError::InvalidInput`] for NaN or infinite
/// input, [`QueryError::MaxIterations`] if the cap is hit before the answer is known.
/// Callers that need a boolean anyway can choose the conservative
/// `intersects(..).unwrap_or(true)`.
///
/// ```
/// use gjk_core::{intersects, FeatureId, QueryError, Support, SupportPoint, Transform, Vec2};
///
/// struct Ball(f32);
/// impl Support<f32> for Ball {
///     fn support(&self, _d: Vec2<f32>) -> SupportPoint<f32> {
///         SupportPoint::new(Vec2::ZERO, FeatureId::vertex(0))
///     }
///     fn radius(&self) -> f32 { self.0 }
/// }
///
/// let here = Transform::IDENTITY;
/// assert_eq!(intersects(&Ball(1.0), here, &Ball(1.0), Transform::from_translation(Vec2::new(1.9, 0.0))), Ok(true));
/// assert_eq!(intersects(&Ball(1.0), here, &Ball(1.0), Transform::from_translation(Vec2::new(2.1, 0.0))), Ok(false));
/// let nowhere = Transform::from_translation(Vec2::new(f32::NAN, 0.0));
/// assert_eq!(intersects(&Ball(1.0), here, &Ball(1.0), nowhere), Err(QueryError::InvalidInput));
/// ```
#[inline]
pub fn intersects<S, V, A, B>(
    a: &A,
    xf_a: V::Transform,
    b: &B,
    xf_b: V::Transform,
) -> Result<bool, QueryError>
where
    S: Scalar,
    V: Space<Scalar = S>,
    A: Support<S, V> + ?Sized,
    B: Support<S, V> + ?Sized,
{
    query(erase!(a), xf_a, erase!(b), xf_b)
}

/// The body of [`intersects`]; in the compact form it runs on `Core` shapes, one copy
/// for all shape types.
#[inline]
fn query<S, V, A, B>(
    a: &A,
    xf_a: V::Transform,
    b: &B,
    xf_b: V::Transform,
) -> Result<bool, QueryError>
where
    S: Scalar,
    V: Space<Scalar = S>,
    A: Support<S, V> + ?Sized,
    B: Support<S, V> + ?Sized,
{
    let (radius_a, radius_b) =
        checked_radii::<S, V, A, B>(a, xf_a, b, xf_b).ok_or(QueryError::InvalidInput)?;
    let radius = radius_a + radius_b;
    let pair = Pair::<S, A, B, V>::placed(a, xf_a, b, xf_b);
    let offset = pair.relative.translation();
    let pair = shared(&pair);
    let mut simplex = seed(pair, offset, None);
    let state = iterate::<S, V, _, true, true>(pair, &mut simplex, radius);
    answer(&state, radius)
}

/// What the overlap test's loop found.
#[inline(always)]
fn answer<S: Scalar, V: Space<Scalar = S>>(
    state: &GjkState<S, V>,
    radius: S,
) -> Result<bool, QueryError> {
    // The same comparison `distance` makes, so the two agree to the last bit.
    let apart = state.closest.length() * state.unscale - radius > S::ZERO;
    match state.termination {
        Termination::CoresOverlap => Ok(true),
        Termination::Separated => Ok(false),
        Termination::Converged => Ok(!apart),
        // |v| bounds the core distance from above: within the radius, overlap is certain.
        Termination::MaxIterations if !apart => Ok(true),
        Termination::MaxIterations => Err(QueryError::MaxIterations),
        Termination::InvalidInput => Err(QueryError::InvalidInput),
    }
}
