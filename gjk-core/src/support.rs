//! The `Support` trait: the one thing a convex shape must answer.

use core::marker::PhantomData;

use crate::{CastOutput, Ray, RigidTransform, Scalar, Space, Transform, Transform3, Vec2, Vec3};

/// Which feature of a shape a support point came from.
///
/// Polytopes name the vertex (its index); curved shapes, whose support point moves
/// continuously with the direction, answer [`FeatureId::SMOOTH`]. GJK stops exactly on
/// polytopes when a support feature pair repeats (Box2D's main termination test) and
/// uses the relative gap for smooth features, so `SMOOTH` is always a safe answer: it
/// only gives up the exact test.
///
/// ```
/// use gjk_core::FeatureId;
/// assert_eq!(FeatureId::vertex(3).index(), Some(3));
/// assert_eq!(FeatureId::SMOOTH.index(), None);
/// assert!(FeatureId::SMOOTH.is_smooth());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct FeatureId(u32);

impl FeatureId {
    /// The marker of a point on a curved part of a shape.
    ///
    /// ```
    /// use gjk_core::FeatureId;
    /// assert!(FeatureId::SMOOTH.is_smooth());
    /// assert_eq!(FeatureId::SMOOTH.index(), None);
    /// ```
    pub const SMOOTH: Self = Self(u32::MAX);

    /// The feature id of vertex `index`; indices from `u32::MAX` up are [`SMOOTH`](Self::SMOOTH).
    ///
    /// ```
    /// assert_eq!(gjk_core::FeatureId::vertex(0).index(), Some(0));
    /// ```
    #[inline]
    pub const fn vertex(index: u32) -> Self {
        Self(index)
    }

    /// The vertex index, or `None` for a smooth feature.
    ///
    /// ```
    /// assert_eq!(gjk_core::FeatureId::vertex(7).index(), Some(7));
    /// ```
    #[inline]
    pub const fn index(self) -> Option<u32> {
        if self.0 == u32::MAX {
            None
        } else {
            Some(self.0)
        }
    }

    /// The id as stored: the vertex index, or `u32::MAX` for [`SMOOTH`](Self::SMOOTH).
    #[inline]
    pub(crate) const fn raw(self) -> u32 {
        self.0
    }

    /// Whether this is the smooth marker.
    ///
    /// ```
    /// assert!(!gjk_core::FeatureId::vertex(1).is_smooth());
    /// ```
    #[inline]
    pub const fn is_smooth(self) -> bool {
        self.0 == u32::MAX
    }
}

/// A support point: the farthest point of a shape's core along a direction, and the
/// feature it belongs to.
///
/// ```
/// use gjk_core::{FeatureId, SupportPoint, Vec2};
/// let s = SupportPoint::new(Vec2::new(1.0_f32, 0.0), FeatureId::vertex(0));
/// assert_eq!(s.point.x, 1.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SupportPoint<S, V = Vec2<S>> {
    /// The point, in the shape's local frame.
    pub point: V,
    /// The feature of the shape the point lies on.
    pub feature: FeatureId,
    /// The scalar type, which `V` carries.
    scalar: PhantomData<S>,
}

impl<S: Scalar, V: Space<Scalar = S>> SupportPoint<S, V> {
    /// A support point from its point and feature.
    ///
    /// ```
    /// use gjk_core::{FeatureId, SupportPoint, Vec2};
    /// let s = SupportPoint::new(Vec2::new(0.0_f64, 1.0), FeatureId::SMOOTH);
    /// assert!(s.feature.is_smooth());
    /// ```
    #[inline]
    pub const fn new(point: V, feature: FeatureId) -> Self {
        Self {
            point,
            feature,
            scalar: PhantomData,
        }
    }
}

