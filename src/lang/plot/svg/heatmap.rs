//! Heatmap panels (`imagesc`, `heatmap`): one coloured cell per matrix element with row 1 at
//! the top, row/column labels (text labels when given, 1-based indices otherwise) and a
//! colour bar on the right. Very large matrices are drawn in averaged blocks so the SVG stays
//! small.

use super::numbers::nice_step;
use super::scale::Scale;
use super::style::{self, AXIS, LABEL_SIZE, TICK_SIZE};
use super::xy::XyCoord;
use crate::lang::plot::colormap::Colormap;
use crate::lang::plot::model::{Heatmap, Panel};
use plotters::coord::Shift;
use plotters::prelude::*;

/// At most this many cells are drawn; larger matrices are averaged in square blocks.
const MAX_CELLS: usize = 16_384;
/// Width of the colour bar strip, in pixels.
const BAR_WIDTH: u32 = 96;
/// Steps of the colour bar gradient.
const BAR_STEPS: usize = 64;

/// Draw a heatmap panel into `area`.
pub(crate) fn draw<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    panel: &Panel,
    map: &Heatmap,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let (width, _) = area.dim_in_pixel();
    let range = value_range(&map.values);
    let colormap = Colormap::named(&map.colormap);
    let title = style::clean_text(&panel.title);
    let xlabel = style::clean_text(&panel.xlabel);
    if width > 3 * BAR_WIDTH {
        let (main, bar) = area.split_horizontally(width - BAR_WIDTH);
        draw_cells(&main, panel, map, range, colormap)?;
        let top = if title.is_empty() { 12 } else { 40 };
        let bottom = if xlabel.is_empty() { 42 } else { 64 };
        draw_colour_bar(&bar, range, colormap, (top, bottom))
    } else {
        draw_cells(area, panel, map, range, colormap)
    }
}

/// Finite minimum and maximum of the values, `(0, 1)` when there are none.
fn value_range(values: &[f64]) -> (f64, f64) {
    values
        .iter()
        .copied()
        .filter(|v| v.is_finite())
        .fold(None, |acc: Option<(f64, f64)>, v| {
            Some(acc.map_or((v, v), |(lo, hi)| (lo.min(v), hi.max(v))))
        })
        .unwrap_or((0.0, 1.0))
}

/// Position of `v` in `[lo, hi]` as a fraction (0.5 for a constant matrix).
fn normalise(v: f64, (lo, hi): (f64, f64)) -> f64 {
    if !v.is_finite() {
        return f64::NAN;
    }
    if hi - lo <= 0.0 || !(hi - lo).is_finite() {
        return 0.5;
    }
    ((v - lo) / (hi - lo)).clamp(0.0, 1.0)
}

fn draw_cells<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    panel: &Panel,
    map: &Heatmap,
    range: (f64, f64),
    colormap: Colormap,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let (rows, cols) = (map.rows.max(1), map.cols.max(1));
    let x = axis(cols, map.xlabels.as_deref(), false);
    let y = axis(rows, map.ylabels.as_deref(), true);
    let mut chart = cell_chart(area, panel, &x, &y)?;
    let cells = blocks(map, rows, cols)
        .into_iter()
        .map(|(r0, c0, r1, c1, v)| {
            let (red, green, blue) = colormap.at(normalise(v, range));
            let corners = [
                (c0 as f64, (rows - r0) as f64),
                (c1 as f64, (rows - r1) as f64),
            ];
            Rectangle::new(corners, style::fill(RGBColor(red, green, blue)))
        });
    chart.draw_series(cells)?;
    Ok(())
}

