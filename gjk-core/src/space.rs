//! `Space`: what the kernel needs of a dimension, so that one GJK loop serves the
//! plane and 3D.
//!
//! The loop, the statuses, the termination rules and the rescue are written once over
//! a `Space`; each dimension brings its vector (the implementing type: [`Vec2`] in
//! the plane), its rigid transform and its simplex solver, written separately for each
//! (the 2D solver's regions are Box2D's; an N-dimensional solver was ncollide's
//! mistake). The trait is sealed: the kernel's solvers are its own.

use core::fmt::Debug;
use core::ops::{Add, AddAssign, Div, Mul, Neg, Sub, SubAssign};

use crate::kernel::cache::UNNAMED;
use crate::scalar::sealed::Bits;
use crate::{Aabb, Aabb3, Scalar, Transform, Transform3, Vec2, Vec3};

/// A vector space the kernel runs in: [`Vec2`] (the plane) or [`Vec3`]. Each
/// dimension's vector type implements it, and names the dimension's transform and
/// bounding box.
///
/// Query functions are generic over it through their shapes: a shape that implements
/// [`Support<S>`](crate::Support) (that is, `Support<S, Vec2<S>>`) is a 2D shape, and
/// its queries take [`Transform`]s and answer with [`Vec2`]s; a shape that implements
/// `Support<S, Vec3<S>>` is a 3D one, placed by [`Transform3`]s.
///
/// ```
/// use gjk_core::{Space, Vec2};
/// fn squared_length<V: Space>(v: V) -> V::Scalar {
///     v.dot(v)
/// }
/// assert_eq!(squared_length(Vec2::new(3.0_f32, 4.0)), 25.0);
/// ```
pub trait Space:
    sealed::Kernel
    + Copy
    + Debug
    + PartialEq
    + Default
    + Add<Output = Self>
    + Sub<Output = Self>
    + Neg<Output = Self>
    + Mul<<Self as Space>::Scalar, Output = Self>
    + Div<<Self as Space>::Scalar, Output = Self>
    + AddAssign
    + SubAssign
{
    /// The coordinates' type.
    type Scalar: Scalar;
    /// The rigid transform of this space ([`Transform`] in the plane, [`Transform3`]
    /// in 3D).
    type Transform: RigidTransform<Self>;
    /// The axis-aligned bounding box of this space ([`Aabb`], [`Aabb3`]).
    type Aabb: Copy + Debug + PartialEq;
    /// The coordinates as an array, x first (`[S; 2]`, `[S; 3]`).
    type Coordinates: Copy + IntoIterator<Item = Self::Scalar> + AsRef<[Self::Scalar]>;
    /// One unit vector per axis, as an array, x first.
    type Axes: Copy + IntoIterator<Item = Self> + AsRef<[Self]>;
    /// One slot per point of a contact [`Manifold`](crate::Manifold): `[T; 2]` in
    /// the plane, `[T; 4]` in 3D.
    type Contacts<T: Copy + Debug + PartialEq>: Copy + Debug + PartialEq + AsRef<[T]> + AsMut<[T]>;
    /// The motion of a body over a step, translating and turning, that
    /// [`time_of_impact`](crate::time_of_impact) follows: [`Sweep`](crate::Sweep) in
    /// the plane, [`Sweep3`](crate::Sweep3) in 3D.
    type Sweep: sealed::SweepMotion<Self>;

    /// The zero vector.
    const ZERO: Self;
    /// The unit vector along the first axis.
    const FIRST_AXIS: Self;
    /// The unit vectors of the axes, x first.
    ///
    /// ```
    /// use gjk_core::{Space, Vec3};
    /// assert_eq!(<Vec3<f32> as Space>::AXES[2], Vec3::Z);
    /// ```
    const AXES: Self::Axes;

    /// The dot product.
    ///
    /// ```
    /// use gjk_core::{Space, Vec2};
    /// assert_eq!(Space::dot(Vec2::new(1.0_f64, 2.0), Vec2::new(3.0, 4.0)), 11.0);
    /// ```
    fn dot(self, other: Self) -> Self::Scalar;

    /// The squared length.
    ///
    /// ```
    /// use gjk_core::{Space, Vec2};
    /// assert_eq!(Space::length_squared(Vec2::new(3.0_f32, 4.0)), 25.0);
    /// ```
    fn length_squared(self) -> Self::Scalar;

    /// The length.
    ///
    /// ```
    /// use gjk_core::{Space, Vec3};
    /// assert_eq!(Space::length(Vec3::new(2.0_f64, 3.0, 6.0)), 7.0);
    /// ```
    fn length(self) -> Self::Scalar;

    /// The largest coordinate magnitude.
    ///
    /// ```
    /// use gjk_core::{Space, Vec2};
    /// assert_eq!(Space::max_abs(Vec2::new(3.0_f32, -4.0)), 4.0);
    /// ```
    fn max_abs(self) -> Self::Scalar;

    /// The vector with every coordinate NaN: the witness points of rejected input.
    ///
    /// ```
    /// use gjk_core::{Space, Vec3};
    /// assert!(<Vec3<f32> as Space>::nan().x.is_nan());
    /// ```
    fn nan() -> Self;

    /// Whether every coordinate is finite.
    ///
    /// ```
    /// use gjk_core::{Space, Vec2};
    /// assert!(!Space::is_finite(Vec2::new(f32::NAN, 0.0)));
    /// ```
    fn is_finite(self) -> bool;

    /// The bounding box of the ball of `radius` around `center`: `center` grown by
    /// `radius` along every axis ([`Aabb::around`] and [`Aabb3::around`]), for shapes
    /// written once over the space.
    ///
    /// ```
    /// use gjk_core::{Aabb3, Space, Vec3};
    /// let ball = <Vec3<f32> as Space>::aabb_around(Vec3::new(1.0, 2.0, 3.0), 0.5);
    /// assert_eq!(ball, Aabb3::new(Vec3::new(0.5, 1.5, 2.5), Vec3::new(1.5, 2.5, 3.5)));
    /// ```
    fn aabb_around(center: Self, radius: Self::Scalar) -> Self::Aabb;

    /// The bounding box from its least and greatest corners, as given
    /// ([`Aabb::new`] and [`Aabb3::new`]), for shapes written once over the space.
    ///
    /// ```
    /// use gjk_core::{Aabb, Space, Vec2};
    /// let point = Vec2::new(1.0_f32, -2.0);
    /// assert_eq!(<Vec2<f32> as Space>::aabb_from_corners(point, point), Aabb::new(point, point));
    /// ```
    fn aabb_from_corners(min: Self, max: Self) -> Self::Aabb;

    /// The component-wise minimum ([`Vec2::min`], [`Vec3::min`]).
    ///
    /// ```
    /// use gjk_core::{Space, Vec2};
    /// let least = Space::min(Vec2::new(1.0_f32, 5.0), Vec2::new(3.0, 2.0));
    /// assert_eq!(least, Vec2::new(1.0, 2.0));
    /// ```
    fn min(self, other: Self) -> Self;

    /// The component-wise maximum ([`Vec2::max`], [`Vec3::max`]).
    ///
    /// ```
    /// use gjk_core::{Space, Vec3};
    /// let most = Space::max(Vec3::new(1.0_f32, 5.0, 0.0), Vec3::new(3.0, 2.0, 0.0));
    /// assert_eq!(most, Vec3::new(3.0, 5.0, 0.0));
    /// ```
    fn max(self, other: Self) -> Self;

    /// The vector with every coordinate `value`.
    ///
    /// ```
    /// use gjk_core::{Space, Vec2};
    /// assert_eq!(<Vec2<f32> as Space>::splat(0.5), Vec2::new(0.5, 0.5));
    /// ```
    fn splat(value: Self::Scalar) -> Self;

    /// The coordinates, x first.
    ///
    /// ```
    /// use gjk_core::{Space, Vec3};
    /// assert_eq!(Space::coordinates(Vec3::new(1.0_f32, 2.0, 3.0)), [1.0, 2.0, 3.0]);
    /// ```
    fn coordinates(self) -> Self::Coordinates;

    /// Every coordinate passed through `f`.
    ///
    /// ```
    /// use gjk_core::{Space, Vec2};
    /// assert_eq!(Space::map(Vec2::new(1.0_f32, -2.0), |c| c * 2.0), Vec2::new(2.0, -4.0));
    /// ```
    fn map(self, f: impl Fn(Self::Scalar) -> Self::Scalar) -> Self;

    /// The coordinate magnitudes ([`Vec2::abs`], [`Vec3::abs`]).
    ///
    /// ```
    /// use gjk_core::{Space, Vec2};
    /// assert_eq!(Space::abs(Vec2::new(-1.0_f32, 2.0)), Vec2::new(1.0, 2.0));
    /// ```
    fn abs(self) -> Self;

    /// Each coordinate divided by the same coordinate of `by`: a point in the frame of
    /// an axis-aligned scaling, such as an ellipse's unit circle.
    ///
    /// ```
    /// use gjk_core::{Space, Vec2};
    /// let on_circle = Space::component_div(Vec2::new(2.0_f32, 0.5), Vec2::new(2.0, 1.0));
    /// assert_eq!(on_circle, Vec2::new(1.0, 0.5));
    /// ```
    fn component_div(self, by: Self) -> Self;

    /// The unit vector along `self`; `None` for a zero, tiny or non-finite vector
    /// ([`Vec2::normalize`], [`Vec3::normalize`]).
    ///
    /// ```
    /// use gjk_core::{Space, Vec3};
    /// assert_eq!(Space::normalize(Vec3::new(0.0_f32, 3.0, 0.0)), Some(Vec3::Y));
    /// assert_eq!(Space::normalize(Vec3::<f32>::ZERO), None);
    /// ```
    fn normalize(self) -> Option<Self>;

    /// The length of the cross product with `other` (in the plane, the magnitude of
    /// the scalar cross product): for a unit `other`, how far the point `self` lies
    /// from the line through the origin along `other`.
    ///
    /// ```
    /// use gjk_core::{Space, Vec2};
    /// assert_eq!(Space::cross_length(Vec2::new(3.0_f32, -2.0), Vec2::X), 2.0);
    /// ```
    fn cross_length(self, other: Self) -> Self::Scalar;
}

