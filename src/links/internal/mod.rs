//! Links inside the book, checked against the pages as rendered: a link to another lesson
//! (`other.md`, `other.html`, `[[other]]`) and its fragment, a same-page `#fragment`, a
//! script page (`scripts/<lesson>/<name>.html`) and its fragment, a file of the book (an
//! image, a download). When the book writes its Markdown book, a fragment that resolves on
//! the site but not among the anchors GitHub gives that book's headings is reported too.
//! Absolute paths (`/x`) and links with a scheme are not checked here.

use super::ids::{TemplateIds, github_ids};
use super::{SourceLink, links_of, report};
use crate::book::inline::LineIndex;
use crate::book::{Book, Lesson};
use crate::diagnostic::Diagnostic;
use crate::diagnostic::suggest::closest;
use crate::render::LessonHtml;
use crate::render::common::urls::percent_decode as decode;
use crate::render::common::urls::{has_scheme, link_path, named_lesson, split_fragment};
use std::collections::BTreeSet;
use std::path::Path;

/// What a link leads to.
#[derive(Debug, PartialEq)]
enum Target<'d> {
    /// A lesson page (by slug) and its fragment; `same` for a `#fragment` alone.
    Lesson { slug: String, frag: Option<String> },
    /// A script's page and its fragment.
    Script {
        slug: &'d str,
        name: &'d str,
        frag: Option<String>,
    },
    /// A file, relative to the lesson's folder.
    File(String),
    /// Not checked here: external, absolute, or a lesson the renderers report.
    Unchecked,
}

/// What the check reads: the book, each lesson's shown page (`None`: none to read ids from),
/// and whether the Markdown book is written.
pub(crate) struct Inputs<'a> {
    pub book: &'a Book,
    pub pages: &'a [Option<&'a LessonHtml>],
    pub markdown: bool,
    pub strict: bool,
}

/// Every broken internal link of the book (a link into a page that could not be rendered
/// is not checked).
pub(crate) fn check_internal(inputs: &Inputs) -> Vec<Diagnostic> {
    let templates = TemplateIds::of(inputs.book);
    let mut out = Vec::new();
    for lesson in &inputs.book.lessons {
        let lines = LineIndex::new(&lesson.source);
        for link in links_of(lesson) {
            if let Some(message) = problem(inputs, &templates, lesson, &link) {
                out.push(report(lesson, &lines, &link, message, inputs.strict));
            }
        }
    }
    out
}

/// What is wrong with `link` of `lesson`, if anything.
fn problem(
    inputs: &Inputs,
    templates: &TemplateIds,
    lesson: &Lesson,
    link: &SourceLink,
) -> Option<String> {
    let dest = &link.dest;
    match target(inputs.book, lesson, dest, link.wiki) {
        Target::Lesson { slug, frag } => {
            let index = inputs.book.lessons.iter().position(|l| l.slug == slug)?;
            let frag = frag?;
            let page = inputs.pages.get(index).copied().flatten()?;
            let named = if index_of(inputs.book, lesson) == Some(index) && dest.starts_with('#') {
                "this page".to_string()
            } else {
                file_name(&inputs.book.lessons[index].path)
            };
            let ids = templates.lesson_page(page);
            if !ids.contains(&frag) {
                return Some(missing_fragment("broken link", dest, &named, &frag, &ids));
            }
            let anchors = inputs
                .markdown
                .then(|| github_ids(&inputs.book.lessons[index]))?;
            let kind = "broken link in the Markdown book";
            let named = format!("on GitHub, {named}");
            (!anchors.contains(&frag))
                .then(|| missing_fragment(kind, dest, &named, &frag, &anchors))
        }
        Target::Script { slug, name, frag } => {
            script_problem(inputs, templates, dest, (slug, name), frag)
        }
        Target::File(path) => (!file_exists(inputs.book, lesson, &path))
            .then(|| format!("broken link: '{dest}' — no such file or page in the book")),
        Target::Unchecked => None,
    }
}

fn index_of(book: &Book, lesson: &Lesson) -> Option<usize> {
    book.lessons.iter().position(|l| l.slug == lesson.slug)
}

