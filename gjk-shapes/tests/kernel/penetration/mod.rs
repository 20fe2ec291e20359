//! `penetration` (EPA): 3D pairs of every shape class against the exact f64 oracle,
//! hand-made cases in the plane and in space, and the regressions. In the plane the
//! oracle checks it on the scenes of the manifold's oracle tests.

mod cases;
mod cases3d;
mod oracle3d;
mod regressions;
