//! The command line: `rlbook build`, `check`, `bless`, `serve`, `init` and `run FILE.rlab`.
//! Maps commands to library calls and results to exit codes (0 success, 1 any failure).

use crate::build::{self, Summary};
use crate::diagnostic::{self, Format};
use crate::pipeline::Goal;
use clap::{Parser, Subcommand, ValueEnum};
use rlab::{Config, Mode, Session};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "rlbook",
    version,
    about = "Publish an rlab course as a static HTML book whose numbers are real"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Execute every lesson, compare the outputs with the record, and write the site.
    Build {
        #[command(flatten)]
        book: BookArgs,
        /// Broken links and math errors fail the build instead of warning.
        #[arg(long)]
        strict: bool,
        /// The formats to write, instead of those of book.toml's `[output] formats`: any of
        /// html, markdown, epub, pdf, separated by commas.
        #[arg(long = "format", value_name = "FORMATS", value_delimiter = ',', value_parser = crate::config::Format::parse)]
        formats: Vec<crate::config::Format>,
        #[command(flatten)]
        edition: EditionArg,
    },
    /// Execute every lesson and compare the outputs with the record; write no site.
    Check {
        #[command(flatten)]
        book: BookArgs,
    },
    /// Accept the current outputs of the named lessons (all when none is named) as the record.
    Bless {
        /// Lessons by slug (`12-layer-norm-and-residuals`) or file name.
        lessons: Vec<String>,
        /// The book's root directory.
        #[arg(long, default_value = ".")]
        dir: PathBuf,
    },
    /// Build the book, serve it on this machine, and rebuild on every change with live
    /// reload; errors and drift are shown over the page, and records are never written.
    Serve {
        /// The book's root directory.
        #[arg(default_value = ".")]
        dir: PathBuf,
        /// The port (default 3000, or the next free one); a port given here must be free.
        #[arg(long)]
        port: Option<u16>,
        /// Open the book in the browser (the program in `BROWSER` if set, else the system's).
        #[arg(long)]
        open: bool,
        /// The address to listen on (default 127.0.0.1: this machine only).
        #[arg(long, value_name = "ADDR")]
        host: Option<String>,
        /// Neither read nor write the book's cache (`.rlbook/`): run and render everything.
        #[arg(long)]
        no_cache: bool,
        #[command(flatten)]
        edition: EditionArg,
    },
    /// Start a book: book.toml, a first lesson with its script, .gitignore and its record;
    /// in a course in the rustlab layout (notebooks/, lessons/), only book.toml. Never
    /// overwrites a file.
    Init {
        /// The folder (created if missing).
        #[arg(default_value = ".")]
        dir: PathBuf,
        /// Also write a CI workflow: `github` (GitHub Actions: check pull requests, build
        /// and deploy main to GitHub Pages).
        #[arg(long, value_enum)]
        ci: Option<crate::init::Ci>,
    },
    /// Run one rlab script the way `rustlab run` does (assignments echo unless suppressed).
    Run {
        /// The script to run; `run` and `savefig` paths are relative to its folder.
        file: PathBuf,
        /// Plot output: figures are only written by `savefig` (accepted for rustlab
        /// compatibility; `none` is the only value).
        #[arg(long, value_parser = ["none"], default_value = "none", hide_possible_values = true)]
        plot: String,
        /// Seed the random stream (default: OS entropy, like rustlab).
        #[arg(long)]
        seed: Option<u64>,
    },
}

/// Which edition to write.
#[derive(clap::Args, Debug)]
struct EditionArg {
    /// `teacher` (solutions shown) or `student` (solutions withheld from every output; they
    /// still run and are checked against the record), instead of book.toml's
    /// `[edition] default` (itself `teacher` by default).
    #[arg(long, value_name = "EDITION", value_parser = crate::config::Edition::parse)]
    edition: Option<crate::config::Edition>,
}

