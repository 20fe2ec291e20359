//! Vectors, rotations, rigid transforms and bounding boxes, in 2D and 3D.

mod aabb;
mod aabb3;
#[cfg(feature = "glam")]
mod glam_conversions;
mod quat;
mod rot;
mod transform;
mod transform3;
mod vec2;
mod vec3;

pub use aabb::Aabb;
pub use aabb3::Aabb3;
pub use quat::Quat;
pub use rot::Rot;
pub use transform::Transform;
pub use transform3::Transform3;
pub use vec2::Vec2;
pub use vec3::Vec3;
