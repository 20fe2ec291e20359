//! Random lane shapes of every kind, for the batch tests that compare lanes with the
//! scalar kernel: polygons of 3 to 8 vertices, rounded polygons, circles, capsules,
//! segments, points, ellipses (up to 1:50) and rounded ellipses, at scales from 1e-3 to
//! 1e3; and each of these wrapped in gjk-shapes' `Shape` enum, as an engine holds them.

use gjk_core::{
    Bounded, CastOutput, FeatureId, Ray, RayShape, Rot, Support, SupportPoint, Transform, Vec2,
};
use gjk_shapes::Shape as EngineShape;
use gjk_shapes::{Capsule, Circle, Ellipse, Point, Polygon, Rounded, Segment};
use gjk_simd::{LaneCore, LaneScalar, LaneShape, PackError};
use proptest::prelude::*;

/// Any lane shape, so that one batch mixes kinds.
#[derive(Clone, Copy, Debug)]
pub enum Shape<S: LaneScalar = f32> {
    Polygon(Polygon<S, 8>),
    Rounded(Rounded<S, Polygon<S, 8>>),
    Circle(Circle<S>),
    Capsule(Capsule<S>),
    Segment(Segment<S>),
    Point(Point<S>),
    Ellipse(Ellipse<S>),
    RoundedEllipse(Rounded<S, Ellipse<S>>),
    /// One of the above in gjk-shapes' enum: its `Support` and `LaneShape`.
    Engine(EngineShape<S>),
}

impl Shape {
    /// The same shape in `f64`, built by the `f64` constructors from the `f32` values
    /// (exactly converted), or `None` where they reject it.
    pub fn to_f64(self) -> Option<Shape<f64>> {
        let wide = |point: Vec2<f32>| Vec2::new(f64::from(point.x), f64::from(point.y));
        let polygon = |polygon: &Polygon<f32, 8>| {
            let points: Vec<Vec2<f64>> = polygon.vertices().iter().map(|&p| wide(p)).collect();
            Polygon::<f64, 8>::new(&points).ok()
        };
        Some(match &self {
            Self::Polygon(shape) => Shape::Polygon(polygon(shape)?),
            Self::Rounded(shape) => Shape::Rounded(
                Rounded::new(polygon(shape.core())?, f64::from(shape.radius())).ok()?,
            ),
            Self::Circle(shape) => {
                Shape::Circle(Circle::new(wide(shape.center()), f64::from(shape.radius())).ok()?)
            }
            Self::Capsule(shape) => Shape::Capsule(
                Capsule::new(wide(shape.a()), wide(shape.b()), f64::from(shape.radius())).ok()?,
            ),
            Self::Segment(shape) => {
                Shape::Segment(Segment::new(wide(shape.a()), wide(shape.b())).ok()?)
            }
            Self::Point(shape) => Shape::Point(Point::new(wide(shape.position())).ok()?),
            Self::Ellipse(shape) => Shape::Ellipse(Ellipse::new(wide(shape.semi_axes())).ok()?),
            Self::RoundedEllipse(shape) => Shape::RoundedEllipse(
                Rounded::new(
                    Ellipse::new(wide(shape.core().semi_axes())).ok()?,
                    f64::from(shape.radius()),
                )
                .ok()?,
            ),
            Self::Engine(shape) => Self::unwrapped(*shape)?.to_f64()?.wrapped(),
        })
    }

    /// The shape an engine shape wraps, as its own kind; `None` for the kinds no lane
    /// holds (a `Rect`).
    fn unwrapped(shape: EngineShape) -> Option<Self> {
        Some(match shape {
            EngineShape::Point(shape) => Self::Point(shape),
            EngineShape::Circle(shape) => Self::Circle(shape),
            EngineShape::Ellipse(shape) => Self::Ellipse(shape),
            EngineShape::Segment(shape) => Self::Segment(shape),
            EngineShape::Capsule(shape) => Self::Capsule(shape),
            EngineShape::Rect(_) => return None,
            EngineShape::Polygon(shape) => Self::Polygon(shape),
            EngineShape::RoundedPolygon(shape) => Self::Rounded(shape),
            EngineShape::RoundedEllipse(shape) => Self::RoundedEllipse(shape),
        })
    }
}

/// An `f32` transform in `f64`: the translation converted exactly, a valid rotation
/// renormalized to `f64` precision (an `f32` rotation is unit only to `f32`
/// precision), an invalid one kept invalid.
pub fn transform_to_f64(transform: Transform<f32>) -> Transform<f64> {
    let translation = Vec2::new(
        f64::from(transform.translation.x),
        f64::from(transform.translation.y),
    );
    let rotation = Rot {
        cos: f64::from(transform.rotation.cos),
        sin: f64::from(transform.rotation.sin),
    };
    let rotation = if transform.rotation.is_valid() {
        rotation.normalize()
    } else {
        rotation
    };
    Transform::new(translation, rotation)
}

impl<S: LaneScalar> Shape<S> {
    /// The same shape in gjk-shapes' enum.
    fn wrapped(self) -> Self {
        Self::Engine(match self {
            Self::Polygon(shape) => shape.into(),
            Self::Rounded(shape) => shape.into(),
            Self::Circle(shape) => shape.into(),
            Self::Capsule(shape) => shape.into(),
            Self::Segment(shape) => shape.into(),
            Self::Point(shape) => shape.into(),
            Self::Ellipse(shape) => shape.into(),
            Self::RoundedEllipse(shape) => shape.into(),
            Self::Engine(shape) => shape,
        })
    }

