//! A lesson's citations, read from its source (the body, after the front matter) with
//! pulldown-cmark so that every offset is a place in the lesson file: citations in text
//! only, not in code, math, HTML or the text of a link ([`crate::book::citation`] has the
//! syntax). The parser splits text at brackets, so the text events that touch are read
//! as one.

use crate::book::Lesson;
use crate::book::citation::{self, Citation};
use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use std::ops::Range;

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

/// The source ranges of the text a reader sees as prose in `source[body..]`: text events
/// outside code blocks, links and images, those that touch joined.
pub(crate) fn text_runs(source: &str, body: usize) -> Vec<Range<usize>> {
    let body = body.min(source.len());
    let options = crate::book::lesson::markdown_options() | Options::ENABLE_MATH;
    let mut runs: Vec<Range<usize>> = Vec::new();
    let (mut link_depth, mut in_code) = (0usize, false);
    for (event, range) in Parser::new_ext(&source[body..], options).into_offset_iter() {
        let range = range.start + body..range.end + body;
        match event {
            Event::Start(Tag::Link { .. } | Tag::Image { .. }) => link_depth += 1,
            Event::End(TagEnd::Link | TagEnd::Image) => link_depth = link_depth.saturating_sub(1),
            Event::Start(Tag::CodeBlock(_)) => in_code = true,
            Event::End(TagEnd::CodeBlock) => in_code = false,
            Event::Text(_) if link_depth == 0 && !in_code => match runs.last_mut() {
                Some(last) if last.end == range.start => last.end = range.end,
                _ => runs.push(range),
            },
            _ => {}
        }
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runs(source: &str) -> Vec<&str> {
        text_runs(source, 0)
            .into_iter()
            .map(|r| &source[r])
            .collect()
    }

    #[test]
    fn brackets_split_by_the_parser_are_one_run_and_code_math_links_are_left_out() {
        let src = "See [@a; @b] and `[@c]` $[@d]$ [@e](http://x).\n\n<div>\n[@f]\n</div>\n\n```rlab\n[@g]\n```\n";
        let all = runs(src).join("|");
        assert!(all.contains("See [@a; @b] and "), "{all}");
        for left_out in ["[@c]", "[@d]", "@e", "[@f]", "[@g]"] {
            assert!(!all.contains(left_out), "{left_out} in {all}");
        }
    }

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
