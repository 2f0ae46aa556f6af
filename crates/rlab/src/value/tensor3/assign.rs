//! Writing into a tensor: `T(i, j, k) = x` for an element, a page (`T(:, :, k) = M`), a
//! slab or any region, and the linear forms `T(k) = x`, `T(I) = v`, `T(:) = x`.
//!
//! A number broadcasts to every selected cell. Otherwise the value must have the region's
//! shape once extents of 1 are ignored on both sides (a page of a `2×2×3` tensor takes a
//! 2×2 Matrix, `T(1, 1, :)` takes a 3-element Vector or column, a `2×2×2` region a
//! `2×2×2` tensor); cells are then paired in column-major order. Tensors never grow: every
//! index must be inside the tensor. Everything is validated before the first write.

use super::Tensor3;
use super::index::{check_axes, check_linear};
use crate::error::{LangError, LangResult};
use crate::eval::index::Idx;
use crate::value::{C64, Value};
use std::sync::Arc;

/// `t(idx...) = rhs`.
pub(crate) fn assign(t: &mut Arc<Tensor3>, idx: &[Idx], rhs: &Value) -> LangResult<()> {
    let source = Source::of(rhs)?;
    match idx {
        [i] => {
            check_linear(t, i)?;
            let cells = i.positions(t.len());
            let values = source.for_region(&[cells.len()])?;
            write(t, &cells, values);
            Ok(())
        }
        [r, c, k] => {
            check_axes(t, [r, c, k])?;
            let (m, n, p) = t.shape();
            let [rs, cs, ks] = [r.positions(m), c.positions(n), k.positions(p)];
            let values = source.for_region(&[rs.len(), cs.len(), ks.len()])?;
            let mut cells = Vec::with_capacity(rs.len() * cs.len() * ks.len());
            for &kk in &ks {
                for &j in &cs {
                    for &i in &rs {
                        cells.push(t.offset(i, j, kk));
                    }
                }
            }
            write(t, &cells, values);
            Ok(())
        }
        _ => Err(LangError::runtime(format!(
            "index assignment: a tensor3 takes 1 or 3 indices, got {}",
            idx.len()
        ))),
    }
}

/// Store `values` (one, or one per cell) at the storage positions `cells`.
fn write(t: &mut Arc<Tensor3>, cells: &[usize], values: Values) {
    let data = &mut Arc::make_mut(t).data;
    match values {
        Values::One(z) => cells.iter().for_each(|&at| data[at] = z),
        Values::Each(zs) => cells.iter().zip(zs).for_each(|(&at, z)| data[at] = z),
    }
}

/// What the right-hand side supplies.
enum Values {
    One(C64),
    Each(Vec<C64>),
}

/// The right-hand side: a number, or an array with its shape and column-major elements.
enum Source {
    Number(C64),
    Array { dims: Vec<usize>, data: Vec<C64> },
}

impl Source {
    fn of(v: &Value) -> LangResult<Source> {
        match v.plain() {
            Value::Scalar(x) => Ok(Source::Number(C64::new(*x, 0.0))),
            Value::Complex(z) => Ok(Source::Number(*z)),
            Value::Vector(a) | Value::Matrix(a) => Ok(Source::Array {
                dims: vec![a.rows(), a.cols()],
                data: (0..a.len()).map(|k| a.col_major(k)).collect(),
            }),
            Value::Tensor3(s) => Ok(Source::Array {
                dims: vec![s.rows, s.cols, s.pages],
                data: s.data.clone(),
            }),
            other => Err(LangError::type_error(format!(
                "index assignment: cannot store a {} in a tensor3",
                other.type_name()
            ))),
        }
    }

    /// The values for a region of extents `region`, or the shape-mismatch error.
    fn for_region(self, region: &[usize]) -> LangResult<Values> {
        match self {
            Source::Number(z) => Ok(Values::One(z)),
            Source::Array { dims, data } if squeezed(&dims) == squeezed(region) => {
                Ok(Values::Each(data))
            }
            Source::Array { dims, .. } => Err(LangError::runtime(format!(
                "index assignment: the region is {} but the value is {}",
                shape_text(region),
                shape_text(&dims)
            ))),
        }
    }
}

