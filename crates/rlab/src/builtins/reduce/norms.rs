//! Norms, inner products and truth reductions (spec §10.4): `norm` (vector p-norms, the
//! Frobenius norm of a matrix), `dot`, `any`, `all`. Every sum runs left to right from 0.

use crate::builtins::Args;
use crate::builtins::numeric::{expected, mul_c, sum_c, vector_elements};
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{C64, Value};

/// `norm(v[, p])`: 2-norm by default, also p = 1, Inf and any other p; `norm(M)`: the
/// Frobenius norm (a second argument is ignored); `norm(x)`: |x|. Always a Scalar.
pub(super) fn norm(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 2)?;
    match args.value(0)? {
        Value::Vector(a) => {
            let p = if args.len() == 2 { args.f64(1)? } else { 2.0 };
            Ok(Value::Scalar(vector_norm(&a.to_c_vec(), p)))
        }
        Value::Matrix(a) => Ok(Value::Scalar(two_norm(&a.to_c_vec()))),
        Value::Scalar(x) => Ok(Value::Scalar(x.abs())),
        Value::Complex(z) => Ok(Value::Scalar(z.norm())),
        other => Err(expected("norm", "a number or array", other)),
    }
}

/// √(Σ re² + im²), summed left to right from 0.
fn two_norm(xs: &[C64]) -> f64 {
    let mut total = 0.0;
    for z in xs {
        total += z.norm_sqr();
    }
    total.sqrt()
}

/// The p-norm of a vector: Σ|z| for p = 1, the largest |z| for p = Inf (NaNs ignored),
/// (Σ|z|^p)^(1/p) otherwise.
fn vector_norm(xs: &[C64], p: f64) -> f64 {
    if p == 2.0 {
        return two_norm(xs);
    }
    if p == f64::INFINITY {
        return xs.iter().map(|z| z.norm()).fold(0.0, f64::max);
    }
    let mut total = 0.0;
    for z in xs {
        total += if p == 1.0 { z.norm() } else { z.norm().powf(p) };
    }
    if p == 1.0 { total } else { total.powf(1.0 / p) }
}

/// `dot(a, b)`: Σ a(i)·b(i) from 0, left to right, without conjugation; a Scalar unless
/// the imaginary part reaches 1e-12.
pub(super) fn dot(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(2, 2)?;
    // Sparse vectors (rustlab's dot(sv, sv) and dot(sv, v)) take part as their dense values.
    let dense = |v: &Value| match v {
        Value::Sparse(s) => s.to_value(),
        other => Ok(other.clone()),
    };
    let xs = vector_elements("dot", &dense(args.value(0)?)?)?;
    let ys = vector_elements("dot", &dense(args.value(1)?)?)?;
    if xs.len() != ys.len() {
        return Err(LangError::type_error(format!(
            "dot: vectors must have the same length ({} vs {})",
            xs.len(),
            ys.len()
        )));
    }
    let products = xs.iter().zip(&ys).map(|(&x, &y)| mul_c(x, y));
    Ok(Value::number_approx(sum_c(products)))
}

/// The truth of each element of a Bool, number or array (non-zero is true; NaN is
/// non-zero).
fn truths(name: &str, v: &Value) -> LangResult<Vec<bool>> {
    let nonzero = |z: C64| z.re != 0.0 || z.im != 0.0;
    match v {
        Value::Bool(b) => Ok(vec![*b]),
        Value::Scalar(x) => Ok(vec![*x != 0.0]),
        Value::Complex(z) => Ok(vec![nonzero(*z)]),
        Value::Vector(a) | Value::Matrix(a) => Ok(a.iter_c().map(nonzero).collect()),
        other => Err(expected(name, "a number or array", other)),
    }
}

/// `any(A)`: true when some element is non-zero (false for an empty array).
pub(super) fn any(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    Ok(Value::Bool(truths("any", args.value(0)?)?.contains(&true)))
}

/// `all(A)`: true when every element is non-zero (true for an empty array).
pub(super) fn all(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    Ok(Value::Bool(
        !truths("all", args.value(0)?)?.contains(&false),
    ))
}

#[cfg(test)]
mod tests {
    use super::super::TABLE;
    use crate::builtins::numeric::testing::*;
    use crate::value::{C64, Value};

    fn call_t(name: &str, args: Vec<Value>) -> Value {
        call(TABLE, name, args).unwrap()
    }

