//! Building sparse values: `sparse` (from COO triples or a dense array), `sparsevec`,
//! `speye`, `spzeros`, `spdiags` and `sprand` (drawn from the session's random stream).

use super::{elements, sparse_value};
use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::sparse::Sparse;
use crate::value::{C64, NumArray, Value};
use std::collections::BTreeSet;

/// Refuse shapes whose element count does not fit a machine word.
fn check_dims(name: &str, m: usize, n: usize) -> LangResult<()> {
    if m.checked_mul(n).is_none() {
        return Err(LangError::runtime(format!(
            "{name}: dimensions {m}×{n} are too large"
        )));
    }
    Ok(())
}

/// A 1-based index from a number: a finite whole number in `1..=n`.
fn one_based(name: &str, what: &str, z: C64, n: usize) -> LangResult<usize> {
    let x = z.re;
    if !x.is_finite() || x < 1.0 || x.fract() != 0.0 || x > n as f64 {
        return Err(LangError::runtime(format!(
            "{name}: {what} index {} out of range [1, {n}]",
            crate::display::scalar(x)
        )));
    }
    Ok(x as usize - 1)
}

/// `sparse(A)` converts a dense value; `sparse(I, J, V, m, n)` builds from 1-based COO
/// triples (duplicates sum). `sparse(I, J, V)` sizes the matrix by the largest indices.
pub(super) fn sparse(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 5)?;
    if args.len() == 1 {
        return from_dense(args.value(0)?);
    }
    if args.len() != 3 && args.len() != 5 {
        return Err(LangError::arity(args.name, 5, 5, args.len()));
    }
    let is = elements("sparse", args.value(0)?)?;
    let js = elements("sparse", args.value(1)?)?;
    let vs = elements("sparse", args.value(2)?)?;
    if is.len() != js.len() || is.len() != vs.len() {
        return Err(LangError::runtime(
            "sparse: I, J, V must have the same length",
        ));
    }
    let (m, n) = if args.len() == 5 {
        (args.size(3)?, args.size(4)?)
    } else {
        let most = |v: &[C64]| v.iter().map(|z| z.re).fold(0.0, f64::max);
        (most(&is).max(0.0) as usize, most(&js).max(0.0) as usize)
    };
    check_dims("sparse", m, n)?;
    let mut s = Sparse::matrix(m, n);
    for ((i, j), v) in is.iter().zip(&js).zip(&vs) {
        let r = one_based("sparse", "row", *i, m)?;
        let c = one_based("sparse", "col", *j, n)?;
        s.accumulate(r, c, *v);
    }
    Ok(sparse_value(s))
}

/// `sparse(x)` for a dense x: a Vector becomes a sparse vector, a Matrix or a number a
/// sparse matrix; a sparse value is returned unchanged.
fn from_dense(v: &Value) -> LangResult<Value> {
    match v.plain() {
        Value::Vector(a) => Ok(sparse_value(Sparse::from_dense(a, true))),
        Value::Matrix(a) => Ok(sparse_value(Sparse::from_dense(a, false))),
        Value::Scalar(_) | Value::Complex(_) => {
            let a = v.to_num_array().unwrap_or_else(|| NumArray::zeros(1, 1));
            Ok(sparse_value(Sparse::from_dense(&a, false)))
        }
        s @ Value::Sparse(_) => Ok(s.clone()),
        other => Err(LangError::type_error(format!(
            "sparse: cannot convert {} to sparse",
            other.type_name()
        ))),
    }
}

/// `sparsevec(I, V, n)`: a sparse vector of length n (duplicates sum).
pub(super) fn sparsevec(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(3, 3)?;
    let is = elements("sparsevec", args.value(0)?)?;
    let vs = elements("sparsevec", args.value(1)?)?;
    let n = args.size(2)?;
    if is.len() != vs.len() {
        return Err(LangError::runtime(
            "sparsevec: I and V must have the same length",
        ));
    }
    let mut s = Sparse::vector(n);
    for (i, v) in is.iter().zip(&vs) {
        let k = one_based("sparsevec", "", *i, n)?;
        s.accumulate(0, k, *v);
    }
    Ok(sparse_value(s))
}

/// `speye(n)`: the n×n sparse identity.
pub(super) fn speye(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let n = args.size(0)?;
    check_dims("speye", n, n)?;
    crate::limits::check_alloc(1, n, 64)?;
    let mut s = Sparse::matrix(n, n);
    for k in 0..n {
        s.set(k, k, C64::new(1.0, 0.0));
    }
    Ok(sparse_value(s))
}

/// `spzeros(m, n)`: an m×n sparse matrix with no stored entries.
pub(super) fn spzeros(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    let (m, n) = (args.size(0)?, args.size(1)?);
    check_dims("spzeros", m, n)?;
    Ok(sparse_value(Sparse::matrix(m, n)))
}

