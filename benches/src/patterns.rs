//! The ways users call the kernel, for the benchmarks that compare them: a query's cost
//! should not depend on the shape of the caller's code.
//!
//! - plain: a loop over pairs of concrete shapes (`Polygon<f32, 8>`, `ConvexPoints`),
//!   the form of most benchmarks;
//! - enum: the user's own shape enum ([`UserShape`], [`UserShape3`]) with a `match`
//!   over the pair's kinds and one call of the query per arm, as an engine with its own
//!   shape type writes it;
//! - shape: `gjk_shapes::Shape`, whose support matches on the kind at every call (2D);
//! - dyn: boxed `dyn Support` shapes.

use gjk_core::{
    CastOutput, DistanceOutput, ShapeCastInput, SimplexCache, Space, Support, Transform,
    Transform3, Vec2, Vec3, distance, distance_cached, shape_cast,
};
use gjk_shapes::{Capsule, Capsule3, ConvexPoints, Cuboid, Ellipsoid, Polygon, Shape, Sphere};

use crate::three::HULL_POINTS;

/// Pairs of shapes `A` and `B` with their transforms in one frame.
pub type Pairs<A, B, X> = Vec<(A, B, X, X)>;

/// A user's own 2D shape type: two kinds, as an engine holds them.
#[derive(Clone, Copy, Debug)]
pub enum UserShape {
    /// A convex polygon.
    Polygon(Polygon<f32, 8>),
    /// A capsule.
    Capsule(Capsule<f32>),
}

/// Evaluates `$body` with `$a` and `$b` bound to the shapes of a pair of
/// [`UserShape`]s: one arm per pair of kinds, each compiled for its own types.
macro_rules! per_user_pair {
    ($a:expr, $b:expr, |$x:ident, $y:ident| $body:expr) => {
        match ($a, $b) {
            (UserShape::Polygon($x), UserShape::Polygon($y)) => $body,
            (UserShape::Polygon($x), UserShape::Capsule($y)) => $body,
            (UserShape::Capsule($x), UserShape::Polygon($y)) => $body,
            (UserShape::Capsule($x), UserShape::Capsule($y)) => $body,
        }
    };
}

/// `distance` on the user's shapes.
///
/// ```
/// use gjk_benches::patterns::{UserShape, user_distance};
/// use gjk_core::{Transform, Vec2};
/// use gjk_shapes::Capsule;
///
/// let capsule = UserShape::Capsule(Capsule::new(Vec2::ZERO, Vec2::X, 0.5)?);
/// let xf_b = Transform::from_translation(Vec2::new(0.0, 2.0));
/// assert_eq!(user_distance(&capsule, Transform::IDENTITY, &capsule, xf_b).distance, 1.0);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
pub fn user_distance(
    a: &UserShape,
    xf_a: Transform<f32>,
    b: &UserShape,
    xf_b: Transform<f32>,
) -> DistanceOutput<f32> {
    per_user_pair!(a, b, |a, b| distance(a, xf_a, b, xf_b))
}

/// `distance_cached` on the user's shapes.
pub fn user_distance_cached(
    a: &UserShape,
    xf_a: Transform<f32>,
    b: &UserShape,
    xf_b: Transform<f32>,
    cache: &mut SimplexCache<f32>,
) -> DistanceOutput<f32> {
    per_user_pair!(a, b, |a, b| distance_cached(a, xf_a, b, xf_b, cache))
}

/// `shape_cast` on the user's shapes.
pub fn user_shape_cast(
    a: &UserShape,
    xf_a: Transform<f32>,
    b: &UserShape,
    xf_b: Transform<f32>,
    cast: ShapeCastInput<f32>,
) -> CastOutput<f32> {
    per_user_pair!(a, b, |a, b| shape_cast(a, xf_a, b, xf_b, cast))
}

/// A user's own 3D shape type: the kinds of the 3D workloads, held by value as an
/// engine holds them (the hull's variant is the largest by far).
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug)]
pub enum UserShape3 {
    /// A box.
    Cuboid(Cuboid<f32>),
    /// The hull of the workloads' sampled points.
    Hull(ConvexPoints<f32, HULL_POINTS>),
    /// A capsule.
    Capsule(Capsule3<f32>),
    /// A ball.
    Sphere(Sphere<f32>),
    /// An ellipsoid.
    Ellipsoid(Ellipsoid<f32>),
}

/// Evaluates `$body` with `$x` bound to the wrapped shape of a [`UserShape3`].
macro_rules! per_user_kind {
    ($shape:expr, |$x:ident| $body:expr) => {
        match $shape {
            UserShape3::Cuboid($x) => $body,
            UserShape3::Hull($x) => $body,
            UserShape3::Capsule($x) => $body,
            UserShape3::Sphere($x) => $body,
            UserShape3::Ellipsoid($x) => $body,
        }
    };
}

