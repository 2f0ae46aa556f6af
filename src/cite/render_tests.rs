//! Rendering a book's citations: author-date (APA) and numeric (IEEE) brackets, locators,
//! suppressed authors, narrative citations, bibliographies with links, the three forms and
//! Markdown's escaping, and odd input that must not panic.

use super::library::Bibliography;
use super::render::{RenderedBook, render_book};
use super::style::CitationStyle;
use super::tests::fixture;
use super::text::Forms;
use super::*;
use crate::book::citation::{Citation, Item};

fn item(key: &str) -> Item {
    Item {
        key: key.to_string(),
        key_at: 0,
        locator: None,
        suppress_author: false,
    }
}

fn at(key: &str, locator: &str) -> Item {
    Item {
        locator: Some(locator.to_string()),
        ..item(key)
    }
}

fn suppressed(key: &str, locator: Option<&str>) -> Item {
    Item {
        locator: locator.map(str::to_string),
        suppress_author: true,
        ..item(key)
    }
}

fn bracket(items: Vec<Item>) -> Citation {
    Citation {
        span: 0..0,
        items,
        narrative: false,
    }
}

fn narrative(key: &str) -> Citation {
    Citation {
        span: 0..0,
        items: vec![item(key)],
        narrative: true,
    }
}

fn render(style: &str, groups: &[Citation]) -> RenderedBook {
    let style = CitationStyle::bundled(style, "en").unwrap();
    render_book(&fixture(), &style, groups).unwrap()
}

/// Each citation's plain text, one a line.
fn plain(book: &RenderedBook) -> String {
    let lines: Vec<&str> = book.citations.iter().map(|c| c.plain.as_str()).collect();
    lines.join("\n")
}

fn three(forms: &Forms) -> String {
    format!(
        "plain:    {}\nhtml:     {}\nmarkdown: {}",
        forms.plain, forms.html, forms.markdown
    )
}

/// The groups of the tests of both styles, as a lesson would write them.
fn lesson() -> Vec<Citation> {
    vec![
        bracket(vec![
            at("vaswani2017attention", "p. 5"),
            item("hochreiter1997lstm"),
        ]),
        bracket(vec![suppressed("vaswani2017attention", None)]),
        bracket(vec![
            suppressed("kaplan2020scaling", Some("sec. 3")),
            item("hoffmann2022chinchilla"),
        ]),
        narrative("hochreiter1997lstm"),
        bracket(vec![
            item("ba2016layernorm"),
            at("goodfellow2016deep", "chap. 8"),
        ]),
        narrative("brown2020gpt3"),
    ]
}

#[test]
fn apa_citations_name_authors_and_years() {
    let book = render("apa", &lesson());
    insta::assert_snapshot!(plain(&book));
    insta::assert_snapshot!("apa_first_citation_forms", three(&book.citations[0]));
}

#[test]
fn ieee_citations_are_numbered_once_for_the_whole_book() {
    let book = render("ieee", &lesson());
    insta::assert_snapshot!(plain(&book));
    let labels: Vec<String> = (book.bibliography.iter())
        .map(|e| format!("{} {}", e.label.as_ref().unwrap().plain, e.key))
        .collect();
    insta::assert_snapshot!("ieee_bibliography_labels", labels.join("\n"));
}

#[test]
fn the_bibliography_links_dois_and_urls() {
    let book = render("apa", &lesson());
    let entries: Vec<String> = (book.bibliography.iter())
        .map(|e| format!("{}\n{}", e.key, three(&e.text)))
        .collect();
    insta::assert_snapshot!(entries.join("\n\n"));
    let lstm = &book.entries_of(["hochreiter1997lstm"])[0].text;
    let doi = "https://doi.org/10.1162/neco.1997.9.8.1735";
    assert!(
        lstm.html.contains(&format!("<a href=\"{doi}\">{doi}</a>")),
        "{}",
        lstm.html
    );
    assert!(
        lstm.markdown.contains(&format!("]({doi})")),
        "{}",
        lstm.markdown
    );
    assert!(book.hanging_indent);
    assert!(book.bibliography.iter().all(|e| e.label.is_none()));
}

