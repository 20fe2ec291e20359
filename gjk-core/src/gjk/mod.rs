//! The GJK kernel both dimensions share: the iteration with its termination rules and
//! rescue (`iteration.rs`), what it asks of a dimension's simplex (`simplex.rs`), the
//! queries written once over any [`Space`](crate::Space) (`distance.rs`,
//! `overlap.rs`, `penetration.rs`, `point.rs`, the casts in `ray.rs` and
//! `shape_cast.rs` with their value types in `cast.rs`), warm starts (`cache.rs`), the
//! exact rescaling of badly scaled queries (`rescale.rs`) and the choice of how the
//! queries are compiled (`profile.rs`). Each dimension's simplex solver and EPA are in
//! `two/` or `three/`.

pub(crate) mod cache;
pub(crate) mod cast;
pub(crate) mod distance;
mod iteration;
pub(crate) mod overlap;
pub(crate) mod penetration;
pub(crate) mod point;
pub(crate) mod profile;
pub(crate) mod ray;
pub(crate) mod rescale;
pub(crate) mod shape_cast;
pub(crate) mod simplex;

pub(crate) use iteration::*;
pub(crate) use penetration::{Deepest, EpaEnd};
pub(crate) use profile::{Core, CoreOf, shared};
