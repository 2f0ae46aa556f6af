//! Execution of a book: each lesson in its own fresh session (lessons in parallel, blocks in
//! document order, inline values evaluated where they stand), each standalone script in a
//! session of its own. Produces outputs only; knows nothing of HTML or the record. Runs can
//! be reused from the book's persistent cache ([`cached`]) and resumed from a saved session
//! ([`notebook`]).

pub mod cached;
pub mod embedded;
pub mod exercise;
pub(crate) mod host;
pub mod labels;
pub mod notebook;

pub use labels::{LabelledValue, labelled_values};

use crate::book::script::Script;
use crate::book::{Book, Lesson};
use crate::config::Config;
use crate::diagnostic::{Diagnostic, Kind};
use rlab::{Animation, Figure, FileRun, Mode, RunError, Session};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// What one code block produced.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BlockRun {
    /// False for `no_run` blocks.
    pub executed: bool,
    /// Printed text, trimmed at both ends (as rustlab-notebook shows it).
    pub text: String,
    pub figures: Vec<Figure>,
    /// The animations it made (`saveanim`), after its figures.
    pub animations: Vec<Animation>,
    /// The error that stopped the block, if any.
    pub error: Option<RunError>,
    /// Labelled values it printed.
    pub values: Vec<LabelledValue>,
}

/// The value of one `${…}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct InlineRun {
    pub value: Result<String, RunError>,
}

/// What one standalone script printed and drew.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ScriptRun {
    pub text: String,
    pub figures: Vec<Figure>,
    pub error: Option<RunError>,
    pub values: Vec<LabelledValue>,
    /// For each line of `text`, the script line of the top-level statement that printed it.
    pub printed_by: Vec<u32>,
    /// The files it read that could be read (`run` and `import` sources, data files `load`
    /// read): its page ships them for live runs.
    #[serde(default)]
    pub files: Vec<std::path::PathBuf>,
}

/// Everything a lesson produced, indexed like the lesson's blocks, inlines and scripts.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LessonRun {
    pub blocks: Vec<BlockRun>,
    pub inlines: Vec<InlineRun>,
    pub scripts: Vec<ScriptRun>,
    /// What each exercise's check read (index-aligned with the lesson's exercises).
    #[serde(default)]
    pub exercises: Vec<exercise::ExerciseRun>,
    /// The files each step of the notebook (its blocks, inline values and exercise checks in
    /// the order they ran, [`notebook::steps`]) read that could be read: `run` and `import` sources, data
    /// files `load` read. The page ships those of the steps it holds for its live runs.
    #[serde(default)]
    pub files: Vec<Vec<std::path::PathBuf>>,
}

pub(crate) fn session(
    config: &Config,
    mode: Mode,
    base_dir: &Path,
    cancel: Option<&Arc<AtomicBool>>,
) -> Session {
    let lang_config = rlab::Config {
        mode,
        base_dir: base_dir.to_path_buf(),
        limits: rlab::Limits {
            time: Some(config.exec.time_limit),
            max_alloc_bytes: config.exec.max_alloc_bytes,
            max_call_depth: config.exec.max_call_depth,
        },
        stream_stdout: false,
        write_files: false,
        cancel: cancel.cloned(),
        host: host::BookHost::shared(config),
    };
    Session::new(lang_config, Some(config.exec.seed))
}

/// Run a standalone script the way `rlbook run` does (script mode, its own session),
/// capturing output and the figures it saves; stopped early once `cancel` is set. Also gives
/// the files the script read (`run`, `import`, data files).
pub fn run_script_reporting_files(
    config: &Config,
    script: &Script,
    cancel: Option<&Arc<AtomicBool>>,
) -> (ScriptRun, Vec<FileRun>) {
    let dir = script.path.parent().unwrap_or(Path::new("."));
    let mut session = session(config, Mode::Script, dir, cancel);
    let out = session.run_script_source(&script.display, &script.source);
    let text = out.text.trim_end().to_string();
    let read = session.take_files_run();
    let run = ScriptRun {
        printed_by: printed_by(&text, &out.statements),
        values: labelled_values(&out.text, &out.prints),
        text,
        figures: out.figures,
        error: out.error,
        files: readable(&read),
    };
    (run, read)
}

