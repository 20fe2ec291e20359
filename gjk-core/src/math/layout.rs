//! The plain data types as flat arrays of their scalars, in declaration order: the
//! layout `#[repr(C)]` gives them, so engines can upload them and read them back.
//!
//! Each type converts both ways with the array of its fields (`From`), which copies and
//! checks nothing, as the public fields do. With the `bytemuck` feature each type is
//! also `Zeroable` and `AnyBitPattern`, so a byte buffer casts into a slice of them in
//! place; the other direction, a slice of them as bytes (`NoUninit`, `Pod`), needs an
//! `unsafe impl` for a generic type, which this crate forbids, so writing out goes
//! through the arrays, which are `Pod`.
//!
//! | type | array |
//! | --- | --- |
//! | `Vec2` | `[x, y]` |
//! | `Vec3` | `[x, y, z]` |
//! | `Rot` | `[cos, sin]` |
//! | `Quat` | `[x, y, z, w]` |
//! | `Transform` | `[x, y, cos, sin]` |
//! | `Transform3` | `[x, y, z, qx, qy, qz, qw]` |
//! | `Aabb` | `[min.x, min.y, max.x, max.y]` |
//! | `Aabb3` | `[min.x, min.y, min.z, max.x, max.y, max.z]` |

use crate::{Aabb, Aabb3, Quat, Rot, Scalar, Transform, Transform3, Vec2, Vec3};

/// `From` both ways between a type and the array of its scalars, in field order.
macro_rules! array_both_ways {
    ($ty:ident, $len:literal, |$value:ident| $to_array:expr, |$array:ident| $from_array:expr) => {
        impl<S: Scalar> From<$ty<S>> for [S; $len] {
            #[inline]
            fn from($value: $ty<S>) -> Self {
                $to_array
            }
        }

        impl<S: Scalar> From<[S; $len]> for $ty<S> {
            #[inline]
            fn from($array: [S; $len]) -> Self {
                $from_array
            }
        }
    };
}

array_both_ways!(Rot, 2, |r| [r.cos, r.sin], |a| Rot {
    cos: a[0],
    sin: a[1]
});
array_both_ways!(Quat, 4, |q| [q.x, q.y, q.z, q.w], |a| Quat {
    x: a[0],
    y: a[1],
    z: a[2],
    w: a[3]
});
array_both_ways!(
    Transform,
    4,
    |t| [
        t.translation.x,
        t.translation.y,
        t.rotation.cos,
        t.rotation.sin
    ],
    |a| Transform {
        translation: Vec2::new(a[0], a[1]),
        rotation: Rot {
            cos: a[2],
            sin: a[3]
        },
    }
);
array_both_ways!(
    Transform3,
    7,
    |t| [
        t.translation.x,
        t.translation.y,
        t.translation.z,
        t.rotation.x,
        t.rotation.y,
        t.rotation.z,
        t.rotation.w
    ],
    |a| Transform3 {
        translation: Vec3::new(a[0], a[1], a[2]),
        rotation: Quat {
            x: a[3],
            y: a[4],
            z: a[5],
            w: a[6]
        },
    }
);
array_both_ways!(Aabb, 4, |b| [b.min.x, b.min.y, b.max.x, b.max.y], |a| {
    Aabb {
        min: Vec2::new(a[0], a[1]),
        max: Vec2::new(a[2], a[3]),
    }
});
array_both_ways!(
    Aabb3,
    6,
    |b| [b.min.x, b.min.y, b.min.z, b.max.x, b.max.y, b.max.z],
    |a| Aabb3 {
        min: Vec3::new(a[0], a[1], a[2]),
        max: Vec3::new(a[3], a[4], a[5]),
    }
);

#[cfg(test)]
mod tests {
    use core::mem::{align_of, size_of};

    use super::*;

    /// Each array lists the fields in the order `#[repr(C)]` lays them out, with no
    /// padding: the sizes and alignments agree, and the conversions round-trip.
    fn same_layout<T, const N: usize>(value: T)
    where
        T: Copy + PartialEq + core::fmt::Debug + From<[f32; N]>,
        [f32; N]: From<T>,
    {
        assert_eq!(size_of::<T>(), size_of::<[f32; N]>());
        assert_eq!(align_of::<T>(), align_of::<[f32; N]>());
        assert_eq!(T::from(<[f32; N]>::from(value)), value);
    }

