//! The comments that mark regions of a page, shared by every renderer: the output region
//! the Markdown book puts after a block (`<!-- rustlab:output-start -->` …
//! `<!-- rustlab:output-end -->`), which the EPUB and PDF writers read back; and the
//! directive comments an author writes (`<!-- note -->` before a quote, `<!-- exercise -->`,
//! `<!-- solution -->`, `<!-- end -->`, fence directives), with the span of each solution:
//! from its `<!-- solution -->` to what ends it (`<!-- end -->`, kept outside the span so
//! that it still closes an open exercise; the next top-level heading, exercise or solution;
//! or the end of the source). The student edition withholds those spans; the renderers fold
//! the same ones.

use crate::book::fence;
use pulldown_cmark::{BlockQuoteKind, Event, Options, Parser, Tag, TagEnd};
use std::ops::Range;

/// The line that opens an output region of the Markdown book.
pub(crate) const OUTPUT_START: &str = "<!-- rustlab:output-start -->";
/// The line that closes it.
pub(crate) const OUTPUT_END: &str = "<!-- rustlab:output-end -->";

/// An output region's marker, by the text of a comment (without `<!--` and `-->`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum OutputMarker {
    Start,
    End,
}

/// Which output marker a comment whose text is `comment` is, if one.
pub(crate) fn output_marker(comment: &str) -> Option<OutputMarker> {
    let inner = |line: &'static str| {
        line.trim_start_matches("<!--")
            .trim_end_matches("-->")
            .trim()
    };
    match comment.trim() {
        text if text == inner(OUTPUT_START) => Some(OutputMarker::Start),
        text if text == inner(OUTPUT_END) => Some(OutputMarker::End),
        _ => None,
    }
}

/// A directive comment that shapes the page.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Directive {
    Callout(BlockQuoteKind, Option<String>),
    Exercise(Option<String>),
    Solution(Option<String>),
    End,
    /// A fence directive (`hide`, `details`, `grid`): nothing to do here.
    Fence,
}

/// `<!-- name -->` or `<!-- name: argument -->`, alone in the block.
pub(crate) fn parse_directive(html: &str) -> Option<Directive> {
    let inner = html
        .trim()
        .strip_prefix("<!--")?
        .strip_suffix("-->")?
        .trim();
    if inner.contains("-->") {
        return None;
    }
    let (name, arg) = match inner.split_once(':') {
        Some((n, a)) => (
            n.trim(),
            Some(a.trim().to_string()).filter(|a| !a.is_empty()),
        ),
        None => (inner, None),
    };
    let kind = match name.to_lowercase().as_str() {
        "note" => BlockQuoteKind::Note,
        "tip" => BlockQuoteKind::Tip,
        "important" => BlockQuoteKind::Important,
        "warning" => BlockQuoteKind::Warning,
        "caution" => BlockQuoteKind::Caution,
        "exercise" => return Some(Directive::Exercise(arg)),
        "solution" => return Some(Directive::Solution(arg)),
        "end" | "/exercise" | "/solution" => return Some(Directive::End),
        _ if fence::directive_of(html.trim()).is_some() => return Some(Directive::Fence),
        _ => return None,
    };
    Some(Directive::Callout(kind, arg))
}

/// The name a callout kind is shown by (`Note`, `Warning`, …).
pub(crate) fn kind_name(kind: BlockQuoteKind) -> &'static str {
    match kind {
        BlockQuoteKind::Note => "Note",
        BlockQuoteKind::Tip => "Tip",
        BlockQuoteKind::Important => "Important",
        BlockQuoteKind::Warning => "Warning",
        BlockQuoteKind::Caution => "Caution",
    }
}

