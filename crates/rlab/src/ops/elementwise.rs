//! Element-wise arithmetic on whole arrays with implicit expansion (spec §5.3): two arrays
//! of shapes (r1×c1) and (r2×c2) combine when each dimension is equal or one side is 1; a
//! number combines with any array.
//!
//! Real data stays in `f64` arrays and is combined with ndarray `Zip` straight into the
//! result, so no temporary copy of either operand is made (a broadcast operand is a
//! zero-stride view). Complex data goes through the num-complex formulas and is stored real
//! again when every imaginary part comes out zero.

use super::kernel::{Arith, array_div};
use super::rows::{self, Rows};
use crate::error::{LangError, LangResult};
use crate::limits;
use crate::value::{C64, NumArray, PARALLEL_FROM};
use ndarray::{Array2, ArrayBase, ArrayView2, CowArray, Data, Ix2, Zip};

/// A number taking part in array arithmetic: a Scalar or a Complex value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Num {
    Real(f64),
    Complex(C64),
}

impl Num {
    /// The number as a `1×1` array, which broadcasts against any shape.
    fn as_array(self) -> NumArray {
        match self {
            Num::Real(x) => NumArray::filled(1, 1, x),
            Num::Complex(z) => NumArray::Complex(Array2::from_elem((1, 1), z)),
        }
    }
}

/// The shape two operands expand to, or the verbatim rustlab error.
pub(crate) fn broadcast_shape(a: (usize, usize), b: (usize, usize)) -> LangResult<(usize, usize)> {
    let rows = expand_dim(a.0, b.0).ok_or_else(|| incompatible("row", a.0, b.0))?;
    let cols = expand_dim(a.1, b.1).ok_or_else(|| incompatible("column", a.1, b.1))?;
    Ok((rows, cols))
}

fn expand_dim(a: usize, b: usize) -> Option<usize> {
    if a == b || b == 1 {
        Some(a)
    } else if a == 1 {
        Some(b)
    } else {
        None
    }
}

fn incompatible(which: &str, a: usize, b: usize) -> LangError {
    LangError::type_error(format!(
        "implicit expansion: {which} dimensions [{a}] and [{b}] are incompatible (must match, or one must be 1)"
    ))
}

/// `a ∘ b` element by element, expanding size-1 dimensions.
pub(crate) fn arrays(op: Arith, a: &NumArray, b: &NumArray) -> LangResult<NumArray> {
    let shape = broadcast_shape(a.shape(), b.shape())?;
    match (a, b) {
        (NumArray::Real(x), NumArray::Real(y)) => {
            limits::check_real(shape.0, shape.1)?;
            Ok(NumArray::Real(real(op, x, y, shape)?))
        }
        _ => {
            limits::check_alloc(shape.0, shape.1, std::mem::size_of::<C64>())?;
            let (x, y) = (complex_data(a), complex_data(b));
            let result = Zip::from(expand(&x, shape)?)
                .and(expand(&y, shape)?)
                .map_collect(|&p, &q| op.complex(p, q));
            Ok(NumArray::complex(result))
        }
    }
}

/// `a ∘ s` (array on the left) — same shape as `a`.
pub(crate) fn array_number(op: Arith, a: &NumArray, s: Num) -> LangResult<NumArray> {
    with_number(op, a, s, false)
}

/// `s ∘ a` (number on the left) — same shape as `a`.
pub(crate) fn number_array(op: Arith, s: Num, a: &NumArray) -> LangResult<NumArray> {
    with_number(op, a, s, true)
}

/// `a ∘ s`, or `s ∘ a` when `number_left`: row by row for a real array and number (no
/// `1×1` array made for the number), else as two arrays.
fn with_number(op: Arith, a: &NumArray, s: Num, number_left: bool) -> LangResult<NumArray> {
    if let (NumArray::Real(x), Num::Real(s)) = (a, s)
        && let Some(rows) = serial_rows(x)?
    {
        let number = Rows::number(&s);
        let (left, right) = if number_left {
            (number, rows)
        } else {
            (rows, number)
        };
        return Ok(NumArray::Real(collect_rows(op, left, right, x.dim())));
    }
    let number = s.as_array();
    match number_left {
        true => arrays(op, &number, a),
        false => arrays(op, a, &number),
    }
}

