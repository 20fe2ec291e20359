//! # gjk-oracle
//!
//! Exact f64 reference answers for testing the GJK kernel, computed by methods that
//! share no code and no algorithm with it (no support-point iteration on the distance
//! path). Test-only: unpublished, uses `std`, depends on nothing.
//!
//! Shapes are plain world-space values: a [`Core`] (point, segment, convex polygon or
//! ellipse) grown by a uniform `radius`, as in the kernel. [`transform`] places a local
//! core in the world from the exact translation and `(cos, sin)` the kernel was given.
//!
//! How [`distance`] computes, per pair of cores:
//!
//! | cores                      | overlap test                                   | distance when apart                                  |
//! |----------------------------|------------------------------------------------|------------------------------------------------------|
//! | point / segment / polygon  | a vertex in the other polygon, or edges cross  | minimum over edge pairs of the exact segment-segment distance (vertex-to-edge both ways) |
//! | ellipse vs point           | point in the closed ellipse                    | Eberly's point-to-ellipse distance                   |
//! | ellipse vs segment/polygon | centre in the polygon, or an edge meets the ellipse (unit-disc test in axis-scaled coordinates) | exact point-to-polytope distance minimized over the ellipse parameter: 4096 samples, golden-section refinement |
//! | ellipse vs ellipse         | a centre in the other, or the minimum below zero | Eberly's signed point-to-ellipse distance minimized over the parameter of the first |
//!
//! Radii are subtracted analytically from the core distance. When the cores overlap
//! the penetration depth comes from the support functions (see [`Exact::depth`]):
//! exactly, over the edge normals, for polygons, segments and points. It tells deep
//! overlaps from touching contacts, where a kernel may answer either way, and is the
//! reference for the kernel's EPA.
//!
//! ```
//! use gjk_oracle::{distance, Core, Shape};
//!
//! let circle = Shape::new(Core::Point([0.0, 0.0]), 1.0);
//! let square = Shape::new(
//!     Core::Polygon(vec![[3.0, -1.0], [5.0, -1.0], [5.0, 1.0], [3.0, 1.0]]),
//!     0.0,
//! );
//! let exact = distance(&circle, &square);
//! assert_eq!(exact.distance, 2.0);
//! assert!(!exact.overlapping);
//! assert_eq!(exact.witness_a, [1.0, 0.0]);
//! assert_eq!(exact.witness_b, [3.0, 0.0]);
//! ```
//!
//! ## 3D
//!
//! The 3D oracle lives in `src/three/` and is re-exported here with names ending in
//! `3`: [`Core3`] (point, segment, triangle, polytope as the hull of a point set,
//! ellipsoid, cylinder, cone), [`Shape3`], [`distance3`] returning [`Exact3`],
//! [`transform3`] (translation and quaternion `[x, y, z, w]`), [`rotation_matrix3`]
//! and [`separation_along3`]. Its files: `three/mod.rs` the types and queries;
//! `three/polytope.rs` the brute-force hull and
//! the exact closest-point primitives; `three/smooth.rs` the smooth surfaces and
//! their sampled minimization; `three/families.rs` the seeded generators of the named
//! test families ([`slab_vs_hull`], [`large_vs_small_hull`],
//! [`near_parallel_boxes`], with [`SplitMix64`] and [`FamilyPair3`]).
//!
//! How [`distance3`] computes, per pair of cores:
//!
//! | cores | overlap test | distance when apart |
//! |-------|--------------|---------------------|
//! | point / segment / triangle / polytope | separating axes: face normals of both, cross products of every edge pair, edge perpendiculars, coordinate axes, and the direction between the closest pair; overlapping when none gives a positive gap | minimum over vertex-triangle, triangle-vertex and edge-edge pairs of the exact point-triangle (Voronoi regions) and segment-segment (clamped closed form) distances |
//! | smooth vs polytope | the refined minimum of the signed distance reaches zero, or the direction between the two closest points does not separate (support functions) | minimum over the smooth surface of the exact signed point-to-polytope distance: grid samples of each chart (ellipsoid: two latitude-longitude charts with different poles; cylinder and cone: sides, discs and rims), compass search from each chart's lowest local minima |
//! | smooth vs smooth | the direction between the two closest points does not separate | minimum over the parameters of both surfaces of the point-to-point distance: grid samples, compass search in four parameters |
//!
//! Radii are subtracted analytically from the core distance. The penetration depth
//! ([`Exact3::depth`]) is exact for two polytope cores (the largest separation over
//! the separating axes above is minus the depth, the axes containing every facet
//! normal of the Minkowski difference) and not computed when a smooth core overlaps.
//!
//! The overlap test with a smooth core is a certificate: when the cores are apart,
//! the direction `u` from the closest point of A to that of B separates them by their
//! distance, `min over B of u.x - max over A of u.x > 0`, computed exactly from the
//! closed-form support functions; when they overlap no direction separates them. So a
//! wrong overlap answer needs a refined minimum in the wrong valley, which the dense
//! sampling guards against.
//!
//! Accuracy, as the tests check it (`three/tests.rs`; the bounds hold also with ten
//! times the random cases):
//!
//! - polytope pairs: the hand-computed cases to 1e-15 (most exactly); the named
//!   families to 1e-12 relative of gaps of 1e-2 and 1e-4 between shapes up to 500
//!   across (the face distance is a plane height, not an interpolated point);
//!   witnesses certified by the separation along them to 1e-12.
//! - a smooth core: the distance to 1e-12 absolute against closed forms for shapes
//!   of size 0.1 to 3 (points against cylinders and cones: worst 2.7e-15 over 3000
//!   random cases; balls given as ellipsoids against polytopes and each other), hand
//!   cases to 1e-13; agreement under swapping the shapes and under rigid motions to
//!   1e-12. The witness points are minimizers of a function flat at its minimum, so
//!   along the surface they are only good to about `sqrt(eps)` of the size (the
//!   distance is good to the square of that): they lie on the surfaces to 1e-12, but
//!   the separation along them falls short of the distance by up to 7e-8 (checked
//!   against 1e-6).
//! - smooth cores are sampled at about 0.2 rad or a tenth of their size; a valley of
//!   the distance narrower than that (a very flat ellipsoid, beyond 1:10, against a
//!   sharp feature) could be missed. Not tested beyond those ratios.
//!
//! ```
//! use gjk_oracle::{distance3, Core3, Shape3};
//!
//! // Two capsules on skew lines: the x axis and a line along y at height 3.
//! let a = Shape3::new(Core3::Segment([-1.0, 0.0, 0.0], [1.0, 0.0, 0.0]), 0.5);
//! let b = Shape3::new(Core3::Segment([0.0, -1.0, 3.0], [0.0, 1.0, 3.0]), 1.0);
//! let exact = distance3(&a, &b);
//! assert_eq!(exact.distance, 1.5);
//! assert_eq!(exact.witness_a, [0.0, 0.0, 0.5]);
//! assert_eq!(exact.witness_b, [0.0, 0.0, 2.0]);
//! ```

