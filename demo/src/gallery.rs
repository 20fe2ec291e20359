//! The gallery (`cargo xtask gallery [--check]`): pictures of what each query
//! computes, generated from the kernel's own answers and written as SVG to
//! `docs/gallery/`, where the README and `docs/` show them; the picture gjk-core's crate
//! documentation embeds lives inside that crate (`gjk-core/doc/`), so that its
//! published package holds it.
//!
//! - `distance.svg`: six pairs with witness points and normals (the demo's picture);
//! - `distance3d.svg`: three pairs in space, seen by one orthographic camera, with
//!   witness points and normals (the demo's picture of them);
//! - `ray_cast.svg`: a fan of rays against a rounded hexagon, hits with their normals;
//! - `shape_cast.svg`: a capsule cast along a translation onto a box, at the hit;
//! - `time_of_impact.svg`: a spinning bar swept at a thin wall, stopped at first touch;
//! - `gjk_trace.svg`: the support points GJK asked for, on the Minkowski difference;
//! - `manifold.svg`: contact points with their feature ids, separations and normals.
//!
//! With `--check` nothing is written: [`run`] fails if a committed picture differs
//! from what the kernel draws (CI runs it, so the pictures never go stale).

mod casts;
mod contacts;
mod page;
mod sweep;
mod trace;

use std::path::Path;

/// Where the pictures live, relative to the workspace root.
pub const GALLERY_DIR: &str = "docs/gallery";

/// A picture's directory relative to the workspace root, its file name and the
/// function that draws it.
type Drawing = (&'static str, &'static str, fn() -> Result<String, String>);

/// Every picture of the gallery.
const DRAWINGS: [Drawing; 7] = [
    (GALLERY_DIR, "distance.svg", crate::tour::distance_picture),
    (
        GALLERY_DIR,
        "distance3d.svg",
        crate::tour::distance3d_picture,
    ),
    (GALLERY_DIR, "ray_cast.svg", casts::ray_fan),
    (GALLERY_DIR, "shape_cast.svg", casts::capsule_onto_box),
    (GALLERY_DIR, "time_of_impact.svg", sweep::spinning_bar),
    ("gjk-core/doc", "gjk_trace.svg", trace::gjk_trace),
    (GALLERY_DIR, "manifold.svg", contacts::manifolds),
];

/// Writes (or with `check`, compares) every picture.
pub fn run(workspace_root: &Path, check: bool) -> Result<(), String> {
    let mut stale = Vec::new();
    for (folder, name, draw) in DRAWINGS {
        let svg = draw()?;
        let directory = workspace_root.join(folder);
        if !check {
            std::fs::create_dir_all(&directory).map_err(|error| error.to_string())?;
        }
        let path = directory.join(name);
        if check {
            if std::fs::read_to_string(&path).ok().as_deref() != Some(svg.as_str()) {
                stale.push(format!("{folder}/{name}"));
            }
        } else {
            std::fs::write(&path, svg).map_err(|error| format!("{}: {error}", path.display()))?;
            println!("wrote {folder}/{name}");
        }
    }
    if stale.is_empty() {
        if check {
            println!("the gallery is up to date");
        }
        Ok(())
    } else {
        Err(format!(
            "out of date: {} (run `cargo xtask gallery`)",
            stale.join(", ")
        ))
    }
}
