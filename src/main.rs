//! The `rlbook` binary: parse the command line and exit with the command's status.

/// mimalloc rather than the C library's allocator: the interpreter makes and drops a new
/// array for most operations, and most of a course's arrays are small (see Cargo.toml).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    rlbook::cli::main()
}
