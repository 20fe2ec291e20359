//! The 3D oracle: rounded convex shapes in world space, their exact distance, and the
//! generators of the named test families.
//!
//! Layout: this file holds the public types and queries; `vector` the f64 helpers;
//! `polytope` the brute-force hull and the exact polytope primitives; `smooth` the
//! ellipsoid, cylinder and cone surfaces and the sampled minimization; `families` the
//! seeded generators of the named families; `tests` the hand-computed and property
//! checks.
//!
//! The method per pair of cores and the accuracy the tests verify are documented on
//! the crate root.

mod families;
mod polytope;
mod smooth;
#[cfg(test)]
mod tests;
mod vector;

pub use families::{
    FamilyPair3, SplitMix64, large_vs_small_hull, near_parallel_boxes, slab_vs_hull,
};

use polytope::Hull;
use smooth::{Smooth, compass_search};
use vector::{add_scaled, basis, dist, length, mul, mul_matrices, normalize, scale, sub};

/// A point or vector, `[x, y, z]`.
pub type P3 = [f64; 3];

/// The core of a 3D shape, in world space.
#[derive(Clone, Debug, PartialEq)]
pub enum Core3 {
    /// A single point (a sphere's core).
    Point(P3),
    /// A closed segment (a capsule's core).
    Segment(P3, P3),
    /// A closed triangle (flat; a degenerate one is treated as its hull, a segment or
    /// a point).
    Triangle([P3; 3]),
    /// The convex hull of the points (the oracle computes it; up to about 64
    /// points; flat and collinear sets are allowed).
    Polytope(Vec<P3>),
    /// A solid ellipsoid `{center + rotation diag(semi_axes) s : |s| <= 1}`.
    Ellipsoid {
        /// The centre.
        center: P3,
        /// The three semi-axes, positive.
        semi_axes: P3,
        /// A rotation matrix, rows first; its columns are the directions of the
        /// three semi-axes.
        rotation: [[f64; 3]; 3],
    },
    /// A solid circular cylinder: points within `radius` of the axis line and within
    /// `half_height` of `center` along it.
    Cylinder {
        /// The centre, halfway between the two caps.
        center: P3,
        /// Unit direction of the axis.
        axis_direction: P3,
        /// Half the distance between the caps, positive.
        half_height: f64,
        /// Radius of the caps, positive.
        radius: f64,
    },
    /// A solid circular cone: the hull of the base disc and the apex
    /// `base_center + height axis_direction`.
    Cone {
        /// Centre of the base disc.
        base_center: P3,
        /// Unit direction from the base centre to the apex.
        axis_direction: P3,
        /// Distance from the base centre to the apex, positive.
        height: f64,
        /// Radius of the base disc, positive.
        radius: f64,
    },
}

/// A convex 3D shape: a core grown by a uniform radius (spheres are points with a
/// radius, capsules segments with a radius).
#[derive(Clone, Debug, PartialEq)]
pub struct Shape3 {
    /// The core, in world space.
    pub core: Core3,
    /// The rounding around the core, `>= 0`.
    pub radius: f64,
}

impl Shape3 {
    /// A shape from its core and radius.
    ///
    /// ```
    /// use gjk_oracle::{Core3, Shape3};
    /// let sphere = Shape3::new(Core3::Point([1.0, 2.0, 3.0]), 0.5);
    /// assert_eq!(sphere.radius, 0.5);
    /// ```
    pub fn new(core: Core3, radius: f64) -> Self {
        Self { core, radius }
    }
}

