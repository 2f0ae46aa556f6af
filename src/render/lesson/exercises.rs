//! What a lesson page needs to check its exercises (docs/exercises.md): the expected answers
//! in the page's live data ([`data`], loaded on the first Check), the exercise a starter block
//! belongs to ([`starting`]), and the key the reader's progress is kept under in the
//! browser's `localStorage` ([`progress_key`]), shared by the page and the sidebar.

use super::Doc;
use crate::book::exercise::Exercise;
use crate::book::{CodeBlock, Lesson};
use crate::config::{Config, Tolerance};
use rlab_page::check::{Answer, Checked};
use serde_json::{Value, json};

/// The exercises' expected answers, for those the page can check: the values the solution
/// left in the checked variables and the answers' values, with their tolerances.
pub(crate) fn data(doc: &Doc) -> Vec<Value> {
    let book_tolerance = doc.ctx.book.config.tolerance;
    (doc.lesson.exercises.iter())
        .filter(|e| e.checks_anything())
        .map(|e| {
            let run = doc.run.exercises.get(e.number - 1);
            let checked: Vec<Checked> = (run.iter().flat_map(|r| &r.values))
                .filter_map(|(name, value)| {
                    let value = value.as_ref().ok()?.clone();
                    Some(Checked {
                        name: name.clone(),
                        value,
                    })
                })
                .collect();
            let tolerance = tolerance(doc.lesson, e, book_tolerance);
            let answers: Vec<Answer> = (e.answers.iter().enumerate())
                .map(|(k, a)| Answer {
                    k: k + 1,
                    value: run.and_then(|r| r.answers.get(k)?.as_ref().ok().copied()),
                    rtol: a.rtol.unwrap_or(book_tolerance.rtol),
                    atol: a.atol.unwrap_or(book_tolerance.atol),
                })
                .collect();
            json!({"n": e.number, "check": checked, "rtol": tolerance.rtol,
                "atol": tolerance.atol, "answers": answers})
        })
        .collect()
}

/// An exercise's tolerance: its starter block's `rtol=` and `atol=` over the book's.
pub(crate) fn tolerance(lesson: &Lesson, exercise: &Exercise, book: Tolerance) -> Tolerance {
    let attrs = exercise
        .starter
        .and_then(|i| lesson.blocks.get(i))
        .map(|b| &b.attrs);
    Tolerance {
        rtol: attrs.and_then(|a| a.rtol).unwrap_or(book.rtol),
        atol: attrs.and_then(|a| a.atol).unwrap_or(book.atol),
    }
}

/// The number of the exercise whose starter block is `block`, if any.
pub(crate) fn starting(doc: &Doc, block: &CodeBlock) -> Option<usize> {
    (doc.lesson.exercises.iter())
        .find(|e| e.starter == Some(block.index))
        .map(|e| e.number)
}

/// How many of `lesson`'s exercises the page can check.
pub(crate) fn checkable(lesson: &Lesson) -> usize {
    (lesson.exercises.iter())
        .filter(|e| e.checks_anything())
        .count()
}

/// The key of the reader's progress in `lesson`, `<book>/<slug>`, when the page has
/// something to check and live code is on.
pub(crate) fn progress_key(config: &Config, lesson: &Lesson) -> Option<String> {
    if !config.live || checkable(lesson) == 0 {
        return None;
    }
    let book: String = (config.book.title.to_lowercase().chars())
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect();
    let book = book
        .split('-')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>();
    Some(format!("{}/{}", book.join("-"), lesson.slug))
}
