//! `roots(p)`: the roots of a polynomial (coefficients highest power first) as the
//! eigenvalues of its companion matrix, found the way rustlab finds them so the order
//! matches: Householder reduction to upper Hessenberg form, then single-shift complex QR
//! sweeps (Givens rotations, Wilkinson shift) with deflation from the bottom; a 2×2 block
//! that splits off is solved by the quadratic formula. Roots come out in deflation order.

use crate::builtins::Args;
use crate::builtins::numeric::{complex_array, vector_elements};
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{C64, Value};
use ndarray::Array2;

/// QR sweeps allowed per eigenvalue before the bottom diagonal entry is taken as it is.
const SWEEPS_PER_EIGENVALUE: usize = 100;

/// The largest degree accepted (the QR iteration is O(n³) per eigenvalue).
const MAX_DEGREE: usize = 2000;

pub(super) fn roots(interp: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let coeffs = vector_elements("roots", args.value(0)?)?;
    let Some(first) = coeffs.iter().position(|c| c.norm() > 1e-15) else {
        return Ok(Value::row(Vec::new()));
    };
    let p = &coeffs[first..];
    if p.iter().any(|c| !(c.re.is_finite() && c.im.is_finite())) {
        return Err(LangError::runtime("roots: coefficients contain NaN or Inf"));
    }
    let degree = p.len() - 1;
    if degree > MAX_DEGREE {
        return Err(LangError::runtime(format!(
            "roots: degree {degree} exceeds the limit of {MAX_DEGREE}"
        )));
    }
    let found = match degree {
        0 => Vec::new(),
        1 => vec![-p[1] / p[0]],
        _ => {
            let mut h = companion(p);
            reduce_to_hessenberg(&mut h);
            hessenberg_eigenvalues(h, &mut || interp.check_time())?
        }
    };
    let n = found.len();
    Ok(Value::vector(complex_array(1, n, found)))
}

/// The Frobenius companion matrix: first row −p[1..]/p[0], ones below the diagonal.
fn companion(p: &[C64]) -> Array2<C64> {
    let n = p.len() - 1;
    let mut c = Array2::zeros((n, n));
    for j in 0..n {
        c[[0, j]] = -p[j + 1] / p[0];
    }
    for i in 1..n {
        c[[i, i - 1]] = C64::new(1.0, 0.0);
    }
    c
}

/// Householder similarity transforms that zero everything below the first subdiagonal.
fn reduce_to_hessenberg(h: &mut Array2<C64>) {
    let n = h.nrows();
    for k in 0..n.saturating_sub(2) {
        let mut v: Vec<C64> = (k + 1..n).map(|i| h[[i, k]]).collect();
        let length = v.iter().map(|z| z.norm_sqr()).sum::<f64>().sqrt();
        if length < 1e-15 {
            continue;
        }
        let phase = if v[0].norm() < 1e-15 {
            C64::new(1.0, 0.0)
        } else {
            v[0] / v[0].norm()
        };
        v[0] += phase * length;
        let v_length = v.iter().map(|z| z.norm_sqr()).sum::<f64>().sqrt();
        if v_length < 1e-15 {
            continue;
        }
        v.iter_mut().for_each(|z| *z /= v_length);
        reflect(h, &v, k);
    }
}

/// H ← (I − 2vv*) H (I − 2vv*), with v acting on rows/columns k+1.. .
fn reflect(h: &mut Array2<C64>, v: &[C64], k: usize) {
    let n = h.nrows();
    for j in k..n {
        let dot: C64 = v
            .iter()
            .enumerate()
            .map(|(i, vi)| vi.conj() * h[[k + 1 + i, j]])
            .sum();
        for (i, vi) in v.iter().enumerate() {
            h[[k + 1 + i, j]] -= 2.0 * vi * dot;
        }
    }
    for i in 0..n {
        let dot: C64 = v
            .iter()
            .enumerate()
            .map(|(j, vj)| h[[i, k + 1 + j]] * vj)
            .sum();
        for (j, vj) in v.iter().enumerate() {
            h[[i, k + 1 + j]] -= 2.0 * dot * vj.conj();
        }
    }
}

