//! The recorded form of a figure: what it shows as data (kind of each series, labels, titles,
//! axis ranges and directions, the numbers of series, heatmaps, images, filled contours and
//! surfaces), never how it looks (pixels, fonts, automatic colours). Two
//! digests are compared structurally, with numbers within the tolerance.

use super::compare::Tolerance;
use rlab::plot::model::{Color, Figure, LineStyle, Panel, Series, SeriesKind};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq)]
pub struct FigureDigest {
    pub rows: usize,
    pub cols: usize,
    pub panels: Vec<PanelDigest>,
}

/// A panel's labels and axes (serialized as one JSON object), its series and grids.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PanelHeader {
    pub title: String,
    pub xlabel: String,
    pub ylabel: String,
    pub xlim: Option<(f64, f64)>,
    pub ylim: Option<(f64, f64)>,
    pub log_y: bool,
    pub categories: Option<Vec<String>>,
    /// Logarithmic x (`loglog`, `semilogx`); absent from records when false.
    #[serde(default, skip_serializing_if = "is_false")]
    pub log_x: bool,
    /// Heatmap rows upwards (`axis("xy")`); absent from records when not asked for.
    #[serde(default, skip_serializing_if = "is_false")]
    pub image_y_up: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

#[derive(Clone, Debug, PartialEq)]
pub struct PanelDigest {
    pub header: PanelHeader,
    pub series: Vec<SeriesDigest>,
    pub grids: Vec<GridDigest>,
}

/// A series' identity (one JSON object) and values.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeriesHeader {
    pub kind: String,
    pub label: String,
    pub style: String,
    /// Only colours the program chose; automatic palette colours are not data.
    pub color: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SeriesDigest {
    pub header: SeriesHeader,
    pub x: Vec<f64>,
    pub y: Vec<f64>,
}

/// A heatmap, image, filled contour or surface: identity and row-major values (an RGB
/// image's three channels pixel by pixel).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GridHeader {
    pub kind: String,
    pub rows: usize,
    pub cols: usize,
    pub colormap: String,
    pub xlabels: Option<Vec<String>>,
    pub ylabels: Option<Vec<String>>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct GridDigest {
    pub header: GridHeader,
    pub values: Vec<f64>,
}

impl FigureDigest {
    pub fn of(fig: &Figure) -> FigureDigest {
        FigureDigest {
            rows: fig.rows,
            cols: fig.cols,
            panels: fig.panels.iter().map(panel_digest).collect(),
        }
    }
}

fn panel_digest(p: &Panel) -> PanelDigest {
    let mut grids = Vec::new();
    if let Some(h) = &p.heatmap {
        grids.push(GridDigest {
            header: GridHeader {
                kind: "heatmap".into(),
                rows: h.rows,
                cols: h.cols,
                colormap: h.colormap.clone(),
                xlabels: h.xlabels.clone(),
                ylabels: h.ylabels.clone(),
            },
            values: h.values.clone(),
        });
    }
    if let Some(i) = &p.image {
        grids.push(GridDigest {
            header: GridHeader {
                kind: "image".into(),
                rows: i.rows,
                cols: i.cols,
                colormap: i.colormap.clone(),
                xlabels: None,
                ylabels: None,
            },
            values: i.values.clone(),
        });
    }
    if let Some(b) = &p.bands {
        grids.push(GridDigest {
            header: GridHeader {
                kind: "bands".into(),
                rows: b.y.len(),
                cols: b.x.len(),
                colormap: b.colormap.clone(),
                xlabels: None,
                ylabels: None,
            },
            values: b.z.clone(),
        });
    }
    if let Some(s) = &p.surface {
        grids.push(GridDigest {
            header: GridHeader {
                kind: "surface".into(),
                rows: s.rows,
                cols: s.cols,
                colormap: s.colormap.clone(),
                xlabels: None,
                ylabels: None,
            },
            values: s.z.clone(),
        });
    }
    PanelDigest {
        header: PanelHeader {
            title: p.title.clone(),
            xlabel: p.xlabel.clone(),
            ylabel: p.ylabel.clone(),
            xlim: p.xlim,
            ylim: p.ylim,
            log_y: p.log_y,
            categories: p.categories.clone(),
            log_x: p.log_x,
            image_y_up: p.image_y_up == Some(true),
        },
        series: p
            .series
            .iter()
            .filter(|s| s.kind != SeriesKind::Guide)
            .map(series_digest)
            .collect(),
        grids,
    }
}

