//! Random lane shapes of every kind, for the batch tests that compare lanes with the
//! scalar kernel: polygons of 3 to 8 vertices, rounded polygons, circles, capsules,
//! segments, points, ellipses (up to 1:50) and rounded ellipses, at scales from 1e-3 to
//! 1e3.

use gjk_core::{FeatureId, Support, SupportPoint, Vec2};
use gjk_shapes::{Capsule, Circle, Ellipse, Point, Polygon, Rounded, Segment};
use gjk_simd::{LaneCore, LaneShape, PackError};
use proptest::prelude::*;

/// Any lane shape, so that one batch mixes kinds.
#[derive(Clone, Copy, Debug)]
pub enum Shape {
    Polygon(Polygon<f32, 8>),
    Rounded(Rounded<f32, Polygon<f32, 8>>),
    Circle(Circle<f32>),
    Capsule(Capsule<f32>),
    Segment(Segment<f32>),
    Point(Point<f32>),
    Ellipse(Ellipse<f32>),
    RoundedEllipse(Rounded<f32, Ellipse<f32>>),
}

impl Shape {
    fn inner(&self) -> &dyn LaneShape {
        match self {
            Self::Polygon(shape) => shape,
            Self::Rounded(shape) => shape,
            Self::Circle(shape) => shape,
            Self::Capsule(shape) => shape,
            Self::Segment(shape) => shape,
            Self::Point(shape) => shape,
            Self::Ellipse(shape) => shape,
            Self::RoundedEllipse(shape) => shape,
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

impl LaneShape for Shape {
    fn lane_core(&self) -> Result<LaneCore, PackError> {
        self.inner().lane_core()
    }
}

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
        match kinds {
            Kinds::All => prop_oneof![
                polygons, rounded, circles, capsules, segments, points, ellipses
            ]
            .boxed(),
            Kinds::Polygons => polygons,
            Kinds::Rounded => rounded,
            Kinds::Circles => circles,
            Kinds::Capsules => capsules,
            Kinds::Segments => segments,
            Kinds::Ellipses => ellipses,
        }
    })
}
