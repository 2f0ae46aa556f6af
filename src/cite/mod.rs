//! Citations and bibliographies (issue 26): the engine the citation scanner and the renderers
//! call, on top of hayagriva (typst's bibliography library, CSL styles and locales bundled).
//! It owns the book's bibliography files, the citation style and locale, and the rendering of
//! every citation and bibliography entry as HTML, plain text and Markdown; it does not find
//! citations in lessons (`crate::book::citation`) nor place them on pages (`crate::render`).
//!
//! The data flow, once per build:
//!
//! ```text
//! [book] bibliography files ─► Bibliography::load   (library.rs: entries, each key's file:line)
//! [book] csl, language      ─► CitationStyle        (style.rs: bundled or .csl, locale, kind)
//! the book's citations      ─► render_book          (render.rs: one driver for the whole book)
//!                            ─► RenderedBook        (each group's Forms; the bibliography in
//!                                                    the style's order; entries_of(a lesson))
//! ```
//!
//! `locator.rs` reads a locator (`p. 5` → page 5) and `text.rs` turns hayagriva's formatted
//! output into the three texts. Errors are [`crate::diagnostic::Diagnostic`]s located in the
//! bibliography or style file.

mod library;
mod locator;
mod render;
mod scan;
mod style;
mod table;
mod text;

pub(crate) use render::RenderedEntry;
pub use table::Citations;
pub(crate) use table::entry_id;

#[cfg(test)]
mod render_tests;
#[cfg(test)]
mod tests;
