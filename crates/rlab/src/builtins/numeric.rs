//! Conversions shared by the numeric builtin tables (construct, shape, math, reduce):
//! reading an argument as a flat list of numbers, building Vector/Matrix results of the
//! right kind, the left-to-right sums and products rlab's reductions use, the `dim`
//! argument, allocation checks before building arrays whose size comes from user input,
//! and the type errors those tables share.

use super::Args;
use crate::error::{LangError, LangResult};
use crate::limits;
use crate::value::{C64, NumArray, Value};
use ndarray::Array2;

/// The array kind a result takes (spec §4.1: the two kinds behave differently).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ArrayKind {
    Vector,
    Matrix,
}

impl ArrayKind {
    /// Wrap an array as a value of this kind.
    pub(crate) fn wrap(self, a: NumArray) -> Value {
        match self {
            ArrayKind::Vector => Value::vector(a),
            ArrayKind::Matrix => Value::matrix(a),
        }
    }
}

/// `NAME: expected WHAT, got KIND` as a type error.
pub(crate) fn expected(name: &str, what: &str, got: &Value) -> LangError {
    LangError::type_error(format!("{name}: expected {what}, got {}", got.type_name()))
}

/// The numbers of a Vector, Scalar, Complex or 1-D Matrix, in order (what `outer`, `dot`
/// and `meshgrid` accept as "a vector"); `NAME: expected vector, got matrix` otherwise.
pub(crate) fn vector_elements(name: &str, v: &Value) -> LangResult<Vec<C64>> {
    match v {
        Value::Scalar(x) => Ok(vec![C64::new(*x, 0.0)]),
        Value::Complex(z) => Ok(vec![*z]),
        Value::Vector(a) => Ok(a.to_c_vec()),
        Value::Matrix(a) if a.rows() == 1 || a.cols() == 1 => Ok(a.to_c_vec()),
        other => Err(expected(name, "vector", other)),
    }
}

/// A `rows×cols` array from row-major complex data, stored real when every imaginary part
/// is exactly zero. `data.len()` must equal `rows*cols` (an inconsistent length gives an
/// empty array rather than a panic).
pub(crate) fn complex_array(rows: usize, cols: usize, data: Vec<C64>) -> NumArray {
    let a = Array2::from_shape_vec((rows, cols), data).unwrap_or_else(|_| Array2::zeros((0, 0)));
    NumArray::complex(a)
}

/// `a*b` for sizes, saturating so that an overflowing size fails the allocation check.
pub(crate) fn mul_size(a: usize, b: usize) -> usize {
    a.saturating_mul(b)
}

/// Fail with the allocation cap's message unless a `rows×cols` array fits.
pub(crate) fn check_alloc(rows: usize, cols: usize, complex: bool) -> LangResult<()> {
    if complex {
        limits::check_alloc(rows, cols, std::mem::size_of::<C64>())
    } else {
        limits::check_real(rows, cols)
    }
}

/// Σ z left to right, starting from 0 + 0i (component-wise adds, as rustlab's sums).
pub(crate) fn sum_c(items: impl IntoIterator<Item = C64>) -> C64 {
    let mut total = C64::new(0.0, 0.0);
    for z in items {
        total += z;
    }
    total
}

/// `a·b`; real operands multiply as reals, so infinities never leave a NaN imaginary part.
pub(crate) fn mul_c(a: C64, b: C64) -> C64 {
    if a.im == 0.0 && b.im == 0.0 {
        C64::new(a.re * b.re, 0.0)
    } else {
        a * b
    }
}

/// The optional reduction dimension in argument `i`: `None` when absent, else 1 or 2
/// (the value is truncated toward zero; `sum: dim must be 1 or 2, got 3`).
pub(crate) fn dim_arg(args: &Args, i: usize) -> LangResult<Option<usize>> {
    if args.len() <= i {
        return Ok(None);
    }
    let d = args.f64(i)?.trunc();
    if d == 1.0 || d == 2.0 {
        Ok(Some(d as usize))
    } else {
        Err(LangError::type_error(format!(
            "{}: dim must be 1 or 2, got {}",
            args.name,
            crate::display::scalar(d)
        )))
    }
}

/// Column `j` of `a`, top to bottom.
pub(crate) fn column(a: &NumArray, j: usize) -> Vec<C64> {
    (0..a.rows()).map(|i| a.get(i, j)).collect()
}

/// Row `i` of `a`, left to right.
pub(crate) fn row(a: &NumArray, i: usize) -> Vec<C64> {
    (0..a.cols()).map(|j| a.get(i, j)).collect()
}

