//! Vectors, rotations, rigid transforms and bounding boxes.

mod aabb;
mod rot;
mod transform;
mod vec2;

pub use aabb::Aabb;
pub use rot::Rot;
pub use transform::Transform;
pub use vec2::Vec2;
