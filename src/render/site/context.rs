//! What the templates see: the data of each page (lesson, index, script) as serialisable
//! structs, with every link already made relative to the page it appears on.
//!
//! Every template gets `book` (title, description, authors, language), `root` (the prefix
//! back to the site root), `assets`, `index_href`, `nav` (all lessons: title, href, current
//! = `"page"` on the lesson itself and `"true"` on a script's lesson), `page_title` and
//! `page_kind`, and `back_matter` (the back-matter pages after the lessons: title, href,
//! current). Lesson pages add `lesson` (slug, title, body, toc with `href` fragments),
//! `prev` and `next`; the index adds `next`; script pages add `script` and `lesson_link`;
//! back-matter pages ([`super::back_matter`]) add `matter`, `prev` and `next`.

use super::Download;
use super::links;
use crate::book::Book;
use crate::render::lesson::exercises;
use crate::render::matter::html::MatterHtml;
use crate::render::{LessonHtml, ScriptPage};
use serde::Serialize;

#[derive(Serialize)]
struct BookMeta<'a> {
    title: &'a str,
    description: &'a str,
    authors: &'a [String],
    language: &'a str,
}

#[derive(Serialize)]
struct NavItem<'a> {
    title: &'a str,
    href: String,
    /// The lesson's number in the list: its `order` (frontmatter or file-name prefix), else
    /// its position.
    number: i64,
    /// `""`, `"page"` or `"true"` (the value of `aria-current`).
    current: &'static str,
    /// How many exercises the page can check, and the key of the reader's progress in them
    /// (docs/exercises.md), so that the sidebar can mark a lesson done: set on the pages
    /// with exercises only.
    exercises: usize,
    progress: Option<String>,
}

/// A link with its text.
#[derive(Serialize)]
pub(crate) struct Link {
    pub(crate) title: String,
    pub(crate) href: String,
}

/// A back-matter page in the sidebar.
#[derive(Serialize)]
struct MatterItem {
    title: &'static str,
    href: String,
    /// `""` or `"page"`.
    current: &'static str,
}

/// The rendered pages a site is made of: the lessons' and the back matter's.
#[derive(Clone, Copy)]
pub(crate) struct Pages<'a> {
    pub lessons: &'a [LessonHtml],
    pub matter: &'a [MatterHtml],
}

#[derive(Serialize)]
pub(super) struct Common<'a> {
    book: BookMeta<'a>,
    root: String,
    assets: String,
    index_href: String,
    nav: Vec<NavItem<'a>>,
    back_matter: Vec<MatterItem>,
    page_title: &'a str,
    page_kind: &'static str,
}

/// Which page of the sidebar the page is or belongs to, if any, and how.
#[derive(Clone, Copy)]
pub(super) enum Current {
    None,
    Lesson(usize),
    ScriptOf(usize),
    Matter(usize),
}

pub(super) fn common<'a>(
    book: &'a Book,
    site: Pages<'a>,
    page_path: &str,
    title: &'a str,
    kind: &'static str,
    current: Current,
) -> Common<'a> {
    let meta = &book.config.book;
    let progress =
        |i: usize| (book.lessons.get(i)).and_then(|l| exercises::progress_key(&book.config, l));
    // Only a page with exercises marks the sidebar (its exercises.js), so that the other
    // pages carry nothing of them.
    let marks = matches!(current, Current::Lesson(c) if progress(c).is_some());
    let nav = (site.lessons.iter())
        .enumerate()
        .map(|(i, p)| NavItem {
            number: book
                .lessons
                .get(i)
                .and_then(|l| l.order)
                .unwrap_or(i as i64 + 1),
            title: &p.title,
            href: links::href(page_path, &links::lesson_page(&p.slug)),
            current: match current {
                Current::Lesson(c) if c == i => "page",
                Current::ScriptOf(c) if c == i => "true",
                _ => "",
            },
            exercises: book.lessons.get(i).map_or(0, exercises::checkable),
            progress: progress(i).filter(|_| marks),
        })
        .collect();
    let back_matter = matter_items(site.matter, page_path, current);
    let root = links::root_prefix(page_path);
    Common {
        book: BookMeta {
            title: &meta.title,
            description: &meta.description,
            authors: &meta.authors,
            language: &meta.language,
        },
        assets: format!("{root}assets/"),
        index_href: links::href(page_path, "index.html"),
        root,
        nav,
        back_matter,
        page_title: title,
        page_kind: kind,
    }
}

