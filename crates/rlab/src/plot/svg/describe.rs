//! What a figure says in words, for readers who cannot see it: its accessible name (the
//! panels' titles) and a description generated from the data: the kind of each panel, its
//! series, its axis labels and the ranges of its data.

use super::numbers::short_number;
use super::text::clean;
use crate::plot::model::{Bands, Figure, Heatmap, Image, Panel, Series, SeriesKind, Surface};

/// At most this many names (series, rows, columns) are listed in a description.
const MAX_NAMES: usize = 12;

/// The figure's name: its panels' titles joined, or "Figure" when none has one.
pub fn title(fig: &Figure) -> String {
    let titles: Vec<String> = drawn(fig)
        .map(|p| clean(&p.title))
        .filter(|t| !t.is_empty())
        .collect();
    if titles.is_empty() {
        "Figure".to_string()
    } else {
        titles.join("; ")
    }
}

/// A description of every drawn panel.
pub(crate) fn description(fig: &Figure) -> String {
    let panels: Vec<&Panel> = drawn(fig).collect();
    match panels.as_slice() {
        [] => "An empty figure.".to_string(),
        [one] => panel(one),
        many => {
            let mut out = format!("{} panels in a {}×{} grid.", many.len(), fig.rows, fig.cols);
            for (k, p) in many.iter().enumerate() {
                out.push_str(&format!(" Panel {}: {}", k + 1, panel(p)));
            }
            out
        }
    }
}

fn drawn(fig: &Figure) -> impl Iterator<Item = &Panel> {
    fig.panels.iter().take(fig.rows.max(1) * fig.cols.max(1))
}

fn panel(p: &Panel) -> String {
    let body = if let Some(s) = &p.surface {
        surface(s, p)
    } else if let Some(m) = &p.heatmap {
        heatmap(m) + &overlays(p)
    } else if let Some(i) = &p.image {
        image(i)
    } else if let Some(b) = &p.bands {
        bands(b, p)
    } else if p.series.is_empty() {
        "no data.".to_string()
    } else {
        chart(p)
    };
    let title = clean(&p.title);
    if title.is_empty() {
        body
    } else {
        format!("“{title}”, {body}")
    }
}

fn chart(p: &Panel) -> String {
    let mut kinds: Vec<&str> = Vec::new();
    let data = p.series.iter().filter(|s| s.kind != SeriesKind::Guide);
    for s in data.clone() {
        let k = kind(&s.kind);
        if !kinds.contains(&k) {
            kinds.push(k);
        }
    }
    let names: Vec<String> = data
        .clone()
        .map(|s| clean(&s.label))
        .filter(|l| !l.is_empty())
        .collect();
    let count = data.count();
    let mut out = format!(
        "{} with {count} series{}.",
        capitalised(&kinds.join(" and ")),
        listed(&names)
    );
    let xs = range(
        p.series
            .iter()
            .filter(|s| s.kind != SeriesKind::HLine)
            .flat_map(|s| &s.x),
    );
    let ys = range(p.series.iter().flat_map(visible_y));
    out.push_str(&axis("x", &p.xlabel, p.log_x, xs, p.categories.as_deref()));
    out.push_str(&axis("y", &p.ylabel, p.log_y, ys, None));
    out
}

fn visible_y(s: &Series) -> &[f64] {
    if s.kind == SeriesKind::HLine {
        &s.y[..s.y.len().min(1)]
    } else {
        &s.y
    }
}

fn kind(k: &SeriesKind) -> &'static str {
    match k {
        SeriesKind::Line => "line chart",
        SeriesKind::Scatter => "scatter plot",
        SeriesKind::Bar { .. } => "bar chart",
        SeriesKind::Step => "histogram",
        SeriesKind::Stem => "stem plot",
        SeriesKind::HLine => "reference line",
        SeriesKind::Contour { .. } => "contour plot",
        SeriesKind::Arrows { .. } => "vector field",
        SeriesKind::Streamline => "streamline plot",
        SeriesKind::Guide => "chart grid",
    }
}

fn axis(
    name: &str,
    label: &str,
    log: bool,
    range: Option<(f64, f64)>,
    categories: Option<&[String]>,
) -> String {
    let label = clean(label);
    let mut out = format!(" {name} axis");
    if !label.is_empty() {
        out.push_str(&format!(" “{label}”"));
    }
    if log {
        out.push_str(", logarithmic");
    }
    if let Some(names) = categories {
        let names: Vec<String> = names.iter().map(|n| clean(n)).collect();
        out.push_str(&format!(", categories{}", listed(&names)));
    } else if let Some((lo, hi)) = range {
        out.push_str(&format!(
            ", from {} to {}",
            short_number(lo),
            short_number(hi)
        ));
    }
    out.push('.');
    out
}

fn heatmap(m: &Heatmap) -> String {
    let mut out = format!("heatmap of {}×{} values", m.rows, m.cols);
    if let Some((lo, hi)) = range(&m.values) {
        out.push_str(&format!(
            " from {} to {}",
            short_number(lo),
            short_number(hi)
        ));
    }
    out.push_str(&format!(" (colormap {}).", clean(&m.colormap)));
    if let Some(names) = &m.xlabels {
        out.push_str(&format!(
            " Columns{}.",
            listed(&names.iter().map(|n| clean(n)).collect::<Vec<_>>())
        ));
    }
    if let Some(names) = &m.ylabels {
        out.push_str(&format!(
            " Rows{}.",
            listed(&names.iter().map(|n| clean(n)).collect::<Vec<_>>())
        ));
    }
    out
}

