//! Matrix builtins built on the linear-algebra core: `kron` (Kronecker product), `cross`
//! (3-vector cross product), `horzcat` / `vertcat` (the `[A, B]` / `[A; B]` literals as
//! functions), `rank` (singular values above a tolerance) and `expm` (scaling and squaring
//! with the [6/6] Padé approximant, Higham 2008).

use super::dense::{self, Field, Lu};
use super::{operand, require_square};
use crate::builtins::Args;
use crate::builtins::numeric::{check_alloc, complex_array, mul_size, vector_elements};
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{NumArray, Value};
use ndarray::{Array2, LinalgScalar};

/// A Matrix, Vector (a 1×N row), Scalar or Complex number as a 2-D array.
fn matrix_operand(name: &str, what: &str, v: &Value) -> LangResult<NumArray> {
    match v {
        Value::Scalar(_) | Value::Complex(_) | Value::Vector(_) | Value::Matrix(_) => {
            Ok(v.to_num_array().unwrap_or_else(|| NumArray::zeros(0, 0)))
        }
        other => Err(LangError::type_error(format!(
            "{name}: {what} must be a matrix, got {}",
            other.type_name()
        ))),
    }
}

/// `kron(A, B)`: the (mp)×(nq) Matrix whose block (i, j) is `A(i, j)·B`.
pub(super) fn kron(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    let a = matrix_operand("kron", "A", args.value(0)?)?;
    let b = matrix_operand("kron", "B", args.value(1)?)?;
    let ((ma, na), (mb, nb)) = (a.shape(), b.shape());
    let (rows, cols) = (mul_size(ma, mb), mul_size(na, nb));
    let complex = !(a.is_real() && b.is_real());
    check_alloc(rows, cols, complex)?;
    let result = match (&a, &b) {
        (NumArray::Real(a), NumArray::Real(b)) => NumArray::Real(kron_of(a, b)),
        _ => NumArray::complex(kron_of(&a.to_complex(), &b.to_complex())),
    };
    Ok(Value::matrix(result))
}

fn kron_of<T: LinalgScalar>(a: &Array2<T>, b: &Array2<T>) -> Array2<T> {
    let (mb, nb) = b.dim();
    let (rows, cols) = (a.nrows() * mb, a.ncols() * nb);
    Array2::from_shape_fn((rows, cols), |(r, c)| {
        a[[r / mb, c / nb]] * b[[r % mb, c % nb]]
    })
}

/// `cross(u, v)` of two 3-element vectors, as a Vector.
pub(super) fn cross(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    let u = vector_elements("cross", args.value(0)?)?;
    let v = vector_elements("cross", args.value(1)?)?;
    if u.len() != 3 || v.len() != 3 {
        return Err(LangError::type_error(format!(
            "cross: both vectors must have length 3 (got {} and {})",
            u.len(),
            v.len()
        )));
    }
    let w = vec![
        u[1] * v[2] - u[2] * v[1],
        u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0],
    ];
    Ok(Value::vector(complex_array(1, 3, w)))
}

/// `horzcat(A, B, ...)` = `[A, B, ...]`; no arguments give the empty Vector.
pub(super) fn horzcat(_: &mut Interp, args: Args) -> LangResult<Value> {
    crate::ops::concat(vec![args.values])
}

/// `vertcat(A, B, ...)` = `[A; B; ...]`; no arguments give the empty Vector.
pub(super) fn vertcat(_: &mut Interp, args: Args) -> LangResult<Value> {
    crate::ops::concat(args.values.into_iter().map(|v| vec![v]).collect())
}

/// The number of singular values above `√eps · max(R, C) · σ_max` (rustlab's tolerance).
pub(super) fn rank(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let (a, _) = operand("rank", args.value(0)?)?;
    if a.is_empty() {
        return Ok(Value::Scalar(0.0));
    }
    let sigma = match &a {
        NumArray::Real(m) => finite_singular_values(m)?,
        NumArray::Complex(m) => finite_singular_values(m)?,
    };
    let largest = sigma.first().copied().unwrap_or(0.0);
    let (rows, cols) = a.shape();
    let tol = f64::EPSILON.sqrt() * rows.max(cols) as f64 * largest;
    Ok(Value::Scalar(
        sigma.iter().filter(|&&s| s > tol).count() as f64
    ))
}

fn finite_singular_values<T: Field>(a: &Array2<T>) -> LangResult<Vec<f64>> {
    dense::require_finite("rank", a)?;
    dense::singular_values(a)
}

/// `expm(A)`: e^A of a square matrix; a Scalar gives `exp(x)`.
pub(super) fn expm(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let a = match args.value(0)? {
        Value::Scalar(x) => return Ok(Value::Scalar(x.exp())),
        Value::Matrix(a) => a,
        other => {
            return Err(LangError::type_error(format!(
                "expm: expected matrix, got {}",
                other.type_name()
            )));
        }
    };
    require_square("expm", a)?;
    let result = match &**a {
        NumArray::Real(m) => NumArray::Real(finite_expm(m)?),
        NumArray::Complex(m) => NumArray::complex(finite_expm(m)?),
    };
    Ok(Value::matrix(result))
}

fn finite_expm<T: Field + LinalgScalar>(a: &Array2<T>) -> LangResult<Array2<T>> {
    dense::require_finite("expm", a)?;
    Ok(pade_expm(a))
}

/// ‖A‖₁: the largest column sum of moduli.
fn norm1<T: Field>(a: &Array2<T>) -> f64 {
    a.columns()
        .into_iter()
        .map(|col| col.iter().fold(0.0, |s, x| s + x.modulus()))
        .fold(0.0, f64::max)
}

/// Scale A by 2^−s so that ‖A/2^s‖₁ ≤ θ₆, take the [6/6] Padé approximant
/// r(X) = (V − U)⁻¹(V + U) with V = Σ even terms and U = X·Σ odd terms, then square s times.
fn pade_expm<T: Field + LinalgScalar>(a: &Array2<T>) -> Array2<T> {
    const THETA_6: f64 = 0.537_192_035_114_815_2;
    // c_k = 6!(12 − k)! / (12! k! (6 − k)!)
    const C: [f64; 7] = [
        1.0,
        0.5,
        5.0 / 44.0,
        1.0 / 66.0,
        1.0 / 792.0,
        1.0 / 15840.0,
        1.0 / 665_280.0,
    ];
    let n = a.nrows();
    if n == 0 {
        return a.clone();
    }
    let norm = norm1(a);
    let squarings = if norm > THETA_6 {
        (norm / THETA_6).log2().ceil().max(0.0) as i32
    } else {
        0
    };
    let x = a.mapv(|z| z.times(0.5f64.powi(squarings)));
    let eye = dense::identity::<T>(n);
    let x2 = x.dot(&x);
    let x4 = x2.dot(&x2);
    let x6 = x4.dot(&x2);
    let scaled = |m: &Array2<T>, c: f64| m.mapv(|z| z.times(c));
    let v = scaled(&eye, C[0]) + scaled(&x2, C[2]) + scaled(&x4, C[4]) + scaled(&x6, C[6]);
    let odd = scaled(&eye, C[1]) + scaled(&x2, C[3]) + scaled(&x4, C[5]);
    let u = x.dot(&odd);
    let lu = Lu::new(&(&v - &u));
    if lu.is_singular() {
        return eye;
    }
    let mut result = lu.solve(&(&v + &u));
    for _ in 0..squarings {
        result = result.dot(&result);
    }
    result
}
