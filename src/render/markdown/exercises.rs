//! Exercises in the Markdown book, and so in the EPUB and PDF made from it
//! (docs/exercises.md): the statement and starter code as written, each hint as an item of a
//! list (`- **Hint 1 of 2.** …`), each answer box as a blank to fill, and before the
//! solution (or at the end of the exercise) where to check it: a link to the exercise on the
//! HTML page when `[book] url` is set, the page's file name otherwise. Each statement starts
//! with the exercise's number and title in bold. The student edition
//! of a book that ships solutions only in its pages (`[exercises] reveal_after`) shows the
//! placeholder where each solution was ([`withheld`]).

use super::Page;
use super::edits::{self, Edits};
use crate::book::directive::solution_spans;
use crate::book::exercise::Exercise;
use crate::config::Edition;
use crate::markup::escape;
use std::ops::Range;

/// The edits that write the lesson's hints, answer boxes and where to check them.
pub(super) fn edit(page: &Page, edits: &mut Edits) {
    let lesson = page.lesson;
    let source = lesson.source.as_str();
    for exercise in &lesson.exercises {
        label_exercise(source, exercise, edits);
        let n = exercise.hints.len();
        for (k, &at) in exercise.hints.iter().enumerate() {
            let comment_end = source[at..].find("-->").map_or(at, |i| at + i + 3);
            let content = edits::after_blank_lines(source, comment_end);
            let label = format!("**Hint {} of {n}.**", k + 1);
            if starts_paragraph(&source[content..]) {
                edits.replace(at..content, format!("- {label} "));
            } else {
                edits.replace(at..comment_end, format!("- {label}\n"));
            }
        }
        for answer in &exercise.answers {
            edits.replace(answer.span.clone(), "*(your answer: \\_\\_\\_\\_)*");
        }
        if exercise.checks_anything() {
            let at = exercise.solution.unwrap_or(exercise.span.end);
            let blank = if source[..at].ends_with("\n\n") {
                ""
            } else {
                "\n"
            };
            edits.insert(
                at,
                format!("{blank}{}\n\n", where_to_check(page, exercise.number)),
            );
        }
    }
}

/// `**Exercise 2: Title.**` at the start of the exercise's statement (its comment kept).
fn label_exercise(source: &str, exercise: &Exercise, edits: &mut Edits) {
    let at = exercise.span.start;
    let comment_end = source[at..].find("-->").map_or(at, |i| at + i + 3);
    let statement = edits::after_blank_lines(source, comment_end);
    let label = match &exercise.title {
        Some(title) => format!("**Exercise {}: {}.**", exercise.number, escape(title)),
        None => format!("**Exercise {}.**", exercise.number),
    };
    if statement < source.len() && starts_paragraph(&source[statement..]) {
        edits.insert(statement, format!("{label} "));
    } else {
        edits.insert(comment_end, format!("\n\n{label}\n"));
    }
}

/// Whether `text` starts a plain paragraph (so a hint's first line can follow its label).
fn starts_paragraph(text: &str) -> bool {
    let line = text.lines().next().unwrap_or("").trim_start();
    let block = ["```", "~~~", "- ", "* ", "+ ", "#", ">", "|", "<", "$$"];
    let numbered = (line.split_once(". ")).is_some_and(|(n, _)| n.parse::<u32>().is_ok());
    !line.is_empty() && !numbered && !block.iter().any(|b| line.starts_with(b))
}

/// Where exercise `number` of the page can be checked.
fn where_to_check(page: &Page, number: usize) -> String {
    let html = page.lesson.page();
    match &page.book.config.book.url {
        Some(url) => format!(
            "*Check your answer in the [HTML edition of this page]({url}/{html}#exercise-{number}).*"
        ),
        None => format!("*Check your answer in the HTML edition of this page, `{html}`.*"),
    }
}

/// The solutions the book shows as the placeholder: every solution in the student edition
/// (whose view still holds them only when the HTML pages ship them, `reveal_after`).
pub(super) fn withheld(page: &Page) -> Vec<Range<usize>> {
    let lesson = page.lesson;
    if page.book.config.edition != Edition::Student {
        return Vec::new();
    }
    solution_spans(&lesson.source, lesson.body_start)
}
