//! What the plane brings to the shared kernel: the 2D simplex solver (Box2D's
//! regions), the plane's EPA polygon, the clipping of touching edges, and the sweep
//! of a body that translates and turns.

pub(crate) mod clip;
pub(crate) mod epa;
pub(crate) mod manifold;
pub(crate) mod separation;
pub(crate) mod simplex;
pub(crate) mod sweep;
