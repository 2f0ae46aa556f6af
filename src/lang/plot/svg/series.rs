//! Drawing the series of a 2-D panel: lines (solid, dashed, dotted), scatter markers, bars
//! (grouped side by side), histogram steps, stems and labelled horizontal reference lines.
//! Everything is mapped to plot space by the panel's scales and clipped to the view first.

use super::clip::{self, Point, View};
use super::scale::Scale;
use super::style::{self, LINE_WIDTH, TICK_SIZE};
use super::xy::XyCoord;
use crate::lang::plot::model::{LineStyle, Panel, Series, SeriesKind};
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

type Chart<'a, 'b, DB> = &'b mut ChartContext<'a, DB, XyCoord>;
type DrawResult<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// Draw every series of `panel`; returns true when some series got a legend entry.
pub(crate) fn draw_all<'a, DB: DrawingBackend + 'a>(
    chart: Chart<'a, '_, DB>,
    panel: &Panel,
    x: &Scale,
    y: &Scale,
    view: &View,
) -> Result<bool, DrawingAreaErrorKind<DB::ErrorType>> {
    let mut labelled = false;
    for s in &panel.series {
        let label = style::clean_text(&s.label);
        let legend = (panel.legend && !label.is_empty()).then_some(label.as_str());
        labelled |= legend.is_some();
        let color = style::series_rgb(s.color);
        match s.kind {
            SeriesKind::Line => {
                let paths = clip::visible_paths(&points(s, x, y), view);
                draw_paths(chart, paths, color, s.style, legend)?;
            }
            SeriesKind::Scatter => draw_scatter(chart, s, x, y, view, color, legend)?,
            SeriesKind::Bar { group, groups } => {
                draw_bars(chart, s, (group, groups), y, view, color, legend)?
            }
            SeriesKind::Step => draw_step(chart, s, y, view, color, legend)?,
            SeriesKind::Stem => draw_stems(chart, s, x, y, view, color, legend)?,
            SeriesKind::HLine => draw_hline(chart, s, y, view, color, &label, legend)?,
        }
    }
    Ok(labelled)
}

/// The series' points in plot space (`None` where a point cannot be drawn).
fn points(s: &Series, x: &Scale, y: &Scale) -> Vec<Option<Point>> {
    s.x.iter()
        .zip(&s.y)
        .map(|(&px, &py)| Some((x.to_plot(px)?, y.to_plot(py)?)))
        .collect()
}

/// The y of a bar's or stem's base: zero, or the bottom of a log axis.
fn baseline(y: &Scale, view: &View) -> f64 {
    if y.log { view.y0 } else { view.clamp_y(0.0) }
}

fn draw_paths<'a, DB: DrawingBackend + 'a>(
    chart: Chart<'a, '_, DB>,
    paths: Vec<Vec<Point>>,
    color: RGBColor,
    line: LineStyle,
    legend: Option<&str>,
) -> DrawResult<DB> {
    let st = style::stroke(color, LINE_WIDTH);
    let anno = match line {
        LineStyle::Solid => {
            chart.draw_series(paths.into_iter().map(|p| PathElement::new(p, st)))?
        }
        LineStyle::Dashed => chart.draw_series(
            paths
                .into_iter()
                .map(|p| DashedPathElement::new(p, 9, 5, st)),
        )?,
        LineStyle::Dotted => chart.draw_series(
            paths
                .into_iter()
                .map(|p| DashedPathElement::new(p, 2, 4, st)),
        )?,
    };
    if let Some(label) = legend {
        anno.label(label)
            .legend(move |(lx, ly)| legend_line(lx, ly, st, line));
    }
    Ok(())
}

