//! Heatmap panels (`imagesc`, `heatmap`): one coloured cell per matrix element with row 1 at
//! the top (at the bottom under `axis("xy")`), row/column labels (text labels when given, 1-based indices otherwise; column
//! names slanted when they do not fit under their cells) and a colour bar on the right.
//! Very large matrices are drawn in averaged blocks so the SVG stays small. The colormap's
//! colours are data: they are the same in every theme. Series held over a heatmap (`quiver`,
//! `contour`, …) are drawn on its cells.

use super::frame::{self, AxesStyle, PAD, Texts};
use super::numbers::nice_step;
use super::scale::Scale;
use super::style::{AXIS, TICK_SIZE};
use super::text;
use super::view::{AxisView, PanelView, Plot, Rect};
use super::writer::{Svg, hex};
use super::{series, xy};
use crate::plot::colormap::Colormap;
use crate::plot::model::{Heatmap, Panel};

/// At most this many cells are drawn; larger matrices are averaged in square blocks.
const MAX_CELLS: usize = 16_384;
/// Room on the right for the colour bar and its labels.
pub(super) const BAR_ROOM: f64 = 92.0;
/// Width of the colour bar strip.
const BAR_WIDTH: f64 = 16.0;
/// Stops of the colour bar gradient.
const BAR_STOPS: usize = 16;

/// Draw a heatmap panel into `area`; `id` prefixes the ids of its gradient.
pub(crate) fn draw(svg: &mut Svg, area: Rect, panel: &Panel, map: &Heatmap, id: &str) -> PanelView {
    let texts = Texts::of(panel, area);
    let range = value_range(&map.values);
    let colormap = Colormap::named(&map.colormap);
    let (rows, cols) = (map.rows.max(1), map.cols.max(1));
    let up = panel.image_y_up.unwrap_or(false);
    let (x, y) = match map.extent {
        Some([x1, xn, y1, ym]) if map.xlabels.is_none() && map.ylabels.is_none() => (
            placed_axis(cols, (x1, xn), Direction::Across),
            placed_axis(rows, (y1, ym), Direction::Rows { up }),
        ),
        _ => (
            axis(cols, map.xlabels.as_deref(), Direction::Across),
            axis(rows, map.ylabels.as_deref(), Direction::Rows { up }),
        ),
    };
    let with_bar = area.w > 3.0 * BAR_ROOM;
    let (plot, slanted) = place(area, &texts, (x, y), with_bar);
    frame::draw_title(svg, area, &texts.title);
    let (block, cells) = cells(map);
    write_cells(
        svg,
        &plot,
        (rows, cols, up),
        block,
        &cells,
        (range, colormap),
    );
    if !panel.series.is_empty() {
        overlay(svg, &plot, panel, (rows, cols, up), &format!("{id}-c"));
    }
    let how = AxesStyle {
        grid: false,
        slanted_x: slanted,
    };
    frame::draw_axes(svg, &plot, area, &texts, &how);
    if with_bar {
        bar_beside(svg, &plot, (range, colormap), &format!("{id}-g"));
    }
    PanelView {
        kind: "heatmap",
        rect: plot.rect,
        x: Some(AxisView::of(&plot.x)),
        y: Some(AxisView::of(&plot.y)),
        block: Some(block),
        ..PanelView::default()
    }
}

/// Where the cells go in `area`, left of the colour bar's room when `with_bar`: the plot
/// on the `x` and `y` cell scales, and whether the column labels are slanted.
pub(super) fn place(
    area: Rect,
    texts: &Texts,
    (x, y): (Scale, Scale),
    with_bar: bool,
) -> (Plot, bool) {
    let left = texts.left(&y.labels());
    let width = area.w - left - PAD - if with_bar { BAR_ROOM } else { 0.0 };
    let slanted = widest(&x) > width / x.ticks.len().max(1) as f64 - 6.0;
    let top = texts.top();
    let height = area.h - top - texts.bottom(frame::x_tick_height(&x, slanted));
    let plot = Plot {
        rect: Rect::new(area.x + left, area.y + top, width, height),
        x,
        y,
    };
    (plot, slanted)
}

/// The colour bar of `range` right of the plot; `id` names its gradient.
pub(super) fn bar_beside(
    svg: &mut Svg,
    plot: &Plot,
    (range, colormap): ((f64, f64), Colormap),
    id: &str,
) {
    let bar = Rect::new(
        plot.rect.right() + 14.0,
        plot.rect.y,
        BAR_WIDTH,
        plot.rect.h,
    );
    colour_bar(svg, bar, range, colormap, id);
}

