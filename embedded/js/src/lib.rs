//! # gjk-js
//!
//! The kernel for JavaScript: the 2D queries on gjk-shapes' [`Shape`] in `f64`
//! (JavaScript's own number type), as a `wasm32` module with an `extern "C"` interface
//! of numbers. The host writes a query's inputs into a scratch array of `f64` in the
//! module's memory, calls the query, and reads the results from the same array; text
//! (error messages, status names) comes back as UTF-8 in a byte buffer. The module
//! imports nothing and allocates nothing.
//!
//! The npm package in `js/` wraps it (`gjk.js`, typed by `gjk.d.ts`); `cargo xtask js`
//! builds, packs and tests it. The layout of the scratch array is in [`memory`], the
//! encoding of shapes in [`decode`]; the host asks for both through [`gjk_layout`], so
//! the numbers live only here.
//!
//! Every query returns its status number (see [`status`]), or [`SHAPE_A_INVALID`] /
//! [`SHAPE_B_INVALID`] with the reason as text when a shape cannot be built.
#![no_std]

pub mod decode;
pub mod memory;
pub mod status;

use gjk_core::{
    Ray, ShapeCastInput, Sweep, Transform, Vec2, contains_point, distance, intersects, manifold,
    outline, penetration, shape_cast, time_of_impact,
};
use gjk_shapes::{SHAPE_POLYGON_CAPACITY, Shape};

use decode::{InputError, placement, shape, vector};
use memory::{
    ARGS, OUT, OUTLINE, OUTLINE_POINTS, PLACEMENT_A, PLACEMENT_B, SHAPE_A, SHAPE_B, read, write,
    write_all, write_text,
};

/// Returned when shape A cannot be built; the reason is in the text buffer, its length
/// in [`gjk_text_length`].
pub const SHAPE_A_INVALID: u32 = 0xFFFF_0000;
/// Returned when shape B cannot be built.
pub const SHAPE_B_INVALID: u32 = 0xFFFF_0001;

/// The length in bytes of the text last written.
static TEXT_LENGTH: core::sync::atomic::AtomicU32 = core::sync::atomic::AtomicU32::new(0);

fn set_text(arguments: core::fmt::Arguments<'_>) -> u32 {
    let length = write_text(arguments);
    TEXT_LENGTH.store(length, core::sync::atomic::Ordering::Relaxed);
    length
}

/// A shape and its placement.
type Placed = (Shape<f64>, Transform<f64>);

/// `query`'s status on shape A and B with their placements, or the code of the shape
/// that failed to build.
fn with_pair(query: impl FnOnce([Placed; 2]) -> u32) -> u32 {
    let pair = one(SHAPE_A, SHAPE_A_INVALID).and_then(|a| {
        let b = one(SHAPE_B, SHAPE_B_INVALID)?;
        Ok([(a, placement(PLACEMENT_A)), (b, placement(PLACEMENT_B))])
    });
    pair.map_or_else(|code| code, query)
}

/// `query`'s status on shape A with its placement, or [`SHAPE_A_INVALID`].
fn with_a(query: impl FnOnce(Placed) -> u32) -> u32 {
    one(SHAPE_A, SHAPE_A_INVALID).map_or_else(|code| code, |a| query((a, placement(PLACEMENT_A))))
}

/// The shape at `at`, or `code` with the reason written as text.
fn one(at: usize, code: u32) -> Result<Shape<f64>, u32> {
    shape(at).map_err(|error: InputError| {
        set_text(format_args!("{error}"));
        code
    })
}

/// Writes a vector into two slots from `at`.
fn write_vector(at: usize, vector: Vec2<f64>) {
    write_all(at, &[vector.x, vector.y]);
}

