//! Reductions and searches (spec §10.4): `sum mean median prod` here, with the shape rules
//! they share; `max min` in [`extrema`]; `argmax argmin` in
//! [`arg_extrema`]; `sort cumsum` in [`order`];
//! `norm dot any all` in [`norms`]; `std trapz` in [`spread`].
//!
//! Shape rules: a Vector or 1-D Matrix reduces to one number; an R×C Matrix reduces down
//! its columns (`dim` 1, the default, giving 1×C) or along its rows (`dim` 2, giving R×1);
//! `f(v, 1)` on a Vector returns it unchanged. Sums run left to right from 0 (the last
//! digits are compared against rustlab), and a reduced number is a Scalar unless its
//! imaginary part reaches 1e-12.

mod arg_extrema;
mod extrema;
mod fold;
mod norms;
mod order;
mod spread;

use super::numeric::{along_dim, dim_arg, expected, mul_c, sum_c};
use super::{Args, Builtin};
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{C64, NumArray, Value};
use fold::RealFold;
use std::cmp::Ordering;

pub(crate) static TABLE: &[Builtin] = &[
    Builtin::new(
        "sum",
        sum,
        "sum(A) | sum(A, dim): sum of a vector, column sums (dim 1) or row sums (dim 2)",
    ),
    Builtin::new(
        "mean",
        mean,
        "mean(A) | mean(A, dim): arithmetic mean, shaped like sum",
    ),
    Builtin::new(
        "median",
        median,
        "median(A) | median(A, dim): middle of the sorted real parts",
    ),
    Builtin::new(
        "max",
        extrema::max,
        "max(v) | max(M) | max(M, [], dim) | max(a, b) | [m, k] = max(...): largest element",
    ),
    Builtin::new(
        "min",
        extrema::min,
        "min(v) | min(M) | min(M, [], dim) | min(a, b) | [m, k] = min(...): smallest element",
    ),
    Builtin::new(
        "argmax",
        arg_extrema::argmax,
        "argmax(A) | argmax(A, dim): 1-based index of the largest element",
    ),
    Builtin::new(
        "argmin",
        arg_extrema::argmin,
        "argmin(A) | argmin(A, dim): 1-based index of the smallest element",
    ),
    Builtin::new(
        "cumsum",
        order::cumsum,
        "cumsum(A) | cumsum(A, dim): running sums (down columns by default)",
    ),
    Builtin::new(
        "prod",
        prod,
        "prod(A) | prod(A, dim): product of the elements, shaped like sum",
    ),
    Builtin::new(
        "sort",
        order::sort,
        "sort(v) | sort(v, \"descend\") | [s, idx] = sort(...): stable sort by real part",
    ),
    Builtin::new(
        "norm",
        norms::norm,
        "norm(v) | norm(v, p) | norm(M): vector p-norm (default 2) or Frobenius norm",
    ),
    Builtin::new(
        "std",
        spread::std,
        "std(v) | std(M) | std(M, dim): sample standard deviation (N−1), shaped like sum",
    ),
    Builtin::new(
        "trapz",
        spread::trapz,
        "trapz(v) | trapz(x, v): trapezoidal integral (unit spacing or sample positions x)",
    ),
    Builtin::new("dot", norms::dot, "dot(a, b): Σ a(i)·b(i), left to right"),
    Builtin::new(
        "any",
        norms::any,
        "any(A): true when some element is non-zero",
    ),
    Builtin::new(
        "all",
        norms::all,
        "all(A): true when every element is non-zero",
    ),
];

/// What one reduction does with all the elements of a Vector / 1-D Matrix, and with one
/// column or row of a 2-D Matrix: `real`, where there is one, is `slice` on real columns or
/// rows, with the same bits and no complex copy.
struct Reducer {
    flat: fn(&str, &[C64]) -> LangResult<Value>,
    slice: fn(&[C64]) -> C64,
    real: Option<RealFold>,
}

/// The shared shape rules of `sum`, `mean`, `median` and `prod`. An empty Matrix gives 0
/// (as rustlab); numbers are returned unchanged.
fn reduce(args: &Args, reducer: Reducer) -> LangResult<Value> {
    args.arity(1, 2)?;
    let dim = dim_arg(args, 1)?;
    match args.value(0)? {
        v @ Value::Vector(_) if dim == Some(1) => Ok(v.clone()),
        Value::Vector(a) => (reducer.flat)(args.name, &a.to_c_vec()),
        Value::Matrix(a) if a.is_empty() => Ok(Value::Scalar(0.0)),
        Value::Matrix(a) if a.rows() == 1 || a.cols() == 1 => {
            (reducer.flat)(args.name, &a.to_c_vec())
        }
        Value::Matrix(a) => {
            let dim = dim.unwrap_or(1);
            Ok(Value::matrix(match (&**a, reducer.real) {
                (NumArray::Real(real), Some(fold)) => fold.along(real, dim),
                _ => along_dim(a, dim, reducer.slice),
            }))
        }
        v @ (Value::Scalar(_) | Value::Complex(_)) => Ok(v.clone()),
        other => Err(expected(args.name, "a number or array", other)),
    }
}

