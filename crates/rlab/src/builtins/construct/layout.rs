//! Arrays built from other arrays (spec §10.1): `repmat` (tiling), `outer` (products of
//! two vectors), `diag` (diagonal matrix from a vector, or a diagonal of a matrix),
//! `transpose` (the function form of `.'`) and `meshgrid` (coordinate grids). Every result
//! is a Matrix except the diagonal `diag(M)` extracts, which is a Vector.

use crate::builtins::Args;
use crate::builtins::numeric::{
    check_alloc, complex_array, expected, mul_c, mul_size, vector_elements,
};
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{C64, NumArray, Value};
use ndarray::Array2;

/// `repmat(A, m, n)`: A (Scalar, Complex, Vector as a `1×N` block, or Matrix) tiled m
/// times down and n times across; always a Matrix.
pub(super) fn repmat(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(3, 3)?;
    let source = args.value(0)?;
    let block = source
        .to_num_array()
        .ok_or_else(|| expected("repmat", "a number or array", source))?;
    let (down, across) = (args.size(1)?, args.size(2)?);
    let rows = mul_size(block.rows(), down);
    let cols = mul_size(block.cols(), across);
    check_alloc(rows, cols, !block.is_real())?;
    let tiled = match &block {
        NumArray::Real(a) => NumArray::Real(tile(a, rows, cols)?),
        NumArray::Complex(a) => NumArray::Complex(tile(a, rows, cols)?),
    };
    Ok(Value::matrix(tiled))
}

/// A `rows×cols` array repeating `block` (rows and cols are multiples of its shape).
/// The block's rows are laid out once, each repeated across, then the rows made so far are
/// copied after themselves until all are there: a few long copies rather than one per row
/// or element (a training step tiles a bias, or a column of row maxima, this way every
/// step).
fn tile<T: Copy>(block: &Array2<T>, rows: usize, cols: usize) -> LangResult<Array2<T>> {
    let (_, block_cols) = block.dim();
    let size = rows * cols;
    let mut data = Vec::with_capacity(size);
    if size > 0 {
        let block = block.as_standard_layout();
        let cells = block.as_slice().unwrap_or_default();
        for row in cells.chunks_exact(block_cols) {
            match row {
                [one] => data.resize(data.len() + cols, *one),
                row => (0..cols / block_cols).for_each(|_| data.extend_from_slice(row)),
            }
        }
        while data.len() < size {
            data.extend_from_within(..(size - data.len()).min(data.len()));
        }
    }
    Array2::from_shape_vec((rows, cols), data)
        .map_err(|_| LangError::runtime("internal error: repmat shapes disagree"))
}

/// `outer(a, b)`: the `len(a)×len(b)` Matrix of products `a(i)·b(j)`.
pub(super) fn outer(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    let xs = vector_elements("outer", args.value(0)?)?;
    let ys = vector_elements("outer", args.value(1)?)?;
    // The products are gathered as complex numbers before demotion: check that size.
    check_alloc(xs.len(), ys.len(), true)?;
    let data = xs
        .iter()
        .flat_map(|&x| ys.iter().map(move |&y| mul_c(x, y)))
        .collect();
    Ok(Value::matrix(complex_array(xs.len(), ys.len(), data)))
}

/// `diag(v[, k])`: square Matrix with v on diagonal k (k > 0 above, k < 0 below);
/// `diag(M[, k])`: Vector of M's diagonal k. k is truncated toward zero.
pub(super) fn diag(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 2)?;
    let k = if args.len() == 2 {
        args.f64(1)? as i64
    } else {
        0
    };
    match args.value(0)? {
        Value::Vector(a) => diagonal_matrix(a, k),
        Value::Matrix(a) => {
            let d = diagonal_of(a, k);
            Ok(Value::vector(complex_array(1, d.len(), d)))
        }
        other => Err(expected("diag", "vector or matrix", other)),
    }
}

/// The `(n+|k|)×(n+|k|)` Matrix with the n elements of `a` on diagonal k.
fn diagonal_matrix(a: &NumArray, k: i64) -> LangResult<Value> {
    let shift = usize::try_from(k.unsigned_abs()).unwrap_or(usize::MAX);
    let size = a.len().saturating_add(shift);
    check_alloc(size, size, !a.is_real())?;
    let out = match a {
        NumArray::Real(x) => NumArray::Real(place_diagonal(x.iter().copied(), size, k, 0.0)),
        NumArray::Complex(z) => NumArray::Complex(place_diagonal(
            z.iter().copied(),
            size,
            k,
            C64::new(0.0, 0.0),
        )),
    };
    Ok(Value::matrix(out))
}

