//! Operators on values (spec §5): arithmetic with broadcasting, matrix products,
//! comparisons, logic, transposes, ranges and matrix-literal concatenation.
//!
//! [`binary`] is the entry point of every binary operator but the short-circuit pair; it
//! handles Scalar ∘ Scalar first without allocating (the hot path of scalar loops), then
//! hands comparisons to [`compare`] and arithmetic to [`arith`], which picks the kind of
//! work (element-wise in [`elementwise`], products in [`matmul`]) from the operand kinds.
//! All operator errors are type errors, as in rustlab, except the `if`/`while` condition,
//! transpose and range-step errors, which are runtime errors.

mod arith;
mod compare;
mod concat;
mod elementwise;
mod in_place;
mod integer;
mod kernel;
mod matmul;
mod range;
mod rows;
mod small_product;
mod sparse;
mod tensor3;

pub(crate) use compare::holds;
pub(crate) use concat::concat;
pub(crate) use integer::widened;
pub(crate) use range::{range, range_into};

use crate::ast::BinOp;
use crate::error::{LangError, LangResult};
use crate::value::Value;
pub(crate) use kernel::{Arith, array_div};
pub(crate) use matmul::{Factor, real_product};
use std::sync::Arc;

/// `a op b` for every operator but `&&`/`||` (the evaluator short-circuits those; given
/// here they combine both operands' truth values).
pub(crate) fn binary(op: BinOp, a: &Value, b: &Value) -> LangResult<Value> {
    if let (Value::Scalar(x), Value::Scalar(y)) = (a, b) {
        return Ok(scalar_pair(op, *x, *y));
    }
    if let Some(result) = library_kinds(op, a, b) {
        return result;
    }
    match Arith::of(op) {
        Some(arith) => match (a, b) {
            (Value::Str(x), Value::Str(y)) if op == BinOp::Add => Ok(Value::Str(format!("{x}{y}"))),
            _ => arith::arithmetic(op, arith, a, b),
        },
        None if matches!(op, BinOp::AndAnd | BinOp::OrOr) => {
            let (x, y) = (logical_operand(a)?, logical_operand(b)?);
            Ok(Value::Bool(if op == BinOp::AndAnd {
                x && y
            } else {
                x || y
            }))
        }
        None => compare::compare(op, a, b),
    }
}

/// `a op b` for operands the caller gives up: a temporary array operand's buffer takes the
/// result where it can (`in_place`), with the same values as [`binary`].
pub(crate) fn binary_owned(op: BinOp, a: Value, b: Value) -> LangResult<Value> {
    if let (Value::Scalar(x), Value::Scalar(y)) = (&a, &b) {
        return Ok(scalar_pair(op, *x, *y));
    }
    match in_place::arithmetic(op, a, b) {
        Ok(result) => Ok(result),
        Err((a, b)) => binary(op, &a, &b),
    }
}

/// Operators on the library's own kinds (objects, tensors, sparse arrays), tried before
/// the arrays'. `None` when neither operand is one of them (or an object declines).
fn library_kinds(op: BinOp, a: &Value, b: &Value) -> Option<LangResult<Value>> {
    match (a, b) {
        (Value::Object(o), other) => o.0.binary(op, other, true),
        (other, Value::Object(o)) => o.0.binary(op, other, false),
        (Value::Tensor3(_), _) | (_, Value::Tensor3(_)) => Some(tensor3::binary(op, a, b)),
        (Value::Sparse(_), _) | (_, Value::Sparse(_)) => Some(sparse::binary(op, a, b)),
        (Value::Int(_), _) | (_, Value::Int(_)) => Some(integer::binary(op, a, b)),
        _ => None,
    }
}

/// Scalar ∘ Scalar: plain f64 arithmetic, `powf`, or a Bool for comparisons and logic.
fn scalar_pair(op: BinOp, x: f64, y: f64) -> Value {
    match op {
        BinOp::Add => Value::Scalar(x + y),
        BinOp::Sub => Value::Scalar(x - y),
        BinOp::Mul | BinOp::ElemMul => Value::Scalar(x * y),
        BinOp::Div | BinOp::ElemDiv => Value::Scalar(x / y),
        BinOp::Pow | BinOp::ElemPow => Value::Scalar(x.powf(y)),
        BinOp::AndAnd => Value::Bool(x != 0.0 && y != 0.0),
        BinOp::OrOr => Value::Bool(x != 0.0 || y != 0.0),
        _ => Value::Bool(compare::holds(op, x, y)),
    }
}

