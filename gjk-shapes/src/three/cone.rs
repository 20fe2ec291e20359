//! `Cone`: a solid circular cone along the local z axis.

use gjk_core::{Aabb3, Bounded, FeatureId, RayShape, Scalar, Support, SupportPoint, Vec3};

use crate::ShapeError;
use crate::three::cylinder::{CAP_VERTICES, cap_rim, rim_point};
use gjk_core::{ContactShape, SupportFace};

/// A solid cone centred on its bounding box, as [`Cylinder`](crate::Cylinder) is:
/// apex at `(0, 0, h)`, base disc of radius `r` at `z = -h` (`h` the half-height).
/// Its centroid is at `z = -h / 2`, not the origin.
///
/// The apex is a fixed point of the core, feature `vertex(0)`: GJK may stop exactly
/// on it, and [`feature_point`](Support::feature_point) rebuilds it. Points of the base
/// rim are [`FeatureId::SMOOTH`].
///
/// ```
/// use gjk_core::{FeatureId, Support, Vec3};
/// use gjk_shapes::Cone;
///
/// let cone = Cone::new(1.0_f64, 0.5)?;
/// assert_eq!(cone.support(Vec3::Z).point, Vec3::new(0.0, 0.0, 1.0));
/// assert_eq!(cone.support(Vec3::Z).feature, FeatureId::vertex(0));
/// let rim = cone.support(Vec3::new(0.0, -1.0, 0.0));
/// assert_eq!((rim.point, rim.feature), (Vec3::new(0.0, -0.5, -1.0), FeatureId::SMOOTH));
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cone<S> {
    half_height: S,
    radius: S,
}

impl<S: Scalar> Cone<S> {
    /// A cone of half-height `half_height` (apex at `+h`, base at `-h`) and base radius
    /// `radius`.
    ///
    /// Errors: [`ShapeError::NonFinite`] for a NaN or infinite size, or a height
    /// `2 h` that overflows; [`ShapeError::NonPositiveExtent`] for a size `<= 0`.
    ///
    /// ```
    /// use gjk_shapes::{Cone, ShapeError};
    /// assert!(Cone::new(1.0_f32, 0.5).is_ok());
    /// assert_eq!(Cone::new(-1.0_f32, 0.5), Err(ShapeError::NonPositiveExtent));
    /// assert_eq!(Cone::new(1.0_f32, f32::NAN), Err(ShapeError::NonFinite));
    /// ```
    pub fn new(half_height: S, radius: S) -> Result<Self, ShapeError> {
        if !(half_height + half_height).is_finite() || !(radius + radius).is_finite() {
            return Err(ShapeError::NonFinite);
        }
        if !(half_height > S::ZERO && radius > S::ZERO) {
            return Err(ShapeError::NonPositiveExtent);
        }
        Ok(Self {
            half_height,
            radius,
        })
    }

    /// The half-height `h`: the apex is at `z = h`, the base at `z = -h`.
    ///
    /// ```
    /// assert_eq!(gjk_shapes::Cone::new(1.0_f32, 0.5)?.half_height(), 1.0);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn half_height(&self) -> S {
        self.half_height
    }

    /// The radius of the base.
    ///
    /// ```
    /// assert_eq!(gjk_shapes::Cone::new(1.0_f32, 0.5)?.radius(), 0.5);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn radius(&self) -> S {
        self.radius
    }

    /// The apex `(0, 0, h)`, feature `vertex(0)`.
    ///
    /// ```
    /// use gjk_core::Vec3;
    /// assert_eq!(gjk_shapes::Cone::new(2.0_f32, 0.5)?.apex(), Vec3::new(0.0, 0.0, 2.0));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    pub fn apex(&self) -> Vec3<S> {
        Vec3::new(S::ZERO, S::ZERO, self.half_height)
    }

    /// The farther of the apex and the base rim along `direction`, the larger of
    /// `h d_z` and `r |d_xy| - h d_z` (the apex on ties).
    #[inline]
    fn farther_end(&self, direction: Vec3<S>) -> SupportPoint<S, Vec3<S>> {
        let (h, r) = (self.half_height, self.radius);
        let apex = SupportPoint::new(self.apex(), FeatureId::vertex(0));
        let largest = direction.max_abs();
        let has_direction = largest > S::ZERO && direction.is_finite();
        if !has_direction {
            return apex;
        }
        // Only the direction matters: divide by the largest coordinate so that the
        // products below neither overflow nor underflow (`hypot` of two coordinates
        // at most one keeps its digits), whatever the length of `direction`.
        let d = direction / largest;
        // The apex reaches `h d_z`, the rim `r |d_xy| - h d_z`; compare their
        // difference with zero. `2 h` is finite (checked in `new`).
        let apex_wins = (h + h) * d.z >= r * d.x.hypot(d.y);
        if apex_wins {
            return apex;
        }
        let rim = rim_point(d.x, d.y, r);
        SupportPoint::new(Vec3::new(rim.x, rim.y, -h), FeatureId::SMOOTH)
    }
}

