//! The six comparisons `== != < <= > >=` (spec §5.5). Two Scalars give a Bool; Bools and
//! Strs support only `==`/`!=`; a Vector against a Scalar (either side) gives a Vector of
//! 1.0/0.0 comparing real parts. Every other pairing is an error, including Matrix vs Scalar,
//! Vector vs Vector and anything with a Complex.

use crate::ast::BinOp;
use crate::error::{LangError, LangResult};
use crate::limits;
use crate::value::{NumArray, Value};
use std::sync::Arc;

/// `a op b` for a comparison operator.
pub(crate) fn compare(op: BinOp, a: &Value, b: &Value) -> LangResult<Value> {
    match (a, b) {
        (Value::Scalar(x), Value::Scalar(y)) => Ok(Value::Bool(holds(op, *x, *y))),
        (Value::Bool(x), Value::Bool(y)) => equality(op, x == y, "bool"),
        (Value::Str(x), Value::Str(y)) => equality(op, x == y, "strings"),
        (Value::Vector(v), Value::Scalar(s)) => flags(v, |x| holds(op, x, *s)),
        (Value::Scalar(s), Value::Vector(v)) => flags(v, |x| holds(op, *s, x)),
        _ => Err(LangError::type_error(format!(
            "comparison requires two scalars (or vector op scalar), got {} and {}",
            a.type_name(),
            b.type_name()
        ))),
    }
}

/// Whether `x op y` holds (for numbers IEEE semantics: every comparison with NaN but `!=`
/// is false; also for the exact values of integer types).
pub(crate) fn holds<T: PartialOrd>(op: BinOp, x: T, y: T) -> bool {
    match op {
        BinOp::Eq => x == y,
        BinOp::Ne => x != y,
        BinOp::Lt => x < y,
        BinOp::Le => x <= y,
        BinOp::Gt => x > y,
        BinOp::Ge => x >= y,
        _ => false,
    }
}

/// `==`/`!=` on values that have no order; `what` names them in the error.
fn equality(op: BinOp, equal: bool, what: &str) -> LangResult<Value> {
    match op {
        BinOp::Eq => Ok(Value::Bool(equal)),
        BinOp::Ne => Ok(Value::Bool(!equal)),
        _ => Err(LangError::type_error(format!(
            "ordered comparison not defined for {what}"
        ))),
    }
}

/// A numeric 0/1 Vector: `test` applied to the real part of every element.
fn flags(v: &NumArray, test: impl Fn(f64) -> bool) -> LangResult<Value> {
    limits::check_real(1, v.len())?;
    let data = v
        .iter_re()
        .map(|x| if test(x) { 1.0 } else { 0.0 })
        .collect();
    Ok(Value::Vector(Arc::new(NumArray::row(data))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::C64;

    fn cmp(op: BinOp, a: Value, b: Value) -> LangResult<Value> {
        compare(op, &a, &b)
    }

    #[test]
    fn scalars_give_bools_for_all_six_operators() {
        let (one, two) = (Value::Scalar(1.0), Value::Scalar(2.0));
        let results: Vec<Value> = [
            BinOp::Eq,
            BinOp::Ne,
            BinOp::Lt,
            BinOp::Le,
            BinOp::Gt,
            BinOp::Ge,
        ]
        .iter()
        .map(|&op| cmp(op, one.clone(), two.clone()).unwrap())
        .collect();
        let expected = [false, true, true, true, false, false].map(Value::Bool);
        assert_eq!(results, expected);
        assert!(!holds(BinOp::Eq, f64::NAN, f64::NAN));
        assert!(holds(BinOp::Ne, f64::NAN, f64::NAN));
        assert!(!holds(BinOp::Add, 1.0, 1.0));
    }

    #[test]
    fn bools_and_strings_support_equality_only() {
        let t = Value::Bool(true);
        assert_eq!(
            cmp(BinOp::Eq, t.clone(), t.clone()).unwrap(),
            Value::Bool(true)
        );
        assert_eq!(
            cmp(BinOp::Ne, t.clone(), Value::Bool(false)).unwrap(),
            Value::Bool(true)
        );
        let err = cmp(BinOp::Lt, t.clone(), t).unwrap_err();
        assert_eq!(err.message, "ordered comparison not defined for bool");
        let (a, b) = (Value::str("a"), Value::str("b"));
        assert_eq!(
            cmp(BinOp::Eq, a.clone(), b.clone()).unwrap(),
            Value::Bool(false)
        );
        assert_eq!(
            cmp(BinOp::Ne, a.clone(), b.clone()).unwrap(),
            Value::Bool(true)
        );
        let err = cmp(BinOp::Ge, a, b).unwrap_err();
        assert_eq!(err.message, "ordered comparison not defined for strings");
    }

    #[test]
    fn vector_against_scalar_gives_numeric_flags() {
        let v = Value::row(vec![1.0, 2.0, 3.0, f64::NAN]);
        let lt = cmp(BinOp::Lt, v.clone(), Value::Scalar(2.5)).unwrap();
        assert_eq!(lt, Value::row(vec![1.0, 1.0, 0.0, 0.0]));
        let ge = cmp(BinOp::Ge, Value::Scalar(2.0), v).unwrap();
        assert_eq!(ge, Value::row(vec![1.0, 1.0, 0.0, 0.0]));
    }

    #[test]
    fn vector_comparisons_use_real_parts() {
        let data = ndarray::Array2::from_elem((1, 2), C64::new(1.0, 5.0));
        let v = Value::Vector(Arc::new(NumArray::Complex(data)));
        let eq = cmp(BinOp::Eq, v, Value::Scalar(1.0)).unwrap();
        assert_eq!(eq, Value::row(vec![1.0, 1.0]));
    }

    #[test]
    fn other_pairings_are_errors() {
        let m = Value::matrix_rows(1, 1, vec![1.0]);
        let err = cmp(BinOp::Lt, m, Value::Scalar(1.0)).unwrap_err();
        assert_eq!(
            err.message,
            "comparison requires two scalars (or vector op scalar), got matrix and scalar"
        );
        assert_eq!(err.kind, crate::error::ErrorKind::Type);
        let v = Value::row(vec![1.0]);
        assert!(cmp(BinOp::Eq, v.clone(), v).is_err());
        let z = Value::Complex(C64::new(1.0, 0.0));
        let err = cmp(BinOp::Eq, z, Value::Scalar(1.0)).unwrap_err();
        assert!(err.message.ends_with("got complex and scalar"));
        assert!(cmp(BinOp::Eq, Value::Bool(true), Value::Scalar(1.0)).is_err());
    }
}
