//! Unit tests of callouts, exercises and solutions.

use crate::exec::LessonRun;
use crate::render::testutil::render;

fn body(src: &str) -> (String, Vec<String>) {
    let page = render(src, &LessonRun::default());
    let warnings = crate::render::testutil::warning_texts(&page);
    (page.body, warnings)
}

#[test]
fn gfm_callouts() {
    let (html, _) = body("> [!TIP]\n> Use *this*.\n\n> plain quote\n");
    assert_eq!(
        html,
        "<aside class=\"callout callout-tip\">\n<p class=\"callout-title\">Tip</p>\n<p>Use <em>this</em>.</p>\n</aside>\n<blockquote>\n<p>plain quote</p>\n</blockquote>\n"
    );
}

#[test]
fn legacy_callouts() {
    let (html, warnings) =
        body("<!-- caution: Numerics -->\n> Careful.\n\n<!-- note -->\n\nNot a quote.\n");
    assert!(html.starts_with("<aside class=\"callout callout-caution\">\n<p class=\"callout-title\">Numerics</p>\n<p>Careful.</p>\n</aside>\n"), "{html}");
    assert!(!html.contains("<!--"), "{html}");
    assert_eq!(
        warnings,
        ["content/03-x.md:4: '<!-- note -->' must be directly followed by a blockquote"]
    );
}

#[test]
fn exercises_and_solutions() {
    let src = "## Exercises\n\n<!-- exercise: Affine identity -->\nShow it.\n\n- a\n- b\n\n<!-- solution -->\nIt holds.\n\n<!-- end -->\nAfter.\n\n<!-- exercise -->\nSecond.\n\n<!-- solution: Hint -->\nH.\n\n<!-- solution -->\nS.\n\n## Next\n";
    let (html, warnings) = body(src);
    assert!(warnings.is_empty(), "{warnings:?}");
    let expected = "<h2 id=\"exercises\">Exercises</h2>\n<div class=\"exercise\" id=\"exercise-1\" data-exercise=\"1\">\n<p class=\"exercise-title\">Affine identity</p>\n<p>Show it.</p>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<details class=\"solution\"><summary>Solution</summary>\n<p>It holds.</p>\n</details>\n</div>\n<p>After.</p>\n<div class=\"exercise\" id=\"exercise-2\" data-exercise=\"2\">\n<p>Second.</p>\n<details class=\"solution\"><summary>Hint</summary>\n<p>H.</p>\n</details>\n<details class=\"solution\"><summary>Solution</summary>\n<p>S.</p>\n</details>\n</div>\n<h2 id=\"next\">Next</h2>\n";
    assert_eq!(html, expected);
}

#[test]
fn open_containers_close_at_the_end_and_nested_directives_warn() {
    let (html, warnings) = body("<!-- solution -->\nS.\n\n- item\n\n  <!-- exercise -->\n");
    assert!(html.ends_with("</ul>\n</details>\n"), "{html}");
    assert_eq!(
        warnings,
        ["content/03-x.md:6: exercise, hint, solution and end directives must be at the top level"]
    );
}

#[test]
fn fence_directives_are_dropped() {
    let (html, _) = body("<!-- hide -->\n```rlab\nx = 1;\n```\n");
    assert!(!html.contains("<!--"), "{html}");
    assert!(!html.contains("<pre class=\"code\""), "hidden code: {html}");
}

#[test]
fn tables_scroll_in_a_focusable_box() {
    let (html, warnings) =
        body("Before.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- item\n\n  | c |\n  |---|\n  | 3 |\n");
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(
        html.matches("<div class=\"table-scroll\" tabindex=\"0\">\n<table>")
            .count(),
        2,
        "{html}"
    );
    assert_eq!(html.matches("</table>\n</div>\n").count(), 2, "{html}");
    let (html, _) = body("No table here.\n");
    assert!(!html.contains("table-scroll"), "{html}");
}

#[test]
fn hints_count_and_answer_boxes_stand_where_their_comments_do() {
    let src = "<!-- exercise -->\nHow many? <!-- answer: ${2 + 2} -->\n\n<!-- answer: ${1} -->\n\n<!-- hint -->\nOne.\n\n<!-- hint -->\nTwo.\n\n<!-- solution -->\nS.\n\n<!-- end -->\n";
    let (html, warnings) = body(src);
    assert!(warnings.is_empty(), "{warnings:?}");
    let expected = "<div class=\"exercise\" id=\"exercise-1\" data-exercise=\"1\">\n<p>How many? <span class=\"exercise-answer\" data-exercise=\"1\" data-answer=\"1\"></span></p>\n<p><span class=\"exercise-answer\" data-exercise=\"1\" data-answer=\"2\"></span></p>\n<details class=\"exercise-hint\"><summary>Hint 1 of 2</summary>\n<p>One.</p>\n</details>\n<details class=\"exercise-hint\"><summary>Hint 2 of 2</summary>\n<p>Two.</p>\n</details>\n<details class=\"solution\"><summary>Solution</summary>\n<p>S.</p>\n</details>\n</div>\n";
    assert_eq!(html, expected);
}
