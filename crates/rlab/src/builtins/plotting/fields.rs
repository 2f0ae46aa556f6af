//! Scalar fields on a grid: `contour` (lines by marching squares) and `contourf` (filled
//! bands with a colour bar), and the grid arguments they share with the vector-field
//! builtins (`Z` alone on 1..ncols × 1..nrows, or `X, Y, Z` with vectors or meshgrid
//! matrices).

use super::content_panel;
use crate::builtins::Args;
use crate::display;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::plot::color::parse_color;
use crate::plot::contour::{self, DEFAULT_LEVELS, Grid};
use crate::plot::model::{Bands, Color, LineStyle, Panel, Series, SeriesKind};
use crate::value::{NumArray, Value};

/// At most this many contour levels.
const MAX_LEVELS: usize = 1000;
/// The colour of contour lines when none is given: the palette's ink (themed).
pub(super) const INK: Color = Color::Auto(7);

/// A grid's coordinates and one or more fields on it (row-major, `y.len()` rows).
pub(super) struct GridData {
    pub x: Vec<f64>,
    pub y: Vec<f64>,
    pub fields: Vec<Vec<f64>>,
}

/// The matrix argument `i` as (rows, cols, row-major real parts).
fn matrix(name: &str, what: &str, v: &Value) -> LangResult<(usize, usize, Vec<f64>)> {
    match v {
        Value::Matrix(a) | Value::Vector(a) => Ok((a.rows(), a.cols(), a.to_re_vec())),
        other => Err(LangError::type_error(format!(
            "{name}: {what} must be a matrix, got {}",
            other.type_name()
        ))),
    }
}

/// One axis: a vector of `n` values, or a meshgrid matrix (its first row for x, its first
/// column for y).
fn axis(name: &str, what: &str, v: &Value, n: usize, along_rows: bool) -> LangResult<Vec<f64>> {
    let (rows, cols, data) = matrix(name, what, v)?;
    let values = if rows == 1 || cols == 1 {
        data
    } else if along_rows {
        (0..rows).map(|r| data[r * cols]).collect()
    } else {
        data[..cols].to_vec()
    };
    if values.len() != n {
        let per = if along_rows { "row" } else { "column" };
        return Err(LangError::runtime(format!(
            "{name}: {what} must have {n} values (one per {per} of the field), got {}",
            values.len()
        )));
    }
    Ok(values)
}

/// `k` same-shape fields, optionally preceded by X and Y; returns the grid and the number of
/// arguments used. `names` are the fields' names in messages (`Z`, or `U` and `V`).
pub(super) fn grid_args(
    name: &str,
    values: &[Value],
    names: &[&str],
) -> LangResult<(GridData, usize)> {
    let k = names.len();
    let arrays = values
        .iter()
        .take_while(|v| matches!(v, Value::Matrix(_) | Value::Vector(_)))
        .count();
    let with_xy = arrays >= k + 2;
    let first = if with_xy { 2 } else { 0 };
    let mut fields = Vec::with_capacity(k);
    let mut shape = (0, 0);
    for (j, what) in names.iter().enumerate() {
        let v = values.get(first + j).unwrap_or(&Value::None);
        let (rows, cols, data) = matrix(name, what, v)?;
        if j > 0 && (rows, cols) != shape {
            return Err(LangError::runtime(format!(
                "{name}: {} and {what} must have the same size ({}×{} vs {rows}×{cols})",
                names[0], shape.0, shape.1
            )));
        }
        shape = (rows, cols);
        fields.push(data);
    }
    let (rows, cols) = shape;
    if rows < 2 || cols < 2 {
        return Err(LangError::runtime(format!(
            "{name}: {} must be at least 2×2, got {rows}×{cols}",
            names[0]
        )));
    }
    let (x, y) = if with_xy {
        (
            axis(name, "X", &values[0], cols, false)?,
            axis(name, "Y", &values[1], rows, true)?,
        )
    } else {
        let count = |n: usize| (1..=n).map(|i| i as f64).collect();
        (count(cols), count(rows))
    };
    Ok((GridData { x, y, fields }, first + k))
}

/// The trailing options of a contour call.
#[derive(Debug, Default, PartialEq)]
pub(super) struct FieldOptions {
    pub count: Option<usize>,
    pub levels: Option<Vec<f64>>,
    pub color: Option<Color>,
    pub title: Option<String>,
}

