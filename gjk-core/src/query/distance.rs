//! `distance` and `distance_cached`: separation, closest points and normal of two
//! convex shapes.

use crate::kernel::profile::erase;
use crate::kernel::simplex::GjkSimplex;
use crate::kernel::{
    GjkState, MinkowskiDifference, Pair, Termination, checked_radii, iterate, seed, shared,
};
use crate::space::sealed::Frame as _;
use crate::{RigidTransform, Scalar, SimplexCache, Space, Support, Vec2};

/// What a distance query found about the pair.
///
/// ```
/// use gjk_core::{distance, DistanceStatus, Transform, Vec2};
/// use gjk_shapes::Circle;
///
/// let disc = Circle::new(Vec2::ZERO, 1.0_f32)?;
/// let at = |x: f32| Transform::from_translation(Vec2::new(x, 0.0));
/// assert_eq!(distance(&disc, at(0.0), &disc, at(3.0)).status, DistanceStatus::Separated);
/// assert_eq!(distance(&disc, at(0.0), &disc, at(1.0)).status, DistanceStatus::Overlapping);
/// assert_eq!(distance(&disc, at(0.0), &disc, at(f32::NAN)).status, DistanceStatus::InvalidInput);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DistanceStatus {
    /// The shapes are apart; `distance` is the gap between their rounded surfaces.
    Separated,
    /// The shapes touch or overlap; `distance` is zero.
    Overlapping,
    /// The iteration cap was reached before convergence while the shapes still seemed
    /// apart. The output is the best found: `distance` is an upper bound, the witness
    /// points lie on the shapes and the normal is a valid separating direction
    /// estimate. (A cap reached after the shapes were proved overlapping reports
    /// `Overlapping`, which is then certain.)
    MaxIterations,
    /// An input was not usable: a NaN or infinite coordinate, radius or transform, a
    /// negative radius, a rotation that is not unit length (see
    /// [`Rot::is_valid`](crate::Rot::is_valid)), or values so large that their squares
    /// overflow. `distance` and the witness points are NaN and the normal is zero.
    /// Also the status of [`DistanceOutput::default`], a placeholder no query has
    /// written (there is no separate "not computed" status).
    InvalidInput,
}

/// The result of [`distance`] and [`distance_cached`].
///
/// All points and vectors are in world space (the frame the transforms map into).
///
/// Precision: the distance and normal are computed in A's local frame and keep their
/// relative precision wherever the shapes are. The witness points are world
/// coordinates and carry their rounding, about `eps * |position|`: in f32, millimetre
/// shapes 1e4 units from the origin get witness points good to about a millimetre.
/// Use f64, or keep your own local frame near the shapes, when that matters.
///
/// ```
/// use gjk_core::{distance, Transform, Vec2};
/// use gjk_shapes::Rect;
///
/// let square = Rect::new(Vec2::new(1.0_f64, 1.0))?;
/// let out = distance(&square, Transform::IDENTITY, &square, Transform::from_translation(Vec2::new(5.0, 0.5)));
/// assert_eq!(out.distance, 3.0);
/// assert_eq!(out.normal, Vec2::new(1.0, 0.0));
/// assert_eq!(out.witness_b - out.witness_a, out.normal * out.distance);
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[must_use]
pub struct DistanceOutput<S, V = Vec2<S>> {
    /// Gap between the rounded surfaces: zero when they touch or overlap.
    pub distance: S,
    /// Closest point on shape A's rounded surface.
    pub witness_a: V,
    /// Closest point on shape B's rounded surface.
    pub witness_b: V,
    /// Unit normal from A towards B, along which the gap is measured. Zero when the
    /// cores themselves overlap (no direction separates them; the penetration query
    /// gives one) and for invalid input.
    pub normal: V,
    /// GJK iterations: support calls after the starting simplex.
    pub iterations: u32,
    /// What the query found.
    pub status: DistanceStatus,
}

impl<S: Scalar, V: Space<Scalar = S>> DistanceOutput<S, V> {
    /// Whether the shapes touch or overlap (`status == Overlapping`).
    ///
    /// ```
    /// use gjk_core::{distance, FeatureId, Support, SupportPoint, Transform, Vec2};
    /// struct Dot;
    /// impl Support<f32> for Dot {
    ///     fn support(&self, _d: Vec2<f32>) -> SupportPoint<f32> {
    ///         SupportPoint::new(Vec2::ZERO, FeatureId::vertex(0))
    ///     }
    ///     fn radius(&self) -> f32 { 1.0 }
    /// }
    /// let near = Transform::from_translation(Vec2::new(1.5, 0.0));
    /// assert!(distance(&Dot, Transform::IDENTITY, &Dot, near).is_overlapping());
    /// ```
    #[inline]
    pub fn is_overlapping(&self) -> bool {
        self.status == DistanceStatus::Overlapping
    }

