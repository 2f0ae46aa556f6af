//! SVG rendering of the figure model with plotters' SVG backend: [`render`] turns a
//! [`Figure`] into a self-contained SVG document.
//!
//! The figure gets an opaque white background and dark text (legible on light and dark
//! pages), 720×450 pixels for a single panel and a grid of smaller panels for subplots. Each
//! panel is a 2-D chart ([`xy`]), a heatmap ([`heatmap`]) or a surface ([`surface`]).
//! Rendering is deterministic: the same figure always gives the same bytes.

mod clip;
mod heatmap;
mod numbers;
mod scale;
mod series;
mod style;
mod surface;
mod xy;

use super::model::{Figure, Panel};
use plotters::coord::Shift;
use plotters::prelude::*;

/// Size of a figure with one panel.
const SINGLE: (u32, u32) = (720, 450);
/// Size of one panel in a grid with several columns / rows.
const GRID_CELL: (u32, u32) = (470, 330);
/// Rows and columns beyond this are not drawn (the builtins never create such grids).
const MAX_GRID: usize = 16;

/// The figure as an SVG document.
pub fn render(fig: &Figure) -> String {
    let (rows, cols) = grid(fig);
    let (width, height) = figure_size(rows, cols);
    let mut svg = String::new();
    let result = {
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        draw_figure(&root, fig, (rows, cols)).and_then(|()| root.present())
    };
    match result {
        Ok(()) => svg,
        Err(e) => fallback(width, height, &e.to_string()),
    }
}

/// The drawn grid: the figure's, at least 1×1, at most [`MAX_GRID`] each way.
fn grid(fig: &Figure) -> (usize, usize) {
    (fig.rows.clamp(1, MAX_GRID), fig.cols.clamp(1, MAX_GRID))
}

/// Pixel size of a figure with a `rows`×`cols` grid of panels.
fn figure_size(rows: usize, cols: usize) -> (u32, u32) {
    let width = if cols == 1 {
        SINGLE.0
    } else {
        GRID_CELL.0 * cols as u32
    };
    let height = if rows == 1 {
        SINGLE.1
    } else {
        GRID_CELL.1 * rows as u32
    };
    (width, height)
}

fn draw_figure<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    fig: &Figure,
    (rows, cols): (usize, usize),
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    root.fill(&style::BACKGROUND)?;
    let areas = root.split_evenly((rows, cols));
    for (panel, area) in fig.panels.iter().zip(areas.iter()) {
        draw_panel(area, panel)?;
    }
    Ok(())
}

/// A panel shows its surface, else its heatmap, else its series (a panel holding several
/// of these only gets them together under `hold`; the first in this order wins).
fn draw_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    panel: &Panel,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    if let Some(surf) = &panel.surface {
        surface::draw(area, panel, surf)
    } else if let Some(map) = &panel.heatmap {
        heatmap::draw(area, panel, map)
    } else {
        xy::draw(area, panel)
    }
}

/// A plain SVG saying that drawing failed (plotters reports no errors for in-memory SVG, so
/// this is a safety net, not an expected path).
fn fallback(width: u32, height: u32, message: &str) -> String {
    let text: String = message
        .chars()
        .map(|c| match c {
            '<' | '>' | '&' | '"' => ' ',
            c if c.is_control() => ' ',
            c => c,
        })
        .collect();
    format!(
        "<svg width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" \
         xmlns=\"http://www.w3.org/2000/svg\">\n<rect width=\"100%\" height=\"100%\" \
         fill=\"#FFFFFF\"/>\n<text x=\"20\" y=\"40\" font-family=\"sans-serif\" \
         font-size=\"16\" fill=\"#222222\">figure could not be drawn: {text}</text>\n</svg>\n"
    )
}

#[cfg(test)]
mod tests;
