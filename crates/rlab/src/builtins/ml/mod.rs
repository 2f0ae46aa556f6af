//! Builtins: the ML helpers of spec §10.6 and §14.1 — activations (`gelu`, `relu`,
//! `gelu_grad`), row-wise normalisations (`softmax`, `layernorm`, in [`normalize`]) and the
//! seed's library functions, built in with the library's exact arithmetic: `causal_mask`
//! (−1.0e9 strictly above the diagonal, not −Inf) and the entropies in bits (H = 0; for each
//! p left to right, if p > 0 then H = H − p·log2(p); zeros and NaN skipped; complex data
//! contributes its real parts). Every formula is evaluated in exactly the order the spec
//! gives, because the results are compared with rustlab's to 16-17 significant digits.

mod normalize;
#[cfg(test)]
mod tests;

use super::{Args, Builtin};
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::limits;
use crate::value::{NumArray, Value};

pub(crate) static TABLE: &[Builtin] = &[
    Builtin {
        name: "softmax",
        func: normalize::softmax,
        doc: "softmax(x) | softmax(M[, dim]): exp(x - max) / sum, row-wise for matrices (dim 1: columns)",
    },
    Builtin {
        name: "layernorm",
        func: normalize::layernorm,
        doc: "layernorm(v[, eps]) | layernorm(M[, dim[, eps]]): (x - mean) / sqrt(var + eps), row-wise for matrices",
    },
    Builtin {
        name: "gelu",
        func: gelu,
        doc: "gelu(x): tanh-approximated GELU 0.5*x*(1 + tanh(sqrt(2/pi)*(x + 0.044715*x^3))), elementwise",
    },
    Builtin {
        name: "relu",
        func: relu,
        doc: "relu(x): max(x, 0), elementwise",
    },
    Builtin {
        name: "gelu_grad",
        func: gelu_grad,
        doc: "gelu_grad(z): derivative of the tanh-approximated GELU, elementwise",
    },
    Builtin {
        name: "causal_mask",
        func: causal_mask,
        doc: "causal_mask(T): T×T matrix, 0 on and below the diagonal, -1e9 above",
    },
    Builtin {
        name: "row_entropies_bits",
        func: row_entropies_bits,
        doc: "row_entropies_bits(A): Vector of the entropy in bits of each row of A",
    },
    Builtin {
        name: "entropy_bits",
        func: entropy_bits,
        doc: "entropy_bits(p): entropy in bits of one probability vector",
    },
];

/// `sqrt(2/pi)`, computed the way the course writes it.
fn gelu_c() -> f64 {
    (2.0 / std::f64::consts::PI).sqrt()
}

/// 0.5·x·(1 + tanh(c·(x + 0.044715·x³))) with x³ = (x·x)·x.
fn gelu_scalar(x: f64) -> f64 {
    let cube = x * x * x;
    0.5 * x * (1.0 + (gelu_c() * (x + 0.044715 * cube)).tanh())
}

/// The derivative of [`gelu_scalar`] in the order of spec §14.1 (`.^` is real `powf`).
fn gelu_grad_scalar(z: f64) -> f64 {
    let c = gelu_c();
    let u = c * (z + 0.044715 * z.powf(3.0));
    let th = u.tanh();
    let du = c * (1.0 + 0.044715 * 3.0 * z.powf(2.0));
    let sech2 = 1.0 - th.powf(2.0);
    0.5 * (1.0 + th) + 0.5 * z * sech2 * du
}

fn relu_scalar(x: f64) -> f64 {
    x.max(0.0)
}

/// Apply `f` to the real part of every element, keeping the value's kind and shape
/// (imaginary parts are dropped).
fn map_real(name: &str, v: &Value, f: impl Fn(f64) -> f64 + Sync + Send) -> LangResult<Value> {
    let real_parts = |a: &NumArray| match a {
        NumArray::Real(_) => a.map(&f, |z| z),
        NumArray::Complex(z) => NumArray::Real(z.mapv(|z| f(z.re))),
    };
    match v {
        Value::Scalar(x) => Ok(Value::Scalar(f(*x))),
        Value::Complex(z) => Ok(Value::Scalar(f(z.re))),
        Value::Vector(a) => Ok(Value::vector(real_parts(a))),
        Value::Matrix(a) => Ok(Value::matrix(real_parts(a))),
        other => Err(LangError::type_error(format!(
            "{name}: expected a numeric argument, got {}",
            other.type_name()
        ))),
    }
}

fn gelu(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    map_real("gelu", args.value(0)?, gelu_scalar)
}

fn relu(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    map_real("relu", args.value(0)?, relu_scalar)
}

fn gelu_grad(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    map_real("gelu_grad", args.value(0)?, gelu_grad_scalar)
}

/// The value `causal_mask` puts above the diagonal.
const MASKED: f64 = -1.0e9;

fn causal_mask(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let t = args.size(0)?;
    limits::check_real(t, t)?;
    let data = (0..t)
        .flat_map(|i| (0..t).map(move |j| if j > i { MASKED } else { 0.0 }))
        .collect();
    Ok(Value::matrix_rows(t, t, data))
}

/// The entropy in bits of `ps`, summed left to right.
fn entropy_of(ps: impl Iterator<Item = f64>) -> f64 {
    ps.fold(0.0, |h, p| if p > 0.0 { h - p * p.log2() } else { h })
}

/// The numbers of a numeric value as an array (a Scalar is 1×1).
fn numbers(name: &str, v: &Value) -> LangResult<NumArray> {
    match v {
        Value::Scalar(_) | Value::Complex(_) | Value::Vector(_) | Value::Matrix(_) => {
            Ok(v.to_num_array().unwrap_or_else(|| NumArray::zeros(0, 0)))
        }
        other => Err(LangError::type_error(format!(
            "{name}: expected a numeric array, got {}",
            other.type_name()
        ))),
    }
}

fn row_entropies_bits(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let a = numbers("row_entropies_bits", args.value(0)?)?;
    let (rows, cols) = a.shape();
    let entropies = (0..rows)
        .map(|r| entropy_of((0..cols).map(|c| a.get_re(r, c))))
        .collect();
    Ok(Value::row(entropies))
}

fn entropy_bits(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let a = numbers("entropy_bits", args.value(0)?)?;
    let (rows, cols) = a.shape();
    if rows > 1 && cols > 1 {
        return Err(LangError::runtime(format!(
            "entropy_bits: expected a vector, got a {rows}×{cols} matrix (use row_entropies_bits)"
        )));
    }
    Ok(Value::Scalar(entropy_of(a.iter_re())))
}
