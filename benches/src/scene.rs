//! A moving scene of mixed bodies, what an engine's collision step sees each frame:
//! [`Scene`] integrates the bodies, bounds them with world boxes and finds the
//! candidate pairs by sort-and-sweep along x. Used by `examples/engine_frame.rs`.

use gjk_core::{Aabb, Bounded, Transform, Vec2};
use gjk_shapes::{
    Capsule, Circle, Ellipse, Polygon, Rect, SHAPE_POLYGON_CAPACITY, Shape, ShapeError,
};

use crate::rng::SplitMix64;

/// Body sizes: the radius of the circle around a body's core and rounding, drawn
/// uniformly from this range.
pub const SIZE_RANGE: (f64, f64) = (0.2, 1.5);

/// World area per body. At this density each body's box overlaps about four others
/// (1.9 candidate pairs per body on the 2000 bodies of `engine_frame`): enough
/// neighbours for a real narrow phase, few enough that the broad phase prunes.
pub const AREA_PER_BODY: f64 = 2.5;

/// Body speeds in units per second, drawn uniformly; directions are uniform.
const SPEED_RANGE: (f64, f64) = (0.5, 3.0);

/// Largest spin in radians per second, either way.
const MAX_SPIN: f64 = 2.0;

/// The kinds of body in a [`Scene`], with the share of bodies of each kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A circle of radius `size`.
    Circle,
    /// A box (a 4-gon from `Polygon::from_rect`) of half-width `size`.
    Box,
    /// A regular octagon.
    Octagon,
    /// A capsule whose length plus radius is `size`.
    Capsule,
    /// A regular triangle.
    Triangle,
    /// A regular hexagon.
    Hexagon,
    /// An ellipse of major semi-axis `size`.
    Ellipse,
}

impl Kind {
    /// Every kind with its share of the bodies (the shares sum to 1).
    pub const SHARES: [(Kind, f64); 7] = [
        (Kind::Circle, 0.25),
        (Kind::Box, 0.25),
        (Kind::Octagon, 0.15),
        (Kind::Capsule, 0.15),
        (Kind::Triangle, 0.075),
        (Kind::Hexagon, 0.075),
        (Kind::Ellipse, 0.05),
    ];

    /// The kind's name, plural, for reports.
    pub const fn plural(self) -> &'static str {
        match self {
            Kind::Circle => "circles",
            Kind::Box => "boxes",
            Kind::Octagon => "octagons",
            Kind::Capsule => "capsules",
            Kind::Triangle => "triangles",
            Kind::Hexagon => "hexagons",
            Kind::Ellipse => "ellipses",
        }
    }

    /// A kind drawn with the probabilities of [`Kind::SHARES`].
    fn draw(rng: &mut SplitMix64) -> Self {
        let mut u = rng.next_unit();
        for (kind, share) in Self::SHARES {
            if u < share {
                return kind;
            }
            u -= share;
        }
        Kind::Ellipse
    }

    /// A shape of this kind, centred, of bounding radius `size`; boxes are polygons
    /// so that every shape fits a gjk-simd lane.
    fn shape(self, size: f64, rng: &mut SplitMix64) -> Result<Shape<f32>, ShapeError> {
        let polygon = |sides| Polygon::<f32, SHAPE_POLYGON_CAPACITY>::regular(sides, size as f32);
        Ok(match self {
            Kind::Circle => Circle::new(Vec2::ZERO, size as f32)?.into(),
            Kind::Box => {
                // Half extents (w, h), h from 0.3 w to w, with the corner at `size`.
                let aspect = rng.uniform(0.3, 1.0);
                let w = size / (1.0 + aspect * aspect).sqrt();
                let half_extents = Vec2::new(w as f32, (aspect * w) as f32);
                Polygon::from_rect(Rect::new(half_extents)?)?.into()
            }
            Kind::Octagon => polygon(8)?.into(),
            Kind::Capsule => {
                let radius = size * rng.uniform(0.25, 0.5);
                let half = (size - radius) as f32;
                Capsule::new(Vec2::new(-half, 0.0), Vec2::new(half, 0.0), radius as f32)?.into()
            }
            Kind::Triangle => polygon(3)?.into(),
            Kind::Hexagon => polygon(6)?.into(),
            Kind::Ellipse => {
                let minor = size * rng.uniform(0.4, 0.8);
                Ellipse::new(Vec2::new(size as f32, minor as f32))?.into()
            }
        })
    }
}

/// One body's motion: constant velocity and spin, bouncing off the walls.
#[derive(Clone, Copy, Debug)]
struct Motion {
    position: Vec2<f32>,
    velocity: Vec2<f32>,
    angle: f32,
    spin: f32,
}

/// Bodies of mixed kinds moving in a square world, with their poses and world boxes
/// of the current frame.
#[derive(Clone, Debug)]
pub struct Scene {
    /// Each body's shape, in its own frame.
    pub shapes: Vec<Shape<f32>>,
    /// Each body's kind.
    pub kinds: Vec<Kind>,
    /// Each body's pose this frame.
    pub poses: Vec<Transform<f32>>,
    /// Each body's world box this frame (after [`Scene::update_aabbs`]).
    pub aabbs: Vec<Aabb<f32>>,
    /// Half the side of the world, centred on the origin.
    pub half_width: f32,
    motions: Vec<Motion>,
    /// `(box, body)` in the sweep order of the last frame, nearly sorted in the next:
    /// the sort and the sweep read the boxes in order.
    sorted: Vec<(Aabb<f32>, u32)>,
}

