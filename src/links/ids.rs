//! The ids a page really has, read from what was rendered: every `id="…"` of a lesson's
//! HTML body (headings with their generated or `{#id}` ids, rlab blocks, figures, equations,
//! tables, footnotes, whatever a later pass adds) and of the templates the book's pages are
//! made with (its own where it overrides them); the anchors GitHub gives the Markdown book's
//! headings.

use crate::book::{Book, Lesson};
use crate::render::common::anchors::github_anchor;
use crate::render::common::html;
use crate::render::common::outline;
use crate::render::{LessonHtml, ScriptPage};
use std::collections::BTreeSet;

/// The ids the templates give every lesson page and every script page of a book.
pub(crate) struct TemplateIds {
    pub lesson: BTreeSet<String>,
    pub script: BTreeSet<String>,
}

impl TemplateIds {
    /// The ids of the templates `book` renders with (the embedded ones alone when the
    /// book's cannot be read: then the site is not written, and that error is reported).
    pub(crate) fn of(book: &Book) -> TemplateIds {
        let dir = &book.config.paths.templates;
        let ids = |name: &str| {
            crate::render::template_ids(dir, name)
                .or_else(|_| crate::render::template_ids(std::path::Path::new(""), name))
                .unwrap_or_default()
        };
        TemplateIds {
            lesson: ids("lesson.html"),
            script: ids("script.html"),
        }
    }

    /// The ids of a lesson's page: its body's and its templates'.
    pub(crate) fn lesson_page(&self, page: &LessonHtml) -> BTreeSet<String> {
        let mut ids = html::ids(&page.body);
        ids.extend(self.lesson.iter().cloned());
        ids
    }

    /// The ids of a script's page: its source's, its figures' and its templates'.
    pub(crate) fn script_page(&self, script: &ScriptPage) -> BTreeSet<String> {
        let mut ids = html::ids(&script.source_html);
        ids.extend(html::ids(&script.figures_html));
        ids.extend(self.script.iter().cloned());
        ids
    }
}

/// The anchors of a lesson in the Markdown book: GitHub's anchor of every heading (as
/// numbered on its page there, the title it may start with included), and the `{#id}`s it
/// keeps as anchors before their headings.
pub(crate) fn github_ids(lesson: &Lesson) -> BTreeSet<String> {
    let outline = outline::of_lesson(lesson);
    let title = outline::book_title(lesson, &outline).map(github_anchor);
    (outline.headings.into_iter())
        .flat_map(|h| std::iter::once(h.anchor).chain(h.id))
        .chain(title)
        .collect()
}
