//! Scalar loops compiled to registers: a `for` loop whose body does arithmetic on real
//! scalars and reads and writes elements of real arrays (`s = s + i * j - k / 3`,
//! `B(c, r) = A(r, c) * 2 + 1`, nested loops and `if`s over such statements) runs on a
//! vector of `f64` registers, with no name lookup, no `Value` and no allocation per
//! statement. Loops whose body does anything else run the general way.
//!
//! The compiled form keeps the general path's semantics exactly:
//! - every operation is the `f64` operation the general evaluator applies to two Scalars
//!   (`Arith::scalar`, `compare::holds`), ranges are `ops::range`'s vectors, and the
//!   time limit and cancellation are checked on every iteration;
//! - an element access the fast path cannot make (an index out of bounds or not a whole
//!   number, an array that became something else) and a read of a variable not yet set are
//!   handed to the general evaluator after the registers are written back, so the result
//!   or the error is the general one, at the same position;
//! - registers are written back to the workspace when the loop ends or fails, variables
//!   created in the order the general path creates them.
//!
//! [`compile`] decides whether a loop qualifies; this file runs it.

mod compile;
#[cfg(test)]
mod tests;

use super::Interp;
use super::scalar::cell_at;
use crate::ast::{BinOp, Expr, Stmt, Var};
use crate::error::{LangError, LangResult};
use crate::ops::{self, Arith};
use crate::value::{NumArray, Value};
use std::sync::Arc;

/// A compiled expression over the registers.
enum KExpr<'a> {
    Const(f64),
    Reg(usize, &'a Expr),
    Neg(Box<KExpr<'a>>),
    Bin(Arith, Box<KExpr<'a>>, Box<KExpr<'a>>),
    /// An element read; `node` is the expression the general evaluator falls back to.
    Elem {
        array: &'a Var,
        index: Index<'a>,
        node: &'a Expr,
    },
}

/// `(k)` or `(i, j)`.
enum Index<'a> {
    One(Box<KExpr<'a>>),
    Two(Box<KExpr<'a>>, Box<KExpr<'a>>),
}

/// A compiled condition.
enum KCond<'a> {
    Compare(BinOp, KExpr<'a>, KExpr<'a>),
    And(Box<KCond<'a>>, Box<KCond<'a>>),
    Or(Box<KCond<'a>>, Box<KCond<'a>>),
    Not(Box<KCond<'a>>),
}

/// A compiled statement; `stmt` is its source, for positions and the general fallback.
enum KStmt<'a> {
    Set {
        reg: usize,
        op: Option<Arith>,
        value: KExpr<'a>,
        stmt: &'a Stmt,
    },
    Write {
        array: &'a Var,
        index: Index<'a>,
        value: KExpr<'a>,
        stmt: &'a Stmt,
    },
    For {
        reg: usize,
        range: Range<'a>,
        iter: &'a Expr,
        body: Vec<KStmt<'a>>,
        stmt: &'a Stmt,
    },
    If {
        branches: Vec<(KCond<'a>, Vec<KStmt<'a>>)>,
        otherwise: Vec<KStmt<'a>>,
        stmt: &'a Stmt,
    },
    Break,
    Continue,
}

/// `start:stop` or `start:step:stop`.
struct Range<'a> {
    start: KExpr<'a>,
    step: Option<KExpr<'a>>,
    stop: KExpr<'a>,
}

/// How a compiled statement list ended.
#[derive(PartialEq)]
enum KFlow {
    Normal,
    Break,
    Continue,
}

/// One register: the variable it holds, its value when `set`, and when it was first
/// written here (the order in which written-back variables are created).
struct Reg<'a> {
    var: &'a Var,
    value: f64,
    set: bool,
    first_write: Option<u32>,
}

/// The registers of a running kernel.
struct Regs<'a> {
    regs: Vec<Reg<'a>>,
    writes: u32,
}

/// A compiled loop and its registers.
pub(super) struct Kernel<'a> {
    root: KStmt<'a>,
    regs: Regs<'a>,
}

impl Interp {
    /// Run the `for` statement `stmt` compiled, when it qualifies and its variables hold
    /// what the compiled form needs; `None` (nothing done) otherwise.
    pub(super) fn try_kernel(&mut self, stmt: &Stmt) -> Option<LangResult<()>> {
        let Kernel { root, mut regs } = compile::compile(self, stmt)?;
        let result = regs.stmt(self, &root);
        regs.write_back(self);
        Some(result.map(|_| ()))
    }
}

