//! # gjk-scene
//!
//! What the interactive page (`web/`) shows, as plain `no_std` code shared by the
//! page's wasm module (`gjk-web`) and the native side of its browser test (`cargo xtask
//! web --test`): two shapes of a chosen [`Kind`] placed by position and angle, a ray
//! cast against A and a sweep of B along a translation, all evaluated in `f32` by
//! [`Scene::evaluate`]. The same inputs give the same bits on every target, so the
//! browser test can compare the page's numbers with the native ones exactly.
#![no_std]
#![forbid(unsafe_code)]

mod kind;
pub mod page;

pub use gjk_shapes::ShapeError;
pub use kind::{Kind, PageShape};
pub use page::{PAGE_INPUTS, PAGE_RESULTS};

use gjk_core::{
    CastOutput, CastStatus, DistanceStatus, PenetrationOutput, QueryError, Ray, ShapeCastInput,
    Transform, Vec2, WorldManifold, distance, intersects, manifold, penetration, ray_cast,
    shape_cast,
};

/// Where a shape sits: position and angle (radians).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placement {
    /// The shape's origin in the world.
    pub position: Vec2<f32>,
    /// Counter-clockwise rotation in radians.
    pub angle: f32,
}

impl Placement {
    /// The kernel's transform for this placement.
    ///
    /// ```
    /// use gjk_core::Vec2;
    /// use gjk_scene::Placement;
    /// let xf = Placement { position: Vec2::new(1.0, 2.0), angle: 0.0 }.transform();
    /// assert_eq!(xf.translation, Vec2::new(1.0, 2.0));
    /// ```
    pub fn transform(self) -> Transform<f32> {
        Transform::from_position_angle(self.position, self.angle)
    }
}

/// Everything the page shows: two shapes, a ray against both and a motion of B.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scene {
    /// Shape A's kind.
    pub kind_a: Kind,
    /// Where A is.
    pub placement_a: Placement,
    /// Shape B's kind.
    pub kind_b: Kind,
    /// Where B is.
    pub placement_b: Placement,
    /// The ray cast against A and against B.
    pub ray: Ray<f32>,
    /// B's translation for the sweep (shape cast onto A).
    pub sweep: Vec2<f32>,
}

/// How far apart the manifold keeps points: contacts about to touch show too.
pub const SPECULATIVE_DISTANCE: f32 = 0.1;

/// The kernel's answers for a [`Scene`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Readout {
    /// `distance` between A and B.
    pub distance: f32,
    /// Closest point on A.
    pub witness_a: Vec2<f32>,
    /// Closest point on B.
    pub witness_b: Vec2<f32>,
    /// Unit normal from A towards B (zero when the cores overlap).
    pub normal: Vec2<f32>,
    /// `distance`'s status.
    pub status: DistanceStatus,
    /// `intersects`: `Some(overlap)`, or `None` when it reported an error.
    pub overlap: Option<bool>,
    /// `penetration` of A and B: the depth and its normal when they overlap.
    pub penetration: PenetrationOutput<f32>,
    /// The contact manifold in world space (points up to [`SPECULATIVE_DISTANCE`]
    /// apart), or the query's error.
    pub manifold: Result<WorldManifold<f32>, QueryError>,
    /// The ray against A.
    pub ray_a: CastOutput<f32>,
    /// The same ray against B.
    pub ray_b: CastOutput<f32>,
    /// The sweep of B onto A: status and fraction of the translation.
    pub sweep_status: CastStatus,
    /// The sweep's fraction.
    pub sweep_fraction: f32,
}

impl Scene {
    /// The scene the page opens with: a box and a capsule apart, a ray from the left,
    /// B sweeping towards A.
    ///
    /// ```
    /// use gjk_scene::Scene;
    /// let readout = Scene::START.evaluate()?;
    /// assert!(readout.distance > 0.0);
    /// # Ok::<(), gjk_scene::ShapeError>(())
    /// ```
    pub const START: Self = Self {
        kind_a: Kind::Box,
        placement_a: Placement {
            position: Vec2::new(-1.5, 0.0),
            angle: 0.3,
        },
        kind_b: Kind::Capsule,
        placement_b: Placement {
            position: Vec2::new(2.0, 1.0),
            angle: -0.4,
        },
        ray: Ray {
            origin: Vec2::new(-5.0, -2.5),
            translation: Vec2::new(8.0, 3.0),
            max_fraction: 1.0,
        },
        sweep: Vec2::new(-4.0, -1.5),
    };

    /// Runs `distance`, `intersects`, `penetration`, `manifold`, `ray_cast` (against A
    /// and against B) and `shape_cast` (B along the sweep onto A) on the scene; an
    /// error only if a shape did not build.
    ///
    /// ```
    /// use gjk_core::{DistanceStatus, Vec2};
    /// use gjk_scene::{Kind, Placement, Scene};
    /// let mut scene = Scene::START;
    /// scene.kind_a = Kind::Circle;
    /// scene.kind_b = Kind::Circle;
    /// scene.placement_a = Placement { position: Vec2::ZERO, angle: 0.0 };
    /// scene.placement_b = Placement { position: Vec2::new(3.0, 0.0), angle: 0.0 };
    /// let readout = scene.evaluate()?;
    /// assert_eq!(readout.status, DistanceStatus::Separated);
    /// assert_eq!(readout.distance, 1.0); // two circles of radius 1, 3 apart
    /// # Ok::<(), gjk_scene::ShapeError>(())
    /// ```
    pub fn evaluate(&self) -> Result<Readout, ShapeError> {
        let a = PageShape::new(self.kind_a)?;
        let b = PageShape::new(self.kind_b)?;
        let (xf_a, xf_b) = (self.placement_a.transform(), self.placement_b.transform());
        let out = distance(&a, xf_a, &b, xf_b);
        let sweep = shape_cast(&a, xf_a, &b, xf_b, ShapeCastInput::moving_b(self.sweep));
        let contact = manifold(&a, xf_a, &b, xf_b, SPECULATIVE_DISTANCE);
        Ok(Readout {
            distance: out.distance,
            witness_a: out.witness_a,
            witness_b: out.witness_b,
            normal: out.normal,
            status: out.status,
            overlap: intersects(&a, xf_a, &b, xf_b).ok(),
            penetration: penetration(&a, xf_a, &b, xf_b),
            manifold: contact.map(|found| found.to_world(xf_a, xf_b)),
            ray_a: ray_cast(&a, xf_a, self.ray),
            ray_b: ray_cast(&b, xf_b, self.ray),
            sweep_status: sweep.status,
            sweep_fraction: sweep.fraction,
        })
    }
}
