//! The bridge to faer: dense decompositions (SVD, LU, eigenvalues) on `ndarray` data, real or
//! complex. Everything here runs sequentially (`Par::Seq`) so results never depend on the
//! machine's thread count, and callers guarantee what faer asserts: finite data, non-empty
//! and (where needed) square shapes, sizes within the allocation cap.
//!
//! Scale-invariance: before an SVD or eigenvalue computation the data is multiplied by a power
//! of two that brings its largest modulus near 1 (exact in binary floating point), and the
//! results are scaled back. Tiny-magnitude matrices (spec §14.2 item 3) therefore get the same
//! relative accuracy as well-scaled ones.

use crate::error::{LangError, LangResult};
use crate::value::{C64, NumArray};
use faer::dyn_stack::{MemBuffer, MemStack};
use faer::linalg::evd::{self, ComputeEigenvectors};
use faer::linalg::lu::partial_pivoting::{factor as lu_factor, solve as lu_solve};
use faer::linalg::svd::{self, ComputeSvdVectors};
use faer::prelude::default;
use faer::traits::ComplexField;
use faer::{Conj, Mat, Par};
use ndarray::Array2;

/// An element type faer can decompose: `f64` or `Complex<f64>`.
pub(super) trait Field: ComplexField<Real = f64> + Copy {
    /// |x| (modulus for complex numbers).
    fn modulus(self) -> f64;
    fn is_finite_value(self) -> bool;
    fn times(self, k: f64) -> Self;
    fn conjugated(self) -> Self;
    fn to_c64(self) -> C64;
    fn from_real(x: f64) -> Self;
    /// The array as rlab storage (complex data with zero imaginary parts becomes real).
    fn into_num_array(a: Array2<Self>) -> NumArray;
}

impl Field for f64 {
    fn modulus(self) -> f64 {
        self.abs()
    }
    fn is_finite_value(self) -> bool {
        self.is_finite()
    }
    fn times(self, k: f64) -> Self {
        self * k
    }
    fn conjugated(self) -> Self {
        self
    }
    fn to_c64(self) -> C64 {
        C64::new(self, 0.0)
    }
    fn from_real(x: f64) -> Self {
        x
    }
    fn into_num_array(a: Array2<Self>) -> NumArray {
        NumArray::Real(a)
    }
}

impl Field for C64 {
    fn modulus(self) -> f64 {
        self.norm()
    }
    fn is_finite_value(self) -> bool {
        self.re.is_finite() && self.im.is_finite()
    }
    fn times(self, k: f64) -> Self {
        C64::new(self.re * k, self.im * k)
    }
    fn conjugated(self) -> Self {
        self.conj()
    }
    fn to_c64(self) -> C64 {
        self
    }
    fn from_real(x: f64) -> Self {
        C64::new(x, 0.0)
    }
    fn into_num_array(a: Array2<Self>) -> NumArray {
        NumArray::complex(a)
    }
}

/// Fail with `NAME: matrix contains NaN or Inf` unless every element is finite.
pub(super) fn require_finite<T: Field>(name: &str, a: &Array2<T>) -> LangResult<()> {
    if a.iter().all(|x| x.is_finite_value()) {
        Ok(())
    } else {
        Err(LangError::runtime(format!(
            "{name}: matrix contains NaN or Inf"
        )))
    }
}

/// The power of two that brings the largest modulus of `a` into [0.5, 1), or 1 for a zero
/// matrix. Multiplying by it is exact.
pub(super) fn unit_scale<T: Field>(a: &Array2<T>) -> f64 {
    let largest = a.iter().fold(0.0_f64, |m, x| m.max(x.modulus()));
    if largest == 0.0 || !largest.is_finite() {
        return 1.0;
    }
    let exponent = largest.log2().floor() + 1.0;
    (-exponent).clamp(-1020.0, 1020.0).exp2()
}

fn to_faer<T: Field>(a: &Array2<T>, scale: f64) -> Mat<T> {
    Mat::from_fn(a.nrows(), a.ncols(), |i, j| a[[i, j]].times(scale))
}

fn from_faer<T: Field>(m: &Mat<T>) -> Array2<T> {
    Array2::from_shape_fn((m.nrows(), m.ncols()), |(i, j)| m[(i, j)])
}

/// The `n×n` identity.
pub(super) fn identity<T: Field>(n: usize) -> Array2<T> {
    Array2::from_shape_fn((n, n), |(i, j)| {
        T::from_real(if i == j { 1.0 } else { 0.0 })
    })
}

