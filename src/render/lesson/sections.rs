//! The generated sections. Under a heading "Expected Numerical Outputs Summary" the body (up
//! to the next heading of the same or a higher level) is replaced by a table of every labelled
//! value the lesson printed: its blocks' values (linking to the block), then its scripts'
//! (linking to the script page, or to the embedding that shows them); rlab blocks in that
//! body stay. Under a heading "Standalone Scripts" a table of the lesson's scripts comes
//! first (a script whose output the lesson embeds links to it), then the author's prose of
//! the section without its Markdown tables (the hand-typed list the table replaces).

use super::{Doc, Ev};
use crate::book::fence;
use crate::markup::escape;
use crate::render::common::headings::Heading;
use crate::render::common::outline::{Kind, kind_of};
use crate::render::common::urls::encode_segment;
use pulldown_cmark::{CodeBlockKind, CowStr, Event, Tag, TagEnd};
use std::ops::Range;

/// A generated section: after which event its table goes, and its body's events.
struct Section {
    kind: Kind,
    heading_end: usize,
    body: Range<usize>,
}

/// Insert the generated tables and drop what they replace.
pub(crate) fn generate<'t>(doc: &Doc, events: Vec<Ev<'t>>, headings: &[Heading]) -> Vec<Ev<'t>> {
    let sections = find(headings, events.len());
    let dropped = dropped(&events, &sections);
    let mut out = Vec::with_capacity(events.len());
    for (i, (event, range)) in events.into_iter().enumerate() {
        if dropped.get(i).copied().unwrap_or(false) {
            continue;
        }
        out.push((event, range.clone()));
        if let Some(s) = sections.iter().find(|s| s.heading_end == i) {
            let html = match s.kind {
                Kind::Summary => summary_table(doc),
                Kind::Scripts => scripts_table(doc),
            };
            out.push((Event::Html(CowStr::from(html)), range));
        }
    }
    out
}

/// Only drop what the tables replace (for collecting the formulas the page shows).
pub(crate) fn drop_replaced<'t>(events: Vec<Ev<'t>>, headings: &[Heading]) -> Vec<Ev<'t>> {
    let dropped = dropped(&events, &find(headings, events.len()));
    events
        .into_iter()
        .enumerate()
        .filter(|(i, _)| !dropped.get(*i).copied().unwrap_or(false))
        .map(|(_, ev)| ev)
        .collect()
}

fn find(headings: &[Heading], len: usize) -> Vec<Section> {
    let mut sections = Vec::new();
    for (k, h) in headings.iter().enumerate() {
        let Some(kind) = kind_of(&h.text) else {
            continue;
        };
        let body_end = headings[k + 1..]
            .iter()
            .find(|next| next.level <= h.level)
            .map_or(len, |next| next.start);
        sections.push(Section {
            kind,
            heading_end: h.end,
            body: h.end + 1..body_end.max(h.end + 1),
        });
    }
    sections
}

/// Which events the generated sections drop.
fn dropped(events: &[Ev], sections: &[Section]) -> Vec<bool> {
    let mut drop = vec![false; events.len()];
    for s in sections {
        let mut depth = 0usize;
        let mut keeping_block = false;
        for i in s.body.clone() {
            let Some((event, _)) = events.get(i) else {
                break;
            };
            let removed = match (s.kind, event) {
                (Kind::Summary, Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info)))) => {
                    keeping_block = is_rlab(info);
                    !keeping_block
                }
                (Kind::Summary, Event::End(TagEnd::CodeBlock)) if keeping_block => {
                    keeping_block = false;
                    false
                }
                (Kind::Summary, _) => !keeping_block,
                (Kind::Scripts, Event::Start(Tag::Table(_))) => {
                    depth += 1;
                    true
                }
                (Kind::Scripts, Event::End(TagEnd::Table)) => {
                    depth = depth.saturating_sub(1);
                    true
                }
                (Kind::Scripts, _) => depth > 0,
            };
            if let Some(d) = drop.get_mut(i) {
                *d = removed;
            }
        }
    }
    drop
}

fn is_rlab(info: &str) -> bool {
    let lang = info.split([',', ' ', '\t']).next().unwrap_or("");
    fence::is_rlab(lang)
}

fn summary_table(doc: &Doc) -> String {
    let mut rows = String::new();
    for (i, block) in doc.run.blocks.iter().enumerate() {
        for v in &block.values {
            let n = i + 1;
            rows.push_str(&row(
                &v.label,
                &v.value,
                &format!("#block-{n}"),
                &format!("block {n}"),
            ));
        }
    }
    let shown = embedded_lines(doc);
    for (k, (script, run)) in doc.lesson.scripts.iter().zip(&doc.run.scripts).enumerate() {
        for v in &run.values {
            let embedding = shown
                .iter()
                .find(|(s, _, lines)| *s == k && lines.contains(&v.line));
            let href = match embedding {
                Some((_, n, _)) => format!("#output-{n}"),
                None => script_href(&doc.lesson.slug, &script.name),
            };
            rows.push_str(&row(&v.label, &v.value, &href, &script.file_name));
        }
    }
    if rows.is_empty() {
        return "<p class=\"generated outputs-summary\">No labelled values were printed.</p>\n"
            .to_string();
    }
    format!(
        "<table class=\"generated outputs-summary\">\n<thead><tr><th>Quantity</th><th>Value</th><th>Printed by</th></tr></thead>\n<tbody>\n{rows}</tbody>\n</table>\n"
    )
}

/// For each output directive of the lesson: its script, its number (`#output-N`) and the
/// printed lines it shows.
fn embedded_lines(doc: &Doc) -> Vec<(usize, usize, Vec<usize>)> {
    (doc.lesson.embeds.iter().enumerate())
        .filter_map(|(k, e)| {
            let shown = crate::exec::embedded::select(doc.lesson, doc.run, e)?;
            Some((e.script, k + 1, shown.lines))
        })
        .collect()
}

fn row(label: &str, value: &str, href: &str, link_text: &str) -> String {
    format!(
        "<tr><td>{}</td><td><code>{}</code></td><td><a href=\"{}\">{}</a></td></tr>\n",
        escape(label),
        escape(value),
        escape(href),
        escape(link_text)
    )
}

fn scripts_table(doc: &Doc) -> String {
    let scripts = &doc.lesson.scripts;
    if scripts.is_empty() {
        return "<p class=\"generated scripts-table\">This lesson has no standalone scripts.</p>\n"
            .to_string();
    }
    let mut rows = String::new();
    for (k, s) in scripts.iter().enumerate() {
        let embedded = (doc.lesson.embeds.iter().position(|e| e.script == k)).map_or(
            String::new(),
            |n| format!(" <a class=\"embedded-link\" href=\"#output-{}\">(output shown in this lesson)</a>", n + 1),
        );
        rows.push_str(&format!(
            "<tr><td><a href=\"{}\"><code>{}</code></a></td><td>{}{embedded}</td></tr>\n",
            escape(&script_href(&doc.lesson.slug, &s.name)),
            escape(&s.file_name),
            escape(&s.description)
        ));
    }
    format!(
        "<table class=\"generated scripts-table\">\n<thead><tr><th>Script</th><th>Description</th></tr></thead>\n<tbody>\n{rows}</tbody>\n</table>\n"
    )
}

/// The script page of `name`, relative to the lesson page.
pub(crate) fn script_href(slug: &str, name: &str) -> String {
    format!(
        "scripts/{}/{}.html",
        encode_segment(slug),
        encode_segment(name)
    )
}

#[cfg(test)]
mod tests;
