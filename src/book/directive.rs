//! The directive comments an author writes: `<!-- note -->` before a quote, `<!-- exercise
//! -->`, `<!-- hint -->`, `<!-- answer: ${expr} -->`, `<!-- solution -->`, `<!-- end -->`
//! and fence directives; and the span of each solution: from its `<!-- solution -->` to what
//! ends it (`<!-- end -->`, kept outside the span so that it still closes an open exercise;
//! the next top-level heading, exercise or solution; or the end of the source). The student
//! edition withholds those spans; the renderers fold the same ones.

use super::fence;
use pulldown_cmark::{BlockQuoteKind, Event, Options, Parser, Tag, TagEnd};
use std::ops::Range;

/// What the student edition shows where a solution was.
pub const WITHHELD: &str = "*The solution is in the teacher edition.*";

/// A directive comment that shapes the page.
#[derive(Clone, Debug, PartialEq)]
pub enum Directive {
    Callout(BlockQuoteKind, Option<String>),
    Exercise(Option<String>),
    /// `<!-- hint -->`: a hint of the open exercise starts.
    Hint,
    /// `<!-- answer: ${expr} rtol=… -->`: an answer box; the text after `answer:`.
    Answer(String),
    Solution(Option<String>),
    End,
    /// A fence directive (`hide`, `details`, `grid`): nothing to do here.
    Fence,
}

/// `<!-- name -->` or `<!-- name: argument -->`, alone in the block.
pub fn parse_directive(html: &str) -> Option<Directive> {
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
        "hint" => return Some(Directive::Hint),
        "answer" => return Some(Directive::Answer(arg.unwrap_or_default())),
        "solution" => return Some(Directive::Solution(arg)),
        "end" | "/exercise" | "/solution" => return Some(Directive::End),
        _ if fence::directive_of(html.trim()).is_some() => return Some(Directive::Fence),
        _ => return None,
    };
    Some(Directive::Callout(kind, arg))
}

/// The solution ranges of `source`, whose body starts at `body_start`, in order.
pub fn solution_spans(source: &str, body_start: usize) -> Vec<Range<usize>> {
    let options = super::lesson::markdown_options() | Options::ENABLE_MATH;
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
        assert_eq!(parse_directive("<!-- hint -->"), Some(Directive::Hint));
        assert_eq!(
            parse_directive("<!-- answer: ${n:%d} rtol=0 -->"),
            Some(Directive::Answer("${n:%d} rtol=0".into()))
        );
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
