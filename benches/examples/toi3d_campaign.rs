//! A campaign of random 3D sweeps through `time_of_impact`, each certified against the
//! exact f64 oracle (`gjk_oracle::distance3`): no late hit and no tunnel.
//!
//! ```text
//! cargo run --release -p gjk-benches --example toi3d_campaign -- [sweeps] [seed]
//! ```
//!
//! Each sweep pairs two of a box, a sphere, a capsule, a segment, a triangle and a
//! hull of 8 to 16 points (sizes 0.1 to 10, up to 1e3 from the origin), B moving
//! towards or past A while both turn, by up to a turn and a bit about random axes (one
//! sweep in ten by up to a hundred turns), A about an off-centre point. Half the sweeps
//! run in `f32`, half in `f64`. With `L` the pair's scale and the bands of the oracle
//! tests (2e-5 L in `f32`, 1e-9 L in `f64`):
//!
//! - **late hit or tunnel**: the exact gap is below `-band` somewhere before the
//!   reported fraction (the end of the step when `Separated`). Certified, not sampled:
//!   the interval before the fraction is split until the gap at the ends of every
//!   piece, less the most the gap can fall inside it (`speed * length / 2`, the speed
//!   bounding how fast any point of B moves relative to A), stays above `-band`;
//! - **early hit**: a `Hit` where the exact gap exceeds the kernel's tolerance plus
//!   the band;
//! - **wrong overlap**: `Overlapped` where the shapes start apart by more than the
//!   band.
//!
//! It prints the counts of each outcome and exits with an error if any check failed.
//! Pieces the split cannot certify within its depth are counted as undecided.

use core::sync::atomic::{AtomicU64, Ordering};
use std::process::ExitCode;
use std::thread;

use gjk_core::{Quat, Scalar, Support, Sweep3, ToiConfig, ToiStatus, Vec3, time_of_impact_with};
use gjk_oracle::{Core3, P3, Shape3, SplitMix64, distance3, transform3};
use gjk_shapes::{Capsule3, ConvexPoints, Cuboid, Segment3, Sphere, Triangle3};

/// A shape in its local frame, in f64 at its final size.
#[derive(Clone, Debug)]
enum Spec {
    Cuboid(P3),
    Sphere(f64),
    Capsule(P3, P3, f64),
    Segment(P3, P3),
    Triangle([P3; 3]),
    Hull(Vec<P3>),
}

fn norm(p: P3) -> f64 {
    (p[0] * p[0] + p[1] * p[1] + p[2] * p[2]).sqrt()
}

impl Spec {
    fn random(rng: &mut SplitMix64) -> Self {
        let size = 10.0_f64.powf(rng.range(-1.0, 1.0));
        let point = |rng: &mut SplitMix64| {
            [
                rng.range(-1.0, 1.0),
                rng.range(-1.0, 1.0),
                rng.range(-1.0, 1.0),
            ]
            .map(|c| c * size)
        };
        match rng.next_u64() % 6 {
            0 => Spec::Cuboid([0.05; 3].map(|low: f64| rng.range(low, 1.0) * size)),
            1 => Spec::Sphere(rng.range(0.05, 1.0) * size),
            2 => Spec::Capsule(point(rng), point(rng), rng.range(0.02, 0.5) * size),
            3 => Spec::Segment(point(rng), point(rng)),
            4 => Spec::Triangle([point(rng), point(rng), point(rng)]),
            _ => {
                let count = 8 + (rng.next_u64() % 9) as usize;
                Spec::Hull((0..count).map(|_| point(rng)).collect())
            }
        }
    }

