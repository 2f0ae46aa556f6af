//! The book's citations, resolved over the whole book once it is loaded and before any
//! format is written, so that every format cites alike: [`Citations::collect`] reads the
//! bibliography files and the style of `book.toml`, finds every lesson's citations
//! ([`super::scan`]), reports keys the bibliography lacks, and renders them all in book order
//! ([`super::render_book`]). The renderers only read the table: a citation they find in
//! their own text is looked up by what is written ([`Citations::get`]).

use super::library::Bibliography;
use super::render::{RenderedBook, RenderedEntry, render_book};
use super::scan;
use super::style::CitationStyle;
use super::text::Forms;
use crate::book::citation::Citation;
use crate::book::{Book, Lesson};
use crate::cache::digest::{Digest, KeyHasher};
use crate::config::CslStyle;
use crate::diagnostic::suggest::closest;
use crate::diagnostic::{Diagnostic, Kind};
use std::collections::HashMap;

/// What every page needs to show the book's citations.
#[derive(Debug, Default)]
pub struct Citations {
    bibliography: Option<Bibliography>,
    rendered: RenderedBook,
    /// Each group's rendering, by what is written.
    by_group: HashMap<CiteGroupKey, Forms>,
    /// Each lesson's citations, in reading order, as its source has them.
    lessons: HashMap<String, Vec<Citation>>,
}

/// A group as a map key: its items (key, locator, author suppressed) and whether narrative.
type CiteGroupKey = (Vec<(String, Option<String>, bool)>, bool);

fn group_key(citation: &Citation) -> CiteGroupKey {
    let items = (citation.items.iter())
        .map(|i| (i.key.clone(), i.locator.clone(), i.suppress_author))
        .collect();
    (items, citation.narrative)
}

impl Citations {
    /// The table of `book`, and its problems: unreadable or malformed bibliography and style
    /// files, keys no entry has, entries no lesson cites under `only_cited`.
    pub fn collect(book: &Book) -> (Citations, Vec<Diagnostic>) {
        let settings = &book.config.bibliography;
        if settings.files.is_empty() {
            return (Citations::default(), Vec::new());
        }
        let (bibliography, style) = match load(book) {
            Ok(loaded) => loaded,
            Err(problems) => return (Citations::default(), problems),
        };
        let mut problems = Vec::new();
        let mut lessons = HashMap::new();
        for lesson in &book.lessons {
            let found = scan::scan(lesson, &|k: &str| bibliography.contains(k));
            problems.extend(unknown_keys(lesson, &found.citations, &bibliography));
            problems.extend(near_misses(lesson, &found.strays, &bibliography));
            lessons.insert(lesson.slug.clone(), found.citations);
        }
        let in_order: Vec<Citation> = (book.lessons.iter())
            .flat_map(|l| lessons[&l.slug].iter().cloned())
            .collect();
        let rendered = match render_book(&bibliography, &style, &in_order) {
            Ok(rendered) => rendered,
            Err(problem) => return (Citations::default(), vec![problem]),
        };
        // A group written twice keeps its first rendering: a note style's later short form
        // ("Knuth, The Texbook.") stands for a full one the page may not show before it.
        let mut by_group = HashMap::new();
        for (citation, forms) in in_order.iter().zip(&rendered.citations) {
            by_group
                .entry(group_key(citation))
                .or_insert_with(|| forms.clone());
        }
        if settings.only_cited {
            problems.extend(uncited(&bibliography, &rendered));
        }
        let table = Citations {
            bibliography: Some(bibliography),
            rendered,
            by_group,
            lessons,
        };
        (table, problems)
    }

    /// Whether `key` is a key of the bibliography.
    pub(crate) fn is_key(&self, key: &str) -> bool {
        self.bibliography.as_ref().is_some_and(|b| b.contains(key))
    }

    /// Whether the book has a bibliography at all.
    pub(crate) fn is_empty(&self) -> bool {
        self.bibliography.is_none()
    }

    /// The citations of lesson `slug`'s source, in order (none without a bibliography).
    pub(crate) fn of_lesson(&self, slug: &str) -> &[Citation] {
        self.lessons.get(slug).map_or(&[], Vec::as_slice)
    }

    /// How `citation` (found in a page's text) is rendered.
    pub(crate) fn get(&self, citation: &Citation) -> Option<&Forms> {
        self.by_group.get(&group_key(citation))
    }

    /// The works `citation` cites, in the bibliography's order.
    pub(crate) fn entries(&self, citation: &Citation) -> Vec<&RenderedEntry> {
        (self.rendered).entries_of(citation.items.iter().map(|i| i.key.as_str()))
    }

