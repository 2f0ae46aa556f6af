//! Element-wise math builtins (spec §10.3): `sqrt exp log log2 log10 sin cos tan tanh
//! acos asin atan sinh cosh floor ceil round sign` here; `abs real imag conj mod`, whose
//! results differ in kind from a plain element map, in [`parts`]; `angle atan2 mag2db` in
//! [`phase`]; the special functions `laguerre legendre factor` in [`special`].
//!
//! Kinds and shapes are preserved. Which function runs follows rustlab's real fast path:
//! a Scalar uses the f64 function; a Vector whose elements all have |im| < 1e-10 uses the
//! f64 function on the real parts; a Matrix uses it only when every imaginary part is
//! exactly 0; everything else uses the complex function. So `sqrt(-1)` is NaN and
//! `log(0)` is `-inf` for real input, while complex data gets complex roots and logs.

mod parts;
mod phase;
mod special;

use super::numeric::expected;
use super::{Args, Builtin};
use crate::error::LangResult;
use crate::eval::Interp;
use crate::value::{C64, NumArray, Value};

pub(crate) static TABLE: &[Builtin] = &[
    Builtin::new(
        "sqrt",
        sqrt,
        "sqrt(x): square root, element-wise (NaN for negative reals)",
    ),
    Builtin::new("exp", exp, "exp(x): e^x, element-wise"),
    Builtin::new(
        "log",
        log,
        "log(x): natural logarithm, element-wise (-inf at 0)",
    ),
    Builtin::new("log2", log2, "log2(x): base-2 logarithm, element-wise"),
    Builtin::new("log10", log10, "log10(x): base-10 logarithm, element-wise"),
    Builtin::new(
        "abs",
        parts::abs,
        "abs(x): absolute value or modulus, element-wise (real result)",
    ),
    Builtin::new("sin", sin, "sin(x): sine, element-wise"),
    Builtin::new("cos", cos, "cos(x): cosine, element-wise"),
    Builtin::new("tan", tan, "tan(x): tangent, element-wise"),
    Builtin::new("tanh", tanh, "tanh(x): hyperbolic tangent, element-wise"),
    Builtin::new(
        "acos",
        acos,
        "acos(x): inverse cosine in radians, element-wise (NaN outside [-1, 1] for reals)",
    ),
    Builtin::new(
        "asin",
        asin,
        "asin(x): inverse sine in radians, element-wise (NaN outside [-1, 1] for reals)",
    ),
    Builtin::new(
        "atan",
        atan,
        "atan(x): inverse tangent in radians, element-wise",
    ),
    Builtin::new("sinh", sinh, "sinh(x): hyperbolic sine, element-wise"),
    Builtin::new("cosh", cosh, "cosh(x): hyperbolic cosine, element-wise"),
    Builtin::new(
        "angle",
        phase::angle,
        "angle(z): phase atan2(im, re) in radians, element-wise (real result)",
    ),
    Builtin::new(
        "atan2",
        phase::atan2,
        "atan2(y, x): four-quadrant arctangent of real parts, element-wise (a scalar broadcasts)",
    ),
    Builtin::new(
        "mag2db",
        phase::mag2db,
        "mag2db(X): 20·log10(|X|) element-wise, with |X| floored at 1e-10 (−200 dB)",
    ),
    Builtin::new(
        "laguerre",
        special::laguerre,
        "laguerre(n, alpha, x): associated Laguerre polynomial L_n^alpha(x), element-wise",
    ),
    Builtin::new(
        "legendre",
        special::legendre,
        "legendre(l, m, x): associated Legendre function P_l^m(x) (Condon-Shortley phase), element-wise",
    ),
    Builtin::new(
        "factor",
        special::factor,
        "factor(n): prime factors of a positive integer, ascending, with repetition",
    ),
    Builtin::new(
        "floor",
        floor,
        "floor(x): round down, element-wise (re and im separately)",
    ),
    Builtin::new(
        "ceil",
        ceil,
        "ceil(x): round up, element-wise (re and im separately)",
    ),
    Builtin::new(
        "round",
        round,
        "round(x): round half away from zero, element-wise",
    ),
    Builtin::new(
        "mod",
        parts::modulo,
        "mod(a, m): a − m·floor(a/m), element-wise; m a real scalar",
    ),
    Builtin::new(
        "real",
        parts::real,
        "real(x): real part (a 1×1 Matrix gives a Scalar)",
    ),
    Builtin::new(
        "imag",
        parts::imag,
        "imag(x): imaginary part (a 1×1 Matrix gives a Scalar)",
    ),
    Builtin::new(
        "conj",
        parts::conj,
        "conj(x): complex conjugate, element-wise",
    ),
    Builtin::new(
        "sign",
        sign,
        "sign(x): −1, 0 or 1 for reals, z/|z| for complex, element-wise",
    ),
];