/// The oracle's answer for a pair of 3D shapes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Exact3 {
    /// Gap between the rounded surfaces; zero when the shapes touch or overlap.
    pub distance: f64,
    /// Whether the rounded shapes touch or overlap.
    pub overlapping: bool,
    /// Closest point on A's rounded surface; NaN when the shapes overlap. Exact for
    /// polytope pairs; with a smooth core good to about 1e-8 of the size along the
    /// surface (see the crate documentation), the distance being far better.
    pub witness_a: P3,
    /// Closest point on B's rounded surface; NaN when the shapes overlap.
    pub witness_b: P3,
    /// How deep the rounded shapes overlap (the length of the shortest translation
    /// of B that separates them), when known exactly: `Some(0.0)` when apart; the
    /// radius sum minus the core distance when only the roundings overlap; when the
    /// cores overlap, the separating-axis maximum for two polytope cores (exact, see
    /// the crate documentation) plus the radius sum, and `None` with a smooth core.
    pub depth: Option<f64>,
}

/// Distance, overlap and closest points of two rounded convex 3D shapes (the method
/// per pair of cores is in the table of the crate documentation).
///
/// # Panics
///
/// On a negative or non-finite radius, a polytope with no point, or a smooth core
/// with a non-positive dimension or an axis direction off unit length by more than
/// 1e-9.
///
/// ```
/// use gjk_oracle::{distance3, Core3, Shape3};
///
/// // A unit sphere against a cube [2, 4]^3 seen along x.
/// let sphere = Shape3::new(Core3::Point([0.0, 3.0, 3.0]), 1.0);
/// let cube: Vec<[f64; 3]> = (0..8)
///     .map(|i| [2.0 + 2.0 * (i & 1) as f64, 2.0 + (i & 2) as f64, 2.0 + 0.5 * (i & 4) as f64])
///     .collect();
/// let exact = distance3(&sphere, &Shape3::new(Core3::Polytope(cube), 0.0));
/// assert_eq!(exact.distance, 1.0);
/// assert_eq!(exact.witness_a, [1.0, 3.0, 3.0]);
/// assert_eq!(exact.witness_b, [2.0, 3.0, 3.0]);
/// ```
pub fn distance3(a: &Shape3, b: &Shape3) -> Exact3 {
    for shape in [a, b] {
        assert!(
            shape.radius >= 0.0 && shape.radius.is_finite(),
            "oracle radius must be finite and >= 0: {}",
            shape.radius
        );
    }
    let radius = a.radius + b.radius;
    let nan = [f64::NAN; 3];
    let answer = core_distance(&body(&a.core), &body(&b.core));
    match answer {
        CoreAnswer::Apart(apart, on_a, on_b) if apart > radius => {
            let normal = scale(sub(on_b, on_a), 1.0 / apart);
            Exact3 {
                distance: apart - radius,
                overlapping: false,
                witness_a: add_scaled(on_a, normal, a.radius),
                witness_b: add_scaled(on_b, normal, -b.radius),
                depth: Some(0.0),
            }
        }
        CoreAnswer::Apart(apart, ..) => Exact3 {
            distance: 0.0,
            overlapping: true,
            witness_a: nan,
            witness_b: nan,
            depth: Some(radius - apart),
        },
        CoreAnswer::Overlapping(depth) => Exact3 {
            distance: 0.0,
            overlapping: true,
            witness_a: nan,
            witness_b: nan,
            depth: depth.map(|d| d + radius),
        },
    }
}

/// How far B lies beyond A along the direction `u` (normalized here): `min over B of
/// u.x - max over A of u.x` for the rounded shapes, from exact support functions.
/// The largest value over all directions is the signed distance.
///
/// # Panics
///
/// On the invalid cores [`distance3`] rejects.
///
/// ```
/// use gjk_oracle::{separation_along3, Core3, Shape3};
/// let a = Shape3::new(Core3::Point([0.0, 0.0, 0.0]), 1.0);
/// let b = Shape3::new(Core3::Segment([0.0, 0.0, 3.0], [0.0, 1.0, 3.0]), 0.5);
/// assert_eq!(separation_along3(&a, &b, [0.0, 0.0, 2.0]), 1.5);
/// ```
pub fn separation_along3(a: &Shape3, b: &Shape3, u: P3) -> f64 {
    let u = normalize(u);
    let (a_core, b_core) = (body(&a.core), body(&b.core));
    -b_core.support_value(scale(u, -1.0)) - a_core.support_value(u) - a.radius - b.radius
}

