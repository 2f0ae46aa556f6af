//! Contour geometry on a rectilinear grid: automatic round-number levels, marching squares
//! (NaN cells skipped, saddles resolved by the cell-centre mean) with the crossing segments
//! joined into polylines, and the band edges of filled contours.
//!
//! The grid is `z[r * nx + c]` at `(x[c], y[r])`. Every crossing lies on one grid edge, so
//! segments are joined exactly by the edge they share, never by comparing coordinates.

use rustc_hash::FxHashMap;

/// The number of automatic levels asked for when none is given.
pub const DEFAULT_LEVELS: usize = 10;

/// A field on a rectilinear grid.
pub struct Grid<'a> {
    pub x: &'a [f64],
    pub y: &'a [f64],
    /// Row-major, `y.len()` rows of `x.len()` values.
    pub z: &'a [f64],
}

/// The smallest and largest finite value of `z`.
pub fn finite_range(z: &[f64]) -> Option<(f64, f64)> {
    z.iter()
        .filter(|v| v.is_finite())
        .fold(None, |acc, &v| match acc {
            None => Some((v, v)),
            Some((lo, hi)) => Some((lo.min(v), hi.max(v))),
        })
}

/// About `n` levels at multiples of a round step (1, 2, 2.5 or 5 × 10^k, the smallest not
/// below `(hi − lo) / n`), strictly between `lo` and `hi`. Empty for a flat or empty range.
pub fn auto_levels((lo, hi): (f64, f64), n: usize) -> Vec<f64> {
    let span = hi - lo;
    if !(span.is_finite() && span > 0.0) || n == 0 {
        return Vec::new();
    }
    let step = round_step(span / n as f64);
    let first = (lo / step).floor() as i64;
    let mut levels = Vec::new();
    for k in first.. {
        // A level on k × step, cleaned of the last-bit noise of the product.
        let level = clean(k as f64 * step, step);
        if level >= hi || levels.len() > 4 * n + 4 {
            break;
        }
        if level > lo {
            levels.push(level);
        }
    }
    levels
}

/// The smallest of 1, 2, 2.5, 5 (× 10^k) that is at least `raw`.
fn round_step(raw: f64) -> f64 {
    let base = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|m| m * base)
        .find(|s| *s >= raw * (1.0 - 1e-12))
        .unwrap_or(10.0 * base)
}

/// `v` rounded to 12 significant digits relative to `step` (so 3 × 0.1 is 0.3).
fn clean(v: f64, step: f64) -> f64 {
    let digits = (12 - step.log10().floor() as i32).clamp(0, 300) as usize;
    let r: f64 = format!("{v:.digits$}").parse().unwrap_or(v);
    if r == 0.0 { 0.0 } else { r }
}

/// The band edges of filled contours: the levels, widened by the data's minimum below and
/// maximum above when the data reaches beyond them.
pub fn band_edges(levels: &[f64], range: Option<(f64, f64)>) -> Vec<f64> {
    let mut edges = levels.to_vec();
    if let Some((lo, hi)) = range {
        if edges.first().is_none_or(|&first| lo < first) {
            edges.insert(0, lo);
        }
        if edges.last().is_none_or(|&last| hi > last) {
            edges.push(hi);
        }
    }
    edges.dedup();
    edges
}

/// A grid edge: from node (r, c) to (r, c + 1) when `across`, else to (r + 1, c).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Edge {
    r: usize,
    c: usize,
    across: bool,
}

/// The polylines of the `level` contour, each as points `(x, y)`; closed loops repeat
/// their first point at the end.
pub fn lines(grid: &Grid, level: f64) -> Vec<Vec<(f64, f64)>> {
    let segments = segments(grid, level);
    join(grid, level, &segments)
}