/// The distinct paths of `files` that could be read, in the order first read.
pub(crate) fn readable(files: &[FileRun]) -> Vec<std::path::PathBuf> {
    let mut paths = Vec::new();
    for f in files.iter().filter(|f| f.contents.is_some()) {
        if !paths.contains(&f.path) {
            paths.push(f.path.clone());
        }
    }
    paths
}

/// For each line of `text`, the line of the last statement that started before the line did
/// (0 when none did).
fn printed_by(text: &str, statements: &[rlab::StatementStart]) -> Vec<u32> {
    let mut offset = 0;
    let mut next = 0;
    let mut line = 0;
    let mut out = Vec::new();
    for printed in text.split('\n') {
        while let Some(s) = statements.get(next).filter(|s| s.offset <= offset) {
            line = s.line;
            next += 1;
        }
        out.push(line);
        offset += printed.len() + 1;
    }
    if text.is_empty() {
        out.clear();
    }
    out
}

/// Every failure in the runs that must stop the build: errors of blocks not marked
/// `should_error`, `should_error` blocks that ran cleanly, inline values that failed,
/// scripts that failed. In lesson order, then document order.
pub fn failures(book: &Book, runs: &[LessonRun]) -> Vec<Diagnostic> {
    (book.lessons.iter().zip(runs))
        .flat_map(|(lesson, run)| lesson_failures(lesson, run))
        .collect()
}

/// The failures of one lesson's run, as [`failures`].
pub fn lesson_failures(lesson: &Lesson, run: &LessonRun) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (block, r) in lesson.blocks.iter().zip(&run.blocks) {
        match (&r.error, block.attrs.should_error) {
            (Some(e), false) => out.push(Diagnostic::of_run_error(e)),
            (None, true) if r.executed => {
                let message = format!(
                    "block {} is marked should_error but ran without an error",
                    block.index + 1
                );
                let (file, line) = lesson.place(block.fence_line);
                out.push(
                    Diagnostic::error(Kind::Exec, message)
                        .in_file(file)
                        .on_line(line, 1),
                );
            }
            _ => {}
        }
    }
    let inline_errors = run.inlines.iter().filter_map(|r| r.value.as_ref().err());
    let script_errors = run.scripts.iter().filter_map(|r| r.error.as_ref());
    out.extend(
        inline_errors
            .chain(script_errors)
            .map(Diagnostic::of_run_error),
    );
    out.extend(exercise::failures(lesson, &run.exercises));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_printed_line_is_traced_to_its_statement() {
        let config = Config::parse(Path::new("/book"), "", "book.toml").unwrap();
        let script = crate::book::script::Script {
            path: "/book/content/01-a/s.rlab".into(),
            display: "content/01-a/s.rlab".into(),
            file_name: "s.rlab".into(),
            name: "s".into(),
            description: String::new(),
            source:
                "% header\nprint(\"a\")\n\nfor k = 1:2\n  print(\"k =\", k)\nend\nprint(\"z\")\n"
                    .into(),
            regions: Vec::new(),
        };
        let (run, _) = run_script_reporting_files(&config, &script, None);
        assert_eq!(run.text, "a\nk = 1\nk = 2\nz");
        assert_eq!(run.printed_by, [2, 4, 4, 7]);
        let lines: Vec<usize> = run.values.iter().map(|v| v.line).collect();
        assert_eq!(lines, [1, 2]);
    }

    fn lesson(source: &str) -> Lesson {
        let path = std::path::PathBuf::from("/book/content/01-a.md");
        Lesson::parse(path, "content/01-a.md".into(), source.into(), Vec::new()).unwrap()
    }

    #[test]
    fn a_set_cancel_flag_stops_a_run_and_an_unset_one_does_not() {
        let config = Config::parse(Path::new("/book"), "", "book.toml").unwrap();
        let lesson = lesson("```rlab\nx = 0;\nfor k = 1:1000\n  x = x + k;\nend\nprint(x)\n```\n");
        let unset = Arc::new(AtomicBool::new(false));
        let blocks =
            notebook::run_notebook_from(&config, &lesson, None, false, Some(&unset)).blocks;
        assert_eq!(blocks[0].error, None);
        assert_eq!(blocks[0].text, "500500");
        let set = Arc::new(AtomicBool::new(true));
        let run = notebook::run_notebook_from(&config, &lesson, None, false, Some(&set));
        let error = run.blocks[0].error.as_ref().map(|e| e.error.to_string());
        assert!(
            error.is_some_and(|e| e.contains("run cancelled")),
            "{run:?}"
        );
    }
}
