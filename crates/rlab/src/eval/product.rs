//! A matrix product with a transposed factor: `A' * B`, `A * B'` and `A' * B'` of real
//! matrices, as backward passes write them, read the transposed factor where it is rather
//! than making its transpose first (`ops::matmul::real_product`: the same products in the
//! same order, so the same bits).
//!
//! Anything else (numbers, complex or integer data, tracked values, a Vector on the side
//! not transposed) makes the transpose and takes the general path, with the same results
//! and errors at the same positions.

use super::Interp;
use crate::ast::{BinOp, Expr, ExprKind};
use crate::error::LangResult;
use crate::grad;
use crate::ops::{self, Factor, real_product};
use crate::value::{NumArray, Value};

/// An evaluated side of a product.
enum Side {
    /// A value as the general path has it.
    Value(Value),
    /// A real Vector or Matrix written transposed, not yet transposed.
    Transposed(Value),
}

impl Interp {
    /// `lhs * rhs` where either side is written as a transpose (`x'` or `x.'`).
    pub(super) fn eval_product(&mut self, lhs: &Expr, rhs: &Expr) -> LangResult<Value> {
        let a = self.eval_side(lhs)?;
        let b = self.eval_side(rhs)?;
        if let (Some(x), Some(y)) = (a.real_factor(), b.real_factor()) {
            return real_product(x, y).map(Value::matrix);
        }
        let (a, b) = (a.into_value()?, b.into_value()?);
        grad::binary_owned(self, BinOp::Mul, a, b)
    }

    /// One side of a product: a transpose of a real array is left to the product; anything
    /// else is evaluated as the general path evaluates it.
    fn eval_side(&mut self, e: &Expr) -> LangResult<Side> {
        let ExprKind::Transpose { operand, conjugate } = &e.kind else {
            return self.eval(e).map(Side::Value);
        };
        self.nested(|interp| {
            let value = interp.eval(operand)?;
            if real_array(&value).is_some() {
                return Ok(Side::Transposed(value));
            }
            grad::transpose(interp, &value, *conjugate).map(Side::Value)
        })
        .map_err(|err| err.at(e.span))
    }
}

impl Side {
    /// This side as a factor of a Matrix × Matrix product of real data: a transposed real
    /// array (a Matrix once transposed), or a real Matrix.
    fn real_factor(&self) -> Option<Factor<'_>> {
        match self {
            Side::Transposed(value) => real_array(value).map(Factor::transposed),
            Side::Value(value @ Value::Matrix(_)) => real_array(value).map(Factor::plain),
            Side::Value(_) => None,
        }
    }

    /// The value the general path has for this side (a real array's transpose is the same
    /// with or without conjugation).
    fn into_value(self) -> LangResult<Value> {
        match self {
            Side::Value(value) => Ok(value),
            Side::Transposed(value) => ops::transpose(&value, false),
        }
    }
}

/// The data of a real Vector or Matrix.
fn real_array(value: &Value) -> Option<&ndarray::Array2<f64>> {
    match value {
        Value::Vector(a) | Value::Matrix(a) => match &**a {
            NumArray::Real(data) => Some(data),
            NumArray::Complex(_) => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::eval::printed_or_error as run;

    /// `product` printed to the last bit, against its transposes made first (`tx = x'`
    /// and `ty = y'` hold them), after `setup`.
    fn assert_same_as_general(setup: &str, product: &str, general: &str) {
        let show = "disp(size(r)); fprintf(\"%.17g \", real(double(r)), imag(double(r)));";
        let made = "tx = x'; ty = y'; tcx = x.'; tcy = y.';";
        let fused = run(&format!("{setup} r = {product}; {show}"));
        let general = run(&format!("{setup} {made} r = {general}; {show}"));
        assert_eq!(fused, general, "{setup} {product}");
    }

    #[test]
    fn transposed_factors_give_the_bits_of_the_transposes_made() {
        for (m, k, n) in [
            (12, 16, 32),
            (64, 8, 16),
            (1, 5, 3),
            (3, 1, 4),
            (70, 70, 70),
        ] {
            let setup =
                format!("seed(5); x = randn({k}, {m}); y = randn({n}, {k}); z = randn({k}, {n});");
            assert_same_as_general(&setup, "x' * z", "tx * z");
            assert_same_as_general(&setup, "x.' * z", "tcx * z");
            assert_same_as_general(&setup, "x' * y'", "tx * ty");
            assert_same_as_general(&setup, "x.' * y'", "tcx * ty");
            let setup =
                format!("seed(6); w = randn({m}, {k}); x = randn({m}, {k}); y = randn({n}, {k});");
            assert_same_as_general(&setup, "w * y'", "w * ty");
            assert_same_as_general(&setup, "x' * (w * y')", "tx * (w * ty)");
        }
    }

    #[test]
    fn other_operands_take_the_general_path() {
        let setup = "seed(2); x = randn(1, 4); y = randn(3, 4); c = [1 + 2 * j, 3; 4, 5 * j];";
        for (product, general) in [
            ("x' * x", "tx * x"),
            ("x * y'", "x * ty"),
            ("y * x'", "y * tx"),
            ("x' * 2", "tx * 2"),
            ("3 * y'", "3 * ty"),
            ("c' * c", "[1 - 2 * j, 4; 3, -5 * j] * c"),
            ("c.' * c", "[1 + 2 * j, 4; 3, 5 * j] * c"),
            ("int32([1 2; 3 4])' * 2", "int32([1 3; 2 4]) * 2"),
        ] {
            assert_same_as_general(setup, product, general);
        }
    }

    #[test]
    fn errors_keep_their_messages_and_positions() {
        let printed = run("a = ones(2, 3); b = ones(2, 3);\nr = a' * b';");
        assert!(printed.contains("t.md:2:5"), "{printed}");
        assert!(
            printed.contains("left:  [3×2]\n  right: [3×2]"),
            "{printed}"
        );
        let printed = run("s = struct();\nr = ones(2, 2) * s';");
        assert!(
            printed.contains("t.md:2:18: runtime error: cannot transpose struct"),
            "{printed}"
        );
        let printed = run("r = ones(2, 2) * nothing';");
        assert!(printed.contains("t.md:1:18"), "{printed}");
    }
}
