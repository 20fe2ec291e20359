//! Adapters from the plain workload data to the peers, parry2d and Box2D v3 (through
//! boxdd), for the side-by-side benchmarks (`benches/peers.rs`) and the tests that
//! check every adapter answers like gjk on known cases (`tests/peers.rs`), so that an
//! adapter bug cannot pass for a speed-up.
//!
//! Both peers are `f32`. Box2D is called through `boxdd_sys::ffi` directly: boxdd's
//! safe wrappers revalidate shapes and take a lock on every call (about 100 ns, four
//! times a polygon ray cast), which would time the wrapper rather than Box2D.
//!
//! The 3D peer's adapter, `parry3d.rs`, is not a module here: the 3D targets
//! (`benches/peers3d.rs`, `examples/peer_accuracy3d.rs`,
//! `examples/peers3d_interleaved.rs`, `tests/peers3d.rs`) include it by path, so the
//! plane targets do not compile an adapter they never call.

pub mod box2d;
pub mod parry;
