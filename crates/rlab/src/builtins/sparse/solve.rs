//! Sparse direct solvers on faer's sparse module: `spsolve` (auto-routing between sparse
//! Cholesky and sparse LU with partial pivoting), and the factor-once-solve-many handles
//! `chol`, `lu` and `solve`. Real matrices use `f64` factors, complex ones `Complex<f64>`.
//!
//! The ordering argument of rustlab (`"auto"`, `"identity"`/`"natural"`, `"amd"`) is
//! checked and accepted; faer always applies its own fill-reducing ordering, which gives
//! the same solution (to rounding) for every choice.

use super::elements;
use crate::builtins::Args;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::sparse::Sparse;
use crate::value::{C64, Obj, Object, Value};
use faer::linalg::solvers::Solve;
use faer::sparse::linalg::solvers::{Llt, Lu};
use faer::sparse::{SparseColMat, Triplet};
use faer::traits::ComplexField;
use faer::{Mat, Side};
use std::any::Any;

/// A cached factorization.
#[derive(Debug)]
enum Inner {
    CholReal(Llt<usize, f64>),
    CholComplex(Llt<usize, C64>),
    LuReal(Lu<usize, f64>),
    LuComplex(Lu<usize, C64>),
}

/// The handle `chol`/`lu` return and `solve` consumes.
#[derive(Debug)]
pub(super) struct Factor {
    n: usize,
    inner: Inner,
}

impl Object for Factor {
    fn type_name(&self) -> &'static str {
        "sparse_factor"
    }

    fn display(&self) -> String {
        let (kind, field) = match self.inner {
            Inner::CholReal(_) => ("chol", "real"),
            Inner::CholComplex(_) => ("chol", "complex"),
            Inner::LuReal(_) => ("lu", "real"),
            Inner::LuComplex(_) => ("lu", "complex"),
        };
        format!("<{kind} factor {0}×{0}, {field}>", self.n)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Chol,
    Lu,
}

/// The sparse matrix argument of `name` (square, finite).
fn square<'a>(name: &str, v: &'a Value) -> LangResult<&'a Sparse> {
    let Value::Sparse(s) = v.plain() else {
        return Err(LangError::type_error(format!(
            "{name}: A must be a sparse matrix, got {}",
            v.type_name()
        )));
    };
    if s.rows != s.cols {
        return Err(LangError::type_error(format!(
            "{name}: A must be square (got {})",
            s.dims()
        )));
    }
    if !s.is_finite() {
        return Err(LangError::runtime(format!(
            "{name}: A must not contain NaN or Inf"
        )));
    }
    Ok(s)
}

/// Check an ordering string (see the file comment).
fn check_ordering(name: &str, v: &Value) -> LangResult<()> {
    match v.plain() {
        Value::Str(s) if matches!(s.as_str(), "auto" | "identity" | "natural" | "amd") => Ok(()),
        Value::Str(s) => Err(LangError::type_error(format!(
            "{name}: unknown ordering \"{s}\"; expected \"auto\", \"identity\", or \"amd\""
        ))),
        other => Err(LangError::type_error(format!(
            "{name}: ordering must be a string (\"auto\"|\"identity\"|\"amd\"), got {}",
            other.type_name()
        ))),
    }
}

/// True when `s` equals its conjugate transpose (to a relative 1e-12).
fn is_hermitian(s: &Sparse) -> bool {
    let scale = s.entries.values().map(|z| z.norm()).fold(0.0, f64::max);
    s.entries
        .iter()
        .all(|(&(r, c), &v)| (s.get(c, r).conj() - v).norm() <= 1e-12 * scale)
}

/// Hermitian with a positive real diagonal: worth trying Cholesky.
fn looks_spd(s: &Sparse) -> bool {
    is_hermitian(s) && (0..s.rows).all(|k| s.get(k, k).re > 0.0)
}

fn csc<T: ComplexField + Copy>(
    s: &Sparse,
    of: impl Fn(C64) -> T,
) -> LangResult<SparseColMat<usize, T>> {
    let triplets: Vec<Triplet<usize, usize, T>> = s
        .entries
        .iter()
        .map(|(&(r, c), &v)| Triplet::new(r, c, of(v)))
        .collect();
    SparseColMat::try_new_from_triplets(s.rows, s.cols, &triplets)
        .map_err(|e| LangError::runtime(format!("sparse matrix conversion failed: {e:?}")))
}

