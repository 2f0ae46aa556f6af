//! The back matter on the site: each page's body (the `matter.html` template sets it in the
//! book's frame), its table of contents and its text for the search index. Lesson pages
//! link to these ids: `ref-KEY` (bibliography), `term-ID` (glossary); every place links to
//! its mark's `ix-N` on the lesson page, named by lesson and section.

use super::{Located, Matter, Places, cited_in, href};
use crate::book::Book;
use crate::cite::entry_id;
use crate::gloss::{Glossary, IndexEntry, Place, Term, letter};
use crate::markup::escape;
use crate::render::common::urls::encode_segment;
use crate::render::math::Formula;
use crate::render::site::links::lesson_page;
use crate::render::{Tables, TocEntry};
use serde::{Deserialize, Serialize};

/// One back-matter page of the site.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct MatterHtml {
    pub kind: Matter,
    /// The body (an HTML fragment, after the page's `<h1>`).
    pub body: String,
    pub toc: Vec<TocEntry>,
    pub search_text: String,
}

impl MatterHtml {
    /// The page's file, relative to the site root.
    pub(crate) fn path(&self) -> String {
        format!("{}.html", self.kind.slug())
    }
}

/// Every back-matter page of `book` with these tables.
pub(crate) fn pages(book: &Book, tables: &Tables) -> Vec<MatterHtml> {
    let mut places = Places::new(book);
    (super::of(tables).into_iter())
        .map(|kind| match kind {
            Matter::Bibliography => bibliography(book, tables),
            Matter::Glossary => glossary(tables, &mut places),
            Matter::Index => index(tables, &mut places),
        })
        .collect()
}

/// A link to a place on its lesson's page.
fn place_link(at: &Located) -> String {
    format!(
        "<a href=\"{}\">{}</a>",
        escape(&href(&lesson_page(at.slug), at.anchor)),
        escape(&at.label())
    )
}

fn bibliography(book: &Book, tables: &Tables) -> MatterHtml {
    let citations = &tables.citations;
    let mut items = String::new();
    let mut text = String::new();
    for entry in citations.bibliography() {
        let label = (entry.label.as_ref())
            .map(|l| format!("<span class=\"reference-label\">{}</span> ", l.html))
            .unwrap_or_default();
        let id = entry_id(&entry.key);
        let lessons: Vec<String> = (cited_in(book, tables, &entry.key).into_iter())
            .map(|(slug, title)| {
                let link = href(&lesson_page(slug), &id);
                format!("<a href=\"{}\">{}</a>", escape(&link), escape(title))
            })
            .collect();
        items.push_str(&format!(
            "<li id=\"{}\">{label}{} <span class=\"cited-in\">Cited in {}.</span></li>\n",
            escape(&id),
            entry.text.html,
            lessons.join(", ")
        ));
        text.push_str(&entry.text.plain);
        text.push('\n');
    }
    let hanging = if citations.hanging_indent() {
        " hanging"
    } else {
        ""
    };
    MatterHtml {
        kind: Matter::Bibliography,
        body: format!("<ul class=\"references{hanging}\">\n{items}</ul>\n"),
        toc: Vec::new(),
        search_text: text,
    }
}

fn glossary(tables: &Tables, places: &mut Places) -> MatterHtml {
    let glossary = &tables.glossary;
    let mut body = String::from("<dl class=\"glossary\">\n");
    let mut text = String::new();
    for term in glossary.terms() {
        let uses = places.by_section(&glossary.uses(&term.id));
        body.push_str(&glossary_entry(term, &uses));
        text.push_str(&format!("{}: {}\n", term.name, term.definition));
    }
    body.push_str("</dl>\n");
    MatterHtml {
        kind: Matter::Glossary,
        body,
        toc: Vec::new(),
        search_text: text,
    }
}

/// One term: its name, definition, aliases and uses.
fn glossary_entry(term: &Term, uses: &[Located]) -> String {
    let definition = definition_html(&term.definition, &crate::render::math::render_formula);
    let mut dd = format!("<p>{definition}</p>");
    if !term.aliases.is_empty() {
        let aliases: Vec<String> = term.aliases.iter().map(|a| escape(a)).collect();
        dd.push_str(&format!(
            "<p class=\"term-aliases\">Also: {}</p>",
            aliases.join(", ")
        ));
    }
    if !uses.is_empty() {
        let links: Vec<String> = uses.iter().map(place_link).collect();
        dd.push_str(&format!(
            "<p class=\"term-uses\">Used in {}.</p>",
            links.join(", ")
        ));
    }
    format!(
        "<dt id=\"{}\">{}</dt>\n<dd>{dd}</dd>\n",
        escape(&term_id(&term.id)),
        escape(&term.name)
    )
}

/// The id of a term on the glossary page.
pub(crate) fn term_id(id: &str) -> String {
    format!("term-{id}")
}

/// A definition (Markdown, as the glossary file has it) as inline HTML, its math as the
/// lessons' (`math` renders a formula: the book's formula cache on a lesson page, KaTeX
/// itself on the glossary page); a formula KaTeX rejects is shown as its TeX.
pub(crate) fn definition_html(
    markdown: &str,
    math: &dyn Fn(&str, bool) -> Result<String, String>,
) -> String {
    use pulldown_cmark::{CowStr, Event};
    let events = definition_events(markdown).map(|event| match event {
        Event::InlineMath(tex) | Event::DisplayMath(tex) => {
            let html = match math(&tex, false) {
                Ok(mathml) => format!("<span class=\"math math-inline\">{mathml}</span>"),
                Err(_) => format!("<code class=\"math-error\">{}</code>", escape(&tex)),
            };
            Event::InlineHtml(CowStr::from(html))
        }
        other => other,
    });
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, events);
    let html = html.trim();
    let inner = html
        .strip_prefix("<p>")
        .and_then(|h| h.strip_suffix("</p>"));
    match inner {
        Some(inner) if !inner.contains("<p>") => inner.to_string(),
        _ => html.to_string(),
    }
}

