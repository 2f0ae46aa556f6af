//! Surface panels (`surf`): a projected 3-D view of the `z` grid over `x`/`y`, each grid cell
//! a quadrilateral coloured by its mean height, drawn far-to-near so nearer cells cover
//! farther ones, inside plotters' 3-D axis box. Dense grids are sampled down to keep the SVG
//! small.

use super::numbers::short_number;
use super::scale::Scale;
use super::style::{self, AXIS, GRID_MAJOR, GRID_MINOR, LABEL_SIZE, TICK_SIZE};
use crate::lang::plot::colormap::Colormap;
use crate::lang::plot::model::{Panel, Surface};
use plotters::coord::Shift;
use plotters::coord::ranged3d::Cartesian3d;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// At most this many grid lines per direction are drawn.
const MAX_LINES: usize = 40;

/// One cell of the surface: corners in chart coordinates (x, height, y) and mean height.
struct Quad {
    corners: [(f64, f64, f64); 4],
    height: f64,
}

/// The 3-D coordinates: data x across, height up, data y into the picture.
type BoxCoord = Cartesian3d<RangedCoordf64, RangedCoordf64, RangedCoordf64>;

/// Draw a surface panel into `area`.
pub(crate) fn draw<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    panel: &Panel,
    surf: &Surface,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let (x, y, z) = (
        axis_scale(&surf.x),
        axis_scale(&surf.y),
        axis_scale(&surf.z),
    );
    let mut chart = axis_box(area, panel, (&x, &y, &z))?;
    let quads = quads(surf);
    let coords = chart.as_coord_spec();
    let depth: Vec<i32> = quads
        .iter()
        .map(|q| {
            let (cx, cz, cy) = centre(q);
            coords.projected_depth(&cx, &cz, &cy)
        })
        .collect();
    // Farthest first, so nearer cells are painted over farther ones.
    let mut order: Vec<usize> = (0..quads.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(depth.get(i).copied().unwrap_or(0)), i));
    let ordered: Vec<&Quad> = order.iter().filter_map(|&i| quads.get(i)).collect();
    let colormap = Colormap::named(&surf.colormap);
    chart.draw_series(ordered.iter().map(|q| {
        let (r, g, b) = colormap.at(normalise(q.height, (z.lo, z.hi)));
        Polygon::new(q.corners.to_vec(), style::fill(RGBColor(r, g, b)))
    }))?;
    let edge = style::stroke(AXIS, 1).color.mix(0.35).stroke_width(1);
    chart.draw_series(ordered.iter().map(|q| {
        let mut ring = q.corners.to_vec();
        ring.push(q.corners[0]);
        PathElement::new(ring, edge)
    }))?;
    draw_axis_names(area, panel)
}

/// The titled 3-D chart with its projection and axis box (grid walls, ticks).
fn axis_box<'a, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, Shift>,
    panel: &Panel,
    (x, y, z): (&Scale, &Scale, &Scale),
) -> Result<ChartContext<'a, DB, BoxCoord>, DrawingAreaErrorKind<DB::ErrorType>> {
    let title = style::clean_text(&panel.title);
    let mut builder = ChartBuilder::on(area);
    builder.margin(16).margin_bottom(30);
    if !title.is_empty() {
        builder.caption(&title, style::font(style::TITLE_SIZE));
    }
    let mut chart = builder.build_cartesian_3d(x.lo..x.hi, z.lo..z.hi, y.lo..y.hi)?;
    chart.with_projection(|mut p| {
        p.yaw = 0.65;
        p.pitch = 0.45;
        p.scale = 0.78;
        p.into_matrix()
    });
    // Plotters picks the 3-D tick positions itself, so labels show the values as they are.
    let tick = |v: &f64| short_number(*v);
    chart
        .configure_axes()
        .label_style(style::font(TICK_SIZE))
        .bold_grid_style(style::stroke(GRID_MAJOR, 1))
        .light_grid_style(style::stroke(GRID_MINOR, 1))
        .axis_panel_style(RGBColor(248, 248, 248).filled())
        .max_light_lines(1)
        .x_formatter(&tick)
        .y_formatter(&tick)
        .z_formatter(&tick)
        .draw()?;
    Ok(chart)
}

fn centre(q: &Quad) -> (f64, f64, f64) {
    let sum = q.corners.iter().fold((0.0, 0.0, 0.0), |acc, c| {
        (acc.0 + c.0, acc.1 + c.1, acc.2 + c.2)
    });
    (sum.0 / 4.0, sum.1 / 4.0, sum.2 / 4.0)
}

