//! The evaluator: the state of one session ([`Interp`]) and the walk over statements and
//! expressions. Split by concept: statements and control flow (`stmt`), expressions
//! (`expr`), name resolution and calls (`call`), index reads (`index`), indexed assignment
//! (`assign`).
//!
//! Everything a running program can touch lives in `Interp`: variables, user functions, the
//! random stream, figures, printed output, the source texts and the limits. Nothing is
//! process-wide, so sessions run in parallel without interfering.

mod assign;
mod call;
mod expr;
mod index;
mod stmt;

use super::ast::FunctionDef;
use super::error::{LangError, LangResult};
use super::limits::Limits;
use super::plot::model::Figures;
use super::rng::Rng;
use super::source::SourceMap;
use super::value::{C64, Value, Workspace};
use rustc_hash::FxHashMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

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
        }
    }
}

/// One `print(...)` call: its arguments as printed, strings kept apart from values so that
/// labelled values (`print("mean:", m)`) can be listed.
#[derive(Clone, Debug, PartialEq)]
pub enum PrintItem {
    Text(String),
    Value(String),
}

/// A file a `run` statement read, with the text it found (`None` when the file could not be
/// read): what a run depended on besides its own code, for callers that cache runs.
#[derive(Clone, Debug, PartialEq)]
pub struct FileRun {
    /// The path as opened (the session's base directory joined with the name given).
    pub path: PathBuf,
    pub text: Option<String>,
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
    pub prints: Vec<Vec<PrintItem>>,
    /// Nesting of user-function and lambda calls (0 at top level).
    pub depth: usize,
    /// The value of the last `seed(N)`, which `parmap` derives worker streams from.
    pub last_seed: Option<u64>,
    /// True while `parmap` runs a task: plotting and `seed` are refused (the lambda must be
    /// pure, as in rustlab, where tasks run on other threads).
    pub in_parallel_task: bool,
    /// Files currently being executed by `run`, to refuse a file running itself.
    pub running_files: Vec<PathBuf>,
    /// Every file `run` read (or failed to read) since the caller last took them.
    pub files_run: Vec<FileRun>,
    /// Values of `end` for the index arguments being evaluated, innermost last.
    pub end_values: Vec<f64>,
    /// The tape of a running `grad` (see `crate::lang::grad`).
    pub grad: crate::lang::grad::State,
    deadline: Option<Instant>,
    ticks: u32,
}

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
            depth: 0,
            last_seed: None,
            in_parallel_task: false,
            running_files: Vec::new(),
            files_run: Vec::new(),
            end_values: Vec::new(),
            grad: Default::default(),
            deadline: None,
            ticks: 0,
        }
    }

    /// Start the clock of a run (a block, a script).
    pub(crate) fn start_run(&mut self) {
        self.deadline = self.config.limits.time.map(|t| Instant::now() + t);
        self.ticks = 0;
    }

    /// Called between statements and loop iterations: fail once the time limit has passed
    /// or the run was cancelled. Reads the clock every 64th call only.
    pub(crate) fn check_time(&mut self) -> LangResult<()> {
        self.ticks = self.ticks.wrapping_add(1);
        if !self.ticks.is_multiple_of(64) {
            return Ok(());
        }
        if let Some(flag) = &self.config.cancel
            && flag.load(Ordering::Relaxed)
        {
            return Err(LangError::limit("run cancelled"));
        }
        if let Some(deadline) = self.deadline
            && Instant::now() > deadline
        {
            let secs = self.config.limits.time.map_or(0.0, |t| t.as_secs_f64());
            return Err(LangError::limit(format!("time limit of {secs} s exceeded")));
        }
        Ok(())
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

/// The variables of a fresh workspace: `i`, `j`, `pi`, `e`, `Inf`, `NaN`, `true`, `false`.
pub(crate) fn constants() -> Workspace {
    CONSTANT_NAMES
        .iter()
        .filter_map(|name| Some((name.to_string(), constant(name)?)))
        .collect()
}

/// The names every workspace starts with (and every function call inherits from its caller).
pub(crate) const CONSTANT_NAMES: [&str; 8] = ["i", "j", "pi", "e", "Inf", "NaN", "true", "false"];

/// The initial value of a constant name.
pub(crate) fn constant(name: &str) -> Option<Value> {
    Some(match name {
        "i" | "j" => Value::Complex(C64::new(0.0, 1.0)),
        "pi" => Value::Scalar(std::f64::consts::PI),
        "e" => Value::Scalar(std::f64::consts::E),
        "Inf" => Value::Scalar(f64::INFINITY),
        "NaN" => Value::Scalar(f64::NAN),
        "true" => Value::Bool(true),
        "false" => Value::Bool(false),
        _ => return None,
    })
}

/// Whether `v` is still the initial value of the constant `name` (NaN compared by bits).
pub(crate) fn is_initial_constant(name: &str, v: &Value) -> bool {
    match (constant(name), v) {
        (Some(Value::Scalar(a)), Value::Scalar(b)) => a.to_bits() == b.to_bits(),
        (Some(c), v) => &c == v,
        (None, _) => false,
    }
}