/// Apply `f` to every column (`dim` 1, giving a `1×C` array) or every row (`dim` 2,
/// giving an `R×1` array) of `a`.
pub(crate) fn along_dim(a: &NumArray, dim: usize, f: impl Fn(&[C64]) -> C64) -> NumArray {
    let (rows, cols) = a.shape();
    if dim == 1 {
        let data = (0..cols).map(|j| f(&column(a, j))).collect();
        complex_array(1, cols, data)
    } else {
        let data = (0..rows).map(|i| f(&row(a, i))).collect();
        complex_array(rows, 1, data)
    }
}

/// [`along_dim`] for a real array, without copying each column or row into complex numbers:
/// `f` gets the column (`dim` 1) or row (`dim` 2) as a view, elements in order. For an `f`
/// that does to the real parts what the complex one does, the result has the same bits.
pub(crate) fn along_dim_real(
    a: &Array2<f64>,
    dim: usize,
    f: impl Fn(ndarray::ArrayView1<'_, f64>) -> f64,
) -> NumArray {
    if dim == 1 {
        let data = a.columns().into_iter().map(f).collect();
        NumArray::from_row_major(1, a.ncols(), data)
    } else {
        let data = a.rows().into_iter().map(f).collect();
        NumArray::from_row_major(a.nrows(), 1, data)
    }
}

/// Helpers for the unit tests of the numeric tables: a fresh interpreter and calls
/// through a table entry.
#[cfg(test)]
pub(crate) mod testing {
    use crate::builtins::{Args, Builtin};
    use crate::error::LangResult;
    use crate::eval::{Config, Interp};
    use crate::rng::Rng;
    use crate::value::{C64, NumArray, Value};

    /// A test interpreter seeded with 0.
    pub(crate) fn interp() -> Interp {
        Interp::new(Config::default(), Rng::seeded(0))
    }

    /// Call `name` from `table` with one requested output.
    pub(crate) fn call(table: &[Builtin], name: &str, args: Vec<Value>) -> LangResult<Value> {
        call_in(&mut interp(), table, name, args, 1)
    }

    /// Call `name` from `table` in `interp`, asking for `nargout` outputs.
    pub(crate) fn call_in(
        interp: &mut Interp,
        table: &[Builtin],
        name: &str,
        args: Vec<Value>,
        nargout: usize,
    ) -> LangResult<Value> {
        let entry = table
            .iter()
            .find(|b| b.name == name)
            .unwrap_or_else(|| panic!("no builtin '{name}' in this table"));
        (entry.func)(interp, Args::new(entry.name, args, nargout))
    }

    /// The error message of a call that must fail.
    pub(crate) fn error(table: &[Builtin], name: &str, args: Vec<Value>) -> String {
        match call(table, name, args) {
            Ok(v) => panic!("{name} should fail, returned {v:?}"),
            Err(e) => e.to_string(),
        }
    }

    pub(crate) fn s(x: f64) -> Value {
        Value::Scalar(x)
    }

    pub(crate) fn v(data: &[f64]) -> Value {
        Value::row(data.to_vec())
    }

    /// A real Matrix from rows.
    pub(crate) fn m(rows: &[&[f64]]) -> Value {
        let cols = rows.first().map_or(0, |r| r.len());
        let data = rows.iter().flat_map(|r| r.iter().copied()).collect();
        Value::matrix_rows(rows.len(), cols, data)
    }

    /// A complex Vector from (re, im) pairs.
    pub(crate) fn cv(data: &[(f64, f64)]) -> Value {
        let zs = data.iter().map(|&(re, im)| C64::new(re, im)).collect();
        Value::vector(super::complex_array(1, data.len(), zs))
    }

    /// A complex Matrix from rows of (re, im) pairs.
    pub(crate) fn cm(rows: &[&[(f64, f64)]]) -> Value {
        let cols = rows.first().map_or(0, |r| r.len());
        let zs = rows
            .iter()
            .flat_map(|r| r.iter().map(|&(re, im)| C64::new(re, im)));
        Value::matrix(super::complex_array(rows.len(), cols, zs.collect()))
    }

    /// The array of a Vector or Matrix (panics otherwise: tests only).
    pub(crate) fn arr(v: &Value) -> &NumArray {
        v.as_array()
            .unwrap_or_else(|| panic!("expected an array, got {v:?}"))
    }

    /// Real parts in row-major order.
    pub(crate) fn re(v: &Value) -> Vec<f64> {
        arr(v).to_re_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::testing::*;
    use super::*;

    #[test]
    fn vector_elements_accepts_one_d_shapes_only() {
        assert_eq!(
            vector_elements("f", &s(2.0)).unwrap(),
            vec![C64::new(2.0, 0.0)]
        );
        let col = m(&[&[1.0], &[2.0]]);
        assert_eq!(vector_elements("f", &col).unwrap().len(), 2);
        let z = Value::Complex(C64::new(0.0, 1.0));
        assert_eq!(vector_elements("f", &z).unwrap(), vec![C64::new(0.0, 1.0)]);
        let e = vector_elements("outer", &m(&[&[1.0, 2.0], &[3.0, 4.0]])).unwrap_err();
        assert_eq!(
            e.to_string(),
            "type error: outer: expected vector, got matrix"
        );
    }

    #[test]
    fn kinds_wrap_and_complex_arrays_demote() {
        let a = complex_array(1, 2, vec![C64::new(1.0, 0.0), C64::new(2.0, 0.0)]);
        assert!(a.is_real());
        assert!(matches!(
            ArrayKind::Vector.wrap(a.clone()),
            Value::Vector(_)
        ));
        assert!(matches!(ArrayKind::Matrix.wrap(a), Value::Matrix(_)));
        assert!(complex_array(2, 2, vec![]).is_empty());
    }

    #[test]
    fn sums_are_sequential_from_zero() {
        let xs = [1e16, 1.0, -1e16, 1.0].map(|x| C64::new(x, 0.0));
        // Left to right: ((1e16 + 1) - 1e16) + 1 = 0 + 1 = 1 (pairwise would give 2).
        assert_eq!(sum_c(xs), C64::new(1.0, 0.0));
        assert_eq!(sum_c([]), C64::new(0.0, 0.0));
        assert!(sum_c([C64::new(-0.0, 0.0)]).re.is_sign_positive());
    }

    #[test]
    fn real_products_stay_real_with_infinities() {
        let inf = C64::new(f64::INFINITY, 0.0);
        assert_eq!(mul_c(inf, C64::new(2.0, 0.0)), inf);
        let i = C64::new(0.0, 1.0);
        assert_eq!(mul_c(i, i), C64::new(-1.0, 0.0));
    }

    #[test]
    fn dim_argument_must_be_one_or_two() {
        let args = Args::new("sum", vec![s(1.0), s(2.9)], 1);
        assert_eq!(dim_arg(&args, 1).unwrap(), Some(2));
        assert_eq!(dim_arg(&args, 2).unwrap(), None);
        let bad = Args::new("sum", vec![s(1.0), s(3.0)], 1);
        assert_eq!(
            dim_arg(&bad, 1).unwrap_err().to_string(),
            "type error: sum: dim must be 1 or 2, got 3"
        );
        let nan = Args::new("sum", vec![s(1.0), s(f64::NAN)], 1);
        assert!(dim_arg(&nan, 1).is_err());
    }

    #[test]
    fn rows_columns_and_reductions_along_a_dimension() {
        let a = m(&[&[1.0, 2.0, 3.0], &[4.0, 5.0, 6.0]]);
        let a = arr(&a);
        assert_eq!(column(a, 1), vec![C64::new(2.0, 0.0), C64::new(5.0, 0.0)]);
        assert_eq!(row(a, 1).len(), 3);
        let cols = along_dim(a, 1, |xs| sum_c(xs.iter().copied()));
        assert_eq!(
            (cols.shape(), cols.to_re_vec()),
            ((1, 3), vec![5.0, 7.0, 9.0])
        );
        let rows = along_dim(a, 2, |xs| sum_c(xs.iter().copied()));
        assert_eq!((rows.shape(), rows.to_re_vec()), ((2, 1), vec![6.0, 15.0]));
    }

    #[test]
    fn allocation_checks_and_size_products() {
        assert_eq!(mul_size(usize::MAX, 2), usize::MAX);
        assert_eq!(mul_size(3, 4), 12);
        assert!(check_alloc(10, 10, false).is_ok());
        assert!(check_alloc(usize::MAX, 1, true).is_err());
        let e = check_alloc(1_000_000, 1_000_000, false).unwrap_err();
        assert!(e.message.contains("exceeds the limit"), "{}", e.message);
    }

    #[test]
    fn expected_names_the_builtin_and_kind() {
        let e = expected("sqrt", "a number or array", &Value::str("x"));
        assert_eq!(
            e.to_string(),
            "type error: sqrt: expected a number or array, got string"
        );
    }
}
