//! Chooses how the queries are compiled, once for the whole crate: `gjk_compact` on
//! bare-metal targets (`target_os = "none"`) and with the `compact` feature, the
//! hosted form otherwise (see `src/kernel/profile.rs`).

fn main() {
    println!("cargo::rustc-check-cfg=cfg(gjk_compact)");
    println!("cargo::rerun-if-changed=build.rs");
    let bare_metal = std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "none");
    let asked = std::env::var_os("CARGO_FEATURE_COMPACT").is_some();
    if bare_metal || asked {
        println!("cargo::rustc-cfg=gjk_compact");
    }
}
