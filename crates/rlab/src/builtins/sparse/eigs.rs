//! `eigs`: a few eigenpairs of a sparse matrix, the smallest (`"sm"`) or largest (`"lm"`)
//! in magnitude, for `A x = λ x` or (B Hermitian positive definite) `A x = λ B x`.
//!
//! Up to [`DENSE_UP_TO`] rows the problem is solved exactly by a dense decomposition (faer);
//! a larger Hermitian problem runs shift-invert Lanczos with full reorthogonalisation
//! (sparse LU of `A − σI`; σ = 0 for `"sm"`, just past both Gershgorin bounds for `"lm"`),
//! with Krylov dimension `min(rows, max(6n+10, 40))` as rustlab's. Eigenvalues
//! come ordered by magnitude (ascending for `"sm"`, descending for `"lm"`); each eigenvector
//! has unit norm (B-norm for the generalised problem) and its largest entry real positive.

use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::sparse::Sparse;
use crate::value::{C64, NumArray, Value};
use faer::{Mat, Side};
use ndarray::Array2;

/// Largest order solved by a dense decomposition.
const DENSE_UP_TO: usize = 1500;

type Pairs = (Vec<C64>, Vec<Vec<C64>>);

fn sparse_arg<'a>(v: &'a Value, what: &str) -> LangResult<&'a Sparse> {
    match v.plain() {
        Value::Sparse(s) if s.rows == s.cols && s.is_finite() => Ok(s),
        Value::Sparse(s) if s.rows != s.cols => Err(LangError::type_error(format!(
            "eigs: {what} must be square (got {})",
            s.dims()
        ))),
        Value::Sparse(_) => Err(LangError::runtime(format!(
            "eigs: {what} must not contain NaN or Inf"
        ))),
        other => Err(LangError::type_error(format!(
            "eigs: {what} must be sparse (call sparse({what}) first, or use eig for dense matrices), got {}",
            other.type_name()
        ))),
    }
}

/// `[V, D] = eigs(A, n [, which])` / `eigs(A, B, n [, which])`: V is a dense `rows × n`
/// Matrix of eigenvectors (column k for D(k)), D a Vector of n eigenvalues.
pub(super) fn eigs(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 4)?;
    let a = sparse_arg(args.value(0)?, "A")?;
    let generalized = matches!(args.value(1)?.plain(), Value::Sparse(_));
    let b = if generalized {
        Some(sparse_arg(args.value(1)?, "B")?)
    } else {
        None
    };
    let at = usize::from(generalized);
    let k = args.size(1 + at)?;
    let largest = match args.get(2 + at).map(Value::plain) {
        None => false,
        Some(Value::Str(s)) if s.eq_ignore_ascii_case("sm") => false,
        Some(Value::Str(s)) if s.eq_ignore_ascii_case("lm") => true,
        Some(other) => {
            return Err(LangError::type_error(format!(
                "eigs: which must be \"sm\" or \"lm\", got {}",
                crate::display::value(other)
            )));
        }
    };
    let n = a.rows;
    if k < 1 || k > n {
        return Err(LangError::runtime(format!(
            "eigs: number of eigenpairs must be between 1 and {n}, got {k}"
        )));
    }
    if let Some(b) = b
        && b.rows != n
    {
        return Err(LangError::type_error(format!(
            "eigs: A is {} but B is {}",
            a.dims(),
            b.dims()
        )));
    }
    let (vals, vecs) = match b {
        Some(b) => generalized_pairs(a, b)?,
        None if n <= DENSE_UP_TO => dense_pairs(a)?,
        None => lanczos_pairs(a, k, largest)?,
    };
    Ok(pack(select(vals, vecs, k, largest), n))
}

/// The dense copy of `s` as a faer matrix.
fn to_faer(s: &Sparse) -> LangResult<Mat<C64>> {
    crate::limits::check_alloc(s.rows, s.cols, std::mem::size_of::<C64>())?;
    let mut m = Mat::<C64>::zeros(s.rows, s.cols);
    for (&(r, c), &v) in &s.entries {
        m[(r, c)] = v;
    }
    Ok(m)
}

fn columns(u: faer::MatRef<'_, C64>) -> Vec<Vec<C64>> {
    (0..u.ncols())
        .map(|j| (0..u.nrows()).map(|i| u[(i, j)]).collect())
        .collect()
}

fn evd_failed<E: std::fmt::Debug>(e: E) -> LangError {
    LangError::runtime(format!("eigs: eigendecomposition failed ({e:?})"))
}

/// Every eigenpair of a dense copy (Hermitian or general).
fn dense_pairs(a: &Sparse) -> LangResult<Pairs> {
    let m = to_faer(a)?;
    dense_eig(&m, hermitian(a))
}