impl<'a> Regs<'a> {
    /// Write every register written here back to its variable (creating variables in the
    /// order the loop first wrote them).
    fn write_back(&mut self, interp: &mut Interp) {
        let mut written: Vec<&Reg<'a>> = self
            .regs
            .iter()
            .filter(|r| r.first_write.is_some())
            .collect();
        written.sort_by_key(|r| r.first_write);
        for reg in written {
            interp.vars.assign(reg.var, Value::Scalar(reg.value));
        }
    }

    fn set(&mut self, reg: usize, value: f64) {
        let r = &mut self.regs[reg];
        r.value = value;
        r.set = true;
        if r.first_write.is_none() {
            r.first_write = Some(self.writes);
            self.writes += 1;
        }
    }

    fn block(&mut self, interp: &mut Interp, stmts: &[KStmt<'a>]) -> LangResult<KFlow> {
        for stmt in stmts {
            let flow = self.stmt(interp, stmt)?;
            if flow != KFlow::Normal {
                return Ok(flow);
            }
        }
        Ok(KFlow::Normal)
    }

    fn stmt(&mut self, interp: &mut Interp, stmt: &KStmt<'a>) -> LangResult<KFlow> {
        match stmt {
            KStmt::Set {
                reg,
                op,
                value,
                stmt,
            } => {
                let mut v = self.expr(interp, value).map_err(|e| e.at(stmt.span))?;
                if let Some(op) = op {
                    if !self.regs[*reg].set {
                        // `x += e` before x is set: the general path's error.
                        self.write_back(interp);
                        interp.exec_stmt(stmt).map_err(|e| e.at(stmt.span))?;
                        return Ok(KFlow::Normal);
                    }
                    v = op.scalar(self.regs[*reg].value, v);
                }
                self.set(*reg, v);
            }
            KStmt::Write {
                array,
                index,
                value,
                stmt,
            } => {
                self.write(interp, array, index, value, stmt)
                    .map_err(|e| e.at(stmt.span))?;
            }
            KStmt::For {
                reg,
                range,
                iter,
                body,
                stmt,
            } => {
                return self
                    .for_loop(interp, *reg, range, iter, body)
                    .map_err(|e| e.at(stmt.span));
            }
            KStmt::If {
                branches,
                otherwise,
                stmt,
            } => {
                for (cond, body) in branches {
                    if self.cond(interp, cond).map_err(|e| e.at(stmt.span))? {
                        return self.block(interp, body);
                    }
                }
                return self.block(interp, otherwise);
            }
            KStmt::Break => return Ok(KFlow::Break),
            KStmt::Continue => return Ok(KFlow::Continue),
        }
        Ok(KFlow::Normal)
    }

    /// `for reg = start:step:stop`, the range made by `ops::range` as the general path does.
    fn for_loop(
        &mut self,
        interp: &mut Interp,
        reg: usize,
        range: &Range<'a>,
        iter: &Expr,
        body: &[KStmt<'a>],
    ) -> LangResult<KFlow> {
        let start = self.expr(interp, &range.start)?;
        let step = match &range.step {
            Some(step) => self.expr(interp, step)?,
            None => 1.0,
        };
        let stop = self.expr(interp, &range.stop)?;
        let items = ops::range(start, step, stop).map_err(|e| e.at(iter.span))?;
        let Value::Vector(items) = items else {
            return Ok(KFlow::Normal);
        };
        let NumArray::Real(items) = &*items else {
            return Ok(KFlow::Normal);
        };
        for &item in items {
            self.set(reg, item);
            interp.check_time()?;
            if self.block(interp, body)? == KFlow::Break {
                break;
            }
        }
        Ok(KFlow::Normal)
    }

    fn cond(&mut self, interp: &mut Interp, c: &KCond<'a>) -> LangResult<bool> {
        Ok(match c {
            KCond::Compare(op, a, b) => {
                let (x, y) = (self.expr(interp, a)?, self.expr(interp, b)?);
                ops::holds(*op, x, y)
            }
            KCond::And(a, b) => self.cond(interp, a)? && self.cond(interp, b)?,
            KCond::Or(a, b) => self.cond(interp, a)? || self.cond(interp, b)?,
            KCond::Not(a) => !self.cond(interp, a)?,
        })
    }

    fn expr(&mut self, interp: &mut Interp, e: &KExpr<'a>) -> LangResult<f64> {
        match self.fast(interp, e) {
            Some(x) => Ok(x),
            None => self.slow(interp, e),
        }
    }

    /// The value of `e` when every register it reads is set and every element it reads is
    /// in bounds of a real array; `None` otherwise (nothing has changed then).
    fn fast(&self, interp: &Interp, e: &KExpr<'a>) -> Option<f64> {
        match e {
            KExpr::Const(x) => Some(*x),
            KExpr::Reg(k, _) => {
                let r = &self.regs[*k];
                r.set.then_some(r.value)
            }
            KExpr::Neg(a) => Some(-self.fast(interp, a)?),
            KExpr::Bin(op, a, b) => {
                let x = self.fast(interp, a)?;
                let y = self.fast(interp, b)?;
                Some(op.scalar(x, y))
            }
            KExpr::Elem { array, index, .. } => {
                let cell = match index {
                    Index::One(k) => (self.fast(interp, k)?, None),
                    Index::Two(i, j) => (self.fast(interp, i)?, Some(self.fast(interp, j)?)),
                };
                element(interp, array, cell)
            }
        }
    }

    /// `e` where [`Regs::fast`] gave up: a register not set or an element read the general
    /// evaluator makes (its value, or its error).
    fn slow(&mut self, interp: &mut Interp, e: &KExpr<'a>) -> LangResult<f64> {
        match e {
            KExpr::Const(x) => Ok(*x),
            KExpr::Reg(k, node) => match &self.regs[*k] {
                r if r.set => Ok(r.value),
                _ => self.general(interp, node),
            },
            KExpr::Neg(a) => Ok(-self.expr(interp, a)?),
            KExpr::Bin(op, a, b) => {
                let x = self.expr(interp, a)?;
                let y = self.expr(interp, b)?;
                Ok(op.scalar(x, y))
            }
            KExpr::Elem { array, index, node } => {
                let cell = self.index(interp, index)?;
                match element(interp, array, cell) {
                    Some(x) => Ok(x),
                    None => self.general(interp, node),
                }
            }
        }
    }

    fn index(&mut self, interp: &mut Interp, index: &Index<'a>) -> LangResult<(f64, Option<f64>)> {
        Ok(match index {
            Index::One(k) => (self.expr(interp, k)?, None),
            Index::Two(i, j) => (self.expr(interp, i)?, Some(self.expr(interp, j)?)),
        })
    }

    /// `array(index) = value`: in place when the general path would write one element of
    /// a real array in bounds; otherwise the statement runs the general way.
    fn write(
        &mut self,
        interp: &mut Interp,
        array: &Var,
        index: &Index<'a>,
        value: &KExpr<'a>,
        stmt: &Stmt,
    ) -> LangResult<()> {
        let x = self.expr(interp, value)?;
        let cell = self.index(interp, index)?;
        if let Some(Value::Vector(a) | Value::Matrix(a)) = interp.vars.lookup_mut(array)
            && let Some(target) = cell_at(a.shape(), cell.0, cell.1)
            && let NumArray::Real(m) = Arc::make_mut(a)
        {
            m[target] = x;
            return Ok(());
        }
        self.write_back(interp);
        interp.exec_stmt(stmt).map(|_| ())
    }

    /// What the general evaluator makes of `node`, with the registers written back first.
    fn general(&mut self, interp: &mut Interp, node: &Expr) -> LangResult<f64> {
        self.write_back(interp);
        match interp.eval(node)? {
            Value::Scalar(x) => Ok(x),
            other => Err(LangError::type_error(format!(
                "expected a real scalar in a compiled loop, got {}",
                other.type_name()
            ))
            .at(node.span)),
        }
    }
}

/// Element `cell` of `array` when it is a real Vector or Matrix and the index is in bounds
/// (the scalar fast path's rules); `None` otherwise.
fn element(interp: &Interp, array: &Var, cell: (f64, Option<f64>)) -> Option<f64> {
    let ((Value::Vector(a), None) | (Value::Matrix(a), _)) = (interp.vars.lookup(array)?, cell.1)
    else {
        return None;
    };
    let target = cell_at(a.shape(), cell.0, cell.1)?;
    match &**a {
        NumArray::Real(m) => Some(m[target]),
        NumArray::Complex(_) => None,
    }
}
