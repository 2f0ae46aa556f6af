//! Operators on sparse values, with rustlab's rules. What stays sparse (its native O(nnz)
//! operations): `S ± S` (two matrices or two vectors), `S * scalar`, `scalar * S`,
//! `S .* scalar`, `S / scalar`, `S ./ scalar` (scaling by `1/scalar`), `-S`, `S'`, `S.'`.
//! `S * M` (a dense Matrix with `cols(S)` rows) is a sparse-times-dense product giving a
//! dense Matrix. Every other pair, `S * S` and `S .* S` included, promotes the sparse
//! operands to dense and applies the dense operator.

use crate::ast::BinOp;
use crate::error::{LangError, LangResult};
use crate::value::sparse::Sparse;
use crate::value::{C64, NumArray, Value};
use ndarray::Array2;
use std::sync::Arc;

/// `a op b` where at least one operand is a sparse.
pub(crate) fn binary(op: BinOp, a: &Value, b: &Value) -> LangResult<Value> {
    let (a, b) = (a.plain(), b.plain());
    if let Some(result) = native(op, a, b) {
        return result;
    }
    super::binary(op, &promote(a)?, &promote(b)?)
}

/// The operations rustlab keeps native (sparse result, or a direct sparse-times-dense
/// product); `None` for the pairs that promote to dense.
fn native(op: BinOp, a: &Value, b: &Value) -> Option<LangResult<Value>> {
    use BinOp::*;
    match (op, a, b) {
        (Add | Sub, Value::Sparse(x), Value::Sparse(y)) if x.vector == y.vector => {
            Some(add(x, y, op == Sub))
        }
        (Mul | ElemMul, Value::Sparse(x), k) | (Mul | ElemMul, k, Value::Sparse(x)) => {
            if let Some(k) = number(k) {
                return Some(Ok(wrap(x.map(|v| v * k))));
            }
            match (op, a, b) {
                (Mul, Value::Sparse(x), Value::Matrix(m)) if !x.vector => Some(product_dense(x, m)),
                _ => None,
            }
        }
        (Div | ElemDiv, Value::Sparse(x), k) => {
            let k = number(k)?;
            let inverse = C64::new(1.0, 0.0) / k;
            Some(Ok(wrap(x.map(|v| v * inverse))))
        }
        _ => None,
    }
}

/// A Scalar, Complex or Bool as a complex number.
fn number(v: &Value) -> Option<C64> {
    match v {
        Value::Scalar(x) => Some(C64::new(*x, 0.0)),
        Value::Complex(z) => Some(*z),
        Value::Bool(b) => Some(C64::new(f64::from(u8::from(*b)), 0.0)),
        _ => None,
    }
}

fn wrap(s: Sparse) -> Value {
    Value::Sparse(Arc::new(s))
}

/// The dense value of a sparse operand (other values unchanged).
fn promote(v: &Value) -> LangResult<Value> {
    match v {
        Value::Sparse(s) => s.to_value(),
        other => Ok(other.clone()),
    }
}

/// `x + y` or `x - y` of two sparse matrices or two sparse vectors (duplicates sum,
/// cancelled entries are dropped).
fn add(x: &Sparse, y: &Sparse, subtract: bool) -> LangResult<Value> {
    if x.vector && x.cols != y.cols {
        return Err(LangError::type_error(format!(
            "sparse vector add: length mismatch ({} vs {})",
            x.cols, y.cols
        )));
    }
    if x.rows != y.rows || x.cols != y.cols {
        return Err(LangError::type_error(format!(
            "sparse matrix add: dimension mismatch ({} vs {})",
            x.dims(),
            y.dims()
        )));
    }
    let mut out = x.clone();
    for (&(r, c), &v) in &y.entries {
        out.accumulate(r, c, if subtract { -v } else { v });
    }
    Ok(wrap(out))
}

fn inner_check(rows: usize, cols: usize, rows_b: usize, cols_b: usize) -> LangResult<()> {
    if cols != rows_b {
        return Err(LangError::type_error(format!(
            "spmm: matrix is {rows}×{cols} but rhs is {rows_b}×{cols_b}"
        )));
    }
    Ok(())
}

/// `x * m`, sparse times a dense Matrix: a dense Matrix.
fn product_dense(x: &Sparse, m: &NumArray) -> LangResult<Value> {
    let (rows_b, cols_b) = m.shape();
    inner_check(x.rows, x.cols, rows_b, cols_b)?;
    crate::limits::check_alloc(x.rows, cols_b, std::mem::size_of::<C64>())?;
    let b = m.to_complex();
    let mut out = Array2::<C64>::zeros((x.rows, cols_b));
    for (&(r, k), &v) in &x.entries {
        for c in 0..cols_b {
            out[[r, c]] += v * b[[k, c]];
        }
    }
    Ok(Value::matrix(NumArray::complex(out)))
}

