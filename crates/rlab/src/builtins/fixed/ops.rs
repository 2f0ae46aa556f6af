//! Fixed-point arithmetic: `quantize` (any numeric value, shape kept), `qadd` and `qmul`
//! (element-wise, the exact result quantized once), `qconv` (a wide accumulator, each output
//! quantized) and `snr` (dB between a reference and its quantized version).

use super::format::{QFmt, fmt_arg};
use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{C64, Value};
use std::sync::Arc;

/// `quantize(x, fmt)`: the same kind and shape as `x`, every part on the grid.
pub(super) fn quantize(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    let q = fmt_arg(&args, 1)?;
    let part = |z: C64| C64::new(q.quantize(z.re), q.quantize(z.im));
    Ok(match args.value(0)?.plain() {
        Value::Scalar(x) => Value::Scalar(q.quantize(*x)),
        Value::Complex(z) => Value::number(part(*z)),
        Value::Vector(a) => Value::Vector(Arc::new(a.map(|x| q.quantize(x), part))),
        Value::Matrix(a) => Value::Matrix(Arc::new(a.map(|x| q.quantize(x), part))),
        other => {
            return Err(LangError::type_error(format!(
                "quantize: cannot quantize {}",
                other.type_name()
            )));
        }
    })
}

/// Argument `i` as real numbers: a scalar or a vector (row, column, or 1-D matrix).
fn real_numbers(args: &Args, i: usize) -> LangResult<Vec<f64>> {
    let v = args.value(i)?.plain();
    let a = match v {
        Value::Scalar(x) => return Ok(vec![*x]),
        Value::Vector(a) => a,
        Value::Matrix(a) if a.rows() <= 1 || a.cols() <= 1 => a,
        other => {
            return Err(LangError::type_error(format!(
                "{}: expected real scalar or vector, got {}",
                args.name,
                other.type_name()
            )));
        }
    };
    if !a.is_real() {
        return Err(LangError::type_error(format!(
            "{}: expected real values, got a complex {}",
            args.name,
            v.type_name()
        )));
    }
    Ok(a.to_re_vec())
}

/// `f(a[k], b[k])` for equal lengths, a scalar paired with every element otherwise.
fn zip_with(
    args: &Args,
    a: &[f64],
    b: &[f64],
    f: impl Fn(f64, f64) -> f64,
) -> LangResult<Vec<f64>> {
    match (a.len(), b.len()) {
        (n, m) if n == m => Ok(a.iter().zip(b).map(|(&x, &y)| f(x, y)).collect()),
        (1, _) => Ok(b.iter().map(|&y| f(a[0], y)).collect()),
        (_, 1) => Ok(a.iter().map(|&x| f(x, b[0])).collect()),
        (n, m) => Err(LangError::runtime(format!(
            "{}: length mismatch {n} vs {m}",
            args.name
        ))),
    }
}

/// A scalar when both inputs were scalars, else a row vector.
fn result(args: &Args, y: Vec<f64>) -> Value {
    let scalars = [0, 1]
        .iter()
        .all(|&i| matches!(args.get(i).map(Value::plain), Some(Value::Scalar(_))));
    match y.as_slice() {
        [x] if scalars => Value::Scalar(*x),
        _ => Value::row(y),
    }
}

fn binary(args: Args, f: impl Fn(f64, f64) -> f64) -> LangResult<Value> {
    args.arity(3, 3)?;
    let a = real_numbers(&args, 0)?;
    let b = real_numbers(&args, 1)?;
    let q: &QFmt = fmt_arg(&args, 2)?;
    let y = zip_with(&args, &a, &b, |x, y| q.quantize(f(x, y)))?;
    Ok(result(&args, y))
}

/// `qadd(a, b, fmt)`.
pub(super) fn qadd(_: &mut Interp, args: Args) -> LangResult<Value> {
    binary(args, |x, y| x + y)
}

/// `qmul(a, b, fmt)`: the full product, rounded once.
pub(super) fn qmul(_: &mut Interp, args: Args) -> LangResult<Value> {
    binary(args, |x, y| x * y)
}

/// The most output samples `qconv` makes (a bound on work and memory).
const MAX_CONV_WORK: usize = 400_000_000;

/// `qconv(x, h, fmt)`: length `len(x) + len(h) - 1` (empty if either is empty).
pub(super) fn qconv(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(3, 3)?;
    let x = real_numbers(&args, 0)?;
    let h = real_numbers(&args, 1)?;
    let q = fmt_arg(&args, 2)?;
    if x.is_empty() || h.is_empty() {
        return Ok(Value::row(vec![]));
    }
    if x.len().saturating_mul(h.len()) > MAX_CONV_WORK {
        return Err(LangError::limit(format!(
            "qconv: at most {MAX_CONV_WORK} multiply-adds are supported"
        )));
    }
    let mut y = vec![0.0; x.len() + h.len() - 1];
    for (i, &xi) in x.iter().enumerate() {
        for (yk, &hj) in y[i..].iter_mut().zip(&h) {
            *yk += xi * hj;
        }
    }
    Ok(Value::row(y.into_iter().map(|v| q.quantize(v)).collect()))
}

/// SNR in dB of `q` against `r`: `+Inf` when they are equal, `-Inf` when `r` is all zeros.
pub(crate) fn snr_db(r: &[f64], q: &[f64]) -> f64 {
    let signal: f64 = r.iter().map(|x| x * x).sum();
    let noise: f64 = r.iter().zip(q).map(|(a, b)| (a - b) * (a - b)).sum();
    if noise == 0.0 {
        f64::INFINITY
    } else if signal == 0.0 {
        f64::NEG_INFINITY
    } else {
        10.0 * (signal / noise).log10()
    }
}

/// `snr(x_ref, x_quantized)`.
pub(super) fn snr(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    let r = real_numbers(&args, 0)?;
    let q = real_numbers(&args, 1)?;
    if r.len() != q.len() {
        return Err(LangError::runtime(format!(
            "snr: length mismatch {} vs {}",
            r.len(),
            q.len()
        )));
    }
    Ok(Value::Scalar(snr_db(&r, &q)))
}
