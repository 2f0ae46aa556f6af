//! rlab code blocks in the Markdown book: the fence is kept (its directive comments are not),
//! a hidden block's code is left out, and what the block printed and drew follows it in an
//! output region, the way rustlab-notebook writes it:
//!
//! ````text
//! <!-- rustlab:output-start -->
//! ```text
//! printed text
//! ```
//!
//! ![Figure title](plots/<slug>/plot-N-<hash>.svg)
//!
//! <!-- rustlab:output-end -->
//! ````
//!
//! `<!-- details: Title -->` folds block and region into `<details>`; `<!-- grid: N -->`
//! puts N figures on a line (GitHub shows the images of one paragraph side by side). A
//! fenced block of another language (```` ```mermaid ````) with `hide` or `details` above it
//! is left out or folded the same way.

use super::edits::{self, Edits};
use super::{MarkdownFigure, Page};
use crate::book::fence::{Directives, directive_of};
use crate::book::{CodeBlock, Lesson};
use crate::cache::digest::Digest;
use crate::markup::escape;
use crate::render::common::markers::{OUTPUT_END, OUTPUT_START};
use rlab::Figure;
use rlab::plot::model::Animation;
use std::ops::Range;

/// The edits that write every rlab block of the lesson, and every other fenced block with
/// directives (hidden, or folded, without an output region).
pub(crate) fn edit(page: &mut Page, edits: &mut Edits) {
    let lesson = page.lesson;
    for (i, block) in lesson.blocks.iter().enumerate() {
        let region = region_of(page, i, block);
        let (range, text) = fence_text(lesson, &block.span, &block.directives, &region);
        edits.replace(range, text);
    }
    for fence in &lesson.other_fences {
        let (range, text) = fence_text(lesson, &fence.span, &fence.directives, "");
        edits.replace(range, text);
    }
    for w in &lesson.widgets {
        let source = lesson.source.as_str();
        let start = edits::line_start(source, w.span.start);
        let mut end = w.span.end.min(source.len());
        if !source[..end].ends_with('\n') && source[end..].starts_with('\n') {
            end += 1;
        }
        let prefix = edits::continuation(source, w.span.start);
        let line = crate::render::lesson::widgets::markdown(w);
        edits.replace(start..end, edits::prefixed(&line, &prefix));
    }
}

/// What replaces the fence at `span` and the directive lines above it: the fence (unless
/// `hide`), then `region`, folded into `<details>` when the directives ask.
fn fence_text(
    lesson: &Lesson,
    span: &Range<usize>,
    directives: &Directives,
    region: &str,
) -> (Range<usize>, String) {
    let source = lesson.source.as_str();
    let fence_start = edits::line_start(source, span.start);
    let lead = directives_start(source, fence_start, lesson.body_start);
    let prefix = edits::continuation(source, span.start);
    let mut text = String::new();
    if let Some(title) = &directives.details {
        let open = format!("<details>\n<summary>{}</summary>\n\n", escape(title));
        text.push_str(&edits::prefixed(&open, &prefix));
    }
    let mut end = span.end.min(source.len());
    if !source[..end].ends_with('\n') && source[end..].starts_with('\n') {
        end += 1;
    }
    if !directives.hide {
        text.push_str(&source[fence_start..end]);
        if !text.ends_with('\n') {
            text.push('\n');
        }
        if !region.is_empty() {
            text.push_str(&edits::prefixed(&format!("\n{region}"), &prefix));
        }
    } else {
        text.push_str(&edits::prefixed(region, &prefix));
    }
    if directives.details.is_some() {
        text.push_str(&edits::prefixed("\n</details>\n", &prefix));
    }
    if text.is_empty() {
        end = edits::after_blank_lines(source, end);
    }
    (lead..end, text)
}

/// Where the directive comment lines just before the fence line at `fence_start` begin.
pub(crate) fn directives_start(source: &str, fence_start: usize, floor: usize) -> usize {
    let mut start = fence_start;
    while start > floor {
        let prev = edits::line_start(source, start - 1);
        if prev < floor || directive_of(&source[prev..start]).is_none() {
            break;
        }
        start = prev;
    }
    start
}

/// The output region of block `i` (empty when it shows nothing).
fn region_of(page: &mut Page, i: usize, block: &CodeBlock) -> String {
    let Some(run) = page.run.blocks.get(i).filter(|_| !block.attrs.no_run) else {
        return String::new();
    };
    let mut text = String::new();
    if !block.attrs.hide_output {
        text.push_str(&run.text);
    }
    if let Some(e) = &run.error {
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
        text.push_str(&e.error.to_string());
    }
    let cols = block.directives.grid.unwrap_or(1);
    let mut images = page.figures_of(&run.figures, cols, Some(i));
    for anim in &run.animations {
        images.push_str(&page.animation_strip(anim));
    }
    region(&text, &images)
}

