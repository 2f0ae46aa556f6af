//! The evaluator: the state of one session ([`Interp`]) and the walk over statements and
//! expressions. Split by concept: statements and control flow (`stmt`), expressions
//! (`expr`), name resolution and calls (`call`), index reads (`index`), indexed assignment
//! (`assign`), imports and function definitions (`import`).
//!
//! Everything a running program can touch lives in `Interp`: variables, user functions, the
//! random stream, figures, printed output, the source texts and the limits. Nothing is
//! process-wide, so sessions run in parallel without interfering.

mod assign;
mod call;
mod expr;
mod fused;
mod import;
pub(crate) mod index;
mod integer;
mod kernel;
mod product;
mod scalar;
mod stmt;

use super::ast::FunctionDef;
use super::error::{LangError, LangResult};
use super::host::{NativeHost, SharedHost};
use super::limits::Limits;
use super::plot::model::Figures;
use super::rng::Rng;
use super::source::SourceMap;
use super::value::{Workspace, constants};
use rustc_hash::FxHashMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Script mode echoes unsuppressed assignments; notebook mode never does (spec §1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Script,
    Notebook,
}

/// How a session is set up.
#[derive(Clone, Debug)]
pub struct Config {
    pub mode: Mode,
    /// Directory that `run "file"` and `savefig` paths are relative to.
    pub base_dir: PathBuf,
    pub limits: Limits,
    /// Write printed text to stdout as it is produced instead of buffering it.
    pub stream_stdout: bool,
    /// Let `savefig` write files (script runs); book builds only record snapshots.
    pub write_files: bool,
    /// Set from outside to stop a run at the next statement or loop iteration.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Files and the clock (see [`crate::host`]).
    pub host: SharedHost,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            mode: Mode::Notebook,
            base_dir: PathBuf::from("."),
            limits: Limits::default(),
            stream_stdout: false,
            write_files: false,
            cancel: None,
            host: NativeHost::shared(),
        }
    }
}

/// One argument of a `print(...)` call as printed, strings kept apart from values so that
/// labelled values (`print("mean:", m)`) can be listed.
#[derive(Clone, Debug, PartialEq)]
pub enum PrintItem {
    Text(String),
    Value(String),
}

/// One `print(...)` call: where its line starts in the run's printed text (a byte offset),
/// and its arguments.
#[derive(Clone, Debug, PartialEq)]
pub struct PrintCall {
    pub offset: usize,
    pub items: Vec<PrintItem>,
}

/// Where a top-level statement of a run began: its line in the file, and how much text the
/// run had printed before it (a byte offset), so that output can be traced to source lines.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StatementStart {
    pub line: u32,
    pub offset: usize,
}

/// A file a run read through the host (a `run` or `import` statement's source, or a data file
/// `load`, `whos`, `sparameters` or `smith` read), with the bytes it found (`None` when the
/// file could not be read): what a run depended on besides its own code, for callers that
/// cache runs or ship the files with it. A file `save` kept in the session is not one.
#[derive(Clone, Debug, PartialEq)]
pub struct FileRun {
    /// The path as opened (the session's base directory joined with the name given).
    pub path: PathBuf,
    pub contents: Option<Vec<u8>>,
}

impl FileRun {
    /// The contents as text, when they were read and are UTF-8.
    pub fn text(&self) -> Option<&str> {
        std::str::from_utf8(self.contents.as_deref()?).ok()
    }
}

/// How a statement list finished, besides normally.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flow {
    Normal,
    Break,
    Continue,
    Return,
}

/// The evaluator's state: one per session. Cloning it snapshots the whole state (values are
/// shared behind `Arc`, so a snapshot is cheap).
#[derive(Clone)]
pub(crate) struct Interp {
    pub vars: Workspace,
    pub functions: FxHashMap<String, Arc<FunctionDef>>,
    pub rng: Rng,
    pub figures: Figures,
    pub sources: SourceMap,
    pub config: Config,
    /// Printed text not yet taken by the caller.
    pub out: String,
    /// The `print` calls of the current run, argument by argument.
    pub prints: Vec<PrintCall>,
    /// The top-level statements of the current run, as they started.
    pub statements: Vec<StatementStart>,
    /// Nesting of user-function and lambda calls (0 at top level).
    pub depth: usize,
    /// The value of the last `seed(N)`, which `parmap` derives worker streams from.
    pub last_seed: Option<u64>,
    /// True while `parmap` runs a task: plotting and `seed` are refused (the lambda must be
    /// pure, as in rustlab, where tasks run on other threads).
    pub in_parallel_task: bool,
    /// Files currently being executed by `run`, to refuse a file running itself.
    pub running_files: Vec<PathBuf>,
    /// Every file the run read (or failed to read) through the host since the caller last
    /// took them: `run` and `import` sources, data files.
    pub files_run: Vec<FileRun>,
    /// The files imported, the imports in progress and the functions they defined.
    pub imports: import::Imports,
    /// Values of `end` for the index arguments being evaluated, innermost last.
    pub end_values: Vec<f64>,
    /// The tape of a running `grad` (see `crate::grad`).
    pub grad: crate::grad::State,
    /// The numeric display mode `format` sets.
    pub number_format: crate::display::NumberFormat,
    /// The session's own side of the library: files `save` kept, profiling, the call cache.
    pub session: crate::builtins::SessionState,
    /// When the run must end, on the host's clock.
    deadline: Option<Duration>,
    ticks: u32,
    /// How many evaluations and blocks are running inside each other (see [`Interp::nested`]).
    nesting: usize,
}

