//! Filled contours (`contourf`): the bands between the edges painted exactly, not per
//! cell. A cell whose corners lie in one band joins a run of such cells along its row (one
//! rectangle); any other cell is split into two triangles, and each triangle is cut by the
//! band edges (the field is linear on it), giving one polygon per band it meets. Each band
//! is one `<path>`; a stepped colour bar on the right names the edges.

use super::frame;
use super::scale::Scale;
use super::style::AXIS;
use super::view::{Plot, Rect};
use super::writer::{Svg, hex, path_data};
use crate::plot::colormap::Colormap;
use crate::plot::model::Bands;

/// Room right of the plot for the colour bar and its labels (when the panel is wide enough).
const BAR_ROOM: f64 = 92.0;
/// Width of the colour bar strip.
const BAR_WIDTH: f64 = 16.0;

/// A point of the field: plot-space position and value.
type Node = (f64, f64, f64);

/// The room a colour bar needs in `area` (none in narrow panels).
pub(crate) fn room(area: Rect) -> f64 {
    if area.w > 3.0 * BAR_ROOM {
        BAR_ROOM
    } else {
        0.0
    }
}

/// The colour of band `k` of `n`.
fn colour(map: Colormap, k: usize, n: usize) -> String {
    let t = if n > 1 {
        k as f64 / (n - 1) as f64
    } else {
        0.5
    };
    hex(map.at(t))
}

/// The band holding value `v` (values at or beyond the outer edges join the outer bands).
fn band_of(edges: &[f64], v: f64) -> usize {
    if edges.len() < 3 {
        return 0;
    }
    edges[1..edges.len() - 1].partition_point(|&e| e <= v)
}

/// Paint every band of `b` in `plot` (inside the plot's clip group).
pub(crate) fn fill(svg: &mut Svg, plot: &Plot, b: &Bands) {
    let n = b.edges.len().saturating_sub(1);
    let (nx, ny) = (b.x.len(), b.y.len());
    if n == 0 || nx < 2 || ny < 2 || b.z.len() < nx * ny {
        return;
    }
    let mut paths = vec![String::new(); n];
    let node = |r: usize, c: usize| -> Option<Node> {
        let z = b.z[r * nx + c];
        let px = plot.x.to_plot(b.x[c])?;
        let py = plot.y.to_plot(b.y[r])?;
        z.is_finite().then_some((px, py, z))
    };
    for r in 0..ny - 1 {
        let mut run: Option<(usize, usize)> = None; // (first cell, band)
        for c in 0..nx - 1 {
            let corners = [
                node(r, c),
                node(r, c + 1),
                node(r + 1, c + 1),
                node(r + 1, c),
            ];
            let cell: Option<Vec<Node>> = corners.into_iter().collect();
            let uniform = cell.as_ref().and_then(|cell| {
                let k = band_of(&b.edges, cell[0].2);
                cell.iter()
                    .all(|p| band_of(&b.edges, p.2) == k)
                    .then_some(k)
            });
            if run.is_some_and(|(_, k)| Some(k) != uniform) {
                flush(&mut paths, plot, b, r, run.take(), c);
            }
            match (uniform, cell) {
                (Some(k), _) if run.is_none() => run = Some((c, k)),
                (Some(_), _) => {}
                (None, Some(cell)) => {
                    cut(&mut paths, plot, &b.edges, [cell[0], cell[1], cell[2]]);
                    cut(&mut paths, plot, &b.edges, [cell[0], cell[2], cell[3]]);
                }
                (None, None) => {}
            }
        }
        flush(&mut paths, plot, b, r, run, nx - 1);
    }
    let map = Colormap::named(&b.colormap);
    svg.open("g", &[("class", "rlf-bands".into())]);
    for (k, d) in paths.into_iter().enumerate().filter(|(_, d)| !d.is_empty()) {
        let c = colour(map, k, n);
        svg.leaf(
            "path",
            &[
                ("d", d.into()),
                ("fill", c.as_str().into()),
                ("stroke", c.as_str().into()),
                ("stroke-width", 0.6.into()),
                ("stroke-linejoin", "round".into()),
            ],
        );
    }
    svg.close("g");
}

/// Close the run of uniform cells `first..end` of row `r` as one rectangle.
fn flush(
    paths: &mut [String],
    plot: &Plot,
    b: &Bands,
    r: usize,
    run: Option<(usize, usize)>,
    end: usize,
) {
    let Some((first, k)) = run else {
        return;
    };
    let corners = [
        (b.x[first], b.y[r]),
        (b.x[end], b.y[r]),
        (b.x[end], b.y[r + 1]),
        (b.x[first], b.y[r + 1]),
    ];
    let pixels: Option<Vec<(f64, f64)>> = corners
        .iter()
        .map(|&(x, y)| Some(plot.px((plot.x.to_plot(x)?, plot.y.to_plot(y)?))))
        .collect();
    if let (Some(pixels), Some(path)) = (pixels, paths.get_mut(k)) {
        path.push_str(&path_data(&pixels));
        path.push('Z');
    }
}

