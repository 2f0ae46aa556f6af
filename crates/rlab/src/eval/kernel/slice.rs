//! Rows and columns written element by element in compiled loops:
//! `E(tokens(t), :) = E(tokens(t), :) - lr * dX(t, :)` runs as a loop over the columns,
//! `E(r, c) = E(r, c) - lr * dX(t, c)`, with no row made, multiplied or subtracted as an
//! array.
//!
//! This is what the general path computes, element for element: its operators on a row
//! and a number, or on two rows of one length, apply the same `f64` operation to each
//! element (broadcasting the number), and so do the element-wise math builtins. The
//! compiled form accepts only such values:
//! - lanes (`B(k, :)` with a row target, `B(:, k)` with a column target, `k` scalar
//!   arithmetic), numbers, scalar variables and elements of arrays other than the target
//!   (which the target's writes cannot change while the value is read);
//! - `+`, `-`, `.*`, `./`, `.^`, unary minus and the element-wise math builtins on them; `*`
//!   unless both operands read a lane, `/` unless the divisor does, `^` on no lane (the
//!   matrix operations otherwise), `mod(x, m)` with a number `m` (the builtin takes no
//!   other).
//!
//! When the statement runs, every lane's index is checked to be a row (or column) of a
//! real Matrix and every lane's length the target's (at least one) before anything is
//! written; otherwise the whole statement runs the general way, which gives its result or
//! its error. Reading the target's own rows is safe: every lane is copied before the
//! value is computed and the target written after it, as the general path evaluates the
//! value before it assigns.

#[cfg(test)]
mod tests;

use super::compile::Names;
use super::{Axis, KExpr, KStmt, Lane, SliceWrite};
use crate::ast::{BinOp, Expr, ExprKind, Stmt, Var};

/// The lanes found so far in the value of the slice write being compiled.
pub(super) struct LaneScope<'a> {
    axis: Axis,
    target: usize,
    lanes: Vec<Lane<'a>>,
}

/// The axis of `args` and the fixed index when they are `(k, :)` or `(:, k)`.
pub(super) fn lane_of(args: &[Expr]) -> Option<(Axis, &Expr)> {
    match args {
        [k, colon] if is_colon(colon) && !is_colon(k) => Some((Axis::Row, k)),
        [colon, k] if is_colon(colon) && !is_colon(k) => Some((Axis::Column, k)),
        _ => None,
    }
}

fn is_colon(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Colon)
}

impl<'a> Names<'_, 'a> {
    /// `name(fixed, :) = value` or `name(:, fixed) = value`, when `value` is element-wise.
    pub(super) fn slice_write(
        &mut self,
        name: &'a Var,
        (axis, fixed): (Axis, &'a Expr),
        value: &'a Expr,
        stmt: &'a Stmt,
    ) -> Option<KStmt<'a>> {
        let array = self.array(name)?;
        let fixed = self.expr(fixed, 1)?;
        self.lanes = Some(LaneScope {
            axis,
            target: array,
            lanes: Vec::new(),
        });
        let value = self.expr(value, 0);
        let scope = self.lanes.take().expect("set above");
        Some(KStmt::Slice(Box::new(SliceWrite {
            axis,
            target: Lane { array, fixed },
            lanes: scope.lanes,
            value: value?,
            stmt,
        })))
    }

    /// In a slice write's value, `name(args)`: a lane of the write's axis, or an element of
    /// another array. Their indices read no lane.
    pub(super) fn in_slice(&mut self, name: &'a Var, args: &'a [Expr]) -> Option<KExpr<'a>> {
        let mut scope = self.lanes.take().expect("in a slice write's value");
        let read = self.slice_read(&mut scope, name, args);
        self.lanes = Some(scope);
        read
    }

    fn slice_read(
        &mut self,
        scope: &mut LaneScope<'a>,
        name: &'a Var,
        args: &'a [Expr],
    ) -> Option<KExpr<'a>> {
        let array = self.array(name)?;
        if let Some((_, fixed)) = lane_of(args).filter(|lane| lane.0 == scope.axis) {
            let fixed = self.expr(fixed, 1)?;
            scope.lanes.push(Lane { array, fixed });
            return Some(KExpr::Lane(scope.lanes.len() - 1));
        }
        let index = self.index(args)?;
        (array != scope.target).then_some(KExpr::Elem { array, index })
    }

    /// Whether `a op b` (compiled to `lhs` and `rhs`) is element-wise in a slice write's
    /// value: true outside one.
    pub(super) fn element_wise(&self, op: BinOp, lhs: &KExpr, rhs: &KExpr) -> bool {
        if self.lanes.is_none() {
            return true;
        }
        let (a, b) = (reads_lane(lhs), reads_lane(rhs));
        match op {
            BinOp::Mul => !(a && b),
            BinOp::Div => !b,
            BinOp::Pow => !(a || b),
            _ => true,
        }
    }

    /// Whether `second`, the second argument of a math builtin of two (`mod`), is a number
    /// there: true outside a slice write's value.
    pub(super) fn number_second(&self, second: &KExpr) -> bool {
        self.lanes.is_none() || !reads_lane(second)
    }
}

/// Whether `e` reads a lane.
pub(super) fn reads_lane(e: &KExpr) -> bool {
    match e {
        KExpr::Lane(_) => true,
        KExpr::Neg(a) | KExpr::Math(_, a) => reads_lane(a),
        KExpr::Bin(_, a, b) | KExpr::Math2(_, a, b) => reads_lane(a) || reads_lane(b),
        KExpr::Const(_) | KExpr::Reg(_) | KExpr::Elem { .. } | KExpr::Call(_) => false,
    }
}
