//! The ids a page really has, read from what was rendered: every `id="…"` of a lesson's
//! HTML body (headings with their generated or `{#id}` ids, rlab blocks, figures, equations,
//! tables, footnotes, whatever a later pass adds) and of the templates the book's pages are
//! made with (its own where it overrides them); the anchors GitHub gives the Markdown book's
//! headings; and the closest existing id to a broken fragment, to suggest it.

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

/// The id in `ids` closest to `wanted` (by edit distance, case folded), when it is close
/// enough to be the one meant: at most a third of the longer name's characters differ.
pub(crate) fn closest<'a>(
    ids: impl IntoIterator<Item = &'a String>,
    wanted: &str,
) -> Option<&'a str> {
    let wanted = wanted.to_lowercase();
    ids.into_iter()
        .map(|id| (distance(&id.to_lowercase(), &wanted), id))
        .filter(|(d, id)| *d * 3 <= id.chars().count().max(wanted.chars().count()))
        .min_by_key(|(d, _)| *d)
        .map(|(_, id)| id.as_str())
}

/// Edit distance over characters, a swap of two neighbours counting as one edit (optimal
/// string alignment): `setpu` is one edit from `setup`.
fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut before: Vec<usize> = Vec::new();
    let mut last: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut row = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            row[j] = (last[j - 1] + cost).min(last[j] + 1).min(row[j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                row[j] = row[j].min(before[j - 2] + 1);
            }
        }
        before = std::mem::replace(&mut last, row);
    }
    last[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_closest_id_is_suggested_only_when_close() {
        let ids: Vec<String> = ["theory", "layer-norm", "block-2"].map(String::from).into();
        assert_eq!(closest(&ids, "theroy"), Some("theory"));
        assert_eq!(closest(&ids, "Layer-Norms"), Some("layer-norm"));
        assert_eq!(closest(&ids, "block-3"), Some("block-2"));
        assert_eq!(closest(&ids, "something-else"), None);
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("", "ab"), 2);
        assert_eq!(distance("setpu", "setup"), 1);
        assert_eq!(distance("ab", ""), 2);
    }
}