/// Unary minus on numbers and arrays (`cannot negate bool` otherwise).
pub(crate) fn negate(a: &Value) -> LangResult<Value> {
    match a {
        Value::Scalar(x) => Ok(Value::Scalar(-x)),
        Value::Complex(z) => Ok(Value::Complex(-z)),
        Value::Vector(v) => Ok(Value::Vector(Arc::new(v.map(|x| -x, |z| -z)))),
        Value::Matrix(m) => Ok(Value::Matrix(Arc::new(m.map(|x| -x, |z| -z)))),
        Value::Tensor3(_) => tensor3::negate(a),
        Value::Int(x) => Ok(integer::negate(x)),
        Value::Sparse(_) => sparse::negate(a),
        Value::Object(o) => o.0.negate().unwrap_or_else(|| {
            Err(LangError::type_error(format!(
                "cannot negate {}",
                o.0.type_name()
            )))
        }),
        other => Err(LangError::type_error(format!(
            "cannot negate {}",
            other.type_name()
        ))),
    }
}

/// `!a` (Bool only).
pub(crate) fn not(a: &Value) -> LangResult<Value> {
    match a {
        Value::Bool(b) => Ok(Value::Bool(!b)),
        other => Err(LangError::type_error(format!(
            "'!' operator requires bool, got {}",
            other.type_name()
        ))),
    }
}

/// `a'` (conjugate) or `a.'`: a Vector becomes an N×1 Matrix, a Matrix C×R; numbers stay.
pub(crate) fn transpose(a: &Value, conjugate: bool) -> LangResult<Value> {
    match a {
        Value::Scalar(x) => Ok(Value::Scalar(*x)),
        Value::Complex(z) if conjugate => Ok(Value::Complex(z.conj())),
        Value::Complex(z) => Ok(Value::Complex(*z)),
        Value::Vector(v) | Value::Matrix(v) => Ok(Value::matrix(v.transpose(conjugate))),
        Value::Tensor3(_) => tensor3::transpose(a, conjugate),
        Value::Int(x) => Ok(integer::transpose(x)),
        Value::Sparse(_) => sparse::transpose(a, conjugate),
        other => Err(LangError::runtime(format!(
            "cannot transpose {}",
            other.type_name()
        ))),
    }
}

/// An `if`/`while` condition (`what` is "if" or "while"): Bool, or a number ≠ 0.
pub(crate) fn condition(v: &Value, what: &str) -> LangResult<bool> {
    truth(v.plain()).ok_or_else(|| {
        LangError::runtime(format!(
            "{what} condition must be a bool or scalar, got {}",
            v.type_name()
        ))
    })
}

/// An operand of `&&`/`||`: Bool, or a number ≠ 0; arrays must be reduced first.
pub(crate) fn logical_operand(v: &Value) -> LangResult<bool> {
    truth(v.plain()).ok_or_else(|| {
        LangError::type_error(format!(
            "&&/||: operand must be scalar (got {}); use any() or all() to reduce a matrix/vector",
            v.type_name()
        ))
    })
}

