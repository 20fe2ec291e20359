//! One frame of a 2D engine's collision step, timed: a scene of moving bodies of mixed
//! kinds (circles, boxes, octagons, capsules, triangles, hexagons, a few ellipses, all
//! held as `gjk_shapes::Shape<f32>`), integrated, bounded and paired by a
//! sort-and-sweep broad phase, then the distance of every candidate pair computed
//! several ways on the same pairs:
//!
//! - `scalar distance`: `gjk_core::distance` pair by pair, the reference;
//! - `scalar distance_cached`: warm-started pair by pair from a cache per pair kept
//!   while the pair is a candidate, the reference of the warm-started pair sets;
//! - `slices, <path>`: each pair's shapes and poses gathered into four arrays, then
//!   `gjk_simd::distance_batch_on`;
//! - `pairs, <path>`: `gjk_simd::distance_pairs_on` on the scene's shapes and poses and
//!   the pairs' indices, no gather;
//! - `pair set, <path>`: a `gjk_simd::PairSet` kept from frame to frame through
//!   `insert` and `remove` and a pair -> `PairId` map (the pairs of the last frame stay
//!   packed, the new ones are inserted, the gone ones removed), queried with
//!   `distance_on` (warm-started: its outputs equal `scalar distance_cached`), its
//!   outputs copied into the order of the pairs;
//!
//! each on every lane path this processor has (`Simd::available()`), and on the best
//! one (`Simd::detect()`) `pair set, <path>, cold` (`set_warm_start(false)`: equal to
//! `scalar distance`) and `pair set, <path>, grouping off` (`set_grouping(false)`):
//! what warm starts and grouping the pairs by iteration count gain.
//!
//! ```text
//! cargo run --release -p gjk-benches --example engine_frame [BODIES]
//! ```
//!
//! `BODIES` defaults to 2000. The scene is seeded, so every run sees the same frames.
//! After [`WARM_UP`] frames it times [`FRAMES`] more with `std::time::Instant` and
//! reports medians per frame: the broad phase, each narrow phase (with nanoseconds per
//! pair and the speed-up over scalar; for the pair sets split into `query`, the
//! library's `distance_on` alone, and `upkeep`, the example's own bookkeeping: the map,
//! inserts, removes and the copy into pair order), and the whole frame (integration,
//! boxes, broad and narrow phase) with the scalar and with the fastest lane narrow
//! phase. Every frame, each way's outputs are checked against the scalar ones bit for
//! bit (`==` on `DistanceOutput` and the bits of every float); the first difference
//! stops the run.
//!
//! This is a default build, with no `RUSTFLAGS` and no `target-cpu`: gjk-simd chooses
//! its AVX2 and AVX-512 lanes at run time from CPUID, so the same binary measures
//! every path the processor has (`portable` is SSE2 on baseline x86-64).

use core::hash::{BuildHasherDefault, Hasher};
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::process::ExitCode;
use std::time::Instant;

use gjk_benches::scene::{Kind, Scene};
use gjk_core::{
    DistanceOutput, DistanceStatus, SimplexCache, Transform, distance, distance_cached,
};
use gjk_shapes::Shape;
use gjk_simd::{PackError, PairId, PairSet, Simd, distance_batch_on, distance_pairs_on};

/// Bodies in the scene when no count is given.
const DEFAULT_BODIES: usize = 2000;
/// Seed of the scene: kinds, sizes, positions, velocities.
const SEED: u64 = 0x6A4B_F4A3;
/// Time step, seconds: a 60 Hz engine.
const DT: f32 = 1.0 / 60.0;
/// Frames run before timing, to warm caches, branch predictors and clocks.
const WARM_UP: usize = 20;
/// Frames timed.
const FRAMES: usize = 200;

/// A candidate pair: two body indices, the smaller first.
type Pair = [u32; 2];
/// One pair's answer.
type Output = DistanceOutput<f32>;

