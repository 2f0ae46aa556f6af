//! `softmax` and `layernorm` (spec §10.6): a Vector or 1-D-shaped Matrix is one slice (shape
//! kept, any `dim` rejected); an R×C Matrix is normalised row by row (`dim` 2, the default)
//! or column by column (`dim` 1); a Scalar gives 1 (softmax) or 0 (layernorm).
//!
//! softmax works on real parts: m = max (folding from −∞), e_k = exp(x_k − m), total = Σ e_k
//! left to right from 0, result e_k / total. layernorm keeps complex data complex:
//! μ = (Σ x)/n, σ² = Σ |x − μ|² / n, y = (x − μ) / √(σ² + eps).

use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{C64, NumArray, Value};
use ndarray::Array2;

const DEFAULT_EPS: f64 = 1e-5;

/// How a normalising builtin sees its first argument.
enum Shape<'a> {
    Scalar,
    Vector(&'a NumArray),
    /// A Matrix with one row or one column.
    OneD(&'a NumArray),
    /// A Matrix with at least two rows and two columns.
    Grid(&'a NumArray),
}

/// Which slices of an array are normalised independently.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Along {
    Whole,
    Rows,
    Columns,
}

fn classify<'a>(name: &str, v: &'a Value) -> LangResult<Shape<'a>> {
    match v {
        Value::Scalar(_) => Ok(Shape::Scalar),
        Value::Vector(a) if !a.is_empty() => Ok(Shape::Vector(a)),
        Value::Matrix(a) if a.is_empty() => Err(LangError::type_error(format!(
            "{name}: matrix must be non-empty"
        ))),
        Value::Matrix(a) if a.rows() == 1 || a.cols() == 1 => Ok(Shape::OneD(a)),
        Value::Matrix(a) => Ok(Shape::Grid(a)),
        other => Err(LangError::type_error(format!(
            "{name}: argument must be a non-empty vector, matrix, or scalar (got {})",
            other.type_name()
        ))),
    }
}

/// Argument `i` as a dimension: 1 (columns) or 2 (rows); rows when absent.
fn dim_arg(args: &Args, i: usize) -> LangResult<Along> {
    if args.len() <= i {
        return Ok(Along::Rows);
    }
    let d = args.f64(i)?;
    if d == 1.0 {
        Ok(Along::Columns)
    } else if d == 2.0 {
        Ok(Along::Rows)
    } else {
        Err(LangError::type_error(format!(
            "{}: dim must be 1 or 2, got {}",
            args.name,
            crate::display::scalar(d)
        )))
    }
}

/// Fail with `message` when more than `max` arguments were given.
fn at_most(args: &Args, max: usize, message: &str) -> LangResult<()> {
    if args.len() > max {
        return Err(LangError::type_error(message));
    }
    Ok(())
}

/// Apply `f` to each slice of `a` chosen by `along`, in place on a copy.
fn apply<T: Copy>(a: &Array2<T>, along: Along, f: impl Fn(&mut [T])) -> Array2<T> {
    let mut out = a.clone();
    match along {
        Along::Whole => {
            let mut all: Vec<T> = out.iter().copied().collect();
            f(&mut all);
            out.iter_mut().zip(all).for_each(|(dst, x)| *dst = x);
        }
        Along::Rows => out.rows_mut().into_iter().for_each(|mut row| {
            let mut slice: Vec<T> = row.to_vec();
            f(&mut slice);
            row.iter_mut().zip(slice).for_each(|(dst, x)| *dst = x);
        }),
        Along::Columns => out.columns_mut().into_iter().for_each(|mut col| {
            let mut slice: Vec<T> = col.to_vec();
            f(&mut slice);
            col.iter_mut().zip(slice).for_each(|(dst, x)| *dst = x);
        }),
    }
    out
}

/// Softmax of one slice of real numbers, in place.
pub(super) fn softmax_slice(xs: &mut [f64]) {
    let max = xs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut total = 0.0;
    for x in xs.iter_mut() {
        let e = exp_or_zero(*x - max);
        *x = e;
        total += e;
    }
    for x in xs.iter_mut() {
        *x /= total;
    }
}