/// An output region holding `text` (printed output) and `images` (Markdown image lines).
pub(crate) fn region(text: &str, images: &str) -> String {
    let text = text.trim_end_matches(['\n', '\r']);
    if text.is_empty() && images.is_empty() {
        return String::new();
    }
    let mut out = format!("{OUTPUT_START}\n");
    if !text.is_empty() {
        let fence = fence_for(text);
        out.push_str(&format!("{fence}text\n{text}\n{fence}\n\n"));
    }
    out.push_str(images);
    out.push_str(OUTPUT_END);
    out.push('\n');
    out
}

/// A backtick fence longer than any run of backticks in `text`.
fn fence_for(text: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for c in text.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    "`".repeat((longest + 1).max(3))
}

impl Page<'_> {
    /// Draw `figures` as files `plots/<slug>/<stem>-N-<hash>.svg` (N counting the page's
    /// figures) and return their image lines, `cols` to a paragraph, each paragraph
    /// followed by a blank line; a labelled figure of the lesson's block `block` is a
    /// paragraph of its own, with its anchor and caption.
    pub(crate) fn figures_of(
        &mut self,
        figures: &[Figure],
        cols: usize,
        block: Option<usize>,
    ) -> String {
        let mut lines = String::new();
        for (k, fig) in figures.iter().enumerate() {
            self.figure_count += 1;
            let n = self.figure_count;
            let svg = (self.draw)(fig, &format!("plot-{n}")).svg;
            let hash = Digest::of(svg.as_bytes()).hex();
            let slug = &self.lesson.slug;
            let path = format!("plots/{slug}/{}-{n}-{}.svg", self.stem, &hash[..8]);
            let src = format!("{}{path}", self.up);
            if let Some(target) = self.figure_target(block, k) {
                lines.push_str(&self.labelled_figure(target, fig, &src));
            } else {
                let alt = alt_text(&rlab::plot::svg::title(fig), n);
                lines.push_str(&format!("![{alt}]({src})"));
                let last_in_row = (k + 1) % cols.max(1) == 0 || k + 1 == figures.len();
                lines.push_str(if last_in_row { "\n\n" } else { " " });
            }
            self.figures.push(MarkdownFigure { path, svg });
        }
        lines
    }
}

/// Frames a still format shows of an animation.
const STRIP_FRAMES: usize = 6;

impl Page<'_> {
    /// An animation as a strip of at most [`STRIP_FRAMES`] evenly spaced frames, three to a
    /// row, after a line naming it and the frames shown.
    pub(crate) fn animation_strip(&mut self, anim: &Animation) -> String {
        let picks = anim.strip(STRIP_FRAMES);
        let frames: Vec<Figure> = picks
            .iter()
            .filter_map(|&k| anim.frames.get(k).cloned())
            .collect();
        let shown: Vec<String> = picks.iter().map(|k| (k + 1).to_string()).collect();
        format!(
            "*Animation {}: {} frames at {} frames per second; frames {} shown.*\n\n{}",
            super::escape_text(&anim.name),
            anim.frames.len(),
            anim.fps,
            shown.join(", "),
            self.figures_of(&frames, 3, None)
        )
    }
}

/// A figure's alternative text: its title, or `plot N`, with Markdown's punctuation escaped.
fn alt_text(title: &str, n: usize) -> String {
    let title = crate::render::common::prepare::one_line(title.trim());
    if title.is_empty() || title == "Figure" {
        return format!("plot {n}");
    }
    super::escape_text(&title)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_hold_text_then_images() {
        assert_eq!(region("", ""), "");
        assert_eq!(
            region("6\n", "![plot 1](plots/a/plot-1-x.svg)\n\n"),
            "<!-- rustlab:output-start -->\n```text\n6\n```\n\n\
             ![plot 1](plots/a/plot-1-x.svg)\n\n<!-- rustlab:output-end -->\n"
        );
        assert!(region("a ```` b", "").contains("`````text\n"));
    }

    #[test]
    fn alt_text_escapes_markdown() {
        assert_eq!(alt_text("Loss [nats]", 2), "Loss \\[nats\\]");
        assert_eq!(alt_text("Figure", 3), "plot 3");
    }
}
