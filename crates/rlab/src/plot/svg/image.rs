//! Image panels (`image`): one rectangle per pixel in the pixel's own colour, row 1 at the
//! top (at the bottom under `axis("xy")`), pixels square, 1-based row and column indices
//! on the axes. A one-channel image runs its values through its colormap over the fixed
//! range 0..255, shown by a colour bar; a true-colour image has no bar. Large pictures are
//! drawn in averaged blocks, as heatmaps are. The colours are data: the same in every theme.

use super::frame::{self, AxesStyle, Texts};
use super::heatmap::{self, BAR_ROOM, Direction};
use super::view::{AxisView, PanelView, Plot, Rect};
use super::writer::{Svg, hex};
use crate::plot::colormap::Colormap;
use crate::plot::model::{Image, Panel};

/// At most this many pixels are drawn; larger images are averaged in square blocks.
const MAX_CELLS: usize = 16_384;
/// The range of a channel: what the colour bar of a one-channel image shows.
const RANGE: (f64, f64) = (0.0, 255.0);

/// Draw an image panel into `area`; `id` prefixes the id of its colour bar's gradient.
pub(crate) fn draw(svg: &mut Svg, area: Rect, panel: &Panel, img: &Image, id: &str) -> PanelView {
    let texts = Texts::of(panel, area);
    let (rows, cols) = (img.rows.max(1), img.cols.max(1));
    let up = panel.image_y_up.unwrap_or(false);
    let x = heatmap::axis(cols, None, Direction::Across);
    let y = heatmap::axis(rows, None, Direction::Rows { up });
    let with_bar = !img.rgb && area.w > 3.0 * BAR_ROOM;
    let (mut plot, slanted) = heatmap::place(area, &texts, (x, y), with_bar);
    plot.rect = square_pixels(plot.rect, (rows, cols));
    frame::draw_title(svg, area, &texts.title);
    let (block, values) = pixels(img);
    let colormap = Colormap::named(&img.colormap);
    write_pixels(svg, &plot, (img, up, block), &values, colormap);
    let how = AxesStyle {
        grid: false,
        slanted_x: slanted,
    };
    frame::draw_axes(svg, &plot, area, &texts, &how);
    if with_bar {
        heatmap::bar_beside(svg, &plot, (RANGE, colormap), &format!("{id}-g"));
    }
    PanelView {
        kind: "image",
        rect: plot.rect,
        x: Some(AxisView::of(&plot.x)),
        y: Some(AxisView::of(&plot.y)),
        block: Some(block),
        ..PanelView::default()
    }
}

/// The largest part of `rect` whose cells are square, centred across (a picture keeps its
/// proportions); the top edge stays where the title left it.
fn square_pixels(rect: Rect, (rows, cols): (usize, usize)) -> Rect {
    let side = (rect.w / cols as f64).min(rect.h / rows as f64);
    if !(side > 0.0 && side.is_finite()) {
        return rect;
    }
    let (w, h) = (side * cols as f64, side * rows as f64);
    Rect::new(rect.x + (rect.w - w) / 2.0, rect.y, w, h)
}

/// The drawn pixels: the block size (1 when every pixel is drawn) and each block's channel
/// values in turn (means of the finite values of its pixels; NaN when none is finite).
pub fn pixels(img: &Image) -> (usize, Vec<f64>) {
    let (rows, cols, n) = (img.rows.max(1), img.cols.max(1), img.channels());
    let count = rows.saturating_mul(cols);
    let block = ((count as f64 / MAX_CELLS as f64).sqrt().ceil() as usize).max(1);
    let mut out = Vec::new();
    for r0 in (0..rows).step_by(block) {
        for c0 in (0..cols).step_by(block) {
            for k in 0..n {
                let (sum, found) = (r0..(r0 + block).min(rows))
                    .flat_map(|r| (c0..(c0 + block).min(cols)).map(move |c| r * cols + c))
                    .filter_map(|i| img.values.get(i * n + k).copied())
                    .filter(|v| v.is_finite())
                    .fold((0.0, 0usize), |(s, m), v| (s + v, m + 1));
                out.push(if found == 0 {
                    f64::NAN
                } else {
                    sum / found as f64
                });
            }
        }
    }
    (block, out)
}

