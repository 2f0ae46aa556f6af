//! Order-dependent builtins (spec §10.4): `sort` (stable, by real part, ascending or
//! `"descend"`, optionally with the 1-based permutation) and `cumsum` (running sums of a
//! vector, or down the columns / along the rows of a matrix).

use super::cmp_nan_last;
use crate::builtins::Args;
use crate::builtins::numeric::{ArrayKind, complex_array, dim_arg, expected};
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{C64, NumArray, Value};
use ndarray::Array2;

/// The optional direction argument: false for `"ascend"` (the default), true for
/// `"descend"`.
fn descending(args: &Args) -> LangResult<bool> {
    match args.get(1) {
        None => Ok(false),
        Some(Value::Str(s)) if s == "ascend" => Ok(false),
        Some(Value::Str(s)) if s == "descend" => Ok(true),
        Some(Value::Str(s)) => Err(LangError::type_error(format!(
            "sort: direction must be \"ascend\" or \"descend\", got \"{s}\""
        ))),
        Some(other) => Err(LangError::type_error(format!(
            "sort: 2nd argument must be a direction string \"ascend\" or \"descend\", got {}",
            other.type_name()
        ))),
    }
}

/// `sort(v[, dir])` and `[s, idx] = sort(v[, dir])`: a Vector stays a Vector, a 1-D
/// Matrix keeps its shape; equal keys keep their order; NaN goes last ascending (first
/// descending).
pub(super) fn sort(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 2)?;
    let descend = descending(&args)?;
    let (kind, a) = match args.value(0)? {
        Value::Vector(a) => (ArrayKind::Vector, a),
        Value::Matrix(a) if a.rows() == 1 || a.cols() == 1 => (ArrayKind::Matrix, a),
        v @ Value::Scalar(_) if args.nargout >= 2 => {
            return Ok(Value::tuple(vec![v.clone(), Value::Scalar(1.0)]));
        }
        v @ Value::Scalar(_) => return Ok(v.clone()),
        _ => {
            return Err(LangError::type_error(
                "sort: argument must be a vector, scalar, or 1-D-shaped matrix",
            ));
        }
    };
    let xs = a.to_c_vec();
    let mut order: Vec<usize> = (0..xs.len()).collect();
    order.sort_by(|&i, &j| {
        let (x, y) = (
            xs.get(i).map_or(0.0, |z| z.re),
            xs.get(j).map_or(0.0, |z| z.re),
        );
        let ascending = cmp_nan_last(x, y);
        if descend {
            ascending.reverse()
        } else {
            ascending
        }
    });
    let (rows, cols) = a.shape();
    let sorted = order.iter().filter_map(|&i| xs.get(i).copied()).collect();
    let sorted = kind.wrap(complex_array(rows, cols, sorted));
    if args.nargout < 2 {
        return Ok(sorted);
    }
    let positions = order.iter().map(|&i| (i + 1) as f64).collect();
    let positions = kind.wrap(NumArray::from_row_major(rows, cols, positions));
    Ok(Value::tuple(vec![sorted, positions]))
}

/// `cumsum(v)`: running sums (a Vector stays a Vector, a 1-D Matrix keeps its shape);
/// `cumsum(M[, dim])`: down each column (dim 1, default) or along each row (dim 2);
/// `cumsum(v, 1)` returns v.
pub(super) fn cumsum(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 2)?;
    let dim = dim_arg(&args, 1)?;
    match args.value(0)? {
        v @ Value::Vector(_) if dim == Some(1) => Ok(v.clone()),
        Value::Vector(a) => Ok(Value::vector(running_flat(a))),
        v @ Value::Matrix(a) if a.is_empty() => Ok(v.clone()),
        Value::Matrix(a) if a.rows() == 1 || a.cols() == 1 => Ok(Value::matrix(running_flat(a))),
        Value::Matrix(a) => Ok(Value::matrix(running_along(a, dim.unwrap_or(1)))),
        v @ (Value::Scalar(_) | Value::Complex(_)) => Ok(v.clone()),
        other => Err(expected("cumsum", "a number or array", other)),
    }
}

/// Running sums of all elements in order, from 0, in `a`'s shape (`a` is 1-D).
fn running_flat(a: &NumArray) -> NumArray {
    let mut total = C64::new(0.0, 0.0);
    let sums = a
        .iter_c()
        .map(|z| {
            total += z;
            total
        })
        .collect();
    complex_array(a.rows(), a.cols(), sums)
}

