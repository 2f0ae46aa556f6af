//! The grids of a panel as tables and CSV rows: heatmap cells (named by their row and column
//! labels or 1-based indices), image pixels (by their 1-based row and column; a true-colour
//! pixel's three channels together), filled-contour samples (by their x and y) and surface
//! points.

use super::{MAX_COLS, number, row, table};
use rlab::plot::model::{Bands, Heatmap, Image, Panel, Surface};

/// The names of a true-colour pixel's channels, in the order they are stored.
const CHANNELS: [&str; 3] = ["red", "green", "blue"];

/// A heatmap as a table: a row per matrix row, a column per matrix column.
pub(super) fn heatmap_table(map: &Heatmap, name: &str) -> (String, bool) {
    let heads: Vec<String> = (0..map.cols).map(|c| col_name(map, c)).collect();
    let rows: Vec<String> = (0..map.rows).map(|r| row_name(map, r)).collect();
    grid_table(name, (&heads, &rows), &map.values)
}

/// An image as a table: a row per pixel row, a column per pixel column; a true-colour
/// pixel reads `r, g, b`.
pub(super) fn image_table(img: &Image, name: &str) -> (String, bool) {
    let heads: Vec<String> = (1..=img.cols).map(|c| c.to_string()).collect();
    let rows: Vec<String> = (1..=img.rows).map(|r| r.to_string()).collect();
    let n = img.channels();
    let texts: Vec<String> = img
        .values
        .chunks(n)
        .map(|px| px.iter().map(|&v| number(v)).collect::<Vec<_>>().join(", "))
        .collect();
    text_table(name, (&heads, &rows), &texts)
}

/// A filled contour's samples as a table: a row per y, a column per x.
pub(super) fn bands_table(bands: &Bands, name: &str) -> (String, bool) {
    let heads: Vec<String> = bands.x.iter().map(|&x| number(x)).collect();
    let rows: Vec<String> = bands.y.iter().map(|&y| number(y)).collect();
    grid_table(name, (&heads, &rows), &bands.z)
}

/// A row-major grid of `values` with its column and row names (at most [`MAX_COLS`]
/// columns shown; whether any was cut).
fn grid_table(name: &str, (heads, rows): (&[String], &[String]), values: &[f64]) -> (String, bool) {
    let texts: Vec<String> = values.iter().map(|&v| number(v)).collect();
    text_table(name, (heads, rows), &texts)
}

/// A row-major grid of cell texts with its column and row names, as [`grid_table`].
fn text_table(
    name: &str,
    (heads, rows): (&[String], &[String]),
    texts: &[String],
) -> (String, bool) {
    let cols = heads.len();
    let shown = cols.min(MAX_COLS);
    let mut head = vec![String::new()];
    head.extend(heads.iter().take(shown).cloned());
    let body = rows
        .iter()
        .enumerate()
        .map(|(r, name)| {
            let mut cells = vec![name.clone()];
            cells.extend((0..shown).map(|c| texts.get(r * cols + c).cloned().unwrap_or_default()));
            cells
        })
        .collect();
    let (html, cut) = table(name, &head, body);
    (html, cut || cols > MAX_COLS)
}

fn col_name(map: &Heatmap, c: usize) -> String {
    map.xlabels
        .as_ref()
        .and_then(|l| l.get(c).cloned())
        .unwrap_or_else(|| (c + 1).to_string())
}

fn row_name(map: &Heatmap, r: usize) -> String {
    map.ylabels
        .as_ref()
        .and_then(|l| l.get(r).cloned())
        .unwrap_or_else(|| (r + 1).to_string())
}

/// The CSV rows of an image: column, row and value per pixel (per channel, named, when
/// true-colour).
fn image_rows(out: &mut String, p: usize, img: &Image) {
    let n = img.channels();
    for (i, px) in img.values.chunks(n).enumerate() {
        let (col, r) = (
            (i % img.cols.max(1) + 1).to_string(),
            (i / img.cols.max(1) + 1).to_string(),
        );
        for (k, &v) in px.iter().enumerate() {
            let channel = if n == 3 { CHANNELS[k] } else { "" };
            row(out, p, "image", channel, [&col, &r, &number(v)]);
        }
    }
}

pub(super) fn surface_points(s: &Surface) -> impl Iterator<Item = (f64, f64, f64)> + '_ {
    (0..s.rows * s.cols).filter_map(|i| Some((*s.x.get(i)?, *s.y.get(i)?, *s.z.get(i)?)))
}

/// The CSV rows of the panel's grid; true when the panel is a surface (it has nothing else).
pub(super) fn csv_rows(out: &mut String, p: usize, panel: &Panel) -> bool {
    if let Some(s) = &panel.surface {
        for (x, y, z) in surface_points(s) {
            row(out, p, "surface", "", [&number(x), &number(y), &number(z)]);
        }
        return true;
    }
    if let Some(map) = &panel.heatmap {
        for r in 0..map.rows {
            for c in 0..map.cols {
                let v = map
                    .values
                    .get(r * map.cols + c)
                    .map_or(String::new(), |&v| number(v));
                row(
                    out,
                    p,
                    "heatmap",
                    "",
                    [&col_name(map, c), &row_name(map, r), &v],
                );
            }
        }
    } else if let Some(img) = &panel.image {
        image_rows(out, p, img);
    } else if let Some(b) = &panel.bands {
        for (r, &y) in b.y.iter().enumerate() {
            for (c, &x) in b.x.iter().enumerate() {
                let z =
                    b.z.get(r * b.x.len() + c)
                        .map_or(String::new(), |&v| number(v));
                row(out, p, "contourf", "", [&number(x), &number(y), &z]);
            }
        }
    }
    false
}
