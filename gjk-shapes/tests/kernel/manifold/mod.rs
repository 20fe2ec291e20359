//! `manifold` and the polygons' separating-axis contacts (`collide_polygons`): against
//! the exact f64 oracle, together with the plane's `penetration` on the same scenes;
//! Box2D's public cases, feature ids kept over frames, and the regressions.

mod cases;
mod cases3d;
mod oracle;
mod oracle3d;
mod regressions;
