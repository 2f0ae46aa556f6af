//! Glossary terms and index markers on the HTML page (the book's table is
//! [`crate::gloss::Glossary`]): a marked use `[causal mask]{.term}` becomes a link to the
//! term on the glossary page, `<a class="xref term" id="ix-3" href="glossary.html#term-…">`,
//! followed by its definition in the `<span class="xref-preview" role="tooltip">` the theme
//! shows while the link is hovered or focused, as for cross-references; an index marker
//! `<!-- index: … -->` becomes the empty anchor `<a id="ix-4"></a>` the index links to.
//!
//! The table knows each mark by its place in the lesson source; the events are over the
//! prepared text, so each event's range is mapped back to the source to find the marks in
//! it, then the mark's written text is found in the event's.

use super::{Doc, Ev};
use crate::gloss::{Mark, MarkKind};
use crate::markup::escape;
use crate::render::common::urls::encode_segment;
use crate::render::matter::html::{definition_html, term_id};
use pulldown_cmark::{CowStr, Event, Tag, TagEnd};

/// Replace the marks of `events` with their links and anchors.
pub(crate) fn apply<'t>(doc: &mut Doc, events: Vec<Ev<'t>>) -> Vec<Ev<'t>> {
    let marks = doc.ctx.tables.glossary.marks(&doc.lesson.slug);
    if marks.is_empty() {
        return events;
    }
    let mut out: Vec<Ev<'t>> = Vec::with_capacity(events.len());
    let (mut link_depth, mut in_code) = (0usize, false);
    for (event, range) in super::cite::join_text(events) {
        match &event {
            Event::Start(Tag::Link { .. } | Tag::Image { .. }) => link_depth += 1,
            Event::End(TagEnd::Link | TagEnd::Image) => link_depth = link_depth.saturating_sub(1),
            Event::Start(Tag::CodeBlock(_)) => in_code = true,
            Event::End(TagEnd::CodeBlock) => in_code = false,
            Event::Text(_) | Event::Html(_) | Event::InlineHtml(_)
                if link_depth == 0 && !in_code =>
            {
                out.extend(replace_marks(doc, marks, event, range));
                continue;
            }
            _ => {}
        }
        out.push((event, range));
    }
    out
}

/// `event` (over `range` of the prepared text) with the marks written in it replaced.
fn replace_marks<'t>(
    doc: &mut Doc,
    marks: &[Mark],
    event: Event<'t>,
    range: std::ops::Range<usize>,
) -> Vec<Ev<'t>> {
    let (from, to) = (doc.map.to_source(range.start), doc.map.to_source(range.end));
    let inside: Vec<&Mark> = (marks.iter())
        .filter(|m| m.span.start >= from && m.span.end <= to)
        .filter(|m| matches!(m.kind, MarkKind::Use { .. }) == matches!(event, Event::Text(_)))
        .collect();
    let (text, html) = match &event {
        Event::Text(t) => (t.to_string(), false),
        Event::Html(t) | Event::InlineHtml(t) => (t.to_string(), true),
        _ => return vec![(event, range)],
    };
    if inside.is_empty() {
        return vec![(event, range)];
    }
    let source = &doc.lesson.source;
    let mut out = Vec::new();
    let mut done = 0;
    for mark in inside {
        let written = &source[mark.span.clone()];
        let Some(offset) = text[done..].find(written) else {
            continue;
        };
        let start = done + offset;
        if start > done {
            out.push(piece(&text[done..start], html, &range));
        }
        out.push((
            Event::InlineHtml(CowStr::from(mark_html(doc, mark))),
            range.clone(),
        ));
        done = start + written.len();
    }
    if done < text.len() {
        out.push(piece(&text[done..], html, &range));
    }
    out
}

/// A piece of an event's text, of the same kind.
fn piece<'t>(text: &str, html: bool, range: &std::ops::Range<usize>) -> Ev<'t> {
    let text = CowStr::from(text.to_string());
    let event = if html {
        Event::InlineHtml(text)
    } else {
        Event::Text(text)
    };
    (event, range.clone())
}

/// The HTML of one mark: a term's link and preview, or an index marker's anchor.
fn mark_html(doc: &mut Doc, mark: &Mark) -> String {
    let MarkKind::Use { term, text } = &mark.kind else {
        return format!("<a id=\"{}\"></a>", escape(&mark.anchor));
    };
    let Some(found) = doc.ctx.tables.glossary.term(term) else {
        return escape(text);
    };
    doc.terms = true;
    doc.previews += 1;
    let preview = format!("xref-preview-{}", doc.previews);
    format!(
        "<a class=\"xref term\" id=\"{}\" href=\"glossary.html#{}\" aria-describedby=\"{preview}\">{}</a>\
         <span class=\"xref-preview\" id=\"{preview}\" role=\"tooltip\"><span class=\"term-name\">{}</span>: {}</span>",
        escape(&mark.anchor),
        escape(&encode_segment(&term_id(&found.id))),
        escape(text),
        escape(&found.name),
        definition_html(&found.definition, &|tex, display| doc
            .ctx
            .math
            .get(tex, display)),
    )
}
