//! `penetration`: how deep two shapes overlap, and along which direction they separate
//! fastest (the minimum translation), by GJK and then EPA, in either dimension. Each
//! dimension's EPA (`dim2/epa.rs`, `dim3/epa.rs`) answers with a [`Deepest`].

use crate::kernel::profile::erase;
use crate::kernel::rescale::{Scaled, scaled_about};
use crate::kernel::simplex::GjkSimplex as _;
use crate::kernel::{
    Core, CoreOf, Pair, Termination, checked_radii, iterate, rescue_factor, seed, shared,
};
use crate::space::sealed::Frame as _;
use crate::{RigidTransform, Scalar, Space, Support, Vec2};

/// Why EPA stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EpaEnd {
    /// The nearest face is found within the relative gap (or exactly), or no face can
    /// beat the upper bound found.
    Converged,
    /// The polytope could not grow further, or the support budget is spent: the
    /// answer is the best upper bound found.
    MaxIterations,
    /// `D` has no volume (no area in the plane): parallel segment cores, coincident
    /// points, coplanar flat cores in 3D. Every side is as deep, the depth is zero.
    Flat,
    /// A support point was not finite.
    InvalidInput,
}

/// What a dimension's EPA found, in A's frame.
#[derive(Clone, Copy, Debug)]
pub struct Deepest<S, V> {
    /// Unit normal from A to B: moving B by `depth` along it separates the cores.
    pub normal: V,
    /// How far the cores overlap along `normal` (zero when they only touch).
    pub depth: S,
    /// The deepest point of A's core (B's is `core_a - depth * normal`).
    pub core_a: V,
    /// Support calls made by EPA.
    pub iterations: u32,
    /// Why EPA stopped.
    pub end: EpaEnd,
}

/// What [`penetration`] found.
///
/// ```
/// use gjk_core::{penetration, PenetrationStatus, Transform, Vec2};
/// use gjk_shapes::Rect;
///
/// let square = Rect::new(Vec2::new(0.5_f64, 0.5))?;
/// let out = penetration(&square, Transform::IDENTITY, &square, Transform::from_translation(Vec2::new(0.75, 0.0)));
/// assert_eq!(out.status, PenetrationStatus::Penetrating);
/// assert_eq!((out.depth, out.normal), (0.25, Vec2::new(1.0, 0.0)));
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PenetrationStatus {
    /// The shapes overlap (or touch): `depth >= 0` is the length of the shortest
    /// translation of B that separates them, along `normal`.
    Penetrating,
    /// The shapes are apart: `depth < 0` is minus their distance and `normal` points
    /// from A to B, as in [`distance`](crate::distance).
    Separated,
    /// An iteration cap was reached, GJK's or EPA's, and the answer could not be
    /// certified: the values are the best found. Reported so that a contact is never
    /// silently lost or made up.
    ///
    /// From EPA, `depth` is an upper bound of the overlap, and moving B by `depth`
    /// along `normal` separates the shapes (or leaves them touching): it is the least
    /// of the local minima of the depth found from every direction that could still
    /// hold a smaller one, in practice the exact depth in the plane and within a few
    /// parts in 1e9 of it in 3D (`f64`), but EPA could not prove that no direction is
    /// shallower.
    ///
    /// Where it happens: deep inside nearly round curved shapes, where the depth is
    /// nearly the same every way (a point within a few thousandths of the size from
    /// the centre of an ellipse flattened by less than a thousandth; at the very
    /// centre of a circle it cannot be avoided, as every polygon inscribed in the
    /// circle fits the same support values). EPA's polytope then fills with faces that
    /// are all still open. Overlapping pairs of ellipses, rather than a point deep in
    /// one, end `Penetrating`. GJK's own cap (48 iterations in `f32`, 128 in `f64`) is
    /// not reached by convex shapes short of slivers.
    ///
    /// In 3D the polytope's faces tile a surface, not a curve, and it fills sooner:
    /// points deep inside ellipsoids (within about a third of the size from the
    /// centre) end here, as do points on a cone's axis, where every way out across
    /// the lateral surface is as short. Overlaps shallower than about 5 % of the
    /// smaller shape end `Penetrating`.
    ///
    /// What to do: use the values as a contact. `depth` errs on the deep side, so
    /// moving B by it along `normal` separates the shapes.
    MaxIterations,
    /// NaN or infinite input, a negative radius, a rotation that is not unit length;
    /// `depth` and the points NaN, `normal` zero.
    InvalidInput,
}

