//! The data a page script needs to read a figure: per drawn panel, where it was drawn (from
//! the renderer's [`PanelView`]) and the values it was drawn from (from the figure model),
//! as compact JSON embedded next to the figure.
//!
//! Values keep every digit the record keeps (shortest round-trip form, NaN and infinities as
//! `null`); an x that is an exact arithmetic sequence (`0:24`) is sent as `{from, step}`.
//! A heatmap sends the cells it drew: every element, or the block means of a large matrix.
//! A surface sends the grid points it drew, each with its pixel and its x, y, z.

use crate::lang::Figure;
use crate::lang::plot::model::{Panel, Series, SeriesKind};
use crate::lang::plot::svg::{Drawing, PanelView, heatmap};
use serde::Serialize;

/// The JSON of one figure.
#[derive(Serialize)]
struct FigureData<'a> {
    w: u32,
    h: u32,
    panels: Vec<PanelData<'a>>,
}

#[derive(Serialize)]
struct PanelData<'a> {
    #[serde(flatten)]
    view: &'a PanelView,
    title: &'a str,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    series: Vec<SeriesData<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cells: Option<Cells<'a>>,
    /// Surface grid points as `[pixel x, pixel y, x, y, z]`, row by row…
    #[serde(skip_serializing_if = "Vec::is_empty")]
    grid: Vec<[f64; 5]>,
    /// …this many to a row.
    #[serde(skip_serializing_if = "Option::is_none")]
    stride: Option<usize>,
}

#[derive(Serialize)]
struct SeriesData<'a> {
    kind: &'static str,
    label: &'a str,
    x: Xs<'a>,
    y: &'a [f64],
    #[serde(skip_serializing_if = "Option::is_none")]
    group: Option<(usize, usize)>,
}

/// An x vector: its values, or an exact arithmetic sequence.
#[derive(Serialize)]
#[serde(untagged)]
enum Xs<'a> {
    Values(&'a [f64]),
    Sequence { from: f64, step: f64 },
}

#[derive(Serialize)]
struct Cells<'a> {
    rows: usize,
    cols: usize,
    values: Vec<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    xlabels: Option<&'a [String]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ylabels: Option<&'a [String]>,
}

/// The JSON for `fig` as drawn in `drawing`, safe inside a `<script>` element.
pub(crate) fn json(fig: &Figure, drawing: &Drawing) -> String {
    let panels = fig
        .panels
        .iter()
        .zip(&drawing.panels)
        .map(|(panel, view)| panel_data(panel, view))
        .collect();
    let data = FigureData {
        w: drawing.width,
        h: drawing.height,
        panels,
    };
    let text = serde_json::to_string(&data).unwrap_or_else(|_| "{}".to_string());
    // `</script>` or `<!--` inside a string must not end or confuse the element.
    text.replace("</", "<\\/").replace("<!--", "<\\!--")
}

fn panel_data<'a>(panel: &'a Panel, view: &'a PanelView) -> PanelData<'a> {
    let mut data = PanelData {
        view,
        title: &panel.title,
        series: Vec::new(),
        cells: None,
        grid: Vec::new(),
        stride: None,
    };
    match view.kind {
        "xy" => data.series = panel.series.iter().map(series_data).collect(),
        "heatmap" => {
            data.cells = panel.heatmap.as_ref().map(|map| Cells {
                rows: map.rows,
                cols: map.cols,
                values: heatmap::cells(map).1,
                xlabels: map.xlabels.as_deref(),
                ylabels: map.ylabels.as_deref(),
            })
        }
        "surface" => {
            if let Some(s) = &panel.surface {
                data.grid = view
                    .points
                    .iter()
                    .filter_map(|&[px, py, r, c]| {
                        let i = (r as usize).checked_mul(s.cols)?.checked_add(c as usize)?;
                        Some([px, py, *s.x.get(i)?, *s.y.get(i)?, *s.z.get(i)?])
                    })
                    .collect();
                let first_row = view.points.first().map(|p| p[2]);
                data.stride = Some(
                    view.points
                        .iter()
                        .take_while(|p| Some(p[2]) == first_row)
                        .count(),
                );
            }
        }
        _ => {}
    }
    data
}

/// The name a page script and the CSV file use for a series kind.
pub(crate) fn kind_name(kind: &SeriesKind) -> &'static str {
    match kind {
        SeriesKind::Line => "line",
        SeriesKind::Scatter => "scatter",
        SeriesKind::Bar { .. } => "bar",
        SeriesKind::Step => "step",
        SeriesKind::Stem => "stem",
        SeriesKind::HLine => "hline",
    }
}

fn series_data(s: &Series) -> SeriesData<'_> {
    let group = match s.kind {
        SeriesKind::Bar { group, groups } => Some((group, groups)),
        _ => None,
    };
    SeriesData {
        kind: kind_name(&s.kind),
        label: &s.label,
        x: xs(&s.x),
        y: &s.y,
        group,
    }
}

/// `x` as `{from, step}` when `x[i] == from + i·step` holds exactly for every element.
fn xs(x: &[f64]) -> Xs<'_> {
    if let [from, second, ..] = *x {
        let step = second - from;
        let exact = x
            .iter()
            .enumerate()
            .all(|(i, &v)| v.is_finite() && from + i as f64 * step == v);
        if exact && x.len() > 2 {
            return Xs::Sequence { from, step };
        }
    }
    Xs::Values(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sequences_are_sent_as_from_and_step_only_when_exact() {
        let json = |x: &[f64]| serde_json::to_string(&xs(x)).unwrap();
        assert_eq!(json(&[0.0, 1.0, 2.0, 3.0]), r#"{"from":0.0,"step":1.0}"#);
        assert_eq!(
            json(&[0.0, 0.1, 0.2, 0.3]),
            "[0.0,0.1,0.2,0.3]",
            "3 × 0.1 != 0.3"
        );
        assert_eq!(json(&[1.0, 2.0]), "[1.0,2.0]");
        assert_eq!(json(&[0.0, f64::NAN, 2.0]), "[0.0,null,2.0]");
    }

    #[test]
    fn the_json_keeps_every_digit_and_cannot_close_its_script() {
        let mut fig = Figure::new(1);
        fig.panels[0].title = "</script><!--".into();
        fig.panels[0].series.push(Series {
            kind: SeriesKind::Line,
            label: "v".into(),
            color: crate::lang::plot::model::Color::Auto(0),
            style: crate::lang::plot::model::LineStyle::Solid,
            x: vec![0.5, 7.0],
            y: vec![6.008513697733318, 3.0999937929016556e-7],
        });
        let drawing = crate::lang::plot::svg::draw(&fig, "f");
        let text = json(&fig, &drawing);
        assert!(!text.contains("</") && !text.contains("<!--"), "{text}");
        assert!(text.contains("6.008513697733318") && text.contains("3.0999937929016556e-7"));
        assert!(text.contains(r#""kind":"xy""#) && text.contains(r#""log":false"#));
    }
}
