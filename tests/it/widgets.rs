//! Notebook controls (```` ```rustlab-widget ```` fences), on the fixture book
//! `tests/books/widgets`: `widget(name)` reads each control's default in the lesson's blocks
//! and inline values, the page shows each control disabled at that value, the Markdown book a
//! line for each, the live data the values; a mistake in a declaration is a load error.

use crate::common::{edit_file, fixture_book, rlbook};

const LESSON: &str = "content/01-wave.md";

#[test]
fn controls_hold_their_defaults_in_the_code_the_page_and_the_book() {
    let book = fixture_book("widgets");
    let run = rlbook(
        book.path(),
        &["build", "--strict", "--locked"],
        &[("CI", "true")],
    );
    assert!(run.ok, "{}", run.stderr);
    let html = std::fs::read_to_string(book.path().join("site/01-wave.html")).unwrap();
    assert!(
        html.contains("y = [1×4]  1.500000  0.000000  -1.500000  -0.000000"),
        "{html}"
    );
    assert!(html.contains("<fieldset class=\"rlab-widget\" data-widget=\"amp\" data-widget-type=\"slider\" disabled>\n<legend>Amplitude</legend>\n<input type=\"range\" id=\"widget-amp\" name=\"amp\" aria-label=\"Amplitude\" min=\"0.5\" max=\"2\" step=\"0.5\" value=\"1.5\">"), "{html}");
    assert!(
        html.contains("value=\"cosine\" checked> cosine</label>"),
        "{html}"
    );
    assert!(!html.contains("```rlab-widget"), "{html}");
    let live = std::fs::read_to_string(book.path().join("site/live/01-wave.js")).unwrap();
    assert!(
        live.contains("\"widgets\":{\"amp\":1.5,\"shape\":\"cosine\"}"),
        "{live}"
    );
    let markdown = std::fs::read_to_string(book.path().join("book/01-wave.md")).unwrap();
    assert!(
        markdown.contains("**Amplitude:** `1.5` (slider from 0.5 to 2)\n"),
        "{markdown}"
    );
    assert!(
        markdown.contains("**shape:** `cosine` (one of sine, cosine)\n"),
        "{markdown}"
    );
}

#[test]
fn a_changed_default_drifts_and_a_bad_declaration_is_a_load_error() {
    let book = fixture_book("widgets");
    edit_file(&book.path().join(LESSON), "default = 1.5", "default = 2");
    let run = rlbook(book.path(), &["check"], &[]);
    assert!(!run.ok);
    assert!(
        run.stderr
            .contains(&format!("{LESSON}:20 block 1 line 1: 1.500000 → 2.000000")),
        "{}",
        run.stderr
    );
    edit_file(&book.path().join(LESSON), "default = 2", "default = 3");
    let run = rlbook(book.path(), &["check"], &[]);
    assert!(!run.ok);
    insta::assert_snapshot!(run.stderr);
}
