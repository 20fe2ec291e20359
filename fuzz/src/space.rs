//! The 3D inputs: points, placements and shapes of every 3D class, built through the
//! validated constructors from the same trouble-biased numbers as the plane's.

use arbitrary::Arbitrary;
use gjk_core::{
    Bounded, CastOutput, FeatureId, Quat, Ray, RayShape, Support, SupportPoint, Transform3, Vec3,
};
use gjk_shapes::{
    Capsule3, Cone, ConvexPoints, Cuboid, Cylinder, Ellipsoid, Point3, Rounded, Segment3,
    ShapeError, Sphere, Triangle3,
};

use crate::Num;

/// Point capacity of the convex point sets.
pub const POINTS: usize = 16;

/// A 3D point from three numbers.
#[derive(Clone, Copy, Debug, Arbitrary)]
pub struct P3(pub Num, pub Num, pub Num);

impl P3 {
    /// As a vector.
    pub fn v(self) -> Vec3<f32> {
        Vec3::new(self.0.0, self.1.0, self.2.0)
    }
}

/// A 3D placement: by position and axis-angle, or with raw (possibly not unit)
/// quaternion components.
#[derive(Clone, Copy, Debug, Arbitrary)]
pub enum Placement3 {
    /// `Transform3::from_position_axis_angle` (the identity rotation when the axis has
    /// no direction).
    AxisAngle(P3, P3, Num),
    /// Quaternion components as given.
    Raw(P3, Num, Num, Num, Num),
}

impl Placement3 {
    /// The transform.
    pub fn transform(self) -> Transform3<f32> {
        match self {
            Self::AxisAngle(position, axis, angle) => {
                Transform3::from_position_axis_angle(position.v(), axis.v(), angle.0)
                    .unwrap_or(Transform3::from_translation(position.v()))
            }
            Self::Raw(position, x, y, z, w) => Transform3::new(
                position.v(),
                Quat {
                    x: x.0,
                    y: y.0,
                    z: z.0,
                    w: w.0,
                },
            ),
        }
    }
}

/// A 3D shape description.
#[derive(Clone, Debug, Arbitrary)]
pub enum ShapeSpec3 {
    /// A point.
    Point(P3),
    /// A sphere.
    Sphere(P3, Num),
    /// A segment.
    Segment(P3, P3),
    /// A capsule.
    Capsule(P3, P3, Num),
    /// A box by half extents.
    Cuboid(P3),
    /// A rounded box.
    RoundedCuboid(P3, Num),
    /// A triangle.
    Triangle(P3, P3, P3),
    /// The hull of points.
    Points(Vec<P3>),
    /// A cylinder by half-height and radius.
    Cylinder(Num, Num),
    /// A cone by half-height and radius.
    Cone(Num, Num),
    /// An ellipsoid by semi-axes.
    Ellipsoid(P3),
}

/// A built 3D shape.
#[derive(Clone, Copy, Debug)]
pub enum Shape3 {
    /// [`Point3`].
    Point(Point3<f32>),
    /// [`Sphere`].
    Sphere(Sphere<f32>),
    /// [`Segment3`].
    Segment(Segment3<f32>),
    /// [`Capsule3`].
    Capsule(Capsule3<f32>),
    /// [`Cuboid`].
    Cuboid(Cuboid<f32>),
    /// [`Rounded`] [`Cuboid`].
    RoundedCuboid(Rounded<f32, Cuboid<f32>>),
    /// [`Triangle3`].
    Triangle(Triangle3<f32>),
    /// [`ConvexPoints`].
    Points(ConvexPoints<f32, POINTS>),
    /// [`Cylinder`].
    Cylinder(Cylinder<f32>),
    /// [`Cone`].
    Cone(Cone<f32>),
    /// [`Ellipsoid`].
    Ellipsoid(Ellipsoid<f32>),
}

