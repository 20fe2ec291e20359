//! # gjk-web
//!
//! The interactive page's kernel (`web/` at the repository root): the scene of
//! `gjk-scene` held in this module, set and evaluated through a small `extern "C"`
//! interface of numbers in and out (no bindgen, no imports):
//!
//! ```text
//! gjk_web_set_kind(slot, kind) -> u32          shape kind of A (slot 0) or B (slot 1); 1 if accepted
//! gjk_web_place(slot, x, y, angle)             where A or B is
//! gjk_web_set_ray(x, y, dx, dy)                the ray against A: origin and translation
//! gjk_web_set_sweep(dx, dy)                    B's translation for the sweep onto A
//! gjk_web_evaluate() -> u32                    runs the queries; 1 if the shapes built
//! gjk_web_result(index) -> f32                 a result of the last evaluation (layout: gjk_scene::PAGE_RESULTS)
//! gjk_web_result_count() -> u32                how many results there are
//! gjk_web_input(index) -> f32                  the scene as stored (INPUT_* below), in f32
//! gjk_web_outline_x(slot, index, count) -> f32 outline point `index` of `count` of A or B
//! gjk_web_outline_y(slot, index, count) -> f32
//! ```
//!
//! Values cross as `f32` (JavaScript numbers rounded on the way in), so the page and
//! a native run of `gjk-scene` on the same stored inputs give the same bits: `cargo
//! xtask web --test` checks exactly that in a headless browser.
#![no_std]

mod state;

use gjk_core::{Rot, Vec2, boundary_point};
use gjk_scene::{Kind, PageShape};
use state::{Slot, load_scene, store_f32};

/// Shape kind of `slot` (0: A, 1: B); returns 1 if `kind` and `slot` are known, else 0
/// and nothing changes.
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_web_set_kind(slot: u32, kind: u32) -> u32 {
    match (Slot::from_number(slot), Kind::from_number(kind)) {
        (Some(slot), Some(kind)) => {
            slot.kind()
                .store(kind as u32, core::sync::atomic::Ordering::Relaxed);
            1
        }
        _ => 0,
    }
}

/// Places shape `slot` at `(x, y)` turned by `angle` radians; unknown slots are ignored.
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_web_place(slot: u32, x: f32, y: f32, angle: f32) {
    if let Some(slot) = Slot::from_number(slot) {
        let base = slot.placement_input();
        store_f32(base, x);
        store_f32(base + 1, y);
        store_f32(base + 2, angle);
    }
}

/// The ray cast against A: origin `(x, y)` and translation `(dx, dy)` (fraction 0 to 1).
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_web_set_ray(x: f32, y: f32, dx: f32, dy: f32) {
    for (offset, value) in [x, y, dx, dy].into_iter().enumerate() {
        store_f32(state::INPUT_RAY + offset, value);
    }
}

/// B's translation for the sweep onto A.
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_web_set_sweep(dx: f32, dy: f32) {
    store_f32(state::INPUT_SWEEP, dx);
    store_f32(state::INPUT_SWEEP + 1, dy);
}

/// Runs the queries on the stored scene; 1 if both shapes built (always, for the
/// page's constant sizes), 0 otherwise (the results are then NaN).
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_web_evaluate() -> u32 {
    state::evaluate()
}

/// Result `index` of the last evaluation (layout: [`gjk_scene::PAGE_RESULTS`]), NaN
/// for an unknown index.
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_web_result(index: u32) -> f32 {
    state::result(index)
}

/// How many results an evaluation gives ([`gjk_scene::PAGE_RESULTS`]).
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_web_result_count() -> u32 {
    gjk_scene::PAGE_RESULTS as u32
}

/// Input `index` of the stored scene (see the `INPUT_*` layout in `state`), NaN for an
/// unknown index.
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_web_input(index: u32) -> f32 {
    state::input(index)
}

/// The x coordinate of outline point `index` of `count` of shape `slot` (see
/// [`outline_point`]).
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_web_outline_x(slot: u32, index: u32, count: u32) -> f32 {
    outline_point(slot, index, count).x
}

/// The y coordinate of outline point `index` of `count` of shape `slot`.
#[expect(unsafe_code, reason = "an exported symbol for the JavaScript host")]
#[unsafe(no_mangle)]
pub extern "C" fn gjk_web_outline_y(slot: u32, index: u32, count: u32) -> f32 {
    outline_point(slot, index, count).y
}

/// The placed shape's boundary point in the world direction at `index / count` of a
/// turn: its core's support point along that direction pushed out by its radius, so
/// the page draws exactly the shape the kernel queries. NaN for unknown input.
fn outline_point(slot: u32, index: u32, count: u32) -> Vec2<f32> {
    let nan = Vec2::new(f32::NAN, f32::NAN);
    let (Some(slot), true) = (Slot::from_number(slot), count > 0) else {
        return nan;
    };
    let scene = load_scene();
    let (kind, placement) = match slot {
        Slot::A => (scene.kind_a, scene.placement_a),
        Slot::B => (scene.kind_b, scene.placement_b),
    };
    let Ok(shape) = PageShape::new(kind) else {
        return nan;
    };
    let turn = core::f32::consts::TAU * (index % count) as f32 / count as f32;
    let direction = Rot::from_angle(turn).rotate(Vec2::X);
    boundary_point(&shape, placement.transform(), direction)
}

/// A panic traps: the JavaScript host sees a `RuntimeError`.
#[cfg(target_arch = "wasm32")]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    core::arch::wasm32::unreachable()
}
