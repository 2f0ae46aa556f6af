//! The rlab language: lexer, parser, values, evaluator, builtins, display formats, random
//! stream and figure model. [`Session`] is the whole public surface: a caller creates one
//! per lesson (or script), runs blocks or files in it, and receives printed text, figures and
//! errors. Nothing here knows about books, Markdown or HTML.

// Debian's WebAssembly toolchain (rustc-web) is older than the native one; `scripts/build-wasm`
// sets `rlab_older_rustc` and `RUSTC_BOOTSTRAP=1` so it accepts the language features this
// code uses that it has not stabilised yet.
#![cfg_attr(rlab_older_rustc, feature(let_chains, unsigned_is_multiple_of))]

/// `Zip::par_map_collect` where the `parallel` feature is on, the serial `map_collect`
/// otherwise: element by element either way, so both give the same bits.
macro_rules! par_map_collect {
    ($zip:expr, $f:expr) => {{
        #[cfg(feature = "parallel")]
        let collected = $zip.par_map_collect($f);
        #[cfg(not(feature = "parallel"))]
        let collected = $zip.map_collect($f);
        collected
    }};
}

/// `zip.for_each(f)`, over several threads where the `parallel` feature is on (each element
/// on its own, so the result does not depend on the split).
macro_rules! par_for_each {
    ($zip:expr, $f:expr) => {{
        #[cfg(feature = "parallel")]
        $zip.par_for_each($f);
        #[cfg(not(feature = "parallel"))]
        $zip.for_each($f);
    }};
}

pub mod ast;
pub(crate) mod builtins;
pub mod display;
pub mod error;
pub(crate) mod eval;
pub mod format;
pub(crate) mod grad;
pub mod host;
pub(crate) mod lexer;
pub mod limits;
pub mod markup;
pub mod names;
pub(crate) mod ops;
pub(crate) mod parser;
pub mod plot;
pub mod rng;
pub mod source;
pub mod value;

pub use error::{ErrorKind, LangError};
pub use eval::{Config, FileRun, Mode, PrintCall, PrintItem, StatementStart};
pub use limits::Limits;
pub use plot::model::{Animation, Figure};

use eval::Interp;
use rng::Rng;
use std::path::Path;

/// Parse `code` without running it: the first lex or parse error, if any (for tools and
/// tests; spans refer to source id 0).
pub fn check_syntax(code: &str) -> Result<(), LangError> {
    parser::parse_program(code, 0).map(|_| ())
}

/// An error of a run: the language's error, where it stands and its excerpt.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RunError {
    pub error: LangError,
    /// The file the error is in, as messages name it (`content/12-x.md`); empty when unknown.
    pub file: String,
    /// Line in that file (block lines mapped to file lines), 0 when unknown.
    pub line: u32,
    pub col: u32,
    /// The source line with its caret and the message's further lines; empty when none.
    pub excerpt: String,
}

impl RunError {
    /// The message's first line, without the place (`undefined variable 'q'`).
    pub fn message(&self) -> String {
        source::first_line(&self.error)
    }

    /// `file:line:col: message`, the source line and a caret: the text `rlbook run` prints.
    pub fn rendered(&self) -> String {
        let message = self.message();
        source::rendered(&self.file, self.line, self.col, &message, &self.excerpt)
    }
}

/// Where an inline expression stands: its file, the line and column where the expression
/// starts, and that whole line (shown in error excerpts).
#[derive(Clone, Copy, Debug)]
pub struct InlineSite<'a> {
    pub file: &'a str,
    pub line: u32,
    pub col: u32,
    pub line_text: &'a str,
}

/// What one block printed and drew.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BlockOutput {
    /// Printed text, untrimmed.
    pub text: String,
    /// Figures captured after the block (spec §1.3), `savefig` snapshots first.
    pub figures: Vec<Figure>,
    /// Animations `saveanim` made during the block, in order.
    pub animations: Vec<Animation>,
    /// The first error, which stopped the block (earlier output is kept).
    pub error: Option<RunError>,
    /// Every `print` call, argument by argument (for tables of labelled values).
    pub prints: Vec<PrintCall>,
    /// Where each top-level statement began, in order (to trace output to source lines).
    pub statements: Vec<StatementStart>,
}

/// One interpreter state: variables, functions, random stream, figures. `clone()` takes a
/// snapshot that can be resumed later (e.g. to re-run a lesson from a changed block on).
#[derive(Clone)]
pub struct Session {
    interp: Interp,
}

impl Session {
    /// A session seeded with `seed`, or from the host's entropy when `None` (as rustlab
    /// starts).
    pub fn new(config: Config, seed: Option<u64>) -> Session {
        let rng = Rng::seeded(seed.unwrap_or_else(|| config.host.entropy()));
        Session {
            interp: Interp::new(config, rng),
        }
    }