/// The titled chart the cells go in: one unit per cell, labelled ticks, no grid lines.
fn cell_chart<'a, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, Shift>,
    panel: &Panel,
    x: &Scale,
    y: &Scale,
) -> Result<ChartContext<'a, DB, XyCoord>, DrawingAreaErrorKind<DB::ErrorType>> {
    let title = style::clean_text(&panel.title);
    let xlabel = style::clean_text(&panel.xlabel);
    let ylabel = style::clean_text(&panel.ylabel);
    let widest = y.ticks.iter().map(|&t| y.label(t).chars().count()).max();
    let y_area = (widest.unwrap_or(1) as u32 * 8 + 14).clamp(30, 140);
    let mut builder = ChartBuilder::on(area);
    builder
        .margin(12)
        .x_label_area_size(if xlabel.is_empty() { 30 } else { 52 })
        .y_label_area_size(if ylabel.is_empty() {
            y_area
        } else {
            y_area + 26
        });
    if !title.is_empty() {
        builder.caption(&title, style::font(style::TITLE_SIZE));
    }
    let mut chart = builder.build_cartesian_2d(x.clone(), y.clone())?;
    let (x_fmt, y_fmt) = (|v: &f64| x.label(*v), |v: &f64| y.label(*v));
    let mut mesh = chart.configure_mesh();
    mesh.disable_mesh()
        .x_label_formatter(&x_fmt)
        .y_label_formatter(&y_fmt)
        .x_labels(x.ticks.len().max(1))
        .y_labels(y.ticks.len().max(1))
        .label_style(style::font(TICK_SIZE))
        .axis_desc_style(style::font(LABEL_SIZE))
        .axis_style(style::stroke(AXIS, 1));
    if !xlabel.is_empty() {
        mesh.x_desc(xlabel);
    }
    if !ylabel.is_empty() {
        mesh.y_desc(ylabel);
    }
    mesh.draw()?;
    Ok(chart)
}

/// Cells to draw as `(row0, col0, row1, col1, value)` with exclusive ends: every element, or
/// block averages (of the finite values) when the matrix has more than [`MAX_CELLS`].
fn blocks(map: &Heatmap, rows: usize, cols: usize) -> Vec<(usize, usize, usize, usize, f64)> {
    let cells = rows.saturating_mul(cols);
    let block = ((cells as f64 / MAX_CELLS as f64).sqrt().ceil() as usize).max(1);
    let mut out = Vec::new();
    for r0 in (0..rows).step_by(block) {
        let r1 = (r0 + block).min(rows);
        for c0 in (0..cols).step_by(block) {
            let c1 = (c0 + block).min(cols);
            let (sum, count) = (r0..r1)
                .flat_map(|r| (c0..c1).map(move |c| r * cols + c))
                .filter_map(|i| map.values.get(i).copied())
                .filter(|v| v.is_finite())
                .fold((0.0, 0usize), |(s, n), v| (s + v, n + 1));
            let value = if count == 0 {
                f64::NAN
            } else {
                sum / count as f64
            };
            out.push((r0, c0, r1, c1, value));
        }
    }
    out
}

/// The scale of one heatmap axis over `n` cells: text labels at the cell centres, or 1-based
/// indices thinned to about ten. Rows run downwards, so row 1 sits at the top.
fn axis(n: usize, names: Option<&[String]>, rows: bool) -> Scale {
    let centre = |i: usize| {
        if rows {
            (n - i) as f64 - 0.5
        } else {
            i as f64 + 0.5
        }
    };
    let ticks: Vec<(f64, String)> = match names {
        Some(names) if names.len() == n => {
            let stride = n.div_ceil(40).max(1);
            names
                .iter()
                .enumerate()
                .step_by(stride)
                .map(|(i, name)| (centre(i), style::clean_text(name)))
                .collect()
        }
        _ => {
            let stride = nice_step(n as f64 / 10.0).max(1.0) as usize;
            let mut picks: Vec<usize> = (stride..=n).step_by(stride).map(|k| k - 1).collect();
            if stride > 1 || picks.is_empty() {
                picks.insert(0, 0);
            }
            picks.dedup();
            picks
                .into_iter()
                .map(|i| (centre(i), (i + 1).to_string()))
                .collect()
        }
    };
    let mut sorted = ticks;
    sorted.sort_by(|a, b| a.0.total_cmp(&b.0));
    Scale::named(0.0, n as f64, sorted)
}

