//! Small dense linear algebra for the controls toolbox, on complex matrices: products,
//! identity, solves and eigen-decompositions (faer, sequential), and conversions between
//! rlab values and `Array2<C64>`.
//!
//! Control problems are small (a handful of states), so everything works on complex data
//! and results are demoted to real storage when every imaginary part is zero.

use crate::error::{LangError, LangResult};
use crate::value::{C64, NumArray, Value};
use faer::dyn_stack::{MemBuffer, MemStack};
use faer::linalg::evd::{self, ComputeEigenvectors};
use faer::linalg::lu::partial_pivoting::{factor as lu_factor, solve as lu_solve};
use faer::prelude::default;
use faer::{Conj, Mat, Par};
use ndarray::Array2;

pub(super) type CMat = Array2<C64>;

/// A matrix operand: a Matrix as is, a Scalar or Complex as `1×1`, a Vector as a column
/// (`column_vectors`) or a row.
pub(super) fn operand(name: &str, what: &str, v: &Value, column_vectors: bool) -> LangResult<CMat> {
    match v {
        Value::Matrix(a) => Ok(a.to_complex()),
        Value::Scalar(_) | Value::Complex(_) => Ok(v
            .to_num_array()
            .map_or_else(|| Array2::zeros((1, 1)), |a| a.to_complex())),
        Value::Vector(a) if column_vectors => Ok(a.transpose(false).to_complex()),
        Value::Vector(a) => Ok(a.to_complex()),
        other => Err(LangError::type_error(format!(
            "{name}: {what} must be a matrix, got {}",
            other.type_name()
        ))),
    }
}

/// Refuse NaN and infinite entries (faer's iterations need finite input).
pub(super) fn require_finite(name: &str, what: &str, a: &CMat) -> LangResult<()> {
    if a.iter().all(|z| z.re.is_finite() && z.im.is_finite()) {
        Ok(())
    } else {
        Err(LangError::runtime(format!(
            "{name}: {what} must have finite entries"
        )))
    }
}

/// A Matrix value (real storage when every imaginary part is zero).
pub(super) fn matrix_value(a: CMat) -> Value {
    Value::matrix(NumArray::complex(a))
}

/// A Vector value.
pub(super) fn vector_value(data: Vec<C64>) -> Value {
    let n = data.len();
    let a = Array2::from_shape_vec((1, n), data).unwrap_or_else(|_| Array2::zeros((1, 0)));
    Value::vector(NumArray::complex(a))
}

pub(super) fn identity(n: usize) -> CMat {
    Array2::from_shape_fn((n, n), |(i, j)| {
        C64::new(if i == j { 1.0 } else { 0.0 }, 0.0)
    })
}

/// `a · b` (shapes must agree: callers check).
pub(super) fn mul(a: &CMat, b: &CMat) -> CMat {
    a.dot(b)
}

/// The conjugate transpose.
pub(super) fn adjoint(a: &CMat) -> CMat {
    a.t().mapv(|z| z.conj())
}

/// The largest modulus of `a - b`.
pub(super) fn max_diff(a: &CMat, b: &CMat) -> f64 {
    a.iter()
        .zip(b.iter())
        .map(|(x, y)| (x - y).norm())
        .fold(0.0, f64::max)
}

fn to_faer(a: &CMat) -> Mat<C64> {
    Mat::from_fn(a.nrows(), a.ncols(), |i, j| a[[i, j]])
}

fn from_faer(m: &Mat<C64>) -> CMat {
    Array2::from_shape_fn((m.nrows(), m.ncols()), |(i, j)| m[(i, j)])
}

/// Solve `a · x = b` for square `a`; `None` when `a` is singular to working precision.
pub(super) fn solve(a: &CMat, b: &CMat) -> Option<CMat> {
    let n = a.nrows();
    if n == 0 {
        return Some(b.clone());
    }
    let mut factors = to_faer(a);
    let (mut fwd, mut bwd) = (vec![0usize; n], vec![0usize; n]);
    let req = lu_factor::lu_in_place_scratch::<usize, C64>(n, n, Par::Seq, default());
    let mut buf = MemBuffer::new(req);
    lu_factor::lu_in_place(
        factors.as_mut(),
        &mut fwd,
        &mut bwd,
        Par::Seq,
        MemStack::new(&mut buf),
        default(),
    );
    let pivots: Vec<f64> = (0..n).map(|i| factors[(i, i)].norm()).collect();
    let largest = pivots.iter().copied().fold(0.0, f64::max);
    let smallest = pivots.iter().copied().fold(f64::INFINITY, f64::min);
    if smallest == 0.0 || smallest <= n as f64 * f64::EPSILON * largest || !largest.is_finite() {
        return None;
    }
    let mut rhs = to_faer(b);
    let perm = faer::perm::PermRef::new_checked(&fwd, &bwd, n);
    let req = lu_solve::solve_in_place_scratch::<usize, C64>(n, rhs.ncols(), Par::Seq);
    let mut buf = MemBuffer::new(req);
    lu_solve::solve_in_place_with_conj(
        factors.as_ref(),
        factors.as_ref(),
        perm,
        Conj::No,
        rhs.as_mut(),
        Par::Seq,
        MemStack::new(&mut buf),
    );
    Some(from_faer(&rhs))
}

