//! 2-D panels (lines, scatter, bars, histograms, reference lines): the axis ranges implied
//! by the data and the limits, the chart frame (title, axis labels, ticks, grid) and the
//! legend. The series themselves are drawn by [`super::series`].

use super::clip::View;
use super::scale::Scale;
use super::series;
use super::style::{self, AXIS, BACKGROUND, GRID_MAJOR, GRID_MINOR, LABEL_SIZE, TICK_SIZE};
use crate::lang::plot::model::{Panel, Series, SeriesKind};
use plotters::coord::Shift;
use plotters::prelude::*;

/// The coordinate system of a 2-D panel: plot space on both axes, with the scales' ticks.
pub(crate) type XyCoord = Cartesian2d<Scale, Scale>;

/// Fraction of the data span added above and below automatic y ranges.
const Y_PAD: f64 = 0.05;

/// Draw one 2-D panel into `area`.
pub(crate) fn draw<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    panel: &Panel,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let x = x_scale(panel);
    let y = y_scale(panel);
    let mut chart = frame(area, panel, &x, &y)?;
    let view = View {
        x0: x.lo,
        x1: x.hi,
        y0: y.lo,
        y1: y.hi,
    };
    let labelled = series::draw_all(&mut chart, panel, &x, &y, &view)?;
    if panel.legend && labelled {
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(BACKGROUND.mix(0.9))
            .border_style(style::stroke(AXIS, 1))
            .label_font(style::font(TICK_SIZE))
            .draw()?;
    }
    Ok(())
}

/// The chart with its title, axis labels, ticks and grid lines.
fn frame<'a, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, Shift>,
    panel: &Panel,
    x: &Scale,
    y: &Scale,
) -> Result<ChartContext<'a, DB, XyCoord>, DrawingAreaErrorKind<DB::ErrorType>> {
    let title = style::clean_text(&panel.title);
    let xlabel = style::clean_text(&panel.xlabel);
    let ylabel = style::clean_text(&panel.ylabel);
    let mut builder = ChartBuilder::on(area);
    builder
        .margin(12)
        .margin_right(24)
        .x_label_area_size(if xlabel.is_empty() { 30 } else { 52 })
        .y_label_area_size(y_label_area(y, !ylabel.is_empty()));
    if !title.is_empty() {
        builder.caption(&title, style::font(style::TITLE_SIZE));
    }
    let mut chart = builder.build_cartesian_2d(x.clone(), y.clone())?;
    let x_fmt = |v: &f64| x.label(*v);
    let y_fmt = |v: &f64| y.label(*v);
    let mut mesh = chart.configure_mesh();
    mesh.x_label_formatter(&x_fmt)
        .y_label_formatter(&y_fmt)
        .x_labels(x.ticks.len().max(1))
        .y_labels(y.ticks.len().max(1))
        .max_light_lines(10)
        .label_style(style::font(TICK_SIZE))
        .axis_desc_style(style::font(LABEL_SIZE))
        .axis_style(style::stroke(AXIS, 1))
        .bold_line_style(style::stroke(GRID_MAJOR, 1))
        .light_line_style(style::stroke(GRID_MINOR, 1));
    if !xlabel.is_empty() {
        mesh.x_desc(xlabel);
    }
    if !ylabel.is_empty() {
        mesh.y_desc(ylabel);
    }
    if !panel.grid {
        mesh.disable_mesh();
    }
    mesh.draw()?;
    Ok(chart)
}

/// Room for the y tick labels (estimated from their length) and the axis label.
fn y_label_area(y: &Scale, has_label: bool) -> u32 {
    let widest = y
        .ticks
        .iter()
        .map(|&t| y.label(t).chars().count())
        .max()
        .unwrap_or(1) as u32;
    let ticks = (widest * 8 + 14).clamp(36, 110);
    if has_label { ticks + 26 } else { ticks }
}

