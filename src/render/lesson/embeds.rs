//! Embedded script outputs on the page: each `<!-- output: x.rlab … -->` directive (see
//! `book::embed`) becomes `<div class="embedded-output" id="output-N">` holding what it
//! shows of the script's run, styled as a block's output (`<pre class="output">`, or the
//! figures, files `figures/<slug>/output-N-k.svg`) under a caption naming the script, linked
//! to its page. A directive that shows nothing is a warning.

use super::sections::script_href;
use super::{Doc, Ev};
use crate::exec::embedded::{self, Embedded};
use crate::markup::escape;
use crate::render::common::urls::encode_segment;
use crate::render::figure::{self, Place};
use crate::render::site::links;
use pulldown_cmark::{CowStr, Event};

pub(crate) fn render<'t>(doc: &mut Doc, events: Vec<Ev<'t>>) -> Vec<Ev<'t>> {
    if doc.lesson.embeds.is_empty() {
        return events;
    }
    let mut out = Vec::with_capacity(events.len());
    for (event, range) in events {
        let found = match &event {
            Event::Html(html) if html.trim_start().starts_with("<!--") => doc.embed_at(range.start),
            _ => None,
        };
        match found {
            Some(k) => {
                let html = embedding(doc, k, range.start);
                out.push((Event::Html(CowStr::from(html)), range));
            }
            None => out.push((event, range)),
        }
    }
    out
}

/// The HTML of the lesson's embedding `k` (its directive at prepared-text offset `at`).
fn embedding(doc: &mut Doc, k: usize, at: usize) -> String {
    let (lesson, run) = (doc.lesson, doc.run);
    let Some(shown) = embedded::select(lesson, run, &lesson.embeds[k]) else {
        return String::new();
    };
    let n = k + 1;
    let mut html = format!(
        "<div class=\"embedded-output\" id=\"output-{n}\">\n<p class=\"embedded-caption\">Output of <a href=\"{}\"><code>{}</code></a></p>\n",
        escape(&script_href(&lesson.slug, &shown.script.name)),
        escape(&shown.script.file_name)
    );
    if !shown.text.is_empty() {
        html.push_str(&format!(
            "<pre class=\"output\" tabindex=\"0\">{}</pre>\n",
            escape(&shown.text)
        ));
    }
    html.push_str(&figures(doc, &shown, n));
    if shown.text.is_empty() && shown.figures.is_empty() {
        let what = format!(
            "the output directive shows nothing of {}",
            shown.script.file_name
        );
        doc.warn(at, &what);
    }
    html.push_str("</div>\n");
    html
}

/// The figures an embedding shows, as a one-column grid; their files go to the page's.
fn figures(doc: &mut Doc, shown: &Embedded, n: usize) -> String {
    if shown.figures.is_empty() {
        return String::new();
    }
    let slug = encode_segment(&doc.lesson.slug);
    let page = links::lesson_page(&doc.lesson.slug);
    let mut html = String::new();
    for (j, fig) in shown.figures.iter().enumerate() {
        let place = Place {
            file: format!("figures/{slug}/output-{n}-{}.svg", j + 1),
            link: &|to| links::href(&page, to),
            id: format!("rlfo{n}-{}", j + 1),
            caption: None,
        };
        let (file, figure_html) = figure::embed(doc.ctx.draw_figure, fig, &place);
        html.push_str(&figure_html);
        doc.figures.push(file);
    }
    figure::grid(1, &html)
}

#[cfg(test)]
mod tests;
