//! `ray_cast`: where a ray first meets a convex shape, by the shape's analytic cast or
//! by GJK on its support function (`support_ray_cast`), in either dimension.

use crate::kernel::profile::erase;
use crate::query::point::QueryPoint;
use crate::query::shape_cast::{cast_shapes, with_exact_starting_normal};
use crate::{CastOutput, Ray, RayShape, RigidTransform, Scalar, ShapeCastInput, Space, Support};

/// Where a ray first meets a convex shape (its rounded surface included).
///
/// A shape with a closed-form cast answers through its
/// [`RayShape::analytic_ray_cast`] (gjk-shapes' polygons, boxes, circles, capsules,
/// segments, points and ellipses do: about four times faster than GJK on an octagon;
/// in 3D its spheres, capsules and cuboids);
/// every other shape takes [`support_ray_cast`], the GJK ray cast on its support
/// function. Both follow the conventions below.
///
/// - [`CastStatus::Hit`](crate::CastStatus::Hit): `fraction` of `ray.translation`,
///   `point = ray.point_at(fraction)` on the surface, `normal` the outward unit surface
///   normal there (against the ray).
/// - [`CastStatus::StartsInside`](crate::CastStatus::StartsInside): the origin is inside
///   the rounded shape; `fraction` is zero, `point` the origin, and `normal` the
///   outward normal of the rounding when the origin lies in it (zero inside the core).
/// - [`CastStatus::Miss`](crate::CastStatus::Miss): no hit within `ray.max_fraction`,
///   including every zero-length ray that starts outside; `normal` and `point` zero.
/// - [`CastStatus::MaxIterations`](crate::CastStatus::MaxIterations): the cap; the ray
///   is clear up to `fraction`.
/// - [`CastStatus::InvalidInput`](crate::CastStatus::InvalidInput): NaN or infinite
///   input, a negative `max_fraction` or radius, a rotation that is not unit length, or
///   a reach `translation * max_fraction` that overflows (no point at its far end is
///   representable).
///
/// Precision: the hit point lies on the surface to a few rounding errors of the
/// shape's size and position (its backward error). Where along the ray it lies is that
/// error divided by the sine of the angle at which the ray meets the surface: a ray
/// that grazes a surface at 1e-5 radians has its hit uncertain along the ray by 1e5
/// times the rounding of the surface, whichever cast computes it (a shape's analytic
/// cast rounds the surface less; it cannot change the conditioning). Rays, sizes and
/// distances from 1e-37 to 1e37 (`f32`) are all computed at a scale where their
/// squares keep their digits (see [`Scalar::RESCALE_BELOW`]).
///
/// ```
/// use gjk_core::{ray_cast, CastStatus, FeatureId, Ray, RayShape, Support, SupportPoint, Transform, Vec2};
///
/// /// A circle of radius 1: a point core with a radius.
/// struct Ball;
/// impl Support<f64> for Ball {
///     fn support(&self, _d: Vec2<f64>) -> SupportPoint<f64> {
///         SupportPoint::new(Vec2::ZERO, FeatureId::vertex(0))
///     }
///     fn radius(&self) -> f64 { 1.0 }
/// }
/// // No closed form of its own: `ray_cast` runs the GJK ray cast.
/// impl RayShape<f64> for Ball {}
///
/// // Box2D's case: from (-4, 0) along (8, 0) against the circle at (1, 0).
/// let ray = Ray::new(Vec2::new(-4.0, 0.0), Vec2::new(8.0, 0.0));
/// let out = ray_cast(&Ball, Transform::from_translation(Vec2::new(1.0, 0.0)), ray);
/// assert_eq!(out.status, CastStatus::Hit);
/// assert!((out.fraction - 0.5).abs() < 1e-15);
/// assert!((out.normal - Vec2::new(-1.0, 0.0)).length() < 1e-15);
/// ```
///
/// With gjk-shapes' shapes: a polygon answers in closed form (zero iterations), a
/// rounded polygon by the GJK ray cast.
///
/// ```
/// use gjk_core::{ray_cast, CastStatus, Ray, Transform, Vec2};
/// use gjk_shapes::{Polygon, Rounded};
///
/// let square = Polygon::<f32, 8>::new(&[
///     Vec2::new(-1.0, -1.0), Vec2::new(1.0, -1.0), Vec2::new(1.0, 1.0), Vec2::new(-1.0, 1.0),
/// ])?;
/// let ray = Ray::new(Vec2::new(-4.0, 0.0), Vec2::new(8.0, 0.0));
/// let sharp = ray_cast(&square, Transform::IDENTITY, ray);
/// assert_eq!((sharp.status, sharp.fraction, sharp.iterations), (CastStatus::Hit, 0.375, 0));
/// let rounded = ray_cast(&Rounded::new(square, 0.5)?, Transform::IDENTITY, ray);
/// assert!((rounded.fraction - 0.3125).abs() < 1e-6 && rounded.iterations > 0);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
///
/// In 3D: a cuboid answers in closed form, a cylinder by the GJK ray cast.
///
/// ```
/// use gjk_core::{ray_cast, CastStatus, Ray, Transform3, Vec3};
/// use gjk_shapes::{Cuboid, Cylinder};
///
/// let down = Ray::new(Vec3::new(0.25_f64, 0.0, 5.0), Vec3::new(0.0, 0.0, -8.0));
/// let slab = ray_cast(&Cuboid::new(Vec3::new(1.0, 1.0, 1.0))?, Transform3::IDENTITY, down);
/// assert_eq!((slab.status, slab.fraction, slab.normal, slab.iterations), (CastStatus::Hit, 0.5, Vec3::Z, 0));
/// let drum = ray_cast(&Cylinder::new(1.0, 0.5)?, Transform3::IDENTITY, down);
/// assert!((drum.fraction - 0.5).abs() < 1e-15 && drum.iterations > 0);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[inline]
pub fn ray_cast<S, V, T>(shape: &T, xf: V::Transform, ray: Ray<S, V>) -> CastOutput<S, V>
where
    S: Scalar,
    V: Space<Scalar = S>,
    T: RayShape<S, V> + ?Sized,
{
    match shape.analytic_ray_cast(xf, ray) {
        Some(out) => out,
        None => support_ray_cast(shape, xf, ray),
    }
}

