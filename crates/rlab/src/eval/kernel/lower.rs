//! The compiled tree as code for the [`super::machine`]: a list of operations on numbered
//! `f64` registers (the loop's scalar variables first, then constants and intermediate
//! values, one register each), with jumps for loops, `if`, `break` and `continue`.
//!
//! A register read is guarded (checked to be set) only where the variable may not be set
//! yet: not after it was loaded, assigned or guarded earlier on every path to the read.
//! Every operation that can fail names a [`Fallback`]: the general evaluator's way to go on
//! (or its error) from there. Expressions are in [`expr`] (where arithmetic on the value of
//! other arithmetic is one fused operation); arithmetic a loop does not change is computed
//! before it ([`hoist`]). A row or column written element by element is a loop of its own
//! ([`slice`]). A loop whose body has no jumps is marked for sweeping.

mod expr;
mod hoist;
mod slice;

use super::code::{Bin, Code, Fallback, LoopSource, Op, arith};
use super::{Index, KCond, KExpr, KStmt, Loaded, Rooted};
use crate::ast::{Expr, Span, Stmt};
use crate::ops::Arith;

/// The `break` and `continue` jumps of an open loop, patched when it closes.
#[derive(Default)]
struct OpenLoop {
    breaks: Vec<usize>,
    continues: Vec<usize>,
}

struct Lowering<'a, 'l> {
    code: Code<'a>,
    /// Per variable: set on every path to here.
    known: Vec<bool>,
    open: Vec<OpenLoop>,
    /// Per variable: it held something other than a real Scalar when the loop started, so
    /// reading it before the loop sets it cannot be compiled.
    foreign: &'l [bool],
    /// Set when such a read was found.
    unfit: bool,
    /// In an inlined body: the register of its local 0. Its locals are always set where
    /// read (`inline` checked), and are not variables.
    frame: Option<u32>,
    /// The nodes computed before the loops they are invariant in ([`hoist`]), by address,
    /// and their registers.
    hoisted: Vec<(usize, u32)>,
    /// The element reads of the expression being lowered ([`expr`]), each with the
    /// register it read into, for a second read of the same element to take.
    reads: Vec<expr::Read>,
}

/// The code of `root` (a `for` loop) over the variables `loaded`; `None` when it would
/// read a variable holding something other than a real Scalar.
pub(super) fn lower<'a>(root: &KStmt<'a>, loaded: &Loaded<'a>) -> Option<Code<'a>> {
    let mut l = Lowering {
        code: Code {
            ops: Vec::new(),
            fallbacks: Vec::new(),
            loops: Vec::new(),
            consts: Vec::new(),
            registers: loaded.scalars.len(),
            written: Vec::new(),
        },
        known: loaded.set.clone(),
        open: Vec::new(),
        foreign: &loaded.foreign,
        unfit: false,
        frame: None,
        hoisted: Vec::new(),
        reads: Vec::new(),
    };
    l.stmt(root);
    l.emit(Op::Done);
    (!l.unfit).then_some(l.code)
}

/// A placeholder for a jump target or resume point patched later.
const LATER: u32 = u32::MAX;