fn normalise(v: f64, (lo, hi): (f64, f64)) -> f64 {
    if hi > lo { (v - lo) / (hi - lo) } else { 0.5 }
}

/// A linear scale over the finite values, `(0, 1)` when there are none.
fn axis_scale(values: &[f64]) -> Scale {
    let finite = values.iter().copied().filter(|v| v.is_finite());
    let (lo, hi) = finite.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    if lo <= hi {
        Scale::linear(lo, hi)
    } else {
        Scale::linear(0.0, 1.0)
    }
}

/// Grid indices sampled to at most [`MAX_LINES`], always keeping the last one.
fn sample(n: usize) -> Vec<usize> {
    let stride = n.div_ceil(MAX_LINES).max(1);
    let mut picks: Vec<usize> = (0..n).step_by(stride).collect();
    if let Some(&last) = picks.last()
        && last + 1 < n
    {
        picks.push(n - 1);
    }
    picks
}

/// The cells of the sampled grid whose four corners are all finite.
fn quads(surf: &Surface) -> Vec<Quad> {
    let (rows, cols) = (sample(surf.rows), sample(surf.cols));
    let corner = |r: usize, c: usize| {
        let i = r.checked_mul(surf.cols)?.checked_add(c)?;
        let p = (*surf.x.get(i)?, *surf.z.get(i)?, *surf.y.get(i)?);
        (p.0.is_finite() && p.1.is_finite() && p.2.is_finite()).then_some(p)
    };
    let mut out = Vec::new();
    for rw in rows.windows(2) {
        for cw in cols.windows(2) {
            let corners = [
                corner(rw[0], cw[0]),
                corner(rw[0], cw[1]),
                corner(rw[1], cw[1]),
                corner(rw[1], cw[0]),
            ];
            if let [Some(a), Some(b), Some(c), Some(d)] = corners {
                let height = (a.1 + b.1 + c.1 + d.1) / 4.0;
                out.push(Quad {
                    corners: [a, b, c, d],
                    height,
                });
            }
        }
    }
    out
}

/// The x and y axis labels, written under the box (plotters' 3-D axes have no titles).
fn draw_axis_names<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    panel: &Panel,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let names: Vec<String> = [("x", &panel.xlabel), ("y", &panel.ylabel)]
        .iter()
        .filter(|(_, label)| !label.trim().is_empty())
        .map(|(axis, label)| format!("{axis}: {}", style::clean_text(label)))
        .collect();
    if names.is_empty() {
        return Ok(());
    }
    let (width, height) = area.dim_in_pixel();
    let anchor = Pos::new(HPos::Center, VPos::Bottom);
    let text = Text::new(
        names.join(",   "),
        ((width / 2) as i32, height as i32 - 8),
        style::font(LABEL_SIZE).pos(anchor),
    );
    area.draw(&text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bowl(n: usize) -> Surface {
        let mut s = Surface {
            rows: n,
            cols: n,
            x: Vec::new(),
            y: Vec::new(),
            z: Vec::new(),
            colormap: "viridis".into(),
        };
        for r in 0..n {
            for c in 0..n {
                let (x, y) = (c as f64, r as f64);
                s.x.push(x);
                s.y.push(y);
                s.z.push(x * x + y * y);
            }
        }
        s
    }

    #[test]
    fn every_cell_becomes_a_quad() {
        assert_eq!(quads(&bowl(4)).len(), 9);
        assert!(quads(&bowl(1)).is_empty());
    }

    #[test]
    fn dense_grids_are_sampled_and_keep_their_edges() {
        let picks = sample(100);
        assert!(picks.len() <= MAX_LINES + 1);
        assert_eq!(picks.first(), Some(&0));
        assert_eq!(picks.last(), Some(&99));
        assert_eq!(sample(3), vec![0, 1, 2]);
        assert!(sample(0).is_empty());
    }

    #[test]
    fn non_finite_corners_drop_their_cells() {
        let mut s = bowl(3);
        s.z[4] = f64::NAN;
        assert!(
            quads(&s).is_empty(),
            "the centre point touches all four cells"
        );
        let mut short = bowl(3);
        short.z.truncate(2);
        assert!(quads(&short).is_empty());
        assert_eq!(axis_scale(&[f64::NAN]).lo, 0.0);
        assert_eq!(normalise(1.0, (1.0, 1.0)), 0.5);
    }
}
