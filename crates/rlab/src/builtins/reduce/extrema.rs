//! `max` and `min` (spec §10.4), and the extreme search that `argmax`/`argmin`
//! ([`super::arg_extrema`]) share. Elements compare by real value when every element of
//! the input has a zero imaginary part, otherwise by modulus; NaNs are skipped (an all-NaN
//! input is an error); ties keep the first. `[m, k] = max(v)` gives the value and its
//! 1-based index; `max(M)` gives column maxima, `max(M, [], 2)` row maxima; `max(a, b)`
//! compares two scalars (or, beyond rustlab, a real array and a scalar element-wise).

use crate::builtins::Args;
use crate::builtins::numeric::{ArrayKind, column, complex_array, dim_arg, row};
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{C64, NumArray, Value};
use ndarray::Array2;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Extreme {
    Max,
    Min,
}

impl Extreme {
    fn of_pair(self, a: f64, b: f64) -> f64 {
        match self {
            Extreme::Max => a.max(b),
            Extreme::Min => a.min(b),
        }
    }
}

/// 0-based index of the extreme element, by real value or by modulus; `None` when every
/// key is NaN (or there are no elements).
fn extreme_index(xs: &[C64], which: Extreme, by_modulus: bool) -> Option<usize> {
    let keys = xs.iter().map(|z| if by_modulus { z.norm() } else { z.re });
    best_key(keys, which)
}

/// 0-based index of the extreme of `keys`, NaNs skipped, ties to the first.
fn best_key(keys: impl Iterator<Item = f64>, which: Extreme) -> Option<usize> {
    match which {
        Extreme::Max => best_by(keys, |key, best| key > best),
        Extreme::Min => best_by(keys, |key, best| key < best),
    }
}

/// [`best_key`] with the comparison known to the compiler. After the first key that is
/// not NaN, a NaN is never better (every comparison with it is false).
#[inline(always)]
fn best_by(keys: impl Iterator<Item = f64>, better: impl Fn(f64, f64) -> bool) -> Option<usize> {
    let mut keys = keys.enumerate();
    let (mut at, mut best) = keys.find(|(_, key)| !key.is_nan())?;
    for (i, key) in keys {
        if better(key, best) {
            (at, best) = (i, key);
        }
    }
    Some(at)
}

fn has_imaginary(xs: &[C64]) -> bool {
    xs.iter().any(|z| z.im != 0.0)
}

/// The extreme element of a flat list and its 0-based index (`max: input is all NaN`).
pub(super) fn flat_extreme(name: &str, xs: &[C64], which: Extreme) -> LangResult<(C64, usize)> {
    extreme_index(xs, which, has_imaginary(xs))
        .and_then(|i| xs.get(i).map(|&z| (z, i)))
        .ok_or_else(|| LangError::runtime(format!("{name}: input is all NaN")))
}

/// Extremes of every column (`dim` 1 → 1×C) or row (`dim` 2 → R×1) of `a`, with their
/// 1-based indices within the column or row.
pub(super) fn axis_extremes(
    name: &str,
    a: &NumArray,
    dim: usize,
    which: Extreme,
) -> LangResult<(NumArray, NumArray)> {
    let count = if dim == 1 { a.cols() } else { a.rows() };
    let (rows, cols) = if dim == 1 { (1, count) } else { (count, 1) };
    let mut indices = Vec::with_capacity(count);
    let mut index_of = |found: Option<usize>| match found {
        Some(i) => {
            indices.push((i + 1) as f64);
            Ok(i)
        }
        None => {
            let what = if dim == 1 { "column" } else { "row" };
            Err(LangError::runtime(format!(
                "{name}: a {what} contains only NaN values"
            )))
        }
    };
    let values = if let NumArray::Real(real) = a {
        NumArray::from_row_major(rows, cols, real_extremes(real, dim, which, &mut index_of)?)
    } else {
        let by_modulus = has_imaginary(&a.to_c_vec());
        let mut values = Vec::with_capacity(count);
        for k in 0..count {
            let slice = if dim == 1 { column(a, k) } else { row(a, k) };
            values.push(slice[index_of(extreme_index(&slice, which, by_modulus))?]);
        }
        complex_array(rows, cols, values)
    };
    Ok((values, NumArray::from_row_major(rows, cols, indices)))
}

