//! The shapes of the table as plain data, and how a target builds them into
//! `gjk-shapes` values.
//!
//! Every shape is built on the target by the `gjk-shapes` constructor a user would call
//! (regular polygons and poses go through `libm`'s `sincosf` there, hulls through the
//! hull builder), so the table checks those paths too, not only the queries.

use gjk_core::{RayShape, Transform, Vec2};
use gjk_shapes::{
    Capsule, Circle, Ellipse, Hull, MinkowskiSum, Point, Polygon, Rect, Rounded, Segment,
    ShapeError, Transformed,
};

/// The polygon type of the table: up to eight vertices, as firmware would use.
pub type Polygon8 = Polygon<f32, 8>;

/// The most points a [`ShapeSpec::HullOf`] may list.
pub const MAX_HULL_POINTS: usize = 12;

/// A placement: position and angle in radians, turned into a [`Transform`] by
/// [`Transform::from_position_angle`] on the target.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pose {
    /// Where the shape's local origin lands.
    pub position: [f32; 2],
    /// Counter-clockwise turn in radians.
    pub angle: f32,
}

impl Pose {
    /// The transform this pose describes.
    ///
    /// ```
    /// use gjk_conformance::Pose;
    /// let xf = Pose { position: [1.0, 2.0], angle: 0.0 }.transform();
    /// assert_eq!(xf.translation.x, 1.0);
    /// ```
    #[inline]
    pub fn transform(&self) -> Transform<f32> {
        Transform::from_position_angle(vec(self.position), self.angle)
    }
}

/// A shape and where it is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placed {
    /// The shape in its local frame.
    pub shape: ShapeSpec,
    /// Its placement.
    pub pose: Pose,
}

/// One shape of `gjk-shapes`, by its constructor arguments (f32).
///
/// The combinators take fixed inner shapes so that the target needs no allocation:
/// one variant per combination the table uses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ShapeSpec {
    /// `Point::new(position)`.
    Point([f32; 2]),
    /// `Circle::new(center, radius)`.
    Circle {
        /// Centre in the local frame.
        center: [f32; 2],
        /// Radius.
        radius: f32,
    },
    /// `Ellipse::new(semi_axes)`.
    Ellipse {
        /// Semi-axes along local x and y.
        semi_axes: [f32; 2],
    },
    /// `Segment::new(a, b)`.
    Segment {
        /// First end.
        a: [f32; 2],
        /// Second end.
        b: [f32; 2],
    },
    /// `Capsule::new(a, b, radius)`.
    Capsule {
        /// First end of the core segment.
        a: [f32; 2],
        /// Second end of the core segment.
        b: [f32; 2],
        /// Radius.
        radius: f32,
    },
    /// `Rect::new(half_extents)`.
    Rect {
        /// Half-extents along local x and y.
        half_extents: [f32; 2],
    },
    /// `Polygon::<f32, 8>::new(vertices)`.
    Polygon {
        /// Counter-clockwise convex vertices, 3 to 8.
        vertices: &'static [[f32; 2]],
    },
    /// `Polygon::<f32, 8>::regular(sides, radius)`.
    Regular {
        /// Vertex count, 3 to 8.
        sides: u8,
        /// Circumradius.
        radius: f32,
    },
    /// `Polygon::<f32, 8>::hull(points)`.
    HullOf {
        /// Any points, at most [`MAX_HULL_POINTS`], whose hull has at most 8 vertices.
        points: &'static [[f32; 2]],
    },
    /// `Rounded::new(Polygon::regular(sides, radius), rounding)`.
    RoundedRegular {
        /// Vertex count of the core, 3 to 8.
        sides: u8,
        /// Circumradius of the core.
        radius: f32,
        /// Rounding around the core.
        rounding: f32,
    },
    /// `Rounded::new(Ellipse::new(semi_axes), rounding)`.
    RoundedEllipse {
        /// Semi-axes of the core.
        semi_axes: [f32; 2],
        /// Rounding around the core.
        rounding: f32,
    },
    /// `Transformed::new(Rect::new(half_extents), pose)`.
    TransformedRect {
        /// Half-extents of the box.
        half_extents: [f32; 2],
        /// Placement of the box in the shape's frame.
        pose: Pose,
    },
    /// `Transformed::new(Ellipse::new(semi_axes), pose)`.
    TransformedEllipse {
        /// Semi-axes of the ellipse.
        semi_axes: [f32; 2],
        /// Placement of the ellipse in the shape's frame.
        pose: Pose,
    },
    /// `MinkowskiSum::new(Rect::new(half_extents), Segment::new(0, sweep))`: a box swept
    /// along a segment.
    SweptRect {
        /// Half-extents of the box.
        half_extents: [f32; 2],
        /// Far end of the sweep segment (it starts at the origin).
        sweep: [f32; 2],
    },
    /// `MinkowskiSum::new(Ellipse::new(semi_axes), Circle::new(center, radius))`.
    EllipsePlusCircle {
        /// Semi-axes of the ellipse.
        semi_axes: [f32; 2],
        /// Centre of the circle (shifts the sum).
        center: [f32; 2],
        /// Radius of the circle.
        radius: f32,
    },
    /// `Hull::new(Circle::new(first, radius), Circle::new(second, radius))`: equal radii.
    CircleHull {
        /// Centre of the first circle.
        first: [f32; 2],
        /// Centre of the second circle.
        second: [f32; 2],
        /// Radius of both.
        radius: f32,
    },
    /// `Hull::new(Rect::new(half_extents), Circle::new(center, radius))`: different
    /// radii, so the hull has no core and its support is smooth.
    RectCircleHull {
        /// Half-extents of the box.
        half_extents: [f32; 2],
        /// Centre of the circle.
        center: [f32; 2],
        /// Radius of the circle.
        radius: f32,
    },
    /// `Hull::new(Polygon::regular(sides, radius), Point::new(apex))`.
    RegularPointHull {
        /// Vertex count of the polygon, 3 to 8.
        sides: u8,
        /// Circumradius of the polygon.
        radius: f32,
        /// The extra point.
        apex: [f32; 2],
    },
}

