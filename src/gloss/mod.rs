//! The glossary and the subject index (issue 26, docs/glossary.md), as data the renderers
//! read: the terms of the book's glossary file with their definitions and aliases, every
//! marked use of a term and every index marker in the lessons, each with its anchor on its
//! page, and the index that gathers them. It does not render anything (`crate::render`
//! places the anchors, the hover definitions, the glossary page and the index pages), nor
//! define the syntax (`crate::book::term`).
//!
//! The data flow, once per build:
//!
//! ```text
//! [book] glossary ─► file::load        (terms in the file's order, every error at its line)
//! every lesson    ─► lessons::marks_of (uses resolved by name, alias or singular; markers;
//!                                       anchors ix-1, ix-2, … per page; unknown terms)
//!                 ─► IndexBuilder      (term uses under the term's name, marker entries
//!                                       merged by folded heading, sorted)
//!                 ─► Glossary          (terms sorted, marks by lesson, uses by term, index)
//! ```
//!
//! `names.rs` holds how names compare (folded), a term's id, and the pages' order and
//! letter groups.

mod file;
mod index;
mod lessons;
mod names;

pub(crate) use names::letter;

use crate::book::Book;
use crate::cache::digest::{Digest, KeyHasher};
use crate::diagnostic::{Diagnostic, Kind};
use index::IndexBuilder;
use lessons::Known;
use names::{Lookup, sort_key};
use std::collections::HashMap;
use std::ops::Range;

/// A term of the glossary.
#[derive(Clone, Debug, PartialEq)]
pub struct Term {
    /// Unique in the book, from the name (`causal-mask`); the glossary page's anchor is
    /// `term-{id}`.
    pub id: String,
    pub name: String,
    /// Markdown, as written.
    pub definition: String,
    pub aliases: Vec<String>,
}

/// A place of a lesson the glossary or the index points to: a resolved term use or an
/// index marker.
#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    /// Where it is written in the lesson's source: the whole `[…]{…}` or the comment.
    pub span: Range<usize>,
    /// Its id on the page: `ix-1`, `ix-2`, … in source order.
    pub anchor: String,
    pub kind: MarkKind,
}

/// What a mark is.
#[derive(Clone, Debug, PartialEq)]
pub enum MarkKind {
    /// A use of the term with id `term`, showing `text` (the bracket's text as written).
    Use { term: String, text: String },
    /// An index marker.
    Index,
}

/// Where a term is used or an index entry points: a mark of a lesson.
#[derive(Clone, Debug, PartialEq)]
pub struct Place {
    pub slug: String,
    pub anchor: String,
    /// Byte offset of the mark in the lesson's source.
    pub at: usize,
}

/// An entry of the subject index.
#[derive(Clone, Debug, PartialEq)]
pub struct IndexEntry {
    pub heading: String,
    /// Its places, in book order.
    pub places: Vec<Place>,
    /// Its sub-entries (`main!sub`), sorted, each with its places.
    pub subs: Vec<(String, Vec<Place>)>,
    /// The term's id when the heading is a glossary term.
    pub term: Option<String>,
}

/// The book's glossary and index.
#[derive(Debug, Default)]
pub struct Glossary {
    /// The glossary file as the book shows it, when `book.toml` names one.
    file: Option<String>,
    /// Sorted for the glossary page.
    terms: Vec<Term>,
    by_id: HashMap<String, usize>,
    marks: HashMap<String, Vec<Mark>>,
    uses: HashMap<String, Vec<Place>>,
    index: Vec<IndexEntry>,
}

