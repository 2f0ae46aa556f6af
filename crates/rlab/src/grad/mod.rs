//! `grad` and `value_and_grad`: reverse-mode automatic differentiation of rlab programs.
//!
//! While a `grad` call runs, the variables it differentiates hold [`Value::Tracked`] values
//! (the plain value and a node on the call's [`Tape`]). The evaluator's operator, builtin,
//! index-read, indexed-assignment and concatenation entry points call the hooks below; a
//! hook does nothing unless an operand is tracked, in which case it computes the normal
//! result on the plain values and records a backward rule. Everything else that meets a
//! tracked value sees [`Value::plain`] (conditions, sizes, printing), so control flow just
//! uses the values. After the forward pass one reverse sweep gives the gradients.
//!
//! Nested `grad` (differentiating a function that itself calls `grad`) is refused with an
//! error. Split: the tape and conversions in [`tape`], operator rules in [`operators`],
//! builtin rules in [`builtins`] and [`normalize`], element-moving operations in
//! [`structural`], the `grad`/`value_and_grad` builtins and the `{a, b}` form in [`call`].

mod builtins;
mod call;
mod normalize;
mod operators;
mod structural;
mod tape;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_models;

pub(crate) use call::special_form;
pub(crate) use tape::Tape;

use crate::ast::BinOp;
use crate::builtins::Builtin;
use crate::error::LangResult;
use crate::eval::Interp;
use crate::ops;
use crate::value::Value;

pub(crate) static TABLE: &[Builtin] = &[
    Builtin::new(
        "grad",
        call::grad,
        "grad(f, x) | [g1, …] = grad(@() expr, {a, …}): gradient of a real scalar loss (reverse mode)",
    ),
    Builtin::new(
        "value_and_grad",
        call::value_and_grad,
        "[v, g] = value_and_grad(f, x) | [v, g1, …] = value_and_grad(@() expr, {a, …}): loss and gradients",
    ),
];

/// The differentiation state of a session: the tape of the running `grad`, if any.
#[derive(Clone, Default)]
pub(crate) struct State {
    tape: Option<Tape>,
    /// Number of `grad` calls so far (each tape gets a new id).
    runs: u64,
}

/// Whether `v` is a value the running `grad` follows.
pub(crate) fn tracked(v: &Value) -> bool {
    matches!(v, Value::Tracked(_))
}

/// True when any value is tracked (the builtin-dispatch test).
#[inline]
pub(crate) fn any_tracked(values: &[Value]) -> bool {
    values.iter().any(tracked)
}

/// Run `f` with the running tape, or `plain` when there is none (a stale tracked value is a
/// constant).
fn with_tape(
    interp: &mut Interp,
    f: impl FnOnce(&mut Tape) -> LangResult<Value>,
    plain: impl FnOnce() -> LangResult<Value>,
) -> LangResult<Value> {
    match interp.grad.tape.as_mut() {
        Some(tape) => f(tape),
        None => plain(),
    }
}

/// `a op b` (every operator but the short-circuit pair).
#[inline]
pub(crate) fn binary(interp: &mut Interp, op: BinOp, a: &Value, b: &Value) -> LangResult<Value> {
    if !tracked(a) && !tracked(b) {
        return ops::binary(op, a, b);
    }
    with_tape(
        interp,
        |t| operators::binary(t, op, a, b),
        || ops::binary(op, a.plain(), b.plain()),
    )
}

/// `a op b` for operands the evaluator gives up, so that a temporary's buffer can take the
/// result (see `ops::binary_owned`); tracked operands go to the tape as in [`binary`].
pub(crate) fn binary_owned(
    interp: &mut Interp,
    op: BinOp,
    a: Value,
    b: Value,
) -> LangResult<Value> {
    if !tracked(&a) && !tracked(&b) {
        return ops::binary_owned(op, a, b);
    }
    binary(interp, op, &a, &b)
}

/// Unary minus.
#[inline]
pub(crate) fn negate(interp: &mut Interp, a: &Value) -> LangResult<Value> {
    if !tracked(a) {
        return ops::negate(a);
    }
    with_tape(
        interp,
        |t| operators::negate(t, a),
        || ops::negate(a.plain()),
    )
}

/// `a'` and `a.'`.
#[inline]
pub(crate) fn transpose(interp: &mut Interp, a: &Value, conjugate: bool) -> LangResult<Value> {
    if !tracked(a) {
        return ops::transpose(a, conjugate);
    }
    with_tape(
        interp,
        |t| operators::transpose(t, a, conjugate),
        || ops::transpose(a.plain(), conjugate),
    )
}

/// A matrix literal `[a, b; c, d]`.
pub(crate) fn concat(interp: &mut Interp, rows: Vec<Vec<Value>>) -> LangResult<Value> {
    if !rows.iter().any(|r| any_tracked(r)) {
        return ops::concat(rows);
    }
    let widths: Vec<usize> = rows.iter().map(Vec::len).collect();
    let data: Vec<Value> = rows.into_iter().flatten().collect();
    let refs: Vec<&Value> = data.iter().collect();
    let regroup = |values: Vec<Value>| {
        let mut it = values.into_iter();
        let rows = widths
            .iter()
            .map(|&w| it.by_ref().take(w).collect())
            .collect();
        ops::concat(rows)
    };
    match interp.grad.tape.as_mut() {
        Some(tape) => structural::record(tape, "concatenation", &refs, regroup),
        None => regroup(data.iter().map(|v| v.plain().clone()).collect()),
    }
}

/// An index read `target(idx…)`, done by `read` (the evaluator's reader).
pub(crate) fn read<I>(
    interp: &mut Interp,
    target: &Value,
    idx: &[I],
    read: fn(&Value, &[I]) -> LangResult<Value>,
) -> LangResult<Value> {
    if !tracked(target) {
        return read(target, idx);
    }
    match interp.grad.tape.as_mut() {
        Some(tape) => structural::record(tape, "indexing", &[target], |v| read(&v[0], idx)),
        None => read(target.plain(), idx),
    }
}

/// An indexed assignment `slot(idx…) = rhs`, done by `assign` (the evaluator's writer).
pub(crate) fn assign<I, W>(
    state: &mut State,
    slot: &mut Value,
    idx: &[I],
    rhs: &Value,
    assign: fn(&mut Value, &[I], &Value) -> LangResult<W>,
) -> LangResult<W> {
    if !tracked(slot) && !tracked(rhs) {
        return assign(slot, idx, rhs);
    }
    let Some(tape) = state.tape.as_mut() else {
        *slot = slot.plain().clone();
        return assign(slot, idx, rhs.plain());
    };
    let mut written = None;
    // The first run is on the plain values: its report is the one kept (for the echo).
    let result = structural::record(tape, "indexed assignment", &[&*slot, rhs], |v| {
        let mut target = v[0].clone();
        let report = assign(&mut target, idx, &v[1])?;
        written.get_or_insert(report);
        Ok(target)
    })?;
    *slot = result;
    written.ok_or_else(|| crate::error::LangError::runtime("grad: assignment failed"))
}

/// A builtin call with at least one tracked argument.
pub(crate) fn call_builtin(
    interp: &mut Interp,
    b: &'static Builtin,
    args: Vec<Value>,
    nargout: usize,
) -> LangResult<Value> {
    builtins::call(interp, b, args, nargout)
}
