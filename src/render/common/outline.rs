//! A lesson's structure from one parse of its source, for the Markdown writer and the link
//! checker: the headings (level, text, the anchor GitHub gives them in the Markdown book, a
//! `{#id}` attribute), the tables, the links, and the top-level blocks. The anchors are
//! numbered as on the Markdown book's page, which starts with the lesson's title when the
//! lesson has no level-1 heading of its own ([`book_title`]).

use super::anchors::GithubAnchors;
use crate::book::Lesson;
use pulldown_cmark::{Event, HeadingLevel, LinkType, Options, Parser, Tag, TagEnd};
use std::ops::Range;

/// A heading of the lesson.
pub(crate) struct Heading {
    pub level: u8,
    /// Plain text, its white space collapsed.
    pub text: String,
    /// The text GitHub makes the anchor from.
    pub anchor_text: String,
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

/// The outline of `lesson`, its anchors numbered as on its page of the Markdown book.
pub(crate) fn of_lesson(lesson: &Lesson) -> Outline {
    let mut out = outline(&lesson.source, lesson.body_start);
    let mut anchors = GithubAnchors::default();
    if let Some(title) = book_title(lesson, &out) {
        anchors.next(title);
    }
    for heading in &mut out.headings {
        heading.anchor = anchors.next(&heading.anchor_text);
    }
    out
}

/// The title the Markdown book writes first on the lesson's page: the frontmatter's title
/// when the lesson has no level-1 heading.
pub(crate) fn book_title<'l>(lesson: &'l Lesson, outline: &Outline) -> Option<&'l str> {
    let has_title = outline.headings.iter().any(|h| h.level == 1);
    (lesson.frontmatter.title.as_deref()).filter(|_| !has_title)
}

/// The outline of `source[start..]` (ranges are offsets of `source`); its anchors are
/// numbered from the first heading.
pub(crate) fn outline(source: &str, start: usize) -> Outline {
    let options =
        crate::book::lesson::markdown_options() | Options::ENABLE_MATH | Options::ENABLE_WIKILINKS;
    let mut out = Outline::default();
    let mut open: Option<(u8, Range<usize>, String, Option<String>)> = None;
    let mut anchors = GithubAnchors::default();
    let body = &source[start.min(source.len())..];
    let mut depth = 0usize;
    for (event, range) in Parser::new_ext(body, options).into_offset_iter() {
        let range = range.start + start..range.end + start;
        top_level(&mut out.blocks, &mut depth, &event, &range);
        if let Some((_, _, text, _)) = open.as_mut() {
            push_heading_text(text, &event);
        }
        match event {
            Event::Start(Tag::Heading { level, id, .. }) => {
                open = Some((
                    level_number(level),
                    range,
                    String::new(),
                    id.map(|i| i.to_string()),
                ));
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some((level, range, anchor_text, id)) = open.take() {
                    out.headings.push(Heading {
                        level,
                        text: collapse_spaces(&anchor_text),
                        range,
                        anchor: anchors.next(&anchor_text),
                        anchor_text,
                        id,
                    });
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

/// Add what `event`, inside a heading, contributes to the heading's plain text (the text
/// GitHub makes its anchor from): text, code and math, not markup.
pub(crate) fn push_heading_text(text: &mut String, event: &Event) {
    if let Event::Text(t) | Event::Code(t) | Event::InlineMath(t) | Event::DisplayMath(t) = event {
        text.push_str(t);
    }
}

/// A section whose body the renderers generate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Kind {
    /// "Expected Numerical Outputs Summary": a table of the labelled values printed.
    Summary,
    /// "Standalone Scripts": a table of the lesson's scripts.
    Scripts,
}

/// The generated section a heading with the plain text `text` starts, if any.
pub(crate) fn kind_of(text: &str) -> Option<Kind> {
    match collapse_spaces(text).to_lowercase().as_str() {
        "expected numerical outputs summary" => Some(Kind::Summary),
        "standalone scripts" => Some(Kind::Scripts),
        _ => None,
    }
}

/// `text` with its runs of white space made one space, and trimmed.
pub(crate) fn collapse_spaces(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// 1 for `#`, … 6 for `######`.
pub(crate) fn level_number(level: HeadingLevel) -> u8 {
    match level {
        HeadingLevel::H1 => 1,
        HeadingLevel::H2 => 2,
        HeadingLevel::H3 => 3,
        HeadingLevel::H4 => 4,
        HeadingLevel::H5 => 5,
        HeadingLevel::H6 => 6,
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn anchors(o: &Outline) -> Vec<&str> {
        o.headings.iter().map(|h| h.anchor.as_str()).collect()
    }

    fn lesson(source: &str) -> Lesson {
        let path = std::path::PathBuf::from("/b/content/01-a.md");
        Lesson::parse(path, "content/01-a.md".into(), source.into(), Vec::new()).expect("a lesson")
    }

    #[test]
    fn headings_get_github_anchors() {
        let src = "# Title\n\n## Pre-LN vs. Post-LN\n\n### Theory\n\n## B\n\n### Theory\n";
        let o = outline(src, 0);
        assert_eq!(
            anchors(&o),
            ["title", "pre-ln-vs-post-ln", "theory", "b", "theory-1"]
        );
        assert_eq!(o.headings[1].level, 2);
    }

    #[test]
    fn anchors_follow_github_where_the_copies_used_to_differ() {
        let src = "## A-1\n\n## A\n\n## A\n\n##  Two  spaces \n\n## 🎉\n\n## X vs. X̄\n";
        let o = outline(src, 0);
        assert_eq!(
            anchors(&o),
            ["a-1", "a", "a-2", "two--spaces", "", "x-vs-x\u{304}"]
        );
        assert_eq!(o.headings[3].text, "Two spaces");
    }

    #[test]
    fn the_title_the_markdown_book_adds_takes_its_anchor_first() {
        let untitled = lesson("---\ntitle: Intro\n---\n## Intro\n\n## Intro\n");
        let o = of_lesson(&untitled);
        assert_eq!(book_title(&untitled, &o), Some("Intro"));
        assert_eq!(anchors(&o), ["intro-1", "intro-2"]);
        let titled = lesson("---\ntitle: Intro\n---\n# Intro\n\n## Intro\n");
        let o = of_lesson(&titled);
        assert_eq!(book_title(&titled, &o), None);
        assert_eq!(anchors(&o), ["intro", "intro-1"]);
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
