//! The shapes that go into lanes: a convex core, and a radius. The core is either at
//! most [`MAX_VERTICES`] vertices, whose support point is the vertex farthest along
//! the direction (the first on ties), or an ellipse, whose support point is gjk-shapes'
//! closed form. Either way a lane computes exactly what gjk-shapes computes, so it
//! finds the same support points as the scalar kernel.
//!
//! [`LaneShape`] says which shapes go into lanes and why the others do not.

use gjk_core::{RayShape, Scalar, Vec2};
use gjk_shapes::{
    Capsule, Circle, Ellipse, Point, Polygon, Rounded, SHAPE_POLYGON_CAPACITY, Segment, Shape,
};

// Every polygon a `gjk_shapes::Shape` holds fits a lane, so packing one never fails
// with `TooManyVertices`.
const _: () = assert!(SHAPE_POLYGON_CAPACITY <= MAX_VERTICES);

/// The most core vertices a lane holds (Box2D's polygon limit).
///
/// ```
/// use gjk_core::Vec2;
/// use gjk_shapes::Polygon;
/// use gjk_simd::{LaneShape, MAX_VERTICES, PackError};
/// let circle_ish = Polygon::<f32, 12>::regular(12, 1.0).unwrap();
/// assert!(MAX_VERTICES < 12);
/// assert_eq!(circle_ish.lane_core(), Err(PackError::TooManyVertices));
/// ```
pub const MAX_VERTICES: usize = 8;

/// Why a batch could not be packed.
///
/// ```
/// use gjk_core::{DistanceOutput, Transform, Vec2};
/// use gjk_shapes::Circle;
/// use gjk_simd::{PackError, distance_batch};
/// let ball = [Circle::new(Vec2::ZERO, 1.0_f32).unwrap(); 2];
/// let mut out = [DistanceOutput::default(); 1]; // one output for two pairs
/// let result = distance_batch(&ball, &[Transform::IDENTITY; 2], &ball, &[Transform::IDENTITY; 2], &mut out);
/// assert_eq!(result, Err(PackError::LengthMismatch));
/// println!("{}", PackError::LengthMismatch); // a message a user can act on
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PackError {
    /// A polygon core has more than [`MAX_VERTICES`] vertices.
    TooManyVertices,
    /// The shape and transform slices (or the output slice) differ in length.
    LengthMismatch,
    /// The shape's support has no exact lane form, so a lane could not reproduce the
    /// scalar kernel's answers bit for bit: the `Rect` variant of
    /// [`gjk_shapes::Shape`] (see [`LaneShape`] for why). Build boxes as
    /// `Polygon::from_rect`, which lanes hold.
    UnsupportedShape,
    /// A pair names a shape past the end of the shape slice.
    IndexOutOfRange,
}

impl core::fmt::Display for PackError {
    fn fmt(&self, formatter: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        formatter.write_str(match self {
            Self::TooManyVertices => "a polygon core has more vertices than a lane holds",
            Self::LengthMismatch => "the input and output slices differ in length",
            Self::UnsupportedShape => {
                "a shape has no exact lane form (a Rect: build boxes as Polygon::from_rect)"
            }
            Self::IndexOutOfRange => "a pair names a shape index past the end of the shapes",
        })
    }
}

impl core::error::Error for PackError {}

/// A core's vertices, at most [`MAX_VERTICES`] of them, in the order the shape's
/// support function scans them.
///
/// ```
/// use gjk_core::Vec2;
/// use gjk_simd::CoreVertices;
/// let segment = CoreVertices::new(&[Vec2::new(-1.0_f32, 0.0), Vec2::new(1.0, 0.0)]).unwrap();
/// assert_eq!(segment.len(), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CoreVertices<S = f32> {
    /// The vertices, the last one repeated up to [`MAX_VERTICES`] (zero if there are
    /// none): what a lane scans.
    padded: [Vec2<S>; MAX_VERTICES],
    count: usize,
}