/// The truth of a Bool, Scalar or Complex (a number is true when it is not zero; NaN is
/// true); `None` for every other kind.
fn truth(v: &Value) -> Option<bool> {
    match v {
        Value::Bool(b) => Some(*b),
        Value::Scalar(x) => Some(*x != 0.0),
        Value::Complex(z) => Some(z.re != 0.0 || z.im != 0.0),
        Value::Int(a) => integer::truth(a),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;
    use crate::value::C64;

    fn row(data: &[f64]) -> Value {
        Value::row(data.to_vec())
    }

    fn mat(rows: usize, cols: usize, data: &[f64]) -> Value {
        Value::matrix_rows(rows, cols, data.to_vec())
    }

    fn shape(v: &Value) -> (usize, usize) {
        v.as_array().map(|a| a.shape()).unwrap_or((0, 0))
    }

    #[test]
    fn scalar_pairs_take_the_fast_path() {
        let (a, b) = (Value::Scalar(0.1), Value::Scalar(0.3));
        assert_eq!(
            binary(BinOp::Div, &a, &b).unwrap(),
            Value::Scalar(0.33333333333333337)
        );
        assert_eq!(
            binary(BinOp::ElemDiv, &a, &b).unwrap(),
            Value::Scalar(0.1 / 0.3)
        );
        assert_eq!(
            binary(BinOp::Add, &a, &b).unwrap(),
            Value::Scalar(0.1 + 0.3)
        );
        assert_eq!(
            binary(BinOp::Sub, &a, &b).unwrap(),
            Value::Scalar(0.1 - 0.3)
        );
        assert_eq!(
            binary(BinOp::Mul, &a, &b).unwrap(),
            Value::Scalar(0.1 * 0.3)
        );
        assert_eq!(
            binary(BinOp::ElemMul, &a, &b).unwrap(),
            Value::Scalar(0.1 * 0.3)
        );
        assert_eq!(
            binary(BinOp::Pow, &a, &b).unwrap(),
            Value::Scalar(0.1f64.powf(0.3))
        );
        assert_eq!(
            binary(BinOp::ElemPow, &a, &b).unwrap(),
            Value::Scalar(0.1f64.powf(0.3))
        );
        assert_eq!(binary(BinOp::Lt, &a, &b).unwrap(), Value::Bool(true));
        assert_eq!(binary(BinOp::Ge, &a, &b).unwrap(), Value::Bool(false));
        let zero = Value::Scalar(0.0);
        assert_eq!(
            binary(BinOp::AndAnd, &a, &zero).unwrap(),
            Value::Bool(false)
        );
        assert_eq!(binary(BinOp::OrOr, &a, &zero).unwrap(), Value::Bool(true));
    }

    #[test]
    fn array_division_differs_from_scalar_division_in_the_last_bit() {
        let v = row(&[0.1]);
        let q = binary(BinOp::Div, &v, &Value::Scalar(0.3)).unwrap();
        assert_eq!(q, row(&[0.3333333333333333]));
        let e = binary(BinOp::ElemDiv, &v, &row(&[0.3])).unwrap();
        assert_eq!(e, row(&[0.3333333333333333]));
    }

    #[test]
    fn broadcasting_examples_of_the_spec() {
        let sum = binary(BinOp::Add, &row(&[1.0, 2.0, 3.0]), &mat(2, 1, &[1.0, 2.0])).unwrap();
        assert_eq!(sum, mat(2, 3, &[2.0, 3.0, 4.0, 3.0, 4.0, 5.0]));
        let m = mat(2, 3, &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        let shifted = binary(BinOp::Add, &m, &row(&[10.0, 20.0, 30.0])).unwrap();
        assert_eq!(shifted, mat(2, 3, &[11.0, 22.0, 33.0, 14.0, 25.0, 36.0]));
        let scaled = binary(BinOp::ElemMul, &m, &mat(2, 1, &[1.0, 2.0])).unwrap();
        assert_eq!(scaled, mat(2, 3, &[1.0, 2.0, 3.0, 8.0, 10.0, 12.0]));
        let v = row(&[1.0, 2.0, 3.0]);
        let square = binary(BinOp::Add, &v, &transpose(&v, true).unwrap()).unwrap();
        assert_eq!(shape(&square), (3, 3));
        assert_eq!(square.as_array().unwrap().get_re(2, 0), 4.0);
    }

    #[test]
    fn product_kinds_of_the_spec() {
        let p = binary(BinOp::Mul, &mat(1, 2, &[0.0, 0.0]), &mat(2, 1, &[3.0, 4.0])).unwrap();
        assert!(matches!(p, Value::Matrix(_)));
        assert_eq!(shape(&p), (1, 1));
        let x = row(&[1.0, 2.0]);
        let w = mat(2, 1, &[3.0, 4.0]);
        assert_eq!(binary(BinOp::Mul, &x, &w).unwrap(), Value::Scalar(11.0));
        let xx = binary(BinOp::Mul, &x, &transpose(&x, true).unwrap()).unwrap();
        assert_eq!(xx, Value::Scalar(5.0));
        let w3 = mat(2, 3, &[1.0, 0.0, 0.0, 0.0, 1.0, 0.0]);
        assert_eq!(binary(BinOp::Mul, &x, &w3).unwrap(), row(&[1.0, 2.0, 0.0]));
    }

    #[test]
    fn strings_concatenate_with_plus_only() {
        let (a, b) = (Value::str("ab"), Value::str("cd"));
        assert_eq!(binary(BinOp::Add, &a, &b).unwrap(), Value::str("abcd"));
        let err = binary(BinOp::Sub, &a, &b).unwrap_err();
        assert_eq!(
            err.message,
            "unsupported operand types for Sub: string and string"
        );
        let err = binary(BinOp::Add, &a, &Value::Scalar(1.0)).unwrap_err();
        assert_eq!(
            err.message,
            "unsupported operand types for Add: string and scalar"
        );
        assert_eq!(binary(BinOp::Eq, &a, &a).unwrap(), Value::Bool(true));
    }

    #[test]
    fn bools_do_not_take_part_in_arithmetic() {
        let err = binary(BinOp::Add, &Value::Bool(true), &Value::Scalar(1.0)).unwrap_err();
        assert_eq!(
            err.message,
            "unsupported operand types for Add: bool and scalar"
        );
        assert_eq!(err.kind, ErrorKind::Type);
        assert_eq!(
            binary(BinOp::Eq, &Value::Bool(true), &Value::Bool(true)).unwrap(),
            Value::Bool(true)
        );
        let err = binary(BinOp::AndAnd, &row(&[1.0]), &Value::Bool(true)).unwrap_err();
        assert!(
            err.message
                .starts_with("&&/||: operand must be scalar (got vector)")
        );
        assert_eq!(
            binary(BinOp::OrOr, &Value::Bool(false), &Value::Bool(true)).unwrap(),
            Value::Bool(true)
        );
    }

    #[test]
    fn comparisons_go_through_compare() {
        let flags = binary(BinOp::Lt, &row(&[1.0, 3.0]), &Value::Scalar(2.0)).unwrap();
        assert_eq!(flags, row(&[1.0, 0.0]));
        let err = binary(BinOp::Lt, &mat(2, 2, &[0.0; 4]), &Value::Scalar(1.0)).unwrap_err();
        assert_eq!(
            err.message,
            "comparison requires two scalars (or vector op scalar), got matrix and scalar"
        );
    }

    #[test]
    fn negation_of_every_kind() {
        assert_eq!(negate(&Value::Scalar(2.0)).unwrap(), Value::Scalar(-2.0));
        let z = C64::new(1.0, -2.0);
        assert_eq!(negate(&Value::Complex(z)).unwrap(), Value::Complex(-z));
        assert_eq!(negate(&row(&[1.0, -2.0])).unwrap(), row(&[-1.0, 2.0]));
        assert_eq!(negate(&mat(1, 1, &[3.0])).unwrap(), mat(1, 1, &[-3.0]));
        let err = negate(&Value::Bool(true)).unwrap_err();
        assert_eq!(err.message, "cannot negate bool");
        assert_eq!(err.kind, ErrorKind::Type);
        assert_eq!(
            negate(&Value::str("a")).unwrap_err().message,
            "cannot negate string"
        );
    }

    #[test]
    fn not_requires_a_bool() {
        assert_eq!(not(&Value::Bool(true)).unwrap(), Value::Bool(false));
        let err = not(&Value::Scalar(1.0)).unwrap_err();
        assert_eq!(err.message, "'!' operator requires bool, got scalar");
        assert_eq!(err.kind, ErrorKind::Type);
    }

    #[test]
    fn transposes() {
        let v = row(&[1.0, 2.0, 3.0]);
        let col = transpose(&v, true).unwrap();
        assert!(matches!(col, Value::Matrix(_)));
        assert_eq!(shape(&col), (3, 1));
        let m = mat(2, 3, &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        let t = transpose(&m, false).unwrap();
        assert_eq!(t, mat(3, 2, &[1.0, 4.0, 2.0, 5.0, 3.0, 6.0]));
        assert_eq!(
            transpose(&Value::Scalar(2.0), true).unwrap(),
            Value::Scalar(2.0)
        );
        let z = C64::new(1.0, 2.0);
        assert_eq!(
            transpose(&Value::Complex(z), true).unwrap(),
            Value::Complex(z.conj())
        );
        assert_eq!(
            transpose(&Value::Complex(z), false).unwrap(),
            Value::Complex(z)
        );
        let err = transpose(&Value::str("a"), true).unwrap_err();
        assert_eq!(err.message, "cannot transpose string");
        assert_eq!(err.kind, ErrorKind::Runtime);
    }

    #[test]
    fn conditions_accept_bools_and_numbers() {
        assert!(condition(&Value::Bool(true), "if").unwrap());
        assert!(!condition(&Value::Scalar(0.0), "if").unwrap());
        assert!(condition(&Value::Scalar(f64::NAN), "while").unwrap());
        assert!(condition(&Value::Complex(C64::new(0.0, 1.0)), "if").unwrap());
        let err = condition(&row(&[1.0]), "if").unwrap_err();
        assert_eq!(
            err.message,
            "if condition must be a bool or scalar, got vector"
        );
        assert_eq!(err.kind, ErrorKind::Runtime);
        let err = condition(&Value::str("x"), "while").unwrap_err();
        assert_eq!(
            err.message,
            "while condition must be a bool or scalar, got string"
        );
    }

    #[test]
    fn logical_operands() {
        assert!(logical_operand(&Value::Scalar(2.0)).unwrap());
        assert!(!logical_operand(&Value::Complex(C64::new(0.0, 0.0))).unwrap());
        assert!(!logical_operand(&Value::Bool(false)).unwrap());
        let err = logical_operand(&row(&[1.0])).unwrap_err();
        assert_eq!(
            err.message,
            "&&/||: operand must be scalar (got vector); use any() or all() to reduce a matrix/vector"
        );
        assert_eq!(err.kind, ErrorKind::Type);
    }
}
