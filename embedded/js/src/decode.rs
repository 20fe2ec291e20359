//! Shapes, placements and the other inputs, read from the scratch slots the host
//! wrote. A shape is its kind number, then its constructor's arguments:
//!
//! ```text
//! kind 0 point     x, y
//! kind 1 circle    radius, center x, center y
//! kind 2 ellipse   semi-axis x, semi-axis y, rounding (0: a bare ellipse)
//! kind 3 segment   x0, y0, x1, y1
//! kind 4 capsule   radius, x0, y0, x1, y1
//! kind 5 rect      half width, half height
//! kind 6 polygon   rounding (0: bare), point count, hull (1: the convex hull of the
//!                  points, 0: the points as given, counter-clockwise), x0, y0, ...
//! ```
//!
//! Every shape goes through its validating constructor, so invalid input is the
//! constructor's `ShapeError`, never an invalid shape.

use gjk_core::{Transform, Vec2};
use gjk_shapes::{
    Capsule, Circle, Ellipse, Point, Polygon, Rect, Rounded, SHAPE_POLYGON_CAPACITY, Segment,
    Shape, ShapeError,
};

use crate::memory::read;

/// Why the inputs could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputError {
    /// A kind number the module does not know.
    UnknownKind,
    /// A point count that is not a whole number from 0 to the capacity.
    BadPointCount,
    /// The shape's constructor refused it.
    Shape(ShapeError),
}

impl core::fmt::Display for InputError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::UnknownKind => f.write_str("unknown shape kind"),
            Self::BadPointCount => write!(
                f,
                "a polygon's point count must be a whole number from 0 to {SHAPE_POLYGON_CAPACITY}"
            ),
            Self::Shape(error) => error.fmt(f),
        }
    }
}

impl From<ShapeError> for InputError {
    fn from(error: ShapeError) -> Self {
        Self::Shape(error)
    }
}

/// The point in slots `at` and `at + 1`.
pub fn vector(at: usize) -> Vec2<f64> {
    Vec2::new(read(at), read(at + 1))
}

/// The placement (x, y, angle) in slots `at..at + 3`. Its validity is the query's to
/// check: a non-finite placement gives the query's `InvalidInput` status.
pub fn placement(at: usize) -> Transform<f64> {
    Transform::from_position_angle(vector(at), read(at + 2))
}

/// The shape whose kind is in slot `at`.
pub fn shape(at: usize) -> Result<Shape<f64>, InputError> {
    let parameter = |index: usize| read(at + 1 + index);
    let point = |index: usize| Vec2::new(parameter(index), parameter(index + 1));
    let kind = read(at);
    Ok(if kind == 0.0 {
        Shape::Point(Point::new(point(0))?)
    } else if kind == 1.0 {
        Shape::Circle(Circle::new(point(1), parameter(0))?)
    } else if kind == 2.0 {
        let ellipse = Ellipse::new(point(0))?;
        let rounding = parameter(2);
        if rounding == 0.0 {
            Shape::Ellipse(ellipse)
        } else {
            Shape::RoundedEllipse(Rounded::new(ellipse, rounding)?)
        }
    } else if kind == 3.0 {
        Shape::Segment(Segment::new(point(0), point(2))?)
    } else if kind == 4.0 {
        Shape::Capsule(Capsule::new(point(1), point(3), parameter(0))?)
    } else if kind == 5.0 {
        Shape::Rect(Rect::new(point(0))?)
    } else if kind == 6.0 {
        polygon(at)?
    } else {
        return Err(InputError::UnknownKind);
    })
}

/// The polygon (kind 6) in slots from `at`.
fn polygon(at: usize) -> Result<Shape<f64>, InputError> {
    let (rounding, count, hull) = (read(at + 1), read(at + 2), read(at + 3));
    let whole = (0..=SHAPE_POLYGON_CAPACITY).find(|&whole| whole as f64 == count);
    let count = whole.ok_or(InputError::BadPointCount)?;
    let mut points = [Vec2::ZERO; SHAPE_POLYGON_CAPACITY];
    for (index, point) in points.iter_mut().enumerate().take(count) {
        *point = Vec2::new(read(at + 4 + 2 * index), read(at + 5 + 2 * index));
    }
    let points = &points[..count];
    let polygon = if hull == 1.0 {
        Polygon::hull(points)?
    } else {
        Polygon::new(points)?
    };
    Ok(if rounding == 0.0 {
        Shape::Polygon(polygon)
    } else {
        Shape::RoundedPolygon(Rounded::new(polygon, rounding)?)
    })
}
