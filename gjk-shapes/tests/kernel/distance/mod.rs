//! `distance`, `distance_cached` and `intersects`, in the plane and in space: against
//! the exact f64 oracle (random pairs of every shape class, and the 3D families that
//! defeat absolute thresholds), on Box2D's public cases, on invalid transforms, and
//! the regressions.

mod cases;
mod families3d;
mod invalid_input;
mod oracle;
mod oracle3d;
pub mod regressions;
mod witness3d;
mod witness3d_pairs;