/// The extreme of every column (`dim` 1) or row of `real`, each found index handed to
/// `index_of` (which fails for a lane of NaNs alone). Real elements compare by value: the
/// complex path's keys, without its copies.
fn real_extremes(
    real: &Array2<f64>,
    dim: usize,
    which: Extreme,
    index_of: &mut impl FnMut(Option<usize>) -> LangResult<usize>,
) -> LangResult<Vec<f64>> {
    let mut values = Vec::with_capacity(if dim == 1 { real.ncols() } else { real.nrows() });
    match (dim, real.as_slice()) {
        // The rows of an array in standard layout: runs of its cells, read as such.
        (2, Some(cells)) if real.ncols() > 0 => {
            for keys in cells.chunks_exact(real.ncols()) {
                values.push(keys[index_of(best_key(keys.iter().copied(), which))?]);
            }
        }
        _ => {
            let lanes = if dim == 1 {
                real.columns()
            } else {
                real.rows()
            };
            for lane in lanes {
                let found = match lane.as_slice() {
                    Some(keys) => best_key(keys.iter().copied(), which),
                    None => best_key(lane.iter().copied(), which),
                };
                values.push(lane[index_of(found)?]);
            }
        }
    }
    Ok(values)
}

/// `value` alone, or `(value, index)` when two outputs were asked for.
fn with_index(args: &Args, value: Value, index: Value) -> Value {
    if args.nargout >= 2 {
        Value::tuple(vec![value, index])
    } else {
        value
    }
}

/// A flat extreme packed as `m` or `[m, k]`.
fn flat_result(args: &Args, xs: &[C64], which: Extreme) -> LangResult<Value> {
    let (z, i) = flat_extreme(args.name, xs, which)?;
    Ok(with_index(
        args,
        Value::number(z),
        Value::Scalar((i + 1) as f64),
    ))
}

/// An axis extreme packed as `M` or `[M, K]`.
fn axis_result(args: &Args, a: &NumArray, dim: usize, which: Extreme) -> LangResult<Value> {
    let (values, indices) = axis_extremes(args.name, a, dim, which)?;
    Ok(with_index(
        args,
        Value::matrix(values),
        Value::matrix(indices),
    ))
}

pub(super) fn max(_: &mut Interp, args: Args) -> LangResult<Value> {
    extremum(&args, Extreme::Max)
}

pub(super) fn min(_: &mut Interp, args: Args) -> LangResult<Value> {
    extremum(&args, Extreme::Min)
}

fn extremum(args: &Args, which: Extreme) -> LangResult<Value> {
    args.arity(1, 3)?;
    match args.len() {
        3 => along_given_dim(args, which),
        2 => pairwise(args, which),
        _ => whole(args, which),
    }
}

/// `max(v)`, `max(M)` (column maxima unless M is 1-D), `max(x)` for a number.
fn whole(args: &Args, which: Extreme) -> LangResult<Value> {
    match args.value(0)? {
        Value::Vector(a) if !a.is_empty() => flat_result(args, &a.to_c_vec(), which),
        Value::Matrix(a) if !a.is_empty() && (a.rows() == 1 || a.cols() == 1) => {
            flat_result(args, &a.to_c_vec(), which)
        }
        Value::Matrix(a) if !a.is_empty() => axis_result(args, a, 1, which),
        v @ (Value::Scalar(_) | Value::Complex(_)) => {
            Ok(with_index(args, v.clone(), Value::Scalar(1.0)))
        }
        _ => Err(LangError::type_error(format!(
            "{}: argument must be a non-empty vector, matrix, or scalar",
            args.name
        ))),
    }
}

/// `max(M, [], dim)`: a Matrix reduces along `dim` (even a 1-D one); a Vector is a 1×N row.
fn along_given_dim(args: &Args, which: Extreme) -> LangResult<Value> {
    let placeholder = args.value(1)?.as_array().is_some_and(NumArray::is_empty);
    if !placeholder {
        return Err(LangError::type_error(format!(
            "{0}: 3-arg form is {0}(M, [], dim); 2nd argument must be the empty matrix []",
            args.name
        )));
    }
    let dim = dim_arg(args, 2)?.unwrap_or(1);
    match args.value(0)? {
        Value::Matrix(a) if !a.is_empty() => axis_result(args, a, dim, which),
        v @ Value::Vector(a) if !a.is_empty() && dim == 1 => {
            let ones = Value::row(vec![1.0; a.len()]);
            Ok(with_index(args, v.clone(), ones))
        }
        Value::Vector(a) if !a.is_empty() => flat_result(args, &a.to_c_vec(), which),
        v @ Value::Scalar(_) => Ok(with_index(args, v.clone(), Value::Scalar(1.0))),
        other => Err(LangError::type_error(format!(
            "{}: argument must be a non-empty matrix or vector, got {}",
            args.name,
            other.type_name()
        ))),
    }
}

