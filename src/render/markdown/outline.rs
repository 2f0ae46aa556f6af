//! What the Markdown writer needs to know of a lesson's structure, from one parse of its
//! source: the headings (level, text, the anchor GitHub gives them, a `{#id}` attribute),
//! the tables, and the links.

use pulldown_cmark::{Event, LinkType, Options, Parser, Tag, TagEnd};
use std::collections::HashMap;
use std::ops::Range;

/// A heading of the lesson.
pub(crate) struct Heading {
    pub level: u8,
    /// Plain text.
    pub text: String,
    /// Bytes of the whole heading (through its line end).
    pub range: Range<usize>,
    /// The fragment GitHub links it by.
    pub anchor: String,
    /// The `{#id}` the author gave it.
    pub id: Option<String>,
}

/// A link of the lesson.
pub(crate) struct Link {
    pub range: Range<usize>,
    pub dest: String,
    pub wiki: bool,
    /// Written `[text](dest)` (the only kind whose destination is rewritten in place).
    pub inline: bool,
}

/// What a top-level block of the lesson is, for the directive comments that shape blocks.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Top {
    /// An HTML block and its text.
    Html(String),
    Quote,
    Heading,
    Other,
}

/// The lesson's headings, tables and links, and its top-level blocks, in source order.
#[derive(Default)]
pub(crate) struct Outline {
    pub headings: Vec<Heading>,
    pub tables: Vec<Range<usize>>,
    pub links: Vec<Link>,
    pub blocks: Vec<(Top, Range<usize>)>,
}

/// The outline of `source[start..]` (ranges are offsets of `source`).
pub(crate) fn outline(source: &str, start: usize) -> Outline {
    let options =
        crate::book::lesson::markdown_options() | Options::ENABLE_MATH | Options::ENABLE_WIKILINKS;
    let mut out = Outline::default();
    let mut open: Option<(u8, Range<usize>, String, Option<String>)> = None;
    let mut anchors = Anchors::default();
    let body = &source[start.min(source.len())..];
    let mut depth = 0usize;
    for (event, range) in Parser::new_ext(body, options).into_offset_iter() {
        let range = range.start + start..range.end + start;
        top_level(&mut out.blocks, &mut depth, &event, &range);
        match event {
            Event::Start(Tag::Heading { level, id, .. }) => {
                let level = crate::render::lesson::headings::level_number(level);
                open = Some((level, range, String::new(), id.map(|i| i.to_string())));
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some((level, range, text, id)) = open.take() {
                    let text = crate::render::lesson::headings::collapse_spaces(&text);
                    let anchor = anchors.next(&text);
                    out.headings.push(Heading {
                        level,
                        text,
                        range,
                        anchor,
                        id,
                    });
                }
            }
            Event::Text(t) | Event::Code(t) | Event::InlineMath(t) => {
                if let Some((_, _, text, _)) = open.as_mut() {
                    text.push_str(&t);
                }
            }
            Event::Start(Tag::Table(_)) => out.tables.push(range),
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                ..
            }) => out.links.push(Link {
                range,
                dest: dest_url.to_string(),
                wiki: matches!(link_type, LinkType::WikiLink { .. }),
                inline: link_type == LinkType::Inline,
            }),
            _ => {}
        }
    }
    out
}

/// Note the top-level block `event` starts (or the HTML it adds to the open one).
fn top_level(
    blocks: &mut Vec<(Top, Range<usize>)>,
    depth: &mut usize,
    event: &Event,
    range: &Range<usize>,
) {
    match event {
        Event::Start(tag) => {
            if *depth == 0 {
                let top = match tag {
                    Tag::HtmlBlock => Top::Html(String::new()),
                    Tag::BlockQuote(_) => Top::Quote,
                    Tag::Heading { .. } => Top::Heading,
                    _ => Top::Other,
                };
                blocks.push((top, range.clone()));
            }
            *depth += 1;
        }
        Event::End(_) => *depth = depth.saturating_sub(1),
        Event::Html(html) if *depth == 1 => {
            if let Some((Top::Html(text), _)) = blocks.last_mut() {
                text.push_str(html);
            }
        }
        _ if *depth == 0 => blocks.push((Top::Other, range.clone())),
        _ => {}
    }
}

/// GitHub's heading anchors: lower case, letters, digits, `-` and `_` kept, spaces made
/// `-`, a repeated anchor numbered `-1`, `-2`, ….
#[derive(Default)]
struct Anchors {
    seen: HashMap<String, usize>,
}

impl Anchors {
    fn next(&mut self, text: &str) -> String {
        let base: String = text
            .to_lowercase()
            .chars()
            .filter_map(|c| match c {
                ' ' => Some('-'),
                c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                _ => None,
            })
            .collect();
        let count = self.seen.entry(base.clone()).or_insert(0);
        let anchor = if *count == 0 {
            base.clone()
        } else {
            format!("{base}-{count}")
        };
        *count += 1;
        anchor
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_get_github_anchors() {
        let src = "# Title\n\n## Pre-LN vs. Post-LN\n\n### Theory\n\n## B\n\n### Theory\n";
        let o = outline(src, 0);
        let anchors: Vec<&str> = o.headings.iter().map(|h| h.anchor.as_str()).collect();
        assert_eq!(
            anchors,
            ["title", "pre-ln-vs-post-ln", "theory", "b", "theory-1"]
        );
        assert_eq!(o.headings[1].level, 2);
    }

    #[test]
    fn tables_links_and_ids() {
        let src =
            "## A {#sec-a}\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[x](../n/02-b.md#f) [[03-c]]\n";
        let o = outline(src, 0);
        assert_eq!(o.headings[0].id.as_deref(), Some("sec-a"));
        assert_eq!(o.headings[0].text, "A");
        assert_eq!(o.tables.len(), 1);
        assert!(src[o.tables[0].clone()].starts_with("| a |"));
        assert_eq!(o.links.len(), 2);
        assert!(o.links[0].inline && !o.links[0].wiki);
        assert!(o.links[1].wiki);
    }
}
