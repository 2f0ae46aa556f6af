//! The back-matter pages of the site (`bibliography.html`, `glossary.html`,
//! `subject-index.html`, made by [`crate::render::matter::html`]) in the book's frame: the
//! `matter.html` template sees the common context and `matter` (kind, title, body, toc with
//! `href` fragments, and the stylesheet the body needs), `prev` and `next`.

use super::context::{Current, Link, Pages, common, lesson_link, matter_link};
use crate::book::Book;
use crate::render::matter::Matter;
use crate::render::matter::html::MatterHtml;
use serde::Serialize;

#[derive(Serialize)]
struct TocItem<'a> {
    level: u8,
    href: String,
    text: &'a str,
}

#[derive(Serialize)]
struct MatterData<'a> {
    /// `bibliography`, `glossary`, `subject-index`.
    kind: &'static str,
    title: &'static str,
    body: &'a str,
    toc: Vec<TocItem<'a>>,
    /// The theme stylesheet the body is styled by.
    stylesheet: &'static str,
}

#[derive(Serialize)]
struct MatterContext<'a> {
    #[serde(flatten)]
    common: super::context::Common<'a>,
    matter: MatterData<'a>,
    prev: Option<Link>,
    next: Option<Link>,
}

/// The context of back-matter page `i`: its previous page is the one before it (the last
/// lesson for the first), its next the one after it.
pub(crate) fn context(book: &Book, site: Pages, i: usize) -> tera::Result<tera::Context> {
    let Some(page) = site.matter.get(i) else {
        return Err(tera::Error::msg(format!("no back-matter page {i}")));
    };
    let path = page.path();
    let title = page.kind.title();
    let prev = match i.checked_sub(1) {
        Some(p) => site.matter.get(p).map(|m| matter_link(&path, m)),
        None => site.lessons.last().map(|l| lesson_link(&path, l)),
    };
    let toc = (page.toc.iter())
        .map(|e| TocItem {
            level: e.level,
            href: crate::render::common::urls::encode_segment(&e.id),
            text: &e.text,
        })
        .collect();
    let context = MatterContext {
        common: common(book, site, &path, title, "matter", Current::Matter(i)),
        matter: MatterData {
            kind: page.kind.slug(),
            title,
            body: &page.body,
            toc,
            stylesheet: stylesheet(page),
        },
        prev,
        next: site.matter.get(i + 1).map(|m| matter_link(&path, m)),
    };
    tera::Context::from_serialize(&context)
}

/// The theme file that styles a page of this kind.
fn stylesheet(page: &MatterHtml) -> &'static str {
    match page.kind {
        Matter::Bibliography => "citations.css",
        Matter::Glossary | Matter::Index => "glossary.css",
    }
}