/// `NAME: argument must be a non-empty vector, matrix, or scalar`.
fn empty_error(name: &str) -> LangError {
    LangError::type_error(format!(
        "{name}: argument must be a non-empty vector, matrix, or scalar"
    ))
}

/// The real elements of a non-empty argument that `reduce` treats as one flat list (a
/// Vector reduced along all, or a Matrix with one row or column), in row-major order.
/// Summing them as reals gives the same bits as the complex sum's real part, with no copy.
fn flat_real(args: &Args) -> LangResult<Option<&ndarray::Array2<f64>>> {
    args.arity(1, 2)?;
    let (array, flat) = match args.value(0)? {
        Value::Vector(a) => (a, dim_arg(args, 1)? != Some(1)),
        Value::Matrix(a) => (a, a.rows() == 1 || a.cols() == 1),
        _ => return Ok(None),
    };
    Ok(match &**array {
        NumArray::Real(a) if flat && !a.is_empty() => Some(a),
        _ => None,
    })
}

fn sum(_: &mut Interp, args: Args) -> LangResult<Value> {
    if let Some(a) = flat_real(&args)? {
        return Ok(Value::Scalar(RealFold::Sum.of(a)));
    }
    reduce(
        &args,
        Reducer {
            flat: |_, xs| Ok(Value::number_approx(sum_c(xs.iter().copied()))),
            slice: |xs| sum_c(xs.iter().copied()),
            real: Some(RealFold::Sum),
        },
    )
}

/// The complex sum divided component-wise by the count.
fn mean_of(xs: &[C64]) -> C64 {
    sum_c(xs.iter().copied()) / xs.len() as f64
}

fn mean(_: &mut Interp, args: Args) -> LangResult<Value> {
    if let Some(a) = flat_real(&args)? {
        return Ok(Value::Scalar(RealFold::Mean.of(a)));
    }
    reduce(
        &args,
        Reducer {
            flat: |name, xs| match xs {
                [] => Err(empty_error(name)),
                _ => Ok(Value::number_approx(mean_of(xs))),
            },
            slice: mean_of,
            real: Some(RealFold::Mean),
        },
    )
}

/// The product from 1, left to right.
fn product_of(xs: &[C64]) -> C64 {
    xs.iter().fold(C64::new(1.0, 0.0), |acc, &z| mul_c(acc, z))
}

fn prod(_: &mut Interp, args: Args) -> LangResult<Value> {
    reduce(
        &args,
        Reducer {
            flat: |name, xs| match xs {
                [] => Err(empty_error(name)),
                _ => Ok(Value::number_approx(product_of(xs))),
            },
            slice: product_of,
            real: Some(RealFold::Product),
        },
    )
}

/// Order of real numbers with NaN after everything (a total order, so sorting never
/// panics); -0 and 0 compare equal.
pub(super) fn cmp_nan_last(a: f64, b: f64) -> Ordering {
    a.partial_cmp(&b)
        .unwrap_or_else(|| a.is_nan().cmp(&b.is_nan()))
}

/// Median of the real parts: the middle one, or the mean of the two middle ones; NaN when
/// any real part is NaN (as MATLAB; rustlab panics there).
fn median_of(xs: &[C64]) -> f64 {
    let mut re: Vec<f64> = xs.iter().map(|z| z.re).collect();
    if re.iter().any(|x| x.is_nan()) {
        return f64::NAN;
    }
    re.sort_by(|a, b| cmp_nan_last(*a, *b));
    match re.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => re[n / 2],
        n => (re[n / 2 - 1] + re[n / 2]) / 2.0,
    }
}

