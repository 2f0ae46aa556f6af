//! Shape masks on meshgrid coordinates: `rect_mask` (closed axis-aligned rectangle),
//! `disk_mask` (closed disk) and `polygon_mask` (even-odd ray casting, as PNPOLY; fewer
//! than 3 vertices or a zero-area polygon give an all-zero mask). X and Y are Matrices of
//! one shape; only their real parts are read; the result is a real 0/1 Matrix of that shape.

use crate::builtins::Args;
use crate::display::scalar as show;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{NumArray, Value};
use ndarray::{Array2, Zip};

/// The real parts of the Matrix in argument `i` (`NAME: X must be a matrix, got vector`).
fn matrix_arg(args: &Args, i: usize, what: &str) -> LangResult<Array2<f64>> {
    match args.value(i)? {
        Value::Matrix(a) => Ok(a.re()),
        other => Err(LangError::type_error(format!(
            "{}: {what} must be a matrix, got {}",
            args.name,
            other.type_name()
        ))),
    }
}

/// The coordinate matrices X and Y, which must have the same shape.
fn coordinates(args: &Args) -> LangResult<(Array2<f64>, Array2<f64>)> {
    let x = matrix_arg(args, 0, "X")?;
    let y = matrix_arg(args, 1, "Y")?;
    if x.dim() != y.dim() {
        return Err(LangError::type_error(format!(
            "{}: X shape {:?} ≠ Y shape {:?}",
            args.name,
            x.dim(),
            y.dim()
        )));
    }
    Ok((x, y))
}

/// A size parameter: finite and non-negative.
fn extent(args: &Args, i: usize, label: &str) -> LangResult<f64> {
    let v = args.f64(i)?;
    if !v.is_finite() || v < 0.0 {
        return Err(LangError::type_error(format!(
            "{}: {label} must be a finite non-negative number, got {}",
            args.name,
            show(v)
        )));
    }
    Ok(v)
}

/// A position parameter pair: both finite.
fn position(args: &Args, i: usize, labels: [&str; 2]) -> LangResult<(f64, f64)> {
    let (a, b) = (args.f64(i)?, args.f64(i + 1)?);
    if !a.is_finite() || !b.is_finite() {
        let [la, lb] = labels;
        return Err(LangError::type_error(format!(
            "{}: {la} and {lb} must be finite, got {la}={}, {lb}={}",
            args.name,
            show(a),
            show(b)
        )));
    }
    Ok((a, b))
}

/// 1 where `inside(x, y)`, else 0.
fn mask(x: &Array2<f64>, y: &Array2<f64>, inside: impl Fn(f64, f64) -> bool) -> Value {
    let m = Zip::from(x)
        .and(y)
        .map_collect(|&x, &y| if inside(x, y) { 1.0 } else { 0.0 });
    Value::matrix(NumArray::Real(m))
}

pub(super) fn rect_mask(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(6, 6)?;
    let (x, y) = coordinates(&args)?;
    let (w, h) = (extent(&args, 4, "w")?, extent(&args, 5, "h")?);
    let (x0, y0) = position(&args, 2, ["x0", "y0"])?;
    let (x1, y1) = (x0 + w, y0 + h);
    Ok(mask(&x, &y, |x, y| {
        x >= x0 && x <= x1 && y >= y0 && y <= y1
    }))
}

pub(super) fn disk_mask(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(5, 5)?;
    let (x, y) = coordinates(&args)?;
    let r = extent(&args, 4, "r")?;
    let (xc, yc) = position(&args, 2, ["xc", "yc"])?;
    let r2 = r * r;
    Ok(mask(&x, &y, |x, y| {
        let (dx, dy) = (x - xc, y - yc);
        dx * dx + dy * dy <= r2
    }))
}

/// Even-odd rule: count the polygon edges a ray from (x, y) towards +x crosses.
fn inside_polygon(vx: &[f64], vy: &[f64], x: f64, y: f64) -> bool {
    let n = vx.len();
    let mut inside = false;
    let mut prev = n - 1;
    for k in 0..n {
        if (vy[k] > y) != (vy[prev] > y) {
            let crossing = (vx[prev] - vx[k]) * (y - vy[k]) / (vy[prev] - vy[k]) + vx[k];
            if x < crossing {
                inside = !inside;
            }
        }
        prev = k;
    }
    inside
}

pub(super) fn polygon_mask(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(3, 3)?;
    let (x, y) = coordinates(&args)?;
    let verts = match args.value(2)? {
        Value::Matrix(v) => v.re(),
        other => {
            return Err(LangError::type_error(format!(
                "polygon_mask: verts must be an N×2 matrix, got {}",
                other.type_name()
            )));
        }
    };
    if verts.ncols() != 2 {
        return Err(LangError::type_error(format!(
            "polygon_mask: verts must be N×2 (each row is [x, y]); got shape {:?}",
            verts.dim()
        )));
    }
    if verts.nrows() < 3 {
        return Ok(mask(&x, &y, |_, _| false));
    }
    let vx = verts.column(0).to_vec();
    let vy = verts.column(1).to_vec();
    Ok(mask(&x, &y, |x, y| inside_polygon(&vx, &vy, x, y)))
}

