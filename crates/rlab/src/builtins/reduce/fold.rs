//! How `sum`, `mean` and `prod` reduce real numbers: a running total from a start value,
//! left to right, then (`mean`) divided by the count. The same operations in the same order
//! as the complex path on real parts, so the same bits.
//!
//! Down the columns of an array in standard layout, four columns' totals are kept at once
//! (one vector register) while the rows are added in order: each column still sees its
//! elements top to bottom, but four additions are one instruction instead of one strided
//! walk per column.

use super::super::numeric::along_dim_real;
use crate::value::{NumArray, wide};
use ndarray::{Array2, ArrayView1};

/// A reduction of real numbers that runs a total through the elements.
#[derive(Clone, Copy, Debug)]
pub(super) enum RealFold {
    Sum,
    Mean,
    Product,
}

impl RealFold {
    /// The total of `xs`, finished (`xs` is one column or row, or a whole flat array).
    pub(super) fn of<'a>(self, xs: impl IntoIterator<Item = &'a f64>) -> f64 {
        let (total, count) = match self {
            RealFold::Sum | RealFold::Mean => total_of(xs, 0.0, |t, x| t + x),
            RealFold::Product => total_of(xs, 1.0, |t, x| t * x),
        };
        self.finish(total, count)
    }

    /// The reduction of each column (`dim` 1, giving 1×C) or row (`dim` 2, giving R×1).
    pub(super) fn along(self, a: &Array2<f64>, dim: usize) -> NumArray {
        match a.as_slice() {
            Some(cells) if dim == 1 && a.ncols() > 0 => {
                let rows = a.nrows();
                let totals = match self {
                    RealFold::Sum | RealFold::Mean => columns(cells, a.ncols(), 0.0, |t, x| t + x),
                    RealFold::Product => columns(cells, a.ncols(), 1.0, |t, x| t * x),
                };
                let finished = totals.into_iter().map(|t| self.finish(t, rows)).collect();
                NumArray::from_row_major(1, a.ncols(), finished)
            }
            _ => along_dim_real(a, dim, |xs: ArrayView1<'_, f64>| self.of(xs)),
        }
    }

    fn finish(self, total: f64, count: usize) -> f64 {
        match self {
            RealFold::Mean => total / count as f64,
            RealFold::Sum | RealFold::Product => total,
        }
    }
}

/// The running total of `xs` from `start`, and how many there were.
fn total_of<'a>(
    xs: impl IntoIterator<Item = &'a f64>,
    start: f64,
    step: impl Fn(f64, f64) -> f64,
) -> (f64, usize) {
    xs.into_iter()
        .fold((start, 0), |(total, n), &x| (step(total, x), n + 1))
}

/// Each column's running total from `start` over `cells` (row-major, `cols` wide), the rows
/// taken in order.
fn columns(cells: &[f64], cols: usize, start: f64, step: impl Fn(f64, f64) -> f64) -> Vec<f64> {
    wide(Columns {
        cells,
        cols,
        start,
        step,
    })
}

/// [`columns`]'s loop, to run under [`wide`].
struct Columns<'a, F> {
    cells: &'a [f64],
    cols: usize,
    start: f64,
    step: F,
}

impl<F: Fn(f64, f64) -> f64> pulp::WithSimd for Columns<'_, F> {
    type Output = Vec<f64>;
    #[inline(always)]
    fn with_simd<S: pulp::Simd>(self, _: S) -> Vec<f64> {
        let Columns {
            cells,
            cols,
            start,
            step,
        } = self;
        let mut totals = Vec::with_capacity(cols);
        // Four columns at a time, their totals in one vector register for the whole pass.
        let blocks = cols / 4 * 4;
        for first in (0..blocks).step_by(4) {
            let mut block = [start; 4];
            for row in cells.chunks_exact(cols) {
                let x = &row[first..first + 4];
                for k in 0..4 {
                    block[k] = step(block[k], x[k]);
                }
            }
            totals.extend(block);
        }
        for j in blocks..cols {
            let column = cells[j..].iter().step_by(cols);
            totals.push(column.fold(start, |total, &x| step(total, x)));
        }
        totals
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::ShapeBuilder;

    /// Each column reduced on its own, as the strided walk does.
    fn column_by_column(fold: RealFold, a: &Array2<f64>) -> Vec<u64> {
        a.columns()
            .into_iter()
            .map(|c| fold.of(c).to_bits())
            .collect()
    }

    #[test]
    fn columns_at_once_give_each_columns_own_bits() {
        let awkward = [
            0.1,
            -0.7,
            1e16,
            3.3,
            -1e16,
            2.5e-300,
            -0.0,
            f64::NAN,
            1.0 / 3.0,
        ];
        for (rows, cols) in [(1, 1), (3, 1), (1, 5), (7, 3), (64, 16), (12, 33)] {
            let a = Array2::from_shape_fn((rows, cols), |(i, j)| {
                awkward[(i * 5 + j * 3) % awkward.len()] * (1.0 + i as f64 / 7.0)
            });
            for fold in [RealFold::Sum, RealFold::Mean, RealFold::Product] {
                let NumArray::Real(at_once) = fold.along(&a, 1) else {
                    panic!("a real reduction")
                };
                let bits: Vec<u64> = at_once.iter().map(|x| x.to_bits()).collect();
                assert_eq!(
                    bits,
                    column_by_column(fold, &a),
                    "{fold:?} of {rows}×{cols}"
                );
            }
        }
    }

    #[test]
    fn a_column_of_negative_zeros_sums_to_zero_from_zero() {
        let a = Array2::from_elem((2, 3), -0.0);
        let NumArray::Real(sums) = RealFold::Sum.along(&a, 1) else {
            panic!("a real reduction")
        };
        assert!(sums.iter().all(|x| x.to_bits() == 0.0f64.to_bits()));
    }

    #[test]
    fn rows_and_other_layouts_are_reduced_one_by_one() {
        let a = Array2::from_shape_fn((3, 4), |(i, j)| (i * 4 + j) as f64 + 0.1);
        let NumArray::Real(rows) = RealFold::Mean.along(&a, 2) else {
            panic!("a real reduction")
        };
        assert_eq!(rows.dim(), (3, 1));
        assert_eq!(rows[[1, 0]], (4.1 + 5.1 + 6.1 + 7.1) / 4.0);
        let mut by_columns = Array2::zeros((4, 3).f());
        by_columns.assign(&a.t());
        let NumArray::Real(sums) = RealFold::Sum.along(&by_columns, 1) else {
            panic!("a real reduction")
        };
        let bits: Vec<u64> = sums.iter().map(|x| x.to_bits()).collect();
        assert_eq!(bits, column_by_column(RealFold::Sum, &by_columns));
    }
}
