//! Unit tests of math rendering.

use crate::exec::LessonRun;
use crate::render::testutil::{render, try_render};

#[test]
fn inline_and_display_math() {
    let page = render("Let $x^2$ be.\n\n$$\\frac{a}{b}$$\n", &LessonRun::default());
    let body = page.body;
    assert!(body.starts_with("<p>Let <span class=\"math math-inline\"><math xmlns=\"http://www.w3.org/1998/Math/MathML\"><semantics><mrow><msup><mi>x</mi><mn>2</mn></msup>"), "{body}");
    assert!(body.contains("</math></span> be.</p>\n"), "{body}");
    assert!(body.contains("<div class=\"math math-display\" tabindex=\"0\"><math xmlns=\"http://www.w3.org/1998/Math/MathML\" display=\"block\">"), "{body}");
    assert!(!body.contains("<p><div"), "{body}");
    assert!(!body.contains("<p></p>"), "{body}");
    assert!(body.ends_with("</math></div>\n"), "{body}");
}

#[test]
fn display_math_inside_a_paragraph_splits_it() {
    let body = render("Before\n$$y$$\nafter.\n", &LessonRun::default()).body;
    assert!(
        body.starts_with("<p>Before\n</p>\n<div class=\"math math-display\" tabindex=\"0\">"),
        "{body}"
    );
    assert!(body.ends_with("</math></div>\n<p>\nafter.</p>\n"), "{body}");
}

#[test]
fn display_math_in_inline_markup_is_a_span() {
    let body = render("| a |\n|---|\n| $$z$$ |\n", &LessonRun::default()).body;
    assert!(
        body.contains("<td><span class=\"math math-display\" tabindex=\"0\"><math"),
        "{body}"
    );
}

#[test]
fn paren_math_and_inline_values_reach_katex() {
    let run = crate::render::testutil::run_with_inlines(vec![crate::render::testutil::ok("0.25")]);
    let body = render("So \\(p = ${p}\\).\n", &run).body;
    assert!(body.contains("<mi>p</mi><mo>=</mo><mn>0.25</mn>"), "{body}");
}

#[test]
fn katex_errors_are_warnings_or_errors_when_strict() {
    let src = "# T\n\nok $a$\n\nbad $\\nosuch{x}$ and\n\n$$\\frac{1}$$\n";
    let page = render(src, &LessonRun::default());
    assert!(
        page.body
            .contains("bad <code class=\"math-error\">\\nosuch{x}</code> and"),
        "{}",
        page.body
    );
    assert!(
        page.body
            .contains("<p><code class=\"math-error\">\\frac{1}</code></p>\n"),
        "{}",
        page.body
    );
    let warnings = crate::render::testutil::warning_texts(&page);
    assert_eq!(warnings.len(), 2);
    assert_eq!(
        warnings[0],
        "content/03-x.md:5: math error: Undefined control sequence: \\nosuch"
    );
    assert!(
        warnings[1].starts_with("content/03-x.md:7: math error: "),
        "{warnings:?}"
    );
    let err = try_render(src, &LessonRun::default(), true)
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("content/03-x.md:5: math error: Undefined control sequence"),
        "{err}"
    );
}

#[test]
fn a_formula_names_the_inline_values_it_holds_for_live_code() {
    use crate::render::testutil::{ok, run_with_inlines};
    let src = "# T\n\nSo ${a} and $p = ${b} + ${c}$ and $$q = ${d}$$ end $r$.\n";
    let run = run_with_inlines(vec![ok("1"), ok("2"), ok("3"), ok("4")]);
    let body = render(src, &run).body;
    let at = |expr: &str| src.find(&format!("${{{expr}}}")).unwrap();
    let inline = format!(
        "<span class=\"math math-inline\" data-values=\"{} {}\">",
        at("b"),
        at("c")
    );
    let display = format!(
        "class=\"math math-display\" tabindex=\"0\" data-values=\"{}\">",
        at("d")
    );
    assert!(body.contains(&inline), "{body}");
    assert!(body.contains(&display), "{body}");
    assert!(
        body.contains("<span class=\"math math-inline\"><math"),
        "{body}"
    );
}
