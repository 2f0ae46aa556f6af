//! Unit tests of the text passes: inline values with the math-aware rules, `\(…\)`
//! conversion, and the offset map.

use super::*;
use crate::render::testutil::{err, lesson, ok, run_with_inlines};

fn prepared(src: &str, values: Vec<InlineRun>) -> (Prepared, Lesson) {
    let l = lesson(src);
    let p = prepare(&l, &run_with_inlines(values));
    (p, l)
}

#[test]
fn values_outside_math_are_escaped_text() {
    let (p, _) = prepared(
        "# T\n\nWe have ${n} and ${m}.\n",
        vec![ok("a*b<c>"), ok("7")],
    );
    assert_eq!(
        p.text,
        "# T\n\nWe have <span class=\"inline-value\" data-at=\"13\">a&#42;b&#60;c&#62;</span> and <span class=\"inline-value\" data-at=\"22\">7</span>.\n",
        "markdown and HTML characters are character references"
    );
}

#[test]
fn math_aware_substitution() {
    let src = "is ${x}$ and $X = ${v}$ and $$a ${w} b$$ end\n";
    let (p, _) = prepared(src, vec![ok(" 0.5 "), ok("-1.25"), ok("[1 2]")]);
    assert_eq!(p.text, "is $0.5$ and $X = -1.25$ and $$a [1 2] b$$ end\n");
}

#[test]
fn failed_values() {
    let src = "v ${a} and $x = ${b}$ and ${c}$.\n";
    let (p, _) = prepared(
        src,
        vec![err("undefined variable 'a'"), err("bad"), err("worse")],
    );
    assert_eq!(
        p.text,
        "v <span class=\"inline-error\">runtime error&#58; undefined variable &#39;a&#39;</span> and $x = \\text{(error)}$ and <span class=\"inline-error\">runtime error&#58; worse</span>.\n"
    );
    let (p, _) = prepared("v ${a}\n", vec![]);
    assert!(
        p.text.contains("&#39;a&#39; was not evaluated"),
        "{}",
        p.text
    );
}

#[test]
fn paren_delimiters_become_dollars() {
    let src = "Let \\( x + 1 \\) and \\[\\frac{a}{b}\\] but not `\\(code\\)` or \\\\(x) or \\(open.\n\nNext \\(a\\).\n";
    let (p, _) = prepared(src, vec![]);
    assert_eq!(
        p.text,
        "Let $x + 1$ and $$\\frac{a}{b}$$ but not `\\(code\\)` or \\\\(x) or \\(open.\n\nNext $a$.\n"
    );
}

#[test]
fn paren_math_among_many_code_spans() {
    let unit = "`c` then \\(x\\) and \\(y `z` w\\) end.\n\n";
    let (p, _) = prepared(&unit.repeat(20_000), vec![]);
    let want = "`c` then $x$ and \\(y `z` w\\) end.\n\n";
    assert_eq!(
        p.text,
        want.repeat(20_000),
        "a code span inside stops the math"
    );
}

#[test]
fn values_inside_paren_math_are_bare() {
    let src = "so \\(x = ${v}\\) ok\n";
    let (p, _) = prepared(src, vec![ok("a_b")]);
    assert_eq!(p.text, "so $x = a_b$ ok\n");
}

#[test]
fn dollars_inside_display_paren_math_and_code_blocks_untouched() {
    let src = "```rlab\nx = \\(1\\)\n```\n\n$\\(y\\)$\n";
    let (p, _) = prepared(src, vec![]);
    assert_eq!(p.text, src);
}

#[test]
fn offsets_map_back_to_the_source() {
    let src = "---\ntitle: x\n---\nA ${long_name} B\nline 2 \\(q\\) C\nline 3\n";
    let (p, l) = prepared(src, vec![ok("1")]);
    let value = "<span class=\"inline-value\" data-at=\"19\">1</span>";
    assert_eq!(p.text, format!("A {value} B\nline 2 $q$ C\nline 3\n"));
    for needle in ["B", "line 2", "q", "C", "line 3"] {
        let at = p.text.find(needle).unwrap();
        let orig = p.map.to_source(at);
        assert_eq!(&l.source[orig..orig + needle.len()], needle);
    }
    let inside_value = p.text.find('1').unwrap();
    assert_eq!(&l.source[p.map.to_source(inside_value)..][..2], "${");
}
