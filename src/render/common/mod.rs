//! The layer the four renderers (HTML site, Markdown book, EPUB, PDF) and the link checker
//! share, so that what one of them writes the others read the same way:
//! * [`anchors`]: GitHub's heading anchors, the one rule for the Markdown book, the EPUB
//!   made from it and the checker that vouches for their links;
//! * [`headings`]: the HTML site's heading ids and table of contents, which the PDF keeps
//!   so that a fragment that works on the site works there;
//! * [`outline`]: a lesson's headings (with those anchors), tables, links and top-level
//!   blocks from one parse of its source;
//! * [`urls`]: the scheme test, paths and fragments, percent-decoding, the lesson a link
//!   names, and paths between the book's files;
//! * [`markers`]: the output-region markers of the Markdown book and the directive
//!   comments (callouts, exercises, solutions) with the spans of solutions;
//! * [`html`]: the one reader of raw HTML (tokens, entities, the ids a page has);
//! * [`prepare`]: the text passes over a lesson's source that the HTML and the Markdown
//!   writers both make (inline values, math delimiters), with the map back to the source.
//!
//! It imports nothing of the renderers themselves; `links` and `edition` use it (and the
//! small surface in [`crate::render`]) rather than any renderer's internals.

use pulldown_cmark::{Event, Options, Parser};
use std::ops::Range;

pub(crate) mod anchors;
pub(crate) mod headings;
pub(crate) mod html;
pub(crate) mod markers;
pub(crate) mod outline;
pub(crate) mod prepare;
pub(crate) mod urls;

/// A parse event with the byte range of the (prepared) text it came from.
pub(crate) type Ev<'t> = (Event<'t>, Range<usize>);

/// The events of a lesson's prepared text, with the book's Markdown options, math and
/// wikilinks.
pub(crate) fn parse(text: &str) -> Vec<Ev<'_>> {
    let options =
        crate::book::lesson::markdown_options() | Options::ENABLE_MATH | Options::ENABLE_WIKILINKS;
    Parser::new_ext(text, options).into_offset_iter().collect()
}
