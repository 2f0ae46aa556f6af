//! Where a lesson's prose is, read with pulldown-cmark so that every offset is a place in the
//! lesson file: the text a reader sees ([`text_runs`]: not code, math, the text of a link or
//! an image's alt) and the raw HTML ([`html_runs`], where comments such as index markers
//! stand). The citation scanner (`crate::cite`) and the glossary's term syntax
//! ([`super::term`]) both read through here.
//!
//! The parser splits text at brackets (`[`, `]` are events of their own), so text events that
//! touch are joined into one run; a run ends at a line break, inline code, math or markup.

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use std::ops::Range;

/// The parser over `source[body..]` with every offset moved to `source`.
fn events(source: &str, body: usize) -> impl Iterator<Item = (Event<'_>, Range<usize>)> {
    let body = body.min(source.len());
    let options = super::lesson::markdown_options() | Options::ENABLE_MATH;
    let parser = Parser::new_ext(&source[body..], options).into_offset_iter();
    parser.map(move |(event, range)| (event, range.start + body..range.end + body))
}

/// The source ranges of the text a reader sees as prose in `source[body..]`: text events
/// outside code blocks, links and images, those that touch joined.
pub(crate) fn text_runs(source: &str, body: usize) -> Vec<Range<usize>> {
    let mut runs: Vec<Range<usize>> = Vec::new();
    let (mut link_depth, mut in_code) = (0usize, false);
    for (event, range) in events(source, body) {
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

/// The raw HTML of `source[body..]`, each stretch as the source ranges it is made of: an
/// inline HTML event is one range; an HTML block is one range per line, so that the markers
/// of a block quote or the indentation of a list item between its lines are left out.
pub(crate) fn html_runs(source: &str, body: usize) -> Vec<Vec<Range<usize>>> {
    let mut runs = Vec::new();
    let mut block: Option<Vec<Range<usize>>> = None;
    for (event, range) in events(source, body) {
        match event {
            Event::Start(Tag::HtmlBlock) => block = Some(Vec::new()),
            Event::End(TagEnd::HtmlBlock) => runs.extend(block.take()),
            Event::Html(_) => match block.as_mut() {
                Some(lines) => lines.push(range),
                None => runs.push(vec![range]),
            },
            Event::InlineHtml(_) => runs.push(vec![range]),
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
    fn html_blocks_are_read_line_by_line_and_inline_html_whole() {
        let src = "# T\n\nA <!-- x;\ny --> b <b>c</b>\n\n> <!-- one\n> two -->\n\n```\n<!-- no -->\n```\n";
        let found: Vec<Vec<&str>> = (html_runs(src, 4).into_iter())
            .map(|pieces| pieces.into_iter().map(|r| &src[r]).collect())
            .collect();
        let expected: Vec<Vec<&str>> = vec![
            vec!["<!-- x;\ny -->"],
            vec!["<b>"],
            vec!["</b>"],
            vec!["<!-- one\n", "two -->\n"],
        ];
        assert_eq!(found, expected);
    }
}
