//! Tests of execution through the cache: what is reused, what runs again and why.

use super::*;
use crate::test_support::{book, write};
use rlab::ErrorKind;
use std::path::Path;

/// Every lesson of the book at `root` through [`execute_lesson`], as a one-pass build runs
/// them: its runs and what ran.
fn run(root: &Path, cache: &Cache) -> (Vec<LessonRun>, ExecStats) {
    let book = book(root);
    let mut total = ExecStats::default();
    let runs = (book.lessons.iter())
        .map(|lesson| {
            let result = execute_lesson(&book.config, lesson, cache, None, ExecOptions::default());
            total.add(result.stats());
            result.run
        })
        .collect();
    (runs, total)
}

fn stats(lessons_run: usize, scripts_run: usize) -> (usize, usize) {
    (lessons_run, scripts_run)
}

fn ran(s: &ExecStats) -> (usize, usize) {
    (s.lessons_run, s.scripts_run)
}

const LESSON: &str = "# A\n\nIntro ${rand():%.4f}.\n\n```rlab\nrun \"01-a/dep.rlab\"\nx = y * 6 + rand();\nprint(\"x:\", x)\n```\n\nx is ${x:%.3f}.\n";

fn book_with_script(root: &Path) {
    write(root, "content/01-a.md", LESSON);
    write(root, "content/01-a/dep.rlab", "y = 7;\n");
    write(root, "content/01-a/s.rlab", "print(1 + 1)\n");
    write(root, "content/02-b.md", "# B\n\n```rlab\nprint(2)\n```\n");
}

#[test]
fn a_second_build_reuses_every_run_and_a_prose_edit_still_does() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    book_with_script(root);
    let cache = Cache::new(root, true);
    let (first, s) = run(root, &cache);
    assert_eq!((s.lessons, s.scripts), (2, 2), "dep.rlab is a script too");
    assert_eq!(ran(&s), stats(2, 2));
    assert_eq!(s.to_string(), "executed 2 of 2 lessons, 2 of 2 scripts");
    let (second, s) = run(root, &cache);
    assert_eq!(ran(&s), stats(0, 0));
    assert_eq!(second, first);
    write(
        root,
        "content/01-a.md",
        &LESSON.replace("# A\n", "# A\n\nA new paragraph.\n"),
    );
    let (third, s) = run(root, &cache);
    assert_eq!(ran(&s), stats(0, 0));
    assert_eq!(third, first);
    let uncached = run(root, &Cache::disabled());
    assert_eq!(ran(&uncached.1), stats(2, 2));
    assert_eq!(uncached.0, first);
}

#[test]
fn code_files_run_and_scripts_invalidate_what_depends_on_them() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    book_with_script(root);
    let cache = Cache::new(root, true);
    run(root, &cache);
    write(root, "content/01-a.md", &LESSON.replace("y * 6", "y * 5"));
    let (runs, s) = run(root, &cache);
    assert_eq!(ran(&s), stats(1, 0));
    assert!(runs[0].blocks[0].text.starts_with("x: 35."), "{runs:?}");
    write(root, "content/01-a/dep.rlab", "y = 8;\n");
    let (runs, s) = run(root, &cache);
    assert_eq!(ran(&s), stats(1, 1), "the notebook and dep.rlab itself");
    assert!(runs[0].blocks[0].text.starts_with("x: 40."), "{runs:?}");
    write(root, "content/01-a/s.rlab", "print(3)\n");
    let (runs, s) = run(root, &cache);
    assert_eq!(ran(&s), stats(0, 1));
    assert_eq!(runs[0].scripts[1].text, "3");
    std::fs::remove_file(root.join("content/01-a/dep.rlab")).unwrap();
    let (runs, s) = run(root, &cache);
    assert_eq!(ran(&s), stats(1, 0));
    let error = runs[0].blocks[0]
        .error
        .as_ref()
        .map(|e| e.error.message.clone());
    assert!(error.is_some_and(|e| e.contains("cannot read '01-a/dep.rlab'")));
    let settings = "[exec]\nseed = 5\n";
    write(root, "book.toml", settings);
    assert_eq!(ran(&run(root, &cache).1), stats(2, 1));
}

