//! How the queries are compiled, chosen once for the whole kernel.
//!
//! Every query is written once, generic over its shapes. Its public entry hands the
//! shapes to its body through [`erase!`] and the body hands its pair of shapes to the
//! loops through [`shared`]; what those two give decides the form:
//!
//! - **hosted** (the default): the shapes themselves. Each shape pair gets its own
//!   copy of the body and the loops, and the shapes' support functions are called
//!   out of line ([`support_of`]), so a query costs the same whatever code calls it.
//! - **compact** (`cfg(gjk_compact)`, set by the build script on bare-metal targets
//!   and by the `compact` feature): the shapes behind a [`Core`] vtable and the pair
//!   behind a `MinkowskiDifference` vtable, so the bodies and loops exist once per
//!   scalar type and space whatever the shape types: the kernel fits its flash budget
//!   however many shape pairs a firmware queries.
//!
//! Both forms run the same arithmetic in the same order, so their answers are
//! bit-identical: CI runs the host tests in both, and the conformance table's hash is
//! the same on the host and on the Cortex-M boards. Beyond this module the forms
//! differ only in inlining attributes, which keep the compact form's larger bodies
//! out of line where `cargo xtask size` measured that it saves flash or stack, and in
//! the three constants below that the loops read: whether a finished loop first tries
//! the two-comparison window check ([`WINDOW_PRE_CHECK`]), whether a query's first
//! run is compiled apart from the rescue loop ([`FIRST_RUN_OF_ITS_OWN`]), and whether
//! both shapes' supports come from one call ([`PAIRED_SUPPORTS`]).

use crate::kernel::MinkowskiDifference;
use crate::kernel::simplex::SimplexVertex;
use crate::{FeatureId, Scalar, Space, Support, SupportPoint, Vec2};

/// A query's shape as its body takes it: the shape itself (hosted), or the shape
/// behind a [`Core`] vtable (compact). The wrapper of the compact form is a temporary
/// that lives to the end of the statement holding the call. `erase!(warm shape)` is
/// for the queries that rebuild a cached simplex from its feature ids; the others see
/// no feature points (see [`CoreOf`]).
#[cfg(not(gjk_compact))]
macro_rules! erase {
    (warm $shape:expr) => {
        $shape
    };
    ($shape:expr) => {
        $shape
    };
}

/// A query's shape as its body takes it: the shape itself (hosted), or the shape
/// behind a [`Core`] vtable (compact). The wrapper of the compact form is a temporary
/// that lives to the end of the statement holding the call. `erase!(warm shape)` is
/// for the queries that rebuild a cached simplex from its feature ids; the others see
/// no feature points (see [`CoreOf`]).
#[cfg(gjk_compact)]
macro_rules! erase {
    (warm $shape:expr) => {
        &$crate::kernel::profile::CoreOf::<_, true>($shape)
            as &dyn $crate::kernel::profile::Core<_, _>
    };
    ($shape:expr) => {
        &$crate::kernel::profile::CoreOf::<_, false>($shape)
            as &dyn $crate::kernel::profile::Core<_, _>
    };
}

pub(crate) use erase;

/// The pair as the loops take it: itself (hosted), with loops of its own for every
/// shape pair.
#[cfg(not(gjk_compact))]
#[inline(always)]
pub(crate) fn shared<S, V: Space<Scalar = S>, D: MinkowskiDifference<S, V>>(pair: &D) -> &D {
    pair
}

/// The pair as the loops take it: behind a vtable (compact), one copy of the loops for
/// every pair.
#[cfg(gjk_compact)]
#[inline(always)]
pub(crate) fn shared<'p, S: 'p, V: Space<Scalar = S> + 'p, D: MinkowskiDifference<S, V> + 'p>(
    pair: &'p D,
) -> &'p (dyn MinkowskiDifference<S, V, Simplex = D::Simplex> + 'p) {
    pair
}

/// Whether a loop that ended checks with two comparisons whether it surely ended on
/// points inside the rescaling window (`rescale::surely_inside_window`) before the
/// exact check (`Simplex::rescue_factor`), which scans the simplex: on hosted targets,
/// where going to the scan every time took 2 to 3 % longer per polygon `distance`;
/// not in the compact form, where the pre-check cost 128 bytes of flash on the
/// Cortex-M4F.
pub(crate) const WINDOW_PRE_CHECK: bool = !cfg!(gjk_compact);

/// Whether a query's first run of the GJK or cast loop is made apart from the runs a
/// rescue adds: inlined in the query with no scale at all, the rescue's runs out of
/// line (`gjk::runs_after`, `cast::recast`). On hosted targets, where one loop for
/// every run, its scale known only at run time, cost 12 % of a 3D box `distance` and
/// 2 % in the plane (peers3d_interleaved, patterns). Not in the compact form, where
/// one copy of each loop is the point: its first run is the rescue loop's first.
pub(crate) const FIRST_RUN_OF_ITS_OWN: bool = !cfg!(gjk_compact);

