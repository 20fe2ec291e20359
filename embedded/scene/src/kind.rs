//! The shapes a user can pick on the page, each of a fixed, valid size.

use gjk_core::{
    CastOutput, ContactShape, FeatureId, Ray, RayShape, Support, SupportEdge, SupportPoint,
    Transform, Vec2,
};
use gjk_shapes::{Capsule, Circle, Ellipse, Polygon, Rect, Rounded, Segment, ShapeError};

/// A shape kind on the page; the number is what JavaScript passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A circle of radius 1.
    Circle = 0,
    /// A 2.4 by 1.6 box.
    Box = 1,
    /// A capsule: a segment 2 long with radius 0.5.
    Capsule = 2,
    /// A regular pentagon of circumradius 1.2.
    Polygon = 3,
    /// An ellipse with semi-axes 1.6 and 0.8.
    Ellipse = 4,
    /// A segment 3 long.
    Segment = 5,
    /// A 1.6 by 1 box rounded by 0.4.
    RoundedBox = 6,
}

impl Kind {
    /// Every kind, in the order of their numbers.
    pub const ALL: [Self; 7] = [
        Self::Circle,
        Self::Box,
        Self::Capsule,
        Self::Polygon,
        Self::Ellipse,
        Self::Segment,
        Self::RoundedBox,
    ];

    /// The kind numbered `number`, or `None`.
    ///
    /// ```
    /// use gjk_scene::Kind;
    /// assert_eq!(Kind::from_number(4), Some(Kind::Ellipse));
    /// assert_eq!(Kind::from_number(7), None);
    /// ```
    pub fn from_number(number: u32) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| *kind as u32 == number)
    }
}

/// A shape of one of the page's kinds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PageShape {
    /// [`Kind::Circle`].
    Circle(Circle<f32>),
    /// [`Kind::Box`].
    Box(Rect<f32>),
    /// [`Kind::Capsule`].
    Capsule(Capsule<f32>),
    /// [`Kind::Polygon`].
    Polygon(Polygon<f32, 8>),
    /// [`Kind::Ellipse`].
    Ellipse(Ellipse<f32>),
    /// [`Kind::Segment`].
    Segment(Segment<f32>),
    /// [`Kind::RoundedBox`].
    RoundedBox(Rounded<f32, Rect<f32>>),
}

impl PageShape {
    /// The page's shape of `kind`. Its sizes are constants every constructor accepts;
    /// the `Result` only passes on what a constructor says.
    ///
    /// ```
    /// use gjk_scene::{Kind, PageShape};
    /// assert!(matches!(PageShape::new(Kind::Ellipse), Ok(PageShape::Ellipse(_))));
    /// ```
    pub fn new(kind: Kind) -> Result<Self, ShapeError> {
        Ok(match kind {
            Kind::Circle => Self::Circle(Circle::new(Vec2::ZERO, 1.0)?),
            Kind::Box => Self::Box(Rect::new(Vec2::new(1.2, 0.8))?),
            Kind::Capsule => Self::Capsule(Capsule::new(
                Vec2::new(-1.0, 0.0),
                Vec2::new(1.0, 0.0),
                0.5,
            )?),
            Kind::Polygon => Self::Polygon(Polygon::regular(5, 1.2)?),
            Kind::Ellipse => Self::Ellipse(Ellipse::new(Vec2::new(1.6, 0.8))?),
            Kind::Segment => {
                Self::Segment(Segment::new(Vec2::new(-1.5, 0.0), Vec2::new(1.5, 0.0))?)
            }
            Kind::RoundedBox => {
                Self::RoundedBox(Rounded::new(Rect::new(Vec2::new(0.8, 0.5))?, 0.4)?)
            }
        })
    }

    /// The shape as the kernel's support mapping, with its closed-form ray cast.
    fn as_support(&self) -> &dyn RayShape<f32> {
        match self {
            Self::Circle(shape) => shape,
            Self::Box(shape) => shape,
            Self::Capsule(shape) => shape,
            Self::Polygon(shape) => shape,
            Self::Ellipse(shape) => shape,
            Self::Segment(shape) => shape,
            Self::RoundedBox(shape) => shape,
        }
    }
}

impl Support<f32> for PageShape {
    fn support(&self, direction: Vec2<f32>) -> SupportPoint<f32> {
        self.as_support().support(direction)
    }

    fn radius(&self) -> f32 {
        self.as_support().radius()
    }

    fn feature_point(&self, feature: FeatureId) -> Option<Vec2<f32>> {
        self.as_support().feature_point(feature)
    }
}

/// The wrapped shape's closed-form ray cast, where it has one.
impl RayShape<f32> for PageShape {
    fn analytic_ray_cast(
        &self,
        transform: Transform<f32>,
        ray: Ray<f32>,
    ) -> Option<CastOutput<f32>> {
        self.as_support().analytic_ray_cast(transform, ray)
    }
}

/// The wrapped shape's support edge, for contact manifolds.
impl ContactShape<f32> for PageShape {
    fn support_edge(&self, direction: Vec2<f32>) -> Option<SupportEdge<f32>> {
        match self {
            Self::Circle(shape) => shape.support_edge(direction),
            Self::Box(shape) => shape.support_edge(direction),
            Self::Capsule(shape) => shape.support_edge(direction),
            Self::Polygon(shape) => shape.support_edge(direction),
            Self::Ellipse(shape) => shape.support_edge(direction),
            Self::Segment(shape) => shape.support_edge(direction),
            Self::RoundedBox(shape) => shape.support_edge(direction),
        }
    }
}