    /// Run one notebook block: reset the figure (unless hold is on), parse the whole block,
    /// then run its statements until the first error.
    pub fn run_block(&mut self, file: &str, first_line: u32, code: &str) -> BlockOutput {
        self.interp.figures.begin_block();
        let result = self.run_text(file, first_line, code);
        BlockOutput {
            text: self.take_output(),
            figures: self.interp.figures.end_block(),
            animations: std::mem::take(&mut self.interp.figures.animations),
            error: result.err(),
            prints: std::mem::take(&mut self.interp.prints),
            statements: std::mem::take(&mut self.interp.statements),
        }
    }

    /// Run a script's text in script mode semantics of capture: only the figures `savefig`
    /// saved are returned (a script draws nothing else).
    pub fn run_script_source(&mut self, file: &str, code: &str) -> BlockOutput {
        self.interp.figures.begin_block();
        let result = self.run_text(file, 1, code);
        let figures = std::mem::take(&mut self.interp.figures.snapshots);
        BlockOutput {
            text: self.take_output(),
            figures,
            animations: std::mem::take(&mut self.interp.figures.animations),
            error: result.err(),
            prints: std::mem::take(&mut self.interp.prints),
            statements: std::mem::take(&mut self.interp.statements),
        }
    }

    /// Run a whole script file, relative paths resolving against its directory.
    pub fn run_file(&mut self, path: &Path) -> Result<(), RunError> {
        let name = path.display().to_string();
        let text = (self.interp.config.host.read_source(path)).map_err(|e| {
            let message = match e {
                host::HostError::Io(e) => format!("cannot read {name}: {e}"),
                other => other.message("run", "read", &name),
            };
            self.run_error(LangError::runtime(message))
        })?;
        self.run_text(&name, 1, &text)
    }

    /// Parse and run `code` as a source named `file` whose first line is `first_line`.
    pub fn run_text(&mut self, file: &str, first_line: u32, code: &str) -> Result<(), RunError> {
        let source = self.interp.sources.add(file, code, first_line);
        let _alloc = limits::AllocScope::new(self.interp.config.limits.max_alloc_bytes);
        self.interp.start_run();
        let result =
            parser::parse_program(code, source).and_then(|program| self.interp.exec_top(&program));
        result.map_err(|e| self.run_error(e))
    }

    /// Evaluate `expr` for prose interpolation: its display text, or `sprintf(fmt, value)`.
    /// `site` says where the expression stands, for error messages.
    pub fn interpolate(
        &mut self,
        site: &InlineSite<'_>,
        expr: &str,
        fmt: Option<&str>,
    ) -> Result<String, RunError> {
        self.evaluate_with(site, expr, |value| match fmt {
            None => Ok(display::value(&value)),
            Some(f) => format::sprintf(f, &[crate::ops::widened(&value)]),
        })
    }

    /// Evaluate the expression `expr`, which stands at `site`, to its value.
    pub fn evaluate(
        &mut self,
        site: &InlineSite<'_>,
        expr: &str,
    ) -> Result<value::Value, RunError> {
        self.evaluate_with(site, expr, Ok)
    }

    fn evaluate_with<T>(
        &mut self,
        site: &InlineSite<'_>,
        expr: &str,
        then: impl FnOnce(value::Value) -> Result<T, LangError>,
    ) -> Result<T, RunError> {
        let at = (site.line, site.col);
        let source = self
            .interp
            .sources
            .add_embedded(site.file, expr, at, site.line_text);
        let _alloc = limits::AllocScope::new(self.interp.config.limits.max_alloc_bytes);
        self.interp.start_run();
        let result = parser::parse_expression(expr, source)
            .and_then(|e| self.interp.eval_inline(&e))
            .and_then(then);
        result.map_err(|e| self.run_error(e))
    }

    /// Printed text not yet taken.
    pub fn take_output(&mut self) -> String {
        std::mem::take(&mut self.interp.out)
    }

    /// The files the session read through the host since the last call (`run` and `import`
    /// sources, data files `load` and its kin read; not files `save` kept in the session), in
    /// the order they were read.
    pub fn take_files_run(&mut self) -> Vec<FileRun> {
        std::mem::take(&mut self.interp.files_run)
    }

    /// Stop runs once `cancel` is set (replacing the flag the session was created with): a
    /// resumed snapshot obeys the cancel flag of the rebuild that resumes it.
    pub fn set_cancel(&mut self, cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>) {
        self.interp.config.cancel = cancel;
    }

    /// Declare the value `widget(name)` returns from now on: the embedder calls it for each
    /// ```` ```rustlab-widget ```` fence (with the fence's `default`, a Scalar for a slider
    /// or number widget, a string for an option widget).
    pub fn set_widget(&mut self, name: &str, value: value::Value) {
        self.interp.session.widgets.insert(name.to_string(), value);
    }

    /// The current value of a variable, if defined.
    pub fn variable(&self, name: &str) -> Option<&value::Value> {
        self.interp.vars.get(name)
    }