/// The result of [`penetration`], in world space.
///
/// For every status but `InvalidInput`, `witness_b = witness_a - depth * normal`: the
/// witness points are the deepest points of each shape's surface, and moving B by
/// `depth * normal` makes them (and the shapes) just touch.
///
/// ```
/// use gjk_core::{penetration, PenetrationStatus, Transform, Vec2};
/// use gjk_shapes::Rect;
///
/// let square = Rect::new(Vec2::new(0.5_f64, 0.5))?;
/// let out = penetration(&square, Transform::IDENTITY, &square, Transform::from_translation(Vec2::new(0.75, 0.0)));
/// assert_eq!(out.status, PenetrationStatus::Penetrating);
/// assert_eq!((out.depth, out.normal), (0.25, Vec2::new(1.0, 0.0)));
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[must_use]
pub struct PenetrationOutput<S, V = Vec2<S>> {
    /// The overlap along `normal` (positive when penetrating, minus the distance when
    /// separated).
    pub depth: S,
    /// Unit normal from A to B: the direction B moves to separate by the shortest way.
    pub normal: V,
    /// The point of A's surface deepest inside B (or closest to B when separated).
    pub witness_a: V,
    /// The point of B's surface deepest inside A (or closest to A when separated).
    pub witness_b: V,
    /// Support calls of GJK and EPA together.
    pub iterations: u32,
    /// What was found.
    pub status: PenetrationStatus,
}

impl<S: Scalar, V: Space<Scalar = S>> PenetrationOutput<S, V> {
    /// Whether the shapes overlap or touch (`status == Penetrating`).
    ///
    /// ```
    /// use gjk_core::{PenetrationOutput, PenetrationStatus, Vec2};
    /// let apart = PenetrationOutput::<f32> {
    ///     depth: -1.0,
    ///     normal: Vec2::X,
    ///     witness_a: Vec2::ZERO,
    ///     witness_b: Vec2::X,
    ///     iterations: 2,
    ///     status: PenetrationStatus::Separated,
    /// };
    /// assert!(!apart.is_penetrating());
    /// ```
    #[inline]
    pub fn is_penetrating(&self) -> bool {
        self.status == PenetrationStatus::Penetrating
    }

    fn invalid(iterations: u32) -> Self {
        let nan = V::nan();
        Self {
            depth: S::nan(),
            normal: V::ZERO,
            witness_a: nan,
            witness_b: nan,
            iterations,
            status: PenetrationStatus::InvalidInput,
        }
    }
}