/// One way of running the narrow phase: the distance of every candidate pair,
/// `out[i]` for `pairs[i]`.
trait NarrowPhase {
    /// The way's name in the report.
    fn label(&self) -> String;
    /// Which reference its outputs must equal bit for bit: 0, the scalar `distance`;
    /// 1, the scalar `distance_cached` with a cache per pair (warm starts).
    fn reference(&self) -> usize {
        0
    }
    /// Computes the frame's outputs; returns the seconds spent in the library's query
    /// alone for a way with bookkeeping of its own, `None` when all of it is the query.
    fn run(&mut self, scene: &Scene, pairs: &[Pair], out: &mut [Output]) -> Run;
}

/// What a run gives: the seconds of the library's query alone if timed apart from the
/// way's bookkeeping, or why the lanes refused the shapes.
type Run = Result<Option<f64>, PackError>;

/// `gjk_core::distance`, pair by pair: the reference every other way must equal.
struct Scalar;

impl NarrowPhase for Scalar {
    fn label(&self) -> String {
        "scalar distance".into()
    }

    fn run(&mut self, scene: &Scene, pairs: &[Pair], out: &mut [Output]) -> Run {
        let (shapes, poses) = (&scene.shapes, &scene.poses);
        for (slot, &[a, b]) in out.iter_mut().zip(pairs) {
            let (a, b) = (a as usize, b as usize);
            *slot = distance(&shapes[a], poses[a], &shapes[b], poses[b]);
        }
        Ok(None)
    }
}

/// `gjk_core::distance_cached`, pair by pair, each pair with a cache of its own from
/// the frame it became a candidate on (as a `PairSet` keeps it): the reference of the
/// warm-started pair sets.
#[derive(Default)]
struct ScalarWarm {
    /// Each pair's cache, by `a << 32 | b`, and the last frame it was a candidate.
    caches: HashMap<u64, (SimplexCache<f32>, u64), BuildHasherDefault<PairHasher>>,
    frame: u64,
}

impl NarrowPhase for ScalarWarm {
    fn label(&self) -> String {
        "scalar distance_cached".into()
    }

    fn run(&mut self, scene: &Scene, pairs: &[Pair], out: &mut [Output]) -> Run {
        self.frame += 1;
        let (shapes, poses, frame) = (&scene.shapes, &scene.poses, self.frame);
        for (slot, &[a, b]) in out.iter_mut().zip(pairs) {
            let key = (u64::from(a) << 32) | u64::from(b);
            let (cache, seen) = self.caches.entry(key).or_default();
            *seen = frame;
            let (a, b) = (a as usize, b as usize);
            *slot = distance_cached(&shapes[a], poses[a], &shapes[b], poses[b], cache);
        }
        self.caches.retain(|_, &mut (_, seen)| seen == frame);
        Ok(None)
    }
}

/// `gjk_simd::distance_batch_on` on one lane path, after gathering each pair's shapes
/// and poses into four arrays (the gather is timed too: an engine pays for it).
#[derive(Default)]
struct Slices {
    simd: Simd,
    a: Vec<Shape<f32>>,
    xf_a: Vec<Transform<f32>>,
    b: Vec<Shape<f32>>,
    xf_b: Vec<Transform<f32>>,
}

impl NarrowPhase for Slices {
    fn label(&self) -> String {
        format!("slices, {}", self.simd.path())
    }

    fn run(&mut self, scene: &Scene, pairs: &[Pair], out: &mut [Output]) -> Run {
        let (shapes, poses) = (&scene.shapes, &scene.poses);
        self.a.clear();
        self.xf_a.clear();
        self.b.clear();
        self.xf_b.clear();
        for &[a, b] in pairs {
            let (a, b) = (a as usize, b as usize);
            self.a.push(shapes[a]);
            self.xf_a.push(poses[a]);
            self.b.push(shapes[b]);
            self.xf_b.push(poses[b]);
        }
        distance_batch_on(self.simd, &self.a, &self.xf_a, &self.b, &self.xf_b, out)?;
        Ok(None)
    }
}

/// `gjk_simd::distance_pairs_on` on one lane path: the scene's shapes and poses as they
/// are, the pairs as indices into them, nothing gathered by the caller.
struct IndexPairs {
    simd: Simd,
}

