//! Element-wise builtins whose result kind is not a plain map of the input: `abs`
//! (always real), `real` / `imag` (real; a 1×1 Matrix collapses to a Scalar), `conj`, and
//! `mod` (two arguments, the modulus a real scalar).

use super::map_vector;
use crate::builtins::Args;
use crate::builtins::numeric::expected;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{C64, NumArray, Value};

/// Scalar → |x|; Complex → modulus (a Scalar); Vector → |re| on the real path, else the
/// modulus; Matrix → the modulus of every element.
pub(super) fn abs(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    match args.value(0)? {
        Value::Scalar(x) => Ok(Value::Scalar(x.abs())),
        Value::Complex(z) => Ok(Value::Scalar(z.norm())),
        Value::Vector(a) => Ok(Value::vector(map_vector(a, f64::abs, modulus))),
        Value::Matrix(a) => Ok(Value::matrix(a.map(f64::abs, modulus))),
        other => Err(expected("abs", "a number or array", other)),
    }
}

/// `|z|` as a complex number with zero imaginary part.
fn modulus(z: C64) -> C64 {
    C64::new(z.norm(), 0.0)
}

/// The real parts; a Complex or a 1×1 Matrix gives a Scalar.
pub(super) fn real(_: &mut Interp, args: Args) -> LangResult<Value> {
    part(&args, |z| z.re)
}

/// The imaginary parts (0 for real data); a Complex or a 1×1 Matrix gives a Scalar.
pub(super) fn imag(_: &mut Interp, args: Args) -> LangResult<Value> {
    part(&args, |z| z.im)
}

/// One real component of every element, keeping the kind (a 1×1 Matrix → Scalar).
fn part(args: &Args, pick: fn(C64) -> f64) -> LangResult<Value> {
    args.arity(1, 1)?;
    let component = |a: &NumArray| NumArray::Real(a.to_complex().mapv(pick));
    match args.value(0)? {
        Value::Scalar(x) => Ok(Value::Scalar(pick(C64::new(*x, 0.0)))),
        Value::Complex(z) => Ok(Value::Scalar(pick(*z))),
        Value::Vector(a) => Ok(Value::vector(component(a))),
        Value::Matrix(a) if a.shape() == (1, 1) => Ok(Value::Scalar(pick(a.get(0, 0)))),
        Value::Matrix(a) => Ok(Value::matrix(component(a))),
        other => Err(expected(args.name, "a number or array", other)),
    }
}

/// Complex conjugate; real data is returned unchanged.
pub(super) fn conj(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    match args.value(0)? {
        v @ Value::Scalar(_) => Ok(v.clone()),
        Value::Complex(z) => Ok(Value::Complex(z.conj())),
        Value::Vector(a) => Ok(Value::vector(a.map(|x| x, |z| z.conj()))),
        Value::Matrix(a) => Ok(Value::matrix(a.map(|x| x, |z| z.conj()))),
        other => Err(expected("conj", "a number or array", other)),
    }
}

/// `mod(a, m)`: `a − m·floor(a/m)` per element (real and imaginary parts separately);
/// `m` is a real Scalar (or a Complex with zero imaginary part).
pub(super) fn modulo(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    let m = match args.value(1)? {
        Value::Scalar(x) => *x,
        Value::Complex(z) if z.im == 0.0 => z.re,
        other => {
            return Err(LangError::type_error(format!(
                "mod: second argument must be a real scalar, got {}",
                other.type_name()
            )));
        }
    };
    let real = |x: f64| modulo_real(x, m);
    let complex = |z: C64| C64::new(real(z.re), real(z.im));
    match args.value(0)? {
        Value::Scalar(x) => Ok(Value::Scalar(real(*x))),
        Value::Complex(z) => Ok(Value::Complex(complex(*z))),
        Value::Vector(a) => Ok(Value::vector(a.map(real, complex))),
        Value::Matrix(a) => Ok(Value::matrix(a.map(real, complex))),
        other => Err(expected("mod", "a number or array", other)),
    }
}

