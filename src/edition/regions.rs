//! Where a lesson's solutions are: the byte ranges from each top-level `<!-- solution -->`
//! to what ends it (`<!-- end -->`, kept outside the range so that it still closes an open
//! exercise; the next top-level heading, `<!-- exercise -->` or `<!-- solution -->`; or the
//! end of the source). The rules are those of the page renderers' containers.

use crate::render::lesson::containers::{Directive, parse_directive};
use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use std::ops::Range;

/// The solution ranges of `source`, whose body starts at `body_start`, in order.
pub(super) fn solutions(source: &str, body_start: usize) -> Vec<Range<usize>> {
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
