//! Ray casts and shape casts, in the plane and in space: the generic GJK casts against
//! the exact f64 oracle and on hand-made cases; the shapes' closed-form ray casts on
//! their own cases and against the generic cast; and the regressions.

mod cases;
mod oracle;
mod oracle3d;
mod ray_fast_paths;
mod ray_fast_paths_agree;
mod regressions;
