//! Builtins: sparse matrices and vectors (rustlab's Sparse Vectors & Matrices section): construction, inspection, Laplacians, solvers and partial eigensolvers.

use super::Builtin;

pub(crate) static TABLE: &[Builtin] = &[];