/// Every crossing segment of every cell, as the two edges it joins.
fn segments(grid: &Grid, level: f64) -> Vec<(Edge, Edge)> {
    let (nx, ny) = (grid.x.len(), grid.y.len());
    let mut out = Vec::new();
    if nx < 2 || ny < 2 || grid.z.len() < nx * ny || !level.is_finite() {
        return out;
    }
    let z = |r: usize, c: usize| grid.z[r * nx + c];
    for r in 0..ny - 1 {
        for c in 0..nx - 1 {
            // Corners counter-clockwise from the bottom left; edges bottom, right, top, left.
            let corners = [z(r, c), z(r, c + 1), z(r + 1, c + 1), z(r + 1, c)];
            if corners.iter().any(|v| !v.is_finite()) {
                continue;
            }
            let above = corners.map(|v| v >= level);
            let edges = [
                Edge { r, c, across: true },
                Edge {
                    r,
                    c: c + 1,
                    across: false,
                },
                Edge {
                    r: r + 1,
                    c,
                    across: true,
                },
                Edge {
                    r,
                    c,
                    across: false,
                },
            ];
            // Edge k runs from corner k to corner k + 1.
            let cut: Vec<usize> = (0..4).filter(|&k| above[k] != above[(k + 1) % 4]).collect();
            match cut[..] {
                [a, b] => out.push((edges[a], edges[b])),
                [_, _, _, _] => {
                    let centre = corners.iter().sum::<f64>() / 4.0 >= level;
                    // Each corner on the other side of the centre is cut off alone, by the
                    // two edges that meet at it (edge k−1 and edge k for corner k).
                    for k in (0..4).filter(|&k| above[k] != centre) {
                        out.push((edges[(k + 3) % 4], edges[k]));
                    }
                }
                _ => {}
            }
        }
    }
    out
}

/// Where the `level` contour crosses `edge`.
fn crossing(grid: &Grid, level: f64, e: Edge) -> (f64, f64) {
    let nx = grid.x.len();
    let (r2, c2) = if e.across {
        (e.r, e.c + 1)
    } else {
        (e.r + 1, e.c)
    };
    let (za, zb) = (grid.z[e.r * nx + e.c], grid.z[r2 * nx + c2]);
    let t = if zb != za {
        (level - za) / (zb - za)
    } else {
        0.5
    };
    let t = t.clamp(0.0, 1.0);
    let lerp = |a: f64, b: f64| a + t * (b - a);
    (lerp(grid.x[e.c], grid.x[c2]), lerp(grid.y[e.r], grid.y[r2]))
}

/// Chain segments sharing an edge into polylines, in the order the segments were found.
fn join(grid: &Grid, level: f64, segments: &[(Edge, Edge)]) -> Vec<Vec<(f64, f64)>> {
    let mut at: FxHashMap<Edge, Vec<usize>> = FxHashMap::default();
    for (i, (a, b)) in segments.iter().enumerate() {
        at.entry(*a).or_default().push(i);
        at.entry(*b).or_default().push(i);
    }
    let mut used = vec![false; segments.len()];
    let mut out = Vec::new();
    for start in 0..segments.len() {
        if used[start] {
            continue;
        }
        used[start] = true;
        let (a, b) = segments[start];
        let mut forward = walk(b, &at, segments, &mut used);
        let backward = walk(a, &at, segments, &mut used);
        let mut chain: Vec<Edge> = backward.into_iter().rev().collect();
        chain.push(a);
        chain.push(b);
        chain.append(&mut forward);
        out.push(
            chain
                .into_iter()
                .map(|e| crossing(grid, level, e))
                .collect(),
        );
    }
    out
}

