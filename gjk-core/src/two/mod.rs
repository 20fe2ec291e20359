//! The plane: the 2D simplex solver (Box2D's regions) and the queries built on the
//! shared loop for two dimensions only so far: ray and shape casts, sweeps and time of
//! impact, EPA penetration, and contact manifolds.

pub(crate) mod cast;
pub(crate) mod contact;
pub(crate) mod epa;
pub(crate) mod manifold;
pub(crate) mod outline;
pub(crate) mod ray;
pub(crate) mod shape_cast;
pub(crate) mod simplex;
pub(crate) mod sweep;
pub(crate) mod toi;