/// `max(a, b)`: two Scalars, or element-wise between a real array and a Scalar (NaN
/// loses to a number, as f64::max).
fn pairwise(args: &Args, which: Extreme) -> LangResult<Value> {
    if args.nargout >= 2 {
        return Err(LangError::type_error(format!(
            "{0}: multi-return form is not defined for the elementwise two-argument form; use [m, i] = {0}(v) on a single vector",
            args.name
        )));
    }
    let (a, b) = (args.value(0)?, args.value(1)?);
    match (a, b) {
        (Value::Scalar(x), Value::Scalar(y)) => Ok(Value::Scalar(which.of_pair(*x, *y))),
        (Value::Vector(arr) | Value::Matrix(arr), Value::Scalar(y)) if arr.is_real() => {
            Ok(kind_of(a).wrap(arr.map(|x| which.of_pair(x, *y), |z| z)))
        }
        (Value::Scalar(x), Value::Vector(arr) | Value::Matrix(arr)) if arr.is_real() => {
            Ok(kind_of(b).wrap(arr.map(|y| which.of_pair(*x, y), |z| z)))
        }
        _ => Err(LangError::type_error(format!(
            "{0}: two-argument form needs two scalars or a real array and a scalar; for an axis reduction use {0}(M, [], dim)",
            args.name
        ))),
    }
}

fn kind_of(v: &Value) -> ArrayKind {
    if matches!(v, Value::Vector(_)) {
        ArrayKind::Vector
    } else {
        ArrayKind::Matrix
    }
}

#[cfg(test)]
mod tests {
    use super::super::TABLE;
    use crate::builtins::numeric::testing::*;
    use crate::value::{C64, Value};

    fn call_n(name: &str, args: Vec<Value>, nargout: usize) -> Value {
        call_in(&mut interp(), TABLE, name, args, nargout).unwrap()
    }

    fn call_t(name: &str, args: Vec<Value>) -> Value {
        call_n(name, args, 1)
    }

    fn grid() -> Value {
        m(&[&[1.0, 5.0, 3.0], &[4.0, 2.0, 6.0]])
    }

    #[test]
    fn max_and_min_of_vectors() {
        assert_eq!(call_t("max", vec![v(&[3.0, 1.0, 4.0, 1.5])]), s(4.0));
        assert_eq!(call_t("min", vec![v(&[3.0, 1.0, 4.0, 1.5])]), s(1.0));
        assert_eq!(call_t("max", vec![v(&[-3.0, 1.0, -5.0])]), s(1.0));
        let r = call_n("max", vec![v(&[3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0])], 2);
        assert_eq!(r, Value::tuple(vec![s(9.0), s(6.0)]));
        let r = call_n("min", vec![v(&[2.0, 1.0, 1.0])], 2);
        assert_eq!(r, Value::tuple(vec![s(1.0), s(2.0)]), "ties keep the first");
        assert_eq!(call_t("max", vec![m(&[&[1.0], &[7.0]])]), s(7.0));
        assert_eq!(call_t("max", vec![s(2.0)]), s(2.0));
    }

    #[test]
    fn nans_are_skipped_and_all_nan_fails() {
        let r = call_n("max", vec![v(&[f64::NAN, 2.0, f64::NAN, 3.0])], 2);
        assert_eq!(r, Value::tuple(vec![s(3.0), s(4.0)]));
        assert_eq!(
            error(TABLE, "max", vec![v(&[f64::NAN, f64::NAN])]),
            "runtime error: max: input is all NaN"
        );
        let col_nan = m(&[&[f64::NAN, 1.0], &[f64::NAN, 2.0]]);
        assert_eq!(
            error(TABLE, "min", vec![col_nan]),
            "runtime error: min: a column contains only NaN values"
        );
        let row_nan = m(&[&[f64::NAN, f64::NAN], &[1.0, 2.0]]);
        assert_eq!(
            error(TABLE, "min", vec![row_nan, v(&[]), s(2.0)]),
            "runtime error: min: a row contains only NaN values"
        );
        assert_eq!(
            call_t("max", vec![v(&[f64::NEG_INFINITY])]),
            s(f64::NEG_INFINITY)
        );
        // Along rows (contiguous) and columns (strided): NaNs before and between, ties
        // to the first.
        let nan = f64::NAN;
        let rows = m(&[&[nan, 3.0, 3.0, nan, 1.0], &[2.0, nan, 7.0, 7.0, nan]]);
        let r = call_n("max", vec![rows.clone(), v(&[]), s(2.0)], 2);
        let expect = vec![m(&[&[3.0], &[7.0]]), m(&[&[2.0], &[3.0]])];
        assert_eq!(r, Value::tuple(expect));
        let r = call_n("min", vec![rows, v(&[]), s(1.0)], 2);
        let expect = vec![
            m(&[&[2.0, 3.0, 3.0, 7.0, 1.0]]),
            m(&[&[2.0, 1.0, 1.0, 2.0, 1.0]]),
        ];
        assert_eq!(r, Value::tuple(expect));
    }