/// The penetration depth of two overlapping shapes, in the plane or in 3D: the length
/// and direction of the shortest translation of B that separates them, with the
/// deepest points.
///
/// GJK runs on the cores first. When the cores are apart, the answer follows from
/// their distance and the radii (exact for rounded shapes: circles, capsules, spheres,
/// rounded polygons and boxes); when they overlap, EPA (`dim2/epa.rs`, `dim3/epa.rs`)
/// expands GJK's last simplex into the Minkowski difference until the face nearest
/// the origin is certain: exactly on polytopes, within a relative
/// `Scalar::GJK_RELATIVE_GAP` on smooth shapes. Storage is a fixed polytope on the
/// stack, no allocation: 64 vertices in the plane (about 2.8 KB in `f32`, 5 KB in
/// `f64`), 64 vertices and 124 triangles in 3D (about 6 KB in `f32`, 10 KB in `f64`).
/// Firmware that only needs to know whether shapes overlap should call
/// [`intersects`](crate::intersects) or [`distance`](crate::distance), which need far
/// less.
///
/// Cores whose Minkowski difference is flat (parallel segments, coincident points,
/// coplanar flat cores in 3D) overlap equally along both sides of it: the depth is
/// zero, and the normal is the side to the left of the segment's direction in the
/// plane (a direction across the segment, or the plane's normal, in 3D), or A's local
/// x axis for coincident points.
///
/// ```
/// use gjk_core::{penetration, PenetrationStatus, Transform, Vec2};
/// use gjk_shapes::Rect;
///
/// // Box2D's case: unit boxes with centres 0.9 apart overlap by 0.1 along x.
/// let square = Rect::new(Vec2::new(0.5_f64, 0.5))?;
/// let xf_b = Transform::from_translation(Vec2::new(0.9, 0.2));
/// let out = penetration(&square, Transform::IDENTITY, &square, xf_b);
/// assert_eq!(out.status, PenetrationStatus::Penetrating);
/// assert!((out.depth - 0.1).abs() < 1e-15);
/// assert_eq!(out.normal, Vec2::new(1.0, 0.0));
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
///
/// In 3D, with [`Transform3`](crate::Transform3)s and [`Vec3`](crate::Vec3)s:
///
/// ```
/// use gjk_core::{penetration, PenetrationStatus, Transform3, Vec3};
/// use gjk_shapes::{Cuboid, Sphere};
///
/// // A unit cube and a ball of radius 0.5 whose centre is 0.25 inside its top face.
/// let cube = Cuboid::new(Vec3::new(0.5_f32, 0.5, 0.5))?;
/// let ball = Sphere::new(Vec3::ZERO, 0.5)?;
/// let xf_ball = Transform3::from_translation(Vec3::new(0.1, 0.0, 0.25));
/// let out = penetration(&cube, Transform3::IDENTITY, &ball, xf_ball);
/// assert_eq!(out.status, PenetrationStatus::Penetrating);
/// assert!((out.depth - 0.75).abs() < 1e-6);
/// assert_eq!(out.normal, Vec3::Z);
/// assert!((out.witness_b - (out.witness_a - out.normal * out.depth)).length() < 1e-6);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
pub fn penetration<S, V, A, B>(
    a: &A,
    xf_a: V::Transform,
    b: &B,
    xf_b: V::Transform,
) -> PenetrationOutput<S, V>
where
    S: Scalar,
    V: Space<Scalar = S>,
    A: Support<S, V> + ?Sized,
    B: Support<S, V> + ?Sized,
{
    let (a, b) = (erase!(a), erase!(b));
    let (first, rescue) = measured(a, xf_a, b, xf_b);
    match rescue {
        None => first,
        Some(factor) => rescaled(
            first,
            &CoreOf::<_, false>(a),
            xf_a,
            &CoreOf::<_, false>(b),
            xf_b,
            factor,
        ),
    }
}

/// The query on the shapes scaled by `factor` (see `rescale.rs`), its lengths scaled
/// back; `first` when the scaled query cannot be computed.
///
/// On `Core` shapes, so the body is generated once per scalar type, off the hot path:
/// out of line on hosted targets, inlined in the compact form (where the queries run on
/// `Core` shapes anyway).
#[cold]
#[cfg_attr(not(gjk_compact), inline(never))]
#[cfg_attr(gjk_compact, inline)]
fn rescaled<S: Scalar, V: Space<Scalar = S>>(
    first: PenetrationOutput<S, V>,
    a: &dyn Core<S, V>,
    xf_a: V::Transform,
    b: &dyn Core<S, V>,
    xf_b: V::Transform,
    factor: S,
) -> PenetrationOutput<S, V> {
    // In A's frame moved to the world origin: the factor is capped by the pair's
    // extent (see `measured`), not by where the pair is, and A's world position times
    // the factor can overflow (a point at the centre of a capsule of radius 1.5 at
    // (1.5, 1.5), whose core is a point 1e-39 long, would come out at an infinite
    // witness).
    let origin = xf_a.translation();
    let (scaled, _) = measured(
        &CoreOf::<_, false>(&Scaled { shape: a, factor }) as &dyn Core<S, V>,
        scaled_about::<S, V>(xf_a, origin, factor),
        &CoreOf::<_, false>(&Scaled { shape: b, factor }) as &dyn Core<S, V>,
        scaled_about::<S, V>(xf_b, origin, factor),
    );
    if scaled.status == PenetrationStatus::InvalidInput {
        return first;
    }
    let unscale = S::ONE / factor;
    PenetrationOutput {
        depth: scaled.depth * unscale,
        witness_a: scaled.witness_a * unscale + origin,
        witness_b: scaled.witness_b * unscale + origin,
        ..scaled
    }
}

