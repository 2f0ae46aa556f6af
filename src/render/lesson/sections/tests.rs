//! Unit tests of the generated sections.

use super::*;
use crate::book::script::Script;
use crate::exec::{BlockRun, LabelledValue, LessonRun, ScriptRun};
use crate::render::lesson::{RenderContext, render_lesson};
use crate::render::math::MathCache;
use crate::render::testutil::{FAKE_DRAW, book_of, lesson};

fn value(label: &str, value: &str) -> LabelledValue {
    LabelledValue {
        label: label.into(),
        value: value.into(),
        line: 0,
    }
}

fn script(name: &str, description: &str) -> Script {
    Script {
        path: format!("/b/content/03-x/{name}.rlab").into(),
        display: format!("content/03-x/{name}.rlab"),
        file_name: format!("{name}.rlab"),
        name: name.into(),
        description: description.into(),
        source: "x = 1;\n".into(),
        regions: vec![],
    }
}

const SRC: &str = "# T\n\n```rlab\nprint(\"a:\", 1)\n```\n\n## Standalone Scripts\n\n| Script | What |\n|---|---|\n| `old.rlab` | typed by hand |\n\nRun them with `make`.\n\n### Notes\n\nkept $n$\n\n## Expected Numerical Outputs Summary\n\n| Variable | Value |\n|---|---|\n| a | $\\ll 1$ |\n\n```rlab\nprint(\"b <c>:\", 2)\n```\n\n## After\n\ntail\n";

fn rendered(scripts: Vec<Script>, run: &LessonRun) -> String {
    let mut l = lesson(SRC);
    l.scripts = scripts;
    let book = book_of(vec![l]);
    let math = MathCache::default();
    let ctx = RenderContext {
        book: &book,
        tables: &crate::render::Tables::default(),
        math: &math,
        strict: false,
        draw_figure: FAKE_DRAW,
    };
    render_lesson(&ctx, &book.lessons[0], run).unwrap().body
}

#[test]
fn tables_replace_the_hand_typed_ones() {
    let run = LessonRun {
        blocks: vec![
            BlockRun {
                values: vec![value("a:", "1")],
                ..BlockRun::default()
            },
            BlockRun {
                values: vec![value("b <c>:", "[1×2]  1  2")],
                ..BlockRun::default()
            },
        ],
        scripts: vec![ScriptRun {
            text: String::new(),
            figures: vec![],
            error: None,
            values: vec![value("loss:", "0.5")],
            printed_by: vec![],
            files: Vec::new(),
        }],
        ..LessonRun::default()
    };
    let body = rendered(vec![script("demo", "Shows a & b")], &run);
    assert!(
        body.contains("<table class=\"generated scripts-table\">"),
        "{body}"
    );
    assert!(body.contains("<tr><td><a href=\"scripts/03-x/demo.html\"><code>demo.rlab</code></a></td><td>Shows a &amp; b</td></tr>"), "{body}");
    assert!(!body.contains("typed by hand"), "{body}");
    assert!(body.contains("Run them with <code>make</code>."));
    assert!(
        body.contains("kept"),
        "subsections stay in the scripts section"
    );
    assert!(body.contains("<table class=\"generated outputs-summary\">"));
    assert!(
        body.contains(
            "<tr><td>a:</td><td><code>1</code></td><td><a href=\"#block-1\">block 1</a></td></tr>"
        ),
        "{body}"
    );
    assert!(body.contains("<tr><td>b &lt;c&gt;:</td><td><code>[1×2]  1  2</code></td><td><a href=\"#block-2\">block 2</a></td></tr>"));
    assert!(body.contains("<tr><td>loss:</td><td><code>0.5</code></td><td><a href=\"scripts/03-x/demo.html\">demo.rlab</a></td></tr>"));
    assert!(!body.contains("Variable"), "the hand-typed summary is gone");
    assert!(
        body.contains("id=\"block-2\""),
        "blocks in the summary body stay"
    );
    assert!(body.contains("tail"));
}

#[test]
fn empty_tables_say_so() {
    let body = rendered(vec![], &LessonRun::default());
    assert!(body.contains(
        "<p class=\"generated scripts-table\">This lesson has no standalone scripts.</p>"
    ));
    assert!(
        body.contains(
            "<p class=\"generated outputs-summary\">No labelled values were printed.</p>"
        )
    );
}

#[test]
fn formulas_of_replaced_bodies_are_not_collected() {
    let l = lesson(SRC);
    let formulas = crate::render::lesson::formulas(&l, &LessonRun::default());
    let texs: Vec<&str> = formulas.iter().map(|f| f.tex.as_str()).collect();
    assert_eq!(texs, ["n"]);
}

#[test]
fn script_hrefs() {
    assert_eq!(script_href("03-x", "run_me"), "scripts/03-x/run_me.html");
}