/// A built shape: the `gjk-shapes` value a [`ShapeSpec`] describes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Built {
    /// [`ShapeSpec::Point`].
    Point(Point<f32>),
    /// [`ShapeSpec::Circle`].
    Circle(Circle<f32>),
    /// [`ShapeSpec::Ellipse`].
    Ellipse(Ellipse<f32>),
    /// [`ShapeSpec::Segment`].
    Segment(Segment<f32>),
    /// [`ShapeSpec::Capsule`].
    Capsule(Capsule<f32>),
    /// [`ShapeSpec::Rect`].
    Rect(Rect<f32>),
    /// [`ShapeSpec::Polygon`], [`ShapeSpec::Regular`] and [`ShapeSpec::HullOf`].
    Polygon(Polygon8),
    /// [`ShapeSpec::RoundedRegular`].
    RoundedPolygon(Rounded<f32, Polygon8>),
    /// [`ShapeSpec::RoundedEllipse`].
    RoundedEllipse(Rounded<f32, Ellipse<f32>>),
    /// [`ShapeSpec::TransformedRect`].
    TransformedRect(Transformed<f32, Rect<f32>>),
    /// [`ShapeSpec::TransformedEllipse`].
    TransformedEllipse(Transformed<f32, Ellipse<f32>>),
    /// [`ShapeSpec::SweptRect`].
    SweptRect(MinkowskiSum<Rect<f32>, Segment<f32>>),
    /// [`ShapeSpec::EllipsePlusCircle`].
    EllipsePlusCircle(MinkowskiSum<Ellipse<f32>, Circle<f32>>),
    /// [`ShapeSpec::CircleHull`].
    CircleHull(Hull<Circle<f32>, Circle<f32>>),
    /// [`ShapeSpec::RectCircleHull`].
    RectCircleHull(Hull<Rect<f32>, Circle<f32>>),
    /// [`ShapeSpec::RegularPointHull`].
    RegularPointHull(Hull<Polygon8, Point<f32>>),
}

