//! SVG rendering of the figure model: [`draw`] turns a [`Figure`] into a self-contained SVG
//! document and a [`PanelView`] per drawn panel; [`render`] gives the document alone.
//!
//! The document is a labelled graphic (`role="img"`, a `<title>` and a `<desc>` generated
//! from the data) of 720×450 pixels for a single panel and a grid of smaller panels for
//! subplots. It displays correctly on its own: every colour is a presentation attribute,
//! on an opaque light background. Every element also carries a class naming its role
//! ([`style`]), so a page's stylesheet can recolour it for a dark theme, and the structure
//! a page script needs: `rlf-panel rlf-p<i>` per panel, `rlf-plot` (the clipped data) and
//! `rlf-series rlf-s<k>` per series, `rlf-key rlf-k<k>` per legend entry, and the axis
//! groups of [`frame`]. Each panel is a 2-D chart ([`xy`]), a heatmap ([`heatmap`]), an
//! image ([`image`]) or a surface ([`surface`]). Rendering is deterministic: the same figure gives the same bytes.

mod arrows;
mod aspect;
mod bands;
mod clip;
mod describe;
pub use describe::title;
mod frame;
pub mod heatmap;
pub mod image;
mod legend;
mod numbers;
mod polar;
mod projection;
mod scale;
mod series;
mod style;
mod surface;
mod text;
mod view;
mod writer;
mod xy;

pub use style::light_properties;
pub use view::{AxisView, PanelView, Rect};

use super::model::{Figure, Panel};
use writer::Svg;

/// Size of a figure with one panel.
const SINGLE: (u32, u32) = (720, 450);
/// Size of one panel in a grid with several columns / rows.
const GRID_CELL: (u32, u32) = (470, 330);
/// Rows and columns beyond this are not drawn (the builtins never create such grids).
const MAX_GRID: usize = 16;
/// Size of a figure with one panel, laid out for a narrow screen ([`draw_narrow`])…
const NARROW_SINGLE: (u32, u32) = (320, 270);
/// …and of each panel of a grid, stacked in one column.
const NARROW_CELL: (u32, u32) = (320, 240);

/// A drawn figure: the SVG document, its size, and what was drawn in each panel (in panel
/// order, for the panels the grid shows).
#[derive(Clone, Debug, PartialEq)]
pub struct Drawing {
    pub svg: String,
    pub width: u32,
    pub height: u32,
    pub panels: Vec<PanelView>,
}

/// The figure as a standalone SVG document (its ids start with `rlf`).
pub fn render(fig: &Figure) -> String {
    draw(fig, "rlf").svg
}

/// Draw the figure; `id` (letters, digits, `-` and `_`) prefixes every id in the document,
/// so several figures can share one page.
pub fn draw(fig: &Figure, id: &str) -> Drawing {
    let (rows, cols) = grid(fig);
    let size = figure_size(rows, cols);
    let (cw, ch) = (
        f64::from(size.0) / cols as f64,
        f64::from(size.1) / rows as f64,
    );
    let areas = (0..rows * cols)
        .map(|i| Rect::new((i % cols) as f64 * cw, (i / cols) as f64 * ch, cw, ch))
        .collect();
    draw_in(fig, id, size, areas)
}

/// The figure laid out for a narrow screen (a page shows it where the [`draw`]n figure
/// would have to shrink its text below legibility): the same panels, in order, stacked in
/// one column 320 pixels wide, their text at the same sizes, each legend under its plot
/// (a panel gets the legend's height on top of its own). Ids are prefixed by `id`.
pub fn draw_narrow(fig: &Figure, id: &str) -> Drawing {
    let (rows, cols) = grid(fig);
    let n = fig.panels.len().clamp(1, rows * cols);
    let (w, h) = if n == 1 { NARROW_SINGLE } else { NARROW_CELL };
    let (mut areas, mut top) = (Vec::with_capacity(n), 0.0);
    for i in 0..n {
        let room = fig.panels.get(i).map_or(0.0, legend::room_below);
        areas.push(Rect::new(0.0, top, f64::from(w), f64::from(h) + room));
        top += f64::from(h) + room;
    }
    draw_in(fig, id, (w, top.ceil() as u32), areas)
}

/// Draw the panels of `fig` into `areas` (the first `areas.len()`) of a `size` document.
fn draw_in(fig: &Figure, id: &str, size: (u32, u32), areas: Vec<Rect>) -> Drawing {
    let id = safe_id(id);
    let (width, height) = size;
    let mut svg = Svg::default();
    open_root(&mut svg, &id, (width, height));
    svg.text(
        "title",
        &[("id", format!("{id}-t").into())],
        &describe::title(fig),
    );
    svg.text(
        "desc",
        &[("id", format!("{id}-d").into())],
        &describe::description(fig),
    );
    let (w, h) = (f64::from(width), f64::from(height));
    svg.leaf(
        "rect",
        &[
            ("class", style::BACKGROUND.class.into()),
            ("width", w.into()),
            ("height", h.into()),
            (style::BACKGROUND.paint, style::BACKGROUND.light.into()),
        ],
    );
    let mut panels = Vec::new();
    for (i, (panel, &area)) in fig.panels.iter().zip(&areas).enumerate() {
        svg.open("g", &[("class", format!("rlf-panel rlf-p{i}").into())]);
        panels.push(draw_panel(&mut svg, area, panel, &format!("{id}-p{i}")));
        svg.close("g");
    }
    svg.close("svg");
    Drawing {
        svg: svg.finish(),
        width,
        height,
        panels,
    }
}

fn open_root(svg: &mut Svg, id: &str, (width, height): (u32, u32)) {
    let (w, h) = (f64::from(width), f64::from(height));
    svg.open(
        "svg",
        &[
            ("xmlns", "http://www.w3.org/2000/svg".into()),
            ("class", style::ROOT.into()),
            ("width", w.into()),
            ("height", h.into()),
            ("viewBox", format!("0 0 {width} {height}").into()),
            ("role", "img".into()),
            ("aria-labelledby", format!("{id}-t {id}-d").into()),
            ("font-family", style::FONT_FAMILY.into()),
        ],
    );
}

/// A panel shows its surface, else its heatmap, else its image, else its series (a panel holding several
/// of these only gets them together under `hold`; the first in this order wins).
fn draw_panel(svg: &mut Svg, area: Rect, panel: &Panel, id: &str) -> PanelView {
    if let Some(surf) = &panel.surface {
        surface::draw(svg, area, panel, surf)
    } else if let Some(map) = &panel.heatmap {
        heatmap::draw(svg, area, panel, map, id)
    } else if let Some(img) = &panel.image {
        image::draw(svg, area, panel, img, id)
    } else {
        xy::draw(svg, area, panel, &format!("{id}-c"))
    }
}

/// `id` reduced to letters, digits, `-` and `_`, starting with a letter.
fn safe_id(id: &str) -> String {
    let kept: String = id
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    if kept.starts_with(|c: char| c.is_ascii_alphabetic()) {
        kept
    } else {
        format!("f{kept}")
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

#[cfg(test)]
mod tests;
