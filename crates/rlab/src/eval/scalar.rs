//! The scalar fast path: arithmetic on real scalars evaluated as plain `f64`, without
//! building a [`Value`] for every intermediate result. Loop bodies of the course's scripts
//! (`s = s + i * j - k / 3`, `acc = acc + x(i) * y(i)`) spend most of their time here.
//!
//! Only expressions without side effects are tried: numbers, variables, `end`, unary minus,
//! the arithmetic operators and element reads of real arrays (`x(i)`, `A(i, j)`). Element
//! writes of a real scalar into a real array (`A(i, j) = x`) have their fast path here too. The first operand that is not a real scalar (an array, a
//! Bool, an undefined name) abandons the attempt and the caller evaluates the expression the
//! general way, so the result is the same value, computed by the same `f64` operations, as
//! [`crate::ops::binary`] computes for two Scalars.

use super::Interp;
use crate::ast::{BinOp, Expr, ExprKind, UnOp, Var};
use crate::value::{NumArray, Value};
use std::sync::Arc;

/// Deeper trees are left to the general evaluator (which guards the stack).
const MAX_DEPTH: u32 = 32;

impl Interp {
    /// The value of `e` when it is real-scalar arithmetic over real scalars; `None` when it
    /// is anything else (nothing has been changed then).
    pub(super) fn try_scalar(&self, e: &Expr) -> Option<f64> {
        self.scalar_at(
            e,
            Depth {
                level: 0,
                end: true,
            },
        )
    }

    fn scalar_at(&self, e: &Expr, at: Depth) -> Option<f64> {
        match &e.kind {
            ExprKind::Number(x) => Some(*x),
            ExprKind::Ident(var) => match self.vars.lookup(var) {
                Some(Value::Scalar(x)) => Some(*x),
                _ => None,
            },
            ExprKind::End if at.end => self.end_values.last().copied(),
            ExprKind::Unary(UnOp::Neg, operand) => Some(-self.scalar_at(operand, at.deeper()?)?),
            ExprKind::Binary(op, lhs, rhs) => {
                let apply = arithmetic(*op)?;
                let a = self.scalar_at(lhs, at.deeper()?)?;
                let b = self.scalar_at(rhs, at.deeper()?)?;
                Some(apply(a, b))
            }
            ExprKind::CallOrIndex { name, args } => self.element(name, args, at.deeper()?),
            _ => None,
        }
    }

    /// `x(i)` of a real Vector, `A(k)` (column-major) or `A(i, j)` of a real Matrix, with
    /// indices in bounds; anything else (a function call, `end`, an error) is not tried.
    fn element(&self, var: &Var, args: &[Expr], at: Depth) -> Option<f64> {
        let (a, vector) = match self.vars.lookup(var)? {
            Value::Vector(a) => (a, true),
            Value::Matrix(a) => (a, false),
            _ => return None,
        };
        let NumArray::Real(m) = &**a else {
            return None;
        };
        let index = |e: &Expr| self.scalar_at(e, at.in_index());
        let target = match args {
            [k] => cell_at(m.dim(), index(k)?, None)?,
            [i, j] if !vector => cell_at(m.dim(), index(i)?, Some(index(j)?))?,
            _ => return None,
        };
        Some(m[target])
    }
}

