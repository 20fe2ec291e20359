//! The scene and readout as the page's flat arrays of `f32`: the layout the wasm
//! interface (`gjk-web`) exposes and the browser test reads back.

use gjk_core::{
    CastOutput, CastStatus, ContactFeature, DistanceStatus, PenetrationStatus, Ray, Vec2,
};

use crate::{Kind, Placement, Readout, Scene};

/// Inputs: A's x, y, angle (0..3); B's x, y, angle (3..6); the ray's origin and
/// translation (6..10); the sweep's translation (10..12).
pub const PAGE_INPUTS: usize = 12;

/// Results: distance (0); witness A (1, 2); witness B (3, 4); normal (5, 6); distance
/// status code (7); overlap (8: 1, 0, or -1 for an error); the ray against A: status
/// code (9), fraction (10), point (11, 12), normal (13, 14); the ray against B: the same
/// at 15..21; the sweep: status code (21), fraction (22); penetration: status code (23),
/// depth (24), normal (25, 26), witness A (27, 28), witness B (29, 30); the manifold:
/// point count (31: 0 to 2, or -1 for an error), normal (32, 33), then per point x, y,
/// separation and the features' codes on A and B ([`feature_code`]) (34..39, 39..44).
pub const PAGE_RESULTS: usize = 44;

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
        let mut values = [0.0; PAGE_RESULTS];
        let mut at = 0;
        let mut push = |pushed: &[f32]| {
            values[at..at + pushed.len()].copy_from_slice(pushed);
            at += pushed.len();
        };
        let vector = |v: Vec2<f32>| [v.x, v.y];
        push(&[self.distance]);
        push(&vector(self.witness_a));
        push(&vector(self.witness_b));
        push(&vector(self.normal));
        push(&[distance_code(self.status), overlap]);
        push(&cast_values(&self.ray_a));
        push(&cast_values(&self.ray_b));
        push(&[cast_code(self.sweep_status), self.sweep_fraction]);
        let deepest = &self.penetration;
        push(&[penetration_code(deepest.status), deepest.depth]);
        push(&vector(deepest.normal));
        push(&vector(deepest.witness_a));
        push(&vector(deepest.witness_b));
        match &self.manifold {
            Ok(contact) => {
                push(&[contact.points().len() as f32]);
                push(&vector(contact.normal));
                for point in contact.points() {
                    push(&vector(point.point));
                    push(&[
                        point.separation,
                        feature_code(point.id.feature_a),
                        feature_code(point.id.feature_b),
                    ]);
                }
            }
            Err(_) => push(&[-1.0]),
        }
        values
    }
}

/// A cast's status code, fraction, point and normal.
fn cast_values(cast: &CastOutput<f32>) -> [f32; 6] {
    [
        cast_code(cast.status),
        cast.fraction,
        cast.point.x,
        cast.point.y,
        cast.normal.x,
        cast.normal.y,
    ]
}

/// A contact feature as one number: a vertex `i` as `i`, an edge from `i` to `j` as
/// `1_000_000 + 1000 i + j`, a face `i` as `2_000_000 + i`, a smooth point as -1
/// (exact in `f32` for the page's shapes, which have at most a few vertices).
///
/// ```
/// use gjk_core::ContactFeature;
/// use gjk_scene::page::feature_code;
/// assert_eq!(feature_code(ContactFeature::Edge(2, 3)), 1_002_003.0);
/// ```
pub fn feature_code(feature: ContactFeature) -> f32 {
    match feature {
        ContactFeature::Vertex(index) => index as f32,
        ContactFeature::Edge(start, end) => 1_000_000.0 + 1000.0 * start as f32 + end as f32,
        ContactFeature::Face(index) => 2_000_000.0 + index as f32,
        ContactFeature::Smooth => -1.0,
    }
}

/// The page's number for a penetration status (its index in the page's list of names).
fn penetration_code(status: PenetrationStatus) -> f32 {
    match status {
        PenetrationStatus::Penetrating => 0.0,
        PenetrationStatus::Separated => 1.0,
        PenetrationStatus::MaxIterations => 2.0,
        PenetrationStatus::InvalidInput => 3.0,
        // As for the distance status below.
        _ => 3.0,
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
