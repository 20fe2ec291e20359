//! # gjk-shapes
//!
//! Concrete convex shapes for [`gjk_core`]: all `Copy`, fixed size, `no_std` and free
//! of allocation, each implementing [`gjk_core::Support`] with a closed-form support
//! point and feature ids for polytopes, and [`gjk_core::Bounded`] with a closed-form
//! bounding box.
//!
//! - Primitives: [`Point`], [`Circle`], [`Ellipse`], [`Segment`], [`Capsule`],
//!   [`Rect`], and [`Polygon`] (convex, counter-clockwise, up to `N` vertices inline),
//!   with [`Polygon::hull`] to build one from any point set.
//! - Combinators: [`Rounded`] (extra radius), [`Transformed`] (a fixed placement;
//!   [`Placed`] in either space),
//!   [`MinkowskiSum`] and [`Hull`] of two shapes.
//! - 3D shapes, implementing `Support<S, Vec3<S>>`: [`Point3`], [`Sphere`],
//!   [`Segment3`], [`Capsule3`], [`Cuboid`], [`Triangle3`], [`ConvexPoints`] (the hull
//!   of up to `N` points inline, with [`ConvexPoints::hull`] to build one from any
//!   point set), [`Cylinder`], [`Cone`], [`Ellipsoid`], and
//!   [`Transformed3`] to place one. [`Rounded`], [`MinkowskiSum`] and [`Hull`] take 3D
//!   parts as well.
//!
//! Names follow one rule. Where a shape is the same code in both spaces it is one type
//! generic over the space ([`Ball`], [`Point`], [`Segment`], [`Capsule`], [`Placed`];
//! the plane is the default), named in each space by an alias: the everyday word
//! where each space has its own ([`Circle`] and [`Sphere`]), the plane's word with a
//! `3` where both use the same one ([`Point3`], [`Segment3`], [`Capsule3`],
//! [`Transformed3`], like [`Triangle3`]). Shapes of one space only keep their
//! everyday word ([`Rect`], [`Polygon`], [`Ellipse`]; [`Cuboid`], [`Cylinder`],
//! [`Cone`], [`Ellipsoid`]); [`ConvexPoints`] says what it stores, points whose hull
//! is the shape, where a polygon's vertices are kept in order.
//!
//! Constructors validate their input and return a [`ShapeError`] naming the problem;
//! support functions never panic, whatever the direction (zero, tiny, huge or NaN).
//!
//! Point projections in closed form: every concrete shape but [`ConvexPoints`] has a
//! `project_point` (the nearest surface point, the signed distance and the normal,
//! inside or outside), which gives what the generic [`gjk_core::project_point`] gives
//! without its iterations; in 3D too ([`Cylinder::project_point`] and
//! [`Cone::project_point`] through their meridian sections,
//! [`Ellipsoid::project_point`] by Eberly's bisection).
//!
//! ```
//! use gjk_core::{distance, DistanceStatus, Transform, Vec2};
//! use gjk_shapes::{Capsule, Circle, Polygon, Rect};
//!
//! let circle = Circle::new(Vec2::ZERO, 0.5_f32)?;
//! let square = Polygon::<f32, 8>::from_rect(Rect::new(Vec2::new(1.0, 1.0))?)?;
//! let xf_square = Transform::from_translation(Vec2::new(4.0, 0.0));
//!
//! let out = distance(&circle, Transform::IDENTITY, &square, xf_square);
//! assert_eq!(out.status, DistanceStatus::Separated);
//! assert!((out.distance - 2.5).abs() < 1e-6);
//! assert_eq!(out.normal, Vec2::new(1.0, 0.0));
//!
//! let capsule = Capsule::new(Vec2::new(0.0, -1.0), Vec2::new(0.0, 1.0), 1.0)?;
//! let near = Transform::from_translation(Vec2::new(1.5, 0.0));
//! assert!(distance(&capsule, Transform::IDENTITY, &circle, near).is_overlapping());
//! # Ok::<(), gjk_shapes::ShapeError>(())
//! ```
//!
//! In 3D, the same conventions:
//!
//! ```
//! use gjk_core::{FeatureId, Support, Vec3};
//! use gjk_shapes::{Cuboid, Cylinder, Rounded};
//!
//! let crate_box = Rounded::new(Cuboid::new(Vec3::new(1.0_f32, 0.5, 0.5))?, 0.05)?;
//! assert_eq!(crate_box.support(Vec3::new(1.0, 1.0, 1.0)).feature, FeatureId::vertex(7));
//! let barrel = Cylinder::new(1.0_f32, 0.5)?;
//! assert_eq!(barrel.support(Vec3::new(0.0, 2.0, -1.0)).point, Vec3::new(0.0, 0.5, -1.0));
//! # Ok::<(), gjk_shapes::ShapeError>(())
//! ```
#![no_std]
#![forbid(unsafe_code)]

#[cfg(test)]
extern crate alloc;
#[cfg(test)]
extern crate std;

mod ball;
mod capsule;
mod error;
mod hull;
mod minkowski;
mod point;
mod points;
mod projection;
mod ray;
mod rounded;
mod segment;
#[cfg(feature = "serde")]
mod serde_impls;
#[cfg(test)]
mod testing;
mod three;
mod transformed;
mod two;

pub use ball::{Ball, Circle, Sphere};
pub use capsule::{Capsule, Capsule3};
pub use error::ShapeError;
pub use hull::Hull;
pub use minkowski::MinkowskiSum;
pub use point::{Point, Point3};
pub use rounded::Rounded;
pub use segment::{Segment, Segment3};
pub use three::{Cone, ConvexPoints, Cuboid, Cylinder, Ellipsoid, Polyhedron, Triangle3};
pub use transformed::{Placed, Transformed, Transformed3};
pub use two::collide::{PolygonCore, collide_polygons};
pub use two::ellipse::Ellipse;
pub use two::polygon::Polygon;
pub use two::rect::Rect;
pub use two::shape::{SHAPE_POLYGON_CAPACITY, Shape};
