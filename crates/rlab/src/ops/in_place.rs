//! Arithmetic written over an operand nobody else holds: `exp(-x .^ 2) .* sin(x) + y`
//! makes one array for `x .^ 2` and computes the rest in it, where the general path makes a
//! new array for every operator.
//!
//! An operand qualifies when it is a real Vector or Matrix whose `Arc` the caller owns alone
//! (a temporary, never a variable's value) and already has the result's shape. The result
//! kind follows the table in `arith`, and every element is computed by the same `f64`
//! operation the general path applies (`kernel`), so the values are bit-identical; only the
//! allocation is saved. Anything else is handed back for the general path.

use super::elementwise::broadcast_shape;
use super::kernel::{Arith, array_div};
use super::rows::{self, Rows};
use crate::ast::BinOp;
use crate::value::{NumArray, PARALLEL_FROM, Value};
use ndarray::{Array2, ArrayView2, Zip};
use std::sync::Arc;

/// An operand as the arithmetic table sees it.
enum Operand {
    Number(f64),
    Array { matrix: bool, data: Arc<NumArray> },
}

impl Operand {
    fn of(v: Value) -> Result<Operand, Value> {
        match v {
            Value::Scalar(x) => Ok(Operand::Number(x)),
            Value::Vector(data) => Ok(Operand::Array {
                matrix: false,
                data,
            }),
            Value::Matrix(data) => Ok(Operand::Array { matrix: true, data }),
            other => Err(other),
        }
    }

    fn into_value(self) -> Value {
        match self {
            Operand::Number(x) => Value::Scalar(x),
            Operand::Array {
                matrix: false,
                data,
            } => Value::Vector(data),
            Operand::Array { matrix: true, data } => Value::Matrix(data),
        }
    }
}

/// `a op b` computed in the buffer of an operand the caller owns alone, or both operands
/// back when that cannot be done.
pub(crate) fn arithmetic(op: BinOp, a: Value, b: Value) -> Result<Value, (Value, Value)> {
    let (x, y) = match (Operand::of(a), Operand::of(b)) {
        (Ok(x), Ok(y)) => (x, y),
        (x, y) => {
            return Err((
                x.map_or_else(|v| v, Operand::into_value),
                y.map_or_else(|v| v, Operand::into_value),
            ));
        }
    };
    match (Arith::of(op), result_is_matrix(op, &x, &y)) {
        (Some(arith), Some(matrix)) => compute(arith, matrix, x, y),
        _ => Err((x.into_value(), y.into_value())),
    }
}

/// Whether `x op y` is an element-wise Matrix (`Some(true)`) or Vector (`Some(false)`)
/// result per the table in `arith`; `None` for products, errors and two numbers.
fn result_is_matrix(op: BinOp, x: &Operand, y: &Operand) -> Option<bool> {
    let product_or_error = matches!(op, BinOp::Mul | BinOp::Div);
    match (x, y) {
        (Operand::Number(_), Operand::Number(_)) => None,
        (Operand::Number(_), Operand::Array { matrix, .. })
        | (Operand::Array { matrix, .. }, Operand::Number(_)) => Some(*matrix),
        (Operand::Array { matrix: false, .. }, Operand::Array { matrix: false, .. }) => {
            (!product_or_error && op != BinOp::Pow).then_some(false)
        }
        _ => (!product_or_error).then_some(true),
    }
}

/// Write the result over whichever operand is owned alone and has the result's shape.
fn compute(arith: Arith, matrix: bool, x: Operand, y: Operand) -> Result<Value, (Value, Value)> {
    let shape = |o: &Operand| match o {
        Operand::Number(_) => (1, 1),
        Operand::Array { data, .. } => data.shape(),
    };
    let real = |o: &Operand| match o {
        Operand::Number(_) => true,
        Operand::Array { data, .. } => data.is_real(),
    };
    let same_length = match (&x, &y) {
        (
            Operand::Array {
                matrix: false,
                data: p,
            },
            Operand::Array {
                matrix: false,
                data: q,
            },
        ) => p.len() == q.len(),
        _ => true,
    };
    let fits = real(&x) && real(&y) && same_length;
    let result = match broadcast_shape(shape(&x), shape(&y)) {
        Ok(result) if fits => result,
        _ => return Err((x.into_value(), y.into_value())),
    };
    match (x, y) {
        (Operand::Array { mut data, .. }, other) if writable(&data, result) => {
            apply(arith, data_mut(&mut data), &other, true);
            Ok(wrap(matrix, data))
        }
        (other, Operand::Array { mut data, .. }) if writable(&data, result) => {
            apply(arith, data_mut(&mut data), &other, false);
            Ok(wrap(matrix, data))
        }
        (x, y) => Err((x.into_value(), y.into_value())),
    }
}

