//! A shape both query modules use, written here so that gjk-core is tested without
//! gjk-shapes.

use gjk_core::{FeatureId, Scalar, Support, SupportPoint, Vec2};

/// An axis-aligned box centred at the origin, optionally rounded.
#[derive(Clone, Copy, Debug)]
pub struct Boxy<S> {
    pub half: Vec2<S>,
    pub radius: S,
}

impl<S: Scalar> Boxy<S> {
    pub fn new(hx: f64, hy: f64) -> Self {
        Self::rounded(hx, hy, 0.0)
    }

    pub fn rounded(hx: f64, hy: f64, radius: f64) -> Self {
        Self {
            half: Vec2::new(S::from_f64(hx), S::from_f64(hy)),
            radius: S::from_f64(radius),
        }
    }
}

impl<S: Scalar> Support<S> for Boxy<S> {
    fn support(&self, d: Vec2<S>) -> SupportPoint<S> {
        let right = d.x >= S::ZERO;
        let up = d.y >= S::ZERO;
        let x = if right { self.half.x } else { -self.half.x };
        let y = if up { self.half.y } else { -self.half.y };
        SupportPoint::new(
            Vec2::new(x, y),
            FeatureId::vertex(u32::from(right) + 2 * u32::from(up)),
        )
    }
    fn radius(&self) -> S {
        self.radius
    }
}
