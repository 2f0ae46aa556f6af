//! The themed site of the fixture books in `tests/books/site-*`, assembled and written as a
//! build does ([`assemble`], then [`write_folder`]) from hand-built lesson pages (bodies in
//! `rendered/<slug>.html`), checked for structure: files, navigation,
//! previous/next, table of contents, theme toggle, search index, script pages, and a book's
//! own templates and theme files. One page is snapshotted.
//!
//! Set `RLBOOK_SITE_OUT=DIR` to keep the site of `site-basic` in DIR (for
//! `scripts/validate-html DIR` or a browser): only `every_page_figure_and_asset_is_written`
//! writes there, so parallel tests never share an output directory.

use super::{SiteSummary, assemble, write_folder};
use crate::book::Book;
use crate::config::Config;
use crate::render::{FigureFile, LessonHtml, ScriptPage, TocEntry};
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/books")
        .join(name)
}

fn svg(label: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"320\" height=\"200\" viewBox=\"0 0 320 200\">\
         <rect width=\"320\" height=\"200\" fill=\"#ffffff\"/>\
         <polyline points=\"20,180 100,120 180,90 300,20\" fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"3\"/>\
         <text x=\"160\" y=\"195\" text-anchor=\"middle\" font-size=\"12\">{label}</text></svg>"
    )
}

/// `<h2 id="x">Text</h2>` / `<h3 …>` headings of a body, as the lesson renderer reports them.
fn toc_of(body: &str) -> Vec<TocEntry> {
    let mut toc = Vec::new();
    for (level, open) in [(2u8, "<h2 id=\""), (3, "<h3 id=\"")] {
        for (at, _) in body.match_indices(open) {
            let rest = &body[at + open.len()..];
            let (id, rest) = rest.split_once('"').unwrap();
            let text = rest[1..].split_once("</h").unwrap().0;
            toc.push((
                at,
                TocEntry {
                    level,
                    id: id.into(),
                    text: text.into(),
                },
            ));
        }
    }
    toc.sort_by_key(|(at, _)| *at);
    toc.into_iter().map(|(_, e)| e).collect()
}

fn plain_text(body: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in body.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                out.push(' ');
            }
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

fn pages_of(root: &Path, book: &Book) -> Vec<LessonHtml> {
    book.lessons
        .iter()
        .map(|lesson| {
            let rendered = root.join("rendered").join(format!("{}.html", lesson.slug));
            let body = std::fs::read_to_string(rendered)
                .unwrap_or_else(|_| format!("<h1>{}</h1>\n<p>Text.</p>", lesson.title));
            LessonHtml {
                cites: false,
                terms: false,
                slug: lesson.slug.clone(),
                title: lesson.title.clone(),
                toc: toc_of(&body),
                search_text: plain_text(&body),
                body,
                figures: vec![],
                scripts: vec![],
                warnings: vec![],
                linked: vec![],
                live: None,
            }
        })
        .collect()
}

fn basic_pages(book: &Book) -> Vec<LessonHtml> {
    let mut pages = pages_of(&fixture("site-basic"), book);
    let softmax = &mut pages[1];
    for k in 1..=2 {
        softmax.figures.push(FigureFile {
            path: format!("figures/02-softmax/block-2-{k}.svg"),
            svg: svg(&format!("figure {k}")),
            csv: "panel,kind,series,x,y,z\n".into(),
        });
    }
    let script = &book.lessons[1].scripts[0];
    softmax.scripts.push(ScriptPage {
        name: script.name.clone(),
        file_name: script.file_name.clone(),
        description: script.description.clone(),
        source_html: format!(
            "<pre class=\"code\" tabindex=\"0\"><code class=\"language-rlab\">{}</code></pre>",
            script.source.replace('<', "&lt;")
        ),
        output: "p: [0.0900306 0.244728 0.665241]".into(),
        error: Some("content/02-softmax/normalise.rlab:5:1: a <made-up> error".into()),
        figures: vec![FigureFile {
            path: "figures/02-softmax/script-normalise-1.svg".into(),
            svg: svg("script figure"),
            csv: "panel,kind,series,x,y,z\n".into(),
        }],
        figures_html: "<figure class=\"plot\" id=\"f1\">script figure</figure>\n".into(),
        live: None,
    });
    pages
}

/// Build a fixture book's site into a temporary directory.
fn build(
    name: &str,
    pages: impl Fn(&Book) -> Vec<LessonHtml>,
) -> (tempfile::TempDir, PathBuf, SiteSummary) {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("site");
    let summary = build_into(name, pages, &out);
    (tmp, out, summary)
}