/// A rigid transform of a [`Space`]: a rotation then a translation ([`Transform`] in
/// the plane). What the kernel asks of it: to place B in A's frame, and to take
/// directions and points between frames.
///
/// ```
/// use gjk_core::{RigidTransform, Transform, Vec2};
/// let xf = Transform::from_translation(Vec2::new(1.0_f32, 2.0));
/// assert_eq!(RigidTransform::transform_point(&xf, Vec2::ZERO), Vec2::new(1.0, 2.0));
/// ```
pub trait RigidTransform<V: Space>: Copy + Debug + PartialEq + Mul<Output = Self> {
    /// The transform that changes nothing.
    ///
    /// ```
    /// use gjk_core::{RigidTransform, Transform3};
    /// assert_eq!(<Transform3<f32> as RigidTransform<_>>::IDENTITY, Transform3::IDENTITY);
    /// ```
    const IDENTITY: Self;

    /// Whether the transform is usable by a query: finite, with a unit rotation
    /// within [`Scalar::UNIT_TOLERANCE`].
    ///
    /// ```
    /// use gjk_core::{RigidTransform, Transform, Vec2};
    /// let nan = Transform::from_translation(Vec2::new(f32::NAN, 0.0));
    /// assert!(!RigidTransform::is_valid(&nan));
    /// ```
    fn is_valid(&self) -> bool;

