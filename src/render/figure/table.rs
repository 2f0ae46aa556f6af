//! A figure's data for readers: HTML tables to open under the figure (every panel; at most
//! [`MAX_ROWS`] rows and [`MAX_COLS`] value columns each, with a note pointing to the CSV
//! when cut) and one CSV file holding every value.
//!
//! The CSV is tidy, one row per value: `panel,kind,series,x,y,z`. Series points fill x and
//! y; heatmap cells give the column (label or 1-based index) as x, the row as y and the value
//! as z; surfaces give x, y and z. Numbers keep every digit the record keeps.

use crate::markup::escape;
use rlab::Figure;
use rlab::plot::model::{Heatmap, Panel, Series, SeriesKind, Surface};
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

/// The tables of one panel, and whether any was cut.
fn panel_tables(panel: &Panel, name: &str) -> (String, bool) {
    if let Some(map) = &panel.heatmap.as_ref().filter(|_| panel.surface.is_none()) {
        return heatmap_table(map, name);
    }
    if let Some(s) = &panel.surface {
        let rows: Vec<Vec<String>> = surface_points(s)
            .map(|(x, y, z)| vec![number(x), number(y), number(z)])
            .collect();
        let head = [
            axis(&panel.xlabel, "x"),
            axis(&panel.ylabel, "y"),
            "z".into(),
        ];
        return table(name, &head, rows);
    }
    series_tables(panel, name)
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
        .map(|(k, s)| (series_name(k, s), s))
        .collect();
    let (lines, data): (Vec<_>, Vec<_>) =
        named.iter().partition(|(_, s)| s.kind == SeriesKind::HLine);
    let shared = data.windows(2).all(|w| w[0].1.x == w[1].1.x);
    let groups: Vec<&[&(String, &Series)]> = if shared && !data.is_empty() {
        vec![&data[..]]
    } else {
        data.chunks(1).collect()
    };
    let mut out = String::new();
    let mut cut = false;
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

fn heatmap_table(map: &Heatmap, name: &str) -> (String, bool) {
    let col_name = |c: usize| {
        map.xlabels
            .as_ref()
            .and_then(|l| l.get(c).cloned())
            .unwrap_or_else(|| (c + 1).to_string())
    };
    let row_name = |r: usize| {
        map.ylabels
            .as_ref()
            .and_then(|l| l.get(r).cloned())
            .unwrap_or_else(|| (r + 1).to_string())
    };
    let cols = map.cols.min(MAX_COLS);
    let mut head = vec![String::new()];
    head.extend((0..cols).map(col_name));
    let rows = (0..map.rows)
        .map(|r| {
            let mut row = vec![row_name(r)];
            row.extend((0..cols).map(|c| {
                map.values
                    .get(r * map.cols + c)
                    .map_or(String::new(), |&v| number(v))
            }));
            row
        })
        .collect();
    let (html, cut) = table(name, &head, rows);
    (html, cut || map.cols > MAX_COLS)
}

fn surface_points(s: &Surface) -> impl Iterator<Item = (f64, f64, f64)> + '_ {
    (0..s.rows * s.cols).filter_map(|i| Some((*s.x.get(i)?, *s.y.get(i)?, *s.z.get(i)?)))
}

/// A table with a caption, a header row and at most [`MAX_ROWS`] rows (the first cell of
/// each row is its header); whether rows were left out.
fn table(caption: &str, head: &[String], rows: Vec<Vec<String>>) -> (String, bool) {
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

/// Every value of the figure, one CSV row each.
pub(crate) fn csv(fig: &Figure) -> String {
    let mut out = String::from("panel,kind,series,x,y,z\n");
    for (k, panel) in shown(fig).enumerate() {
        let p = k + 1;
        if let Some(s) = &panel.surface {
            for (x, y, z) in surface_points(s) {
                row(
                    &mut out,
                    p,
                    "surface",
                    "",
                    [&number(x), &number(y), &number(z)],
                );
            }
        } else if let Some(map) = &panel.heatmap {
            for r in 0..map.rows {
                for c in 0..map.cols {
                    let x = map
                        .xlabels
                        .as_ref()
                        .and_then(|l| l.get(c).cloned())
                        .unwrap_or_else(|| (c + 1).to_string());
                    let y = map
                        .ylabels
                        .as_ref()
                        .and_then(|l| l.get(r).cloned())
                        .unwrap_or_else(|| (r + 1).to_string());
                    let v = map
                        .values
                        .get(r * map.cols + c)
                        .map_or(String::new(), |&v| number(v));
                    row(&mut out, p, "heatmap", "", [&x, &y, &v]);
                }
            }
        } else {
            for s in &panel.series {
                let kind = s.kind.name();
                for (&x, &y) in s.x.iter().zip(&s.y) {
                    let x = category(panel, x).unwrap_or_else(|| number(x));
                    row(&mut out, p, kind, &s.label, [&x, &number(y), ""]);
                }
            }
        }
    }
    out
}

fn row(out: &mut String, panel: usize, kind: &str, series: &str, [x, y, z]: [&str; 3]) {
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

#[cfg(test)]
mod tests;