/// Where things are: 0 the scratch array's address, 1 its length in `f64`s, 2 shape
/// A's first slot, 3 A's placement, 4 shape B, 5 B's placement, 6 the arguments, 7 the
/// results, 8 the outline, 9 the outline's capacity in points, 10 the text buffer's
/// address, 11 its capacity in bytes, 12 the slots of one shape, 13 the most points of
/// a polygon, 14 the slots of one manifold point; `u32::MAX` for any other number.
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_layout(which: u32) -> u32 {
    let value = match which {
        0 => memory::scratch_address(),
        1 => memory::SCRATCH_LEN,
        2 => SHAPE_A,
        3 => PLACEMENT_A,
        4 => SHAPE_B,
        5 => PLACEMENT_B,
        6 => ARGS,
        7 => OUT,
        8 => OUTLINE,
        9 => OUTLINE_POINTS,
        10 => memory::text_address(),
        11 => memory::TEXT_LEN,
        12 => memory::SHAPE_LEN,
        13 => SHAPE_POLYGON_CAPACITY,
        14 => MANIFOLD_POINT_LEN,
        _ => return u32::MAX,
    };
    value as u32
}

/// The length of the text last written (an error message or a status name).
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_text_length() -> u32 {
    TEXT_LENGTH.load(core::sync::atomic::Ordering::Relaxed)
}

/// Writes the name of status `code` of `family` (see [`status`]) as text and returns
/// its length; 0 past the last status of the family or the last family.
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_status_name(family: u32, code: u32) -> u32 {
    match status::lookup(family, code) {
        Some(name) => set_text(format_args!("{name:?}")),
        None => 0,
    }
}

/// Checks the shape in slot `which` (0: A, 1: B): 0 when it builds, else the length of
/// the reason written as text.
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_check_shape(which: u32) -> u32 {
    let at = if which == 0 { SHAPE_A } else { SHAPE_B };
    match shape(at) {
        Ok(_) => 0,
        Err(error) => set_text(format_args!("{error}")),
    }
}

/// `distance` between A and B. Results: distance, witness on A (x, y), witness on B,
/// normal from A to B, iterations.
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_distance() -> u32 {
    with_pair(|[(a, xf_a), (b, xf_b)]| {
        let out = distance(&a, xf_a, &b, xf_b);
        write(OUT, out.distance);
        write_vector(OUT + 1, out.witness_a);
        write_vector(OUT + 3, out.witness_b);
        write_vector(OUT + 5, out.normal);
        write(OUT + 7, f64::from(out.iterations));
        status::distance(out.status)
    })
}

/// `intersects`: 0 apart, 1 overlapping, 2 + the error's number (family 5).
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_intersects() -> u32 {
    with_pair(
        |[(a, xf_a), (b, xf_b)]| match intersects(&a, xf_a, &b, xf_b) {
            Ok(overlapping) => u32::from(overlapping),
            Err(error) => 2 + status::query_error(error),
        },
    )
}

/// `penetration` of A and B. Results: depth, normal from A to B, witness on A, witness
/// on B, iterations.
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_penetration() -> u32 {
    with_pair(|[(a, xf_a), (b, xf_b)]| {
        let out = penetration(&a, xf_a, &b, xf_b);
        write(OUT, out.depth);
        write_vector(OUT + 1, out.normal);
        write_vector(OUT + 3, out.witness_a);
        write_vector(OUT + 5, out.witness_b);
        write(OUT + 7, f64::from(out.iterations));
        status::penetration(out.status)
    })
}

/// Slots per manifold point in the results: x, y, separation, then each shape's
/// feature as kind (0 vertex, 1 edge, 2 smooth) and two indices.
pub const MANIFOLD_POINT_LEN: usize = 9;

/// The contact `manifold` of A and B in world space, points up to `speculative` (the
/// first argument) apart kept: 0, or 1 + the error's number (family 5). Results:
/// normal from A to B, point count (0 to 2), then [`MANIFOLD_POINT_LEN`] slots per point.
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_manifold() -> u32 {
    with_pair(|[(a, xf_a), (b, xf_b)]| {
        let found = match manifold(&a, xf_a, &b, xf_b, read(ARGS)) {
            Ok(found) => found.to_world(xf_a, xf_b),
            Err(error) => return 1 + status::query_error(error),
        };
        write_vector(OUT, found.normal);
        write(OUT + 2, found.points().len() as f64);
        for (index, point) in found.points().iter().enumerate() {
            let at = OUT + 3 + index * MANIFOLD_POINT_LEN;
            write_vector(at, point.point);
            write(at + 2, point.separation);
            write_all(at + 3, &feature(point.id.feature_a));
            write_all(at + 6, &feature(point.id.feature_b));
        }
        0
    })
}

