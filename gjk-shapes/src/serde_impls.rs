//! `serde` for the shapes (feature `serde`). A shape is written as the values its
//! constructor takes, and read back through that constructor: invalid data (a
//! negative radius, a concave polygon, NaN) is an error carrying the constructor's
//! [`ShapeError`](crate::ShapeError) message, never an invalid shape. Polygons and
//! point sets are written as lists of points, read into their fixed capacity without
//! allocating; a longer list is an error.
//!
//! The combinators are written as their parts: `Transformed` and `Transformed3` with
//! their placement, `Rounded` with its rounding (over the concrete shapes as cores),
//! `MinkowskiSum` and `Hull` as their two shapes. The `Shape` enum is written as the
//! variant's name and its shape.

use core::fmt;
use core::marker::PhantomData;

use gjk_core::{Scalar, Transform, Transform3, Vec2, Vec3};
use serde::de::{Error as _, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{
    Capsule, Capsule3, Circle, Cone, ConvexPoints, Cuboid, Cylinder, Ellipse, Ellipsoid, Hull,
    MinkowskiSum, Point, Point3, Polygon, Rect, Rounded, Segment, Segment3, ShapeError, Sphere,
    Transformed, Transformed3, Triangle3,
};

/// `Serialize` and `Deserialize` for `$shape<S>` through `$module::Data`, the plain
/// data of its constructor's arguments (named `$name` in formats that record names):
/// written from the shape's accessors, read back through `$shape::new`.
macro_rules! through_constructor {
    ($module:ident, $name:literal, $shape:ident { $($field:ident: $ty:ty = $get:expr),+ $(,)? }) => {
        mod $module {
            use super::*;

            /// The constructor's arguments.
            #[derive(Serialize, Deserialize)]
            #[serde(rename = $name)]
            pub(super) struct Data<S> {
                $(pub(super) $field: $ty),+
            }
        }

        impl<S: Scalar + Serialize> Serialize for $shape<S> {
            fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
                let shape = self;
                $module::Data { $($field: $get(shape)),+ }.serialize(serializer)
            }
        }

        impl<'de, S: Scalar + Deserialize<'de>> Deserialize<'de> for $shape<S> {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let $module::Data { $($field),+ } = $module::Data::deserialize(deserializer)?;
                $shape::new($($field),+).map_err(D::Error::custom)
            }
        }
    };
}

through_constructor!(point, "Point", Point { position: Vec2<S> = |s: &Point<S>| s.position() });
through_constructor!(circle, "Circle", Circle {
    center: Vec2<S> = |s: &Circle<S>| s.center(),
    radius: S = |s: &Circle<S>| s.radius(),
});
through_constructor!(segment, "Segment", Segment {
    a: Vec2<S> = |s: &Segment<S>| s.a(),
    b: Vec2<S> = |s: &Segment<S>| s.b(),
});
through_constructor!(capsule, "Capsule", Capsule {
    a: Vec2<S> = |s: &Capsule<S>| s.a(),
    b: Vec2<S> = |s: &Capsule<S>| s.b(),
    radius: S = |s: &Capsule<S>| s.radius(),
});
through_constructor!(rect, "Rect", Rect { half_extents: Vec2<S> = |s: &Rect<S>| s.half_extents() });
through_constructor!(ellipse, "Ellipse", Ellipse { semi_axes: Vec2<S> = |s: &Ellipse<S>| s.semi_axes() });
through_constructor!(point3, "Point3", Point3 { position: Vec3<S> = |s: &Point3<S>| s.position() });
through_constructor!(sphere, "Sphere", Sphere {
    center: Vec3<S> = |s: &Sphere<S>| s.center(),
    radius: S = |s: &Sphere<S>| s.radius(),
});
through_constructor!(segment3, "Segment3", Segment3 {
    a: Vec3<S> = |s: &Segment3<S>| s.a(),
    b: Vec3<S> = |s: &Segment3<S>| s.b(),
});
through_constructor!(capsule3, "Capsule3", Capsule3 {
    a: Vec3<S> = |s: &Capsule3<S>| s.a(),
    b: Vec3<S> = |s: &Capsule3<S>| s.b(),
    radius: S = |s: &Capsule3<S>| s.radius(),
});
through_constructor!(cuboid, "Cuboid", Cuboid { half_extents: Vec3<S> = |s: &Cuboid<S>| s.half_extents() });
through_constructor!(triangle3, "Triangle3", Triangle3 {
    a: Vec3<S> = |s: &Triangle3<S>| s.vertices()[0],
    b: Vec3<S> = |s: &Triangle3<S>| s.vertices()[1],
    c: Vec3<S> = |s: &Triangle3<S>| s.vertices()[2],
});
through_constructor!(
    cylinder,
    "Cylinder",
    Cylinder {
        half_height: S = |s: &Cylinder<S>| s.half_height(),
        radius: S = |s: &Cylinder<S>| s.radius(),
    }
);
through_constructor!(
    cone,
    "Cone",
    Cone {
        half_height: S = |s: &Cone<S>| s.half_height(),
        radius: S = |s: &Cone<S>| s.radius(),
    }
);
through_constructor!(ellipsoid, "Ellipsoid", Ellipsoid { semi_axes: Vec3<S> = |s: &Ellipsoid<S>| s.semi_axes() });