impl<'a> Lowering<'a, '_> {
    fn emit(&mut self, op: Op) -> usize {
        self.code.ops.push(op);
        self.code.ops.len() - 1
    }

    fn here(&self) -> u32 {
        self.code.ops.len() as u32
    }

    fn register(&mut self) -> u32 {
        self.code.registers += 1;
        (self.code.registers - 1) as u32
    }

    fn constant(&mut self, x: f64) -> u32 {
        let same = self
            .code
            .consts
            .iter()
            .find(|c| c.1.to_bits() == x.to_bits());
        if let Some(&(reg, _)) = same {
            return reg;
        }
        let reg = self.register();
        self.code.consts.push((reg, x));
        reg
    }

    /// A new fallback, which starts a new expression or statement: reads before it are
    /// not taken after it ([`expr`]).
    fn fallback(&mut self, fallback: Fallback<'a>) -> u32 {
        self.reads.clear();
        self.code.fallbacks.push(fallback);
        (self.code.fallbacks.len() - 1) as u32
    }

    /// Point the jump at `at` to `to`.
    fn patch(&mut self, at: usize, to: u32) {
        match &mut self.code.ops[at] {
            Op::Jump(target)
            | Op::Branch { to: target, .. }
            | Op::ForStart { exit: target, .. } => *target = to,
            _ => unreachable!("only jumps are patched"),
        }
    }

    fn resume_here(&mut self, fallback: u32) {
        let here = self.here();
        match &mut self.code.fallbacks[fallback as usize] {
            Fallback::Value { resume, .. } | Fallback::Statement { resume, .. } => *resume = here,
        }
    }

    /// The register of variable (or, in an inlined body, local) `k`.
    fn reg(&self, k: usize) -> u32 {
        self.frame.unwrap_or(0) + k as u32
    }

    fn is_known(&self, k: usize) -> bool {
        self.frame.is_some() || self.known[k]
    }

    /// A guard on variable `k`, which the fallback handles when it is not set.
    fn guard(&mut self, k: usize, fallback: u32) {
        let reg = self.reg(k);
        self.unfit |= self.foreign[k];
        self.emit(Op::Guard { reg, fallback });
        self.now_known(k);
    }

    fn now_known(&mut self, k: usize) {
        if self.frame.is_none() {
            self.known[k] = true;
        }
    }

    fn wrote(&mut self, var: usize) {
        if self.frame.is_some() {
            return;
        }
        if !self.code.written.contains(&(var as u32)) {
            self.code.written.push(var as u32);
        }
    }

    fn block(&mut self, stmts: &[KStmt<'a>]) {
        let known = self.known.clone();
        for stmt in stmts {
            self.stmt(stmt);
        }
        self.known = known;
    }

    fn stmt(&mut self, stmt: &KStmt<'a>) {
        self.reads.clear();
        match stmt {
            KStmt::Set {
                reg,
                op,
                value,
                stmt,
            } => self.set(*reg, *op, value, stmt),
            KStmt::Write {
                array,
                index,
                value,
                stmt,
            } => self.write(*array, index, value, stmt),
            KStmt::Slice(slice) => self.slice_write(slice),
            KStmt::For {
                reg,
                range,
                iter,
                body,
                stmt,
            } => {
                let span = stmt.span;
                let start = self.rooted(&range.start, span);
                let step = match &range.step {
                    Some(step) => self.rooted(step, span),
                    None => self.constant(1.0),
                };
                let stop = self.rooted(&range.stop, span);
                self.for_loop(*reg, [start, step, stop], iter, body, stmt);
            }
            KStmt::If {
                branches,
                otherwise,
                stmt,
            } => self.if_chain(branches, otherwise, stmt.span),
            KStmt::Break | KStmt::Continue => {
                let at = self.emit(Op::Jump(LATER));
                let open = self
                    .open
                    .last_mut()
                    .expect("break and continue are in loops");
                match stmt {
                    KStmt::Break => open.breaks.push(at),
                    _ => open.continues.push(at),
                }
            }
        }
    }

    /// `x = e` (straight into x's register) or `x op= e`.
    fn set(&mut self, k: usize, op: Option<Arith>, value: &Rooted<'a>, stmt: &'a Stmt) {
        let x = self.reg(k);
        let Some(op) = op else {
            self.rooted_into(value, x, stmt.span);
            if !self.is_known(k) {
                self.emit(Op::Mark(x));
                self.now_known(k);
            }
            self.wrote(k);
            return;
        };
        let e = self.rooted(value, stmt.span);
        if !self.is_known(k) {
            let fallback = self.fallback(Fallback::Statement {
                stmt,
                resume: LATER,
            });
            self.guard(k, fallback);
            self.resume_here(fallback);
        }
        self.emit(arith(op, Bin { dst: x, a: x, b: e }));
        self.wrote(k);
    }

    /// `array(index) = value`; any part that cannot be done here runs the whole statement
    /// the general way.
    fn write(&mut self, array: usize, index: &Index<'a>, value: &KExpr<'a>, stmt: &'a Stmt) {
        let fallback = self.fallback(Fallback::Statement {
            stmt,
            resume: LATER,
        });
        let known = self.known.clone();
        let value = self.expr(value, None, fallback);
        let cell = self.cell(index, fallback);
        let array = array as u32;
        self.emit(Op::Write {
            array,
            cell,
            value,
            fallback,
        });
        self.resume_here(fallback);
        // The general path may have run the statement instead: guards passed above prove
        // nothing on that path.
        self.known = known;
    }

    fn for_loop(
        &mut self,
        var: usize,
        [start, step, stop]: [u32; 3],
        iter: &'a Expr,
        body: &[KStmt<'a>],
        stmt: &'a Stmt,
    ) {
        self.hoist(var, body);
        let slot = self.code.loops.len() as u32;
        self.code.loops.push(LoopSource {
            iter,
            stmt,
            body: LATER,
            next: LATER,
            sweep: false,
            arithmetic: false,
        });
        let var32 = var as u32;
        let start_at = self.emit(Op::ForStart {
            slot,
            var: var32,
            start,
            step,
            stop,
            exit: LATER,
        });
        let body_at = self.here();
        let known = self.known.clone();
        self.known[var] = true;
        self.open.push(OpenLoop::default());
        self.block(body);
        let next_at = self.here();
        self.emit(Op::ForNext { slot, var: var32 });
        let exit = self.here();
        self.patch(start_at, exit);
        let ops = &self.code.ops[body_at as usize..next_at as usize];
        let (straight, arithmetic) = (
            ops.iter().all(Op::sweepable),
            ops.iter().all(Op::arithmetic),
        );
        let source = &mut self.code.loops[slot as usize];
        (source.body, source.next) = (body_at, next_at);
        (source.sweep, source.arithmetic) = (straight, arithmetic);
        let open = self.open.pop().expect("the loop just opened");
        for at in open.breaks {
            self.patch(at, exit);
        }
        for at in open.continues {
            self.patch(at, next_at);
        }
        self.known = known;
        self.wrote(var);
    }

    fn if_chain(
        &mut self,
        branches: &[(KCond<'a>, Vec<KStmt<'a>>)],
        otherwise: &[KStmt<'a>],
        span: Span,
    ) {
        let outer = self.known.clone();
        let mut to_end = Vec::new();
        for (cond, body) in branches {
            let to_next = self.cond(cond, false, span);
            self.block(body);
            to_end.push(self.emit(Op::Jump(LATER)));
            let next = self.here();
            for at in to_next {
                self.patch(at, next);
            }
        }
        self.block(otherwise);
        let end = self.here();
        for at in to_end {
            self.patch(at, end);
        }
        self.known = outer;
    }

    /// Code that jumps (through the returned jumps, to be patched) when `c` is `when`,
    /// and goes on otherwise.
    fn cond(&mut self, c: &KCond<'a>, when: bool, span: Span) -> Vec<usize> {
        match c {
            KCond::Compare(op, a, b) => {
                let a = self.rooted(a, span);
                let b = self.rooted(b, span);
                let op = *op;
                vec![self.emit(Op::Branch {
                    op,
                    a,
                    b,
                    when,
                    to: LATER,
                })]
            }
            KCond::Not(a) => self.cond(a, !when, span),
            // `a && b` false or `a || b` true: either part decides.
            KCond::And(a, b) | KCond::Or(a, b) if matches!(c, KCond::Or(..)) == when => {
                let mut jumps = self.cond(a, when, span);
                let known = self.known.clone();
                jumps.extend(self.cond(b, when, span));
                self.known = known;
                jumps
            }
            // `a && b` true or `a || b` false: both parts must agree.
            KCond::And(a, b) | KCond::Or(a, b) => {
                let skip = self.cond(a, !when, span);
                let known = self.known.clone();
                let jumps = self.cond(b, when, span);
                self.known = known;
                let here = self.here();
                for at in skip {
                    self.patch(at, here);
                }
                jumps
            }
        }
    }
}