    fn invalid(iterations: u32) -> Self {
        let nan = V::nan();
        Self {
            distance: S::nan(),
            witness_a: nan,
            witness_b: nan,
            normal: V::ZERO,
            iterations,
            status: DistanceStatus::InvalidInput,
        }
    }
}

/// The output of no query: [`DistanceStatus::InvalidInput`], with a NaN distance and
/// NaN witness points, a zero normal and zero iterations, what [`distance`] returns
/// when it rejects its input before iterating. A placeholder to fill a buffer with before a batch
/// query writes it: a slot the query never reached reads as "no answer", never as a
/// pair touching at the origin.
///
/// ```
/// use gjk_core::{DistanceOutput, DistanceStatus, Vec2};
/// let blank = DistanceOutput::<f32>::default();
/// assert_eq!(blank.status, DistanceStatus::InvalidInput);
/// assert!(blank.distance.is_nan() && blank.witness_a.x.is_nan());
/// assert_eq!((blank.normal, blank.iterations), (Vec2::ZERO, 0));
/// assert!(!blank.is_overlapping());
/// ```
impl<S: Scalar, V: Space<Scalar = S>> Default for DistanceOutput<S, V> {
    #[inline]
    fn default() -> Self {
        Self::invalid(0)
    }
}

/// Distance, closest points and normal between two convex shapes.
///
/// GJK runs on the cores of the shapes, in A's local frame; the radii are applied
/// afterwards. See [`DistanceOutput`] for the fields and [`DistanceStatus`] for what each
/// outcome means. Never panics; bad input gives [`DistanceStatus::InvalidInput`].
///
/// ```
/// use gjk_core::{distance, DistanceStatus, FeatureId, Support, SupportPoint, Transform, Vec2};
///
/// /// The square [-1, 1]^2.
/// struct Square;
/// impl Support<f64> for Square {
///     fn support(&self, d: Vec2<f64>) -> SupportPoint<f64> {
///         let x = if d.x >= 0.0 { 1.0 } else { -1.0 };
///         let y = if d.y >= 0.0 { 1.0 } else { -1.0 };
///         let id = u32::from(d.x >= 0.0) + 2 * u32::from(d.y >= 0.0);
///         SupportPoint::new(Vec2::new(x, y), FeatureId::vertex(id))
///     }
/// }
///
/// let xf_b = Transform::from_translation(Vec2::new(5.0, 0.5));
/// let out = distance(&Square, Transform::IDENTITY, &Square, xf_b);
/// assert_eq!(out.status, DistanceStatus::Separated);
/// assert_eq!(out.distance, 3.0);
/// assert_eq!(out.normal, Vec2::new(1.0, 0.0));
/// assert_eq!(out.witness_a.x, 1.0);
/// assert_eq!(out.witness_b.x, 4.0);
/// ```
///
/// The same function in 3D, for shapes that implement `Support<S, Vec3<S>>` (the
/// space is inferred from the shapes):
///
/// ```
/// use gjk_core::{distance, FeatureId, Support, SupportPoint, Transform3, Vec3};
///
/// /// A unit ball: a point core with a radius.
/// struct Ball;
/// impl Support<f64, Vec3<f64>> for Ball {
///     fn support(&self, _d: Vec3<f64>) -> SupportPoint<f64, Vec3<f64>> {
///         SupportPoint::new(Vec3::ZERO, FeatureId::vertex(0))
///     }
///     fn radius(&self) -> f64 {
///         1.0
///     }
/// }
///
/// let xf_b = Transform3::from_translation(Vec3::new(0.0, 3.0, 4.0));
/// let out = distance(&Ball, Transform3::IDENTITY, &Ball, xf_b);
/// assert_eq!(out.distance, 3.0);
/// assert_eq!(out.normal, Vec3::new(0.0, 0.6, 0.8));
/// ```
#[inline]
pub fn distance<S, V, A, B>(
    a: &A,
    xf_a: V::Transform,
    b: &B,
    xf_b: V::Transform,
) -> DistanceOutput<S, V>
where
    S: Scalar,
    V: Space<Scalar = S>,
    A: Support<S, V> + ?Sized,
    B: Support<S, V> + ?Sized,
{
    query(erase!(a), xf_a, erase!(b), xf_b, None)
}

