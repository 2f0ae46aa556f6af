//! Vector fields: `quiver` (an arrow per grid point, the longest as long as the nearest
//! neighbour distance) and `streamplot` (RK4 streamlines from a seed grid or given seeds,
//! each with a midpoint arrowhead). Both take the grid forms of `contour` (`U, V` alone on
//! 1..ncols × 1..nrows, or `X, Y, U, V`), and `quiver` also scattered points (four vectors of
//! one length). Trailing options in any order: a scalar (quiver: a length multiplier;
//! streamplot: the seed density), an N×2 seed matrix (streamplot), a colour letter or a
//! title.

use super::content_panel;
use super::fields::{GridData, colour_letter, grid_args, place_heatmap, set_title};
use crate::builtins::Args;
use crate::display;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::plot::model::{Color, LineStyle, Series, SeriesKind};
use crate::plot::streamline::{self, Crowding, Field};
use crate::value::{NumArray, Value};

/// At most this many points over all the streamlines of one call.
const MAX_STREAM_POINTS: usize = 400_000;

/// The trailing options of a vector-field call.
#[derive(Debug, Default)]
struct VectorOptions {
    number: Option<f64>,
    seeds: Option<Vec<(f64, f64)>>,
    color: Option<Color>,
    title: Option<String>,
}

