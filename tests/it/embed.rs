//! Embedded script outputs (issue 14, item 2) and one summary row per label (item 6), on the
//! fixture book `tests/books/embed`: a lesson embeds its script's whole output, the lines
//! matching `lines=`, a region and the figures, in the site and the Markdown book; a changed
//! number drifts at the script's line and at every embedding that shows it; mistakes in a
//! directive are errors at the directive.

use crate::common::{edit_file, fixture_book, read, rlbook};

const LESSON: &str = "content/01-capstone.md";
const SCRIPT: &str = "content/01-capstone/capstone.rlab";

/// The `<div class="embedded-output" id="output-N">` of a page, up to its end.
fn embedding(html: &str, n: usize) -> String {
    let start = html
        .find(&format!("id=\"output-{n}\""))
        .unwrap_or_else(|| panic!("no output-{n}"));
    let end = html[start..]
        .find("\n</div>\n")
        .map_or(html.len(), |e| start + e);
    html[start..end].to_string()
}

#[test]
fn a_lesson_embeds_all_some_lines_a_region_and_the_figures() {
    let book = fixture_book("embed");
    let run = rlbook(
        book.path(),
        &["build", "--strict", "--locked"],
        &[("CI", "true")],
    );
    assert!(run.ok, "{}", run.stderr);
    let html = read(book.path(), "site/01-capstone.html");
    let caption = "<p class=\"embedded-caption\">Output of <a href=\"scripts/01-capstone/capstone.html\"><code>capstone.rlab</code></a></p>";
    let all = embedding(&html, 1);
    assert!(all.contains(caption), "{all}");
    assert!(all.contains("step 1 loss = 0.75\nstep 2 loss = 0.375\nstep 3 loss = 0.1875\n|a| = 5.385164807134504   |b| = 9.5524865872714</pre>"), "{all}");
    let lines = embedding(&html, 2);
    assert!(lines.ends_with("step 3 loss = 0.1875</pre>"), "{lines}");
    assert!(!lines.contains("|a|"), "{lines}");
    let region = embedding(&html, 3);
    assert!(region.contains(">step 1 loss = 0.75\n"), "{region}");
    assert!(!region.contains("|a|"), "{region}");
    let figures = embedding(&html, 4);
    assert!(!figures.contains("<pre"), "{figures}");
    assert!(
        figures.contains("<title id=\"rlfo4-1-t\">Loss by step</title>"),
        "{figures}"
    );
    assert!(
        book.path()
            .join("site/figures/01-capstone/output-4-1.svg")
            .is_file()
    );
    let markdown = read(book.path(), "book/01-capstone.md");
    assert!(
        markdown.contains("Output of [`capstone.rlab`](scripts/01-capstone/capstone.md):\n\n<!-- rustlab:output-start -->\n```text\nstep 1 loss = 0.75\n"),
        "{markdown}"
    );
    assert!(
        markdown.contains("  <!-- rustlab:output-start -->\n  ```text\n  step 1"),
        "the region sits in its list item: {markdown}"
    );
    assert!(
        markdown.contains("![Loss by step](plots/01-capstone/plot-1-"),
        "{markdown}"
    );
}

#[test]
fn the_summary_has_one_row_per_label_linked_to_the_embedding() {
    let book = fixture_book("embed");
    let run = rlbook(book.path(), &["build", "--locked"], &[("CI", "true")]);
    assert!(run.ok, "{}", run.stderr);
    let html = read(book.path(), "site/01-capstone.html");
    for row in [
        "<tr><td>|a| =</td><td><code>5.385164807134504</code></td><td><a href=\"#output-1\">capstone.rlab</a></td></tr>",
        "<tr><td>|b| =</td><td><code>9.5524865872714</code></td><td><a href=\"#output-1\">capstone.rlab</a></td></tr>",
        "<tr><td>step</td><td><code>1 loss = 0.75</code></td><td><a href=\"#output-1\">capstone.rlab</a></td></tr>",
    ] {
        assert!(html.contains(row), "{row} in {html}");
    }
    assert!(html.contains(
        "<a class=\"embedded-link\" href=\"#output-1\">(output shown in this lesson)</a>"
    ));
    let markdown = read(book.path(), "book/01-capstone.md");
    assert!(
        markdown.contains("| \\|a\\| = | `5.385164807134504` |"),
        "{markdown}"
    );
    assert!(
        markdown.contains("| \\|b\\| = | `9.5524865872714` |"),
        "{markdown}"
    );
}

