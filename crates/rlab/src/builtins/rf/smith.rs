//! Smith charts: `smith` (the chart grid, then reflection traces), `smith_circle` and
//! `marker` (overlays on the chart). The grid is dashed guide series in a neutral colour
//! (constant-resistance circles and constant-reactance arcs clipped to the unit disk, or
//! their admittance mirror): drawn as lines, but not data (no readouts, legend, table or
//! record); the panel keeps one data unit square (`equal_aspect`), the ±1 limits and no
//! rectangular grid.

use super::access::read_file;
use super::network::Network;
use super::{Args, complex_values};
use crate::builtins::plotting::{content_panel, push_series};
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::plot::model::{Color, LineStyle, Panel, SeriesKind};
use crate::value::{C64, Value};

/// The colour of the chart grid.
const GRID: Color = Color::Rgb(170, 170, 170);
const RESISTANCES: [f64; 6] = [0.0, 0.2, 0.5, 1.0, 2.0, 5.0];
const REACTANCES: [f64; 5] = [0.2, 0.5, 1.0, 2.0, 5.0];

/// Which grid a chart draws.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Grid {
    Z,
    Y,
    Zy,
}

/// Γ of the normalised impedance `z`.
fn gamma(z: C64) -> C64 {
    (z - 1.0) / (z + 1.0)
}

/// Resistances or reactances from 0 to ∞ on a grid dense near 0 and the chart's edge.
fn half_line(points: usize) -> impl Iterator<Item = f64> {
    (0..points).map(move |q| {
        let u = q as f64 / points as f64;
        u / (1.0 - u)
    })
}

/// The grid curves of the impedance chart, as Γ points.
fn z_curves() -> Vec<Vec<C64>> {
    let mut curves = Vec::new();
    for r in RESISTANCES {
        let centre = C64::new(r / (1.0 + r), 0.0);
        let radius = 1.0 / (1.0 + r);
        curves.push(circle(centre, radius, 120));
    }
    for x in REACTANCES {
        for sign in [1.0, -1.0] {
            let mut arc: Vec<C64> = half_line(80)
                .map(|r| gamma(C64::new(r, sign * x)))
                .collect();
            arc.push(C64::new(1.0, 0.0));
            curves.push(arc);
        }
    }
    curves.push(vec![C64::new(-1.0, 0.0), C64::new(1.0, 0.0)]);
    curves
}

/// Points on the circle of `centre` and `radius`, closed.
fn circle(centre: C64, radius: f64, points: usize) -> Vec<C64> {
    (0..=points)
        .map(|q| centre + C64::from_polar(radius, std::f64::consts::TAU * q as f64 / points as f64))
        .collect()
}

/// True when the panel already shows a Smith grid.
fn has_grid(panel: &Panel) -> bool {
    panel.equal_aspect && panel.series.iter().any(|s| s.kind == SeriesKind::Guide)
}

/// Draw the grid on `panel` and make it a Smith chart.
fn draw_grid(panel: &mut Panel, grid: Grid) {
    let z = z_curves();
    let mirrored = || z.iter().map(|c| c.iter().map(|g| -g).collect::<Vec<_>>());
    let curves: Vec<Vec<C64>> = match grid {
        Grid::Z => z.clone(),
        Grid::Y => mirrored().collect(),
        Grid::Zy => z.iter().cloned().chain(mirrored()).collect(),
    };
    for curve in curves {
        let xy = curve.iter().map(|g| (g.re, g.im)).unzip();
        push_series(
            panel,
            SeriesKind::Guide,
            String::new(),
            Some(GRID),
            LineStyle::Dashed,
            xy,
        );
    }
    panel.equal_aspect = true;
    panel.grid = false;
    panel.log_x = false;
    panel.log_y = false;
    panel.xlim = Some((-1.0, 1.0));
    panel.ylim = Some((-1.0, 1.0));
}

/// The current panel as a Smith chart (clearing it unless hold is on), ready for traces.
fn chart(interp: &mut Interp, grid: Grid, clear: bool) -> &mut Panel {
    let panel = if clear {
        content_panel(interp)
    } else {
        interp.figures.current.panel()
    };
    if !has_grid(panel) {
        draw_grid(panel, grid);
    }
    panel
}