    /// Every number rounded to `S`, so that the oracle sees what the kernel gets.
    fn rounded<S: Scalar>(&self) -> Self {
        let r = |x: f64| S::from_f64(x).to_f64();
        let p = |p: &P3| p.map(r);
        match self {
            Spec::Cuboid(h) => Spec::Cuboid(p(h)),
            Spec::Sphere(radius) => Spec::Sphere(r(*radius)),
            Spec::Capsule(a, b, radius) => Spec::Capsule(p(a), p(b), r(*radius)),
            Spec::Segment(a, b) => Spec::Segment(p(a), p(b)),
            Spec::Triangle(t) => Spec::Triangle(t.each_ref().map(p)),
            Spec::Hull(points) => Spec::Hull(points.iter().map(p).collect()),
        }
    }

    fn kernel<S: Scalar>(&self) -> Option<Box<dyn Support<S, Vec3<S>>>> {
        let v = |p: &P3| Vec3::new(S::from_f64(p[0]), S::from_f64(p[1]), S::from_f64(p[2]));
        let s = S::from_f64;
        Some(match self {
            Spec::Cuboid(h) => Box::new(Cuboid::new(v(h)).ok()?),
            Spec::Sphere(radius) => Box::new(Sphere::new(Vec3::ZERO, s(*radius)).ok()?),
            Spec::Capsule(a, b, radius) => Box::new(Capsule3::new(v(a), v(b), s(*radius)).ok()?),
            Spec::Segment(a, b) => Box::new(Segment3::new(v(a), v(b)).ok()?),
            Spec::Triangle([a, b, c]) => Box::new(Triangle3::new(v(a), v(b), v(c)).ok()?),
            Spec::Hull(points) => {
                let points: Vec<_> = points.iter().map(v).collect();
                Box::new(ConvexPoints::<S, 16>::new(&points).ok()?)
            }
        })
    }

    fn oracle(&self) -> Shape3 {
        match self {
            Spec::Cuboid(h) => Shape3::new(
                Core3::Polytope(
                    (0..8)
                        .map(|i| {
                            let sign = |bit: usize| if i & bit == 0 { -1.0 } else { 1.0 };
                            [sign(1) * h[0], sign(2) * h[1], sign(4) * h[2]]
                        })
                        .collect(),
                ),
                0.0,
            ),
            Spec::Sphere(radius) => Shape3::new(Core3::Point([0.0; 3]), *radius),
            Spec::Capsule(a, b, radius) => Shape3::new(Core3::Segment(*a, *b), *radius),
            Spec::Segment(a, b) => Shape3::new(Core3::Segment(*a, *b), 0.0),
            Spec::Triangle(t) => Shape3::new(Core3::Triangle(*t), 0.0),
            Spec::Hull(points) => Shape3::new(Core3::Polytope(points.clone()), 0.0),
        }
    }

    /// The farthest core point from `center`, and the largest extent of the shape.
    fn reach(&self, center: P3) -> (f64, f64) {
        let from = |p: &P3| norm([p[0] - center[0], p[1] - center[1], p[2] - center[2]]);
        let farthest = |points: &[P3]| points.iter().map(from).fold(0.0, f64::max);
        let (core, radius) = match self.oracle() {
            Shape3 {
                core: Core3::Polytope(points),
                radius,
            } => (farthest(&points), radius),
            Shape3 {
                core: Core3::Point(p),
                radius,
            } => (from(&p), radius),
            Shape3 {
                core: Core3::Segment(a, b),
                radius,
            } => (farthest(&[a, b]), radius),
            Shape3 {
                core: Core3::Triangle(t),
                radius,
            } => (farthest(&t), radius),
            _ => unreachable!("the campaign's shapes have point, segment or polytope cores"),
        };
        (core, core + radius)
    }
}

fn product(p: [f64; 4], q: [f64; 4]) -> [f64; 4] {
    let [px, py, pz, pw] = p;
    let [qx, qy, qz, qw] = q;
    [
        pw * qx + px * qw + py * qz - pz * qy,
        pw * qy - px * qz + py * qw + pz * qx,
        pw * qz + px * qy - py * qx + pz * qw,
        pw * qw - px * qx - py * qy - pz * qz,
    ]
}