impl<S: Scalar> CoreVertices<S> {
    /// The vertices of `points`, or [`PackError::TooManyVertices`].
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// use gjk_simd::{CoreVertices, PackError};
    /// assert_eq!(CoreVertices::new(&[Vec2::<f32>::ZERO]).map(|core| core.len()), Ok(1));
    /// assert_eq!(CoreVertices::new(&[Vec2::<f64>::ZERO; 9]), Err(PackError::TooManyVertices));
    /// ```
    #[inline]
    pub fn new(points: &[Vec2<S>]) -> Result<Self, PackError> {
        if points.len() > MAX_VERTICES {
            return Err(PackError::TooManyVertices);
        }
        let last = points.last().copied().unwrap_or(Vec2::ZERO);
        // A fixed-length loop rather than a copy of `points.len()` elements, which
        // compiles to a call of `memcpy` (a fifth of `distance_batch`'s packing).
        let padded = core::array::from_fn(|index| points.get(index).copied().unwrap_or(last));
        Ok(Self {
            padded,
            count: points.len(),
        })
    }

    /// The vertices padded to [`MAX_VERTICES`] by repeating the last one.
    #[inline]
    pub(crate) fn padded(&self) -> &[Vec2<S>; MAX_VERTICES] {
        &self.padded
    }

    /// The vertices.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// let points = [Vec2::new(0.0_f64, 1.0), Vec2::new(2.0, 3.0)];
    /// assert_eq!(gjk_simd::CoreVertices::new(&points).unwrap().as_slice(), &points);
    /// ```
    pub fn as_slice(&self) -> &[Vec2<S>] {
        self.padded.get(..self.count).unwrap_or(&[])
    }

    /// How many vertices there are.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// assert_eq!(gjk_simd::CoreVertices::new(&[Vec2::<f32>::ZERO; 3]).unwrap().len(), 3);
    /// ```
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether there are none.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// assert!(gjk_simd::CoreVertices::<f32>::new(&[]).unwrap().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }
}

/// What a lane holds of a shape's core.
///
/// ```
/// use gjk_core::Vec2;
/// use gjk_shapes::{Circle, Ellipse};
/// use gjk_simd::{LaneCore, LaneShape};
/// let ball = Circle::new(Vec2::new(1.0_f32, 2.0), 0.5).unwrap();
/// let Ok(LaneCore::Vertices(core)) = ball.lane_core() else { panic!() };
/// assert_eq!(core.as_slice(), &[Vec2::new(1.0, 2.0)]); // a point core and a radius
/// let oval = Ellipse::new(Vec2::new(2.0_f32, 1.0)).unwrap();
/// assert_eq!(oval.lane_core(), Ok(LaneCore::Ellipse(Vec2::new(2.0, 1.0))));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LaneCore<S = f32> {
    /// The convex hull of at most [`MAX_VERTICES`] vertices.
    Vertices(CoreVertices<S>),
    /// The ellipse centred on the origin with these semi-axes along x and y
    /// (`gjk_shapes::Ellipse`).
    Ellipse(Vec2<S>),
}

