//! Links the `rlbook` executable as a position-dependent (non-PIE) binary on Linux.
//!
//! A position-independent executable has ≈29,000 relative relocations (vtables, string
//! tables, clap's and the builtins' static data) that the dynamic loader applies at every
//! start, touching and copying ≈120 pages; non-PIE resolves them at link time. Measured on
//! `rlbook run` of a one-line script: 1.8 → 1.35 ms of CPU and 271 → 149 page faults per
//! start, which is most of what a course of short scripts costs (`scripts/bench-course`).
//! The price is that the executable's own image is not placed at a random address (ASLR of
//! libraries, stack and heap is unchanged). The library, tests and fuzz targets are
//! unaffected: the flag applies to this package's binaries only.

fn main() {
    let target_os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let target_env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if target_os == "linux" && target_env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
