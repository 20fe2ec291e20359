//! `manifold` and the polygons' separating-axis contacts (`collide_polygons`): against
//! the exact f64 oracle, together with the plane's `penetration` on the same scenes;
//! Box2D's public cases, feature ids kept over frames, and the regressions; in 3D the
//! oracle, scenes known by hand, and box pairs' separating axes held to the generic
//! path.

mod box_box;
mod cases;
mod cases3d;
mod oracle;
mod oracle3d;
mod regressions;