/// Running sums down each column (`dim` 1) or along each row (`dim` 2).
fn running_along(a: &NumArray, dim: usize) -> NumArray {
    let (rows, cols) = a.shape();
    let mut out = Array2::from_elem((rows, cols), C64::new(0.0, 0.0));
    let (outer, inner) = if dim == 1 { (cols, rows) } else { (rows, cols) };
    for o in 0..outer {
        let mut total = C64::new(0.0, 0.0);
        for i in 0..inner {
            let (r, c) = if dim == 1 { (i, o) } else { (o, i) };
            total += a.get(r, c);
            out[[r, c]] = total;
        }
    }
    NumArray::complex(out)
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

    #[test]
    fn sort_ascending_and_descending() {
        assert_eq!(
            call_t("sort", vec![v(&[3.0, -1.0, 0.5])]),
            v(&[-1.0, 0.5, 3.0])
        );
        let down = call_t("sort", vec![v(&[3.0, -1.0, 0.5]), Value::str("descend")]);
        assert_eq!(down, v(&[3.0, 0.5, -1.0]));
        let up = call_t("sort", vec![v(&[2.0, 1.0]), Value::str("ascend")]);
        assert_eq!(up, v(&[1.0, 2.0]));
        let col = call_t("sort", vec![m(&[&[3.0], &[1.0], &[2.0]])]);
        assert_eq!(col, m(&[&[1.0], &[2.0], &[3.0]]));
        assert_eq!(call_t("sort", vec![s(4.0)]), s(4.0));
        assert_eq!(call_t("sort", vec![v(&[])]), v(&[]));
    }

    #[test]
    fn sort_with_permutation_is_stable() {
        let r = call_n("sort", vec![v(&[2.0, 1.0, 2.0, 1.0])], 2);
        assert_eq!(
            r,
            Value::tuple(vec![v(&[1.0, 1.0, 2.0, 2.0]), v(&[2.0, 4.0, 1.0, 3.0])])
        );
        let r = call_n("sort", vec![v(&[2.0, 1.0, 2.0]), Value::str("descend")], 2);
        assert_eq!(
            r,
            Value::tuple(vec![v(&[2.0, 2.0, 1.0]), v(&[1.0, 3.0, 2.0])])
        );
        let r = call_n("sort", vec![m(&[&[5.0, 4.0]])], 2);
        assert_eq!(r, Value::tuple(vec![m(&[&[4.0, 5.0]]), m(&[&[2.0, 1.0]])]));
        let r = call_n("sort", vec![s(9.0)], 2);
        assert_eq!(r, Value::tuple(vec![s(9.0), s(1.0)]));
    }

    #[test]
    fn sort_keeps_imaginary_parts_and_puts_nan_last() {
        let r = call_t("sort", vec![cv(&[(2.0, 1.0), (1.0, -1.0)])]);
        assert_eq!(
            arr(&r).to_c_vec(),
            [C64::new(1.0, -1.0), C64::new(2.0, 1.0)]
        );
        let r = call_t("sort", vec![v(&[f64::NAN, 1.0, 0.0])]);
        assert_eq!(re(&r)[..2], [0.0, 1.0]);
        assert!(re(&r)[2].is_nan());
        let r = call_t("sort", vec![v(&[1.0, f64::NAN]), Value::str("descend")]);
        assert!(re(&r)[0].is_nan());
    }

    #[test]
    fn sort_errors() {
        assert_eq!(
            error(TABLE, "sort", vec![v(&[1.0]), Value::str("up")]),
            "type error: sort: direction must be \"ascend\" or \"descend\", got \"up\""
        );
        assert_eq!(
            error(TABLE, "sort", vec![v(&[1.0]), s(1.0)]),
            "type error: sort: 2nd argument must be a direction string \"ascend\" or \"descend\", got scalar"
        );
        assert_eq!(
            error(TABLE, "sort", vec![m(&[&[1.0, 2.0], &[3.0, 4.0]])]),
            "type error: sort: argument must be a vector, scalar, or 1-D-shaped matrix"
        );
    }

    #[test]
    fn cumsum_of_vectors_and_one_d_matrices() {
        assert_eq!(
            call_t("cumsum", vec![v(&[1.0, 2.0, 3.0, 4.0])]),
            v(&[1.0, 3.0, 6.0, 10.0])
        );
        assert_eq!(
            call_t("cumsum", vec![v(&[1.0, 2.0]), s(1.0)]),
            v(&[1.0, 2.0])
        );
        assert_eq!(
            call_t("cumsum", vec![v(&[1.0, 2.0]), s(2.0)]),
            v(&[1.0, 3.0])
        );
        let col = call_t("cumsum", vec![m(&[&[1.0], &[2.0]])]);
        assert_eq!(col, m(&[&[1.0], &[3.0]]));
        assert_eq!(call_t("cumsum", vec![s(2.0)]), s(2.0));
        assert_eq!(call_t("cumsum", vec![v(&[])]), v(&[]));
        let empty = Value::matrix_rows(0, 2, vec![]);
        assert_eq!(call_t("cumsum", vec![empty.clone()]), empty);
    }

    #[test]
    fn cumsum_of_matrices_and_the_lower_triangle_idiom() {
        let eye3 = m(&[&[1.0, 0.0, 0.0], &[0.0, 1.0, 0.0], &[0.0, 0.0, 1.0]]);
        let lower = call_t("cumsum", vec![eye3.clone(), s(1.0)]);
        assert_eq!(
            lower,
            m(&[&[1.0, 0.0, 0.0], &[1.0, 1.0, 0.0], &[1.0, 1.0, 1.0]])
        );
        let along = call_t("cumsum", vec![eye3, s(2.0)]);
        assert_eq!(
            along,
            m(&[&[1.0, 1.0, 1.0], &[0.0, 1.0, 1.0], &[0.0, 0.0, 1.0]])
        );
        let z = call_t(
            "cumsum",
            vec![cm(&[&[(1.0, 1.0), (0.0, 0.0)], &[(1.0, 1.0), (2.0, 0.0)]])],
        );
        assert_eq!(arr(&z).get(1, 0), C64::new(2.0, 2.0));
        assert_eq!(
            error(TABLE, "cumsum", vec![Value::str("ab")]),
            "type error: cumsum: expected a number or array, got string"
        );
        assert_eq!(
            error(TABLE, "cumsum", vec![v(&[1.0]), s(0.0)]),
            "type error: cumsum: dim must be 1 or 2, got 0"
        );
    }
}
