//! A figure's data for readers: HTML tables to open under the figure (every panel; at most
//! [`MAX_ROWS`] rows and [`MAX_COLS`] value columns each, with a note pointing to the CSV
//! when cut) and one CSV file holding every value.
//!
//! The CSV is tidy, one row per value: `panel,kind,series,x,y,z`. Series points fill x and
//! y; heatmap cells give the column (label or 1-based index) as x, the row as y and the value
//! as z; filled contours and surfaces give x, y and z; quiver arrows give their base as x and
//! y and one row for each component (`label: u`, `label: v`) in z; image pixels are named
//! like heatmap cells, a true-colour pixel by three rows (`red`, `green`, `blue`). Series
//! held over a heatmap follow its cells. Numbers keep every digit the record keeps.

use rlab::Figure;
use rlab::markup::escape;
use rlab::plot::model::{Panel, Series, SeriesKind};
use std::fmt::Write as _;

/// Rows shown per HTML table.
const MAX_ROWS: usize = 200;
/// Value columns shown per HTML table.
const MAX_COLS: usize = 50;

/// A number as the record writes it: shortest round-trip form, exponent when shorter.
pub(crate) fn number(v: f64) -> String {
    if v.is_nan() {
        return "NaN".into();
    }
    if v.is_infinite() {
        return if v > 0.0 { "Inf" } else { "-Inf" }.into();
    }
    let plain = format!("{v}");
    let exp = format!("{v:e}");
    if exp.len() < plain.len() { exp } else { plain }
}

/// The panels a figure's grid shows.
fn shown(fig: &Figure) -> impl Iterator<Item = &Panel> {
    fig.panels.iter().take(fig.rows.max(1) * fig.cols.max(1))
}

/// Every panel's data as HTML tables; `csv` is the link to the whole CSV file.
pub(crate) fn html(fig: &Figure, csv: &str) -> String {
    let mut out = String::new();
    let panels: Vec<&Panel> = shown(fig).collect();
    for (k, panel) in panels.iter().enumerate() {
        let name = match (panels.len(), panel.title.trim()) {
            (1, "") => String::new(),
            (1, title) => title.to_string(),
            (_, "") => format!("Panel {}", k + 1),
            (_, title) => format!("Panel {}: {title}", k + 1),
        };
        let (tables, cut) = panel_tables(panel, &name);
        out.push_str(&tables);
        if cut {
            let _ = writeln!(
                out,
                "<p class=\"rlf-note\">Only part of this data is shown; \
                 <a href=\"{}\" download>the CSV file</a> has all of it.</p>",
                escape(csv)
            );
        }
    }
    out
}

/// The tables of one panel (its grid, then its series), and whether any was cut.
fn panel_tables(panel: &Panel, name: &str) -> (String, bool) {
    if let Some(s) = &panel.surface {
        let rows: Vec<Vec<String>> = grids::surface_points(s)
            .map(|(x, y, z)| vec![number(x), number(y), number(z)])
            .collect();
        let head = [
            axis(&panel.xlabel, "x"),
            axis(&panel.ylabel, "y"),
            "z".into(),
        ];
        return table(name, &head, rows);
    }
    let grid = match (&panel.heatmap, &panel.image, &panel.bands) {
        (Some(map), _, _) => Some(grids::heatmap_table(map, name)),
        (None, Some(img), _) => Some(grids::image_table(img, name)),
        (None, None, Some(bands)) => Some(grids::bands_table(bands, name)),
        (None, None, None) => None,
    };
    let Some((mut out, mut cut)) = grid else {
        return series_tables(panel, name);
    };
    if !panel.series.is_empty() {
        let (more, c) = series_tables(panel, "");
        out.push_str(&more);
        cut |= c;
    }
    (out, cut)
}

fn axis(label: &str, fallback: &str) -> String {
    if label.trim().is_empty() {
        fallback.to_string()
    } else {
        label.trim().to_string()
    }
}

/// One table when every series has the same x, else one per series; reference lines as a
/// sentence.
fn series_tables(panel: &Panel, name: &str) -> (String, bool) {
    let named: Vec<(String, &Series)> = panel
        .series
        .iter()
        .enumerate()
        .filter(|(_, s)| s.kind != SeriesKind::Guide)
        .map(|(k, s)| (series_name(k, s), s))
        .collect();
    let (lines, data): (Vec<_>, Vec<_>) =
        named.iter().partition(|(_, s)| s.kind == SeriesKind::HLine);
    let (arrows, data): (Vec<_>, Vec<_>) = data
        .into_iter()
        .partition(|(_, s)| matches!(s.kind, SeriesKind::Arrows { .. }));
    let shared = data.windows(2).all(|w| w[0].1.x == w[1].1.x);
    let groups: Vec<&[&(String, &Series)]> = if shared && !data.is_empty() {
        vec![&data[..]]
    } else {
        data.chunks(1).collect()
    };
    let mut out = String::new();
    let mut cut = false;
    for (label, s) in arrows {
        let caption = if name.is_empty() {
            label.clone()
        } else {
            format!("{name} ({label})")
        };
        let rows = quiver_arrows(s)
            .iter()
            .map(|a| a.iter().map(|&v| number(v)).collect())
            .collect();
        let head = [
            axis(&panel.xlabel, "x"),
            axis(&panel.ylabel, "y"),
            "u".into(),
            "v".into(),
        ];
        let (html, c) = table(&caption, &head, rows);
        out.push_str(&html);
        cut |= c;
    }
    for group in &groups {
        let caption = match (groups.len(), name) {
            (1, _) => name.to_string(),
            (_, "") => group[0].0.clone(),
            (_, name) => format!("{name} ({})", group[0].0),
        };
        let (html, c) = series_table(panel, group, &caption);
        out.push_str(&html);
        cut |= c;
    }
    if !lines.is_empty() {
        let items: Vec<String> = lines
            .iter()
            .map(|(name, s)| {
                format!(
                    "{} = {}",
                    escape(name),
                    s.y.first().map_or(String::new(), |&v| number(v))
                )
            })
            .collect();
        let _ = writeln!(
            out,
            "<p class=\"rlf-note\">Reference lines: {}.</p>",
            items.join("; ")
        );
    }
    (out, cut)
}

