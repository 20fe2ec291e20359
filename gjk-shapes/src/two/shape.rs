//! `Shape`: any one of the concrete shapes an engine keeps in a mixed scene, as one
//! `Copy` value type.

use gjk_core::{
    Aabb, Bounded, CastOutput, ContactShape, FeatureId, PointProjection, Ray, RayShape, Scalar,
    Support, SupportEdge, SupportPoint, Transform, Vec2, project_point, ray_cast,
};

use crate::{Capsule, Circle, Ellipse, Point, Polygon, Rect, Rounded, Segment};

/// The vertex capacity of the polygons a [`Shape`] holds: 8, Box2D's
/// `B2_MAX_POLYGON_VERTICES`, and the most vertices a `gjk-simd` lane holds, so that
/// every polygon of a `Shape` fits a lane.
///
/// ```
/// use gjk_shapes::{Polygon, SHAPE_POLYGON_CAPACITY, Shape};
/// let octagon = Polygon::<f32, SHAPE_POLYGON_CAPACITY>::regular(8, 1.0)?;
/// assert!(matches!(Shape::from(octagon), Shape::Polygon(_)));
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
pub const SHAPE_POLYGON_CAPACITY: usize = 8;

/// One of the concrete shapes of this crate, chosen at run time: what an engine keeps
/// per collider when a scene mixes circles, boxes, polygons and capsules, so that
/// every pair goes through the same generic queries.
///
/// Every answer is the wrapped shape's, bit for bit: support points, feature ids,
/// radius, feature points, bounding boxes, support edges, and so every query
/// (`distance`, `ray_cast`, `manifold`, ...) returns what it returns on the wrapped
/// shape. The dispatch is a `match`, resolved without a vtable.
///
/// The combinators [`Transformed`](crate::Transformed), [`Hull`](crate::Hull) and
/// [`MinkowskiSum`](crate::MinkowskiSum) are generic over their parts and have no
/// variant; wrap a `Shape` in them where needed. For `gjk-simd` lanes, build boxes as
/// `Polygon::from_rect` rather than [`Rect`]: a lane computes a polygon's support
/// exactly as [`Polygon`] does, but not as [`Rect`] does on ties (see `gjk-simd`'s
/// `PackError::UnsupportedShape`).
///
/// ```
/// use gjk_core::{distance, DistanceStatus, Support, Transform, Vec2};
/// use gjk_shapes::{Capsule, Circle, Polygon, Rect, Shape};
///
/// let scene: [Shape; 3] = [
///     Circle::new(Vec2::ZERO, 0.5)?.into(),
///     Rect::new(Vec2::new(1.0, 0.5))?.into(),
///     Capsule::new(Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0), 0.25)?.into(),
/// ];
/// let at = |x: f32| Transform::from_translation(Vec2::new(x, 0.0));
/// let out = distance(&scene[0], at(0.0), &scene[1], at(3.0));
/// assert_eq!(out.status, DistanceStatus::Separated);
/// assert_eq!(out.distance, 1.5);
/// // The same bits as the query on the wrapped shapes.
/// let circle = Circle::new(Vec2::ZERO, 0.5_f32)?;
/// let rect = Rect::new(Vec2::new(1.0_f32, 0.5))?;
/// assert_eq!(out, distance(&circle, at(0.0), &rect, at(3.0)));
/// assert_eq!(scene[2].radius(), 0.25);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Shape<S: Scalar = f32> {
    /// A single point.
    Point(Point<S>),
    /// A disc: a point core with a radius.
    Circle(Circle<S>),
    /// A centred, axis-aligned ellipse.
    Ellipse(Ellipse<S>),
    /// A line segment.
    Segment(Segment<S>),
    /// A segment core with a radius.
    Capsule(Capsule<S>),
    /// A centred box.
    Rect(Rect<S>),
    /// A convex polygon of up to [`SHAPE_POLYGON_CAPACITY`] vertices.
    Polygon(Polygon<S, SHAPE_POLYGON_CAPACITY>),
    /// A convex polygon of up to [`SHAPE_POLYGON_CAPACITY`] vertices with a radius.
    RoundedPolygon(Rounded<S, Polygon<S, SHAPE_POLYGON_CAPACITY>>),
    /// An ellipse with a radius.
    RoundedEllipse(Rounded<S, Ellipse<S>>),
}

/// Evaluates `$body` with `$inner` bound to a reference to the wrapped shape, whatever
/// the variant: one arm per variant, each compiled for its own type.
macro_rules! with_inner {
    ($shape:expr, $inner:ident => $body:expr) => {
        match $shape {
            Shape::Point($inner) => $body,
            Shape::Circle($inner) => $body,
            Shape::Ellipse($inner) => $body,
            Shape::Segment($inner) => $body,
            Shape::Capsule($inner) => $body,
            Shape::Rect($inner) => $body,
            Shape::Polygon($inner) => $body,
            Shape::RoundedPolygon($inner) => $body,
            Shape::RoundedEllipse($inner) => $body,
        }
    };
}