/// `mod(x, m)` of two reals.
pub(crate) fn modulo_real(x: f64, m: f64) -> f64 {
    x - m * (x / m).floor()
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
    fn abs_of_each_kind() {
        assert_eq!(call_t("abs", vec![s(-3.0)]), s(3.0));
        assert_eq!(
            call_t("abs", vec![Value::Complex(C64::new(3.0, 4.0))]),
            s(5.0)
        );
        assert_eq!(call_t("abs", vec![v(&[-1.0, 2.0])]), v(&[1.0, 2.0]));
        let r = call_t("abs", vec![cv(&[(3.0, 4.0), (-1.0, 0.0)])]);
        assert_eq!(r, v(&[5.0, 1.0]));
        let r = call_t("abs", vec![cv(&[(-2.0, 1e-11)])]);
        assert_eq!(r, v(&[2.0]), "tiny imaginary parts: |re| on the real path");
        let r = call_t("abs", vec![cm(&[&[(3.0, -4.0), (-2.0, 0.0)]])]);
        assert_eq!(r, m(&[&[5.0, 2.0]]));
        assert_eq!(call_t("abs", vec![m(&[&[-1.5]])]), m(&[&[1.5]]));
        assert!(matches!(call_t("abs", vec![s(f64::NAN)]), Value::Scalar(x) if x.is_nan()));
        assert_eq!(
            error(TABLE, "abs", vec![Value::str("a")]),
            "type error: abs: expected a number or array, got string"
        );
    }

    #[test]
    fn real_and_imag_parts() {
        let z = cv(&[(1.0, 2.0), (3.0, -4.0)]);
        assert_eq!(call_t("real", vec![z.clone()]), v(&[1.0, 3.0]));
        assert_eq!(call_t("imag", vec![z]), v(&[2.0, -4.0]));
        assert_eq!(
            call_t("real", vec![Value::Complex(C64::new(1.0, 2.0))]),
            s(1.0)
        );
        assert_eq!(
            call_t("imag", vec![Value::Complex(C64::new(1.0, 2.0))]),
            s(2.0)
        );
        assert_eq!(call_t("imag", vec![s(5.0)]), s(0.0));
        assert_eq!(call_t("real", vec![m(&[&[7.0]])]), s(7.0));
        assert_eq!(call_t("imag", vec![cm(&[&[(7.0, 8.0)]])]), s(8.0));
        let r = call_t("real", vec![cm(&[&[(1.0, 1.0)], &[(2.0, 2.0)]])]);
        assert_eq!(r, m(&[&[1.0], &[2.0]]));
        assert_eq!(call_t("imag", vec![m(&[&[1.0, 2.0]])]), m(&[&[0.0, 0.0]]));
        assert_eq!(
            error(TABLE, "imag", vec![Value::None]),
            "type error: imag: expected a number or array, got none"
        );
    }

    #[test]
    fn conj_negates_imaginary_parts() {
        let r = call_t("conj", vec![cv(&[(1.0, 1.0), (2.0, -3.0)])]);
        assert_eq!(
            arr(&r).to_c_vec(),
            [C64::new(1.0, -1.0), C64::new(2.0, 3.0)]
        );
        assert_eq!(call_t("conj", vec![s(5.0)]), s(5.0));
        let z = call_t("conj", vec![Value::Complex(C64::new(3.0, 4.0))]);
        assert_eq!(z, Value::Complex(C64::new(3.0, -4.0)));
        assert_eq!(call_t("conj", vec![m(&[&[1.0]])]), m(&[&[1.0]]));
        assert!(error(TABLE, "conj", vec![Value::Bool(false)]).ends_with("got bool"));
    }

    #[test]
    fn mod_follows_the_divisor_sign() {
        assert_eq!(call_t("mod", vec![s(-7.0), s(3.0)]), s(2.0));
        assert_eq!(call_t("mod", vec![s(7.0), s(3.0)]), s(1.0));
        assert_eq!(call_t("mod", vec![s(7.0), s(-3.0)]), s(-2.0));
        let r = call_t("mod", vec![v(&[0.0, 1.0, 2.0, 3.0, 4.0, 5.0]), s(3.0)]);
        assert_eq!(re(&r), [0.0, 1.0, 2.0, 0.0, 1.0, 2.0]);
        let r = call_t("mod", vec![m(&[&[0.0, 1.0], &[2.0, 3.0]]), s(2.0)]);
        assert_eq!(r, m(&[&[0.0, 1.0], &[0.0, 1.0]]));
        let z = call_t("mod", vec![Value::Complex(C64::new(5.0, -1.0)), s(3.0)]);
        assert_eq!(z, Value::Complex(C64::new(2.0, 2.0)));
        let by_zero = call_t("mod", vec![s(1.0), s(0.0)]);
        assert!(matches!(by_zero, Value::Scalar(x) if x.is_nan()));
    }

    #[test]
    fn mod_errors() {
        assert_eq!(
            error(TABLE, "mod", vec![s(1.0), v(&[2.0])]),
            "type error: mod: second argument must be a real scalar, got vector"
        );
        assert_eq!(
            error(TABLE, "mod", vec![Value::str("a"), s(2.0)]),
            "type error: mod: expected a number or array, got string"
        );
        assert!(error(TABLE, "mod", vec![s(1.0)]).contains("expected 2, got 1"));
    }
}
