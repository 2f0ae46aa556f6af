//! Rearranging rank-3 arrays: `permute` (reorder the axes), `squeeze` (drop the axes of
//! extent 1, giving a Matrix, Vector or number) and `cat` (stack along rows, columns or
//! pages; only pages make a tensor).

use super::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::ops::concat;
use crate::value::{C64, NumArray, Tensor3, Value};
use ndarray::Array2;
use std::sync::Arc;

/// `permute(T, [d1, d2, d3])`: axis `a` of the result is axis `d(a)` of `T`.
pub(super) fn permute(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    let t = match args.value(0)? {
        Value::Tensor3(t) => t,
        other => {
            return Err(LangError::type_error(format!(
                "permute: expected tensor3, got {}",
                other.type_name()
            )));
        }
    };
    let order: Vec<usize> = match args.value(1)? {
        Value::Vector(v) if v.len() == 3 => {
            v.iter_re().map(|x| x.round().max(0.0) as usize).collect()
        }
        other => {
            return Err(LangError::type_error(format!(
                "permute: order must be a 3-element vector, got {}",
                other.type_name()
            )));
        }
    };
    let mut sorted = order.clone();
    sorted.sort_unstable();
    if sorted != [1, 2, 3] {
        return Err(LangError::type_error(format!(
            "permute: order must be a permutation of [1, 2, 3], got {order:?}"
        )));
    }
    let axes = [order[0] - 1, order[1] - 1, order[2] - 1];
    let src = [t.rows, t.cols, t.pages];
    let out = Tensor3::from_fn(src[axes[0]], src[axes[1]], src[axes[2]], |a, b, c| {
        let mut at = [0; 3];
        for (axis, pos) in axes.into_iter().zip([a, b, c]) {
            at[axis] = pos;
        }
        t.at(at[0], at[1], at[2])
    })?;
    Ok(Value::Tensor3(Arc::new(out)))
}

/// `squeeze(T)`: one axis of extent 1 gives a Matrix over the other two, two give a Vector,
/// three the element; a tensor without singleton axes and any other value pass through.
pub(super) fn squeeze(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let t = match args.value(0)? {
        Value::Tensor3(t) => t,
        other => return Ok(other.clone()),
    };
    let (m, n, p) = t.shape();
    let ones = [m, n, p].iter().filter(|&&d| d == 1).count();
    match ones {
        0 => Ok(Value::Tensor3(t.clone())),
        1 => {
            let (rows, cols) = match (m, n) {
                (1, _) => (n, p),
                (_, 1) => (m, p),
                _ => (m, n),
            };
            // With one extent of 1 removed, storage order is the column-major order of
            // the rows × cols result.
            Ok(Value::matrix(from_column_major(rows, cols, &t.data)))
        }
        2 => Ok(Value::vector(from_column_major(1, t.len(), &t.data))),
        _ => Ok(Value::number_approx(t.data[0])),
    }
}

/// A `rows×cols` array from column-major elements, stored real when they all are.
fn from_column_major(rows: usize, cols: usize, data: &[C64]) -> NumArray {
    let a = Array2::from_shape_fn((rows, cols), |(r, c)| data[r + rows * c]);
    NumArray::complex(a)
}

/// `cat(dim, A, B, ...)`: `dim` 1 is `vertcat`, 2 `horzcat`, 3 stacks pages.
pub(super) fn cat(_: &mut Interp, args: Args) -> LangResult<Value> {
    if args.is_empty() {
        return Err(LangError::type_error(
            "cat: expected cat(dim, A, B, ...), got no arguments",
        ));
    }
    let dim = args.size(0)?;
    let rest = &args.values[1..];
    if rest.is_empty() {
        return Err(LangError::type_error(
            "cat: expected at least one value to concatenate after dim",
        ));
    }
    match dim {
        1 => concat(rest.iter().map(|v| vec![v.clone()]).collect()),
        2 => concat(vec![rest.to_vec()]),
        3 => stack_pages(rest).map(|t| Value::Tensor3(Arc::new(t))),
        _ => Err(LangError::type_error(format!(
            "cat: dim must be 1, 2, or 3, got {dim}"
        ))),
    }
}

/// Pages from Matrices, Vectors (one row), numbers (1×1) and tensors, which must all
/// share rows × cols.
fn stack_pages(values: &[Value]) -> LangResult<Tensor3> {
    let mut pages: Vec<Tensor3> = Vec::with_capacity(values.len());
    for (k, v) in values.iter().enumerate() {
        let t = as_pages(v, k + 2)?;
        if let Some(first) = pages.first()
            && (t.rows, t.cols) != (first.rows, first.cols)
        {
            return Err(LangError::type_error(format!(
                "cat(3, ...): argument {} is {}×{}, expected {}×{}",
                k + 2,
                t.rows,
                t.cols,
                first.rows,
                first.cols
            )));
        }
        pages.push(t);
    }
    let (rows, cols) = (pages[0].rows, pages[0].cols);
    let total = pages
        .iter()
        .map(|t| t.pages)
        .fold(0usize, usize::saturating_add);
    super::tensor3::check_alloc(rows, cols, total)?;
    let data = pages.into_iter().flat_map(|t| t.data).collect();
    Ok(Tensor3 {
        rows,
        cols,
        pages: total,
        data,
    })
}

/// One argument of `cat(3, ...)` as whole pages; `position` is its 1-based argument number.
fn as_pages(v: &Value, position: usize) -> LangResult<Tensor3> {
    match v {
        Value::Tensor3(t) => Ok((**t).clone()),
        Value::Scalar(_) | Value::Complex(_) | Value::Vector(_) | Value::Matrix(_) => {
            let a = v.to_num_array().unwrap_or_else(|| NumArray::zeros(0, 0));
            let (rows, cols) = a.shape();
            Tensor3::from_fn(rows, cols, 1, |i, j, _| a.get(i, j))
        }
        other => Err(LangError::type_error(format!(
            "cat(3, ...): argument {position} has type {}",
            other.type_name()
        ))),
    }
}