/// The solution ranges of `source`, whose body starts at `body_start`, in order.
pub(crate) fn solution_spans(source: &str, body_start: usize) -> Vec<Range<usize>> {
    let options = crate::book::lesson::markdown_options() | Options::ENABLE_MATH;
    let body = &source[body_start..];
    let mut found = Vec::new();
    let mut open: Option<usize> = None;
    let mut depth = 0usize;
    let mut html: Option<(usize, String)> = None;
    for (event, range) in Parser::new_ext(body, options).into_offset_iter() {
        let start = range.start + body_start;
        match &event {
            Event::Start(Tag::HtmlBlock) if depth == 0 => html = Some((start, String::new())),
            Event::Html(text) => {
                if let Some((_, block)) = html.as_mut() {
                    block.push_str(text);
                }
            }
            Event::End(TagEnd::HtmlBlock) => {
                if let Some((at, block)) = html.take() {
                    directive(parse_directive(&block), at, &mut open, &mut found);
                }
            }
            Event::Start(Tag::Heading { .. }) if depth == 0 => close(&mut open, start, &mut found),
            _ => {}
        }
        match event {
            Event::Start(_) => depth += 1,
            Event::End(_) => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    close(&mut open, source.len(), &mut found);
    found
}

/// A top-level directive comment at `at`: a solution opens (ending the previous one); an
/// exercise or an end closes the open solution.
fn directive(
    directive: Option<Directive>,
    at: usize,
    open: &mut Option<usize>,
    found: &mut Vec<Range<usize>>,
) {
    match directive {
        Some(Directive::Solution(_)) => {
            close(open, at, found);
            *open = Some(at);
        }
        Some(Directive::Exercise(_) | Directive::End) => close(open, at, found),
        _ => {}
    }
}

fn close(open: &mut Option<usize>, at: usize, found: &mut Vec<Range<usize>>) {
    if let Some(start) = open.take() {
        found.push(start..at);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOURCE: &str = "# Lesson\n\nIntro.\n\n<!-- exercise -->\nCompute b.\n\n<!-- solution -->\nThe secret.\n\n```rlab\nb = 42\n```\n\n<!-- end -->\n\nAfter.\n\n## Next\n";

    #[test]
    fn output_markers_are_known_by_their_comment() {
        let inner = |line: &str| line[4..line.len() - 3].to_string();
        assert_eq!(
            output_marker(&inner(OUTPUT_START)),
            Some(OutputMarker::Start)
        );
        assert_eq!(
            output_marker(" rustlab:output-end\n"),
            Some(OutputMarker::End)
        );
        assert_eq!(output_marker("rustlab:output"), None);
    }

    #[test]
    fn directives_parse() {
        assert_eq!(
            parse_directive("<!-- note -->\n"),
            Some(Directive::Callout(BlockQuoteKind::Note, None))
        );
        assert_eq!(
            parse_directive("<!-- Warning: Mind the gap -->"),
            Some(Directive::Callout(
                BlockQuoteKind::Warning,
                Some("Mind the gap".into())
            ))
        );
        assert_eq!(
            parse_directive("<!-- exercise -->"),
            Some(Directive::Exercise(None))
        );
        assert_eq!(parse_directive("<!-- /solution -->"), Some(Directive::End));
        assert_eq!(parse_directive("<!-- grid: 2 -->"), Some(Directive::Fence));
        assert_eq!(parse_directive("<!-- TODO: later -->"), None);
        assert_eq!(parse_directive("<!-- a --> <!-- b -->"), None);
        assert_eq!(parse_directive("<div>"), None);
    }

    #[test]
    fn solutions_span_to_what_ends_them() {
        let spans = solution_spans(SOURCE, 0);
        assert_eq!(spans.len(), 1);
        let text = &SOURCE[spans[0].clone()];
        assert!(
            text.starts_with("<!-- solution -->") && text.contains("b = 42"),
            "{text}"
        );
        assert!(!text.contains("<!-- end -->"), "{text}");
        let two =
            "<!-- solution -->\nA\n\n<!-- solution -->\nB\n\n# H\nC\n\n<!-- solution -->\nD\n";
        let texts: Vec<&str> = (solution_spans(two, 0).into_iter())
            .map(|r| &two[r])
            .collect();
        assert_eq!(
            texts,
            [
                "<!-- solution -->\nA\n\n",
                "<!-- solution -->\nB\n\n",
                "<!-- solution -->\nD\n"
            ]
        );
        let nested = "> <!-- solution -->\n> quoted\n\n- <!-- solution -->\n";
        assert!(solution_spans(nested, 0).is_empty());
    }
}