/// An edge of a polytope core: two support points in counter-clockwise order, so that
/// the core lies to the left of `start -> end` and the edge's outward normal is the
/// right perpendicular of `end - start`.
///
/// Contact manifolds clip one shape's edge against the other's to find up to two
/// contact points ([`ContactShape::support_edge`]).
///
/// ```
/// use gjk_core::{FeatureId, SupportEdge, SupportPoint, Vec2};
/// let bottom = SupportEdge {
///     start: SupportPoint::new(Vec2::new(-1.0_f32, -1.0), FeatureId::vertex(0)),
///     end: SupportPoint::new(Vec2::new(1.0, -1.0), FeatureId::vertex(1)),
/// };
/// assert_eq!(bottom.outward_normal(), Some(Vec2::new(0.0, -1.0)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SupportEdge<S> {
    /// The edge's first vertex (counter-clockwise order).
    pub start: SupportPoint<S>,
    /// The edge's second vertex.
    pub end: SupportPoint<S>,
}

impl<S: Scalar> SupportEdge<S> {
    /// The unit outward normal, the right perpendicular of `end - start`; `None` for an
    /// edge of zero (or non-finite) length.
    ///
    /// ```
    /// use gjk_core::{FeatureId, SupportEdge, SupportPoint, Vec2};
    /// let right = SupportEdge {
    ///     start: SupportPoint::new(Vec2::new(1.0_f64, -1.0), FeatureId::vertex(1)),
    ///     end: SupportPoint::new(Vec2::new(1.0, 1.0), FeatureId::vertex(2)),
    /// };
    /// assert_eq!(right.outward_normal(), Some(Vec2::X));
    /// ```
    #[inline]
    pub fn outward_normal(&self) -> Option<Vec2<S>> {
        (-(self.end.point - self.start.point).perp()).normalize()
    }

    /// The edge with both vertices taken through `transform` (features unchanged).
    ///
    /// ```
    /// use gjk_core::{FeatureId, SupportEdge, SupportPoint, Transform, Vec2};
    /// let edge = SupportEdge {
    ///     start: SupportPoint::new(Vec2::new(0.0_f32, 0.0), FeatureId::vertex(0)),
    ///     end: SupportPoint::new(Vec2::new(1.0, 0.0), FeatureId::vertex(1)),
    /// };
    /// let moved = edge.transformed(Transform::from_translation(Vec2::new(0.0, 2.0)));
    /// assert_eq!(moved.end.point, Vec2::new(1.0, 2.0));
    /// ```
    #[inline]
    pub fn transformed(self, transform: Transform<S>) -> Self {
        let place = |vertex: SupportPoint<S>| {
            SupportPoint::new(transform.transform_point(vertex.point), vertex.feature)
        };
        Self {
            start: place(self.start),
            end: place(self.end),
        }
    }
}

/// A convex shape described by its support mapping: a convex *core* plus a uniform
/// rounding `radius` around it.
///
/// A circle is a point core with a radius, a capsule a segment core, a rounded polygon a
/// polygon core. GJK runs on the cores and applies the radii afterwards, which is both
/// faster and more exact than inflating support points (Box2D does the same).
///
/// Implementations must be convex and finite; every query checks the support points it
/// receives and reports non-finite ones as `InvalidInput`.
///
/// ```
/// use gjk_core::{FeatureId, Support, SupportPoint, Transform, Vec2, distance};
///
/// /// A disc of radius 2 centred at the local origin: a point core with a radius.
/// struct Disc;
///
/// impl Support<f32> for Disc {
///     fn support(&self, _direction: Vec2<f32>) -> SupportPoint<f32> {
///         SupportPoint::new(Vec2::ZERO, FeatureId::vertex(0))
///     }
///     fn radius(&self) -> f32 {
///         2.0
///     }
/// }
///
/// // Two discs 10 apart along x: their rounded surfaces are 6 apart.
/// let placed = Transform::from_translation(Vec2::new(10.0, 0.0));
/// let result = distance(&Disc, Transform::IDENTITY, &Disc, placed);
/// assert_eq!(result.distance, 6.0);
/// ```
pub trait Support<S: Scalar, V: Space<Scalar = S> = Vec2<S>> {
    /// The point of the core farthest along `direction`, in the shape's local frame,
    /// with its feature id.
    ///
    /// `direction` is not normalized and may be zero or tiny: an implementation must
    /// not divide by its length unchecked. For a zero direction any core point is a
    /// correct answer.
    fn support(&self, direction: V) -> SupportPoint<S, V>;

