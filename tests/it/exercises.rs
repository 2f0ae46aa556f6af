//! Exercises through the binary (docs/exercises.md), on the fixture book
//! `tests/books/exercises`: the solution's values recorded and shipped to the page, the
//! other formats' hints and links, drift when a solution changes, the student edition with
//! and without `reveal_after`, and the build errors, snapshot-tested.

use crate::common::{edit_file, fixture_book, read, rlbook, unescape, walk};
use std::path::Path;

#[test]
fn a_build_records_the_solutions_values_and_ships_them_to_the_page() {
    let book = fixture_book("exercises");
    let run = rlbook(book.path(), &["build", "--locked", "--strict"], &[]);
    assert!(run.ok, "{}", run.stderr);
    let record = read(book.path(), "expected/01-attention.txt");
    assert!(record.contains("=== exercise 1 (line 15) Scale matters\n| S = 3x3\n| 1.0 0.0 2.0"));
    assert!(record.contains("=== exercise 2 (line 39) Parameter count\n| answer 1 = 589824.0"));
    let page = read(book.path(), "site/01-attention.html");
    assert!(page.contains("data-exercises=\"exercise-fixture/01-attention\""));
    assert!(
        page.contains("<section class=\"rlab-block\" id=\"block-2\" data-live data-check=\"1\">")
    );
    assert!(page.contains("<summary>Hint 2 of 2</summary>"));
    assert!(
        page.contains("<span class=\"exercise-answer\" data-exercise=\"2\" data-answer=\"1\">")
    );
    assert!(page.contains("assets/live/exercises.js"));
    assert!(page.contains("assets/live/exercises.css"));
    assert!(page.contains("data-exercises=\"3\" data-progress=\"exercise-fixture/01-attention\""));
    for other in ["site/02-notes.html", "site/index.html"] {
        let page = read(book.path(), other);
        assert!(
            !page.contains("live/exercises.")
                && !page.contains("data-progress")
                && !page.contains("citations.css"),
            "{other} carries exercise machinery"
        );
    }
    let data = read(book.path(), "site/live/01-attention.js");
    let json = data
        .trim_start_matches("self.rlabLiveData=")
        .trim_end()
        .trim_end_matches(';');
    let data: serde_json::Value = serde_json::from_str(json).expect("live data");
    let first = &data["exercises"][0];
    assert_eq!(first["check"][0]["name"], "S");
    assert_eq!(first["check"][0]["re"][2], 3.0);
    assert_eq!(first["answers"][0]["value"], 3.0);
    assert_eq!(data["exercises"][1]["answers"][0]["value"], 589824.0);
    assert_eq!(
        data["exercises"][2]["atol"], 1e-9,
        "the starter's atol= is the check's"
    );
    let starter = &data["steps"][1];
    assert_eq!(
        (starter["check"].as_u64(), starter["run"].as_bool()),
        (Some(1), Some(false))
    );
    // The page without exercises carries none of their machinery.
    let plain = read(book.path(), "site/02-notes.html");
    assert!(!plain.contains("exercises.js") && !plain.contains("data-check"));
    // The Markdown book: hints as a list, the answer to fill, where to check.
    let markdown = read(book.path(), "book/01-attention.md");
    assert!(markdown.contains("- **Hint 1 of 2.** Only the scaling of the scores changes."));
    assert!(markdown.contains(
        "[HTML edition of this page](https://example.org/exercise-fixture/01-attention.html#exercise-2)"
    ));
    assert!(!markdown.contains("<!-- answer"), "{markdown}");
}

#[test]
fn a_changed_solution_fails_the_build_naming_the_exercise() {
    let book = fixture_book("exercises");
    let lesson = book.path().join("content/01-attention.md");
    edit_file(
        &lesson,
        "S = Q * K';\nA = softmax(S);",
        "S = 2 * Q * K';\nA = softmax(S);",
    );
    let run = rlbook(book.path(), &["build", "--locked"], &[]);
    assert!(!run.ok);
    let drifts: Vec<&str> = (run.stderr.lines())
        .filter(|l| l.contains("exercise"))
        .collect();
    insta::assert_snapshot!(drifts.join("\n"));
    assert!(!book.path().join("site").exists(), "no site is written");
}

