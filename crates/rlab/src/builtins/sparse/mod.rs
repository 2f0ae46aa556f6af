//! Builtins: sparse matrices and vectors (rustlab's Sparse Vectors & Matrices section):
//! construction, inspection, Laplacians, solvers and partial eigensolvers.
//!
//! Files by concept: `construct` (sparse, sparsevec, speye, spzeros, spdiags, sprand),
//! `inspect` (issparse, nnz, nonzeros, full, find), `grid` (the Laplacians and the flat
//! grid-index maps), `solve` (spsolve, chol, lu, solve on faer's sparse factorizations) and
//! `eigs`. The kind itself lives in `value::sparse`, its operators in `ops::sparse`.

mod construct;
mod eigs;
mod grid;
mod inspect;
mod solve;
#[cfg(test)]
mod tests;

use super::Builtin;
use crate::error::{LangError, LangResult};
use crate::value::sparse::Sparse;
use crate::value::{C64, Value};
use std::sync::Arc;

/// A sparse result.
fn sparse_value(s: Sparse) -> Value {
    Value::Sparse(Arc::new(s))
}

/// The numbers of a Scalar, Complex, Vector or Matrix (column-major), for index, value and
/// right-hand-side arguments.
fn elements(name: &str, v: &Value) -> LangResult<Vec<C64>> {
    match v.plain() {
        Value::Scalar(x) => Ok(vec![C64::new(*x, 0.0)]),
        Value::Complex(z) => Ok(vec![*z]),
        Value::Vector(a) => Ok(a.to_c_vec()),
        Value::Matrix(a) => Ok((0..a.len()).map(|k| a.col_major(k)).collect()),
        Value::Sparse(s) => Ok({
            let dense = s.to_dense()?;
            (0..dense.len()).map(|k| dense.col_major(k)).collect()
        }),
        other => Err(LangError::type_error(format!(
            "{name}: expected a number or numeric array, got {}",
            other.type_name()
        ))),
    }
}

pub(crate) static TABLE: &[Builtin] = &[
    Builtin::new(
        "sparse",
        construct::sparse,
        "sparse(I, J, V, m, n) | sparse(A): m×n sparse matrix from 1-based triples, or dense → sparse",
    ),
    Builtin::new(
        "sparsevec",
        construct::sparsevec,
        "sparsevec(I, V, n): sparse vector of length n from 1-based indices",
    ),
    Builtin::new("speye", construct::speye, "speye(n): n×n sparse identity"),
    Builtin::new(
        "spzeros",
        construct::spzeros,
        "spzeros(m, n): m×n sparse matrix with no stored entries",
    ),
    Builtin::new(
        "spdiags",
        construct::spdiags,
        "spdiags(V, D, m, n): m×n sparse matrix with column k of V on diagonal D(k)",
    ),
    Builtin::new(
        "sprand",
        construct::sprand,
        "sprand(m, n, density): random sparse matrix, ~density·m·n entries in [0, 1)",
    ),
    Builtin::new(
        "issparse",
        inspect::issparse,
        "issparse(x): 1 if x is sparse, 0 otherwise",
    ),
    Builtin::new(
        "nnz",
        inspect::nnz,
        "nnz(S): number of stored entries (numel for dense input)",
    ),
    Builtin::new(
        "nonzeros",
        inspect::nonzeros,
        "nonzeros(S): the stored values in storage order",
    ),
    Builtin::new(
        "full",
        inspect::full,
        "full(S): sparse → dense (dense input unchanged)",
    ),
    Builtin::new(
        "find",
        inspect::find,
        "find(x) | [I, J] = find(M) | [I, J, V] = find(M) | [I, V] = find(sv): positions of non-zeros",
    ),
    Builtin::new(
        "spsolve",
        solve::spsolve,
        "spsolve(A, b [, mode] [, ordering]): solve A·x = b (mode \"auto\", \"cholesky\" or \"lu\")",
    ),
    Builtin::new(
        "chol",
        solve::chol,
        "chol(A [, ordering]): sparse Cholesky factor handle of a Hermitian positive definite A",
    ),
    Builtin::new(
        "lu",
        solve::lu,
        "lu(A [, ordering]): sparse LU factor handle (partial pivoting)",
    ),
    Builtin::new(
        "solve",
        solve::solve,
        "solve(F, b): back-solve b through a factor from chol or lu",
    ),
    Builtin::new(
        "eigs",
        eigs::eigs,
        "[V, D] = eigs(A, n [, which]) | eigs(A, B, n [, which]): n eigenpairs, smallest (\"sm\") or largest (\"lm\") magnitude",
    ),
    Builtin::new(
        "laplacian_1d",
        grid::laplacian_1d,
        "laplacian_1d(n [, dx] [, bc]): tridiagonal sparse +d²/dx² (bc dirichlet, neumann, periodic)",
    ),
    Builtin::new(
        "laplacian_2d",
        grid::laplacian_2d,
        "laplacian_2d(nx, ny [, dx, dy] [, bc]): 5-point sparse +∇², k = (j-1)*ny + i",
    ),
    Builtin::new(
        "laplacian_3d",
        grid::laplacian_3d,
        "laplacian_3d(nx, ny, nz [, dx, dy, dz] [, bc]): 7-point sparse +∇²",
    ),
    Builtin::new(
        "laplacian_eps_2d",
        grid::laplacian_eps_2d,
        "laplacian_eps_2d(eps_map [, dx, dy] [, bc]): sparse ∇·(ε∇) with harmonic-mean faces",
    ),
    Builtin::new(
        "ij2k",
        grid::ij2k,
        "ij2k(i, j, ny): column-major flat index (j-1)*ny + i",
    ),
    Builtin::new("k2ij", grid::k2ij, "[i, j] = k2ij(k, ny): inverse of ij2k"),
    Builtin::new(
        "ijk2k",
        grid::ijk2k,
        "ijk2k(i, j, kk, ny, nx): flat index ((kk-1)*nx + (j-1))*ny + i",
    ),
    Builtin::new(
        "k2ijk",
        grid::k2ijk,
        "[i, j, kk] = k2ijk(k, ny, nx): inverse of ijk2k",
    ),
];