impl ShapeSpec {
    /// Builds the shape with the `gjk-shapes` constructors.
    ///
    /// # Errors
    ///
    /// The constructor's [`ShapeError`]; the generator only writes specs that build.
    ///
    /// ```
    /// use gjk_conformance::ShapeSpec;
    /// use gjk_core::Support;
    /// let disc = ShapeSpec::Circle { center: [0.0, 0.0], radius: 0.5 }.build()?;
    /// assert_eq!(disc.as_support().radius(), 0.5);
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn build(&self) -> Result<Built, ShapeError> {
        Ok(match *self {
            Self::Point(position) => Built::Point(Point::new(vec(position))?),
            Self::Circle { center, radius } => Built::Circle(Circle::new(vec(center), radius)?),
            Self::Ellipse { semi_axes } => Built::Ellipse(Ellipse::new(vec(semi_axes))?),
            Self::Segment { a, b } => Built::Segment(Segment::new(vec(a), vec(b))?),
            Self::Capsule { a, b, radius } => Built::Capsule(Capsule::new(vec(a), vec(b), radius)?),
            Self::Rect { half_extents } => Built::Rect(Rect::new(vec(half_extents))?),
            Self::Polygon { vertices } => Built::Polygon(with_points(vertices, Polygon8::new)?),
            Self::Regular { sides, radius } => {
                Built::Polygon(Polygon8::regular(usize::from(sides), radius)?)
            }
            Self::HullOf { points } => Built::Polygon(with_points(points, Polygon8::hull)?),
            Self::RoundedRegular {
                sides,
                radius,
                rounding,
            } => Built::RoundedPolygon(Rounded::new(
                Polygon8::regular(usize::from(sides), radius)?,
                rounding,
            )?),
            Self::RoundedEllipse {
                semi_axes,
                rounding,
            } => Built::RoundedEllipse(Rounded::new(Ellipse::new(vec(semi_axes))?, rounding)?),
            Self::TransformedRect { half_extents, pose } => Built::TransformedRect(
                Transformed::new(Rect::new(vec(half_extents))?, pose.transform())?,
            ),
            Self::TransformedEllipse { semi_axes, pose } => Built::TransformedEllipse(
                Transformed::new(Ellipse::new(vec(semi_axes))?, pose.transform())?,
            ),
            Self::SweptRect {
                half_extents,
                sweep,
            } => Built::SweptRect(MinkowskiSum::new(
                Rect::new(vec(half_extents))?,
                Segment::new(Vec2::ZERO, vec(sweep))?,
            )),
            Self::EllipsePlusCircle {
                semi_axes,
                center,
                radius,
            } => Built::EllipsePlusCircle(MinkowskiSum::new(
                Ellipse::new(vec(semi_axes))?,
                Circle::new(vec(center), radius)?,
            )),
            Self::CircleHull {
                first,
                second,
                radius,
            } => Built::CircleHull(Hull::new(
                Circle::new(vec(first), radius)?,
                Circle::new(vec(second), radius)?,
            )),
            Self::RectCircleHull {
                half_extents,
                center,
                radius,
            } => Built::RectCircleHull(Hull::new(
                Rect::new(vec(half_extents))?,
                Circle::new(vec(center), radius)?,
            )),
            Self::RegularPointHull {
                sides,
                radius,
                apex,
            } => Built::RegularPointHull(Hull::new(
                Polygon8::regular(usize::from(sides), radius)?,
                Point::new(vec(apex))?,
            )),
        })
    }
}

impl Built {
    /// The shape as a support mapping with its closed-form ray cast, for the queries.
    ///
    /// ```
    /// use gjk_conformance::ShapeSpec;
    /// use gjk_core::{Support, Vec2};
    /// let square = ShapeSpec::Rect { half_extents: [1.0, 1.0] }.build()?;
    /// assert_eq!(square.as_support().support(Vec2::new(1.0, 1.0)).point, Vec2::new(1.0, 1.0));
    /// # Ok::<(), gjk_shapes::ShapeError>(())
    /// ```
    pub fn as_support(&self) -> &dyn RayShape<f32> {
        match self {
            Self::Point(shape) => shape,
            Self::Circle(shape) => shape,
            Self::Ellipse(shape) => shape,
            Self::Segment(shape) => shape,
            Self::Capsule(shape) => shape,
            Self::Rect(shape) => shape,
            Self::Polygon(shape) => shape,
            Self::RoundedPolygon(shape) => shape,
            Self::RoundedEllipse(shape) => shape,
            Self::TransformedRect(shape) => shape,
            Self::TransformedEllipse(shape) => shape,
            Self::SweptRect(shape) => shape,
            Self::EllipsePlusCircle(shape) => shape,
            Self::CircleHull(shape) => shape,
            Self::RectCircleHull(shape) => shape,
            Self::RegularPointHull(shape) => shape,
        }
    }
}

/// `[x, y]` as a vector.
#[inline]
fn vec([x, y]: [f32; 2]) -> Vec2<f32> {
    Vec2::new(x, y)
}

/// Calls a polygon constructor on the points as vectors, copied into a fixed buffer;
/// more than [`MAX_HULL_POINTS`] points are [`ShapeError::TooManyPoints`].
fn with_points(
    points: &[[f32; 2]],
    construct: impl FnOnce(&[Vec2<f32>]) -> Result<Polygon8, ShapeError>,
) -> Result<Polygon8, ShapeError> {
    let mut buffer = [Vec2::ZERO; MAX_HULL_POINTS];
    let count = points.len();
    let used = buffer.get_mut(..count).ok_or(ShapeError::TooManyPoints {
        count,
        capacity: MAX_HULL_POINTS,
    })?;
    for (slot, &point) in used.iter_mut().zip(points) {
        *slot = vec(point);
    }
    construct(used)
}