/// Each file of the site and the Markdown book whose text (entities decoded) has `needle`.
fn containing(book: &Path, needle: &str) -> Vec<String> {
    let mut found = Vec::new();
    for dir in ["site", "book"] {
        for entry in walk(&book.join(dir)) {
            let text = unescape(&String::from_utf8_lossy(&std::fs::read(&entry).unwrap()));
            if text.contains(needle) {
                found.push(entry.display().to_string());
            }
        }
    }
    found
}

/// Text only the solutions have: prose, and a number only a solution prints.
const SOLUTION: [&str; 2] = ["Four matrices of 384", "total: 2.9999"];

#[test]
fn the_student_edition_ships_solutions_only_under_reveal_after() {
    let book = fixture_book("exercises");
    let toml = book.path().join("book.toml");
    edit_file(&toml, "[exercises]\nreveal_after = 2\n", "");
    let run = rlbook(
        book.path(),
        &["build", "--locked", "--edition", "student"],
        &[],
    );
    assert!(run.ok, "{}", run.stderr);
    for needle in SOLUTION {
        assert_eq!(
            containing(book.path(), needle),
            Vec::<String>::new(),
            "{needle}"
        );
    }
    let data = read(book.path(), "site/live/01-attention.js");
    assert!(
        data.contains("589824"),
        "the expected answers are still shipped"
    );
    // With reveal_after, the page holds the solution, hidden; the Markdown book does not.
    std::fs::write(
        &toml,
        read(book.path(), "book.toml") + "[exercises]\nreveal_after = 2\n",
    )
    .unwrap();
    let run = rlbook(
        book.path(),
        &["build", "--locked", "--edition", "student"],
        &[],
    );
    assert!(run.ok, "{}", run.stderr);
    let page = read(book.path(), "site/01-attention.html");
    assert!(page.contains("<details class=\"solution\" data-reveal-after=\"2\" hidden>"));
    assert!(unescape(&page).contains(SOLUTION[0]));
    let search = read(book.path(), "site/assets/search-index.js");
    assert!(
        search.contains("d_model") && !search.contains(SOLUTION[0]),
        "not searchable"
    );
    let markdown = read(book.path(), "book/01-attention.md");
    assert!(!markdown.contains(SOLUTION[0]) && !markdown.contains(SOLUTION[1]));
    assert_eq!(
        markdown
            .matches("The solution is in the teacher edition.")
            .count(),
        3
    );
}

/// A one-lesson book with `lesson` as its text.
fn book_with(lesson: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("content")).unwrap();
    std::fs::write(dir.path().join("content/01-x.md"), lesson).unwrap();
    dir
}

#[test]
fn a_starter_that_does_not_parse_is_a_build_error_at_its_place() {
    let book = book_with(
        "# X\n\n<!-- exercise -->\nFix it.\n\n```rlab,check=y\ny = [1, 2;\n```\n\n<!-- solution -->\n```rlab\ny = 1;\n```\n",
    );
    let run = rlbook(book.path(), &["build"], &[]);
    assert!(!run.ok);
    insta::assert_snapshot!(run.stderr);
}

#[test]
fn unset_checked_names_failing_answers_and_missing_solutions_are_errors() {
    let book = book_with(concat!(
        "# X\n\n```rlab\nq = 2;\n```\n\n",
        "<!-- exercise: Unset -->\nSet y and z.\n\n```rlab,check=\"y, z\"\ny = 1;\n```\n\n",
        "<!-- solution -->\n```rlab\ny = 1;\n```\n<!-- end -->\n\n",
        "<!-- exercise: Answers -->\nHow much? <!-- answer: ${q + nope} -->\n",
        "And as a matrix? <!-- answer: ${[q q]} -->\n\n",
        "<!-- exercise: No solution code -->\n\n```rlab,check=w\nw = 3;\n```\n\n",
        "<!-- solution -->\nSet w to 3.\n",
    ));
    let run = rlbook(book.path(), &["build"], &[]);
    assert!(!run.ok);
    insta::assert_snapshot!(run.stderr);
}
