//! Indexing of integer values. Reads and writes reuse the real-array rules exactly: the
//! integer value is stood in for by a real array of the same kind and shape whose elements
//! are the positions `1..N` of the integer elements (row-major storage order), the ordinary
//! read or assignment runs on it, and the positions in its result say which integer element
//! goes where. Every index form, `end`, growth and deletion thus behave as on doubles, and
//! 64-bit values are never rounded through a double.

use super::index::Idx;
use crate::error::{LangError, LangResult};
use crate::value::{IntArray, IntClass, IntKind, NumArray, Value};
use std::sync::Arc;

/// The stand-in: a real value of `a`'s kind and shape holding positions `1..N`.
fn positions(a: &IntArray) -> Value {
    let data: Vec<f64> = (1..=a.len()).map(|k| k as f64).collect();
    match a.kind {
        IntKind::Scalar => Value::Scalar(1.0),
        IntKind::Vector => Value::row(data),
        IntKind::Matrix => Value::matrix_rows(a.rows, a.cols, data),
    }
}

/// An integer value of `class` built from a stand-in result, taking element `p` from
/// `pick(p)` (`p` is the position written in the stand-in; 0 where it grew).
fn rebuild(
    stand_in: &Value,
    class: IntClass,
    wrap: bool,
    pick: impl Fn(f64) -> i128,
) -> LangResult<Value> {
    let (kind, a): (IntKind, &NumArray) = match stand_in {
        Value::Scalar(p) => {
            return Ok(Value::Int(Arc::new(IntArray::scalar(
                class,
                wrap,
                pick(*p),
            ))));
        }
        Value::Vector(a) => (IntKind::Vector, a),
        Value::Matrix(a) => (IntKind::Matrix, a),
        other => {
            return Err(LangError::type_error(format!(
                "integer indexing gave a {}",
                other.type_name()
            )));
        }
    };
    let values = a.iter_re().map(pick);
    let array = IntArray::new(class, wrap, kind, a.shape(), values);
    Ok(Value::Int(Arc::new(array)))
}

/// `a(idx...)`.
pub(crate) fn read(a: &IntArray, idx: &[Idx]) -> LangResult<Value> {
    let picked = match a.kind {
        IntKind::Scalar => super::index::read_scalar(&positions(a), idx)?,
        _ => super::index::read(&positions(a), idx)?,
    };
    rebuild(&picked, a.class, a.wrap, |p| a.get(p as usize - 1))
}

/// `target(idx...) = rhs` where `target` is an integer value, performed by `assign` on the
/// stand-in. The right side is converted into the target's class: doubles round and
/// saturate; an integer of another class is an error. Also returns the first value stored
/// (what an element write echoes).
pub(crate) fn assign<W>(
    a: &IntArray,
    idx: &[Idx],
    rhs: &Value,
    assign: impl Fn(&mut Value, &[Idx], &Value) -> LangResult<W>,
) -> LangResult<(Value, W, Option<i128>)> {
    let (marks, values) = incoming(a, rhs)?;
    let mut stand_in = positions(a);
    if a.kind == IntKind::Scalar {
        stand_in = Value::row(vec![1.0]);
    }
    let written = assign(&mut stand_in, idx, &marks)?;
    let result = rebuild(&stand_in, a.class, a.wrap, |p| {
        if p > 0.0 {
            a.get(p as usize - 1)
        } else if p < 0.0 {
            values[(-p) as usize - 1]
        } else {
            0
        }
    })?;
    match &result {
        Value::Int(r) if a.kind == IntKind::Scalar && r.len() == 1 => {
            let scalar = IntArray::scalar(r.class, r.wrap, r.get(0));
            Ok((
                Value::Int(Arc::new(scalar)),
                written,
                values.first().copied(),
            ))
        }
        _ => Ok((result, written, values.first().copied())),
    }
}

/// The right side as marks for the stand-in (`-1, -2, …` in its shape, or the empty array
/// of a deletion as it is) and the class values the marks stand for.
fn incoming(a: &IntArray, rhs: &Value) -> LangResult<(Value, Vec<i128>)> {
    if let Value::Vector(v) | Value::Matrix(v) = rhs
        && v.is_empty()
    {
        return Ok((rhs.clone(), Vec::new()));
    }
    let values: Vec<i128> = match rhs {
        Value::Int(b) if b.class != a.class => {
            return Err(LangError::type_error(format!(
                "index assignment: cannot store {} in {}",
                b.class.name(),
                a.class.name()
            )));
        }
        Value::Int(b) => b.values().collect(),
        Value::Scalar(x) => vec![a.class.from_f64(*x, a.wrap)],
        Value::Bool(b) => vec![i128::from(*b)],
        Value::Vector(v) | Value::Matrix(v) if v.is_real() => {
            v.iter_re().map(|x| a.class.from_f64(x, a.wrap)).collect()
        }
        other => {
            return Err(LangError::type_error(format!(
                "index assignment: cannot store a {} in {}",
                other.type_name(),
                a.class.name()
            )));
        }
    };
    let marks: Vec<f64> = (1..=values.len()).map(|k| -(k as f64)).collect();
    let marks = match rhs {
        Value::Int(b) if b.kind == IntKind::Matrix => Value::matrix_rows(b.rows, b.cols, marks),
        Value::Matrix(v) => Value::matrix_rows(v.rows(), v.cols(), marks),
        Value::Int(b) if b.kind == IntKind::Vector => Value::row(marks),
        Value::Vector(_) => Value::row(marks),
        _ => Value::Scalar(-1.0),
    };
    Ok((marks, values))
}