/// `image`: its size, how its colours are made and the range of each channel (of 0..255).
fn image(i: &Image) -> String {
    let n = i.channels();
    let channel = |k: usize| match range(i.values.iter().skip(k).step_by(n)) {
        Some((lo, hi)) => format!("from {} to {}", short_number(lo), short_number(hi)),
        None => "missing".to_string(),
    };
    if i.rgb {
        format!(
            "true-colour image of {}×{} pixels: red {}, green {}, blue {} (of 0 to 255).",
            i.rows,
            i.cols,
            channel(0),
            channel(1),
            channel(2)
        )
    } else {
        format!(
            "image of {}×{} pixels, values {} (of 0 to 255, colormap {}).",
            i.rows,
            i.cols,
            channel(0),
            clean(&i.colormap)
        )
    }
}

/// Filled contours, and the chart of any lines over them.
fn bands(b: &Bands, p: &Panel) -> String {
    let mut out = format!(
        "filled contour plot of {}×{} values in {} bands (colormap {})",
        b.y.len(),
        b.x.len(),
        b.edges.len().saturating_sub(1),
        clean(&b.colormap)
    );
    if let Some((lo, hi)) = range(&b.z) {
        out.push_str(&format!(
            ", from {} to {}",
            short_number(lo),
            short_number(hi)
        ));
    }
    out.push('.');
    if !p.series.is_empty() {
        out.push_str(&format!(" Over it: {}", chart(p)));
    } else {
        out.push_str(&axis("x", &p.xlabel, false, range(&b.x), None));
        out.push_str(&axis("y", &p.ylabel, false, range(&b.y), None));
    }
    out
}

/// ` Over it: a vector field and a contour plot.` for series held over a heatmap.
fn overlays(p: &Panel) -> String {
    let mut kinds: Vec<&str> = Vec::new();
    for s in p.series.iter().filter(|s| s.kind != SeriesKind::Guide) {
        let k = kind(&s.kind);
        if !kinds.contains(&k) {
            kinds.push(k);
        }
    }
    if kinds.is_empty() {
        String::new()
    } else {
        format!(" Over it: {}.", kinds.join(" and "))
    }
}

fn surface(s: &Surface, p: &Panel) -> String {
    let mut out = format!("3-D surface of {}×{} points.", s.rows, s.cols);
    out.push_str(&axis("x", &p.xlabel, false, range(&s.x), None));
    out.push_str(&axis("y", &p.ylabel, false, range(&s.y), None));
    out.push_str(&axis("z", "", false, range(&s.z), None));
    out
}

/// `: a; b; c` (and how many more), or nothing for no names.
fn listed(names: &[String]) -> String {
    if names.is_empty() {
        return String::new();
    }
    let shown: Vec<&str> = names.iter().take(MAX_NAMES).map(String::as_str).collect();
    let more = names.len().saturating_sub(MAX_NAMES);
    let tail = if more > 0 {
        format!(" and {more} more")
    } else {
        String::new()
    };
    format!(": {}{tail}", shown.join("; "))
}

/// Finite minimum and maximum.
fn range<'a>(values: impl IntoIterator<Item = &'a f64>) -> Option<(f64, f64)> {
    values
        .into_iter()
        .copied()
        .filter(|v| v.is_finite())
        .fold(None, |acc, v| {
            Some(acc.map_or((v, v), |(lo, hi): (f64, f64)| (lo.min(v), hi.max(v))))
        })
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plot::model::{Color, LineStyle};

    fn line(label: &str, y: Vec<f64>) -> Series {
        Series {
            kind: SeriesKind::Line,
            label: label.into(),
            color: Color::Auto(0),
            style: LineStyle::Solid,
            x: (0..y.len()).map(|i| i as f64).collect(),
            y,
        }
    }

    #[test]
    fn a_chart_names_its_kind_series_axes_and_ranges() {
        let mut fig = Figure::new(1);
        let p = &mut fig.panels[0];
        p.series.push(line("loss", vec![3.0, 1.0, 0.5]));
        p.series.push(line("accuracy", vec![0.2, 0.6, 0.9]));
        p.title = "Training".into();
        p.xlabel = "step".into();
        p.log_y = true;
        assert_eq!(title(&fig), "Training");
        assert_eq!(
            description(&fig),
            "“Training”, Line chart with 2 series: loss; accuracy. x axis “step”, from 0 to 2. \
             y axis, logarithmic, from 0.2 to 3."
        );
    }

    #[test]
    fn grids_heatmaps_and_empty_figures_are_described() {
        let mut fig = Figure::new(1);
        fig.rows = 1;
        fig.cols = 2;
        fig.panels = vec![Panel::default(), Panel::default()];
        fig.panels[1].heatmap = Some(Heatmap {
            rows: 2,
            cols: 2,
            values: vec![0.0, 0.5, 1.0, f64::NAN],
            xlabels: Some(vec!["a".into(), "b".into()]),
            ylabels: None,
            colormap: "viridis".into(),
            extent: None,
        });
        let text = description(&fig);
        assert!(
            text.starts_with("2 panels in a 1×2 grid. Panel 1: no data."),
            "{text}"
        );
        assert!(
            text.contains("heatmap of 2×2 values from 0 to 1 (colormap viridis). Columns: a; b."),
            "{text}"
        );
        assert_eq!(title(&fig), "Figure");
        fig.panels[0].image = Some(Image {
            rows: 1,
            cols: 2,
            values: vec![0.0, 10.0, 20.0, 30.0, 40.0, 255.0],
            rgb: true,
            colormap: "rgb".into(),
        });
        let text = description(&fig);
        assert!(
            text.contains(
                "Panel 1: true-colour image of 1×2 pixels: red from 0 to 30, green from 10 to 40, \
                 blue from 20 to 255 (of 0 to 255)."
            ),
            "{text}"
        );
        let names: Vec<String> = (0..20).map(|i| i.to_string()).collect();
        assert!(listed(&names).ends_with("and 8 more"));
    }
}