/// Apply `real` or `complex` to every element of the one argument, keeping its kind.
fn elementwise(
    mut args: Args,
    real: impl Fn(f64) -> f64 + Sync + Send + Copy,
    complex: impl Fn(C64) -> C64 + Copy,
) -> LangResult<Value> {
    args.arity(1, 1)?;
    // A temporary real array is mapped where it is (same values, no new array).
    let arg = match args.take(0)?.map_real_owned(real) {
        Ok(mapped) => return Ok(mapped),
        Err(arg) => arg,
    };
    match &arg {
        Value::Scalar(x) => Ok(Value::Scalar(real(*x))),
        Value::Complex(z) => Ok(Value::Complex(complex(*z))),
        Value::Vector(a) => Ok(Value::vector(map_vector(a, real, complex))),
        Value::Matrix(a) => Ok(Value::matrix(a.map(real, complex))),
        other => Err(expected(args.name, "a number or array", other)),
    }
}

/// The Vector rule: real function on the real parts when every |im| < 1e-10.
fn map_vector(
    a: &NumArray,
    real: impl Fn(f64) -> f64 + Sync + Send + Copy,
    complex: impl Fn(C64) -> C64,
) -> NumArray {
    match a {
        NumArray::Complex(z) if is_nearly_real(z.iter()) => NumArray::Real(z.mapv(|z| real(z.re))),
        _ => a.map(real, complex),
    }
}

/// True when every imaginary part is below 1e-10 in magnitude (the Vector fast path).
fn is_nearly_real<'a>(mut zs: impl Iterator<Item = &'a C64>) -> bool {
    zs.all(|z| z.im.abs() < 1e-10)
}

/// Defines one builtin per line as `elementwise(args, real, complex)`, and `unary_real`
/// (their real functions by name).
macro_rules! elementwise_builtins {
    ($($name:ident => $real:expr, $complex:expr;)*) => {
        $(
            fn $name(_: &mut Interp, args: Args) -> LangResult<Value> {
                elementwise(args, $real, $complex)
            }
        )*

        fn unary_real(name: &str) -> Option<fn(f64) -> f64> {
            match name {
                $(stringify!($name) => Some($real),)*
                _ => None,
            }
        }
    };
}

/// What a math builtin computes for real Scalars, when it gives a real Scalar for them.
#[derive(Clone, Copy)]
pub(crate) enum RealFunction {
    One(fn(f64) -> f64),
    Two(fn(f64, f64) -> f64),
}

/// The real function of the builtin called `name`, when that is one of this file's
/// element-wise builtins, `abs` or `mod` (compiled loops call it directly: the same
/// function the builtin applies to real Scalars).
pub(crate) fn real_function(name: &str) -> Option<RealFunction> {
    let builtin = super::lookup(name)?;
    if !TABLE.iter().any(|b| std::ptr::eq(b, builtin)) {
        return None;
    }
    match name {
        "abs" => Some(RealFunction::One(f64::abs)),
        "mod" => Some(RealFunction::Two(parts::modulo_real)),
        _ => unary_real(name).map(RealFunction::One),
    }
}

