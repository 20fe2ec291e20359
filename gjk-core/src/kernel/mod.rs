//! The machinery every query shares, in both dimensions: the pair of shapes as the
//! loops see it, `B - A` (`pair.rs`), the GJK loop with its
//! termination rules and rescue (`gjk.rs`), the GJK ray cast under the casts
//! (`cast.rs`), what the loops ask of a dimension's simplex (`simplex.rs`), warm starts (`cache.rs`), the exact rescaling of badly scaled
//! queries (`rescale.rs`) and the choice of how the queries are compiled
//! (`profile.rs`). Each dimension's simplex solver and EPA are in `dim2/` and `dim3/`;
//! the queries built on this are in `query/`.

pub(crate) mod cache;
pub(crate) mod cast;
pub(crate) mod epa;
mod gjk;
mod pair;
pub(crate) mod profile;
pub(crate) mod rescale;
pub(crate) mod simplex;

pub(crate) use crate::query::penetration::{Deepest, EpaEnd};
pub(crate) use gjk::*;
pub(crate) use pair::*;
pub(crate) use profile::{Core, CoreOf, shared};