/// True when every stored imaginary part is below 1e-12 (rustlab's realness test).
fn essentially_real(values: impl IntoIterator<Item = C64>) -> bool {
    values.into_iter().all(|z| z.im.abs() < 1e-12)
}

/// Factor `s` (as a real factor when it is essentially real, unless `complex`); the error
/// text is without the builtin's name.
fn factor(s: &Sparse, kind: Kind, complex: bool) -> Result<Factor, String> {
    let not_spd = || "A is not Hermitian positive definite".to_string();
    let singular = |_| "matrix is singular".to_string();
    if kind == Kind::Chol && !is_hermitian(s) {
        return Err(not_spd());
    }
    let real = !complex && essentially_real(s.entries.values().copied());
    let inner = match (kind, real) {
        (Kind::Chol, true) => {
            let m = csc(s, |z| z.re).map_err(|e| e.message)?;
            Inner::CholReal(m.sp_cholesky(Side::Lower).map_err(|_| not_spd())?)
        }
        (Kind::Chol, false) => {
            let m = csc(s, |z| z).map_err(|e| e.message)?;
            Inner::CholComplex(m.sp_cholesky(Side::Lower).map_err(|_| not_spd())?)
        }
        (Kind::Lu, true) => {
            let m = csc(s, |z| z.re).map_err(|e| e.message)?;
            Inner::LuReal(m.sp_lu().map_err(singular)?)
        }
        (Kind::Lu, false) => {
            let m = csc(s, |z| z).map_err(|e| e.message)?;
            Inner::LuComplex(m.sp_lu().map_err(singular)?)
        }
    };
    Ok(Factor { n: s.rows, inner })
}

fn solve_real(f: &impl Solve<f64>, b: &[C64]) -> Vec<C64> {
    let rhs = Mat::from_fn(b.len(), 1, |i, _| b[i].re);
    let x = f.solve(&rhs);
    (0..b.len()).map(|i| C64::new(x[(i, 0)], 0.0)).collect()
}

fn solve_complex(f: &impl Solve<C64>, b: &[C64]) -> Vec<C64> {
    let rhs = Mat::from_fn(b.len(), 1, |i, _| b[i]);
    let x = f.solve(&rhs);
    (0..b.len()).map(|i| x[(i, 0)]).collect()
}

/// `x` with `A x = b` through a factor; the error text is without the builtin's name.
fn back_solve(f: &Factor, b: &[C64]) -> Result<Vec<C64>, String> {
    if f.n != b.len() {
        return Err(format!(
            "factor is {0}×{0} but b has length {1}",
            f.n,
            b.len()
        ));
    }
    if b.iter().any(|z| !(z.re.is_finite() && z.im.is_finite())) {
        return Err("b must not contain NaN or Inf".to_string());
    }
    let complex_b = b.iter().any(|z| z.im.abs() >= 1e-12);
    let x = match &f.inner {
        Inner::CholReal(_) | Inner::LuReal(_) if complex_b => {
            let which = if matches!(f.inner, Inner::CholReal(_)) {
                "chol"
            } else {
                "lu"
            };
            return Err(format!(
                "solve: real factor cannot consume a complex b — refactor with {which} on a complex matrix or pass a real b"
            ));
        }
        Inner::CholReal(c) => solve_real(c, b),
        Inner::LuReal(l) => solve_real(l, b),
        Inner::CholComplex(c) => solve_complex(c, b),
        Inner::LuComplex(l) => solve_complex(l, b),
    };
    if x.iter().any(|z| !(z.re.is_finite() && z.im.is_finite())) {
        return Err("matrix is singular".to_string());
    }
    Ok(x)
}

/// A solution as rustlab returns it: a number for length 1, else a Vector.
fn pack(x: Vec<C64>) -> Value {
    if x.len() == 1 {
        return Value::number_approx(x[0]);
    }
    let n = x.len();
    Value::vector(crate::value::NumArray::complex(
        ndarray::Array2::from_shape_vec((1, n), x).unwrap_or_default(),
    ))
}