    /// Whether every entry of the translation and the rotation is finite (the rotation
    /// may still be of the wrong length: see [`is_valid`](Self::is_valid)).
    ///
    /// ```
    /// use gjk_core::{Quat, RigidTransform, Transform3, Vec3};
    /// let stretched = Transform3::new(Vec3::ZERO, Quat { x: 0.0, y: 0.0, z: 0.0, w: 2.0_f32 });
    /// assert!(RigidTransform::is_finite(&stretched));
    /// assert!(!RigidTransform::is_valid(&stretched));
    /// ```
    fn is_finite(&self) -> bool;

    /// The translation.
    ///
    /// ```
    /// use gjk_core::{RigidTransform, Transform3, Vec3};
    /// let xf = Transform3::from_translation(Vec3::new(1.0_f64, 2.0, 3.0));
    /// assert_eq!(RigidTransform::translation(&xf), Vec3::new(1.0, 2.0, 3.0));
    /// ```
    fn translation(&self) -> V;

    /// The pure translation by `translation` (no rotation).
    ///
    /// ```
    /// use gjk_core::{RigidTransform, Transform3, Vec3};
    /// let xf = <Transform3<f32> as RigidTransform<_>>::from_translation(Vec3::X);
    /// assert_eq!(xf, Transform3::from_translation(Vec3::X));
    /// ```
    fn from_translation(translation: V) -> Self;

    /// The point `point` (local frame) in the parent frame.
    ///
    /// ```
    /// use gjk_core::{RigidTransform, Transform, Vec2};
    /// let xf = Transform::from_translation(Vec2::new(1.0_f32, 2.0));
    /// assert_eq!(RigidTransform::transform_point(&xf, Vec2::ZERO), Vec2::new(1.0, 2.0));
    /// ```
    fn transform_point(&self, point: V) -> V;

    /// The direction `vector` (local frame) in the parent frame: rotated only.
    ///
    /// ```
    /// use gjk_core::{RigidTransform, Transform3, Vec3};
    /// let xf = Transform3::from_translation(Vec3::new(5.0_f32, 0.0, 0.0));
    /// assert_eq!(RigidTransform::rotate(&xf, Vec3::X), Vec3::X);
    /// ```
    fn rotate(&self, vector: V) -> V;

    /// The direction `vector` (parent frame) in the local frame.
    ///
    /// ```
    /// use gjk_core::{RigidTransform, Transform, Vec2};
    /// let quarter = Transform::from_position_angle(Vec2::ZERO, core::f64::consts::FRAC_PI_2);
    /// let local = RigidTransform::inv_rotate(&quarter, Vec2::new(0.0, 1.0));
    /// assert!((local - Vec2::new(1.0, 0.0)).length() < 1e-15);
    /// ```
    fn inv_rotate(&self, vector: V) -> V;

    /// The point `point` (parent frame) in the local frame: the inverse of
    /// [`transform_point`](Self::transform_point).
    ///
    /// ```
    /// use gjk_core::{RigidTransform, Transform3, Vec3};
    /// let xf = Transform3::from_translation(Vec3::new(1.0_f32, 0.0, 0.0));
    /// assert_eq!(RigidTransform::inv_transform_point(&xf, Vec3::X), Vec3::ZERO);
    /// ```
    fn inv_transform_point(&self, point: V) -> V;

    /// `self^-1 * other`: `other` seen from `self`'s frame (B's placement relative to
    /// A's).
    ///
    /// ```
    /// use gjk_core::{RigidTransform, Transform3, Vec3};
    /// let a = Transform3::from_translation(Vec3::new(1.0_f32, 0.0, 0.0));
    /// let b = Transform3::from_translation(Vec3::new(3.0, 0.0, 0.0));
    /// assert_eq!(RigidTransform::inv_mul(&a, b).translation, Vec3::new(2.0, 0.0, 0.0));
    /// ```
    fn inv_mul(&self, other: Self) -> Self;
}

impl<S: Scalar> Space for Vec2<S> {
    type Scalar = S;
    type Transform = Transform<S>;
    type Aabb = Aabb<S>;
    type Coordinates = [S; 2];
    type Axes = [Self; 2];
    type Contacts<T: Copy + Debug + PartialEq> = [T; 2];
    type Sweep = crate::Sweep<S>;
    const ZERO: Self = Vec2::ZERO;
    const FIRST_AXIS: Self = Vec2::X;
    const AXES: [Self; 2] = [Vec2::X, Vec2::Y];

    #[inline]
    fn dot(self, other: Self) -> S {
        Vec2::dot(self, other)
    }
    #[inline]
    fn length_squared(self) -> S {
        Vec2::length_squared(self)
    }
    #[inline]
    fn length(self) -> S {
        Vec2::length(self)
    }
    #[inline]
    fn max_abs(self) -> S {
        Vec2::max_abs(self)
    }
    #[inline]
    fn nan() -> Self {
        Vec2::new(S::nan(), S::nan())
    }
    #[inline]
    fn is_finite(self) -> bool {
        Vec2::is_finite(self)
    }

    #[inline]
    fn aabb_around(center: Self, radius: S) -> Aabb<S> {
        Aabb::around(center, radius)
    }

    #[inline]
    fn aabb_from_corners(min: Self, max: Self) -> Aabb<S> {
        Aabb::new(min, max)
    }

    #[inline]
    fn min(self, other: Self) -> Self {
        Vec2::min(self, other)
    }

