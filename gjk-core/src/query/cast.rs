//! The value types of the cast queries: a ray, a linear sweep of two shapes, and what a
//! cast hits. Each is generic over the [`Space`] (the plane by default).

use crate::{Scalar, Space, Vec2};

/// A ray: the points `origin + t * translation` for `t` in `[0, max_fraction]`.
///
/// `translation` sets both direction and length; fractions are measured in units of
/// it (Box2D's convention), so a segment from `p` to `q` is
/// `Ray::new(p, q - p)` with `max_fraction` 1.
///
/// ```
/// use gjk_core::{Ray, Vec2};
/// let ray = Ray::new(Vec2::new(-4.0_f32, 0.0), Vec2::new(8.0, 0.0));
/// assert_eq!(ray.point_at(0.5), Vec2::ZERO);
/// assert_eq!(ray.max_fraction, 1.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ray<S, V = Vec2<S>> {
    /// Where the ray starts.
    pub origin: V,
    /// Direction and length of the ray at fraction 1.
    pub translation: V,
    /// The largest fraction of `translation` the ray reaches (1 by default).
    pub max_fraction: S,
}

impl<S: Scalar, V: Space<Scalar = S>> Ray<S, V> {
    /// A ray from `origin` along all of `translation` (`max_fraction` 1).
    ///
    /// ```
    /// use gjk_core::{Ray, Vec2};
    /// let ray = Ray::new(Vec2::new(0.0_f64, 0.0), Vec2::new(0.0, 2.0));
    /// assert_eq!(ray.point_at(1.0), Vec2::new(0.0, 2.0));
    /// ```
    #[inline]
    pub fn new(origin: V, translation: V) -> Self {
        Self {
            origin,
            translation,
            max_fraction: S::ONE,
        }
    }

    /// The point at fraction `t`: `origin + t * translation`.
    ///
    /// ```
    /// use gjk_core::{Ray, Vec2};
    /// let ray = Ray::new(Vec2::new(1.0_f32, 1.0), Vec2::new(2.0, 0.0));
    /// assert_eq!(ray.point_at(0.25), Vec2::new(1.5, 1.0));
    /// ```
    #[inline]
    pub fn point_at(&self, fraction: S) -> V {
        self.origin + self.translation * fraction
    }
}

/// What a cast found.
///
/// ```
/// use gjk_core::{ray_cast, CastStatus, Ray, Transform, Vec2};
/// use gjk_shapes::Circle;
///
/// let disc = Circle::new(Vec2::ZERO, 1.0_f32)?;
/// let hit = ray_cast(&disc, Transform::IDENTITY, Ray::new(Vec2::new(-4.0, 0.0), Vec2::new(8.0, 0.0)));
/// assert_eq!((hit.status, hit.fraction, hit.point), (CastStatus::Hit, 0.375, Vec2::new(-1.0, 0.0)));
/// let miss = ray_cast(&disc, Transform::IDENTITY, Ray::new(Vec2::new(-4.0, 2.0), Vec2::new(8.0, 0.0)));
/// assert_eq!(miss.status, CastStatus::Miss);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CastStatus {
    /// The ray or the moving shapes reach the target at `fraction` (at most
    /// `max_fraction`), where `point` and `normal` describe the contact.
    Hit,
    /// Nothing is reached within `max_fraction`.
    Miss,
    /// The ray starts inside the shape, or the shapes start closer than the target
    /// separation: `fraction` is zero. The normal is zero when no direction is defined
    /// (the ray origin inside the core, overlapping cores).
    StartsInside,
    /// The iteration cap was reached; `fraction` is a lower bound of the hit fraction
    /// (the ray is known to be clear up to it).
    MaxIterations,
    /// An input was NaN or infinite, a radius negative, a rotation not unit length,
    /// `max_fraction` negative, or the reach `translation * max_fraction` beyond the
    /// range of the scalar type. Also the status of [`CastOutput::default`], a
    /// placeholder no query has written (there is no separate "not computed" status).
    InvalidInput,
}

