//! Rank-3 arrays (rustlab's `Tensor3`): `rows × cols × pages` complex numbers, stored
//! column-major of pages (row index fastest, then column, then page), the order `reshape`
//! walks and `A(:)` reads.
//!
//! This file owns the kind: its display, indexing and indexed assignment. Arithmetic lives
//! in `ops::tensor3`, the builtins in `builtins::tensor3`.

use super::{C64, Value};
use crate::error::{LangError, LangResult};
use crate::eval::index::Idx;
use std::sync::Arc;

/// A `rows × cols × pages` array.
#[derive(Clone, Debug, PartialEq)]
pub struct Tensor3 {
    pub rows: usize,
    pub cols: usize,
    pub pages: usize,
    /// `rows * cols * pages` elements; element `(i, j, k)` (0-based) is at
    /// `i + rows * (j + cols * k)`.
    pub data: Vec<C64>,
}

impl Tensor3 {
    /// A tensor of zeros.
    pub fn zeros(rows: usize, cols: usize, pages: usize) -> Tensor3 {
        Tensor3 {
            rows,
            cols,
            pages,
            data: vec![C64::new(0.0, 0.0); rows * cols * pages],
        }
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.data.len()
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// The position of 0-based element `(i, j, k)` in `data`.
    pub fn offset(&self, i: usize, j: usize, k: usize) -> usize {
        i + self.rows * (j + self.cols * k)
    }

    /// Element `(i, j, k)`, 0-based.
    pub fn at(&self, i: usize, j: usize, k: usize) -> C64 {
        self.data[self.offset(i, j, k)]
    }
}

/// The display text of a tensor.
pub fn display(t: &Tensor3) -> String {
    format!("Tensor3({}x{}x{})", t.rows, t.cols, t.pages)
}

/// `t(idx...)`.
pub(crate) fn read(t: &Tensor3, idx: &[Idx]) -> LangResult<Value> {
    let _ = (t, idx);
    Err(LangError::runtime(
        "tensor3 indexing is not implemented yet",
    ))
}

/// `t(idx...) = rhs`.
pub(crate) fn assign(t: &mut Arc<Tensor3>, idx: &[Idx], rhs: &Value) -> LangResult<()> {
    let _ = (t, idx, rhs);
    Err(LangError::runtime(
        "tensor3 assignment is not implemented yet",
    ))
}
