//! Indexed assignment `name(idx...) = rhs` (spec §6.4): element writes (with the growth
//! rules of one index), legacy row writes, region writes, deletion with `[]`, and creating a
//! zero Vector when the target does not exist. Writes happen in place: the variable's array
//! is copied only when another value shares it.
//!
//! Every routine validates before it mutates, so a failed assignment leaves the target intact.

mod fill;

use super::Interp;
use super::index::{EndRule, Idx};
use crate::ast::{Expr, Var};
use crate::display;
use crate::error::{LangError, LangResult};
use crate::grad;
use crate::limits;
use crate::value::{C64, NumArray, Value};
use fill::{Fill, RealFill, region_values, single};
use ndarray::Array2;
use std::sync::Arc;

/// What an assignment wrote, for the script-mode echo (made into text only when echoed).
enum Written {
    Element(C64),
    /// One element of an integer array, as stored.
    Integer(i128),
    Row,
    Positions(usize),
    Region(usize, usize),
    Deleted,
}

impl Written {
    fn echo(&self, rhs: &Value) -> String {
        match self {
            Written::Element(z) => display::complex(*z),
            Written::Integer(x) => x.to_string(),
            Written::Row => display::value(rhs),
            Written::Positions(n) => format!("(vector positions {n} updated)"),
            Written::Region(r, c) => format!("(region {r}×{c} updated)"),
            Written::Deleted => "[]".to_string(),
        }
    }
}

impl Interp {
    /// Perform `name(args) = rhs`; returns the script-mode echo text when `echo` is set.
    pub(crate) fn index_assign(
        &mut self,
        name: &Var,
        args: &[Expr],
        rhs: Value,
        echo: bool,
    ) -> LangResult<Option<String>> {
        if !echo && self.try_element_write(name, args, &rhs) {
            return Ok(None);
        }
        let idx = {
            let target = self.vars.lookup(name).cloned().unwrap_or(Value::None);
            self.eval_indices(&target, args, EndRule::Assign)?
        };
        let written = match self.vars.lookup_mut(name) {
            Some(slot) => grad::assign(&mut self.grad, slot, &idx, &rhs, assign_into)?,
            None => {
                let mut fresh = Value::None;
                let written = grad::assign(&mut self.grad, &mut fresh, &idx, &rhs, assign_into)?;
                self.vars.assign(name, fresh);
                written
            }
        };
        Ok(echo.then(|| format!("{name}({}) = {}", echo_indices(&idx), written.echo(&rhs))))
    }
}

/// Apply the assignment to `target`.
fn assign_into(target: &mut Value, idx: &[Idx], rhs: &Value) -> LangResult<Written> {
    match (&*target, rhs) {
        (Value::Int(a), _) => {
            let (result, written, first) = super::integer::assign(a, idx, rhs, assign_into)?;
            *target = result;
            return Ok(match written {
                Written::Element(_) => Written::Integer(first.unwrap_or(0)),
                other => other,
            });
        }
        (_, Value::Int(_)) => return assign_into(target, idx, &crate::ops::widened(rhs)),
        _ => {}
    }
    if matches!(rhs, Value::Vector(a) | Value::Matrix(a) if a.is_empty()) {
        return delete(target, idx).map(|()| Written::Deleted);
    }
    match target {
        Value::Tensor3(t) => {
            return crate::value::tensor3::assign(t, idx, rhs).map(|()| Written::Row);
        }
        Value::Sparse(s) => {
            return crate::value::sparse::assign(s, idx, rhs).map(|()| Written::Row);
        }
        _ => {}
    }
    match idx {
        [i] => assign_one(target, i, rhs),
        [r, c] => assign_two(target, r, c, rhs),
        _ => Err(LangError::runtime(format!(
            "index assignment: {} indices are not supported",
            idx.len()
        ))),
    }
}

