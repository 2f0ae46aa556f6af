//! A reduction read through an element-wise product: `sum(a .* b)` and `mean(a .* b)` of
//! two real vectors of one shape (the dot-product idiom) add `a(i) * b(i)` from left to
//! right as they multiply, with no product array. These are the products `.*` computes and
//! the additions `sum` makes, in the same order, so the result has the same bits.
//!
//! Any other operands (scalars, matrices, complex or integer arrays, tracked values, shapes
//! that broadcast or fail) take the general path from the evaluated operands: the product,
//! then the builtin, with the same results and errors at the same positions.

use super::Interp;
use crate::ast::{BinOp, Expr, ExprKind};
use crate::builtins::Builtin;
use crate::error::LangResult;
use crate::grad;
use crate::value::{NumArray, Value};

/// The reductions that can read a product without making it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reduction {
    Sum,
    Mean,
}

/// `REDUCTION(lhs .* rhs)`, recognised in the source before anything is evaluated.
pub(super) struct ProductReduction<'a> {
    reduction: Reduction,
    product: &'a Expr,
    lhs: &'a Expr,
    rhs: &'a Expr,
}

impl<'a> ProductReduction<'a> {
    /// The call `builtin(args)` when it is a one-output `sum` or `mean` of one `.*`.
    pub(super) fn of(builtin: &Builtin, args: &'a [Expr], nargout: usize) -> Option<Self> {
        let [product] = args else { return None };
        let ExprKind::Binary(BinOp::ElemMul, lhs, rhs) = &product.kind else {
            return None;
        };
        let reduction = match builtin.name {
            "sum" => Reduction::Sum,
            "mean" => Reduction::Mean,
            _ => return None,
        };
        (nargout <= 1).then_some(ProductReduction {
            reduction,
            product,
            lhs,
            rhs,
        })
    }
}

impl Interp {
    /// Evaluate a recognised reduction: fused when both operands are real vectors of one
    /// shape, else the product and then `builtin` (what the general path does).
    pub(super) fn reduce_product(
        &mut self,
        call: ProductReduction,
        builtin: &'static Builtin,
    ) -> LangResult<Value> {
        let evaluated = self
            .nested(|interp| {
                let a = interp.eval(call.lhs)?;
                let b = interp.eval(call.rhs)?;
                if let Some((total, count)) = real_dot(&a, &b) {
                    return Ok(Evaluated::Reduced(match call.reduction {
                        Reduction::Sum => total,
                        Reduction::Mean => total / count as f64,
                    }));
                }
                grad::binary_owned(interp, BinOp::ElemMul, a, b).map(Evaluated::Product)
            })
            .map_err(|err| err.at(call.product.span))?;
        match evaluated {
            Evaluated::Reduced(x) => Ok(Value::Scalar(x)),
            Evaluated::Product(product) => self.call_builtin(builtin, vec![product], 1),
        }
    }
}

/// The argument of a recognised reduction: reduced as it was made, or made for the builtin.
enum Evaluated {
    Reduced(f64),
    Product(Value),
}

/// Σ a(i)·b(i) from 0, left to right, and the count, when `a` and `b` are non-empty real
/// arrays of one shape with one row or one column (those that `sum` adds up flat).
fn real_dot(a: &Value, b: &Value) -> Option<(f64, usize)> {
    let (Value::Vector(a) | Value::Matrix(a)) = a else {
        return None;
    };
    let (Value::Vector(b) | Value::Matrix(b)) = b else {
        return None;
    };
    let (NumArray::Real(a), NumArray::Real(b)) = (&**a, &**b) else {
        return None;
    };
    let flat = a.nrows() == 1 || a.ncols() == 1;
    if !flat || a.is_empty() || a.dim() != b.dim() {
        return None;
    }
    let add = |total: f64, (x, y): (&f64, &f64)| total + x * y;
    let total = match (a.as_slice(), b.as_slice()) {
        // Slices when both are in standard layout: the same order, read faster.
        (Some(a), Some(b)) => a.iter().zip(b).fold(0.0, add),
        _ => a.iter().zip(b).fold(0.0, add),
    };
    Some((total, a.len()))
}

#[cfg(test)]
mod tests {
    use crate::eval::printed_or_error as run;

    /// `f(x .* y)` printed, against the product made first and then reduced.
    fn assert_same_as_general(f: &str, x: &str, y: &str) {
        let setup = "seed(3); a = randn(1, 37); b = randn(1, 37);";
        let show = "disp(r); fprintf(\"%.17g\\n\", real(double(r)), imag(double(r)));";
        let fused = run(&format!("{setup} r = {f}({x} .* {y}); {show}"));
        let general = run(&format!("{setup} p = {x} .* {y}; r = {f}(p); {show}"));
        assert!(!fused.contains("error"), "{f}({x} .* {y}): {fused}");
        assert_eq!(fused, general, "{f}({x} .* {y})");
    }

    #[test]
    fn fused_reductions_have_the_bits_of_the_product_and_the_sum() {
        for f in ["sum", "mean"] {
            for (x, y) in [
                ("a", "b"),
                ("a'", "b'"),
                ("a(1:5)", "b(3:7)"),
                ("[1 -0 3]", "[-2 0 1e308]"),
            ] {
                assert_same_as_general(f, x, y);
            }
        }
        let printed = run("fprintf(\"%g\\n\", sum([1 2 3] .* [4 5 6]));");
        assert_eq!(printed, "32\n");
    }

    #[test]
    fn other_operands_take_the_general_path() {
        for f in ["sum", "mean"] {
            for (x, y) in [
                ("[1 2; 3 4]", "[5 6; 7 8]"),
                ("[1 2 3]", "[4; 5; 6]"),
                ("[1 2 3]", "2"),
                ("3", "2"),
                ("[2 * j, 2]", "[3 4]"),
                ("int32([1 2 3])", "int32([4 5 6])"),
                ("zeros(1, 0)", "zeros(1, 0)"),
            ] {
                assert_same_as_general(f, x, y);
            }
        }
    }

    #[test]
    fn errors_keep_their_positions() {
        let printed = run("x = sum([1 2 3] .* [1 2]);");
        assert!(printed.contains("t.md:1:9"), "{printed}");
        let printed = run("x = mean([1 2] .* nothing);");
        assert!(printed.contains("t.md:1:19"), "{printed}");
        let printed = run("[s, t] = sum([1 2] .* [3 4]);");
        let message =
            "t.md:1:1: runtime error: multi-assign: expected 2 values, function returned 1";
        assert!(
            printed.starts_with(&format!("error: {message}")),
            "{printed}"
        );
    }
}