    #[inline]
    fn max(self, other: Self) -> Self {
        Vec2::max(self, other)
    }

    #[inline]
    fn splat(value: S) -> Self {
        Vec2::new(value, value)
    }
    #[inline]
    fn coordinates(self) -> [S; 2] {
        [self.x, self.y]
    }
    #[inline]
    fn map(self, f: impl Fn(S) -> S) -> Self {
        Vec2::new(f(self.x), f(self.y))
    }
    #[inline]
    fn abs(self) -> Self {
        Vec2::abs(self)
    }
    #[inline]
    fn component_div(self, by: Self) -> Self {
        Vec2::new(self.x / by.x, self.y / by.y)
    }
    #[inline]
    fn normalize(self) -> Option<Self> {
        Vec2::normalize(self)
    }
    #[inline]
    fn cross_length(self, other: Self) -> S {
        self.cross(other).abs()
    }
}

impl<S: Scalar> sealed::Kernel for Vec2<S> {
    type Simplex = crate::dim2::simplex::Simplex<S>;
    type Extremes = [Self; 4];
    type Directions = [Self; 3];
    type FeatureBytes = [u8; 3];
    const NO_DIRECTIONS: [Self; 3] = [Vec2::ZERO; 3];
    const NO_FEATURES: [u8; 3] = [UNNAMED; 3];
    const PAIRED_SUPPORTS: bool = true;
    const WITNESS_B_FROM_A: bool = false;
    type Frame = Transform<S>;

    #[inline]
    fn frame(relative: &<Self as Space>::Transform) -> Self::Frame {
        *relative
    }

    /// X, Y, -X, -Y, each a quarter turn of the last (exactly).
    #[inline]
    fn extreme_directions() -> [Self; 4] {
        let x = Vec2::X;
        let y = x.perp();
        let minus_x = y.perp();
        [x, y, minus_x, minus_x.perp()]
    }

    /// Per world axis `e`: the support along `e` taken into the local frame, placed,
    /// and measured along `e`, likewise along `-e`.
    #[inline]
    fn aabb_from_support(
        transform: &<Self as Space>::Transform,
        radius: <Self as Space>::Scalar,
        support: impl Fn(Self) -> Self,
    ) -> <Self as Space>::Aabb {
        let rotation = transform.rotation;
        let extreme = |world_axis: Vec2<S>| {
            let local = support(rotation.inv_rotate(world_axis));
            rotation.rotate(local).dot(world_axis)
        };
        let max = Vec2::new(extreme(Vec2::X), extreme(Vec2::Y));
        let min = Vec2::new(-extreme(-Vec2::X), -extreme(-Vec2::Y));
        let r = Vec2::new(radius, radius);
        Aabb::new(
            min - r + transform.translation,
            max + r + transform.translation,
        )
    }

    #[inline]
    fn normalized(self) -> Option<Self> {
        self.normalize()
    }

    #[inline]
    fn moved(
        transform: &<Self as Space>::Transform,
        translation: Self,
    ) -> <Self as Space>::Transform {
        Transform::new(translation, transform.rotation)
    }

    #[inline]
    fn contacts<T: Copy + Debug + PartialEq>(value: T) -> <Self as Space>::Contacts<T> {
        [value; 2]
    }

    #[inline]
    fn manifold<A, B>(
        a: &A,
        xf_a: <Self as Space>::Transform,
        b: &B,
        xf_b: <Self as Space>::Transform,
        speculative_distance: <Self as Space>::Scalar,
    ) -> crate::query::manifold::Measured<<Self as Space>::Scalar, Self>
    where
        A: crate::ContactShape<<Self as Space>::Scalar, Self> + ?Sized,
        B: crate::ContactShape<<Self as Space>::Scalar, Self> + ?Sized,
    {
        crate::dim2::manifold::measured(a, xf_a, b, xf_b, speculative_distance)
    }

    #[inline]
    fn expand<D>(
        pair: &D,
        simplex: &Self::Simplex,
    ) -> crate::kernel::Deepest<<Self as Space>::Scalar, Self>
    where
        D: crate::kernel::MinkowskiDifference<
                <Self as Space>::Scalar,
                Self,
                Simplex = Self::Simplex,
            > + ?Sized,
    {
        crate::dim2::epa::expand(pair, simplex).deepest()
    }

    #[inline]
    fn polished<D>(_pair: &D, _simplex: &D::Simplex, _closest: Self) -> Option<[Self; 3]>
    where
        D: crate::kernel::MinkowskiDifference<<Self as Space>::Scalar, Self> + ?Sized,
    {
        None
    }

    #[inline]
    fn core_reach<T>(shape: &T, center: Self) -> (<Self as Space>::Scalar, <Self as Space>::Scalar)
    where
        T: crate::Support<<Self as Space>::Scalar, Self> + ?Sized,
    {
        crate::dim2::separation::core_reach(shape, center)
    }

    #[inline]
    fn march_to_target<A, B>(
        a: &crate::query::time_of_impact::Body<'_, <Self as Space>::Scalar, Self, A>,
        b: &crate::query::time_of_impact::Body<'_, <Self as Space>::Scalar, Self, B>,
        transforms: [<Self as Space>::Transform; 2],
        cache: &crate::SimplexCache<<Self as Space>::Scalar, Self>,
        normal: Self,
        fraction_and_end: [<Self as Space>::Scalar; 2],
        target_and_aim: [<Self as Space>::Scalar; 2],
    ) -> crate::query::time_of_impact::March<<Self as Space>::Scalar>
    where
        A: crate::Support<<Self as Space>::Scalar, Self> + ?Sized,
        B: crate::Support<<Self as Space>::Scalar, Self> + ?Sized,
    {
        crate::dim2::separation::march_to_target(
            a,
            b,
            transforms,
            cache,
            normal,
            fraction_and_end,
            target_and_aim,
        )
    }

