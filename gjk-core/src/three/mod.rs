//! Space: the 3D simplex solver (one to four points, Bullet's regions hardened past
//! Jolt's), which the shared loop runs for 3D `distance`, `distance_cached` and
//! `intersects`.

pub(crate) mod simplex;
