//! The command line: `rlbook run FILE.rlab` (and, as they land, `build`, `check`, `bless`,
//! `serve`). Maps commands to library calls and results to exit codes.

use crate::lang::{Config, Mode, Session};
use clap::{Parser, Subcommand, ValueEnum};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(name = "rlbook", version, about = "Publish an rlab course as a static HTML book whose numbers are real")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Run one rlab script the way `rustlab run` does (assignments echo unless suppressed).
    Run {
        /// The script to run; `run` and `savefig` paths are relative to its folder.
        file: PathBuf,
        /// Plot output: figures are only written by `savefig` (accepted for rustlab compatibility).
        #[arg(long, value_enum, default_value_t = PlotMode::None)]
        plot: PlotMode,
        /// Seed the random stream (default: OS entropy, like rustlab).
        #[arg(long)]
        seed: Option<u64>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum PlotMode {
    None,
}

/// Parse the command line, run the command, and give the exit status.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Run { file, plot: _, seed } => run_script(&file, seed),
    }
}

fn run_script(file: &Path, seed: Option<u64>) -> ExitCode {
    let base_dir = file
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    let config = Config {
        mode: Mode::Script,
        base_dir,
        stream_stdout: true,
        write_files: true,
        ..Config::default()
    };
    let mut session = Session::new(config, seed);
    match session.run_file(file) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("{}", err.rendered);
            ExitCode::FAILURE
        }
    }
}