/// Where a ray first meets a convex shape, by the GJK ray cast on its support function
/// alone, whether or not the shape has an analytic cast: [`ray_cast`] for shapes
/// without one, and the fallback a [`RayShape::analytic_ray_cast`] calls where its
/// closed form is ill-conditioned.
///
/// The ray is the linear cast of a point against the shape, so this is
/// [`shape_cast`](crate::shape_cast) with a point as B, run by the same loop: exact
/// fractions with no slop, the radius handled analytically (the support points stay
/// on the core), `iterations` the support calls it took. gjk-simd's lanes compute it
/// bit for bit. The statuses and precision are those of [`ray_cast`].
///
/// ```
/// use gjk_core::{support_ray_cast, CastStatus, FeatureId, Ray, Support, SupportPoint, Transform, Vec2};
///
/// /// The segment from (-1, 0) to (1, 0).
/// struct Bar;
/// impl Support<f64> for Bar {
///     fn support(&self, d: Vec2<f64>) -> SupportPoint<f64> {
///         let right = d.x >= 0.0;
///         SupportPoint::new(Vec2::new(if right { 1.0 } else { -1.0 }, 0.0), FeatureId::vertex(u32::from(right)))
///     }
/// }
///
/// let ray = Ray::new(Vec2::new(0.5, 2.0), Vec2::new(0.0, -4.0));
/// let out = support_ray_cast(&Bar, Transform::IDENTITY, ray);
/// assert_eq!(out.status, CastStatus::Hit);
/// assert_eq!(out.fraction, 0.5);
/// assert!(out.iterations > 0);
/// ```
pub fn support_ray_cast<S, V, T>(shape: &T, xf: V::Transform, ray: Ray<S, V>) -> CastOutput<S, V>
where
    S: Scalar,
    V: Space<Scalar = S>,
    T: Support<S, V> + ?Sized,
{
    let xf_origin = V::Transform::from_translation(ray.origin);
    // The ray is the shape cast of its origin point, with the same checks and
    // arithmetic in the same order as a cast of B's point (B's motion
    // `translation - 0`, the target `radius + 0 + 0`), so the same bits; on hosted
    // targets the point's zeros fold away.
    let cast = ShapeCastInput {
        translation_a: V::ZERO,
        translation_b: ray.translation,
        max_fraction: ray.max_fraction,
        target_separation: S::ZERO,
    };
    let (shape, origin) = (erase!(shape), erase!(&QueryPoint));
    let out = cast_shapes(shape, xf, origin, xf_origin, &cast, Some(&ray));
    with_exact_starting_normal(out, shape, xf, origin, xf_origin)
}
