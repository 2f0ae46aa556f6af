//! Rendering: what every renderer shares is in [`common`] (heading ids and GitHub anchors,
//! the outline of a lesson, links and paths, region markers, the HTML reader, the text
//! passes); `links` reads rendered pages through it and [`template_ids`].
//!
//! A lesson and its run become HTML (`lesson` side: Markdown passes,
//! interpolation, math, highlighting, spliced outputs and figures, generated tables), and
//! the pages become a themed site (`site` side: templates, theme assets, search index,
//! writing into a temporary directory and swapping it in). Knows nothing of how outputs were
//! produced.

pub(crate) mod common;
pub mod epub;
/// Figures on a page (inline SVG, readout data, tables, animations): the `rlab-page` crate,
/// shared with the page's live runs.
pub use rlab_page::figure;
pub mod highlight;
pub mod lesson;
pub mod markdown;
pub mod math;
mod mathml;
pub mod matter;
pub(crate) mod page_cache;
#[cfg(feature = "pdf")]
pub mod pdf;
pub mod site;
#[cfg(test)]
pub(crate) mod testutil;

pub(crate) use site::templates::template_ids;

use serde::{Deserialize, Serialize};

/// The book-wide tables every page reads, resolved once the book is loaded and run: the
/// cross-references, the citations and the glossary with the subject index.
#[derive(Debug, Default)]
pub struct Tables {
    pub xrefs: crate::xref::Xrefs,
    pub citations: crate::cite::Citations,
    pub glossary: crate::gloss::Glossary,
}

/// One entry of a page's table of contents.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TocEntry {
    /// 2 for `##`, 3 for `###`.
    pub level: u8,
    pub id: String,
    /// Plain text of the heading.
    pub text: String,
}

pub use rlab_page::FigureFile;

/// The page of one standalone script.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScriptPage {
    /// File stem; the page is `scripts/<lesson slug>/<name>.html`.
    pub name: String,
    /// `jacobian_product.rlab`.
    pub file_name: String,
    pub description: String,
    /// Highlighted source, a complete `<pre>` element.
    pub source_html: String,
    /// What the script printed (plain text; the template escapes it).
    pub output: String,
    /// The rendered error message, if the script failed.
    pub error: Option<String>,
    pub figures: Vec<FigureFile>,
    /// The figures as shown on the script's page.
    pub figures_html: String,
    /// The page's live-code script (`live/<slug>/<name>.js`), when the reader may run it.
    #[serde(default)]
    pub live: Option<String>,
}

/// A rendered lesson, ready for the page template.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LessonHtml {
    pub slug: String,
    pub title: String,
    /// The article body (HTML fragment).
    pub body: String,
    pub toc: Vec<TocEntry>,
    /// Plain text of the lesson for the search index.
    pub search_text: String,
    /// Figure files the body refers to.
    pub figures: Vec<FigureFile>,
    pub scripts: Vec<ScriptPage>,
    /// Non-fatal problems (e.g. a broken link).
    pub warnings: Vec<crate::diagnostic::Diagnostic>,
    /// The lessons the page looked up by slug (its links), with the title each had then
    /// (`None`: not in the book): the page stands while they are unchanged.
    pub linked: Vec<(String, Option<String>)>,
    /// The page's live-code script (`live/<slug>.js`), when the reader may run its blocks.
    #[serde(default)]
    pub live: Option<String>,
    /// Whether the page cites (and so lists references, styled by `citations.css`).
    #[serde(default)]
    pub cites: bool,
    /// Whether the page uses a glossary term (styled by `glossary.css`).
    #[serde(default)]
    pub terms: bool,
}
