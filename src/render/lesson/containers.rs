//! Callouts, exercises and solutions, and the directive comments that make them (see the
//! module doc of [`super`] for the author's view). Fence directives (`<!-- hide -->`, …) are
//! dropped here too: they have done their work when the lesson was loaded.
//!
//! Each Markdown table is put in a `<div class="table-scroll" tabindex="0">`: a table wider
//! than the page scrolls sideways in it, and a scrolling region must take the keyboard focus
//! so that a reader without a mouse can scroll it.

use super::{Doc, Ev};
use crate::markup::escape;
use crate::render::common::markers::{Directive, kind_name, parse_directive};
use pulldown_cmark::{BlockQuoteKind, CowStr, Event, Tag, TagEnd};

/// The box a Markdown table scrolls in (closed by `</div>` after the table).
const TABLE_SCROLL: &str = "<div class=\"table-scroll\" tabindex=\"0\">\n";

/// What is open around the current position.
struct State {
    /// Nesting depth of tags (0 = top level).
    depth: usize,
    /// For each open blockquote: whether it is rendered as a callout.
    quotes: Vec<bool>,
    /// A legacy callout comment waiting for its blockquote, with the comment's offset.
    pending: Option<(BlockQuoteKind, Option<String>, usize)>,
    /// Closing tags of the open exercise / solution, innermost last.
    open: Vec<&'static str>,
}

pub(crate) fn apply<'t>(doc: &mut Doc, events: Vec<Ev<'t>>) -> Vec<Ev<'t>> {
    let mut out = Vec::with_capacity(events.len());
    let mut st = State {
        depth: 0,
        quotes: Vec::new(),
        pending: None,
        open: Vec::new(),
    };
    let mut i = 0;
    while let Some((event, range)) = events.get(i) {
        if matches!(event, Event::Start(Tag::HtmlBlock)) {
            let (html, end) = html_block(&events, i);
            if let Some(d) = parse_directive(&html) {
                directive(doc, &mut st, d, range.start, &mut out);
                i = end + 1;
                continue;
            }
        }
        if !matches!(event, Event::Start(Tag::BlockQuote(_))) {
            unclaimed(doc, &mut st);
        }
        if st.depth == 0 && matches!(event, Event::Start(Tag::Heading { .. })) {
            close_all(&mut st, &mut out, range.clone());
        }
        if matches!(event, Event::Start(Tag::Table(_))) {
            out.push((Event::Html(CowStr::from(TABLE_SCROLL)), range.clone()));
        }
        match quote(&mut st, event) {
            Some(html) => out.push((Event::Html(CowStr::from(html)), range.clone())),
            None => out.push((event.clone(), range.clone())),
        }
        if matches!(event, Event::End(TagEnd::Table)) {
            out.push((Event::Html(CowStr::from("</div>\n")), range.clone()));
        }
        i += 1;
    }
    unclaimed(doc, &mut st);
    close_all(
        &mut st,
        &mut out,
        events.last().map_or(0..0, |(_, r)| r.end..r.end),
    );
    out
}

/// Track nesting; the HTML that replaces a callout blockquote's start or end, if `event` is
/// one.
fn quote(st: &mut State, event: &Event) -> Option<String> {
    let replaced = match event {
        Event::Start(Tag::BlockQuote(kind)) => {
            let callout = kind
                .map(|k| (k, None))
                .or_else(|| st.pending.take().map(|(k, title, _)| (k, title)));
            st.quotes.push(callout.is_some());
            callout.map(|(k, title)| aside_open(k, title.as_deref()))
        }
        Event::End(TagEnd::BlockQuote(_)) => match st.quotes.pop() {
            Some(true) => Some("</aside>\n".to_string()),
            _ => None,
        },
        _ => None,
    };
    match event {
        Event::Start(_) => st.depth += 1,
        Event::End(_) => st.depth = st.depth.saturating_sub(1),
        _ => {}
    }
    replaced
}

/// A legacy callout comment not followed by a blockquote is reported and forgotten.
fn unclaimed(doc: &mut Doc, st: &mut State) {
    if let Some((kind, _, at)) = st.pending.take() {
        let name = kind_name(kind).to_lowercase();
        doc.warn(
            at,
            &format!("'<!-- {name} -->' must be directly followed by a blockquote"),
        );
    }
}

fn directive<'t>(doc: &mut Doc, st: &mut State, d: Directive, at: usize, out: &mut Vec<Ev<'t>>) {
    unclaimed(doc, st);
    let range = at..at;
    let top = st.depth == 0;
    match d {
        Directive::Fence => {}
        Directive::Callout(kind, title) => st.pending = Some((kind, title, at)),
        Directive::Exercise(_) | Directive::Solution(_) | Directive::End if !top => {
            doc.warn(
                at,
                "exercise, solution and end directives must be at the top level",
            );
        }
        Directive::Exercise(title) => {
            close_all(st, out, range.clone());
            let mut html = "<div class=\"exercise\">\n".to_string();
            if let Some(t) = title {
                html.push_str(&format!("<p class=\"exercise-title\">{}</p>\n", escape(&t)));
            }
            out.push((Event::Html(CowStr::from(html)), range));
            st.open.push("</div>\n");
        }
        Directive::Solution(title) => {
            if st.open.last() == Some(&"</details>\n") {
                st.open.pop();
                out.push((Event::Html(CowStr::from("</details>\n")), range.clone()));
            }
            let summary = escape(title.as_deref().unwrap_or("Solution"));
            let html = format!("<details class=\"solution\"><summary>{summary}</summary>\n");
            out.push((Event::Html(CowStr::from(html)), range));
            st.open.push("</details>\n");
        }
        Directive::End => close_all(st, out, range),
    }
}

fn close_all<'t>(st: &mut State, out: &mut Vec<Ev<'t>>, range: std::ops::Range<usize>) {
    let closers: String = st.open.drain(..).rev().collect();
    if !closers.is_empty() {
        out.push((Event::Html(CowStr::from(closers)), range));
    }
}

/// The text of the HTML block starting at `i`, and the index of its `End`.
fn html_block(events: &[Ev], i: usize) -> (String, usize) {
    let mut text = String::new();
    for (k, (event, _)) in events.iter().enumerate().skip(i + 1) {
        match event {
            Event::Html(h) => text.push_str(h),
            Event::End(TagEnd::HtmlBlock) => return (text, k),
            _ => {}
        }
    }
    (text, events.len().saturating_sub(1))
}

fn aside_open(kind: BlockQuoteKind, title: Option<&str>) -> String {
    let name = kind_name(kind);
    let title = escape(title.unwrap_or(name));
    format!(
        "<aside class=\"callout callout-{}\">\n<p class=\"callout-title\">{title}</p>\n",
        name.to_lowercase()
    )
}

#[cfg(test)]
mod tests;
