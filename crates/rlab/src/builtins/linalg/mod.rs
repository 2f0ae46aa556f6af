//! Builtins: linear algebra (spec §10.5): `svd inv det eig trace linsolve`, computed by faer
//! through [`dense`]; `kron cross horzcat vertcat rank expm` in [`matrix_fns`]; `roots` in
//! [`roots`]. Inputs may be Scalars, Complex numbers, Vectors or Matrices (real or
//! complex); every decomposition rejects NaN/Inf data and non-square shapes with a clear
//! error before faer sees it, and checks the allocation cap for the arrays it creates.

mod dense;
mod matrix_fns;
#[cfg(test)]
mod matrix_tests;
mod roots;
#[cfg(test)]
mod tests;

use super::{Args, Builtin};
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::limits;
use crate::value::{C64, NumArray, Value};
use dense::{Field, Lu};
use ndarray::Array2;

pub(crate) static TABLE: &[Builtin] = &[
    Builtin::new(
        "kron",
        matrix_fns::kron,
        "kron(A, B): Kronecker product, the block matrix [A(i,j)·B]",
    ),
    Builtin::new(
        "cross",
        matrix_fns::cross,
        "cross(u, v): cross product of two 3-element vectors",
    ),
    Builtin::new(
        "horzcat",
        matrix_fns::horzcat,
        "horzcat(A, B, ...): [A, B, ...] side by side (equal row counts)",
    ),
    Builtin::new(
        "vertcat",
        matrix_fns::vertcat,
        "vertcat(A, B, ...): [A; B; ...] stacked (equal column counts)",
    ),
    Builtin::new(
        "rank",
        matrix_fns::rank,
        "rank(A): number of singular values above √eps·max(R, C)·σ_max",
    ),
    Builtin::new(
        "expm",
        matrix_fns::expm,
        "expm(A): matrix exponential e^A (scaling and squaring, [6/6] Padé); expm(x) = exp(x)",
    ),
    Builtin::new(
        "roots",
        roots::roots,
        "roots(p): roots of the polynomial with coefficients p (highest power first)",
    ),
    Builtin {
        name: "svd",
        func: svd,
        doc: "svd(A): singular values (descending Vector); [U, S, V] = svd(A): U, S, V with A = U*diag(S)*V'",
    },
    Builtin {
        name: "inv",
        func: inv,
        doc: "inv(A): inverse of a square non-singular matrix",
    },
    Builtin {
        name: "det",
        func: det,
        doc: "det(A): determinant of a square matrix (LU with partial pivoting)",
    },
    Builtin {
        name: "eig",
        func: eig,
        doc: "eig(A): eigenvalues of a square matrix as a Vector (ascending for symmetric input)",
    },
    Builtin {
        name: "trace",
        func: trace,
        doc: "trace(A): sum of the diagonal of a square matrix",
    },
    Builtin {
        name: "linsolve",
        func: linsolve,
        doc: "linsolve(A, b): the solution x of A*x = b for square non-singular A",
    },
];

/// The value kind an argument came as, so results can keep it (`inv(2)` is a Scalar).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Number,
    Vector,
    Matrix,
}

/// A numeric argument as an array.
fn operand(name: &str, v: &Value) -> LangResult<(NumArray, Kind)> {
    let kind = match v {
        Value::Scalar(_) | Value::Complex(_) => Kind::Number,
        Value::Vector(_) => Kind::Vector,
        Value::Matrix(_) => Kind::Matrix,
        other => {
            return Err(LangError::type_error(format!(
                "{name}: expected a numeric matrix, got {}",
                other.type_name()
            )));
        }
    };
    let data = v.to_num_array().unwrap_or_else(|| NumArray::zeros(0, 0));
    Ok((data, kind))
}

/// The order of a square array (`inv: matrix must be square (got 2×3)`).
fn require_square(name: &str, a: &NumArray) -> LangResult<usize> {
    let (rows, cols) = a.shape();
    if rows != cols {
        return Err(LangError::runtime(format!(
            "{name}: matrix must be square (got {rows}×{cols})"
        )));
    }
    Ok(rows)
}

/// Wrap an array result in the kind of the input.
fn wrap(kind: Kind, a: NumArray) -> Value {
    match kind {
        Kind::Number if a.len() == 1 => Value::number_approx(a.get(0, 0)),
        Kind::Vector => Value::vector(a),
        _ => Value::matrix(a),
    }
}

fn check_alloc_of<T>(rows: usize, cols: usize) -> LangResult<()> {
    limits::check_alloc(rows, cols, std::mem::size_of::<T>())
}

fn svd(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let (a, _) = operand("svd", args.value(0)?)?;
    match a {
        NumArray::Real(m) => svd_of(&m, args.nargout),
        NumArray::Complex(m) => svd_of(&m, args.nargout),
    }
}

fn svd_of<T: Field>(a: &Array2<T>, nargout: usize) -> LangResult<Value> {
    dense::require_finite("svd", a)?;
    let (rows, cols) = a.dim();
    let empty = rows == 0 || cols == 0;
    if nargout <= 1 {
        let sigma = if empty {
            Vec::new()
        } else {
            dense::singular_values(a)?
        };
        return Ok(Value::row(sigma));
    }
    check_alloc_of::<T>(rows, rows)?;
    check_alloc_of::<T>(cols, cols)?;
    let (u, sigma, v) = if empty {
        (dense::identity(rows), Vec::new(), dense::identity(cols))
    } else {
        dense::svd_full(a)?
    };
    Ok(Value::tuple(vec![
        Value::matrix(T::into_num_array(u)),
        Value::row(sigma),
        Value::matrix(T::into_num_array(v)),
    ]))
}

