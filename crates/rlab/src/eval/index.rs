//! Index reads (spec §6.1-§6.3): converting index values, binding `end`, and reading from
//! Vectors, Matrices (linear reads are column-major), strings, string arrays, tuples and,
//! beyond rustlab, scalars. Reads never copy the indexed array.

use super::Interp;
use crate::ast::{Expr, ExprKind, Var};
use crate::error::{LangError, LangResult};
use crate::grad;
use crate::value::{IntKind, NumArray, Value};
use std::sync::Arc;

/// One index argument, converted to 0-based positions.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Idx {
    All,
    One(usize),
    Many(Vec<usize>),
}

impl Idx {
    /// The positions selected out of `n`.
    pub(crate) fn positions(&self, n: usize) -> Vec<usize> {
        match self {
            Idx::All => (0..n).collect(),
            Idx::One(k) => vec![*k],
            Idx::Many(ks) => ks.clone(),
        }
    }

    pub(crate) fn count(&self, n: usize) -> usize {
        match self {
            Idx::All => n,
            Idx::One(_) => 1,
            Idx::Many(ks) => ks.len(),
        }
    }

    /// Fail with `index 5 out of bounds (...)` unless every position is below `n`.
    pub(crate) fn check(&self, n: usize, what: impl Fn(usize) -> String) -> LangResult<()> {
        let too_big = match self {
            Idx::All => None,
            Idx::One(k) => (*k >= n).then_some(*k),
            Idx::Many(ks) => ks.iter().copied().find(|&k| k >= n),
        };
        match too_big {
            Some(k) => Err(LangError::runtime(what(k + 1))),
            None => Ok(()),
        }
    }
}

/// One index value as positions: a real scalar (truncated toward zero), a Vector or 1-D
/// Matrix of them, or `:` (handled by the caller).
pub(crate) fn to_idx(v: &Value) -> LangResult<Idx> {
    match v.plain() {
        Value::Scalar(x) => one_position(*x).map(Idx::One),
        Value::Vector(a) => a
            .iter_re()
            .map(one_position)
            .collect::<LangResult<_>>()
            .map(Idx::Many),
        Value::Matrix(a) if a.rows() == 1 || a.cols() == 1 || a.is_empty() => {
            let positions = (0..a.len()).map(|k| one_position(a.col_major(k).re));
            positions.collect::<LangResult<_>>().map(Idx::Many)
        }
        Value::Int(a) if a.kind != IntKind::Matrix || a.rows == 1 || a.cols == 1 => {
            let positions = a.values().map(|k| one_position(k as f64));
            positions
                .collect::<LangResult<Vec<_>>>()
                .map(|ks| match a.kind {
                    IntKind::Scalar => Idx::One(ks[0]),
                    _ => Idx::Many(ks),
                })
        }
        other => Err(LangError::type_error(format!(
            "index must be a scalar, vector or ':', got {}",
            other.type_name()
        ))),
    }
}

fn one_position(x: f64) -> LangResult<usize> {
    let k = x.trunc();
    if k.is_nan() || k < 1.0 {
        return Err(LangError::runtime(format!(
            "index {} is invalid (1-based indexing)",
            crate::display::scalar(x)
        )));
    }
    if k > usize::MAX as f64 / 2.0 {
        return Err(LangError::runtime(format!(
            "index {} is too large",
            crate::display::scalar(x)
        )));
    }
    Ok(k as usize - 1)
}

impl Interp {
    /// `name(args)` where the variable is indexable.
    pub(crate) fn index_variable(&mut self, var: &Var, args: &[Expr]) -> LangResult<Value> {
        let target = self.read_var(var)?;
        let idx = self.eval_indices(&target, args, EndRule::Read)?;
        grad::read(self, &target, &idx, read)
    }

    /// `expr(args)`: chained indexing of any value.
    pub(crate) fn index_chained(&mut self, target: &Value, args: &[Expr]) -> LangResult<Value> {
        let idx = self.eval_indices(target, args, EndRule::Chained)?;
        match target.plain() {
            Value::Scalar(_) | Value::Complex(_) | Value::Bool(_) => {
                grad::read(self, target, &idx, read_scalar)
            }
            _ => grad::read(self, target, &idx, read),
        }
    }

    /// Index with already evaluated values (method-call sugar).
    pub(crate) fn index_with_values(
        &mut self,
        target: &Value,
        values: &[Value],
    ) -> LangResult<Value> {
        let idx = values.iter().map(to_idx).collect::<LangResult<Vec<_>>>()?;
        grad::read(self, target, &idx, read)
    }

