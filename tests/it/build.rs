//! `rlbook build` on fixture books, through the binary: the site it writes (pages, outputs,
//! inline values, math, generated tables, script pages, figures), and how it fails (rlab
//! errors with file:line:col and a caret, every failing block reported, bad directives, bad
//! book.toml, broken links with --strict) without ever leaving a half-written site.

use crate::common::{self, edit_file, fixture_book, rlbook};
use std::path::Path;

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn basic_book_builds_against_its_committed_record() {
    let book = fixture_book("basic");
    let run = rlbook(book.path(), &["build", "--locked"], &[]);
    assert!(run.ok, "{}", run.stderr);
    assert!(
        run.stdout
            .starts_with("built 2 lessons (6 blocks, 1 script, 1 figure)"),
        "{}",
        run.stdout
    );
    let site = book.path().join("site");
    for file in [
        "index.html",
        "01-intro.html",
        "02-next.html",
        "scripts/01-intro/square.html",
        "assets/style.css",
        "assets/highlight.css",
    ] {
        assert!(site.join(file).is_file(), "missing {file}");
    }
    let intro = read(&site.join("01-intro.html"));
    assert!(intro.contains("x squared: 9"), "block output spliced");
    let text = common::text_of(&intro);
    assert!(text.contains("The square of 3 is 9"), "inline values");
    assert!(intro.contains("<math"), "math rendered at build time");
    assert!(intro.contains("class=\"generated outputs-summary\"") && intro.contains("mean of v:"));
    assert!(
        intro.contains("class=\"generated scripts-table\"") && intro.contains("Square a number")
    );
    assert!(
        intro.contains("<figure class=\"plot\"") && intro.contains("<svg xmlns"),
        "figures inline"
    );
    let figure = intro
        .split("<a href=\"figures/01-intro/")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("a link to the figure's file");
    let svg = read(&site.join("figures/01-intro").join(figure));
    assert!(
        svg.starts_with("<svg xmlns") && intro.contains(&svg),
        "the file is the inline SVG"
    );
    assert!(
        site.join("figures/01-intro")
            .join(figure.replace(".svg", ".csv"))
            .is_file()
    );
    let next = read(&site.join("02-next.html"));
    assert!(
        next.contains("href=\"01-intro.html\""),
        "links to other lessons"
    );
    assert!(
        next.contains("output error") && next.contains("undefined_thing"),
        "should_error shown"
    );
    assert!(next.contains("this is not run") && !next.contains("not run</pre><pre class=\"output"));
    let script = read(&site.join("scripts/01-intro/square.html"));
    assert!(script.contains("y squared: 49"));
}

#[test]
fn books_need_no_book_toml() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("content")).unwrap();
    std::fs::write(
        dir.path().join("content/01-a.md"),
        "# A\n\n```rlab\nprint(1 + 1)\n```\n",
    )
    .unwrap();
    let run = rlbook(dir.path(), &["build"], &[]);
    assert!(run.ok, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("recorded content/01-a.md → expected/01-a.txt (new record)")
    );
    assert!(
        read(&dir.path().join("site/01-a.html")).contains(">2</pre>")
            || read(&dir.path().join("site/01-a.html")).contains(">2\n</pre>")
    );
}

#[test]
fn an_rlab_error_fails_with_location_and_keeps_the_previous_site() {
    let book = fixture_book("basic");
    assert!(rlbook(book.path(), &["build"], &[]).ok);
    let page = book.path().join("site/02-next.html");
    let before = read(&page);
    edit_file(
        &book.path().join("content/02-next.md"),
        "print(\"pi is about\"",
        "print(q, \"pi is about\"",
    );
    edit_file(
        &book.path().join("content/01-intro.md"),
        "x = 3;",
        "x = 3 +;",
    );
    let run = rlbook(book.path(), &["build"], &[]);
    assert!(!run.ok);
    assert!(
        run.stderr.contains(
            "content/02-next.md:14:7: undefined variable 'q'\n  14 | print(q, \"pi is about\""
        ),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("     |       ^"),
        "caret under the error: {}",
        run.stderr
    );
    assert!(
        run.stderr.contains("content/01-intro.md:9:8: parse error"),
        "every failing block: {}",
        run.stderr
    );
    assert!(
        run.stderr.contains("execution error(s); no site written"),
        "{}",
        run.stderr
    );
    assert_eq!(read(&page), before, "the previous site is intact");
}

#[test]
fn load_errors_name_file_and_line() {
    let book = fixture_book("basic");
    let lesson = book.path().join("content/02-next.md");
    edit_file(
        &lesson,
        "```rlab,no_run",
        "<!-- grid: zero -->\n```rlab,no_run",
    );
    let run = rlbook(book.path(), &["build"], &[]);
    assert!(!run.ok);
    assert!(
        run.stderr.contains(
            "content/02-next.md:9:1: directive 'grid' needs a column count 1-12, got 'zero'\n  9 | <!-- grid: zero -->"
        ),
        "{}",
        run.stderr
    );

    let book = fixture_book("basic");
    std::fs::write(
        book.path().join("book.toml"),
        "[book]\ntitle = \"x\"\n[paths]\nlesons = \"content\"\n",
    )
    .unwrap();
    let run = rlbook(book.path(), &["check"], &[]);
    assert!(!run.ok);
    assert!(
        run.stderr.contains("book.toml:4:1: unknown key 'lesons'"),
        "{}",
        run.stderr
    );

    let book = fixture_book("basic");
    let lesson = book.path().join("content/02-next.md");
    let text = read(&lesson);
    std::fs::write(&lesson, format!("{text}\n```rlab\nprint(1)\n")).unwrap();
    let run = rlbook(book.path(), &["build"], &[]);
    assert!(
        run.stderr
            .contains("content/02-next.md:17: unclosed code fence"),
        "{}",
        run.stderr
    );
}

