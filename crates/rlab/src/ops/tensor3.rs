//! Operators on tensor3 values, as rustlab defines them: `+ - * .* / ./ ^ .^` element-wise
//! between a tensor and a number (either side); `+ - .* ./ .^` element-wise between two
//! tensors of one shape (`*`, `/`, `^` are errors pointing at the dotted forms); no
//! broadcasting with Vectors or Matrices; comparisons and `&&`/`||` give the errors they give
//! for any array; unary minus negates; transposes are errors.
//!
//! Element arithmetic is that of the array kernels: real operands combine as reals (array
//! division with rustlab's complex-division formula, powers with `powf`), anything complex
//! with num-complex.

use super::compare;
use super::kernel::{Arith, array_div};
use crate::ast::BinOp;
use crate::error::{LangError, LangResult};
use crate::value::{C64, Tensor3, Value};
use std::sync::Arc;

/// `a op b` where at least one operand is a tensor3.
pub(crate) fn binary(op: BinOp, a: &Value, b: &Value) -> LangResult<Value> {
    let Some(arith) = Arith::of(op) else {
        return not_arithmetic(op, a, b);
    };
    match (a, b) {
        (Value::Tensor3(x), Value::Tensor3(y)) => tensor_tensor(op, arith, x, y),
        (Value::Tensor3(t), other) => match number(other) {
            Some(s) => Ok(wrap(t.map(|z| element(arith, z, s)))),
            None => Err(mixed(op, a, b)),
        },
        (other, Value::Tensor3(t)) => match number(other) {
            Some(s) => Ok(wrap(t.map(|z| element(arith, s, z)))),
            None => Err(mixed(op, a, b)),
        },
        _ => Err(unsupported(op, a, b)),
    }
}

/// Comparisons (rustlab's "two scalars or vector op scalar" error) and `&&`/`||` (operands
/// must be scalars).
fn not_arithmetic(op: BinOp, a: &Value, b: &Value) -> LangResult<Value> {
    if matches!(op, BinOp::AndAnd | BinOp::OrOr) {
        let (x, y) = (super::logical_operand(a)?, super::logical_operand(b)?);
        return Ok(Value::Bool(if op == BinOp::AndAnd {
            x && y
        } else {
            x || y
        }));
    }
    compare::compare(op, a, b)
}

/// Two tensors: same shape, dotted operators and `+`/`-` only.
fn tensor_tensor(op: BinOp, arith: Arith, x: &Tensor3, y: &Tensor3) -> LangResult<Value> {
    if x.shape() != y.shape() {
        let (a, b) = (x.shape(), y.shape());
        return Err(LangError::type_error(format!(
            "tensor3 shape mismatch: [{}, {}, {}] vs [{}, {}, {}]",
            a.0, a.1, a.2, b.0, b.1, b.2
        )));
    }
    let refused = match op {
        BinOp::Mul => Some(
            "operator * not defined between two tensor3 values; use .* for element-wise (matmul on rank-3 requires a future pagemtimes)",
        ),
        BinOp::Div => {
            Some("operator / not defined between two tensor3 values; use ./ for element-wise")
        }
        BinOp::Pow => {
            Some("operator ^ not defined between two tensor3 values; use .^ for element-wise")
        }
        _ => None,
    };
    if let Some(message) = refused {
        return Err(LangError::type_error(message));
    }
    let data = x
        .data
        .iter()
        .zip(&y.data)
        .map(|(&p, &q)| element(arith, p, q))
        .collect();
    Ok(wrap(x.with_data(data)))
}

/// One element of `p ∘ q`.
fn element(arith: Arith, p: C64, q: C64) -> C64 {
    if p.im == 0.0 && q.im == 0.0 {
        let (x, y) = (p.re, q.re);
        let r = match arith {
            Arith::Div => array_div(x, y),
            other => other.scalar(x, y),
        };
        C64::new(r, 0.0)
    } else {
        arith.complex(p, q)
    }
}

/// A Scalar or Complex operand as a complex number.
fn number(v: &Value) -> Option<C64> {
    match v {
        Value::Scalar(x) => Some(C64::new(*x, 0.0)),
        Value::Complex(z) => Some(*z),
        _ => None,
    }
}

fn wrap(t: Tensor3) -> Value {
    Value::Tensor3(Arc::new(t))
}

/// A tensor with a Vector, Matrix or a kind arithmetic does not know.
fn mixed(op: BinOp, a: &Value, b: &Value) -> LangError {
    let other = if matches!(a, Value::Tensor3(_)) { b } else { a };
    match other {
        Value::Matrix(_) => LangError::type_error(format!(
            "operator {op:?} not defined between matrix and tensor3 (broadcasting is not supported; use explicit iteration or cat/repmat)"
        )),
        Value::Vector(_) => LangError::type_error(format!(
            "operator {op:?} not defined between vector and tensor3"
        )),
        _ => unsupported(op, a, b),
    }
}