/// A short sample of a line style for the legend: three pieces, joined when solid.
fn legend_line<'a, DB: DrawingBackend + 'a>(
    x: i32,
    y: i32,
    st: ShapeStyle,
    line: LineStyle,
) -> impl IntoDynElement<'a, DB, (i32, i32)> {
    let pieces: [(i32, i32); 3] = match line {
        LineStyle::Solid => [(0, 8), (8, 16), (16, 24)],
        LineStyle::Dashed => [(0, 6), (9, 15), (18, 24)],
        LineStyle::Dotted => [(0, 2), (11, 13), (22, 24)],
    };
    let piece = move |(a, b): (i32, i32)| PathElement::new(vec![(a, 0), (b, 0)], st);
    EmptyElement::at((x, y)) + piece(pieces[0]) + piece(pieces[1]) + piece(pieces[2])
}

fn draw_scatter<'a, DB: DrawingBackend + 'a>(
    chart: Chart<'a, '_, DB>,
    s: &Series,
    x: &Scale,
    y: &Scale,
    view: &View,
    color: RGBColor,
    legend: Option<&str>,
) -> DrawResult<DB> {
    let visible: Vec<Point> = points(s, x, y)
        .into_iter()
        .flatten()
        .filter(|p| view.contains(*p))
        .collect();
    let marker = style::fill(color);
    let anno = chart.draw_series(visible.into_iter().map(|p| Circle::new(p, 4, marker)))?;
    if let Some(label) = legend {
        anno.label(label)
            .legend(move |(lx, ly)| Circle::new((lx + 12, ly), 4, marker));
    }
    Ok(())
}

/// The width of one x slot for bars: the smallest gap between distinct x values, or 1.
pub(crate) fn bar_slot(xs: &[f64]) -> f64 {
    let mut sorted: Vec<f64> = xs.iter().copied().filter(|x| x.is_finite()).collect();
    sorted.sort_by(f64::total_cmp);
    sorted
        .windows(2)
        .map(|w| w[1] - w[0])
        .filter(|gap| *gap > 1e-12)
        .fold(None, |best: Option<f64>, gap| {
            Some(best.map_or(gap, |b| b.min(gap)))
        })
        .unwrap_or(1.0)
}

fn draw_bars<'a, DB: DrawingBackend + 'a>(
    chart: Chart<'a, '_, DB>,
    s: &Series,
    (group, groups): (usize, usize),
    y: &Scale,
    view: &View,
    color: RGBColor,
    legend: Option<&str>,
) -> DrawResult<DB> {
    let groups = groups.max(1);
    let slot = bar_slot(&s.x);
    let width = slot * 0.8 / groups as f64;
    let offset = (group as f64 - (groups as f64 - 1.0) / 2.0) * width;
    let base = baseline(y, view);
    let rects: Vec<[Point; 2]> =
        s.x.iter()
            .zip(&s.y)
            .filter_map(|(&bx, &by)| {
                let top = view.clamp_y(y.to_plot(by)?);
                let centre = bx + offset;
                let left = view.clamp_x(centre - width / 2.0);
                let right = view.clamp_x(centre + width / 2.0);
                (centre.is_finite() && right > left).then_some([(left, base), (right, top)])
            })
            .collect();
    let body = style::fill(color);
    let edge = style::stroke(style::BACKGROUND, 1);
    chart.draw_series(rects.iter().map(|r| Rectangle::new(*r, body)))?;
    // A thin light edge keeps neighbouring bars of one colour apart.
    let anno = chart.draw_series(rects.into_iter().map(|r| Rectangle::new(r, edge)))?;
    if let Some(label) = legend {
        anno.label(label)
            .legend(move |(lx, ly)| Rectangle::new([(lx + 4, ly - 6), (lx + 20, ly + 6)], body));
    }
    Ok(())
}

/// Bin edges of a histogram whose bin centres are `centres` (equal widths).
pub(crate) fn step_edges(centres: &[f64]) -> Vec<f64> {
    let n = centres.len();
    let (Some(&first), Some(&last)) = (centres.first(), centres.last()) else {
        return Vec::new();
    };
    let width = if n >= 2 {
        (last - first) / (n - 1) as f64
    } else {
        1.0
    };
    let start = first - width / 2.0;
    (0..=n).map(|k| start + k as f64 * width).collect()
}