/// The extents other than 1 (an empty extent stays, so 0 elements never match 1).
fn squeezed(dims: &[usize]) -> Vec<usize> {
    dims.iter().copied().filter(|&d| d != 1).collect()
}

fn shape_text(dims: &[usize]) -> String {
    let parts: Vec<String> = dims.iter().map(usize::to_string).collect();
    parts.join("×")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::NumArray;

    fn zeros() -> Arc<Tensor3> {
        Arc::new(Tensor3::zeros(2, 2, 3))
    }

    fn re(t: &Tensor3) -> Vec<f64> {
        t.data.iter().map(|z| z.re).collect()
    }

    #[test]
    fn page_and_element_writes() {
        let mut u = zeros();
        let page = Value::matrix_rows(2, 2, vec![1.0, 2.0, 3.0, 4.0]);
        assign(&mut u, &[Idx::All, Idx::All, Idx::One(1)], &page).unwrap();
        assign(
            &mut u,
            &[Idx::One(0), Idx::One(0), Idx::One(0)],
            &Value::Scalar(99.0),
        )
        .unwrap();
        assert_eq!(
            re(&u),
            [99.0, 0.0, 0.0, 0.0, 1.0, 3.0, 2.0, 4.0, 0.0, 0.0, 0.0, 0.0]
        );
    }

    #[test]
    fn numbers_broadcast_and_vectors_fill_tubes() {
        let mut u = zeros();
        let z = Value::Complex(C64::new(0.0, 1.0));
        assign(&mut u, &[Idx::One(1), Idx::All, Idx::All], &z).unwrap();
        assert_eq!(u.at(1, 1, 2), C64::new(0.0, 1.0));
        assert_eq!(u.at(0, 1, 2), C64::new(0.0, 0.0));
        let tube = Value::row(vec![5.0, 6.0, 7.0]);
        assign(&mut u, &[Idx::One(0), Idx::One(1), Idx::All], &tube).unwrap();
        assert_eq!(u.at(0, 1, 2), C64::new(7.0, 0.0));
        assign(
            &mut u,
            &[Idx::Many(vec![0, 11])],
            &Value::row(vec![-1.0, -2.0]),
        )
        .unwrap();
        assert_eq!((u.data[0].re, u.data[11].re), (-1.0, -2.0));
        assign(&mut u, &[Idx::All], &Value::Scalar(3.0)).unwrap();
        assert!(u.data.iter().all(|z| *z == C64::new(3.0, 0.0)));
    }

    #[test]
    fn shapes_must_agree_and_targets_stay_intact() {
        let mut u = zeros();
        let wrong = Value::matrix(NumArray::zeros(3, 3));
        let err = assign(&mut u, &[Idx::All, Idx::All, Idx::One(0)], &wrong).unwrap_err();
        assert_eq!(
            err.message,
            "index assignment: the region is 2×2×1 but the value is 3×3"
        );
        let err = assign(
            &mut u,
            &[Idx::One(2), Idx::One(0), Idx::One(0)],
            &Value::Scalar(1.0),
        )
        .unwrap_err();
        assert_eq!(err.message, "index 3 out of bounds (size 2)");
        let err = assign(&mut u, &[Idx::All, Idx::All], &Value::Scalar(1.0)).unwrap_err();
        assert_eq!(
            err.message,
            "index assignment: a tensor3 takes 1 or 3 indices, got 2"
        );
        let err = assign(&mut u, &[Idx::One(0)], &Value::Bool(true)).unwrap_err();
        assert_eq!(
            err.message,
            "index assignment: cannot store a bool in a tensor3"
        );
        assert!(u.data.iter().all(|z| *z == C64::new(0.0, 0.0)));
    }
}
