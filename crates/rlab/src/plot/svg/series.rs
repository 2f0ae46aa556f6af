//! The series of a 2-D panel as marks in pixels: lines (solid, dashed, dotted), scatter
//! markers, bars (grouped side by side), histogram steps, stems, labelled horizontal
//! reference lines, contour lines, quiver arrows and streamlines (their arrowheads in
//! [`arrows`]). Data is mapped to plot space by the panel's scales and clipped to the view first, so nothing spills over axes or other panels.
//!
//! The marks are computed once and used twice: to find where the legend covers no data, and
//! to write the SVG. Each series becomes `<g class="rlf-series rlf-s<k>" color="…">` whose
//! shapes paint with `currentColor`.

use super::arrows;
use super::clip::{self, Point, View};
use super::style::{self, LINE_WIDTH, MARKER_RADIUS, SeriesPaint, TICK_SIZE};
use super::view::{Plot, Rect};
use super::writer::{Svg, path_data};
use crate::plot::model::{LineStyle, Panel, Series, SeriesKind};

/// One drawn shape, in pixels.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Mark {
    Line(Vec<Point>, LineStyle),
    Bar(Rect),
    /// A histogram bin's light fill.
    Shade(Rect),
    Dot(Point),
    /// Text at its baseline start.
    Label(Point, String),
    /// A filled arrowhead with its point at the first point, pointing away from the second;
    /// sized by the distance between them when the flag is set (quiver shafts), else fixed.
    Head(Point, Point, bool),
}

/// What a series' legend entry shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Sample {
    Line(LineStyle),
    Dot,
    Box,
}

/// A series ready to write: its index in the panel, colour, legend text and marks.
pub(crate) struct Drawn {
    pub index: usize,
    pub paint: SeriesPaint,
    pub legend: Option<String>,
    pub sample: Sample,
    pub marks: Vec<Mark>,
}

/// The marks of every series of `panel`.
pub(crate) fn marks(panel: &Panel, plot: &Plot) -> Vec<Drawn> {
    let view = View {
        x0: plot.x.lo,
        x1: plot.x.hi,
        y0: plot.y.lo,
        y1: plot.y.hi,
    };
    panel
        .series
        .iter()
        .enumerate()
        .map(|(index, s)| {
            let label = super::text::clean(&s.label);
            let (marks, sample) = series_marks(s, plot, &view, &label);
            Drawn {
                index,
                paint: style::series_paint(s.color),
                legend: (panel.legend && !label.is_empty()).then_some(label),
                sample,
                marks: marks.into_iter().map(|m| to_pixels(m, plot)).collect(),
            }
        })
        .collect()
}

/// Marks in plot space, and the legend sample.
fn series_marks(s: &Series, plot: &Plot, view: &View, label: &str) -> (Vec<Mark>, Sample) {
    let line = |paths: Vec<Vec<Point>>, st| paths.into_iter().map(|p| Mark::Line(p, st)).collect();
    match s.kind {
        SeriesKind::Line | SeriesKind::Guide => {
            let paths = clip::visible_paths(&points(s, plot), view);
            (line(paths, s.style), Sample::Line(s.style))
        }
        SeriesKind::Scatter => (dots(s, plot, view), Sample::Dot),
        SeriesKind::Bar { group, groups } => (bars(s, (group, groups), plot, view), Sample::Box),
        SeriesKind::Step => (step(s, plot, view), Sample::Line(s.style)),
        SeriesKind::Stem => {
            let base = baseline(plot, view);
            let tips = dots(s, plot, view);
            let mut marks: Vec<Mark> = tips
                .iter()
                .filter_map(|m| match m {
                    Mark::Dot((x, y)) => Some(Mark::Line(vec![(*x, base), (*x, *y)], s.style)),
                    _ => None,
                })
                .collect();
            marks.extend(tips);
            (marks, Sample::Dot)
        }
        SeriesKind::HLine => (hline(s, plot, view, label), Sample::Line(LineStyle::Dashed)),
        SeriesKind::Contour { .. } => {
            let paths = clip::visible_paths(&points(s, plot), view);
            (line(paths, s.style), Sample::Line(s.style))
        }
        SeriesKind::Arrows { .. } => (
            arrows::quiver(&points(s, plot), view),
            Sample::Line(s.style),
        ),
        SeriesKind::Streamline => {
            let paths = clip::visible_paths(&points(s, plot), view);
            let mut marks = arrows::midpoint_heads(&paths);
            marks.splice(0..0, line(paths, s.style));
            (marks, Sample::Line(s.style))
        }
    }
}