/// A `size×size` array of `zero` with `items` along diagonal `k`.
fn place_diagonal<T: Clone>(
    items: impl Iterator<Item = T>,
    size: usize,
    k: i64,
    zero: T,
) -> Array2<T> {
    let shift = usize::try_from(k.unsigned_abs()).unwrap_or(usize::MAX);
    let mut out = Array2::from_elem((size, size), zero);
    for (i, item) in items.enumerate() {
        let (r, c) = if k >= 0 {
            (i, i + shift)
        } else {
            (i + shift, i)
        };
        if let Some(cell) = out.get_mut([r, c]) {
            *cell = item;
        }
    }
    out
}

/// The elements `(i, i + k)` of `a` that exist, in order.
fn diagonal_of(a: &NumArray, k: i64) -> Vec<C64> {
    let (rows, cols) = (a.rows() as i128, a.cols() as i128);
    let k = i128::from(k);
    let len = if k >= 0 {
        (cols - k).clamp(0, rows)
    } else {
        (rows + k).clamp(0, cols)
    };
    (0..len)
        .map(|i| {
            let (r, c) = if k >= 0 { (i, i + k) } else { (i - k, i) };
            a.get(r as usize, c as usize)
        })
        .collect()
}

/// `transpose(A)` = `A.'`: Vector → N×1 Matrix, Matrix → C×R Matrix, numbers unchanged.
pub(super) fn transpose(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    match args.value(0)? {
        v @ (Value::Scalar(_) | Value::Complex(_)) => Ok(v.clone()),
        Value::Vector(a) | Value::Matrix(a) => Ok(Value::matrix(a.transpose(false))),
        s @ (Value::Sparse(_) | Value::Int(_)) => crate::ops::transpose(s, false),
        other => Err(expected("transpose", "a number or array", other)),
    }
}

/// `[X, Y] = meshgrid(x, y)`: two `len(y)×len(x)` Matrices, X(i, j) = x(j), Y(i, j) = y(i).
pub(super) fn meshgrid(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    let xs = vector_elements("meshgrid", args.value(0)?)?;
    let ys = vector_elements("meshgrid", args.value(1)?)?;
    let (rows, cols) = (ys.len(), xs.len());
    // Both grids are gathered as complex numbers before demotion: check that size.
    check_alloc(mul_size(rows, 2), cols, true)?;
    let x = (0..rows).flat_map(|_| xs.iter().copied()).collect();
    let y = ys
        .iter()
        .flat_map(|&yi| std::iter::repeat_n(yi, cols))
        .collect();
    Ok(Value::tuple(vec![
        Value::matrix(complex_array(rows, cols, x)),
        Value::matrix(complex_array(rows, cols, y)),
    ]))
}

#[cfg(test)]
mod tests {
    use super::super::TABLE;
    use crate::builtins::numeric::testing::*;
    use crate::value::{C64, Value};

    fn call_t(name: &str, args: Vec<Value>) -> Value {
        call(TABLE, name, args).unwrap()
    }

    #[test]
    fn repmat_tiles_blocks_into_a_matrix() {
        let col = m(&[&[1.0], &[2.0]]);
        let r = call_t("repmat", vec![col, s(1.0), s(3.0)]);
        assert_eq!(r, m(&[&[1.0, 1.0, 1.0], &[2.0, 2.0, 2.0]]));
        let r = call_t("repmat", vec![v(&[1.0, 2.0]), s(2.0), s(2.0)]);
        assert_eq!(r, m(&[&[1.0, 2.0, 1.0, 2.0], &[1.0, 2.0, 1.0, 2.0]]));
        assert_eq!(call_t("repmat", vec![s(7.0), s(1.0), s(1.0)]), m(&[&[7.0]]));
        let z = Value::Complex(C64::new(0.0, 1.0));
        let r = call_t("repmat", vec![z, s(1.0), s(2.0)]);
        assert_eq!(arr(&r).get(0, 1), C64::new(0.0, 1.0));
        let e = call_t("repmat", vec![v(&[1.0]), s(0.0), s(3.0)]);
        assert!(matches!(e, Value::Matrix(a) if a.shape() == (0, 3)));
    }

    #[test]
    fn repmat_repeats_every_block_row_and_column() {
        let block = m(&[&[1.0, 2.0, 3.0], &[4.0, 5.0, 6.0]]);
        for (down, across) in [(1, 1), (2, 1), (3, 2), (5, 1), (7, 3)] {
            let r = call_t(
                "repmat",
                vec![block.clone(), s(down as f64), s(across as f64)],
            );
            let Value::Matrix(a) = &r else {
                panic!("not a Matrix: {r:?}")
            };
            assert_eq!(a.shape(), (2 * down, 3 * across));
            for i in 0..2 * down {
                for j in 0..3 * across {
                    let expected = ((i % 2) * 3 + j % 3 + 1) as f64;
                    assert_eq!(a.get(i, j), C64::new(expected, 0.0), "({i}, {j})");
                }
            }
        }
    }