fn wrap(matrix: bool, data: Arc<NumArray>) -> Value {
    if matrix {
        Value::Matrix(data)
    } else {
        Value::Vector(data)
    }
}

/// Whether `data` is real, has `shape` and is held by nobody else (what `Arc::get_mut`
/// requires).
fn writable(data: &Arc<NumArray>, shape: (usize, usize)) -> bool {
    let alone = Arc::strong_count(data) == 1 && Arc::weak_count(data) == 0;
    alone && matches!(&**data, NumArray::Real(a) if a.dim() == shape)
}

fn data_mut(data: &mut Arc<NumArray>) -> &mut Array2<f64> {
    match Arc::get_mut(data) {
        Some(NumArray::Real(a)) => a,
        _ => unreachable!("checked by writable"),
    }
}

/// `target = target ∘ other` (`target_left`) or `target = other ∘ target`, other a real
/// number or array that broadcasts to target's shape: row by row ([`rows::update`]) unless
/// the work is split over threads or an operand is not in standard layout.
fn apply(arith: Arith, target: &mut Array2<f64>, other: &Operand, target_left: bool) {
    let other = match other {
        Operand::Number(s) => Other::Number(*s),
        Operand::Array { data, .. } => match &**data {
            NumArray::Real(a) => Other::Array(a),
            NumArray::Complex(_) => unreachable!("complex operands are not taken"),
        },
    };
    let rows = match &other {
        Other::Number(s) => Some(Rows::number(s)),
        Other::Array(a) => Rows::of(a),
    };
    if let Some(rows) = rows
        && target.len() < PARALLEL_FROM
    {
        let done = match arith {
            Arith::Add => rows::update(target, rows, target_left, |x, y| x + y),
            Arith::Sub => rows::update(target, rows, target_left, |x, y| x - y),
            Arith::Mul => rows::update(target, rows, target_left, |x, y| x * y),
            Arith::Div => rows::update(target, rows, target_left, array_div),
            Arith::Pow => rows::update(target, rows, target_left, f64::powf),
        };
        if done {
            return;
        }
    }
    zip_apply(arith, target, other, target_left);
}

/// The operand other than the target, as [`apply`] reads it.
enum Other<'a> {
    Number(f64),
    Array(&'a Array2<f64>),
}