    #[test]
    fn complex_inputs_compare_by_modulus() {
        let z = cv(&[(3.0, 0.0), (0.0, -4.0), (1.0, 1.0)]);
        let r = call_n("max", vec![z.clone()], 2);
        assert_eq!(
            r,
            Value::tuple(vec![Value::Complex(C64::new(0.0, -4.0)), s(2.0)])
        );
        assert_eq!(call_t("min", vec![z]), Value::Complex(C64::new(1.0, 1.0)));
        let mixed = cv(&[(-5.0, 0.0), (1.0, 1.0)]);
        assert_eq!(
            call_t("max", vec![mixed]),
            s(-5.0),
            "real element of a complex input"
        );
    }

    #[test]
    fn matrices_reduce_along_columns_or_rows() {
        assert_eq!(call_t("max", vec![grid()]), m(&[&[4.0, 5.0, 6.0]]));
        let r = call_n("max", vec![grid()], 2);
        assert_eq!(
            r,
            Value::tuple(vec![m(&[&[4.0, 5.0, 6.0]]), m(&[&[2.0, 1.0, 2.0]])])
        );
        let r = call_n("min", vec![grid(), v(&[]), s(2.0)], 2);
        assert_eq!(
            r,
            Value::tuple(vec![m(&[&[1.0], &[2.0]]), m(&[&[1.0], &[2.0]])])
        );
        let empty_matrix = Value::matrix_rows(0, 0, vec![]);
        let r = call_t("max", vec![grid(), empty_matrix, s(1.0)]);
        assert_eq!(r, m(&[&[4.0, 5.0, 6.0]]));
        let col = m(&[&[1.0], &[3.0]]);
        assert_eq!(call_t("max", vec![col, v(&[]), s(1.0)]), m(&[&[3.0]]));
    }

    #[test]
    fn three_argument_form_on_vectors_and_scalars() {
        let x = v(&[1.0, 3.0, 2.0]);
        assert_eq!(call_t("max", vec![x.clone(), v(&[]), s(1.0)]), x.clone());
        let r = call_n("max", vec![x.clone(), v(&[]), s(1.0)], 2);
        assert_eq!(r, Value::tuple(vec![x.clone(), v(&[1.0, 1.0, 1.0])]));
        let r = call_n("max", vec![x, v(&[]), s(2.0)], 2);
        assert_eq!(r, Value::tuple(vec![s(3.0), s(2.0)]));
        assert_eq!(call_t("min", vec![s(4.0), v(&[]), s(2.0)]), s(4.0));
    }

    #[test]
    fn three_argument_form_errors() {
        assert_eq!(
            error(TABLE, "max", vec![grid(), s(0.0), s(1.0)]),
            "type error: max: 3-arg form is max(M, [], dim); 2nd argument must be the empty matrix []"
        );
        assert_eq!(
            error(TABLE, "max", vec![grid(), v(&[]), s(3.0)]),
            "type error: max: dim must be 1 or 2, got 3"
        );
        assert_eq!(
            error(TABLE, "min", vec![Value::str("a"), v(&[]), s(1.0)]),
            "type error: min: argument must be a non-empty matrix or vector, got string"
        );
    }

    #[test]
    fn two_argument_form() {
        assert_eq!(call_t("max", vec![s(0.0), s(-5.0)]), s(0.0));
        assert_eq!(call_t("min", vec![s(5.0), s(3.0)]), s(3.0));
        assert_eq!(call_t("max", vec![s(f64::NAN), s(1.0)]), s(1.0));
        assert_eq!(call_t("max", vec![v(&[-1.0, 2.0]), s(0.0)]), v(&[0.0, 2.0]));
        let r = call_t("min", vec![s(1.0), m(&[&[0.0], &[2.0]])]);
        assert_eq!(r, m(&[&[0.0], &[1.0]]));
        assert_eq!(
            error(TABLE, "max", vec![v(&[1.0]), v(&[2.0])]),
            "type error: max: two-argument form needs two scalars or a real array and a scalar; for an axis reduction use max(M, [], dim)"
        );
        let e = call_in(&mut interp(), TABLE, "max", vec![s(1.0), s(2.0)], 2).unwrap_err();
        assert!(
            e.message
                .starts_with("max: multi-return form is not defined")
        );
    }

    #[test]
    fn one_argument_errors() {
        assert_eq!(
            error(TABLE, "max", vec![v(&[])]),
            "type error: max: argument must be a non-empty vector, matrix, or scalar"
        );
        assert!(error(TABLE, "min", vec![]).contains("expected 1..3, got 0"));
    }
}
