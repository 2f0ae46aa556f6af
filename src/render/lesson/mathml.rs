//! Math events become KaTeX MathML from the cache: `<span class="math math-inline">` and
//! `<div class="math math-display" tabindex="0">` (display math scrolls sideways when it is
//! wider than the page, so it takes the keyboard focus, as scrolling regions must). A paragraph holding display math is split around it
//! (a `<div>` cannot sit inside `<p>`); display math inside inline markup (a heading, a table
//! cell, emphasis) uses `<span class="math math-display">` instead. A formula KaTeX rejects
//! is shown as `<code class="math-error">` and reported as `file:line: math error: …`.
//! Display math labelled `{#eq-x}` gets the label as its id and its number, `(12.1)`, in a
//! `<span class="eq-number">` after the formula.

use super::{Doc, Ev};
use crate::markup::escape;
use pulldown_cmark::{CowStr, Event, Tag};
use std::ops::Range;

pub(crate) fn render<'t>(doc: &mut Doc, events: Vec<Ev<'t>>) -> Vec<Ev<'t>> {
    let mut out: Vec<Ev<'t>> = Vec::with_capacity(events.len());
    // For each open tag: whether it is a paragraph, or a block that may hold a `<div>`.
    let mut parents: Vec<Parent> = Vec::new();
    for (event, range) in events {
        match event {
            Event::InlineMath(tex) => {
                let html = formula(doc, &tex, false, range.clone(), "span");
                out.push((Event::InlineHtml(CowStr::from(html)), range));
            }
            Event::DisplayMath(tex) => match parents.last().copied().unwrap_or(Parent::Block) {
                Parent::Paragraph => {
                    let html = formula(doc, &tex, true, range.clone(), "div");
                    out.push((Event::End(pulldown_cmark::TagEnd::Paragraph), range.clone()));
                    out.push((Event::Html(CowStr::from(html)), range.clone()));
                    out.push((Event::Start(Tag::Paragraph), range));
                }
                Parent::Block => {
                    let html = formula(doc, &tex, true, range.clone(), "div");
                    out.push((Event::Html(CowStr::from(html)), range));
                }
                Parent::Inline => {
                    let html = formula(doc, &tex, true, range.clone(), "span");
                    out.push((Event::InlineHtml(CowStr::from(html)), range));
                }
            },
            Event::Start(tag) => {
                parents.push(Parent::of(&tag));
                out.push((Event::Start(tag), range));
            }
            Event::End(end) => {
                parents.pop();
                out.push((Event::End(end), range));
            }
            other => out.push((other, range)),
        }
    }
    drop_empty_paragraphs(out)
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Parent {
    Paragraph,
    Block,
    Inline,
}

impl Parent {
    fn of(tag: &Tag) -> Parent {
        match tag {
            Tag::Paragraph => Parent::Paragraph,
            Tag::BlockQuote(_)
            | Tag::Item
            | Tag::FootnoteDefinition(_)
            | Tag::DefinitionListDefinition
            | Tag::HtmlBlock => Parent::Block,
            _ => Parent::Inline,
        }
    }
}

/// The formula at `range` of the prepared text as HTML in a `wrapper` element (`span` or
/// `div`).
fn formula(doc: &mut Doc, tex: &str, display: bool, range: Range<usize>, wrapper: &str) -> String {
    let at = range.start;
    match doc.ctx.math.get(tex, display) {
        Ok(mathml) => {
            let class = if display {
                "math-display"
            } else {
                "math-inline"
            };
            let newline = if wrapper == "div" { "\n" } else { "" };
            let focus = if display { " tabindex=\"0\"" } else { "" };
            let values = values_inside(doc, range);
            let (id, number) = match display.then(|| doc.equation_at(at)).flatten() {
                Some(target) => (
                    format!(" id=\"{}\"", escape(target.anchor())),
                    format!("<span class=\"eq-number\">({})</span>", target.number),
                ),
                None => (String::new(), String::new()),
            };
            format!(
                "<{wrapper} class=\"math {class}\"{id}{focus}{values}>{mathml}{number}</{wrapper}>{newline}"
            )
        }
        Err(message) => {
            doc.warn(at, &format!("math error: {message}"));
            let code = format!("<code class=\"math-error\">{}</code>", escape(tex));
            if wrapper == "div" {
                format!("<p>{code}</p>\n")
            } else {
                code
            }
        }
    }
}

/// ` data-values="A B"`: the source offsets of the inline values the formula at `range` of
/// the prepared text holds, which the page's live code marks stale as it marks the values of
/// the text (a formula cannot be drawn again in the page); empty without live code or values.
fn values_inside(doc: &Doc, range: Range<usize>) -> String {
    if !doc.ctx.book.config.live {
        return String::new();
    }
    let source = doc.map.to_source(range.start)..doc.map.to_source(range.end);
    let offsets: Vec<String> = (doc.lesson.inlines.iter())
        .filter(|v| source.contains(&v.span.start))
        .map(|v| v.span.start.to_string())
        .collect();
    match offsets.is_empty() {
        true => String::new(),
        false => format!(" data-values=\"{}\"", offsets.join(" ")),
    }
}

/// Remove paragraphs left with nothing but line breaks or blanks by the splitting.
fn drop_empty_paragraphs(events: Vec<Ev>) -> Vec<Ev> {
    let mut out: Vec<Ev> = Vec::with_capacity(events.len());
    let mut open: Option<usize> = None;
    for (event, range) in events {
        match &event {
            Event::Start(Tag::Paragraph) => open = Some(out.len()),
            Event::End(pulldown_cmark::TagEnd::Paragraph) => {
                if let Some(start) = open.take() {
                    let blank = out
                        .get(start + 1..)
                        .is_some_and(|inner| inner.iter().all(is_blank));
                    if blank {
                        out.truncate(start);
                        continue;
                    }
                }
            }
            _ => {}
        }
        out.push((event, range));
    }
    out
}

fn is_blank(ev: &Ev) -> bool {
    match &ev.0 {
        Event::SoftBreak | Event::HardBreak => true,
        Event::Text(t) => t.trim().is_empty(),
        _ => false,
    }
}

#[cfg(test)]
mod tests;
