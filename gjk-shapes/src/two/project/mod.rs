//! Closed-form point projections: an inherent `project_point` on the shapes whose
//! nearest surface point has a direct formula, with the conventions of
//! [`gjk_core::project_point`] (see [`PointProjection`]), one file per kind of shape.
//!
//! - the surface point, the signed distance (negative inside) and the outward unit
//!   normal, with `point = surface_point + normal * signed_distance`;
//! - status `Inside` for points inside or on the surface, `Outside` otherwise;
//!   `InvalidInput` (NaN values, zero normal) for a NaN or infinite point or
//!   transform, or a rotation that is not unit length;
//! - `iterations` zero: no support point is asked for.
//!
//! A point with several nearest surface points (the centre of a circle, a point on a
//! box's diagonal) gets one of them, as the generic query does, though not always the
//! same one.

mod capsule;
mod circle;
pub(crate) mod ellipse;
mod polygon;
mod rect;
