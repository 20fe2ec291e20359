//! What every fuzz target shares: inputs decoded from the fuzzer's bytes with a bias
//! toward the values that break geometry code, the shapes built from them through the
//! validated constructors, and the invariants the queries must keep.
//!
//! Numbers ([`Num`]) come out as NaN, infinities, 1e30, 1e-30, subnormals, signed
//! zeros, arbitrary bit patterns, or points of a coarse grid (which makes duplicate and
//! collinear points and slivers common); placements mix them, so huge coordinates meet
//! tiny shapes. The 3D inputs are in `space.rs`.

mod projection;
mod space;

pub use projection::check_projection;
pub use space::{P3, Placement3, Shape3, ShapeSpec3, tame_scale3};

use arbitrary::{Arbitrary, Result, Unstructured};
use gjk_core::{
    Bounded, CastOutput, ContactShape, FeatureId, Ray, RayShape, Rot, Support, SupportEdge,
    SupportPoint, Transform, Vec2,
};
use gjk_shapes::{Capsule, Circle, Ellipse, Point, Polygon, Rect, Rounded, Segment, ShapeError};

/// Polygon capacity used by the targets.
pub const CAPACITY: usize = 8;

/// A number biased toward trouble.
#[derive(Clone, Copy, Debug)]
pub struct Num(pub f32);

impl<'a> Arbitrary<'a> for Num {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let choice = u8::arbitrary(u)?;
        Ok(Self(match choice % 20 {
            0 => f32::NAN,
            1 => f32::INFINITY,
            2 => f32::NEG_INFINITY,
            3 => 1e30,
            4 => -1e30,
            5 => 1e-30,
            6 => f32::MIN_POSITIVE / 8.0,
            7 => -0.0,
            8 => f32::from_bits(u32::arbitrary(u)?),
            9 => f32::from(i16::arbitrary(u)?) * 1e3,
            10 => f32::from(i16::arbitrary(u)?) * 1e-4,
            // A coarse grid: duplicates, collinear points and exact touching.
            _ => f32::from(i8::arbitrary(u)?) / 8.0,
        }))
    }
}

/// A point from two numbers.
#[derive(Clone, Copy, Debug, Arbitrary)]
pub struct P(pub Num, pub Num);

impl P {
    /// As a vector.
    pub fn v(self) -> Vec2<f32> {
        Vec2::new(self.0.0, self.1.0)
    }
}

/// A placement: by position and angle, or with raw (possibly not unit) rotation.
#[derive(Clone, Copy, Debug, Arbitrary)]
pub enum Placement {
    /// `Transform::from_position_angle`.
    Angle(P, Num),
    /// Rotation components as given.
    Raw(P, Num, Num),
}

impl Placement {
    /// The transform.
    pub fn transform(self) -> Transform<f32> {
        match self {
            Self::Angle(position, angle) => Transform::from_position_angle(position.v(), angle.0),
            Self::Raw(position, cos, sin) => Transform {
                translation: position.v(),
                rotation: Rot {
                    cos: cos.0,
                    sin: sin.0,
                },
            },
        }
    }
}

/// A shape description.
#[derive(Clone, Debug, Arbitrary)]
pub enum ShapeSpec {
    /// A point.
    Point(P),
    /// A circle.
    Circle(P, Num),
    /// A segment.
    Segment(P, P),
    /// A capsule.
    Capsule(P, P, Num),
    /// A box by half extents.
    Rect(P),
    /// A polygon from its vertices (must be convex and counter-clockwise).
    Polygon(Vec<P>),
    /// A polygon as the hull of points.
    Hull(Vec<P>),
    /// A rounded hull.
    RoundedHull(Vec<P>, Num),
    /// An ellipse by semi-axes.
    Ellipse(P),
}

/// A built shape.
#[derive(Clone, Copy, Debug)]
pub enum Shape {
    /// [`Point`].
    Point(Point<f32>),
    /// [`Circle`].
    Circle(Circle<f32>),
    /// [`Segment`].
    Segment(Segment<f32>),
    /// [`Capsule`].
    Capsule(Capsule<f32>),
    /// [`Rect`].
    Rect(Rect<f32>),
    /// [`Polygon`].
    Polygon(Polygon<f32, CAPACITY>),
    /// [`Rounded`] polygon.
    Rounded(Rounded<f32, Polygon<f32, CAPACITY>>),
    /// [`Ellipse`].
    Ellipse(Ellipse<f32>),
}

fn points(list: &[P]) -> Vec<Vec2<f32>> {
    list.iter().take(16).map(|p| p.v()).collect()
}