mod ellipse;
mod geometry;
mod support;
#[cfg(test)]
mod tests;
mod three;

pub use three::{
    Core3, Exact3, FamilyPair3, P3, Shape3, SplitMix64, distance3, large_vs_small_hull,
    near_parallel_boxes, rotation_matrix3, separation_along3, shallowest_exit3, slab_vs_hull,
    transform3,
};

use ellipse::Ellipse;
use geometry::{add, dist, edges, point_segment_distance, scale, sub};

/// A point or vector, `[x, y]`.
pub type P = [f64; 2];

/// The core of a shape, in world space.
#[derive(Clone, Debug, PartialEq)]
pub enum Core {
    /// A single point (a circle's core).
    Point(P),
    /// A closed segment (a capsule's core).
    Segment(P, P),
    /// A convex polygon, vertices counter-clockwise, at least three.
    Polygon(Vec<P>),
    /// A filled ellipse.
    Ellipse {
        /// The centre.
        center: P,
        /// The semi-axes: the first along `(cos, sin)`, the second along its left
        /// perpendicular `(-sin, cos)`.
        semi_axes: [f64; 2],
        /// Direction of the first semi-axis (only the direction is used).
        cos: f64,
        /// Direction of the first semi-axis (only the direction is used).
        sin: f64,
    },
}

