//! The layer the four renderers (HTML site, Markdown book, EPUB, PDF) and the link checker
//! share, so that what one of them writes the others read the same way:
//! * [`anchors`]: GitHub's heading anchors, the one rule for the Markdown book, the EPUB
//!   made from it and the checker that vouches for their links;
//! * [`outline`]: a lesson's headings (with those anchors), tables, links and top-level
//!   blocks from one parse of its source;
//! * [`urls`]: the scheme test, paths and fragments, percent-decoding, the lesson a link
//!   names, and paths between the book's files;
//! * [`markers`]: the output-region markers of the Markdown book and the directive
//!   comments (callouts, exercises, solutions) with the spans of solutions;
//! * [`html`]: the one reader of raw HTML (tokens, entities, the ids a page has).
//!
//! It imports nothing of the renderers themselves; `links` and `edition` use it (and the
//! small surface in [`crate::render`]) rather than any renderer's internals.

pub(crate) mod anchors;
pub(crate) mod html;
pub(crate) mod markers;
pub(crate) mod outline;
pub(crate) mod urls;