/// How far a pixel reaches under its neighbour, in SVG pixels.
const OVERLAP: f64 = 0.5;

/// A pixel's far edge `edge`, moved [`OVERLAP`] on unless it is the plot's edge `end`.
fn overlap(edge: f64, end: f64) -> f64 {
    if edge < end - 1e-6 {
        (edge + OVERLAP).min(end)
    } else {
        edge
    }
}

/// The colour of one drawn pixel from its channel values; `None` when one is missing.
fn colour(values: &[f64], colormap: Colormap) -> Option<(u8, u8, u8)> {
    if values.iter().any(|v| !v.is_finite()) {
        return None;
    }
    let byte = |v: f64| v.round().clamp(0.0, 255.0) as u8;
    match values {
        [r, g, b] => Some((byte(*r), byte(*g), byte(*b))),
        [v] => Some(colormap.at(heatmap::normalise(*v, RANGE))),
        _ => None,
    }
}

fn write_pixels(
    svg: &mut Svg,
    plot: &Plot,
    (img, up, block): (&Image, bool, usize),
    values: &[f64],
    colormap: Colormap,
) {
    let grid = (img.rows.max(1), img.cols.max(1), up);
    heatmap::open_cells(svg);
    for (i, channels) in values.chunks(img.channels()).enumerate() {
        let Some(fill) = colour(channels, colormap) else {
            continue;
        };
        let (x0, y0, x1, y1) = heatmap::cell_box(plot, grid, block, i);
        // Reach under the next pixel right and below, so no seam of background shows
        // between neighbours when the picture is scaled.
        let (x1, y1) = (
            overlap(x1, plot.rect.right()),
            overlap(y1, plot.rect.bottom()),
        );
        heatmap::cell(svg, (x0, y0, x1, y1), hex(fill));
    }
    svg.close("g");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn image(rows: usize, cols: usize, rgb: bool) -> Image {
        let n = if rgb { 3 } else { 1 };
        Image {
            rows,
            cols,
            values: (0..rows * cols * n).map(|v| (v % 256) as f64).collect(),
            rgb,
            colormap: if rgb { "rgb" } else { "gray" }.into(),
        }
    }

    #[test]
    fn small_images_draw_every_pixel_and_large_ones_blocks() {
        assert_eq!(pixels(&image(2, 2, false)), (1, vec![0.0, 1.0, 2.0, 3.0]));
        let (block, values) = pixels(&image(1, 2, true));
        assert_eq!((block, values), (1, vec![0.0, 1.0, 2.0, 3.0, 4.0, 5.0]));
        let (block, values) = pixels(&image(300, 300, true));
        assert_eq!(block, 3);
        assert!(values.len() <= 3 * MAX_CELLS);
    }

    #[test]
    fn colours_are_the_channels_or_the_colormap_over_0_to_255() {
        let grey = Colormap::named("gray");
        assert_eq!(colour(&[255.0], grey), Some((255, 255, 255)));
        assert_eq!(colour(&[0.0], grey), Some((0, 0, 0)));
        assert_eq!(colour(&[10.4, 200.6, 0.0], grey), Some((10, 201, 0)));
        assert_eq!(colour(&[f64::NAN, 1.0, 1.0], grey), None);
    }

    #[test]
    fn pixels_reach_under_their_neighbours_but_not_past_the_plot() {
        assert_eq!(overlap(10.0, 100.0), 10.5);
        assert_eq!(overlap(99.8, 100.0), 100.0);
        assert_eq!(overlap(100.0, 100.0), 100.0);
    }

    #[test]
    fn pixels_are_square_and_centred() {
        let r = square_pixels(Rect::new(0.0, 10.0, 400.0, 200.0), (2, 2));
        assert_eq!((r.x, r.y, r.w, r.h), (100.0, 10.0, 200.0, 200.0));
        let r = square_pixels(Rect::new(0.0, 0.0, 100.0, 400.0), (1, 4));
        assert_eq!((r.x, r.w, r.h), (0.0, 100.0, 25.0));
    }
}
