//! The seed's library functions (spec §14.1), built in with the library's exact arithmetic:
//! `causal_mask` (−1.0e9 strictly above the diagonal, not −Inf) and the entropies in bits
//! (H = 0; for each p left to right, if p > 0 then H = H − p·log2(p); zeros and NaN skipped).
//! Complex data contributes its real parts.

use crate::lang::builtins::Args;
use crate::lang::error::{LangError, LangResult};
use crate::lang::eval::Interp;
use crate::lang::limits;
use crate::lang::value::{NumArray, Value};

/// The value `causal_mask` puts above the diagonal.
const MASKED: f64 = -1.0e9;

pub(super) fn causal_mask(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let t = args.size(0)?;
    limits::check_real(t, t)?;
    let data = (0..t)
        .flat_map(|i| (0..t).map(move |j| if j > i { MASKED } else { 0.0 }))
        .collect();
    Ok(Value::matrix_rows(t, t, data))
}

/// The entropy in bits of `ps`, summed left to right.
pub(super) fn entropy_of(ps: impl Iterator<Item = f64>) -> f64 {
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

pub(super) fn row_entropies_bits(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let a = numbers("row_entropies_bits", args.value(0)?)?;
    let (rows, cols) = a.shape();
    let entropies = (0..rows)
        .map(|r| entropy_of((0..cols).map(|c| a.get_re(r, c))))
        .collect();
    Ok(Value::row(entropies))
}

pub(super) fn entropy_bits(_: &mut Interp, args: Args) -> LangResult<Value> {
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
