//! The lesson renderer on whole lessons: the fixture book `tests/books/render-basic` with a
//! hand-built run (contract structure, math, highlighting, generated tables, links, inline
//! values; a snapshot of the page), and every notebook of the public course plus the seed
//! text, which must render without panics (see `common::shared` for a missing `../shared`).

use crate::common;

use rlab::{Figure, LangError, RunError};
use rlbook::book::{Book, Lesson};
use rlbook::config::Config;
use rlbook::exec::{BlockRun, InlineRun, LabelledValue, LessonRun, ScriptRun};
use rlbook::render::LessonHtml;
use rlbook::render::lesson::{RenderContext, render_lesson};
use rlbook::render::math::{MathCache, collect_formulas};
use std::path::{Path, PathBuf};

/// A deterministic stand-in for the SVG renderer (these tests check rendering, not
/// plotting): the figure's id and first panel title.
fn svg_stub(fig: &Figure, id: &str) -> rlab::plot::svg::Drawing {
    let title = fig.panels.first().map_or("", |p| p.title.as_str());
    rlab::plot::svg::Drawing {
        svg: format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" data-id=\"{id}\"><title>{} {title}</title></svg>",
            fig.id
        ),
        width: 10,
        height: 10,
        panels: Vec::new(),
    }
}

fn fixture(name: &str) -> Book {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/books")
        .join(name);
    Book::load(Config::load(&root).expect("config")).expect("fixture book loads")
}

fn render_book(book: &Book, runs: &[LessonRun], strict: bool) -> Vec<anyhow::Result<LessonHtml>> {
    let (xrefs, _) = rlbook::xref::Xrefs::collect(book, runs);
    let tables = rlbook::render::Tables {
        xrefs,
        ..Default::default()
    };
    let math = MathCache::prerender(collect_formulas(book, runs, &tables.glossary));
    let ctx = RenderContext {
        book,
        tables: &tables,
        math: &math,
        strict,
        draw_figure: rlbook::render::figure::Draw {
            wide: svg_stub,
            narrow: svg_stub,
        },
    };
    let empty = LessonRun::default();
    book.lessons
        .iter()
        .enumerate()
        .map(|(i, lesson)| render_lesson(&ctx, lesson, runs.get(i).unwrap_or(&empty)))
        .collect()
}

fn text(s: &str) -> InlineRun {
    InlineRun {
        value: Ok(s.to_string()),
    }
}

fn printed(text: &str, values: &[(&str, &str)]) -> BlockRun {
    BlockRun {
        executed: true,
        text: text.to_string(),
        values: values
            .iter()
            .map(|(label, value)| LabelledValue {
                label: label.to_string(),
                value: value.to_string(),
                line: 0,
            })
            .collect(),
        ..BlockRun::default()
    }
}

fn titled_figure(id: u32, title: &str) -> Figure {
    let mut fig = Figure::new(id);
    if let Some(panel) = fig.panels.first_mut() {
        panel.title = title.to_string();
    }
    fig
}

/// What executing `render-basic/01-basics.md` gives (by hand, so the test does not depend
/// on the interpreter).
fn basics_run() -> LessonRun {
    let error = LangError::runtime("index 0 out of bounds (indices start at 1)");
    LessonRun {
        blocks: vec![
            printed("", &[]),
            printed("", &[]),
            printed("mean(x): 0.1234", &[("mean(x):", "0.1234")]),
            BlockRun {
                figures: vec![titled_figure(2, "Samples"), titled_figure(3, "")],
                ..printed("", &[])
            },
            BlockRun::default(),
            BlockRun {
                error: Some(RunError {
                    error,
                    file: "content/01-basics.md".into(),
                    line: 57,
                    col: 5,
                    excerpt: String::new(),
                }),
                ..printed("", &[])
            },
        ],
        inlines: vec![text("8"), text("0.123"), text("1.05")],
        scripts: vec![ScriptRun {
            text: "final balance: 162.889".to_string(),
            figures: vec![],
            error: None,
            values: vec![LabelledValue {
                label: "final balance:".to_string(),
                value: "162.889".to_string(),
                line: 0,
            }],
            printed_by: vec![0],
            files: Vec::new(),
        }],
        exercises: Vec::new(),
        files: Vec::new(),
    }
}

fn basics_page() -> LessonHtml {
    let book = fixture("render-basic");
    let runs = vec![basics_run(), LessonRun::default()];
    let mut pages = render_book(&book, &runs, false);
    pages.remove(0).expect("renders")
}

#[test]
fn fixture_page_snapshot() {
    let page = basics_page();
    insta::assert_snapshot!("render_basic_01_body", page.body);
}