/// The shallowest way out of an overlap found by searching the directions: the least
/// value found of `-separation_along3(a, b, u)` over unit `u` (how far B must move
/// along `u` to stop overlapping A), with its direction.
///
/// Every value is an exact support-function value, so the result bounds the true
/// penetration depth from above: a depth claimed deeper than it (beyond rounding) is
/// wrong. It is the true depth when the search finds the global minimum: 4000
/// directions spread evenly over the sphere (a Fibonacci lattice) and the `starts`,
/// then a compass search on the sphere from the best eight of them and every start,
/// halving its step down to 1e-13 radians. With a curved core the depth is smooth in
/// the direction and the search finds its minimum to about the square of the step;
/// between polytopes it has kinks, where a compass search can stall, so the exact
/// depth of [`distance3`] is the oracle there.
///
/// # Panics
///
/// On the invalid cores [`distance3`] rejects.
///
/// ```
/// use gjk_oracle::{shallowest_exit3, Core3, Shape3};
/// let a = Shape3::new(Core3::Point([0.0, 0.0, 0.0]), 1.0);
/// let b = Shape3::new(Core3::Point([0.0, 0.0, 0.5]), 1.0);
/// let (depth, direction) = shallowest_exit3(&a, &b, &[]);
/// assert!((depth - 1.5).abs() < 1e-12);
/// assert!(direction[2] > 0.999_999);
/// ```
pub fn shallowest_exit3(a: &Shape3, b: &Shape3, starts: &[P3]) -> (f64, P3) {
    let depth_along = |u: P3| -separation_along3(a, b, u);
    let lattice = 4000;
    let golden_angle = core::f64::consts::PI * (3.0 - 5.0_f64.sqrt());
    let mut candidates: Vec<(f64, P3)> = (0..lattice)
        .map(|i| {
            let z = 1.0 - (2.0 * i as f64 + 1.0) / lattice as f64;
            let r = (1.0 - z * z).sqrt();
            let (sin, cos) = (golden_angle * i as f64).sin_cos();
            let u = [r * cos, r * sin, z];
            (depth_along(u), u)
        })
        .collect();
    candidates.sort_by(|x, y| x.0.total_cmp(&y.0));
    candidates.truncate(8);
    candidates.extend(starts.iter().map(|&u| (depth_along(u), normalize(u))));
    let mut best = (f64::INFINITY, [1.0, 0.0, 0.0]);
    for (_, start) in candidates {
        let (e1, e2) = basis(start);
        let on_sphere = |t: [f64; 2]| normalize(add_scaled(add_scaled(start, e1, t[0]), e2, t[1]));
        let (t, value) = compass_search(
            &|t: [f64; 2]| depth_along(on_sphere(t)),
            &|t| t,
            [0.0, 0.0],
            [0.05, 0.05],
        );
        if value < best.0 {
            best = (value, on_sphere(t));
        }
    }
    best
}

/// The rotation matrix of a quaternion `[x, y, z, w]`, by the unit-quaternion formula
/// in f64:
///
/// ```text
/// [ 1 - 2(y^2 + z^2)   2(xy - zw)         2(xz + yw)       ]
/// [ 2(xy + zw)         1 - 2(x^2 + z^2)   2(yz - xw)       ]
/// [ 2(xz - yw)         2(yz + xw)         1 - 2(x^2 + y^2) ]
/// ```
///
/// The quaternion is used as given, not normalized, so the matrix is the one a kernel
/// computing the same formula from the same numbers builds. A rotation about the z
/// axis (`x = y = 0`) has the exact last row `[0, 0, 1]`, which the families rely on.
///
/// ```
/// let m = gjk_oracle::rotation_matrix3([0.0, 0.0, 0.0, 1.0]);
/// assert_eq!(m, [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]);
/// ```
pub fn rotation_matrix3(q: [f64; 4]) -> [[f64; 3]; 3] {
    let [x, y, z, w] = q;
    [
        [
            1.0 - 2.0 * (y * y + z * z),
            2.0 * (x * y - z * w),
            2.0 * (x * z + y * w),
        ],
        [
            2.0 * (x * y + z * w),
            1.0 - 2.0 * (x * x + z * z),
            2.0 * (y * z - x * w),
        ],
        [
            2.0 * (x * z - y * w),
            2.0 * (y * z + x * w),
            1.0 - 2.0 * (x * x + y * y),
        ],
    ]
}

