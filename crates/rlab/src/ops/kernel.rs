//! Element kernels of the arithmetic operators: what one element of `+ - .* ./ .^` computes,
//! for real and for complex operands, with the exact floating-point formulas of rustlab
//! (spec §5.1).
//!
//! rustlab stores every element as a complex double, so an array division is num-complex's
//! `(a·c + b·d) / (c·c + d·d)` even for real data; with `b = d = 0` that is
//! `(a·c + 0) / (c·c)`, which can differ from `a / c` in the last bit and in the sign of
//! zero. Powers of real operands use real `powf` (the newer behaviour, spec §0); powers with a
//! complex operand use `exp(y·ln x)` with `ln x = (ln|x|, arg x)`, as rustlab does.

use crate::ast::BinOp;
use crate::value::C64;

/// The arithmetic an element-wise operation performs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Arith {
    Add,
    Sub,
    Mul,
    Div,
    Pow,
}

impl Arith {
    /// Every operator, each at its own number (`op as usize`).
    pub(crate) const ALL: [Arith; 5] = [Arith::Add, Arith::Sub, Arith::Mul, Arith::Div, Arith::Pow];

    /// The element arithmetic of an operator: `*` and `.*` multiply, `/` and `./` divide,
    /// `^` and `.^` raise. `None` for comparisons and logic.
    pub(crate) fn of(op: BinOp) -> Option<Arith> {
        match op {
            BinOp::Add => Some(Arith::Add),
            BinOp::Sub => Some(Arith::Sub),
            BinOp::Mul | BinOp::ElemMul => Some(Arith::Mul),
            BinOp::Div | BinOp::ElemDiv => Some(Arith::Div),
            BinOp::Pow | BinOp::ElemPow => Some(Arith::Pow),
            _ => None,
        }
    }

    /// Scalar ∘ Scalar: plain f64 arithmetic (division is `a / b`).
    #[inline(always)]
    pub(crate) fn scalar(self, a: f64, b: f64) -> f64 {
        match self {
            Arith::Add => a + b,
            Arith::Sub => a - b,
            Arith::Mul => a * b,
            Arith::Div => a / b,
            Arith::Pow => a.powf(b),
        }
    }

    /// Complex ∘ Complex with num-complex formulas.
    pub(crate) fn complex(self, a: C64, b: C64) -> C64 {
        match self {
            Arith::Add => a + b,
            Arith::Sub => a - b,
            Arith::Mul => a * b,
            Arith::Div => a / b,
            Arith::Pow => complex_pow(a, b),
        }
    }
}

/// Real `a / c` as num-complex divides `a+0i` by `c+0i`: `(a·c + 0·0) / (c·c + 0·0)`.
/// `(0.1 / 0.3)` is `0.33333333333333337`, this is `0.3333333333333333`; `0 / -2` is `+0`.
pub(crate) fn array_div(a: f64, c: f64) -> f64 {
    (a * c + 0.0) / (c * c)
}

/// `x^y` for complex operands: `exp(y · ln x)` with `ln x = (ln|x|, arg x)`.
pub(crate) fn complex_pow(x: C64, y: C64) -> C64 {
    let ln_x = C64::new(x.norm().ln(), x.arg());
    (y * ln_x).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operators_map_to_their_arithmetic() {
        assert_eq!(Arith::of(BinOp::Add), Some(Arith::Add));
        assert_eq!(Arith::of(BinOp::Sub), Some(Arith::Sub));
        assert_eq!(Arith::of(BinOp::Mul), Some(Arith::Mul));
        assert_eq!(Arith::of(BinOp::ElemMul), Some(Arith::Mul));
        assert_eq!(Arith::of(BinOp::Div), Some(Arith::Div));
        assert_eq!(Arith::of(BinOp::ElemDiv), Some(Arith::Div));
        assert_eq!(Arith::of(BinOp::Pow), Some(Arith::Pow));
        assert_eq!(Arith::of(BinOp::ElemPow), Some(Arith::Pow));
        assert_eq!(Arith::of(BinOp::Lt), None);
        assert_eq!(Arith::of(BinOp::AndAnd), None);
    }

    #[test]
    fn scalar_arithmetic_is_plain_f64() {
        assert_eq!(Arith::Add.scalar(0.1, 0.2), 0.30000000000000004);
        assert_eq!(Arith::Sub.scalar(1.0, 3.0), -2.0);
        assert_eq!(Arith::Mul.scalar(3.0, -2.0), -6.0);
        assert_eq!(Arith::Div.scalar(0.1, 0.3), 0.33333333333333337);
        assert_eq!(Arith::Div.scalar(2.0, 0.0), f64::INFINITY);
        assert_eq!(Arith::Pow.scalar(2.0, 10.0), 1024.0);
        assert!(Arith::Pow.scalar(-8.0, 1.0 / 3.0).is_nan());
    }

    #[test]
    fn array_division_follows_the_complex_formula() {
        assert_eq!(array_div(0.1, 0.3), 0.3333333333333333);
        assert_eq!(array_div(6.0, 3.0), 2.0);
        // The sign of zero is lost through `+ 0`.
        assert!(array_div(0.0, -2.0).is_sign_positive());
        assert!(array_div(1.0, 0.0).is_nan());
        assert!(array_div(f64::NAN, 1.0).is_nan());
    }

    #[test]
    fn complex_arithmetic_uses_num_complex() {
        let a = C64::new(1.0, 2.0);
        let b = C64::new(3.0, -1.0);
        assert_eq!(Arith::Add.complex(a, b), C64::new(4.0, 1.0));
        assert_eq!(Arith::Sub.complex(a, b), C64::new(-2.0, 3.0));
        assert_eq!(Arith::Mul.complex(a, b), C64::new(5.0, 5.0));
        assert_eq!(Arith::Div.complex(a, b), a / b);
        assert_eq!(Arith::Pow.complex(a, b), complex_pow(a, b));
    }

    #[test]
    fn complex_power_is_exp_of_y_ln_x() {
        let i = C64::new(0.0, 1.0);
        let squared = complex_pow(i, C64::new(2.0, 0.0));
        assert!((squared.re + 1.0).abs() < 1e-15);
        assert!(squared.im.abs() < 1e-15);
        // A negative real base leaves imaginary noise (the 0.3.6 effect).
        let cube = complex_pow(C64::new(-2.0, 0.0), C64::new(3.0, 0.0));
        assert!((cube.re + 8.0).abs() < 1e-13);
        assert!(cube.im != 0.0);
    }
}