#[test]
fn fixture_page_metadata() {
    let page = basics_page();
    assert_eq!(page.slug, "01-basics");
    assert_eq!(page.title, "Basics: values & plots");
    let toc: Vec<(u8, &str, &str)> = page
        .toc
        .iter()
        .map(|t| (t.level, t.id.as_str(), t.text.as_str()))
        .collect();
    assert_eq!(
        toc,
        [
            (2, "setup", "Setup"),
            (2, "plots", "Plots"),
            (2, "exercises", "Exercises"),
            (2, "standalone-scripts", "Standalone Scripts"),
            (
                2,
                "expected-numerical-outputs-summary",
                "Expected Numerical Outputs Summary"
            ),
        ]
    );
    let warnings: Vec<String> = page.warnings.iter().map(|w| w.text()).collect();
    assert_eq!(
        warnings,
        ["warning: content/01-basics.md:66: broken lesson link '09-missing.md'"]
    );
    let figures: Vec<&str> = page.figures.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(
        figures,
        [
            "figures/01-basics/block-4-1.svg",
            "figures/01-basics/block-4-2.svg"
        ]
    );
    assert!(page.figures[0].svg.contains("<title>2 Samples</title>"));
    assert!(
        page.search_text
            .starts_with("Lesson 1: Basics A vector of 8 samples has mean")
    );
    assert!(page.search_text.contains("mean(x): 0.1234"));
    assert_eq!(page.scripts.len(), 1);
    assert_eq!(page.scripts[0].output, "final balance: 162.889");
    assert_eq!(
        page.scripts[0].description,
        "Compound growth of a balance over ten years."
    );
}

#[test]
fn fixture_page_contract() {
    let body = basics_page().body;
    let sections = body.matches("<section class=\"rlab-block\"").count();
    assert_eq!(sections, 6);
    for n in 1..=6 {
        assert!(body.contains(&format!("id=\"block-{n}\"")), "block {n}");
    }
    // Block 1 is hidden: its section has no code.
    let first = section(&body, 1);
    assert!(!first.contains("<pre class=\"code\""), "{first}");
    assert!(
        section(&body, 3).contains("<pre class=\"output\" tabindex=\"0\">mean(x): 0.1234</pre>")
    );
    assert!(body.contains("<details class=\"rlab-details\"><summary>Statistics of the samples</summary>\n<section class=\"rlab-block\" id=\"block-3\" data-live>"));
    let grid = section(&body, 4);
    assert!(grid.contains("<div class=\"figures\" style=\"--cols: 2\">\n<figure class=\"plot\" id=\"rlf4-1\">\n<div class=\"rlf-view rlf-wide\">\n<svg"));
    assert!(
        grid.contains("<title>2 Samples</title>"),
        "the figure's SVG is inline"
    );
    assert!(grid.contains("<a href=\"figures/01-basics/block-4-2.csv\" download>CSV</a>"));
    assert!(section(&body, 6).contains("<pre class=\"output error\" tabindex=\"0\">runtime error: index 0 out of bounds (indices start at 1)</pre>"));
    assert!(body.contains(
        "<pre class=\"code\" tabindex=\"0\"><code class=\"language-python\"><span class=\"hl-source hl-python\">"
    ));
    assert!(body.contains("<span class=\"hl-support hl-function hl-builtin hl-rlab\">mean</span>"));
    assert!(
        body.contains(
            "<aside class=\"callout callout-note\">\n<p class=\"callout-title\">Note</p>"
        )
    );
    assert!(body.contains(
        "<aside class=\"callout callout-warning\">\n<p class=\"callout-title\">Mind the scale</p>"
    ));
    assert!(
        body.contains("<div class=\"exercise\" id=\"exercise-1\" data-exercise=\"1\">\n<p class=\"exercise-title\">Mean by hand</p>")
    );
    assert!(body.contains("<details class=\"solution\"><summary>Solution</summary>"));
    assert!(body.contains("<a href=\"02-next.html#details\">the next lesson</a>"));
    assert!(body.contains("<a href=\"02-next.html\">Lesson 2: Next steps</a>"));
    assert!(body.contains("<table class=\"generated scripts-table\">"));
    assert!(!body.contains("typed by hand"));
    assert!(body.contains("<tr><td>mean(x):</td><td><code>0.1234</code></td><td><a href=\"#block-3\">block 3</a></td></tr>"));
    assert!(body.contains("<tr><td>final balance:</td><td><code>162.889</code></td><td><a href=\"scripts/01-basics/growth.html\">growth.rlab</a></td></tr>"));
    assert!(!body.contains("<!--"), "directive comments are not copied");
}