fn series_digest(s: &Series) -> SeriesDigest {
    let kind = s.kind.name();
    let style = match s.style {
        LineStyle::Solid => "solid",
        LineStyle::Dashed => "dashed",
        LineStyle::Dotted => "dotted",
    };
    let color = match s.color {
        Color::Auto(_) => None,
        Color::Rgb(r, g, b) => Some(format!("#{r:02x}{g:02x}{b:02x}")),
    };
    SeriesDigest {
        header: SeriesHeader {
            kind: kind.into(),
            label: s.label.clone(),
            style: style.into(),
            color,
        },
        x: s.x.clone(),
        y: s.y.clone(),
    }
}

/// Differences between a recorded and a current figure, one sentence each
/// (`series "no residual": 25 points, max |Δ| = 0.02`).
pub fn differences(old: &FigureDigest, new: &FigureDigest, tol: Tolerance) -> Vec<String> {
    if (old.rows, old.cols, old.panels.len()) != (new.rows, new.cols, new.panels.len()) {
        return vec![format!(
            "layout {}x{} ({} panels) → {}x{} ({} panels)",
            old.rows,
            old.cols,
            old.panels.len(),
            new.rows,
            new.cols,
            new.panels.len()
        )];
    }
    let mut out = Vec::new();
    for (k, (a, b)) in old.panels.iter().zip(&new.panels).enumerate() {
        let prefix = if old.panels.len() > 1 {
            format!("panel {}: ", k + 1)
        } else {
            String::new()
        };
        out.extend(
            panel_differences(a, b, tol)
                .into_iter()
                .map(|d| format!("{prefix}{d}")),
        );
    }
    out
}

fn panel_differences(a: &PanelDigest, b: &PanelDigest, tol: Tolerance) -> Vec<String> {
    let mut out = Vec::new();
    if !headers_match(&a.header, &b.header, tol) {
        out.push(format!(
            "labels or axes changed: {} → {}",
            json(&a.header),
            json(&b.header)
        ));
    }
    if a.series.len() != b.series.len() {
        out.push(format!("{} series → {}", a.series.len(), b.series.len()));
    } else {
        for (s, t) in a.series.iter().zip(&b.series) {
            out.extend(series_difference(s, t, tol));
        }
    }
    if a.grids.len() != b.grids.len() {
        out.push(format!(
            "{} heatmaps/surfaces → {}",
            a.grids.len(),
            b.grids.len()
        ));
    }
    for (g, h) in a.grids.iter().zip(&b.grids) {
        if g.header != h.header {
            out.push(format!(
                "{} changed: {} → {}",
                g.header.kind,
                json(&g.header),
                json(&h.header)
            ));
        } else if let Some(d) = max_delta(&g.values, &h.values, tol) {
            out.push(format!(
                "{} {}x{}: max |Δ| = {}",
                g.header.kind, g.header.rows, g.header.cols, d
            ));
        }
    }
    out
}

fn series_difference(a: &SeriesDigest, b: &SeriesDigest, tol: Tolerance) -> Option<String> {
    let name = format!("series {}", json(&a.header.label));
    if a.header != b.header {
        return Some(format!(
            "{name} changed: {} → {}",
            json(&a.header),
            json(&b.header)
        ));
    }
    if a.x.len() != a.y.len() || (a.x.len(), a.y.len()) != (b.x.len(), b.y.len()) {
        return Some(format!("{name}: {} points → {}", a.y.len(), b.y.len()));
    }
    let dx = max_delta(&a.x, &b.x, tol);
    let dy = max_delta(&a.y, &b.y, tol);
    dx.into_iter()
        .chain(dy)
        .reduce(f64::max)
        .map(|d| format!("{name}: {} points, max |Δ| = {d}", a.y.len()))
}

/// The largest absolute difference when some pair is out of tolerance; `None` when all match.
/// NaN matches NaN; infinities must be equal.
fn max_delta(a: &[f64], b: &[f64], tol: Tolerance) -> Option<f64> {
    if a.len() != b.len() {
        return Some(f64::INFINITY);
    }
    let mut worst: Option<f64> = None;
    for (&x, &y) in a.iter().zip(b) {
        let same =
            (x.is_nan() && y.is_nan()) || x == y || (x - y).abs() <= tol.atol + tol.rtol * x.abs();
        if !same {
            let d = (x - y).abs();
            worst = Some(worst.map_or(d, |w: f64| w.max(d)));
        }
    }
    worst
}

