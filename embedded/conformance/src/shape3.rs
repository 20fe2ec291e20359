//! The 3D shapes of the table as plain data, and how a target builds them into
//! `gjk-shapes` values: the counterpart of [`shape`](crate::shape) for
//! `Support<f32, Vec3<f32>>` shapes.
//!
//! As in the plane, every shape is built on the target by the constructor a user would
//! call, and every pose by [`Transform3::from_position_axis_angle`] (the axis
//! normalized with `libm`'s `sqrtf`, the half angle's sine and cosine by the kernel's
//! own `f32` polynomials), so the table checks those paths too.

use gjk_core::{Quat, Support, Transform3, Vec3};
use gjk_shapes::{
    Capsule3, Cone, ConvexPoints, Cuboid, Cylinder, Ellipsoid, Hull, MinkowskiSum, Point3, Rounded,
    Segment3, ShapeError, Sphere, Transformed3, Triangle3,
};

/// The point-set type of the table: up to [`MAX_POINTS3`] points.
pub type Points16 = ConvexPoints<f32, MAX_POINTS3>;

/// The most points a [`ShapeSpec3::Points`] may list.
pub const MAX_POINTS3: usize = 16;

/// A 3D placement: a position, and a turn by `angle` radians about `axis` (any
/// length), turned into a [`Transform3`] on the target.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pose3 {
    /// Where the shape's local origin lands.
    pub position: [f32; 3],
    /// The axis of the rotation; normalized on the target.
    pub axis: [f32; 3],
    /// The turn about the axis in radians, counter-clockwise seen from its tip.
    pub angle: f32,
}

impl Pose3 {
    /// The transform this pose describes: [`Transform3::from_position_axis_angle`].
    ///
    /// A rotation that does not exist (a zero or non-finite axis, a non-finite angle)
    /// is the quaternion of four NaNs, which every query rejects as invalid input, as
    /// a NaN angle does in the plane.
    ///
    /// ```
    /// use gjk_conformance::Pose3;
    /// let xf = Pose3 { position: [1.0, 2.0, 3.0], axis: [0.0, 0.0, 1.0], angle: 0.0 }.transform();
    /// assert_eq!(xf.translation.z, 3.0);
    /// assert_eq!(xf.rotation.w, 1.0);
    /// let broken = Pose3 { position: [0.0; 3], axis: [0.0; 3], angle: 1.0 }.transform();
    /// assert!(broken.rotation.w.is_nan());
    /// ```
    #[inline]
    pub fn transform(&self) -> Transform3<f32> {
        let position = vec3(self.position);
        Transform3::from_position_axis_angle(position, vec3(self.axis), self.angle).unwrap_or(
            Transform3::new(
                position,
                Quat {
                    x: f32::NAN,
                    y: f32::NAN,
                    z: f32::NAN,
                    w: f32::NAN,
                },
            ),
        )
    }
}

/// A 3D shape and where it is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placed3 {
    /// The shape in its local frame.
    pub shape: ShapeSpec3,
    /// Its placement.
    pub pose: Pose3,
}

