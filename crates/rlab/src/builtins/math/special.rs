//! Special functions and number theory: `laguerre(n, alpha, x)` (associated Laguerre
//! polynomials by their three-term recurrence), `legendre(l, m, x)` (associated Legendre
//! functions with the Condon-Shortley phase, negative `m` by the symmetry relation) and
//! `factor(n)` (prime factors by trial division).
//!
//! `x` may be a Scalar, Complex (its real part is used), Vector or Matrix; the result has
//! the kind of `x` and is real. Degrees are capped at [`MAX_DEGREE`] so a huge `n` cannot
//! hang the session, and `factor` accepts integers up to 2^53 (all exactly representable).

use crate::builtins::Args;
use crate::display::scalar as show;
use crate::error::{LangError, LangResult};
use crate::eval::Interp;
use crate::value::{NumArray, Value};

/// The largest polynomial degree the recurrences run to.
const MAX_DEGREE: f64 = 100_000.0;

/// The largest integer `factor` accepts: 2^53, beyond which f64 skips integers.
const MAX_FACTOR: f64 = 9_007_199_254_740_992.0;

/// Apply `f` to the real part of every element of `x`, keeping its kind.
fn map_real(name: &str, x: &Value, f: impl Fn(f64) -> f64) -> LangResult<Value> {
    let of_array = |a: &NumArray| NumArray::Real(a.re().mapv(&f));
    match x {
        Value::Scalar(x) => Ok(Value::Scalar(f(*x))),
        Value::Complex(z) => Ok(Value::Scalar(f(z.re))),
        Value::Vector(a) => Ok(Value::vector(of_array(a))),
        Value::Matrix(a) => Ok(Value::matrix(of_array(a))),
        other => Err(LangError::type_error(format!(
            "{name}: x must be scalar/vector/matrix, got {}",
            other.type_name()
        ))),
    }
}

/// A degree-like argument: a Scalar rounded to the nearest integer, within the cap.
fn integer_arg(args: &Args, i: usize, what: &str) -> LangResult<i64> {
    let x = match args.value(i)? {
        Value::Scalar(x) if x.is_finite() => x.round(),
        _ => {
            return Err(LangError::type_error(format!(
                "{}: {what} must be an integer scalar",
                args.name
            )));
        }
    };
    if x.abs() > MAX_DEGREE {
        return Err(LangError::runtime(format!(
            "{}: {what} must be at most {} in magnitude, got {}",
            args.name,
            show(MAX_DEGREE),
            show(x)
        )));
    }
    Ok(x as i64)
}

/// L_n^alpha(x) by L_0 = 1, L_1 = 1 + alpha − x,
/// L_{k+1} = ((2k + 1 + alpha − x)·L_k − (k + alpha)·L_{k−1}) / (k + 1).
fn laguerre_at(n: i64, alpha: f64, x: f64) -> f64 {
    if n == 0 {
        return 1.0;
    }
    let (mut previous, mut current) = (1.0, 1.0 + alpha - x);
    for k in 1..n {
        let k = k as f64;
        let next = ((2.0 * k + 1.0 + alpha - x) * current - (k + alpha) * previous) / (k + 1.0);
        previous = current;
        current = next;
    }
    current
}

pub(super) fn laguerre(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(3, 3)?;
    let n = integer_arg(&args, 0, "n")?;
    if n < 0 {
        return Err(LangError::type_error("laguerre: n must be non-negative"));
    }
    let alpha = match args.value(1)? {
        Value::Scalar(a) => *a,
        _ => {
            return Err(LangError::type_error(
                "laguerre: alpha must be a real scalar",
            ));
        }
    };
    map_real("laguerre", args.value(2)?, |x| laguerre_at(n, alpha, x))
}

/// P_l^m(x) for 0 ≤ m ≤ l: P_m^m = (−1)^m (2m−1)!! (1−x²)^(m/2), P_{m+1}^m = x(2m+1)P_m^m,
/// then P_l^m = ((2l−1)·x·P_{l−1}^m − (l+m−1)·P_{l−2}^m) / (l−m).
fn legendre_non_negative(l: i64, m: i64, x: f64) -> f64 {
    let sine = (1.0 - x * x).max(0.0).sqrt();
    let mut p_mm = 1.0;
    for k in 1..=m {
        p_mm *= -((2 * k - 1) as f64) * sine;
    }
    if l == m {
        return p_mm;
    }
    let (mut below, mut current) = (p_mm, x * (2 * m + 1) as f64 * p_mm);
    for ll in (m + 2)..=l {
        let next =
            ((2 * ll - 1) as f64 * x * current - (ll + m - 1) as f64 * below) / (ll - m) as f64;
        below = current;
        current = next;
    }
    current
}

/// P_l^m(x) for |m| ≤ l: P_l^{−m} = (−1)^m (l−m)!/(l+m)! P_l^m.
fn legendre_at(l: i64, m: i64, x: f64) -> f64 {
    if m >= 0 {
        return legendre_non_negative(l, m, x);
    }
    let m = -m;
    let sign = if m % 2 == 0 { 1.0 } else { -1.0 };
    let ratio = ((l - m + 1)..=(l + m)).fold(1.0, |r, k| r / k as f64);
    sign * ratio * legendre_non_negative(l, m, x)
}

pub(super) fn legendre(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(3, 3)?;
    let l = integer_arg(&args, 0, "l")?;
    let m = integer_arg(&args, 1, "m")?;
    if l < 0 || m.abs() > l {
        return Err(LangError::type_error(format!(
            "legendre: require 0 <= l and |m| <= l (got l={l}, m={m})"
        )));
    }
    map_real("legendre", args.value(2)?, |x| legendre_at(l, m, x))
}

