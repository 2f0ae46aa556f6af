//! Reading from a tensor: `T(i, j, k)` with scalars, index lists and `:` on each axis, and
//! (beyond rustlab, which has no one-index form for tensors) the linear reads `T(k)`,
//! `T(I)` and `T(:)` in storage (column-major of pages) order.
//!
//! The kind of a three-index read follows rustlab: one element is a number; `T(:, :, :)` is
//! the tensor itself; otherwise the selected extents decide — two extents of 1 give a Vector
//! along the third axis, one gives a Matrix over the other two axes in their order
//! (`T(:, :, k)` a page, `T(1, :, :)` cols × pages, `T(:, 2, :)` rows × pages), none gives a
//! Tensor3.

use super::Tensor3;
use crate::error::{LangError, LangResult};
use crate::eval::index::Idx;
use crate::value::{C64, NumArray, Value};
use std::sync::Arc;

/// `t(idx...)`.
pub(crate) fn read(t: &Arc<Tensor3>, idx: &[Idx]) -> LangResult<Value> {
    match idx {
        [] => Ok(Value::Tensor3(t.clone())),
        [i] => read_linear(t, i),
        [r, c, k] => read_3d(t, [r, c, k]),
        [_, _] => Err(LangError::runtime(
            "2D indexing requires a matrix, got tensor3",
        )),
        _ => Err(LangError::runtime(format!(
            "indexing requires 1, 2, or 3 arguments, got {}",
            idx.len()
        ))),
    }
}

/// Fail with `index 5 out of bounds (size 4)` unless every index of every axis fits.
pub(super) fn check_axes(t: &Tensor3, idx: [&Idx; 3]) -> LangResult<()> {
    let (m, n, p) = t.shape();
    for (i, len) in idx.into_iter().zip([m, n, p]) {
        i.check(len, |k| format!("index {k} out of bounds (size {len})"))?;
    }
    Ok(())
}

/// Fail with `linear index 30 out of bounds (2×3×4 = 24 elements)` unless `i` fits.
pub(super) fn check_linear(t: &Tensor3, i: &Idx) -> LangResult<()> {
    let (m, n, p) = t.shape();
    let len = t.len();
    i.check(len, |k| {
        format!("linear index {k} out of bounds ({m}×{n}×{p} = {len} elements)")
    })
}

/// `T(k)` is an element, `T(I)` and `T(:)` a Vector, all in storage order.
fn read_linear(t: &Tensor3, i: &Idx) -> LangResult<Value> {
    check_linear(t, i)?;
    match i {
        Idx::One(k) => Ok(Value::number_approx(t.data[*k])),
        Idx::All => Ok(vector(t.data.clone())),
        Idx::Many(ks) => Ok(vector(ks.iter().map(|&k| t.data[k]).collect())),
    }
}

fn read_3d(t: &Arc<Tensor3>, idx: [&Idx; 3]) -> LangResult<Value> {
    check_axes(t, idx)?;
    let (m, n, p) = t.shape();
    let [rs, cs, ks] = [
        idx[0].positions(m),
        idx[1].positions(n),
        idx[2].positions(p),
    ];
    let extents = [rs.len(), cs.len(), ks.len()];
    if extents == [1, 1, 1] {
        return Ok(Value::number_approx(t.at(rs[0], cs[0], ks[0])));
    }
    if idx.iter().all(|i| **i == Idx::All) {
        return Ok(Value::Tensor3(t.clone()));
    }
    super::check_alloc(extents[0], extents[1], extents[2])?;
    let pick = |a: usize, b: usize, c: usize| t.at(rs[a], cs[b], ks[c]);
    match extents.iter().filter(|&&e| e == 1).count() {
        2 => {
            let data = match extents.iter().position(|&e| e != 1) {
                Some(0) => (0..extents[0]).map(|a| pick(a, 0, 0)).collect(),
                Some(1) => (0..extents[1]).map(|b| pick(0, b, 0)).collect(),
                _ => (0..extents[2]).map(|c| pick(0, 0, c)).collect(),
            };
            Ok(vector(data))
        }
        1 => Ok(Value::matrix(slab(extents, pick))),
        _ => {
            let [nr, nc, np] = extents;
            Tensor3::from_fn(nr, nc, np, pick).map(|s| Value::Tensor3(Arc::new(s)))
        }
    }
}

/// The Matrix over the two axes whose extent is not 1, in axis order.
fn slab(extents: [usize; 3], pick: impl Fn(usize, usize, usize) -> C64) -> NumArray {
    let [nr, nc, np] = extents;
    let (rows, cols) = match extents.iter().position(|&e| e == 1) {
        Some(0) => (nc, np),
        Some(1) => (nr, np),
        _ => (nr, nc),
    };
    let mut data = Vec::with_capacity(rows * cols);
    for a in 0..rows {
        for b in 0..cols {
            data.push(match extents.iter().position(|&e| e == 1) {
                Some(0) => pick(0, a, b),
                Some(1) => pick(a, 0, b),
                _ => pick(a, b, 0),
            });
        }
    }
    complex_array(rows, cols, data)
}