#[test]
fn a_changed_number_drifts_at_the_script_line_and_at_each_embedding() {
    let book = fixture_book("embed");
    edit_file(&book.path().join(SCRIPT), "loss = 1.5;", "loss = 1.6;");
    let run = rlbook(book.path(), &["build"], &[]);
    assert!(!run.ok);
    assert!(
        run.stderr.contains(&format!(
            "{SCRIPT}:6 script capstone.rlab line 1: 0.75 → 0.8"
        )),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains(&format!(
            "{LESSON}:5 embedded output of capstone.rlab drifted (see {SCRIPT}:6)"
        )),
        "{}",
        run.stderr
    );
    assert!(!book.path().join("site").exists(), "no half-written site");
    insta::assert_snapshot!(run.stderr);
}

#[test]
fn a_drift_outside_what_an_embedding_shows_is_not_its_drift() {
    let book = fixture_book("embed");
    edit_file(
        &book.path().join(SCRIPT),
        "a = [3, 4, 2];",
        "a = [3, 4, 2.5];",
    );
    let run = rlbook(book.path(), &["check"], &[]);
    assert!(!run.ok);
    assert!(
        run.stderr
            .contains(&format!("{SCRIPT}:11 script capstone.rlab line 4:")),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains(&format!("{LESSON}:5 embedded output")),
        "{}",
        run.stderr
    );
    assert!(
        !run.stderr.contains(&format!("{LESSON}:9 ")),
        "lines= shows only the steps: {}",
        run.stderr
    );
    assert!(
        !run.stderr.contains(&format!("{LESSON}:15 ")),
        "the region shows only the steps: {}",
        run.stderr
    );
}

#[test]
fn a_blessed_change_shows_on_the_cached_page() {
    let book = fixture_book("embed");
    assert!(rlbook(book.path(), &["build"], &[]).ok);
    edit_file(&book.path().join(SCRIPT), "loss = 1.5;", "loss = 1.6;");
    let bless = rlbook(book.path(), &["bless"], &[]);
    assert!(bless.ok, "{}", bless.stderr);
    assert!(
        bless.stderr.contains("accepted 3 change(s)"),
        "{}",
        bless.stderr
    );
    let run = rlbook(book.path(), &["build"], &[]);
    assert!(run.ok, "{}", run.stderr);
    let html = read(book.path(), "site/01-capstone.html");
    assert!(
        embedding(&html, 2).contains("step 1 loss = 0.8\n"),
        "the page is not stale"
    );
}

/// The error `check` reports when the lesson's first directive is `directive`.
fn directive_error(directive: &str) -> String {
    let book = fixture_book("embed");
    edit_file(
        &book.path().join(LESSON),
        "<!-- output: capstone.rlab -->",
        directive,
    );
    let run = rlbook(book.path(), &["check"], &[]);
    assert!(!run.ok, "{directive} must fail");
    run.stderr
}

#[test]
fn an_unknown_script_is_an_error_at_the_directive() {
    insta::assert_snapshot!(directive_error("<!-- output: capstone2.rlab -->"));
}

#[test]
fn an_invalid_regex_is_an_error_at_its_option() {
    insta::assert_snapshot!(directive_error(
        "<!-- output: capstone.rlab lines=\"^(step\" -->"
    ));
}

#[test]
fn an_unknown_region_is_an_error_at_its_option() {
    insta::assert_snapshot!(directive_error(
        "<!-- output: capstone.rlab region=\"eval\" -->"
    ));
}