impl<S: Scalar> Shape<S> {
    /// Where a ray first meets the shape placed by `xf`: the wrapped shape's analytic
    /// `ray_cast` ([`Circle::ray_cast`], [`Polygon::ray_cast`], ...), bit for bit.
    ///
    /// The rounded variants have no closed form here (a rounded polygon is bounded by
    /// segments and arcs, a rounded ellipse by an offset curve of degree eight) and
    /// take the generic GJK ray cast, [`gjk_core::ray_cast`], which is exact to its
    /// convergence gap and reports its iterations; the other variants report zero
    /// iterations. The statuses and conventions are the same (see [`CastOutput`]).
    ///
    /// ```
    /// use gjk_core::{CastStatus, Ray, Transform, Vec2};
    /// use gjk_shapes::{Rect, Shape};
    ///
    /// let rect = Rect::new(Vec2::new(1.0_f32, 1.0))?;
    /// let ray = Ray::new(Vec2::new(-4.0, 0.0), Vec2::new(8.0, 0.0));
    /// let out = Shape::from(rect).ray_cast(Transform::IDENTITY, ray);
    /// assert_eq!((out.status, out.fraction), (CastStatus::Hit, 0.375));
    /// assert_eq!(out, rect.ray_cast(Transform::IDENTITY, ray));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn ray_cast(&self, xf: Transform<S>, ray: Ray<S>) -> CastOutput<S> {
        ray_cast(self, xf, ray)
    }

    /// The point of the shape's surface (placed by `xf`) nearest `point`, its signed
    /// distance and the outward normal: the wrapped shape's closed form
    /// ([`Circle::project_point`], [`Polygon::project_point`], ...) where it has one,
    /// the generic query ([`gjk_core::project_point`], GJK outside and EPA inside) for
    /// the rounded variants. The conventions are the same (see
    /// [`PointProjection`]).
    ///
    /// ```
    /// use gjk_core::{PointStatus, Transform, Vec2};
    /// use gjk_shapes::{Ellipse, Rect, Shape};
    ///
    /// let rect = Shape::from(Rect::new(Vec2::new(1.0_f64, 1.0))?);
    /// let out = rect.project_point(Transform::IDENTITY, Vec2::new(3.0, 0.0));
    /// assert_eq!((out.status, out.signed_distance), (PointStatus::Outside, 2.0));
    /// let ellipse = Shape::from(Ellipse::new(Vec2::new(2.0_f64, 1.0))?);
    /// let inside = ellipse.project_point(Transform::IDENTITY, Vec2::new(0.0, 0.5));
    /// assert!((inside.signed_distance + 0.5).abs() < 1e-12);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn project_point(&self, xf: Transform<S>, point: Vec2<S>) -> PointProjection<S> {
        match self {
            Shape::Point(shape) => shape.project_point(xf, point),
            Shape::Circle(shape) => shape.project_point(xf, point),
            Shape::Segment(shape) => shape.project_point(xf, point),
            Shape::Capsule(shape) => shape.project_point(xf, point),
            Shape::Rect(shape) => shape.project_point(xf, point),
            Shape::Polygon(shape) => shape.project_point(xf, point),
            Shape::Ellipse(shape) => shape.project_point(xf, point),
            Shape::RoundedPolygon(_) | Shape::RoundedEllipse(_) => project_point(self, xf, point),
        }
    }
}

/// The wrapped shape's answers, unchanged.
impl<S: Scalar> Support<S> for Shape<S> {
    #[inline]
    fn support(&self, direction: Vec2<S>) -> SupportPoint<S> {
        with_inner!(self, shape => shape.support(direction))
    }

    #[inline]
    fn radius(&self) -> S {
        with_inner!(self, shape => Support::radius(shape))
    }

    #[inline]
    fn feature_point(&self, feature: FeatureId) -> Option<Vec2<S>> {
        with_inner!(self, shape => shape.feature_point(feature))
    }
}

impl<S: Scalar> Bounded<S> for Shape<S> {
    #[inline]
    fn local_aabb(&self) -> Aabb<S> {
        with_inner!(self, shape => shape.local_aabb())
    }

    #[inline]
    fn aabb(&self, transform: Transform<S>) -> Aabb<S> {
        with_inner!(self, shape => shape.aabb(transform))
    }
}

/// The variant's closed-form cast; `None` for the rounded variants, which take the
/// GJK ray cast.
impl<S: Scalar> RayShape<S> for Shape<S> {
    #[inline]
    fn analytic_ray_cast(&self, transform: Transform<S>, ray: Ray<S>) -> Option<CastOutput<S>> {
        with_inner!(self, shape => shape.analytic_ray_cast(transform, ray))
    }
}