/// A one-letter colour code (`k r g b c m y w`), else `None`.
pub(super) fn colour_letter(text: &str) -> Option<Color> {
    let t = text.trim();
    (t.len() == 1 && "krgbcmyw".contains(t))
        .then(|| parse_color(t))
        .flatten()
}

/// Scalar: level count; vector: explicit levels (sorted); string: colour letter or title.
fn field_options(name: &str, rest: &[Value]) -> LangResult<FieldOptions> {
    let mut o = FieldOptions::default();
    let twice = |what: &str| LangError::runtime(format!("{name}: {what} given more than once"));
    for v in rest {
        match v {
            Value::Scalar(n) => {
                if o.count.is_some() || o.levels.is_some() {
                    return Err(twice("the levels"));
                }
                if !(n.fract() == 0.0 && *n >= 1.0 && *n <= MAX_LEVELS as f64) {
                    return Err(LangError::runtime(format!(
                        "{name}: the number of levels must be a whole number from 1 to {MAX_LEVELS}, got {}",
                        display::scalar(*n)
                    )));
                }
                o.count = Some(*n as usize);
            }
            Value::Vector(a) | Value::Matrix(a) => {
                if o.count.is_some() || o.levels.is_some() {
                    return Err(twice("the levels"));
                }
                o.levels = Some(levels(name, a)?);
            }
            Value::Str(text) => match colour_letter(text) {
                Some(c) if o.color.is_none() => o.color = Some(c),
                Some(_) => return Err(twice("a colour")),
                None if o.title.is_none() => o.title = Some(text.clone()),
                None => return Err(twice("a title")),
            },
            other => {
                return Err(LangError::type_error(format!(
                    "{name}: unexpected {} argument",
                    other.type_name()
                )));
            }
        }
    }
    Ok(o)
}

/// Explicit levels: finite, sorted, without repeats, at most [`MAX_LEVELS`].
fn levels(name: &str, a: &NumArray) -> LangResult<Vec<f64>> {
    let mut out: Vec<f64> = a
        .to_re_vec()
        .into_iter()
        .filter(|v| v.is_finite())
        .collect();
    out.sort_by(f64::total_cmp);
    out.dedup();
    if out.len() > MAX_LEVELS {
        return Err(LangError::runtime(format!(
            "{name}: at most {MAX_LEVELS} levels, got {}",
            out.len()
        )));
    }
    Ok(out)
}

/// The grid, its field and the options of a `contour`/`contourf` call, and its levels.
fn parse(args: &Args) -> LangResult<(GridData, FieldOptions, Vec<f64>)> {
    args.arity(1, 6)?;
    let (grid, used) = grid_args(args.name, &args.values, &["Z"])?;
    let opts = field_options(args.name, &args.values[used..])?;
    let levels = match (&opts.levels, opts.count) {
        (Some(given), _) => given.clone(),
        (None, count) => contour::auto_levels(
            contour::finite_range(&grid.fields[0]).unwrap_or((0.0, 0.0)),
            count.unwrap_or(DEFAULT_LEVELS),
        ),
    };
    Ok((grid, opts, levels))
}

/// `contour(...)`: one series of polylines per level that crosses the field.
pub(super) fn contour(interp: &mut Interp, args: Args) -> LangResult<Value> {
    let (grid, opts, levels) = parse(&args)?;
    let field = Grid {
        x: &grid.x,
        y: &grid.y,
        z: &grid.fields[0],
    };
    let mut series = Vec::new();
    for &level in &levels {
        let (mut xs, mut ys) = (Vec::new(), Vec::new());
        for line in contour::lines(&field, level) {
            xs.extend(line.iter().map(|p| p.0).chain([f64::NAN]));
            ys.extend(line.iter().map(|p| p.1).chain([f64::NAN]));
        }
        if !xs.is_empty() {
            series.push(Series {
                kind: SeriesKind::Contour { level },
                label: format!("z = {}", display::scalar(level)),
                color: opts.color.unwrap_or(INK),
                style: LineStyle::Solid,
                x: xs,
                y: ys,
            });
        }
    }
    let panel = content_panel(interp);
    set_title(&mut panel.title, opts.title);
    place_heatmap(panel, &grid);
    panel.series.extend(series);
    Ok(Value::None)
}