fn median(_: &mut Interp, args: Args) -> LangResult<Value> {
    reduce(
        &args,
        Reducer {
            flat: |name, xs| match xs {
                [] => Err(empty_error(name)),
                _ => Ok(Value::Scalar(median_of(xs))),
            },
            slice: |xs| C64::new(median_of(xs), 0.0),
            real: None,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::super::numeric::testing::*;
    use super::*;

    fn call_t(name: &str, args: Vec<Value>) -> Value {
        call(TABLE, name, args).unwrap()
    }

    fn grid() -> Value {
        m(&[&[1.0, 2.0, 3.0], &[4.0, 5.0, 6.0]])
    }

    #[test]
    fn sum_shape_rules() {
        assert_eq!(call_t("sum", vec![v(&[1.0, 2.0, 3.0])]), s(6.0));
        assert_eq!(call_t("sum", vec![m(&[&[1.0], &[2.0]])]), s(3.0));
        assert_eq!(call_t("sum", vec![grid()]), m(&[&[5.0, 7.0, 9.0]]));
        assert_eq!(call_t("sum", vec![grid(), s(1.0)]), m(&[&[5.0, 7.0, 9.0]]));
        assert_eq!(call_t("sum", vec![grid(), s(2.0)]), m(&[&[6.0], &[15.0]]));
        assert_eq!(call_t("sum", vec![v(&[1.0, 2.0]), s(1.0)]), v(&[1.0, 2.0]));
        assert_eq!(call_t("sum", vec![v(&[1.0, 2.0]), s(2.0)]), s(3.0));
        assert_eq!(call_t("sum", vec![s(4.0)]), s(4.0));
        assert_eq!(call_t("sum", vec![v(&[])]), s(0.0));
        assert_eq!(
            call_t("sum", vec![Value::matrix_rows(0, 3, vec![])]),
            s(0.0)
        );
        let total = call_t("sum", vec![call_t("sum", vec![grid()])]);
        assert_eq!(total, s(21.0));
    }

    #[test]
    fn sums_are_sequential_and_complex_results_need_1e_12() {
        let r = call_t("sum", vec![v(&[0.1, 0.2, 0.3])]);
        assert_eq!(r, s(0.1 + 0.2 + 0.3));
        assert_eq!(call_t("sum", vec![v(&[1e16, 1.0, -1e16, 1.0])]), s(1.0));
        let tiny = call_t("sum", vec![cv(&[(1.0, 5e-13), (1.0, 4e-13)])]);
        assert_eq!(tiny, s(2.0));
        let z = call_t("sum", vec![cv(&[(1.0, 1.0), (1.0, 1.0)])]);
        assert_eq!(z, Value::Complex(C64::new(2.0, 2.0)));
        let nan = call_t("sum", vec![v(&[1.0, f64::NAN])]);
        assert!(matches!(nan, Value::Scalar(x) if x.is_nan()));
    }

    #[test]
    fn real_sums_and_means_give_the_complex_sums_bits() {
        let xs = [0.1, -0.7, 1e16, 3.3, -1e16, 2.5e-300, -0.0];
        let as_complex: Vec<(f64, f64)> = xs.iter().map(|&x| (x, 1e-300)).collect();
        let complex_sum = sum_c(cv(&as_complex).as_array().unwrap().iter_c());
        let column = m(&xs.iter().map(std::slice::from_ref).collect::<Vec<_>>());
        for real in [v(&xs), column] {
            assert_eq!(call_t("sum", vec![real.clone()]), s(complex_sum.re));
            let mean = complex_sum.re / xs.len() as f64;
            assert_eq!(call_t("mean", vec![real.clone()]), s(mean));
            assert_eq!(call_t("sum", vec![real.clone(), s(2.0)]), s(complex_sum.re));
        }
        assert_eq!(call_t("sum", vec![v(&xs), s(1.0)]), v(&xs));
        assert!(call(TABLE, "sum", vec![v(&xs), s(1.0), s(1.0)]).is_err());
        assert!(call(TABLE, "mean", vec![v(&[])]).is_err());
    }

    #[test]
    fn a_real_matrix_reduced_along_a_dimension_gives_the_complex_paths_bits() {
        let a = m(&[
            &[0.1, 1e16, -0.0, f64::NAN],
            &[-0.7, 3.3, 2.5e-300, 1.0],
            &[1e-16, -1e16, -0.0, 2.0],
        ]);
        let complex = NumArray::Complex(arr(&a).to_complex());
        let bits = |v: &Value| re(v).iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        for dim in [1.0, 2.0] {
            for (name, slice) in [
                ("sum", (|xs| sum_c(xs.iter().copied())) as fn(&[C64]) -> C64),
                ("mean", mean_of),
                ("prod", product_of),
            ] {
                let fast = call_t(name, vec![a.clone(), s(dim)]);
                let general = Value::matrix(along_dim(&complex, dim as usize, slice));
                assert_eq!(bits(&fast), bits(&general), "{name} along {dim}");
            }
            for extreme in [extrema::Extreme::Max, extrema::Extreme::Min] {
                let of = |x: &NumArray| extrema::axis_extremes("max", x, dim as usize, extreme);
                let ((v, i), (cv, ci)) = (of(arr(&a)).unwrap(), of(&complex).unwrap());
                let (v, cv) = (Value::matrix(v), Value::matrix(cv));
                assert_eq!((bits(&v), i), (bits(&cv), ci), "{extreme:?} along {dim}");
            }
        }
    }

    #[test]
    fn mean_divides_by_the_count() {
        assert_eq!(call_t("mean", vec![v(&[1.0, 2.0, 3.0, 4.0, 5.0])]), s(3.0));
        assert_eq!(call_t("mean", vec![grid(), s(2.0)]), m(&[&[2.0], &[5.0]]));
        assert_eq!(call_t("mean", vec![grid()]), m(&[&[2.5, 3.5, 4.5]]));
        let z = call_t("mean", vec![cv(&[(1.0, 2.0), (3.0, 4.0)])]);
        assert_eq!(z, Value::Complex(C64::new(2.0, 3.0)));
        assert_eq!(
            error(TABLE, "mean", vec![v(&[])]),
            "type error: mean: argument must be a non-empty vector, matrix, or scalar"
        );
        assert_eq!(
            call_t("mean", vec![Value::matrix_rows(3, 0, vec![])]),
            s(0.0)
        );
    }

    #[test]
    fn median_of_real_parts() {
        assert_eq!(call_t("median", vec![v(&[3.0, 1.0, 2.0])]), s(2.0));
        assert_eq!(call_t("median", vec![v(&[4.0, 1.0, 3.0, 2.0])]), s(2.5));
        assert_eq!(call_t("median", vec![grid()]), m(&[&[2.5, 3.5, 4.5]]));
        assert_eq!(call_t("median", vec![grid(), s(2.0)]), m(&[&[2.0], &[5.0]]));
        assert_eq!(
            call_t("median", vec![cv(&[(1.0, 9.0), (3.0, 9.0)])]),
            s(2.0)
        );
        let nan = call_t("median", vec![v(&[f64::NAN, 1.0, 2.0])]);
        assert!(matches!(nan, Value::Scalar(x) if x.is_nan()));
        assert_eq!(
            call_t("median", vec![v(&[f64::INFINITY, 1.0, 2.0])]),
            s(2.0)
        );
        assert_eq!(
            error(TABLE, "median", vec![v(&[])]),
            "type error: median: argument must be a non-empty vector, matrix, or scalar"
        );
    }

    #[test]
    fn prod_multiplies_from_one() {
        assert_eq!(call_t("prod", vec![v(&[1.0, 2.0, 3.0, 4.0])]), s(24.0));
        assert_eq!(call_t("prod", vec![grid()]), m(&[&[4.0, 10.0, 18.0]]));
        assert_eq!(call_t("prod", vec![grid(), s(2.0)]), m(&[&[6.0], &[120.0]]));
        assert_eq!(
            call_t("prod", vec![v(&[f64::INFINITY, 2.0])]),
            s(f64::INFINITY)
        );
        let z = call_t("prod", vec![cv(&[(0.0, 1.0), (0.0, 1.0)])]);
        assert_eq!(z, s(-1.0));
        assert_eq!(
            error(TABLE, "prod", vec![v(&[])]),
            "type error: prod: argument must be a non-empty vector, matrix, or scalar"
        );
    }

    #[test]
    fn reduction_errors() {
        assert_eq!(
            error(TABLE, "sum", vec![Value::str("ab")]),
            "type error: sum: expected a number or array, got string"
        );
        assert_eq!(
            error(TABLE, "sum", vec![grid(), s(3.0)]),
            "type error: sum: dim must be 1 or 2, got 3"
        );
        assert_eq!(
            error(TABLE, "mean", vec![grid(), v(&[1.0])]),
            "type error: mean: expected scalar, got vector"
        );
        assert!(error(TABLE, "sum", vec![]).contains("expected 1..2, got 0"));
    }

    #[test]
    fn nan_sorts_last() {
        assert_eq!(cmp_nan_last(f64::NAN, 1.0), Ordering::Greater);
        assert_eq!(cmp_nan_last(1.0, f64::NAN), Ordering::Less);
        assert_eq!(cmp_nan_last(f64::NAN, f64::NAN), Ordering::Equal);
        assert_eq!(cmp_nan_last(-0.0, 0.0), Ordering::Equal);
    }
}