    /// `x(1)` on a scalar variable: an rlbook extension (rustlab says `undefined function`).
    pub(crate) fn index_scalar(&mut self, target: &Value, values: &[Value]) -> LangResult<Value> {
        let idx = values.iter().map(to_idx).collect::<LangResult<Vec<_>>>()?;
        grad::read(self, target, &idx, read_scalar)
    }

    /// Evaluate index arguments with `end` bound per `rule`.
    pub(crate) fn eval_indices(
        &mut self,
        target: &Value,
        args: &[Expr],
        rule: EndRule,
    ) -> LangResult<Vec<Idx>> {
        let mut out = Vec::with_capacity(args.len());
        for (k, arg) in args.iter().enumerate() {
            if matches!(arg.kind, ExprKind::Colon) {
                out.push(Idx::All);
                continue;
            }
            self.end_values
                .push(end_value(target.plain(), k, args.len(), rule) as f64);
            let v = self.eval(arg);
            self.end_values.pop();
            out.push(to_idx(&v?).map_err(|e| e.at(arg.span))?);
        }
        Ok(out)
    }
}

/// Which `end` binding applies (spec §6.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EndRule {
    /// `name(...)` reads: one index on a Matrix is its row count (rustlab's rule).
    Read,
    /// `expr(...)`: Vector length or Matrix rows.
    Chained,
    /// `name(...) = v`: one index is the element count; two are rows and columns.
    Assign,
}

fn end_value(target: &Value, k: usize, n: usize, rule: EndRule) -> usize {
    match target {
        Value::Vector(a) => a.len(),
        Value::Matrix(a) => matrix_end((a.rows(), a.cols()), k, n, rule),
        Value::Int(a) => match a.kind {
            IntKind::Matrix => matrix_end((a.rows, a.cols), k, n, rule),
            _ => a.len(),
        },
        Value::Str(s) => s.chars().count(),
        Value::StrArray(items) => items.len(),
        Value::Tuple(items) => items.len(),
        Value::Tensor3(t) => match (n, k) {
            (1, _) => t.len(),
            (_, 0) => t.rows,
            (2, _) => t.cols * t.pages,
            (_, 1) => t.cols,
            _ => t.pages,
        },
        Value::Sparse(s) => match (n, k) {
            (1, _) if s.vector => s.cols,
            (1, _) => s.rows.saturating_mul(s.cols),
            (_, 0) => s.rows,
            _ => s.cols,
        },
        _ => 1,
    }
}

/// `end` in index `k` of `n` on a Matrix of `rows×cols`.
fn matrix_end((rows, cols): (usize, usize), k: usize, n: usize, rule: EndRule) -> usize {
    match (n, rule) {
        (1, EndRule::Assign) => rows * cols,
        (1, _) | (_, EndRule::Chained) => rows,
        _ if k == 0 => rows,
        _ => cols,
    }
}

/// Read `target(idx...)`.
pub(crate) fn read(target: &Value, idx: &[Idx]) -> LangResult<Value> {
    match (target, idx) {
        (Value::Vector(a), [i]) => read_vector(a, i),
        (Value::Vector(a), [r, c]) => {
            if r.positions(1) == [0] || *r == Idx::All {
                read_vector(a, c)
            } else if c.positions(1) == [0] {
                read_vector(a, r)
            } else {
                Err(LangError::runtime(
                    "vector indexing with two indices needs one of them to be 1",
                ))
            }
        }
        (Value::Matrix(a), [i]) => read_linear(a, i),
        (Value::Matrix(a), [r, c]) => read_matrix(a, r, c),
        (Value::Str(s), [i]) => read_str(s, i),
        (Value::StrArray(items), [i]) => read_list(
            items,
            i,
            |s| Value::Str(s.clone()),
            |v| Value::StrArray(Arc::new(v)),
        ),
        (Value::Tuple(items), [i]) => read_list(items, i, Value::clone, Value::tuple),
        (Value::Tensor3(t), _) => crate::value::tensor3::read(t, idx),
        (Value::Sparse(s), _) => crate::value::sparse::read(s, idx),
        (Value::Int(a), _) => super::integer::read(a, idx),
        (_, []) => Ok(target.clone()),
        (v, _) if idx.len() > 2 => Err(LangError::runtime(format!(
            "too many indices ({}) for a {}",
            idx.len(),
            v.type_name()
        ))),
        (v, _) => Err(LangError::type_error(format!(
            "cannot index a value of type {}",
            v.type_name()
        ))),
    }
}

fn read_vector(a: &NumArray, i: &Idx) -> LangResult<Value> {
    let n = a.len();
    i.check(n, |k| format!("index {k} out of bounds (length {n})"))?;
    Ok(match i {
        Idx::All => Value::Vector(Arc::new(a.clone())),
        Idx::One(k) => Value::number_approx(a.get(0, *k)),
        Idx::Many(ks) => pick(a, ks.iter().map(|&k| (0, k))),
    })
}