/// The result of a cast query ([`ray_cast`](crate::ray_cast),
/// [`shape_cast`](crate::shape_cast)).
///
/// Points and normals are in world space.
///
/// Precision: `fraction` is exact up to rounding relative to the path, so the hit
/// point carries about `eps` times the larger of the ray's reach
/// (`translation * max_fraction`) and its distance from the shape. A shape smaller
/// than that, seen from far along a ray, is below what the ray can resolve: rays
/// passing a few of its sizes beside it may read as hits (in `f32`, a ray 1e23 long
/// against a circle of radius 0.5 passing 2 from its centre did, by every cast). Up
/// to a reach of about `1 / eps` sizes (1e6 in `f32`, 1e12 in `f64`, with a margin)
/// hits and misses are told apart and the fraction holds its bars; move the ray's
/// origin closer, or cast in `f64`, beyond that.
///
/// ```
/// use gjk_core::{ray_cast, CastStatus, Ray, Transform, Vec2};
/// use gjk_shapes::Circle;
///
/// let disc = Circle::new(Vec2::ZERO, 1.0_f32)?;
/// let hit = ray_cast(&disc, Transform::IDENTITY, Ray::new(Vec2::new(-4.0, 0.0), Vec2::new(8.0, 0.0)));
/// assert_eq!((hit.status, hit.fraction, hit.point), (CastStatus::Hit, 0.375, Vec2::new(-1.0, 0.0)));
/// let miss = ray_cast(&disc, Transform::IDENTITY, Ray::new(Vec2::new(-4.0, 2.0), Vec2::new(8.0, 0.0)));
/// assert_eq!(miss.status, CastStatus::Miss);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[must_use]
pub struct CastOutput<S, V = Vec2<S>> {
    /// Fraction of the translation at the first contact (zero when starting inside,
    /// `max_fraction` on a miss).
    pub fraction: S,
    /// The contact point: on the shape's surface for a ray; for a shape cast, on A's
    /// surface at the time of contact (and the target separation away from B's).
    pub point: V,
    /// Unit surface normal at the contact: against the ray for a ray cast; from A
    /// towards B for a shape cast. Zero on a miss and when no direction is defined.
    pub normal: V,
    /// GJK iterations (support calls).
    pub iterations: u32,
    /// What the cast found.
    pub status: CastStatus,
}

impl<S: Scalar, V: Space<Scalar = S>> CastOutput<S, V> {
    /// Whether the cast reached the target (`status == Hit`).
    ///
    /// ```
    /// use gjk_core::{CastOutput, CastStatus, Vec2};
    /// let miss = CastOutput::<f32> {
    ///     fraction: 1.0,
    ///     point: Vec2::ZERO,
    ///     normal: Vec2::ZERO,
    ///     iterations: 2,
    ///     status: CastStatus::Miss,
    /// };
    /// assert!(!miss.is_hit());
    /// ```
    #[inline]
    pub fn is_hit(&self) -> bool {
        self.status == CastStatus::Hit
    }

    /// Whether the cast found contact within `max_fraction`: a hit, or a start
    /// inside ([`CastStatus::StartsInside`], fraction zero). Box2D's single `hit`
    /// flag; [`is_hit`](Self::is_hit) is the hit proper. A miss, the iteration cap
    /// and invalid input are no contact.
    ///
    /// ```
    /// use gjk_core::{CastStatus, Ray, Transform, Vec2, ray_cast};
    /// # use gjk_core::{FeatureId, RayShape, Support, SupportPoint};
    /// # struct Dot;
    /// # impl Support<f32> for Dot {
    /// #     fn support(&self, _d: Vec2<f32>) -> SupportPoint<f32> { SupportPoint::new(Vec2::ZERO, FeatureId::vertex(0)) }
    /// #     fn radius(&self) -> f32 { 1.0 }
    /// # }
    /// # impl RayShape<f32> for Dot {}
    /// let inside = ray_cast(&Dot, Transform::IDENTITY, Ray::new(Vec2::ZERO, Vec2::X));
    /// assert_eq!(inside.status, CastStatus::StartsInside);
    /// assert!(inside.has_contact() && !inside.is_hit());
    /// let through = ray_cast(&Dot, Transform::IDENTITY, Ray::new(Vec2::new(-3.0, 0.0), Vec2::new(4.0, 0.0)));
    /// assert!(through.has_contact() && through.is_hit());
    /// ```
    #[inline]
    pub fn has_contact(&self) -> bool {
        matches!(self.status, CastStatus::Hit | CastStatus::StartsInside)
    }
}

