//! A run's outputs as the built page shows them: the printed text and the error
//! (`rlab-page`'s markup), the figures in their grid and the animations, drawn by the build's
//! own SVG renderer, under the build's figure ids and captions, their files linked as
//! `rlab-live:<path>` for the page to swap in object URLs.

use crate::{FigureName, Response};
use rlab_page::FigureFile;
use rlab_page::figure::animation::AnimationPlace;
use rlab_page::figure::{self, Place};

/// What names a block's outputs: its number, its grid and its figures' ids and captions.
pub(crate) struct Names<'a> {
    pub block: usize,
    pub cols: usize,
    pub hide_output: bool,
    pub figures: &'a [FigureName],
}

/// The response to a block's (or a script's) run.
pub(crate) fn block(names: &Names, out: rlab::BlockOutput) -> Response {
    let error = out.error.as_ref().map(terminal_text);
    let mut files = Vec::new();
    let text = if names.hide_output {
        ""
    } else {
        out.text.trim()
    };
    let mut html = rlab_page::output::html(text, error.as_deref());
    html.push_str(&figures_html(names, &out.figures, &mut files));
    html.push_str(&animations_html(names.block, &out.animations, &mut files));
    Response {
        text: out.text,
        error,
        html,
        files,
        ..Response::default()
    }
}

/// An error as the terminal shows it: `file:line:col: message`, then the source line with
/// its caret.
pub(crate) fn terminal_text(error: &rlab::RunError) -> String {
    let mut text = match error.file.as_str() {
        "" => error.error.to_string(),
        file => format!("{file}:{}:{}: {}", error.line, error.col, error.error),
    };
    if !error.excerpt.is_empty() {
        text.push('\n');
        text.push_str(&error.excerpt);
    }
    text
}

/// A live figure's link: a placeholder the page replaces with an object URL of the file.
fn live_link(path: &str) -> String {
    format!("rlab-live:{path}")
}

/// The figures of a block in their grid, as the build draws them.
fn figures_html(names: &Names, figs: &[rlab::Figure], files: &mut Vec<FigureFile>) -> String {
    if figs.is_empty() {
        return String::new();
    }
    let n = names.block;
    let mut html = String::new();
    for (k, fig) in figs.iter().enumerate() {
        let name = names.figures.get(k);
        let place = Place {
            file: format!("live/block-{n}-{}.svg", k + 1),
            link: &live_link,
            id: name.map_or_else(|| format!("rlf{n}-{}", k + 1), |f| f.id.clone()),
            caption: name.and_then(|f| f.caption.clone()),
        };
        let (file, shown) = figure::embed(figure::SVG, fig, &place);
        html.push_str(&shown);
        files.push(file);
    }
    figure::grid(names.cols, &html)
}

/// The animations of block `n`.
fn animations_html(n: usize, anims: &[rlab::Animation], files: &mut Vec<FigureFile>) -> String {
    let mut html = String::new();
    for (k, anim) in anims.iter().enumerate() {
        let place = AnimationPlace {
            folder: format!("live/block-{n}-anim-{}", k + 1),
            link: &live_link,
            id: format!("rla{n}-{}", k + 1),
        };
        let (frames, shown) = figure::animation::embed(figure::SVG, anim, &place);
        html.push_str(&shown);
        files.extend(frames);
    }
    html
}