    /// The works lesson `slug` cites, in the bibliography's order.
    pub(crate) fn references(&self, slug: &str) -> Vec<&RenderedEntry> {
        let keys = self.of_lesson(slug).iter().flat_map(|c| &c.items);
        self.rendered.entries_of(keys.map(|i| i.key.as_str()))
    }

    /// Every work the book cites, in the style's order (the bibliography page).
    pub(crate) fn bibliography(&self) -> &[RenderedEntry] {
        &self.rendered.bibliography
    }

    /// Whether the style hangs its entries' second lines.
    pub(crate) fn hanging_indent(&self) -> bool {
        self.rendered.hanging_indent
    }

    /// What lesson `slug`'s page shows of the table: its citations' and references' texts.
    pub(crate) fn digest_for(&self, slug: &str) -> Digest {
        let mut h = KeyHasher::new("citations");
        for citation in self.of_lesson(slug) {
            if let Some(forms) = self.get(citation) {
                h.str(&forms.html);
                h.str(&forms.markdown);
            }
        }
        for entry in self.references(slug) {
            h.str(&entry.text.html);
            h.str(&entry.text.markdown);
        }
        h.finish()
    }
}

/// The id of the references entry of `key` on a page (`ref-vaswani2017`), which every
/// format's citations link to.
pub(crate) fn entry_id(key: &str) -> String {
    format!("ref-{key}")
}

/// The bibliography files and the style, read and parsed.
fn load(book: &Book) -> Result<(Bibliography, CitationStyle), Vec<Diagnostic>> {
    let config = &book.config;
    let read = |path: &std::path::Path| {
        let name = config.display_path(path);
        std::fs::read_to_string(path)
            .map(|text| (name.clone(), text))
            .map_err(|e| {
                vec![
                    Diagnostic::error(
                        Kind::Config,
                        format!("cannot read the bibliography file {name}: {e}"),
                    )
                    .in_file(name),
                ]
            })
    };
    let files = (config.bibliography.files.iter())
        .map(|p| read(p))
        .collect::<Result<Vec<_>, _>>()?;
    let bibliography = Bibliography::load(&files)?;
    let language = &config.book.language;
    let style = match &config.bibliography.style {
        CslStyle::Named(name) => CitationStyle::bundled(name, language),
        CslStyle::File(path) => {
            let (name, xml) = read(path)?;
            CitationStyle::from_csl(&name, &xml, language)
        }
    };
    // A bundled style's problem is one of book.toml's `csl`.
    let style = style.map_err(|e| match e.file {
        Some(_) => vec![e],
        None => vec![e.in_file("book.toml")],
    })?;
    Ok((bibliography, style))
}

/// An error for every cited key the bibliography lacks, with the closest key.
fn unknown_keys(lesson: &Lesson, found: &[Citation], bib: &Bibliography) -> Vec<Diagnostic> {
    let items = found.iter().flat_map(|c| &c.items);
    items
        .filter(|i| !bib.contains(&i.key))
        .map(|i| {
            let hint = closest(bib.keys(), &i.key)
                .map(|k| format!("; did you mean '{k}'?"))
                .unwrap_or_default();
            let message = format!(
                "citation of '{}', which no bibliography entry has{hint}",
                i.key
            );
            lesson.error_at(Kind::Xref, i.key_at, i.key.len(), message)
        })
        .collect()
}

/// A warning for every narrative `@word` that is no key but close to one.
fn near_misses(lesson: &Lesson, strays: &[(usize, String)], bib: &Bibliography) -> Vec<Diagnostic> {
    (strays.iter())
        .filter_map(|(at, word)| {
            let key = closest(bib.keys(), word)?;
            let message = format!(
                "'@{word}' is no bibliography key, so it stays text; did you mean '@{key}'?"
            );
            let mut d = lesson.error_at(Kind::Xref, *at, word.len(), message);
            d.severity = crate::diagnostic::Severity::Warning;
            Some(d)
        })
        .collect()
}

/// Under `only_cited`, an error for every entry no lesson cites (the rendered bibliography
/// holds the cited ones), at its definition.
fn uncited(bib: &Bibliography, rendered: &RenderedBook) -> Vec<Diagnostic> {
    (bib.keys().iter())
        .filter(|k| rendered.entries_of([k.as_str()]).is_empty())
        .map(|k| {
            let message = format!(
                "bibliography entry '{k}' is cited by no lesson ([bibliography] only_cited)"
            );
            let d = Diagnostic::error(Kind::Config, message);
            match bib.origin(k) {
                Some(o) => d.in_file(o.file.clone()).on_line(o.line, 1),
                None => d,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests;
