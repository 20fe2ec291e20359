//! Debug outlines: any support-mapped shape as points of its (rounded) boundary, into
//! the caller's buffer (parry's `to_polyline`, without allocating). What the gallery's
//! pictures and the interactive page draw, so they show exactly the shape the kernel
//! queries.

use crate::{Rot, Scalar, Support, Transform, Vec2};

/// The point of `shape`'s rounded boundary (placed by `xf`) farthest along the world
/// `direction`: the core's support point pushed out by the radius along `direction`,
/// which should be of unit length. Where the boundary is a corner, every direction of
/// the corner's normal cone gives it.
///
/// ```
/// use gjk_core::{boundary_point, FeatureId, Support, SupportPoint, Transform, Vec2};
///
/// struct Disc;
/// impl Support<f32> for Disc {
///     fn support(&self, _d: Vec2<f32>) -> SupportPoint<f32> {
///         SupportPoint::new(Vec2::ZERO, FeatureId::vertex(0))
///     }
///     fn radius(&self) -> f32 { 2.0 }
/// }
/// let xf = Transform::from_translation(Vec2::new(1.0, 0.0));
/// assert_eq!(boundary_point(&Disc, xf, Vec2::Y), Vec2::new(1.0, 2.0));
/// ```
#[inline]
pub fn boundary_point<S, A>(shape: &A, xf: Transform<S>, direction: Vec2<S>) -> Vec2<S>
where
    S: Scalar,
    A: Support<S> + ?Sized,
{
    let core_point = shape.support(xf.rotation.inv_rotate(direction)).point;
    xf.transform_point(core_point) + direction * shape.radius()
}

/// Writes the outline of `shape` placed by `xf` into `points` and returns how many
/// points it wrote: the [`boundary_point`]s along `points.len()` world directions
/// evenly spaced counter-clockwise from +x, with a point equal to the one before it
/// dropped (a polygon's corner is the boundary point of a whole range of directions),
/// so a polygon comes out as its corners once each and a curve as `points.len()`
/// points on it. Consecutive points joined by segments, the last to the first, trace
/// the shape. An empty buffer gets nothing; NaN or infinite input gives NaN points.
///
/// ```
/// use gjk_core::{outline, FeatureId, Support, SupportPoint, Transform, Vec2};
///
/// /// The square [-1, 1]^2.
/// struct Square;
/// impl Support<f64> for Square {
///     fn support(&self, d: Vec2<f64>) -> SupportPoint<f64> {
///         let corner = Vec2::new(if d.x >= 0.0 { 1.0 } else { -1.0 }, if d.y >= 0.0 { 1.0 } else { -1.0 });
///         SupportPoint::new(corner, FeatureId::vertex(u32::from(d.x >= 0.0) + 2 * u32::from(d.y >= 0.0)))
///     }
/// }
///
/// let mut points = [Vec2::ZERO; 64];
/// let count = outline(&Square, Transform::IDENTITY, &mut points);
/// assert_eq!(
///     &points[..count],
///     [Vec2::new(1.0, 1.0), Vec2::new(-1.0, 1.0), Vec2::new(-1.0, -1.0), Vec2::new(1.0, -1.0)]
/// );
/// ```
pub fn outline<S, A>(shape: &A, xf: Transform<S>, points: &mut [Vec2<S>]) -> usize
where
    S: Scalar,
    A: Support<S> + ?Sized,
{
    let samples = points.len();
    // The sample count as `S`, counted up exactly (buffers hold far fewer than 2^24
    // points), with no conversion routine.
    let mut count_as_s = S::ZERO;
    for _ in 0..samples {
        count_as_s = count_as_s + S::ONE;
    }
    let turn = S::from_f64(core::f64::consts::TAU);
    let mut written = 0;
    let mut index_as_s = S::ZERO;
    for _ in 0..samples {
        let direction = Rot::from_angle(turn * index_as_s / count_as_s).rotate(Vec2::X);
        index_as_s = index_as_s + S::ONE;
        let point = boundary_point(shape, xf, direction);
        let repeated = written > 0 && points.get(written - 1) == Some(&point);
        if !repeated && let Some(slot) = points.get_mut(written) {
            *slot = point;
            written += 1;
        }
    }
    if written > 1 && points.first() == points.get(written - 1) {
        written -= 1;
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{FeatureId, SupportPoint};

    /// A disc of radius 0.5 around its local origin.
    struct Disc;

    impl Support<f64> for Disc {
        fn support(&self, _direction: Vec2<f64>) -> SupportPoint<f64> {
            SupportPoint::new(Vec2::ZERO, FeatureId::vertex(0))
        }
        fn radius(&self) -> f64 {
            0.5
        }
    }

    /// The segment from (-1, 0) to (1, 0).
    struct Bar;

    impl Support<f64> for Bar {
        fn support(&self, direction: Vec2<f64>) -> SupportPoint<f64> {
            let x = if direction.x >= 0.0 { 1.0 } else { -1.0 };
            SupportPoint::new(Vec2::new(x, 0.0), FeatureId::vertex(u32::from(x > 0.0)))
        }
    }

    #[test]
    fn a_placed_disc_outline_lies_on_its_circle_counter_clockwise() {
        let center = Vec2::new(3.0, -2.0);
        let mut points = [Vec2::ZERO; 48];
        let count = outline(
            &Disc,
            Transform::new(center, Rot::from_angle(0.3)),
            &mut points,
        );
        assert_eq!(count, 48);
        for (index, point) in points.iter().enumerate() {
            assert!(
                ((*point - center).length() - 0.5).abs() < 1e-14,
                "{point:?}"
            );
            let next = points[(index + 1) % count];
            assert!((*point - center).cross(next - center) > 0.0);
        }
    }

    #[test]
    fn a_segment_outline_is_its_two_ends_once_each() {
        let mut points = [Vec2::ZERO; 32];
        let xf = Transform::from_translation(Vec2::new(0.0, 1.0));
        let count = outline(&Bar, xf, &mut points);
        assert_eq!(
            &points[..count],
            [Vec2::new(1.0, 1.0), Vec2::new(-1.0, 1.0)]
        );
    }

    #[test]
    fn an_empty_buffer_gets_nothing_and_bad_input_gives_nan() {
        assert_eq!(outline(&Disc, Transform::IDENTITY, &mut []), 0);
        let mut points = [Vec2::ZERO; 8];
        let nowhere = Transform::from_translation(Vec2::new(f64::NAN, 0.0));
        let count = outline(&Disc, nowhere, &mut points);
        assert!(count >= 1 && points[..count].iter().all(|p| p.x.is_nan()));
    }
}