/// `-a`.
pub(crate) fn negate(a: &Value) -> LangResult<Value> {
    match a.plain() {
        Value::Sparse(s) => Ok(wrap(s.map(|v| -v))),
        other => Err(LangError::type_error(format!(
            "cannot negate {}",
            other.type_name()
        ))),
    }
}

/// `a'` (`conjugate`) or `a.'`: stays sparse; a sparse vector becomes an `n × 1` matrix.
pub(crate) fn transpose(a: &Value, conjugate: bool) -> LangResult<Value> {
    match a.plain() {
        Value::Sparse(s) => Ok(wrap(s.transposed(conjugate))),
        other => Err(LangError::runtime(format!(
            "cannot transpose {}",
            other.type_name()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sp(rows: usize, cols: usize, items: &[(usize, usize, f64)]) -> Value {
        let mut s = Sparse::matrix(rows, cols);
        for &(r, c, v) in items {
            s.set(r, c, C64::new(v, 0.0));
        }
        wrap(s)
    }

    fn dense(v: &Value) -> Vec<f64> {
        match v {
            Value::Sparse(s) => s.to_dense().unwrap().to_re_vec(),
            Value::Matrix(a) | Value::Vector(a) => a.to_re_vec(),
            other => panic!("not an array: {other:?}"),
        }
    }

    #[test]
    fn sums_and_scalings_stay_sparse() {
        let a = sp(2, 2, &[(0, 0, 1.0), (1, 1, 2.0)]);
        let b = sp(2, 2, &[(0, 0, -1.0), (0, 1, 3.0)]);
        let sum = binary(BinOp::Add, &a, &b).unwrap();
        assert!(matches!(&sum, Value::Sparse(s) if s.nnz() == 2));
        assert_eq!(dense(&sum), vec![0.0, 3.0, 0.0, 2.0]);
        let scaled = binary(BinOp::Mul, &Value::Scalar(2.0), &a).unwrap();
        assert_eq!(dense(&scaled), vec![2.0, 0.0, 0.0, 4.0]);
        let halved = binary(BinOp::Div, &a, &Value::Scalar(2.0)).unwrap();
        assert_eq!(dense(&halved), vec![0.5, 0.0, 0.0, 1.0]);
        assert!(binary(BinOp::Add, &a, &sp(3, 3, &[])).is_err());
    }

    #[test]
    fn products_match_dense_arithmetic() {
        // [1 2; 0 3] * [4 0; 5 6] = [14 12; 15 18]
        let a = sp(2, 2, &[(0, 0, 1.0), (0, 1, 2.0), (1, 1, 3.0)]);
        let b = sp(2, 2, &[(0, 0, 4.0), (1, 0, 5.0), (1, 1, 6.0)]);
        let p = binary(BinOp::Mul, &a, &b).unwrap();
        assert!(matches!(p, Value::Matrix(_)));
        assert_eq!(dense(&p), vec![14.0, 12.0, 15.0, 18.0]);
        let m = Value::matrix_rows(2, 1, vec![1.0, 1.0]);
        let pd = binary(BinOp::Mul, &a, &m).unwrap();
        assert!(matches!(pd, Value::Matrix(_)));
        assert_eq!(dense(&pd), vec![3.0, 3.0]);
        let e = binary(BinOp::ElemMul, &a, &b).unwrap();
        assert_eq!(dense(&e), vec![4.0, 0.0, 0.0, 18.0]);
    }

    #[test]
    fn mixed_pairs_promote_to_dense() {
        let a = sp(2, 2, &[(0, 0, 1.0)]);
        let m = Value::matrix_rows(2, 2, vec![1.0, 1.0, 1.0, 1.0]);
        let s = binary(BinOp::Add, &a, &m).unwrap();
        assert!(matches!(s, Value::Matrix(_)));
        assert_eq!(dense(&s), vec![2.0, 1.0, 1.0, 1.0]);
        let plus = binary(BinOp::Add, &a, &Value::Scalar(1.0)).unwrap();
        assert_eq!(dense(&plus), vec![2.0, 1.0, 1.0, 1.0]);
    }

    #[test]
    fn transposes_and_negation() {
        let mut s = Sparse::matrix(2, 3);
        s.set(0, 2, C64::new(1.0, 2.0));
        let t = transpose(&wrap(s.clone()), true).unwrap();
        let Value::Sparse(t) = t else { panic!() };
        assert_eq!((t.rows, t.cols), (3, 2));
        assert_eq!(t.get(2, 0), C64::new(1.0, -2.0));
        let Value::Sparse(n) = negate(&wrap(s)).unwrap() else {
            panic!()
        };
        assert_eq!(n.get(0, 2), C64::new(-1.0, -2.0));
    }
}
