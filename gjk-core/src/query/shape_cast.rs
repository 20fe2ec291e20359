//! `shape_cast`: the first fraction of a linear motion at which two convex shapes touch,
//! in either dimension, by the GJK ray cast (`kernel/cast.rs`).

use crate::kernel::cast::{Contact, LinearCast, invalid_output, run};
use crate::kernel::profile::erase;
use crate::kernel::{Pair, checked_radii, shared};
use crate::space::sealed::Frame as _;
use crate::{CastOutput, CastStatus, Ray, RigidTransform, Scalar, ShapeCastInput, Space, Support};

/// The first fraction at which two shapes moving in straight lines come within
/// `cast.target_separation` of each other (first touch by default), in the plane or
/// in 3D.
///
/// A moves by `cast.translation_a` and B by `cast.translation_b` over fractions
/// `[0, cast.max_fraction]`, without rotating (see `time_of_impact` for rotating
/// sweeps in the plane). The result is exact up to rounding: no slop is added, unlike
/// Box2D v3's conservative advancement, which stops a linear slop early.
///
/// - [`CastStatus::Hit`]: `fraction` is the first contact, `normal` the unit normal
///   from A towards B there, and `point` the contact point on A's surface (in world
///   space, at the time of contact).
/// - [`CastStatus::StartsInside`]: the shapes start within the target separation;
///   `fraction` is zero, `normal` from A to B if the cores are apart (zero if they
///   overlap).
/// - [`CastStatus::Miss`]: no contact within `max_fraction`; `fraction` is
///   `max_fraction`, `normal` and `point` zero.
/// - [`CastStatus::MaxIterations`]: the iteration cap; `fraction` is a lower bound (the
///   shapes are known apart before it).
/// - [`CastStatus::InvalidInput`]: NaN or infinite input, a negative radius, target or
///   `max_fraction`, a rotation that is not unit length, or a relative reach
///   `(translation_b - translation_a) * max_fraction` that overflows.
///
/// ```
/// use gjk_core::{shape_cast, CastStatus, ShapeCastInput, Transform, Vec2};
/// use gjk_shapes::Rect;
///
/// // Two squares of half-width 1; B starts 4 to the right of A and moves 4 to the
/// // left: the faces meet half way.
/// let square = Rect::new(Vec2::new(1.0_f64, 1.0))?;
/// let xf_b = Transform::from_translation(Vec2::new(4.0, 0.5));
/// let out = shape_cast(&square, Transform::IDENTITY, &square, xf_b, ShapeCastInput::moving_b(Vec2::new(-4.0, 0.0)));
/// assert_eq!(out.status, CastStatus::Hit);
/// assert_eq!(out.fraction, 0.5);
/// assert_eq!(out.normal, Vec2::new(1.0, 0.0));
/// assert_eq!(out.point.x, 1.0);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
///
/// In 3D: a ball of radius 1 dropped 10 onto a box whose top is at height 1 touches
/// it after falling 3.
///
/// ```
/// use gjk_core::{shape_cast, CastStatus, ShapeCastInput, Transform3, Vec3};
/// use gjk_shapes::{Cuboid, Sphere};
///
/// let table = Cuboid::new(Vec3::new(5.0_f64, 5.0, 1.0))?;
/// let ball = Sphere::new(Vec3::ZERO, 1.0)?;
/// let above = Transform3::from_translation(Vec3::new(0.5, -0.5, 5.0));
/// let fall = ShapeCastInput::moving_b(Vec3::new(0.0, 0.0, -10.0));
/// let out = shape_cast(&table, Transform3::IDENTITY, &ball, above, fall);
/// assert_eq!(out.status, CastStatus::Hit);
/// assert!((out.fraction - 0.3).abs() < 1e-15);
/// assert!((out.normal - Vec3::Z).length() < 1e-15);
/// assert!((out.point - Vec3::new(0.5, -0.5, 1.0)).length() < 1e-14);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
pub fn shape_cast<S, V, A, B>(
    a: &A,
    xf_a: V::Transform,
    b: &B,
    xf_b: V::Transform,
    cast: ShapeCastInput<S, V>,
) -> CastOutput<S, V>
where
    S: Scalar,
    V: Space<Scalar = S>,
    A: Support<S, V> + ?Sized,
    B: Support<S, V> + ?Sized,
{
    let (a, b) = (erase!(a), erase!(b));
    let out = cast_shapes(a, xf_a, b, xf_b, &cast, None);
    with_exact_starting_normal(out, a, xf_a, b, xf_b)
}