#[test]
fn broken_lesson_links_warn_and_fail_with_strict() {
    let book = fixture_book("basic");
    edit_file(
        &book.path().join("content/02-next.md"),
        "[[01-intro]]",
        "[[01-intro]] and [gone](99-missing.md)",
    );
    let run = rlbook(book.path(), &["build"], &[]);
    assert!(run.ok, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("warning: content/02-next.md:3: broken lesson link '99-missing.md'"),
        "{}",
        run.stderr
    );
    let run = rlbook(book.path(), &["build", "--strict"], &[]);
    assert!(!run.ok);
    assert!(
        run.stderr.contains("broken lesson link '99-missing.md'"),
        "{}",
        run.stderr
    );
}

#[test]
fn check_writes_no_site() {
    let book = fixture_book("basic");
    let run = rlbook(book.path(), &["check", "--locked"], &[]);
    assert!(run.ok, "{}", run.stderr);
    assert!(run.stdout.contains("no drift"));
    assert!(!book.path().join("site").exists());
}

#[test]
fn a_runtime_error_report_is_exact() {
    let book = fixture_book("runtime-error");
    let run = rlbook(book.path(), &["build"], &[]);
    assert!(!run.ok);
    insta::assert_snapshot!(run.stderr);
    assert!(!book.path().join("site").exists());
}

#[test]
fn every_lesson_feature_renders() {
    let book = fixture_book("features");
    let run = rlbook(book.path(), &["build", "--locked", "--strict"], &[]);
    assert!(run.ok, "{}", run.stderr);
    let page = read(&book.path().join("site/01-features.html"));
    for (what, needle) in [
        ("callout", "<aside class=\"callout callout-note\">"),
        (
            "legacy callout",
            "<aside class=\"callout callout-warning\">",
        ),
        (
            "hidden code",
            "<section class=\"rlab-block\" id=\"block-1\">\n</section>",
        ),
        ("value wrapped as math", "<mn>2.00</mn>"),
        (
            "value inside math",
            "<mn>2</mn><mi>a</mi><mo>=</mo><mn>4</mn>",
        ),
        (
            "details",
            "<details class=\"rlab-details\"><summary>The folded demo</summary>",
        ),
        ("grid", "<div class=\"figures\" style=\"--cols: 2\">"),
        ("second figure of the grid", "block-3-2.svg"),
        ("exercise", "<p class=\"exercise-title\">Square it</p>"),
        (
            "solution",
            "<details class=\"solution\"><summary>Solution</summary>",
        ),
        ("scripts table", "tiny.rlab"),
        ("outputs table", "<td>a squared:</td>"),
    ] {
        assert!(page.contains(needle), "{what}: page lacks {needle:?}");
    }
}

/// A lesson never sees the hold flag, random stream or variables another lesson left behind.
#[test]
fn lessons_are_isolated_from_each_other() {
    let book = fixture_book("features");
    assert!(rlbook(book.path(), &["build", "--locked"], &[]).ok);
    let page = read(&book.path().join("site/02-isolated.html"));
    assert!(
        page.contains("first draw: 0.7128130103834549"),
        "a fresh stream (seed 0)"
    );
    let record = read(&book.path().join("expected/02-isolated.txt"));
    assert_eq!(
        record.matches("\nseries ").count(),
        1,
        "hold did not leak: {record}"
    );
}

#[test]
fn the_grad_book_shows_the_hand_derived_jacobian_agreeing_with_grad() {
    let book = fixture_book("grad");
    let run = rlbook(book.path(), &["build", "--locked"], &[]);
    assert!(run.ok, "{}", run.stderr);
    let page = read(&book.path().join("site/01-layernorm-jacobian.html"));
    let line = |label: &str| {
        // The last occurrence: the printed output follows the highlighted source.
        let at = page
            .rfind(label)
            .unwrap_or_else(|| panic!("{label} missing"));
        page[at + label.len()..]
            .lines()
            .next()
            .unwrap_or("")
            .trim()
            .to_string()
    };
    let (hand, by_grad) = (line("J_hand(1, 1:3):"), line("J_grad(1, 1:3):"));
    assert!(
        hand.starts_with("[1×3]") && hand == by_grad,
        "{hand} vs {by_grad}"
    );
    assert!(
        page.contains("agree within 1e-12: true"),
        "the check printed true"
    );
    let gap: f64 = line("max abs difference:").parse().expect("a number");
    assert!(gap < 1e-12, "{gap}");
}

/// A theme folder with live-code files of its own (as this repository's `theme/` has)
/// replaces the embedded ones; the site still has one file per path.
#[test]
fn a_theme_folders_live_files_replace_the_embedded_ones() {
    let book = fixture_book("basic");
    let live = book.path().join("theme/live");
    std::fs::create_dir_all(&live).unwrap();
    std::fs::write(live.join("runtime.js"), "/* the book's own controller */\n").unwrap();
    let run = rlbook(book.path(), &["build", "--locked"], &[]);
    assert!(run.ok, "{}", run.stderr);
    let site = book.path().join("site/assets/live");
    let runtime = std::fs::read_to_string(site.join("runtime.js")).unwrap();
    assert_eq!(runtime, "/* the book's own controller */\n");
    assert!(site.join("loader.js").is_file() && site.join("module.js").is_file());
    let page = std::fs::read_to_string(book.path().join("site/01-intro.html")).unwrap();
    assert!(page.contains("assets/live/loader.js"), "{page}");
}
