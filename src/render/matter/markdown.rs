//! The back matter in the Markdown book (`bibliography.md`, `glossary.md`,
//! `subject-index.md`), and so in the EPUB and the PDF made from it: the same lists as the
//! site's, each entry after its anchor (`<a id="ref-KEY">`, `<a id="term-ID">`), each place
//! a link to its mark's anchor `<slug>.md#ix-N`.

use super::html::term_id;
use super::{Located, Matter, Places, href};
use crate::book::Book;
use crate::cite::entry_id;
use crate::gloss::{IndexEntry, Place, Term, letter};
use crate::render::Tables;
use crate::render::common::urls::encode_segment;
use crate::render::markdown::{MarkdownPage, escape_text, header};
use crate::xref::anchor_html;

/// Every back-matter page of `book` with these tables (unnumbered chapters).
pub(crate) fn pages(book: &Book, tables: &Tables) -> Vec<MarkdownPage> {
    let mut places = Places::new(book);
    (super::of(tables).into_iter())
        .map(|kind| {
            let body = match kind {
                Matter::Bibliography => bibliography(tables),
                Matter::Glossary => glossary(tables, &mut places),
                Matter::Index => index(tables, &mut places),
            };
            MarkdownPage {
                slug: kind.slug().to_string(),
                title: kind.title().to_string(),
                number: 0,
                text: format!("{}\n# {}\n\n{body}", header("book.toml"), kind.title()),
                figures: Vec::new(),
                scripts: Vec::new(),
                matter: Some(kind),
            }
        })
        .collect()
}

/// A link to a place: `[Lesson › Section](slug.md#ix-3)`.
fn place_link(at: &Located) -> String {
    let link = href(&format!("{}.md", at.slug), at.anchor);
    format!("[{}]({link})", escape_text(&at.label()))
}

fn bibliography(tables: &Tables) -> String {
    let mut list = String::new();
    for entry in tables.citations.bibliography() {
        let label = (entry.label.as_ref())
            .map(|l| format!("{} ", l.markdown))
            .unwrap_or_default();
        let anchor = anchor_html(&entry_id(&entry.key));
        list.push_str(&format!("- {anchor}{label}{}\n", entry.text.markdown));
    }
    list
}

fn glossary(tables: &Tables, places: &mut Places) -> String {
    let glossary = &tables.glossary;
    let mut out = String::new();
    for term in glossary.terms() {
        let uses = places.by_section(&glossary.uses(&term.id));
        out.push_str(&glossary_entry(term, &uses));
    }
    out
}

/// One term: a paragraph with its name and definition, one with its aliases and uses.
fn glossary_entry(term: &Term, uses: &[Located]) -> String {
    let mut out = format!(
        "{}**{}**: {}\n\n",
        anchor_html(&term_id(&term.id)),
        escape_text(&term.name),
        term.definition.trim()
    );
    let mut notes = Vec::new();
    if !term.aliases.is_empty() {
        let aliases: Vec<String> = term.aliases.iter().map(|a| escape_text(a)).collect();
        notes.push(format!("Also: {}.", aliases.join(", ")));
    }
    if !uses.is_empty() {
        let links: Vec<String> = uses.iter().map(place_link).collect();
        notes.push(format!("Used in {}.", links.join(", ")));
    }
    if !notes.is_empty() {
        out.push_str(&format!("{}\n\n", notes.join(" ")));
    }
    out
}

fn index(tables: &Tables, places: &mut Places) -> String {
    let mut out = String::new();
    let mut current: Option<String> = None;
    for entry in tables.glossary.index() {
        let l = letter(&entry.heading);
        if current.as_ref() != Some(&l) {
            if current.is_some() {
                out.push('\n');
            }
            out.push_str(&format!("## {}\n\n", escape_text(&l)));
            current = Some(l);
        }
        out.push_str(&index_entry(entry, places));
    }
    out
}

/// One entry and its sub-entries, as list items.
fn index_entry(entry: &IndexEntry, places: &mut Places) -> String {
    let heading = match &entry.term {
        Some(id) => format!(
            "[{}](glossary.md#{})",
            escape_text(&entry.heading),
            encode_segment(&term_id(id))
        ),
        None => escape_text(&entry.heading),
    };
    let mut out = format!("- {heading}{}\n", place_list(&entry.places, places));
    for (sub, at) in &entry.subs {
        out.push_str(&format!(
            "  - {}{}\n",
            escape_text(sub),
            place_list(at, places)
        ));
    }
    out
}

/// `: [Lesson › Section](…), …` (one link per section), or nothing.
fn place_list(list: &[Place], places: &mut Places) -> String {
    let links = places.links(list, place_link);
    if links.is_empty() {
        return String::new();
    }
    format!(": {}", links.join(", "))
}