    /// The uniform rounding around the core (zero by default).
    #[inline]
    fn radius(&self) -> S {
        S::ZERO
    }

    /// The core point of a feature this shape returned from [`support`](Self::support)
    /// earlier, when the shape can find it without a search; `None` otherwise (the
    /// default, and the answer for [`FeatureId::SMOOTH`]).
    ///
    /// Warm starts use it to rebuild a cached simplex in O(1) per vertex, as Box2D does
    /// with vertex indices; shapes that answer `None` are re-supported along the cached
    /// directions instead.
    #[inline]
    fn feature_point(&self, feature: FeatureId) -> Option<V> {
        let _ = feature;
        None
    }
}

impl<S: Scalar, V: Space<Scalar = S>, T: Support<S, V> + ?Sized> Support<S, V> for &T {
    #[inline]
    fn support(&self, direction: V) -> SupportPoint<S, V> {
        (**self).support(direction)
    }
    #[inline]
    fn radius(&self) -> S {
        (**self).radius()
    }
    #[inline]
    fn feature_point(&self, feature: FeatureId) -> Option<V> {
        (**self).feature_point(feature)
    }
}

/// A shape that knows its bounding box: what a broad phase or a culling pass asks of it.
///
/// GJK itself needs only [`Support`]; the boxes live in a trait of their own so that a
/// firmware querying shapes through `dyn Support` links no bounding-box code it never
/// calls. Both methods have defaults built from support points, exact for every convex
/// shape, so a custom shape gets them with an empty impl; gjk-shapes' shapes override
/// them with closed forms.
///
/// ```
/// use gjk_core::{Bounded, FeatureId, Support, SupportPoint, Vec2};
///
/// /// A disc of radius 2 centred at the local origin: a point core with a radius.
/// struct Disc;
///
/// impl Support<f32> for Disc {
///     fn support(&self, _direction: Vec2<f32>) -> SupportPoint<f32> {
///         SupportPoint::new(Vec2::ZERO, FeatureId::vertex(0))
///     }
///     fn radius(&self) -> f32 {
///         2.0
///     }
/// }
///
/// impl Bounded<f32> for Disc {}
///
/// let aabb = Disc.local_aabb();
/// assert_eq!(aabb.max, Vec2::new(2.0, 2.0));
/// ```
pub trait Bounded<S: Scalar, V: Space<Scalar = S> = Vec2<S>>: Support<S, V> {
    /// The bounding box of the rounded shape in its local frame.
    ///
    /// The default asks a support point along both directions of every axis and grows
    /// them by the radius, which is exact for every convex shape; shapes override it
    /// with a closed form where they have one.
    #[inline]
    fn local_aabb(&self) -> V::Aabb {
        self.aabb(V::Transform::IDENTITY)
    }

    /// The bounding box of the rounded shape placed by `transform`.
    ///
    /// ```
    /// use gjk_core::{Bounded, FeatureId, Support, SupportPoint, Transform, Vec2};
    /// struct Dot;
    /// impl Support<f32> for Dot {
    ///     fn support(&self, _d: Vec2<f32>) -> SupportPoint<f32> {
    ///         SupportPoint::new(Vec2::ZERO, FeatureId::vertex(0))
    ///     }
    /// }
    /// impl Bounded<f32> for Dot {}
    /// let b = Dot.aabb(Transform::from_translation(Vec2::new(3.0, 4.0)));
    /// assert_eq!(b.min, Vec2::new(3.0, 4.0));
    /// ```
    #[inline]
    fn aabb(&self, transform: V::Transform) -> V::Aabb {
        V::aabb_from_support(&transform, self.radius(), |direction| {
            self.support(direction).point
        })
    }
}