impl Interp {
    /// `name(k) = x` or `name(i, j) = x` with `x` a real Scalar, the variable a real Vector
    /// or Matrix and the indices in bounds (no `end`): the element is written in place, as
    /// the general assignment writes it (one index is column-major). False, with nothing
    /// changed, for anything else.
    pub(super) fn try_element_write(&mut self, var: &Var, args: &[Expr], rhs: &Value) -> bool {
        let Value::Scalar(x) = *rhs else {
            return false;
        };
        let at = Depth {
            level: 0,
            end: false,
        };
        let index = |interp: &Interp, e: &Expr| interp.scalar_at(e, at);
        let (first, second) = match args {
            [k] => (index(self, k), None),
            [i, j] => (index(self, i), index(self, j)),
            _ => return false,
        };
        let Some(Value::Vector(a) | Value::Matrix(a)) = self.vars.lookup_mut(var) else {
            return false;
        };
        let NumArray::Real(m) = &**a else {
            return false;
        };
        let target = match (first, second, args.len()) {
            (Some(k), _, 1) => cell_at(m.dim(), k, None),
            (Some(i), Some(j), 2) => cell_at(m.dim(), i, Some(j)),
            _ => None,
        };
        let Some(target) = target else {
            return false;
        };
        if let NumArray::Real(m) = Arc::make_mut(a) {
            m[target] = x;
        }
        true
    }
}

/// Where in the tree the fast path is: how deep, and whether `end` means the innermost
/// index argument's value (it does not inside the fast path's own index arguments, which
/// bind no `end`).
#[derive(Clone, Copy)]
struct Depth {
    level: u32,
    end: bool,
}

impl Depth {
    fn deeper(self) -> Option<Depth> {
        (self.level < MAX_DEPTH).then_some(Depth {
            level: self.level + 1,
            ..self
        })
    }

    fn in_index(self) -> Depth {
        Depth { end: false, ..self }
    }
}

/// The `(row, column)` that `(k)` (column-major) or `(i, j)` names in a `rows × cols`
/// array, when the indices are in bounds.
pub(super) fn cell_at(
    (rows, cols): (usize, usize),
    first: f64,
    second: Option<f64>,
) -> Option<(usize, usize)> {
    match second {
        // A row or a column: no division.
        None if rows == 1 => Some((0, position(first, cols)?)),
        None if cols == 1 => Some((position(first, rows)?, 0)),
        None => position(first, rows * cols).map(|k| (k % rows.max(1), k / rows.max(1))),
        Some(j) => position(first, rows).zip(position(j, cols)),
    }
}

/// The 0-based position of a valid 1-based index below `n` (as the general path truncates:
/// `x` in `[1, n + 1)` is `trunc(x)`, which the cast computes). The cast saturates, so a
/// number past every length is past `n`; NaN is not `>= 1`.
#[inline(always)]
fn position(x: f64, n: usize) -> Option<usize> {
    let k = x as i64;
    (x >= 1.0 && k as u64 <= n as u64).then(|| k as usize - 1)
}

