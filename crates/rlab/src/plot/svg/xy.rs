//! 2-D panels (lines, scatter, bars, histograms, reference lines, contours, vector fields):
//! the axis ranges implied by the data and the limits (linear or logarithmic on each axis,
//! equal units on both when asked), the layout of the plot area (with room for the legend outside
//! it when no corner is free), and the drawing order: title, grid and axes, the clipped
//! series, the legend. The series' marks come from [`super::series`].

use super::frame::{self, AxesStyle, Texts};
use super::legend;
use super::scale::{MAX_TICKS, Scale};
use super::series;
use super::style::{self, TICK_SIZE};
use super::view::{AxisView, PanelView, Plot, Rect};
use super::writer::Svg;
use super::{aspect, bands, polar};
use crate::plot::model::{Panel, Series, SeriesKind};

/// Fraction of the data span added above and below automatic y ranges.
const Y_PAD: f64 = 0.05;
/// Room right of the plot area (the last x tick label's overhang).
const RIGHT_ROOM: f64 = 18.0;
/// A panel narrower than this (only the narrow layout has such) puts its legend under the
/// plot, in the room at the bottom of its area ([`legend::room_below`]).
const NARROW: f64 = 400.0;

/// Draw one 2-D panel into `area`; `clip` is the id its clip path gets.
pub(crate) fn draw(svg: &mut Svg, whole: Rect, panel: &Panel, clip: &str) -> PanelView {
    let narrow = whole.w < NARROW;
    let below = if narrow {
        legend::room_below(panel)
    } else {
        0.0
    };
    let area = Rect::new(whole.x, whole.y, whole.w, whole.h - below);
    let texts = Texts::of(panel, area);
    let mut plot = layout(panel, area, &texts, 0.0);
    let mut drawn = series::marks(panel, &plot);
    let legend_at = legend::size(&drawn).map(|size| {
        if narrow {
            return legend::below(&whole, size);
        }
        legend::free_corner(&drawn, &plot.rect, size).unwrap_or_else(|| {
            plot = layout(panel, area, &texts, size.0 + legend::MARGIN + 8.0);
            drawn = series::marks(panel, &plot);
            legend::outside(&plot.rect, size)
        })
    });
    frame::draw_title(svg, area, &texts.title);
    let how = AxesStyle {
        grid: panel.grid && !panel.polar,
        slanted_x: false,
    };
    frame::draw_axes(svg, &plot, area, &texts, &how);
    open_clipped(svg, &plot.rect.grown(style::MARKER_RADIUS), clip);
    if let Some(b) = &panel.bands {
        bands::fill(svg, &plot, b);
    }
    if panel.grid && panel.polar {
        polar::grid(svg, &plot);
    }
    series::write(svg, &drawn);
    svg.close("g");
    if let Some(b) = &panel.bands {
        bands::colour_bar(svg, &plot, b, area);
    }
    let legend = legend_at.map_or_else(Vec::new, |at| legend::write(svg, &drawn, at));
    PanelView {
        kind: "xy",
        rect: plot.rect,
        x: Some(AxisView::of(&plot.x)),
        y: Some(AxisView::of(&plot.y)),
        legend,
        ..PanelView::default()
    }
}

/// The plot area and scales of `panel` in `area`, keeping `reserve` pixels free on the right
/// (and room for the colour bar of filled contours).
fn layout(panel: &Panel, area: Rect, texts: &Texts, reserve: f64) -> Plot {
    let reserve = reserve + panel.bands.as_ref().map_or(0.0, |_| bands::room(area));
    let (top, bottom) = (texts.top(), texts.bottom(TICK_SIZE));
    let height = area.h - top - bottom;
    let y_ticks = ((height / 34.0) as usize).clamp(2, MAX_TICKS);
    let y = y_scale(panel, y_ticks);
    let left = texts.left(&y.labels());
    let width = area.w - left - RIGHT_ROOM - reserve;
    let x = frame::fitting_x_ticks(width, |max| x_scale(panel, max));
    let plot = Plot {
        rect: Rect::new(area.x + left, area.y + top, width, height),
        x,
        y,
    };
    if panel.equal_aspect {
        aspect::equalise(plot, y_ticks)
    } else {
        plot
    }
}

/// `<clipPath>` of `rect` named `id`, and the opened `<g class="rlf-plot">` it clips.
pub(crate) fn open_clipped(svg: &mut Svg, rect: &Rect, id: &str) {
    svg.open("clipPath", &[("id", id.into())]);
    svg.leaf(
        "rect",
        &[
            ("x", rect.x.into()),
            ("y", rect.y.into()),
            ("width", rect.w.into()),
            ("height", rect.h.into()),
        ],
    );
    svg.close("clipPath");
    let url = format!("url(#{id})");
    svg.open(
        "g",
        &[("class", "rlf-plot".into()), ("clip-path", url.into())],
    );
}