/// The x scale: categories, then `xlim`, then the data.
pub(crate) fn x_scale(panel: &Panel) -> Scale {
    if let Some(names) = &panel.categories {
        let n = names.len().max(1) as f64;
        let ticks = names
            .iter()
            .enumerate()
            .map(|(i, name)| ((i + 1) as f64, style::clean_text(name)))
            .collect();
        return Scale::named(0.5, n + 0.5, ticks);
    }
    if let Some((lo, hi)) = usable_limits(panel.xlim, false) {
        return Scale::linear(lo, hi);
    }
    match x_bounds(panel) {
        Some((lo, hi)) => {
            let pad = if needs_x_padding(panel) {
                (hi - lo) * 0.05
            } else {
                0.0
            };
            Scale::linear(lo - pad, hi + pad)
        }
        None => Scale::linear(0.0, 1.0),
    }
}

/// The y scale: log or linear, `ylim` if usable, else the data padded a little.
pub(crate) fn y_scale(panel: &Panel) -> Scale {
    let limits = usable_limits(panel.ylim, panel.log_y);
    if panel.log_y {
        return match (limits, y_bounds(panel, true)) {
            (Some((lo, hi)), _) => Scale::log(lo, hi, false),
            (None, Some((lo, hi))) => Scale::log(lo, hi, true),
            (None, None) => Scale::log(1.0, 10.0, true),
        };
    }
    if let Some((lo, hi)) = limits {
        return Scale::linear(lo, hi);
    }
    match y_bounds(panel, false) {
        Some((lo, hi)) => {
            let pad = (hi - lo) * Y_PAD;
            let floor = if lo == 0.0 && has_baseline(panel) {
                0.0
            } else {
                lo - pad
            };
            Scale::linear(floor, hi + pad)
        }
        None => Scale::linear(0.0, 1.0),
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

fn x_bounds(panel: &Panel) -> Option<(f64, f64)> {
    let mut bounds = Bounds::default();
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

fn needs_x_padding(panel: &Panel) -> bool {
    panel
        .series
        .iter()
        .any(|s| matches!(s.kind, SeriesKind::Scatter | SeriesKind::Stem))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::plot::model::{Color, LineStyle};

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
        let x = x_scale(&p);
        assert_eq!((x.lo, x.hi), (0.0, 10.0));
        let y = y_scale(&p);
        assert!((y.lo - 0.9).abs() < 1e-12 && (y.hi - 3.1).abs() < 1e-12);
    }

    #[test]
    fn limits_override_data_and_bad_limits_are_ignored() {
        let mut p = Panel::default();
        p.series
            .push(series(SeriesKind::Line, vec![0.0, 10.0], vec![1.0, 3.0]));
        p.ylim = Some((0.0, 1.0));
        p.xlim = Some((f64::NAN, 1.0));
        assert_eq!((y_scale(&p).lo, y_scale(&p).hi), (0.0, 1.0));
        assert_eq!(x_scale(&p).hi, 10.0);
        p.log_y = true;
        assert!(
            y_scale(&p).log,
            "a zero lower limit is unusable on a log axis"
        );
        assert_eq!(y_scale(&p).lo, 0.0);
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
        assert_eq!(x_bounds(&p), Some((0.5, 3.5)));
        assert_eq!(y_scale(&p).lo, 0.0);
        let mut h = Panel::default();
        h.series
            .push(series(SeriesKind::Step, vec![0.5, 1.5], vec![3.0, 1.0]));
        assert_eq!(x_bounds(&h), Some((0.0, 2.0)));
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
        let y = y_scale(&p);
        assert_eq!((y.lo, y.hi), (-6.0, 3.0));
        let empty = Panel::default();
        assert_eq!((x_scale(&empty).lo, x_scale(&empty).hi), (0.0, 1.0));
        let mut hline_only = Panel::default();
        hline_only
            .series
            .push(series(SeriesKind::HLine, vec![-1e6, 1e6], vec![2.0, 2.0]));
        assert_eq!(
            (x_scale(&hline_only).lo, x_scale(&hline_only).hi),
            (0.0, 1.0)
        );
    }

    #[test]
    fn categories_put_named_ticks_at_one_to_n() {
        let p = Panel {
            categories: Some(vec!["a".into(), "b".into()]),
            ..Panel::default()
        };
        let x = x_scale(&p);
        assert_eq!((x.lo, x.hi), (0.5, 2.5));
        assert_eq!(x.label(2.0), "b");
        assert!(y_label_area(&x, true) > y_label_area(&x, false));
    }
}
