//! Element-wise builtins with a real result from possibly complex data: `angle` (the phase
//! `atan2(im, re)`), `atan2(y, x)` on the real parts of two operands (a Scalar broadcasts
//! against an array; two arrays must have the same kind and shape), and `mag2db`
//! (`20·log10|X|`, with the magnitude floored at 1e-10 so silence reads −200 dB).

use crate::builtins::Args;
use crate::builtins::numeric::expected;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{NumArray, Value};
use ndarray::{Array2, Zip};

/// The smallest magnitude `mag2db` takes the logarithm of.
const MAG2DB_FLOOR: f64 = 1e-10;

/// A real Scalar is 0 when ≥ 0 and π when negative (NaN stays NaN); complex numbers and
/// array elements give `atan2(im, re)`.
pub(super) fn angle(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let phase = |a: &NumArray| NumArray::Real(a.to_complex().mapv(|z| z.arg()));
    match args.value(0)? {
        Value::Scalar(x) if x.is_nan() => Ok(Value::Scalar(f64::NAN)),
        Value::Scalar(x) => Ok(Value::Scalar(if *x >= 0.0 {
            0.0
        } else {
            std::f64::consts::PI
        })),
        Value::Complex(z) => Ok(Value::Scalar(z.arg())),
        Value::Vector(a) => Ok(Value::vector(phase(a))),
        Value::Matrix(a) => Ok(Value::matrix(phase(a))),
        other => Err(expected("angle", "a number or array", other)),
    }
}

/// `20·log10(max(|z|, 1e-10))` of every element; the result keeps the kind and is real.
pub(super) fn mag2db(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let db = |m: f64| 20.0 * m.max(MAG2DB_FLOOR).log10();
    let of_array = |a: &NumArray| match a {
        NumArray::Real(r) => NumArray::Real(r.mapv(|x| db(x.abs()))),
        NumArray::Complex(z) => NumArray::Real(z.mapv(|z| db(z.norm()))),
    };
    match args.value(0)? {
        Value::Scalar(x) => Ok(Value::Scalar(db(x.abs()))),
        Value::Complex(z) => Ok(Value::Scalar(db(z.norm()))),
        Value::Vector(a) => Ok(Value::vector(of_array(a))),
        Value::Matrix(a) => Ok(Value::matrix(of_array(a))),
        other => Err(expected("mag2db", "a number or array", other)),
    }
}

/// An `atan2` operand: a real number, or the real parts of a Vector or Matrix.
enum Operand {
    Number(f64),
    Vector(Array2<f64>),
    Matrix(Array2<f64>),
}

fn operand(v: &Value) -> Option<Operand> {
    match v {
        Value::Scalar(x) => Some(Operand::Number(*x)),
        Value::Vector(a) => Some(Operand::Vector(a.re())),
        Value::Matrix(a) => Some(Operand::Matrix(a.re())),
        _ => None,
    }
}

/// `atan2(y, x)` element-wise; always real.
pub(super) fn atan2(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    let (yv, xv) = (args.value(0)?, args.value(1)?);
    let unsupported = || {
        LangError::type_error(format!(
            "atan2: unsupported types {} and {}",
            yv.type_name(),
            xv.type_name()
        ))
    };
    let (Some(y), Some(x)) = (operand(yv), operand(xv)) else {
        return Err(unsupported());
    };
    use Operand::{Matrix, Number, Vector};
    match (y, x) {
        (Number(y), Number(x)) => Ok(Value::Scalar(y.atan2(x))),
        (Number(y), Vector(x)) => Ok(Value::vector(NumArray::Real(x.mapv(|x| y.atan2(x))))),
        (Vector(y), Number(x)) => Ok(Value::vector(NumArray::Real(y.mapv(|y| y.atan2(x))))),
        (Number(y), Matrix(x)) => Ok(Value::matrix(NumArray::Real(x.mapv(|x| y.atan2(x))))),
        (Matrix(y), Number(x)) => Ok(Value::matrix(NumArray::Real(y.mapv(|y| y.atan2(x))))),
        (Vector(y), Vector(x)) => {
            if y.len() != x.len() {
                return Err(LangError::type_error(format!(
                    "atan2: vector lengths must match ({} vs {})",
                    y.len(),
                    x.len()
                )));
            }
            Ok(Value::vector(NumArray::Real(pairwise(&y, &x))))
        }
        (Matrix(y), Matrix(x)) => {
            if y.dim() != x.dim() {
                let ((yr, yc), (xr, xc)) = (y.dim(), x.dim());
                return Err(LangError::type_error(format!(
                    "atan2: matrix shapes must match ({yr}×{yc} vs {xr}×{xc})"
                )));
            }
            Ok(Value::matrix(NumArray::Real(pairwise(&y, &x))))
        }
        _ => Err(unsupported()),
    }
}

