//! The back matter: the pages after the lessons that the book-wide tables make, in every
//! format (docs/citations.md, docs/glossary.md):
//!
//! * the **bibliography**, every work the book cites, in the style's order, each `ref-KEY`
//!   as in a lesson's "References";
//! * the **glossary**, every term of `[book] glossary` sorted, its definition, aliases and
//!   the places it is used, each `term-ID`;
//! * the **index**, the glossary terms used and the entries of `<!-- index: … -->`
//!   markers, sorted and grouped by letter, each place a link to the section it is in.
//!
//! A page exists only when it has something to list. [`html`] writes them for the site,
//! [`markdown`] for the Markdown book, whose pages the EPUB and PDF are made from (the PDF
//! sets its own index, with page numbers). Both read places through [`Places`].

pub(crate) mod html;
pub(crate) mod markdown;

use crate::book::Book;
use crate::gloss::Place;
use crate::render::Tables;
use crate::render::common::outline;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// One page of the back matter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Matter {
    Bibliography,
    Glossary,
    Index,
}

impl Matter {
    /// The page's file name without extension (`bibliography.html`, `glossary.md`).
    pub fn slug(self) -> &'static str {
        match self {
            Matter::Bibliography => "bibliography",
            Matter::Glossary => "glossary",
            Matter::Index => "subject-index",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Matter::Bibliography => "Bibliography",
            Matter::Glossary => "Glossary",
            Matter::Index => "Index",
        }
    }
}

const ALL: [Matter; 3] = [Matter::Bibliography, Matter::Glossary, Matter::Index];

/// The back matter `tables` make, in reading order.
pub(crate) fn of(tables: &Tables) -> Vec<Matter> {
    ALL.into_iter()
        .filter(|m| match m {
            Matter::Bibliography => !tables.citations.bibliography().is_empty(),
            Matter::Glossary => tables.glossary.has_glossary(),
            Matter::Index => !tables.glossary.index().is_empty(),
        })
        .collect()
}

/// Where a place is, as a reader finds it: the lesson and the section it is in.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Located<'b> {
    pub slug: &'b str,
    pub lesson: &'b str,
    /// The section's heading text (none before the first `##`).
    pub section: Option<String>,
    pub anchor: &'b str,
}

impl Located<'_> {
    /// `Lesson › Section`, or the lesson's title alone.
    pub(crate) fn label(&self) -> String {
        match &self.section {
            Some(text) => format!("{} › {text}", self.lesson),
            None => self.lesson.to_string(),
        }
    }
}

/// The sections of the book's lessons, read once per lesson on first use.
pub(crate) struct Places<'b> {
    book: &'b Book,
    sections: HashMap<&'b str, Vec<(usize, String)>>,
}

impl<'b> Places<'b> {
    pub(crate) fn new(book: &'b Book) -> Places<'b> {
        Places {
            book,
            sections: HashMap::new(),
        }
    }

    /// Where `place` is; `None` for a lesson the book does not have.
    pub(crate) fn locate<'p>(&mut self, place: &'p Place) -> Option<Located<'p>>
    where
        'b: 'p,
    {
        let lesson = self.book.lesson(&place.slug)?;
        let sections = self.sections.entry(&lesson.slug).or_insert_with(|| {
            let outline = outline::of_lesson(lesson);
            (outline.headings.into_iter())
                .filter(|h| h.level >= 2)
                .map(|h| (h.range.start, h.text))
                .collect()
        });
        let section = (sections.iter())
            .take_while(|(start, _)| *start < place.at)
            .last()
            .map(|(_, text)| text.clone());
        Some(Located {
            slug: &place.slug,
            lesson: &lesson.title,
            section,
            anchor: &place.anchor,
        })
    }

    /// Where `places` are, one per section (the first place in it), in book order.
    pub(crate) fn by_section<'p>(&mut self, places: &[&'p Place]) -> Vec<Located<'p>>
    where
        'b: 'p,
    {
        let mut out: Vec<Located> = Vec::new();
        for place in places {
            let Some(found) = self.locate(place) else {
                continue;
            };
            let seen = (out.iter()).any(|o| o.slug == found.slug && o.section == found.section);
            if !seen {
                out.push(found);
            }
        }
        out
    }

    /// One link per section of `list`, made by `link`.
    pub(crate) fn links(&mut self, list: &[Place], link: fn(&Located) -> String) -> Vec<String> {
        let refs: Vec<&Place> = list.iter().collect();
        self.by_section(&refs).iter().map(link).collect()
    }
}

/// The link to fragment `id` of the file at `path` (both encoded).
pub(crate) fn href(path: &str, id: &str) -> String {
    let path = crate::render::common::urls::encode_path(path);
    format!("{path}#{}", crate::render::common::urls::encode_segment(id))
}

/// The lessons that cite `key`, as (slug, title), in book order.
pub(crate) fn cited_in<'b>(book: &'b Book, tables: &Tables, key: &str) -> Vec<(&'b str, &'b str)> {
    (book.lessons.iter())
        .filter(|l| {
            let items = tables.citations.of_lesson(&l.slug).iter();
            items.flat_map(|c| &c.items).any(|i| i.key == key)
        })
        .map(|l| (l.slug.as_str(), l.title.as_str()))
        .collect()
}
