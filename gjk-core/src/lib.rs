//! # gjk-core
//!
//! A `no_std`, allocation-free collision kernel over any convex shape that can
//! answer "which of your points lies farthest along this direction?" (the [`Support`]
//! trait), in the plane and in 3D (the [`Space`] a shape's support mapping lives in).
//!
//! - [`distance`]: gap, closest points and normal between two shapes, with an explicit
//!   [`DistanceStatus`]; [`distance_cached`] warm-starts it between frames with a
//!   [`SimplexCache`]. In both dimensions.
//! - [`intersects`]: the overlap test, exiting at the first separating axis. In both.
//! - [`penetration`]: how deep overlapping shapes are and along which normal they
//!   separate (EPA); [`project_point`] and [`contains_point`]: a point's nearest
//!   surface point and signed distance, and whether a shape holds it. In both.
//! - [`ray_cast`], [`shape_cast`]: where a ray first meets a shape, and when shapes
//!   moving in straight lines first touch. In both. [`time_of_impact`]: when shapes
//!   that move and turn ([`Sweep`], [`Sweep3`]) first touch. In both.
//! - [`manifold`]: contact points with feature ids for solvers, with
//!   [`Manifold::to_world`] and [`point_states`] between frames. In both.
//!
//! Everything is generic over [`Scalar`] (`f32` and `f64`), which carries the
//! tolerances. Queries never panic, never allocate and never loop without bound: bad
//! input and non-convergence are reported as statuses, not disguised as answers.
//!
//! Concrete shapes (circles, capsules, boxes, polygons, ellipses and combinators) live
//! in the `gjk-shapes` crate; any type implementing [`Support`] works here.
//!
//! ```
//! use gjk_core::{distance, intersects, FeatureId, Support, SupportPoint, Transform, Vec2};
//!
//! /// A segment from (-1, 0) to (1, 0) with a radius: a capsule.
//! struct Capsule(f32);
//! impl Support<f32> for Capsule {
//!     fn support(&self, d: Vec2<f32>) -> SupportPoint<f32> {
//!         let i = u32::from(d.x >= 0.0);
//!         SupportPoint::new(Vec2::new(if d.x >= 0.0 { 1.0 } else { -1.0 }, 0.0), FeatureId::vertex(i))
//!     }
//!     fn radius(&self) -> f32 { self.0 }
//! }
//!
//! let xf_a = Transform::IDENTITY;
//! let xf_b = Transform::from_translation(Vec2::new(0.0, 3.0));
//! let out = distance(&Capsule(0.5), xf_a, &Capsule(0.5), xf_b);
//! assert_eq!(out.distance, 2.0);
//! assert_eq!(out.normal, Vec2::new(0.0, 1.0));
//! assert_eq!(intersects(&Capsule(0.5), xf_a, &Capsule(0.5), xf_b), Ok(false));
//! ```
//!
//! ## What `distance` does
//!
//! GJK walks the Minkowski difference `B - A` of the two shapes, asking each shape only
//! for support points, until it finds the difference's point nearest the origin: that
//! point is `witness_b - witness_a`. The picture is drawn by `cargo xtask gallery` from
//! the support calls of a real query (an ellipse and a box, in `f32`).
//!
#![doc = include_str!("../doc/gjk_trace.svg")]
#![no_std]
#![forbid(unsafe_code)]

mod dim2;
mod dim3;
mod kernel;
pub mod math;
mod query;
mod scalar;
mod space;
mod support;

pub use dim2::clip::{FacePair, clip_faces};
pub use dim2::sweep::Sweep;
pub use dim3::sweep::Sweep3;
pub use kernel::cache::{CachedVertex, SimplexCache};
pub use math::{Aabb, Aabb3, Quat, Rot, Transform, Transform3, Vec2, Vec3};
pub use query::cast::{CastOutput, CastStatus, Ray, ShapeCastInput};
pub use query::distance::{DistanceOutput, DistanceStatus, distance, distance_cached};
pub use query::intersects::{QueryError, intersects};
pub use query::manifold::manifold;
pub use query::manifold::values::{
    ContactFeature, ContactId, Manifold, ManifoldPoint, PointState, PointStates, WorldManifold,
    WorldPoint, point_states,
};
pub use query::outline_2d::{boundary_point, outline};
pub use query::penetration::{PenetrationOutput, PenetrationStatus, penetration};
pub use query::point::{PointProjection, PointStatus, contains_point, project_point};
pub use query::ray_cast::{ray_cast, support_ray_cast};
pub use query::shape_cast::shape_cast;
pub use query::time_of_impact::{
    ToiConfig, ToiOutput, ToiStatus, time_of_impact, time_of_impact_with,
};
pub use scalar::Scalar;
pub use space::{RigidTransform, Space};
pub use support::{
    Bounded, ContactShape, FeatureId, RayShape, Support, SupportEdge, SupportFace, SupportPoint,
};
