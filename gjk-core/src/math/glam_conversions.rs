//! `From` both ways between the kernel's vectors and rotations and glam's (feature
//! `glam`): `Vec2<f32>` and `glam::Vec2`, `Vec2<f64>` and `glam::DVec2`, `Vec3<f32>`
//! and `glam::Vec3` (and `glam::Vec3A`), `Vec3<f64>` and `glam::DVec3`, `Quat<f32>` and
//! `glam::Quat`, `Quat<f64>` and `glam::DQuat`; and a `Transform3` from a glam
//! translation and rotation.
//!
//! Conversions copy the fields and check nothing, as the types' own fields do: a
//! quaternion that is not of unit length is rejected by the queries as
//! [`InvalidInput`](crate::DistanceStatus::InvalidInput) (see [`Quat::is_valid`]).
//!
//! ```
//! use gjk_core::{Quat, Transform3, Vec2, Vec3};
//!
//! let position: Vec2<f32> = glam::Vec2::new(1.0, 2.0).into();
//! assert_eq!(position, Vec2::new(1.0, 2.0));
//! let back: glam::DVec3 = Vec3::new(1.0_f64, 2.0, 3.0).into();
//! assert_eq!(back, glam::DVec3::new(1.0, 2.0, 3.0));
//!
//! let turn = glam::Quat::from_rotation_z(core::f32::consts::FRAC_PI_2);
//! let placement = Transform3::from((glam::Vec3::new(10.0, 0.0, 0.0), turn));
//! let moved = placement.transform_point(Vec3::X);
//! assert!((moved - Vec3::new(10.0, 1.0, 0.0)).length() < 1e-6);
//! assert_eq!(glam::Quat::from(Quat::from(turn)), turn);
//! ```

use crate::{Quat, Transform3, Vec2, Vec3};

/// `From` both ways between one of our vector types and a glam type with the same
/// fields.
macro_rules! vector_both_ways {
    ($ours:ty, $theirs:ty, $($field:ident),+) => {
        impl From<$theirs> for $ours {
            #[inline]
            fn from(v: $theirs) -> Self {
                Self { $($field: v.$field),+ }
            }
        }

        impl From<$ours> for $theirs {
            #[inline]
            fn from(v: $ours) -> Self {
                <$theirs>::new($(v.$field),+)
            }
        }
    };
}

vector_both_ways!(Vec2<f32>, glam::Vec2, x, y);
vector_both_ways!(Vec2<f64>, glam::DVec2, x, y);
vector_both_ways!(Vec3<f32>, glam::Vec3, x, y, z);
vector_both_ways!(Vec3<f32>, glam::Vec3A, x, y, z);
vector_both_ways!(Vec3<f64>, glam::DVec3, x, y, z);

/// `From` both ways between one of our quaternions and glam's (the same `x, y, z, w`
/// order, `w` the real part).
macro_rules! rotation_both_ways {
    ($ours:ty, $theirs:ty) => {
        impl From<$theirs> for $ours {
            #[inline]
            fn from(q: $theirs) -> Self {
                Self {
                    x: q.x,
                    y: q.y,
                    z: q.z,
                    w: q.w,
                }
            }
        }

        impl From<$ours> for $theirs {
            #[inline]
            fn from(q: $ours) -> Self {
                <$theirs>::from_xyzw(q.x, q.y, q.z, q.w)
            }
        }
    };
}

rotation_both_ways!(Quat<f32>, glam::Quat);
rotation_both_ways!(Quat<f64>, glam::DQuat);

/// A placement from glam's translation and rotation (what `glam::Affine3A::
/// to_scale_rotation_translation` gives, or a physics body's position and
/// orientation).
impl From<(glam::Vec3, glam::Quat)> for Transform3<f32> {
    #[inline]
    fn from((translation, rotation): (glam::Vec3, glam::Quat)) -> Self {
        Self::new(translation.into(), rotation.into())
    }
}

/// The `f64` form of the `f32` conversion above.
impl From<(glam::DVec3, glam::DQuat)> for Transform3<f64> {
    #[inline]
    fn from((translation, rotation): (glam::DVec3, glam::DQuat)) -> Self {
        Self::new(translation.into(), rotation.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Support, Transform, distance, intersects};

    #[test]
    fn vectors_and_rotations_round_trip_bit_for_bit() {
        let v2 = glam::Vec2::new(0.1, -3.0e30);
        assert_eq!(glam::Vec2::from(Vec2::from(v2)), v2);
        let d2 = glam::DVec2::new(-0.0, 1e-300);
        assert_eq!(
            glam::DVec2::from(Vec2::from(d2)).x.to_bits(),
            (-0.0_f64).to_bits()
        );
        let v3 = glam::Vec3::new(1.0, 2.0, 3.0);
        assert_eq!(glam::Vec3::from(Vec3::from(v3)), v3);
        let a3 = glam::Vec3A::new(1.0, 2.0, 3.0);
        assert_eq!(glam::Vec3A::from(Vec3::from(a3)), a3);
        let d3 = glam::DVec3::new(1.0, 2.0, 3.0);
        assert_eq!(glam::DVec3::from(Vec3::from(d3)), d3);
        let q = glam::Quat::from_axis_angle(glam::Vec3::new(1.0, 2.0, 2.0) / 3.0, 0.7);
        assert_eq!(glam::Quat::from(Quat::from(q)), q);
        let dq = glam::DQuat::from_rotation_y(2.0);
        assert_eq!(glam::DQuat::from(Quat::from(dq)), dq);
    }

    #[test]
    fn glam_and_the_kernel_rotate_alike() {
        let q = glam::DQuat::from_axis_angle(glam::DVec3::new(2.0, -1.0, 2.0) / 3.0, 1.1);
        let ours = Quat::from(q);
        for v in [glam::DVec3::X, glam::DVec3::new(0.3, -2.0, 5.0)] {
            let theirs = q * v;
            let rotated = glam::DVec3::from(ours.rotate(Vec3::from(v)));
            assert!((rotated - theirs).length() < 1e-14, "{rotated} {theirs}");
        }
    }

    /// A unit disc for the query below.
    struct Disc;

    impl Support<f32> for Disc {
        fn support(&self, direction: Vec2<f32>) -> crate::SupportPoint<f32> {
            crate::SupportPoint::new(
                direction.normalize().unwrap_or(Vec2::X),
                crate::FeatureId::SMOOTH,
            )
        }
    }

    #[test]
    fn glam_positions_place_shapes_directly() {
        let at = |x: f32| Transform::from_translation(glam::Vec2::new(x, 0.0).into());
        let gap = distance(&Disc, at(0.0), &Disc, at(3.0)).distance;
        assert!((gap - 1.0).abs() < 1e-6, "{gap}");
        assert!(intersects(&Disc, at(0.0), &Disc, at(1.5)).unwrap());
    }
}
