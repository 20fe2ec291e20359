//! The scene and the last results, held in atomics (the module's only state; no
//! `static mut`), with `f32` values stored as their bits.

use core::sync::atomic::{AtomicU32, Ordering};

use gjk_scene::{Kind, PAGE_INPUTS, PAGE_RESULTS, Scene};

/// The two shapes of the scene.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// Shape A (number 0).
    A,
    /// Shape B (number 1).
    B,
}

impl Slot {
    /// The slot numbered `number`, or `None`.
    pub fn from_number(number: u32) -> Option<Self> {
        match number {
            0 => Some(Self::A),
            1 => Some(Self::B),
            _ => None,
        }
    }

    /// The slot's kind number.
    pub fn kind(self) -> &'static AtomicU32 {
        match self {
            Self::A => &KIND_A,
            Self::B => &KIND_B,
        }
    }

    /// The input index of the slot's x (then y and angle).
    pub fn placement_input(self) -> usize {
        match self {
            Self::A => INPUT_PLACEMENT_A,
            Self::B => INPUT_PLACEMENT_B,
        }
    }
}

/// Index of A's x in the inputs (then y and angle; layout in [`PAGE_INPUTS`]).
pub const INPUT_PLACEMENT_A: usize = 0;
/// Index of B's x (then y and angle).
pub const INPUT_PLACEMENT_B: usize = 3;
/// Index of the ray's x (then y, dx and dy).
pub const INPUT_RAY: usize = 6;
/// Index of the sweep's dx (then dy).
pub const INPUT_SWEEP: usize = 10;

/// Kind numbers of A and B.
static KIND_A: AtomicU32 = AtomicU32::new(Scene::START.kind_a as u32);
static KIND_B: AtomicU32 = AtomicU32::new(Scene::START.kind_b as u32);

/// The inputs, as `f32` bits, starting as [`Scene::START`].
static INPUT: [AtomicU32; PAGE_INPUTS] = {
    let values = Scene::START.page_inputs();
    let mut stored = [const { AtomicU32::new(0) }; PAGE_INPUTS];
    let mut index = 0;
    while index < PAGE_INPUTS {
        stored[index] = AtomicU32::new(values[index].to_bits());
        index += 1;
    }
    stored
};

/// The results of the last evaluation, as `f32` bits (NaN before the first).
static RESULT: [AtomicU32; PAGE_RESULTS] = [const { AtomicU32::new(0x7FC0_0000) }; PAGE_RESULTS];

/// Stores input `index` (ignored when out of range).
pub fn store_f32(index: usize, value: f32) {
    if let Some(slot) = INPUT.get(index) {
        slot.store(value.to_bits(), Ordering::Relaxed);
    }
}

/// Input `index`, NaN when out of range.
pub fn input(index: u32) -> f32 {
    load(&INPUT, index as usize)
}

/// Result `index`, NaN when out of range.
pub fn result(index: u32) -> f32 {
    load(&RESULT, index as usize)
}

fn load(values: &[AtomicU32], index: usize) -> f32 {
    values.get(index).map_or(f32::NAN, |value| {
        f32::from_bits(value.load(Ordering::Relaxed))
    })
}

fn kind(stored: &AtomicU32) -> Kind {
    Kind::from_number(stored.load(Ordering::Relaxed)).unwrap_or(Kind::Circle)
}

/// The stored scene.
pub fn load_scene() -> Scene {
    let mut inputs = [0.0; PAGE_INPUTS];
    for (value, stored) in inputs.iter_mut().zip(&INPUT) {
        *value = f32::from_bits(stored.load(Ordering::Relaxed));
    }
    Scene::from_page_inputs(kind(&KIND_A), kind(&KIND_B), inputs)
}

/// Evaluates the stored scene into the results; 1 on success, 0 (results NaN) if a
/// shape did not build.
pub fn evaluate() -> u32 {
    let (values, built) = match load_scene().evaluate() {
        Ok(readout) => (readout.page_values(), 1),
        Err(_) => ([f32::NAN; PAGE_RESULTS], 0),
    };
    for (slot, value) in RESULT.iter().zip(values) {
        slot.store(value.to_bits(), Ordering::Relaxed);
    }
    built
}
