//! The link stage: the broken internal links of the rendered pages ([`crate::links`]), found
//! before any format is written. What it found is remembered in the book's cache under a key
//! of the pages' keys, so that a book whose pages are unchanged knows its links without
//! needing its pages (an up-to-date site is then not rendered at all).

use super::render::Keyed;
use crate::book::Book;
use crate::cache::digest::Digest;
use crate::cache::{Cache, CacheFile, inputs};
use crate::config::Format;
use crate::diagnostic::Diagnostic;
use crate::links::internal::{Inputs, check_internal};
use crate::render::LessonHtml;

/// The key of the link check of pages with `keys`.
pub(super) fn key(book: &Book, keys: &[Digest], strict: bool) -> Digest {
    let mut h = inputs::of_pages("links", &book.config, strict, keys);
    h.str(&crate::links::templates_key(book));
    h.finish()
}

/// What the check of pages with `key` found, when the cache remembers it.
pub(super) fn remembered(cache: &Cache, key: &Digest) -> Option<Vec<Diagnostic>> {
    let (stored, found): (Digest, Vec<Diagnostic>) = cache.load(&CacheFile::link_check())?;
    let shown = |mut d: Diagnostic| {
        d.column_in_text = d.column.is_some();
        d
    };
    (stored == *key).then(|| found.into_iter().map(shown).collect())
}

/// Check the links of `pages` (and remember what was found when every page was there).
pub(super) fn check(
    book: &Book,
    pages: &[Option<Keyed>],
    strict: bool,
    cache: &Cache,
    key: &Digest,
) -> Vec<Diagnostic> {
    let shown: Vec<Option<&LessonHtml>> = (pages.iter())
        .map(|p| p.as_ref().map(|(_, page)| page))
        .collect();
    let inputs = Inputs {
        book,
        pages: &shown,
        markdown: book.config.outputs.formats.contains(&Format::Markdown),
        strict,
    };
    let found = check_internal(&inputs);
    if shown.iter().all(Option::is_some) {
        cache.store(&CacheFile::link_check(), &(key, &found));
    }
    found
}