/// The (row, col) of element `k` of diagonal `d` (rustlab's layout: element k of diagonal
/// d ≥ 0 sits at (k, k + d), of d < 0 at (k − d, k)).
fn diag_cell(k: usize, d: i64) -> (usize, usize) {
    let off = d.unsigned_abs() as usize;
    if d >= 0 { (k, k + off) } else { (k + off, k) }
}

/// `spdiags(V, D, m, n)`: column k of V on diagonal D(k) (0 main, > 0 above, < 0 below);
/// a Vector V fills one diagonal, a scalar V the whole diagonal.
pub(super) fn spdiags(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(4, 4)?;
    let (m, n) = (args.size(2)?, args.size(3)?);
    check_dims("spdiags", m, n)?;
    let diags = diag_offsets(args.value(1)?)?;
    let columns = diag_columns(args.value(0)?, diags.len(), m.max(n))?;
    let mut s = Sparse::matrix(m, n);
    for (col, &d) in columns.iter().zip(&diags) {
        for (k, &v) in col.iter().enumerate() {
            let (r, c) = diag_cell(k, d);
            if r < m && c < n {
                s.accumulate(r, c, v);
            }
        }
    }
    Ok(sparse_value(s))
}

/// The offsets `D` of `spdiags`: a scalar or a 1-D array (truncated toward zero).
fn diag_offsets(v: &Value) -> LangResult<Vec<i64>> {
    match v.plain() {
        Value::Scalar(d) => Ok(vec![*d as i64]),
        Value::Vector(a) => Ok(a.iter_re().map(|d| d as i64).collect()),
        Value::Matrix(a) if a.rows() == 1 || a.cols() == 1 => {
            Ok(a.iter_re().map(|d| d as i64).collect())
        }
        other => Err(LangError::type_error(format!(
            "spdiags: D must be a scalar or vector, got {}",
            other.type_name()
        ))),
    }
}

/// The diagonals' values: column k of a Matrix V, a Vector, or a scalar repeated `fill`
/// times (the last two only with a single offset).
fn diag_columns(v: &Value, count: usize, fill: usize) -> LangResult<Vec<Vec<C64>>> {
    match v.plain() {
        Value::Vector(a) if count == 1 => Ok(vec![a.to_c_vec()]),
        Value::Scalar(x) if count == 1 => {
            crate::limits::check_alloc(1, fill, 64)?;
            Ok(vec![vec![C64::new(*x, 0.0); fill]])
        }
        Value::Vector(_) | Value::Scalar(_) => Err(LangError::runtime(
            "spdiags: when V is a vector or scalar, D must be a single diagonal offset",
        )),
        Value::Matrix(a) if a.cols() == count => Ok((0..a.cols())
            .map(|c| (0..a.rows()).map(|r| a.get(r, c)).collect())
            .collect()),
        Value::Matrix(a) => Err(LangError::runtime(format!(
            "spdiags: V has {} columns but D has {} offsets",
            a.cols(),
            count
        ))),
        other => Err(LangError::type_error(format!(
            "spdiags: V must be a scalar, vector, or matrix, got {}",
            other.type_name()
        ))),
    }
}

/// `sprand(m, n, density)`: about density·m·n entries uniform in [0, 1), drawn from the
/// session's random stream (so `seed` makes it reproducible). Below density 0.5 it draws
/// `round(density·m·n)` distinct positions (row, then column, then value); from 0.5 on it
/// keeps each position, row by row, with probability `density`.
pub(super) fn sprand(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(3, 3)?;
    let (m, n) = (args.size(0)?, args.size(1)?);
    check_dims("sprand", m, n)?;
    let density = args.f64(2)?;
    if !(0.0..=1.0).contains(&density) {
        return Err(LangError::runtime("sprand: density must be in [0, 1]"));
    }
    let total = m.saturating_mul(n);
    crate::limits::check_alloc(1, ((density * total as f64).ceil()) as usize, 24)?;
    let rng = &mut interp.rng;
    let mut s = Sparse::matrix(m, n);
    if density >= 0.5 {
        for r in 0..m {
            for c in 0..n {
                if rng.uniform() < density {
                    let v = rng.uniform();
                    s.set(r, c, C64::new(v, 0.0));
                }
            }
        }
    } else if total > 0 {
        let target = ((density * total as f64).round() as usize).min(total);
        let mut seen = BTreeSet::new();
        while seen.len() < target {
            let r = rng.int_inclusive(0, m as i64 - 1) as usize;
            let c = rng.int_inclusive(0, n as i64 - 1) as usize;
            if seen.insert((r, c)) {
                let v = rng.uniform();
                s.set(r, c, C64::new(v, 0.0));
            }
        }
    }
    Ok(sparse_value(s))
}