/// One 3D shape of `gjk-shapes`, by its constructor arguments (f32).
///
/// The combinators take fixed inner shapes, one variant per combination the table
/// uses, so that the target needs no allocation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ShapeSpec3 {
    /// `Point3::new(position)`.
    Point([f32; 3]),
    /// `Sphere::new(center, radius)`.
    Sphere {
        /// Centre in the local frame.
        center: [f32; 3],
        /// Radius.
        radius: f32,
    },
    /// `Segment3::new(a, b)`.
    Segment {
        /// First end.
        a: [f32; 3],
        /// Second end.
        b: [f32; 3],
    },
    /// `Capsule3::new(a, b, radius)`.
    Capsule {
        /// First end of the core segment.
        a: [f32; 3],
        /// Second end of the core segment.
        b: [f32; 3],
        /// Radius.
        radius: f32,
    },
    /// `Cuboid::new(half_extents)`.
    Cuboid {
        /// Half-extents along local x, y and z.
        half_extents: [f32; 3],
    },
    /// `Triangle3::new(a, b, c)`.
    Triangle {
        /// The three corners.
        corners: [[f32; 3]; 3],
    },
    /// `ConvexPoints::<f32, 16>::new(points)`: the hull of the points.
    Points {
        /// One to [`MAX_POINTS3`] points.
        points: &'static [[f32; 3]],
    },
    /// `Cylinder::new(half_height, radius)`, along local z.
    Cylinder {
        /// Half the height.
        half_height: f32,
        /// Radius.
        radius: f32,
    },
    /// `Cone::new(half_height, radius)`: base at `z = -h`, apex at `z = +h`.
    Cone {
        /// Half the height.
        half_height: f32,
        /// Radius of the base.
        radius: f32,
    },
    /// `Ellipsoid::new(semi_axes)`.
    Ellipsoid {
        /// Semi-axes along local x, y and z.
        semi_axes: [f32; 3],
    },
    /// `Rounded::new(Cuboid::new(half_extents), rounding)`.
    RoundedCuboid {
        /// Half-extents of the core.
        half_extents: [f32; 3],
        /// Rounding around the core.
        rounding: f32,
    },
    /// `Transformed3::new(Cylinder::new(half_height, radius), pose)`: a cylinder off
    /// its shape's origin, along any axis.
    TransformedCylinder {
        /// Half the height.
        half_height: f32,
        /// Radius.
        radius: f32,
        /// Placement of the cylinder in the shape's frame.
        pose: Pose3,
    },
    /// `MinkowskiSum::new(Cuboid::new(half_extents), Segment3::new(0, sweep))`: a box
    /// swept along a segment.
    SweptCuboid {
        /// Half-extents of the box.
        half_extents: [f32; 3],
        /// Far end of the sweep segment (it starts at the origin).
        sweep: [f32; 3],
    },
    /// `Hull::new(Sphere::new(first, radius), Sphere::new(second, radius))`: equal
    /// radii, so a capsule by another road.
    SphereHull {
        /// Centre of the first sphere.
        first: [f32; 3],
        /// Centre of the second sphere.
        second: [f32; 3],
        /// Radius of both.
        radius: f32,
    },
}

/// A built 3D shape: the `gjk-shapes` value a [`ShapeSpec3`] describes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Built3 {
    /// [`ShapeSpec3::Point`].
    Point(Point3<f32>),
    /// [`ShapeSpec3::Sphere`].
    Sphere(Sphere<f32>),
    /// [`ShapeSpec3::Segment`].
    Segment(Segment3<f32>),
    /// [`ShapeSpec3::Capsule`].
    Capsule(Capsule3<f32>),
    /// [`ShapeSpec3::Cuboid`].
    Cuboid(Cuboid<f32>),
    /// [`ShapeSpec3::Triangle`].
    Triangle(Triangle3<f32>),
    /// [`ShapeSpec3::Points`].
    Points(Points16),
    /// [`ShapeSpec3::Cylinder`].
    Cylinder(Cylinder<f32>),
    /// [`ShapeSpec3::Cone`].
    Cone(Cone<f32>),
    /// [`ShapeSpec3::Ellipsoid`].
    Ellipsoid(Ellipsoid<f32>),
    /// [`ShapeSpec3::RoundedCuboid`].
    RoundedCuboid(Rounded<f32, Cuboid<f32>>),
    /// [`ShapeSpec3::TransformedCylinder`].
    TransformedCylinder(Transformed3<f32, Cylinder<f32>>),
    /// [`ShapeSpec3::SweptCuboid`].
    SweptCuboid(MinkowskiSum<Cuboid<f32>, Segment3<f32>>),
    /// [`ShapeSpec3::SphereHull`].
    SphereHull(Hull<Sphere<f32>, Sphere<f32>>),
}

