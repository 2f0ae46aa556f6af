//! Matrix literals `[a, b; c, d]` (spec §4.1 "Concatenation").
//!
//! Each `;`-separated row of the literal is a block: its Matrix elements set the block's
//! height (they must agree), Scalars and Complex numbers are repeated down the block, and a
//! Vector can only sit in a block of height 1. The rows of all blocks are stacked and must
//! have equal widths. Exactly one resulting row gives a **Vector**, more give a Matrix, none
//! gives the empty Vector `[1×0]`. Empty Vectors and Matrices are skipped, so `x = []` then
//! `[x, 1]` or `[x; 1]` both give `[1]`.
//!
//! Data is assembled in `f64` unless some element is complex, so literals of real arrays
//! never pass through complex storage.

use crate::error::{LangError, LangResult};
use crate::value::{C64, IntArray, IntKind, NumArray, Value};
use ndarray::Array2;
use std::sync::Arc;

/// A `[...]` literal from its evaluated rows.
pub(crate) fn concat(rows: Vec<Vec<Value>>) -> LangResult<Value> {
    if let Some(first) = rows.iter().flatten().find_map(|v| match v {
        Value::Int(a) => Some(Arc::clone(a)),
        _ => None,
    }) {
        return integers(rows, &first);
    }
    let complex = rows.iter().flatten().any(|v| match v {
        Value::Complex(_) => true,
        other => other.as_array().is_some_and(|a| !a.is_real()),
    });
    if complex {
        build::<C64>(&rows)
    } else {
        build::<f64>(&rows)
    }
}

/// A literal holding integers: the class of the leftmost one (MATLAB's rule), every other
/// number converted into it; two different classes are an error.
fn integers(rows: Vec<Vec<Value>>, first: &IntArray) -> LangResult<Value> {
    if let Some(other) = rows.iter().flatten().find_map(|v| match v {
        Value::Int(a) if a.class != first.class => Some(a.class),
        _ => None,
    }) {
        return Err(LangError::type_error(format!(
            "cannot concatenate {} and {}: convert one first",
            first.class.name(),
            other.name()
        )));
    }
    let rows = rows
        .into_iter()
        .map(|row| row.iter().map(super::widened).collect())
        .collect();
    let (kind, a) = match concat(rows)? {
        Value::Vector(a) => (IntKind::Vector, a),
        Value::Matrix(a) => (IntKind::Matrix, a),
        other => return Ok(other),
    };
    if !a.is_real() {
        return Err(LangError::type_error(format!(
            "cannot store complex numbers in {}",
            first.class.name()
        )));
    }
    let array = IntArray::from_reals(first.class, first.wrap, kind, &a);
    Ok(Value::Int(Arc::new(array)))
}

/// The element type the literal is assembled in.
trait Element: Copy {
    fn number(z: C64) -> Self;
    /// Append row `r` of `a` to `out`.
    fn push_row(out: &mut Vec<Self>, a: &NumArray, r: usize);
    fn into_array(rows: usize, cols: usize, data: Vec<Self>) -> LangResult<NumArray>;
}

impl Element for f64 {
    fn number(z: C64) -> Self {
        z.re
    }

    fn push_row(out: &mut Vec<Self>, a: &NumArray, r: usize) {
        match a {
            NumArray::Real(x) => out.extend(x.row(r).iter()),
            NumArray::Complex(z) => out.extend(z.row(r).iter().map(|c| c.re)),
        }
    }

    fn into_array(rows: usize, cols: usize, data: Vec<Self>) -> LangResult<NumArray> {
        Array2::from_shape_vec((rows, cols), data)
            .map(NumArray::Real)
            .map_err(|e| LangError::runtime(format!("matrix concat: {e}")))
    }
}

impl Element for C64 {
    fn number(z: C64) -> Self {
        z
    }

    fn push_row(out: &mut Vec<Self>, a: &NumArray, r: usize) {
        match a {
            NumArray::Real(x) => out.extend(x.row(r).iter().map(|&v| C64::new(v, 0.0))),
            NumArray::Complex(z) => out.extend(z.row(r).iter()),
        }
    }