impl ShapeSpec {
    /// The shape, or the constructor's error.
    pub fn build(&self) -> core::result::Result<Shape, ShapeError> {
        Ok(match self {
            Self::Point(p) => Shape::Point(Point::new(p.v())?),
            Self::Circle(c, r) => Shape::Circle(Circle::new(c.v(), r.0)?),
            Self::Segment(a, b) => Shape::Segment(Segment::new(a.v(), b.v())?),
            Self::Capsule(a, b, r) => Shape::Capsule(Capsule::new(a.v(), b.v(), r.0)?),
            Self::Rect(h) => Shape::Rect(Rect::new(h.v())?),
            Self::Polygon(list) => Shape::Polygon(Polygon::new(&points(list))?),
            Self::Hull(list) => Shape::Polygon(Polygon::hull(&points(list))?),
            Self::RoundedHull(list, r) => {
                Shape::Rounded(Rounded::new(Polygon::hull(&points(list))?, r.0)?)
            }
            Self::Ellipse(axes) => Shape::Ellipse(Ellipse::new(axes.v())?),
        })
    }
}

impl Shape {
    fn inner(&self) -> &dyn RayShape<f32> {
        match self {
            Self::Point(s) => s,
            Self::Circle(s) => s,
            Self::Segment(s) => s,
            Self::Capsule(s) => s,
            Self::Rect(s) => s,
            Self::Polygon(s) => s,
            Self::Rounded(s) => s,
            Self::Ellipse(s) => s,
        }
    }
}

impl Support<f32> for Shape {
    fn support(&self, direction: Vec2<f32>) -> SupportPoint<f32> {
        self.inner().support(direction)
    }
    fn radius(&self) -> f32 {
        self.inner().radius()
    }
    fn feature_point(&self, feature: FeatureId) -> Option<Vec2<f32>> {
        self.inner().feature_point(feature)
    }
}

/// Boxes from support points, the default.
impl Bounded<f32> for Shape {}

impl RayShape<f32> for Shape {
    fn analytic_ray_cast(
        &self,
        transform: Transform<f32>,
        ray: Ray<f32>,
    ) -> Option<CastOutput<f32>> {
        self.inner().analytic_ray_cast(transform, ray)
    }
}

impl ContactShape<f32> for Shape {
    fn support_edge(&self, direction: Vec2<f32>) -> Option<SupportEdge<f32>> {
        match self {
            Self::Point(s) => s.support_edge(direction),
            Self::Circle(s) => s.support_edge(direction),
            Self::Segment(s) => s.support_edge(direction),
            Self::Capsule(s) => s.support_edge(direction),
            Self::Rect(s) => s.support_edge(direction),
            Self::Polygon(s) => s.support_edge(direction),
            Self::Rounded(s) => s.support_edge(direction),
            Self::Ellipse(s) => s.support_edge(direction),
        }
    }
}

/// The largest magnitude among the shapes' local and placed bounding boxes and their
/// translations: the length scale the tolerances are relative to (rounding in `f32`
/// costs a few epsilons of every coordinate the kernel touches, local or placed), or
/// `None` when the inputs are not "tame": anything non-finite, coordinates beyond 1e15
/// (squares approach `f32`'s range and the kernel may rightly report invalid input),
/// or a scene smaller than 1e-15 (squares fall below 1e-30, near `f32`'s subnormal
/// range, where the kernel's squared lengths lose their digits: a known limit).
pub fn tame_scale(placed: &[(&Shape, Transform<f32>)]) -> Option<f32> {
    let mut scale = f32::MIN_POSITIVE;
    for (shape, xf) in placed {
        if !xf.is_valid() {
            return None;
        }
        let (local, world) = (shape.local_aabb(), shape.aabb(*xf));
        let boxes = [local.min, local.max, world.min, world.max, xf.translation];
        for value in boxes.iter().flat_map(|corner| [corner.x, corner.y]) {
            if !value.is_finite() || value.abs() > 1e15 {
                return None;
            }
            scale = scale.max(value.abs());
        }
    }
    (scale >= 1e-15).then_some(scale)
}

/// Whether `point` lies in `shape`'s box at `xf`, grown by `slack`.
pub fn near_box(shape: &Shape, xf: Transform<f32>, point: Vec2<f32>, slack: f32) -> bool {
    let aabb = shape.aabb(xf);
    point.x >= aabb.min.x - slack
        && point.x <= aabb.max.x + slack
        && point.y >= aabb.min.y - slack
        && point.y <= aabb.max.y + slack
}