impl Scene {
    /// `count` bodies of random kinds, sizes, positions, velocities and spins, fixed
    /// by `seed`, in a world of [`AREA_PER_BODY`] per body.
    pub fn new(count: usize, seed: u64) -> Result<Self, ShapeError> {
        let mut rng = SplitMix64::new(seed);
        let half_width = 0.5 * (count as f64 * AREA_PER_BODY).sqrt();
        let mut scene = Self {
            shapes: Vec::with_capacity(count),
            kinds: Vec::with_capacity(count),
            poses: Vec::with_capacity(count),
            aabbs: Vec::with_capacity(count),
            half_width: half_width as f32,
            motions: Vec::with_capacity(count),
            sorted: Vec::with_capacity(count),
        };
        for _ in 0..count {
            let kind = Kind::draw(&mut rng);
            let size = rng.uniform(SIZE_RANGE.0, SIZE_RANGE.1);
            scene.shapes.push(kind.shape(size, &mut rng)?);
            scene.kinds.push(kind);
            let position = Vec2::new(
                rng.uniform(-half_width, half_width) as f32,
                rng.uniform(-half_width, half_width) as f32,
            );
            let (speed, heading) = (rng.uniform(SPEED_RANGE.0, SPEED_RANGE.1), rng.angle());
            let velocity = Vec2::new(
                (speed * heading.cos()) as f32,
                (speed * heading.sin()) as f32,
            );
            let (angle, spin) = (rng.angle() as f32, rng.uniform(-MAX_SPIN, MAX_SPIN) as f32);
            scene.motions.push(Motion {
                position,
                velocity,
                angle,
                spin,
            });
            scene
                .poses
                .push(Transform::from_position_angle(position, angle));
        }
        scene.update_aabbs();
        let boxes = scene.aabbs.iter().zip(0..);
        scene.sorted = boxes.map(|(&aabb, body)| (aabb, body)).collect();
        Ok(scene)
    }

    /// Advances every body by `dt` seconds: explicit Euler on position and angle, a
    /// body whose centre leaves the world turned back by reflecting its velocity.
    pub fn integrate(&mut self, dt: f32) {
        let wall = self.half_width;
        for (motion, pose) in self.motions.iter_mut().zip(&mut self.poses) {
            let Motion {
                position,
                velocity,
                angle,
                spin,
            } = motion;
            *position += *velocity * dt;
            for (x, v) in [
                (&mut position.x, &mut velocity.x),
                (&mut position.y, &mut velocity.y),
            ] {
                if (*x > wall && *v > 0.0) || (*x < -wall && *v < 0.0) {
                    *v = -*v;
                }
            }
            // Kept in [-pi, pi) so its sine and cosine stay accurate.
            *angle = (*angle + *spin * dt + core::f32::consts::PI)
                .rem_euclid(core::f32::consts::TAU)
                - core::f32::consts::PI;
            *pose = Transform::from_position_angle(*position, *angle);
        }
    }

    /// Recomputes every body's world box at its pose.
    pub fn update_aabbs(&mut self) {
        self.aabbs.clear();
        let bounds = self
            .shapes
            .iter()
            .zip(&self.poses)
            .map(|(shape, pose)| shape.aabb(*pose));
        self.aabbs.extend(bounds);
    }

    /// The candidate pairs `[a, b]` (`a < b`) whose world boxes overlap, into `pairs`:
    /// sort the bodies by `min.x`, then sweep, pairing each box with the following ones
    /// that start before it ends and overlap it along y.
    ///
    /// The order of the last frame is sorted again: nearly in order after a small step,
    /// the stable sort (a merge sort that finds runs) takes about linear time. The
    /// boxes are copied into that order first, so the sort and the sweep read memory
    /// in order.
    pub fn find_pairs(&mut self, pairs: &mut Vec<[u32; 2]>) {
        for (aabb, body) in &mut self.sorted {
            *aabb = self.aabbs[*body as usize];
        }
        self.sorted
            .sort_by(|(a, _), (b, _)| a.min.x.total_cmp(&b.min.x));
        pairs.clear();
        for (k, &(a, i)) in self.sorted.iter().enumerate() {
            for &(b, j) in &self.sorted[k + 1..] {
                if b.min.x > a.max.x {
                    break;
                }
                // Overlap along y, as one comparison: each of `a.min.y <= b.max.y` and
                // `b.min.y <= a.max.y` holds about half the time, unpredictably, while
                // both rarely do, and the compiler branches on each. Exact: with
                // gradual underflow, `x - y >= 0` exactly when `x >= y`.
                if (b.max.y - a.min.y).min(a.max.y - b.min.y) >= 0.0 {
                    pairs.push([i.min(j), i.max(j)]);
                }
            }
        }
    }

    /// How many bodies are of kind `kind`.
    pub fn count(&self, kind: Kind) -> usize {
        self.kinds.iter().filter(|&&k| k == kind).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn find_pairs_matches_every_pair_tested() {
        let mut scene = Scene::new(300, 7).unwrap();
        let mut pairs = Vec::new();
        for _ in 0..30 {
            scene.integrate(1.0 / 60.0);
            scene.update_aabbs();
            scene.find_pairs(&mut pairs);
            pairs.sort_unstable();
            let boxes = &scene.aabbs;
            let every: Vec<[u32; 2]> = (0..300_u32)
                .flat_map(|a| (a + 1..300).map(move |b| [a, b]))
                .filter(|&[a, b]| boxes[a as usize].overlaps(boxes[b as usize]))
                .collect();
            assert!(!every.is_empty());
            assert_eq!(pairs, every);
        }
    }

    #[test]
    fn bodies_stay_near_the_world() {
        let mut scene = Scene::new(200, 3).unwrap();
        for _ in 0..600 {
            scene.integrate(1.0 / 60.0);
        }
        let reach = scene.half_width + 0.1;
        for pose in &scene.poses {
            let p = pose.translation;
            assert!(p.x.abs() <= reach && p.y.abs() <= reach, "{p:?}");
        }
    }
}
