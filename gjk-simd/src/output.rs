//! [`Separation`]: the light output of a distance query, for callers that need the
//! gap and its direction but no witness points.

use gjk_core::{DistanceOutput, DistanceStatus, Scalar, Vec2};

/// The distance, normal, iteration count and status of a distance query, without
/// the witness points: each field equals, bit for bit, the field of the same name in
/// the `gjk_core::distance` output. The lanes skip the witness points' look-ups and
/// sums, and the output is 16 bytes in `f32` where a `DistanceOutput` is 36.
///
/// ```
/// use gjk_core::{DistanceStatus, Transform, Vec2, distance};
/// use gjk_shapes::Circle;
/// use gjk_simd::Separation;
///
/// let ball = Circle::new(Vec2::ZERO, 1.0_f32).unwrap();
/// let at = Transform::from_translation(Vec2::new(3.0, 0.0));
/// let separation = Separation::from(distance(&ball, Transform::IDENTITY, &ball, at));
/// assert_eq!(separation.distance, 1.0);
/// assert_eq!(separation.normal, Vec2::X);
/// assert_eq!(separation.status, DistanceStatus::Separated);
/// // The default is an invalid-input answer, never a real one.
/// assert_eq!(Separation::<f32>::default().status, DistanceStatus::InvalidInput);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[must_use]
pub struct Separation<S: Scalar = f32> {
    /// The distance between the rounded shapes; zero when they touch or overlap, NaN
    /// for invalid input.
    pub distance: S,
    /// The unit normal from A towards B in world space; zero when the cores overlap
    /// or the input is invalid.
    pub normal: Vec2<S>,
    /// GJK iterations run.
    pub iterations: u32,
    /// How the query ended.
    pub status: DistanceStatus,
}

impl<S: Scalar> Default for Separation<S> {
    /// The separation of [`DistanceOutput::default`]: an invalid-input answer.
    fn default() -> Self {
        Self::from(DistanceOutput::default())
    }
}

impl<S: Scalar> From<DistanceOutput<S>> for Separation<S> {
    /// The output's distance, normal, iterations and status.
    fn from(output: DistanceOutput<S>) -> Self {
        Self {
            distance: output.distance,
            normal: output.normal,
            iterations: output.iterations,
            status: output.status,
        }
    }
}