/// `contourf(...)`: filled bands between the levels (widened to the data's range), viridis.
pub(super) fn contourf(interp: &mut Interp, args: Args) -> LangResult<Value> {
    let (mut grid, opts, levels) = parse(&args)?;
    let z = grid.fields.swap_remove(0);
    let edges = contour::band_edges(&levels, contour::finite_range(&z));
    let panel = content_panel(interp);
    set_title(&mut panel.title, opts.title);
    panel.bands = Some(Bands {
        x: grid.x,
        y: grid.y,
        z,
        edges,
        colormap: "viridis".into(),
    });
    Ok(Value::None)
}

/// Place a heatmap held under a grid overlay of its shape on the grid's coordinates (once).
pub(super) fn place_heatmap(panel: &mut Panel, grid: &GridData) {
    if let Some(map) = &mut panel.heatmap
        && map.extent.is_none()
        && (map.rows, map.cols) == (grid.y.len(), grid.x.len())
        && let (Some(&x1), Some(&xn), Some(&y1), Some(&ym)) =
            (grid.x.first(), grid.x.last(), grid.y.first(), grid.y.last())
    {
        map.extent = Some([x1, xn, y1, ym]);
    }
}

/// Set a title given by a plotting call unless the panel has one (kept under hold).
pub(super) fn set_title(title: &mut String, given: Option<String>) {
    if let Some(t) = given
        && title.is_empty()
    {
        *title = t;
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;

    fn bowl() -> Value {
        // z = x² + y² on x, y ∈ {-1, 0, 1}.
        Value::matrix_rows(3, 3, vec![2.0, 1.0, 2.0, 1.0, 0.0, 1.0, 2.0, 1.0, 2.0])
    }

    #[test]
    fn contour_draws_one_series_per_crossing_level() {
        let mut it = interp();
        let axis = row(&[-1.0, 0.0, 1.0]);
        let args = vec![
            axis.clone(),
            axis,
            bowl(),
            row(&[0.5, 1.5, 5.0]),
            s("r"),
            s("Bowl"),
        ];
        call(&mut it, "contour", args).unwrap();
        let p = &it.figures.current.panels[0];
        assert_eq!(p.series.len(), 2, "5 is above the field");
        assert_eq!(p.series[0].kind, SeriesKind::Contour { level: 0.5 });
        assert_eq!(p.series[0].label, "z = 0.5");
        assert_eq!(p.series[0].color, Color::Rgb(255, 0, 0));
        assert_eq!(p.title, "Bowl");
        assert!(p.series[0].x.last().is_some_and(|v| v.is_nan()));
    }

    #[test]
    fn contour_forms_and_errors() {
        let mut it = interp();
        call(&mut it, "contour", vec![bowl(), Value::Scalar(4.0)]).unwrap();
        let p = &it.figures.current.panels[0];
        let levels: Vec<String> = p.series.iter().map(|s| s.label.clone()).collect();
        assert_eq!(levels, ["z = 0.5", "z = 1", "z = 1.5"]);
        assert_eq!(p.series[0].color, INK);
        assert_eq!(
            err(call(&mut it, "contour", vec![row(&[1.0, 2.0])])),
            "runtime error: contour: Z must be at least 2×2, got 1×2"
        );
        assert_eq!(
            err(call(
                &mut it,
                "contour",
                vec![row(&[1.0, 2.0]), row(&[1.0]), bowl()]
            )),
            "runtime error: contour: X must have 3 values (one per column of the field), got 2"
        );
        assert_eq!(
            err(call(&mut it, "contour", vec![bowl(), Value::Scalar(0.5)])),
            "runtime error: contour: the number of levels must be a whole number from 1 to 1000, got 0.5"
        );
        assert_eq!(
            err(call(&mut it, "contour", vec![bowl(), s("T1"), s("T2")])),
            "runtime error: contour: a title given more than once"
        );
        assert_eq!(
            err(call(&mut it, "contour", vec![s("Z")])),
            "type error: contour: Z must be a matrix, got string"
        );
    }

    #[test]
    fn contourf_keeps_the_grid_and_its_band_edges() {
        let mut it = interp();
        call(&mut it, "contourf", vec![bowl(), row(&[1.0])]).unwrap();
        let bands = it.figures.current.panels[0].bands.clone().unwrap();
        assert_eq!(bands.edges, vec![0.0, 1.0, 2.0]);
        assert_eq!(
            (bands.x, bands.y),
            (vec![1.0, 2.0, 3.0], vec![1.0, 2.0, 3.0])
        );
        call(&mut it, "plot", vec![row(&[1.0])]).unwrap();
        assert!(it.figures.current.panels[0].bands.is_none());
    }
}
