//! 3D witness points of a curved shape (ellipsoid, cylinder, cone) against every 3D
//! shape class, apart, in `f32` and `f64`, against the closest pair solved in `f64`.
//!
//! The reference solves the closest-pair condition on the cores: for a unit normal
//! `n` from A to B, B's point is its support against `n`, A's is its support along
//! `n` when A is curved, else the point of A's core nearest to B's (a polytope's,
//! exactly, from `project_point` in `f64`); the pair is the closest one when their
//! difference lies along `n`. Newton's method on the part across `n`, with central
//! differences, from the kernel's own `f64` normal, until that part is below 1e-14 of
//! the size: a pair of support points facing each other along their difference is
//! the closest pair of two convex shapes, so the reference certifies itself. Cases
//! whose closest points are not unique (a cylinder's cap parallel to a face) do not
//! settle and are left out; the test counts them.

use gjk_core::{DistanceStatus, Quat, Scalar, Support, Transform3, Vec3, distance, project_point};
use gjk_oracle::SplitMix64;
use gjk_shapes::{
    Capsule3, Cone, Cuboid, Cylinder, Ellipsoid, Point3, Segment3, Sphere, Triangle3,
};

/// A shape class, with its dimensions at unit size.
#[derive(Clone, Copy, Debug)]
enum Class {
    Ellipsoid([f64; 3]),
    Cylinder(f64, f64),
    Cone(f64, f64),
    Cuboid([f64; 3]),
    Triangle([[f64; 3]; 3]),
    Segment([[f64; 3]; 2]),
    Capsule([[f64; 3]; 2], f64),
    Sphere(f64),
}

impl Class {
    fn curved(random: &mut SplitMix64) -> Self {
        match random.next_u64() % 3 {
            0 => Self::Ellipsoid([
                random.range(0.2, 1.0),
                random.range(0.2, 1.0),
                random.range(0.2, 1.0),
            ]),
            1 => Self::Cylinder(random.range(0.2, 1.0), random.range(0.2, 1.0)),
            _ => Self::Cone(random.range(0.2, 1.0), random.range(0.2, 1.0)),
        }
    }

    fn any(random: &mut SplitMix64) -> Self {
        let point = |random: &mut SplitMix64| {
            [
                random.range(-1.0, 1.0),
                random.range(-1.0, 1.0),
                random.range(-1.0, 1.0),
            ]
        };
        match random.next_u64() % 8 {
            0..=2 => Self::curved(random),
            3 => Self::Cuboid([
                random.range(0.2, 1.0),
                random.range(0.2, 1.0),
                random.range(0.2, 1.0),
            ]),
            4 => Self::Triangle([point(random), point(random), point(random)]),
            5 => Self::Segment([point(random), point(random)]),
            6 => Self::Capsule([point(random), point(random)], random.range(0.1, 0.5)),
            _ => Self::Sphere(random.range(0.2, 1.0)),
        }
    }

    fn is_curved(self) -> bool {
        matches!(
            self,
            Self::Ellipsoid(..) | Self::Cylinder(..) | Self::Cone(..)
        )
    }

    /// The shape at size `size`, in `S`.
    fn shape<S: Scalar + 'static>(self, size: f64) -> Box<dyn Support<S, Vec3<S>>> {
        let s = |x: f64| S::from_f64(x * size);
        let v = |p: [f64; 3]| Vec3::new(s(p[0]), s(p[1]), s(p[2]));
        match self {
            Self::Ellipsoid(axes) => Box::new(Ellipsoid::new(v(axes)).unwrap()),
            Self::Cylinder(h, r) => Box::new(Cylinder::new(s(h), s(r)).unwrap()),
            Self::Cone(h, r) => Box::new(Cone::new(s(h), s(r)).unwrap()),
            Self::Cuboid(half) => Box::new(Cuboid::new(v(half)).unwrap()),
            Self::Triangle([a, b, c]) => Box::new(Triangle3::new(v(a), v(b), v(c)).unwrap()),
            Self::Segment([a, b]) => Box::new(Segment3::new(v(a), v(b)).unwrap()),
            Self::Capsule([a, b], r) => Box::new(Capsule3::new(v(a), v(b), s(r)).unwrap()),
            Self::Sphere(r) => Box::new(Sphere::new(Vec3::ZERO, s(r)).unwrap()),
        }
    }

    /// The core in `f64` (a capsule's segment, a sphere's centre), from the numbers
    /// the `S` shape was built with at `size`, and its radius.
    fn core64<S: Scalar>(self, size: f64) -> (Box<dyn Support<f64, Vec3<f64>>>, f64) {
        let r = |x: f64| S::from_f64(x * size).to_f64();
        let p = |q: [f64; 3]| Vec3::new(r(q[0]), r(q[1]), r(q[2]));
        match self {
            Self::Capsule([a, b], radius) => {
                (Box::new(Segment3::new(p(a), p(b)).unwrap()), r(radius))
            }
            Self::Sphere(radius) => (Box::new(Point3::new(Vec3::ZERO).unwrap()), r(radius)),
            Self::Ellipsoid(axes) => (Box::new(Ellipsoid::new(p(axes)).unwrap()), 0.0),
            Self::Cylinder(h, radius) => (Box::new(Cylinder::new(r(h), r(radius)).unwrap()), 0.0),
            Self::Cone(h, radius) => (Box::new(Cone::new(r(h), r(radius)).unwrap()), 0.0),
            Self::Cuboid(half) => (Box::new(Cuboid::new(p(half)).unwrap()), 0.0),
            Self::Triangle([a, b, c]) => (Box::new(Triangle3::new(p(a), p(b), p(c)).unwrap()), 0.0),
            Self::Segment([a, b]) => (Box::new(Segment3::new(p(a), p(b)).unwrap()), 0.0),
        }
    }
}