/// The eigenvalues of the 2×2 block [a b; c d]: (tr ± √(tr² − 4·det)) / 2.
fn block_eigenvalues(a: C64, b: C64, c: C64, d: C64) -> [C64; 2] {
    let trace = a + d;
    let det = a * d - b * c;
    let disc = (trace * trace - 4.0 * det).sqrt();
    [(trace + disc) / 2.0, (trace - disc) / 2.0]
}

/// The eigenvalues of an upper Hessenberg matrix, in the order they deflate.
fn hessenberg_eigenvalues(
    mut h: Array2<C64>,
    check_time: &mut dyn FnMut() -> LangResult<()>,
) -> LangResult<Vec<C64>> {
    let mut found = Vec::with_capacity(h.nrows());
    let mut p = h.nrows();
    while p > 0 {
        check_time()?;
        if p <= 2 {
            if p == 1 {
                found.push(h[[0, 0]]);
            } else {
                found.extend(block_eigenvalues(
                    h[[0, 0]],
                    h[[0, 1]],
                    h[[1, 0]],
                    h[[1, 1]],
                ));
            }
            break;
        }
        p -= deflate(&mut h, p, &mut found);
    }
    Ok(found)
}

/// Sweep the active p×p block until its bottom 1×1 or 2×2 block splits off; push those
/// eigenvalues and return how many were found.
fn deflate(h: &mut Array2<C64>, p: usize, found: &mut Vec<C64>) -> usize {
    let q = p - 1;
    for _ in 0..SWEEPS_PER_EIGENVALUE {
        match lowest_split(h, p) {
            Some(i) if i == q => {
                found.push(h[[q, q]]);
                return 1;
            }
            Some(i) if i + 1 == q => {
                let (a, b, c, d) = (h[[q - 1, q - 1]], h[[q - 1, q]], h[[q, q - 1]], h[[q, q]]);
                found.extend(block_eigenvalues(a, b, c, d));
                return 2;
            }
            _ => {}
        }
        qr_sweep(h, p);
    }
    found.push(h[[q, q]]);
    1
}

/// The lowest row i (scanning up from p−1) whose subdiagonal entry is negligible next to its
/// diagonal neighbours; that entry is set to zero.
fn lowest_split(h: &mut Array2<C64>, p: usize) -> Option<usize> {
    for i in (1..p).rev() {
        let tol = 1e-12 * (h[[i - 1, i - 1]].norm() + h[[i, i]].norm());
        if h[[i, i - 1]].norm() <= tol {
            h[[i, i - 1]] = C64::new(0.0, 0.0);
            return Some(i);
        }
    }
    None
}

/// One shifted QR step on the leading p×p block, by Givens rotations chasing the bulge.
fn qr_sweep(h: &mut Array2<C64>, p: usize) {
    let q = p - 1;
    let [e1, e2] = block_eigenvalues(h[[q - 1, q - 1]], h[[q - 1, q]], h[[q, q - 1]], h[[q, q]]);
    let d = h[[q, q]];
    let shift = if (e1 - d).norm() <= (e2 - d).norm() {
        e1
    } else {
        e2
    };
    let (mut x, mut y) = (h[[0, 0]] - shift, h[[1, 0]]);
    for k in 0..p - 1 {
        let r = (x.norm_sqr() + y.norm_sqr()).sqrt();
        if r < 1e-15 {
            continue;
        }
        let (c, s) = (x / r, y / r);
        for j in k.saturating_sub(1)..p {
            let (top, bottom) = (h[[k, j]], h[[k + 1, j]]);
            h[[k, j]] = c.conj() * top + s.conj() * bottom;
            h[[k + 1, j]] = -s * top + c * bottom;
        }
        for i in 0..(k + 3).min(p) {
            let (left, right) = (h[[i, k]], h[[i, k + 1]]);
            h[[i, k]] = c * left + s * right;
            h[[i, k + 1]] = -s.conj() * left + c.conj() * right;
        }
        if k + 1 < q {
            x = h[[k + 1, k]];
            y = h[[k + 2, k]];
        }
    }
}
