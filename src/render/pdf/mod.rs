//! The PDF of the book (feature `pdf`), made with the Typst compiler as a library from the
//! book's Markdown pages ([`MarkdownPage`], the same document the Markdown book and the
//! EPUB are made from).
//!
//! The steps of [`write_pdf`]: every page and script page gets its labels ([`links`]);
//! each page becomes Typst markup ([`convert`]), its formulas Typst math in files of their
//! own ([`math`]); the markup, the template (`template.typ`: title page, outline, running
//! heads, chapter headings, code, output and figure boxes), the math prelude (`mitex.typ`),
//! the rlab grammar and the figures go into an in-memory world ([`world`]); the book is
//! compiled, formulas that fail being shown as their TeX ([`compile`]); Typst writes the
//! PDF (tagged, fonts embedded).
//!
//! Lessons are chapters numbered with their page's number; a lesson's script pages are
//! unnumbered sections at the end of its chapter. The back matter (bibliography, glossary)
//! is unnumbered chapters after them; the index is set from the glossary's entries, with
//! page numbers ([`index`]).

mod compile;
mod convert;
mod escape;
mod events;
mod html;
mod index;
mod links;
mod math;
mod world;

#[cfg(test)]
mod tests;

use crate::book::Book;
use crate::diagnostic::Diagnostic;
use crate::gloss::IndexEntry;
use crate::render::markdown::MarkdownPage;
use crate::render::matter::Matter;
use anyhow::{Context, Result};
use convert::{Page, Sink};
use escape::string;
use links::{Doc, Targets};
use math::Formula;
use world::BookWorld;

const TEMPLATE: &str = include_str!("template.typ");
const RLAB_SYNTAX: &str = include_str!("../syntax/rlab.sublime-syntax");

/// The PDF and what making it found.
pub(crate) struct PdfOutput {
    pub bytes: Vec<u8>,
    /// Formulas shown as TeX, missing figures.
    pub warnings: Vec<Diagnostic>,
    /// Formulas in the pages.
    pub formulas: usize,
    /// Formulas rendered as math.
    pub formulas_converted: usize,
}

/// The book's PDF from its pages (the lessons, then the back matter, in order) and the
/// entries of its subject index.
pub(crate) fn write_pdf(
    book: &Book,
    pages: &[MarkdownPage],
    index: &[IndexEntry],
) -> Result<PdfOutput> {
    let docs = documents(book, pages);
    let targets = Targets::new(&docs);
    let mut sink = Sink::default();
    let body = convert_all(book, (pages, index), &docs, &targets, &mut sink);
    let mut world = BookWorld::new("/main.typ", main_source(book, &body))?;
    add_files(&mut world, &mut sink)?;
    let document = compile::compile(&mut world, &mut sink.formulas)?;
    let bytes = typst_pdf::pdf(&document, &typst_pdf::PdfOptions::default())
        .map_err(|errors| anyhow::anyhow!("{}", compile::describe(&errors)))
        .context("Typst could not write the PDF")?;
    let mut warnings = formula_warnings(book, pages, &sink.formulas);
    warnings.append(&mut sink.warnings);
    let converted = sink.formulas.iter().filter(|f| f.typst.is_some()).count();
    Ok(PdfOutput {
        bytes,
        warnings,
        formulas: sink.formulas.len(),
        formulas_converted: converted,
    })
}

/// Every page and script page, in reading order.
fn documents<'a>(book: &Book, pages: &'a [MarkdownPage]) -> Vec<Doc<'a>> {
    let mut docs = Vec::new();
    for page in pages {
        let blocks = book.lesson(&page.slug).map_or(0, |l| l.blocks.len());
        docs.push(Doc {
            slug: &page.slug,
            script: None,
            text: &page.text,
            blocks,
        });
        for script in &page.scripts {
            docs.push(Doc {
                slug: &page.slug,
                script: Some(&script.name),
                text: &script.text,
                blocks: 0,
            });
        }
    }
    docs
}

/// The markup of all pages (`docs` in the order [`documents`] gives).
fn convert_all(
    book: &Book,
    (pages, entries): (&[MarkdownPage], &[IndexEntry]),
    docs: &[Doc],
    targets: &Targets,
    sink: &mut Sink,
) -> String {
    let mut body = String::new();
    let mut docs = docs.iter();
    for (index, page) in pages.iter().enumerate() {
        if page.matter == Some(Matter::Index) {
            let label = docs.next().map(|d| d.label()).unwrap_or_default();
            body.push_str(&format!(
                "#heading(level: 1, numbering: none)[{}]<{label}>\n\n",
                escape::markup(&page.title)
            ));
            body.push_str(&index::chapter(entries, targets));
            continue;
        }
        let display = book
            .lesson(&page.slug)
            .map_or(page.slug.as_str(), |l| l.display.as_str());
        let parts = std::iter::once((page.title.as_str(), page.figures.as_slice())).chain(
            page.scripts
                .iter()
                .map(|s| (s.file_name.as_str(), s.figures.as_slice())),
        );
        for ((title, figures), doc) in parts.zip(docs.by_ref()) {
            let page = Page {
                doc: *doc,
                index,
                number: page.matter.is_none().then_some(page.number),
                title,
                figures,
                display,
            };
            body.push_str(&convert::convert(&page, targets, sink));
        }
    }
    body
}

/// The main file: the template applied to the book's metadata, then the pages.
fn main_source(book: &Book, body: &str) -> String {
    let meta = &book.config.book;
    let authors: Vec<String> = meta.authors.iter().map(|a| string(a)).collect();
    let lang = meta.language.split(['-', '_']).next().unwrap_or("");
    let lang = if (2..=3).contains(&lang.len()) && lang.chars().all(|c| c.is_ascii_alphabetic()) {
        lang.to_ascii_lowercase()
    } else {
        "en".to_string()
    };
    format!(
        "#import \"/template.typ\": *\n#show: book.with(title: {}, authors: ({}), \
         description: {}, lang: {})\n\n{body}",
        string(&meta.title),
        authors.iter().map(|a| format!("{a},")).collect::<String>(),
        string(&meta.description),
        string(&lang),
    )
}

/// The template, the prelude, the grammar, the formulas and the figures.
fn add_files(world: &mut BookWorld, sink: &mut Sink) -> Result<()> {
    world.set_source("/template.typ", TEMPLATE.to_string())?;
    world.set_source(math::PRELUDE_PATH, math::PRELUDE.to_string())?;
    world.set_file("/rlab.sublime-syntax", RLAB_SYNTAX.as_bytes().to_vec())?;
    compile::drop_unparsable(&mut sink.formulas);
    for (i, formula) in sink.formulas.iter().enumerate() {
        world.set_source(&Formula::path(i), formula.source())?;
    }
    for (path, svg) in &sink.figures {
        world.set_file(path, svg.as_bytes().to_vec())?;
    }
    Ok(())
}

/// A warning for each formula shown as TeX.
fn formula_warnings(book: &Book, pages: &[MarkdownPage], formulas: &[Formula]) -> Vec<Diagnostic> {
    let mut warnings = Vec::new();
    for (i, formula) in formulas.iter().enumerate() {
        if formula.typst.is_some() {
            continue;
        }
        let earlier = formulas[..i]
            .iter()
            .filter(|f| f.page == formula.page && f.tex == formula.tex)
            .count();
        let lesson = pages
            .get(formula.page)
            .and_then(|page| book.lesson(&page.slug));
        warnings.push(formula.warning(lesson, earlier));
    }
    warnings
}
