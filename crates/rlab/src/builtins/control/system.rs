//! Builtins that make and take apart transfer functions: `tf` (all four forms), `tfdata`,
//! `pole`, `zero`.

use super::convert;
use super::dense;
use super::poly;
use super::ss::{abcd, as_ss};
use super::tf::{TransferFn, as_tf, coefficients, tf_arg};
use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{C64, Value};

/// `tf("s")` | `tf(num, den)` | `tf(sys)` | `tf(A, B, C, D)`.
pub(super) fn tf(_: &mut Interp, args: Args) -> LangResult<Value> {
    match args.len() {
        1 => one_argument(args.value(0)?),
        2 => {
            let num = coefficients("tf", "numerator", args.value(0)?)?;
            let den = coefficients("tf", "denominator", args.value(1)?)?;
            if den.is_empty() {
                return Err(LangError::runtime("tf: denominator must be non-empty"));
            }
            if num.iter().chain(&den).any(|x| !x.is_finite()) {
                return Err(LangError::runtime("tf: coefficients must be finite"));
            }
            TransferFn::value(num, den)
        }
        4 => {
            let sys = abcd("tf", &args, 0)?;
            let g = convert::to_tf("tf", &sys)?;
            TransferFn::value(g.num, g.den)
        }
        n => Err(LangError::runtime(format!(
            "tf: expected 1, 2, or 4 arguments, got {n}"
        ))),
    }
}

fn one_argument(v: &Value) -> LangResult<Value> {
    if as_tf(v).is_some() {
        return Ok(v.clone());
    }
    if let Some(sys) = as_ss(v) {
        let g = convert::to_tf("tf", sys)?;
        return TransferFn::value(g.num, g.den);
    }
    match v {
        Value::Str(s) if s == "s" => TransferFn::value(vec![1.0, 0.0], vec![1.0]),
        Value::Str(s) => Err(LangError::runtime(format!(
            "tf: single-argument form expects \"s\", a tf, or a state-space; got string \"{s}\""
        ))),
        other => Err(LangError::type_error(format!(
            "expected string, got {}",
            other.type_name()
        ))),
    }
}

fn real_vector(p: &[f64]) -> Value {
    Value::row(p.to_vec())
}

/// `[num, den] = tfdata(G)`.
pub(super) fn tfdata(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let g = tf_arg("tfdata", args.value(0)?)?;
    Ok(Value::tuple(vec![real_vector(&g.num), real_vector(&g.den)]))
}

/// `pole(G)`: roots of the denominator.
pub(super) fn pole(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let g = tf_arg("pole", args.value(0)?)?;
    roots_value("pole", &g.den)
}

/// `zero(G)`: roots of the numerator.
pub(super) fn zero(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let g = tf_arg("zero", args.value(0)?)?;
    roots_value("zero", &g.num)
}

fn roots_value(name: &str, p: &[f64]) -> LangResult<Value> {
    let roots: Vec<C64> = poly::roots(name, p)?;
    Ok(dense::vector_value(roots))
}