/// The series' points in plot space (`None` where a point cannot be drawn).
fn points(s: &Series, plot: &Plot) -> Vec<Option<Point>> {
    s.x.iter()
        .zip(&s.y)
        .map(|(&px, &py)| Some((plot.x.to_plot(px)?, plot.y.to_plot(py)?)))
        .collect()
}

/// The y of a bar's or stem's base: zero, or the bottom of a log axis.
fn baseline(plot: &Plot, view: &View) -> f64 {
    if plot.y.log {
        view.y0
    } else {
        view.clamp_y(0.0)
    }
}

fn dots(s: &Series, plot: &Plot, view: &View) -> Vec<Mark> {
    points(s, plot)
        .into_iter()
        .flatten()
        .filter(|p| view.contains(*p))
        .map(Mark::Dot)
        .collect()
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

fn bars(s: &Series, (group, groups): (usize, usize), plot: &Plot, view: &View) -> Vec<Mark> {
    let groups = groups.max(1);
    let width = bar_slot(&s.x) * 0.8 / groups as f64;
    let offset = (group as f64 - (groups as f64 - 1.0) / 2.0) * width;
    let base = baseline(plot, view);
    s.x.iter()
        .zip(&s.y)
        .filter_map(|(&bx, &by)| {
            let top = view.clamp_y(plot.y.to_plot(by)?);
            let centre = bx + offset;
            let left = view.clamp_x(centre - width / 2.0);
            let right = view.clamp_x(centre + width / 2.0);
            (centre.is_finite() && right > left).then(|| Mark::Bar(span(left, base, right, top)))
        })
        .collect()
}

/// A plot-space rectangle from two corners (mapped to pixels later).
fn span(x0: f64, y0: f64, x1: f64, y1: f64) -> Rect {
    Rect {
        x: x0,
        y: y0,
        w: x1 - x0,
        h: y1 - y0,
    }
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

fn step(s: &Series, plot: &Plot, view: &View) -> Vec<Mark> {
    let edges = step_edges(&s.x);
    let base = baseline(plot, view);
    let mut outline: Vec<Option<Point>> = Vec::new();
    let mut marks = Vec::new();
    for (k, &count) in s.y.iter().enumerate() {
        let (Some(&left), Some(&right)) = (edges.get(k), edges.get(k + 1)) else {
            break;
        };
        let top = plot.y.to_plot(count).map_or(base, |p| view.clamp_y(p));
        if k == 0 {
            outline.push(Some((left, base)));
        }
        outline.extend([Some((left, top)), Some((right, top))]);
        let (l, r) = (view.clamp_x(left), view.clamp_x(right));
        if r > l {
            marks.push(Mark::Shade(span(l, base, r, top)));
        }
    }
    if let Some(&right) = edges.get(s.y.len()) {
        outline.push(Some((right, base)));
    }
    let paths = clip::visible_paths(&outline, view);
    marks.extend(paths.into_iter().map(|p| Mark::Line(p, s.style)));
    marks
}

/// A dashed line across the whole view at the series' y value, its label above its left end.
fn hline(s: &Series, plot: &Plot, view: &View, label: &str) -> Vec<Mark> {
    let level =
        s.y.first()
            .and_then(|&v| plot.y.to_plot(v))
            .filter(|p| view.contains((view.x0, *p)));
    let Some(p) = level else {
        return Vec::new();
    };
    let mut marks = vec![Mark::Line(
        vec![(view.x0, p), (view.x1, p)],
        LineStyle::Dashed,
    )];
    if !label.is_empty() {
        let at = (view.x0 + (view.x1 - view.x0) * 0.01, p);
        marks.push(Mark::Label(at, label.to_string()));
    }
    marks
}

fn to_pixels(mark: Mark, plot: &Plot) -> Mark {
    match mark {
        Mark::Line(points, st) => {
            let pixels = points.into_iter().map(|p| plot.px(p)).collect();
            Mark::Line(clip::thin_to_pixels(pixels), st)
        }
        Mark::Bar(r) => Mark::Bar(pixel_rect(r, plot)),
        Mark::Shade(r) => Mark::Shade(pixel_rect(r, plot)),
        Mark::Dot(p) => Mark::Dot(plot.px(p)),
        Mark::Head(tip, from, shaft) => Mark::Head(plot.px(tip), plot.px(from), shaft),
        Mark::Label(p, text) => {
            let (x, y) = plot.px(p);
            Mark::Label((x + 2.0, y - 4.0), text)
        }
    }
}

fn pixel_rect(r: Rect, plot: &Plot) -> Rect {
    let (x0, y0) = plot.px((r.x, r.y));
    let (x1, y1) = plot.px((r.x + r.w, r.y + r.h));
    Rect::new(x0.min(x1), y0.min(y1), (x1 - x0).abs(), (y1 - y0).abs())
}

/// True when some mark of `drawn` overlaps `area`.
pub(crate) fn covers(drawn: &[Drawn], area: &Rect) -> bool {
    let view = View {
        x0: area.x,
        x1: area.right(),
        y0: area.y,
        y1: area.bottom(),
    };
    drawn.iter().flat_map(|d| &d.marks).any(|m| match m {
        Mark::Line(points, _) => {
            points.len() == 1 && area.contains(points[0])
                || points
                    .windows(2)
                    .any(|w| clip::clip_segment(w[0], w[1], &view).is_some())
        }
        Mark::Bar(r) | Mark::Shade(r) => r.intersects(area),
        Mark::Dot((x, y)) | Mark::Head((x, y), ..) => {
            Rect::new(x - MARKER_RADIUS, y - MARKER_RADIUS, 8.0, 8.0).intersects(area)
        }
        Mark::Label((x, y), text) => {
            let w = super::text::width(text, TICK_SIZE);
            Rect::new(*x, y - TICK_SIZE, w, TICK_SIZE * 1.2).intersects(area)
        }
    })
}

/// Write every drawn series.
pub(crate) fn write(svg: &mut Svg, drawn: &[Drawn]) {
    for d in drawn {
        let class = match &d.paint.class {
            Some(c) => format!("rlf-series rlf-s{} {c}", d.index),
            None => format!("rlf-series rlf-s{}", d.index),
        };
        svg.open(
            "g",
            &[
                ("class", class.into()),
                ("color", d.paint.color.as_str().into()),
            ],
        );
        write_marks(svg, &d.marks);
        svg.close("g");
    }
}

fn write_marks(svg: &mut Svg, marks: &[Mark]) {
    let shades: Vec<&Rect> = marks
        .iter()
        .filter_map(|m| match m {
            Mark::Shade(r) => Some(r),
            _ => None,
        })
        .collect();
    rects(
        svg,
        &shades,
        &[
            ("fill", "currentColor".into()),
            ("fill-opacity", 0.25.into()),
        ],
    );
    let bars: Vec<&Rect> = marks
        .iter()
        .filter_map(|m| match m {
            Mark::Bar(r) => Some(r),
            _ => None,
        })
        .collect();
    // A thin edge in the background colour keeps neighbouring bars of one colour apart.
    rects(
        svg,
        &bars,
        &[
            ("class", style::EDGE.class.into()),
            ("fill", "currentColor".into()),
            (style::EDGE.paint, style::EDGE.light.into()),
        ],
    );
    for m in marks {
        match m {
            Mark::Line(points, st) => write_line(svg, points, *st),
            Mark::Dot((x, y)) => svg.leaf(
                "circle",
                &[
                    ("cx", (*x).into()),
                    ("cy", (*y).into()),
                    ("r", MARKER_RADIUS.into()),
                    ("fill", "currentColor".into()),
                ],
            ),
            Mark::Label((x, y), text) => svg.text(
                "text",
                &[
                    ("x", (*x).into()),
                    ("y", (*y).into()),
                    ("fill", "currentColor".into()),
                    ("font-size", TICK_SIZE.into()),
                ],
                text,
            ),
            Mark::Head(tip, from, shaft) => arrows::write_head(svg, *tip, *from, *shaft),
            Mark::Bar(_) | Mark::Shade(_) => {}
        }
    }
}

fn rects(svg: &mut Svg, rects: &[&Rect], group: &[(&str, super::writer::Attr)]) {
    if rects.is_empty() {
        return;
    }
    svg.open("g", group);
    for r in rects {
        svg.leaf(
            "rect",
            &[
                ("x", r.x.into()),
                ("y", r.y.into()),
                ("width", r.w.into()),
                ("height", r.h.into()),
            ],
        );
    }
    svg.close("g");
}

/// The stroke of a line style: dash pattern, if any.
fn dashes(st: LineStyle) -> Option<&'static str> {
    match st {
        LineStyle::Solid => None,
        LineStyle::Dashed => Some("9 5"),
        LineStyle::Dotted => Some("2 4"),
    }
}

pub(crate) fn write_line(svg: &mut Svg, points: &[Point], st: LineStyle) {
    // A lone point is a zero-length segment: its round caps draw a dot.
    let d = match points {
        [p] => path_data(&[*p, *p]),
        _ => path_data(points),
    };
    let mut attrs = vec![
        ("d", d.into()),
        ("fill", "none".into()),
        ("stroke", "currentColor".into()),
        ("stroke-width", LINE_WIDTH.into()),
        ("stroke-linejoin", "round".into()),
        ("stroke-linecap", "round".into()),
    ];
    if let Some(d) = dashes(st) {
        attrs.push(("stroke-dasharray", d.into()));
    }
    svg.leaf("path", &attrs);
}