elementwise_builtins! {
    sqrt => f64::sqrt, |z: C64| z.sqrt();
    exp => f64::exp, |z: C64| z.exp();
    log => f64::ln, |z: C64| z.ln();
    log2 => f64::log2, |z: C64| z.ln() / 2f64.ln();
    log10 => f64::log10, |z: C64| z.ln() / 10f64.ln();
    sin => f64::sin, |z: C64| z.sin();
    cos => f64::cos, |z: C64| z.cos();
    tan => f64::tan, |z: C64| z.tan();
    tanh => f64::tanh, |z: C64| z.tanh();
    acos => f64::acos, |z: C64| z.acos();
    asin => f64::asin, |z: C64| z.asin();
    atan => f64::atan, |z: C64| z.atan();
    sinh => f64::sinh, |z: C64| z.sinh();
    cosh => f64::cosh, |z: C64| z.cosh();
    floor => f64::floor, |z: C64| C64::new(z.re.floor(), z.im.floor());
    ceil => f64::ceil, |z: C64| C64::new(z.re.ceil(), z.im.ceil());
    round => f64::round, |z: C64| C64::new(z.re.round(), z.im.round());
    sign => sign_real, sign_complex;
}

/// −1, 0 or 1 (0 for ±0, NaN for NaN). Written as comparisons choosing among constants,
/// with no call, so that mapping it over an array compiles to vector instructions.
fn sign_real(x: f64) -> f64 {
    let sign = if x > 0.0 {
        1.0
    } else if x < 0.0 {
        -1.0
    } else {
        0.0
    };
    if x.is_nan() { f64::NAN } else { sign }
}

/// `z/|z|`, or 0 for z = 0.
fn sign_complex(z: C64) -> C64 {
    let r = z.norm();
    if r == 0.0 { C64::new(0.0, 0.0) } else { z / r }
}

#[cfg(test)]
mod tests {
    use super::super::numeric::testing::*;
    use super::*;

    fn call_t(name: &str, args: Vec<Value>) -> Value {
        call(TABLE, name, args).unwrap()
    }

    #[test]
    fn real_inputs_use_the_real_functions() {
        assert!(matches!(call_t("sqrt", vec![s(-1.0)]), Value::Scalar(x) if x.is_nan()));
        assert_eq!(call_t("log", vec![s(0.0)]), s(f64::NEG_INFINITY));
        assert!(matches!(call_t("log", vec![s(-1.0)]), Value::Scalar(x) if x.is_nan()));
        let r = call_t("sqrt", vec![v(&[4.0, -1.0])]);
        assert!(matches!(&r, Value::Vector(a) if a.is_real()));
        assert_eq!(re(&r)[0], 2.0);
        assert!(re(&r)[1].is_nan());
        let r = call_t("exp", vec![m(&[&[0.0], &[1.0]])]);
        assert_eq!(r, m(&[&[1.0], &[1f64.exp()]]));
    }

    #[test]
    fn a_temporary_is_mapped_in_place_and_a_shared_array_is_left_alone() {
        let held = v(&[0.5, -1.0, 2.0]);
        let fresh = call_t("exp", vec![v(&[0.5, -1.0, 2.0])]);
        let from_shared = call_t("exp", vec![held.clone()]);
        assert_eq!(fresh, from_shared);
        assert_eq!(re(&fresh), vec![0.5f64.exp(), (-1.0f64).exp(), 2f64.exp()]);
        assert_eq!(
            held,
            v(&[0.5, -1.0, 2.0]),
            "the caller's array is unchanged"
        );
        let matrix = call_t("tanh", vec![m(&[&[0.1, 0.2], &[0.3, 0.4]])]);
        assert_eq!(
            matrix,
            m(&[
                &[0.1f64.tanh(), 0.2f64.tanh()],
                &[0.3f64.tanh(), 0.4f64.tanh()]
            ])
        );
    }

    #[test]
    fn each_function_matches_f64() {
        let x: f64 = 0.7;
        let cases: [(&str, f64); 12] = [
            ("sqrt", x.sqrt()),
            ("exp", x.exp()),
            ("log", x.ln()),
            ("log2", x.log2()),
            ("log10", x.log10()),
            ("sin", x.sin()),
            ("cos", x.cos()),
            ("tan", x.tan()),
            ("tanh", x.tanh()),
            ("floor", 0.0),
            ("ceil", 1.0),
            ("round", 1.0),
        ];
        for (name, want) in cases {
            assert_eq!(call_t(name, vec![s(x)]), s(want), "{name}");
        }
        assert_eq!(call_t("log2", vec![s(8.0)]), s(3.0));
        assert_eq!(call_t("log10", vec![s(1000.0)]), s(3.0));
    }