fn read_linear(a: &NumArray, i: &Idx) -> LangResult<Value> {
    let n = a.len();
    let (rows, cols) = a.shape();
    i.check(n, |k| {
        format!("linear index {k} out of bounds ({rows}×{cols} = {n} elements)")
    })?;
    Ok(match i {
        Idx::One(k) => Value::number_approx(a.col_major(*k)),
        other => pick(
            a,
            other.positions(n).into_iter().map(|k| a.col_major_pos(k)),
        ),
    })
}

fn read_matrix(a: &NumArray, r: &Idx, c: &Idx) -> LangResult<Value> {
    let (rows, cols) = a.shape();
    r.check(rows, |k| format!("index {k} out of bounds (size {rows})"))?;
    c.check(cols, |k| format!("index {k} out of bounds (size {cols})"))?;
    if let (Idx::One(i), Idx::One(j)) = (r, c) {
        return Ok(Value::number_approx(a.get(*i, *j)));
    }
    let rs = r.positions(rows);
    if let (Idx::All, NumArray::Real(m)) = (c, a)
        && let Some(data) = m.as_slice()
    {
        return Ok(whole_rows(data, &rs, cols));
    }
    let cs = c.positions(cols);
    if rs.len() == 1 || cs.len() == 1 {
        let cells = rs.iter().flat_map(|&i| cs.iter().map(move |&j| (i, j)));
        return Ok(pick(a, cells));
    }
    let cells = rs.iter().flat_map(|&i| cs.iter().map(move |&j| (i, j)));
    let picked = pick_array(a, cells);
    Ok(Value::matrix(picked.reshaped_row_major(rs.len(), cs.len())))
}

/// Rows `rs` of a real row-major matrix with `cols` columns, each copied as a slice: what
/// [`read_matrix`] gives for `A(r, :)` (a Vector when one row or one column is read).
fn whole_rows(data: &[f64], rs: &[usize], cols: usize) -> Value {
    let mut picked = Vec::with_capacity(rs.len() * cols);
    for &i in rs {
        picked.extend_from_slice(&data[i * cols..(i + 1) * cols]);
    }
    if rs.len() == 1 || cols == 1 {
        Value::Vector(Arc::new(NumArray::row(picked)))
    } else {
        Value::matrix(NumArray::from_row_major(rs.len(), cols, picked))
    }
}

/// A Vector of the elements at `cells`.
fn pick(a: &NumArray, cells: impl Iterator<Item = (usize, usize)>) -> Value {
    Value::Vector(Arc::new(pick_array(a, cells)))
}

fn pick_array(a: &NumArray, cells: impl Iterator<Item = (usize, usize)>) -> NumArray {
    match a {
        NumArray::Real(m) => NumArray::row(cells.map(|(i, j)| m[[i, j]]).collect()),
        NumArray::Complex(m) => {
            let data: Vec<_> = cells.map(|(i, j)| m[[i, j]]).collect();
            let n = data.len();
            NumArray::complex(ndarray::Array2::from_shape_vec((1, n), data).unwrap_or_default())
        }
    }
}

fn read_str(s: &str, i: &Idx) -> LangResult<Value> {
    let chars: Vec<char> = s.chars().collect();
    let n = chars.len();
    i.check(n, |k| format!("index {k} out of bounds (length {n})"))?;
    Ok(Value::Str(
        i.positions(n).into_iter().map(|k| chars[k]).collect(),
    ))
}

fn read_list<T>(
    items: &[T],
    i: &Idx,
    one: impl Fn(&T) -> Value,
    many: impl Fn(Vec<T>) -> Value,
) -> LangResult<Value>
where
    T: Clone,
{
    let n = items.len();
    i.check(n, |k| format!("index {k} out of bounds (length {n})"))?;
    Ok(match i {
        Idx::One(k) => one(&items[*k]),
        other => many(
            other
                .positions(n)
                .into_iter()
                .map(|k| items[k].clone())
                .collect(),
        ),
    })
}

/// `x(1)`, `x(1, 1)`, `x(:)` on a scalar give the scalar itself.
pub(crate) fn read_scalar(target: &Value, idx: &[Idx]) -> LangResult<Value> {
    for i in idx {
        i.check(1, |k| format!("index {k} out of bounds (length 1)"))?;
    }
    match idx.iter().map(|i| i.count(1)).max() {
        Some(n) if n > 1 => Err(LangError::runtime("index out of bounds (length 1)")),
        _ => Ok(target.clone()),
    }
}