fn assign_one(target: &mut Value, i: &Idx, rhs: &Value) -> LangResult<Written> {
    match (target, i) {
        (Value::Matrix(a), Idx::One(k)) if matches!(rhs, Value::Vector(_)) => write_row(a, *k, rhs),
        (Value::Vector(a) | Value::Matrix(a), Idx::One(k)) => {
            let z = single(rhs)?;
            grow_for(a, *k)?;
            let pos = linear_pos(a, *k)?;
            set_cells(Arc::make_mut(a), &[pos], &[z]);
            Ok(Written::Element(z))
        }
        (Value::Vector(a) | Value::Matrix(a), many) => {
            let n = a.len();
            let (rows, cols) = a.shape();
            many.check(n, |k| match rows {
                1 => format!("index {k} out of bounds (length {n})"),
                _ => format!("linear index {k} out of bounds ({rows}×{cols} = {n} elements)"),
            })?;
            let positions: Vec<_> = many
                .positions(n)
                .into_iter()
                .map(|k| a.col_major_pos(k))
                .collect();
            let values = Fill::from_value(rhs)?.for_cells(positions.len())?;
            set_cells(Arc::make_mut(a), &positions, &values);
            Ok(Written::Positions(positions.len()))
        }
        (slot, Idx::One(k)) => {
            let z = single(rhs)?;
            limits::check_alloc(1, *k + 1, 16)?;
            let mut a = NumArray::zeros(1, *k + 1);
            set_cells(&mut a, &[(0, *k)], &[z]);
            *slot = Value::vector(a);
            Ok(Written::Element(z))
        }
        (slot, _) => Err(LangError::runtime(format!(
            "index assignment: cannot assign positions of a {}",
            slot.type_name()
        ))),
    }
}

/// Legacy `M(k) = v`: row k of a matrix becomes the Vector v.
fn write_row(a: &mut Arc<NumArray>, k: usize, rhs: &Value) -> LangResult<Written> {
    let (rows, cols) = a.shape();
    if k >= rows {
        return Err(LangError::runtime(format!(
            "index assignment: row {} out of bounds ({rows} rows)",
            k + 1
        )));
    }
    let values = Fill::from_value(rhs)?.for_cells(cols)?;
    let cells: Vec<_> = (0..cols).map(|c| (k, c)).collect();
    set_cells(Arc::make_mut(a), &cells, &values);
    Ok(Written::Row)
}

/// One-index growth: a Vector or `1×N` Matrix grows along columns, an `N×1` Matrix along rows.
fn grow_for(a: &mut Arc<NumArray>, k: usize) -> LangResult<()> {
    let (rows, cols) = a.shape();
    if k < rows * cols {
        return Ok(());
    }
    let (new_rows, new_cols) = match (rows, cols) {
        (1, _) | (0, 0) => (1, k + 1),
        (_, 1) => (k + 1, 1),
        _ => return Ok(()),
    };
    limits::check_alloc(new_rows, new_cols, 8)?;
    let old = Arc::make_mut(a);
    *old = match &*old {
        NumArray::Real(m) => {
            let mut grown = Array2::zeros((new_rows, new_cols));
            grown.slice_mut(ndarray::s![..rows, ..cols]).assign(m);
            NumArray::Real(grown)
        }
        NumArray::Complex(m) => {
            let mut grown = Array2::zeros((new_rows, new_cols));
            grown.slice_mut(ndarray::s![..rows, ..cols]).assign(m);
            NumArray::Complex(grown)
        }
    };
    Ok(())
}

/// The cell of column-major linear index `k`, checked.
fn linear_pos(a: &NumArray, k: usize) -> LangResult<(usize, usize)> {
    let (rows, cols) = a.shape();
    let n = rows * cols;
    if k >= n {
        return Err(LangError::runtime(format!(
            "linear index {} out of bounds ({rows}×{cols} = {n} elements)",
            k + 1
        )));
    }
    Ok(a.col_major_pos(k))
}

fn assign_two(target: &mut Value, r: &Idx, c: &Idx, rhs: &Value) -> LangResult<Written> {
    let (Value::Matrix(a) | Value::Vector(a)) = target else {
        return Err(LangError::runtime(format!(
            "index assignment: two indices need an existing matrix, not a {}",
            target.type_name()
        )));
    };
    let (rows, cols) = a.shape();
    if let (Idx::One(i), Idx::One(j), Value::Scalar(_) | Value::Complex(_)) = (r, c, rhs) {
        if *i >= rows || *j >= cols {
            return Err(LangError::runtime(format!(
                "index assignment: ({},{}) out of bounds for {rows}×{cols} matrix",
                i + 1,
                j + 1
            )));
        }
        let z = single(rhs)?;
        set_cells(Arc::make_mut(a), &[(*i, *j)], &[z]);
        return Ok(Written::Element(z));
    }
    r.check(rows, |k| format!("index {k} out of bounds (size {rows})"))?;
    c.check(cols, |k| format!("index {k} out of bounds (size {cols})"))?;
    let (rs, cs) = (r.positions(rows), c.positions(cols));
    if let Some(fill) = RealFill::of(rhs, rs.len(), cs.len())
        && let NumArray::Real(m) = Arc::make_mut(a)
    {
        for (r, &i) in rs.iter().enumerate() {
            for (c, &j) in cs.iter().enumerate() {
                m[[i, j]] = fill.at(r * cs.len() + c);
            }
        }
        return Ok(Written::Region(rs.len(), cs.len()));
    }
    let values = region_values(rhs, rs.len(), cs.len())?;
    let cells: Vec<_> = rs
        .iter()
        .flat_map(|&i| cs.iter().map(move |&j| (i, j)))
        .collect();
    set_cells(Arc::make_mut(a), &cells, &values);
    Ok(Written::Region(rs.len(), cs.len()))
}

