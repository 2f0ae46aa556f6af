//! The check stage: the execution errors of every lesson's run and, for each lesson that ran
//! without one, its drift from the committed record. What happens to a lesson without a
//! record is the request's [`Records`] policy: recorded (`build`, `check`, only when the
//! whole book ran without errors), an error (`--locked`, CI), or a note shown once (`serve`,
//! which never writes records).

use crate::book::{Book, Lesson};
use crate::diagnostic::{Diagnostic, Kind};
use crate::exec::{self, LessonRun};
use crate::record::{self, drift::Drift};
use std::collections::BTreeSet;

/// What to do with a lesson that has no record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Records {
    /// Record its outputs (when the book ran without errors).
    Write,
    /// It is an error.
    Locked,
    /// Say so once; never write.
    ReadOnly,
}

/// What the check stage found besides the diagnostics.
pub(super) struct Checked {
    /// The drift (for `--report`).
    pub drifts: Vec<Drift>,
    /// Whether each lesson's run has execution errors, index-aligned with the lessons.
    pub failed: Vec<bool>,
}

/// Check every lesson; problems go to `out`. `noted` holds the lessons already said to have
/// no record (`Records::ReadOnly`).
pub(super) fn check(
    book: &Book,
    runs: &[LessonRun],
    records: Records,
    noted: &mut BTreeSet<String>,
    out: &mut Vec<Diagnostic>,
) -> Checked {
    let failures: Vec<Vec<Diagnostic>> = (book.lessons.iter().zip(runs))
        .map(|(lesson, run)| exec::lesson_failures(lesson, run))
        .collect();
    let clean = !out.iter().any(Diagnostic::is_error) && failures.iter().all(Vec::is_empty);
    out.extend(failures.iter().flatten().cloned());
    let mut drifts = Vec::new();
    let mut unrecorded = Vec::new();
    for ((lesson, run), failed) in book.lessons.iter().zip(runs).zip(&failures) {
        if !failed.is_empty() {
            continue;
        }
        match compare(book, lesson, run) {
            Ok(Some(found)) => drifts.extend(found),
            Ok(None) => unrecorded.push(lesson),
            Err(e) => out.push(e),
        }
    }
    out.extend(drifts.iter().map(Drift::diagnostic));
    match records {
        Records::Write if clean => out.extend(unrecorded.iter().map(|l| save(book, l, runs))),
        Records::Write => {}
        Records::Locked => out.extend(unrecorded.iter().map(|l| missing(book, l))),
        Records::ReadOnly => out.extend(note_once(book, &unrecorded, noted)),
    }
    let failed = failures.iter().map(|f| !f.is_empty()).collect();
    Checked { drifts, failed }
}

/// The drift of `lesson` from its record; `None` when it has no record.
fn compare(
    book: &Book,
    lesson: &Lesson,
    run: &LessonRun,
) -> Result<Option<Vec<Drift>>, Diagnostic> {
    let path = record::record_path(book, lesson);
    let display = book.config.display_path(&path);
    let recorded = record::load(&path, &display).map_err(|e| record_error(&e))?;
    let current = record::current_record(lesson, run);
    Ok(recorded.map(|r| record::drifts(book, lesson, run, &r, &current)))
}

fn record_error(e: &anyhow::Error) -> Diagnostic {
    Diagnostic::of_error(Kind::Record, e)
        .into_iter()
        .next()
        .unwrap_or_else(|| Diagnostic::error(Kind::Record, format!("{e:#}")))
}

/// Record `lesson`'s outputs: a note, or the error that prevented it.
fn save(book: &Book, lesson: &Lesson, runs: &[LessonRun]) -> Diagnostic {
    let path = record::record_path(book, lesson);
    let display = book.config.display_path(&path);
    let index = book.lessons.iter().position(|l| l.slug == lesson.slug);
    let Some(run) = index.and_then(|i| runs.get(i)) else {
        return Diagnostic::error(Kind::Record, format!("{}: no run", lesson.display));
    };
    match record::save(&path, &record::current_record(lesson, run), lesson) {
        Ok(()) => Diagnostic::note(
            Kind::Record,
            format!("recorded {} → {display} (new record)", lesson.display),
        ),
        Err(e) => record_error(&e),
    }
}

fn missing(book: &Book, lesson: &Lesson) -> Diagnostic {
    let display = book.config.display_path(&record::record_path(book, lesson));
    let message = format!(
        "no record ({display} is missing); run `rlbook bless {}` and commit it",
        lesson.slug
    );
    Diagnostic::error(Kind::Record, message).in_file(lesson.display.clone())
}

/// The note that lessons have no record, for those not yet noted: one line for one lesson,
/// one line listing them for several.
fn note_once(book: &Book, unrecorded: &[&Lesson], noted: &mut BTreeSet<String>) -> Vec<Diagnostic> {
    let new: Vec<&&Lesson> = unrecorded
        .iter()
        .filter(|l| noted.insert(l.slug.clone()))
        .collect();
    let message = match new.as_slice() {
        [] => return Vec::new(),
        [lesson] => {
            let display = book.config.display_path(&record::record_path(book, lesson));
            format!(
                "{} has no record ({display}); serve never writes records: \
                 `rlbook build` or `rlbook bless {}` makes one",
                lesson.display, lesson.slug
            )
        }
        many => {
            let slugs: Vec<&str> = many.iter().map(|l| l.slug.as_str()).collect();
            format!(
                "{} lessons have no record; serve never writes records: \
                 `rlbook build` or `rlbook bless` makes them ({})",
                many.len(),
                slugs.join(", ")
            )
        }
    };
    vec![Diagnostic::note(Kind::Record, message)]
}
