//! The `rlbook` binary: parse the command line and exit with the command's status.

fn main() -> std::process::ExitCode {
    rlbook::cli::main()
}