/// A body's sweep in f64, relative to the scene's origin, from the kernel's numbers.
struct Exact {
    local: Shape3,
    local_center: P3,
    centers: [P3; 2],
    rotation: [f64; 4],
    turn: P3,
}

impl Exact {
    fn new<S: Scalar>(spec: &Spec, sweep: &Sweep3<S>, origin: P3) -> Self {
        let p = |v: Vec3<S>| [v.x, v.y, v.z].map(Scalar::to_f64);
        let relative = |v: Vec3<S>| {
            let c = p(v);
            [c[0] - origin[0], c[1] - origin[1], c[2] - origin[2]]
        };
        let q = sweep.rotation_start;
        Self {
            local: spec.oracle(),
            local_center: p(sweep.local_center),
            centers: [relative(sweep.center_start), relative(sweep.center_end)],
            rotation: [q.x, q.y, q.z, q.w].map(Scalar::to_f64),
            turn: p(sweep.turn),
        }
    }

    fn at(&self, t: f64) -> Shape3 {
        let angle = norm(self.turn);
        let q = if angle == 0.0 {
            self.rotation
        } else {
            let (sin, cos) = (0.5 * angle * t).sin_cos();
            let axis = self.turn.map(|c| c / angle * sin);
            product([axis[0], axis[1], axis[2], cos], self.rotation)
        };
        let [c0, c1] = self.centers;
        let Core3::Point(turned) = transform3(&Core3::Point(self.local_center), [0.0; 3], q) else {
            unreachable!("a point maps to a point")
        };
        let translation: P3 = core::array::from_fn(|i| c0[i] + t * (c1[i] - c0[i]) - turned[i]);
        Shape3::new(
            transform3(&self.local.core, translation, q),
            self.local.radius,
        )
    }
}

/// The exact signed gap: apart, or minus the depth (exact for these cores).
fn gap(a: &Exact, b: &Exact, t: f64) -> f64 {
    let exact = distance3(&a.at(t), &b.at(t));
    if exact.overlapping {
        -exact.depth.unwrap_or(f64::INFINITY)
    } else {
        exact.distance
    }
}

/// What the certified split found over `[lo, hi]`.
enum Split {
    Clear,
    Overlap(f64),
    Undecided,
}

/// Whether the gap stays above `-band` over `[lo, hi]`, given its values at the ends,
/// splitting where the fall the speed allows could take it below.
fn certify(
    gap: &impl Fn(f64) -> f64,
    [lo, hi]: [f64; 2],
    [g_lo, g_hi]: [f64; 2],
    speed: f64,
    band: f64,
    depth: u32,
) -> Split {
    if g_lo <= -band {
        return Split::Overlap(lo);
    }
    if g_hi <= -band {
        return Split::Overlap(hi);
    }
    if 0.5 * (g_lo + g_hi - speed * (hi - lo)) > -band {
        return Split::Clear;
    }
    if depth == 0 {
        return Split::Undecided;
    }
    let mid = 0.5 * (lo + hi);
    let g_mid = gap(mid);
    match certify(gap, [lo, mid], [g_lo, g_mid], speed, band, depth - 1) {
        Split::Clear => certify(gap, [mid, hi], [g_mid, g_hi], speed, band, depth - 1),
        other => other,
    }
}

#[derive(Default)]
struct Counts {
    sweeps: AtomicU64,
    hits: AtomicU64,
    separated: AtomicU64,
    overlapped: AtomicU64,
    failed: AtomicU64,
    late_or_tunnel: AtomicU64,
    early: AtomicU64,
    wrong_overlap: AtomicU64,
    undecided: AtomicU64,
}