/// Places a local core in the world: every point `p` maps to `R p + translation`, `R`
/// the [`rotation_matrix3`] of the quaternion `[x, y, z, w]`, each coordinate
/// evaluated as `((r0 p0 + r1 p1) + r2 p2) + t`.
///
/// Ellipsoid rotations are multiplied by `R`; cylinder and cone axes mapped by `R`
/// and renormalized (a no-op up to rounding for a unit quaternion); dimensions are
/// unchanged, which assumes a unit quaternion.
///
/// ```
/// use gjk_oracle::{transform3, Core3};
/// // A quarter turn about z: x goes to y.
/// let half = core::f64::consts::FRAC_1_SQRT_2;
/// let moved = transform3(&Core3::Point([1.0, 0.0, 0.0]), [0.0, 0.0, 5.0], [0.0, 0.0, half, half]);
/// let Core3::Point(p) = moved else { panic!("a point maps to a point") };
/// assert!((p[0]).abs() < 1e-15 && (p[1] - 1.0).abs() < 1e-15 && p[2] == 5.0);
/// ```
pub fn transform3(core: &Core3, translation: P3, rotation_quaternion: [f64; 4]) -> Core3 {
    let r = rotation_matrix3(rotation_quaternion);
    let map = |p: P3| place_point(&r, translation, p);
    match core {
        Core3::Point(p) => Core3::Point(map(*p)),
        Core3::Segment(a, b) => Core3::Segment(map(*a), map(*b)),
        Core3::Triangle(t) => Core3::Triangle(t.map(map)),
        Core3::Polytope(points) => Core3::Polytope(points.iter().map(|&p| map(p)).collect()),
        Core3::Ellipsoid {
            center,
            semi_axes,
            rotation,
        } => Core3::Ellipsoid {
            center: map(*center),
            semi_axes: *semi_axes,
            rotation: mul_matrices(&r, rotation),
        },
        Core3::Cylinder {
            center,
            axis_direction,
            half_height,
            radius,
        } => Core3::Cylinder {
            center: map(*center),
            axis_direction: normalize(mul(&r, *axis_direction)),
            half_height: *half_height,
            radius: *radius,
        },
        Core3::Cone {
            base_center,
            axis_direction,
            height,
            radius,
        } => Core3::Cone {
            base_center: map(*base_center),
            axis_direction: normalize(mul(&r, *axis_direction)),
            height: *height,
            radius: *radius,
        },
    }
}

/// `R p + translation`, each coordinate `((r0 p0 + r1 p1) + r2 p2) + t`: the one
/// mapping of [`transform3`], shared with the family generators so that they see
/// the very numbers the oracle does.
pub(crate) fn place_point(r: &[[f64; 3]; 3], translation: P3, p: P3) -> P3 {
    let rotated = mul(r, p);
    [
        rotated[0] + translation[0],
        rotated[1] + translation[1],
        rotated[2] + translation[2],
    ]
}

/// A core prepared for the queries.
#[derive(Clone, Debug)]
enum Body {
    Hull(Hull),
    Smooth(Smooth),
}

impl Body {
    fn support_value(&self, u: P3) -> f64 {
        match self {
            Body::Hull(hull) => hull.support_value(u),
            Body::Smooth(smooth) => smooth.support_value(u),
        }
    }
}

