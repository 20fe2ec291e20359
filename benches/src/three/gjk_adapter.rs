//! The plain 3D workloads converted into gjk-shapes values and gjk-core transforms, in
//! `f32` or `f64`.

use gjk_core::{Quat, Scalar, Support, Transform3, Vec3};
use gjk_shapes::{Capsule3, ConvexPoints, Cuboid, Ellipsoid, ShapeError, Sphere};

use crate::three::placement::{P3, Placement3};
use crate::three::shape_data::{Capsule3Data, CuboidData, EllipsoidData, HullData, SphereData};
use crate::three::workload::{HULL_POINTS, Workload3};

/// A plain 3D shape that converts into a gjk-shapes shape in precision `S`.
pub trait ToGjkShape3<S: Scalar> {
    /// The gjk-shapes type it becomes.
    type Shape: Support<S, Vec3<S>>;

    /// The converted shape, or why gjk-shapes rejected it.
    fn to_gjk_shape(&self) -> Result<Self::Shape, ShapeError>;
}

impl<S: Scalar> ToGjkShape3<S> for CuboidData {
    type Shape = Cuboid<S>;

    fn to_gjk_shape(&self) -> Result<Self::Shape, ShapeError> {
        Cuboid::new(to_vec3(self.half_extents))
    }
}

/// The hull's points, stored inline: [`HULL_POINTS`] of them at most.
impl<S: Scalar> ToGjkShape3<S> for HullData {
    type Shape = ConvexPoints<S, HULL_POINTS>;

    fn to_gjk_shape(&self) -> Result<Self::Shape, ShapeError> {
        let points: Vec<Vec3<S>> = self.points.iter().map(|&p| to_vec3(p)).collect();
        ConvexPoints::new(&points)
    }
}

/// The capsule's core segment along z, with its radius.
impl<S: Scalar> ToGjkShape3<S> for Capsule3Data {
    type Shape = Capsule3<S>;

    fn to_gjk_shape(&self) -> Result<Self::Shape, ShapeError> {
        let [start, end] = self.ends();
        Capsule3::new(to_vec3(start), to_vec3(end), S::from_f64(self.radius))
    }
}

/// A point core at the origin with the radius.
impl<S: Scalar> ToGjkShape3<S> for SphereData {
    type Shape = Sphere<S>;

    fn to_gjk_shape(&self) -> Result<Self::Shape, ShapeError> {
        Sphere::new(Vec3::ZERO, S::from_f64(self.radius))
    }
}

impl<S: Scalar> ToGjkShape3<S> for EllipsoidData {
    type Shape = Ellipsoid<S>;

    fn to_gjk_shape(&self) -> Result<Self::Shape, ShapeError> {
        Ellipsoid::new(to_vec3(self.semi_axes))
    }
}

/// A plain point as a `Vec3` in precision `S` (rounded to nearest).
pub fn to_vec3<S: Scalar>(point: P3) -> Vec3<S> {
    Vec3::new(
        S::from_f64(point[0]),
        S::from_f64(point[1]),
        S::from_f64(point[2]),
    )
}

/// A plain unit quaternion with each entry rounded to `S`: within a few epsilons of
/// unit length, which every query accepts ([`Quat::is_valid`]). The peers get the
/// same rounded entries.
pub fn to_quat<S: Scalar>(q: [f64; 4]) -> Quat<S> {
    let [x, y, z, w] = q.map(S::from_f64);
    Quat { x, y, z, w }
}

/// A plain placement as a `Transform3`.
pub fn to_transform3<S: Scalar>(placement: &Placement3) -> Transform3<S> {
    Transform3::new(to_vec3(placement.position), to_quat(placement.rotation))
}

/// A 3D workload ready for gjk-core queries.
#[derive(Clone, Debug)]
pub struct GjkWorkload3<S, A, B = A> {
    /// Shapes A and B of each pair.
    pub shapes: Vec<(A, B)>,
    /// The transforms of shapes A and B of each pair.
    pub transforms: Vec<(Transform3<S>, Transform3<S>)>,
}

impl<S: Scalar, A, B> GjkWorkload3<S, A, B> {
    /// Converts every shape and placement of `workload`.
    ///
    /// ```
    /// use gjk_benches::three::{cuboid_pairs, GjkWorkload3};
    /// let workload = GjkWorkload3::<f32, _>::new(&cuboid_pairs(4, 1)).unwrap();
    /// assert_eq!(workload.len(), 4);
    /// ```
    pub fn new<DataA, DataB>(workload: &Workload3<DataA, DataB>) -> Result<Self, ShapeError>
    where
        DataA: ToGjkShape3<S, Shape = A>,
        DataB: ToGjkShape3<S, Shape = B>,
    {
        let shapes = workload
            .pairs
            .iter()
            .map(|pair| Ok((pair.a.to_gjk_shape()?, pair.b.to_gjk_shape()?)))
            .collect::<Result<_, ShapeError>>()?;
        let transforms = workload
            .placements
            .iter()
            .map(|placement| (to_transform3(&placement.a), to_transform3(&placement.b)))
            .collect();
        Ok(Self { shapes, transforms })
    }

    /// The number of pairs.
    pub fn len(&self) -> usize {
        self.shapes.len()
    }

    /// Whether there are no pairs.
    pub fn is_empty(&self) -> bool {
        self.shapes.is_empty()
    }
}
