//! `argmax` and `argmin` (spec §10.4): the 1-based position of the extreme element under
//! the rules of `max`/`min` (real value, or modulus when any element is complex; NaNs
//! skipped; ties keep the first).

use super::extrema::{Extreme, axis_extremes, flat_extreme};
use crate::builtins::Args;
use crate::builtins::numeric::dim_arg;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{C64, Value};

pub(super) fn argmax(_: &mut Interp, args: Args) -> LangResult<Value> {
    arg_extremum(&args, Extreme::Max)
}

pub(super) fn argmin(_: &mut Interp, args: Args) -> LangResult<Value> {
    arg_extremum(&args, Extreme::Min)
}

/// 1-based index of the extreme: a Scalar for a Vector / 1-D Matrix, a 1×C (or R×1 with
/// `dim` 2) Matrix for a 2-D Matrix; `argmax(v, 1)` is a Vector of ones.
fn arg_extremum(args: &Args, which: Extreme) -> LangResult<Value> {
    args.arity(1, 2)?;
    let dim = dim_arg(args, 1)?;
    let index_of = |xs: &[C64]| -> LangResult<Value> {
        let (_, i) = flat_extreme(args.name, xs, which)?;
        Ok(Value::Scalar((i + 1) as f64))
    };
    match args.value(0)? {
        Value::Vector(a) if !a.is_empty() && dim == Some(1) => Ok(Value::row(vec![1.0; a.len()])),
        Value::Vector(a) if !a.is_empty() => index_of(&a.to_c_vec()),
        Value::Matrix(a) if !a.is_empty() && (a.rows() == 1 || a.cols() == 1) => {
            index_of(&a.to_c_vec())
        }
        Value::Matrix(a) if !a.is_empty() => {
            let (_, indices) = axis_extremes(args.name, a, dim.unwrap_or(1), which)?;
            Ok(Value::matrix(indices))
        }
        Value::Scalar(_) => Ok(Value::Scalar(1.0)),
        _ => Err(LangError::type_error(format!(
            "{}: argument must be a non-empty vector, scalar, or matrix",
            args.name
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::super::TABLE;
    use crate::builtins::numeric::testing::*;
    use crate::value::Value;

    fn grid() -> Value {
        m(&[&[1.0, 5.0, 3.0], &[4.0, 2.0, 6.0]])
    }

    fn call_t(name: &str, args: Vec<Value>) -> Value {
        call(TABLE, name, args).unwrap()
    }

    #[test]
    fn positions_in_vectors_and_one_d_matrices() {
        assert_eq!(call_t("argmax", vec![v(&[3.0, 1.0, 4.0, 1.5])]), s(3.0));
        assert_eq!(call_t("argmin", vec![v(&[3.0, 1.0, 4.0, 1.5])]), s(2.0));
        assert_eq!(
            call_t("argmax", vec![v(&[2.0, 7.0, 7.0])]),
            s(2.0),
            "ties keep the first"
        );
        assert_eq!(call_t("argmax", vec![m(&[&[1.0, 9.0, 2.0]])]), s(2.0));
        let col = m(&[&[4.0], &[8.0]]);
        assert_eq!(
            call_t("argmax", vec![col.clone(), s(2.0)]),
            s(2.0),
            "1-D: dim ignored"
        );
        assert_eq!(call_t("argmin", vec![col]), s(1.0));
        assert_eq!(call_t("argmax", vec![s(7.0)]), s(1.0));
        assert_eq!(
            call_t("argmax", vec![v(&[5.0, 6.0]), s(1.0)]),
            v(&[1.0, 1.0])
        );
        assert_eq!(call_t("argmax", vec![v(&[5.0, 6.0]), s(2.0)]), s(2.0));
    }

    #[test]
    fn positions_along_matrix_dimensions() {
        assert_eq!(call_t("argmax", vec![grid()]), m(&[&[2.0, 1.0, 2.0]]));
        assert_eq!(call_t("argmin", vec![grid()]), m(&[&[1.0, 2.0, 1.0]]));
        assert_eq!(call_t("argmax", vec![grid(), s(2.0)]), m(&[&[2.0], &[3.0]]));
        assert_eq!(call_t("argmin", vec![grid(), s(2.0)]), m(&[&[1.0], &[2.0]]));
    }

    #[test]
    fn nan_and_complex_rules_match_max() {
        assert_eq!(call_t("argmax", vec![v(&[f64::NAN, 1.0])]), s(2.0));
        let z = cv(&[(3.0, 0.0), (0.0, -4.0)]);
        assert_eq!(call_t("argmax", vec![z.clone()]), s(2.0), "by modulus");
        assert_eq!(call_t("argmin", vec![z]), s(1.0));
        let r = call_in(&mut interp(), TABLE, "max", vec![grid()], 2).unwrap();
        let Value::Tuple(items) = r else {
            panic!("not a tuple")
        };
        assert_eq!(items[1], call_t("argmax", vec![grid()]));
    }

    #[test]
    fn errors() {
        assert_eq!(
            error(TABLE, "argmin", vec![v(&[])]),
            "type error: argmin: argument must be a non-empty vector, scalar, or matrix"
        );
        assert_eq!(
            error(TABLE, "argmax", vec![Value::str("a")]),
            "type error: argmax: argument must be a non-empty vector, scalar, or matrix"
        );
        assert_eq!(
            error(TABLE, "argmax", vec![v(&[f64::NAN])]),
            "runtime error: argmax: input is all NaN"
        );
        let nan_col = m(&[&[f64::NAN, 1.0], &[f64::NAN, 2.0]]);
        assert_eq!(
            error(TABLE, "argmax", vec![nan_col]),
            "runtime error: argmax: a column contains only NaN values"
        );
        assert_eq!(
            error(TABLE, "argmax", vec![grid(), s(0.0)]),
            "type error: argmax: dim must be 1 or 2, got 0"
        );
        assert!(error(TABLE, "argmin", vec![]).contains("expected 1..2, got 0"));
    }
}