    fn into_array(rows: usize, cols: usize, data: Vec<Self>) -> LangResult<NumArray> {
        Array2::from_shape_vec((rows, cols), data)
            .map(NumArray::complex)
            .map_err(|e| LangError::runtime(format!("matrix concat: {e}")))
    }
}

/// Stack the blocks of every literal row, then shape the result.
fn build<T: Element>(rows: &[Vec<Value>]) -> LangResult<Value> {
    let mut data: Vec<T> = Vec::new();
    let mut widths: Vec<usize> = Vec::new();
    for row in rows {
        let items: Vec<&Value> = row.iter().filter(|v| !is_empty_array(v)).collect();
        if items.is_empty() {
            continue;
        }
        for block_row in block::<T>(&items)? {
            widths.push(block_row.len());
            data.extend(block_row);
        }
    }
    shape_result(data, &widths)
}

fn is_empty_array(v: &Value) -> bool {
    v.as_array().is_some_and(NumArray::is_empty)
}

/// The rows one literal row contributes.
fn block<T: Element>(items: &[&Value]) -> LangResult<Vec<Vec<T>>> {
    let height = block_height(items)?;
    let mut out: Vec<Vec<T>> = vec![Vec::new(); height];
    for item in items {
        match item {
            Value::Scalar(x) => out
                .iter_mut()
                .for_each(|r| r.push(T::number(C64::new(*x, 0.0)))),
            Value::Complex(z) => out.iter_mut().for_each(|r| r.push(T::number(*z))),
            Value::Vector(v) if height == 1 => out.iter_mut().for_each(|r| T::push_row(r, v, 0)),
            Value::Vector(_) => {
                return Err(LangError::type_error(format!(
                    "matrix concat: cannot mix a vector with matrix blocks of height {height}"
                )));
            }
            Value::Matrix(m) => {
                for (r, out_row) in out.iter_mut().enumerate() {
                    T::push_row(out_row, m, r);
                }
            }
            other => {
                return Err(LangError::type_error(format!(
                    "matrix elements must be scalar, complex, vector, or matrix; got {}",
                    other.type_name()
                )));
            }
        }
    }
    Ok(out)
}

/// The row count shared by the Matrix elements of a literal row (1 when there are none).
fn block_height(items: &[&Value]) -> LangResult<usize> {
    let mut height: Option<usize> = None;
    for item in items {
        if let Value::Matrix(m) = item {
            match height {
                None => height = Some(m.rows()),
                Some(h) if h != m.rows() => {
                    return Err(LangError::type_error(format!(
                        "matrix concat: vertical dimension mismatch ({h} vs {} rows)",
                        m.rows()
                    )));
                }
                Some(_) => {}
            }
        }
    }
    Ok(height.unwrap_or(1))
}

