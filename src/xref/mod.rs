//! Numbered cross-references, resolved over the whole book once every lesson has run and
//! before any format is written, so that every format shows the same numbers.
//!
//! An author labels a heading (`## Title {#sec-x}`), a display equation (`$$ … $$ {#eq-x}`,
//! the label on the closing line), a table (a paragraph `Table: caption {#tbl-x}` after it)
//! or the figures of an rlab block (```` ```rlab,label=fig-x,caption="…" ````; several
//! figures of one block are `fig-x-1`, `fig-x-2`, …), and refers to any of them from any
//! lesson with `@fig-x`, `@eq-x`, `@tbl-x`, `@sec-x` ([`refs`]; `\@` is a literal at-sign).
//!
//! [`Xrefs::collect`] reads every lesson ([`scan`]) into one table: each label's kind, its
//! number (the lesson's number, then the count of that kind in the lesson, in page order;
//! sections count `##` headings, `###` under them as `12.2.1`), its lesson and what a preview
//! shows. A label defined twice, or a reference to no label, is an error at its place. The
//! renderers only read the table.

mod refs;
mod scan;

pub(crate) use refs::{Piece, split};
pub(crate) use scan::{Def, Place};

use crate::book::{Book, Lesson};
use crate::cache::digest::{Digest, KeyHasher};
use crate::diagnostic::{Diagnostic, Kind as DiagnosticKind};
use crate::exec::LessonRun;
use serde::Serialize;
use std::collections::HashMap;

/// What a label names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub(crate) enum Kind {
    Figure,
    Equation,
    Table,
    Section,
}

/// What a preview of a target shows.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) enum Preview {
    /// Figure `index` (0-based) of the lesson's rlab block `block` (0-based).
    Figure {
        block: usize,
        index: usize,
        caption: Option<String>,
    },
    Equation {
        tex: String,
    },
    /// The caption as plain text.
    Table {
        caption: String,
    },
    Section {
        title: String,
    },
}

/// One labelled target of the book.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct Target {
    pub label: String,
    pub kind: Kind,
    /// `12.3`.
    pub number: String,
    /// The lesson it is in.
    pub slug: String,
    pub preview: Preview,
}

impl Target {
    /// How a reference reads: `Figure 12.3`, `Eq. (12.1)`, `Table 12.1`, `Section 12.2`.
    pub(crate) fn text(&self) -> String {
        match self.kind {
            Kind::Figure => format!("Figure {}", self.number),
            Kind::Equation => format!("Eq. ({})", self.number),
            Kind::Table => format!("Table {}", self.number),
            Kind::Section => format!("Section {}", self.number),
        }
    }

    /// The caption line of a figure or table: `Figure 12.3: caption` (without a caption,
    /// `Figure 12.3`).
    pub(crate) fn caption(&self) -> String {
        let caption = match &self.preview {
            Preview::Figure { caption, .. } => caption.as_deref().unwrap_or(""),
            Preview::Table { caption } => caption,
            _ => "",
        };
        match caption.trim() {
            "" => self.text(),
            text => format!("{}: {text}", self.text()),
        }
    }

    /// The id of its element on the page: the label itself.
    pub(crate) fn anchor(&self) -> &str {
        &self.label
    }
}

/// The labels of one lesson, where they are defined, and its references.
#[derive(Clone, Debug, Default)]
pub(crate) struct LessonXrefs {
    pub defs: Vec<Def>,
    /// Byte offsets of the `@` of each reference (escaped ones excluded), with the label.
    pub refs: Vec<(usize, String)>,
}

/// The book's cross-reference table.
#[derive(Clone, Debug, Default)]
pub struct Xrefs {
    targets: HashMap<String, Target>,
    lessons: HashMap<String, LessonXrefs>,
    numbers: HashMap<String, u32>,
}