/// [`apply`] by a broadcast `Zip`, over threads when the target is large.
fn zip_apply(arith: Arith, target: &mut Array2<f64>, other: Other, target_left: bool) {
    let one;
    let other: ArrayView2<'_, f64> = match other {
        Other::Number(s) => {
            one = Array2::from_elem((1, 1), s);
            one.view()
        }
        Other::Array(a) => a.view(),
    };
    let Some(other) = other.broadcast(target.dim()) else {
        unreachable!("the result shape is the target's")
    };
    let parallel = target.len() >= PARALLEL_FROM;
    let zip = Zip::from(target).and(other);
    // One loop per operator and side, so each element's operation is inlined.
    macro_rules! each {
        ($f:expr) => {
            if !target_left {
                let f = |t: &mut f64, &o: &f64| *t = $f(o, *t);
                if parallel {
                    par_for_each!(zip, f)
                } else {
                    zip.for_each(f)
                }
            } else {
                let f = |t: &mut f64, &o: &f64| *t = $f(*t, o);
                if parallel {
                    par_for_each!(zip, f)
                } else {
                    zip.for_each(f)
                }
            }
        };
    }
    match arith {
        Arith::Add => each!(|x: f64, y: f64| x + y),
        Arith::Sub => each!(|x: f64, y: f64| x - y),
        Arith::Mul => each!(|x: f64, y: f64| x * y),
        Arith::Div => each!(array_div),
        Arith::Pow => each!(f64::powf),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::binary;

    fn fresh(v: &Value) -> Value {
        match v {
            Value::Vector(a) => Value::Vector(Arc::new((**a).clone())),
            Value::Matrix(a) => Value::Matrix(Arc::new((**a).clone())),
            other => other.clone(),
        }
    }

    fn same_bits(p: &Value, q: &Value) -> bool {
        let bits = |a: &NumArray, k| a.col_major(k).re.to_bits();
        match (p, q) {
            (Value::Vector(a), Value::Vector(b)) | (Value::Matrix(a), Value::Matrix(b)) => {
                a.shape() == b.shape() && (0..a.len()).all(|k| bits(a, k) == bits(b, k))
            }
            (Value::Scalar(a), Value::Scalar(b)) => a.to_bits() == b.to_bits(),
            _ => p == q,
        }
    }

    #[test]
    fn results_are_the_general_paths_bit_for_bit() {
        let operands = [
            Value::Scalar(-0.3),
            Value::row(vec![0.1, -2.5, 3.0]),
            Value::matrix_rows(2, 3, vec![0.7, -1.0, 0.0, 2.0, 1e-300, -4.0]),
            Value::matrix_rows(1, 3, vec![0.3, 0.0, -7.0]),
            Value::matrix_rows(2, 1, vec![-0.5, 9.0]),
        ];
        let ops = [
            BinOp::Add,
            BinOp::Sub,
            BinOp::Mul,
            BinOp::ElemMul,
            BinOp::Div,
            BinOp::ElemDiv,
            BinOp::Pow,
            BinOp::ElemPow,
        ];
        for a in &operands {
            for b in &operands {
                for op in ops {
                    let general = binary(op, a, b);
                    let owned = match arithmetic(op, fresh(a), fresh(b)) {
                        Ok(v) => Ok(v),
                        Err((x, y)) => binary(op, &x, &y),
                    };
                    match (&general, &owned) {
                        (Ok(p), Ok(q)) => assert!(same_bits(p, q), "{a:?} {op:?} {b:?}"),
                        (Err(p), Err(q)) => assert_eq!(p.message, q.message),
                        _ => panic!("{a:?} {op:?} {b:?}: {general:?} vs {owned:?}"),
                    }
                }
            }
        }
    }

    #[test]
    fn a_shared_operand_is_never_written() {
        let x = Value::row(vec![1.0, 2.0]);
        let held = x.clone();
        let sum = arithmetic(BinOp::Add, x, Value::Scalar(1.0));
        let (x, _) = sum.expect_err("x is shared with `held`");
        assert_eq!(x, Value::row(vec![1.0, 2.0]));
        let sum = arithmetic(BinOp::Add, Value::row(vec![1.0, 2.0]), held.clone()).unwrap();
        assert_eq!(sum, Value::row(vec![2.0, 4.0]));
        assert_eq!(held, Value::row(vec![1.0, 2.0]));
    }

    #[test]
    fn a_result_larger_than_either_operand_is_left_to_the_general_path() {
        let row = Value::matrix_rows(1, 2, vec![1.0, 2.0]);
        let column = Value::matrix_rows(2, 1, vec![10.0, 20.0]);
        assert!(arithmetic(BinOp::Add, row, column).is_err());
        let short = arithmetic(
            BinOp::Add,
            Value::row(vec![1.0]),
            Value::row(vec![1.0, 2.0]),
        );
        assert!(short.is_err(), "vector lengths must match");
    }

    #[test]
    fn large_arrays_are_written_in_parallel_with_the_same_values() {
        let n = PARALLEL_FROM + 3;
        let data: Vec<f64> = (0..n).map(|k| (k as f64).sin()).collect();
        let general = binary(
            BinOp::ElemDiv,
            &Value::Scalar(1.5),
            &Value::row(data.clone()),
        );
        let owned = arithmetic(BinOp::ElemDiv, Value::Scalar(1.5), Value::row(data)).unwrap();
        assert!(same_bits(&general.unwrap(), &owned));
    }
}
