//! Backward rules of `softmax` and `layernorm`, slice by slice (the slices the builtins
//! normalise: a whole Vector or 1-D Matrix, else the rows, or the columns with `dim` 1).
//! With g a slice of the adjoint, y of the output, x of the input and n its length:
//!
//! * softmax: dx = y.*(g − Σ g.*y);
//! * layernorm: σ = √(var(x) + eps) (var with 1/n), dx = (g − mean(g) − y·mean(g.*y)) / σ.

use super::tape::{Backward, Grad};
use crate::error::{LangError, LangResult};
use crate::value::Value;
use ndarray::{ArrayViewMut1, Axis};
use std::sync::Arc;

/// The builtin's default eps (`layernorm(x)`).
const DEFAULT_EPS: f64 = 1e-5;

#[derive(Clone, Copy, Debug)]
pub(super) enum Which {
    Softmax,
    Layernorm,
}

/// Which slices were normalised.
#[derive(Clone, Copy, Debug)]
enum Along {
    Whole,
    Rows,
    Columns,
}

/// The rule for `y = softmax(args…)` or `layernorm(args…)` (`args` plain). A Scalar or
/// one-element input gives a constant (1 or 0) and the formulas give it a zero adjoint.
pub(super) fn rule(
    which: Which,
    node: Option<usize>,
    args: &[Value],
    x: Grad,
    y: Grad,
) -> LangResult<Backward> {
    let (along, eps) = slicing(which, args)?;
    Ok(Arc::new(move |g, out| {
        let Some(n) = node else { return };
        let mut dx = g.clone();
        for_each_slice(&mut dx, &x, &y, along, |d, x, y| match which {
            Which::Softmax => softmax_slice(d, y),
            Which::Layernorm => layernorm_slice(d, x, y, eps),
        });
        out.push((n, dx));
    }))
}

/// The slicing and eps the builtin used for these arguments.
fn slicing(which: Which, args: &[Value]) -> LangResult<(Along, f64)> {
    let grid = matches!(args.first(), Some(Value::Matrix(a)) if a.rows() > 1 && a.cols() > 1);
    let number = |i: usize| args.get(i).map(|v| v.to_f64()).transpose();
    if !grid {
        let eps = match which {
            Which::Layernorm => number(1)?.unwrap_or(DEFAULT_EPS),
            Which::Softmax => DEFAULT_EPS,
        };
        return Ok((Along::Whole, eps));
    }
    let along = match number(1)? {
        Some(1.0) => Along::Columns,
        Some(2.0) | None => Along::Rows,
        Some(_) => return Err(LangError::runtime("grad: dim must be 1 or 2")),
    };
    Ok((along, number(2)?.unwrap_or(DEFAULT_EPS)))
}

/// Apply `f(adjoint slice, x slice, y slice)` to every slice, in place on `d`.
fn for_each_slice(
    d: &mut Grad,
    x: &Grad,
    y: &Grad,
    along: Along,
    f: impl Fn(ArrayViewMut1<'_, f64>, &[f64], &[f64]),
) {
    let axis = match along {
        Along::Whole => {
            let (xs, ys): (Vec<f64>, Vec<f64>) =
                (x.iter().copied().collect(), y.iter().copied().collect());
            let mut flat: Vec<f64> = d.iter().copied().collect();
            f(ArrayViewMut1::from(&mut flat[..]), &xs, &ys);
            d.iter_mut().zip(flat).for_each(|(dst, v)| *dst = v);
            return;
        }
        Along::Rows => Axis(0),
        Along::Columns => Axis(1),
    };
    for (k, lane) in d.axis_iter_mut(axis).enumerate() {
        let xs: Vec<f64> = x.index_axis(axis, k).iter().copied().collect();
        let ys: Vec<f64> = y.index_axis(axis, k).iter().copied().collect();
        f(lane, &xs, &ys);
    }
}

/// dx = y.*(g − Σ g.*y), in place on the adjoint slice `d`.
fn softmax_slice(mut d: ArrayViewMut1<'_, f64>, y: &[f64]) {
    let dot: f64 = d.iter().zip(y).map(|(g, y)| g * y).sum();
    d.iter_mut().zip(y).for_each(|(g, y)| *g = y * (*g - dot));
}

/// dx = (g − mean(g) − y·mean(g.*y)) / σ, in place on the adjoint slice `d`.
fn layernorm_slice(mut d: ArrayViewMut1<'_, f64>, x: &[f64], y: &[f64], eps: f64) {
    let n = x.len() as f64;
    let mean = x.iter().sum::<f64>() / n;
    let var = x.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / n;
    let sigma = (var + eps).sqrt();
    let mean_g = d.iter().sum::<f64>() / n;
    let mean_gy = d.iter().zip(y).map(|(g, y)| g * y).sum::<f64>() / n;
    d.iter_mut()
        .zip(y)
        .for_each(|(g, y)| *g = (*g - mean_g - y * mean_gy) / sigma);
}
