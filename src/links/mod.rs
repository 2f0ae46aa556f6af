//! Link checking over the whole book, after every lesson is rendered and before any format
//! is written. The links are the ones the authors wrote, read from each lesson's source with
//! their place; the targets are what the pages really have ([`ids`]): [`internal`] checks
//! links between lessons, to script pages, to fragments of a page and to files of the book;
//! [`external`] checks `http(s)` links over the network when asked (`--check-external`).
//! Broken ones are warnings with `file:line:col` and an excerpt, errors under `--strict`.
//!
//! A `.md` link or wikilink naming no lesson of the book is reported by the renderers
//! (`broken lesson link`), so it is not reported again here.

pub(crate) mod external;
mod http;
mod ids;
pub(crate) mod internal;

use crate::book::Lesson;
use crate::book::inline::LineIndex;
use crate::diagnostic::{Diagnostic, Kind};
use std::ops::Range;

/// A link an author wrote in a lesson.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SourceLink {
    /// The destination as written.
    pub dest: String,
    /// Written `[[…]]`.
    pub wiki: bool,
    /// Bytes of the whole link in the lesson's source.
    pub range: Range<usize>,
}

/// Every link of the lesson's body, in source order.
pub(crate) fn links_of(lesson: &Lesson) -> Vec<SourceLink> {
    crate::render::common::outline::outline(&lesson.source, lesson.body_start)
        .links
        .into_iter()
        .map(|link| SourceLink {
            dest: link.dest,
            wiki: link.wiki,
            range: link.range,
        })
        .collect()
}

/// What the check reads of the book's templates, as text for the key it is remembered
/// under: the ids they give lesson and script pages (a template that gains or loses an id
/// changes what the check finds even when no page changed).
pub(crate) fn templates_key(book: &crate::book::Book) -> String {
    let ids = ids::TemplateIds::of(book);
    let lesson: Vec<&str> = ids.lesson.iter().map(String::as_str).collect();
    let script: Vec<&str> = ids.script.iter().map(String::as_str).collect();
    format!("{}\n\n{}", lesson.join("\n"), script.join("\n"))
}

/// The diagnostic for a broken `link` of `lesson`: a warning, an error under `strict`.
pub(crate) fn report(
    lesson: &Lesson,
    lines: &LineIndex,
    link: &SourceLink,
    message: String,
    strict: bool,
) -> Diagnostic {
    let (line, col) = lines.line_col(link.range.start);
    let start = lesson.source[..link.range.start.min(lesson.source.len())]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let text = lesson.source[start..]
        .lines()
        .next()
        .unwrap_or("")
        .trim_end();
    let on_line = (lesson.source.get(link.range.clone()))
        .and_then(|linked| linked.lines().next())
        .map_or(1, |first| first.chars().count());
    let warning = Diagnostic::warning(Kind::Render, message)
        .in_file(lesson.display.clone())
        .at(line, col)
        .with_excerpt(text, on_line);
    if strict {
        warning.into_error()
    } else {
        warning
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn lesson(source: &str) -> Lesson {
        let path = PathBuf::from("/b/content/01-a.md");
        Lesson::parse(path, "content/01-a.md".into(), source.into(), Vec::new()).unwrap()
    }

    #[test]
    fn links_come_from_the_body_with_their_place() {
        let l = lesson("---\ntitle: A\n---\n# A\n\nSee [b](02-b.md#x) and [[03-c]].\n");
        let links = links_of(&l);
        let dests: Vec<(&str, bool)> = links.iter().map(|k| (k.dest.as_str(), k.wiki)).collect();
        assert_eq!(dests, [("02-b.md#x", false), ("03-c", true)]);
        assert_eq!(&l.source[links[0].range.clone()], "[b](02-b.md#x)");
    }

    #[test]
    fn a_report_names_file_line_column_with_an_excerpt() {
        let l = lesson("# A\n\nSee [b](02-b.md#x) now.\n");
        let link = &links_of(&l)[0];
        let lines = LineIndex::new(&l.source);
        let d = report(&l, &lines, link, "broken link: x".into(), false);
        assert_eq!(
            d.text(),
            "warning: content/01-a.md:3:5: broken link: x\n  3 | See [b](02-b.md#x) now.\n    |     ^^^^^^^^^^^^^^"
        );
        assert!(report(&l, &lines, link, "m".into(), true).is_error());
    }
}