/// The wrapped shape's edge: every variant is a [`ContactShape`] (points and curved
/// cores answer `None`).
impl<S: Scalar> ContactShape<S> for Shape<S> {
    #[inline]
    fn support_edge(&self, direction: Vec2<S>) -> Option<SupportEdge<S>> {
        with_inner!(self, shape => shape.support_edge(direction))
    }
}

/// `From` each wrapped type, so that `shape.into()` builds the variant.
macro_rules! from_variant {
    ($($variant:ident($wrapped:ty)),* $(,)?) => {
        $(
            #[doc = concat!("The [`Shape::", stringify!($variant), "`] variant.")]
            impl<S: Scalar> From<$wrapped> for Shape<S> {
                #[inline]
                fn from(shape: $wrapped) -> Self {
                    Self::$variant(shape)
                }
            }
        )*
    };
}

from_variant!(
    Point(Point<S>),
    Circle(Circle<S>),
    Ellipse(Ellipse<S>),
    Segment(Segment<S>),
    Capsule(Capsule<S>),
    Rect(Rect<S>),
    Polygon(Polygon<S, SHAPE_POLYGON_CAPACITY>),
    RoundedPolygon(Rounded<S, Polygon<S, SHAPE_POLYGON_CAPACITY>>),
    RoundedEllipse(Rounded<S, Ellipse<S>>),
);

#[cfg(test)]
mod tests {
    use gjk_core::{CastStatus, DistanceStatus, distance};

    use super::*;
    use crate::testing::{DEGENERATE_DIRECTIONS, DIRECTIONS, placements};

    /// One of each variant, in `f64`.
    fn every_variant() -> [Shape<f64>; 9] {
        let hexagon = Polygon::regular(6, 1.0).unwrap();
        let ellipse = Ellipse::new(Vec2::new(1.5, 0.5)).unwrap();
        [
            Point::new(Vec2::new(0.25, -0.5)).unwrap().into(),
            Circle::new(Vec2::new(0.5, 0.25), 0.75).unwrap().into(),
            ellipse.into(),
            Segment::new(Vec2::new(-1.0, 0.5), Vec2::new(1.0, -0.25))
                .unwrap()
                .into(),
            Capsule::new(Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0), 0.5)
                .unwrap()
                .into(),
            Rect::new(Vec2::new(1.0, 0.5)).unwrap().into(),
            hexagon.into(),
            Rounded::new(hexagon, 0.25).unwrap().into(),
            Rounded::new(ellipse, 0.25).unwrap().into(),
        ]
    }

    #[test]
    fn shape_from_builds_the_matching_variant() {
        let rect = Rect::new(Vec2::new(1.0_f32, 2.0)).unwrap();
        assert_eq!(Shape::from(rect), Shape::Rect(rect));
        let capsule = Capsule::new(Vec2::ZERO, Vec2::X, 0.5_f32).unwrap();
        assert_eq!(Shape::from(capsule), Shape::Capsule(capsule));
    }

    #[test]
    fn shape_support_and_radius_are_the_wrapped_shapes() {
        for shape in every_variant() {
            for d in DIRECTIONS.into_iter().chain(DEGENERATE_DIRECTIONS) {
                let expected = with_inner!(&shape, s => s.support(d));
                let support = shape.support(d);
                assert_eq!(support.feature, expected.feature, "{shape:?} {d:?}");
                assert_eq!(support.point.x.to_bits(), expected.point.x.to_bits());
                assert_eq!(support.point.y.to_bits(), expected.point.y.to_bits());
            }
            let radius = with_inner!(&shape, s => Support::radius(s));
            assert_eq!(shape.radius().to_bits(), radius.to_bits());
            assert_eq!(shape.local_aabb(), with_inner!(&shape, s => s.local_aabb()));
            for xf in placements() {
                assert_eq!(shape.aabb(xf), with_inner!(&shape, s => s.aabb(xf)));
            }
        }
    }

    #[test]
    fn shape_distance_smoke_test() {
        let [point, .., rect, _, _, _] = every_variant();
        let out = distance(
            &point,
            Transform::IDENTITY,
            &rect,
            Transform::from_translation(Vec2::new(3.25, -0.5)),
        );
        assert_eq!(out.status, DistanceStatus::Separated);
        assert_eq!(out.distance, 2.0);
    }

    #[test]
    fn shape_ray_cast_of_a_rounded_variant_is_the_generic_one() {
        let rounded = every_variant()[7];
        let ray = Ray::new(Vec2::new(-4.0, 0.0), Vec2::new(8.0, 0.0));
        let out = rounded.ray_cast(Transform::IDENTITY, ray);
        assert_eq!(out.status, CastStatus::Hit);
        assert_eq!(out, ray_cast(&rounded, Transform::IDENTITY, ray));
        assert!((out.fraction - 2.75 / 8.0).abs() < 1e-12);
    }
}