/// `v` in `f64`.
fn wide<S: Scalar>(v: Vec3<S>) -> Vec3<f64> {
    Vec3::new(v.x.to_f64(), v.y.to_f64(), v.z.to_f64())
}

/// A placed core in `f64`: curved ones answer with their support point, the others
/// with their point nearest to a given one.
struct Core64 {
    shape: Box<dyn Support<f64, Vec3<f64>>>,
    place: Transform3<f64>,
    curved: bool,
}

impl Core64 {
    fn support(&self, direction: Vec3<f64>) -> Vec3<f64> {
        let local = self.place.rotation.inv_rotate(direction);
        self.place.transform_point(self.shape.support(local).point)
    }

    fn nearest_to(&self, point: Vec3<f64>) -> Vec3<f64> {
        project_point(&*self.shape, self.place, point).surface_point
    }
}

/// The closest pair of the cores (A's point, B's point) and the normal, solved from
/// `start` (see the module's notes); `None` when Newton's method does not settle
/// below `1e-14 * scale` across the normal.
fn reference_pair(a: &Core64, b: &Core64, start: Vec3<f64>, scale: f64) -> Option<[Vec3<f64>; 3]> {
    let pair_at = |normal: Vec3<f64>| {
        let on_b = b.support(-normal);
        let on_a = if a.curved {
            a.support(normal)
        } else {
            a.nearest_to(on_b)
        };
        (on_a, on_b)
    };
    let helper = if start.x.abs() < 0.6 {
        Vec3::X
    } else {
        Vec3::Y
    };
    let across_1 = start.cross(helper).normalize()?;
    let across_2 = start.cross(across_1);
    let normal_at = |e: [f64; 2]| (start + across_1 * e[0] + across_2 * e[1]).normalize();
    let residual = |e: [f64; 2]| -> Option<[f64; 2]> {
        let normal = normal_at(e)?;
        let (on_a, on_b) = pair_at(normal);
        let between = on_b - on_a;
        let off = between - normal * between.dot(normal);
        Some([off.dot(across_1), off.dot(across_2)])
    };
    let h = 1e-6;
    let mut e = [0.0; 2];
    for _ in 0..40 {
        let value = residual(e)?;
        if value[0].hypot(value[1]) < 1e-14 * scale {
            let normal = normal_at(e)?;
            let (on_a, on_b) = pair_at(normal);
            return Some([on_a, on_b, normal]);
        }
        let column = |k: usize| -> Option<[f64; 2]> {
            let (mut up, mut down) = (e, e);
            up[k] += h;
            down[k] -= h;
            let (u, d) = (residual(up)?, residual(down)?);
            Some([(u[0] - d[0]) / (2.0 * h), (u[1] - d[1]) / (2.0 * h)])
        };
        let (c1, c2) = (column(0)?, column(1)?);
        let determinant = c1[0] * c2[1] - c2[0] * c1[1];
        if determinant.abs() < 1e-300 {
            return None;
        }
        e[0] += (value[1] * c2[0] - value[0] * c2[1]) / determinant;
        e[1] += (value[0] * c1[1] - value[1] * c1[0]) / determinant;
    }
    None
}