impl<S: Scalar> Support<S, Vec3<S>> for Cone<S> {
    /// The apex or a base rim point, in closed form: the rim point is
    /// `(r d_xy / |d_xy|, -h)` (`(r, 0, -h)` when `d_xy` is zero, a direction straight
    /// down, which supports the whole base). Ties between apex and rim, and zero, NaN
    /// and infinite directions, give the apex.
    #[inline]
    fn support(&self, direction: Vec3<S>) -> SupportPoint<S, Vec3<S>> {
        self.farther_end(direction)
    }

    #[inline]
    fn feature_point(&self, feature: FeatureId) -> Option<Vec3<S>> {
        (feature == FeatureId::vertex(0)).then(|| self.apex())
    }
}

impl<S: Scalar> Bounded<S, Vec3<S>> for Cone<S> {
    /// `[-r, r] x [-r, r] x [-h, h]`. Placed boxes ([`aabb`](Bounded::aabb)) take the
    /// default: six support points, each in closed form.
    #[inline]
    fn local_aabb(&self) -> Aabb3<S> {
        let half = Vec3::new(self.radius, self.radius, self.half_height);
        Aabb3::new(-half, half)
    }
}

/// No closed-form ray cast yet: `ray_cast` takes the GJK ray cast.
impl<S: Scalar> RayShape<S, Vec3<S>> for Cone<S> {}

/// The base (id 0: the octagon of eight rim points, counter-clockwise
/// seen from below, vertex ids 1 to 8) for directions within 45 degrees of straight
/// down; the side's segment from the apex (vertex id 0) to the rim point under the
/// direction (vertex id 9) for directions within 45 degrees of that line's normal, a
/// cone lying on a face; `None` (a single point) otherwise, the apex.
impl<S: Scalar> ContactShape<S, Vec3<S>> for Cone<S> {
    #[inline]
    fn support_face(&self, direction: Vec3<S>) -> Option<SupportFace<S>> {
        let (h, r) = (self.half_height, self.radius);
        let across = direction.x.hypot(direction.y);
        if -direction.z >= across {
            return Some(SupportFace::Polygon {
                id: 0,
                vertex_count: CAP_VERTICES,
                normal: -Vec3::Z,
            });
        }
        let rim = rim_point(direction.x, direction.y, r);
        let rim = Vec3::new(rim.x, rim.y, -h);
        let apex = self.apex();
        let side = apex - rim;
        // The side line supports directions perpendicular to it; within 45 degrees of
        // that (|cos| at most sin 45), it is the face.
        let limit =
            S::from_f64(core::f64::consts::FRAC_1_SQRT_2) * side.length() * direction.length();
        // Written so that NaN fails.
        let supports_the_side = direction.dot(side).abs() <= limit;
        if !supports_the_side {
            return None;
        }
        Some(SupportFace::Segment(
            SupportPoint::new(apex, FeatureId::vertex(0)),
            SupportPoint::new(rim, FeatureId::vertex(CAP_VERTICES + 1)),
        ))
    }

    #[inline]
    fn face_vertex(&self, face: u32, corner: u32) -> Option<SupportPoint<S, Vec3<S>>> {
        if face != 0 || corner >= CAP_VERTICES {
            return None;
        }
        let k = (CAP_VERTICES - corner) % CAP_VERTICES;
        let (x, y) = cap_rim(k, self.radius);
        Some(SupportPoint::new(
            Vec3::new(x, y, -self.half_height),
            FeatureId::vertex(1 + k),
        ))
    }
}

#[cfg(test)]
mod tests {
    use gjk_core::Transform3;

    use super::*;
    use crate::testing::{
        DEGENERATE_DIRECTIONS3, DIRECTIONS3, aabb_by_support3, aabb3_close, placements3,
        random_directions3, reaches_farthest,
    };

    const SAMPLES: usize = 4000;