fn workspace(req: faer::dyn_stack::StackReq) -> MemBuffer {
    MemBuffer::new(req)
}

/// Singular values of a finite, non-empty matrix, descending.
pub(super) fn singular_values<T: Field>(a: &Array2<T>) -> LangResult<Vec<f64>> {
    let scale = unit_scale(a);
    let m = to_faer(a, scale);
    let (rows, cols) = (m.nrows(), m.ncols());
    let mut s = faer::diag::Diag::<T>::zeros(rows.min(cols));
    let req = svd::svd_scratch::<T>(
        rows,
        cols,
        ComputeSvdVectors::No,
        ComputeSvdVectors::No,
        Par::Seq,
        default(),
    );
    let mut buf = workspace(req);
    svd::svd(
        m.as_ref(),
        s.as_mut(),
        None,
        None,
        Par::Seq,
        MemStack::new(&mut buf),
        default(),
    )
    .map_err(|_| LangError::runtime("svd: the iteration did not converge"))?;
    Ok(s.column_vector()
        .iter()
        .map(|x| x.modulus() / scale)
        .collect())
}

/// Full SVD `A = U·diag(S)·Vᴴ` of a finite, non-empty matrix: U R×R, S descending, V C×C.
pub(super) fn svd_full<T: Field>(a: &Array2<T>) -> LangResult<(Array2<T>, Vec<f64>, Array2<T>)> {
    let scale = unit_scale(a);
    let m = to_faer(a, scale);
    let (rows, cols) = (m.nrows(), m.ncols());
    let mut s = faer::diag::Diag::<T>::zeros(rows.min(cols));
    let mut u = Mat::<T>::zeros(rows, rows);
    let mut v = Mat::<T>::zeros(cols, cols);
    let req = svd::svd_scratch::<T>(
        rows,
        cols,
        ComputeSvdVectors::Full,
        ComputeSvdVectors::Full,
        Par::Seq,
        default(),
    );
    let mut buf = workspace(req);
    svd::svd(
        m.as_ref(),
        s.as_mut(),
        Some(u.as_mut()),
        Some(v.as_mut()),
        Par::Seq,
        MemStack::new(&mut buf),
        default(),
    )
    .map_err(|_| LangError::runtime("svd: the iteration did not converge"))?;
    let sigma = s
        .column_vector()
        .iter()
        .map(|x| x.modulus() / scale)
        .collect();
    Ok((from_faer(&u), sigma, from_faer(&v)))
}

/// An LU factorisation with partial (row) pivoting of a finite, non-empty square matrix.
pub(super) struct Lu<T: Field> {
    factors: Mat<T>,
    perm_fwd: Vec<usize>,
    perm_bwd: Vec<usize>,
    transpositions: usize,
}

impl<T: Field> Lu<T> {
    pub(super) fn new(a: &Array2<T>) -> Lu<T> {
        let mut factors = to_faer(a, 1.0);
        let n = factors.nrows();
        let mut perm_fwd = vec![0usize; n];
        let mut perm_bwd = vec![0usize; n];
        let req = lu_factor::lu_in_place_scratch::<usize, T>(n, n, Par::Seq, default());
        let mut buf = workspace(req);
        let (info, _) = lu_factor::lu_in_place(
            factors.as_mut(),
            &mut perm_fwd,
            &mut perm_bwd,
            Par::Seq,
            MemStack::new(&mut buf),
            default(),
        );
        Lu {
            factors,
            perm_fwd,
            perm_bwd,
            transpositions: info.transposition_count,
        }
    }