    #[inline]
    fn largest_key(
        self,
        largest: <<Self as Space>::Scalar as Bits>::Key,
    ) -> <<Self as Space>::Scalar as Bits>::Key {
        largest
            .max(self.x.magnitude_key())
            .max(self.y.magnitude_key())
    }
}

impl<S: Scalar> RigidTransform<Vec2<S>> for Transform<S> {
    const IDENTITY: Self = Transform::IDENTITY;

    #[inline]
    fn from_translation(translation: Vec2<S>) -> Self {
        Transform::from_translation(translation)
    }

    #[inline]
    fn is_valid(&self) -> bool {
        Transform::is_valid(*self)
    }
    #[inline]
    fn is_finite(&self) -> bool {
        let rotation = self.rotation;
        self.translation.is_finite() && Vec2::new(rotation.cos, rotation.sin).is_finite()
    }
    #[inline]
    fn translation(&self) -> Vec2<S> {
        self.translation
    }
    #[inline]
    fn transform_point(&self, point: Vec2<S>) -> Vec2<S> {
        Transform::transform_point(*self, point)
    }
    #[inline]
    fn rotate(&self, vector: Vec2<S>) -> Vec2<S> {
        self.rotation.rotate(vector)
    }
    #[inline]
    fn inv_rotate(&self, vector: Vec2<S>) -> Vec2<S> {
        self.rotation.inv_rotate(vector)
    }
    #[inline]
    fn inv_transform_point(&self, point: Vec2<S>) -> Vec2<S> {
        Transform::inv_transform_point(*self, point)
    }
    #[inline]
    fn inv_mul(&self, other: Self) -> Self {
        Transform::inv_mul(*self, other)
    }
}

impl<S: Scalar> Space for Vec3<S> {
    type Scalar = S;
    type Transform = Transform3<S>;
    type Aabb = Aabb3<S>;
    type Coordinates = [S; 3];
    type Axes = [Self; 3];
    type Contacts<T: Copy + Debug + PartialEq> = [T; 4];
    type Sweep = crate::Sweep3<S>;
    const ZERO: Self = Vec3::ZERO;
    const FIRST_AXIS: Self = Vec3::X;
    const AXES: [Self; 3] = [Vec3::X, Vec3::Y, Vec3::Z];

    #[inline]
    fn dot(self, other: Self) -> S {
        Vec3::dot(self, other)
    }
    #[inline]
    fn length_squared(self) -> S {
        Vec3::length_squared(self)
    }
    #[inline]
    fn length(self) -> S {
        Vec3::length(self)
    }
    #[inline]
    fn max_abs(self) -> S {
        Vec3::max_abs(self)
    }
    #[inline]
    fn nan() -> Self {
        Vec3::new(S::nan(), S::nan(), S::nan())
    }
    #[inline]
    fn is_finite(self) -> bool {
        Vec3::is_finite(self)
    }

    #[inline]
    fn aabb_around(center: Self, radius: S) -> Aabb3<S> {
        Aabb3::around(center, radius)
    }

    #[inline]
    fn aabb_from_corners(min: Self, max: Self) -> Aabb3<S> {
        Aabb3::new(min, max)
    }

    #[inline]
    fn min(self, other: Self) -> Self {
        Vec3::min(self, other)
    }

    #[inline]
    fn max(self, other: Self) -> Self {
        Vec3::max(self, other)
    }

    #[inline]
    fn splat(value: S) -> Self {
        Vec3::splat(value)
    }
    #[inline]
    fn coordinates(self) -> [S; 3] {
        [self.x, self.y, self.z]
    }
    #[inline]
    fn map(self, f: impl Fn(S) -> S) -> Self {
        Vec3::new(f(self.x), f(self.y), f(self.z))
    }
    #[inline]
    fn abs(self) -> Self {
        Vec3::abs(self)
    }
    #[inline]
    fn component_div(self, by: Self) -> Self {
        Vec3::new(self.x / by.x, self.y / by.y, self.z / by.z)
    }
    #[inline]
    fn normalize(self) -> Option<Self> {
        Vec3::normalize(self)
    }
    #[inline]
    fn cross_length(self, other: Self) -> S {
        self.cross(other).length()
    }
}

impl<S: Scalar> sealed::Kernel for Vec3<S> {
    type Simplex = crate::dim3::simplex::Simplex3<S>;
    type Extremes = [Self; 6];
    type Directions = [Self; 4];
    type FeatureBytes = [u8; 4];
    const NO_DIRECTIONS: [Self; 4] = [Vec3::ZERO; 4];
    const NO_FEATURES: [u8; 4] = [UNNAMED; 4];
    const PAIRED_SUPPORTS: bool = false;
    const WITNESS_B_FROM_A: bool = true;
    type Frame = sealed::Frame3<S>;

    #[inline]
    fn frame(relative: &<Self as Space>::Transform) -> Self::Frame {
        sealed::Frame3::new(relative)
    }

    #[inline]
    fn extreme_directions() -> [Self; 6] {
        [Vec3::X, Vec3::Y, Vec3::Z, -Vec3::X, -Vec3::Y, -Vec3::Z]
    }

    /// Per world axis `e`: the support along `e` taken into the local frame, placed,
    /// and measured along `e` (the largest coordinate), likewise along `-e`.
    #[inline]
    fn aabb_from_support(
        transform: &<Self as Space>::Transform,
        radius: <Self as Space>::Scalar,
        support: impl Fn(Self) -> Self,
    ) -> <Self as Space>::Aabb {
        let rotation = transform.rotation;
        let extreme = |world_axis: Vec3<S>| {
            let local = support(rotation.inv_rotate(world_axis));
            rotation.rotate(local).dot(world_axis)
        };
        let max = Vec3::new(extreme(Vec3::X), extreme(Vec3::Y), extreme(Vec3::Z));
        let min = Vec3::new(-extreme(-Vec3::X), -extreme(-Vec3::Y), -extreme(-Vec3::Z));
        let r = Vec3::splat(radius);
        Aabb3::new(
            min - r + transform.translation,
            max + r + transform.translation,
        )
    }