impl<S: Scalar, V: Space<Scalar = S>, T: Bounded<S, V> + ?Sized> Bounded<S, V> for &T {
    #[inline]
    fn local_aabb(&self) -> V::Aabb {
        (**self).local_aabb()
    }
    #[inline]
    fn aabb(&self, transform: V::Transform) -> V::Aabb {
        (**self).aabb(transform)
    }
}

/// A shape contact manifolds can be built for: its support mapping and, for cores
/// with flat parts, the feature that faces a direction best. In the plane that is an
/// edge ([`support_edge`](Self::support_edge): polygons, boxes, segments, capsules); in
/// 3D a face or an edge ([`support_face`](Self::support_face) and
/// [`face_vertex`](Self::face_vertex): boxes, triangles, hulls, cylinders and cones,
/// segments and capsules). Each dimension's shapes implement its methods and leave the
/// other's at their defaults.
///
/// Shapes with curved or point cores touch others at single points and implement it
/// with the default methods: `impl ContactShape<f32> for MyShape {}` in the plane,
/// `impl ContactShape<f32, Vec3<f32>> for MyShape {}` in 3D. It is a trait of its own,
/// not a method of [`Support`], so that the queries that need no faces (and a
/// `dyn Support` vtable, which holds every method of its trait) link no face code:
/// about 260 bytes per polygon type on Cortex-M.
///
/// ```
/// use gjk_core::{ContactShape, FeatureId, Support, SupportEdge, SupportPoint, Vec2};
///
/// /// A segment core from (-1, 0) to (1, 0): both of its sides are edges.
/// struct Bar;
/// impl Support<f32> for Bar {
///     fn support(&self, d: Vec2<f32>) -> SupportPoint<f32> {
///         let x = if d.x >= 0.0 { 1.0 } else { -1.0 };
///         SupportPoint::new(Vec2::new(x, 0.0), FeatureId::vertex(u32::from(d.x >= 0.0)))
///     }
/// }
/// impl ContactShape<f32> for Bar {
///     fn support_edge(&self, d: Vec2<f32>) -> Option<SupportEdge<f32>> {
///         let left = SupportPoint::new(Vec2::new(-1.0, 0.0), FeatureId::vertex(0));
///         let right = SupportPoint::new(Vec2::new(1.0, 0.0), FeatureId::vertex(1));
///         // Counter-clockwise around the core: the outward normal is on the right.
///         Some(if d.y <= 0.0 { SupportEdge { start: left, end: right } } else { SupportEdge { start: right, end: left } })
///     }
/// }
/// assert_eq!(Bar.support_edge(Vec2::Y).unwrap().outward_normal(), Some(Vec2::Y));
/// ```
pub trait ContactShape<S: Scalar, V: Space<Scalar = S> = Vec2<S>>: Support<S, V> {
    /// In the plane: the edge of a polytope core that faces `direction` best: of the
    /// (up to two) edges at the support vertex along `direction`, the one whose
    /// outward normal makes the smallest angle with it. `None` (the default) for cores
    /// without edges: points and curved shapes. A segment core answers with itself,
    /// oriented to face `direction`.
    #[inline]
    fn support_edge(&self, direction: Vec2<S>) -> Option<SupportEdge<S>> {
        let _ = direction;
        None
    }

