//! Reading signals and coefficient vectors from arguments: a scalar or a vector (row,
//! column, or a one-row/one-column matrix), with the checks every filter builtin needs.

use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::value::{C64, NumArray, Value};

/// The numbers of argument `i` when it is a scalar or vector.
pub(super) fn numbers(args: &Args, i: usize, what: &str) -> LangResult<Vec<C64>> {
    let v = args.value(i)?.plain();
    match v {
        Value::Scalar(x) => Ok(vec![C64::new(*x, 0.0)]),
        Value::Complex(z) => Ok(vec![*z]),
        Value::Vector(a) => Ok(a.to_c_vec()),
        Value::Matrix(a) if a.rows() <= 1 || a.cols() <= 1 => Ok(a.to_c_vec()),
        other => Err(LangError::type_error(format!(
            "{}: {what} must be a vector, got {}",
            args.name,
            other.type_name()
        ))),
    }
}

/// Argument `i` as real finite numbers (a complex entry with a non-zero imaginary part is
/// an error).
pub(super) fn real(args: &Args, i: usize, what: &str) -> LangResult<Vec<f64>> {
    let z = numbers(args, i, what)?;
    if z.iter().any(|z| z.im != 0.0) {
        return Err(LangError::type_error(format!(
            "{}: {what} must be real",
            args.name
        )));
    }
    finite(args, what, z.into_iter().map(|z| z.re).collect())
}

/// `v` if every entry is finite.
pub(super) fn finite(args: &Args, what: &str, v: Vec<f64>) -> LangResult<Vec<f64>> {
    if v.iter().any(|x| !x.is_finite()) {
        return Err(LangError::runtime(format!(
            "{}: {what} must be finite",
            args.name
        )));
    }
    Ok(v)
}

/// True when argument `i` is a column (an `N×1` matrix with N > 1).
pub(super) fn is_column(args: &Args, i: usize) -> bool {
    matches!(args.get(i).map(Value::plain), Some(Value::Matrix(a)) if a.cols() == 1 && a.rows() > 1)
}

/// A real row vector, or a column when `column`.
pub(super) fn shaped(y: Vec<f64>, column: bool) -> Value {
    if column {
        let n = y.len();
        Value::matrix(NumArray::from_row_major(n, 1, y))
    } else {
        Value::row(y)
    }
}
