//! The scene and readout as the page's flat arrays of `f32`: the layout the wasm
//! interface (`gjk-web`) exposes and the browser test reads back.

use gjk_core::{CastStatus, DistanceStatus, Ray, Vec2};

use crate::{Kind, Placement, Readout, Scene};

/// Inputs: A's x, y, angle (0..3); B's x, y, angle (3..6); the ray's origin and
/// translation (6..10); the sweep's translation (10..12).
pub const PAGE_INPUTS: usize = 12;

/// Results: distance (0); witness A (1, 2); witness B (3, 4); normal (5, 6); distance
/// status code (7); overlap (8: 1, 0, or -1 for an error); ray status code (9),
/// fraction (10), point (11, 12); sweep status code (13), fraction (14).
pub const PAGE_RESULTS: usize = 15;

impl Scene {
    /// The scene's inputs in the page layout ([`PAGE_INPUTS`]).
    ///
    /// ```
    /// use gjk_scene::Scene;
    /// let inputs = Scene::START.page_inputs();
    /// assert_eq!(Scene::from_page_inputs(Scene::START.kind_a, Scene::START.kind_b, inputs), Scene::START);
    /// ```
    pub const fn page_inputs(&self) -> [f32; PAGE_INPUTS] {
        [
            self.placement_a.position.x,
            self.placement_a.position.y,
            self.placement_a.angle,
            self.placement_b.position.x,
            self.placement_b.position.y,
            self.placement_b.angle,
            self.ray.origin.x,
            self.ray.origin.y,
            self.ray.translation.x,
            self.ray.translation.y,
            self.sweep.x,
            self.sweep.y,
        ]
    }

    /// The scene of two kinds and inputs in the page layout (the ray's maximum
    /// fraction is 1).
    pub fn from_page_inputs(kind_a: Kind, kind_b: Kind, inputs: [f32; PAGE_INPUTS]) -> Self {
        let [ax, ay, a_angle, bx, by, b_angle, ox, oy, tx, ty, sx, sy] = inputs;
        Self {
            kind_a,
            placement_a: Placement {
                position: Vec2::new(ax, ay),
                angle: a_angle,
            },
            kind_b,
            placement_b: Placement {
                position: Vec2::new(bx, by),
                angle: b_angle,
            },
            ray: Ray::new(Vec2::new(ox, oy), Vec2::new(tx, ty)),
            sweep: Vec2::new(sx, sy),
        }
    }
}

impl Readout {
    /// The readout in the page layout ([`PAGE_RESULTS`]).
    ///
    /// ```
    /// use gjk_scene::Scene;
    /// let values = Scene::START.evaluate()?.page_values();
    /// assert_eq!(values[7], 0.0); // Separated
    /// # Ok::<(), gjk_scene::ShapeError>(())
    /// ```
    pub fn page_values(&self) -> [f32; PAGE_RESULTS] {
        let overlap = match self.overlap {
            Some(true) => 1.0,
            Some(false) => 0.0,
            None => -1.0,
        };
        [
            self.distance,
            self.witness_a.x,
            self.witness_a.y,
            self.witness_b.x,
            self.witness_b.y,
            self.normal.x,
            self.normal.y,
            distance_code(self.status),
            overlap,
            cast_code(self.ray_status),
            self.ray_fraction,
            self.ray_point.x,
            self.ray_point.y,
            cast_code(self.sweep_status),
            self.sweep_fraction,
        ]
    }
}

/// The page's number for a distance status (its index in the page's list of names).
fn distance_code(status: DistanceStatus) -> f32 {
    match status {
        DistanceStatus::Separated => 0.0,
        DistanceStatus::Overlapping => 1.0,
        DistanceStatus::MaxIterations => 2.0,
        DistanceStatus::InvalidInput => 3.0,
        // The statuses are `#[non_exhaustive]`: one added to gjk-core later shows as
        // invalid input until the page names it.
        _ => 3.0,
    }
}

/// The page's number for a cast status (its index in the page's list of names).
fn cast_code(status: CastStatus) -> f32 {
    match status {
        CastStatus::Hit => 0.0,
        CastStatus::Miss => 1.0,
        CastStatus::StartsInside => 2.0,
        CastStatus::MaxIterations => 3.0,
        CastStatus::InvalidInput => 4.0,
        // As above, for a cast status added later.
        _ => 4.0,
    }
}