/// Where `dest`, written in `lesson`, leads.
fn target<'d>(book: &Book, lesson: &Lesson, dest: &'d str, wiki: bool) -> Target<'d> {
    if wiki {
        return match named_lesson(dest, true) {
            Some((slug, frag)) => lesson_target(book, slug, frag),
            None => Target::Unchecked,
        };
    }
    if dest.is_empty() || has_scheme(dest) || dest.starts_with('/') {
        return Target::Unchecked;
    }
    let (path, frag) = (link_path(dest), split_fragment(dest).1);
    if path.is_empty() {
        return Target::Lesson {
            slug: lesson.slug.clone(),
            frag: frag.map(decode),
        };
    }
    if let Some((slug, frag)) = named_lesson(dest, false) {
        return lesson_target(book, slug, frag);
    }
    let parts: Vec<&str> = path.trim_start_matches("./").split('/').collect();
    match parts[..] {
        ["scripts", slug, page] | ["..", "scripts", slug, page] if page.ends_with(".html") => {
            let name = page.trim_end_matches(".html");
            let frag = frag.map(decode);
            Target::Script { slug, name, frag }
        }
        [page]
            if page.ends_with(".html")
                && book.lesson(&decode(&page[..page.len() - 5])).is_some() =>
        {
            lesson_target(book, &page[..page.len() - 5], frag)
        }
        _ => Target::File(decode(path)),
    }
}

/// A lesson of the book, else unchecked (the renderers report a lesson link to no lesson).
fn lesson_target<'d>(book: &Book, slug: &str, frag: Option<&str>) -> Target<'d> {
    let slug = decode(slug);
    match book.lesson(&slug) {
        Some(_) => Target::Lesson {
            slug,
            frag: frag.filter(|f| !f.is_empty()).map(decode),
        },
        None => Target::Unchecked,
    }
}

/// The message for a fragment `frag` that `named` does not have among `ids`.
/// `kind` says which output the link is broken in.
fn missing_fragment(
    kind: &str,
    dest: &str,
    named: &str,
    frag: &str,
    ids: &BTreeSet<String>,
) -> String {
    let mut message = format!("{kind}: '{dest}' — {named} has no heading or anchor '{frag}'");
    if let Some(id) = closest(ids, frag) {
        message.push_str(&format!(" (did you mean '#{id}'?)"));
    }
    message
}

fn script_problem(
    inputs: &Inputs,
    templates: &TemplateIds,
    dest: &str,
    (slug, name): (&str, &str),
    frag: Option<String>,
) -> Option<String> {
    let index = inputs.book.lessons.iter().position(|l| l.slug == slug);
    let Some(index) = index else {
        return Some(format!(
            "broken link: '{dest}' — no lesson '{slug}' in the book"
        ));
    };
    let page = inputs.pages.get(index).copied().flatten()?;
    let Some(script) = page.scripts.iter().find(|s| s.name == name) else {
        let lesson = file_name(&inputs.book.lessons[index].path);
        return Some(format!(
            "broken link: '{dest}' — {lesson} has no script '{name}'"
        ));
    };
    let frag = frag.filter(|f| !f.is_empty())?;
    let ids = templates.script_page(script);
    let named = format!("the page of {}", script.file_name);
    (!ids.contains(&frag)).then(|| missing_fragment("broken link", dest, &named, &frag, &ids))
}

/// Whether `path` (as linked from `lesson`) is a file of the book: beside the lesson, from
/// the book's root, or a download the site carries (the EPUB, the PDF).
fn file_exists(book: &Book, lesson: &Lesson, path: &str) -> bool {
    let config = &book.config;
    let beside = lesson.path.parent().map(|dir| dir.join(path));
    let downloads = [&config.outputs.epub_file, &config.outputs.pdf_file];
    beside.is_some_and(|p| p.exists())
        || config.root.join(path).exists()
        || downloads
            .iter()
            .any(|d| **d == config.paths.output.join(path))
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

#[cfg(test)]
mod tests;