/// A convex shape: a core grown by a uniform radius (the rounded shape is the set of
/// points within `radius` of the core).
#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    /// The core, in world space.
    pub core: Core,
    /// The rounding around the core, `>= 0`.
    pub radius: f64,
}

impl Shape {
    /// A shape from its core and radius.
    ///
    /// ```
    /// let disc = gjk_oracle::Shape::new(gjk_oracle::Core::Point([1.0, 2.0]), 0.5);
    /// assert_eq!(disc.radius, 0.5);
    /// ```
    pub fn new(core: Core, radius: f64) -> Self {
        Self { core, radius }
    }
}

/// The exact answer for a pair of shapes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Exact {
    /// Gap between the rounded surfaces; zero when the shapes touch or overlap.
    pub distance: f64,
    /// How deep the rounded shapes overlap: the length of the shortest translation of
    /// B that separates them; zero when they are apart. When only the roundings
    /// overlap it is the radius sum minus the core distance (exact); when the cores
    /// overlap it adds their penetration depth, the maximum over directions `u` of
    /// `-h_B(-u) - h_A(u)` (support functions `h`): exact for two polytope cores (the
    /// maximum over the edge normals of both, the separating axis test), found by
    /// sampling and golden-section refinement with an ellipse, good to about 1e-12 of
    /// the shape size.
    pub depth: f64,
    /// Whether the rounded shapes touch or overlap.
    pub overlapping: bool,
    /// Closest point on A's rounded surface; NaN when the shapes overlap.
    pub witness_a: P,
    /// Closest point on B's rounded surface; NaN when the shapes overlap.
    pub witness_b: P,
}

impl Exact {
    /// The signed distance between the rounded shapes: `distance` when apart, `-depth`
    /// when overlapping.
    ///
    /// ```
    /// use gjk_oracle::{distance, Core, Shape};
    /// let a = Shape::new(Core::Point([0.0, 0.0]), 1.0);
    /// let b = Shape::new(Core::Point([1.5, 0.0]), 1.0);
    /// assert_eq!(distance(&a, &b).signed(), -0.5);
    /// ```
    pub fn signed(&self) -> f64 {
        if self.overlapping {
            -self.depth
        } else {
            self.distance
        }
    }
}

/// Distance, overlap and closest points of two rounded convex shapes (see the crate
/// documentation for the method per pair of cores).
///
/// # Panics
///
/// If a polygon core has fewer than three vertices or is not convex and
/// counter-clockwise (up to rounding): the answer would be meaningless.
///
/// ```
/// use gjk_oracle::{distance, Core, Shape};
///
/// // Two circles as ellipses, centres 5 apart, radii 1 and 2.
/// let a = Shape::new(Core::Ellipse { center: [0.0, 0.0], semi_axes: [1.0, 1.0], cos: 1.0, sin: 0.0 }, 0.0);
/// let b = Shape::new(Core::Ellipse { center: [3.0, 4.0], semi_axes: [2.0, 2.0], cos: 0.0, sin: 1.0 }, 0.0);
/// assert!((distance(&a, &b).distance - 2.0).abs() < 1e-14);
/// ```
pub fn distance(a: &Shape, b: &Shape) -> Exact {
    check_core(&a.core);
    check_core(&b.core);
    let radius = a.radius + b.radius;
    let nan = [f64::NAN, f64::NAN];
    match core_distance(&a.core, &b.core) {
        Some((apart, on_a, on_b)) if apart > radius => {
            let normal = scale(sub(on_b, on_a), 1.0 / apart);
            Exact {
                distance: apart - radius,
                depth: 0.0,
                overlapping: false,
                witness_a: add(on_a, scale(normal, a.radius)),
                witness_b: sub(on_b, scale(normal, b.radius)),
            }
        }
        Some((apart, _, _)) => Exact {
            distance: 0.0,
            depth: radius - apart,
            overlapping: true,
            witness_a: nan,
            witness_b: nan,
        },
        None => Exact {
            distance: 0.0,
            depth: radius - support::core_separation(&a.core, &b.core).min(0.0),
            overlapping: true,
            witness_a: nan,
            witness_b: nan,
        },
    }
}

