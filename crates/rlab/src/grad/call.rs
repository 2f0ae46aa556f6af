//! The `grad` and `value_and_grad` builtins, and the special form that lets them name the
//! variables to differentiate in braces: `grad(@() expr, {a, b})`. Braces normally hold
//! strings only, so [`special_form`] (asked first by `NAME(args)` resolution) takes the
//! names from the syntax and passes them on as a string array; `grad(f, {"a", "b"})` is the
//! same call written with strings.
//!
//! A call runs the function once with tracked inputs (the argument of `f`, or the lambda's
//! captured values of the named variables), checks that the loss is a real scalar, then
//! sweeps the tape backwards once for all the gradients.

use super::tape::{Tape, gradient_like};
use crate::ast::{Expr, ExprKind, Name};
use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{Lambda, Value};
use ndarray::Array2;
use std::sync::Arc;

/// `grad(f, {a, b, …})` with bare names in braces, unless `grad` names a variable or a
/// user function: the call with the names as a string array. `None`: not this form.
pub(crate) fn special_form(
    interp: &mut Interp,
    name: &str,
    args: &[Expr],
    nargout: usize,
) -> Option<LangResult<Value>> {
    if name != "grad" && name != "value_and_grad" {
        return None;
    }
    let [f, names] = args else { return None };
    let ExprKind::Cell(items) = &names.kind else {
        return None;
    };
    let idents: Option<Vec<String>> = items
        .iter()
        .map(|e| match &e.kind {
            ExprKind::Ident(n) => Some(n.to_string()),
            _ => None,
        })
        .collect();
    let idents = idents?;
    if interp.vars.contains(name) || interp.functions.contains_key(name) {
        return None;
    }
    Some(interp.eval(f).and_then(|f| {
        let names = Value::StrArray(Arc::new(idents));
        interp.call_named(name, vec![f, names], nargout)
    }))
}

pub(super) fn grad(interp: &mut Interp, args: Args) -> LangResult<Value> {
    run(interp, args, false)
}

pub(super) fn value_and_grad(interp: &mut Interp, args: Args) -> LangResult<Value> {
    run(interp, args, true)
}

fn run(interp: &mut Interp, args: Args, with_value: bool) -> LangResult<Value> {
    args.arity(2, 2)?;
    if interp.grad.tape.is_some() {
        return Err(LangError::runtime(format!(
            "{}: nested grad is not supported (a function being differentiated calls grad)",
            args.name
        )));
    }
    interp.grad.runs += 1;
    interp.grad.tape = Some(Tape::new(interp.grad.runs));
    let forward = forward(interp, args.value(0)?, args.value(1)?);
    let tape = interp.grad.tape.take().expect("the tape of this call");
    let (loss, leaves) = forward?;
    let plain_loss = check_loss(&loss)?;
    let grads: Vec<Value> = match tape.node_of(&loss) {
        Some(root) => {
            let nodes: Vec<usize> = leaves.iter().filter_map(|l| tape.node_of(l)).collect();
            let seed = Array2::from_elem(super::tape::shape(&loss), 1.0);
            let adj = tape.leaf_adjoints(root, seed, &nodes);
            leaves
                .iter()
                .zip(adj)
                .map(|(l, g)| gradient_like(l, g))
                .collect()
        }
        None => leaves
            .iter()
            .map(|l| gradient_like(l, Array2::zeros((0, 0))))
            .collect(),
    };
    let mut outputs = Vec::with_capacity(grads.len() + 1);
    if with_value {
        outputs.push(plain_loss);
    }
    outputs.extend(grads);
    Ok(if args.nargout <= 1 {
        outputs.swap_remove(0)
    } else {
        Value::tuple(outputs)
    })
}

/// Run the function on tracked inputs: the loss and the tracked leaves.
fn forward(interp: &mut Interp, f: &Value, wrt: &Value) -> LangResult<(Value, Vec<Value>)> {
    if let Value::StrArray(names) = wrt {
        return forward_captured(interp, f, names);
    }
    let leaf = leaf(interp, wrt, "the argument")?;
    let loss = interp.call_value(f, vec![leaf.clone()], 1)?;
    Ok((loss, vec![leaf]))
}

/// The `{a, b}` form: the lambda's captured `a`, `b` become leaves.
fn forward_captured(
    interp: &mut Interp,
    f: &Value,
    names: &[String],
) -> LangResult<(Value, Vec<Value>)> {
    let Value::Lambda(lambda) = f else {
        return Err(LangError::runtime(format!(
            "grad: the {{names}} form needs a lambda @() …, got {}",
            f.type_name()
        )));
    };
    if !lambda.def.params.is_empty() {
        return Err(LangError::runtime(
            "grad: the {names} form needs a lambda without parameters, @() …",
        ));
    }
    let mut captured = (*lambda.captured).clone();
    let mut leaves = Vec::with_capacity(names.len());
    for name in names {
        let Some(v) = captured.get(name) else {
            return Err(LangError::runtime(format!(
                "grad: '{name}' is not a variable the lambda sees"
            )));
        };
        let v = v.clone();
        let tracked = leaf(interp, &v, &format!("'{name}'"))?;
        captured.insert(Name::from(name.as_str()), tracked.clone());
        leaves.push(tracked);
    }
    let tracked_lambda = Value::Lambda(Arc::new(Lambda {
        def: Arc::clone(&lambda.def),
        captured: Arc::new(captured),
    }));
    let loss = interp.call_value(&tracked_lambda, Vec::new(), 1)?;
    Ok((loss, leaves))
}

/// A new leaf for `v`, which must be a real Scalar, Vector or Matrix (`what` names it).
fn leaf(interp: &mut Interp, v: &Value, what: &str) -> LangResult<Value> {
    let v = v.plain();
    match v {
        Value::Scalar(_) => {}
        Value::Vector(a) | Value::Matrix(a) if a.is_real() => {}
        Value::Complex(_) | Value::Vector(_) | Value::Matrix(_) => {
            return Err(LangError::runtime(format!(
                "grad: {what} is complex; grad differentiates with respect to real values only"
            )));
        }
        other => {
            return Err(LangError::runtime(format!(
                "grad: cannot differentiate with respect to {what}, a {}",
                other.type_name()
            )));
        }
    }
    let tape = interp.grad.tape.as_mut().expect("a running grad");
    Ok(tape.leaf(v.clone()))
}

/// The loss's plain value, which must be one real number.
fn check_loss(loss: &Value) -> LangResult<Value> {
    let plain = loss.plain();
    let one_real = match plain {
        Value::Scalar(_) => true,
        Value::Vector(a) | Value::Matrix(a) => a.len() == 1 && a.is_real(),
        _ => false,
    };
    if one_real {
        return Ok(plain.clone());
    }
    let what = match plain {
        Value::Vector(a) | Value::Matrix(a) => {
            let (r, c) = a.shape();
            format!("a {r}×{c} {}", plain.type_name())
        }
        other => format!("a {}", other.type_name()),
    };
    Err(LangError::runtime(format!(
        "grad: the function must return a real scalar loss, got {what}"
    )))
}
