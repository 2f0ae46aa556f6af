//! Operators on integer values (rustlab's integer types). Two operands of one class stay in
//! the class: `+ - .* ./ .^` (and `* / ^` with a scalar side) work element-wise with
//! broadcasting and saturate on overflow, or wrap when an operand was made with `"wrap"`.
//! An integer with a double (or any other number) is computed in double, as rustlab's
//! notebook says ("mixing an integer with a double promotes the result to double"); two
//! different classes are an error. Comparisons compare the exact values.

use super::compare;
use crate::ast::BinOp;
use crate::error::{LangError, LangResult};
use crate::value::{IntArray, IntKind, Value};
use std::sync::Arc;

/// `a op b` where at least one operand is an integer value.
pub(crate) fn binary(op: BinOp, a: &Value, b: &Value) -> LangResult<Value> {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) if x.class != y.class => {
            Err(LangError::type_error(format!(
                "cannot combine {} and {}: convert one operand first (e.g. {}(x) or double(x))",
                x.class.name(),
                y.class.name(),
                x.class.name()
            )))
        }
        (Value::Int(x), Value::Int(y)) => same_class(op, x, y),
        _ => super::binary(op, &widened(a), &widened(b)),
    }
}

/// An integer value as double; any other value as it is.
pub(crate) fn widened(v: &Value) -> Value {
    match v {
        Value::Int(a) => a.to_double(),
        other => other.clone(),
    }
}

fn same_class(op: BinOp, x: &IntArray, y: &IntArray) -> LangResult<Value> {
    if let Some(apply) = element_op(op) {
        let scalar_side = x.kind == IntKind::Scalar || y.kind == IntKind::Scalar;
        if matches!(op, BinOp::Mul | BinOp::Div | BinOp::Pow) && !scalar_side {
            return Err(LangError::type_error(format!(
                "'{}' on two {} arrays needs a scalar side: use the element-wise operator \
                 or double()",
                op_text(op),
                x.class.name()
            )));
        }
        let wrap = x.wrap || y.wrap;
        return broadcast(x, y, |p, q| x.class.fit(apply(p, q, x, wrap), wrap));
    }
    match op {
        BinOp::AndAnd | BinOp::OrOr => super::binary(op, &x.to_double(), &y.to_double()),
        _ if x.kind == IntKind::Scalar && y.kind == IntKind::Scalar => {
            Ok(Value::Bool(compare::holds(op, x.get(0), y.get(0))))
        }
        _ => compare::compare(op, &x.to_double(), &y.to_double()),
    }
}

type ElementOp = fn(i128, i128, &IntArray, bool) -> i128;

/// The element-wise function of an arithmetic operator.
fn element_op(op: BinOp) -> Option<ElementOp> {
    Some(match op {
        BinOp::Add => |p, q, _, _| p.saturating_add(q),
        BinOp::Sub => |p, q, _, _| p.saturating_sub(q),
        BinOp::Mul | BinOp::ElemMul => |p: i128, q, _, wrap| {
            if wrap {
                p.wrapping_mul(q)
            } else {
                p.saturating_mul(q)
            }
        },
        BinOp::Div | BinOp::ElemDiv => |p, q, a, _| divide(p, q, a),
        BinOp::Pow | BinOp::ElemPow => |p, q, a, wrap| power(p, q, a, wrap),
        _ => return None,
    })
}

fn op_text(op: BinOp) -> &'static str {
    match op {
        BinOp::Mul => "*",
        BinOp::Div => "/",
        _ => "^",
    }
}

/// `p / q` rounded half away from zero; `x / 0` is the class's limit on `x`'s side (0 for
/// `0 / 0`), as in MATLAB.
fn divide(p: i128, q: i128, a: &IntArray) -> i128 {
    if q == 0 {
        return match p.signum() {
            1 => a.class.max(),
            -1 => a.class.min(),
            _ => 0,
        };
    }
    let (quotient, rest) = (p / q, p % q);
    if 2 * rest.abs() >= q.abs() {
        quotient + p.signum() * q.signum()
    } else {
        quotient
    }
}

/// `p ^ q`: exact for `q >= 0` (saturating, or wrapping modulo 2^128 which the class's own
/// wrap then reduces); a negative power is computed in double and rounded, as in MATLAB.
fn power(p: i128, q: i128, a: &IntArray, wrap: bool) -> i128 {
    if q < 0 {
        return a.class.from_f64((p as f64).powf(q as f64), false);
    }
    let (mut base, mut exp, mut out) = (p, q, 1i128);
    while exp > 0 {
        if exp & 1 == 1 {
            out = if wrap {
                out.wrapping_mul(base)
            } else {
                out.saturating_mul(base)
            };
        }
        exp >>= 1;
        if exp > 0 {
            base = if wrap {
                base.wrapping_mul(base)
            } else {
                base.saturating_mul(base)
            };
        }
    }
    out
}

/// Element-wise `f` with broadcasting: a scalar meets every element; otherwise each
/// dimension must agree or be 1 in one operand. Two Vectors give a Vector, a Matrix
/// anywhere gives a Matrix.
fn broadcast(x: &IntArray, y: &IntArray, f: impl Fn(i128, i128) -> i128) -> LangResult<Value> {
    let dim = |m: usize, n: usize| match (m, n) {
        _ if m == n => Some(m),
        (1, n) => Some(n),
        (m, 1) => Some(m),
        _ => None,
    };
    let (Some(rows), Some(cols)) = (dim(x.rows, y.rows), dim(x.cols, y.cols)) else {
        return Err(LangError::type_error(format!(
            "shape mismatch: {}×{} and {}×{}",
            x.rows, x.cols, y.rows, y.cols
        )));
    };
    let kind = match (x.kind, y.kind) {
        (IntKind::Scalar, k) | (k, IntKind::Scalar) => k,
        (IntKind::Vector, IntKind::Vector) => IntKind::Vector,
        _ => IntKind::Matrix,
    };
    let at = |a: &IntArray, r: usize, c: usize| {
        let (r, c) = (r.min(a.rows - 1), c.min(a.cols - 1));
        a.get(r * a.cols + c)
    };
    let values = (0..rows * cols).map(|k| {
        let (r, c) = (k / cols, k % cols);
        f(at(x, r, c), at(y, r, c))
    });
    let wrap = x.wrap || y.wrap;
    Ok(Value::Int(Arc::new(IntArray::new(
        x.class,
        wrap,
        kind,
        (rows, cols),
        values,
    ))))
}

/// `-a`: saturating (`-int8(-128)` is 127, `-uint8(5)` is 0) or wrapping.
pub(crate) fn negate(a: &IntArray) -> Value {
    a.like(a.kind, (a.rows, a.cols), a.values().map(|x| -x))
}

/// `a'` and `a.'`: the class is kept; a Vector becomes an `N×1` Matrix.
pub(crate) fn transpose(a: &IntArray) -> Value {
    let kind = match a.kind {
        IntKind::Scalar => IntKind::Scalar,
        _ => IntKind::Matrix,
    };
    let values = (0..a.len()).map(|k| {
        let (c, r) = (k / a.rows, k % a.rows);
        a.get(r * a.cols + c)
    });
    a.like(kind, (a.cols, a.rows), values)
}

/// The truth of an integer scalar in a condition; `None` for arrays.
pub(crate) fn truth(a: &IntArray) -> Option<bool> {
    (a.kind == IntKind::Scalar).then(|| a.get(0) != 0)
}

#[cfg(test)]
mod tests;