    #[test]
    fn every_plain_type_is_the_array_of_its_fields() {
        same_layout(Vec2::new(1.0, 2.0));
        same_layout(Vec3::new(1.0, 2.0, 3.0));
        same_layout(Rot::from_angle(0.5));
        same_layout(Quat::from_axis_angle(Vec3::Z, 0.5).unwrap());
        same_layout(Transform::new(Vec2::new(1.0, 2.0), Rot::from_angle(0.5)));
        same_layout(Transform3::new(
            Vec3::new(1.0, 2.0, 3.0),
            Quat::from_axis_angle(Vec3::X, 0.5).unwrap(),
        ));
        same_layout(Aabb::new(Vec2::new(-1.0, -2.0), Vec2::new(3.0, 4.0)));
        same_layout(Aabb3::new(
            Vec3::new(-1.0, -2.0, -3.0),
            Vec3::new(4.0, 5.0, 6.0),
        ));
        assert_eq!(size_of::<Transform3<f64>>(), size_of::<[f64; 7]>());
    }

    #[test]
    fn arrays_list_the_fields_in_declaration_order() {
        let placed = Transform::new(Vec2::new(1.0_f64, 2.0), Rot { cos: 0.6, sin: 0.8 });
        assert_eq!(<[f64; 4]>::from(placed), [1.0, 2.0, 0.6, 0.8]);
        let box3 = Aabb3::from([1.0_f32, 2.0, 3.0, 4.0, 5.0, 6.0]);
        assert_eq!(box3.min, Vec3::new(1.0, 2.0, 3.0));
        assert_eq!(box3.max, Vec3::new(4.0, 5.0, 6.0));
        let turn = Quat::from([0.0_f32, 0.0, 0.6, 0.8]);
        assert_eq!((turn.z, turn.w), (0.6, 0.8));
    }
}

#[cfg(all(test, feature = "bytemuck"))]
mod bytemuck_tests {
    use bytemuck::Zeroable;

    use super::*;

    /// Bytes as a GPU readback or a file gives them: native-endian scalars, aligned.
    fn bytes_of_scalars(scalars: &[f32]) -> [u8; 64] {
        let mut bytes = [0_u8; 64];
        for (chunk, scalar) in bytes.chunks_exact_mut(4).zip(scalars) {
            chunk.copy_from_slice(&scalar.to_ne_bytes());
        }
        bytes
    }

    #[test]
    fn bytes_cast_into_points_in_place() {
        let scalars = [1.0_f32, 2.0, 3.0, 4.0, 5.0, 6.0];
        let buffer: [f32; 6] = scalars;
        let points: &[Vec2<f32>] = bytemuck::cast_slice(&buffer);
        assert_eq!(
            points,
            [
                Vec2::new(1.0, 2.0),
                Vec2::new(3.0, 4.0),
                Vec2::new(5.0, 6.0)
            ]
        );
        let bytes = bytes_of_scalars(&scalars);
        let read: Vec3<f32> = bytemuck::pod_read_unaligned(&bytes[..12]);
        assert_eq!(read, Vec3::new(1.0, 2.0, 3.0));
    }

    #[test]
    fn transforms_go_out_through_arrays_and_come_back_as_they_were() {
        let placements = [
            Transform3::new(
                Vec3::new(1.0_f32, -2.0, 3.5),
                Quat::from_axis_angle(Vec3::Y, 0.25).unwrap(),
            ),
            Transform3::new(
                Vec3::new(-7.0, 0.5, 2.0),
                Quat::from_axis_angle(Vec3::X, -1.0).unwrap(),
            ),
        ];
        let uploaded = placements.map(<[f32; 7]>::from);
        let bytes: &[u8] = bytemuck::cast_slice(&uploaded);
        assert_eq!(bytes.len(), 2 * 7 * 4);
        let read_back: &[Transform3<f32>] = bytemuck::cast_slice(bytes);
        assert_eq!(read_back, placements);
    }

    #[test]
    fn zeroed_values_are_the_zero_vectors_and_boxes() {
        assert_eq!(<Vec2<f64> as Zeroable>::zeroed(), Vec2::ZERO);
        assert_eq!(<Aabb3<f32> as Zeroable>::zeroed(), Aabb3::default());
        let unset = <Transform<f32> as Zeroable>::zeroed();
        assert_eq!(<[f32; 4]>::from(unset), [0.0; 4]);
    }
}
