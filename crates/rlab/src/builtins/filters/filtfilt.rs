//! Rational filtering: direct-form II transposed with initial conditions (as
//! `scipy.signal.lfilter(b, a, x, zi=…)`), the steady-state initial conditions of a step
//! (`lfilter_zi`), and `filtfilt` — rustlab's convention, Octave's: an odd extension of
//! `3·(max(len(a), len(b)) − 1)` samples at each end, each pass started from the steady
//! state of its first sample (`scipy.signal.filtfilt` with that `padlen`).

use super::signal;
use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::Value;

/// `b` and `a` divided by `a[0]` and zero-padded to one length `n`.
pub(crate) fn normalize(b: &[f64], a: &[f64]) -> Option<(Vec<f64>, Vec<f64>)> {
    let a0 = *a.first()?;
    if a0 == 0.0 || b.is_empty() {
        return None;
    }
    let n = a.len().max(b.len());
    let pad = |v: &[f64]| {
        let mut out: Vec<f64> = v.iter().map(|x| x / a0).collect();
        out.resize(n, 0.0);
        out
    };
    Some((pad(b), pad(a)))
}

/// Filter `x` through normalized `(b, a)` of one length `n`, from (and updating) the
/// `n - 1` delays `z`.
pub(crate) fn lfilter(b: &[f64], a: &[f64], x: &[f64], z: &mut [f64]) -> Vec<f64> {
    let m = z.len();
    x.iter()
        .map(|&xi| {
            let y = b[0] * xi + z.first().copied().unwrap_or(0.0);
            for k in 0..m {
                let next = if k + 1 < m { z[k + 1] } else { 0.0 };
                z[k] = b[k + 1] * xi - a[k + 1] * y + next;
            }
            y
        })
        .collect()
}

/// The delays of the steady state of a unit step (`scipy.signal.lfilter_zi`): the solution
/// of `(I − Aᵀ) z = b[1..] − a[1..]·b[0]`, `A` the companion matrix of `a`. `None` when
/// singular (a pole at z = 1).
pub(crate) fn lfilter_zi(b: &[f64], a: &[f64]) -> Option<Vec<f64>> {
    let m = a.len().saturating_sub(1);
    // (I - A^T): A's first row is -a[1..]; its subdiagonal is ones. A^T has -a[1..] as its
    // first column and ones on the superdiagonal.
    let mut mat = vec![vec![0.0; m]; m];
    for (i, row) in mat.iter_mut().enumerate() {
        row[i] = 1.0;
        row[0] += a[i + 1];
        if i + 1 < m {
            row[i + 1] -= 1.0;
        }
    }
    let rhs: Vec<f64> = (0..m).map(|i| b[i + 1] - a[i + 1] * b[0]).collect();
    solve(mat, rhs)
}

/// Gaussian elimination with partial pivoting.
fn solve(mut m: Vec<Vec<f64>>, mut r: Vec<f64>) -> Option<Vec<f64>> {
    let n = r.len();
    for col in 0..n {
        let piv = (col..n).max_by(|&i, &j| m[i][col].abs().total_cmp(&m[j][col].abs()))?;
        if m[piv][col].abs() < 1e-300 || !m[piv][col].is_finite() {
            return None;
        }
        m.swap(col, piv);
        r.swap(col, piv);
        let (top, rest) = m.split_at_mut(col + 1);
        let pivot_row = &top[col];
        for (offset, row) in rest.iter_mut().enumerate() {
            let f = row[col] / pivot_row[col];
            for (x, p) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                *x -= f * p;
            }
            r[col + 1 + offset] -= f * r[col];
        }
    }
    let mut x = vec![0.0; n];
    for i in (0..n).rev() {
        let s: f64 = (i + 1..n).map(|k| m[i][k] * x[k]).sum();
        x[i] = (r[i] - s) / m[i][i];
    }
    Some(x)
}

/// Zero-phase filtering of `x` by normalized `(b, a)`; `x` must be longer than the padding.
pub(crate) fn zero_phase(b: &[f64], a: &[f64], x: &[f64]) -> Vec<f64> {
    let n = x.len();
    let pad = 3 * (b.len() - 1);
    let (first, last) = (x[0], x[n - 1]);
    let mut ext: Vec<f64> = (0..pad).map(|i| 2.0 * first - x[pad - i]).collect();
    ext.extend_from_slice(x);
    ext.extend((0..pad).map(|i| 2.0 * last - x[n - 2 - i]));
    // A pole at z = 1 has no steady state: start from rest.
    let zi = lfilter_zi(b, a).unwrap_or_else(|| vec![0.0; b.len() - 1]);
    let mut z: Vec<f64> = zi.iter().map(|v| v * ext[0]).collect();
    let mut y = lfilter(b, a, &ext, &mut z);
    y.reverse();
    let mut z: Vec<f64> = zi.iter().map(|v| v * y[0]).collect();
    let mut y = lfilter(b, a, &y, &mut z);
    y.reverse();
    y[pad..pad + n].to_vec()
}

/// `filtfilt(b, a, x)`: the real parts of `x` filtered forward and backward; the result
/// has the shape of `x`.
pub(super) fn filtfilt(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(3, 3)?;
    let b = signal::real(&args, 0, "b")?;
    let a = signal::real(&args, 1, "a")?;
    let x: Vec<f64> = signal::numbers(&args, 2, "x")?
        .iter()
        .map(|z| z.re)
        .collect();
    let x = signal::finite(&args, "x", x)?;
    if b.is_empty() || a.is_empty() {
        return Err(LangError::runtime(
            "filtfilt: b and a must be non-empty vectors",
        ));
    }
    let (b, a) =
        normalize(&b, &a).ok_or_else(|| LangError::runtime("filtfilt: a(1) must be non-zero"))?;
    let pad = 3 * (b.len() - 1);
    if !x.is_empty() && x.len() <= pad {
        return Err(LangError::runtime(format!(
            "filtfilt: the signal must be longer than 3*(max(length(a), length(b)) - 1) = {pad} samples, got {}",
            x.len()
        )));
    }
    let column = signal::is_column(&args, 2);
    if x.is_empty() {
        return Ok(signal::shaped(x, column));
    }
    Ok(signal::shaped(zero_phase(&b, &a, &x), column))
}
