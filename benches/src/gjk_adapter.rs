//! The plain workloads converted into gjk-shapes values and gjk-core transforms, in
//! `f32` or `f64`.

use gjk_core::{RayShape, Scalar, Transform, Vec2};
use gjk_shapes::{Capsule, Ellipse, Polygon, ShapeError};

use crate::placement::Placement;
use crate::shape_data::{CapsuleData, EllipseData, PolygonData};
use crate::workload::Workload;

/// Vertex capacity of the converted polygons: Box2D's maximum, the common case.
pub const POLYGON_CAPACITY: usize = 8;

/// A plain shape that converts into a gjk-shapes shape in precision `S`.
pub trait ToGjkShape<S: Scalar> {
    /// The gjk-shapes type it becomes.
    type Shape: RayShape<S>;

    /// The converted shape, or why gjk-shapes rejected it.
    fn to_gjk_shape(&self) -> Result<Self::Shape, ShapeError>;
}

impl<S: Scalar> ToGjkShape<S> for PolygonData {
    type Shape = Polygon<S, POLYGON_CAPACITY>;

    fn to_gjk_shape(&self) -> Result<Self::Shape, ShapeError> {
        let points: Vec<Vec2<S>> = self
            .vertices
            .iter()
            .map(|&vertex| to_vec2(vertex))
            .collect();
        Polygon::new(&points)
    }
}

impl<S: Scalar> ToGjkShape<S> for EllipseData {
    type Shape = Ellipse<S>;

    fn to_gjk_shape(&self) -> Result<Self::Shape, ShapeError> {
        Ellipse::new(to_vec2(self.semi_axes))
    }
}

/// The capsule's core segment along x, with its radius.
impl<S: Scalar> ToGjkShape<S> for CapsuleData {
    type Shape = Capsule<S>;

    fn to_gjk_shape(&self) -> Result<Self::Shape, ShapeError> {
        let [start, end] = self.ends();
        Capsule::new(to_vec2(start), to_vec2(end), S::from_f64(self.radius))
    }
}

/// A plain point as a `Vec2` in precision `S` (rounded to nearest).
pub fn to_vec2<S: Scalar>(point: [f64; 2]) -> Vec2<S> {
    Vec2::new(S::from_f64(point[0]), S::from_f64(point[1]))
}

/// A plain placement as a `Transform`; the angle is rounded to `S` before its sine and
/// cosine are taken, as a user holding `S` angles would.
pub fn to_transform<S: Scalar>(placement: &Placement) -> Transform<S> {
    Transform::from_position_angle(to_vec2(placement.position), S::from_f64(placement.angle))
}

/// The transforms of shapes A and B of one pair in one frame.
pub type PairTransforms<S> = (Transform<S>, Transform<S>);

/// A workload ready for gjk-core queries.
#[derive(Clone, Debug)]
pub struct GjkWorkload<S, A, B = A> {
    /// Shapes A and B of each pair.
    pub shapes: Vec<(A, B)>,
    /// `frames[f][i]`: the transforms of pair `i` in frame `f`.
    pub frames: Vec<Vec<PairTransforms<S>>>,
}

impl<S: Scalar, A, B> GjkWorkload<S, A, B> {
    /// Converts every shape and placement of `workload`.
    ///
    /// ```
    /// use gjk_benches::{octagon_pairs, GjkWorkload};
    /// let workload = GjkWorkload::<f32, _>::new(&octagon_pairs(4, 1)).unwrap();
    /// assert_eq!(workload.len(), 4);
    /// ```
    pub fn new<DataA, DataB>(workload: &Workload<DataA, DataB>) -> Result<Self, ShapeError>
    where
        DataA: ToGjkShape<S, Shape = A>,
        DataB: ToGjkShape<S, Shape = B>,
    {
        let shapes = workload
            .pairs
            .iter()
            .map(|pair| Ok((pair.a.to_gjk_shape()?, pair.b.to_gjk_shape()?)))
            .collect::<Result<_, ShapeError>>()?;
        let frames = workload
            .frames
            .iter()
            .map(|frame| {
                frame
                    .iter()
                    .map(|placement| (to_transform(&placement.a), to_transform(&placement.b)))
                    .collect()
            })
            .collect();
        Ok(Self { shapes, frames })
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
