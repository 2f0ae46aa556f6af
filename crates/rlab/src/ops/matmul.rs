//! The `*` products between arrays (spec §4.1, §5.2, §5.4): Matrix × Matrix, Vector ×
//! Matrix (a row times a matrix), Matrix × Vector (only a column times a row: the outer
//! product), and the error texts rustlab prints when the shapes do not fit.
//!
//! Precision: M·M is ndarray's general product (`dot`: matrixmultiply, f64 kernels for real
//! data, complex kernels otherwise); small real products skip its packing and give the same
//! bits (`small_product`), and a real factor written transposed is read where it is
//! ([`real_product`]). V·M is a plain sequential sum per column, starting from
//! zero and adding `v_i·m_ij` for i in order, no fused multiply-add; it accumulates row by row
//! so each column's sum sees the same additions in the same order while memory is read
//! contiguously.

use crate::error::{LangError, LangResult};
use crate::limits;
use crate::value::{C64, NumArray, Value, transposed};
use ndarray::{Array2, ArrayView2};
use std::borrow::Cow;

const COMPLEX_BYTES: usize = std::mem::size_of::<C64>();

/// `A * B` for two Matrices: always a Matrix, even `1×1`.
pub(crate) fn matrix_matrix(a: &NumArray, b: &NumArray) -> LangResult<NumArray> {
    match (a, b) {
        (NumArray::Real(x), NumArray::Real(y)) => real_product(Factor::plain(x), Factor::plain(y)),
        _ => {
            let (left, right) = (a.shape(), b.shape());
            inner_dimensions(left, right)?;
            limits::check_alloc(left.0, right.1, COMPLEX_BYTES)?;
            Ok(NumArray::complex(a.to_complex().dot(&b.to_complex())))
        }
    }
}

/// A real factor of a product, read as it is or as its transpose (`A'` without making it).
#[derive(Clone, Copy)]
pub(crate) struct Factor<'a> {
    data: &'a Array2<f64>,
    transposed: bool,
}

impl<'a> Factor<'a> {
    pub(crate) fn plain(data: &'a Array2<f64>) -> Self {
        Factor {
            data,
            transposed: false,
        }
    }

    pub(crate) fn transposed(data: &'a Array2<f64>) -> Self {
        Factor {
            data,
            transposed: true,
        }
    }

    /// The factor as it is read, without copying.
    fn view(self) -> ArrayView2<'a, f64> {
        match self.transposed {
            true => self.data.t(),
            false => self.data.view(),
        }
    }

    /// The factor as an array in standard layout when it is read transposed (the array
    /// `A'` evaluates to), else as stored.
    fn made(self) -> Cow<'a, Array2<f64>> {
        match self.transposed {
            true => Cow::Owned(transposed(self.data)),
            false => Cow::Borrowed(self.data),
        }
    }
}

/// The Matrix product of two real factors: the same error, limit and bits as making the
/// transposes and multiplying them. A left factor read transposed is read down its columns
/// in place; a right one is packed into standard layout, which the product reads by rows.
pub(crate) fn real_product(a: Factor, b: Factor) -> LangResult<NumArray> {
    let (left, right) = (a.view(), b.view());
    inner_dimensions(left.dim(), right.dim())?;
    limits::check_real(left.nrows(), right.ncols())?;
    let right = b.made();
    let product = match super::small_product::product(left, right.view()) {
        Some(product) => product,
        None => a.made().dot(&*right),
    };
    Ok(NumArray::Real(product))
}

/// rustlab's error when the inner dimensions of a product differ.
fn inner_dimensions((ar, ac): (usize, usize), (br, bc): (usize, usize)) -> LangResult<()> {
    if ac == br {
        return Ok(());
    }
    Err(LangError::type_error(format!(
        "matrix multiply: inner dimensions must match\n  left:  [{ar}×{ac}]\n  right: [{br}×{bc}]\n  hint:  use .* for element-wise multiply"
    )))
}

