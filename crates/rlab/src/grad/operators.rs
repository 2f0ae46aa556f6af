//! Backward rules of the operators: `+ - .* ./ * / .^ ^`, unary minus and transposes.
//! Element-wise operators broadcast (spec §5.3), so an operand's adjoint is the output's
//! adjoint summed over the dimensions the operand was repeated along. Comparisons and logic
//! give constants. The rules (G is the output's adjoint, Y the output):
//!
//! * `A ± B`: dA = G, dB = ±G;  `A .* B`: dA = G.*B, dB = G.*A;
//! * `A ./ B`: dA = G./B, dB = −G.*Y./B;  `A .^ B`: dA = G.*B.*A.^(B−1), dB = G.*Y.*log(A);
//! * `A * B` (a product, neither a Scalar): dA = G*B', dB = A'*G;  `-A`: −G;  `A'`: G'.

use super::tape::{Backward, Grad, Sink, Tape, real_array, real_or_error};
use crate::ast::BinOp;
use crate::error::LangResult;
use crate::ops;
use crate::value::Value;
use ndarray::{Array2, Axis, Zip};
use std::sync::Arc;

/// `a op b` with at least one tracked operand.
pub(super) fn binary(tape: &mut Tape, op: BinOp, a: &Value, b: &Value) -> LangResult<Value> {
    let y = ops::binary(op, a.plain(), b.plain())?;
    let (na, nb) = (tape.node_of(a), tape.node_of(b));
    let arithmetic = matches!(
        op,
        BinOp::Add
            | BinOp::Sub
            | BinOp::Mul
            | BinOp::ElemMul
            | BinOp::Div
            | BinOp::ElemDiv
            | BinOp::Pow
            | BinOp::ElemPow
    );
    if !arithmetic || (na.is_none() && nb.is_none()) {
        return Ok(y);
    }
    let what = format!("'{}'", symbol(op));
    real_or_error(&y, &what)?;
    let sa = real_or_error(a, &what)?.dim();
    let sb = real_or_error(b, &what)?.dim();
    let scaled = matches!(a.plain(), Value::Scalar(_)) || matches!(b.plain(), Value::Scalar(_));
    let ends = Ends { na, nb, sa, sb };
    let (av, bv, yv) = (
        Kept(a.plain().clone()),
        Kept(b.plain().clone()),
        Kept(y.clone()),
    );
    let rule = match op {
        BinOp::Add | BinOp::Sub => sum_rule(ends, op == BinOp::Sub),
        BinOp::Mul if !scaled => product_rule(ends, av, bv),
        BinOp::Mul | BinOp::ElemMul => times_rule(ends, av, bv),
        BinOp::Div | BinOp::ElemDiv => divide_rule(ends, bv, yv),
        _ => power_rule(ends, av, bv, yv),
    };
    Ok(tape.record(y, rule))
}

/// The operator as written, for messages.
fn symbol(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "+",
        BinOp::Sub => "-",
        BinOp::Mul => "*",
        BinOp::ElemMul => ".*",
        BinOp::Div => "/",
        BinOp::ElemDiv => "./",
        BinOp::Pow => "^",
        _ => ".^",
    }
}

/// The operands' nodes (when tracked) and shapes.
#[derive(Clone, Copy)]
struct Ends {
    na: Option<usize>,
    nb: Option<usize>,
    sa: (usize, usize),
    sb: (usize, usize),
}

impl Ends {
    /// Push each tracked operand's contribution, computed only when it is needed.
    fn push(&self, out: &mut Sink, da: impl FnOnce() -> Grad, db: impl FnOnce() -> Grad) {
        if let Some(n) = self.na {
            out.push((n, unbroadcast(da(), self.sa)));
        }
        if let Some(n) = self.nb {
            out.push((n, unbroadcast(db(), self.sb)));
        }
    }
}

/// Sum `g` down to `shape` over the dimensions an operand of that shape was repeated along.
pub(super) fn unbroadcast(g: Grad, shape: (usize, usize)) -> Grad {
    if g.dim() == shape {
        return g;
    }
    let mut g = g;
    if shape.0 == 1 && g.nrows() != 1 {
        g = g.sum_axis(Axis(0)).insert_axis(Axis(0));
    }
    if shape.1 == 1 && g.ncols() != 1 {
        g = g.sum_axis(Axis(1)).insert_axis(Axis(1));
    }
    g
}

fn sum_rule(ends: Ends, subtract: bool) -> Backward {
    Arc::new(move |g, out| {
        let sign = if subtract { -1.0 } else { 1.0 };
        ends.push(out, || g.clone(), || g * sign);
    })
}

/// An operand or result a rule needs, kept as the (shared) value rather than a copy.
struct Kept(Value);

impl Kept {
    /// The real numbers (checked real when the node was recorded).
    fn arr(&self) -> std::borrow::Cow<'_, Array2<f64>> {
        real_array(&self.0).unwrap_or_else(|| std::borrow::Cow::Owned(Array2::zeros((0, 0))))
    }
}

fn times_rule(ends: Ends, a: Kept, b: Kept) -> Backward {
    Arc::new(move |g, out| ends.push(out, || g * &*b.arr(), || g * &*a.arr()))
}

fn divide_rule(ends: Ends, b: Kept, y: Kept) -> Backward {
    Arc::new(move |g, out| {
        let b = b.arr();
        ends.push(out, || g / &*b, || -(g * &*y.arr()) / &*b);
    })
}

fn power_rule(ends: Ends, a: Kept, b: Kept, y: Kept) -> Backward {
    Arc::new(move |g, out| {
        let dim = g.dim();
        let (a, b, y) = (a.arr(), b.arr(), y.arr());
        let (ab, bb) = (broadcast(&a, dim), broadcast(&b, dim));
        ends.push(
            out,
            || {
                Zip::from(g).and(&ab).and(&bb).map_collect(|&g, &a, &b| {
                    if b == 0.0 {
                        0.0
                    } else {
                        g * b * a.powf(b - 1.0)
                    }
                })
            },
            || {
                Zip::from(g)
                    .and(&*y)
                    .and(&ab)
                    .map_collect(|&g, &y, &a| g * y * a.ln())
            },
        );
    })
}

/// `a` repeated to `dim` (its shape broadcasts, as the forward operator checked).
fn broadcast(a: &Array2<f64>, dim: (usize, usize)) -> ndarray::ArrayView2<'_, f64> {
    a.broadcast(dim).unwrap_or_else(|| a.view())
}

fn product_rule(ends: Ends, a: Kept, b: Kept) -> Backward {
    Arc::new(move |g, out| ends.push(out, || g.dot(&b.arr().t()), || a.arr().t().dot(g)))
}

/// `-a` of a tracked value.
pub(super) fn negate(tape: &mut Tape, a: &Value) -> LangResult<Value> {
    let y = ops::negate(a.plain())?;
    let Some(n) = tape.node_of(a) else {
        return Ok(y);
    };
    real_or_error(a, "unary '-'")?;
    Ok(tape.record(y, Arc::new(move |g, out| out.push((n, -g)))))
}

/// `a'` or `a.'` of a tracked value: the adjoint is transposed back.
pub(super) fn transpose(tape: &mut Tape, a: &Value, conjugate: bool) -> LangResult<Value> {
    let y = ops::transpose(a.plain(), conjugate)?;
    let Some(n) = tape.node_of(a) else {
        return Ok(y);
    };
    real_or_error(a, "transpose")?;
    let rule: Backward = Arc::new(move |g, out| out.push((n, g.t().to_owned())));
    Ok(tape.record(y, rule))
}