/// A table of series sharing their x: an x column, then one column per series.
fn series_table(panel: &Panel, group: &[&(String, &Series)], caption: &str) -> (String, bool) {
    let mut head = vec![axis(&panel.xlabel, "x")];
    head.extend(group.iter().map(|(name, _)| name.clone()));
    let xs = &group[0].1.x;
    let n = group
        .iter()
        .map(|(_, s)| s.x.len().min(s.y.len()))
        .max()
        .unwrap_or(0);
    let cell = |v: Option<&f64>| v.map_or(String::new(), |&v| number(v));
    let rows = (0..n)
        .map(|i| {
            let x = xs.get(i).map_or(String::new(), |&v| {
                category(panel, v).unwrap_or_else(|| number(v))
            });
            let mut row = vec![x];
            row.extend(group.iter().map(|(_, s)| cell(s.y.get(i))));
            row
        })
        .collect();
    table(caption, &head, rows)
}

/// A quiver series' arrows as `[x, y, u, v]`: base and field vector (tip − base over the
/// arrow scale).
fn quiver_arrows(s: &Series) -> Vec<[f64; 4]> {
    let scale = match s.kind {
        SeriesKind::Arrows { scale } if scale != 0.0 => scale,
        _ => 1.0,
    };
    let points: Vec<(f64, f64)> = s.x.iter().copied().zip(s.y.iter().copied()).collect();
    points
        .chunks(3)
        .filter(|c| c.len() >= 2)
        .map(|c| {
            let ((x, y), (tx, ty)) = (c[0], c[1]);
            [x, y, (tx - x) / scale, (ty - y) / scale]
        })
        .collect()
}

/// The series' label, or `series k`; histograms say what their x is.
fn series_name(k: usize, s: &Series) -> String {
    let label = s.label.trim();
    let name = if label.is_empty() {
        format!("series {}", k + 1)
    } else {
        label.to_string()
    };
    if s.kind == SeriesKind::Step {
        format!("{name} (bin centre → count)")
    } else {
        name
    }
}

/// The category name at x (categorical bar charts put categories at 1…n).
fn category(panel: &Panel, x: f64) -> Option<String> {
    let names = panel.categories.as_ref()?;
    let k = x.round();
    (k == x && k >= 1.0)
        .then(|| names.get(k as usize - 1).cloned())
        .flatten()
}

/// A table with a caption, a header row and at most [`MAX_ROWS`] rows (the first cell of
/// each row is its header); whether rows were left out.
pub(super) fn table(caption: &str, head: &[String], rows: Vec<Vec<String>>) -> (String, bool) {
    let mut out = String::from("<table class=\"rlf-table\">\n");
    if !caption.is_empty() {
        let _ = writeln!(out, "<caption>{}</caption>", escape(caption));
    }
    out.push_str("<thead><tr>");
    for h in head {
        let _ = write!(out, "<th>{}</th>", escape(h));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    let cut = rows.len() > MAX_ROWS;
    for row in rows.into_iter().take(MAX_ROWS) {
        out.push_str("<tr>");
        for (i, cell) in row.iter().enumerate() {
            let tag = if i == 0 { "th" } else { "td" };
            let _ = write!(out, "<{tag}>{}</{tag}>", escape(cell));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n");
    (out, cut)
}

/// Every value of the figure, one CSV row each: the panel's grid, then its series.
pub(crate) fn csv(fig: &Figure) -> String {
    let mut out = String::from("panel,kind,series,x,y,z\n");
    for (k, panel) in shown(fig).enumerate() {
        let p = k + 1;
        if grids::csv_rows(&mut out, p, panel) {
            continue;
        }
        for s in panel.series.iter().filter(|s| s.kind != SeriesKind::Guide) {
            let kind = s.kind.name();
            if matches!(s.kind, SeriesKind::Arrows { .. }) {
                for [x, y, u, v] in quiver_arrows(s) {
                    let (x, y) = (number(x), number(y));
                    row(
                        &mut out,
                        p,
                        kind,
                        &format!("{}: u", s.label),
                        [&x, &y, &number(u)],
                    );
                    row(
                        &mut out,
                        p,
                        kind,
                        &format!("{}: v", s.label),
                        [&x, &y, &number(v)],
                    );
                }
                continue;
            }
            for (&x, &y) in s.x.iter().zip(&s.y) {
                let x = category(panel, x).unwrap_or_else(|| number(x));
                row(&mut out, p, kind, &s.label, [&x, &number(y), ""]);
            }
        }
    }
    out
}

pub(super) fn row(out: &mut String, panel: usize, kind: &str, series: &str, [x, y, z]: [&str; 3]) {
    let _ = writeln!(
        out,
        "{panel},{kind},{},{},{},{}",
        field(series),
        field(x),
        field(y),
        field(z)
    );
}

/// A CSV field, quoted when it holds a comma, quote or line break.
fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

mod grids;
#[cfg(test)]
mod tests;