fn draw_step<'a, DB: DrawingBackend + 'a>(
    chart: Chart<'a, '_, DB>,
    s: &Series,
    y: &Scale,
    view: &View,
    color: RGBColor,
    legend: Option<&str>,
) -> DrawResult<DB> {
    let edges = step_edges(&s.x);
    let base = baseline(y, view);
    let level = |count: f64| y.to_plot(count).map(|p| view.clamp_y(p));
    let mut outline: Vec<Option<Point>> = Vec::new();
    let mut bins: Vec<[Point; 2]> = Vec::new();
    for (k, &count) in s.y.iter().enumerate() {
        let (Some(&left), Some(&right)) = (edges.get(k), edges.get(k + 1)) else {
            break;
        };
        let top = level(count).unwrap_or(base);
        if k == 0 {
            outline.push(Some((left, base)));
        }
        outline.extend([Some((left, top)), Some((right, top))]);
        bins.push([(view.clamp_x(left), base), (view.clamp_x(right), top)]);
    }
    if let Some(&right) = edges.get(s.y.len()) {
        outline.push(Some((right, base)));
    }
    let shade = style::fill(RGBColor(color.0, color.1, color.2))
        .color
        .mix(0.25)
        .filled();
    chart.draw_series(bins.into_iter().map(|b| Rectangle::new(b, shade)))?;
    let paths = clip::visible_paths(&outline, view);
    draw_paths(chart, paths, color, s.style, legend)
}

fn draw_stems<'a, DB: DrawingBackend + 'a>(
    chart: Chart<'a, '_, DB>,
    s: &Series,
    x: &Scale,
    y: &Scale,
    view: &View,
    color: RGBColor,
    legend: Option<&str>,
) -> DrawResult<DB> {
    let base = baseline(y, view);
    let tips: Vec<Point> = points(s, x, y)
        .into_iter()
        .flatten()
        .filter(|p| view.contains(*p))
        .collect();
    let st = style::stroke(color, LINE_WIDTH);
    chart.draw_series(
        tips.iter()
            .map(|&(px, py)| PathElement::new(vec![(px, base), (px, py)], st)),
    )?;
    draw_scatter_points(chart, tips, color, legend)
}

fn draw_scatter_points<'a, DB: DrawingBackend + 'a>(
    chart: Chart<'a, '_, DB>,
    tips: Vec<Point>,
    color: RGBColor,
    legend: Option<&str>,
) -> DrawResult<DB> {
    let marker = style::fill(color);
    let anno = chart.draw_series(tips.into_iter().map(|p| Circle::new(p, 4, marker)))?;
    if let Some(label) = legend {
        anno.label(label)
            .legend(move |(lx, ly)| Circle::new((lx + 12, ly), 4, marker));
    }
    Ok(())
}

/// A dashed line across the whole view at the series' y value, its label above its left end.
fn draw_hline<'a, DB: DrawingBackend + 'a>(
    chart: Chart<'a, '_, DB>,
    s: &Series,
    y: &Scale,
    view: &View,
    color: RGBColor,
    label: &str,
    legend: Option<&str>,
) -> DrawResult<DB> {
    let level =
        s.y.first()
            .and_then(|&v| y.to_plot(v))
            .filter(|p| view.contains((view.x0, *p)));
    let paths: Vec<Vec<Point>> = level
        .map(|p| vec![(view.x0, p), (view.x1, p)])
        .into_iter()
        .collect();
    draw_paths(chart, paths, color, LineStyle::Dashed, legend)?;
    if let Some(p) = level
        && !label.is_empty()
    {
        // At the left end: the legend usually occupies the upper right corner.
        let anchor = Pos::new(HPos::Left, VPos::Bottom);
        let text_style = style::font_colored(TICK_SIZE, color).pos(anchor);
        let at = (
            view.x0 + (view.x1 - view.x0) * 0.01,
            p + (view.y1 - view.y0) * 0.01,
        );
        chart.draw_series(std::iter::once(Text::new(
            label.to_string(),
            at,
            text_style,
        )))?;
    }
    Ok(())
}
