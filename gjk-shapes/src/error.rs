//! `ShapeError`: why a shape could not be built.

use core::fmt;

/// Why a constructor rejected its input: one variant per reason.
///
/// Every fallible constructor checks its whole input and names the first problem it
/// finds; the [`Display`](fmt::Display) message says how to fix it.
///
/// ```
/// use gjk_core::Vec2;
/// use gjk_shapes::{Circle, Polygon, ShapeError};
///
/// assert_eq!(Circle::new(Vec2::ZERO, -1.0_f32), Err(ShapeError::NegativeRadius));
/// let clockwise = [Vec2::new(0.0_f32, 0.0), Vec2::new(0.0, 1.0), Vec2::new(1.0, 0.0)];
/// assert_eq!(Polygon::<f32, 8>::new(&clockwise), Err(ShapeError::Clockwise));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ShapeError {
    /// A polygon or hull needs at least 3 (distinct) points; `count` is how many it got
    /// (for a hull: how many distinct points, counting at most 3).
    TooFewPoints {
        /// The number of (distinct) points given.
        count: usize,
    },
    /// A point set ([`ConvexPoints`](crate::ConvexPoints)) needs at least one point.
    NoPoints,
    /// More vertices than the shape's const capacity `N` (a polygon's or a point
    /// set's).
    TooManyPoints {
        /// The number of vertices needed (for a hull: a lower bound, see
        /// [`Polygon::hull`](crate::Polygon::hull) and
        /// [`ConvexPoints::hull`](crate::ConvexPoints::hull)).
        count: usize,
        /// The capacity `N`.
        capacity: usize,
    },
    /// A coordinate, radius or extent is NaN or infinite, or the coordinates are so
    /// large that differences between them overflow.
    NonFinite,
    /// A radius is negative.
    NegativeRadius,
    /// A box half-extent or an ellipse semi-axis is zero or negative.
    NonPositiveExtent,
    /// Vertex `index` coincides with the next one (within the polygon's tolerance).
    DuplicatePoint {
        /// The index of the first of the two coinciding vertices.
        index: usize,
    },
    /// All points lie on one line: the polygon has no area.
    Collinear,
    /// Vertex `index` is reflex or collinear with its neighbours; or every vertex turns
    /// left but the outline winds around more than once (a star), and `index` is the
    /// vertex where the second winding starts.
    NotConvex {
        /// The offending vertex.
        index: usize,
    },
    /// The points are in clockwise order; polygons are counter-clockwise.
    Clockwise,
    /// A transform's rotation is not unit length (see `gjk_core::Rot::is_valid` and
    /// `gjk_core::Quat::is_valid`).
    InvalidRotation,
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::TooFewPoints { count } => write!(
                f,
                "a polygon needs at least 3 distinct points but got {count}; \
                 use a Point, Segment or Capsule for degenerate shapes"
            ),
            Self::TooManyPoints { count, capacity } => write!(
                f,
                "{count} vertices do not fit in a shape of capacity {capacity}; \
                 raise the capacity N of Polygon<S, N> or ConvexPoints<S, N>, \
                 or use fewer points"
            ),
            Self::NoPoints => f.write_str(
                "a point set needs at least one point but got none; pass the points \
                 of the shape (one point is a Point3, two a Segment3)",
            ),
            Self::NonFinite => f.write_str(
                "a coordinate, radius or extent is NaN or infinite, or coordinates are so \
                 large that their differences overflow; check the input for \
                 uninitialised or overflowed values",
            ),
            Self::NegativeRadius => f.write_str("a radius is negative; use a radius >= 0"),
            Self::NonPositiveExtent => f.write_str(
                "a half-extent, semi-axis or polygon radius is zero or negative; \
                 use sizes > 0 (a Segment or Point models a flat shape)",
            ),
            Self::DuplicatePoint { index } => write!(
                f,
                "vertex {index} coincides with the next vertex (closer than 4 epsilons \
                 of the polygon's size); remove one of them or build the polygon \
                 with Polygon::hull"
            ),
            Self::Collinear => f.write_str(
                "all points lie on one line, so the polygon has no area; \
                 use a Segment or Capsule instead",
            ),
            Self::NotConvex { index } => write!(
                f,
                "vertex {index} is reflex or collinear with its neighbours, or the \
                 outline winds around more than once; build the polygon with \
                 Polygon::hull to get the convex hull"
            ),
            Self::Clockwise => f.write_str(
                "the points are in clockwise order; polygons are counter-clockwise, \
                 so reverse the order of the points",
            ),
            Self::InvalidRotation => f.write_str(
                "the transform's rotation is not unit length (cos^2 + sin^2 != 1, or \
                 x^2 + y^2 + z^2 + w^2 != 1 for a quaternion); build it with \
                 Rot::from_angle or Quat::from_axis_angle, or fix it with Rot::normalize \
                 or Quat::normalize",
            ),
        }
    }
}

impl core::error::Error for ShapeError {}

#[cfg(test)]
mod tests {
    use alloc::string::ToString;

    use super::*;

    #[test]
    fn every_message_names_the_fix() {
        let all = [
            (ShapeError::TooFewPoints { count: 2 }, "got 2"),
            (
                ShapeError::TooManyPoints {
                    count: 9,
                    capacity: 8,
                },
                "capacity 8",
            ),
            (ShapeError::NoPoints, "at least one point"),
            (ShapeError::NonFinite, "NaN"),
            (ShapeError::NegativeRadius, ">= 0"),
            (ShapeError::NonPositiveExtent, "> 0"),
            (ShapeError::DuplicatePoint { index: 3 }, "vertex 3"),
            (ShapeError::Collinear, "Segment"),
            (ShapeError::NotConvex { index: 1 }, "Polygon::hull"),
            (ShapeError::Clockwise, "reverse"),
            (ShapeError::InvalidRotation, "Rot::normalize"),
            (ShapeError::InvalidRotation, "Quat::normalize"),
        ];
        for (error, hint) in all {
            let message = error.to_string();
            assert!(message.contains(hint), "{message:?} lacks {hint:?}");
        }
    }

    #[test]
    fn shape_error_is_a_core_error() {
        fn takes_error(_: &dyn core::error::Error) {}
        takes_error(&ShapeError::Collinear);
    }
}
