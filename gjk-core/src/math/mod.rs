//! Vectors, rotations, rigid transforms and bounding boxes, in 2D and 3D.
//!
//! Each is `#[repr(C)]`, its fields in the order they are declared and no padding for
//! `f32` or `f64`: a `Vec2<f32>` is laid out as `[f32; 2]`, a `Transform<f32>` as
//! `[f32; 4]` (x, y, cos, sin), a `Transform3<f32>` as `[f32; 7]` (x, y, z, then the
//! quaternion's x, y, z, w), so engines can upload them as they are. Each converts both
//! ways with that array (`From`). With the `bytemuck` feature they are `Zeroable` and
//! `AnyBitPattern`, so bytes cast into them in place. The crate forbids `unsafe` code,
//! and bytemuck can derive `Pod` for a generic type only with an `unsafe impl`, so
//! bytes go out through the arrays, which are `Pod`:
//!
//! ```
//! use gjk_core::math::{Transform, Vec2};
//!
//! let placements = [Transform::from_position_angle(Vec2::new(1.0_f32, 2.0), 0.5)];
//! let uploaded: [[f32; 4]; 1] = placements.map(<[f32; 4]>::from);
//! assert_eq!(uploaded[0][..2], [1.0, 2.0]);
//! # #[cfg(feature = "bytemuck")]
//! # {
//! let bytes: &[u8] = bytemuck::cast_slice(&uploaded);
//! let read_back: &[Transform<f32>] = bytemuck::cast_slice(bytes);
//! assert_eq!(read_back, placements);
//! # }
//! ```
//!
//! ```
//! use gjk_core::math::{Quat, Transform, Transform3, Vec2, Vec3};
//!
//! let placed = Transform::from_position_angle(Vec2::new(1.0_f64, 0.0), core::f64::consts::FRAC_PI_2);
//! assert!((placed.transform_point(Vec2::X) - Vec2::new(1.0, 1.0)).length() < 1e-15);
//! let turn = Quat::from_axis_angle(Vec3::Z, core::f64::consts::FRAC_PI_2).unwrap();
//! let placed3 = Transform3::new(Vec3::new(0.0, 0.0, 2.0), turn);
//! assert!((placed3.transform_point(Vec3::X) - Vec3::new(0.0, 1.0, 2.0)).length() < 1e-15);
//! ```

mod aabb;
mod aabb3;
#[cfg(feature = "glam")]
mod glam_conversions;
mod layout;
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

#[cfg(test)]
mod layout_tests {
    use core::mem::{align_of, offset_of, size_of};

    use super::*;

    #[test]
    fn plain_data_is_laid_out_as_arrays_of_its_scalar() {
        fn check<S>() {
            let scalar = size_of::<S>();
            assert_eq!(size_of::<Vec2<S>>(), 2 * scalar);
            assert_eq!(size_of::<Vec3<S>>(), 3 * scalar);
            assert_eq!(size_of::<Rot<S>>(), 2 * scalar);
            assert_eq!(size_of::<Quat<S>>(), 4 * scalar);
            assert_eq!(size_of::<Transform<S>>(), 4 * scalar);
            assert_eq!(size_of::<Transform3<S>>(), 7 * scalar);
            assert_eq!(size_of::<Aabb<S>>(), 4 * scalar);
            assert_eq!(size_of::<Aabb3<S>>(), 6 * scalar);
            assert_eq!(align_of::<Transform3<S>>(), align_of::<S>());
            assert_eq!(offset_of!(Vec2<S>, y), scalar);
            assert_eq!(offset_of!(Vec3<S>, z), 2 * scalar);
            assert_eq!(offset_of!(Rot<S>, sin), scalar);
            assert_eq!(offset_of!(Quat<S>, w), 3 * scalar);
            assert_eq!(offset_of!(Transform<S>, rotation), 2 * scalar);
            assert_eq!(offset_of!(Transform3<S>, rotation), 3 * scalar);
            assert_eq!(offset_of!(Aabb<S>, max), 2 * scalar);
            assert_eq!(offset_of!(Aabb3<S>, max), 3 * scalar);
        }
        check::<f32>();
        check::<f64>();
    }
}

#[cfg(all(test, feature = "serde"))]
mod serde_tests {
    use super::*;
    use crate::{FeatureId, Ray};

    #[test]
    fn plain_data_round_trips_through_json_as_its_fields() {
        let xf = Transform3::new(Vec3::new(1.0_f64, 2.0, 3.0), Quat::IDENTITY);
        let text = serde_json::to_string(&xf).unwrap();
        assert_eq!(
            text,
            r#"{"translation":{"x":1.0,"y":2.0,"z":3.0},"rotation":{"x":0.0,"y":0.0,"z":0.0,"w":1.0}}"#
        );
        assert_eq!(serde_json::from_str::<Transform3<f64>>(&text).unwrap(), xf);
        let placement = Transform::from_position_angle(Vec2::new(0.5_f32, -1.0), 0.3);
        let back: Transform<f32> =
            serde_json::from_str(&serde_json::to_string(&placement).unwrap()).unwrap();
        assert_eq!(back, placement);
        let bounds = Aabb::new(Vec2::new(-1.0_f32, -2.0), Vec2::new(1.0, 2.0));
        let back: Aabb<f32> =
            serde_json::from_str(&serde_json::to_string(&bounds).unwrap()).unwrap();
        assert_eq!(back, bounds);
        assert_eq!(serde_json::to_string(&FeatureId::vertex(7)).unwrap(), "7");
        let ray = Ray::new(Vec2::new(0.0_f64, 1.0), Vec2::new(2.0, 0.0));
        let back: Ray<f64> = serde_json::from_str(&serde_json::to_string(&ray).unwrap()).unwrap();
        assert_eq!(back, ray);
    }
}