/// Up to `N` values read from a list without allocating: a longer list is an error.
struct Bounded<T, const N: usize> {
    items: [T; N],
    count: usize,
}

impl<'de, T: Deserialize<'de> + Default + Copy, const N: usize> Deserialize<'de> for Bounded<T, N> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Items<T, const N: usize>(PhantomData<T>);

        impl<'de, T: Deserialize<'de> + Default + Copy, const N: usize> Visitor<'de> for Items<T, N> {
            type Value = Bounded<T, N>;

            fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(formatter, "a list of at most {N} points")
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut items = [T::default(); N];
                let mut count = 0;
                while let Some(item) = seq.next_element::<T>()? {
                    let Some(slot) = items.get_mut(count) else {
                        return Err(A::Error::custom(format_args!(
                            "more than {N} points, the shape's capacity"
                        )));
                    };
                    *slot = item;
                    count += 1;
                }
                Ok(Bounded { items, count })
            }
        }

        deserializer.deserialize_seq(Items::<T, N>(PhantomData))
    }
}

impl<T, const N: usize> Bounded<T, N> {
    fn as_slice(&self) -> &[T] {
        self.items.get(..self.count).unwrap_or(&[])
    }
}

/// A polygon as its vertices, counter-clockwise (read back through `Polygon::new`,
/// which checks convexity and winding).
impl<S: Scalar + Serialize, const N: usize> Serialize for Polygon<S, N> {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        serializer.collect_seq(self.vertices())
    }
}

impl<'de, S: Scalar + Deserialize<'de>, const N: usize> Deserialize<'de> for Polygon<S, N> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let vertices = Bounded::<Vec2<S>, N>::deserialize(deserializer)?;
        Polygon::new(vertices.as_slice()).map_err(D::Error::custom)
    }
}

/// A point set as its points (read back through `ConvexPoints::new`).
impl<S: Scalar + Serialize, const N: usize> Serialize for ConvexPoints<S, N> {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        serializer.collect_seq(self.points())
    }
}

impl<'de, S: Scalar + Deserialize<'de>, const N: usize> Deserialize<'de> for ConvexPoints<S, N> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let points = Bounded::<Vec3<S>, N>::deserialize(deserializer)?;
        ConvexPoints::new(points.as_slice()).map_err(D::Error::custom)
    }
}

/// `Serialize` and `Deserialize` for a two-part combinator `$combinator<A, B>` through
/// `$module::Data { a, b }`, read back through `$combinator::new`, which cannot fail:
/// the parts were read through their own constructors.
macro_rules! pair_of_parts {
    ($module:ident, $name:literal, $combinator:ident) => {
        mod $module {
            /// The two parts.
            #[derive(serde::Serialize, serde::Deserialize)]
            #[serde(rename = $name)]
            pub(super) struct Data<A, B> {
                pub(super) a: A,
                pub(super) b: B,
            }
        }

        impl<A: Serialize, B: Serialize> Serialize for $combinator<A, B> {
            fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
                $module::Data {
                    a: self.a(),
                    b: self.b(),
                }
                .serialize(serializer)
            }
        }

        impl<'de, A: Deserialize<'de>, B: Deserialize<'de>> Deserialize<'de> for $combinator<A, B> {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let $module::Data { a, b } = $module::Data::deserialize(deserializer)?;
                Ok($combinator::new(a, b))
            }
        }
    };
}

