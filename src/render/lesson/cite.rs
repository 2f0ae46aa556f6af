//! Citations on the HTML page (the book's table is [`crate::cite::Citations`]): a citation
//! in the text becomes its rendering in the book's style, linked to the work's entry in the
//! lesson's references, `<a class="xref citation" href="#ref-key">(Vaswani et al.,
//! 2017)</a>`, followed by a preview of the full references it cites, the
//! `<span class="xref-preview" role="tooltip">` the theme shows while the link is hovered or
//! focused, as for cross-references. The lesson ends with a "References" section listing
//! the works it cites, each `<li id="ref-key">`.
//!
//! The parser splits text at brackets, so text events that touch are joined before the
//! citations are found (in the prepared text, where `\[` can still be seen).

use super::{Doc, Ev};
use crate::book::citation::{self, Citation};
use crate::cite::{RenderedEntry, entry_id};
use crate::markup::escape;
use crate::render::common::urls::encode_segment;
use pulldown_cmark::{CowStr, Event, Tag, TagEnd};
use std::ops::Range;

/// Replace the citations of `events` (over the prepared `text`) and add the references.
pub(crate) fn apply<'t>(doc: &mut Doc, text: &str, events: Vec<Ev<'t>>) -> Vec<Ev<'t>> {
    if doc.ctx.tables.citations.is_empty() {
        return events;
    }
    let mut out: Vec<Ev<'t>> = Vec::with_capacity(events.len());
    let (mut link_depth, mut in_code) = (0usize, false);
    for (event, range) in join_text(events) {
        match &event {
            Event::Start(Tag::Link { .. } | Tag::Image { .. }) => link_depth += 1,
            Event::End(TagEnd::Link | TagEnd::Image) => link_depth = link_depth.saturating_sub(1),
            Event::Start(Tag::CodeBlock(_)) => in_code = true,
            Event::End(TagEnd::CodeBlock) => in_code = false,
            Event::Text(t) if link_depth == 0 && !in_code => {
                out.extend(cite_text(doc, t, text, range));
                continue;
            }
            _ => {}
        }
        out.push((event, range));
    }
    let references = references(doc);
    if !references.is_empty() {
        doc.cites = true;
        let at = text.len()..text.len();
        out.push((Event::Html(CowStr::from(references)), at));
    }
    out
}

/// `events` with the text events that touch joined into one.
pub(super) fn join_text(events: Vec<Ev>) -> Vec<Ev> {
    let mut out: Vec<Ev> = Vec::with_capacity(events.len());
    for (event, range) in events {
        if let (Event::Text(t), Some((Event::Text(last), last_range))) = (&event, out.last_mut())
            && last_range.end == range.start
        {
            *last = CowStr::from(format!("{last}{t}"));
            last_range.end = range.end;
            continue;
        }
        out.push((event, range));
    }
    out
}

/// The text `t` (of `source[range]`) with its citations replaced.
fn cite_text<'t>(doc: &mut Doc, t: &str, source: &str, range: Range<usize>) -> Vec<Ev<'t>> {
    let citations = &doc.ctx.tables.citations;
    let (found, _) = citation::find(source, range.clone(), |k| citations.is_key(k));
    let mut out = Vec::new();
    let (mut done, mut done_at) = (0, range.start);
    for citation in found {
        let written = &source[citation.span.clone()];
        let Some(offset) = t[done..].find(written) else {
            break;
        };
        let Some(html) = link(doc, &citation) else {
            continue;
        };
        let start = done + offset;
        if start > done {
            let before = Event::Text(CowStr::from(t[done..start].to_string()));
            out.push((before, done_at..citation.span.start));
        }
        out.push((Event::InlineHtml(CowStr::from(html)), citation.span.clone()));
        done = start + written.len();
        done_at = citation.span.end;
    }
    if done < t.len() || out.is_empty() {
        out.push((
            Event::Text(CowStr::from(t[done..].to_string())),
            done_at..range.end,
        ));
    }
    out
}

/// The link and preview of `citation`; `None` when the table has no rendering of it (a key
/// the bibliography lacks: that error is reported with the table).
fn link(doc: &mut Doc, citation: &Citation) -> Option<String> {
    let forms = doc.ctx.tables.citations.get(citation)?;
    let first = citation.items.first()?;
    let entries = doc.ctx.tables.citations.entries(citation);
    doc.previews += 1;
    let id = format!("xref-preview-{}", doc.previews);
    let preview: Vec<String> = (entries.iter())
        .map(|e| format!("<span class=\"citation-entry\">{}</span>", e.text.html))
        .collect();
    Some(format!(
        "<a class=\"xref citation\" href=\"#{}\" aria-describedby=\"{id}\">{}</a>\
         <span class=\"xref-preview\" id=\"{id}\" role=\"tooltip\">{}</span>",
        escape(&encode_segment(&entry_id(&first.key))),
        forms.html,
        preview.join(""),
    ))
}

/// The lesson's "References" section: the works it cites, in the bibliography's order.
fn references(doc: &Doc) -> String {
    let entries = doc.ctx.tables.citations.references(&doc.lesson.slug);
    if entries.is_empty() {
        return String::new();
    }
    let items: Vec<String> = entries.iter().map(|e| entry_item(e)).collect();
    format!(
        "<section class=\"references\" aria-labelledby=\"references\">\n\
         <h2 id=\"references\">References</h2>\n<ul class=\"references{}\">\n{}</ul>\n</section>\n",
        if doc.ctx.tables.citations.hanging_indent() {
            " hanging"
        } else {
            ""
        },
        items.concat()
    )
}

/// One entry of a references list.
fn entry_item(entry: &RenderedEntry) -> String {
    let label = (entry.label.as_ref())
        .map(|l| format!("<span class=\"reference-label\">{}</span> ", l.html))
        .unwrap_or_default();
    format!(
        "<li id=\"{}\">{label}{}</li>\n",
        escape(&entry_id(&entry.key)),
        entry.text.html
    )
}