/// The prepared form of a core, after checking it.
fn body(core: &Core3) -> Body {
    let positive = |x: f64, what: &str| {
        assert!(
            x > 0.0 && x.is_finite(),
            "oracle {what} must be positive: {x}"
        );
    };
    let unit = |v: P3| {
        assert!(
            (length(v) - 1.0).abs() <= 1e-9,
            "oracle axis direction must be unit: {v:?}"
        );
        normalize(v)
    };
    match core {
        Core3::Point(p) => Body::Hull(Hull::point(*p)),
        Core3::Segment(a, b) => Body::Hull(Hull::segment(*a, *b)),
        Core3::Triangle(t) => Body::Hull(Hull::from_points(t)),
        Core3::Polytope(points) => Body::Hull(Hull::from_points(points)),
        &Core3::Ellipsoid {
            center,
            semi_axes,
            rotation,
        } => {
            for a in semi_axes {
                positive(a, "semi-axis");
            }
            Body::Smooth(Smooth::Ellipsoid {
                center,
                semi_axes,
                rotation,
            })
        }
        &Core3::Cylinder {
            center,
            axis_direction,
            half_height,
            radius,
        } => {
            positive(half_height, "half height");
            positive(radius, "radius");
            Body::Smooth(Smooth::Cylinder {
                center,
                axis: unit(axis_direction),
                half_height,
                radius,
            })
        }
        &Core3::Cone {
            base_center,
            axis_direction,
            height,
            radius,
        } => {
            positive(height, "height");
            positive(radius, "radius");
            Body::Smooth(Smooth::Cone {
                base_center,
                axis: unit(axis_direction),
                height,
                radius,
            })
        }
    }
}

/// The answer for two cores.
enum CoreAnswer {
    /// Apart: distance, closest point of A, closest point of B.
    Apart(f64, P3, P3),
    /// Overlapping or touching, with the penetration depth when known exactly.
    Overlapping(Option<f64>),
}

/// Whether the direction from `on_a` to `on_b` separates the cores with a positive
/// gap (the certificate of the crate documentation).
fn separated_along(a: &Body, b: &Body, on_a: P3, on_b: P3) -> bool {
    let u = sub(on_b, on_a);
    if length(u).is_nan() || length(u) <= 0.0 {
        return false;
    }
    let u = normalize(u);
    -b.support_value(scale(u, -1.0)) - a.support_value(u) > 0.0
}

fn core_distance(a: &Body, b: &Body) -> CoreAnswer {
    let (d, on_a, on_b) = match (a, b) {
        (Body::Hull(ha), Body::Hull(hb)) => {
            let (d, on_a, on_b) = polytope::feature_distance(ha, hb);
            let gap = polytope::separation(ha, hb, sub(on_b, on_a));
            return if gap > 0.0 {
                CoreAnswer::Apart(d, on_a, on_b)
            } else {
                CoreAnswer::Overlapping(Some(-gap))
            };
        }
        (Body::Smooth(sa), Body::Hull(hb)) => smooth::smooth_hull(sa, hb),
        (Body::Hull(ha), Body::Smooth(sb)) => {
            let (d, on_b, on_a) = smooth::smooth_hull(sb, ha);
            (d, on_a, on_b)
        }
        (Body::Smooth(sa), Body::Smooth(sb)) => smooth::smooth_smooth(sa, sb),
    };
    if d > 0.0 && separated_along(a, b, on_a, on_b) {
        CoreAnswer::Apart(dist(on_a, on_b), on_a, on_b)
    } else {
        CoreAnswer::Overlapping(None)
    }
}

/// Distance from `x` to the surface of a core (unsigned), for the consistency checks
/// of the tests: exact for polytopes, cylinders and cones, first order for
/// ellipsoids.
#[cfg(test)]
fn core_surface_distance(core: &Core3, x: P3) -> f64 {
    match body(core) {
        Body::Hull(hull) => hull.signed_distance(x).0.abs(),
        Body::Smooth(smooth) => smooth.surface_distance(x),
    }
}