/// A shape whose core a lane can hold: a short list of vertices or an ellipse.
///
/// The contract: a lane computes the support of a vertex core as the first vertex of
/// strict maximum `v.x * d.x + v.y * d.y` (from minus infinity, so a NaN dot product
/// never wins) with the vertex index as feature id, and that of an ellipse by
/// gjk-shapes' closed form with [`FeatureId::SMOOTH`]. A shape may implement this
/// trait only if its scalar `Support::support` returns, for every direction (ties,
/// zero, negative zero, NaN and infinite coordinates included), the same point bits
/// and the same feature id as the lane does on its [`lane_core`](Self::lane_core),
/// and `radius` the radius the lane uses. Otherwise a lane's GJK takes another vertex
/// on some tie and its output differs from the scalar kernel's (another witness
/// point, or another iteration count). For the warm starts of a
/// `PairSet`, `Support::feature_point` must also answer, for a
/// vertex core, vertex `k` (bit for bit) for the vertex id `k` below the count and
/// `None` above it, and `None` for an ellipse, as gjk-shapes' shapes do: the lanes
/// rebuild a cached vertex that way, as `gjk_core::distance_cached` does through
/// `feature_point`.
///
/// [`FeatureId::SMOOTH`]: gjk_core::FeatureId::SMOOTH
///
/// # Which shapes, and why not the others
///
/// - `Polygon`, `Segment` and `Capsule` compute exactly that arg-max (gjk-shapes'
///   `support_of_points`); `Point` and `Circle` have one vertex, which every
///   direction gets as feature 0; `Rounded` of a polygon or an ellipse answers its
///   core's support; ellipses have their own lane core. So does the
///   [`gjk_shapes::Shape`] enum, variant by variant, except for its `Rect` variant.
/// - `Rect` is not packed: its support picks each coordinate by the sign test
///   `d >= 0`, and its feature ids are fixed (0 to 3, counter-clockwise from
///   `(-hx, -hy)`), so a packed list would have to hold those four corners at
///   indices 0 to 3. The arg-max over that list answers vertex 1 along `(1, 0)` where
///   the box answers vertex 2, vertex 0 for the zero direction where the box answers
///   2, and vertex 0 along `(NaN, 1)` where the box answers 3. No vertex order fixes
///   that. Keep boxes that go into lanes as `Polygon::from_rect`, whose support is the
///   arg-max (Box2D's boxes are polygons too).
/// - `Transformed` rotates the direction into the inner shape's frame and takes the
///   arg-max there; a lane holding the transformed vertices would compare dot products
///   in the outer frame, rounded differently, and could pick another vertex on a
///   near-tie (and a turned or moved ellipse is not a lane ellipse at all).
/// - `Hull` supports each part, then compares the two winners along the normalized
///   direction (along the surface points `p + r u` when the radii differ), with part
///   A winning ties; its feature ids are `(index << 1) | side`. One arg-max over the
///   parts' vertices rounds different dot products and breaks ties by list order.
/// - `MinkowskiSum` adds the parts' two support points; an arg-max over the pairwise
///   sums compares `(a + b) . d`, not `a . d` and `b . d` separately, and its feature
///   ids pack two indices into one.
///
/// None of these three has an arg-max form that provably gives the same bits, so none
/// implements `LaneShape`.
///
/// # Example
///
/// ```
/// use gjk_core::Vec2;
/// use gjk_shapes::{Capsule, Ellipse};
/// use gjk_simd::{LaneCore, LaneShape};
/// let capsule = Capsule::new(Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0), 0.5).unwrap();
/// let Ok(LaneCore::Vertices(core)) = capsule.lane_core() else { panic!() };
/// assert_eq!(core.as_slice(), &[Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0)]);
/// let ellipse = Ellipse::new(Vec2::new(2.0, 1.0)).unwrap();
/// assert_eq!(ellipse.lane_core(), Ok(LaneCore::Ellipse(Vec2::new(2.0, 1.0))));
/// ```
pub trait LaneShape<S: Scalar = f32>: RayShape<S> {
    /// The core, or [`PackError::TooManyVertices`] (a polygon longer than a lane), or
    /// [`PackError::UnsupportedShape`] (a shape with no exact lane form).
    fn lane_core(&self) -> Result<LaneCore<S>, PackError>;
}

/// The lane core of a list of vertices.
fn vertices<S: Scalar>(points: &[Vec2<S>]) -> Result<LaneCore<S>, PackError> {
    CoreVertices::new(points).map(LaneCore::Vertices)
}

impl<S: Scalar, const N: usize> LaneShape<S> for Polygon<S, N> {
    fn lane_core(&self) -> Result<LaneCore<S>, PackError> {
        vertices(self.vertices())
    }
}

impl<S: Scalar, const N: usize> LaneShape<S> for Rounded<S, Polygon<S, N>> {
    fn lane_core(&self) -> Result<LaneCore<S>, PackError> {
        vertices(self.core().vertices())
    }
}

impl<S: Scalar> LaneShape<S> for Circle<S> {
    fn lane_core(&self) -> Result<LaneCore<S>, PackError> {
        vertices(&[self.center()])
    }
}