/// A `rows×cols` array from row-major complex data, stored real when every imaginary part
/// is zero (`data.len()` is `rows*cols` by construction).
pub(super) fn complex_array(rows: usize, cols: usize, data: Vec<C64>) -> NumArray {
    let a = ndarray::Array2::from_shape_vec((rows, cols), data)
        .unwrap_or_else(|_| ndarray::Array2::zeros((0, 0)));
    NumArray::complex(a)
}

/// A Vector of complex numbers, stored real when every imaginary part is zero.
fn vector(data: Vec<C64>) -> Value {
    let n = data.len();
    Value::vector(complex_array(1, n, data))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `reshape(1:24, 2, 3, 4)`.
    fn t24() -> Arc<Tensor3> {
        let mut next = 0.0;
        let t = Tensor3::from_fn(2, 3, 4, |_, _, _| {
            next += 1.0;
            C64::new(next, 0.0)
        });
        Arc::new(t.unwrap())
    }

    fn re(v: &Value) -> Vec<f64> {
        v.as_array().unwrap().to_re_vec()
    }

    #[test]
    fn elements_are_one_based_on_every_axis() {
        let t = t24();
        let one = Idx::One(0);
        assert_eq!(
            read(&t, &[one.clone(), one.clone(), one]).unwrap(),
            Value::Scalar(1.0)
        );
        let last = [Idx::One(1), Idx::One(2), Idx::One(3)];
        assert_eq!(read(&t, &last).unwrap(), Value::Scalar(24.0));
    }

    #[test]
    fn pages_and_slabs_are_matrices() {
        let t = t24();
        let page = read(&t, &[Idx::All, Idx::All, Idx::One(1)]).unwrap();
        assert!(matches!(&page, Value::Matrix(a) if a.shape() == (2, 3)));
        assert_eq!(re(&page), [7.0, 9.0, 11.0, 8.0, 10.0, 12.0]);
        let row1 = read(&t, &[Idx::One(0), Idx::All, Idx::All]).unwrap();
        assert!(matches!(&row1, Value::Matrix(a) if a.shape() == (3, 4)));
        assert_eq!(re(&row1)[..4], [1.0, 7.0, 13.0, 19.0]);
        let col2 = read(&t, &[Idx::All, Idx::One(1), Idx::All]).unwrap();
        assert!(matches!(&col2, Value::Matrix(a) if a.shape() == (2, 4)));
        assert_eq!(re(&col2), [3.0, 9.0, 15.0, 21.0, 4.0, 10.0, 16.0, 22.0]);
    }

    #[test]
    fn one_free_axis_is_a_vector_and_ranges_keep_rank_three() {
        let t = t24();
        let tube = read(&t, &[Idx::One(1), Idx::One(2), Idx::All]).unwrap();
        assert_eq!(tube, Value::row(vec![6.0, 12.0, 18.0, 24.0]));
        let chunk = read(&t, &[Idx::All, Idx::All, Idx::Many(vec![0, 1])]).unwrap();
        let Value::Tensor3(c) = chunk else {
            panic!("expected a tensor")
        };
        assert_eq!(c.shape(), (2, 3, 2));
        assert_eq!(c.at(1, 2, 1), C64::new(12.0, 0.0));
        assert!(matches!(
            read(&t, &[Idx::All, Idx::All, Idx::All]),
            Ok(Value::Tensor3(_))
        ));
    }

    #[test]
    fn linear_reads_walk_storage_order() {
        let t = t24();
        assert_eq!(read(&t, &[Idx::One(6)]).unwrap(), Value::Scalar(7.0));
        assert_eq!(re(&read(&t, &[Idx::All]).unwrap()).len(), 24);
        let picks = read(&t, &[Idx::Many(vec![23, 0])]).unwrap();
        assert_eq!(picks, Value::row(vec![24.0, 1.0]));
    }

    #[test]
    fn errors_name_the_axis_size() {
        let t = t24();
        let err = read(&t, &[Idx::One(2), Idx::One(0), Idx::One(0)]).unwrap_err();
        assert_eq!(err.message, "index 3 out of bounds (size 2)");
        let err = read(&t, &[Idx::One(24)]).unwrap_err();
        assert_eq!(
            err.message,
            "linear index 25 out of bounds (2×3×4 = 24 elements)"
        );
        let err = read(&t, &[Idx::All, Idx::All]).unwrap_err();
        assert_eq!(err.message, "2D indexing requires a matrix, got tensor3");
        let four = [Idx::All, Idx::All, Idx::All, Idx::All];
        assert_eq!(
            read(&t, &four).unwrap_err().message,
            "indexing requires 1, 2, or 3 arguments, got 4"
        );
    }
}
