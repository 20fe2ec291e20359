//! The 3D shapes: each implements `Support<S, Vec3<S>>`, one file per shape, with the
//! conventions of the plane shapes (validated constructors, support robust to zero,
//! tiny, huge and NaN directions, vertex feature ids for polytopes and
//! [`FeatureId::SMOOTH`](gjk_core::FeatureId::SMOOTH) for curved points).
//!
//! - Point cores: [`Point3`], [`Sphere`].
//! - Segment cores: [`Segment3`], [`Capsule3`].
//! - Polytopes: [`Cuboid`], [`Triangle3`], [`ConvexPoints`] (the hull of up to `N`
//!   points, stored inline, with [`ConvexPoints::hull`] to keep only the corners of
//!   any point set), [`Polyhedron`] (a hull with its faces and their adjacency, for
//!   contact manifolds).
//! - Curved: [`Cylinder`], [`Cone`], [`Ellipsoid`].
//! - Placement: [`Transformed3`](crate::Transformed3).
//!
//! The combinators [`Rounded`](crate::Rounded), [`MinkowskiSum`](crate::MinkowskiSum)
//! and [`Hull`](crate::Hull) take 3D parts too, and [`Placed`](crate::Placed) places a
//! shape in either space. Points, spheres, segments,
//! capsules, boxes and triangles have closed-form `project_point`s (`project.rs`),
//! cylinders and cones through their meridian sections (`project_revolved.rs`),
//! ellipsoids by Eberly's bisection (`project_ellipsoid.rs`); point sets and the
//! combinators take the generic [`gjk_core::project_point`]. Spheres, capsules and
//! cuboids have closed-form ray casts (`ray.rs`), which `ray_cast` takes; the other shapes take the
//! GJK ray cast.

mod cone;
mod convex_points;
mod cuboid;
mod cylinder;
mod ellipsoid;
mod hull_builder3;
mod polyhedron;
mod polyhedron_faces;
mod project;
mod project_ellipsoid;
mod project_revolved;
mod ray;
mod triangle3;
pub(crate) mod vertices3;

pub use cone::Cone;
pub use convex_points::ConvexPoints;
pub use cuboid::Cuboid;
pub use cylinder::Cylinder;
pub use ellipsoid::Ellipsoid;
pub use polyhedron::Polyhedron;
pub use triangle3::Triangle3;