/// [`distance`] warm-started from the simplex of a previous query on the same pair,
/// which `cache` then receives for the next call.
///
/// Between frames of coherent motion the closest features rarely change, and the
/// query then takes one iteration to confirm them. The cache works for polytopes and
/// curved shapes alike (see [`SimplexCache`]); a cache from another pair is harmless,
/// only slower.
///
/// ```
/// use gjk_core::{distance, distance_cached, FeatureId, SimplexCache, Support, SupportPoint, Transform, Vec2};
///
/// /// A unit-radius regular octagon.
/// struct Octagon;
/// impl Support<f32> for Octagon {
///     fn support(&self, d: Vec2<f32>) -> SupportPoint<f32> {
///         let mut best = (f32::NEG_INFINITY, 0, Vec2::ZERO);
///         for i in 0..8 {
///             let angle = i as f32 * core::f32::consts::FRAC_PI_4;
///             let p = Vec2::new(angle.cos(), angle.sin());
///             if p.dot(d) > best.0 {
///                 best = (p.dot(d), i, p);
///             }
///         }
///         SupportPoint::new(best.2, FeatureId::vertex(best.1))
///     }
///     fn feature_point(&self, feature: FeatureId) -> Option<Vec2<f32>> {
///         let i = feature.index().filter(|&i| i < 8)?;
///         let angle = i as f32 * core::f32::consts::FRAC_PI_4;
///         Some(Vec2::new(angle.cos(), angle.sin()))
///     }
/// }
///
/// let mut cache = SimplexCache::new();
/// let xf_a = Transform::from_position_angle(Vec2::ZERO, 0.1);
/// let xf_b = Transform::from_position_angle(Vec2::new(2.5, 0.7), 0.3);
/// let cold = distance_cached(&Octagon, xf_a, &Octagon, xf_b, &mut cache);
/// let warm = distance_cached(&Octagon, xf_a, &Octagon, xf_b, &mut cache);
/// assert!(warm.iterations < cold.iterations);
/// assert!((warm.distance - cold.distance).abs() < 1e-6);
/// assert_eq!(cold, distance(&Octagon, xf_a, &Octagon, xf_b));
/// ```
#[inline]
pub fn distance_cached<S, V, A, B>(
    a: &A,
    xf_a: V::Transform,
    b: &B,
    xf_b: V::Transform,
    cache: &mut SimplexCache<S, V>,
) -> DistanceOutput<S, V>
where
    S: Scalar,
    V: Space<Scalar = S>,
    A: Support<S, V> + ?Sized,
    B: Support<S, V> + ?Sized,
{
    query(erase!(warm a), xf_a, erase!(warm b), xf_b, Some(cache))
}

/// The body of the two entry points: warm-starts from `cache` when given and leaves
/// the final simplex in it (an empty cache after rejected input). In the compact form
/// it runs on `Core` shapes, one copy for all shape types.
#[cfg_attr(gjk_compact, inline(never))]
pub(crate) fn query<S, V, A, B>(
    a: &A,
    xf_a: V::Transform,
    b: &B,
    xf_b: V::Transform,
    cache: Option<&mut SimplexCache<S, V>>,
) -> DistanceOutput<S, V>
where
    S: Scalar,
    V: Space<Scalar = S>,
    A: Support<S, V> + ?Sized,
    B: Support<S, V> + ?Sized,
{
    let Some((radius_a, radius_b)) = checked_radii::<S, V, A, B>(a, xf_a, b, xf_b) else {
        if let Some(cache) = cache {
            cache.clear();
        }
        return DistanceOutput::invalid(0);
    };
    let pair = Pair::<S, A, B, V>::placed(a, xf_a, b, xf_b);
    run(
        shared(&pair),
        pair.relative.translation(),
        xf_a,
        radius_a,
        radius_b,
        cache,
    )
}