    #[test]
    fn vector_norms() {
        assert_eq!(call_t("norm", vec![v(&[3.0, 4.0])]), s(5.0));
        assert_eq!(call_t("norm", vec![v(&[3.0, -4.0]), s(1.0)]), s(7.0));
        assert_eq!(
            call_t("norm", vec![v(&[3.0, -4.0]), s(f64::INFINITY)]),
            s(4.0)
        );
        let p3 = call_t("norm", vec![v(&[1.0, 2.0]), s(3.0)]);
        assert_eq!(p3, s((1f64 + 8.0).powf(1.0 / 3.0)));
        assert_eq!(call_t("norm", vec![cv(&[(3.0, 4.0)])]), s(5.0));
        assert_eq!(call_t("norm", vec![v(&[])]), s(0.0));
        let seq = call_t("norm", vec![v(&[0.1, 0.2, 0.3])]);
        assert_eq!(seq, s((0.1f64 * 0.1 + 0.2 * 0.2 + 0.3 * 0.3).sqrt()));
        let nan = call_t("norm", vec![v(&[1.0, f64::NAN])]);
        assert!(matches!(nan, Value::Scalar(x) if x.is_nan()));
    }

    #[test]
    fn matrix_and_scalar_norms() {
        let a = m(&[&[1.0, 2.0], &[2.0, 4.0]]);
        assert_eq!(call_t("norm", vec![a.clone()]), s(5.0));
        assert_eq!(
            call_t("norm", vec![a, s(1.0)]),
            s(5.0),
            "p is ignored for matrices"
        );
        assert_eq!(call_t("norm", vec![s(-2.0)]), s(2.0));
        assert_eq!(
            call_t("norm", vec![Value::Complex(C64::new(0.0, -3.0))]),
            s(3.0)
        );
        assert_eq!(
            error(TABLE, "norm", vec![Value::str("x")]),
            "type error: norm: expected a number or array, got string"
        );
        assert_eq!(
            error(TABLE, "norm", vec![v(&[1.0]), Value::str("fro")]),
            "type error: norm: expected scalar, got string"
        );
    }

    #[test]
    fn dot_products() {
        assert_eq!(
            call_t("dot", vec![v(&[1.0, 2.0, 3.0]), v(&[4.0, 5.0, 6.0])]),
            s(32.0)
        );
        let col = m(&[&[1.0], &[2.0]]);
        assert_eq!(call_t("dot", vec![col, v(&[3.0, 4.0])]), s(11.0));
        let z = call_t("dot", vec![cv(&[(0.0, 1.0)]), cv(&[(0.0, 1.0)])]);
        assert_eq!(z, s(-1.0), "no conjugation");
        let z = call_t("dot", vec![cv(&[(1.0, 1.0)]), v(&[2.0])]);
        assert_eq!(z, Value::Complex(C64::new(2.0, 2.0)));
        assert_eq!(call_t("dot", vec![v(&[]), v(&[])]), s(0.0));
        assert_eq!(
            error(TABLE, "dot", vec![v(&[1.0, 2.0, 3.0]), v(&[1.0, 2.0])]),
            "type error: dot: vectors must have the same length (3 vs 2)"
        );
        assert_eq!(
            error(
                TABLE,
                "dot",
                vec![m(&[&[1.0, 2.0], &[3.0, 4.0]]), v(&[1.0])]
            ),
            "type error: dot: expected vector, got matrix"
        );
    }

    #[test]
    fn any_and_all() {
        let t = Value::Bool(true);
        let f = Value::Bool(false);
        assert_eq!(call_t("any", vec![v(&[0.0, 0.0, 3.0])]), t);
        assert_eq!(call_t("any", vec![v(&[0.0, 0.0])]), f);
        assert_eq!(call_t("all", vec![v(&[1.0, 2.0, 3.0])]), t);
        assert_eq!(call_t("all", vec![m(&[&[1.0, 0.0], &[3.0, 4.0]])]), f);
        assert_eq!(call_t("any", vec![v(&[])]), f);
        assert_eq!(call_t("all", vec![v(&[])]), t);
        assert_eq!(call_t("any", vec![cv(&[(0.0, 1.0)])]), t);
        assert_eq!(call_t("all", vec![s(f64::NAN)]), t);
        assert_eq!(call_t("any", vec![Value::Bool(false)]), f);
        assert_eq!(
            error(TABLE, "all", vec![Value::str("a")]),
            "type error: all: expected a number or array, got string"
        );
        assert!(error(TABLE, "any", vec![s(1.0), s(2.0)]).contains("expected 1, got 2"));
    }
}