fn dense_eig(m: &Mat<C64>, hermitian: bool) -> LangResult<Pairs> {
    if hermitian {
        let e = m.self_adjoint_eigen(Side::Lower).map_err(evd_failed)?;
        let s = e.S().column_vector();
        let vals = (0..m.nrows()).map(|i| C64::new(s[i].re, 0.0)).collect();
        return Ok((vals, columns(e.U())));
    }
    let e = m.eigen().map_err(evd_failed)?;
    let s = e.S().column_vector();
    Ok(((0..m.nrows()).map(|i| s[i]).collect(), columns(e.U())))
}

fn hermitian(s: &Sparse) -> bool {
    let scale = s.entries.values().map(|z| z.norm()).fold(0.0, f64::max);
    s.entries
        .iter()
        .all(|(&(r, c), &v)| (s.get(c, r).conj() - v).norm() <= 1e-12 * scale)
}

/// `A x = λ B x` through `B = L Lᴴ`: the eigenpairs of `L⁻¹ A L⁻ᴴ`, mapped back by `L⁻ᴴ`.
fn generalized_pairs(a: &Sparse, b: &Sparse) -> LangResult<Pairs> {
    if a.rows > DENSE_UP_TO {
        return Err(LangError::runtime(format!(
            "eigs: the generalized problem is limited to {DENSE_UP_TO} rows"
        )));
    }
    let not_hpd = || LangError::runtime("eigs: B must be Hermitian positive definite");
    if !hermitian(b) {
        return Err(not_hpd());
    }
    let bm = to_faer(b)?;
    let llt = bm.llt(Side::Lower).map_err(|_| not_hpd())?;
    let l = llt.L();
    let n = a.rows;
    let am = to_faer(a)?;
    // C = L⁻¹ A L⁻ᴴ: solve L X = A, then L Y = Xᴴ (C = Yᴴ, Hermitian when A is).
    let x = tri_solve_lower(l, &am);
    let y = tri_solve_lower(l, &x.adjoint().to_owned());
    let c = y.adjoint().to_owned();
    let (vals, ys) = dense_eig(&c, hermitian(a))?;
    let lh = l.adjoint().to_owned();
    let vecs = ys
        .into_iter()
        .map(|y| {
            let col = Mat::from_fn(n, 1, |i, _| y[i]);
            let x = tri_solve_upper(&lh, &col);
            (0..n).map(|i| x[(i, 0)]).collect()
        })
        .collect();
    Ok((vals, vecs))
}

fn tri_solve_lower(l: faer::MatRef<'_, C64>, b: &Mat<C64>) -> Mat<C64> {
    let mut x = b.clone();
    faer::linalg::triangular_solve::solve_lower_triangular_in_place(l, x.as_mut(), faer::Par::Seq);
    x
}

fn tri_solve_upper(u: &Mat<C64>, b: &Mat<C64>) -> Mat<C64> {
    let mut x = b.clone();
    faer::linalg::triangular_solve::solve_upper_triangular_in_place(
        u.as_ref(),
        x.as_mut(),
        faer::Par::Seq,
    );
    x
}

fn dot(x: &[C64], y: &[C64]) -> C64 {
    x.iter().zip(y).map(|(a, b)| a.conj() * b).sum()
}

fn norm(x: &[C64]) -> f64 {
    x.iter().map(|z| z.norm_sqr()).sum::<f64>().sqrt()
}

/// Lanczos (full reorthogonalisation) with shift-invert, Hermitian A only: `"sm"` inverts
/// `A − σI` at σ = 0 (or a tiny shift when A is singular); `"lm"` inverts just beyond both
/// ends of the Gershgorin interval and keeps the pairs largest in magnitude.
fn lanczos_pairs(a: &Sparse, k: usize, largest: bool) -> LangResult<Pairs> {
    if !hermitian(a) {
        return Err(LangError::runtime(format!(
            "eigs: non-Hermitian matrices are limited to {DENSE_UP_TO} rows"
        )));
    }
    let radius = (0..a.rows)
        .map(|r| {
            a.entries
                .range((r, 0)..(r + 1, 0))
                .map(|(_, z)| z.norm())
                .sum::<f64>()
        })
        .fold(0.0, f64::max)
        .max(f64::MIN_POSITIVE);
    if !largest {
        return shift_invert(a, 0.0, k).or_else(|_| shift_invert(a, 1e-6 * radius, k));
    }
    let edge = 1.01 * radius;
    let (mut vals, mut vecs) = shift_invert(a, edge, k)?;
    let (lo_vals, lo_vecs) = shift_invert(a, -edge, k)?;
    vals.extend(lo_vals);
    vecs.extend(lo_vecs);
    Ok((vals, vecs))
}

