//! The transfer function value `G(s) = num(s)/den(s)` (rustlab's `tf`): its display, its
//! arithmetic (`+ - * /` between tfs and with scalars, `^` by a non-negative integer,
//! negation), and how builtins read one from their arguments.
//!
//! As in rustlab, nothing cancels: `G * C / (1 + G * C)` keeps every factor.

use super::poly;
use crate::ast::BinOp;
use crate::error::{LangError, LangResult};
use crate::value::{Obj, Object, Value};
use std::any::Any;

/// The largest polynomial degree arithmetic builds (a bound on work and memory).
const MAX_DEGREE: usize = 10_000;

/// A continuous-time SISO transfer function; coefficients in descending powers of s.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct TransferFn {
    pub num: Vec<f64>,
    pub den: Vec<f64>,
}

impl TransferFn {
    pub(super) fn value(num: Vec<f64>, den: Vec<f64>) -> LangResult<Value> {
        let degree = num.len().max(den.len()).saturating_sub(1);
        if degree > MAX_DEGREE {
            return Err(LangError::limit(format!(
                "tf: polynomials of degree at most {MAX_DEGREE} are supported, got {degree}"
            )));
        }
        Ok(Value::Object(Obj::new(TransferFn { num, den })))
    }

    /// `self op other` for two tfs.
    fn with_tf(&self, op: BinOp, g: &TransferFn) -> LangResult<Value> {
        let (n1, d1, n2, d2) = (&self.num, &self.den, &g.num, &g.den);
        match op {
            BinOp::Add | BinOp::Sub => {
                let k = if op == BinOp::Add { 1.0 } else { -1.0 };
                let num = poly::add_scaled(&poly::mul(n1, d2), &poly::mul(n2, d1), k);
                TransferFn::value(num, poly::mul(d1, d2))
            }
            BinOp::Mul | BinOp::ElemMul => TransferFn::value(poly::mul(n1, n2), poly::mul(d1, d2)),
            BinOp::Div | BinOp::ElemDiv => TransferFn::value(poly::mul(n1, d2), poly::mul(d1, n2)),
            _ => Err(LangError::type_error(format!(
                "operator {op:?} not defined between two tf values"
            ))),
        }
    }

    /// `self op k` with the tf on the left.
    fn with_scalar_right(&self, op: BinOp, k: f64) -> LangResult<Value> {
        let (num, den) = (&self.num, &self.den);
        match op {
            BinOp::Mul | BinOp::ElemMul => TransferFn::value(poly::scale(num, k), den.clone()),
            BinOp::Div | BinOp::ElemDiv => {
                TransferFn::value(poly::scale(num, 1.0 / k), den.clone())
            }
            BinOp::Add => TransferFn::value(poly::add_scaled(num, den, k), den.clone()),
            BinOp::Sub => TransferFn::value(poly::add_scaled(num, den, -k), den.clone()),
            BinOp::Pow | BinOp::ElemPow => self.power(k),
            _ => Err(LangError::type_error(format!(
                "operator {op:?} not defined for tf and scalar"
            ))),
        }
    }

    /// `k op self` with the tf on the right.
    fn with_scalar_left(&self, op: BinOp, k: f64) -> LangResult<Value> {
        let (num, den) = (&self.num, &self.den);
        match op {
            BinOp::Mul | BinOp::ElemMul => TransferFn::value(poly::scale(num, k), den.clone()),
            BinOp::Div | BinOp::ElemDiv => TransferFn::value(poly::scale(den, k), num.clone()),
            BinOp::Add => TransferFn::value(poly::add_scaled(num, den, k), den.clone()),
            BinOp::Sub => TransferFn::value(
                poly::add_scaled(&poly::scale(num, -1.0), den, k),
                den.clone(),
            ),
            _ => Err(LangError::type_error(format!(
                "operator {op:?} not defined for scalar and tf"
            ))),
        }
    }