    #[inline]
    fn normalized(self) -> Option<Self> {
        self.normalize()
    }

    #[inline]
    fn moved(
        transform: &<Self as Space>::Transform,
        translation: Self,
    ) -> <Self as Space>::Transform {
        Transform3::new(translation, transform.rotation)
    }

    #[inline]
    fn contacts<T: Copy + Debug + PartialEq>(value: T) -> <Self as Space>::Contacts<T> {
        [value; 4]
    }

    #[inline]
    fn manifold<A, B>(
        a: &A,
        xf_a: <Self as Space>::Transform,
        b: &B,
        xf_b: <Self as Space>::Transform,
        speculative_distance: <Self as Space>::Scalar,
    ) -> crate::query::manifold::Measured<<Self as Space>::Scalar, Self>
    where
        A: crate::ContactShape<<Self as Space>::Scalar, Self> + ?Sized,
        B: crate::ContactShape<<Self as Space>::Scalar, Self> + ?Sized,
    {
        crate::dim3::manifold::measured(a, xf_a, b, xf_b, speculative_distance)
    }

    #[inline]
    fn expand<D>(
        pair: &D,
        simplex: &Self::Simplex,
    ) -> crate::kernel::Deepest<<Self as Space>::Scalar, Self>
    where
        D: crate::kernel::MinkowskiDifference<
                <Self as Space>::Scalar,
                Self,
                Simplex = Self::Simplex,
            > + ?Sized,
    {
        crate::dim3::epa::expand(pair, simplex)
    }

    #[inline]
    fn polished<D>(pair: &D, simplex: &D::Simplex, closest: Self) -> Option<[Self; 3]>
    where
        D: crate::kernel::MinkowskiDifference<<Self as Space>::Scalar, Self> + ?Sized,
    {
        crate::dim3::witness::polished(pair, simplex, closest)
    }

    #[inline]
    fn core_reach<T>(shape: &T, center: Self) -> (<Self as Space>::Scalar, <Self as Space>::Scalar)
    where
        T: crate::Support<<Self as Space>::Scalar, Self> + ?Sized,
    {
        crate::dim3::separation::core_reach(shape, center)
    }

    #[inline]
    fn march_to_target<A, B>(
        a: &crate::query::time_of_impact::Body<'_, <Self as Space>::Scalar, Self, A>,
        b: &crate::query::time_of_impact::Body<'_, <Self as Space>::Scalar, Self, B>,
        transforms: [<Self as Space>::Transform; 2],
        cache: &crate::SimplexCache<<Self as Space>::Scalar, Self>,
        normal: Self,
        fraction_and_end: [<Self as Space>::Scalar; 2],
        target_and_aim: [<Self as Space>::Scalar; 2],
    ) -> crate::query::time_of_impact::March<<Self as Space>::Scalar>
    where
        A: crate::Support<<Self as Space>::Scalar, Self> + ?Sized,
        B: crate::Support<<Self as Space>::Scalar, Self> + ?Sized,
    {
        crate::dim3::separation::march_to_target(
            a,
            b,
            transforms,
            cache,
            normal,
            fraction_and_end,
            target_and_aim,
        )
    }

    #[inline]
    fn largest_key(
        self,
        largest: <<Self as Space>::Scalar as Bits>::Key,
    ) -> <<Self as Space>::Scalar as Bits>::Key {
        largest
            .max(self.x.magnitude_key())
            .max(self.y.magnitude_key())
            .max(self.z.magnitude_key())
    }
}

impl<S: Scalar> RigidTransform<Vec3<S>> for Transform3<S> {
    const IDENTITY: Self = Transform3::IDENTITY;

    #[inline]
    fn from_translation(translation: Vec3<S>) -> Self {
        Transform3::from_translation(translation)
    }

    #[inline]
    fn is_valid(&self) -> bool {
        Transform3::is_valid(*self)
    }
    #[inline]
    fn is_finite(&self) -> bool {
        let rotation = self.rotation;
        self.translation.is_finite()
            && Vec3::new(rotation.x, rotation.y, rotation.z).is_finite()
            && rotation.w.is_finite()
    }
    #[inline]
    fn translation(&self) -> Vec3<S> {
        self.translation
    }
    #[inline]
    fn transform_point(&self, point: Vec3<S>) -> Vec3<S> {
        Transform3::transform_point(*self, point)
    }
    #[inline]
    fn rotate(&self, vector: Vec3<S>) -> Vec3<S> {
        self.rotation.rotate(vector)
    }
    #[inline]
    fn inv_rotate(&self, vector: Vec3<S>) -> Vec3<S> {
        self.rotation.inv_rotate(vector)
    }
    #[inline]
    fn inv_transform_point(&self, point: Vec3<S>) -> Vec3<S> {
        Transform3::inv_transform_point(*self, point)
    }
    #[inline]
    fn inv_mul(&self, other: Self) -> Self {
        Transform3::inv_mul(*self, other)
    }
}

/// The kernel's part of a [`Space`], out of users' reach.
pub(crate) mod sealed {
    use core::fmt::Debug;

    use crate::scalar::sealed::Bits;