#[test]
fn fixture_math_and_inline_values() {
    let body = basics_page().body;
    assert!(common::text_of(&body).contains("8 samples"));
    assert!(
        body.contains("<strong><span class=\"inline-value\" data-at="),
        "{body}"
    );
    assert!(
        body.contains("<mi>μ</mi><mo>=</mo><mn>0.123</mn>"),
        "value inside math"
    );
    assert!(body.contains("spread <span class=\"math math-inline\" data-values=\"128\"><math xmlns=\"http://www.w3.org/1998/Math/MathML\"><semantics><mrow><mn>1.05</mn>"), "wrapped value");
    assert!(body.contains("<div class=\"math math-display\" tabindex=\"0\"><math xmlns=\"http://www.w3.org/1998/Math/MathML\" display=\"block\">"));
    assert!(body.contains(
        "<mi mathvariant=\"normal\">L</mi><mi mathvariant=\"normal\">N</mi></mrow><mo stretchy=\"false\">(</mo><mi mathvariant=\"bold\">x</mi>"
    ));
    assert!(
        body.contains("A literal ${not_a_value} stays"),
        "escaped dollar"
    );
    assert!(!body.contains("\\("), "paren math converted");
}

#[test]
fn strict_turns_warnings_into_errors() {
    let book = fixture("render-basic");
    let runs = vec![basics_run(), LessonRun::default()];
    let pages = render_book(&book, &runs, true);
    let err = pages[0]
        .as_ref()
        .expect_err("broken link is an error")
        .to_string();
    assert_eq!(
        err,
        "content/01-basics.md:66: broken lesson link '09-missing.md'"
    );
    let second = pages[1].as_ref().expect("the other lesson is clean");
    assert!(
        second
            .body
            .contains("<a href=\"01-basics.html\">the basics</a>")
    );
}

#[test]
fn rendering_is_deterministic() {
    assert_eq!(basics_page(), basics_page());
}

/// The text of block `n`'s section.
fn section(body: &str, n: usize) -> &str {
    let start = body
        .find(&format!("<section class=\"rlab-block\" id=\"block-{n}\""))
        .unwrap_or_else(|| panic!("block {n} in {body}"));
    let len = body[start..]
        .find("</section>")
        .unwrap_or(body.len() - start);
    &body[start..start + len]
}

fn corpus_book(shared: &Path) -> Book {
    let root = shared.join("corpus/rustlab_llm");
    let toml = "[paths]\nlessons = \"notebooks\"\nscripts = \"lessons\"\n";
    let config = Config::parse(&root, toml, "book.toml").expect("config");
    Book::load(config).expect("the course loads")
}

#[test]
fn every_corpus_notebook_renders() {
    let Some(shared) = common::shared(
        "rendering the corpus notebooks",
        &["corpus/rustlab_llm/notebooks", "corpus/rustlab_llm/lessons"],
    ) else {
        return;
    };
    let book = corpus_book(&shared);
    assert_eq!(book.lessons.len(), 12);
    let pages = render_book(&book, &[], false);
    for (lesson, page) in book.lessons.iter().zip(pages) {
        let page = page.unwrap_or_else(|e| panic!("{}: {e:#}", lesson.display));
        assert!(page.warnings.is_empty(), "{:?}", page.warnings);
        assert_eq!(
            page.body.matches("<section class=\"rlab-block\"").count(),
            lesson.blocks.len(),
            "{}",
            lesson.display
        );
        assert!(!page.body.contains("<p><div"), "{}", lesson.display);
        assert_eq!(page.scripts.len(), lesson.scripts.len());
        if !lesson.scripts.is_empty() && lesson.source.contains("## Standalone Scripts") {
            assert!(
                page.body
                    .contains("<table class=\"generated scripts-table\">")
            );
        }
        assert!(!page.search_text.is_empty());
        if !lesson.inlines.is_empty() {
            assert!(
                page.body.contains("<span class=\"inline-error\">"),
                "values never run"
            );
        }
    }
}

#[test]
fn the_seed_text_renders() {
    let Some(shared) = common::shared(
        "rendering the seed text",
        &["seed/000_49c4ea81e986feac.txt"],
    ) else {
        return;
    };
    let source =
        std::fs::read_to_string(shared.join("seed/000_49c4ea81e986feac.txt")).expect("seed text");
    let path = PathBuf::from("/seed/12-layer-norm.md");
    let lesson = Lesson::parse(path, "12-layer-norm.md".into(), source, vec![])
        .expect("the seed parses as a lesson");
    let config = Config::parse(Path::new("/seed"), "", "book.toml").expect("config");
    let book = Book {
        config,
        lessons: vec![lesson],
    };
    let pages = render_book(&book, &[], false);
    let page = pages
        .into_iter()
        .next()
        .expect("one page")
        .expect("renders");
    assert!(page.warnings.is_empty(), "{:?}", page.warnings);
    assert!(
        page.body
            .matches("<span class=\"math math-inline\">")
            .count()
            > 50
    );
    assert!(
        page.body
            .contains("<div class=\"math math-display\" tabindex=\"0\">")
    );
    assert!(!page.body.contains("\\("));
}