    fn run_error(&self, error: LangError) -> RunError {
        let at = self.interp.sources.locate(&error);
        RunError {
            error,
            file: at.file,
            line: at.line,
            col: at.col,
            excerpt: at.excerpt,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cloned_session_resumes_identically() {
        let mut a = Session::new(Config::default(), Some(3));
        assert!(
            a.run_block(
                "t",
                1,
                "x = randn(2); function y = f(t)\n y = t + 1;\nend\n"
            )
            .error
            .is_none()
        );
        let mut b = a.clone();
        let next = "print(f(x(1)), randn())\n";
        let (out_a, out_b) = (a.run_block("t", 4, next), b.run_block("t", 4, next));
        assert_eq!(out_a.text, out_b.text);
        assert!(!out_a.text.is_empty());
    }

    #[test]
    fn integers_interpolate_bare_and_formatted() {
        let mut s = Session::new(Config::default(), Some(1));
        let site = InlineSite {
            file: "t.md",
            line: 1,
            col: 1,
            line_text: "",
        };
        assert_eq!(s.interpolate(&site, "uint8(300)", None).unwrap(), "255");
        let text = s.interpolate(&site, "0xff", Some("%.1f")).unwrap();
        assert_eq!(text, "255.0");
    }

    #[test]
    fn files_read_by_run_are_reported_once() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("dep.rlab"), "y = 2;\n").unwrap();
        let config = Config {
            base_dir: dir.path().to_path_buf(),
            ..Config::default()
        };
        let mut s = Session::new(config, Some(1));
        let out = s.run_block("t", 1, "run \"dep.rlab\"\nrun \"missing.rlab\"\n");
        assert!(out.error.is_some());
        let files = s.take_files_run();
        assert_eq!(files.len(), 2, "{files:?}");
        assert_eq!(files[0].path, dir.path().join("dep.rlab"));
        assert_eq!(files[0].text(), Some("y = 2;\n"));
        assert_eq!(files[1].path, dir.path().join("missing.rlab"));
        assert_eq!(files[1].contents, None);
        assert!(s.take_files_run().is_empty());
        assert!(s.variable("y").is_some());
    }

    #[test]
    fn data_files_load_reads_are_reported_with_their_bytes_and_kept_files_are_not() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("d.csv"), "1,2\n3,4\n").unwrap();
        let config = Config {
            base_dir: dir.path().to_path_buf(),
            ..Config::default()
        };
        let writing = Config {
            write_files: true,
            ..config.clone()
        };
        let saved =
            Session::new(writing, Some(1)).run_block("t", 1, "save(\"m.npy\", [1 2; 3 4])\n");
        assert!(saved.error.is_none(), "{:?}", saved.error);
        let npy = std::fs::read(dir.path().join("m.npy")).unwrap();
        let mut s = Session::new(config, Some(1));
        let code = "a = load(\"m.npy\");\nb = load(\"d.csv\");\nsave(\"k.csv\", a + b)\n\
                    c = load(\"k.csv\");\nd = load(\"none.npy\");\n";
        let out = s.run_block("t", 1, code);
        assert!(
            out.error
                .is_some_and(|e| e.error.message.contains("none.npy"))
        );
        assert!(s.variable("c").is_some(), "the kept file was read back");
        let files = s.take_files_run();
        let got: Vec<_> = files
            .iter()
            .map(|f| (f.path.clone(), f.contents.clone()))
            .collect();
        let expected = [
            (dir.path().join("m.npy"), Some(npy)),
            (dir.path().join("d.csv"), Some(b"1,2\n3,4\n".to_vec())),
            (dir.path().join("none.npy"), None),
        ];
        assert_eq!(got, expected, "k.csv was kept in the session, not read");
        assert_eq!(files[0].text(), None, "an .npy file is not text");
        assert_eq!(files[1].text(), Some("1,2\n3,4\n"));
    }

    #[test]
    fn a_resumed_snapshot_obeys_its_new_cancel_flag() {
        use std::sync::Arc;
        use std::sync::atomic::AtomicBool;
        let old = Arc::new(AtomicBool::new(false));
        let config = Config {
            cancel: Some(Arc::clone(&old)),
            ..Config::default()
        };
        let mut a = Session::new(config, Some(1));
        assert!(a.run_block("t", 1, "x = 1;\n").error.is_none());
        old.store(true, std::sync::atomic::Ordering::Relaxed);
        let mut b = a.clone();
        let looping = "for k = 1:1000\n  x = x + k;\nend\n";
        let cancelled = b.run_block("t", 2, looping).error.map(|e| e.error.message);
        assert_eq!(cancelled.as_deref(), Some("run cancelled"));
        a.set_cancel(Some(Arc::new(AtomicBool::new(false))));
        assert!(a.run_block("t", 2, looping).error.is_none());
        assert!(a.variable("x").is_some());
    }
}