impl NarrowPhase for IndexPairs {
    fn label(&self) -> String {
        format!("pairs, {}", self.simd.path())
    }

    fn run(&mut self, scene: &Scene, pairs: &[Pair], out: &mut [Output]) -> Run {
        distance_pairs_on(self.simd, &scene.shapes, &scene.poses, pairs, out)?;
        Ok(None)
    }
}

/// A `gjk_simd::PairSet` kept from frame to frame on one lane path, through `insert`
/// and `remove`: the pairs of the last frame keep their `PairId`, the new ones are
/// inserted, the gone ones removed, then the set's outputs (by id) are copied to `out`
/// in the order of `pairs`. All of it is timed, as an engine pays for it each frame,
/// and `distance_on` also alone.
#[derive(Default)]
struct PairSetIds {
    simd: Simd,
    set: PairSet<f32>,
    /// Whether the set regroups pairs by iteration count (`PairSet::set_grouping`).
    grouping: bool,
    /// Whether the set warm-starts its pairs (`PairSet::set_warm_start`).
    warm_start: bool,
    /// Each pair `[a, b]` in the set, by `a << 32 | b`: its id, the last frame it was a
    /// candidate.
    ids: HashMap<u64, (PairId, u64), BuildHasherDefault<PairHasher>>,
    /// Frames run, to tell this frame's pairs from the gone ones.
    frame: u64,
    /// This frame's pairs' ids, in the order of the pairs.
    order: Vec<PairId>,
    /// The set's outputs, by id.
    by_id: Vec<Output>,
}

/// Hashes a pair's key with one multiplication by an odd constant (2^64 over the golden
/// ratio, as in `SplitMix64`): the keys are distinct small integers, so this spreads
/// them enough, at a fraction of SipHash's cost.
#[derive(Default)]
struct PairHasher(u64);

impl Hasher for PairHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = (self.0 ^ key).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

impl NarrowPhase for PairSetIds {
    fn label(&self) -> String {
        let grouping = if self.grouping { "" } else { ", grouping off" };
        let cold = if self.warm_start { "" } else { ", cold" };
        format!("pair set, {}{cold}{grouping}", self.simd.path())
    }

    fn reference(&self) -> usize {
        usize::from(self.warm_start)
    }

    fn run(&mut self, scene: &Scene, pairs: &[Pair], out: &mut [Output]) -> Run {
        self.frame += 1;
        let frame = self.frame;
        self.order.clear();
        for &pair in pairs {
            let key = (u64::from(pair[0]) << 32) | u64::from(pair[1]);
            let id = match self.ids.entry(key) {
                Entry::Occupied(mut known) => {
                    known.get_mut().1 = frame;
                    known.get().0
                }
                Entry::Vacant(new) => new.insert((self.set.insert(&scene.shapes, pair)?, frame)).0,
            };
            self.order.push(id);
        }
        // Drops the pairs not seen this frame, removing them from the set.
        let set = &mut self.set;
        self.ids
            .retain(|_, &mut (id, seen)| seen == frame || !set.remove(id));
        self.by_id.resize(self.set.id_bound(), Output::default());
        let start = Instant::now();
        self.set
            .distance_on(self.simd, &scene.poses, &mut self.by_id)?;
        let query = start.elapsed().as_secs_f64();
        for (slot, id) in out.iter_mut().zip(&self.order) {
            *slot = self.by_id[id.index()];
        }
        Ok(Some(query))
    }
}

/// Every way measured, the scalar reference first.
fn narrow_phases() -> Vec<Box<dyn NarrowPhase>> {
    let pair_set = |simd, grouping, warm_start| {
        let mut way = Box::new(PairSetIds {
            simd,
            grouping,
            warm_start,
            ..PairSetIds::default()
        });
        way.set.set_grouping(grouping);
        way.set.set_warm_start(warm_start);
        way
    };
    let mut ways: Vec<Box<dyn NarrowPhase>> =
        vec![Box::new(Scalar), Box::new(ScalarWarm::default())];
    for simd in Simd::available() {
        ways.push(Box::new(Slices {
            simd,
            ..Slices::default()
        }));
        ways.push(Box::new(IndexPairs { simd }));
        ways.push(pair_set(simd, true, true));
    }
    ways.push(pair_set(Simd::detect(), true, false));
    ways.push(pair_set(Simd::detect(), false, true));
    ways
}