/// A cast that starts within the target stops as soon as the simplex is close enough,
/// before its closest point has converged, so its direction is only roughly the
/// normal. When the cores are apart, a converged distance query gives the exact one.
/// The extra query runs only on this path, and after the cast's frames are gone (on
/// Cortex-M0 the two would not fit in the 1 KiB stack budget together). Out of line
/// in the compact form: one copy for every cast.
#[cfg_attr(gjk_compact, inline(never))]
pub(crate) fn with_exact_starting_normal<S, V, A, B>(
    mut out: CastOutput<S, V>,
    a: &A,
    xf_a: V::Transform,
    b: &B,
    xf_b: V::Transform,
) -> CastOutput<S, V>
where
    S: Scalar,
    V: Space<Scalar = S>,
    A: Support<S, V> + ?Sized,
    B: Support<S, V> + ?Sized,
{
    if out.status == CastStatus::StartsInside && out.normal != V::ZERO {
        let exact = exact_normal(a, xf_a, b, xf_b);
        if exact != V::ZERO {
            out.normal = exact;
        }
    }
    out
}

/// The normal of [`distance`](crate::distance) (on the shapes as the cast's body took
/// them): a rare path, kept out of line. The cast has checked the input, so this runs
/// the distance query's loop and output directly, without the query's checks and
/// its frame between them: the deepest path of the casts, 40 bytes less of Cortex-M0
/// stack (`cargo xtask size`).
#[cold]
#[inline(never)]
fn exact_normal<S, V, A, B>(a: &A, xf_a: V::Transform, b: &B, xf_b: V::Transform) -> V
where
    S: Scalar,
    V: Space<Scalar = S>,
    A: Support<S, V> + ?Sized,
    B: Support<S, V> + ?Sized,
{
    let pair = Pair::<S, A, B, V>::placed(a, xf_a, b, xf_b);
    let offset = pair.relative.translation();
    crate::query::distance::run(shared(&pair), offset, xf_a, a.radius(), b.radius(), None).normal
}

/// The body of [`shape_cast`]; in the compact form it runs on `Core` shapes, one copy for
/// all shape types and for `ray_cast` too. `ray` is the ray B's point travels along
/// when this is a ray cast: the contact point is then the ray's point at the fraction,
/// not A's surface point.
#[cfg_attr(gjk_compact, inline(never))]
pub(crate) fn cast_shapes<S, V, A, B>(
    a: &A,
    xf_a: V::Transform,
    b: &B,
    xf_b: V::Transform,
    cast: &ShapeCastInput<S, V>,
    ray: Option<&Ray<S, V>>,
) -> CastOutput<S, V>
where
    S: Scalar,
    V: Space<Scalar = S>,
    A: Support<S, V> + ?Sized,
    B: Support<S, V> + ?Sized,
{
    let usable = |value: S| value >= S::ZERO && value.is_finite();
    // The relative reach is finite only if B's translation is too (given A's) and
    // the product does not overflow.
    let reach = cast.relative_translation() * cast.max_fraction;
    let radii = checked_radii::<S, V, A, B>(a, xf_a, b, xf_b).filter(|_| {
        cast.translation_a.is_finite()
            && reach.is_finite()
            && usable(cast.max_fraction)
            && usable(cast.target_separation)
    });
    let Some((radius_a, radius_b)) = radii else {
        return invalid_output(0);
    };
    let pair = Pair::<S, A, B, V>::placed(a, xf_a, b, xf_b);
    let motion = xf_a.inv_rotate(cast.relative_translation());
    let target = radius_a + radius_b + cast.target_separation;
    let linear = LinearCast {
        offset: pair.relative.translation(),
        motion,
        max_fraction: cast.max_fraction,
        target,
    };
    let contact = match ray {
        Some(ray) => Contact::Ray(ray),
        None => Contact::Shapes {
            translation_a: cast.translation_a,
            radius_a,
        },
    };
    run(shared(&pair), &linear, contact, xf_a)
}
