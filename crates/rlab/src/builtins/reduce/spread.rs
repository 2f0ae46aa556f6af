//! `std` (sample standard deviation, N−1 denominator, with the shape rules of `sum`) and
//! `trapz` (trapezoidal integration of a Vector, unit spacing or over sample positions).

use super::{Reducer, reduce};
use crate::builtins::Args;
use crate::builtins::numeric::{dim_arg, sum_c};
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{C64, Value};

/// √(Σ|x − mean|² / (n − 1)), the sums taken left to right; 0 for fewer than 2 elements.
fn std_of(xs: &[C64]) -> f64 {
    if xs.len() <= 1 {
        return 0.0;
    }
    let n = xs.len() as f64;
    let mean = sum_c(xs.iter().copied()) / n;
    let squares = xs
        .iter()
        .fold(0.0, |total, &x| total + (x - mean).norm_sqr());
    (squares / (n - 1.0)).sqrt()
}

/// `std(v)` → Scalar; `std(M)` / `std(M, 1)` → 1×C column deviations, `std(M, 2)` → R×1.
/// A single number has deviation 0.
pub(super) fn std(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 2)?;
    if matches!(args.value(0)?, Value::Scalar(_) | Value::Complex(_)) {
        dim_arg(&args, 1)?;
        return Ok(Value::Scalar(0.0));
    }
    reduce(
        &args,
        Reducer {
            flat: |_, xs| Ok(Value::Scalar(std_of(xs))),
            slice: |xs| C64::new(std_of(xs), 0.0),
            real: None,
        },
    )
}

/// The elements of argument `i`, which must be a Vector.
fn vector_arg(args: &Args, i: usize, what: &str) -> LangResult<Vec<C64>> {
    match args.value(i)? {
        Value::Vector(a) => Ok(a.to_c_vec()),
        other => Err(LangError::type_error(format!(
            "trapz: {what} must be a vector, got {}",
            other.type_name()
        ))),
    }
}

/// `trapz(v)`: Σ (v_k + v_{k+1})/2; `trapz(x, v)`: Σ (v_k + v_{k+1})/2 · (x_{k+1} − x_k)
/// (real parts of x). Fewer than 2 samples give 0.
pub(super) fn trapz(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 2)?;
    let (x, v) = if args.len() == 2 {
        let x = vector_arg(&args, 0, "x")?;
        (Some(x), vector_arg(&args, 1, "v")?)
    } else {
        (None, vector_arg(&args, 0, "argument")?)
    };
    if let Some(x) = &x
        && x.len() != v.len()
    {
        return Err(LangError::runtime(format!(
            "trapz: x and v must have the same length ({} vs {})",
            x.len(),
            v.len()
        )));
    }
    if v.len() < 2 {
        return Ok(Value::Scalar(0.0));
    }
    let step = |k: usize| x.as_ref().map_or(1.0, |x| x[k + 1].re - x[k].re);
    let total = sum_c((0..v.len() - 1).map(|k| (v[k] + v[k + 1]) * 0.5 * step(k)));
    Ok(Value::number_approx(total))
}

#[cfg(test)]
mod tests {
    use super::super::TABLE;
    use super::*;
    use crate::builtins::numeric::testing::*;

    fn call_t(name: &str, args: Vec<Value>) -> Value {
        call(TABLE, name, args).unwrap()
    }

    #[test]
    fn std_is_the_sample_deviation() {
        // numpy.std([2, 4, 4, 4, 5, 5, 7, 9], ddof=1) = 2.138089935299395
        let r = call_t("std", vec![v(&[2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0])]);
        let Value::Scalar(x) = r else { panic!() };
        assert!((x - 2.138089935299395).abs() < 1e-15);
        assert_eq!(call_t("std", vec![v(&[3.0])]), s(0.0));
        assert_eq!(call_t("std", vec![v(&[])]), s(0.0));
        assert_eq!(call_t("std", vec![s(5.0)]), s(0.0));
        assert_eq!(call_t("std", vec![m(&[&[1.0], &[3.0]])]), s(2f64.sqrt()));
    }

    #[test]
    fn std_of_matrices_by_column_or_row() {
        let a = m(&[&[1.0, 2.0], &[3.0, 6.0]]);
        let cols = call_t("std", vec![a.clone()]);
        assert_eq!(cols, m(&[&[2f64.sqrt(), 8f64.sqrt()]]));
        let rows = call_t("std", vec![a, s(2.0)]);
        assert_eq!(rows, m(&[&[0.5f64.sqrt()], &[4.5f64.sqrt()]]));
        assert_eq!(call_t("std", vec![v(&[1.0, 2.0]), s(1.0)]), v(&[1.0, 2.0]));
        // Complex data: |x − mean|² sums the squared moduli.
        let z = cv(&[(0.0, 1.0), (0.0, -1.0)]);
        assert_eq!(call_t("std", vec![z]), s(2f64.sqrt()));
        assert!(error(TABLE, "std", vec![Value::str("a")]).contains("got string"));
    }

    #[test]
    fn trapz_unit_and_given_spacing() {
        assert_eq!(call_t("trapz", vec![v(&[0.0, 1.0, 2.0, 1.0, 0.0])]), s(4.0));
        let x = v(&[0.0, 0.25, 0.5, 0.75, 1.0]);
        assert_eq!(
            call_t("trapz", vec![x, v(&[0.0, 1.0, 2.0, 1.0, 0.0])]),
            s(1.0)
        );
        assert_eq!(call_t("trapz", vec![v(&[5.0])]), s(0.0));
        let z = call_t("trapz", vec![cv(&[(0.0, 1.0), (0.0, 1.0)])]);
        assert_eq!(z, Value::Complex(C64::new(0.0, 1.0)));
    }

    #[test]
    fn trapz_errors() {
        assert_eq!(
            error(TABLE, "trapz", vec![m(&[&[1.0, 2.0]])]),
            "type error: trapz: argument must be a vector, got matrix"
        );
        assert!(error(TABLE, "trapz", vec![s(1.0), v(&[1.0])]).contains("x must be a vector"));
        assert!(
            error(TABLE, "trapz", vec![v(&[1.0]), v(&[1.0, 2.0])]).contains("same length (1 vs 2)")
        );
    }
}