/// The colour bar: a vertical gradient from the minimum (bottom) to the maximum (top), with
/// ticks on its right. `margins` are the top and bottom insets matching the cell chart.
fn draw_colour_bar<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    range: (f64, f64),
    colormap: Colormap,
    (top, bottom): (u32, u32),
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let scale = Scale::linear(range.0, range.1);
    let mut chart = ChartBuilder::on(area)
        .margin_top(top)
        .margin_bottom(bottom)
        .margin_left(6)
        .margin_right(4)
        .set_label_area_size(LabelAreaPosition::Right, 62)
        .build_cartesian_2d(Scale::named(0.0, 1.0, Vec::new()), scale.clone())?;
    let fmt = |v: &f64| scale.label(*v);
    chart
        .configure_mesh()
        .disable_mesh()
        .disable_x_axis()
        .y_label_formatter(&fmt)
        .y_labels(scale.ticks.len().max(1))
        .label_style(style::font(TICK_SIZE))
        .axis_style(style::stroke(AXIS, 1))
        .draw()?;
    let span = scale.hi - scale.lo;
    let steps = (0..BAR_STEPS).map(|k| {
        let lo = scale.lo + span * k as f64 / BAR_STEPS as f64;
        let hi = scale.lo + span * (k + 1) as f64 / BAR_STEPS as f64;
        let (r, g, b) = colormap.at(normalise((lo + hi) / 2.0, range));
        Rectangle::new([(0.0, lo), (1.0, hi)], style::fill(RGBColor(r, g, b)))
    });
    chart.draw_series(steps)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn heatmap(rows: usize, cols: usize) -> Heatmap {
        Heatmap {
            rows,
            cols,
            values: (0..rows * cols).map(|v| v as f64).collect(),
            xlabels: None,
            ylabels: None,
            colormap: "viridis".into(),
        }
    }

    #[test]
    fn ranges_ignore_non_finite_values() {
        assert_eq!(
            value_range(&[f64::NAN, 2.0, -1.0, f64::INFINITY]),
            (-1.0, 2.0)
        );
        assert_eq!(value_range(&[]), (0.0, 1.0));
        assert_eq!(normalise(3.0, (3.0, 3.0)), 0.5);
        assert!(normalise(f64::NAN, (0.0, 1.0)).is_nan());
        assert_eq!(normalise(2.0, (0.0, 1.0)), 1.0);
    }

    #[test]
    fn small_matrices_draw_every_cell_and_large_ones_blocks() {
        assert_eq!(blocks(&heatmap(3, 4), 3, 4).len(), 12);
        let big = heatmap(300, 300);
        let cells = blocks(&big, 300, 300);
        assert!(cells.len() <= MAX_CELLS, "{}", cells.len());
        let (_, _, r1, c1, v) = cells[0];
        assert_eq!((r1, c1), (3, 3));
        assert_eq!(
            v,
            (0.0 + 1.0 + 2.0 + 300.0 + 301.0 + 302.0 + 600.0 + 601.0 + 602.0) / 9.0
        );
    }

    #[test]
    fn row_one_is_at_the_top_and_labels_are_used_when_they_fit() {
        let names: Vec<String> = ["a", "b", "c"].iter().map(|s| s.to_string()).collect();
        let rows = axis(3, Some(&names), true);
        assert_eq!(rows.label(2.5), "a");
        assert_eq!(rows.label(0.5), "c");
        let cols = axis(3, Some(&names[..2]), false);
        assert_eq!(
            cols.label(0.5),
            "1",
            "mismatched labels fall back to indices"
        );
        let many = axis(64, None, false);
        assert!(many.ticks.len() <= 12, "{:?}", many.ticks);
        assert_eq!(many.label(0.5), "1");
    }
}