/// Store values into cells, promoting a real array to complex when a value needs it.
fn set_cells(a: &mut NumArray, cells: &[(usize, usize)], values: &[C64]) {
    let real = values.iter().all(|z| z.im == 0.0);
    if !real && let NumArray::Real(m) = a {
        *a = NumArray::Complex(m.mapv(|x| C64::new(x, 0.0)));
    }
    match a {
        NumArray::Real(m) => {
            for (&(i, j), z) in cells.iter().zip(values) {
                m[[i, j]] = z.re;
            }
        }
        NumArray::Complex(m) => {
            for (&(i, j), z) in cells.iter().zip(values) {
                m[[i, j]] = *z;
            }
        }
    }
}

/// `x(idx) = []`: remove elements, rows or columns.
fn delete(target: &mut Value, idx: &[Idx]) -> LangResult<()> {
    let (Value::Vector(a) | Value::Matrix(a)) = &*target else {
        return Err(LangError::runtime(format!(
            "index assignment: cannot delete elements of a {}",
            target.type_name()
        )));
    };
    let (rows, cols) = a.shape();
    let keep = |sel: &Idx, n: usize| -> LangResult<Vec<usize>> {
        sel.check(n, |k| format!("index {k} out of bounds (length {n})"))?;
        let gone = sel.positions(n);
        Ok((0..n).filter(|k| !gone.contains(k)).collect())
    };
    let is_vector = matches!(target, Value::Vector(_));
    let new = match idx {
        [i] => {
            let kept = keep(i, rows * cols)?;
            let cells: Vec<_> = kept.iter().map(|&k| a.col_major_pos(k)).collect();
            Value::vector(gather(a, &cells, 1, cells.len()))
        }
        [r, c] if *r == Idx::All || is_vector => {
            let kept = keep(c, cols)?;
            let cells: Vec<_> = (0..rows)
                .flat_map(|i| kept.iter().map(move |&j| (i, j)))
                .collect();
            rewrap(is_vector, gather(a, &cells, rows, kept.len()))
        }
        [r, Idx::All] => {
            let kept = keep(r, rows)?;
            let cells: Vec<_> = kept
                .iter()
                .flat_map(|&i| (0..cols).map(move |j| (i, j)))
                .collect();
            Value::matrix(gather(a, &cells, kept.len(), cols))
        }
        _ => {
            return Err(LangError::runtime(
                "index assignment: deleting needs ':' as one of the two indices",
            ));
        }
    };
    *target = new;
    Ok(())
}

fn rewrap(is_vector: bool, a: NumArray) -> Value {
    if is_vector {
        Value::vector(a)
    } else {
        Value::matrix(a)
    }
}

/// The elements at `cells` (row-major order) as a `rows×cols` array.
fn gather(a: &NumArray, cells: &[(usize, usize)], rows: usize, cols: usize) -> NumArray {
    match a {
        NumArray::Real(m) => {
            NumArray::from_row_major(rows, cols, cells.iter().map(|&(i, j)| m[[i, j]]).collect())
        }
        NumArray::Complex(m) => {
            let data = cells.iter().map(|&(i, j)| m[[i, j]]).collect();
            NumArray::complex(Array2::from_shape_vec((rows, cols), data).unwrap_or_default())
        }
    }
}

/// `5`, `1,1`, `:,2`, `3 positions` for the script-mode echo.
fn echo_indices(idx: &[Idx]) -> String {
    let parts: Vec<String> = idx
        .iter()
        .map(|i| match i {
            Idx::All => ":".to_string(),
            Idx::One(k) => (k + 1).to_string(),
            Idx::Many(ks) => format!("[{} positions]", ks.len()),
        })
        .collect();
    parts.join(",")
}