    /// A rigid placement prepared for many points and directions: what the GJK loops
    /// ask of B's placement in A's frame on every support call.
    pub trait Frame<V>: Copy + Debug {
        /// Where the local origin lands.
        fn translation(&self) -> V;
        /// A local point placed.
        fn transform_point(&self, point: V) -> V;
        /// A placed direction taken into the local frame.
        fn inv_rotate(&self, vector: V) -> V;
    }

    /// What the shared GJK loop needs of a dimension beyond vector arithmetic.
    pub trait Kernel: Sized {
        /// The dimension's simplex and its solver.
        type Simplex: crate::kernel::simplex::GjkSimplex<<Self as super::Space>::Scalar, Self>
        where
            Self: super::Space;
        /// The directions along which the rescue bounds a pair's extent.
        type Extremes: IntoIterator<Item = Self>;
        /// One direction per vertex of a full simplex (a warm-start cache's).
        type Directions: Copy + Debug + PartialEq + AsRef<[Self]> + AsMut<[Self]>;
        /// One byte per vertex of a full simplex (a cache's feature names).
        type FeatureBytes: Copy + Debug + PartialEq + AsRef<[u8]> + AsMut<[u8]>;
        /// B's placement relative to A as the loops use it, once per support call: the
        /// transform itself in the plane (a rotation there is already its cosine and
        /// sine), a rotation matrix in 3D (see [`Frame`]).
        type Frame: Frame<Self>;
        /// Zero directions, for an empty cache.
        const NO_DIRECTIONS: Self::Directions;
        /// Unnamed features, for an empty cache.
        const NO_FEATURES: Self::FeatureBytes;
        /// Whether the hosted loops ask both shapes for their supports in one call
        /// (`profile::supports_of`) rather than one call each (`profile::support_of`):
        /// in the plane, where one call measured 6 % faster per polygon `distance` in
        /// every calling pattern; not in space, where it made boxes queried through
        /// `&dyn Support` 11 % slower for 2 to 5 % on concrete shapes
        /// (`patterns`, `peers3d_interleaved`).
        const PAIRED_SUPPORTS: bool;
        /// Whether `distance` takes B's core point as A's plus the closest point `v`
        /// (B - A) rather than from the simplex's weights: in space, where the closest
        /// point of a sliver face comes from its plane and the weights from areas, so
        /// that the weighted points differ by `v` only as far as the weights allow
        /// (they would leave `witness_b - witness_a` off `distance * normal` by up to
        /// 5e-5 L in `f32` and 6e-10 L in `f64` on curved shapes, `distance::oracle3d`
        /// measured). In the plane
        /// the weights and `v` come from the same edge and agree; there, and in
        /// gjk-simd's lanes, the weighted points stay.
        const WITNESS_B_FROM_A: bool;

        /// Both directions of every axis: a convex set lies within the box of its
        /// supports along them.
        fn extreme_directions() -> Self::Extremes;

        /// `relative` prepared as a [`Frame`](Self::Frame).
        fn frame(relative: &<Self as super::Space>::Transform) -> Self::Frame
        where
            Self: super::Space;

        /// The bounding box of a rounded shape placed by `transform`, from its
        /// support points (`support`, in its local frame) along both directions of
        /// every world axis, grown by `radius`.
        fn aabb_from_support(
            transform: &<Self as super::Space>::Transform,
            radius: <Self as super::Space>::Scalar,
            support: impl Fn(Self) -> Self,
        ) -> <Self as super::Space>::Aabb
        where
            Self: super::Space;

        /// The unit vector along `self`, `None` for zero or a non-finite vector
        /// (the vector type's own `normalize`).
        fn normalized(self) -> Option<Self>;

        /// `transform` with its rotation and the translation `translation`.
        fn moved(
            transform: &<Self as super::Space>::Transform,
            translation: Self,
        ) -> <Self as super::Space>::Transform
        where
            Self: super::Space;

        /// The dimension's EPA, from the simplex GJK ended with, the origin in or on
        /// it (`dim2/epa.rs`, `dim3/epa.rs`).
        fn expand<D>(
            pair: &D,
            simplex: &Self::Simplex,
        ) -> crate::kernel::Deepest<<Self as super::Space>::Scalar, Self>
        where
            Self: super::Space,
            D: crate::kernel::MinkowskiDifference<
                    <Self as super::Space>::Scalar,
                    Self,
                    Simplex = Self::Simplex,
                > + ?Sized;

        /// The cores' witness points and the normal of a distance query that ended
        /// apart, taken from the shapes where GJK's are sums of points of a curved
        /// core (3D, `dim3/witness.rs`); `None` keeps GJK's (always in the plane).
        /// `closest` is the loop's closest point.
        fn polished<D>(pair: &D, simplex: &D::Simplex, closest: Self) -> Option<[Self; 3]>
        where
            Self: super::Space,
            D: crate::kernel::MinkowskiDifference<<Self as super::Space>::Scalar, Self> + ?Sized;

        /// Every contact slot filled with `value`.
        fn contacts<T: Copy + Debug + PartialEq>(value: T) -> <Self as super::Space>::Contacts<T>
        where
            Self: super::Space;

        /// The dimension's contact manifold (`dim2/manifold.rs`, `dim3/manifold.rs`),
        /// with the rescaling factor of the points GJK ended on, if any.
        fn manifold<A, B>(
            a: &A,
            xf_a: <Self as super::Space>::Transform,
            b: &B,
            xf_b: <Self as super::Space>::Transform,
            speculative_distance: <Self as super::Space>::Scalar,
        ) -> crate::query::manifold::Measured<<Self as super::Space>::Scalar, Self>
        where
            Self: super::Space,
            A: crate::ContactShape<<Self as super::Space>::Scalar, Self> + ?Sized,
            B: crate::ContactShape<<Self as super::Space>::Scalar, Self> + ?Sized;

