//! Lyapunov equations and pole placement: `lyap` (Kronecker vectorisation), `gram`
//! (controllability and observability Gramians through `lyap`), `place` (Ackermann).

use super::dense::{self, CMat};
use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{C64, Value};
use ndarray::Array2;

/// X with `A X + X A' + Q = 0`: the n²×n² system `(I⊗A + conj(A)⊗I) vec X = −vec Q`.
pub(super) fn solve_lyap(a: &CMat, q: &CMat) -> LangResult<CMat> {
    let n = a.nrows();
    if a.ncols() != n {
        return Err(LangError::runtime(format!(
            "lyap: A must be square (got {n}×{})",
            a.ncols()
        )));
    }
    if q.dim() != (n, n) {
        return Err(LangError::runtime(format!(
            "lyap: Q must be {n}×{n} (got {}×{})",
            q.nrows(),
            q.ncols()
        )));
    }
    dense::require_finite("lyap", "A", a)?;
    dense::require_finite("lyap", "Q", q)?;
    let n2 = n * n;
    crate::limits::check_alloc(n2, n2, 16)?;
    let mut k: CMat = Array2::zeros((n2, n2));
    for i in 0..n {
        for j in 0..n {
            for m in 0..n {
                // Unknown X[r, c] sits at r*n + c. (AX)[i,m] takes A[i,j] X[j,m];
                // (XA')[i,m] takes X[i,j] conj(A[m,j]).
                k[[i * n + m, j * n + m]] += a[[i, j]];
                k[[i * n + m, i * n + j]] += a[[m, j]].conj();
            }
        }
    }
    let rhs = Array2::from_shape_fn((n2, 1), |(r, _)| -q[[r / n, r % n]]);
    let x = dense::solve(&k, &rhs).ok_or_else(|| {
        LangError::runtime("lyap: coefficient matrix singular; system may be unstable")
    })?;
    Ok(Array2::from_shape_fn((n, n), |(i, j)| x[[i * n + j, 0]]))
}

/// `lyap(A, Q)`.
pub(super) fn lyap(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    let a = dense::operand("lyap", "A", args.value(0)?, true)?;
    let q = dense::operand("lyap", "Q", args.value(1)?, true)?;
    Ok(dense::matrix_value(solve_lyap(&a, &q)?))
}

/// `gram(A, B, "c")`: `A W + W A' + B B' = 0`; `gram(A, C, "o")`: `A' W + W A + C' C = 0`.
pub(super) fn gram(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(3, 3)?;
    let a = dense::operand("gram", "A", args.value(0)?, true)?;
    let kind = args.str(2)?;
    let n = a.nrows();
    let w = match kind {
        "c" => {
            let b = dense::operand("gram", "B", args.value(1)?, true)?;
            check_rows("B", &b, n)?;
            solve_lyap(&a, &dense::mul(&b, &dense::adjoint(&b)))?
        }
        "o" => {
            let mut c = dense::operand("gram", "C", args.value(1)?, false)?;
            if c.nrows() == n && c.ncols() != n {
                // A column of n entries is the single output row.
                c = dense::adjoint(&c);
            }
            if c.ncols() != n {
                return Err(LangError::runtime(format!(
                    "gram: C has {} columns but A is {n}×{n}",
                    c.ncols()
                )));
            }
            solve_lyap(&dense::adjoint(&a), &dense::mul(&dense::adjoint(&c), &c))?
        }
        other => {
            return Err(LangError::type_error(format!(
                "gram: type must be \"c\" or \"o\", got {other:?}"
            )));
        }
    };
    Ok(dense::matrix_value(w))
}

fn check_rows(what: &str, m: &CMat, n: usize) -> LangResult<()> {
    if m.nrows() == n {
        Ok(())
    } else {
        Err(LangError::runtime(format!(
            "gram: {what} has {} rows but A is {n}×{n}",
            m.nrows()
        )))
    }
}

/// `place(A, B, poles)`: K with `eig(A − B K) = poles` by Ackermann's formula
/// `K = [0 … 0 1] ctrb(A, B)⁻¹ p(A)` (single input).
pub(super) fn place(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(3, 3)?;
    let a = dense::operand("place", "A", args.value(0)?, true)?;
    let b = dense::operand("place", "B", args.value(1)?, true)?;
    let poles = dense::operand("place", "poles", args.value(2)?, false)?;
    let n = a.nrows();
    if a.ncols() != n {
        return Err(LangError::type_error("place: A must be square"));
    }
    if b.ncols() != 1 {
        return Err(LangError::type_error(format!(
            "place: only SISO supported (B must be n×1, got n×{})",
            b.ncols()
        )));
    }
    if b.nrows() != n {
        return Err(LangError::type_error(format!(
            "place: B rows={} but A is {n}×{n}",
            b.nrows()
        )));
    }
    if poles.len() != n {
        return Err(LangError::type_error(format!(
            "place: {} poles but A is {n}×{n}",
            poles.len()
        )));
    }
    dense::require_finite("place", "A", &a)?;
    dense::require_finite("place", "B", &b)?;
    let mut blocks = vec![b];
    for k in 1..n {
        let next = dense::mul(&a, &blocks[k - 1]);
        blocks.push(next);
    }
    let ctrb = Array2::from_shape_fn((n, n), |(i, j)| blocks[j][[i, 0]]);
    let p_of_a = characteristic_at(&a, &monic_from_roots(poles.iter().copied()));
    let x = dense::solve(&ctrb, &p_of_a)
        .ok_or_else(|| LangError::type_error("place: not controllable: ctrb(A, B) is singular"))?;
    Ok(dense::vector_value(x.row(n.saturating_sub(1)).to_vec()))
}

/// The monic polynomial (descending) with the given roots; real when the roots come in
/// conjugate pairs (imaginary residue below 1e-9 of the coefficient size is dropped).
fn monic_from_roots(roots: impl Iterator<Item = C64>) -> Vec<C64> {
    let mut p = vec![C64::new(1.0, 0.0)];
    for r in roots {
        let mut next = vec![C64::new(0.0, 0.0); p.len() + 1];
        for (k, &c) in p.iter().enumerate() {
            next[k] += c;
            next[k + 1] -= r * c;
        }
        p = next;
    }
    let size = p.iter().map(|c| c.norm()).fold(1.0, f64::max);
    if p.iter().all(|c| c.im.abs() <= 1e-9 * size) {
        p.iter_mut().for_each(|c| c.im = 0.0);
    }
    p
}

/// `p(A)` for a descending polynomial of degree n (Horner).
fn characteristic_at(a: &CMat, p: &[C64]) -> CMat {
    let n = a.nrows();
    let mut out = dense::identity(n);
    for &c in &p[1..] {
        out = dense::mul(&out, a) + &dense::identity(n).mapv(|z| z * c);
    }
    out
}