/// The bits of every float of an output: `==` alone equates `0.0` and `-0.0`.
fn float_bits(out: &Output) -> [u32; 7] {
    let (a, b, n) = (out.witness_a, out.witness_b, out.normal);
    [out.distance, a.x, a.y, b.x, b.y, n.x, n.y].map(f32::to_bits)
}

/// The first pair whose output differs from the reference's, in value or in bits.
fn first_difference(reference: &[Output], out: &[Output]) -> Option<usize> {
    let same = |(r, o): (&Output, &Output)| r == o && float_bits(r) == float_bits(o);
    reference.iter().zip(out).position(|pair| !same(pair))
}

/// The median over frames of nanoseconds per pair, from seconds per frame.
fn ns_per_pair(seconds: impl Iterator<Item = f64>, pairs: &[usize]) -> f64 {
    let ns = seconds.zip(pairs).map(|(s, &n)| s * 1e9 / n.max(1) as f64);
    median(&ns.collect::<Vec<_>>())
}

/// The median of `values`.
fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted[sorted.len() / 2]
}

/// Per-frame measurements of the timed frames, times in seconds.
#[derive(Default)]
struct Timings {
    /// Integration and world boxes.
    integrate: Vec<f64>,
    /// Sort and sweep.
    broad: Vec<f64>,
    /// Each way's narrow phase.
    narrow: Vec<Vec<f64>>,
    /// Each way's library query alone, for the ways that time it (else empty).
    query: Vec<Vec<f64>>,
    /// Candidate pairs.
    pairs: Vec<usize>,
    /// Pairs whose shapes touch or overlap.
    overlapping: Vec<usize>,
}

/// Runs the scene of `bodies` bodies, checks and times every way, prints the report;
/// the error says what went wrong (an invalid shape, a packing error, a difference).
fn run(bodies: usize) -> Result<(), String> {
    let mut scene = Scene::new(bodies, SEED).map_err(|e| e.to_string())?;
    let mut ways = narrow_phases();
    let mut outs = vec![Vec::new(); ways.len()];
    let mut pairs = Vec::new();
    let (narrow, query) = (vec![Vec::new(); ways.len()], vec![Vec::new(); ways.len()]);
    let mut t = Timings {
        narrow,
        query,
        ..Timings::default()
    };
    for frame in 0..WARM_UP + FRAMES {
        let start = Instant::now();
        scene.integrate(DT);
        scene.update_aabbs();
        let integrated = Instant::now();
        scene.find_pairs(&mut pairs);
        let swept = Instant::now();
        // Each frame starts with another way, so that none always runs first.
        let (mut narrow, mut query) = (vec![0.0; ways.len()], vec![None; ways.len()]);
        for k in 0..ways.len() {
            let w = (frame + k) % ways.len();
            outs[w].resize(pairs.len(), DistanceOutput::default());
            let start = Instant::now();
            let run = ways[w].run(&scene, &pairs, &mut outs[w]);
            narrow[w] = start.elapsed().as_secs_f64();
            query[w] = run.map_err(|e| e.to_string())?;
        }
        for (way, out) in ways.iter().zip(&outs).skip(2) {
            let reference = &outs[way.reference()];
            if let Some(i) = first_difference(reference, out) {
                let [a, b] = pairs[i].map(|body| body as usize);
                let (label, kinds, scalar) =
                    (way.label(), [a, b].map(|k| scene.kinds[k]), reference[i]);
                return Err(format!(
                    "frame {frame}: `{label}` differs from scalar on pair {i}, bodies {a} and {b} \
                     {kinds:?}:\n  scalar: {scalar:?}\n  lanes:  {:?}",
                    out[i]
                ));
            }
        }
        if frame >= WARM_UP {
            t.integrate.push((integrated - start).as_secs_f64());
            t.broad.push((swept - integrated).as_secs_f64());
            for (times, time) in t.narrow.iter_mut().zip(narrow) {
                times.push(time);
            }
            for (times, time) in t.query.iter_mut().zip(query) {
                times.extend(time);
            }
            t.pairs.push(pairs.len());
            let touching = outs[0]
                .iter()
                .filter(|o| o.status == DistanceStatus::Overlapping);
            t.overlapping.push(touching.count());
        }
    }
    report(&scene, &ways, t);
    Ok(())
}