fn unsupported(op: BinOp, a: &Value, b: &Value) -> LangError {
    LangError::type_error(format!(
        "unsupported operand types for {op:?}: {} and {}",
        a.type_name(),
        b.type_name()
    ))
}

/// `-a`.
pub(crate) fn negate(a: &Value) -> LangResult<Value> {
    match a {
        Value::Tensor3(t) => Ok(wrap(t.map(|z| -z))),
        other => Err(LangError::type_error(format!(
            "cannot negate {}",
            other.type_name()
        ))),
    }
}

/// `a'` (`conjugate`) or `a.'`: rustlab has no transpose of a tensor3.
pub(crate) fn transpose(a: &Value, conjugate: bool) -> LangResult<Value> {
    let _ = conjugate;
    Err(LangError::runtime(format!(
        "cannot transpose {}",
        a.type_name()
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(data: &[f64]) -> Value {
        let mut it = data.iter();
        let t = Tensor3::from_fn(1, 2, data.len() / 2, |_, _, _| {
            C64::new(*it.next().unwrap_or(&0.0), 0.0)
        });
        wrap(t.unwrap())
    }

    fn data(v: &Value) -> Vec<C64> {
        match v {
            Value::Tensor3(t) => t.data.clone(),
            _ => panic!("not a tensor"),
        }
    }

    #[test]
    fn numbers_broadcast_on_either_side() {
        let x = t(&[1.0, 2.0, 3.0, 4.0]);
        let two = Value::Scalar(2.0);
        let r = |op, a: &Value, b: &Value| data(&binary(op, a, b).unwrap())[3].re;
        assert_eq!(r(BinOp::Mul, &x, &two), 8.0);
        assert_eq!(r(BinOp::Add, &two, &x), 6.0);
        assert_eq!(r(BinOp::Sub, &two, &x), -2.0);
        assert_eq!(r(BinOp::ElemPow, &x, &two), 16.0);
        assert_eq!(r(BinOp::Div, &two, &x), 0.5);
        let z = Value::Complex(C64::new(0.0, 1.0));
        assert_eq!(
            data(&binary(BinOp::Mul, &x, &z).unwrap())[1],
            C64::new(0.0, 2.0)
        );
        let tenth = t(&[0.1, 0.1]);
        let q = data(&binary(BinOp::Div, &tenth, &Value::Scalar(0.3)).unwrap());
        assert_eq!(q[0].re, 0.3333333333333333);
    }

    #[test]
    fn tensors_combine_element_wise_when_shapes_agree() {
        let (x, y) = (t(&[1.0, 2.0, 3.0, 4.0]), t(&[2.0, 2.0, 2.0, 2.0]));
        assert_eq!(data(&binary(BinOp::ElemMul, &x, &y).unwrap())[3].re, 8.0);
        assert_eq!(data(&binary(BinOp::ElemDiv, &x, &y).unwrap())[0].re, 0.5);
        assert_eq!(data(&binary(BinOp::Sub, &x, &y).unwrap())[1].re, 0.0);
        let err = binary(BinOp::Mul, &x, &y).unwrap_err();
        assert!(
            err.message
                .starts_with("operator * not defined between two tensor3")
        );
        let err = binary(BinOp::Add, &x, &t(&[1.0, 2.0])).unwrap_err();
        assert_eq!(
            err.message,
            "tensor3 shape mismatch: [1, 2, 2] vs [1, 2, 1]"
        );
    }

    #[test]
    fn other_kinds_are_refused_with_rustlab_texts() {
        let x = t(&[1.0, 2.0]);
        let m = Value::matrix_rows(1, 2, vec![1.0, 2.0]);
        let err = binary(BinOp::Add, &m, &x).unwrap_err();
        assert!(
            err.message
                .starts_with("operator Add not defined between matrix and tensor3")
        );
        let err = binary(BinOp::ElemMul, &x, &Value::row(vec![1.0])).unwrap_err();
        assert_eq!(
            err.message,
            "operator ElemMul not defined between vector and tensor3"
        );
        let err = binary(BinOp::Add, &x, &Value::Bool(true)).unwrap_err();
        assert_eq!(
            err.message,
            "unsupported operand types for Add: tensor3 and bool"
        );
        let err = binary(BinOp::Lt, &x, &Value::Scalar(1.0)).unwrap_err();
        assert_eq!(
            err.message,
            "comparison requires two scalars (or vector op scalar), got tensor3 and scalar"
        );
        assert!(binary(BinOp::AndAnd, &x, &Value::Bool(true)).is_err());
    }

    #[test]
    fn negation_and_transpose() {
        let x = t(&[1.0, -2.0]);
        assert_eq!(data(&negate(&x).unwrap())[1].re, 2.0);
        assert_eq!(
            transpose(&x, true).unwrap_err().message,
            "cannot transpose tensor3"
        );
    }
}