#[cfg(test)]
mod tests {
    use super::super::TABLE;
    use super::*;
    use crate::builtins::numeric::testing::*;

    /// meshgrid(xs, ys) as (X, Y).
    fn grid(xs: &[f64], ys: &[f64]) -> (Value, Value) {
        let (n, m) = (ys.len(), xs.len());
        let x = Array2::from_shape_fn((n, m), |(_, j)| xs[j]);
        let y = Array2::from_shape_fn((n, m), |(i, _)| ys[i]);
        (
            Value::matrix(NumArray::Real(x)),
            Value::matrix(NumArray::Real(y)),
        )
    }

    fn count(v: &Value) -> usize {
        re(v).iter().filter(|&&x| x == 1.0).count()
    }

    #[test]
    fn rectangles_are_closed() {
        let ticks: Vec<f64> = (0..=10).map(|k| k as f64 / 10.0).collect();
        let (x, y) = grid(&ticks, &ticks);
        let all = call(
            TABLE,
            "rect_mask",
            vec![x.clone(), y.clone(), s(0.0), s(0.0), s(1.0), s(1.0)],
        );
        assert_eq!(count(&all.unwrap()), 121);
        let line = call(
            TABLE,
            "rect_mask",
            vec![x, y, s(0.0), s(0.5), s(1.0), s(0.0)],
        )
        .unwrap();
        assert_eq!(count(&line), 11);
    }

    #[test]
    fn disks_and_their_centres() {
        let ticks: Vec<f64> = (-2..=2).map(f64::from).collect();
        let (x, y) = grid(&ticks, &ticks);
        let centre = call(
            TABLE,
            "disk_mask",
            vec![x.clone(), y.clone(), s(0.0), s(0.0), s(0.0)],
        );
        assert_eq!(count(&centre.unwrap()), 1);
        let unit = call(TABLE, "disk_mask", vec![x, y, s(0.0), s(0.0), s(1.0)]).unwrap();
        assert_eq!(count(&unit), 5);
    }

    #[test]
    fn polygons_by_the_even_odd_rule() {
        let ticks = [0.1, 0.3, 0.6, 0.8];
        let (x, y) = grid(&ticks, &ticks);
        let triangle = m(&[&[0.0, 0.0], &[1.0, 0.0], &[0.0, 1.0]]);
        let r = call(TABLE, "polygon_mask", vec![x.clone(), y.clone(), triangle]).unwrap();
        // Grid points with x + y < 1, row by row (y = 0.1, 0.3, 0.6, 0.8): 4 + 3 + 2 + 1.
        assert_eq!(count(&r), 10);
        let segment = m(&[&[0.0, 0.0], &[1.0, 1.0]]);
        let r = call(TABLE, "polygon_mask", vec![x.clone(), y.clone(), segment]).unwrap();
        assert_eq!(count(&r), 0);
        let collinear = m(&[&[0.0, 0.0], &[0.5, 0.5], &[1.0, 1.0]]);
        let r = call(TABLE, "polygon_mask", vec![x, y, collinear]).unwrap();
        assert_eq!(count(&r), 0);
    }

    #[test]
    fn mask_errors() {
        let (x, y) = grid(&[0.0, 1.0], &[0.0, 1.0, 2.0]);
        assert_eq!(
            error(
                TABLE,
                "rect_mask",
                vec![x.clone(), y.clone(), s(0.0), s(0.0), s(-1.0), s(1.0)]
            ),
            "type error: rect_mask: w must be a finite non-negative number, got -1"
        );
        assert!(
            error(
                TABLE,
                "disk_mask",
                vec![v(&[1.0]), y.clone(), s(0.0), s(0.0), s(1.0)]
            )
            .contains("X must be a matrix, got vector")
        );
        let (x2, _) = grid(&[0.0, 1.0, 2.0], &[0.0, 1.0]);
        assert!(
            error(
                TABLE,
                "disk_mask",
                vec![x2, y.clone(), s(0.0), s(0.0), s(1.0)]
            )
            .contains("X shape (2, 3) ≠ Y shape (3, 2)")
        );
        assert!(
            error(
                TABLE,
                "polygon_mask",
                vec![x.clone(), y.clone(), m(&[&[0.0, 0.0, 0.0]])]
            )
            .contains("got shape (1, 3)")
        );
        assert!(
            error(TABLE, "disk_mask", vec![x, y, s(f64::NAN), s(0.0), s(1.0)])
                .contains("xc and yc must be finite")
        );
    }
}
