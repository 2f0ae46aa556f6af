//! A lesson's marks: its term uses, each resolved to a term of the glossary, and its index
//! markers, numbered `ix-1`, `ix-2`, … in source order. A use of a term the glossary lacks is
//! an error at the name, with the closest name or alias; a use in a book without a glossary
//! is an error at the use; a marker with no entry is a warning. Those are left out.

use super::names::Lookup;
use super::{Mark, MarkKind, Term};
use crate::book::Lesson;
use crate::book::term::{self, Found, IndexTerm, TermUse};
use crate::diagnostic::suggest::closest;
use crate::diagnostic::{Diagnostic, Kind, Severity};

/// What a lesson's uses are resolved against: the glossary file's terms.
pub(super) struct Known<'a> {
    /// The file, as the book shows it.
    file: &'a str,
    lookup: &'a Lookup,
    /// Every name and alias, for "did you mean".
    names: Vec<String>,
    /// Whether a use of an unknown term is reported: not when the file itself has errors (a
    /// term left out of it would be reported once more at every use).
    report_unknown: bool,
}

impl<'a> Known<'a> {
    pub(super) fn new(
        file: &'a str,
        terms: &[Term],
        lookup: &'a Lookup,
        file_problems: &[Diagnostic],
    ) -> Known<'a> {
        let names = (terms.iter())
            .flat_map(|t| std::iter::once(&t.name).chain(&t.aliases))
            .cloned()
            .collect();
        Known {
            file,
            lookup,
            names,
            report_unknown: file_problems.is_empty(),
        }
    }
}

/// The marks of `lesson` in source order, each with its index entries (a marker's; none for
/// a use), and the problems of its uses and markers. `known` is `None` in a book without a
/// glossary file.
pub(super) fn marks_of(
    lesson: &Lesson,
    known: Option<&Known>,
) -> (Vec<(Mark, Vec<IndexTerm>)>, Vec<Diagnostic>) {
    let mut marks = Vec::new();
    let mut problems = Vec::new();
    for found in term::scan(&lesson.source, lesson.body_start) {
        let span = found.span().clone();
        let (kind, entries) = match found {
            Found::Use(used) => match resolve(lesson, &used, known) {
                Ok(id) => (
                    MarkKind::Use {
                        term: id,
                        text: used.text,
                    },
                    Vec::new(),
                ),
                Err(problem) => {
                    problems.extend(problem);
                    continue;
                }
            },
            Found::Marker(marker) if marker.entries.is_empty() => {
                problems.push(no_entry(lesson, &marker.span));
                continue;
            }
            Found::Marker(marker) => (MarkKind::Index, marker.entries),
        };
        let anchor = format!("ix-{}", marks.len() + 1);
        marks.push((Mark { span, anchor, kind }, entries));
    }
    (marks, problems)
}

/// A warning at a marker with no entry.
fn no_entry(lesson: &Lesson, span: &std::ops::Range<usize>) -> Diagnostic {
    let written = lesson.source[span.clone()].lines().next().unwrap_or("");
    let message = "index marker without an entry: name one after 'index:'";
    let mut d = lesson.error_at(
        Kind::Xref,
        span.start,
        written.chars().count(),
        message.into(),
    );
    d.severity = Severity::Warning;
    d
}

/// The id of the term `used` names, or the error to report (none when unknown terms are not
/// reported).
fn resolve(
    lesson: &Lesson,
    used: &TermUse,
    known: Option<&Known>,
) -> Result<String, Option<Diagnostic>> {
    let Some(known) = known else {
        let written = &lesson.source[used.span.clone()];
        let message =
            format!("{written} marks a glossary term, but book.toml sets no [book] glossary");
        let width = written.lines().next().unwrap_or("").chars().count();
        return Err(Some(lesson.error_at(
            Kind::Xref,
            used.span.start,
            width,
            message,
        )));
    };
    let written = used.term.as_deref().unwrap_or(&used.text);
    if let Some(id) = known.lookup.find(written) {
        return Ok(id.to_string());
    }
    if !known.report_unknown {
        return Err(None);
    }
    let shown = written.split_whitespace().collect::<Vec<_>>().join(" ");
    let hint = closest(&known.names, &shown)
        .map(|n| format!("; did you mean '{n}'?"))
        .unwrap_or_default();
    let message = format!("glossary term '{shown}' is not in {}{hint}", known.file);
    let name = &lesson.source[used.name.clone()];
    let width = name.chars().count().max(1);
    Err(Some(lesson.error_at(
        Kind::Xref,
        used.name.start,
        width,
        message,
    )))
}
