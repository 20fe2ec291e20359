//! The shapes that go into lanes: a convex core, and a radius. The core is either at
//! most [`MAX_VERTICES`] vertices, whose support point is the vertex farthest along
//! the direction (the first on ties), or an ellipse, whose support point is gjk-shapes'
//! closed form. Either way a lane computes exactly what gjk-shapes computes, so it
//! finds the same support points as the scalar kernel.

use gjk_core::{Scalar, Support, Vec2};
use gjk_shapes::{Capsule, Circle, Ellipse, Point, Polygon, Rounded, Segment};

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
        // compiles to a call of `memcpy` (a fifth of `distance_batch`'s packing,
        // callgrind, 2026-11-24).
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
    pub fn as_slice(&self) -> &[Vec2<S>] {
        self.padded.get(..self.count).unwrap_or(&[])
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

/// What a lane holds of a shape's core.
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
pub trait LaneShape<S: Scalar = f32>: Support<S> {
    /// The core, or [`PackError::TooManyVertices`].
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
