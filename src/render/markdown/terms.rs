//! Glossary terms and index markers in the Markdown book (the book's table is
//! [`crate::gloss::Glossary`]), and so in the EPUB and PDF made from it: a marked use
//! `[causal mask]{.term}` becomes the anchor its index entries link to and a link to the term
//! on the glossary page, `<a id="ix-3"></a>[causal mask](glossary.md#term-causal-mask)`; an
//! index marker `<!-- index: … -->` becomes its anchor `<a id="ix-4"></a>`.

use super::edits::Edits;
use super::{Page, escape_text};
use crate::gloss::MarkKind;
use crate::render::common::urls::encode_segment;
use crate::render::matter::html::term_id;
use crate::xref::anchor_html;

/// The edits that write the lesson's marks.
pub(crate) fn edit(page: &Page, edits: &mut Edits) {
    let glossary = &page.tables.glossary;
    for mark in glossary.marks(&page.lesson.slug) {
        let anchor = anchor_html(&mark.anchor);
        let written = match &mark.kind {
            MarkKind::Use { term, text } => match glossary.term(term) {
                Some(found) => format!(
                    "{anchor}[{}](glossary.md#{})",
                    escape_text(text),
                    encode_segment(&term_id(&found.id))
                ),
                None => escape_text(text),
            },
            MarkKind::Index => anchor,
        };
        edits.replace(mark.span.clone(), written);
    }
}
