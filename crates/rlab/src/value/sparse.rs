//! Sparse matrices and vectors (rustlab's `SparseMatrix` / `SparseVector`): only the stored
//! entries are kept, keyed by 0-based `(row, col)`.
//!
//! This file owns the kind: its display, indexing and indexed assignment. Arithmetic lives
//! in `ops::sparse`, the builtins in `builtins::sparse`.

use super::{C64, Value};
use crate::error::{LangError, LangResult};
use crate::eval::index::Idx;
use std::collections::BTreeMap;
use std::sync::Arc;

/// A sparse `rows × cols` matrix, or a sparse vector (`vector`, one row).
#[derive(Clone, Debug, PartialEq)]
pub struct Sparse {
    pub rows: usize,
    pub cols: usize,
    /// A sparse vector (`sparsevec`) rather than a matrix.
    pub vector: bool,
    /// Stored entries by 0-based `(row, col)`.
    pub entries: BTreeMap<(usize, usize), C64>,
}

/// The type name used in error messages.
pub fn type_name(s: &Sparse) -> &'static str {
    if s.vector {
        "sparse_vector"
    } else {
        "sparse_matrix"
    }
}

/// The display text of a sparse value.
pub fn display(s: &Sparse) -> String {
    format!("Sparse({}x{}, nnz={})", s.rows, s.cols, s.entries.len())
}

/// `s(idx...)`.
pub(crate) fn read(s: &Sparse, idx: &[Idx]) -> LangResult<Value> {
    let _ = (s, idx);
    Err(LangError::runtime("sparse indexing is not implemented yet"))
}

/// `s(idx...) = rhs`.
pub(crate) fn assign(s: &mut Arc<Sparse>, idx: &[Idx], rhs: &Value) -> LangResult<()> {
    let _ = (s, idx, rhs);
    Err(LangError::runtime(
        "sparse assignment is not implemented yet",
    ))
}
