//! The EPUB 3 writer: the book's Markdown pages ([`MarkdownPage`], one per lesson, with
//! their script pages and SVG figures) become one XHTML content document each, with MathML
//! math, highlighted code, printed output set apart, the figures as SVG images, a
//! navigation document (lessons, their `##` headings, their scripts), an NCX, a small
//! stylesheet of its own and the metadata of book.toml's `[book]`, zipped as the OCF
//! specification asks. The same pages give the same bytes, but for `dcterms:modified`
//! (`SOURCE_DATE_EPOCH` when set, else now). Math comes from the [`MathCache`]; a formula
//! it lacks is rendered on the spot, so a caller renders [`formulas`] in parallel first.
//!
//! Inside the EPUB everything lives under `EPUB/` in the Markdown book's own layout
//! (`<slug>.xhtml`, `scripts/<slug>/<name>.xhtml`, `plots/<slug>/…svg`), so relative
//! links keep their meaning (see `links`).

mod blocks;
mod content;
mod html;
mod links;
mod obsolete;
mod package;
mod xml;
mod zip;

#[cfg(test)]
mod corpus_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
pub(crate) mod testutil;

use crate::book::Book;
use crate::config::BookMeta;
use crate::render::common::urls;
use crate::render::markdown::{MarkdownFigure, MarkdownPage};
use crate::render::math::{Formula, MathCache};
use anyhow::{Context, Result, bail};
use links::{Anchors, Index};
use package::{Item, NavEntry};
use pulldown_cmark::Options;

const STYLE: &str = include_str!("style.css");

/// The Markdown extensions the pages use.
pub(crate) fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_MATH
        | Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_GFM
}

/// The bytes of the EPUB of a book whose lessons, in order, are `pages`.
pub(crate) fn write_epub(book: &Book, pages: &[MarkdownPage], math: &MathCache) -> Result<Vec<u8>> {
    if pages.is_empty() {
        bail!("an EPUB needs at least one lesson");
    }
    let meta = &book.config.book;
    let docs = documents(pages);
    let index = Index {
        pages: docs
            .iter()
            .map(|d| (d.path.clone(), Anchors::of(d.text)))
            .collect(),
        figures: figures(pages).map(|(path, _)| path).collect(),
    };
    let mut archive = zip::Archive::default();
    archive.stored("mimetype", b"application/epub+zip")?;
    archive.deflated("META-INF/container.xml", package::CONTAINER.as_bytes())?;
    let mut items = Vec::new();
    for (n, doc) in docs.iter().enumerate() {
        let (xhtml, properties) = content_document(doc, &index, math, package::language(meta));
        let href = links::xhtml_path(&doc.path);
        archive.deflated(&format!("EPUB/{href}"), xhtml.as_bytes())?;
        items.push(item(
            format!("page-{}", n + 1),
            href,
            XHTML,
            properties,
            true,
        ));
    }
    for (n, (path, svg)) in figures(pages).enumerate() {
        archive.deflated(&format!("EPUB/{path}"), svg.as_bytes())?;
        items.push(item(format!("figure-{}", n + 1), path, SVG, vec![], false));
    }
    finish(archive, meta, items, &nav_entries(&docs, &index)).context("cannot write the EPUB")
}

/// Every formula of the pages and their script pages, to render them all at once
/// ([`MathCache::extend`]) before [`write_epub`] asks for them one by one.
pub(crate) fn formulas(pages: &[MarkdownPage]) -> Vec<Formula> {
    let texts = pages.iter().flat_map(|page| {
        let scripts = page.scripts.iter().map(|s| s.text.as_str());
        std::iter::once(page.text.as_str()).chain(scripts)
    });
    let mut all = std::collections::BTreeSet::new();
    for text in texts {
        for event in pulldown_cmark::Parser::new_ext(text, options()) {
            let (tex, display) = match event {
                pulldown_cmark::Event::InlineMath(tex) => (tex, false),
                pulldown_cmark::Event::DisplayMath(tex) => (tex, true),
                _ => continue,
            };
            all.insert(Formula {
                tex: tex.to_string(),
                display,
            });
        }
    }
    all.into_iter().collect()
}

const XHTML: &str = "application/xhtml+xml";
const SVG: &str = "image/svg+xml";

fn item(
    id: String,
    href: String,
    media_type: &'static str,
    properties: Vec<&'static str>,
    spine: bool,
) -> Item {
    Item {
        id,
        href: links::encode(&href),
        media_type,
        properties,
        spine,
    }
}

/// The package, navigation, NCX and stylesheet, then the archive's bytes.
fn finish(
    mut archive: zip::Archive,
    meta: &BookMeta,
    mut items: Vec<Item>,
    nav: &[NavEntry],
) -> Result<Vec<u8>> {
    let identifier = package::identifier(&package::title(meta));
    items.push(item(
        "nav".into(),
        "nav.xhtml".into(),
        XHTML,
        vec!["nav"],
        false,
    ));
    items.push(item(
        "ncx".into(),
        "toc.ncx".into(),
        "application/x-dtbncx+xml",
        vec![],
        false,
    ));
    items.push(item(
        "style".into(),
        "style.css".into(),
        "text/css",
        vec![],
        false,
    ));
    let opf = package::package(meta, &identifier, &modified(), &items);
    archive.deflated("EPUB/package.opf", opf.as_bytes())?;
    archive.deflated("EPUB/nav.xhtml", package::nav(meta, nav).as_bytes())?;
    archive.deflated(
        "EPUB/toc.ncx",
        package::ncx(meta, &identifier, nav).as_bytes(),
    )?;
    archive.deflated("EPUB/style.css", STYLE.as_bytes())?;
    archive.finish()
}