/// `spsolve(A, b [, mode] [, ordering])`: mode `"auto"` (Cholesky when A looks Hermitian
/// positive definite, else or on failure LU), `"cholesky"` or `"lu"`. A dense Matrix A is
/// converted to sparse first.
pub(super) fn spsolve(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 4)?;
    let mode = match args.get(2).map(Value::plain) {
        None => "auto",
        Some(Value::Str(s)) if matches!(s.as_str(), "auto" | "cholesky" | "lu") => s.as_str(),
        Some(Value::Str(s)) => {
            return Err(LangError::type_error(format!(
                "spsolve: unknown mode \"{s}\"; expected \"auto\", \"cholesky\", or \"lu\""
            )));
        }
        Some(other) => {
            return Err(LangError::type_error(format!(
                "spsolve: mode must be a string (\"auto\"|\"cholesky\"|\"lu\"), got {}",
                other.type_name()
            )));
        }
    };
    if let Some(v) = args.get(3) {
        check_ordering("spsolve", v)?;
    }
    let dense;
    let a = match args.value(0)?.plain() {
        Value::Matrix(m) => {
            dense = Value::Sparse(std::sync::Arc::new(Sparse::from_dense(m, false)));
            &dense
        }
        other => other,
    };
    let s = square("spsolve", a)?;
    let b = elements("spsolve", args.value(1)?)?;
    if b.len() != s.rows {
        return Err(LangError::type_error(format!(
            "spsolve: A is {} but b has length {}",
            s.dims(),
            b.len()
        )));
    }
    let fail = |e: String| LangError::type_error(format!("spsolve: {e}"));
    let complex_b = !essentially_real(b.iter().copied());
    let try_chol = match mode {
        "cholesky" => true,
        "lu" => false,
        _ => looks_spd(s),
    };
    if try_chol {
        let solved = factor(s, Kind::Chol, complex_b).and_then(|f| back_solve(&f, &b));
        match solved {
            Ok(x) => return Ok(pack(x)),
            Err(e) if mode == "cholesky" => return Err(fail(e)),
            Err(_) => {}
        }
    }
    let f = factor(s, Kind::Lu, complex_b).map_err(fail)?;
    back_solve(&f, &b).map(pack).map_err(fail)
}

fn factor_builtin(args: &Args, kind: Kind) -> LangResult<Value> {
    args.arity(1, 2)?;
    let s = square(args.name, args.value(0)?)?;
    if let Some(v) = args.get(1) {
        check_ordering(args.name, v)?;
    }
    let f =
        factor(s, kind, false).map_err(|e| LangError::type_error(format!("{}: {e}", args.name)))?;
    Ok(Value::Object(Obj::new(f)))
}

/// `chol(A [, ordering])`: a sparse Cholesky factor handle (A Hermitian positive definite).
pub(super) fn chol(_: &mut Interp, args: Args) -> LangResult<Value> {
    factor_builtin(&args, Kind::Chol)
}

/// `lu(A [, ordering])`: a sparse LU factor handle (partial pivoting).
pub(super) fn lu(_: &mut Interp, args: Args) -> LangResult<Value> {
    factor_builtin(&args, Kind::Lu)
}

/// `solve(F, b)`: back-solve `b` through a factor from `chol` or `lu`.
pub(super) fn solve(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    let factor = match args.value(0)?.plain() {
        Value::Object(o) => o.downcast::<Factor>(),
        _ => None,
    };
    let Some(f) = factor else {
        return Err(LangError::type_error(format!(
            "solve: first argument must be a sparse factor handle from chol() or lu(), got {}",
            args.value(0)?.type_name()
        )));
    };
    let b = elements("solve", args.value(1)?)?;
    let x = back_solve(f, &b).map_err(|e| {
        if e.starts_with("solve:") {
            LangError::type_error(e)
        } else {
            LangError::type_error(format!("solve: {e}"))
        }
    })?;
    Ok(pack(x))
}

/// `x ↦ A⁻¹ x` through a sparse LU factor of `a` (for shift-invert eigensolvers).
pub(super) fn lu_operator(a: &Sparse) -> Result<impl Fn(&[C64]) -> Vec<C64>, String> {
    let f = factor(a, Kind::Lu, false)?;
    Ok(move |x: &[C64]| {
        back_solve(&f, x).unwrap_or_else(|_| vec![C64::new(f64::NAN, 0.0); x.len()])
    })
}