/// The edges reached from `edge` through unused segments, in order.
fn walk(
    mut edge: Edge,
    at: &FxHashMap<Edge, Vec<usize>>,
    segments: &[(Edge, Edge)],
    used: &mut [bool],
) -> Vec<Edge> {
    let mut out = Vec::new();
    while let Some(&next) = at
        .get(&edge)
        .and_then(|list| list.iter().find(|&&i| !used[i]))
    {
        used[next] = true;
        let (a, b) = segments[next];
        edge = if a == edge { b } else { a };
        out.push(edge);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_levels_are_round_and_strictly_inside() {
        assert_eq!(
            auto_levels((0.0, 8.0), 10),
            vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]
        );
        assert_eq!(
            auto_levels((-1.0, 1.0), 10),
            vec![-0.8, -0.6, -0.4, -0.2, 0.0, 0.2, 0.4, 0.6, 0.8]
        );
        assert_eq!(auto_levels((0.0, 1.0), 4), vec![0.25, 0.5, 0.75]);
        assert_eq!(auto_levels((0.0, 0.3), 3), vec![0.1, 0.2]);
        assert!(auto_levels((2.0, 2.0), 10).is_empty());
        assert!(auto_levels((0.0, f64::INFINITY), 10).is_empty());
    }

    #[test]
    fn band_edges_take_in_the_data_range() {
        assert_eq!(
            band_edges(&[1.0, 2.0], Some((0.0, 3.0))),
            vec![0.0, 1.0, 2.0, 3.0]
        );
        assert_eq!(band_edges(&[0.0, 4.0], Some((0.0, 3.0))), vec![0.0, 4.0]);
        assert_eq!(band_edges(&[], Some((1.0, 1.0))), vec![1.0]);
    }

    fn cone() -> (Vec<f64>, Vec<f64>, Vec<f64>) {
        // z = |x| + |y| on a 5×5 grid over [-2, 2]².
        let xs: Vec<f64> = (0..5).map(|i| i as f64 - 2.0).collect();
        let z = (0..25).map(|k| xs[k % 5].abs() + xs[k / 5].abs()).collect();
        (xs.clone(), xs, z)
    }

    #[test]
    fn a_closed_contour_is_one_loop_through_the_right_points() {
        let (x, y, z) = cone();
        let grid = Grid {
            x: &x,
            y: &y,
            z: &z,
        };
        let loops = lines(&grid, 1.5);
        assert_eq!(loops.len(), 1);
        let ring = &loops[0];
        assert_eq!(ring.first(), ring.last(), "closed");
        assert_eq!(ring.len(), 13, "12 crossings and the repeated first");
        for &(px, py) in ring {
            assert!((px.abs() + py.abs() - 1.5).abs() < 1e-12, "({px}, {py})");
        }
    }

    #[test]
    fn nan_cells_are_skipped_and_open_lines_end_at_the_boundary() {
        let (x, y, mut z) = cone();
        z[2 * 5 + 4] = f64::NAN; // the middle of the right edge
        let grid = Grid {
            x: &x,
            y: &y,
            z: &z,
        };
        let parts = lines(&grid, 1.5);
        assert_eq!(parts.len(), 1);
        assert_ne!(
            parts[0].first(),
            parts[0].last(),
            "the NaN cells open the loop"
        );
        assert!(lines(&grid, 10.0).is_empty());
    }

    #[test]
    fn saddles_follow_the_centre_value() {
        // Corners 1, 0, 1, 0 (counter-clockwise): the centre 0.5 is above 0.4, so the two
        // low corners are cut off; below 0.6 the two high ones are.
        let x = [0.0, 1.0];
        let y = [0.0, 1.0];
        let z = [1.0, 0.0, 0.0, 1.0];
        let grid = Grid {
            x: &x,
            y: &y,
            z: &z,
        };
        let low = lines(&grid, 0.4);
        assert_eq!(low.len(), 2);
        let mid = |l: &Vec<(f64, f64)>| ((l[0].0 + l[1].0) / 2.0, (l[0].1 + l[1].1) / 2.0);
        let centres: Vec<_> = low.iter().map(mid).collect();
        // Cut-off corners at (1, 0) and (0, 1).
        assert!(centres.iter().any(|&(cx, cy)| cx > 0.5 && cy < 0.5));
        assert!(centres.iter().any(|&(cx, cy)| cx < 0.5 && cy > 0.5));
        let high = lines(&grid, 0.6);
        let centres: Vec<_> = high.iter().map(mid).collect();
        assert!(centres.iter().any(|&(cx, cy)| cx < 0.5 && cy < 0.5));
    }

    #[test]
    fn degenerate_grids_give_nothing() {
        let grid = Grid {
            x: &[0.0],
            y: &[0.0],
            z: &[1.0],
        };
        assert!(lines(&grid, 0.5).is_empty());
        assert_eq!(finite_range(&[f64::NAN, 2.0, -1.0]), Some((-1.0, 2.0)));
        assert_eq!(finite_range(&[f64::NAN]), None);
    }
}