/// The worst errors of the witness points (either) and of `witness_b - witness_a -
/// distance * normal`, over `L`, how many cases settled, and how many of those had
/// witnesses beyond `bar` of `L`, in `S`.
fn worst<S: Scalar + 'static>(cases: usize, seed: u64, bar: f64) -> ([f64; 2], usize, usize) {
    let mut random = SplitMix64(seed);
    let mut worst = [0.0_f64; 2];
    let mut settled = 0;
    let mut beyond = 0;
    for _ in 0..cases {
        let (class_a, class_b) = (Class::any(&mut random), Class::curved(&mut random));
        let size = 10f64.powf(random.range(-2.0, 2.0));
        let far = 10f64.powf(random.range(-1.0, 2.0)) * size;
        let at_a = [
            random.range(-far, far),
            random.range(-far, far),
            random.range(-far, far),
        ];
        let (turn_a, turn_b) = (random.quaternion(), random.quaternion());
        let quat = |q: [f64; 4]| {
            Quat::from_xyzw(
                S::from_f64(q[0]),
                S::from_f64(q[1]),
                S::from_f64(q[2]),
                S::from_f64(q[3]),
            )
            .or_else(|| {
                Quat {
                    x: S::from_f64(q[0]),
                    y: S::from_f64(q[1]),
                    z: S::from_f64(q[2]),
                    w: S::from_f64(q[3]),
                }
                .normalize()
            })
            .unwrap()
        };
        let direction = random.unit_vector();
        let reach = 3.5 * size;
        let gap = random.range(0.05, 1.0) * size + reach;
        let at_b = [
            at_a[0] + direction[0] * gap,
            at_a[1] + direction[1] * gap,
            at_a[2] + direction[2] * gap,
        ];
        let v = |p: [f64; 3]| Vec3::new(S::from_f64(p[0]), S::from_f64(p[1]), S::from_f64(p[2]));
        let xf_a = Transform3::new(v(at_a), quat(turn_a));
        let xf_b = Transform3::new(v(at_b), quat(turn_b));
        let (shape_a, shape_b) = (class_a.shape::<S>(size), class_b.shape::<S>(size));
        let out = distance(&*shape_a, xf_a, &*shape_b, xf_b);
        if out.status != DistanceStatus::Separated {
            continue;
        }
        // The same shapes and poses in f64, and the kernel's own f64 normal to start.
        let place = |xf: Transform3<S>| {
            let q = xf.rotation;
            // Renormalized in f64 (an f32 rotation is unit only to its rounding, which
            // moves points by about 6e-8 of their distance from the centre).
            let rotation = Quat {
                x: q.x.to_f64(),
                y: q.y.to_f64(),
                z: q.z.to_f64(),
                w: q.w.to_f64(),
            };
            Transform3::new(wide(xf.translation), rotation.normalize().unwrap())
        };
        let ((core_a, radius_a), (core_b, radius_b)) =
            (class_a.core64::<S>(size), class_b.core64::<S>(size));
        let a = Core64 {
            shape: core_a,
            place: place(xf_a),
            curved: class_a.is_curved(),
        };
        let b = Core64 {
            shape: core_b,
            place: place(xf_b),
            curved: true,
        };
        let start = distance(&*a.shape, a.place, &*b.shape, b.place).normal;
        let length = wide(xf_a.translation)
            .length()
            .max(wide(xf_b.translation).length())
            .max(size);
        let Some([on_a, on_b, normal]) = reference_pair(&a, &b, start, length) else {
            continue;
        };
        settled += 1;
        let (true_a, true_b) = (on_a + normal * radius_a, on_b - normal * radius_b);
        let off = |point: Vec3<S>, truth: Vec3<f64>| (wide(point) - truth).length() / length;
        let identity = out.witness_b - out.witness_a - out.normal * out.distance;
        let error = off(out.witness_a, true_a).max(off(out.witness_b, true_b));
        beyond += usize::from(error > bar);
        worst[0] = worst[0].max(error);
        worst[1] = worst[1].max(wide(identity).length() / length);
    }
    (worst, settled, beyond)
}

/// In `f32`, one case in 1700 misses the bar: a box's corner against a cylinder
/// whose closest point lies on the box's edge next to that corner (1e-7 of the size
/// away) and on the cylinder's side. The loop ends on the corner, and no pair of the
/// corner with the cylinder's support points (rim points) faces itself across the
/// gap, so the loop's witnesses stand, 7.3e-5 of `L` off. Held here to at most one
/// case in a thousand, and to the loop's own error there.
#[test]
fn f32_witnesses_of_curved_shapes_against_every_class() {
    let bar = 2e-6;
    let ([position, identity], settled, beyond) = worst::<f32>(2000, 0x05ee_df32, bar);
    eprintln!(
        "f32: witnesses {position:.1e} L, identity {identity:.1e} L, {settled} settled, {beyond} beyond {bar:e} L"
    );
    assert!(settled > 1500, "only {settled} cases settled");
    assert!(beyond * 1000 <= settled, "{beyond} cases beyond {bar:e} L");
    assert!(position <= 1e-4, "witnesses {position:e} L");
    assert!(identity <= bar, "identity {identity:e} L");
}

#[test]
fn f64_witnesses_of_curved_shapes_against_every_class() {
    let bar = 1e-12;
    let ([position, identity], settled, beyond) = worst::<f64>(2000, 0x05ee_df64, bar);
    eprintln!("f64: witnesses {position:.1e} L, identity {identity:.1e} L, {settled} settled");
    assert!(settled > 1500, "only {settled} cases settled");
    assert_eq!(beyond, 0, "{beyond} cases beyond {bar:e} L");
    assert!(identity <= bar, "identity {identity:e} L");
}