/// The back-matter pages as the sidebar lists them, from the page at `page_path`.
fn matter_items(matter: &[MatterHtml], page_path: &str, current: Current) -> Vec<MatterItem> {
    (matter.iter().enumerate())
        .map(|(i, m)| MatterItem {
            title: m.kind.title(),
            href: links::href(page_path, &m.path()),
            current: if matches!(current, Current::Matter(c) if c == i) {
                "page"
            } else {
                ""
            },
        })
        .collect()
}

#[derive(Serialize)]
struct TocItem<'a> {
    level: u8,
    id: &'a str,
    href: String,
    text: &'a str,
}

#[derive(Serialize)]
struct LessonData<'a> {
    slug: &'a str,
    title: &'a str,
    body: &'a str,
    toc: Vec<TocItem<'a>>,
    /// The link to the page's live-code script, when the reader may run its blocks.
    live: Option<String>,
    /// The key of the reader's progress in the page's exercises, when it has some to check.
    exercises: Option<String>,
    /// Whether the page cites, and so links `citations.css`.
    citations: bool,
    /// Whether the page uses a glossary term, and so links `glossary.css`.
    glossary: bool,
}

#[derive(Serialize)]
struct LessonContext<'a> {
    #[serde(flatten)]
    common: Common<'a>,
    lesson: LessonData<'a>,
    prev: Option<Link>,
    next: Option<Link>,
}

/// The link to back-matter page `page` from the page at `from`.
pub(super) fn matter_link(from: &str, page: &MatterHtml) -> Link {
    Link {
        title: page.kind.title().to_string(),
        href: links::href(from, &page.path()),
    }
}

pub(super) fn lesson_link(from: &str, page: &LessonHtml) -> Link {
    Link {
        title: page.title.clone(),
        href: links::href(from, &links::lesson_page(&page.slug)),
    }
}

/// The context of the page of lesson `i`: its previous page is the lesson before it (the
/// index for the first), its next the lesson after it.
pub(crate) fn lesson(book: &Book, site: Pages, i: usize) -> tera::Result<tera::Context> {
    let pages = site.lessons;
    let Some(page) = pages.get(i) else {
        return Err(tera::Error::msg(format!("no lesson page {i}")));
    };
    let path = links::lesson_page(&page.slug);
    let toc = page
        .toc
        .iter()
        .map(|e| TocItem {
            level: e.level,
            id: &e.id,
            href: crate::render::common::urls::encode_segment(&e.id),
            text: &e.text,
        })
        .collect();
    let prev = match i.checked_sub(1) {
        Some(p) => pages.get(p).map(|p| lesson_link(&path, p)),
        None => Some(Link {
            title: book.config.book.title.clone(),
            href: links::href(&path, "index.html"),
        }),
    };
    let context = LessonContext {
        common: common(book, site, &path, &page.title, "lesson", Current::Lesson(i)),
        lesson: LessonData {
            slug: &page.slug,
            title: &page.title,
            body: &page.body,
            toc,
            live: (page.live.as_ref())
                .map(|_| links::href(&path, &super::live::page_script(&page.slug))),
            exercises: (book.lessons.get(i)).and_then(|l| exercises::progress_key(&book.config, l)),
            citations: page.cites,
            glossary: page.terms,
        },
        prev,
        next: (pages.get(i + 1).map(|n| lesson_link(&path, n)))
            .or_else(|| site.matter.first().map(|m| matter_link(&path, m))),
    };
    tera::Context::from_serialize(&context)
}