/// The x scale: categories, then `xlim`, then the data.
pub(crate) fn x_scale(panel: &Panel, max_ticks: usize) -> Scale {
    if let Some(names) = &panel.categories {
        let n = names.len().max(1) as f64;
        // Every category while they fit, else every 2nd, 3rd…
        let stride = names.len().div_ceil(max_ticks.max(1)).max(1);
        let stride = if names.len() <= 40 && max_ticks >= MAX_TICKS {
            1
        } else {
            stride
        };
        let ticks = names
            .iter()
            .enumerate()
            .step_by(stride)
            .map(|(i, name)| ((i + 1) as f64, super::text::clean(name)))
            .collect();
        return Scale::named(0.5, n + 0.5, ticks);
    }
    let limits = usable_limits(panel.xlim, panel.log_x);
    if panel.log_x {
        return match (limits, x_bounds(panel, true)) {
            (Some((lo, hi)), _) => Scale::log(lo, hi, false, max_ticks),
            (None, Some((lo, hi))) => Scale::log(lo, hi, true, max_ticks),
            (None, None) => Scale::log(1.0, 10.0, true, max_ticks),
        };
    }
    if let Some((lo, hi)) = limits {
        return Scale::linear(lo, hi, max_ticks);
    }
    match x_bounds(panel, false) {
        Some((lo, hi)) => {
            let pad = if needs_x_padding(panel) {
                (hi - lo) * 0.05
            } else {
                0.0
            };
            Scale::linear(lo - pad, hi + pad, max_ticks)
        }
        None => Scale::linear(0.0, 1.0, max_ticks),
    }
}

/// The y scale: log or linear, `ylim` if usable, else the data padded a little.
pub(crate) fn y_scale(panel: &Panel, max_ticks: usize) -> Scale {
    let limits = usable_limits(panel.ylim, panel.log_y);
    if panel.log_y {
        return match (limits, y_bounds(panel, true)) {
            (Some((lo, hi)), _) => Scale::log(lo, hi, false, max_ticks),
            (None, Some((lo, hi))) => Scale::log(lo, hi, true, max_ticks),
            (None, None) => Scale::log(1.0, 10.0, true, max_ticks),
        };
    }
    if let Some((lo, hi)) = limits {
        return Scale::linear(lo, hi, max_ticks);
    }
    match y_bounds(panel, false) {
        Some((lo, hi)) => {
            let pad = if is_field_chart(panel) {
                0.0
            } else {
                (hi - lo) * Y_PAD
            };
            let floor = if lo == 0.0 && has_baseline(panel) {
                0.0
            } else {
                lo - pad
            };
            Scale::linear(floor, hi + pad, max_ticks)
        }
        None => Scale::linear(0.0, 1.0, max_ticks),
    }
}

/// Finite, distinct limits (positive ones on a log axis).
fn usable_limits(limits: Option<(f64, f64)>, log: bool) -> Option<(f64, f64)> {
    let (a, b) = limits?;
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    let ok = lo.is_finite() && hi.is_finite() && lo < hi && (!log || lo > 0.0);
    ok.then_some((lo, hi))
}

/// Running minimum and maximum of the finite values seen.
#[derive(Default)]
struct Bounds(Option<(f64, f64)>);

impl Bounds {
    fn add(&mut self, v: f64) {
        if !v.is_finite() {
            return;
        }
        self.0 = Some(match self.0 {
            None => (v, v),
            Some((lo, hi)) => (lo.min(v), hi.max(v)),
        });
    }
}

fn x_bounds(panel: &Panel, log: bool) -> Option<(f64, f64)> {
    let mut bounds = Bounds::default();
    if let Some(b) = &panel.bands {
        b.x.iter().for_each(|&x| bounds.add(x));
    }
    if log {
        let positive = panel.series.iter().filter(|s| s.kind != SeriesKind::HLine);
        positive
            .flat_map(|s| &s.x)
            .filter(|&&x| x > 0.0)
            .for_each(|&x| bounds.add(x));
        return bounds.0;
    }
    for s in &panel.series {
        match s.kind {
            SeriesKind::HLine => {}
            SeriesKind::Bar { .. } => {
                let half = series::bar_slot(&s.x) / 2.0;
                s.x.iter().for_each(|&x| {
                    bounds.add(x - half);
                    bounds.add(x + half);
                });
            }
            SeriesKind::Step => series::step_edges(&s.x).iter().for_each(|&e| bounds.add(e)),
            _ => s.x.iter().for_each(|&x| bounds.add(x)),
        }
    }
    bounds.0
}

fn y_bounds(panel: &Panel, log: bool) -> Option<(f64, f64)> {
    let mut bounds = Bounds::default();
    if let Some(b) = &panel.bands {
        b.y.iter().for_each(|&y| bounds.add(y));
    }
    for s in &panel.series {
        let ys = if s.kind == SeriesKind::HLine {
            &s.y[..s.y.len().min(1)]
        } else {
            &s.y[..]
        };
        ys.iter()
            .filter(|&&y| !log || y > 0.0)
            .for_each(|&y| bounds.add(y));
        if !log && starts_at_zero(s) {
            bounds.add(0.0);
        }
    }
    bounds.0
}