    fn inner(&self) -> &dyn LaneShape<S> {
        match self {
            Self::Polygon(shape) => shape,
            Self::Rounded(shape) => shape,
            Self::Circle(shape) => shape,
            Self::Capsule(shape) => shape,
            Self::Segment(shape) => shape,
            Self::Point(shape) => shape,
            Self::Ellipse(shape) => shape,
            Self::RoundedEllipse(shape) => shape,
            Self::Engine(shape) => shape,
        }
    }
}

impl<S: LaneScalar> Support<S> for Shape<S> {
    fn support(&self, direction: Vec2<S>) -> SupportPoint<S> {
        self.inner().support(direction)
    }
    fn radius(&self) -> S {
        self.inner().radius()
    }
    fn feature_point(&self, feature: FeatureId) -> Option<Vec2<S>> {
        self.inner().feature_point(feature)
    }
}

/// Boxes from support points: the tests use them only to size tolerances.
impl<S: LaneScalar> Bounded<S> for Shape<S> {}

impl<S: LaneScalar> RayShape<S> for Shape<S> {
    fn analytic_ray_cast(&self, transform: Transform<S>, ray: Ray<S>) -> Option<CastOutput<S>> {
        self.inner().analytic_ray_cast(transform, ray)
    }
}

impl<S: LaneScalar> LaneShape<S> for Shape<S> {
    fn lane_core(&self) -> Result<LaneCore<S>, PackError> {
        self.inner().lane_core()
    }
}

/// Every single kind, for the tests that run 100,000 cases of each.
pub const EACH_KIND: [Kinds; 7] = [
    Kinds::Polygons,
    Kinds::Rounded,
    Kinds::Circles,
    Kinds::Capsules,
    Kinds::Segments,
    Kinds::Ellipses,
    Kinds::Engine,
];

/// Which kinds a strategy draws.
#[derive(Clone, Copy, Debug)]
pub enum Kinds {
    All,
    Polygons,
    Rounded,
    Circles,
    Capsules,
    Segments,
    Ellipses,
    /// Any of the kinds above (points too) wrapped in gjk-shapes' `Shape` enum.
    Engine,
}

fn point(scale: f32) -> impl Strategy<Value = Vec2<f32>> {
    (-1.0_f32..1.0, -1.0_f32..1.0).prop_map(move |(x, y)| Vec2::new(x * scale, y * scale))
}

fn polygon(scale: f32) -> impl Strategy<Value = Polygon<f32, 8>> {
    prop::collection::vec(point(scale), 3..12).prop_filter_map("degenerate hull", |points| {
        Polygon::<f32, 8>::hull(&points).ok()
    })
}

pub fn shape(kinds: Kinds) -> impl Strategy<Value = Shape> {
    (prop_oneof![Just(1e-3_f32), Just(1.0), Just(1e3), 0.1_f32..10.0]).prop_flat_map(move |scale| {
        let radius = 0.0_f32..scale;
        let polygons = polygon(scale).prop_map(Shape::Polygon).boxed();
        let rounded = (polygon(scale), radius.clone())
            .prop_filter_map("radius", |(core, r)| {
                Rounded::new(core, r).ok().map(Shape::Rounded)
            })
            .boxed();
        let circles = (point(scale), radius.clone())
            .prop_filter_map("radius", |(c, r)| Circle::new(c, r).ok().map(Shape::Circle))
            .boxed();
        let capsules = (point(scale), point(scale), radius.clone())
            .prop_filter_map("capsule", |(a, b, r)| {
                Capsule::new(a, b, r).ok().map(Shape::Capsule)
            })
            .boxed();
        let segments = (point(scale), point(scale))
            .prop_filter_map("segment", |(a, b)| {
                Segment::new(a, b).ok().map(Shape::Segment)
            })
            .boxed();
        let points = point(scale)
            .prop_filter_map("point", |p| Point::new(p).ok().map(Shape::Point))
            .boxed();
        let semi_axes =
            (0.02_f32..1.0, 0.02_f32..1.0).prop_map(move |(a, b)| Vec2::new(a * scale, b * scale));
        let ellipses = (semi_axes, radius.clone(), any::<bool>())
            .prop_filter_map("ellipse", |(axes, r, rounded)| {
                let ellipse = Ellipse::new(axes).ok()?;
                if rounded {
                    Rounded::new(ellipse, r).ok().map(Shape::RoundedEllipse)
                } else {
                    Some(Shape::Ellipse(ellipse))
                }
            })
            .boxed();
        let engine = prop_oneof![
            polygons.clone(),
            rounded.clone(),
            circles.clone(),
            capsules.clone(),
            segments.clone(),
            points.clone(),
            ellipses.clone()
        ]
        .prop_map(Shape::wrapped)
        .boxed();
        match kinds {
            Kinds::All => prop_oneof![
                polygons, rounded, circles, capsules, segments, points, ellipses, engine
            ]
            .boxed(),
            Kinds::Polygons => polygons,
            Kinds::Rounded => rounded,
            Kinds::Circles => circles,
            Kinds::Capsules => capsules,
            Kinds::Segments => segments,
            Kinds::Ellipses => ellipses,
            Kinds::Engine => engine,
        }
    })
}