impl ShapeSpec3 {
    /// The shape, or the constructor's error.
    pub fn build(&self) -> Result<Shape3, ShapeError> {
        Ok(match self {
            Self::Point(p) => Shape3::Point(Point3::new(p.v())?),
            Self::Sphere(c, r) => Shape3::Sphere(Sphere::new(c.v(), r.0)?),
            Self::Segment(a, b) => Shape3::Segment(Segment3::new(a.v(), b.v())?),
            Self::Capsule(a, b, r) => Shape3::Capsule(Capsule3::new(a.v(), b.v(), r.0)?),
            Self::Cuboid(h) => Shape3::Cuboid(Cuboid::new(h.v())?),
            Self::RoundedCuboid(h, r) => {
                Shape3::RoundedCuboid(Rounded::new(Cuboid::new(h.v())?, r.0)?)
            }
            Self::Triangle(a, b, c) => Shape3::Triangle(Triangle3::new(a.v(), b.v(), c.v())?),
            Self::Points(list) => {
                let points: Vec<Vec3<f32>> = list.iter().take(POINTS).map(|p| p.v()).collect();
                Shape3::Points(ConvexPoints::new(&points)?)
            }
            Self::Cylinder(h, r) => Shape3::Cylinder(Cylinder::new(h.0, r.0)?),
            Self::Cone(h, r) => Shape3::Cone(Cone::new(h.0, r.0)?),
            Self::Ellipsoid(axes) => Shape3::Ellipsoid(Ellipsoid::new(axes.v())?),
        })
    }
}

impl Shape3 {
    fn inner(&self) -> &dyn RayShape<f32, Vec3<f32>> {
        match self {
            Self::Point(s) => s,
            Self::Sphere(s) => s,
            Self::Segment(s) => s,
            Self::Capsule(s) => s,
            Self::Cuboid(s) => s,
            Self::RoundedCuboid(s) => s,
            Self::Triangle(s) => s,
            Self::Points(s) => s,
            Self::Cylinder(s) => s,
            Self::Cone(s) => s,
            Self::Ellipsoid(s) => s,
        }
    }
}

impl Support<f32, Vec3<f32>> for Shape3 {
    fn support(&self, direction: Vec3<f32>) -> SupportPoint<f32, Vec3<f32>> {
        self.inner().support(direction)
    }
    fn radius(&self) -> f32 {
        self.inner().radius()
    }
    fn feature_point(&self, feature: FeatureId) -> Option<Vec3<f32>> {
        self.inner().feature_point(feature)
    }
}

/// Boxes from support points, the default.
impl Bounded<f32, Vec3<f32>> for Shape3 {}

/// Each shape's own closed-form cast, where it has one.
impl RayShape<f32, Vec3<f32>> for Shape3 {
    fn analytic_ray_cast(
        &self,
        transform: Transform3<f32>,
        ray: Ray<f32, Vec3<f32>>,
    ) -> Option<CastOutput<f32, Vec3<f32>>> {
        self.inner().analytic_ray_cast(transform, ray)
    }
}

/// [`tame_scale`](crate::tame_scale) in 3D: the largest magnitude among the shapes'
/// local and placed bounding boxes and translations, `None` for input that is not
/// tame.
pub fn tame_scale3(placed: &[(&Shape3, Transform3<f32>)]) -> Option<f32> {
    let mut scale = f32::MIN_POSITIVE;
    for (shape, xf) in placed {
        if !xf.is_valid() {
            return None;
        }
        let (local, world) = (shape.local_aabb(), shape.aabb(*xf));
        let boxes = [local.min, local.max, world.min, world.max, xf.translation];
        for value in boxes
            .iter()
            .flat_map(|corner| [corner.x, corner.y, corner.z])
        {
            if !value.is_finite() || value.abs() > 1e15 {
                return None;
            }
            scale = scale.max(value.abs());
        }
    }
    (scale >= 1e-15).then_some(scale)
}
