//! Builtins: animation frames (rustlab's `frame` and `saveanim`). `frame()` copies the
//! current figure into the session's frame buffer and clears its data (series, heatmaps,
//! surfaces) while keeping layout, titles, labels, limits, hold and grid; `saveanim(name
//! [, fps])` turns the buffer into an [`Animation`] of the block, which a book shows as a
//! player (HTML) or a strip of frames (the still formats). When the session may write files,
//! `.html` names also get a standalone page ([`page`]).

mod page;

use super::{Args, Builtin};
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::plot::model::{Animation, Figure};
use crate::value::Value;

pub(crate) static TABLE: &[Builtin] = &[
    Builtin::new(
        "frame",
        frame,
        "frame(): add the current figure to the animation buffer and clear its data",
    ),
    Builtin::new(
        "saveanim",
        saveanim,
        "saveanim(name) | saveanim(name, fps): make an animation of the buffered frames (.html, .htm, .gif; fps 10)",
    ),
];

/// The most frames one buffer holds (each is a full copy of the figure).
const MAX_FRAMES: usize = 10_000;

/// The frame rate when none (or no usable one) is given.
const DEFAULT_FPS: f64 = 10.0;

/// What a name asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Html,
    Gif,
}

fn frame(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(0, 0)?;
    let figures = &mut interp.figures;
    if figures.frames.len() >= MAX_FRAMES {
        return Err(LangError::limit(format!(
            "frame: at most {MAX_FRAMES} frames can be buffered (call saveanim first)"
        )));
    }
    let buffered: usize = figures.frames.iter().map(data_len).sum();
    let total = buffered.saturating_add(data_len(&figures.current));
    crate::limits::check_real(total, 1)?;
    figures.frames.push(figures.current.clone());
    clear_data(&mut figures.current);
    Ok(Value::None)
}

fn saveanim(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 2)?;
    let name = args.str(0)?.to_string();
    let fps = match args.get(1) {
        None => DEFAULT_FPS,
        Some(Value::Scalar(f)) if f.is_finite() && *f > 0.0 => *f,
        Some(Value::Scalar(_)) => DEFAULT_FPS,
        Some(other) => {
            return Err(LangError::type_error(format!(
                "saveanim: fps must be a scalar, got {}",
                other.type_name()
            )));
        }
    };
    let format = format_of(&name)?;
    if interp.figures.frames.is_empty() {
        return Err(LangError::runtime(
            "saveanim: no frames captured (call frame() at least once)",
        ));
    }
    if interp.config.write_files {
        write_file(interp, &name, fps, format)?;
    }
    let frames = std::mem::take(&mut interp.figures.frames);
    (interp.figures.animations).push(Animation { name, fps, frames });
    Ok(Value::None)
}

/// The format the name's extension asks for (case-insensitive), as rustlab decides it.
fn format_of(name: &str) -> LangResult<Format> {
    let lower = name.to_lowercase();
    if lower.ends_with(".html") || lower.ends_with(".htm") {
        Ok(Format::Html)
    } else if lower.ends_with(".gif") {
        Ok(Format::Gif)
    } else {
        Err(LangError::runtime(
            "saveanim: supported output formats are .html / .htm (Plotly) and .gif",
        ))
    }
}

/// Write the buffered frames to `name` relative to the session's base directory.
fn write_file(interp: &Interp, name: &str, fps: f64, format: Format) -> LangResult<()> {
    if format == Format::Gif {
        return Err(LangError::runtime(format!(
            "saveanim: cannot write '{name}': rlab draws SVG only and cannot write GIF files \
             (use .html)"
        )));
    }
    let text = page::html(&interp.figures.frames, fps, name);
    let path = interp.config.base_dir.join(name);
    (interp.config.host.write_file(&path, text.as_bytes()))
        .map_err(|e| LangError::runtime(e.message("saveanim", "write", name)))
}

/// Clear what a figure shows as data, keeping how it is laid out and labelled.
fn clear_data(figure: &mut Figure) {
    for panel in &mut figure.panels {
        panel.series.clear();
        panel.heatmap = None;
        panel.image = None;
        panel.surface = None;
    }
}

/// The number of values a figure holds (what a frame costs to keep).
fn data_len(figure: &Figure) -> usize {
    let panel_len = |p: &crate::plot::model::Panel| {
        let series: usize = p.series.iter().map(|s| s.x.len() + s.y.len()).sum();
        let heatmap = p.heatmap.as_ref().map_or(0, |h| h.values.len());
        let image = p.image.as_ref().map_or(0, |i| i.values.len());
        let surface = p.surface.as_ref().map_or(0, |s| 3 * s.z.len());
        series + heatmap + image + surface
    };
    figure.panels.iter().map(panel_len).sum()
}

#[cfg(test)]
mod tests;