fn headers_match(a: &PanelHeader, b: &PanelHeader, tol: Tolerance) -> bool {
    let lim = |p: Option<(f64, f64)>| p.map(|(l, h)| vec![l, h]).unwrap_or_default();
    a.title == b.title
        && a.xlabel == b.xlabel
        && a.ylabel == b.ylabel
        && a.log_y == b.log_y
        && a.categories == b.categories
        && a.xlim.is_some() == b.xlim.is_some()
        && a.ylim.is_some() == b.ylim.is_some()
        && max_delta(&lim(a.xlim), &lim(b.xlim), tol).is_none()
        && max_delta(&lim(a.ylim), &lim(b.ylim), tol).is_none()
}

/// One-line JSON of a header (used in the record file and in messages).
pub fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn series(label: &str, y: Vec<f64>) -> SeriesDigest {
        SeriesDigest {
            header: SeriesHeader {
                kind: "line".into(),
                label: label.into(),
                style: "solid".into(),
                color: None,
            },
            x: (0..y.len()).map(|i| i as f64).collect(),
            y,
        }
    }

    fn figure(series: Vec<SeriesDigest>) -> FigureDigest {
        FigureDigest {
            rows: 1,
            cols: 1,
            panels: vec![PanelDigest {
                header: PanelHeader {
                    title: "t".into(),
                    xlabel: String::new(),
                    ylabel: String::new(),
                    xlim: None,
                    ylim: None,
                    log_y: false,
                    categories: None,
                    log_x: false,
                    image_y_up: false,
                },
                series,
                grids: vec![],
            }],
        }
    }

    #[test]
    fn filled_contours_log_x_and_row_direction_are_recorded() {
        let mut panel = Panel {
            log_x: true,
            image_y_up: Some(true),
            bands: Some(rlab::plot::model::Bands {
                x: vec![0.0, 1.0, 2.0],
                y: vec![0.0, 1.0],
                z: vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0],
                edges: vec![0.0, 3.0, 6.0],
                colormap: "viridis".into(),
            }),
            ..Panel::default()
        };
        let d = panel_digest(&panel);
        assert!(d.header.log_x && d.header.image_y_up);
        let g = &d.grids[0];
        assert_eq!(
            (g.header.kind.as_str(), g.header.rows, g.header.cols),
            ("bands", 2, 3)
        );
        assert_eq!(g.values, vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        panel.image = Some(rlab::plot::model::Image {
            rows: 1,
            cols: 1,
            values: vec![1.0, 2.0, 3.0],
            rgb: true,
            colormap: "rgb".into(),
        });
        let g = &panel_digest(&panel).grids[0];
        assert_eq!((g.header.kind.as_str(), g.values.len()), ("image", 3));
        panel.image = None;
        panel.log_x = false;
        panel.image_y_up = None;
        let plain = json(&panel_digest(&panel).header);
        assert!(
            !plain.contains("log_x") && !plain.contains("image_y_up"),
            "{plain}"
        );
    }

    #[test]
    fn equal_within_tolerance_and_nan_aware() {
        let a = figure(vec![series("s", vec![1.0, f64::NAN, 3.0])]);
        let b = figure(vec![series("s", vec![1.0 + 1e-12, f64::NAN, 3.0])]);
        assert!(differences(&a, &b, Tolerance::default()).is_empty());
    }

    #[test]
    fn moved_series_reports_points_and_delta() {
        let a = figure(vec![series("no residual", vec![1.0, 2.0])]);
        let b = figure(vec![series("no residual", vec![1.0, 2.02])]);
        let d = differences(&a, &b, Tolerance::default());
        assert_eq!(d.len(), 1);
        assert!(
            d[0].starts_with("series \"no residual\": 2 points, max |Δ| = 0.0"),
            "{}",
            d[0]
        );
        let c = figure(vec![series("other", vec![1.0, 2.0])]);
        assert!(differences(&a, &c, Tolerance::default())[0].contains("changed"));
    }
}
