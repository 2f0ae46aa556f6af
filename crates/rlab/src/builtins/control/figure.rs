//! How the controls plots reach the session's figure model: choose a subplot panel, add
//! line and scatter series with the usual hold rule (without hold, new content replaces the
//! panel's series and title). Nothing is drawn here.

use crate::eval::Interp;
use crate::plot::model::{Color, LineStyle, Panel, Series, SeriesKind};

/// `subplot(rows, cols, k)`: a new grid starts with empty panels; hold goes off.
pub(super) fn select_panel(interp: &mut Interp, rows: usize, cols: usize, k: usize) {
    let figure = &mut interp.figures.current;
    if (figure.rows, figure.cols) != (rows, cols) || figure.panels.len() != rows * cols {
        figure.rows = rows;
        figure.cols = cols;
        figure.panels = vec![Panel::default(); rows * cols];
    }
    figure.current = k.clamp(1, rows * cols) - 1;
    figure.hold = false;
}

/// A fresh 1×1 grid with hold off (rustlab's figure reset before a root locus).
pub(super) fn reset(interp: &mut Interp) {
    let figure = &mut interp.figures.current;
    figure.rows = 1;
    figure.cols = 1;
    figure.panels = vec![Panel::default()];
    figure.current = 0;
    figure.hold = false;
}

/// One series to add.
pub(super) struct Trace<'a> {
    pub kind: SeriesKind,
    pub label: &'a str,
    pub style: LineStyle,
    pub color: Option<Color>,
    pub x: Vec<f64>,
    pub y: Vec<f64>,
}

impl<'a> Trace<'a> {
    pub(super) fn line(label: &'a str, x: Vec<f64>, y: Vec<f64>) -> Trace<'a> {
        Trace {
            kind: SeriesKind::Line,
            label,
            style: LineStyle::Solid,
            color: None,
            x,
            y,
        }
    }
}

/// Add a series to the current panel (clearing it first unless hold is on); a non-empty
/// `title` becomes the panel's title.
pub(super) fn add<'i>(interp: &'i mut Interp, trace: Trace, title: &str) -> &'i mut Panel {
    let figure = &mut interp.figures.current;
    let hold = figure.hold;
    let panel = figure.panel();
    if !hold {
        panel.series.clear();
        panel.title.clear();
        panel.heatmap = None;
        panel.image = None;
        panel.surface = None;
        panel.categories = None;
        panel.log_y = false;
        panel.log_x = false;
        panel.equal_aspect = false;
    }
    let color = trace.color.unwrap_or(Color::Auto(panel.series.len()));
    panel.series.push(Series {
        kind: trace.kind,
        label: trace.label.to_string(),
        color,
        style: trace.style,
        x: trace.x,
        y: trace.y,
    });
    if !title.is_empty() {
        panel.title = title.to_string();
    }
    panel
}

/// Label the current panel's axes.
pub(super) fn axes<'i>(interp: &'i mut Interp, xlabel: &str, ylabel: &str) -> &'i mut Panel {
    let panel = interp.figures.current.panel();
    panel.xlabel = xlabel.to_string();
    panel.ylabel = ylabel.to_string();
    panel
}