#[test]
fn a_lessons_entries_come_in_the_bibliographys_order() {
    let book = render("ieee", &lesson());
    let keys = |entries: Vec<&RenderedEntry>| -> Vec<String> {
        entries.iter().map(|e| e.key.clone()).collect()
    };
    let of_lesson = book.entries_of(["brown2020gpt3", "hochreiter1997lstm", "nowhere"]);
    assert_eq!(keys(of_lesson), ["hochreiter1997lstm", "brown2020gpt3"]);
    assert_eq!(book.bibliography.len(), 7);
}

#[test]
fn markdown_and_html_escape_what_they_would_read_as_syntax() {
    let yaml = "odd:\n  type: article\n  title: \"Fast *and* [cheap] $x_1$ <tags> & | pipes\"\n  \
                author: \"O'Brien, Ann\"\n  date: 2020\n  url: https://example.org/a_(b)\n";
    let bibliography = Bibliography::load(&[("odd.yaml".to_string(), yaml.to_string())]).unwrap();
    let style = CitationStyle::bundled("apa", "en").unwrap();
    let groups = [bracket(vec![at("odd", "p. 3")]), narrative("odd")];
    let book = render_book(&bibliography, &style, &groups).unwrap();
    insta::assert_snapshot!(three(&book.citations[0]));
    insta::assert_snapshot!("escaped_entry", three(&book.bibliography[0].text));
}

#[test]
fn a_book_in_german_uses_the_german_terms() {
    let style = CitationStyle::bundled("apa", "de").unwrap();
    let groups = [
        bracket(vec![at("vaswani2017attention", "p. 5")]),
        narrative("rumelhart1986backprop"),
    ];
    let book = render_book(&fixture(), &style, &groups).unwrap();
    insta::assert_snapshot!(plain(&book));
}

#[test]
fn unknown_keys_and_empty_groups_render_without_panicking() {
    let groups = [
        bracket(vec![item("nope2020"), item("he2016resnet")]),
        bracket(vec![item("missing")]),
        bracket(Vec::new()),
        bracket(vec![
            suppressed("he2016resnet", Some("")),
            at("he2016resnet", "  "),
        ]),
    ];
    let book = render("apa", &groups);
    insta::assert_snapshot!(plain(&book));
    assert_eq!(book.citations[1].markdown, "**missing?**");
    let none = render("ieee", &[]);
    assert!(none.citations.is_empty() && none.bibliography.is_empty());
}

#[test]
fn sparse_entries_render_in_every_kind_of_style() {
    let yaml = "bare:\n  type: misc\nnodate:\n  type: book\n  title: Untitled Notes\n  \
                author: Anonymous\ncorp:\n  type: report\n  title: A Report\n  author: OpenAI\n  \
                date: 2023-03\n";
    let bibliography =
        Bibliography::load(&[("sparse.yaml".to_string(), yaml.to_string())]).unwrap();
    let groups = [
        bracket(vec![item("bare"), at("nodate", "chap. 1")]),
        bracket(vec![
            suppressed("bare", None),
            suppressed("corp", Some("p. 2")),
        ]),
        narrative("corp"),
        narrative("bare"),
    ];
    let mut out = String::new();
    for name in [
        "apa",
        "ieee",
        "chicago-author-date",
        "chicago-notes",
        "alphanumeric",
        "mla",
    ] {
        let style = CitationStyle::bundled(name, "en").unwrap();
        let book = render_book(&bibliography, &style, &groups).unwrap();
        let entries: Vec<&str> = book
            .bibliography
            .iter()
            .map(|e| e.text.plain.as_str())
            .collect();
        out += &format!("== {name}\n{}\n--\n{}\n", plain(&book), entries.join("\n"));
    }
    insta::assert_snapshot!(out);
}
