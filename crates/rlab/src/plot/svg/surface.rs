//! Surface panels (`surf`): the `z` grid over `x`/`y` seen from above at an angle, inside an
//! axis box whose floor and two back walls carry grid lines and ticks. Each grid cell is a
//! quadrilateral coloured by its mean height, painted far to near so nearer cells cover
//! farther ones. Dense grids are sampled down to keep the SVG small.
//!
//! The view comes from [`super::projection`].

use super::frame::{self, PAD, Texts, open_role};
use super::projection::{Axes, Projection, Unit, along, turn};
use super::scale::Scale;
use super::style::{AXIS, GRID_MAJOR, LABEL_SIZE, TICK_SIZE, WALL};
use super::text;
use super::view::{PanelView, Rect};
use super::writer::{Svg, hex};
use crate::plot::colormap::Colormap;
use crate::plot::model::{Panel, Surface};

/// At most this many grid lines per direction are drawn.
const MAX_LINES: usize = 40;
/// At most this many grid points per direction can be read out.
const MAX_POINTS: usize = 24;
/// Draw a surface panel into `area`.
pub(crate) fn draw(svg: &mut Svg, area: Rect, panel: &Panel, surf: &Surface) -> PanelView {
    let texts = Texts::of(panel, area);
    frame::draw_title(svg, area, &texts.title);
    let axes = Axes {
        x: axis_scale(&surf.x),
        y: axis_scale(&surf.y),
        z: axis_scale(&surf.z),
    };
    let top = texts.top() + 6.0;
    let room = Rect::new(
        area.x + PAD + 60.0,
        area.y + top,
        area.w - 2.0 * PAD - 120.0,
        area.h - top - PAD - 2.0 * LABEL_SIZE - 30.0,
    );
    let proj = Projection::fit(room);
    let back = back_walls();
    walls(svg, &proj, &axes, back);
    let (quads, points) = quads(surf, &axes, &proj);
    write_quads(svg, &quads, surf);
    ticks(svg, &proj, &axes, back);
    axis_names(svg, &proj, panel, back);
    PanelView {
        kind: "surface",
        rect: room,
        points,
        ..PanelView::default()
    }
}

/// The `u` and `v` of the walls farthest from the viewer.
fn back_walls() -> (f64, f64) {
    let depth = |p: Unit| turn(p).2;
    let u = if depth((1.0, 0.0, 0.0)) > depth((-1.0, 0.0, 0.0)) {
        1.0
    } else {
        -1.0
    };
    let v = if depth((0.0, 1.0, 0.0)) > depth((0.0, -1.0, 0.0)) {
        1.0
    } else {
        -1.0
    };
    (u, v)
}

/// The floor and the two back walls, with grid lines at the ticks.
fn walls(svg: &mut Svg, proj: &Projection, axes: &Axes, (bu, bv): (f64, f64)) {
    let faces: [[Unit; 4]; 3] = [
        [
            (-1.0, -1.0, -1.0),
            (1.0, -1.0, -1.0),
            (1.0, 1.0, -1.0),
            (-1.0, 1.0, -1.0),
        ],
        [
            (bu, -1.0, -1.0),
            (bu, 1.0, -1.0),
            (bu, 1.0, 1.0),
            (bu, -1.0, 1.0),
        ],
        [
            (-1.0, bv, -1.0),
            (1.0, bv, -1.0),
            (1.0, bv, 1.0),
            (-1.0, bv, 1.0),
        ],
    ];
    open_role(
        svg,
        WALL,
        &[
            ("class", format!("{} {}", WALL.class, AXIS.class).into()),
            ("stroke", AXIS.light.into()),
        ],
    );
    for face in faces {
        let pts: Vec<(f64, f64)> = face.iter().map(|&p| proj.px(p)).collect();
        svg.leaf(
            "path",
            &[("d", format!("{}Z", super::writer::path_data(&pts)).into())],
        );
    }
    svg.close("g");
    let mut lines = Vec::new();
    for t in axes.x.ticks.iter().map(|&t| along(&axes.x, t)) {
        lines.push([(t, -1.0, -1.0), (t, 1.0, -1.0)]);
        lines.push([(t, bv, -1.0), (t, bv, 1.0)]);
    }
    for t in axes.y.ticks.iter().map(|&t| along(&axes.y, t)) {
        lines.push([(-1.0, t, -1.0), (1.0, t, -1.0)]);
        lines.push([(bu, t, -1.0), (bu, t, 1.0)]);
    }
    for t in axes.z.ticks.iter().map(|&t| along(&axes.z, t)) {
        lines.push([(bu, -1.0, t), (bu, 1.0, t)]);
        lines.push([(-1.0, bv, t), (1.0, bv, t)]);
    }
    open_role(svg, GRID_MAJOR, &[("class", GRID_MAJOR.class.into())]);
    for [a, b] in lines {
        let ((x1, y1), (x2, y2)) = (proj.px(a), proj.px(b));
        frame::line(svg, [x1, y1, x2, y2]);
    }
    svg.close("g");
}