/// Where the book is and how strict the record check is.
#[derive(clap::Args, Debug)]
struct BookArgs {
    /// The book's root directory (with `book.toml`, or the default layout).
    #[arg(default_value = ".")]
    dir: PathBuf,
    /// A lesson without a record is an error instead of being recorded (implied when the
    /// environment variable CI is set).
    #[arg(long)]
    locked: bool,
    /// Also write the drift report as JSON to this file.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
    /// Neither read nor write the book's cache (`.rlbook/`): run and render everything and
    /// write the whole site.
    #[arg(long)]
    no_cache: bool,
    /// Also check every http(s) link of the lessons over the network (answers are cached
    /// in `.rlbook/` for a day).
    #[arg(long)]
    check_external: bool,
    /// How to print diagnostics: `human` text on standard error, or `json`, one object per
    /// line on standard output (for editors and CI annotations).
    #[arg(long, value_enum, default_value_t = MessageFormat::Human)]
    message_format: MessageFormat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum MessageFormat {
    Human,
    Json,
}

impl MessageFormat {
    fn format(self) -> Format {
        match self {
            MessageFormat::Human => Format::Human,
            MessageFormat::Json => Format::Json,
        }
    }
}

/// Parse the command line, run the command, and give the exit status.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Run {
            file,
            plot: _,
            seed,
        } => run_script(&file, seed),
        Command::Build {
            book,
            strict,
            formats,
            edition,
        } => run_pipeline(&book, Goal::Build, strict, formats, edition.edition),
        Command::Check { book } => run_pipeline(&book, Goal::Check, false, Vec::new(), None),
        Command::Serve {
            dir,
            port,
            open,
            host,
            no_cache,
            edition,
        } => {
            let opts = crate::serve::ServeOptions {
                root: dir,
                port,
                host,
                open,
                cache: !no_cache,
                edition: edition.edition,
            };
            match crate::serve::run(&opts) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e:#}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Init { dir, ci } => init(crate::init::Options { dir, ci }),
        Command::Bless { lessons, dir } => {
            let result = build::bless(&dir, &lessons).map(|lines| {
                for line in &lines {
                    eprintln!("{line}");
                }
                Summary {
                    line: format!("blessed {} lesson(s)", lines.len()),
                    diagnostics: Vec::new(),
                }
            });
            report(result, Format::Human)
        }
    }
}

/// True when the environment says this is CI (`CI` set to anything but empty/0/false).
fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !matches!(v.trim(), "" | "0" | "false" | "False" | "FALSE"))
}

fn run_pipeline(
    book: &BookArgs,
    goal: Goal,
    strict: bool,
    formats: Vec<crate::config::Format>,
    edition: Option<crate::config::Edition>,
) -> ExitCode {
    let opts = build::Options {
        formats: (!formats.is_empty()).then_some(formats),
        root: book.dir.clone(),
        goal,
        strict,
        locked: book.locked || in_ci(),
        report: book.report.clone(),
        cache: !book.no_cache,
        check_external: book.check_external,
        edition,
    };
    report(build::run(&opts), book.message_format.format())
}

/// Print the diagnostics, then the summary: on standard output when all went well, as an
/// `error:` line on standard error when not (in JSON mode the summary goes to standard
/// error either way, so that standard output holds JSON only).
fn report(result: Result<Summary, build::Failure>, format: Format) -> ExitCode {
    match result {
        Ok(summary) => {
            diagnostic::print(&summary.diagnostics, format);
            match format {
                Format::Human => println!("{}", summary.line),
                Format::Json => eprintln!("{}", summary.line),
            }
            ExitCode::SUCCESS
        }
        Err(failure) => {
            diagnostic::print(&failure.diagnostics, format);
            eprintln!("error: {}", failure.summary);
            ExitCode::FAILURE
        }
    }
}

fn init(opts: crate::init::Options) -> ExitCode {
    match crate::init::init(&opts) {
        Ok(report) => {
            if report.course {
                println!("found a course in the rustlab layout (notebooks/, lessons/)");
            }
            for name in &report.written {
                println!("wrote {}", opts.dir.join(name).display());
            }
            println!("{}", report.next);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
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
            eprintln!("{}", err.rendered());
            ExitCode::FAILURE
        }
    }
}
