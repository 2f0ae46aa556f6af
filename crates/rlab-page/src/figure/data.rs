//! The data a page script needs to read a figure: per drawn panel, where it was drawn (from
//! the renderer's [`PanelView`]) and the values it was drawn from (from the figure model),
//! as compact JSON embedded next to the figure.
//!
//! Values keep every digit the record keeps (shortest round-trip form; NaN and infinities
//! as the strings `NaN`, `Inf`, `-Inf`); an x that is an exact arithmetic sequence (`0:24`) is sent as `{from, step}`.
//! A heatmap sends the cells it drew: every element, or the block means of a large matrix;
//! an image its drawn pixels the same way (three values each when true-colour).
//! A surface sends the grid points it drew, each with its pixel and its x, y, z.

use rlab::Figure;
use rlab::plot::model::{Bands, Panel, Series, SeriesKind};
use rlab::plot::svg::{Drawing, PanelView, heatmap, image};
use serde::Serialize;
use std::borrow::Cow;

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
    /// Filled-contour samples (every few rows and columns of a large grid).
    #[serde(skip_serializing_if = "Option::is_none")]
    bands: Option<BandSamples<'a>>,
}

/// Samples of a filled contour: `z` row-major, `y.len()` rows of `x.len()`.
#[derive(Serialize)]
struct BandSamples<'a> {
    x: Vec<f64>,
    y: Vec<f64>,
    z: Numbers<'a>,
}

/// At most about this many filled-contour samples are sent.
const MAX_SAMPLES: usize = 4096;

fn band_samples(b: &Bands) -> BandSamples<'static> {
    let (rows, cols) = (b.y.len(), b.x.len());
    let stride = ((rows * cols) as f64 / MAX_SAMPLES as f64)
        .sqrt()
        .ceil()
        .max(1.0) as usize;
    let pick = |n: usize| (0..n).step_by(stride).collect::<Vec<_>>();
    let (rs, cs) = (pick(rows), pick(cols));
    let z = rs
        .iter()
        .flat_map(|&r| cs.iter().map(move |&c| r * cols + c))
        .map(|i| b.z.get(i).copied().unwrap_or(f64::NAN))
        .collect();
    BandSamples {
        x: cs.iter().map(|&c| b.x[c]).collect(),
        y: rs.iter().map(|&r| b.y[r]).collect(),
        z: Numbers(Cow::Owned(z)),
    }
}

#[derive(Serialize)]
struct SeriesData<'a> {
    kind: &'static str,
    label: &'a str,
    x: Xs<'a>,
    y: Numbers<'a>,
    /// The indices of the points sent, when a long series sends only some.
    #[serde(skip_serializing_if = "Option::is_none")]
    i: Option<Vec<usize>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    group: Option<(usize, usize)>,
    /// A quiver's arrow scale (tip = base + scale × (u, v)).
    #[serde(skip_serializing_if = "Option::is_none")]
    scale: Option<f64>,
}

/// An x vector: its values, an exact arithmetic sequence, or the x of an earlier series of
/// the panel.
#[derive(Serialize)]
#[serde(untagged)]
enum Xs<'a> {
    Values(Numbers<'a>),
    Sequence { from: f64, step: f64 },
    Same { same: usize },
}

/// Values as JSON: numbers, and the words `NaN`, `Inf` and `-Inf` JSON has no numbers for.
struct Numbers<'a>(Cow<'a, [f64]>);

impl Serialize for Numbers<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for &v in self.0.iter() {
            if v.is_finite() {
                seq.serialize_element(&v)?;
            } else if v.is_nan() {
                seq.serialize_element("NaN")?;
            } else {
                seq.serialize_element(if v > 0.0 { "Inf" } else { "-Inf" })?;
            }
        }
        seq.end()
    }
}

/// At most about this many points of a series are sent; a longer one sends the lowest and
/// highest point of each of `MAX_POINTS / 2` runs (and its ends), which is all a reader can
/// tell apart on a panel a few hundred pixels wide.
const MAX_POINTS: usize = 600;