/// The formulas of every definition of `glossary`, as [`definition_html`] asks for them
/// (all set inline), so that the book's formula cache renders each once.
pub(crate) fn glossary_formulas(glossary: &Glossary) -> impl Iterator<Item = Formula> + '_ {
    use pulldown_cmark::Event;
    glossary.terms().iter().flat_map(|term| {
        definition_events(&term.definition).filter_map(|event| match event {
            Event::InlineMath(tex) | Event::DisplayMath(tex) => Some(Formula {
                tex: tex.to_string(),
                display: false,
            }),
            _ => None,
        })
    })
}

/// A definition's Markdown events, math included.
fn definition_events(markdown: &str) -> pulldown_cmark::Parser<'_> {
    let options = crate::book::lesson::markdown_options() | pulldown_cmark::Options::ENABLE_MATH;
    pulldown_cmark::Parser::new_ext(markdown, options)
}

fn index(tables: &Tables, places: &mut Places) -> MatterHtml {
    let entries = tables.glossary.index();
    let mut groups: Vec<(String, Vec<&IndexEntry>)> = Vec::new();
    for entry in entries {
        let l = letter(&entry.heading);
        match groups.last_mut() {
            Some((last, list)) if *last == l => list.push(entry),
            _ => groups.push((l, vec![entry])),
        }
    }
    let mut body = String::from("<nav class=\"index-letters\" aria-label=\"Letters\">");
    let mut toc = Vec::new();
    for (l, _) in &groups {
        let id = letter_id(l);
        body.push_str(&format!("<a href=\"#{id}\">{}</a>", escape(l)));
        toc.push(TocEntry {
            level: 2,
            id,
            text: l.clone(),
        });
    }
    body.push_str("</nav>\n");
    let mut text = String::new();
    for (l, list) in &groups {
        body.push_str(&format!(
            "<h2 id=\"{}\">{}</h2>\n<ul class=\"subject-index\">\n",
            letter_id(l),
            escape(l)
        ));
        for entry in list {
            body.push_str(&index_entry(entry, places));
            text.push_str(&entry.heading);
            text.push('\n');
        }
        body.push_str("</ul>\n");
    }
    MatterHtml {
        kind: Matter::Index,
        body,
        toc,
        search_text: text,
    }
}

/// The id of a letter's group (`index-a`, `index-other`).
fn letter_id(letter: &str) -> String {
    match letter.chars().next() {
        Some(c) if c.is_alphanumeric() => format!("index-{}", c.to_lowercase()),
        _ => "index-other".to_string(),
    }
}

/// One entry with its places and sub-entries.
fn index_entry(entry: &IndexEntry, places: &mut Places) -> String {
    let heading = match &entry.term {
        Some(id) => format!(
            "<a class=\"index-term\" href=\"glossary.html#{}\">{}</a>",
            escape(&encode_segment(&term_id(id))),
            escape(&entry.heading)
        ),
        None => format!(
            "<span class=\"index-term\">{}</span>",
            escape(&entry.heading)
        ),
    };
    let mut item = format!("<li>{heading}{}", place_list(&entry.places, places));
    if !entry.subs.is_empty() {
        item.push_str("\n<ul>\n");
        for (sub, at) in &entry.subs {
            let sub = format!("<span class=\"index-term\">{}</span>", escape(sub));
            item.push_str(&format!("<li>{sub}{}</li>\n", place_list(at, places)));
        }
        item.push_str("</ul>\n");
    }
    item.push_str("</li>\n");
    item
}

/// `, <a>Lesson › Section</a>, …` (one link per section), or nothing.
fn place_list(list: &[Place], places: &mut Places) -> String {
    let links = places.links(list, place_link);
    if links.is_empty() {
        return String::new();
    }
    format!(": {}", links.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{book, write};

    #[test]
    fn the_formulas_of_every_definition_are_collected_as_they_are_shown() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), "book.toml", "[book]\nglossary = \"g.toml\"\n");
        let terms = "[[term]]\nname = \"softmax\"\ndefinition = '$e^{x_i}$ over $$\\sum_j e^{x_j}$$'\n\
                     [[term]]\nname = \"mask\"\ndefinition = 'None: `$x$` is code.'\n";
        write(dir.path(), "g.toml", terms);
        write(dir.path(), "content/01-a.md", "# A\n");
        let (glossary, problems) = Glossary::collect(&book(dir.path()));
        assert!(problems.is_empty(), "{problems:?}");
        let found: Vec<(String, bool)> = (glossary_formulas(&glossary))
            .map(|f| (f.tex, f.display))
            .collect();
        let inline = |tex: &str| (tex.to_string(), false);
        assert_eq!(found, [inline("e^{x_i}"), inline("\\sum_j e^{x_j}")]);
        let shown = definition_html("$$a$$", &|tex, display| Ok(format!("{tex}{display}")));
        assert!(shown.contains("afalse"), "{shown}");
    }
}