    fn pivots(&self) -> impl Iterator<Item = T> + '_ {
        (0..self.factors.nrows()).map(|i| self.factors[(i, i)])
    }

    /// det = ±(product of the pivots, left to right).
    pub(super) fn determinant(&self) -> C64 {
        let product = self
            .pivots()
            .fold(C64::new(1.0, 0.0), |acc, p| acc * p.to_c64());
        if self.transpositions % 2 == 1 {
            -product
        } else {
            product
        }
    }

    /// Singular to working precision: a zero pivot, or the smallest pivot at most
    /// `n·eps` times the largest (a scale-invariant test).
    pub(super) fn is_singular(&self) -> bool {
        let n = self.factors.nrows() as f64;
        let (smallest, largest) = self.pivots().fold((f64::INFINITY, 0.0_f64), |(lo, hi), p| {
            (lo.min(p.modulus()), hi.max(p.modulus()))
        });
        smallest == 0.0 || smallest <= n * f64::EPSILON * largest
    }

    /// Solve `A·X = B` for X (B has as many rows as A).
    pub(super) fn solve(&self, b: &Array2<T>) -> Array2<T> {
        let mut rhs = to_faer(b, 1.0);
        let n = self.factors.nrows();
        let perm = faer::perm::PermRef::new_checked(&self.perm_fwd, &self.perm_bwd, n);
        let req = lu_solve::solve_in_place_scratch::<usize, T>(n, rhs.ncols(), Par::Seq);
        let mut buf = workspace(req);
        lu_solve::solve_in_place_with_conj(
            self.factors.as_ref(),
            self.factors.as_ref(),
            perm,
            Conj::No,
            rhs.as_mut(),
            Par::Seq,
            MemStack::new(&mut buf),
        );
        from_faer(&rhs)
    }
}

/// True when `a` equals its conjugate transpose exactly (symmetric / Hermitian).
pub(super) fn is_self_adjoint<T: Field>(a: &Array2<T>) -> bool {
    let n = a.nrows();
    (0..n).all(|i| (i..n).all(|j| a[[i, j]] == a[[j, i]].conjugated()))
}

/// Eigenvalues of a finite, non-empty, self-adjoint matrix, ascending.
pub(super) fn self_adjoint_eigenvalues<T: Field>(a: &Array2<T>) -> LangResult<Vec<f64>> {
    let scale = unit_scale(a);
    let m = to_faer(a, scale);
    let n = m.nrows();
    let mut s = faer::diag::Diag::<T>::zeros(n);
    let req = evd::self_adjoint_evd_scratch::<T>(n, ComputeEigenvectors::No, Par::Seq, default());
    let mut buf = workspace(req);
    evd::self_adjoint_evd(
        m.as_ref(),
        s.as_mut(),
        None,
        Par::Seq,
        MemStack::new(&mut buf),
        default(),
    )
    .map_err(|_| LangError::runtime("eig: the iteration did not converge"))?;
    Ok(s.column_vector()
        .iter()
        .map(|x| x.to_c64().re / scale)
        .collect())
}

/// Eigenvalues of a finite, non-empty real square matrix (any order).
pub(super) fn real_eigenvalues(a: &Array2<f64>) -> LangResult<Vec<C64>> {
    let scale = unit_scale(a);
    let m = to_faer(a, scale);
    let n = m.nrows();
    let mut s_re = faer::diag::Diag::<f64>::zeros(n);
    let mut s_im = faer::diag::Diag::<f64>::zeros(n);
    let req = evd::evd_scratch::<f64>(
        n,
        ComputeEigenvectors::No,
        ComputeEigenvectors::No,
        Par::Seq,
        default(),
    );
    let mut buf = workspace(req);
    evd::evd_real(
        m.as_ref(),
        s_re.as_mut(),
        s_im.as_mut(),
        None,
        None,
        Par::Seq,
        MemStack::new(&mut buf),
        default(),
    )
    .map_err(|_| LangError::runtime("eig: the iteration did not converge"))?;
    let re = s_re.column_vector().iter();
    let im = s_im.column_vector().iter();
    Ok(re
        .zip(im)
        .map(|(r, i)| C64::new(r / scale, i / scale))
        .collect())
}

/// Eigenvalues of a finite, non-empty complex square matrix (any order).
pub(super) fn complex_eigenvalues(a: &Array2<C64>) -> LangResult<Vec<C64>> {
    let scale = unit_scale(a);
    let m = to_faer(a, scale);
    let n = m.nrows();
    let mut s = faer::diag::Diag::<C64>::zeros(n);
    let req = evd::evd_scratch::<C64>(
        n,
        ComputeEigenvectors::No,
        ComputeEigenvectors::No,
        Par::Seq,
        default(),
    );
    let mut buf = workspace(req);
    evd::evd_cplx(
        m.as_ref(),
        s.as_mut(),
        None,
        None,
        Par::Seq,
        MemStack::new(&mut buf),
        default(),
    )
    .map_err(|_| LangError::runtime("eig: the iteration did not converge"))?;
    Ok(s.column_vector()
        .iter()
        .map(|z| z.times(1.0 / scale))
        .collect())
}