/// How far B lies beyond A along the unit direction `u`: `min over B of u.x - max over
/// A of u.x` for the rounded shapes. Negative when their projections on `u` overlap
/// (by that much); the largest value over all `u` is the signed distance.
///
/// ```
/// use gjk_oracle::{separation_along, Core, Shape};
/// let a = Shape::new(Core::Point([0.0, 0.0]), 1.0);
/// let b = Shape::new(Core::Segment([1.5, -1.0], [1.5, 1.0]), 0.0);
/// assert_eq!(separation_along(&a, &b, [1.0, 0.0]), 0.5);
/// assert_eq!(separation_along(&a, &b, [0.0, 1.0]), -2.0);
/// ```
pub fn separation_along(a: &Shape, b: &Shape, u: P) -> f64 {
    -support::support_value(&b.core, [-u[0], -u[1]])
        - support::support_value(&a.core, u)
        - a.radius
        - b.radius
}

/// Signed distance from `p` to the rounded surface of `shape`: positive outside,
/// negative inside, zero on it.
///
/// ```
/// use gjk_oracle::{signed_distance_to_surface, Core, Shape};
/// let capsule = Shape::new(Core::Segment([-1.0, 0.0], [1.0, 0.0]), 0.5);
/// assert_eq!(signed_distance_to_surface(&capsule, [0.0, 2.0]), 1.5);
/// assert_eq!(signed_distance_to_surface(&capsule, [2.0, 0.0]), 0.5);
/// assert_eq!(signed_distance_to_surface(&capsule, [0.0, 0.0]), -0.5);
/// ```
pub fn signed_distance_to_surface(shape: &Shape, p: P) -> f64 {
    let core = match &shape.core {
        Core::Point(q) => dist(p, *q),
        Core::Segment(a, b) => point_segment_distance(p, *a, *b),
        Core::Polygon(vertices) => geometry::polytope_signed_distance(vertices, p).0,
        &Core::Ellipse {
            center,
            semi_axes,
            cos,
            sin,
        } => {
            Ellipse::new(center, semi_axes, cos, sin)
                .signed_distance(p)
                .0
        }
    };
    core - shape.radius
}