impl<S: Scalar> LaneShape<S> for Capsule<S> {
    fn lane_core(&self) -> Result<LaneCore<S>, PackError> {
        vertices(&[self.a(), self.b()])
    }
}

impl<S: Scalar> LaneShape<S> for Segment<S> {
    fn lane_core(&self) -> Result<LaneCore<S>, PackError> {
        vertices(&[self.a(), self.b()])
    }
}

impl<S: Scalar> LaneShape<S> for Point<S> {
    fn lane_core(&self) -> Result<LaneCore<S>, PackError> {
        vertices(&[self.position()])
    }
}

impl<S: Scalar> LaneShape<S> for Ellipse<S> {
    fn lane_core(&self) -> Result<LaneCore<S>, PackError> {
        Ok(LaneCore::Ellipse(self.semi_axes()))
    }
}

impl<S: Scalar> LaneShape<S> for Rounded<S, Ellipse<S>> {
    fn lane_core(&self) -> Result<LaneCore<S>, PackError> {
        Ok(LaneCore::Ellipse(self.core().semi_axes()))
    }
}

/// The wrapped shape's lane core; [`PackError::UnsupportedShape`] for the `Rect`
/// variant, whose support is not the arg-max of its corners (see [`LaneShape`]).
///
/// ```
/// use gjk_core::{Transform, Vec2, distance};
/// use gjk_shapes::{Capsule, Circle, Polygon, Rect, Shape};
/// use gjk_simd::{LaneShape, PackError, distance_batch};
///
/// let rect = Rect::new(Vec2::new(1.0_f32, 0.5))?;
/// let scene: [Shape; 3] = [
///     Circle::new(Vec2::ZERO, 0.5)?.into(),
///     Polygon::from_rect(rect)?.into(),
///     Capsule::new(Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0), 0.25)?.into(),
/// ];
/// let xf_a = [Transform::IDENTITY; 3];
/// let xf_b = [Transform::from_translation(Vec2::new(3.0, 0.5)); 3];
/// let mut out = [Default::default(); 3];
/// distance_batch(&scene, &xf_a, &scene, &xf_b, &mut out).unwrap();
/// for i in 0..3 {
///     assert_eq!(out[i], distance(&scene[i], xf_a[i], &scene[i], xf_b[i]));
/// }
/// assert_eq!(Shape::from(rect).lane_core(), Err(PackError::UnsupportedShape));
/// # Ok::<(), gjk_shapes::ShapeError>(())
/// ```
impl<S: Scalar> LaneShape<S> for Shape<S> {
    fn lane_core(&self) -> Result<LaneCore<S>, PackError> {
        match self {
            Self::Point(shape) => shape.lane_core(),
            Self::Circle(shape) => shape.lane_core(),
            Self::Ellipse(shape) => shape.lane_core(),
            Self::Segment(shape) => shape.lane_core(),
            Self::Capsule(shape) => shape.lane_core(),
            Self::Rect(_) => Err(PackError::UnsupportedShape),
            Self::Polygon(shape) => shape.lane_core(),
            Self::RoundedPolygon(shape) => shape.lane_core(),
            Self::RoundedEllipse(shape) => shape.lane_core(),
        }
    }
}

#[cfg(test)]
mod tests {
    extern crate alloc;
    use alloc::string::ToString;

    use gjk_core::{FeatureId, Support, Transform, Vec2, distance};
    use gjk_shapes::{Polygon, Rect, Shape};

    use super::*;
    use crate::distance_batch;

    /// The lane's support of a vertex core, as `gjk::farthest` computes it per lane.
    fn lane_arg_max(core: &[Vec2<f32>], direction: Vec2<f32>) -> (Vec2<f32>, FeatureId) {
        let (mut best, mut best_dot) = (0, f32::NEG_INFINITY);
        for (index, vertex) in core.iter().enumerate() {
            let dot = vertex.x * direction.x + vertex.y * direction.y;
            if dot > best_dot {
                (best, best_dot) = (index, dot);
            }
        }
        (core[best], FeatureId::vertex(best as u32))
    }