/// `v * M` for a Vector `v` (a `1×N` row) and an `N×K` Matrix: a Vector of K sums, or a
/// number when K is 1 (`x * x'`).
pub(crate) fn vector_matrix(v: &NumArray, m: &NumArray) -> LangResult<Value> {
    let (n, (rows, cols)) = (v.len(), m.shape());
    if n != rows {
        return Err(LangError::type_error(format!(
            "vector-matrix multiply: row vector [1×{n}] * matrix [{rows}×{cols}]: inner dimension mismatch\n  hint: use .* for element-wise multiply"
        )));
    }
    let sums = match (v, m) {
        (NumArray::Real(x), NumArray::Real(y)) => {
            limits::check_real(1, cols)?;
            NumArray::Real(row_times_matrix(x, y, 0.0))
        }
        _ => {
            limits::check_alloc(1, cols, COMPLEX_BYTES)?;
            let zero = C64::new(0.0, 0.0);
            NumArray::complex(row_times_matrix(&v.to_complex(), &m.to_complex(), zero))
        }
    };
    if cols == 1 {
        Ok(Value::number_approx(sums.get(0, 0)))
    } else {
        Ok(Value::Vector(std::sync::Arc::new(sums)))
    }
}

/// Column sums `Σ_i x_i·m_ij`, each accumulated from `zero` in order of i.
fn row_times_matrix<T>(x: &Array2<T>, m: &Array2<T>, zero: T) -> Array2<T>
where
    T: Copy + std::ops::Add<Output = T> + std::ops::Mul<Output = T>,
{
    let mut acc = Array2::from_elem((1, m.ncols()), zero);
    for (&xi, m_row) in x.iter().zip(m.rows()) {
        for (a, &mij) in acc.iter_mut().zip(m_row.iter()) {
            *a = *a + xi * mij;
        }
    }
    acc
}

/// `M * v` for a Matrix and a Vector: only a single-column Matrix works (the outer product,
/// an `R×N` Matrix); anything else is rustlab's hint to transpose `v`.
pub(crate) fn matrix_vector(m: &NumArray, v: &NumArray) -> LangResult<NumArray> {
    let ((rows, cols), n) = (m.shape(), v.len());
    if cols != 1 {
        return Err(LangError::type_error(format!(
            "cannot multiply matrix [{rows}×{cols}] by row vector [1×{n}]\n  hint: transpose v with v' to make a column vector [{n}×1], then use M * v'"
        )));
    }
    match (m, v) {
        (NumArray::Real(x), NumArray::Real(y)) => {
            limits::check_real(rows, n)?;
            outer(x, y, rows, n).map(NumArray::Real)
        }
        _ => {
            limits::check_alloc(rows, n, COMPLEX_BYTES)?;
            outer(&m.to_complex(), &v.to_complex(), rows, n).map(NumArray::complex)
        }
    }
}

/// `column_i · row_j` for every i, j, as a `rows×n` array.
fn outer<T>(column: &Array2<T>, row: &Array2<T>, rows: usize, n: usize) -> LangResult<Array2<T>>
where
    T: Copy + std::ops::Mul<Output = T>,
{
    let data: Vec<T> = column
        .iter()
        .flat_map(|&a| row.iter().map(move |&b| a * b))
        .collect();
    Array2::from_shape_vec((rows, n), data)
        .map_err(|e| LangError::runtime(format!("matrix-vector multiply: {e}")))
}

