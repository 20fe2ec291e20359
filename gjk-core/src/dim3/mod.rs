//! What space brings to the shared kernel: the 3D simplex solver (one to four points,
//! Bullet's regions hardened past Jolt's), which the shared loop runs for 3D
//! `distance`, `distance_cached`, `intersects` and `contains_point`, and the 3D EPA
//! polytope, which `penetration` and `project_point` run when the cores overlap.

pub(crate) mod box_axis;
pub(crate) mod closest;
pub(crate) mod epa;
pub(crate) mod face_clip;
pub(crate) mod manifold;
pub(crate) mod polytope;
pub(crate) mod separation;
pub(crate) mod simplex;
pub(crate) mod sweep;
pub(crate) mod witness;
