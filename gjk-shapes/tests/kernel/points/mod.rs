//! `project_point` (generic, and the shapes' closed forms) and `contains_point`, in the
//! plane and in space, against the exact f64 oracle; and the regressions.

mod oracle;
mod oracle3d;
mod oracle3d_closed_forms;
mod regressions;
