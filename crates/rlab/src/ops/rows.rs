//! Element-wise loops over real operands with implicit expansion, row by row over
//! contiguous slices: a number, a row, a column or a whole array combines with an array
//! without the per-element index arithmetic of a zero-stride (broadcast) view, so the
//! compiler can vectorise each row. Every element is computed by the one `f64` operation the
//! caller passes, with the same operands as any other loop order: the values are the same
//! bits.

use crate::value::wide;
use ndarray::Array2;

/// A real operand as rows of the result: its data in row-major order and its shape, whose
/// dimensions are each 1 or the result's.
#[derive(Clone, Copy)]
pub(super) struct Rows<'a> {
    data: &'a [f64],
    rows: usize,
    cols: usize,
}

/// One row of an operand as the result's row sees it: one element for every column, or one
/// element per column.
#[derive(Clone, Copy)]
enum Row<'a> {
    Repeated(f64),
    Each(&'a [f64]),
}

impl<'a> Rows<'a> {
    /// An array in standard layout (else `None`: the caller takes its general loop).
    pub(super) fn of(a: &'a Array2<f64>) -> Option<Rows<'a>> {
        let (rows, cols) = a.dim();
        Some(Rows {
            data: a.as_slice()?,
            rows,
            cols,
        })
    }

    /// A number, which expands to any shape.
    pub(super) fn number(x: &'a f64) -> Rows<'a> {
        Rows {
            data: std::slice::from_ref(x),
            rows: 1,
            cols: 1,
        }
    }

    /// The whole operand as one row of a result with `len` elements, when it is a number
    /// or has the result's shape (no row-by-row loop needed).
    fn whole(self, len: usize) -> Option<Row<'a>> {
        match self.data.len() {
            n if n == len => Some(Row::Each(self.data)),
            1 => Some(Row::Repeated(self.data[0])),
            _ => None,
        }
    }

    /// Row `i` of the result's rows.
    #[inline(always)]
    fn row(self, i: usize) -> Row<'a> {
        let i = if self.rows == 1 { 0 } else { i };
        match self.cols {
            1 => Row::Repeated(self.data[i]),
            n => Row::Each(&self.data[i * n..(i + 1) * n]),
        }
    }
}

/// `f(a, b)` element by element into a new array of `shape` (which both operands expand
/// to): in one loop when each is a number or of the result's shape, else row by row.
#[inline(always)]
pub(super) fn collect(
    a: Rows,
    b: Rows,
    (rows, cols): (usize, usize),
    f: impl Fn(f64, f64) -> f64,
) -> Array2<f64> {
    let len = rows * cols;
    let mut out = Vec::with_capacity(len);
    wide(Collect {
        a,
        b,
        rows,
        cols,
        f,
        out: &mut out,
    });
    Array2::from_shape_vec((rows, cols), out).expect("rows × cols elements")
}

/// `n` more elements `f(x, y)` onto `out`.
#[inline(always)]
fn extend(out: &mut Vec<f64>, x: Row, y: Row, n: usize, f: &impl Fn(f64, f64) -> f64) {
    match (x, y) {
        (Row::Each(x), Row::Each(y)) => out.extend(x.iter().zip(y).map(|(&x, &y)| f(x, y))),
        (Row::Each(x), Row::Repeated(y)) => out.extend(x.iter().map(|&x| f(x, y))),
        (Row::Repeated(x), Row::Each(y)) => out.extend(y.iter().map(|&y| f(x, y))),
        (Row::Repeated(x), Row::Repeated(y)) => out.resize(out.len() + n, f(x, y)),
    }
}

/// `t = f(t, o)` for every element `t` of `row` and its operand `o`.
#[inline(always)]
fn combine(row: &mut [f64], other: Row, f: impl Fn(f64, f64) -> f64) {
    match other {
        Row::Each(o) => {
            for (t, &o) in row.iter_mut().zip(o) {
                *t = f(*t, o);
            }
        }
        Row::Repeated(o) => {
            for t in row.iter_mut() {
                *t = f(*t, o);
            }
        }
    }
}

/// `target = f(target, other)`, or `f(other, target)` when `!target_left`, element by
/// element, `other` expanding to target's shape; false (nothing done) when target is not in
/// standard layout.
#[inline(always)]
pub(super) fn update(
    target: &mut Array2<f64>,
    other: Rows,
    target_left: bool,
    f: impl Fn(f64, f64) -> f64,
) -> bool {
    let cols = target.ncols();
    let Some(data) = target.as_slice_mut() else {
        return false;
    };
    wide(Update {
        data,
        cols,
        other,
        target_left,
        f,
    });
    true
}

