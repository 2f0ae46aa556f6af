//! A lesson's citations, read from its source (the body, after the front matter) so that
//! every offset is a place in the lesson file: citations in text only, not in code, math,
//! HTML or the text of a link ([`crate::book::prose::text_runs`] finds that text,
//! [`crate::book::citation`] has the syntax).

use crate::book::Lesson;
use crate::book::citation::{self, Citation};
use crate::book::prose::text_runs;

/// What a lesson cites, in order, and the narrative `@word`s that are no key (offset of
/// the word, the word).
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct LessonCitations {
    pub citations: Vec<Citation>,
    pub strays: Vec<(usize, String)>,
}

/// The citations of `lesson`; `is_key` tells a bibliography key.
pub(crate) fn scan(lesson: &Lesson, is_key: &dyn Fn(&str) -> bool) -> LessonCitations {
    let mut out = LessonCitations::default();
    for run in text_runs(&lesson.source, lesson.body_start) {
        let (found, strays) = citation::find(&lesson.source, run, is_key);
        out.citations.extend(found);
        out.strays.extend(strays);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lesson_s_citations_are_found_in_its_prose_only() {
        let dir = tempfile::tempdir().unwrap();
        let source = "---\ntitle: T\n---\nAs [@a2017, p. 3] and @b2020 show, not `@a2017`.\n";
        crate::test_support::write(dir.path(), "content/01-t.md", source);
        let book = crate::test_support::book(dir.path());
        let lesson = &book.lessons[0];
        let keys = |k: &str| ["a2017", "b2020"].contains(&k);
        let found = scan(lesson, &keys);
        let written: Vec<&str> = (found.citations.iter())
            .map(|c| &source[c.span.clone()])
            .collect();
        assert_eq!(written, ["[@a2017, p. 3]", "@b2020"]);
        assert!(found.strays.is_empty());
    }
}