    #[test]
    fn round_is_half_away_from_zero() {
        let r = call_t("round", vec![v(&[2.5, -2.5, 0.5, 2.4])]);
        assert_eq!(re(&r), [3.0, -3.0, 1.0, 2.0]);
        assert_eq!(call_t("floor", vec![s(-2.3)]), s(-3.0));
        assert_eq!(call_t("ceil", vec![s(-2.7)]), s(-2.0));
    }

    #[test]
    fn sign_of_reals_and_complex() {
        let inf = f64::INFINITY;
        let r = call_t(
            "sign",
            vec![v(&[-5.0, 0.0, -0.0, 3.0, inf, -inf, 5e-324, -5e-324])],
        );
        assert_eq!(re(&r), [-1.0, 0.0, 0.0, 1.0, 1.0, -1.0, 1.0, -1.0]);
        assert!(re(&r)[2].is_sign_positive());
        assert!(matches!(call_t("sign", vec![s(f64::NAN)]), Value::Scalar(x) if x.is_nan()));
        let z = call_t("sign", vec![Value::Complex(C64::new(3.0, 4.0))]);
        assert_eq!(z, Value::Complex(C64::new(0.6, 0.8)));
        let z = call_t("sign", vec![cv(&[(0.0, 0.0), (0.0, 2.0)])]);
        assert_eq!(arr(&z).get(0, 1), C64::new(0.0, 1.0));
        assert_eq!(arr(&z).get(0, 0), C64::new(0.0, 0.0));
    }

    #[test]
    fn complex_data_uses_the_complex_functions() {
        let z = call_t("sqrt", vec![Value::Complex(C64::new(-4.0, 0.0))]);
        assert_eq!(z, Value::Complex(C64::new(0.0, 2.0)));
        let r = call_t("floor", vec![Value::Complex(C64::new(2.9, 1.4))]);
        assert_eq!(r, Value::Complex(C64::new(2.0, 1.0)));
        let r = call_t("log2", vec![cv(&[(0.0, 1.0)])]);
        let want = C64::new(0.0, 1.0).ln() / 2f64.ln();
        assert_eq!(arr(&r).get(0, 0), want);
        let r = call_t("log10", vec![cm(&[&[(-1.0, 0.0), (0.0, 1.0)]])]);
        assert_eq!(arr(&r).get(0, 0), C64::new(-1.0, 0.0).ln() / 10f64.ln());
    }

    #[test]
    fn vectors_with_tiny_imaginary_parts_take_the_real_path() {
        let r = call_t("sqrt", vec![cv(&[(-1.0, 1e-11), (4.0, 0.0)])]);
        assert!(matches!(&r, Value::Vector(a) if a.is_real()));
        assert!(re(&r)[0].is_nan());
        // A Matrix takes the real path only when every imaginary part is exactly zero.
        let r = call_t("sqrt", vec![cm(&[&[(-1.0, 1e-11)]])]);
        assert!(arr(&r).get(0, 0).im > 0.9);
    }

    #[test]
    fn the_vector_real_path_threshold_is_1e_10() {
        assert!(is_nearly_real(
            [C64::new(1.0, 9e-11), C64::new(2.0, -9e-11)].iter()
        ));
        assert!(!is_nearly_real([C64::new(1.0, 1e-10)].iter()));
        assert!(!is_nearly_real([C64::new(1.0, f64::NAN)].iter()));
    }

    #[test]
    fn kinds_and_shapes_are_preserved_and_empty_is_fine() {
        assert_eq!(call_t("exp", vec![v(&[])]), v(&[]));
        let r = call_t("cos", vec![m(&[&[0.0, 0.0, 0.0]])]);
        assert_eq!(r, m(&[&[1.0, 1.0, 1.0]]));
    }

    #[test]
    fn wrong_kinds_and_counts() {
        assert_eq!(
            error(TABLE, "sqrt", vec![Value::str("x")]),
            "type error: sqrt: expected a number or array, got string"
        );
        assert_eq!(
            error(TABLE, "tanh", vec![Value::Bool(true)]),
            "type error: tanh: expected a number or array, got bool"
        );
        assert_eq!(
            error(TABLE, "exp", vec![s(1.0), s(2.0)]),
            "wrong number of arguments for 'exp': expected 1, got 2"
        );
    }
}