/// A contact feature as kind and two indices.
fn feature(feature: gjk_core::ContactFeature) -> [f64; 3] {
    match feature {
        gjk_core::ContactFeature::Vertex(index) => [0.0, f64::from(index), 0.0],
        gjk_core::ContactFeature::Edge(first, second) => [1.0, f64::from(first), f64::from(second)],
        gjk_core::ContactFeature::Smooth => [2.0, 0.0, 0.0],
        gjk_core::ContactFeature::Face(index) => [3.0, f64::from(index), 0.0],
    }
}

/// Writes a cast's results: fraction, point, normal, iterations.
fn write_cast(out: gjk_core::CastOutput<f64>) -> u32 {
    write(OUT, out.fraction);
    write_vector(OUT + 1, out.point);
    write_vector(OUT + 3, out.normal);
    write(OUT + 5, f64::from(out.iterations));
    status::cast(out.status)
}

/// A ray against shape A (its analytic cast). Arguments: origin, translation,
/// largest fraction. Results: fraction, point, normal, iterations.
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_ray_cast() -> u32 {
    with_a(|(a, xf)| {
        let ray = Ray {
            origin: vector(ARGS),
            translation: vector(ARGS + 2),
            max_fraction: read(ARGS + 4),
        };
        write_cast(a.ray_cast(xf, ray))
    })
}

/// `shape_cast` of A and B. Arguments: A's translation, B's translation, largest
/// fraction, target separation. Results as [`gjk_ray_cast`]'s.
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_shape_cast() -> u32 {
    with_pair(|[(a, xf_a), (b, xf_b)]| {
        let input = ShapeCastInput {
            translation_a: vector(ARGS),
            translation_b: vector(ARGS + 2),
            max_fraction: read(ARGS + 4),
            target_separation: read(ARGS + 5),
        };
        write_cast(shape_cast(&a, xf_a, &b, xf_b, input))
    })
}

/// `time_of_impact` of A and B, each moving from its placement to a second one
/// (turning about its own origin). Arguments: A's end placement, B's end placement
/// (x, y, angle each), then the largest fraction. Results: fraction, iterations.
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_time_of_impact() -> u32 {
    with_pair(|[(a, _), (b, _)]| {
        let sweep = |start: usize, end: usize| {
            Sweep::new(
                Vec2::ZERO,
                vector(start),
                vector(end),
                read(start + 2),
                read(end + 2),
            )
        };
        let out = time_of_impact(
            &a,
            sweep(PLACEMENT_A, ARGS),
            &b,
            sweep(PLACEMENT_B, ARGS + 3),
            read(ARGS + 6),
        );
        write(OUT, out.fraction);
        write(OUT + 1, f64::from(out.iterations));
        status::toi(out.status)
    })
}

/// Shape A's surface point nearest a point (the argument), in closed form. Results:
/// surface point, signed distance, outward normal, iterations.
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_project_point() -> u32 {
    with_a(|(a, xf)| {
        let out = a.project_point(xf, vector(ARGS));
        write_vector(OUT, out.surface_point);
        write(OUT + 2, out.signed_distance);
        write_vector(OUT + 3, out.normal);
        write(OUT + 5, f64::from(out.iterations));
        status::point(out.status)
    })
}

/// Whether shape A contains a point (the argument): 0 no, 1 yes, 2 + the error's
/// number (family 5).
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_contains_point() -> u32 {
    with_a(|(a, xf)| match contains_point(&a, xf, vector(ARGS)) {
        Ok(inside) => u32::from(inside),
        Err(error) => 2 + status::query_error(error),
    })
}

/// Shape A's outline with `count` points (at most the outline's capacity) written from
/// the outline's first slot; returns the number of distinct points written.
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_outline(count: u32) -> u32 {
    with_a(|(a, xf)| {
        let mut points = [Vec2::ZERO; OUTLINE_POINTS];
        let count = (count as usize).min(OUTLINE_POINTS);
        let written = outline(&a, xf, &mut points[..count]);
        for (index, point) in points[..written].iter().enumerate() {
            write_vector(OUTLINE + 2 * index, *point);
        }
        written as u32
    })
}

/// A panic traps: the JavaScript host sees a `RuntimeError`.
#[cfg(target_arch = "wasm32")]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    core::arch::wasm32::unreachable()
}
