//! Expressions as code: each value in a register of its own, reads of variables that may
//! not be set guarded, element reads, and inlined calls, whose bodies use registers of
//! their own.

use super::{LATER, Lowering};
use crate::ast::Span;
use crate::eval::kernel::code::{Bin, Cell, Fallback, Fused, Op, arith};
use crate::eval::kernel::slice::reads_lane;
use crate::eval::kernel::{Index, Inlined, KExpr, Rooted};
use crate::ops::Arith;

impl<'a> Lowering<'a, '_> {
    /// The register holding the value of `r`, which falls back to the general evaluator.
    pub(super) fn rooted(&mut self, r: &Rooted<'a>, span: Span) -> u32 {
        if let Some(reg) = self.hoisted(&r.expr) {
            return reg;
        }
        match r.expr {
            KExpr::Const(x) => self.constant(x),
            KExpr::Reg(k) if self.is_known(k) => self.reg(k),
            _ => {
                let dst = self.register();
                self.rooted_into(r, dst, span)
            }
        }
    }

    /// The value of `r` into `dst`, which the fallback fills when the code cannot.
    pub(super) fn rooted_into(&mut self, r: &Rooted<'a>, dst: u32, span: Span) -> u32 {
        let fallback = self.fallback(Fallback::Value {
            node: r.node,
            dst,
            resume: LATER,
            span,
        });
        self.expr(&r.expr, Some(dst), fallback);
        self.resume_here(fallback);
        dst
    }

    /// Code for `e`, its value in `dst` when given; the register holding the value.
    pub(super) fn expr(&mut self, e: &KExpr<'a>, dst: Option<u32>, fallback: u32) -> u32 {
        if let Some(reg) = self.hoisted(e) {
            return self.placed(reg, dst);
        }
        let value = match e {
            KExpr::Const(x) => self.constant(*x),
            KExpr::Reg(k) => {
                if !self.is_known(*k) {
                    self.guard(*k, fallback);
                }
                self.reg(*k)
            }
            KExpr::Neg(a) => {
                let a = self.expr(a, None, fallback);
                let dst = dst.unwrap_or_else(|| self.register());
                self.emit(Op::Neg { dst, a });
                return dst;
            }
            KExpr::Math(f, a) => {
                let a = self.expr(a, None, fallback);
                let dst = dst.unwrap_or_else(|| self.register());
                self.emit(Op::Math { f: *f, dst, a });
                return dst;
            }
            KExpr::Math2(f, a, b) => {
                let a = self.expr(a, None, fallback);
                let b = self.expr(b, None, fallback);
                let dst = dst.unwrap_or_else(|| self.register());
                self.emit(Op::Math2 { f: *f, dst, a, b });
                return dst;
            }
            KExpr::Bin(op, a, b) => return self.bin(*op, a, b, dst, fallback),
            KExpr::Elem { array, index } => return self.read(*array, index, dst, fallback),
            KExpr::Lane(k) => return self.lane_read(*k, dst),
            KExpr::Call(call) => self.call(call, fallback),
        };
        self.placed(value, dst)
    }

    /// `a op b` into `dst` (or a new register). When an operand is itself arithmetic on two
    /// values not hoisted, the two operations are one [`Fused`] operation (the left operand
    /// when both are). The fallible parts are computed in the same order either way (`a`'s
    /// operands, then `b`'s); only the inner operation, which cannot fail, waits. Nothing
    /// that reads a lane of a slice write is fused: there each operation runs over the whole
    /// lane in one vectorised loop, where a pair would be a call per position, and a
    /// division divides arrays, which a fused pair, made for numbers, does not.
    fn bin(
        &mut self,
        op: Arith,
        a: &KExpr<'a>,
        b: &KExpr<'a>,
        dst: Option<u32>,
        fallback: u32,
    ) -> u32 {
        let fusable = |e| arithmetic(e).filter(|_| self.hoisted(e).is_none());
        let pair = match reads_lane(a) || reads_lane(b) {
            true => (None, None),
            false => (fusable(a), fusable(b)),
        };
        let (inner, [x, y], other, inner_right) = match pair {
            (Some((inner, x, y)), _) => (inner, [x, y], b, false),
            (None, Some((inner, x, y))) => (inner, [x, y], a, true),
            (None, None) => {
                let (a, b) = (self.expr(a, None, fallback), self.expr(b, None, fallback));
                let dst = dst.unwrap_or_else(|| self.register());
                self.emit(arith(op, Bin { dst, a, b }));
                return dst;
            }
        };
        // In source order: the other operand first when it is on the left.
        let mut lower = |e: &KExpr<'a>| self.expr(e, None, fallback);
        let [x, y, c] = if inner_right {
            let c = lower(other);
            [lower(x), lower(y), c]
        } else {
            [lower(x), lower(y), lower(other)]
        };
        let dst = dst.unwrap_or_else(|| self.register());
        self.emit(Op::Fused(Fused::new(
            [dst, x, y, c],
            inner,
            op,
            inner_right,
        )));
        dst
    }

    /// The register of `value`, copied into `dst` when one is given.
    fn placed(&mut self, value: u32, dst: Option<u32>) -> u32 {
        match dst {
            Some(dst) if dst != value => {
                self.emit(Op::Copy { dst, a: value });
                dst
            }
            _ => value,
        }
    }

    /// An element read into `dst` (or a new register). The expression's second read of an
    /// element takes the register of its first when both index it with the same registers:
    /// nothing in between can change the element or the index (an expression writes no
    /// variable and no element), and had the first read failed, its fallback would have
    /// computed the whole expression. Only a read into a new register is taken, since no
    /// other operation writes that one.
    fn read(&mut self, array: usize, index: &Index<'a>, dst: Option<u32>, fallback: u32) -> u32 {
        let cell = self.cell(index, fallback);
        let array = array as u32;
        let same = |r: &&Read| r.array == array && r.cell == cell;
        if let Some(read) = self.reads.iter().find(same) {
            let reg = read.dst;
            return self.placed(reg, dst);
        }
        let fresh = dst.is_none();
        let dst = dst.unwrap_or_else(|| self.register());
        self.emit(Op::Read {
            dst,
            array,
            cell,
            fallback,
        });
        if fresh {
            self.reads.push(Read { array, cell, dst });
        }
        dst
    }

    /// The registers of `index`.
    pub(super) fn cell(&mut self, index: &Index<'a>, fallback: u32) -> Cell {
        match index {
            Index::One(k) => Cell::new(self.expr(k, None, fallback), None),
            Index::Two(i, j) => {
                let first = self.expr(i, None, fallback);
                Cell::new(first, Some(self.expr(j, None, fallback)))
            }
        }
    }

    /// An inlined call: the arguments into the callee's first registers, then its body;
    /// the register of its output.
    fn call(&mut self, call: &Inlined<'a>, fallback: u32) -> u32 {
        let base = self.code.registers as u32;
        self.code.registers += call.locals;
        for (k, arg) in call.args.iter().enumerate() {
            self.expr(arg, Some(base + k as u32), fallback);
        }
        let caller = self.frame.replace(base);
        self.block(&call.body);
        self.frame = caller;
        // The body may have branched, or written the registers of its reads.
        self.reads.clear();
        base + call.output as u32
    }
}

/// An element read of the expression being lowered: the array, the registers of its
/// index, and the register it read into.
pub(super) struct Read {
    array: u32,
    cell: Cell,
    dst: u32,
}

/// The operator and operands of `e` when it is arithmetic on two values.
fn arithmetic<'e, 'a>(e: &'e KExpr<'a>) -> Option<(Arith, &'e KExpr<'a>, &'e KExpr<'a>)> {
    match e {
        KExpr::Bin(op, x, y) => Some((*op, x, y)),
        _ => None,
    }
}