/// The query as it is, with the rescaling factor of the points GJK ended on, if any
/// (EPA grows its polytope from them, over the same shapes).
#[inline]
fn measured<S, V, A, B>(
    a: &A,
    xf_a: V::Transform,
    b: &B,
    xf_b: V::Transform,
) -> (PenetrationOutput<S, V>, Option<S>)
where
    S: Scalar,
    V: Space<Scalar = S>,
    A: Support<S, V> + ?Sized,
    B: Support<S, V> + ?Sized,
{
    let Some((radius_a, radius_b)) = checked_radii(a, xf_a, b, xf_b) else {
        return (PenetrationOutput::invalid(0), None);
    };
    let pair = Pair::<S, A, B, V>::placed(a, xf_a, b, xf_b);
    let radius = radius_a + radius_b;
    let mut simplex = seed(shared(&pair), pair.relative.translation(), None);
    let state = iterate::<S, V, _, false, false>(shared(&pair), &mut simplex, radius);
    let mut iterations = state.iterations;
    // Capped by the pair's extent, as in `gjk::rescue_factor`: a polygon with a vertex
    // at its origin touching a point there made a simplex of 1e-39 and a factor that
    // overflowed the polygon's other vertices (an infinite depth, found by fuzzing).
    // The radii count in the extent: the scaled query adds them to the core points.
    let rescue = rescue_factor(shared(&pair), &simplex, S::ZERO, radius, false);
    let (core_a, normal, core_depth, status) = match state.termination {
        Termination::InvalidInput => return (PenetrationOutput::invalid(iterations), rescue),
        Termination::CoresOverlap => {
            let deepest = V::expand(shared(&pair), &simplex);
            iterations += deepest.iterations;
            let status = match deepest.end {
                EpaEnd::InvalidInput => {
                    return (PenetrationOutput::invalid(iterations), rescue);
                }
                EpaEnd::MaxIterations => PenetrationStatus::MaxIterations,
                EpaEnd::Converged | EpaEnd::Flat => PenetrationStatus::Penetrating,
            };
            (deepest.core_a, deepest.normal, deepest.depth, status)
        }
        Termination::Converged | Termination::MaxIterations | Termination::Separated => {
            let (core_a, _) = simplex.witness_points();
            let core_distance = state.closest.length();
            let normal = state.closest.normalized().unwrap_or(V::FIRST_AXIS);
            let depth = radius - core_distance;
            let status = if state.termination == Termination::MaxIterations {
                PenetrationStatus::MaxIterations
            } else if depth >= S::ZERO {
                PenetrationStatus::Penetrating
            } else {
                PenetrationStatus::Separated
            };
            (core_a, normal, -core_distance, status)
        }
    };
    let depth = core_depth + radius;
    // B's core point from A's, so that `witness_b = witness_a - depth * normal` holds to the
    // rounding of the world coordinates. The two core points the loops give differ
    // by the normal times the depth only as far as their weights allow: in 3D the
    // closest point of a sliver face is taken from its plane and its weights from
    // areas, and on curved shapes an answer from EPA's bound is a support point whose
    // offset across the normal is not quite zero. Either would move B's point off the
    // identity by up to 2e-10 L in f64 and 1.5e-5 L in f32 (the 3D oracle tests), so
    // B's point carries that difference instead, along its surface.
    let core_b = core_a - normal * core_depth;
    let to_world = |point| xf_a.transform_point(point);
    let out = PenetrationOutput {
        depth,
        normal: xf_a.rotate(normal),
        witness_a: to_world(core_a + normal * radius_a),
        witness_b: to_world(core_b - normal * radius_b),
        iterations,
        status,
    };
    (out, rescue)
}