impl Glossary {
    /// The glossary and index of `book`, and their problems: an unreadable or malformed
    /// glossary file, its broken or duplicate terms, uses of terms it lacks (or uses in a
    /// book without a glossary), markers with no entry (warnings).
    pub fn collect(book: &Book) -> (Glossary, Vec<Diagnostic>) {
        let config = &book.config;
        let file = config.glossary.as_deref().map(|p| config.display_path(p));
        let (terms, mut problems) = match (&config.glossary, &file) {
            (Some(path), Some(name)) => read(path, name),
            _ => (Vec::new(), Vec::new()),
        };
        let mut lookup = Lookup::default();
        for term in &terms {
            for name in std::iter::once(&term.name).chain(&term.aliases) {
                lookup.insert(name, &term.id);
            }
        }
        let known = file
            .as_deref()
            .map(|name| Known::new(name, &terms, &lookup, &problems));
        let mut index = IndexBuilder::new(&terms, &lookup);
        let (mut marks, mut uses) = (HashMap::new(), HashMap::<String, Vec<Place>>::new());
        for lesson in &book.lessons {
            let (found, mut errors) = lessons::marks_of(lesson, known.as_ref());
            problems.append(&mut errors);
            for (mark, entries) in &found {
                let place = Place {
                    slug: lesson.slug.clone(),
                    anchor: mark.anchor.clone(),
                    at: mark.span.start,
                };
                match &mark.kind {
                    MarkKind::Use { term, .. } => {
                        index.add_use(term, &place);
                        uses.entry(term.clone()).or_default().push(place);
                    }
                    MarkKind::Index => index.add_marker(entries, &place),
                }
            }
            let found = found.into_iter().map(|(mark, _)| mark).collect();
            marks.insert(lesson.slug.clone(), found);
        }
        let index = index.finish();
        (Glossary::new(file, terms, marks, uses, index), problems)
    }

    fn new(
        file: Option<String>,
        mut terms: Vec<Term>,
        marks: HashMap<String, Vec<Mark>>,
        uses: HashMap<String, Vec<Place>>,
        index: Vec<IndexEntry>,
    ) -> Glossary {
        terms.sort_by_cached_key(|t| sort_key(&t.name));
        let by_id = (terms.iter().enumerate())
            .map(|(i, t)| (t.id.clone(), i))
            .collect();
        Glossary {
            file,
            terms,
            by_id,
            marks,
            uses,
            index,
        }
    }

    /// Every term, sorted for the glossary page.
    pub(crate) fn terms(&self) -> &[Term] {
        &self.terms
    }

    /// The term with id `id`.
    pub(crate) fn term(&self, id: &str) -> Option<&Term> {
        self.by_id.get(id).map(|&i| &self.terms[i])
    }

    /// Lesson `slug`'s marks (resolved uses and index markers), in source order.
    pub(crate) fn marks(&self, slug: &str) -> &[Mark] {
        self.marks.get(slug).map_or(&[], Vec::as_slice)
    }

    /// Where the term `term_id` is used, in book order.
    pub(crate) fn uses(&self, term_id: &str) -> Vec<&Place> {
        self.uses
            .get(term_id)
            .map_or(Vec::new(), |p| p.iter().collect())
    }

    /// The subject index, sorted.
    pub(crate) fn index(&self) -> &[IndexEntry] {
        &self.index
    }

    /// Whether `book.toml` names a glossary file (so the book has a glossary page).
    pub(crate) fn has_glossary(&self) -> bool {
        self.file.is_some()
    }

    /// What lesson `slug`'s page shows of the table: whether the book has a glossary and an
    /// index (the pages it may link to), its marks (span, anchor, term) and the name and
    /// definition of every term it uses.
    pub(crate) fn digest_for(&self, slug: &str) -> Digest {
        let mut h = KeyHasher::new("glossary");
        h.bool(self.has_glossary()).bool(!self.index.is_empty());
        let marks = self.marks(slug);
        h.u64(marks.len() as u64);
        for mark in marks {
            h.u64(mark.span.start as u64).u64(mark.span.end as u64);
            h.str(&mark.anchor);
            match &mark.kind {
                MarkKind::Use { term, text } => {
                    h.str("use").str(term).str(text);
                    if let Some(t) = self.term(term) {
                        h.str(&t.name).str(&t.definition);
                    }
                }
                MarkKind::Index => {
                    h.str("index");
                }
            }
        }
        h.finish()
    }
}

/// The terms of the glossary file at `path` (`name` as the book shows it), and its problems.
fn read(path: &std::path::Path, name: &str) -> (Vec<Term>, Vec<Diagnostic>) {
    match std::fs::read_to_string(path) {
        Ok(text) => file::load(name, &text),
        Err(e) => {
            let message = format!("cannot read the glossary file {name}: {e}");
            let problem = Diagnostic::error(Kind::Config, message).in_file(name);
            (Vec::new(), vec![problem])
        }
    }
}

#[cfg(test)]
mod tests;