/// `u * v` for two Vectors is always an error, with rustlab's three hints.
pub(crate) fn two_row_vectors(u: &NumArray, v: &NumArray) -> LangError {
    let (n, m) = (u.len(), v.len());
    LangError::type_error(format!(
        "cannot multiply two row vectors [1×{n}] * [1×{m}]\n  hint: use `u * v'` for dot product (v' is a [{m}×1] column)\n  hint: use `dot(u,v)` for the dot product directly\n  hint: use `.*` for element-wise multiply"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::AllocScope;

    fn real(rows: usize, cols: usize, data: &[f64]) -> NumArray {
        NumArray::from_row_major(rows, cols, data.to_vec())
    }

    #[test]
    fn matrix_product_stays_a_matrix_even_when_one_by_one() {
        let p = matrix_matrix(&real(1, 2, &[0.0, 0.0]), &real(2, 1, &[3.0, 4.0])).unwrap();
        assert_eq!(p, real(1, 1, &[0.0]));
        let q = matrix_matrix(&real(2, 2, &[1.0, 2.0, 3.0, 4.0]), &real(2, 1, &[1.0, 1.0]));
        assert_eq!(q.unwrap(), real(2, 1, &[3.0, 7.0]));
    }

    #[test]
    fn matrix_product_shape_error_lists_both_shapes() {
        let err = matrix_matrix(&real(2, 3, &[0.0; 6]), &real(2, 3, &[0.0; 6])).unwrap_err();
        assert_eq!(
            err.message,
            "matrix multiply: inner dimensions must match\n  left:  [2×3]\n  right: [2×3]\n  hint:  use .* for element-wise multiply"
        );
        assert_eq!(err.kind, crate::error::ErrorKind::Type);
    }

    #[test]
    fn complex_matrix_product() {
        let i = C64::new(0.0, 1.0);
        let a = NumArray::Complex(Array2::from_elem((1, 1), i));
        let p = matrix_matrix(&a, &a).unwrap();
        assert_eq!(p, real(1, 1, &[-1.0]));
        let q = matrix_matrix(&a, &real(1, 2, &[1.0, 2.0])).unwrap();
        assert_eq!(q.get(0, 1), C64::new(0.0, 2.0));
    }

    #[test]
    fn vector_times_matrix_gives_a_vector_or_a_number() {
        let w = real(2, 3, &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        let xw = vector_matrix(&real(1, 2, &[1.0, 10.0]), &w).unwrap();
        assert_eq!(xw, Value::row(vec![41.0, 52.0, 63.0]));
        let col = real(3, 1, &[1.0, 2.0, 3.0]);
        let dot = vector_matrix(&real(1, 3, &[1.0, 2.0, 3.0]), &col).unwrap();
        assert_eq!(dot, Value::Scalar(14.0));
    }

    #[test]
    fn vector_times_matrix_sums_in_order_without_fma() {
        // 0.1*0.1 + 0.2*0.2 + 0.3*0.3 summed left to right from zero.
        let v = real(1, 3, &[0.1, 0.2, 0.3]);
        let dot = vector_matrix(&v, &v.transpose(false)).unwrap();
        let expected = ((0.0 + 0.1 * 0.1) + 0.2 * 0.2) + 0.3 * 0.3;
        assert_eq!(dot, Value::Scalar(expected));
    }

    #[test]
    fn vector_times_complex_matrix() {
        let m = NumArray::Complex(Array2::from_elem((2, 1), C64::new(0.0, 1.0)));
        let r = vector_matrix(&real(1, 2, &[1.0, 2.0]), &m).unwrap();
        assert_eq!(r, Value::Complex(C64::new(0.0, 3.0)));
    }

    #[test]
    fn vector_matrix_mismatch_message() {
        let err = vector_matrix(&real(1, 3, &[0.0; 3]), &real(2, 2, &[0.0; 4])).unwrap_err();
        assert_eq!(
            err.message,
            "vector-matrix multiply: row vector [1×3] * matrix [2×2]: inner dimension mismatch\n  hint: use .* for element-wise multiply"
        );
    }

    #[test]
    fn column_times_row_is_the_outer_product() {
        let p = matrix_vector(&real(2, 1, &[1.0, 2.0]), &real(1, 3, &[1.0, 2.0, 3.0])).unwrap();
        assert_eq!(p, real(2, 3, &[1.0, 2.0, 3.0, 2.0, 4.0, 6.0]));
        let i = NumArray::Complex(Array2::from_elem((1, 1), C64::new(0.0, 1.0)));
        let q = matrix_vector(&i, &real(1, 2, &[1.0, 2.0])).unwrap();
        assert_eq!(q.get(0, 1), C64::new(0.0, 2.0));
    }

    #[test]
    fn matrix_times_row_vector_message() {
        let err = matrix_vector(&real(2, 3, &[0.0; 6]), &real(1, 3, &[0.0; 3])).unwrap_err();
        assert_eq!(
            err.message,
            "cannot multiply matrix [2×3] by row vector [1×3]\n  hint: transpose v with v' to make a column vector [3×1], then use M * v'"
        );
    }

    #[test]
    fn two_row_vectors_message() {
        let err = two_row_vectors(&real(1, 3, &[0.0; 3]), &real(1, 2, &[0.0; 2]));
        assert_eq!(
            err.message,
            "cannot multiply two row vectors [1×3] * [1×2]\n  hint: use `u * v'` for dot product (v' is a [2×1] column)\n  hint: use `dot(u,v)` for the dot product directly\n  hint: use `.*` for element-wise multiply"
        );
    }

    #[test]
    fn products_respect_the_allocation_cap() {
        let _cap = AllocScope::new(8 * 10);
        let col = real(4, 1, &[1.0; 4]);
        let row = real(1, 4, &[1.0; 4]);
        assert!(matrix_matrix(&col, &row).is_err());
        assert!(matrix_vector(&col, &row).is_err());
        assert!(matrix_matrix(&row, &col).is_ok());
    }
}
