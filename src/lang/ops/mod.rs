//! Operators on values (spec §5): arithmetic with broadcasting, matrix products,
//! comparisons, logic, transposes, ranges and matrix-literal concatenation.
//! Placeholder until the operators land.

use crate::lang::ast::BinOp;
use crate::lang::error::{LangError, LangResult};
use crate::lang::value::Value;

fn pending<T>() -> LangResult<T> {
    Err(LangError::runtime("operators not available yet"))
}

/// `a op b` for every operator but `&&`/`||` (the evaluator short-circuits those).
pub(crate) fn binary(op: BinOp, a: &Value, b: &Value) -> LangResult<Value> {
    let _ = (op, a, b);
    pending()
}

/// Unary minus.
pub(crate) fn negate(a: &Value) -> LangResult<Value> {
    let _ = a;
    pending()
}

/// `!a` (Bool only).
pub(crate) fn not(a: &Value) -> LangResult<Value> {
    let _ = a;
    pending()
}

/// `a'` (conjugate) or `a.'`.
pub(crate) fn transpose(a: &Value, conjugate: bool) -> LangResult<Value> {
    let _ = (a, conjugate);
    pending()
}

/// A `[...]` literal: rows of element values.
pub(crate) fn concat(rows: Vec<Vec<Value>>) -> LangResult<Value> {
    let _ = rows;
    pending()
}

/// `start:step:stop` as a Vector (repeated addition, spec §15).
pub(crate) fn range(start: f64, step: f64, stop: f64) -> LangResult<Value> {
    let _ = (start, step, stop);
    pending()
}

/// An `if`/`while` condition (`what` is "if" or "while").
pub(crate) fn condition(v: &Value, what: &str) -> LangResult<bool> {
    let _ = (v, what);
    pending()
}

/// An operand of `&&`/`||`.
pub(crate) fn logical_operand(v: &Value) -> LangResult<bool> {
    let _ = v;
    pending()
}