    /// In 3D: the face of the core whose outward normal makes the smallest angle with
    /// `direction` (its vertices from [`face_vertex`](Self::face_vertex)), or a
    /// segment of the core that supports `direction` (a capsule's core, a cylinder's
    /// side). `None` (the default) for cores that touch at single points: points,
    /// spheres, ellipsoids, a cone's apex. The manifold clips one shape's face
    /// against the other's, so a face need not be exactly perpendicular to
    /// `direction`: a box answers with its face nearest to it, however tilted.
    ///
    /// ```
    /// use gjk_core::{ContactShape, SupportFace, Vec3};
    /// use gjk_shapes::Cuboid;
    /// let cube = Cuboid::new(Vec3::new(1.0_f32, 1.0, 1.0))?;
    /// let Some(SupportFace::Polygon { normal, vertex_count, .. }) = cube.support_face(Vec3::new(0.1, 0.2, 1.0)) else {
    ///     panic!("a box has faces")
    /// };
    /// assert_eq!((normal, vertex_count), (Vec3::Z, 4));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    fn support_face(&self, direction: Vec3<S>) -> Option<SupportFace<S>> {
        let _ = direction;
        None
    }

    /// In 3D: vertex `corner` (from 0 to `vertex_count - 1`, counter-clockwise seen
    /// from outside the face) of the face `face` that
    /// [`support_face`](Self::support_face) named; `None` past the last one or for an
    /// unknown face. The vertices are given one at a time so that a face of any size
    /// needs no buffer.
    ///
    /// ```
    /// use gjk_core::{ContactShape, SupportFace, Vec3};
    /// use gjk_shapes::Cuboid;
    /// let cube = Cuboid::new(Vec3::new(1.0_f32, 1.0, 1.0))?;
    /// let Some(SupportFace::Polygon { id, .. }) = cube.support_face(Vec3::Z) else { panic!() };
    /// let corners: Vec<_> = (0..4).map(|k| cube.face_vertex(id, k).unwrap().point).collect();
    /// assert!(corners.iter().all(|corner| corner.z == 1.0));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    fn face_vertex(&self, face: u32, corner: u32) -> Option<SupportPoint<S, Vec3<S>>> {
        let _ = (face, corner);
        None
    }

    /// In 3D: the half extents of the core when it is a box centred at the local
    /// origin along the local axes, `None` (the default) otherwise. Two boxes then
    /// get their contact normal from separating axes, several times faster than GJK
    /// and EPA, with the same faces, points and ids.
    ///
    /// ```
    /// use gjk_core::{ContactShape, Vec3};
    /// use gjk_shapes::{Cuboid, Sphere};
    /// let crate_box = Cuboid::new(Vec3::new(1.0_f32, 2.0, 3.0))?;
    /// assert_eq!(crate_box.box_half_extents(), Some(Vec3::new(1.0, 2.0, 3.0)));
    /// let ball = Sphere::new(Vec3::ZERO, 1.0_f32)?;
    /// assert_eq!(ball.box_half_extents(), None);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    #[inline]
    fn box_half_extents(&self) -> Option<Vec3<S>> {
        None
    }
}

impl<S: Scalar, V: Space<Scalar = S>, T: ContactShape<S, V> + ?Sized> ContactShape<S, V> for &T {
    #[inline]
    fn support_edge(&self, direction: Vec2<S>) -> Option<SupportEdge<S>> {
        (**self).support_edge(direction)
    }

    #[inline]
    fn support_face(&self, direction: Vec3<S>) -> Option<SupportFace<S>> {
        (**self).support_face(direction)
    }

    #[inline]
    fn face_vertex(&self, face: u32, corner: u32) -> Option<SupportPoint<S, Vec3<S>>> {
        (**self).face_vertex(face, corner)
    }

    #[inline]
    fn box_half_extents(&self) -> Option<Vec3<S>> {
        (**self).box_half_extents()
    }
}

/// The feature of a 3D core that faces a direction best, as
/// [`ContactShape::support_face`] gives it.
///
/// ```
/// use gjk_core::{FeatureId, SupportFace, SupportPoint, Vec3};
/// let tip = |z: f32, id| SupportPoint::new(Vec3::new(0.0, 0.0, z), FeatureId::vertex(id));
/// let core = SupportFace::Segment(tip(-1.0, 0), tip(1.0, 1));
/// assert!(matches!(core, SupportFace::Segment(..)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SupportFace<S> {
    /// A flat, convex face of `vertex_count` (3 or more) vertices, read one at a time
    /// with [`ContactShape::face_vertex`]. `id` names it among the shape's faces
    /// (contact points carry it), `normal` is its unit outward normal.
    Polygon {
        /// The face's id, unique among the shape's faces.
        id: u32,
        /// How many vertices the face has, 3 or more.
        vertex_count: u32,
        /// The unit outward normal.
        normal: Vec3<S>,
    },
    /// A segment of the core, its two ends with their feature ids.
    Segment(SupportPoint<S, Vec3<S>>, SupportPoint<S, Vec3<S>>),
}

