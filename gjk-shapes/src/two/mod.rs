//! The plane's shapes: points, circles, segments, capsules, ellipses, boxes and
//! convex polygons (with the hull builder and the validation they share), the shape
//! enum engines store, the transformed combinator, analytic ray casts and point
//! projections, and the polygon manifold (`collide.rs`).

pub(crate) mod collide;
pub(crate) mod convexity;
pub(crate) mod ellipse;
mod hull_builder;
pub(crate) mod polygon;
pub(crate) mod project;
pub(crate) mod ray;
pub(crate) mod rect;
pub(crate) mod shape;
pub(crate) mod vertices;