#[derive(Serialize)]
struct IndexContext<'a> {
    #[serde(flatten)]
    common: Common<'a>,
    next: Option<Link>,
    downloads: Vec<DownloadLink>,
}

/// The context of `index.html`.
pub(crate) fn index(
    book: &Book,
    site: Pages,
    downloads: &[Download],
) -> tera::Result<tera::Context> {
    let path = "index.html";
    let title = book.config.book.title.as_str();
    let context = IndexContext {
        common: common(book, site, path, title, "index", Current::None),
        next: site.lessons.first().map(|p| lesson_link(path, p)),
        downloads: downloads.iter().map(download_link).collect(),
    };
    tera::Context::from_serialize(&context)
}

/// A file of another format, as the index links it.
#[derive(Serialize)]
struct DownloadLink {
    href: String,
    /// `EPUB`, `PDF`.
    label: &'static str,
    /// `1.2 MB`.
    size: String,
}

fn download_link(d: &Download) -> DownloadLink {
    let label = match d.format {
        crate::config::Format::Epub => "EPUB",
        crate::config::Format::Pdf => "PDF",
        crate::config::Format::Markdown => "Markdown",
        crate::config::Format::Html => "HTML",
    };
    let size = d.bytes.len() as f64;
    let size = if size >= 1e6 {
        format!("{:.1} MB", size / 1e6)
    } else {
        format!("{:.0} kB", (size / 1e3).max(1.0))
    };
    DownloadLink {
        href: (d.path.split('/'))
            .map(crate::render::common::urls::encode_segment)
            .collect::<Vec<_>>()
            .join("/"),
        label,
        size,
    }
}

#[derive(Serialize)]
struct ScriptData<'a> {
    name: &'a str,
    file_name: &'a str,
    description: &'a str,
    source_html: &'a str,
    output: &'a str,
    error: Option<&'a str>,
    figures_html: &'a str,
    /// The link to the page's live-code script, when the reader may run it.
    live: Option<String>,
}

#[derive(Serialize)]
struct ScriptContext<'a> {
    #[serde(flatten)]
    common: Common<'a>,
    script: ScriptData<'a>,
    lesson_link: Link,
}

/// The context of the page of script `script` of lesson `i`; its link back goes to the
/// lesson's "Standalone Scripts" section when the lesson has one.
pub(crate) fn script(
    book: &Book,
    site: Pages,
    i: usize,
    script: &ScriptPage,
) -> tera::Result<tera::Context> {
    let Some(page) = site.lessons.get(i) else {
        return Err(tera::Error::msg(format!("no lesson page {i}")));
    };
    let path = links::script_page(&page.slug, &script.name);
    let mut back = lesson_link(&path, page);
    if let Some(entry) = page
        .toc
        .iter()
        .find(|e| e.text.trim().eq_ignore_ascii_case("standalone scripts"))
    {
        back.href = format!(
            "{}#{}",
            back.href,
            crate::render::common::urls::encode_segment(&entry.id)
        );
    }
    let context = ScriptContext {
        common: common(
            book,
            site,
            &path,
            &script.file_name,
            "script",
            Current::ScriptOf(i),
        ),
        script: ScriptData {
            name: &script.name,
            file_name: &script.file_name,
            description: &script.description,
            source_html: &script.source_html,
            output: &script.output,
            error: script.error.as_deref(),
            figures_html: &script.figures_html,
            live: (script.live.as_ref()).map(|_| {
                links::href(
                    &path,
                    &super::live::script_page_script(&page.slug, &script.name),
                )
            }),
        },
        lesson_link: back,
    };
    tera::Context::from_serialize(&context)
}

#[cfg(test)]
mod tests;