pub(super) fn softmax(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 2)?;
    let run = |a: &NumArray, along| NumArray::Real(apply(&a.re(), along, softmax_slice));
    match classify("softmax", args.value(0)?)? {
        Shape::Scalar => {
            at_most(&args, 1, "softmax: scalar form takes one argument")?;
            Ok(Value::Scalar(1.0))
        }
        Shape::Vector(a) => {
            at_most(&args, 1, "softmax: vector form takes one argument")?;
            Ok(Value::vector(run(a, Along::Whole)))
        }
        Shape::OneD(a) => {
            at_most(&args, 1, "softmax: 1-D-shaped matrix takes one argument")?;
            Ok(Value::matrix(run(a, Along::Whole)))
        }
        Shape::Grid(a) => Ok(Value::matrix(run(a, dim_arg(&args, 1)?))),
    }
}

/// Layer normalisation of one slice of real numbers, in place.
fn layernorm_real(xs: &mut [f64], eps: f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().fold(0.0, |acc, x| acc + x) / n;
    let variance = xs.iter().fold(0.0, |acc, x| acc + (x - mean) * (x - mean)) / n;
    let std_dev = (variance + eps).sqrt();
    for x in xs.iter_mut() {
        *x = (*x - mean) / std_dev;
    }
}

/// Layer normalisation of one slice of complex numbers, in place.
fn layernorm_complex(xs: &mut [C64], eps: f64) {
    let n = xs.len() as f64;
    let total = xs.iter().fold(C64::new(0.0, 0.0), |acc, x| acc + x);
    let mean = C64::new(total.re / n, total.im / n);
    let variance = xs.iter().fold(0.0, |acc, x| acc + (x - mean).norm_sqr()) / n;
    let std_dev = (variance + eps).sqrt();
    for x in xs.iter_mut() {
        let d = *x - mean;
        *x = C64::new(d.re / std_dev, d.im / std_dev);
    }
}

fn layernorm_array(a: &NumArray, along: Along, eps: f64) -> NumArray {
    match a {
        NumArray::Real(m) => NumArray::Real(apply(m, along, |xs| layernorm_real(xs, eps))),
        NumArray::Complex(m) => NumArray::complex(apply(m, along, |xs| layernorm_complex(xs, eps))),
    }
}

/// Argument `i` as eps, or the default when absent.
fn eps_arg(args: &Args, i: usize) -> LangResult<f64> {
    if args.len() > i {
        args.f64(i)
    } else {
        Ok(DEFAULT_EPS)
    }
}

pub(super) fn layernorm(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 3)?;
    match classify("layernorm", args.value(0)?)? {
        Shape::Scalar => Ok(Value::Scalar(0.0)),
        Shape::Vector(a) => {
            at_most(
                &args,
                2,
                "layernorm: vector form takes at most 2 args (v[, eps])",
            )?;
            let eps = eps_arg(&args, 1)?;
            Ok(Value::vector(layernorm_array(a, Along::Whole, eps)))
        }
        Shape::OneD(a) => {
            let message = "layernorm: 1-D-shaped matrix takes at most 2 args (M[, eps])";
            at_most(&args, 2, message)?;
            let eps = eps_arg(&args, 1)?;
            Ok(Value::matrix(layernorm_array(a, Along::Whole, eps)))
        }
        Shape::Grid(a) => {
            let along = dim_arg(&args, 1)?;
            let eps = eps_arg(&args, 2)?;
            Ok(Value::matrix(layernorm_array(a, along, eps)))
        }
    }
}

/// `x.exp()`, with the arguments whose exponential is below the smallest subnormal (it rounds
/// to +0, e.g. a causal mask's -1e9) answered directly: the platform's `exp` takes a slow
/// path to report the underflow, and softmax over a masked matrix meets it for half the
/// entries. The result is the same +0.
fn exp_or_zero(x: f64) -> f64 {
    if x < -746.0 { 0.0 } else { x.exp() }
}

#[cfg(test)]
mod tests {
    #[test]
    fn exp_or_zero_is_exp_bit_for_bit() {
        let mut x = -800.0;
        while x < -700.0 {
            assert_eq!(super::exp_or_zero(x).to_bits(), x.exp().to_bits(), "at {x}");
            x += 0.01;
        }
        assert_eq!(super::exp_or_zero(-1e9).to_bits(), 0.0f64.to_bits());
    }
}
