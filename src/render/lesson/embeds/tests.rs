//! Unit tests of embedded script outputs on the page.

use crate::book::Lesson;
use crate::book::region::Region;
use crate::book::script::Script;
use crate::exec::{LabelledValue, LessonRun, ScriptRun};
use crate::render::lesson::{RenderContext, render_lesson};
use crate::render::math::MathCache;
use crate::render::testutil::{FAKE_DRAW, book_of, warning_texts};
use rlab::Figure;
use std::path::PathBuf;

fn lesson(src: &str) -> Lesson {
    let script = Script {
        path: "/b/content/03-x/demo.rlab".into(),
        display: "content/03-x/demo.rlab".into(),
        file_name: "demo.rlab".into(),
        name: "demo".into(),
        description: "A demo".into(),
        source: "% region: tail\nprint(\"b:\", 2)\n% end region\n".into(),
        regions: vec![Region {
            name: "tail".into(),
            start_line: 3,
            end_line: 5,
        }],
    };
    let path = PathBuf::from("/b/content/03-x.md");
    Lesson::parse(path, "content/03-x.md".into(), src.into(), vec![script]).unwrap()
}

fn run() -> LessonRun {
    let value = |label: &str, value: &str, line| LabelledValue {
        label: label.into(),
        value: value.into(),
        line,
    };
    LessonRun {
        scripts: vec![ScriptRun {
            text: "a: 1 <\nb: 2".into(),
            figures: vec![Figure::new(4)],
            values: vec![value("a:", "1 <", 0), value("b:", "2", 1)],
            printed_by: vec![2, 4],
            files: Vec::new(),
            error: None,
        }],
        ..LessonRun::default()
    }
}

fn render(src: &str) -> crate::render::LessonHtml {
    let book = book_of(vec![lesson(src)]);
    let math = MathCache::default();
    let ctx = RenderContext {
        book: &book,
        tables: &crate::render::Tables::default(),
        math: &math,
        strict: false,
        draw_figure: FAKE_DRAW,
    };
    render_lesson(&ctx, &book.lessons[0], &run()).unwrap()
}

#[test]
fn the_output_shows_with_a_caption_linking_the_script() {
    let page = render("# T\n\nBefore.\n<!-- output: demo.rlab -->\n\nAfter.\n");
    assert_eq!(
        page.body,
        "<h1 id=\"t\">T</h1>\n<p>Before.</p>\n<div class=\"embedded-output\" id=\"output-1\">\n\
         <p class=\"embedded-caption\">Output of <a href=\"scripts/03-x/demo.html\"><code>demo.rlab</code></a></p>\n\
         <pre class=\"output\" tabindex=\"0\">a: 1 &lt;\nb: 2</pre>\n\
         </div>\n<p>After.</p>\n"
    );
    assert!(page.figures.is_empty());
}

#[test]
fn lines_regions_and_figures() {
    let page = render(
        "<!-- output: demo.rlab lines=\"^a\" -->\n\n- item\n\n  <!-- output: demo.rlab region=\"tail\" -->\n",
    );
    assert!(page.body.contains("id=\"output-1\">\n<p class=\"embedded-caption\">Output of <a href=\"scripts/03-x/demo.html\"><code>demo.rlab</code></a></p>\n<pre class=\"output\" tabindex=\"0\">a: 1 &lt;</pre>"), "{}", page.body);
    assert!(page.body.contains("id=\"output-2\">\n<p class=\"embedded-caption\">Output of <a href=\"scripts/03-x/demo.html\"><code>demo.rlab</code></a></p>\n<pre class=\"output\" tabindex=\"0\">b: 2</pre>"), "{}", page.body);
    let page = render("<!-- output: demo.rlab figures -->\n");
    assert!(!page.body.contains("<pre"), "{}", page.body);
    assert!(
        page.body.contains("data-id=\"rlfo1-1\" data-figure=\"4\""),
        "{}",
        page.body
    );
    let paths: Vec<&str> = page.figures.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(paths, ["figures/03-x/output-1-1.svg"]);
}

#[test]
fn an_embedding_that_shows_nothing_is_a_warning() {
    let page = render("# T\n\n<!-- output: demo.rlab lines=\"^zzz\" -->\n");
    assert_eq!(
        warning_texts(&page),
        ["content/03-x.md:3: the output directive shows nothing of demo.rlab"]
    );
}

#[test]
fn the_generated_tables_point_to_the_embedding() {
    let src = "<!-- output: demo.rlab region=\"tail\" -->\n\n## Standalone Scripts\n\n## Expected Numerical Outputs Summary\n";
    let body = render(src).body;
    assert!(body.contains("<td>a:</td><td><code>1 &lt;</code></td><td><a href=\"scripts/03-x/demo.html\">demo.rlab</a>"), "{body}");
    assert!(
        body.contains("<td>b:</td><td><code>2</code></td><td><a href=\"#output-1\">demo.rlab</a>"),
        "{body}"
    );
    assert!(
        body.contains(
            "A demo <a class=\"embedded-link\" href=\"#output-1\">(output shown in this lesson)</a>"
        ),
        "{body}"
    );
}
