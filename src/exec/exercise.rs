//! An exercise's check step (docs/exercises.md): at the end of each exercise, after its
//! solution ran in the lesson's session, the checked variables are read and the answer
//! expressions evaluated. What they give is recorded and drift-checked like every output,
//! and shipped to the page as the expected answers; what cannot be read is a build error
//! at the place that names it.

use crate::book::exercise::{Answer, Exercise};
use crate::book::{CodeBlock, Lesson};
use crate::diagnostic::{Diagnostic, Kind};
use rlab::{RunError, Session};
use rlab_page::check::{self, Expected};
use serde::{Deserialize, Serialize};

/// What an exercise's check step read.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ExerciseRun {
    /// Each checked variable (in the order `check=` names them): its value, or why it has
    /// none that can be checked.
    pub values: Vec<(String, Result<Expected, String>)>,
    /// Each answer box's value, or the error of its expression.
    pub answers: Vec<Result<f64, RunError>>,
}

impl ExerciseRun {
    /// Whether something could not be read.
    pub fn failed(&self) -> bool {
        self.values.iter().any(|(_, v)| v.is_err()) || self.answers.iter().any(Result::is_err)
    }

    /// The errors of its answers' expressions.
    pub fn errors(&self) -> impl Iterator<Item = &RunError> {
        self.answers.iter().filter_map(|a| a.as_ref().err())
    }
}

/// Read `exercise`'s checked variables and evaluate its answers in `session`.
pub(crate) fn check(session: &mut Session, lesson: &Lesson, exercise: &Exercise) -> ExerciseRun {
    let values = (exercise.checked(&lesson.blocks).iter())
        .map(|name| {
            let value = match session.variable(name) {
                Some(v) => check::capture(v).map_err(|why| format!("'{name}' {why}")),
                None => Err(format!(
                    "exercise {} checks '{name}', which its solution does not set",
                    exercise.number
                )),
            };
            (name.clone(), value)
        })
        .collect();
    let answers = (exercise.answers.iter())
        .map(|a| answer(session, lesson, exercise, a))
        .collect();
    ExerciseRun { values, answers }
}

/// The value of an answer box's expression: a real number.
fn answer(
    session: &mut Session,
    lesson: &Lesson,
    exercise: &Exercise,
    a: &Answer,
) -> Result<f64, RunError> {
    let (file, line) = lesson.place(a.line);
    let line_text = lesson.source.lines().nth(a.line as usize - 1).unwrap_or("");
    let site = rlab::InlineSite {
        file,
        line,
        col: a.col + 2,
        line_text,
    };
    let value = session.evaluate(&site, &a.expr)?;
    match value.plain() {
        rlab::value::Value::Scalar(x) => Ok(*x),
        rlab::value::Value::Bool(b) => Ok(f64::from(u8::from(*b))),
        other => {
            let message = format!(
                "the answer of exercise {} must be a real number; `{}` gives a {}",
                exercise.number,
                a.expr,
                other.type_name()
            );
            Err(RunError {
                error: rlab::LangError::runtime(message),
                file: file.to_string(),
                line,
                col: a.col,
                excerpt: rlab::source::excerpt(line_text, line, a.col, a.expr.len() + 3),
            })
        }
    }
}

/// The build errors of a lesson's exercise checks: a checked name without a checkable
/// value (at the name in the starter's fence), an exercise whose check has no solution code
/// to run, and answers that failed.
pub fn failures(lesson: &Lesson, runs: &[ExerciseRun]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (exercise, run) in lesson.exercises.iter().zip(runs) {
        let Some(starter) = exercise.starter.and_then(|i| lesson.blocks.get(i)) else {
            out.extend(run.errors().map(Diagnostic::of_run_error));
            continue;
        };
        if exercise.solution_blocks.is_empty() {
            let message = format!(
                "exercise {} checks {}, but its solution has no rlab block to run",
                exercise.number,
                starter.attrs.check.join(", ")
            );
            out.push(at_fence(lesson, starter, "check", message));
            out.extend(run.errors().map(Diagnostic::of_run_error));
            continue;
        }
        for (name, value) in &run.values {
            if let Err(why) = value {
                out.push(at_fence(lesson, starter, name, why.clone()));
            }
        }
        out.extend(run.errors().map(Diagnostic::of_run_error));
    }
    out
}

/// An error on the starter block's fence line, its caret under `word` (after `check=`).
fn at_fence(lesson: &Lesson, block: &CodeBlock, word: &str, message: String) -> Diagnostic {
    let (file, line) = lesson.place(block.fence_line);
    let text = (lesson.source.lines())
        .nth(block.fence_line as usize - 1)
        .unwrap_or("");
    let after = text.find("check=").unwrap_or(0);
    let col =
        (text[after..].find(word)).map_or(1, |i| text[..after + i].chars().count() + 1) as u32;
    Diagnostic::error(Kind::Exec, message)
        .in_file(file)
        .at(line, col)
        .with_excerpt(text, word.chars().count())
}
