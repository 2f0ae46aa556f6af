//! Numeric array storage: a 2-D ndarray of real `f64` unless the data is complex.
//!
//! rustlab stores every element as a complex double; rlbook keeps real data real (spec
//! design notes: 2-4x faster, observable only in last bits) and promotes to complex only when
//! an operation produces a non-zero imaginary part. [`NumArray::complex`] demotes back to
//! real whenever every imaginary part is exactly zero, so "real" is the normal state.
//!
//! Both rlab kinds use this type: a Vector is a `1×N` array, a Matrix any `R×C` array (the
//! kind itself is carried by [`super::Value`]). Element order in iteration is row-major;
//! rlab's linear indexing is column-major and goes through [`NumArray::col_major`].

use ndarray::{Array2, Zip};

/// From this many elements on, element-wise operations on real arrays run on several
/// threads. Only operations whose every element is computed on its own are split, never a
/// reduction, so results do not depend on the number of threads.
pub(crate) const PARALLEL_FROM: usize = 1 << 16;
use num_complex::Complex;

pub type C64 = Complex<f64>;

#[derive(Clone, Debug, PartialEq)]
pub enum NumArray {
    Real(Array2<f64>),
    Complex(Array2<C64>),
}

impl NumArray {
    pub fn real(a: Array2<f64>) -> Self {
        NumArray::Real(a)
    }

    /// A complex array, stored as real when every imaginary part is exactly zero.
    pub fn complex(a: Array2<C64>) -> Self {
        if a.iter().all(|z| z.im == 0.0) {
            NumArray::Real(a.mapv(|z| z.re))
        } else {
            NumArray::Complex(a)
        }
    }

    /// A `rows×cols` real array from row-major data. `data.len()` must equal `rows*cols`.
    pub fn from_row_major(rows: usize, cols: usize, data: Vec<f64>) -> Self {
        debug_assert_eq!(data.len(), rows * cols);
        NumArray::Real(
            Array2::from_shape_vec((rows, cols), data).unwrap_or_else(|_| {
                // Unreachable for consistent input; keep the process alive regardless.
                Array2::zeros((0, 0))
            }),
        )
    }

    /// A `1×N` real array.
    pub fn row(data: Vec<f64>) -> Self {
        let n = data.len();
        Self::from_row_major(1, n, data)
    }

    pub fn zeros(rows: usize, cols: usize) -> Self {
        NumArray::Real(Array2::zeros((rows, cols)))
    }

    pub fn filled(rows: usize, cols: usize, value: f64) -> Self {
        NumArray::Real(Array2::from_elem((rows, cols), value))
    }

    pub fn shape(&self) -> (usize, usize) {
        match self {
            NumArray::Real(a) => a.dim(),
            NumArray::Complex(a) => a.dim(),
        }
    }

    pub fn rows(&self) -> usize {
        self.shape().0
    }

    pub fn cols(&self) -> usize {
        self.shape().1
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        let (r, c) = self.shape();
        r * c
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn is_real(&self) -> bool {
        matches!(self, NumArray::Real(_))
    }

    /// The real elements, when the array is real.
    pub fn as_real(&self) -> Option<&Array2<f64>> {
        match self {
            NumArray::Real(a) => Some(a),
            NumArray::Complex(_) => None,
        }
    }

    /// Element (r, c), 0-based. Panics out of range: callers check bounds first.
    pub fn get(&self, r: usize, c: usize) -> C64 {
        match self {
            NumArray::Real(a) => C64::new(a[[r, c]], 0.0),
            NumArray::Complex(a) => a[[r, c]],
        }
    }

    /// Real part of element (r, c), 0-based.
    pub fn get_re(&self, r: usize, c: usize) -> f64 {
        match self {
            NumArray::Real(a) => a[[r, c]],
            NumArray::Complex(a) => a[[r, c]].re,
        }
    }

    /// The (row, col) of 0-based column-major linear index `k`.
    pub fn col_major_pos(&self, k: usize) -> (usize, usize) {
        let rows = self.rows().max(1);
        (k % rows, k / rows)
    }

    /// Element at 0-based column-major linear index `k`.
    pub fn col_major(&self, k: usize) -> C64 {
        let (r, c) = self.col_major_pos(k);
        self.get(r, c)
    }

    /// Elements in row-major order, as complex numbers.
    pub fn iter_c(&self) -> Box<dyn Iterator<Item = C64> + '_> {
        match self {
            NumArray::Real(a) => Box::new(a.iter().map(|&x| C64::new(x, 0.0))),
            NumArray::Complex(a) => Box::new(a.iter().copied()),
        }
    }

