//! Editions: the teacher edition shows the book as written; the student edition withholds
//! every solution (`<!-- solution -->` up to `<!-- end -->`, the next heading, the next
//! exercise or solution, or the end of the page, the same span the renderers fold). Under
//! `[exercises] reveal_after` the student edition's HTML pages ship the solutions, hidden
//! until the reader has tried, so its view keeps them, and the Markdown book (and the EPUB
//! and PDF made from it) and the search index withhold them as they render.
//!
//! The student edition is a *view* of the book made after the record check: each lesson's
//! source with its solutions replaced by a short placeholder paragraph, parsed again, and
//! its run without the outputs of the blocks and inline values that were inside them (and
//! without the files only they read, which the page would ship for its live code). Every
//! renderer (site, search index, Markdown book, EPUB, PDF, generated tables) then works from
//! the view, so nothing of a solution can reach any output, while execution and drift
//! checking saw the whole book: the record does not depend on the edition.

use crate::book::{Book, Lesson};
use crate::config::Edition;
use crate::diagnostic::{Diagnostic, Kind};
use crate::exec::LessonRun;
use crate::exec::notebook::Step;
use std::borrow::Cow;
use std::ops::Range;

/// What the student edition shows where a solution was.
pub(crate) use crate::book::directive::WITHHELD as PLACEHOLDER;

/// The book and runs of `book`'s edition: for the teacher edition, the book as it is; for
/// the student edition, the view without solutions. A lesson whose view cannot be made is
/// an error.
pub(crate) fn view(
    book: &Book,
    runs: Vec<LessonRun>,
) -> Result<(Cow<'_, Book>, Vec<LessonRun>), Vec<Diagnostic>> {
    // Under `[exercises] reveal_after` the pages ship the solutions, hidden until the reader
    // has tried; the other formats show the placeholder in their place.
    if book.config.edition == Edition::Teacher || book.config.exercises.reveal_after.is_some() {
        return Ok((Cow::Borrowed(book), runs));
    }
    let mut lessons = Vec::with_capacity(book.lessons.len());
    let mut kept_runs = Vec::with_capacity(runs.len());
    let mut problems = Vec::new();
    for (lesson, run) in book.lessons.iter().zip(&runs) {
        match student_lesson(lesson, run) {
            Ok((lesson, run)) => {
                lessons.push(lesson);
                kept_runs.push(run);
            }
            Err(e) => problems.extend(Diagnostic::of_error(Kind::Render, &e)),
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let view = Book {
        config: book.config.clone(),
        lessons,
    };
    Ok((Cow::Owned(view), kept_runs))
}

/// `lesson` and its run without their solutions (the very same when there are none).
fn student_lesson(lesson: &Lesson, run: &LessonRun) -> anyhow::Result<(Lesson, LessonRun)> {
    let solutions = crate::book::directive::solution_spans(&lesson.source, lesson.body_start);
    if solutions.is_empty() {
        return Ok((lesson.clone(), run.clone()));
    }
    let source = withhold(&lesson.source, &solutions);
    let view = Lesson::parse(
        lesson.path.clone(),
        lesson.display.clone(),
        source,
        lesson.scripts.clone(),
    )?;
    let outside = |span: &Range<usize>| !solutions.iter().any(|r| r.contains(&span.start));
    let blocks = (lesson.blocks.iter().zip(&run.blocks))
        .filter(|(block, _)| outside(&block.span))
        .map(|(_, block_run)| block_run.clone());
    let inlines = (lesson.inlines.iter().zip(&run.inlines))
        .filter(|(inline, _)| outside(&inline.span))
        .map(|(_, inline_run)| inline_run.clone());
    // The files of the steps the view keeps: one only a solution read stays withheld.
    let files = (crate::exec::notebook::steps(lesson)
        .into_iter()
        .zip(&run.files))
    .filter(|(step, _)| outside(&step_span(step)))
    .map(|(_, files)| files.clone());
    let kept = LessonRun {
        blocks: blocks.collect(),
        inlines: inlines.collect(),
        scripts: run.scripts.clone(),
        // The expected answers: the student edition's pages check against them too.
        exercises: run.exercises.clone(),
        files: files.collect(),
    };
    let outside_blocks = lesson.blocks.iter().filter(|b| outside(&b.span)).count();
    let outside_inlines = lesson.inlines.iter().filter(|i| outside(&i.span)).count();
    anyhow::ensure!(
        view.blocks.len() == outside_blocks && view.inlines.len() == outside_inlines,
        "{}: the student edition of this lesson does not match its run",
        lesson.display
    );
    Ok((view, kept))
}

/// Where a step stands in the lesson's source.
fn step_span(step: &Step) -> Range<usize> {
    match step {
        Step::Block(block) => block.span.clone(),
        Step::Inline(value) => value.span.clone(),
        Step::Check(_) => step.at()..step.at(),
    }
}

/// `source` with each solution region replaced by the placeholder, padded with blank lines
/// so that the lines after it keep their numbers (warnings name the source's lines).
fn withhold(source: &str, solutions: &[Range<usize>]) -> String {
    let mut out = String::with_capacity(source.len());
    let mut at = 0;
    for region in solutions {
        out.push_str(&source[at..region.start]);
        let after_text = !out.is_empty() && !out.ends_with("\n\n");
        let mut replacement = String::new();
        if after_text {
            replacement.push('\n');
        }
        replacement.push_str(PLACEHOLDER);
        replacement.push_str("\n\n");
        let lines = source[region.clone()].matches('\n').count();
        let used = replacement.matches('\n').count();
        replacement.extend(std::iter::repeat_n('\n', lines.saturating_sub(used)));
        out.push_str(&replacement);
        at = region.end;
    }
    out.push_str(&source[at..]);
    out
}

#[cfg(test)]
mod tests;