/// The query on checked input: GJK from the cache or from `offset` (B's origin in A's
/// frame), the cache updated, the output in world space. In the compact form it takes
/// the shared pair and is never inlined, so the distance query and the exact starting
/// normal of the casts share one copy. Always inlined on hosted targets: with the
/// casts' exact normal as a second caller the compiler kept it out of line, and
/// `distance` called beside `shape_cast` on the same shapes took 6 to 10 % longer
/// (`patterns`).
#[cfg_attr(gjk_compact, inline(never))]
#[cfg_attr(not(gjk_compact), inline(always))]
pub(crate) fn run<S: Scalar, V: Space<Scalar = S>, D: MinkowskiDifference<S, V> + ?Sized>(
    pair: &D,
    offset: V,
    xf_a: V::Transform,
    radius_a: S,
    radius_b: S,
    cache: Option<&mut SimplexCache<S, V>>,
) -> DistanceOutput<S, V> {
    let mut simplex = seed(pair, offset, cache.as_deref());
    let state = iterate::<S, V, D, false, true>(pair, &mut simplex, radius_a + radius_b);
    if let Some(cache) = cache {
        cache.store(&simplex);
    }
    // Apart at the query's own scale (a rescued loop's points would lose their digits
    // again here): the witnesses from the shapes where a core is curved, unless the
    // build leaves them out for flash (the `curved-witnesses` feature).
    let apart = cfg!(feature = "curved-witnesses")
        && matches!(
            state.termination,
            Termination::Converged | Termination::Separated
        )
        && state.unscale == S::ONE;
    let out = finish(&state, &simplex, xf_a, radius_a, radius_b);
    match apart
        .then(|| V::polished(pair, &simplex, state.closest))
        .flatten()
    {
        Some([core_a, core_b, normal]) => DistanceOutput {
            witness_a: xf_a.transform_point(core_a + normal * radius_a),
            witness_b: xf_a.transform_point(core_b - normal * radius_b),
            normal: xf_a.rotate(normal),
            ..out
        },
        None => out,
    }
}

/// Turns the GJK state into world-space output with the radii applied.
///
/// Out of line in the compact form: its temporaries then never share a frame with the
/// loop's (measured on Cortex-M0, `cargo xtask size`). Always inlined on hosted
/// targets, where the compiler kept it out of line otherwise, at a cost in
/// instructions (callgrind, octagons).
#[cfg_attr(gjk_compact, inline(never))]
#[cfg_attr(not(gjk_compact), inline(always))]
fn finish<S: Scalar, V: Space<Scalar = S>, X: GjkSimplex<S, V>>(
    state: &GjkState<S, V>,
    simplex: &X,
    xf_a: V::Transform,
    radius_a: S,
    radius_b: S,
) -> DistanceOutput<S, V> {
    let iterations = state.iterations;
    let (core_a, core_b) = simplex.witness_points();
    let to_world = |point| xf_a.transform_point(point);
    match state.termination {
        Termination::InvalidInput => DistanceOutput::invalid(iterations),
        Termination::CoresOverlap => DistanceOutput {
            distance: S::ZERO,
            witness_a: to_world(core_a),
            witness_b: to_world(core_b),
            normal: V::ZERO,
            iterations,
            status: DistanceStatus::Overlapping,
        },
        // `Separated` is produced only by the overlap test; treat it as converged.
        Termination::Converged | Termination::MaxIterations | Termination::Separated => {
            // The length at the loop's scale, then scaled back: squared at the query's
            // scale a tiny one would underflow again.
            let scaled_distance = state.closest.length();
            let normal = unit_direction(state.closest, scaled_distance);
            // Back from the scale of a rescue (`gjk::iterate`); by one otherwise.
            let core_distance = scaled_distance * state.unscale;
            // In space, B's core point is A's plus the closest point, taken back to the
            // query's scale as the distance is (see `Kernel::WITNESS_B_FROM_A`).
            let core_b = if V::WITNESS_B_FROM_A {
                core_a + state.closest * state.unscale
            } else {
                core_b
            };
            // Surface points stay on the rounded surfaces even when they overlap, so
            // they move smoothly as the shapes come together (as in Box2D).
            let witness_a = to_world(core_a + normal * radius_a);
            let witness_b = to_world(core_b - normal * radius_b);
            let gap = core_distance - (radius_a + radius_b);
            let (distance, status) = if gap > S::ZERO {
                let status = if state.termination == Termination::MaxIterations {
                    DistanceStatus::MaxIterations
                } else {
                    DistanceStatus::Separated
                };
                (gap, status)
            } else {
                // |v| bounds the core distance from above, so this is certain even
                // when the cap was reached.
                (S::ZERO, DistanceStatus::Overlapping)
            };
            DistanceOutput {
                distance,
                witness_a,
                witness_b,
                normal: xf_a.rotate(normal),
                iterations,
                status,
            }
        }
    }
}

/// `closest / length`, its length `length`; for a vector so short that its squared
/// length falls below the normal range of `S` (coordinates under about 1e-19 in `f32`),
/// the direction of the vector scaled up first, because the subnormal square has lost
/// its digits (fuzzing found normals 7 % too long, and witness points pushed off their
/// shapes by that much of the radius).
#[inline]
fn unit_direction<S: Scalar, V: Space<Scalar = S>>(closest: V, length: S) -> V {
    if length * length >= S::min_positive_value() {
        closest / length
    } else {
        let scaled = closest / closest.max_abs();
        scaled / scaled.length()
    }
}