/// The columns of the narrow phases.
const HEADER: &str = "ms/frame  ns/pair  speed-up   query  upkeep (ns/pair)";

/// Prints the table.
fn report(scene: &Scene, ways: &[Box<dyn NarrowPhase>], t: Timings) {
    let ms = |seconds: f64| seconds * 1e3;
    let mean = |counts: &[usize]| counts.iter().sum::<usize>() as f64 / counts.len() as f64;
    let side = 2.0 * scene.half_width;
    println!(
        "engine frame, f32: {} bodies in a {side:.1} x {side:.1} world; medians of {FRAMES} \
         frames after {WARM_UP} warm-up",
        scene.shapes.len()
    );
    let kinds = Kind::SHARES.map(|(k, _)| format!("{} {}", scene.count(k), k.plural()));
    println!("  {}", kinds.join(", "));
    println!(
        "candidate pairs {:.0}/frame, overlapping {:.0}/frame (means); every output = scalar's, \
         bit for bit",
        mean(&t.pairs),
        mean(&t.overlapping)
    );
    let labels: Vec<String> = ways.iter().map(|way| way.label()).collect();
    let width = labels.iter().map(String::len).max().unwrap_or(0) + 3;
    let line = |head: &str, rest: String| println!("{head:width$}{rest}");
    let (integrate, broad) = (ms(median(&t.integrate)), ms(median(&t.broad)));
    line("integrate + AABBs", format!("{integrate:8.3} ms"));
    line("broad phase (SAP)", format!("{broad:8.3} ms"));
    line("narrow phase", HEADER.into());
    let medians: Vec<f64> = t.narrow.iter().map(|times| median(times)).collect();
    for (w, label) in labels.iter().enumerate() {
        let (narrow, query, time) = (&t.narrow[w], &t.query[w], medians[w]);
        let per_pair = ns_per_pair(narrow.iter().copied(), &t.pairs);
        // The query alone and the rest, for the ways that time them apart.
        let split = (!query.is_empty()).then(|| {
            let upkeep = narrow.iter().zip(query).map(|(n, q)| n - q);
            let query = ns_per_pair(query.iter().copied(), &t.pairs);
            format!(" {query:7.1} {:7.1}", ns_per_pair(upkeep, &t.pairs))
        });
        let (ms, speed_up, split) = (ms(time), medians[0] / time, split.unwrap_or_default());
        line(
            &format!("  {label}"),
            format!("{ms:8.3} {per_pair:8.1} {speed_up:8.2}x{split}"),
        );
    }
    let Some(best) = (2..ways.len()).min_by(|&i, &j| medians[i].total_cmp(&medians[j])) else {
        return;
    };
    let whole = |w: usize| {
        let frames = t.integrate.iter().zip(&t.broad).zip(&t.narrow[w]);
        median(&frames.map(|((i, b), n)| i + b + n).collect::<Vec<_>>())
    };
    let (scalar, lanes) = (whole(0), whole(best));
    let (label, speed_up) = (&labels[best], scalar / lanes);
    let (scalar, lanes) = (ms(scalar), ms(lanes));
    line(
        "whole frame",
        format!("{scalar:.3} ms scalar, {lanes:.3} ms with {label} ({speed_up:.2}x)"),
    );
}

fn main() -> ExitCode {
    let bodies = match std::env::args().nth(1) {
        None => Ok(DEFAULT_BODIES),
        Some(arg) => arg.parse::<usize>().ok().filter(|&n| n >= 2).ok_or(format!(
            "BODIES must be a whole number of at least 2, not {arg:?}"
        )),
    };
    match bodies.and_then(run) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("engine_frame: {message}");
            ExitCode::FAILURE
        }
    }
}