/// The output of no cast: [`CastStatus::InvalidInput`], with a NaN fraction and NaN
/// point, a zero normal and zero iterations, what [`ray_cast`](crate::ray_cast) and
/// [`shape_cast`](crate::shape_cast) return when they reject their input before
/// iterating. A placeholder to
/// fill a buffer with before a batch query writes it: a slot the query never reached
/// reads as "no answer", never as a miss or a hit at fraction zero.
///
/// ```
/// use gjk_core::{CastOutput, CastStatus, Vec2};
/// let blank = CastOutput::<f64>::default();
/// assert_eq!(blank.status, CastStatus::InvalidInput);
/// assert!(blank.fraction.is_nan() && blank.point.y.is_nan());
/// assert_eq!((blank.normal, blank.iterations), (Vec2::ZERO, 0));
/// assert!(!blank.is_hit());
/// ```
impl<S: Scalar, V: Space<Scalar = S>> Default for CastOutput<S, V> {
    #[inline]
    fn default() -> Self {
        crate::kernel::cast::invalid_output(0)
    }
}

/// Two shapes moving in straight lines, for [`shape_cast`](crate::shape_cast): A by
/// `translation_a` and B by `translation_b` over fractions `[0, max_fraction]`.
///
/// The cast finds the first fraction at which the rounded shapes come within
/// `target_separation` of each other (zero: first touch).
///
/// ```
/// use gjk_core::{ShapeCastInput, Vec2};
/// let cast = ShapeCastInput::moving_b(Vec2::new(-2.0_f32, 0.0));
/// assert_eq!(cast.translation_a, Vec2::ZERO);
/// assert_eq!(cast.relative_translation(), Vec2::new(-2.0, 0.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShapeCastInput<S, V = Vec2<S>> {
    /// How far A moves at fraction 1.
    pub translation_a: V,
    /// How far B moves at fraction 1.
    pub translation_b: V,
    /// The largest fraction considered (1 by default).
    pub max_fraction: S,
    /// Gap between the rounded surfaces that counts as contact (0 by default; must not
    /// be negative).
    pub target_separation: S,
}

impl<S: Scalar, V: Space<Scalar = S>> ShapeCastInput<S, V> {
    /// A still and B moving by `translation_b`, to first touch, over fractions `[0, 1]`.
    ///
    /// ```
    /// use gjk_core::{ShapeCastInput, Vec2};
    /// let cast = ShapeCastInput::moving_b(Vec2::new(0.0_f64, 3.0));
    /// assert_eq!(cast.target_separation, 0.0);
    /// ```
    #[inline]
    pub fn moving_b(translation_b: V) -> Self {
        Self::moving(V::ZERO, translation_b)
    }

    /// Both shapes moving, to first touch, over fractions `[0, 1]`.
    ///
    /// ```
    /// use gjk_core::{ShapeCastInput, Vec2};
    /// let cast = ShapeCastInput::moving(Vec2::new(1.0_f32, 0.0), Vec2::new(-1.0, 0.0));
    /// assert_eq!(cast.relative_translation(), Vec2::new(-2.0, 0.0));
    /// ```
    #[inline]
    pub fn moving(translation_a: V, translation_b: V) -> Self {
        Self {
            translation_a,
            translation_b,
            max_fraction: S::ONE,
            target_separation: S::ZERO,
        }
    }

    /// B's motion as seen from A: `translation_b - translation_a`.
    ///
    /// ```
    /// use gjk_core::{ShapeCastInput, Vec2};
    /// let cast = ShapeCastInput::moving(Vec2::new(0.5_f32, 0.0), Vec2::ZERO);
    /// assert_eq!(cast.relative_translation(), Vec2::new(-0.5, 0.0));
    /// ```
    #[inline]
    pub fn relative_translation(&self) -> V {
        self.translation_b - self.translation_a
    }
}