fn build_into(name: &str, pages: impl Fn(&Book) -> Vec<LessonHtml>, out: &Path) -> SiteSummary {
    let root = fixture(name);
    let book = Book::load(Config::load(&root).unwrap()).unwrap();
    let pages = pages(&book);
    write_folder(
        &book,
        &assemble(
            &book,
            super::Pages {
                lessons: &pages,
                matter: &[],
            },
            &[],
        )
        .unwrap(),
        out,
        false,
    )
    .unwrap()
}

fn read(path: PathBuf) -> String {
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_page_figure_and_asset_is_written() {
    let (_tmp, mut out, mut summary) = build("site-basic", basic_pages);
    if let Some(dir) = std::env::var_os("RLBOOK_SITE_OUT") {
        out = PathBuf::from(dir);
        summary = build_into("site-basic", basic_pages, &out);
    }
    assert_eq!(summary.pages, 5, "3 lessons, the index, 1 script");
    assert_eq!(summary.figures, 3);
    for file in [
        "index.html",
        "01-intro.html",
        "02-softmax.html",
        "03-wrap-up.html",
        "scripts/02-softmax/normalise.html",
        "figures/02-softmax/block-2-1.svg",
        "figures/02-softmax/block-2-2.svg",
        "figures/02-softmax/script-normalise-1.svg",
        "figures/02-softmax/script-normalise-1.csv",
        "assets/style.css",
        "assets/print.css",
        "assets/rlbook.js",
        "assets/search.js",
        "assets/search-index.js",
    ] {
        assert!(out.join(file).is_file(), "missing {file}");
    }
}

#[test]
fn navigation_marks_the_current_lesson_and_links_prev_and_next() {
    let (_tmp, out, _) = build("site-basic", basic_pages);
    let page = read(out.join("02-softmax.html"));
    assert!(page.contains(
        "<li value=\"2\" class=\"current\"><a href=\"02-softmax.html\" aria-current=\"page\">Scores to Probabilities</a></li>"
    ));
    assert!(page.contains("<li value=\"1\"><a href=\"01-intro.html\">Getting Started</a></li>"));
    assert!(page.contains("rel=\"prev\" href=\"01-intro.html\""));
    assert!(page.contains("rel=\"next\" href=\"03-wrap-up.html\""));
    assert!(page.contains(
        "<a class=\"book-title\" href=\"index.html\">Site Fixture: Numbers &amp; Models</a>"
    ));
    let last = read(out.join("03-wrap-up.html"));
    assert!(last.contains("rel=\"prev\" href=\"02-softmax.html\""));
    assert!(!last.contains("rel=\"next\""));
}

#[test]
fn the_toc_lists_the_headings_of_the_page() {
    let (_tmp, out, _) = build("site-basic", basic_pages);
    let page = read(out.join("02-softmax.html"));
    let toc = page.split("<nav class=\"page-toc\"").nth(1).unwrap();
    let toc = toc.split("</nav>").next().unwrap();
    let items: Vec<&str> = toc.matches("<li class=\"toc-level-").collect();
    assert_eq!(items.len(), 4);
    assert!(toc.contains("<li class=\"toc-level-3\"><a href=\"#in-code\">In code</a></li>"));
    assert!(page.contains("<main id=\"main\" class=\"main has-toc\" tabindex=\"-1\">"));
    let index = read(out.join("index.html"));
    assert!(!index.contains("page-toc"));
}

#[test]
fn every_page_has_the_theme_machinery_and_accessibility_basics() {
    let (_tmp, out, _) = build("site-basic", basic_pages);
    for page in [
        "index.html",
        "01-intro.html",
        "scripts/02-softmax/normalise.html",
    ] {
        let html = read(out.join(page));
        assert!(
            html.starts_with("<!DOCTYPE html>\n<html lang=\"en\""),
            "{page}"
        );
        let head = html.split("</head>").next().unwrap();
        let inline = head.find("localStorage.getItem(\"rlbook-theme\")").unwrap();
        let style = head.find("style.css").unwrap();
        assert!(
            inline < style,
            "{page}: the theme is set before the stylesheet loads"
        );
        assert!(head.contains("highlight.css"), "{page}");
        assert!(head.contains("print.css\" media=\"print\""), "{page}");
        assert!(
            html.contains("<button type=\"button\" class=\"theme-toggle\""),
            "{page}"
        );
        assert!(
            html.contains("<a class=\"skip-link\" href=\"#main\">"),
            "{page}"
        );
        assert!(html.contains("<main id=\"main\""), "{page}");
        assert!(html.contains("<nav id=\"sidebar\" class=\"sidebar\" aria-label=\"Lessons\">"));
        assert!(html.contains("<input id=\"search-input\""), "{page}");
    }
    let style = read(out.join("assets/style.css"));
    assert!(style.contains("html[data-theme=\"dark\"]"));
    assert!(style.contains("@media (prefers-color-scheme: dark)"));
    assert!(style.contains("html:not([data-theme=\"light\"])"));
    assert!(style.contains("\"Latin Modern Math\", \"STIX Two Math\", \"Cambria Math\", math"));
    assert!(style.contains("[mathvariant=\"bold\"]"));
}

#[test]
fn the_search_index_holds_every_lesson() {
    let (_tmp, out, _) = build("site-basic", basic_pages);
    let script = read(out.join("assets/search-index.js"));
    let json = script
        .strip_prefix("window.RLBOOK_SEARCH = ")
        .and_then(|s| s.strip_suffix(";\n"))
        .unwrap();
    let index: serde_json::Value = serde_json::from_str(json).unwrap();
    let entries = index.as_array().unwrap();
    assert_eq!(entries.len(), 3);
    assert_eq!(entries[1]["title"], "Scores to Probabilities");
    assert_eq!(entries[1]["page"], "02-softmax.html");
    assert_eq!(entries[1]["headings"][0]["id"], "the-formula");
    assert_eq!(entries[1]["headings"][0]["text"], "The formula");
    assert!(
        entries[1]["text"]
            .as_str()
            .unwrap()
            .contains("Subtracting the largest score")
    );
    let search = read(out.join("assets/search.js"));
    assert!(search.contains("assets/search-index.js"));
}

#[test]
fn script_pages_show_source_output_error_figures_and_the_way_back() {
    let (_tmp, out, _) = build("site-basic", basic_pages);
    let page = read(out.join("scripts/02-softmax/normalise.html"));
    assert!(page.contains("<title>normalise.rlab · Site Fixture: Numbers &amp; Models</title>"));
    assert!(page.contains("<h1><code>normalise.rlab</code></h1>"));
    assert!(page.contains(
        "<p class=\"script-description\">dividing by the sum turns scores into probabilities.</p>"
    ));
    assert!(page.contains("<code class=\"language-rlab\"># Concept: dividing"));
    assert!(
        page.contains(
            "<pre class=\"output\" tabindex=\"0\">p: [0.0900306 0.244728 0.665241]</pre>"
        )
    );
    assert!(page.contains("<pre class=\"output error\" tabindex=\"0\">content/02-softmax/normalise.rlab:5:1: a &lt;made-up&gt; error</pre>"));
    assert!(page.contains("<figure class=\"plot\" id=\"f1\">script figure</figure>"));
    assert!(page.contains(
        "<a href=\"../../02-softmax.html#standalone-scripts\">Back to Scores to Probabilities</a>"
    ));
    assert!(page.contains("<link rel=\"stylesheet\" href=\"../../assets/style.css\">"));
}

#[test]
fn a_books_templates_and_theme_override_the_defaults() {
    let root = fixture("site-override");
    let (_tmp, out, summary) = build("site-override", |book| pages_of(&root, book));
    assert_eq!(summary.pages, 2);
    let index = read(out.join("index.html"));
    assert!(
        index.contains("<h1 class=\"custom-banner\">Overridden, from the book's own template</h1>")
    );
    assert!(index.contains(
        "<ul class=\"custom-contents\">\n<li><a href=\"01-only.html\">Die einzige Lektion</a></li>"
    ));
    assert!(
        index.contains("<html lang=\"de\""),
        "the default base template still applies"
    );
    let lesson = read(out.join("01-only.html"));
    assert!(
        lesson.contains("<article class=\"lesson\">"),
        "default lesson template"
    );
    assert_eq!(
        read(out.join("assets/print.css")),
        read(root.join("theme/print.css"))
    );
    assert_eq!(
        read(out.join("assets/brand/mark.svg")),
        read(root.join("theme/brand/mark.svg"))
    );
    assert!(read(out.join("assets/style.css")).contains("--font-math"));
}

#[test]
fn snapshot_of_a_lesson_page() {
    let (_tmp, out, _) = build("site-basic", basic_pages);
    insta::assert_snapshot!("lesson_page_02_softmax", read(out.join("02-softmax.html")));
}
