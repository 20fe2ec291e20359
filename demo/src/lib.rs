//! The kernel shown at work: the tour `cargo xtask demo` prints and draws ([`tour`]),
//! and the pictures of every query in `docs/gallery/` that `cargo xtask gallery`
//! writes or checks ([`gallery`]), both drawn by a small SVG writer from the kernel's
//! own answers. The binaries `demo` and `gallery` run them; `tests/readme.rs` keeps
//! the READMEs' examples compiling and running.

pub mod gallery;
mod svg;
pub mod tour;

use std::path::{Path, PathBuf};

/// The workspace root, where the pictures are written: the parent of this crate's
/// folder.
pub fn workspace_root() -> PathBuf {
    let manifest_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest_dir.parent().unwrap_or(manifest_dir).to_path_buf()
}
