//! Notes embedded with `![[…]]` (rustlab-notebook's transclusion), on the fixture book
//! `tests/books/transclude`: a whole note whose blocks run in the lesson's session, a
//! section and a block id, an image embed, in the site and the Markdown book; messages about
//! embedded lines (rlab errors, drift, load errors) name the embedded note and its line.

use crate::common::{edit_file, fixture_book, read, rlbook};

const SETUP: &str = "content/_setup.md";

#[test]
fn embedded_notes_run_in_the_lesson_and_render_as_its_own() {
    let book = fixture_book("transclude");
    let run = rlbook(
        book.path(),
        &["build", "--strict", "--locked"],
        &[("CI", "true")],
    );
    assert!(run.ok, "{}", run.stderr);
    assert!(
        !book.path().join("site/_setup.html").exists(),
        "a note is not a lesson"
    );
    let tone = read(book.path(), "site/01-tone.html");
    assert!(
        tone.contains("setup: Fs = 48000"),
        "the note's block ran: {tone}"
    );
    assert!(
        tone.contains("first sample after zero: 0.38268343236"),
        "{tone}"
    );
    assert!(
        tone.contains(">Shared setup</h2>"),
        "its heading is demoted: {tone}"
    );
    assert!(
        tone.contains(
            "A definition from the note: The Nyquist rate is twice the highest frequency.</p>"
        ),
        "{tone}"
    );
    assert!(!tone.contains("^nyquist"), "{tone}");
    assert!(
        tone.contains("<img src=\"chart.svg\" alt=\"A chart\" />"),
        "{tone}"
    );
    let window = read(book.path(), "site/02-window.html");
    assert!(
        window.contains(
            "The window length is <span class=\"inline-value\" data-at=\"69\">16</span> samples."
        ),
        "the note's inline value is evaluated in the lesson's session: {window}"
    );
    assert!(window.contains("window sum: 7.5"), "{window}");
    assert!(!window.contains("Not part of the constants"), "{window}");
    assert!(!window.contains("setup: Fs"), "{window}");
    let markdown = read(book.path(), "book/01-tone.md");
    assert!(markdown.contains("## Shared setup"), "{markdown}");
    assert!(markdown.contains("setup: Fs = 48000"), "{markdown}");
    assert!(markdown.contains("\n![A chart](chart.svg)\n"), "{markdown}");
}

#[test]
fn an_error_in_an_embedded_block_names_the_note_and_its_line() {
    let book = fixture_book("transclude");
    edit_file(&book.path().join(SETUP), "N = 8;", "N = 8 + q;");
    let run = rlbook(book.path(), &["check"], &[]);
    assert!(!run.ok);
    assert!(
        run.stderr
            .contains(&format!("{SETUP}:11:9: undefined variable 'q'")),
        "{}",
        run.stderr
    );
}

#[test]
fn drift_in_an_embedded_block_names_the_note_and_its_line() {
    let book = fixture_book("transclude");
    edit_file(&book.path().join(SETUP), "Fs = 48000;", "Fs = 44100;");
    let run = rlbook(book.path(), &["check"], &[]);
    assert!(!run.ok);
    assert!(
        run.stderr.contains(&format!("{SETUP}:9 block 1 line 1")),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("content/01-tone.md:7 block 3"),
        "a lesson line after the embed keeps its own number: {}",
        run.stderr
    );
}

#[test]
fn a_broken_embed_is_a_load_error_at_the_embed() {
    let book = fixture_book("transclude");
    edit_file(
        &book.path().join("content/02-window.md"),
        "![[_setup#Constants]]",
        "![[_setup#Constans]]",
    );
    let run = rlbook(book.path(), &["check"], &[]);
    assert!(!run.ok);
    insta::assert_snapshot!(run.stderr);
}

#[test]
fn a_load_error_inside_an_embedded_note_names_the_note() {
    let book = fixture_book("transclude");
    edit_file(
        &book.path().join(SETUP),
        "```rlab\nw =",
        "```rlab,nope\nw =",
    );
    let run = rlbook(book.path(), &["check"], &[]);
    assert!(!run.ok);
    assert!(
        run.stderr
            .contains(&format!("{SETUP}:20: unknown block attribute 'nope'")),
        "{}",
        run.stderr
    );
}
