//! Code blocks. The k-th rlab block becomes its section of the page contract:
//! `<section class="rlab-block" id="block-N">` with the highlighted code (unless
//! `<!-- hide -->`), the printed text (unless empty or `hide_output`), the error, and the
//! figures (each written as `figures/<slug>/block-N-k.svg`) in a grid of `<!-- grid: N -->`
//! columns; `<!-- details: Title -->` folds the section. `no_run` blocks show their code only.
//! Other code blocks are highlighted by language.

use super::{Doc, Ev};
use crate::book::{CodeBlock, fence};
use crate::exec::BlockRun;
use crate::lang::Figure;
use crate::render::FigureFile;
use crate::render::highlight::{escape_html as escape, highlight, highlight_rlab};
use pulldown_cmark::{CodeBlockKind, CowStr, Event, Tag, TagEnd};

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
        let html = match doc.block_at(range.start) {
            Some(i) if fence::is_rlab(lang) => section(doc, i),
            _ => highlight(&code, lang) + "\n",
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
    let mut html = format!("<section class=\"rlab-block\" id=\"block-{n}\">\n");
    if !block.directives.hide {
        html.push_str(&highlight_rlab(&block.code));
        html.push('\n');
    }
    if let Some(run) = doc.run.blocks.get(i).filter(|_| !block.attrs.no_run) {
        html.push_str(&outputs(block, run));
        let files = figure_files(doc, n, &run.figures);
        html.push_str(&figures_grid(block, n, &run.figures, &files));
        doc.figures.extend(files);
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

/// The printed text and the error of a run, each a `<pre>` that takes the keyboard focus (it
/// scrolls sideways when a line is long).
fn outputs(block: &CodeBlock, run: &BlockRun) -> String {
    let mut html = String::new();
    if !run.text.is_empty() && !block.attrs.hide_output {
        html.push_str(&format!(
            "<pre class=\"output\" tabindex=\"0\">{}</pre>\n",
            escape(&run.text)
        ));
    }
    if let Some(e) = &run.error {
        html.push_str(&format!(
            "<pre class=\"output error\" tabindex=\"0\">{}</pre>\n",
            escape(&e.error.to_string())
        ));
    }
    html
}

fn figure_files(doc: &Doc, n: usize, figures: &[Figure]) -> Vec<FigureFile> {
    figures
        .iter()
        .enumerate()
        .map(|(k, fig)| FigureFile {
            path: format!(
                "figures/{}/block-{n}-{}.svg",
                super::sections::url_segment(&doc.lesson.slug),
                k + 1
            ),
            svg: (doc.ctx.figure_svg)(fig),
        })
        .collect()
}

fn figures_grid(block: &CodeBlock, n: usize, figures: &[Figure], files: &[FigureFile]) -> String {
    if files.is_empty() {
        return String::new();
    }
    let cols = block.directives.grid.unwrap_or(1);
    let mut html = format!("<div class=\"figures\" style=\"--cols: {cols}\">\n");
    for (k, (fig, file)) in figures.iter().zip(files).enumerate() {
        html.push_str(&format!(
            "<figure class=\"plot\"><img src=\"{}\" alt=\"{}\" loading=\"lazy\"></figure>\n",
            escape(&file.path),
            escape(&alt_text(fig, k + 1, n))
        ));
    }
    html.push_str("</div>\n");
    html
}

/// `Figure 2 of block 5: Loss curve; Accuracy` (panel titles when the figure has any).
fn alt_text(fig: &Figure, k: usize, n: usize) -> String {
    let titles: Vec<&str> = fig
        .panels
        .iter()
        .map(|p| p.title.trim())
        .filter(|t| !t.is_empty())
        .collect();
    if titles.is_empty() {
        format!("Figure {k} of block {n}")
    } else {
        format!("Figure {k} of block {n}: {}", titles.join("; "))
    }
}

#[cfg(test)]
mod tests;