impl Xrefs {
    /// Every label of `book` (figures counted from `runs`, index-aligned with the lessons)
    /// and the problems found: labels defined twice, references to no label, misplaced
    /// labels. The table holds the first definition of each label.
    pub fn collect(book: &Book, runs: &[LessonRun]) -> (Xrefs, Vec<Diagnostic>) {
        let mut xrefs = Xrefs::default();
        let mut problems = Vec::new();
        let empty = LessonRun::default();
        let mut first: HashMap<String, String> = HashMap::new();
        for (i, lesson) in book.lessons.iter().enumerate() {
            let number = lesson_number(book, i);
            let run = runs.get(i).unwrap_or(&empty);
            let (found, mut errors) = scan::scan(lesson, number, run);
            problems.append(&mut errors);
            for def in &found.defs {
                let here = place(lesson, def.at);
                if let Some(there) = first.get(&def.target.label) {
                    let message = format!(
                        "label '{}' is defined twice (first at {there})",
                        def.target.label
                    );
                    problems.push(located(lesson, def.at, def.target.label.len(), message));
                    continue;
                }
                first.insert(def.target.label.clone(), here);
                (xrefs.targets).insert(def.target.label.clone(), def.target.clone());
            }
            xrefs.numbers.insert(lesson.slug.clone(), number);
            xrefs.lessons.insert(lesson.slug.clone(), found);
        }
        problems.extend(xrefs.unknown_references(book));
        (xrefs, problems)
    }

    /// An error for every reference to a label no lesson defines.
    fn unknown_references(&self, book: &Book) -> Vec<Diagnostic> {
        let mut problems = Vec::new();
        for lesson in &book.lessons {
            let Some(found) = self.lessons.get(&lesson.slug) else {
                continue;
            };
            for (at, label) in found
                .refs
                .iter()
                .filter(|(_, l)| !self.targets.contains_key(l))
            {
                let message = format!("unknown cross-reference '@{label}'");
                problems.push(located(lesson, *at, label.len() + 1, message));
            }
        }
        problems
    }

    /// The target labelled `label`.
    pub(crate) fn get(&self, label: &str) -> Option<&Target> {
        self.targets.get(label)
    }

    /// The labels and references of the lesson `slug`.
    pub(crate) fn lesson(&self, slug: &str) -> Option<&LessonXrefs> {
        self.lessons.get(slug)
    }

    /// The target of figure `index` of block `block` of the lesson `slug`, if labelled.
    pub(crate) fn figure(&self, slug: &str, block: usize, index: usize) -> Option<&Target> {
        let found = self.lessons.get(slug)?;
        let def = found.defs.iter().find(|d| {
            matches!(d.target.preview, Preview::Figure { block: b, index: k, .. }
                if b == block && k == index)
        })?;
        self.get(&def.target.label)
    }

    /// What the pages of lesson `slug` show of the table: its number, the targets it
    /// defines and those it refers to. Part of the key of its pages.
    pub(crate) fn digest_for(&self, slug: &str) -> Digest {
        let mut h = KeyHasher::new("xrefs");
        h.u64(u64::from(self.numbers.get(slug).copied().unwrap_or(0)));
        if let Some(found) = self.lessons.get(slug) {
            let defined = found.defs.iter().map(|d| d.target.label.as_str());
            let referred = found.refs.iter().map(|(_, l)| l.as_str());
            for label in defined.chain(referred) {
                let target = self.get(label);
                h.str(label);
                h.bytes(&bincode::serialize(&target).unwrap_or_default());
            }
        }
        h.finish()
    }
}

/// The lesson's number: the digits its file name starts with (`12-layer-norm.md` → 12),
/// else its place in the book (1-based).
pub(crate) fn lesson_number(book: &Book, index: usize) -> u32 {
    let Some(lesson) = book.lessons.get(index) else {
        return u32::try_from(index + 1).unwrap_or(u32::MAX);
    };
    let digits: String = lesson
        .slug
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits
        .parse()
        .unwrap_or_else(|_| u32::try_from(index + 1).unwrap_or(u32::MAX))
}

/// The anchor the Markdown book puts before a labelled target: `<a id="label"></a>`.
pub(crate) fn anchor_html(id: &str) -> String {
    format!("<a id=\"{}\"></a>", crate::markup::escape(id))
}

/// `content/12-x.md:57:12`.
fn place(lesson: &Lesson, at: usize) -> String {
    let (line, col) = crate::book::inline::line_col(&lesson.source, at);
    format!("{}:{line}:{col}", lesson.display)
}

/// An error at byte `at` of the lesson, with the source line and a caret `width` wide.
/// An error at byte `at` of `lesson`, `width` characters wide.
pub(crate) fn located(lesson: &Lesson, at: usize, width: usize, message: String) -> Diagnostic {
    lesson.error_at(DiagnosticKind::Xref, at, width, message)
}

#[cfg(test)]
mod tests;