/// [`update`]'s loops, to run under [`wide`].
struct Update<'a, F> {
    data: &'a mut [f64],
    cols: usize,
    other: Rows<'a>,
    target_left: bool,
    f: F,
}

impl<F: Fn(f64, f64) -> f64> pulp::WithSimd for Update<'_, F> {
    type Output = ();
    #[inline(always)]
    fn with_simd<S: pulp::Simd>(self, _: S) {
        let Update {
            data,
            cols,
            other,
            target_left,
            f,
        } = self;
        let g = |t: f64, o: f64| if target_left { f(t, o) } else { f(o, t) };
        if let Some(o) = other.whole(data.len()) {
            combine(data, o, g);
        } else if cols > 0 {
            for (i, row) in data.chunks_exact_mut(cols).enumerate() {
                combine(row, other.row(i), g);
            }
        }
    }
}

/// [`collect`]'s loops, to run under [`wide`].
struct Collect<'a, 'o, F> {
    a: Rows<'a>,
    b: Rows<'a>,
    rows: usize,
    cols: usize,
    f: F,
    out: &'o mut Vec<f64>,
}

impl<F: Fn(f64, f64) -> f64> pulp::WithSimd for Collect<'_, '_, F> {
    type Output = ();
    #[inline(always)]
    fn with_simd<S: pulp::Simd>(self, _: S) {
        let Collect {
            a,
            b,
            rows,
            cols,
            f,
            out,
        } = self;
        let len = rows * cols;
        if let (Some(x), Some(y)) = (a.whole(len), b.whole(len)) {
            extend(out, x, y, len, &f);
        } else {
            for i in 0..rows {
                extend(out, a.row(i), b.row(i), cols, &f);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::Zip;

    fn array(rows: usize, cols: usize, seed: f64) -> Array2<f64> {
        Array2::from_shape_fn((rows, cols), |(i, j)| {
            ((i * 7 + j * 3) as f64 + seed).sin() * 1e3
        })
    }

    /// The same values as ndarray's broadcast `Zip`, for every pairing of shapes.
    #[test]
    fn rows_match_a_broadcast_zip() {
        let (r, c) = (5, 7);
        let shapes = [(r, c), (1, c), (r, 1), (1, 1)];
        let f = |x: f64, y: f64| x / y - x * y;
        for (k, &sa) in shapes.iter().enumerate() {
            for &sb in &shapes {
                let (a, b) = (array(sa.0, sa.1, k as f64), array(sb.0, sb.1, 0.5));
                let zip = Zip::from(a.broadcast((r, c)).unwrap())
                    .and(b.broadcast((r, c)).unwrap())
                    .map_collect(|&x, &y| f(x, y));
                let rows = collect(Rows::of(&a).unwrap(), Rows::of(&b).unwrap(), (r, c), f);
                assert_eq!(rows, zip, "{sa:?} with {sb:?}");
                let mut target = array(r, c, 2.0);
                let expect = Zip::from(&target)
                    .and(b.broadcast((r, c)).unwrap())
                    .map_collect(|&t, &o| f(o, t));
                assert!(update(&mut target, Rows::of(&b).unwrap(), false, f));
                assert_eq!(target, expect, "into {sb:?}");
            }
        }
    }

    #[test]
    fn numbers_expand_and_empty_arrays_stay_empty() {
        let two = 2.0;
        let a = array(3, 4, 1.0);
        let out = collect(Rows::number(&two), Rows::of(&a).unwrap(), (3, 4), |x, y| {
            x - y
        });
        assert_eq!(out, a.mapv(|y| 2.0 - y));
        let mut empty = Array2::<f64>::zeros((3, 0));
        assert!(update(&mut empty, Rows::number(&two), true, |x, y| x + y));
        let zero_rows = collect(Rows::number(&two), Rows::number(&two), (0, 4), |x, y| x + y);
        assert_eq!(zero_rows.dim(), (0, 4));
    }

    #[test]
    fn a_target_not_in_standard_layout_is_left_to_the_caller() {
        let mut t = array(3, 4, 0.0).reversed_axes();
        let one = 1.0;
        assert!(!update(&mut t, Rows::number(&one), true, |x, y| x + y));
    }
}