fn options(name: &str, rest: &[Value], seeds_allowed: bool) -> LangResult<VectorOptions> {
    let mut o = VectorOptions::default();
    let twice = |what: &str| LangError::runtime(format!("{name}: {what} given more than once"));
    for v in rest {
        match v {
            Value::Scalar(n) if o.number.is_none() => {
                if !(n.is_finite() && *n > 0.0) {
                    let what = if seeds_allowed { "density" } else { "scale" };
                    return Err(LangError::runtime(format!(
                        "{name}: the {what} must be a positive number, got {}",
                        display::scalar(*n)
                    )));
                }
                o.number = Some(*n);
            }
            Value::Scalar(_) => return Err(twice("a number")),
            Value::Matrix(a) | Value::Vector(a) if seeds_allowed && o.seeds.is_none() => {
                o.seeds = Some(seed_points(name, a)?);
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

/// The rows of an N×2 matrix as (x, y) seeds.
fn seed_points(name: &str, a: &NumArray) -> LangResult<Vec<(f64, f64)>> {
    if a.cols() != 2 {
        return Err(LangError::runtime(format!(
            "{name}: seed points must be an N×2 matrix of [x, y] rows, got {}×{}",
            a.rows(),
            a.cols()
        )));
    }
    let v = a.to_re_vec();
    Ok(v.chunks(2).map(|p| (p[0], p[1])).collect())
}

/// Four vectors of one length: scattered arrows at (x(k), y(k)).
fn scattered(values: &[Value]) -> Option<GridData> {
    let vectors: Vec<Vec<f64>> = values
        .iter()
        .take(4)
        .map_while(|v| match v {
            Value::Vector(a) | Value::Matrix(a) if a.rows() == 1 || a.cols() == 1 => {
                Some(a.to_re_vec())
            }
            _ => None,
        })
        .collect();
    let [x, y, u, v] = <[Vec<f64>; 4]>::try_from(vectors).ok()?;
    let n = x.len();
    (n > 0 && [&y, &u, &v].iter().all(|a| a.len() == n)).then(|| GridData {
        x,
        y,
        fields: vec![u, v],
    })
}

/// `quiver(X, Y, U, V, ...)` / `quiver(U, V, ...)` / `quiver(x, y, u, v)` (scattered).
pub(super) fn quiver(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 7)?;
    let (points, used, grid) = match scattered(&args.values) {
        Some(data) => {
            let points: Vec<(f64, f64)> = data.x.iter().copied().zip(data.y.clone()).collect();
            (points_with(points, data.fields), 4, None)
        }
        None => {
            let (mut grid, used) = grid_args(args.name, &args.values, &["U", "V"])?;
            let points = grid
                .y
                .iter()
                .flat_map(|&py| grid.x.iter().map(move |&px| (px, py)))
                .collect();
            let fields = std::mem::take(&mut grid.fields);
            (points_with(points, fields), used, Some(grid))
        }
    };
    let opts = options(args.name, &args.values[used..], false)?;
    let scale = arrow_scale(&points) * opts.number.unwrap_or(1.0);
    let (mut xs, mut ys) = (Vec::new(), Vec::new());
    for &((px, py), (u, v)) in &points {
        if [px, py, u, v].iter().all(|c| c.is_finite()) {
            xs.extend([px, px + scale * u, f64::NAN]);
            ys.extend([py, py + scale * v, f64::NAN]);
        }
    }
    let panel = content_panel(interp);
    set_title(&mut panel.title, opts.title);
    if let Some(grid) = &grid {
        place_heatmap(panel, grid);
    }
    let color = opts.color.unwrap_or(Color::Auto(panel.series.len()));
    panel.series.push(Series {
        kind: SeriesKind::Arrows { scale },
        label: "quiver".into(),
        color,
        style: LineStyle::Solid,
        x: xs,
        y: ys,
    });
    Ok(Value::None)
}

/// Each point with its field vector.
type Arrow = ((f64, f64), (f64, f64));

fn points_with(points: Vec<(f64, f64)>, mut fields: Vec<Vec<f64>>) -> Vec<Arrow> {
    let v = fields.pop().unwrap_or_default();
    let u = fields.pop().unwrap_or_default();
    points.into_iter().zip(u.into_iter().zip(v)).collect()
}

/// The factor that makes the longest finite arrow as long as the smallest distance between
/// two distinct points (1 when there is no such distance or no arrow has a length).
fn arrow_scale(arrows: &[Arrow]) -> f64 {
    let longest = arrows
        .iter()
        .map(|(_, (u, v))| u.hypot(*v))
        .filter(|l| l.is_finite())
        .fold(0.0, f64::max);
    let spacing = nearest_distance(arrows.iter().map(|a| a.0));
    if longest > 0.0 && spacing.is_finite() && spacing > 0.0 {
        spacing / longest
    } else {
        1.0
    }
}

/// The smallest positive distance between two of the points: along each axis for a grid's
/// sorted coordinates, which is exact for rectilinear grids and a fair bound otherwise.
fn nearest_distance(points: impl Iterator<Item = (f64, f64)>) -> f64 {
    let (mut xs, mut ys): (Vec<f64>, Vec<f64>) = points
        .filter(|(x, y)| x.is_finite() && y.is_finite())
        .unzip();
    let smallest_gap = |a: &mut Vec<f64>| {
        a.sort_by(f64::total_cmp);
        a.windows(2)
            .map(|w| w[1] - w[0])
            .filter(|d| *d > 0.0)
            .fold(f64::INFINITY, f64::min)
    };
    smallest_gap(&mut xs).min(smallest_gap(&mut ys))
}

/// `streamplot(X, Y, U, V, ...)` / `streamplot(U, V, ...)`.
pub(super) fn streamplot(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 8)?;
    let (grid, used) = grid_args(args.name, &args.values, &["U", "V"])?;
    for (axis, values) in [("X", &grid.x), ("Y", &grid.y)] {
        if !values.windows(2).all(|w| w[1] > w[0]) {
            return Err(LangError::runtime(format!(
                "{}: {axis} must increase strictly along the grid",
                args.name
            )));
        }
    }
    let opts = options(args.name, &args.values[used..], true)?;
    let field = Field {
        x: &grid.x,
        y: &grid.y,
        u: &grid.fields[0],
        v: &grid.fields[1],
    };
    // Given seeds are all drawn in full; a seed grid's lines keep out of each other's cells
    // (three per seed spacing).
    let density = opts.number.unwrap_or(1.0);
    let mut crowd = opts.seeds.is_none().then(|| {
        let cells = (30.0 * density).ceil().clamp(3.0, 300.0) as usize;
        Crowding::new(&grid.x, &grid.y, cells)
    });
    let seeds = opts
        .seeds
        .unwrap_or_else(|| streamline::seed_grid(&grid.x, &grid.y, density));
    let step = streamline::default_step(&grid.x, &grid.y);
    let (mut xs, mut ys) = (Vec::new(), Vec::new());
    for (id, seed) in seeds.into_iter().enumerate() {
        let line = streamline::trace(&field, seed, step, crowd.as_mut().map(|c| (c, id)));
        if line.len() < 2 || xs.len() + line.len() > MAX_STREAM_POINTS {
            continue;
        }
        xs.extend(line.iter().map(|p| p.0).chain([f64::NAN]));
        ys.extend(line.iter().map(|p| p.1).chain([f64::NAN]));
    }
    let panel = content_panel(interp);
    set_title(&mut panel.title, opts.title);
    place_heatmap(panel, &grid);
    let color = opts.color.unwrap_or(Color::Auto(panel.series.len()));
    panel.series.push(Series {
        kind: SeriesKind::Streamline,
        label: "streamlines".into(),
        color,
        style: LineStyle::Solid,
        x: xs,
        y: ys,
    });
    Ok(Value::None)
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;

    fn matrix(rows: usize, cols: usize, f: impl Fn(usize, usize) -> f64) -> Value {
        let data = (0..rows * cols).map(|k| f(k / cols, k % cols)).collect();
        Value::matrix_rows(rows, cols, data)
    }

    #[test]
    fn quiver_scales_the_longest_arrow_to_the_grid_spacing() {
        let mut it = interp();
        // X = 0, 0.5, 1 by columns, Y = 0, 0.5 by rows; U = column, V = 0.
        let x = matrix(2, 3, |_, c| c as f64 * 0.5);
        let y = matrix(2, 3, |r, _| r as f64 * 0.5);
        let u = matrix(2, 3, |_, c| c as f64);
        let v = matrix(2, 3, |_, _| 0.0);
        call(
            &mut it,
            "quiver",
            vec![x, y, u, v, Value::Scalar(2.0), s("r")],
        )
        .unwrap();
        let panel = &it.figures.current.panels[0];
        let s = &panel.series[0];
        assert_eq!(s.kind, SeriesKind::Arrows { scale: 0.5 });
        // The longest arrow (u = 2) is 0.5 × 2 × 2 = 2 × the spacing long (multiplier 2).
        assert_eq!(s.x.len(), 18);
        assert_eq!((s.x[15], s.x[16]), (1.0, 2.0));
        assert_eq!(s.color, colour_letter("r").unwrap());
    }

    #[test]
    fn quiver_takes_scattered_points_and_skips_nan() {
        let mut it = interp();
        let (x, y) = (row(&[0.0, 1.0, 3.0]), row(&[0.0, 0.0, 0.0]));
        let u = row(&[1.0, f64::NAN, 2.0]);
        call(&mut it, "quiver", vec![x, y, u, row(&[0.0; 3])]).unwrap();
        let s = &it.figures.current.panels[0].series[0];
        assert_eq!(s.x.len(), 6, "the NaN arrow is skipped");
        assert_eq!(s.kind, SeriesKind::Arrows { scale: 0.5 });
        let e = err(call(&mut it, "quiver", vec![row(&[1.0, 2.0]), row(&[1.0])]));
        assert!(e.contains("U and V must have the same size"), "{e}");
        let e = err(call(
            &mut it,
            "quiver",
            vec![row(&[1.0, 2.0]), row(&[1.0, 3.0])],
        ));
        assert!(e.contains("at least 2×2"), "{e}");
    }

    #[test]
    fn streamplot_traces_a_vortex_and_checks_its_options() {
        let mut it = interp();
        let u = matrix(21, 21, |r, _| -(r as f64 - 10.0));
        let v = matrix(21, 21, |_, c| c as f64 - 10.0);
        let seeds = Value::matrix_rows(1, 2, vec![15.0, 11.0]);
        call(&mut it, "streamplot", vec![u.clone(), v.clone(), seeds]).unwrap();
        let s = &it.figures.current.panels[0].series[0];
        assert_eq!(s.kind, SeriesKind::Streamline);
        assert!(s.x.len() > 50 && s.x.last().unwrap().is_nan());
        let e = err(call(&mut it, "streamplot", vec![u, v, Value::Scalar(-1.0)]));
        assert!(e.contains("density must be a positive number"), "{e}");
    }
}