/// Places a local core in the world: every point `x` maps to `M x + translation` with
/// `M = [cos -sin; sin cos]`.
///
/// `(cos, sin)` is used as given, not normalized, so a pair a few epsilons off unit
/// length scales the core exactly as the kernel's own arithmetic does; an ellipse's
/// semi-axes are scaled by `hypot(cos, sin)` to stay the exact image.
///
/// ```
/// use gjk_oracle::{transform, Core};
/// let moved = transform(&Core::Segment([1.0, 0.0], [2.0, 0.0]), [10.0, 0.0], 0.0, 1.0);
/// assert_eq!(moved, Core::Segment([10.0, 1.0], [10.0, 2.0]));
/// ```
pub fn transform(core: &Core, translation: P, cos: f64, sin: f64) -> Core {
    let map = |p: P| {
        [
            cos * p[0] - sin * p[1] + translation[0],
            sin * p[0] + cos * p[1] + translation[1],
        ]
    };
    match core {
        Core::Point(p) => Core::Point(map(*p)),
        Core::Segment(a, b) => Core::Segment(map(*a), map(*b)),
        Core::Polygon(vertices) => Core::Polygon(vertices.iter().map(|&p| map(p)).collect()),
        &Core::Ellipse {
            center,
            semi_axes,
            cos: axis_cos,
            sin: axis_sin,
        } => {
            let norm = cos.hypot(sin);
            let axis_norm = axis_cos.hypot(axis_sin);
            let (c, s) = (axis_cos / axis_norm, axis_sin / axis_norm);
            Core::Ellipse {
                center: map(center),
                semi_axes: [semi_axes[0] * norm, semi_axes[1] * norm],
                cos: (cos * c - sin * s) / norm,
                sin: (sin * c + cos * s) / norm,
            }
        }
    }
}

/// The distance between two cores and their closest points, or `None` when they
/// overlap (touching included).
fn core_distance(a: &Core, b: &Core) -> Option<(f64, P, P)> {
    match (ellipse_of(a), ellipse_of(b)) {
        (Some(ea), Some(eb)) => ellipse::ellipse_ellipse(&ea, &eb),
        (Some(ea), None) => ellipse::ellipse_polytope(&ea, &vertices(b)),
        (None, Some(eb)) => {
            ellipse::ellipse_polytope(&eb, &vertices(a)).map(|(d, on_b, on_a)| (d, on_a, on_b))
        }
        (None, None) => polytope_distance(&vertices(a), &vertices(b)),
    }
}

/// Two point/segment/polygon cores: `None` when a vertex of one lies in the other
/// polygon or two edges meet, else the minimum over edge pairs of the exact
/// segment-segment distance, which is the minimum of the vertex-to-edge distances both
/// ways.
fn polytope_distance(a: &[P], b: &[P]) -> Option<(f64, P, P)> {
    if a.iter().any(|&p| geometry::polygon_contains(b, p))
        || b.iter().any(|&p| geometry::polygon_contains(a, p))
    {
        return None;
    }
    let mut best = (f64::INFINITY, a[0], b[0]);
    for &(a0, a1) in &edges(a) {
        for &(b0, b1) in &edges(b) {
            let candidate = geometry::segment_segment(a0, a1, b0, b1);
            if candidate.0 < best.0 {
                best = candidate;
            }
        }
    }
    (best.0 > 0.0).then_some(best)
}

/// The vertices of a point, segment or polygon core (empty for an ellipse).
fn vertices(core: &Core) -> Vec<P> {
    match core {
        Core::Point(p) => vec![*p],
        Core::Segment(a, b) => vec![*a, *b],
        Core::Polygon(vertices) => vertices.clone(),
        Core::Ellipse { .. } => Vec::new(),
    }
}

/// The ellipse of an ellipse core; `None` for the other cores.
fn ellipse_of(core: &Core) -> Option<Ellipse> {
    match *core {
        Core::Ellipse {
            center,
            semi_axes,
            cos,
            sin,
        } => Some(Ellipse::new(center, semi_axes, cos, sin)),
        _ => None,
    }
}

/// Rejects cores the oracle cannot answer for.
fn check_core(core: &Core) {
    match core {
        Core::Polygon(vertices) => assert!(
            vertices.len() >= 3 && geometry::is_convex_ccw(vertices, 1e-9),
            "oracle polygon must be convex, counter-clockwise, >= 3 vertices: {vertices:?}"
        ),
        Core::Ellipse { semi_axes, .. } => assert!(
            semi_axes[0] > 0.0 && semi_axes[1] > 0.0,
            "oracle ellipse needs positive semi-axes: {semi_axes:?}"
        ),
        Core::Point(_) | Core::Segment(..) => {}
    }
}
