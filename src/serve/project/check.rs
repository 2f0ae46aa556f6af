//! The checks of a rebuild, as `rlbook build` makes them: execution errors of a lesson's run
//! and, for a run without errors, its drift from the committed record. Serve only reads the
//! record: a lesson without one is reported once as a note, and nothing is ever written.

use crate::book::{Book, Lesson};
use crate::exec::{self, LessonRun};
use crate::record;

/// The execution errors of one lesson's run, rendered as the terminal shows them.
pub(super) fn failures(book: &Book, lesson: &Lesson, run: &LessonRun) -> Vec<String> {
    let one = Book {
        config: book.config.clone(),
        lessons: vec![lesson.clone()],
    };
    exec::failures(&one, std::slice::from_ref(run))
        .into_iter()
        .map(|f| f.message)
        .collect()
}

/// How a lesson's outputs compare with its record.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Drift {
    /// Drift lines and record errors (none when the outputs match).
    Checked(Vec<String>),
    /// The lesson has no record yet (the message says so).
    NoRecord(String),
}

/// Compare a lesson's outputs with its record, without ever writing it.
pub(super) fn drift(book: &Book, lesson: &Lesson, run: &LessonRun) -> Drift {
    let path = record::record_path(book, lesson);
    let display = book.config.display_path(&path);
    match record::load(&path, &display) {
        Ok(Some(recorded)) => {
            let current = record::current_record(lesson, run);
            let drifts = record::drifts(book, lesson, &recorded, &current);
            Drift::Checked(drifts.iter().map(ToString::to_string).collect())
        }
        Ok(None) => Drift::NoRecord(format!(
            "note: {} has no record ({display}); serve never writes records: \
             `rlbook build` or `rlbook bless {}` makes one",
            lesson.display, lesson.slug
        )),
        Err(e) => Drift::Checked(vec![format!("{e:#}")]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::test_support::write;

    fn run_of(book: &Book) -> LessonRun {
        exec::run_lesson(&book.config, &book.lessons[0])
    }

    #[test]
    fn errors_drift_and_missing_records() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(
            root,
            "content/01-a.md",
            "# A\n\n```rlab\nprint(6 * 7)\n```\n",
        );
        let book = Book::load(Config::load(root).unwrap()).unwrap();
        let run = run_of(&book);
        assert!(failures(&book, &book.lessons[0], &run).is_empty());
        let Drift::NoRecord(note) = drift(&book, &book.lessons[0], &run) else {
            panic!("a record appeared");
        };
        assert!(note.contains("content/01-a.md has no record"), "{note}");
        assert!(!root.join("expected").exists());

        let record = record::current_record(&book.lessons[0], &run);
        let path = record::record_path(&book, &book.lessons[0]);
        record::save(&path, &record, &book.lessons[0]).unwrap();
        let saved = std::fs::read(&path).unwrap();
        assert_eq!(
            drift(&book, &book.lessons[0], &run),
            Drift::Checked(Vec::new())
        );

        write(
            root,
            "content/01-a.md",
            "# A\n\n```rlab\nprint(6 * 8)\n```\n",
        );
        let book = Book::load(Config::load(root).unwrap()).unwrap();
        let run = run_of(&book);
        let Drift::Checked(lines) = drift(&book, &book.lessons[0], &run) else {
            panic!("the record vanished");
        };
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(lines[0].starts_with("content/01-a.md:3"), "{lines:?}");
        assert!(lines[0].contains("42 → 48"), "{lines:?}");
        assert_eq!(std::fs::read(&path).unwrap(), saved);

        std::fs::write(&path, "garbage\n").unwrap();
        let Drift::Checked(lines) = drift(&book, &book.lessons[0], &run) else {
            panic!("the record vanished");
        };
        assert!(lines[0].starts_with("expected/01-a.txt:"), "{lines:?}");
    }

    #[test]
    fn execution_errors_are_rendered_with_their_place() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(
            root,
            "content/01-a.md",
            "# A\n\n```rlab\ny = nope + 1;\n```\n",
        );
        let book = Book::load(Config::load(root).unwrap()).unwrap();
        let run = run_of(&book);
        let messages = failures(&book, &book.lessons[0], &run);
        assert_eq!(messages.len(), 1);
        assert!(
            messages[0].starts_with("content/01-a.md:4:5:"),
            "{messages:?}"
        );
    }
}