/// Every this many levels of nesting, [`Interp::nested`] checks the remaining stack.
const STACK_CHECK_EVERY: usize = 8;
/// Below this much remaining stack (enough for [`STACK_CHECK_EVERY`] levels and the builtin
/// running beneath them), evaluation moves to a fresh stack segment of `STACK_GROWTH`, so deep
/// nesting and recursion end in a clean error, never a stack overflow.
const STACK_RED_ZONE: usize = 256 * 1024;
const STACK_GROWTH: usize = 4 * 1024 * 1024;

/// How many checks of the time limit pass between two reads of the clock (and of the
/// cancel flag). A read costs ~30 ns on a Linux machine, as much as ten iterations of a
/// compiled scalar loop; 256 such iterations take a few microseconds, so a limit or a
/// cancellation still takes effect at once.
const CLOCK_EVERY: u32 = 256;

impl Interp {
    pub(crate) fn new(config: Config, rng: Rng) -> Interp {
        Interp {
            vars: constants(),
            functions: FxHashMap::default(),
            rng,
            figures: Figures::default(),
            sources: SourceMap::default(),
            config,
            out: String::new(),
            prints: Vec::new(),
            statements: Vec::new(),
            depth: 0,
            last_seed: None,
            in_parallel_task: false,
            running_files: Vec::new(),
            files_run: Vec::new(),
            imports: import::Imports::default(),
            end_values: Vec::new(),
            grad: Default::default(),
            number_format: Default::default(),
            session: Default::default(),
            deadline: None,
            ticks: 0,
            nesting: 0,
        }
    }

    /// Start the clock of a run (a block, a script).
    pub(crate) fn start_run(&mut self) {
        let limit = self.config.limits.time;
        self.deadline = limit.and_then(|t| Some(self.config.host.elapsed()? + t));
        self.ticks = 0;
    }

    /// Called between statements and loop iterations: fail once the time limit has passed
    /// or the run was cancelled. Reads the clock every [`CLOCK_EVERY`]th call only.
    #[inline]
    pub(crate) fn check_time(&mut self) -> LangResult<()> {
        self.ticks = self.ticks.wrapping_add(1);
        if !self.ticks.is_multiple_of(CLOCK_EVERY) {
            return Ok(());
        }
        self.check_time_now()
    }

    /// [`Interp::check_time`]'s every [`CLOCK_EVERY`]th call: the cancel flag and the clock.
    #[cold]
    fn check_time_now(&mut self) -> LangResult<()> {
        if let Some(flag) = &self.config.cancel
            && flag.load(Ordering::Relaxed)
        {
            return Err(LangError::limit("run cancelled"));
        }
        if let Some(deadline) = self.deadline
            && self.config.host.elapsed().is_some_and(|now| now > deadline)
        {
            let secs = self.config.limits.time.map_or(0.0, |t| t.as_secs_f64());
            return Err(LangError::limit(format!("time limit of {secs} s exceeded")));
        }
        Ok(())
    }

    /// Wait `wait` on the host's clock for `sleep`; a wait that would pass the time limit
    /// fails at once with the limit's error, as the run would after waiting.
    pub(crate) fn pause(&mut self, wait: Duration) -> LangResult<()> {
        if let Some(deadline) = self.deadline
            && let Some(now) = self.config.host.elapsed()
            && now + wait > deadline
        {
            let secs = self.config.limits.time.map_or(0.0, |t| t.as_secs_f64());
            return Err(LangError::limit(format!("time limit of {secs} s exceeded")));
        }
        self.config.host.pause(wait);
        Ok(())
    }

    /// Run `body` one level of nesting deeper (an expression inside an expression, a block
    /// inside a statement), checking the stack on every [`STACK_CHECK_EVERY`]th level only:
    /// the check costs more than a scalar operation.
    pub(crate) fn nested<T>(&mut self, body: impl FnOnce(&mut Interp) -> T) -> T {
        self.nesting += 1;
        let out = if self.nesting.is_multiple_of(STACK_CHECK_EVERY) {
            crate::limits::with_stack(STACK_RED_ZONE, STACK_GROWTH, || body(self))
        } else {
            body(self)
        };
        self.nesting -= 1;
        out
    }

    /// Print a line of program output.
    pub(crate) fn print_line(&mut self, text: &str) {
        if self.config.stream_stdout {
            let mut stdout = std::io::stdout().lock();
            // A closed stdout (e.g. `| head`) must not abort the program.
            let _ = writeln!(stdout, "{text}");
        } else {
            self.out.push_str(text);
            self.out.push('\n');
        }
    }

    /// Print text without adding a newline (`fprintf`).
    pub(crate) fn print_raw(&mut self, text: &str) {
        if self.config.stream_stdout {
            let _ = std::io::stdout().lock().write_all(text.as_bytes());
        } else {
            self.out.push_str(text);
        }
    }

    /// True while executing inside a user function or lambda (echo and display are off).
    pub(crate) fn in_function(&self) -> bool {
        self.depth > 0
    }
}

/// What a block prints, then its error with its position when it fails (for tests that
/// compare a fast path's output with the general path's).
#[cfg(test)]
pub(crate) fn printed_or_error(code: &str) -> String {
    let mut session = crate::Session::new(crate::Config::default(), Some(0));
    let out = session.run_block("t.md", 1, code);
    match out.error {
        Some(err) => format!("{}error: {}", out.text, err.rendered()),
        None => out.text,
    }
}