fn starts_at_zero(s: &Series) -> bool {
    matches!(
        s.kind,
        SeriesKind::Bar { .. } | SeriesKind::Step | SeriesKind::Stem
    )
}

fn has_baseline(panel: &Panel) -> bool {
    panel.series.iter().any(starts_at_zero)
}

/// Contours and filled contours span their grid exactly (no padding).
fn is_field_chart(panel: &Panel) -> bool {
    let contours = panel
        .series
        .iter()
        .all(|s| matches!(s.kind, SeriesKind::Contour { .. }));
    contours && (panel.bands.is_some() || !panel.series.is_empty())
}

fn needs_x_padding(panel: &Panel) -> bool {
    panel
        .series
        .iter()
        .any(|s| matches!(s.kind, SeriesKind::Scatter | SeriesKind::Stem))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plot::model::{Color, LineStyle};

    fn series(kind: SeriesKind, x: Vec<f64>, y: Vec<f64>) -> Series {
        Series {
            kind,
            label: "value".into(),
            color: Color::Auto(0),
            style: LineStyle::Solid,
            x,
            y,
        }
    }

    #[test]
    fn lines_span_their_data_exactly_in_x_and_padded_in_y() {
        let mut p = Panel::default();
        p.series
            .push(series(SeriesKind::Line, vec![0.0, 10.0], vec![1.0, 3.0]));
        let x = x_scale(&p, MAX_TICKS);
        assert_eq!((x.lo, x.hi), (0.0, 10.0));
        let y = y_scale(&p, MAX_TICKS);
        assert!((y.lo - 0.9).abs() < 1e-12 && (y.hi - 3.1).abs() < 1e-12);
    }

    #[test]
    fn limits_override_data_and_bad_limits_are_ignored() {
        let mut p = Panel::default();
        p.series
            .push(series(SeriesKind::Line, vec![0.0, 10.0], vec![1.0, 3.0]));
        p.ylim = Some((0.0, 1.0));
        p.xlim = Some((f64::NAN, 1.0));
        assert_eq!(
            (y_scale(&p, MAX_TICKS).lo, y_scale(&p, MAX_TICKS).hi),
            (0.0, 1.0)
        );
        assert_eq!(x_scale(&p, MAX_TICKS).hi, 10.0);
        p.log_y = true;
        assert!(
            y_scale(&p, MAX_TICKS).log,
            "a zero lower limit is unusable on a log axis"
        );
        assert_eq!(y_scale(&p, MAX_TICKS).lo, 0.0);
    }

    #[test]
    fn bars_and_steps_include_zero_and_their_widths() {
        let mut p = Panel::default();
        let bar = SeriesKind::Bar {
            group: 0,
            groups: 1,
        };
        p.series
            .push(series(bar, vec![1.0, 2.0, 3.0], vec![2.0, 5.0, 4.0]));
        assert_eq!(x_bounds(&p, false), Some((0.5, 3.5)));
        assert_eq!(y_scale(&p, MAX_TICKS).lo, 0.0);
        let mut h = Panel::default();
        h.series
            .push(series(SeriesKind::Step, vec![0.5, 1.5], vec![3.0, 1.0]));
        assert_eq!(x_bounds(&h, false), Some((0.0, 2.0)));
    }

    #[test]
    fn log_axes_ignore_non_positive_values_and_empty_panels_get_defaults() {
        let mut p = Panel {
            log_y: true,
            ..Panel::default()
        };
        p.series.push(series(
            SeriesKind::Line,
            vec![0.0, 1.0, 2.0],
            vec![-1.0, 1e-6, 1e3],
        ));
        let y = y_scale(&p, MAX_TICKS);
        assert_eq!((y.lo, y.hi), (-6.0, 3.0));
        let empty = Panel::default();
        assert_eq!(
            (x_scale(&empty, MAX_TICKS).lo, x_scale(&empty, MAX_TICKS).hi),
            (0.0, 1.0)
        );
        let mut hline_only = Panel::default();
        hline_only
            .series
            .push(series(SeriesKind::HLine, vec![-1e6, 1e6], vec![2.0, 2.0]));
        assert_eq!(
            (
                x_scale(&hline_only, MAX_TICKS).lo,
                x_scale(&hline_only, MAX_TICKS).hi
            ),
            (0.0, 1.0)
        );
    }

    #[test]
    fn categories_put_named_ticks_at_one_to_n() {
        let p = Panel {
            categories: Some(vec!["a".into(), "b".into()]),
            ..Panel::default()
        };
        let x = x_scale(&p, MAX_TICKS);
        assert_eq!((x.lo, x.hi), (0.5, 2.5));
        assert_eq!(x.label(2.0), "b");
    }
}