    /// Why `Rect` has no lane core: with its corners packed in feature-id order (the
    /// only order that keeps its ids), the arg-max disagrees with the box on a tie,
    /// on the zero direction and on a half-NaN one.
    #[test]
    fn rect_support_is_not_the_arg_max_of_its_corners() {
        let rect = Rect::new(Vec2::new(1.0_f32, 0.5)).unwrap();
        let corners = rect.vertices();
        for (direction, box_id, arg_max_id) in [
            (Vec2::new(1.0, 0.0), 2, 1),
            (Vec2::ZERO, 2, 0),
            (Vec2::new(f32::NAN, 1.0), 3, 0),
        ] {
            let support = rect.support(direction);
            assert_eq!(support.feature, FeatureId::vertex(box_id), "{direction:?}");
            let (_, lane_id) = lane_arg_max(&corners, direction);
            assert_eq!(lane_id, FeatureId::vertex(arg_max_id), "{direction:?}");
        }
        // The same box as a polygon is the arg-max, and goes into lanes.
        let polygon = Polygon::<f32, 8>::from_rect(rect).unwrap();
        for direction in [Vec2::new(1.0, 0.0), Vec2::ZERO, Vec2::new(f32::NAN, 1.0)] {
            let support = polygon.support(direction);
            assert_eq!(
                (support.point, support.feature),
                lane_arg_max(polygon.vertices(), direction)
            );
        }
    }

    #[test]
    fn shape_lane_core_is_the_variant_lane_core() {
        let octagon = Polygon::<f32, 8>::regular(8, 1.0).unwrap();
        let ellipse = Ellipse::new(Vec2::new(2.0, 1.0)).unwrap();
        let circle = Circle::new(Vec2::new(0.5, 0.0), 0.25).unwrap();
        let segment = Segment::new(Vec2::ZERO, Vec2::X).unwrap();
        let cases: [(Shape, Result<LaneCore, PackError>); 8] = [
            (octagon.into(), octagon.lane_core()),
            (ellipse.into(), ellipse.lane_core()),
            (circle.into(), circle.lane_core()),
            (segment.into(), segment.lane_core()),
            (
                Capsule::new(Vec2::ZERO, Vec2::Y, 0.5).unwrap().into(),
                Capsule::new(Vec2::ZERO, Vec2::Y, 0.5).unwrap().lane_core(),
            ),
            (
                Point::new(Vec2::X).unwrap().into(),
                Point::new(Vec2::X).unwrap().lane_core(),
            ),
            (
                Rounded::new(octagon, 0.1).unwrap().into(),
                Rounded::new(octagon, 0.1).unwrap().lane_core(),
            ),
            (
                Rounded::new(ellipse, 0.1).unwrap().into(),
                Rounded::new(ellipse, 0.1).unwrap().lane_core(),
            ),
        ];
        for (shape, expected) in cases {
            assert!(expected.is_ok());
            assert_eq!(shape.lane_core(), expected, "{shape:?}");
        }
        let rect = Shape::from(Rect::new(Vec2::new(1.0_f32, 1.0)).unwrap());
        assert_eq!(rect.lane_core(), Err(PackError::UnsupportedShape));
    }

    /// A batch holding a `Rect` anywhere refuses to run rather than give an answer
    /// that could differ from the scalar kernel's.
    #[test]
    fn batch_with_a_rect_is_an_unsupported_shape_error() {
        let circle = Shape::from(Circle::new(Vec2::ZERO, 1.0_f32).unwrap());
        let rect = Shape::from(Rect::new(Vec2::new(1.0_f32, 1.0)).unwrap());
        let shapes = [circle, circle, rect];
        let xf = [Transform::from_translation(Vec2::new(3.0, 0.0)); 3];
        let mut out = [distance(&circle, xf[0], &circle, xf[0]); 3];
        let result = distance_batch(&shapes, &[Transform::IDENTITY; 3], &shapes, &xf, &mut out);
        assert_eq!(result, Err(PackError::UnsupportedShape));
        assert!(
            PackError::UnsupportedShape
                .to_string()
                .contains("Polygon::from_rect")
        );
    }
}
