//! The commands `rlbook build`, `check` and `bless`: one pass of the [pipeline](crate::pipeline)
//! each. Every failure a user can cause is collected and reported together; nothing is
//! written when anything fails (records only when the book ran without errors).
//!
//! Runs and pages come from the book's cache (`.rlbook/`) where they still stand, and a site
//! equal to the one on disk is not written again; `--no-cache` does everything afresh and
//! neither reads nor writes the cache.

use crate::book::Book;
use crate::cache::Cache;
use crate::diagnostic::{Diagnostic, Kind};
use crate::exec;
use crate::pipeline::publish::Folder;
use crate::pipeline::{Engine, Goal, Pass, Records, Request, summary};
use crate::record::{self, drift::Drift};
use anyhow::Result;
use std::path::{Path, PathBuf};

#[derive(Clone, Debug)]
pub(crate) struct Options {
    pub root: PathBuf,
    pub goal: Goal,
    /// Broken links and math errors fail the build.
    pub strict: bool,
    /// A lesson without a record is an error instead of being recorded (CI, `--locked`).
    pub locked: bool,
    /// Also write the drift as JSON here.
    pub report: Option<PathBuf>,
    /// Use the book's cache (`.rlbook/`); false for `--no-cache`.
    pub cache: bool,
    /// The formats to write instead of the book's (`--format`).
    pub formats: Option<Vec<crate::config::Format>>,
    /// Check the lessons' http(s) links too (`--check-external`).
    pub check_external: bool,
    /// The edition to write instead of the book's default (`--edition`).
    pub edition: Option<crate::config::Edition>,
}

/// Why a command failed: every diagnostic, in order, and the summary line.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Failure {
    pub diagnostics: Vec<Diagnostic>,
    pub summary: String,
}

/// What a successful command did.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Summary {
    pub line: String,
    /// Notes and warnings to show before the summary line.
    pub diagnostics: Vec<Diagnostic>,
}

/// `rlbook build` or `rlbook check`: one pass, the site written to the book's output folder.
pub(crate) fn run(opts: &Options) -> Result<Summary, Failure> {
    let request = Request {
        goal: opts.goal,
        strict: opts.strict,
        records: if opts.locked {
            Records::Locked
        } else {
            Records::Write
        },
        check_external: opts.check_external,
    };
    let mut engine = Engine::new(&opts.root, opts.cache)
        .showing_progress()
        .edition(opts.edition);
    if let Some(formats) = &opts.formats {
        engine = engine.writing(formats.clone());
    }
    let cache = Cache::new(engine.root(), opts.cache);
    let mut sink = Folder::new(cache);
    let Some(mut pass) = engine.pass(&request, &mut sink, None) else {
        return Err(fail(Vec::new(), "the build was cancelled"));
    };
    if let Some(path) = &opts.report
        && pass.counts.is_some()
        && let Err(e) = write_report(path, &pass.drifts)
    {
        pass.diagnostics
            .extend(Diagnostic::of_error(Kind::Record, &e));
    }
    finish(pass, opts.goal)
}

fn finish(pass: Pass, goal: Goal) -> Result<Summary, Failure> {
    if pass.failed() {
        let summary = summary::failure(&pass);
        return Err(fail(pass.diagnostics, summary));
    }
    let line = match goal {
        Goal::Check => summary::checked(&pass),
        _ => summary::built(&pass),
    };
    Ok(Summary {
        line,
        diagnostics: pass.diagnostics,
    })
}

fn fail(diagnostics: Vec<Diagnostic>, summary: impl Into<String>) -> Failure {
    Failure {
        diagnostics,
        summary: summary.into(),
    }
}

/// The drift as JSON: `{"drift": [{file, line, entry, kind, ...}], "messages": [...]}`.
fn write_report(path: &Path, drifts: &[Drift]) -> Result<()> {
    let report = serde_json::json!({
        "drift": drifts,
        "messages": drifts.iter().map(ToString::to_string).collect::<Vec<_>>(),
    });
    let text = serde_json::to_string_pretty(&report)?;
    std::fs::write(path, text + "\n")
        .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))
}

/// `rlbook bless [LESSON…]`: execute the chosen lessons (all when none is named) through the
/// pipeline's execute stage, with the book's cache, and make their outputs the record. Returns one line per lesson.
pub(crate) fn bless(root: &Path, only: &[String]) -> Result<Vec<String>, Failure> {
    let mut engine = Engine::new(root, true);
    let mut book =
        (engine.load()).map_err(|problems| fail(problems, "the book could not be loaded"))?;
    select(&mut book, only)?;
    let Some((runs, _)) = engine.execute(&book, None) else {
        return Err(fail(Vec::new(), "the run was cancelled"));
    };
    let failures = exec::failures(&book, &runs);
    if !failures.is_empty() {
        let n = failures.len();
        return Err(fail(
            failures,
            format!("{n} execution error(s); no site written"),
        ));
    }
    let mut lines = Vec::new();
    for (lesson, run) in book.lessons.iter().zip(&runs) {
        let path = record::record_path(&book, lesson);
        let display = book.config.display_path(&path);
        let current = record::current_record(lesson, run);
        let old = record::load(&path, &display).ok().flatten();
        let drift = old
            .as_ref()
            .map(|o| record::drifts(&book, lesson, run, o, &current));
        record::save(&path, &current, lesson).map_err(|e| {
            fail(
                Diagnostic::of_error(Kind::Record, &e),
                "cannot write the record",
            )
        })?;
        lines.push(match drift {
            None => format!("recorded {display} (new)"),
            Some(d) if d.is_empty() => format!("{display}: unchanged"),
            Some(d) => format!("{display}: accepted {} change(s)", recorded_changes(&d)),
        });
    }
    Ok(lines)
}

/// The drifts that are changes of the record (an embedding's drift repeats its script's).
fn recorded_changes(drifts: &[record::drift::Drift]) -> usize {
    let repeated =
        |d: &&record::drift::Drift| matches!(d.kind, record::drift::DriftKind::Embedded { .. });
    drifts.len() - drifts.iter().filter(repeated).count()
}

/// Keep only the named lessons (by slug or file name).
fn select(book: &mut Book, only: &[String]) -> Result<(), Failure> {
    if only.is_empty() {
        return Ok(());
    }
    let named = |l: &crate::book::Lesson, name: &str| l.slug == name || l.display.ends_with(name);
    let unknown: Vec<Diagnostic> = only
        .iter()
        .filter(|name| !book.lessons.iter().any(|l| named(l, name)))
        .map(|name| {
            Diagnostic::error(
                Kind::Load,
                format!(
                    "no lesson named '{name}' (lessons are named by slug, e.g. \
                     12-layer-norm-and-residuals; a book in another directory is given with --dir)"
                ),
            )
        })
        .collect();
    if !unknown.is_empty() {
        return Err(fail(unknown, "unknown lesson(s)"));
    }
    book.lessons
        .retain(|l| only.iter().any(|name| named(l, name)));
    Ok(())
}
