//! Looking into sparse (and dense) values: `issparse`, `nnz`, `nonzeros`, `full` and the
//! nargout-aware `find` (MATLAB forms on dense input, rustlab's tuples on sparse input).

use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{C64, NumArray, Value};

/// `issparse(x)`: 1 for a sparse matrix or vector, else 0.
pub(super) fn issparse(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let is = matches!(args.value(0)?.plain(), Value::Sparse(_));
    Ok(Value::Scalar(if is { 1.0 } else { 0.0 }))
}

/// `nnz(S)`: stored entries; for dense input the element count (rustlab's rule).
pub(super) fn nnz(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let count = match args.value(0)?.plain() {
        Value::Sparse(s) => s.nnz(),
        Value::Vector(a) | Value::Matrix(a) => a.len(),
        Value::Scalar(_) | Value::Complex(_) => 1,
        other => {
            return Err(LangError::type_error(format!(
                "nnz: unsupported type {}",
                other.type_name()
            )));
        }
    };
    Ok(Value::Scalar(count as f64))
}

/// `nonzeros(S)`: the stored values in storage (row-major) order, as a Vector.
pub(super) fn nonzeros(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    match args.value(0)?.plain() {
        Value::Sparse(s) => Ok(c_row(s.entries.values().copied().collect())),
        other => Err(LangError::type_error(format!(
            "nonzeros: expected sparse, got {}",
            other.type_name()
        ))),
    }
}

/// `full(S)`: the dense value; dense input passes through.
pub(super) fn full(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    match args.value(0)? {
        Value::Sparse(s) => s.to_value(),
        other => Ok(other.clone()),
    }
}

/// A Vector of complex values (stored real when every imaginary part is zero).
fn c_row(data: Vec<C64>) -> Value {
    let n = data.len();
    Value::vector(NumArray::complex(
        ndarray::Array2::from_shape_vec((1, n), data).unwrap_or_default(),
    ))
}

/// A Vector of 1-based indices.
fn index_row(ks: impl Iterator<Item = usize>) -> Value {
    Value::row(ks.map(|k| (k + 1) as f64).collect())
}

/// `find(x)` with `nargout` outputs. Dense Vector: indices; `[I, V]`; `[R, I, V]` (R all
/// ones). Dense Matrix: column-major linear indices; `[I, J]`; `[I, J, V]`. A number is a
/// one-element vector. Sparse vector: `[I, V]`; sparse matrix: `[I, J, V]`, in storage
/// order, whatever the number of outputs.
pub(super) fn find(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let nargout = args.nargout;
    match args.value(0)?.plain() {
        Value::Sparse(s) => {
            let vals = c_row(s.entries.values().copied().collect());
            let cols = index_row(s.entries.keys().map(|&(_, c)| c));
            if s.vector {
                return Ok(Value::tuple(vec![cols, vals]));
            }
            let rows = index_row(s.entries.keys().map(|&(r, _)| r));
            Ok(Value::tuple(vec![rows, cols, vals]))
        }
        Value::Vector(a) => Ok(find_vector(a, nargout)),
        Value::Matrix(a) => Ok(find_matrix(a, nargout)),
        v @ (Value::Scalar(_) | Value::Complex(_) | Value::Bool(_)) => {
            let z = match v {
                Value::Complex(z) => *z,
                Value::Bool(b) => C64::new(f64::from(u8::from(*b)), 0.0),
                Value::Scalar(x) => C64::new(*x, 0.0),
                _ => C64::new(0.0, 0.0),
            };
            let one = NumArray::complex(ndarray::Array2::from_elem((1, 1), z));
            Ok(find_vector(&one, nargout))
        }
        other => Err(LangError::type_error(format!(
            "find: expected vector, matrix, or sparse; got {}",
            other.type_name()
        ))),
    }
}

fn nonzero(z: C64) -> bool {
    z.re != 0.0 || z.im != 0.0
}

fn find_vector(a: &NumArray, nargout: usize) -> Value {
    let hits: Vec<(usize, C64)> = a
        .iter_c()
        .enumerate()
        .filter(|&(_, z)| nonzero(z))
        .collect();
    let idx = index_row(hits.iter().map(|&(k, _)| k));
    let vals = c_row(hits.iter().map(|&(_, z)| z).collect());
    match nargout {
        0 | 1 => idx,
        2 => Value::tuple(vec![idx, vals]),
        _ => Value::tuple(vec![index_row(hits.iter().map(|_| 0)), idx, vals]),
    }
}

fn find_matrix(a: &NumArray, nargout: usize) -> Value {
    let rows = a.rows();
    let hits: Vec<(usize, C64)> = (0..a.len())
        .map(|k| (k, a.col_major(k)))
        .filter(|&(_, z)| nonzero(z))
        .collect();
    if nargout <= 1 {
        return index_row(hits.iter().map(|&(k, _)| k));
    }
    let is = index_row(hits.iter().map(|&(k, _)| k % rows.max(1)));
    let js = index_row(hits.iter().map(|&(k, _)| k / rows.max(1)));
    if nargout == 2 {
        return Value::tuple(vec![is, js]);
    }
    let vals = c_row(hits.iter().map(|&(_, z)| z).collect());
    Value::tuple(vec![is, js, vals])
}