        /// An upper bound of the distance from `center` to the farthest point of the
        /// core of `shape`, and the largest magnitude of the support heights it was
        /// measured from (a size that does not underflow).
        fn core_reach<T>(
            shape: &T,
            center: Self,
        ) -> (
            <Self as super::Space>::Scalar,
            <Self as super::Space>::Scalar,
        )
        where
            Self: super::Space,
            T: crate::Support<<Self as super::Space>::Scalar, Self> + ?Sized;

        /// One march of `time_of_impact` along the separating axis the distance query
        /// at `fraction_and_end[0]` calls for (its transforms, warm-start cache and
        /// normal), towards `target_and_aim[0]`, stopping within `target_and_aim[1]`
        /// of it (`dim2/separation.rs`, `dim3/separation.rs`).
        #[allow(clippy::too_many_arguments)]
        fn march_to_target<A, B>(
            a: &crate::query::time_of_impact::Body<'_, <Self as super::Space>::Scalar, Self, A>,
            b: &crate::query::time_of_impact::Body<'_, <Self as super::Space>::Scalar, Self, B>,
            transforms: [<Self as super::Space>::Transform; 2],
            cache: &crate::SimplexCache<<Self as super::Space>::Scalar, Self>,
            normal: Self,
            fraction_and_end: [<Self as super::Space>::Scalar; 2],
            target_and_aim: [<Self as super::Space>::Scalar; 2],
        ) -> crate::query::time_of_impact::March<<Self as super::Space>::Scalar>
        where
            Self: super::Space,
            A: crate::Support<<Self as super::Space>::Scalar, Self> + ?Sized,
            B: crate::Support<<Self as super::Space>::Scalar, Self> + ?Sized;

        /// The largest of `largest` and the magnitude keys of the coordinates.
        fn largest_key(
            self,
            largest: <<Self as super::Space>::Scalar as Bits>::Key,
        ) -> <<Self as super::Space>::Scalar as Bits>::Key
        where
            Self: super::Space;
    }

    use crate::{Scalar, Transform3, Vec3};

    /// What `time_of_impact` asks of a dimension's sweep.
    pub trait SweepMotion<V: super::Space>: Copy + Debug + PartialEq {
        /// The centre of rotation in the shape's frame.
        fn local_center(&self) -> V;
        /// Where the centre is at fraction 0.
        fn center_start(&self) -> V;
        /// How far the centre moves over the step.
        fn translation(&self) -> V;
        /// The angle the body turns by over the step, not negative.
        fn turn_angle(&self) -> V::Scalar;
        /// The transform placing the shape at fraction `t`.
        fn transform_at(&self, t: V::Scalar) -> V::Transform;
        /// Whether every part is finite, and so are the motion and the turn.
        fn is_valid(&self) -> bool;
        /// The sweep with its centres taken relative to `origin` and every length
        /// multiplied by `factor`.
        fn rebased(&self, origin: V, factor: V::Scalar) -> Self;
    }

    /// A 3D placement as its rotation matrix and translation, for the GJK loops.
    ///
    /// A unit quaternion rotates a vector in about 30 operations (two cross products
    /// and their combination, see `Quat::rotate`); its matrix, in 15. A query rotates
    /// twice per support call (the direction into B's frame, B's point back), and
    /// builds the matrix once. The matrix is kept by rows and by columns, so that both
    /// rotations are three dot products (one routine in a firmware's code).
    #[derive(Clone, Copy, Debug)]
    pub struct Frame3<S> {
        /// The rows of the rotation matrix: a local point's placed coordinates are
        /// their dot products with it.
        rows: [Vec3<S>; 3],
        /// Its columns (the images of the axes): a placed direction's local
        /// coordinates are their dot products with it.
        columns: [Vec3<S>; 3],
        translation: Vec3<S>,
    }

    impl<S: Scalar> Frame3<S> {
        #[inline]
        pub(crate) fn new(relative: &Transform3<S>) -> Self {
            let columns = relative.rotation.to_matrix();
            let rows = core::array::from_fn(|row| {
                Vec3::new(columns[0][row], columns[1][row], columns[2][row])
            });
            Self {
                rows,
                columns: columns.map(Vec3::from),
                translation: relative.translation,
            }
        }

        /// The images of the local axes (the rotation matrix's columns).
        #[inline]
        pub(crate) fn columns(&self) -> [Vec3<S>; 3] {
            self.columns
        }
    }

    /// `(a . vector, b . vector, c . vector)` for `[a, b, c] = axes`.
    #[inline]
    fn dots<S: Scalar>(axes: &[Vec3<S>; 3], vector: Vec3<S>) -> Vec3<S> {
        let [a, b, c] = axes;
        Vec3::new(a.dot(vector), b.dot(vector), c.dot(vector))
    }

    impl<S: Scalar> Frame<Vec3<S>> for Frame3<S> {
        #[inline]
        fn translation(&self) -> Vec3<S> {
            self.translation
        }
        #[inline]
        fn transform_point(&self, point: Vec3<S>) -> Vec3<S> {
            dots(&self.rows, point) + self.translation
        }
        #[inline]
        fn inv_rotate(&self, vector: Vec3<S>) -> Vec3<S> {
            dots(&self.columns, vector)
        }
    }
}

impl<S: Scalar> sealed::Frame<Vec2<S>> for Transform<S> {
    #[inline]
    fn translation(&self) -> Vec2<S> {
        self.translation
    }
    #[inline]
    fn transform_point(&self, point: Vec2<S>) -> Vec2<S> {
        Transform::transform_point(*self, point)
    }
    #[inline]
    fn inv_rotate(&self, vector: Vec2<S>) -> Vec2<S> {
        self.rotation.inv_rotate(vector)
    }
}