#[test]
fn a_run_with_an_error_is_reused_only_where_its_lines_stand() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let source = "# A\n\n```rlab\nx = 1;\nprint(q)\n```\n";
    write(root, "content/01-a.md", source);
    let cache = Cache::new(root, true);
    let (first, _) = run(root, &cache);
    let line = |runs: &[LessonRun]| runs[0].blocks[0].error.as_ref().map(|e| e.line);
    assert_eq!(line(&first), Some(5));
    assert_eq!(ran(&run(root, &cache).1), stats(0, 0));
    write(
        root,
        "content/01-a.md",
        &source.replace("# A\n", "# A\n\nMore.\n"),
    );
    let (moved, s) = run(root, &cache);
    assert_eq!(ran(&s), stats(1, 0));
    assert_eq!(line(&moved), Some(7));
    let (again, s) = run(root, &cache);
    assert_eq!((ran(&s), again), (stats(0, 0), moved));
}

#[test]
fn runs_stopped_by_a_limit_are_not_stored_and_corrupt_entries_are_ignored() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "book.toml", "[exec]\nmax_call_depth = 5\n");
    let deep = "# A\n\n```rlab\nfunction y = f(x)\n  y = f(x);\nend\nf(1)\n```\n";
    write(root, "content/01-a.md", deep);
    write(root, "content/02-b.md", "# B\n\n```rlab\nprint(2)\n```\n");
    let cache = Cache::new(root, true);
    let (runs, _) = run(root, &cache);
    let kind = runs[0].blocks[0].error.as_ref().map(|e| e.error.kind);
    assert_eq!(kind, Some(ErrorKind::Limit));
    assert_eq!(ran(&run(root, &cache).1), stats(1, 0));
    let entry = root.join(crate::cache::DIR).join("exec/02-b.bin");
    let bytes = std::fs::read(&entry).unwrap();
    std::fs::write(&entry, &bytes[..bytes.len() / 2]).unwrap();
    let (runs, s) = run(root, &cache);
    assert_eq!(ran(&s), stats(2, 0));
    assert_eq!(runs[1].blocks[0].text, "2");
    assert_eq!(std::fs::read(&entry).unwrap(), bytes, "rewritten whole");
}

#[test]
fn data_files_a_lesson_loads_invalidate_its_run_and_are_carried_step_by_step() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let source = "# A\n\n```rlab\nx = load(\"01-a/d.csv\");\nprint(\"s:\", sum(x(:)))\n```\n\n\
                  Then ${sum(load(\"01-a/e.csv\"))}.\n";
    write(root, "content/01-a.md", source);
    write(root, "content/01-a/d.csv", "1,2\n3,4\n");
    write(root, "content/01-a/e.csv", "5\n");
    let cache = Cache::new(root, true);
    let (runs, _) = run(root, &cache);
    assert_eq!(runs[0].blocks[0].text, "s: 10");
    let folder = root.join("content");
    assert_eq!(
        runs[0].files,
        [
            vec![folder.join("01-a/d.csv")],
            vec![folder.join("01-a/e.csv")]
        ]
    );
    assert_eq!(ran(&run(root, &cache).1), stats(0, 0));
    write(root, "content/01-a/d.csv", "1,2\n3,5\n");
    let (runs, s) = run(root, &cache);
    assert_eq!(ran(&s), stats(1, 0), "the changed data file");
    assert_eq!(runs[0].blocks[0].text, "s: 11");
    std::fs::write(root.join("content/01-a/e.csv"), b"6\n\xff").unwrap();
    let (runs, s) = run(root, &cache);
    assert_eq!(ran(&s), stats(1, 0), "bytes, not texts, are compared");
    assert!(runs[0].inlines[0].value.is_err(), "{runs:?}");
}
