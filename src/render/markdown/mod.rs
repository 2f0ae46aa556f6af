//! GitHub Markdown: a lesson and its run become a [`MarkdownPage`], the Markdown book
//! rustlab-notebook writes (`book/<slug>.md`) and the one document the EPUB and PDF
//! writers are made from, so every format shows the same outputs, values and tables.
//!
//! The conventions of [`MarkdownPage::text`] (what the other writers may rely on):
//! * the first line is the generated-file header, an HTML comment;
//! * rlab code blocks keep their fence (```` ```rlab ```` or ```` ```rustlab ````); hidden
//!   blocks are gone; what a block printed and drew follows it between the lines
//!   `<!-- rustlab:output-start -->` and `<!-- rustlab:output-end -->`: the printed text
//!   (and an error message) in a ```` ```text ```` fence, then one image per figure
//!   `![alt](plots/<slug>/plot-N-<hash>.svg)`;
//! * inline values are substituted; math is `$…$` and `$$…$$` (display math alone on its
//!   lines), with `\lvert`/`\rvert` for `|` in table cells;
//! * links to other lessons are `<slug>.md` (`<slug>.md#fragment`); the generated tables
//!   ("Expected Numerical Outputs Summary", "Standalone Scripts") are Markdown tables; a
//!   script's page is `scripts/<slug>/<name>.md`;
//! * `details` blocks and solutions are `<details><summary>…</summary>` … `</details>`
//!   HTML blocks, with blank lines around their Markdown;
//! * paths of images and links in a page's text are relative to that page's own folder,
//!   as on GitHub; [`MarkdownFigure::path`] is relative to the book folder.

use serde::{Deserialize, Serialize};

/// A figure file of the Markdown book.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MarkdownFigure {
    /// Relative to the book folder: `plots/<slug>/plot-N-<hash>.svg`.
    pub path: String,
    /// A self-contained SVG in the light theme (no script, no external reference).
    pub svg: String,
}

/// One lesson as GitHub Markdown.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MarkdownPage {
    /// The file is `<slug>.md`.
    pub slug: String,
    pub title: String,
    /// The chapter number: the digits the lesson's file name starts with, else its place in
    /// the book (1-based).
    pub number: u32,
    /// The Markdown text (see the module documentation).
    pub text: String,
    pub figures: Vec<MarkdownFigure>,
    pub scripts: Vec<MarkdownScript>,
}

/// The page of one standalone script, `scripts/<lesson slug>/<name>.md`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MarkdownScript {
    /// File stem.
    pub name: String,
    /// `jacobian_product.rlab`.
    pub file_name: String,
    pub description: String,
    /// The page: a title, the description, the source in an ```` ```rlab ```` fence and its
    /// output region, as in a lesson.
    pub text: String,
    pub figures: Vec<MarkdownFigure>,
}