fn one_sweep<S: Scalar>(index: u64, rng: &mut SplitMix64, counts: &Counts) {
    let (spec_a, spec_b) = (
        Spec::random(rng).rounded::<S>(),
        Spec::random(rng).rounded::<S>(),
    );
    let (Some(a), Some(b)) = (spec_a.kernel::<S>(), spec_b.kernel::<S>()) else {
        return;
    };
    let (_, size_a) = spec_a.reach([0.0; 3]);
    let (_, size_b) = spec_b.reach([0.0; 3]);
    let v = |p: P3| Vec3::new(S::from_f64(p[0]), S::from_f64(p[1]), S::from_f64(p[2]));
    let quaternion = |rng: &mut SplitMix64| {
        let [x, y, z, w] = rng.quaternion().map(S::from_f64);
        Quat::from_xyzw(x, y, z, w).unwrap_or_else(|| Quat { x, y, z, w }.normalize().unwrap())
    };
    let far = if rng.next_f64() < 0.3 { 1e3 } else { 1.0 };
    let position_a = rng.unit_vector().map(|c| c * far * rng.next_f64());
    let u = rng.unit_vector();
    let distance = (size_a + size_b) * rng.range(0.8, 3.0);
    let position_b: P3 = core::array::from_fn(|i| position_a[i] + u[i] * distance);
    let side = rng.unit_vector();
    let toward = rng.range(-0.3, 2.0) * distance;
    let aside = rng.range(-1.0, 1.0) * (size_a + size_b);
    let motion: P3 = core::array::from_fn(|i| -u[i] * toward + side[i] * aside);
    let spin = if rng.next_f64() < 0.1 { 600.0 } else { 7.0 };
    let turn = |rng: &mut SplitMix64| {
        let angle = if rng.next_f64() < 0.2 {
            0.0
        } else {
            rng.range(-spin, spin)
        };
        rng.unit_vector().map(|c| c * angle)
    };
    let center_a = [
        rng.range(-0.5, 0.5),
        rng.range(-0.5, 0.5),
        rng.range(-0.5, 0.5),
    ]
    .map(|c| S::from_f64(c * size_a).to_f64());
    let rotation_a = quaternion(rng);
    let start_a = v(position_a) + rotation_a.rotate(v(center_a));
    let sweep_a = Sweep3::new(v(center_a), start_a, start_a, rotation_a, v(turn(rng)));
    let start_b = v(position_b);
    let sweep_b = Sweep3::new(
        Vec3::ZERO,
        start_b,
        start_b + v(motion),
        quaternion(rng),
        v(turn(rng)),
    );
    let target = if rng.next_f64() < 0.25 {
        S::from_f64(rng.range(0.0, 0.2) * size_a.min(size_b))
    } else {
        S::ZERO
    };
    let config = ToiConfig {
        target_separation: target,
        ..ToiConfig::default()
    };
    let out = time_of_impact_with(&*a, sweep_a, &*b, sweep_b, S::ONE, config);

    let origin = [start_a.x, start_a.y, start_a.z].map(Scalar::to_f64);
    let exact_a = Exact::new(&spec_a, &sweep_a, origin);
    let exact_b = Exact::new(&spec_b, &sweep_b, origin);
    let target = target.to_f64();
    let gap_at = |t: f64| gap(&exact_a, &exact_b, t) - target;
    let (reach_a, rounded_a) = spec_a.reach(exact_a.local_center);
    let (reach_b, rounded_b) = spec_b.reach([0.0; 3]);
    let speed = norm(core::array::from_fn(|i| {
        exact_b.centers[1][i] - exact_b.centers[0][i]
    })) + norm(exact_a.turn) * reach_a
        + norm(exact_b.turn) * reach_b;
    let length = [
        size_a,
        size_b,
        norm(position_a),
        norm(position_b),
        norm(motion),
    ]
    .into_iter()
    .fold(0.0, f64::max);
    let band = if S::EPS.to_f64() > 1e-10 { 2e-5 } else { 1e-9 } * length;
    // The kernel's tolerance, from its size and travel: its reach bound is within
    // `sqrt 3` of the reach.
    let root_3 = 3.0_f64.sqrt() * 1.001;
    let tolerance = ToiConfig::<S>::default().tolerance.to_f64() * (rounded_a + rounded_b) * root_3
        + 4.0 * S::EPS.to_f64() * speed * root_3;

    counts.sweeps.fetch_add(1, Ordering::Relaxed);
    let fraction = out.fraction.to_f64();
    let tally = match out.status {
        ToiStatus::Hit => &counts.hits,
        ToiStatus::Separated => &counts.separated,
        ToiStatus::Overlapped => &counts.overlapped,
        _ => &counts.failed,
    };
    tally.fetch_add(1, Ordering::Relaxed);
    match out.status {
        ToiStatus::Overlapped => {
            if gap_at(0.0) > band {
                counts.wrong_overlap.fetch_add(1, Ordering::Relaxed);
                eprintln!(
                    "#{index} overlapped while apart: {spec_a:?} {sweep_a:?} {spec_b:?} {sweep_b:?}"
                );
            }
            return;
        }
        ToiStatus::Hit if gap_at(fraction).abs() > tolerance + band => {
            counts.early.fetch_add(1, Ordering::Relaxed);
            eprintln!(
                "#{index} gap {:e} at the hit {out:?} (tolerance {tolerance:e}): {spec_a:?} {sweep_a:?} {spec_b:?} {sweep_b:?}",
                gap_at(fraction)
            );
        }
        ToiStatus::Failed if std::env::var_os("TOI_CAMPAIGN_VERBOSE").is_some() => {
            eprintln!(
                "#{index} failed {out:?}: {spec_a:?} {sweep_a:?} {spec_b:?} {sweep_b:?} target {target:?}"
            );
        }
        ToiStatus::InvalidInput => {
            eprintln!("#{index} invalid input? {spec_a:?} {sweep_a:?} {spec_b:?} {sweep_b:?}");
            return;
        }
        _ => {}
    }
    let ends = [gap_at(0.0), gap_at(fraction)];
    match certify(&gap_at, [0.0, fraction], ends, speed, band, 40) {
        Split::Clear => {}
        Split::Overlap(t) => {
            counts.late_or_tunnel.fetch_add(1, Ordering::Relaxed);
            eprintln!(
                "#{index} gap {:e} at {t} before {out:?}: {spec_a:?} {sweep_a:?} {spec_b:?} {sweep_b:?} target {target}",
                gap_at(t)
            );
        }
        Split::Undecided => {
            counts.undecided.fetch_add(1, Ordering::Relaxed);
        }
    }
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let sweeps: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let seed: u64 = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(0x70_1d_3d);
    // `TOI_CAMPAIGN_ONLY=N` reruns sweep N alone (as numbered in the error lines).
    let only: Option<u64> = std::env::var("TOI_CAMPAIGN_ONLY")
        .ok()
        .and_then(|a| a.parse().ok());
    let counts = Counts::default();
    let threads = thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    thread::scope(|scope| {
        for worker in 0..threads {
            let counts = &counts;
            scope.spawn(move || {
                for index in (worker..sweeps).step_by(threads as usize) {
                    if only.is_some_and(|only| only != index) {
                        continue;
                    }
                    let mut rng = SplitMix64(seed ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15));
                    if index % 2 == 0 {
                        one_sweep::<f32>(index, &mut rng, counts);
                    } else {
                        one_sweep::<f64>(index, &mut rng, counts);
                    }
                }
            });
        }
    });
    let get = |counter: &AtomicU64| counter.load(Ordering::Relaxed);
    println!(
        "| sweeps | hit | separated | overlapped | failed | late hit or tunnel | early hit | wrong overlap | undecided |"
    );
    println!("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    println!(
        "| {} | {} | {} | {} | {} | {} | {} | {} | {} |",
        get(&counts.sweeps),
        get(&counts.hits),
        get(&counts.separated),
        get(&counts.overlapped),
        get(&counts.failed),
        get(&counts.late_or_tunnel),
        get(&counts.early),
        get(&counts.wrong_overlap),
        get(&counts.undecided),
    );
    let bad = get(&counts.late_or_tunnel) + get(&counts.early) + get(&counts.wrong_overlap);
    if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