/// 3D `distance` on the user's shapes: a `match` on A's kind, in each arm one on B's,
/// one call per pair of kinds.
pub fn user_distance3(
    a: &UserShape3,
    xf_a: Transform3<f32>,
    b: &UserShape3,
    xf_b: Transform3<f32>,
) -> DistanceOutput<f32, Vec3<f32>> {
    per_user_kind!(a, |a| per_user_kind!(b, |b| distance(a, xf_a, b, xf_b)))
}

/// A gjk shape in each pattern's form: the user's enum, `gjk_shapes::Shape` where
/// the space has one, and a boxed `dyn Support`.
pub trait Forms<V: Space<Scalar = f32>>: Support<f32, V> + Copy + 'static {
    /// The user's enum of the space.
    type User;
    /// The enum's variant holding this shape.
    fn user(self) -> Self::User;
    /// The shape boxed behind `dyn Support`.
    fn boxed(self) -> Boxed<V> {
        Box::new(self)
    }
}

/// A 2D shape that `gjk_shapes::Shape` holds.
pub trait ShapeForm: Forms<Vec2<f32>> {
    /// The `Shape` variant holding this shape.
    fn shape(self) -> Shape<f32>;
}

impl Forms<Vec2<f32>> for Polygon<f32, 8> {
    type User = UserShape;
    fn user(self) -> UserShape {
        UserShape::Polygon(self)
    }
}

impl ShapeForm for Polygon<f32, 8> {
    fn shape(self) -> Shape<f32> {
        Shape::Polygon(self)
    }
}

impl Forms<Vec2<f32>> for Capsule<f32> {
    type User = UserShape;
    fn user(self) -> UserShape {
        UserShape::Capsule(self)
    }
}

impl ShapeForm for Capsule<f32> {
    fn shape(self) -> Shape<f32> {
        Shape::Capsule(self)
    }
}

macro_rules! user_shape3 {
    ($($shape:ty => $variant:ident),* $(,)?) => {
        $(impl Forms<Vec3<f32>> for $shape {
            type User = UserShape3;
            fn user(self) -> UserShape3 {
                UserShape3::$variant(self)
            }
        })*
    };
}

user_shape3!(
    Cuboid<f32> => Cuboid,
    ConvexPoints<f32, HULL_POINTS> => Hull,
    Capsule3<f32> => Capsule,
    Sphere<f32> => Sphere,
    Ellipsoid<f32> => Ellipsoid,
);

/// A shape behind `dyn Support`.
pub type Boxed<V> = Box<dyn Support<f32, V>>;

/// One workload's pairs in the plain, enum and dyn patterns.
pub struct Patterns<A, B, V: Space<Scalar = f32>, U> {
    /// The concrete shapes.
    pub plain: Pairs<A, B, V::Transform>,
    /// The user's enum.
    pub user: Pairs<U, U, V::Transform>,
    /// Boxed `dyn Support`.
    pub boxed: Pairs<Boxed<V>, Boxed<V>, V::Transform>,
}

impl<V, A, B, U> Patterns<A, B, V, U>
where
    V: Space<Scalar = f32>,
    A: Forms<V, User = U>,
    B: Forms<V, User = U>,
{
    /// The pairs of `shapes` placed by `frame`, in every pattern.
    ///
    /// ```
    /// use gjk_benches::patterns::Patterns;
    /// use gjk_benches::{GjkWorkload, octagon_pairs};
    ///
    /// let gjk = GjkWorkload::<f32, _>::new(&octagon_pairs(4, 1)).unwrap();
    /// let patterns = Patterns::new(&gjk.shapes, &gjk.frames[0]);
    /// assert_eq!((patterns.plain.len(), patterns.user.len(), patterns.boxed.len()), (4, 4, 4));
    /// ```
    pub fn new(shapes: &[(A, B)], frame: &[(V::Transform, V::Transform)]) -> Self {
        Self {
            plain: each(shapes, frame, |a| a, |b| b),
            user: each(shapes, frame, A::user, B::user),
            boxed: each(shapes, frame, A::boxed, B::boxed),
        }
    }
}

/// The pairs of `shapes` placed by `frame` as `gjk_shapes::Shape`s.
pub fn shape_pairs<A: ShapeForm, B: ShapeForm>(
    shapes: &[(A, B)],
    frame: &[(Transform<f32>, Transform<f32>)],
) -> Pairs<Shape<f32>, Shape<f32>, Transform<f32>> {
    each(shapes, frame, A::shape, B::shape)
}

/// Every pair of `shapes` with its transforms, each shape in the form `form_a` or
/// `form_b` gives it.
fn each<A: Copy, B: Copy, X: Copy, FA, FB>(
    shapes: &[(A, B)],
    frame: &[(X, X)],
    form_a: impl Fn(A) -> FA,
    form_b: impl Fn(B) -> FB,
) -> Pairs<FA, FB, X> {
    shapes
        .iter()
        .zip(frame)
        .map(|(&(a, b), &(xf_a, xf_b))| (form_a(a), form_b(b), xf_a, xf_b))
        .collect()
}