/// Tick labels: x along the front edge of the floor, y along its other front edge, z up the
/// front corner of the back walls.
fn ticks(svg: &mut Svg, proj: &Projection, axes: &Axes, (bu, bv): (f64, f64)) {
    let floor_centre = proj.px((0.0, 0.0, -1.0));
    let mut labels: Vec<((f64, f64), String)> = Vec::new();
    let mut outward = |p: (f64, f64), label: String, push: f64| {
        let (dx, dy) = (p.0 - floor_centre.0, p.1 - floor_centre.1);
        let len = dx.hypot(dy).max(1e-9);
        labels.push(((p.0 + dx / len * push, p.1 + dy / len * push), label));
    };
    for (&t, label) in axes.x.ticks.iter().zip(axes.x.labels()) {
        outward(proj.px((along(&axes.x, t), -bv, -1.0)), label, 16.0);
    }
    for (&t, label) in axes.y.ticks.iter().zip(axes.y.labels()) {
        outward(proj.px((-bu, along(&axes.y, t), -1.0)), label, 16.0);
    }
    for (&t, label) in axes.z.ticks.iter().zip(axes.z.labels()) {
        let (x, y) = proj.px((-bu, bv, along(&axes.z, t)));
        let shift = if x < floor_centre.0 {
            -8.0 - text::width(&label, TICK_SIZE) / 2.0
        } else {
            8.0 + text::width(&label, TICK_SIZE) / 2.0
        };
        labels.push(((x + shift, y), label));
    }
    frame::open_text(svg, "rlf-ticks", TICK_SIZE, "middle");
    for ((x, y), label) in labels {
        svg.text(
            "text",
            &[("x", x.into()), ("y", (y + TICK_SIZE * 0.35).into())],
            &label,
        );
    }
    svg.close("g");
}

/// One cell of the surface: its corners in pixels, depth and mean height.
struct Quad {
    corners: [(f64, f64); 4],
    depth: f64,
    height: f64,
}

/// The cells of the sampled grid whose four corners are all finite, farthest first, and
/// grid points a reader can point at (at most [`MAX_POINTS`] each way) as `[pixel x, pixel y,
/// row, column]`, pixels to a tenth.
fn quads(surf: &Surface, axes: &Axes, proj: &Projection) -> (Vec<Quad>, Vec<[f64; 4]>) {
    let corner = |r: usize, c: usize| {
        let i = r.checked_mul(surf.cols)?.checked_add(c)?;
        let p = (*surf.x.get(i)?, *surf.y.get(i)?, *surf.z.get(i)?);
        (p.0.is_finite() && p.1.is_finite() && p.2.is_finite()).then(|| axes.unit(p))
    };
    let tenth = |v: f64| (v * 10.0).round() / 10.0;
    let mut points = Vec::new();
    for r in sample(surf.rows, MAX_POINTS) {
        for c in sample(surf.cols, MAX_POINTS) {
            if let Some(u) = corner(r, c) {
                let (x, y) = proj.px(u);
                points.push([tenth(x), tenth(y), r as f64, c as f64]);
            }
        }
    }
    let (rows, cols) = (sample(surf.rows, MAX_LINES), sample(surf.cols, MAX_LINES));
    let mut out = Vec::new();
    for rw in rows.windows(2) {
        for cw in cols.windows(2) {
            let four = [
                corner(rw[0], cw[0]),
                corner(rw[0], cw[1]),
                corner(rw[1], cw[1]),
                corner(rw[1], cw[0]),
            ];
            if let [Some(a), Some(b), Some(c), Some(d)] = four {
                let mean = |f: fn(&Unit) -> f64| (f(&a) + f(&b) + f(&c) + f(&d)) / 4.0;
                let centre = (mean(|p| p.0), mean(|p| p.1), mean(|p| p.2));
                out.push(Quad {
                    corners: [proj.px(a), proj.px(b), proj.px(c), proj.px(d)],
                    depth: turn(centre).2,
                    height: centre.2,
                });
            }
        }
    }
    out.sort_by(|p, q| q.depth.total_cmp(&p.depth));
    (out, points)
}