/// The prime factors of `n` in ascending order, by trial division.
fn prime_factors(mut n: u64) -> Vec<f64> {
    let mut factors = Vec::new();
    let mut d = 2u64;
    while d * d <= n {
        while n.is_multiple_of(d) {
            factors.push(d as f64);
            n /= d;
        }
        d += if d == 2 { 1 } else { 2 };
    }
    if n > 1 {
        factors.push(n as f64);
    }
    factors
}

pub(super) fn factor(_: &mut Interp, args: Args) -> LangResult<Value> {
    args.arity(1, 1)?;
    let n = match args.value(0)? {
        Value::Scalar(n) => *n,
        other => {
            return Err(LangError::type_error(format!(
                "factor: expected a positive integer scalar, got {}",
                other.type_name()
            )));
        }
    };
    if n.is_nan() || n <= 0.0 || n.fract() != 0.0 {
        return Err(LangError::type_error(format!(
            "factor: argument must be a positive integer, got {}",
            show(n)
        )));
    }
    if n > MAX_FACTOR {
        return Err(LangError::runtime(format!(
            "factor: argument must be at most 2^53 = {}, got {}",
            show(MAX_FACTOR),
            show(n)
        )));
    }
    Ok(Value::row(prime_factors(n as u64)))
}

#[cfg(test)]
mod tests {
    use super::super::TABLE;
    use super::*;
    use crate::builtins::numeric::testing::*;

    fn call_t(name: &str, args: Vec<Value>) -> Value {
        call(TABLE, name, args).unwrap()
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-12 * b.abs().max(1.0)
    }

    #[test]
    fn laguerre_known_values() {
        assert_eq!(call_t("laguerre", vec![s(0.0), s(0.0), s(7.0)]), s(1.0));
        assert_eq!(call_t("laguerre", vec![s(1.0), s(0.0), s(0.0)]), s(1.0));
        assert_eq!(call_t("laguerre", vec![s(2.0), s(1.0), s(1.0)]), s(0.5));
        // L_3(x) = (−x³ + 9x² − 18x + 6)/6 at x = 2: (−8 + 36 − 36 + 6)/6 = −1/3.
        let r = call_t("laguerre", vec![s(3.0), s(0.0), v(&[2.0, 0.0])]);
        assert!(close(re(&r)[0], -1.0 / 3.0) && close(re(&r)[1], 1.0));
    }

    #[test]
    fn legendre_known_values() {
        assert_eq!(call_t("legendre", vec![s(1.0), s(0.0), s(0.5)]), s(0.5));
        assert_eq!(call_t("legendre", vec![s(2.0), s(0.0), s(0.0)]), s(-0.5));
        assert_eq!(call_t("legendre", vec![s(1.0), s(1.0), s(0.0)]), s(-1.0));
        // P_2^1(x) = −3x√(1−x²); P_2^{−1} = −(1/6)·P_2^1 (scipy.special.lpmv agrees).
        let x: f64 = 0.3;
        let p21 = -3.0 * x * (1.0 - x * x).sqrt();
        let Value::Scalar(got) = call_t("legendre", vec![s(2.0), s(1.0), s(x)]) else {
            panic!()
        };
        assert!(close(got, p21));
        let Value::Scalar(neg) = call_t("legendre", vec![s(2.0), s(-1.0), s(x)]) else {
            panic!()
        };
        assert!(close(neg, -p21 / 6.0));
        // P_3(x) = (5x³ − 3x)/2.
        let r = call_t("legendre", vec![s(3.0), s(0.0), m(&[&[0.5]])]);
        assert!(close(re(&r)[0], (5.0 * 0.125 - 1.5) / 2.0));
    }

    #[test]
    fn special_function_errors() {
        assert_eq!(
            error(TABLE, "legendre", vec![s(1.0), s(2.0), s(0.0)]),
            "type error: legendre: require 0 <= l and |m| <= l (got l=1, m=2)"
        );
        assert_eq!(
            error(TABLE, "laguerre", vec![s(-1.0), s(0.0), s(0.0)]),
            "type error: laguerre: n must be non-negative"
        );
        assert!(error(TABLE, "laguerre", vec![s(1e9), s(0.0), s(0.0)]).contains("at most"));
        assert!(
            error(TABLE, "laguerre", vec![s(1.0), s(0.0), Value::str("x")]).contains("got string")
        );
    }

    #[test]
    fn factor_primes() {
        assert_eq!(call_t("factor", vec![s(12.0)]), v(&[2.0, 2.0, 3.0]));
        assert_eq!(call_t("factor", vec![s(17.0)]), v(&[17.0]));
        assert_eq!(call_t("factor", vec![s(1.0)]), v(&[]));
        assert_eq!(
            call_t("factor", vec![s(360.0)]),
            v(&[2.0, 2.0, 2.0, 3.0, 3.0, 5.0])
        );
        assert_eq!(call_t("factor", vec![s(9991.0)]), v(&[97.0, 103.0]));
        assert_eq!(
            error(TABLE, "factor", vec![s(0.0)]),
            "type error: factor: argument must be a positive integer, got 0"
        );
        assert!(error(TABLE, "factor", vec![s(2.5)]).contains("got 2.5"));
        assert!(error(TABLE, "factor", vec![s(1e300)]).contains("at most 2^53"));
        assert!(error(TABLE, "factor", vec![v(&[2.0])]).contains("got vector"));
    }
}