    fn cone() -> Cone<f64> {
        Cone::new(1.5, 0.75).unwrap()
    }

    /// The apex and `SAMPLES` points of the base rim.
    fn outline(c: Cone<f64>) -> impl Iterator<Item = Vec3<f64>> {
        let (h, r) = (c.half_height(), c.radius());
        core::iter::once(c.apex()).chain((0..SAMPLES).map(move |k| {
            let t = core::f64::consts::TAU * k as f64 / SAMPLES as f64;
            Vec3::new(r * t.cos(), r * t.sin(), -h)
        }))
    }

    #[test]
    fn cone_rejects_non_finite_and_non_positive_sizes() {
        assert_eq!(Cone::new(f64::INFINITY, 1.0), Err(ShapeError::NonFinite));
        assert_eq!(Cone::new(f64::MAX, 1.0), Err(ShapeError::NonFinite));
        assert_eq!(Cone::new(1.0, f64::NAN), Err(ShapeError::NonFinite));
        assert_eq!(Cone::new(1.0, 0.0), Err(ShapeError::NonPositiveExtent));
        assert_eq!(Cone::new(-0.0, 1.0), Err(ShapeError::NonPositiveExtent));
    }

    #[test]
    fn cone_support_beats_dense_outline_samples_and_lies_on_the_outline() {
        for c in [
            cone(),
            Cone::new(0.01, 5.0).unwrap(),
            Cone::new(5.0, 0.01).unwrap(),
        ] {
            let slack = c.radius() * (core::f64::consts::PI / SAMPLES as f64).powi(2);
            for d in DIRECTIONS3.into_iter().chain(random_directions3(17, 100)) {
                let support = c.support(d);
                assert!(
                    reaches_farthest(support.point, outline(c), d, slack),
                    "{d:?}"
                );
                let p = support.point;
                if support.feature == FeatureId::vertex(0) {
                    assert_eq!(p, c.apex());
                    assert_eq!(c.feature_point(support.feature), Some(p));
                } else {
                    assert_eq!(support.feature, FeatureId::SMOOTH);
                    assert!((p.x.hypot(p.y) - c.radius()).abs() < 1e-15);
                    assert_eq!(p.z, -c.half_height());
                }
            }
        }
    }

    #[test]
    fn cone_ties_go_to_the_apex_and_degenerate_directions_too() {
        // Along the slant's outward normal (2 h, r) in the xz plane, up to scale,
        // the apex and the rim point (r, 0, -h) tie exactly: 2 h d_z = r |d_xy|.
        let c = Cone::new(1.0, 2.0).unwrap();
        assert_eq!(
            c.support(Vec3::new(1.0, 0.0, 1.0)).feature,
            FeatureId::vertex(0)
        );
        assert_eq!(
            c.support(Vec3::new(1.0, 0.0, 0.99)).feature,
            FeatureId::SMOOTH
        );
        for d in DEGENERATE_DIRECTIONS3 {
            assert_eq!(c.support(d).point, c.apex());
        }
        assert_eq!(c.support(-Vec3::Z).point, Vec3::new(2.0, 0.0, -1.0));
        let unit = c.support(Vec3::new(3.0, 4.0, -1.0)).point;
        assert_eq!(c.support(Vec3::new(3e-320, 4e-320, -1e-320)).point, unit);
        assert_eq!(c.support(Vec3::new(3e300, 4e300, -1e300)).point, unit);
        assert_eq!(c.feature_point(FeatureId::SMOOTH), None);
        assert_eq!(c.feature_point(FeatureId::vertex(1)), None);
    }

    #[test]
    fn cone_works_in_f32() {
        let c = Cone::new(1e-30_f32, 1e30).unwrap();
        let p = c.support(Vec3::new(1e-40, 0.0, 1.0)).point;
        assert!(p.is_finite());
        assert_eq!(p, Vec3::new(1e30, 0.0, -1e-30));
        assert_eq!(c.support(Vec3::new(0.0, 0.0, 1e30)).point, c.apex());
    }

    #[test]
    fn cone_local_aabb_is_its_box_and_placed_boxes_come_from_support() {
        let c = cone();
        assert_eq!(c.local_aabb(), aabb_by_support3(&c, Transform3::IDENTITY));
        for transform in placements3() {
            assert!(aabb3_close(
                c.aabb(transform),
                aabb_by_support3(&c, transform),
                1e-12
            ));
        }
    }
}