    #[test]
    fn repmat_errors() {
        assert_eq!(
            error(TABLE, "repmat", vec![Value::str("a"), s(1.0), s(1.0)]),
            "type error: repmat: expected a number or array, got string"
        );
        assert!(error(TABLE, "repmat", vec![s(1.0), s(1e6), s(1e6)]).starts_with("limit"));
        assert!(error(TABLE, "repmat", vec![s(1.0), s(2.0)]).contains("expected 3, got 2"));
    }

    #[test]
    fn outer_products() {
        let r = call_t("outer", vec![v(&[1.0, 2.0]), v(&[3.0, 4.0, 5.0])]);
        assert_eq!(r, m(&[&[3.0, 4.0, 5.0], &[6.0, 8.0, 10.0]]));
        let r = call_t("outer", vec![m(&[&[1.0], &[2.0]]), s(2.0)]);
        assert_eq!(r, m(&[&[2.0], &[4.0]]));
        let r = call_t("outer", vec![s(f64::INFINITY), s(2.0)]);
        assert_eq!(r, m(&[&[f64::INFINITY]]));
        assert_eq!(
            error(TABLE, "outer", vec![m(&[&[1.0, 2.0], &[3.0, 4.0]]), s(1.0)]),
            "type error: outer: expected vector, got matrix"
        );
        assert!(error(TABLE, "outer", vec![v(&[0.0; 3])]).contains("expected 2, got 1"));
    }

    #[test]
    fn diag_builds_and_extracts() {
        let d = call_t("diag", vec![v(&[1.0, 2.0])]);
        assert_eq!(d, m(&[&[1.0, 0.0], &[0.0, 2.0]]));
        let d = call_t("diag", vec![v(&[5.0]), s(1.0)]);
        assert_eq!(d, m(&[&[0.0, 5.0], &[0.0, 0.0]]));
        let d = call_t("diag", vec![v(&[5.0]), s(-1.0)]);
        assert_eq!(d, m(&[&[0.0, 0.0], &[5.0, 0.0]]));
        let a = m(&[&[1.0, 2.0, 3.0], &[4.0, 5.0, 6.0]]);
        assert_eq!(call_t("diag", vec![a.clone()]), v(&[1.0, 5.0]));
        assert_eq!(call_t("diag", vec![a.clone(), s(1.0)]), v(&[2.0, 6.0]));
        assert_eq!(call_t("diag", vec![a.clone(), s(-1.0)]), v(&[4.0]));
        assert_eq!(call_t("diag", vec![a, s(9.0)]), v(&[]));
        assert_eq!(
            call_t("diag", vec![v(&[])]),
            Value::matrix_rows(0, 0, vec![])
        );
    }

    #[test]
    fn diag_errors() {
        assert_eq!(
            error(TABLE, "diag", vec![s(1.0)]),
            "type error: diag: expected vector or matrix, got scalar"
        );
        assert!(error(TABLE, "diag", vec![v(&[1.0]), s(1e18)]).starts_with("limit"));
        let huge = call(TABLE, "diag", vec![m(&[&[1.0]]), s(f64::NEG_INFINITY)]);
        assert_eq!(huge.unwrap(), v(&[]));
    }

    #[test]
    fn transpose_is_the_unconjugated_transpose() {
        assert_eq!(
            call_t("transpose", vec![v(&[1.0, 2.0])]),
            m(&[&[1.0], &[2.0]])
        );
        let a = m(&[&[1.0, 2.0], &[3.0, 4.0]]);
        assert_eq!(call_t("transpose", vec![a]), m(&[&[1.0, 3.0], &[2.0, 4.0]]));
        let z = cv(&[(1.0, 2.0)]);
        let t = call_t("transpose", vec![z]);
        assert_eq!(arr(&t).get(0, 0), C64::new(1.0, 2.0));
        assert_eq!(call_t("transpose", vec![s(3.0)]), s(3.0));
        assert_eq!(
            error(TABLE, "transpose", vec![Value::Bool(true)]),
            "type error: transpose: expected a number or array, got bool"
        );
    }

    #[test]
    fn meshgrid_returns_both_grids() {
        let r = call_t("meshgrid", vec![v(&[1.0, 2.0, 3.0]), v(&[10.0, 20.0])]);
        let Value::Tuple(items) = r else {
            panic!("not a tuple")
        };
        assert_eq!(items[0], m(&[&[1.0, 2.0, 3.0], &[1.0, 2.0, 3.0]]));
        assert_eq!(items[1], m(&[&[10.0, 10.0, 10.0], &[20.0, 20.0, 20.0]]));
        assert_eq!(
            error(TABLE, "meshgrid", vec![Value::str("x"), v(&[1.0])]),
            "type error: meshgrid: expected vector, got string"
        );
    }
}