pair_of_parts!(minkowski_sum, "MinkowskiSum", MinkowskiSum);
pair_of_parts!(hull, "Hull", Hull);

/// `Serialize` and `Deserialize` for a placed shape `$placed<S, T>` through
/// `$module::Data { shape, transform }`, read back through `$placed::new`, which
/// rejects a non-finite translation or a rotation off unit length.
macro_rules! placed_shape {
    ($module:ident, $name:literal, $placed:ident, $transform:ident) => {
        mod $module {
            /// The shape and its placement.
            #[derive(serde::Serialize, serde::Deserialize)]
            #[serde(rename = $name)]
            pub(super) struct Data<T, X> {
                pub(super) shape: T,
                pub(super) transform: X,
            }
        }

        impl<S: Scalar + Serialize, T: Serialize> Serialize for $placed<S, T> {
            fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
                $module::Data {
                    shape: self.shape(),
                    transform: self.transform(),
                }
                .serialize(serializer)
            }
        }

        impl<'de, S: Scalar + Deserialize<'de>, T: Deserialize<'de>> Deserialize<'de>
            for $placed<S, T>
        {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let $module::Data::<T, $transform<S>> { shape, transform } =
                    $module::Data::deserialize(deserializer)?;
                $placed::new(shape, transform).map_err(D::Error::custom)
            }
        }
    };
}

placed_shape!(transformed, "Transformed", Transformed, Transform);
placed_shape!(transformed3, "Transformed3", Transformed3, Transform3);

/// A shape that can be the core of a [`Rounded`]: `Rounded::new` in the space the
/// shape belongs to (which a generic `Deserialize` impl cannot name, so each core
/// kind names its own).
trait RoundedCore<S>: Sized {
    /// `Rounded::new(self, radius)`.
    fn rounded(self, radius: S) -> Result<Rounded<S, Self>, ShapeError>;
}

/// [`RoundedCore`] for core kinds of the space `$space`.
macro_rules! rounded_cores {
    ($space:ident: $($core:ty),+ $(,)?) => {$(
        impl<S: Scalar> RoundedCore<S> for $core {
            fn rounded(self, radius: S) -> Result<Rounded<S, Self>, ShapeError> {
                Rounded::new::<$space<S>>(self, radius)
            }
        }
    )+};
}

rounded_cores!(Vec2: Point<S>, Circle<S>, Segment<S>, Capsule<S>, Rect<S>, Ellipse<S>);
rounded_cores!(Vec3: Point3<S>, Sphere<S>, Segment3<S>, Capsule3<S>, Cuboid<S>, Triangle3<S>);
rounded_cores!(Vec3: Cylinder<S>, Cone<S>, Ellipsoid<S>);

impl<S: Scalar, const N: usize> RoundedCore<S> for Polygon<S, N> {
    fn rounded(self, radius: S) -> Result<Rounded<S, Self>, ShapeError> {
        Rounded::new::<Vec2<S>>(self, radius)
    }
}

impl<S: Scalar, const N: usize> RoundedCore<S> for ConvexPoints<S, N> {
    fn rounded(self, radius: S) -> Result<Rounded<S, Self>, ShapeError> {
        Rounded::new::<Vec3<S>>(self, radius)
    }
}

mod rounded {
    /// The core and the rounding added to it.
    #[derive(serde::Serialize, serde::Deserialize)]
    #[serde(rename = "Rounded")]
    pub(super) struct Data<T, S> {
        pub(super) core: T,
        pub(super) rounding: S,
    }
}

/// A rounded shape as its core and its rounding (read back through `Rounded::new`,
/// which rejects a negative or non-finite rounding). Cores: the concrete shapes.
impl<S: Scalar + Serialize, T: Serialize> Serialize for Rounded<S, T> {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        rounded::Data {
            core: self.core(),
            rounding: self.rounding(),
        }
        .serialize(serializer)
    }
}

impl<'de, S: Scalar + Deserialize<'de>, T: Deserialize<'de> + RoundedCore<S>> Deserialize<'de>
    for Rounded<S, T>
{
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let rounded::Data { core, rounding } = rounded::Data::<T, S>::deserialize(deserializer)?;
        core.rounded(rounding).map_err(D::Error::custom)
    }
}