fn inv(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let (a, kind) = operand("inv", args.value(0)?)?;
    let n = require_square("inv", &a)?;
    let result = match a {
        NumArray::Real(m) => NumArray::Real(inverse(&m, n)?),
        NumArray::Complex(m) => NumArray::complex(inverse(&m, n)?),
    };
    Ok(wrap(kind, result))
}

fn inverse<T: Field>(a: &Array2<T>, n: usize) -> LangResult<Array2<T>> {
    dense::require_finite("inv", a)?;
    check_alloc_of::<T>(n, n)?;
    if n == 0 {
        return Ok(Array2::from_shape_fn((0, 0), |_| T::from_real(0.0)));
    }
    let lu = Lu::new(a);
    if lu.is_singular() {
        return Err(LangError::runtime(
            "inv: matrix is singular to working precision",
        ));
    }
    Ok(lu.solve(&dense::identity(n)))
}

fn det(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let (a, _) = operand("det", args.value(0)?)?;
    let n = require_square("det", &a)?;
    let d = match a {
        NumArray::Real(m) => determinant(&m, n)?,
        NumArray::Complex(m) => determinant(&m, n)?,
    };
    Ok(Value::number_approx(d))
}

fn determinant<T: Field>(a: &Array2<T>, n: usize) -> LangResult<C64> {
    dense::require_finite("det", a)?;
    if n == 0 {
        return Ok(C64::new(1.0, 0.0));
    }
    Ok(Lu::new(a).determinant())
}

fn eig(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let (a, _) = operand("eig", args.value(0)?)?;
    let n = require_square("eig", &a)?;
    if n == 0 {
        return Ok(Value::row(Vec::new()));
    }
    let values = match &a {
        NumArray::Real(m) => {
            dense::require_finite("eig", m)?;
            if dense::is_self_adjoint(m) {
                return Ok(Value::row(dense::self_adjoint_eigenvalues(m)?));
            }
            dense::real_eigenvalues(m)?
        }
        NumArray::Complex(m) => {
            dense::require_finite("eig", m)?;
            if dense::is_self_adjoint(m) {
                return Ok(Value::row(dense::self_adjoint_eigenvalues(m)?));
            }
            dense::complex_eigenvalues(m)?
        }
    };
    Ok(eigenvalue_vector(values))
}

/// General eigenvalues in a fixed order: real part ascending, then imaginary part
/// descending (a conjugate pair lists `a+bi` before `a-bi`). Real when every imaginary
/// part is zero.
fn eigenvalue_vector(mut values: Vec<C64>) -> Value {
    values.sort_by(|x, y| x.re.total_cmp(&y.re).then(y.im.total_cmp(&x.im)));
    let n = values.len();
    let row = Array2::from_shape_vec((1, n), values).unwrap_or_else(|_| Array2::zeros((1, 0)));
    Value::vector(NumArray::complex(row))
}

fn trace(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let (a, _) = operand("trace", args.value(0)?)?;
    let n = require_square("trace", &a)?;
    let total = (0..n).fold(C64::new(0.0, 0.0), |acc, i| acc + a.get(i, i));
    Ok(Value::number_approx(total))
}

fn linsolve(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    let (a, _) = operand("linsolve", args.value(0)?)?;
    let n = require_square("linsolve", &a)?;
    let (b, b_kind) = operand("linsolve", args.value(1)?)?;
    let (rhs, as_vector) = right_hand_side(&b, b_kind, n)?;
    let x = if a.is_real() && rhs.is_real() {
        NumArray::Real(solve(&a.re(), &rhs.re(), n)?)
    } else {
        NumArray::complex(solve(&a.to_complex(), &rhs.to_complex(), n)?)
    };
    Ok(match (as_vector, n) {
        (true, 1) => Value::number_approx(x.get(0, 0)),
        (true, _) => Value::vector(x.transpose(false)),
        (false, _) => Value::matrix(x),
    })
}

/// `b` as an `n×k` array, and whether it was a vector (then the solution is a Vector): a
/// Scalar, Vector or 1-D Matrix of n elements is one column; a Matrix with n rows is k
/// columns.
fn right_hand_side(b: &NumArray, kind: Kind, n: usize) -> LangResult<(NumArray, bool)> {
    let (rows, cols) = b.shape();
    let one_d = kind != Kind::Matrix || rows == 1 || cols == 1;
    if one_d && b.len() == n {
        let column = if rows == n {
            b.clone()
        } else {
            b.transpose(false)
        };
        return Ok((column, true));
    }
    if kind == Kind::Matrix && rows == n {
        return Ok((b.clone(), false));
    }
    let what = if one_d {
        format!("length {}", b.len())
    } else {
        format!("{rows} rows")
    };
    Err(LangError::runtime(format!(
        "linsolve: A is {n}×{n} but b has {what}"
    )))
}

fn solve<T: Field>(a: &Array2<T>, b: &Array2<T>, n: usize) -> LangResult<Array2<T>> {
    dense::require_finite("linsolve", a)?;
    dense::require_finite("linsolve", b)?;
    if n == 0 {
        return Ok(b.clone());
    }
    let lu = Lu::new(a);
    if lu.is_singular() {
        return Err(LangError::runtime(
            "linsolve: matrix is singular to working precision",
        ));
    }
    Ok(lu.solve(b))
}