    /// `self ^ n` for a non-negative integer n.
    fn power(&self, n: f64) -> LangResult<Value> {
        if n.fract() != 0.0 || n < 0.0 || !n.is_finite() {
            return Err(LangError::runtime(format!(
                "tf ^ n requires a non-negative integer exponent, got {}",
                crate::display::scalar(n)
            )));
        }
        let reach = (self.num.len().max(self.den.len()).saturating_sub(1)) as f64 * n;
        if reach > MAX_DEGREE as f64 {
            return Err(LangError::limit(format!(
                "tf: polynomials of degree at most {MAX_DEGREE} are supported, got {reach}"
            )));
        }
        let (mut num, mut den) = (vec![1.0], vec![1.0]);
        for _ in 0..n as usize {
            num = poly::mul(&num, &self.num);
            den = poly::mul(&den, &self.den);
        }
        TransferFn::value(num, den)
    }
}

impl Object for TransferFn {
    fn type_name(&self) -> &'static str {
        "tf"
    }

    /// `10 / (s^2 + 2s + 10)`, `(s + 1) / (s^2 + 2)`, `s`, `s / 2`.
    fn display(&self) -> String {
        let num = poly::format(&self.num);
        let den = poly::format(&self.den);
        if self.den.len() == 1 && (self.den[0] - 1.0).abs() < 1e-12 {
            num
        } else if self.den.len() == 1 {
            format!("{num} / {den}")
        } else if num.contains(' ') {
            format!("({num}) / ({den})")
        } else {
            format!("{num} / ({den})")
        }
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn binary(&self, op: BinOp, other: &Value, self_is_left: bool) -> Option<LangResult<Value>> {
        match other {
            Value::Object(o) => {
                let g = o.downcast::<TransferFn>()?;
                // Both operands are tfs: the left one answers.
                Some(if self_is_left {
                    self.with_tf(op, g)
                } else {
                    g.with_tf(op, self)
                })
            }
            Value::Scalar(k) if self_is_left => Some(self.with_scalar_right(op, *k)),
            Value::Scalar(k) => Some(self.with_scalar_left(op, *k)),
            _ => None,
        }
    }

    fn negate(&self) -> Option<LangResult<Value>> {
        Some(TransferFn::value(
            poly::scale(&self.num, -1.0),
            self.den.clone(),
        ))
    }

    fn same(&self, other: &dyn Object) -> bool {
        other.as_any().downcast_ref::<TransferFn>() == Some(self)
    }
}

/// The tf inside a value, if it is one.
pub(super) fn as_tf(v: &Value) -> Option<&TransferFn> {
    match v {
        Value::Object(o) => o.downcast::<TransferFn>(),
        _ => None,
    }
}

/// Argument `i` as a tf (`NAME: expected tf, got vector`).
pub(super) fn tf_arg<'a>(name: &str, v: &'a Value) -> LangResult<&'a TransferFn> {
    as_tf(v)
        .ok_or_else(|| LangError::type_error(format!("{name}: expected tf, got {}", v.type_name())))
}

/// Real coefficients from a Scalar, Vector or 1-D Matrix (`tf: numerator coefficients
/// must be real`).
pub(super) fn coefficients(name: &str, what: &str, v: &Value) -> LangResult<Vec<f64>> {
    let array = match v {
        Value::Scalar(_) | Value::Complex(_) | Value::Vector(_) => v.to_num_array(),
        Value::Matrix(a) if a.rows() <= 1 || a.cols() <= 1 => Some((**a).clone()),
        _ => None,
    };
    let Some(array) = array else {
        return Err(LangError::type_error(format!(
            "expected vector, got {}",
            v.type_name()
        )));
    };
    let data = array.to_c_vec();
    if data.iter().any(|z| z.im.abs() > 1e-12) {
        return Err(LangError::type_error(format!(
            "{name}: {what} coefficients must be real"
        )));
    }
    Ok(data.iter().map(|z| z.re).collect())
}
