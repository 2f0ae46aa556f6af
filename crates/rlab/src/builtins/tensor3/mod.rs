//! Builtins: rank-3 arrays (rustlab's Rank-3 Tensors section). Construction is here
//! (`zeros3`, `ones3`, `rand3`, `randn3`); rearranging (`permute`, `squeeze`, `cat`) is in
//! [`layout`]; 3-D grid calculus (`gradient3`, `divergence3`, `curl3`) in [`calculus`].
//! Shape queries (`size`, `ndims`, `numel`, `length`) and `reshape(A, m, n, p)` live with the
//! other shape builtins.
//!
//! The random constructors draw from the session's stream in rustlab's fill order: the
//! page index fastest, then the column, then the row (C order of `(m, n, p)`), so
//! `seed(42); randn3(1, 1, 3)` gives the same numbers as `seed(42); randn(3)`.

mod calculus;
mod layout;

use super::{Args, Builtin};
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::rng::Rng;
use crate::value::{C64, Tensor3, Value, tensor3};
use std::sync::Arc;

pub(crate) static TABLE: &[Builtin] = &[
    Builtin::new(
        "zeros3",
        zeros3,
        "zeros3(m, n, p) | zeros3([m, n, p]): m×n×p tensor of zeros",
    ),
    Builtin::new(
        "ones3",
        ones3,
        "ones3(m, n, p) | ones3([m, n, p]): m×n×p tensor of ones",
    ),
    Builtin::new(
        "rand3",
        rand3,
        "rand3(m, n, p) | rand3([m, n, p]): m×n×p tensor of uniform draws in [0, 1)",
    ),
    Builtin::new(
        "randn3",
        randn3,
        "randn3(m, n, p) | randn3([m, n, p]): m×n×p tensor of standard normal draws",
    ),
    Builtin::new(
        "permute",
        layout::permute,
        "permute(T, [d1, d2, d3]): T with its axes reordered",
    ),
    Builtin::new(
        "squeeze",
        layout::squeeze,
        "squeeze(T): T without its singleton axes (Matrix, Vector or number); other values unchanged",
    ),
    Builtin::new(
        "cat",
        layout::cat,
        "cat(1, A, ...) | cat(2, A, ...) | cat(3, A, ...): stack vertically, horizontally or as pages of a tensor",
    ),
    Builtin::new(
        "gradient3",
        calculus::gradient3,
        "gradient3(F) | gradient3(F, dx, dy, dz): [Fx, Fy, Fz] of a tensor on a uniform grid",
    ),
    Builtin::new(
        "divergence3",
        calculus::divergence3,
        "divergence3(Fx, Fy, Fz) | divergence3(Fx, Fy, Fz, dx, dy, dz): ∂Fx/∂x + ∂Fy/∂y + ∂Fz/∂z",
    ),
    Builtin::new(
        "curl3",
        calculus::curl3,
        "curl3(Fx, Fy, Fz) | curl3(Fx, Fy, Fz, dx, dy, dz): [Cx, Cy, Cz] = ∇×F",
    ),
];

/// `(m, n, p)` from three sizes or one 3-element Vector (the output of `size`), whose
/// entries are rounded as rustlab does.
fn requested_shape(args: &Args) -> LangResult<(usize, usize, usize)> {
    match args.len() {
        3 => Ok((args.size(0)?, args.size(1)?, args.size(2)?)),
        1 => match args.value(0)? {
            Value::Vector(a) if a.len() == 3 => {
                let dim = |k: usize| a.get_re(0, k).round().max(0.0) as usize;
                Ok((dim(0), dim(1), dim(2)))
            }
            _ => Err(LangError::type_error(format!(
                "{}: expected (m, n, p) or a 3-element vector",
                args.name
            ))),
        },
        n => Err(LangError::type_error(format!(
            "{}: expected 1 or 3 arguments, got {n}",
            args.name
        ))),
    }
}

fn filled(args: &Args, x: f64) -> LangResult<Value> {
    let (m, n, p) = requested_shape(args)?;
    tensor3::check_alloc(m, n, p)?;
    let mut t = Tensor3::zeros(m, n, p);
    t.data.fill(C64::new(x, 0.0));
    Ok(Value::Tensor3(Arc::new(t)))
}

fn zeros3(_: &mut Interp, args: Args) -> LangResult<Value> {
    filled(&args, 0.0)
}

fn ones3(_: &mut Interp, args: Args) -> LangResult<Value> {
    filled(&args, 1.0)
}

/// An m×n×p tensor of draws taken in C order (page index fastest).
fn draws(interp: &mut Interp, args: &Args, draw: fn(&mut Rng) -> f64) -> LangResult<Value> {
    let (m, n, p) = requested_shape(args)?;
    tensor3::check_alloc(m, n, p)?;
    let values = interp.rng.fill(m * n * p, draw);
    let t = Tensor3::from_fn(m, n, p, |i, j, k| {
        C64::new(values[(i * n + j) * p + k], 0.0)
    })?;
    Ok(Value::Tensor3(Arc::new(t)))
}

fn rand3(interp: &mut Interp, args: Args) -> LangResult<Value> {
    draws(interp, &args, Rng::uniform)
}

fn randn3(interp: &mut Interp, args: Args) -> LangResult<Value> {
    draws(interp, &args, Rng::normal)
}

/// The tensor of a value, or `NAME: WHAT must be a tensor3, got KIND`.
fn tensor_arg<'a>(args: &'a Args, i: usize, what: &str) -> LangResult<&'a Arc<Tensor3>> {
    match args.value(i)? {
        Value::Tensor3(t) => Ok(t),
        other => Err(LangError::type_error(format!(
            "{}: {what} must be a tensor3, got {}",
            args.name,
            other.type_name()
        ))),
    }
}

#[cfg(test)]
mod tests;