/// No rows → `[1×0]`; one row → Vector; more → Matrix (all rows equally wide).
fn shape_result<T: Element>(data: Vec<T>, widths: &[usize]) -> LangResult<Value> {
    let Some(&cols) = widths.first() else {
        return Ok(Value::row(Vec::new()));
    };
    if widths.len() == 1 {
        return Ok(Value::Vector(Arc::new(T::into_array(1, cols, data)?)));
    }
    if let Some((i, w)) = widths.iter().enumerate().find(|(_, w)| **w != cols) {
        return Err(LangError::type_error(format!(
            "matrix concat: row {} has {w} columns, expected {cols}",
            i + 1
        )));
    }
    Ok(Value::Matrix(Arc::new(T::into_array(
        widths.len(),
        cols,
        data,
    )?)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(x: f64) -> Value {
        Value::Scalar(x)
    }

    fn mat(rows: usize, cols: usize, data: &[f64]) -> Value {
        Value::matrix_rows(rows, cols, data.to_vec())
    }

    #[test]
    fn one_row_is_a_vector() {
        assert_eq!(
            concat(vec![vec![s(1.0), s(2.0), s(3.0)]]).unwrap(),
            Value::row(vec![1.0, 2.0, 3.0])
        );
        let joined = concat(vec![vec![Value::row(vec![1.0, 2.0]), s(3.0)]]).unwrap();
        assert_eq!(joined, Value::row(vec![1.0, 2.0, 3.0]));
        // A 1×N Matrix element still yields one row, hence a Vector.
        let from_matrix = concat(vec![vec![mat(1, 2, &[1.0, 2.0])]]).unwrap();
        assert_eq!(from_matrix, Value::row(vec![1.0, 2.0]));
    }

    #[test]
    fn several_rows_are_a_matrix() {
        let column = concat(vec![vec![s(1.0)], vec![s(2.0)], vec![s(3.0)]]).unwrap();
        assert_eq!(column, mat(3, 1, &[1.0, 2.0, 3.0]));
        let x = Value::row(vec![1.0, 2.0]);
        let stacked = concat(vec![vec![x.clone()], vec![x]]).unwrap();
        assert_eq!(stacked, mat(2, 2, &[1.0, 2.0, 1.0, 2.0]));
    }

    #[test]
    fn matrix_blocks_join_side_by_side_and_repeat_numbers() {
        let m = mat(2, 2, &[1.0, 2.0, 3.0, 4.0]);
        let wide = concat(vec![vec![m.clone(), s(9.0), m]]).unwrap();
        assert_eq!(
            wide,
            mat(2, 5, &[1.0, 2.0, 9.0, 1.0, 2.0, 3.0, 4.0, 9.0, 3.0, 4.0])
        );
    }

    #[test]
    fn empty_literals_and_empty_elements() {
        assert_eq!(concat(vec![]).unwrap(), Value::row(vec![]));
        assert_eq!(concat(vec![vec![]]).unwrap(), Value::row(vec![]));
        let empty = Value::row(vec![]);
        assert_eq!(
            concat(vec![vec![empty.clone(), s(1.0)]]).unwrap(),
            Value::row(vec![1.0])
        );
        assert_eq!(
            concat(vec![vec![empty.clone()], vec![s(5.0)]]).unwrap(),
            Value::row(vec![5.0])
        );
        assert_eq!(concat(vec![vec![empty]]).unwrap(), Value::row(vec![]));
    }

    #[test]
    fn complex_elements_make_complex_data() {
        let i = Value::Complex(C64::new(0.0, 1.0));
        let Value::Vector(v) = concat(vec![vec![s(1.0), i]]).unwrap() else {
            panic!("expected a vector");
        };
        assert_eq!(v.get(0, 1), C64::new(0.0, 1.0));
        let zero_im = Value::Complex(C64::new(2.0, 0.0));
        let m = concat(vec![vec![zero_im], vec![mat(1, 1, &[3.0])]]).unwrap();
        assert_eq!(m, mat(2, 1, &[2.0, 3.0]));
    }

    #[test]
    fn error_messages() {
        let err = concat(vec![vec![s(1.0), Value::str("a")]]).unwrap_err();
        assert_eq!(
            err.message,
            "matrix elements must be scalar, complex, vector, or matrix; got string"
        );
        assert_eq!(err.kind, crate::error::ErrorKind::Type);
        let err = concat(vec![vec![mat(2, 1, &[0.0; 2]), mat(3, 1, &[0.0; 3])]]).unwrap_err();
        assert_eq!(
            err.message,
            "matrix concat: vertical dimension mismatch (2 vs 3 rows)"
        );
        let err = concat(vec![vec![s(1.0), s(2.0)], vec![s(1.0), s(2.0), s(3.0)]]).unwrap_err();
        assert_eq!(
            err.message,
            "matrix concat: row 2 has 3 columns, expected 2"
        );
        let err = concat(vec![vec![mat(2, 1, &[0.0; 2]), Value::row(vec![1.0])]]).unwrap_err();
        assert_eq!(
            err.message,
            "matrix concat: cannot mix a vector with matrix blocks of height 2"
        );
        let err = concat(vec![vec![Value::Bool(true)]]).unwrap_err();
        assert!(err.message.ends_with("got bool"));
    }
}