/// `dcterms:modified`: `SOURCE_DATE_EPOCH` when it is set, else now.
fn modified() -> String {
    modified_at(std::env::var("SOURCE_DATE_EPOCH").ok().as_deref())
}

/// The date of `SOURCE_DATE_EPOCH` (seconds since 1970), or now when it is not a number.
fn modified_at(source_date_epoch: Option<&str>) -> String {
    let epoch = source_date_epoch.and_then(|s| s.trim().parse::<i64>().ok());
    let seconds = epoch.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0))
    });
    package::utc_timestamp(seconds)
}

/// A content document of the EPUB: a lesson or a script page.
struct Doc<'p> {
    /// Its Markdown path in the book.
    path: String,
    title: String,
    text: &'p str,
    /// The script pages' documents (for a lesson).
    scripts: Vec<usize>,
    /// A script page (not a lesson).
    script: bool,
}

/// Every content document in reading order: each lesson followed by its script pages.
fn documents(pages: &[MarkdownPage]) -> Vec<Doc<'_>> {
    let mut docs = Vec::new();
    for page in pages {
        let lesson = docs.len();
        docs.push(Doc {
            path: format!("{}.md", page.slug),
            title: non_empty(&page.title, &page.slug),
            text: &page.text,
            scripts: Vec::new(),
            script: false,
        });
        for script in &page.scripts {
            let n = docs.len();
            docs[lesson].scripts.push(n);
            docs.push(Doc {
                path: format!("scripts/{}/{}.md", page.slug, script.name),
                title: non_empty(&script.file_name, &script.name),
                text: &script.text,
                scripts: Vec::new(),
                script: true,
            });
        }
    }
    docs
}

fn non_empty(text: &str, fallback: &str) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if !text.is_empty() {
        text
    } else if fallback.trim().is_empty() {
        "Untitled".into()
    } else {
        fallback.trim().to_string()
    }
}

/// Every figure of the book once, by its normalised path in the book.
fn figures(pages: &[MarkdownPage]) -> impl Iterator<Item = (String, &str)> {
    let mut seen = std::collections::HashSet::new();
    let all = pages.iter().flat_map(|page| {
        let scripts = page.scripts.iter().flat_map(|s| s.figures.iter());
        page.figures.iter().chain(scripts)
    });
    all.filter_map(move |figure: &MarkdownFigure| {
        let path = urls::join("", &figure.path).filter(|p| !p.is_empty())?;
        seen.insert(path.clone())
            .then_some((path, figure.svg.as_str()))
    })
}

/// A page's XHTML document and its manifest properties.
fn content_document(
    doc: &Doc<'_>,
    index: &Index,
    math: &MathCache,
    lang: &str,
) -> (String, Vec<&'static str>) {
    let input = content::PageInput {
        path: &doc.path,
        text: doc.text,
    };
    let body = content::render(&input, index, math);
    let css = urls::relative(urls::folder(&doc.path), "style.css");
    let mut properties = Vec::new();
    // Math from KaTeX, or an author's own `<math>` (escaped text never holds `<math`).
    if body.mathml || body.xhtml.contains("<math") {
        properties.push("mathml");
    }
    if body.xhtml.contains("<svg") {
        properties.push("svg");
    }
    (document(&doc.title, lang, &css, &body.xhtml), properties)
}

/// A complete XHTML document.
pub(crate) fn document(title: &str, lang: &str, css: &str, body: &str) -> String {
    let lang = xml::escape(lang, true);
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html>\n\
         <html xmlns=\"http://www.w3.org/1999/xhtml\" \
         xmlns:epub=\"http://www.idpf.org/2007/ops\" xml:lang=\"{lang}\" lang=\"{lang}\">\n\
         <head>\n<title>{}</title>\n\
         <link rel=\"stylesheet\" type=\"text/css\" href=\"{}\"/>\n</head>\n\
         <body>\n{body}\n</body>\n</html>\n",
        xml::escape(title, false),
        xml::escape(&links::encode(css), true)
    )
}

/// The table of contents: each lesson with its `##` headings and its script pages.
fn nav_entries(docs: &[Doc<'_>], index: &Index) -> Vec<NavEntry> {
    docs.iter()
        .filter(|doc| !doc.script)
        .map(|doc| {
            let href = links::encode(&links::xhtml_path(&doc.path));
            let headings = index.pages.get(&doc.path).map(|a| a.headings.as_slice());
            let mut children: Vec<NavEntry> = headings
                .unwrap_or_default()
                .iter()
                .filter(|h| h.level == 2)
                .map(|h| NavEntry {
                    title: non_empty(&h.text, "Section"),
                    href: format!("{href}#{}", h.id),
                    children: Vec::new(),
                })
                .collect();
            children.extend(
                doc.scripts
                    .iter()
                    .filter_map(|&s| docs.get(s))
                    .map(|s| NavEntry {
                        title: s.title.clone(),
                        href: links::encode(&links::xhtml_path(&s.path)),
                        children: Vec::new(),
                    }),
            );
            NavEntry {
                title: doc.title.clone(),
                href,
                children,
            }
        })
        .collect()
}