impl<S: Scalar> SupportFace<S> {
    /// The face taken through `transform`: a segment's ends placed, a polygon's
    /// normal rotated (its id and vertex count unchanged; its vertices, read from the
    /// shape, are placed by the caller).
    ///
    /// ```
    /// use gjk_core::{FeatureId, SupportFace, SupportPoint, Transform3, Vec3};
    /// let end = |x: f32, id| SupportPoint::new(Vec3::new(x, 0.0, 0.0), FeatureId::vertex(id));
    /// let moved = SupportFace::Segment(end(0.0, 0), end(1.0, 1))
    ///     .transformed(Transform3::from_translation(Vec3::new(0.0, 0.0, 2.0)));
    /// assert_eq!(moved, SupportFace::Segment(
    ///     SupportPoint::new(Vec3::new(0.0, 0.0, 2.0), FeatureId::vertex(0)),
    ///     SupportPoint::new(Vec3::new(1.0, 0.0, 2.0), FeatureId::vertex(1)),
    /// ));
    /// ```
    #[inline]
    pub fn transformed(self, transform: Transform3<S>) -> Self {
        let place = |vertex: SupportPoint<S, Vec3<S>>| {
            SupportPoint::new(transform.transform_point(vertex.point), vertex.feature)
        };
        match self {
            Self::Polygon {
                id,
                vertex_count,
                normal,
            } => Self::Polygon {
                id,
                vertex_count,
                normal: transform.rotation.rotate(normal),
            },
            Self::Segment(start, end) => Self::Segment(place(start), place(end)),
        }
    }
}