/// Add the pieces of triangle `tri` to the bands it meets.
fn cut(paths: &mut [String], plot: &Plot, edges: &[f64], tri: [Node; 3]) {
    let lowest = tri.iter().map(|p| band_of(edges, p.2)).min().unwrap_or(0);
    let highest = tri.iter().map(|p| band_of(edges, p.2)).max().unwrap_or(0);
    for k in lowest..=highest {
        let mut piece = tri.to_vec();
        if k > 0 {
            piece = keep(&piece, edges[k], true);
        }
        if k + 2 < edges.len() {
            piece = keep(&piece, edges[k + 1], false);
        }
        if piece.len() >= 3 {
            let pixels: Vec<(f64, f64)> = piece.iter().map(|p| plot.px((p.0, p.1))).collect();
            paths[k].push_str(&path_data(&pixels));
            paths[k].push('Z');
        }
    }
}

/// The part of a convex polygon where the value is at least (`above`) or at most `level`
/// (Sutherland–Hodgman against one level of a linear field).
fn keep(poly: &[Node], level: f64, above: bool) -> Vec<Node> {
    let inside = |p: &Node| if above { p.2 >= level } else { p.2 <= level };
    let mut out = Vec::with_capacity(poly.len() + 2);
    for (i, a) in poly.iter().enumerate() {
        let b = &poly[(i + 1) % poly.len()];
        if inside(a) {
            out.push(*a);
        }
        if inside(a) != inside(b) {
            let t = (level - a.2) / (b.2 - a.2);
            out.push((a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1), level));
        }
    }
    out
}

/// The stepped colour bar of the bands, right of the plot, with the edge values as ticks.
pub(crate) fn colour_bar(svg: &mut Svg, plot: &Plot, b: &Bands, area: Rect) {
    let n = b.edges.len().saturating_sub(1);
    let (Some(&lo), Some(&hi)) = (b.edges.first(), b.edges.last()) else {
        return;
    };
    if room(area) == 0.0 || n == 0 || hi.is_nan() || lo.is_nan() || hi <= lo {
        return;
    }
    let bar = Rect::new(
        plot.rect.right() + 26.0,
        plot.rect.y,
        BAR_WIDTH,
        plot.rect.h,
    );
    let scale = Scale::linear(lo, hi, ((bar.h / 40.0) as usize).clamp(2, 8));
    let side = Plot {
        rect: Rect::new(bar.right(), bar.y, 0.0, bar.h),
        x: Scale::linear(0.0, 1.0, 2),
        y: scale,
    };
    let map = Colormap::named(&b.colormap);
    svg.open("g", &[("class", "rlf-colorbar".into())]);
    for k in 0..n {
        let top = side.px((0.0, b.edges[k + 1])).1;
        let bottom = side.px((0.0, b.edges[k])).1;
        svg.leaf(
            "rect",
            &[
                ("x", bar.x.into()),
                ("y", top.into()),
                ("width", bar.w.into()),
                ("height", (bottom - top).max(0.0).into()),
                ("fill", colour(map, k, n).into()),
            ],
        );
    }
    svg.leaf(
        "rect",
        &[
            ("class", AXIS.class.into()),
            ("x", bar.x.into()),
            ("y", bar.y.into()),
            ("width", bar.w.into()),
            ("height", bar.h.into()),
            ("fill", "none".into()),
            ("stroke", AXIS.light.into()),
        ],
    );
    svg.close("g");
    frame::side_ticks(svg, &side);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_find_their_band() {
        let edges = [0.0, 1.0, 2.0, 4.0];
        let bands: Vec<usize> = [-1.0, 0.0, 0.5, 1.0, 3.9, 4.0, 9.0]
            .iter()
            .map(|&v| band_of(&edges, v))
            .collect();
        assert_eq!(bands, vec![0, 0, 0, 1, 2, 2, 2]);
        assert_eq!(band_of(&[1.0], 5.0), 0);
    }

    #[test]
    fn cutting_a_triangle_keeps_the_part_on_one_side() {
        let tri = [(0.0, 0.0, 0.0), (2.0, 0.0, 2.0), (0.0, 2.0, 0.0)];
        let low = keep(&tri, 1.0, false);
        assert_eq!(low.len(), 4, "{low:?}");
        let high = keep(&tri, 1.0, true);
        assert_eq!(high.len(), 3, "{high:?}");
        assert!(high.iter().any(|p| p.0 == 1.0 && p.1 == 0.0));
    }
}