/// The `f64` operation of an arithmetic operator on two Scalars (as in `ops::binary`).
fn arithmetic(op: BinOp) -> Option<fn(f64, f64) -> f64> {
    Some(match op {
        BinOp::Add => |a, b| a + b,
        BinOp::Sub => |a, b| a - b,
        BinOp::Mul | BinOp::ElemMul => |a, b| a * b,
        BinOp::Div | BinOp::ElemDiv => |a, b| a / b,
        BinOp::Pow | BinOp::ElemPow => f64::powf,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use crate::{Config, Session};

    fn run(code: &str) -> String {
        let mut s = Session::new(Config::default(), Some(0));
        let out = s.run_block("t.md", 1, code);
        match out.error {
            Some(e) => e.error.message,
            None => out.text,
        }
    }

    #[test]
    fn a_cell_is_the_column_major_element_in_bounds() {
        let indices = [
            -1.0, 0.0, 0.5, 1.0, 1.9, 2.0, 3.0, 4.0, 4.5, 5.0, 6.0, 12.0, 13.0,
        ];
        let special = [
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            1e300,
            9.3e18,
            -9.3e18,
        ];
        for (rows, cols) in [(1, 5), (5, 1), (3, 4), (1, 1), (0, 3), (3, 0)] {
            for k in indices.into_iter().chain(special) {
                // The 1-based index truncated, as the general path reads it.
                let whole = (k >= 1.0 && k < (rows * cols) as f64 + 1.0).then(|| k as usize - 1);
                let expected = whole.map(|k| (k % rows, k / rows));
                assert_eq!(
                    super::cell_at((rows, cols), k, None),
                    expected,
                    "{rows}×{cols} ({k})"
                );
            }
        }
        assert_eq!(super::cell_at((3, 4), 3.5, Some(4.2)), Some((2, 3)));
        assert_eq!(super::cell_at((3, 4), 4.0, Some(1.0)), None);
        assert_eq!(super::cell_at((3, 4), 1.0, Some(f64::NAN)), None);
    }

    #[test]
    fn scalar_arithmetic_prints_what_the_general_path_prints() {
        // Division, powers and negation of scalars, with variables, in one expression.
        let out = run("a = 0.1; b = 0.3; c = -a / b + 2 ^ 0.5 * a - b ^ -2;\nprint(c)\n");
        let a: f64 = 0.1;
        let b: f64 = 0.3;
        let expected = -a / b + 2f64.powf(0.5) * a - b.powf(-2.0);
        assert_eq!(out.trim(), format!("{expected}"));
    }

    #[test]
    fn element_reads_take_the_general_paths_rules() {
        let code = "v = [10 20 30]; A = [1 2; 3 4];\nprint(v(2) + A(2, 1) * A(3) - v(2.7))\n";
        assert_eq!(run(code).trim(), "6");
        assert_eq!(
            run("v = [1 2];\nx = v(3) + 1;\n"),
            "index 3 out of bounds (length 2)"
        );
        assert_eq!(run("v = [1 2];\nx = v(end) * 2;\nprint(x)\n").trim(), "4");
        assert_eq!(
            run("v = [1 2];\nx = v(v(end) - 1) * 2;\nprint(x)\n").trim(),
            "2"
        );
    }

    #[test]
    fn element_writes_take_the_general_paths_rules() {
        let code = "A = zeros(2, 3); A(2, 3) = 5; A(3) = 7; v = [1 2 3]; v(2) = 9;\n\
                    B = A; B(1, 1) = 4;\nprint(A(1, 2), A(2, 3), v(2), B(1, 1), A(1, 1))\n";
        assert_eq!(run(code).trim(), "7 5 9 4 0");
        let grown = run("v = [1 2];\nv(4) = 1;\nprint(v)\n");
        assert_eq!(
            grown.trim(),
            "[1×4]  1.000000  2.000000  0.000000  1.000000"
        );
        let out = run("A = zeros(2, 2);\nA(3, 1) = 1;\n");
        assert_eq!(out, "index assignment: (3,1) out of bounds for 2×2 matrix");
        assert_eq!(run("v = [1 2];\nv(end) = 5;\nprint(v(2))\n").trim(), "5");
    }

    #[test]
    fn anything_but_real_scalars_falls_back_to_the_general_path() {
        let vector = run("v = [1 2 3];\nw = v * 2 + 1;\nprint(w)\n");
        assert_eq!(vector.trim(), "[1×3]  3.000000  5.000000  7.000000");
        let bool = run("t = true;\nx = t + 1;\n");
        assert_eq!(bool, "unsupported operand types for Add: bool and scalar");
        assert_eq!(run("z = 2 + 3 * i;\nprint(z * 2)\n").trim(), "4+6j");
        assert_eq!(run("x = y + 1;\n"), "undefined variable 'y'");
    }

    #[test]
    fn an_operator_on_arrays_then_on_scalars_gives_the_same_values() {
        // One expression in a function, on an array (the fast path fails and is skipped for a
        // while), then on scalars, in and after the skipped evaluations.
        let code = "function y = f(x)\n  y = x * 2 + 1;\nend\n\
                    a = f([1 2]); s = 0;\nfor k = 1:40\n  s = s + f(k);\nend\n\
                    b = f([3 4]);\nprint(a, s, b, f(0.5))\n";
        let expected = "[1×2]  3.000000  5.000000 1680 [1×2]  7.000000  9.000000 2";
        assert_eq!(run(code).trim(), expected);
    }
}