/// Add a data trace with the next automatic colour among the non-grid series.
fn add_trace(panel: &mut Panel, kind: SeriesKind, label: &str, points: &[C64]) {
    let index = panel
        .series
        .iter()
        .filter(|s| s.kind != SeriesKind::Guide)
        .count();
    let xy = points.iter().map(|g| (g.re, g.im)).unzip();
    push_series(
        panel,
        kind,
        label.to_string(),
        Some(Color::Auto(index)),
        LineStyle::Solid,
        xy,
    );
    if !label.is_empty() {
        panel.legend = true;
    }
}

/// What `smith(...)` plots: labelled traces.
fn traces(
    interp: &mut Interp,
    args: &Args,
    rest: &mut usize,
) -> LangResult<Vec<(String, Vec<C64>)>> {
    let from_network = |net: &Network, rest: &mut usize| -> LangResult<Vec<(String, Vec<C64>)>> {
        if matches!(args.get(1), Some(Value::Scalar(_))) {
            let (i, j) = (super::port(args, 1, net)?, super::port(args, 2, net)?);
            *rest = 3;
            return Ok(vec![(format!("S{}{}", i + 1, j + 1), net.trace(i, j))]);
        }
        let mut out = vec![("S11".to_string(), net.trace(0, 0))];
        if net.ports() >= 2 {
            out.push(("S22".to_string(), net.trace(1, 1)));
        }
        Ok(out)
    };
    *rest = 1;
    match args.value(0)? {
        Value::Str(path) => from_network(&read_file(interp, "smith", path)?, rest),
        Value::Object(o) if o.downcast::<Network>().is_some() => {
            from_network(super::network(args, 0)?, rest)
        }
        _ => Ok(vec![(String::new(), complex_values(args, 0)?)]),
    }
}

/// The `"grid", mode` option pair at `at`, if given.
fn grid_option(args: &Args, at: usize) -> LangResult<Grid> {
    if args.len() == at {
        return Ok(Grid::Z);
    }
    if args.len() != at + 2 || args.str(at)? != "grid" {
        return Err(LangError::runtime(
            "smith: options are \"grid\", \"Z\" | \"Y\" | \"ZY\"",
        ));
    }
    match args.str(at + 1)? {
        "Z" | "z" => Ok(Grid::Z),
        "Y" | "y" => Ok(Grid::Y),
        "ZY" | "zy" | "YZ" => Ok(Grid::Zy),
        other => Err(LangError::runtime(format!(
            "smith: grid must be \"Z\", \"Y\" or \"ZY\", got \"{other}\""
        ))),
    }
}

pub(super) fn smith(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 5)?;
    let mut rest = 1;
    let traces = traces(interp, &args, &mut rest)?;
    let grid = grid_option(&args, rest)?;
    let panel = chart(interp, grid, true);
    for (label, points) in &traces {
        add_trace(panel, SeriesKind::Line, label, points);
    }
    Ok(Value::None)
}

/// Argument `i` as one complex number.
fn one_complex(args: &Args, i: usize) -> LangResult<C64> {
    match args.value(i)? {
        Value::Scalar(x) => Ok(C64::new(*x, 0.0)),
        Value::Complex(z) => Ok(*z),
        other => Err(LangError::type_error(format!(
            "{}: expected a complex scalar, got {}",
            args.name,
            other.type_name()
        ))),
    }
}

/// Argument `i` as a label (empty when absent).
fn label(args: &Args, i: usize) -> LangResult<String> {
    Ok(if args.len() > i {
        args.str(i)?.to_string()
    } else {
        String::new()
    })
}

pub(super) fn smith_circle(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 3)?;
    let centre = one_complex(&args, 0)?;
    let radius = args.f64(1)?;
    let text = label(&args, 2)?;
    if radius < 0.0 {
        return Err(LangError::runtime(format!(
            "smith_circle: radius must be non-negative, got {}",
            crate::display::scalar(radius)
        )));
    }
    let panel = chart(interp, Grid::Z, false);
    if centre.is_finite() && radius.is_finite() {
        add_trace(panel, SeriesKind::Line, &text, &circle(centre, radius, 180));
    }
    Ok(Value::None)
}

pub(super) fn marker(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 2)?;
    let point = one_complex(&args, 0)?;
    let text = label(&args, 1)?;
    let panel = chart(interp, Grid::Z, false);
    add_trace(panel, SeriesKind::Scatter, &text, &[point]);
    Ok(Value::None)
}
