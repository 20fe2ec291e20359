//! The shapes that go into lanes: a convex core given by at most [`MAX_VERTICES`]
//! vertices, and a radius. Their support point is the core vertex farthest along the
//! direction (the first on ties), exactly as gjk-shapes computes it, so a lane finds
//! the same support points as the scalar kernel.

use gjk_core::{Support, Vec2};
use gjk_shapes::{Capsule, Circle, Point, Polygon, Rounded, Segment};

/// The most core vertices a lane holds (Box2D's polygon limit).
pub const MAX_VERTICES: usize = 8;

/// Why a batch could not be packed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PackError {
    /// A polygon core has more than [`MAX_VERTICES`] vertices.
    TooManyVertices,
    /// The shape and transform slices (or the output slice) differ in length.
    LengthMismatch,
}

impl core::fmt::Display for PackError {
    fn fmt(&self, formatter: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        formatter.write_str(match self {
            Self::TooManyVertices => "a polygon core has more vertices than a lane holds",
            Self::LengthMismatch => "the input and output slices differ in length",
        })
    }
}

impl core::error::Error for PackError {}

/// A core's vertices, at most [`MAX_VERTICES`] of them, in the order the shape's
/// support function scans them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CoreVertices {
    points: [Vec2<f32>; MAX_VERTICES],
    count: usize,
}

impl CoreVertices {
    /// The vertices of `points`, or [`PackError::TooManyVertices`].
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// use gjk_simd::{CoreVertices, PackError};
    /// assert_eq!(CoreVertices::new(&[Vec2::ZERO]).map(|core| core.len()), Ok(1));
    /// assert_eq!(CoreVertices::new(&[Vec2::ZERO; 9]), Err(PackError::TooManyVertices));
    /// ```
    pub fn new(points: &[Vec2<f32>]) -> Result<Self, PackError> {
        let mut core = Self {
            points: [Vec2::ZERO; MAX_VERTICES],
            count: points.len(),
        };
        core.points
            .get_mut(..points.len())
            .ok_or(PackError::TooManyVertices)?
            .copy_from_slice(points);
        Ok(core)
    }

    /// The vertices.
    pub fn as_slice(&self) -> &[Vec2<f32>] {
        self.points.get(..self.count).unwrap_or(&[])
    }

    /// How many vertices there are.
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }
}

/// A shape whose core is a short list of vertices: what a lane can hold.
///
/// ```
/// use gjk_core::Vec2;
/// use gjk_shapes::Capsule;
/// use gjk_simd::LaneShape;
/// let capsule = Capsule::new(Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0), 0.5).unwrap();
/// let core = capsule.core_vertices().unwrap();
/// assert_eq!(core.as_slice(), &[Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0)]);
/// ```
pub trait LaneShape: Support<f32> {
    /// The core's vertices, or [`PackError::TooManyVertices`].
    fn core_vertices(&self) -> Result<CoreVertices, PackError>;
}

impl<const N: usize> LaneShape for Polygon<f32, N> {
    fn core_vertices(&self) -> Result<CoreVertices, PackError> {
        CoreVertices::new(self.vertices())
    }
}

impl<const N: usize> LaneShape for Rounded<f32, Polygon<f32, N>> {
    fn core_vertices(&self) -> Result<CoreVertices, PackError> {
        CoreVertices::new(self.core().vertices())
    }
}

impl LaneShape for Circle<f32> {
    fn core_vertices(&self) -> Result<CoreVertices, PackError> {
        CoreVertices::new(&[self.center()])
    }
}

impl LaneShape for Capsule<f32> {
    fn core_vertices(&self) -> Result<CoreVertices, PackError> {
        CoreVertices::new(&[self.a(), self.b()])
    }
}

impl LaneShape for Segment<f32> {
    fn core_vertices(&self) -> Result<CoreVertices, PackError> {
        CoreVertices::new(&[self.a(), self.b()])
    }
}

impl LaneShape for Point<f32> {
    fn core_vertices(&self) -> Result<CoreVertices, PackError> {
        CoreVertices::new(&[self.position()])
    }
}