/// The inverse of a square matrix, or `None` when it is singular.
pub(super) fn inverse(a: &CMat) -> Option<CMat> {
    solve(a, &identity(a.nrows()))
}

/// Eigenvalues and (with `vectors`) unit eigenvectors as columns of a finite square matrix.
pub(super) fn eigen(name: &str, a: &CMat, vectors: bool) -> LangResult<(Vec<C64>, Option<CMat>)> {
    let n = a.nrows();
    if n == 0 {
        return Ok((Vec::new(), vectors.then(|| Array2::zeros((0, 0)))));
    }
    require_finite(name, "the matrix", a)?;
    let m = to_faer(a);
    let mut s = faer::diag::Diag::<C64>::zeros(n);
    let mut u = Mat::<C64>::zeros(n, n);
    let want = if vectors {
        ComputeEigenvectors::Yes
    } else {
        ComputeEigenvectors::No
    };
    let req = evd::evd_scratch::<C64>(n, ComputeEigenvectors::No, want, Par::Seq, default());
    let mut buf = MemBuffer::new(req);
    evd::evd_cplx(
        m.as_ref(),
        s.as_mut(),
        None,
        vectors.then(|| u.as_mut()),
        Par::Seq,
        MemStack::new(&mut buf),
        default(),
    )
    .map_err(|_| {
        LangError::runtime(format!("{name}: the eigenvalue iteration did not converge"))
    })?;
    let values = s.column_vector().iter().copied().collect();
    Ok((values, vectors.then(|| from_faer(&u))))
}

/// Eigenvalues of a square matrix; real-valued eigenvalues of real data come out with an
/// exactly zero imaginary part.
pub(super) fn eigenvalues(name: &str, a: &CMat) -> LangResult<Vec<C64>> {
    if a.iter().all(|z| z.im == 0.0) && a.nrows() > 0 {
        require_finite(name, "the matrix", a)?;
        return real_eigenvalues(name, &a.mapv(|z| z.re));
    }
    Ok(eigen(name, a, false)?.0)
}

fn real_eigenvalues(name: &str, a: &Array2<f64>) -> LangResult<Vec<C64>> {
    let n = a.nrows();
    let m = Mat::from_fn(n, n, |i, j| a[[i, j]]);
    let mut s_re = faer::diag::Diag::<f64>::zeros(n);
    let mut s_im = faer::diag::Diag::<f64>::zeros(n);
    let no = ComputeEigenvectors::No;
    let req = evd::evd_scratch::<f64>(n, no, no, Par::Seq, default());
    let mut buf = MemBuffer::new(req);
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
    .map_err(|_| {
        LangError::runtime(format!("{name}: the eigenvalue iteration did not converge"))
    })?;
    let re = s_re.column_vector().iter();
    let im = s_im.column_vector().iter();
    Ok(re.zip(im).map(|(r, i)| C64::new(*r, *i)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn real(rows: usize, cols: usize, data: &[f64]) -> CMat {
        Array2::from_shape_fn((rows, cols), |(i, j)| C64::new(data[i * cols + j], 0.0))
    }

    #[test]
    fn solves_and_refuses_singular_systems() {
        let a = real(2, 2, &[2.0, 1.0, 1.0, 3.0]);
        let x = solve(&a, &real(2, 1, &[3.0, 5.0])).unwrap();
        assert!((x[[0, 0]].re - 0.8).abs() < 1e-15 && (x[[1, 0]].re - 1.4).abs() < 1e-15);
        assert!(inverse(&real(2, 2, &[1.0, 2.0, 2.0, 4.0])).is_none());
    }

    #[test]
    fn eigenvalues_of_a_rotation_are_plus_minus_j() {
        let mut e = eigenvalues("t", &real(2, 2, &[0.0, -1.0, 1.0, 0.0])).unwrap();
        e.sort_by(|a, b| a.im.total_cmp(&b.im));
        assert_eq!(e, vec![C64::new(0.0, -1.0), C64::new(0.0, 1.0)]);
    }

    #[test]
    fn eigenvectors_satisfy_the_definition() {
        let a = real(2, 2, &[0.0, 1.0, -2.0, -3.0]);
        let (values, vectors) = eigen("t", &a, true).unwrap();
        let v = vectors.unwrap();
        for (k, lambda) in values.iter().enumerate() {
            let col = v.column(k).to_owned().insert_axis(ndarray::Axis(1));
            let lhs = mul(&a, &col);
            assert!(max_diff(&lhs, &col.mapv(|z| z * lambda)) < 1e-12);
        }
    }
}