/// The rows of an array combined with a number, when a new array of its shape is allowed,
/// it is in standard layout and the work is not split over threads.
fn serial_rows(a: &Array2<f64>) -> LangResult<Option<Rows<'_>>> {
    limits::check_real(a.nrows(), a.ncols())?;
    Ok(Rows::of(a).filter(|_| a.len() < PARALLEL_FROM))
}

/// Real `x ∘ y` into a new array of `shape`: row by row when both are in standard layout
/// and the work is not split over threads, else by a broadcast `Zip`.
fn real(
    op: Arith,
    x: &Array2<f64>,
    y: &Array2<f64>,
    shape: (usize, usize),
) -> LangResult<Array2<f64>> {
    match Rows::of(x).zip(Rows::of(y)) {
        Some((a, b)) if shape.0 * shape.1 < PARALLEL_FROM => Ok(collect_rows(op, a, b, shape)),
        _ => Ok(zip_real(op, expand(x, shape)?, expand(y, shape)?)),
    }
}

/// [`rows::collect`] with the operator chosen once, outside the element loop.
fn collect_rows(op: Arith, a: Rows, b: Rows, shape: (usize, usize)) -> Array2<f64> {
    match op {
        Arith::Add => rows::collect(a, b, shape, |x, y| x + y),
        Arith::Sub => rows::collect(a, b, shape, |x, y| x - y),
        Arith::Mul => rows::collect(a, b, shape, |x, y| x * y),
        Arith::Div => rows::collect(a, b, shape, array_div),
        Arith::Pow => rows::collect(a, b, shape, f64::powf),
    }
}

/// A view of `a` expanded to `shape` (zero strides along size-1 dimensions).
fn expand<S: Data>(
    a: &ArrayBase<S, Ix2>,
    shape: (usize, usize),
) -> LangResult<ArrayView2<'_, S::Elem>> {
    a.broadcast(shape)
        .ok_or_else(|| LangError::runtime("internal error: broadcast shapes disagree"))
}

/// The elements as complex numbers, borrowing when they already are.
fn complex_data(a: &NumArray) -> CowArray<'_, C64, Ix2> {
    match a {
        NumArray::Real(x) => CowArray::from(x.mapv(|v| C64::new(v, 0.0))),
        NumArray::Complex(z) => CowArray::from(z.view()),
    }
}