fn widest(scale: &Scale) -> f64 {
    scale
        .labels()
        .iter()
        .map(|l| text::width(l, TICK_SIZE))
        .fold(0.0, f64::max)
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
pub(super) fn normalise(v: f64, (lo, hi): (f64, f64)) -> f64 {
    if !v.is_finite() {
        return f64::NAN;
    }
    if hi - lo <= 0.0 || !(hi - lo).is_finite() {
        return 0.5;
    }
    ((v - lo) / (hi - lo)).clamp(0.0, 1.0)
}

/// The drawn cells: the block size (1 when every element is drawn) and the value of each
/// block, row-major (the mean of its finite elements, NaN when it has none).
pub fn cells(map: &Heatmap) -> (usize, Vec<f64>) {
    let (rows, cols) = (map.rows.max(1), map.cols.max(1));
    let count = rows.saturating_mul(cols);
    let block = ((count as f64 / MAX_CELLS as f64).sqrt().ceil() as usize).max(1);
    let mut out = Vec::new();
    for r0 in (0..rows).step_by(block) {
        for c0 in (0..cols).step_by(block) {
            let (sum, n) = (r0..(r0 + block).min(rows))
                .flat_map(|r| (c0..(c0 + block).min(cols)).map(move |c| r * cols + c))
                .filter_map(|i| map.values.get(i).copied())
                .filter(|v| v.is_finite())
                .fold((0.0, 0usize), |(s, n), v| (s + v, n + 1));
            out.push(if n == 0 { f64::NAN } else { sum / n as f64 });
        }
    }
    (block, out)
}

fn write_cells(
    svg: &mut Svg,
    plot: &Plot,
    grid: (usize, usize, bool),
    block: usize,
    values: &[f64],
    (range, colormap): ((f64, f64), Colormap),
) {
    open_cells(svg);
    for (i, &v) in values.iter().enumerate() {
        if !v.is_finite() {
            continue;
        }
        let fill = hex(colormap.at(normalise(v, range)));
        cell(svg, cell_box(plot, grid, block, i), fill);
    }
    svg.close("g");
}

/// Open the group of a grid's cells (drawn edge to edge, without anti-aliased seams).
pub(super) fn open_cells(svg: &mut Svg) {
    svg.open(
        "g",
        &[
            ("class", "rlf-cells".into()),
            ("shape-rendering", "crispEdges".into()),
        ],
    );
}

/// Where cell `i` of a `rows×cols` grid drawn in blocks of `block` (row 1 at the top unless
/// `up`) lies on the plot: its left, top, right and bottom edges in pixels.
pub(super) fn cell_box(
    plot: &Plot,
    (rows, cols, up): (usize, usize, bool),
    block: usize,
    i: usize,
) -> (f64, f64, f64, f64) {
    let per_row = cols.div_ceil(block);
    let (r0, c0) = ((i / per_row) * block, (i % per_row) * block);
    let (r1, c1) = ((r0 + block).min(rows), (c0 + block).min(cols));
    let row_edge = |r: usize| if up { r as f64 } else { (rows - r) as f64 };
    let (x0, ya) = plot.px((c0 as f64, row_edge(r0)));
    let (x1, yb) = plot.px((c1 as f64, row_edge(r1)));
    (x0, ya.min(yb), x1, ya.max(yb))
}

/// One cell: the rectangle `(x0, y0, x1, y1)` filled with `fill`.
pub(super) fn cell(svg: &mut Svg, (x0, y0, x1, y1): (f64, f64, f64, f64), fill: String) {
    svg.leaf(
        "rect",
        &[
            ("x", x0.into()),
            ("y", y0.into()),
            ("width", (x1 - x0).into()),
            ("height", (y1 - y0).into()),
            ("fill", fill.into()),
        ],
    );
}

/// Which way an axis's cells run.
#[derive(Clone, Copy)]
pub(super) enum Direction {
    /// Columns, left to right.
    Across,
    /// Rows: downwards (row 1 at the top, `axis("ij")`) unless `up` (`axis("xy")`).
    Rows { up: bool },
}

/// The scale of one heatmap axis over `n` cells: text labels at the cell centres, or 1-based
/// indices thinned to about ten.
pub(super) fn axis(n: usize, names: Option<&[String]>, direction: Direction) -> Scale {
    let centre = |i: usize| match direction {
        Direction::Rows { up: false } => (n - i) as f64 - 0.5,
        _ => i as f64 + 0.5,
    };
    let ticks: Vec<(f64, String)> = match names {
        Some(names) if names.len() == n => {
            let stride = n.div_ceil(40).max(1);
            names
                .iter()
                .enumerate()
                .step_by(stride)
                .map(|(i, name)| (centre(i), text::clean(name)))
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

/// The panel's series drawn over the cells (`hold on` with `quiver`, `contour`, …), in the
/// heatmap's coordinates: its extent when an overlay gave one, else x = column and y = row,
/// 1-based at the cell centres; rows run as the cells do.
fn overlay(svg: &mut Svg, plot: &Plot, panel: &Panel, shape: (usize, usize, bool), id: &str) {
    let (rows, cols, up) = shape;
    let Some(map) = &panel.heatmap else {
        return;
    };
    let [x1, xn, y1, ym] = map.extent.unwrap_or([1.0, cols as f64, 1.0, rows as f64]);
    let to_cells = |v: f64, (a, b): (f64, f64), n: usize| {
        if n < 2 || a == b {
            v - a + 1.0
        } else {
            1.0 + (v - a) / (b - a) * (n - 1) as f64
        }
    };
    let mut placed = panel.clone();
    for s in &mut placed.series {
        s.x.iter_mut()
            .for_each(|x| *x = to_cells(*x, (x1, xn), cols));
        s.y.iter_mut().for_each(|y| {
            let row = to_cells(*y, (y1, ym), rows);
            *y = if up { row } else { rows as f64 + 1.0 - row };
        });
    }
    let cells = Plot {
        rect: plot.rect,
        x: Scale::named(0.5, cols as f64 + 0.5, Vec::new()),
        y: Scale::named(0.5, rows as f64 + 0.5, Vec::new()),
    };
    let drawn = series::marks(&placed, &cells);
    xy::open_clipped(svg, &cells.rect, id);
    series::write(svg, &drawn);
    svg.close("g");
}

/// The scale of an axis whose `n` cell centres run from `a` (the first) to `b` (the last) in
/// data units: round data values as ticks, each at its place among the cells.
fn placed_axis(n: usize, (a, b): (f64, f64), direction: Direction) -> Scale {
    if n < 2 || a == b || !(a.is_finite() && b.is_finite()) {
        return axis(n, None, direction);
    }
    let data = Scale::linear(a.min(b), a.max(b), 7);
    let at = |v: f64| {
        let index = (v - a) / (b - a) * (n - 1) as f64;
        match direction {
            Direction::Rows { up: false } => n as f64 - 0.5 - index,
            _ => index + 0.5,
        }
    };
    let mut ticks: Vec<(f64, String)> = data
        .ticks
        .iter()
        .map(|&v| (at(v), data.label(v)))
        .filter(|(p, _)| (0.0..=n as f64).contains(p))
        .collect();
    ticks.sort_by(|p, q| p.0.total_cmp(&q.0));
    Scale::named(0.0, n as f64, ticks)
}

/// The colour bar: a vertical gradient from the minimum (bottom) to the maximum (top) in
/// `bar`, with ticks on its right.
fn colour_bar(svg: &mut Svg, bar: Rect, range: (f64, f64), colormap: Colormap, id: &str) {
    let scale = Scale::linear(range.0, range.1, ((bar.h / 40.0) as usize).clamp(2, 6));
    svg.open(
        "linearGradient",
        &[
            ("id", id.into()),
            ("x1", "0".into()),
            ("y1", "1".into()),
            ("x2", "0".into()),
            ("y2", "0".into()),
        ],
    );
    for k in 0..=BAR_STOPS {
        let f = k as f64 / BAR_STOPS as f64;
        let value = scale.lo + (scale.hi - scale.lo) * f;
        let colour = hex(colormap.at(normalise(value, range)));
        svg.leaf(
            "stop",
            &[("offset", f.into()), ("stop-color", colour.into())],
        );
    }
    svg.close("linearGradient");
    svg.leaf(
        "rect",
        &[
            ("class", AXIS.class.into()),
            ("x", bar.x.into()),
            ("y", bar.y.into()),
            ("width", bar.w.into()),
            ("height", bar.h.into()),
            ("fill", format!("url(#{id})").into()),
            ("stroke", AXIS.light.into()),
        ],
    );
    let plot = Plot {
        rect: Rect::new(bar.right(), bar.y, 0.0, bar.h),
        x: Scale::linear(0.0, 1.0, 2),
        y: scale,
    };
    frame::side_ticks(svg, &plot);
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
            extent: None,
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
        assert_eq!(cells(&heatmap(3, 4)), (1, (0..12).map(f64::from).collect()));
        let (block, values) = cells(&heatmap(300, 300));
        assert!(values.len() <= MAX_CELLS, "{}", values.len());
        assert_eq!(block, 3);
        assert_eq!(
            values[0],
            (0.0 + 1.0 + 2.0 + 300.0 + 301.0 + 302.0 + 600.0 + 601.0 + 602.0) / 9.0
        );
    }

    #[test]
    fn row_one_is_at_the_top_and_labels_are_used_when_they_fit() {
        let names: Vec<String> = ["a", "b", "c"].iter().map(|s| s.to_string()).collect();
        let rows = axis(3, Some(&names), Direction::Rows { up: false });
        assert_eq!(rows.label(2.5), "a");
        assert_eq!(rows.label(0.5), "c");
        let cols = axis(3, Some(&names[..2]), Direction::Across);
        assert_eq!(
            cols.label(0.5),
            "1",
            "mismatched labels fall back to indices"
        );
        let many = axis(64, None, Direction::Across);
        let placed = placed_axis(21, (-1.0, 1.0), Direction::Across);
        assert_eq!(
            placed.label(10.5),
            "0.0",
            "the centre cell of -1..1 is at 0"
        );
        let down = placed_axis(5, (0.0, 4.0), Direction::Rows { up: false });
        assert_eq!(down.label(4.5), "0", "row 1 (y = 0) is at the top");
        let up = axis(3, Some(&names), Direction::Rows { up: true });
        assert_eq!(up.label(0.5), "a", "axis(\"xy\") puts row 1 at the bottom");
        assert!(many.ticks.len() <= 12, "{:?}", many.ticks);
        assert_eq!(many.label(0.5), "1");
    }
}
