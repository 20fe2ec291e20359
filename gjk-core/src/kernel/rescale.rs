//! Queries at the ends of the floating-point range: carried on exactly rescaled.
//!
//! The GJK loops square and multiply coordinates of Minkowski-difference points `w`
//! (`|v|^2`, the region tests' dot and cross products, the overlap test's products of
//! four). For points of magnitude `m` those products are about `m^2` to `m^4`, and
//! decisions hinge on parts of them as small as `eps^2 m^2`. Below about `1e-19` in
//! `f32` (`1e-154` in `f64`) the squares underflow and lose their digits: two boxes
//! `1e-30` apart read as touching, a ray from outside as starting inside, a
//! penetration of `5e-31` as depth zero. Above about `1e19` (`1e154`) they overflow
//! and the query would report invalid input although every answer is representable.
//!
//! Multiplying every length of a query by a power of two `2^k` is exact in binary
//! floating point: each sum, product, quotient and square root of the scaled query is
//! the unscaled one's times `2^k` (or `2^{2k}` for products), bit for bit, as long as
//! nothing under- or overflows. So every query runs as it is, and when its loop ends on
//! points whose largest coordinate magnitude lies outside [`Scalar::RESCALE_BELOW`],
//! [`Scalar::RESCALE_ABOVE`] (a window chosen so that fourth powers keep their digits),
//! it carries on at the scale that brings that magnitude into `[1, 2)`:
//!
//! - `distance` and `intersects` go on from the simplex they stopped at, its points
//!   multiplied by the factor (`gjk::iterate`): GJK's state is its simplex, and the
//!   same points solved at the new scale give the regions rounding may have missed;
//! - the casts start again from fraction zero with the same points, motion and target
//!   scaled (`cast::run_cast`): their fraction already advanced by steps computed
//!   without digits;
//! - `penetration` and `manifold` run again on the shapes scaled by [`Scaled`] (EPA
//!   and the clipping take their points from the shapes), and `time_of_impact` runs on
//!   scaled shapes and sweeps from the start, its scale known from its inputs.
//!
//! Lengths are scaled back at the end; fractions, normals and statuses need nothing.
//! Within the window nothing changes and only a check is paid: two comparisons on a
//! squared length the loops measure anyway, and the exact scan of the magnitude where
//! those cannot tell. Outside it the answer is the one the query gives at unit scale.
//!
//! A whole-query rerun can fail where the first run did not: a shape much larger than
//! the points the loop ended on (a long triangle whose corner is at its origin,
//! touching another there) can overflow when scaled up. The first answer is then
//! kept: it is exact relative to that larger shape, which is all its size allows.
//!
//! gjk-simd reproduces this bit for bit: its lanes measure the same magnitude and hand
//! the pairs that need the rescue to the scalar kernel.

use crate::{ContactShape, FeatureId, Support};
use crate::{RigidTransform, Scalar, Space, SupportEdge, SupportFace, SupportPoint, Vec2, Vec3};

/// The largest magnitude among `values`, NaN counting as zero: compared as integers
/// (see `scalar::sealed::Bits`), so no float routine is called on a core without an
/// FPU, and NaN never wins, as in the SIMD lanes' comparisons.
#[inline]
pub(crate) fn largest_magnitude<S: Scalar>(values: impl IntoIterator<Item = S>) -> S {
    S::from_magnitude_key(largest_key(values))
}

/// The power of two that brings the largest magnitude among `values` into `[1, 2)`
/// when it lies outside `[RESCALE_BELOW, RESCALE_ABOVE]`; `None` inside the window,
/// and for zero or infinite magnitudes (nothing to rescale, or nothing a rescale can
/// repair). NaN values count as zero. From the bits, exactly.
#[inline]
pub(crate) fn factor_for<S: Scalar>(values: impl IntoIterator<Item = S>) -> Option<S> {
    S::rescale_factor(largest_key(values))
}

/// The largest magnitude key among `values` (see `scalar::sealed::Bits`).
#[inline]
fn largest_key<S: Scalar>(values: impl IntoIterator<Item = S>) -> S::Key {
    values
        .into_iter()
        .fold(S::ZERO.magnitude_key(), |largest, value| {
            largest.max(value.magnitude_key())
        })
}

/// Whether a loop surely ended on points inside the window, from the largest squared
/// vertex length `largest_squared` it measured anyway (the touching test, a cast's
/// margin), and `start` (a cast's target, zero otherwise): two comparisons on the hot
/// path instead of `Simplex::rescue_factor`'s scan, which decides where this cannot.
///
/// With `m` the largest coordinate magnitude of the vertices and `l` the largest
/// squared length, `m^2 <= l <= 2 m^2`; so `max(start, m)` is at least `BELOW` when
/// `start` is or `l >= 4 BELOW^2`, and at most `ABOVE` when `start` is and
/// `l <= ABOVE^2 / 4`, with a factor of two to spare for the rounding of `l`. NaN
/// fails. gjk-simd's `rescue_lanes` is the same test in lanes.
#[inline(always)]
pub(crate) fn surely_inside_window<S: Scalar>(start: S, largest_squared: S) -> bool {
    let low = S::RESCALE_BELOW * S::RESCALE_BELOW * S::from_f64(4.0);
    let high = S::RESCALE_ABOVE * S::RESCALE_ABOVE * S::from_f64(0.25);
    let large_enough = start >= S::RESCALE_BELOW || largest_squared >= low;
    let small_enough = start <= S::RESCALE_ABOVE && largest_squared <= high;
    large_enough && small_enough
}