/// The `k`-ish eigenpairs of A nearest `sigma`: Lanczos on `(A − σI)⁻¹`.
fn shift_invert(a: &Sparse, sigma: f64, k: usize) -> LangResult<Pairs> {
    let n = a.rows;
    let mut shifted = a.clone();
    for d in 0..n {
        shifted.accumulate(d, d, C64::new(-sigma, 0.0));
    }
    let op = super::solve::lu_operator(&shifted)
        .map_err(|e| LangError::runtime(format!("eigs: {e}")))?;
    let m = n.min((6 * k + 10).max(40));
    crate::limits::check_alloc(n, m, std::mem::size_of::<C64>())?;
    let mut q: Vec<Vec<C64>> = Vec::with_capacity(m);
    let start: Vec<C64> = (0..n)
        .map(|i| C64::new(1.0 + 0.5 * (0.7 * i as f64 + 1.3).sin(), 0.0))
        .collect();
    let s0 = norm(&start);
    q.push(start.iter().map(|z| z / s0).collect());
    let mut t = Mat::<C64>::zeros(m, m);
    for j in 0..m {
        let mut w = op(&q[j]);
        if w.iter().any(|z| !z.re.is_finite()) {
            return Err(LangError::runtime("eigs: shifted matrix is singular"));
        }
        t[(j, j)] = C64::new(dot(&q[j], &w).re, 0.0);
        for _ in 0..2 {
            for qi in &q {
                let h = dot(qi, &w);
                w.iter_mut().zip(qi).for_each(|(x, y)| *x -= h * y);
            }
        }
        let beta = norm(&w);
        if j + 1 == m || beta < 1e-12 {
            break;
        }
        t[(j + 1, j)] = C64::new(beta, 0.0);
        t[(j, j + 1)] = C64::new(beta, 0.0);
        q.push(w.iter().map(|z| z / beta).collect());
    }
    let (thetas, vecs) = ritz(&t, &q, q.len())?;
    let vals = thetas
        .iter()
        .map(|th| C64::new(sigma, 0.0) + C64::new(1.0, 0.0) / th)
        .collect();
    Ok((vals, vecs))
}

/// Ritz pairs of the leading `used × used` block.
fn ritz(t: &Mat<C64>, q: &[Vec<C64>], used: usize) -> LangResult<Pairs> {
    let tt = Mat::from_fn(used, used, |i, j| t[(i, j)]);
    let (thetas, ys) = dense_eig(&tt, true)?;
    let n = q.first().map_or(0, Vec::len);
    let vecs = ys
        .iter()
        .map(|y| {
            (0..n)
                .map(|i| (0..used).map(|j| q[j][i] * y[j]).sum())
                .collect()
        })
        .collect();
    Ok((thetas, vecs))
}

/// The `k` pairs smallest (or largest) in magnitude, ordered by magnitude.
fn select(vals: Vec<C64>, vecs: Vec<Vec<C64>>, k: usize, largest: bool) -> Pairs {
    let mut order: Vec<usize> = (0..vals.len()).collect();
    order.sort_by(|&i, &j| {
        let (a, b) = (vals[i].norm(), vals[j].norm());
        let by = if largest {
            b.total_cmp(&a)
        } else {
            a.total_cmp(&b)
        };
        by.then(vals[i].re.total_cmp(&vals[j].re))
    });
    order.truncate(k);
    let picked_vals = order.iter().map(|&i| vals[i]).collect();
    let picked_vecs = order.iter().map(|&i| normalized(&vecs[i])).collect();
    (picked_vals, picked_vecs)
}

/// The vector scaled so its largest-magnitude entry is real and positive.
fn normalized(v: &[C64]) -> Vec<C64> {
    let big = v
        .iter()
        .copied()
        .max_by(|a, b| a.norm().total_cmp(&b.norm()))
        .unwrap_or(C64::new(1.0, 0.0));
    if big.norm() == 0.0 {
        return v.to_vec();
    }
    let phase = big.conj() / big.norm();
    v.iter().map(|z| z * phase).collect()
}

fn pack((vals, vecs): Pairs, n: usize) -> Value {
    let k = vals.len();
    let mut vm = Array2::<C64>::zeros((n, k));
    for (j, v) in vecs.iter().enumerate() {
        for (i, z) in v.iter().enumerate() {
            vm[[i, j]] = clean(*z);
        }
    }
    let d =
        Array2::from_shape_vec((1, k), vals.into_iter().map(clean).collect()).unwrap_or_default();
    Value::tuple(vec![
        Value::matrix(NumArray::complex(vm)),
        Value::vector(NumArray::complex(d)),
    ])
}

/// Rounding noise in the imaginary part (below 1e-12 of the modulus) dropped.
fn clean(z: C64) -> C64 {
    if z.im.abs() <= 1e-12 * z.norm().max(1e-300) {
        C64::new(z.re, 0.0)
    } else {
        z
    }
}