fn write_quads(svg: &mut Svg, quads: &[Quad], surf: &Surface) {
    let colormap = Colormap::named(&surf.colormap);
    open_role(
        svg,
        AXIS,
        &[
            ("class", "rlf-axis rlf-mesh".into()),
            ("stroke-opacity", 0.35.into()),
            ("stroke-width", 0.6.into()),
        ],
    );
    for q in quads {
        let d = format!("{}Z", super::writer::path_data(&q.corners));
        let fill = hex(colormap.at(((q.height + 1.0) / 2.0).clamp(0.0, 1.0)));
        svg.leaf("path", &[("d", d.into()), ("fill", fill.into())]);
    }
    svg.close("g");
}

/// A linear scale over the finite values, `(0, 1)` when there are none.
fn axis_scale(values: &[f64]) -> Scale {
    let finite = values.iter().copied().filter(|v| v.is_finite());
    let (lo, hi) = finite.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    if lo <= hi {
        Scale::linear(lo, hi, 5)
    } else {
        Scale::linear(0.0, 1.0, 5)
    }
}

/// Grid indices sampled to at most about `max`, always keeping the last one.
fn sample(n: usize, max: usize) -> Vec<usize> {
    let stride = n.div_ceil(max).max(1);
    let mut picks: Vec<usize> = (0..n).step_by(stride).collect();
    if let Some(&last) = picks.last()
        && last + 1 < n
    {
        picks.push(n - 1);
    }
    picks
}

/// The x and y axis names (the panel's labels, else `x` and `y`) beyond the tick labels of
/// their edges of the floor.
fn axis_names(svg: &mut Svg, proj: &Projection, panel: &Panel, (bu, bv): (f64, f64)) {
    let centre = proj.px((0.0, 0.0, -1.0));
    let name = |label: &str, fallback: &str| {
        let label = text::clean(label);
        if label.is_empty() {
            fallback.to_string()
        } else {
            label
        }
    };
    let edges = [
        (proj.px((0.0, -bv, -1.0)), name(&panel.xlabel, "x")),
        (proj.px((-bu, 0.0, -1.0)), name(&panel.ylabel, "y")),
    ];
    frame::open_text(svg, "rlf-label", LABEL_SIZE, "middle");
    for ((x, y), label) in edges {
        let (dx, dy) = (x - centre.0, y - centre.1);
        let len = dx.hypot(dy).max(1e-9);
        let at = [
            ("x", (x + dx / len * 44.0).into()),
            ("y", (y + dy / len * 44.0 + LABEL_SIZE * 0.35).into()),
        ];
        svg.text("text", &at, &label);
    }
    svg.close("g");
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

    fn axes(s: &Surface) -> Axes {
        Axes {
            x: axis_scale(&s.x),
            y: axis_scale(&s.y),
            z: axis_scale(&s.z),
        }
    }

    #[test]
    fn every_cell_becomes_a_quad_painted_far_to_near() {
        let s = bowl(4);
        let proj = Projection::fit(Rect::new(0.0, 0.0, 400.0, 300.0));
        let (cells, points) = quads(&s, &axes(&s), &proj);
        assert_eq!(cells.len(), 9);
        assert_eq!(points.len(), 16);
        assert!(cells.windows(2).all(|w| w[0].depth >= w[1].depth));
        assert!(quads(&bowl(1), &axes(&bowl(1)), &proj).0.is_empty());
    }

    #[test]
    fn dense_grids_are_sampled_and_keep_their_edges() {
        let picks = sample(100, MAX_LINES);
        assert!(picks.len() <= MAX_LINES + 1);
        assert_eq!(picks.first(), Some(&0));
        assert_eq!(picks.last(), Some(&99));
        assert_eq!(sample(3, MAX_LINES), vec![0, 1, 2]);
        assert!(sample(0, MAX_LINES).is_empty());
    }

    #[test]
    fn non_finite_corners_drop_their_cells() {
        let mut s = bowl(3);
        s.z[4] = f64::NAN;
        let proj = Projection::fit(Rect::new(0.0, 0.0, 400.0, 300.0));
        assert!(
            quads(&s, &axes(&s), &proj).0.is_empty(),
            "the centre touches all four cells"
        );
        let mut short = bowl(3);
        short.z.truncate(2);
        assert!(quads(&short, &axes(&short), &proj).0.is_empty());
        assert_eq!(axis_scale(&[f64::NAN]).lo, 0.0);
    }
}
