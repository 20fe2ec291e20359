//! The plane: the 2D simplex solver (Box2D's regions) and the queries built on the
//! shared loop for two dimensions only so far: sweeps and time of impact, contact
//! manifolds; and the plane's EPA.

pub(crate) mod contact;
pub(crate) mod epa;
pub(crate) mod manifold;
pub(crate) mod outline;
pub(crate) mod simplex;
pub(crate) mod sweep;
pub(crate) mod toi;