/// Real element-wise kernel; the operator is chosen once, outside the element loop. Large
/// arrays are split over threads (element by element, so bit-identical to the serial loop).
fn zip_real(op: Arith, a: ArrayView2<'_, f64>, b: ArrayView2<'_, f64>) -> Array2<f64> {
    let parallel = a.len().max(b.len()) >= PARALLEL_FROM;
    let zip = Zip::from(a).and(b);
    macro_rules! collect {
        ($f:expr) => {
            if parallel {
                par_map_collect!(zip, $f)
            } else {
                zip.map_collect($f)
            }
        };
    }
    match op {
        Arith::Add => collect!(|&x, &y| x + y),
        Arith::Sub => collect!(|&x, &y| x - y),
        Arith::Mul => collect!(|&x, &y| x * y),
        Arith::Div => collect!(|&x, &y| array_div(x, y)),
        Arith::Pow => collect!(|&x, &y| x.powf(y)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::AllocScope;

    fn real(rows: usize, cols: usize, data: &[f64]) -> NumArray {
        NumArray::from_row_major(rows, cols, data.to_vec())
    }

    #[test]
    fn shapes_expand_along_size_one_dimensions() {
        assert_eq!(broadcast_shape((1, 3), (2, 1)).unwrap(), (2, 3));
        assert_eq!(broadcast_shape((2, 3), (1, 3)).unwrap(), (2, 3));
        assert_eq!(broadcast_shape((2, 3), (2, 3)).unwrap(), (2, 3));
        assert_eq!(broadcast_shape((1, 0), (3, 1)).unwrap(), (3, 0));
    }

    #[test]
    fn incompatible_shapes_report_the_dimension() {
        let rows = broadcast_shape((2, 3), (3, 3)).unwrap_err();
        assert_eq!(
            rows.message,
            "implicit expansion: row dimensions [2] and [3] are incompatible (must match, or one must be 1)"
        );
        let cols = broadcast_shape((2, 3), (2, 2)).unwrap_err();
        assert_eq!(
            cols.message,
            "implicit expansion: column dimensions [3] and [2] are incompatible (must match, or one must be 1)"
        );
        assert_eq!(cols.kind, crate::error::ErrorKind::Type);
    }

    #[test]
    fn row_plus_column_gives_the_outer_sum() {
        let row = real(1, 3, &[1.0, 2.0, 3.0]);
        let col = real(2, 1, &[1.0, 2.0]);
        let sum = arrays(Arith::Add, &row, &col).unwrap();
        assert_eq!(sum, real(2, 3, &[2.0, 3.0, 4.0, 3.0, 4.0, 5.0]));
    }

    #[test]
    fn every_real_kernel_applies_elementwise() {
        let a = real(1, 2, &[6.0, 2.0]);
        let b = real(1, 2, &[3.0, 4.0]);
        assert_eq!(
            arrays(Arith::Sub, &a, &b).unwrap(),
            real(1, 2, &[3.0, -2.0])
        );
        assert_eq!(
            arrays(Arith::Mul, &a, &b).unwrap(),
            real(1, 2, &[18.0, 8.0])
        );
        assert_eq!(arrays(Arith::Div, &a, &b).unwrap(), real(1, 2, &[2.0, 0.5]));
        assert_eq!(
            arrays(Arith::Pow, &a, &b).unwrap(),
            real(1, 2, &[216.0, 16.0])
        );
    }

    #[test]
    fn array_division_uses_the_complex_formula() {
        let v = real(1, 1, &[0.1]);
        let q = array_number(Arith::Div, &v, Num::Real(0.3)).unwrap();
        assert_eq!(q.get_re(0, 0), 0.3333333333333333);
        let r = number_array(Arith::Div, Num::Real(1.0), &real(1, 2, &[2.0, 4.0])).unwrap();
        assert_eq!(r, real(1, 2, &[0.5, 0.25]));
    }

    #[test]
    fn complex_operands_give_complex_results_and_demote_when_real() {
        let v = real(1, 2, &[1.0, 2.0]);
        let i = C64::new(0.0, 1.0);
        let shifted = array_number(Arith::Add, &v, Num::Complex(i)).unwrap();
        assert!(!shifted.is_real());
        assert_eq!(shifted.get(0, 1), C64::new(2.0, 1.0));
        let back = array_number(Arith::Sub, &shifted, Num::Complex(i)).unwrap();
        assert!(back.is_real());
        assert_eq!(back, v);
    }

    #[test]
    fn expansion_respects_the_allocation_cap() {
        let _cap = AllocScope::new(8 * 10);
        let row = real(1, 4, &[1.0; 4]);
        let col = real(4, 1, &[1.0; 4]);
        let err = arrays(Arith::Add, &row, &col).unwrap_err();
        assert_eq!(err.kind, crate::error::ErrorKind::Limit);
        assert!(arrays(Arith::Add, &row, &row).is_ok());
    }

    #[test]
    fn empty_arrays_combine_to_empty_results() {
        let empty = real(1, 0, &[]);
        let sum = array_number(Arith::Add, &empty, Num::Real(1.0)).unwrap();
        assert_eq!(sum.shape(), (1, 0));
    }
}
