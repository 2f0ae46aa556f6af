//! The drift check through the binary (issue "Drift"): a changed number fails with file,
//! line, block and both numbers; noise within tolerance passes; text gets a word diff;
//! figures are compared as data; `bless` accepts exactly the changed entry; a missing record
//! is an error under CI; orphans are reported; block and lesson tolerances override the
//! book's; the public course records and re-checks cleanly and catches one edited number.

use crate::common::{self, edit_file, fixture_book, rlbook};
use std::path::Path;

fn record(book: &Path, slug: &str) -> String {
    std::fs::read_to_string(book.join(format!("expected/{slug}.txt"))).expect("record")
}

#[test]
fn a_changed_constant_names_file_line_block_and_numbers() {
    let book = fixture_book("basic");
    edit_file(
        &book.path().join("content/01-intro.md"),
        "x = 3;",
        "x = 3.001;",
    );
    let run = rlbook(book.path(), &["check"], &[]);
    assert!(!run.ok);
    assert!(
        run.stderr
            .contains("content/01-intro.md:8 block 1 line 1: 9 → 9.006001 (rel 6.7e-04 > 1e-09)"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("content/01-intro.md:13 inline 2 line 1: 9 → 9.006001"),
        "inline values are recorded too: {}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("drifted from the record; no site written")
    );
    assert!(!book.path().join("site").exists());
}

#[test]
fn noise_within_tolerance_passes() {
    let book = fixture_book("basic");
    let path = book.path().join("expected/01-intro.txt");
    edit_file(
        &path,
        "mean of v: 0.41599302786821357",
        "mean of v: 0.41599302786821757",
    );
    let run = rlbook(book.path(), &["check", "--locked"], &[]);
    assert!(run.ok, "a 1e-14 relative change is noise: {}", run.stderr);
}

#[test]
fn a_changed_label_gets_a_word_diff() {
    let book = fixture_book("basic");
    edit_file(
        &book.path().join("content/01-intro.md"),
        "\"x squared:\"",
        "\"x to the power two:\"",
    );
    let run = rlbook(book.path(), &["check"], &[]);
    assert!(!run.ok);
    assert!(
        run.stderr.contains("content/01-intro.md:8 block 1 line 1: x [-squared-] {+to+} {+the+} {+power+} {+two+} : 9"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_changed_series_is_a_figure_drift() {
    let book = fixture_book("basic");
    edit_file(
        &book.path().join("content/01-intro.md"),
        "[2 4 8]",
        "[2 4 8.5]",
    );
    let run = rlbook(book.path(), &["check"], &[]);
    assert!(!run.ok);
    assert!(
        run.stderr.contains("content/01-intro.md:21 block \"growth\": figure 1 series \"growth\": 3 points, max |Δ| = 0.5"),
        "{}",
        run.stderr
    );
}

#[test]
fn bless_accepts_only_the_changed_entry() {
    let book = fixture_book("basic");
    let before = record(book.path(), "01-intro");
    edit_file(&book.path().join("content/01-intro.md"), "x = 3;", "x = 4;");
    assert!(!rlbook(book.path(), &["check"], &[]).ok);
    let run = rlbook(book.path(), &["bless", "01-intro"], &[]);
    assert!(run.ok, "{}", run.stderr);
    assert!(
        run.stderr.contains("expected/01-intro.txt: accepted"),
        "{}",
        run.stderr
    );
    let after = record(book.path(), "01-intro");
    let changed: Vec<(&str, &str)> = before
        .lines()
        .zip(after.lines())
        .filter(|(a, b)| a != b)
        .collect();
    assert_eq!(
        changed,
        [
            ("| x squared: 9", "| x squared: 16"),
            ("| 3", "| 4"),
            ("| 9", "| 16"),
            ("| 9.0", "| 16.0")
        ]
    );
    assert!(rlbook(book.path(), &["build", "--locked"], &[]).ok);
}

#[test]
fn a_missing_record_is_an_error_under_ci() {
    let book = fixture_book("basic");
    std::fs::remove_file(book.path().join("expected/02-next.txt")).unwrap();
    let run = rlbook(book.path(), &["build"], &[("CI", "true")]);
    assert!(!run.ok);
    assert!(
        run.stderr.contains("content/02-next.md: no record (expected/02-next.txt is missing); run `rlbook bless 02-next` and commit it"),
        "{}",
        run.stderr
    );
    let run = rlbook(book.path(), &["build"], &[]);
    assert!(run.ok, "without CI the record is written: {}", run.stderr);
    assert!(book.path().join("expected/02-next.txt").is_file());
}

#[test]
fn orphan_entries_are_reported_and_removed_by_bless() {
    let book = fixture_book("basic");
    let lesson = book.path().join("content/02-next.md");
    edit_file(
        &lesson,
        "```rlab\nprint(\"pi is about\", round(pi * 100) / 100)\n```\n",
        "",
    );
    let run = rlbook(book.path(), &["check"], &[]);
    assert!(!run.ok);
    assert!(
        run.stderr
            .contains("content/02-next.md:13 block 3: recorded, but no longer produced (orphan"),
        "{}",
        run.stderr
    );
    assert!(rlbook(book.path(), &["bless"], &[]).ok);
    assert!(!record(book.path(), "02-next").contains("block 3"));
    assert!(rlbook(book.path(), &["check", "--locked"], &[]).ok);
}

#[test]
fn block_and_lesson_tolerances_override_the_book() {
    let book = fixture_book("basic");
    let path = book.path().join("expected/01-intro.txt");
    edit_file(
        &path,
        "mean of v: 0.41599302786821357",
        "mean of v: 0.41600302786821357",
    );
    assert!(
        !rlbook(book.path(), &["check"], &[]).ok,
        "1e-5 relative is drift by default"
    );
    let lesson = book.path().join("content/01-intro.md");
    edit_file(
        &lesson,
        "```rlab,name=growth",
        "```rlab,name=growth,rtol=1e-4",
    );
    assert!(
        rlbook(book.path(), &["check"], &[]).ok,
        "the block's rtol applies"
    );
    edit_file(
        &lesson,
        "```rlab,name=growth,rtol=1e-4",
        "```rlab,name=growth",
    );
    edit_file(
        &lesson,
        "title: Introduction",
        "title: Introduction\nrtol: 1e-4",
    );
    assert!(
        rlbook(book.path(), &["check"], &[]).ok,
        "the lesson's rtol applies"
    );
    std::fs::write(book.path().join("book.toml"), "[tolerance]\nrtol = 1e-12\n").unwrap();
    assert!(
        rlbook(book.path(), &["check"], &[]).ok,
        "the lesson's rtol beats the book's"
    );
}

#[test]
fn the_report_flag_writes_json() {
    let book = fixture_book("basic");
    edit_file(&book.path().join("content/01-intro.md"), "x = 3;", "x = 5;");
    let report = book.path().join("drift.json");
    let run = rlbook(
        book.path(),
        &["check", "--report", report.to_str().unwrap()],
        &[],
    );
    assert!(!run.ok);
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    let first = &json["drift"][0];
    assert_eq!(first["file"], "content/01-intro.md");
    assert_eq!(first["line"], 8);
    assert_eq!(first["kind"], "number");
    assert_eq!(first["output_line"], 1);
    assert_eq!(first["expected"], "9");
    assert_eq!(
        json["messages"][0],
        "content/01-intro.md:8 block 1 line 1: 9 → 25 (rel 1.8e+00 > 1e-09)"
    );
}

/// The public course: record, check again (passes), then edit one number of one notebook.
#[test]
fn the_course_records_checks_and_catches_an_edit() {
    let Some(shared) = common::shared(
        "the course drift test",
        &[
            "corpus/rustlab_llm/lessons",
            "corpus/rustlab_llm/notebooks/05-bigram-language-model.md",
        ],
    ) else {
        return;
    };
    let course = shared.join("corpus/rustlab_llm");
    let dir = tempfile::tempdir().unwrap();
    common::copy_tree(&course.join("notebooks"), &dir.path().join("notebooks"));
    let toml = format!(
        "[book]\ntitle = \"rustlab_llm\"\n[paths]\nlessons = \"notebooks\"\nscripts = \"{}\"\n",
        course.join("lessons").display()
    );
    std::fs::write(dir.path().join("book.toml"), toml).unwrap();
    let first = rlbook(dir.path(), &["check"], &[]);
    assert!(first.ok, "{}", first.stderr);
    assert_eq!(first.stderr.matches("(new record)").count(), 12);
    assert!(rlbook(dir.path(), &["check", "--locked"], &[]).ok);
    let notebook = dir.path().join("notebooks/05-bigram-language-model.md");
    edit_file(
        &notebook,
        "seq = [1, 2, 3, 2, 1, 2, 3, 2, 1];",
        "seq = [1, 2, 3, 2, 1, 2, 3, 2, 2];",
    );
    let run = rlbook(dir.path(), &["check", "--locked"], &[]);
    assert!(!run.ok);
    assert!(
        run.stderr.contains(
            "notebooks/05-bigram-language-model.md:53 block 2 line 4: 2.000000 → 1.000000"
        ),
        "{}",
        run.stderr
    );
}
