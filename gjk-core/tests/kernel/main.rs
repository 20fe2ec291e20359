//! gjk-core's integration tests, one binary: the queries on small shapes written here,
//! so that gjk-core is tested without gjk-shapes, a module per query.

mod shapes;

mod distance;
mod time_of_impact;
