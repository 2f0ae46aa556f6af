//! Code blocks. The k-th rlab block becomes its section of the page contract:
//! `<section class="rlab-block" id="block-N">` with the highlighted code (unless
//! `<!-- hide -->`), the printed text (unless empty or `hide_output`), the error, and the
//! figures (see `render::figure`; files `figures/<slug>/block-N-k.svg` and `.csv`) in a grid
//! of `<!-- grid: N -->` columns, then its animations (`render::figure::animation`); `<!-- details: Title -->` folds the section. `no_run` blocks show their code only.
//! Other code blocks are highlighted by language; `hide` and `details` above one leave it
//! out or fold it.

use super::{Doc, Ev};
use crate::book::CodeBlock;
use crate::book::fence::{self, Directives};
use crate::exec::BlockRun;
use crate::markup::escape;
use crate::render::figure::animation::AnimationPlace;
use crate::render::figure::{self, Place};
use crate::render::highlight::{highlight, highlight_rlab};
use crate::render::site::links;
use pulldown_cmark::{CodeBlockKind, CowStr, Event, Tag, TagEnd};
use rlab::Figure;
use rlab::plot::model::Animation;

pub(crate) fn render<'t>(doc: &mut Doc, events: Vec<Ev<'t>>) -> Vec<Ev<'t>> {
    let mut out = Vec::with_capacity(events.len());
    let mut iter = events.into_iter();
    while let Some((event, range)) = iter.next() {
        let Event::Start(Tag::CodeBlock(kind)) = event else {
            out.push((event, range));
            continue;
        };
        let mut code = String::new();
        for (inner, _) in iter.by_ref() {
            match inner {
                Event::Text(t) => code.push_str(&t),
                Event::End(TagEnd::CodeBlock) => break,
                _ => {}
            }
        }
        let lang = match &kind {
            CodeBlockKind::Fenced(info) => info.split([',', ' ', '\t']).next().unwrap_or(""),
            CodeBlockKind::Indented => "",
        };
        let html = match (doc.block_at(range.start), doc.widget_at(range.start)) {
            (Some(i), _) if fence::is_rlab(lang) => section(doc, i),
            (_, Some(w)) => super::widgets::html(w),
            _ => other_block(doc.other_fence_at(range.start), &code, lang),
        };
        out.push((Event::Html(CowStr::from(html)), range));
    }
    out
}

/// The section of the lesson's block `i`.
fn section(doc: &mut Doc, i: usize) -> String {
    let Some(block) = doc.lesson.blocks.get(i) else {
        return String::new();
    };
    let n = i + 1;
    let live = match super::exercises::starting(doc, block) {
        Some(e) if super::live::offers(doc, block) => format!(" data-live data-check=\"{e}\""),
        _ if super::live::offers(doc, block) => " data-live".to_string(),
        _ => String::new(),
    };
    let mut html = format!("<section class=\"rlab-block\" id=\"block-{n}\"{live}>\n");
    if !block.directives.hide {
        html.push_str(&highlight_rlab(&block.code));
        html.push('\n');
    }
    if let Some(run) = doc.run.blocks.get(i).filter(|_| !block.attrs.no_run) {
        html.push_str(&outputs(block, run));
        html.push_str(&figures(doc, block, n, &run.figures));
        html.push_str(&animations(doc, n, &run.animations));
    }
    html.push_str("</section>\n");
    match &block.directives.details {
        Some(title) => format!(
            "<details class=\"rlab-details\"><summary>{}</summary>\n{html}</details>\n",
            escape(title)
        ),
        None => html,
    }
}

/// A code block of another language, highlighted: left out under `<!-- hide -->`, folded
/// under `<!-- details: Title -->`.
fn other_block(directives: Option<&Directives>, code: &str, lang: &str) -> String {
    let html = highlight(code, lang) + "\n";
    match directives {
        Some(d) if d.hide => String::new(),
        Some(Directives {
            details: Some(title),
            ..
        }) => format!(
            "<details class=\"rlab-details\"><summary>{}</summary>\n{html}</details>\n",
            escape(title)
        ),
        _ => html,
    }
}

/// The printed text (unless `hide_output`) and the error of a run.
fn outputs(block: &CodeBlock, run: &BlockRun) -> String {
    let text = if block.attrs.hide_output {
        ""
    } else {
        &run.text
    };
    let error = run.error.as_ref().map(|e| e.error.to_string());
    rlab_page::output::html(text, error.as_deref())
}

/// The figures of block `n`, each embedded as `figures/<slug>/block-N-k.svg`, in a grid of
/// `<!-- grid: N -->` columns; their files go to the page's figures.
fn figures(doc: &mut Doc, block: &CodeBlock, n: usize, figures: &[Figure]) -> String {
    if figures.is_empty() {
        return String::new();
    }
    let page = links::lesson_page(&doc.lesson.slug);
    let cols = block.directives.grid.unwrap_or(1);
    let mut html = String::new();
    for (k, fig) in figures.iter().enumerate() {
        let target = (doc.ctx.tables.xrefs).figure(&doc.lesson.slug, n - 1, k);
        let place = Place {
            file: figure_file(&doc.lesson.slug, n, k + 1),
            link: &|to| links::href(&page, to),
            id: target.map_or_else(|| format!("rlf{n}-{}", k + 1), |t| t.anchor().to_string()),
            caption: target.map(crate::xref::Target::caption),
        };
        let (file, figure_html) = figure::embed(doc.ctx.draw_figure, fig, &place);
        html.push_str(&figure_html);
        doc.figures.push(file);
    }
    figure::grid(cols, &html)
}

/// The animations of block `n`, their frames as `figures/<slug>/block-N-anim-K/frame-F.svg`.
fn animations(doc: &mut Doc, n: usize, animations: &[Animation]) -> String {
    let page = links::lesson_page(&doc.lesson.slug);
    let slug = crate::render::common::urls::encode_segment(&doc.lesson.slug);
    let mut html = String::new();
    for (k, anim) in animations.iter().enumerate() {
        let place = AnimationPlace {
            folder: format!("figures/{slug}/block-{n}-anim-{}", k + 1),
            link: &|to| links::href(&page, to),
            id: format!("rla{n}-{}", k + 1),
        };
        let (files, shown) = figure::animation::embed(doc.ctx.draw_figure, anim, &place);
        html.push_str(&shown);
        doc.figures.extend(files);
    }
    html
}

/// The site path of figure `k` of block `n` (both 1-based) of the lesson `slug`.
pub(crate) fn figure_file(slug: &str, n: usize, k: usize) -> String {
    let slug = crate::render::common::urls::encode_segment(slug);
    format!("figures/{slug}/block-{n}-{k}.svg")
}

#[cfg(test)]
mod tests;