#[derive(Serialize)]
struct Cells<'a> {
    rows: usize,
    cols: usize,
    values: Numbers<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    xlabels: Option<&'a [String]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ylabels: Option<&'a [String]>,
    /// Values per cell of a true-colour image (3: red, green, blue in turn).
    #[serde(skip_serializing_if = "Option::is_none")]
    channels: Option<usize>,
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
    script_safe(&serde_json::to_string(&data).unwrap_or_else(|_| "{}".to_string()))
}

/// The narrow drawing's geometry, for the page script: its size and, per panel, what
/// [`json`] gives of where it was drawn (the values are the same and are sent once).
pub(crate) fn views_json(drawing: &Drawing) -> String {
    #[derive(Serialize)]
    struct Views<'a> {
        w: u32,
        h: u32,
        panels: &'a [PanelView],
    }
    let views = Views {
        w: drawing.width,
        h: drawing.height,
        panels: &drawing.panels,
    };
    script_safe(&serde_json::to_string(&views).unwrap_or_else(|_| "{}".to_string()))
}

/// JSON text safe inside a `<script>` element: `</script>` or `<!--` inside a string must
/// not end or confuse the element.
fn script_safe(text: &str) -> String {
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
        bands: None,
    };
    match view.kind {
        "xy" => {
            data.series = (0..panel.series.len())
                .map(|k| series_data(&panel.series, k))
                .collect();
            data.bands = panel.bands.as_ref().map(band_samples);
        }
        "heatmap" => {
            data.cells = panel.heatmap.as_ref().map(|map| Cells {
                rows: map.rows,
                cols: map.cols,
                values: Numbers(Cow::Owned(heatmap::cells(map).1)),
                xlabels: map.xlabels.as_deref(),
                ylabels: map.ylabels.as_deref(),
                channels: None,
            });
        }
        "image" => {
            data.cells = panel.image.as_ref().map(|img| Cells {
                rows: img.rows,
                cols: img.cols,
                values: Numbers(Cow::Owned(image::pixels(img).1)),
                xlabels: None,
                ylabels: None,
                channels: img.rgb.then_some(3),
            });
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

/// Series `k` of `all`; its x refers to an earlier series with the same x.
fn series_data(all: &[Series], k: usize) -> SeriesData<'_> {
    let s = &all[k];
    let group = match s.kind {
        SeriesKind::Bar { group, groups } => Some((group, groups)),
        _ => None,
    };
    let (kept, scale) = match s.kind {
        // Arrows keep every point: the page reads them as (base, tip, gap) triplets.
        SeriesKind::Arrows { scale } => (None, Some(scale)),
        _ => (kept_points(&s.y), None),
    };
    let same = all[..k]
        .iter()
        .position(|t| t.x.len() > 2 && t.x == s.x && kept_points(&t.y).is_none());
    let x = match (&kept, same) {
        (None, Some(same)) => Xs::Same { same },
        (None, None) => xs(&s.x),
        (Some(kept), _) => match xs(&s.x) {
            Xs::Values(_) => Xs::Values(Numbers(Cow::Owned(pick(&s.x, kept)))),
            sequence => sequence,
        },
    };
    SeriesData {
        kind: s.kind.name(),
        label: &s.label,
        x,
        y: Numbers(
            kept.as_ref()
                .map_or(Cow::Borrowed(&s.y[..]), |k| Cow::Owned(pick(&s.y, k))),
        ),
        i: kept,
        group,
        scale,
    }
}

/// The indices a long series sends (see [`MAX_POINTS`]); `None`: all of them.
fn kept_points(y: &[f64]) -> Option<Vec<usize>> {
    if y.len() <= MAX_POINTS {
        return None;
    }
    let run = y.len().div_ceil(MAX_POINTS / 2);
    let mut kept = vec![0, y.len() - 1];
    for (r, chunk) in y.chunks(run).enumerate() {
        let finite = chunk.iter().enumerate().filter(|(_, v)| v.is_finite());
        let low = finite.clone().min_by(|a, b| a.1.total_cmp(b.1));
        let high = finite.max_by(|a, b| a.1.total_cmp(b.1));
        kept.extend([low, high].into_iter().flatten().map(|(i, _)| r * run + i));
    }
    kept.sort_unstable();
    kept.dedup();
    Some(kept)
}

fn pick(values: &[f64], indices: &[usize]) -> Vec<f64> {
    indices
        .iter()
        .filter_map(|&i| values.get(i).copied())
        .collect()
}

/// `x` as `{from, step}` when `x[i] == from + i·step` holds exactly for every element, for
/// the step between the first two values, between the ends, or that step rounded to 15
/// digits (`linspace` and `a:h:b` build their values so).
fn xs(x: &[f64]) -> Xs<'_> {
    let (Some(&from), Some(&second), Some(&last)) = (x.first(), x.get(1), x.last()) else {
        return Xs::Values(Numbers(Cow::Borrowed(x)));
    };
    if x.len() <= 2 {
        return Xs::Values(Numbers(Cow::Borrowed(x)));
    }
    let first_gap = second - from;
    let rounded: f64 = format!("{first_gap:.14e}").parse().unwrap_or(first_gap);
    let candidates = [first_gap, (last - from) / (x.len() - 1) as f64, rounded];
    let exact = |step: f64| {
        x.iter()
            .enumerate()
            .all(|(i, &v)| v.is_finite() && from + step * i as f64 == v)
    };
    match candidates.into_iter().find(|&step| exact(step)) {
        Some(step) => Xs::Sequence { from, step },
        None => Xs::Values(Numbers(Cow::Borrowed(x))),
    }
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
        assert_eq!(
            json(&[0.0, f64::NAN, f64::NEG_INFINITY]),
            r#"[0.0,"NaN","-Inf"]"#
        );
    }

    #[test]
    fn long_series_send_the_extremes_of_their_runs() {
        let y: Vec<f64> = (0..3000)
            .map(|i| (f64::from(i) * 0.01).sin() + f64::from(i))
            .collect();
        let kept = kept_points(&y).expect("thinned");
        assert!(kept.len() <= MAX_POINTS + 2, "{}", kept.len());
        assert_eq!((kept[0], *kept.last().unwrap()), (0, 2999));
        assert!(kept.windows(2).all(|w| w[0] < w[1]));
        assert!(kept_points(&y[..MAX_POINTS]).is_none());
        let series = vec![Series {
            kind: SeriesKind::Line,
            label: "loss".into(),
            color: rlab::plot::model::Color::Auto(0),
            style: rlab::plot::model::LineStyle::Solid,
            x: (0..3000).map(f64::from).collect(),
            y,
        }];
        let json = serde_json::to_string(&series_data(&series, 0)).unwrap();
        assert!(
            json.contains(r#""x":{"from":0.0,"step":1.0}"#),
            "{}",
            &json[..80]
        );
        assert!(json.contains(r#""i":[0,"#));
    }

    #[test]
    fn the_json_keeps_every_digit_and_cannot_close_its_script() {
        let mut fig = Figure::new(1);
        fig.panels[0].title = "</script><!--".into();
        fig.panels[0].series.push(Series {
            kind: SeriesKind::Line,
            label: "v".into(),
            color: rlab::plot::model::Color::Auto(0),
            style: rlab::plot::model::LineStyle::Solid,
            x: vec![0.5, 7.0],
            y: vec![6.008513697733318, 3.0999937929016556e-7],
        });
        let drawing = rlab::plot::svg::draw(&fig, "f");
        let text = json(&fig, &drawing);
        assert!(!text.contains("</") && !text.contains("<!--"), "{text}");
        assert!(text.contains("6.008513697733318") && text.contains("3.0999937929016556e-7"));
        assert!(text.contains(r#""kind":"xy""#) && text.contains(r#""log":false"#));
    }
}