/// `atan2(y[i], x[i])` for two arrays of one shape.
fn pairwise(y: &Array2<f64>, x: &Array2<f64>) -> Array2<f64> {
    Zip::from(y).and(x).map_collect(|&y, &x| y.atan2(x))
}

#[cfg(test)]
mod tests {
    use super::super::TABLE;
    use super::*;
    use crate::builtins::numeric::testing::*;
    use crate::value::C64;
    use std::f64::consts::{FRAC_PI_4, PI};

    fn call_t(name: &str, args: Vec<Value>) -> Value {
        call(TABLE, name, args).unwrap()
    }

    #[test]
    fn angle_of_each_kind() {
        assert_eq!(call_t("angle", vec![s(2.0)]), s(0.0));
        assert_eq!(call_t("angle", vec![s(-2.0)]), s(PI));
        let z = Value::Complex(C64::new(1.0, 1.0));
        assert_eq!(call_t("angle", vec![z]), s(FRAC_PI_4));
        let r = call_t("angle", vec![cv(&[(0.0, 1.0), (-1.0, 0.0), (1.0, 0.0)])]);
        assert_eq!(re(&r), [PI / 2.0, PI, 0.0]);
        let r = call_t("angle", vec![m(&[&[-1.0], &[3.0]])]);
        assert_eq!(r, m(&[&[PI], &[0.0]]));
        assert!(error(TABLE, "angle", vec![Value::str("a")]).ends_with("got string"));
    }

    #[test]
    fn atan2_quadrants_and_broadcasting() {
        assert_eq!(call_t("atan2", vec![s(1.0), s(1.0)]), s(FRAC_PI_4));
        assert_eq!(call_t("atan2", vec![s(-1.0), s(-1.0)]), s(-3.0 * FRAC_PI_4));
        let r = call_t("atan2", vec![s(1.0), v(&[1.0, -1.0, 0.0])]);
        assert_eq!(re(&r), [FRAC_PI_4, 3.0 * FRAC_PI_4, PI / 2.0]);
        let r = call_t("atan2", vec![m(&[&[1.0, -1.0]]), m(&[&[0.0, 0.0]])]);
        assert_eq!(r, m(&[&[PI / 2.0, -PI / 2.0]]));
        let r = call_t("atan2", vec![v(&[0.0, 1.0]), v(&[-1.0, 0.0])]);
        assert_eq!(re(&r), [PI, PI / 2.0]);
    }

    #[test]
    fn atan2_errors() {
        assert_eq!(
            error(TABLE, "atan2", vec![v(&[1.0]), v(&[1.0, 2.0])]),
            "type error: atan2: vector lengths must match (1 vs 2)"
        );
        assert_eq!(
            error(TABLE, "atan2", vec![v(&[1.0]), m(&[&[1.0]])]),
            "type error: atan2: unsupported types vector and matrix"
        );
        let z = Value::Complex(C64::new(0.0, 1.0));
        assert!(error(TABLE, "atan2", vec![z, s(1.0)]).contains("complex and scalar"));
        assert!(
            error(TABLE, "atan2", vec![m(&[&[1.0]]), m(&[&[1.0, 2.0]])]).contains("1×1 vs 1×2")
        );
    }

    #[test]
    fn mag2db_floors_silence_at_minus_200() {
        assert_eq!(call_t("mag2db", vec![s(10.0)]), s(20.0));
        assert_eq!(call_t("mag2db", vec![s(0.0)]), s(-200.0));
        assert_eq!(call_t("mag2db", vec![s(-100.0)]), s(40.0));
        let z = Value::Complex(C64::new(3.0, 4.0));
        let want = 20.0 * 5f64.log10();
        assert_eq!(call_t("mag2db", vec![z]), s(want));
        let r = call_t("mag2db", vec![cv(&[(0.0, 1.0), (0.0, 0.0)])]);
        assert_eq!(re(&r), [0.0, -200.0]);
        assert_eq!(
            call_t("mag2db", vec![m(&[&[1.0, 0.1]])]),
            m(&[&[0.0, -20.0]])
        );
    }
}
