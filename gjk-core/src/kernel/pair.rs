//! The pair of shapes the loops run on: B placed in A's frame, seen as the Minkowski
//! difference `B - A` of their cores, and the checks of a query's input.

use crate::dim2::simplex::Simplex;
use crate::kernel::cache::CachedVertex;
use crate::kernel::profile::{PAIRED_SUPPORTS, support_of, supports_of};
use crate::kernel::simplex::{GjkSimplex, SimplexVertex};
use crate::space::sealed::Frame as _;
use crate::{RigidTransform, Scalar, Space, Support, SupportPoint, Vec2};

/// The Minkowski difference `B - A` of two placed cores, as the GJK loops see it.
///
/// The loops (`iterate`, the cast loop and the outputs) are generic over it; the
/// queries hand them [`shared`](crate::kernel::profile::shared)`(&pair)`, the pair itself
/// or the pair behind a vtable, as the kernel's form decides (see `profile.rs`).
pub trait MinkowskiDifference<S, V: Space<Scalar = S> = Vec2<S>> {
    /// The simplex of the pair's space, which the loops solve.
    type Simplex: GjkSimplex<S, V>;

    /// The vertex of `B - A` farthest along `-direction`.
    fn support(&self, direction: V) -> SimplexVertex<S, V>;

    /// A cached vertex rebuilt for the current placement.
    fn cached_vertex(&self, cached: &CachedVertex<S, V>) -> SimplexVertex<S, V>;
}

/// A pair in the plane: the loops' pair with the plane's simplex, which the 2D-only
/// queries (casts, EPA, manifolds) work on after the shared loop.
pub(crate) trait PlanePair<S: Scalar>:
    MinkowskiDifference<S, Vec2<S>, Simplex = Simplex<S>>
{
}

impl<S: Scalar, T> PlanePair<S> for T where
    T: MinkowskiDifference<S, Vec2<S>, Simplex = Simplex<S>> + ?Sized
{
}

/// Two shapes with B placed in A's frame: the Minkowski difference `B - A` of their
/// cores as a support mapping, in the space `V` (the plane by default).
pub(crate) struct Pair<'s, S, A: ?Sized, B: ?Sized, V: Space<Scalar = S> = Vec2<S>> {
    pub a: &'s A,
    pub b: &'s B,
    /// B's transform relative to A, prepared for the support calls.
    pub relative: V::Frame,
}

impl<'s, S: Scalar, V: Space<Scalar = S>, A: ?Sized, B: ?Sized> Pair<'s, S, A, B, V> {
    /// A placed at `xf_a` and B at `xf_b`, seen from A's frame.
    #[inline(always)]
    pub fn placed(a: &'s A, xf_a: V::Transform, b: &'s B, xf_b: V::Transform) -> Self {
        Self {
            a,
            b,
            relative: relative_frame::<S, V>(xf_a, xf_b),
        }
    }

    /// The simplex vertex of A's support point `on_a` and B's `on_b` (in B's frame),
    /// found along `direction`.
    #[inline(always)]
    fn vertex(
        &self,
        on_a: SupportPoint<S, V>,
        on_b: SupportPoint<S, V>,
        direction: V,
    ) -> SimplexVertex<S, V> {
        SimplexVertex::new(
            on_a.point,
            self.relative.transform_point(on_b.point),
            direction,
            on_a.feature,
            on_b.feature,
        )
    }
}

impl<S, V, A, B> MinkowskiDifference<S, V> for Pair<'_, S, A, B, V>
where
    S: Scalar,
    V: Space<Scalar = S>,
    A: Support<S, V> + ?Sized,
    B: Support<S, V> + ?Sized,
{
    type Simplex = V::Simplex;

    /// A supported along `direction`, B along `-direction` (taken into B's frame), B's
    /// point brought into A's frame.
    #[inline]
    fn support(&self, direction: V) -> SimplexVertex<S, V> {
        if PAIRED_SUPPORTS && V::PAIRED_SUPPORTS {
            let direction_b = self.relative.inv_rotate(-direction);
            let (on_a, on_b) = supports_of(self.a, direction, self.b, direction_b);
            return self.vertex(on_a, on_b, direction);
        }
        let on_a = support_of(self.a, direction);
        let on_b = support_of(self.b, self.relative.inv_rotate(-direction));
        self.vertex(on_a, on_b, direction)
    }

    /// From the feature ids when the shapes can name their points, otherwise supported
    /// again along the cached direction. Always inlined on hosted targets: the compiler
    /// kept it out of line, and inlining saved about 10 % of a warm-started query's
    /// instructions (callgrind, octagons).
    #[cfg_attr(not(gjk_compact), inline(always))]
    #[cfg_attr(gjk_compact, inline)]
    fn cached_vertex(&self, cached: &CachedVertex<S, V>) -> SimplexVertex<S, V> {
        let CachedVertex {
            feature_a,
            feature_b,
            direction,
            ..
        } = *cached;
        let (point_a, feature_a) = match self.a.feature_point(feature_a) {
            Some(point) => (point, feature_a),
            None => {
                let on_a = support_of(self.a, direction);
                (on_a.point, on_a.feature)
            }
        };
        let (point_b, feature_b) = match self.b.feature_point(feature_b) {
            Some(point) => (point, feature_b),
            None => {
                let on_b = support_of(self.b, self.relative.inv_rotate(-direction));
                (on_b.point, on_b.feature)
            }
        };
        SimplexVertex::new(
            point_a,
            self.relative.transform_point(point_b),
            direction,
            feature_a,
            feature_b,
        )
    }
}

/// B's transform seen from A's frame, prepared for the support calls: the pair's
/// `relative` (`translation()` is B's origin there). Out of line in the compact form,
/// where every query shares it: inlined, its rotation's products kept a query's frame
/// larger across the loops' calls (`cargo xtask size`).
#[cfg_attr(gjk_compact, inline(never))]
#[cfg_attr(not(gjk_compact), inline(always))]
fn relative_frame<S: Scalar, V: Space<Scalar = S>>(
    xf_a: V::Transform,
    xf_b: V::Transform,
) -> V::Frame {
    V::frame(&xf_a.inv_mul(xf_b))
}

/// The radii of two shapes when the query inputs are usable: valid transforms
/// ([`RigidTransform::is_valid`]) and radii that are finite and not negative. `None` means
/// the query must report invalid input.
#[inline]
pub(crate) fn checked_radii<S, V, A, B>(
    a: &A,
    xf_a: V::Transform,
    b: &B,
    xf_b: V::Transform,
) -> Option<(S, S)>
where
    S: Scalar,
    V: Space<Scalar = S>,
    A: Support<S, V> + ?Sized,
    B: Support<S, V> + ?Sized,
{
    let (radius_a, radius_b) = (a.radius(), b.radius());
    usable_inputs::<S, V>(xf_a, xf_b, radius_a, radius_b).then_some((radius_a, radius_b))
}

/// The checks of [`checked_radii`], shared by every shape pair: out of line on bare
/// metal (one copy instead of one per query and pair), inlined elsewhere.
#[cfg_attr(gjk_compact, inline(never))]
fn usable_inputs<S: Scalar, V: Space<Scalar = S>>(
    xf_a: V::Transform,
    xf_b: V::Transform,
    radius_a: S,
    radius_b: S,
) -> bool {
    // Written so that a NaN radius fails the comparison.
    let usable = |radius: S| radius >= S::ZERO && radius.is_finite();
    xf_a.is_valid() && xf_b.is_valid() && usable(radius_a) && usable(radius_b)
}