    /// Real parts in row-major order.
    pub fn iter_re(&self) -> Box<dyn Iterator<Item = f64> + '_> {
        match self {
            NumArray::Real(a) => Box::new(a.iter().copied()),
            NumArray::Complex(a) => Box::new(a.iter().map(|z| z.re)),
        }
    }

    /// Real parts in row-major order, collected.
    pub fn to_re_vec(&self) -> Vec<f64> {
        self.iter_re().collect()
    }

    /// All elements in row-major order as complex numbers.
    pub fn to_c_vec(&self) -> Vec<C64> {
        self.iter_c().collect()
    }

    /// A complex copy of the data (real data gets zero imaginary parts).
    pub fn to_complex(&self) -> Array2<C64> {
        match self {
            NumArray::Real(a) => a.mapv(|x| C64::new(x, 0.0)),
            NumArray::Complex(a) => a.clone(),
        }
    }

    /// The real parts as an array (imaginary parts dropped).
    pub fn re(&self) -> Array2<f64> {
        match self {
            NumArray::Real(a) => a.clone(),
            NumArray::Complex(a) => a.mapv(|z| z.re),
        }
    }

    /// `'` (conjugate = true) or `.'` transpose, as a new array in standard layout.
    pub fn transpose(&self, conjugate: bool) -> Self {
        match self {
            NumArray::Real(a) => NumArray::Real(transposed(a)),
            NumArray::Complex(a) => {
                let mut t = transposed(a);
                if conjugate {
                    t.mapv_inplace(|z| z.conj());
                }
                NumArray::Complex(t)
            }
        }
    }

    /// The same elements (row-major order) in a new shape; `rows*cols` must equal `len()`.
    pub fn reshaped_row_major(&self, rows: usize, cols: usize) -> Self {
        match self {
            NumArray::Real(a) => Self::from_row_major(rows, cols, a.iter().copied().collect()),
            NumArray::Complex(a) => NumArray::Complex(
                Array2::from_shape_vec((rows, cols), a.iter().copied().collect())
                    .unwrap_or_else(|_| Array2::zeros((0, 0))),
            ),
        }
    }

    /// Apply a real function to every element of a real array, or a complex function
    /// otherwise; the kind of function chosen follows the stored data.
    /// Large real arrays are mapped on several threads (each element on its own, so the
    /// result is the serial one, bit for bit).
    pub fn map(
        &self,
        real: impl Fn(f64) -> f64 + Sync + Send,
        complex: impl Fn(C64) -> C64,
    ) -> Self {
        match self {
            NumArray::Real(a) if a.len() >= PARALLEL_FROM => {
                NumArray::Real(par_map_collect!(Zip::from(a), |&x| real(x)))
            }
            NumArray::Real(a) => NumArray::Real(map_real(a, real)),
            NumArray::Complex(a) => NumArray::complex(a.mapv(complex)),
        }
    }
}

/// `real` applied to every element of `a`, in a new array of `a`'s shape. In standard
/// layout the cells are mapped as one slice under [`wide`], so the compiler turns the loop
/// into the machine's widest vector instructions where `real` allows (ndarray's `mapv`
/// writes an element at a time).
fn map_real(a: &Array2<f64>, real: impl Fn(f64) -> f64) -> Array2<f64> {
    match a.as_slice() {
        Some(cells) => {
            let mapped = wide(MapCells { cells, real });
            Array2::from_shape_vec(a.dim(), mapped).expect("the cells of an array of this shape")
        }
        None => a.mapv(real),
    }
}

/// [`map_real`]'s loop, to run under [`wide`].
struct MapCells<'a, F> {
    cells: &'a [f64],
    real: F,
}

impl<F: Fn(f64) -> f64> pulp::WithSimd for MapCells<'_, F> {
    type Output = Vec<f64>;
    #[inline(always)]
    fn with_simd<S: pulp::Simd>(self, _: S) -> Vec<f64> {
        self.cells.iter().map(|&x| (self.real)(x)).collect()
    }
}