impl ShapeSpec3 {
    /// Builds the shape with the `gjk-shapes` constructors.
    ///
    /// # Errors
    ///
    /// The constructor's [`ShapeError`]; the generator only writes specs that build.
    ///
    /// ```
    /// use gjk_conformance::ShapeSpec3;
    /// use gjk_core::Support;
    /// let ball = ShapeSpec3::Sphere { center: [0.0; 3], radius: 0.5 }.build()?;
    /// assert_eq!(ball.as_support().radius(), 0.5);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn build(&self) -> Result<Built3, ShapeError> {
        Ok(match *self {
            Self::Point(position) => Built3::Point(Point3::new(vec3(position))?),
            Self::Sphere { center, radius } => Built3::Sphere(Sphere::new(vec3(center), radius)?),
            Self::Segment { a, b } => Built3::Segment(Segment3::new(vec3(a), vec3(b))?),
            Self::Capsule { a, b, radius } => {
                Built3::Capsule(Capsule3::new(vec3(a), vec3(b), radius)?)
            }
            Self::Cuboid { half_extents } => Built3::Cuboid(Cuboid::new(vec3(half_extents))?),
            Self::Triangle { corners: [a, b, c] } => {
                Built3::Triangle(Triangle3::new(vec3(a), vec3(b), vec3(c))?)
            }
            Self::Points { points } => Built3::Points(points_of(points)?),
            Self::Cylinder {
                half_height,
                radius,
            } => Built3::Cylinder(Cylinder::new(half_height, radius)?),
            Self::Cone {
                half_height,
                radius,
            } => Built3::Cone(Cone::new(half_height, radius)?),
            Self::Ellipsoid { semi_axes } => Built3::Ellipsoid(Ellipsoid::new(vec3(semi_axes))?),
            Self::RoundedCuboid {
                half_extents,
                rounding,
            } => Built3::RoundedCuboid(Rounded::new(Cuboid::new(vec3(half_extents))?, rounding)?),
            Self::TransformedCylinder {
                half_height,
                radius,
                pose,
            } => Built3::TransformedCylinder(Transformed3::new(
                Cylinder::new(half_height, radius)?,
                pose.transform(),
            )?),
            Self::SweptCuboid {
                half_extents,
                sweep,
            } => Built3::SweptCuboid(MinkowskiSum::new(
                Cuboid::new(vec3(half_extents))?,
                Segment3::new(Vec3::ZERO, vec3(sweep))?,
            )),
            Self::SphereHull {
                first,
                second,
                radius,
            } => Built3::SphereHull(Hull::new(
                Sphere::new(vec3(first), radius)?,
                Sphere::new(vec3(second), radius)?,
            )),
        })
    }
}

impl Built3 {
    /// The shape as a 3D support mapping, for the queries.
    ///
    /// ```
    /// use gjk_conformance::ShapeSpec3;
    /// use gjk_core::{Support, Vec3};
    /// let crate_box = ShapeSpec3::Cuboid { half_extents: [1.0, 2.0, 3.0] }.build()?;
    /// let corner = crate_box.as_support().support(Vec3::new(1.0, 1.0, 1.0)).point;
    /// assert_eq!(corner, Vec3::new(1.0, 2.0, 3.0));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn as_support(&self) -> &dyn Support<f32, Vec3<f32>> {
        match self {
            Self::Point(shape) => shape,
            Self::Sphere(shape) => shape,
            Self::Segment(shape) => shape,
            Self::Capsule(shape) => shape,
            Self::Cuboid(shape) => shape,
            Self::Triangle(shape) => shape,
            Self::Points(shape) => shape,
            Self::Cylinder(shape) => shape,
            Self::Cone(shape) => shape,
            Self::Ellipsoid(shape) => shape,
            Self::RoundedCuboid(shape) => shape,
            Self::TransformedCylinder(shape) => shape,
            Self::SweptCuboid(shape) => shape,
            Self::SphereHull(shape) => shape,
        }
    }
}

/// `[x, y, z]` as a vector.
#[inline]
pub(crate) fn vec3([x, y, z]: [f32; 3]) -> Vec3<f32> {
    Vec3::new(x, y, z)
}

/// The point set, copied into a fixed buffer; more than [`MAX_POINTS3`] points are
/// [`ShapeError::TooManyPoints`].
fn points_of(points: &[[f32; 3]]) -> Result<Points16, ShapeError> {
    let mut buffer = [Vec3::ZERO; MAX_POINTS3];
    let count = points.len();
    let used = buffer.get_mut(..count).ok_or(ShapeError::TooManyPoints {
        count,
        capacity: MAX_POINTS3,
    })?;
    for (slot, &point) in used.iter_mut().zip(points) {
        *slot = vec3(point);
    }
    Points16::new(used)
}