/// A shape [`ray_cast`](crate::ray_cast) can answer for: its support mapping and,
/// where it has one, a closed-form ray cast.
///
/// Shapes without a closed form implement it with the default method, `impl
/// RayShape<f32> for MyShape {}`, and `ray_cast` runs the GJK ray cast,
/// [`support_ray_cast`](crate::support_ray_cast), on them; so does `&dyn Support`.
/// gjk-shapes' polygons, boxes, circles, capsules, segments, points and ellipses
/// answer with their own casts (a polygon clips the ray against its edges, as Box2D
/// does: about five times faster than GJK on an octagon), and in 3D its spheres,
/// capsules and cuboids. It is a trait of its own,
/// not a method of [`Support`], for the reason [`ContactShape`] is: a `dyn Support`
/// vtable holds every method of its trait, and a closed-form cast with its GJK
/// fallback is about 3.5 KB of Cortex-M code that a firmware calling only `distance`
/// should not link.
///
/// ```
/// use gjk_core::{ray_cast, support_ray_cast, CastOutput, CastStatus, FeatureId, Ray, RayShape, Support, SupportPoint, Transform, Vec2};
///
/// /// A unit square's core as a custom shape: no closed form, so the default method.
/// struct Square;
/// impl Support<f32> for Square {
///     fn support(&self, d: Vec2<f32>) -> SupportPoint<f32> {
///         let corner = Vec2::new(if d.x >= 0.0 { 1.0 } else { -1.0 }, if d.y >= 0.0 { 1.0 } else { -1.0 });
///         SupportPoint::new(corner, FeatureId::vertex(u32::from(d.x >= 0.0) + 2 * u32::from(d.y >= 0.0)))
///     }
/// }
/// impl RayShape<f32> for Square {}
///
/// let ray = Ray::new(Vec2::new(-4.0, 0.0), Vec2::new(8.0, 0.0));
/// let out = ray_cast(&Square, Transform::IDENTITY, ray);
/// assert_eq!(out, support_ray_cast(&Square, Transform::IDENTITY, ray));
/// assert_eq!((out.status, out.fraction), (CastStatus::Hit, 0.375));
/// ```
pub trait RayShape<S: Scalar, V: Space<Scalar = S> = Vec2<S>>: Support<S, V> {
    /// A closed-form ray cast, which [`ray_cast`](crate::ray_cast) answers with when the
    /// shape has one; `None` (the default) has it run the GJK ray cast,
    /// [`support_ray_cast`](crate::support_ray_cast).
    ///
    /// An implementation follows `ray_cast`'s conventions (statuses, fraction, point,
    /// outward unit normal, `InvalidInput` for the same inputs) and must not call
    /// `ray_cast` on itself, which would call it back: where its closed form is
    /// ill-conditioned it falls back to `support_ray_cast`. gjk-shapes' analytic
    /// shapes answer with their inherent `ray_cast` (a polygon clips the ray against
    /// its edges, as Box2D does).
    ///
    /// ```
    /// use gjk_core::{ray_cast, support_ray_cast, CastOutput, CastStatus, FeatureId, Ray, RayShape, Support, SupportPoint, Transform, Vec2};
    ///
    /// /// The unit disc, with its closed-form cast for rays that start outside it.
    /// struct Disc;
    /// impl Support<f64> for Disc {
    ///     fn support(&self, _d: Vec2<f64>) -> SupportPoint<f64> {
    ///         SupportPoint::new(Vec2::ZERO, FeatureId::vertex(0))
    ///     }
    ///     fn radius(&self) -> f64 { 1.0 }
    /// }
    /// impl RayShape<f64> for Disc {
    ///     fn analytic_ray_cast(&self, xf: Transform<f64>, ray: Ray<f64>) -> Option<CastOutput<f64>> {
    ///         // Only the case this sketch solves: an axis-aligned ray along +x.
    ///         if ray.translation.y != 0.0 || ray.translation.x <= 0.0 || !xf.is_valid() {
    ///             return None;
    ///         }
    ///         let offset = xf.inv_transform_point(ray.origin);
    ///         let half_chord = (1.0 - offset.y * offset.y).sqrt();
    ///         let distance = -offset.x - half_chord;
    ///         if !(distance > 0.0) || distance > ray.translation.x * ray.max_fraction {
    ///             return None;
    ///         }
    ///         let fraction = distance / ray.translation.x;
    ///         let point = ray.point_at(fraction);
    ///         let normal = xf.rotation.rotate(xf.inv_transform_point(point));
    ///         Some(CastOutput { fraction, point, normal, iterations: 0, status: CastStatus::Hit })
    ///     }
    /// }
    ///
    /// let ray = Ray::new(Vec2::new(-4.0, 0.0), Vec2::new(8.0, 0.0));
    /// let fast = ray_cast(&Disc, Transform::IDENTITY, ray);
    /// let gjk = support_ray_cast(&Disc, Transform::IDENTITY, ray);
    /// assert_eq!((fast.status, fast.fraction, fast.iterations), (CastStatus::Hit, 0.375, 0));
    /// assert_eq!(gjk.status, CastStatus::Hit);
    /// assert!((gjk.fraction - 0.375).abs() < 1e-15);
    /// ```
    #[inline]
    fn analytic_ray_cast(
        &self,
        transform: V::Transform,
        ray: Ray<S, V>,
    ) -> Option<CastOutput<S, V>> {
        let _ = (transform, ray);
        None
    }
}

impl<S: Scalar, V: Space<Scalar = S>, T: RayShape<S, V> + ?Sized> RayShape<S, V> for &T {
    #[inline]
    fn analytic_ray_cast(
        &self,
        transform: V::Transform,
        ray: Ray<S, V>,
    ) -> Option<CastOutput<S, V>> {
        (**self).analytic_ray_cast(transform, ray)
    }
}

/// A shape behind `dyn Support` takes the GJK ray cast: its vtable has no closed form.
impl<S: Scalar, V: Space<Scalar = S>> RayShape<S, V> for dyn Support<S, V> + '_ {}