/// A transform moved by `-origin` and then scaled by `factor` (a power of two): the
/// rescued queries run with A moved to the world origin, so that the factor, capped by
/// the pair's extent, never multiplies where the pair is (A's world position times it
/// overflowed, found by fuzzing `project_point`).
#[inline]
pub(crate) fn scaled_about<S: Scalar, V: Space<Scalar = S>>(
    transform: V::Transform,
    origin: V,
    factor: S,
) -> V::Transform {
    V::moved(&transform, (transform.translation() - origin) * factor)
}

/// A shape with every length multiplied by `factor`, a power of two: support points,
/// feature points, edges and the radius. Exact, so the scaled shape is the same shape
/// at another scale, bit for bit.
pub(crate) struct Scaled<'s, T: ?Sized, S> {
    pub shape: &'s T,
    pub factor: S,
}

impl<S: Scalar, V: Space<Scalar = S>, T: Support<S, V> + ?Sized> Support<S, V>
    for Scaled<'_, T, S>
{
    #[inline]
    fn support(&self, direction: V) -> SupportPoint<S, V> {
        let on_shape = self.shape.support(direction);
        SupportPoint::new(on_shape.point * self.factor, on_shape.feature)
    }

    #[inline]
    fn radius(&self) -> S {
        self.shape.radius() * self.factor
    }

    #[inline]
    fn feature_point(&self, feature: FeatureId) -> Option<V> {
        self.shape
            .feature_point(feature)
            .map(|point| point * self.factor)
    }
}

impl<S: Scalar, V: Space<Scalar = S>, T: ContactShape<S, V> + ?Sized> ContactShape<S, V>
    for Scaled<'_, T, S>
{
    #[inline]
    fn support_edge(&self, direction: Vec2<S>) -> Option<SupportEdge<S>> {
        let scale =
            |vertex: SupportPoint<S>| SupportPoint::new(vertex.point * self.factor, vertex.feature);
        self.shape.support_edge(direction).map(|edge| SupportEdge {
            start: scale(edge.start),
            end: scale(edge.end),
        })
    }

    #[inline]
    fn support_face(&self, direction: Vec3<S>) -> Option<SupportFace<S>> {
        let scale = |vertex: SupportPoint<S, Vec3<S>>| {
            SupportPoint::new(vertex.point * self.factor, vertex.feature)
        };
        self.shape.support_face(direction).map(|face| match face {
            SupportFace::Segment(start, end) => SupportFace::Segment(scale(start), scale(end)),
            polygon @ SupportFace::Polygon { .. } => polygon,
        })
    }

    #[inline]
    fn face_vertex(&self, face: u32, corner: u32) -> Option<SupportPoint<S, Vec3<S>>> {
        self.shape
            .face_vertex(face, corner)
            .map(|vertex| SupportPoint::new(vertex.point * self.factor, vertex.feature))
    }

    #[inline]
    fn box_half_extents(&self) -> Option<Vec3<S>> {
        self.shape.box_half_extents().map(|half| half * self.factor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scalar::sealed::Bits;

    #[test]
    fn the_window_ends_are_powers_of_two() {
        assert_eq!(f32::RESCALE_BELOW, 2f32.powi(-28));
        assert_eq!(f32::RESCALE_ABOVE, 2f32.powi(28));
        assert_eq!(f64::RESCALE_BELOW, 2f64.powi(-240));
        assert_eq!(f64::RESCALE_ABOVE, 2f64.powi(240));
        assert_eq!(factor_for([1e-45_f32]), Some(2f32.powi(127)));
        assert_eq!(factor_for([f32::MAX]), Some(2f32.powi(-127)));
        assert_eq!(factor_for([f64::MIN_POSITIVE]), Some(2f64.powi(1022)));
        assert_eq!(factor_for([f64::MAX]), Some(2f64.powi(-1023)));
    }

    #[test]
    fn nan_magnitudes_have_no_factor_and_order_below_everything() {
        assert_eq!(f32::NAN.magnitude_key(), 0);
        assert_eq!(largest_magnitude([f32::NAN, -3.0, 2.0]), 3.0);
        assert!((-3.0_f32).magnitude_key() > 2.0_f32.magnitude_key());
        assert!(f64::INFINITY.magnitude_key() > f64::MAX.magnitude_key());
        assert_eq!(factor_for([f64::NAN]), None);
    }

    #[test]
    fn factor_brings_the_magnitude_into_one_to_two() {
        for magnitude in [1e-30_f32, 3e-20, 1.5e-9, 7e9, 2e30, 3.3e38] {
            let factor = factor_for([magnitude]).expect("outside the window");
            let scaled = magnitude * factor;
            assert!((1.0..2.0).contains(&scaled), "{magnitude:e} -> {scaled}");
        }
        for magnitude in [1e-300_f64, 1e-100, 1e100, 1e300] {
            let scaled = magnitude * factor_for([magnitude]).expect("outside the window");
            assert!((1.0..2.0).contains(&scaled), "{magnitude:e} -> {scaled}");
        }
    }

    #[test]
    fn subnormal_magnitudes_are_clamped_but_land_in_the_window() {
        let magnitude = 1e-40_f32;
        let scaled = magnitude * factor_for([magnitude]).unwrap();
        assert!((f32::RESCALE_BELOW..1.0).contains(&scaled), "{scaled:e}");
        let magnitude = 5e-324_f64;
        let scaled = magnitude * factor_for([magnitude]).unwrap();
        assert!((f64::RESCALE_BELOW..1.0).contains(&scaled), "{scaled:e}");
    }

    #[test]
    fn no_factor_inside_the_window_or_for_zero_infinity_and_nan() {
        for magnitude in [1.0_f32, 1e-5, 1e5, 0.0, f32::INFINITY, f32::NAN] {
            assert_eq!(factor_for([magnitude]), None, "{magnitude:e}");
        }
    }
}
