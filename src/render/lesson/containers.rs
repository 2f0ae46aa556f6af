//! Callouts, exercises and solutions, and the directive comments that make them (see the
//! module doc of [`super`] for the author's view). Fence directives (`<!-- hide -->`, …) are
//! dropped here too: they have done their work when the lesson was loaded.
//!
//! Each Markdown table is put in a `<div class="table-scroll" tabindex="0">`: a table wider
//! than the page scrolls sideways in it, and a scrolling region must take the keyboard focus
//! so that a reader without a mouse can scroll it.

use super::{Doc, Ev};
use crate::book::directive::{Directive, parse_directive};
use crate::markup::escape;
use crate::render::common::markers::kind_name;
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
    /// The open exercise, solution and hint, innermost last.
    open: Vec<Open>,
    /// The exercise being rendered (1-based; 0 before the first) and its answer boxes so far.
    exercise: usize,
    answers: usize,
    hints: usize,
}

/// A container an exercise directive opened.
#[derive(Clone, Copy, PartialEq)]
enum Open {
    Exercise,
    Solution,
    Hint,
}

impl Open {
    fn closer(self) -> &'static str {
        match self {
            Open::Exercise => "</div>\n",
            Open::Solution | Open::Hint => "</details>\n",
        }
    }
}

pub(crate) fn apply<'t>(doc: &mut Doc, events: Vec<Ev<'t>>) -> Vec<Ev<'t>> {
    let mut out = Vec::with_capacity(events.len());
    let mut st = State {
        depth: 0,
        quotes: Vec::new(),
        pending: None,
        open: Vec::new(),
        exercise: 0,
        answers: 0,
        hints: 0,
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
        if let Event::InlineHtml(html) = event
            && let Some(Directive::Answer(_)) = parse_directive(html)
        {
            out.push((Event::InlineHtml(answer_box(&mut st).into()), range.clone()));
            i += 1;
            continue;
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
    let html = |text: String| (Event::Html(CowStr::from(text)), at..at);
    match d {
        Directive::Fence => {}
        Directive::Callout(kind, title) => st.pending = Some((kind, title, at)),
        Directive::Answer(_) => out.push(html(format!("<p>{}</p>\n", answer_box(st)))),
        Directive::Exercise(_) | Directive::Solution(_) | Directive::End | Directive::Hint
            if st.depth > 0 =>
        {
            doc.warn(
                at,
                "exercise, hint, solution and end directives must be at the top level",
            );
        }
        Directive::Exercise(title) => {
            close_all(st, out, range.clone());
            st.exercise += 1;
            (st.answers, st.hints) = (0, 0);
            let n = st.exercise;
            let mut text =
                format!("<div class=\"exercise\" id=\"exercise-{n}\" data-exercise=\"{n}\">\n");
            if let Some(t) = title {
                text.push_str(&format!("<p class=\"exercise-title\">{}</p>\n", escape(&t)));
            }
            out.push(html(text));
            st.open.push(Open::Exercise);
        }
        Directive::Hint => {
            close_details(st, out, at);
            st.hints += 1;
            let of = exercise_of(doc, st).map_or(st.hints, |e| e.hints.len());
            let summary = format!("Hint {} of {of}", st.hints);
            out.push(html(format!(
                "<details class=\"exercise-hint\"><summary>{summary}</summary>\n"
            )));
            st.open.push(Open::Hint);
        }
        Directive::Solution(title) => {
            close_details(st, out, at);
            let summary = escape(title.as_deref().unwrap_or("Solution"));
            out.push(html(format!(
                "{}<summary>{summary}</summary>\n",
                solution_open(doc)
            )));
            st.open.push(Open::Solution);
        }
        Directive::End => close_all(st, out, range),
    }
}

/// A solution's opening tag: in the student edition's pages (which hold solutions only
/// under `[exercises] reveal_after`), hidden until the reader has tried enough.
fn solution_open(doc: &Doc) -> String {
    let config = &doc.ctx.book.config;
    match config.exercises.reveal_after {
        Some(n) if config.edition == crate::config::Edition::Student => {
            format!("<details class=\"solution\" data-reveal-after=\"{n}\" hidden>")
        }
        _ => "<details class=\"solution\">".to_string(),
    }
}

/// The exercise being rendered, as the lesson found it.
fn exercise_of<'d>(doc: &'d Doc, st: &State) -> Option<&'d crate::book::exercise::Exercise> {
    doc.lesson.exercises.get(st.exercise.checked_sub(1)?)
}

/// The element the page turns into the next answer box of the open exercise.
fn answer_box(st: &mut State) -> String {
    st.answers += 1;
    format!(
        "<span class=\"exercise-answer\" data-exercise=\"{}\" data-answer=\"{}\"></span>",
        st.exercise, st.answers
    )
}

/// Close an open hint or solution (a new one ends it).
fn close_details<'t>(st: &mut State, out: &mut Vec<Ev<'t>>, at: usize) {
    if matches!(st.open.last(), Some(Open::Hint | Open::Solution)) {
        st.open.pop();
        out.push((Event::Html(CowStr::from("</details>\n")), at..at));
    }
}

fn close_all<'t>(st: &mut State, out: &mut Vec<Ev<'t>>, range: std::ops::Range<usize>) {
    let closers: String = st.open.drain(..).rev().map(Open::closer).collect();
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