/// A new support point at the scale of a loop's points: multiplied by the rescue's
/// factor when there is one (a rescued run, see `iterate`). The two forms run the
/// loops' first and rescued runs through one copy of the code, `scale` known only at
/// run time:
/// - hosted, a branch, which the processor predicts: a multiplication by one sat on
///   the loop's chain of dependent operations, 1 to 3 % of a `distance` query;
/// - compact, a multiplication by one (exact, the same bits): a branch let the
///   compiler split the shared loop into two copies, 2 KB of flash at opt-level "s".
#[inline(always)]
pub(crate) fn scale_vertex<S: Scalar, V: Space<Scalar = S>>(
    vertex: &mut SimplexVertex<S, V>,
    scale: Option<S>,
) {
    if cfg!(gjk_compact) {
        vertex.scale(scale.unwrap_or(S::ONE));
    } else if let Some(factor) = scale {
        vertex.scale(factor);
    }
}

/// A shape's support as the loops call it: a call, never inlined into them, whatever
/// the shape type and however the query was called, so that its cost does not depend
/// on the caller's code.
///
/// Inlined into the loop, a polygon's branch-free scan of its vertices compiled to a
/// conditional branch per vertex (x86-64): callgrind's branch simulation counted 9.3
/// mispredicted branches per octagon `distance` against 4.0 out of line, the query's
/// function held 2874 instructions against 1612, and the query took 209 ns on
/// concrete octagons where the same query through `&dyn Support` or an enum of shapes
/// took 165; out of line it takes 163 in every calling pattern
/// (`benches/examples/patterns.rs`), for 5 % more instructions. In the compact form
/// the shapes are already behind a vtable (see [`Core`]) and this adds nothing.
#[cfg_attr(not(gjk_compact), inline(never))]
#[cfg_attr(gjk_compact, inline(always))]
pub(crate) fn support_of<S, V, T>(shape: &T, direction: V) -> SupportPoint<S, V>
where
    S: Scalar,
    V: Space<Scalar = S>,
    T: Support<S, V> + ?Sized,
{
    shape.support(direction)
}

/// Whether the loops may ask both shapes for their supports in one call
/// ([`supports_of`]) where the space allows it (`Kernel::PAIRED_SUPPORTS`): on hosted
/// targets. Not in the compact form, where the shapes are behind a vtable already and
/// computing B's direction before A's support call cost 8 to 20 bytes of flash.
pub(crate) const PAIRED_SUPPORTS: bool = !cfg!(gjk_compact);

/// Both shapes' supports in one call, never inlined into the loops (see
/// [`support_of`]): the two scans are independent, and inside one small function the
/// processor overlaps them.
#[inline(never)]
pub(crate) fn supports_of<S, V, A, B>(
    a: &A,
    direction_a: V,
    b: &B,
    direction_b: V,
) -> (SupportPoint<S, V>, SupportPoint<S, V>)
where
    S: Scalar,
    V: Space<Scalar = S>,
    A: Support<S, V> + ?Sized,
    B: Support<S, V> + ?Sized,
{
    (a.support(direction_a), b.support(direction_b))
}

/// One shape's core as the compact form's bodies see it: its support, feature points
/// and radius behind a vtable of three entries, `Support`'s methods, reached through a
/// wrapper ([`CoreOf`]) that is sized whatever the shape, so that a shape already
/// behind `dyn Support` goes behind it too. The cold path of rescaled queries
/// (`rescale.rs`) runs on `Core` shapes in both forms.
pub(crate) trait Core<S, V = Vec2<S>> {
    /// [`Support::support`].
    fn core_support(&self, direction: V) -> SupportPoint<S, V>;
    /// [`Support::feature_point`].
    fn core_feature_point(&self, feature: FeatureId) -> Option<V>;
    /// [`Support::radius`].
    fn core_radius(&self) -> S;
}

/// A shape seen as a [`Core`]: with its feature points (`NAMED`), or, for the queries
/// that never rebuild a cached simplex, as a shape that names none. A vtable links
/// every function it holds, so the second keeps each shape's `feature_point` out of a
/// firmware that makes no warm-started query: about 120 bytes of the 3D distance
/// probe on the Cortex-M4F (`cargo xtask size`). Naming no points is always a correct
/// answer (a cached vertex is then supported again), so nothing depends on the choice
/// but size and speed.
pub(crate) struct CoreOf<'s, T: ?Sized, const NAMED: bool>(pub &'s T);

impl<S, V, T, const NAMED: bool> Core<S, V> for CoreOf<'_, T, NAMED>
where
    S: Scalar,
    V: Space<Scalar = S>,
    T: Support<S, V> + ?Sized,
{
    #[inline]
    fn core_support(&self, direction: V) -> SupportPoint<S, V> {
        self.0.support(direction)
    }
    #[inline]
    fn core_feature_point(&self, feature: FeatureId) -> Option<V> {
        if NAMED {
            self.0.feature_point(feature)
        } else {
            None
        }
    }
    #[inline]
    fn core_radius(&self) -> S {
        self.0.radius()
    }
}

impl<S: Scalar, V: Space<Scalar = S>> Support<S, V> for dyn Core<S, V> + '_ {
    #[inline]
    fn support(&self, direction: V) -> SupportPoint<S, V> {
        self.core_support(direction)
    }
    #[inline]
    fn radius(&self) -> S {
        self.core_radius()
    }
    #[inline]
    fn feature_point(&self, feature: FeatureId) -> Option<V> {
        self.core_feature_point(feature)
    }
}
