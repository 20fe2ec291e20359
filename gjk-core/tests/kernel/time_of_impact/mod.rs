//! `time_of_impact` on small shapes written here, so that gjk-core is tested without
//! gjk-shapes: Box2D's public case, spinning bars against thin walls, the statuses,
//! bad input, and property tests against a bisection on `distance` (pure translation)
//! and against dense sampling (rotation).

use gjk_core::{FeatureId, Scalar, Support, SupportPoint, ToiConfig, Vec2};

use crate::shapes::Boxy;

mod cases;
mod properties;

/// A segment between two local points, with a radius (a capsule when positive).
#[derive(Clone, Copy, Debug)]
struct Stick<S> {
    a: Vec2<S>,
    b: Vec2<S>,
    radius: S,
}

impl<S: Scalar> Support<S> for Stick<S> {
    fn support(&self, d: Vec2<S>) -> SupportPoint<S> {
        if self.b.dot(d) > self.a.dot(d) {
            SupportPoint::new(self.b, FeatureId::vertex(1))
        } else {
            SupportPoint::new(self.a, FeatureId::vertex(0))
        }
    }
    fn radius(&self) -> S {
        self.radius
    }
}

/// A centred ellipse with semi-axes along x and y: a smooth core without vertices.
#[derive(Clone, Copy, Debug)]
struct Oval<S> {
    semi: Vec2<S>,
}

impl<S: Scalar> Support<S> for Oval<S> {
    fn support(&self, d: Vec2<S>) -> SupportPoint<S> {
        let stretched = Vec2::new(self.semi.x * d.x, self.semi.y * d.y);
        let point = match stretched.normalize() {
            Some(unit) => Vec2::new(self.semi.x * unit.x, self.semi.y * unit.y),
            None => Vec2::new(self.semi.x, S::ZERO),
        };
        SupportPoint::new(point, FeatureId::SMOOTH)
    }
}

/// Any of the local shapes, so that property tests can mix them.
#[derive(Clone, Copy, Debug)]
enum Shape<S> {
    Box(Boxy<S>),
    Stick(Stick<S>),
    Oval(Oval<S>),
}

impl<S: Scalar> Support<S> for Shape<S> {
    fn support(&self, d: Vec2<S>) -> SupportPoint<S> {
        match self {
            Shape::Box(s) => s.support(d),
            Shape::Stick(s) => s.support(d),
            Shape::Oval(s) => s.support(d),
        }
    }
    fn radius(&self) -> S {
        match self {
            Shape::Box(s) => s.radius(),
            Shape::Stick(s) => s.radius(),
            Shape::Oval(s) => s.radius(),
        }
    }
}

impl<S: Scalar> Shape<S> {
    /// The largest distance of a point of the rounded shape from the local origin.
    fn extent(&self) -> f64 {
        let core = match self {
            Shape::Box(s) => s.half.length().to_f64(),
            Shape::Stick(s) => s.a.length().max(s.b.length()).to_f64(),
            Shape::Oval(s) => s.semi.max_abs().to_f64(),
        };
        core + self.radius().to_f64()
    }
}

fn v<S: Scalar>(x: f64, y: f64) -> Vec2<S> {
    Vec2::new(S::from_f64(x), S::from_f64(y))
}

/// The absolute tolerance of the default config for a pair of shapes whose reaches
/// from their centres of rotation (radii included) sum to `size`, moving relative to
/// each other by at most `travel` over the step, with the 9 % the kernel's octagon
/// bound of a reach may add.
fn default_tolerance<S: Scalar>(size: f64, travel: f64) -> f64 {
    let relative = ToiConfig::<S>::default().tolerance.to_f64();
    (relative * size + 4.0 * S::EPS.to_f64() * travel) * 1.09
}