/// `work` compiled for the widest vector instructions the machine has (pulp's dispatch:
/// AVX2 on most x86-64, where the default build has only SSE2). The arithmetic is the same
/// IEEE operations at any width (no contraction into FMA), so the values are the same bits.
/// `work` is a type whose `with_simd` is `#[inline(always)]`: a closure handed over as the
/// work, or to an iterator's `for_each`, may be compiled apart from the dispatched function
/// and lose its instructions (the loops that use this were checked in the machine code).
#[inline(always)]
pub(crate) fn wide<W: pulp::WithSimd>(work: W) -> W::Output {
    pulp::Arch::new().dispatch(work)
}

/// `real` applied to every element of `a` where it is, as [`NumArray::map`] computes it
/// (on several threads for large arrays).
pub(crate) fn map_real_in_place(a: &mut Array2<f64>, real: impl Fn(f64) -> f64 + Sync + Send) {
    if a.len() >= PARALLEL_FROM {
        par_for_each!(Zip::from(a), |x: &mut f64| *x = real(*x));
    } else {
        a.mapv_inplace(real);
    }
}

/// `a` transposed, in standard layout, built by reading `a` column by column (ndarray's
/// strided iterator costs more than the copy for the small matrices transposed in every
/// training step; so did a walk of the cells with `step_by` or index arithmetic, measured
/// in b11).
pub(crate) fn transposed<T: Copy>(a: &Array2<T>) -> Array2<T> {
    Array2::from_shape_fn(a.t().dim(), |(j, i)| a[[i, j]])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn complex_with_zero_imaginary_parts_is_stored_real() {
        let a = Array2::from_elem((2, 2), C64::new(1.0, 0.0));
        assert!(NumArray::complex(a).is_real());
        let b = Array2::from_elem((1, 1), C64::new(1.0, 1e-300));
        assert!(!NumArray::complex(b).is_real());
    }

    #[test]
    fn linear_index_is_column_major() {
        let m = NumArray::from_row_major(2, 3, vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        let order: Vec<f64> = (0..6).map(|k| m.col_major(k).re).collect();
        assert_eq!(order, vec![1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
    }

    #[test]
    fn transposed_matches_cell_by_cell_in_any_layout_and_shape() {
        for (rows, cols) in [(1, 1), (3, 5), (12, 16), (0, 3), (3, 0), (7, 1), (1, 7)] {
            let a = Array2::from_shape_fn((rows, cols), |(i, j)| (i * 100 + j) as f64);
            let fortran = a.t().as_standard_layout().into_owned().reversed_axes();
            for input in [&a, &fortran] {
                let expected = input.t().as_standard_layout().into_owned();
                let got = transposed(input);
                assert_eq!(got, expected, "{rows}×{cols}");
                assert!(got.is_standard_layout());
            }
        }
    }

    #[test]
    fn transpose_keeps_values_and_conjugates_on_request() {
        let mut a = Array2::from_elem((1, 2), C64::new(1.0, 2.0));
        a[[0, 1]] = C64::new(3.0, -1.0);
        let m = NumArray::complex(a);
        let t = m.transpose(true);
        assert_eq!(t.shape(), (2, 1));
        assert_eq!(t.get(1, 0), C64::new(3.0, 1.0));
        assert_eq!(m.transpose(false).get(0, 0), C64::new(1.0, 2.0));
    }

    #[test]
    fn a_transpose_is_in_standard_layout_from_any_layout() {
        let m = Array2::from_shape_fn((3, 4), |(i, j)| (10 * i + j) as f64);
        let row = Array2::from_shape_fn((1, 4), |(_, j)| j as f64);
        let empty = [Array2::zeros((0, 3)), Array2::zeros((3, 0))];
        for a in [m.clone(), m.t().to_owned(), row.clone(), row.t().to_owned()]
            .into_iter()
            .chain(empty)
        {
            let t = NumArray::Real(a.clone()).transpose(false);
            let NumArray::Real(t) = t else { panic!("real") };
            assert!(t.is_standard_layout());
            assert_eq!(t, a.t());
        }
    }
}
