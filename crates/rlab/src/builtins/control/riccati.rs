//! Optimal control: the algebraic Riccati equations (`care` by the Hamiltonian's stable
//! eigenvectors, `dare` by value iteration) and the regulator `lqr(sys, Q, R)`.

use super::dense::{self, CMat};
use super::ss::as_ss;
use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{C64, Value};
use ndarray::{Array2, s};

/// Iterations and tolerance of `dare`'s value iteration.
const DARE_ITERATIONS: usize = 1000;
const DARE_TOLERANCE: f64 = 1e-12;

/// A square weight: a Matrix, or a Scalar as 1×1 (`NAME: Q must be 2×2, got 3×3`).
fn weight(name: &str, what: &str, v: &Value, n: usize) -> LangResult<CMat> {
    let m = dense::operand(name, what, v, true)?;
    if m.dim() != (n, n) {
        return Err(LangError::type_error(format!(
            "{name}: {what} must be {n}×{n}, got {}×{}",
            m.nrows(),
            m.ncols()
        )));
    }
    dense::require_finite(name, what, &m)?;
    Ok(m)
}

/// A, B of a Riccati problem from the first two arguments (a Vector B is a column).
fn plant(name: &str, args: &Args) -> LangResult<(CMat, CMat)> {
    let a = dense::operand(name, "A", args.value(0)?, true)?;
    let b = dense::operand(name, "B", args.value(1)?, true)?;
    check_plant(name, &a, &b)?;
    Ok((a, b))
}

fn check_plant(name: &str, a: &CMat, b: &CMat) -> LangResult<()> {
    let n = a.nrows();
    if a.ncols() != n {
        return Err(LangError::type_error(format!("{name}: A must be square")));
    }
    if b.nrows() != n {
        return Err(LangError::type_error(format!(
            "{name}: B has {} rows but A is {n}×{n}",
            b.nrows()
        )));
    }
    dense::require_finite(name, "A", a)?;
    dense::require_finite(name, "B", b)
}

/// The real symmetric part of a (numerically Hermitian) solution.
fn symmetric_real(p: &CMat) -> CMat {
    let n = p.nrows();
    Array2::from_shape_fn((n, n), |(i, j)| {
        C64::new(((p[[i, j]] + p[[j, i]].conj()) / 2.0).re, 0.0)
    })
}

/// The stabilising solution of `A'P + PA − PBR⁻¹B'P + Q = 0`.
pub(super) fn solve_care(name: &str, a: &CMat, b: &CMat, q: &CMat, r: &CMat) -> LangResult<CMat> {
    let n = a.nrows();
    let r_inv =
        dense::inverse(r).ok_or_else(|| LangError::type_error(format!("{name}: R is singular")))?;
    let g = dense::mul(&dense::mul(b, &r_inv), &dense::adjoint(b));
    let mut ham: CMat = Array2::zeros((2 * n, 2 * n));
    ham.slice_mut(s![..n, ..n]).assign(a);
    ham.slice_mut(s![..n, n..]).assign(&g.mapv(|z| -z));
    ham.slice_mut(s![n.., ..n]).assign(&q.mapv(|z| -z));
    ham.slice_mut(s![n.., n..])
        .assign(&dense::adjoint(a).mapv(|z| -z));
    let (values, vectors) = dense::eigen(name, &ham, true)?;
    let vectors = vectors.unwrap_or_else(|| Array2::zeros((2 * n, 2 * n)));
    let mut stable: Vec<usize> = (0..values.len())
        .filter(|&k| values[k].re < -1e-10)
        .collect();
    if stable.len() < n {
        return Err(LangError::type_error(format!(
            "{name}: only {} stable eigenvalues (need {n}); system not stabilizable",
            stable.len()
        )));
    }
    stable.sort_by(|&x, &y| values[x].re.total_cmp(&values[y].re));
    let v = Array2::from_shape_fn((2 * n, n), |(i, j)| vectors[[i, stable[j]]]);
    let (v1, v2) = (
        v.slice(s![..n, ..]).to_owned(),
        v.slice(s![n.., ..]).to_owned(),
    );
    let v1_inv = dense::inverse(&v1)
        .ok_or_else(|| LangError::type_error(format!("{name}: eigenvector matrix singular")))?;
    Ok(symmetric_real(&dense::mul(&v2, &v1_inv)))
}

/// `care(A, B, Q, R)`.
pub(super) fn care(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(4, 4)?;
    let (a, b) = plant("care", &args)?;
    let q = weight("care", "Q", args.value(2)?, a.nrows())?;
    let r = weight("care", "R", args.value(3)?, b.ncols())?;
    Ok(dense::matrix_value(solve_care("care", &a, &b, &q, &r)?))
}

/// `dare(A, B, Q, R)`: `P = A'PA − A'PB (R + B'PB)⁻¹ B'PA + Q` by value iteration from Q.
pub(super) fn dare(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(4, 4)?;
    let (a, b) = plant("dare", &args)?;
    let q = weight("dare", "Q", args.value(2)?, a.nrows())?;
    let r = weight("dare", "R", args.value(3)?, b.ncols())?;
    let (at, bt) = (dense::adjoint(&a), dense::adjoint(&b));
    let mut p = q.clone();
    for _ in 0..DARE_ITERATIONS {
        let pb = dense::mul(&p, &b);
        let pa = dense::mul(&p, &a);
        let gain = dense::solve(&(&r + &dense::mul(&bt, &pb)), &dense::mul(&bt, &pa))
            .ok_or_else(|| LangError::type_error("dare: (R+B'PB) singular"))?;
        let next = dense::mul(&at, &pa) - dense::mul(&dense::mul(&at, &pb), &gain) + &q;
        let size = next.iter().map(|z| z.norm()).fold(1.0, f64::max);
        let change = dense::max_diff(&next, &p);
        p = next;
        if !change.is_finite() {
            return Err(LangError::runtime("dare: the iteration diverged"));
        }
        if change < DARE_TOLERANCE * size {
            break;
        }
    }
    Ok(dense::matrix_value(symmetric_real(&p)))
}

/// `[K, S, e] = lqr(sys, Q, R)`: gain `K = R⁻¹B'S`, Riccati solution S, closed-loop
/// eigenvalues e of `A − BK`.
pub(super) fn lqr(_: &mut Interp, args: Args) -> LangResult<Value> {
    if args.len() != 3 {
        return Err(LangError::type_error(
            "lqr: requires 3 arguments: lqr(sys, Q, R)",
        ));
    }
    let v = args.value(0)?;
    let sys = as_ss(v).ok_or_else(|| {
        LangError::type_error(format!(
            "lqr: first argument must be a state-space system, got {}",
            v.type_name()
        ))
    })?;
    let (a, b) = (&sys.a, &sys.b);
    let q = weight("lqr", "Q", args.value(1)?, a.nrows())?;
    let r = weight("lqr", "R", args.value(2)?, b.ncols())?;
    let p = solve_care("lqr", a, b, &q, &r)?;
    let k = dense::solve(&r, &dense::mul(&dense::adjoint(b), &p))
        .ok_or_else(|| LangError::type_error("lqr: R is singular"))?;
    let closed = a - &dense::mul(b, &k);
    let e = dense::eigenvalues("lqr", &closed)?;
    Ok(Value::tuple(vec![
        dense::matrix_value(k),
        dense::matrix_value(p),
        dense::vector_value(e),
    ]))
}
